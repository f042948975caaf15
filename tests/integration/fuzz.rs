//! A bounded mutation fuzzer, on stable Rust and with no dependency, for everything a request
//! goes through before a window opens: decode → parse → `Form::from_schema` or
//! `UrlRequest::parse` → the answer a form gives at its defaults. Then the hostile inputs of
//! the reliability issue as explicit cases.
//!
//! Seeds are every file under `tests/fixtures/` and `examples/`. Each input is a seed mutated
//! by byte flips, truncation, splicing two seeds, JSON fragments (deep nesting, `1e400`, `-0`,
//! lone surrogates, duplicate keys, a BOM, long strings, 100,000 options), or edits of the
//! parsed JSON tree with schema keywords and odd values. Each input runs on a worker thread
//! and must finish within [`INPUT_LIMIT`] without panicking; an accepted form's answer at its
//! defaults must satisfy the request's schema by the `jsonschema` validator.
//!
//! `FORM_ELICITATION_FUZZ_SECONDS` (default 3) bounds the run; `.ci/run` gives it 60.
//! `FORM_ELICITATION_FUZZ_SEED` replays a run: a failure prints its seed and saves the input.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use form_elicitation::model::answer::{self, Answer};
use form_elicitation::model::error::RequestError;
use form_elicitation::model::form::{FieldKind, Form};
use form_elicitation::model::load::{self, Loaded, Shown};
use form_elicitation::model::request::{self, MAX_REQUEST_BYTES};
use form_elicitation::model::summary;
use form_elicitation::model::validate::FieldState;
use serde_json::{Map, Value, json};

/// How long one input may take (a debug build, two cores, other tests running alongside).
const INPUT_LIMIT: Duration = Duration::from_secs(2);
/// How long an input of [`CHECKED_SIZE`] or more may take: these bounds catch work that grows
/// faster than the input (checking 100,000 options for duplicates pairwise took minutes), not
/// speed, which `scripts/bench` measures. A 1 MiB form's linear work takes about 1.5 s in a
/// debug build alone and went past 2 s under the suite's load (1 run in 2 of `.ci/run`).
const LARGE_INPUT_LIMIT: Duration = Duration::from_secs(10);

// ---------------------------------------------------------------------------------------------
// What every input goes through

/// Inputs smaller than this are checked against their own schema by the validator.
const CHECKED_SIZE: usize = 64 * 1024;

/// What became of an input.
#[derive(Debug)]
enum Outcome {
    Refused(RequestError),
    /// An accepted form, its schema as the request wrote it (for inputs small enough to be
    /// checked against it: see [`bounded`]), and its answer at the defaults if it has one.
    Form(Box<Form>, Option<Value>, Option<Map<String, Value>>),
    Url,
}

/// Runs an input through everything before the window and checks what must always hold.
fn exercise(bytes: &[u8]) -> Outcome {
    let Loaded { envelope, request } = load::load(bytes);
    match request {
        Ok(Shown::Url(request)) => {
            let _ = summary::url_summary(&request);
            Outcome::Url
        }
        Ok(Shown::Form(form)) => {
            // Read again only where the validator will use it, outside the program's own time.
            let schema = (bytes.len() < CHECKED_SIZE)
                .then(|| super::support::requested_schema(bytes).expect("a form has a schema"));
            let _ = summary::form_summary(&form);
            let content = default_answer(&form, &envelope);
            Outcome::Form(Box::new(form), schema, content)
        }
        Err(error) => {
            if let Some(line) = answer::error_line(&envelope, &error) {
                let parsed: Value = serde_json::from_str(&line).expect("the error line is JSON");
                assert!(parsed.get("error").is_some(), "{line}");
            }
            Outcome::Refused(error)
        }
    }
}

/// The answer at the defaults, if the form has one: one line of JSON, every required field,
/// no `null`, integers as integers.
fn default_answer(form: &Form, envelope: &request::Envelope) -> Option<Map<String, Value>> {
    let states: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
    let content = match answer::content(form, &states) {
        Ok(content) => content,
        Err(problems) => {
            assert!(!problems.is_empty());
            return None;
        }
    };
    let line = Answer::Accept(content.clone()).to_line(envelope);
    assert!(!line.contains('\n'), "one line");
    let _: Value = serde_json::from_str(&line).expect("the answer line is JSON");
    for field in &form.fields {
        let value = content.get(&field.name);
        assert!(
            !field.required || value.is_some(),
            "required {} missing",
            field.name
        );
        assert!(value != Some(&Value::Null), "null sent for {}", field.name);
        if let (FieldKind::Number(spec), Some(Value::Number(n))) = (&field.kind, value) {
            assert!(
                !spec.integer || n.is_i64() || n.is_u64(),
                "{n} for an integer"
            );
        }
    }
    Some(content)
}

/// The answer at the defaults satisfies the request's own schema, by the `jsonschema`
/// validator. Not timed with the rest: the validator is slower than we are on huge schemas.
fn check_against_the_schema(outcome: &Outcome) {
    let Outcome::Form(_, Some(schema), Some(content)) = outcome else {
        return;
    };
    // The validator may refuse a schema (or panic on one) that we accept in a lenient reading;
    // only a schema it understands can judge the answer.
    let validator = std::panic::catch_unwind(|| {
        jsonschema::options()
            .should_validate_formats(true)
            .build(schema)
    });
    if let Ok(Ok(validator)) = validator {
        let content = Value::Object(content.clone());
        let errors: Vec<String> = validator
            .iter_errors(&content)
            .map(|e| e.to_string())
            .collect();
        assert!(
            errors.is_empty(),
            "the answer {content} at the defaults breaks the schema: {errors:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Running inputs with a time limit

/// How long the validator may take to judge one answer.
const CHECK_LIMIT: Duration = Duration::from_secs(60);

/// A thread that runs inputs one at a time and reports each twice: once through our code,
/// once judged by the validator (a panic becomes its message).
struct Worker {
    inputs: mpsc::Sender<Arc<Vec<u8>>>,
    results: mpsc::Receiver<Result<Kind, String>>,
}

/// What became of an input, for the tally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Refused,
    Form,
    Answered,
    Url,
}

impl Outcome {
    fn kind(&self) -> Kind {
        match self {
            Outcome::Refused(_) => Kind::Refused,
            Outcome::Form(_, _, None) => Kind::Form,
            Outcome::Form(_, _, Some(_)) => Kind::Answered,
            Outcome::Url => Kind::Url,
        }
    }
}

impl Worker {
    fn start() -> Worker {
        let (inputs, input_rx) = mpsc::channel::<Arc<Vec<u8>>>();
        let (result_tx, results) = mpsc::channel();
        std::thread::Builder::new()
            .name("fuzz-worker".into())
            // serde_json stops at depth 128, but give the recursion in our code room anyway.
            .stack_size(16 * 1024 * 1024)
            .spawn(move || {
                let caught = |run: &mut dyn FnMut()| {
                    std::panic::catch_unwind(AssertUnwindSafe(run))
                        .map_err(|panic| panic_text(panic.as_ref()))
                };
                for input in input_rx {
                    let mut outcome = None;
                    let ran = caught(&mut || outcome = Some(exercise(&input)));
                    let ran = ran.map(|()| outcome.as_ref().map_or(Kind::Refused, Outcome::kind));
                    let failed = ran.is_err();
                    if result_tx.send(ran).is_err() || failed {
                        break;
                    }
                    let checked = caught(&mut || {
                        if let Some(outcome) = &outcome {
                            check_against_the_schema(outcome);
                        }
                    })
                    .map(|()| Kind::Refused);
                    if result_tx.send(checked).is_err() {
                        break;
                    }
                }
            })
            .expect("start the worker thread");
        Worker { inputs, results }
    }

    /// Runs one input; `Err` says what went wrong (a panic, or no end within the limit).
    fn run(&self, input: Arc<Vec<u8>>) -> Result<(Kind, Duration), String> {
        let started = Instant::now();
        self.inputs
            .send(input)
            .map_err(|_| "the worker thread is gone".to_owned())?;
        let wait = |limit: Duration, what: &str| match self.results.recv_timeout(limit) {
            Ok(Ok(kind)) => Ok(kind),
            Ok(Err(panic)) => Err(format!("panicked{what}: {panic}")),
            Err(RecvTimeoutError::Timeout) => Err(format!("did not finish{what} within {limit:?}")),
            Err(RecvTimeoutError::Disconnected) => Err("the worker thread died".to_owned()),
        };
        let kind = wait(INPUT_LIMIT, "")?;
        let took = started.elapsed();
        wait(CHECK_LIMIT, " (in the validator's check of the answer)")?;
        Ok((kind, took))
    }
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "<non-string panic>".to_owned())
}

/// Runs `input` through [`exercise`] on its own thread, within [`INPUT_LIMIT`] (a large one
/// within [`LARGE_INPUT_LIMIT`]), checks a
/// small one's answer against its schema, and returns what became of it.
fn bounded(what: &str, input: Vec<u8>) -> Outcome {
    // The validator takes seconds to compile the huge schemas; those cases are about us.
    let check = input.len() < CHECKED_SIZE;
    let limit = if check {
        INPUT_LIMIT
    } else {
        LARGE_INPUT_LIMIT
    };
    let (tx, rx) = mpsc::channel();
    let started = Instant::now();
    std::thread::Builder::new()
        .stack_size(16 * 1024 * 1024)
        .spawn(move || {
            let _ = tx.send(exercise(&input));
        })
        .expect("start a thread");
    match rx.recv_timeout(limit) {
        Ok(outcome) => {
            if check {
                check_against_the_schema(&outcome);
            }
            outcome
        }
        Err(RecvTimeoutError::Timeout) => {
            panic!("{what}: did not finish within {limit:?}")
        }
        Err(RecvTimeoutError::Disconnected) => {
            panic!(
                "{what}: panicked after {:?} (message above)",
                started.elapsed()
            )
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Inputs

/// A small, fast, deterministic PRNG (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Every file under `tests/fixtures` and `examples`.
fn seeds() -> Vec<(PathBuf, Vec<u8>)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
            .map(|entry| entry.expect("directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else {
                let bytes = std::fs::read(&path).expect("read a seed");
                out.push((path, bytes));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seeds = Vec::new();
    walk(&root.join("tests/fixtures"), &mut seeds);
    walk(&root.join("examples"), &mut seeds);
    seeds
}

/// A JSON array of 100,000 distinct short strings (about 700 KB).
fn many_options() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let options: Vec<String> = (0..100_000).map(|i| format!("{i:x}")).collect();
        serde_json::to_string(&options).expect("serialize")
    })
}

/// Byte fragments an attacker or a broken client might send.
fn fragments() -> &'static [Vec<u8>] {
    static FRAGMENTS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FRAGMENTS.get_or_init(|| {
        let mut fragments: Vec<Vec<u8>> = [
            "1e400",
            "-1e400",
            "1e-400",
            "-0",
            "-0.0",
            "18446744073709551616",
            "-9223372036854775809",
            "9007199254740993",
            "0.1e1",
            "\"\\ud800\"",
            "\"\\udc00\\ud800\"",
            "\"\\ud83d\\ude00\"",
            "\"\\u0000\"",
            "\"\\u202e\"",
            "\"type\":\"string\",\"type\":\"integer\"",
            "\"message\":\"a\",\"message\":\"b\"",
            "\"properties\":{},\"properties\":{\"x\":{\"type\":\"string\"}}",
            "\u{feff}",
            "null",
            "true",
            "{}",
            "[]",
            "\"\"",
            "{\"type\":\"string\",\"pattern\":\"[\"}",
            "{\"$ref\":\"#/$defs/a\"}",
            "\"$defs\":{\"a\":{\"$ref\":\"#/$defs/a\"}}",
            "{\"anyOf\":[{\"type\":\"null\"}]}",
            "{\"type\":[\"string\",\"null\"]}",
            "{\"allOf\":[{\"allOf\":[{\"allOf\":[{}]}]}]}",
            "\"format\":\"date-time\"",
            "\"default\":null",
            "\"minLength\":18446744073709551615",
            "\"maxItems\":-1",
            "\"mode\":\"url\",\"url\":\"http://xn--80ak6aa92e.com/\"",
            "\"url\":\"https://user@[::1]:99999/\"",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
        fragments.extend([
            b"\xEF\xBB\xBF".to_vec(),
            b"\xFF\xFE".to_vec(),
            b"\xff".to_vec(),
            b"\xc0\x80".to_vec(),
            b"\xed\xa0\x80".to_vec(),
            b"\0".to_vec(),
            "[".repeat(100_000).into_bytes(),
            "{\"a\":".repeat(50_000).into_bytes(),
            "]}".repeat(1000).into_bytes(),
            format!("\"{}\"", "a".repeat(1024 * 1024)).into_bytes(),
            format!("\"{}\"", "é".repeat(100_000)).into_bytes(),
            format!("\"{}\"", "\\u0041".repeat(100_000)).into_bytes(),
            format!("\"enum\":{}", many_options()).into_bytes(),
        ]);
        fragments
    })
}

/// JSON values for tree edits.
fn odd_values() -> &'static [Value] {
    static VALUES: OnceLock<Vec<Value>> = OnceLock::new();
    VALUES.get_or_init(|| {
        let mut values = vec![
            json!("string"),
            json!("integer"),
            json!("number"),
            json!("boolean"),
            json!("array"),
            json!("object"),
            json!("null"),
            json!(0),
            json!(-0.0),
            json!(1),
            json!(-1),
            json!(1.5),
            json!(3.0),
            json!(1e308),
            json!(-1e308),
            json!(5e-324),
            json!(u64::MAX),
            json!(i64::MIN),
            json!(true),
            json!(false),
            Value::Null,
            json!(""),
            json!("email"),
            json!("uri"),
            json!("date"),
            json!("date-time"),
            json!("#/$defs/a"),
            json!("(a|b)"),
            json!("["),
            json!("^\\p{L}+$"),
            json!([]),
            json!({}),
            json!(["a", "b"]),
            json!(["a", "a"]),
            json!([1, 2.0, 2]),
            json!([{"const": "a", "title": "A"}]),
            json!({"type": "string"}),
            json!({"type": "null"}),
            json!({"type": "string", "enum": ["x"]}),
            json!({"anyOf": [{"const": "a"}, {"const": "b"}]}),
            json!("https://example.com/"),
            json!("javascript:alert(1)"),
            json!("http://xn--80ak6aa92e.com/"),
            json!("2026-02-29"),
            json!("2026-11-30T25:00:00Z"),
            json!("\u{202e}\u{200b}\u{0}"),
            json!("x".repeat(10_000)),
        ];
        values.push(serde_json::from_str(many_options()).expect("options parse"));
        values
    })
}

const KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "enum",
    "enumNames",
    "oneOf",
    "anyOf",
    "allOf",
    "const",
    "default",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "format",
    "pattern",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "title",
    "description",
    "$ref",
    "$defs",
    "definitions",
    "additionalProperties",
    "message",
    "requestedSchema",
    "mode",
    "url",
    "jsonrpc",
    "id",
    "method",
    "params",
    "multipleOf",
    "not",
    "examples",
];

/// A random node of the tree: descends at random, stopping anywhere.
fn random_node<'a>(mut node: &'a mut Value, rng: &mut Rng) -> &'a mut Value {
    loop {
        let children = match &*node {
            Value::Array(items) => items.len(),
            Value::Object(map) => map.len(),
            _ => 0,
        };
        if children == 0 || rng.below(4) == 0 {
            return node;
        }
        let k = rng.below(children);
        node = match node {
            Value::Array(items) => &mut items[k],
            Value::Object(map) => map
                .values_mut()
                .nth(k)
                .expect("k is below the number of children"),
            other => return other,
        };
    }
}

/// One edit of a parsed seed: a keyword set to an odd value, a node replaced or removed.
fn mutate_tree(value: &mut Value, rng: &mut Rng, donor: &Value) {
    let node = random_node(value, rng);
    match rng.below(6) {
        0 | 1 => {
            if let Value::Object(map) = node {
                let key = (*rng.pick(KEYWORDS)).to_owned();
                map.insert(key, rng.pick(odd_values()).clone());
            } else {
                *node = rng.pick(odd_values()).clone();
            }
        }
        2 => *node = rng.pick(odd_values()).clone(),
        3 => {
            // A piece of another seed: real schema fragments in the wrong place.
            let mut donor = donor.clone();
            *node = random_node(&mut donor, rng).take();
        }
        4 => match node {
            Value::Object(map) if !map.is_empty() => {
                let k = rng.below(map.len());
                if let Some(key) = map.keys().nth(k).cloned() {
                    map.shift_remove(&key);
                }
            }
            Value::Array(items) if !items.is_empty() => {
                let k = rng.below(items.len());
                items.remove(k);
            }
            other => *other = Value::Null,
        },
        _ => {
            let inner = node.take();
            *node = if rng.below(2) == 0 {
                json!([inner])
            } else {
                json!({"type": "object", "properties": {"x": inner}})
            };
        }
    }
}

/// One byte-level edit.
fn mutate_bytes(bytes: &mut Vec<u8>, rng: &mut Rng, other: &[u8]) {
    let len = bytes.len();
    let at = |rng: &mut Rng| rng.below(len + 1);
    match rng.below(8) {
        0 if len > 0 => {
            let i = rng.below(len);
            bytes[i] ^= 1 << rng.below(8);
        }
        1 if len > 0 => {
            let i = rng.below(len);
            bytes[i] = *rng.pick(b"\0\xff\"{}[],:\\-0123456789eE.\n \x7f\xc3\xa9");
        }
        2 => bytes.truncate(at(rng)),
        3 => {
            // Splice: the start of this input and the end of another.
            let keep = at(rng);
            let from = rng.below(other.len() + 1);
            bytes.truncate(keep);
            bytes.extend_from_slice(&other[from..]);
        }
        4 | 5 => {
            let i = at(rng);
            let fragment = rng.pick(fragments());
            bytes.splice(i..i, fragment.iter().copied());
        }
        6 if len > 0 => {
            let start = rng.below(len);
            let end = (start + 1 + rng.below(64)).min(len);
            bytes.drain(start..end);
        }
        _ if len > 0 => {
            let start = rng.below(len);
            let end = (start + 1 + rng.below(256)).min(len);
            let copy = bytes[start..end].to_vec();
            let i = at(rng);
            bytes.splice(i..i, copy);
        }
        _ => {
            let fragment = rng.pick(fragments());
            bytes.extend_from_slice(fragment);
        }
    }
}

/// A new input from the seeds.
fn next_input(rng: &mut Rng, seeds: &[(PathBuf, Vec<u8>)], parsed: &[Option<Value>]) -> Vec<u8> {
    let i = rng.below(seeds.len());
    let j = rng.below(seeds.len());
    let mut bytes = match (&parsed[i], rng.below(2)) {
        (Some(value), 0) => {
            let mut value = value.clone();
            let donor = parsed[j].as_ref().unwrap_or(&Value::Null);
            for _ in 0..=rng.below(4) {
                mutate_tree(&mut value, rng, donor);
            }
            serde_json::to_vec(&value).expect("serialize")
        }
        _ => seeds[i].1.clone(),
    };
    if bytes.is_empty() || rng.below(3) != 0 {
        for _ in 0..=rng.below(4) {
            mutate_bytes(&mut bytes, rng, &seeds[j].1);
        }
    }
    bytes
}

fn fuzz_seconds() -> f64 {
    std::env::var("FORM_ELICITATION_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0)
}

/// Saves a failing input where a person can find it, and says how to replay it.
fn report(seed: u64, n: u64, input: &[u8], problem: &str) -> ! {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("seed-{seed}-input-{n}.bin"));
    let saved = std::fs::write(&path, input).is_ok();
    let shown = String::from_utf8_lossy(&input[..input.len().min(400)]);
    panic!(
        "fuzz input #{n} {problem}.\nreplay: FORM_ELICITATION_FUZZ_SEED={seed} cargo test --test fuzz\n\
         input ({} bytes{}): {shown:?}",
        input.len(),
        if saved {
            format!(", saved to {}", path.display())
        } else {
            String::new()
        }
    );
}

#[test]
fn mutated_requests_never_panic_hang_or_answer_wrongly() {
    let seed = std::env::var("FORM_ELICITATION_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    let budget = Duration::from_secs_f64(fuzz_seconds());
    let seeds = seeds();
    assert!(seeds.len() > 100, "only {} seeds", seeds.len());
    let parsed: Vec<Option<Value>> = seeds
        .iter()
        .map(|(_, bytes)| serde_json::from_slice(bytes).ok())
        .collect();
    let worker = Worker::start();
    let mut rng = Rng(seed);
    let started = Instant::now();
    let (mut n, mut slowest) = (0u64, Duration::ZERO);
    let mut tally: Vec<(Kind, u64)> = Vec::new();
    // Every seed as it is first, then mutants until the time is up.
    let mut pending: Vec<Vec<u8>> = seeds.iter().map(|(_, b)| b.clone()).rev().collect();
    while started.elapsed() < budget || !pending.is_empty() {
        let input = Arc::new(
            pending
                .pop()
                .unwrap_or_else(|| next_input(&mut rng, &seeds, &parsed)),
        );
        match worker.run(Arc::clone(&input)) {
            Ok((kind, took)) => {
                slowest = slowest.max(took);
                match tally.iter_mut().find(|(k, _)| *k == kind) {
                    Some((_, count)) => *count += 1,
                    None => tally.push((kind, 1)),
                }
            }
            Err(problem) => report(seed, n, &input, &problem),
        }
        n += 1;
    }
    // Straight to stderr: how much was covered, visible with --nocapture.
    eprintln!(
        "fuzz: seed {seed}: {n} inputs in {:?}, slowest {slowest:?}; {tally:?}",
        started.elapsed()
    );
}

// ---------------------------------------------------------------------------------------------
// The hostile inputs, one by one

fn form_request(schema: &Value) -> Vec<u8> {
    serde_json::to_vec(&json!({"message": "m", "requestedSchema": schema})).expect("serialize")
}

fn refused(what: &str, input: Vec<u8>) -> String {
    match bounded(what, input) {
        Outcome::Refused(error) => error.to_string(),
        other => panic!("{what}: expected a refusal, got {other:?}"),
    }
}

fn form(what: &str, input: Vec<u8>) -> Form {
    match bounded(what, input) {
        Outcome::Form(form, ..) => *form,
        other => panic!("{what}: expected a form, got {other:?}"),
    }
}

#[test]
fn nesting_100000_deep_is_refused_at_once() {
    let prefix = r#"{"message":"m","requestedSchema":"#;
    for (what, body) in [
        ("arrays", "[".repeat(100_000)),
        (
            "arrays, closed",
            format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)),
        ),
        ("objects", "{\"a\":".repeat(100_000)),
        (
            "in the schema",
            format!("{prefix}{}", "{\"a\":".repeat(100_000)),
        ),
        (
            "in properties",
            format!(
                "{prefix}{{\"properties\":{}",
                "{\"x\":{\"type\":\"object\",\"properties\":".repeat(20_000)
            ),
        ),
    ] {
        let error = refused(what, body.into_bytes());
        assert!(error.contains("not JSON"), "{what}: {error}");
        assert!(error.contains("recursion limit"), "{what}: {error}");
    }
}

#[test]
fn a_one_mib_request_is_read_and_one_byte_more_is_refused() {
    let frame = form_request(&json!({"properties": {}})).len() - 1;
    let message = "é".repeat((MAX_REQUEST_BYTES - frame) / 2);
    let mut input =
        serde_json::to_vec(&json!({"message": message, "requestedSchema": {"properties": {}}}))
            .expect("serialize");
    input.resize(MAX_REQUEST_BYTES, b' ');
    let shown = form("a 1 MiB message", input.clone());
    assert_eq!(shown.message.chars().count(), message.chars().count());
    input.push(b' ');
    assert!(refused("1 MiB + 1 byte", input).contains("larger than 1 MiB"));

    // A 1 MiB default that breaks the field's maximum length.
    let long = "a".repeat(MAX_REQUEST_BYTES - 200);
    let error = refused(
        "a long default",
        form_request(
            &json!({"properties": {"s": {"type": "string", "maxLength": 10, "default": long}}}),
        ),
    );
    assert!(error.contains("default"), "{}", &error[..200]);
    // A long text that fits is sent whole.
    let fits = form(
        "a long default that fits",
        form_request(&json!({"properties": {"s": {"type": "string", "default": long}}})),
    );
    let states: Vec<FieldState> = fits.fields.iter().map(FieldState::initial).collect();
    let content = answer::content(&fits, &states).expect("valid");
    assert_eq!(content["s"].as_str().map(str::len), Some(long.len()));
}

/// Regression: checking options for duplicates compared each with all before it, so 100,000
/// options took minutes in a debug build.
#[test]
fn a_hundred_thousand_options_are_quick() {
    let options: Value = serde_json::from_str(many_options()).expect("options");
    let values: Vec<Value> = options.as_array().expect("an array").clone();
    // Titled options take more room: as many as fit in the 1 MiB a request may have.
    let titled: Vec<Value> = values
        .iter()
        .take(25_000)
        .map(|v| json!({"const": v, "title": v}))
        .collect();
    let chosen: Vec<Value> = values.iter().step_by(4).cloned().collect();
    for (what, field) in [
        (
            "enum",
            json!({"type": "string", "enum": values, "default": "1869f"}),
        ),
        (
            "oneOf with 25,000 titles",
            json!({"type": "string", "oneOf": titled}),
        ),
        (
            "multi-select with 25,000 defaults",
            json!({"type": "array", "items": {"type": "string", "enum": values}, "default": chosen}),
        ),
    ] {
        let form = form(what, form_request(&json!({"properties": {"f": field}})));
        let states: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
        answer::content(&form, &states).expect("valid at the defaults");
    }
    let mut twice = values.clone();
    twice.push(json!("0"));
    let error = refused(
        "a duplicate at the end",
        form_request(&json!({"properties": {"f": {"type": "string", "enum": twice}}})),
    );
    assert!(error.contains("twice"), "{error}");
}

#[test]
fn numbers_beyond_f64_are_refused_and_minus_zero_is_zero() {
    // serde_json refuses numbers it cannot hold in an f64: the request is not JSON we can read.
    for text in ["1e400", "-1e400"] {
        let input = format!(
            r#"{{"message":"m","requestedSchema":{{"properties":{{"n":{{"type":"number","maximum":{text}}}}}}}}}"#
        );
        let error = refused(text, input.into_bytes());
        assert!(error.contains("number out of range"), "{text}: {error}");
    }
    // -0 is a whole number: an integer field sends it as 0.
    let integer = form(
        "integer -0",
        br#"{"message":"m","requestedSchema":{"properties":{"n":{"type":"integer","minimum":-0,"default":-0}}}}"#.to_vec(),
    );
    let states: Vec<FieldState> = integer.fields.iter().map(FieldState::initial).collect();
    let content = answer::content(&integer, &states).expect("valid");
    assert_eq!(Value::Object(content).to_string(), r#"{"n":0}"#);
    // A number field keeps it as a JSON number.
    let number = form(
        "number -0",
        br#"{"message":"m","requestedSchema":{"properties":{"n":{"type":"number","maximum":0,"default":-0}}}}"#.to_vec(),
    );
    let states: Vec<FieldState> = number.fields.iter().map(FieldState::initial).collect();
    let content = answer::content(&number, &states).expect("valid");
    assert_eq!(content["n"].as_f64(), Some(0.0));
    // Underflow is zero, not an error.
    form(
        "1e-400",
        br#"{"message":"m","requestedSchema":{"properties":{"n":{"type":"number","minimum":1e-400}}}}"#.to_vec(),
    );
}

#[test]
fn lone_surrogates_are_refused_and_pairs_read() {
    for (what, text) in [
        (
            "in the message",
            r#"{"message":"\ud800","requestedSchema":{}}"#,
        ),
        (
            "a trailing one",
            r#"{"message":"a\udc00","requestedSchema":{}}"#,
        ),
        (
            "reversed pair",
            r#"{"message":"\udc00\ud800","requestedSchema":{}}"#,
        ),
        (
            "in a key",
            r#"{"message":"m","requestedSchema":{"properties":{"\ud800":{"type":"string"}}}}"#,
        ),
        (
            "in an option",
            r#"{"message":"m","requestedSchema":{"properties":{"c":{"type":"string","enum":["\udfff"]}}}}"#,
        ),
    ] {
        let error = refused(what, text.as_bytes().to_vec());
        // serde_json: "lone leading surrogate in hex escape", or "unexpected end of hex
        // escape" when nothing follows the first half.
        assert!(error.contains("not JSON"), "{what}: {error}");
        assert!(error.contains("escape"), "{what}: {error}");
    }
    let pair = form(
        "a pair",
        br#"{"message":"\ud83d\ude00","requestedSchema":{}}"#.to_vec(),
    );
    assert_eq!(pair.message, "😀");
}

/// serde_json keeps the last of duplicate keys (as JavaScript's `JSON.parse` does), at the
/// place of the first.
#[test]
fn duplicate_keys_keep_the_last() {
    let form = form(
        "duplicates",
        br#"{"message":"first","message":"last","requestedSchema":{"properties":{
            "a":{"type":"string"},"b":{"type":"boolean"},"a":{"type":"integer","minimum":1}},
            "required":["a","a"]}}"#
            .to_vec(),
    );
    assert_eq!(form.message, "last");
    let names: Vec<&str> = form.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    assert!(matches!(&form.fields[0].kind, FieldKind::Number(spec) if spec.integer));
    assert!(form.fields[0].required);
}

#[test]
fn a_leading_bom_is_skipped_and_any_other_is_refused() {
    let request = br#"{"message":"m","requestedSchema":{}}"#;
    let with = |prefix: &[u8], suffix: &[u8]| [prefix, request.as_slice(), suffix].concat();
    form("a BOM", with(b"\xEF\xBB\xBF", b""));
    form("a BOM and white space", with(b"\xEF\xBB\xBF \n", b"\n"));
    assert!(refused("two BOMs", with(b"\xEF\xBB\xBF\xEF\xBB\xBF", b"")).contains("not JSON"));
    assert!(refused("a BOM at the end", with(b"", b"\xEF\xBB\xBF")).contains("not JSON"));
    assert!(refused("a UTF-16 BOM", with(b"\xFF\xFE", b"")).contains("not UTF-8"));
}

//! The validated form: what the window shows, built from `requestedSchema` or refused.
//!
//! This is the one place that reads the schema's JSON. A field either maps to a [`FieldKind`]
//! whose every constraint the program enforces, or the whole request is refused with an error
//! naming the property and the keyword. Nothing is silently dropped.

use serde_json::{Map, Number, Value};

use crate::error::RequestError;
use crate::normalize;
use crate::request::kind_of;
use crate::validate;

/// A form ready to show: the message and its fields in request order.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// The text the server shows above the fields.
    pub message: String,
    /// The schema's own `title`, if any.
    pub title: Option<String>,
    /// The schema's own `description`, if any.
    pub description: Option<String>,
    /// The fields, in the order the request lists them.
    pub fields: Vec<Field>,
}

/// One property of the schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The property name: the key in the answer's `content`.
    pub name: String,
    /// What the person reads: the `title`, else the name.
    pub label: String,
    /// Help text shown with the field.
    pub description: Option<String>,
    /// Whether `required` lists the field.
    pub required: bool,
    /// What kind of control, with its constraints.
    pub kind: FieldKind,
}

/// The kinds of field the contract allows.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldKind {
    /// Free text, maybe with a format.
    Text(TextSpec),
    /// A number or an integer.
    Number(NumberSpec),
    /// A checkbox.
    Boolean {
        /// The pre-set value.
        default: Option<bool>,
        /// The only value allowed (`enum: [true]`), e.g. "I accept the terms" must be ticked.
        must_be: Option<bool>,
    },
    /// One of several options.
    Choice(ChoiceSpec),
    /// Any number of several options.
    MultiChoice(MultiChoiceSpec),
    /// One allowed value (`const`): shown, not editable, always sent.
    Fixed(FixedSpec),
}

/// A field whose one value is given by the request.
#[derive(Debug, Clone, PartialEq)]
pub struct FixedSpec {
    /// The value sent: a string, a number or a boolean.
    pub value: Value,
    /// How it is shown to the person.
    pub shown: String,
}

impl FieldKind {
    /// Whether the window offers a calendar for this field (`date` and `date-time`).
    pub fn has_date_picker(&self) -> bool {
        matches!(
            self,
            Self::Text(TextSpec {
                format: Some(Format::Date | Format::DateTime),
                ..
            })
        )
    }
}

/// Constraints of a text field.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextSpec {
    /// The fewest code points allowed.
    pub min_length: Option<u64>,
    /// The most code points allowed.
    pub max_length: Option<u64>,
    /// A format the text must have.
    pub format: Option<Format>,
    /// An ECMA-262 regular expression the text must match somewhere.
    pub pattern: Option<Pattern>,
    /// The pre-filled text.
    pub default: Option<String>,
}

/// A compiled `pattern`, compared by its source.
#[derive(Debug, Clone)]
pub struct Pattern {
    /// The pattern as the schema wrote it.
    pub source: String,
    /// The compiled ECMAScript regular expression.
    pub regex: regress::Regex,
    /// Searches that ran past [`PATTERN_TIME_LIMIT`] and are still going, in the background.
    stuck: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

/// How long one `pattern` search may take. A backtracking engine needs exponential time for
/// patterns like `^(a+)+$` on some texts, and a request must not freeze the window (or
/// `--check`) with one: past this the text counts as unchecked, so it is never accepted.
pub const PATTERN_TIME_LIMIT: std::time::Duration = std::time::Duration::from_millis(500);

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Pattern {
    /// Compiles an ECMA-262 pattern, with the `u` flag where the pattern allows it.
    pub fn new(source: &str) -> Result<Self, String> {
        let regex = regress::Regex::with_flags(source, "u")
            .or_else(|_| regress::Regex::new(source))
            .map_err(|e| e.to_string())?;
        Ok(Self {
            source: source.to_owned(),
            regex,
            stuck: std::sync::Arc::default(),
        })
    }

    /// Whether the text matches: JSON Schema patterns are not anchored. `None` when the search
    /// did not end within [`PATTERN_TIME_LIMIT`].
    pub fn matches(&self, text: &str) -> Option<bool> {
        use std::sync::atomic::Ordering;
        // A search that ran out of time goes on in its thread (it cannot be stopped); while it
        // does, refuse at once rather than start another, so at most one core is lost.
        if self.stuck.load(Ordering::SeqCst) > 0 {
            return None;
        }
        // The search's state: running, finished, or given up on.
        const RUNNING: u8 = 0;
        const FINISHED: u8 = 1;
        const ABANDONED: u8 = 2;
        let state = std::sync::Arc::new(std::sync::atomic::AtomicU8::new(RUNNING));
        let (sender, receiver) = std::sync::mpsc::channel();
        let (regex, owned) = (self.regex.clone(), text.to_owned());
        let (stuck, shared) = (self.stuck.clone(), state.clone());
        let spawned = std::thread::Builder::new()
            .name("pattern".into())
            .spawn(move || {
                let _ = sender.send(regex.find(&owned).is_some());
                if shared.swap(FINISHED, Ordering::SeqCst) == ABANDONED {
                    stuck.fetch_sub(1, Ordering::SeqCst);
                }
            });
        if spawned.is_err() {
            return Some(self.regex.find(text).is_some());
        }
        match receiver.recv_timeout(PATTERN_TIME_LIMIT) {
            Ok(found) => Some(found),
            Err(_) => {
                self.stuck.fetch_add(1, Ordering::SeqCst);
                if state.swap(ABANDONED, Ordering::SeqCst) == FINISHED {
                    // It ended just now after all.
                    self.stuck.fetch_sub(1, Ordering::SeqCst);
                    return receiver.try_recv().ok();
                }
                None
            }
        }
    }
}

/// The string formats the contract allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// An email address.
    Email,
    /// An absolute URI.
    Uri,
    /// A calendar date, `YYYY-MM-DD`.
    Date,
    /// An RFC 3339 date and time with an offset.
    DateTime,
    /// An RFC 4122 UUID in its text form.
    Uuid,
    /// An RFC 3339 `full-time`, with its offset.
    Time,
    /// An ISO 8601 duration as RFC 3339 Appendix A writes it.
    Duration,
    /// An IPv4 address, dotted quad.
    Ipv4,
    /// An IPv6 address (RFC 4291).
    Ipv6,
    /// An RFC 1123 host name.
    Hostname,
}

impl Format {
    /// Every format, in the order the help lists them.
    pub const ALL: [Format; 10] = [
        Self::Email,
        Self::Uri,
        Self::Date,
        Self::DateTime,
        Self::Uuid,
        Self::Time,
        Self::Duration,
        Self::Ipv4,
        Self::Ipv6,
        Self::Hostname,
    ];

    /// The name used in JSON Schema.
    pub fn name(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Uri => "uri",
            Self::Date => "date",
            Self::DateTime => "date-time",
            Self::Uuid => "uuid",
            Self::Time => "time",
            Self::Duration => "duration",
            Self::Ipv4 => "ipv4",
            Self::Ipv6 => "ipv6",
            Self::Hostname => "hostname",
        }
    }

    /// The format named `name` in JSON Schema, if we check it.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A JSON number compared exactly: a whole number as an integer (so 2^53 + 1 stays itself and
/// is never rounded to its float neighbour), anything else as the float it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Exact {
    /// A whole number.
    Int(i128),
    /// A number with a fraction, or too large for an `i128`.
    Float(f64),
}

/// 2^53: from here on not every whole number has a float of its own.
const EXACT_FLOAT_LIMIT: f64 = 9_007_199_254_740_992.0;

impl Exact {
    /// The exact value of `n`: what is compared when `n` is sent in an answer.
    pub fn of(n: &Number) -> Option<Self> {
        if let Some(i) = n.as_i64() {
            return Some(Self::Int(i.into()));
        }
        if let Some(u) = n.as_u64() {
            return Some(Self::Int(u.into()));
        }
        let f = n.as_f64().filter(|f| f.is_finite())?;
        // Every whole float below 2^127 has an exact i128.
        if f.fract() == 0.0 && f.abs() < 1.0e38 {
            Some(Self::Int(f as i128))
        } else {
            Some(Self::Float(f))
        }
    }

    /// The exact value of a bound `n` as the request wrote it, or `None` for a float of 2^53
    /// or more, which may not be the number written: serde_json reads `9007199254740993.0`
    /// and `18446744073709551616` as rounded floats.
    pub fn of_bound(n: &Number) -> Option<Self> {
        if !(n.is_i64() || n.is_u64()) && n.as_f64().is_some_and(|f| f.abs() >= EXACT_FLOAT_LIMIT) {
            return None;
        }
        Self::of(n)
    }

    /// Whether this is a whole number.
    pub fn is_whole(self) -> bool {
        matches!(self, Self::Int(_))
    }

    /// The smallest whole number at or above this one.
    pub fn ceil(self) -> i128 {
        match self {
            Self::Int(i) => i,
            Self::Float(f) => f.ceil() as i128,
        }
    }

    /// The largest whole number at or below this one.
    pub fn floor(self) -> i128 {
        match self {
            Self::Int(i) => i,
            Self::Float(f) => f.floor() as i128,
        }
    }

    /// The nearest float, for tests and estimates; never for comparisons.
    pub fn approx(self) -> f64 {
        match self {
            Self::Int(i) => i as f64,
            Self::Float(f) => f,
        }
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        use std::cmp::Ordering;
        // Exact: the float's floor is a whole float, exactly an i128 when below 2^127.
        let int_float = |i: i128, f: f64| {
            let floor = f.floor();
            if floor >= 1.0e38 {
                Ordering::Less
            } else if floor <= -1.0e38 {
                Ordering::Greater
            } else {
                match i.cmp(&(floor as i128)) {
                    Ordering::Equal if f > floor => Ordering::Less,
                    other => other,
                }
            }
        };
        match (*self, *other) {
            (Self::Int(a), Self::Int(b)) => Some(a.cmp(&b)),
            (Self::Float(a), Self::Float(b)) => a.partial_cmp(&b),
            (Self::Int(a), Self::Float(b)) => Some(int_float(a, b)),
            (Self::Float(a), Self::Int(b)) => Some(int_float(b, a).reverse()),
        }
    }
}

impl std::fmt::Display for Exact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Int(i) => write!(f, "{i}"),
            Self::Float(x) => write!(f, "{x}"),
        }
    }
}

/// Constraints of a number field.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NumberSpec {
    /// Whole numbers only.
    pub integer: bool,
    /// The smallest value allowed.
    pub minimum: Option<Exact>,
    /// The largest value allowed.
    pub maximum: Option<Exact>,
    /// Values must be greater than this.
    pub exclusive_minimum: Option<Exact>,
    /// Values must be less than this.
    pub exclusive_maximum: Option<Exact>,
    /// Values must be whole multiples of this (at least 1).
    pub multiple_of: Option<u64>,
    /// The pre-filled value.
    pub default: Option<Number>,
}

/// One option of a choice: what is sent and what is shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The value sent in the answer: a string, or a number for a numeric enum.
    pub value: Value,
    /// The text the person reads.
    pub label: String,
}

/// A single choice.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChoiceSpec {
    /// The options, in request order.
    pub options: Vec<Choice>,
    /// Index of the pre-selected option.
    pub default: Option<usize>,
}

/// A multi-select.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MultiChoiceSpec {
    /// The options, in request order.
    pub options: Vec<Choice>,
    /// The fewest options to choose.
    pub min_items: Option<u64>,
    /// The most options to choose.
    pub max_items: Option<u64>,
    /// Indices of the pre-chosen options, if the schema has a default.
    pub default: Option<Vec<usize>>,
}

const COMMON: &[&str] = &["type", "title", "description", "default"];
const ROOT_KEYS: &[&str] = &[
    "$schema",
    "type",
    "properties",
    "required",
    "title",
    "description",
    "$defs",
    "definitions",
    "additionalProperties",
];

/// The message as the person reads it: a run of blank lines becomes one blank line, so that
/// a message cannot push who asks, or its own start, out of sight with empty lines. Blank
/// means nothing but white space.
pub fn collapse_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_run = 0;
    for (i, line) in text.split('\n').enumerate() {
        if line.trim().is_empty() {
            blank_run += 1;
            if blank_run > 1 {
                continue;
            }
        } else {
            blank_run = 0;
        }
        if i > 0 {
            out.push('\n');
        }
        out.push_str(if line.trim().is_empty() { "" } else { line });
    }
    out
}

impl Form {
    /// Builds a form from the request's message and `requestedSchema`, or says why not.
    pub fn from_schema(message: String, schema: &Value) -> Result<Self, RequestError> {
        let path = "requestedSchema";
        let root = schema.as_object().ok_or_else(|| {
            RequestError::invalid(path, format!("must be an object, got {}", kind_of(schema)))
        })?;
        match root.get("type") {
            Some(Value::String(t)) if t == "object" => {}
            None => {}
            Some(other) => {
                return Err(RequestError::invalid(
                    format!("{path}.type"),
                    format!("must be \"object\", got {other}"),
                ));
            }
        }
        check_keys(root, ROOT_KEYS, path, "the schema root")?;
        // We only ever send declared properties, so either value of additionalProperties holds.
        if let Some(extra) = root.get("additionalProperties")
            && !extra.is_boolean()
        {
            return Err(RequestError::invalid(
                format!("{path}.additionalProperties"),
                "only true or false is supported",
            ));
        }
        let title = optional_string(root, "title", path)?;
        let description = optional_string(root, "description", path)?;
        let properties = match root.get("properties") {
            None => &Map::new(),
            Some(Value::Object(p)) => p,
            Some(other) => {
                return Err(RequestError::invalid(
                    format!("{path}.properties"),
                    format!("must be an object, got {}", kind_of(other)),
                ));
            }
        };
        let required = required_names(root, properties, path)?;
        let fields = properties
            .iter()
            .map(|(name, schema)| {
                let field_path = format!("{path}.properties.{name}");
                let schema = normalize::field_schema(schema, root, &field_path)?;
                field(
                    name,
                    &schema,
                    required.contains(&name.as_str()),
                    &field_path,
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            message: collapse_blank_lines(&message),
            title,
            description,
            fields,
        })
    }
}

fn required_names<'a>(
    root: &'a Map<String, Value>,
    properties: &Map<String, Value>,
    path: &str,
) -> Result<Vec<&'a str>, RequestError> {
    let path = format!("{path}.required");
    let Some(required) = root.get("required") else {
        return Ok(Vec::new());
    };
    let Value::Array(names) = required else {
        return Err(RequestError::invalid(
            path,
            format!(
                "must be an array of property names, got {}",
                kind_of(required)
            ),
        ));
    };
    names
        .iter()
        .map(|name| match name {
            Value::String(name) if properties.contains_key(name) => Ok(name.as_str()),
            Value::String(name) => Err(RequestError::invalid(
                path.as_str(),
                format!("names \"{name}\", which is not a property"),
            )),
            other => Err(RequestError::invalid(
                path.as_str(),
                format!("must hold property names (strings), got {other}"),
            )),
        })
        .collect()
}

fn field(name: &str, schema: &Value, required: bool, path: &str) -> Result<Field, RequestError> {
    let object = schema.as_object().ok_or_else(|| {
        RequestError::invalid(
            path,
            format!("must be a schema object, got {}", kind_of(schema)),
        )
    })?;
    let kind = match object.get("type") {
        Some(Value::String(t)) => match t.as_str() {
            "string" | "number" | "integer" | "boolean" if object.contains_key("const") => {
                fixed(object, t, path)?
            }
            "string" | "number" | "integer"
                if object
                    .get("enum")
                    .and_then(Value::as_array)
                    .is_some_and(|values| values.len() == 1) =>
            {
                fixed(object, t, path)?
            }
            "string" | "number" | "integer" if object.contains_key("enum") => {
                enum_choice(object, t, path)?
            }
            "string" | "number" | "integer" if object.contains_key("oneOf") => {
                titled_choice(object, t, path)?
            }
            "string" => text(object, path)?,
            "number" | "integer" => number(object, t == "integer", path)?,
            "boolean" => boolean(object, path)?,
            "array" => multi_choice(object, path)?,
            "object" => {
                return Err(RequestError::invalid(
                    path,
                    "nested objects are not supported (the schema must be flat)",
                ));
            }
            other => {
                return Err(RequestError::invalid(
                    format!("{path}.type"),
                    format!(
                        "unsupported type \"{other}\" (supported: string, number, integer, boolean, array)"
                    ),
                ));
            }
        },
        Some(Value::Array(_)) => {
            return Err(RequestError::invalid(
                format!("{path}.type"),
                "type unions are not supported (give one type)",
            ));
        }
        Some(other) => {
            return Err(RequestError::invalid(
                format!("{path}.type"),
                format!("must be a string, got {}", kind_of(other)),
            ));
        }
        None => {
            let construct = ["anyOf", "oneOf", "allOf", "$ref", "enum", "const", "not"]
                .into_iter()
                .find(|k| object.contains_key(*k));
            let message = match construct {
                Some(k) => format!("unsupported keyword \"{k}\" without a \"type\""),
                None => "\"type\" is missing".to_owned(),
            };
            return Err(RequestError::invalid(path, message));
        }
    };
    Ok(Field {
        name: name.to_owned(),
        label: optional_string(object, "title", path)?.unwrap_or_else(|| name.to_owned()),
        description: optional_string(object, "description", path)?,
        required,
        kind,
    })
}

fn text(object: &Map<String, Value>, path: &str) -> Result<FieldKind, RequestError> {
    check_keys(
        object,
        &[COMMON, &["minLength", "maxLength", "format", "pattern"]].concat(),
        path,
        "string",
    )?;
    let format = match object.get("format") {
        None => None,
        Some(Value::String(f)) => Some(Format::named(f).ok_or_else(|| {
            let supported: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            RequestError::invalid(
                format!("{path}.format"),
                format!(
                    "unsupported format \"{f}\" (supported: {})",
                    supported.join(", ")
                ),
            )
        })?),
        Some(other) => {
            return Err(RequestError::invalid(
                format!("{path}.format"),
                format!("must be a string, got {}", kind_of(other)),
            ));
        }
    };
    let min_length = count(object, "minLength", path)?;
    let max_length = count(object, "maxLength", path)?;
    ordered(min_length, max_length, "minLength", "maxLength", path)?;
    let pattern = match object.get("pattern") {
        None => None,
        Some(Value::String(source)) => Some(Pattern::new(source).map_err(|e| {
            RequestError::invalid(
                format!("{path}.pattern"),
                format!("is not an ECMA-262 regular expression: {e}"),
            )
        })?),
        Some(other) => {
            return Err(RequestError::invalid(
                format!("{path}.pattern"),
                format!("must be a string, got {}", kind_of(other)),
            ));
        }
    };
    let mut spec = TextSpec {
        min_length,
        max_length,
        format,
        pattern,
        default: None,
    };
    if let Some(default) = object.get("default") {
        let Value::String(text) = default else {
            return Err(wrong_default(path, "a string", default));
        };
        if let Err(problem) = validate::text_problem(&spec, text) {
            return Err(RequestError::invalid(
                format!("{path}.default"),
                format!("{default} does not fit the field: {problem}"),
            ));
        }
        spec.default = Some(text.clone());
    }
    Ok(FieldKind::Text(spec))
}

fn number(
    object: &Map<String, Value>,
    integer: bool,
    path: &str,
) -> Result<FieldKind, RequestError> {
    let type_name = if integer { "integer" } else { "number" };
    let bounds = [
        COMMON,
        &["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
    ]
    .concat();
    check_keys(
        object,
        &[bounds.as_slice(), &["multipleOf"]].concat(),
        path,
        type_name,
    )?;
    let exact = |key: &str, n: &Number| {
        Exact::of_bound(n).ok_or_else(|| {
            RequestError::invalid(
                format!("{path}.{key}"),
                format!(
                    "{n} cannot be compared exactly (a float of 2^53 or more may not be the number written); write it as an integer within 64 bits"
                ),
            )
        })
    };
    let bound = |key: &str| -> Result<Option<Exact>, RequestError> {
        match object.get(key) {
            None => Ok(None),
            Some(Value::Number(n)) => exact(key, n).map(Some),
            Some(other) => Err(RequestError::invalid(
                format!("{path}.{key}"),
                format!("must be a number, got {other}"),
            )),
        }
    };
    let mut spec = NumberSpec {
        integer,
        minimum: bound("minimum")?,
        maximum: bound("maximum")?,
        multiple_of: multiple_of(object, path, type_name, &bounds)?,
        ..NumberSpec::default()
    };
    // Draft 6 and later write an exclusive bound as a number; draft 4 as a boolean that makes
    // `minimum` or `maximum` exclusive.
    for (key, inclusive, exclusive) in [
        (
            "exclusiveMinimum",
            &mut spec.minimum,
            &mut spec.exclusive_minimum,
        ),
        (
            "exclusiveMaximum",
            &mut spec.maximum,
            &mut spec.exclusive_maximum,
        ),
    ] {
        match object.get(key) {
            None | Some(Value::Bool(false)) => {}
            Some(Value::Number(n)) => *exclusive = Some(exact(key, n)?),
            Some(Value::Bool(true)) if inclusive.is_some() => *exclusive = inclusive.take(),
            Some(other) => {
                return Err(RequestError::invalid(
                    format!("{path}.{key}"),
                    format!("must be a number, got {other}"),
                ));
            }
        }
    }
    if let Some(problem) = validate::empty_range(&spec) {
        return Err(RequestError::invalid(path, problem));
    }
    let default = match object.get("default") {
        None => None,
        Some(Value::Number(n)) => {
            let n = if integer && !(n.is_i64() || n.is_u64()) {
                // A generator may write a whole number as 3.0: that is still the integer 3.
                match n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15) {
                    Some(whole) => Number::from(whole as i64),
                    None => {
                        return Err(RequestError::invalid(
                            format!("{path}.default"),
                            format!("{n} is not an integer"),
                        ));
                    }
                }
            } else {
                n.clone()
            };
            if let Some(problem) = validate::bounds_problem(&spec, &n) {
                return Err(RequestError::invalid(
                    format!("{path}.default"),
                    format!("{n} does not fit the field: {problem}"),
                ));
            }
            Some(n)
        }
        Some(other) => return Err(wrong_default(path, "a number", other)),
    };
    Ok(FieldKind::Number(NumberSpec { default, ..spec }))
}

/// Reads `multipleOf`: a whole number of at least 1 (also written `5.0`), checked exactly. A
/// fraction stays refused: validators disagree on it in binary floating point.
fn multiple_of(
    object: &Map<String, Value>,
    path: &str,
    type_name: &str,
    others: &[&str],
) -> Result<Option<u64>, RequestError> {
    let Some(value) = object.get("multipleOf") else {
        return Ok(None);
    };
    let key_path = format!("{path}.multipleOf");
    let Value::Number(n) = value else {
        return Err(RequestError::invalid(
            key_path,
            format!("must be a number, got {value}"),
        ));
    };
    match Exact::of_bound(n) {
        Some(Exact::Int(m)) if m >= 1 => u64::try_from(m)
            .map(Some)
            .map_err(|_| RequestError::invalid(key_path, format!("{n} is too large"))),
        Some(Exact::Int(_)) => Err(RequestError::invalid(
            key_path,
            format!("must be greater than 0, got {n}"),
        )),
        Some(Exact::Float(_)) => Err(RequestError::invalid(
            path,
            format!(
                "unsupported keyword \"multipleOf\" with a fraction ({n}): not exact in binary floating point (supported for {type_name}: {}, and multipleOf as a whole number of at least 1)",
                others.join(", ")
            ),
        )),
        None => Err(RequestError::invalid(key_path, format!("{n} is too large"))),
    }
}

/// A field with one allowed value (`const`, pydantic's and zod's one-value `Literal`, or a
/// one-value `enum` of strings or numbers): shown, not editable, always sent.
fn fixed(object: &Map<String, Value>, kind: &str, path: &str) -> Result<FieldKind, RequestError> {
    check_keys(
        object,
        &[COMMON, &["const", "enum", "enumNames"]].concat(),
        path,
        "a fixed value (const)",
    )?;
    let typed = |value: &Value, at: &str| -> Result<Value, RequestError> {
        match (kind, value) {
            ("boolean", Value::Bool(_)) => Ok(value.clone()),
            ("boolean", other) => Err(RequestError::invalid(
                at,
                format!("must be true or false, got {other}"),
            )),
            _ => typed_value(value, kind, at),
        }
    };
    let from_enum = match object.get("enum") {
        None => None,
        Some(Value::Array(values)) if values.len() == 1 => {
            Some(typed(&values[0], &format!("{path}.enum[0]"))?)
        }
        Some(_) => {
            return Err(RequestError::invalid(
                format!("{path}.enum"),
                "next to \"const\", must list that one value",
            ));
        }
    };
    let value = match (object.get("const"), from_enum) {
        (Some(constant), from_enum) => {
            let value = typed(constant, &format!("{path}.const"))?;
            if from_enum.is_some_and(|e| !same_value(&e, &value)) {
                return Err(RequestError::invalid(
                    path,
                    "\"const\" and \"enum\" disagree: no value fits",
                ));
            }
            value
        }
        (None, Some(value)) => value,
        (None, None) => return Err(RequestError::invalid(path, "\"const\" is missing")),
    };
    if let Some(default) = object.get("default")
        && !same_value(&typed(default, &format!("{path}.default"))?, &value)
    {
        return Err(RequestError::invalid(
            format!("{path}.default"),
            format!("{default} differs from the only allowed value, {value}"),
        ));
    }
    let shown = match object.get("enumNames") {
        Some(Value::Array(names)) if names.len() == 1 => match &names[0] {
            Value::String(name) => name.clone(),
            other => {
                return Err(RequestError::invalid(
                    format!("{path}.enumNames[0]"),
                    format!("must be a string, got {other}"),
                ));
            }
        },
        None => value_text(&value),
        Some(_) => {
            return Err(RequestError::invalid(
                format!("{path}.enumNames"),
                "must name the one value",
            ));
        }
    };
    Ok(FieldKind::Fixed(FixedSpec { value, shown }))
}

fn boolean(object: &Map<String, Value>, path: &str) -> Result<FieldKind, RequestError> {
    check_keys(
        object,
        &[COMMON, &["const", "enum"]].concat(),
        path,
        "boolean",
    )?;
    // `const: true` (pydantic `Literal[True]`, zod `z.literal(true)`) or `enum: [true]`: the
    // box must be ticked. Both together must agree.
    let mut must_be = None;
    for key in ["const", "enum"] {
        let value = match (key, object.get(key)) {
            (_, None) => continue,
            ("const", Some(Value::Bool(b))) => *b,
            ("enum", Some(Value::Array(values))) if values.len() == 1 && values[0].is_boolean() => {
                values[0].as_bool().unwrap_or_default()
            }
            (_, Some(other)) => {
                return Err(RequestError::invalid(
                    format!("{path}.{key}"),
                    format!(
                        "unsupported value {other} for a boolean (only a single true or false)"
                    ),
                ));
            }
        };
        if must_be.is_some_and(|m| m != value) {
            return Err(RequestError::invalid(
                path,
                "\"const\" and \"enum\" disagree: no value fits",
            ));
        }
        must_be = Some(value);
    }
    let default = match object.get("default") {
        None => None,
        Some(Value::Bool(b)) if must_be.is_some_and(|m| m != *b) => {
            return Err(RequestError::invalid(
                format!("{path}.default"),
                format!("{b} is not the only allowed value"),
            ));
        }
        Some(Value::Bool(b)) => Some(*b),
        Some(other) => return Err(wrong_default(path, "true or false", other)),
    };
    Ok(FieldKind::Boolean { default, must_be })
}

fn enum_choice(
    object: &Map<String, Value>,
    kind: &str,
    path: &str,
) -> Result<FieldKind, RequestError> {
    check_keys(
        object,
        &[COMMON, &["enum", "enumNames"]].concat(),
        path,
        &format!("{kind} enum"),
    )?;
    let values = typed_list(object, "enum", kind, path)?;
    let labels = match object.get("enumNames") {
        None => values.iter().map(value_text).collect(),
        Some(_) => {
            let names = string_list(object, "enumNames", path)?;
            if names.len() != values.len() {
                return Err(RequestError::invalid(
                    format!("{path}.enumNames"),
                    format!("has {} names for {} enum values", names.len(), values.len()),
                ));
            }
            names
        }
    };
    let options = values
        .into_iter()
        .zip(labels)
        .map(|(value, label)| Choice { value, label })
        .collect();
    choice_spec(object, options, path, "enum")
}

fn titled_choice(
    object: &Map<String, Value>,
    kind: &str,
    path: &str,
) -> Result<FieldKind, RequestError> {
    check_keys(
        object,
        &[COMMON, &["oneOf"]].concat(),
        path,
        &format!("titled {kind} enum"),
    )?;
    let options = const_options(object, "oneOf", kind, path)?;
    choice_spec(object, options, path, "oneOf")
}

fn choice_spec(
    object: &Map<String, Value>,
    options: Vec<Choice>,
    path: &str,
    key: &str,
) -> Result<FieldKind, RequestError> {
    check_options(&options, &format!("{path}.{key}"))?;
    let default = match object.get("default") {
        None => None,
        Some(value) => Some(option_index(&options, value, path)?),
    };
    Ok(FieldKind::Choice(ChoiceSpec { options, default }))
}

fn multi_choice(object: &Map<String, Value>, path: &str) -> Result<FieldKind, RequestError> {
    check_keys(
        object,
        &[COMMON, &["items", "minItems", "maxItems", "uniqueItems"]].concat(),
        path,
        "array",
    )?;
    // We never send an option twice, so uniqueItems holds either way.
    if let Some(unique) = object.get("uniqueItems")
        && !unique.is_boolean()
    {
        return Err(RequestError::invalid(
            format!("{path}.uniqueItems"),
            format!("must be true or false, got {unique}"),
        ));
    }
    let items_path = format!("{path}.items");
    let items = match object.get("items") {
        Some(Value::Object(items)) => items,
        Some(other) => {
            return Err(RequestError::invalid(
                items_path,
                format!("must be an object, got {}", kind_of(other)),
            ));
        }
        None => {
            return Err(RequestError::invalid(
                items_path,
                "is missing (arrays must be multi-selects of string options)",
            ));
        }
    };
    let titled_key = ["anyOf", "oneOf"]
        .into_iter()
        .find(|k| items.contains_key(*k));
    let string_typed = matches!(items.get("type"), None | Some(Value::String(_)))
        && items.get("type").is_none_or(|t| t == "string");
    let options = if let Some(key) = titled_key {
        // The spec writes anyOf; generators also write oneOf, which means the same here
        // because the consts are distinct.
        check_keys(
            items,
            &[key, "type", "title", "description"],
            &items_path,
            "titled multi-select items",
        )?;
        if !string_typed {
            return Err(RequestError::invalid(
                format!("{items_path}.type"),
                "multi-select options must be strings",
            ));
        }
        const_options(items, key, "string", &items_path)?
    } else if string_typed && items.contains_key("enum") {
        check_keys(
            items,
            &["type", "enum", "title", "description"],
            &items_path,
            "multi-select items",
        )?;
        string_list(items, "enum", &items_path)?
            .into_iter()
            .map(|value| Choice {
                label: value.clone(),
                value: Value::String(value),
            })
            .collect()
    } else {
        return Err(RequestError::invalid(
            items_path,
            "arrays of anything but options are not supported (items need {\"type\":\"string\",\"enum\":[...]} or {\"anyOf\":[{\"const\",\"title\"}...]})",
        ));
    };
    check_options(&options, &items_path)?;
    let min_items = count(object, "minItems", path)?;
    let max_items = count(object, "maxItems", path)?;
    ordered(min_items, max_items, "minItems", "maxItems", path)?;
    if let Some(min) = min_items
        && min > options.len() as u64
    {
        return Err(RequestError::invalid(
            format!("{path}.minItems"),
            format!(
                "asks for {min} choices but there are only {} options",
                options.len()
            ),
        ));
    }
    let mut spec = MultiChoiceSpec {
        options,
        min_items,
        max_items,
        default: None,
    };
    if let Some(default) = object.get("default") {
        let Value::Array(values) = default else {
            return Err(wrong_default(path, "an array of options", default));
        };
        // Looked up in a map, not by a scan per value: a long default must not take minutes.
        let positions: std::collections::HashMap<OptionKey<'_>, usize> = spec
            .options
            .iter()
            .enumerate()
            .map(|(i, option)| (OptionKey::of(&option.value), i))
            .collect();
        let mut taken = vec![false; spec.options.len()];
        let mut chosen = Vec::with_capacity(values.len());
        for value in values {
            let index = match positions.get(&OptionKey::of(value)) {
                Some(&index) => index,
                None => return Err(not_an_option(value, path)),
            };
            if std::mem::replace(&mut taken[index], true) {
                return Err(RequestError::invalid(
                    format!("{path}.default"),
                    format!("lists {value} twice"),
                ));
            }
            chosen.push(index);
        }
        if let Some(problem) = validate::item_count_problem(&spec, chosen.len()) {
            return Err(RequestError::invalid(
                format!("{path}.default"),
                format!("does not fit the field: {problem}"),
            ));
        }
        chosen.sort_unstable();
        spec.default = Some(chosen);
    }
    Ok(FieldKind::MultiChoice(spec))
}

/// Reads `[{"const": ..., "title": ...}, ...]` under `key`; the consts are of type `kind`.
fn const_options(
    object: &Map<String, Value>,
    key: &str,
    kind: &str,
    path: &str,
) -> Result<Vec<Choice>, RequestError> {
    let path = format!("{path}.{key}");
    let Some(Value::Array(entries)) = object.get(key) else {
        return Err(RequestError::invalid(
            path,
            "must be an array of {\"const\", \"title\"} options",
        ));
    };
    entries
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let entry_path = format!("{path}[{i}]");
            let Value::Object(entry) = entry else {
                return Err(RequestError::invalid(
                    entry_path,
                    "must be an object with \"const\" and \"title\"",
                ));
            };
            check_keys(entry, &["const", "title"], &entry_path, "an option")?;
            let value = match entry.get("const") {
                Some(value) => typed_value(value, kind, &format!("{entry_path}.const"))?,
                None => return Err(RequestError::invalid(entry_path, "\"const\" is missing")),
            };
            let label =
                optional_string(entry, "title", &entry_path)?.unwrap_or_else(|| value_text(&value));
            Ok(Choice { value, label })
        })
        .collect()
}

/// Checks that an option value has the field's type: a string, a number, or a whole number
/// (a whole number written `3.0` becomes `3`).
fn typed_value(value: &Value, kind: &str, path: &str) -> Result<Value, RequestError> {
    match (kind, value) {
        ("string", Value::String(_)) => Ok(value.clone()),
        ("number", Value::Number(_)) => Ok(value.clone()),
        ("integer", Value::Number(n)) if n.is_i64() || n.is_u64() => Ok(value.clone()),
        ("integer", Value::Number(n)) => n
            .as_f64()
            .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
            .map(|f| Value::Number(Number::from(f as i64)))
            .ok_or_else(|| RequestError::invalid(path, format!("{n} is not an integer"))),
        (kind, other) => Err(RequestError::invalid(
            path,
            format!(
                "must be {}, got {other}",
                if kind == "string" {
                    "a string"
                } else {
                    "a number"
                }
            ),
        )),
    }
}

/// An option value as the person reads it: a string as is, a number as written.
pub fn value_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Reads the array under `key` as option values of type `kind`.
fn typed_list(
    object: &Map<String, Value>,
    key: &str,
    kind: &str,
    path: &str,
) -> Result<Vec<Value>, RequestError> {
    let path = format!("{path}.{key}");
    let Some(Value::Array(values)) = object.get(key) else {
        return Err(RequestError::invalid(path, "must be an array of options"));
    };
    values.iter().map(|v| typed_value(v, kind, &path)).collect()
}

fn check_options(options: &[Choice], path: &str) -> Result<(), RequestError> {
    if options.is_empty() {
        return Err(RequestError::invalid(path, "has no options to choose from"));
    }
    // A set, not a scan of the options before each one: 100,000 options must not take minutes.
    let mut seen = std::collections::HashSet::with_capacity(options.len());
    let mut looks = std::collections::HashMap::with_capacity(options.len());
    for option in options {
        if !seen.insert(OptionKey::of(&option.value)) {
            return Err(RequestError::invalid(
                path,
                format!("lists the option {} twice", option.value),
            ));
        }
        // Two options the person cannot tell apart would let a server collect a choice the
        // person never meant: "Keep my files" meaning `keep`, or `delete`.
        if let Some(first) = looks.insert(visible_text(&option.label), &option.label) {
            return Err(RequestError::invalid(
                path,
                format!(
                    "options {first:?} and {:?} look the same (once invisible characters are removed and Unicode is normalised); give them titles a person can tell apart",
                    option.label
                ),
            ));
        }
    }
    Ok(())
}

/// Text as a person sees it: NFC, without invisible (default-ignorable) characters, white
/// space runs as one space, trimmed. Two labels with the same visible text look identical.
pub fn visible_text(text: &str) -> String {
    let invisible = |c: char| {
        matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
            | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
            || c.is_control()
    };
    let visible: String = text.chars().filter(|c| !invisible(*c)).collect();
    let normal = icu_normalizer::ComposingNormalizerBorrowed::new_nfc().normalize(&visible);
    normal.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An option value as JSON Schema compares them: numbers by value (`1` is `1.0`).
#[derive(Debug, PartialEq, Eq, Hash)]
enum OptionKey<'a> {
    Text(&'a str),
    Number(u64),
    Other(String),
}

impl<'a> OptionKey<'a> {
    fn of(value: &'a Value) -> Self {
        match value {
            Value::String(s) => Self::Text(s),
            Value::Number(n) => match n.as_f64() {
                // -0 and 0 are the same number (the pattern matches both).
                Some(0.0) => Self::Number(0),
                Some(f) => Self::Number(f.to_bits()),
                None => Self::Other(n.to_string()),
            },
            other => Self::Other(other.to_string()),
        }
    }
}

/// Equal as JSON Schema compares: numbers by value (`1` is `1.0`).
fn same_value(a: &Value, b: &Value) -> bool {
    OptionKey::of(a) == OptionKey::of(b)
}

fn option_index(options: &[Choice], value: &Value, path: &str) -> Result<usize, RequestError> {
    options
        .iter()
        .position(|o| same_value(&o.value, value))
        .ok_or_else(|| not_an_option(value, path))
}

fn not_an_option(value: &Value, path: &str) -> RequestError {
    RequestError::invalid(
        format!("{path}.default"),
        format!("{value} is not one of the options"),
    )
}

fn string_list(
    object: &Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<Vec<String>, RequestError> {
    let path = format!("{path}.{key}");
    let Some(Value::Array(values)) = object.get(key) else {
        return Err(RequestError::invalid(path, "must be an array of strings"));
    };
    values
        .iter()
        .map(|v| match v {
            Value::String(s) => Ok(s.clone()),
            other => Err(RequestError::invalid(
                path.as_str(),
                format!("must hold only strings, got {other}"),
            )),
        })
        .collect()
}

/// Refuses any key not in `allowed`, naming the first such key and what is supported.
fn check_keys(
    object: &Map<String, Value>,
    allowed: &[&str],
    path: &str,
    what: &str,
) -> Result<(), RequestError> {
    match object.keys().find(|k| !allowed.contains(&k.as_str())) {
        None => Ok(()),
        Some(key) => Err(RequestError::invalid(
            path,
            format!(
                "unsupported keyword \"{key}\" (supported for {what}: {})",
                allowed.join(", ")
            ),
        )),
    }
}

fn optional_string(
    object: &Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<Option<String>, RequestError> {
    match object.get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(RequestError::invalid(
            format!("{path}.{key}"),
            format!("must be a string, got {}", kind_of(other)),
        )),
    }
}

/// Reads a non-negative whole number such as `minLength`.
fn count(object: &Map<String, Value>, key: &str, path: &str) -> Result<Option<u64>, RequestError> {
    match object.get(key) {
        None => Ok(None),
        Some(Value::Number(n)) if n.as_u64().is_some() => Ok(n.as_u64()),
        // Generators may write a count as 3.0.
        Some(Value::Number(n))
            if n.as_f64()
                .is_some_and(|f| f >= 0.0 && f.fract() == 0.0 && f < 9.0e15) =>
        {
            Ok(n.as_f64().map(|f| f as u64))
        }
        Some(Value::Number(n)) if n.as_f64().is_some_and(|f| f >= 0.0 && f.fract() == 0.0) => {
            Err(RequestError::invalid(
                format!("{path}.{key}"),
                format!("{n} is too large (at most 9000000000000000)"),
            ))
        }
        Some(other) => Err(RequestError::invalid(
            format!("{path}.{key}"),
            format!("must be a whole number of at least 0, got {other}"),
        )),
    }
}

fn ordered(
    min: Option<u64>,
    max: Option<u64>,
    min_key: &str,
    max_key: &str,
    path: &str,
) -> Result<(), RequestError> {
    match (min, max) {
        (Some(min), Some(max)) if min > max => Err(RequestError::invalid(
            path,
            format!("{min_key} {min} is greater than {max_key} {max}: no value fits"),
        )),
        _ => Ok(()),
    }
}

fn wrong_default(path: &str, expected: &str, got: &Value) -> RequestError {
    RequestError::invalid(
        format!("{path}.default"),
        format!("must be {expected}, got {got}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: options that look identical were accepted, so a person could not tell
    /// which one they chose.
    #[test]
    fn options_that_look_the_same_are_refused() {
        let cases = [
            json!({"type": "string", "oneOf": [{"const": "delete", "title": "Keep my files"}, {"const": "keep", "title": "Keep my files"}]}),
            json!({"type": "string", "enum": ["yes", "ye\u{200b}s"]}),
            json!({"type": "string", "enum": ["café", "cafe\u{301}"]}),
            json!({"type": "string", "oneOf": [{"const": "a", "title": "Keep"}, {"const": "b", "title": "Keep\u{200b}"}]}),
            json!({"type": "array", "items": {"anyOf": [{"const": "a", "title": "Keep"}, {"const": "b", "title": " Keep "}]}}),
            json!({"type": "string", "enum": ["a b", "a  b"]}),
        ];
        for schema in cases {
            let error = Form::from_schema("m".into(), &json!({"properties": {"choice": schema}}))
                .expect_err("two options look the same");
            let text = error.to_string();
            assert!(
                text.starts_with("requestedSchema.properties.choice"),
                "{text}"
            );
            assert!(text.contains("look the same"), "{text}");
        }
        let distinct = json!({"type": "string", "enum": ["Keep", "keep", "Kept"]});
        assert!(Form::from_schema("m".into(), &json!({"properties": {"c": distinct}})).is_ok());
    }

    /// Regression: 80 newlines in a message hid who asks and put a fake header in view.
    #[test]
    fn runs_of_blank_lines_collapse_to_one() {
        let cases = [
            ("a\n\nb", "a\n\nb"),
            ("a\n\n\nb", "a\n\nb"),
            ("a\n \n\t\n\n\nb\n\n\n\nc", "a\n\nb\n\nc"),
            ("a\nb", "a\nb"),
            ("\n\n\n\na", "\na"),
        ];
        for (text, expected) in cases {
            assert_eq!(collapse_blank_lines(text), expected, "{text:?}");
        }
        let hostile = format!("Delete it?{}trusted-bank asks:", "\n".repeat(80));
        assert_eq!(
            collapse_blank_lines(&hostile),
            "Delete it?\n\ntrusted-bank asks:"
        );
    }
    use serde_json::json;

    fn one_field(field: Value, root_extra: Value) -> Result<FieldKind, String> {
        let mut schema = json!({"type": "object", "properties": {"f": field}});
        if let (Some(schema), Some(extra)) = (schema.as_object_mut(), root_extra.as_object()) {
            schema.extend(extra.clone());
        }
        Form::from_schema("m".into(), &schema)
            .map(|form| form.fields[0].kind.clone())
            .map_err(|e| e.to_string())
    }

    /// Each construct schema generators emit, accepted with its full meaning.
    #[test]
    fn generator_constructs_accepted() {
        let defs = json!({"$defs": {"Color": {"type": "string", "enum": ["red", "green"]}}});
        let color = || {
            FieldKind::Choice(ChoiceSpec {
                options: vec![
                    Choice {
                        value: json!("red"),
                        label: "red".into(),
                    },
                    Choice {
                        value: json!("green"),
                        label: "green".into(),
                    },
                ],
                default: None,
            })
        };
        let text = |spec: TextSpec| FieldKind::Text(spec);
        let number = |spec: NumberSpec| FieldKind::Number(spec);
        let cases = [
            (
                json!({"anyOf": [{"type": "string"}, {"type": "null"}], "default": null}),
                json!({}),
                text(TextSpec::default()),
            ),
            (
                json!({"type": ["string", "null"]}),
                json!({}),
                text(TextSpec::default()),
            ),
            (json!({"$ref": "#/$defs/Color"}), defs.clone(), color()),
            (
                json!({"allOf": [{"$ref": "#/$defs/Color"}]}),
                defs.clone(),
                color(),
            ),
            (json!({"enum": ["red", "green"]}), json!({}), color()),
            (
                json!({"type": "string", "oneOf": [{"const": "red"}, {"const": "green"}]}),
                json!({}),
                color(),
            ),
            (
                json!({"anyOf": [{"const": "red", "type": "string"}, {"const": "green"}]}),
                json!({}),
                color(),
            ),
            (
                json!({"type": "string"}),
                json!({"additionalProperties": false}),
                text(TextSpec::default()),
            ),
            (
                json!({"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}),
                json!({}),
                number(NumberSpec {
                    exclusive_minimum: Some(Exact::Int(0)),
                    exclusive_maximum: Some(Exact::Int(1)),
                    ..NumberSpec::default()
                }),
            ),
            (
                json!({"type": "integer", "minimum": 3.0, "maximum": 5.0, "default": 4.0}),
                json!({}),
                number(NumberSpec {
                    integer: true,
                    minimum: Some(Exact::Int(3)),
                    maximum: Some(Exact::Int(5)),
                    default: Some(4.into()),
                    ..NumberSpec::default()
                }),
            ),
            // `enum: [true]`: a box that must be ticked.
            (
                json!({"type": "boolean", "enum": [true]}),
                json!({}),
                FieldKind::Boolean {
                    default: None,
                    must_be: Some(true),
                },
            ),
            // `const`, and a one-value enum of strings or numbers: a fixed value.
            (
                json!({"type": "boolean", "const": true}),
                json!({}),
                FieldKind::Fixed(FixedSpec {
                    value: json!(true),
                    shown: "true".into(),
                }),
            ),
            (
                json!({"type": "string", "const": "yes", "enum": ["yes"], "default": "yes"}),
                json!({}),
                FieldKind::Fixed(FixedSpec {
                    value: json!("yes"),
                    shown: "yes".into(),
                }),
            ),
            (
                json!({"type": "integer", "const": 3.0}),
                json!({}),
                FieldKind::Fixed(FixedSpec {
                    value: json!(3),
                    shown: "3".into(),
                }),
            ),
            (
                json!({"type": "string", "enum": ["only"], "enumNames": ["The only one"]}),
                json!({}),
                FieldKind::Fixed(FixedSpec {
                    value: json!("only"),
                    shown: "The only one".into(),
                }),
            ),
            (
                json!({"type": "integer", "multipleOf": 5.0, "minimum": 1}),
                json!({}),
                number(NumberSpec {
                    integer: true,
                    minimum: Some(Exact::Int(1)),
                    multiple_of: Some(5),
                    ..NumberSpec::default()
                }),
            ),
            (
                json!({"type": "string", "format": "uuid"}),
                json!({}),
                text(TextSpec {
                    format: Some(Format::Uuid),
                    ..TextSpec::default()
                }),
            ),
            (
                json!({"type": "integer", "enum": [1, 2]}),
                json!({}),
                FieldKind::Choice(ChoiceSpec {
                    options: vec![
                        Choice {
                            value: json!(1),
                            label: "1".into(),
                        },
                        Choice {
                            value: json!(2),
                            label: "2".into(),
                        },
                    ],
                    default: None,
                }),
            ),
            (
                json!({"type": "array", "items": {"oneOf": [{"const": "a", "title": "A"}]}, "uniqueItems": true}),
                json!({}),
                FieldKind::MultiChoice(MultiChoiceSpec {
                    options: vec![Choice {
                        value: json!("a"),
                        label: "A".into(),
                    }],
                    ..MultiChoiceSpec::default()
                }),
            ),
        ];
        for (field, root, expected) in cases {
            assert_eq!(one_field(field.clone(), root), Ok(expected), "{field}");
        }
        let Ok(FieldKind::Text(spec)) = one_field(
            json!({"type": "string", "format": "email", "pattern": "@example\\.com$"}),
            json!({}),
        ) else {
            panic!("pattern next to a format is accepted");
        };
        assert_eq!(spec.format, Some(Format::Email));
        assert!(
            spec.pattern
                .as_ref()
                .is_some_and(|p| p.matches("ada@example.com") == Some(true)
                    && p.matches("ada@example.org") == Some(false))
        );
    }

    /// Each construct whose meaning is not plain, or that we cannot enforce, refused by name.
    #[test]
    fn generator_constructs_refused() {
        let cases = [
            (
                json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
                json!({}),
                "\"anyOf\"",
            ),
            (
                json!({"$ref": "https://example.com/s.json"}),
                json!({}),
                "$ref",
            ),
            (
                json!({"type": "string", "pattern": "("}),
                json!({}),
                "pattern",
            ),
            // Regression: this said "must be a whole number", which 1e30 is.
            (
                json!({"type": "string", "maxLength": 1e30}),
                json!({}),
                "too large",
            ),
            (
                json!({"type": "string"}),
                json!({"additionalProperties": {"type": "string"}}),
                "additionalProperties",
            ),
            (
                json!({"type": "number", "exclusiveMinimum": "0"}),
                json!({}),
                "exclusiveMinimum",
            ),
            (
                json!({"type": "number", "exclusiveMinimum": 1, "maximum": 1}),
                json!({}),
                "exclusiveMinimum",
            ),
            (
                json!({"type": "integer", "enum": [1.5]}),
                json!({}),
                "not an integer",
            ),
            (json!({"enum": ["forever", 30]}), json!({}), "\"enum\""),
            (
                json!({"type": "number", "multipleOf": 0.01}),
                json!({}),
                "\"multipleOf\" with a fraction (0.01)",
            ),
            (
                json!({"type": "integer", "multipleOf": 0}),
                json!({}),
                "greater than 0",
            ),
            (
                json!({"type": "integer", "multipleOf": 5, "minimum": 1, "maximum": 4}),
                json!({}),
                "leave no multiple of 5",
            ),
            (
                json!({"type": "integer", "multipleOf": 5, "default": 7}),
                json!({}),
                "a multiple of 5",
            ),
            (
                json!({"type": "string", "format": "ipvanyaddress"}),
                json!({}),
                "\"ipvanyaddress\"",
            ),
            (
                json!({"type": "string", "const": "yes", "default": "no"}),
                json!({}),
                "differs from the only allowed value",
            ),
            (
                json!({"type": "string", "const": "yes", "enum": ["no"]}),
                json!({}),
                "disagree",
            ),
            (json!({"type": "integer", "const": "3"}), json!({}), "const"),
            (
                json!({"type": "boolean", "const": "yes"}),
                json!({}),
                "const",
            ),
            (
                json!({"type": "array", "items": {"type": "string"}}),
                json!({}),
                "arrays of anything but options",
            ),
        ];
        for (field, root, needle) in cases {
            match one_field(field.clone(), root) {
                Ok(kind) => panic!("{field}: accepted as {kind:?}"),
                Err(e) => assert!(e.contains(needle), "{field}: {e}"),
            }
        }
    }
}

//! Property tests of the answer rules: random valid requests of every field kind, random
//! sequences of a person's edits applied to the same [`FieldState`]s the window edits, and
//! every `content` that [`answer::content`] builds checked by an independent JSON Schema
//! validator (`jsonschema`, formats on) against the request's own `requestedSchema`, plus our
//! stricter rules: integers are JSON integers, required fields are present, lengths count code
//! points, nothing is `null`, and optional `""` follows the contract's rule. When `content`
//! refuses, the problems must name exactly the fields that are really invalid.
//!
//! `PROPTEST_CASES=N` runs more cases than the quick default.

use form_elicitation::model::answer;
use form_elicitation::model::form::{Form, visible_text};
use form_elicitation::model::load::{self, Shown};
use form_elicitation::model::validate::FieldState;
use jsonschema::Validator;
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Map, Value, json};

/// Cases per property unless `PROPTEST_CASES` says otherwise: a few seconds in `cargo test`.
const DEFAULT_CASES: u32 = 96;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// What is generated

/// One generated property: its schema, and what the generator knows about it.
#[derive(Debug, Clone)]
struct GenField {
    name: String,
    schema: Value,
    kind: GenKind,
    /// The state the field must start in (its default, or empty).
    initial: FieldState,
    /// Texts a person might paste: values known to fit, and tricky ones.
    samples: Vec<String>,
}

#[derive(Debug, Clone)]
enum GenKind {
    Text {
        min: Option<u64>,
        max: Option<u64>,
        format: Option<&'static str>,
        /// Texts that fit both our format check and the validator's.
        known_good: Vec<String>,
    },
    Number {
        integer: bool,
    },
    Boolean,
    Choice {
        options: Vec<Value>,
    },
    Multi {
        options: Vec<Value>,
    },
    /// `const`: always sent as this value.
    Fixed {
        value: Value,
    },
}

/// A whole request.
#[derive(Debug, Clone)]
struct Case {
    message: String,
    /// 0: bare params, 1: JSON-RPC, 2: the 2026-07-28 input request.
    envelope: u8,
    fields: Vec<GenField>,
    required: Vec<bool>,
}

impl Case {
    fn schema(&self) -> Value {
        let properties: Map<String, Value> = self
            .fields
            .iter()
            .map(|f| (f.name.clone(), f.schema.clone()))
            .collect();
        let required: Vec<&str> = self
            .fields
            .iter()
            .zip(&self.required)
            .filter(|(_, r)| **r)
            .map(|(f, _)| f.name.as_str())
            .collect();
        json!({"type": "object", "properties": properties, "required": required})
    }

    fn request(&self) -> Value {
        let params = json!({"message": self.message, "requestedSchema": self.schema()});
        match self.envelope {
            0 => params,
            1 => {
                json!({"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": params})
            }
            _ => json!({"method": "elicitation/create", "params": params}),
        }
    }
}

/// One thing a person does: which field, what kind of edit, the text typed, which option or
/// sample.
#[derive(Debug, Clone)]
struct Edit {
    field: Index,
    action: u8,
    text: String,
    pick: Index,
}

/// Text a person may type or paste: anything printable, scripts, emoji, controls, bidi
/// overrides, number look-alikes.
const HOSTILE: &[&str] = &[
    "日本語",
    "한국어",
    "👍🏽",
    "👨‍👩‍👧",
    "\u{202e}evil\u{202c}",
    "\u{200b}",
    "\u{feff}",
    "\0",
    "\n",
    "\r\n",
    "\t",
    "\u{7f}",
    "\u{1b}[31m",
    "e\u{301}",
    "\u{10ffff}",
    "𝔘𝔫𝔦",
    "@",
    " ",
    "\u{3000}",
    "1e400",
    "-0",
    "2.0",
    "NaN",
    "∞",
    "٣",
];

/// Numbers as people (and attackers) type them.
const NUMBER_TEXTS: &[&str] = &[
    "1e400",
    "-1e400",
    "-0",
    "-0.0",
    "2.0",
    "3",
    " 42 ",
    "abc",
    "",
    "NaN",
    "inf",
    "-inf",
    "infinity",
    "0x10",
    "1_000",
    "+5",
    ".5",
    "5.",
    "1e3",
    "1E-5",
    "٣",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "1e308",
    "4.9e-324",
    "0.1",
    "1,5",
    "½",
    "-",
    "e",
    "1e",
    "--1",
    "0001",
    "1.0e0",
    // Issue 54, items 9 and 10: more digits than a double says, and past the largest one.
    "1.00000000000000001",
    "0.10000000000000000001",
    "1.0000000000000002",
    "1.7976931348623159e308",
    "100000000000000000000000",
];

fn typed_text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "\\PC{0,8}",
        2 => prop::sample::select(HOSTILE).prop_map(str::to_owned),
        2 => "[ -~]{0,10}",
        1 => "[0-9.eE+-]{0,6}",
    ]
}

fn label_text() -> impl Strategy<Value = String> {
    prop_oneof!["[A-Za-z ]{1,12}", "\\PC{1,8}"]
}

/// Text field variants: a format, a pattern (ASCII classes only, so that ECMA-262 and the
/// validator's regex engine agree), and texts known to satisfy them.
#[allow(clippy::type_complexity)]
const TEXT_KINDS: &[(Option<&str>, Option<&str>, &[&str])] = &[
    (None, None, &["Ada", "한국어", "👍🏽", "", "a b c"]),
    (None, None, &["x"]),
    (
        Some("email"),
        None,
        &["ada@example.com", "a.b+c@x-y.example", "z@a.io"],
    ),
    (
        Some("uri"),
        None,
        &[
            "https://example.com/a?b=c#d",
            "urn:isbn:0451450523",
            "mailto:ada@example.com",
        ],
    ),
    (
        Some("date"),
        None,
        &["2026-11-30", "2024-02-29", "1999-01-01"],
    ),
    (
        Some("date-time"),
        None,
        &[
            "2026-11-30T14:30:00Z",
            "2026-11-30T14:30:00.123+01:00",
            "2026-11-30T14:30:00-05:30",
        ],
    ),
    (None, Some("^[A-Z]{3}-[0-9]{3}$"), &["ABC-123", "XYZ-999"]),
    (None, Some("^[a-z]+$"), &["ada", "z"]),
    (None, Some("[0-9]"), &["a1", "2026", "room 5"]),
    (None, Some("^[^@]*$"), &["Ada", "한국어", ""]),
    (Some("email"), Some("@example\\.com$"), &["ada@example.com"]),
    (
        Some("uuid"),
        None,
        &[
            "123e4567-e89b-12d3-a456-426614174000",
            "123E4567-E89B-12D3-A456-426614174000",
        ],
    ),
    (
        Some("time"),
        None,
        &["14:30:00+09:00", "00:00:00Z", "23:59:59.5-05:30"],
    ),
    (Some("duration"), None, &["P1DT2H", "P1W", "PT30M", "P1Y2M"]),
    (
        Some("ipv4"),
        None,
        &["192.0.2.1", "0.0.0.0", "255.255.255.255"],
    ),
    (
        Some("ipv6"),
        None,
        &["2001:db8::1", "::1", "::ffff:1.2.3.4"],
    ),
    (
        Some("hostname"),
        None,
        &["host.example.com", "localhost", "a-b.c"],
    ),
    (
        Some("uuid"),
        Some("^[0-9a-f-]+$"),
        &["123e4567-e89b-12d3-a456-426614174000"],
    ),
];

fn fits(text: &str, min: Option<u64>, max: Option<u64>) -> bool {
    let n = text.chars().count() as u64;
    min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)
}

fn text_field() -> impl Strategy<Value = (Value, GenKind, FieldState, Vec<String>)> {
    (
        0..TEXT_KINDS.len(),
        prop::option::of(0u64..5),
        prop::option::of(0u64..12),
        prop::option::weighted(0.5, any::<Index>()),
        typed_text(),
    )
        .prop_map(|(kind, min, extra, default_pick, seed)| {
            let (format, pattern, good) = TEXT_KINDS[kind];
            let max = extra.map(|e| min.unwrap_or(0) + e);
            let mut schema = json!({"type": "string"});
            if let Some(min) = min {
                schema["minLength"] = json!(min);
            }
            if let Some(max) = max {
                schema["maxLength"] = json!(max);
            }
            if let Some(format) = format {
                schema["format"] = json!(format);
            }
            if let Some(pattern) = pattern {
                schema["pattern"] = json!(pattern);
            }
            let known_good: Vec<String> = good.iter().map(|s| (*s).to_owned()).collect();
            let mut fitting: Vec<String> = known_good
                .iter()
                .filter(|g| fits(g, min, max))
                .cloned()
                .collect();
            if format.is_none() && pattern.is_none() {
                // Any text fits a plain field once its length does.
                let mut text: String = seed
                    .chars()
                    .take(max.unwrap_or(u64::MAX) as usize)
                    .collect();
                while text.chars().count() < min.unwrap_or(0) as usize {
                    text.push('a');
                }
                fitting.push(text);
            }
            let default = default_pick
                .filter(|_| !fitting.is_empty())
                .map(|i| fitting[i.index(fitting.len())].clone());
            if let Some(default) = &default {
                schema["default"] = json!(default);
            }
            let mut samples = known_good.clone();
            samples.extend(fitting);
            samples.extend(HOSTILE.iter().map(|s| (*s).to_owned()));
            let initial = FieldState::Text(default.unwrap_or_default());
            let kind = GenKind::Text {
                min,
                max,
                format,
                known_good,
            };
            (schema, kind, initial, samples)
        })
}

/// A bound as JSON: whole numbers as integers, the way a person writes them.
fn number_json(value: f64) -> Value {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        json!(value as i64)
    } else {
        json!(value)
    }
}

fn number_text(value: f64) -> String {
    number_json(value).to_string()
}

fn number_field() -> impl Strategy<Value = (Value, GenKind, FieldState, Vec<String>)> {
    const OFFSETS: &[f64] = &[0.0, 0.25, 0.5, 1.0, 2.5, 7.0, 100.0, 1e6];
    const STRICT: &[f64] = &[0.25, 0.5, 1.0, 1.5, 3.0, 1000.0];
    (
        any::<bool>(),
        -1000i64..1000,
        0u8..4,
        prop::option::of(prop::sample::select(OFFSETS)),
        prop::option::of(prop::sample::select(OFFSETS)),
        prop::option::weighted(0.3, prop::sample::select(STRICT)),
        prop::option::weighted(0.3, prop::sample::select(STRICT)),
        any::<bool>(),
    )
        .prop_map(
            |(integer, whole, quarter, below, above, strictly_below, strictly_above, default)| {
                // A witness inside every bound, so that the range is never empty.
                let witness = if integer {
                    whole as f64
                } else {
                    whole as f64 + f64::from(quarter) / 4.0
                };
                let mut schema = json!({"type": if integer { "integer" } else { "number" }});
                let mut samples: Vec<String> =
                    NUMBER_TEXTS.iter().map(|s| (*s).to_owned()).collect();
                for (key, bound) in [
                    ("minimum", below.map(|d| witness - d)),
                    ("maximum", above.map(|d| witness + d)),
                    ("exclusiveMinimum", strictly_below.map(|d| witness - d)),
                    ("exclusiveMaximum", strictly_above.map(|d| witness + d)),
                ] {
                    if let Some(bound) = bound {
                        schema[key] = number_json(bound);
                        samples.push(number_text(bound));
                    }
                }
                for value in [witness, witness - 1.0, witness + 1.0, witness + 0.5] {
                    samples.push(number_text(value));
                }
                samples.push(format!("{witness:.1}"));
                samples.push(format!(" {} ", number_text(witness)));
                let initial = if default {
                    schema["default"] = number_json(witness);
                    FieldState::Number(number_text(witness))
                } else {
                    FieldState::Number(String::new())
                };
                (schema, GenKind::Number { integer }, initial, samples)
            },
        )
}

/// Integer and number fields with a whole `multipleOf` (also written `5.0`), with bounds
/// around a multiple so that some value always fits.
fn multiple_field() -> impl Strategy<Value = (Value, GenKind, FieldState, Vec<String>)> {
    (
        any::<bool>(),
        prop::sample::select(&[1i64, 2, 5, 15, 1000][..]),
        -20i64..20,
        any::<bool>(),
        prop::option::of(0i64..30),
        prop::option::of(0i64..30),
    )
        .prop_map(|(integer, m, k, float_m, below, above)| {
            let witness = k * m;
            let mut schema = json!({
                "type": if integer { "integer" } else { "number" },
                "multipleOf": if float_m { json!(m as f64) } else { json!(m) },
            });
            if let Some(d) = below {
                schema["minimum"] = json!(witness - d);
            }
            if let Some(d) = above {
                schema["maximum"] = json!(witness + d);
            }
            let samples = vec![
                witness.to_string(),
                (witness + m).to_string(),
                (witness - 1).to_string(),
                (witness + 1).to_string(),
                format!("{witness}.0"),
                format!("{}.5", witness),
                "2.5".to_owned(),
                "0".to_owned(),
            ];
            (
                schema,
                GenKind::Number { integer },
                FieldState::Number(String::new()),
                samples,
            )
        })
}

/// `const` fields of each type, and one-value enums of strings: always sent as the value.
fn fixed_field() -> impl Strategy<Value = (Value, GenKind, FieldState, Vec<String>)> {
    prop_oneof![
        "\\PC{0,6}".prop_map(|s| (json!({"type": "string", "const": s}), json!(s))),
        "[a-z]{1,6}".prop_map(|s| (json!({"type": "string", "enum": [s]}), json!(s))),
        (-1000i64..1000).prop_map(|n| (json!({"type": "integer", "const": n}), json!(n))),
        (-1000i64..1000).prop_map(|n| (json!({"type": "number", "const": n}), json!(n))),
        any::<bool>().prop_map(|b| (json!({"type": "boolean", "const": b}), json!(b))),
    ]
    .prop_map(|(schema, value)| {
        (
            schema,
            GenKind::Fixed { value },
            FieldState::Fixed,
            Vec::new(),
        )
    })
}

/// Integer fields whose bounds sit near 2^53, 2^63 and 2^64, where a float comparison rounds:
/// the bounds are written as JSON integers and every answer must meet them exactly.
fn big_integer_field() -> impl Strategy<Value = (Value, GenKind, FieldState, Vec<String>)> {
    const CENTRES: &[i128] = &[
        1 << 53,
        -(1 << 53),
        1 << 63,
        -(1 << 63),
        (1 << 64) - 1,
        i64::MAX as i128,
    ];
    (
        prop::sample::select(CENTRES),
        -3i128..=3,
        prop::option::of(0i128..3),
        prop::option::of(0i128..3),
        prop::option::of(1i128..3),
        prop::option::of(1i128..3),
    )
        .prop_map(
            |(centre, shift, below, above, strictly_below, strictly_above)| {
                // A witness inside every bound that JSON and serde_json can hold exactly.
                let witness = (centre + shift).clamp(i64::MIN.into(), u64::MAX.into());
                let json_int = |n: i128| -> Option<Value> {
                    i64::try_from(n)
                        .map(Value::from)
                        .or_else(|_| u64::try_from(n).map(Value::from))
                        .ok()
                };
                let mut schema = json!({"type": "integer"});
                let mut samples = Vec::new();
                for (key, bound) in [
                    ("minimum", below.map(|d| witness - d)),
                    ("maximum", above.map(|d| witness + d)),
                    ("exclusiveMinimum", strictly_below.map(|d| witness - d)),
                    ("exclusiveMaximum", strictly_above.map(|d| witness + d)),
                ] {
                    if let Some(value) = bound.and_then(json_int) {
                        schema[key] = value;
                    }
                }
                for d in -3..=3 {
                    samples.push((witness + d).to_string());
                }
                (
                    schema,
                    GenKind::Number { integer: true },
                    FieldState::Number(String::new()),
                    samples,
                )
            },
        )
}

fn boolean_field() -> impl Strategy<Value = (Value, GenKind, FieldState, Vec<String>)> {
    (
        prop::option::of(any::<bool>()),
        prop::option::weighted(0.2, any::<bool>()),
    )
        .prop_map(|(default, must_be)| {
            let mut schema = json!({"type": "boolean"});
            let default = match (default, must_be) {
                (Some(_), Some(m)) => Some(m),
                (d, _) => d,
            };
            // `enum: [m]` is a box that must be ticked (or left); `const` is a fixed value.
            if let Some(m) = must_be {
                schema["enum"] = json!([m]);
            }
            if let Some(d) = default {
                schema["default"] = json!(d);
            }
            (
                schema,
                GenKind::Boolean,
                FieldState::Boolean(default),
                Vec::new(),
            )
        })
}

/// Distinct option values that a person can tell apart (see [`visible_text`]), in random
/// order.
fn option_values(max: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::btree_set(prop_oneof!["[a-z]{0,6}", "\\PC{1,5}"], 1..max)
        .prop_map(|set| {
            let mut seen = std::collections::HashSet::new();
            set.into_iter()
                .filter(|v| seen.insert(visible_text(v)))
                .collect::<Vec<_>>()
        })
        .prop_shuffle()
}

/// `labels` made distinct to the eye: a label that looks like an earlier one gets a number.
fn distinct_labels(labels: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    labels
        .into_iter()
        .enumerate()
        .map(|(i, label)| {
            if seen.insert(visible_text(&label)) {
                label
            } else {
                let numbered = format!("{label} #{i}");
                seen.insert(visible_text(&numbered));
                numbered
            }
        })
        .collect()
}

fn choice_field() -> impl Strategy<Value = (Value, GenKind, FieldState, Vec<String>)> {
    // One value would be a fixed field (see `fixed_field`), not a choice.
    option_values(13)
        .prop_filter("a choice has two options or more", |values| {
            values.len() >= 2
        })
        .prop_flat_map(|values| {
            let n = values.len();
            (
                Just(values),
                prop::collection::vec(label_text(), n),
                0u8..3,
                prop::option::of(0..n),
            )
        })
        .prop_map(|(values, labels, style, default)| {
            let labels = distinct_labels(labels);
            let mut schema = match style {
                0 => json!({"type": "string", "enum": values}),
                1 => json!({"type": "string", "enum": values, "enumNames": labels}),
                _ => {
                    let options: Vec<Value> = values
                        .iter()
                        .zip(&labels)
                        .map(|(v, l)| json!({"const": v, "title": l}))
                        .collect();
                    json!({"type": "string", "oneOf": options})
                }
            };
            if let Some(d) = default {
                schema["default"] = json!(values[d]);
            }
            let options = values.into_iter().map(Value::String).collect();
            (
                schema,
                GenKind::Choice { options },
                FieldState::Choice(default),
                Vec::new(),
            )
        })
}

fn multi_field() -> impl Strategy<Value = (Value, GenKind, FieldState, Vec<String>)> {
    option_values(11)
        .prop_flat_map(|values| {
            let n = values.len();
            (
                Just(values),
                prop::collection::vec(label_text(), n),
                any::<bool>(),
                prop::option::of(0..=n as u64),
                prop::option::of(0..=2u64 + n as u64),
                prop::option::of(prop::collection::vec(any::<bool>(), n)),
                prop::option::weighted(0.3, any::<bool>()),
            )
        })
        .prop_map(|(values, labels, titled, min, max_pick, default, unique)| {
            let labels = distinct_labels(labels);
            let items = if titled {
                let options: Vec<Value> = values
                    .iter()
                    .zip(&labels)
                    .map(|(v, l)| json!({"const": v, "title": l}))
                    .collect();
                json!({"anyOf": options})
            } else {
                json!({"type": "string", "enum": values})
            };
            let mut schema = json!({"type": "array", "items": items});
            let max = max_pick.map(|m| m.max(min.unwrap_or(0)));
            if let Some(min) = min {
                schema["minItems"] = json!(min);
            }
            if let Some(max) = max {
                schema["maxItems"] = json!(max);
            }
            if let Some(unique) = unique {
                schema["uniqueItems"] = json!(unique);
            }
            let n = values.len();
            let default = default.filter(|mask| {
                let chosen = mask.iter().filter(|on| **on).count() as u64;
                min.is_none_or(|m| chosen >= m) && max.is_none_or(|m| chosen <= m)
            });
            if let Some(mask) = &default {
                // The default lists the options in a shuffled order: the answer must
                // still come in option order.
                let mut chosen: Vec<&String> = values
                    .iter()
                    .zip(mask)
                    .filter(|(_, on)| **on)
                    .map(|(v, _)| v)
                    .collect();
                chosen.reverse();
                schema["default"] = json!(chosen);
            }
            let options = values.into_iter().map(Value::String).collect();
            (
                schema,
                GenKind::Multi { options },
                FieldState::Multi(default.unwrap_or_else(|| vec![false; n])),
                Vec::new(),
            )
        })
}

fn field(i: usize) -> impl Strategy<Value = GenField> {
    (
        prop_oneof![
            3 => text_field(),
            2 => number_field(),
            1 => big_integer_field(),
            1 => multiple_field(),
            1 => fixed_field(),
            1 => boolean_field(),
            2 => choice_field(),
            2 => multi_field(),
        ],
        "[a-z_é한]{0,4}",
        prop::option::of(label_text()),
        prop::option::weighted(0.3, label_text()),
    )
        .prop_map(
            move |((mut schema, kind, initial, samples), suffix, title, description)| {
                if let Some(title) = title {
                    schema["title"] = json!(title);
                }
                if let Some(description) = description {
                    schema["description"] = json!(description);
                }
                GenField {
                    name: format!("f{i}{suffix}"),
                    schema,
                    kind,
                    initial,
                    samples,
                }
            },
        )
}

fn case() -> impl Strategy<Value = Case> {
    (0usize..7)
        .prop_flat_map(|n| {
            let fields: Vec<_> = (0..n).map(field).collect();
            (
                fields,
                prop::collection::vec(any::<bool>(), n),
                "\\PC{0,40}",
                0u8..3,
            )
        })
        .prop_map(|(fields, required, message, envelope)| Case {
            message,
            envelope,
            fields,
            required,
        })
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(
        (any::<Index>(), 0u8..5, typed_text(), any::<Index>()).prop_map(
            |(field, action, text, pick)| Edit {
                field,
                action,
                text,
                pick,
            },
        ),
        0..24,
    )
}

// ---------------------------------------------------------------------------------------------
// Doing what a person does

/// Applies one edit the way the window's controls change the state.
fn apply(edit: &Edit, fields: &[GenField], states: &mut [FieldState]) {
    if fields.is_empty() {
        return;
    }
    let i = edit.field.index(fields.len());
    let field = &fields[i];
    match &mut states[i] {
        FieldState::Text(text) | FieldState::Number(text) => match edit.action {
            0 | 1 => text.push_str(&edit.text),
            2 => *text = edit.text.clone(),
            3 => {
                for _ in 0..=edit.pick.index(4) {
                    text.pop();
                }
            }
            _ if !field.samples.is_empty() => {
                *text = edit.pick.get(&field.samples).clone();
            }
            _ => text.clear(),
        },
        // A click or Space: an unset checkbox shows unticked, so the first toggle ticks it.
        FieldState::Boolean(value) => *value = Some(!value.unwrap_or(false)),
        FieldState::Choice(chosen) => {
            if let GenKind::Choice { options } = &field.kind {
                *chosen = Some(edit.pick.index(options.len()));
            }
        }
        FieldState::Multi(chosen) => {
            if !chosen.is_empty() {
                let j = edit.pick.index(chosen.len());
                chosen[j] = !chosen[j];
            }
        }
        // Nothing to edit.
        FieldState::Fixed => {}
    }
}

// ---------------------------------------------------------------------------------------------
// The oracle

/// What the contract says one field contributes, worked out without the code under test.
#[derive(Debug, PartialEq)]
enum Expect {
    /// Sent as this value, or left out (`None`).
    Value(Option<Value>),
    /// A problem the person must fix.
    Problem,
    /// Either a problem or exactly this value: our checks may be stricter than the validator's
    /// (a format it accepts that we refuse), or the text is a number only Rust's parser reads.
    ProblemOr(Option<Value>),
}

/// A number as we read it (issue 48): full-width digits folded (NFKC), and the decimal digits
/// of every script (general category Nd) written as ASCII. Which digits those are, and their
/// values, is the program's own reading (`formats::ascii_digits`, unit-tested against known
/// digits of several scripts in `validate`'s tests); this test checks what follows from it.
fn as_typed_number(text: &str) -> String {
    form_elicitation::model::formats::ascii_digits(text).into_owned()
}

fn valid(validator: &Validator, value: &Value) -> bool {
    validator.is_valid(value)
}

fn expect(
    gen_field: &GenField,
    required: bool,
    validator: &Validator,
    state: &FieldState,
) -> Expect {
    match (&gen_field.kind, state) {
        (
            GenKind::Text {
                format, known_good, ..
            },
            FieldState::Text(text),
        ) => {
            // Our rule: a formatted value is checked and sent without surrounding spaces.
            let text = if format.is_some() {
                text.trim().to_owned()
            } else {
                text.clone()
            };
            let value = Value::String(text.clone());
            if text.is_empty() {
                // Required text must not be empty; optional empty text is "" unless "" breaks
                // the field's own rules.
                if required {
                    Expect::Problem
                } else if valid(validator, &value) {
                    Expect::Value(Some(value))
                } else {
                    Expect::Value(None)
                }
            } else if !valid(validator, &value) {
                Expect::Problem
            } else if format.is_some() && !known_good.contains(&text) {
                Expect::ProblemOr(Some(value))
            } else {
                Expect::Value(Some(value))
            }
        }
        (GenKind::Number { integer }, FieldState::Number(text)) => {
            // Our rule: full-width digits from an input method are read as digits (NFKC), and
            // so are the digits of any script (issue 48).
            let text = as_typed_number(text.trim());
            let text = text.trim();
            if text.is_empty() {
                return if required {
                    Expect::Problem
                } else {
                    Expect::Value(None)
                };
            }
            if text.parse::<f64>().is_ok_and(f64::is_infinite) {
                return Expect::Problem;
            }
            let integer_literal = {
                let digits = text.strip_prefix('-').unwrap_or(text);
                !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            };
            let candidate = if *integer {
                if !integer_literal {
                    // Our rule: an integer box takes whole numbers as typed, never "2.0".
                    return if serde_json::from_str::<serde_json::Number>(text).is_ok() {
                        Expect::Problem
                    } else {
                        Expect::ProblemOr(None)
                    };
                }
                match text.parse::<i64>() {
                    Ok(i) => json!(i),
                    Err(_) => match text.parse::<u64>() {
                        Ok(u) => json!(u),
                        // Beyond 64 bits: no JSON integer we could send exactly.
                        Err(_) => return Expect::Problem,
                    },
                }
            } else {
                match serde_json::from_str::<serde_json::Number>(text) {
                    // Our rule: a decimal past the smallest double reads as 0; sent, it would
                    // say 0, so it is refused ("1E-50" and a typed "٣" make 1E-503).
                    Ok(n)
                        if n.as_f64() == Some(0.0)
                            && text
                                .split(['e', 'E'])
                                .next()
                                .is_some_and(|m| m.bytes().any(|b| matches!(b, b'1'..=b'9'))) =>
                    {
                        return Expect::Problem;
                    }
                    // Our rule (issue 54, item 9): what is sent says exactly the decimal
                    // typed, or nothing is sent ("1.00000000000000001" would go as 1.0, and a
                    // whole number past 64 bits as a rounded double).
                    Ok(n) if plain_decimal(text) != plain_decimal(&n.to_string()) => {
                        return Expect::Problem;
                    }
                    Ok(n) => Value::Number(n),
                    // Rust reads more than JSON ("+5", ".5"): whatever it reads must fit.
                    Err(_) => return Expect::ProblemOr(None),
                }
            };
            if valid(validator, &candidate) {
                Expect::Value(Some(candidate))
            } else {
                Expect::Problem
            }
        }
        (GenKind::Boolean, FieldState::Boolean(value)) => {
            // A required checkbox left unticked is a plain "no".
            let value = if required {
                Some(value.unwrap_or(false))
            } else {
                *value
            };
            match value {
                None => Expect::Value(None),
                Some(b) if valid(validator, &json!(b)) => Expect::Value(Some(json!(b))),
                Some(_) => Expect::Problem,
            }
        }
        (GenKind::Choice { options }, FieldState::Choice(chosen)) => match chosen {
            Some(i) => Expect::Value(Some(options[*i].clone())),
            None if required => Expect::Problem,
            None => Expect::Value(None),
        },
        (GenKind::Multi { options }, FieldState::Multi(chosen)) => {
            let values: Vec<Value> = options
                .iter()
                .zip(chosen)
                .filter(|(_, on)| **on)
                .map(|(v, _)| v.clone())
                .collect();
            if values.is_empty() && !required {
                return Expect::Value(None);
            }
            let value = Value::Array(values);
            if valid(validator, &value) {
                Expect::Value(Some(value))
            } else {
                Expect::Problem
            }
        }
        // Our rule: a fixed value is always sent, required or not.
        (GenKind::Fixed { value }, FieldState::Fixed) => Expect::Value(Some(value.clone())),
        (kind, state) => panic!("generator bug: {kind:?} with {state:?}"),
    }
}

/// The decimal `text` writes, spelled out without an exponent (`-1.5e3` → `-1500.`, `0.250`
/// → `.25`, zero → `.`), so that two spellings of one decimal are one string; `None` when it
/// is not a decimal or its exponent is beyond what any double needs.
fn plain_decimal(text: &str) -> Option<String> {
    let (sign, text) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], text[at + 1..].parse::<i64>().ok()?),
        None => (text, 0),
    };
    if exponent.abs() > 2000 {
        return None;
    }
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.len() + fraction.len() == 0
        || !whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let digits = format!("{whole}{fraction}");
    let point = whole.len() as i64 + exponent;
    let padded = if point <= 0 {
        format!("{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else {
        format!(
            "{digits}{}",
            "0".repeat((point as usize).saturating_sub(digits.len()))
        )
    };
    let point = point.max(0) as usize;
    let (int, frac) = padded.split_at(point);
    let (int, frac) = (int.trim_start_matches('0'), frac.trim_end_matches('0'));
    let sign = if int.is_empty() && frac.is_empty() {
        ""
    } else {
        sign
    };
    Some(format!("{sign}{int}.{frac}"))
}

/// Equal as answers: numbers by value, and an integer field's value must be a JSON integer.
fn same_answer(got: &Value, want: &Value, integer: bool) -> bool {
    match (got, want) {
        (Value::Number(g), Value::Number(w)) => {
            g.as_f64() == w.as_f64() && (!integer || g.is_i64() || g.is_u64())
        }
        _ => got == want,
    }
}

fn has_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.iter().any(has_null),
        Value::Object(map) => map.values().any(has_null),
        _ => false,
    }
}

/// Checks one `answer::content` result against the validator and the oracle.
fn check(
    case: &Case,
    form: &Form,
    whole: &Validator,
    each: &[Validator],
    states: &[FieldState],
) -> Result<(), TestCaseError> {
    let expected: Vec<Expect> = case
        .fields
        .iter()
        .zip(&case.required)
        .zip(each)
        .zip(states)
        .map(|(((f, r), v), s)| expect(f, *r, v, s))
        .collect();
    match answer::content(form, states) {
        Ok(content) => {
            let value = Value::Object(content.clone());
            let errors: Vec<String> = whole.iter_errors(&value).map(|e| e.to_string()).collect();
            prop_assert!(
                errors.is_empty(),
                "answer {value} breaks the schema: {errors:?}"
            );
            prop_assert!(!has_null(&value), "null in {value}");
            for key in content.keys() {
                prop_assert!(
                    case.fields.iter().any(|f| &f.name == key),
                    "undeclared {key}"
                );
            }
            for (i, field) in case.fields.iter().enumerate() {
                let got = content.get(&field.name);
                prop_assert!(
                    !case.required[i] || got.is_some(),
                    "required {} missing from {value}",
                    field.name
                );
                let integer = matches!(field.kind, GenKind::Number { integer: true });
                match (&expected[i], got) {
                    (Expect::Problem, _) => {
                        return Err(TestCaseError::fail(format!(
                            "{} is invalid ({:?}) yet the answer is {value}",
                            field.name, states[i]
                        )));
                    }
                    (Expect::Value(None), None) | (Expect::ProblemOr(None), None) => {}
                    (Expect::Value(Some(w)) | Expect::ProblemOr(Some(w)), Some(g)) => {
                        prop_assert!(
                            same_answer(g, w, integer),
                            "{}: sent {g}, expected {w}",
                            field.name
                        );
                    }
                    // A number only Rust's parser reads ("+5", ".5"): it may be sent if it
                    // fits (checked above) and is what was typed.
                    (Expect::ProblemOr(None), Some(Value::Number(n))) => {
                        let typed = match &states[i] {
                            FieldState::Number(t) => {
                                as_typed_number(t.trim()).trim().parse::<f64>().ok()
                            }
                            _ => None,
                        };
                        prop_assert_eq!(n.as_f64(), typed, "{}: sent {}", &field.name, n);
                        // And it says exactly the decimal typed (issue 54, item 9).
                        let typed = match &states[i] {
                            FieldState::Number(t) => {
                                plain_decimal(as_typed_number(t.trim()).trim())
                            }
                            _ => None,
                        };
                        prop_assert_eq!(
                            plain_decimal(&n.to_string()),
                            typed,
                            "{}: sent {}",
                            &field.name,
                            n
                        );
                    }
                    (want, got) => {
                        return Err(TestCaseError::fail(format!(
                            "{}: sent {got:?}, expected {want:?} (state {:?})",
                            field.name, states[i]
                        )));
                    }
                }
                if let (Some(Value::Number(n)), true) = (got, integer) {
                    prop_assert!(
                        n.is_i64() || n.is_u64(),
                        "{}: {n} is not an integer",
                        field.name
                    );
                }
                if let (Some(Value::String(text)), GenKind::Text { min, max, .. }) =
                    (got, &field.kind)
                {
                    prop_assert!(
                        fits(text, *min, *max),
                        "{}: {text:?} breaks the lengths in code points",
                        field.name
                    );
                }
            }
        }
        Err(problems) => {
            prop_assert!(!problems.is_empty(), "a refusal with no problem");
            for (i, problem) in &problems {
                let message = form_elicitation::model::describe::problem(problem);
                prop_assert!(*i < case.fields.len(), "problem for field #{i}");
                prop_assert!(!message.is_empty(), "empty problem for field #{i}");
                prop_assert!(
                    matches!(expected[*i], Expect::Problem | Expect::ProblemOr(_)),
                    "{} is named ({message}) but is valid: {:?} expected {:?}",
                    case.fields[*i].name,
                    states[*i],
                    expected[*i]
                );
            }
            for (i, want) in expected.iter().enumerate() {
                if *want == Expect::Problem {
                    prop_assert!(
                        problems.iter().any(|(p, _)| *p == i),
                        "{} is invalid ({:?}) but not named in {problems:?}",
                        case.fields[i].name,
                        states[i]
                    );
                }
            }
        }
    }
    Ok(())
}

fn build(schema: &Value) -> Validator {
    super::support::validator(schema)
}

proptest! {
    #![proptest_config(config())]

    /// Every valid request is accepted, starts at its defaults, and every answer after every
    /// edit either fits the schema or names exactly the invalid fields.
    #[test]
    fn every_answer_fits_the_schema(case in case(), edits in edits()) {
        let bytes = serde_json::to_vec(&case.request()).expect("serialize");
        let (form, schema) = match load::load(&bytes).request {
            Ok(Shown::Form(form)) => (
                form,
                super::support::requested_schema(&bytes).expect("a form has a schema"),
            ),
            Ok(Shown::Url(_)) => panic!("not a form"),
            Err(e) => return Err(TestCaseError::fail(format!("valid request refused: {e}\n{}", case.schema()))),
        };
        prop_assert_eq!(&schema, &case.schema());
        prop_assert_eq!(form.fields.len(), case.fields.len());
        let mut states: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
        for ((state, field), generated) in states.iter().zip(&form.fields).zip(&case.fields) {
            prop_assert_eq!(&field.name, &generated.name, "request order");
            prop_assert_eq!(state, &generated.initial, "initial state of {}", field.name);
        }
        let whole = build(&schema);
        let each: Vec<Validator> = case.fields.iter().map(|f| build(&f.schema)).collect();
        check(&case, &form, &whole, &each, &states)?;
        for edit in &edits {
            apply(edit, &case.fields, &mut states);
            check(&case, &form, &whole, &each, &states)?;
        }
    }
}

/// Our check of each format against the independent validator's, on a table of hard cases.
/// Where they differ, RFC 3339 / RFC 1123 decide and docs/contract-notes.md lists the difference; every
/// other row must agree.
#[test]
fn formats_agree_with_the_validator_on_hard_cases() {
    use form_elicitation::model::form::Format;
    use form_elicitation::model::validate::format_ok;
    // (format, text, valid by the RFCs)
    let table: &[(&str, &str, bool)] = &[
        ("uuid", "123e4567-e89b-12d3-a456-426614174000", true),
        ("uuid", "123E4567-E89B-12D3-A456-426614174000", true),
        ("uuid", "123e4567e89b12d3a456426614174000", false),
        ("uuid", "{123e4567-e89b-12d3-a456-426614174000}", false),
        ("uuid", "123e4567-e89b-12d3-a456-42661417400", false),
        ("time", "14:30:00+09:00", true),
        ("time", "23:59:60Z", true),
        ("time", "24:00:00Z", false),
        ("time", "12:00:00", false),
        ("time", "22:59:60Z", false),
        ("time", "12:00:00.5z", true),
        ("duration", "P1W", true),
        ("duration", "P1Y2M", true),
        ("duration", "P1DT2H", true),
        ("duration", "PT", false),
        ("duration", "P1DT", false),
        ("duration", "P", false),
        ("duration", "P1Y1D", false),
        ("duration", "P2W1D", false),
        ("ipv4", "192.0.2.1", true),
        ("ipv4", "01.2.3.4", false),
        ("ipv4", "256.0.0.1", false),
        ("ipv6", "::ffff:1.2.3.4", true),
        ("ipv6", "2001:db8::1", true),
        ("ipv6", "fe80::1%eth0", false),
        ("ipv6", "1:2:3:4:5:6:7:8:9", false),
        ("hostname", "host.example.com", true),
        ("hostname", "example.com.", false),
        ("hostname", &"a".repeat(63), true),
        ("hostname", &format!("{}.example", "a".repeat(64)), false),
        ("hostname", "-a.example", false),
        ("hostname", "a_b.example", false),
    ];
    // Rows where the validator differs from the RFC (listed in docs/contract-notes.md).
    let known: &[(&str, &str)] = &[];
    let mut disagreements = Vec::new();
    for &(name, text, expected) in table {
        let format = Format::named(name).expect("a format we check");
        assert_eq!(
            format_ok(format, text),
            expected,
            "{name} {text:?}: our check"
        );
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .build(&json!({"type": "string", "format": name}))
            .expect("a schema");
        let theirs = validator.is_valid(&json!(text));
        if theirs != expected && !known.contains(&(name, text)) {
            disagreements.push(format!("{name} {text:?}: validator says {theirs}"));
        }
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

/// Regression (issue 54, item 9), end to end as a person types it: the terminal dialog on a
/// pty sent `1.00000000000000001` as `1.0` (which `exclusiveMinimum: 1` refuses, as the
/// validator shows) and then said "Must be more than 1" of a number that is. Now the typed
/// decimal is refused with the nearest number that can be sent, and a decimal that a double
/// says exactly reaches stdout as exactly the digits typed, which the validator accepts.
#[test]
fn a_typed_decimal_is_sent_exactly_or_refused_saying_why() {
    use super::support::pty::{BACKSPACE, Dialog, ENTER, Setup};
    let schema = json!({"type": "object", "properties": {
        "ratio": {"type": "number", "title": "Ratio", "exclusiveMinimum": 1}},
        "required": ["ratio"]});
    let request = json!({"message": "Ratio?", "requestedSchema": schema}).to_string();
    let Some(mut d) = Dialog::start(&request, &[], Setup::default()) else {
        return;
    };
    let validator = build(&schema);
    // What every JSON reader makes of those digits: 1.0, which the schema refuses.
    let typed: Value = serde_json::from_str(r#"{"ratio": 1.00000000000000001}"#).expect("JSON");
    assert!(!validator.is_valid(&typed), "the validator reads {typed}");
    d.expect("[1/1] Ratio *");
    d.send("1.00000000000000001");
    d.send(ENTER);
    d.expect("! Too many digits to send exactly");
    d.send(BACKSPACE.repeat("1.00000000000000001".len()).as_str());
    d.send("1.0000000000000002");
    d.send(ENTER);
    d.expect("Ratio *: 1.0000000000000002");
    d.send(ENTER);
    let done = d.finish();
    done.answered(r#"{"action":"accept","content":{"ratio":1.0000000000000002}}"#);
    let answer: Value = serde_json::from_str(done.stdout.trim()).expect("the answer is JSON");
    assert!(validator.is_valid(&answer["content"]), "{answer}");
}

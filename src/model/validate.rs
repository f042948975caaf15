//! One field's state → the value to send, or a [`Problem`]: what is wrong, as data.
//!
//! The window and the tests call the same functions, so what the tests prove about answers is
//! what the window sends. A problem carries no words: [`crate::model::describe::problem`] renders it
//! as one whole sentence of the person's language, and
//! [`crate::model::describe::problem_in_english`] as the English of a request diagnostic.

use serde_json::{Number, Value};

use crate::model::form::{Exact, Field, FieldKind, Format, MultiChoiceSpec, NumberSpec, TextSpec};

/// What the person has entered in one field so far.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldState {
    /// The text of a text field, as typed.
    Text(String),
    /// The text of a number field, as typed.
    Number(String),
    /// A checkbox: `None` until set by a default or the person.
    Boolean(Option<bool>),
    /// The chosen option's index, if any.
    Choice(Option<usize>),
    /// For each option, whether it is chosen.
    Multi(Vec<bool>),
    /// A fixed value: nothing to edit.
    Fixed,
}

impl FieldState {
    /// The state a field starts in: its default, or empty.
    pub fn initial(field: &Field) -> Self {
        match &field.kind {
            FieldKind::Text(spec) => Self::Text(spec.default.clone().unwrap_or_default()),
            FieldKind::Number(spec) => Self::Number(
                spec.default
                    .as_ref()
                    .map(Number::to_string)
                    .unwrap_or_default(),
            ),
            FieldKind::Boolean { default, .. } => Self::Boolean(*default),
            FieldKind::Choice(spec) => Self::Choice(spec.default),
            FieldKind::MultiChoice(spec) => {
                let mut chosen = vec![false; spec.options.len()];
                for &i in spec.default.iter().flatten() {
                    chosen[i] = true;
                }
                Self::Multi(chosen)
            }
            FieldKind::Fixed(_) => Self::Fixed,
        }
    }
}

/// Why a field's value cannot be sent: the kind of problem and the numbers or values its
/// sentence needs, never words (each kind is one message of the catalog).
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// A required field is empty.
    Required,
    /// A checkbox that must be ticked (`enum: [true]`) is not.
    MustBeTicked,
    /// A checkbox that must be left unticked (`enum: [false]`) is ticked.
    MustBeUnticked,
    /// A required single choice has nothing chosen.
    ChooseOne,
    /// Fewer code points than `minLength`.
    TooShort {
        /// `minLength`.
        min: u64,
        /// How many code points the text has.
        now: u64,
    },
    /// More code points than `maxLength`.
    TooLong {
        /// `maxLength`.
        max: u64,
        /// How many code points the text has.
        now: u64,
    },
    /// The text does not have the field's format.
    NotFormat(Format),
    /// The text does not match the field's `pattern`.
    NoMatch {
        /// The pattern as the request wrote it.
        pattern: String,
    },
    /// Matching the `pattern` took too long to finish (it backtracks too much).
    PatternTooSlow {
        /// The pattern as the request wrote it.
        pattern: String,
    },
    /// A whole number past 64 bits, which would be rounded on its way out.
    TooLarge,
    /// A whole number below -2^63, which would be rounded on its way out.
    TooSmall,
    /// A decimal beyond the largest double (`1.7976931348623159e308`): a number, but none
    /// that can be sent.
    NumberTooLarge,
    /// A decimal below the lowest double (`-1e400`).
    NumberTooSmall,
    /// A decimal with more digits than the number sent for it would say
    /// (`1.00000000000000001` would be sent, and read, as `1.0`): what is sent must be
    /// what the person typed and reviewed.
    TooPrecise {
        /// The number that would be sent instead: the nearest one that can be.
        nearest: Number,
    },
    /// A decimal so close to zero that it would be sent as 0 (`1e-400`).
    TooNearZero,
    /// Not a whole number, in an integer field.
    NotWholeNumber,
    /// Not a number.
    NotNumber,
    /// Below `minimum`.
    AtLeast(Exact),
    /// Above `maximum`.
    AtMost(Exact),
    /// Not above `exclusiveMinimum`.
    MoreThan(Exact),
    /// Not below `exclusiveMaximum`.
    LessThan(Exact),
    /// Not a multiple of `multipleOf`.
    MultipleOf(u64),
    /// Fewer options chosen than `minItems`.
    ChooseAtLeast(u64),
    /// More options chosen than `maxItems`.
    ChooseAtMost(u64),
    /// A field's state is not of its kind: a bug, never the person's doing.
    StateMismatch,
}

/// Checks one field: `Ok(Some(value))` to send, `Ok(None)` to leave out, `Err(problem)` to show.
pub fn field_value(field: &Field, state: &FieldState) -> Result<Option<Value>, Problem> {
    match (&field.kind, state) {
        (FieldKind::Text(spec), FieldState::Text(text)) => {
            // Spaces around an email address, a URI or a date are never part of it (they
            // come with a paste): check and send it without them.
            let text = if spec.format.is_some() {
                text.trim()
            } else {
                text.as_str()
            };
            // A date or a time typed in the person's digits (Arabic-Indic, full-width) is the
            // value it says, sent in the ASCII digits its format requires.
            let text = match spec.format {
                Some(Format::Date | Format::DateTime | Format::Time) => {
                    crate::model::formats::ascii_digits(text)
                }
                _ => std::borrow::Cow::Borrowed(text),
            };
            let text = text.as_ref();
            if text.is_empty() {
                if field.required {
                    Err(Problem::Required)
                } else {
                    // The contract: optional empty text is "" unless "" itself breaks the field.
                    Ok(text_problem(spec, "")
                        .ok()
                        .map(|()| Value::String(String::new())))
                }
            } else {
                text_problem(spec, text).map(|()| Some(Value::String(text.to_owned())))
            }
        }
        (FieldKind::Number(spec), FieldState::Number(text)) => {
            let text = text.trim();
            if text.is_empty() {
                return if field.required {
                    Err(Problem::Required)
                } else {
                    Ok(None)
                };
            }
            let number = parse_number(text, spec.integer)?;
            match bounds_problem(spec, &number) {
                Some(problem) => Err(problem),
                None => Ok(Some(Value::Number(number))),
            }
        }
        (FieldKind::Boolean { must_be, .. }, FieldState::Boolean(value)) => {
            // A required checkbox left unticked is a plain "no".
            let value = if field.required {
                Some(value.unwrap_or(false))
            } else {
                *value
            };
            match (value, must_be) {
                (Some(v), Some(m)) if v != *m && *m => Err(Problem::MustBeTicked),
                (Some(v), Some(m)) if v != *m => Err(Problem::MustBeUnticked),
                _ => Ok(value.map(Value::Bool)),
            }
        }
        (FieldKind::Choice(spec), FieldState::Choice(chosen)) => match chosen {
            Some(i) => Ok(Some(spec.options[*i].value.clone())),
            None if field.required => Err(Problem::ChooseOne),
            None => Ok(None),
        },
        (FieldKind::MultiChoice(spec), FieldState::Multi(chosen)) => {
            let values: Vec<Value> = spec
                .options
                .iter()
                .zip(chosen)
                .filter(|(_, on)| **on)
                .map(|(o, _)| o.value.clone())
                .collect();
            if values.is_empty() && !field.required {
                return Ok(None);
            }
            match item_count_problem(spec, values.len()) {
                Some(problem) => Err(problem),
                None => Ok(Some(Value::Array(values))),
            }
        }
        // Always sent, required or not: the request allows nothing else.
        (FieldKind::Fixed(spec), FieldState::Fixed) => Ok(Some(spec.value.clone())),
        _ => Err(Problem::StateMismatch),
    }
}

/// Checks text against a text field's lengths (in code points) and format.
pub fn text_problem(spec: &TextSpec, text: &str) -> Result<(), Problem> {
    let length = text.chars().count() as u64;
    if let Some(min) = spec.min_length
        && length < min
    {
        return Err(Problem::TooShort { min, now: length });
    }
    if let Some(max) = spec.max_length
        && length > max
    {
        return Err(Problem::TooLong { max, now: length });
    }
    if let Some(format) = spec.format
        && !format_ok(format, text)
    {
        return Err(Problem::NotFormat(format));
    }
    match spec.pattern.as_ref().map(|p| (p, p.matches(text))) {
        Some((pattern, Some(false))) => Err(Problem::NoMatch {
            pattern: pattern.source.clone(),
        }),
        Some((pattern, None)) => Err(Problem::PatternTooSlow {
            pattern: pattern.source.clone(),
        }),
        _ => Ok(()),
    }
}

/// Whether `text` has `format`.
pub fn format_ok(format: Format, text: &str) -> bool {
    use crate::model::formats::{self, is_email, is_uri, parse_date, parse_date_time};
    match format {
        Format::Email => is_email(text),
        Format::Uri => is_uri(text),
        Format::Date => parse_date(text).is_some(),
        Format::DateTime => parse_date_time(text).is_some(),
        Format::Uuid => formats::is_uuid(text),
        Format::Time => formats::is_time(text),
        Format::Duration => formats::is_duration(text),
        Format::Ipv4 => formats::is_ipv4(text),
        Format::Ipv6 => formats::is_ipv6(text),
        Format::Hostname => formats::is_hostname(text),
    }
}

/// Parses typed text as a JSON number: an integer stays an integer, a decimal is sent only
/// when the number sent says exactly the decimal typed (else [`Problem::TooPrecise`] names the
/// nearest that can be). Spaces around it are dropped, and the digits of any script
/// (full-width `５` from a CJK input method, Arabic-Indic `٥`, Devanagari `५`) read as the
/// digits they are, with the Arabic decimal separator `٫` as the point (see
/// [`crate::model::formats::ascii_digits`]).
pub fn parse_number(text: &str, integer: bool) -> Result<Number, Problem> {
    let text = crate::model::formats::ascii_digits(text.trim()).replace('\u{66B}', ".");
    let text = text.trim();
    if let Ok(i) = text.parse::<i64>() {
        return Ok(Number::from(i));
    }
    if let Ok(u) = text.parse::<u64>() {
        return Ok(Number::from(u));
    }
    let negative = text.starts_with('-');
    if integer {
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        // A whole number past 64 bits would be rounded on its way out: say so, and at which
        // end (`-9223372036854775809` is too small, not too large).
        return Err(match (whole, negative) {
            (false, _) => Problem::NotWholeNumber,
            (true, true) => Problem::TooSmall,
            (true, false) => Problem::TooLarge,
        });
    }
    let is_numeric = text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'));
    let number = text
        .parse::<f64>()
        .ok()
        .filter(|_| is_numeric)
        .ok_or(Problem::NotNumber)?;
    // A number past the largest double is still a number: say it cannot be sent.
    if number.is_infinite() {
        return Err(if negative {
            Problem::NumberTooSmall
        } else {
            Problem::NumberTooLarge
        });
    }
    // A decimal past the smallest double reads as 0 and would be sent as 0: say so.
    let mantissa = text.split(['e', 'E']).next().unwrap_or_default();
    if number == 0.0 && mantissa.bytes().any(|b| matches!(b, b'1'..=b'9')) {
        return Err(Problem::TooNearZero);
    }
    let sent = Number::from_f64(number).ok_or(Problem::NotNumber)?;
    // What is sent must be what was typed: every JSON reader (Python's, JavaScript's, Go's,
    // the receiving server's schema check) reads `1.00000000000000001` as 1.0.
    if crate::model::exact::Decimal::parse(text)
        != crate::model::exact::Decimal::parse(&sent.to_string())
    {
        return Err(Problem::TooPrecise { nearest: sent });
    }
    Ok(sent)
}

/// Checks a number against a number field's bounds, exactly (see [`Exact`]).
pub fn bounds_problem(spec: &NumberSpec, value: &Number) -> Option<Problem> {
    let Some(value) = Exact::of(value) else {
        return Some(Problem::NotNumber);
    };
    if let Some(min) = spec.minimum
        && value < min
    {
        return Some(Problem::AtLeast(min));
    }
    if let Some(max) = spec.maximum
        && value > max
    {
        return Some(Problem::AtMost(max));
    }
    if let Some(min) = spec.exclusive_minimum
        && value <= min
    {
        return Some(Problem::MoreThan(min));
    }
    if let Some(max) = spec.exclusive_maximum
        && value >= max
    {
        return Some(Problem::LessThan(max));
    }
    if let Some(m) = spec.multiple_of
        && !matches!(value, Exact::Int(i) if i % i128::from(m) == 0)
    {
        return Some(Problem::MultipleOf(m));
    }
    None
}

/// Says why no number fits a field's bounds, if none does (for an integer field: no whole number).
pub fn empty_range(spec: &NumberSpec) -> Option<String> {
    type Tighter = fn(&Exact, &Exact) -> bool;
    let pick = |inclusive: Option<Exact>,
                exclusive: Option<Exact>,
                names: [&'static str; 2],
                tighter: Tighter| {
        match (inclusive, exclusive) {
            (Some(i), Some(e)) if tighter(&e, &i) || e == i => Some((e, true, names[1])),
            (Some(i), _) => Some((i, false, names[0])),
            (None, Some(e)) => Some((e, true, names[1])),
            (None, None) => None,
        }
    };
    let low = pick(
        spec.minimum,
        spec.exclusive_minimum,
        ["minimum", "exclusiveMinimum"],
        |a, b| a > b,
    );
    let high = pick(
        spec.maximum,
        spec.exclusive_maximum,
        ["maximum", "exclusiveMaximum"],
        |a, b| a < b,
    );
    let (Some((low, low_open, low_name)), Some((high, high_open, high_name))) = (low, high) else {
        return None;
    };
    let whole = spec.integer || spec.multiple_of.is_some();
    let empty = if whole {
        let first = if low_open && low.is_whole() {
            low.floor() + 1
        } else {
            low.ceil()
        };
        let last = if high_open && high.is_whole() {
            high.ceil() - 1
        } else {
            high.floor()
        };
        let m = spec.multiple_of.map_or(1, i128::from);
        let first_multiple = first.div_euclid(m) * m + if first.rem_euclid(m) == 0 { 0 } else { m };
        first_multiple > last
    } else {
        low > high || (low == high && (low_open || high_open))
    };
    let kind = match spec.multiple_of {
        Some(m) => format!("multiple of {m}"),
        None if spec.integer => "whole number".to_owned(),
        None => "value".to_owned(),
    };
    empty.then(|| format!("{low_name} {low} and {high_name} {high} leave no {kind}"))
}

/// Checks how many options are chosen against `minItems` and `maxItems`.
pub fn item_count_problem(spec: &MultiChoiceSpec, chosen: usize) -> Option<Problem> {
    let chosen = chosen as u64;
    if let Some(min) = spec.min_items
        && chosen < min
    {
        return Some(Problem::ChooseAtLeast(min));
    }
    if let Some(max) = spec.max_items
        && chosen > max
    {
        return Some(Problem::ChooseAtMost(max));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let cases: &[(Format, &str, bool)] = &[
            (Format::Email, "ada@example.com", true),
            (Format::Email, "a.b+c@x-y.example", true),
            (Format::Email, "root@localhost", true),
            (Format::Email, "ada@", false),
            (Format::Email, "@example.com", false),
            (Format::Email, "ada example@x.com", false),
            (Format::Email, "ada..b@x.com", false),
            (Format::Email, "ada@-x.com", false),
            (Format::Uri, "https://example.com/a?b=c#d", true),
            (Format::Uri, "urn:isbn:0451450523", true),
            (Format::Uri, "mailto:ada@example.com", true),
            (Format::Uri, "https://example.com/a%20b", true),
            (Format::Uri, "example.com", false),
            (Format::Uri, "https://exa mple.com", false),
            (Format::Uri, "https://x/%zz", false),
            (Format::Uri, "1http://x", false),
            // Regression: found by tests/properties.rs; `]` outside an IP literal and a second
            // `#` broke the `uri` format of JSON Schema validators.
            (Format::Uri, "https://example.com/a?b=c#d]", false),
            (Format::Uri, "https://example.com/a#b#c", false),
            (Format::Uri, "https://[::1]:8080/x", true),
            (Format::Uri, "https://[v7.fe80::a]/", true),
            (Format::Uri, "https://[::1/x", false),
            (Format::Uri, "https://[example.com]/", false),
            (Format::Uri, "https://ex[ample.com/", false),
            (Format::Uri, "https://host:80a/", false),
            (Format::Uri, "https://user:pw@host/", true),
            (Format::Uri, "https://a@b@host/", false),
            (Format::Uri, "https://example.com/a b", false),
            (Format::Uri, "https://example.com/a|b", false),
            (Format::Uri, "/relative/path", false),
            (Format::Date, "2026-11-30", true),
            (Format::Date, "2024-02-29", true),
            (Format::Date, "2023-02-29", false),
            (Format::Date, "2026-13-01", false),
            (Format::Date, "2026-1-01", false),
            (Format::Date, "30.11.2026", false),
            (Format::DateTime, "2026-11-30T14:30:00Z", true),
            (Format::DateTime, "2026-11-30t14:30:00z", true),
            (Format::DateTime, "2026-11-30T14:30:00.123+01:00", true),
            (Format::DateTime, "2026-11-30T14:30:00-05:30", true),
            (Format::DateTime, "2026-11-30T14:30:00", false),
            (Format::DateTime, "2026-11-30T14:30Z", false),
            (Format::DateTime, "2026-11-30 14:30:00Z", false),
            (Format::DateTime, "2026-11-30T25:30:00Z", false),
            (Format::DateTime, "2026-11-30T14:30:00+0100", false),
            (Format::DateTime, "2026-11-30T14:30:00.Z", false),
        ];
        for &(format, text, ok) in cases {
            assert_eq!(format_ok(format, text), ok, "{} {text:?}", format.name());
        }
    }

    /// Regression: integer bounds above 2^53 were compared as floats, so 2^53 passed a
    /// minimum of 2^53 + 1 and the only valid value between two exclusive bounds was refused.
    #[test]
    fn integer_bounds_are_compared_exactly() {
        let form = |schema: serde_json::Value| {
            crate::model::form::Form::from_schema(
                "m".into(),
                &serde_json::json!({"properties": {"n": schema}, "required": ["n"]}),
            )
        };
        let answer = |schema: serde_json::Value, typed: &str| {
            let form = form(schema).expect("a valid schema");
            field_value(&form.fields[0], &FieldState::Number(typed.into())).map(|v| v.is_some())
        };
        let min_max = serde_json::json!({"type": "integer", "minimum": 9007199254740993u64, "maximum": 9007199254740993u64});
        assert!(answer(min_max.clone(), "9007199254740992").is_err());
        assert_eq!(answer(min_max.clone(), "9007199254740993"), Ok(true));
        assert!(answer(min_max.clone(), "9007199254740994").is_err());
        let below = serde_json::json!({"type": "integer", "maximum": i64::MIN});
        assert!(answer(below.clone(), "-9223372036854775807").is_err());
        assert_eq!(answer(below, "-9223372036854775808"), Ok(true));
        let open = serde_json::json!({"type": "integer", "exclusiveMinimum": 9007199254740992u64, "exclusiveMaximum": 9007199254740994u64});
        assert_eq!(answer(open.clone(), "9007199254740993"), Ok(true));
        assert!(answer(open.clone(), "9007199254740992").is_err());
        let closed = serde_json::json!({"type": "integer", "exclusiveMinimum": 9007199254740992u64, "exclusiveMaximum": 9007199254740993u64});
        assert!(form(closed).is_err(), "no whole number fits");
        let number = serde_json::json!({"type": "number", "maximum": 9007199254740993u64});
        assert!(answer(number.clone(), "9007199254740994").is_err());
        assert_eq!(answer(number.clone(), "9007199254740993"), Ok(true));
        // Sent, it would be 9007199254740992.0, not what was typed (issue 54, item 9).
        assert_eq!(
            answer(number, "9007199254740992.5"),
            Err(Problem::TooPrecise {
                nearest: Number::from_f64(9007199254740992.0).expect("finite")
            })
        );
        let summary = crate::model::summary::form_summary(&form(min_max).expect("valid"));
        assert!(summary.contains("≥ 9007199254740993"), "{summary}");
        // A float bound past 2^53 may not be the number written: refused, with the reason.
        let rounded = serde_json::json!({"type": "integer", "minimum": 18446744073709551616.0});
        let refused = form(rounded).expect_err("not exact");
        assert!(refused.to_string().contains("minimum"), "{refused}");
        assert!(refused.to_string().contains("exactly"), "{refused}");
    }

    /// Regression: `５` from a CJK input method was "not a number", and a whole number past
    /// 64 bits got "Enter a whole number", which it is.
    #[test]
    fn full_width_digits_and_huge_integers() {
        assert_eq!(parse_number("５", true), Ok(Number::from(5)));
        assert_eq!(parse_number("－１２", true), Ok(Number::from(-12)));
        assert_eq!(
            parse_number("２.５", false).map(|n| n.to_string()),
            Ok("2.5".into())
        );
        assert_eq!(
            parse_number("12345678901234567890123", true),
            Err(Problem::TooLarge)
        );
        // In a number field it is a number, but one that would be sent rounded.
        assert_eq!(
            parse_number("12345678901234567890123", false).map_err(|p| describe(&p)),
            Err(
                "Too many digits to send exactly: the nearest number that can be sent is \
                 1.2345678901234568e+22"
                    .to_owned()
            )
        );
    }

    fn describe(problem: &Problem) -> String {
        crate::model::describe::problem_in_english(problem)
    }

    /// Regression (issue 54, items 9 and 10): `1.00000000000000001` was sent as `1.0` and
    /// `0.10000000000000000001` as `0.1` while the review showed what was typed (every JSON
    /// reader, the receiving server's schema check too, reads those digits as that double).
    /// Now a decimal is sent only as a number that says exactly it, else refused naming the
    /// nearest that can be sent; and the words fit: `-9223372036854775809` is too small, not
    /// too large; `1.7976931348623159e308` is a number beyond what can be sent, not "not a
    /// number"; `1.00000000000000001` with `exclusiveMinimum: 1` is not "Must be more than 1".
    #[test]
    fn what_is_sent_is_the_decimal_typed_and_the_words_say_why_not() {
        let number = serde_json::json!({"type": "number"});
        let above_one = serde_json::json!({"type": "number", "exclusiveMinimum": 1});
        let integer = serde_json::json!({"type": "integer"});
        // The schema, the text typed, and the JSON sent or the English of the problem.
        let cases: &[(&Value, &str, Result<&str, &str>)] = &[
            (
                &number,
                "1.00000000000000001",
                Err("Too many digits to send exactly: the nearest number that can be sent is 1.0"),
            ),
            (
                &number,
                "0.10000000000000000001",
                Err("Too many digits to send exactly: the nearest number that can be sent is 0.1"),
            ),
            (
                &above_one,
                "1.00000000000000001",
                Err("Too many digits to send exactly: the nearest number that can be sent is 1.0"),
            ),
            (&above_one, "1.0000000000000002", Ok("1.0000000000000002")),
            (&above_one, "1", Err("Must be more than 1")),
            (
                &number,
                "4.9e-324",
                Err(
                    "Too many digits to send exactly: the nearest number that can be sent is 5e-324",
                ),
            ),
            (&number, "5e-324", Ok("5e-324")),
            (&number, "0.30000000000000004", Ok("0.30000000000000004")),
            (&number, "0.1", Ok("0.1")),
            (&number, "2.50", Ok("2.5")),
            (&number, "-0.0", Ok("-0.0")),
            (&number, "1e3", Ok("1000.0")),
            (&number, "100000000000000000000000", Ok("1e+23")),
            (
                &number,
                "1.7976931348623157e308",
                Ok("1.7976931348623157e+308"),
            ),
            (
                &number,
                "1.7976931348623159e308",
                Err(
                    "Too large to send: the largest number that can be sent is 1.7976931348623157e+308",
                ),
            ),
            (
                &number,
                "-1e400",
                Err(
                    "Too small to send: the smallest number that can be sent is -1.7976931348623157e+308",
                ),
            ),
            (
                &integer,
                "-9223372036854775809",
                Err(
                    "Too small: whole numbers go from -9223372036854775808 to 18446744073709551615",
                ),
            ),
            (&integer, "-9223372036854775808", Ok("-9223372036854775808")),
            (
                &integer,
                "18446744073709551616",
                Err(
                    "Too large: whole numbers go from -9223372036854775808 to 18446744073709551615",
                ),
            ),
            (&integer, "18446744073709551615", Ok("18446744073709551615")),
        ];
        for (schema, typed, want) in cases {
            let form = crate::model::form::Form::from_schema(
                "m".into(),
                &serde_json::json!({"properties": {"n": schema}, "required": ["n"]}),
            )
            .expect("a valid schema");
            let got = field_value(&form.fields[0], &FieldState::Number((*typed).into()))
                .map(|v| v.map(|v| v.to_string()).unwrap_or_default())
                .map_err(|p| describe(&p));
            assert_eq!(
                got,
                want.map(str::to_owned).map_err(str::to_owned),
                "{schema} {typed}"
            );
        }
    }

    /// Regression test for issue 48 item 2: a date typed on an Arabic keyboard (`٢٠٢٦-١٢-٢٠`)
    /// was "not a date". Dates, date-times, times and numbers typed in the digits of any
    /// script are accepted and sent in ASCII; other formats keep their text as typed.
    #[test]
    fn the_digits_of_any_script_are_read_and_sent_in_ascii() {
        let form = |schema: serde_json::Value| {
            crate::model::form::Form::from_schema(
                "m".into(),
                &serde_json::json!({"properties": {"f": schema}, "required": ["f"]}),
            )
            .expect("a valid schema")
        };
        let date = serde_json::json!({"type": "string", "format": "date"});
        let date_time = serde_json::json!({"type": "string", "format": "date-time"});
        let time = serde_json::json!({"type": "string", "format": "time"});
        let plain = serde_json::json!({"type": "string"});
        let cases: &[(&serde_json::Value, &str, Option<&str>)] = &[
            (&date, "٢٠٢٦-١٢-٢٠", Some("2026-12-20")),
            (&date, "۲۰۲۶-۱۲-۲۰", Some("2026-12-20")),
            (&date, "२०२६-१२-२०", Some("2026-12-20")),
            (&date, "২০২৬-১২-২০", Some("2026-12-20")),
            (&date, "２０２６－１２－２０", Some("2026-12-20")),
            (&date, " ٢٠٢٦-١٢-٢٠ ", Some("2026-12-20")),
            (&date, "٢٠٢٦-١٣-٢٠", None),
            (&date, "𝟐𝟎𝟐𝟔-𝟏𝟐-𝟐𝟎", Some("2026-12-20")),
            (
                &date_time,
                "٢٠٢٦-١٢-٢٠T١٤:٣٠:٠٠+٠٣:٠٠",
                Some("2026-12-20T14:30:00+03:00"),
            ),
            (&time, "١٤:٣٠:٠٠Z", Some("14:30:00Z")),
            (&plain, "٢٠٢٦-١٢-٢٠", Some("٢٠٢٦-١٢-٢٠")),
        ];
        for (schema, typed, want) in cases {
            let form = form((*schema).clone());
            let got = field_value(&form.fields[0], &FieldState::Text((*typed).into()));
            match want {
                Some(want) => assert_eq!(got, Ok(Some(Value::String((*want).into()))), "{typed}"),
                None => assert!(got.is_err(), "{typed}: {got:?}"),
            }
        }
        for (typed, integer, want) in [
            ("٤٢", true, "42"),
            ("-٤٢", true, "-42"),
            ("۱۲۳", true, "123"),
            ("४२", true, "42"),
            ("٣٫٥", false, "3.5"),
            ("٣.٥", false, "3.5"),
            ("١e٣", false, "1000.0"),
        ] {
            assert_eq!(
                parse_number(typed, integer).map(|n| n.to_string()),
                Ok(want.to_owned()),
                "{typed}"
            );
        }
        // Digits of other kinds (Nl, No: Roman numerals, superscripts) are not decimal digits.
        assert!(parse_number("Ⅻ", true).is_err());
    }

    /// Regression test for issue 30 item 20: `1e-400` read as 0 and was sent as `0.0`.
    #[test]
    fn a_number_too_near_zero_is_refused() {
        for text in ["1e-400", "-2.5e-400", "0.000001e-320", "１e-400"] {
            assert_eq!(
                parse_number(text, false),
                Err(Problem::TooNearZero),
                "{text}"
            );
        }
    }

    #[test]
    fn numbers_keep_their_type() {
        let cases: &[(&str, bool, Option<&str>)] = &[
            ("3", false, Some("3")),
            ("3", true, Some("3")),
            (" -7 ", true, Some("-7")),
            ("2.5", false, Some("2.5")),
            ("2.0", false, Some("2.0")),
            ("2.5", true, None),
            ("2.0", true, None),
            ("1e3", false, Some("1000.0")),
            ("1e400", false, None),
            ("0e-400", false, Some("0.0")),
            ("5e-324", false, Some("5e-324")),
            ("NaN", false, None),
            ("inf", false, None),
            ("abc", false, None),
            ("", false, None),
        ];
        for &(text, integer, expected) in cases {
            let got = parse_number(text, integer).ok().map(|n| n.to_string());
            assert_eq!(got.as_deref(), expected, "{text:?} integer={integer}");
        }
    }

    /// Regression: `^(a+)+$` backtracks for minutes on some 30 `a`s and a `!`; typing that
    /// froze the window. Now the text is a problem after [`crate::model::form::PATTERN_TIME_LIMIT`],
    /// and at once while that search still runs in the background.
    #[test]
    fn a_pattern_that_backtracks_forever_is_cut_short() {
        let spec = |source: &str| TextSpec {
            pattern: Some(crate::model::form::Pattern::new(source).expect("compiles")),
            ..TextSpec::default()
        };
        let slow = spec("^(a+)+$");
        assert_eq!(
            text_problem(&slow, "aaaa"),
            Ok(()),
            "a quick match still works"
        );
        let evil = format!("{}!", "a".repeat(40));
        let started = std::time::Instant::now();
        let too_slow = Err(Problem::PatternTooSlow {
            pattern: "^(a+)+$".into(),
        });
        assert_eq!(text_problem(&slow, &evil), too_slow, "not accepted");
        assert_eq!(
            text_problem(&slow, "aaaa"),
            too_slow,
            "not while the search runs"
        );
        let took = started.elapsed();
        assert!(
            took < crate::model::form::PATTERN_TIME_LIMIT * 4,
            "took {took:?}"
        );
    }

    #[test]
    fn lengths_count_code_points() {
        let spec = TextSpec {
            min_length: Some(2),
            max_length: Some(3),
            ..TextSpec::default()
        };
        assert!(
            text_problem(&spec, "한국어").is_ok(),
            "3 code points, 9 bytes"
        );
        assert!(text_problem(&spec, "한").is_err());
        assert!(text_problem(&spec, "한국어다").is_err());
        assert!(text_problem(&spec, "👍🏽").is_ok(), "2 code points");
    }
}

//! Reading options: `enum` (+ `enumNames`), titled `oneOf`/`anyOf` consts, multi-select
//! `items`, their defaults, and the checks that every option is distinct to the eye.

use serde_json::{Map, Number, Value};

use super::keys::{COMMON, check_keys, count, optional_string, ordered, wrong_default};
use crate::model::error::RequestError;
use crate::model::form::{
    Choice, ChoiceSpec, FieldKind, MultiChoiceSpec, value_text, visible_text,
};
use crate::model::request::kind_of;
use crate::{model::describe, model::validate};

pub(super) fn enum_choice(
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
        .map(|(value, label)| Choice {
            value,
            label: set_apart(label),
        })
        .collect();
    choice_spec(object, options, path, "enum")
}

/// An option's label as shown: a bidi control in it ends with it, so it cannot turn the marks
/// and numbers we put beside it around (see [`crate::text::untrusted::contained`]).
fn set_apart(label: String) -> String {
    match crate::text::untrusted::contained(&label) {
        std::borrow::Cow::Borrowed(_) => label,
        std::borrow::Cow::Owned(isolated) => isolated,
    }
}

pub(super) fn titled_choice(
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

pub(super) fn multi_choice(
    object: &Map<String, Value>,
    path: &str,
) -> Result<FieldKind, RequestError> {
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
                label: set_apart(value.clone()),
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
                format!(
                    "does not fit the field: {}",
                    describe::problem_in_english(&problem)
                ),
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
            Ok(Choice {
                value,
                label: set_apart(label),
            })
        })
        .collect()
}

/// Checks that an option value has the field's type: a string, a number, or a whole number
/// (a whole number written `3.0` becomes `3`).
pub(super) fn typed_value(value: &Value, kind: &str, path: &str) -> Result<Value, RequestError> {
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
pub(super) fn same_value(a: &Value, b: &Value) -> bool {
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

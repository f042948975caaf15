//! The one reader of `requestedSchema` JSON: each field either maps to a
//! [`FieldKind`] whose every constraint the program enforces, or the whole request is refused
//! with an error naming the property and the keyword. Nothing is silently dropped. What schema
//! generators emit is first rewritten into the strict subset by [`crate::model::normalize`].

use serde_json::{Map, Number, Value};

use crate::model::error::RequestError;
use crate::model::form::{
    Exact, Field, FieldKind, FixedSpec, Form, Format, NumberSpec, Pattern, TextSpec,
    collapse_blank_lines, value_text,
};
use crate::model::normalize;
use crate::model::request::kind_of;
use crate::{model::describe, model::validate};

mod keys;
mod options;

use keys::{COMMON, check_keys, count, optional_string, ordered, wrong_default};
use options::{enum_choice, multi_choice, same_value, titled_choice, typed_value};

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
        let digest = digest(&message, schema);
        Ok(Self {
            message: collapse_blank_lines(&message),
            title,
            description,
            fields,
            digest,
        })
    }
}

/// SHA-256 of `message` and `schema` as given: the message's bytes, a zero byte (no message
/// holds one that JSON can end with), then the schema as compact JSON in its keys' order.
fn digest(message: &str, schema: &Value) -> [u8; 32] {
    /// Hashes what serde_json writes, without a copy of a schema that may be large.
    struct Hashing(ring::digest::Context);
    impl std::io::Write for Hashing {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.update(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut hashing = Hashing(ring::digest::Context::new(&ring::digest::SHA256));
    hashing.0.update(message.as_bytes());
    hashing.0.update(&[0]);
    // Writing to memory cannot fail; a schema that could not be written hashes as written.
    let _ = serde_json::to_writer(&mut hashing, schema);
    let mut digest = [0; 32];
    digest.copy_from_slice(hashing.0.finish().as_ref());
    digest
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
        // A bidi control in a title ends with it: it cannot turn our `*` or `[1/5]` around.
        label: crate::text::untrusted::contained(
            &optional_string(object, "title", path)?.unwrap_or_else(|| name.to_owned()),
        )
        .into_owned(),
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
                format!(
                    "{default} does not fit the field: {}",
                    describe::problem_in_english(&problem)
                ),
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
                    format!(
                        "{n} does not fit the field: {}",
                        describe::problem_in_english(&problem)
                    ),
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

#[cfg(test)]
mod tests;

//! Reading one keyword of a field's schema: the checks both readers (the fields in `mod.rs`,
//! the options in `options.rs`) share, below both.

use serde_json::{Map, Value};

use crate::model::error::RequestError;
use crate::model::request::kind_of;

/// The keys every field may carry.
pub(super) const COMMON: &[&str] = &["type", "title", "description", "default"];

/// Refuses any key not in `allowed`, naming the first such key and what is supported.
pub(super) fn check_keys(
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

/// Reads an optional string such as `title`.
pub(super) fn optional_string(
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
pub(super) fn count(
    object: &Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<Option<u64>, RequestError> {
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

/// Refuses a lower bound above its upper bound (`minLength` over `maxLength`): no value fits.
pub(super) fn ordered(
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

/// The refusal of a `default` that is not what its field holds.
pub(super) fn wrong_default(path: &str, expected: &str, got: &Value) -> RequestError {
    RequestError::invalid(
        format!("{path}.default"),
        format!("must be {expected}, got {got}"),
    )
}

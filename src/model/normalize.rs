//! Rewrites what schema generators (pydantic, zod, schemars) emit into the strict MCP subset,
//! where the meaning is plain and nothing is lost.
//!
//! - `$ref` to `#/$defs/NAME` or `#/definitions/NAME` in the same request, and a one-element
//!   `allOf` (older pydantic's way to put a default next to a `$ref`), are inlined. The
//!   referring schema may give the field its own title, description and default; a constraint
//!   it states with another value than the schema it refers to is refused (both apply in JSON
//!   Schema, and taking either would drop the other). The same goes for a nullable union's keys.
//! - A nullable field, `anyOf`/`oneOf` of a schema and `{"type":"null"}` or a `type` array of
//!   one type and `"null"`, becomes that schema: we never send `null`, and leaving an optional
//!   field out or sending a value both satisfy it. Its `default: null` means "no default".
//! - An `enum` of strings with no `type` is a string enum.
//! - Pure annotations (`examples`, `$comment`, `deprecated`, `readOnly`, `writeOnly`) are dropped:
//!   they constrain nothing.
//!
//! Everything else is left for [`crate::model::form`] to accept or refuse.

use serde_json::{Map, Value};

use crate::model::error::RequestError;

/// Keywords that describe a value without constraining it.
const ANNOTATIONS: &[&str] = &[
    "examples",
    "$comment",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// Keywords a referring schema may restate with a value of its own: they describe the field
/// rather than constrain its value, and the referring schema's are the field's.
const OWN_WORDS: &[&str] = &["title", "description", "default"];

/// How many `$ref`s may chain before we call it a loop.
const MAX_REF_DEPTH: usize = 16;

/// Returns `schema` rewritten into the strict subset, resolving references against `root`.
pub fn field_schema(
    schema: &Value,
    root: &Map<String, Value>,
    path: &str,
) -> Result<Value, RequestError> {
    let Value::Object(object) = schema else {
        return Ok(schema.clone());
    };
    let mut object = inline(object, root, path, 0)?;
    let nullable = unwrap_nullable(&mut object, root, path)?;
    if nullable && object.get("default") == Some(&Value::Null) {
        object.remove("default");
    }
    const_union_to_one_of(&mut object);
    if !object.contains_key("type")
        && let Some(Value::Array(values)) = object.get("enum")
        && let Some(kind) = common_type(values)
    {
        object.insert("type".into(), Value::String(kind.into()));
    }
    for key in ANNOTATIONS {
        object.remove(*key);
    }
    if let Some(Value::Object(items)) = object.get("items") {
        let items = inline(items, root, &format!("{path}.items"), 0)?;
        object.insert("items".into(), Value::Object(items));
    }
    Ok(Value::Object(object))
}

/// A union of constants, as zod writes `z.union([z.literal("a"), ...])`:
/// `anyOf: [{"const": "a", "type": "string", "title"?}, ...]`. Its meaning is the spec's
/// titled single choice: `oneOf: [{"const", "title"}]`.
fn const_union_to_one_of(object: &mut Map<String, Value>) {
    let key = if object.contains_key("anyOf") {
        "anyOf"
    } else if object.contains_key("oneOf") && !object.contains_key("type") {
        "oneOf"
    } else {
        return;
    };
    let Some(Value::Array(branches)) = object.get(key) else {
        return;
    };
    let options: Option<Vec<Map<String, Value>>> = branches
        .iter()
        .map(|branch| {
            let branch = branch.as_object()?;
            let plain = branch
                .keys()
                .all(|k| ["const", "type", "title", "description"].contains(&k.as_str()));
            let constant = branch.get("const")?;
            let typed_right = branch
                .get("type")
                .is_none_or(|t| t.as_str() == common_type(std::slice::from_ref(constant)));
            (plain && typed_right).then(|| {
                let mut option = Map::new();
                option.insert("const".into(), constant.clone());
                if let Some(title) = branch.get("title") {
                    option.insert("title".into(), title.clone());
                }
                option
            })
        })
        .collect();
    let Some(options) = options.filter(|o| !o.is_empty()) else {
        return;
    };
    let constants: Vec<Value> = options
        .iter()
        .filter_map(|o| o.get("const").cloned())
        .collect();
    let Some(kind) = common_type(&constants) else {
        return;
    };
    object.remove(key);
    object.insert(
        "oneOf".into(),
        Value::Array(options.into_iter().map(Value::Object).collect()),
    );
    object
        .entry("type")
        .or_insert_with(|| Value::String(kind.into()));
}

/// The one JSON Schema type all `values` share: string, integer or number.
fn common_type(values: &[Value]) -> Option<&'static str> {
    if values.is_empty() {
        None
    } else if values.iter().all(Value::is_string) {
        Some("string")
    } else if values.iter().all(|v| v.is_i64() || v.is_u64()) {
        Some("integer")
    } else if values.iter().all(Value::is_number) {
        Some("number")
    } else {
        None
    }
}

/// Inlines `$ref` and single-element `allOf`, recursively, the outer keys winning.
fn inline(
    object: &Map<String, Value>,
    root: &Map<String, Value>,
    path: &str,
    depth: usize,
) -> Result<Map<String, Value>, RequestError> {
    if depth > MAX_REF_DEPTH {
        return Err(RequestError::invalid(
            path,
            "\"$ref\" chain is too deep (a loop?)",
        ));
    }
    let mut base = Map::new();
    if let Some(reference) = object.get("$ref") {
        let target = resolve(reference, root, path)?;
        base = inline(target, root, path, depth + 1)?;
    }
    if let Some(all_of) = object.get("allOf") {
        match all_of.as_array().map(Vec::as_slice) {
            Some([Value::Object(only)]) => {
                for (k, v) in &inline(only, root, path, depth + 1)? {
                    overlay(&mut base, k, v, path)?;
                }
            }
            _ => {
                return Err(RequestError::invalid(
                    path,
                    "unsupported keyword \"allOf\" (only a single schema, as generators wrap a \"$ref\", is accepted)",
                ));
            }
        }
    }
    for (k, v) in object {
        if k != "$ref" && k != "allOf" {
            overlay(&mut base, k, v, path)?;
        }
    }
    Ok(base)
}

/// Puts a referring schema's `key: value` over `base`, the schema it refers to or combines
/// with. In JSON Schema both apply: a constraint the two state with different values is
/// refused, since one field can show and enforce only one of them.
fn overlay(
    base: &mut Map<String, Value>,
    key: &str,
    value: &Value,
    path: &str,
) -> Result<(), RequestError> {
    if let Some(existing) = base.get(key)
        && !same(existing, value)
        && !OWN_WORDS.contains(&key)
        && !ANNOTATIONS.contains(&key)
    {
        return Err(RequestError::invalid(
            format!("{path}.{key}"),
            format!(
                "conflicting \"{key}\": {value} here and {existing} in the schema it refers to or \
                 combines with (both would apply; state it once)"
            ),
        ));
    }
    base.insert(key.to_owned(), value.clone());
    Ok(())
}

/// Whether two JSON values are the same, numbers by value (`3` and `3.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) if a.is_number() && b.is_number() => x == y,
        _ => a == b,
    }
}

/// Finds the schema a `$ref` points to: only `#/$defs/NAME` and `#/definitions/NAME`.
fn resolve<'a>(
    reference: &Value,
    root: &'a Map<String, Value>,
    path: &str,
) -> Result<&'a Map<String, Value>, RequestError> {
    let refuse = |why: &str| {
        RequestError::invalid(
            format!("{path}.$ref"),
            format!(
                "{reference} {why} (only \"#/$defs/NAME\" or \"#/definitions/NAME\" within the request)"
            ),
        )
    };
    let text = reference
        .as_str()
        .ok_or_else(|| refuse("is not a string"))?;
    let (section, name) = text
        .strip_prefix("#/$defs/")
        .map(|name| ("$defs", name))
        .or_else(|| {
            text.strip_prefix("#/definitions/")
                .map(|name| ("definitions", name))
        })
        .ok_or_else(|| refuse("cannot be resolved"))?;
    let name = name.replace("~1", "/").replace("~0", "~");
    match root.get(section).and_then(|defs| defs.get(&name)) {
        Some(Value::Object(target)) => Ok(target),
        Some(_) => Err(refuse("does not point to a schema object")),
        None => Err(refuse("points to nothing")),
    }
}

/// Turns a nullable schema into its non-null part. Returns whether it was nullable.
fn unwrap_nullable(
    object: &mut Map<String, Value>,
    root: &Map<String, Value>,
    path: &str,
) -> Result<bool, RequestError> {
    if let Some(Value::Array(types)) = object.get("type") {
        let non_null: Vec<&Value> = types
            .iter()
            .filter(|t| t.as_str() != Some("null"))
            .collect();
        return match non_null.as_slice() {
            [only] if types.len() == 2 => {
                let only = (*only).clone();
                object.insert("type".into(), only);
                Ok(true)
            }
            _ => Err(RequestError::invalid(
                format!("{path}.type"),
                "type unions are not supported (give one type, or one type and \"null\")",
            )),
        };
    }
    for key in ["anyOf", "oneOf"] {
        let Some(Value::Array(branches)) = object.get(key) else {
            continue;
        };
        let is_null = |v: &Value| {
            v.as_object().is_some_and(|o| {
                o.len() == 1 && o.get("type") == Some(&Value::String("null".into()))
            })
        };
        if !branches.iter().any(is_null) {
            continue;
        }
        let rest: Vec<&Value> = branches.iter().filter(|b| !is_null(b)).collect();
        let [Value::Object(inner)] = rest.as_slice() else {
            return Err(RequestError::invalid(
                path,
                format!(
                    "unsupported keyword \"{key}\" (only one schema or'ed with {{\"type\":\"null\"}} is accepted)"
                ),
            ));
        };
        let mut merged = inline(inner, root, path, 0)?;
        for (k, v) in object.iter() {
            if k != key {
                overlay(&mut merged, k, v, path)?;
            }
        }
        *object = merged;
        return Ok(true);
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn normalized(field: Value, root: Value) -> Result<Value, String> {
        let root = root.as_object().cloned().unwrap_or_default();
        field_schema(&field, &root, "p").map_err(|e| e.to_string())
    }

    #[test]
    fn rewrites() {
        let defs = json!({"$defs": {"Color": {"enum": ["red", "green"], "title": "Color", "type": "string"}}});
        let cases = [
            (
                json!({"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Nick"}),
                json!({}),
                json!({"type": "string", "title": "Nick"}),
            ),
            (
                json!({"type": ["integer", "null"], "minimum": 1}),
                json!({}),
                json!({"type": "integer", "minimum": 1}),
            ),
            (
                json!({"$ref": "#/$defs/Color", "default": "red"}),
                defs.clone(),
                json!({"enum": ["red", "green"], "title": "Color", "type": "string", "default": "red"}),
            ),
            (
                json!({"allOf": [{"$ref": "#/$defs/Color"}], "title": "Favourite"}),
                defs.clone(),
                json!({"enum": ["red", "green"], "title": "Favourite", "type": "string"}),
            ),
            (
                json!({"anyOf": [{"$ref": "#/$defs/Color"}, {"type": "null"}]}),
                defs.clone(),
                json!({"enum": ["red", "green"], "title": "Color", "type": "string"}),
            ),
            (
                json!({"type": "array", "items": {"$ref": "#/$defs/Color"}}),
                defs.clone(),
                json!({"type": "array", "items": {"enum": ["red", "green"], "title": "Color", "type": "string"}}),
            ),
            (
                json!({"enum": ["a", "b"]}),
                json!({}),
                json!({"enum": ["a", "b"], "type": "string"}),
            ),
            (
                json!({"enum": [1, 2]}),
                json!({}),
                json!({"enum": [1, 2], "type": "integer"}),
            ),
            (
                json!({"anyOf": [{"type": "string", "const": "yes"}, {"const": "no", "title": "No"}]}),
                json!({}),
                json!({"oneOf": [{"const": "yes"}, {"const": "no", "title": "No"}], "type": "string"}),
            ),
            (
                json!({"type": "string", "examples": ["x"], "deprecated": false}),
                json!({}),
                json!({"type": "string"}),
            ),
            // Restating a constraint with the same value is no conflict; the field's own
            // title, description and default are its own.
            (
                json!({"$ref": "#/$defs/N", "minimum": 1.0, "title": "Copies", "description": "How many", "default": 2}),
                json!({"$defs": {"N": {"type": "integer", "minimum": 1, "title": "N", "description": "A count", "default": 1}}}),
                json!({"type": "integer", "minimum": 1.0, "title": "Copies", "description": "How many", "default": 2}),
            ),
            (
                json!({"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}], "maxLength": 3, "title": "Code"}),
                json!({}),
                json!({"type": "string", "maxLength": 3, "title": "Code"}),
            ),
        ];
        for (field, root, expected) in cases {
            assert_eq!(normalized(field.clone(), root), Ok(expected), "{field}");
        }
    }

    #[test]
    fn refusals() {
        let cases = [
            (
                json!({"$ref": "https://example.com/schema"}),
                json!({}),
                "$ref",
            ),
            (
                json!({"$ref": "#/$defs/Missing"}),
                json!({"$defs": {}}),
                "points to nothing",
            ),
            (
                json!({"$ref": "#/$defs/A"}),
                json!({"$defs": {"A": {"$ref": "#/$defs/A"}}}),
                "too deep",
            ),
            (
                json!({"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}),
                json!({}),
                "anyOf",
            ),
            (
                json!({"allOf": [{"type": "string"}, {"minLength": 1}]}),
                json!({}),
                "allOf",
            ),
            (
                json!({"type": ["string", "integer"]}),
                json!({}),
                "type unions",
            ),
            // Both constraints apply in JSON Schema: taking either would drop the other.
            (
                json!({"$ref": "#/$defs/S", "maxLength": 5}),
                json!({"$defs": {"S": {"type": "string", "maxLength": 3}}}),
                "p.maxLength: conflicting \"maxLength\": 5 here and 3",
            ),
            (
                json!({"$ref": "#/$defs/S", "type": "string"}),
                json!({"$defs": {"S": {"type": "integer"}}}),
                "conflicting \"type\"",
            ),
            (
                json!({"type": "string", "allOf": [{"maxLength": 3}], "maxLength": 5}),
                json!({}),
                "conflicting \"maxLength\"",
            ),
            (
                json!({"$ref": "#/$defs/S", "allOf": [{"format": "email"}]}),
                json!({"$defs": {"S": {"type": "string", "format": "uuid"}}}),
                "conflicting \"format\"",
            ),
            (
                json!({"anyOf": [{"type": "integer", "minimum": 10}, {"type": "null"}], "minimum": 0}),
                json!({}),
                "conflicting \"minimum\"",
            ),
            (
                json!({"$ref": "#/$defs/S", "enum": ["a", "c"]}),
                json!({"$defs": {"S": {"type": "string", "enum": ["a", "b"]}}}),
                "conflicting \"enum\"",
            ),
        ];
        for (field, root, needle) in cases {
            let err = normalized(field.clone(), root).expect_err("refused");
            assert!(err.contains(needle), "{field}: {err}");
        }
    }
}

//! A tool's custom headers in the 2026-07-28 HTTP transport (SEP-2243): a parameter whose
//! schema has `x-mcp-header: NAME` is mirrored into an `Mcp-Param-NAME` header of each
//! `tools/call`, so that the server's infrastructure can route on it without reading the
//! body. A tool whose annotations break the rules (an empty or non-token name, one name
//! twice, a header on an object, array or null) is left out of `tools/list`: "clients MUST
//! reject (exclude) such tools", and a call to it never leaves the proxy.

use std::collections::HashMap;

use serde_json::Value;

/// The headers of one tool: each annotated parameter and the header name it goes in.
pub type Mapping = Vec<(String, String)>;

/// What a `tools/list` result taught: the headers of each valid tool, and the tools left out
/// with why.
#[derive(Debug, Default)]
pub struct Learned {
    /// Tool name → its annotated parameters.
    pub tools: HashMap<String, Mapping>,
    /// The excluded tools, each with the rule it breaks.
    pub rejected: Vec<(String, String)>,
}

/// The annotated parameters of `tool` (its `inputSchema`'s top-level properties), or the
/// rule an annotation breaks.
pub fn mapping(tool: &Value) -> Result<Mapping, String> {
    let mut found: Mapping = Vec::new();
    let Some(properties) = tool
        .pointer("/inputSchema/properties")
        .and_then(Value::as_object)
    else {
        return Ok(found);
    };
    for (property, schema) in properties {
        let Some(annotation) = schema.get("x-mcp-header") else {
            continue;
        };
        let Some(name) = annotation.as_str() else {
            return Err(format!("{property}: x-mcp-header is not a string"));
        };
        if name.is_empty() {
            return Err(format!("{property}: x-mcp-header is empty"));
        }
        if !name.bytes().all(is_token_byte) {
            return Err(format!(
                "{property}: x-mcp-header {name:?} is not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~ only)"
            ));
        }
        let primitive = match schema.get("type") {
            None => true,
            Some(Value::String(kind)) => {
                matches!(kind.as_str(), "string" | "number" | "integer" | "boolean")
            }
            Some(_) => false,
        };
        if !primitive {
            return Err(format!(
                "{property}: x-mcp-header {name:?} on a parameter that is not a string, number or boolean"
            ));
        }
        if found.iter().any(|(_, n)| n.eq_ignore_ascii_case(name)) {
            return Err(format!("x-mcp-header {name:?} names two parameters"));
        }
        found.push((property.clone(), name.to_owned()));
    }
    Ok(found)
}

/// RFC 9110 `tchar`.
fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// Reads a `tools/list` result: leaves out the tools with invalid annotations (true when it
/// changed the result) and learns the others' headers.
pub fn learn(result: &mut Value) -> (Learned, bool) {
    let mut learned = Learned::default();
    let Some(tools) = result.get_mut("tools").and_then(Value::as_array_mut) else {
        return (learned, false);
    };
    let before = tools.len();
    tools.retain(|tool| {
        let name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
        match mapping(tool) {
            Ok(mapping) => {
                if !mapping.is_empty() {
                    learned.tools.insert(name.to_owned(), mapping);
                }
                true
            }
            Err(why) => {
                learned.rejected.push((name.to_owned(), why));
                false
            }
        }
    });
    let changed = tools.len() != before;
    (learned, changed)
}

/// The `Mcp-Param-*` headers of a call with `arguments`: each annotated parameter that has a
/// value (a null or absent one has no header), the value as text (a number as JSON writes
/// it, a boolean as `true`/`false`), encoded by `encode` (plain or Base64).
pub fn headers(
    mapping: &Mapping,
    arguments: Option<&Value>,
    encode: impl Fn(&str) -> String,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (property, name) in mapping {
        let text = match arguments.and_then(|a| a.get(property)) {
            Some(Value::String(text)) => text.clone(),
            Some(Value::Number(number)) => number.to_string(),
            Some(Value::Bool(flag)) => flag.to_string(),
            _ => continue,
        };
        out.push((format!("Mcp-Param-{name}"), encode(&text)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tool(name: &str, properties: Value) -> Value {
        json!({"name": name, "inputSchema": {"type": "object", "properties": properties}})
    }

    #[test]
    fn invalid_annotations_exclude_their_tool_and_keep_the_others() {
        let mut result = json!({"tools": [
            tool("valid", json!({"region": {"type": "string", "x-mcp-header": "Region"}, "q": {"type": "string"}})),
            tool("empty", json!({"v": {"type": "string", "x-mcp-header": ""}})),
            tool("object", json!({"v": {"type": "object", "x-mcp-header": "Data"}})),
            tool("array", json!({"v": {"type": "array", "x-mcp-header": "Items"}})),
            tool("null", json!({"v": {"type": "null", "x-mcp-header": "Nil"}})),
            tool("twice", json!({"a": {"type": "string", "x-mcp-header": "MyField"}, "b": {"type": "string", "x-mcp-header": "myfield"}})),
            tool("space", json!({"v": {"type": "string", "x-mcp-header": "My Region"}})),
            tool("colon", json!({"v": {"type": "string", "x-mcp-header": "Region:Primary"}})),
            tool("accent", json!({"v": {"type": "string", "x-mcp-header": "Région"}})),
            tool("tab", json!({"v": {"type": "string", "x-mcp-header": "Region\t1"}})),
            tool("plain", json!({"v": {"type": "string"}})),
        ]});
        let (learned, changed) = learn(&mut result);
        assert!(changed);
        let kept: Vec<_> = result["tools"]
            .as_array()
            .expect("tools")
            .iter()
            .map(|t| t["name"].as_str().expect("a name"))
            .collect();
        assert_eq!(kept, ["valid", "plain"]);
        assert_eq!(learned.rejected.len(), 9, "{:?}", learned.rejected);
        assert_eq!(
            learned.tools["valid"],
            vec![("region".to_owned(), "Region".to_owned())]
        );
    }

    #[test]
    fn values_become_headers_and_nulls_none() {
        let mapping: Mapping = [
            ("region", "Region"),
            ("n", "N"),
            ("f", "F"),
            ("b", "B"),
            ("gone", "Gone"),
            ("nil", "Nil"),
        ]
        .iter()
        .map(|(p, n)| ((*p).to_owned(), (*n).to_owned()))
        .collect();
        let arguments = json!({"region": "us west", "n": 42, "f": 3.5, "b": false, "nil": null});
        let got = headers(&mapping, Some(&arguments), |t| format!("<{t}>"));
        assert_eq!(
            got,
            [
                ("Mcp-Param-Region".to_owned(), "<us west>".to_owned()),
                ("Mcp-Param-N".to_owned(), "<42>".to_owned()),
                ("Mcp-Param-F".to_owned(), "<3.5>".to_owned()),
                ("Mcp-Param-B".to_owned(), "<false>".to_owned()),
            ]
        );
    }
}

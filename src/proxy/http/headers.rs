//! The headers a request carries that belong to no session: the person's `--header`s, and the
//! routing headers by which the 2026-07-28 era names a request's version, method and target
//! outside its body.

use anyhow::{Context as _, bail};
use serde_json::Value;

use crate::proxy::oauth::pkce;
use crate::proxy::wire;

/// One `--header` after its environment references are filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The header's name, as the person wrote it.
    pub name: String,
    /// Its value, `${VAR}` replaced.
    pub value: String,
}

/// Parses `Name: value`; `${VAR}` in the value is replaced by the environment variable `VAR`
/// (which must be set), so a token need not appear on the command line. Nothing else is
/// expanded: a `$` not followed by `{` is itself.
pub fn parse_header(spec: &str, env: impl Fn(&str) -> Option<String>) -> anyhow::Result<Header> {
    let (name, value) = spec
        .split_once(':')
        .with_context(|| format!("--header {spec:?}: not \"Name: value\""))?;
    let name = name.trim();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_graphic()) {
        bail!("--header {spec:?}: the name is not a header name");
    }
    let mut out = String::new();
    let mut rest = value.trim();
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find('}')
            .with_context(|| format!("--header {name}: \"${{\" without \"}}\""))?;
        let var = &after[..end];
        let Some(found) = env(var) else {
            bail!("--header {name}: the environment variable {var} is not set");
        };
        out.push_str(&found);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    if out.contains(['\r', '\n']) {
        bail!("--header {name}: the value has a line break");
    }
    Ok(Header {
        name: name.to_owned(),
        value: out,
    })
}

/// The headers that route a 2026-07-28 request (its `_meta` names the protocol version): the
/// version, the method and, for a call, a prompt or a resource, its name, which the server
/// checks against the body. Empty for a message of the initialize era.
pub fn routing_headers(message: &Value) -> Vec<(&'static str, String)> {
    let version = message
        .pointer("/params/_meta")
        .and_then(|meta| meta.get(wire::PROTOCOL_VERSION))
        .and_then(Value::as_str);
    let Some(version) = version else {
        return Vec::new();
    };
    let mut headers = vec![("MCP-Protocol-Version", version.to_owned())];
    if let Some(method) = message.get("method").and_then(Value::as_str) {
        headers.push(("Mcp-Method", header_value(method)));
        let name_key = match method {
            "tools/call" | "prompts/get" => Some("name"),
            "resources/read" => Some("uri"),
            _ => None,
        };
        let name = name_key
            .and_then(|key| message.get("params")?.get(key))
            .and_then(Value::as_str);
        if let Some(name) = name {
            headers.push(("Mcp-Name", header_value(name)));
        }
    }
    headers
}

/// A header value as the 2026-07-28 era writes one: printable ASCII without space at either
/// end as it is, anything else as `=?base64?…?=` (UTF-8), so that every byte arrives.
pub fn header_value(text: &str) -> String {
    let plain = text.bytes().all(|b| (0x20..0x7f).contains(&b))
        && text.trim() == text
        && !(text.starts_with("=?base64?") && text.ends_with("?="));
    if plain {
        text.to_owned()
    } else {
        format!("=?base64?{}?=", pkce::base64(text.as_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(name: &str) -> Option<String> {
        (name == "TOKEN").then(|| "s3cret".to_owned())
    }

    #[test]
    fn a_header_takes_its_value_from_the_environment() {
        let header = parse_header("Authorization: Bearer ${TOKEN}", env).expect("parses");
        assert_eq!(header.name, "Authorization");
        assert_eq!(header.value, "Bearer s3cret");
        // A plain `$` is itself: only `${...}` is expanded.
        let plain = parse_header("X-Price: $5", env).expect("parses");
        assert_eq!(plain.value, "$5");
    }

    #[test]
    fn a_header_that_names_an_unset_variable_is_an_error() {
        let error = parse_header("Authorization: Bearer ${NOPE}", env).expect_err("unset");
        assert!(error.to_string().contains("NOPE is not set"), "{error}");
        assert!(parse_header("no colon", env).is_err());
        assert!(parse_header(": empty name", env).is_err());
        assert!(parse_header("X: ${TOKEN", env).is_err());
    }

    #[test]
    fn a_2026_request_carries_its_routing_headers() {
        let call = serde_json::json!({
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "two_step", "_meta": {wire::PROTOCOL_VERSION: "2026-07-28"}},
        });
        assert_eq!(
            routing_headers(&call),
            [
                ("MCP-Protocol-Version", "2026-07-28".to_owned()),
                ("Mcp-Method", "tools/call".to_owned()),
                ("Mcp-Name", "two_step".to_owned()),
            ]
        );
        let read = serde_json::json!({
            "jsonrpc": "2.0", "id": 2, "method": "resources/read",
            "params": {"uri": "file:///é", "_meta": {wire::PROTOCOL_VERSION: "2026-07-28"}},
        });
        assert_eq!(
            routing_headers(&read)[2],
            ("Mcp-Name", "=?base64?ZmlsZTovLy/DqQ==?=".to_owned())
        );
        // The initialize era routes by session: no such headers.
        let legacy = serde_json::json!({
            "jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "x"},
        });
        assert!(routing_headers(&legacy).is_empty());
    }

    #[test]
    fn a_header_value_is_plain_ascii_or_base64() {
        for (text, header) in [
            ("plain name", "plain name"),
            (" edge", "=?base64?IGVkZ2U=?="),
            ("tab\there", "=?base64?dGFiCWhlcmU=?="),
            ("=?base64?eA==?=", "=?base64?PT9iYXNlNjQ/ZUE9PT89?="),
        ] {
            assert_eq!(header_value(text), header, "{text:?}");
        }
    }
}

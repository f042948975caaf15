//! Reading and minimally rewriting JSON-RPC lines without re-serialising them.
//!
//! A message is looked at through borrowed [`RawValue`]s, so every part we do not change stays
//! the exact bytes that arrived (big numeric ids, key order, unknown fields, escapes). A
//! rewrite is a splice: the byte range of one value, found by pointer offset into the line,
//! replaced with new text.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// The top level of a JSON-RPC message, every part still raw.
#[derive(Debug, Deserialize)]
pub struct Message<'a> {
    /// The id of a request or response; `None` for a notification.
    #[serde(borrow, default)]
    pub id: Option<&'a RawValue>,
    /// The method of a request or notification.
    #[serde(borrow, default)]
    pub method: Option<Cow<'a, str>>,
    /// The params of a request or notification.
    #[serde(borrow, default)]
    pub params: Option<&'a RawValue>,
    /// The result of a successful response.
    #[serde(borrow, default)]
    pub result: Option<&'a RawValue>,
    /// The error of a failed response.
    #[serde(borrow, default)]
    pub error: Option<&'a RawValue>,
}

impl<'a> Message<'a> {
    /// Reads one line; `None` when it is not a JSON object (not ours to judge: it is passed on).
    pub fn parse(line: &'a str) -> Option<Self> {
        // A derived struct would also read an array as its fields in order.
        if !line.trim_start().starts_with('{') {
            return None;
        }
        serde_json::from_str(line).ok()
    }

    /// The id as the exact JSON text that was sent, when there is one (`null` counts as none).
    pub fn id_text(&self) -> Option<&'a str> {
        self.id.map(|id| id.get().trim()).filter(|id| *id != "null")
    }

    /// Whether this is a request (a method and an id).
    pub fn is_request(&self) -> bool {
        self.method.is_some() && self.id_text().is_some()
    }

    /// Whether this is a notification (a method, no id).
    pub fn is_notification(&self) -> bool {
        self.method.is_some() && self.id_text().is_none()
    }

    /// Whether this is a response (an id, a result or an error, no method).
    pub fn is_response(&self) -> bool {
        self.method.is_none()
            && self.id_text().is_some()
            && (self.result.is_some() || self.error.is_some())
    }
}

/// The members of a JSON object in the order they were written, each value raw.
#[derive(Debug)]
pub struct Fields<'a>(pub Vec<(String, &'a RawValue)>);

impl<'a> Fields<'a> {
    /// The members of `raw`, or `None` when it is not an object.
    pub fn of(raw: &'a RawValue) -> Option<Self> {
        Self::parse(raw.get())
    }

    /// The members of the object written in `text`, or `None` when it is not one.
    pub fn parse(text: &'a str) -> Option<Self> {
        if !text.trim_start().starts_with('{') {
            return None;
        }
        serde_json::from_str(text).ok()
    }

    /// The raw value of member `key` (the last one, should it be written twice).
    pub fn get(&self, key: &str) -> Option<&'a RawValue> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| *v)
    }

    /// The member `key` read as a string.
    pub fn str(&self, key: &str) -> Option<String> {
        self.get(key)
            .and_then(|v| serde_json::from_str::<String>(v.get()).ok())
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Fields<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FieldsVisitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for FieldsVisitor<'a> {
            type Value = Fields<'a>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Fields<'a>, M::Error> {
                let mut fields = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    let value: &'de RawValue = map.next_value()?;
                    fields.push((key, value));
                }
                Ok(Fields(fields))
            }
        }
        deserializer.deserialize_map(FieldsVisitor(std::marker::PhantomData))
    }
}

/// Where `part` (a slice of `base`, such as a borrowed raw value) lies in `base`.
pub fn span(base: &str, part: &str) -> Range<usize> {
    let start = (part.as_ptr() as usize).saturating_sub(base.as_ptr() as usize);
    start..start + part.len()
}

/// A replacement of one byte range of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    /// The bytes replaced.
    pub range: Range<usize>,
    /// What stands there instead.
    pub text: String,
}

impl Splice {
    /// Replaces the raw value `part` (borrowed from `base`) with `text`.
    pub fn replace(base: &str, part: &RawValue, text: impl Into<String>) -> Self {
        Self {
            range: span(base, part.get()),
            text: text.into(),
        }
    }

    /// Adds member `key: value` at the start of the object `object` (borrowed from `base`).
    pub fn insert_first(base: &str, object: &RawValue, key: &str, value: &str) -> Self {
        let range = span(base, object.get());
        // Just after the opening brace; a comma follows unless the object is empty.
        let open = object.get().find('{').map_or(0, |i| i + 1);
        let empty = Fields::of(object).is_none_or(|f| f.0.is_empty());
        let key = json_string(key);
        let text = if empty {
            format!("{key}:{value}")
        } else {
            format!("{key}:{value},")
        };
        Self {
            range: range.start + open..range.start + open,
            text,
        }
    }
}

/// Applies non-overlapping splices to `line`.
pub fn apply(line: &str, mut splices: Vec<Splice>) -> Vec<u8> {
    splices.sort_by_key(|s| std::cmp::Reverse(s.range.start));
    let mut out = line.to_owned();
    for splice in splices {
        out.replace_range(splice.range, &splice.text);
    }
    out.into_bytes()
}

/// `text` as a JSON string literal.
pub fn json_string(text: &str) -> String {
    Value::String(text.to_owned()).to_string()
}

/// The elicitation capability we declare for a protocol version: both modes from 2025-11-25,
/// the bare object the 2025-06-18 schema knows before that.
pub fn elicitation_capability(protocol_version: Option<&str>) -> &'static str {
    match protocol_version {
        Some(version) if version < "2025-11-25" => "{}",
        _ => r#"{"form":{},"url":{}}"#,
    }
}

/// The elicitation capability in `capabilities` when it declares URL mode alone
/// (`{"url":{}}`): such a client opens URLs but shows no forms. (An empty object means forms,
/// as the 2025-06-18 schema had it.)
pub fn url_only_elicitation(capabilities: &RawValue) -> Option<&RawValue> {
    let elicitation = Fields::of(capabilities)?.get("elicitation")?;
    let modes = Fields::of(elicitation)?;
    (modes.get("url").is_some() && modes.get("form").is_none()).then_some(elicitation)
}

/// An id written one way for comparing: a string in its plainest JSON spelling
/// (`"a\u0062"` is `"ab"`), anything else as it was sent.
pub fn canonical_id(id: &str) -> String {
    match serde_json::from_str::<String>(id) {
        Ok(text) => json_string(&text),
        Err(_) => id.trim().to_owned(),
    }
}

/// Whether a capabilities object declares elicitation (any non-null value).
pub fn declares_elicitation(capabilities: &RawValue) -> bool {
    Fields::of(capabilities)
        .and_then(|f| f.get("elicitation"))
        .is_some_and(|e| e.get().trim() != "null")
}

/// A capabilities object with elicitation declared as `elicitation` and any task-augmented
/// elicitation (`tasks.requests.elicitation`) taken out, so the server never sends a task.
/// Only the capabilities object is re-written; its other members keep their order.
pub fn with_elicitation(capabilities: &RawValue, elicitation: &str) -> String {
    let mut map: Map<String, Value> = serde_json::from_str(capabilities.get()).unwrap_or_default();
    let declared: Value = serde_json::from_str(elicitation).unwrap_or_default();
    map.insert("elicitation".into(), declared);
    if let Some(requests) = map
        .get_mut("tasks")
        .and_then(|t| t.get_mut("requests"))
        .and_then(Value::as_object_mut)
    {
        requests.remove("elicitation");
    }
    Value::Object(map).to_string()
}

/// The `_meta` key that carries the client's capabilities on every 2026-07-28 request.
pub const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
/// The `_meta` key of a 2026-07-28 request that names the client (its `clientInfo`).
pub const CLIENT_INFO: &str = "io.modelcontextprotocol/clientInfo";
/// The `_meta` key that marks a 2026-07-28 request with its protocol version.
pub const PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
/// The `_meta` key that carries the server's identity on 2026-07-28 results.
pub const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// The result of reading a 2026-07-28 `input_required` result.
#[derive(Debug)]
pub struct InputRequired<'a> {
    /// The input requests, in the order the server wrote them: key and raw `{method, params}`.
    pub requests: Vec<(String, &'a RawValue)>,
    /// The opaque state to echo, exactly as sent.
    pub request_state: Option<&'a RawValue>,
}

/// Reads `result` as an `input_required` result, or `None` when it is a final one.
pub fn input_required(result: &RawValue) -> Option<InputRequired<'_>> {
    let fields = Fields::of(result)?;
    if fields.str("resultType").as_deref() != Some("input_required") {
        return None;
    }
    let requests = fields
        .get("inputRequests")
        .and_then(Fields::of)
        .map(|f| f.0)
        .unwrap_or_default();
    Some(InputRequired {
        requests,
        request_state: fields
            .get("requestState")
            .filter(|s| s.get().trim() != "null"),
    })
}

/// The method of an input request entry `{"method", "params"}`.
pub fn input_method(entry: &RawValue) -> Option<String> {
    Fields::of(entry)?.str("method")
}

/// The `mode` of an input request entry's params (`"form"`, `"url"`; `None` for a form too).
pub fn input_mode(entry: &RawValue) -> Option<String> {
    Fields::of(Fields::of(entry)?.get("params")?)?.str("mode")
}

/// The params of a retry round: the original params without any earlier `inputResponses` or
/// `requestState`, then the answers and the state, echoed byte for byte (left out when the
/// server sent none).
pub fn retry_params(params: &str, responses: &[(String, String)], state: Option<&str>) -> String {
    let mut out = String::from("{");
    if let Some(fields) = Fields::parse(params) {
        for (key, value) in &fields.0 {
            if key == "inputResponses" || key == "requestState" {
                continue;
            }
            push_member(&mut out, key, value.get());
        }
    }
    if !responses.is_empty() {
        let mut answers = String::from("{");
        for (key, answer) in responses {
            push_member(&mut answers, key, answer.trim());
        }
        answers.push('}');
        push_member(&mut out, "inputResponses", &answers);
    }
    if let Some(state) = state {
        push_member(&mut out, "requestState", state);
    }
    out.push('}');
    out
}

fn push_member(object: &mut String, key: &str, value: &str) {
    if !object.ends_with('{') {
        object.push(',');
    }
    object.push_str(&json_string(key));
    object.push(':');
    object.push_str(value);
}

/// A JSON-RPC request line (with its newline).
pub fn request_line(id: &str, method: &str, params: &str) -> Vec<u8> {
    format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":{},\"params\":{params}}}\n",
        json_string(method)
    )
    .into_bytes()
}

/// A JSON-RPC error response line (with its newline).
pub fn error_line(id: &str, code: i64, message: &str) -> Vec<u8> {
    format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"error\":{{\"code\":{code},\"message\":{}}}}}\n",
        json_string(message)
    )
    .into_bytes()
}

/// The line as text and its message, or `None` for anything that is not a JSON-RPC object.
pub fn message_of(line: &[u8]) -> Option<(&str, Message<'_>)> {
    let text = std::str::from_utf8(line).ok()?;
    Message::parse(text).map(|message| (text, message))
}

/// Whether a request is of the 2026-07-28 era: its `_meta` names the protocol version.
pub fn is_2026(message: &Message) -> bool {
    message
        .params
        .and_then(Fields::of)
        .and_then(|p| p.get("_meta"))
        .and_then(Fields::of)
        .is_some_and(|meta| meta.get(PROTOCOL_VERSION).is_some())
}

/// The server's own name in an `initialize` or `server/discover` result.
pub fn server_name(result: &serde_json::value::RawValue) -> Option<String> {
    let fields = Fields::of(result)?;
    let from_info = |info: &serde_json::value::RawValue| Fields::of(info)?.str("name");
    fields.get("serverInfo").and_then(from_info).or_else(|| {
        Fields::of(fields.get("_meta")?)?
            .get(SERVER_INFO)
            .and_then(from_info)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> &RawValue {
        serde_json::from_str(text).expect("raw JSON")
    }

    #[test]
    fn a_message_keeps_its_id_exactly() {
        let line = r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{}}"#;
        let message = Message::parse(line).expect("a message");
        assert_eq!(message.id_text(), Some("12345678901234567890123"));
        assert!(message.is_response());
        assert!(Message::parse("not json").is_none());
        assert!(Message::parse("[1]").is_none());
    }

    #[test]
    fn kinds_of_messages() {
        let request = Message::parse(r#"{"jsonrpc":"2.0","id":"a","method":"x"}"#).expect("json");
        let note = Message::parse(r#"{"jsonrpc":"2.0","method":"x"}"#).expect("json");
        let error = Message::parse(r#"{"jsonrpc":"2.0","id":1,"error":{}}"#).expect("json");
        assert!(request.is_request() && !request.is_notification());
        assert!(note.is_notification() && !note.is_request());
        assert!(error.is_response());
    }

    #[test]
    fn splices_change_only_their_range() {
        let line = r#"{"id":1.50,"params":{"b":2,"a":1e400}}"#;
        let message = Message::parse(line).expect("json");
        let id = message.id.expect("id");
        let params = message.params.expect("params");
        let out = apply(
            line,
            vec![
                Splice::replace(line, id, "\"p-1\""),
                Splice::insert_first(line, params, "new", "true"),
            ],
        );
        assert_eq!(
            String::from_utf8(out).expect("utf8"),
            r#"{"id":"p-1","params":{"new":true,"b":2,"a":1e400}}"#
        );
    }

    #[test]
    fn insert_into_an_empty_object() {
        let line = r#"{"params":{ }}"#;
        let params = Message::parse(line).expect("json").params.expect("params");
        let out = apply(line, vec![Splice::insert_first(line, params, "k", "1")]);
        assert_eq!(
            String::from_utf8(out).expect("utf8"),
            r#"{"params":{"k":1 }}"#
        );
    }

    #[test]
    fn url_only_clients_and_canonical_ids() {
        let caps = raw(r#"{"elicitation":{"url":{}},"sampling":{}}"#);
        assert_eq!(
            url_only_elicitation(caps).map(RawValue::get),
            Some(r#"{"url":{}}"#)
        );
        for other in [
            r#"{"elicitation":{}}"#,
            r#"{"elicitation":{"form":{},"url":{}}}"#,
            r#"{"sampling":{}}"#,
        ] {
            assert!(url_only_elicitation(raw(other)).is_none(), "{other}");
        }
        assert_eq!(canonical_id(r#""a\u0062""#), r#""ab""#);
        assert_eq!(canonical_id(" 12 "), "12");
        let entry = raw(r#"{"method":"elicitation/create","params":{"mode":"url"}}"#);
        assert_eq!(input_mode(entry).as_deref(), Some("url"));
    }

    #[test]
    fn capability_by_version() {
        assert_eq!(elicitation_capability(Some("2025-06-18")), "{}");
        assert_eq!(
            elicitation_capability(Some("2025-11-25")),
            r#"{"form":{},"url":{}}"#
        );
        assert_eq!(
            elicitation_capability(Some("2026-07-28")),
            r#"{"form":{},"url":{}}"#
        );
    }

    #[test]
    fn elicitation_is_declared_and_tasks_lose_it() {
        let caps = raw(
            r#"{"sampling":{},"tasks":{"list":{},"requests":{"elicitation":{"create":{}},"sampling":{"createMessage":{}}}}}"#,
        );
        assert!(!declares_elicitation(caps));
        assert_eq!(
            with_elicitation(caps, r#"{"form":{},"url":{}}"#),
            r#"{"sampling":{},"tasks":{"list":{},"requests":{"sampling":{"createMessage":{}}}},"elicitation":{"form":{},"url":{}}}"#
        );
        assert!(declares_elicitation(raw(r#"{"elicitation":{}}"#)));
        assert!(!declares_elicitation(raw(r#"{"elicitation":null}"#)));
    }

    #[test]
    fn input_required_results_are_read() {
        let result = raw(
            r#"{"resultType":"input_required","inputRequests":{"b":{"method":"elicitation/create","params":{}},"a":{"method":"sampling/createMessage"}},"requestState":"s\u00e9"}"#,
        );
        let input = input_required(result).expect("input required");
        let keys: Vec<&str> = input.requests.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["b", "a"]);
        assert_eq!(input.request_state.map(RawValue::get), Some(r#""s\u00e9""#));
        assert_eq!(
            input_method(input.requests[1].1).as_deref(),
            Some("sampling/createMessage")
        );
        assert!(input_required(raw(r#"{"resultType":"complete"}"#)).is_none());
        assert!(input_required(raw(r#"{"content":[]}"#)).is_none());
        let bare = input_required(raw(r#"{"resultType":"input_required"}"#)).expect("state only");
        assert!(bare.requests.is_empty() && bare.request_state.is_none());
    }

    #[test]
    fn retry_params_replace_earlier_answers_and_echo_the_state() {
        let params = r#"{"name":"t","inputResponses":{"old":{}},"arguments":{"n":12345678901234567890123},"requestState":"old"}"#;
        let responses = vec![("k".to_owned(), "{\"action\":\"decline\"}\n".to_owned())];
        assert_eq!(
            retry_params(params, &responses, Some(r#""s\u00e9""#)),
            r#"{"name":"t","arguments":{"n":12345678901234567890123},"inputResponses":{"k":{"action":"decline"}},"requestState":"s\u00e9"}"#
        );
        assert_eq!(
            retry_params(r#"{"name":"t"}"#, &[], None),
            r#"{"name":"t"}"#
        );
    }

    #[test]
    fn lines_we_write() {
        assert_eq!(
            String::from_utf8(request_line("\"p-1\"", "tools/call", "{}")).expect("utf8"),
            "{\"jsonrpc\":\"2.0\",\"id\":\"p-1\",\"method\":\"tools/call\",\"params\":{}}\n"
        );
        assert_eq!(
            String::from_utf8(error_line("7", -32603, "a \"b\"")).expect("utf8"),
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32603,\"message\":\"a \\\"b\\\"\"}}\n"
        );
    }
}

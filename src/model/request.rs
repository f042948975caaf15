//! Reading a request: bytes in, the envelope it came in, and its params.
//!
//! Three envelopes reach us (see the contract): bare params, a JSON-RPC 2.0 request, and the
//! 2026-07-28 input-request entry. The envelope decides how the answer is wrapped; the params
//! decide what is shown. Everything here is pure so the tests can call it directly.

use serde_json::{Map, Value};

use crate::model::error::RequestError;

/// The largest request we read, in bytes.
pub const MAX_REQUEST_BYTES: usize = 1024 * 1024;

/// How the request arrived, which is how the answer must leave.
#[derive(Debug, Clone, PartialEq)]
pub enum Envelope {
    /// Bare `ElicitRequestParams`: the answer is the bare result.
    Bare,
    /// A JSON-RPC 2.0 request: the answer is a response with the same id.
    JsonRpc {
        /// The request id, echoed in the response.
        id: RequestId,
    },
    /// The 2026-07-28 input-request entry `{"method", "params"}`: the answer is the bare result.
    InputRequest,
    /// Claude Code's `Elicitation` hook input (`hook_event_name`, `mcp_server_name`,
    /// `requested_schema`): the answer is its `hookSpecificOutput`, and a request that cannot be
    /// shown leaves stdout empty with exit 0, so that Claude Code asks in its own dialog.
    ClaudeCodeHook {
        /// The MCP server Claude Code asks for (`mcp_server_name`).
        server: Option<String>,
    },
    /// Claude Code's `PreToolUse` hook input (`tool_name`, `tool_input`), for Claude's own
    /// questions (`AskUserQuestion`): shown as a form by [`crate::model::claude_questions`], whose
    /// answer becomes the hook's `updatedInput`; as for the `Elicitation` hook, anything but
    /// an answer leaves stdout empty with exit 0, and a cancel too (Claude Code then asks in
    /// its own dialog).
    ClaudeCodeQuestions {
        /// The tool's input, `{"questions": [...]}`, which the answer carries back (boxed:
        /// every envelope is as small as the others).
        tool_input: Box<Value>,
    },
}

/// A JSON-RPC request id, kept as the exact JSON text the client sent: a client matches the
/// response to its request by this text, so `12345678901234567890123` must not come back as
/// `1.2345678901234568e+22`, nor `-0` as `-0.0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(String);

impl RequestId {
    /// The id of a decoded value; exact for strings and for numbers that fit 64 bits. Use
    /// [`decode`] to keep any id exactly.
    pub fn from_value(id: &Value) -> Self {
        Self(id.to_string())
    }

    /// The id as JSON text, to be written into the response as is.
    pub fn as_json(&self) -> &str {
        &self.0
    }
}

/// What the request asks for, still as wire JSON.
#[derive(Debug, Clone, PartialEq)]
pub enum Params {
    /// A form: the message and the `requestedSchema` value.
    Form {
        /// The text shown above the fields.
        message: String,
        /// The raw `requestedSchema`, turned into a [`crate::model::form::Form`] by
        /// [`crate::model::form::Form::from_schema`].
        schema: Value,
    },
    /// A URL to visit.
    Url {
        /// The text shown above the URL.
        message: String,
        /// The URL to open.
        url: String,
    },
}

/// A request decoded from its bytes, in one pass: its value, and how it came.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// The request as JSON.
    pub value: Value,
    /// How the request came, with a JSON-RPC id exactly as written.
    pub envelope: Envelope,
}

/// Decodes the raw bytes: size, UTF-8 (a leading BOM is skipped), JSON syntax, and the
/// envelope, all in one pass over the bytes.
pub fn decode(bytes: &[u8]) -> Result<Decoded, RequestError> {
    if bytes.len() > MAX_REQUEST_BYTES {
        return Err(RequestError::TooLarge);
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| RequestError::NotUtf8 {
        offset: e.valid_up_to(),
    })?;
    if text.trim().is_empty() {
        return Err(RequestError::Empty);
    }
    let top::Top { value, id } =
        serde_json::from_str(text).map_err(|e| RequestError::NotJson(e.to_string()))?;
    let envelope = match envelope_of(&value) {
        Envelope::JsonRpc { .. } if id.is_some() => Envelope::JsonRpc {
            id: RequestId(id.map(|raw| raw.get().to_owned()).unwrap_or_default()),
        },
        envelope => envelope,
    };
    Ok(Decoded { value, envelope })
}

/// Whether bytes that could not be decoded (over the size limit, cut short, not UTF-8 after
/// their start) begin as Claude Code's hook input: a top-level `"hook_event_name"` key before
/// the trouble. Such a request must still end as a hook's does, never in exit 2, which Claude
/// Code reads as the person's decline. (A reader that saw more than these bytes asks
/// [`HookLook`] itself.)
pub fn starts_as_hook(bytes: &[u8]) -> bool {
    let mut look = HookLook::default();
    look.feed(bytes);
    look.found()
}

/// The key only Claude Code's hook input has at its top level.
const HOOK_KEY: &[u8] = b"hook_event_name";

/// Looks for Claude Code's hook input as bytes stream past: a top-level `"hook_event_name"`
/// key, wherever it comes in the object (Claude Code writes it after the message in some
/// versions, so past the first MiB of a large one). It keeps a few bytes of state, never the
/// input, so a reader may feed it all of stdin while keeping only what it can parse.
///
/// It reads strings and nesting, nothing else of JSON: a key is a string at depth 1 followed
/// by `:`. Input that does not start with `{` (after white space and a BOM) is no hook input.
#[derive(Debug, Default)]
pub struct HookLook {
    state: LookState,
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// The depth-1 string being read, while it can still be the key (its first bytes).
    key: Vec<u8>,
    /// Whether the depth-1 string just closed is the key, so that a `:` next makes it one.
    after_key: bool,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum LookState {
    /// Before the first `{`.
    #[default]
    Start,
    /// In the top-level object.
    Object,
    /// The key was found.
    Found,
    /// Not hook input: something else came first, or the top-level object ended.
    Not,
}

impl HookLook {
    /// Reads `bytes`, the next part of the input.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            match self.state {
                LookState::Found | LookState::Not => return,
                LookState::Start => match b {
                    b'{' => {
                        self.state = LookState::Object;
                        self.depth = 1;
                    }
                    b' ' | b'\t' | b'\n' | b'\r' | 0xEF | 0xBB | 0xBF => {}
                    _ => self.state = LookState::Not,
                },
                LookState::Object => self.object_byte(b),
            }
        }
    }

    fn object_byte(&mut self, b: u8) {
        if self.in_string {
            if self.escaped {
                self.escaped = false;
                self.key.clear();
                self.key.push(0);
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                self.after_key = self.depth == 1 && self.key == HOOK_KEY;
                self.key.clear();
            } else if self.depth == 1 && self.key.len() <= HOOK_KEY.len() {
                self.key.push(b);
            }
            return;
        }
        let after_key = std::mem::take(&mut self.after_key);
        match b {
            b'"' => {
                self.in_string = true;
                self.key.clear();
            }
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => {
                self.depth -= 1;
                if self.depth == 0 {
                    self.state = LookState::Not;
                }
            }
            b':' if after_key => self.state = LookState::Found,
            b' ' | b'\t' | b'\n' | b'\r' => self.after_key = after_key,
            _ => {}
        }
    }

    /// Whether the input is hook input: its top-level key was seen.
    pub fn found(&self) -> bool {
        self.state == LookState::Found
    }

    /// Whether more input would change nothing: the key was seen, or cannot come any more.
    pub fn settled(&self) -> bool {
        matches!(self.state, LookState::Found | LookState::Not)
    }
}

/// Finds the envelope of a decoded request. Never fails, so that even a bad JSON-RPC request
/// can be answered with an error carrying its id. (Use [`decode`] to keep any id exactly.)
pub fn envelope_of(value: &Value) -> Envelope {
    let Some(object) = value.as_object() else {
        return Envelope::Bare;
    };
    if object.get("hook_event_name") == Some(&Value::from(crate::model::claude_questions::EVENT)) {
        Envelope::ClaudeCodeQuestions {
            tool_input: Box::new(object.get("tool_input").cloned().unwrap_or(Value::Null)),
        }
    } else if object.contains_key("hook_event_name") {
        Envelope::ClaudeCodeHook {
            server: object
                .get("mcp_server_name")
                .and_then(Value::as_str)
                .map(str::to_owned),
        }
    } else if object.contains_key("jsonrpc") {
        let id = object.get("id").unwrap_or(&Value::Null);
        Envelope::JsonRpc {
            id: RequestId::from_value(id),
        }
    } else if object.contains_key("method") {
        Envelope::InputRequest
    } else {
        Envelope::Bare
    }
}

/// Reads the params of a decoded request that came in `envelope`: what it asks, or the first
/// thing wrong with it.
pub fn parse(value: &Value, envelope: &Envelope) -> Result<Params, RequestError> {
    let object = value
        .as_object()
        .ok_or_else(|| RequestError::invalid("request", "must be a JSON object"))?;
    let (params, path) = match envelope {
        Envelope::Bare => (object, ""),
        Envelope::JsonRpc { .. } => {
            if object.get("jsonrpc") != Some(&Value::String("2.0".into())) {
                return Err(RequestError::invalid("jsonrpc", "must be \"2.0\""));
            }
            if !object
                .get("id")
                .is_some_and(|id| id.is_string() || id.is_number())
            {
                return Err(RequestError::invalid(
                    "id",
                    "a JSON-RPC request needs an \"id\" that is a string or a number",
                ));
            }
            (params_object(object)?, "params.")
        }
        Envelope::InputRequest => (params_object(object)?, "params."),
        Envelope::ClaudeCodeHook { .. } | Envelope::ClaudeCodeQuestions { .. } => {
            match object.get("hook_event_name") {
                Some(Value::String(event)) if event == "Elicitation" => {}
                other => {
                    return Err(RequestError::invalid(
                        "hook_event_name",
                        format!(
                            "unsupported Claude Code hook event {} (form-elicitation answers the \"Elicitation\" hook)",
                            other.map_or_else(|| "null".to_owned(), Value::to_string)
                        ),
                    ));
                }
            }
            (object, "")
        }
    };
    let message = match params.get("message") {
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            return Err(RequestError::invalid(
                format!("{path}message"),
                format!("must be a string, got {}", kind_of(other)),
            ));
        }
        None => {
            return Err(RequestError::invalid(
                format!("{path}message"),
                "is missing (every elicitation needs a message)",
            ));
        }
    };
    // Claude Code's hook names the schema in snake case; MCP's camel case is taken too.
    let schema_key = match envelope {
        Envelope::ClaudeCodeHook { .. } | Envelope::ClaudeCodeQuestions { .. }
            if !params.contains_key("requestedSchema") =>
        {
            "requested_schema"
        }
        _ => "requestedSchema",
    };
    let params = match params.get("mode") {
        None => form_params(params, message, path, schema_key)?,
        Some(Value::String(mode)) if mode == "form" => {
            form_params(params, message, path, schema_key)?
        }
        Some(Value::String(mode)) if mode == "url" => match params.get("url") {
            Some(Value::String(url)) => Params::Url {
                message,
                url: url.clone(),
            },
            _ => {
                return Err(RequestError::invalid(
                    format!("{path}url"),
                    "URL mode needs a \"url\" string",
                ));
            }
        },
        Some(other) => {
            return Err(RequestError::invalid(
                format!("{path}mode"),
                format!("unsupported mode {other} (supported: \"form\", \"url\")"),
            ));
        }
    };
    Ok(params)
}

fn params_object(object: &Map<String, Value>) -> Result<&Map<String, Value>, RequestError> {
    match object.get("method") {
        Some(Value::String(m)) if m == "elicitation/create" => {}
        Some(other) => {
            return Err(RequestError::UnknownMethod(
                other
                    .as_str()
                    .map_or_else(|| other.to_string(), str::to_owned),
            ));
        }
        None => return Err(RequestError::invalid("method", "is missing")),
    }
    match object.get("params") {
        Some(Value::Object(params)) => Ok(params),
        Some(other) => Err(RequestError::invalid(
            "params",
            format!("must be an object, got {}", kind_of(other)),
        )),
        None => Err(RequestError::invalid("params", "is missing")),
    }
}

fn form_params(
    params: &Map<String, Value>,
    message: String,
    path: &str,
    schema_key: &str,
) -> Result<Params, RequestError> {
    match params.get(schema_key) {
        Some(schema) => Ok(Params::Form {
            message,
            schema: schema.clone(),
        }),
        None => Err(RequestError::invalid(
            format!("{path}{schema_key}"),
            "is missing (a form request needs one)",
        )),
    }
}

/// Names a JSON value's type for error messages.
pub fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse_str(text: &str) -> Result<(Envelope, Params), RequestError> {
        let Decoded { value, envelope } = decode(text.as_bytes())?;
        Ok((envelope.clone(), parse(&value, &envelope)?))
    }

    /// Regression (issue 43): hook input over 1 MiB was refused as a bare request, exit 2,
    /// which Claude Code reads as the person's decline.
    #[test]
    fn undecodable_bytes_that_start_as_hook_input_are_known_as_such() {
        let mut big =
            br#"{"session_id":"s","cwd":"/x{[\"","hook_event_name":"Elicitation","message":""#
                .to_vec();
        big.extend(std::iter::repeat_n(b'a', MAX_REQUEST_BYTES));
        assert!(matches!(decode(&big), Err(RequestError::TooLarge)));
        assert!(starts_as_hook(&big));
        for not_a_hook in [
            &br#"{"message":"hook_event_name","x":1"#[..],
            br#"{"a":{"hook_event_name":"Elicitation"},"#,
            br#"["hook_event_name":"#,
            br#"{"message":"\"hook_event_name\":"#,
            b"",
        ] {
            assert!(
                !starts_as_hook(not_a_hook),
                "{}",
                String::from_utf8_lossy(not_a_hook)
            );
        }
    }

    /// Regression (issue 54, item 4): hook input whose `hook_event_name` comes after a message
    /// of over 1 MiB was read as far as the limit, not known as hook input, and refused with
    /// exit 2 (Claude Code's "the person declined"). The look goes on past what is kept, in
    /// whatever chunks the pipe gives.
    #[test]
    fn the_hook_key_is_found_anywhere_in_the_top_level_object_whatever_the_chunks() {
        let small = br#"  {"session_id":"s","message":"a \"b\" {[","x":{"hook_event_name":1},"hook_event_name" : "Elicitation"}"#;
        for split in 0..small.len() {
            let mut look = HookLook::default();
            let (head, tail) = small.split_at(split);
            look.feed(head);
            look.feed(tail);
            assert!(look.found() && look.settled(), "split at {split}");
        }
        let mut look = HookLook::default();
        look.feed(br#"{"session_id":"abc123","message":""#);
        for _ in 0..(2 * MAX_REQUEST_BYTES / 4096) {
            look.feed(&[b'x'; 4096]);
            assert!(!look.settled(), "a long message settles nothing");
        }
        look.feed(br#"","hook_event_name":"Elicitation"}"#);
        assert!(look.found());
        for not_a_hook in [
            &br#"{"message":"x"} {"hook_event_name":"Elicitation"}"#[..],
            br#"{"hook_event_nam\u0065":1}"#,
            br#"{"hook_event_name_":1}"#,
            br#"{"message":"hook_event_name","x":1}"#,
            b"hook_event_name:",
        ] {
            let mut look = HookLook::default();
            look.feed(not_a_hook);
            assert!(!look.found(), "{}", String::from_utf8_lossy(not_a_hook));
        }
    }

    #[test]
    fn envelopes() {
        let form = r#"{"message":"m","requestedSchema":{"type":"object","properties":{}}}"#;
        let cases = [
            (form.to_owned(), Envelope::Bare),
            (
                format!(
                    r#"{{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{form}}}"#
                ),
                Envelope::JsonRpc {
                    id: RequestId::from_value(&json!(7)),
                },
            ),
            (
                format!(
                    r#"{{"jsonrpc":"2.0","id":"a","method":"elicitation/create","params":{form}}}"#
                ),
                Envelope::JsonRpc {
                    id: RequestId::from_value(&json!("a")),
                },
            ),
            (
                format!(r#"{{"method":"elicitation/create","params":{form}}}"#),
                Envelope::InputRequest,
            ),
        ];
        for (text, envelope) in cases {
            let (got, params) = parse_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(got, envelope, "{text}");
            assert!(matches!(params, Params::Form { .. }));
        }
    }

    #[test]
    fn bad_bytes() {
        assert!(matches!(decode(b""), Err(RequestError::Empty)));
        assert!(matches!(decode(b"  \n"), Err(RequestError::Empty)));
        assert!(matches!(decode(b"{"), Err(RequestError::NotJson(_))));
        assert!(matches!(
            decode(b"{\"a\":\"\xff\"}"),
            Err(RequestError::NotUtf8 { offset: 6 })
        ));
        let big = vec![b' '; MAX_REQUEST_BYTES + 1];
        assert!(matches!(decode(&big), Err(RequestError::TooLarge)));
        let deep = "[".repeat(100_000);
        assert!(matches!(
            decode(deep.as_bytes()),
            Err(RequestError::NotJson(_))
        ));
        assert!(decode(b"\xEF\xBB\xBF{}").is_ok(), "a BOM is skipped");
    }

    #[test]
    fn bad_shapes() {
        let cases = [
            ("[]", "request"),
            (r#"{"requestedSchema":{}}"#, "message"),
            (r#"{"message":1,"requestedSchema":{}}"#, "message"),
            (r#"{"message":"m"}"#, "requestedSchema"),
            (r#"{"message":"m","mode":"carrier-pigeon"}"#, "mode"),
            (r#"{"message":"m","mode":"url"}"#, "url"),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#,
                "tools/call",
            ),
            (
                r#"{"jsonrpc":"2.0","method":"elicitation/create","params":{}}"#,
                "id",
            ),
            (r#"{"method":"elicitation/create"}"#, "params"),
        ];
        for (text, needle) in cases {
            let err = parse_str(text).expect_err(text).to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }

    /// Claude Code's hook input, exactly as its hooks reference shows it, in both schema
    /// spellings and with fields a later version may add.
    #[test]
    fn claude_code_hook_input_parses() {
        let schema =
            r#"{"type":"object","properties":{"username":{"type":"string","title":"Username"}}}"#;
        for key in ["requested_schema", "requestedSchema"] {
            let text = format!(
                r#"{{"session_id":"abc123","transcript_path":"/home/u/.claude/projects/p/00893aaf.jsonl","cwd":"/home/u/project","permission_mode":"default","hook_event_name":"Elicitation","mcp_server_name":"my-mcp-server","message":"Please provide your credentials","mode":"form","elicitation_id":"elicit-123","{key}":{schema},"added_later":{{"x":1}}}}"#
            );
            let (envelope, params) = parse_str(&text).unwrap_or_else(|e| panic!("{key}: {e}"));
            assert_eq!(
                envelope,
                Envelope::ClaudeCodeHook {
                    server: Some("my-mcp-server".into())
                }
            );
            assert_eq!(
                params,
                Params::Form {
                    message: "Please provide your credentials".into(),
                    schema: serde_json::from_str(schema).expect("JSON")
                }
            );
        }
        let url = r#"{"hook_event_name":"Elicitation","mcp_server_name":"s","message":"m","mode":"url","url":"https://x.test/a"}"#;
        assert_eq!(
            parse_str(url).expect("a URL request").1,
            Params::Url {
                message: "m".into(),
                url: "https://x.test/a".into()
            }
        );
        let other = r#"{"hook_event_name":"PreToolUse","message":"m","requested_schema":{}}"#;
        let error = parse_str(other)
            .expect_err("not the Elicitation hook")
            .to_string();
        assert!(error.contains("\"PreToolUse\""), "{error}");
    }

    #[test]
    fn url_mode_parses() {
        let (_, params) =
            parse_str(r#"{"mode":"url","message":"m","url":"https://x.test","elicitationId":"e"}"#)
                .expect("url params");
        assert_eq!(
            params,
            Params::Url {
                message: "m".into(),
                url: "https://x.test".into()
            }
        );
    }
}

/// The one pass over a request's text: its value, and the top-level `"id"` exactly as written
/// (a client matches the response by that text; see [`RequestId`]).
mod top {
    use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
    use serde_json::value::RawValue;
    use serde_json::{Map, Value};

    /// A decoded request and the text of its top-level `"id"`, if it has one.
    pub struct Top {
        pub value: Value,
        pub id: Option<Box<RawValue>>,
    }

    impl<'de> Deserialize<'de> for Top {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(TopVisitor)
        }
    }

    struct TopVisitor;

    impl TopVisitor {
        fn plain<E>(value: Value) -> Result<Top, E> {
            Ok(Top { value, id: None })
        }
    }

    impl<'de> Visitor<'de> for TopVisitor {
        type Value = Top;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a JSON value")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Top, A::Error> {
            let mut object = Map::new();
            let mut id = None;
            while let Some(key) = map.next_key::<String>()? {
                let value = if key == "id" {
                    let raw: Box<RawValue> = map.next_value()?;
                    let value = serde_json::from_str(raw.get()).map_err(de::Error::custom)?;
                    id = Some(raw);
                    value
                } else {
                    map.next_value()?
                };
                // As serde_json's own `Value` does: a repeated key keeps its last value.
                object.insert(key, value);
            }
            Ok(Top {
                value: Value::Object(object),
                id,
            })
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Top, A::Error> {
            let mut items = Vec::new();
            while let Some(item) = seq.next_element::<Value>()? {
                items.push(item);
            }
            Self::plain(Value::Array(items))
        }

        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Top, E> {
            Self::plain(Value::Bool(v))
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Top, E> {
            Self::plain(Value::from(v))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Top, E> {
            Self::plain(Value::from(v))
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Top, E> {
            Self::plain(Value::from(v))
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Top, E> {
            Self::plain(Value::String(v.to_owned()))
        }

        fn visit_unit<E: de::Error>(self) -> Result<Top, E> {
            Self::plain(Value::Null)
        }
    }
}

/// Tells, byte by byte, when the first JSON object or array in a stream is complete, without
/// parsing it: a caller that writes its request and keeps the pipe open must not hang us, and
/// the bytes are parsed once, by [`decode`], when they are all here.
///
/// It counts brackets outside strings; a stream that does not start with `{` or `[` (after
/// white space and a BOM) is read to its end.
#[derive(Debug, Default)]
pub struct ValueEnd {
    depth: usize,
    started: bool,
    in_string: bool,
    escaped: bool,
    not_a_container: bool,
}

impl ValueEnd {
    /// Reads `bytes`, the next part of the stream; returns whether the value is complete.
    pub fn feed(&mut self, bytes: &[u8]) -> bool {
        for &byte in bytes {
            if self.not_a_container {
                return false;
            }
            if self.in_string {
                match (self.escaped, byte) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' => self.in_string = true,
                b'{' | b'[' => {
                    self.started = true;
                    self.depth += 1;
                }
                b'}' | b']' if self.started => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return true;
                    }
                }
                b' ' | b'\t' | b'\n' | b'\r' | 0xEF | 0xBB | 0xBF if !self.started => {}
                _ if !self.started => self.not_a_container = true,
                _ => {}
            }
        }
        false
    }
}

#[cfg(test)]
mod stream_tests {
    use super::*;

    #[test]
    fn a_value_ends_at_its_last_bracket_whatever_the_chunks() {
        let text = br#" {"a":"}]\"{","b":[1,{"c":[]}]} "#;
        for split in 0..text.len() {
            let mut end = ValueEnd::default();
            let (head, tail) = text.split_at(split);
            let done = end.feed(head) || end.feed(tail);
            assert!(done, "split at {split}");
        }
        let mut end = ValueEnd::default();
        assert!(
            !end.feed(br#"{"a":"}"#),
            "a bracket in a string does not end it"
        );
        assert!(!end.feed(b"\xEF\xBB\xBF"));
        let mut scalar = ValueEnd::default();
        assert!(
            !scalar.feed(b"12 }"),
            "a scalar is read to the end of the stream"
        );
    }

    /// The id is kept exactly as written, from the same pass that decodes the value.
    #[test]
    fn a_json_rpc_id_is_kept_as_written() {
        for id in ["12345678901234567890123", "-0", "\"a\\u0062\""] {
            let text = format!(
                r#"{{"jsonrpc":"2.0","id":{id},"method":"elicitation/create","params":{{}}}}"#
            );
            let decoded = decode(text.as_bytes()).expect("decodes");
            assert_eq!(
                decoded.envelope,
                Envelope::JsonRpc {
                    id: RequestId(id.to_owned())
                },
                "{text}"
            );
        }
    }
}

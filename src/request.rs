//! Reading a request: bytes in, the envelope it came in, and its params.
//!
//! Three envelopes reach us (see the contract): bare params, a JSON-RPC 2.0 request, and the
//! 2026-07-28 input-request entry. The envelope decides how the answer is wrapped; the params
//! decide what is shown. Everything here is pure so the tests can call it directly.

use serde_json::{Map, Value};

use crate::error::RequestError;

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
}

/// A JSON-RPC request id, kept as the exact JSON text the client sent: a client matches the
/// response to its request by this text, so `12345678901234567890123` must not come back as
/// `1.2345678901234568e+22`, nor `-0` as `-0.0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(String);

impl RequestId {
    /// The id of a decoded value; exact for strings and for numbers that fit 64 bits. Use
    /// [`envelope_in`] to keep any id exactly.
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
        /// The raw `requestedSchema`, turned into a [`crate::form::Form`] by `Form::try_from`.
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

/// A parsed request: how it came and what it asks.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// How to wrap the answer.
    pub envelope: Envelope,
    /// What to show.
    pub params: Params,
}

/// Decodes the raw bytes into a JSON value: size, UTF-8 (a leading BOM is skipped), JSON syntax.
pub fn decode(bytes: &[u8]) -> Result<Value, RequestError> {
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
    serde_json::from_str(text).map_err(|e| RequestError::NotJson(e.to_string()))
}

/// Finds the envelope of a decoded request. Never fails, so that even a bad JSON-RPC request
/// can be answered with an error carrying its id.
pub fn envelope_of(value: &Value) -> Envelope {
    let Some(object) = value.as_object() else {
        return Envelope::Bare;
    };
    if object.contains_key("jsonrpc") {
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

/// [`envelope_of`] for the value decoded from `bytes`, with the JSON-RPC id taken exactly as
/// written in `bytes`.
pub fn envelope_in(bytes: &[u8], value: &Value) -> Envelope {
    #[derive(serde::Deserialize)]
    struct IdText<'a> {
        #[serde(borrow)]
        id: Option<&'a serde_json::value::RawValue>,
    }
    let envelope = envelope_of(value);
    if !matches!(envelope, Envelope::JsonRpc { .. }) {
        return envelope;
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // A request with the key twice fails here and keeps the decoded value's id (the last).
    match serde_json::from_slice::<IdText>(bytes) {
        Ok(IdText { id: Some(raw) }) => Envelope::JsonRpc {
            id: RequestId(raw.get().to_owned()),
        },
        _ => envelope,
    }
}

/// Parses a decoded value into a request.
pub fn parse(value: &Value) -> Result<Request, RequestError> {
    let envelope = envelope_of(value);
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
    let params = match params.get("mode") {
        None => form_params(params, message, path)?,
        Some(Value::String(mode)) if mode == "form" => form_params(params, message, path)?,
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
    Ok(Request { envelope, params })
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
) -> Result<Params, RequestError> {
    match params.get("requestedSchema") {
        Some(schema) => Ok(Params::Form {
            message,
            schema: schema.clone(),
        }),
        None => Err(RequestError::invalid(
            format!("{path}requestedSchema"),
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

    fn parse_str(text: &str) -> Result<Request, RequestError> {
        parse(&decode(text.as_bytes())?)
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
            let request = parse_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(request.envelope, envelope, "{text}");
            assert!(matches!(request.params, Params::Form { .. }));
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

    #[test]
    fn url_mode_parses() {
        let request =
            parse_str(r#"{"mode":"url","message":"m","url":"https://x.test","elicitationId":"e"}"#)
                .expect("url params");
        assert_eq!(
            request.params,
            Params::Url {
                message: "m".into(),
                url: "https://x.test".into()
            }
        );
    }
}

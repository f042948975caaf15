//! Field states → the answer, and the answer → the one line written to stdout.

use serde_json::{Map, Value, json};

use crate::model::error::RequestError;
use crate::model::form::Form;
use crate::model::request::{Envelope, RequestId};
use crate::model::validate::{FieldState, Problem, field_value};

/// What the person decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Submitted a valid form: the `content` to send.
    Accept(Map<String, Value>),
    /// Pressed Open in URL mode: accept with no `content`.
    AcceptUrl,
    /// Pressed Decline.
    Decline,
    /// Pressed "Decline all" in a proxy's run of forms (`--queue`): a decline like the
    /// other, which the exit status tells apart (`Exit::DeclinedAll`, in the process layer).
    DeclineAll,
    /// Dismissed the request: Esc, close, timeout, signal, parent death.
    Cancel,
}

impl Answer {
    /// The MCP `ElicitResult` for this answer.
    pub fn result(&self) -> Value {
        match self {
            Self::Accept(content) => json!({"action": "accept", "content": content}),
            Self::AcceptUrl => json!({"action": "accept"}),
            Self::Decline | Self::DeclineAll => json!({"action": "decline"}),
            Self::Cancel => json!({"action": "cancel"}),
        }
    }

    /// The line to write to stdout (without the newline), wrapped as the request was; empty
    /// where none is written (see [`Self::line`]).
    pub fn to_line(&self, envelope: &Envelope) -> String {
        self.line(envelope).unwrap_or_default()
    }

    /// The line to write to stdout (without the newline), wrapped as the request was, if
    /// any: Claude's questions answer a cancel with nothing, so that Claude Code asks in its
    /// own dialog.
    pub fn line(&self, envelope: &Envelope) -> Option<String> {
        if let Envelope::ClaudeCodeQuestions { tool_input } = envelope {
            return match self {
                Self::Accept(content) => Some(crate::model::claude_questions::accepted(
                    tool_input, content,
                )),
                Self::Decline | Self::DeclineAll => {
                    Some(crate::model::claude_questions::declined())
                }
                Self::AcceptUrl | Self::Cancel => None,
            };
        }
        Some(match envelope {
            Envelope::JsonRpc { id } => json_rpc_response(id, "result", &self.result()),
            Envelope::Bare | Envelope::InputRequest => self.result().to_string(),
            Envelope::ClaudeCodeHook { .. } => {
                let mut output = Map::new();
                output.insert("hookEventName".into(), "Elicitation".into());
                if let Value::Object(result) = self.result() {
                    output.extend(result);
                }
                json!({ "hookSpecificOutput": output }).to_string()
            }
            Envelope::ClaudeCodeQuestions { .. } => return None,
        })
    }
}

/// The JSON-RPC error response for a refused request, when the request came as JSON-RPC.
pub fn error_line(envelope: &Envelope, error: &RequestError) -> Option<String> {
    error_response(envelope, error.json_rpc_code(), &error.to_string())
}

/// The JSON-RPC error response with `code` and `message`, when the request came as JSON-RPC.
pub fn error_response(envelope: &Envelope, code: i64, message: &str) -> Option<String> {
    match envelope {
        Envelope::JsonRpc { id } => Some(json_rpc_response(
            id,
            "error",
            &json!({"code": code, "message": message}),
        )),
        Envelope::Bare
        | Envelope::InputRequest
        | Envelope::ClaudeCodeHook { .. }
        | Envelope::ClaudeCodeQuestions { .. } => None,
    }
}

/// A JSON-RPC response carrying `id` exactly as the request wrote it, and `value` under `key`
/// (`result` or `error`).
fn json_rpc_response(id: &RequestId, key: &str, value: &Value) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{},"{key}":{value}}}"#,
        id.as_json()
    )
}

/// Builds `content` from the field states, or lists each field's problem by field index.
pub fn content(
    form: &Form,
    states: &[FieldState],
) -> Result<Map<String, Value>, Vec<(usize, Problem)>> {
    let mut content = Map::new();
    let mut problems = Vec::new();
    for (i, (field, state)) in form.fields.iter().zip(states).enumerate() {
        match field_value(field, state) {
            Ok(Some(value)) => {
                content.insert(field.name.clone(), value);
            }
            Ok(None) => {}
            Err(problem) => problems.push((i, problem)),
        }
    }
    if problems.is_empty() {
        Ok(content)
    } else {
        Err(problems)
    }
}

/// Checks `content` that another process of ours built for `form` (serve's dialog, on the
/// desktop) as the form's own checks would: each value of a field the form has, of its kind,
/// exactly what [`field_value`] sends for it, and every required field there.
pub fn check_content(form: &Form, content: &Map<String, Value>) -> Result<(), String> {
    if let Some(name) = content
        .keys()
        .find(|name| !form.fields.iter().any(|f| &f.name == *name))
    {
        return Err(format!("content.{name}: the form has no such field"));
    }
    for field in &form.fields {
        let name = &field.name;
        let Some(value) = content.get(name) else {
            if field.required {
                return Err(format!("content.{name}: is required, and missing"));
            }
            continue;
        };
        let state = state_of(field, value)
            .ok_or_else(|| format!("content.{name}: {value} is not a value this field takes"))?;
        match field_value(field, &state) {
            // A multi-select's values in another order are the same choice.
            Ok(Some(_)) if matches!(state, FieldState::Multi(_)) => {}
            Ok(Some(sent)) if sent == *value => {}
            Ok(_) => {
                return Err(format!(
                    "content.{name}: {value} is not what this field sends"
                ));
            }
            Err(problem) => {
                return Err(format!(
                    "content.{name}: {}",
                    crate::model::describe::problem_in_english(&problem)
                ));
            }
        }
    }
    Ok(())
}

/// The state in which `field` would send `value`, if a value of its kind.
fn state_of(field: &crate::model::form::Field, value: &Value) -> Option<FieldState> {
    use crate::model::form::FieldKind;
    let option = |options: &[crate::model::form::Choice], value: &Value| {
        options.iter().position(|o| o.value == *value)
    };
    Some(match (&field.kind, value) {
        (FieldKind::Text(_), Value::String(text)) => FieldState::Text(text.clone()),
        (FieldKind::Number(_), Value::Number(n)) => FieldState::Number(n.to_string()),
        (FieldKind::Boolean { .. }, Value::Bool(b)) => FieldState::Boolean(Some(*b)),
        (FieldKind::Choice(spec), value) => FieldState::Choice(Some(option(&spec.options, value)?)),
        (FieldKind::MultiChoice(spec), Value::Array(values)) => {
            let mut chosen = vec![false; spec.options.len()];
            for value in values {
                let i = option(&spec.options, value)?;
                if std::mem::replace(&mut chosen[i], true) {
                    return None;
                }
            }
            FieldState::Multi(chosen)
        }
        (FieldKind::Fixed(_), _) => FieldState::Fixed,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::form::Form;

    fn form(schema: Value) -> Form {
        Form::from_schema("m".into(), &schema).expect("valid schema")
    }

    /// Regression (issue 43): an answer from serve's socket was printed as it came; it is
    /// checked as the form would check it.
    #[test]
    fn content_from_elsewhere_is_checked_against_the_form() {
        let form = form(json!({"properties": {
            "name": {"type": "string", "minLength": 2},
            "age": {"type": "integer", "minimum": 0},
            "ok": {"type": "boolean"},
            "color": {"type": "string", "enum": ["red", "blue"]},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
            "v": {"type": "integer", "const": 1}},
            "required": ["name"]}));
        let check = |content: Value| {
            check_content(&form, content.as_object().expect("an object"))
                .map_err(|e| e.split(':').next().unwrap_or_default().to_owned())
        };
        assert_eq!(check(json!({"name": "Zoe"})), Ok(()));
        assert_eq!(
            check(
                json!({"name": "Zoe", "age": 4, "ok": false, "color": "blue",
                         "tags": ["b", "a"], "v": 1})
            ),
            Ok(())
        );
        for (content, wrong) in [
            (json!({}), "content.name"),
            (json!({"name": "Z"}), "content.name"),
            (json!({"name": 5}), "content.name"),
            (json!({"name": "Zoe", "evil": 1}), "content.evil"),
            (json!({"name": "Zoe", "age": -1}), "content.age"),
            (json!({"name": "Zoe", "age": 1.5}), "content.age"),
            (json!({"name": "Zoe", "ok": "yes"}), "content.ok"),
            (json!({"name": "Zoe", "color": "green"}), "content.color"),
            (json!({"name": "Zoe", "tags": ["a", "a"]}), "content.tags"),
            (json!({"name": "Zoe", "v": 2}), "content.v"),
        ] {
            assert_eq!(check(content.clone()), Err(wrong.to_owned()), "{content}");
        }
    }

    /// The contract's answer rules, one row each: a schema, the states typed, the content sent.
    #[test]
    fn answer_rules() {
        use FieldState::*;
        // A schema, the states typed, and the content sent or the indices of the problems.
        type Row = (Value, Vec<FieldState>, Result<Value, Vec<usize>>);
        let rows: Vec<Row> = vec![
            // Optional empty text is "".
            (
                json!({"properties": {"a": {"type": "string"}}}),
                vec![Text("".into())],
                Ok(json!({"a": ""})),
            ),
            // ... unless "" breaks minLength or a format: then it is left out.
            (
                json!({"properties": {"a": {"type": "string", "minLength": 1}, "b": {"type": "string", "format": "email"}}}),
                vec![Text("".into()), Text("".into())],
                Ok(json!({})),
            ),
            // Required empty text is a problem.
            (
                json!({"properties": {"a": {"type": "string"}}, "required": ["a"]}),
                vec![Text("".into())],
                Err(vec![0]),
            ),
            // Untouched optional boolean, number, choice, multi-select are left out.
            (
                json!({"properties": {
                    "b": {"type": "boolean"}, "n": {"type": "number"},
                    "c": {"type": "string", "enum": ["x", "z"]},
                    "m": {"type": "array", "items": {"type": "string", "enum": ["x"]}, "minItems": 1}}}),
                vec![
                    Boolean(None),
                    Number("".into()),
                    Choice(None),
                    Multi(vec![false]),
                ],
                Ok(json!({})),
            ),
            // A required boolean never touched is false.
            (
                json!({"properties": {"b": {"type": "boolean"}}, "required": ["b"]}),
                vec![Boolean(None)],
                Ok(json!({"b": false})),
            ),
            // Numbers keep their JSON type.
            (
                json!({"properties": {"i": {"type": "integer"}, "n": {"type": "number"}, "f": {"type": "number"}}}),
                vec![Number("2".into()), Number("3".into()), Number("2.5".into())],
                Ok(json!({"i": 2, "n": 3, "f": 2.5})),
            ),
            // Integers never accept a fraction.
            (
                json!({"properties": {"i": {"type": "integer"}}}),
                vec![Number("2.5".into())],
                Err(vec![0]),
            ),
            // Bounds hold.
            (
                json!({"properties": {"n": {"type": "number", "minimum": 1, "maximum": 5}}}),
                vec![Number("5.5".into())],
                Err(vec![0]),
            ),
            // Choices send the const, multi-selects send option order.
            (
                json!({"properties": {
                    "c": {"type": "string", "oneOf": [{"const": "10", "title": "10%"}, {"const": "15", "title": "15%"}]},
                    "m": {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}, {"const": "c", "title": "C"}]}}}}),
                vec![Choice(Some(1)), Multi(vec![true, false, true])],
                Ok(json!({"c": "15", "m": ["a", "c"]})),
            ),
            // Item counts hold for a chosen multi-select.
            (
                json!({"properties": {"m": {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}, "maxItems": 1}}}),
                vec![Multi(vec![true, true, false])],
                Err(vec![0]),
            ),
            // A required multi-select with no minItems may be empty.
            (
                json!({"properties": {"m": {"type": "array", "items": {"type": "string", "enum": ["a"]}}}, "required": ["m"]}),
                vec![Multi(vec![false])],
                Ok(json!({"m": []})),
            ),
            // A required choice must be chosen; every problem is listed.
            (
                json!({"properties": {"c": {"type": "string", "enum": ["x", "z"]}, "d": {"type": "string", "enum": ["y", "z"]}}, "required": ["c", "d"]}),
                vec![Choice(None), Choice(None)],
                Err(vec![0, 1]),
            ),
        ];
        for (schema, states, expected) in rows {
            let form = form(schema.clone());
            let got = content(&form, &states)
                .map(Value::Object)
                .map_err(|problems| problems.into_iter().map(|(i, _)| i).collect::<Vec<_>>());
            assert_eq!(got, expected, "schema {schema} states {states:?}");
        }
    }

    #[test]
    fn defaults_fill_the_initial_state() {
        let form = form(json!({"properties": {
            "s": {"type": "string", "default": "hi"},
            "i": {"type": "integer", "default": 4},
            "n": {"type": "number", "default": 2.5},
            "b": {"type": "boolean", "default": true},
            "c": {"type": "string", "enum": ["x", "y"], "default": "y"},
            "m": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "default": ["b"]}}}));
        let states: Vec<_> = form.fields.iter().map(FieldState::initial).collect();
        let got = content(&form, &states).map(Value::Object);
        assert_eq!(
            got,
            Ok(json!({"s": "hi", "i": 4, "n": 2.5, "b": true, "c": "y", "m": ["b"]}))
        );
    }

    #[test]
    fn lines() {
        let rpc = Envelope::JsonRpc {
            id: RequestId::from_value(&json!("x")),
        };
        assert_eq!(
            Answer::Cancel.to_line(&Envelope::Bare),
            r#"{"action":"cancel"}"#
        );
        assert_eq!(
            Answer::AcceptUrl.to_line(&Envelope::InputRequest),
            r#"{"action":"accept"}"#
        );
        assert_eq!(
            Answer::Decline.to_line(&rpc),
            r#"{"jsonrpc":"2.0","id":"x","result":{"action":"decline"}}"#
        );
        assert_eq!(
            Answer::Accept(Map::new()).to_line(&Envelope::Bare),
            r#"{"action":"accept","content":{}}"#
        );
        // Claude Code's Elicitation hook reads its own shape; URL mode never has content.
        let hook = Envelope::ClaudeCodeHook { server: None };
        let content = json!({"username": "alice"})
            .as_object()
            .expect("an object")
            .clone();
        assert_eq!(
            Answer::Accept(content).to_line(&hook),
            r#"{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"accept","content":{"username":"alice"}}}"#
        );
        assert_eq!(
            Answer::AcceptUrl.to_line(&hook),
            r#"{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"accept"}}"#
        );
        assert_eq!(
            Answer::Decline.to_line(&hook),
            r#"{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"decline"}}"#
        );
        assert_eq!(
            Answer::Cancel.to_line(&hook),
            r#"{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"cancel"}}"#
        );
        let line = error_line(&rpc, &RequestError::invalid("p", "bad")).expect("json-rpc error");
        assert_eq!(
            line,
            r#"{"jsonrpc":"2.0","id":"x","error":{"code":-32602,"message":"p: bad"}}"#
        );
        assert_eq!(error_line(&Envelope::Bare, &RequestError::Empty), None);
        let hook = Envelope::ClaudeCodeHook { server: None };
        assert_eq!(error_line(&hook, &RequestError::Empty), None);
    }
}

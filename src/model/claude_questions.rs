//! Claude's own questions (Claude Code's `AskUserQuestion` tool), answered through Claude
//! Code's `PreToolUse` hook: an adapter at the edge, as the `Elicitation` hook is. The
//! questions become an ordinary form (made from bare params: a message and a
//! `requestedSchema`), which every front end already shows; the form's answer becomes the
//! hook's output, which Claude Code hands the model as the tool's result. Through `serve`
//! the hook input travels as it came; the desktop's dialog shows the same form and answers
//! it bare, and the asker writes the hook's output.
//!
//! Each question is one choice field (radio buttons, or checkboxes for `multiSelect`; an
//! option's description shown beside its label) and one optional text field, "Other", for an
//! answer in the person's own words, as Claude Code's own dialog offers. What Claude Code
//! expects back, checked with Claude Code 2.1.332: `updatedInput` is the tool's input with
//! `answers` added, keyed by question text; several labels are joined by ", "; own words are
//! sent as they were typed; a question left unanswered is left out; a decline is
//! `permissionDecision: "deny"` with a reason (the model reads it as an error); and printing
//! nothing makes Claude Code ask in its own dialog (cancel, a timeout, anything that fails).

use serde_json::{Map, Value, json};

use crate::model::error::RequestError;

/// The hook event Claude Code runs before a tool.
pub const EVENT: &str = "PreToolUse";

/// The tool whose questions we answer.
pub const TOOL: &str = "AskUserQuestion";

/// What a person reads as who asks: Claude itself, not an MCP server.
pub const ASKER: &str = "Claude";

/// What the model reads when the person declines.
const DECLINED: &str = "The user declined to answer these questions.";

/// Joins the labels of a multiple choice, as Claude Code's own dialog does.
const JOIN: &str = ", ";

/// One question of the tool's input.
struct Question<'a> {
    text: &'a str,
    header: &'a str,
    options: Vec<(&'a str, &'a str)>,
    multi: bool,
}

/// The form request for hook input `hook` (its `tool_name` must be [`TOOL`]): the message
/// and the `requestedSchema` of bare params, or why its questions cannot be shown (then
/// nothing is answered and Claude Code asks itself).
pub fn params(hook: &Value) -> Result<(String, Value), RequestError> {
    match hook.get("tool_name") {
        Some(Value::String(tool)) if tool == TOOL => {}
        other => {
            return Err(RequestError::invalid(
                "tool_name",
                format!(
                    "form-elicitation answers the PreToolUse hook for {TOOL} only, not for {}",
                    other.map_or_else(|| "null".to_owned(), Value::to_string)
                ),
            ));
        }
    }
    form_params(hook.get("tool_input").unwrap_or(&Value::Null))
}

/// The message and the `requestedSchema` for the questions of `tool_input`.
fn form_params(tool_input: &Value) -> Result<(String, Value), RequestError> {
    let questions = questions(tool_input)?;
    let mut properties = Map::new();
    for (i, question) in questions.iter().enumerate() {
        let title = if question.header.trim().is_empty() {
            question.text.to_owned()
        } else {
            format!("{}: {}", question.header, question.text)
        };
        let options: Vec<Value> = question
            .options
            .iter()
            .map(|(label, description)| {
                let shown = if description.trim().is_empty() {
                    (*label).to_owned()
                } else {
                    format!("{label} — {description}")
                };
                json!({"const": label, "title": shown})
            })
            .collect();
        if !options.is_empty() {
            let field = if question.multi {
                json!({"type": "array", "title": title, "items": {"anyOf": options}})
            } else {
                json!({"type": "string", "title": title, "oneOf": options})
            };
            properties.insert(answer_key(i), field);
        }
        let (other, tip) = match (options.is_empty(), question.multi) {
            (true, _) => (title, None),
            (false, false) => (t!("question-other"), Some(t!("question-other-tip"))),
            (false, true) => (t!("question-other"), Some(t!("question-other-tip-many"))),
        };
        let mut field = json!({"type": "string", "title": other});
        if let Some(tip) = tip {
            field["description"] = tip.into();
        }
        properties.insert(other_key(i), field);
    }
    let schema = json!({"type": "object", "properties": properties});
    Ok((String::new(), schema))
}

/// The hook's output for a submitted form's `content`: the tool's input `tool_input` with
/// the answers added, allowed to run.
pub fn accepted(tool_input: &Value, content: &Map<String, Value>) -> String {
    let questions = questions(tool_input).unwrap_or_default();
    let mut answers = Map::new();
    for (i, question) in questions.iter().enumerate() {
        let mut chosen: Vec<&str> = match content.get(&answer_key(i)) {
            Some(Value::String(label)) => vec![label],
            Some(Value::Array(labels)) => labels.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let own = content
            .get(&other_key(i))
            .and_then(Value::as_str)
            .filter(|text| !text.trim().is_empty());
        let answer = match (own, question.multi) {
            (Some(own), true) => {
                chosen.push(own);
                chosen.join(JOIN)
            }
            // Own words replace a single choice: the field says so.
            (Some(own), false) => own.to_owned(),
            (None, _) => chosen.join(JOIN),
        };
        if !answer.is_empty() {
            answers.insert(question.text.to_owned(), answer.into());
        }
    }
    let mut input = tool_input.as_object().cloned().unwrap_or_default();
    input.insert("answers".into(), answers.into());
    json!({"hookSpecificOutput": {
        "hookEventName": EVENT,
        "permissionDecision": "allow",
        "updatedInput": input,
    }})
    .to_string()
}

/// The hook's output when the person declines: the tool is denied, with a reason the model
/// reads.
pub fn declined() -> String {
    json!({"hookSpecificOutput": {
        "hookEventName": EVENT,
        "permissionDecision": "deny",
        "permissionDecisionReason": DECLINED,
    }})
    .to_string()
}

fn answer_key(i: usize) -> String {
    format!("answer-{}", i + 1)
}

fn other_key(i: usize) -> String {
    format!("other-{}", i + 1)
}

/// Reads `tool_input.questions`: each a non-empty `question` (no two alike: the answers are
/// keyed by it), a `header`, `options` with a `label` and a `description`, and `multiSelect`.
fn questions(tool_input: &Value) -> Result<Vec<Question<'_>>, RequestError> {
    let path = "tool_input.questions";
    let list = match tool_input.get("questions") {
        Some(Value::Array(list)) if !list.is_empty() => list,
        _ => return Err(RequestError::invalid(path, "must be a list of questions")),
    };
    let mut questions: Vec<Question<'_>> = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        let at = |key: &str| format!("{path}[{i}].{key}");
        let text = match item.get("question") {
            Some(Value::String(text)) if !text.trim().is_empty() => text.as_str(),
            _ => return Err(RequestError::invalid(at("question"), "must be a question")),
        };
        if questions.iter().any(|q| q.text == text) {
            return Err(RequestError::invalid(
                at("question"),
                "is asked twice (the answers are keyed by the question)",
            ));
        }
        let header = optional_text(item, "header")
            .ok_or_else(|| RequestError::invalid(at("header"), "must be a string"))?;
        let multi = match item.get("multiSelect") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(multi)) => *multi,
            Some(_) => {
                return Err(RequestError::invalid(
                    at("multiSelect"),
                    "must be a boolean",
                ));
            }
        };
        let options = match item.get("options") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(options)) => options
                .iter()
                .enumerate()
                .map(|(j, option)| {
                    let at = || format!("{path}[{i}].options[{j}]");
                    let label = match option.get("label") {
                        Some(Value::String(label)) if !label.trim().is_empty() => label.as_str(),
                        _ => {
                            return Err(RequestError::invalid(
                                format!("{}.label", at()),
                                "must be a label",
                            ));
                        }
                    };
                    let description = optional_text(option, "description").ok_or_else(|| {
                        RequestError::invalid(format!("{}.description", at()), "must be a string")
                    })?;
                    Ok((label, description))
                })
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(RequestError::invalid(at("options"), "must be a list")),
        };
        questions.push(Question {
            text,
            header,
            options,
            multi,
        });
    }
    Ok(questions)
}

/// `object[key]` as text: "" when absent or null, `None` when it is not a string.
fn optional_text<'a>(object: &'a Value, key: &str) -> Option<&'a str> {
    match object.get(key) {
        None | Some(Value::Null) => Some(""),
        Some(Value::String(text)) => Some(text),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::answer::Answer;
    use crate::model::form::{Choice, FieldKind};
    use crate::model::load::{self, Shown};
    use crate::model::request::Envelope;

    /// Claude Code's `PreToolUse` input for `AskUserQuestion`, as Claude Code 2.1.332 writes
    /// it: two questions, one of them multiSelect, options with descriptions, Unicode.
    const HOOK: &str = r#"{"session_id":"7f3c2a10-4b5e-4c1d-9a8b-2f6e1d0c9b7a","transcript_path":"/home/u/.claude/projects/-home-u-project/7f3c2a10-4b5e-4c1d-9a8b-2f6e1d0c9b7a.jsonl","cwd":"/home/u/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"AskUserQuestion","tool_input":{"questions":[{"question":"Which library should we use for dates?","header":"Library","options":[{"label":"chrono","description":"The most used; time zones through chrono-tz"},{"label":"jiff","description":"Newer, with time zones built in"}],"multiSelect":false},{"question":"どのプラットフォームで動かしますか？","header":"対象","options":[{"label":"Linux","description":"x86_64 と aarch64"},{"label":"macOS","description":""},{"label":"Windows"}],"multiSelect":true}]},"tool_use_id":"toolu_01A2B3C4D5E6F7G8H9J0K1L2"}"#;

    /// The questions as Claude Code sent them, for the expected outputs.
    const QUESTIONS: &str = r#"[{"question":"Which library should we use for dates?","header":"Library","options":[{"label":"chrono","description":"The most used; time zones through chrono-tz"},{"label":"jiff","description":"Newer, with time zones built in"}],"multiSelect":false},{"question":"どのプラットフォームで動かしますか？","header":"対象","options":[{"label":"Linux","description":"x86_64 と aarch64"},{"label":"macOS","description":""},{"label":"Windows"}],"multiSelect":true}]"#;

    fn loaded(text: &str) -> (Envelope, Result<Shown, RequestError>) {
        assert!(crate::i18n::use_language_in_this_thread("en"));
        let loaded = load::load(text.as_bytes());
        (loaded.envelope, loaded.request)
    }

    fn labels(options: &[Choice]) -> Vec<(String, String)> {
        options
            .iter()
            .map(|c| (c.value.as_str().unwrap_or("?").to_owned(), c.label.clone()))
            .collect()
    }

    /// Each question is a choice (one, or several for multiSelect) headed by its header and
    /// question, its options' descriptions beside their labels, and an "Other" text box.
    #[test]
    fn claude_code_s_questions_become_one_form() {
        let (envelope, request) = loaded(HOOK);
        let Envelope::ClaudeCodeQuestions { tool_input } = &envelope else {
            panic!("{envelope:?}");
        };
        assert_eq!(
            tool_input["questions"],
            serde_json::from_str::<Value>(QUESTIONS).expect("JSON")
        );
        let Ok(Shown::Form(form)) = request else {
            panic!("{request:?}");
        };
        let fields: Vec<(&str, &str, bool)> = form
            .fields
            .iter()
            .map(|f| (f.name.as_str(), f.label.as_str(), f.required))
            .collect();
        assert_eq!(
            fields,
            [
                (
                    "answer-1",
                    "Library: Which library should we use for dates?",
                    false
                ),
                ("other-1", "Other", false),
                (
                    "answer-2",
                    "対象: どのプラットフォームで動かしますか？",
                    false
                ),
                ("other-2", "Other", false),
            ]
        );
        let FieldKind::Choice(single) = &form.fields[0].kind else {
            panic!("{:?}", form.fields[0]);
        };
        assert_eq!(
            labels(&single.options),
            [
                (
                    "chrono".into(),
                    "chrono — The most used; time zones through chrono-tz".into()
                ),
                (
                    "jiff".into(),
                    "jiff — Newer, with time zones built in".into()
                ),
            ]
        );
        let FieldKind::MultiChoice(many) = &form.fields[2].kind else {
            panic!("{:?}", form.fields[2]);
        };
        assert_eq!(
            labels(&many.options),
            [
                ("Linux".into(), "Linux — x86_64 と aarch64".into()),
                ("macOS".into(), "macOS".into()),
                ("Windows".into(), "Windows".into()),
            ]
        );
        assert!(matches!(form.fields[1].kind, FieldKind::Text(_)));
        assert_eq!(
            form.fields[1].description.as_deref(),
            Some("Your own answer, in place of a choice above")
        );
        assert_eq!(
            form.fields[3].description.as_deref(),
            Some("Your own answer, added to the choices above")
        );
    }

    /// The output Claude Code turns into exactly the tool result its own dialog gives: the
    /// questions unchanged, the answers keyed by question text, several labels joined by
    /// ", ", own words as typed (in place of a single choice, after several), an unanswered
    /// question left out; a decline denies with a reason; a cancel prints nothing.
    #[test]
    fn each_answer_becomes_the_hook_s_output_exactly() {
        let (envelope, _) = loaded(HOOK);
        let content = |pairs: Value| pairs.as_object().cloned().expect("an object");
        let allowed = |answers: &str| {
            format!(
                r#"{{"hookSpecificOutput":{{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{{"questions":{QUESTIONS},"answers":{answers}}}}}}}"#
            )
        };
        let cases = [
            (
                json!({"answer-1": "jiff", "other-1": "", "answer-2": ["Linux", "Windows"], "other-2": ""}),
                r#"{"Which library should we use for dates?":"jiff","どのプラットフォームで動かしますか？":"Linux, Windows"}"#,
            ),
            (
                json!({"answer-1": "chrono", "other-1": "time, from std — «as is»", "other-2": ""}),
                r#"{"Which library should we use for dates?":"time, from std — «as is»"}"#,
            ),
            (
                json!({"other-1": "  ", "answer-2": ["macOS"], "other-2": "FreeBSD 🐡"}),
                r#"{"どのプラットフォームで動かしますか？":"macOS, FreeBSD 🐡"}"#,
            ),
            (json!({"other-1": "", "other-2": ""}), "{}"),
        ];
        for (given, answers) in cases {
            assert_eq!(
                Answer::Accept(content(given.clone()))
                    .line(&envelope)
                    .as_deref(),
                Some(allowed(answers).as_str()),
                "{given}"
            );
        }
        assert_eq!(
            Answer::Decline.line(&envelope).as_deref(),
            Some(
                r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"The user declined to answer these questions."}}"#
            )
        );
        assert_eq!(Answer::Cancel.line(&envelope), None);
    }

    /// The tool's other input keys go back as they came: `updatedInput` replaces the input.
    #[test]
    fn the_tool_s_other_input_is_kept() {
        let input = json!({"questions": [{"question": "Q?", "header": "", "options": [], "multiSelect": false}], "metadata": {"source": "x"}});
        let out = accepted(
            &input,
            &json!({"other-1": "mine"})
                .as_object()
                .cloned()
                .expect("an object"),
        );
        assert_eq!(
            out,
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"questions":[{"question":"Q?","header":"","options":[],"multiSelect":false}],"metadata":{"source":"x"},"answers":{"Q?":"mine"}}}}"#
        );
    }

    /// What cannot be shown as Claude Code means it is refused (the hook then prints nothing
    /// and Claude Code asks itself): another tool, questions missing or malformed, a question
    /// asked twice (the answers are keyed by it).
    #[test]
    fn other_tools_and_malformed_questions_are_refused() {
        let hook = |tool: &str, input: &str| {
            format!(
                r#"{{"hook_event_name":"PreToolUse","tool_name":"{tool}","tool_input":{input}}}"#
            )
        };
        let cases = [
            (hook("Bash", r#"{"command":"ls"}"#), "tool_name"),
            (hook("AskUserQuestion", "{}"), "tool_input.questions"),
            (
                hook("AskUserQuestion", r#"{"questions":[]}"#),
                "tool_input.questions",
            ),
            (
                hook(
                    "AskUserQuestion",
                    r#"{"questions":[{"question":"Q?","options":[{"label":1}]}]}"#,
                ),
                "tool_input.questions[0].options[0].label",
            ),
            (
                hook(
                    "AskUserQuestion",
                    r#"{"questions":[{"question":"Q?"},{"question":"Q?"}]}"#,
                ),
                "tool_input.questions[1].question",
            ),
            (
                hook(
                    "AskUserQuestion",
                    r#"{"questions":[{"question":"Q?","multiSelect":"yes"}]}"#,
                ),
                "multiSelect",
            ),
        ];
        for (text, needle) in cases {
            let (envelope, request) = loaded(&text);
            assert!(
                matches!(envelope, Envelope::ClaudeCodeQuestions { .. }),
                "{text}"
            );
            let error = request.expect_err(&text).to_string();
            assert!(error.contains(needle), "{text}: {error}");
        }
    }
}

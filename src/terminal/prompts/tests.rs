//! Each prompt driven with keys directly, no terminal needed.

use super::*;
use crate::model::form::Form;
use serde_json::json;

fn form(schema: serde_json::Value) -> Form {
    Form::from_schema("m".into(), &schema).expect("valid schema")
}

fn press(prompt: &mut FieldPrompt, keys: &str) -> Flow {
    let mut flow = Flow::Continue;
    for c in keys.chars() {
        let code = match c {
            '\r' => KeyCode::Enter,
            '↑' => KeyCode::Up,
            '↓' => KeyCode::Down,
            '⌫' => KeyCode::Backspace,
            c => KeyCode::Char(c),
        };
        flow = prompt.key(&KeyEvent::new(code, KeyModifiers::NONE));
    }
    flow
}

/// The field's help as the prompt shows it, line by line, without styles.
fn help_text(field: &Field) -> Option<String> {
    let lines = crate::model::markdown::field_help(field, Markdown::On);
    let texts: Vec<String> = lines
        .iter()
        .map(crate::model::markdown::MdLine::plain)
        .collect();
    (!texts.is_empty()).then(|| texts.join("\n"))
}

fn text_of(lines: &[Line]) -> String {
    lines
        .iter()
        .map(|l| l.spans.iter().map(|(s, _)| s.as_str()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn enter_checks_the_field_and_the_problem_follows_edits() {
    let form = form(
        json!({"properties": {"n": {"type": "integer", "minimum": 1, "maximum": 5}}, "required": ["n"]}),
    );
    let field = &form.fields[0];
    let mut prompt = FieldPrompt::new(field, &FieldState::initial(field), (1, 1));
    assert_eq!(press(&mut prompt, "\r"), Flow::Continue);
    assert_eq!(
        prompt.problem(),
        Some(crate::model::describe::problem(&validate::Problem::Required).as_str())
    );
    assert_eq!(press(&mut prompt, "9"), Flow::Continue);
    assert_eq!(prompt.problem(), Some("Must be at most 5"));
    assert!(text_of(&prompt.lines(78, 10)).contains("! Must be at most 5"));
    press(&mut prompt, "⌫4");
    assert_eq!(prompt.problem(), None);
    assert_eq!(press(&mut prompt, "\r"), Flow::Done);
    assert_eq!(prompt.state(), FieldState::Number("4".into()));
}

#[test]
fn a_choice_sends_the_option_picked_by_number_or_arrows() {
    let form = form(json!({"properties": {
        "c": {"type": "string", "oneOf": [{"const": "10", "title": "10%"}, {"const": "15", "title": "15%"}]}}}));
    let field = &form.fields[0];
    let mut prompt = FieldPrompt::new(field, &FieldState::initial(field), (1, 1));
    let shown = text_of(&prompt.lines(78, 10));
    assert!(shown.contains("> (*) 0. no answer"), "{shown}");
    assert!(shown.contains("( ) 2. 15%"), "{shown}");
    assert_eq!(press(&mut prompt, "2"), Flow::Done, "one digit is enough");
    assert_eq!(prompt.state(), FieldState::Choice(Some(1)));
    assert_eq!(press(&mut prompt, "↑\r"), Flow::Done);
    assert_eq!(prompt.state(), FieldState::Choice(Some(0)));
    assert_eq!(press(&mut prompt, "0"), Flow::Done);
    assert_eq!(prompt.state(), FieldState::Choice(None));
}

#[test]
fn a_required_choice_starts_with_nothing_chosen() {
    let form = form(
        json!({"properties": {"d": {"type": "string", "enum": ["x", "y"]}}, "required": ["d"]}),
    );
    let field = &form.fields[0];
    let mut prompt = FieldPrompt::new(field, &FieldState::initial(field), (1, 1));
    let shown = text_of(&prompt.lines(78, 10));
    assert!(
        shown.contains("> ( ) 1. x") && !shown.contains("(*)"),
        "{shown}"
    );
    assert_eq!(
        press(&mut prompt, "\r"),
        Flow::Continue,
        "Enter with nothing chosen"
    );
    assert_eq!(prompt.problem(), Some("Choose one of the options"));
    assert_eq!(prompt.state(), FieldState::Choice(None));
    assert_eq!(press(&mut prompt, "↓"), Flow::Continue);
    assert_eq!(
        prompt.state(),
        FieldState::Choice(Some(0)),
        "the first move chooses the first option"
    );
    assert!(text_of(&prompt.lines(78, 10)).contains("> (*) 1. x"));
    assert_eq!(press(&mut prompt, "↓\r"), Flow::Done);
    assert_eq!(prompt.state(), FieldState::Choice(Some(1)));
}

#[test]
fn long_lists_wait_for_a_second_digit_and_scroll() {
    let options: Vec<String> = (1..=30).map(|i| format!("option {i}")).collect();
    let form =
        form(json!({"properties": {"c": {"type": "string", "enum": options}}, "required": ["c"]}));
    let field = &form.fields[0];
    let mut prompt = FieldPrompt::new(field, &FieldState::initial(field), (1, 1));
    assert_eq!(
        press(&mut prompt, "2"),
        Flow::Continue,
        "20-29 are possible"
    );
    assert_eq!(press(&mut prompt, "5"), Flow::Done);
    assert_eq!(prompt.state(), FieldState::Choice(Some(24)));
    let shown = text_of(&prompt.lines(78, 10));
    assert!(shown.contains("> (*) 25. option 25"), "{shown}");
    assert!(shown.contains("more above") && shown.contains("more below"));
    assert!(prompt.lines(78, 10).len() <= 12, "{shown}");
    assert_eq!(
        press(&mut prompt, "4"),
        Flow::Done,
        "4 then nothing: 40 > 30"
    );
    assert_eq!(prompt.state(), FieldState::Choice(Some(3)));
}

#[test]
fn a_multi_select_toggles_with_space_and_numbers() {
    let form = form(json!({"properties": {"m": {"type": "array", "minItems": 1,
        "items": {"anyOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}, {"const": "c", "title": "C"}]}}}}));
    let field = &form.fields[0];
    let mut prompt = FieldPrompt::new(field, &FieldState::initial(field), (1, 1));
    assert_eq!(press(&mut prompt, "↓ 3"), Flow::Continue);
    assert_eq!(prompt.state(), FieldState::Multi(vec![false, true, true]));
    assert!(text_of(&prompt.lines(78, 10)).contains("[x] 3. C"));
    assert_eq!(
        press(&mut prompt, "23\r"),
        Flow::Done,
        "untick both, then nothing is optional"
    );
    press(&mut prompt, "1");
    assert_eq!(prompt.state(), FieldState::Multi(vec![true, false, false]));
}

#[test]
fn a_boolean_takes_y_n_and_space() {
    let form = form(json!({"properties": {"b": {"type": "boolean"}}}));
    let field = &form.fields[0];
    let mut prompt = FieldPrompt::new(field, &FieldState::initial(field), (1, 1));
    assert!(text_of(&prompt.lines(78, 10)).contains("no answer yet"));
    assert_eq!(
        press(&mut prompt, "\r"),
        Flow::Done,
        "optional: may stay unset"
    );
    assert_eq!(prompt.state(), FieldState::Boolean(None));
    assert_eq!(press(&mut prompt, "n"), Flow::Done);
    assert_eq!(prompt.state(), FieldState::Boolean(Some(false)));
    press(&mut prompt, " ");
    assert_eq!(prompt.state(), FieldState::Boolean(Some(true)));
}

#[test]
fn dates_step_by_a_day() {
    let form = form(json!({"properties": {
        "d": {"type": "string", "format": "date", "default": "2024-02-28"},
        "t": {"type": "string", "format": "date-time", "default": "2026-12-31T23:00:00+01:00"}}}));
    let mut date = FieldPrompt::new(
        &form.fields[0],
        &FieldState::initial(&form.fields[0]),
        (1, 2),
    );
    press(&mut date, "↑↑");
    assert_eq!(date.state(), FieldState::Text("2024-03-01".into()));
    let mut time = FieldPrompt::new(
        &form.fields[1],
        &FieldState::initial(&form.fields[1]),
        (2, 2),
    );
    press(&mut time, "↑");
    assert_eq!(
        time.state(),
        FieldState::Text("2027-01-01T23:00:00+01:00".into())
    );
    let mut empty = FieldPrompt::new(&form.fields[1], &FieldState::Text(String::new()), (2, 2));
    press(&mut empty, "↓");
    let FieldState::Text(now) = empty.state() else {
        panic!("text")
    };
    assert!(
        crate::model::formats::parse_date_time(&now).is_some(),
        "{now}"
    );
    // Regression: the terminal filled in now and the window 09:00; both start an empty
    // date-time at the next whole hour (`datetime`).
    let (at, _) = crate::model::formats::parse_date_time_parts(&now).expect("parts");
    assert_eq!((at.minute(), at.second()), (0, 0), "{now}");
}

#[test]
fn help_says_what_the_field_accepts() {
    let form = form(json!({"properties": {
        "e": {"type": "string", "format": "email", "description": "Work address", "maxLength": 40},
        "n": {"type": "integer", "minimum": 0}}}));
    assert_eq!(
        help_text(&form.fields[0]).as_deref(),
        Some("Work address (an email address, like name@example.com; at most 40 characters)")
    );
    assert_eq!(
        help_text(&form.fields[1]).as_deref(),
        Some("A whole number, at least 0")
    );
}

/// Issue 34: a description is Markdown, drawn like the message (no markup characters, strong
/// text bold, list items indented under the label); what the field accepts stays as written;
/// `--markdown off` shows the description as it came.
#[test]
fn a_description_is_markdown() {
    let form = form(json!({"properties": {"code": {"type": "string",
        "description": "Your **badge** code:\n\n- on the card", "maxLength": 8}}}));
    let field = &form.fields[0];
    let prompt = FieldPrompt::new(field, &FieldState::initial(field), (1, 1));
    let lines = prompt.lines(78, 10);
    let shown = text_of(&lines);
    assert!(
        shown.contains("\n  Your badge code:\n  • on the card\n  (at most 8 characters)\n"),
        "{shown}"
    );
    assert!(
        lines[1]
            .spans
            .contains(&("badge".to_owned(), Style::Strong)),
        "{:?}",
        lines[1]
    );
    let raw = FieldPrompt::new(field, &FieldState::initial(field), (1, 1)).markdown(Markdown::Off);
    let shown = text_of(&raw.lines(78, 10));
    assert!(
        shown.contains("  Your **badge** code:\n\n- on the card (at most 8 characters)"),
        "{shown}"
    );
}

/// Issues 29 and 30: the help names a field's pattern before the first Enter, and a problem
/// is one sentence of the person's language (it was English around a translated noun).
#[test]
fn a_pattern_up_front_and_problems_in_whole_sentences() {
    let form = form(json!({"properties": {
        "code": {"type": "string", "pattern": "^[A-Z]{3}$"},
        "mail": {"type": "string", "format": "email"}}}));
    assert_eq!(
        help_text(&form.fields[0]).as_deref(),
        Some("Must match ^[A-Z]{3}$")
    );
    assert!(crate::i18n::use_language_in_this_thread("ko"));
    let mut code = FieldPrompt::new(&form.fields[0], &FieldState::Text(String::new()), (1, 2));
    assert!(text_of(&code.lines(78, 10)).contains("패턴 ^[A-Z]{3}$에 맞아야 함"));
    press(&mut code, "abc\r");
    assert_eq!(
        code.problem(),
        Some("예상한 형식이 아닙니다(패턴 ^[A-Z]{3}$)")
    );
    let mut mail = FieldPrompt::new(&form.fields[1], &FieldState::Text(String::new()), (2, 2));
    press(&mut mail, "ada\r");
    assert_eq!(
        mail.problem(),
        Some("이메일 주소가 아닙니다(예: name@example.com)")
    );
}

#[test]
fn values_read_as_the_person_sees_them() {
    let form = form(json!({"properties": {
        "c": {"type": "string", "enum": ["x", "y"], "enumNames": ["Ex", "Why"]},
        "b": {"type": "boolean"}}, "required": ["b"]}));
    assert_eq!(
        answer_text(&form.fields[0], &FieldState::Choice(Some(0))).0,
        "Ex"
    );
    assert_eq!(
        answer_text(&form.fields[0], &FieldState::Choice(None)).0,
        "(no answer)"
    );
    assert_eq!(
        answer_text(&form.fields[1], &FieldState::Boolean(None)).0,
        "No"
    );
}

/// The ticket example's fields.
fn ticket() -> Form {
    let json =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/ticket.json"))
            .expect("examples/ticket.json");
    let request: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    form(request["requestedSchema"].clone())
}

/// Regression (issue 30, item 17): at 30×8 and 20×6 the label of `ticket.json`'s first field
/// was never drawn, and at 20×6 a problem fell below the screen: the frame was cut from the
/// top. Now the label, the focused row and the problem always fit; the help and the other
/// options give way.
#[test]
fn a_small_screen_keeps_the_label_the_control_and_the_problem() {
    let form = ticket();
    for (width, rows) in [(29, 4), (19, 3), (19, 2)] {
        let component = FieldPrompt::new(
            &form.fields[0],
            &FieldState::initial(&form.fields[0]),
            (1, 3),
        );
        let lines = component.lines(width, rows);
        let shown = text_of(&lines);
        assert!(
            super::text::height(&lines, width) <= rows,
            "{width}×{rows}: too tall:\n{shown}"
        );
        assert!(
            shown.starts_with("[1/3] Component *"),
            "{width}×{rows}:\n{shown}"
        );
        assert!(shown.contains("> ( ) 1. api"), "{width}×{rows}:\n{shown}");

        let mut severity = FieldPrompt::new(
            &form.fields[1],
            &FieldState::initial(&form.fields[1]),
            (2, 3),
        );
        press(&mut severity, "9\r");
        let lines = severity.lines(width, rows.max(3));
        let shown = text_of(&lines);
        assert!(
            super::text::height(&lines, width) <= rows.max(3),
            "{width}×{rows}: too tall:\n{shown}"
        );
        for needle in ["[2/3] Severity *", "> 9", "! Must be at most 5"] {
            assert!(
                shown.contains(needle),
                "{width}×{rows}: no {needle:?}:\n{shown}"
            );
        }
    }
    // With room, the help comes back, shortened when it must be.
    let notes = FieldPrompt::new(
        &form.fields[2],
        &FieldState::initial(&form.fields[2]),
        (3, 3),
    );
    let shown = text_of(&notes.lines(29, 3));
    assert!(
        shown.contains("Steps to reproduce") && shown.contains('…'),
        "{shown}"
    );
}

/// Issue 30, item 19: a dumb terminal is asked line by line; each kind of field reads a line.
#[test]
fn a_line_answers_each_kind_of_field() {
    let form = form(json!({"properties": {
        "t": {"type": "string", "default": "old"},
        "n": {"type": "integer"},
        "b": {"type": "boolean"},
        "c": {"type": "string", "enum": ["x", "y"]},
        "m": {"type": "array", "items": {"type": "string", "enum": ["p", "q", "r"]}},
        "k": {"type": "string", "const": "fixed"}}, "required": ["c"]}));
    let f = &form.fields;
    let initial = |i: usize| FieldState::initial(&f[i]);
    let cases: Vec<(usize, &str, Option<FieldState>)> = vec![
        (0, "", Some(FieldState::Text("old".into()))),
        (0, "new text", Some(FieldState::Text("new text".into()))),
        (1, " 42 ", Some(FieldState::Number("42".into()))),
        (2, "y", Some(FieldState::Boolean(Some(true)))),
        (2, "No", Some(FieldState::Boolean(Some(false)))),
        (2, "maybe", None),
        (3, "2", Some(FieldState::Choice(Some(1)))),
        (3, "0", None),
        (3, "3", None),
        (4, "1, 3", Some(FieldState::Multi(vec![true, false, true]))),
        (4, "0", Some(FieldState::Multi(vec![false, false, false]))),
        (4, "4", None),
        (4, "a", None),
        (5, "", Some(FieldState::Fixed)),
    ];
    for (i, typed, want) in cases {
        assert_eq!(from_line(&f[i], &initial(i), typed), want, "{i}: {typed:?}");
    }
    let shown = text_of(&line_prompt(
        &f[4],
        &FieldState::Multi(vec![false, true, false]),
        (5, 6),
        Markdown::On,
    ));
    assert!(
        shown.contains("[x] 2. q") && shown.contains("Now: q."),
        "{shown}"
    );
}

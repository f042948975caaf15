//! Keyboard alone answers every field kind: Tab moves, typing fills, Space toggles, arrows
//! choose, Enter submits. Each control is also found by its label and role, as a screen
//! reader would find it. No display needed.

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use form_elicitation::model::answer::Answer;
use form_elicitation::model::form::Form;
use form_elicitation::ui::{FormApp, WindowDialog};
use serde_json::{Value, json};

use super::support::kittest::{press, typed};

fn harness(schema: Value) -> Harness<'static, FormApp> {
    let form = Form::from_schema("Keyboard only".into(), &schema).expect("valid schema");
    let app = FormApp::new(form, None, None);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 1400.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    harness.run();
    harness
}

/// Asserts the control with `role` and `label` has the keyboard focus.
fn focused(h: &Harness<'_, FormApp>, role: Role, label: &str) {
    let node = h.get_by_role_and_label(role, label);
    assert!(
        node.is_focused(),
        "{label:?} ({role:?}) should have the focus"
    );
}

#[test]
fn every_field_kind_answered_with_the_keyboard_alone() {
    let options: Vec<String> = (1..=12).map(|i| format!("city-{i:02}")).collect();
    let mut h = harness(json!({"properties": {
        "name": {"type": "string", "title": "Name"},
        "mail": {"type": "string", "title": "Mail", "format": "email"},
        "day": {"type": "string", "title": "Day", "format": "date"},
        "count": {"type": "integer", "title": "Count"},
        "agree": {"type": "boolean", "title": "Agree"},
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]},
        "city": {"type": "string", "title": "City", "enum": options},
        "tags": {"type": "array", "title": "Tags", "items": {"type": "string", "enum": ["red", "blue"]}}},
        "required": ["name", "size", "city"]}));

    focused(&h, Role::MultilineTextInput, "Name");
    typed(&mut h, "Ada");
    press(&mut h, Key::Tab);
    focused(&h, Role::TextInput, "Mail");
    typed(&mut h, "ada@example.com");
    press(&mut h, Key::Tab);
    focused(&h, Role::TextInput, "Day");
    typed(&mut h, "2026-12-24");
    press(&mut h, Key::Tab);
    focused(&h, Role::Button, "Pick date for Day");
    press(&mut h, Key::Tab);
    focused(&h, Role::TextInput, "Count");
    typed(&mut h, "7");
    press(&mut h, Key::Tab);
    focused(&h, Role::CheckBox, "Agree");
    press(&mut h, Key::Space);
    press(&mut h, Key::Tab);
    focused(&h, Role::RadioButton, "S");
    press(&mut h, Key::Space);
    press(&mut h, Key::ArrowDown);
    focused(&h, Role::RadioButton, "M");
    // The group is one Tab stop: Tab leaves it from wherever the arrows left the focus.
    press(&mut h, Key::Tab);
    focused(&h, Role::TextInput, "City");
    // "city-1" matches city-10, city-11, city-12; three Downs walk to the last.
    typed(&mut h, "city-1");
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::ArrowDown);
    // The option rows are no Tab stops: Tab goes from the filter box to the multi-select.
    press(&mut h, Key::Tab);
    focused(&h, Role::CheckBox, "red");
    press(&mut h, Key::Tab);
    focused(&h, Role::CheckBox, "blue");
    press(&mut h, Key::Space);
    press(&mut h, Key::Enter);

    match h.state().outcome() {
        Some(Answer::Accept(content)) => assert_eq!(
            Value::Object(content.clone()),
            json!({"name": "Ada", "mail": "ada@example.com", "day": "2026-12-24", "count": 7,
                   "agree": true, "size": "M", "city": "city-12", "tags": ["blue"]})
        ),
        other => panic!(
            "expected accept, got {other:?}; problems {:?}",
            h.state().problems()
        ),
    }
}

/// Regression test for issue 15 (Wayland): sway sends the window a leave and an enter around a
/// virtual keyboard's keys (wtype, on-screen keyboards), so the pass that carries an arrow key
/// can see the window unfocused. The choice must still follow the arrow, as it does when the
/// window keeps the focus.
#[test]
fn an_arrow_chooses_while_the_window_is_briefly_unfocused() {
    let mut h = harness(json!({"properties": {
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]}},
        "required": ["size"]}));
    focused(&h, Role::RadioButton, "S");
    press(&mut h, Key::Space);
    h.input_mut().focused = false;
    press(&mut h, Key::ArrowDown);
    h.input_mut().focused = true;
    press(&mut h, Key::Enter);
    match h.state().outcome() {
        Some(Answer::Accept(content)) => {
            assert_eq!(Value::Object(content.clone()), json!({"size": "M"}));
        }
        other => panic!("expected accept, got {other:?}"),
    }
}

/// Answers `h`'s form with Enter and returns the answer's content.
fn accepted(h: &mut Harness<'_, FormApp>) -> Value {
    press(h, Key::Enter);
    match h.state().outcome() {
        Some(Answer::Accept(content)) => Value::Object(content.clone()),
        other => panic!(
            "expected accept, got {other:?}; problems {:?}",
            h.state().problems()
        ),
    }
}

/// Regression test for issue 30 item 14: with nothing chosen the first Down chose the second
/// option and Up chose nothing; from "No answer" Down left the group. The first move chooses
/// the first option, as in the terminal.
#[test]
fn the_first_arrow_with_nothing_chosen_chooses_the_first_option() {
    let required = json!({"properties": {
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]}},
        "required": ["size"]});
    for key in [
        Key::ArrowDown,
        Key::ArrowUp,
        Key::ArrowRight,
        Key::ArrowLeft,
    ] {
        let mut h = harness(required.clone());
        focused(&h, Role::RadioButton, "S");
        press(&mut h, key);
        focused(&h, Role::RadioButton, "S");
        assert_eq!(accepted(&mut h), json!({"size": "S"}), "{key:?}");
    }
    // The second move walks on from there.
    let mut h = harness(required);
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::ArrowDown);
    focused(&h, Role::RadioButton, "M");
    assert_eq!(accepted(&mut h), json!({"size": "M"}));

    // From "No answer" (an optional group whose choice was taken back).
    let optional = json!({"properties": {
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"], "default": "M"}}});
    for key in [Key::ArrowDown, Key::ArrowUp] {
        let mut h = harness(optional.clone());
        focused(&h, Role::RadioButton, "M");
        press(&mut h, Key::Backspace);
        focused(&h, Role::RadioButton, "No answer");
        press(&mut h, key);
        focused(&h, Role::RadioButton, "S");
        assert_eq!(accepted(&mut h), json!({"size": "S"}), "{key:?}");
    }
}

#[test]
fn tab_reaches_the_buttons_after_the_last_field_and_space_presses_them() {
    let mut h = harness(json!({"properties": {"note": {"type": "string", "title": "Note"}}}));
    focused(&h, Role::MultilineTextInput, "Note");
    press(&mut h, Key::Tab);
    focused(&h, Role::Button, "Submit");
    press(&mut h, Key::Tab);
    focused(&h, Role::Button, "Decline");
    press(&mut h, Key::Space);
    assert_eq!(h.state().outcome(), Some(&Answer::Decline));
}

#[test]
fn a_confirmation_without_fields_starts_on_submit() {
    let mut h = harness(json!({"properties": {}}));
    focused(&h, Role::Button, "Submit");
    press(&mut h, Key::Enter);
    assert!(matches!(h.state().outcome(), Some(Answer::Accept(c)) if c.is_empty()));
}

#[test]
fn a_radio_group_is_one_tab_stop_that_lands_on_the_chosen_option() {
    let mut h = harness(json!({"properties": {
        "before": {"type": "string", "title": "Before"},
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"], "default": "M"},
        "after": {"type": "string", "title": "After"}}}));
    focused(&h, Role::MultilineTextInput, "Before");
    press(&mut h, Key::Tab);
    focused(&h, Role::RadioButton, "M");
    press(&mut h, Key::Tab);
    focused(&h, Role::MultilineTextInput, "After");
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::Tab);
    h.run();
    focused(&h, Role::RadioButton, "M");
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::Tab);
    h.run();
    focused(&h, Role::MultilineTextInput, "Before");
}

/// A harness the size of a small window, so that most of a long form is out of view.
fn small_harness(schema: Value) -> Harness<'static, FormApp> {
    let form = Form::from_schema("Keyboard only".into(), &schema).expect("valid schema");
    let app = FormApp::new(form, Some("srv".into()), None);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 420.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    harness.run();
    harness
}

/// Asserts that `rect` lies within the part of the window the fields scroll in (above the
/// button row, which is some 40 points tall).
fn in_view(h: &Harness<'_, FormApp>, what: &str, rect: egui::Rect) {
    let view = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(520.0, 420.0 - 40.0));
    assert!(
        view.contains_rect(rect),
        "{what} at {rect:?} is outside the view {view:?}"
    );
    let _ = h;
}

/// Regression: Tab moved the focus to fields that never scrolled into view, so text was
/// typed into a field the person could not see.
#[test]
fn tab_scrolls_the_focused_field_and_its_label_into_view() {
    let properties: serde_json::Map<String, Value> = (0..60)
        .map(|i| {
            (
                format!("f{i}"),
                json!({"type": "string", "title": format!("Field {i}")}),
            )
        })
        .collect();
    let mut h = small_harness(json!({ "properties": properties }));
    typed(&mut h, "x");
    for i in 1..=30 {
        press(&mut h, Key::Tab);
        let label = format!("Field {i}");
        let node = h.get_by_role_and_label(Role::MultilineTextInput, &label);
        assert!(node.is_focused(), "{label} should have the focus");
        in_view(&h, &label, node.rect());
        in_view(
            &h,
            &format!("the label of {label}"),
            h.get_by_role_and_label(Role::Label, &label).rect(),
        );
    }
    for i in (20..30).rev() {
        h.key_press_modifiers(egui::Modifiers::SHIFT, Key::Tab);
        h.run();
        let label = format!("Field {i}");
        let node = h.get_by_role_and_label(Role::MultilineTextInput, &label);
        assert!(node.is_focused(), "{label} should have the focus");
        in_view(&h, &label, node.rect());
    }
}

/// Regression: after a failed Submit the first bad field scrolled into view, but its problem
/// line could stay below the fold.
#[test]
fn a_failed_submit_shows_the_first_problem_in_view() {
    let mut properties = serde_json::Map::new();
    for i in 0..40 {
        if i == 20 {
            properties.insert(
                "late".into(),
                json!({"type": "string", "title": "Late", "minLength": 5}),
            );
        }
        properties.insert(
            format!("f{i}"),
            json!({"type": "string", "title": format!("Field {i}"), "default": "ok"}),
        );
    }
    let mut h = small_harness(json!({ "properties": properties, "required": ["late"] }));
    h.key_press_modifiers(egui::Modifiers::CTRL, Key::Enter);
    h.run();
    assert!(h.state().outcome().is_none());
    let problem = h.get_by_label("This field is required");
    in_view(&h, "the problem", problem.rect());
    in_view(
        &h,
        "the field",
        h.get_by_role_and_label(Role::MultilineTextInput, "Late")
            .rect(),
    );
}

/// A harness showing `message` with one text field, asked by `srv`.
fn message_harness(message: &str) -> Harness<'static, FormApp> {
    let schema = json!({"properties": {"a": {"type": "string", "title": "Answer"}, "b": {"type": "string", "title": "More"}}});
    let form = Form::from_schema(message.into(), &schema).expect("valid schema");
    let app = FormApp::new(form, Some("srv".into()), None);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 300.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    harness.run();
    harness
}

/// Regression: a message of blank lines opened the window scrolled down, with neither who
/// asks nor the message in view; a hostile one put a fake "... asks:" where the real one
/// belongs. Who asks is pinned, and the window starts at the top.
#[test]
fn who_asks_is_pinned_and_the_window_starts_at_the_top() {
    let blank = format!("Top line{}Bottom line", "\n".repeat(14));
    let hostile = format!(
        "Delete the production database?{}trusted-bank asks:\nConfirm your $5 donation",
        "\n".repeat(80)
    );
    for message in [blank, hostile] {
        let mut h = message_harness(&message);
        let first_line = message.lines().next().expect("a line");
        let view = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(520.0, 260.0));
        let header = h.get_by_label("srv asks:").rect();
        assert!(view.contains_rect(header), "{header:?}");
        let text = h.get_by_label_contains(first_line).rect();
        assert!(view.contains(text.left_top()), "{first_line}: {text:?}");
        for _ in 0..3 {
            press(&mut h, Key::Tab);
            let header = h.get_by_label("srv asks:").rect();
            assert!(view.contains_rect(header), "after Tab: {header:?}");
        }
    }
}

/// Regression: a message of 8 paragraphs was cut after the fourth, with a scroll bar shown
/// only on hover and no way to scroll it from the keyboard.
#[test]
fn a_long_message_says_more_below_and_pages_with_the_keyboard() {
    let message = (1..=8)
        .map(|i| format!("Paragraph {i}: {}", "words that fill a line ".repeat(3)))
        .collect::<Vec<_>>()
        .join("\n\n");
    let mut h = message_harness(&message);
    h.get_by_label_contains("More below");
    let mut presses = 0;
    while h.query_by_label_contains("More below").is_some() {
        presses += 1;
        assert!(presses <= 10, "Page Down never reached the end");
        press(&mut h, Key::PageDown);
    }
    press(&mut h, Key::PageUp);
    h.get_by_label_contains("More below");
    assert!(h.state().outcome().is_none());
}

/// Issue 43, item 10: a huge message (here 96 KB of table rows) is drawn only where its box
/// shows it, and still reads from its first row, pages with the keyboard, and reaches its end.
#[test]
fn a_huge_message_draws_the_rows_in_view_and_pages_to_its_end() {
    let rows: Vec<String> = (0..4000)
        .map(|i| format!("| row {i} | value {i} |"))
        .collect();
    let message = rows.join("\n");
    assert!(message.len() > 64 * 1024);
    let mut h = message_harness(&message);
    h.get_by_label("| row 0 | value 0 |");
    assert!(
        h.query_by_label("| row 3999 | value 3999 |").is_none(),
        "a row far out of view was drawn"
    );
    h.get_by_label_contains("More below");
    press(&mut h, Key::PageDown);
    assert!(h.query_by_label("| row 0 | value 0 |").is_none());
    assert!(h.query_all_by_label_contains("| row 1").next().is_some());
    let mut presses = 0;
    while h.query_by_label_contains("More below").is_some() {
        presses += 1;
        assert!(presses <= 1000, "Page Down never reached the end");
        press(&mut h, Key::PageDown);
    }
    h.get_by_label("| row 3999 | value 3999 |");
    assert!(h.state().outcome().is_none());
}

/// A form with one optional date field and a text field after it, in a window of `height`.
fn date_harness(height: f32) -> Harness<'static, FormApp> {
    let form = Form::from_schema(
        "When?".into(),
        &json!({"properties": {
            "note": {"type": "string", "title": "Note"},
            "day": {"type": "string", "title": "Arrival date", "format": "date"}}}),
    )
    .expect("valid schema");
    let app = FormApp::new(form, None, None);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, height))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    harness.run();
    harness
}

/// Regression: Enter on a focused "Pick date" button submitted the form instead of opening the
/// calendar; Esc in the open calendar cancelled the whole form, losing what was typed; and
/// inside the calendar Enter chose nothing.
#[test]
fn the_date_picker_takes_enter_and_esc() {
    let mut h = date_harness(700.0);
    typed(&mut h, "keep me");
    press(&mut h, Key::Tab);
    press(&mut h, Key::Tab);
    focused(&h, Role::Button, "Pick date for Arrival date");
    press(&mut h, Key::Enter);
    assert!(
        h.state().outcome().is_none(),
        "Enter on Pick date submitted the form"
    );
    h.get_by_role_and_label(Role::Button, "Save");
    press(&mut h, Key::Escape);
    assert!(
        h.state().outcome().is_none(),
        "Esc in the calendar cancelled the form"
    );
    assert!(
        h.query_by_label("Save").is_none(),
        "Esc closes the calendar"
    );
    assert_eq!(
        h.get_by_role_and_label(Role::MultilineTextInput, "Note")
            .value()
            .as_deref(),
        Some("keep me")
    );
    // Open it again and choose with Enter on Save: today's date lands in the field.
    focused(&h, Role::Button, "Pick date for Arrival date");
    press(&mut h, Key::Enter);
    h.get_by_role_and_label(Role::Button, "Save").focus();
    h.run();
    press(&mut h, Key::Enter);
    assert!(h.state().outcome().is_none());
    assert!(
        h.query_by_label("Save").is_none(),
        "Enter on Save closes the calendar"
    );
    let today = jiff::Zoned::now().date().to_string();
    assert_eq!(
        h.get_by_role_and_label(Role::TextInput, "Arrival date")
            .value()
            .as_deref(),
        Some(today.as_str())
    );
    // Now Enter submits again.
    h.get_by_role_and_label(Role::TextInput, "Arrival date")
        .focus();
    h.run();
    press(&mut h, Key::Enter);
    assert!(matches!(h.state().outcome(), Some(Answer::Accept(_))));
}

/// Regression test for issue 48 item 6: Left then Enter in the open calendar moved a month (the
/// arrow moved the focus to the "previous month" button, and Enter pressed it) instead of
/// choosing a day. The calendar's keys, as docs/typing.md lists them: Left and Right a day,
/// Up and Down a week, Page Up and Page Down a month (Shift: a year), Enter chooses.
#[test]
fn the_calendars_keys_move_the_day_and_enter_chooses_it() {
    let mut h = date_harness(700.0);
    press(&mut h, Key::Tab);
    typed(&mut h, "2026-03-10");
    press(&mut h, Key::Tab);
    let cases: &[(&[Key], bool, &str)] = &[
        (&[Key::ArrowLeft], false, "2026-03-09"),
        (&[Key::ArrowRight, Key::ArrowRight], false, "2026-03-11"),
        (
            &[Key::ArrowDown, Key::ArrowDown, Key::ArrowUp],
            false,
            "2026-03-18",
        ),
        (&[Key::PageDown, Key::ArrowLeft], false, "2026-04-17"),
        (&[Key::PageUp, Key::PageUp], false, "2026-02-17"),
        (&[Key::PageDown], true, "2027-02-17"),
    ];
    for (keys, shift, want) in cases {
        focused(&h, Role::Button, "Pick date for Arrival date");
        press(&mut h, Key::Enter);
        h.get_by_role_and_label(Role::Button, "Save");
        for key in *keys {
            if *shift {
                h.key_press_modifiers(egui::Modifiers::SHIFT, *key);
                h.run();
            } else {
                press(&mut h, *key);
            }
        }
        focused(&h, Role::Button, "Pick date for Arrival date");
        press(&mut h, Key::Enter);
        assert!(h.query_by_label("Save").is_none(), "{keys:?}: still open");
        assert!(h.state().outcome().is_none(), "{keys:?}: the form ended");
        assert_eq!(
            h.get_by_role_and_label(Role::TextInput, "Arrival date")
                .value()
                .as_deref(),
            Some(*want),
            "{keys:?}"
        );
    }
}

/// Regression: a form with a single date field opened a window 171 points tall, and the
/// calendar's last row and its Save button fell outside it. The window is made tall enough
/// for the calendar.
#[test]
fn the_calendar_fits_in_the_window_it_opens_in() {
    let form = || {
        Form::from_schema(
            "When?".into(),
            &json!({"properties": {"day": {"type": "string", "title": "Day", "format": "date"}}}),
        )
        .expect("valid schema")
    };
    let mut measure = Harness::builder()
        .with_size(egui::vec2(520.0, 800.0))
        .build_ui_state(
            |ui, app: &mut FormApp| app.show(ui),
            FormApp::new(form(), None, None),
        );
    measure.run();
    let size = measure
        .state()
        .content_size()
        .expect("measured after a frame");
    let mut h = Harness::builder().with_size(size).build_ui_state(
        |ui, app: &mut FormApp| app.show(ui),
        FormApp::new(form(), None, None),
    );
    h.run();
    h.get_by_role_and_label(Role::Button, "Pick date for Day")
        .click();
    h.run();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
    for button in ["Save", "Cancel"] {
        for node in h.query_all_by_role_and_label(Role::Button, button) {
            let rect = node.rect();
            assert!(
                window.contains_rect(rect),
                "{button} at {rect:?} outside {window:?}"
            );
        }
    }
}

/// Regression: an optional single choice could not be taken back once picked, neither by a
/// second click nor by any key. It now offers "No answer" (as the terminal does), Backspace
/// and Delete on its options, and a Clear button for long lists.
#[test]
fn an_optional_choice_can_be_taken_back() {
    let many: Vec<String> = (1..=12).map(|i| format!("city-{i:02}")).collect();
    let mut h = harness(json!({"properties": {
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]},
        "city": {"type": "string", "title": "City", "enum": many},
        "must": {"type": "string", "title": "Must", "enum": ["yes", "no"]}},
        "required": ["must"]}));
    // By mouse: pick, then "No answer".
    h.get_by_role_and_label(Role::RadioButton, "M").click();
    h.run();
    h.get_by_role_and_label(Role::RadioButton, "No answer")
        .click();
    h.run();
    // By keyboard: pick with the mouse, then Backspace on the focused option.
    h.get_by_role_and_label(Role::RadioButton, "L").click();
    h.run();
    h.get_by_role_and_label(Role::RadioButton, "L").focus();
    h.run();
    press(&mut h, Key::Backspace);
    // The long list: choose by clicking a row, clear with the Clear button.
    h.get_by_label("city-03").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Clear").click();
    h.run();
    // A required group has no "No answer".
    assert_eq!(
        h.query_all_by_role_and_label(Role::RadioButton, "No answer")
            .count(),
        1
    );
    h.get_by_role_and_label(Role::RadioButton, "yes").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::CTRL, Key::Enter);
    h.run();
    assert_eq!(
        h.state().outcome(),
        Some(&Answer::Accept(
            json!({"must": "yes"})
                .as_object()
                .expect("an object")
                .clone()
        ))
    );
}

/// Regression: ` a@b.co ` (as pasted) got "Not an email address" with nothing pointing at the
/// spaces, and Shift+Enter put a line break into an email field.
#[test]
fn formatted_values_are_trimmed_and_stay_on_one_line() {
    let mut h = harness(json!({"properties": {
        "mail": {"type": "string", "title": "Mail", "format": "email"},
        "day": {"type": "string", "title": "Day", "format": "date"},
        "count": {"type": "integer", "title": "Count"}},
        "required": ["mail", "day", "count"]}));
    typed(&mut h, " a@b.co ");
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::Enter);
    h.run();
    assert!(h.state().outcome().is_none());
    press(&mut h, Key::Tab);
    typed(&mut h, " 2026-12-01\t");
    assert!(h.state().outcome().is_none());
    press(&mut h, Key::Tab);
    focused(&h, Role::Button, "Pick date for Day");
    press(&mut h, Key::Tab);
    assert!(h.state().outcome().is_none());
    focused(&h, Role::TextInput, "Count");
    typed(&mut h, " 5 ");
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::Enter);
    h.run();
    h.key_press_modifiers(egui::Modifiers::CTRL, Key::Enter);
    h.run();
    assert_eq!(
        h.state().outcome(),
        Some(&Answer::Accept(
            json!({"mail": "a@b.co", "day": "2026-12-01", "count": 5})
                .as_object()
                .expect("an object")
                .clone()
        ))
    );
}

/// Regression: a 20,000-option multi-select drew 20,000 checkboxes on every frame (some
/// 110 ms of CPU per caret blink) and had no filter, unlike a long single choice. It gets the
/// same filter list, drawing only the rows in view.
#[test]
fn a_long_multi_select_filters_and_ticks_with_the_keyboard() {
    let options: Vec<String> = (0..20_000).map(|i| format!("opt-{i:05}")).collect();
    let mut h = harness(json!({"properties": {
        "tags": {"type": "array", "title": "Tags", "items": {"type": "string", "enum": options}}},
        "required": ["tags"]}));
    let drawn = h.query_all_by_role(Role::CheckBox).count();
    assert!(drawn <= 12, "{drawn} checkboxes drawn for 20,000 options");
    focused(&h, Role::TextInput, "Tags");
    typed(&mut h, "opt-1999");
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::Space);
    h.get_by_label("Chosen: 1 of 20000");
    // Typing again filters (a space is text again), and a click ticks a row.
    typed(&mut h, "7");
    h.get_by_role_and_label(Role::CheckBox, "opt-19997").click();
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state().outcome(),
        Some(&Answer::Accept(
            json!({"tags": ["opt-19991", "opt-19997"]})
                .as_object()
                .expect("an object")
                .clone()
        ))
    );
}

/// Regression guard: a bidi override in a label must not reorder anything outside the label's
/// own text (egui lays text out in logical order, with no bidi reordering), nor break the
/// window: the label shows, and the answer is the option's value.
#[test]
fn bidi_overrides_in_labels_stay_inside_their_label() {
    let mut h = harness(json!({"properties": {
        "pick": {"type": "string", "title": "Pay \u{202E}1$ OK", "oneOf": [
            {"const": "a", "title": "\u{202E}evil\u{202C} option"},
            {"const": "b", "title": "plain"}]}},
        "required": ["pick"]}));
    h.get_by_role_and_label(Role::RadioButton, "plain").click();
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state().outcome(),
        Some(&Answer::Accept(
            json!({"pick": "b"}).as_object().expect("an object").clone()
        ))
    );
}

/// The content's one value, as text.
fn answered_text(h: &Harness<'_, FormApp>, name: &str) -> String {
    match h.state().outcome() {
        Some(Answer::Accept(content)) => content[name].as_str().expect("a string").to_owned(),
        other => panic!(
            "expected accept, got {other:?}; problems {:?}",
            h.state().problems()
        ),
    }
}

/// Asserts the control labelled `label` (of any role) has the keyboard focus.
fn focused_label(h: &Harness<'_, FormApp>, label: &str) {
    assert!(
        h.get_by_label(label).is_focused(),
        "{label:?} should have the focus"
    );
}

/// Regression (issue 30, item 8): the date-time picker offered no time, always 09:00. The hour
/// and minute are two Tab stops after Pick date; on an empty field they start at the next
/// whole hour, on the next whole hour's date, in the person's time zone.
#[test]
fn the_date_time_picker_sets_hours_and_minutes_with_the_keyboard() {
    use form_elicitation::model::datetime;
    let mut h = harness(json!({"properties": {
        "at": {"type": "string", "title": "At", "format": "date-time"},
        "note": {"type": "string", "title": "Note"}},
        "required": ["at"]}));
    let before = datetime::next_whole_hour(&datetime::now());
    focused(&h, Role::TextInput, "At");
    press(&mut h, Key::Tab);
    focused(&h, Role::Button, "Pick date for At");
    press(&mut h, Key::Tab);
    focused_label(&h, "Hour for At");
    let start = format!("{:02}", before.hour());
    assert_eq!(
        h.get_by_label("Hour for At").value().as_deref(),
        Some(start.as_str())
    );
    assert_eq!(
        h.get_by_label("Minute for At").value().as_deref(),
        Some("00")
    );
    typed(&mut h, "18");
    press(&mut h, Key::Tab);
    focused_label(&h, "Minute for At");
    typed(&mut h, "30");
    // Up and Down step the focused box.
    press(&mut h, Key::ArrowUp);
    press(&mut h, Key::ArrowUp);
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::Tab);
    focused(&h, Role::MultilineTextInput, "Note");
    press(&mut h, Key::Enter);
    let after = datetime::next_whole_hour(&datetime::now());
    let sent = answered_text(&h, "at");
    let (at, offset) = form_elicitation::model::formats::parse_date_time_parts(&sent)
        .expect("an RFC 3339 date-time");
    assert_eq!((at.hour(), at.minute(), at.second()), (18, 31, 0), "{sent}");
    assert!(
        at.date() == before.date() || at.date() == after.date(),
        "{sent}: the next whole hour's date"
    );
    let instant = offset.to_timestamp(at).expect("an instant");
    assert_eq!(
        datetime::local_zone().to_offset(instant),
        offset,
        "{sent}: in the person's time zone"
    );
}

/// The hour and minute boxes show what the field holds and change only its time, keeping the
/// offset it was written in.
#[test]
fn the_date_time_picker_starts_from_the_value_the_field_holds() {
    let mut h = harness(json!({"properties": {
        "at": {"type": "string", "title": "At", "format": "date-time",
               "default": "2026-05-04T07:45:00+02:00"}}}));
    assert_eq!(h.get_by_label("Hour for At").value().as_deref(), Some("07"));
    assert_eq!(
        h.get_by_label("Minute for At").value().as_deref(),
        Some("45")
    );
    h.get_by_label("Hour for At").focus();
    h.run();
    press(&mut h, Key::ArrowUp);
    assert_eq!(
        h.get_by_role_and_label(Role::TextInput, "At")
            .value()
            .as_deref(),
        Some("2026-05-04T08:45:00+02:00")
    );
    // A time typed into the text box moves the boxes with it.
    h.get_by_role_and_label(Role::TextInput, "At").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.run();
    typed(&mut h, "2026-05-04T21:05:00+02:00");
    assert_eq!(h.get_by_label("Hour for At").value().as_deref(), Some("21"));
    press(&mut h, Key::Enter);
    assert_eq!(answered_text(&h, "at"), "2026-05-04T21:05:00+02:00");
}

/// Regression (issue 30, item 8): on an empty date-time field, typing into the hour box the
/// very hour it shows (the next whole hour), then Enter, left the field empty: egui's number
/// box reports no change for an unchanged number. The minute box likewise.
#[test]
fn typing_the_hour_the_box_shows_fills_an_empty_date_time() {
    use form_elicitation::model::datetime;
    for (tab_to, label) in [(2, "Hour for At"), (3, "Minute for At")] {
        let mut h = harness(json!({"properties": {
            "at": {"type": "string", "title": "At", "format": "date-time"}},
            "required": ["at"]}));
        let before = datetime::next_whole_hour(&datetime::now());
        for _ in 0..tab_to {
            press(&mut h, Key::Tab);
        }
        focused_label(&h, label);
        let shown = h
            .get_by_label(label)
            .value()
            .expect("the box shows a number");
        typed(&mut h, &shown);
        press(&mut h, Key::Enter);
        let after = datetime::next_whole_hour(&datetime::now());
        let sent = answered_text(&h, "at");
        let (at, _) = form_elicitation::model::formats::parse_date_time_parts(&sent)
            .expect("an RFC 3339 date-time");
        assert!(
            [&before, &after].iter().any(|start| at == start.datetime()),
            "{label}: {sent} is not the next whole hour ({before} or {after})"
        );
    }
}

/// Regression (issue 30, items 11 and 15): Tab from a long multi-select's filter walked into
/// every option (47 Tab stops for 300), the list did not scroll with the highlight, so Space
/// ticked a row no one could see, and letters typed meanwhile vanished. The filter is the
/// list's one Tab stop: Down moves a highlight that stays in view, Space ticks it, letters go
/// to the filter, and Tab goes on to the next field.
#[test]
fn a_long_multi_select_is_one_tab_stop_with_its_highlight_in_view() {
    let options: Vec<String> = (1..=300).map(|i| format!("Option {i:03}")).collect();
    let mut h = harness(json!({"properties": {
        "tags": {"type": "array", "title": "Tags", "items": {"type": "string", "enum": options}},
        "note": {"type": "string", "title": "Note"}},
        "required": ["tags"]}));
    focused(&h, Role::TextInput, "Tags");
    for _ in 0..20 {
        press(&mut h, Key::ArrowDown);
    }
    // Option 020 is highlighted: drawn, and inside the list's view.
    let row = h.get_by_role_and_label(Role::CheckBox, "Option 020");
    // Only rows in the list's view are drawn; the highlighted one is there whole, between
    // the filter box above the list and the count under it.
    let top = h
        .get_by_role_and_label(Role::TextInput, "Tags")
        .rect()
        .bottom();
    let bottom = h.get_by_label("Chosen: 0 of 300").rect().top();
    let rect = row.rect();
    assert!(
        rect.top() > top && rect.bottom() < bottom,
        "the highlighted row at {rect:?} is not whole in the list's view ({top} to {bottom})"
    );
    press(&mut h, Key::Space);
    h.get_by_label("Chosen: 1 of 300");
    press(&mut h, Key::ArrowUp);
    press(&mut h, Key::Space);
    h.get_by_label("Chosen: 2 of 300");
    // A letter goes to the filter; the filter still has the focus.
    typed(&mut h, "3");
    focused(&h, Role::TextInput, "Tags");
    assert_eq!(
        h.get_by_role_and_label(Role::TextInput, "Tags")
            .value()
            .as_deref(),
        Some("3")
    );
    // One Tab: the next field, past every row.
    press(&mut h, Key::Tab);
    focused(&h, Role::MultilineTextInput, "Note");
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state().outcome(),
        Some(&Answer::Accept(
            json!({"tags": ["Option 019", "Option 020"], "note": ""})
                .as_object()
                .expect("an object")
                .clone()
        ))
    );
}

/// A key pressed, as a burst's event: no pass runs between it and the next.
fn key_event(key: Key, pressed: bool) -> egui::Event {
    egui::Event::Key {
        key,
        physical_key: Some(key),
        pressed,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    }
}

/// `keys` (a key and its text, if it types one) all in one frame's input, as a burst comes in
/// faster than passes run; then the passes the dialog asks for.
fn burst(h: &mut Harness<'_, FormApp>, keys: &[(Key, Option<&str>)]) {
    let events = &mut h.input_mut().events;
    for (key, text) in keys {
        events.push(key_event(*key, true));
        if let Some(text) = text {
            events.push(egui::Event::Text((*text).to_owned()));
        }
        events.push(key_event(*key, false));
    }
    h.run();
}

/// A harness that lets a burst take the passes it needs.
fn burst_harness(schema: Value) -> Harness<'static, FormApp> {
    let form = Form::from_schema("Burst".into(), &schema).expect("valid schema");
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 900.0))
        .with_max_steps(64)
        .build_ui_state(
            |ui, app: &mut FormApp| app.show(ui),
            FormApp::new(form, None, None),
        );
    harness.run();
    harness
}

/// Regression (issue 30, items 12 and 16): a password manager's `abc{TAB}{SPACE}{TAB}xyz{ENTER}`
/// left the checkbox unticked (5 runs of 5), and Down, Space three times in a long list ticked
/// one option of three: egui clicks on Space only while the checkbox still has the focus in
/// that pass, and a list saw Down and Space of one pass in its own order. Every key of a burst
/// acts, in order, even when all of them come in one frame.
#[test]
fn every_key_of_a_burst_in_one_frame_acts_in_order() {
    let mut h = burst_harness(json!({"properties": {
        "a": {"type": "string", "title": "A"},
        "n": {"type": "boolean", "title": "N"},
        "b": {"type": "string", "title": "B"}},
        "required": ["a", "b"]}));
    // Each letter's key with its text.
    let letters = |text: &'static str| {
        text.char_indices()
            .map(|(i, c)| {
                let key = Key::from_name(&c.to_string()).expect("a letter key");
                (key, Some(&text[i..i + c.len_utf8()]))
            })
            .collect::<Vec<_>>()
    };
    let mut keys = letters("abc");
    keys.extend([(Key::Tab, None), (Key::Space, Some(" ")), (Key::Tab, None)]);
    keys.extend(letters("xyz"));
    keys.push((Key::Enter, None));
    burst(&mut h, &keys);
    assert_eq!(
        h.state().outcome(),
        Some(&Answer::Accept(
            json!({"a": "abc", "n": true, "b": "xyz"})
                .as_object()
                .expect("an object")
                .clone()
        ))
    );

    let options: Vec<String> = (1..=300).map(|i| format!("Option {i:03}")).collect();
    let mut h = burst_harness(json!({"properties": {
        "tags": {"type": "array", "title": "Tags", "items": {"type": "string", "enum": options}}},
        "required": ["tags"]}));
    let down_space = [(Key::ArrowDown, None), (Key::Space, Some(" "))];
    let mut keys: Vec<(Key, Option<&str>)> = down_space.repeat(3);
    keys.push((Key::Enter, None));
    burst(&mut h, &keys);
    assert_eq!(
        h.state().outcome(),
        Some(&Answer::Accept(
            json!({"tags": ["Option 001", "Option 002", "Option 003"]})
                .as_object()
                .expect("an object")
                .clone()
        ))
    );
}

/// Regression (issue 30, item 10): in a window 360 points wide (a phone-sized or tiled
/// window) the date picker's calendar was cut off on the right: its Sunday column, `>>>` and
/// part of Save. Every control of the open calendar lies inside the window, and it still
/// picks a date with the keyboard.
#[test]
fn the_calendar_fits_a_narrow_window() {
    let form = Form::from_schema(
        "When?".into(),
        &json!({"properties": {
            "day": {"type": "string", "title": "Arrival date", "format": "date"},
            "at": {"type": "string", "title": "At", "format": "date-time"}}}),
    )
    .expect("valid schema");
    let size = egui::vec2(360.0, 640.0);
    let mut h = Harness::builder().with_size(size).build_ui_state(
        |ui, app: &mut FormApp| app.show(ui),
        FormApp::new(form, None, None),
    );
    h.run();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
    for field in ["Arrival date", "At"] {
        h.get_by_role_and_label(Role::Button, &format!("Pick date for {field}"))
            .click();
        h.run();
        h.get_by_role_and_label(Role::Button, "Save");
        for node in h.root().query_all(egui_kittest::kittest::by()) {
            if node.accesskit_node().bounding_box().is_none() {
                continue;
            }
            let rect = node.rect();
            assert!(
                rect.left() >= window.left() - 0.5 && rect.right() <= window.right() + 0.5,
                "{field}: {:?} {:?} at {rect:?} is outside the window {window:?}",
                node.accesskit_node().role(),
                node.accesskit_node().label()
            );
        }
        press(&mut h, Key::Escape);
        assert!(
            h.query_by_label("Save").is_none(),
            "Esc closes the calendar"
        );
    }
}

//! Keyboard alone answers every field kind: Tab moves, typing fills, Space toggles, arrows
//! choose, Enter submits. Each control is also found by its label and role, as a screen
//! reader would find it. No display needed.

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use form_elicitation::answer::Answer;
use form_elicitation::form::Form;
use form_elicitation::ui::FormApp;
use serde_json::{Value, json};

fn harness(schema: Value) -> Harness<'static, FormApp> {
    let form = Form::from_schema("Keyboard only".into(), &schema).expect("valid schema");
    let app = FormApp::new(form, None, None);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 1400.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    harness.run();
    harness
}

fn key(h: &mut Harness<'_, FormApp>, key: Key) {
    h.key_press(key);
    h.run();
}

fn typed(h: &mut Harness<'_, FormApp>, text: &str) {
    h.event(egui::Event::Text(text.to_owned()));
    h.run();
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
    key(&mut h, Key::Tab);
    focused(&h, Role::MultilineTextInput, "Mail");
    typed(&mut h, "ada@example.com");
    key(&mut h, Key::Tab);
    focused(&h, Role::TextInput, "Day");
    typed(&mut h, "2026-12-24");
    key(&mut h, Key::Tab);
    focused(&h, Role::Button, "Pick date");
    key(&mut h, Key::Tab);
    focused(&h, Role::TextInput, "Count");
    typed(&mut h, "7");
    key(&mut h, Key::Tab);
    focused(&h, Role::CheckBox, "Agree");
    key(&mut h, Key::Space);
    key(&mut h, Key::Tab);
    focused(&h, Role::RadioButton, "S");
    key(&mut h, Key::Space);
    key(&mut h, Key::ArrowDown);
    focused(&h, Role::RadioButton, "M");
    // The group is one Tab stop: Tab leaves it from wherever the arrows left the focus.
    key(&mut h, Key::Tab);
    focused(&h, Role::TextInput, "City");
    // "city-1" matches city-10, city-11, city-12; three Downs walk to the last.
    typed(&mut h, "city-1");
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::ArrowDown);
    // The option rows are no Tab stops: Tab goes from the filter box to the multi-select.
    key(&mut h, Key::Tab);
    focused(&h, Role::CheckBox, "red");
    key(&mut h, Key::Tab);
    focused(&h, Role::CheckBox, "blue");
    key(&mut h, Key::Space);
    key(&mut h, Key::Enter);

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

#[test]
fn tab_reaches_the_buttons_after_the_last_field_and_space_presses_them() {
    let mut h = harness(json!({"properties": {"note": {"type": "string", "title": "Note"}}}));
    focused(&h, Role::MultilineTextInput, "Note");
    key(&mut h, Key::Tab);
    focused(&h, Role::Button, "Submit");
    key(&mut h, Key::Tab);
    focused(&h, Role::Button, "Decline");
    key(&mut h, Key::Space);
    assert_eq!(h.state().outcome(), Some(&Answer::Decline));
}

#[test]
fn a_confirmation_without_fields_starts_on_submit() {
    let mut h = harness(json!({"properties": {}}));
    focused(&h, Role::Button, "Submit");
    key(&mut h, Key::Enter);
    assert!(matches!(h.state().outcome(), Some(Answer::Accept(c)) if c.is_empty()));
}

#[test]
fn a_radio_group_is_one_tab_stop_that_lands_on_the_chosen_option() {
    let mut h = harness(json!({"properties": {
        "before": {"type": "string", "title": "Before"},
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"], "default": "M"},
        "after": {"type": "string", "title": "After"}}}));
    focused(&h, Role::MultilineTextInput, "Before");
    key(&mut h, Key::Tab);
    focused(&h, Role::RadioButton, "M");
    key(&mut h, Key::Tab);
    focused(&h, Role::MultilineTextInput, "After");
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::Tab);
    h.run();
    focused(&h, Role::RadioButton, "M");
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::Tab);
    h.run();
    focused(&h, Role::MultilineTextInput, "Before");
}

//! UI tests of the form window: find each control by its label through AccessKit, fill it like
//! a person (focus, type, keys, clicks), and assert the answer. No display needed.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use form_elicitation::model::answer::Answer;
use form_elicitation::model::form::Form;
use form_elicitation::ui::{FormApp, WindowDialog};
use serde_json::{Value, json};

use super::support::kittest::press;

fn harness(schema: Value) -> Harness<'static, FormApp> {
    let form = Form::from_schema("Please answer.".into(), &schema).expect("valid schema");
    let app = FormApp::new(form, Some("test-server".into()), None);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 900.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    harness.run();
    harness
}

/// The answer's content, or a panic saying what the answer was instead.
fn accepted(harness: &Harness<'_, FormApp>) -> Value {
    match harness.state().outcome() {
        Some(Answer::Accept(content)) => Value::Object(content.clone()),
        other => panic!(
            "expected accept, got {other:?}; problems {:?}",
            harness.state().problems()
        ),
    }
}

/// Focuses the control labelled `label` and types `text` into it.
fn type_into(harness: &mut Harness<'_, FormApp>, role: Role, label: &str, text: &str) {
    harness.get_by_role_and_label(role, label).focus();
    harness.run();
    harness.get_by_role_and_label(role, label).type_text(text);
    harness.run();
}

#[test]
fn text_typed_then_enter_submits() {
    let mut h = harness(
        json!({"properties": {"name": {"type": "string", "title": "Your name"}}, "required": ["name"]}),
    );
    // The first field has the focus at start: typing needs no click.
    assert!(
        h.get_by_role_and_label(Role::MultilineTextInput, "Your name")
            .is_focused()
    );
    h.get_by_role_and_label(Role::MultilineTextInput, "Your name")
        .type_text("Ada");
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"name": "Ada"}));
}

#[test]
fn shift_enter_is_a_new_line_not_a_submit() {
    let mut h = harness(json!({"properties": {"notes": {"type": "string", "title": "Notes"}}}));
    type_into(&mut h, Role::MultilineTextInput, "Notes", "one");
    h.key_press_modifiers(Modifiers::SHIFT, Key::Enter);
    h.run();
    assert!(h.state().outcome().is_none(), "Shift+Enter must not submit");
    h.get_by_role_and_label(Role::MultilineTextInput, "Notes")
        .type_text("two");
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"notes": "one\ntwo"}));
}

#[test]
fn numbers_and_integers_keep_their_json_type() {
    let mut h = harness(json!({"properties": {
        "price": {"type": "number", "title": "Price"},
        "count": {"type": "integer", "title": "Count", "minimum": 1}}}));
    type_into(&mut h, Role::TextInput, "Price", "2.5");
    type_into(&mut h, Role::TextInput, "Count", "3");
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"price": 2.5, "count": 3}));
}

#[test]
fn validation_blocks_submit_and_focuses_the_first_problem() {
    let mut h = harness(json!({"properties": {
        "ok": {"type": "string", "title": "Fine"},
        "count": {"type": "integer", "title": "Count", "maximum": 5},
        "mail": {"type": "string", "title": "Mail", "format": "email"}},
        "required": ["mail"]}));
    type_into(&mut h, Role::TextInput, "Count", "7");
    type_into(&mut h, Role::TextInput, "Mail", "not-an-address");
    press(&mut h, Key::Enter);
    assert!(h.state().outcome().is_none(), "a bad form must not answer");
    assert_eq!(
        h.state().problems(),
        &[
            None,
            Some("Must be at most 5".to_owned()),
            Some("Not an email address (like name@example.com)".to_owned())
        ]
    );
    assert!(h.get_by_label("Must be at most 5").accesskit_node().role() == Role::Label);
    assert!(
        h.get_by_role_and_label(Role::TextInput, "Count")
            .is_focused(),
        "first problem focused"
    );
    // Fixing the value clears its problem as the person types.
    h.key_press(Key::Backspace);
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Count")
        .type_text("4");
    h.run();
    assert_eq!(h.state().problems()[1], None);
    type_into(&mut h, Role::TextInput, "Mail", "@example.com");
    press(&mut h, Key::Enter);
    assert_eq!(
        accepted(&h),
        json!({"ok": "", "count": 4, "mail": "not-an-address@example.com"})
    );
}

#[test]
fn checkbox_clicked_is_true_and_untouched_optional_is_left_out() {
    let mut h = harness(json!({"properties": {
        "agree": {"type": "boolean", "title": "I agree"},
        "news": {"type": "boolean", "title": "Newsletter"}}}));
    h.get_by_role_and_label(Role::CheckBox, "I agree").click();
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"agree": true}));
}

#[test]
fn space_toggles_and_enter_on_a_checkbox_submits() {
    let mut h = harness(
        json!({"properties": {"agree": {"type": "boolean", "title": "I agree"}}, "required": ["agree"]}),
    );
    assert!(
        h.get_by_role_and_label(Role::CheckBox, "I agree")
            .is_focused()
    );
    press(&mut h, Key::Space);
    // Regression: Enter on a focused checkbox used to toggle it back instead of submitting.
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"agree": true}));
}

#[test]
fn radio_click_sends_the_const() {
    let mut h = harness(
        json!({"properties": {"discount": {"type": "string", "title": "Discount",
        "oneOf": [{"const": "10", "title": "10%"}, {"const": "15", "title": "15%"}]}}, "required": ["discount"]}),
    );
    h.get_by_role_and_label(Role::RadioButton, "15%").click();
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"discount": "15"}));
}

#[test]
fn arrows_choose_among_radio_buttons() {
    let mut h = harness(
        json!({"properties": {"color": {"type": "string", "title": "Color",
        "enum": ["red", "green", "blue"], "enumNames": ["Red", "Green", "Blue"]}}}),
    );
    assert!(
        h.get_by_role_and_label(Role::RadioButton, "Red")
            .is_focused()
    );
    press(&mut h, Key::Space);
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::ArrowDown);
    assert!(
        h.get_by_role_and_label(Role::RadioButton, "Blue")
            .is_focused()
    );
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"color": "blue"}));
}

#[test]
fn a_long_list_filters_as_you_type() {
    let options: Vec<String> = (1..=30).map(|i| format!("option-{i:02}")).collect();
    let mut h = harness(
        json!({"properties": {"pick": {"type": "string", "title": "Pick", "enum": options}}}),
    );
    type_into(&mut h, Role::TextInput, "Pick", "-2");
    // "-2" matches option-20 .. option-29; the first Down chooses the first match.
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"pick": "option-21"}));
}

#[test]
fn multi_select_sends_option_order_and_checks_counts() {
    let mut h = harness(
        json!({"properties": {"targets": {"type": "array", "title": "Post to",
        "items": {"anyOf": [{"const": "gmail", "title": "Gmail"}, {"const": "slack", "title": "Slack"},
                            {"const": "github", "title": "GitHub"}]},
        "minItems": 1, "maxItems": 2}}, "required": ["targets"]}),
    );
    press(&mut h, Key::Enter);
    assert!(
        h.state().outcome().is_none(),
        "minItems 1 blocks an empty answer"
    );
    h.get_by_role_and_label(Role::CheckBox, "GitHub").click();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, "Gmail").click();
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"targets": ["gmail", "github"]}));
}

#[test]
fn dates_typed_are_checked() {
    let mut h = harness(json!({"properties": {
        "day": {"type": "string", "title": "Day", "format": "date"},
        "at": {"type": "string", "title": "At", "format": "date-time"}}}));
    type_into(&mut h, Role::TextInput, "Day", "2026-02-30");
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state().problems()[0].as_deref(),
        Some("Not a date (like 2026-11-30)")
    );
    h.get_by_role_and_label(Role::TextInput, "Day").focus();
    h.run();
    for _ in 0..2 {
        h.key_press(Key::Backspace);
    }
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Day")
        .type_text("28");
    type_into(&mut h, Role::TextInput, "At", "2026-02-28T10:00:00+09:00");
    press(&mut h, Key::Enter);
    assert_eq!(
        accepted(&h),
        json!({"day": "2026-02-28", "at": "2026-02-28T10:00:00+09:00"})
    );
}

#[test]
fn defaults_are_prefilled_and_sent() {
    let mut h = harness(json!({"properties": {
        "dir": {"type": "string", "title": "Directory", "default": "~/Downloads"},
        "overwrite": {"type": "boolean", "title": "Overwrite", "default": false},
        "size": {"type": "string", "title": "Size", "enum": ["S", "M"], "default": "M"}},
        "required": ["dir", "overwrite"]}));
    assert_eq!(
        h.get_by_role_and_label(Role::MultilineTextInput, "Directory")
            .value()
            .as_deref(),
        Some("~/Downloads")
    );
    press(&mut h, Key::Enter);
    assert_eq!(
        accepted(&h),
        json!({"dir": "~/Downloads", "overwrite": false, "size": "M"})
    );
}

#[test]
fn ctrl_enter_submits_from_a_button() {
    let mut h = harness(json!({"properties": {}}));
    h.get_by_role_and_label(Role::Button, "Cancel").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    h.run();
    assert_eq!(accepted(&h), json!({}));
}

#[test]
fn decline_button_declines() {
    let mut h = harness(json!({"properties": {"x": {"type": "string"}}, "required": ["x"]}));
    h.get_by_role_and_label(Role::Button, "Decline").click();
    h.run();
    assert_eq!(h.state().outcome(), Some(&Answer::Decline));
}

#[test]
fn escape_cancels_even_with_problems() {
    let mut h = harness(json!({"properties": {"x": {"type": "string"}}, "required": ["x"]}));
    press(&mut h, Key::Enter);
    assert!(h.state().outcome().is_none());
    press(&mut h, Key::Escape);
    assert_eq!(h.state().outcome(), Some(&Answer::Cancel));
}

#[test]
fn enter_on_the_cancel_button_cancels() {
    let mut h = harness(json!({"properties": {}}));
    h.get_by_role_and_label(Role::Button, "Cancel").focus();
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(h.state().outcome(), Some(&Answer::Cancel));
}

#[test]
fn server_and_message_are_shown() {
    let h = harness(json!({"properties": {}}));
    h.get_by_label("test-server asks:");
    h.get_by_label("Please answer.");
}

/// The message read as Markdown, found by what a screen reader reads: each block a label of
/// plain text without markup characters, links followed by their full URL, images and HTML as
/// text, and nothing that reads as our header or a button.
#[test]
fn markdown_message_reads_without_markup() {
    use form_elicitation::cli::Markdown;
    let cases: &[(&str, &[&str])] = &[
        ("Deploy **now**?", &["Deploy now?"]),
        ("# Plan\n- one\n- `two`", &["Plan", "one", "two"]),
        (
            "[https://bank.example](https://evil.example)",
            &["https://bank.example <https://evil.example>"],
        ),
        ("[x](javascript:alert(1))", &["x <javascript:alert(1)>"]),
        (
            "![cat](https://img.example/c.png)",
            &["[cat] <https://img.example/c.png>"],
        ),
        ("<script>alert(1)</script>", &["<script>alert(1)</script>"]),
        ("```\nfn main() {}\n```", &["fn main() {}"]),
        // Drawing the quote's mark proves the window's fonts have it (kittest panics if not).
        ("> quoted", &["› ", "quoted"]),
    ];
    for (message, labels) in cases {
        let form =
            Form::from_schema((*message).into(), &json!({"properties": {}})).expect("valid schema");
        let app = FormApp::new(form, Some("test-server".into()), None).markdown(Markdown::On);
        let mut h = Harness::builder()
            .with_size(egui::vec2(520.0, 600.0))
            .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
        h.run();
        for label in *labels {
            h.get_by_label(label);
        }
        // Our header and buttons are still ours alone.
        assert_eq!(
            h.get_all_by_label("test-server asks:").count(),
            1,
            "{message}"
        );
        assert_eq!(h.get_all_by_role(Role::Button).count(), 3, "{message}");
    }

    // Off: the text as it came.
    let form = Form::from_schema("Deploy **now**?".into(), &json!({"properties": {}}))
        .expect("valid schema");
    let app = FormApp::new(form, None, None).markdown(Markdown::Off);
    let mut h = Harness::builder()
        .with_size(egui::vec2(520.0, 600.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    h.run();
    h.get_by_label("Deploy **now**?");
}

/// The hostile set within limits: 10,000 nested lists and a 1 MB code block draw without
/// panicking or overflowing the stack.
#[test]
fn hostile_markdown_message_draws() {
    for message in [
        "- ".repeat(10_000) + "deep",
        format!("```\n{}\n```", "x".repeat(1 << 20)),
    ] {
        let form = Form::from_schema(message, &json!({"properties": {}})).expect("valid schema");
        let app = FormApp::new(form, None, None);
        let mut h = Harness::builder()
            .with_size(egui::vec2(520.0, 600.0))
            .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
        h.run();
        h.get_by_role_and_label(Role::Button, "Cancel");
    }
}

#[test]
fn korean_renders_through_system_fonts_and_latin_loads_none() {
    // kittest panics on any glyph the fonts lack, so merely rendering this form proves the
    // system font fallback (CI installs fonts-noto-cjk).
    let mut h = harness(json!({"properties": {
        "name": {"type": "string", "title": "이름", "description": "명찰에 표시됩니다"},
        "meal": {"type": "string", "title": "점심", "oneOf": [{"const": "bibimbap", "title": "비빔밥"}]}},
        "required": ["name"]}));
    assert!(h.state().system_fonts_loaded());
    h.get_by_role_and_label(Role::MultilineTextInput, "이름")
        .type_text("김철수");
    h.run();
    h.get_by_role_and_label(Role::RadioButton, "비빔밥").click();
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"name": "김철수", "meal": "bibimbap"}));

    let latin = harness(json!({"properties": {"name": {"type": "string", "title": "Name"}}}));
    assert!(
        !latin.state().system_fonts_loaded(),
        "a Latin form must not pay for system fonts"
    );
}

/// Regression test for issue 15: typed text the loaded fonts lack starts finding the system
/// fonts on a thread of their own, and the pass that got the keys does not wait for them (a
/// window that stopped for the enumeration fell behind tools that type through a remapped
/// key, and read their next keys with a later keymap). The fonts join once they are ready.
#[test]
fn typing_a_script_the_form_lacks_loads_system_fonts_without_waiting() {
    let form = Form::from_schema(
        "Please answer.".into(),
        &json!({"properties": {"name": {"type": "string", "title": "Name"}}}),
    )
    .expect("valid schema");
    // The typed characters show as boxes until the fonts are in, so glyphs may be missing
    // meanwhile; once they are in, a missing glyph fails the test again (below).
    let mut h = Harness::builder()
        .with_size(egui::vec2(520.0, 900.0))
        .allow_missing_glyphs()
        .build_ui_state(
            |ui, app: &mut FormApp| app.show(ui),
            FormApp::new(form, Some("test-server".into()), None),
        );
    h.run();
    assert!(!h.state().system_fonts_loaded());
    h.get_by_role_and_label(Role::MultilineTextInput, "Name")
        .type_text("日本語");
    h.step();
    assert!(
        h.state().system_fonts_loading() && !h.state().system_fonts_loaded(),
        "the pass that got the text must start the fonts on their thread and not wait for them"
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !h.state().system_fonts_loaded() {
        assert!(
            std::time::Instant::now() < deadline,
            "the system fonts never came"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    h.ctx
        .set_missing_glyph_policy(egui::MissingGlyphPolicy::Panic);
    h.run();
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"name": "日本語"}));
}

#[test]
fn screen_readers_get_label_role_required_help_and_problem() {
    let mut h = harness(json!({"properties": {
        "name": {"type": "string", "title": "Name", "description": "As on your badge", "minLength": 2},
        "count": {"type": "integer", "title": "Count"},
        "size": {"type": "string", "title": "Size", "enum": ["S", "M"]},
        "tags": {"type": "array", "title": "Tags", "items": {"type": "string", "enum": ["red", "blue"]}},
        "ok": {"type": "boolean", "title": "OK"}},
        "required": ["name", "size"]}));
    let name = h.get_by_role_and_label(Role::MultilineTextInput, "Name");
    assert!(name.accesskit_node().is_required());
    assert_eq!(
        name.accesskit_node().description().as_deref(),
        Some("As on your badge. at least 2 characters")
    );
    let count = h.get_by_role_and_label(Role::TextInput, "Count");
    assert!(!count.accesskit_node().is_required());
    assert_eq!(
        count.accesskit_node().description().as_deref(),
        Some("a whole number")
    );
    let small = h.get_by_role_and_label(Role::RadioButton, "S");
    assert!(small.accesskit_node().is_required());
    assert_eq!(
        small.accesskit_node().description().as_deref(),
        Some("Size"),
        "an option names its field"
    );
    let red = h.get_by_role_and_label(Role::CheckBox, "red");
    assert_eq!(red.accesskit_node().description().as_deref(), Some("Tags"));
    assert!(
        !h.get_by_role_and_label(Role::CheckBox, "OK")
            .accesskit_node()
            .is_required()
    );

    press(&mut h, Key::Enter);
    let name = h.get_by_role_and_label(Role::MultilineTextInput, "Name");
    assert_eq!(
        name.accesskit_node().description().as_deref(),
        Some("As on your badge. at least 2 characters. This field is required"),
        "the problem is read out with the field"
    );
    assert!(name.accesskit_node().data().invalid().is_some());
}

/// The formats schema generators emit, a fixed value and `multipleOf` in the window: the
/// shape of each format is shown (and told to screen readers), a wrong value is refused with
/// it, the fixed value is shown read-only and sent, and a multiple is checked exactly.
#[test]
fn generated_formats_fixed_values_and_multiples() {
    let mut h = harness(json!({"properties": {
        "id": {"type": "string", "format": "uuid", "title": "Order id"},
        "wait": {"type": "string", "format": "duration", "title": "Timeout"},
        "kind": {"type": "string", "const": "refund", "title": "Kind"},
        "packs": {"type": "integer", "multipleOf": 5, "title": "Packs"}},
        "required": ["id", "packs"]}));
    h.get_by_label("A UUID, like 123e4567-e89b-12d3-a456-426614174000");
    let id = h.get_by_role_and_label(Role::TextInput, "Order id");
    let description = id.accesskit_node().description();
    assert!(
        description
            .as_deref()
            .is_some_and(|d| d.contains("a UUID, like 123e4567")),
        "{description:?}"
    );
    type_into(
        &mut h,
        Role::TextInput,
        "Order id",
        "123e4567-e89b-12d3-a456",
    );
    type_into(&mut h, Role::TextInput, "Timeout", "PT");
    type_into(&mut h, Role::TextInput, "Kind", "edited");
    type_into(&mut h, Role::TextInput, "Packs", "12");
    h.key_press_modifiers(Modifiers::CTRL, Key::Enter);
    h.run();
    assert_eq!(
        h.state().problems(),
        [
            Some("Not a UUID (like 123e4567-e89b-12d3-a456-426614174000)".to_owned()),
            Some("Not a duration (ISO 8601) (like P1DT2H)".to_owned()),
            None,
            Some("Must be a multiple of 5".to_owned()),
        ]
    );
    type_into(&mut h, Role::TextInput, "Order id", "-426614174000");
    type_into(&mut h, Role::TextInput, "Timeout", "30M");
    type_into(&mut h, Role::TextInput, "Packs", "0");
    h.key_press_modifiers(Modifiers::CTRL, Key::Enter);
    h.run();
    assert_eq!(
        accepted(&h),
        json!({"id": "123e4567-e89b-12d3-a456-426614174000", "wait": "PT30M", "kind": "refund", "packs": 120})
    );
}

/// The window speaks the person's language: buttons, hints, limits and problems come from
/// the catalog (German and Korean here; `LANG` picks it in the real program, see the
/// terminal tests), and the request's own text is left as it is.
#[test]
fn the_window_speaks_german_and_korean() {
    let schema = json!({"properties": {
        "name": {"type": "string", "title": "Name", "maxLength": 3},
        "size": {"type": "string", "title": "Size", "enum": ["S", "M"]}},
        "required": ["name"]});
    for (tag, words) in [
        (
            "de",
            [
                "Absenden",
                "Ablehnen",
                "Abbrechen",
                "Keine Antwort",
                "Dieses Feld ist erforderlich",
                "test-server fragt:",
            ],
        ),
        (
            "ko",
            [
                "제출",
                "거절",
                "취소",
                "답변 없음",
                "필수 입력 항목입니다",
                "test-server의 요청:",
            ],
        ),
    ] {
        assert!(form_elicitation::i18n::use_language_in_this_thread(tag));
        let mut h = harness(schema.clone());
        h.get_by_role_and_label(Role::Button, words[0]);
        h.get_by_role_and_label(Role::Button, words[1]);
        h.get_by_role_and_label(Role::Button, words[2]);
        h.get_by_role_and_label(Role::RadioButton, words[3]);
        h.get_by_label(words[5]);
        h.key_press_modifiers(Modifiers::CTRL, Key::Enter);
        h.run();
        assert_eq!(h.state().problems()[0].as_deref(), Some(words[4]), "{tag}");
    }
}

/// Issue 29: a format problem was an English sentence around a translated noun ("Not eine
/// E-Mail-Adresse (like name@example.com)", "Not 이메일 주소 (like …)"); the window shows one
/// sentence of the person's language, to the eye and to screen readers.
#[test]
fn a_format_problem_is_one_sentence_of_the_language() {
    for (tag, sentence) in [
        ("de", "Keine E-Mail-Adresse (z. B. name@example.com)"),
        ("ko", "이메일 주소가 아닙니다(예: name@example.com)"),
    ] {
        assert!(form_elicitation::i18n::use_language_in_this_thread(tag));
        let mut h = harness(json!({"properties": {
            "mail": {"type": "string", "format": "email", "title": "Mail"}}}));
        type_into(&mut h, Role::TextInput, "Mail", "ada");
        h.key_press_modifiers(Modifiers::CTRL, Key::Enter);
        h.run();
        assert_eq!(h.state().problems()[0].as_deref(), Some(sentence), "{tag}");
        h.get_by_label(sentence);
        let mail = h.get_by_role_and_label(Role::TextInput, "Mail");
        let description = mail.accesskit_node().description();
        assert!(
            description
                .as_deref()
                .is_some_and(|d| d.ends_with(sentence)),
            "{tag}: {description:?}"
        );
    }
}

/// Issue 30: a `pattern` field said nothing of its pattern until a Submit failed, unlike
/// every other constraint; its help states it up front, in the person's language.
#[test]
fn a_pattern_is_stated_up_front() {
    let schema = json!({"properties": {
        "code": {"type": "string", "title": "Code", "pattern": "^[A-Z]{3}$"}}});
    for (tag, help) in [
        ("en", "must match ^[A-Z]{3}$"),
        ("de", "muss zum Muster ^[A-Z]{3}$ passen"),
    ] {
        assert!(form_elicitation::i18n::use_language_in_this_thread(tag));
        let h = harness(schema.clone());
        let mut shown = help.chars();
        let first = shown.next().map(|c| c.to_uppercase().collect::<String>());
        h.get_by_label(&format!("{}{}", first.unwrap_or_default(), shown.as_str()));
        let code = h.get_by_role_and_label(Role::MultilineTextInput, "Code");
        assert_eq!(
            code.accesskit_node().description().as_deref(),
            Some(help),
            "{tag}: screen readers hear it too"
        );
    }
}

/// Asserts that every node of the window lies inside it and that no two buttons overlap, nor
/// a button and a text, as far as each is seen: a field scrolled under the panel of buttons
/// (or under who asks, pinned at the top) is hidden there, not overlapping.
fn layout_holds(h: &Harness<'_, FormApp>, window: egui::Rect, what: &str) {
    // Each node with its rect and the panel (AccessKit's pane) it is drawn in.
    let mut nodes = Vec::new();
    for node in h.root().query_all(egui_kittest::kittest::by()) {
        if node.accesskit_node().bounding_box().is_none() {
            continue;
        }
        let rect = node.rect();
        if rect.area() <= 0.0 || node.accesskit_node().role() == Role::ScrollView {
            continue;
        }
        // Rows scrolled out of the view are outside it by design; what is in the view must
        // fit it across.
        assert!(
            rect.left() >= window.left() - 0.5 && rect.right() <= window.right() + 0.5,
            "{what}: {:?} {:?} at {rect:?} is wider than the window {window:?}",
            node.accesskit_node().role(),
            node.accesskit_node().label()
        );
        let mut pane = None;
        let mut ancestor = node.accesskit_node().parent();
        while let Some(parent) = ancestor {
            if parent.role() == Role::Pane {
                pane = Some(parent.id());
                break;
            }
            ancestor = parent.parent();
        }
        let label = node
            .accesskit_node()
            .label()
            .or_else(|| node.accesskit_node().value())
            .unwrap_or_default();
        nodes.push((node.accesskit_node().role(), label, rect, pane));
    }
    // The panels from top to bottom: who asks (if shown), the body, the buttons. What the body
    // shows lies between its neighbours.
    let mut panes: Vec<_> = nodes.iter().filter_map(|n| n.3).collect();
    panes.sort();
    panes.dedup();
    let top_of = |pane| {
        nodes
            .iter()
            .filter(|n| n.3 == Some(pane))
            .map(|n| n.2.top())
            .fold(f32::INFINITY, f32::min)
    };
    panes.sort_by(|a, b| top_of(*a).total_cmp(&top_of(*b)));
    let (first, last) = (panes.first().copied(), panes.last().copied());
    let bottom_of = |pane| {
        nodes
            .iter()
            .filter(|n| n.3 == Some(pane))
            .map(|n| n.2.bottom())
            .fold(f32::NEG_INFINITY, f32::max)
    };
    let view_top = if panes.len() > 2 {
        first.map_or(f32::NEG_INFINITY, bottom_of)
    } else {
        f32::NEG_INFINITY
    };
    let view_bottom = last.map_or(f32::INFINITY, top_of);
    let mut buttons = Vec::new();
    let mut texts = Vec::new();
    for (role, label, rect, pane) in nodes {
        let in_body = pane != last && (panes.len() <= 2 || pane != first);
        let shown = if in_body {
            let clipped = egui::Rect::from_x_y_ranges(
                rect.x_range(),
                rect.top().max(view_top)..=rect.bottom().min(view_bottom),
            );
            if !clipped.is_positive() {
                continue;
            }
            clipped
        } else {
            rect
        };
        match role {
            Role::Button => buttons.push((label, shown)),
            Role::Label => texts.push((label, shown)),
            _ => {}
        }
    }
    for (i, (a, ra)) in buttons.iter().enumerate() {
        for (b, rb) in &buttons[i + 1..] {
            assert!(
                !ra.intersects(*rb),
                "{what}: buttons {a:?} at {ra:?} and {b:?} at {rb:?} overlap"
            );
        }
        for (b, rb) in &texts {
            assert!(
                !ra.shrink(1.0).intersects(*rb),
                "{what}: button {a:?} at {ra:?} and text {b:?} at {rb:?} overlap"
            );
        }
    }
}

/// German and French are longer than English: under a pseudo-locale 40 % longer and accented,
/// at scale 1 and 2 and on a phone-sized screen, every control stays inside the window and no
/// two buttons overlap; so too in the mirrored window of Arabic and Hebrew.
#[test]
fn longer_languages_fit_the_window() {
    let every_field = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/every-field.json"
    ))
    .expect("the example");
    let request: Value = serde_json::from_str(&every_field).expect("JSON");
    for tag in ["en-XA", "de", "fr", "ru", "ar", "he"] {
        assert!(form_elicitation::i18n::use_language_in_this_thread(tag));
        // 520 points wide as the window opens, and 324 as on a 360-point phone screen.
        for (scale, width) in [(1.0, 520.0), (2.0, 520.0), (1.0, 324.0)] {
            let form = Form::from_schema(
                request["message"].as_str().unwrap_or_default().into(),
                &request["requestedSchema"],
            )
            .expect("valid");
            let app = FormApp::new(
                form,
                Some("conference".into()),
                Some(std::time::Duration::from_secs(7300)),
            );
            let size = egui::vec2(width, 700.0);
            let mut h = Harness::builder()
                .with_size(size)
                .with_pixels_per_point(scale)
                .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
            h.run();
            h.key_press_modifiers(Modifiers::CTRL, Key::Enter);
            h.run();
            layout_holds(
                &h,
                egui::Rect::from_min_size(egui::Pos2::ZERO, size),
                &format!("{tag} at {scale}, {width} wide"),
            );
        }
    }
}

/// What a screen reader gets for `examples/every-field.json`: each "Pick date" names its field
/// (two alike buttons once), descriptions read as sentences without a doubled full stop, and
/// each field's options are one group named by the field.
#[test]
fn screen_readers_get_named_buttons_sentences_and_groups() {
    let every_field = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/every-field.json"
    ))
    .expect("the example");
    let request: Value = serde_json::from_str(&every_field).expect("JSON");
    let h = harness(request["requestedSchema"].clone());
    h.get_by_role_and_label(Role::Button, "Pick date for Arrival date");
    h.get_by_role_and_label(Role::Button, "Pick date for Preferred talk start");
    assert!(
        h.query_by_label("Pick date").is_none(),
        "a bare Pick date says no field"
    );
    for node in h.root().query_all(egui_kittest::kittest::by()) {
        if let Some(description) = node.accesskit_node().description() {
            assert!(!description.contains(".."), "{description:?}");
        }
    }
    let name = h.get_by_role_and_label(Role::MultilineTextInput, "Full name");
    assert_eq!(
        name.accesskit_node().description().as_deref(),
        Some("As it should appear on your badge. 2 to 80 characters")
    );
    let sizes = h.get_by_role_and_label(Role::RadioGroup, "T-shirt size");
    let options = sizes.query_all_by_role(Role::RadioButton).count();
    assert!(options >= 5, "{options} radio buttons in the group");
    let workshops = h.get_by_role_and_label(Role::Group, "Workshops");
    assert!(workshops.query_all_by_role(Role::CheckBox).count() >= 3);
}

/// A request that came through Claude Code's hook names both the server and Claude Code, so
/// the person knows who asks and by what way; the URL consent too.
#[test]
fn a_request_via_claude_code_names_the_server_and_claude_code() {
    let form = Form::from_schema("Please answer.".into(), &json!({"properties": {}}))
        .expect("valid schema");
    let app =
        FormApp::new(form, Some("my-mcp-server".into()), None).via(Some("Claude Code".into()));
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 400.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    harness.run();
    harness.get_by_label("my-mcp-server asks via Claude Code:");
    let request = form_elicitation::model::url::UrlRequest::parse(
        "Sign in".into(),
        "https://example.com/login".into(),
        "url",
    )
    .expect("a valid URL");
    let opener: form_elicitation::ui::Opener = Box::new(|_| Ok(()));
    let app =
        form_elicitation::ui::UrlApp::new(request, Some("my-mcp-server".into()), None, opener)
            .via(Some("Claude Code".into()));
    let mut harness = Harness::builder()
        .with_size(egui::vec2(560.0, 400.0))
        .build_ui_state(
            |ui, app: &mut form_elicitation::ui::UrlApp| app.show(ui),
            app,
        );
    harness.run();
    harness.get_by_label("my-mcp-server asks you, via Claude Code, to open a web page:");
}

/// Regression (issue 30, item 9): with `--timeout 7200` the countdown was painted over
/// Decline and Cancel in a window 324 points wide (a 360-point phone screen), in English and
/// worse in longer languages. Every catalog, with the longest countdown of each way of
/// writing the time: the countdown goes on its own line, and nothing overlaps.
#[test]
fn the_countdown_never_covers_the_buttons() {
    let locales = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/locales"))
        .expect("the catalogs")
        .map(|entry| {
            entry
                .expect("a catalog")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .chain(["en-XA".to_owned()]);
    let schema = json!({"properties": {"name": {"type": "string", "title": "Name"}}});
    for tag in locales {
        assert!(
            form_elicitation::i18n::use_language_in_this_thread(&tag),
            "{tag}"
        );
        for seconds in [7200, 88_888, 3_599, 59, 8_888_888] {
            for width in [324.0, 520.0] {
                let form = Form::from_schema("Please answer.".into(), &schema).expect("valid");
                let app = FormApp::new(
                    form,
                    Some("test-server".into()),
                    Some(std::time::Duration::from_secs(seconds)),
                );
                let size = egui::vec2(width, 400.0);
                let mut h = Harness::builder()
                    .with_size(size)
                    .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
                h.run();
                // The time left as the pass wrote it, a second less on a slow machine.
                let times =
                    [seconds, seconds - 1].map(form_elicitation::model::describe::time_left);
                let countdown = h
                    .root()
                    .query_all(egui_kittest::kittest::by())
                    .filter(|n| n.accesskit_node().role() == Role::Label)
                    .filter(|n| {
                        n.accesskit_node()
                            .label()
                            .or_else(|| n.accesskit_node().value())
                            .is_some_and(|l| times.iter().any(|t| l.contains(t.as_str())))
                    })
                    .count();
                assert_eq!(countdown, 1, "{tag}: the countdown ({times:?}) is shown");
                layout_holds(
                    &h,
                    egui::Rect::from_min_size(egui::Pos2::ZERO, size),
                    &format!("{tag}, {seconds} s, {width} wide"),
                );
            }
        }
    }
    assert!(form_elicitation::i18n::use_language_in_this_thread("en"));
}

/// Issue 34: a form in a proxy's run of forms says where it stands and follows the count as
/// the proxy moves it; "Decline all" asks once more (Enter on the confirmation confirms, it
/// does not submit the form), then answers the decline that tells the proxy to decline the
/// rest.
#[test]
fn a_run_of_forms_says_where_it_stands_and_declines_all_after_a_confirmation() {
    use form_elicitation::cli::QueuePlace;
    use form_elicitation::process::queue::LivePlace;
    let schema = json!({"properties": {"city": {"type": "string"}}});
    let form = Form::from_schema("Which city?".into(), &schema).expect("valid schema");
    let live = LivePlace::new(QueuePlace {
        position: 1,
        total: 1,
    });
    let app = FormApp::new(form, Some("weather".into()), None).queue(Some(live.clone()));
    let mut h = Harness::builder()
        .with_size(egui::vec2(520.0, 600.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    h.run();
    assert!(
        h.query_by_label("Form 1 of 1 from weather").is_none(),
        "a form alone says nothing of a run"
    );
    live.set(QueuePlace {
        position: 1,
        total: 5,
    });
    h.run();
    h.get_by_label("Form 1 of 5 from weather");
    h.get_by_role_and_label(Role::Button, "Decline all 5 waiting")
        .click();
    h.run();
    assert!(h.state().outcome().is_none(), "one press is not enough");
    h.get_by_label("Decline all 5 forms, this one included?");
    h.get_by_role_and_label(Role::Button, "No, go back").click();
    h.run();
    assert!(h.state().outcome().is_none());
    // A form withdrawn meanwhile leaves the count.
    live.set(QueuePlace {
        position: 1,
        total: 4,
    });
    h.run();
    h.get_by_label("Form 1 of 4 from weather");
    h.get_by_role_and_label(Role::Button, "Decline all 4 waiting")
        .click();
    h.run();
    assert!(
        h.get_by_role_and_label(Role::Button, "Yes, decline them all")
            .is_focused()
    );
    press(&mut h, Key::Enter);
    assert_eq!(h.state().outcome(), Some(&Answer::DeclineAll));
}

/// "Decline all" is reached with the keyboard alone: from a field-less form's first focus
/// (Submit), Tab three times, then Space, and Space on the confirmation (the keys the proxy's
/// end-to-end test presses).
#[test]
fn decline_all_is_reached_with_the_keyboard() {
    use form_elicitation::cli::QueuePlace;
    use form_elicitation::process::queue::LivePlace;
    let form = Form::from_schema("Question 1".into(), &json!({"properties": {}})).expect("valid");
    let live = LivePlace::new(QueuePlace {
        position: 1,
        total: 5,
    });
    let app = FormApp::new(form, Some("weather".into()), None).queue(Some(live));
    let mut h = Harness::builder()
        .with_size(egui::vec2(520.0, 600.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    h.run();
    for _ in 0..3 {
        press(&mut h, Key::Tab);
    }
    assert!(
        h.get_by_role_and_label(Role::Button, "Decline all 5 waiting")
            .is_focused()
    );
    press(&mut h, Key::Space);
    press(&mut h, Key::Space);
    assert_eq!(h.state().outcome(), Some(&Answer::DeclineAll));
}

/// Regression test for issue 48 item 1: at a 2x output a Markdown message filled the view, the
/// focused first field was below the fold, and typing did not scroll to it: the person typed
/// blind. The first key brings the focused field into view (and the form body scrolls).
#[test]
fn typing_scrolls_the_focused_field_into_view() {
    let message: String = (1..=30)
        .map(|n| format!("**Step {n}.** Read this paragraph of the message before answering.\n\n"))
        .collect();
    let form = Form::from_schema(
        message,
        &json!({"properties": {"name": {"type": "string", "title": "Name"}}, "required": ["name"]}),
    )
    .expect("valid");
    let app = FormApp::new(form, Some("shop".into()), None);
    let mut h = Harness::builder()
        .with_size(egui::vec2(520.0, 320.0))
        .with_pixels_per_point(2.0)
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    h.run();
    let bounds = |h: &Harness<'_, FormApp>, role: Role, label: &str| {
        h.get_by_role_and_label(role, label)
            .accesskit_node()
            .bounding_box()
            .expect("bounds")
    };
    let submit = bounds(&h, Role::Button, "Submit");
    let name = bounds(&h, Role::MultilineTextInput, "Name");
    assert!(
        h.get_by_role_and_label(Role::MultilineTextInput, "Name")
            .is_focused(),
        "the first field has the focus"
    );
    assert!(
        name.y0 >= submit.y0,
        "the test needs the field below the fold at first: {name:?} vs Submit {submit:?}"
    );
    super::support::kittest::typed(&mut h, "A");
    h.run();
    let name = bounds(&h, Role::MultilineTextInput, "Name");
    assert!(
        name.y1 <= submit.y0 && name.y0 >= 0.0,
        "the field typed into is out of view: {name:?}, Submit at {submit:?}"
    );
    super::support::kittest::typed(&mut h, "da");
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"name": "Ada"}));
}

/// Issue 58, in the window's own code: a form cancelled from outside (a signal, the parent's
/// death: its cancel token) keeps what was typed as a draft; the same form opened with that
/// draft is filled with it and says so in one line, and Submit sends exactly it and removes
/// the draft; the person's own Escape removes a draft too. Without drafts the second form
/// was empty, and nothing said where its text came from.
#[test]
fn a_draft_fills_the_form_says_so_and_leaves_only_by_the_person() {
    use form_elicitation::process::cancel::Cancel;
    use form_elicitation::process::drafts::{Key as DraftKey, Slot, Store};
    use std::time::SystemTime;
    assert!(form_elicitation::i18n::use_language_in_this_thread("en"));
    let dir =
        std::env::temp_dir().join(format!("form-elicitation-ui-draft-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = Store::at(dir.clone());
    let schema = json!({"properties": {"name": {"type": "string", "title": "Your name"}}});
    let form = Form::from_schema("Please answer.".into(), &schema).expect("valid schema");
    let key = DraftKey::new(Some("test-server"), None, &form);
    let open = |cancel: &Cancel| {
        let restored = store.load(&key, &form, SystemTime::now()).expect("reads");
        let slot = Slot::at(store.clone(), key.clone(), restored);
        let app = FormApp::new(form.clone(), Some("test-server".into()), None)
            .draft(Some(slot))
            .cancelled_by(cancel.clone());
        let mut harness = Harness::builder()
            .with_size(egui::vec2(520.0, 900.0))
            .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
        harness.run();
        harness
    };
    let notice = "Filled in with what you typed on";

    let cancel = Cancel::new();
    let mut h = open(&cancel);
    assert!(h.query_by_label_contains(notice).is_none());
    h.get_by_role_and_label(Role::MultilineTextInput, "Your name")
        .type_text("Ada");
    h.run();
    cancel.cancel();
    h.run();
    assert_eq!(h.state().outcome(), Some(&Answer::Cancel));
    drop(h);

    let mut h = open(&Cancel::new());
    assert!(h.query_by_label_contains(notice).is_some(), "no notice");
    press(&mut h, Key::Enter);
    assert_eq!(accepted(&h), json!({"name": "Ada"}));
    drop(h);
    assert_eq!(
        store.load(&key, &form, SystemTime::now()).expect("reads"),
        None,
        "submitted, the draft is gone"
    );

    let cancel = Cancel::new();
    let mut h = open(&cancel);
    h.get_by_role_and_label(Role::MultilineTextInput, "Your name")
        .type_text("Grace");
    h.run();
    cancel.cancel();
    h.run();
    drop(h);
    let mut h = open(&Cancel::new());
    assert!(h.query_by_label_contains(notice).is_some(), "no notice");
    press(&mut h, Key::Escape);
    assert_eq!(h.state().outcome(), Some(&Answer::Cancel));
    drop(h);
    assert_eq!(
        store.load(&key, &form, SystemTime::now()).expect("reads"),
        None,
        "the person's cancel removes the draft"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 58: a proxy's form whose client stopped waiting (the proxy's line on its stdin) used
/// to vanish (SIGTERM). Now it stays, says so in one line pinned with who asks, and its
/// Submit becomes "Keep as draft": Enter keeps exactly what was typed (checked or not, as
/// any draft) and answers cancel, which nobody reads; Decline ends it keeping nothing.
#[test]
fn when_the_client_stops_waiting_the_form_stays_and_submit_keeps_a_draft() {
    use form_elicitation::cli::QueuePlace;
    use form_elicitation::process::drafts::{Key as DraftKey, Slot, Store};
    use form_elicitation::process::queue::LivePlace;
    use std::time::SystemTime;
    assert!(form_elicitation::i18n::use_language_in_this_thread("en"));
    let dir = std::env::temp_dir().join(format!(
        "form-elicitation-ui-stopped-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let store = Store::at(dir.clone());
    let schema = json!({
        "properties": {"name": {"type": "string", "title": "Your name", "minLength": 5}},
        "required": ["name"]
    });
    let form = Form::from_schema("Please answer.".into(), &schema).expect("valid schema");
    let key = DraftKey::new(Some("test-server"), None, &form);
    let open = || {
        let live = LivePlace::new(QueuePlace {
            position: 1,
            total: 1,
        });
        let slot = Slot::at(store.clone(), key.clone(), None);
        let app = FormApp::new(form.clone(), Some("test-server".into()), None)
            .queue(Some(live.clone()))
            .draft(Some(slot));
        let mut harness = Harness::builder()
            .with_size(egui::vec2(520.0, 900.0))
            .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
        harness.run();
        (harness, live)
    };
    let notice = "stopped waiting for this answer";

    let (mut h, live) = open();
    assert!(h.query_by_label_contains(notice).is_none());
    h.get_by_role_and_label(Role::MultilineTextInput, "Your name")
        .type_text("Ada");
    h.run();
    live.stop_waiting();
    h.run();
    assert_eq!(h.state().outcome(), None, "the form stays");
    assert!(h.query_by_label_contains(notice).is_some(), "no notice");
    assert!(
        h.query_by_label("Keep as draft").is_some(),
        "no Keep as draft"
    );
    assert!(
        h.query_by_label("Submit").is_none(),
        "Submit is still there"
    );
    // "Ada" is shorter than the field allows: a draft keeps it as typed all the same.
    press(&mut h, Key::Enter);
    assert_eq!(h.state().outcome(), Some(&Answer::Cancel));
    drop(h);
    let kept = store
        .load(&key, &form, SystemTime::now())
        .expect("reads")
        .expect("a draft is kept");
    assert_eq!(
        kept.states,
        vec![form_elicitation::model::validate::FieldState::Text(
            "Ada".into()
        )]
    );

    let (mut h, live) = open();
    h.get_by_role_and_label(Role::MultilineTextInput, "Your name")
        .type_text("Grace");
    h.run();
    live.stop_waiting();
    h.run();
    h.get_by_label("Decline").click();
    h.run();
    assert_eq!(h.state().outcome(), Some(&Answer::Decline));
    drop(h);
    assert_eq!(
        store.load(&key, &form, SystemTime::now()).expect("reads"),
        None,
        "the person's Decline keeps nothing (and removes the draft)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

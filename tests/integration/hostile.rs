//! Hostile text in the window (kittest, no display): a 1 MB message, 10,000-character labels,
//! right-to-left overrides, zero-width and control characters, a 10,000-line description.
//! The harness must settle, Enter must still answer, and the window must not ask to be wider
//! than the form (the height may be large: the window clamps it to the screen and scrolls).

use std::time::{Duration, Instant};

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use form_elicitation::model::answer::Answer;
use form_elicitation::model::form::Form;
use form_elicitation::model::url::UrlRequest;
use form_elicitation::ui::{FormApp, UrlApp, WindowDialog};
use serde_json::{Value, json};

/// The widest the window may want to be.
const MAX_WIDTH: f32 = 600.0;
/// How long drawing a hostile form may take in a debug build, frames included.
const SETTLE_LIMIT: Duration = Duration::from_secs(20);

const CONTROLS: &str = "\u{0}\u{7}\u{8}\u{1b}[31m\r\u{7f}\u{85}\u{9b}";
const ZERO_WIDTH: &str = "\u{200b}\u{200c}\u{200d}\u{2060}\u{feff}\u{34f}";
const BIDI: &str = "\u{202e}gnp.exe\u{202c}\u{2067}\u{2066}\u{200f}\u{61c}";

/// Builds the form, draws it until it settles, and checks the time and the wanted size.
fn settled(what: &str, message: &str, schema: Value) -> Harness<'static, FormApp> {
    let form = Form::from_schema(message.to_owned(), &schema).expect("valid schema");
    let started = Instant::now();
    let app = FormApp::new(form, Some("hostile-server".into()), None);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 800.0))
        // Control and unassigned characters have no glyph in any font; what counts here is
        // that they neither hang nor break the layout.
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    harness.run();
    let took = started.elapsed();
    assert!(took < SETTLE_LIMIT, "{what}: took {took:?} to settle");
    let size = harness.state().content_size().expect("measured");
    assert!(
        size.x.is_finite() && size.x <= MAX_WIDTH,
        "{what}: wants width {}",
        size.x
    );
    assert!(
        size.y.is_finite() && size.y > 0.0,
        "{what}: wants height {}",
        size.y
    );
    // Everything wraps within the window's width: no label pushes the form sideways.
    for node in harness.root().children_recursive() {
        let node = node.accesskit_node();
        if let Some(bounds) = node.bounding_box() {
            assert!(
                bounds.x1 <= 520.0,
                "{what}: {:?} {:?} reaches x = {}",
                node.role(),
                node.label().map(|l| l.chars().take(40).collect::<String>()),
                bounds.x1
            );
        }
    }
    // Submit stays on screen.
    let submit = harness.get_by_role_and_label(Role::Button, "Submit");
    let bounds = submit.accesskit_node().bounding_box().expect("laid out");
    assert!(
        bounds.x1 <= 520.0 && bounds.y1 <= 800.0,
        "{what}: Submit at {bounds:?}"
    );
    harness
}

/// Enter answers accept, with `content`.
fn enter_accepts(what: &str, harness: &mut Harness<'_, FormApp>, content: &Value) {
    harness.key_press(Key::Enter);
    harness.run();
    match harness.state().outcome() {
        Some(Answer::Accept(got)) => assert_eq!(&Value::Object(got.clone()), content, "{what}"),
        other => panic!(
            "{what}: expected accept, got {other:?}; problems {:?}",
            harness.state().problems()
        ),
    }
}

#[test]
fn a_one_megabyte_message() {
    let line = "A line of a very long message, with words to wrap. 한국어 日本語 👍🏽\n";
    let message = line.repeat(1024 * 1024 / line.len());
    let mut h = settled(
        "1 MB message",
        &message,
        json!({"properties": {"ok": {"type": "boolean", "title": "OK"}}}),
    );
    enter_accepts("1 MB message", &mut h, &json!({}));
}

/// One word with nowhere to break it: egui breaks it anywhere, in time linear in its length
/// but some 30 times slower than text with spaces (about 9 s for 1 MB in a debug build), so
/// a quarter of that here.
#[test]
fn a_long_message_without_spaces() {
    let message = "x".repeat(256 * 1024);
    let mut h = settled("256 KB word", &message, json!({"properties": {}}));
    enter_accepts("256 KB word", &mut h, &json!({}));
}

#[test]
fn ten_thousand_character_labels() {
    let word = "Label ".repeat(10_000 / 6);
    let unbroken = "L".repeat(10_000);
    let options: Vec<Value> = [&word, &unbroken]
        .iter()
        .enumerate()
        .map(|(i, title)| json!({"const": i.to_string(), "title": title}))
        .collect();
    let mut h = settled(
        "long labels",
        "m",
        json!({"properties": {
            "text": {"type": "string", "title": word, "default": "x"},
            "long": {"type": "string", "title": unbroken, "default": "y"},
            "number": {"type": "integer", "title": unbroken, "default": 1},
            "check": {"type": "boolean", "title": unbroken, "default": true},
            "radio": {"type": "string", "title": word, "oneOf": options, "default": "1"},
            "multi": {"type": "array", "title": word,
                      "items": {"anyOf": options}, "default": ["0"]}},
            "required": ["text", "long", "number", "check", "radio", "multi"]}),
    );
    enter_accepts(
        "long labels",
        &mut h,
        &json!({"text": "x", "long": "y", "number": 1, "check": true, "radio": "1", "multi": ["0"]}),
    );
}

#[test]
fn bidi_overrides_zero_width_and_control_characters() {
    let nasty = format!("{BIDI}{ZERO_WIDTH}{CONTROLS}");
    let options: Vec<Value> = (0..3)
        .map(|i| json!({"const": format!("{i}{nasty}"), "title": format!("{nasty}{i}")}))
        .collect();
    let mut h = settled(
        "bidi, zero-width, controls",
        &format!("{nasty} message {nasty}"),
        json!({"title": nasty, "description": nasty, "properties": {
            "name": {"type": "string", "title": format!("{nasty}name"),
                     "description": nasty, "default": nasty},
            "pick": {"type": "string", "title": nasty, "oneOf": options, "default": format!("2{nasty}")}},
            "required": ["name", "pick"]}),
    );
    enter_accepts(
        "bidi, zero-width, controls",
        &mut h,
        &json!({"name": nasty, "pick": format!("2{nasty}")}),
    );
}

#[test]
fn typing_hostile_text_into_a_field() {
    let mut h = settled(
        "typing",
        "m",
        json!({"properties": {"name": {"type": "string", "title": "Name"}}, "required": ["name"]}),
    );
    let typed = format!("{BIDI}{ZERO_WIDTH}{}", "한".repeat(5000));
    h.get_by_role_and_label(Role::MultilineTextInput, "Name")
        .type_text(&typed);
    h.run();
    enter_accepts("typing", &mut h, &json!({"name": typed}));
}

#[test]
fn a_ten_thousand_line_description() {
    let description: String = (0..10_000).map(|i| format!("line {i}\n")).collect();
    let mut h = settled(
        "10,000 lines",
        "m",
        json!({"description": description, "properties": {
            "first": {"type": "string", "title": "First", "description": description, "default": "a"},
            "last": {"type": "boolean", "title": "Last", "description": description}}}),
    );
    enter_accepts("10,000 lines", &mut h, &json!({"first": "a"}));
}

/// The rect AccessKit gives `node`, as egui's.
fn rect_of(node: &egui_kittest::Node<'_>) -> egui::Rect {
    let bounds = node.accesskit_node().bounding_box().expect("laid out");
    egui::Rect::from_min_max(
        egui::pos2(bounds.x0 as f32, bounds.y0 as f32),
        egui::pos2(bounds.x1 as f32, bounds.y1 as f32),
    )
}

/// Issue 54, item 3: a server's name of 5,000 U+2800 BRAILLE PATTERN BLANK drew a pinned
/// heading of blank rows taller than the window: "asks", the message and the field were out
/// of it, and Enter sent `accept {}` unseen. Who asks is bounded on screen, whole for a
/// screen reader, and the message and the field stay in view between it and the buttons.
#[test]
fn a_padded_server_name_leaves_asks_the_message_and_the_field_in_view() {
    let padded = format!("bank{}", "\u{2800}".repeat(5000));
    let schema = json!({"properties": {"reason": {"type": "string", "title": "Reason"}},
        "required": ["reason"]});
    let form = Form::from_schema("Approve the deploy?".to_owned(), &schema).expect("valid");
    let app = FormApp::new(form, Some(padded), None);
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(520.0, 600.0));
    let mut h = Harness::builder()
        .with_size(window.size())
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    h.run();
    let heading = h.get_by_label_contains(" asks");
    let heading_rect = rect_of(&heading);
    assert!(
        window.contains_rect(heading_rect),
        "who asks at {heading_rect:?}"
    );
    let spoken = heading
        .accesskit_node()
        .label()
        .or_else(|| heading.accesskit_node().value())
        .unwrap_or_default();
    assert_eq!(
        spoken.matches("<U+2800>").count(),
        5000,
        "a screen reader hears the whole name"
    );
    let buttons_top = rect_of(&h.get_by_role_and_label(Role::Button, "Submit")).top();
    for (what, rect) in [
        (
            "the message",
            rect_of(&h.get_by_label("Approve the deploy?")),
        ),
        (
            "the field",
            rect_of(&h.get_by_role_and_label(Role::MultilineTextInput, "Reason")),
        ),
    ] {
        assert!(
            rect.top() >= heading_rect.bottom() && rect.bottom() <= buttons_top,
            "{what} at {rect:?}: not between who asks ({heading_rect:?}) and the buttons ({buttons_top})"
        );
    }
}

/// Issue 54, item 3, in the URL consent: a padded name pushed the Site line, what the
/// person weighs before Open, below the window's bottom; so could a long message. Both stay
/// bounded, and the site is in view above the buttons.
#[test]
fn the_url_consent_s_site_stays_in_view() {
    let padded = format!("{}calendar", "\u{3164}".repeat(5000));
    let message = "Sign in to continue. ".repeat(300);
    let request = UrlRequest::parse(
        message,
        "https://accounts.example.com/sign-in".into(),
        "url",
    )
    .expect("a valid URL");
    let app = UrlApp::new(request, Some(padded), None, Box::new(|_: &str| Ok(())));
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(560.0, 500.0));
    let mut h = Harness::builder()
        .with_size(window.size())
        .build_ui_state(|ui, app: &mut UrlApp| app.show(ui), app);
    h.run();
    let buttons_top = rect_of(&h.get_by_role_and_label(Role::Button, "Open in browser")).top();
    for (what, node) in [
        ("who asks", h.get_by_label_contains("asks you")),
        ("Site", h.get_by_label("Site:")),
        ("the site", h.get_by_label("accounts.example.com")),
    ] {
        let rect = rect_of(&node);
        assert!(
            window.contains_rect(rect) && rect.bottom() <= buttons_top,
            "{what:?} at {rect:?}, out of view (the buttons at {buttons_top})"
        );
    }
}

/// Issue 54, item 8: a default of "approve", 60 line breaks and "ALSO: transfer all funds"
/// showed "approve" and blank rows down past the window's bottom; a one-line box showed the
/// start of a long value and clipped the rest. What will be sent is seen whole: each value's
/// last row is inside its box, in view above the buttons.
#[test]
fn a_default_s_tail_is_in_view() {
    let default = format!("approve{}ALSO: transfer all funds", "\n".repeat(60));
    let host = format!("{}.example", "a".repeat(60));
    let schema = json!({"properties": {
        "decision": {"type": "string", "title": "Decision", "default": default},
        "host": {"type": "string", "title": "Host", "format": "hostname", "default": host},
        "count": {"type": "integer", "title": "Count", "default": 1_234_567_890_123_456_789_i64}},
        "required": ["decision"]});
    let form = Form::from_schema("Confirm".to_owned(), &schema).expect("valid");
    let app = FormApp::new(form, Some("bank".into()), None);
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(520.0, 600.0));
    let mut h = Harness::builder()
        .with_size(window.size())
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    h.run();
    let buttons_top = rect_of(&h.get_by_role_and_label(Role::Button, "Submit")).top();
    for (field, last) in [
        ("Decision", "ALSO: transfer all funds"),
        ("Host", ".example"),
        ("Count", "6789"),
    ] {
        let text_box = h
            .get_all_by_label(field)
            .find(|node| {
                matches!(
                    node.accesskit_node().role(),
                    Role::TextInput | Role::MultilineTextInput
                )
            })
            .unwrap_or_else(|| panic!("no text box {field}"));
        let box_rect = rect_of(&text_box);
        // The box's rows, as AccessKit has them: each row's text and where it is drawn.
        let row = text_box
            .query_all(egui_kittest::kittest::by().role(Role::TextRun))
            .filter(|row| {
                row.accesskit_node()
                    .value()
                    .is_some_and(|value| value.contains(last))
            })
            .map(|row| rect_of(&row))
            .next()
            .unwrap_or_else(|| panic!("{field}: no row holds {last:?}"));
        assert!(
            box_rect.expand(1.0).contains_rect(row) && window.contains_rect(row),
            "{field}: {last:?} at {row:?}, outside its box {box_rect:?} or the window"
        );
        assert!(
            row.bottom() <= buttons_top,
            "{field}: {last:?} at {row:?}, below the fold (the buttons at {buttons_top})"
        );
    }
    enter_accepts(
        "a default's tail",
        &mut h,
        &json!({"decision": default, "host": host, "count": 1_234_567_890_123_456_789_i64}),
    );
}

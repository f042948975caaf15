//! What the person reads (issue 34), in the window without a display (kittest): Markdown in
//! field descriptions, links followed only through the URL consent, and the structure screen
//! readers get (headings, list items).

use std::cell::RefCell;
use std::rc::Rc;

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use form_elicitation::cli::Markdown;
use form_elicitation::model::answer::Answer;
use form_elicitation::model::form::Form;
use form_elicitation::ui::{FormApp, WindowDialog};
use jiff::civil::Weekday;
use serde_json::{Value, json};

use super::support::kittest::press;

/// The URLs the form's opener was asked to open.
type Opened = Rc<RefCell<Vec<String>>>;

/// A form window for `message` and `schema`, read with `markdown`, whose opener records what
/// it is asked to open.
fn window(message: &str, schema: Value, markdown: Markdown) -> (Harness<'static, FormApp>, Opened) {
    let form = Form::from_schema(message.into(), &schema).expect("valid schema");
    let opened: Opened = Rc::default();
    let log = Rc::clone(&opened);
    let app = FormApp::new(form, Some("shop".into()), None)
        .markdown(markdown)
        .opener(Box::new(move |url: &str| {
            log.borrow_mut().push(url.to_owned());
            Ok(())
        }));
    let mut harness = Harness::builder()
        .with_size(egui::vec2(520.0, 700.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    harness.run();
    (harness, opened)
}

/// A field's description is Markdown like the message: its blocks read without markup
/// characters, its list items as list items; `--markdown off` shows it as it came.
#[test]
fn a_field_description_reads_without_markup() {
    let description = "Use your **badge** `code`:\n\n- on the card\n- or in the app";
    let schema = json!({"properties": {"code": {
        "type": "string", "title": "Code", "description": description}}});
    let (h, _) = window("Please answer.", schema.clone(), Markdown::On);
    h.get_by_label("Use your badge code:");
    h.get_by_role_and_label(Role::ListItem, "on the card");
    h.get_by_role_and_label(Role::ListItem, "or in the app");
    assert!(h.query_by_label_contains("**").is_none());
    // The text box's description, read by a screen reader with the field, has no markup either.
    let input = h.get_by_role_and_label(Role::MultilineTextInput, "Code");
    let read = input.accesskit_node().description().unwrap_or_default();
    assert!(read.contains("Use your badge code:"), "{read}");
    assert!(!read.contains("**"), "{read}");

    let (h, _) = window("Please answer.", schema, Markdown::Off);
    h.get_by_label(description);
}

/// Headings have the heading role and their level; list items are list items, their bullets
/// list markers.
#[test]
fn headings_and_lists_have_their_roles() {
    let (h, _) = window(
        "# Plan\n\n## Steps\n\n1. pack\n2. ship",
        json!({"properties": {}}),
        Markdown::On,
    );
    for (label, level) in [("Plan", 1), ("Steps", 2)] {
        let heading = h.get_by_role_and_label(Role::Heading, label);
        assert_eq!(heading.accesskit_node().level(), Some(level), "{label}");
    }
    h.get_by_role_and_label(Role::ListItem, "pack");
    h.get_by_role_and_label(Role::ListItem, "ship");
    h.get_by_role_and_label(Role::ListMarker, "1. ");
}

/// A link in the message opens nothing by itself: a click shows the URL consent with the host
/// set apart; Back returns to the form with what was typed; Open hands the URL to the opener
/// and returns too, the form still to be answered.
#[test]
fn a_link_goes_through_the_url_consent_and_back_keeps_what_was_typed() {
    let (mut h, opened) = window(
        "Read [the terms](https://terms.example/v2) first.",
        json!({"properties": {"name": {"type": "string", "title": "Name"}}}),
        Markdown::On,
    );
    h.get_by_role_and_label(Role::MultilineTextInput, "Name")
        .type_text("Ada");
    h.run();
    // A line with a link flows like the others, one row high: it was once laid out in the
    // middle of the window's whole height, pushing the fields out of view.
    let link = h
        .get_by_role_and_label(Role::Link, "the terms <https://terms.example/v2>")
        .accesskit_node()
        .bounding_box()
        .expect("the link is on screen");
    let name = h
        .get_by_role_and_label(Role::MultilineTextInput, "Name")
        .accesskit_node()
        .bounding_box()
        .expect("the field is on screen");
    assert!(
        link.y1 - link.y0 < 40.0 && link.y1 < name.y0 && name.y0 - link.y1 < 120.0,
        "{link:?} {name:?}"
    );
    h.get_by_role_and_label(Role::Link, "the terms <https://terms.example/v2>")
        .click();
    h.run();
    assert_eq!(h.state().link_shown(), Some("https://terms.example/v2"));
    h.get_by_label("terms.example");
    h.get_by_label("https://terms.example/v2");
    assert!(opened.borrow().is_empty(), "nothing opens before Open");
    assert!(
        h.query_by_role_and_label(Role::MultilineTextInput, "Name")
            .is_none()
    );

    h.get_by_role_and_label(Role::Button, "Back to the form")
        .click();
    h.run();
    assert_eq!(h.state().link_shown(), None);
    assert!(h.state().outcome().is_none(), "Back answers nothing");

    h.get_by_role_and_label(Role::Link, "the terms <https://terms.example/v2>")
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Open in browser")
        .click();
    h.run();
    assert_eq!(*opened.borrow(), ["https://terms.example/v2"]);
    assert_eq!(h.state().link_shown(), None);
    assert!(
        h.state().outcome().is_none(),
        "opening a link answers nothing"
    );

    // What was typed is still there.
    press(&mut h, Key::Enter);
    match h.state().outcome() {
        Some(Answer::Accept(content)) => {
            assert_eq!(Value::Object(content.clone()), json!({"name": "Ada"}));
        }
        other => panic!("expected accept, got {other:?}"),
    }
}

/// The keyboard reaches a link: Shift+Tab from the first field, then Enter shows the consent
/// (Enter on a link is a press, not Submit); Esc there goes back to the form, not away.
#[test]
fn the_keyboard_follows_a_link_and_esc_comes_back() {
    let (mut h, opened) = window(
        "See <https://help.example/>.",
        json!({"properties": {"name": {"type": "string", "title": "Name"}}}),
        Markdown::On,
    );
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::Tab);
    h.run();
    assert!(
        h.get_by_role_and_label(Role::Link, "https://help.example/")
            .is_focused()
    );
    press(&mut h, Key::Enter);
    assert!(
        h.state().outcome().is_none(),
        "Enter on a link must not submit"
    );
    assert_eq!(h.state().link_shown(), Some("https://help.example/"));
    press(&mut h, Key::Escape);
    assert_eq!(h.state().link_shown(), None);
    assert!(
        h.state().outcome().is_none(),
        "Esc in the consent must not cancel the form"
    );
    assert!(opened.borrow().is_empty());
}

/// A link in a field's description goes through the same consent.
#[test]
fn a_link_in_a_description_goes_through_the_consent() {
    let (mut h, _) = window(
        "Please answer.",
        json!({"properties": {"agree": {"type": "boolean", "title": "I agree",
            "description": "See [the rules](https://rules.example/r)."}}}),
        Markdown::On,
    );
    h.get_by_role_and_label(Role::Link, "the rules <https://rules.example/r>")
        .click();
    h.run();
    assert_eq!(h.state().link_shown(), Some("https://rules.example/r"));
    h.get_by_label("rules.example");
}

/// Hostile links: anything but an http(s) address stays text, and a link whose text names one
/// site shows the consent for the site it really goes to, with its warnings.
#[test]
fn hostile_links() {
    for inert in [
        "[x](javascript:alert(1))",
        "[x](JAVASCRIPT:alert(1))",
        "[x](data:text/html,<script>alert(1)</script>)",
        "[x](file:///etc/passwd)",
        "[x](vbscript:msgbox(1))",
        "[x](/relative)",
        "![x](https://img.example/x.png)",
        "<script>location='https://evil.example/'</script>",
    ] {
        let (h, _) = window(inert, json!({"properties": {}}), Markdown::On);
        assert_eq!(h.query_all_by_role(Role::Link).count(), 0, "{inert}");
    }
    let cases = [
        (
            "[https://bank.example](https://evil.example/login)",
            "evil.example",
            None,
        ),
        (
            "[bank](https://bank.example@evil.example/)",
            "evil.example",
            Some("the real site is evil.example."),
        ),
        (
            "[bank](http://192.168.1.10/)",
            "192.168.1.10",
            Some("a bare IP address"),
        ),
    ];
    for (message, host, warning) in cases {
        let (mut h, opened) = window(message, json!({"properties": {}}), Markdown::On);
        let links: Vec<_> = h.get_all_by_role(Role::Link).collect();
        assert_eq!(links.len(), 1, "{message}");
        links[0].click();
        h.run();
        h.get_by_label(host);
        if let Some(warning) = warning {
            assert!(h.query_by_label_contains(warning).is_some(), "{message}");
        }
        assert!(opened.borrow().is_empty(), "{message}");
    }
}

/// `--markdown off`: the message is text as it came, with no link to follow.
#[test]
fn markdown_off_has_no_links() {
    let (h, _) = window(
        "Read [the terms](https://terms.example/).",
        json!({"properties": {}}),
        Markdown::Off,
    );
    assert_eq!(h.query_all_by_role(Role::Link).count(), 0);
    h.get_by_label("Read [the terms](https://terms.example/).");
}

/// Issue 34: with `--markdown off` too, a right-to-left line of the message starts at the
/// right edge and a left-to-right one at the left.
#[test]
fn markdown_off_right_aligns_right_to_left_lines() {
    let hebrew = "ההזמנה תגיע בעוד 3 ימי עסקים.";
    let english = "Your order ships **soon**.";
    let (h, _) = window(
        &format!("{hebrew}\n{english}"),
        json!({"properties": {"n": {"type": "string", "title": "Name"}}}),
        Markdown::Off,
    );
    let name = bounds_of(&h, Role::MultilineTextInput, "Name");
    let right = bounds(&h, hebrew);
    let left = bounds(&h, english);
    assert!(
        (right.x1 - name.x1).abs() <= 2.0,
        "the Hebrew line ends at {} where the right edge is {}",
        right.x1,
        name.x1
    );
    assert!(
        (left.x0 - name.x0).abs() <= 2.0,
        "the English line starts at {} where the left edge is {}",
        left.x0,
        name.x0
    );
}

/// The bounds of the first node with `label`, in window coordinates.
fn bounds(h: &Harness<'_, FormApp>, label: &str) -> egui::accesskit::Rect {
    h.get_by_label(label)
        .accesskit_node()
        .bounding_box()
        .expect("a node on screen has bounds")
}

/// Issue 34: a right-to-left paragraph (its first strong character Arabic or Hebrew) hugs
/// the right edge, in the message and in a description; a left-to-right one the left edge.
#[test]
fn right_to_left_paragraphs_are_right_aligned() {
    let arabic = "سيصل طلبك خلال 3 أيام عمل.";
    let hebrew = "ההזמנה תגיע בעוד 3 ימי עסקים.";
    let english = "Your order ships soon.";
    let (h, _) = window(
        &format!("{arabic}\n\n{hebrew}\n\n{english}"),
        json!({"properties": {"n": {"type": "string", "title": "Name",
            "description": "אנא כתבו את שמכם."}}}),
        Markdown::On,
    );
    let [ar, he, en, help] =
        [arabic, hebrew, english, "אנא כתבו את שמכם."].map(|label| bounds(&h, label));
    let right = en.x0 + 480.0;
    for (name, rect) in [("Arabic", ar), ("Hebrew", he), ("description", help)] {
        assert!(
            rect.x1 > right - 20.0 && rect.x1 <= right + 30.0,
            "{name} ends at {} (English starts at {})",
            rect.x1,
            en.x0
        );
        assert!(rect.x0 > en.x0 + 100.0, "{name} starts at {}", rect.x0);
    }
    assert!((ar.x1 - he.x1).abs() < 1.0, "{ar:?} {he:?}");
    assert!(en.x1 < ar.x1 - 100.0, "English ends at {}", en.x1);
}

/// The bounds of the node with `role` and `label`, in window coordinates.
fn bounds_of(h: &Harness<'_, FormApp>, role: Role, label: &str) -> egui::accesskit::Rect {
    h.get_by_role_and_label(role, label)
        .accesskit_node()
        .bounding_box()
        .expect("a node on screen has bounds")
}

/// Asserts that `rect` (of `name`) ends at `right`, the right edge of the form's text boxes,
/// and starts in the right half of a window 520 wide: it hugs the right edge.
fn hugs_the_right_edge(name: &str, rect: egui::accesskit::Rect, right: f64) {
    assert!(
        (rect.x1 - right).abs() <= 2.0,
        "{name} ends at {}, not at the right edge {right}",
        rect.x1
    );
    assert!(rect.x0 > 260.0, "{name} starts at {}", rect.x0);
}

/// Issue 34: in a left-to-right window, a field label, a checkbox and the options of a single
/// and a multiple choice whose first strong letter is Arabic or Hebrew hug the right edge
/// (a choice's mark on the right of its text); a left-to-right label keeps the left edge.
#[test]
fn right_to_left_labels_and_options_are_right_aligned() {
    let schema = json!({"properties": {
        "city": {"type": "string", "title": "City"},
        "name": {"type": "string", "title": "שם מלא"},
        "size": {"type": "string", "title": "Size", "oneOf": [
            {"const": "s", "title": "صغير"}, {"const": "l", "title": "كبير جدًا"}]},
        "extras": {"type": "array", "title": "Extras", "items": {"anyOf": [
            {"const": "a", "title": "חלב"}, {"const": "b", "title": "Sugar"}]}},
        "agree": {"type": "boolean", "title": "أوافق على الشروط"}},
        "required": ["name"]});
    let (h, _) = window("Please answer.", schema, Markdown::On);
    let city = bounds_of(&h, Role::MultilineTextInput, "City");
    let right = city.x1;
    hugs_the_right_edge(
        "the Hebrew label",
        bounds_of(&h, Role::Label, "שם מלא"),
        right,
    );
    for option in ["صغير", "كبير جدًا"] {
        hugs_the_right_edge(option, bounds_of(&h, Role::RadioButton, option), right);
    }
    hugs_the_right_edge("חלב", bounds_of(&h, Role::CheckBox, "חלב"), right);
    hugs_the_right_edge(
        "the Arabic checkbox",
        bounds_of(&h, Role::CheckBox, "أوافق على الشروط"),
        right,
    );
    // Left to right stays at the left edge, where the text boxes start.
    for (role, label) in [
        (Role::Label, "City"),
        (Role::CheckBox, "Sugar"),
        (Role::Label, "Size"),
    ] {
        let rect = bounds_of(&h, role, label);
        assert!(
            (rect.x0 - city.x0).abs() <= 2.0,
            "{label} starts at {}",
            rect.x0
        );
    }
}

/// A mirrored choice is a real control: a click and Space tick it, a screen reader hears its
/// state.
#[test]
fn a_right_to_left_choice_is_ticked_by_click_and_key() {
    let schema = json!({"properties": {
        "agree": {"type": "boolean", "title": "أوافق"},
        "size": {"type": "string", "title": "Size", "enum": ["صغير", "كبير"]}}});
    let (mut h, _) = window("Please answer.", schema, Markdown::On);
    h.get_by_role_and_label(Role::CheckBox, "أوافق").click();
    h.run();
    h.get_by_role_and_label(Role::RadioButton, "كبير").click();
    h.run();
    let agree = h.get_by_role_and_label(Role::CheckBox, "أوافق");
    assert_eq!(
        agree.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    agree.focus();
    h.run();
    press(&mut h, Key::Space);
    h.key_press_modifiers(egui::Modifiers::CTRL, Key::Enter);
    h.run();
    assert_eq!(
        h.state().outcome(),
        Some(&Answer::Accept(
            json!({"agree": false, "size": "كبير"})
                .as_object()
                .cloned()
                .expect("an object")
        ))
    );
}

/// Issue 34: in Arabic and in Hebrew the whole window is mirrored: who asks, the labels (also
/// a left-to-right one) and a problem hug the right edge, the buttons run from the right with
/// Submit first (at the right, where the reading starts), and the countdown ends the row at
/// the left. Code keeps the left edge.
#[test]
fn arabic_and_hebrew_mirror_the_window() {
    for (tag, asks, submit, decline, cancel, required) in [
        (
            "ar",
            "يسأل shop:",
            "إرسال",
            "رفض",
            "إلغاء",
            "هذا الحقل مطلوب",
        ),
        ("he", "שואל shop:", "שליחה", "דחייה", "ביטול", "שדה חובה"),
    ] {
        assert!(form_elicitation::i18n::use_language_in_this_thread(tag));
        let schema = json!({"properties": {
            "city": {"type": "string", "title": "City"},
            "ok": {"type": "boolean", "title": "Newsletter"},
            "at": {"type": "string", "format": "date-time", "title": "At",
                "default": "2026-12-02T16:05:00+00:00"}},
            "required": ["city"]});
        let form = Form::from_schema("```\ncode\n```".into(), &schema).expect("valid schema");
        let app = FormApp::new(
            form,
            Some("shop".into()),
            Some(std::time::Duration::from_secs(600)),
        );
        let mut h = Harness::builder()
            .with_size(egui::vec2(520.0, 700.0))
            .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
        h.run();
        let city = bounds_of(&h, Role::MultilineTextInput, "City");
        let right = city.x1;
        hugs_the_right_edge(
            &format!("{tag}: City"),
            bounds_of(&h, Role::Label, "City"),
            right,
        );
        hugs_the_right_edge(
            &format!("{tag}: the checkbox"),
            bounds_of(&h, Role::CheckBox, "Newsletter"),
            right,
        );
        let asker = bounds(&h, asks);
        assert!(
            asker.x1 > right - 2.0 && asker.x0 > 260.0,
            "{tag}: {asker:?}"
        );
        let code = bounds(&h, "code");
        assert!(code.x1 < 200.0, "{tag}: code starts at the left: {code:?}");
        let [s, d, c] = [submit, decline, cancel].map(|b| bounds_of(&h, Role::Button, b));
        assert!(
            s.x0 > d.x1 && d.x0 > c.x1 && s.x1 > 440.0,
            "{tag}: the buttons from the right: {s:?} {d:?} {c:?}"
        );
        let countdown = h
            .root()
            .query_all(egui_kittest::kittest::by())
            .find(|n| {
                n.accesskit_node().role() == Role::Label
                    && n.accesskit_node()
                        .label()
                        .or_else(|| n.accesskit_node().value())
                        .is_some_and(|l| {
                            [600, 599].iter().any(|&s| {
                                l.contains(&form_elicitation::model::describe::time_left(s))
                            })
                        })
            })
            .and_then(|n| n.accesskit_node().bounding_box())
            .expect("the countdown");
        assert!(countdown.x1 < c.x0, "{tag}: {countdown:?} left of {c:?}");
        // A time reads left to right: the hour box left of the minute box.
        let time = |what: &str| {
            h.root()
                .query_all(egui_kittest::kittest::by())
                .find(|n| {
                    n.accesskit_node()
                        .label()
                        .is_some_and(|l| l.starts_with(what) && l.ends_with("At"))
                })
                .and_then(|n| n.accesskit_node().bounding_box())
                .expect("a time box")
        };
        let (hour_label, minute_label) = match tag {
            "ar" => ("الساعة", "الدقيقة"),
            _ => ("השעה", "הדקה"),
        };
        let (hour, minute) = (time(hour_label), time(minute_label));
        assert!(hour.x1 <= minute.x0, "{tag}: {hour:?} {minute:?}");
        h.key_press_modifiers(egui::Modifiers::CTRL, Key::Enter);
        h.run();
        hugs_the_right_edge(&format!("{tag}: the problem"), bounds(&h, required), right);
        // Text typed into a text box starts at its right edge.
        h.get_by_role_and_label(Role::MultilineTextInput, "City")
            .type_text("Ada");
        h.run();
        let typed = h
            .get_by_role_and_label(Role::MultilineTextInput, "City")
            .query_all(egui_kittest::kittest::by())
            .filter_map(|n| n.accesskit_node().bounding_box())
            .map(|rect| rect.x0)
            .fold(f64::INFINITY, f64::min);
        assert!(
            typed.is_finite() && typed > 400.0,
            "{tag}: the text starts at {typed}"
        );
    }
    assert!(form_elicitation::i18n::use_language_in_this_thread("en"));
}

/// Issue 34: Arabic or Hebrew typed into a text box of a left-to-right window starts at the
/// box's right edge, as in GTK's entries (it started at the left); Latin text keeps the left.
#[test]
fn right_to_left_text_typed_into_a_box_starts_at_the_right() {
    let schema = json!({"properties": {
        "city": {"type": "string", "title": "City"},
        "name": {"type": "string", "title": "Name"}}});
    // A Hebrew word in the message: the window loads a font with Hebrew letters.
    let (mut h, _) = window("Please answer. שלום", schema, Markdown::On);
    for (label, text) in [("City", "תל אביב"), ("Name", "Ada")] {
        h.get_by_role_and_label(Role::MultilineTextInput, label)
            .focus();
        h.run();
        h.get_by_role_and_label(Role::MultilineTextInput, label)
            .type_text(text);
        h.run();
    }
    let city = bounds_of(&h, Role::MultilineTextInput, "City");
    let name = bounds_of(&h, Role::MultilineTextInput, "Name");
    let hebrew = drawn(&h, "תל אביב");
    let latin = drawn(&h, "Ada");
    let [hebrew] = hebrew.as_slice() else {
        panic!("the Hebrew text drawn once: {hebrew:?}");
    };
    let [latin] = latin.as_slice() else {
        panic!("the Latin text drawn once: {latin:?}");
    };
    assert!(
        f64::from(hebrew.right()) > city.x1 - 12.0
            && f64::from(hebrew.left()) > (city.x0 + city.x1) / 2.0,
        "the Hebrew text drawn at {hebrew:?} in a box at {city:?}"
    );
    assert!(
        f64::from(latin.left()) < name.x0 + 12.0,
        "the Latin text drawn at {latin:?} in a box at {name:?}"
    );
}

/// Issue 34: in a text box with Hebrew text the arrows move the caret on screen: after
/// "שלום" the caret is at the word's left end, and Right takes it back over the last letter
/// (egui moved it on in the text, nowhere past the end), so a letter typed then lands before
/// it.
#[test]
fn the_arrows_move_the_caret_on_screen_in_right_to_left_text() {
    // A Hebrew label: the window loads a font with Hebrew letters before anything is typed.
    let schema = json!({"properties": {"city": {"type": "string", "title": "עיר"}}});
    let (mut h, _) = window("Please answer.", schema, Markdown::On);
    h.get_by_role_and_label(Role::MultilineTextInput, "עיר")
        .type_text("שלום");
    h.run();
    press(&mut h, Key::ArrowRight);
    h.get_by_role_and_label(Role::MultilineTextInput, "עיר")
        .type_text("ב");
    h.run();
    h.key_press_modifiers(egui::Modifiers::CTRL, Key::Enter);
    h.run();
    assert_eq!(
        h.state().outcome(),
        Some(&Answer::Accept(
            json!({"city": "שלובם"})
                .as_object()
                .cloned()
                .expect("an object")
        ))
    );
}

/// Issue 34: a row that mixes directions is in Unicode's bidi order (UAX #9, L1-L2), by where
/// each character's glyph is drawn. Who asks, in Hebrew, reads `:shop שואל` from the left:
/// the Hebrew word at the right end, "shop" left to right on its left, the colon at the far
/// left; egui laid the runs out from the left (`שואל shop:`). The screen reader's text keeps
/// the logical order.
#[test]
fn a_mixed_direction_row_is_in_bidi_order() {
    assert!(form_elicitation::i18n::use_language_in_this_thread("he"));
    let form = Form::from_schema("Please answer.".into(), &json!({"properties": {}}))
        .expect("valid schema");
    let app = FormApp::new(form, Some("shop".into()), None);
    let mut h = Harness::builder()
        .with_size(egui::vec2(520.0, 700.0))
        .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
    h.run();
    assert!(form_elicitation::i18n::use_language_in_this_thread("en"));
    let asks = "שואל shop:";
    // The label's text run: its characters in logical order, each with its glyph's x.
    let run = h
        .root()
        .query_all(egui_kittest::kittest::by())
        .find(|n| {
            n.accesskit_node().role() == Role::TextRun
                && n.accesskit_node().value().as_deref() == Some(asks)
        })
        .expect("who asks, as a text run");
    let node = run.accesskit_node();
    let positions = node
        .data()
        .character_positions()
        .expect("the run's character positions")
        .to_vec();
    let chars: Vec<char> = asks.chars().collect();
    assert_eq!(positions.len(), chars.len(), "{positions:?}");
    let mut by_x: Vec<(f32, char)> = positions.iter().copied().zip(chars).collect();
    by_x.sort_by(|a, b| a.0.total_cmp(&b.0));
    let visual: String = by_x.iter().map(|&(_, c)| c).collect();
    assert_eq!(visual, ":shop לאוש", "{by_x:?}");
}

/// Issue 34: in a mirrored window (Arabic, Hebrew) a left-to-right paragraph with a link
/// starts at the right like every other paragraph, each of its rows against the right edge,
/// its words and the link's URL still in reading order; in an English window it keeps the
/// left edge. The link is still a link a screen reader hears, where it is drawn.
#[test]
fn a_paragraph_with_a_link_hugs_the_right_edge_of_a_mirrored_window() {
    let short = "See [the terms](https://terms.example/v2)";
    let long = "Please read everything the shop wrote about returns, refunds and the \
                warranty before you answer, then [the rules](https://rules.example/r)";
    let schema = json!({"properties": {"city": {"type": "string", "title": "City"}}});
    for tag in ["ar", "he", "en"] {
        assert!(form_elicitation::i18n::use_language_in_this_thread(tag));
        let (h, _) = window(&format!("{short}\n\n{long}"), schema.clone(), Markdown::On);
        let city = bounds_of(&h, Role::MultilineTextInput, "City");
        let terms = bounds_of(&h, Role::Link, "the terms <https://terms.example/v2>");
        let rules = bounds_of(&h, Role::Link, "the rules <https://rules.example/r>");
        if tag == "en" {
            assert!(
                terms.x0 < city.x0 + 60.0,
                "en: the short paragraph's link starts at {}",
                terms.x0
            );
            continue;
        }
        // The short paragraph ends with its link, at the right edge; "See" is left of it. The
        // long one's last row ends with its link at the right edge too: the row below a full
        // row starts at the right, not at the left.
        for (name, link) in [("the terms", terms), ("the rules", rules)] {
            assert!(
                (link.x1 - city.x1).abs() <= 2.0 && link.x0 > city.x0 + 60.0,
                "{tag}: {name} spans {}..{}, not up to the right edge {}",
                link.x0,
                link.x1,
                city.x1
            );
        }
        let see = bounds(&h, "See ");
        assert!(
            see.x1 <= terms.x0 + 1.0 && see.x0 > city.x0 + 60.0,
            "{tag}: \"See\" comes just before the link: {see:?} {terms:?}"
        );
    }
    assert!(form_elicitation::i18n::use_language_in_this_thread("en"));
}

/// Issue 34: a right-to-left paragraph with a link is one block of text in the bidi order: the
/// link goes on where the words before it end, on the same row, right of the words after it;
/// it was a row of widgets, each run its own block, so a run that filled a row pushed the link
/// onto a row of its own.
#[test]
fn a_right_to_left_paragraph_with_a_link_flows_as_one_text() {
    let before = "אנא קראו בעיון את כל מה שהחנות כתבה על החזרות, החזרים כספיים והאחריות לפני \
                  שאתם עונים, ואחר כך את ";
    let message = format!("{before}[הכללים](https://rules.example/r) עד הסוף.");
    let schema = json!({"properties": {"city": {"type": "string", "title": "City"}}});
    let (h, _) = window(&message, schema, Markdown::On);
    let city = bounds_of(&h, Role::MultilineTextInput, "City");
    let link = bounds_of(&h, Role::Link, "הכללים <https://rules.example/r>");
    let words = bounds(&h, before);
    let after = bounds(&h, " עד הסוף.");
    // The link is short: one row high.
    let row = link.y1 - link.y0;
    assert!(
        words.y1 - words.y0 > 1.5 * row,
        "the words before the link fill more than a row: {words:?}"
    );
    assert!(
        link.y0 < words.y1 - row / 2.0,
        "the link is on the last row of the words before it: {link:?} after {words:?}"
    );
    // The words after it follow on its row, at its left, or on a row below (the link's URL
    // may fill the row).
    if (after.y0 - link.y0).abs() < 2.0 {
        assert!(
            after.x1 <= link.x0 + 1.0,
            "the words after the link are on its left: {after:?} {link:?}"
        );
    } else {
        assert!(
            after.y0 > link.y0,
            "the words after the link come below it: {after:?} {link:?}"
        );
    }
    assert!(
        (words.x1 - city.x1).abs() <= 2.0,
        "the paragraph starts at the right edge: {words:?} {city:?}"
    );
}

/// Where the text `text` is drawn (each text shape of the last pass that shows exactly it),
/// in window coordinates: for text that screen readers get inside a larger node.
fn drawn(h: &Harness<'_, FormApp>, text: &str) -> Vec<egui::Rect> {
    fn find(shape: &egui::Shape, text: &str, found: &mut Vec<egui::Rect>) {
        match shape {
            egui::Shape::Text(shape) if shape.galley.text() == text => {
                found.push(shape.visual_bounding_rect());
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| find(s, text, found)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    for clipped in &h.output().shapes {
        find(&clipped.shape, text, &mut found);
    }
    found
}

/// Issue 34: in a long list (more than 7 options, under a filter box) a right-to-left option
/// starts at the right edge in a left-to-right window, as a radio button's does in a short
/// list, in a single choice as in a multi-select; a left-to-right option keeps the left edge.
#[test]
fn a_long_list_right_aligns_its_right_to_left_options() {
    let mut options = vec!["كبير جدًا".to_owned(), "Small".to_owned(), "חלב".to_owned()];
    options.extend((1..=12).map(|i| format!("size-{i:02}")));
    let schema = json!({"properties": {
        "size": {"type": "string", "title": "Size", "enum": options},
        "extras": {"type": "array", "title": "Extras",
            "items": {"type": "string", "enum": options}}}});
    let (h, _) = window("Please answer.", schema, Markdown::On);
    let filter = bounds_of(&h, Role::TextInput, "Size");
    let (left, right) = (filter.x0 as f32, filter.x1 as f32);
    for option in ["كبير جدًا", "חלב"] {
        let rects = drawn(&h, option);
        assert_eq!(rects.len(), 2, "{option} drawn in both lists: {rects:?}");
        for rect in rects {
            assert!(
                rect.right() > right - 30.0 && rect.left() > (left + right) / 2.0,
                "{option} drawn at {rect:?}; the list spans {left}..{right}"
            );
        }
    }
    let small = drawn(&h, "Small");
    assert_eq!(small.len(), 2, "{small:?}");
    for rect in small {
        assert!(rect.left() < left + 40.0, "Small drawn at {rect:?}");
    }
}

/// Issue 34: the date picker's calendar speaks the window's language (its weekdays, month,
/// arrows and buttons, the arrows named for screen readers) and in Arabic and Hebrew it is
/// mirrored: its weeks run from the right, Monday first, and "previous" is on the right.
#[test]
fn the_calendar_speaks_the_language_and_is_mirrored() {
    let schema = json!({"properties": {"day": {"type": "string", "title": "Day",
        "format": "date", "default": "2026-12-02"}}});
    for (tag, pick, monday, sunday, december, previous, next, november, save) in [
        (
            "de",
            "Datum für Day wählen",
            "Mo",
            "So",
            "Dezember 2026",
            "Vorheriger Monat",
            "Nächster Monat",
            "November 2026",
            "Übernehmen",
        ),
        (
            "ar",
            "اختر تاريخًا لـ Day",
            "ن",
            "ح",
            "ديسمبر 2026",
            "الشهر السابق",
            "الشهر التالي",
            "نوفمبر 2026",
            "اختيار",
        ),
        (
            "he",
            "בחירת תאריך עבור Day",
            "ב׳",
            "א׳",
            "דצמבר 2026",
            "החודש הקודם",
            "החודש הבא",
            "נובמבר 2026",
            "בחירה",
        ),
    ] {
        assert!(form_elicitation::i18n::use_language_in_this_thread(tag));
        form_elicitation::model::datetime::start_weeks_on_in_this_thread(Weekday::Monday);
        let (mut h, _) = window("When?", schema.clone(), Markdown::On);
        h.get_by_role_and_label(Role::Button, pick).click();
        h.run();
        h.get_by_label(december);
        let [mon, sun] = [monday, sunday].map(|day| bounds(&h, day));
        let [back, forward] = [previous, next].map(|arrow| bounds_of(&h, Role::Button, arrow));
        if tag == "de" {
            assert!(
                mon.x1 < sun.x0 && back.x1 < forward.x0,
                "{tag}: {mon:?} {sun:?}"
            );
        } else {
            assert!(
                mon.x0 > sun.x1 && back.x0 > forward.x1,
                "{tag}: Monday and Previous on the right: {mon:?} {sun:?} {back:?} {forward:?}"
            );
        }
        h.get_by_role_and_label(Role::Button, previous).click();
        h.run();
        h.get_by_label(november);
        // The 2nd of November (read as its date), then Save: the field holds it.
        h.get_by_role_and_label(Role::Button, "2026-11-02").click();
        h.run();
        h.get_by_role_and_label(Role::Button, save).click();
        h.run();
        assert_eq!(
            h.get_by_role_and_label(Role::TextInput, "Day")
                .value()
                .as_deref(),
            Some("2026-11-02"),
            "{tag}"
        );
        assert!(
            h.query_by_label(november).is_none(),
            "{tag}: Save closes it"
        );
    }
    assert!(form_elicitation::i18n::use_language_in_this_thread("en"));
}

/// The calendar's weeks start on the locale's first day (`datetime::week_start`): Sunday as in
/// `en_US`, Saturday as in `ar_EG`, Monday as in `de_DE`. December 2026 begins on a Tuesday,
/// so its first row starts on 29 November, 28 November or 30 November; the weekday names
/// follow in the same order.
#[test]
fn the_calendar_starts_its_weeks_on_the_locales_first_day() {
    let schema = json!({"properties": {"day": {"type": "string", "title": "Day",
        "format": "date", "default": "2026-12-02"}}});
    assert!(form_elicitation::i18n::use_language_in_this_thread("en"));
    for (start, first, names) in [
        (Weekday::Sunday, "2026-11-29", ["Su", "Mo", "Sa"]),
        (Weekday::Saturday, "2026-11-28", ["Sa", "Su", "Fr"]),
        (Weekday::Monday, "2026-11-30", ["Mo", "Tu", "Su"]),
    ] {
        form_elicitation::model::datetime::start_weeks_on_in_this_thread(start);
        let (mut h, _) = window("When?", schema.clone(), Markdown::On);
        h.get_by_role_and_label(Role::Button, "Pick date for Day")
            .click();
        h.run();
        h.get_by_label("December 2026");
        let [head, second, last] = names.map(|day| bounds(&h, day));
        assert!(
            head.x1 < second.x0 && second.x1 < last.x0,
            "{start:?}: {names:?} in this order: {head:?} {second:?} {last:?}"
        );
        // The first row starts on the week's first day before the 1st; the day before it is
        // not shown.
        let day = |date: &str| bounds_of(&h, Role::Button, date);
        let before: jiff::civil::Date = first.parse().expect("a date");
        let before = before.yesterday().expect("a day before").to_string();
        assert!(
            h.query_by_label(&before).is_none(),
            "{start:?}: {before} is shown"
        );
        assert!(
            (day(first).x0 - head.x0).abs() < 8.0 && day(first).y0 < day("2026-12-01").y1,
            "{start:?}: the first row starts with {first} under {}",
            names[0]
        );
    }
    form_elicitation::model::datetime::start_weeks_on_in_this_thread(Weekday::Monday);
}

/// The characters of the first text run in `h` whose text contains `part`, in the order their
/// glyphs are drawn from the left, without the bidi controls (drawn as nothing); and the
/// widths of the controls' glyphs (none should be a box).
fn drawn_order<S>(h: &Harness<'_, S>, part: &str) -> (String, Vec<f32>) {
    let run = h
        .root()
        .query_all(egui_kittest::kittest::by())
        .find(|n| {
            n.accesskit_node().role() == Role::TextRun
                && n.accesskit_node()
                    .value()
                    .is_some_and(|value| value.contains(part))
        })
        .unwrap_or_else(|| panic!("a text run with {part:?}"));
    let node = run.accesskit_node();
    let text = node.value().expect("the run's text");
    let positions = node.data().character_positions().expect("positions");
    let widths = node.data().character_widths().expect("widths");
    let chars: Vec<char> = text.chars().collect();
    assert_eq!(positions.len(), chars.len(), "{text:?}");
    let control = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    let mut by_x: Vec<(f32, char)> = positions
        .iter()
        .copied()
        .zip(chars.iter().copied())
        .collect();
    by_x.sort_by(|a, b| a.0.total_cmp(&b.0));
    let visual = by_x
        .iter()
        .map(|&(_, c)| c)
        .filter(|&c| !control(c))
        .collect();
    let control_widths = chars
        .iter()
        .zip(widths)
        .filter(|(c, _)| control(**c))
        .map(|(_, w)| *w)
        .collect();
    (visual, control_widths)
}

/// Issue 43, item 1: a right-to-left override in a link's words ran on into the URL we show
/// after them: `[\u202emoc.elgoog//:sptth](https://evil.example/x)` read as
/// `https://google.com`, with the real URL printed backwards. The words are isolated now: the
/// URL is drawn left to right, and the isolation marks are drawn as nothing (no boxes).
#[test]
fn a_link_s_words_cannot_turn_its_url_around() {
    let (h, _) = window(
        "Sign in: [\u{202e}moc.elgoog//:sptth](https://evil.example/x) now",
        json!({"properties": {}}),
        Markdown::On,
    );
    let (visual, control_widths) = drawn_order(&h, "evil.example");
    assert!(
        visual.contains("<https://evil.example/x>"),
        "the URL as drawn: {visual:?}"
    );
    assert!(visual.ends_with(" now"), "{visual:?}");
    assert!(
        control_widths.iter().all(|&w| w == 0.0),
        "{control_widths:?}"
    );
}

/// Issue 43, item 1: a server named `trusted\u202e` mirrored our own `asks:`, and one named
/// with line breaks drew a complete heading of its own above ours. A name is one line, its
/// controls shown as escapes; a right-to-left name is isolated, its marks drawn as nothing.
#[test]
fn a_server_s_name_cannot_rewrite_or_forge_who_asks() {
    let heading = |server: &str| {
        let form = Form::from_schema("Please answer.".into(), &json!({"properties": {}}))
            .expect("valid schema");
        let app = FormApp::new(form, Some(server.into()), None).via(Some("build-box".into()));
        let mut h = Harness::builder()
            .with_size(egui::vec2(520.0, 400.0))
            .build_ui_state(|ui, app: &mut FormApp| app.show(ui), app);
        h.run();
        h
    };
    let h = heading("trusted\u{202e}");
    let (visual, _) = drawn_order(&h, "trusted");
    assert_eq!(visual, "trusted<U+202E> asks via build-box:");

    let forged = "GitHub (https://api.github.com/mcp) asks:\n\n\n\n";
    let h = heading(forged);
    h.get_by_label("GitHub (https://api.github.com/mcp) asks:\\n\\n\\n\\n asks via build-box:");
    assert!(
        h.query_by_label_contains("asks:\n").is_none(),
        "a line break of the name reached the window"
    );

    let h = heading("שלום\u{202e}");
    let (visual, control_widths) = drawn_order(&h, "שלום");
    assert!(visual.ends_with(" asks via build-box:"), "{visual:?}");
    assert!(!control_widths.is_empty() && control_widths.iter().all(|&w| w == 0.0));
}

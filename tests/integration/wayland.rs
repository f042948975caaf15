//! End-to-end tests of the built binary in a real Wayland window: each test starts its own
//! headless sway (no GPU, no input devices, pixman rendering), runs the binary on it with
//! `DISPLAY` unset, types with `wtype`, reads the window tree with `swaymsg` and the pixels with
//! `grim`, and asserts the exact answer line on stdout and the exit code.
//!
//! The harness (sway started as an unprivileged user when the tests run as root, the binary
//! staged where that user can run it) is `tests/support/sway.rs`. Without `sway`, `swaymsg`,
//! `wtype` and `grim` (or, as root, without the user) the tests skip (`support::skip`, with the
//! fix) and pass, unless `FORM_ELICITATION_E2E=require` is set, in which case they fail.

use std::thread;
use std::time::{Duration, Instant};

use serde_json::json;

use super::support::desktop::{
    self, ANSWER_TIMEOUT, KOREAN_REQUEST, NAME_REQUEST, auto_type_fills_each_field, expect_answer,
};
use super::support::sway::sway_or_skip;

// ---------------------------------------------------------------------------------------------
// Tests

/// Wayland alone: no `DISPLAY`, and `--ui auto` (the default) must take the window, not the
/// terminal (there is none: the program runs in a session of its own). sway floats the window,
/// as a dialog should be, centred at its own size instead of tiled over the screen (issue 15),
/// and the person can still resize it.
#[test]
fn the_window_opens_without_x11_floats_and_answers() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    let app = sway.show("no-x11", NAME_REQUEST, &[], &[]);
    let node = sway.window(&app);
    assert_eq!(node["app_id"], "form-elicitation", "the app id:\n{node:#}");
    assert_eq!(
        node["type"], "floating_con",
        "sway tiles the dialog instead of floating it:\n{node:#}"
    );
    let output = sway.output_rect();
    let rect = &node["rect"];
    assert!(
        rect["width"].as_i64() < output["width"].as_i64().map(|w| w / 2)
            && rect["height"].as_i64() < output["height"].as_i64().map(|h| h / 2),
        "the dialog is not at its own size: {rect} on {output}"
    );
    // Fixed in size only while it is mapped: a resize takes (sway would hold a window with a
    // fixed size to it).
    sway.command(&format!("[con_id={}] resize set width 900 px", node["id"]));
    sway.wait_until("the window follows a resize to 900 px", || {
        let node = sway.find(app.title()).expect("the window is still there");
        node["window_rect"]["width"]
            .as_i64()
            .is_some_and(|w| w >= 890)
    });
    sway.type_text("Ada");
    sway.key("Return");
    expect_answer(app, r#"{"action":"accept","content":{"name":"Ada"}}"#);
}

/// The keyboard sequence of `keyboard::every_field_kind_answered_with_the_keyboard_alone`, typed
/// by a virtual keyboard into the real window.
#[test]
fn every_field_kind_answered_by_keyboard_alone() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    let options: Vec<String> = (1..=12).map(|i| format!("city-{i:02}")).collect();
    let request = json!({"message": "Keyboard only", "requestedSchema": {"type": "object", "properties": {
        "name": {"type": "string", "title": "Name"},
        "mail": {"type": "string", "title": "Mail", "format": "email"},
        "day": {"type": "string", "title": "Day", "format": "date"},
        "count": {"type": "integer", "title": "Count"},
        "agree": {"type": "boolean", "title": "Agree"},
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]},
        "city": {"type": "string", "title": "City", "enum": options},
        "tags": {"type": "array", "title": "Tags", "items": {"type": "string", "enum": ["red", "blue"]}}},
        "required": ["name", "size", "city"]}});
    let app = sway.show("every-field", &request.to_string(), &[], &[]);
    sway.type_text("Ada");
    sway.key("Tab");
    sway.type_text("ada@example.com");
    sway.key("Tab");
    sway.type_text("2026-12-24");
    sway.key("Tab"); // Pick date
    sway.key("Tab");
    sway.type_text("7");
    sway.key("Tab");
    sway.key("space"); // Agree
    sway.key("Tab");
    sway.key("space"); // S
    sway.key("Down"); // M
    sway.key("Tab");
    sway.type_text("city-1");
    for _ in 0..3 {
        sway.key("Down");
    }
    sway.key("Tab"); // red
    sway.key("Tab"); // blue
    sway.key("space");
    sway.key("Return");
    let answer = json!({"action": "accept", "content": {"name": "Ada", "mail": "ada@example.com",
        "day": "2026-12-24", "count": 7, "agree": true, "size": "M", "city": "city-12",
        "tags": ["blue"]}});
    expect_answer(app, &answer.to_string());
}

/// Regression test: one virtual-keyboard burst with Tab, Space and Return among the text (as a
/// password manager's auto-type sends it) fills each field: the text after a Tab used to land
/// in the field the Tab left, since egui moves the focus for the pass after the one that saw it.
#[test]
fn fields_typed_in_one_burst_with_tabs_land_in_their_own_fields() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    auto_type_fills_each_field(&sway, &[]);
}

/// Issue 15's strings, typed through a virtual keyboard whose keymap holds each character
/// (as wtype, on-screen keyboards and remote-desktop tools make it), arrive exactly.
#[test]
fn korean_and_other_scripts_typed_arrive_exactly() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    desktop::scripts_typed_arrive_exactly(&sway, "korean", KOREAN_REQUEST);
}

/// Issue 32: the activation token the caller passes in `XDG_ACTIVATION_TOKEN` (as a launcher
/// or a terminal does for the programs it starts) is handed to the compositor with the new
/// window (xdg-activation), so that it may take the focus from the window the person is in.
/// Read from the program's own Wayland log: a made-up token is ignored by sway, but it must be
/// the one sent.
#[test]
fn the_callers_activation_token_goes_to_the_compositor() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    let token = "fe-test-activation-token";
    let app = sway.show(
        "activation",
        NAME_REQUEST,
        &[],
        &[("XDG_ACTIVATION_TOKEN", token), ("WAYLAND_DEBUG", "client")],
    );
    sway.key("Escape");
    let out = app.app.wait_output(ANSWER_TIMEOUT);
    assert_eq!(
        out.stdout,
        "{\"action\":\"cancel\"}\n",
        "{}",
        out.describe()
    );
    let activate = out
        .stderr
        .lines()
        .find(|line| line.contains("xdg_activation_v1") && line.contains(".activate("));
    assert!(
        activate.is_some_and(|line| line.contains(token)),
        "no xdg_activation_v1.activate with the caller's token: {activate:?}"
    );
}

#[test]
fn escape_cancels() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    desktop::escape_cancels(&sway);
}

#[test]
fn sigterm_cancels() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    desktop::sigterm_cancels(&sway);
}

/// The compositor crashes while the person answers: the program must end within a second with
/// `cancel` and one line saying why, as a terminal's hang-up does (the window it was answering
/// in is gone; falling back to a terminal would ask a second time), never hang or write half an
/// answer.
#[test]
fn the_compositor_going_away_ends_the_program_within_a_second() {
    let Some(mut sway) = sway_or_skip(&[]) else {
        return;
    };
    let app = sway.show("compositor-gone", NAME_REQUEST, &[], &[]);
    sway.type_text("Ada");
    let killed = Instant::now();
    let mut server = sway.server.take().expect("sway runs");
    let _ = server.stop();
    let out = app.app.wait_output(ANSWER_TIMEOUT);
    let took = killed.elapsed();
    let ours: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("form-elicitation:"))
        .collect();
    assert!(
        took < Duration::from_secs(1),
        "the program took {took:?} to end after the compositor died.\n{}",
        out.describe()
    );
    assert!(
        out.code == Some(0)
            && out.stdout == "{\"action\":\"cancel\"}\n"
            && ours.len() == 1
            && ours[0].contains("display went away")
            && out.stderr.lines().count() == 1,
        "expected exit 0, cancel and one line saying the display went away.\n{}",
        out.describe()
    );
}

/// On an output at scale 2 the window draws at the output's pixel density: text and outlines
/// have detail finer than 2×2 pixels. A window drawn at scale 1 and enlarged by sway (with
/// nearest-neighbour scaling, set in this test's config) is made of 2×2 blocks of one colour.
#[test]
fn scale_2_is_sharp() {
    let Some(sway) = sway_or_skip(&["output HEADLESS-1 scale 2", "output * scale_filter nearest"])
    else {
        return;
    };
    let app = sway.show("scale-2", NAME_REQUEST, &[], &[]);
    // Sway gives a floating window its title bar as it places it, which may come just after
    // the program's first frame: read the tree once it has.
    let deadline = Instant::now() + ANSWER_TIMEOUT;
    let mut node = sway.window(&app);
    while node["deco_rect"]["height"].as_i64().unwrap_or_default() == 0 && Instant::now() < deadline
    {
        thread::sleep(Duration::from_millis(20));
        node = sway.window(&app);
    }
    // The window's own pixels: sway draws its title bar sharp whatever the window does.
    let rect = &node["window_rect_on_output"];
    let shot = sway.screenshot(rect);
    let rect_width = rect["width"].as_u64().expect("a width");
    assert_eq!(
        shot.width as u64,
        2 * rect_width,
        "the screenshot is not at scale 2"
    );
    // It fits the output (640x450 points), title bar included: sized before sway mapped it,
    // when it could not yet know its output.
    let output = sway.output_rect();
    let outer = &node["rect"];
    let fits = |start: &str, size: &str| {
        outer[start].as_i64().is_some_and(|s| s >= 0)
            && outer[start]
                .as_i64()
                .zip(outer[size].as_i64())
                .map(|(s, l)| s + l)
                <= output[size].as_i64()
            && node["deco_rect"]["height"].as_i64().is_some_and(|h| h > 0)
    };
    assert!(
        fits("x", "width") && fits("y", "height"),
        "the window does not fit the output {output}:\n{node:#}"
    );
    // Sway tells a surface its output's scale only once it is on that output, so the first
    // frame is drawn at scale 1 and the next one at 2: wait for that one, not a fixed time.
    let shot = sway.screenshot_until(rect, shot, |shot| {
        let (mixed, blocks) = shot.mixed_blocks();
        mixed * 100 > blocks
    });
    let (mixed, blocks) = shot.mixed_blocks();
    assert!(
        mixed * 100 > blocks,
        "only {mixed} of {blocks} 2x2 blocks have more than one colour: the window is drawn at scale 1 and enlarged"
    );
    sway.key("Escape");
    expect_answer(app, r#"{"action":"cancel"}"#);
}

/// `--theme dark` draws light text on a dark window, `--theme light` the opposite.
#[test]
fn the_dark_theme_is_dark_and_the_light_one_light() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    for (theme, dark) in [("dark", true), ("light", false)] {
        let app = sway.show("theme", NAME_REQUEST, &["--theme", theme], &[]);
        let node = sway.window(&app);
        // The frame the program presented is on the output once sway has composited it.
        let rect = &node["window_rect_on_output"];
        let first = sway.screenshot(rect);
        let luma = sway
            .screenshot_until(rect, first, |shot| {
                let luma = shot.mean_luma();
                if dark { luma < 80.0 } else { luma > 170.0 }
            })
            .mean_luma();
        assert!(
            if dark { luma < 80.0 } else { luma > 170.0 },
            "--theme {theme}: the window's mean brightness is {luma:.0} of 255"
        );
        sway.key("Escape");
        expect_answer(app, r#"{"action":"cancel"}"#);
    }
}

/// Regression (issue 30, item 22): at scale 2 (a 1280x900 output, 640x450 points) a form
/// taller than the screen got a window 90 % of the screen tall, which sway centred with its
/// title bar starting above the screen. The whole window, title bar and borders included,
/// lies on the output.
#[test]
fn a_tall_form_at_scale_2_fits_the_screen_with_its_title_bar() {
    let Some(sway) = sway_or_skip(&["output HEADLESS-1 scale 2"]) else {
        return;
    };
    let properties: serde_json::Map<String, serde_json::Value> = (1..=14)
        .map(|i| {
            (
                format!("f{i}"),
                json!({"type": "string", "title": format!("Field {i}")}),
            )
        })
        .collect();
    let request = json!({"message": "A tall form", "requestedSchema": {"type": "object",
        "properties": properties}});
    let app = sway.show("tall-scale-2", &request.to_string(), &[], &[]);
    // sway gives a floating window its title bar as it places it, which may come just after
    // the program's first frame.
    let deadline = Instant::now() + ANSWER_TIMEOUT;
    let mut node = sway.window(&app);
    while node["deco_rect"]["height"].as_i64().unwrap_or_default() == 0 && Instant::now() < deadline
    {
        thread::sleep(Duration::from_millis(20));
        node = sway.window(&app);
    }
    assert_eq!(node["type"], "floating_con", "{node:#}");
    let output = sway.output_rect();
    let at = |rect: &serde_json::Value, key: &str| rect[key].as_i64().expect("a number");
    // A floating window's title bar sits above its rectangle (border included), in output
    // coordinates.
    let (rect, deco) = (&node["rect"], &node["deco_rect"]);
    assert!(at(deco, "height") > 0, "no title bar: {node:#}");
    let top = at(deco, "y").min(at(rect, "y"));
    let bottom = at(rect, "y") + at(rect, "height");
    let left = at(deco, "x").min(at(rect, "x"));
    let right = (at(deco, "x") + at(deco, "width")).max(at(rect, "x") + at(rect, "width"));
    assert!(
        top >= 0 && left >= 0 && bottom <= at(&output, "height") && right <= at(&output, "width"),
        "the window with its title bar ({left},{top})-({right},{bottom}) is not within the output {output}:\n{node:#}"
    );
    // The form is taller than the screen: the window took what it could, not its first guess.
    assert!(
        at(&node["window_rect"], "height") * 10 > at(&output, "height") * 7,
        "{node:#}"
    );
    sway.key("Escape");
    expect_answer(app, r#"{"action":"cancel"}"#);
}

/// Regression (issue 30, item 10): on a 360x640 screen at scale 2 (180 points; sway gives the
/// window 162) the date picker's calendar, 333 points wide whatever the window, was cut off
/// after its Wednesday column. While it is open the window zooms out to fit it: its weekend
/// days (the last two columns, which the calendar fills red) are on screen, and the keyboard
/// still works it.
#[test]
fn the_calendar_fits_a_phone_screen_at_scale_2() {
    let Some(sway) = sway_or_skip(&["output HEADLESS-1 resolution 360x640 scale 2"]) else {
        return;
    };
    let request = r#"{"message":"When?","requestedSchema":{"type":"object","properties":{"day":{"type":"string","title":"Day","format":"date"}},"required":["day"]}}"#;
    let app = sway.show("calendar-phone", request, &["--theme", "light"], &[]);
    let rect = sway.window(&app)["window_rect_on_output"].clone();
    let weekend_pixels = |shot: &super::support::sway::Image| {
        shot.rgb
            .chunks_exact(3)
            .filter(|p| *p == [0x8b, 0, 0] || *p == [255, 128, 128])
            .count()
    };
    assert_eq!(
        weekend_pixels(&sway.screenshot(&rect)),
        0,
        "red before the calendar opens"
    );
    sway.key("Tab"); // Pick date
    sway.key("Return");
    let first = sway.screenshot(&rect);
    let shot = sway.screenshot_until(&rect, first, |shot| weekend_pixels(shot) > 500);
    assert!(
        weekend_pixels(&shot) > 500,
        "the calendar's weekend columns are not on screen ({} red pixels)",
        weekend_pixels(&shot)
    );
    sway.key("Escape"); // the calendar
    sway.key("Escape"); // the form
    expect_answer(app, r#"{"action":"cancel"}"#);
}

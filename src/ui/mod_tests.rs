//! The window's tests: what a lost display says, the icon, sizing on odd screens, and the
//! caret's blink and what each blink repaints.

use super::*;

/// Regression test for issue 48 item 6: the line read "the window's display went away
/// (Exit Failure: 1)", winit's raw words.
#[test]
fn a_lost_display_is_said_in_plain_words() {
    for raw in ["Exit Failure: 1", "Broken pipe (os error 32)"] {
        let text = WindowError::NoDisplay(raw.into()).after_shown().to_string();
        assert!(!text.contains(raw), "{text}");
        assert!(
            text.starts_with("the window's display went away ("),
            "{text}"
        );
        assert!(text.contains("Wayland compositor ended"), "{text}");
    }
}

/// One pass of a window holding a focused text box, or a focused checkbox when `text` is
/// `None`, driven as [`Shell`] drives the app: the caret's blink before and after.
/// Returns the wait for the next pass and whether the caret is drawn lit.
struct BlinkPass {
    ctx: egui::Context,
    caret: CaretBlink,
    text: Option<String>,
    ticked: bool,
    /// Whether the window has the keyboard focus.
    focused: bool,
    /// Passes run: the field asks for the focus in the first, as a form's first field does.
    passes: usize,
}

impl BlinkPass {
    fn new(text: Option<&str>) -> Self {
        let ctx = egui::Context::default();
        prepare(&ctx, Theme::Light, &Cancel::new());
        Self {
            ctx,
            caret: CaretBlink::default(),
            text: text.map(str::to_owned),
            ticked: false,
            focused: true,
            passes: 0,
        }
    }

    /// The passes egui asks for at once after the focus moves (not blinks).
    fn settle(&mut self) {
        for time in [0.0, 0.1, 0.2] {
            self.pass(time, Vec::new());
        }
    }

    /// Passes at `time` with `events` then none, until egui asks for no pass at once (it
    /// asks for one or two after the focus moves): the wait then, and whether lit.
    fn settled(&mut self, time: f64, events: Vec<egui::Event>) -> (f64, bool) {
        let mut shown = self.pass(time, events);
        for _ in 0..5 {
            if shown.0 > 0.0 {
                break;
            }
            shown = self.pass(time, Vec::new());
        }
        shown
    }

    fn pass(&mut self, time: f64, events: Vec<egui::Event>) -> (f64, bool) {
        let input = egui::RawInput {
            time: Some(time),
            events,
            focused: self.focused,
            ..Default::default()
        };
        let first = self.passes == 0;
        self.passes += 1;
        let (caret, text, ticked) = (&mut self.caret, &mut self.text, &mut self.ticked);
        let mut lit = false;
        let mut output = self.ctx.run_ui(input, |ui| {
            caret.update(ui);
            // What the text box paints with in this pass.
            lit = ui.visuals().text_cursor.stroke.width > 0.0;
            let field = match text {
                Some(text) => ui.add(egui::TextEdit::singleline(text)),
                None => ui.checkbox(ticked, "Urgent"),
            };
            if first {
                field.request_focus();
            }
            caret.wake(ui.ctx());
        });
        output.textures_delta.clear();
        let wait = output.viewport_output[&egui::ViewportId::ROOT]
            .repaint_delay
            .as_secs_f64();
        (wait, lit)
    }
}

fn key(key: egui::Key) -> egui::Event {
    egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    }
}

const FOREVER: f64 = 3600.0;

#[test]
fn the_caret_stops_blinking_ten_seconds_after_the_last_input_and_the_window_rests() {
    let mut window = BlinkPass::new(Some("typed"));
    window.pass(0.0, Vec::new());
    window.pass(0.1, Vec::new());
    assert!(
        window.pass(9.0, Vec::new()).0 < 1.0,
        "the caret blinks for ten seconds"
    );
    // The pass that stops the blinking draws the caret lit; the next one asks for nothing.
    assert!(window.pass(10.0, Vec::new()).1, "lit for good");
    let (wait, lit) = window.pass(11.0, Vec::new());
    assert!(
        wait > FOREVER,
        "after ten quiet seconds nothing asks for a repaint"
    );
    assert!(lit);
    let (wait, lit) = window.pass(30.0, vec![key(egui::Key::ArrowLeft)]);
    assert!(wait < 1.0, "a key starts the blinking again");
    assert!(lit, "lit at the key");
}

#[test]
fn the_caret_blinks_at_gtks_rhythm_lit_two_thirds_of_1_2_seconds() {
    let mut window = BlinkPass::new(Some("typed"));
    // Follow the wake-ups the window would, for three whole blinks.
    let mut time = 0.0;
    let mut phases = Vec::new();
    while phases.len() < 6 {
        let (wait, lit) = window.pass(time, Vec::new());
        if wait > 0.01 {
            phases.push((wait, lit));
        }
        time += wait;
    }
    let lit_dark: Vec<(f64, bool)> = phases
        .iter()
        .map(|&(wait, lit)| ((wait * 100.0).round() / 100.0, lit))
        .collect();
    assert_eq!(
        lit_dark,
        [
            (0.8, true),
            (0.4, false),
            (0.8, true),
            (0.4, false),
            (0.8, true),
            (0.4, false)
        ],
        "waits between repaints, and whether the caret was lit"
    );
}

/// Regression (issue 30, item 23): the blink kept the phase it had since the field got the
/// focus, so a window focused from outside blinked at any point of its cycle (a ninth
/// repaint in five seconds where GTK, which starts the blink lit at the focus, has eight).
#[test]
fn the_window_gaining_the_focus_starts_the_blink_lit() {
    let mut window = BlinkPass::new(Some(""));
    window.settle();
    // 5.9 s in: 0.3 s into a dark phase of the blink that began with the window.
    let (wait, lit) = window.pass(5.9, Vec::new());
    assert!(!lit, "dark before the focus");
    assert!((wait - 0.1).abs() < 1e-6, "{wait}");
    let (wait, lit) = window.settled(5.9, vec![egui::Event::WindowFocused(true)]);
    assert!(lit, "lit once the window has the focus");
    assert!(
        (wait - 0.8).abs() < 1e-6,
        "a whole lit phase from the focus: {wait}"
    );
}

/// The blink asks for passes only while a text box shows a caret: a focused checkbox, or
/// a text box in a window without the focus, leaves the window at rest.
#[test]
fn no_caret_no_blink() {
    let mut checkbox = BlinkPass::new(None);
    checkbox.settle();
    assert!(
        checkbox.pass(0.5, Vec::new()).0 > FOREVER,
        "a checkbox has no caret"
    );
    let mut away = BlinkPass::new(Some("typed"));
    away.settle();
    assert!(
        away.pass(0.3, Vec::new()).0 < 1.0,
        "it blinks while the window has the focus"
    );
    away.focused = false;
    let (wait, _) = away.settled(0.5, vec![egui::Event::WindowFocused(false)]);
    assert!(wait > FOREVER, "no caret without the focus: {wait}");
}

/// The embedded pixels fill the icon's square, and it is neither blank nor see-through.
#[test]
fn the_window_icon_is_whole() {
    let icon = window_icon();
    assert_eq!(
        icon.rgba.len(),
        (WINDOW_ICON_SIZE * WINDOW_ICON_SIZE * 4) as usize
    );
    let opaque = icon.rgba.chunks(4).filter(|p| p[3] == 255).count();
    assert!(opaque > icon.rgba.len() / 4 / 2, "{opaque} opaque pixels");
}

/// Regression: "cannot open a window" showed the path of a winit source file.
#[test]
fn display_errors_carry_no_source_path() {
    let winit = "os error at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/winit-0.30.13/src/platform_impl/linux/mod.rs:788: Failed to open connection to X server";
    assert_eq!(
        WindowError::from_display(winit).to_string(),
        "cannot open a window: Failed to open connection to X server"
    );
    assert_eq!(without_source_path("no display"), "no display");
}

/// Regression: a 360x640 screen, or 640x480 at scale 2 (320x240 points), panicked in a
/// clamp whose minimum was over 90 % of the screen.
#[test]
fn the_window_fits_small_and_odd_screens() {
    let content = egui::vec2(560.0, 400.0);
    let cases = [
        (Some(egui::vec2(1280.0, 900.0)), egui::vec2(560.0, 400.0)),
        (Some(egui::vec2(360.0, 640.0)), egui::vec2(324.0, 400.0)),
        (Some(egui::vec2(320.0, 240.0)), egui::vec2(288.0, 160.0)),
        // 1280x900 pixels at scale 2: room for a title bar above a centred window.
        (Some(egui::vec2(640.0, 450.0)), egui::vec2(560.0, 370.0)),
        (Some(egui::vec2(200.0, 100.0)), egui::vec2(180.0, 50.0)),
        (Some(egui::vec2(0.0, 0.0)), egui::vec2(560.0, 400.0)),
        (Some(egui::vec2(f32::NAN, 10.0)), egui::vec2(560.0, 400.0)),
        (None, egui::vec2(560.0, 400.0)),
    ];
    for (monitor, expected) in cases {
        assert_eq!(fitted_size(content, monitor), expected, "{monitor:?}");
    }
    assert_eq!(
        fitted_size(egui::vec2(10.0, f32::INFINITY), None),
        egui::vec2(360.0, 160.0)
    );
}

/// The input of a pass at `time` in a window of `width` × `height` that has the focus.
fn focused_window(time: f64, width: usize, height: usize) -> egui::RawInput {
    let mut viewports = egui::ViewportIdMap::default();
    viewports.insert(
        egui::ViewportId::ROOT,
        egui::ViewportInfo {
            focused: Some(true),
            ..Default::default()
        },
    );
    egui::RawInput {
        time: Some(time),
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(width as f32, height as f32),
        )),
        viewports,
        focused: true,
        ..Default::default()
    }
}

/// The tiles each caret blink repaints in a focused 4-field form (the bench's) whose first
/// field holds `name` (or nothing), following the blinks for three seconds as the window
/// would, and the pixels it paints in them ([`egui_soft::Tiles::changed_rects`]).
fn tiles_per_blink(name: Option<&str>) -> Vec<(usize, usize)> {
    let ctx = egui::Context::default();
    prepare(&ctx, Theme::Light, &Cancel::new());
    let mut first = serde_json::json!({"type": "string", "title": "Name"});
    if let Some(name) = name {
        first["default"] = name.into();
    }
    let schema = serde_json::json!({"type": "object", "properties": {
        "name": first,
        "email": {"type": "string", "title": "Email", "format": "email"},
        "copies": {"type": "integer", "title": "Copies", "minimum": 1, "default": 1},
        "urgent": {"type": "boolean", "title": "Urgent", "default": false}}});
    let form =
        Form::from_schema("Who should receive the report?".into(), &schema).expect("a valid form");
    let mut app = FormApp::new(form, None, None);
    let mut caret = CaretBlink::default();
    let mut was_lit = None;
    let (width, height) = (520, 360);
    let mut shown: Option<egui_soft::Tiles> = None;
    let mut repainted = Vec::new();
    let mut time = 0.0;
    while time < 4.0 {
        let input = focused_window(time, width, height);
        let mut lit = false;
        let mut output = ctx.run_ui(input, |ui| {
            caret.update(ui);
            lit = ui.visuals().text_cursor.stroke.width > 0.0;
            app.show(ui);
            caret.wake(ui.ctx());
        });
        output.textures_delta.clear();
        let wait = output.viewport_output[&egui::ViewportId::ROOT].repaint_delay;
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        let tiles = egui_soft::Tiles::of(&primitives, output.pixels_per_point, width, height);
        // egui's first passes settle the layout; from then on each toggle is a blink.
        if time > 0.0
            && was_lit.is_some_and(|was| was != lit)
            && let Some(before) = &shown
        {
            let mask = before.changed(&tiles).expect("the same size");
            let pixels: usize = tiles
                .changed_rects(before, &mask, width, height, 8)
                .iter()
                .map(|r| (r.x1 - r.x0) * (r.y1 - r.y0))
                .sum();
            repainted.push((mask.iter().filter(|&&c| c).count(), pixels));
        }
        was_lit = Some(lit);
        shown = Some(tiles);
        time += wait.as_secs_f64().clamp(0.0, 1.0);
    }
    // The first toggle follows the passes egui asked for while it settled the focus, in
    // which the caret was not drawn yet: each toggle after it is a blink.
    repainted.split_off(1.min(repainted.len()))
}

/// Regression (issue 30): a caret blinking in an empty first field cost 60 % more CPU than
/// in a filled one. Alone in the text box's clip rectangle, the caret was a primitive of its
/// own, and its coming and going moved every later primitive's place in the frame, which the
/// tiles' fingerprints held: each blink repainted 15 tiles below the field instead of the
/// caret's one.
#[test]
fn a_caret_blink_repaints_the_carets_tile_alone_in_an_empty_field_as_in_a_filled_one() {
    for name in [None, Some("Ada Lovelace")] {
        let repainted = tiles_per_blink(name);
        assert!(repainted.len() >= 4, "{name:?}: blinks {repainted:?}");
        assert!(
            repainted.iter().all(|&(n, _)| (1..=2).contains(&n)),
            "{name:?}: tiles repainted by each blink {repainted:?}"
        );
    }
}

/// Regression (issue 46): with its tile alone repainted, a blink in an empty first field
/// still cost a third more than in a filled one (0.68 against 0.56 ms a blink): its tile is
/// the one of the field's rounded corners and border, at the field's left edge. Each blink
/// now paints the caret's own pixels (about 2 × 20 here, of the tile's 64 × 64), empty field
/// or filled.
#[test]
fn a_caret_blink_paints_the_carets_pixels_alone_in_an_empty_field_as_in_a_filled_one() {
    let most = |name: Option<&str>| {
        let blinks = tiles_per_blink(name);
        assert!(blinks.len() >= 4, "{name:?}: blinks {blinks:?}");
        blinks.iter().map(|&(_, pixels)| pixels).max().unwrap_or(0)
    };
    let (empty, filled) = (most(None), most(Some("Ada Lovelace")));
    assert!(
        (1..=200).contains(&empty) && empty <= filled.max(1),
        "pixels painted by a blink: empty field {empty}, filled {filled}"
    );
}

/// Issue 46: in our window a blink is no pass. The caret of the focused first field is a live
/// shape (`egui_soft::live_shape`) that the window lights and darkens on its own, and the
/// form, once settled, asks for no pass at all while the caret blinks; egui draws no caret of
/// its own there (which would stay in the frame through the dark phases).
#[test]
fn in_our_window_the_caret_blinks_without_a_pass() {
    let ctx = egui::Context::default();
    prepare(&ctx, Theme::Light, &Cancel::new());
    let schema = serde_json::json!({"type": "object", "properties": {
        "name": {"type": "string", "title": "Name"},
        "urgent": {"type": "boolean", "title": "Urgent", "default": false}}});
    let form = Form::from_schema("Who?".into(), &schema).expect("a valid form");
    let mut app = FormApp::new(form, None, None);
    let mut caret = CaretBlink::default();
    let mut pass = |time: f64, live: bool| {
        let input = focused_window(time, 520, 360);
        let mut egui_draws = false;
        let ui = |ui: &mut egui::Ui| {
            caret.update(ui);
            egui_draws = ui.visuals().text_cursor.stroke.width > 0.0;
            app.show(ui);
            caret.paint_live(ui.ctx());
            caret.wake(ui.ctx());
        };
        let mut output = if live {
            egui_soft::run_pass(&ctx, input, ui)
        } else {
            ctx.run_ui(input, ui)
        };
        output.textures_delta.clear();
        let wait = output.viewport_output[&egui::ViewportId::ROOT]
            .repaint_delay
            .as_secs_f64();
        let callbacks = output
            .shapes
            .iter()
            .filter(|s| matches!(s.shape, egui::Shape::Callback(_)))
            .count();
        (wait, egui_draws, callbacks)
    };
    // egui settles the focus over its first passes.
    for time in [0.0, 0.05, 0.1, 0.15] {
        pass(time, true);
    }
    for time in [0.2, 0.9, 1.0, 3.0] {
        let (wait, egui_draws, callbacks) = pass(time, true);
        assert!(
            wait > FOREVER,
            "at {time} s a pass is asked for in {wait} s"
        );
        assert!(!egui_draws, "egui draws a caret of its own");
        assert_eq!(callbacks, 1, "the caret is one live shape");
    }
    // Elsewhere (gl, tests) the same form asks for the pass of each blink, with no live shape.
    let (wait, egui_draws, callbacks) = pass(3.1, false);
    assert!(wait < 1.0 && callbacks == 0, "{wait} {callbacks}");
    assert!(egui_draws, "3.1 s is in a lit phase");
}

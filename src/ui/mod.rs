//! The window: a shell around [`FormApp`], which draws the form and decides the answer, painted
//! on the CPU (the `egui-soft` crate) or through OpenGL (eframe with glow).

pub mod ahead;
mod app;
mod buttons;
mod calendar;
mod deadline;
mod dialog;
mod display;
mod fields;
mod fit;
mod fonts;
mod message;
mod mirror;
mod notify;
mod pacing;
mod queue;
mod rich;
mod url_app;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::cli::{Notify, Renderer, Theme};
use crate::model::answer::Answer;
use crate::model::form::Form;
use crate::model::url::UrlRequest;
use crate::presentation::Presentation;
use crate::process::cancel::Cancel;
pub use dialog::{DialogState, WindowDialog};

pub use app::FormApp;
pub use url_app::{Opener, UrlApp, system_opener};

/// What the window needs besides the form: what both front ends show, and what only a window
/// has.
#[derive(Debug, Clone, Default)]
pub struct WindowOptions {
    /// Who asks, the deadline, Markdown, the cancel token: as the terminal has them.
    pub shown: Presentation,
    /// The window's title (see [`crate::show::window_title`]).
    pub window_title: String,
    /// Light, dark, or the system's choice.
    pub theme: Theme,
    /// How the window is painted.
    pub renderer: Renderer,
    /// When to send a desktop notification that the form is waiting.
    pub notify: Notify,
    /// Who asks, as the notification's summary says it: the window title without `--title`
    /// (see [`crate::show::window_title`]), which may not name who asks.
    pub notification_title: String,
}

/// Called with the answer the moment it is decided, before the window closes: the caller can
/// deliver it (and even exit) without waiting for the event loop to wind down.
pub type AnswerHook = Box<dyn FnOnce(&Answer)>;

/// Why no window could be shown.
#[derive(Debug, Error)]
pub enum WindowError {
    /// No display, or the window (or, with `--renderer gl`, its GL context) could not be created.
    #[error("cannot open a window: {0}")]
    NoDisplay(String),
    /// The window was up and its display went away: the X server or the Wayland compositor
    /// ended, or the connection to it broke. A failure while running, not a reason to fall
    /// back to the terminal: the person was answering in the window. The display library's
    /// own words (winit's "Exit Failure: 1", a "Broken pipe") say nothing more to a person, so
    /// the message says what happened in plain words; they stay in the value for debugging.
    #[error(
        "the window's display went away (the X server or the Wayland compositor ended, or the \
         connection to it broke)"
    )]
    Lost(String),
}

impl WindowError {
    /// A display library's error, in words for a person: winit prefixes its errors with
    /// the path of its own source file (`os error at /…/winit-0.30/src/…/mod.rs:788: …`).
    pub fn from_display(error: impl std::fmt::Display) -> Self {
        Self::NoDisplay(without_source_path(&error.to_string()))
    }

    /// This error, coming after the window was shown: the display went away.
    fn after_shown(self) -> Self {
        match self {
            Self::NoDisplay(reason) | Self::Lost(reason) => Self::Lost(reason),
        }
    }
}

/// `text` without a leading `os error at FILE:LINE: `.
fn without_source_path(text: &str) -> String {
    text.strip_prefix("os error at ")
        .and_then(|rest| {
            let (_, after_rs) = rest.split_once(".rs:")?;
            let digits = after_rs.find(|c: char| !c.is_ascii_digit())?;
            after_rs[digits..].strip_prefix(": ")
        })
        .unwrap_or(text)
        .to_owned()
}

/// Whether `DISPLAY` or `WAYLAND_DISPLAY` is set to something: a window may be possible.
pub fn has_display() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty()))
}

/// Shows the form in a window until the person answers; returns the answer.
pub fn run_window(
    form: Form,
    options: WindowOptions,
    on_answer: Option<AnswerHook>,
) -> Result<Answer, WindowError> {
    let size = app::initial_size(&form);
    let shown = &options.shown;
    let message = notify::body(&form.message, shown.markdown);
    let app = FormApp::new(form, shown.server.clone(), shown.timeout)
        .via(shown.via.clone())
        .queue(shown.queue.clone())
        .markdown(shown.markdown)
        .draft(shown.draft.clone())
        .cancelled_by(shown.cancel.clone());
    run_dialog(app, size, &options, message, on_answer)
}

/// Shows the URL consent window until the person answers; `opener` runs on Open.
pub fn run_url_window(
    request: UrlRequest,
    options: WindowOptions,
    opener: Opener,
    on_answer: Option<AnswerHook>,
) -> Result<Answer, WindowError> {
    let message = notify::body(&request.message, crate::cli::Markdown::Off);
    let shown = &options.shown;
    let app = UrlApp::new(request, shown.server.clone(), shown.timeout, opener)
        .via(shown.via.clone())
        .queue(shown.queue.clone())
        .cancelled_by(shown.cancel.clone());
    run_dialog(app, egui::vec2(560.0, 320.0), &options, message, on_answer)
}

fn run_dialog(
    app: impl WindowDialog + 'static,
    size: egui::Vec2,
    options: &WindowOptions,
    body: String,
    on_answer: Option<AnswerHook>,
) -> Result<Answer, WindowError> {
    if !has_display() {
        return Err(WindowError::NoDisplay(crate::process::session::how_to_fix()));
    }
    ahead::load_compose_table_beside_the_start();
    // Held until the window is up: an X server that resets when its last client leaves
    // must not reset between this connection and winit's (issue 43, item 5).
    let reached = display::wait_until_reachable().map_err(WindowError::NoDisplay)?;
    let outcome: Arc<Mutex<Option<Answer>>> = Arc::default();
    let viewport = egui::ViewportBuilder::default()
        .with_title(&options.window_title)
        .with_app_id("form-elicitation")
        // X11 window managers read the icon from the window (_NET_WM_ICON); Wayland compositors
        // find it through the app id and the package's form-elicitation.desktop.
        .with_icon(window_icon())
        // Tiling window managers (i3, sway on Xwayland) float dialogs instead of tiling them.
        .with_window_type(egui::X11WindowType::Dialog)
        .with_inner_size(size)
        .with_min_inner_size([320.0, 160.0])
        .with_active(true);
    let ran = Arc::new(AtomicBool::new(false));
    let mut shell = Shell {
        app: Box::new(app),
        title: options.window_title.clone(),
        on_answer,
        outcome: Arc::clone(&outcome),
        sized: false,
        wants_attention: false,
        attention: Attention {
            // Nothing to send it on: no waiting to see whether the window gets the focus.
            notify: if notify::session_bus_here() {
                options.notify
            } else {
                Notify::Never
            },
            summary: options.notification_title.clone(),
            body,
            opened: None,
            notice: None,
        },
        caret: CaretBlink::default(),
        ran: Arc::clone(&ran),
        #[cfg(feature = "gl")]
        told_shown: false,
        heading: heading(options),
        told_gone: false,
    };
    let shown = |error: WindowError| {
        if ran.load(Ordering::Relaxed) {
            error.after_shown()
        } else {
            error
        }
    };
    match options.renderer {
        Renderer::Cpu => {
            let ctx = egui::Context::default();
            prepare(&ctx, options.theme, &options.shown.cancel);
            let (title, heading) = (options.window_title.clone(), heading(options));
            egui_soft::run_checked(
                ctx,
                viewport,
                move |ui| shell.frame(ui),
                // A found display's server, asked on the window's own connection before the
                // window exists (see `display`).
                display::check_connection,
                move || {
                    drop(reached);
                    tell_shown(&title, &heading);
                },
            )
            .map_err(|error| shown(WindowError::from_display(error)))?;
        }
        #[cfg(feature = "gl")]
        Renderer::Gl => {
            let native = eframe::NativeOptions {
                viewport,
                centered: true,
                // We add the system fonts ourselves, only when the text needs them (see `fonts`).
                system_font_fallback: false,
                ..Default::default()
            };
            eframe::run_native(
                "form-elicitation",
                native,
                Box::new(|cc| {
                    // eframe offers no moment between connecting and creating the window: a
                    // found display's server is asked here, on the window's connection,
                    // before the first frame shows the still hidden window (see `display`).
                    use winit::raw_window_handle::HasDisplayHandle as _;
                    let display = cc.display_handle().map_err(|error| error.to_string())?;
                    display::check_connection(display.as_raw())?;
                    prepare(&cc.egui_ctx, options.theme, &options.shown.cancel);
                    Ok(Box::new(shell))
                }),
            )
            .map_err(|error| shown(WindowError::from_display(error)))?;
            drop(reached);
        }
    }
    let answer = outcome
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .take();
    // The event loop ended without a decision only if the window went away under us.
    Ok(answer.unwrap_or(Answer::Cancel))
}

/// How long the caret blinks after the last input: GTK's `gtk-cursor-blink-timeout`. Then it
/// stays lit and the window stops repainting until something happens.
const CARET_BLINK_SECONDS: f64 = 10.0;

/// The caret's blink, kept here rather than left to egui, at GTK's rhythm and with GTK's
/// phase: lit for [`CARET_LIT_DARK_SECONDS`]`.0`, dark for `.1`, counted from the last key,
/// click or paste, or from the moment the window gained the focus (egui counts from the text
/// box's last change and keeps that phase across a change of focus, so a window focused from
/// outside blinked at a random point of its cycle: a ninth repaint in five seconds where GTK
/// has eight, issue 30). It stops, lit, [`CARET_BLINK_SECONDS`] after the last input, and
/// starts again with the next. egui's own blink is off ([`blink_like_gtk`]).
///
/// In our own window (`egui_soft::repaints_live`) egui draws no caret (a caret of no width,
/// which egui draws as nothing) and [`CaretBlink::paint_live`] paints it where egui would, as
/// a shape the window lights and darkens between passes: a blink costs the few pixels of the
/// caret, not a pass of the form (issue 46). Elsewhere (`--renderer gl`, the UI tests) egui
/// draws it, lit or dark in each pass, and [`CaretBlink::wake`] asks for the pass of the next
/// blink.
#[derive(Default)]
struct CaretBlink {
    rhythm: Rhythm,
    /// The caret's width when lit, read from the style before the first blink.
    lit_width: Option<f32>,
}

/// When the caret is lit: egui's clock at the last input and when the current blink began.
#[derive(Clone, Copy, Default)]
struct Rhythm {
    /// egui's clock at the last key, click, scroll or pointer move.
    last_input: f64,
    /// egui's clock when the current blink began lit.
    lit_since: f64,
}

impl Rhythm {
    /// Whether the caret is lit at `now`.
    fn lit(self, now: f64) -> bool {
        if now - self.last_input >= CARET_BLINK_SECONDS {
            return true;
        }
        let (lit, dark) = CARET_LIT_DARK_SECONDS;
        (now - self.lit_since).rem_euclid(f64::from(lit) + f64::from(dark)) < f64::from(lit)
    }

    /// When the caret next lights or darkens after `now`; `None` once it stays lit.
    fn next_change(self, now: f64) -> Option<f64> {
        if now - self.last_input >= CARET_BLINK_SECONDS {
            return None;
        }
        let (lit, dark) = CARET_LIT_DARK_SECONDS;
        let (lit, dark) = (f64::from(lit), f64::from(dark));
        let in_cycle = (now - self.lit_since).rem_euclid(lit + dark);
        let next = if in_cycle < lit { lit } else { lit + dark };
        // Not past the end of the blinking: that moment lights the caret for good.
        let until_end = CARET_BLINK_SECONDS - (now - self.last_input);
        Some(now + (next - in_cycle).min(until_end).max(0.0))
    }
}

impl CaretBlink {
    /// Before the pass: lights or darkens the caret this pass draws (in `ui`, whose style
    /// was taken from the context's when the pass began, and in the context's, for the
    /// windows and popups the pass opens); in our window, egui draws none.
    fn update(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let (now, input, focus_gained) = ctx.input(|i| {
            let restarts = |event: &egui::Event| {
                matches!(
                    event,
                    egui::Event::Key { .. }
                        | egui::Event::Text(_)
                        | egui::Event::Paste(_)
                        | egui::Event::Ime(_)
                        | egui::Event::PointerButton { .. }
                )
            };
            let input = i.events.iter().any(|event| {
                restarts(event)
                    || matches!(
                        event,
                        egui::Event::PointerMoved(_) | egui::Event::MouseWheel { .. }
                    )
            });
            let restart = i
                .events
                .iter()
                .any(|event| restarts(event) || matches!(event, egui::Event::WindowFocused(true)));
            (i.time, input, restart)
        });
        if input {
            self.rhythm.last_input = now;
        }
        if focus_gained {
            self.rhythm.lit_since = now;
        }
        let lit_width = *self
            .lit_width
            .get_or_insert_with(|| ctx.global_style().visuals.text_cursor.stroke.width);
        let width = if !egui_soft::repaints_live() && self.rhythm.lit(now) {
            lit_width
        } else {
            0.0
        };
        if ctx.global_style().visuals.text_cursor.stroke.width != width {
            ctx.all_styles_mut(|style| style.visuals.text_cursor.stroke.width = width);
        }
        ui.visuals_mut().text_cursor.stroke.width = width;
    }

    /// After the pass, in our window: paints the caret of the focused text box as egui would
    /// (a line through the middle of its cursor rectangle, clipped as the text box clips it),
    /// lit and dark at the rhythm's moments without a pass.
    fn paint_live(&self, ctx: &egui::Context) {
        if !egui_soft::repaints_live() || !caret_shown(ctx) {
            return;
        }
        let (Some(ime), Some(id), Some(width)) = (
            ctx.output(|o| o.ime),
            ctx.memory(|m| m.focused()),
            self.lit_width,
        ) else {
            return;
        };
        let Some(field) = ctx.read_response(id) else {
            return;
        };
        // egui paints the caret with a painter clipped to the text's rectangle grown by a
        // point, within the clip rectangle of the text box's `Ui`.
        let clip = ime.rect.expand(1.0).intersect(field.interact_rect);
        let painter = ctx.layer_painter(field.layer_id).with_clip_rect(clip);
        let stroke = egui::Stroke {
            width,
            ..ctx.global_style().visuals.text_cursor.stroke
        };
        let line = [
            ime.cursor_rect.center_top(),
            ime.cursor_rect.center_bottom(),
        ];
        let rhythm = self.rhythm;
        let (pass_time, pass_instant) = (ctx.input(|i| i.time), Instant::now());
        let shown = ime.cursor_rect.expand(stroke.width);
        egui_soft::live_shape(&painter, shown, move |now| {
            let time = pass_time + now.saturating_duration_since(pass_instant).as_secs_f64();
            let shape = if rhythm.lit(time) {
                egui::Shape::line_segment(line, stroke)
            } else {
                egui::Shape::Noop
            };
            let next = rhythm
                .next_change(time)
                .map(|at| now + Duration::from_secs_f64(at - time));
            (shape, next)
        });
    }

    /// After the pass, elsewhere: asks for the pass of the next blink while a text box shows
    /// its caret (it has the focus and the window has the focus), and for nothing otherwise.
    fn wake(&self, ctx: &egui::Context) {
        if egui_soft::repaints_live() || !caret_shown(ctx) {
            return;
        }
        let now = ctx.input(|i| i.time);
        if let Some(next) = self.rhythm.next_change(now) {
            ctx.request_repaint_after(Duration::from_secs_f64(next - now));
        }
    }
}

/// Whether a text box has the focus in a window that has the focus: egui draws a caret then.
fn caret_shown(ctx: &egui::Context) -> bool {
    ctx.input(|i| i.focused)
        && ctx
            .memory(|m| m.focused())
            .is_some_and(|id| egui::widgets::text_edit::TextEditState::load(ctx, id).is_some())
}

/// The side of the window icon, in pixels.
const WINDOW_ICON_SIZE: u32 = 64;

/// The window icon, `assets/icon/form-elicitation-64.png` as build.rs decoded it to RGBA.
fn window_icon() -> Arc<egui::IconData> {
    Arc::new(egui::IconData {
        rgba: include_bytes!(concat!(env!("OUT_DIR"), "/window-icon.rgba")).to_vec(),
        width: WINDOW_ICON_SIZE,
        height: WINDOW_ICON_SIZE,
    })
}

/// Sets the theme and style, and lets a signal wake the window.
fn prepare(ctx: &egui::Context, theme: Theme, cancel: &Cancel) {
    ctx.set_theme(match theme {
        Theme::System => egui::ThemePreference::System,
        Theme::Light => egui::ThemePreference::Light,
        Theme::Dark => egui::ThemePreference::Dark,
    });
    outline_controls(ctx);
    blink_like_gtk(ctx);
    // No animations: egui fades a scroll bar in over a dozen frames when a long form opens,
    // and hover colours over several more, each frame painted for nothing a person asked for.
    ctx.all_styles_mut(|style| style.animation_time = 0.0);
    let ctx = ctx.clone();
    cancel.set_waker(move || ctx.request_repaint());
}

/// Runs the dialog, closes the window once it has an answer, and turns a close request from the
/// window manager into `cancel`.
struct Shell {
    app: Box<dyn WindowDialog>,
    /// The window's title, which is also its name for screen readers.
    title: String,
    on_answer: Option<AnswerHook>,
    outcome: Arc<Mutex<Option<Answer>>>,
    sized: bool,
    /// The urgency hint is set (the window opened asking for attention) and not yet cleared:
    /// the person's focusing the window clears it, or the taskbar keeps flashing.
    wants_attention: bool,
    /// The desktop notification for a window that opened without the focus.
    attention: Attention,
    caret: CaretBlink,
    /// Set by the first frame: from then on, a display error means the display went away.
    ran: Arc<AtomicBool>,
    /// With `--renderer gl`: whether [`tell_shown`] was called.
    #[cfg(feature = "gl")]
    told_shown: bool,
    /// Who asks, for [`tell_shown`] (and, with `--renderer gl`, the first frame's).
    heading: String,
    /// Whether [`tell_shown`] was told the line that the client stopped waiting.
    told_gone: bool,
}

/// How long a window may take to get the focus before it counts as opened without it: a
/// window manager gives the focus within a few frames.
const FOCUS_GRACE: Duration = Duration::from_millis(500);

/// The desktop notification for a window that opened without the focus (see `notify`).
struct Attention {
    notify: Notify,
    /// Who asks: the notification's summary.
    summary: String,
    /// That a form waits, and the message's first lines (see [`notify::body`]).
    body: String,
    /// When the window was sized and asked for the focus.
    opened: Option<Instant>,
    notice: Option<notify::Notice>,
}

impl Attention {
    /// Sends the notification once, when `--notify` says so: at once with `always`; with
    /// `auto` once the window has gone [`FOCUS_GRACE`] without the focus (asking for a pass
    /// then).
    fn notify_if_unseen(&mut self, ctx: &egui::Context) {
        let Some(opened) = self.opened else { return };
        if self.notice.is_some() {
            return;
        }
        match self.notify {
            Notify::Never => return,
            Notify::Always => {}
            Notify::Auto => {
                let waited = opened.elapsed();
                if waited < FOCUS_GRACE {
                    ctx.request_repaint_after(FOCUS_GRACE - waited);
                    return;
                }
            }
        }
        let raise = ctx.clone();
        self.notice = Some(notify::Notice::send(
            &self.summary,
            self.body.clone(),
            t!("notification-open"),
            move || {
                raise.send_viewport_cmd(egui::ViewportCommand::Focus);
                raise.request_repaint();
            },
        ));
    }

    /// Closes the notification, if one was sent.
    fn close(&mut self) {
        if let Some(notice) = &self.notice {
            notice.close();
        }
    }
}

/// The test harness's signal that the window is on screen: with
/// `FORM_ELICITATION_TEST_SHOWN_FILE` set, that file is created once the first frame is
/// presented, so that a test types into a window that is there instead of sleeping a while;
/// with `FORM_ELICITATION_TEST_SHOWN_DIR` set, a file named after the window's title is
/// created in that folder (for the windows `serve` and `proxy` start, several at a time, which
/// all inherit one environment), holding who asks as the form's heading says it ([`heading`]:
/// how a served request came is decided in serve and its dialog, and the tests read it here),
/// and, written again once it is shown, after a line break, the line that says the client
/// stopped waiting.
/// Test-only (the names say so); nothing else reads or writes the files.
fn tell_shown(title: &str, heading: &str) {
    if let Some(path) = std::env::var_os("FORM_ELICITATION_TEST_SHOWN_FILE") {
        let _ = std::fs::write(path, b"");
    }
    tell_in_shown_dir(title, heading);
}

/// Writes `text` into the file named after `title` in `FORM_ELICITATION_TEST_SHOWN_DIR`, if
/// that is set (see [`tell_shown`]).
fn tell_in_shown_dir(title: &str, text: &str) {
    if let Some(dir) = std::env::var_os("FORM_ELICITATION_TEST_SHOWN_DIR") {
        let name: String = title
            .chars()
            .map(|c| if c == '/' || c == '\0' { '_' } else { c })
            .collect();
        // Written whole under another name first: the test reads it once the name is there.
        let dir = std::path::Path::new(&dir);
        let part = dir.join(format!(".{}.part", std::process::id()));
        if std::fs::write(&part, text).is_ok() {
            let _ = std::fs::rename(&part, dir.join(name));
        }
    }
}

/// Who asks, as the form's heading says it (for [`tell_shown`]).
fn heading(options: &WindowOptions) -> String {
    let shown = &options.shown;
    crate::model::describe::asker(shown.server.as_deref(), shown.via.as_deref()).unwrap_or_default()
}

#[cfg(feature = "gl")]
impl eframe::App for Shell {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
        // eframe has no hook after a frame is on screen: the end of the first pass is as close
        // as it gets (the frame is drawn and swapped right after it).
        if !self.told_shown {
            self.told_shown = true;
            tell_shown(&self.title, &self.heading);
        }
    }

    // Keys that come faster than passes are paced by the dialog itself (`pacing`).
    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        egui_soft::drop_commands_that_typed_text(&mut raw_input.events);
    }
}

impl Shell {
    fn frame(&mut self, ui: &mut egui::Ui) {
        self.ran.store(true, Ordering::Relaxed);
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested()) && self.app.outcome().is_none() {
            self.app.finish(Answer::Cancel);
        }
        self.caret.update(ui);
        self.app.show(ui);
        if !self.told_gone
            && let Some(gone) = self.app.client_gone()
        {
            // The test harness reads the window's words after the heading (see `tell_shown`).
            self.told_gone = true;
            tell_in_shown_dir(&self.title, &format!("{}\n{gone}", self.heading));
        }
        self.caret.paint_live(&ctx);
        self.caret.wake(&ctx);
        fit::zoom_for_calendar(&ctx, self.app.calendar_open());
        // A screen reader announces the window by this name when it gains the focus.
        ctx.accesskit_node_builder(egui::accesskit_root_id(), |node| {
            node.set_label(self.title.clone());
        });
        if !self.sized
            && let Some(content) = self.app.content_size()
        {
            self.sized = true;
            fit_to_content(&ctx, content);
            ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
            ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
                egui::UserAttentionType::Informational,
            ));
            self.wants_attention = true;
            self.attention.opened = Some(Instant::now());
        } else if self.wants_attention && ctx.input(|i| i.viewport().focused == Some(true)) {
            self.wants_attention = false;
            ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
                egui::UserAttentionType::Reset,
            ));
            // The person is at the form: the notice has done its work.
            self.attention.close();
        }
        if self.wants_attention && self.app.outcome().is_none() {
            self.attention.notify_if_unseen(&ctx);
        }
        if let Some(answer) = self.app.outcome() {
            self.attention.close();
            if let Some(hook) = self.on_answer.take() {
                hook(answer);
            }
            *self
                .outcome
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(answer.clone());
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

/// Gives unfocused controls (text boxes, checkboxes, radio buttons) a visible outline: egui's
/// default draws them nearly invisible on a light background.
fn outline_controls(ctx: &egui::Context) {
    for (theme, gray) in [(egui::Theme::Light, 0x8a), (egui::Theme::Dark, 0x6a)] {
        ctx.style_mut_of(theme, |style| {
            style.visuals.widgets.inactive.bg_stroke =
                egui::Stroke::new(1.0, egui::Color32::from_gray(gray));
        });
    }
}

/// How long the caret is lit, then dark, in each blink: GTK's rhythm (its default
/// `gtk-cursor-blink-time` of 1.2 s, lit for two thirds of it), the one the rest of the desktop
/// blinks at. egui's own is 0.5 s each, a third more repaints while a field has the focus.
const CARET_LIT_DARK_SECONDS: (f32, f32) = (0.8, 0.4);

/// Leaves the caret's blink to [`CaretBlink`], which blinks it at GTK's rhythm and phase.
fn blink_like_gtk(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| style.visuals.text_cursor.blink = false);
}

/// Resizes the window to its content, within 90 % of the screen.
fn fit_to_content(ctx: &egui::Context, content: egui::Vec2) {
    let monitor = ctx.input(|i| i.viewport().monitor_size);
    ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(fitted_size(
        content, monitor,
    )));
}

/// The room, in points, kept free above the window for the title bar the desktop adds, and as
/// much below it: sway centres a floating window's own surface and puts its title bar (25
/// points with its default font) above that, so a window 90 % of a 450-point screen tall (a
/// 900-pixel one at scale 2) had its title bar start 2 points above the screen.
const TITLE_BAR_ROOM: f32 = 40.0;

/// The window's size for `content` on a screen of `monitor` points: at least a comfortable
/// minimum, at most 90 % of the screen and short enough that a title bar fits above it when it
/// is centred ([`TITLE_BAR_ROOM`]), and when the screen is smaller than that minimum (a
/// 360-point phone, or a small screen at scale 2) the screen wins and the content scrolls.
/// Never panics, whatever the screen reports.
pub fn fitted_size(content: egui::Vec2, monitor: Option<egui::Vec2>) -> egui::Vec2 {
    const MIN: egui::Vec2 = egui::vec2(360.0, 160.0);
    let usable = |v: f32| v.is_finite() && v > 0.0;
    let monitor = monitor
        .filter(|m| usable(m.x) && usable(m.y))
        .unwrap_or(egui::vec2(1280.0, 800.0));
    let axis = |want: f32, floor: f32, most: f32| {
        let want = if want.is_finite() { want } else { floor };
        want.max(floor).min(most)
    };
    let tallest = (monitor.y * 0.9).min(monitor.y - 2.0 * TITLE_BAR_ROOM);
    egui::vec2(
        axis(content.x, MIN.x, monitor.x * 0.9),
        // A screen too short to spare the room still gets a window of half its height.
        axis(content.y, MIN.y, tallest.max(monitor.y * 0.5)),
    )
}

#[cfg(test)]
#[path = "mod_tests.rs"]
mod tests;

//! What the window shell runs, the form or the URL consent: the one interface both dialogs
//! give the shell, what each keeps for it, and what both keep alike around their content (who
//! asks, the run of forms, the deadline, the fonts) with the builders that set it. Below both
//! dialogs and the shell.

use std::time::Duration;

use crate::model::answer::Answer;
use crate::process::cancel::Cancel;

use super::deadline::Deadline;
use super::fonts::FontFallback;
use super::queue::QueueBar;

/// What the window shell runs: the form, or the URL consent.
pub trait WindowDialog {
    /// Draws one frame and reacts to its input.
    fn show(&mut self, ui: &mut egui::Ui);
    /// What the dialog keeps for the window.
    fn dialog(&self) -> &DialogState;
    /// The same, to change.
    fn dialog_mut(&mut self) -> &mut DialogState;

    /// The same dialog, naming what the request came through beside who asks.
    fn via(mut self, via: Option<String>) -> Self
    where
        Self: Sized,
    {
        self.dialog_mut().via = via;
        self
    }

    /// The same dialog, saying where it stands in a proxy's run of forms and offering to
    /// decline them all.
    fn queue(mut self, place: Option<crate::process::queue::LivePlace>) -> Self
    where
        Self: Sized,
    {
        self.dialog_mut().queue = place.map(QueueBar::new);
        self
    }

    /// The same dialog, cancelled early by `cancel` (a signal, the parent's death).
    fn cancelled_by(mut self, cancel: Cancel) -> Self
    where
        Self: Sized,
    {
        let dialog = self.dialog_mut();
        dialog.deadline = dialog.deadline.clone().with_cancel(cancel);
        self
    }

    /// The answer, once the person (or a timeout or signal) has decided.
    fn outcome(&self) -> Option<&Answer> {
        self.dialog().outcome.as_ref()
    }

    /// Ends the dialog with `answer`, unless it already has one.
    fn finish(&mut self, answer: Answer) {
        let dialog = self.dialog_mut();
        if dialog.outcome.is_none() {
            dialog.outcome = Some(answer);
        }
    }

    /// How large the whole window wants to be, known after the first frame.
    fn content_size(&self) -> Option<egui::Vec2> {
        self.dialog().content_size
    }

    /// The line that says the client stopped waiting for the answer, once it is shown.
    fn client_gone(&self) -> Option<&str> {
        None
    }

    /// Whether a date picker's calendar is open (the window zooms out for it where it is
    /// narrow: see `fit`).
    fn calendar_open(&self) -> bool {
        false
    }
}

/// What every dialog keeps for the window (its answer and the size it measured), and what
/// both keep alike around their content.
#[derive(Debug)]
pub struct DialogState {
    /// The answer, once decided.
    pub(super) outcome: Option<Answer>,
    /// How large the whole window wants to be, once the first frame has measured it.
    pub(super) content_size: Option<egui::Vec2>,
    /// Who asks: the server's name, if known.
    pub(super) server: Option<String>,
    /// What the request came through (Claude Code, another machine), named beside who asks.
    pub(super) via: Option<String>,
    /// Where the request stands in a proxy's run of forms, and "Decline all".
    pub(super) queue: Option<QueueBar>,
    /// When the dialog gives up by itself: `--timeout`, a signal, the parent's death.
    pub(super) deadline: Deadline,
    /// System fonts for the text the built-in fonts lack.
    pub(super) fonts: FontFallback,
    /// What the window shows, until the first frame has checked that the fonts cover it.
    pub(super) unchecked_text: Option<String>,
}

impl DialogState {
    /// A dialog for `server` that gives up after `timeout`, whose first frame checks that the
    /// fonts cover `text` (everything it will show).
    pub(super) fn new(server: Option<String>, timeout: Option<Duration>, text: String) -> Self {
        Self {
            outcome: None,
            content_size: None,
            server,
            via: None,
            queue: None,
            deadline: Deadline::after(timeout, Cancel::new()),
            fonts: FontFallback::default(),
            unchecked_text: Some(text),
        }
    }

    /// What every frame starts with: keys faster than frames are paced, and the first frame
    /// loads the fonts the dialog's text needs.
    pub(super) fn begin_frame(&mut self, ctx: &egui::Context) {
        super::pacing::pace_keys(ctx);
        if let Some(text) = self.unchecked_text.take() {
            self.fonts.cover(ctx, &text);
        }
    }
}

/// Who asks, as a dialog's heading: `shown` (its names bounded, see
/// [`crate::text::untrusted::name`]) on screen, `spoken` (the same with every name whole) to a
/// screen reader, which reads what the screen elides.
pub(super) fn asker_ui(ui: &mut egui::Ui, shown: String, spoken: String) -> egui::Response {
    let response = ui.add(egui::Label::new(egui::RichText::new(shown).strong().size(15.0)).wrap());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Label, ui.is_enabled(), spoken.clone())
    });
    response
}

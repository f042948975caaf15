//! What the window shell runs, the form or the URL consent: the one interface both dialogs
//! give the shell, and what each keeps for it. Below both dialogs and the shell.

use crate::answer::Answer;

/// What the window shell runs: the form, or the URL consent.
pub trait WindowDialog {
    /// Draws one frame and reacts to its input.
    fn show(&mut self, ui: &mut egui::Ui);
    /// What the dialog keeps for the window.
    fn dialog(&self) -> &DialogState;
    /// The same, to change.
    fn dialog_mut(&mut self) -> &mut DialogState;

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

    /// Whether a date picker's calendar is open (the window zooms out for it where it is
    /// narrow: see `fit`).
    fn calendar_open(&self) -> bool {
        false
    }
}

/// What every dialog keeps for the window: its answer and the size it measured.
#[derive(Debug, Default)]
pub struct DialogState {
    /// The answer, once decided.
    pub(super) outcome: Option<Answer>,
    /// How large the whole window wants to be, once the first frame has measured it.
    pub(super) content_size: Option<egui::Vec2>,
}

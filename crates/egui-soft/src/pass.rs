//! Whether this thread is running an egui pass of [`run`]'s window: the one fact the window
//! and [`live_label`] share. The window runs its passes here ([`run_pass`]); a live label or
//! shape asks ([`in_pass`]) whether a window of ours will resolve its paint callback, and the
//! window's repaint callback asks whether a wish for a repaint came from the pass itself.
//! Neither of the two modules imports the other for it.
//!
//! [`run`]: crate::run
//! [`live_label`]: crate::live_label

use std::cell::Cell;

thread_local! {
    /// Whether this thread is in the middle of [`run_pass`].
    static IN_PASS: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread is running a pass of [`run`]'s window.
///
/// [`run`]: crate::run
pub(crate) fn in_pass() -> bool {
    IN_PASS.get()
}

/// Runs one egui pass of `ui` as [`run`]'s window runs it: [`crate::live_label`] and
/// [`crate::live_shape`] hand their paint callbacks to the window instead of asking for passes
/// ([`crate::repaints_live`] is true throughout). For tests of what an app's passes ask of
/// the window, without a window.
///
/// [`run`]: crate::run
pub fn run_pass(
    ctx: &egui::Context,
    input: egui::RawInput,
    ui: impl FnMut(&mut egui::Ui),
) -> egui::FullOutput {
    IN_PASS.set(true);
    let output = ctx.run_ui(input, ui);
    IN_PASS.set(false);
    output
}

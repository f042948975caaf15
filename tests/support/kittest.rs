//! Driving a dialog in an `egui_kittest` harness as a person would, one input at a time.

use egui::Key;
use egui_kittest::Harness;

/// Presses and releases `key`, then lets the dialog react.
pub fn press<State>(harness: &mut Harness<'_, State>, key: Key) {
    harness.key_press(key);
    harness.run();
}

/// Types `text` into the focused control (one text event, as an input method commits it), then
/// lets the dialog react.
pub fn typed<State>(harness: &mut Harness<'_, State>, text: &str) {
    harness.event(egui::Event::Text(text.to_owned()));
    harness.run();
}

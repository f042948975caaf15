//! Keys that come faster than passes, handed to egui one key that acts per pass, whatever
//! shell runs the dialog (the CPU window, eframe, a test harness): an egui plugin around
//! [`egui_soft::KeyBursts`], which says where a pass must end.
//!
//! egui moves the focus for at most one Tab per pass, applies it in the pass after, and
//! clicks a focused checkbox on Space only while it still has the focus in that pass: a burst
//! of keys in one pass (a password manager's `{TAB}{SPACE}{TAB}`, a virtual keyboard's Down,
//! Space, Down, Space 12 ms apart) would lose some of them.

use egui_soft::KeyBursts;

/// The plugin: holds back the events after a key that acts, and asks for the pass that takes
/// them.
#[derive(Default)]
struct KeyPacing {
    bursts: KeyBursts,
}

impl egui::Plugin for KeyPacing {
    fn debug_name(&self) -> &'static str {
        "form-elicitation key pacing"
    }

    fn input_hook(&mut self, ctx: &egui::Context, input: &mut egui::RawInput) {
        if self.bursts.take_pass(&mut input.events) {
            ctx.request_repaint();
        }
    }
}

/// Paces the keys of every pass of `ctx` from the next one on (once per context; further
/// calls do nothing).
pub fn pace_keys(ctx: &egui::Context) {
    if ctx.with_plugin(|_: &mut KeyPacing| ()).is_none() {
        ctx.add_plugin(KeyPacing::default());
    }
}

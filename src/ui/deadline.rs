//! The deadline in the window: a pass at the moment it expires, and the countdown.

use std::time::{Duration, Instant};

use egui::Ui;

pub use crate::deadline::Deadline;

/// What the window does with the [`Deadline`].
pub trait DeadlineUi {
    /// Whether to cancel now: the token was cancelled or the time is up. Otherwise asks for a
    /// pass at the deadline (the countdown asks for its own seconds: see
    /// [`Self::countdown_ui`]).
    fn expired(&self, ctx: &egui::Context) -> bool;

    /// Shows the time left, right-aligned, if there is a deadline. The window repaints it each
    /// second by itself, without a pass of the whole form (see `egui_soft::live_label`).
    fn countdown_ui(&self, ui: &mut Ui);
}

impl DeadlineUi for Deadline {
    fn expired(&self, ctx: &egui::Context) -> bool {
        let now = Instant::now();
        if self.expired_at(now).is_some() {
            return true;
        }
        if let Some(left) = self.left(now) {
            ctx.request_repaint_after(left);
        }
        false
    }

    fn countdown_ui(&self, ui: &mut Ui) {
        if let Some(deadline) = self.at() {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let font = egui::TextStyle::Body.resolve(ui.style());
                let color = ui.visuals().weak_text_color();
                egui_soft::live_label(ui, font, color, egui::Align::Max, move |now| {
                    countdown(deadline, now)
                });
            });
        }
    }
}

/// The countdown's words at `now` ("Closes in 27 s"), and when they change next: when the
/// whole seconds left, rounded up, drop by one.
fn countdown(deadline: Instant, now: Instant) -> (String, Option<Instant>) {
    let left = deadline.saturating_duration_since(now);
    let seconds = left.as_secs() + u64::from(left.subsec_nanos() > 0);
    let next = seconds
        .checked_sub(1)
        .map(|whole| deadline - Duration::from_secs(whole));
    (
        t!("closes-in", time = crate::describe::time_left(seconds)),
        next,
    )
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::countdown;

    #[test]
    fn the_countdown_rounds_up_and_changes_at_each_whole_second() {
        let now = Instant::now();
        let deadline = now + Duration::from_millis(2_500);
        let (text, next) = countdown(deadline, now);
        assert_eq!(text, "Closes in 3 s");
        assert_eq!(next, Some(deadline - Duration::from_secs(2)));
        let (text, next) = countdown(deadline, deadline - Duration::from_secs(2));
        assert_eq!(text, "Closes in 2 s");
        assert_eq!(next, Some(deadline - Duration::from_secs(1)));
        let (text, next) = countdown(deadline, deadline);
        assert_eq!(text, "Closes in 0 s");
        assert_eq!(next, None);
    }
}

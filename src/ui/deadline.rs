//! The deadline in the window: a pass at the moment it expires, and the countdown.

use std::time::{Duration, Instant};

use egui::Ui;

pub use crate::process::deadline::Deadline;

/// What the window does with the [`Deadline`].
pub trait DeadlineUi {
    /// Whether to cancel now: the token was cancelled or the time is up. Otherwise asks for a
    /// pass at the deadline (the countdown asks for its own seconds: see
    /// [`Self::countdown_ui`]).
    fn expired(&self, ctx: &egui::Context) -> bool;

    /// The width the countdown needs from now to the end, if there is a deadline: the widest
    /// of the texts it will show, so that a text repainted without a pass never spills out of
    /// the place the pass gave it.
    fn countdown_width(&self, ui: &Ui) -> Option<f32>;

    /// Shows the time left, right-aligned in `width`, if there is a deadline. The window
    /// repaints it each second by itself, without a pass of the whole form (see
    /// `egui_soft::live_label`).
    fn countdown_ui(&self, ui: &mut Ui, width: f32);
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

    fn countdown_width(&self, ui: &Ui) -> Option<f32> {
        let left = self.seconds_left(Instant::now())?;
        let font = egui::TextStyle::Body.resolve(ui.style());
        let widest = widest_texts(left)
            .into_iter()
            .map(|text| {
                ui.fonts_mut(|f| f.layout_no_wrap(text, font.clone(), egui::Color32::WHITE))
                    .size()
                    .x
            })
            .fold(0.0, f32::max);
        Some(widest.ceil())
    }

    fn countdown_ui(&self, ui: &mut Ui, width: f32) {
        if let Some(deadline) = self.at() {
            let height = ui.spacing().interact_size.y;
            ui.allocate_ui_with_layout(
                egui::vec2(width, height),
                egui::Layout::right_to_left(egui::Align::Center),
                |ui| {
                    let font = egui::TextStyle::Body.resolve(ui.style());
                    let color = ui.visuals().weak_text_color();
                    egui_soft::live_label(ui, font, color, egui::Align::Max, move |now| {
                        countdown(deadline, now)
                    });
                },
            );
        }
    }
}

/// Texts at least as wide as any the countdown shows from `left` seconds down to 0: one per
/// way of writing the time (days, hours, minutes, seconds) that it will pass through, each
/// with every digit an 8, the widest digit of most fonts.
fn widest_texts(left: u64) -> Vec<String> {
    [left, 86_399, 3_599, 59]
        .into_iter()
        .filter(|&seconds| seconds <= left)
        .map(|seconds| {
            let time = crate::model::describe::time_left(seconds);
            let time: String = time
                .chars()
                .map(|c| if c.is_ascii_digit() { '8' } else { c })
                .collect();
            t!("closes-in", time = time)
        })
        .collect()
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
        t!(
            "closes-in",
            time = crate::model::describe::time_left(seconds)
        ),
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

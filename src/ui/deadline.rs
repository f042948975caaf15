//! When a dialog must give up on its own: a signal, the parent's death, or `--timeout`.

use std::time::{Duration, Instant};

use egui::{RichText, Ui};

use crate::signals;

/// The moment a dialog answers `cancel` by itself, if any.
#[derive(Debug, Clone, Copy)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// A deadline `timeout` from now, or none.
    pub fn after(timeout: Option<Duration>) -> Self {
        Self(timeout.map(|t| Instant::now() + t))
    }

    /// Whether to cancel now: a signal arrived or the time is up. Otherwise schedules the next
    /// repaint for the countdown: once a second, and exactly at the deadline.
    pub fn expired(&self, ctx: &egui::Context) -> bool {
        if signals::cancelled() {
            return true;
        }
        let Some(deadline) = self.0 else {
            return false;
        };
        let now = Instant::now();
        if now >= deadline {
            return true;
        }
        let left = deadline - now;
        let to_next_second = Duration::from_nanos((left.as_nanos() % 1_000_000_000) as u64);
        ctx.request_repaint_after(if to_next_second.is_zero() {
            left.min(Duration::from_secs(1))
        } else {
            to_next_second
        });
        false
    }

    /// Shows the seconds left, right-aligned, if there is a deadline.
    pub fn countdown_ui(&self, ui: &mut Ui) {
        if let Some(deadline) = self.0 {
            let left = deadline
                .saturating_duration_since(Instant::now())
                .as_secs_f64()
                .ceil() as u64;
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(RichText::new(format!("Closes in {}", time_left(left))).weak());
            });
        }
    }
}

/// `seconds` the way a person reads a time left: `45 s`, `3 min 20 s`, `2 h 05 min`,
/// `11574 d 01 h`; the two largest units, never a nine-digit count of seconds.
pub fn time_left(seconds: u64) -> String {
    let (days, hours, minutes, secs) = (
        seconds / 86_400,
        seconds / 3_600 % 24,
        seconds / 60 % 60,
        seconds % 60,
    );
    if days > 0 {
        format!("{days} d {hours:02} h")
    } else if hours > 0 {
        format!("{hours} h {minutes:02} min")
    } else if minutes > 0 {
        format!("{minutes} min {secs:02} s")
    } else {
        format!("{secs} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: `--timeout 999999999` showed "Closes in 999999999 s".
    #[test]
    fn time_left_reads_in_the_largest_units() {
        let cases = [
            (0, "0 s"),
            (45, "45 s"),
            (60, "1 min 00 s"),
            (200, "3 min 20 s"),
            (7_500, "2 h 05 min"),
            (999_999_999, "11574 d 01 h"),
        ];
        for (seconds, text) in cases {
            assert_eq!(time_left(seconds), text, "{seconds}");
        }
    }
}

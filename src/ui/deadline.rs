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
                ui.label(
                    RichText::new(t!("closes-in", time = crate::describe::time_left(left))).weak(),
                );
            });
        }
    }
}

//! The row of buttons both dialogs end with: the primary action (Submit, or Open in browser)
//! in the accent colour, then Decline and Cancel, then the countdown when there is one. In a
//! mirrored window (a language written right to left) the row runs from the right: the
//! primary action at the right edge, the countdown at the left.

use egui::{Id, Response, RichText, Ui};

/// The fill of the primary button: white text on it has a contrast ratio above 4.5.
pub(crate) const ACCENT: egui::Color32 = egui::Color32::from_rgb(0x1a, 0x62, 0xc9);

use super::deadline::{Deadline, DeadlineUi as _};

/// Which button was pressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pressed {
    /// Submit, or Open in browser.
    Primary,
    /// Decline.
    Decline,
    /// Cancel.
    Cancel,
}

/// What the row did this frame.
pub struct ButtonRow {
    /// The button pressed, if any.
    pub pressed: Option<Pressed>,
    /// The primary button, to give it the focus.
    pub primary: Response,
    /// The three buttons' ids: a focused one takes Enter as a press.
    pub ids: [Id; 3],
}

/// The words on the primary button and the tips of the three.
pub struct Labels {
    /// The primary button's text.
    pub primary: String,
    /// What the primary button does.
    pub primary_tip: String,
    /// What Decline does.
    pub decline_tip: String,
}

/// Draws the row. The buttons wrap onto a second line when the window is too narrow for
/// them, and the countdown goes on a line of its own, right-aligned, when there is no room
/// left for it beside them: nothing is ever painted over a button.
pub fn button_row(ui: &mut Ui, labels: &Labels, deadline: &Deadline) -> ButtonRow {
    let countdown = deadline.countdown_width(ui);
    ui.horizontal_wrapped(|ui| {
        let size = egui::vec2(88.0, 28.0);
        // One accent, white on blue, readable in light and dark themes alike.
        let primary = ui
            .add(
                egui::Button::new(
                    RichText::new(&labels.primary)
                        .strong()
                        .color(egui::Color32::WHITE),
                )
                .fill(ACCENT)
                .min_size(size),
            )
            .on_hover_text(&labels.primary_tip);
        let decline = ui
            .add(egui::Button::new(t!("decline")).min_size(size))
            .on_hover_text(&labels.decline_tip);
        let cancel = ui
            .add(egui::Button::new(t!("cancel")).min_size(size))
            .on_hover_text(t!("cancel-tip"));
        if let Some(width) = countdown {
            let room = ui.available_size_before_wrap().x - ui.spacing().item_spacing.x;
            if room < width {
                ui.end_row();
            }
            // At the line's far end (the right; the left in a mirrored window): the rest of
            // the line, its width at least the countdown's.
            let rest = ui.available_size_before_wrap().x.max(width);
            let far_end = if super::mirror::from_right(ui) {
                egui::Layout::left_to_right(egui::Align::Center)
            } else {
                egui::Layout::right_to_left(egui::Align::Center)
            };
            ui.allocate_ui_with_layout(
                egui::vec2(rest, ui.spacing().interact_size.y),
                far_end,
                |ui| deadline.countdown_ui(ui, width),
            );
        }
        let pressed = if primary.clicked() {
            Some(Pressed::Primary)
        } else if decline.clicked() {
            Some(Pressed::Decline)
        } else if cancel.clicked() {
            Some(Pressed::Cancel)
        } else {
            None
        };
        ButtonRow {
            pressed,
            ids: [primary.id, decline.id, cancel.id],
            primary,
        }
    })
    .inner
}

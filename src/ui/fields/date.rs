//! A date or date-time field: its text box, the calendar behind "Pick date", and a date-time's
//! hour and minute boxes.

use egui::{Id, Key, Response, RichText, TextEdit, Ui};

use jiff::civil::DateTime;

use super::state::FieldUi;
use crate::model::datetime::{self, DateKind};
use crate::model::form::Format;

/// A date or date-time field: a text box, a "Pick date" button with a calendar, and for a
/// date-time the hour and minute. What a pick writes is [`datetime`]'s to say, the same as the
/// terminal's Up and Down.
pub(super) fn date_ui(
    ui: &mut Ui,
    field_label: &str,
    format: Format,
    text: &mut String,
    extra: &mut FieldUi,
) -> Response {
    let (kind, hint) = match format {
        Format::Date => (DateKind::Date, "YYYY-MM-DD"),
        _ => (DateKind::DateTime, "YYYY-MM-DDTHH:MM:SS+HH:MM"),
    };
    let now = datetime::now();
    let shown = datetime::shown(kind, text, &now);
    let mut chosen = shown;
    let (mut response, picked) = ui
        .horizontal(|ui| {
            let align = crate::ui::mirror::text_align(ui, text);
            let response = ui.add(
                TextEdit::singleline(text)
                    .align(align)
                    .hint_text(hint)
                    // Room for the Pick date button beside it, also on a narrow screen.
                    .desired_width((ui.available_width() - 130.0).clamp(100.0, 250.0)),
            );
            let mut date = shown.date();
            let picker = crate::ui::calendar::picker_ui(
                ui,
                response.id.with("picker"),
                &mut date,
                &t!("pick-date"),
            );
            let picker = {
                let was_open = extra.picker_open;
                extra.picker_open = picker.open;
                // Closing the calendar (Esc, Save, Cancel) gives the focus back to its button,
                // as a native dialog does, instead of leaving it nowhere.
                if was_open && !extra.picker_open {
                    picker.button.request_focus();
                }
                picker.button
            };
            extra.button_ids = vec![picker.id];
            // Two "Pick date" buttons must not sound alike: each names its field.
            ui.ctx().accesskit_node_builder(picker.id, |node| {
                node.set_label(t!("pick-date-for", field = field_label));
            });
            if picker.changed() {
                chosen = datetime::with_date(chosen, date);
            }
            (response, picker.changed())
        })
        .inner;
    let mut timed = false;
    extra.time_ids.clear();
    if kind == DateKind::DateTime {
        timed = time_ui(ui, field_label, &mut chosen, extra);
    }
    if (picked || timed)
        && let Some(new) = datetime::text(kind, text, chosen, &datetime::local_zone())
    {
        *text = new;
        response.mark_changed();
    }
    response
}

/// The hour and minute of a date-time, under its text box: each a box that takes digits and
/// Up/Down, a Tab stop of its own. Returns whether the person changed either.
///
/// A number typed into a box is the person's choice as it is typed, even one equal to the
/// number the box showed: on an empty field the boxes show the next whole hour, and typing
/// that very hour, then Enter, must fill the field. egui's `DragValue` takes what is typed as
/// it is typed but reports a change only when the number differs, so typing is looked for
/// here.
fn time_ui(ui: &mut Ui, field_label: &str, chosen: &mut DateTime, extra: &mut FieldUi) -> bool {
    ui.horizontal(|ui| {
        ui.label(RichText::new(t!("pick-time")).weak());
        let (mut hour, mut minute) = (chosen.hour(), chosen.minute());
        let two_digits = |value: f64, _| format!("{value:02}");
        // 16:00 reads left to right, also in a mirrored window: two boxes and the colon.
        let colon = ui
            .fonts_mut(|f| {
                let font = egui::TextStyle::Body.resolve(ui.style());
                f.layout_no_wrap(":".to_owned(), font, egui::Color32::WHITE)
            })
            .size()
            .x;
        let width = 2.0 * (ui.spacing().interact_size.x + ui.spacing().item_spacing.x) + colon;
        let (hour_box, hour_typed, minute_box, minute_typed) =
            crate::ui::mirror::left_to_right(ui, width, |ui| {
                let hour_typed = typing_into(ui, ui.next_auto_id());
                let hour_box = ui.add(
                    egui::DragValue::new(&mut hour)
                        .range(0..=23)
                        // One per Up or Down: at a whole number's default speed (0.25) a key's step
                        // rounds away to nothing.
                        .speed(1.0)
                        .custom_formatter(two_digits),
                );
                ui.label(":");
                let minute_typed = typing_into(ui, ui.next_auto_id());
                let minute_box = ui.add(
                    egui::DragValue::new(&mut minute)
                        .range(0..=59)
                        .speed(1.0)
                        .custom_formatter(two_digits),
                );
                (hour_box, hour_typed, minute_box, minute_typed)
            });
        // Each box names its field, as Pick date does.
        ui.ctx().accesskit_node_builder(hour_box.id, |node| {
            node.set_label(t!("hour-for", field = field_label));
        });
        ui.ctx().accesskit_node_builder(minute_box.id, |node| {
            node.set_label(t!("minute-for", field = field_label));
        });
        extra.time_ids = vec![hour_box.id, minute_box.id];
        let changed = hour_box.changed() || minute_box.changed() || hour_typed || minute_typed;
        if changed {
            *chosen = datetime::with_time(*chosen, hour, minute);
        }
        changed
    })
    .inner
}

/// Whether this pass types into the hour or minute box `id` (the next widget): text, a paste,
/// a composed character, Backspace or Delete, with the box focused.
fn typing_into(ui: &Ui, id: Id) -> bool {
    ui.memory(|m| m.has_focus(id))
        && ui.input(|i| {
            i.events.iter().any(|event| {
                matches!(
                    event,
                    egui::Event::Text(_)
                        | egui::Event::Paste(_)
                        | egui::Event::Ime(egui::ImeEvent::Commit(_))
                        | egui::Event::Key {
                            key: Key::Backspace | Key::Delete,
                            pressed: true,
                            ..
                        }
                )
            })
        })
}

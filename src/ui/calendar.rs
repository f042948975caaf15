//! The date picker: a "Pick date" button that opens a calendar under it. Ours rather than
//! egui_extras' `DatePickerButton`, whose weekday and month names and buttons are English
//! words in its code: here every word comes from the catalog, and in a mirrored window
//! (Arabic, Hebrew) the calendar is mirrored too, its weeks running from the right and its
//! "previous" arrows on the right.
//!
//! The calendar shows a month, weeks from the locale's first day
//! ([`crate::model::datetime::week_start`]: Sunday in `en_US`, Monday in `de_DE`), six rows so that
//! its height never changes;
//! a click picks a day, and so do the keys (see [`keys`]); **Save**, or Enter on the "Pick
//! date" button that opened it, writes the day picked; **Cancel**, Esc or a click elsewhere
//! closes it without writing.

use egui::{Align, Area, Button, Color32, Frame, Id, Key, Layout, Order, Response, RichText, Ui};
use jiff::civil::Date;

/// A day's cell, in points.
const CELL: f32 = 36.0;

/// The gap between cells.
const GAP: f32 = 4.0;

/// An arrow's width: narrower than a day, to leave the month's name room ("septiembre de
/// 2026").
const ARROW: f32 = 28.0;

/// The calendar's width inside its frame: seven cells and the gaps between them.
pub const WIDTH: f32 = 7.0 * CELL + 6.0 * GAP;

/// What the calendar remembers between passes.
#[derive(Debug, Clone, Copy)]
struct State {
    open: bool,
    /// The first day of the month shown.
    shown: Date,
    /// The day picked, written on Save.
    picked: Date,
}

/// What the person did with the picker in this pass.
#[derive(Debug)]
pub struct Picker {
    /// The "Pick date" button; changed when Save wrote a day.
    pub button: Response,
    /// Whether the calendar is open: Esc and Enter then belong to it.
    pub open: bool,
}

/// Draws the picker's button, labelled `label`, and the calendar while it is open, starting
/// from `selection`, which Save overwrites. `id` keeps two pickers apart.
pub fn picker_ui(ui: &mut Ui, id: Id, selection: &mut Date, label: &str) -> Picker {
    let mut state = ui
        .data(|d| d.get_temp::<State>(id))
        .unwrap_or_else(|| closed(*selection));
    // Drawn pressed while the calendar is open; still a push button to screen readers, not
    // a toggle (a `selected` button is one).
    let mut face = Button::new(label);
    if state.open {
        let open = ui.visuals().widgets.open;
        face = face.fill(open.weak_bg_fill).stroke(open.bg_stroke);
    }
    let mut button = ui.add(face);
    // Enter on the button of an open calendar chooses the day picked with the keys (a click
    // on it still closes the calendar, as a second click on a menu's button does).
    let enter = ui.input(|i| i.key_pressed(Key::Enter));
    let choose = state.open && button.clicked() && enter && button.has_focus();
    if choose {
        *selection = state.picked;
        button.mark_changed();
        state.open = false;
    } else if button.clicked() {
        state = if state.open {
            closed(*selection)
        } else {
            State {
                open: true,
                ..closed(*selection)
            }
        };
    }
    if state.open {
        keys(ui, &mut state);
        let margin = ui.style().spacing.window_margin;
        let outer = WIDTH + margin.leftf() + margin.rightf();
        let clip = ui.clip_rect();
        // Under the button, from its start: its left edge, or its right in a mirrored window.
        let start = if crate::i18n::right_to_left() {
            button.rect.right() - outer
        } else {
            button.rect.left()
        };
        let x = start.min(clip.right() - outer).max(clip.left());
        let area = Area::new(id.with("calendar"))
            .kind(egui::UiKind::Picker)
            .order(Order::Foreground)
            .fixed_pos(egui::pos2(x, button.rect.bottom()))
            .show(ui.ctx(), |ui| {
                Frame::popup(ui.style())
                    .show(ui, |ui| {
                        ui.set_width(WIDTH);
                        super::mirror::page(ui, |ui| calendar_ui(ui, &mut state))
                    })
                    .inner
            });
        match area.inner {
            Some(Close::Save) => {
                *selection = state.picked;
                button.mark_changed();
                state.open = false;
            }
            Some(Close::Cancel) => state.open = false,
            None => {
                let escape = ui.input(|i| i.key_pressed(Key::Escape));
                if !button.clicked() && (escape || area.response.clicked_elsewhere()) {
                    state.open = false;
                }
            }
        }
    }
    ui.data_mut(|d| d.insert_temp(id, state));
    Picker {
        button,
        open: state.open,
    }
}

/// The keys of an open calendar, whichever of its buttons has the focus: Left and Right a
/// day back and on (as drawn: in a mirrored calendar Left is the next day), Up and Down a
/// week, Page Up and Page Down a month (with Shift, a year). The arrows are kept from egui's
/// own use of them, moving the focus to the widget on that side: Left then Enter pressed the
/// "previous month" arrow (issue 48).
fn keys(ui: &mut Ui, state: &mut State) {
    if let Some(focused) = ui.memory(|m| m.focused()) {
        let arrows = egui::EventFilter {
            horizontal_arrows: true,
            vertical_arrows: true,
            ..Default::default()
        };
        ui.memory_mut(|m| m.set_focus_lock_filter(focused, arrows));
    }
    let forward = if crate::i18n::right_to_left() { -1 } else { 1 };
    let (days, months) = ui.input(|i| {
        let pressed = |key| i.key_pressed(key) && !i.modifiers.any();
        let page = |key| i.key_pressed(key) && (!i.modifiers.any() || i.modifiers.shift_only());
        let page_months = if i.modifiers.shift { 12 } else { 1 };
        let mut days = 0;
        let mut months = 0;
        if pressed(Key::ArrowLeft) {
            days -= forward;
        }
        if pressed(Key::ArrowRight) {
            days += forward;
        }
        if pressed(Key::ArrowUp) {
            days -= 7;
        }
        if pressed(Key::ArrowDown) {
            days += 7;
        }
        if page(Key::PageUp) {
            months -= page_months;
        }
        if page(Key::PageDown) {
            months += page_months;
        }
        (days, months)
    });
    if days == 0 && months == 0 {
        return;
    }
    let span = jiff::Span::new()
        .days(i64::from(days))
        .months(i64::from(months));
    // Past the years a date can have, the day stays.
    if let Ok(picked) = state.picked.checked_add(span) {
        state.picked = picked;
        state.shown = picked.first_of_month();
    }
}

/// The state of a closed calendar that opens on `selection`.
fn closed(selection: Date) -> State {
    State {
        open: false,
        shown: selection.first_of_month(),
        picked: selection,
    }
}

/// How the calendar was closed from inside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Close {
    Save,
    Cancel,
}

/// The month shown `months` months after `date`'s (before it when negative), clamped to the
/// years a date can have.
fn months_after(date: Date, months: i32) -> Date {
    let index = i32::from(date.year()) * 12 + i32::from(date.month()) - 1 + months;
    let year = i16::try_from(index.div_euclid(12)).unwrap_or(date.year());
    let month = i8::try_from(index.rem_euclid(12) + 1).unwrap_or(1);
    Date::new(year, month, 1).unwrap_or(date)
}

/// The calendar inside its frame: the month with its arrows, the weekdays, six weeks, and
/// Cancel and Save.
fn calendar_ui(ui: &mut Ui, state: &mut State) -> Option<Close> {
    ui.spacing_mut().item_spacing = egui::vec2(GAP, GAP);
    // In a mirrored window rows run from the right, so "previous" comes first, on the right,
    // and its arrow points right.
    let mirrored = super::mirror::from_right(ui);
    let (back, forward) = if mirrored {
        ("›", "‹")
    } else {
        ("‹", "›")
    };
    let (back2, forward2) = if mirrored { ("»", "«") } else { ("«", "»") };
    let row = egui::vec2(CELL, ui.spacing().interact_size.y);
    let title = t!(
        "calendar-month-year",
        month = i32::from(state.shown.month()),
        year = state.shown.year().to_string()
    );
    // Each arrow gives the months it moves when pressed.
    let arrow_size = egui::vec2(ARROW, row.y);
    let step = |ui: &mut Ui, arrow: &str, name: String, months: i32| {
        let response = ui
            .add_sized(arrow_size, Button::new(arrow))
            .on_hover_text(&name);
        ui.ctx()
            .accesskit_node_builder(response.id, |node| node.set_label(name));
        if response.clicked() { months } else { 0 }
    };
    let moved = ui
        .horizontal(|ui| {
            let mut moved = step(ui, back2, t!("calendar-previous-year"), -12);
            moved += step(ui, back, t!("calendar-previous-month"), -1);
            let middle = WIDTH - 4.0 * ARROW - 4.0 * GAP;
            ui.allocate_ui_with_layout(
                egui::vec2(middle, row.y),
                Layout::centered_and_justified(egui::Direction::TopDown),
                |ui| ui.label(RichText::new(title).strong()),
            );
            moved += step(ui, forward, t!("calendar-next-month"), 1);
            moved + step(ui, forward2, t!("calendar-next-year"), 12)
        })
        .inner;
    if moved != 0 {
        state.shown = months_after(state.shown, moved);
    }
    let start = crate::model::datetime::week_start();
    ui.horizontal(|ui| {
        for offset in 0..7 {
            // The catalogs number the days from Monday (1) to Sunday (7).
            let day = i32::from(start.wrapping_add(offset).to_monday_one_offset());
            ui.add_sized(
                row,
                egui::Label::new(RichText::new(t!("calendar-weekday", day = day)).weak()),
            );
        }
    });
    let today = crate::model::datetime::now().date();
    // Back from the first of the month to its week's first day.
    let first = state.shown;
    let back = first.weekday().since(start);
    let mut day = first
        .checked_sub(jiff::Span::new().days(i64::from(back)))
        .unwrap_or(first);
    for _week in 0..6 {
        ui.horizontal(|ui| {
            for _ in 0..7 {
                let picked = day == state.picked;
                let weekend = crate::model::datetime::is_weekend(day.weekday());
                let visuals = ui.visuals();
                let fill = if picked {
                    visuals.selection.bg_fill
                } else if weekend && visuals.dark_mode {
                    Color32::DARK_RED
                } else if weekend {
                    Color32::LIGHT_RED
                } else {
                    visuals.extreme_bg_color
                };
                let mut text = visuals.widgets.inactive.text_color();
                if day.month() != first.month() {
                    text = text.linear_multiply(0.5);
                }
                let response = ui.add_sized(
                    row,
                    Button::new(RichText::new(day.day().to_string()).color(text))
                        .fill(fill)
                        .selected(picked),
                );
                // Read as the date the field will hold, not as a bare number that the
                // month before and after repeat.
                ui.ctx().accesskit_node_builder(response.id, |node| {
                    node.set_label(day.to_string());
                });
                if day == today {
                    let stroke = ui.visuals().widgets.inactive.fg_stroke;
                    ui.painter()
                        .circle_stroke(response.rect.center(), 8.0, stroke);
                }
                if response.clicked() {
                    state.picked = day;
                    state.shown = day.first_of_month();
                }
                day = day.tomorrow().unwrap_or(day);
            }
        });
    }
    // Save at the end of the row where the reading ends (the right, or the left when
    // mirrored), Cancel before it.
    let end = if mirrored {
        Layout::left_to_right(Align::Center)
    } else {
        Layout::right_to_left(Align::Center)
    };
    ui.with_layout(end, |ui| {
        if ui.button(t!("calendar-save")).clicked() {
            return Some(Close::Save);
        }
        if ui.button(t!("calendar-cancel")).clicked() {
            return Some(Close::Cancel);
        }
        None
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_after_crosses_years_both_ways() {
        let date = |y, m, d| Date::new(y, m, d).expect("a date");
        for (from, months, to) in [
            (date(2026, 12, 2), 1, date(2027, 1, 1)),
            (date(2026, 1, 31), -1, date(2025, 12, 1)),
            (date(2026, 3, 1), -12, date(2025, 3, 1)),
            (date(2026, 3, 1), 12, date(2027, 3, 1)),
            (date(9999, 12, 1), 1, date(9999, 12, 1)),
        ] {
            assert_eq!(months_after(from, months), to, "{from} {months:+}");
        }
    }
}

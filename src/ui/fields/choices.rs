//! Single and multiple choices: a few options as radio buttons or checkboxes, a long list as a
//! filter box over the rows in view, driven by the keyboard as a native toolkit's are.

use egui::accesskit::Role;
use egui::{Id, Key, Modifiers, Response, RichText, TextEdit, Ui};

use super::state::FieldUi;
use crate::model::form::{ChoiceSpec, MultiChoiceSpec};

/// How many rows the filterable list shows at once.
const LIST_ROWS: f32 = 7.0;

/// Whether an optional choice offers a way back to no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Clearable {
    Yes,
    No,
}

/// The label of the choice that clears an optional single choice, as the terminal's
/// "0. no answer".
pub fn no_answer() -> String {
    t!("no-answer")
}

/// Whether the widget has the keyboard focus within the window, whether or not the window has
/// the system's focus right now.
///
/// [`Response::has_focus`] is false while the window is unfocused, and on Wayland that can be
/// the very pass that carries a key: sway sends the window a leave and an enter whenever the
/// keyboard that types changes, which a virtual keyboard (wtype, on-screen keyboards, password
/// managers' auto-type) does around its keys. An arrow that moved the focus must still move
/// the choice.
fn keyboard_focus(ui: &Ui, response: &Response) -> bool {
    ui.memory(|m| m.has_focus(response.id))
}

/// A few options of a single choice, as radio buttons that make one Tab stop; an optional
/// choice ends with "No answer".
pub(super) fn radio_ui(
    ui: &mut Ui,
    spec: &ChoiceSpec,
    chosen: &mut Option<usize>,
    clearable: Clearable,
    extra: &mut FieldUi,
    controls: &mut Vec<Id>,
) -> Response {
    let (arrow, tab) = ui.input(|i| {
        let arrow = [
            Key::ArrowUp,
            Key::ArrowDown,
            Key::ArrowLeft,
            Key::ArrowRight,
        ]
        .iter()
        .any(|k| i.key_pressed(*k));
        (arrow, i.key_pressed(Key::Tab))
    });
    // The group is one Tab stop, as in native toolkits: Tab from any option leaves the group
    // (we move the focus to its last option before egui hands it to the next widget), Shift+Tab
    // likewise from its first option.
    let focused = ui.memory(|m| m.focused());
    if tab && focused.is_some_and(|f| extra.radio_ids.contains(&f)) {
        let shift = ui.input(|i| i.modifiers.shift);
        let edge = if shift {
            extra.radio_ids.first()
        } else {
            extra.radio_ids.last()
        };
        if let Some(&edge) = edge {
            ui.memory_mut(|m| m.request_focus(edge));
        }
    }
    // With nothing chosen (or "No answer"), the first arrow chooses the first option, as in
    // the terminal; egui would move the focus one row on, skipping it (or off the group).
    let first_move = arrow
        && chosen.is_none()
        && !spec.options.is_empty()
        && focused.is_some_and(|f| extra.radio_ids.contains(&f));
    if first_move {
        *chosen = Some(0);
        extra.arrow_moved = false;
        extra.focused_option = Some(0);
    }
    // An optional group ends with "No answer", which stands for `None`: the one way to take
    // a choice back, by mouse or keyboard.
    let n = spec.options.len();
    let rows = n + usize::from(clearable == Clearable::Yes);
    let as_row = |c: Option<usize>| c.unwrap_or(n);
    let mut responses = Vec::with_capacity(rows);
    let mut any_focused = false;
    let mut entered = false;
    for i in 0..rows {
        let label = spec
            .options
            .get(i)
            .map_or_else(no_answer, |o| o.label.clone());
        let mut response = crate::ui::mirror::radio(ui, as_row(*chosen) == i, &label);
        // Entering the group with Tab lands on the chosen option, not on the first.
        entered |= response.gained_focus() && !extra.arrow_moved && chosen.is_some_and(|c| c != i);
        // Arrows move the focus between options (egui does that); the choice follows it.
        let focused = keyboard_focus(ui, &response);
        let arrived_by_arrow = focused && extra.arrow_moved && extra.focused_option != Some(i);
        if focused {
            if arrived_by_arrow {
                extra.arrow_moved = false;
            }
            extra.focused_option = Some(i);
        }
        let pick = (i < n).then_some(i);
        if (response.clicked() || arrived_by_arrow) && *chosen != pick {
            *chosen = pick;
            response.mark_changed();
        }
        any_focused |= focused;
        controls.push(response.id);
        responses.push(response);
    }
    extra.radio_ids = responses.iter().map(|r| r.id).collect();
    if first_move {
        ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
        responses[0].request_focus();
        responses[0].mark_changed();
    }
    if entered && let Some(c) = *chosen {
        responses[c].request_focus();
    }
    // Backspace or Delete on a focused option of an optional group takes the choice back.
    if clearable == Clearable::Yes
        && chosen.is_some()
        && any_focused
        && ui.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Backspace)
                || i.consume_key(Modifiers::NONE, Key::Delete)
        })
    {
        *chosen = None;
        responses[n].request_focus();
        responses[n].mark_changed();
    }
    // egui moves the focus at the end of a frame, so remember the arrow until a radio button
    // gains the focus; Tab means the focus moves for another reason.
    if arrow && any_focused && !first_move {
        extra.arrow_moved = true;
    } else if tab {
        extra.arrow_moved = false;
    }
    // The union carries every row's `changed`, "No answer" included.
    focus_target(responses, chosen.unwrap_or(0))
}

/// A long single choice: a filter box over the options in view, Up/Down there to choose.
pub(super) fn list_ui(
    ui: &mut Ui,
    spec: &ChoiceSpec,
    chosen: &mut Option<usize>,
    clearable: Clearable,
    extra: &mut FieldUi,
    controls: &mut Vec<Id>,
) -> Response {
    let align = crate::ui::mirror::text_align(ui, &extra.filter);
    let filter = ui.add(
        TextEdit::singleline(&mut extra.filter)
            .align(align)
            .hint_text(t!("filter-choose"))
            .desired_width(f32::INFINITY),
    );
    controls.push(filter.id);
    let matching = extra.matching();
    let mut changed = false;
    if keyboard_focus(ui, &filter) {
        let (up, down) = ui.input(|i| (i.key_pressed(Key::ArrowUp), i.key_pressed(Key::ArrowDown)));
        if let Some(next) = step(&matching, *chosen, up, down) {
            changed |= *chosen != Some(next);
            *chosen = Some(next);
        }
    }
    let (rows, _) = list_rows(ui, list_area(), &matching, |ui, i| {
        let selected = *chosen == Some(i);
        let label = &spec.options[i].label;
        // A right-to-left option (or any in a mirrored window) starts at the right edge, as
        // a radio button's does.
        let response = crate::ui::mirror::paragraph(ui, label, |ui| {
            ui.add(
                // Rows take clicks but not the focus: the filter box is the one Tab stop,
                // and Up/Down there choose.
                egui::Button::selectable(selected, label)
                    .sense(egui::Sense::CLICK)
                    .min_size(egui::vec2(ui.available_width(), 0.0)),
            )
        });
        if selected && changed {
            response.scroll_to_me(None);
        }
        if response.clicked() && !selected {
            *chosen = Some(i);
            changed = true;
        }
        response
    });
    // An optional list: Delete in the empty filter box, or the Clear button, takes the choice
    // back.
    if clearable == Clearable::Yes
        && chosen.is_some()
        && keyboard_focus(ui, &filter)
        && extra.filter.is_empty()
        && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Delete))
    {
        *chosen = None;
        changed = true;
    }
    let chosen_text = match chosen {
        Some(c) => t!("chosen", choice = &spec.options[*c].label),
        None => t!("chosen-none"),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(chosen_text).weak());
        if clearable == Clearable::Yes
            && chosen.is_some()
            && ui
                .add(egui::Button::new(t!("clear")).small())
                .on_hover_text(t!("clear-tip"))
                .clicked()
        {
            *chosen = None;
            changed = true;
        }
    });
    joined(filter, rows, changed)
}

/// A few options of a multiple choice, as a column of checkboxes.
pub(super) fn multi_ui(
    ui: &mut Ui,
    spec: &MultiChoiceSpec,
    chosen: &mut [bool],
    controls: &mut Vec<Id>,
) -> Response {
    let responses: Vec<Response> = spec
        .options
        .iter()
        .zip(chosen.iter_mut())
        .map(|(option, on)| crate::ui::mirror::checkbox(ui, on, &option.label))
        .collect();
    controls.extend(responses.iter().map(|r| r.id));
    focus_target(responses, 0)
}

/// A long multi-select: a filter box over a list that draws only the rows in view, so 20,000
/// options cost no more per frame than 7. The filter box is the list's one Tab stop (the rows
/// take clicks, not the focus): there Up/Down move the highlight, which stays in view and
/// marked, Space then ticks it, and letters typed go to the filter; Tab goes on to the next
/// field. Keys act in the order they came, however many one pass holds.
pub(super) fn multi_list_ui(
    ui: &mut Ui,
    spec: &MultiChoiceSpec,
    chosen: &mut [bool],
    extra: &mut FieldUi,
    controls: &mut Vec<Id>,
) -> Response {
    let mut changed = false;
    let filter_id = ui.next_auto_id();
    let filter_focused = ui.memory(|m| m.has_focus(filter_id));
    let matching = extra.matching();
    let mut moved = false;
    if filter_focused {
        ui.input_mut(|i| {
            i.events.retain(|event| {
                // The space a ticking Space key types comes as text after it, in this pass or
                // a later one: it ticks nothing again, and types nothing.
                let after_space_key = match event {
                    egui::Event::Text(_) => std::mem::take(&mut extra.space_typed),
                    egui::Event::Key { pressed: true, .. } => {
                        extra.space_typed = false;
                        false
                    }
                    _ => false,
                };
                match event {
                    egui::Event::Key {
                        key: key @ (Key::ArrowUp | Key::ArrowDown),
                        pressed: true,
                        modifiers,
                        ..
                    } if modifiers.is_none() => {
                        let down = *key == Key::ArrowDown;
                        if let Some(next) = step(&matching, extra.cursor, !down, down) {
                            extra.cursor = Some(next);
                            extra.arrow_mode = true;
                            moved = true;
                        }
                        false
                    }
                    // Space ticks the highlighted row once the arrows moved it; before that
                    // it types.
                    egui::Event::Key {
                        key: Key::Space,
                        pressed: true,
                        modifiers,
                        ..
                    } if modifiers.is_none() && extra.arrow_mode => {
                        if let Some(c) = extra.cursor.filter(|c| matching.contains(c)) {
                            chosen[c] = !chosen[c];
                            changed = true;
                        }
                        extra.space_typed = true;
                        false
                    }
                    egui::Event::Text(text) if text == " " && extra.arrow_mode => {
                        if !after_space_key
                            && let Some(c) = extra.cursor.filter(|c| matching.contains(c))
                        {
                            chosen[c] = !chosen[c];
                            changed = true;
                        }
                        false
                    }
                    egui::Event::Text(_) | egui::Event::Paste(_) => {
                        extra.arrow_mode = false;
                        true
                    }
                    _ => true,
                }
            });
        });
    }
    let align = crate::ui::mirror::text_align(ui, &extra.filter);
    let filter = ui.add(
        TextEdit::singleline(&mut extra.filter)
            .align(align)
            .id(filter_id)
            .hint_text(t!("filter-tick"))
            .desired_width(f32::INFINITY),
    );
    controls.push(filter.id);
    let row_height = ui.spacing().interact_size.y;
    let pitch = row_height + ui.spacing().item_spacing.y;
    // The highlight moved: scroll the list so that its row shows (it may be far out of view,
    // where no row is drawn to scroll to).
    let mut area = list_area();
    if moved
        && let Some(row) = extra
            .cursor
            .and_then(|c| matching.iter().position(|&m| m == c))
    {
        let top = row as f32 * pitch;
        let (offset, view) = extra.list_view;
        if top < offset {
            area = area.vertical_scroll_offset(top);
        } else if top + row_height > offset + view {
            area = area.vertical_scroll_offset(top + row_height - view);
        }
    }
    let show_highlight = keyboard_focus(ui, &filter);
    let (rows, view) = list_rows(ui, area, &matching, |ui, i| {
        let highlighted = show_highlight && extra.cursor == Some(i);
        let response = check_row(ui, chosen[i], &spec.options[i].label, highlighted);
        if response.clicked() {
            chosen[i] = !chosen[i];
            changed = true;
        }
        response
    });
    extra.list_view = view;
    let count = chosen.iter().filter(|on| **on).count();
    ui.label(
        RichText::new(t!(
            "chosen-count",
            count = count,
            total = spec.options.len()
        ))
        .weak(),
    );
    joined(filter, rows, changed)
}

/// A long list's response: its filter box and its rows (when shown) as one, changed when a
/// row was chosen.
fn joined(filter: Response, rows: Option<Response>, changed: bool) -> Response {
    let mut response = match rows {
        Some(rows) => filter | rows,
        None => filter,
    };
    if changed {
        response.mark_changed();
    }
    response
}

/// The scroll area of a long list: [`LIST_ROWS`] rows high, as wide as the form.
fn list_area() -> egui::ScrollArea {
    egui::ScrollArea::vertical()
        .id_salt("options")
        .auto_shrink([false, true])
}

/// The rows of a long list in a frame, under its filter box: only the rows of the options
/// `matching` that are in view of `area` are drawn, each by `row` (given the option's index),
/// and a note when no option matches. Returns the rows' responses unioned, and where the list
/// is scrolled to and how high it shows.
fn list_rows(
    ui: &mut Ui,
    area: egui::ScrollArea,
    matching: &[usize],
    mut row: impl FnMut(&mut Ui, usize) -> Response,
) -> (Option<Response>, (f32, f32)) {
    let row_height = ui.spacing().interact_size.y;
    let mut rows: Option<Response> = None;
    let view = egui::Frame::group(ui.style())
        .show(ui, |ui| {
            let output = area.max_height(row_height * LIST_ROWS).show_rows(
                ui,
                row_height,
                matching.len(),
                |ui, range| {
                    for &i in &matching[range] {
                        let response = row(ui, i);
                        rows = Some(match rows.take() {
                            Some(r) => r | response,
                            None => response,
                        });
                    }
                    if matching.is_empty() {
                        ui.label(RichText::new(t!("no-option-matches")).weak());
                    }
                },
            );
            (output.state.clamped_offset().y, output.inner_rect.height())
        })
        .inner;
    (rows, view)
}

/// One row of a long multi-select: a checkbox that takes clicks but not the focus (the filter
/// box above is the list's Tab stop), drawn marked when it is `highlighted`, the row Space
/// ticks. A label too long for the row is cut short on screen; screen readers get a checkbox
/// with its whole label and its state.
fn check_row(ui: &mut Ui, on: bool, label: &str, highlighted: bool) -> Response {
    let width = ui.available_width();
    let icon = ui.spacing().icon_width + ui.spacing().icon_spacing;
    let galley = egui::WidgetText::from(label).into_galley(
        ui,
        Some(egui::TextWrapMode::Truncate),
        (width - icon).max(0.0),
        egui::TextStyle::Button,
    );
    let height = ui.spacing().interact_size.y.max(galley.size().y);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::CLICK);
    response.widget_info(|| egui::WidgetInfo::selected(Role::CheckBox, ui.is_enabled(), on, label));
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact(&response);
        let painter = ui.painter();
        if highlighted {
            let selection = ui.visuals().selection;
            painter.rect(
                rect,
                visuals.corner_radius,
                selection.bg_fill.gamma_multiply(0.4),
                selection.stroke,
                egui::StrokeKind::Inside,
            );
        }
        // A right-to-left label (or a mirrored window) has its mark on the right.
        let right = crate::ui::mirror::starts_right(ui, label);
        let slot = if right {
            let mark = ui.spacing().icon_width;
            egui::Rect::from_min_max(egui::pos2(rect.right() - mark, rect.top()), rect.max)
        } else {
            rect
        };
        let (_, big) = ui.spacing().icon_rectangles(slot);
        let style = ui.widget_style::<egui::widget_style::CheckboxStyle>(
            response.id,
            &egui::class::Classes::default(),
        );
        crate::ui::mirror::check_box(painter, &style, big.center(), on);
        let text_left = if right {
            rect.right() - icon - galley.size().x
        } else {
            rect.left() + icon
        };
        let text_pos = egui::pos2(text_left, rect.center().y - galley.size().y / 2.0);
        painter.galley(text_pos, galley, visuals.text_color());
    }
    response
}

/// Where Up (`up`) or Down (`down`) moves from `current` within the `matching` rows of a long
/// list: the next or previous match, the first or last when none is current.
fn step(matching: &[usize], current: Option<usize>, up: bool, down: bool) -> Option<usize> {
    let position = current.and_then(|c| matching.iter().position(|&m| m == c));
    let next = match (up, down, position) {
        (false, true, None) => matching.first(),
        (false, true, Some(p)) => matching.get(p + 1).or(matching.last()),
        (true, false, Some(p)) => matching.get(p.saturating_sub(1)),
        (true, false, None) => matching.last(),
        _ => None,
    };
    next.copied()
}

/// Unions a group's responses, keeping the id of the one at `first` for focus.
fn focus_target(mut responses: Vec<Response>, first: usize) -> Response {
    let target = responses.remove(first.min(responses.len().saturating_sub(1)));
    responses.into_iter().fold(target, |acc, r| acc | r)
}

//! One `*_ui` function per field kind. Each returns the response of the widget that should take
//! the focus, unioned with the others so `changed()` covers the whole field.

use egui::accesskit::Role;
use egui::{Id, Key, KeyboardShortcut, Modifiers, Response, RichText, TextEdit, Ui};

use jiff::civil::DateTime;

use crate::cli::Markdown;
use crate::datetime::{self, DateKind};
use crate::form::{ChoiceSpec, Field, FieldKind, Format, MultiChoiceSpec, NumberSpec, TextSpec};
use crate::markdown::MdLine;
use crate::validate::FieldState;

/// Up to this many options show as radio buttons; more get a filterable list.
pub const RADIO_MAX: usize = 7;

/// Up to this many options show as a column of checkboxes; more get a filterable list.
pub const MULTI_MAX: usize = 12;

/// How many rows the filterable list shows at once.
const LIST_ROWS: f32 = 7.0;

/// Per-field state that only the window needs.
#[derive(Debug, Default)]
pub struct FieldUi {
    /// The filter typed above a long option list.
    filter: String,
    /// Whether an arrow key is moving the focus within this field's radio buttons.
    arrow_moved: bool,
    /// Which radio button had the focus last.
    focused_option: Option<usize>,
    /// The radio buttons' ids in the last frame, to keep the group a single Tab stop.
    radio_ids: Vec<Id>,
    /// For a long list, each option's label and value, lower-cased, for the filter.
    search_text: Vec<String>,
    /// The field's controls in the last frame: the field that holds the focus is the one to
    /// keep in view.
    pub control_ids: Vec<Id>,
    /// The field's buttons (the date picker's): a focused button takes Enter as a press.
    pub button_ids: Vec<Id>,
    /// Whether the field's date picker popup is open: Esc and Enter then belong to it.
    pub picker_open: bool,
    /// A date-time's hour and minute boxes, controls of the field beside its text box.
    time_ids: Vec<Id>,
    /// The field's multi-line text box, the one place Shift+Enter means a new line.
    pub multiline_id: Option<Id>,
    /// The help under the label (the description, read as Markdown unless `--markdown off`),
    /// and what the field accepts in words: the same every frame (the language is chosen
    /// before the window opens), so worked out once.
    help: Vec<MdLine>,
    /// The description as a screen reader reads it: without markup characters when read as
    /// Markdown.
    description: Option<String>,
    accepts: Option<String>,
    /// The links in the help drawn in the last frame: a focused link takes Enter as a press,
    /// and keeps its field laid out.
    pub help_links: Vec<Id>,
    /// The address of a link in the help the person followed in the last frame, for the
    /// form to show in the URL consent.
    pub followed: Option<String>,
    /// In a long multi-select: the highlighted row (an option index), moved by Up/Down.
    cursor: Option<usize>,
    /// Whether the last key in the filter box moved the highlight: Space then ticks the row
    /// instead of typing a space.
    arrow_mode: bool,
    /// A long list's scroll offset and visible height in the last frame, to bring the
    /// highlighted row into view.
    list_view: (f32, f32),
    /// A Space key just ticked a row: the space it types, which may come in a later pass, is
    /// not typed nor a second tick.
    space_typed: bool,
}

impl FieldUi {
    /// The options a long list shows under its filter, by index.
    fn matching(&self) -> Vec<usize> {
        let needle = self.filter.to_lowercase();
        self.search_text
            .iter()
            .enumerate()
            .filter(|(_, text)| needle.is_empty() || text.contains(&needle))
            .map(|(i, _)| i)
            .collect()
    }

    /// Reads the field's description as Markdown, or shows it as it came.
    pub fn set_markdown(&mut self, field: &Field, markdown: Markdown) {
        self.help = crate::markdown::field_help(field, markdown);
        self.description = field.description.as_deref().map(|text| match markdown {
            Markdown::On => crate::markdown::plain(text),
            Markdown::Off => text.to_owned(),
        });
    }

    /// Fresh window state for a field.
    pub fn new(field: &Field) -> Self {
        // A long list filters on every frame: lower-case its options once, not per frame.
        let searchable = |options: &[crate::form::Choice]| {
            options
                .iter()
                .map(|o| {
                    format!("{}\n{}", o.label, crate::form::value_text(&o.value)).to_lowercase()
                })
                .collect()
        };
        let search_text = match &field.kind {
            FieldKind::Choice(spec) if spec.options.len() > RADIO_MAX => searchable(&spec.options),
            FieldKind::MultiChoice(spec) if spec.options.len() > MULTI_MAX => {
                searchable(&spec.options)
            }
            _ => Vec::new(),
        };
        let mut extra = Self {
            search_text,
            accepts: crate::describe::accepts(&field.kind),
            ..Self::default()
        };
        extra.set_markdown(field, Markdown::On);
        extra
    }
}

/// Draws a field: label, required mark, help, the control, and its problem if any.
pub fn field_ui(
    ui: &mut Ui,
    field: &Field,
    state: &mut FieldState,
    extra: &mut FieldUi,
    problem: Option<&str>,
) -> Response {
    // Every control of the field, to tell screen readers about required, help and problem.
    let mut controls: Vec<Id> = Vec::new();
    let response = match (&field.kind, state) {
        (FieldKind::Boolean { .. }, FieldState::Boolean(value)) => {
            let mut checked = value.unwrap_or(false);
            // A right-to-left label starts at the right edge, its mark on its right.
            let response = super::mirror::paragraph(ui, &field.label, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let response = super::mirror::checkbox(ui, &mut checked, &field.label);
                    required_mark(ui, field);
                    response
                })
                .inner
            });
            if response.changed() {
                *value = Some(checked);
            }
            help_ui(ui, extra);
            controls.push(response.id);
            response
        }
        (kind, state) => {
            let label = super::mirror::paragraph(ui, &field.label, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let label = ui.label(RichText::new(&field.label).strong());
                    required_mark(ui, field);
                    label
                })
                .inner
            });
            help_ui(ui, extra);
            // A text box takes the field's label as its name; a radio button or a checkbox in
            // a group keeps its own option label.
            let response = match (kind, state) {
                (FieldKind::Text(spec), FieldState::Text(text)) => {
                    let response =
                        text_ui(ui, &field.label, spec, text, extra).labelled_by(label.id);
                    extra.multiline_id = spec.format.is_none().then_some(response.id);
                    response
                }
                (FieldKind::Number(spec), FieldState::Number(text)) => {
                    number_ui(ui, spec, text).labelled_by(label.id)
                }
                (FieldKind::Choice(spec), FieldState::Choice(chosen)) => {
                    let clearable = if field.required {
                        Clearable::No
                    } else {
                        Clearable::Yes
                    };
                    if spec.options.len() <= RADIO_MAX {
                        option_group(ui, field, Role::RadioGroup, |ui| {
                            radio_ui(ui, spec, chosen, clearable, extra, &mut controls)
                        })
                    } else {
                        list_ui(ui, spec, chosen, clearable, extra, &mut controls)
                            .labelled_by(label.id)
                    }
                }
                (FieldKind::MultiChoice(spec), FieldState::Multi(chosen)) => {
                    if spec.options.len() <= MULTI_MAX {
                        option_group(ui, field, Role::Group, |ui| {
                            multi_ui(ui, spec, chosen, &mut controls)
                        })
                    } else {
                        multi_list_ui(ui, spec, chosen, extra, &mut controls).labelled_by(label.id)
                    }
                }
                (FieldKind::Fixed(spec), _) => fixed_ui(ui, spec).labelled_by(label.id),
                _ => ui.label("internal error: field state does not match its kind"),
            };
            if controls.is_empty() {
                controls.push(response.id);
            }
            response
        }
    };
    describe_for_screen_readers(ui, field, extra, &controls, problem);
    extra.control_ids = controls;
    // The hour and minute boxes are the field's too: with the focus there, the field stays in
    // view. They have names of their own, so the screen-reader text above leaves them out.
    extra.control_ids.extend(extra.time_ids.iter().copied());
    if let Some(problem) = problem {
        super::mirror::paragraph(ui, problem, |ui| {
            ui.label(RichText::new(problem).color(ui.visuals().error_fg_color));
        });
    }
    response
}

/// A field's options as one group named by the field, so a screen reader says "T-shirt size,
/// radio group, 6 items" and each option's place in it.
fn option_group(
    ui: &mut Ui,
    field: &Field,
    role: Role,
    options: impl FnOnce(&mut Ui) -> Response,
) -> Response {
    let inner = ui.scope_builder(
        egui::UiBuilder::new().accessibility_label(field.label.clone()),
        |ui| {
            let group = ui.unique_id();
            ui.ctx()
                .accesskit_node_builder(group, |node| node.set_role(role));
            options(ui)
        },
    );
    inner.inner
}

/// `parts` joined as sentences: ". " between them, but no second full stop after a part that
/// already ends one ("on your badge." and "2 to 80 characters" read "on your badge. 2 to 80
/// characters", never "badge.. 2").
fn sentences(parts: &[String]) -> String {
    let mut out = String::new();
    for part in parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        if !out.is_empty() {
            if !out.ends_with(['.', '!', '?', '。', '！', '？']) {
                out.push('.');
            }
            out.push(' ');
        }
        out.push_str(part);
    }
    out
}

/// Gives each control of a field the field's required state, its help text (and, for an
/// option, which field it belongs to) and its current problem, through AccessKit.
fn describe_for_screen_readers(
    ui: &Ui,
    field: &Field,
    extra: &FieldUi,
    controls: &[Id],
    problem: Option<&str>,
) {
    let grouped = controls.len() > 1
        || matches!(field.kind, FieldKind::Choice(_) | FieldKind::MultiChoice(_));
    let mut parts: Vec<String> = Vec::new();
    if grouped {
        parts.push(field.label.clone());
    }
    parts.extend(extra.description.clone());
    parts.extend(extra.accepts.clone());
    parts.extend(problem.map(str::to_owned));
    let description = sentences(&parts);
    for &id in controls {
        ui.ctx().accesskit_node_builder(id, |node| {
            if field.required {
                node.set_required();
            }
            if !description.is_empty() {
                node.set_description(description.clone());
            }
            if problem.is_some() {
                node.set_invalid(egui::accesskit::Invalid::True);
            }
        });
    }
}

fn required_mark(ui: &mut Ui, field: &Field) {
    if field.required {
        ui.label(
            RichText::new("*")
                .strong()
                .color(ui.visuals().error_fg_color),
        )
        .on_hover_text(t!("required-tip"));
    }
}

/// The description and what the field accepts, in weak text under the label: the same words
/// the terminal shows. A link followed is kept for the form to show in the URL consent.
fn help_ui(ui: &mut Ui, extra: &mut FieldUi) {
    let links = super::rich::markdown_ui(ui, &extra.help, super::rich::Tone::Help, "help");
    extra.help_links = links.ids;
    extra.followed = links.followed;
}

/// A fixed value: shown as it will be sent, in a read-only box, selectable for copying.
fn fixed_ui(ui: &mut Ui, spec: &crate::form::FixedSpec) -> Response {
    let mut shown = spec.shown.as_str();
    ui.horizontal_wrapped(|ui| {
        let response = ui.add(
            TextEdit::singleline(&mut shown)
                .align(super::mirror::text_align(ui, spec.shown.as_str()))
                .desired_width(ui.available_width().min(320.0)),
        );
        ui.label(RichText::new(t!("fixed-value")).weak());
        response
    })
    .inner
}

fn text_ui(
    ui: &mut Ui,
    field_label: &str,
    spec: &TextSpec,
    text: &mut String,
    extra: &mut FieldUi,
) -> Response {
    match spec.format {
        Some(format @ (Format::Date | Format::DateTime)) => {
            date_ui(ui, field_label, format, text, extra)
        }
        Some(format) => {
            // A formatted value is one line: Enter submits, and Shift+Enter adds nothing.
            let align = super::mirror::text_align(ui, text);
            ui.add(
                TextEdit::singleline(text)
                    .align(align)
                    .desired_width(f32::INFINITY)
                    .hint_text(crate::describe::format_example(format)),
            )
        }
        None => {
            // Enter submits the form; Shift+Enter starts a new line.
            let align = super::mirror::text_align(ui, text);
            ui.add(
                TextEdit::multiline(text)
                    .align(align)
                    .desired_rows(1)
                    .desired_width(f32::INFINITY)
                    .return_key(KeyboardShortcut::new(Modifiers::SHIFT, Key::Enter)),
            )
        }
    }
}

/// A date or date-time field: a text box, a "Pick date" button with a calendar, and for a
/// date-time the hour and minute. What a pick writes is [`datetime`]'s to say, the same as the
/// terminal's Up and Down.
fn date_ui(
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
            let align = super::mirror::text_align(ui, text);
            let response = ui.add(
                TextEdit::singleline(text)
                    .align(align)
                    .hint_text(hint)
                    // Room for the Pick date button beside it, also on a narrow screen.
                    .desired_width((ui.available_width() - 130.0).clamp(100.0, 250.0)),
            );
            let mut date = shown.date();
            let picker = super::calendar::picker_ui(
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
            super::mirror::left_to_right(ui, width, |ui| {
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

fn number_ui(ui: &mut Ui, spec: &NumberSpec, text: &mut String) -> Response {
    let hint = if spec.integer {
        t!("whole-number-hint")
    } else {
        t!("number-hint")
    };
    let align = super::mirror::text_align(ui, text);
    ui.add(
        TextEdit::singleline(text)
            .align(align)
            .hint_text(hint)
            .desired_width(160.0),
    )
}

/// Whether an optional choice offers a way back to no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Clearable {
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

fn radio_ui(
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
        let mut response = super::mirror::radio(ui, as_row(*chosen) == i, &label);
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

fn list_ui(
    ui: &mut Ui,
    spec: &ChoiceSpec,
    chosen: &mut Option<usize>,
    clearable: Clearable,
    extra: &mut FieldUi,
    controls: &mut Vec<Id>,
) -> Response {
    let align = super::mirror::text_align(ui, &extra.filter);
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
        let response = super::mirror::paragraph(ui, label, |ui| {
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
    let mut response = match rows {
        Some(rows) => filter | rows,
        None => filter,
    };
    if changed {
        response.mark_changed();
    }
    response
}

fn multi_ui(
    ui: &mut Ui,
    spec: &MultiChoiceSpec,
    chosen: &mut [bool],
    controls: &mut Vec<Id>,
) -> Response {
    let responses: Vec<Response> = spec
        .options
        .iter()
        .zip(chosen.iter_mut())
        .map(|(option, on)| super::mirror::checkbox(ui, on, &option.label))
        .collect();
    controls.extend(responses.iter().map(|r| r.id));
    focus_target(responses, 0)
}

/// A long multi-select: a filter box over a list that draws only the rows in view, so 20,000
/// options cost no more per frame than 7. The filter box is the list's one Tab stop (the rows
/// take clicks, not the focus): there Up/Down move the highlight, which stays in view and
/// marked, Space then ticks it, and letters typed go to the filter; Tab goes on to the next
/// field. Keys act in the order they came, however many one pass holds.
fn multi_list_ui(
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
    let align = super::mirror::text_align(ui, &extra.filter);
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
        let right = super::mirror::starts_right(ui, label);
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
        super::mirror::check_box(painter, &style, big.center(), on);
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

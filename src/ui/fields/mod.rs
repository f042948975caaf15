//! One `*_ui` function per field kind, in a file per kind: text, numbers and fixed values
//! (text), dates and times (date), choices (choices). Each returns the response of the widget
//! that should take the focus, unioned with the others so `changed()` covers the whole field.
//! Here: what every field has around its control (label, required mark, help, problem, and
//! what a screen reader is told).

mod choices;
mod date;
mod state;
mod text;

use egui::accesskit::Role;
use egui::{Id, Response, RichText, Ui};

use crate::model::form::{Field, FieldKind};
use crate::model::validate::FieldState;

use choices::{Clearable, list_ui, multi_list_ui, multi_ui, radio_ui};
pub use state::{FieldUi, MULTI_MAX, RADIO_MAX};
use text::{fixed_ui, number_ui, text_ui};

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
            let response = crate::ui::mirror::paragraph(ui, &field.label, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let response = crate::ui::mirror::checkbox(ui, &mut checked, &field.label);
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
            let label = crate::ui::mirror::paragraph(ui, &field.label, |ui| {
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
        crate::ui::mirror::paragraph(ui, problem, |ui| {
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
    let links = crate::ui::rich::markdown_ui(ui, &extra.help, crate::ui::rich::Tone::Help, "help");
    extra.help_links = links.ids;
    extra.followed = links.followed;
}

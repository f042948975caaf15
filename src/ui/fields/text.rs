//! Text boxes: free text (one line that grows, Shift+Enter for a new line), a formatted value
//! (one line, its format's example as the hint; a date goes to [`super::date`]), a number,
//! and a fixed value shown read-only.

use egui::{Key, KeyboardShortcut, Modifiers, Response, RichText, TextEdit, Ui};

use super::date::date_ui;
use super::state::FieldUi;
use crate::form::{Format, NumberSpec, TextSpec};

/// A fixed value: shown as it will be sent, in a read-only box, selectable for copying.
pub(super) fn fixed_ui(ui: &mut Ui, spec: &crate::form::FixedSpec) -> Response {
    let mut shown = spec.shown.as_str();
    ui.horizontal_wrapped(|ui| {
        let response = ui.add(
            TextEdit::singleline(&mut shown)
                .align(crate::ui::mirror::text_align(ui, spec.shown.as_str()))
                .desired_width(ui.available_width().min(320.0)),
        );
        ui.label(RichText::new(t!("fixed-value")).weak());
        response
    })
    .inner
}

/// A text field: a date or date-time goes to its own editor, any other format is one line,
/// and free text a box that grows.
pub(super) fn text_ui(
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
            let align = crate::ui::mirror::text_align(ui, text);
            ui.add(
                TextEdit::singleline(text)
                    .align(align)
                    .desired_width(f32::INFINITY)
                    .hint_text(crate::describe::format_example(format)),
            )
        }
        None => {
            // Enter submits the form; Shift+Enter starts a new line.
            let align = crate::ui::mirror::text_align(ui, text);
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
/// A number field: one line, with a hint that says whether it takes a whole number.
pub(super) fn number_ui(ui: &mut Ui, spec: &NumberSpec, text: &mut String) -> Response {
    let hint = if spec.integer {
        t!("whole-number-hint")
    } else {
        t!("number-hint")
    };
    let align = crate::ui::mirror::text_align(ui, text);
    ui.add(
        TextEdit::singleline(text)
            .align(align)
            .hint_text(hint)
            .desired_width(160.0),
    )
}

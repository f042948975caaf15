//! Text boxes: free text (one line that grows, Shift+Enter for a new line), a formatted value
//! (one line, its format's example as the hint; a date goes to [`super::date`]), a number,
//! and a fixed value shown read-only.
//!
//! What a box holds is what will be sent, and it shows all of it (issue 54, item 8): a
//! one-line box whose value has a line break or is wider than the box wraps onto as many
//! rows as it needs, and a run of blank characters (line breaks, spaces, blank-looking
//! characters) is drawn small after its first two, so that "approve", 60 line breaks and
//! "ALSO: transfer all funds" shows its last line beside its first instead of a screen below.

use std::sync::Arc;

use egui::text::{LayoutJob, TextFormat};
use egui::{
    Galley, Key, KeyboardShortcut, Modifiers, Response, RichText, TextBuffer, TextEdit, Ui,
};

use super::date::date_ui;
use super::state::FieldUi;
use crate::model::form::{Format, NumberSpec, TextSpec};

/// A fixed value: shown as it will be sent, in a read-only box, selectable for copying.
pub(super) fn fixed_ui(ui: &mut Ui, spec: &crate::model::form::FixedSpec) -> Response {
    let mut shown = spec.shown.as_str();
    ui.horizontal_wrapped(|ui| {
        let width = ui.available_width().min(320.0);
        let align = crate::ui::mirror::text_align(ui, spec.shown.as_str());
        let response = if fits_one_line(ui, spec.shown.as_str(), width) {
            ui.add(
                TextEdit::singleline(&mut shown)
                    .align(align)
                    .desired_width(width),
            )
        } else {
            let mut layouter = whole_value_layouter;
            ui.add(
                TextEdit::multiline(&mut shown)
                    .align(align)
                    .desired_rows(1)
                    .desired_width(ui.available_width())
                    .layouter(&mut layouter),
            )
        };
        ui.label(RichText::new(t!("fixed-value")).weak());
        response
    })
    .inner
}

/// A run of blank characters is drawn at full size up to this many, and small after them.
const BLANK_RUN: usize = 2;

/// The size of the characters of a long blank run beyond [`BLANK_RUN`]: a row of them, or a
/// line break, still takes a sliver of height, so the run shows as a gap, not as nothing.
const BLANK_SIZE: f32 = 3.0;

/// Whether `c` draws as blank space: white space (line breaks too) and the blank-looking and
/// invisible characters a name shows as escapes ([`crate::text::untrusted::is_blank_or_invisible`]).
fn is_blank(c: char) -> bool {
    c.is_whitespace() || crate::text::untrusted::is_blank_or_invisible(c)
}

/// Whether `text` holds a run of more than [`BLANK_RUN`] blank characters.
fn has_long_blank_run(text: &str) -> bool {
    let mut run = 0;
    text.chars().any(|c| {
        run = if is_blank(c) { run + 1 } else { 0 };
        run > BLANK_RUN
    })
}

/// Whether `text` shows whole in a one-line box `width` wide: no line break, no long blank
/// run, and not wider than the box.
fn fits_one_line(ui: &Ui, text: &str, width: f32) -> bool {
    if text.contains(['\n', '\r', '\u{2028}', '\u{2029}']) || has_long_blank_run(text) {
        return false;
    }
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    let galley = ui.painter().layout_no_wrap(text.to_owned(), font, color);
    // The box's own margins, on both sides.
    galley.size().x + 2.0 * ui.spacing().button_padding.x + 4.0 <= width
}

/// Lays out a value so that all of it is seen: wrapped at the box's width, and a run of
/// blank characters small after its first [`BLANK_RUN`]. Text without a long blank run is
/// laid out as the box would lay it out itself.
fn whole_value_layouter(ui: &Ui, text: &dyn TextBuffer, wrap_width: f32) -> Arc<Galley> {
    let text = text.as_str();
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().widgets.inactive.text_color();
    let line_height = ui.fonts_mut(|f| f.row_height(&font)) + ui.spacing().extra_text_line_spacing;
    let normal = TextFormat {
        line_height: Some(line_height),
        ..TextFormat::simple(font.clone(), color)
    };
    let small = TextFormat::simple(egui::FontId::new(BLANK_SIZE, font.family.clone()), color);
    let mut job = LayoutJob {
        wrap: egui::text::TextWrapping::wrap_at_width(wrap_width),
        keep_trailing_whitespace: true,
        halign: ui.layout().horizontal_placement(),
        ..LayoutJob::default()
    };
    let mut run = 0;
    let mut start = 0;
    let mut start_small = false;
    for (at, c) in text.char_indices() {
        run = if is_blank(c) { run + 1 } else { 0 };
        let is_small = run > BLANK_RUN;
        if is_small != start_small && at > start {
            let format = if start_small { &small } else { &normal };
            job.append(&text[start..at], 0.0, format.clone());
            start = at;
        }
        if at == start {
            start_small = is_small;
        }
    }
    if start < text.len() || text.is_empty() {
        let format = if start_small { &small } else { &normal };
        job.append(&text[start..], 0.0, format.clone());
    }
    ui.fonts_mut(|f| f.layout_job(job))
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
            // One that does not fit on it (a default with a line break, a long address)
            // wraps, so nothing of it is out of sight.
            let align = crate::ui::mirror::text_align(ui, text);
            let hint = crate::model::describe::format_example(format);
            if fits_one_line(ui, text, ui.available_width()) {
                ui.add(
                    TextEdit::singleline(text)
                        .align(align)
                        .desired_width(f32::INFINITY)
                        .hint_text(hint),
                )
            } else {
                let mut layouter = whole_value_layouter;
                ui.add(
                    TextEdit::multiline(text)
                        .align(align)
                        .desired_rows(1)
                        .desired_width(f32::INFINITY)
                        .return_key(None)
                        .hint_text(hint)
                        .layouter(&mut layouter),
                )
            }
        }
        None => {
            // Enter submits the form; Shift+Enter starts a new line.
            let align = crate::ui::mirror::text_align(ui, text);
            let squeeze = has_long_blank_run(text);
            let mut layouter = whole_value_layouter;
            let mut edit = TextEdit::multiline(text)
                .align(align)
                .desired_rows(1)
                .desired_width(f32::INFINITY)
                .return_key(KeyboardShortcut::new(Modifiers::SHIFT, Key::Enter));
            if squeeze {
                edit = edit.layouter(&mut layouter);
            }
            ui.add(edit)
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
    // A number longer than the box (a default of 60 digits) wraps rather than hide its end.
    if fits_one_line(ui, text, 160.0) {
        ui.add(
            TextEdit::singleline(text)
                .align(align)
                .hint_text(hint)
                .desired_width(160.0),
        )
    } else {
        let mut layouter = whole_value_layouter;
        ui.add(
            TextEdit::multiline(text)
                .align(align)
                .hint_text(hint)
                .desired_rows(1)
                .desired_width(ui.available_width())
                .return_key(None)
                .layouter(&mut layouter),
        )
    }
}

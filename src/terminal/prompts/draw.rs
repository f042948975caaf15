//! The lines a field is drawn with, by the prompt, the dumb terminal's questions, the summary
//! and the review alike: its label, its answer in words, the editing line, a list's rows.

use crate::model::form::{Field, FieldKind};
use crate::model::validate::FieldState;
use crate::terminal::editor::Editor;
use crate::terminal::text::{self, Line, Style};

/// `[3/7] Label *`, or without the position for the summary and the review.
pub fn label_line(field: &Field, position: Option<(usize, usize)>) -> Line {
    let mut line = Line::new();
    if let Some((n, total)) = position {
        line = line.push(format!("[{n}/{total}] "), Style::Weak);
    }
    line = line.push(field.label.clone(), Style::Strong);
    if field.required {
        line = line.push(" *", Style::Required);
    }
    line.indent(2)
}

/// The editing line: a prompt sign, then the text with the cursor in it.
pub(super) fn editor_line(sign: &str, editor: &Editor) -> Line {
    let sign_chars = sign.chars().count();
    Line::styled(sign, Style::Accent)
        .push(editor.text(), Style::Plain)
        .indent(text::text_width(sign))
        .cursor(sign_chars + editor.cursor())
}

/// The line the review asks its question on.
pub fn command_line(editor: &Editor) -> Line {
    editor_line("> ", editor)
}

/// Accent for what is on (the option chosen), plain otherwise.
pub(super) fn style_if(on: bool) -> Style {
    if on { Style::Accent } else { Style::Plain }
}

/// A single choice's mark: `(*)` on the option chosen.
pub(super) fn radio_mark(on: bool) -> &'static str {
    if on { "(*)" } else { "( )" }
}

/// One row of a list of options.
pub(super) struct Item<'s> {
    pub(super) number: usize,
    pub(super) label: &'s str,
    pub(super) mark: &'static str,
}

/// Shows `items` in at most `rows` rows, scrolled so the highlighted one is in view, with
/// notes of how many are hidden above and below ([`text::window`]). Rows other than the
/// highlighted one are cut to one line; the highlighted one wraps in full when every option
/// is shown and there is room for it.
pub(super) fn list_lines(
    lines: &mut Vec<Line>,
    items: &[Item],
    highlight: usize,
    width: usize,
    rows: usize,
) {
    let digits = items.last().map_or(1, |i| i.number.to_string().len());
    let shown = text::window(items.len(), highlight, rows);
    if shown.above {
        lines.push(Line::styled(
            format!("    {}", t!("term-more-above", n = shown.start)),
            Style::Weak,
        ));
    }
    let all = shown.start == 0 && shown.end == items.len();
    for (i, item) in items.iter().enumerate().take(shown.end).skip(shown.start) {
        let on = i == highlight;
        let head = format!(
            "{} {} {:>digits$}. ",
            if on { ">" } else { " " },
            item.mark,
            item.number
        );
        let room = width.saturating_sub(text::text_width(&head));
        let whole = text::text_width(item.label) <= room
            || (on && all && rows > items.len() && {
                let wrapped = Line::styled(format!("{head}{}", item.label), Style::Plain)
                    .indent(text::text_width(&head));
                items.len() - 1 + text::height(&[wrapped], width) <= rows
            });
        let label = if whole {
            item.label.to_owned()
        } else {
            text::truncate(item.label, room)
        };
        let style = if on { Style::Accent } else { Style::Plain };
        lines.push(
            Line::styled(head.clone(), style)
                .push(label, style)
                .indent(text::text_width(&head)),
        );
    }
    if shown.below {
        lines.push(Line::styled(
            format!("    {}", t!("term-more-below", n = items.len() - shown.end)),
            Style::Weak,
        ));
    }
}

/// How a field's state reads in the summary and the review: the text, the number, Yes/No,
/// the option's title (not its value), and a note when nothing will be sent.
pub fn answer_text(field: &Field, state: &FieldState) -> (String, Style) {
    let none = || (t!("term-no-answer"), Style::Weak);
    match (&field.kind, state) {
        (FieldKind::Text(_), FieldState::Text(text)) if text.is_empty() => {
            (t!("term-empty"), Style::Weak)
        }
        (FieldKind::Text(_), FieldState::Text(text)) => (text.clone(), Style::Accent),
        (FieldKind::Number(_), FieldState::Number(text)) if text.trim().is_empty() => none(),
        (FieldKind::Number(_), FieldState::Number(text)) => (text.trim().to_owned(), Style::Accent),
        (FieldKind::Boolean { .. }, FieldState::Boolean(value)) => {
            let value = if field.required {
                Some(value.unwrap_or(false))
            } else {
                *value
            };
            match value {
                Some(true) => (t!("term-yes"), Style::Accent),
                Some(false) => (t!("term-no"), Style::Accent),
                None => none(),
            }
        }
        (FieldKind::Choice(spec), FieldState::Choice(Some(i))) => spec
            .options
            .get(*i)
            .map_or_else(none, |o| (o.label.clone(), Style::Accent)),
        (FieldKind::Fixed(spec), _) => (spec.shown.clone(), Style::Accent),
        (FieldKind::MultiChoice(spec), FieldState::Multi(chosen)) => {
            let labels: Vec<&str> = spec
                .options
                .iter()
                .zip(chosen)
                .filter(|(_, on)| **on)
                .map(|(o, _)| o.label.as_str())
                .collect();
            if labels.is_empty() {
                (t!("term-none"), Style::Weak)
            } else {
                (labels.join(", "), Style::Accent)
            }
        }
        _ => none(),
    }
}

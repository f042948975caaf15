//! A field as a dumb terminal asks it, line by line: the question, and what a typed line
//! makes of the field.

use super::draw::{answer_text, label_line, radio_mark};
use crate::cli::Markdown;
use crate::model::form::{Field, FieldKind};
use crate::model::validate::FieldState;
use crate::terminal::text::{self, Line, Style};

/// A field as a dumb terminal asks it, line by line: the label, the help, every option with
/// its number and mark, what the field holds now (which Enter alone keeps), and what to type.
pub fn line_prompt(
    field: &Field,
    state: &FieldState,
    position: (usize, usize),
    markdown: Markdown,
) -> Vec<Line> {
    let mut lines = vec![label_line(field, Some(position))];
    lines.extend(text::help_lines(
        crate::model::markdown::field_help(field, markdown),
        2,
    ));
    let option = |mark: &str, number: usize, label: &str| {
        let head = format!("  {mark} {number}. ");
        Line::styled(format!("{head}{label}"), Style::Plain).indent(text::text_width(&head))
    };
    match (&field.kind, state) {
        (FieldKind::Choice(spec), FieldState::Choice(chosen)) => {
            if !field.required {
                lines.push(option(
                    radio_mark(chosen.is_none()),
                    0,
                    &t!("term-no-answer-row"),
                ));
            }
            for (i, o) in spec.options.iter().enumerate() {
                lines.push(option(radio_mark(*chosen == Some(i)), i + 1, &o.label));
            }
        }
        (FieldKind::MultiChoice(spec), FieldState::Multi(chosen)) => {
            for (i, (o, on)) in spec.options.iter().zip(chosen).enumerate() {
                lines.push(option(if *on { "[x]" } else { "[ ]" }, i + 1, &o.label));
            }
        }
        _ => {}
    }
    let (now, style) = answer_text(field, state);
    if style != Style::Weak && !matches!(field.kind, FieldKind::Fixed(_)) {
        lines.push(
            Line::styled(
                format!("  {}", t!("term-line-now", text = now)),
                Style::Weak,
            )
            .indent(2),
        );
    }
    let what = match &field.kind {
        FieldKind::Fixed(spec) => format!("{}   {}", spec.shown, t!("term-fixed")),
        _ => line_hint(field),
    };
    lines.push(Line::styled(format!("  {what}"), Style::Weak).indent(2));
    lines
}

/// What to type for `field` on a dumb terminal.
pub fn line_hint(field: &Field) -> String {
    match &field.kind {
        FieldKind::Choice(_) => t!("term-line-type-option"),
        FieldKind::MultiChoice(_) => t!("term-line-type-options"),
        FieldKind::Boolean { .. } => t!("term-line-type-yes-no"),
        _ => t!("term-line-type-value"),
    }
}

/// What a line typed on a dumb terminal makes of `field`, which holds `state`: an empty line
/// keeps it; `None` when the line cannot be read as an answer to this kind of field (not an
/// option's number, not y or n).
///
/// Text and numbers are the line as typed (a line holds no line break: a multi-line value
/// cannot be typed this way); a choice takes an option's number (0: no answer, when the field
/// is optional); a multi-select the numbers of the options to tick, separated by spaces or
/// commas (0: none); a boolean y/yes or n/no, or the words the dialog shows for them.
pub fn from_line(field: &Field, state: &FieldState, typed: &str) -> Option<FieldState> {
    if typed.trim().is_empty() && !matches!(field.kind, FieldKind::Text(_)) {
        return Some(state.clone());
    }
    if typed.is_empty() {
        return Some(state.clone());
    }
    let numbers = |text: &str| -> Option<Vec<usize>> {
        text.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|part| !part.is_empty())
            .map(|part| part.parse::<usize>().ok())
            .collect()
    };
    match &field.kind {
        FieldKind::Text(_) => Some(FieldState::Text(typed.to_owned())),
        FieldKind::Number(_) => Some(FieldState::Number(typed.trim().to_owned())),
        FieldKind::Fixed(_) => Some(FieldState::Fixed),
        FieldKind::Boolean { .. } => {
            let word = typed.trim().to_lowercase();
            if ["y", "yes"].contains(&word.as_str()) || word == t!("term-yes").to_lowercase() {
                Some(FieldState::Boolean(Some(true)))
            } else if ["n", "no"].contains(&word.as_str()) || word == t!("term-no").to_lowercase() {
                Some(FieldState::Boolean(Some(false)))
            } else {
                None
            }
        }
        FieldKind::Choice(spec) => match numbers(typed)?.as_slice() {
            [0] if !field.required => Some(FieldState::Choice(None)),
            &[n] if (1..=spec.options.len()).contains(&n) => Some(FieldState::Choice(Some(n - 1))),
            _ => None,
        },
        FieldKind::MultiChoice(spec) => {
            let picked = numbers(typed)?;
            let mut chosen = vec![false; spec.options.len()];
            if picked != [0] {
                for n in picked {
                    *chosen.get_mut(n.checked_sub(1)?)? = true;
                }
            }
            Some(FieldState::Multi(chosen))
        }
    }
}

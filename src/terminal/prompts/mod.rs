//! One prompt per field kind: what it shows and what each key does.
//!
//! A [`FieldPrompt`] holds the field's [`FieldState`] while the person edits it, checks it with
//! [`validate::field_value`] when they press Enter (the same check the window makes), and
//! shows the problem at the field until it is fixed. It knows nothing of the terminal: it
//! takes keys and returns [`Line`]s, so the tests below drive it directly.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::editor::{Edit, Editor, Lines};
use super::text::{self, Line, Style};
use crate::datetime::{self, DateKind};
use crate::form::{Choice, Field, FieldKind, Format};
use crate::validate::{self, FieldState};

/// What a key did to the prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Keep asking.
    Continue,
    /// The field holds a valid value: move on.
    Done,
    /// Ctrl+D: end of input.
    Eof,
}

/// How many rows PageUp and PageDown move in a list.
const PAGE: usize = 8;

/// A field being answered.
#[derive(Debug, Clone)]
pub struct FieldPrompt<'a> {
    field: &'a Field,
    /// "3/7": where this field is in the form.
    position: (usize, usize),
    control: Control,
    problem: Option<String>,
}

/// The control for each kind of field.
#[derive(Debug, Clone)]
enum Control {
    Text(Editor),
    Number(Editor),
    Boolean(Option<bool>),
    Choice(ListState),
    Multi(ListState, Vec<bool>),
    /// A fixed value: shown, Enter goes on.
    Fixed,
}

/// A list of options: which row is highlighted and the digits typed so far.
#[derive(Debug, Clone, Default)]
struct ListState {
    highlight: usize,
    digits: String,
    /// A required single choice with nothing chosen yet: the highlight only shows where the
    /// keys start, and the first key that moves or picks chooses (as in the window, where no
    /// radio button is on until the person picks one).
    unchosen: bool,
}

impl<'a> FieldPrompt<'a> {
    /// Starts answering `field` from `state` (its default, or what was entered before).
    /// `position` is the field's number and the number of fields.
    pub fn new(field: &'a Field, state: &FieldState, position: (usize, usize)) -> Self {
        let control = match (&field.kind, state) {
            // Free text takes new lines; a formatted value is one line.
            (FieldKind::Text(spec), FieldState::Text(text)) => Control::Text(Editor::new(
                text,
                if spec.format.is_some() {
                    Lines::Single
                } else {
                    Lines::Multi
                },
            )),
            (FieldKind::Number(_), FieldState::Number(text)) => {
                Control::Number(Editor::new(text, Lines::Single))
            }
            (FieldKind::Choice(_), FieldState::Choice(chosen)) => {
                // Optional fields get a "no answer" row first, so the list has row 0 = none.
                let highlight = match chosen {
                    Some(i) => i + usize::from(!field.required),
                    None => 0,
                };
                Control::Choice(ListState {
                    highlight,
                    digits: String::new(),
                    unchosen: field.required && chosen.is_none(),
                })
            }
            (FieldKind::MultiChoice(_), FieldState::Multi(chosen)) => {
                Control::Multi(ListState::default(), chosen.clone())
            }
            (FieldKind::Boolean { .. }, FieldState::Boolean(value)) => Control::Boolean(*value),
            (FieldKind::Fixed(_), _) => Control::Fixed,
            // A state of the wrong kind cannot happen; start the field afresh.
            _ => return Self::new(field, &FieldState::initial(field), position),
        };
        Self {
            field,
            position,
            control,
            problem: None,
        }
    }

    /// What the field holds now.
    pub fn state(&self) -> FieldState {
        match (&self.control, &self.field.kind) {
            (Control::Text(editor), _) => FieldState::Text(editor.text()),
            (Control::Number(editor), _) => FieldState::Number(editor.text()),
            (Control::Boolean(value), _) => FieldState::Boolean(*value),
            (Control::Choice(list), _) => FieldState::Choice(list.chosen(self.field)),
            (Control::Multi(_, chosen), _) => FieldState::Multi(chosen.clone()),
            (Control::Fixed, _) => FieldState::Fixed,
        }
    }

    /// The problem shown at the field, if any.
    #[cfg(test)]
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// Applies a key press. Esc and Ctrl+C never get here: they cancel the whole dialog.
    pub fn key(&mut self, key: &KeyEvent) -> Flow {
        let flow = match &mut self.control {
            Control::Text(editor) => match editor.key(key) {
                Edit::Other if matches!(key.code, KeyCode::Up | KeyCode::Down) => {
                    step_date(editor, self.field, key.code == KeyCode::Up);
                    Step::Changed
                }
                edit => Step::from(edit),
            },
            Control::Number(editor) => Step::from(editor.key(key)),
            Control::Boolean(value) => boolean_key(value, self.field.required, key),
            Control::Choice(list) => choice_key(list, self.field, key),
            Control::Multi(list, chosen) => multi_key(list, chosen, key),
            Control::Fixed => match key.code {
                KeyCode::Enter => Step::Submit,
                KeyCode::Char('d') if key.modifiers.contains(KeyModifiers::CONTROL) => Step::Eof,
                _ => Step::Unchanged,
            },
        };
        match flow {
            Step::Changed => {
                // Once shown, a problem follows the edits until it is fixed.
                if self.problem.is_some() {
                    self.problem = self.check().err();
                }
                Flow::Continue
            }
            Step::Unchanged => Flow::Continue,
            Step::Submit => match self.check() {
                Ok(()) => Flow::Done,
                Err(problem) => {
                    self.problem = Some(problem);
                    Flow::Continue
                }
            },
            Step::Eof => Flow::Eof,
        }
    }

    /// Inserts pasted text into a text or number field.
    pub fn paste(&mut self, text: &str) {
        let edit = match &mut self.control {
            Control::Text(editor) | Control::Number(editor) => editor.paste(text),
            _ => Edit::Unchanged,
        };
        if edit == Edit::Changed && self.problem.is_some() {
            self.problem = self.check().err();
        }
    }

    /// Checks the field, with the problem as the person reads it.
    fn check(&self) -> Result<(), String> {
        validate::field_value(self.field, &self.state())
            .map(drop)
            .map_err(|p| crate::describe::problem(&p))
    }

    /// The fewest rows [`Self::lines`] can take at `width`: the label's row, the control's
    /// focused row and the problem in full.
    pub fn min_rows(&self, width: usize) -> usize {
        2 + self
            .problem_line()
            .map_or(0, |p| text::height(std::slice::from_ref(&p), width))
    }

    /// The rows [`Self::lines`] takes before the help: the label, the control (a long list or
    /// value scrolled to three rows) and the problem.
    pub fn comfortable_rows(&self, width: usize) -> usize {
        let label = label_line(self.field, Some(self.position));
        let natural = text::height(&self.control_lines(width, usize::MAX), width);
        let problem = self
            .problem_line()
            .map_or(0, |p| text::height(std::slice::from_ref(&p), width));
        text::height(std::slice::from_ref(&label), width) + natural.min(3) + problem
    }

    /// The lines to show: label, help, the control and the problem, in at most `rows` rows of
    /// `width` columns when that is possible.
    ///
    /// What gives way on a small screen, first to last: a long list or a tall value scrolls
    /// (down to three rows: the focused one and the notes of what is hidden), the help is
    /// shortened (its last row ending in `…`) and then left out, the control scrolls down to
    /// its focused row, the label is cut to one row; the problem is shown in full.
    pub fn lines(&self, width: usize, rows: usize) -> Vec<Line> {
        let height = |line: &Line| text::height(std::slice::from_ref(line), width);
        let mut label = label_line(self.field, Some(self.position));
        let help = help_text(self.field)
            .map(|help| Line::styled(format!("  {help}"), Style::Weak).indent(2));
        let problem = self.problem_line();
        let problem_rows = problem.as_ref().map_or(0, height);
        let natural = text::height(&self.control_lines(width, usize::MAX), width);
        if height(&label) + 1 + problem_rows > rows {
            label = text::clipped(&label, width, 1).remove(0);
        }
        let mut left = rows.saturating_sub(height(&label) + problem_rows);
        let mut control = natural.min(3).min(left).max(1);
        left = left.saturating_sub(control);
        let help_rows = help.as_ref().map_or(0, height).min(left);
        left -= help_rows;
        control += left.min(natural - control.min(natural));

        let mut lines = vec![label];
        if let Some(help) = &help
            && help_rows > 0
        {
            lines.extend(text::clipped(help, width, help_rows));
        }
        lines.extend(self.control_lines(width, control));
        lines.extend(problem);
        lines
    }

    /// The problem, as shown under the control.
    fn problem_line(&self) -> Option<Line> {
        self.problem
            .as_ref()
            .map(|problem| Line::styled(format!("! {problem}"), Style::Error).indent(2))
    }

    /// The control in at most `rows` rows (when it can scroll: a value or a list).
    fn control_lines(&self, width: usize, rows: usize) -> Vec<Line> {
        let mut lines = Vec::new();
        match (&self.control, &self.field.kind) {
            (Control::Text(editor), _) | (Control::Number(editor), _) => {
                lines.extend(text::scrolled(&editor_line("> ", editor), width, rows));
            }
            (Control::Boolean(value), _) => {
                let shown = if self.field.required {
                    Some(value.unwrap_or(false))
                } else {
                    *value
                };
                let radio = |on: bool| if on { "(*)" } else { "( )" };
                let yes = shown == Some(true);
                let no = shown == Some(false);
                let mut line = Line::styled("> ", Style::Accent)
                    .push(format!("{} {}", radio(yes), t!("term-yes")), style_if(yes))
                    .push("   ", Style::Plain)
                    .push(format!("{} {}", radio(no), t!("term-no")), style_if(no));
                if shown.is_none() {
                    line = line.push(format!("   {}", t!("term-no-answer-yet")), Style::Weak);
                }
                lines.push(line);
            }
            (Control::Choice(list), FieldKind::Choice(spec)) => {
                let offset = usize::from(!self.field.required);
                let chosen = list.chosen(self.field);
                let mut items: Vec<Item> = Vec::with_capacity(spec.options.len() + offset);
                let no_answer = t!("term-no-answer-row");
                if offset == 1 {
                    items.push(Item {
                        number: 0,
                        label: &no_answer,
                        mark: radio_mark(chosen.is_none()),
                    });
                }
                items.extend(spec.options.iter().enumerate().map(|(i, o)| Item {
                    number: i + 1,
                    label: &o.label,
                    mark: radio_mark(chosen == Some(i)),
                }));
                list_lines(&mut lines, &items, list.highlight, width, rows);
            }
            (Control::Fixed, FieldKind::Fixed(spec)) => {
                lines.push(
                    Line::styled("> ", Style::Accent)
                        .push(spec.shown.clone(), Style::Accent)
                        .push(format!("   {}", t!("term-fixed")), Style::Weak),
                );
            }
            (Control::Multi(list, chosen), FieldKind::MultiChoice(spec)) => {
                let items: Vec<Item> = spec
                    .options
                    .iter()
                    .zip(chosen)
                    .enumerate()
                    .map(|(i, (o, on))| Item {
                        number: i + 1,
                        label: &o.label,
                        mark: if *on { "[x]" } else { "[ ]" },
                    })
                    .collect();
                list_lines(&mut lines, &items, list.highlight, width, rows);
            }
            _ => {}
        }
        lines
    }

    /// The keys this prompt takes, for the hint line.
    pub fn keys(&self) -> String {
        match (&self.control, &self.field.kind) {
            (Control::Text(_), FieldKind::Text(spec))
                if matches!(spec.format, Some(Format::Date | Format::DateTime)) =>
            {
                t!("term-keys-date")
            }
            // A formatted value is one line.
            (Control::Text(_), FieldKind::Text(spec)) if spec.format.is_some() => {
                t!("term-keys-next")
            }
            (Control::Text(_), _) => t!("term-keys-text"),
            (Control::Number(_) | Control::Fixed, _) => t!("term-keys-next"),
            (Control::Boolean(_), _) => t!("term-keys-boolean"),
            (Control::Choice(_), _) => t!("term-keys-choice"),
            (Control::Multi(..), _) => t!("term-keys-multi"),
        }
    }
}

/// A key's effect before validation.
enum Step {
    Changed,
    Unchanged,
    Submit,
    Eof,
}

impl From<Edit> for Step {
    fn from(edit: Edit) -> Self {
        match edit {
            Edit::Changed => Self::Changed,
            Edit::Unchanged | Edit::Other => Self::Unchanged,
            Edit::Submit => Self::Submit,
            Edit::Eof => Self::Eof,
        }
    }
}

fn is_ctrl_d(key: &KeyEvent) -> bool {
    key.code == KeyCode::Char('d') && key.modifiers.contains(KeyModifiers::CONTROL)
}

fn plain_char(key: &KeyEvent) -> Option<char> {
    match key.code {
        KeyCode::Char(c)
            if !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            Some(c)
        }
        _ => None,
    }
}

fn boolean_key(value: &mut Option<bool>, required: bool, key: &KeyEvent) -> Step {
    if is_ctrl_d(key) {
        return Step::Eof;
    }
    // What is shown: a required field left unset answers No.
    let shown = if required {
        Some(value.unwrap_or(false))
    } else {
        *value
    };
    match (key.code, plain_char(key).map(|c| c.to_ascii_lowercase())) {
        (_, Some('y')) => {
            *value = Some(true);
            Step::Submit
        }
        (_, Some('n')) => {
            *value = Some(false);
            Step::Submit
        }
        (KeyCode::Left | KeyCode::Right | KeyCode::Tab | KeyCode::BackTab, _) | (_, Some(' ')) => {
            // From "no answer yet", the first switch lands on Yes.
            *value = Some(shown.is_none_or(|on| !on));
            Step::Changed
        }
        (KeyCode::Enter, _) => Step::Submit,
        _ => Step::Unchanged,
    }
}

fn choice_key(list: &mut ListState, field: &Field, key: &KeyEvent) -> Step {
    let FieldKind::Choice(spec) = &field.kind else {
        return Step::Unchanged;
    };
    if is_ctrl_d(key) {
        return Step::Eof;
    }
    let offset = usize::from(!field.required);
    let rows = spec.options.len() + offset;
    if let Some(c) = plain_char(key) {
        if let Some(digit) = c.to_digit(10) {
            match list.type_digit(digit, spec.options.len()) {
                Some((0, _)) if offset == 1 => {
                    list.highlight = 0;
                    return Step::Submit;
                }
                Some((0, _)) => return Step::Unchanged,
                Some((n, last)) => {
                    list.highlight = n - 1 + offset;
                    list.unchosen = false;
                    return if last { Step::Submit } else { Step::Changed };
                }
                None => return Step::Unchanged,
            }
        }
        list.digits.clear();
        if let Some(i) = next_starting_with(&spec.options, c, list.chosen(field)) {
            list.highlight = i + offset;
            list.unchosen = false;
            return Step::Changed;
        }
        return Step::Unchanged;
    }
    list.digits.clear();
    match key.code {
        // With nothing chosen, Enter's check says to choose one.
        KeyCode::Enter => Step::Submit,
        code => {
            list.navigate(code, rows);
            Step::Changed
        }
    }
}

fn multi_key(list: &mut ListState, chosen: &mut [bool], key: &KeyEvent) -> Step {
    if is_ctrl_d(key) {
        return Step::Eof;
    }
    let rows = chosen.len();
    if let Some(c) = plain_char(key) {
        if let Some(digit) = c.to_digit(10) {
            return match list.type_digit(digit, rows) {
                Some((n, last)) if n > 0 => {
                    list.highlight = n - 1;
                    if last {
                        chosen[n - 1] = !chosen[n - 1];
                    }
                    Step::Changed
                }
                _ => Step::Unchanged,
            };
        }
        list.digits.clear();
        if c == ' ' {
            if let Some(on) = chosen.get_mut(list.highlight) {
                *on = !*on;
            }
            return Step::Changed;
        }
        return Step::Unchanged;
    }
    list.digits.clear();
    match key.code {
        KeyCode::Enter => Step::Submit,
        code => {
            list.navigate(code, rows);
            Step::Unchanged
        }
    }
}

impl ListState {
    /// The option chosen in a single choice, if any (an optional field's row 0 is "no answer").
    fn chosen(&self, field: &Field) -> Option<usize> {
        if self.unchosen {
            return None;
        }
        self.highlight.checked_sub(usize::from(!field.required))
    }

    /// Moves the highlight for an arrow, Page or Home/End key. From nothing chosen, the first
    /// move chooses the row the highlight stands on, the first option (End, the last).
    fn navigate(&mut self, code: KeyCode, rows: usize) {
        let last = rows.saturating_sub(1);
        let moved = match code {
            KeyCode::Up | KeyCode::BackTab => self.highlight.saturating_sub(1),
            KeyCode::Down | KeyCode::Tab => (self.highlight + 1).min(last),
            KeyCode::PageUp => self.highlight.saturating_sub(PAGE),
            KeyCode::PageDown => (self.highlight + PAGE).min(last),
            KeyCode::Home => 0,
            KeyCode::End => last,
            _ => return,
        };
        if !std::mem::take(&mut self.unchosen) || code == KeyCode::End {
            self.highlight = moved;
        }
    }

    /// Adds a typed digit to the option number: returns the number typed so far (1-based, 0
    /// for "no answer") and whether typing more digits could not make another option.
    fn type_digit(&mut self, digit: u32, options: usize) -> Option<(usize, bool)> {
        self.digits.push(char::from_digit(digit, 10).unwrap_or('0'));
        let mut number: usize = self.digits.parse().unwrap_or(usize::MAX);
        if number > options || (self.digits.len() > 1 && number == 0) {
            self.digits = digit.to_string();
            number = digit as usize;
            if number > options {
                self.digits.clear();
                return None;
            }
        }
        let last = number == 0 || number.saturating_mul(10) > options;
        if last {
            self.digits.clear();
        }
        Some((number, last))
    }
}

/// The next option after `after` whose label starts with `c`, wrapping around.
fn next_starting_with(options: &[Choice], c: char, after: Option<usize>) -> Option<usize> {
    let lower: String = c.to_lowercase().collect();
    let start = after.map_or(0, |i| i + 1);
    (0..options.len())
        .map(|k| (start + k) % options.len())
        .find(|&i| options[i].label.to_lowercase().starts_with(&lower))
}

/// Moves a date field by a day, or fills in where an empty one starts (today; the next whole
/// hour for a date-time), as [`datetime::step`] says for both front ends.
fn step_date(editor: &mut Editor, field: &Field, later: bool) {
    let FieldKind::Text(spec) = &field.kind else {
        return;
    };
    let kind = match spec.format {
        Some(Format::Date) => DateKind::Date,
        Some(Format::DateTime) => DateKind::DateTime,
        _ => return,
    };
    if let Some(next) = datetime::step(kind, &editor.text(), later, &datetime::now()) {
        editor.set_text(&next);
    }
}

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

/// The description, then what the field accepts, in words.
fn help_text(field: &Field) -> Option<String> {
    crate::describe::field_help(field)
}

/// The editing line: a prompt sign, then the text with the cursor in it.
fn editor_line(sign: &str, editor: &Editor) -> Line {
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

fn style_if(on: bool) -> Style {
    if on { Style::Accent } else { Style::Plain }
}

fn radio_mark(on: bool) -> &'static str {
    if on { "(*)" } else { "( )" }
}

/// One row of a list of options.
struct Item<'s> {
    number: usize,
    label: &'s str,
    mark: &'static str,
}

/// Shows `items` in at most `rows` rows, scrolled so the highlighted one is in view, with
/// notes of how many are hidden above and below ([`text::window`]). Rows other than the
/// highlighted one are cut to one line; the highlighted one wraps in full when every option
/// is shown and there is room for it.
fn list_lines(lines: &mut Vec<Line>, items: &[Item], highlight: usize, width: usize, rows: usize) {
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

/// A field as a dumb terminal asks it, line by line: the label, the help, every option with
/// its number and mark, what the field holds now (which Enter alone keeps), and what to type.
pub fn line_prompt(field: &Field, state: &FieldState, position: (usize, usize)) -> Vec<Line> {
    let mut lines = vec![label_line(field, Some(position))];
    if let Some(help) = help_text(field) {
        lines.push(Line::styled(format!("  {help}"), Style::Weak).indent(2));
    }
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

#[cfg(test)]
mod tests;

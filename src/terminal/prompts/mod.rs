//! One prompt per field kind: what it shows and what each key does.
//!
//! A [`FieldPrompt`] holds the field's [`FieldState`] while the person edits it, checks it with
//! [`validate::field_value`] when they press Enter (the same check the window makes), and
//! shows the problem at the field until it is fixed. It knows nothing of the terminal: it
//! takes keys and returns [`Line`]s, so the tests below drive it directly. The lines a field is
//! drawn with are in `draw` (the summary and the review use them too); a dumb terminal's
//! line-by-line questions in `dumb`.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

mod draw;
mod dumb;

use super::editor::{Edit, Editor, Lines};
use super::text::{self, Line, Style};
use crate::cli::Markdown;
use crate::model::datetime::{self, DateKind};
use crate::model::form::{Choice, Field, FieldKind, Format};
use crate::model::validate::{self, FieldState};

use draw::{Item, editor_line, list_lines, radio_mark, style_if};
pub use draw::{answer_text, command_line, label_line};
pub use dumb::{from_line, line_hint, line_prompt};

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
    /// Whether the field's description is read as Markdown.
    markdown: Markdown,
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
    /// The same prompt, with the field's description read as Markdown or shown as it came.
    pub fn markdown(mut self, markdown: Markdown) -> Self {
        self.markdown = markdown;
        self
    }

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
            markdown: Markdown::On,
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
            Control::Choice(list) => match &self.field.kind {
                FieldKind::Choice(spec) => {
                    list_key(list, Options::Single(self.field, &spec.options), key)
                }
                _ => Step::Unchanged,
            },
            Control::Multi(list, chosen) => list_key(list, Options::Multi(chosen), key),
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
            .map_err(|p| crate::model::describe::problem(&p))
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
        let help = text::help_lines(
            crate::model::markdown::field_help(self.field, self.markdown),
            2,
        );
        let problem = self.problem_line();
        let problem_rows = problem.as_ref().map_or(0, height);
        let natural = text::height(&self.control_lines(width, usize::MAX), width);
        if height(&label) + 1 + problem_rows > rows {
            label = text::clipped(&label, width, 1).remove(0);
        }
        let mut left = rows.saturating_sub(height(&label) + problem_rows);
        let mut control = natural.min(3).min(left).max(1);
        left = left.saturating_sub(control);
        let help_rows = text::height(&help, width).min(left);
        left -= help_rows;
        control += left.min(natural - control.min(natural));

        let mut lines = vec![label];
        // The help's first lines, the last one shortened when the rows run out.
        let mut help_left = help_rows;
        for line in &help {
            if help_left == 0 {
                break;
            }
            let clipped = text::clipped(line, width, help_left);
            help_left -= text::height(&clipped, width).min(help_left);
            lines.extend(clipped);
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

/// The options a list's keys act on: a single choice, where the highlighted row is the
/// answer, or a multiple choice, where the highlight only shows which row Space ticks.
enum Options<'a> {
    Single(&'a Field, &'a [Choice]),
    Multi(&'a mut [bool]),
}

/// A key in a list of options. Both kinds take an option's number (typed digit by digit),
/// the arrows, Page and Home/End keys, and Enter; a single choice also jumps to the next
/// option starting with a letter typed, a multiple choice ticks the highlighted row on Space.
fn list_key(list: &mut ListState, options: Options, key: &KeyEvent) -> Step {
    if is_ctrl_d(key) {
        return Step::Eof;
    }
    let (count, offset) = match &options {
        // An optional single choice has a "no answer" row 0 above its options.
        Options::Single(field, choices) => (choices.len(), usize::from(!field.required)),
        Options::Multi(chosen) => (chosen.len(), 0),
    };
    if let Some(c) = plain_char(key) {
        if let Some(digit) = c.to_digit(10) {
            return match (list.type_digit(digit, count), options) {
                (Some((0, _)), Options::Single(..)) if offset == 1 => {
                    list.highlight = 0;
                    Step::Submit
                }
                (Some((n, last)), Options::Single(..)) if n > 0 => {
                    list.highlight = n - 1 + offset;
                    list.unchosen = false;
                    if last { Step::Submit } else { Step::Changed }
                }
                (Some((n, last)), Options::Multi(chosen)) if n > 0 => {
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
        return match options {
            Options::Single(field, choices) => {
                match next_starting_with(choices, c, list.chosen(field)) {
                    Some(i) => {
                        list.highlight = i + offset;
                        list.unchosen = false;
                        Step::Changed
                    }
                    None => Step::Unchanged,
                }
            }
            Options::Multi(chosen) if c == ' ' => {
                if let Some(on) = chosen.get_mut(list.highlight) {
                    *on = !*on;
                }
                Step::Changed
            }
            Options::Multi(_) => Step::Unchanged,
        };
    }
    list.digits.clear();
    match key.code {
        // With nothing chosen, Enter's check says to choose one.
        KeyCode::Enter => Step::Submit,
        code => {
            list.navigate(code, count + offset);
            match options {
                Options::Single(..) => Step::Changed,
                Options::Multi(_) => Step::Unchanged,
            }
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

#[cfg(test)]
mod tests;

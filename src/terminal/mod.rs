//! The terminal front end: the same form as the window, asked field by field on `/dev/tty`.
//!
//! For when no window can appear (SSH, a container, a CI job with a person attached). The
//! dialog shows who asks and the message (paged from its top when it is taller than the
//! screen, who asks pinned above it and repeated above every field), asks each field in order
//! (pre-filled with its default, checked on Enter by the same [`crate::model::validate::field_value`]
//! the window uses), then lists the answers for review: the person submits, changes a field by
//! its number, declines or cancels.
//! The answer is built by [`answer::content`], so it is exactly what the window would send.
//!
//! Esc and Ctrl+C cancel at any point, as does Ctrl+D on an empty line (end of input), the
//! terminal going away, `--timeout` and the signals of [`crate::process::signals`].

mod editor;
mod job_control;
mod prompts;
mod text;
mod tty;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use thiserror::Error;

use crate::cli::Markdown;
use crate::model::answer::{self, Answer};
use crate::model::describe;
use crate::model::form::Form;
use crate::model::validate::FieldState;
use crate::presentation::Presentation;
use crate::process::deadline::Deadline;

use editor::{Edit, Editor, Lines};
use prompts::{FieldPrompt, Flow};
use text::{Line, Style};
use tty::{Input, Stop, Theme, Tty, Unusable};

/// Why the terminal dialog could not be shown.
#[derive(Debug, Error)]
pub enum TerminalError {
    /// `/dev/tty` cannot be opened or put in raw mode: there is no terminal to ask on.
    #[error("no terminal: cannot use /dev/tty ({0})")]
    NoTerminal(String),
    /// The terminal's foreground process group is not ours: whoever started us in the
    /// background (Codex starts its servers so) keeps the terminal, and using it would stop us.
    #[error(
        "no terminal: /dev/tty belongs to the foreground job, and this process runs in the background"
    )]
    Background,
}

/// Asks the form on the terminal until the person answers; returns the answer.
///
/// Everything is shown on `/dev/tty`; nothing is written to stdout. The terminal is restored
/// (raw mode off, cursor shown) before this returns, whatever the way out.
pub fn run_terminal(form: &Form, options: &Presentation) -> Result<Answer, TerminalError> {
    // The terminal shows a directional control as `�`: our own messages go without them.
    crate::i18n::drop_isolates();
    let deadline = Deadline::after(options.timeout, options.cancel.clone());
    let tty = Tty::open(Theme::from_env(), deadline).map_err(|unusable| match unusable {
        Unusable::Io(error) => TerminalError::NoTerminal(error.to_string()),
        Unusable::Background => TerminalError::Background,
    })?;
    // A draft fills the form in; the person still reviews and submits it.
    let restored = options
        .draft
        .as_ref()
        .and_then(|slot| slot.restored.as_ref());
    let states = match restored {
        Some(draft) if draft.states.len() == form.fields.len() => draft.states.clone(),
        _ => form.fields.iter().map(FieldState::initial).collect(),
    };
    let mut dialog = TerminalDialog {
        form,
        options,
        states,
        tty,
    };
    let answer = match dialog.run() {
        Ok(answer) => {
            if let Some(slot) = &options.draft {
                slot.discard();
            }
            answer
        }
        Err(stop) => {
            // What was entered is kept when the form closed without the person's answer;
            // their own Esc, Ctrl+C or Ctrl+D ends the draft with the form.
            if let Some(slot) = &options.draft {
                match stop {
                    Stop::Timeout | Stop::Signal | Stop::Lost => {
                        slot.keep(form, &dialog.states);
                    }
                    _ => slot.discard(),
                }
            }
            // The terminal may be gone; the answer is cancel whether this shows or not.
            let _ = dialog.farewell(&stop.farewell());
            Answer::Cancel
        }
    };
    Ok(answer)
}

/// Rows kept free below the introduction for the first field: an introduction that leaves
/// fewer is paged, so that drawing the field never scrolls the message's start away unread.
const ROOM_FOR_A_FIELD: usize = 6;

/// What the person chose at the review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decision {
    Submit,
    Change(usize),
    Decline,
    /// Decline this form and every one waiting behind it (a proxy's run of forms).
    DeclineAll,
    Cancel,
}

/// The dialog's state: the form, what has been entered, and the terminal.
struct TerminalDialog<'a> {
    form: &'a Form,
    options: &'a Presentation,
    states: Vec<FieldState>,
    tty: Tty,
}

impl TerminalDialog<'_> {
    /// Asks every field, then reviews until the person decides.
    fn run(&mut self) -> Result<Answer, Stop> {
        self.intro()?;
        for i in 0..self.form.fields.len() {
            self.ask_any(i)?;
        }
        loop {
            self.review()?;
            match self.decide()? {
                Decision::Submit => match answer::content(self.form, &self.states) {
                    Ok(content) => {
                        self.farewell(&t!("term-answer-sent"))?;
                        return Ok(Answer::Accept(content));
                    }
                    // Every field was checked when it was answered, so this is a safety net.
                    Err(problems) => {
                        let form = self.form;
                        let lines: Vec<Line> = problems
                            .iter()
                            .map(|(i, problem)| {
                                Line::styled(
                                    format!(
                                        "! {}: {}",
                                        form.fields[*i].label,
                                        crate::model::describe::problem(problem)
                                    ),
                                    Style::Error,
                                )
                                .indent(2)
                            })
                            .collect();
                        self.tty.print(&lines)?;
                        if let Some(&(first, _)) = problems.first() {
                            self.ask_any(first)?;
                        }
                    }
                },
                Decision::Change(i) => self.ask_any(i)?,
                Decision::Decline => {
                    self.farewell(&t!("term-declined"))?;
                    return Ok(Answer::Decline);
                }
                Decision::DeclineAll => {
                    if let Some(count) = self.confirm_decline_all()? {
                        self.farewell(&t!("term-declined-all", count = count))?;
                        return Ok(Answer::DeclineAll);
                    }
                }
                Decision::Cancel => return Err(Stop::Key),
            }
        }
    }

    /// `NAME asks:`, when `--server` names who asks. It heads the introduction, stays pinned
    /// above the message while it is paged, and is repeated above every field, so the real
    /// asker is always in view, never scrolled away behind a message that imitates it.
    fn asker_line(&self) -> Vec<Line> {
        let asker = describe::asker(self.options.server.as_deref(), self.options.via.as_deref());
        let place = self
            .options
            .queue
            .as_ref()
            .map(|live| live.get())
            .filter(|place| place.total > 1)
            .map(|place| describe::queue_place(place, self.options.server.as_deref()));
        asker
            .into_iter()
            .map(|asker| Line::styled(asker, Style::Strong))
            .chain(place.map(|place| Line::styled(place, Style::Weak)))
            .collect()
    }

    /// How many forms "decline all" would answer, when it is offered (two or more).
    fn decline_all_count(&self) -> Option<usize> {
        self.options
            .queue
            .as_ref()
            .map(|live| live.get().left())
            .filter(|&n| n >= 2)
    }

    /// Asks once more before declining them all: the count when the person says yes.
    fn confirm_decline_all(&mut self) -> Result<Option<usize>, Stop> {
        let Some(count) = self.decline_all_count() else {
            return Ok(None);
        };
        let question = self.hint_line(&t!("term-queue-confirm", count = count));
        if self.tty.is_dumb() {
            self.tty.print(std::slice::from_ref(&question))?;
            let typed = self.tty.read_line("> ")?;
            let yes = matches!(typed.trim().to_lowercase().as_str(), "y" | "yes");
            return Ok(yes.then_some(count));
        }
        self.tty.draw(std::slice::from_ref(&question))?;
        let yes = loop {
            match self.tty.next()? {
                Input::Key(key) if cancels(&key) => return Err(Stop::Key),
                Input::Key(key) => break key.code == KeyCode::Char('y'),
                Input::Paste(_) => break false,
                Input::Redraw => self.tty.draw(std::slice::from_ref(&question))?,
            }
        };
        self.tty.draw(&[question])?;
        self.tty.commit()?;
        Ok(yes.then_some(count))
    }

    /// Who asks, the message, and how the dialog works: printed at once when it fits on the
    /// screen with room for a field below it, else paged from its top (see [`Self::page`]).
    fn intro(&mut self) -> Result<(), Stop> {
        let mut lines = Vec::new();
        for title in [&self.options.title, &self.form.title]
            .into_iter()
            .flatten()
        {
            // One line, set apart: a title cannot draw a heading of ours, nor reorder one.
            lines.push(Line::styled(
                crate::text::untrusted::name(title),
                Style::Strong,
            ));
        }
        match self.options.markdown {
            Markdown::On => lines.extend(text::markdown_lines(&self.form.message)),
            Markdown::Off => lines.push(Line::styled(
                crate::text::untrusted::contained(&self.form.message).into_owned(),
                Style::Plain,
            )),
        }
        if let Some(description) = &self.form.description {
            lines.push(Line::styled(description.clone(), Style::Weak));
        }
        if let Some(notice) = self.options.draft.as_ref().and_then(|slot| slot.notice()) {
            lines.push(Line::new());
            lines.push(Line::styled(notice, Style::Strong));
        }
        let mut how = match self.form.fields.len() {
            0 => vec![t!("term-nothing-to-fill")],
            n => {
                let mut fields = t!("term-fields", n = n);
                if self.form.fields.iter().any(|f| f.required) {
                    fields = t!("term-required-marked", fields = fields);
                }
                vec![fields, t!("term-enter-keeps")]
            }
        };
        how.push(if self.tty.is_dumb() {
            t!("term-line-cancels")
        } else {
            t!("term-esc-cancels")
        });
        if let Some(seconds) = self.tty.seconds_left() {
            how.push(t!(
                "term-answer-within",
                time = crate::model::describe::time_left(seconds)
            ));
        }
        lines.push(Line::new());
        lines.push(Line::styled(format!("{}.", how.join(". ")), Style::Weak));
        lines.push(Line::new());
        let header: Vec<Line> = self.asker_line().into_iter().collect();
        let (_, height) = self.tty.size();
        let width = self.tty.width();
        let rows = text::height(&header, width) + text::height(&lines, width);
        // A dumb terminal cannot page: it scrolls, and the person scrolls back.
        if rows + ROOM_FOR_A_FIELD < height || self.tty.is_dumb() {
            let all: Vec<Line> = header.into_iter().chain(lines).collect();
            return self.tty.print(&all);
        }
        self.page(&header, &lines)
    }

    /// Shows `body` a screen at a time below the pinned `header`, from the top: PageDown,
    /// Space and Enter turn the page and, on the last one, go on to the fields; PageUp, the
    /// arrows, Home and End move about. The last page is left on screen.
    fn page(&mut self, pinned: &[Line], body: &[Line]) -> Result<(), Stop> {
        let mut top = 0;
        loop {
            let (_, height) = self.tty.size();
            let width = self.tty.width();
            let rows = text::layout(body, width).rows;
            // The hint is drawn once to measure it, at its longest: its words depend on what
            // is below.
            let pager_keys = t!("term-pager-keys");
            let longest = t!("term-more-lines-below", n = rows.len(), keys = &pager_keys);
            let mut hint_rows = text::height(&[self.hint_line(&longest)], width);
            // A screen too short for the pinned lines, the hint and a row of the message
            // keeps the message: the pinned lines go first, then the hint is cut to a row.
            let header = if text::height(pinned, width) + hint_rows + 2 > height {
                &[]
            } else {
                pinned
            };
            let squeezed = hint_rows + 2 > height;
            if squeezed {
                hint_rows = 1;
            }
            let page = height
                .saturating_sub(1 + text::height(header, width) + hint_rows)
                .max(1);
            let last_top = rows.len().saturating_sub(page);
            top = top.min(last_top);
            let end = (top + page).min(rows.len());
            let below = rows.len() - end;
            let hint = if below > 0 {
                t!("term-more-lines-below", n = below, keys = &pager_keys)
            } else {
                t!("term-end-of-message")
            };
            let shown = |with_hint: Option<Line>| -> Vec<Line> {
                header
                    .iter()
                    .cloned()
                    .chain(rows[top..end].iter().map(|row| text::row_line(row, None)))
                    .chain(with_hint)
                    .collect()
            };
            let hint = if squeezed {
                Line::styled(text::truncate(&hint, width.saturating_sub(1)), Style::Weak)
            } else {
                self.hint_line(&hint)
            };
            self.tty.draw(&shown(Some(hint)))?;
            let key = match self.tty.next()? {
                Input::Key(key) if cancels(&key) => return Err(Stop::Key),
                Input::Key(key) => key,
                Input::Paste(_) | Input::Redraw => continue,
            };
            match key.code {
                KeyCode::PageDown | KeyCode::Enter | KeyCode::Char(' ') if below == 0 => {
                    self.tty.draw(&shown(None))?;
                    return self.tty.commit();
                }
                KeyCode::PageDown | KeyCode::Enter | KeyCode::Char(' ') => top += page,
                KeyCode::Down | KeyCode::Char('j') => top += 1,
                KeyCode::Up | KeyCode::Char('k') => top = top.saturating_sub(1),
                KeyCode::PageUp | KeyCode::Char('b') => top = top.saturating_sub(page),
                KeyCode::Home | KeyCode::Char('g') => top = 0,
                KeyCode::End | KeyCode::Char('G') => top = last_top,
                _ => {}
            }
        }
    }

    /// Asks field `i` the way the terminal can: on screen, or line by line when it is dumb.
    fn ask_any(&mut self, i: usize) -> Result<(), Stop> {
        if self.tty.is_dumb() {
            self.ask_line(i)
        } else {
            self.ask(i)
        }
    }

    /// Asks field `i` on a dumb terminal: prints it, then reads lines until one answers it
    /// with a valid value (see [`prompts::from_line`]); a problem is printed and asked again.
    fn ask_line(&mut self, i: usize) -> Result<(), Stop> {
        let form = self.form;
        let field = &form.fields[i];
        let mut lines: Vec<Line> = self.asker_line().into_iter().collect();
        lines.extend(prompts::line_prompt(
            field,
            &self.states[i],
            (i + 1, form.fields.len()),
            self.options.markdown,
        ));
        self.tty.print(&lines)?;
        loop {
            let typed = self.tty.read_line("> ")?;
            let problem = match prompts::from_line(field, &self.states[i], &typed) {
                Some(state) => match crate::model::validate::field_value(field, &state) {
                    Ok(_) => {
                        self.states[i] = state;
                        return Ok(());
                    }
                    Err(problem) => describe::problem(&problem),
                },
                None => prompts::line_hint(field),
            };
            self.tty
                .print(&[Line::styled(format!("! {problem}"), Style::Error).indent(2)])?;
        }
    }

    /// Asks field `i` until it holds a valid value, then leaves a one-line summary.
    fn ask(&mut self, i: usize) -> Result<(), Stop> {
        let form = self.form;
        let field = &form.fields[i];
        let position = (i + 1, form.fields.len());
        let mut prompt =
            FieldPrompt::new(field, &self.states[i], position).markdown(self.options.markdown);
        loop {
            let (_, height) = self.tty.size();
            let width = self.tty.width();
            let hint = self.hint_line(&t!("term-esc-cancel", keys = prompt.keys()));
            let lines = fit_field(&prompt, self.asker_line(), hint, width, height);
            let next = self.tty.draw(&lines).and_then(|()| self.tty.next());
            let next = next.inspect_err(|_| {
                // Text half typed into the field is part of what a draft keeps.
                self.states[i] = prompt.state();
            });
            match next? {
                Input::Key(key) if cancels(&key) => return Err(Stop::Key),
                Input::Key(key) => match prompt.key(&key) {
                    Flow::Continue => {}
                    Flow::Done => break,
                    Flow::Eof => return Err(Stop::Eof),
                },
                Input::Paste(text) => prompt.paste(&text),
                Input::Redraw => {}
            }
        }
        self.states[i] = prompt.state();
        let summary = self.summary_line(i, Some(position));
        self.tty.print(&[summary])
    }

    /// `[3/7] Label *: value`, cut to one row.
    fn summary_line(&self, i: usize, position: Option<(usize, usize)>) -> Line {
        let field = &self.form.fields[i];
        let (value, style) = prompts::answer_text(field, &self.states[i]);
        let label = prompts::label_line(field, position).push(": ", Style::Plain);
        let used: usize = label.spans.iter().map(|(s, _)| text::text_width(s)).sum();
        let room = self.tty.width().saturating_sub(used).max(12);
        label.push(text::truncate(&value, room), style)
    }

    /// Lists every answer, numbered for changing, each value whole (see [`crate::text::untrusted::escaped`]).
    fn review(&mut self) -> Result<(), Stop> {
        let fields = &self.form.fields;
        // After the fields' summaries a blank line; right after the introduction, none.
        let mut lines = Vec::new();
        if !fields.is_empty() {
            lines.push(Line::new());
        }
        lines.push(Line::styled(t!("term-review"), Style::Strong));
        let width = self.tty.width();
        let digits = fields.len().to_string().len();
        let label_width = fields
            .iter()
            .map(|f| text::text_width(&f.label) + if f.required { 2 } else { 0 })
            .max()
            .unwrap_or(0)
            .min(width / 3);
        for (i, field) in fields.iter().enumerate() {
            let mark = if field.required { " *" } else { "" };
            let room = label_width.saturating_sub(mark.len());
            let label = text::truncate(&field.label, room);
            let pad = label_width.saturating_sub(text::text_width(&label) + mark.len());
            let head = format!("  {:>digits$}. ", i + 1);
            let used = text::text_width(&head) + label_width + 2;
            let (value, style) = prompts::answer_text(field, &self.states[i]);
            // What will be sent, whole: a default of "approve", 60 line breaks and "ALSO:
            // transfer all funds" was cut to its first row (issue 54, item 8). Its line
            // breaks, controls and blank-looking characters are escapes, and it wraps under
            // itself, as long as it is.
            let indent = if used + 12 <= width { used } else { 4 };
            lines.push(
                Line::styled(head, Style::Weak)
                    .push(label, Style::Strong)
                    .push(mark, Style::Required)
                    .push(" ".repeat(pad + 2), Style::Plain)
                    .push(crate::text::untrusted::escaped(&value), style)
                    .indent(indent),
            );
        }
        if fields.is_empty() {
            lines.push(Line::styled(
                format!("  {}", t!("term-no-fields")),
                Style::Weak,
            ));
        }
        self.tty.print(&lines)
    }

    /// Asks what to do with the answers.
    fn decide(&mut self) -> Result<Decision, Stop> {
        let count = self.form.fields.len();
        let question = match count {
            0 => t!("term-review-keys-none"),
            1 => t!("term-review-keys-one"),
            n => t!("term-review-keys-many", n = n.to_string()),
        };
        let decline_all = self.decline_all_count();
        let queue_line =
            decline_all.map(|count| self.hint_line(&t!("term-queue-keys", count = count)));
        if self.tty.is_dumb() {
            let mut lines = vec![self.hint_line(&question)];
            lines.extend(queue_line.clone());
            self.tty.print(&lines)?;
            loop {
                let typed = self.tty.read_line("> ")?;
                if let Some(decision) = decision(&typed, count, decline_all.is_some()) {
                    return Ok(decision);
                }
                let problem = match count {
                    0 => t!("term-review-help-none"),
                    n => t!("term-review-help-many", n = n.to_string()),
                };
                self.tty
                    .print(&[Line::styled(format!("! {problem}"), Style::Error).indent(2)])?;
            }
        }
        let mut editor = Editor::new("", Lines::Single);
        let mut problem: Option<String> = None;
        loop {
            let (_, height) = self.tty.size();
            let width = self.tty.width();
            let hint = self.hint_line(&question);
            let problem_line = problem
                .as_ref()
                .map(|problem| Line::styled(format!("! {problem}"), Style::Error).indent(2));
            // What was typed scrolls in the rows the hint and the problem leave, noting
            // what it hides, rather than being cut from the top.
            let taken = text::height(std::slice::from_ref(&hint), width)
                + queue_line
                    .as_ref()
                    .map_or(0, |q| text::height(std::slice::from_ref(q), width))
                + problem_line
                    .as_ref()
                    .map_or(0, |p| text::height(std::slice::from_ref(p), width));
            let room = height.saturating_sub(1 + taken).max(1);
            let mut lines = vec![hint];
            lines.extend(queue_line.clone());
            lines.extend(text::scrolled(&prompts::command_line(&editor), width, room));
            lines.extend(problem_line);
            self.tty.draw(&lines)?;
            let edit = match self.tty.next()? {
                Input::Key(key) if cancels(&key) => return Err(Stop::Key),
                Input::Key(key) => editor.key(&key),
                Input::Paste(text) => editor.paste(&text),
                Input::Redraw => Edit::Unchanged,
            };
            match edit {
                Edit::Submit => match decision(&editor.text(), count, decline_all.is_some()) {
                    Some(decision) => {
                        self.tty.draw(&[prompts::command_line(&editor)])?;
                        self.tty.commit()?;
                        return Ok(decision);
                    }
                    None => {
                        problem = Some(match count {
                            0 => t!("term-review-help-none"),
                            n => t!("term-review-help-many", n = n.to_string()),
                        });
                    }
                },
                Edit::Eof => return Err(Stop::Eof),
                Edit::Changed => problem = None,
                Edit::Unchanged | Edit::Other => {}
            }
        }
    }

    /// The keys of the moment, and the time left when there is a timeout.
    fn hint_line(&self, keys: &str) -> Line {
        let mut line = Line::styled(format!("  {keys}"), Style::Weak).indent(2);
        if let Some(seconds) = self.tty.seconds_left() {
            let style = if seconds <= 10 {
                Style::Error
            } else {
                Style::Weak
            };
            line = line.push(
                format!(
                    " · {}",
                    t!(
                        "term-time-left",
                        time = crate::model::describe::time_left(seconds)
                    )
                ),
                style,
            );
        }
        line
    }

    /// Leaves whatever is on screen and says goodbye.
    fn farewell(&mut self, text: &str) -> Result<(), Stop> {
        self.tty.commit()?;
        self.tty.print(&[Line::styled(text, Style::Weak)])
    }
}

/// The frame of a field being answered on a screen `height` rows tall: who asks, the prompt
/// and the key hints, in the rows the live region may take (all but one, see `Tty::paint`).
///
/// On a small screen lists and values scroll down to three rows first, then the key hints are
/// cut to one row, then the help shortens and goes and lists and values scroll down to their
/// focused row (see [`FieldPrompt::lines`]), then who asks is left out; the label, that row,
/// the problem and a row of key hints stay.
fn fit_field(
    prompt: &FieldPrompt,
    asker: Vec<Line>,
    hint: Line,
    width: usize,
    height: usize,
) -> Vec<Line> {
    let rows = height.saturating_sub(1).max(1);
    let height_of = |line: &Line| text::height(std::slice::from_ref(line), width);
    let essential = prompt.min_rows(width);
    let asker_rows = text::height(&asker, width);
    let hint = if prompt.comfortable_rows(width) + height_of(&hint) + asker_rows > rows {
        let plain: String = hint.spans.iter().map(|(s, _)| s.as_str()).collect();
        let style = hint.spans.last().map_or(Style::Weak, |(_, style)| *style);
        Line::styled(
            text::truncate(plain.trim_start(), width.saturating_sub(1)),
            style,
        )
    } else {
        hint
    };
    let hint_rows = height_of(&hint);
    // Who asks (and the place in a run of forms) goes before the field's essentials do.
    let asker = if essential + hint_rows + asker_rows <= rows {
        asker
    } else {
        Vec::new()
    };
    let asker_rows = text::height(&asker, width);
    let mut lines: Vec<Line> = asker;
    lines.extend(prompt.lines(width, rows.saturating_sub(asker_rows + hint_rows)));
    lines.push(hint);
    lines
}

/// Whether a key cancels the dialog: Esc or Ctrl+C.
fn cancels(key: &KeyEvent) -> bool {
    key.code == KeyCode::Esc
        || (key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL))
}

/// Reads the review's command: Enter alone (or `s`) submits, a number changes that field;
/// `a` declines them all where that is offered.
fn decision(typed: &str, fields: usize, decline_all: bool) -> Option<Decision> {
    let typed = typed.trim().to_lowercase();
    match typed.as_str() {
        "" | "s" | "submit" | "y" | "yes" => Some(Decision::Submit),
        "d" | "decline" => Some(Decision::Decline),
        "a" | "all" if decline_all => Some(Decision::DeclineAll),
        "c" | "cancel" | "q" | "quit" => Some(Decision::Cancel),
        number => match number.parse::<usize>() {
            Ok(n) if (1..=fields).contains(&n) => Some(Decision::Change(n - 1)),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyEvent;

    /// Issue 30, item 17: on a small screen the key hints are cut to one row before who asks
    /// is left out, and the label, the value and the problem stay.
    #[test]
    fn a_small_screen_cuts_the_hints_then_leaves_out_who_asks() {
        let schema = serde_json::json!({"properties": {
            "severity": {"type": "number", "title": "Severity", "maximum": 5,
                "description": "1 = cosmetic, 5 = blocks the release."}},
            "required": ["severity"]});
        let form = Form::from_schema("m".into(), &schema).expect("valid schema");
        let field = &form.fields[0];
        let mut prompt = FieldPrompt::new(field, &FieldState::initial(field), (2, 3));
        for code in [KeyCode::Char('9'), KeyCode::Enter] {
            prompt.key(&KeyEvent::new(code, KeyModifiers::NONE));
        }
        let asker = || vec![Line::styled("tracker asks:", Style::Strong)];
        let hint = || Line::styled("  Enter: next · Esc: cancel", Style::Weak).indent(2);
        let shown = |height: usize| -> Vec<String> {
            let lines = fit_field(&prompt, asker(), hint(), 19, height);
            text::layout(&lines, 19)
                .rows
                .iter()
                .map(|row| row.spans.iter().map(|(s, _)| s.as_str()).collect())
                .collect()
        };
        assert_eq!(
            shown(9),
            [
                "tracker asks:",
                "[2/3] Severity *",
                "  1 = cosmetic, 5 =",
                "  blocks the…",
                "> 9",
                "! Must be at most 5",
                "  Enter: next ·",
                "  Esc: cancel"
            ]
        );
        assert_eq!(
            shown(6),
            [
                "tracker asks:",
                "[2/3] Severity *",
                "> 9",
                "! Must be at most 5",
                "Enter: next · Esc…"
            ]
        );
        assert_eq!(
            shown(5),
            [
                "[2/3] Severity *",
                "> 9",
                "! Must be at most 5",
                "Enter: next · Esc…"
            ]
        );
    }

    #[test]
    fn review_commands() {
        let cases: &[(&str, Option<Decision>)] = &[
            ("", Some(Decision::Submit)),
            (" S ", Some(Decision::Submit)),
            ("d", Some(Decision::Decline)),
            ("cancel", Some(Decision::Cancel)),
            ("2", Some(Decision::Change(1))),
            ("3", None),
            ("0", None),
            ("x", None),
        ];
        for &(typed, expected) in cases {
            assert_eq!(decision(typed, 2, false), expected, "{typed:?}");
        }
    }

    /// "Decline all" is a command only in a proxy's run of forms with others waiting.
    #[test]
    fn decline_all_is_a_command_only_where_offered() {
        assert_eq!(decision("a", 2, true), Some(Decision::DeclineAll));
        assert_eq!(decision(" All ", 0, true), Some(Decision::DeclineAll));
        assert_eq!(decision("a", 2, false), None);
    }
}

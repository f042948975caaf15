//! A small line editor: the text being typed and where the cursor is, changed key by key.
//!
//! The keys are the usual readline ones: arrows, Home/End, Backspace/Delete, Ctrl+A/E/U/K/W.
//! In multi-line text, Alt+Enter (or Ctrl+J, which every terminal sends the same way) starts a
//! new line and Enter finishes; Ctrl+D on an empty line means end of input.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key did to the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// The text changed.
    Changed,
    /// Only the cursor moved, or nothing happened.
    Unchanged,
    /// Enter: the person is done with this text.
    Submit,
    /// Ctrl+D on an empty line: end of input.
    Eof,
    /// A key the editor does not use (Up and Down in single-line text, Tab...).
    Other,
}

/// Whether Enter with Alt (or Ctrl+J) may start a new line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    /// One line only: numbers, dates, the review's command.
    Single,
    /// Text that may hold line breaks.
    Multi,
}

/// Text being edited, as characters, with the cursor before `cursor`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    chars: Vec<char>,
    cursor: usize,
    lines: Lines,
}

impl Editor {
    /// An editor holding `text`, the cursor at its end.
    pub fn new(text: &str, lines: Lines) -> Self {
        let chars: Vec<char> = text.chars().collect();
        Self {
            cursor: chars.len(),
            chars,
            lines,
        }
    }

    /// The text as typed.
    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// Where the cursor is, in characters from the start.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Replaces the whole text, the cursor at its end.
    pub fn set_text(&mut self, text: &str) {
        self.chars = text.chars().collect();
        self.cursor = self.chars.len();
    }

    /// Inserts pasted text at the cursor. Line breaks are kept in multi-line text and become
    /// spaces otherwise; other control characters are dropped.
    pub fn paste(&mut self, text: &str) -> Edit {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let before = self.chars.len();
        for c in text.chars() {
            match c {
                '\n' if self.lines == Lines::Multi => self.insert('\n'),
                '\n' => self.insert(' '),
                '\t' => self.insert('\t'),
                c if c.is_control() => {}
                c => self.insert(c),
            }
        }
        if self.chars.len() == before {
            Edit::Unchanged
        } else {
            Edit::Changed
        }
    }

    fn insert(&mut self, c: char) {
        self.chars.insert(self.cursor, c);
        self.cursor += 1;
    }

    /// Applies one key press.
    pub fn key(&mut self, key: &KeyEvent) -> Edit {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        match key.code {
            KeyCode::Enter if (alt || shift) && self.lines == Lines::Multi => self.newline(),
            KeyCode::Char('j') if ctrl && self.lines == Lines::Multi => self.newline(),
            KeyCode::Enter if !alt && !shift => Edit::Submit,
            KeyCode::Char('d') if ctrl => {
                if self.chars.is_empty() {
                    Edit::Eof
                } else {
                    self.delete_at(self.cursor)
                }
            }
            KeyCode::Char('a') if ctrl => self.move_to(self.line_start()),
            KeyCode::Char('e') if ctrl => self.move_to(self.line_end()),
            KeyCode::Char('b') if ctrl => self.move_to(self.cursor.saturating_sub(1)),
            KeyCode::Char('f') if ctrl => self.move_to((self.cursor + 1).min(self.chars.len())),
            KeyCode::Char('u') if ctrl => self.delete_range(self.line_start(), self.cursor),
            KeyCode::Char('k') if ctrl => self.delete_range(self.cursor, self.line_end()),
            KeyCode::Char('w') if ctrl => self.delete_range(self.word_start(), self.cursor),
            KeyCode::Char('h') if ctrl => self.backspace(),
            KeyCode::Char(c) if !ctrl && !alt => {
                self.insert(c);
                Edit::Changed
            }
            KeyCode::Backspace => self.backspace(),
            KeyCode::Delete => self.delete_at(self.cursor),
            KeyCode::Left => self.move_to(self.cursor.saturating_sub(1)),
            KeyCode::Right => self.move_to((self.cursor + 1).min(self.chars.len())),
            KeyCode::Home => self.move_to(self.line_start()),
            KeyCode::End => self.move_to(self.line_end()),
            KeyCode::Up if self.lines == Lines::Multi && self.line_start() > 0 => {
                let column = self.cursor - self.line_start();
                let end = self.line_start() - 1;
                let start = self.chars[..end]
                    .iter()
                    .rposition(|&c| c == '\n')
                    .map_or(0, |i| i + 1);
                self.move_to((start + column).min(end))
            }
            KeyCode::Down if self.lines == Lines::Multi && self.line_end() < self.chars.len() => {
                let column = self.cursor - self.line_start();
                let start = self.line_end() + 1;
                let end = self.chars[start..]
                    .iter()
                    .position(|&c| c == '\n')
                    .map_or(self.chars.len(), |i| start + i);
                self.move_to((start + column).min(end))
            }
            _ => Edit::Other,
        }
    }

    fn newline(&mut self) -> Edit {
        self.insert('\n');
        Edit::Changed
    }

    fn backspace(&mut self) -> Edit {
        if self.cursor == 0 {
            return Edit::Unchanged;
        }
        self.cursor -= 1;
        self.chars.remove(self.cursor);
        Edit::Changed
    }

    fn delete_at(&mut self, at: usize) -> Edit {
        if at >= self.chars.len() {
            return Edit::Unchanged;
        }
        self.chars.remove(at);
        Edit::Changed
    }

    fn delete_range(&mut self, from: usize, to: usize) -> Edit {
        if from >= to {
            return Edit::Unchanged;
        }
        self.chars.drain(from..to);
        self.cursor = from;
        Edit::Changed
    }

    fn move_to(&mut self, at: usize) -> Edit {
        self.cursor = at;
        Edit::Unchanged
    }

    /// Where the line holding the cursor starts.
    fn line_start(&self) -> usize {
        self.chars[..self.cursor]
            .iter()
            .rposition(|&c| c == '\n')
            .map_or(0, |i| i + 1)
    }

    /// Where the line holding the cursor ends (at its `'\n'` or the end of the text).
    fn line_end(&self) -> usize {
        self.chars[self.cursor..]
            .iter()
            .position(|&c| c == '\n')
            .map_or(self.chars.len(), |i| self.cursor + i)
    }

    /// Where the word before the cursor starts, skipping spaces first.
    fn word_start(&self) -> usize {
        let mut at = self.cursor;
        while at > 0 && self.chars[at - 1].is_whitespace() {
            at -= 1;
        }
        while at > 0 && !self.chars[at - 1].is_whitespace() {
            at -= 1;
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn ctrl(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    fn typed(editor: &mut Editor, text: &str) {
        for c in text.chars() {
            editor.key(&key(KeyCode::Char(c)));
        }
    }

    #[test]
    fn typing_and_moving() {
        let mut e = Editor::new("ac", Lines::Single);
        e.key(&key(KeyCode::Left));
        typed(&mut e, "b");
        assert_eq!((e.text().as_str(), e.cursor()), ("abc", 2));
        e.key(&key(KeyCode::Home));
        e.key(&key(KeyCode::Delete));
        e.key(&key(KeyCode::End));
        e.key(&key(KeyCode::Backspace));
        assert_eq!(e.text(), "b");
        typed(&mut e, "한국");
        assert_eq!((e.text().as_str(), e.cursor()), ("b한국", 3));
    }

    #[test]
    fn readline_keys() {
        let mut e = Editor::new("one two three", Lines::Single);
        assert_eq!(e.key(&ctrl('w')), Edit::Changed);
        assert_eq!(e.text(), "one two ");
        e.key(&ctrl('a'));
        e.key(&ctrl('k'));
        assert_eq!(e.text(), "");
        e.set_text("keep");
        e.key(&ctrl('u'));
        assert_eq!(e.text(), "");
    }

    #[test]
    fn enter_submits_and_alt_enter_or_ctrl_j_breaks_the_line() {
        let mut e = Editor::new("a", Lines::Multi);
        assert_eq!(
            e.key(&KeyEvent::new(KeyCode::Enter, KeyModifiers::ALT)),
            Edit::Changed
        );
        typed(&mut e, "b");
        e.key(&ctrl('j'));
        typed(&mut e, "c");
        assert_eq!(e.text(), "a\nb\nc");
        assert_eq!(e.key(&key(KeyCode::Enter)), Edit::Submit);
        let mut single = Editor::new("a", Lines::Single);
        assert_eq!(single.key(&ctrl('j')), Edit::Other);
        assert_eq!(single.text(), "a");
    }

    #[test]
    fn up_and_down_move_between_lines() {
        let mut e = Editor::new("abcd\nef", Lines::Multi);
        e.key(&key(KeyCode::Up));
        assert_eq!(e.cursor(), 2, "column 2 of the first line");
        e.key(&key(KeyCode::End));
        e.key(&key(KeyCode::Down));
        assert_eq!(e.cursor(), 7, "the end of the shorter second line");
        assert_eq!(
            Editor::new("x", Lines::Single).key(&key(KeyCode::Up)),
            Edit::Other
        );
    }

    #[test]
    fn ctrl_d_is_end_of_input_only_on_an_empty_line() {
        let mut e = Editor::new("ab", Lines::Single);
        e.key(&key(KeyCode::Home));
        assert_eq!(e.key(&ctrl('d')), Edit::Changed);
        assert_eq!(e.text(), "b");
        e.key(&ctrl('d'));
        assert_eq!(e.key(&ctrl('d')), Edit::Eof);
    }

    /// Issue 30 item 21: `docs/terminal.md` lists what a paste drops (ESC, BEL, NUL, Backspace,
    /// DEL, the C0 and C1 controls) and what it keeps (tabs, line breaks); this holds the code
    /// to that list.
    #[test]
    fn paste_drops_exactly_the_documented_control_characters() {
        let dropped: Vec<char> = ('\u{0}'..='\u{1F}')
            .chain('\u{7F}'..='\u{9F}')
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        for c in dropped {
            let mut editor = Editor::new("", Lines::Multi);
            assert_eq!(editor.paste(&format!("a{c}b")), Edit::Changed);
            assert_eq!(editor.text(), "ab", "U+{:04X}", u32::from(c));
        }
        let mut editor = Editor::new("", Lines::Single);
        editor.paste("\u{1b}[31mred\u{7}\u{9b}0m\tx\r\ny");
        assert_eq!(editor.text(), "[31mred0m\tx y");
        let mut editor = Editor::new("", Lines::Multi);
        editor.paste("a\rb\r\nc\n");
        assert_eq!(editor.text(), "a\nb\nc\n");
    }

    #[test]
    fn paste_keeps_line_breaks_only_in_multi_line_text() {
        let mut multi = Editor::new("", Lines::Multi);
        multi.paste("a\r\nb\u{7}\tc");
        assert_eq!(multi.text(), "a\nb\tc");
        let mut single = Editor::new("", Lines::Single);
        single.paste("1\n2");
        assert_eq!(single.text(), "1 2");
    }
}

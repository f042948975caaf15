//! Styled lines and how they wrap into terminal rows.
//!
//! Pure functions on strings: what the dialog shows is built as [`Line`]s, then laid out into
//! [`Row`]s no wider than the terminal, counting each character's display width (a Korean or
//! Chinese character takes two columns). Control characters from the request are shown as `�`,
//! so a server cannot move the cursor or recolour the terminal through its message.

use unicode_width::UnicodeWidthChar;

use crate::model::markdown::{self, LineKind, MdLine};

/// How a piece of text looks; the [`super::tty::Theme`] turns it into colour or into nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Ordinary text.
    Plain,
    /// Labels and headings.
    Strong,
    /// Help text and key hints.
    Weak,
    /// The highlighted option, the prompt sign, values in the summary.
    Accent,
    /// Problems and the last seconds of a timeout.
    Error,
    /// The `*` of a required field.
    Required,
}

/// How a line breaks when it is wider than the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrap {
    /// Between words (and around wide characters), for prose.
    Words,
    /// After any character, for text being edited, so the cursor lands where it should.
    Chars,
}

/// One logical line of styled text, which may wrap into several rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The text, piece by piece. A `'\n'` inside starts a new row.
    pub spans: Vec<(String, Style)>,
    /// How many columns the rows after the first are indented, after a wrap or a `'\n'`.
    pub indent: usize,
    /// How the line breaks.
    pub wrap: Wrap,
    /// Where the cursor stands, as a character index into the line's text.
    pub cursor: Option<usize>,
}

/// A message read as Markdown ([`crate::model::markdown`]), as lines: headings and strong text bold,
/// code in the accent style, list markers and quote bars dim, nesting as indentation. Under
/// `NO_COLOR` the styles fall away and the indentation stays.
pub fn markdown_lines(source: &str) -> Vec<Line> {
    styled_lines(markdown::parse(source), Style::Plain, 0)
}

/// A field's help ([`crate::model::markdown::field_help`]) as lines, dim, indented by `margin`
/// columns under the field's label; strong text in it is bold, code in the accent style.
pub fn help_lines(help: Vec<MdLine>, margin: usize) -> Vec<Line> {
    styled_lines(help, Style::Weak, margin)
}

fn styled_lines(lines: Vec<MdLine>, base: Style, margin: usize) -> Vec<Line> {
    lines
        .into_iter()
        .map(|md| {
            let mut line = Line::new();
            line.indent = md.indent + margin;
            let prefix = format!("{}{}", " ".repeat(margin), md.prefix);
            if !prefix.is_empty() {
                line = line.push(prefix, Style::Weak);
            }
            match md.kind {
                LineKind::Rule => line = line.push("────────", Style::Weak),
                LineKind::Code => {
                    // Code keeps its line breaks and breaks anywhere rather than between words.
                    line.wrap = Wrap::Chars;
                    for span in md.spans {
                        line = line.push(span.text, Style::Accent);
                    }
                }
                LineKind::Text | LineKind::Heading(_) => {
                    for span in md.spans {
                        let style = if span.emphasis.strong {
                            Style::Strong
                        } else if span.emphasis.code {
                            Style::Accent
                        } else {
                            base
                        };
                        line = line.push(span.text, style);
                    }
                }
            }
            // Its spans, and their text, grew a piece at a time; a long paragraph (a Markdown
            // table is one to the terminal) would keep up to twice their room while the
            // message is shown.
            for (text, _) in &mut line.spans {
                text.shrink_to_fit();
            }
            line.spans.shrink_to_fit();
            line
        })
        .collect()
}

impl Line {
    /// An empty line that wraps between words.
    pub fn new() -> Self {
        Self {
            spans: Vec::new(),
            indent: 0,
            wrap: Wrap::Words,
            cursor: None,
        }
    }

    /// A line holding `text` in `style`.
    pub fn styled(text: impl Into<String>, style: Style) -> Self {
        Self::new().push(text, style)
    }

    /// Appends `text` in `style`.
    ///
    /// The isolation the request's text was given where it was read (FSI … PDI, see
    /// `crate::text::untrusted`) is dropped here: a terminal lays out no isolates, and shows every
    /// directional control as `�` anyway (the controls inside the text stay, as `�`).
    pub fn push(mut self, text: impl Into<String>, style: Style) -> Self {
        let text = text.into();
        let text = if text.contains('\u{2068}') {
            crate::text::untrusted::without_isolates(&text, '\u{2068}')
        } else {
            text
        };
        self.spans.push((text, style));
        self
    }

    /// Sets the indent of wrapped rows.
    pub fn indent(mut self, indent: usize) -> Self {
        self.indent = indent;
        self
    }

    /// Places the cursor before the character at `index` (of the whole line) and wraps after
    /// any character.
    pub fn cursor(mut self, index: usize) -> Self {
        self.cursor = Some(index);
        self.wrap = Wrap::Chars;
        self
    }
}

impl Default for Line {
    fn default() -> Self {
        Self::new()
    }
}

/// One terminal row: what to print, never wider than the width it was laid out for.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Row {
    /// Runs of text with one style each.
    pub spans: Vec<(String, Style)>,
}

impl Row {
    /// The row's text without styles.
    #[cfg(test)]
    pub fn text(&self) -> String {
        self.spans.iter().map(|(s, _)| s.as_str()).collect()
    }

    fn push(&mut self, c: char, style: Style) {
        match self.spans.last_mut() {
            Some((text, last)) if *last == style => text.push(c),
            _ => self.spans.push((c.to_string(), style)),
        }
    }
}

/// Rows laid out for the terminal, and where the cursor goes (row, column), if anywhere.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Layout {
    /// The rows, top to bottom.
    pub rows: Vec<Row>,
    /// The cursor's row and column.
    pub cursor: Option<(usize, usize)>,
}

/// How many columns `c` takes once shown (see [`shown`]).
pub fn char_width(c: char) -> usize {
    shown(c).width().unwrap_or(1)
}

/// How many columns `text` takes.
pub fn text_width(text: &str) -> usize {
    text.chars().map(char_width).sum()
}

/// The character shown for `c`: a tab is a space, any other control character `�`, and so is
/// a bidirectional control (see [`is_bidi_control`]).
pub fn shown(c: char) -> char {
    match c {
        '\t' => ' ',
        c if c.is_control() || is_bidi_control(c) => '\u{FFFD}',
        c => c,
    }
}

/// Whether `c` changes the direction of the text around it: the embeddings, overrides and
/// isolates, and the marks (ALM, LRM, RLM). A terminal that applies the bidirectional algorithm
/// would let one reorder the rest of the row (a label could read backwards, or a value seem to
/// be another), so the request's text never passes them through.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// Cuts `text` to at most `width` columns, ending in `…` when something was cut. Line breaks
/// become `↵`.
pub fn truncate(text: &str, width: usize) -> String {
    let text: String = text
        .chars()
        .map(|c| if c == '\n' { '↵' } else { c })
        .collect();
    if text_width(&text) <= width {
        return text;
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = char_width(c);
        if used + w + 1 > width {
            break;
        }
        used += w;
        out.push(shown(c));
    }
    out.push('…');
    out
}

/// How many rows `lines` take at `width`.
pub fn height(lines: &[Line], width: usize) -> usize {
    layout(lines, width).rows.len()
}

/// `line` in at most `rows` rows of `width` columns: all of it when it fits, else the rows
/// around its cursor (its first rows when it has none) with notes of how many rows are hidden
/// above and below (see [`window`]). For a value taller than the screen, which must not push
/// its label, its problem and the key hints out of view.
pub fn scrolled(line: &Line, width: usize, rows: usize) -> Vec<Line> {
    let laid = layout(std::slice::from_ref(line), width);
    let total = laid.rows.len();
    if total <= rows.max(1) {
        return vec![line.clone()];
    }
    let focus = laid.cursor.map_or(0, |(row, _)| row);
    let shown = window(total, focus, rows);
    let mut out = Vec::with_capacity(rows);
    if shown.above {
        out.push(note(t!("term-lines-above", n = shown.start)));
    }
    for (i, row) in laid.rows[shown.start..shown.end].iter().enumerate() {
        let cursor = laid
            .cursor
            .filter(|&(r, _)| r == shown.start + i)
            .map(|(_, col)| col);
        out.push(row_line(row, cursor));
    }
    if shown.below {
        out.push(note(t!("term-lines-below", n = total - shown.end)));
    }
    out
}

/// Which rows of a scrolled value or list are shown, and which notes of hidden rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The first row shown.
    pub start: usize,
    /// The row after the last one shown.
    pub end: usize,
    /// Whether a note says how many rows are hidden above.
    pub above: bool,
    /// Whether a note says how many rows are hidden below.
    pub below: bool,
}

/// Which of `total` rows to show in `rows` rows (notes included) so that row `focus` is in
/// view. Hidden rows get their note whenever there is a row for it: with three rows or more,
/// a note on each side that hides something; in two, the row and the note of the side that
/// hides more (above, once the focus has left the first row); only a single row has no room
/// for a note.
pub fn window(total: usize, focus: usize, rows: usize) -> Window {
    let rows = rows.max(1);
    let focus = focus.min(total.saturating_sub(1));
    let span = |start: usize, end: usize, above: bool, below: bool| Window {
        start,
        end,
        above,
        below,
    };
    if total <= rows {
        return span(0, total, false, false);
    }
    match rows {
        1 => span(focus, focus + 1, false, false),
        2 if focus == 0 => span(0, 1, false, true),
        2 => span(focus, focus + 1, true, false),
        _ => {
            let visible = rows - 2;
            let start = focus.saturating_sub(visible / 2).min(total - visible);
            if start == 0 {
                // Nothing hidden above: the note's row shows one more row.
                span(0, rows - 1, false, true)
            } else if start + visible == total {
                span(total - (rows - 1), total, true, false)
            } else {
                span(start, start + visible, true, true)
            }
        }
    }
}

/// `line` in at most `rows` rows: its first rows, the last of them ending in `…` when some
/// of the line is left out.
pub fn clipped(line: &Line, width: usize, rows: usize) -> Vec<Line> {
    let laid = layout(std::slice::from_ref(line), width);
    let rows = rows.max(1);
    if laid.rows.len() <= rows {
        return vec![line.clone()];
    }
    let mut out: Vec<Line> = laid.rows[..rows]
        .iter()
        .map(|row| row_line(row, None))
        .collect();
    if let Some(last) = out.last_mut() {
        let text: String = last.spans.iter().map(|(s, _)| s.as_str()).collect();
        let style = last.spans.last().map_or(Style::Plain, |(_, style)| *style);
        let kept = if text_width(&text) < width {
            format!("{text}…")
        } else {
            truncate(&format!("{text}…"), width)
        };
        *last = Line::styled(kept, style);
        last.wrap = Wrap::Chars;
    }
    out
}

/// A note of rows hidden above or below, indented under the value.
fn note(text: String) -> Line {
    Line::styled(format!("    {text}"), Style::Weak)
}

/// A laid-out row as a line of its own (it fits its width, so it lays out as the same row),
/// with the cursor at column `cursor`.
pub fn row_line(row: &Row, cursor: Option<usize>) -> Line {
    let mut line = Line {
        spans: row.spans.clone(),
        indent: 0,
        wrap: Wrap::Chars,
        cursor: None,
    };
    if let Some(col) = cursor {
        let mut used = 0;
        let mut index = 0;
        for c in row.spans.iter().flat_map(|(text, _)| text.chars()) {
            if used >= col {
                break;
            }
            used += char_width(c);
            index += 1;
        }
        line = line.cursor(index);
    }
    line
}

/// Lays `lines` out in rows of at most `width` columns.
pub fn layout(lines: &[Line], width: usize) -> Layout {
    let width = width.max(8);
    let mut out = Layout::default();
    for line in lines {
        let first_row = out.rows.len();
        let (rows, cursor) = wrap_line(line, width);
        if let Some((row, col)) = cursor {
            out.cursor = Some((first_row + row, col));
        }
        out.rows.extend(rows);
    }
    out
}

/// Wraps one line; returns its rows and the cursor within them.
fn wrap_line(line: &Line, width: usize) -> (Vec<Row>, Option<(usize, usize)>) {
    // The characters, and their styles beside them rather than in pairs: a pair takes 8 bytes
    // for a character's 4 and a style's 1, and a line can be a whole message (a Markdown
    // table is one paragraph to the terminal), 2.7 MB for a third of a 1 MB one (issue 46).
    let count: usize = line
        .spans
        .iter()
        .map(|(text, _)| text.chars().count())
        .sum();
    let mut chars: Vec<char> = Vec::with_capacity(count);
    let mut styles: Vec<Style> = Vec::with_capacity(count);
    for (text, style) in &line.spans {
        chars.extend(text.chars());
        styles.resize(chars.len(), *style);
    }
    // A right-to-left paragraph ends its rows at the right edge (Unicode bidi P2-P3 decide).
    // Text being edited keeps its columns, so that its cursor stays where it is drawn. Decided
    // now, and the text and the break opportunities dropped before the rows are made, so that
    // they are not all held at once.
    let (breaks, right_to_left) = match line.wrap {
        Wrap::Words => {
            let mut text = String::with_capacity(line.spans.iter().map(|(t, _)| t.len()).sum());
            text.extend(&chars);
            let right_to_left = line.cursor.is_none() && crate::text::bidi::is_right_to_left(&text);
            (break_opportunities(&chars, &text), right_to_left)
        }
        Wrap::Chars => (Vec::new(), false),
    };
    let indent = line.indent.min(width / 2);
    // Each row is a range of `chars` plus whether it is a continuation (indented) row.
    let mut ranges: Vec<(usize, usize, bool)> = Vec::new();
    let mut start = 0;
    let mut continued = false;
    while start <= chars.len() {
        let room = if continued { width - indent } else { width };
        let (end, next, next_continued) = row_end(&chars, &breaks, start, room, line.wrap);
        ranges.push((start, end, continued));
        if next > chars.len() {
            break;
        }
        start = next;
        continued = next_continued;
    }
    drop(breaks);
    let mut rows = Vec::with_capacity(ranges.len());
    let mut cursor = None;
    for (r, &(start, end, continued)) in ranges.iter().enumerate() {
        let mut row = Row::default();
        if continued && indent > 0 {
            row.spans.push((" ".repeat(indent), Style::Plain));
        }
        let mut col = if continued { indent } else { 0 };
        for (i, (&c, &style)) in (start..end).zip(chars[start..end].iter().zip(&styles[start..end]))
        {
            if line.cursor == Some(i) {
                cursor = Some((r, col));
            }
            row.push(shown(c), style);
            col += char_width(c);
        }
        // The cursor after the row's last character: here, unless the next row starts there.
        let next_start = ranges.get(r + 1).map(|&(s, _, _)| s);
        if let Some(at) = line.cursor
            && at >= end
            && next_start.is_none_or(|s| at < s)
            && cursor.is_none()
        {
            cursor = Some((r, col));
        }
        // A row's text grew a character at a time, to twice what it needs at worst; the rows
        // of a long message are kept while it is shown.
        for (text, _) in &mut row.spans {
            text.shrink_to_fit();
        }
        row.spans.shrink_to_fit();
        rows.push(row);
    }
    if right_to_left {
        for row in &mut rows {
            right_align(row, width);
        }
    }
    (rows, cursor)
}

/// Where prose may break: `breaks[i]` says a row may start at character `i`.
///
/// The Unicode line-breaking rules (UAX #14, through `unicode-linebreak`) decide: after spaces,
/// between Chinese and Japanese characters, never before closing punctuation such as `.`, `)`
/// or `。`, never after an opening one. Korean is tailored as UAX #14 allows for text that
/// puts spaces between words: it breaks at the spaces, never inside a word (`아래` stays
/// whole), so Hangul syllables and jamo next to each other keep together.
///
/// `text` is `chars` as a string.
fn break_opportunities(chars: &[char], text: &str) -> Vec<bool> {
    let mut at_byte = vec![false; text.len() + 1];
    for (byte, _) in unicode_linebreak::linebreaks(text) {
        at_byte[byte] = true;
    }
    let mut breaks = vec![false; chars.len() + 1];
    let mut byte = 0;
    for (i, &c) in chars.iter().enumerate() {
        breaks[i] = at_byte[byte] && !(i > 0 && is_hangul(chars[i - 1]) && is_hangul(c));
        byte += c.len_utf8();
    }
    breaks[chars.len()] = true;
    breaks
}

/// Whether `c` is Hangul: a syllable or a jamo.
fn is_hangul(c: char) -> bool {
    use unicode_linebreak::BreakClass;
    matches!(
        unicode_linebreak::break_property(u32::from(c)),
        BreakClass::HangulLvSyllable
            | BreakClass::HangulLvtSyllable
            | BreakClass::HangulLJamo
            | BreakClass::HangulVJamo
            | BreakClass::HangulTJamo
    )
}

/// Moves `row`'s text to the right edge of `width` columns: the indent of a continued row
/// and any spaces at either end go, spaces before the text fill the room.
fn right_align(row: &mut Row, width: usize) {
    let chars: Vec<(char, Style)> = row
        .spans
        .iter()
        .flat_map(|(text, style)| text.chars().map(move |c| (c, *style)))
        .collect();
    let start = chars.iter().position(|&(c, _)| c != ' ');
    let end = chars.iter().rposition(|&(c, _)| c != ' ');
    let mut aligned = Row::default();
    if let (Some(start), Some(end)) = (start, end) {
        let used: usize = chars[start..=end].iter().map(|&(c, _)| char_width(c)).sum();
        aligned
            .spans
            .push((" ".repeat(width.saturating_sub(used)), Style::Plain));
        for &(c, style) in &chars[start..=end] {
            aligned.push(c, style);
        }
    }
    *row = aligned;
}

/// Finds where a row that starts at `start` ends: returns (end, start of the next row, whether
/// the next row is indented). A `'\n'` ends the row and is dropped; so are the spaces at which
/// a line of words breaks. Prose breaks where `breaks` allows, and anywhere only when a word
/// is wider than the row.
fn row_end(
    chars: &[char],
    breaks: &[bool],
    start: usize,
    room: usize,
    wrap: Wrap,
) -> (usize, usize, bool) {
    let mut col = 0;
    let mut last_break: Option<usize> = None;
    for i in start..chars.len() {
        let c = chars[i];
        if c == '\n' {
            return (i, i + 1, true);
        }
        if wrap == Wrap::Words && i > start && breaks[i] {
            last_break = Some(i);
        }
        let w = char_width(c);
        if col + w > room && i > start {
            if wrap == Wrap::Words {
                if c == ' ' {
                    // Spaces that would start the next row are dropped; at the very end, the
                    // line simply ends.
                    let next = (i..chars.len())
                        .find(|&j| chars[j] != ' ')
                        .unwrap_or(chars.len());
                    return if next == chars.len() {
                        (i, chars.len() + 1, false)
                    } else {
                        (i, next, true)
                    };
                }
                if let Some(b) = last_break {
                    let mut end = b;
                    while end > start && chars[end - 1] == ' ' {
                        end -= 1;
                    }
                    return (end, b, true);
                }
            }
            return (i, i, true);
        }
        col += w;
    }
    (chars.len(), chars.len() + 1, false)
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;

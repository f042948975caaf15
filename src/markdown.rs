//! Markdown in a server's message and field descriptions, read into our own small model
//! (paragraphs, headings, code blocks, block quotes, lists, rules; strong, emphasis, code)
//! and flattened into indented lines that both front ends draw.
//!
//! A server writes this text, so nothing in it acts: links show their text followed by the
//! full URL and are not clickable, images are never fetched (their alt text and URL are shown
//! as text), raw HTML is shown as text, and nesting deeper than [`MAX_DEPTH`] is drawn at that
//! depth, so no message can push its text off the side or make the layout deep.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// The deepest nesting of lists and block quotes drawn; deeper ones are drawn at this depth.
pub const MAX_DEPTH: usize = 8;

/// How a piece of inline text is emphasised.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Emphasis {
    /// `**strong**`, and headings.
    pub strong: bool,
    /// `*emphasis*`.
    pub italic: bool,
    /// `` `code` ``: monospace.
    pub code: bool,
    /// A link's text, or the URL shown after it.
    pub link: bool,
}

/// A run of text with one emphasis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// The text, never containing markup characters that were markup.
    pub text: String,
    /// How it is emphasised.
    pub emphasis: Emphasis,
}

/// What kind of line a [`MdLine`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// Prose: a paragraph or a list item's text.
    Text,
    /// A heading, drawn as emphasised text of the ordinary size.
    Heading,
    /// A fenced or indented code block: monospace, not wrapped.
    Code,
    /// A thematic break.
    Rule,
}

/// One block of the message, flattened: its nesting as a prefix, then its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MdLine {
    /// What the line is.
    pub kind: LineKind,
    /// What stands before the first row: quote bars, bullets and numbers of its containers
    /// (`"› "`, `"• "`, `"3. "`).
    pub prefix: String,
    /// How many columns the rows after the first are indented, to line up under the text.
    pub indent: usize,
    /// The text.
    pub spans: Vec<Span>,
}

impl MdLine {
    /// The line's text without emphasis, as a screen reader reads it.
    pub fn plain(&self) -> String {
        let mut text = self.prefix.clone();
        for span in &self.spans {
            text.push_str(&span.text);
        }
        text
    }
}

/// One open container: a block quote or a list item, with what stands before its lines.
struct Container {
    /// The prefix of this container's first line and of the rest.
    first: String,
    rest: String,
    /// Whether a line was already emitted inside it (its marker goes on the first only).
    used: bool,
}

/// Reads `source` as CommonMark into lines.
pub fn parse(source: &str) -> Vec<MdLine> {
    let mut reader = Reader::default();
    for event in Parser::new(source) {
        reader.event(event);
    }
    reader.flush(LineKind::Text);
    reader.lines
}

/// The state while reading events.
#[derive(Default)]
struct Reader {
    lines: Vec<MdLine>,
    /// The open quotes and list items, outermost first, at most [`MAX_DEPTH`].
    containers: Vec<Container>,
    /// Containers opened beyond [`MAX_DEPTH`], whose ends are to be skipped.
    too_deep: usize,
    /// The open lists' next numbers (`None` for bullets), including those too deep.
    lists: Vec<Option<u64>>,
    /// Inline text not yet in a line.
    spans: Vec<Span>,
    emphasis: Emphasis,
    /// The destinations of the open links and images, innermost last.
    targets: Vec<String>,
    /// The text of the link being read, to compare with its URL.
    link_text: String,
    /// Inside a code block.
    code: bool,
}

impl Reader {
    fn push_text(&mut self, text: &str, emphasis: Emphasis) {
        if !self.targets.is_empty() {
            self.link_text.push_str(text);
        }
        match self.spans.last_mut() {
            Some(last) if last.emphasis == emphasis => last.text.push_str(text),
            _ => self.spans.push(Span {
                text: text.to_owned(),
                emphasis,
            }),
        }
    }

    /// Ends the pending text as a line of `kind`, under the open containers.
    fn flush(&mut self, kind: LineKind) {
        if self.spans.is_empty() && kind != LineKind::Rule {
            return;
        }
        let mut prefix = String::new();
        for container in &mut self.containers {
            prefix.push_str(if container.used {
                &container.rest
            } else {
                &container.first
            });
            container.used = true;
        }
        let indent = prefix.chars().count();
        let mut spans = std::mem::take(&mut self.spans);
        if kind == LineKind::Code {
            // A code block ends with its last line's newline; the line needs no empty row.
            if let Some(last) = spans.last_mut() {
                let trimmed = last.text.trim_end_matches('\n').len();
                last.text.truncate(trimmed);
            }
        }
        self.lines.push(MdLine {
            kind,
            prefix,
            indent,
            spans,
        });
    }

    fn open(&mut self, first: String, rest: String) {
        if self.containers.len() >= MAX_DEPTH {
            self.too_deep += 1;
        } else {
            self.containers.push(Container {
                first,
                rest,
                used: false,
            });
        }
    }

    fn close(&mut self) {
        if self.too_deep > 0 {
            self.too_deep -= 1;
        } else {
            self.containers.pop();
        }
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => {
                let emphasis = Emphasis {
                    code: self.emphasis.code || self.code,
                    ..self.emphasis
                };
                self.push_text(&text, emphasis);
            }
            Event::Code(text) => {
                let emphasis = Emphasis {
                    code: true,
                    ..self.emphasis
                };
                self.push_text(&text, emphasis);
            }
            // Raw HTML is shown as it was written, never interpreted.
            Event::Html(text) | Event::InlineHtml(text) => {
                let html = text.trim_end_matches('\n');
                self.push_text(html, self.emphasis);
            }
            // A single line break stays one: messages written for a plain-text box (most of
            // them, so far) keep their lines, as on GitHub's comments.
            Event::SoftBreak => self.push_text("\n", self.emphasis),
            Event::HardBreak => self.push_text("\n", self.emphasis),
            Event::Rule => {
                self.flush(LineKind::Text);
                self.flush(LineKind::Rule);
            }
            // Not enabled in the parser's options; shown as text should that change.
            Event::FootnoteReference(text) | Event::InlineMath(text) | Event::DisplayMath(text) => {
                self.push_text(&text, self.emphasis)
            }
            Event::TaskListMarker(done) => {
                self.push_text(if done { "[x] " } else { "[ ] " }, self.emphasis);
            }
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph | Tag::Heading { .. } => self.flush(LineKind::Text),
            Tag::CodeBlock(_) => {
                self.flush(LineKind::Text);
                self.code = true;
            }
            Tag::BlockQuote(_) => {
                self.flush(LineKind::Text);
                // A mark the window's own fonts have (a box-drawing bar is missing from them).
                self.open("› ".to_owned(), "› ".to_owned());
            }
            Tag::List(start) => {
                self.flush(LineKind::Text);
                self.lists.push(start);
            }
            Tag::Item => {
                self.flush(LineKind::Text);
                let marker = match self.lists.last_mut() {
                    Some(Some(number)) => {
                        let marker = format!("{number}. ");
                        *number = number.saturating_add(1);
                        marker
                    }
                    _ => "• ".to_owned(),
                };
                let rest = " ".repeat(marker.chars().count());
                self.open(marker, rest);
            }
            Tag::Emphasis => self.emphasis.italic = true,
            Tag::Strong => self.emphasis.strong = true,
            Tag::Link { dest_url, .. } => {
                self.targets.push(dest_url.into_string());
                self.link_text.clear();
                self.emphasis.link = true;
            }
            Tag::Image { dest_url, .. } => {
                // Never fetched: what the picture is, in words, and where it is.
                self.push_text("[", self.emphasis);
                self.targets.push(dest_url.into_string());
                self.link_text.clear();
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => self.flush(LineKind::Text),
            TagEnd::Heading(_) => {
                for span in &mut self.spans {
                    span.emphasis.strong = true;
                }
                self.flush(LineKind::Heading);
            }
            TagEnd::CodeBlock => {
                self.flush(LineKind::Code);
                self.code = false;
            }
            TagEnd::BlockQuote(_) | TagEnd::Item => {
                self.flush(LineKind::Text);
                self.close();
            }
            TagEnd::List(_) => {
                self.flush(LineKind::Text);
                self.lists.pop();
            }
            TagEnd::Emphasis => self.emphasis.italic = false,
            TagEnd::Strong => self.emphasis.strong = false,
            TagEnd::Link => {
                let url = self.targets.pop().unwrap_or_default();
                self.emphasis.link = !self.targets.is_empty();
                // An autolink's text is its URL: shown once. Any other text is followed by the
                // full URL, so a link can never say one place and go to another.
                if self.link_text != url {
                    self.push_text(" <", self.emphasis);
                    let shown = Emphasis {
                        link: true,
                        ..self.emphasis
                    };
                    self.push_text(&url, shown);
                    self.push_text(">", self.emphasis);
                }
            }
            TagEnd::Image => {
                let url = self.targets.pop().unwrap_or_default();
                self.push_text("] <", self.emphasis);
                let shown = Emphasis {
                    link: true,
                    ..self.emphasis
                };
                self.push_text(&url, shown);
                self.push_text(">", self.emphasis);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line as `PREFIX|text`, with `**` around strong runs, `_` around italic ones and
    /// `` ` `` around code, so a table can say what is drawn.
    fn shown(source: &str) -> Vec<String> {
        parse(source)
            .iter()
            .map(|line| {
                let mut text = format!("{}|", line.prefix);
                if line.kind == LineKind::Rule {
                    text.push_str("---");
                }
                for span in &line.spans {
                    let mut run = span.text.clone();
                    if span.emphasis.code && line.kind != LineKind::Code {
                        run = format!("`{run}`");
                    }
                    if span.emphasis.italic {
                        run = format!("_{run}_");
                    }
                    if span.emphasis.strong && line.kind != LineKind::Heading {
                        run = format!("**{run}**");
                    }
                    text.push_str(&run);
                }
                if line.kind == LineKind::Heading {
                    text = format!("H {text}");
                }
                if line.kind == LineKind::Code {
                    text = format!("CODE {text}");
                }
                text
            })
            .collect()
    }

    #[test]
    fn markdown_becomes_lines() {
        let cases: &[(&str, &[&str])] = &[
            ("plain words", &["|plain words"]),
            ("one\ntwo\n\nthree", &["|one\ntwo", "|three"]),
            ("a **b** *c* `d`", &["|a **b** _c_ `d`"]),
            ("# Title\nbody", &["H |Title", "|body"]),
            ("- a\n- b", &["• |a", "• |b"]),
            ("3. a\n4. b", &["3. |a", "4. |b"]),
            ("- a\n  - b\n- c", &["• |a", "  • |b", "• |c"]),
            ("> quoted\n> more", &["› |quoted\nmore"]),
            (
                "```\nlet x = 1;\nlet y;\n```",
                &["CODE |let x = 1;\nlet y;"],
            ),
            ("a\n\n---\n\nb", &["|a", "|---", "|b"]),
            ("line  \nbreak", &["|line\nbreak"]),
        ];
        for (source, expected) in cases {
            assert_eq!(shown(source), *expected, "{source:?}");
        }
    }

    #[test]
    fn nothing_in_the_text_acts() {
        let cases: &[(&str, &[&str])] = &[
            // A link shows its full URL after its text, even when the text is another URL.
            (
                "[https://bank.example](https://evil.example/x)",
                &["|https://bank.example <https://evil.example/x>"],
            ),
            (
                "[click](javascript:alert(1))",
                &["|click <javascript:alert(1)>"],
            ),
            // An autolink's text is its URL, shown once.
            ("<https://a.example>", &["|https://a.example"]),
            // Images are not fetched: alt text and URL, as text.
            (
                "![a cat](https://img.example/cat.png)",
                &["|[a cat] <https://img.example/cat.png>"],
            ),
            // Raw HTML is text.
            ("<script>alert(1)</script>", &["|<script>alert(1)</script>"]),
            ("a <b>bold</b>", &["|a <b>bold</b>"]),
        ];
        for (source, expected) in cases {
            assert_eq!(shown(source), *expected, "{source:?}");
        }
    }

    #[test]
    fn deep_nesting_is_drawn_at_the_deepest_allowed_level() {
        let source = "- ".repeat(10_000) + "x";
        let lines = parse(&source);
        assert!(!lines.is_empty());
        let deepest = lines.iter().map(|line| line.indent).max().unwrap_or(0);
        assert!(deepest <= MAX_DEPTH * 3, "{deepest}");
        let quotes = ">".repeat(10_000) + " deep";
        let lines = parse(&quotes);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].indent, MAX_DEPTH * 2);
        assert_eq!(lines[0].plain(), "› ".repeat(MAX_DEPTH) + "deep");
    }

    #[test]
    fn a_huge_code_block_is_one_line_of_code() {
        let source = format!("```\n{}\n```", "x".repeat(1 << 20));
        let lines = parse(&source);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].kind, LineKind::Code);
        assert_eq!(lines[0].spans[0].text.len(), 1 << 20);
    }
}

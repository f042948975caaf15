//! Markdown in a server's message and field descriptions, read into our own small model
//! (paragraphs, headings, code blocks, block quotes, lists, rules; strong, emphasis, code)
//! and flattened into indented lines that both front ends draw.
//!
//! A server writes this text, so nothing in it acts by itself: links show their text followed
//! by the full URL, and only `http` and `https` ones can be followed, through the URL consent
//! (the window's; see [`Span::link`]); images are never fetched (their alt text and URL are
//! shown as text), raw HTML is shown as text, and nesting deeper than [`MAX_DEPTH`] is drawn at
//! that depth, so no message can push its text off the side or make the layout deep.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use crate::cli::Markdown;
use crate::model::form::Field;

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
    /// The address a link's text and its shown URL lead to, when the link may be followed:
    /// an `http` or `https` URL a browser would open (followed only through the URL consent).
    /// `None` for ordinary text and for links of any other scheme (`javascript:`, `file:`),
    /// which stay text.
    pub link: Option<String>,
}

/// What kind of line a [`MdLine`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// Prose: a paragraph or a list item's text.
    Text,
    /// A heading of level 1 to 6, drawn as emphasised text of about the ordinary size.
    Heading(u8),
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
    /// Whether the line is a list item's first line (its prefix ends with the item's bullet or
    /// number), for screen readers.
    pub list_item: bool,
}

impl MdLine {
    /// A line of plain text, not read as Markdown.
    pub fn plain_text(text: impl Into<String>) -> Self {
        let text: String = text.into();
        Self {
            kind: LineKind::Text,
            prefix: String::new(),
            indent: 0,
            spans: vec![Span {
                text: crate::text::untrusted::contained(&text).into_owned(),
                emphasis: Emphasis::default(),
                link: None,
            }],
            list_item: false,
        }
    }

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

/// `source` read as Markdown, as plain text without markup characters: its lines'
/// [`MdLine::plain`] texts, one per row.
pub fn plain(source: &str) -> String {
    let lines: Vec<String> = parse(source).iter().map(MdLine::plain).collect();
    lines.join("\n")
}

/// `lines` with each line break inside a line of text made a line of its own: the first keeps
/// the line's prefix, the rest are indented under its text. For a message so long that the
/// window draws only the rows in view (a 950 KB table is one paragraph of 19,000 soft-broken
/// rows). A code block stays whole, in its one frame.
pub fn split_at_line_breaks(lines: Vec<MdLine>) -> Vec<MdLine> {
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        if line.kind == LineKind::Code || !line.spans.iter().any(|span| span.text.contains('\n')) {
            out.push(line);
            continue;
        }
        let rest = MdLine {
            kind: line.kind,
            prefix: " ".repeat(line.indent),
            indent: line.indent,
            spans: Vec::new(),
            list_item: false,
        };
        let mut current = MdLine {
            spans: Vec::new(),
            ..line.clone()
        };
        for span in line.spans {
            let mut pieces = span.text.split('\n').peekable();
            while let Some(piece) = pieces.next() {
                if !piece.is_empty() {
                    current.spans.push(Span {
                        text: piece.to_owned(),
                        ..span.clone()
                    });
                }
                if pieces.peek().is_some() {
                    out.push(std::mem::replace(&mut current, rest.clone()));
                }
            }
        }
        out.push(current);
    }
    out
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
    /// The address of the followable link being read (see [`Span::link`]).
    link: Option<String>,
    /// Whether the next line emitted is a list item's first.
    item_started: bool,
}

impl Reader {
    fn push_text(&mut self, text: &str, emphasis: Emphasis) {
        if !self.targets.is_empty() {
            self.link_text.push_str(text);
        }
        let link = self.link.clone();
        self.push_span(text, emphasis, link);
    }

    fn push_span(&mut self, text: &str, emphasis: Emphasis, link: Option<String>) {
        // A bidi control in the server's text ends with the piece that holds it: an override
        // in a link's words cannot print the URL we show after them backwards.
        let text = &*crate::text::untrusted::contained(text);
        match self.spans.last_mut() {
            Some(last) if last.emphasis == emphasis && last.link == link => {
                last.text.push_str(text)
            }
            _ => self.spans.push(Span {
                text: text.to_owned(),
                emphasis,
                link,
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
        let list_item = std::mem::take(&mut self.item_started);
        self.lines.push(MdLine {
            kind,
            prefix,
            indent,
            spans,
            list_item,
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
                self.item_started = true;
            }
            Tag::Emphasis => self.emphasis.italic = true,
            Tag::Strong => self.emphasis.strong = true,
            Tag::Link { dest_url, .. } => {
                // A link inside a link is not one (CommonMark); the outer one's address stays.
                if self.targets.is_empty() {
                    self.link = followable(&dest_url);
                }
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
            TagEnd::Heading(level) => {
                for span in &mut self.spans {
                    span.emphasis.strong = true;
                }
                self.flush(LineKind::Heading(level as u8));
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
                if self.targets.is_empty() {
                    self.link = None;
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

/// `url` when it is an address the URL consent would show (an `http` or `https` URL with a
/// host, as a browser parses it): only those are followed, and only through the consent.
fn followable(url: &str) -> Option<String> {
    crate::model::url::UrlRequest::parse(String::new(), url.to_owned(), "link")
        .ok()
        .map(|_| url.to_owned())
}

/// A field's help as lines: its description read as Markdown (or as it came, with
/// [`Markdown::Off`]), and what the field accepts placed around it by the catalog's own
/// joiner ("DESCRIPTION (ACCEPTS)", with the language's punctuation) as plain text, never read
/// as Markdown: a pattern like `^a*b*$` stays as written.
pub fn field_help(field: &Field, markdown: Markdown) -> Vec<MdLine> {
    let description = match (field.description.as_deref(), markdown) {
        (Some(description), Markdown::On) => description,
        _ => {
            return crate::model::describe::field_help(field)
                .map(MdLine::plain_text)
                .into_iter()
                .collect();
        }
    };
    let accepts = crate::model::describe::accepts(&field.kind);
    let mut lines = parse(description);
    let Some(accepts) = accepts else {
        return lines;
    };
    // The joiner's words around the description: the catalog places the description, we
    // place its lines.
    const MARK: &str = "\u{E000}";
    let joined = t!("help-and-accepts", description = MARK, accepts = accepts);
    let (before, after) = joined.split_once(MARK).unwrap_or(("", &joined));
    let plain = |text: &str| Span {
        text: text.to_owned(),
        emphasis: Emphasis::default(),
        link: None,
    };
    // Only a paragraph of the description's own takes the words: joined to a list item or a
    // quote they read as that item's (issue 43, item 10: "(at most 8 characters)" after the
    // last bullet, in Hebrew at its far end), so there they go on a line of their own.
    let prose = |line: &MdLine| line.kind == LineKind::Text && line.prefix.is_empty();
    if !before.is_empty() {
        match lines.first_mut().filter(|line| prose(line)) {
            Some(first) => first.spans.insert(0, plain(before)),
            None => lines.insert(0, MdLine::plain_text(before)),
        }
    }
    if !after.is_empty() {
        match lines.last_mut().filter(|line| prose(line)) {
            Some(last) => last.spans.push(plain(after)),
            None => lines.push(MdLine::plain_text(after.trim_start())),
        }
    }
    lines
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
                    if span.emphasis.strong && !matches!(line.kind, LineKind::Heading(_)) {
                        run = format!("**{run}**");
                    }
                    text.push_str(&run);
                }
                if let LineKind::Heading(level) = line.kind {
                    text = format!("H{level} {text}");
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
            ("# Title\nbody", &["H1 |Title", "|body"]),
            ("### Third\n\n###### Sixth", &["H3 |Third", "H6 |Sixth"]),
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

    /// Only an address the URL consent can show is a link to follow; every other scheme, a
    /// relative path and an image stay text.
    #[test]
    fn only_web_addresses_can_be_followed() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "[site](https://example.com/a)",
                Some("https://example.com/a"),
            ),
            ("<http://example.com/>", Some("http://example.com/")),
            (
                "[https://bank.example](https://evil.example/)",
                Some("https://evil.example/"),
            ),
            ("[x](javascript:alert(1))", None),
            ("[x](JavaScript:alert(1))", None),
            ("[x](%6Aavascript:alert(1))", None),
            ("[x](file:///etc/passwd)", None),
            ("[x](data:text/html,hi)", None),
            ("[x](vbscript:msgbox)", None),
            ("[x](mailto:a@b.example)", None),
            ("[x](ftp://example.com/)", None),
            ("[x](/relative/path)", None),
            ("[x](https://)", None),
            ("![cat](https://img.example/c.png)", None),
        ];
        for (source, expected) in cases {
            let lines = parse(source);
            let links: Vec<Option<&str>> = lines[0]
                .spans
                .iter()
                .map(|span| span.link.as_deref())
                .collect();
            // The link's text and its shown URL lead to the same place; nothing else does.
            assert!(
                links.iter().all(|link| link == expected),
                "{source:?}: {links:?}"
            );
        }
        // Text around a link leads nowhere.
        let lines = parse("see [docs](https://docs.example/) now");
        let links: Vec<Option<&str>> = lines[0]
            .spans
            .iter()
            .map(|span| span.link.as_deref())
            .collect();
        assert_eq!(links.first(), Some(&None));
        assert_eq!(links.last(), Some(&None));
        assert!(links.contains(&Some("https://docs.example/")));
    }

    #[test]
    fn list_items_are_marked_for_screen_readers() {
        let lines = parse("intro\n\n- a\n\n  more of a\n- b");
        let items: Vec<bool> = lines.iter().map(|line| line.list_item).collect();
        assert_eq!(items, [false, true, false, true]);
    }

    /// A description is Markdown; the words about what the field accepts that the catalog puts
    /// after it are not (a pattern's `*` stays), and `--markdown off` shows it all as it came.
    #[test]
    fn a_field_description_is_markdown_and_its_limits_are_not() {
        let schema = serde_json::json!({"properties": {"code": {
            "type": "string",
            "description": "Your **badge** code:\n\n- on the card",
            "pattern": "^a*b*$"}}});
        let form =
            crate::model::form::Form::from_schema("m".into(), &schema).expect("valid schema");
        let field = &form.fields[0];
        let accepts = crate::model::describe::accepts(&field.kind).expect("a pattern is stated");
        assert!(accepts.contains("^a*b*$"), "{accepts}");
        let lines = field_help(field, Markdown::On);
        // Issue 43, item 10: after a list, what the field accepts is a line of its own, not
        // part of the last item.
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(lines[0].plain(), "Your badge code:");
        assert!(lines[0].spans.iter().any(|s| s.emphasis.strong));
        assert_eq!(lines[1].plain(), "• on the card");
        assert!(lines[1].list_item);
        assert_eq!(lines[2].plain(), format!("({accepts})"));
        assert!(!lines[2].list_item && lines[2].prefix.is_empty());
        // After a paragraph it follows the paragraph's words.
        let schema = serde_json::json!({"properties": {"code": {
            "type": "string", "description": "Your code", "maxLength": 8}}});
        let form =
            crate::model::form::Form::from_schema("m".into(), &schema).expect("valid schema");
        let lines = field_help(&form.fields[0], Markdown::On);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].plain().starts_with("Your code ("), "{lines:?}");

        let off = field_help(field, Markdown::Off);
        let help = crate::model::describe::field_help(field).expect("a description");
        assert_eq!(off, [MdLine::plain_text(help)]);

        // Without a description: only what it accepts, as text.
        let schema = serde_json::json!({"properties": {"n": {"type": "integer", "maximum": 5}}});
        let form =
            crate::model::form::Form::from_schema("m".into(), &schema).expect("valid schema");
        let help = crate::model::describe::field_help(&form.fields[0]).expect("a limit");
        assert_eq!(
            field_help(&form.fields[0], Markdown::On),
            [MdLine::plain_text(help)]
        );
    }

    #[test]
    fn line_breaks_become_lines_under_the_first() {
        let lines = split_at_line_breaks(parse("| a | **b** |\n| c | d |\n\n- one\n  two"));
        let shown: Vec<(String, usize, bool)> = lines
            .iter()
            .map(|line| (line.plain(), line.indent, line.list_item))
            .collect();
        assert_eq!(
            shown,
            [
                ("| a | b |".to_owned(), 0, false),
                ("| c | d |".to_owned(), 0, false),
                ("• one".to_owned(), 2, true),
                ("  two".to_owned(), 2, false),
            ]
        );
        assert!(lines[0].spans.iter().any(|span| span.emphasis.strong));
        assert_eq!(split_at_line_breaks(parse("plain")), parse("plain"));
        let code = parse("```\na\nb\n```");
        assert_eq!(split_at_line_breaks(code.clone()), code);
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

//! Text we do not control (server names, hosts, titles, a message's text and its links'
//! words), made unable to rewrite the words we put around it.
//!
//! Unicode's bidirectional controls act beyond the text that holds them: a right-to-left
//! override (U+202E) in a server's name runs on into our own `asks:`, mirroring it, and in a
//! link's words it prints the real URL after them backwards. A line break in a name draws a
//! heading of its own. So a name is shown on one line with its line breaks and controls as
//! visible escapes (`\n`, `<U+202E>`), and every piece of untrusted text is set in a
//! first-strong isolate (FSI ... PDI) with whatever it opened closed inside: nothing in it
//! reaches past its end. Both front ends and the window title use these functions; the
//! isolation marks are default-ignorable, drawn as nothing by our epaint and by terminals
//! (zero columns wide).
//!
//! A name is also bounded: 5,000 U+2800 BRAILLE PATTERN BLANK in a server's name drew a
//! heading of blank rows that pushed `asks`, the message and the fields out of the window
//! (issue 54, item 3). Blank-looking and invisible characters (U+2800, the Hangul fillers,
//! the typographic spaces, the default-ignorables) show as escapes like the controls, and a
//! name longer than [`NAME_CHARS`] is elided in the middle ([`bounded`]); the whole name,
//! escaped, is what a screen reader reads ([`full_name`]).

use std::borrow::Cow;

/// FIRST STRONG ISOLATE: opens an isolate whose direction its own first letter decides.
const FSI: char = '\u{2068}';
/// POP DIRECTIONAL ISOLATE: closes the innermost isolate.
const PDI: char = '\u{2069}';
/// POP DIRECTIONAL FORMATTING: closes the innermost embedding or override.
const PDF: char = '\u{202C}';

/// What a bidi control does, for balancing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Control {
    /// LRE, RLE, LRO, RLO: closed by PDF.
    Embedding,
    /// LRI, RLI, FSI: closed by PDI.
    Isolate,
    /// PDF.
    PopEmbedding,
    /// PDI.
    PopIsolate,
    /// LRM, RLM, ALM: a mark, opening nothing.
    Mark,
}

fn control(c: char) -> Option<Control> {
    Some(match c {
        '\u{202A}' | '\u{202B}' | '\u{202D}' | '\u{202E}' => Control::Embedding,
        '\u{2066}' | '\u{2067}' | FSI => Control::Isolate,
        PDF => Control::PopEmbedding,
        PDI => Control::PopIsolate,
        '\u{200E}' | '\u{200F}' | '\u{061C}' => Control::Mark,
        _ => return None,
    })
}

/// Whether `c` ends a paragraph for the bidi algorithm (class B), where every embedding and
/// isolate ends.
fn ends_paragraph(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{1C}' | '\u{1D}' | '\u{1E}' | '\u{85}' | '\u{2029}'
    )
}

/// A name (a server's, a host's, a title) as one line: line breaks, control characters and
/// bidi controls as visible escapes (`\n`, `\t`, `<U+202E>`), and so are blank-looking and
/// invisible characters ([`is_blank_or_invisible`]); isolates kept only when they are closed
/// within the name (harmless then). Not yet bounded nor isolated: see [`name`].
pub fn escaped(text: &str) -> String {
    // Which isolate initiators and PDIs pair up (the bidi algorithm's own rule, BD9).
    let chars: Vec<char> = text.chars().collect();
    let mut paired = vec![false; chars.len()];
    let mut open = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        match control(c) {
            Some(Control::Isolate) => open.push(i),
            Some(Control::PopIsolate) => {
                if let Some(start) = open.pop() {
                    paired[start] = true;
                    paired[i] = true;
                }
            }
            _ => {}
        }
    }
    let mut out = String::with_capacity(text.len());
    // Whether the last character was shown as itself (a joiner may follow it), or was a
    // variation selector kept after one (a ZWJ may follow it: `❤️‍🔥`).
    let mut after_visible = false;
    let mut after_selector = false;
    for (&c, paired) in chars.iter().zip(paired) {
        let escape = match c {
            '\n' => Some(Cow::Borrowed("\\n")),
            '\r' => Some(Cow::Borrowed("\\r")),
            '\t' => Some(Cow::Borrowed("\\t")),
            _ if paired => None,
            _ if c.is_control()
                || control(c).is_some()
                || ends_paragraph(c)
                || matches!(c, '\u{2028}' | '\u{FEFF}') =>
            {
                Some(Cow::Owned(format!("<U+{:04X}>", u32::from(c))))
            }
            // One joiner or variation selector right after a character shown as itself is
            // how emoji sequences and Persian words are written; a second, or one after
            // nothing visible, is padding.
            _ if is_joiner(c)
                && (after_visible || (after_selector && matches!(c, '\u{200C}' | '\u{200D}'))) =>
            {
                after_selector = after_visible && !matches!(c, '\u{200C}' | '\u{200D}');
                after_visible = false;
                out.push(c);
                continue;
            }
            _ if is_blank_or_invisible(c) => Some(Cow::Owned(format!("<U+{:04X}>", u32::from(c)))),
            _ => None,
        };
        after_visible = escape.is_none();
        after_selector = false;
        match escape {
            Some(escape) => out.push_str(&escape),
            None => out.push(c),
        }
    }
    out
}

/// Whether `c` joins the characters around it or selects a glyph's variant (ZWNJ, ZWJ, the
/// variation selectors): invisible, and part of how some words and emoji are written.
fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
}

/// Whether `c` draws nothing a person can see, or only blank space, other than the space
/// itself: a name made of them looks empty, or longer than it is, or pads our words out of
/// view. U+2800 BRAILLE PATTERN BLANK, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0),
/// every white space but U+0020 (no-break, typographic, ideographic spaces), and Unicode's
/// default-ignorable code points (zero-width characters, invisible operators, tags).
pub fn is_blank_or_invisible(c: char) -> bool {
    (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{2800}'
                | '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'..='\u{1160}'
                | '\u{17B4}'..='\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// The most characters a name takes on screen, escapes counted as the characters they show.
/// A server's name, a host, a title: a few words each (the longest real server names we
/// know are about 40); room for a sentence, not a screenful.
pub const NAME_CHARS: usize = 64;

/// [`escaped`], elided in the middle to at most [`NAME_CHARS`] characters: its start and its
/// end with `…` between them, so a name cannot push the words around it out of view, and
/// both ends of it (where impostors differ) stay readable.
pub fn bounded(text: &str) -> String {
    let shown = escaped(text);
    if shown.chars().count() <= NAME_CHARS {
        return shown;
    }
    // Elided in the text, then each end escaped by itself: an escape is never cut in two,
    // and an isolate whose end was elided shows as an escape rather than staying open.
    let width = |c: char| escaped(c.encode_utf8(&mut [0; 4])).chars().count();
    let budget = NAME_CHARS - 1;
    let head_budget = budget * 2 / 3;
    let mut head_end = 0;
    let mut used = 0;
    for (at, c) in text.char_indices() {
        used += width(c);
        if used > head_budget {
            break;
        }
        head_end = at + c.len_utf8();
    }
    let tail_budget = budget - escaped(&text[..head_end]).chars().count();
    let mut tail_start = text.len();
    let mut used = 0;
    for (at, c) in text[head_end..].char_indices().rev() {
        used += width(c);
        if used > tail_budget {
            break;
        }
        tail_start = head_end + at;
    }
    format!(
        "{}…{}",
        escaped(&text[..head_end]),
        escaped(&text[tail_start..])
    )
}

/// A name set apart from our words: [`bounded`], then [`isolated`] when the name holds
/// anything that runs right to left (a right-to-left letter, an Arabic digit, an isolate).
/// A name of left-to-right letters, digits and punctuation cannot move a word of ours, and
/// stays as it is (as a screen reader reads it, and as tests find it).
pub fn name(text: &str) -> String {
    set_apart(bounded(text))
}

/// A name as [`name`] sets it apart, but whole: for a screen reader, which reads what the
/// screen elides (the accessible name of a heading whose name was cut).
pub fn full_name(text: &str) -> String {
    set_apart(escaped(text))
}

/// `shown`, [`isolated`] unless it runs left to right only.
fn set_apart(shown: String) -> String {
    if left_to_right_only(&shown) {
        shown
    } else {
        isolated(&shown)
    }
}

/// Whether nothing in `text` runs right to left or opens an isolate.
fn left_to_right_only(text: &str) -> bool {
    use unicode_bidi::BidiClass::{AL, AN, FSI, LRI, PDI, R, RLI};
    text.is_ascii()
        || !text.chars().any(|c| {
            matches!(
                unicode_bidi::bidi_class(c),
                R | AL | AN | LRI | RLI | FSI | PDI
            )
        })
}

/// `text` in a first-strong isolate (FSI ... PDI), each of its lines in its own (an isolate
/// ends with its paragraph), with what it opens closed and what it closes but did not open
/// left out: nothing in it reaches the text around it.
pub fn isolated(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut stack: Vec<Control> = Vec::new();
    out.push(FSI);
    for c in text.chars() {
        if ends_paragraph(c) {
            close(&mut out, &mut stack);
            out.push(PDI);
            out.push(c);
            out.push(FSI);
            continue;
        }
        match control(c) {
            Some(opens @ (Control::Embedding | Control::Isolate)) => stack.push(opens),
            // A PDF closes an embedding opened within the innermost isolate, or nothing.
            Some(Control::PopEmbedding) => {
                if stack.last() != Some(&Control::Embedding) {
                    continue;
                }
                stack.pop();
            }
            // A PDI closes the innermost isolate opened here, and the embeddings within it;
            // one that opened nothing here would close ours.
            Some(Control::PopIsolate) => {
                let Some(at) = stack.iter().rposition(|&c| c == Control::Isolate) else {
                    continue;
                };
                stack.truncate(at);
            }
            Some(Control::Mark) | None => {}
        }
        out.push(c);
    }
    close(&mut out, &mut stack);
    out.push(PDI);
    out
}

/// Closes what `stack` holds open, innermost first.
fn close(out: &mut String, stack: &mut Vec<Control>) {
    while let Some(open) = stack.pop() {
        out.push(if open == Control::Isolate { PDI } else { PDF });
    }
}

/// A message's text as it is, unless it holds a bidi control: then [`isolated`], so that the
/// control ends with it (a link's words before the URL we show after them).
pub fn contained(text: &str) -> Cow<'_, str> {
    if text.chars().any(|c| control(c).is_some()) {
        Cow::Owned(isolated(text))
    } else {
        Cow::Borrowed(text)
    }
}

/// `text` without the isolates that `opener` opens (LRI for the catalogs' examples, FSI for
/// the isolation [`isolated`] adds), each with the PDI that closes it; every other isolate, and
/// an opener no PDI closes, stays, so a PDI goes only with the opener it closes. For where the
/// marks would show: the terminal shows every directional control as `�`, and a left-to-right
/// line needs none.
pub fn without_isolates(text: &str, opener: char) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut dropped = vec![false; chars.len()];
    // The isolates open here: where each opened, and whether it is `opener`'s.
    let mut open: Vec<(usize, bool)> = Vec::new();
    for (at, &c) in chars.iter().enumerate() {
        match c {
            '\u{2066}'..='\u{2068}' => open.push((at, c == opener)),
            PDI => {
                if let Some((from, true)) = open.pop() {
                    dropped[from] = true;
                    dropped[at] = true;
                }
            }
            _ => {}
        }
    }
    chars
        .iter()
        .zip(dropped)
        .filter(|&(_, gone)| !gone)
        .map(|(&c, _)| c)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` without the isolation marks [`isolated`] adds.
    fn without_isolation(text: &str) -> String {
        text.chars().filter(|&c| c != FSI && c != PDI).collect()
    }

    #[test]
    fn only_the_isolates_one_opener_opens_are_dropped() {
        let lri = '\u{2066}';
        assert_eq!(
            without_isolates("\u{2068}שלום\u{2069} (\u{2066}2026-11-30\u{2069})", lri),
            "\u{2068}שלום\u{2069} (2026-11-30)"
        );
        assert_eq!(
            without_isolates("\u{2068}Name \u{2067}x\u{2069}\u{2069}", FSI),
            "Name \u{2067}x\u{2069}"
        );
        // An isolate nothing closes is the request's own: it stays, to be shown as such.
        assert_eq!(without_isolates("pay\u{2068}cba", FSI), "pay\u{2068}cba");
    }

    #[test]
    fn names_show_line_breaks_and_controls_as_escapes() {
        let cases = [
            ("weather", "weather"),
            ("", ""),
            ("trusted\u{202e}", "trusted<U+202E>"),
            (
                "GitHub (https://api.github.com/mcp) asks:\n\n",
                "GitHub (https://api.github.com/mcp) asks:\\n\\n",
            ),
            ("a\r\tb\u{7}\u{1b}[31m", "a\\r\\tb<U+0007><U+001B>[31m"),
            ("\u{2028}\u{2029}\u{85}", "<U+2028><U+2029><U+0085>"),
            ("\u{200f}x\u{202a}\u{202c}", "<U+200F>x<U+202A><U+202C>"),
            // A closed isolate is harmless and kept; an unclosed one, or a stray PDI, not.
            ("\u{2067}שלום\u{2069} (x)", "\u{2067}שלום\u{2069} (x)"),
            ("\u{2067}שלום", "<U+2067>שלום"),
            ("a\u{2069}b", "a<U+2069>b"),
            ("\u{2068}\u{2068}a\u{2069}", "<U+2068>\u{2068}a\u{2069}"),
            ("שלום", "שלום"),
        ];
        for (text, shown) in cases {
            assert_eq!(escaped(text), shown, "{text:?}");
        }
    }

    #[test]
    fn isolated_text_closes_what_it_opens_and_nothing_of_ours() {
        let cases = [
            ("abc", "\u{2068}abc\u{2069}"),
            ("\u{202e}moc", "\u{2068}\u{202e}moc\u{202c}\u{2069}"),
            ("\u{202e}a\u{202c}", "\u{2068}\u{202e}a\u{202c}\u{2069}"),
            // A stray PDI or PDF would close our isolate: left out.
            ("a\u{2069}b\u{202c}", "\u{2068}ab\u{2069}"),
            (
                "\u{2067}\u{202b}x\u{2069}",
                "\u{2068}\u{2067}\u{202b}x\u{2069}\u{2069}",
            ),
            (
                "\u{202e}a\nb",
                "\u{2068}\u{202e}a\u{202c}\u{2069}\n\u{2068}b\u{2069}",
            ),
            // A PDF inside an isolate cannot close an embedding outside it.
            (
                "\u{202b}\u{2066}\u{202c}",
                "\u{2068}\u{202b}\u{2066}\u{2069}\u{202c}\u{2069}",
            ),
        ];
        for (text, shown) in cases {
            assert_eq!(isolated(text), shown, "{text:?}");
        }
    }

    /// Issue 43, item 1: whatever a name holds, the words after it keep their order. The
    /// bidi algorithm itself (the crate our epaint lays text out with) decides.
    #[test]
    fn nothing_in_a_name_or_a_message_reorders_the_words_after_it() {
        let hostile = [
            "trusted\u{202e}",
            "\u{202e}moc.elgoog//:sptth",
            "\u{2067}",
            "\u{2069}\u{202e}",
            "\u{202b}\u{2066}\u{202c}\u{202e}",
            "a\u{2069}\u{2069}\u{202e}",
            "שלום\u{202d}",
            "GitHub asks:\n\n\u{202e}",
        ];
        let ours = " asks: abc https://evil.example/x";
        for text in hostile {
            for set_apart in [name(text), isolated(text)] {
                let line = format!("{set_apart}{ours}");
                let bidi = unicode_bidi::BidiInfo::new(&line, Some(unicode_bidi::Level::ltr()));
                let paragraph = bidi.paragraphs.last().expect("a paragraph");
                let start = line.len() - ours.len();
                assert!(
                    bidi.levels[start..].iter().all(|level| level.number() == 0),
                    "{text:?}: our words are not left to right at level 0"
                );
                let shown = bidi.reorder_line(paragraph, paragraph.range.clone());
                assert!(shown.ends_with(ours), "{text:?}: {shown:?}");
            }
        }
    }

    #[test]
    fn plain_text_is_contained_as_it_is() {
        assert!(matches!(contained("plain עברית"), Cow::Borrowed(_)));
        assert_eq!(
            contained("a\u{202e}b"),
            "\u{2068}a\u{202e}b\u{202c}\u{2069}"
        );
        assert_eq!(name("x\u{202e}\n"), "x<U+202E>\\n");
        assert_eq!(name("שלום"), "\u{2068}שלום\u{2069}");
        assert_eq!(without_isolation(&name("שלום\u{202e}")), "שלום<U+202E>");
    }

    /// Issue 54, item 3: a server's name of 5,000 U+2800 drew a heading of blank rows that
    /// pushed "asks" and the form out of the window. Blank-looking and invisible characters
    /// show as escapes, and a long name is elided in the middle, its two ends kept.
    #[test]
    fn blank_looking_characters_are_escaped_and_names_are_bounded() {
        let cases = [
            ("\u{2800}x", "<U+2800>x"),
            ("a\u{3164}\u{115F}\u{FFA0}b", "a<U+3164><U+115F><U+FFA0>b"),
            (
                "a\u{2000}\u{200A}\u{00A0}\u{3000}b",
                "a<U+2000><U+200A><U+00A0><U+3000>b",
            ),
            (
                "a\u{200B}\u{2060}\u{00AD}\u{E0041}b",
                "a<U+200B><U+2060><U+00AD><U+E0041>b",
            ),
            // One joiner after a visible character writes a word or an emoji; more is padding.
            ("\u{1F469}\u{200D}\u{1F4BB}", "\u{1F469}\u{200D}\u{1F4BB}"),
            ("\u{2764}\u{FE0F}", "\u{2764}\u{FE0F}"),
            (
                "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
                "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
            ),
            ("a\u{FE0F}\u{FE0F}", "a\u{FE0F}<U+FE0F>"),
            ("a\u{200D}\u{200D}b", "a\u{200D}<U+200D>b"),
            ("\u{200C}a", "<U+200C>a"),
            ("two words", "two words"),
        ];
        for (text, shown) in cases {
            assert_eq!(escaped(text), shown, "{text:?}");
        }
        let padded = format!("Bank{}support", "\u{2800}".repeat(5000));
        let shown = name(&padded);
        assert!(shown.chars().count() <= NAME_CHARS, "{shown}");
        assert!(shown.starts_with("Bank<U+2800>"), "{shown}");
        assert!(shown.ends_with("<U+2800>support"), "{shown}");
        assert!(shown.contains('…'), "{shown}");
        // No escape is cut in two.
        let without_ends = shown.trim_start_matches("Bank").trim_end_matches("support");
        let escapes = without_ends.replace("<U+2800>", "");
        assert_eq!(escapes, "…", "{shown}");
        // The whole name, for a screen reader.
        assert_eq!(full_name(&padded).matches("<U+2800>").count(), 5000);
        // Short names are as they were.
        assert_eq!(name("weather"), "weather");
        let long = "x".repeat(NAME_CHARS);
        assert_eq!(name(&long), long);
        assert_eq!(name(&format!("{long}y")).chars().count(), NAME_CHARS);
        // An isolate whose end was elided shows as an escape, not left open.
        let isolate = format!("\u{2067}{}\u{2069}", "a".repeat(200));
        assert!(
            bounded(&isolate).starts_with("<U+2067>"),
            "{}",
            bounded(&isolate)
        );
    }
}

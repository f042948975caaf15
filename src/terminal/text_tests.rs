//! Layout tests: wrapping, wide characters, the cursor's row, what cannot reach the terminal,
//! scrolling, clipping and right-to-left paragraphs.

use super::*;

fn texts(lines: &[Line], width: usize) -> Vec<String> {
    layout(lines, width).rows.iter().map(Row::text).collect()
}

#[test]
fn words_wrap_at_spaces() {
    let line = Line::styled("the quick brown fox jumps", Style::Plain);
    assert_eq!(
        texts(&[line], 10),
        ["the quick", "brown fox", "jumps"],
        "rows break at spaces and drop them"
    );
}

#[test]
fn long_words_break_anywhere_and_rows_indent() {
    let line = Line::styled("ab abcdefghijklmnop", Style::Plain).indent(2);
    assert_eq!(texts(&[line], 8), ["ab", "  abcdef", "  ghijkl", "  mnop"]);
}

#[test]
fn newlines_start_rows_and_empty_lines_keep_a_row() {
    let line = Line::styled("one\n\ntwo", Style::Plain);
    assert_eq!(texts(&[line], 20), ["one", "", "two"]);
    assert_eq!(texts(&[Line::new()], 20), [""]);
}

#[test]
fn wide_characters_take_two_columns() {
    // 한국어 is 3 characters and 6 columns; 8 columns hold four of them.
    let line = Line::styled("한국어한국어", Style::Plain);
    assert_eq!(texts(&[line], 8), ["한국어한", "국어"]);
    let words = Line::styled("이름을 입력하세요 부탁합니다", Style::Plain);
    for row in texts(&[words], 10) {
        assert!(text_width(&row) <= 10, "{row:?}");
    }
}

#[test]
fn the_cursor_follows_wrapping() {
    // "> " then "abcdefgh": 10 characters in rows of 6.
    let line = Line::styled("> ", Style::Accent)
        .push("abcdefgh", Style::Plain)
        .indent(2)
        .cursor(10);
    let out = layout(&[Line::styled("head", Style::Strong), line], 8);
    let rows: Vec<String> = out.rows.iter().map(Row::text).collect();
    assert_eq!(rows, ["head", "> abcdef", "  gh"]);
    assert_eq!(out.cursor, Some((2, 4)));

    let middle = Line::styled("> 가나다", Style::Plain).cursor(3);
    assert_eq!(layout(&[middle], 20).cursor, Some((0, 4)), "after 가");
    let at_newline = Line::styled("> a\nb", Style::Plain).cursor(3);
    assert_eq!(layout(&[at_newline], 20).cursor, Some((0, 3)));
    let after_newline = Line::styled("> a\n", Style::Plain).indent(2).cursor(4);
    let out = layout(&[after_newline], 20);
    assert_eq!(
        out.cursor,
        Some((1, 2)),
        "the new row is indented like a wrapped one"
    );
    assert_eq!(out.rows[1].text(), "  ");
}

#[test]
fn a_full_row_keeps_the_cursor_at_its_end() {
    let line = Line::styled("abcd", Style::Plain).cursor(4);
    let out = layout(&[line], 8);
    assert_eq!(out.cursor, Some((0, 4)));
    let full = Line::styled("abcdefgh", Style::Plain).cursor(8);
    let out = layout(&[full], 8);
    assert_eq!(out.rows.len(), 1);
    assert_eq!(out.cursor, Some((0, 8)));
}

#[test]
fn control_characters_cannot_reach_the_terminal() {
    let line = Line::styled("a\u{1b}[31mb\tc", Style::Plain);
    assert_eq!(texts(&[line], 40), ["a\u{FFFD}[31mb c"]);
}

/// Regression (issue 13, item 16): U+202E in a label reached the terminal unchanged, and a
/// bidi-capable terminal showed the rest of the row reversed.
#[test]
fn bidi_controls_cannot_reach_the_terminal() {
    let controls = [
        '\u{061C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}',
        '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
    ];
    for c in controls {
        assert_eq!(shown(c), '\u{FFFD}', "U+{:04X}", u32::from(c));
        assert_eq!(
            char_width(c),
            1,
            "U+{:04X} takes the column of its �",
            u32::from(c)
        );
        let line = Line::styled(format!("pay{c}cba"), Style::Plain);
        assert_eq!(
            texts(&[line], 40),
            ["pay\u{FFFD}cba"],
            "U+{:04X}",
            u32::from(c)
        );
    }
    assert_eq!(truncate("ab\u{202E}cdefghij", 6), "ab\u{FFFD}cd…");
    // Neighbours that do not reorder anything stay as they are.
    for c in ['\u{200B}', '\u{200D}', '\u{2070}', '\u{0627}', '\u{05D0}'] {
        assert_eq!(shown(c), c, "U+{:04X}", u32::from(c));
    }
}

/// Regression (issue 13, item 12): a value of 40 lines filled the live region, and its
/// label, its problem and the key hints were cut off the screen.
#[test]
fn a_tall_value_scrolls_around_its_cursor() {
    let value: Vec<String> = (1..=40).map(|i| format!("line {i}")).collect();
    let text = value.join("\n");
    let end = text.chars().count() + 2;
    let line = Line::styled("> ", Style::Accent)
        .push(text.clone(), Style::Plain)
        .indent(2)
        .cursor(end);
    let shown = scrolled(&line, 40, 7);
    let out = layout(&shown, 40);
    let rows: Vec<String> = out.rows.iter().map(Row::text).collect();
    assert_eq!(
        rows,
        [
            "    (34 more lines above)",
            "  line 35",
            "  line 36",
            "  line 37",
            "  line 38",
            "  line 39",
            "  line 40",
        ],
        "the rows around the cursor; nothing below it"
    );
    assert_eq!(out.cursor, Some((6, 9)), "after \"line 40\"");

    let start = Line::styled("> ", Style::Accent)
        .push(text.clone(), Style::Plain)
        .indent(2)
        .cursor(2);
    let out = layout(&scrolled(&start, 40, 5), 40);
    let rows: Vec<String> = out.rows.iter().map(Row::text).collect();
    assert_eq!(
        rows,
        [
            "> line 1",
            "  line 2",
            "  line 3",
            "  line 4",
            "    (36 more lines below)"
        ]
    );
    assert_eq!(out.cursor, Some((0, 2)));

    let middle = Line::styled("> ", Style::Accent)
        .push(text, Style::Plain)
        .indent(2)
        .cursor(2 + "line 1\nline 2\nline 3\nline 4\nline 5\nli".chars().count());
    let out = layout(&scrolled(&middle, 40, 5), 40);
    let rows: Vec<String> = out.rows.iter().map(Row::text).collect();
    assert_eq!(
        rows,
        [
            "    (4 more lines above)",
            "  line 5",
            "  line 6",
            "  line 7",
            "    (33 more lines below)"
        ]
    );
    assert_eq!(out.cursor, Some((2, 4)), "\"li|ne 6\"");

    let short = Line::styled("> short", Style::Plain).cursor(7);
    assert_eq!(scrolled(&short, 40, 1), [short], "what fits is left alone");
}

/// Regression (issue 30, item 22): a Korean help line one column wider than the row
/// wrapped its final `.` alone, and a message broke `아래` in the middle: any two wide
/// characters were a place to break.
#[test]
fn korean_breaks_between_words_and_a_full_stop_never_starts_a_row() {
    let help = "  숫자를 입력하세요 범위는 1부터 5까지입니다 아래를 보세요.";
    let width = text_width(help);
    assert_eq!(texts(&[Line::styled(help, Style::Weak)], width), [help]);
    let rows = texts(&[Line::styled(help, Style::Weak).indent(2)], width - 1);
    assert_eq!(
        rows,
        [
            "  숫자를 입력하세요 범위는 1부터 5까지입니다 아래를",
            "  보세요."
        ],
        "the last word goes down with its full stop"
    );
    for width in 8..width {
        for row in texts(&[Line::styled(help, Style::Weak)], width) {
            assert!(
                !row.trim_start().starts_with('.'),
                "{width}: a row starts with the full stop: {row:?}"
            );
            assert!(!row.ends_with('아'), "{width}: 아래 is broken: {row:?}");
        }
    }
    // Chinese and Japanese have no spaces: they still break between characters, but not
    // before their closing punctuation.
    let zh = "请输入一个介于一和五之间的数字。";
    for row in texts(&[Line::styled(zh, Style::Plain)], 10) {
        assert!(text_width(&row) <= 10 && !row.starts_with('。'), "{row:?}");
    }
    assert_eq!(
        texts(&[Line::styled(zh, Style::Plain)], 10),
        ["请输入一个", "介于一和五", "之间的数", "字。"]
    );
}

#[test]
fn a_window_always_notes_what_it_hides_when_it_has_a_row_for_it() {
    let w = |start, end, above, below| Window {
        start,
        end,
        above,
        below,
    };
    let cases = [
        // (total, focus, rows) -> window
        ((5, 0, 9), w(0, 5, false, false)),
        ((10, 0, 5), w(0, 4, false, true)),
        ((10, 9, 5), w(6, 10, true, false)),
        ((10, 5, 5), w(4, 7, true, true)),
        ((10, 0, 2), w(0, 1, false, true)),
        ((10, 5, 2), w(5, 6, true, false)),
        ((10, 9, 2), w(9, 10, true, false)),
        ((10, 5, 1), w(5, 6, false, false)),
    ];
    for ((total, focus, rows), want) in cases {
        assert_eq!(window(total, focus, rows), want, "{total} {focus} {rows}");
    }
}

/// Regression (issue 30, item 22): a value wrapping to a few rows, in a prompt with two
/// rows for it, showed its last row alone: the first was hidden with no note saying so.
#[test]
fn a_value_in_two_rows_notes_the_rows_above() {
    let value: Vec<String> = (1..=4).map(|i| format!("line {i}")).collect();
    let text = value.join("\n");
    let line = Line::styled("> ", Style::Accent)
        .push(text.clone(), Style::Plain)
        .indent(2)
        .cursor(text.chars().count() + 2);
    let out = layout(&scrolled(&line, 40, 2), 40);
    let rows: Vec<String> = out.rows.iter().map(Row::text).collect();
    assert_eq!(rows, ["    (3 more lines above)", "  line 4"]);
}

#[test]
fn clipped_text_ends_in_an_ellipsis() {
    let line = Line::styled("one two three four five six", Style::Weak);
    let rows: Vec<String> = layout(&clipped(&line, 10, 2), 10)
        .rows
        .iter()
        .map(Row::text)
        .collect();
    assert_eq!(rows, ["one two", "three fou…"]);
    assert_eq!(clipped(&line, 40, 1), [line]);
}

/// Issue 34: a right-to-left paragraph ends each row at the right edge, the first strong
/// character deciding; a left-to-right one and text being edited keep the left edge.
#[test]
fn right_to_left_paragraphs_end_at_the_right_edge() {
    let arabic = "سيصل طلبك خلال ثلاثة أيام عمل.";
    let hebrew = "ההזמנה תגיע בעוד שלושה ימי עסקים.";
    for text in [arabic, hebrew] {
        let rows = texts(&[Line::styled(text, Style::Plain).indent(2)], 20);
        assert!(rows.len() > 1, "{rows:?}");
        for row in &rows {
            assert_eq!(text_width(row), 20, "{row:?}");
            assert!(!row.ends_with(' '), "{row:?}");
        }
        assert!(rows.iter().any(|row| row.starts_with(' ')), "{rows:?}");
    }
    let prefixed = texts(&[Line::styled("  • שלום", Style::Weak)], 20);
    assert_eq!(prefixed, [format!("{}• שלום", " ".repeat(14))]);
    let latin = texts(&[Line::styled("Order عربي", Style::Plain)], 20);
    assert_eq!(latin, ["Order عربي"]);
    let edited = layout(&[Line::styled("שלום", Style::Plain).cursor(4)], 20);
    assert_eq!(edited.rows[0].text(), "שלום");
    assert_eq!(edited.cursor, Some((0, 4)));
}

#[test]
fn truncate_counts_columns() {
    assert_eq!(truncate("hello world", 8), "hello w…");
    assert_eq!(truncate("short", 8), "short");
    assert_eq!(truncate("한국어한국어", 7), "한국어…");
    assert_eq!(truncate("a\nb", 8), "a↵b");
}

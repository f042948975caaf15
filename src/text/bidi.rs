//! Which way a paragraph runs: Unicode's bidirectional algorithm, rules P2 and P3 (the first
//! strong character outside an isolate decides; a paragraph with none runs left to right),
//! with the character classes of the `unicode-bidi` crate rather than tables of our own.
//!
//! Both front ends right-align a right-to-left paragraph (Arabic, Hebrew, ...). The letters'
//! shaping and the order of the words within a row are the renderer's business: in the
//! window our patched epaint's (the whole bidi algorithm, with the same crate and the same
//! P2-P3, so a paragraph aligned here runs the way epaint orders it), in the terminal the
//! terminal's.

use unicode_bidi::Direction;

/// Whether `text`'s first paragraph runs right to left: its first strong character is of
/// class R or AL.
pub fn is_right_to_left(text: &str) -> bool {
    unicode_bidi::get_base_direction(text) == Direction::Rtl
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_strong_character_decides() {
        let cases = [
            ("سيصل طلبك خلال 3 أيام عمل.", true),
            ("ההזמנה תגיע בעוד 3 ימי עסקים.", true),
            // Digits, punctuation and spaces are not strong: the first letter decides.
            ("3. «طلب» رقم 7", true),
            ("• שלום", true),
            ("Order عربي", false),
            ("عربي then English", true),
            // Inside an isolate (RLI ... PDI) a letter does not decide (P2).
            ("\u{2067}שלום\u{2069} world", false),
            ("", false),
            ("123 !?", false),
            // Only the first paragraph counts.
            ("hello\nשלום", false),
        ];
        for (text, rtl) in cases {
            assert_eq!(is_right_to_left(text), rtl, "{text:?}");
        }
    }
}

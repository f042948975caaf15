//! Keys that type a character must not also act as Escape, Enter, Tab or Backspace.
//!
//! egui-winit names a key by what it types (its logical key) and, when egui has no name for
//! that (a Korean or Cyrillic letter), by its position on the keyboard, so that Ctrl+C works in
//! layouts without Latin letters. A virtual keyboard has no such positions: wtype, on-screen
//! keyboards and remote-desktop tools put the characters they type on keycodes in order, the
//! first on the one a physical keyboard has for Escape, and others on Tab, Backspace and Enter.
//! The first Korean syllable typed with wtype then pressed Escape and cancelled the form.

use egui::{Event, Key};

/// Drops the press of a command key (Escape, Enter, Tab, Backspace, arrows, ...) that typed
/// text: egui-winit sends a key's `Key` event and then its `Text`, and no command key types
/// printable text, so such a key was named by a keyboard position that means nothing for it.
/// Its release is left: egui acts on presses.
pub fn drop_commands_that_typed_text(events: &mut Vec<Event>) {
    let mut index = 0;
    while index < events.len() {
        let typed_text = matches!(events.get(index + 1), Some(Event::Text(_)));
        match &events[index] {
            Event::Key {
                key, pressed: true, ..
            } if typed_text && is_command(*key) => {
                events.remove(index);
            }
            _ => index += 1,
        }
    }
}

/// Whether `key` is one that edits, moves or decides rather than types.
fn is_command(key: Key) -> bool {
    use Key::{
        ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Backspace, Copy, Cut, Delete, End, Enter,
        Escape, Home, Insert, PageDown, PageUp, Paste, Tab,
    };
    matches!(
        key,
        ArrowDown
            | ArrowLeft
            | ArrowRight
            | ArrowUp
            | Escape
            | Tab
            | Backspace
            | Enter
            | Insert
            | Delete
            | Home
            | End
            | PageUp
            | PageDown
            | Copy
            | Cut
            | Paste
    ) || key
        .name()
        .strip_prefix('F')
        .is_some_and(|n| n.parse::<u8>().is_ok())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A key event without modifiers, as egui-winit makes it (also for `bursts`' tests).
    pub(crate) fn key(key: Key, pressed: bool) -> Event {
        Event::Key {
            key,
            physical_key: Some(key),
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        }
    }

    fn text(text: &str) -> Event {
        Event::Text(text.to_owned())
    }

    /// Regression test for issue 15 (Wayland): wtype's first character sits on keycode 9,
    /// Escape's position, and egui-winit sent Escape before the character.
    #[test]
    fn a_command_key_that_typed_text_is_dropped_and_the_text_kept() {
        let cases = [
            // wtype "서울": 서 on Escape's keycode, 울 on the next.
            (
                vec![key(Key::Escape, true), text("서"), key(Key::Escape, false)],
                vec![text("서"), key(Key::Escape, false)],
            ),
            (
                vec![
                    key(Key::Tab, true),
                    text("ж"),
                    key(Key::Backspace, true),
                    text("ё"),
                ],
                vec![text("ж"), text("ё")],
            ),
            (vec![key(Key::F5, true), text("東")], vec![text("東")]),
            // Real keys: commands type nothing, letters and Space keep their key.
            (
                vec![key(Key::Escape, true), key(Key::Escape, false)],
                vec![key(Key::Escape, true), key(Key::Escape, false)],
            ),
            (
                vec![key(Key::Enter, true), key(Key::A, true), text("a")],
                vec![key(Key::Enter, true), key(Key::A, true), text("a")],
            ),
            (
                vec![
                    key(Key::Space, true),
                    text(" "),
                    key(Key::V, true),
                    text("м"),
                ],
                vec![
                    key(Key::Space, true),
                    text(" "),
                    key(Key::V, true),
                    text("м"),
                ],
            ),
            (
                vec![key(Key::Escape, true), Event::Paste("x".into())],
                vec![key(Key::Escape, true), Event::Paste("x".into())],
            ),
        ];
        for (mut events, expected) in cases {
            let before = format!("{events:?}");
            drop_commands_that_typed_text(&mut events);
            assert_eq!(events, expected, "from {before}");
        }
    }
}

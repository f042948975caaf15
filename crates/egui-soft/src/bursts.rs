//! Keys that come faster than passes run, handed to egui in passes that each end at a key that
//! acts.
//!
//! egui acts on Tab, Shift+Tab, an arrow in a radio group or Enter during the pass that sees
//! it, and the focus it moves takes effect in the *next* pass: every other event of the same
//! pass still goes to the widget that had the focus. When keys come faster than passes (a
//! password manager's auto-type `name{TAB}password{ENTER}`, xdotool, a VNC viewer, a person
//! typing fast on a loaded machine, or a window that holds passes while keys come, as
//! [`run`](crate::run) does), the text typed after a Tab landed in the field the Tab left.
//!
//! So a pass ends at the first key press that types nothing (or a Space, which also clicks the
//! focused checkbox or button), and the events after it wait.
//! egui may finish such a key only in the pass after it (a Tab from the last field hands the
//! focus to the first widget drawn in the next pass, such as a button row drawn before the
//! fields), so that next pass gets no new input; the events that wait come in the pass after,
//! which runs at once. Keys that type (a letter and its text) share a pass, as before, so fast
//! typing still costs one pass; but a Space that another Space follows ends its pass like a
//! key that acts, since on a focused button egui acts on Space once per pass.

use egui::Event;

/// The events that wait for a later pass.
#[derive(Debug, Default)]
pub struct KeyBursts {
    waiting: Vec<Event>,
    /// The last pass ended at a key that acts: this one lets egui finish it.
    settle: bool,
}

impl KeyBursts {
    /// Makes `events` (a pass's new input) this pass's: the events that waited come first, and
    /// whatever follows the first key press that types nothing waits; the pass after such a
    /// key gets no input. Returns whether events wait: then run another pass at once.
    pub fn take_pass(&mut self, events: &mut Vec<Event>) -> bool {
        if !self.waiting.is_empty() {
            let new = std::mem::replace(events, std::mem::take(&mut self.waiting));
            events.extend(new);
        }
        if std::mem::take(&mut self.settle) {
            self.waiting = std::mem::take(events);
            return self.waiting();
        }
        if let Some(end) = first_action_end(events) {
            self.settle = true;
            self.waiting = events.split_off(end);
        }
        self.waiting()
    }

    /// Whether events wait for the next pass.
    pub fn waiting(&self) -> bool {
        !self.waiting.is_empty()
    }
}

/// The index just after the first key press that types no text, or after the first Space
/// (and the space it types).
///
/// Space types, but it also clicks the focused checkbox or button, which egui does only while
/// the widget still has the focus in that pass: a Tab later in the same pass takes the focus
/// away first, and the click is lost (`{TAB}{SPACE}{TAB}` left a checkbox as it was). Arrows
/// and Space in one pass act in the widget's order, not the keys' (Down, Space, Down, Space
/// in a list ticked the wrong rows). So a Space ends its pass too.
fn first_action_end(events: &[Event]) -> Option<usize> {
    let is_text = |index: usize| matches!(events.get(index), Some(Event::Text(_)));
    let acts = |index: usize| match events[index] {
        Event::Key {
            key: egui::Key::Space,
            pressed: true,
            ..
        } => true,
        Event::Key { pressed: true, .. } => !is_text(index + 1),
        _ => false,
    };
    (0..events.len())
        .find(|&index| acts(index))
        .map(|index| index + 1 + usize::from(is_text(index + 1)))
}

#[cfg(test)]
mod tests {
    use egui::Key;

    use super::*;
    use crate::keys::tests::key;

    fn typed(text: &str) -> Vec<Event> {
        text.chars()
            .flat_map(|c| {
                [
                    key(Key::A, true),
                    Event::Text(c.to_string()),
                    key(Key::A, false),
                ]
            })
            .collect()
    }

    /// The passes `bursts` hands out for `input` arriving in one go.
    fn passes(input: Vec<Event>) -> Vec<Vec<Event>> {
        let mut bursts = KeyBursts::default();
        let mut passes = Vec::new();
        let mut events = input;
        loop {
            let more = bursts.take_pass(&mut events);
            passes.push(std::mem::take(&mut events));
            if !more {
                return passes;
            }
        }
    }

    /// Regression test: a password manager's `Ada{TAB}secret{ENTER}` in one burst put
    /// "Adasecret" in the first field; now the Tab ends a pass, and so does the Enter, each
    /// followed by a pass without input in which egui finishes moving the focus.
    #[test]
    fn a_pass_ends_at_each_key_that_acts_and_the_next_one_settles() {
        let mut input = typed("Ada");
        input.extend([key(Key::Tab, true), key(Key::Tab, false)]);
        input.extend(typed("secret"));
        input.extend([key(Key::Enter, true), key(Key::Enter, false)]);
        let passes = passes(input);
        let mut first = typed("Ada");
        first.push(key(Key::Tab, true));
        let mut second = vec![key(Key::Tab, false)];
        second.extend(typed("secret"));
        second.push(key(Key::Enter, true));
        assert_eq!(
            passes,
            vec![first, vec![], second, vec![], vec![key(Key::Enter, false)]],
        );
    }

    /// Two Tabs in a burst move the focus twice: the second waits until egui has finished
    /// the first (from the last field to a button drawn before the fields, that takes a pass).
    #[test]
    fn two_tabs_are_two_passes_apart() {
        let tab = [key(Key::Tab, true), key(Key::Tab, false)];
        let mut input = tab.to_vec();
        input.extend(tab);
        input.push(key(Key::Space, true));
        input.push(Event::Text(" ".into()));
        assert_eq!(
            passes(input),
            vec![
                vec![key(Key::Tab, true)],
                vec![],
                vec![key(Key::Tab, false), key(Key::Tab, true)],
                vec![],
                vec![
                    key(Key::Tab, false),
                    key(Key::Space, true),
                    Event::Text(" ".into())
                ],
            ]
        );
    }

    /// Regression test: Space on "Decline all", then Space on the confirmation it brings up
    /// (xdotool, faster than passes) confirmed nothing: egui acts on Space once per pass. Each
    /// Space ends its pass, and the pass after settles, so the two presses are passes apart.
    #[test]
    fn two_spaces_are_two_passes_apart() {
        let space = [
            key(Key::Space, true),
            Event::Text(" ".into()),
            key(Key::Space, false),
        ];
        let mut input = space.to_vec();
        input.extend(space.clone());
        let passes = passes(input);
        let pressed_in: Vec<usize> = passes
            .iter()
            .enumerate()
            .filter(|(_, pass)| pass.contains(&space[0]))
            .map(|(i, _)| i)
            .collect();
        assert_eq!(pressed_in.len(), 2, "{passes:?}");
        assert!(
            passes[pressed_in[0] + 1].is_empty() && pressed_in[1] > pressed_in[0] + 1,
            "{passes:?}"
        );
    }

    #[test]
    fn typing_alone_is_one_pass_and_events_that_waited_come_first() {
        assert_eq!(passes(typed("서울 東京")), vec![typed("서울 東京")]);
        let mut bursts = KeyBursts::default();
        let mut events = vec![key(Key::Tab, true), key(Key::ArrowDown, true)];
        assert!(bursts.take_pass(&mut events));
        assert_eq!(events, vec![key(Key::Tab, true)]);
        // The pass after the Tab settles; keys typed meanwhile join the queue.
        let mut events = typed("x");
        assert!(bursts.take_pass(&mut events));
        assert_eq!(events, vec![]);
        let mut events = Vec::new();
        assert!(bursts.take_pass(&mut events));
        assert_eq!(events, vec![key(Key::ArrowDown, true)]);
        let mut events = Vec::new();
        assert!(bursts.take_pass(&mut events));
        assert_eq!(events, vec![]);
        let mut events = Vec::new();
        assert!(!bursts.take_pass(&mut events));
        assert_eq!(events, typed("x"));
        assert!(!bursts.waiting());
    }

    /// Regression test: `{TAB}{SPACE}{TAB}` in one burst left the checkbox unticked, and
    /// Down, Space, Down, Space in a list ticked the wrong rows: a Space (with its text) ends
    /// its pass, so each key acts on the widget it was meant for, in order.
    #[test]
    fn a_space_ends_its_pass() {
        let space = [
            key(Key::Space, true),
            Event::Text(" ".into()),
            key(Key::Space, false),
        ];
        let mut input = vec![key(Key::ArrowDown, true)];
        input.extend(space.clone());
        input.push(key(Key::ArrowDown, true));
        input.extend(space.clone());
        assert_eq!(
            passes(input),
            vec![
                vec![key(Key::ArrowDown, true)],
                vec![],
                vec![key(Key::Space, true), Event::Text(" ".into())],
                vec![],
                vec![key(Key::Space, false), key(Key::ArrowDown, true)],
                vec![],
                vec![key(Key::Space, true), Event::Text(" ".into())],
                vec![],
                vec![key(Key::Space, false)],
            ]
        );
    }

    /// A key that acts and comes last needs nothing held back; the pass after it (run when
    /// egui asks for one) gets no input, and later keys the pass after that.
    #[test]
    fn a_key_that_acts_last_holds_nothing_back() {
        let mut input = typed("ok");
        input.push(key(Key::Enter, true));
        assert_eq!(passes(input.clone()), vec![input]);
    }
}

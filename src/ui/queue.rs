//! The line that says where a form stands in a proxy's run of forms ("Form 1 of 5 from
//! weather"), and "Decline all", which asks once more before it answers. The place is live:
//! the proxy moves it as forms arrive or are withdrawn.

use egui::{Id, Key, RichText, Ui};

use crate::model::describe;
use crate::process::queue::LivePlace;

/// The run's line and its button, with the confirmation the button opens.
#[derive(Debug)]
pub struct QueueBar {
    place: LivePlace,
    /// Whether the place asks for a repaint when it changes (set up on the first frame).
    hooked: bool,
    /// "Decline all" was pressed: the question and its two answers are shown instead.
    confirming: bool,
    /// The passes in which the confirmation's first button is still to take the focus: the
    /// one "Decline all" was pressed in (so that a key in the very next pass finds it), and
    /// the one after, since a pointer's click hands the focus to the clicked button at the
    /// end of its pass.
    focus_confirm: u8,
    /// The buttons drawn last frame: a focused one takes Enter as a press, not as Submit.
    ids: Vec<Id>,
}

impl QueueBar {
    /// The bar for a form at `place`.
    pub fn new(place: LivePlace) -> Self {
        Self {
            place,
            hooked: false,
            confirming: false,
            focus_confirm: 0,
            ids: Vec::new(),
        }
    }

    /// Whether the proxy said that the client stopped waiting for the answer.
    pub fn client_stopped_waiting(&self) -> bool {
        self.place.client_stopped_waiting()
    }

    /// Asks for a repaint of `ctx` when the place changes or the client stops waiting, once.
    fn hook(&mut self, ctx: &egui::Context) {
        if !self.hooked {
            self.hooked = true;
            let ctx = ctx.clone();
            self.place.on_change(move || ctx.request_repaint());
        }
    }

    /// The ids of the buttons drawn last frame.
    pub fn button_ids(&self) -> &[Id] {
        &self.ids
    }

    /// Draws the line when others are in the run, and "Decline all" when more than this form
    /// waits; true once the person has confirmed it.
    pub fn ui(&mut self, ui: &mut Ui, server: Option<&str>) -> bool {
        self.hook(ui.ctx());
        self.ids.clear();
        let place = self.place.get();
        if place.total < 2 {
            return false;
        }
        ui.label(RichText::new(describe::queue_place(place, server)).strong());
        let left = place.left();
        if left < 2 {
            self.confirming = false;
            return false;
        }
        let opened_now = !self.confirming;
        if !self.confirming {
            let button = ui
                .button(t!("queue-decline-all", count = left))
                .on_hover_text(t!("queue-decline-all-tip"));
            self.ids.push(button.id);
            if !button.clicked() {
                return false;
            }
            // The confirmation is drawn in this very pass, its button focused now: a second
            // key press that comes in the next pass must find it focused (xdotool, a person
            // quick on the keyboard).
            self.confirming = true;
            self.focus_confirm = 2;
            ui.ctx().request_repaint();
        }
        ui.label(t!("queue-confirm-question", count = left));
        // An id of its own: the buttons keep it whether "Decline all" was drawn before them
        // in the pass (the pass it was pressed in) or not, and so keep the focus.
        ui.push_id("queue-confirmation", |ui| {
            ui.horizontal(|ui| {
                let confirm = ui.button(t!("queue-confirm"));
                let focus_pending = self.focus_confirm > 0;
                if focus_pending {
                    self.focus_confirm -= 1;
                    confirm.request_focus();
                }
                // Space or Enter in the pass after the one that brought the confirmation up
                // is for it, even where egui has not yet moved the focus onto it (a key that
                // came right after the press that opened it).
                let key_for_it = !opened_now
                    && (focus_pending || confirm.has_focus())
                    && ui.input(|i| i.key_pressed(Key::Space) || i.key_pressed(Key::Enter));
                let keep = ui.button(t!("queue-keep"));
                self.ids.extend([confirm.id, keep.id]);
                if keep.clicked() {
                    self.confirming = false;
                }
                confirm.clicked() || key_for_it
            })
            .inner
        })
        .inner
    }
}

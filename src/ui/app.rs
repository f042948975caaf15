//! [`FormApp`]: draws the form, handles the keyboard, and decides the answer.
//!
//! It knows nothing of the window shell or the renderer, so the kittest tests drive exactly what
//! the window runs.

use std::time::Duration;

use egui::{Event, Id, Key, Modifiers, RichText, Ui};

use crate::cli::Markdown;
use crate::model::answer::{self, Answer};
use crate::model::describe;
use crate::model::form::{FieldKind, Form};
use crate::model::url::UrlRequest;
use crate::model::validate::{FieldState, field_value};

use super::buttons::{Labels, Pressed, button_row};
use super::deadline::DeadlineUi as _;
use super::dialog::{DialogState, WindowDialog};
use super::fields::{self, FieldUi};
use super::fonts as font_fallback;
use super::message::MessageBox;
use super::url_app::{Opener, url_details_ui};

/// The window's width before it fits itself to its content.
const WIDTH: f32 = 520.0;

/// The smallest window that holds the date picker's calendar whole, from the top of its
/// button's field to the calendar's Save button.
const CALENDAR_HEIGHT: f32 = 360.0;

/// Which widget should take the keyboard focus on the next frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Focus {
    Field(usize),
    Submit,
}

/// The form's state and the answer, once there is one.
pub struct FormApp {
    form: Form,
    states: Vec<FieldState>,
    field_ui: Vec<FieldUi>,
    problems: Vec<Option<String>>,
    /// Who asks, the run of forms, the deadline, the fonts, and the answer once decided.
    dialog: DialogState,
    focus: Option<Focus>,
    buttons: Vec<Id>,
    /// The widget that had the keyboard focus in the last frame: when the focus moves to
    /// another field, that field is scrolled into view.
    last_focused: Option<Id>,
    /// A long message's box: how far it is scrolled, and a new offset asked by Page Up/Down.
    message_box: MessageBox,
    /// Which fields to lay out in the next pass.
    layout: Layout,
    /// The links of the message drawn in the last frame: a focused link takes Enter.
    link_ids: Vec<Id>,
    /// A link the person followed, shown in the URL consent in place of the form.
    link: Option<LinkConsent>,
    /// Opens a link's URL in the browser when the person presses Open in its consent.
    opener: Opener,
    /// Where what was typed is kept when the form closes without the person's answer.
    draft: Option<crate::process::drafts::Slot>,
    /// The line that says the form opened filled with a draft.
    draft_notice: Option<String>,
    /// The line that says the client stopped waiting for the answer, once a proxy said so:
    /// the form stays, Submit becomes "Keep as draft" (issue 58).
    client_gone: Option<String>,
}

/// The URL consent for a link of the message or of a description, shown in place of the form
/// until the person opens the link or goes back; the form keeps everything typed meanwhile.
struct LinkConsent {
    request: UrlRequest,
    /// Why the browser could not be opened, shown until the person tries again.
    failure: Option<String>,
}

/// A long form lays out only the fields in view (and those around the focus): the others
/// take the height they had when they were last laid out. A key typed into a form of 500
/// fields then costs the few fields on screen, not all of them.
#[derive(Debug, Default)]
struct Layout {
    /// Each field's height when it was last laid out.
    heights: Vec<Option<f32>>,
    /// The width the fields were laid out for: another width wraps their text anew.
    width: f32,
    /// Lay out every field in the next pass (problems shown after a failed Submit change
    /// fields anywhere in the form).
    everything: bool,
}

impl FormApp {
    /// The same dialog, with its message read as Markdown or shown as it came.
    pub fn markdown(mut self, markdown: Markdown) -> Self {
        self.message_box.markdown = markdown;
        for (field, extra) in self.form.fields.iter().zip(&mut self.field_ui) {
            extra.set_markdown(field, markdown);
        }
        self
    }

    /// The same dialog, opening a followed link with `opener` (after the person's consent)
    /// rather than the system's browser.
    pub fn opener(mut self, opener: Opener) -> Self {
        self.opener = opener;
        self
    }

    /// The same dialog, filled with the draft `slot` holds (if any), keeping what is typed
    /// there when it closes without the person's answer (see [`crate::process::drafts`]).
    pub fn draft(mut self, slot: Option<crate::process::drafts::Slot>) -> Self {
        if let Some(draft) = slot.as_ref().and_then(|slot| slot.restored.as_ref())
            && draft.states.len() == self.states.len()
        {
            self.states = draft.states.clone();
            self.draft_notice = slot.as_ref().and_then(crate::process::drafts::Slot::notice);
        }
        self.draft = slot;
        self
    }

    /// The form closed without the person's answer (its timeout, a signal, the caller gone):
    /// what was typed is kept as a draft, and the answer is cancel.
    fn stopped_waiting(&mut self) {
        if self.dialog.outcome.is_some() {
            return;
        }
        if let Some(slot) = &self.draft {
            slot.keep(&self.form, &self.states);
        }
        self.dialog.outcome = Some(Answer::Cancel);
    }

    /// The proxy says the client stopped waiting: with somewhere to keep a draft, the form
    /// stays and says so (without, `show` closes it as a cancel from outside).
    fn watch_the_client(&mut self) {
        let stopped = self
            .dialog
            .queue
            .as_ref()
            .is_some_and(super::queue::QueueBar::client_stopped_waiting);
        if stopped && self.client_gone.is_none() && self.draft.is_some() {
            self.client_gone = Some(t!("client-stopped-waiting"));
        }
    }

    /// "Keep as draft", in place of Submit once the client stopped waiting: what was typed
    /// is kept as it stands, checked or not (as any draft), and the answer is cancel, which
    /// nobody reads. Nothing is sent.
    fn keep_as_draft(&mut self) {
        if self.dialog.outcome.is_some() {
            return;
        }
        if let Some(slot) = &self.draft {
            slot.keep(&self.form, &self.states);
        }
        self.dialog.outcome = Some(Answer::Cancel);
    }

    /// The URL of the link whose consent is shown, if one is.
    pub fn link_shown(&self) -> Option<&str> {
        self.link.as_ref().map(|link| link.request.url.as_str())
    }

    /// A form with every field at its default, focus on the first field.
    pub fn new(form: Form, server: Option<String>, timeout: Option<Duration>) -> Self {
        let states = form.fields.iter().map(FieldState::initial).collect();
        let field_ui = form.fields.iter().map(FieldUi::new).collect();
        let problems = vec![None; form.fields.len()];
        let focus = if form.fields.is_empty() {
            Focus::Submit
        } else {
            Focus::Field(0)
        };
        let text = font_fallback::form_text(&form, server.as_deref());
        Self {
            form,
            states,
            field_ui,
            problems,
            dialog: DialogState::new(server, timeout, text),
            focus: Some(focus),
            buttons: Vec::new(),
            last_focused: None,
            message_box: MessageBox::default(),
            layout: Layout::default(),
            link_ids: Vec::new(),
            link: None,
            opener: super::url_app::system_opener(),
            draft: None,
            draft_notice: None,
            client_gone: None,
        }
    }

    /// The problems currently shown, one per field.
    pub fn problems(&self) -> &[Option<String>] {
        &self.problems
    }

    /// Whether the system fonts were loaded for text the built-in fonts lack.
    pub fn system_fonts_loaded(&self) -> bool {
        self.dialog.fonts.loaded()
    }

    /// Whether the system fonts are being found on a thread of their own, for typed text the
    /// loaded fonts lack (the window goes on meanwhile).
    pub fn system_fonts_loading(&self) -> bool {
        self.dialog.fonts.loading()
    }

    /// Validates every field: answers `accept` when all are valid, else shows the problems and
    /// focuses the first.
    fn submit(&mut self) {
        match answer::content(&self.form, &self.states) {
            Ok(content) => self.finish(Answer::Accept(content)),
            Err(problems) => {
                self.problems.iter_mut().for_each(|p| *p = None);
                for (i, problem) in &problems {
                    self.problems[*i] = Some(describe::problem(problem));
                }
                self.focus = problems.first().map(|(i, _)| Focus::Field(*i));
                self.layout.everything = true;
            }
        }
    }

    /// Handles Esc, Enter and Ctrl+Enter before any widget sees them. Returns which applies.
    fn keyboard(&mut self, ctx: &egui::Context) -> Option<Key> {
        let popup_open =
            egui::Popup::is_any_open(ctx) || self.field_ui.iter().any(|f| f.picker_open);
        let focused = ctx.memory(|m| m.focused());
        // A focused button takes Enter itself (as a click); everywhere else Enter submits.
        let is_button = |id: Id| {
            self.buttons.contains(&id)
                || self.link_ids.contains(&id)
                || self
                    .field_ui
                    .iter()
                    .any(|f| f.button_ids.contains(&id) || f.help_links.contains(&id))
                || self
                    .dialog
                    .queue
                    .as_ref()
                    .is_some_and(|q| q.button_ids().contains(&id))
        };
        let enter_is_ours = !popup_open && !focused.is_some_and(is_button);
        let in_multiline =
            focused.is_some_and(|id| self.field_ui.iter().any(|f| f.multiline_id == Some(id)));
        ctx.input_mut(|input| {
            let mut found = None;
            input.events.retain(|event| {
                let Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } = event
                else {
                    return true;
                };
                let plain = modifiers.is_none();
                let ctrl_only = modifiers.command_only() || *modifiers == Modifiers::CTRL;
                let shift_only = *modifiers == Modifiers::SHIFT;
                if *key == Key::Enter && shift_only && !popup_open && !in_multiline {
                    // A one-line box would take Shift+Enter as Enter and drop the focus;
                    // nowhere but a multi-line text box does it mean anything.
                    return false;
                }
                let ours = match key {
                    Key::Escape if plain && !popup_open => Some(Key::Escape),
                    Key::Enter if ctrl_only => Some(Key::Enter),
                    Key::Enter if plain && enter_is_ours => Some(Key::Enter),
                    _ => None,
                };
                if ours.is_some() {
                    found = found.or(ours);
                }
                ours.is_none()
            });
            found
        })
    }

    fn actions_ui(&mut self, ui: &mut Ui) -> Option<Pressed> {
        let labels = match self.client_gone {
            None => Labels {
                primary: t!("submit"),
                primary_tip: t!("submit-tip"),
                decline_tip: t!("decline-tip"),
            },
            Some(_) => Labels {
                primary: t!("keep-draft"),
                primary_tip: t!("keep-draft-tip"),
                decline_tip: t!("decline-tip"),
            },
        };
        let row = button_row(ui, &labels, &self.dialog.deadline);
        if self.focus == Some(Focus::Submit) {
            row.primary.request_focus();
            self.focus = None;
        }
        self.buttons = row.ids.to_vec();
        row.pressed
    }

    fn body_ui(&mut self, ui: &mut Ui) {
        ui.spacing_mut().item_spacing.y = 6.0;
        if let Some(notice) = &self.draft_notice {
            super::mirror::paragraph(ui, notice, |ui| ui.label(RichText::new(notice).italics()));
        }
        if let Some(title) = &self.form.title {
            // One line, set apart: a title cannot draw a heading of ours, nor reorder one.
            let title = crate::text::untrusted::name(title);
            super::mirror::paragraph(ui, &title, |ui| ui.heading(&title));
        }
        let links = self.message_box.show(ui, &self.form.message);
        self.link_ids = links.ids;
        let mut followed = links.followed;
        if let Some(description) = &self.form.description {
            super::mirror::paragraph(ui, description, |ui| {
                ui.label(RichText::new(description).weak())
            });
        }
        if !self.form.fields.is_empty() {
            ui.add_space(4.0);
            ui.separator();
        }
        let focused = ui.memory(|m| m.focused());
        let focus_moved = focused != self.last_focused;
        self.last_focused = focused;
        // Every field while the window is measured, when the width changed, after a failed
        // Submit, and for screen readers (they read the whole form, not what is in view).
        let width = ui.available_width();
        let screen_reader = self
            .buttons
            .first()
            .is_some_and(|&id| ui.ctx().has_accesskit_node(id));
        let everything = self.dialog.content_size.is_none()
            || std::mem::take(&mut self.layout.everything)
            || width != self.layout.width
            || screen_reader;
        self.layout.width = width;
        self.layout.heights.resize(self.form.fields.len(), None);
        // The field with the focus and its neighbours, so that Tab and Shift+Tab find the next
        // field to focus even when it is out of view; with the focus on a button, the first
        // and the last field, where Tab and Shift+Tab go from the buttons.
        let focused_field = focused.and_then(|id| {
            self.field_ui
                .iter()
                .position(|f| f.control_ids.contains(&id) || f.help_links.contains(&id))
        });
        let last = self.form.fields.len().saturating_sub(1);
        let view = ui.clip_rect();
        // A key or text for the focused field in this pass (see the scroll below).
        let typed = ui.input(|i| {
            i.events.iter().any(|e| match e {
                egui::Event::Text(_) | egui::Event::Paste(_) | egui::Event::Ime(_) => true,
                egui::Event::Key { pressed, key, .. } => {
                    *pressed
                        && !matches!(
                            key,
                            egui::Key::Tab | egui::Key::PageUp | egui::Key::PageDown
                        )
                }
                _ => false,
            })
        });
        for i in 0..self.form.fields.len() {
            ui.add_space(6.0);
            let needed = everything
                || self.focus == Some(Focus::Field(i))
                || focused_field.map_or(i == 0 || i == last, |f| f.abs_diff(i) <= 1)
                || self.field_ui[i].picker_open;
            if !needed && let Some(height) = self.layout.heights[i] {
                let top = ui.cursor().top();
                if top + height < view.top() || top > view.bottom() {
                    ui.allocate_space(egui::vec2(0.0, height));
                    continue;
                }
            }
            let field = &self.form.fields[i];
            let whole = ui.push_id(("field", i), |ui| {
                fields::field_ui(
                    ui,
                    field,
                    &mut self.states[i],
                    &mut self.field_ui[i],
                    self.problems[i].as_deref(),
                )
            });
            let response = whole.inner;
            followed = followed.or(self.field_ui[i].followed.take());
            // The whole field, from its label to its problem line, comes into view with the
            // focus, whether Tab, Shift+Tab or a failed Submit moved it there.
            let field_rect = whole.response.rect;
            self.layout.heights[i] = Some(field_rect.height());
            if self.focus == Some(Focus::Field(i)) {
                response.request_focus();
                // The window opens at the top, with who asks and the message in view; only a
                // later move (a failed Submit) scrolls.
                if self.dialog.content_size.is_some() {
                    ui.scroll_to_rect(field_rect, None);
                }
                // Scroll once: a second request while the scroll animates would overshoot.
                self.last_focused = Some(response.id);
                self.focus = None;
            } else if focus_moved
                && focused.is_some_and(|id| self.field_ui[i].control_ids.contains(&id))
            {
                ui.scroll_to_rect(field_rect, None);
            } else if typed
                && focused.is_some_and(|id| self.field_ui[i].control_ids.contains(&id))
                && !ui.clip_rect().contains_rect(field_rect)
            {
                // Typing goes where the person can see it: a field below the fold (the
                // window opens at the top, a long message above the first field) comes into
                // view with the first key, at once, so that keys coming fast cannot pile up
                // animated scrolls that overshoot.
                ui.scroll_to_rect_animation(field_rect, None, egui::style::ScrollAnimation::none());
            }
            // Once a problem is shown, it follows the person's edits so it clears when fixed.
            if response.changed() && self.problems[i].is_some() {
                self.problems[i] = field_value(field, &self.states[i])
                    .err()
                    .map(|p| describe::problem(&p));
            }
        }
        if let Some(url) = followed {
            self.follow(ui.ctx(), url);
        }
    }

    /// Shows the URL consent for a followed link in place of the form.
    fn follow(&mut self, ctx: &egui::Context, url: String) {
        // Only addresses the consent can show are links at all (see `markdown::Span::link`).
        if let Ok(request) = UrlRequest::parse(String::new(), url, "link") {
            let text = format!(
                "{}\n{}",
                request.url,
                request.host_unicode.as_deref().unwrap_or_default()
            );
            self.dialog.fonts.cover(ctx, &text);
            self.link = Some(LinkConsent {
                request,
                failure: None,
            });
        }
    }

    /// The URL consent for a followed link: who asks, the site set apart, the full URL and the
    /// warnings, as for a URL-mode request; Open hands the URL to the browser, Back (or Esc)
    /// returns to the form. Either way the form is still to be answered.
    fn link_ui(&mut self, ui: &mut Ui) {
        let Some(link) = &mut self.link else {
            return;
        };
        let back_by_key = ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape));
        let pressed = egui::Panel::bottom("link-actions")
            .show(ui, |ui| {
                ui.add_space(6.0);
                let pressed = super::mirror::page(ui, |ui| {
                    ui.horizontal(|ui| {
                        let open = ui
                            .button(t!("open-in-browser"))
                            .on_hover_text(t!("open-in-browser-tip"));
                        let back = ui.button(t!("back-to-form"));
                        if ui.memory(|m| m.focused().is_none()) {
                            back.request_focus();
                        }
                        (open.clicked(), back.clicked())
                    })
                    .inner
                });
                ui.add_space(2.0);
                pressed
            })
            .inner;
        let (server, via) = (self.dialog.server.as_deref(), self.dialog.via.as_deref());
        let asker = describe::asker(server, via).zip(describe::asker_spoken(server, via));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    super::mirror::page(ui, |ui| {
                        ui.spacing_mut().item_spacing.y = 6.0;
                        if let Some((shown, spoken)) = asker {
                            super::dialog::asker_ui(ui, shown, spoken);
                        }
                        ui.label(RichText::new(t!("link-consent")).size(15.0));
                        ui.separator();
                        url_details_ui(ui, &link.request);
                        if let Some(failure) = &link.failure {
                            ui.label(
                                RichText::new(t!("open-failed", reason = failure))
                                    .color(ui.visuals().error_fg_color),
                            );
                        }
                    });
                });
        });
        match pressed {
            (true, _) => match (self.opener)(&link.request.url) {
                Ok(()) => self.link = None,
                Err(why) => link.failure = Some(why),
            },
            (_, true) => self.link = None,
            _ if back_by_key => self.link = None,
            _ => {}
        }
    }
}

impl WindowDialog for FormApp {
    /// Draws one frame and reacts to its input.
    fn show(&mut self, ui: &mut Ui) {
        if self.dialog.outcome.is_some() {
            return;
        }
        let ctx = ui.ctx().clone();
        if self.dialog.deadline.expired(&ctx) {
            self.stopped_waiting();
            return;
        }
        self.watch_the_client();
        self.dialog.begin_frame(&ctx);
        self.dialog.fonts.poll(&ctx);
        let typed: String = ctx.input(|i| {
            i.events
                .iter()
                .filter_map(|e| match e {
                    Event::Text(t) | Event::Paste(t) => Some(t.as_str()),
                    Event::Ime(egui::ImeEvent::Commit(t)) => Some(t.as_str()),
                    _ => None,
                })
                .collect()
        });
        self.dialog.fonts.cover_typed(&ctx, &typed);
        if self.link.is_some() {
            self.link_ui(ui);
            return;
        }
        self.message_box.paging_keys(&ctx);
        let submit = match self.keyboard(&ctx) {
            Some(Key::Escape) => {
                self.finish(Answer::Cancel);
                return;
            }
            Some(Key::Enter) => true,
            _ => false,
        };

        let actions = egui::Panel::bottom("actions").show(ui, |ui| {
            ui.add_space(6.0);
            let action = super::mirror::page(ui, |ui| self.actions_ui(ui));
            ui.add_space(2.0);
            action
        });
        let action = actions.inner;
        // Who asks is pinned above everything that scrolls: a message cannot push it out of
        // sight, nor imitate it below. Its names are bounded: pinned, it cannot scroll, and
        // a name of blank rows pushed everything else out of the window (issue 54, item 3).
        let (server, via) = (self.dialog.server.as_deref(), self.dialog.via.as_deref());
        let asker = describe::asker(server, via).zip(describe::asker_spoken(server, via));
        let mut declined_all = false;
        let asker = (asker.is_some() || self.dialog.queue.is_some()).then(|| {
            egui::Panel::top("asker").show(ui, |ui| {
                ui.add_space(4.0);
                super::mirror::page(ui, |ui| {
                    if let Some((shown, spoken)) = asker {
                        super::dialog::asker_ui(ui, shown, spoken);
                    }
                    if let Some(queue) = &mut self.dialog.queue {
                        declined_all = queue.ui(ui, self.dialog.server.as_deref());
                    }
                    // Pinned with who asks: in view wherever the form is scrolled.
                    if let Some(gone) = &self.client_gone {
                        let colour = ui.visuals().warn_fg_color;
                        super::mirror::paragraph(ui, gone, |ui| {
                            ui.add(
                                egui::Label::new(RichText::new(gone).strong().color(colour)).wrap(),
                            )
                        });
                    }
                });
            })
        });
        let body = egui::CentralPanel::default().show(ui, |ui| {
            // egui's floating scroll bar is invisible until the pointer hovers it: a form
            // taller than the window gave no sign of more below (issue 48). Its bar shows,
            // faint, whenever the body scrolls.
            let scroll = &mut ui.spacing_mut().scroll;
            scroll.dormant_handle_opacity = scroll.dormant_handle_opacity.max(0.6);
            scroll.dormant_background_opacity = scroll.dormant_background_opacity.max(0.2);
            egui::ScrollArea::vertical()
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    // Keep the fields clear of the scroll bar.
                    egui::Frame::NONE
                        .inner_margin(egui::Margin {
                            right: 12,
                            ..Default::default()
                        })
                        .show(ui, |ui| super::mirror::page(ui, |ui| self.body_ui(ui)));
                    ui.min_rect().height()
                })
        });
        if self.dialog.content_size.is_none() {
            let margins = ui.spacing().window_margin.sum().y + 24.0;
            let pinned = asker.map_or(0.0, |a| a.response.rect.height());
            let mut height = body.inner.inner + actions.response.rect.height() + pinned + margins;
            // The calendar pops up over the form: the window must hold it whole, or its last
            // row and its Save button cannot be reached.
            if self.form.fields.iter().any(|f| f.kind.has_date_picker()) {
                height = height.max(CALENDAR_HEIGHT);
            }
            self.dialog.content_size = Some(egui::vec2(WIDTH, height));
        }

        if declined_all {
            self.finish(Answer::DeclineAll);
            return;
        }
        let primary = action == Some(Pressed::Primary) || (action.is_none() && submit);
        match action {
            Some(Pressed::Decline) => self.finish(Answer::Decline),
            Some(Pressed::Cancel) => self.finish(Answer::Cancel),
            _ if primary && self.client_gone.is_some() => self.keep_as_draft(),
            _ if primary => self.submit(),
            _ => {}
        }
    }

    fn dialog(&self) -> &DialogState {
        &self.dialog
    }

    fn dialog_mut(&mut self) -> &mut DialogState {
        &mut self.dialog
    }

    /// The person's answer (Submit, Decline, Cancel, closing the window): the form's draft,
    /// if any, is gone.
    fn finish(&mut self, answer: Answer) {
        if self.dialog.outcome.is_some() {
            return;
        }
        if let Some(slot) = &self.draft {
            slot.discard();
        }
        self.dialog.outcome = Some(answer);
    }

    fn calendar_open(&self) -> bool {
        self.field_ui.iter().any(|f| f.picker_open)
    }

    fn client_gone(&self) -> Option<&str> {
        self.client_gone.as_deref()
    }
}

/// A first guess at the window size, before the first frame measures the content.
pub fn initial_size(form: &Form) -> egui::Vec2 {
    let fields: f32 = form
        .fields
        .iter()
        .map(|field| {
            let help = if field.description.is_some() {
                18.0
            } else {
                0.0
            };
            help + match &field.kind {
                FieldKind::Choice(spec) if spec.options.len() <= fields::RADIO_MAX => {
                    24.0 + 22.0 * spec.options.len() as f32
                }
                FieldKind::Choice(_) => 200.0,
                FieldKind::MultiChoice(spec) => 24.0 + 22.0 * spec.options.len().min(12) as f32,
                FieldKind::Boolean { .. } => 30.0,
                _ => 56.0,
            }
        })
        .sum();
    let message_lines = (form.message.len() as f32 / 60.0).ceil().clamp(1.0, 14.0);
    egui::vec2(
        WIDTH,
        (120.0 + 18.0 * message_lines + fields).clamp(180.0, 800.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::cancel::Cancel;

    /// A form of `count` text fields (the `required` one, if any, required), in a
    /// window-sized screen, after the pass that measures it.
    fn long_form(count: usize, required: Option<usize>) -> (egui::Context, FormApp) {
        let mut app = form_of(count, "string", required);
        let ctx = egui::Context::default();
        pass(&ctx, &mut app, Vec::new());
        assert!(app.dialog.content_size.is_some(), "the first pass measures");
        pass(&ctx, &mut app, Vec::new());
        (ctx, app)
    }

    /// A form of `count` fields of JSON type `kind`, the `required` one (if any) required.
    fn form_of(count: usize, kind: &str, required: Option<usize>) -> FormApp {
        let properties: serde_json::Map<String, serde_json::Value> = (0..count)
            .map(|i| {
                let field = serde_json::json!({"type": kind, "title": format!("Field {i}")});
                (format!("f{i}"), field)
            })
            .collect();
        let required: Vec<String> = required.iter().map(|i| format!("f{i}")).collect();
        let schema =
            serde_json::json!({"type": "object", "properties": properties, "required": required});
        let form = Form::from_schema("A long form".into(), &schema).expect("valid schema");
        FormApp::new(form, None, None)
    }

    /// Runs one pass with `events`; returns how many fields it laid out.
    fn pass(ctx: &egui::Context, app: &mut FormApp, events: Vec<Event>) -> usize {
        // A field laid out replaces its list of controls, and this mark with it.
        let mark = Id::unique("not laid out in this pass");
        for extra in &mut app.field_ui {
            extra.control_ids.push(mark);
        }
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(WIDTH, 600.0),
            )),
            events,
            ..Default::default()
        };
        let mut output = ctx.run_ui(input, |ui| app.show(ui));
        output.textures_delta.clear();
        let mut laid_out = 0;
        for extra in &mut app.field_ui {
            if extra.control_ids.last() == Some(&mark) {
                extra.control_ids.pop();
            } else {
                laid_out += 1;
            }
        }
        laid_out
    }

    fn key(key: Key, modifiers: Modifiers) -> Vec<Event> {
        vec![Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        }]
    }

    /// The field whose control has the keyboard focus.
    fn focused_field(ctx: &egui::Context, app: &FormApp) -> Option<usize> {
        let focused = ctx.memory(|m| m.focused())?;
        app.field_ui
            .iter()
            .position(|extra| extra.control_ids.contains(&focused))
    }

    /// After the window opens, nothing animates: every frame after the first few would be
    /// painted for nothing a person asked for.
    #[test]
    fn a_long_form_settles_at_once() {
        // Checkboxes: no caret, whose blink would ask for frames of its own.
        let mut app = form_of(500, "boolean", None);
        let ctx = egui::Context::default();
        super::super::prepare(&ctx, crate::cli::Theme::System, &Cancel::new());
        let mut eager = Vec::new();
        for frame in 0..30 {
            let input = egui::RawInput {
                time: Some(f64::from(frame) / 60.0),
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(WIDTH, 600.0),
                )),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| app.show(ui));
            output.textures_delta.clear();
            let delay = output.viewport_output[&egui::ViewportId::ROOT].repaint_delay;
            if delay < std::time::Duration::from_millis(100) {
                eager.push(frame);
            }
        }
        assert!(
            eager.len() <= 3,
            "frames that asked for another at once: {eager:?}"
        );
    }

    #[test]
    fn a_long_form_lays_out_only_the_fields_in_view() {
        let (ctx, mut app) = long_form(500, Some(499));
        let laid_out = pass(&ctx, &mut app, vec![Event::Text("a".into())]);
        assert!(
            (1..40).contains(&laid_out),
            "a key typed into a 500-field form laid out {laid_out} fields"
        );
        // A failed Submit may put a problem on any field: that pass lays out every one, and
        // the focus goes to the field with the problem, out of view until then.
        app.submit();
        assert_eq!(pass(&ctx, &mut app, Vec::new()), 500);
        pass(&ctx, &mut app, Vec::new());
        assert_eq!(focused_field(&ctx, &app), Some(499));
    }

    #[test]
    fn tab_reaches_every_field_of_a_long_form_and_shift_tab_comes_back() {
        let (ctx, mut app) = long_form(120, None);
        assert_eq!(focused_field(&ctx, &app), Some(0));
        for next in 1..120 {
            pass(&ctx, &mut app, key(Key::Tab, Modifiers::NONE));
            // egui hands the focus on in the pass after the key.
            pass(&ctx, &mut app, Vec::new());
            assert_eq!(focused_field(&ctx, &app), Some(next), "Tab to field {next}");
        }
        pass(&ctx, &mut app, vec![Event::Text("last".into())]);
        for previous in (110..119).rev() {
            pass(&ctx, &mut app, key(Key::Tab, Modifiers::SHIFT));
            pass(&ctx, &mut app, Vec::new());
            assert_eq!(
                focused_field(&ctx, &app),
                Some(previous),
                "Shift+Tab to field {previous}"
            );
        }
        match answer::content(&app.form, &app.states) {
            Ok(content) => assert_eq!(content["f119"], "last"),
            Err(problems) => panic!("{problems:?}"),
        }
    }

    #[test]
    fn tab_from_the_buttons_wraps_to_the_first_field_and_shift_tab_to_the_last() {
        let (ctx, mut app) = long_form(120, None);
        let tab = |ctx: &egui::Context, app: &mut FormApp, modifiers| {
            pass(ctx, app, key(Key::Tab, modifiers));
            pass(ctx, app, Vec::new());
        };
        for _ in 1..120 {
            tab(&ctx, &mut app, Modifiers::NONE);
        }
        assert_eq!(focused_field(&ctx, &app), Some(119));
        // Submit, Decline and Cancel, then round to the top of the form.
        for _ in 0..3 {
            tab(&ctx, &mut app, Modifiers::NONE);
            assert_eq!(focused_field(&ctx, &app), None, "a button has the focus");
        }
        tab(&ctx, &mut app, Modifiers::NONE);
        assert_eq!(focused_field(&ctx, &app), Some(0));
        // Back past the buttons to the bottom of the form.
        for _ in 0..3 {
            tab(&ctx, &mut app, Modifiers::SHIFT);
        }
        tab(&ctx, &mut app, Modifiers::SHIFT);
        assert_eq!(focused_field(&ctx, &app), Some(119));
    }
}

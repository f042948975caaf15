//! [`UrlApp`]: the consent window for URL mode. It shows who asks, why, the full URL with its
//! host set apart, and warnings; it opens the browser only when the person presses Open.

use egui::{Key, RichText, Ui};

use crate::model::answer::Answer;
use crate::model::url::UrlRequest;

use super::buttons::{Labels, Pressed, button_row};
use super::deadline::DeadlineUi as _;
use super::dialog::{DialogState, WindowDialog};

/// The tallest the URL consent's message gets before it scrolls in a box of its own.
const MESSAGE_HEIGHT: f32 = 160.0;

/// Opens a URL in the browser, or says why it could not.
pub type Opener = Box<dyn FnMut(&str) -> Result<(), String>>;

/// The URL request, the opener, and the answer once there is one.
pub struct UrlApp {
    request: UrlRequest,
    /// "Decline all" was confirmed this frame.
    declined_all: bool,
    opener: Opener,
    /// Who asks, the run of forms, the deadline, the fonts, and the answer once decided.
    dialog: DialogState,
    /// Why the browser could not be opened, shown until the person tries again.
    failure: Option<String>,
}

impl UrlApp {
    /// A consent window for `request`; `opener` runs only when the person presses Open.
    pub fn new(
        request: UrlRequest,
        server: Option<String>,
        timeout: Option<std::time::Duration>,
        opener: Opener,
    ) -> Self {
        let text = format!(
            "{}\n{}\n{}\n{}\n{}",
            crate::i18n::all_words(),
            request.message,
            request.url,
            request.host_unicode.as_deref().unwrap_or_default(),
            server.as_deref().unwrap_or_default()
        );
        Self {
            request,
            declined_all: false,
            opener,
            dialog: DialogState::new(server, timeout, text),
            failure: None,
        }
    }

    fn body_ui(&mut self, ui: &mut Ui) {
        ui.spacing_mut().item_spacing.y = 6.0;
        let (server, via) = (self.dialog.server.as_deref(), self.dialog.via.as_deref());
        let (shown, spoken) = (
            crate::model::describe::asker_url(server, via),
            crate::model::describe::asker_url_spoken(server, via),
        );
        super::dialog::asker_ui(ui, shown, spoken);
        if let Some(queue) = &mut self.dialog.queue {
            self.declined_all = queue.ui(ui, self.dialog.server.as_deref());
        }
        // A long message scrolls in a box of its own: the site below it is what the person
        // weighs, and stays in view (issue 54, item 3).
        egui::ScrollArea::vertical()
            .id_salt("url-message")
            .max_height(MESSAGE_HEIGHT)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                ui.add(
                    egui::Label::new(
                        RichText::new(&self.request.message)
                            .size(15.0)
                            .color(ui.visuals().strong_text_color()),
                    )
                    .selectable(true)
                    .wrap(),
                );
            });
        ui.add_space(4.0);
        ui.separator();
        url_details_ui(ui, &self.request);
        if let Some(failure) = &self.failure {
            ui.label(
                RichText::new(t!("open-failed", reason = failure))
                    .color(ui.visuals().error_fg_color),
            );
        }
    }

    fn buttons_ui(&mut self, ui: &mut Ui) -> Option<Pressed> {
        let labels = Labels {
            primary: t!("open-in-browser"),
            primary_tip: t!("open-in-browser-tip"),
            decline_tip: t!("decline-url-tip"),
        };
        button_row(ui, &labels, &self.dialog.deadline).pressed
    }
}

impl WindowDialog for UrlApp {
    /// Draws one frame and reacts to its input.
    fn show(&mut self, ui: &mut Ui) {
        if self.dialog.outcome.is_some() {
            return;
        }
        let ctx = ui.ctx().clone();
        self.dialog.begin_frame(&ctx);
        if self.dialog.deadline.expired(&ctx)
            || ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Escape))
        {
            self.finish(Answer::Cancel);
            return;
        }
        let buttons = egui::Panel::bottom("url-actions").show(ui, |ui| {
            ui.add_space(6.0);
            let pressed = super::mirror::page(ui, |ui| self.buttons_ui(ui));
            ui.add_space(2.0);
            pressed
        });
        let body = egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    super::mirror::page(ui, |ui| self.body_ui(ui));
                    ui.min_rect().height()
                })
        });
        if self.dialog.content_size.is_none() {
            let height = body.inner.inner + buttons.response.rect.height() + 40.0;
            self.dialog.content_size = Some(egui::vec2(560.0, height));
        }
        if self.declined_all {
            self.finish(Answer::DeclineAll);
            return;
        }
        match buttons.inner {
            Some(Pressed::Primary) => match (self.opener)(&self.request.url) {
                Ok(()) => self.finish(Answer::AcceptUrl),
                Err(why) => self.failure = Some(why),
            },
            Some(Pressed::Decline) => self.finish(Answer::Decline),
            Some(Pressed::Cancel) => self.finish(Answer::Cancel),
            None => {}
        }
    }

    fn dialog(&self) -> &DialogState {
        &self.dialog
    }

    fn dialog_mut(&mut self) -> &mut DialogState {
        &mut self.dialog
    }
}

/// What the person weighs before opening `request`: the site set apart (and its international
/// form), the whole URL as the browser will load it, and the warnings. The URL-mode window and
/// the form's consent for a followed link both show it.
pub(super) fn url_details_ui(ui: &mut Ui, request: &UrlRequest) {
    ui.horizontal_wrapped(|ui| {
        ui.label(t!("site"));
        ui.label(RichText::new(&request.host).strong().monospace().size(17.0));
    });
    if let Some(unicode) = &request.host_unicode {
        ui.horizontal_wrapped(|ui| {
            ui.label(t!("written-as"));
            ui.label(RichText::new(unicode).monospace());
        });
    }
    // The whole URL as the browser will load it, never shortened, selectable so it can be
    // copied; links are not clickable: only the Open button opens it. What it is is said
    // above it, not in a tooltip: one drawn below the address covered the first warning while
    // the pointer rested there (issue 43, item 10).
    ui.label(RichText::new(t!("url-full-tip")).weak());
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        // An address reads left to right, also in a mirrored window.
        super::mirror::aligned(ui, egui::Align::Min, |ui| {
            ui.add(
                egui::Label::new(RichText::new(&request.url).monospace())
                    .selectable(true)
                    .wrap(),
            )
        });
    });
    if request.is_normalised() {
        ui.label(RichText::new(t!("url-normalised")).weak());
    }
    let warn = ui.visuals().warn_fg_color;
    for warning in request.warning_texts() {
        ui.label(RichText::new(t!("warning", text = warning)).color(warn));
    }
    ui.label(RichText::new(t!("nothing-loaded")).weak());
}

/// Opens `url` with the system's opener (`xdg-open` and friends), the URL as one argument and
/// never through a shell. `FORM_ELICITATION_OPENER` names another program to run instead
/// (tests use one that records its argument).
pub fn system_opener() -> Opener {
    Box::new(
        |url: &str| match std::env::var_os("FORM_ELICITATION_OPENER") {
            Some(program) => {
                let status = std::process::Command::new(&program)
                    .arg(url)
                    .stdin(std::process::Stdio::null())
                    // Our stdout carries the answer: the opener must not write there.
                    .stdout(std::process::Stdio::null())
                    .status()
                    .map_err(|e| format!("{}: {e}", program.to_string_lossy()))?;
                if status.success() {
                    Ok(())
                } else {
                    Err(format!("{} {status}", program.to_string_lossy()))
                }
            }
            None => open::that_detached_with_timeout(url, std::time::Duration::from_secs(3))
                .map_err(|e| e.to_string()),
        },
    )
}

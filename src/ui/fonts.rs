//! Text in any script the system has fonts for.
//!
//! egui's built-in fonts cover Latin, Greek and Cyrillic. For anything else we add egui's
//! system font provider, which asks the platform's own fallback (fontconfig on Linux, loaded at
//! run time) for a font per script. Enumerating the system fonts costs time and memory, so it
//! happens only when the form's text, or what the person types, needs a glyph we lack.
//!
//! The form's own text is covered before the window is first painted (no keys are in flight
//! then, and the first frame shows the right glyphs). Typed text is covered without holding up
//! the window: the fonts are found on a thread of their own while the window goes on reading
//! keys, and join the window's fonts when they are ready (the typed characters show as boxes
//! for that moment). A window that stops for hundreds of milliseconds to enumerate fonts falls
//! behind tools that type through a remapped key (xdotool, password managers, VNC servers),
//! and then reads their next keys with a keymap that has already moved on (issue 15).

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use egui::epaint::text::{FallbackRequest, FontProvider as _};
use egui::{Context, FontFamily, FontId};
use egui_system_font_provider::SystemFontProvider;

/// Whether the system font provider is in use, and whether it may be.
#[derive(Debug)]
pub struct FontFallback {
    state: State,
    allowed: bool,
}

/// Where the system fonts are.
#[derive(Debug, Default)]
enum State {
    /// Not asked for.
    #[default]
    Unused,
    /// Being found on a thread, which sends the provider when it is ready.
    Loading(Receiver<SystemFontProvider>),
    /// In the window's fonts.
    Loaded,
}

impl Default for FontFallback {
    fn default() -> Self {
        Self {
            state: State::Unused,
            // For the screenshot test that proves the fallback works, and for anyone who
            // wants identical rendering everywhere.
            allowed: std::env::var_os("FORM_ELICITATION_NO_SYSTEM_FONTS").is_none(),
        }
    }
}

impl FontFallback {
    /// Adds the system font provider now if `text` has a character the loaded fonts lack,
    /// waiting for the system's fonts to be enumerated. For the form's own text, before the
    /// first frame is painted.
    pub fn cover(&mut self, ctx: &Context, text: &str) {
        if self.first_missing(ctx, text).is_some() {
            let provider = match std::mem::take(&mut self.state) {
                State::Loading(ready) => ready.recv().unwrap_or_else(|_| SystemFontProvider::new()),
                State::Unused | State::Loaded => SystemFontProvider::new(),
            };
            self.add(ctx, provider);
        }
    }

    /// Starts finding the system fonts, on a thread of their own, if `text` (typed or pasted
    /// by the person) has a character the loaded fonts lack; [`Self::poll`] adds them once
    /// they are ready. Never waits.
    pub fn cover_typed(&mut self, ctx: &Context, text: &str) {
        if !matches!(self.state, State::Unused) {
            return;
        }
        let Some(missing) = self.first_missing(ctx, text) else {
            return;
        };
        let sample = missing.to_string();
        let (send, ready) = mpsc::channel();
        let waker = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("system fonts".into())
            .spawn(move || {
                let provider = SystemFontProvider::new();
                // Waits for the enumeration, and opens the font the first missing character
                // needs (the script the person is typing in).
                let _ = provider.font_for(&FallbackRequest {
                    cluster: &sample,
                    family: &FontFamily::Proportional,
                });
                if send.send(provider).is_ok() {
                    waker.request_repaint();
                }
            });
        self.state = match spawned {
            Ok(_) => State::Loading(ready),
            // No thread: find them here, as for the form's text.
            Err(_) => {
                self.add(ctx, SystemFontProvider::new());
                return;
            }
        };
    }

    /// Adds the system fonts that [`Self::cover_typed`] started finding, if they are ready.
    pub fn poll(&mut self, ctx: &Context) {
        if let State::Loading(ready) = &self.state {
            match ready.try_recv() {
                Ok(provider) => self.add(ctx, provider),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.add(ctx, SystemFontProvider::new()),
            }
        }
    }

    /// Whether the system fonts are in the window's fonts.
    pub fn loaded(&self) -> bool {
        matches!(self.state, State::Loaded)
    }

    /// Whether the system fonts are being found on their thread.
    pub fn loading(&self) -> bool {
        matches!(self.state, State::Loading(_))
    }

    /// The first character of `text` the loaded fonts lack, if system fonts may be added.
    fn first_missing(&self, ctx: &Context, text: &str) -> Option<char> {
        if self.loaded() || !self.allowed || text.is_ascii() {
            return None;
        }
        // A form's text is thousands of characters (our own words in the person's language
        // among them) but few distinct ones: an ASCII character is looked up once.
        let mut asked = [false; 128];
        ctx.fonts_mut(|fonts| {
            text.chars().filter(|c| !c.is_control()).find(|&c| {
                if let Some(seen) = asked.get_mut(c as usize)
                    && std::mem::replace(seen, true)
                {
                    return false;
                }
                !fonts.has_glyph(&FontId::proportional(14.0), c)
            })
        })
    }

    fn add(&mut self, ctx: &Context, provider: SystemFontProvider) {
        ctx.add_font_provider(Arc::new(provider));
        self.state = State::Loaded;
    }
}

/// Everything a form shows, for [`FontFallback::cover`]: the request's text and our own
/// words in the person's language.
pub fn form_text(form: &crate::model::form::Form, server: Option<&str>) -> String {
    let mut text = String::from(crate::i18n::all_words());
    let mut add = |s: &str| {
        text.push_str(s);
        text.push('\n');
    };
    add(&form.message);
    server.into_iter().for_each(&mut add);
    form.title.as_deref().into_iter().for_each(&mut add);
    form.description.as_deref().into_iter().for_each(&mut add);
    for field in &form.fields {
        add(&field.label);
        field.description.as_deref().into_iter().for_each(&mut add);
        match &field.kind {
            crate::model::form::FieldKind::Choice(spec) => {
                spec.options.iter().for_each(|o| add(&o.label))
            }
            crate::model::form::FieldKind::MultiChoice(spec) => {
                spec.options.iter().for_each(|o| add(&o.label));
            }
            crate::model::form::FieldKind::Text(spec) => {
                spec.default.as_deref().into_iter().for_each(&mut add)
            }
            _ => {}
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_character_the_fonts_lack_is_found_past_repeated_ones() {
        let ctx = Context::default();
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        let fallback = FontFallback {
            state: State::Unused,
            allowed: true,
        };
        let covered = format!("é{}", "Name, e-mail… ".repeat(500));
        assert_eq!(fallback.first_missing(&ctx, &covered), None);
        let lacking = format!("{covered}서울 {covered}");
        assert_eq!(fallback.first_missing(&ctx, &lacking), Some('서'));
    }
}

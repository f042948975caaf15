//! Text in any script the system has fonts for.
//!
//! egui's built-in fonts cover Latin, Greek and Cyrillic. For anything else we add egui's
//! system font provider, which asks the platform's own fallback (fontconfig on Linux, loaded at
//! run time) for a font per script. Enumerating the system fonts costs time and memory, so it
//! happens only when the form's text, or what the person types, needs a glyph we lack.

use std::sync::Arc;

use egui::{Context, FontId};

/// Whether the system font provider is in use, and whether it may be.
#[derive(Debug)]
pub struct FontFallback {
    loaded: bool,
    allowed: bool,
}

impl Default for FontFallback {
    fn default() -> Self {
        Self {
            loaded: false,
            // For the screenshot test that proves the fallback works, and for anyone who
            // wants identical rendering everywhere.
            allowed: std::env::var_os("FORM_ELICITATION_NO_SYSTEM_FONTS").is_none(),
        }
    }
}

impl FontFallback {
    /// Adds the system font provider if `text` has a character the loaded fonts lack.
    pub fn cover(&mut self, ctx: &Context, text: &str) {
        if self.loaded || !self.allowed || text.is_ascii() {
            return;
        }
        let missing = ctx.fonts_mut(|fonts| {
            text.chars()
                .filter(|c| !c.is_control())
                .any(|c| !fonts.has_glyph(&FontId::proportional(14.0), c))
        });
        if missing {
            ctx.add_font_provider(Arc::new(
                egui_system_font_provider::SystemFontProvider::new(),
            ));
            self.loaded = true;
        }
    }

    /// Whether the system fonts were added.
    pub fn loaded(&self) -> bool {
        self.loaded
    }
}

/// Everything a form shows, for [`FontFallback::cover`]: the request's text and our own
/// words in the person's language.
pub fn form_text(form: &crate::form::Form, server: Option<&str>) -> String {
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
            crate::form::FieldKind::Choice(spec) => spec.options.iter().for_each(|o| add(&o.label)),
            crate::form::FieldKind::MultiChoice(spec) => {
                spec.options.iter().for_each(|o| add(&o.label));
            }
            crate::form::FieldKind::Text(spec) => {
                spec.default.as_deref().into_iter().for_each(&mut add)
            }
            _ => {}
        }
    }
    text
}

//! libFuzzer target: arbitrary bytes through everything a request goes through before a
//! window opens: `load::load` (decode → parse → the form or the URL), then the
//! answer a form would give at its defaults. Nothing may panic, hang or blow up memory.

#![no_main]

use form_elicitation::model::answer::{self, Answer};
use form_elicitation::model::load::{self, Loaded, Shown};
use form_elicitation::model::summary;
use form_elicitation::model::validate::FieldState;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Loaded { envelope, request } = load::load(bytes);
    match request {
        Err(error) => {
            let _ = answer::error_line(&envelope, &error);
        }
        Ok(Shown::Form(form)) => {
            let _ = summary::form_summary(&form);
            let states: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
            if let Ok(content) = answer::content(&form, &states) {
                let _ = Answer::Accept(content).to_line(&envelope);
            }
        }
        Ok(Shown::Url(request)) => {
            let _ = summary::url_summary(&request);
        }
    }
});

//! libFuzzer target: arbitrary bytes through everything a request goes through before a
//! window opens: decode → parse → `Form::from_schema` (or `UrlRequest::parse`), then the
//! answer a form would give at its defaults. Nothing may panic, hang or blow up memory.

#![no_main]

use form_elicitation::answer::{self, Answer};
use form_elicitation::form::Form;
use form_elicitation::request::{self, Params};
use form_elicitation::summary;
use form_elicitation::url::UrlRequest;
use form_elicitation::validate::FieldState;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(value) = request::decode(bytes) else {
        return;
    };
    let envelope = request::envelope_of(&value);
    let parsed = match request::parse(&value) {
        Ok(parsed) => parsed,
        Err(error) => {
            let _ = answer::error_line(&envelope, &error);
            return;
        }
    };
    match parsed.params {
        Params::Form { message, schema } => {
            if let Ok(form) = Form::from_schema(message, &schema) {
                let _ = summary::form_summary(&form);
                let states: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
                if let Ok(content) = answer::content(&form, &states) {
                    let _ = Answer::Accept(content).to_line(&envelope);
                }
            }
        }
        Params::Url { message, url } => {
            if let Ok(request) = UrlRequest::parse(message, url, "url") {
                let _ = summary::url_summary(&request);
            }
        }
    }
});

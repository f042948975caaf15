//! The one load pipeline: bytes → the envelope the answer must use, and the form or URL
//! request to show, or why it is refused. `main`, the tests, the in-tree fuzzer and the
//! cargo-fuzz target all call [`load`], so a request is read the same way everywhere, and its
//! bytes are parsed once.

use crate::model::error::RequestError;
use crate::model::form::Form;
use crate::model::request::{self, Decoded, Envelope, Params};
use crate::model::url::UrlRequest;

/// A request read from bytes.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// How the answer (or the refusal) must be wrapped; bare when the bytes were not JSON,
    /// unless they begin as Claude Code's hook input.
    pub envelope: Envelope,
    /// What to show, or why nothing will be shown.
    pub request: Result<Shown, RequestError>,
}

/// What a valid request asks the person.
#[derive(Debug, Clone)]
pub enum Shown {
    /// A form.
    Form(Form),
    /// A URL to visit.
    Url(UrlRequest),
}

/// Reads one request: size, UTF-8, JSON, envelope, params, then the form's schema or the
/// URL, each refused with the first thing wrong.
pub fn load(bytes: &[u8]) -> Loaded {
    load_read(bytes, false)
}

/// [`load`] for bytes read from an input that went on past them: `hook` says whether the
/// whole input had Claude Code's hook key ([`request::HookLook`]), which may come after the
/// bytes kept.
pub fn load_read(bytes: &[u8], hook: bool) -> Loaded {
    let Decoded { value, envelope } = match request::decode(bytes) {
        Ok(decoded) => decoded,
        Err(error) => {
            // Input that is Claude Code's hook input is refused as a hook's is.
            let envelope = if hook || request::starts_as_hook(bytes) {
                Envelope::ClaudeCodeHook { server: None }
            } else {
                Envelope::Bare
            };
            return Loaded {
                envelope,
                request: Err(error),
            };
        }
    };
    if let Envelope::ClaudeCodeQuestions { .. } = envelope {
        let request = crate::model::claude_questions::params(&value)
            .and_then(|(message, schema)| Form::from_schema(message, &schema))
            .map(Shown::Form);
        return Loaded { envelope, request };
    }
    let request = request::parse(&value, &envelope).and_then(|params| match params {
        Params::Form { message, schema } => Form::from_schema(message, &schema).map(Shown::Form),
        Params::Url { message, url } => UrlRequest::parse(message, url, "url").map(Shown::Url),
    });
    Loaded { envelope, request }
}

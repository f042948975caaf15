//! Keeping the client's calls alive while a form is open: the client's requests that asked for
//! progress (`params._meta.progressToken`) and are not answered yet, and the
//! `notifications/progress` the proxy sends for them at a steady pace while a form waits for
//! the person. A client that restarts its timer on progress (the TypeScript SDK with
//! `resetTimeoutOnProgress`) then keeps waiting for as long as the person takes (issue 58).
//! Pure: the state machine feeds it lines and asks it for the notices.

use std::collections::BTreeMap;

use serde_json::value::RawValue;

use super::wire::{self, Fields};

/// How often a waiting client hears that the form is still open: well inside the shortest
/// timeout clients use for a call (the TypeScript SDK's default is 60 s).
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// One request that asked for progress.
#[derive(Debug)]
struct Waiting {
    /// The token as the client wrote it (a string or a number), sent back as it is.
    token: String,
    /// The last progress value the client heard for it, from the server or from us: ours go
    /// on from there, as the spec wants each value larger than the last.
    last: f64,
}

/// The client's requests that asked for progress and are still waiting.
#[derive(Debug, Default)]
pub struct Progress {
    /// By the request's id, as [`wire::canonical_id`] writes it.
    waiting: BTreeMap<String, Waiting>,
}

impl Progress {
    /// The client sent request `id` with `params`: remembered if it asks for progress.
    pub fn request(&mut self, id: &str, params: Option<&RawValue>) {
        let token = params
            .and_then(Fields::of)
            .and_then(|f| f.get("_meta"))
            .and_then(Fields::of)
            .and_then(|meta| meta.get("progressToken"));
        if let Some(token) = token {
            self.waiting.insert(
                wire::canonical_id(id),
                Waiting {
                    token: token.get().trim().to_owned(),
                    last: 0.0,
                },
            );
        }
    }

    /// Request `id` was answered or cancelled: no more progress for it.
    pub fn ended(&mut self, id: &str) {
        self.waiting.remove(&wire::canonical_id(id));
    }

    /// The server sent `notifications/progress` with `params`: ours go on above its value.
    pub fn server_said(&mut self, params: Option<&RawValue>) {
        let Some(fields) = params.and_then(Fields::of) else {
            return;
        };
        let (Some(token), Some(value)) = (fields.get("progressToken"), fields.get("progress"))
        else {
            return;
        };
        let value: f64 = serde_json::from_str(value.get()).unwrap_or_default();
        let token = token.get().trim();
        for waiting in self.waiting.values_mut().filter(|w| w.token == token) {
            waiting.last = waiting.last.max(value);
        }
    }

    /// A `notifications/progress` line (newline included) for every waiting request, each
    /// value one more than the last the client heard.
    pub fn notices(&mut self) -> Vec<Vec<u8>> {
        self.waiting
            .values_mut()
            .map(|waiting| {
                waiting.last = waiting.last.floor() + 1.0;
                format!(
                    r#"{{"jsonrpc":"2.0","method":"notifications/progress","params":{{"progressToken":{},"progress":{},"message":"A form is open, waiting for the person's answer"}}}}"#,
                    waiting.token, waiting.last
                )
                .into_bytes()
                .into_iter()
                .chain(*b"\n")
                .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> Box<RawValue> {
        RawValue::from_string(text.to_owned()).expect("JSON")
    }

    /// Only requests that asked for progress get it, each with its own token as written,
    /// values going up from the server's last; an answered request gets none.
    #[test]
    fn progress_goes_to_the_requests_that_asked_for_it_and_rises() {
        let mut progress = Progress::default();
        progress.request(
            "1",
            Some(&raw(r#"{"name":"t","_meta":{"progressToken":"a"}}"#)),
        );
        progress.request("2", Some(&raw(r#"{"name":"t"}"#)));
        progress.request("3", Some(&raw(r#"{"_meta":{"progressToken": 7}}"#)));
        progress.server_said(Some(&raw(
            r#"{"progressToken":7,"progress":2.5,"total":10}"#,
        )));
        let text = |lines: Vec<Vec<u8>>| -> Vec<String> {
            lines
                .into_iter()
                .map(|l| String::from_utf8(l).expect("UTF-8"))
                .collect()
        };
        let first = text(progress.notices());
        assert_eq!(first.len(), 2, "{first:?}");
        assert!(
            first[0].contains(r#""progressToken":"a","progress":1,"#),
            "{first:?}"
        );
        assert!(
            first[1].contains(r#""progressToken":7,"progress":3,"#),
            "{first:?}"
        );
        for line in &first {
            assert!(line.ends_with("}\n"), "one line each: {line:?}");
            let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
            assert_eq!(value["method"], "notifications/progress");
        }
        progress.ended("1");
        let second = text(progress.notices());
        assert_eq!(second.len(), 1);
        assert!(second[0].contains(r#""progress":4,"#), "{second:?}");
    }
}

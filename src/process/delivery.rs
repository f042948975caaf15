//! The one way an answer leaves the process.
//!
//! `main` makes one [`Delivery`] and hands clones to whoever may end the request: `main` itself
//! once a front end returns, the window's fast exit (the answer written the moment it is
//! decided), and the signal watchdog. The first of them writes; the others get the same exit
//! code back without writing, so at most one answer ever leaves, by construction.

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::model::answer::{self, Answer};
use crate::model::error::RequestError;
use crate::model::request::Envelope;
use crate::process::exit::Exit;
use crate::process::output;

/// Writes the one answer (or refusal) and says how the process ends.
#[derive(Clone)]
pub struct Delivery(Arc<Mutex<State>>);

struct State {
    /// How the answer is wrapped: bare until the request is read.
    envelope: Envelope,
    /// Where the answer goes, until it has gone.
    out: Option<Box<dyn Write + Send>>,
    /// How the process ends, once decided.
    ended: Option<Exit>,
}

impl Delivery {
    /// A delivery to stdout.
    pub fn to_stdout() -> Self {
        Self::to_writer(std::io::stdout())
    }

    /// A delivery to `out` (the tests' buffers).
    pub fn to_writer(out: impl Write + Send + 'static) -> Self {
        Self(Arc::new(Mutex::new(State {
            envelope: Envelope::Bare,
            out: Some(Box::new(out)),
            ended: None,
        })))
    }

    /// Records how the request came, and so how its answer must leave.
    pub fn set_envelope(&self, envelope: Envelope) {
        self.state().envelope = envelope;
    }

    /// Writes `answer`, unless something was delivered already; returns how the process ends.
    pub fn answer(&self, answer: &Answer) -> Exit {
        let exit = match answer {
            Answer::DeclineAll => Exit::DeclinedAll,
            _ => Exit::Answered,
        };
        self.end(|envelope| (answer.line(envelope), exit))
    }

    /// Refuses the request: one line on stderr, the refusal on stdout when the envelope has
    /// one (a JSON-RPC error response), exit 2; for Claude Code's hook, exit 0 (see
    /// [`Self::not_shown`]).
    pub fn refuse(&self, error: &RequestError) -> Exit {
        self.end(|envelope| {
            output::diag(format_args!("{error}"));
            let line = answer::error_line(envelope, error);
            (line, Self::unanswered(envelope, Exit::BadRequest))
        })
    }

    /// Nothing could show the request: one line on stderr saying why, nothing on stdout, and
    /// `exit`; for Claude Code's hook, exit 0, since its exit 2 is the person's decline and an
    /// empty answer with 0 makes Claude Code ask in its own dialog.
    pub fn not_shown(&self, exit: Exit, reason: &str) -> Exit {
        self.end(|envelope| {
            output::diag(format_args!("{reason}"));
            (None, Self::unanswered(envelope, exit))
        })
    }

    /// Passes on a refusal another process of ours decided (`serve`, or its dialog on the
    /// desktop): one line on stderr, the JSON-RPC error response with its `code` and
    /// `message` when the envelope has one, exit 2; for Claude Code's hook, nothing on stdout
    /// and exit 0 (see [`Self::not_shown`]).
    pub fn refuse_relayed(&self, code: i64, message: &str, reason: &str) -> Exit {
        self.end(|envelope| {
            output::diag(format_args!("{reason}"));
            let line = answer::error_response(envelope, code, message);
            (line, Self::unanswered(envelope, Exit::BadRequest))
        })
    }

    /// How a request left without an answer ends, for the envelope it came in.
    fn unanswered(envelope: &Envelope, exit: Exit) -> Exit {
        match envelope {
            Envelope::ClaudeCodeHook { .. } | Envelope::ClaudeCodeQuestions { .. } => {
                Exit::Answered
            }
            _ => exit,
        }
    }

    /// [`Self::answer`], then ends the process at once with its code: the window's fast path,
    /// which need not wait for the event loop, the renderer and the clipboard thread to wind
    /// down (exiting closes the display connection, so the window goes with us).
    pub fn answer_and_exit(&self, answer: &Answer) -> ! {
        self.answer(answer).now()
    }

    /// Ends the request once: `decide` gives the line to write (if any) and the exit code;
    /// a later call gets the first call's code and writes nothing.
    fn end(&self, decide: impl FnOnce(&Envelope) -> (Option<String>, Exit)) -> Exit {
        let mut state = self.state();
        if let Some(ended) = state.ended {
            return ended;
        }
        let (line, exit) = decide(&state.envelope);
        let exit = match (line, state.out.take()) {
            (Some(line), Some(mut out)) => match output::write_line(&mut out, &line) {
                Ok(()) => exit,
                Err(error) => {
                    output::diag(format_args!("cannot write to stdout: {error}"));
                    Exit::Failure
                }
            },
            _ => exit,
        };
        state.ended = Some(exit);
        exit
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::request::RequestId;

    /// A writer the test can read back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("not poisoned").write(buf)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().expect("not poisoned").clone()).expect("UTF-8")
        }
    }

    #[test]
    fn the_first_ending_writes_and_every_later_one_gets_its_code() {
        let out = Shared::default();
        let delivery = Delivery::to_writer(out.clone());
        delivery.set_envelope(Envelope::JsonRpc {
            id: RequestId::from_value(&serde_json::json!(7)),
        });
        let watchdog = delivery.clone();
        assert_eq!(delivery.answer(&Answer::Decline), Exit::Answered);
        assert_eq!(watchdog.answer(&Answer::Cancel), Exit::Answered);
        assert_eq!(
            watchdog.refuse(&RequestError::Empty),
            Exit::Answered,
            "a refusal after the answer changes nothing"
        );
        assert_eq!(
            out.text(),
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"action\":\"decline\"}}\n"
        );
    }

    /// "Decline all" (a proxy's dialog) writes the public decline and says the rest by its
    /// exit status alone.
    #[test]
    fn decline_all_writes_a_decline_and_exits_10() {
        let out = Shared::default();
        let delivery = Delivery::to_writer(out.clone());
        assert_eq!(delivery.answer(&Answer::DeclineAll), Exit::DeclinedAll);
        assert_eq!(Exit::DeclinedAll as u8, 10);
        assert_eq!(out.text(), "{\"action\":\"decline\"}\n");
    }

    #[test]
    fn a_refusal_is_exit_2_with_the_envelope_s_error_line() {
        let out = Shared::default();
        let delivery = Delivery::to_writer(out.clone());
        assert_eq!(delivery.refuse(&RequestError::Empty), Exit::BadRequest);
        assert_eq!(out.text(), "", "a bare request's refusal writes nothing");
        assert_eq!(delivery.answer(&Answer::Cancel), Exit::BadRequest);
        assert_eq!(out.text(), "");
    }

    /// Claude Code reads exit 2 as the person's decline: a hook request we refuse or cannot show
    /// leaves stdout empty with exit 0, so that Claude Code asks in its own dialog.
    #[test]
    fn a_hook_request_never_ends_in_exit_2_or_3() {
        for refuse in [true, false] {
            let out = Shared::default();
            let delivery = Delivery::to_writer(out.clone());
            delivery.set_envelope(Envelope::ClaudeCodeHook { server: None });
            let exit = if refuse {
                delivery.refuse(&RequestError::invalid("requested_schema", "bad"))
            } else {
                delivery.not_shown(Exit::NoDisplay, "no display")
            };
            assert_eq!(exit, Exit::Answered);
            assert_eq!(out.text(), "");
        }
    }

    /// Regression (issue 43): serve's refusal (exit 2) reached Claude Code's hook as it was,
    /// the person's decline there, with a JSON-RPC error line on stdout.
    #[test]
    fn a_relayed_refusal_is_exit_2_with_our_id_but_never_for_a_hook() {
        let out = Shared::default();
        let delivery = Delivery::to_writer(out.clone());
        delivery.set_envelope(Envelope::JsonRpc {
            id: RequestId::from_value(&serde_json::json!("a")),
        });
        assert_eq!(
            delivery.refuse_relayed(-32602, "bad", "refused there"),
            Exit::BadRequest
        );
        assert_eq!(
            out.text(),
            "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"error\":{\"code\":-32602,\"message\":\"bad\"}}\n"
        );
        let out = Shared::default();
        let delivery = Delivery::to_writer(out.clone());
        delivery.set_envelope(Envelope::ClaudeCodeHook { server: None });
        assert_eq!(
            delivery.refuse_relayed(-32602, "bad", "refused there"),
            Exit::Answered
        );
        assert_eq!(out.text(), "");
    }

    #[test]
    fn nothing_shown_writes_nothing_and_keeps_its_code() {
        let out = Shared::default();
        let delivery = Delivery::to_writer(out.clone());
        assert_eq!(
            delivery.not_shown(Exit::NoDisplay, "no display"),
            Exit::NoDisplay
        );
        assert_eq!(delivery.answer(&Answer::Cancel), Exit::NoDisplay);
        assert_eq!(out.text(), "");
    }
}

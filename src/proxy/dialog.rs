//! One form, answered by our own binary in a child process.
//!
//! winit lets a process create its event loop once, and the forwarding must never wait for a
//! person, so each form gets a process of its own: the request on its stdin, the answer line
//! from its stdout, its exit status mapped to a [`DialogEnd`]. Stopping it is SIGTERM, which
//! it answers with cancel (and the terminal dialog restores the terminal).

use std::io::Write as _;
use std::sync::mpsc::Sender;

use crate::child::{Child, StartError};
use crate::cli::ProxyArgs;

use super::Event;
use super::state::{DialogEnd, Ticket};

/// A running dialog.
pub struct Dialog(Child);

impl Dialog {
    /// Starts the dialog for `request`; its end arrives on `events` as [`Event::Dialog`].
    pub fn start(
        ticket: Ticket,
        request: Vec<u8>,
        server: &str,
        args: &ProxyArgs,
        events: Sender<Event>,
    ) -> Option<Dialog> {
        let ended = events.clone();
        let started = Child::start(&dialog_args(args, server), &[], request, move |output| {
            let end = match output {
                Ok(output) => {
                    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
                    // Its diagnostics are the person's and the client's to read, as ours are.
                    let _ = std::io::stderr().write_all(stderr.as_bytes());
                    let stdout = String::from_utf8_lossy(&output.stdout).trim().to_owned();
                    end_of(output.status.code(), stdout, &stderr)
                }
                Err(error) => {
                    DialogEnd::Failed(format!("cannot wait for the form's dialog: {error}"))
                }
            };
            let _ = ended.send(Event::Dialog(ticket, end));
        });
        match started {
            Ok(child) => Some(Dialog(child)),
            Err(error) => {
                let why = match error {
                    StartError::NoProgram(error) => {
                        format!("cannot find our own program to show the form: {error}")
                    }
                    StartError::Spawn(error) => format!("cannot start the form's dialog: {error}"),
                };
                let _ = events.send(Event::Dialog(ticket, DialogEnd::Failed(why)));
                None
            }
        }
    }

    /// Asks the dialog to close: it answers cancel, which nobody reads.
    pub fn stop(&self) {
        self.0.stop();
    }
}

/// The dialog's options: the display options the proxy was given, with who asks.
fn dialog_args(args: &ProxyArgs, server: &str) -> Vec<String> {
    let mut options = args.display.clone();
    options.server = Some(server.to_owned());
    options.to_args()
}

/// What a dialog's exit status and output mean.
fn end_of(code: Option<i32>, stdout: String, stderr: &str) -> DialogEnd {
    let why = stderr
        .lines()
        .find(|l| !l.trim().is_empty())
        .map(|l| l.trim_start_matches("form-elicitation: ").to_owned());
    match code {
        Some(0) if !stdout.is_empty() => DialogEnd::Answered(stdout),
        Some(2) => DialogEnd::Refused {
            line: Some(stdout).filter(|s| !s.is_empty()),
            why: why.unwrap_or_else(|| "the request was refused".into()),
        },
        _ => DialogEnd::Failed(why.unwrap_or_else(|| match code {
            Some(code) => format!("the form's dialog failed (exit {code})"),
            None => "the form's dialog was killed".into(),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_statuses_mean_what_the_contract_says() {
        assert_eq!(
            end_of(Some(0), "{\"action\":\"cancel\"}".into(), ""),
            DialogEnd::Answered("{\"action\":\"cancel\"}".into())
        );
        assert_eq!(
            end_of(
                Some(2),
                String::new(),
                "form-elicitation: requestedSchema: bad\n"
            ),
            DialogEnd::Refused {
                line: None,
                why: "requestedSchema: bad".into()
            }
        );
        assert_eq!(
            end_of(Some(3), String::new(), "form-elicitation: no display\n"),
            DialogEnd::Failed("no display".into())
        );
        assert_eq!(
            end_of(None, String::new(), ""),
            DialogEnd::Failed("the form's dialog was killed".into())
        );
    }
}

//! One form, answered by our own binary in a child process.
//!
//! winit lets a process create its event loop once, and the forwarding must never wait for a
//! person, so each form gets a process of its own: the request on its stdin, the answer line
//! from its stdout, its exit status mapped to a [`DialogEnd`]. Stopping it is SIGTERM, which
//! it answers with cancel (and the terminal dialog restores the terminal).

use std::sync::mpsc::{self, Sender};

use crate::cli::{ProxyArgs, QueuePlace};
use crate::process::child::{Child, Ended, StartError};
use crate::process::exit::Exit;

use super::action::{DialogEnd, Ticket};
use super::clients::{self, Client};
use super::event::Event;

/// A running dialog, and the feed of its stdin that tells it its place in the run.
pub struct Dialog(Child, Sender<Vec<u8>>);

impl Dialog {
    /// Starts the dialog for `request` (one line), at `place` in the run; its end arrives on
    /// `events` as [`Event::Dialog`]. Its "no display" line speaks `client`'s configuration.
    pub fn start(
        ticket: Ticket,
        mut request: Vec<u8>,
        (server, place): (&str, QueuePlace),
        (args, client): (&ProxyArgs, Option<Client>),
        events: Sender<Event>,
    ) -> Option<Dialog> {
        let ended = events.clone();
        let options = dialog_args(args, server, Some(place));
        // The request is the first line the dialog reads; its new places follow.
        if !request.ends_with(b"\n") {
            request.push(b'\n');
        }
        let (feed, fed) = mpsc::channel();
        let started = Child::start(&options, &[], (request, Some(fed)), move |output| {
            let end = match output {
                Ok(mut output) => {
                    if let Ok(stderr) = std::str::from_utf8(&output.stderr) {
                        output.stderr = clients::in_clients_words(stderr, client.as_ref()).into();
                    }
                    end_of(Ended::passed_on(&output))
                }
                Err(error) => {
                    DialogEnd::Failed(format!("cannot wait for the form's dialog: {error}"))
                }
            };
            let _ = ended.send(Event::Dialog(ticket, end));
        });
        match started {
            Ok(child) => Some(Dialog(child, feed)),
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

    /// Tells the dialog its new place in the run.
    pub fn place(&self, place: QueuePlace) {
        // A dialog that has ended reads nothing more; nothing is lost.
        let _ = self.1.send(format!("{}\n", place.to_arg()).into_bytes());
    }

    /// Tells the dialog that the client stopped waiting for its answer
    /// ([`crate::process::queue::STOPPED_WAITING`]).
    pub fn stopped_waiting(&self) {
        let _ = self
            .1
            .send(format!("{}\n", crate::process::queue::STOPPED_WAITING).into_bytes());
    }

    /// Lets the dialog go as the proxy ends (its client gone, issue 58): tells it that nobody
    /// waits for its answer (a window then stays, for the person to keep the draft, when its
    /// parent and its answer's reader go) and closes its stdin. The child, for
    /// [`Child::wait_fed`]: the proxy must not exit before the line is in the pipe.
    pub fn let_go(self) -> Child {
        self.stopped_waiting();
        self.0
    }

    /// Asks the dialog to close: it answers cancel, which nobody reads.
    pub fn stop(&self) {
        self.0.stop();
    }
}

/// The dialog's options: the display options the proxy was given, with who asks and where
/// the form stands in the run (the hidden `--queue`).
fn dialog_args(args: &ProxyArgs, server: &str, place: Option<QueuePlace>) -> Vec<String> {
    let mut options = args.display.clone();
    options.server = Some(server.to_owned());
    let mut args = options.to_args();
    if let Some(place) = place {
        args.extend(["--queue".to_owned(), place.to_arg()]);
    }
    args
}

/// What a dialog's exit status and output mean to the proxy.
fn end_of(ended: Ended) -> DialogEnd {
    let why = ended.why();
    let (code, stdout) = (ended.code, ended.line);
    match code {
        Some(0) if !stdout.is_empty() => DialogEnd::Answered(stdout),
        Some(code) if code == Exit::DeclinedAll as i32 && !stdout.is_empty() => {
            DialogEnd::DeclinedAll(stdout)
        }
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

    /// Regression (issue 43): a server named `-weather` (or `FORM_ELICITATION_SERVER=-x`)
    /// was a second argument to the dialog, read as an option: every form was refused.
    #[test]
    fn a_server_name_that_starts_with_a_dash_reaches_the_dialog_as_its_name() {
        use clap::Parser as _;
        let proxy = crate::cli::Args::try_parse_from([
            "form-elicitation",
            "proxy",
            "--title=-- build --",
            "--",
            "server",
        ])
        .expect("parses");
        let Some(crate::cli::Command::Proxy(proxy)) = proxy.command else {
            panic!("a proxy command");
        };
        let place = QueuePlace {
            position: 1,
            total: 2,
        };
        let args = dialog_args(&proxy, "-weather", Some(place));
        let dialog = crate::cli::Args::try_parse_from(
            std::iter::once("form-elicitation".to_owned()).chain(args),
        )
        .expect("the dialog's arguments parse");
        assert_eq!(dialog.display.server.as_deref(), Some("-weather"));
        assert_eq!(dialog.display.title.as_deref(), Some("-- build --"));
        assert_eq!(dialog.queue, Some(place));
    }

    fn end_of(code: Option<i32>, stdout: String, stderr: &str) -> DialogEnd {
        super::end_of(Ended {
            code,
            line: stdout,
            message: crate::process::child::first_line(stderr.as_bytes()),
        })
    }

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
        // "Decline all": the dialog's own decline, and the exit status that says the rest.
        assert_eq!(
            end_of(Some(10), "{\"action\":\"decline\"}".into(), ""),
            DialogEnd::DeclinedAll("{\"action\":\"decline\"}".into())
        );
    }

    /// The run's place reaches the dialog as the hidden `--queue`, which the dialog's own
    /// command line reads back.
    #[test]
    fn the_place_in_the_run_is_passed_to_the_dialog() {
        use clap::Parser as _;
        let proxy = crate::cli::Args::try_parse_from(["fe", "proxy", "--", "srv"])
            .expect("parses")
            .command;
        let Some(crate::cli::Command::Proxy(args)) = proxy else {
            panic!("no proxy subcommand");
        };
        let place = QueuePlace {
            position: 1,
            total: 5,
        };
        let options = dialog_args(&args, "weather", Some(place));
        let child = crate::cli::Args::try_parse_from(
            std::iter::once("fe".to_owned()).chain(options.iter().cloned()),
        )
        .expect("the dialog's options parse");
        assert_eq!(child.queue, Some(place));
        assert_eq!(child.display.server.as_deref(), Some("weather"));
        assert!(!dialog_args(&args, "weather", None).contains(&"--queue".to_owned()));
    }
}

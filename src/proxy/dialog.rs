//! One form, answered by our own binary in a child process.
//!
//! winit lets a process create its event loop once, and the forwarding must never wait for a
//! person, so each form gets a process of its own: the request on its stdin, the answer line
//! from its stdout, its exit status mapped to a [`DialogEnd`]. Stopping it is SIGTERM, which
//! it answers with cancel (and the terminal dialog restores the terminal).

use std::io::Write as _;
use std::process::{Command, Stdio};
use std::sync::mpsc::Sender;

use crate::cli::ProxyArgs;

use super::Event;
use super::state::{DialogEnd, Ticket};

/// A running dialog, by process id.
pub struct Dialog {
    pid: u32,
}

impl Dialog {
    /// Starts the dialog for `request`; its end arrives on `events` as [`Event::Dialog`].
    pub fn start(
        ticket: Ticket,
        request: Vec<u8>,
        server: &str,
        args: &ProxyArgs,
        events: Sender<Event>,
    ) -> Option<Dialog> {
        let program = match std::env::current_exe() {
            Ok(program) => program,
            Err(error) => {
                let why = format!("cannot find our own program to show the form: {error}");
                let _ = events.send(Event::Dialog(ticket, DialogEnd::Failed(why)));
                return None;
            }
        };
        let mut command = Command::new(program);
        command.args(dialog_args(args, server));
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(error) => {
                let why = format!("cannot start the form's dialog: {error}");
                let _ = events.send(Event::Dialog(ticket, DialogEnd::Failed(why)));
                return None;
            }
        };
        let pid = child.id();
        let stdin = child.stdin.take();
        std::thread::spawn(move || {
            if let Some(mut stdin) = stdin {
                // A dialog that died before reading says why through its exit status.
                let _ = stdin.write_all(&request);
            }
            let end = match child.wait_with_output() {
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
            let _ = events.send(Event::Dialog(ticket, end));
        });
        Some(Dialog { pid })
    }

    /// Asks the dialog to close: it answers cancel, which nobody reads.
    pub fn stop(&self) {
        let pid = i32::try_from(self.pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw);
        if let Some(pid) = pid {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        }
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

//! A dialog started ahead of its request (issue 46): serve keeps one of its dialogs waiting,
//! so that the next request's window skips a process start (the program's loading and
//! relocation, clap's command: about 1.5 ms) and the loading every window's start does
//! whatever the request (the X libraries and the compose table: about 2.5 ms), on the path
//! from an asker's start to the window's first frame.
//!
//! The waiting dialog is our own program with the one argument [`ARG`]. It builds its
//! command-line parser, loads what a window's start loads whatever the request
//! ([`crate::ui::ahead`]: the X libraries, the compose table), lets go of the pages start-up
//! touched (as serve does at rest, so that it holds little), says it is waiting with one byte
//! on stderr (serve reads it before it goes on: before it binds its socket at start, before it
//! lets go of its own pages after a form, so that the dialog's start-up never runs beside
//! serve's rest), and blocks reading its stdin: an 8-byte length (little-endian), that many
//! bytes of a JSON array of the arguments serve would have started it with, then the request.
//! From there on it is a dialog like any other. It ends quietly when serve goes away first (its
//! stdin closes).

use std::ffi::OsString;
use std::io::{self, Read as _};
use std::os::fd::AsFd as _;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use clap::{CommandFactory as _, FromArgMatches as _};

use crate::child::{self, StartError};
use crate::cli::Args;
use crate::output::diag;

/// The one argument of a dialog started ahead of its request.
pub const ARG: &str = "--dialog-ahead";

/// The most bytes of arguments a waiting dialog reads.
const MAX_ARGS_BYTES: u64 = 64 * 1024;

/// The dialog waiting for serve's next request, if one is.
#[derive(Clone, Default)]
pub struct Ahead(Arc<Mutex<Option<std::process::Child>>>);

impl Ahead {
    /// Starts a dialog to wait for the next request, unless one waits already.
    pub fn refill(&self, program: &Path, unset: &[&str]) {
        let mut waiting = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if waiting.as_mut().is_some_and(is_waiting) {
            return;
        }
        *waiting = match child::spawn(program, &[ARG.to_owned()], unset) {
            Ok(mut started) => {
                // A dialog that died before it was ready is reaped at the next take or refill.
                until_ready(&mut started);
                Some(started)
            }
            Err(StartError::Spawn(error) | StartError::NoProgram(error)) => {
                diag(format_args!(
                    "serve: cannot start a dialog ahead (the next form starts its own): {error}"
                ));
                None
            }
        };
    }

    /// The waiting dialog, given to the request that came: `None` when none waits (it is
    /// taken by another request, or it died), and the request starts a dialog of its own.
    pub fn take(&self) -> Option<std::process::Child> {
        let mut waiting = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()?;
        is_waiting(&mut waiting).then_some(waiting)
    }
}

/// How long serve waits for a dialog it started ahead to say it is waiting (it takes a few
/// milliseconds): past this, serve goes on, and the dialog still serves once it is ready.
const READY_WITHIN: Duration = Duration::from_secs(5);

/// Waits until `dialog` says it is waiting (its one byte on stderr), it ends, or
/// [`READY_WITHIN`] has passed.
fn until_ready(dialog: &mut std::process::Child) {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let Some(stderr) = dialog.stderr.as_mut() else {
        return;
    };
    let deadline = Instant::now() + READY_WITHIN;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let timeout = Timespec {
            tv_sec: i64::try_from(left.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(left.subsec_nanos()),
        };
        match poll(&mut [PollFd::new(&*stderr, PollFlags::IN)], Some(&timeout)) {
            Ok(0) => return,
            Ok(_) => {
                let _ = stderr.read(&mut [0]);
                return;
            }
            Err(rustix::io::Errno::INTR) => {}
            Err(_) => return,
        }
    }
}

/// Whether a dialog started ahead is still there (one that died is reaped here).
fn is_waiting(dialog: &mut std::process::Child) -> bool {
    matches!(dialog.try_wait(), Ok(None))
}

/// What a waiting dialog reads on stdin: `args` (what serve would have started a dialog with)
/// as [the module](self) says, then `request`.
pub fn input(args: &[String], request: &[u8]) -> Vec<u8> {
    let args = serde_json::to_vec(args).unwrap_or_default();
    let length = u64::try_from(args.len()).unwrap_or(u64::MAX);
    let mut input = Vec::with_capacity(8 + args.len() + request.len());
    input.extend_from_slice(&length.to_le_bytes());
    input.extend_from_slice(&args);
    input.extend_from_slice(request);
    input
}

/// In a dialog started ahead ([`ARG`] its only argument): waits for its arguments and returns
/// them parsed; `None` in any other process. Exits 0 when stdin closes first (serve ended),
/// and as clap does for arguments it refuses.
pub fn args_when_started_ahead() -> Option<Args> {
    let mut given = std::env::args_os();
    let program = given
        .next()
        .unwrap_or_else(|| OsString::from("form-elicitation"));
    if given.next().as_deref() != Some(ARG.as_ref()) || given.next().is_some() {
        return None;
    }
    // What needs no request is done before waiting: the parser, and what every window's
    // start loads (the X libraries, the compose table).
    let command = Args::command();
    crate::ui::ahead::load_ahead();
    super::memory::let_go_until_readable(io::stdin().as_fd(), io::stderr().as_fd());
    let mut stdin = io::stdin().lock();
    let mut length = [0; 8];
    if stdin.read_exact(&mut length).is_err() {
        crate::exit::Exit::Answered.now();
    }
    let length = u64::from_le_bytes(length);
    let mut args = Vec::new();
    let read = (&mut stdin).take(length).read_to_end(&mut args);
    let list: Vec<String> = match read {
        Ok(_) if length <= MAX_ARGS_BYTES => {
            serde_json::from_slice(&args).unwrap_or_else(|error| {
                diag(format_args!(
                    "the arguments from serve are not a list: {error}"
                ));
                crate::exit::Exit::Failure.now()
            })
        }
        _ => {
            diag(format_args!("the arguments from serve did not arrive"));
            crate::exit::Exit::Failure.now()
        }
    };
    let matches = command
        .try_get_matches_from(std::iter::once(program).chain(list.into_iter().map(OsString::from)))
        .unwrap_or_else(|error| error.exit());
    Some(Args::from_arg_matches(&matches).unwrap_or_else(|error| error.exit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What serve writes is what a dialog started with those arguments would parse, the
    /// request left to follow.
    #[test]
    fn the_input_carries_the_arguments_then_the_request() {
        let args = vec![
            "--title=Deploy".to_owned(),
            "--via=-rf".to_owned(),
            "--timeout=60".to_owned(),
        ];
        let input = input(&args, b"{\"message\":\"hi\"}");
        let (length, rest) = input.split_at(8);
        let length = u64::from_le_bytes(length.try_into().expect("8 bytes"));
        let (list, request) = rest.split_at(usize::try_from(length).expect("a length"));
        let list: Vec<String> = serde_json::from_slice(list).expect("a list of strings");
        assert_eq!(list, args);
        assert_eq!(request, b"{\"message\":\"hi\"}");
        let matches = Args::command()
            .try_get_matches_from(std::iter::once("form-elicitation".to_owned()).chain(list))
            .expect("the arguments parse");
        let parsed = Args::from_arg_matches(&matches).expect("into our arguments");
        assert_eq!(parsed.via.as_deref(), Some("-rf"));
        assert_eq!(parsed.display.title.as_deref(), Some("Deploy"));
    }
}

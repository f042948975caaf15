//! A dialog started ahead of its request (issue 46): serve keeps one of its dialogs waiting,
//! so that the next request's window skips a process start (the program's loading and
//! relocation, clap's command: about 1.5 ms) and the loading every window's start does
//! whatever the request (the X libraries and the compose table: about 2.5 ms), on the path
//! from an asker's start to the window's first frame.
//!
//! The waiting dialog is our own program started with serve's display options (how serve
//! shows forms, as [`DisplayOptions::to_args`] writes them) and, last, [`ARG`]. It parses
//! them, loads what a window's start loads whatever the request ([`crate::ui::ahead`]: the X
//! libraries, the compose table), lets go of the pages start-up touched (as serve does at
//! rest, so that it holds little), says it is waiting with one byte on stderr (serve reads it
//! before it goes on: before it binds its socket at start, before it lets go of its own pages
//! after a form, so that the dialog's start-up never runs beside serve's rest), and blocks
//! reading its stdin: serve's typed header, handed over ([`protocol::Handover`]: the asker's
//! header and where serve found the asker), then the request. It takes the options the asker
//! asked for over serve's, as serve does for a dialog it starts for a request, and from there
//! on it is a dialog like any other. It ends quietly when serve goes away first (its stdin
//! closes).

use std::io::{self, BufRead as _, Read as _};
use std::os::fd::AsFd as _;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use clap::Parser as _;

use super::protocol::{self, Handover};
use crate::cli::{Args, DisplayOptions};
use crate::process::child::{self, StartError};
use crate::process::output::diag;

/// The last argument of a dialog started ahead of its request, after serve's display options.
pub const ARG: &str = "--dialog-ahead";

/// The dialog waiting for serve's next request, if one is.
#[derive(Clone, Default)]
pub struct Ahead(Arc<Mutex<Option<std::process::Child>>>);

impl Ahead {
    /// Starts a dialog to wait for the next request, shown as `base` says (serve's own
    /// display options) unless its asker asks otherwise; not when one waits already.
    pub fn refill(&self, program: &Path, base: &DisplayOptions, unset: &[&str]) {
        let mut waiting = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if waiting.as_mut().is_some_and(is_waiting) {
            return;
        }
        let mut args = base.to_args();
        args.push(ARG.to_owned());
        *waiting = match child::spawn(program, &args, unset) {
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

/// What a waiting dialog reads on stdin: `handover` (serve's header), then `request`.
pub fn input(handover: &Handover, request: &[u8]) -> Vec<u8> {
    let mut input = Vec::with_capacity(256 + request.len());
    // Fails only for a header over its limit, which serve read within it.
    let _ = protocol::write_handover(&mut input, handover);
    input.extend_from_slice(request);
    input
}

/// In a dialog started ahead ([`ARG`] its last argument): parses serve's options, waits for
/// the handover and returns the arguments with it applied; `None` in any other process.
/// Exits as clap does for arguments it refuses, 0 when stdin closes first (serve ended), and
/// 1 with a line for a handover it cannot read.
pub fn args_when_started_ahead() -> Option<Args> {
    let mut given: Vec<_> = std::env::args_os().collect();
    if given.len() < 2 || given.last().is_none_or(|last| last != ARG) {
        return None;
    }
    given.pop();
    // What needs no request is done before waiting: serve's options parsed, and what every
    // window's start loads (the X libraries, the compose table).
    let mut args = Args::try_parse_from(given).unwrap_or_else(|error| error.exit());
    crate::ui::ahead::load_ahead();
    super::memory::let_go_until_readable(io::stdin().as_fd(), io::stderr().as_fd());
    // Locked for good: the request after the line stays in stdin's buffer for the read every
    // dialog makes.
    let mut stdin = io::stdin().lock();
    if stdin.fill_buf().is_ok_and(<[u8]>::is_empty) {
        crate::process::exit::Exit::Answered.now();
    }
    match protocol::read_handover(&mut stdin) {
        Ok(handover) => handed(&mut args, handover),
        Err(error) => {
            diag(format_args!(
                "the request from serve cannot be read: {error}"
            ));
            crate::process::exit::Exit::Failure.now()
        }
    }
    Some(args)
}

/// `args` (serve's options) as a dialog started for the request would have had them: the
/// options the asker asked for win, and the window names the asker's host, or none for an
/// asker of this machine.
fn handed(args: &mut Args, handover: Handover) {
    let Handover { header, local } = handover;
    args.display = header.display_options(&args.display);
    if local {
        args.served = true;
    } else {
        args.via = Some(header.host);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::serve::protocol::Header;

    /// Parses `args` as our command line.
    fn parsed(args: &[String]) -> Args {
        Args::try_parse_from(std::iter::once("form-elicitation".to_owned()).chain(args.to_vec()))
            .expect("the arguments parse")
    }

    /// A dialog started ahead, given serve's options at its start and the asker's header on
    /// stdin, ends with the arguments a dialog started for that request is given (serve's
    /// options with the asker's, and `--via=HOST` or `--served`), whatever the asker asked.
    #[test]
    fn the_handover_gives_the_arguments_a_dialog_started_for_the_request_has() {
        let base = DisplayOptions {
            server: Some("desktop default".into()),
            lang: Some("ko".into()),
            timeout: Some(Duration::from_secs(60)),
            ..DisplayOptions::default()
        };
        let asked = [
            DisplayOptions::default(),
            DisplayOptions {
                title: Some("-- Deploy --".into()),
                server: Some("-weather".into()),
                timeout: Some(Duration::from_secs_f64(2.5)),
                lang: Some("de".into()),
                ..DisplayOptions::default()
            },
        ];
        for asked in &asked {
            for local in [true, false] {
                let header = Header::new("-box", asked, 2);
                // A dialog started for the request.
                let mut started = header.display_options(&base).to_args();
                started.push(if local {
                    "--served".to_owned()
                } else {
                    "--via=-box".to_owned()
                });
                let started = parsed(&started);
                // The dialog started ahead: serve's options, then what it reads.
                let wire = input(&Handover { header, local }, b"{}");
                let mut stdin = &wire[..];
                let handover = protocol::read_handover(&mut stdin).expect("reads");
                assert_eq!(stdin, b"{}", "the request follows");
                let mut ahead = parsed(&base.to_args());
                handed(&mut ahead, handover);
                assert_eq!(
                    (&ahead.display, &ahead.via, ahead.served),
                    (&started.display, &started.via, started.served),
                    "{asked:?}, local {local}"
                );
            }
        }
    }
}

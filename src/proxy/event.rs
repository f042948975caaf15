//! What the proxy's threads and its loop share: the events the loop hears, the flow control
//! of each direction, and the proxy's one line on stderr. Every part of the proxy imports these
//! from here, below them all.

use std::io::{self, Write as _};
use std::process::ExitStatus;
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use super::action::{DialogEnd, Ticket};

/// How many bytes may be on their way in one direction (read, not yet written) before the
/// reader stops reading. A line is always read whole, so a direction holds at most this, plus
/// the line being read, plus the two pipe buffers below.
pub const FLOW_LIMIT: usize = 1024 * 1024;
/// What the loop hears from its threads.
#[derive(Debug)]
pub enum Event {
    /// A line from the client (with its newline, when it had one).
    Client(Vec<u8>),
    /// The client closed our stdin.
    ClientEnd,
    /// A line from the server.
    Server(Vec<u8>),
    /// The server closed its stdout.
    ServerEnd,
    /// The server exited.
    ServerExit(ExitStatus),
    /// A dialog ended.
    Dialog(Ticket, DialogEnd),
    /// Time to send the next round of a call.
    Retry(String),
    /// Time to stop waiting for the completion notices of a call's required URLs.
    CompletionWaited(String),
    /// Time to tell the waiting client that a form is still open (see `super::progress`).
    Progress,
    /// SIGTERM, SIGINT or SIGHUP.
    Signal,
}

/// The bytes on their way in one direction: added as a reader reads a line, taken off as the
/// loop consumes it and added again for what it sends on, taken off as the writer writes.
#[derive(Debug, Default)]
pub struct Flow {
    queued: Mutex<Queued>,
    changed: Condvar,
}

#[derive(Debug, Default)]
struct Queued {
    bytes: usize,
    /// The writer has stopped (its side is gone): nothing is held back any more.
    closed: bool,
}

impl Flow {
    pub fn add(&self, bytes: usize) {
        let mut queued = self.queued.lock().unwrap_or_else(PoisonError::into_inner);
        if !queued.closed {
            queued.bytes += bytes;
        }
    }

    pub fn take(&self, bytes: usize) {
        let mut queued = self.queued.lock().unwrap_or_else(PoisonError::into_inner);
        queued.bytes = queued.bytes.saturating_sub(bytes);
        self.changed.notify_all();
    }

    pub fn close(&self) {
        let mut queued = self.queued.lock().unwrap_or_else(PoisonError::into_inner);
        queued.closed = true;
        queued.bytes = 0;
        self.changed.notify_all();
    }

    /// Waits at most `timeout` for room; the bytes queued then (below the limit: room).
    pub fn wait_for_room(&self, timeout: Duration) -> usize {
        let queued = self.queued.lock().unwrap_or_else(PoisonError::into_inner);
        let (queued, _) = self
            .changed
            .wait_timeout_while(queued, timeout, |q| q.bytes >= FLOW_LIMIT)
            .unwrap_or_else(PoisonError::into_inner);
        queued.bytes
    }
}

/// One line on stderr.
pub fn note_line(note: &str) {
    let _ = writeln!(io::stderr().lock(), "form-elicitation proxy: {note}");
}

//! What the proxy's state machine decides and hears back: the actions it asks the threads to
//! carry out, and how a dialog ended. Plain data, below the state machine and the threads.

use std::time::Duration;

use crate::cli::QueuePlace;

/// A dialog to run: one elicitation request, answered by our own binary in a child process.
pub type Ticket = u64;

/// What the proxy does next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Write this line to the server.
    ToServer(Vec<u8>),
    /// Write this line to the client.
    ToClient(Vec<u8>),
    /// Start a dialog for `request` (a JSON-RPC request line, or an input-request entry).
    StartDialog {
        /// Names the dialog in the state machine's `dialog_done` and [`Action::StopDialog`].
        ticket: Ticket,
        /// Its stdin.
        request: Vec<u8>,
        /// Who asks, as the window shows it.
        server: String,
        /// Where it stands in the present run of forms (see the state machine's `place_changes`).
        place: QueuePlace,
    },
    /// Tell a running dialog its new place in the run.
    Place(Ticket, QueuePlace),
    /// Stop a running dialog (it answers cancel, which is then ignored).
    StopDialog(Ticket),
    /// Tell a running dialog that the client stopped waiting for its answer: it stays for the
    /// person to keep what was typed as a draft (or closes, keeping it, where it cannot), and
    /// its answer is then nobody's.
    StoppedWaiting(Ticket),
    /// Call the state machine's `retry` with this call after `delay`.
    RetryAfter {
        /// The call's client id.
        call: String,
        /// How long to wait.
        delay: Duration,
    },
    /// Call the state machine's `completion_waited` with this call after `delay`.
    CompletionWaitAfter {
        /// The call's client id.
        call: String,
        /// How long to wait.
        delay: Duration,
    },
    /// Say this on stderr.
    Note(String),
}

/// How a dialog ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DialogEnd {
    /// It printed an answer line (exit 0).
    Answered(String),
    /// It printed its answer line (a decline), and the person declined every form waiting
    /// behind it too.
    DeclinedAll(String),
    /// It refused the request (exit 2): its JSON-RPC error line, if it wrote one, and why.
    Refused {
        /// The error line for a JSON-RPC request.
        line: Option<String>,
        /// The first line of its diagnostic.
        why: String,
    },
    /// It could not show the form (exit 1, 3, a signal).
    Failed(String),
}

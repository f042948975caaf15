//! The proxy's dialogs, one at a time: who each answers, the queue behind the one running,
//! and where the running one stands in the present run of forms. Pure, as the state machine
//! that owns it.

use std::collections::VecDeque;

use super::action::{Action, DialogEnd, Ticket};
use super::wire;
use crate::cli::QueuePlace;

/// At most this many forms wait behind the one shown: a server that asks hundreds at once
/// (400 forms of 1 MB held 401 MB, 1,600 ended in SIGABRT) gets an error for the rest.
pub const MAX_WAITING_FORMS: usize = 16;
/// At most this many bytes of requests wait behind the one shown (each is at most 1 MiB).
pub const MAX_WAITING_BYTES: usize = 8 * 1024 * 1024;

/// Who the dialog answers.
#[derive(Debug, Clone)]
pub(super) enum Asker {
    /// A server's `elicitation/create` request (initialize era), by its raw id.
    Server(String),
    /// An input of a multi-round-trip call: the call's client id and the input's key.
    Input { call: String, key: String },
    /// One of the URLs a call's `-32042` error asked the person to visit: the call's client id.
    Required { call: String },
    /// Nobody any more: the client stopped waiting for the form's call, or the server withdrew
    /// its request. The dialog stays for the person to keep what was typed as a draft; its
    /// answer goes nowhere.
    Abandoned,
}

impl Asker {
    /// The client id of the call this dialog belongs to, if it belongs to one.
    pub(super) fn call(&self) -> Option<&str> {
        match self {
            Self::Server(_) | Self::Abandoned => None,
            Self::Input { call, .. } | Self::Required { call } => Some(call),
        }
    }
}

#[derive(Debug)]
pub(super) struct Job {
    pub(super) ticket: Ticket,
    pub(super) asker: Asker,
    pub(super) request: Vec<u8>,
}

/// The dialogs: the one running, the ones waiting, and the run of forms they make.
#[derive(Debug)]
pub(super) struct Dialogs {
    next_ticket: Ticket,
    queue: VecDeque<Job>,
    running: Option<(Ticket, Asker)>,
    /// How many dialogs were started since the proxy was last without any: the position of
    /// the one running in the present run of forms.
    shown_in_run: usize,
    /// The place the running dialog was last told.
    told_place: Option<(Ticket, QueuePlace)>,
    /// The bytes of the requests in `queue`.
    queued_bytes: usize,
}

impl Default for Dialogs {
    fn default() -> Self {
        Self {
            next_ticket: 1,
            queue: VecDeque::new(),
            running: None,
            shown_in_run: 0,
            told_place: None,
            queued_bytes: 0,
        }
    }
}

impl Dialogs {
    /// The running dialog's ticket.
    #[cfg(test)]
    pub(super) fn running(&self) -> Option<Ticket> {
        self.running.as_ref().map(|(ticket, _)| *ticket)
    }

    /// Whether a dialog is running or waiting.
    pub(super) fn open(&self) -> bool {
        self.running.is_some() || !self.queue.is_empty()
    }

    /// Why a request of `bytes` cannot wait for the person, when it cannot: it would be one
    /// form or one byte too many behind the one shown ([`MAX_WAITING_FORMS`],
    /// [`MAX_WAITING_BYTES`]). A form is always shown when none is.
    pub(super) fn no_room_for(&self, bytes: usize) -> Option<String> {
        if self.running.is_none() && self.queue.is_empty() {
            return None;
        }
        let forms = self.queue.len() + 1;
        let total = self.queued_bytes + bytes;
        (forms > MAX_WAITING_FORMS || total > MAX_WAITING_BYTES).then(|| {
            format!(
                "too many forms at once: {} wait for the person already ({} KiB), and the proxy \
                 holds at most {MAX_WAITING_FORMS} forms or {} MiB waiting; ask again once \
                 they are answered",
                self.queue.len(),
                self.queued_bytes.div_ceil(1024),
                MAX_WAITING_BYTES / (1024 * 1024)
            )
        })
    }

    /// Queues a dialog for `asker`, and starts it when none runs; `server` is who asks, as
    /// the window shows it. The caller has checked [`Self::no_room_for`].
    pub(super) fn enqueue(&mut self, asker: Asker, request: Vec<u8>, server: &str) -> Vec<Action> {
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        self.queued_bytes += request.len();
        self.queue.push_back(Job {
            ticket,
            asker,
            request,
        });
        self.start_next(server)
    }

    /// One dialog at a time: two windows at once would compete for the person, two terminal
    /// dialogs for the same terminal.
    pub(super) fn start_next(&mut self, server: &str) -> Vec<Action> {
        if self.running.is_some() {
            return Vec::new();
        }
        let Some(job) = self.queue.pop_front() else {
            // The run of forms is over: the next form is the first of a new one.
            self.shown_in_run = 0;
            return Vec::new();
        };
        self.queued_bytes -= job.request.len();
        self.running = Some((job.ticket, job.asker));
        self.shown_in_run += 1;
        let place = QueuePlace {
            position: self.shown_in_run,
            total: self.shown_in_run + self.queue.len(),
        };
        self.told_place = Some((job.ticket, place));
        vec![Action::StartDialog {
            ticket: job.ticket,
            request: job.request,
            server: server.to_owned(),
            place,
        }]
    }

    /// The dialog `ticket` ended: who it answers, and with "Decline all" the dialogs that
    /// waited behind it, taken off the queue in order. `None` for a dialog we stopped: its
    /// cancel is nobody's answer.
    pub(super) fn ended(&mut self, ticket: Ticket, end: &DialogEnd) -> Option<(Asker, Vec<Job>)> {
        let asker = match self.running.take() {
            Some((running, asker)) if running == ticket => asker,
            other => {
                self.running = other;
                return None;
            }
        };
        let waiting = match end {
            DialogEnd::DeclinedAll(_) => {
                self.queued_bytes = 0;
                self.queue.drain(..).collect()
            }
            _ => Vec::new(),
        };
        Some((asker, waiting))
    }

    /// The dialog, running or queued, that answers the server's request `id`.
    pub(super) fn of_server_request(&self, id: &str) -> Option<Ticket> {
        let matches = |asker: &Asker| matches!(asker, Asker::Server(s) if s == id);
        match &self.running {
            Some((ticket, asker)) if matches(asker) => Some(*ticket),
            _ => self
                .queue
                .iter()
                .find(|job| matches(&job.asker))
                .map(|job| job.ticket),
        }
    }

    /// Stops a dialog, running or queued; nothing answers it.
    pub(super) fn stop(&mut self, ticket: Ticket, server: &str) -> Vec<Action> {
        self.retain(|job| job.ticket != ticket);
        if self.running.as_ref().is_some_and(|(t, _)| *t == ticket) {
            self.running = None;
            let mut actions = vec![Action::StopDialog(ticket)];
            actions.extend(self.start_next(server));
            return actions;
        }
        Vec::new()
    }

    /// Stops every dialog (shutdown).
    pub(super) fn stop_all(&mut self) -> Vec<Action> {
        self.retain(|_| false);
        self.shown_in_run = 0;
        match self.running.take() {
            Some((ticket, _)) => vec![Action::StopDialog(ticket)],
            None => Vec::new(),
        }
    }

    /// The client is gone (the proxy ends): the waiting dialogs go, as nothing was typed into
    /// them; the running one is told that nobody waits (issue 58), not stopped: it stays for
    /// the person when the proxy has gone.
    pub(super) fn let_go_all(&mut self) -> Vec<Action> {
        self.retain(|_| false);
        self.shown_in_run = 0;
        self.told_place = None;
        match self.running.take() {
            Some((ticket, _)) => vec![Action::StoppedWaiting(ticket)],
            None => Vec::new(),
        }
    }

    /// Nobody waits for the answer of dialog `ticket` any more (issue 58): a queued one goes,
    /// as nothing was typed into it; the running one is told, and stays for the person, its
    /// answer nobody's.
    pub(super) fn abandon(&mut self, ticket: Ticket, server: &str) -> Vec<Action> {
        match &mut self.running {
            Some((running, asker)) if *running == ticket => {
                *asker = Asker::Abandoned;
                vec![Action::StoppedWaiting(ticket)]
            }
            _ => self.stop(ticket, server),
        }
    }

    /// The client stopped waiting for a call: its queued dialogs go, and the running one is
    /// abandoned ([`Self::abandon`]).
    pub(super) fn abandon_call(&mut self, call_id: &str, server: &str) -> Vec<Action> {
        self.retain(|job| job.asker.call() != Some(call_id));
        match &self.running {
            Some((ticket, asker)) if asker.call() == Some(call_id) => {
                let ticket = *ticket;
                self.abandon(ticket, server)
            }
            _ => Vec::new(),
        }
    }

    /// A call's dialogs go: the queued ones, and the running one is stopped.
    pub(super) fn drop_call(&mut self, call_id: &str, server: &str) -> Vec<Action> {
        self.retain(|job| job.asker.call() != Some(call_id));
        match &self.running {
            Some((ticket, asker)) if asker.call() == Some(call_id) => {
                let ticket = *ticket;
                self.stop(ticket, server)
            }
            _ => Vec::new(),
        }
    }

    /// The queued dialogs of a call's required URLs go (the call has failed).
    pub(super) fn drop_required(&mut self, call_id: &str) {
        self.retain(|job| !matches!(&job.asker, Asker::Required { call } if call == call_id));
    }

    /// Keeps the waiting dialogs `keep` says yes to, and counts their bytes again.
    fn retain(&mut self, keep: impl FnMut(&Job) -> bool) {
        self.queue.retain(keep);
        self.queued_bytes = self.queue.iter().map(|job| job.request.len()).sum();
    }

    /// The running dialog's place in the run, when it moved since the dialog was last told:
    /// a form arrived behind it, or a waiting one was withdrawn or dropped.
    pub(super) fn place_changes(&mut self) -> Vec<Action> {
        let Some((ticket, _)) = &self.running else {
            return Vec::new();
        };
        let place = QueuePlace {
            position: self.shown_in_run,
            total: self.shown_in_run + self.queue.len(),
        };
        let now = Some((*ticket, place));
        if self.told_place == now {
            return Vec::new();
        }
        self.told_place = now;
        vec![Action::Place(*ticket, place)]
    }
}

/// A decline, as the dialog for `asker` would have written it: a JSON-RPC response to a
/// server's request, the bare answer for an input of a call.
pub(super) fn decline_line(asker: &Asker) -> String {
    match asker {
        Asker::Server(id) => {
            format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"action":"decline"}}}}"#)
        }
        Asker::Input { .. } | Asker::Required { .. } | Asker::Abandoned => {
            r#"{"action":"decline"}"#.to_owned()
        }
    }
}

/// The reply to a server's `elicitation/create`: the dialog's JSON-RPC response, its error
/// line, or an error of ours when it could not show the form.
pub(super) fn server_reply(id: &str, end: DialogEnd) -> Vec<u8> {
    match end {
        DialogEnd::Answered(line)
        | DialogEnd::DeclinedAll(line)
        | DialogEnd::Refused {
            line: Some(line), ..
        } => {
            let mut line = line.into_bytes();
            if !line.ends_with(b"\n") {
                line.push(b'\n');
            }
            line
        }
        // A request the dialog refused is a bad request (exit 2), like the dialog's own reply.
        DialogEnd::Refused { line: None, why } => wire::error_line(id, -32602, &why),
        DialogEnd::Failed(why) => wire::error_line(id, -32603, &why),
    }
}

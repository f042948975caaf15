//! What the proxy remembers of a call it may have to finish (2026-07-28's rounds of
//! `input_required`, a `-32042` error's URLs): plain data the state machine keeps.

use std::collections::HashSet;
use std::time::Duration;

/// A `tools/call`, `prompts/get` or `resources/read` the proxy may have to finish.
#[derive(Debug)]
pub(super) struct Call {
    pub(super) method: String,
    /// The params as sent to the server (with our capabilities).
    pub(super) params: String,
    pub(super) rounds: u32,
    /// The id of the round in flight: `None` while the client's own id is (round one), or
    /// between rounds.
    pub(super) proxy_id: Option<String>,
    pub(super) in_flight: bool,
    /// Answers collected this round, in the server's order.
    pub(super) answers: Vec<(String, String)>,
    /// Inputs of this round still to answer.
    pub(super) waiting: usize,
    pub(super) state: Option<String>,
    pub(super) backoff: Duration,
    /// The client declared URL elicitation alone: a round that asks only for URLs is its own.
    /// So is a `-32042` error.
    pub(super) urls_to_client: bool,
    /// Where the call stands with a `-32042` error.
    pub(super) url_required: UrlRequired,
}

/// A call's course through a `-32042` error (URL elicitation required): the URLs are shown
/// here, then the call is retried once.
#[derive(Debug, Default)]
pub(super) enum UrlRequired {
    /// No such error yet.
    #[default]
    Never,
    /// Its URLs are being shown; `error` is the server's error line, for the client should the
    /// person decline one.
    Asking {
        error: String,
        consents_left: usize,
        incomplete: HashSet<String>,
    },
    /// Every URL was agreed to: waiting for the completion notices still missing.
    Waiting { incomplete: HashSet<String> },
    /// Retried once: another such error goes to the client.
    Retried,
}

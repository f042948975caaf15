//! The proxy's decisions, as a pure state machine: a line or an event in, actions out.
//!
//! The threads in [`super`] read both pipes and the dialogs and carry out the actions; all
//! the protocol lives here, where the unit tests drive it line by line.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use serde_json::value::RawValue;

pub use super::action::{Action, DialogEnd, Ticket};
use super::call::{Call, UrlRequired};
use super::clients::{self, Client};
use super::dialogs::{Asker, Dialogs, decline_line, server_reply};
use super::progress::Progress;
use super::wire::{self, Fields, Message, Splice};
use crate::cli::Intercept;
use crate::model::request::MAX_REQUEST_BYTES;

/// At most this many `input_required` rounds per call, as the SDKs allow.
pub const MAX_ROUNDS: u32 = 10;
/// The first back-off before retrying a round that asked nothing.
const BACKOFF_FIRST: Duration = Duration::from_millis(50);
/// The longest back-off.
const BACKOFF_CAP: Duration = Duration::from_millis(250);
/// After the person has agreed to every URL a `-32042` error asked for, how long the proxy
/// waits for the server's completion notices before it retries the call anyway: the spec
/// says a client must not wait for them forever, since their delivery is not guaranteed.
pub const COMPLETION_WAIT: Duration = Duration::from_secs(300);
/// JSON-RPC error code of MCP 2025-11-25's `URLElicitationRequiredError`.
pub const URL_ELICITATION_REQUIRED: i64 = -32042;
/// The prefix of the ids of the requests the proxy sends itself. A client may use such an id
/// too: the proxy skips every id the client has used, and re-sends a client's request whose
/// id is one of ours in flight under a fresh one.
pub const PROXY_ID_PREFIX: &str = "form-elicitation-proxy-";

/// Which of the server's `elicitation/create` requests the proxy answers (the initialize era).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answering {
    /// Every one: the client declared no elicitation, or `--intercept always`.
    Everything,
    /// Forms; URL requests go to the client, which declared URL elicitation alone.
    FormsOnly,
    /// None: the client answers them itself (it is known to show forms, or `--intercept
    /// declared`).
    Nothing,
}

/// Everything the proxy remembers.
#[derive(Debug)]
pub struct State {
    intercept: Intercept,
    /// `--server`, which replaces the server's own name.
    server_override: Option<String>,
    /// The command that was started, as the person reads it.
    command: String,
    /// `serverInfo.name` from `initialize` or `server/discover`.
    server_name: Option<String>,
    /// Which of the server's own `elicitation/create` requests are answered here: fewer once
    /// an `initialize` showed a client that answers them itself.
    answering: Answering,
    /// Who the client says it is (`clientInfo`).
    client: Option<Client>,
    /// The client declared elicitation and the proxy answers anyway (`--intercept auto`, a
    /// client not known to show forms): the first form taken says why, once (then it is
    /// emptied, not cleared, so that it is not said again).
    why_here: Option<String>,
    /// Ids of `initialize` and `server/discover` requests, whose results name the server.
    naming: Vec<String>,
    calls: HashMap<String, Call>,
    /// Proxy id (as [`wire::canonical_id`] writes it) → client id.
    proxy_ids: HashMap<String, String>,
    next_proxy_id: u64,
    /// The client's request ids that begin with [`PROXY_ID_PREFIX`], decoded: never ours.
    client_ids_like_ours: HashSet<String>,
    /// The dialogs, one at a time.
    dialogs: Dialogs,
    /// `elicitationId`s of URL requests answered here, whose completion notice is ours.
    url_ids: Vec<String>,
    /// Ids of the server's `elicitation/create` requests taken here: the client never saw
    /// them, so a cancellation of one is ours too, even after it was answered.
    taken: HashSet<String>,
    /// The client's requests that asked for progress and wait for their answer.
    progress: Progress,
}

impl State {
    /// A proxy for `command` (as shown to the person).
    pub fn new(intercept: Intercept, server_override: Option<String>, command: String) -> Self {
        Self {
            intercept,
            server_override,
            command,
            server_name: None,
            answering: Answering::Everything,
            client: None,
            why_here: None,
            naming: Vec::new(),
            calls: HashMap::new(),
            proxy_ids: HashMap::new(),
            next_proxy_id: 1,
            client_ids_like_ours: HashSet::new(),
            dialogs: Dialogs::default(),
            url_ids: Vec::new(),
            taken: HashSet::new(),
            progress: Progress::default(),
        }
    }

    /// While a form is open or waiting: a `notifications/progress` for each of the client's
    /// requests that asked for progress, so that a client that restarts its timer on
    /// progress keeps waiting for the person ([`super::progress`]).
    pub fn progress(&mut self) -> Vec<Action> {
        if !self.dialogs.open() {
            return Vec::new();
        }
        self.progress
            .notices()
            .into_iter()
            .map(Action::ToClient)
            .collect()
    }

    /// Who asks, as the window shows it: `--server`, else the server's own name with the
    /// command, since a server can claim any name.
    pub fn asker(&self) -> String {
        match (&self.server_override, &self.server_name) {
            (Some(name), _) => name.clone(),
            (None, Some(name)) => format!("{name} ({})", self.command),
            (None, None) => self.command.clone(),
        }
    }

    /// Who the client says it is, once it said so.
    pub fn client(&self) -> Option<&Client> {
        self.client.as_ref()
    }

    /// Whether a client that declares elicitation is left to answer it: by `--intercept`, and
    /// under `auto` by who the client is.
    fn trusts_declaration(&self) -> bool {
        match self.intercept {
            Intercept::Auto => clients::shows_forms(self.client.as_ref()),
            Intercept::Declared => true,
            Intercept::Always => false,
        }
    }

    /// A client declared elicitation that the proxy will answer anyway: under `auto`, the
    /// first form taken says why.
    fn declared_but_answered_here(&mut self) {
        if self.intercept == Intercept::Auto && self.why_here.is_none() {
            self.why_here = Some(clients::answering_here(self.client.as_ref()));
        }
    }

    /// Whether a dialog is running or waiting.
    pub fn dialogs_open(&self) -> bool {
        self.dialogs.open()
    }

    /// A line from the client.
    pub fn from_client(&mut self, line: &[u8]) -> Vec<Action> {
        let Some((text, message)) = wire::message_of(line) else {
            return vec![
                Action::Note("a line from the client is not a JSON-RPC message; passed on".into()),
                Action::ToServer(line.to_vec()),
            ];
        };
        let method = message.method.as_deref().unwrap_or_default();
        if message.is_notification() && method == "notifications/cancelled" {
            if let Some(id) = message
                .params
                .and_then(Fields::of)
                .and_then(|f| f.get("requestId"))
            {
                self.progress.ended(id.get().trim());
            }
            return self.client_cancelled(text, &message);
        }
        if !message.is_request() {
            return vec![Action::ToServer(line.to_vec())];
        }
        let id = message.id_text().unwrap_or_default().to_owned();
        self.note_client_id(&id);
        self.progress.request(&id, message.params);
        if method == "initialize" || method == "server/discover" {
            self.naming.push(id.clone());
        }
        let (mut out, urls_to_client) = if method == "initialize" {
            (self.rewrite_initialize(text, &message), None)
        } else {
            match self.rewrite_meta_capabilities(text, &message) {
                Some((rewritten, urls_to_client)) => (rewritten, Some(urls_to_client)),
                None => (line.to_vec(), None),
            }
        };
        let renamed = self.rename_if_ours(&id, &mut out);
        if let Some(ours) = &renamed {
            self.proxy_ids.insert(ours.clone(), id.clone());
        }
        let tracked = matches!(method, "tools/call" | "prompts/get" | "resources/read");
        // A call of the initialize era is followed for its `-32042` error, which is ours when
        // we answer the server's URL requests too.
        let urls_to_client = urls_to_client.or_else(|| {
            (!wire::is_2026(&message) && self.answering == Answering::Everything).then_some(false)
        });
        if let Some(urls_to_client) = urls_to_client.filter(|_| tracked) {
            let params = Message::parse(std::str::from_utf8(&out).unwrap_or_default())
                .and_then(|m| m.params.map(|p| p.get().to_owned()))
                .unwrap_or_else(|| "{}".into());
            self.calls.insert(
                id,
                Call {
                    method: method.to_owned(),
                    params,
                    rounds: 0,
                    proxy_id: renamed,
                    in_flight: true,
                    answers: Vec::new(),
                    waiting: 0,
                    state: None,
                    backoff: BACKOFF_FIRST,
                    urls_to_client,
                    url_required: UrlRequired::Never,
                },
            );
        }
        vec![Action::ToServer(out)]
    }

    /// Remembers a client's request id that looks like one of ours, so that we never pick it.
    fn note_client_id(&mut self, id: &str) {
        if let Ok(text) = serde_json::from_str::<String>(id)
            && text.starts_with(PROXY_ID_PREFIX)
        {
            self.client_ids_like_ours.insert(text);
        }
    }

    /// An id of ours that neither we nor the client has used.
    fn fresh_proxy_id(&mut self) -> String {
        loop {
            let name = format!("{PROXY_ID_PREFIX}{}", self.next_proxy_id);
            self.next_proxy_id += 1;
            if !self.client_ids_like_ours.contains(&name) {
                return wire::json_string(&name);
            }
        }
    }

    /// A client's request whose id is one of ours in flight would get our answer (and we its
    /// own): it goes to the server under a fresh id of ours instead, returned.
    fn rename_if_ours(&mut self, id: &str, line: &mut Vec<u8>) -> Option<String> {
        if !self.proxy_ids.contains_key(&wire::canonical_id(id)) {
            return None;
        }
        let ours = self.fresh_proxy_id();
        let text = std::str::from_utf8(line).ok()?;
        let raw_id = Message::parse(text)?.id?;
        let renamed = wire::apply(text, vec![Splice::replace(text, raw_id, ours.clone())]);
        *line = renamed;
        Some(ours)
    }

    /// The client's `initialize`: declare elicitation (unless the client answers it itself
    /// and we are not told to intercept anyway).
    fn rewrite_initialize(&mut self, text: &str, message: &Message) -> Vec<u8> {
        let Some(params) = message.params.and_then(|p| Fields::of(p).map(|f| (p, f))) else {
            return text.as_bytes().to_vec();
        };
        let (params_raw, fields) = params;
        if let Some(client) = fields.get("clientInfo").and_then(Client::of) {
            self.client = Some(client);
        }
        let version = fields.str("protocolVersion");
        let declared = wire::elicitation_capability(version.as_deref());
        match fields.get("capabilities") {
            Some(caps) => {
                let declares = wire::declares_elicitation(caps);
                if declares && self.trusts_declaration() {
                    // A client that opens URLs but shows no forms gets ours.
                    if let Some(elicitation) = wire::url_only_elicitation(caps) {
                        self.answering = Answering::FormsOnly;
                        let splice = Splice::insert_first(text, elicitation, "form", "{}");
                        return wire::apply(text, vec![splice]);
                    }
                    self.answering = Answering::Nothing;
                    return text.as_bytes().to_vec();
                }
                if declares {
                    self.declared_but_answered_here();
                }
                self.answering = Answering::Everything;
                let new = wire::with_elicitation(caps, declared);
                wire::apply(text, vec![Splice::replace(text, caps, new)])
            }
            None => {
                let new = format!(r#"{{"elicitation":{declared}}}"#);
                wire::apply(
                    text,
                    vec![Splice::insert_first(text, params_raw, "capabilities", &new)],
                )
            }
        }
    }

    /// A 2026-07-28 request: declare elicitation in the capabilities its `_meta` carries; with
    /// it, whether the client declared URL elicitation alone (we add forms). `None` when the
    /// request is to pass untouched (no such `_meta`, or a client left to answer elicitation
    /// itself).
    fn rewrite_meta_capabilities(
        &mut self,
        text: &str,
        message: &Message,
    ) -> Option<(Vec<u8>, bool)> {
        let meta = Fields::of(message.params?)?.get("_meta")?;
        let meta_fields = Fields::of(meta)?;
        if let Some(client) = meta_fields.get(wire::CLIENT_INFO).and_then(Client::of) {
            self.client = Some(client);
        }
        let Some(caps) = meta_fields.get(wire::CLIENT_CAPABILITIES) else {
            // A 2026-07-28 request without capabilities declares none: declare ours.
            meta_fields.get(wire::PROTOCOL_VERSION)?;
            let declared = format!(
                r#"{{"elicitation":{}}}"#,
                wire::elicitation_capability(None)
            );
            let splice = Splice::insert_first(text, meta, wire::CLIENT_CAPABILITIES, &declared);
            return Some((wire::apply(text, vec![splice]), false));
        };
        let declares = wire::declares_elicitation(caps);
        if declares && self.trusts_declaration() {
            let elicitation = wire::url_only_elicitation(caps)?;
            let splice = Splice::insert_first(text, elicitation, "form", "{}");
            return Some((wire::apply(text, vec![splice]), true));
        }
        if declares {
            self.declared_but_answered_here();
        }
        let new = wire::with_elicitation(caps, wire::elicitation_capability(None));
        Some((
            wire::apply(text, vec![Splice::replace(text, caps, new)]),
            false,
        ))
    }

    fn client_cancelled(&mut self, text: &str, message: &Message) -> Vec<Action> {
        let request_id = message
            .params
            .and_then(Fields::of)
            .and_then(|f| f.get("requestId"));
        let Some(raw_id) = request_id else {
            return vec![Action::ToServer(text.as_bytes().to_vec())];
        };
        let id = raw_id.get().trim().to_owned();
        let Some(call) = self.calls.get(&id) else {
            return self.cancel_untracked(text, raw_id, &id);
        };
        match (&call.proxy_id, call.in_flight) {
            // Round one runs under the client's own id: the notice is right as it is.
            (None, true) => vec![Action::ToServer(text.as_bytes().to_vec())],
            (Some(proxy_id), true) => {
                let splice = Splice::replace(text, raw_id, proxy_id.clone());
                vec![Action::ToServer(wire::apply(text, vec![splice]))]
            }
            // Between rounds the server holds nothing: forget the call. Its form stays for
            // the person to keep what was typed as a draft, its answer nobody's (issue 58).
            (_, false) => {
                self.calls.remove(&id);
                self.progress.ended(&id);
                let server = self.asker();
                let mut actions = self.dialogs.abandon_call(&id, &server);
                let said = match actions
                    .iter()
                    .any(|a| matches!(a, Action::StoppedWaiting(_)))
                {
                    true => "its form stays, to keep what was typed as a draft",
                    false => "its forms are closed",
                };
                actions.push(Action::Note(format!(
                    "the client cancelled request {id}; {said}"
                )));
                actions
            }
        }
    }

    /// The client's cancellation of a request that is not a call we track.
    fn cancel_untracked(&self, text: &str, raw_id: &RawValue, id: &str) -> Vec<Action> {
        // Its request went to the server under an id of ours (see `rename_if_ours`).
        if let Some(ours) = self
            .proxy_ids
            .iter()
            .find(|(_, client)| *client == id)
            .map(|(ours, _)| ours.clone())
        {
            let splice = Splice::replace(text, raw_id, ours);
            return vec![Action::ToServer(wire::apply(text, vec![splice]))];
        }
        // It names a request of ours that the client never sent: it would stop ours.
        if self.proxy_ids.contains_key(&wire::canonical_id(id)) {
            return vec![Action::Note(format!(
                "the client cancelled request {id}, which it never sent; dropped"
            ))];
        }
        vec![Action::ToServer(text.as_bytes().to_vec())]
    }

    /// A line from the server.
    pub fn from_server(&mut self, line: &[u8]) -> Vec<Action> {
        let Some((text, message)) = wire::message_of(line) else {
            return vec![
                Action::Note("a line from the server is not a JSON-RPC message; passed on".into()),
                Action::ToClient(line.to_vec()),
            ];
        };
        if message.method.as_deref() == Some("elicitation/create")
            && let Some(actions) = self.server_elicitation(text, &message)
        {
            return actions;
        }
        if message.is_notification() {
            if message.method.as_deref() == Some("notifications/progress") {
                self.progress.server_said(message.params);
            }
            return self.server_notification(line, text, &message);
        }
        if !message.is_response() {
            return vec![Action::ToClient(line.to_vec())];
        }
        let id = message.id_text().unwrap_or_default().to_owned();
        let client_id = self.proxy_ids.remove(&wire::canonical_id(&id));
        let named = client_id.as_deref().unwrap_or(&id);
        // A call followed over rounds waits on until its last round (see `drop_call`).
        if !self.calls.contains_key(named) {
            self.progress.ended(named);
        }
        if let Some(index) = self.naming.iter().position(|n| n == named) {
            self.naming.remove(index);
            if let Some(name) = message.result.and_then(wire::server_name) {
                self.server_name = Some(name);
            }
        }
        let call_id = match client_id {
            Some(client_id) => client_id,
            None if self.calls.contains_key(&id) => id.clone(),
            None => return vec![Action::ToClient(line.to_vec())],
        };
        self.call_response(&call_id, text, &message)
    }

    /// The server's `elicitation/create`: answered here, refused or dropped; `None` when it is
    /// the client's to answer.
    fn server_elicitation(&mut self, text: &str, message: &Message) -> Option<Vec<Action>> {
        let url = message
            .params
            .and_then(Fields::of)
            .and_then(|p| p.str("mode"))
            .is_some_and(|mode| mode == "url");
        let ours = match self.answering {
            Answering::Everything => true,
            Answering::FormsOnly => !url,
            Answering::Nothing => false,
        };
        if !ours {
            return None;
        }
        let Some(id) = message.id_text() else {
            // A notification: nobody could answer it, and the client never declared forms.
            return Some(vec![Action::Note(
                "the server sent elicitation/create without an id; dropped".into(),
            )]);
        };
        if !id.starts_with(|c: char| c == '"' || c == '-' || c.is_ascii_digit()) {
            // JSON-RPC: an id that cannot be read is answered with a null one.
            let why = format!("elicitation/create: the id must be a string or a number, not {id}");
            return Some(vec![
                Action::Note(format!("the server sent {why}; refused")),
                Action::ToServer(wire::error_line("null", -32600, &why)),
            ]);
        }
        if text.len() > MAX_REQUEST_BYTES {
            let why = "elicitation/create: the request is larger than 1 MiB";
            return Some(vec![
                Action::Note(format!("the server sent {why}; refused")),
                Action::ToServer(wire::error_line(id, -32602, why)),
            ]);
        }
        let id = id.to_owned();
        self.remember_url_id(message);
        self.taken.insert(id.clone());
        Some(self.enqueue(Asker::Server(id), text.as_bytes().to_vec()))
    }

    fn server_notification(&mut self, line: &[u8], text: &str, message: &Message) -> Vec<Action> {
        let params = message.params.and_then(Fields::of);
        match message.method.as_deref() {
            Some("notifications/cancelled") => {
                let id = params
                    .and_then(|p| p.get("requestId"))
                    .map(|id| id.get().trim().to_owned());
                // The server withdrew a form of ours (the client's cancel of the call passed
                // on to it, or its own timeout): nothing may answer it now. A form on screen
                // stays for the person to keep what was typed as a draft (issue 58).
                match id.filter(|id| self.taken.contains(id)) {
                    Some(id) => match self.dialogs.of_server_request(&id) {
                        Some(ticket) => {
                            let server = self.asker();
                            self.dialogs.abandon(ticket, &server)
                        }
                        None => Vec::new(),
                    },
                    None => vec![Action::ToClient(line.to_vec())],
                }
            }
            Some("notifications/elicitation/complete") => {
                let Some(id) = params.and_then(|p| p.str("elicitationId")) else {
                    return vec![Action::ToClient(text.as_bytes().to_vec())];
                };
                let mut actions = self.url_completed(&id);
                match self.url_ids.iter().position(|u| *u == id) {
                    Some(index) => {
                        self.url_ids.remove(index);
                    }
                    None => actions.push(Action::ToClient(text.as_bytes().to_vec())),
                }
                actions
            }
            _ => vec![Action::ToClient(line.to_vec())],
        }
    }

    fn remember_url_id(&mut self, message: &Message) {
        if let Some(id) = message
            .params
            .and_then(Fields::of)
            .and_then(|p| p.str("elicitationId"))
        {
            self.url_ids.push(id);
        }
    }

    /// The answer (or error) to a round of a call we track.
    fn call_response(&mut self, call_id: &str, text: &str, message: &Message) -> Vec<Action> {
        let Some(call) = self.calls.get_mut(call_id) else {
            // A request renamed in `rename_if_ours`: the client gets it under its own id.
            return self.finish(call_id, text, message);
        };
        call.in_flight = false;
        if message.error.is_some() {
            return self.call_error(call_id, text, message);
        }
        let input = message.result.and_then(wire::input_required);
        let Some(input) = input else {
            return self.finish(call_id, text, message);
        };
        let elicitation_only = input
            .requests
            .iter()
            .all(|(_, entry)| wire::input_method(entry).as_deref() == Some("elicitation/create"));
        let urls_only = !input.requests.is_empty()
            && input
                .requests
                .iter()
                .all(|(_, entry)| wire::input_mode(entry).as_deref() == Some("url"));
        if !elicitation_only || (call.urls_to_client && urls_only) {
            // Sampling or roots: only the client can answer those; it gets the round as is.
            // So does a round of URLs alone for a client that declared URL elicitation.
            return self.finish(call_id, text, message);
        }
        call.rounds += 1;
        if call.rounds > MAX_ROUNDS {
            self.calls.remove(call_id);
            self.progress.ended(call_id);
            let why = format!("the server asked for input more than {MAX_ROUNDS} rounds");
            return vec![
                Action::Note(why.clone()),
                Action::ToClient(wire::error_line(call_id, -32603, &why)),
            ];
        }
        call.state = input.request_state.map(|s| s.get().to_owned());
        call.answers.clear();
        call.waiting = input.requests.len();
        if input.requests.is_empty() {
            let delay = call.backoff;
            call.backoff = (call.backoff * 2).min(BACKOFF_CAP);
            return vec![Action::RetryAfter {
                call: call_id.to_owned(),
                delay,
            }];
        }
        call.backoff = BACKOFF_FIRST;
        let mut actions = Vec::new();
        for (key, entry) in input.requests {
            if !self.calls.contains_key(call_id) {
                // An input found no room, and the call has failed: its other inputs go too.
                break;
            }
            if let Some(id) = Fields::of(entry)
                .and_then(|f| f.get("params"))
                .and_then(Fields::of)
                .and_then(|p| p.str("elicitationId"))
            {
                self.url_ids.push(id);
            }
            let asker = Asker::Input {
                call: call_id.to_owned(),
                key,
            };
            actions.extend(self.enqueue(asker, entry.get().as_bytes().to_vec()));
        }
        actions
    }

    /// A call's error: a `-32042` whose URLs are ours to show starts their consents, one dialog
    /// each; anything else goes to the client.
    fn call_error(&mut self, call_id: &str, text: &str, message: &Message) -> Vec<Action> {
        let Some(elicitations) = self.required_urls(call_id, message) else {
            return self.finish(call_id, text, message);
        };
        let ids: Vec<String> = elicitations
            .iter()
            .filter_map(|e| Fields::of(e).and_then(|f| f.str("elicitationId")))
            .collect();
        if let Some(call) = self.calls.get_mut(call_id) {
            call.url_required = UrlRequired::Asking {
                error: text.to_owned(),
                consents_left: elicitations.len(),
                incomplete: ids.iter().cloned().collect(),
            };
        }
        // Their completion notices are ours: the client never saw these URLs.
        self.url_ids.extend(ids);
        let mut actions = vec![Action::Note(format!(
            "request {call_id} needs {} URL(s) visited first (error -32042); asking here",
            elicitations.len()
        ))];
        for elicitation in elicitations {
            if !self.calls.contains_key(call_id) {
                // A consent found no room, and the call has failed: its other URLs go too.
                break;
            }
            let asker = Asker::Required {
                call: call_id.to_owned(),
            };
            actions.extend(self.enqueue(asker, elicitation.get().as_bytes().to_vec()));
        }
        actions
    }

    /// The URL requests of a call's `-32042` error when they are ours to show: the client did
    /// not declare URL elicitation, the call was not retried for one already, and every entry
    /// is a URL request we can show.
    fn required_urls<'m>(&self, call_id: &str, message: &Message<'m>) -> Option<Vec<&'m RawValue>> {
        let call = self.calls.get(call_id)?;
        if call.urls_to_client || !matches!(call.url_required, UrlRequired::Never) {
            return None;
        }
        let error = Fields::of(message.error?)?;
        let code: i64 = serde_json::from_str(error.get("code")?.get()).ok()?;
        if code != URL_ELICITATION_REQUIRED {
            return None;
        }
        let data = Fields::of(error.get("data")?)?;
        let elicitations: Vec<&RawValue> =
            serde_json::from_str(data.get("elicitations")?.get()).ok()?;
        let showable = |e: &&RawValue| {
            e.get().len() <= MAX_REQUEST_BYTES
                && Fields::of(e).and_then(|f| f.str("mode")).as_deref() == Some("url")
        };
        (!elicitations.is_empty() && elicitations.iter().all(showable)).then_some(elicitations)
    }

    /// One of a call's required URLs was answered: a decline (or a dialog that failed) hands
    /// the server's error to the client; the last agreement retries the call once its
    /// completion notices are in.
    fn required_answered(&mut self, call_id: &str, end: DialogEnd) -> Vec<Action> {
        let accepted = match &end {
            DialogEnd::Answered(line) | DialogEnd::DeclinedAll(line) => {
                Fields::parse(line).and_then(|f| f.str("action")).as_deref() == Some("accept")
            }
            DialogEnd::Refused { .. } | DialogEnd::Failed(_) => false,
        };
        let Some(call) = self.calls.get_mut(call_id) else {
            return Vec::new();
        };
        let UrlRequired::Asking {
            error,
            consents_left,
            incomplete,
        } = &mut call.url_required
        else {
            return Vec::new();
        };
        if !accepted {
            let error = std::mem::take(error);
            // The other URLs no longer matter: the call has failed.
            self.dialogs.drop_required(call_id);
            let mut actions = match end {
                DialogEnd::Refused { why, .. } | DialogEnd::Failed(why) => {
                    vec![Action::Note(format!("a required URL was not shown: {why}"))]
                }
                _ => Vec::new(),
            };
            if let Some((text, message)) = wire::message_of(error.as_bytes()) {
                actions.extend(self.finish(call_id, text, &message));
            }
            return actions;
        }
        *consents_left = consents_left.saturating_sub(1);
        if *consents_left > 0 {
            return Vec::new();
        }
        let incomplete = std::mem::take(incomplete);
        let waiting = !incomplete.is_empty();
        call.url_required = UrlRequired::Waiting { incomplete };
        if waiting {
            return vec![Action::CompletionWaitAfter {
                call: call_id.to_owned(),
                delay: COMPLETION_WAIT,
            }];
        }
        self.retry_after_urls(call_id)
    }

    /// The server says the URL `id` was visited to the end: a call waiting for nothing else
    /// is retried.
    fn url_completed(&mut self, id: &str) -> Vec<Action> {
        let mut ready = Vec::new();
        for (call_id, call) in &mut self.calls {
            match &mut call.url_required {
                UrlRequired::Asking { incomplete, .. } => {
                    incomplete.remove(id);
                }
                UrlRequired::Waiting { incomplete } => {
                    if incomplete.remove(id) && incomplete.is_empty() {
                        ready.push(call_id.clone());
                    }
                }
                UrlRequired::Never | UrlRequired::Retried => {}
            }
        }
        ready.sort();
        ready
            .iter()
            .flat_map(|c| self.retry_after_urls(c))
            .collect()
    }

    /// The completion notices of a call's URLs did not all come in time: it is retried anyway.
    pub fn completion_waited(&mut self, call_id: &str) -> Vec<Action> {
        let mut actions = self.retry_after_urls(call_id);
        if !actions.is_empty() {
            actions.insert(
                0,
                Action::Note(format!(
                    "no completion notice for request {call_id}'s URLs in {} s; retrying it",
                    COMPLETION_WAIT.as_secs()
                )),
            );
        }
        actions
    }

    /// Sends a call whose required URLs were all agreed to once more, under a fresh id of
    /// ours, as the client first sent it; its next `-32042` goes to the client.
    fn retry_after_urls(&mut self, call_id: &str) -> Vec<Action> {
        if !self
            .calls
            .get(call_id)
            .is_some_and(|c| matches!(c.url_required, UrlRequired::Waiting { .. }))
        {
            return Vec::new();
        }
        let proxy_id = self.fresh_proxy_id();
        let Some(call) = self.calls.get_mut(call_id) else {
            return Vec::new();
        };
        call.url_required = UrlRequired::Retried;
        call.proxy_id = Some(proxy_id.clone());
        call.in_flight = true;
        let line = wire::request_line(&proxy_id, &call.method, &call.params);
        self.proxy_ids.insert(proxy_id, call_id.to_owned());
        vec![Action::ToServer(line)]
    }

    /// Hands the final response to the client under its own id.
    fn finish(&mut self, call_id: &str, text: &str, message: &Message) -> Vec<Action> {
        self.calls.remove(call_id);
        self.progress.ended(call_id);
        let line = match message.id {
            Some(id) if id.get().trim() != call_id => {
                wire::apply(text, vec![Splice::replace(text, id, call_id)])
            }
            _ => text.as_bytes().to_vec(),
        };
        vec![Action::ToClient(line)]
    }

    /// Sends the next round of a call: its params with the answers and the state.
    pub fn retry(&mut self, call_id: &str) -> Vec<Action> {
        if !self.calls.contains_key(call_id) {
            return Vec::new();
        }
        let proxy_id = self.fresh_proxy_id();
        let Some(call) = self.calls.get_mut(call_id) else {
            return Vec::new();
        };
        let params = wire::retry_params(&call.params, &call.answers, call.state.as_deref());
        call.proxy_id = Some(proxy_id.clone());
        call.in_flight = true;
        let line = wire::request_line(&proxy_id, &call.method, &params);
        self.proxy_ids.insert(proxy_id, call_id.to_owned());
        vec![Action::ToServer(line)]
    }

    /// A dialog ended.
    pub fn dialog_done(&mut self, ticket: Ticket, end: DialogEnd) -> Vec<Action> {
        let Some((asker, waiting)) = self.dialogs.ended(ticket, &end) else {
            return Vec::new();
        };
        // "Decline all": the shown form is answered first, then each waiting one, in order.
        let end = match end {
            DialogEnd::DeclinedAll(line) => DialogEnd::Answered(line),
            end => end,
        };
        let mut actions = self.answer(asker, end);
        if !waiting.is_empty() {
            actions.push(Action::Note(format!(
                "the person declined the {} forms waiting too",
                waiting.len()
            )));
        }
        for job in waiting {
            let decline = DialogEnd::Answered(decline_line(&job.asker));
            actions.extend(self.answer(job.asker, decline));
        }
        let server = self.asker();
        actions.extend(self.dialogs.start_next(&server));
        actions
    }

    /// Gives a dialog's end to whoever asked.
    fn answer(&mut self, asker: Asker, end: DialogEnd) -> Vec<Action> {
        match asker {
            Asker::Server(id) => vec![Action::ToServer(server_reply(&id, end))],
            Asker::Input { call, key } => self.input_answered(&call, key, end),
            Asker::Required { call } => self.required_answered(&call, end),
            // The client stopped waiting, or the server withdrew its request: nobody's.
            Asker::Abandoned => Vec::new(),
        }
    }

    fn input_answered(&mut self, call_id: &str, key: String, end: DialogEnd) -> Vec<Action> {
        let Some(call) = self.calls.get_mut(call_id) else {
            return Vec::new();
        };
        match end {
            DialogEnd::Answered(answer) | DialogEnd::DeclinedAll(answer) => {
                call.answers.push((key, answer));
                call.waiting = call.waiting.saturating_sub(1);
                if call.waiting == 0 {
                    self.retry(call_id)
                } else {
                    Vec::new()
                }
            }
            DialogEnd::Refused { why, .. } | DialogEnd::Failed(why) => {
                let mut actions = self.drop_call(call_id);
                actions.push(Action::ToClient(wire::error_line(call_id, -32603, &why)));
                actions
            }
        }
    }

    /// Forgets a call: its queued dialogs go, a running one is stopped.
    fn drop_call(&mut self, call_id: &str) -> Vec<Action> {
        self.calls.remove(call_id);
        self.progress.ended(call_id);
        let server = self.asker();
        self.dialogs.drop_call(call_id, &server)
    }

    /// Stops every dialog (the server gone).
    pub fn stop_all(&mut self) -> Vec<Action> {
        self.dialogs.stop_all()
    }

    /// The client is gone (its stdin ended, or a signal): the forms waiting to be shown go,
    /// and the one shown is told that nobody waits for it (issue 58), to stay for the person
    /// after the proxy has ended.
    pub fn client_gone(&mut self) -> Vec<Action> {
        self.dialogs.let_go_all()
    }

    /// The running dialog's place in the run, when it moved since the dialog was last told:
    /// a form arrived behind it, or a waiting one was withdrawn or dropped. The loop asks
    /// after every event.
    pub fn place_changes(&mut self) -> Vec<Action> {
        self.dialogs.place_changes()
    }

    /// Queues a dialog for `asker`; the first one for a client that declared forms says why
    /// it is shown here. Past the bound of waiting forms, it is answered at once with an error
    /// that says why (as a dialog that could not show it), and the proxy goes on.
    fn enqueue(&mut self, asker: Asker, request: Vec<u8>) -> Vec<Action> {
        if let Some(why) = self.dialogs.no_room_for(request.len()) {
            let mut actions = vec![Action::Note(format!("a form was refused: {why}"))];
            actions.extend(self.answer(asker, DialogEnd::Failed(why)));
            return actions;
        }
        let server = self.asker();
        let mut actions = Vec::new();
        if let Some(why) = self.why_here.as_mut().filter(|why| !why.is_empty()) {
            actions.push(Action::Note(std::mem::take(why)));
        }
        actions.extend(self.dialogs.enqueue(asker, request, &server));
        actions
    }
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;

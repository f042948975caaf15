//! The Streamable HTTP transport (MCP 2025-03-26 and later), client side: it stands where the
//! stdio server's pipes stand. The loop hands it the lines it would write to a server's stdin;
//! it POSTs each, and every message the server sends (in a JSON body, on a POST's SSE stream
//! or on the GET stream) comes back to the loop as a line, as a server's stdout would.
//!
//! Requests other than `initialize` are sent on threads of their own (kept for the next
//! request, see `workers`): a server may keep a request's response open while it asks the
//! person a question, and the answer must be POSTed meanwhile. `initialize`, notifications
//! and responses are sent in order. A call's stream is read to its end after the answer, so
//! that its connection carries the next request.
//!
//! What the spec asks of a client when things go wrong: a 404 to a request that carried the
//! session's id means the session is gone, and a new one begins (the client's `initialize`
//! sent again, its answer kept from the client, which already has one) before the request is
//! sent once more; a stream that breaks is resumed with `Last-Event-ID` when the server gave
//! event ids, else the call fails with an error, and the forms that came on that stream are
//! closed (the server is told the call is cancelled, since its result can no longer arrive).
//!
//! This file makes the calls; the rules they follow are apart, without a socket: the
//! session's id and versions (`session`), what an answer means (`answer`), the headers that
//! are no session's (`headers`).

mod answer;
mod headers;
mod session;

use std::collections::{HashMap, HashSet};
use std::io::{self, BufReader, Read};
use std::os::unix::process::ExitStatusExt as _;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use anyhow::{Context as _, bail};
use serde_json::Value;
use ureq::Agent;
use ureq::http::Response;

use super::closing::{Call, Closable};
use super::event::{Event, FLOW_LIMIT, Flow};
use super::oauth::{self, Auth};
use super::sse::{MAX_EVENT_BYTES, SseReader};
use super::tool_headers;
use super::workers::Workers;
use answer::{Answer, Body, Exchange, Next};
pub use headers::{Header, parse_header};
use session::Session;

/// How long the sending thread waits for the server to answer the GET stream's request before
/// it sends the client's next line anyway.
const GET_STREAM_WAIT: Duration = Duration::from_secs(2);
/// How long a connection may take to open.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);
/// How long to wait before resuming a broken stream when the server named no `retry`.
const DEFAULT_RETRY: Duration = Duration::from_secs(1);
/// How many times in a row a broken stream is resumed before the request fails.
const RESUMES: u32 = 5;
/// How long a thread that carried a request waits for the next before it ends.
const WORKER_KEEP: Duration = Duration::from_secs(60);

/// The connection to one server URL; its clones (one per thread that sends or reads a
/// stream) share everything.
#[derive(Clone)]
struct Remote {
    agent: Agent,
    url: String,
    headers: Vec<Header>,
    /// The OAuth sign-in, unless the person gave their own `Authorization` header.
    auth: Option<Arc<Auth>>,
    /// How long the server may take to begin an answer.
    timeout: Duration,
    session: Arc<Mutex<Session>>,
    /// Held while a new session begins, so that the requests that found the old one gone
    /// begin one between them.
    renewing: Arc<Mutex<()>>,
    /// The server's requests that came on a call's stream and have not been answered yet
    /// (their ids as JSON text).
    unanswered: Arc<Mutex<HashSet<String>>>,
    events: Sender<Event>,
    toward_client: Arc<Flow>,
    /// The client has gone: streams stop resuming.
    closing: Arc<AtomicBool>,
    /// The requests in flight, by their ids as JSON text: a cancel of the 2026-07-28 era
    /// closes one's stream.
    in_flight: Arc<Mutex<HashMap<String, Arc<Call>>>>,
    /// The tools' custom headers and the tools left out (SEP-2243), from `tools/list`.
    tool_headers: Arc<Mutex<tool_headers::Learned>>,
}

/// Starts the transport; returns where the loop sends the lines meant for the server.
/// `Event::ServerEnd` and `Event::ServerExit` come once the sender is dropped and the session
/// deleted.
pub fn start(
    url: &str,
    (headers, timeout): (Vec<Header>, Duration),
    sign_in: oauth::Config,
    events: Sender<Event>,
    toward_server: Arc<Flow>,
    toward_client: Arc<Flow>,
) -> anyhow::Result<Sender<Vec<u8>>> {
    let parsed = url::Url::parse(url).with_context(|| format!("--url {url}: not a URL"))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        bail!("--url {url}: not an http or https URL");
    }
    let tls = ureq::tls::TlsConfig::builder()
        .root_certs(ureq::tls::RootCerts::PlatformVerifier)
        .unversioned_rustls_crypto_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .build();
    let config = Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .timeout_connect(Some(CONNECT_TIMEOUT.min(timeout)))
        .timeout_recv_response(Some(timeout))
        .tls_config(tls)
        .build();
    // ureq's own connector and resolver; the connector keeps each connection's socket within
    // reach of a cancel (closing.rs).
    let agent = Agent::with_parts(
        config,
        Closable::default(),
        ureq::unversioned::resolver::DefaultResolver::default(),
    );
    let own_authorization = headers
        .iter()
        .any(|h| h.name.eq_ignore_ascii_case("authorization"));
    let auth = if own_authorization {
        None
    } else {
        Some(Arc::new(Auth::new(sign_in, agent.clone())?))
    };
    let remote = Arc::new(Remote {
        agent,
        url: url.to_owned(),
        headers,
        auth,
        timeout,
        session: Arc::default(),
        renewing: Arc::default(),
        unanswered: Arc::default(),
        events,
        toward_client,
        closing: Arc::default(),
        in_flight: Arc::default(),
        tool_headers: Arc::default(),
    });
    let (sender, lines) = mpsc::channel::<Vec<u8>>();
    thread::spawn(move || post_lines(&remote, &lines, &toward_server));
    Ok(sender)
}

/// The sending thread: POSTs each line in turn, then deletes the session when the loop is
/// done with the server.
fn post_lines(remote: &Arc<Remote>, lines: &Receiver<Vec<u8>>, toward_server: &Flow) {
    let workers = Workers::new(WORKER_KEEP);
    while let Ok(line) = lines.recv() {
        toward_server.take(line.len());
        let message: Value = match serde_json::from_slice(&line) {
            Ok(message) => message,
            Err(_) => {
                remote.note("a line from the client is not JSON; not sent");
                continue;
            }
        };
        let is_request = message.get("method").is_some() && message.get("id").is_some();
        let method = message.get("method").and_then(Value::as_str).unwrap_or("");
        if let (None, Some(id)) = (message.get("method"), message.get("id")) {
            remote.answered(id);
        }
        // The 2026-07-28 era cancels a request by closing its stream, and has no client
        // notifications over HTTP: the cancel goes no further.
        if method == "notifications/cancelled" && remote.per_request_era() {
            remote.cancel(message.pointer("/params/requestId"));
            continue;
        }
        if is_request && method != "initialize" {
            let remote = Arc::clone(remote);
            workers.run(move || remote.request(&line, &message));
        } else if is_request {
            remote.request(&line, &message);
        } else {
            let initialized = method == "notifications/initialized";
            if initialized {
                remote.session().initialized(&line);
            }
            remote.send(&line, &message, initialized);
        }
    }
    remote.closing.store(true, Ordering::Relaxed);
    remote.delete_session();
    let _ = remote.events.send(Event::ServerEnd);
    let _ = remote
        .events
        .send(Event::ServerExit(ExitStatus::from_raw(0)));
}

impl Remote {
    fn note(&self, note: &str) {
        super::event::note_line(note);
    }

    fn session(&self) -> std::sync::MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A server's request has its answer: a broken stream no longer needs to close its form.
    fn answered(&self, id: &Value) {
        let mut unanswered = self
            .unanswered
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        unanswered.remove(&id.to_string());
    }

    /// Hands one message to the loop as a line, as a stdio server's stdout would, waiting
    /// while the client is far behind.
    fn deliver(&self, data: &str) {
        for mut line in answer::lines(data) {
            self.read_result(&mut line);
            line.push(b'\n');
            while self.toward_client.wait_for_room(Duration::from_millis(100)) >= FLOW_LIMIT {}
            self.toward_client.add(line.len());
            if self.events.send(Event::Server(line)).is_err() {
                return;
            }
        }
    }

    /// Sends a request and passes its response (and what comes on its stream) to the loop;
    /// a request that fails gets an error response the client can read.
    /// A request the client cancelled in the 2026-07-28 era gets nothing: the client
    /// expects no answer to it.
    fn request(&self, line: &[u8], message: &Value) {
        let id = message.get("id").cloned().unwrap_or(Value::Null);
        let key = id.to_string();
        let call = Arc::new(Call::default());
        self.in_flight().insert(key.clone(), Arc::clone(&call));
        let (cancelled, sent) = call.run(|| self.try_request(line, message, &id));
        {
            let mut in_flight = self.in_flight();
            if in_flight.get(&key).is_some_and(|c| Arc::ptr_eq(c, &call)) {
                in_flight.remove(&key);
            }
        }
        if cancelled {
            self.note(&format!(
                "the client cancelled request {key}: its stream is closed"
            ));
            return;
        }
        if let Err(error) = sent {
            let text = format!("{error:#}");
            self.note(&text);
            let reply = serde_json::json!({
                "jsonrpc": "2.0",
                "id": id,
                "error": {"code": -32603, "message": text},
            });
            self.deliver(&reply.to_string());
        }
    }

    fn try_request(&self, line: &[u8], message: &Value, id: &Value) -> anyhow::Result<()> {
        if message.get("method").and_then(Value::as_str) == Some("tools/call")
            && let Some(name) = message.pointer("/params/name").and_then(Value::as_str)
            && let Some((_, why)) = self
                .tools()
                .rejected
                .iter()
                .find(|(rejected, _)| rejected == name)
        {
            bail!("the tool {name:?} was left out of tools/list ({why}): not called");
        }
        let response = self.post(line, message)?;
        let initialize = message.get("method").and_then(Value::as_str) == Some("initialize");
        if initialize {
            self.session()
                .begin(header(&response, "mcp-session-id"), line);
        }
        let status = response.status().as_u16();
        if status == 202 {
            return Ok(());
        }
        if is_event_stream(&response) {
            let mut asked = Vec::new();
            let read = self.read_stream(response, Some(id), &mut asked);
            if matches!(read, Ok(true)) {
                // The call is over: its questions need no closing any more.
                let mut unanswered = self
                    .unanswered
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                for asking in &asked {
                    unanswered.remove(asking);
                }
            } else {
                self.abandon(id, &asked);
            }
            return match read {
                Ok(true) => Ok(()),
                Ok(false) => bail!(
                    "{}: the server closed the stream before it answered, and gave no event ID to resume it with",
                    self.url
                ),
                Err(error) => Err(error),
            };
        }
        let kind = header(&response, "content-type");
        let mut body = String::new();
        response
            .into_body()
            .into_reader()
            .take(MAX_EVENT_BYTES as u64 + 1)
            .read_to_string(&mut body)
            .context("reading the server's response")?;
        let read = answer::read_body(&self.url, status, kind.as_deref(), &body, id)?;
        if initialize {
            self.session().note_version(&body);
        }
        self.deliver(&body);
        if let Body::Unanswered(error) = read {
            return Err(error);
        }
        Ok(())
    }

    /// A call's stream broke for good: the forms its server requests opened are closed (a
    /// `notifications/cancelled` from the server, as far as the loop can tell), and the server
    /// is told the call is cancelled, since its result can no longer reach the client.
    fn abandon(&self, call: &Value, asked: &[String]) {
        let still_open: Vec<String> = {
            let mut unanswered = self
                .unanswered
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            asked
                .iter()
                .filter(|id| unanswered.remove(*id))
                .cloned()
                .collect()
        };
        for id in still_open {
            let cancel = format!(
                r#"{{"jsonrpc":"2.0","method":"notifications/cancelled","params":{{"requestId":{id},"reason":"the server's stream broke"}}}}"#
            );
            self.deliver(&cancel);
        }
        let legacy = self.session().initialize_era();
        if legacy && !self.closing.load(Ordering::Relaxed) {
            let cancel = serde_json::json!({
                "jsonrpc": "2.0",
                "method": "notifications/cancelled",
                "params": {"requestId": call, "reason": "the response stream broke"},
            });
            let line = cancel.to_string().into_bytes();
            self.send(&line, &cancel, false);
        }
    }

    fn in_flight(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Call>>> {
        self.in_flight
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn tools(&self) -> std::sync::MutexGuard<'_, tool_headers::Learned> {
        self.tool_headers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// A result of the 2026-07-28 era, read as the client should (see
    /// [`answer::complete_result`]); a tool left out of `tools/list` is said on stderr.
    fn read_result(&self, line: &mut Vec<u8>) {
        if !self.per_request_era() {
            return;
        }
        let learned = answer::complete_result(line);
        for (name, why) in &learned.rejected {
            self.note(&format!(
                "the server's tool {name:?} is left out: {why} (SEP-2243: clients MUST reject such tools)"
            ));
        }
        let mut tools = self.tools();
        tools.tools.extend(learned.tools);
        tools.rejected.extend(learned.rejected);
    }

    fn per_request_era(&self) -> bool {
        self.session().per_request_era()
    }

    /// The client cancelled request `id` (the 2026-07-28 era): its stream is closed, which
    /// is how that era tells the server. A request no longer in flight needs nothing.
    fn cancel(&self, id: Option<&Value>) {
        let call = id.and_then(|id| self.in_flight().get(&id.to_string()).cloned());
        if let Some(call) = call {
            call.cancel();
        }
    }

    /// Sends a notification or a response (202 expected); after `notifications/initialized`,
    /// opens the GET stream.
    fn send(&self, line: &[u8], message: &Value, initialized: bool) {
        match self.post(line, message) {
            Ok(response) => {
                let status = response.status().as_u16();
                if is_event_stream(&response) {
                    let _ = self.read_stream(response, None, &mut Vec::new());
                } else if !(200..300).contains(&status) {
                    self.note(&format!(
                        "the server answered a notification with HTTP {status}"
                    ));
                }
            }
            Err(error) => self.note(&format!("{error:#}")),
        }
        if initialized {
            self.open_get_stream();
        }
    }

    /// The GET stream for messages the server sends outside any request, when it offers one.
    ///
    /// Returns once the server has answered the GET (or after [`GET_STREAM_WAIT`]), so that
    /// the client's next request goes out after it: a GET that reached the server after a
    /// call's POST was taken for that call's resumption, before the call's stream had even
    /// closed (the conformance suite's `sse-retry` failed so on a loaded machine).
    fn open_get_stream(&self) {
        let remote = self.clone();
        let (opened, answered) = mpsc::channel::<()>();
        thread::spawn(move || {
            let response = remote.get(None);
            let _ = opened.send(());
            match response {
                Ok(response) if response.status().as_u16() == 200 && is_event_stream(&response) => {
                    let _ = remote.read_stream(response, None, &mut Vec::new());
                }
                // 405: the server offers no such stream; anything else: none either.
                Ok(_) => {}
                Err(error) => remote.note(&format!("{error:#}")),
            }
        });
        let _ = answered.recv_timeout(GET_STREAM_WAIT);
    }

    /// Passes on each message of an SSE stream; resumes it with `Last-Event-ID` after the
    /// server's `retry` when it breaks. With `id`, stops at that request's response; true when
    /// it came. The ids of the server requests that came on a call's stream go to `asked`.
    fn read_stream(
        &self,
        response: Response<ureq::Body>,
        id: Option<&Value>,
        asked: &mut Vec<String>,
    ) -> anyhow::Result<bool> {
        let mut reader = SseReader::new(BufReader::new(response.into_body().into_reader()));
        let mut resumes = 0;
        loop {
            loop {
                let event = match reader.next_event() {
                    Ok(Some(event)) => event,
                    // An event too large fails the call; a broken stream is resumed below.
                    Err(error) if error.kind() == io::ErrorKind::InvalidData => {
                        bail!("{}: {error}", self.url)
                    }
                    Ok(None) | Err(_) => break,
                };
                if event.kind != "message" {
                    continue;
                }
                resumes = 0;
                let answers = id.is_some_and(|id| answer::answers(&event.data, id));
                if id.is_some()
                    && let Some(asking) = answer::server_request_id(&event.data)
                {
                    let mut unanswered = self
                        .unanswered
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner);
                    unanswered.insert(asking.clone());
                    asked.push(asking);
                }
                {
                    let mut session = self.session();
                    if !session.initialize_era() {
                        session.note_version(&event.data);
                    }
                }
                self.deliver(&event.data);
                if answers {
                    // The server ends the stream after the answer (the spec says it should).
                    // Reading to that end, once the answer is on its way, gives the connection
                    // back to the agent's pool for the next request; dropped half-read, it is
                    // closed, and every call paid for a new connection (a TCP handshake here,
                    // a TLS one as well over HTTPS, and the server's work of accepting it).
                    let _ = io::copy(&mut reader.into_inner(), &mut io::sink());
                    return Ok(true);
                }
            }
            let Some(last_id) = reader.last_id.clone() else {
                return Ok(false);
            };
            if self.closing.load(Ordering::Relaxed) || resumes >= RESUMES {
                return Ok(false);
            }
            resumes += 1;
            thread::sleep(reader.retry.unwrap_or(DEFAULT_RETRY));
            let response = self.get(Some(&last_id))?;
            let status = response.status().as_u16();
            if status != 200 || !is_event_stream(&response) {
                bail!("the server did not resume its stream (HTTP {status})");
            }
            let retry = reader.retry;
            reader = SseReader::new(BufReader::new(response.into_body().into_reader()));
            reader.last_id = Some(last_id);
            reader.retry = retry;
        }
    }

    /// The headers a request carries (see [`Session::headers`]), with the session id they
    /// name; the custom headers of the tool a 2026-07-28 call names.
    fn headers(&self, message: Option<&Value>) -> (Vec<(String, String)>, Option<String>) {
        let routing = message.map(headers::routing_headers).unwrap_or_default();
        let mut custom = Vec::new();
        if !routing.is_empty()
            && let Some(message) = message
            && message.get("method").and_then(Value::as_str) == Some("tools/call")
            && let Some(name) = message.pointer("/params/name").and_then(Value::as_str)
            && let Some(mapping) = self.tools().tools.get(name)
        {
            custom = tool_headers::headers(
                mapping,
                message.pointer("/params/arguments"),
                headers::header_value,
            );
        }
        self.session().headers(&self.headers, routing, custom)
    }

    fn post(&self, body: &[u8], message: &Value) -> anyhow::Result<Response<ureq::Body>> {
        self.call("POST", Some((body, message)), None)
    }

    fn get(&self, last_id: Option<&str>) -> anyhow::Result<Response<ureq::Body>> {
        self.call("GET", None, last_id)
    }

    /// Ends the session on the server, when it has one.
    fn delete_session(&self) {
        if self.session().id().is_some() {
            let _ = self.call("DELETE", None, None);
        }
    }

    /// The server answered 404 to a request with the session id `expired`: begins a new
    /// session with the client's `initialize`, unless another request has already done so.
    /// The server's answer to it stays here: the client has had one.
    fn renew_session(&self, expired: &str) -> anyhow::Result<()> {
        let _renewing = self.renewing.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(beginning) = self.session().expire(expired) else {
            return Ok(());
        };
        let initialize = beginning
            .initialize
            .context("the session ended before it began")?;
        let message: Value =
            serde_json::from_slice(&initialize).context("the client's initialize")?;
        let response = self.post(&initialize, &message)?;
        let new_id = header(&response, "mcp-session-id");
        let id = message.get("id").cloned().unwrap_or(Value::Null);
        let reply = read_reply(response, &id)?;
        if let Some(error) = answer::error_message(&reply) {
            bail!("the server refused a new session: {error}");
        }
        self.session().renewed(new_id);
        if let Some(initialized) = beginning.initialized {
            let message: Value =
                serde_json::from_slice(&initialized).context("the client's initialized")?;
            self.post(&initialized, &message)?;
        }
        self.note("the server ended the session (HTTP 404); a new one began");
        self.open_get_stream();
        Ok(())
    }

    /// One HTTP exchange, following same-origin redirects; errors are one clear line.
    fn call(
        &self,
        method: &str,
        body: Option<(&[u8], &Value)>,
        last_id: Option<&str>,
    ) -> anyhow::Result<Response<ureq::Body>> {
        let mut url = url::Url::parse(&self.url).context("the server URL")?;
        let mut exchange = Exchange::default();
        loop {
            let mut request = ureq::http::Request::builder()
                .method(method)
                .uri(url.as_str());
            let (headers, session_id) = self.headers(body.map(|(_, message)| message));
            for (name, value) in headers {
                request = request.header(name, value);
            }
            let (token, generation) = match &self.auth {
                Some(auth) => auth.bearer(),
                None => (None, 0),
            };
            if let Some(token) = token {
                request = request.header("Authorization", format!("Bearer {token}"));
            }
            request = match method {
                "POST" => request
                    .header("Accept", "application/json, text/event-stream")
                    .header("Content-Type", "application/json"),
                "GET" => request.header("Accept", "text/event-stream"),
                _ => request,
            };
            if let Some(last_id) = last_id {
                request = request.header("Last-Event-ID", last_id);
            }
            let result = match body {
                Some((body, _)) => self.agent.run(
                    request
                        .body(body.to_vec())
                        .context("building the request")?,
                ),
                None => self
                    .agent
                    .run(request.body(()).context("building the request")?),
            };
            let response = result.map_err(|error| http_error(&url, &error, self.timeout))?;
            let answer = Answer {
                status: response.status().as_u16(),
                location: header(&response, "location"),
                challenge: header(&response, "www-authenticate"),
                json: is_json(&response),
            };
            let status = answer.status;
            let next = exchange.next(
                method,
                &url,
                &answer,
                self.auth.is_some(),
                session_id.as_deref(),
            )?;
            match next {
                Next::Follow(next) => url = next,
                Next::SignIn => {
                    if let Some(auth) = &self.auth {
                        auth.challenged(generation, status, answer.challenge.as_deref())
                            .with_context(|| format!("{url}: HTTP {status}: signing in"))?;
                    }
                }
                Next::Renew(expired) => {
                    self.renew_session(&expired)
                        .with_context(|| format!("{url}: the server's session has expired (HTTP 404), and a new one could not begin"))?;
                }
                Next::Done => return Ok(response),
            }
        }
    }
}

/// A transport error as one line that names the URL.
fn http_error(url: &url::Url, error: &ureq::Error, timeout: Duration) -> anyhow::Error {
    let seconds = timeout.as_secs_f64();
    match error {
        ureq::Error::Timeout(ureq::Timeout::Connect) => {
            anyhow::anyhow!("{url}: could not connect within {seconds} s")
        }
        ureq::Error::Timeout(ureq::Timeout::RecvResponse) => {
            anyhow::anyhow!("{url}: the server did not answer within {seconds} s (--http-timeout)")
        }
        ureq::Error::Timeout(_) => anyhow::anyhow!("{url}: timed out ({error})"),
        ureq::Error::Io(io) if io.kind() == io::ErrorKind::ConnectionRefused => {
            anyhow::anyhow!("{url}: connection refused")
        }
        ureq::Error::Io(io) => match io.get_ref().and_then(|e| e.downcast_ref::<rustls::Error>()) {
            Some(rustls::Error::InvalidCertificate(why)) => anyhow::anyhow!(
                "{url}: the server's certificate is not trusted ({why:?}): HTTPS is checked \
                 against the system's certificates, or the bundle SSL_CERT_FILE names"
            ),
            _ => anyhow::anyhow!("{url}: {error}"),
        },
        _ => anyhow::anyhow!("{url}: {error}"),
    }
}

fn header(response: &Response<ureq::Body>, name: &str) -> Option<String> {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

fn is_event_stream(response: &Response<ureq::Body>) -> bool {
    header(response, "content-type").is_some_and(|t| t.starts_with("text/event-stream"))
}

fn is_json(response: &Response<ureq::Body>) -> bool {
    header(response, "content-type").is_some_and(|t| t.starts_with("application/json"))
}

/// The answer to request `id` in a response, whether a JSON body or on an SSE stream, as
/// text; an error when the response ended without it.
fn read_reply(response: Response<ureq::Body>, id: &Value) -> anyhow::Result<String> {
    let stream = is_event_stream(&response);
    let mut body = response.into_body().into_reader();
    if !stream {
        let mut text = String::new();
        body.read_to_string(&mut text)
            .context("reading the server's response")?;
        return Ok(text);
    }
    let mut reader = SseReader::new(BufReader::new(body));
    while let Some(event) = reader.next_event().context("reading the server's stream")? {
        if event.kind == "message" && answer::answers(&event.data, id) {
            return Ok(event.data);
        }
    }
    bail!("the server closed the stream before it answered")
}

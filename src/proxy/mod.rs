//! `form-elicitation proxy -- SERVER...`: give any MCP client real forms.
//!
//! The client starts the proxy instead of the server. The proxy starts the server, passes the
//! stdio JSON-RPC traffic through both ways, declares elicitation to the server on the
//! client's behalf and answers the server's forms itself, each in a dialog process of its
//! own. One thread reads each pipe and one writes each; a single loop owns the [`State`]
//! and carries out its actions, so progress and log notifications keep flowing while a form
//! is open. Each direction is a [`Flow`] of bounded size: a reader stops reading while the
//! writer on the other side is that far behind, as a plain pipe would block.

mod action;
mod call;
mod clients;
mod closing;
mod dialog;
mod dialogs;
mod event;
mod http;
pub mod oauth;
mod progress;
mod sse;
mod state;
mod tool_headers;
pub mod wire;
mod workers;

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::os::fd::AsFd;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::Context as _;

pub use state::{Action, DialogEnd, State, Ticket};

use crate::cli::ProxyArgs;
use crate::process::cancel::Cancel;
use dialog::Dialog;
pub use event::Event;
use event::{FLOW_LIMIT, Flow, note_line};

/// How often the waiting calls hear that a form is open: [`progress::EVERY`], or, for the
/// tests (whose clients time out after a second or two), `FORM_ELICITATION_TEST_PROGRESS_MS`.
fn progress_pace() -> Duration {
    std::env::var("FORM_ELICITATION_TEST_PROGRESS_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(progress::EVERY, Duration::from_millis)
}

/// After the client goes, how long the server gets to exit on its own, then after SIGTERM:
/// together well inside the 2 s after which the Python client kills the process tree.
const CLOSE_GRACE: Duration = Duration::from_millis(500);
const TERM_GRACE: Duration = Duration::from_millis(500);
/// After the server exits, how long its last output may take to arrive.
const DRAIN_GRACE: Duration = Duration::from_millis(300);
/// At the end, how long the client may read nothing before its last lines are given up.
const WRITE_GRACE: Duration = Duration::from_millis(500);
/// At the end, how long the dialogs let go may take to get their last line (a dialog still
/// reading a long request).
const LET_GO_GRACE: Duration = Duration::from_millis(500);
/// How long a side that hung up while its reader waited for room may stay without the room
/// growing before it counts as gone (what it wrote last is then lost, like the rest of a
/// pipe's contents when its reader dies).
const HUNG_UP_GRACE: Duration = Duration::from_millis(500);

/// The buffers of each pipe's reader and writer.
const PIPE_BUFFER: usize = 256 * 1024;

/// Runs the proxy until the client or the server goes; returns the exit status to end with:
/// the server's.
///
/// `session`: what was found of the person's desktop session and set in our environment for
/// the forms' dialogs (see [`crate::process::session`]); the server gets the environment its client gave.
pub fn run(args: &ProxyArgs, session: &crate::process::session::Found) -> anyhow::Result<u8> {
    if let Some(url) = &args.sign_out {
        if !oauth::sign_out(url)? {
            note_line(&format!("no sign-in was kept for {url}"));
        }
        return Ok(0);
    }
    let (events, inbox) = mpsc::channel();
    {
        // SIGTERM (how most clients stop a server), SIGINT and SIGHUP end the proxy as the
        // client closing its stdin does: the server's stdin closes (a server at a URL has its
        // session deleted), and the proxy ends with the server's status, not the signal's.
        let events = events.clone();
        crate::process::signals::on_signal(&Cancel::new(), move || {
            let _ = events.send(Event::Signal);
        })?;
    }
    // The server must be started on this thread, which lives as long as the proxy: see
    // `die_with_us`.
    if args.url.is_none() && !args.headers.is_empty() {
        anyhow::bail!("--header goes with --url: a server started as a command has no headers");
    }
    let mut child = match &args.url {
        Some(_) => None,
        None => Some(start_server(&args.server_command, session)?),
    };
    let server_pid = child.as_ref().map(Child::id);
    let toward_server = Arc::new(Flow::default());
    let toward_client = Arc::new(Flow::default());
    read_lines(
        io::stdin(),
        Arc::clone(&toward_server),
        events.clone(),
        Event::Client,
        Event::ClientEnd,
    );
    let (to_server, shown) = match (&mut child, &args.url) {
        (Some(child), _) => {
            let server_in = child.stdin.take().context("the server's stdin")?;
            let server_out = child.stdout.take().context("the server's stdout")?;
            read_lines(
                server_out,
                Arc::clone(&toward_client),
                events.clone(),
                Event::Server,
                Event::ServerEnd,
            );
            let to_server = write_lines(server_in, Arc::clone(&toward_server)).0;
            (to_server, shown_command(&args.server_command))
        }
        (None, Some(url)) => {
            let headers = args
                .headers
                .iter()
                .map(|h| http::parse_header(h, |var| std::env::var(var).ok()))
                .collect::<anyhow::Result<_>>()?;
            let sign_in = oauth::Config {
                server: url.clone(),
                client_id: args.client_id.clone(),
                client_secret: args.client_secret.clone(),
                client_metadata_url: args.client_metadata_url.clone(),
                display: args.display.clone(),
            };
            let to_server = http::start(
                url,
                (headers, args.http_timeout),
                sign_in,
                events.clone(),
                Arc::clone(&toward_server),
                Arc::clone(&toward_client),
            )?;
            (to_server, url.clone())
        }
        (None, None) => anyhow::bail!("no server command"),
    };
    if let Some(child) = child {
        let waiter_events = events.clone();
        thread::spawn(move || wait_for(child, waiter_events));
    }
    let to_client = write_lines(io::stdout(), Arc::clone(&toward_client));

    let mut proxy = Proxy {
        state: State::new(args.intercept, args.display.server.clone(), shown),
        args: args.clone(),
        events,
        to_server: Some(to_server),
        to_client: Some(to_client.0),
        toward_server,
        toward_client,
        dialogs: HashMap::new(),
        server_pid,
        server_ended: false,
        progress_due: false,
        let_go: Vec::new(),
    };
    let status = proxy.run(&inbox);
    // Everything for the client is written before we go, unless it reads no more.
    proxy.to_client = None;
    proxy.to_server = None;
    to_client.1.finish(WRITE_GRACE);
    // And the dialogs let go have been told that nobody waits, before their parent's end,
    // which they watch, comes.
    let deadline = Instant::now() + LET_GO_GRACE;
    for dialog in &proxy.let_go {
        dialog.wait_fed(deadline);
    }
    Ok(exit_code(status))
}

struct Proxy {
    state: State,
    args: ProxyArgs,
    events: Sender<Event>,
    /// Dropped to close the server's stdin.
    to_server: Option<Sender<Vec<u8>>>,
    to_client: Option<Sender<Vec<u8>>>,
    toward_server: Arc<Flow>,
    toward_client: Arc<Flow>,
    dialogs: HashMap<Ticket, Dialog>,
    /// None for a server at a URL.
    server_pid: Option<u32>,
    /// Whether the server's stdout has ended.
    server_ended: bool,
    /// Whether an [`Event::Progress`] is on its way (one at a time, while forms are open).
    progress_due: bool,
    /// The dialogs told, as the client went, that nobody waits for them: they outlive us.
    let_go: Vec<crate::process::child::Child>,
}

impl Proxy {
    /// The main loop: returns the server's exit status.
    fn run(&mut self, inbox: &Receiver<Event>) -> Option<ExitStatus> {
        loop {
            let Ok(event) = inbox.recv() else {
                return None;
            };
            self.received(&event);
            match event {
                Event::ClientEnd | Event::Signal => return self.shut_down(inbox),
                Event::ServerExit(status) => {
                    self.stop_dialogs();
                    self.drain(inbox, Instant::now() + DRAIN_GRACE);
                    return Some(status);
                }
                other => self.handle(other),
            }
        }
    }

    /// A line the loop has taken from its reader no longer counts against that reader's
    /// flow; what the loop sends on counts against the writer's.
    fn received(&self, event: &Event) {
        match event {
            Event::Client(line) => self.toward_server.take(line.len()),
            Event::Server(line) => self.toward_client.take(line.len()),
            _ => {}
        }
    }

    fn send_to_server(&self, line: Vec<u8>) {
        if let Some(to_server) = &self.to_server {
            self.toward_server.add(line.len());
            let _ = to_server.send(line);
        }
    }

    fn send_to_client(&self, line: Vec<u8>) {
        if let Some(to_client) = &self.to_client {
            self.toward_client.add(line.len());
            let _ = to_client.send(line);
        }
    }

    fn handle(&mut self, event: Event) {
        let actions = match event {
            Event::Client(line) => self.state.from_client(&line),
            Event::Server(line) => self.state.from_server(&line),
            Event::Dialog(ticket, end) => {
                self.dialogs.remove(&ticket);
                self.state.dialog_done(ticket, end)
            }
            Event::Retry(call) => self.state.retry(&call),
            Event::CompletionWaited(call) => self.state.completion_waited(&call),
            Event::Progress => {
                self.progress_due = false;
                self.state.progress()
            }
            Event::ServerEnd => {
                self.server_ended = true;
                Vec::new()
            }
            Event::ClientEnd | Event::ServerExit(_) | Event::Signal => Vec::new(),
        };
        self.act(actions);
        let places = self.state.place_changes();
        self.act(places);
        // Progress for the waiting calls at a steady pace, for as long as a form is open.
        if self.state.dialogs_open() && !self.progress_due {
            self.progress_due = true;
            self.after(progress_pace(), Event::Progress);
        }
    }

    fn act(&mut self, actions: Vec<Action>) {
        for action in actions {
            match action {
                Action::ToServer(line) => self.send_to_server(line),
                Action::ToClient(line) => self.send_to_client(line),
                Action::StartDialog {
                    ticket,
                    request,
                    server,
                    place,
                } => {
                    let events = self.events.clone();
                    let client = self.state.client().cloned();
                    if let Some(dialog) = Dialog::start(
                        ticket,
                        request,
                        (&server, place),
                        (&self.args, client),
                        events,
                    ) {
                        self.dialogs.insert(ticket, dialog);
                    }
                }
                Action::Place(ticket, place) => {
                    if let Some(dialog) = self.dialogs.get(&ticket) {
                        dialog.place(place);
                    }
                }
                Action::StoppedWaiting(ticket) => {
                    if let Some(dialog) = self.dialogs.get(&ticket) {
                        dialog.stopped_waiting();
                    }
                }
                Action::StopDialog(ticket) => {
                    if let Some(dialog) = self.dialogs.remove(&ticket) {
                        dialog.stop();
                    }
                }
                Action::RetryAfter { call, delay } => {
                    self.after(delay, Event::Retry(call));
                }
                Action::CompletionWaitAfter { call, delay } => {
                    self.after(delay, Event::CompletionWaited(call));
                }
                Action::Note(note) => note_line(&note),
            }
        }
    }

    /// Sends `event` to the loop after `delay`.
    fn after(&self, delay: Duration, event: Event) {
        let events = self.events.clone();
        thread::spawn(move || {
            thread::sleep(delay);
            let _ = events.send(event);
        });
    }

    fn stop_dialogs(&mut self) {
        let actions = self.state.stop_all();
        self.act(actions);
        for (_, dialog) in self.dialogs.drain() {
            dialog.stop();
        }
    }

    /// The client is gone: the waiting forms go, and every dialog shown (the running one, and
    /// one whose call was cancelled before, still open) is told that nobody waits for its
    /// answer instead of being stopped. A window then stays when we are gone, for the person
    /// to keep what was typed as a draft; the terminal, a URL consent and a form with drafts
    /// off close, as they do when a call is cancelled. We do not wait for the person.
    fn let_dialogs_go(&mut self) {
        // The state's word (`StoppedWaiting` for the one shown) is carried out below, for
        // every dialog still open.
        let _ = self.state.client_gone();
        for (_, dialog) in self.dialogs.drain() {
            self.let_go.push(dialog.let_go());
        }
    }

    /// The client went (or a signal came, as clients stop servers): the forms go, but not
    /// from under the person (issue 58); close the server's stdin, then SIGTERM, then
    /// SIGKILL, still passing on what the server says meanwhile.
    fn shut_down(&mut self, inbox: &Receiver<Event>) -> Option<ExitStatus> {
        self.let_dialogs_go();
        self.to_server = None;
        let started = Instant::now();
        for (grace, signal) in [
            (CLOSE_GRACE, Some(rustix::process::Signal::TERM)),
            (TERM_GRACE, Some(rustix::process::Signal::KILL)),
            (Duration::from_secs(5), None),
        ] {
            if let Some(status) = self.wait_exit(inbox, started.elapsed() + grace, started) {
                self.drain(inbox, Instant::now() + DRAIN_GRACE);
                return Some(status);
            }
            if let Some(signal) = signal {
                self.signal_server(signal);
            }
        }
        None
    }

    /// Handles events until the server exits or `until` (since `started`) has passed.
    fn wait_exit(
        &mut self,
        inbox: &Receiver<Event>,
        until: Duration,
        started: Instant,
    ) -> Option<ExitStatus> {
        loop {
            let left = until.checked_sub(started.elapsed())?;
            let event = inbox.recv_timeout(left);
            if let Ok(event) = &event {
                self.received(event);
            }
            match event {
                Ok(Event::ServerExit(status)) => return Some(status),
                Ok(Event::Dialog(ticket, _)) => {
                    self.dialogs.remove(&ticket);
                }
                Ok(Event::ServerEnd) => self.server_ended = true,
                Ok(Event::Server(line)) => {
                    // Still the client's, should it be listening.
                    let actions = self.state.from_server(&line);
                    let lines = actions
                        .into_iter()
                        .filter(|a| matches!(a, Action::ToClient(_)))
                        .collect();
                    self.act(lines);
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return None,
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Passes on the server's last lines until its stdout ends or `deadline`.
    fn drain(&mut self, inbox: &Receiver<Event>, deadline: Instant) {
        if self.server_ended {
            return;
        }
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            let event = inbox.recv_timeout(left);
            if let Ok(event) = &event {
                self.received(event);
            }
            match event {
                Ok(Event::Server(line)) => self.send_to_client(line),
                Ok(Event::ServerEnd) | Err(_) => return,
                Ok(_) => {}
            }
        }
    }

    fn signal_server(&self, signal: rustix::process::Signal) {
        if let Some(pid) = self
            .server_pid
            .and_then(|pid| i32::try_from(pid).ok())
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process(pid, signal);
        }
    }
}

/// Starts the server with piped stdin and stdout; its stderr is ours. It dies with us. What we
/// found of the desktop session is for our dialogs, not the server: it gets the environment
/// its client chose.
fn start_server(
    command: &[OsString],
    session: &crate::process::session::Found,
) -> anyhow::Result<Child> {
    let (program, args) = command.split_first().context("no server command")?;
    let mut command = Command::new(program);
    for (name, _) in &session.variables {
        command.env_remove(name);
    }
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    die_with_us(&mut command);
    command
        .spawn()
        .with_context(|| format!("cannot start the server {}", program.to_string_lossy()))
}

/// Makes the child die when the proxy does, even by SIGKILL (a crashed client takes its whole
/// tree down that way, the OOM killer too): a server that never reads its stdin would live on
/// as an orphan. SIGKILL, since a server may ignore SIGTERM, and nobody is left to follow up.
///
/// The kernel sends the signal when the *thread* that started the child ends: [`run`] starts
/// the server on the thread that runs the proxy to its end.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn die_with_us(command: &mut Command) {
    use std::os::unix::process::CommandExt as _;
    let proxy = rustix::process::getpid();
    // SAFETY: only two system calls between fork and exec, no allocation, no lock.
    unsafe {
        command.pre_exec(move || {
            rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL))?;
            // Had we died before the line above, nobody would send the signal: we are
            // someone else's child already. (An error here fails the exec.)
            if rustix::process::getppid() != Some(proxy) {
                return Err(rustix::io::Errno::SRCH.into());
            }
            Ok(())
        });
    }
}

/// Elsewhere the server outlives a proxy that is killed outright.
#[cfg(not(target_os = "linux"))]
fn die_with_us(_: &mut Command) {}

/// The command as the person reads it in the window.
fn shown_command(command: &[OsString]) -> String {
    command
        .iter()
        .map(|part| {
            let part = part.to_string_lossy();
            if part.is_empty() || part.contains(char::is_whitespace) {
                format!("'{part}'")
            } else {
                part.into_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads `input` line by line into events, on a thread of its own, while `flow` has room.
fn read_lines<R: Read + AsFd + Send + 'static>(
    input: R,
    flow: Arc<Flow>,
    events: Sender<Event>,
    line: fn(Vec<u8>) -> Event,
    end: Event,
) {
    thread::spawn(move || {
        let mut reader = BufReader::with_capacity(PIPE_BUFFER, input);
        while wait_for_room(&flow, reader.get_ref()) {
            let mut buffer = Vec::new();
            match reader.read_until(b'\n', &mut buffer) {
                Ok(0) => break,
                Ok(read) => {
                    flow.add(read);
                    if events.send(line(buffer)).is_err() {
                        return;
                    }
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = events.send(end);
    });
}

/// Waits until `flow` has room to read more. False when `input` hung up meanwhile and the
/// flow has not drained for [`HUNG_UP_GRACE`]: its side is gone, and waiting longer would
/// keep the proxy (and the server) alive for nobody.
fn wait_for_room(flow: &Flow, input: &impl AsFd) -> bool {
    let mut last = usize::MAX;
    let mut stalled_since = None;
    loop {
        let queued = flow.wait_for_room(Duration::from_millis(100));
        if queued < FLOW_LIMIT {
            return true;
        }
        if queued < last {
            stalled_since = None;
        }
        last = queued;
        if hung_up(input) {
            let since = *stalled_since.get_or_insert_with(Instant::now);
            if since.elapsed() >= HUNG_UP_GRACE {
                return false;
            }
        }
    }
}

/// Whether the other end of `input` is closed (what it wrote may still be unread).
fn hung_up(input: &impl AsFd) -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let mut fds = [PollFd::new(input, PollFlags::empty())];
    poll(&mut fds, Some(&Timespec::default())).is_ok() && fds[0].revents().contains(PollFlags::HUP)
}

/// A writer thread, to wait for at the end.
struct Writer {
    handle: thread::JoinHandle<()>,
    /// Bytes written so far, to tell a slow reader from one that reads no more.
    written: Arc<AtomicU64>,
}

impl Writer {
    /// Waits until everything is written (its sender is gone), or the reader has taken
    /// nothing for `grace`.
    fn finish(self, grace: Duration) {
        let mut written = self.written.load(Ordering::Relaxed);
        let mut progressed = Instant::now();
        while !self.handle.is_finished() {
            let now = self.written.load(Ordering::Relaxed);
            if now != written {
                written = now;
                progressed = Instant::now();
            } else if progressed.elapsed() >= grace {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
    }
}

/// Counts the bytes that reach the output.
struct Counted<W> {
    inner: W,
    written: Arc<AtomicU64>,
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A thread that writes the lines it is sent to `output`, flushing whenever none are
/// waiting, and takes each off `flow` once written; it closes `output` when the sender is
/// dropped. When `output` fails (its reader is gone), the flow holds nothing back any more.
fn write_lines(output: impl Write + Send + 'static, flow: Arc<Flow>) -> (Sender<Vec<u8>>, Writer) {
    let (sender, lines) = mpsc::channel::<Vec<u8>>();
    let written = Arc::new(AtomicU64::new(0));
    let counted = Counted {
        inner: output,
        written: Arc::clone(&written),
    };
    let handle = thread::spawn(move || {
        let mut out = BufWriter::with_capacity(PIPE_BUFFER, counted);
        let mut ok = true;
        while ok && let Ok(line) = lines.recv() {
            ok = write_line(&mut out, &flow, &line);
            while ok && let Ok(line) = lines.try_recv() {
                ok = write_line(&mut out, &flow, &line);
            }
            ok = ok && out.flush().is_ok();
        }
        flow.close();
    });
    (sender, Writer { handle, written })
}

/// Writes one line and takes it off `flow`; false when `out` failed.
fn write_line(out: &mut impl Write, flow: &Flow, line: &[u8]) -> bool {
    let ok = out.write_all(line).is_ok();
    flow.take(line.len());
    ok
}

/// Waits for the server to exit and says so.
fn wait_for(mut child: Child, events: Sender<Event>) {
    if let Ok(status) = child.wait() {
        let _ = events.send(Event::ServerExit(status));
    }
}

/// The proxy's exit code: the server's, 128 + the signal that ended it, or 1.
fn exit_code(status: Option<ExitStatus>) -> u8 {
    use std::os::unix::process::ExitStatusExt as _;
    match status {
        Some(status) => match (status.code(), status.signal()) {
            (Some(code), _) => u8::try_from(code).unwrap_or(1),
            (None, Some(signal)) => u8::try_from(128 + signal).unwrap_or(1),
            (None, None) => 1,
        },
        None => 1,
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser as _;

    use super::*;
    use crate::cli::{Args, Command as Sub, Intercept};

    fn parse(args: &[&str]) -> Args {
        Args::try_parse_from(args).expect("the arguments parse")
    }

    #[test]
    fn the_single_request_invocation_parses_as_before() {
        let args = parse(&["fe", "--server", "x", "request.json"]);
        assert!(args.command.is_none());
        assert_eq!(args.request, Some("request.json".into()));
        assert_eq!(args.display.server.as_deref(), Some("x"));
    }

    #[test]
    fn proxy_takes_the_server_command_after_the_dashes() {
        let args = parse(&[
            "fe",
            "proxy",
            "--intercept",
            "always",
            "--",
            "npx",
            "-y",
            "srv",
            "--flag",
        ]);
        let Some(Sub::Proxy(proxy)) = args.command else {
            panic!("no proxy subcommand");
        };
        assert_eq!(proxy.intercept, Intercept::Always);
        assert_eq!(proxy.server_command, ["npx", "-y", "srv", "--flag"]);
        assert!(Args::try_parse_from(["fe", "proxy"]).is_err());
    }

    #[test]
    fn proxy_takes_a_url_or_a_command_not_both() {
        let args = parse(&[
            "fe",
            "proxy",
            "--url",
            "https://mcp.example.com/mcp",
            "--header",
            "Authorization: Bearer ${TOKEN}",
            "--header",
            "X-A: b",
        ]);
        let Some(Sub::Proxy(proxy)) = args.command else {
            panic!("no proxy subcommand");
        };
        assert_eq!(proxy.url.as_deref(), Some("https://mcp.example.com/mcp"));
        assert_eq!(proxy.headers, ["Authorization: Bearer ${TOKEN}", "X-A: b"]);
        assert!(proxy.server_command.is_empty());
        assert!(Args::try_parse_from(["fe", "proxy", "--url", "http://x/", "--", "srv"]).is_err());
    }

    #[test]
    fn the_command_is_shown_as_typed() {
        let command: Vec<OsString> = ["python3", "my server.py", ""]
            .iter()
            .map(OsString::from)
            .collect();
        assert_eq!(shown_command(&command), "python3 'my server.py' ''");
    }

    #[test]
    fn exit_codes_are_the_servers() {
        use std::os::unix::process::ExitStatusExt as _;
        assert_eq!(exit_code(Some(ExitStatus::from_raw(7 << 8))), 7);
        assert_eq!(exit_code(Some(ExitStatus::from_raw(9))), 137);
        assert_eq!(exit_code(None), 1);
    }
}

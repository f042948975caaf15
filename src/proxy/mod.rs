//! `form-elicitation proxy -- SERVER...`: give any MCP client real forms.
//!
//! The client starts the proxy instead of the server. The proxy starts the server, passes the
//! stdio JSON-RPC traffic through both ways, declares elicitation to the server on the
//! client's behalf and answers the server's forms itself, each in a dialog process of its
//! own. One thread reads each pipe and one writes each; a single loop owns the [`State`]
//! and carries out its actions, so progress and log notifications keep flowing while a form
//! is open.

mod dialog;
mod state;
pub mod wire;

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::Context as _;

pub use state::{Action, DialogEnd, State, Ticket};

use crate::cli::ProxyArgs;
use dialog::Dialog;

/// After the client goes, how long the server gets to exit on its own, then after SIGTERM:
/// together well inside the 2 s after which the Python client kills the process tree.
const CLOSE_GRACE: Duration = Duration::from_millis(500);
const TERM_GRACE: Duration = Duration::from_millis(500);
/// After the server exits, how long its last output may take to arrive.
const DRAIN_GRACE: Duration = Duration::from_millis(300);

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
    /// SIGTERM, SIGINT or SIGHUP.
    Signal,
}

/// Runs the proxy until the client or the server goes; returns the exit status to end with:
/// the server's.
pub fn run(args: &ProxyArgs) -> anyhow::Result<u8> {
    let (events, inbox) = mpsc::channel();
    // The server must be started on this thread, which lives as long as the proxy: see
    // `die_with_us`.
    let mut child = start_server(&args.server_command)?;
    let server_pid = child.id();
    let server_in = child.stdin.take().context("the server's stdin")?;
    let server_out = child.stdout.take().context("the server's stdout")?;
    {
        let events = events.clone();
        ctrlc::set_handler(move || {
            let _ = events.send(Event::Signal);
        })
        .context("cannot install the signal handler")?;
    }
    read_lines(io::stdin(), events.clone(), Event::Client, Event::ClientEnd);
    read_lines(server_out, events.clone(), Event::Server, Event::ServerEnd);
    let waiter_events = events.clone();
    thread::spawn(move || wait_for(child, waiter_events));
    let to_server = write_lines(server_in);
    let to_client = write_lines(io::stdout());

    let mut proxy = Proxy {
        state: State::new(
            args.intercept,
            args.server.clone(),
            shown_command(&args.server_command),
        ),
        args: args.clone(),
        events,
        to_server: Some(to_server.0),
        to_client: Some(to_client.0),
        dialogs: HashMap::new(),
        server_pid,
        server_ended: false,
    };
    let status = proxy.run(&inbox);
    // Everything for the client is written before we go.
    proxy.to_client = None;
    proxy.to_server = None;
    let _ = to_client.1.join();
    Ok(exit_code(status))
}

struct Proxy {
    state: State,
    args: ProxyArgs,
    events: Sender<Event>,
    /// Dropped to close the server's stdin.
    to_server: Option<Sender<Vec<u8>>>,
    to_client: Option<Sender<Vec<u8>>>,
    dialogs: HashMap<Ticket, Dialog>,
    server_pid: u32,
    /// Whether the server's stdout has ended.
    server_ended: bool,
}

impl Proxy {
    /// The main loop: returns the server's exit status.
    fn run(&mut self, inbox: &Receiver<Event>) -> Option<ExitStatus> {
        loop {
            let Ok(event) = inbox.recv() else {
                return None;
            };
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

    fn handle(&mut self, event: Event) {
        let actions = match event {
            Event::Client(line) => self.state.from_client(&line),
            Event::Server(line) => self.state.from_server(&line),
            Event::Dialog(ticket, end) => {
                self.dialogs.remove(&ticket);
                self.state.dialog_done(ticket, end)
            }
            Event::Retry(call) => self.state.retry(&call),
            Event::ServerEnd => {
                self.server_ended = true;
                Vec::new()
            }
            Event::ClientEnd | Event::ServerExit(_) | Event::Signal => Vec::new(),
        };
        self.act(actions);
    }

    fn act(&mut self, actions: Vec<Action>) {
        for action in actions {
            match action {
                Action::ToServer(line) => {
                    if let Some(to_server) = &self.to_server {
                        let _ = to_server.send(line);
                    }
                }
                Action::ToClient(line) => {
                    if let Some(to_client) = &self.to_client {
                        let _ = to_client.send(line);
                    }
                }
                Action::StartDialog {
                    ticket,
                    request,
                    server,
                } => {
                    let events = self.events.clone();
                    if let Some(dialog) =
                        Dialog::start(ticket, request, &server, &self.args, events)
                    {
                        self.dialogs.insert(ticket, dialog);
                    }
                }
                Action::StopDialog(ticket) => {
                    if let Some(dialog) = self.dialogs.remove(&ticket) {
                        dialog.stop();
                    }
                }
                Action::RetryAfter { call, delay } => {
                    let events = self.events.clone();
                    thread::spawn(move || {
                        thread::sleep(delay);
                        let _ = events.send(Event::Retry(call));
                    });
                }
                Action::Note(note) => note_line(&note),
            }
        }
    }

    fn stop_dialogs(&mut self) {
        let actions = self.state.stop_all();
        self.act(actions);
        for (_, dialog) in self.dialogs.drain() {
            dialog.stop();
        }
    }

    /// The client went (or a signal came): close the server's stdin, then SIGTERM, then
    /// SIGKILL, still passing on what the server says meanwhile.
    fn shut_down(&mut self, inbox: &Receiver<Event>) -> Option<ExitStatus> {
        self.stop_dialogs();
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
            match inbox.recv_timeout(left) {
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
            match inbox.recv_timeout(left) {
                Ok(Event::Server(line)) => {
                    if let Some(to_client) = &self.to_client {
                        let _ = to_client.send(line);
                    }
                }
                Ok(Event::ServerEnd) | Err(_) => return,
                Ok(_) => {}
            }
        }
    }

    fn signal_server(&self, signal: rustix::process::Signal) {
        if let Some(pid) = i32::try_from(self.server_pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process(pid, signal);
        }
    }
}

/// Starts the server with piped stdin and stdout; its stderr is ours. It dies with us.
fn start_server(command: &[OsString]) -> anyhow::Result<Child> {
    let (program, args) = command.split_first().context("no server command")?;
    let mut command = Command::new(program);
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

/// Reads `input` line by line into events, on a thread of its own.
fn read_lines(
    input: impl Read + Send + 'static,
    events: Sender<Event>,
    line: fn(Vec<u8>) -> Event,
    end: Event,
) {
    thread::spawn(move || {
        let mut reader = BufReader::with_capacity(256 * 1024, input);
        loop {
            let mut buffer = Vec::new();
            match reader.read_until(b'\n', &mut buffer) {
                Ok(0) => break,
                Ok(_) => {
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

/// A thread that writes the lines it is sent to `output`, flushing whenever none are
/// waiting; it closes `output` when the sender is dropped.
fn write_lines(output: impl Write + Send + 'static) -> (Sender<Vec<u8>>, thread::JoinHandle<()>) {
    let (sender, lines) = mpsc::channel::<Vec<u8>>();
    let handle = thread::spawn(move || {
        let mut out = BufWriter::with_capacity(256 * 1024, output);
        while let Ok(line) = lines.recv() {
            if out.write_all(&line).is_err() {
                return;
            }
            while let Ok(line) = lines.try_recv() {
                if out.write_all(&line).is_err() {
                    return;
                }
            }
            if out.flush().is_err() {
                return;
            }
        }
    });
    (sender, handle)
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

/// One line on stderr.
fn note_line(note: &str) {
    let _ = writeln!(io::stderr().lock(), "form-elicitation proxy: {note}");
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
        assert_eq!(args.server.as_deref(), Some("x"));
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

//! `form-elicitation serve`: listens on a Unix socket and shows each request that arrives, each
//! in a window of its own, answering on the connection it came on.
//!
//! Each request is shown by our own binary in a child process, as the proxy's dialogs are:
//! winit allows one event loop per process, and a child per request gives many requests at
//! once their own windows for free. A connection that closes before its answer (the agent was
//! stopped, the SSH connection dropped) stops its child with SIGTERM, which closes the window.

use std::io::{BufReader, Read as _, Write as _};
use std::net::Shutdown;
use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use rustix::event::{PollFd, PollFlags, poll};

use super::ahead::{self, Ahead};
use super::peer::{self, Origin};
use super::protocol::{self, Handover, Header, Reply};
use crate::cli::{DisplayOptions, ServeArgs};
use crate::process::cancel::Cancel;
use crate::process::child::{Child, Ended, Event, StartError, first_line, own_program};
use crate::process::exit::Exit;
use crate::process::output::diag;

/// How long a socket handed over by systemd waits for a connection before we exit (systemd
/// starts us again on the next one).
pub const ACTIVATED_IDLE_EXIT: Duration = Duration::from_secs(300);

/// How long a connection may take to send its header and request, all of it: a deadline,
/// not a timeout per read, so that a byte every few seconds cannot hold a connection.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// The most connections served at once; the next is told so and closed. 30 askers at once
/// are served; a thousand idle connections must not become a thousand threads.
pub const MAX_CONNECTIONS: usize = 64;

/// The first and the longest wait before `accept` is tried again after it failed (out of
/// file descriptors: it fails at once, every time, until a connection closes).
const ACCEPT_BACKOFF: (Duration, Duration) = (Duration::from_millis(50), Duration::from_secs(1));

/// How often a waiting connection looks whether its asker is still there: the window closes
/// within this of the asker going away.
const PEER_POLL: Duration = Duration::from_millis(100);

/// How long the forms open when serve is stopped get to answer their askers `cancel`.
const STOP_GRACE: Duration = Duration::from_secs(3);

/// The environment variables that must not reach a dialog: it shows the form itself.
const NOT_FOR_DIALOGS: [&str; 3] = ["FORM_ELICITATION_SOCKET", "LISTEN_FDS", "LISTEN_PID"];

/// The default socket: `$XDG_RUNTIME_DIR/form-elicitation/socket`, `XDG_RUNTIME_DIR` being
/// `/run/user/UID` when unset (where askers started with a bare environment look for it).
pub fn default_socket() -> anyhow::Result<PathBuf> {
    let runtime = crate::process::session::runtime_dir().context(
        "no runtime directory of this user (XDG_RUNTIME_DIR is unset and /run/user/UID is not \
         ours): give the socket's path with --socket",
    )?;
    Ok(runtime.join("form-elicitation").join("socket"))
}

/// Serves until idle for `--idle-exit` (or forever), or until a signal stops it; returns how
/// the process ends.
///
/// The loop has the shape of openssh's `ssh-agent`: prepare the poll (how long it may sleep),
/// poll, handle what is ready. serve sleeps in the poll until a connection, a signal, the
/// last form's end or the idle exit comes, and never wakes while it waits (issue 32: serve
/// idles at zero CPU).
pub fn run(args: &ServeArgs) -> anyhow::Result<Exit> {
    let mut serve = Serve::start(args)?;
    loop {
        let wait = serve.prepare_the_poll();
        let ready = serve.poll(wait)?;
        match serve.handle(ready) {
            Next::Wait => {}
            Next::Stop => return Ok(serve.stop()),
            Next::IdleExit => return Ok(Exit::Answered),
        }
    }
}

/// serve between two polls: its socket, its wake-ups and the connections it serves.
struct Serve {
    /// How serve itself shows forms.
    base: DisplayOptions,
    /// Cancelled by SIGTERM (systemd stopping the unit at logout), SIGINT, SIGHUP.
    stop: Cancel,
    /// Readable once `stop` is cancelled: the signal's thread wakes the poll through it, so
    /// serve still sleeps while it waits.
    woken: UnixStream,
    listener: UnixListener,
    /// The socket serve made, removed when it stops; `None` for one systemd handed over.
    bound: Option<Bound>,
    /// The next request's dialog, started ahead (issue 46).
    ahead: Ahead,
    /// Our own program, which every dialog runs.
    program: Option<PathBuf>,
    /// How long serve waits without a connection before it exits; `None`: forever.
    idle: Option<Duration>,
    /// The connections being served, and when the last of them ended: read when the idle
    /// exit is due.
    open: Arc<AtomicUsize>,
    ended: Arc<Mutex<Instant>>,
    accepting: Accepting,
    /// Whether the log has said that serve is full since it last had room.
    busy_said: bool,
    /// Readable once the last open form is over: the connection's thread says so on
    /// `rest_said`, and this thread joins them first (see [`Serve::prepare_the_poll`]).
    at_rest: UnixStream,
    /// Shared, not cloned: a descriptor per connection would halve how many serve can hold.
    rest_said: Arc<UnixStream>,
    threads: Vec<JoinHandle<()>>,
    /// Whether serve lets go of its pages before its next poll.
    at_rest_now: bool,
}

/// What is ready after a poll.
struct Ready {
    /// A connection waits to be accepted.
    connection: bool,
    /// The last open form is over.
    at_rest: bool,
}

/// What the loop does after handling what was ready.
enum Next {
    /// Poll again.
    Wait,
    /// A signal came: stop.
    Stop,
    /// No connection for `--idle-exit`: exit.
    IdleExit,
}

impl Serve {
    /// Takes the signals, starts the next request's dialog ahead, and listens: on the socket
    /// systemd handed over, or on `--socket` (by default [`default_socket`]).
    fn start(args: &ServeArgs) -> anyhow::Result<Self> {
        // SIGTERM, SIGINT, SIGHUP: the open forms answer `cancel` to their askers, the socket
        // goes, serve exits.
        let stop = Cancel::new();
        let (woken, wake) = UnixStream::pair().context("cannot make serve's wake-up pair")?;
        stop.set_waker(move || {
            let _ = (&wake).write_all(b"s");
        });
        crate::process::signals::on_signal(&stop, || {})?;
        // The next request's dialog, started ahead (issue 46) and waiting before the socket
        // is there: once anyone can see the socket, serve's start-up is over but for letting
        // go of its pages.
        let ahead = Ahead::default();
        let program = own_program().ok();
        if let Some(program) = &program {
            ahead.refill(program, &args.display, &NOT_FOR_DIALOGS);
        }
        let (listener, bound) = match activated_listener()? {
            Some(listener) => (listener, None),
            None => {
                let path = match &args.socket {
                    Some(path) => path.clone(),
                    None => {
                        let path = default_socket()?;
                        if let Some(dir) = path.parent() {
                            private_dir(dir)?;
                        }
                        path
                    }
                };
                (bind(&path)?, Some(Bound::at(path)))
            }
        };
        let idle = match args.idle_exit {
            Some(0) => None,
            Some(seconds) => Some(Duration::from_secs(seconds)),
            None if bound.is_none() => Some(ACTIVATED_IDLE_EXIT),
            None => None,
        };
        let (at_rest, rest_said) =
            UnixStream::pair().context("cannot make serve's wake-up pair")?;
        Ok(Self {
            base: args.display.clone(),
            stop,
            woken,
            listener,
            bound,
            ahead,
            program,
            idle,
            open: Arc::new(AtomicUsize::new(0)),
            ended: Arc::new(Mutex::new(Instant::now())),
            accepting: Accepting::default(),
            busy_said: false,
            at_rest,
            rest_said: Arc::new(rest_said),
            threads: Vec::new(),
            at_rest_now: true,
        })
    }

    /// How long the poll may sleep: until the idle exit is due, or for ever. And, when serve
    /// comes to rest, it lets go of the pages it touched (issue 32: at most 4 MiB at rest)
    /// right before it waits: once start-up is over, binding included (its code, spread over
    /// the binary, left 1.3 MiB of it mapped when this ran before the bind: 4.4 MiB at rest),
    /// and once the last form is over, its threads joined (letting go on the last thread
    /// itself left its exit's pages mapped: 3.5 MiB at rest after forms against 1.7 before
    /// any).
    fn prepare_the_poll(&mut self) -> Option<Duration> {
        let wait = self.idle.map(|idle| {
            if self.open.load(Ordering::SeqCst) > 0 {
                // Looked at again when it is due; a connection that ends meanwhile moves it.
                idle
            } else {
                idle.saturating_sub(self.since_the_last_form())
            }
        });
        if std::mem::take(&mut self.at_rest_now) {
            super::memory::let_go();
        }
        wait
    }

    /// Sleeps until a connection, a signal or the last form's end, or for `wait`.
    fn poll(&self, wait: Option<Duration>) -> anyhow::Result<Ready> {
        let mut fds = [
            PollFd::new(&self.listener, PollFlags::IN),
            PollFd::new(&self.woken, PollFlags::IN),
            PollFd::new(&self.at_rest, PollFlags::IN),
        ];
        let wait = wait.map(|left| rustix::event::Timespec {
            tv_sec: i64::try_from(left.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(left.subsec_nanos()),
        });
        match poll(&mut fds, wait.as_ref()) {
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            Err(error) => return Err(error).context("cannot wait for connections"),
        }
        Ok(Ready {
            connection: fds[0].revents().contains(PollFlags::IN),
            at_rest: fds[2].revents().contains(PollFlags::IN),
        })
    }

    /// Handles what the poll found ready: a signal first, then the last form's end, then a
    /// connection; then whether the idle exit is due.
    fn handle(&mut self, ready: Ready) -> Next {
        if self.stop.is_cancelled() {
            return Next::Stop;
        }
        if ready.at_rest {
            let _ = (&self.at_rest).read(&mut [0; 64]);
            if self.open.load(Ordering::SeqCst) == 0 {
                // The last form closed: serve waits again (issue 32: ≤ 4 MiB).
                for thread in self.threads.drain(..) {
                    let _ = thread.join();
                }
                self.at_rest_now = true;
            }
        }
        if ready.connection {
            self.accept();
        }
        let idle_over = self
            .idle
            .is_some_and(|idle| self.since_the_last_form() >= idle);
        if self.open.load(Ordering::SeqCst) == 0 && idle_over {
            return Next::IdleExit;
        }
        Next::Wait
    }

    /// Takes the connection that waits: served on a thread of its own, or told that serve is
    /// full ([`MAX_CONNECTIONS`]).
    fn accept(&mut self) {
        match self.listener.accept() {
            Ok((stream, _)) => {
                if let Some(line) = self.accepting.accepted() {
                    diag(format_args!("{line}"));
                }
                if self.open.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
                    busy(stream, &mut self.busy_said);
                } else {
                    self.busy_said = false;
                    self.serve_on_a_thread(stream);
                }
            }
            Err(error) => {
                let (wait, line) = self.accepting.failed(&error, Instant::now());
                if let Some(line) = line {
                    diag(format_args!("{line}"));
                }
                std::thread::sleep(wait);
            }
        }
    }

    /// Serves `stream` on a thread of its own, which then starts the next dialog ahead, and
    /// says so on `rest_said` when it was the last open form.
    fn serve_on_a_thread(&mut self, stream: UnixStream) {
        self.open.fetch_add(1, Ordering::SeqCst);
        let (open, ended) = (self.open.clone(), self.ended.clone());
        let (base, stop) = (self.base.clone(), self.stop.clone());
        let (ahead, program) = (self.ahead.clone(), self.program.clone());
        let rest_said = self.rest_said.clone();
        self.threads.retain(|thread| !thread.is_finished());
        self.threads.push(std::thread::spawn(move || {
            serve_one(stream, &base, &stop, &ahead);
            // The next request's dialog waits before this one's memory goes.
            if let Some(program) = &program {
                ahead.refill(program, &base, &NOT_FOR_DIALOGS);
            }
            *ended.lock().unwrap_or_else(PoisonError::into_inner) = Instant::now();
            if open.fetch_sub(1, Ordering::SeqCst) == 1 {
                let _ = (&*rest_said).write_all(b"r");
            }
        }));
    }

    /// How long ago the last form ended (or serve started).
    fn since_the_last_form(&self) -> Duration {
        self.ended
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .elapsed()
    }

    /// Stops accepting (the socket goes), then waits for the open forms (see [`stopped`]).
    fn stop(self) -> Exit {
        let Self {
            listener,
            bound,
            open,
            ..
        } = self;
        drop(listener);
        drop(bound);
        stopped(&open)
    }
}

/// serve was asked to stop and no longer accepts: waits (at most [`STOP_GRACE`]) for the
/// open forms, each told to answer `cancel`, to reach their askers.
fn stopped(open: &AtomicUsize) -> Exit {
    let deadline = Instant::now() + STOP_GRACE;
    while open.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
        std::thread::sleep(PEER_POLL / 4);
    }
    diag(format_args!("serve: stopped"));
    Exit::Answered
}

/// The socket serve made (not one systemd handed over), removed when serve stops, unless
/// another serve has taken its place since.
struct Bound {
    path: PathBuf,
    inode: Option<(u64, u64)>,
}

impl Bound {
    fn at(path: PathBuf) -> Self {
        let inode = identity(&path);
        Self { path, inode }
    }
}

impl Drop for Bound {
    fn drop(&mut self) {
        if self.inode.is_some() && identity(&self.path) == self.inode {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// The device and inode of the file at `path`, if there is one.
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::symlink_metadata(path)
        .ok()
        .map(|m| (m.dev(), m.ino()))
}

/// How often, at most, the log says that `accept` fails: a table of file descriptors near its
/// limit lets `accept` work and fail by turns while the forms that hold them end (each form's
/// thread opens a few files of its own, to check its asker), and each turn is not news.
const ACCEPT_FAILURE_SAID_EVERY: Duration = Duration::from_secs(10);

/// `accept`'s failures in a row: each waits longer before the next try (an exhausted file
/// descriptor table fails at once, every time, and an immediate retry spins a core), and the
/// log says so once, not once per try, nor once per run of failures when they come and go
/// ([`ACCEPT_FAILURE_SAID_EVERY`]).
#[derive(Default)]
struct Accepting {
    failures: u32,
    /// When the log last said that `accept` fails.
    said: Option<Instant>,
    /// Whether the log said so for these failures, and is to say when they are over.
    announced: bool,
}

impl Accepting {
    /// A failure at `now`: how long to wait before the next try, and the line for the log,
    /// if this one is to be said.
    fn failed(&mut self, error: &std::io::Error, now: Instant) -> (Duration, Option<String>) {
        let (first, longest) = ACCEPT_BACKOFF;
        let wait = first
            .saturating_mul(1 << self.failures.min(16))
            .min(longest);
        let said_lately = self
            .said
            .is_some_and(|said| now.duration_since(said) < ACCEPT_FAILURE_SAID_EVERY);
        let line = (self.failures == 0 && !said_lately).then(|| {
            self.said = Some(now);
            self.announced = true;
            format!(
                "serve: cannot accept a connection: {error}; trying again less and less often \
                 (at most every {longest:?}) until it works"
            )
        });
        self.failures = self.failures.saturating_add(1);
        (wait, line)
    }

    /// A connection was accepted: the line for the log, when failures that were said end.
    fn accepted(&mut self) -> Option<String> {
        let line = (self.failures > 0 && std::mem::take(&mut self.announced)).then(|| {
            format!(
                "serve: accepting connections again, after {} failed tries",
                self.failures
            )
        });
        self.failures = 0;
        line
    }
}

/// Tells a connection over [`MAX_CONNECTIONS`] that serve is full, without waiting for it:
/// its asker ends with exit 1 and that line. The log says so once until serve has room again.
fn busy(stream: UnixStream, said: &mut bool) {
    if !*said {
        diag(format_args!(
            "serve: refusing connections: {MAX_CONNECTIONS} are open already"
        ));
        *said = true;
    }
    // The reply fits the socket's buffer; an asker that reads nothing must not hold us.
    let _ = stream.set_nonblocking(true);
    reply(
        &stream,
        &Reply::without_answer(
            Exit::Failure,
            format!(
                "form-elicitation serve is busy: {MAX_CONNECTIONS} connections are open \
                 already; try again once a form has been answered"
            ),
        ),
    );
}

/// A connection read against one deadline for the whole header and request: each read may
/// wait only for what is left of it.
struct Within<'a> {
    stream: &'a UnixStream,
    until: Instant,
}

impl std::io::Read for Within<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let too_slow = || {
            std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!(
                    "the header and request did not arrive within {} s",
                    READ_TIMEOUT.as_secs()
                ),
            )
        };
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(too_slow());
        }
        self.stream.set_read_timeout(Some(left))?;
        match (&*self.stream).read(buf) {
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                Err(too_slow())
            }
            read => read,
        }
    }
}

/// The socket systemd handed over (`LISTEN_PID` is us, `LISTEN_FDS` ≥ 1: fd 3), if any.
#[allow(unsafe_code)]
fn activated_listener() -> anyhow::Result<Option<UnixListener>> {
    use std::os::fd::FromRawFd as _;
    let ours = std::env::var("LISTEN_PID")
        .ok()
        .and_then(|p| p.parse::<u32>().ok())
        == Some(std::process::id());
    let count = std::env::var("LISTEN_FDS")
        .ok()
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(0);
    if !ours || count == 0 {
        return Ok(None);
    }
    // SAFETY: the LISTEN_FDS protocol hands fd 3 to us alone (LISTEN_PID is our pid), and
    // nothing else in this process opened or owns it.
    let listener = unsafe { UnixListener::from_raw_fd(3) };
    // The dialogs we start must not inherit it.
    rustix::io::fcntl_setfd(&listener, rustix::io::FdFlags::CLOEXEC)
        .context("cannot take the socket systemd handed over")?;
    Ok(Some(listener))
}

/// Makes `dir` (and its parents) and keeps it to ourselves (0700).
fn private_dir(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
        .with_context(|| format!("cannot make {} private", dir.display()))
}

/// Listens on `path` (mode 0600), replacing a stale socket left by a serve that died, but
/// never one that still answers.
fn bind(path: &Path) -> anyhow::Result<UnixListener> {
    if UnixStream::connect(path).is_ok() {
        anyhow::bail!(
            "another form-elicitation serve already listens on {}",
            path.display()
        );
    }
    if std::fs::symlink_metadata(path).is_ok_and(|m| {
        use std::os::unix::fs::FileTypeExt as _;
        m.file_type().is_socket()
    }) {
        let _ = std::fs::remove_file(path);
    }
    let listener =
        UnixListener::bind(path).with_context(|| format!("cannot listen on {}", path.display()))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
        .with_context(|| format!("cannot set the mode of {}", path.display()))?;
    Ok(listener)
}

/// This machine's name, as the asking side sends it.
pub fn host_name() -> String {
    rustix::system::uname()
        .nodename()
        .to_string_lossy()
        .into_owned()
}

/// One connection: who it is, its request, its window, its answer.
fn serve_one(stream: UnixStream, base: &DisplayOptions, stop: &Cancel, ahead: &Ahead) {
    if let Err(why) = allowed(&stream) {
        diag(format_args!("serve: refused a connection: {why}"));
        reply(
            &stream,
            &Reply::without_answer(
                Exit::Failure,
                format!("form-elicitation serve refused the connection: {why}"),
            ),
        );
        return;
    }
    let within = Within {
        stream: &stream,
        until: Instant::now() + READ_TIMEOUT,
    };
    let read = protocol::read_request(&mut BufReader::new(within));
    let _ = stream.set_read_timeout(None);
    let (header, request) = match read {
        Ok(read) => read,
        Err(error) => {
            diag(format_args!("serve: a bad request: {error}"));
            reply(
                &stream,
                &Reply::without_answer(
                    Exit::BadRequest,
                    format!("form-elicitation serve: {error}"),
                ),
            );
            return;
        }
    };
    let origin = peer::origin_of(&stream);
    match own_program() {
        Ok(program) => {
            let dialog = Dialog {
                program: &program,
                ahead: ahead.take(),
            };
            show(&stream, &header, &origin, request, base, dialog, stop);
        }
        Err(StartError::NoProgram(error) | StartError::Spawn(error)) => reply(
            &stream,
            &Reply::without_answer(
                Exit::Failure,
                format!("serve cannot find its own program: {error}"),
            ),
        ),
    }
}

/// Whether the peer may ask: the user we serve, or root (a container's root reaching a
/// bind-mounted socket). The file mode says the same, but a socket handed over or a mode
/// opened by mistake must not let another user in.
fn allowed(stream: &UnixStream) -> Result<(), String> {
    let peer = crate::process::peer::credentials(stream)
        .map_err(|error| format!("cannot read who connected: {error}"))?;
    let us = rustix::process::getuid().as_raw();
    if peer.uid == us || peer.uid == 0 {
        Ok(())
    } else {
        Err(refusal(peer.uid, peer.pid, us))
    }
}

/// Why user `peer` (process `pid`) may not ask a serve run by user `us`: root alone when
/// serve runs as root ("is not user 0 or root" said it twice).
fn refusal(peer: u32, pid: i32, us: u32) -> String {
    if us == 0 {
        format!("user {peer} (pid {pid}) is not root, the user serve runs as")
    } else {
        format!("user {peer} (pid {pid}) is neither user {us}, the one serve runs as, nor root")
    }
}

/// Writes the reply; an asker that went away reads nothing, which is fine.
fn reply(mut stream: &UnixStream, reply: &Reply) {
    let _ = protocol::write_reply(&mut stream, reply);
    let _ = stream.flush();
}

/// The dialog that shows a request: the one started ahead when one waits, else `program`
/// (our own, but for tests) started for it.
struct Dialog<'a> {
    program: &'a Path,
    ahead: Option<std::process::Child>,
}

/// Shows `request`, which came with `header` from an asker at `origin`, in a dialog child and
/// replies with its answer the moment the dialog writes it; stops the child when the asker
/// goes away first, or when serve is stopped (`stop`: the dialog then answers `cancel`, and
/// the asker gets it).
fn show(
    stream: &UnixStream,
    header: &Header,
    origin: &Origin,
    request: Vec<u8>,
    base: &DisplayOptions,
    dialog: Dialog<'_>,
    stop: &Cancel,
) {
    let failed = |message: String| Reply::without_answer(Exit::Failure, message);
    let (report, events) = mpsc::channel();
    // The answer is written to the asker by the thread that read it from the dialog: handing
    // it to this thread first would cost one more wake-up on its way (issue 32: 2 ms).
    let answer_to = stream.try_clone().ok();
    let replied = Arc::new(AtomicBool::new(false));
    let answered_early = replied.clone();
    let relay = move |event: Event| {
        if let (Event::Line { line, stderr }, Some(to)) = (&event, &answer_to)
            && let Some(answer) = answered(line, stderr)
        {
            reply(to, &answer);
            let _ = to.shutdown(Shutdown::Both);
            answered_early.store(true, Ordering::SeqCst);
        }
        let _ = report.send(event);
    };
    let started = match dialog.ahead {
        // It has serve's options (`base`) already, and reads the rest from the header.
        Some(waiting) => {
            let handover = Handover {
                header: header.clone(),
                local: *origin == Origin::Local,
            };
            let input = ahead::input(&handover, &request);
            Ok(Child::answering(waiting, input, relay))
        }
        None => {
            let args = dialog_args(header, origin, base);
            Child::start_answering(dialog.program, &args, &NOT_FOR_DIALOGS, request, relay)
        }
    };
    let child = match started {
        Ok(child) => child,
        Err(StartError::NoProgram(error)) => {
            return reply(
                stream,
                &failed(format!("serve cannot find its own program: {error}")),
            );
        }
        Err(StartError::Spawn(error)) => {
            return reply(
                stream,
                &failed(format!("serve cannot start the form's dialog: {error}")),
            );
        }
    };
    let mut stopped = false;
    loop {
        let ended = match events.recv_timeout(PEER_POLL) {
            // Answered by the reading thread, or left for the exit code.
            Ok(Event::Line { .. }) | Err(mpsc::RecvTimeoutError::Timeout) => None,
            Ok(Event::Ended(Ok(output))) => Some(from_end(Ended::passed_on(&output))),
            Ok(Event::Ended(Err(error))) => {
                Some(failed(format!("serve cannot wait for the dialog: {error}")))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                Some(failed("serve lost the form's dialog".into()))
            }
        };
        // The reading thread reports the line only after it has answered (if it did): once
        // the asker has its answer, the dialog's exit is only ours to wait for.
        let replied = replied.load(Ordering::SeqCst);
        if let Some(ended) = ended {
            if !replied {
                reply(stream, &ended);
            }
            child.finish();
            return;
        }
        if !replied && !stopped && (stop.is_cancelled() || gone(stream)) {
            // serve is stopping (the dialog answers cancel, which goes to the asker), or the
            // asker is gone: close its window (the dialog answers cancel, to nobody).
            stopped = true;
            child.stop();
        }
    }
}

/// The arguments of a dialog started for a request that came with `header` from an asker at
/// `origin`, shown by a serve whose own options are `base`. The dialog started ahead ends with
/// the same, from serve's options and the header it is handed ([`ahead`]).
fn dialog_args(header: &Header, origin: &Origin, base: &DisplayOptions) -> Vec<String> {
    let mut args = header.display_options(base).to_args();
    args.push(match origin {
        // An asker serve can see on this machine is shown as a local request (issue 54, item
        // 13: it read "via HOST (as it says)" with this machine's own name). The dialog is
        // still told it is serve's, so that it never sends the form back here.
        Origin::Local => "--served".to_owned(),
        // Any other request says where it claims to come from, whatever host it names: an
        // asker can claim any name (this machine's own, or none), so the window names the
        // claim as a claim, or says "another machine" (issue 43, item 2). One argument, so
        // that a host that starts with `-` is not read as an option.
        Origin::Unchecked(_) => format!("--via={}", header.host),
    });
    args
}

/// The reply for a dialog's first stdout line, when that line is its answer (exit 0), with
/// the first line it wrote to stderr before it; `None` when only the dialog's exit code can
/// tell (a JSON-RPC error response is a refusal, exit 2).
///
/// A dialog of serve's writes at most one line, and only as its last act: an answer (exit 0,
/// also for cancel and for a lost display), or a refusal in a JSON-RPC envelope (exit 2).
/// `--queue`'s "decline all" (exit 10) is not serve's. So every line but a refusal is an
/// answer with exit 0, and it is relayed without waiting for the dialog's exit.
fn answered(line: &[u8], stderr: &[u8]) -> Option<Reply> {
    #[derive(serde::Deserialize)]
    struct TopLevel {
        error: Option<serde::de::IgnoredAny>,
    }
    let line = String::from_utf8_lossy(line).trim().to_owned();
    match serde_json::from_str::<TopLevel>(&line) {
        Ok(TopLevel { error: None }) => Some(Reply {
            exit: Exit::Answered as u8,
            line: Some(line),
            message: first_line(stderr),
        }),
        _ => None,
    }
}

/// The reply for a dialog that ended: its line, its first stderr line, its exit code.
fn from_end(ended: Ended) -> Reply {
    let code = ended.code;
    Reply {
        exit: code
            .and_then(|c| u8::try_from(c).ok())
            .unwrap_or(Exit::Failure as u8),
        line: Some(ended.line).filter(|l| !l.is_empty()),
        message: ended.message.or_else(|| {
            code.is_none()
                .then(|| "form-elicitation serve: the form's dialog was killed".into())
        }),
    }
}

/// Whether the asker closed its end: it sends nothing after its request, so anything readable
/// is the end of the stream (or a reset).
fn gone(stream: &UnixStream) -> bool {
    let mut fds = [PollFd::new(stream, PollFlags::IN)];
    match poll(&mut fds, Some(&rustix::event::Timespec::default())) {
        Ok(0) => false,
        Ok(_) => {
            let mut byte = [0u8; 1];
            let _ = stream.set_nonblocking(true);
            let read = (&*stream).read(&mut byte);
            let _ = stream.set_nonblocking(false);
            !matches!(read, Err(ref e) if e.kind() == std::io::ErrorKind::WouldBlock)
        }
        Err(_) => false,
    }
}

#[cfg(test)]
#[path = "listen_tests.rs"]
mod tests;

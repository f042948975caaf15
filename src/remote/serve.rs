//! `form-elicitation serve`: listens on a Unix socket and shows each request that arrives, each
//! in a window of its own, answering on the connection it came on.
//!
//! Each request is shown by our own binary in a child process, as the proxy's dialogs are:
//! winit allows one event loop per process, and a child per request gives many requests at
//! once their own windows for free. A connection that closes before its answer (the agent was
//! stopped, the SSH connection dropped) stops its child with SIGTERM, which closes the window.

use std::io::{BufReader, Read as _, Write as _};
use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use rustix::event::{PollFd, PollFlags, poll};

use super::protocol::{self, Header, Reply};
use crate::child::{Child, StartError};
use crate::cli::{DisplayOptions, ServeArgs};
use crate::exit::Exit;
use crate::output::diag;

/// How long a socket handed over by systemd waits for a connection before we exit (systemd
/// starts us again on the next one).
pub const ACTIVATED_IDLE_EXIT: Duration = Duration::from_secs(300);

/// How long a connection may take to send its header and request.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How often a waiting connection looks whether its asker is still there: the window closes
/// within this of the asker going away.
const PEER_POLL: Duration = Duration::from_millis(100);

/// The environment variables that must not reach a dialog: it shows the form itself.
const NOT_FOR_DIALOGS: [&str; 3] = ["FORM_ELICITATION_SOCKET", "LISTEN_FDS", "LISTEN_PID"];

/// The default socket: `$XDG_RUNTIME_DIR/form-elicitation/socket`.
pub fn default_socket() -> anyhow::Result<PathBuf> {
    let runtime = std::env::var_os("XDG_RUNTIME_DIR")
        .filter(|dir| !dir.is_empty())
        .context("XDG_RUNTIME_DIR is not set: give the socket's path with --socket")?;
    Ok(PathBuf::from(runtime)
        .join("form-elicitation")
        .join("socket"))
}

/// Serves until idle for `--idle-exit` (or forever); returns how the process ends.
pub fn run(args: &ServeArgs) -> anyhow::Result<Exit> {
    let (listener, activated) = match activated_listener()? {
        Some(listener) => (listener, true),
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
            (bind(&path)?, false)
        }
    };
    let idle = match args.idle_exit {
        Some(0) => None,
        Some(seconds) => Some(Duration::from_secs(seconds)),
        None if activated => Some(ACTIVATED_IDLE_EXIT),
        None => None,
    };
    let host = host_name();
    // The connections being served, and when the last of them ended: read when the idle exit
    // is due, so that serve sleeps in poll until a connection or that moment comes, and never
    // wakes while it waits (issue 32: serve idles at zero CPU).
    let open = Arc::new(AtomicUsize::new(0));
    let ended = Arc::new(std::sync::Mutex::new(Instant::now()));
    loop {
        let mut fds = [PollFd::new(&listener, PollFlags::IN)];
        let wait = idle.map(|idle| {
            let since = ended
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .elapsed();
            let left = if open.load(Ordering::SeqCst) > 0 {
                // Looked at again when it is due; a connection that ends meanwhile moves it.
                idle
            } else {
                idle.saturating_sub(since)
            };
            rustix::event::Timespec {
                tv_sec: i64::try_from(left.as_secs()).unwrap_or(i64::MAX),
                tv_nsec: i64::from(left.subsec_nanos()),
            }
        });
        match poll(&mut fds, wait.as_ref()) {
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            Err(error) => return Err(error).context("cannot wait for connections"),
        }
        if fds[0].revents().contains(PollFlags::IN) {
            match listener.accept() {
                Ok((stream, _)) => {
                    open.fetch_add(1, Ordering::SeqCst);
                    let (open, ended) = (open.clone(), ended.clone());
                    let (base, host) = (args.display.clone(), host.clone());
                    std::thread::spawn(move || {
                        serve_one(stream, &base, &host);
                        *ended
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner) = Instant::now();
                        open.fetch_sub(1, Ordering::SeqCst);
                    });
                }
                Err(error) => diag(format_args!("serve: cannot accept a connection: {error}")),
            }
        }
        let since = ended
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .elapsed();
        if open.load(Ordering::SeqCst) == 0 && idle.is_some_and(|idle| since >= idle) {
            return Ok(Exit::Answered);
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
fn serve_one(stream: UnixStream, base: &DisplayOptions, host: &str) {
    if let Err(why) = allowed(&stream) {
        diag(format_args!("serve: refused a connection: {why}"));
        reply(
            &stream,
            &Reply {
                exit: Exit::Failure as u8,
                line: None,
                message: Some(format!(
                    "form-elicitation serve refused the connection: {why}"
                )),
            },
        );
        return;
    }
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    let (header, request) = match protocol::read_request(&mut BufReader::new(&stream)) {
        Ok(read) => read,
        Err(error) => {
            diag(format_args!("serve: a bad request: {error}"));
            reply(
                &stream,
                &Reply {
                    exit: Exit::BadRequest as u8,
                    line: None,
                    message: Some(format!("form-elicitation serve: {error}")),
                },
            );
            return;
        }
    };
    let answer = show(&stream, &header, request, base, host);
    reply(&stream, &answer);
}

/// Whether the peer may ask: the user we serve, or root (a container's root reaching a
/// bind-mounted socket). The file mode says the same, but a socket handed over or a mode
/// opened by mistake must not let another user in.
fn allowed(stream: &UnixStream) -> Result<(), String> {
    let peer = rustix::net::sockopt::socket_peercred(stream)
        .map_err(|error| format!("cannot read who connected: {error}"))?;
    let us = rustix::process::getuid();
    if peer.uid == us || peer.uid.is_root() {
        Ok(())
    } else {
        Err(format!(
            "user {} (pid {}) is not user {} or root",
            peer.uid.as_raw(),
            peer.pid.as_raw_nonzero(),
            us.as_raw()
        ))
    }
}

/// Writes the reply; an asker that went away reads nothing, which is fine.
fn reply(mut stream: &UnixStream, reply: &Reply) {
    let _ = protocol::write_reply(&mut stream, reply);
    let _ = stream.flush();
}

/// Shows `request` in a dialog child and returns its answer; stops the child when the asker
/// goes away.
fn show(
    stream: &UnixStream,
    header: &Header,
    request: Vec<u8>,
    base: &DisplayOptions,
    host: &str,
) -> Reply {
    let failed = |message: String| Reply {
        exit: Exit::Failure as u8,
        line: None,
        message: Some(message),
    };
    let mut args = header.display_options(base).to_args();
    // A request from this machine needs no "via": the window names the host only when it
    // differs.
    if header.host != host && !header.host.is_empty() {
        args.extend(["--via".to_owned(), header.host.clone()]);
    }
    let (done, ended) = mpsc::channel();
    let child = match Child::start(&args, &NOT_FOR_DIALOGS, (request, None), move |output| {
        let _ = done.send(output);
    }) {
        Ok(child) => child,
        Err(StartError::NoProgram(error)) => {
            return failed(format!("serve cannot find its own program: {error}"));
        }
        Err(StartError::Spawn(error)) => {
            return failed(format!("serve cannot start the form's dialog: {error}"));
        }
    };
    let mut stopped = false;
    loop {
        match ended.recv_timeout(PEER_POLL) {
            Ok(Ok(output)) => {
                let stderr = String::from_utf8_lossy(&output.stderr);
                let _ = std::io::stderr().write_all(stderr.as_bytes());
                let line = String::from_utf8_lossy(&output.stdout).trim().to_owned();
                let message = stderr
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .map(str::to_owned);
                return Reply {
                    exit: output
                        .status
                        .code()
                        .and_then(|c| u8::try_from(c).ok())
                        .unwrap_or(Exit::Failure as u8),
                    line: Some(line).filter(|l| !l.is_empty()),
                    message: message.or_else(|| {
                        output
                            .status
                            .code()
                            .is_none()
                            .then(|| "form-elicitation serve: the form's dialog was killed".into())
                    }),
                };
            }
            Ok(Err(error)) => return failed(format!("serve cannot wait for the dialog: {error}")),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return failed("serve lost the form's dialog".into());
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if !stopped && gone(stream) {
            // The asker is gone: close its window (the dialog answers cancel, to nobody).
            stopped = true;
            child.stop();
        }
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

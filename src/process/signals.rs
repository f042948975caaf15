//! SIGTERM, SIGINT, SIGHUP (and, for the helper, the parent's death or its answer's reader
//! gone) mean "stop", for the helper, the proxy and serve alike: one setup, [`on_signal`],
//! which cancels a [`Cancel`] token that wakes whoever waits on it.
//!
//! - The helper ([`install`]): the front end wakes, closes, and `main` delivers `cancel` the
//!   normal way. Should the front end not come back in time (a stuck GL driver, or the request
//!   not yet read), the watchdog delivers the cancel itself, through the same [`Delivery`],
//!   and exits, so a signal never leaves us hanging. One exception: a proxy's dialog told
//!   that nobody waits for its answer any more stays when its parent or its answer's reader
//!   goes (the proxy ended with its client), for the person to keep the draft ([`Stays`]).
//! - The proxy: its event loop wakes and ends as if the client had closed stdin.
//! - serve: it stops accepting, has every open form answer `cancel` to its asker, and exits.

use std::time::Duration;

use anyhow::Context as _;

use crate::model::answer::Answer;
use crate::process::cancel::Cancel;
use crate::process::delivery::Delivery;

/// How long the front end gets to close by itself after a signal.
const GRACE: Duration = Duration::from_secs(2);

/// Takes SIGTERM, SIGINT and SIGHUP for the whole process: each cancels `stop` (waking whoever
/// registered a waker on it), then runs `then` on a thread of its own, one signal after the
/// other. The one place the program sets up these signals; once per process.
///
/// signal-hook's handler only writes a byte to a pipe; the thread sleeps reading it, so
/// waiting for a signal costs no wake-ups.
#[cfg(unix)]
pub fn on_signal(stop: &Cancel, then: impl Fn() + Send + 'static) -> anyhow::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP])
        .context("cannot install the signal handler")?;
    let stop = stop.clone();
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                stop.cancel();
                then();
            }
        })
        .context("cannot start the signal handler's thread")?;
    Ok(())
}

#[cfg(not(unix))]
pub fn on_signal(_: &Cancel, _: impl Fn() + Send + 'static) -> anyhow::Result<()> {
    Ok(())
}

/// Ignores SIGTTOU and SIGTTIN for the rest of the process's life: a terminal call made from
/// the background then fails (or, for SIGTTOU's, is let through) instead of stopping us, and
/// the client waiting for our answer with us (issue 54, item 11). Process-wide, unlike a
/// blocked signal: the signal handler's thread restores the terminal too.
///
/// The one signal disposition not set through signal-hook, which only adds handlers: a
/// *caught* SIGTTOU is not an ignored one. The kernel lets a background terminal call through
/// (or fails it) only when the signal is ignored or blocked; when it is caught, it sends the
/// signal and restarts the call after the handler (`SA_RESTART`, which signal-hook sets), and
/// the call sends it again, for as long as we are in the background.
#[cfg(unix)]
#[allow(unsafe_code)]
pub fn ignore_terminal_stops() {
    for signal in [libc::SIGTTOU, libc::SIGTTIN] {
        // SAFETY: SIG_IGN runs no code of ours, and signal(2) has no memory-safety
        // preconditions.
        unsafe {
            libc::signal(signal, libc::SIG_IGN);
        }
    }
}

#[cfg(not(unix))]
pub fn ignore_terminal_stops() {}

/// Asked when the parent died or the answer's reader went: whether the dialog stays all the
/// same. Only a proxy's window told that nobody waits for its answer stays (issue 58,
/// [`crate::process::queue::LivePlace::stays_once_fed`]): its answer reaches nobody wherever it goes,
/// and what the person typed is kept by the person's "Keep as draft". Every other dialog
/// answers cancel then, as it always did. A window that stays still ends on its own
/// `--timeout`, a signal, its display's end, or the person closing it.
pub type Stays = std::sync::Arc<dyn Fn() -> bool + Send + Sync>;

/// The helper's: a signal, the parent's death or the answer's reader gone
/// ([`watch_reader`]) cancels `cancel`, unless `stays` says otherwise for the last two;
/// should the front end not answer within [`GRACE`], the watchdog delivers `cancel` through
/// `delivery` itself and exits.
pub fn install(cancel: &Cancel, delivery: &Delivery, stays: Stays) -> anyhow::Result<()> {
    let watchdog = {
        let delivery = delivery.clone();
        move || {
            std::thread::sleep(GRACE);
            delivery.answer_and_exit(&Answer::Cancel);
        }
    };
    // No line of its own, either way: a cancel's write fails, and that failure's line says
    // it; a dialog that stays has nobody left to read its stderr.
    let gone = || {
        let (cancel, watchdog, stays) = (cancel.clone(), watchdog.clone(), stays.clone());
        move || {
            if !stays() {
                cancel.cancel();
                watchdog();
            }
        }
    };
    watch_parent(gone());
    watch_reader(gone());
    on_signal(cancel, watchdog)
}

/// Watches stdout on a thread of its own, when it is a pipe or a socket, and cancels once it
/// reports an error or a hang-up: nobody is left to read the answer.
///
/// The answer, `cancel`, then finds no reader: exit 1 with the one line of a failed write
/// (`cannot write to stdout: Broken pipe`).
///
/// The parent is not always the reader: Claude Code runs its hook as `/bin/sh -c ...`, and
/// when Claude Code dies (SIGKILL, the OOM killer) the shell lives on, so [`watch_parent`]
/// sees nothing while the window stayed up to its 590 s and the answer then failed with
/// EPIPE (issue 54, item 12). A pipe's write end reports `POLLERR` once its last reader
/// closed; a Unix socket `POLLHUP` once its peer closed (a peer that only shut its writing
/// half, as after sending a request, is no hang-up). A regular file, a terminal or
/// `/dev/null` never loses its reader: nothing is watched then. The thread sleeps in
/// `poll(2)` and costs no wake-ups.
#[cfg(unix)]
fn watch_reader(cancel_from_outside: impl FnOnce() + Send + 'static) {
    use rustix::event::{PollFd, PollFlags, poll};
    use rustix::fs::FileType;
    use std::os::fd::AsFd as _;
    let stdout = std::io::stdout();
    let watched = rustix::fs::fstat(stdout.as_fd()).is_ok_and(|stat| {
        matches!(
            FileType::from_raw_mode(stat.st_mode),
            FileType::Fifo | FileType::Socket
        )
    });
    if !watched {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("reader-watch".into())
        .spawn(move || {
            let stdout = std::io::stdout();
            // No event asked for: poll reports an error and a hang-up whatever it is asked.
            let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
            loop {
                match poll(&mut fds, None) {
                    Ok(n) if n > 0 => {
                        if fds[0].revents().intersects(PollFlags::ERR | PollFlags::HUP) {
                            break;
                        }
                        // Anything else (POLLNVAL: stdout closed by us): nothing to watch.
                        return;
                    }
                    Ok(_) | Err(rustix::io::Errno::INTR) => {}
                    Err(_) => return,
                }
            }
            cancel_from_outside();
        });
    // Without the thread we still answer signals; a reader's end just goes unnoticed.
    drop(spawned);
}

#[cfg(not(unix))]
fn watch_reader(_: impl FnOnce() + Send + 'static) {}

/// How often we look whether the parent is still there, where pidfds are not available.
const PARENT_POLL: Duration = Duration::from_millis(500);

/// Watches the parent process on a thread of its own and cancels when it dies.
///
/// On Linux the thread sleeps in `poll(2)` on a pidfd of the parent, so it costs no wake-ups
/// while waiting. Elsewhere, or on kernels without pidfds (before 5.3), it polls the parent
/// id, which changes when the parent dies and we are re-parented. (`PR_SET_PDEATHSIG` would
/// be simpler, but it fires when the parent *thread* that started us exits, which would cancel
/// forms started from a short-lived worker thread.)
#[cfg(unix)]
fn watch_parent(cancel_from_outside: impl FnOnce() + Send + 'static) {
    let parent = std::os::unix::process::parent_id();
    let spawned = std::thread::Builder::new()
        .name("parent-watch".into())
        .spawn(move || {
            #[cfg(target_os = "linux")]
            wait_for_exit(parent);
            while std::os::unix::process::parent_id() == parent {
                std::thread::sleep(PARENT_POLL);
            }
            cancel_from_outside();
        });
    // Without the thread we still answer signals; the parent's death just goes unnoticed.
    drop(spawned);
}

/// Blocks until process `pid` exits, if a pidfd can tell; returns at once otherwise.
#[cfg(target_os = "linux")]
fn wait_for_exit(pid: u32) {
    use rustix::event::{PollFd, PollFlags, poll};
    use rustix::process::{Pid, PidfdFlags, pidfd_open};
    let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
        return;
    };
    let Ok(pidfd) = pidfd_open(pid, PidfdFlags::empty()) else {
        return;
    };
    let mut fds = [PollFd::new(&pidfd, PollFlags::IN)];
    loop {
        match poll(&mut fds, None) {
            Ok(n) if n > 0 => return,
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            // Anything else: let the caller fall back to polling the parent id.
            Err(_) => return,
        }
    }
}

#[cfg(not(unix))]
fn watch_parent(_: impl FnOnce() + Send + 'static) {}

//! SIGTERM, SIGINT, SIGHUP and the parent's death all mean "cancel".
//!
//! A signal sets a flag and wakes the window, which closes and lets `main` answer `cancel` the
//! normal way. Should the window not come back in time (a stuck GL driver, or the request not
//! yet read), a watchdog writes the cancel itself and exits, so a signal never leaves us hanging.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use crate::answer::Answer;
use crate::exit::Exit;
use crate::output;
use crate::request::Envelope;

static CANCELLED: AtomicBool = AtomicBool::new(false);
/// How to wake the front end that runs now. Replaceable: when `--ui auto` falls back from a
/// window that failed to the terminal, the terminal's waker (which restores the terminal) must
/// take the window's place.
static WAKER: Mutex<Option<Box<dyn Fn() + Send + Sync>>> = Mutex::new(None);
static ENVELOPE: OnceLock<Envelope> = OnceLock::new();

/// How long the window gets to close by itself after a signal.
const GRACE: Duration = Duration::from_secs(2);

/// Installs the handler for SIGTERM, SIGINT and SIGHUP, and starts watching for the parent
/// process to die.
pub fn install() -> Result<(), ctrlc::Error> {
    watch_parent();
    ctrlc::set_handler(cancel_from_outside)
}

/// A signal or the parent's death: wake the window so it answers `cancel`; if it has not
/// finished within [`GRACE`], answer `cancel` here and exit.
fn cancel_from_outside() {
    CANCELLED.store(true, Ordering::SeqCst);
    wake();
    std::thread::sleep(GRACE);
    let code = match output::write_line_once(&Answer::Cancel.to_line(&envelope())) {
        Ok(_) => Exit::Answered,
        Err(_) => Exit::Failure,
    };
    std::process::exit(code as i32);
}

/// Wakes the front end that runs now, if it registered a waker.
fn wake() {
    if let Some(wake) = WAKER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .as_ref()
    {
        wake();
    }
}

/// Whether a signal asked us to cancel.
pub fn cancelled() -> bool {
    CANCELLED.load(Ordering::SeqCst)
}

/// Registers how to wake the front end when a signal arrives, replacing any earlier one.
pub fn set_waker(wake: impl Fn() + Send + Sync + 'static) {
    *WAKER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Box::new(wake));
}

/// How the answer must be wrapped, as recorded by [`set_envelope`] (bare until then).
pub fn envelope() -> Envelope {
    ENVELOPE.get().cloned().unwrap_or(Envelope::Bare)
}

/// Records how the answer must be wrapped, for the watchdog's cancel.
pub fn set_envelope(envelope: Envelope) {
    let _ = ENVELOPE.set(envelope);
}

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
fn watch_parent() {
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
fn watch_parent() {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// Regression: only the first waker counted, so after `--ui auto` fell back from a failed
    /// window to the terminal, a signal woke the dead window instead of the terminal.
    #[test]
    fn the_last_waker_registered_is_the_one_woken() {
        static WINDOW: AtomicUsize = AtomicUsize::new(0);
        static TERMINAL: AtomicUsize = AtomicUsize::new(0);
        set_waker(|| {
            WINDOW.fetch_add(1, Ordering::SeqCst);
        });
        set_waker(|| {
            TERMINAL.fetch_add(1, Ordering::SeqCst);
        });
        wake();
        assert_eq!(
            (
                WINDOW.load(Ordering::SeqCst),
                TERMINAL.load(Ordering::SeqCst)
            ),
            (0, 1)
        );
    }
}

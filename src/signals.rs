//! SIGTERM, SIGINT, SIGHUP and the parent's death all mean "cancel".
//!
//! A signal cancels the [`Cancel`] token, which wakes the front end; it closes and `main`
//! delivers `cancel` the normal way. Should the front end not come back in time (a stuck GL
//! driver, or the request not yet read), the watchdog delivers the cancel itself, through the
//! same [`Delivery`], and exits, so a signal never leaves us hanging.

use std::time::Duration;

use crate::answer::Answer;
use crate::cancel::Cancel;
use crate::delivery::Delivery;

/// How long the front end gets to close by itself after a signal.
const GRACE: Duration = Duration::from_secs(2);

/// Installs the handler for SIGTERM, SIGINT and SIGHUP, and starts watching for the parent
/// process to die. Either cancels `cancel`; should the front end not answer within [`GRACE`],
/// the watchdog delivers `cancel` through `delivery` itself and exits.
pub fn install(cancel: Cancel, delivery: Delivery) -> Result<(), ctrlc::Error> {
    let from_outside = move || cancel_from_outside(&cancel, &delivery);
    watch_parent(from_outside.clone());
    ctrlc::set_handler(from_outside)
}

/// A signal or the parent's death: wake the front end so it answers `cancel`; if it has not
/// finished within [`GRACE`], answer `cancel` here and exit.
fn cancel_from_outside(cancel: &Cancel, delivery: &Delivery) {
    cancel.cancel();
    std::thread::sleep(GRACE);
    delivery.answer_and_exit(&Answer::Cancel);
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

//! SIGTERM, SIGINT, SIGHUP and the parent's death all mean "cancel".
//!
//! A signal sets a flag and wakes the window, which closes and lets `main` answer `cancel` the
//! normal way. Should the window not come back in time (a stuck GL driver, or the request not
//! yet read), a watchdog writes the cancel itself and exits, so a signal never leaves us hanging.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::answer::Answer;
use crate::output;
use crate::request::Envelope;

static CANCELLED: AtomicBool = AtomicBool::new(false);
static WAKER: OnceLock<Box<dyn Fn() + Send + Sync>> = OnceLock::new();
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
    if let Some(wake) = WAKER.get() {
        wake();
    }
    std::thread::sleep(GRACE);
    let envelope = ENVELOPE.get().cloned().unwrap_or(Envelope::Bare);
    let code = match output::write_line_once(&Answer::Cancel.to_line(&envelope)) {
        Ok(_) => 0,
        Err(_) => 1,
    };
    std::process::exit(code);
}

/// Whether a signal asked us to cancel.
pub fn cancelled() -> bool {
    CANCELLED.load(Ordering::SeqCst)
}

/// Registers how to wake the window when a signal arrives.
pub fn set_waker(wake: impl Fn() + Send + Sync + 'static) {
    let _ = WAKER.set(Box::new(wake));
}

/// Records how the answer must be wrapped, for the watchdog's cancel.
pub fn set_envelope(envelope: Envelope) {
    let _ = ENVELOPE.set(envelope);
}

/// How often we look whether the parent is still there.
const PARENT_POLL: Duration = Duration::from_millis(500);

/// Polls the parent process id: when the parent dies we are re-parented and the id changes.
/// (`PR_SET_PDEATHSIG` would be quicker, but it fires when the parent *thread* that started
/// us exits, which would cancel forms started from a short-lived worker thread.)
#[cfg(unix)]
fn watch_parent() {
    let parent = std::os::unix::process::parent_id();
    let spawned = std::thread::Builder::new()
        .name("parent-watch".into())
        .spawn(move || {
            loop {
                std::thread::sleep(PARENT_POLL);
                if std::os::unix::process::parent_id() != parent {
                    cancel_from_outside();
                }
            }
        });
    // Without the thread we still answer signals; the parent's death just goes unnoticed.
    drop(spawned);
}

#[cfg(not(unix))]
fn watch_parent() {}

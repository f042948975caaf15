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

/// Installs the handler for SIGTERM, SIGINT and SIGHUP, and asks Linux to send SIGHUP when the
/// parent process dies.
pub fn install() -> Result<(), ctrlc::Error> {
    die_with_parent();
    ctrlc::set_handler(|| {
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
    })
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

#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn die_with_parent() {
    // SAFETY: prctl with PR_SET_PDEATHSIG takes a signal number and touches no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGHUP);
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent() {}

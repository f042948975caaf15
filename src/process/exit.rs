//! The exit codes of the contract, in one place: `main`, the window's answer hook and the
//! signal watchdog all end the process through them.

use std::process::ExitCode;

/// How the process ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// An answer was written (accept, decline or cancel).
    Answered = 0,
    /// Something failed while running (I/O and the like).
    Failure = 1,
    /// A bad request or bad usage.
    BadRequest = 2,
    /// No way to show the form.
    NoDisplay = 3,
    /// An answer (`decline`) was written, and the person declined every form waiting behind
    /// this one too: only for the dialogs `proxy` starts with the hidden `--queue`, whose
    /// answer format stays the public one.
    DeclinedAll = 10,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> Self {
        ExitCode::from(exit as u8)
    }
}

impl Exit {
    /// The exit for a code another process of ours ended with (`serve`'s dialog); an unknown
    /// code is a failure.
    pub fn from_code(code: u8) -> Self {
        match code {
            0 => Self::Answered,
            2 => Self::BadRequest,
            3 => Self::NoDisplay,
            10 => Self::DeclinedAll,
            _ => Self::Failure,
        }
    }

    /// Ends the process at once with this code, without atexit handlers: once the answer is
    /// written and flushed there is nothing left to do, and Mesa's teardown and unmapping the
    /// display libraries would only delay the exit the caller waits for.
    #[allow(unsafe_code)]
    pub fn now(self) -> ! {
        // SAFETY: _exit has no preconditions; it ends the process without running Rust or C
        // cleanup, which is what we want here.
        unsafe { libc::_exit(self as i32) }
    }
}

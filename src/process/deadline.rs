//! When a dialog must give up on its own: the cancel token (a signal, the parent's death) or
//! `--timeout`. One deadline for both front ends; each only draws it.

use std::time::{Duration, Instant};

use crate::process::cancel::Cancel;

/// Why a dialog stops by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expired {
    /// A signal or the parent's death (through the cancel token).
    Cancelled,
    /// `--timeout` ran out.
    TimedOut,
}

/// The moment a dialog answers `cancel` by itself, if any, and the token that can cancel it
/// sooner.
#[derive(Debug, Clone)]
pub struct Deadline {
    at: Option<Instant>,
    cancel: Cancel,
}

impl Deadline {
    /// A deadline `timeout` from now (or none), cancelled early by `cancel`.
    pub fn after(timeout: Option<Duration>, cancel: Cancel) -> Self {
        Self {
            at: timeout.map(|t| Instant::now() + t),
            cancel,
        }
    }

    /// The same deadline, cancelled early by `cancel` instead.
    pub fn with_cancel(self, cancel: Cancel) -> Self {
        Self { cancel, ..self }
    }

    /// The moment the time is up, if there is a timeout.
    pub fn at(&self) -> Option<Instant> {
        self.at
    }

    /// The token that cancels this dialog early.
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// Whether to stop at `now`, and why.
    pub fn expired_at(&self, now: Instant) -> Option<Expired> {
        if self.cancel.is_cancelled() {
            Some(Expired::Cancelled)
        } else if self.at.is_some_and(|at| now >= at) {
            Some(Expired::TimedOut)
        } else {
            None
        }
    }

    /// The time left at `now`, if there is a timeout.
    pub fn left(&self, now: Instant) -> Option<Duration> {
        self.at.map(|at| at.saturating_duration_since(now))
    }

    /// Whole seconds left at `now`, rounded up, if there is a timeout: what a countdown shows.
    pub fn seconds_left(&self, now: Instant) -> Option<u64> {
        self.left(now)
            .map(|left| left.as_secs() + u64::from(left.subsec_nanos() > 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_expires_by_time_or_by_its_token() {
        let cancel = Cancel::new();
        let none = Deadline::after(None, cancel.clone());
        let now = Instant::now();
        assert_eq!(none.expired_at(now + Duration::from_secs(1_000_000)), None);
        assert_eq!(none.seconds_left(now), None);
        let timed = Deadline::after(Some(Duration::from_millis(2_500)), cancel.clone());
        let start = timed.at().expect("a timeout") - Duration::from_millis(2_500);
        assert_eq!(timed.seconds_left(start), Some(3));
        assert_eq!(timed.expired_at(start), None);
        assert_eq!(
            timed.expired_at(start + Duration::from_millis(2_500)),
            Some(Expired::TimedOut)
        );
        cancel.cancel();
        assert_eq!(none.expired_at(now), Some(Expired::Cancelled));
        assert_eq!(timed.expired_at(start), Some(Expired::Cancelled));
    }
}

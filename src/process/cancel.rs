//! The cancel token: how something outside a front end (a signal, the parent's death) tells the
//! front end that runs now to stop and answer `cancel`.
//!
//! `main` makes one and hands clones to the signal watchdog and to the front end; the front end
//! registers how to wake itself and looks at [`Cancel::is_cancelled`] when it wakes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A shared "stop and answer cancel" flag with a waker.
#[derive(Clone, Default)]
pub struct Cancel(Arc<Inner>);

#[derive(Default)]
struct Inner {
    cancelled: AtomicBool,
    /// How to wake the front end that runs now. Replaceable: when `--ui auto` falls back from
    /// a window that failed to the terminal, the terminal's waker (which restores the
    /// terminal) must take the window's place.
    waker: Mutex<Option<Box<dyn Fn() + Send + Sync>>>,
}

impl std::fmt::Debug for Cancel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Cancel").field(&self.is_cancelled()).finish()
    }
}

impl Cancel {
    /// A token nobody has cancelled yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the front end to stop and answer `cancel`, and wakes it.
    pub fn cancel(&self) {
        self.0.cancelled.store(true, Ordering::SeqCst);
        if let Some(wake) = self
            .0
            .waker
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .as_ref()
        {
            wake();
        }
    }

    /// Whether [`Self::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::SeqCst)
    }

    /// Registers how to wake the front end on [`Self::cancel`], replacing any earlier waker.
    pub fn set_waker(&self, wake: impl Fn() + Send + Sync + 'static) {
        *self
            .0
            .waker
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Box::new(wake));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// Regression: only the first waker counted, so after `--ui auto` fell back from a failed
    /// window to the terminal, a signal woke the dead window instead of the terminal.
    #[test]
    fn the_last_waker_registered_is_the_one_woken() {
        let window = Arc::new(AtomicUsize::new(0));
        let terminal = Arc::new(AtomicUsize::new(0));
        let cancel = Cancel::new();
        let w = window.clone();
        cancel.set_waker(move || {
            w.fetch_add(1, Ordering::SeqCst);
        });
        let t = terminal.clone();
        cancel.set_waker(move || {
            t.fetch_add(1, Ordering::SeqCst);
        });
        assert!(!cancel.is_cancelled());
        cancel.clone().cancel();
        assert!(cancel.is_cancelled());
        assert_eq!(
            (
                window.load(Ordering::SeqCst),
                terminal.load(Ordering::SeqCst)
            ),
            (0, 1)
        );
    }
}

//! Where a proxy's dialog stands in its run of forms, kept current while it is shown: the
//! proxy writes each new place as a line `POSITION/TOTAL` on the dialog's stdin after the
//! request, and the front ends read [`LivePlace::get`] when they draw. The same lines say when
//! the client stopped waiting for the form's answer ([`STOPPED_WAITING`], issue 58): the form
//! then stays, to keep what was typed as a draft.

use std::io::BufRead;
use std::sync::{Arc, Mutex, PoisonError};

use crate::cli::QueuePlace;

/// Called when the place changes (the window asks for a repaint).
type OnChange = Box<dyn Fn() + Send>;

/// The line that tells a proxy's dialog that the client stopped waiting for its answer (its
/// call was cancelled: a timeout, `notifications/cancelled`): nothing the dialog answers
/// reaches anyone any more.
pub const STOPPED_WAITING: &str = "stopped-waiting";

/// The place, shared between the thread that reads the proxy's lines and the front end.
#[derive(Clone)]
pub struct LivePlace(Arc<Mutex<Inner>>);

struct Inner {
    place: QueuePlace,
    on_change: Option<OnChange>,
    /// The proxy said [`STOPPED_WAITING`].
    stopped_waiting: bool,
    /// Called once when the client stops waiting (a front end that closes then).
    on_stopped_waiting: Option<OnChange>,
}

impl LivePlace {
    /// A place that stays `place` until told otherwise.
    pub fn new(place: QueuePlace) -> Self {
        Self(Arc::new(Mutex::new(Inner {
            place,
            on_change: None,
            stopped_waiting: false,
            on_stopped_waiting: None,
        })))
    }

    /// The place now.
    pub fn get(&self) -> QueuePlace {
        self.inner().place
    }

    /// Moves to `place`, and says so to whoever asked.
    pub fn set(&self, place: QueuePlace) {
        let inner = &mut *self.inner();
        if inner.place != place {
            inner.place = place;
            if let Some(on_change) = &inner.on_change {
                on_change();
            }
        }
    }

    /// Whether the client stopped waiting for the answer.
    pub fn client_stopped_waiting(&self) -> bool {
        self.inner().stopped_waiting
    }

    /// The client stopped waiting: says so to whoever asked (`on_change` too, so that a
    /// window draws it).
    pub fn stop_waiting(&self) {
        let inner = &mut *self.inner();
        if inner.stopped_waiting {
            return;
        }
        inner.stopped_waiting = true;
        if let Some(on_change) = &inner.on_change {
            on_change();
        }
        if let Some(then) = inner.on_stopped_waiting.take() {
            then();
        }
    }

    /// Calls `then` once when the client stops waiting (at once if it has): for a front end
    /// that has no way to keep the form (the terminal, URL mode, drafts off), which closes.
    pub fn when_stopped_waiting(&self, then: impl Fn() + Send + 'static) {
        let mut inner = self.inner();
        if inner.stopped_waiting {
            drop(inner);
            then();
        } else {
            inner.on_stopped_waiting = Some(Box::new(then));
        }
    }

    /// Calls `on_change` whenever the place changes from now on.
    pub fn on_change(&self, on_change: impl Fn() + Send + 'static) {
        self.inner().on_change = Some(Box::new(on_change));
    }

    /// Reads `POSITION/TOTAL` and [`STOPPED_WAITING`] lines from `input` on a thread of its
    /// own until it ends; any other line is ignored.
    pub fn follow(&self, input: impl BufRead + Send + 'static) {
        let live = self.clone();
        std::thread::spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
                if line.trim() == STOPPED_WAITING {
                    live.stop_waiting();
                } else if let Ok(place) = line.trim().parse::<QueuePlace>() {
                    live.set(place);
                }
            }
        });
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl std::fmt::Debug for LivePlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("LivePlace").field(&self.get()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_move_the_place_and_say_so() {
        let live = LivePlace::new(QueuePlace {
            position: 1,
            total: 1,
        });
        let (told, heard) = std::sync::mpsc::channel();
        live.on_change(move || {
            let _ = told.send(());
        });
        live.follow(std::io::Cursor::new(b"1/5\nnonsense\n2/4\n".to_vec()));
        heard
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("told of 1/5");
        heard
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("told of 2/4");
        assert_eq!(
            live.get(),
            QueuePlace {
                position: 2,
                total: 4
            }
        );
        assert!(!live.client_stopped_waiting());
    }

    /// Issue 58: the proxy's line that the client stopped waiting reaches the front end, as a
    /// state the window draws (a repaint asked) and as a call for a front end that closes
    /// (registered before or after the line alike); the place stays as it was.
    #[test]
    fn the_client_stopping_to_wait_is_told_once_and_kept() {
        let place = QueuePlace {
            position: 1,
            total: 2,
        };
        let live = LivePlace::new(place);
        let (told, heard) = std::sync::mpsc::channel();
        let repaint = told.clone();
        live.on_change(move || {
            let _ = repaint.send("change");
        });
        let early = told.clone();
        live.when_stopped_waiting(move || {
            let _ = early.send("stopped");
        });
        live.follow(std::io::Cursor::new(
            format!("{STOPPED_WAITING}\n{STOPPED_WAITING}\n").into_bytes(),
        ));
        let wait = || {
            heard
                .recv_timeout(std::time::Duration::from_secs(5))
                .expect("told")
        };
        assert_eq!((wait(), wait()), ("change", "stopped"));
        assert!(live.client_stopped_waiting());
        assert_eq!(live.get(), place);
        live.when_stopped_waiting(move || {
            let _ = told.send("late");
        });
        assert_eq!(wait(), "late");
        assert!(heard.try_recv().is_err(), "told once each");
    }
}

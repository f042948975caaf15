//! Where a proxy's dialog stands in its run of forms, kept current while it is shown: the
//! proxy writes each new place as a line `POSITION/TOTAL` on the dialog's stdin after the
//! request, and the front ends read [`LivePlace::get`] when they draw.

use std::io::BufRead;
use std::sync::{Arc, Mutex, PoisonError};

use crate::cli::QueuePlace;

/// Called when the place changes (the window asks for a repaint).
type OnChange = Box<dyn Fn() + Send>;

/// The place, shared between the thread that reads the proxy's lines and the front end.
#[derive(Clone)]
pub struct LivePlace(Arc<Mutex<Inner>>);

struct Inner {
    place: QueuePlace,
    on_change: Option<OnChange>,
}

impl LivePlace {
    /// A place that stays `place` until told otherwise.
    pub fn new(place: QueuePlace) -> Self {
        Self(Arc::new(Mutex::new(Inner {
            place,
            on_change: None,
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

    /// Calls `on_change` whenever the place changes from now on.
    pub fn on_change(&self, on_change: impl Fn() + Send + 'static) {
        self.inner().on_change = Some(Box::new(on_change));
    }

    /// Reads `POSITION/TOTAL` lines from `input` on a thread of its own until it ends; a
    /// line that is not one is ignored.
    pub fn follow(&self, input: impl BufRead + Send + 'static) {
        let live = self.clone();
        std::thread::spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
                if let Ok(place) = line.trim().parse::<QueuePlace>() {
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
    }
}

//! Where a proxy's dialog stands in its run of forms, kept current while it is shown: the
//! proxy writes each new place as a line `POSITION/TOTAL` on the dialog's stdin after the
//! request, and the front ends read [`LivePlace::get`] when they draw. The same lines say when
//! the client stopped waiting for the form's answer ([`STOPPED_WAITING`], issue 58): the form
//! then stays, to keep what was typed as a draft. Told so, a window that stays for the person
//! stays even when the proxy goes (the client gone): [`LivePlace::stays_once_fed`].

use std::io::BufRead;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::cli::QueuePlace;

/// Called when the place changes (the window asks for a repaint).
type OnChange = Box<dyn Fn() + Send>;

/// The line that tells a proxy's dialog that the client stopped waiting for its answer (its
/// call was cancelled: a timeout, `notifications/cancelled`): nothing the dialog answers
/// reaches anyone any more.
pub const STOPPED_WAITING: &str = "stopped-waiting";

/// The place, shared between the thread that reads the proxy's lines, the front end and the
/// watchers of the parent and of the answer's reader.
#[derive(Clone)]
pub struct LivePlace(Arc<Shared>);

struct Shared {
    inner: Mutex<Inner>,
    /// Notified when the proxy's lines have ended.
    fed: Condvar,
}

struct Inner {
    place: QueuePlace,
    on_change: Option<OnChange>,
    /// The proxy said [`STOPPED_WAITING`].
    stopped_waiting: bool,
    /// Called once when the client stops waiting (a front end that closes then).
    on_stopped_waiting: Option<OnChange>,
    /// The proxy's lines have ended (it closed our stdin, or went): nothing more will be told.
    fed_all: bool,
    /// The front end here stays open for the person once nobody waits (the window with a
    /// draft slot), rather than closing.
    front_end_stays: bool,
}

impl LivePlace {
    /// A place that stays `place` until told otherwise.
    pub fn new(place: QueuePlace) -> Self {
        Self(Arc::new(Shared {
            inner: Mutex::new(Inner {
                place,
                on_change: None,
                stopped_waiting: false,
                on_stopped_waiting: None,
                fed_all: false,
                front_end_stays: false,
            }),
            fed: Condvar::new(),
        }))
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

    /// Says that the front end showing the form stays open for the person once nobody waits
    /// (the window, which then offers to keep a draft), so that the parent's end is then no
    /// reason to close it ([`Self::stays_once_fed`]). A front end that closes then (the
    /// terminal, a URL consent, drafts off) or hands the form on (to `serve`) says nothing.
    pub fn front_end_stays(&self) {
        self.inner().front_end_stays = true;
    }

    /// Whether the dialog stays now that its parent or its answer's reader is gone: the proxy
    /// said that nobody waits for the answer, and the front end stays for the person
    /// ([`Self::front_end_stays`]). Waits first, at most `at_most`, for the end of the
    /// proxy's lines: a proxy whose client went tells its dialog so and exits, and its exit
    /// may be seen before its last line is read; the line is in the pipe by then, ahead of
    /// the end, so waiting for the end is enough.
    pub fn stays_once_fed(&self, at_most: Duration) -> bool {
        let deadline = Instant::now() + at_most;
        let mut inner = self.inner();
        while !inner.fed_all {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                break;
            };
            inner = self
                .0
                .fed
                .wait_timeout(inner, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        inner.stopped_waiting && inner.front_end_stays
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
            live.inner().fed_all = true;
            live.0.fed.notify_all();
        });
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.0.inner.lock().unwrap_or_else(PoisonError::into_inner)
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

    /// Issue 58, the client gone: the proxy tells its dialog that nobody waits and exits, and
    /// the dialog's watchers may see the exit before the line is read. Asked then, the answer
    /// waits for the end of the proxy's lines: told is told (without the wait, the line
    /// read 200 ms late was missed and the window closed); not told is not, once they end, or
    /// once the wait's bound has passed while they go on.
    #[test]
    fn whether_nobody_waits_is_known_once_the_proxy_s_lines_end() {
        /// Gives its bytes after a delay, as a line still in the pipe when the proxy's exit is
        /// seen.
        struct Late(Duration, std::io::Cursor<Vec<u8>>);
        impl std::io::Read for Late {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                std::thread::sleep(std::mem::take(&mut self.0));
                self.1.read(buf)
            }
        }
        let place = QueuePlace {
            position: 1,
            total: 1,
        };
        let late = |bytes: String| {
            let live = LivePlace::new(place);
            live.front_end_stays();
            live.follow(std::io::BufReader::new(Late(
                Duration::from_millis(200),
                std::io::Cursor::new(bytes.into_bytes()),
            )));
            live
        };
        let told = late(format!("1/2\n{STOPPED_WAITING}\n"));
        assert!(told.stays_once_fed(Duration::from_secs(10)));
        let not_told = late("1/2\n".to_owned());
        let asked = Instant::now();
        assert!(!not_told.stays_once_fed(Duration::from_secs(10)));
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "not the whole bound"
        );
        // Lines that never end: the bound.
        let (_writer, reader) = std::sync::mpsc::channel::<Vec<u8>>();
        struct Never(std::sync::mpsc::Receiver<Vec<u8>>);
        impl std::io::Read for Never {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                let _ = self.0.recv();
                Ok(0)
            }
        }
        let open = LivePlace::new(place);
        open.front_end_stays();
        open.follow(std::io::BufReader::new(Never(reader)));
        assert!(!open.stays_once_fed(Duration::from_millis(100)));
        // Told, but the front end does not stay for the person (it closes, or the form went
        // on to serve, whose window was not told): it ends with its parent as before.
        let elsewhere = LivePlace::new(place);
        elsewhere.follow(std::io::Cursor::new(
            format!("{STOPPED_WAITING}\n").into_bytes(),
        ));
        assert!(!elsewhere.stays_once_fed(Duration::from_secs(10)));
        assert!(elsewhere.client_stopped_waiting());
    }
}

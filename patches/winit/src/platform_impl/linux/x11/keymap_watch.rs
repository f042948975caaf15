//! Keymaps read the moment the server announces a change, on a thread of their own.
//!
//! (Added by form-elicitation's patch; see `PATCH.md` at the root of this crate.)
//!
//! An `XkbMapNotify` says that the keyboard map changed, not what it now holds, so a client must
//! read the map from the server, which only ever holds the current one. Tools that type a
//! character missing from the map (`xdotool type`, password managers' auto-type, VNC servers)
//! map it to a spare keycode, press it, and undo the change milliseconds later. A client whose
//! event thread is busy (painting, laying out) when the change comes reads the map after the
//! undo, and the key gets a later map's character or none.
//!
//! So a second connection, which does nothing else, follows the changes and the keys in the
//! server's own order, and reads the keymap the moment the server reports a change; the first
//! key after it carries that keymap to the event processor, which takes it when it reaches the
//! key in its own queue, however late that is. Reading at the change rather than at the key
//! matters: a tool undoes its change a few milliseconds after its key, and between its change
//! and its key it waits for the server several times, all time the read gains. A change already
//! followed by another when it arrives costs no read; a key with no change before it only wakes
//! the watcher.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use x11rb::connection::{Connection, RequestConnection};
use x11rb::protocol::xinput::{self, ConnectionExt as _};
use x11rb::protocol::xkb::{self, ConnectionExt as _};
use x11rb::protocol::xproto::{ConnectionExt as _, Timestamp};
use x11rb::protocol::Event as X11Event;
use x11rb::xcb_ffi::XCBConnection;

use crate::platform_impl::common::xkb::{setup_x11_connection, SentKeymap, XkbKeymap};

/// How long the event processor waits for the watcher to report a key that followed a keymap
/// change before it reads the keymap itself. The watcher is normally there first; this is for
/// a watcher starved of CPU, and for keys the server did not report to it (keys sent with
/// `XSendEvent`).
const WAIT_FOR_WATCHER: Duration = Duration::from_millis(50);

/// How many keymaps the event processor keeps after using them: an input method hands some keys
/// back later (XIM's forwarded events), after further changes, and they are read with the map
/// of their own time.
const KEPT: usize = 8;

/// How many keymaps the watcher keeps for the event processor. Keys for other windows (typed
/// while another window has the focus) are never taken: the oldest go.
const QUEUED: usize = 16;

/// A key as the server reported it: to find the same key in both connections' events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyStamp {
    pub time: Timestamp,
    pub keycode: u32,
    pub pressed: bool,
}

impl KeyStamp {
    /// Whether this key came after `other` (server time wraps after 49 days).
    fn is_after(&self, other: &KeyStamp) -> bool {
        (self.time.wrapping_sub(other.time) as i32) > 0
    }
}

/// What the watcher found for the first key after a change.
struct Snapshot {
    key: KeyStamp,
    found: Found,
}

/// The keymap for a key that followed a change.
enum Found {
    /// The keymap read at the change (`None`: reading it failed).
    Read(Option<SentKeymap>),
    /// The change was in the keymap read for the key before (it came before that read began).
    AsBefore,
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot").field("key", &self.key).finish_non_exhaustive()
    }
}

/// What the event processor learns from the watcher.
#[derive(Debug)]
pub enum Keymap {
    /// The keymap as it was at the key.
    Read(XkbKeymap),
    /// The key came before the map changed again: the keymap in use is right for it.
    Unchanged,
    /// The watcher does not know: read the keymap from the server.
    Unknown,
}

impl From<Option<XkbKeymap>> for Keymap {
    /// What a snapshot's keymap tells: `None` means the watcher failed to read one.
    fn from(keymap: Option<XkbKeymap>) -> Self {
        keymap.map_or(Keymap::Unknown, Keymap::Read)
    }
}

/// The keymaps the watcher read and the event processor has not taken yet, oldest first.
#[derive(Debug, Default)]
struct Queue {
    snapshots: VecDeque<Snapshot>,
    /// The watcher has stopped (its connection failed).
    closed: bool,
}

/// What the watcher's thread and the event processor share.
#[derive(Debug, Default)]
struct Shared {
    queue: Mutex<Queue>,
    /// Notified when a snapshot is queued or the watcher stops.
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn push(&self, snapshot: Snapshot) {
        let mut queue = self.lock();
        if queue.snapshots.len() == QUEUED {
            queue.snapshots.pop_front();
        }
        queue.snapshots.push_back(snapshot);
        self.changed.notify_all();
    }

    fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }

    /// The oldest snapshot, waiting for one until `deadline`.
    fn pop(&self, deadline: Instant) -> Option<Snapshot> {
        let mut queue = self.lock();
        loop {
            if let Some(snapshot) = queue.snapshots.pop_front() {
                return Some(snapshot);
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            if queue.closed {
                return None;
            }
            queue = self
                .changed
                .wait_timeout(queue, left)
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .0;
        }
    }
}

/// The event processor's end of the watcher.
#[derive(Debug)]
pub struct KeymapWatch {
    shared: Arc<Shared>,
    /// A snapshot taken from the channel that belongs to a later key.
    ahead: Option<Snapshot>,
    /// The last keys whose keymap was used, newest last, with the keymap of each (`None`: the
    /// watcher read none).
    used: VecDeque<(KeyStamp, Option<XkbKeymap>)>,
}

impl KeymapWatch {
    /// Opens the watcher's connection to the default display and starts its thread. `None` if
    /// anything fails: the event processor then reads keymaps itself, as winit does.
    pub fn start() -> Option<Self> {
        let (connection, screen) = XCBConnection::connect(None).ok()?;
        let raw = connection.get_raw_xcb_connection().cast();
        let device = setup_x11_connection(raw).filter(|&device| device >= 0)?;
        // x11rb learns the extensions' event numbers here, to parse their events.
        connection.extension_information(xkb::X11_EXTENSION_NAME).ok()??;
        connection.extension_information(xinput::X11_EXTENSION_NAME).ok()??;
        connection.xinput_xi_query_version(2, 0).ok()?.reply().ok()?;
        let changes = xkb::EventType::MAP_NOTIFY | xkb::EventType::NEW_KEYBOARD_NOTIFY;
        let every_part = xkb::MapPart::from(0xffu16);
        connection
            .xkb_select_events(
                device as xkb::DeviceSpec,
                xkb::EventType::from(0u16),
                changes,
                every_part,
                every_part,
                &xkb::SelectEventsAux::new(),
            )
            .ok()?
            .check()
            .ok()?;
        let root = connection.setup().roots.get(screen)?.root;
        let keys = xinput::EventMask {
            deviceid: u16::from(xinput::Device::ALL_MASTER),
            mask: vec![xinput::XIEventMask::RAW_KEY_PRESS | xinput::XIEventMask::RAW_KEY_RELEASE],
        };
        connection.xinput_xi_select_events(root, &[keys]).ok()?.check().ok()?;

        let shared = Arc::new(Shared::default());
        let watcher = Arc::clone(&shared);
        thread::Builder::new()
            .name("winit-x11-keymap".into())
            .spawn(move || {
                let raw = connection.get_raw_xcb_connection().cast();
                // The keymap read at the last change, for the first key after it.
                let mut read: Option<Option<SentKeymap>> = None;
                // The number of the request sent just before the last read.
                let mut read_after: Option<u16> = None;
                // A change came that the last read, already taken by a key, had seen.
                let mut seen = false;
                // An event taken from the connection while looking ahead.
                let mut next: Option<X11Event> = None;
                loop {
                    let event = match next.take() {
                        Some(event) => event,
                        None => match connection.wait_for_event() {
                            Ok(event) => event,
                            Err(_) => break,
                        },
                    };
                    let (key, pressed) = match event {
                        X11Event::XkbMapNotify(_) | X11Event::XkbNewKeyboardNotify(_) => {
                            // The server reports one change several times (once per keyboard
                            // device it applies to), and a change the last read came after is
                            // in that read already.
                            if read_after.is_some_and(|marker| !came_after(&event, marker)) {
                                seen |= read.is_none();
                                continue;
                            }
                            // A change right behind this one, already here, makes this one's
                            // keymap unreachable: no key came between them.
                            match connection.poll_for_event() {
                                Ok(Some(ahead)) => {
                                    let changes_again = is_change(&ahead);
                                    next = Some(ahead);
                                    if changes_again {
                                        continue;
                                    }
                                },
                                Ok(None) => {},
                                Err(_) => break,
                            }
                            // The server numbers this client's requests; its events carry the
                            // number of the last one it had done, which tells the changes this
                            // read will see from those it may not.
                            let Ok(marker) = connection.no_operation() else {
                                break;
                            };
                            read_after = Some(marker.sequence_number() as u16);
                            drop(marker);
                            read = Some(SentKeymap::read(raw, device));
                            continue;
                        },
                        X11Event::XinputRawKeyPress(key) => (key, true),
                        X11Event::XinputRawKeyRelease(key) => (key, false),
                        _ => continue,
                    };
                    let found = match read.take() {
                        Some(keymap) => Found::Read(keymap),
                        None if seen => Found::AsBefore,
                        None => continue,
                    };
                    seen = false;
                    let key = KeyStamp { time: key.time, keycode: key.detail, pressed };
                    watcher.push(Snapshot { key, found });
                }
                watcher.close();
            })
            .ok()?;
        Some(Self { shared, ahead: None, used: VecDeque::new() })
    }

    /// The keymap for `key`, which came after a keymap change.
    pub fn keymap_for(&mut self, key: KeyStamp) -> Keymap {
        if let Some((_, keymap)) = self.used.iter().rev().find(|(used, _)| *used == key) {
            return keymap.clone().into();
        }
        let deadline = Instant::now() + WAIT_FOR_WATCHER;
        loop {
            let Some(snapshot) = self.ahead.take().or_else(|| self.shared.pop(deadline)) else {
                return Keymap::Unknown;
            };
            if snapshot.key == key {
                let (keymap, answer) = match snapshot.found {
                    Found::Read(keymap) => {
                        let keymap = keymap.map(SentKeymap::into_inner);
                        (keymap.clone(), keymap.into())
                    },
                    Found::AsBefore => {
                        (self.used.back().and_then(|(_, keymap)| keymap.clone()), Keymap::Unchanged)
                    },
                };
                if self.used.len() == KEPT {
                    self.used.pop_front();
                }
                self.used.push_back((key, keymap));
                return answer;
            }
            if snapshot.key.is_after(&key) {
                // The watcher saw no change before this key (it came before the change this
                // connection reported, as an input method's forwarded key does).
                self.ahead = Some(snapshot);
                return Keymap::Unchanged;
            }
            // A key this connection was not sent (another window had the focus): skip it.
        }
    }
}

/// Whether `event` says the keymap changed.
fn is_change(event: &X11Event) -> bool {
    matches!(event, X11Event::XkbMapNotify(_) | X11Event::XkbNewKeyboardNotify(_))
}

/// Whether the server sent the change `event` after it had done request `marker` of this
/// connection (sequence numbers wrap at 16 bits; a read is far shorter than that).
fn came_after(event: &X11Event, marker: u16) -> bool {
    let done = match event {
        X11Event::XkbMapNotify(change) => change.sequence,
        X11Event::XkbNewKeyboardNotify(change) => change.sequence,
        _ => return true,
    };
    (done.wrapping_sub(marker) as i16) > 0
}

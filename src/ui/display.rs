//! Riding out a display that refuses a connection for a moment, or resets.
//!
//! winit connects to the display once per process and keeps a failure for good, so a window
//! whose connection was refused or reset (an X server flooded by many clients at once) gave
//! up at once. Before winit connects, we connect ourselves, a few times within a second, until
//! one succeeds; winit's own connection follows it at once.
//!
//! An X server started without `-noreset` (`xvfb-run`'s default, so many a CI's) resets when
//! its last client leaves: had our connection ended there, winit's would have landed in the
//! reset and failed ("Failed to open connection to X server", 2 forms in 20 in a row). So the
//! connection that succeeded is kept ([`Reached`]) until the window is up.

use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::time::Duration;

/// The pauses between tries: six tries within a second.
const PAUSES: [Duration; 5] = [
    Duration::from_millis(50),
    Duration::from_millis(100),
    Duration::from_millis(150),
    Duration::from_millis(250),
    Duration::from_millis(400),
];

/// The connection that reached the display, held so that the display does not reset before
/// winit's own connection is up; dropping it closes it.
pub(super) struct Reached {
    _x11: Option<x11rb::rust_connection::RustConnection>,
}

/// Returns once the display winit will use takes a connection, or after about a second of
/// refusals (winit then fails and says why), with that connection held (see [`Reached`]).
/// "No display at all" is not ours to wait for: the caller has checked that one is named.
pub(super) fn wait_until_reachable() -> Reached {
    for pause in PAUSES {
        if let Some(reached) = reach() {
            return reached;
        }
        std::thread::sleep(pause);
    }
    Reached { _x11: None }
}

/// A connection to the display winit picks (Wayland first, as winit does), when one succeeds.
/// A Wayland compositor does not reset when its last client leaves: that test connection
/// closes at once.
fn reach() -> Option<Reached> {
    if let Some(wayland) = non_empty("WAYLAND_DISPLAY") {
        return UnixStream::connect(wayland_socket(&wayland))
            .ok()
            .map(|_| Reached { _x11: None });
    }
    if non_empty("WAYLAND_SOCKET").is_some() {
        // An inherited connection: nothing to try.
        return Some(Reached { _x11: None });
    }
    let (connection, _screen) = x11rb::connect(None).ok()?;
    Some(Reached {
        _x11: Some(connection),
    })
}

/// Where a Wayland compositor named `display` listens: a relative name lives in
/// `XDG_RUNTIME_DIR`, as libwayland-client finds it.
fn wayland_socket(display: &str) -> PathBuf {
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").unwrap_or_default();
    PathBuf::from(runtime).join(display)
}

/// Whether winit will use X11 here: an X display is named, and no Wayland one nor an
/// inherited Wayland connection (winit takes Wayland first, as [`reach`] does).
pub(super) fn x11_is_picked() -> bool {
    non_empty("DISPLAY").is_some()
        && non_empty("WAYLAND_DISPLAY").is_none()
        && non_empty("WAYLAND_SOCKET").is_none()
}

fn non_empty(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|value| !value.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wayland_sockets_are_found_as_libwayland_finds_them() {
        assert_eq!(
            wayland_socket("/run/user/1/wayland-1"),
            PathBuf::from("/run/user/1/wayland-1")
        );
        assert!(wayland_socket("wayland-0").ends_with("wayland-0"));
    }
}

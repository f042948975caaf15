//! Riding out a display that refuses a connection for a moment.
//!
//! winit connects to the display once per process and keeps a failure for good, so a window
//! whose connection was refused or reset (an X server flooded by many clients at once) gave
//! up at once. Before winit connects, we connect ourselves, a few times within a second, until
//! one succeeds; winit's own connection follows it at once.

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

/// Returns once the display winit will use takes a connection, or after about a second of
/// refusals (winit then fails and says why). "No display at all" is not ours to wait for:
/// the caller has checked that one is named.
pub(super) fn wait_until_reachable() {
    for pause in PAUSES {
        if reachable() {
            return;
        }
        std::thread::sleep(pause);
    }
}

/// Whether a connection to the display winit picks (Wayland first, as winit does) succeeds.
fn reachable() -> bool {
    if let Some(wayland) = non_empty("WAYLAND_DISPLAY") {
        return UnixStream::connect(wayland_socket(&wayland)).is_ok();
    }
    if non_empty("WAYLAND_SOCKET").is_some() {
        // An inherited connection: nothing to try.
        return true;
    }
    x11rb::connect(None).is_ok()
}

/// Where a Wayland compositor named `display` listens: a relative name lives in
/// `XDG_RUNTIME_DIR`, as libwayland-client finds it.
fn wayland_socket(display: &str) -> PathBuf {
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").unwrap_or_default();
    PathBuf::from(runtime).join(display)
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

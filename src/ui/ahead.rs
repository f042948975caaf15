//! What a window loads that no request decides, loaded before the window needs it.
//!
//! - The dialog `serve` keeps waiting for its next request (issue 46) loads, before it waits,
//!   the X libraries winit opens at its start (on an X display; about 0.6 ms of a window's
//!   start on this project's CI machine kind: loading and relocating eleven libraries), and,
//!   on X and Wayland alike, libxkbcommon and the locale's compose table (about 2 ms: parsing
//!   the locale's Compose file). The libraries stay loaded; the window finds them so.
//! - Every other window loads the compose table on a thread of its own, started as the window
//!   starts: winit (patched) looks for it only at the first key, so the Compose file is parsed
//!   beside the window's start (on another core, where there is one), not on its way to the
//!   first frame.

use std::ffi::CStr;

/// The X libraries winit's X11 backend opens at its start, and the X part of libxkbcommon;
/// what they need (libxcb, libXext, ...) comes with them.
const X11_LIBRARIES: [&CStr; 5] = [
    c"libX11.so.6",
    c"libX11-xcb.so.1",
    c"libXcursor.so.1",
    c"libXi.so.6",
    c"libxkbcommon-x11.so.0",
];

/// Loads what a window's start will need whatever the request, as [the module](self) says:
/// the X libraries when the environment names an X display and no Wayland one (winit takes
/// Wayland first), the compose table in every case. A library that cannot be loaded is left
/// to the window, which says what is missing.
pub fn load_ahead() {
    if super::display::x11_is_picked() {
        for library in X11_LIBRARIES {
            open_for_good(library);
        }
    }
    winit::platform::x11::load_compose_table_ahead();
}

/// Loads a shared library and keeps it (the handle is never closed), so that the window's own
/// `dlopen` of it finds it loaded.
#[allow(unsafe_code)]
fn open_for_good(library: &CStr) {
    // SAFETY: `library` is a NUL-terminated name; loading one of the system's X libraries
    // runs no code of ours, and the handle is never closed, so nothing is unloaded under a
    // later user.
    unsafe {
        libc::dlopen(library.as_ptr(), libc::RTLD_LAZY);
    }
}

/// Loads the compose table on a thread of its own, for the window's first key (see [the
/// module](self)); nothing when the table waits already (a served dialog loaded it before its
/// request). Should the thread not start, the first key loads it.
pub fn load_compose_table_beside_the_start() {
    let _ = std::thread::Builder::new()
        .name("compose-table".into())
        .spawn(winit::platform::x11::load_compose_table_ahead);
}

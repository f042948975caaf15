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
//!
//! A display that was found rather than given (`session::FOUND_ENV`) is checked on the very
//! connection the window uses ([`check_connection`]), between winit's connecting and the
//! window's creation: its server must be this user's or root's, and on a Unix socket. libxcb
//! 1.15 (Debian 12) takes no `DISPLAY` that names only the socket file (it tries the abstract
//! socket of the same name first, which anyone may bind, then TCP), so the check cannot be
//! made before and trusted after; it is made on the connection itself. Before that, the
//! connection we make here is refused the same way, so that our cookie never goes to another
//! user's server.

use std::ffi::{CStr, c_int, c_void};
use std::os::fd::{AsFd, BorrowedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::time::Duration;

use winit::raw_window_handle::RawDisplayHandle;

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
/// A found display whose server is not this user's or root's: `Err`, the line that says so
/// (see [the module](self)).
pub(super) fn wait_until_reachable() -> Result<Reached, String> {
    let found = found();
    for pause in PAUSES {
        if let Some(reached) = reach(found.as_deref())? {
            return Ok(reached);
        }
        std::thread::sleep(pause);
    }
    Ok(Reached { _x11: None })
}

/// What was found (`DISPLAY=:0`, say) when the display was found rather than given.
fn found() -> Option<String> {
    std::env::var_os(crate::process::session::FOUND_ENV)
        .map(|found| found.to_string_lossy().into_owned())
}

/// For a display that was found rather than given, `Err` with the line that says why
/// `display` (the window's connection, made and not yet used for anything of the window) may
/// not be used: its server is another user's, or not on a Unix socket. A display that was
/// given is trusted as it was given.
pub(super) fn check_connection(display: RawDisplayHandle) -> Result<(), String> {
    let Some(found) = found() else {
        return Ok(());
    };
    let what = format!("{found} (found, not given)");
    let Some(fd) = connection_fd(display) else {
        return Err(format!(
            "{what}: the window's connection could not be checked; not used"
        ));
    };
    // SAFETY: the descriptor is the display connection's, open for as long as winit's event
    // loop lives, which outlives this call.
    #[allow(unsafe_code)]
    let fd = unsafe { BorrowedFd::borrow_raw(fd) };
    crate::process::session::peer_of(fd).judge(&what)
}

/// The socket of the display connection `display` (Xlib's `XConnectionNumber`, libxcb's
/// `xcb_get_file_descriptor`, libwayland's `wl_display_get_fd`), through the library the
/// connection was made with, which is loaded by then.
#[allow(unsafe_code)]
fn connection_fd(display: RawDisplayHandle) -> Option<RawFd> {
    let fd = match display {
        RawDisplayHandle::Xlib(xlib) => {
            let get: unsafe extern "C" fn(*mut c_void) -> c_int =
                loaded_symbol(c"libX11.so.6", c"XConnectionNumber")?;
            // SAFETY: the pointer is winit's open `Display`, and the function only reads its
            // descriptor.
            unsafe { get(xlib.display?.as_ptr()) }
        }
        RawDisplayHandle::Xcb(xcb) => {
            let get: unsafe extern "C" fn(*mut c_void) -> c_int =
                loaded_symbol(c"libxcb.so.1", c"xcb_get_file_descriptor")?;
            // SAFETY: as above, an open `xcb_connection_t`.
            unsafe { get(xcb.connection?.as_ptr()) }
        }
        RawDisplayHandle::Wayland(wayland) => {
            let get: unsafe extern "C" fn(*mut c_void) -> c_int =
                loaded_symbol(c"libwayland-client.so.0", c"wl_display_get_fd")?;
            // SAFETY: as above, an open `wl_display`.
            unsafe { get(wayland.display.as_ptr()) }
        }
        _ => return None,
    };
    (fd >= 0).then_some(fd)
}

/// `symbol` of `library`, only if the library is loaded already (the display connection was
/// made with it): nothing is loaded here.
#[allow(unsafe_code)]
fn loaded_symbol<F: Copy>(library: &CStr, symbol: &CStr) -> Option<F> {
    // SAFETY: RTLD_NOLOAD only looks the library up; the handle is released at once, and the
    // library stays loaded by whoever loaded it (winit, for the life of the event loop).
    unsafe {
        let handle = libc::dlopen(library.as_ptr(), libc::RTLD_LAZY | libc::RTLD_NOLOAD);
        if handle.is_null() {
            return None;
        }
        let address = libc::dlsym(handle, symbol.as_ptr());
        libc::dlclose(handle);
        if address.is_null() {
            return None;
        }
        // SAFETY (the caller's): `F` is the function's C signature.
        Some(std::mem::transmute_copy::<*mut c_void, F>(&address))
    }
}

/// A connection to the display winit picks (Wayland first, as winit does), when one succeeds.
/// A Wayland compositor does not reset when its last client leaves: that test connection
/// closes at once. `found`: what was found, when the display was not given; its server must
/// then be this user's or root's (`Err` says why not), judged before X's setup sends our
/// cookie.
fn reach(found: Option<&str>) -> Result<Option<Reached>, String> {
    let judge = |socket: &dyn AsFd| match found {
        Some(found) => {
            crate::process::session::peer_of(socket).judge(&format!("{found} (found, not given)"))
        }
        None => Ok(()),
    };
    if let Some(wayland) = non_empty("WAYLAND_DISPLAY") {
        let Ok(socket) = UnixStream::connect(wayland_socket(&wayland)) else {
            return Ok(None);
        };
        judge(&socket)?;
        return Ok(Some(Reached { _x11: None }));
    }
    if non_empty("WAYLAND_SOCKET").is_some() {
        // An inherited connection: nothing to try.
        return Ok(Some(Reached { _x11: None }));
    }
    if let (Some(found), Some(display)) = (found, non_empty("DISPLAY")) {
        // Before X's setup, which sends our cookie: a bare connection, judged.
        crate::process::session::check_x_server(&display, &format!("{found} (found, not given)"))?;
    }
    let Ok((connection, _screen)) = x11rb::connect(None) else {
        return Ok(None);
    };
    judge(connection.stream())?;
    Ok(Some(Reached {
        _x11: Some(connection),
    }))
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

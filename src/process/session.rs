//! Finding the person's desktop session when whoever started us hid it.
//!
//! Most MCP clients start stdio servers with an allow-listed environment (the official SDKs pass
//! `HOME LOGNAME PATH SHELL TERM USER` only), so `DISPLAY`, `WAYLAND_DISPLAY`,
//! `XDG_RUNTIME_DIR` and the session bus never reach us, though the person sits at a desktop.
//! When neither display variable is set we look where the session is, in this order, and only
//! among what the same user owns (docs/session.md):
//!
//! 1. `serve`'s default socket, `$XDG_RUNTIME_DIR/form-elicitation/socket` (`XDG_RUNTIME_DIR`
//!    defaulting to `/run/user/UID`): serve has the display, the bus and the locale already;
//! 2. the systemd user manager's environment (`Environment` on the bus at
//!    `$XDG_RUNTIME_DIR/bus`), where desktops import `DISPLAY`, `WAYLAND_DISPLAY`,
//!    `XAUTHORITY` and the rest;
//! 3. a compositor's `wayland-N` socket in `$XDG_RUNTIME_DIR`;
//! 4. the one X server socket in `/tmp/.X11-unix` owned by this user (`startx`, a rootless
//!    Xorg, an Xvfb of one's own); not for root, whose sockets every display manager's Xorg
//!    owns.
//!
//! What is found is set in our own environment before any thread starts, as if whoever started
//! us had passed it, so that every part (winit, the keyring, AT-SPI, input methods, the
//! dialogs `proxy` starts) uses it.
//!
//! A display we found is not one we were given: a stale `DISPLAY` whose number another local
//! user has taken since, or a socket file of ours whose server died while another user holds
//! the abstract socket of the same name (which libxcb tries first), would carry the form to
//! that user. So a found display is taken only when its server, asked on a connection
//! ([`peer_of`]: `SO_PEERCRED`), is this user's or root's (a display manager's), never over
//! TCP; and [`FOUND_ENV`] tells every window (ours and our dialogs') to ask again on its own
//! connection before it is created (`ui::display`).

use std::ffi::OsString;
use std::os::fd::AsFd;
use std::os::unix::ffi::OsStrExt as _;
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// The environment variable that names `serve`'s socket (the asker reads it; what is found
/// here is set in it).
pub const SOCKET_ENV: &str = "FORM_ELICITATION_SOCKET";

/// The variables the session's environment may give us, besides the display: the ones that
/// keep the keyring, AT-SPI and input methods working, and the person's language (which the
/// SDKs' allow-lists drop too).
const FROM_THE_SESSION: [&str; 12] = [
    "DISPLAY",
    "WAYLAND_DISPLAY",
    "XAUTHORITY",
    "DBUS_SESSION_BUS_ADDRESS",
    "XMODIFIERS",
    "GTK_IM_MODULE",
    "QT_IM_MODULE",
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_MESSAGES",
    "LC_TIME",
];

/// Set (to what was found, `DISPLAY=:0` say) when the display was found rather than given:
/// every window then checks its own connection's server before it is created (see [the
/// module](self)). Our dialogs inherit it with the display; a caller who sets it only makes
/// the check stricter.
pub const FOUND_ENV: &str = "FORM_ELICITATION_FOUND_DISPLAY";

/// Why a display that was found was not used, for the line that says nothing was found.
static REFUSED: OnceLock<String> = OnceLock::new();

/// How long the user manager may take to answer: it answers in a millisecond or two when it
/// runs, and a hung bus must not hold up the form.
const BUS_TIMEOUT: Duration = Duration::from_millis(1500);

/// The one line, for stderr and for the proxy's answer to its client, when no session was
/// found: both ways to fix it.
pub const HOW_TO_FIX: &str = "no display: DISPLAY and WAYLAND_DISPLAY are unset, and no desktop \
     session of this user was found; give the client's server entry \"env\": {\"DISPLAY\": \":0\"} \
     (or WAYLAND_DISPLAY), or run `systemctl --user enable --now form-elicitation.socket` in the \
     desktop session";

/// [`HOW_TO_FIX`], and why a display that was found was not used, if one was.
pub fn how_to_fix() -> String {
    match REFUSED.get() {
        Some(why) => format!("{HOW_TO_FIX}; {why}"),
        None => HOW_TO_FIX.to_owned(),
    }
}

/// Whose server is at the other end of a connection to a display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Peer {
    /// This user's, or root's (a display manager's X server runs as root).
    Trusted,
    /// Another user's, by its user id.
    Other(u32),
    /// Not a Unix socket (TCP): whose it is cannot be known.
    NotLocal,
}

impl Peer {
    /// `Ok` for a trusted server, else the line that says why `what` (`DISPLAY=:93`, found,
    /// not given) is not used.
    pub fn judge(self, what: &str) -> Result<(), String> {
        match self {
            Self::Trusted => Ok(()),
            Self::Other(uid) => Err(format!(
                "{what} is served by another user (uid {uid}), not by this user or root: not \
                 used"
            )),
            Self::NotLocal => Err(format!(
                "{what} is reached over TCP, where whose server it is cannot be checked: not \
                 used"
            )),
        }
    }
}

/// Whose server is at the other end of `socket` (`SO_PEERCRED`, which the kernel fills in when
/// the connection is made: the listening socket's owner then, whatever its file says).
pub fn peer_of(socket: impl AsFd) -> Peer {
    let socket = socket.as_fd();
    if rustix::net::sockopt::socket_domain(socket) != Ok(rustix::net::AddressFamily::UNIX) {
        return Peer::NotLocal;
    }
    // The user is what is judged: a server whose process we cannot see (its pid 0, from
    // another PID namespace) is still this user's or another's.
    match crate::process::peer::credentials(socket) {
        Ok(cred) if cred.uid == uid() || cred.uid == 0 => Peer::Trusted,
        Ok(cred) => Peer::Other(cred.uid),
        Err(_) => Peer::NotLocal,
    }
}

/// What answers at a display's socket.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Probe {
    /// A server of this user's or root's.
    Trusted,
    /// Nothing listens: a display that has ended.
    Nothing,
    /// Another user's server, or one we cannot judge: the line that says so.
    Refused(String),
}

/// Connects to the Unix socket `address` without waiting (a listener that never accepts
/// cannot hold us: a full backlog is an error at once) and judges its server.
fn probe(address: &rustix::net::SocketAddrUnix, what: &str) -> Probe {
    use rustix::net::{AddressFamily, SocketFlags, SocketType};
    let Ok(socket) = rustix::net::socket_with(
        AddressFamily::UNIX,
        SocketType::STREAM,
        SocketFlags::CLOEXEC | SocketFlags::NONBLOCK,
        None,
    ) else {
        return Probe::Nothing;
    };
    match rustix::net::connect(&socket, address) {
        Ok(()) => match peer_of(&socket).judge(what) {
            Ok(()) => Probe::Trusted,
            Err(why) => Probe::Refused(why),
        },
        Err(rustix::io::Errno::CONNREFUSED | rustix::io::Errno::NOENT) => Probe::Nothing,
        Err(error) => Probe::Refused(format!("{what} could not be checked ({error}): not used")),
    }
}

/// Who serves the local X display `number`, where libxcb (and x11rb) connect: the abstract
/// socket `@/tmp/.X11-unix/XN` first (Linux; anyone may bind that name), the file
/// `/tmp/.X11-unix/XN` when nothing listens there. With neither, the display has ended (the
/// libraries would try TCP next, which a found display never uses).
fn probe_x(number: u32, what: &str) -> Probe {
    let path = format!("/tmp/.X11-unix/X{number}");
    if let Ok(address) = rustix::net::SocketAddrUnix::new_abstract_name(path.as_bytes()) {
        let abstract_socket = probe(&address, what);
        if abstract_socket != Probe::Nothing {
            return abstract_socket;
        }
    }
    match rustix::net::SocketAddrUnix::new(path.as_str()) {
        Ok(address) => probe(&address, what),
        Err(_) => Probe::Nothing,
    }
}

/// For the X display `display` that was found (`what` names it): `Err`, the line that says
/// why, when another user's server listens where libxcb connects, or the display is on
/// another host (TCP); `Ok` otherwise, a display that has ended too (connecting to it fails
/// on its own). Makes bare connections only, no X setup: no cookie is sent.
pub fn check_x_server(display: &str, what: &str) -> Result<(), String> {
    match x_display_number(display) {
        Some(Some(number)) => match probe_x(number, what) {
            Probe::Refused(why) => Err(why),
            Probe::Trusted | Probe::Nothing => Ok(()),
        },
        Some(None) => Peer::NotLocal.judge(what),
        None => Ok(()),
    }
}

/// Who serves the Wayland socket at `path`.
fn probe_wayland(path: &Path, what: &str) -> Probe {
    match rustix::net::SocketAddrUnix::new(path.as_os_str().as_bytes()) {
        Ok(address) => probe(&address, what),
        Err(_) => Probe::Nothing,
    }
}

/// Where the display came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The systemd user manager's environment.
    UserManager,
    /// A compositor's socket in the runtime directory.
    WaylandSocket,
    /// The user's own X server socket.
    X11Socket,
    /// GDM's cookie for the session's X server.
    GdmCookie,
}

impl Source {
    /// The source as the stderr line names it.
    fn describe(self) -> &'static str {
        match self {
            Self::UserManager => "the systemd user manager's environment",
            Self::WaylandSocket => "a Wayland compositor's socket",
            Self::X11Socket => "an X server socket of this user",
            Self::GdmCookie => "GDM's file for the session",
        }
    }
}

/// What the look found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    /// `serve`'s socket, to send the request to first.
    pub serve: Option<PathBuf>,
    /// The variables to set, in order.
    pub variables: Vec<(String, OsString)>,
    /// Where the display variables came from, if any were found.
    pub display: Option<Source>,
    /// Why displays that were found were not used: another user's server, or one reached
    /// over TCP.
    pub refused: Vec<String>,
}

impl Found {
    /// Whether anything can show a form: serve's socket or a display.
    pub fn anything(&self) -> bool {
        self.serve.is_some() || self.display.is_some()
    }

    /// The line for stderr that says what was found and where.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(serve) = &self.serve {
            parts.push(format!("serve's socket {}", serve.display()));
        }
        if let Some(source) = self.display {
            let shown: Vec<String> = self
                .variables
                .iter()
                .filter(|(name, _)| name == "DISPLAY" || name == "WAYLAND_DISPLAY")
                .map(|(name, value)| format!("{name}={}", value.to_string_lossy()))
                .collect();
            let shown = if shown.is_empty() {
                // Only the display's cookie was missing.
                self.variables
                    .iter()
                    .map(|(name, value)| format!("{name}={}", value.to_string_lossy()))
                    .collect()
            } else {
                shown
            };
            parts.push(format!("{} from {}", shown.join(" "), source.describe()));
        }
        let unset = if self.serve.is_none() && shown_display_count(&self.variables) == 0 {
            "XAUTHORITY is unset here (and ~/.Xauthority missing)"
        } else {
            "DISPLAY and WAYLAND_DISPLAY are unset here"
        };
        let mut line = format!(
            "{unset}; using the desktop session's: {}",
            parts.join(", then ")
        );
        for why in &self.refused {
            line.push_str("; ");
            line.push_str(why);
        }
        line
    }
}

/// How many of `variables` name a display.
fn shown_display_count(variables: &[(String, OsString)]) -> usize {
    variables
        .iter()
        .filter(|(name, _)| name == "DISPLAY" || name == "WAYLAND_DISPLAY")
        .count()
}

/// Whether to look at all: no display variable is set, the terminal was not asked for, and
/// the person is not at an SSH login (there the terminal is theirs, and a window on a desktop
/// elsewhere would go unseen).
pub fn should_look(terminal_only: bool) -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    !terminal_only
        && !set("DISPLAY")
        && !set("WAYLAND_DISPLAY")
        && !set("WAYLAND_SOCKET")
        && !set("SSH_CONNECTION")
}

/// The runtime directory: `XDG_RUNTIME_DIR`, else `/run/user/UID`; only when it is a
/// directory of ours that nobody else may write to (as the XDG spec requires).
pub fn runtime_dir() -> Option<PathBuf> {
    let dir = runtime_path();
    let meta = std::fs::metadata(&dir).ok()?;
    (meta.is_dir() && meta.uid() == uid() && meta.mode() & 0o022 == 0).then_some(dir)
}

/// Where this user's runtime directory is said to be: `XDG_RUNTIME_DIR`, else `/run/user/UID`
/// (what D-Bus libraries assume too), whoever owns it. [`runtime_dir`] is the checked one.
pub fn runtime_path() -> PathBuf {
    std::env::var_os("XDG_RUNTIME_DIR")
        .filter(|dir| !dir.is_empty())
        .map_or_else(
            || PathBuf::from(format!("/run/user/{}", uid())),
            PathBuf::from,
        )
}

fn uid() -> u32 {
    rustix::process::getuid().as_raw()
}

/// Whether `path` is a socket owned by this user (not following a symlink: a link another
/// user could point elsewhere is not ours).
fn own_socket(path: &Path) -> bool {
    std::fs::symlink_metadata(path)
        .is_ok_and(|meta| meta.file_type().is_socket() && meta.uid() == uid())
}

/// Looks for the session (see the module's list). `serve_route`: whether serve's socket may
/// be used (not by the dialogs serve itself starts).
pub fn look(serve_route: bool) -> Found {
    let mut found = Found::default();
    let runtime = runtime_dir();
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if let Some(runtime) = &runtime
        && serve_route
        && !set(SOCKET_ENV)
    {
        let socket = runtime.join("form-elicitation").join("socket");
        if own_socket(&socket) {
            found
                .variables
                .push((SOCKET_ENV.into(), socket.clone().into()));
            found.serve = Some(socket);
        }
    }
    let bus = runtime
        .as_ref()
        .map(|runtime| runtime.join("bus"))
        .filter(|bus| own_socket(bus));
    let mut session: Vec<(String, OsString)> = Vec::new();
    if let (Some(bus), Some(runtime)) = (&bus, &runtime)
        && let Some(environment) = user_manager_environment(bus)
    {
        session = pick(&environment);
        // A display the manager remembers from a session that has ended (a stale `DISPLAY`
        // after logging out) is not one to use, nor one whose number another user has taken.
        found.refused.extend(keep_trusted(&mut session, runtime));
        if shown_display_count(&session) > 0 {
            found.display = Some(Source::UserManager);
        }
    }
    if found.display.is_none() {
        let wayland = runtime
            .as_deref()
            .and_then(|runtime| wayland_socket(runtime, &mut found.refused));
        if let Some(name) = wayland {
            session.push(("WAYLAND_DISPLAY".into(), name));
            found.display = Some(Source::WaylandSocket);
        } else if let Some(display) = own_x_display(Path::new("/tmp/.X11-unix"), &mut found.refused)
        {
            session.push(("DISPLAY".into(), display));
            found.display = Some(Source::X11Socket);
            // GDM keeps an X session's cookie here, not in ~/.Xauthority.
            if let Some(cookie) = runtime
                .as_ref()
                .map(|runtime| runtime.join("gdm").join("Xauthority"))
                .filter(|cookie| cookie.is_file())
            {
                session.push(("XAUTHORITY".into(), cookie.into()));
            }
        }
    }
    if found.display.is_none() {
        // The bus and the language alone show nothing; serve's socket needs neither.
        return found;
    }
    if let Some(runtime) = &runtime
        && !set("XDG_RUNTIME_DIR")
    {
        session.push(("XDG_RUNTIME_DIR".into(), runtime.clone().into()));
    }
    if let Some(bus) = &bus
        && !session.iter().any(|(n, _)| n == "DBUS_SESSION_BUS_ADDRESS")
    {
        let mut address = OsString::from("unix:path=");
        address.push(bus);
        session.push(("DBUS_SESSION_BUS_ADDRESS".into(), address));
    }
    let displays: Vec<String> = session
        .iter()
        .filter(|(name, _)| name == "DISPLAY" || name == "WAYLAND_DISPLAY")
        .map(|(name, value)| format!("{name}={}", value.to_string_lossy()))
        .collect();
    session.push((FOUND_ENV.into(), displays.join(" ").into()));
    found
        .variables
        .extend(session.into_iter().filter(|(name, _)| !set(name)));
    found
}

/// The session's variables we take from the user manager's `NAME=value` list.
fn pick(environment: &[String]) -> Vec<(String, OsString)> {
    FROM_THE_SESSION
        .iter()
        .filter_map(|wanted| {
            environment.iter().find_map(|entry| {
                let (name, value) = entry.split_once('=')?;
                (name == *wanted && !value.is_empty())
                    .then(|| ((*wanted).to_owned(), OsString::from(value)))
            })
        })
        .collect()
}

/// Keeps, of the display variables among `variables` (the user manager's), only those whose
/// server is there now and trusted: a Wayland socket of ours in `runtime`, or a local X
/// display, each served by this user or root ([`probe`]). Returns why any was refused; a
/// display that has ended is dropped without a word, as before.
fn keep_trusted(variables: &mut Vec<(String, OsString)>, runtime: &Path) -> Vec<String> {
    let mut refused = Vec::new();
    variables.retain(|(name, value)| {
        let what = format!(
            "{name}={} (from {})",
            value.to_string_lossy(),
            Source::UserManager.describe()
        );
        let probe = match name.as_str() {
            "WAYLAND_DISPLAY" => {
                let path = runtime.join(value);
                if own_socket(&path) {
                    probe_wayland(&path, &what)
                } else {
                    Probe::Nothing
                }
            }
            "DISPLAY" => match x_display_number(&value.to_string_lossy()) {
                Some(Some(number)) => probe_x(number, &what),
                Some(None) => Probe::Refused(Peer::NotLocal.judge(&what).err().unwrap_or_default()),
                None => Probe::Nothing,
            },
            _ => return true,
        };
        match probe {
            Probe::Trusted => true,
            Probe::Nothing => false,
            Probe::Refused(why) => {
                refused.push(why);
                false
            }
        }
    });
    refused
}

/// A `DISPLAY` value's local display number: `Some(Some(n))` for `:n` or `:n.s` (and
/// `unix:n`), `Some(None)` for a display on another host, `None` for nonsense.
fn x_display_number(display: &str) -> Option<Option<u32>> {
    let (host, rest) = display.rsplit_once(':')?;
    let number = rest.split('.').next()?.parse::<u32>().ok()?;
    Some(match host {
        "" | "unix" => Some(number),
        _ => None,
    })
}

/// The lowest-numbered `wayland-N` socket of ours in the runtime directory whose compositor
/// is this user's or root's; why others were refused goes to `refused`.
fn wayland_socket(runtime: &Path, refused: &mut Vec<String>) -> Option<OsString> {
    let mut sockets = own_wayland_sockets(runtime);
    sockets.sort();
    sockets.into_iter().find_map(|(_, name)| {
        let what = format!(
            "WAYLAND_DISPLAY={} ({})",
            name.to_string_lossy(),
            Source::WaylandSocket.describe()
        );
        match probe_wayland(&runtime.join(&name), &what) {
            Probe::Trusted => Some(name),
            Probe::Nothing => None,
            Probe::Refused(why) => {
                refused.push(why);
                None
            }
        }
    })
}

/// The `wayland-N` sockets of ours in the runtime directory, with their numbers.
fn own_wayland_sockets(runtime: &Path) -> Vec<(u32, OsString)> {
    let Ok(entries) = std::fs::read_dir(runtime) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name();
            let number = name.to_str()?.strip_prefix("wayland-")?.parse().ok()?;
            own_socket(&entry.path()).then_some((number, name))
        })
        .collect()
}

/// `:N` for the X server socket `XN` in `dir` owned by this user, when there is exactly one
/// (with several, which one the person looks at is a guess we do not make) and its server is
/// this user's: the file being ours says nothing of who listens at the abstract socket of the
/// same name, nor whether anyone does (why not goes to `refused`). Never for root: a display
/// manager's Xorg runs as root, so for root every user's display is "its own".
fn own_x_display(dir: &Path, refused: &mut Vec<String>) -> Option<OsString> {
    if uid() == 0 {
        return None;
    }
    let display = only_x_socket(dir)?;
    let number = x_display_number(&display.to_string_lossy())??;
    let what = format!(
        "DISPLAY={} ({})",
        display.to_string_lossy(),
        Source::X11Socket.describe()
    );
    match probe_x(number, &what) {
        Probe::Trusted => Some(display),
        Probe::Nothing => None,
        Probe::Refused(why) => {
            refused.push(why);
            None
        }
    }
}

/// `:N` for the one X server socket `XN` in `dir` owned by this user.
fn only_x_socket(dir: &Path) -> Option<OsString> {
    let mut own = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let number: u32 = entry
                .file_name()
                .to_str()?
                .strip_prefix('X')?
                .parse()
                .ok()?;
            own_socket(&entry.path()).then_some(number)
        });
    let first = own.next()?;
    own.next()
        .is_none()
        .then(|| OsString::from(format!(":{first}")))
}

/// The systemd user manager's environment (`NAME=value` entries), from the bus at `bus`.
fn user_manager_environment(bus: &Path) -> Option<Vec<String>> {
    let address = format!("unix:path={}", bus.display());
    zbus::block_on(async {
        // Our own executor, driven here, rather than zbus's thread: this runs before the
        // environment is changed, which must happen while no other thread runs.
        let connection = zbus::connection::Builder::address(address.as_str())
            .ok()?
            .internal_executor(false)
            .method_timeout(BUS_TIMEOUT);
        let work = async {
            let connection = connection.build().await.ok()?;
            let executor = connection.executor().clone();
            let call = async {
                let reply = connection
                    .call_method(
                        Some("org.freedesktop.systemd1"),
                        "/org/freedesktop/systemd1",
                        Some("org.freedesktop.DBus.Properties"),
                        "Get",
                        &("org.freedesktop.systemd1.Manager", "Environment"),
                    )
                    .await
                    .ok()?;
                let value: zbus::zvariant::OwnedValue = reply.body().deserialize().ok()?;
                Vec::<String>::try_from(value).ok()
            };
            futures_lite::future::or(call, async {
                loop {
                    executor.tick().await;
                }
            })
            .await
        };
        futures_lite::future::or(work, async {
            async_io::Timer::after(BUS_TIMEOUT).await;
            None
        })
        .await
    })
}

/// Sets what was found in our environment and says so on stderr, once.
///
/// Must run before any other thread starts: setting the environment while another thread
/// reads it is undefined behaviour in C, which winit's libraries are.
#[allow(unsafe_code)]
pub fn apply(found: &Found) {
    remember_refused(found);
    for (name, value) in &found.variables {
        // SAFETY: called from `main` before any thread is started (the user manager's bus was
        // driven on this thread, above).
        unsafe { std::env::set_var(name, value) };
    }
    crate::process::output::diag(format_args!("{}", found.describe()));
}

/// Looks for the session when the environment does not name one, and sets what it found (see
/// [`look`] and [`apply`]). Returns what was set, for a caller that must keep it from a child
/// that is not ours (the proxy's server).
pub fn find_and_apply(terminal_only: bool, serve_route: bool) -> Found {
    if !should_look(terminal_only) {
        let found = missing_cookie();
        if !found.variables.is_empty() {
            apply(&found);
        }
        return found;
    }
    let found = look(serve_route);
    if found.anything() {
        apply(&found);
    } else {
        remember_refused(&found);
    }
    found
}

/// Keeps why found displays were refused, for [`how_to_fix`].
fn remember_refused(found: &Found) {
    if !found.refused.is_empty() {
        let _ = REFUSED.set(found.refused.join("; "));
    }
}

/// `XAUTHORITY` when `DISPLAY` came without it and Xlib's default (`~/.Xauthority`) is not
/// there: Gemini CLI drops every variable whose name holds `AUTH`, and GNOME's X sessions
/// keep their cookie in `/run/user/UID/gdm/Xauthority`. Taken from the user manager's
/// environment, else from that file.
fn missing_cookie() -> Found {
    let mut found = Found::default();
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    let home_cookie = std::env::var_os("HOME")
        .map(|home| Path::new(&home).join(".Xauthority"))
        .is_some_and(|cookie| cookie.is_file());
    if !set("DISPLAY") || set("XAUTHORITY") || home_cookie {
        return found;
    }
    let Some(runtime) = runtime_dir() else {
        return found;
    };
    let bus = runtime.join("bus");
    let from_manager = own_socket(&bus)
        .then(|| user_manager_environment(&bus))
        .flatten()
        .and_then(|environment| {
            pick(&environment)
                .into_iter()
                .find(|(name, _)| name == "XAUTHORITY")
        })
        .map(|(_, value)| value)
        .filter(|cookie| Path::new(cookie).is_file());
    let gdm = runtime.join("gdm").join("Xauthority");
    let cookie = match from_manager {
        Some(cookie) => Some((cookie, Source::UserManager)),
        None => gdm.is_file().then(|| (gdm.into(), Source::GdmCookie)),
    };
    if let Some((cookie, source)) = cookie {
        found.variables.push(("XAUTHORITY".into(), cookie));
        found.display = Some(source);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_numbers_are_read_as_xlib_reads_them() {
        for (display, number) in [
            (":0", Some(Some(0))),
            (":12.0", Some(Some(12))),
            ("unix:3", Some(Some(3))),
            ("remote.example:0", Some(None)),
            ("localhost:10.0", Some(None)),
            ("nonsense", None),
            (":x", None),
        ] {
            assert_eq!(x_display_number(display), number, "{display}");
        }
    }

    #[test]
    fn the_user_manager_s_list_gives_only_the_session_s_variables() {
        let environment = [
            "PATH=/usr/bin",
            "DISPLAY=:1",
            "WAYLAND_DISPLAY=wayland-0",
            "LANG=de_DE.UTF-8",
            "XAUTHORITY=/run/user/1000/.mutter-Xwaylandauth.ABC",
            "LC_ALL=",
            "SECRET_TOKEN=x",
        ]
        .map(str::to_owned);
        let picked = pick(&environment);
        let names: Vec<&str> = picked.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            ["DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "LANG"],
            "empty values and foreign variables are left"
        );
    }

    #[test]
    fn a_display_is_kept_only_while_a_trusted_server_listens() {
        let dir = std::env::temp_dir().join(format!("fe-session-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let wayland = || vec![("WAYLAND_DISPLAY".to_owned(), OsString::from("wayland-9"))];
        let mut stale = wayland();
        assert!(keep_trusted(&mut stale, &dir).is_empty());
        assert!(stale.is_empty(), "no socket: dropped");
        let listener = std::os::unix::net::UnixListener::bind(dir.join("wayland-9")).expect("bind");
        let mut live = wayland();
        assert!(keep_trusted(&mut live, &dir).is_empty());
        assert_eq!(live, wayland(), "our own compositor: kept");
        assert_eq!(
            wayland_socket(&dir, &mut Vec::new()),
            Some(OsString::from("wayland-9"))
        );
        drop(listener);
        // The file is left, nobody listens: a compositor that has ended.
        let mut ended = wayland();
        assert!(keep_trusted(&mut ended, &dir).is_empty());
        assert!(ended.is_empty());
        assert_eq!(wayland_socket(&dir, &mut Vec::new()), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A found display is never used over TCP: before, `host:N` was taken as it was.
    #[test]
    fn a_found_display_on_another_host_is_refused_saying_why() {
        let mut remote = vec![
            ("DISPLAY".to_owned(), OsString::from("remote.example:0")),
            ("LANG".to_owned(), OsString::from("C.UTF-8")),
        ];
        let refused = keep_trusted(&mut remote, Path::new("/nonexistent"));
        assert_eq!(remote, [("LANG".to_owned(), OsString::from("C.UTF-8"))]);
        assert_eq!(
            refused,
            [
                "DISPLAY=remote.example:0 (from the systemd user manager's environment) is \
              reached over TCP, where whose server it is cannot be checked: not used"
            ]
        );
    }

    #[test]
    fn a_peer_is_judged_by_its_credentials_and_tcp_by_nothing() {
        let (ours, _theirs) = std::os::unix::net::UnixStream::pair().expect("a socket pair");
        assert_eq!(peer_of(&ours), Peer::Trusted);
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let tcp =
            std::net::TcpStream::connect(listener.local_addr().expect("address")).expect("connect");
        assert_eq!(peer_of(&tcp), Peer::NotLocal);
        assert_eq!(
            Peer::Other(1234).judge("DISPLAY=:93"),
            Err(
                "DISPLAY=:93 is served by another user (uid 1234), not by this user or root: \
                 not used"
                    .to_owned()
            )
        );
    }

    #[test]
    fn one_x_socket_of_ours_is_the_display_and_two_are_a_guess() {
        let dir = std::env::temp_dir().join(format!("fe-x11-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        assert_eq!(only_x_socket(&dir), None);
        let _one = std::os::unix::net::UnixListener::bind(dir.join("X7")).expect("bind");
        std::fs::write(dir.join("X8-lock"), b"").expect("a non-socket");
        assert_eq!(only_x_socket(&dir), Some(OsString::from(":7")));
        let _two = std::os::unix::net::UnixListener::bind(dir.join("X9")).expect("bind");
        assert_eq!(only_x_socket(&dir), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_line_names_what_was_found_and_where() {
        let found = Found {
            serve: Some("/run/user/1000/form-elicitation/socket".into()),
            variables: vec![
                ("DISPLAY".into(), ":0".into()),
                ("XAUTHORITY".into(), "/x".into()),
            ],
            display: Some(Source::UserManager),
            refused: Vec::new(),
        };
        assert_eq!(
            found.describe(),
            "DISPLAY and WAYLAND_DISPLAY are unset here; using the desktop session's: serve's \
             socket /run/user/1000/form-elicitation/socket, then DISPLAY=:0 from the systemd \
             user manager's environment"
        );
    }
}

//! The X11 harness of the end-to-end window tests: an `Xvfb` of our own for each test (no
//! window manager), the binary started on it with a request on stdin, its window found,
//! focused and waited for until it says it is on screen, and `xdotool` to type. The same
//! [`Desktop`] interface as the Wayland harness ([`super::sway`]).

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::thread;
use std::time::{Duration, Instant};

use super::desktop::{Desktop, Input, Shown, TOOL_TIMEOUT, WINDOW_TIMEOUT, Window, unique_title};
use super::process::{Output, Running, ShownSignal, without_terminal};
use super::{BIN, tools_or_skip};

// ---------------------------------------------------------------------------------------------
// Skipping

/// Whether the tools these tests need are on PATH: `Xvfb`, `xdotool`, plus `extra`. When some
/// are missing, [`skip`]s (a failure under `FORM_ELICITATION_E2E=require`) and returns false.
pub fn tools_available(extra: &[&str]) -> bool {
    let tools: Vec<&str> = ["Xvfb", "xdotool"].iter().chain(extra).copied().collect();
    tools_or_skip("window tests", &tools)
}

/// A fresh Xvfb, or `None` (after the loud message) when the tools are missing.
pub fn display_or_skip(extra: &[&str]) -> Option<Xvfb> {
    shared_or_skip(extra, Xvfb::start)
}

/// [`display_or_skip`] on an X server that resets when its last client leaves
/// ([`Xvfb::start_resetting`]).
pub fn resetting_display_or_skip() -> Option<Xvfb> {
    shared_or_skip(&[], Xvfb::start_resetting)
}

/// The X server `start` makes, held with a shared turn (other window tests run beside it,
/// not one that types through remapped keys), or `None` when the tools are missing.
fn shared_or_skip(extra: &[&str], start: fn() -> Xvfb) -> Option<Xvfb> {
    if !tools_available(extra) {
        return None;
    }
    let turn = TURNS
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut x = start();
    x._shared = Some(turn);
    Some(x)
}

/// [`display_or_skip`] for a test that types through remapped keys: it runs while no other
/// window test does.
///
/// xdotool maps a character missing from the keymap to a spare key for about 3 ms (at its
/// default speed), and the window must read the map within them. Our window keeps up (see
/// docs/typing.md), but two cores shared with a sibling test that paints through
/// software GL can delay any X client past 3 ms (YAD too): such a test would measure the
/// machine. The typing itself stays at full speed.
pub fn display_alone_or_skip(extra: &[&str]) -> Option<Xvfb> {
    if !tools_available(extra) {
        return None;
    }
    let turn = TURNS
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut x = Xvfb::start();
    x._alone = Some(turn);
    Some(x)
}

/// Whether the X server resets when its last client leaves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reset {
    /// `-noreset`: our tests' default, the server keeps its state between clients.
    Never,
    /// Xvfb's and `xvfb-run`'s default.
    WhenLastClientLeaves,
}

/// Taken shared by every window test and alone by [`display_alone_or_skip`].
static TURNS: RwLock<()> = RwLock::new(());

/// Runs a short helper command to its end (at most [`TOOL_TIMEOUT`]).
pub fn run_tool(display: &str, program: &str, args: &[&str]) -> Output {
    let mut command = Command::new(program);
    command.args(args).env("DISPLAY", display);
    let what = format!("`{program} {}`", args.join(" "));
    Running::spawn(&what, command, None).wait_output(TOOL_TIMEOUT)
}

// ---------------------------------------------------------------------------------------------
// The X server

/// Display numbers handed out by this process, so parallel tests never pick the same one.
static NEXT_DISPLAY: AtomicU32 = AtomicU32::new(0);

/// An `Xvfb` of our own; stopped on drop.
pub struct Xvfb {
    pub display: String,
    number: u32,
    server: Option<Running>,
    /// This test's turn (see [`display_alone_or_skip`]), held until the server is stopped.
    _shared: Option<RwLockReadGuard<'static, ()>>,
    _alone: Option<RwLockWriteGuard<'static, ()>>,
}

impl Xvfb {
    /// Starts `Xvfb` on a free display number and waits for its socket.
    pub fn start() -> Xvfb {
        Self::start_sized("1280x800x24")
    }

    /// [`Xvfb::start`] with a screen of `screen` (`WIDTHxHEIGHTxDEPTH`).
    pub fn start_sized(screen: &str) -> Xvfb {
        Self::start_server(screen, Reset::Never, &[])
    }

    /// [`Xvfb::start`] as `xvfb-run` starts it (so many a CI): without `-noreset`, the server
    /// resets whenever its last client leaves.
    pub fn start_resetting() -> Xvfb {
        Self::start_server("1280x800x24", Reset::WhenLastClientLeaves, &[])
    }

    /// [`Xvfb::start`] with `args` added to the server's (`-auth FILE`, say): a test that wants
    /// an X server of its own kind still gets the free display number, the wait for the
    /// socket, and the stop that removes the socket and the lock.
    pub fn start_with(args: &[&OsStr]) -> Xvfb {
        Self::start_server("1280x800x24", Reset::Never, args)
    }

    fn start_server(screen: &str, reset: Reset, args: &[&OsStr]) -> Xvfb {
        let base = 50 + std::process::id() % 400;
        let mut failures = Vec::new();
        for _ in 0..40 {
            let number = base + NEXT_DISPLAY.fetch_add(1, Ordering::SeqCst);
            let socket = format!("/tmp/.X11-unix/X{number}");
            let lock = format!("/tmp/.X{number}-lock");
            if Path::new(&socket).exists() || Path::new(&lock).exists() {
                continue;
            }
            let display = format!(":{number}");
            let mut command = Command::new("Xvfb");
            command.args([display.as_str(), "-screen", "0", screen]);
            if reset == Reset::Never {
                command.arg("-noreset");
            }
            command.args(["-nolisten", "tcp"]).args(args);
            let mut server = Running::spawn(&format!("Xvfb {display}"), command, None);
            let deadline = Instant::now() + Duration::from_secs(5);
            while !Path::new(&socket).exists() && server.running() && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(20));
            }
            if Path::new(&socket).exists() && server.running() {
                return Xvfb {
                    display,
                    number,
                    server: Some(server),
                    _shared: None,
                    _alone: None,
                };
            }
            // Lost a race for this number with another process, or Xvfb failed: next one.
            let out = server.stop();
            failures.push(format!("{display}: {}", out.describe()));
        }
        panic!("cannot start Xvfb on any display:\n{}", failures.join("\n"));
    }

    /// Starts the binary with `args`, `envs` and `request` on stdin; waits until a window named
    /// `title` is mapped, focuses it and waits until it is on screen.
    pub fn launch(
        &self,
        request: &str,
        args: &[&str],
        envs: &[(&str, &str)],
        title: &str,
    ) -> Shown {
        let mut shown = self.run(request, args, envs);
        self.wait_for_window(&mut shown, title);
        shown
    }

    /// Starts the binary with `args`, `envs` and `request` on stdin; does not wait for anything.
    pub fn run(&self, request: &str, args: &[&str], envs: &[(&str, &str)]) -> Shown {
        self.run_under(&[], request, args, envs)
    }

    /// [`Xvfb::run`], the binary started by `wrapper` (a program and its arguments, the
    /// binary's path and `args` after them: a tracer, say); an empty `wrapper` starts it
    /// directly.
    pub fn run_under(
        &self,
        wrapper: &[&OsStr],
        request: &str,
        args: &[&str],
        envs: &[(&str, &str)],
    ) -> Shown {
        let mut command = match wrapper.split_first() {
            Some((program, rest)) => {
                let mut command = Command::new(program);
                command.args(rest).arg(BIN);
                command
            }
            None => Command::new(BIN),
        };
        command
            .args(args)
            .envs(super::ENGLISH)
            .env("XDG_STATE_HOME", super::process::fresh_state_home())
            .envs(envs.iter().copied());
        without_terminal(&mut command);
        self.spawn("form-elicitation", command, Some(request.as_bytes()))
    }

    /// Starts `command` (the binary, or a client that starts it) on this display with a fresh
    /// on-screen signal in its environment, and `stdin` on its stdin; does not wait.
    pub fn spawn(&self, what: &str, mut command: Command, stdin: Option<&[u8]>) -> Shown {
        command.env("DISPLAY", &self.display);
        let shown_signal = ShownSignal::in_dir(&std::env::temp_dir());
        let (name, path) = shown_signal.env();
        command.env(name, path);
        Shown {
            started: Instant::now(),
            app: Running::spawn(what, command, stdin),
            window: None,
            shown_signal,
        }
    }

    /// Waits until a window titled `title` is mapped, focuses it and waits until it says it is
    /// on screen; returns its id. Panics (killing the program) when none comes in time.
    pub fn wait_for_window(&self, shown: &mut Shown, title: &str) -> String {
        let started = shown.started;
        let window = loop {
            if let Some(id) = self.find_windows(title).into_iter().next() {
                break id;
            }
            let app = &mut shown.app;
            if !app.running() || started.elapsed() > WINDOW_TIMEOUT {
                let alive = app.running();
                let out = app.stop();
                panic!(
                    "no window titled {title:?} appeared within {:?} (program {}).\n{}",
                    started.elapsed(),
                    if alive {
                        "still running, killed"
                    } else {
                        "exited"
                    },
                    out.describe()
                );
            }
            thread::sleep(Duration::from_millis(50));
        };
        let focus = run_tool(
            &self.display,
            "xdotool",
            &["windowfocus", "--sync", &window],
        );
        assert_eq!(
            focus.code,
            Some(0),
            "cannot focus window {window}:\n{}",
            focus.describe()
        );
        // The first frame is on screen (and the first field has the keyboard focus).
        shown.shown_signal.wait(&mut shown.app, WINDOW_TIMEOUT);
        shown.window = Some(Window {
            id: window.clone(),
            title: title.to_owned(),
        });
        window
    }

    /// [`Desktop::open`] without environment of the test's own.
    pub fn show(&self, name: &str, request: &str, args: &[&str]) -> Shown {
        self.open(name, request, args, &[])
    }

    /// The ids of the visible windows titled exactly `title`.
    pub fn find_windows(&self, title: &str) -> Vec<String> {
        let pattern = format!("^{title}$");
        let out = run_tool(
            &self.display,
            "xdotool",
            &["search", "--onlyvisible", "--name", &pattern],
        );
        out.stdout
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect()
    }

    /// Presses and releases one key (xdotool key name) in the focused window. No pause after
    /// it: keys that come faster than the window paints must land in order all the same.
    pub fn key(&self, key: &str) {
        let out = run_tool(&self.display, "xdotool", &["key", key]);
        assert_eq!(
            out.code,
            Some(0),
            "xdotool key {key} failed:\n{}",
            out.describe()
        );
    }

    /// Types `text` into the focused window at xdotool's default speed (a key every 12 ms),
    /// the way password managers' auto-type and VNC servers type too.
    pub fn type_text(&self, text: &str) {
        let out = run_tool(&self.display, "xdotool", &["type", text]);
        assert_eq!(
            out.code,
            Some(0),
            "xdotool type failed:\n{}",
            out.describe()
        );
    }

    /// Asks the window to close the way a window manager does: a `WM_PROTOCOLS` client message
    /// carrying `WM_DELETE_WINDOW` (unlike `xdotool windowclose`, which destroys the window).
    pub fn send_wm_delete_window(&self, window: &str) {
        let out = run_tool(&self.display, "python3", &["-c", WM_DELETE_SCRIPT, window]);
        assert_eq!(
            out.code,
            Some(0),
            "cannot send WM_DELETE_WINDOW to {window}:\n{}",
            out.describe()
        );
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let Some(mut server) = self.server.take() else {
            return;
        };
        // SIGTERM, so that Xvfb removes its lock file and socket; SIGKILL (by `Running`'s drop)
        // only if it does not go.
        let _ = Command::new("kill")
            .args(["-TERM", &server.pid().to_string()])
            .stderr(Stdio::null())
            .status();
        let deadline = Instant::now() + Duration::from_secs(3);
        while server.running() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(20));
        }
        if server.running() {
            eprintln!("Xvfb :{} ignored SIGTERM; killing it", self.number);
        }
    }
}

/// Sends `ClientMessage(WM_PROTOCOLS, WM_DELETE_WINDOW)` to the window given as argv[1] on
/// `$DISPLAY`, through libX11 with ctypes.
const WM_DELETE_SCRIPT: &str = r#"
import ctypes, sys
x = ctypes.CDLL("libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XInternAtom.restype = ctypes.c_ulong
x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x.XSendEvent.restype = ctypes.c_int
x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x.XCloseDisplay.argtypes = [ctypes.c_void_p]

class XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong),
                ("message_type", ctypes.c_ulong), ("format", ctypes.c_int),
                ("l", ctypes.c_long * 5)]

class XEvent(ctypes.Union):
    _fields_ = [("xclient", XClientMessageEvent), ("pad", ctypes.c_long * 24)]

dpy = x.XOpenDisplay(None)
if not dpy:
    sys.exit("cannot open display")
window = int(sys.argv[1], 0)
ev = XEvent()
ev.xclient.type = 33  # ClientMessage
ev.xclient.display = dpy
ev.xclient.window = window
ev.xclient.message_type = x.XInternAtom(dpy, b"WM_PROTOCOLS", 0)
ev.xclient.format = 32
ev.xclient.l[0] = x.XInternAtom(dpy, b"WM_DELETE_WINDOW", 0)
ev.xclient.l[1] = 0  # CurrentTime
if not x.XSendEvent(dpy, window, 0, 0, ctypes.byref(ev)):
    sys.exit("XSendEvent failed")
x.XSync(dpy, 0)
x.XCloseDisplay(dpy)
"#;

impl Desktop for Xvfb {
    fn open(&self, name: &str, request: &str, args: &[&str], envs: &[(&str, &str)]) -> Shown {
        let title = unique_title(name);
        let mut all = vec!["--title", title.as_str()];
        all.extend_from_slice(args);
        self.launch(request, &all, envs, &title)
    }

    /// One `xdotool type` run, at its default speed: Tab, Space and Return are typed as the
    /// characters `\t`, ` ` and `\r` (xdotool types `\n` as Linefeed, which no toolkit takes
    /// for Enter), so they are keys like the letters around them. (xdotool cannot chain a
    /// `key` after a `type`: `type` takes every argument after it as text.)
    fn burst(&self, inputs: &[Input<'_>]) {
        let mut text = String::new();
        for input in inputs {
            match input {
                Input::Text(part) => text.push_str(part),
                Input::Key("Tab") => text.push('\t'),
                Input::Key("space") => text.push(' '),
                Input::Key("Return") => text.push('\r'),
                Input::Key(other) => panic!("an X11 burst cannot press {other}"),
            }
        }
        let args = ["type", text.as_str()];
        let out = run_tool(&self.display, "xdotool", &args);
        assert_eq!(out.code, Some(0), "xdotool failed:\n{}", out.describe());
    }

    fn type_text(&self, text: &str) {
        Xvfb::type_text(self, text);
    }

    fn key(&self, key: &str) {
        Xvfb::key(self, key);
    }
}

//! Forms reach the person when whoever starts us hides the desktop (issue 42): the helper and
//! the proxy started the way MCP clients start servers (the official SDKs' default
//! environments, `env -i HOME PATH USER`), with no `DISPLAY`, `WAYLAND_DISPLAY` or
//! `XDG_RUNTIME_DIR`, find the person's session (serve's default socket, the systemd user
//! manager's environment) or say in one line how to fix it.
//!
//! They run as the unprivileged test user (`form-elicitation-e2e`, made by `.ci/run`), whose
//! `/run/user/UID` the test makes and empties: the root that runs the other tests never looks
//! there, so no other test's asker can reach the session these tests set up. Root and setpriv
//! are needed, as for serve's other-user test.

use std::ffi::OsStr;
use std::os::linux::net::SocketAddrExt as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use super::support::desktop::{ANSWER_TIMEOUT, WINDOW_TIMEOUT, unique_title};
use super::support::process::{Output, Running, ShownWindows, without_terminal};
use super::support::sway::{Account, USER};
use super::support::temp::TempDir;
use super::support::xvfb::{Xvfb, display_or_skip, run_tool};
use super::support::{on_path, place_binary, root, skip, test_user_or_skip};

/// A request with one required text field.
const NAME_REQUEST: &str = r#"{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"Name"}},"required":["name"]}}"#;

/// The tests share the user's runtime directory: one at a time.
static TURN: Mutex<()> = Mutex::new(());

/// The test user, with a fresh `/run/user/UID` and a copy of the binary it may run.
struct Person {
    uid: u32,
    gid: u32,
    runtime: PathBuf,
    /// A folder the user may read, holding the binary's copy.
    dir: PathBuf,
    bin: PathBuf,
    _turn: MutexGuard<'static, ()>,
}

impl Person {
    /// The test user, or `None` after saying why not.
    fn new_or_skip(name: &str) -> Option<Person> {
        if !rustix::process::geteuid().is_root() || !on_path("setpriv") {
            skip(
                "the session tests run as root with setpriv",
                "run the tests as root, as .ci/run does",
            );
            return None;
        }
        let Account { uid, gid } = test_user_or_skip("each session test")?;
        let turn = TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let runtime = PathBuf::from(format!("/run/user/{uid}"));
        let _ = std::fs::remove_dir_all(&runtime);
        std::fs::create_dir_all(&runtime).expect("the user's runtime directory");
        chown(&runtime, uid, gid);
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).expect("chmod");
        let dir = std::env::temp_dir().join(format!("fe-session-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder for the binary");
        // The user's window writes its on-screen signal there.
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        // A copy the user can run: the checkout may be where only root can read.
        let bin = dir.join("form-elicitation");
        place_binary(&bin);
        Some(Person {
            uid,
            gid,
            runtime,
            dir,
            bin,
            _turn: turn,
        })
    }

    /// `setpriv` arguments that run what follows as the user.
    fn setpriv_args(&self) -> Vec<String> {
        vec![
            format!("--reuid={}", self.uid),
            format!("--regid={}", self.gid),
            "--clear-groups".into(),
            "--".into(),
        ]
    }

    /// `program` run as the user with only `HOME`, `PATH` and `USER`, as `env -i` gives them
    /// (and clients' allow-lists): no display, no runtime directory, no bus, no terminal.
    fn bare(&self, program: impl AsRef<OsStr>) -> Command {
        let mut command = Command::new("setpriv");
        command
            .args(self.setpriv_args())
            .arg(program)
            .env_clear()
            .env("HOME", "/")
            .env("PATH", "/usr/bin:/bin")
            .env("USER", USER);
        without_terminal(&mut command);
        command
    }

    /// `form-elicitation serve` as the user on the desktop `x`, at its default place (the
    /// socket unit's), its windows signalling to `windows`.
    fn serve(&self, x: &Xvfb, windows: &ShownWindows) -> Running {
        let mut command = self.bare(&self.bin);
        command
            .arg("serve")
            .env("DISPLAY", &x.display)
            .env("XDG_RUNTIME_DIR", &self.runtime)
            .env("LANG", "C.UTF-8");
        let (name, path) = windows.env();
        // The user's windows write their on-screen signals there.
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        command.env(name, path);
        let serve = Running::spawn("form-elicitation serve", command, None);
        let socket = self.runtime.join("form-elicitation/socket");
        let deadline = Instant::now() + Duration::from_secs(10);
        while !socket.exists() {
            assert!(
                Instant::now() < deadline,
                "serve made no socket at {socket:?}"
            );
            thread::sleep(Duration::from_millis(20));
        }
        serve
    }

    /// A session bus at `/run/user/UID/bus` and a stand-in for the systemd user manager on it
    /// whose `Environment` is `environment`, both as the user, up and answering.
    fn user_manager(&self, environment: &[&str]) -> UserManager {
        let bus = self.runtime.join("bus");
        let mut daemon = self.bare("dbus-daemon");
        daemon.args([
            "--session",
            "--nofork",
            &format!("--address=unix:path={}", bus.display()),
        ]);
        let mut daemon = Running::spawn("dbus-daemon", daemon, None);
        let deadline = Instant::now() + Duration::from_secs(10);
        while !bus.exists() {
            assert!(daemon.running() && Instant::now() < deadline, "no bus");
            thread::sleep(Duration::from_millis(20));
        }
        let script = self.dir.join("user_manager.py");
        std::fs::copy(root().join("tests/session/user_manager.py"), &script).expect("copy");
        let mut manager = self.bare("/usr/bin/python3");
        manager.arg(&script).args(environment).env(
            "DBUS_SESSION_BUS_ADDRESS",
            format!("unix:path={}", bus.display()),
        );
        let mut manager = Running::spawn("the user manager's stand-in", manager, None);
        let ready = Instant::now() + Duration::from_secs(10);
        // It owns its name once `busctl` can read the property through the bus.
        while !self
            .bare("busctl")
            .args([
                "--address",
                &format!("unix:path={}", bus.display()),
                "get-property",
                "org.freedesktop.systemd1",
                "/org/freedesktop/systemd1",
                "org.freedesktop.systemd1.Manager",
                "Environment",
            ])
            .output()
            .is_ok_and(|o| o.status.success())
        {
            assert!(
                manager.running() && Instant::now() < ready,
                "the stand-in did not come up:\n{}",
                manager.stop().describe()
            );
            thread::sleep(Duration::from_millis(50));
        }
        UserManager {
            _manager: manager,
            _daemon: daemon,
        }
    }
}

/// The user's session bus and its user manager's stand-in; stopped on drop (the manager
/// first).
struct UserManager {
    _manager: Running,
    _daemon: Running,
}

impl Drop for Person {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.runtime);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn chown(path: &Path, uid: u32, gid: u32) {
    std::os::unix::fs::chown(path, Some(uid), Some(gid)).expect("chown");
}

/// Waits until a window whose title holds `token` is on screen (its shown signal in
/// `windows`, or in `file`), focuses it, types `text` and Enter.
fn answer_window(x: &Xvfb, signal: &Path, token: &str, text: &str, asker: &mut Running) {
    let started = Instant::now();
    let window = loop {
        let found = run_tool(
            &x.display,
            "xdotool",
            &["search", "--onlyvisible", "--name", token],
        );
        let shown = if signal.is_dir() {
            std::fs::read_dir(signal)
                .map(|mut d| {
                    d.any(|e| e.is_ok_and(|e| e.file_name().to_string_lossy().contains(token)))
                })
                .unwrap_or(false)
        } else {
            signal.exists()
        };
        if let (Some(id), true) = (found.stdout.lines().next(), shown) {
            break id.trim().to_owned();
        }
        if !asker.running() || started.elapsed() > WINDOW_TIMEOUT {
            let out = asker.stop();
            panic!(
                "no window titled with {token:?} came within {:?}:\n{}",
                started.elapsed(),
                out.describe()
            );
        }
        thread::sleep(Duration::from_millis(50));
    };
    let focus = run_tool(&x.display, "xdotool", &["windowfocus", "--sync", &window]);
    assert_eq!(focus.code, Some(0), "{}", focus.describe());
    x.type_text(text);
    x.key("Return");
}

/// The one line that names both fixes, when nothing is found.
fn names_both_fixes(text: &str) -> bool {
    // As it is, or inside a JSON string.
    let text = text.replace(r#"\""#, "\"");
    text.contains(r#""env": {"DISPLAY": ":0"}"#)
        && text.contains("systemctl --user enable --now form-elicitation.socket")
}

/// The helper started with only HOME, PATH and USER (a Perl server under a client that
/// allow-lists its servers' environment) sends its form to serve's socket at its default
/// place, though XDG_RUNTIME_DIR is unset; the answer typed on the desktop comes back.
#[test]
fn a_helper_with_a_bare_environment_reaches_serve_at_its_default_place() {
    let Some(person) = Person::new_or_skip("serve") else {
        return;
    };
    let Some(x) = display_or_skip(&[]) else {
        return;
    };
    let windows = ShownWindows::new();
    let mut serve = person.serve(&x, &windows);
    let token = unique_title("bare");
    let mut command = person.bare(&person.bin);
    command.args(["--server", &token]);
    let mut asker = Running::spawn("bare asker", command, Some(NAME_REQUEST.as_bytes()));
    answer_window(&x, windows.env().1, &token, "Ada", &mut asker);
    let out = asker.wait_output(ANSWER_TIMEOUT);
    assert_eq!(
        out.stdout,
        "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}\n",
        "{}\nserve:\n{}",
        out.describe(),
        serve.stop().describe()
    );
    assert_eq!(out.code, Some(0));
    assert!(
        out.stderr.contains(&format!(
            "serve's socket /run/user/{}/form-elicitation/socket",
            person.uid
        )),
        "stderr says once where the session came from:\n{}",
        out.describe()
    );
}

/// With nothing to find (no serve, no user manager, no compositor of the user's), the
/// helper exits 3 with one line that names both fixes.
#[test]
fn with_nothing_to_find_the_helper_exits_3_naming_both_fixes() {
    let Some(person) = Person::new_or_skip("nothing") else {
        return;
    };
    let out = Running::spawn(
        "bare asker",
        person.bare(&person.bin),
        Some(NAME_REQUEST.as_bytes()),
    )
    .wait_output(ANSWER_TIMEOUT);
    assert_eq!(out.code, Some(3), "{}", out.describe());
    assert!(out.stdout.is_empty(), "{}", out.describe());
    assert_eq!(
        out.stderr.lines().count(),
        1,
        "one line:\n{}",
        out.describe()
    );
    assert!(names_both_fixes(&out.stderr), "{}", out.describe());
}

/// The systemd user manager's environment (what `systemctl --user import-environment` and
/// desktops put there) gives the display when serve is not running: the window opens on it.
#[test]
fn the_user_manager_s_environment_gives_the_display() {
    let Some(person) = Person::new_or_skip("manager") else {
        return;
    };
    let Some(x) = display_or_skip(&["dbus-daemon"]) else {
        return;
    };
    let _manager = person.user_manager(&[&format!("DISPLAY={}", x.display), "LANG=C.UTF-8"]);
    let token = unique_title("manager");
    let signal = person.dir.join("shown");
    let mut command = person.bare(&person.bin);
    command
        .args(["--server", &token])
        .env("FORM_ELICITATION_TEST_SHOWN_FILE", &signal);
    let mut asker = Running::spawn("bare asker", command, Some(NAME_REQUEST.as_bytes()));
    answer_window(&x, &signal, &token, "Grace", &mut asker);
    let out = asker.wait_output(ANSWER_TIMEOUT);
    assert_eq!(
        out.stdout,
        "{\"action\":\"accept\",\"content\":{\"name\":\"Grace\"}}\n",
        "{}",
        out.describe()
    );
    assert!(
        out.stderr.contains(&format!(
            "DISPLAY={} from the systemd user manager's environment",
            x.display
        )),
        "{}",
        out.describe()
    );
}

/// The proxy under the official TypeScript SDK's `StdioClientTransport` with no `env` (the
/// SDK's default environment, as Claude Desktop, Cline and the Inspector start servers): the
/// server's form reaches the desktop through serve's default socket, and with nothing to find
/// the tool call's error names both fixes.
#[test]
fn a_typescript_sdk_client_with_its_default_environment_gets_the_form() {
    let Some(modules) = super::proxy::harness::node_modules_or_skip() else {
        return;
    };
    let Some(python) = super::proxy::harness::python_or_skip() else {
        return;
    };
    let Some(person) = Person::new_or_skip("ts") else {
        return;
    };
    let Some(x) = display_or_skip(&[]) else {
        return;
    };
    let sdk = ForTheUser::stage(&python);
    let client = |token: &str| {
        let mut command = Command::new("node");
        command
            .arg(root().join("tests/proxy/default_env_client.cjs"))
            .arg("setpriv")
            .args(person.setpriv_args())
            .arg(&person.bin)
            .args(["proxy", &format!("--server={token}"), "--"])
            .arg(&sdk.python)
            .arg(sdk.scripts.join("server.py"))
            .env("NODE_PATH", &modules)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("XDG_RUNTIME_DIR")
            .env_remove("DBUS_SESSION_BUS_ADDRESS");
        without_terminal(&mut command);
        Running::spawn("the TypeScript client", command, None)
    };
    // Nothing to find first.
    let out = client(&unique_title("ts-none")).wait_output(ANSWER_TIMEOUT);
    assert!(names_both_fixes(&out.stdout), "{}", out.describe());
    // Then serve at its default place.
    let windows = ShownWindows::new();
    let mut serve = person.serve(&x, &windows);
    let token = unique_title("ts");
    let mut running = client(&token);
    answer_window(&x, windows.env().1, &token, "Ada", &mut running);
    let out = running.wait_output(ANSWER_TIMEOUT);
    assert!(
        out.stdout.contains(r#""text":"hello Ada""#),
        "{}\nserve:\n{}",
        out.describe(),
        serve.stop().describe()
    );
}

/// The same under the official Python SDK's stdio client with no `env` (its
/// `get_default_environment`).
#[test]
fn a_python_sdk_client_with_its_default_environment_gets_the_form() {
    let Some(python) = super::proxy::harness::python_or_skip() else {
        return;
    };
    let Some(person) = Person::new_or_skip("py") else {
        return;
    };
    let Some(x) = display_or_skip(&[]) else {
        return;
    };
    let windows = ShownWindows::new();
    let mut serve = person.serve(&x, &windows);
    let token = unique_title("py");
    // The client runs as root, the proxy and the server it starts (the client's own Python,
    // beside the client's script) as the user.
    let sdk = ForTheUser::stage(&python);
    let mut command = Command::new(&sdk.python);
    command
        .arg(sdk.scripts.join("client.py"))
        .arg(&person.bin)
        .args(["legacy", "ask_name", "--default-env"])
        .arg(format!("--as-user={}:{}", person.uid, person.gid))
        .arg(format!("--proxy-arg=--server={token}"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("DBUS_SESSION_BUS_ADDRESS");
    without_terminal(&mut command);
    let mut running = Running::spawn("the Python client", command, None);
    answer_window(&x, windows.env().1, &token, "Ada", &mut running);
    let out: Output = running.wait_output(ANSWER_TIMEOUT);
    assert!(
        out.stdout.contains(r#""text": "hello Ada""#),
        "{}\nserve:\n{}",
        out.describe(),
        serve.stop().describe()
    );
}

/// The SDK's Python and `tests/proxy`'s scripts where the test user can run them. The
/// checkout may sit in a private folder (0700, as `mktemp -d` makes it and as home folders
/// are on Ubuntu and Fedora), through which that user cannot reach `target/proxy-venv`: the
/// proxy said "cannot start the server …: Permission denied".
struct ForTheUser {
    _dir: TempDir,
    /// The Python, in a copy of its venv when it is one.
    python: PathBuf,
    /// A copy of `tests/proxy`.
    scripts: PathBuf,
}

impl ForTheUser {
    /// Copies (hard links, where the file systems allow) the venv `python` is in, and
    /// `tests/proxy`, into a folder of their own. A venv's Python finds its packages from
    /// where it is started (the `pyvenv.cfg` beside its `bin`), so the copy runs as the
    /// original does.
    fn stage(python: &Path) -> ForTheUser {
        let dir = TempDir::new("session-sdk");
        let venv = python
            .parent()
            .and_then(Path::parent)
            .filter(|venv| venv.join("pyvenv.cfg").is_file());
        let staged_python = match (venv, python.file_name()) {
            (Some(venv), Some(name)) => {
                copy_tree(venv, &dir.path().join("venv"));
                dir.path().join("venv/bin").join(name)
            }
            _ => python.to_owned(),
        };
        let scripts = dir.path().join("proxy");
        copy_tree(&root().join("tests/proxy"), &scripts);
        ForTheUser {
            _dir: dir,
            python: staged_python,
            scripts,
        }
    }
}

/// `from` copied to `to` with `cp -a`, as hard links where the file systems allow (the
/// venv is 70 MB); in a child process, for the reason `support::write_executable` gives.
fn copy_tree(from: &Path, to: &Path) {
    let linked = Command::new("cp")
        .arg("-al")
        .arg(from)
        .arg(to)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !linked {
        let _ = std::fs::remove_dir_all(to);
        let copied = Command::new("cp")
            .arg("-a")
            .arg(from)
            .arg(to)
            .status()
            .is_ok_and(|status| status.success());
        assert!(copied, "cannot copy {} to {}", from.display(), to.display());
    }
}

/// A session bus of the test's own with a notification daemon (Debian's dunst) on `x`.
struct Notifications {
    address: String,
    _dir: TempDir,
    _bus: Running,
    _daemon: Running,
}

impl Notifications {
    fn start(x: &Xvfb) -> Notifications {
        let dir = TempDir::new("notify");
        let address = format!("unix:path={}", dir.0.join("bus").display());
        let mut bus = Command::new("dbus-daemon");
        bus.args(["--session", "--nofork", &format!("--address={address}")]);
        let bus = Running::spawn("dbus-daemon", bus, None);
        // Its configuration of its own, not the machine user's: the defaults, but for the
        // menu program, which records what dunst's context menu offers (see `menu`).
        let menu = dir.0.join("menu.sh");
        std::fs::write(
            &menu,
            format!("#!/bin/sh\ncat > '{}'\n", dir.0.join("menu.txt").display()),
        )
        .expect("the menu program");
        std::fs::set_permissions(&menu, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        std::fs::create_dir_all(dir.0.join("dunst")).expect("dunst's folder");
        std::fs::write(
            dir.0.join("dunst/dunstrc"),
            format!("[global]\n    dmenu = {} -p dunst\n", menu.display()),
        )
        .expect("dunstrc");
        let mut daemon = Command::new("dunst");
        daemon
            .env("DISPLAY", &x.display)
            .env("DBUS_SESSION_BUS_ADDRESS", &address)
            .env("XDG_CONFIG_HOME", &dir.0);
        let daemon = Running::spawn("dunst", daemon, None);
        let notifications = Notifications {
            address,
            _dir: dir,
            _bus: bus,
            _daemon: daemon,
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while notifications.dunstctl(&["count", "displayed"]).code != Some(0) {
            assert!(Instant::now() < deadline, "dunst did not come up");
            thread::sleep(Duration::from_millis(50));
        }
        notifications
    }

    /// What dunst's context menu offers for the notifications on screen (its actions, `#`
    /// first, and every URL it found in them, which it opens in the browser when chosen).
    fn menu(&self) -> String {
        let offered = self._dir.0.join("menu.txt");
        let _ = std::fs::remove_file(&offered);
        let context = self.dunstctl(&["context"]);
        assert_eq!(context.code, Some(0), "{}", context.describe());
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Ok(menu) = std::fs::read_to_string(&offered)
                && !menu.is_empty()
            {
                return menu;
            }
            assert!(Instant::now() < deadline, "dunst opened no menu");
            thread::sleep(Duration::from_millis(50));
        }
    }

    fn dunstctl(&self, args: &[&str]) -> Output {
        let mut command = Command::new("dunstctl");
        command
            .args(args)
            .env("DBUS_SESSION_BUS_ADDRESS", &self.address);
        Running::spawn("dunstctl", command, None).wait_output(Duration::from_secs(10))
    }

    fn displayed(&self) -> String {
        self.dunstctl(&["count", "displayed"])
            .stdout
            .trim()
            .to_owned()
    }

    /// Waits until `displayed` notifications are on screen.
    fn wait_displayed(&self, count: &str, app: &mut Running) {
        let deadline = Instant::now() + WINDOW_TIMEOUT;
        while self.displayed() != count {
            if Instant::now() > deadline || !app.running() {
                panic!(
                    "not {count} notifications on screen but {}:\n{}",
                    self.displayed(),
                    app.stop().describe()
                );
            }
            thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The first window whose title holds `token`, once it says it is on screen.
fn window_with(x: &Xvfb, shown: &mut super::support::desktop::Shown, token: &str) -> String {
    let started = Instant::now();
    loop {
        let found = run_tool(
            &x.display,
            "xdotool",
            &["search", "--onlyvisible", "--name", token],
        );
        if let Some(id) = found.stdout.lines().next() {
            shown.shown_signal.wait(&mut shown.app, WINDOW_TIMEOUT);
            return id.trim().to_owned();
        }
        assert!(
            shown.app.running() && started.elapsed() < WINDOW_TIMEOUT,
            "no window with {token:?}:\n{}",
            shown.app.stop().describe()
        );
        thread::sleep(Duration::from_millis(50));
    }
}

/// Stands in for a window manager: takes the root window's redirect, so that a request to
/// activate a window (`_NET_ACTIVE_WINDOW`, what winit sends to raise and focus one) comes
/// to us; returns once one for `window` came.
fn wait_for_activation(
    connection: &x11rb::rust_connection::RustConnection,
    window: u32,
    after: impl FnOnce(),
) {
    use x11rb::connection::Connection as _;
    use x11rb::protocol::Event;
    use x11rb::protocol::xproto::{ChangeWindowAttributesAux, ConnectionExt as _, EventMask};
    let root = connection.setup().roots[0].root;
    let active = connection
        .intern_atom(false, b"_NET_ACTIVE_WINDOW")
        .expect("intern")
        .reply()
        .expect("atom")
        .atom;
    connection
        .change_window_attributes(
            root,
            &ChangeWindowAttributesAux::new().event_mask(EventMask::SUBSTRUCTURE_REDIRECT),
        )
        .expect("select")
        .check()
        .expect("no other window manager");
    after();
    let deadline = Instant::now() + WINDOW_TIMEOUT;
    loop {
        match connection.poll_for_event().expect("X events") {
            Some(Event::ClientMessage(message))
                if message.type_ == active && message.window == window =>
            {
                return;
            }
            Some(_) => {}
            None => {
                assert!(
                    Instant::now() < deadline,
                    "the window asked for no activation"
                );
                thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

/// A window that opens without the focus sends a desktop notification ("weather asks",
/// the message), whose action raises the window and which goes once the form is answered;
/// `--notify never` sends none. Against a real daemon (dunst) on a bus of the test's own.
#[test]
fn an_unfocused_form_is_announced_by_a_notification_that_goes_when_it_is_answered() {
    let Some(x) = display_or_skip(&["dunst", "dunstctl", "dbus-daemon"]) else {
        return;
    };
    let notifications = Notifications::start(&x);
    let bus = [("DBUS_SESSION_BUS_ADDRESS", notifications.address.as_str())];
    let token = unique_title("notify");
    // No window manager gives it the focus: it opens unfocused, as on another workspace.
    let mut shown = x.run(NAME_REQUEST, &["--server", &token], &bus);
    let window = window_with(&x, &mut shown, &token);
    notifications.wait_displayed("1", &mut shown.app);
    let connection = x11rb::connect(Some(&x.display)).expect("connect").0;
    let id: u32 = window.parse().expect("a window id");
    wait_for_activation(&connection, id, || {
        let action = notifications.dunstctl(&["action", "0"]);
        assert_eq!(action.code, Some(0), "{}", action.describe());
    });
    drop(connection);
    let focus = run_tool(&x.display, "xdotool", &["windowfocus", "--sync", &window]);
    assert_eq!(focus.code, Some(0), "{}", focus.describe());
    x.type_text("Ada");
    x.key("Return");
    let out = shown.app.wait_output(ANSWER_TIMEOUT);
    assert_eq!(
        out.stdout,
        "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}\n",
        "{}",
        out.describe()
    );
    assert_eq!(notifications.displayed(), "0", "closed with the answer");
    let history = notifications.dunstctl(&["history"]).stdout;
    assert!(
        history.contains(&format!("{token} asks")) && history.contains("Who are you?"),
        "the notification named who asks and what:\n{history}"
    );

    let never = unique_title("never");
    let mut shown = x.run(
        NAME_REQUEST,
        &["--server", &never, "--notify", "never"],
        &bus,
    );
    window_with(&x, &mut shown, &never);
    // Three times the grace `auto` gives a window to get the focus.
    thread::sleep(Duration::from_millis(1500));
    assert_eq!(notifications.displayed(), "0", "--notify never sends none");
}

/// Issue 54, item 5: the message went into the notification's body as it came; dunst found
/// its URLs and its context menu offered to open them in the browser at once, around the URL
/// consent, and the body showed raw Markdown. The menu offers our action alone, and the body
/// says that a form waits, with the message as plain text and its URLs and hosts defanged.
#[test]
fn a_notification_offers_no_link_and_shows_no_markdown() {
    let Some(x) = display_or_skip(&["dunst", "dunstctl", "dbus-daemon"]) else {
        return;
    };
    let notifications = Notifications::start(&x);
    let bus = [("DBUS_SESSION_BUS_ADDRESS", notifications.address.as_str())];
    let token = unique_title("links");
    let request = serde_json::json!({
        "message": "Release **v2.3** is out: read [the runbook](https://docs.example/run), \
                    then https://evil.example/x, www.evil.example or mail ops@evil.example.",
        "requestedSchema": {"type": "object",
            "properties": {"name": {"type": "string", "title": "Name"}}}})
    .to_string();
    let mut shown = x.run(&request, &["--server", &token], &bus);
    window_with(&x, &mut shown, &token);
    notifications.wait_displayed("1", &mut shown.app);
    let menu = notifications.menu();
    assert!(
        menu.lines().all(|item| item.starts_with('#')) && menu.contains("Open the form"),
        "dunst's menu offers something besides our action:\n{menu}"
    );
    let pid = rustix::process::Pid::from_raw(shown.app.pid() as i32).expect("a pid");
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).expect("SIGTERM");
    let out = shown.app.wait_output(ANSWER_TIMEOUT);
    assert_eq!(
        out.stdout,
        "{\"action\":\"cancel\"}\n",
        "{}",
        out.describe()
    );
    let history = notifications.dunstctl(&["history"]).stdout;
    for linkable in ["://", "docs.example", "www.evil", "ops@", "**", "]("] {
        assert!(!history.contains(linkable), "{linkable:?} in:\n{history}");
    }
    for said in [
        format!("{token} asks"),
        "A form is waiting for your answer.".to_owned(),
        "Release v2.3 is out: read the runbook".to_owned(),
        "https[:]//evil[.]example/x".to_owned(),
    ] {
        assert!(history.contains(&said), "{said:?} not in:\n{history}");
    }
}

/// Gemini CLI hands its servers `DISPLAY` but drops every variable whose name holds `AUTH`:
/// on a GNOME X session, whose cookie is `/run/user/UID/gdm/Xauthority` (not
/// `~/.Xauthority`), the X server then refused the window. The helper takes the cookie from
/// there. Here an Xvfb that demands a cookie, and a helper with `DISPLAY` and no `XAUTHORITY`.
#[test]
fn a_display_without_its_cookie_finds_gdm_s_cookie() {
    let Some(person) = Person::new_or_skip("cookie") else {
        return;
    };
    if !super::support::tools_or_skip("the cookie test", &["Xvfb", "xauth", "xdotool"]) {
        return;
    }
    let _turn = super::support::xvfb::display_or_skip(&[]);
    let cookie = person.dir.join("Xauthority");
    // The server takes every cookie of its file whatever display it names: one written before
    // the display's number is known, and again for that display for the helper to find.
    let add_cookie = |display: &str| {
        let make = Command::new("xauth")
            .arg("-f")
            .arg(&cookie)
            .args(["add", display, ".", "0123456789abcdef0123456789abcdef"])
            .output()
            .expect("xauth");
        assert!(make.status.success(), "{make:?}");
    };
    add_cookie(":0");
    let server = Xvfb::start_with(&[OsStr::new("-auth"), cookie.as_os_str()]);
    let display = server.display.clone();
    add_cookie(&display);
    let gdm = person.runtime.join("gdm");
    std::fs::create_dir_all(&gdm).expect("gdm's folder");
    std::fs::copy(&cookie, gdm.join("Xauthority")).expect("the session's cookie");
    for path in [&gdm, &gdm.join("Xauthority")] {
        chown(path, person.uid, person.gid);
    }
    let token = unique_title("cookie");
    let signal = person.dir.join("shown-cookie");
    let mut command = person.bare(&person.bin);
    command
        .args(["--server", &token])
        .env("DISPLAY", &display)
        .env("FORM_ELICITATION_TEST_SHOWN_FILE", &signal);
    let mut asker = Running::spawn(
        "asker without its cookie",
        command,
        Some(NAME_REQUEST.as_bytes()),
    );
    let deadline = Instant::now() + WINDOW_TIMEOUT;
    while !signal.exists() {
        if !asker.running() || Instant::now() > deadline {
            panic!("no window:\n{}", asker.stop().describe());
        }
        thread::sleep(Duration::from_millis(20));
    }
    let pid = rustix::process::Pid::from_raw(asker.pid() as i32).expect("a pid");
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).expect("SIGTERM");
    let out = asker.wait_output(ANSWER_TIMEOUT);
    assert_eq!(
        out.stdout,
        "{\"action\":\"cancel\"}\n",
        "{}",
        out.describe()
    );
    assert!(
        out.stderr.contains("XAUTHORITY=/run/user/")
            && out.stderr.contains("from GDM's file for the session"),
        "{}",
        out.describe()
    );
    drop(server);
}

// ---------------------------------------------------------------------------------------------
// Whose display (issue 54, items 1 and 2): a display that was found, not given, is used only
// when its server is the user's or root's, asked on the connection itself.

/// The other local user of these tests: `nobody`, neither root nor the test user.
const OTHER_UID: u32 = 65534;

/// `program` run as the other user, with a bare environment and no terminal.
fn as_other(program: impl AsRef<OsStr>) -> Command {
    let mut command = Command::new("setpriv");
    command
        .args([
            format!("--reuid={OTHER_UID}"),
            format!("--regid={OTHER_UID}"),
            "--clear-groups".into(),
            "--".into(),
        ])
        .arg(program)
        .env_clear()
        .env("HOME", "/")
        .env("PATH", "/usr/bin:/bin");
    without_terminal(&mut command);
    command
}

/// A display number whose socket (file and abstract) and lock are free, from `from` on.
fn free_display_number(from: u32) -> u32 {
    (from..from + 200)
        .find(|number| {
            let abstract_name = format!("/tmp/.X11-unix/X{number}");
            !Path::new(&abstract_name).exists()
                && !Path::new(&format!("/tmp/.X{number}-lock")).exists()
                && std::os::unix::net::SocketAddr::from_abstract_name(abstract_name.as_bytes())
                    .and_then(|address| std::os::unix::net::UnixStream::connect_addr(&address))
                    .is_err()
        })
        .expect("a free display number")
}

/// An Xvfb of the other user's on a free display number (from `from` on); its number.
fn others_xvfb(from: u32) -> (XServer, u32) {
    let number = free_display_number(from);
    let mut command = as_other("Xvfb");
    command.args([&format!(":{number}"), "-noreset", "-nolisten", "tcp"]);
    let server = XServer::start("the other user's Xvfb", command, number);
    (server, number)
}

/// An X server a test started, on display `number`: killed on drop, and its socket file and
/// lock then removed (killed, it leaves them, and a socket file of the test user's left behind
/// would be a second one for the next test's step 4).
struct XServer {
    server: Running,
    _files: [Removed; 2],
}

impl XServer {
    /// Starts `command` (an X server on display `number`) and waits for its socket.
    fn start(what: &str, command: Command, number: u32) -> XServer {
        let mut server = XServer {
            server: Running::spawn(what, command, None),
            _files: [
                Removed(PathBuf::from(format!("/tmp/.X11-unix/X{number}"))),
                Removed(PathBuf::from(format!("/tmp/.X{number}-lock"))),
            ],
        };
        server.wait_for_socket(number);
        server
    }

    fn wait_for_socket(&mut self, number: u32) {
        let server = &mut self.server;
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{number}"));
        let deadline = Instant::now() + Duration::from_secs(10);
        while !socket.exists() {
            assert!(
                server.running() && Instant::now() < deadline,
                "the X server did not start:\n{}",
                server.stop().describe()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }
}

/// `tests/session/other_user.py` with `args`, as the other user, once it says it listens.
fn others_socket(person: &Person, args: &[&OsStr]) -> Running {
    let script = person.dir.join("other_user.py");
    std::fs::copy(root().join("tests/session/other_user.py"), &script).expect("copy");
    let mut command = as_other("/usr/bin/python3");
    command.arg(&script).args(args);
    let mut running = Running::spawn("the other user's socket", command, None);
    let deadline = Instant::now() + Duration::from_secs(10);
    let listens = |args: &[&OsStr]| match args.first().and_then(|a| a.to_str()) {
        Some("relay") => args.get(1).is_some_and(|name| {
            std::os::unix::net::SocketAddr::from_abstract_name(name.as_encoded_bytes())
                .and_then(|address| std::os::unix::net::UnixStream::connect_addr(&address))
                .is_ok()
        }),
        _ => args.get(1).is_some_and(|path| Path::new(path).exists()),
    };
    while !listens(args) {
        assert!(
            running.running() && Instant::now() < deadline,
            "the other user's socket did not come up:\n{}",
            running.stop().describe()
        );
        thread::sleep(Duration::from_millis(20));
    }
    running
}

/// Waits for the asker to end without showing its window (`signal` is where it would say it
/// is on screen); its output.
fn ends_unshown(mut asker: Running, signal: &Path) -> Output {
    let deadline = Instant::now() + ANSWER_TIMEOUT;
    while asker.running() {
        if signal.exists() {
            panic!(
                "the form was shown on another user's display:\n{}",
                asker.stop().describe()
            );
        }
        assert!(
            Instant::now() < deadline,
            "the asker neither ended nor showed its form:\n{}",
            asker.stop().describe()
        );
        thread::sleep(Duration::from_millis(20));
    }
    asker.wait_output(ANSWER_TIMEOUT)
}

/// Exit 3, nothing on stdout, and one line on stderr that names both fixes and says why the
/// display that was found was not used (`why`).
fn assert_refused_in_one_line(out: &Output, why: &str) {
    assert_eq!(out.code, Some(3), "{}", out.describe());
    assert!(out.stdout.is_empty(), "{}", out.describe());
    assert_eq!(
        out.stderr.lines().count(),
        1,
        "one line:\n{}",
        out.describe()
    );
    assert!(names_both_fixes(&out.stderr), "{}", out.describe());
    assert!(
        out.stderr.contains(why),
        "says {why:?}:\n{}",
        out.describe()
    );
}

/// Issue 54, item 1: the user manager still names the display of a session that has ended
/// (`DISPLAY=:N`), and another local user has since started an X server on that number. The
/// socket is there, so the display counted as the session's and the form went to that user,
/// who could answer it. Now its server (SO_PEERCRED: the other user) refuses it.
#[test]
fn another_user_s_x_server_on_the_user_manager_s_display_does_not_get_the_form() {
    let Some(person) = Person::new_or_skip("foreign-x") else {
        return;
    };
    let Some(_turn) = display_or_skip(&["dbus-daemon", "busctl"]) else {
        return;
    };
    let (_server, number) = others_xvfb(600 + std::process::id() % 100);
    let _manager = person.user_manager(&[&format!("DISPLAY=:{number}"), "LANG=C.UTF-8"]);
    let signal = person.dir.join("shown-foreign");
    let mut command = person.bare(&person.bin);
    command
        .args(["--server", &unique_title("foreign")])
        .env("FORM_ELICITATION_TEST_SHOWN_FILE", &signal);
    let asker = Running::spawn("bare asker", command, Some(NAME_REQUEST.as_bytes()));
    let out = ends_unshown(asker, &signal);
    assert_refused_in_one_line(
        &out,
        &format!(
            "DISPLAY=:{number} (from the systemd user manager's environment) is served by \
             another user (uid {OTHER_UID}), not by this user or root: not used"
        ),
    );
}

/// Issue 54, item 2: the user's own X server was killed and left its socket file
/// `/tmp/.X11-unix/XN` (owned by the user, so found as the user's display), while another
/// user binds the abstract socket `@/tmp/.X11-unix/XN`, which libxcb tries first, relaying to
/// their own X server. The file is the user's; the server is not: refused.
#[test]
fn a_relay_on_the_abstract_socket_of_the_user_s_stale_display_does_not_get_the_form() {
    let Some(person) = Person::new_or_skip("relay") else {
        return;
    };
    if !super::support::tools_or_skip("the relay test", &["python3"]) {
        return;
    }
    let Some(_turn) = display_or_skip(&[]) else {
        return;
    };
    let (_server, target) = others_xvfb(700 + std::process::id() % 100);
    let stale = free_display_number(target + 1);
    let path = PathBuf::from(format!("/tmp/.X11-unix/X{stale}"));
    // The killed server's socket file: bound, then left without a listener.
    drop(std::os::unix::net::UnixListener::bind(&path).expect("the stale socket"));
    let _stale = Removed(path.clone());
    chown(&path, person.uid, person.gid);
    let target_path = format!("/tmp/.X11-unix/X{target}");
    let _relay = others_socket(
        &person,
        &[
            OsStr::new("relay"),
            path.as_os_str(),
            OsStr::new(&target_path),
        ],
    );
    let signal = person.dir.join("shown-relay");
    let mut command = person.bare(&person.bin);
    command
        .args(["--server", &unique_title("relay")])
        .env("FORM_ELICITATION_TEST_SHOWN_FILE", &signal);
    let asker = Running::spawn("bare asker", command, Some(NAME_REQUEST.as_bytes()));
    let out = ends_unshown(asker, &signal);
    assert_refused_in_one_line(
        &out,
        &format!(
            "DISPLAY=:{stale} (an X server socket of this user) is served by another user \
             (uid {OTHER_UID}), not by this user or root: not used"
        ),
    );
}

/// A dialog of the proxy's (or any window) whose display its parent found, not given, checks
/// the server on its own connection: the proxy found the user's display at its start, and by
/// the time a form comes the session has ended and another user's X server has that number.
/// The dialog inherits `DISPLAY` with `FORM_ELICITATION_FOUND_DISPLAY`, and refuses.
#[test]
fn a_window_whose_display_was_found_by_its_parent_checks_it_itself() {
    let Some(person) = Person::new_or_skip("found-by-parent") else {
        return;
    };
    let Some(_turn) = display_or_skip(&[]) else {
        return;
    };
    let (_server, number) = others_xvfb(800 + std::process::id() % 100);
    let found = format!("DISPLAY=:{number}");
    let signal = person.dir.join("shown-found-by-parent");
    let mut command = person.bare(&person.bin);
    command
        .args(["--server", &unique_title("inherited")])
        .env("DISPLAY", format!(":{number}"))
        .env("FORM_ELICITATION_FOUND_DISPLAY", &found)
        .env("FORM_ELICITATION_TEST_SHOWN_FILE", &signal);
    let asker = Running::spawn("dialog", command, Some(NAME_REQUEST.as_bytes()));
    let out = ends_unshown(asker, &signal);
    assert_eq!(out.code, Some(3), "{}", out.describe());
    assert!(
        out.stderr.contains(&format!(
            "{found} (found, not given) is served by another user (uid {OTHER_UID})"
        )),
        "{}",
        out.describe()
    );
    // Given, not found, the same display is the caller's choice, as before: the window opens.
    let signal = person.dir.join("shown-given");
    let mut command = person.bare(&person.bin);
    command
        .args(["--server", &unique_title("given")])
        .env("DISPLAY", format!(":{number}"))
        .env("FORM_ELICITATION_TEST_SHOWN_FILE", &signal);
    let mut asker = Running::spawn("asker", command, Some(NAME_REQUEST.as_bytes()));
    let deadline = Instant::now() + WINDOW_TIMEOUT;
    while !signal.exists() {
        assert!(
            asker.running() && Instant::now() < deadline,
            "no window on the given display:\n{}",
            asker.stop().describe()
        );
        thread::sleep(Duration::from_millis(20));
    }
}

/// Issue 54, the same rule for Wayland: the user manager names a compositor's socket whose
/// file is the user's but whose listener is another user's (here a stand-in that never
/// speaks). It is refused before anything is sent; before, the window connected to it and
/// waited for it forever.
#[test]
fn another_user_s_compositor_named_by_the_user_manager_does_not_get_the_form() {
    let Some(person) = Person::new_or_skip("foreign-wayland") else {
        return;
    };
    if !super::support::tools_or_skip("the compositor test", &["python3", "dbus-daemon", "busctl"])
    {
        return;
    }
    let dir = std::env::temp_dir().join(format!("fe-other-wayland-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the other user's folder");
    let _dir = Removed(dir.clone());
    chown(&dir, OTHER_UID, OTHER_UID);
    let socket = dir.join("wayland-0");
    let _compositor = others_socket(&person, &[OsStr::new("listen"), socket.as_os_str()]);
    // Its file made the user's (as a file of the user's in a folder the other user controls
    // would be): only the server's credentials tell whose it is.
    chown(&socket, person.uid, person.gid);
    let _manager = person.user_manager(&[&format!("WAYLAND_DISPLAY={}", socket.display())]);
    let signal = person.dir.join("shown-foreign-wayland");
    let mut command = person.bare(&person.bin);
    command
        .args(["--server", &unique_title("wayland")])
        .env("FORM_ELICITATION_TEST_SHOWN_FILE", &signal);
    let asker = Running::spawn("bare asker", command, Some(NAME_REQUEST.as_bytes()));
    let out = ends_unshown(asker, &signal);
    assert_refused_in_one_line(
        &out,
        &format!(
            "WAYLAND_DISPLAY={} (from the systemd user manager's environment) is served by \
             another user (uid {OTHER_UID}), not by this user or root: not used",
            socket.display()
        ),
    );
}

/// The user's own X server, found by its socket (step 4), passes the check on the window's
/// connection (the user manager's test covers root's): the window opens on it. Guards the check
/// against refusing the person's own desktop.
#[test]
fn the_user_s_own_x_server_found_by_its_socket_gets_the_form() {
    let Some(person) = Person::new_or_skip("own-x") else {
        return;
    };
    let Some(_turn) = display_or_skip(&[]) else {
        return;
    };
    let number = free_display_number(900 + std::process::id() % 100);
    let mut server = person.bare("Xvfb");
    server.args([&format!(":{number}"), "-noreset", "-nolisten", "tcp"]);
    let _server = XServer::start("the user's Xvfb", server, number);
    let signal = person.dir.join("shown-own-x");
    let mut command = person.bare(&person.bin);
    command
        .args(["--server", &unique_title("own")])
        .env("FORM_ELICITATION_TEST_SHOWN_FILE", &signal);
    let mut asker = Running::spawn("bare asker", command, Some(NAME_REQUEST.as_bytes()));
    let deadline = Instant::now() + WINDOW_TIMEOUT;
    while !signal.exists() {
        assert!(
            asker.running() && Instant::now() < deadline,
            "no window on the user's own display:\n{}",
            asker.stop().describe()
        );
        thread::sleep(Duration::from_millis(20));
    }
    let pid = rustix::process::Pid::from_raw(asker.pid() as i32).expect("a pid");
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).expect("SIGTERM");
    let out = asker.wait_output(ANSWER_TIMEOUT);
    assert_eq!(
        out.stdout,
        "{\"action\":\"cancel\"}\n",
        "{}",
        out.describe()
    );
    assert!(
        out.stderr.contains(&format!(
            "DISPLAY=:{number} from an X server socket of this user"
        )),
        "{}",
        out.describe()
    );
}

/// A path removed on drop (a file or a folder).
struct Removed(PathBuf);

impl Drop for Removed {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
        let _ = std::fs::remove_file(&self.0);
    }
}

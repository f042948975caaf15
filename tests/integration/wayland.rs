//! End-to-end tests of the built binary in a real Wayland window: each test starts its own
//! headless sway (no GPU, no input devices, pixman rendering), runs the binary on it with
//! `DISPLAY` unset, types with `wtype`, reads the window tree with `swaymsg` and the pixels with
//! `grim`, and asserts the exact answer line on stdout and the exit code.
//!
//! sway refuses to run as root. As root (CI), the compositor, the binary and the tools run as
//! the unprivileged user [`USER`] (`.ci/run` creates it), with a runtime directory of their own
//! and a copy of the binary that user can read (the checkout may be under `/root`). Run by
//! anyone else, they run as that person. Without `sway`, `swaymsg`, `wtype` and `grim` (or, as root,
//! without the user) the tests print "SKIPPED: ..." to stderr and pass, unless
//! `FORM_ELICITATION_E2E=require` is set, in which case they fail.

use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::support::process::{Output, Running, ShownSignal, without_terminal};
use super::support::{BIN, BURST_ANSWER, BURST_REQUEST, ENGLISH, on_path, skip};

/// The user the compositor and the program run as when the tests run as root.
pub const USER: &str = "form-elicitation-e2e";

/// How long sway may take to listen, and a window to appear (debug build, 2 shared cores).
const WINDOW_TIMEOUT: Duration = Duration::from_secs(15);
/// How long the program may take to answer once it has been told to.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one `wtype`, `swaymsg` or `grim` call may take.
const TOOL_TIMEOUT: Duration = Duration::from_secs(10);

/// A request with one required text field and no default.
const NAME_REQUEST: &str = r#"{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"Name"}},"required":["name"]}}"#;

/// The output every test's sway has: the size the issue's checks used.
const OUTPUT: &str = "output HEADLESS-1 resolution 1280x900";

// ---------------------------------------------------------------------------------------------
// Tests

/// Wayland alone: no `DISPLAY`, and `--ui auto` (the default) must take the window, not the
/// terminal (there is none: the program runs in a session of its own). sway floats the window,
/// as a dialog should be, centred at its own size instead of tiled over the screen (issue 15),
/// and the person can still resize it.
#[test]
fn the_window_opens_without_x11_floats_and_answers() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    let app = sway.show("no-x11", NAME_REQUEST, &[], &[]);
    let node = sway.window(&app);
    assert_eq!(node["app_id"], "form-elicitation", "the app id:\n{node:#}");
    assert_eq!(
        node["type"], "floating_con",
        "sway tiles the dialog instead of floating it:\n{node:#}"
    );
    let output = sway.output_rect();
    let rect = &node["rect"];
    assert!(
        rect["width"].as_i64() < output["width"].as_i64().map(|w| w / 2)
            && rect["height"].as_i64() < output["height"].as_i64().map(|h| h / 2),
        "the dialog is not at its own size: {rect} on {output}"
    );
    // Fixed in size only while it is mapped: a resize takes (sway would hold a window with a
    // fixed size to it).
    sway.command(&format!("[con_id={}] resize set width 900 px", node["id"]));
    sway.wait_until("the window follows a resize to 900 px", || {
        let node = sway.find(app.title()).expect("the window is still there");
        node["window_rect"]["width"]
            .as_i64()
            .is_some_and(|w| w >= 890)
    });
    sway.type_text("Ada");
    sway.key("Return");
    expect_answer(app, r#"{"action":"accept","content":{"name":"Ada"}}"#);
}

/// The keyboard sequence of `keyboard::every_field_kind_answered_with_the_keyboard_alone`, typed
/// by a virtual keyboard into the real window.
#[test]
fn every_field_kind_answered_by_keyboard_alone() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    let options: Vec<String> = (1..=12).map(|i| format!("city-{i:02}")).collect();
    let request = json!({"message": "Keyboard only", "requestedSchema": {"type": "object", "properties": {
        "name": {"type": "string", "title": "Name"},
        "mail": {"type": "string", "title": "Mail", "format": "email"},
        "day": {"type": "string", "title": "Day", "format": "date"},
        "count": {"type": "integer", "title": "Count"},
        "agree": {"type": "boolean", "title": "Agree"},
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]},
        "city": {"type": "string", "title": "City", "enum": options},
        "tags": {"type": "array", "title": "Tags", "items": {"type": "string", "enum": ["red", "blue"]}}},
        "required": ["name", "size", "city"]}});
    let app = sway.show("every-field", &request.to_string(), &[], &[]);
    sway.type_text("Ada");
    sway.key("Tab");
    sway.type_text("ada@example.com");
    sway.key("Tab");
    sway.type_text("2026-12-24");
    sway.key("Tab"); // Pick date
    sway.key("Tab");
    sway.type_text("7");
    sway.key("Tab");
    sway.key("space"); // Agree
    sway.key("Tab");
    sway.key("space"); // S
    sway.key("Down"); // M
    sway.key("Tab");
    sway.type_text("city-1");
    for _ in 0..3 {
        sway.key("Down");
    }
    sway.key("Tab"); // red
    sway.key("Tab"); // blue
    sway.key("space");
    sway.key("Return");
    let answer = json!({"action": "accept", "content": {"name": "Ada", "mail": "ada@example.com",
        "day": "2026-12-24", "count": 7, "agree": true, "size": "M", "city": "city-12",
        "tags": ["blue"]}});
    expect_answer(app, &answer.to_string());
}

/// Regression test: one virtual-keyboard burst with Tab, Space and Return among the text (as a
/// password manager's auto-type sends it) fills each field: the text after a Tab used to land
/// in the field the Tab left, since egui moves the focus for the pass after the one that saw it.
#[test]
fn fields_typed_in_one_burst_with_tabs_land_in_their_own_fields() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    let app = sway.show("burst", BURST_REQUEST, &[], &[]);
    sway.tool(
        "wtype",
        &[
            "-s",
            "300",
            "Ada Lovelace",
            "-k",
            "Tab",
            "ada@example.org",
            "-k",
            "Tab",
            "-k",
            "space",
            "-k",
            "Return",
        ],
    );
    expect_answer(app, BURST_ANSWER);
}

/// Issue 15's strings, typed through a virtual keyboard whose keymap holds each character
/// (as wtype, on-screen keyboards and remote-desktop tools make it), arrive exactly.
#[test]
fn korean_and_other_scripts_typed_arrive_exactly() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    let korean = r#"{"message":"이름을 입력해 주세요.","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"이름"}},"required":["name"]}}"#;
    for text in [
        "서울특별시 강남구 테헤란로 152",
        "Seoul 서울",
        "Tokyo 東京都千代田区",
        "Привет, мир",
    ] {
        let app = sway.show("korean", korean, &[], &[]);
        sway.type_text(text);
        sway.key("Return");
        let answer = json!({"action": "accept", "content": {"name": text}});
        expect_answer(app, &answer.to_string());
    }
}

#[test]
fn escape_cancels() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    let app = sway.show("escape", NAME_REQUEST, &[], &[]);
    sway.key("Escape");
    expect_answer(app, r#"{"action":"cancel"}"#);
}

#[test]
fn sigterm_cancels() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    let app = sway.show("sigterm", NAME_REQUEST, &[], &[]);
    let status = Command::new("kill")
        .args(["-TERM", &app.app.pid().to_string()])
        .status()
        .expect("the kill command runs");
    assert!(status.success(), "kill -TERM failed: {status}");
    expect_answer(app, r#"{"action":"cancel"}"#);
}

/// The compositor crashes while the person answers: the program must end within a second with
/// `cancel` and one line saying why, as a terminal's hang-up does (the window it was answering
/// in is gone; falling back to a terminal would ask a second time), never hang or write half an
/// answer.
#[test]
fn the_compositor_going_away_ends_the_program_within_a_second() {
    let Some(mut sway) = sway_or_skip(&[]) else {
        return;
    };
    let app = sway.show("compositor-gone", NAME_REQUEST, &[], &[]);
    sway.type_text("Ada");
    let killed = Instant::now();
    let mut server = sway.server.take().expect("sway runs");
    let _ = server.stop();
    let out = app.app.wait_output(ANSWER_TIMEOUT);
    let took = killed.elapsed();
    let ours: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("form-elicitation:"))
        .collect();
    assert!(
        took < Duration::from_secs(1),
        "the program took {took:?} to end after the compositor died.\n{}",
        out.describe()
    );
    assert!(
        out.code == Some(0)
            && out.stdout == "{\"action\":\"cancel\"}\n"
            && ours.len() == 1
            && ours[0].contains("display went away")
            && out.stderr.lines().count() == 1,
        "expected exit 0, cancel and one line saying the display went away.\n{}",
        out.describe()
    );
}

/// On an output at scale 2 the window draws at the output's pixel density: text and outlines
/// have detail finer than 2×2 pixels. A window drawn at scale 1 and enlarged by sway (with
/// nearest-neighbour scaling, set in this test's config) is made of 2×2 blocks of one colour.
#[test]
fn scale_2_is_sharp() {
    let Some(sway) = sway_or_skip(&["output HEADLESS-1 scale 2", "output * scale_filter nearest"])
    else {
        return;
    };
    let app = sway.show("scale-2", NAME_REQUEST, &[], &[]);
    // Sway gives a floating window its title bar as it places it, which may come just after
    // the program's first frame: read the tree once it has.
    let deadline = Instant::now() + ANSWER_TIMEOUT;
    let mut node = sway.window(&app);
    while node["deco_rect"]["height"].as_i64().unwrap_or_default() == 0 && Instant::now() < deadline
    {
        thread::sleep(Duration::from_millis(20));
        node = sway.window(&app);
    }
    // The window's own pixels: sway draws its title bar sharp whatever the window does.
    let rect = &node["window_rect_on_output"];
    let shot = sway.screenshot(rect);
    let rect_width = rect["width"].as_u64().expect("a width");
    assert_eq!(
        shot.width as u64,
        2 * rect_width,
        "the screenshot is not at scale 2"
    );
    // It fits the output (640x450 points), title bar included: sized before sway mapped it,
    // when it could not yet know its output.
    let output = sway.output_rect();
    let outer = &node["rect"];
    let fits = |start: &str, size: &str| {
        outer[start].as_i64().is_some_and(|s| s >= 0)
            && outer[start]
                .as_i64()
                .zip(outer[size].as_i64())
                .map(|(s, l)| s + l)
                <= output[size].as_i64()
            && node["deco_rect"]["height"].as_i64().is_some_and(|h| h > 0)
    };
    assert!(
        fits("x", "width") && fits("y", "height"),
        "the window does not fit the output {output}:\n{node:#}"
    );
    // Sway tells a surface its output's scale only once it is on that output, so the first
    // frame is drawn at scale 1 and the next one at 2: wait for that one, not a fixed time.
    let shot = sway.screenshot_until(rect, shot, |shot| {
        let (mixed, blocks) = shot.mixed_blocks();
        mixed * 100 > blocks
    });
    let (mixed, blocks) = shot.mixed_blocks();
    assert!(
        mixed * 100 > blocks,
        "only {mixed} of {blocks} 2x2 blocks have more than one colour: the window is drawn at scale 1 and enlarged"
    );
    sway.key("Escape");
    expect_answer(app, r#"{"action":"cancel"}"#);
}

/// `--theme dark` draws light text on a dark window, `--theme light` the opposite.
#[test]
fn the_dark_theme_is_dark_and_the_light_one_light() {
    let Some(sway) = sway_or_skip(&[]) else {
        return;
    };
    for (theme, dark) in [("dark", true), ("light", false)] {
        let app = sway.show("theme", NAME_REQUEST, &["--theme", theme], &[]);
        let node = sway.window(&app);
        // The frame the program presented is on the output once sway has composited it.
        let rect = &node["window_rect_on_output"];
        let first = sway.screenshot(rect);
        let luma = sway
            .screenshot_until(rect, first, |shot| {
                let luma = shot.mean_luma();
                if dark { luma < 80.0 } else { luma > 170.0 }
            })
            .mean_luma();
        assert!(
            if dark { luma < 80.0 } else { luma > 170.0 },
            "--theme {theme}: the window's mean brightness is {luma:.0} of 255"
        );
        sway.key("Escape");
        expect_answer(app, r#"{"action":"cancel"}"#);
    }
}

// ---------------------------------------------------------------------------------------------
// Skipping

/// A fresh headless sway with `config` lines added to its config, or `None` (after the loud
/// message) when the tools or, as root, the user are missing.
fn sway_or_skip(config: &[&str]) -> Option<Sway> {
    let missing: Vec<&str> = ["sway", "swaymsg", "wtype", "grim"]
        .into_iter()
        .filter(|tool| !on_path(tool))
        .collect();
    if !missing.is_empty() {
        skip(&format!(
            "Wayland tests need sway, swaymsg, wtype and grim (missing: {})",
            missing.join(", ")
        ));
        return None;
    }
    let account = if rustix::process::geteuid().is_root() {
        match Account::of(USER) {
            Some(account) => Some(account),
            None => {
                skip(&format!(
                    "Wayland tests run as root need the user {USER:?}, since sway refuses root: `useradd --system {USER}` (.ci/run does)"
                ));
                return None;
            }
        }
    } else {
        None
    };
    Some(Sway::start(account, config))
}

/// The unprivileged user the tests run sway as when they run as root.
#[derive(Clone, Copy)]
struct Account {
    uid: u32,
    gid: u32,
}

impl Account {
    /// The user `name`, or `None` when there is none.
    fn of(name: &str) -> Option<Account> {
        let id = |flag: &str| {
            let out = Command::new("id").args([flag, name]).output().ok()?;
            String::from_utf8_lossy(&out.stdout).trim().parse().ok()
        };
        Some(Account {
            uid: id("-u")?,
            gid: id("-g")?,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// The compositor

/// A headless sway of our own, in a directory of its own; stopped and removed on drop.
struct Sway {
    /// Holds the config and the binary's copy, readable by the user.
    dir: PathBuf,
    /// `XDG_RUNTIME_DIR` (mode 0700, the user's): the sockets, and the screenshots.
    runtime: PathBuf,
    account: Option<Account>,
    /// The socket's name in `runtime`, for `WAYLAND_DISPLAY`.
    display: String,
    /// The IPC socket, for `SWAYSOCK`.
    ipc: PathBuf,
    bin: Arc<Staged>,
    server: Option<Running>,
}

impl Sway {
    /// Starts sway headless with our config plus `extra` lines, and waits for its sockets.
    fn start(account: Option<Account>, extra: &[&str]) -> Sway {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "fe-wayland-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a directory for sway");
        set_mode(&dir, 0o755);
        let runtime = dir.join("run");
        std::fs::create_dir(&runtime).expect("a runtime directory");
        set_mode(&runtime, 0o700);
        if let Some(account) = account {
            std::os::unix::fs::chown(&runtime, Some(account.uid), Some(account.gid))
                .expect("give the runtime directory to the user");
        }
        let config = dir.join("config");
        // No Xwayland: the program must find Wayland on its own.
        let mut lines = vec![OUTPUT, "xwayland disable"];
        lines.extend_from_slice(extra);
        std::fs::write(&config, lines.join("\n") + "\n").expect("write the sway config");
        set_mode(&config, 0o644);
        let mut sway = Sway {
            bin: Staged::get(),
            dir,
            runtime,
            account,
            display: String::new(),
            ipc: PathBuf::new(),
            server: None,
        };
        let mut command = sway.command_as_user("sway");
        command
            .arg("--config")
            .arg(&config)
            .env("WLR_BACKENDS", "headless")
            .env("WLR_LIBINPUT_NO_DEVICES", "1")
            .env("WLR_RENDERER", "pixman");
        let mut server = Running::spawn("sway", command, None);
        let deadline = Instant::now() + WINDOW_TIMEOUT;
        loop {
            let names: Vec<String> = std::fs::read_dir(&sway.runtime)
                .map(|entries| {
                    entries
                        .filter_map(Result::ok)
                        .map(|e| e.file_name().to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default();
            let display = names
                .iter()
                .find(|n| n.starts_with("wayland-") && !n.ends_with(".lock"));
            let ipc = names.iter().find(|n| n.starts_with("sway-ipc."));
            if let (Some(display), Some(ipc)) = (display, ipc) {
                sway.display = display.clone();
                sway.ipc = sway.runtime.join(ipc);
                break;
            }
            if !server.running() || Instant::now() > deadline {
                let out = server.stop();
                panic!("sway did not start.\n{}", out.describe());
            }
            thread::sleep(Duration::from_millis(20));
        }
        sway.server = Some(server);
        sway
    }

    /// A command for `program` as the user, in a clean environment that knows only this
    /// compositor: no `DISPLAY`, English, and nothing of ours from the test's environment.
    fn command_as_user(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(program);
        command
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.runtime)
            .env("XDG_RUNTIME_DIR", &self.runtime)
            .envs(ENGLISH)
            .current_dir(&self.dir);
        if !self.display.is_empty() {
            command
                .env("WAYLAND_DISPLAY", &self.display)
                .env("SWAYSOCK", &self.ipc);
        }
        if let Some(account) = self.account {
            command.uid(account.uid).gid(account.gid);
        }
        command
    }

    /// Runs a short tool as the user to its end (at most [`TOOL_TIMEOUT`]); panics when it fails.
    fn tool(&self, program: &str, args: &[&str]) -> Output {
        let mut command = self.command_as_user(program);
        command.args(args);
        let what = format!("`{program} {}`", args.join(" "));
        let out = Running::spawn(&what, command, None).wait_output(TOOL_TIMEOUT);
        assert_eq!(out.code, Some(0), "{what} failed:\n{}", out.describe());
        out
    }

    /// Starts the binary with a unique `--title` from `name`, `args`, `envs` and `request` on
    /// stdin, and waits until its window is mapped and has the focus.
    fn show(&self, name: &str, request: &str, args: &[&str], envs: &[(&str, &str)]) -> Shown {
        static N: AtomicU32 = AtomicU32::new(0);
        let title = format!(
            "fe-wl-{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        );
        let mut command = self.command_as_user(&self.bin.path);
        command
            .arg("--title")
            .arg(&title)
            .args(args)
            .envs(envs.iter().copied());
        // In the user's runtime folder: the program runs as that user and must write it.
        let shown_signal = ShownSignal::in_dir(&self.runtime);
        let (name, path) = shown_signal.env();
        command.env(name, path);
        without_terminal(&mut command);
        let started = Instant::now();
        let mut shown = Shown {
            app: Running::spawn("form-elicitation", command, Some(request.as_bytes())),
            title,
            shown_signal,
        };
        loop {
            if self
                .find(&shown.title)
                .is_some_and(|node| node["focused"] == true)
            {
                break;
            }
            if !shown.app.running() || started.elapsed() > WINDOW_TIMEOUT {
                let out = shown.app.stop();
                panic!(
                    "no focused window titled {:?} appeared within {:?}.\n{}",
                    shown.title,
                    started.elapsed(),
                    out.describe()
                );
            }
            thread::sleep(Duration::from_millis(50));
        }
        // The first frame is on screen (and the first field has the keyboard focus).
        shown.shown_signal.wait(&mut shown.app, WINDOW_TIMEOUT);
        shown
    }

    /// sway's tree of outputs, workspaces and windows.
    fn tree(&self) -> Value {
        let out = self.tool("swaymsg", &["-t", "get_tree", "--raw"]);
        serde_json::from_str(&out.stdout).expect("swaymsg prints JSON")
    }

    /// The output's rectangle (in logical pixels).
    fn output_rect(&self) -> Value {
        let tree = self.tree();
        let outputs = tree["nodes"].as_array().cloned().unwrap_or_default();
        outputs
            .into_iter()
            .find(|output| output["name"] == "HEADLESS-1")
            .map(|output| output["rect"].clone())
            .expect("sway has the output HEADLESS-1")
    }

    /// The window titled `title`, tiled or floating, if it is there.
    fn find(&self, title: &str) -> Option<Value> {
        fn walk(node: &Value, title: &str) -> Option<Value> {
            if node["name"] == title && node["app_id"].is_string() {
                return Some(node.clone());
            }
            ["nodes", "floating_nodes"]
                .iter()
                .filter_map(|key| node[*key].as_array())
                .flatten()
                .find_map(|child| walk(child, title))
        }
        walk(&self.tree(), title)
    }

    /// The program's window, with `window_rect_on_output` added: the window's own pixels
    /// (without sway's title bar and border) in output coordinates.
    fn window(&self, shown: &Shown) -> Value {
        let mut node = self.find(&shown.title).expect("the window is there");
        let inner = |key: &str| {
            node["rect"][key].as_i64().unwrap_or_default()
                + node["window_rect"][key].as_i64().unwrap_or_default()
        };
        node["window_rect_on_output"] = json!({
            "x": inner("x"),
            "y": inner("y"),
            "width": node["window_rect"]["width"],
            "height": node["window_rect"]["height"],
        });
        node
    }

    /// Runs a sway command.
    fn command(&self, command: &str) {
        let out = self.tool("swaymsg", &["--raw", command]);
        assert!(
            !out.stdout.contains("\"success\": false") && !out.stdout.contains("\"success\":false"),
            "swaymsg {command:?}: {}",
            out.stdout
        );
    }

    /// Waits until `done` holds, at most [`ANSWER_TIMEOUT`].
    fn wait_until(&self, what: &str, mut done: impl FnMut() -> bool) {
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        while !done() {
            assert!(Instant::now() < deadline, "timed out waiting until {what}");
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types `text` into the focused window through a virtual keyboard. wtype uploads a keymap
    /// with the text's characters first, and the first key can arrive before the window has
    /// it (foot loses it too): hence the 300 ms pause before the first key.
    fn type_text(&self, text: &str) {
        self.tool("wtype", &["-s", "300", text]);
    }

    /// Presses and releases one key (an XKB key name). No pause after it: keys that come
    /// faster than the window paints must land in order all the same.
    fn key(&self, key: &str) {
        self.tool("wtype", &["-s", "300", "-k", key]);
    }

    /// The pixels of `rect` (output coordinates, as sway gives them) on the output.
    /// Screenshots of `rect`, starting with `shot`, until one satisfies `done` or
    /// [`ANSWER_TIMEOUT`] passes; the last one taken.
    fn screenshot_until(&self, rect: &Value, shot: Image, done: impl Fn(&Image) -> bool) -> Image {
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        let mut shot = shot;
        while !done(&shot) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(20));
            shot = self.screenshot(rect);
        }
        shot
    }

    fn screenshot(&self, rect: &Value) -> Image {
        let file = self.runtime.join("shot.ppm");
        let _ = std::fs::remove_file(&file);
        let geometry = format!(
            "{},{} {}x{}",
            rect["x"], rect["y"], rect["width"], rect["height"]
        );
        self.tool(
            "grim",
            &["-t", "ppm", "-g", &geometry, &file.to_string_lossy()],
        );
        Image::read_ppm(&std::fs::read(&file).expect("grim wrote the screenshot"))
    }
}

impl Drop for Sway {
    fn drop(&mut self) {
        if let Some(mut server) = self.server.take() {
            // SIGTERM, so sway removes its sockets; SIGKILL (by `Running`'s drop) if it stays.
            let _ = Command::new("kill")
                .args(["-TERM", &server.pid().to_string()])
                .status();
            let deadline = Instant::now() + Duration::from_secs(3);
            while server.running() && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(20));
            }
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .unwrap_or_else(|e| panic!("chmod {mode:o} {}: {e}", path.display()));
}

/// A copy of the binary that the user can run: the checkout may be where only root can read
/// (CI clones under `/root`). Shared by the tests that run at the same time, and removed when
/// the last of them ends.
struct Staged {
    dir: PathBuf,
    path: PathBuf,
}

impl Staged {
    fn get() -> Arc<Staged> {
        static STAGED: Mutex<Weak<Staged>> = Mutex::new(Weak::new());
        static N: AtomicU32 = AtomicU32::new(0);
        let mut staged = STAGED.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(live) = staged.upgrade() {
            return live;
        }
        let dir = std::env::temp_dir().join(format!(
            "fe-wayland-bin-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a directory for the binary");
        set_mode(&dir, 0o755);
        let path = dir.join("form-elicitation");
        // A hard link costs nothing where the checkout and the temp dir share a file system.
        if std::fs::hard_link(BIN, &path).is_err() {
            std::fs::copy(BIN, &path).expect("copy the binary");
        }
        set_mode(&path, 0o755);
        let live = Arc::new(Staged { dir, path });
        *staged = Arc::downgrade(&live);
        live
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

// ---------------------------------------------------------------------------------------------
// The program and its pixels

/// The program with its window up and focused.
struct Shown {
    app: Running,
    title: String,
    /// Says when the window's first frame is on screen.
    shown_signal: ShownSignal,
}

impl Shown {
    fn title(&self) -> &str {
        &self.title
    }
}

/// Waits for the program to end and asserts exit code 0 and exactly `line` plus a newline on
/// stdout.
fn expect_answer(shown: Shown, line: &str) {
    let out = shown.app.wait_output(ANSWER_TIMEOUT);
    assert!(
        out.code == Some(0) && out.stdout == format!("{line}\n"),
        "expected exit code 0 and stdout {line:?} + newline.\n{}",
        out.describe()
    );
}

/// An RGB image, as grim writes it in binary PPM (P6, 8 bits a channel).
struct Image {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Image {
    fn read_ppm(bytes: &[u8]) -> Image {
        // "P6" WIDTH HEIGHT MAXVAL, each after white space, then one white-space byte.
        let mut fields = Vec::new();
        let mut at = 0;
        while fields.len() < 4 {
            while bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            let start = at;
            while !bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
        }
        assert_eq!(fields[0], "P6", "not a binary PPM");
        assert_eq!(fields[3], "255", "not 8 bits a channel");
        let width: usize = fields[1].parse().expect("a width");
        let height: usize = fields[2].parse().expect("a height");
        let rgb = bytes[at + 1..].to_vec();
        assert_eq!(rgb.len(), width * height * 3, "a truncated PPM");
        Image { width, height, rgb }
    }

    fn pixel(&self, x: usize, y: usize) -> &[u8] {
        let at = (y * self.width + x) * 3;
        &self.rgb[at..at + 3]
    }

    /// How many of the 2×2 pixel blocks (aligned on even coordinates) hold more than one
    /// colour, and how many blocks there are.
    fn mixed_blocks(&self) -> (usize, usize) {
        let mut mixed = 0;
        let mut blocks = 0;
        for y in (0..self.height - 1).step_by(2) {
            for x in (0..self.width - 1).step_by(2) {
                blocks += 1;
                let first = self.pixel(x, y);
                if [(1, 0), (0, 1), (1, 1)]
                    .iter()
                    .any(|(dx, dy)| self.pixel(x + dx, y + dy) != first)
                {
                    mixed += 1;
                }
            }
        }
        (mixed, blocks)
    }

    /// The mean brightness (Rec. 601 luma), 0 to 255.
    fn mean_luma(&self) -> f64 {
        let sum: f64 = self
            .rgb
            .chunks_exact(3)
            .map(|p| 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2]))
            .sum();
        sum / (self.width * self.height) as f64
    }
}

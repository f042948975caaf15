//! The Wayland harness of the end-to-end window tests: a headless sway of our own for each
//! test (no GPU, no input devices, pixman rendering), the binary run on it with `DISPLAY`
//! unset, `wtype` to type, `swaymsg` to read the window tree and `grim` for the pixels. The same
//! [`Desktop`] interface as the X11 harness ([`super::xvfb`]).
//!
//! sway refuses to run as root. As root (CI), the compositor, the binary and the tools run as
//! the unprivileged user [`USER`] (`.ci/run` creates it), with a runtime directory of their own
//! and a copy of the binary that user can read (the checkout may be under `/root`). Run by
//! anyone else, they run as that person.

use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::desktop::{
    ANSWER_TIMEOUT, Desktop, Input, Shown, TOOL_TIMEOUT, WINDOW_TIMEOUT, Window, unique_title,
};
use super::process::{Output, Running, ShownSignal, without_terminal};
use super::{ENGLISH, USERADD, place_binary, skip, tools_or_skip};

/// The user the compositor and the program run as when the tests run as root.
pub const USER: &str = "form-elicitation-e2e";

/// The output every test's sway has: the size the checks used.
const OUTPUT: &str = "output HEADLESS-1 resolution 1280x900";

// ---------------------------------------------------------------------------------------------
// Skipping

/// A fresh headless sway with `config` lines added to its config, or `None` (after the loud
/// message) when the tools or, as root, the user are missing.
pub fn sway_or_skip(config: &[&str]) -> Option<Sway> {
    if !tools_or_skip("Wayland tests", &["sway", "swaymsg", "wtype", "grim"]) {
        return None;
    }
    let account = if rustix::process::geteuid().is_root() {
        match Account::of(USER) {
            Some(account) => Some(account),
            None => {
                skip(
                    &format!(
                        "Wayland tests run as root need the user {USER:?} (sway refuses root)"
                    ),
                    USERADD,
                );
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
pub struct Account {
    /// Its user id.
    pub uid: u32,
    /// Its primary group's id.
    pub gid: u32,
}

impl Account {
    /// The user `name`, or `None` when there is none.
    pub fn of(name: &str) -> Option<Account> {
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
pub struct Sway {
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
    pub server: Option<Running>,
}

impl Sway {
    /// Starts sway headless with our config plus `extra` lines, and waits for its sockets.
    pub fn start(account: Option<Account>, extra: &[&str]) -> Sway {
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
    pub fn command_as_user(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
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
    pub fn tool(&self, program: &str, args: &[&str]) -> Output {
        let mut command = self.command_as_user(program);
        command.args(args);
        let what = format!("`{program} {}`", args.join(" "));
        let out = Running::spawn(&what, command, None).wait_output(TOOL_TIMEOUT);
        assert_eq!(out.code, Some(0), "{what} failed:\n{}", out.describe());
        out
    }

    /// [`Desktop::open`].
    pub fn show(&self, name: &str, request: &str, args: &[&str], envs: &[(&str, &str)]) -> Shown {
        self.open(name, request, args, envs)
    }

    /// sway's tree of outputs, workspaces and windows.
    pub fn tree(&self) -> Value {
        let out = self.tool("swaymsg", &["-t", "get_tree", "--raw"]);
        serde_json::from_str(&out.stdout).expect("swaymsg prints JSON")
    }

    /// The output's rectangle (in logical pixels).
    pub fn output_rect(&self) -> Value {
        let tree = self.tree();
        let outputs = tree["nodes"].as_array().cloned().unwrap_or_default();
        outputs
            .into_iter()
            .find(|output| output["name"] == "HEADLESS-1")
            .map(|output| output["rect"].clone())
            .expect("sway has the output HEADLESS-1")
    }

    /// The window titled `title`, tiled or floating, if it is there.
    pub fn find(&self, title: &str) -> Option<Value> {
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
    pub fn window(&self, shown: &Shown) -> Value {
        let mut node = self.find(shown.title()).expect("the window is there");
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
    pub fn command(&self, command: &str) {
        let out = self.tool("swaymsg", &["--raw", command]);
        assert!(
            !out.stdout.contains("\"success\": false") && !out.stdout.contains("\"success\":false"),
            "swaymsg {command:?}: {}",
            out.stdout
        );
    }

    /// Waits until `done` holds, at most [`ANSWER_TIMEOUT`].
    pub fn wait_until(&self, what: &str, mut done: impl FnMut() -> bool) {
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        while !done() {
            assert!(Instant::now() < deadline, "timed out waiting until {what}");
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types `text` into the focused window through a virtual keyboard. wtype uploads a keymap
    /// with the text's characters first, and the first key can arrive before the window has
    /// it (foot loses it too): hence the 300 ms pause before the first key.
    pub fn type_text(&self, text: &str) {
        self.tool("wtype", &["-s", "300", text]);
    }

    /// Presses and releases one key (an XKB key name). No pause after it: keys that come
    /// faster than the window paints must land in order all the same.
    pub fn key(&self, key: &str) {
        self.tool("wtype", &["-s", "300", "-k", key]);
    }

    /// The pixels of `rect` (output coordinates, as sway gives them) on the output.
    /// Screenshots of `rect`, starting with `shot`, until one satisfies `done` or
    /// [`ANSWER_TIMEOUT`] passes; the last one taken.
    pub fn screenshot_until(
        &self,
        rect: &Value,
        shot: Image,
        done: impl Fn(&Image) -> bool,
    ) -> Image {
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        let mut shot = shot;
        while !done(&shot) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(20));
            shot = self.screenshot(rect);
        }
        shot
    }

    pub fn screenshot(&self, rect: &Value) -> Image {
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

pub fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .unwrap_or_else(|e| panic!("chmod {mode:o} {}: {e}", path.display()));
}

/// A copy of the binary that the user can run: the checkout may be where only root can read
/// (CI clones under `/root`). Shared by the tests that run at the same time, and removed when
/// the last of them ends.
pub struct Staged {
    dir: PathBuf,
    path: PathBuf,
}

impl Staged {
    pub fn get() -> Arc<Staged> {
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
        place_binary(&path);
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

/// An RGB image, as grim writes it in binary PPM (P6, 8 bits a channel).
pub struct Image {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<u8>,
}

impl Image {
    pub fn read_ppm(bytes: &[u8]) -> Image {
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

    pub fn pixel(&self, x: usize, y: usize) -> &[u8] {
        let at = (y * self.width + x) * 3;
        &self.rgb[at..at + 3]
    }

    /// How many of the 2×2 pixel blocks (aligned on even coordinates) hold more than one
    /// colour, and how many blocks there are.
    pub fn mixed_blocks(&self) -> (usize, usize) {
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
    pub fn mean_luma(&self) -> f64 {
        let sum: f64 = self
            .rgb
            .chunks_exact(3)
            .map(|p| 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2]))
            .sum();
        sum / (self.width * self.height) as f64
    }
}

impl Desktop for Sway {
    /// Waits until the window is mapped and has the focus (sway gives a new window the
    /// focus), then until it says it is on screen.
    fn open(&self, name: &str, request: &str, args: &[&str], envs: &[(&str, &str)]) -> Shown {
        let title = unique_title(name);
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
            window: None,
            started,
            shown_signal,
        };
        let node = loop {
            if let Some(node) = self.find(&title).filter(|node| node["focused"] == true) {
                break node;
            }
            if !shown.app.running() || started.elapsed() > WINDOW_TIMEOUT {
                let out = shown.app.stop();
                panic!(
                    "no focused window titled {title:?} appeared within {:?}.\n{}",
                    started.elapsed(),
                    out.describe()
                );
            }
            thread::sleep(Duration::from_millis(50));
        };
        // The first frame is on screen (and the first field has the keyboard focus).
        shown.shown_signal.wait(&mut shown.app, WINDOW_TIMEOUT);
        shown.window = Some(Window {
            id: node["id"].to_string(),
            title,
        });
        shown
    }

    /// One wtype run: text and `-k KEY`s in order, after wtype's 300 ms pause for the keymap
    /// it uploads ([`Sway::type_text`]).
    fn burst(&self, inputs: &[Input<'_>]) {
        let mut args = vec!["-s", "300"];
        for input in inputs {
            match input {
                Input::Text(text) => args.push(text),
                Input::Key(key) => args.extend(["-k", key]),
            }
        }
        self.tool("wtype", &args);
    }

    fn type_text(&self, text: &str) {
        Sway::type_text(self, text);
    }

    fn key(&self, key: &str) {
        Sway::key(self, key);
    }
}

//! What the X11 ([`super::xvfb`]) and Wayland ([`super::sway`]) harnesses share: the program
//! with its window on screen ([`Shown`]), the answer it must give ([`expect_answer`]), and one
//! interface to show a form and type into it ([`Desktop`]), so that a test of what a person
//! does at the keyboard can run on both.

use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use super::process::{Running, ShownSignal};
use super::{BURST_ANSWER, BURST_REQUEST};

/// How long a window may take to appear (debug build, software rendering, 2 cores, tests in
/// parallel), and sway to listen.
pub const WINDOW_TIMEOUT: Duration = Duration::from_secs(15);
/// How long the program may take to answer once it has been told to.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one helper tool (`xdotool`, `wtype`, `swaymsg`, `grim`, `python3`) may take.
pub const TOOL_TIMEOUT: Duration = Duration::from_secs(10);

/// A display server the program can show its window on, with a keyboard a test can type on.
pub trait Desktop {
    /// Starts the binary with a unique `--title` made from `name`, then `args`, `envs` and
    /// `request` on stdin; returns once its window is mapped, focused and on screen.
    fn open(&self, name: &str, request: &str, args: &[&str], envs: &[(&str, &str)]) -> Shown;

    /// Sends `inputs` to the focused window in one burst (one tool run, at the tool's own
    /// speed), as a password manager's auto-type or a virtual keyboard does.
    fn burst(&self, inputs: &[Input<'_>]);

    /// Types `text` into the focused window, at the tool's own speed.
    fn type_text(&self, text: &str);

    /// Presses and releases one key (an XKB key name) in the focused window.
    fn key(&self, key: &str);
}

/// A request with one required text field and no default.
pub const NAME_REQUEST: &str = r#"{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"Name"}},"required":["name"]}}"#;

/// [`NAME_REQUEST`] in Korean: its words need the system's CJK fonts.
pub const KOREAN_REQUEST: &str = r#"{"message":"이름을 입력해 주세요.","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"이름"}},"required":["name"]}}"#;

// ---------------------------------------------------------------------------------------------
// Scenarios, written once for X11 and Wayland

/// Escape answers `cancel`.
pub fn escape_cancels(desktop: &impl Desktop) {
    let app = desktop.open("escape", NAME_REQUEST, &[], &[]);
    desktop.key("Escape");
    expect_answer(app, r#"{"action":"cancel"}"#);
}

/// SIGTERM, while the window is up, answers `cancel`.
pub fn sigterm_cancels(desktop: &impl Desktop) {
    let app = desktop.open("sigterm", NAME_REQUEST, &[], &[]);
    app.signal("TERM");
    expect_answer(app, r#"{"action":"cancel"}"#);
}

/// Issue 15's strings (Korean, Japanese, Russian, beside Latin), each typed into a fresh
/// `request` (a form of one required field, `name`) and sent with Return, arrive exactly.
pub fn scripts_typed_arrive_exactly(desktop: &impl Desktop, name: &str, request: &str) {
    for text in [
        "Seoul 서울",
        "서울특별시 강남구 테헤란로 152",
        "Tokyo 東京都千代田区",
        "Привет, мир",
    ] {
        let app = desktop.open(name, request, &[], &[]);
        desktop.type_text(text);
        desktop.key("Return");
        let answer = serde_json::json!({"action": "accept", "content": {"name": text}});
        expect_answer(app, &answer.to_string());
    }
}

/// One part of a [`Desktop::burst`].
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    /// Text typed character by character.
    Text(&'a str),
    /// One key pressed and released, by its XKB name (`Tab`, `space`, `Return`).
    Key(&'a str),
}

/// The program with its window up and focused.
pub struct Shown {
    pub app: Running,
    /// Its window, once waited for.
    pub window: Option<Window>,
    pub started: Instant,
    /// Says when the window's first frame is on screen (for a window another process shows,
    /// serve's or the proxy's child, one of [`super::process::ShownWindows`]).
    pub shown_signal: ShownSignal,
}

/// A window of the program.
pub struct Window {
    /// The X window id as xdotool prints it (decimal), or sway's container id.
    pub id: String,
    pub title: String,
}

impl Shown {
    /// Its window, once waited for.
    pub fn window(&self) -> &Window {
        self.window.as_ref().expect("the window was waited for")
    }

    /// Its window's title.
    pub fn title(&self) -> &str {
        &self.window().title
    }

    /// Sends a signal (`TERM`, `INT`, `HUP`) to the program.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([&format!("-{name}"), &self.app.pid().to_string()])
            .status()
            .expect("the kill command runs");
        assert!(status.success(), "kill -{name} failed: {status}");
    }
}

/// A window title no other test (or stray window) uses.
pub fn unique_title(name: &str) -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    format!(
        "fe-e2e-{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    )
}

/// Waits for the program to end and asserts exit code 0 and exactly `line` plus a newline on
/// stdout.
pub fn expect_answer(shown: Shown, line: &str) {
    let out = shown.app.wait_output(ANSWER_TIMEOUT);
    assert!(
        out.code == Some(0) && out.stdout == format!("{line}\n"),
        "expected exit code 0 and stdout {line:?} + newline.\n{}",
        out.describe()
    );
}

/// A password manager's auto-type, `{USERNAME}{TAB}{EMAIL}{TAB}{SPACE}{ENTER}`, sent in one
/// burst into [`BURST_REQUEST`] shown with `args`: each text lands in its own field and the
/// checkbox is ticked. egui moves the focus for the pass after the one that saw a Tab, so the
/// text after a Tab used to land in the field the Tab left.
pub fn auto_type_fills_each_field(desktop: &impl Desktop, args: &[&str]) {
    let app = desktop.open("burst", BURST_REQUEST, args, &[]);
    desktop.burst(&[
        Input::Text("Ada Lovelace"),
        Input::Key("Tab"),
        Input::Text("ada@example.org"),
        Input::Key("Tab"),
        Input::Key("space"),
        Input::Key("Return"),
    ]);
    expect_answer(app, BURST_ANSWER);
}

/// Dead keys, each followed by a letter, that compose "éüà" with any locale's compose table,
/// then Return.
pub const DEAD_KEYS_TYPING_EUA: [&str; 7] = [
    "dead_acute",
    "e",
    "dead_diaeresis",
    "u",
    "dead_grave",
    "a",
    "Return",
];

//! The proxy tests' harness: the SDKs found (or the loud skip), the Python client started
//! against the proxy, forms waited for and answered, the proxy driven with raw lines.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::desktop::{ANSWER_TIMEOUT, Shown, WINDOW_TIMEOUT, unique_title};
use crate::support::process::{Group, ShownSignal, ShownWindows, without_terminal};
use crate::support::xvfb::{Xvfb, display_or_skip, run_tool};
use crate::support::{BIN, ENGLISH, root, skip};

/// How long a whole client session may take (Python imports, debug build, loaded machine).
pub(super) const SESSION_TIMEOUT: Duration = Duration::from_secs(60);

/// A display and the Python with the SDK, or `None` after the skip.
pub(super) fn setup() -> Option<(Xvfb, PathBuf)> {
    let python = python_or_skip()?;
    let x = display_or_skip(&[])?;
    Some((x, python))
}

/// How a skip for want of the Python SDK is fixed: `scripts/test` makes the venv.
const PYTHON_FIX: &str = "scripts/test, which makes target/proxy-venv (with Debian's python3-venv: apt-get install python3-venv)";

/// How a skip for want of the node packages is fixed: `scripts/test` installs them.
pub(super) const NODE_FIX: &str = "scripts/test, which installs them into target/ (with node and npm: apt-get install nodejs npm)";

/// The Python that has `mcp==2.3.0`, or `None` (after the loud message) when there is none.
pub(crate) fn python_or_skip() -> Option<PathBuf> {
    let python = std::env::var_os("FORM_ELICITATION_TEST_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/proxy-venv/bin/python"));
    let has_sdk = Command::new(&python)
        .args(["-c", "import mcp, mcp_types"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if has_sdk {
        return Some(python);
    }
    skip(
        &format!(
            "proxy tests need a Python with mcp==2.3.0 ({} has none; or set FORM_ELICITATION_TEST_PYTHON)",
            python.display()
        ),
        PYTHON_FIX,
    );
    None
}

/// Where `node` finds `@modelcontextprotocol/sdk`, or `None` (after the loud message).
pub(crate) fn node_modules_or_skip() -> Option<PathBuf> {
    let modules = std::env::var_os("FORM_ELICITATION_TEST_NODE_PATH")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/proxy-node/node_modules"));
    let found = Command::new("node")
        .args(["-e", "require('@modelcontextprotocol/sdk/client/index.js')"])
        .env("NODE_PATH", &modules)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if found {
        return Some(modules);
    }
    skip(
        &format!(
            "the TypeScript proxy tests need node and @modelcontextprotocol/sdk in {} (or set FORM_ELICITATION_TEST_NODE_PATH)",
            modules.display()
        ),
        NODE_FIX,
    );
    None
}

pub(super) fn server_script() -> PathBuf {
    root().join("tests/proxy/server.py")
}

/// `tests/proxy/server.py` serving Streamable HTTP on a free port of 127.0.0.1, for
/// `proxy --url`; killed when dropped.
pub(super) struct HttpServer {
    child: Group,
    pub(super) url: String,
}

impl HttpServer {
    /// Starts the server with `envs` and waits until it listens.
    pub(super) fn start(python: &Path, envs: &[(&str, &str)]) -> HttpServer {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let mut command = Command::new(python);
        command
            .arg(server_script())
            .args(["--http", &port.to_string()])
            .envs(envs.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let child = Group::spawn("the Python server", &mut command);
        let server = HttpServer {
            child,
            url: format!("http://127.0.0.1:{port}/mcp"),
        };
        let deadline = Instant::now() + SESSION_TIMEOUT;
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(server.child.running(), "the Python server exited");
            assert!(
                Instant::now() < deadline,
                "the Python server did not listen"
            );
            thread::sleep(Duration::from_millis(50));
        }
        server
    }
}

/// Starts `tests/proxy/client.py` with the display and English words; the proxy's windows get
/// a title of their own (returned), unless `own_title` is false.
pub(super) fn client(
    x: &Xvfb,
    python: &Path,
    (mode, tool): (&str, &str),
    extra: &[&str],
    envs: &[(&str, &str)],
    own_title: bool,
) -> (Shown, String) {
    let title = unique_title(&format!("proxy-{tool}"));
    let mut command = Command::new(python);
    command
        .arg(root().join("tests/proxy/client.py"))
        .args([BIN, mode, tool])
        .args(extra);
    if own_title {
        command.arg(format!("--proxy-arg=--title={title}"));
    }
    command.envs(ENGLISH).envs(envs.iter().copied());
    without_terminal(&mut command);
    (x.spawn("the Python client", command, None), title)
}

/// Waits for a form titled `title`, answers it with `answer`, and waits until it is gone.
pub(super) fn form(x: &Xvfb, shown: &mut Shown, title: &str, answer: impl FnOnce(&Xvfb)) {
    let window = x.wait_for_window(shown, title);
    // Before this form is answered, so that only the next form's window can say it is shown.
    shown.shown_signal.reset();
    let pid = window_pid(x, &window);
    answer(x);
    wait_pid_gone(x, title, &pid);
}

/// The process that shows window `id` (`_NET_WM_PID`): X reuses a closed window's id for the
/// next client's window, so a window is told from its successor by its process.
pub(super) fn window_pid(x: &Xvfb, id: &str) -> String {
    let out = run_tool(&x.display, "xdotool", &["getwindowpid", id]);
    out.stdout.trim().to_owned()
}

/// Waits until the window `id` titled `title` is gone (a window of the same title shown by
/// another process does not count).
pub(super) fn wait_gone(x: &Xvfb, title: &str, id: &str) {
    wait_pid_gone(x, title, &window_pid(x, id));
}

/// Waits until no window titled `title` belongs to process `pid`.
pub(super) fn wait_pid_gone(x: &Xvfb, title: &str, pid: &str) {
    let deadline = Instant::now() + ANSWER_TIMEOUT;
    while x
        .find_windows(title)
        .iter()
        .any(|w| window_pid(x, w) == pid)
    {
        assert!(
            Instant::now() < deadline,
            "the window {title:?} is still there"
        );
        thread::sleep(Duration::from_millis(50));
    }
}

/// The words the proxy's window says once nobody waits for its answer (issue 58).
pub(super) const NOBODY_WAITS: &str = "stopped waiting for this answer";

/// Waits until the window whose on-screen signal is `signal` says [`NOBODY_WAITS`].
pub(super) fn wait_until_nobody_waits(signal: &ShownSignal) {
    let deadline = Instant::now() + SESSION_TIMEOUT;
    while !signal.heading().contains(NOBODY_WAITS) {
        assert!(
            Instant::now() < deadline,
            "the window never said that nobody waits for its answer: {:?}",
            signal.heading()
        );
        thread::sleep(Duration::from_millis(50));
    }
}

/// The client's one JSON line, after it exited 0.
pub(super) fn outcome(shown: Shown) -> Value {
    let out = shown.app.wait_output(SESSION_TIMEOUT);
    assert_eq!(out.code, Some(0), "the client failed.\n{}", out.describe());
    let line = out.stdout.lines().last().unwrap_or_default();
    serde_json::from_str(line)
        .unwrap_or_else(|e| panic!("the client's line is not JSON ({e}).\n{}", out.describe()))
}

/// `text` with the characters xdotool's regular expressions treat specially escaped.
pub(super) fn regex_escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        // xdotool matches the title it reads through Xlib in the C locale, where a character
        // beyond ASCII (the `…` of a bounded name) comes as some bytes or none: any run.
        if !c.is_ascii() {
            out.push_str(".*");
            continue;
        }
        if "\\.+*?()|[]{}^$".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The proxy run directly, its stdin held open, its stdout read line by line.
pub(super) struct RawProxy {
    pub(super) child: Group,
    pub(super) stdin: Option<ChildStdin>,
    pub(super) lines: Receiver<String>,
    /// The on-screen signals of the proxy's forms.
    windows: ShownWindows,
}

impl RawProxy {
    pub(super) fn start(x: &Xvfb, python: &Path, title: &str, envs: &[(&str, &str)]) -> RawProxy {
        Self::start_script(x, (python, &server_script()), title, envs)
    }

    /// The proxy in front of the Python script `script`.
    pub(super) fn start_script(
        x: &Xvfb,
        (python, script): (&Path, &Path),
        title: &str,
        envs: &[(&str, &str)],
    ) -> RawProxy {
        let mut command = Command::new(BIN);
        command
            .args(["proxy", "--title", title, "--"])
            .arg(python)
            .arg(script)
            .env("DISPLAY", &x.display)
            .envs(ENGLISH)
            .envs(envs.iter().copied());
        Self::spawn(command)
    }

    /// The proxy in front of the server at `url`, with `args` after `--url URL`; its forms on
    /// `x`'s display when there is one.
    pub(super) fn start_url(
        x: Option<&Xvfb>,
        url: &str,
        args: &[&str],
        envs: &[(&str, &str)],
    ) -> RawProxy {
        let mut command = Command::new(BIN);
        command
            .args(["proxy", "--url", url])
            .args(args)
            .envs(ENGLISH)
            .envs(envs.iter().copied());
        if let Some(x) = x {
            command.env("DISPLAY", &x.display);
        }
        Self::spawn(command)
    }

    fn spawn(mut command: Command) -> RawProxy {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let windows = ShownWindows::new();
        let (name, path) = windows.env();
        command.env(name, path);
        without_terminal(&mut command);
        let mut child = Group::spawn("the proxy", &mut command);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout was piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        RawProxy {
            child,
            stdin,
            lines,
            windows,
        }
    }

    /// The on-screen signal of the proxy's window titled `title`: who asks, and the line that
    /// says nobody waits for its answer any more, once it is shown.
    pub(super) fn shown(&self, title: &str) -> ShownSignal {
        self.windows.of(title)
    }

    pub(super) fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("write to the proxy");
        stdin.flush().expect("flush");
    }

    pub(super) fn expect_line(&self, mut wanted: impl FnMut(&str) -> bool) -> String {
        let deadline = Instant::now() + SESSION_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .expect("the proxy answers in time");
            if wanted(&line) {
                return line;
            }
        }
    }

    pub(super) fn window(&mut self, x: &Xvfb, title: &str) -> String {
        let deadline = Instant::now() + SESSION_TIMEOUT;
        loop {
            if let Some(id) = x.find_windows(title).into_iter().next() {
                let focus = run_tool(&x.display, "xdotool", &["windowfocus", "--sync", &id]);
                assert_eq!(focus.code, Some(0), "{}", focus.describe());
                let child = &self.child;
                self.windows
                    .of(title)
                    .wait_while(|| child.running(), WINDOW_TIMEOUT);
                return id;
            }
            assert!(
                self.child.running(),
                "the proxy exited before its form appeared"
            );
            assert!(
                Instant::now() < deadline,
                "no form titled {title:?} appeared"
            );
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits for the proxy's exit, at most `timeout`; its exit code.
    pub(super) fn wait(&mut self, timeout: Duration) -> Option<i32> {
        wait_child(&mut self.child, timeout)
    }
}

/// Waits for `child` to exit within `timeout` (else kills it and panics); its exit code, or
/// 128 + the signal that ended it.
pub(super) fn wait_child(child: &mut Child, timeout: Duration) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt as _;
    let deadline = Instant::now() + timeout;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return status.code().or(status.signal().map(|s| 128 + s)),
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the proxy did not exit within {timeout:?}");
            }
        }
    }
}

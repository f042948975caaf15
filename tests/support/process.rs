//! Processes with a deadline: a test never hangs on a stuck child, never leaks one, and shows
//! what the child printed when it fails.

use std::io::{Read, Write};
use std::process::{Child, ChildStderr, ChildStdout, Command, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::{BIN, ENGLISH};

/// How long one run of the binary without a window may take (a debug build on a loaded
/// two-core machine answers in well under a second).
pub const DEADLINE: Duration = Duration::from_secs(60);

/// Runs the binary with `args` and `stdin`, in English, with no display and no controlling
/// terminal (so no front end can open), and waits at most [`DEADLINE`] for it.
pub fn run_binary(args: &[&str], stdin: &[u8]) -> Output {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .envs(ENGLISH)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("FORM_ELICITATION_UI")
        .env_remove("FORM_ELICITATION_CHECK");
    without_terminal(&mut command);
    Running::spawn("form-elicitation", command, Some(stdin)).wait_output(DEADLINE)
}

/// The end of a process: exit code (`None` when killed by a signal) and what it printed.
pub struct Output {
    /// The exit code, `None` when a signal ended it.
    pub code: Option<i32>,
    /// All it wrote to stdout.
    pub stdout: String,
    /// All it wrote to stderr.
    pub stderr: String,
}

/// A child process whose stdout and stderr are drained by threads (so it never blocks on a
/// full pipe), and which is killed if dropped still running (a failing test never leaks it).
pub struct Running {
    what: String,
    child: Child,
    stdout: Option<JoinHandle<String>>,
    stderr: Option<JoinHandle<String>>,
}

impl Running {
    /// Spawns `command` with stdout and stderr piped and `stdin` written, then closed.
    pub fn spawn(what: &str, mut command: Command, stdin: Option<&[u8]>) -> Running {
        command
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {what}: {e}"));
        if let Some(bytes) = stdin {
            let mut pipe = child.stdin.take().expect("stdin was piped");
            match pipe.write_all(bytes) {
                // The program may refuse its input before reading all of it.
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    panic!("cannot write the stdin of {what}: {e}")
                }
                _ => {}
            }
            // Dropping the pipe closes it: the program sees EOF.
        }
        let stdout = child.stdout.take().map(drain::<ChildStdout>);
        let stderr = child.stderr.take().map(drain::<ChildStderr>);
        Running {
            what: what.to_owned(),
            child,
            stdout,
            stderr,
        }
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether it is still running.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits for the exit, at most `timeout`; on timeout kills it and panics with its output.
    pub fn wait_output(mut self, timeout: Duration) -> Output {
        let deadline = Instant::now() + timeout;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(20)),
                Ok(None) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    let out = self.collect(None);
                    panic!(
                        "{} did not exit within {timeout:?}; killed it.\n{}",
                        self.what,
                        out.describe()
                    );
                }
                Err(e) => panic!("cannot wait for {}: {e}", self.what),
            }
        };
        self.collect(status.code())
    }

    /// The output of a process that may or may not have ended: kills it first if needed.
    pub fn stop(&mut self) -> Output {
        let _ = self.child.kill();
        let status = self.child.wait();
        self.collect(status.ok().and_then(|s| s.code()))
    }

    fn collect(&mut self, code: Option<i32>) -> Output {
        let join = |handle: Option<JoinHandle<String>>| {
            handle
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| "<reader thread panicked>".into())
                })
                .unwrap_or_default()
        };
        Output {
            code,
            stdout: join(self.stdout.take()),
            stderr: join(self.stderr.take()),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if self.running() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn drain<R: Read + Send + 'static>(mut pipe: R) -> JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

impl Output {
    /// The exit code, stdout and stderr, for a failure message.
    pub fn describe(&self) -> String {
        format!(
            "exit code: {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Starts `command` in a new session with no controlling terminal: should the window fail to
/// open, `--ui auto` must not fall back to the terminal `cargo test` runs in.
#[allow(unsafe_code)]
pub fn without_terminal(command: &mut Command) {
    use std::os::unix::process::CommandExt as _;
    // SAFETY: setsid is a plain system call; the closure allocates nothing.
    unsafe {
        command.pre_exec(|| rustix::process::setsid().map(drop).map_err(Into::into));
    }
}

/// The window's "I am on screen" signal: the binary creates this file once its first frame is
/// presented (`FORM_ELICITATION_TEST_SHOWN_FILE`), so a test types into a window that is there
/// instead of sleeping for a while and hoping.
pub struct ShownSignal(std::path::PathBuf);

impl ShownSignal {
    /// A signal file in `dir` (which the binary's user must be able to write) that no other
    /// run uses.
    pub fn in_dir(dir: &std::path::Path) -> Self {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let path = dir.join(format!("form-elicitation-shown-{}-{n}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        Self(path)
    }

    /// The environment variable that asks the binary for the signal.
    pub fn env(&self) -> (&'static str, &std::path::Path) {
        ("FORM_ELICITATION_TEST_SHOWN_FILE", &self.0)
    }

    /// Waits until the window is on screen; panics, with what the program printed, when it is
    /// not within `timeout` or the program ends first.
    pub fn wait(&self, app: &mut Running, timeout: Duration) {
        let started = std::time::Instant::now();
        while !self.0.exists() {
            if !app.running() || started.elapsed() > timeout {
                let out = app.stop();
                panic!(
                    "the window did not say it was on screen within {:?}.\n{}",
                    started.elapsed(),
                    out.describe()
                );
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits until the window is on screen, while `alive` (the process that shows it, or
    /// starts it) holds; panics when it is not within `timeout` or `alive` fails first.
    pub fn wait_while(&self, mut alive: impl FnMut() -> bool, timeout: Duration) {
        let started = std::time::Instant::now();
        while !self.0.exists() {
            assert!(alive(), "the program ended before its window was on screen");
            assert!(
                started.elapsed() < timeout,
                "the window did not say it was on screen within {timeout:?}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl ShownSignal {
    /// Forgets the window that said it was shown, so that the next window (the proxy's next
    /// form, started with the same variable) says so anew.
    pub fn reset(&self) {
        let _ = std::fs::remove_file(&self.0);
    }

    /// Who asks, as the heading of a window started for others says it (what it wrote into
    /// its signal in `FORM_ELICITATION_TEST_SHOWN_DIR`); empty before it is shown.
    pub fn heading(&self) -> String {
        std::fs::read_to_string(&self.0).unwrap_or_default()
    }
}

/// The "I am on screen" signals of the windows a process starts for others (`serve`, `proxy`):
/// given to that process, every window it starts creates a file named after its title in this
/// folder (`FORM_ELICITATION_TEST_SHOWN_DIR`) once its first frame is presented.
pub struct ShownWindows(std::path::PathBuf);

impl ShownWindows {
    /// A fresh folder under the system's temporary folder, removed on drop.
    pub fn new() -> Self {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!(
            "form-elicitation-shown-{}-w{n}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder for the shown signals");
        Self(dir)
    }

    /// The environment variable to give the process that starts the windows.
    pub fn env(&self) -> (&'static str, &std::path::Path) {
        ("FORM_ELICITATION_TEST_SHOWN_DIR", &self.0)
    }

    /// The signal of the window titled `title`.
    pub fn of(&self, title: &str) -> ShownSignal {
        ShownSignal(self.0.join(title.replace('/', "_")))
    }
}

impl Drop for ShownWindows {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Drop for ShownSignal {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Each thread of process `pid`: its name and how many times it has been put on a CPU
/// (`/proc/PID/task/TID/schedstat`, third figure).
pub fn thread_runs(pid: u32) -> std::collections::BTreeMap<u32, (String, u64)> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).expect("the program runs");
    tasks
        .filter_map(|task| {
            let path = task.ok()?.path();
            let tid = path.file_name()?.to_str()?.parse().ok()?;
            let name = std::fs::read_to_string(path.join("comm")).ok()?;
            let stat = std::fs::read_to_string(path.join("schedstat")).ok()?;
            let runs = stat.split_whitespace().nth(2)?.parse().ok()?;
            Some((tid, (name.trim().to_owned(), runs)))
        })
        .collect()
}

/// The threads of process `pid` that were put on a CPU more than once while the test watched
/// it for `watch` (once is a thread settling into its wait), as "name (tid): N times".
pub fn threads_woken_over(pid: u32, watch: Duration) -> Vec<String> {
    let before = thread_runs(pid);
    std::thread::sleep(watch);
    thread_runs(pid)
        .iter()
        .filter_map(|(tid, (name, runs))| {
            let earlier = before.get(tid).map_or(0, |(_, runs)| *runs);
            (runs - earlier > 1).then(|| format!("{name} ({tid}): {} times", runs - earlier))
        })
        .collect()
}

/// A state folder (`XDG_STATE_HOME`) for one run of the binary alone, not made until
/// something is kept there: what one test's form keeps as a draft (issue 58) never fills in
/// another test's form, nor lands among the tester's own.
pub fn fresh_state_home() -> std::path::PathBuf {
    static RUNS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    std::env::temp_dir().join(format!(
        "form-elicitation-test-state-{}-{n}",
        std::process::id()
    ))
}

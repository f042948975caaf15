//! What several test modules share: the binary's path, the request fixtures, the
//! independent validator, and child processes with a deadline for the end-to-end suites.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdout, Command, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_form-elicitation");

/// The environment that makes the binary speak English whatever the machine's locale, so
/// the tests can read its words (tests of other languages set their own).
pub const ENGLISH: [(&str, &str); 4] = [
    ("LC_ALL", "C.UTF-8"),
    ("LC_MESSAGES", "C.UTF-8"),
    ("LANG", "C.UTF-8"),
    ("LANGUAGE", ""),
];

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `.json` files directly in each of `dirs` (relative to the repository root), sorted.
pub fn json_files(dirs: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        files.extend(
            entries
                .map(|e| e.expect("directory entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "json")),
        );
    }
    files.sort();
    files
}

/// The independent oracle: a JSON Schema validator with format checks on.
pub fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::options()
        .should_validate_formats(true)
        .build(schema)
        .unwrap_or_else(|e| panic!("the validator refuses {schema}: {e}"))
}

/// Ends a test that cannot run here: fails it under `FORM_ELICITATION_E2E=require` (CI, where
/// every end-to-end suite must run), else says so on stderr and lets it pass.
pub fn skip(message: &str) {
    if std::env::var("FORM_ELICITATION_E2E").as_deref() == Ok("require") {
        panic!("{message} (FORM_ELICITATION_E2E=require)");
    }
    // Straight to the process's stderr: `eprintln!` would be swallowed by the test harness's
    // output capture of passing tests, and a skip must not go unnoticed.
    let _ = writeln!(std::io::stderr(), "SKIPPED: {message}");
}

// ---------------------------------------------------------------------------------------------
// Processes with a deadline

/// The end of a process: exit code (`None` when killed by a signal) and what it printed.
pub struct Output {
    /// The exit code.
    pub code: Option<i32>,
    /// What it printed on stdout.
    pub stdout: String,
    /// What it printed on stderr.
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
    pub fn spawn(what: &str, mut command: Command, stdin: Option<&str>) -> Running {
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
        if let Some(text) = stdin {
            let mut pipe = child.stdin.take().expect("stdin was piped");
            pipe.write_all(text.as_bytes())
                .unwrap_or_else(|e| panic!("cannot write the stdin of {what}: {e}"));
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

impl Output {
    /// The exit code and both outputs, for a failure message.
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

/// Whether `tool` is an executable file in a directory on PATH.
pub fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
}

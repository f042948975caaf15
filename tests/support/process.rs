//! The one way the tests start a process: [`Group`] (or [`Running`] over it, which also
//! drains its output and keeps a deadline). Each child leads a process group of its own, in
//! an environment [`clean_env`] cleaned, and everything in that group (and, for a child that
//! made a session of its own, in that session) is killed and the child reaped on drop and on
//! a timeout: a test never hangs on a stuck child, never leaks what it started, and shows what
//! the child printed when it fails.

use std::io::{Read, Write};
use std::ops::{Deref, DerefMut};
use std::os::unix::process::CommandExt as _;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, WaitId, WaitIdOptions};

use super::{BIN, ENGLISH};

/// How long one run of the binary without a window may take (a debug build on a loaded
/// two-core machine answers in well under a second).
pub const DEADLINE: Duration = Duration::from_secs(60);

/// Runs the binary with `args` and `stdin`, in English, with no display and no controlling
/// terminal (so no front end can open), and waits at most [`DEADLINE`] for it.
pub fn run_binary(args: &[&str], stdin: &[u8]) -> Output {
    let mut command = Command::new(BIN);
    command.args(args).envs(ENGLISH);
    without_terminal(&mut command);
    Running::spawn("form-elicitation", command, Some(stdin)).wait_output(DEADLINE)
}

/// The variables of the test's own environment that would reach past the test: a display, a
/// runtime folder or a session bus of the person running the tests (on a desktop a "no
/// display" test would open a real window or reach a running serve), and every setting of
/// ours (`FORM_ELICITATION_*`: `scripts/test`'s, or the tester's own).
const OUTSIDE: [&str; 4] = [
    "DISPLAY",
    "WAYLAND_DISPLAY",
    "XDG_RUNTIME_DIR",
    "DBUS_SESSION_BUS_ADDRESS",
];

/// The environment cleaner every start goes through ([`Group::spawn`]): removes from
/// `command` each of [`OUTSIDE`] and every `FORM_ELICITATION_*` the test process has, unless
/// the test set (or removed) it on `command` itself.
pub fn clean_env(command: &mut Command) -> &mut Command {
    let chosen: Vec<std::ffi::OsString> = command
        .get_envs()
        .map(|(name, _)| name.to_owned())
        .collect();
    let ours = std::env::vars_os()
        .map(|(name, _)| name)
        .filter(|name| name.to_string_lossy().starts_with("FORM_ELICITATION_"));
    let names: Vec<std::ffi::OsString> = OUTSIDE.iter().map(Into::into).chain(ours).collect();
    for name in names {
        if !chosen.contains(&name) {
            command.env_remove(name);
        }
    }
    command
}

/// A child process leading a process group of its own; on drop (and [`Group::end`]) the whole
/// group is killed, with every process of the child's session if it made one (a job-control
/// shell's jobs are groups of their own in it), and the child is reaped. What the child
/// starts (a bus, an X server, a window) ends with it even when the child is killed on a
/// timeout and cannot end them itself. A process that leaves both (`setsid` in a grandchild,
/// as a daemon does) is its own to end. Derefs to the [`Child`].
pub struct Group {
    child: Child,
    /// Once the group is ended: a second end kills nothing (the numbers may be reused).
    ended: bool,
}

impl Group {
    /// Starts `command` ([`clean_env`] first) in a process group of its own (a child that
    /// [`without_terminal`] puts in a session of its own leads that session's group already);
    /// panics, naming `what`, when it cannot start.
    #[allow(unsafe_code)]
    pub fn spawn(what: &str, command: &mut Command) -> Group {
        clean_env(command);
        // SAFETY: getpid, getpgrp and setpgid are plain system calls; the closure allocates
        // nothing. A closure rather than `process_group(0)`, which runs before the others:
        // `without_terminal`'s setsid fails in a process that already leads a group.
        unsafe {
            command.pre_exec(|| {
                if rustix::process::getpgrp() != rustix::process::getpid() {
                    rustix::process::setpgid(None, None)?;
                }
                Ok(())
            });
        }
        let child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {what}: {e}"));
        Group {
            child,
            ended: false,
        }
    }

    /// The child's process id, which is also its group's.
    fn leader(&self) -> Pid {
        Pid::from_child(&self.child)
    }

    /// Whether the child still runs. Unlike [`Child::try_wait`] it does not reap an ended
    /// child: its group's number stays its own until [`Group::end`] kills what is left.
    pub fn running(&self) -> bool {
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        matches!(
            rustix::process::waitid(WaitId::Pid(self.leader()), options),
            Ok(None)
        ) && !self.ended
    }

    /// Kills the child, if it runs, and every process left in its group and session; reaps
    /// the child and returns how it ended.
    pub fn end(&mut self) -> Option<ExitStatus> {
        if !self.ended {
            kill_group_and_session(self.leader());
            self.ended = true;
        }
        self.child.wait().ok()
    }

    /// Waits for the child's own end (not its group's), at most `timeout`; `None` when it still
    /// runs then.
    pub fn wait_until(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        while self.running() {
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(10));
        }
        self.child.wait().ok()
    }
}

impl Group {
    /// [`Child::wait_with_output`] for a child of the group: reads its piped stdout and stderr
    /// to their ends, then reaps it.
    pub fn wait_with_output(&mut self) -> std::io::Result<std::process::Output> {
        let stdout = self.child.stdout.take().map(drain);
        let stderr = self.child.stderr.take().map(drain);
        let status = self.child.wait()?;
        let read = |pipe: Option<Receiver<String>>| {
            pipe.and_then(|r| r.recv().ok())
                .map(String::into_bytes)
                .unwrap_or_default()
        };
        Ok(std::process::Output {
            status,
            stdout: read(stdout),
            stderr: read(stderr),
        })
    }
}

impl Deref for Group {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.child
    }
}

impl DerefMut for Group {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.child
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.end();
    }
}

/// SIGKILL to the process group `leader` leads and to every process of the session it leads
/// (read from `/proc`: the processes whose group or session is `leader`).
pub fn kill_group_and_session(leader: Pid) {
    let _ = rustix::process::kill_process_group(leader, Signal::KILL);
    let leader = leader.as_raw_nonzero().get();
    for (pid, group, session) in processes() {
        if (group == leader || session == leader)
            && let Some(pid) = Pid::from_raw(pid)
        {
            let _ = rustix::process::kill_process(pid, Signal::KILL);
        }
    }
}

/// Every process of the machine as (its id, its group's, its session's), from `/proc`.
fn processes() -> Vec<(i32, i32, i32)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            // After the command name, in parentheses: state, parent, group, session.
            let mut rest = stat.rsplit_once(") ")?.1.split(' ').skip(2);
            let group = rest.next()?.parse().ok()?;
            let session = rest.next()?.parse().ok()?;
            Some((pid, group, session))
        })
        .collect()
}

/// The end of a process: exit code (`None` when killed by a signal) and what it printed.
pub struct Output {
    /// The exit code, `None` when a signal ended it.
    pub code: Option<i32>,
    /// All it wrote to stdout.
    pub stdout: String,
    /// All it wrote to stderr.
    pub stderr: String,
    /// What is left of the process's group, ended when the test lets go of the output: a
    /// test may still look at what the process left behind (an orphan that must end itself).
    _rest: Option<Group>,
}

impl Output {
    /// The output of a process not started by [`Running`] (nothing left of it to end).
    pub fn new(code: Option<i32>, stdout: String, stderr: String) -> Output {
        Output {
            code,
            stdout,
            stderr,
            _rest: None,
        }
    }
}

/// A child process ([`Group`]) whose stdout and stderr are drained by threads (so it never
/// blocks on a full pipe), and which is killed with its group if dropped still running (a
/// failing test never leaks it).
pub struct Running {
    what: String,
    pid: u32,
    group: Option<Group>,
    stdout: Option<Receiver<String>>,
    stderr: Option<Receiver<String>>,
}

/// How long the output of an ended process may stay open, held by something it started (the
/// orphan a test of the caller's death watches), before the rest of its group is killed.
const PIPES_TIMEOUT: Duration = Duration::from_secs(30);

impl Running {
    /// Spawns `command` ([`Group::spawn`]) with stdout and stderr piped and `stdin` written,
    /// then closed.
    pub fn spawn(what: &str, mut command: Command, stdin: Option<&[u8]>) -> Running {
        command
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut group = Group::spawn(what, &mut command);
        if let Some(bytes) = stdin {
            let mut pipe = group.stdin.take().expect("stdin was piped");
            match pipe.write_all(bytes) {
                // The program may refuse its input before reading all of it.
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    panic!("cannot write the stdin of {what}: {e}")
                }
                _ => {}
            }
            // Dropping the pipe closes it: the program sees EOF.
        }
        let stdout = group.stdout.take().map(drain);
        let stderr = group.stderr.take().map(drain);
        Running {
            what: what.to_owned(),
            pid: group.id(),
            group: Some(group),
            stdout,
            stderr,
        }
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Whether it is still running.
    pub fn running(&mut self) -> bool {
        self.group.as_ref().is_some_and(Group::running)
    }

    /// Waits for the exit, at most `timeout`; on timeout kills it with its group and panics
    /// with its output.
    pub fn wait_output(mut self, timeout: Duration) -> Output {
        let deadline = Instant::now() + timeout;
        let group = self
            .group
            .as_mut()
            .expect("the group is held until the end");
        let Some(status) = group.wait_until(timeout) else {
            group.end();
            let out = self.collect(None, Instant::now());
            panic!(
                "{} (and all it started) did not exit within {timeout:?}; killed them.\n{}",
                self.what,
                out.describe()
            );
        };
        self.collect(status.code(), deadline.max(Instant::now() + PIPES_TIMEOUT))
    }

    /// The output of a process that may or may not have ended: kills it first if needed (the
    /// process alone: what it started is ended when the output is let go).
    pub fn stop(&mut self) -> Output {
        let group = self
            .group
            .as_mut()
            .expect("the group is held until the end");
        let _ = group.kill();
        let status = group.wait();
        self.collect(
            status.ok().and_then(|s| s.code()),
            Instant::now() + PIPES_TIMEOUT,
        )
    }

    /// The output, read until its pipes close (or until `until`, after which the rest of the
    /// group is killed, closing the pipes it held); what is left of the group goes with the
    /// [`Output`].
    fn collect(&mut self, code: Option<i32>, until: Instant) -> Output {
        let mut rest = self.group.take();
        let read = |pipe: &mut Option<Receiver<String>>, rest: &mut Option<Group>| {
            let Some(receiver) = pipe.take() else {
                return String::new();
            };
            let left = until.saturating_duration_since(Instant::now());
            receiver.recv_timeout(left).unwrap_or_else(|_| {
                // Held open by what the process started: ended now, so the pipe closes.
                if let Some(group) = rest {
                    group.end();
                }
                receiver
                    .recv_timeout(Duration::from_secs(5))
                    .unwrap_or_else(|_| "<held open by a process outside its group>".into())
            })
        };
        let stdout = read(&mut self.stdout, &mut rest);
        let stderr = read(&mut self.stderr, &mut rest);
        Output {
            code,
            stdout,
            stderr,
            _rest: rest,
        }
    }
}

/// Reads `pipe` to its end in a thread of its own; the text comes on the receiver.
fn drain<R: Read + Send + 'static>(mut pipe: R) -> Receiver<String> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        let _ = sender.send(String::from_utf8_lossy(&bytes).into_owned());
    });
    receiver
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

#[cfg(test)]
mod tests {
    //! The harness's own promise: nothing a test starts outlives it.

    use super::*;
    use crate::support::temp::TempDir;

    /// A shell that starts `sleep 300` in the background (its output elsewhere, so that only
    /// the group's end can end it) and writes its pid to a file; the shell then runs
    /// `then`. Returns the shell and the sleep's pid.
    fn shell_with_a_sleeper(dir: &TempDir, then: &str) -> (Running, u32) {
        let file = dir.path().join("pid");
        let mut command = Command::new("sh");
        command.args([
            "-c",
            &format!(
                "sleep 300 >/dev/null 2>&1 & echo $! > \"$0.tmp\"; mv \"$0.tmp\" \"$0\"; {then}"
            ),
        ]);
        command.arg(&file);
        let running = Running::spawn("sh", command, None);
        let deadline = Instant::now() + DEADLINE;
        while !file.exists() {
            assert!(Instant::now() < deadline, "the shell wrote no pid");
            thread::sleep(Duration::from_millis(10));
        }
        let pid = std::fs::read_to_string(&file).expect("the pid");
        (running, pid.trim().parse().expect("a pid"))
    }

    /// Whether process `pid` runs (a zombie waiting for its new parent does not).
    fn alive(pid: u32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .is_ok_and(|stat| !matches!(stat.rsplit(") ").next(), Some(s) if s.starts_with('Z')))
    }

    fn gone_soon(pid: u32) -> bool {
        let deadline = Instant::now() + Duration::from_secs(5);
        while alive(pid) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(10));
        }
        !alive(pid)
    }

    /// Before: only the child was killed on a timeout; what it started lived on (the a11y
    /// reader's Python, Xvfb, buses and binary).
    #[test]
    fn a_timeout_ends_all_the_process_started() {
        let dir = TempDir::new("harness-timeout");
        let (running, sleeper) = shell_with_a_sleeper(&dir, "wait");
        let timed_out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            running.wait_output(Duration::from_millis(200))
        }));
        assert!(timed_out.is_err(), "the shell was to outlast its deadline");
        assert!(
            gone_soon(sleeper),
            "the sleep {sleeper} outlived the timeout"
        );
    }

    /// Before: a dropped child was killed alone.
    #[test]
    fn a_dropped_process_ends_with_all_it_started() {
        let dir = TempDir::new("harness-drop");
        let (running, sleeper) = shell_with_a_sleeper(&dir, "wait");
        drop(running);
        assert!(gone_soon(sleeper), "the sleep {sleeper} outlived the drop");
    }

    /// What an ended process left running is still there while the test holds its output
    /// (a test may watch an orphan end by itself), and ends with it.
    #[test]
    fn what_an_ended_process_left_ends_with_its_output() {
        let dir = TempDir::new("harness-left");
        let (running, sleeper) = shell_with_a_sleeper(&dir, "exit 0");
        let out = running.wait_output(DEADLINE);
        assert_eq!(out.code, Some(0), "{}", out.describe());
        assert!(
            alive(sleeper),
            "the sleep {sleeper} was ended before its time"
        );
        drop(out);
        assert!(
            gone_soon(sleeper),
            "the sleep {sleeper} outlived the output"
        );
    }

    /// The cleaner removes the tester's display, runtime folder, bus and our settings, and
    /// keeps what the test set itself.
    #[test]
    fn the_environment_is_cleaned_but_for_what_the_test_sets() {
        let mut command = Command::new("true");
        command.env("DISPLAY", ":7");
        clean_env(&mut command);
        let envs: Vec<(String, Option<String>)> = command
            .get_envs()
            .map(|(k, v)| {
                let text = |s: &std::ffi::OsStr| s.to_string_lossy().into_owned();
                (text(k), v.map(text))
            })
            .collect();
        assert!(
            envs.contains(&("DISPLAY".into(), Some(":7".into()))),
            "{envs:?}"
        );
        for name in [
            "WAYLAND_DISPLAY",
            "XDG_RUNTIME_DIR",
            "DBUS_SESSION_BUS_ADDRESS",
        ] {
            assert!(envs.contains(&(name.into(), None)), "{name} kept: {envs:?}");
        }
        for (name, _) in std::env::vars() {
            if name.starts_with("FORM_ELICITATION_") {
                assert!(
                    envs.contains(&(name.clone(), None)),
                    "{name} kept: {envs:?}"
                );
            }
        }
    }
}

//! The pty harness of the terminal dialog's end-to-end tests (`tests/integration/terminal.rs`,
//! and the proxy's terminal test): the built binary runs with a fresh pseudo-terminal as its
//! controlling terminal, so `/dev/tty` is the pty; keys are typed into the pty like a person's,
//! a small VT screen reads what the dialog shows, and the answer is read on the binary's real
//! stdout (a pipe, never the pty). Beside the X11 and Wayland harnesses.
//!
//! The pty comes from `rustix`; the child is a plain `std::process::Command` that makes the pty
//! its controlling terminal in `pre_exec` (`setsid` + `TIOCSCTTY`), so stdin, stdout and stderr
//! can be whatever each test needs.

#![allow(dead_code)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt as _;
use std::path::PathBuf;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use rustix::termios::{LocalModes, Winsize};

use super::BIN;
use super::process::Group;

/// How long the dialog may take to show something (debug build, 2 cores, tests in parallel).
pub const EXPECT_TIMEOUT: Duration = Duration::from_secs(15);
/// How long the binary may take to exit once it has been answered.
pub const EXIT_TIMEOUT: Duration = Duration::from_secs(10);
/// The pty's size.
pub const ROWS: u16 = 24;
pub const COLS: u16 = 80;

// Keys as a terminal sends them.
pub const ENTER: &str = "\r";
pub const ESC: &str = "\x1b";
pub const ALT_ENTER: &str = "\x1b\r";
pub const CTRL_C: &str = "\x03";
pub const CTRL_D: &str = "\x04";
pub const CTRL_J: &str = "\n";
pub const UP: &str = "\x1b[A";
pub const DOWN: &str = "\x1b[B";
pub const END: &str = "\x1b[F";
pub const BACKSPACE: &str = "\x7f";
pub const PAGE_DOWN: &str = "\x1b[6~";
pub const PAGE_UP: &str = "\x1b[5~";
pub const PASTE_START: &str = "\x1b[200~";
pub const PASTE_END: &str = "\x1b[201~";

/// A job-control shell in miniature, for [`Setup::job_control`]: it runs the binary (its
/// arguments) as a foreground job in a process group of its own, as an interactive shell does,
/// so SIGTSTP stops it (the kernel ignores SIGTSTP in an orphaned process group, which a child
/// that is its own session leader is). When the job stops, the shell takes the terminal back
/// and waits for a line on its stdin before running `fg`, which gives the terminal to the job
/// again and sends it SIGCONT. `fg` names the job on stdout, so that goes to stderr.
pub const JOB_SHELL: &str =
    r#"set -m; "$@" </dev/tty; s=$?; if [ $s -ge 128 ]; then read _; fg >&2; s=$?; fi; exit $s"#;

/// A client that starts the binary in the background, as Codex starts its servers: a process
/// group of its own, while the terminal's foreground stays with the client (here a bash with
/// job control, which puts each job in a group of its own and keeps the terminal). `wait -f`
/// waits for the job's end, not for its first stop, so the shell, and with it the job's
/// group, lives on while the job is stopped.
pub const BACKGROUND_SHELL: (&str, &str) = ("bash", r#"set -m; "$@" & wait -f $!"#);

/// The processes under `pid` (its children, theirs, ...) that are stopped (state `T`): a
/// dialog the terminal stopped (SIGTTOU, SIGTTIN) is one.
pub fn stopped_under(pid: u32) -> Vec<u32> {
    let mut parents = std::collections::HashMap::new();
    let mut states = std::collections::HashMap::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(p) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // After the command name, in parentheses: the state, then the parent's id.
        let mut rest = stat.rsplit_once(") ").map_or("", |(_, r)| r).split(' ');
        let state = rest.next().unwrap_or_default().to_owned();
        if let Some(parent) = rest.next().and_then(|p| p.parse::<u32>().ok()) {
            parents.insert(p, parent);
            states.insert(p, state);
        }
    }
    let under = |mut p: u32| {
        while let Some(&parent) = parents.get(&p) {
            if parent == pid {
                return true;
            }
            p = parent;
        }
        false
    };
    states
        .iter()
        .filter(|(p, state)| *state == "T" && under(**p))
        .map(|(p, _)| *p)
        .collect()
}

/// How a test runs the binary.
#[derive(Debug, Clone)]
pub struct Setup {
    /// `FORM_ELICITATION_UI`, or `None` to leave the choice to `auto`.
    pub ui: Option<&'static str>,
    /// Colour on (no `NO_COLOR`).
    pub color: bool,
    /// The request on stdin (a pipe) instead of a file argument with the pty as stdin.
    pub request_on_stdin: bool,
    /// Run as the foreground job of a job-control shell (see [`JOB_SHELL`]), as in an
    /// interactive shell, so that SIGTSTP can stop it.
    pub job_control: bool,
    /// A shell and a script of the test's own that starts the binary (`SHELL -c SCRIPT SHELL
    /// BIN ARGS...`): [`BACKGROUND_SHELL`], a job shell that runs `bg`, a pipe whose reader
    /// the test kills. As with [`Self::job_control`], the script's stdin is
    /// [`Dialog::shell_input`] (a line there per `read`).
    pub shell: Option<(&'static str, &'static str)>,
    /// `DISPLAY`, or `None` to leave it unset.
    pub display: Option<&'static str>,
    /// The locale (`LANG` and `LC_ALL`), or `None` for English.
    pub lang: Option<&'static str>,
    /// The terminal's rows and columns (80×24 unless given).
    pub size: Option<(u16, u16)>,
    /// `TZ`, or `None` to leave it as the tests run with.
    pub tz: Option<&'static str>,
    /// `TERM`.
    pub term: &'static str,
}

impl Default for Setup {
    fn default() -> Self {
        Self {
            ui: Some("terminal"),
            color: false,
            request_on_stdin: false,
            job_control: false,
            shell: None,
            display: None,
            lang: None,
            size: None,
            tz: None,
            term: "xterm-256color",
        }
    }
}

/// The binary running on its pty.
pub struct Dialog {
    /// The binary (or the shell that starts it), in a session of its own: whatever it starts
    /// ends with it.
    pub child: Group,
    pub master: File,
    /// Our own handle on the terminal side, to read its settings after the binary exits.
    pub slave: Option<OwnedFd>,
    pub screen: Arc<(Mutex<Vec<u8>>, Condvar)>,
    pub reader: Option<JoinHandle<()>>,
    pub stdout: Option<JoinHandle<String>>,
    pub stderr: Option<JoinHandle<String>>,
    /// How much of the shown text `expect` has consumed.
    pub seen: usize,
    pub request_file: Option<PathBuf>,
    /// With [`Setup::job_control`]: a line here makes the shell run `fg`.
    pub shell_input: Option<ChildStdin>,
    /// The terminal's size at the start (rows, columns), and each resize since: where in the
    /// output it happened, and the new size.
    pub size: (u16, u16),
    pub resizes: Vec<(usize, u16, u16)>,
    /// After a bare Esc: how much output there was, which must grow before more keys go.
    pub after_escape: Option<usize>,
}

/// What a finished run left.
pub struct Done {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// Everything the dialog wrote to the terminal, escape sequences included.
    pub raw: String,
    pub cooked: bool,
}

impl std::fmt::Debug for Done {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {:?}\n--- stdout\n{}\n--- stderr\n{}\n--- terminal\n{}",
            self.code,
            self.stdout,
            self.stderr,
            shown_text(self.raw.as_bytes())
        )
    }
}

impl Done {
    /// Asserts exit 0, exactly `line` on stdout, and the terminal restored.
    pub fn answered(&self, line: &str) {
        assert_eq!(self.stdout, format!("{line}\n"), "{self:?}");
        assert_eq!(self.code, Some(0), "{self:?}");
        assert!(
            self.cooked,
            "the terminal is left in raw mode (no ICANON or ECHO): {self:?}"
        );
    }
}

pub static RUNS: AtomicU32 = AtomicU32::new(0);

impl Dialog {
    /// Starts the binary on a fresh 80×24 pty with `request`; `None` (after saying so) when
    /// this machine has no pty to give.
    pub fn start(request: &str, args: &[&str], setup: Setup) -> Option<Self> {
        let (rows, cols) = setup.size.unwrap_or((ROWS, COLS));
        let (master, slave) = match open_pty_sized(rows, cols) {
            Ok(pair) => pair,
            Err(error) => {
                super::skip(
                    &format!("the terminal tests need a pseudo-terminal ({error})"),
                    "a machine (or container) with /dev/ptmx",
                );
                return None;
            }
        };
        let mut command = if let Some((program, script)) = setup.shell {
            let mut shell = Command::new(program);
            shell.args(["-c", script, program, BIN]);
            shell
        } else if setup.job_control {
            let mut shell = Command::new("sh");
            shell.args(["-c", JOB_SHELL, "sh", BIN]);
            shell
        } else {
            Command::new(BIN)
        };
        command
            .args(args)
            .envs(super::ENGLISH)
            .envs(setup.display.map(|display| ("DISPLAY", display)))
            .envs(
                setup
                    .lang
                    .iter()
                    .flat_map(|lang| [("LC_ALL", *lang), ("LANG", *lang)]),
            )
            .env("XDG_STATE_HOME", super::process::fresh_state_home())
            .env_remove("NO_COLOR")
            .envs(setup.tz.map(|tz| ("TZ", tz)))
            .env("TERM", setup.term)
            .env_remove("COLORTERM")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(ui) = setup.ui {
            command.env("FORM_ELICITATION_UI", ui);
        }
        if !setup.color {
            command.env("NO_COLOR", "1");
        }
        let mut request_file = None;
        if setup.request_on_stdin {
            command.stdin(Stdio::piped());
        } else {
            let n = RUNS.fetch_add(1, Ordering::SeqCst);
            let path = std::env::temp_dir().join(format!(
                "form-elicitation-terminal-{}-{n}.json",
                std::process::id()
            ));
            std::fs::write(&path, request).expect("write the request file");
            command.arg(&path);
            if setup.job_control || setup.shell.is_some() {
                command.stdin(Stdio::piped());
            } else {
                command.stdin(Stdio::from(slave.try_clone().expect("dup the pty")));
            }
            request_file = Some(path);
        }
        controlled_by(&mut command, &slave);
        let mut child = Group::spawn("the binary", &mut command);
        // The parent's copies of the pty's slave side go with the command.
        drop(command);
        let mut shell_input = None;
        if setup.request_on_stdin {
            let mut stdin = child.stdin.take().expect("stdin is piped");
            stdin
                .write_all(request.as_bytes())
                .expect("write the request");
        } else if setup.job_control || setup.shell.is_some() {
            shell_input = child.stdin.take();
        }
        let stdout = child.stdout.take().map(|mut out| {
            thread::spawn(move || {
                let mut text = String::new();
                let _ = out.read_to_string(&mut text);
                text
            })
        });
        let stderr = child.stderr.take().map(|mut err| {
            thread::spawn(move || {
                let mut text = String::new();
                let _ = err.read_to_string(&mut text);
                text
            })
        });
        let master = File::from(master);
        let screen: Arc<(Mutex<Vec<u8>>, Condvar)> = Arc::default();
        let reader = {
            let mut master = master.try_clone().expect("dup the pty master");
            let screen = Arc::clone(&screen);
            thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                // Ends with an error (EIO) once the child and its pty side are gone.
                while let Ok(n @ 1..) = master.read(&mut chunk) {
                    let (bytes, changed) = &*screen;
                    bytes
                        .lock()
                        .expect("screen lock")
                        .extend_from_slice(&chunk[..n]);
                    changed.notify_all();
                }
            })
        };
        Some(Self {
            child,
            master,
            slave: Some(slave),
            screen,
            reader: Some(reader),
            stdout,
            stderr,
            seen: 0,
            request_file,
            shell_input,
            size: (rows, cols),
            resizes: Vec::new(),
            after_escape: None,
        })
    }

    /// Types `keys` into the terminal, at full speed: the dialog takes every key in order
    /// however fast keys come.
    ///
    /// The one thing a terminal cannot tell apart is a bare Esc followed at once by more (Esc
    /// then `a` in one read is Alt+a, for every program): after a bare Esc, the next keys wait
    /// until the dialog has shown that it took it (its output has grown).
    pub fn send(&mut self, keys: &str) {
        if let Some(before) = self.after_escape.take() {
            self.wait_for_output_past(before);
        }
        let before = self.screen.0.lock().expect("screen lock").len();
        self.master
            .write_all(keys.as_bytes())
            .expect("write to the pty");
        self.master.flush().expect("flush the pty");
        if keys == ESC {
            self.after_escape = Some(before);
        }
    }

    /// Waits until the dialog has written more than `len` bytes in all.
    pub fn wait_for_output_past(&mut self, len: usize) {
        wait_for(
            &self.screen,
            &mut self.child,
            |bytes| (bytes.len() > len).then_some(()),
            |_| format!("the dialog never drew anything after byte {len}"),
        );
    }

    /// Resizes the terminal to `rows` × `cols`, as a terminal window being resized does: the
    /// kernel sends the dialog SIGWINCH. Returns once the dialog has drawn something after
    /// it. [`Dialog::expect_screen`] then reads the screen as a terminal that cuts its rows
    /// (it does not rewrap them) would show it.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        // Under the output's lock, so that the resize is placed exactly in the output.
        let output = self.screen.0.lock().expect("screen lock");
        let at = output.len();
        self.resizes.push((at, rows, cols));
        rustix::termios::tcsetwinsize(
            &self.master,
            Winsize {
                ws_row: rows,
                ws_col: cols,
                ws_xpixel: 0,
                ws_ypixel: 0,
            },
        )
        .expect("resize the pty");
        drop(output);
        self.wait_for_output_past(at);
    }

    /// Sends a signal to the binary.
    pub fn signal(&mut self, signal: rustix::process::Signal) {
        let pid = rustix::process::Pid::from_child(&self.child);
        self.signal_process(pid, signal);
    }

    /// Sends a signal to process `pid`.
    pub fn signal_process(&mut self, pid: rustix::process::Pid, signal: rustix::process::Signal) {
        rustix::process::kill_process(pid, signal).expect("send the signal");
    }

    /// The process group in the terminal's foreground: with [`Setup::job_control`], the
    /// binary's (the shell makes each job a group led by its process).
    pub fn foreground_job(&self) -> rustix::process::Pid {
        rustix::termios::tcgetpgrp(&self.master).expect("the pty's foreground process group")
    }

    /// Waits until process `pid` is stopped (state `T` in `/proc`).
    pub fn wait_until_stopped(&mut self, pid: rustix::process::Pid) {
        let stat = format!("/proc/{}/stat", pid.as_raw_nonzero());
        let deadline = Instant::now() + EXPECT_TIMEOUT;
        loop {
            let text = std::fs::read_to_string(&stat).unwrap_or_default();
            // The state follows the command name, which is in parentheses.
            let state = text
                .rsplit_once(") ")
                .and_then(|(_, rest)| rest.chars().next());
            if state == Some('T') {
                return;
            }
            if Instant::now() > deadline {
                self.child.end();
                panic!("process {pid:?} did not stop (state {state:?})");
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether the terminal is in cooked mode (line editing and echo on), as a shell expects.
    pub fn cooked(&self) -> bool {
        self.slave.as_ref().is_some_and(|slave| {
            rustix::termios::tcgetattr(slave).is_ok_and(|t| {
                t.local_modes
                    .contains(LocalModes::ICANON | LocalModes::ECHO)
            })
        })
    }

    /// With [`Setup::job_control`]: the shell brings the stopped job back to the foreground
    /// and continues it, as `fg` typed at a prompt does.
    pub fn fg(&mut self) {
        let input = self
            .shell_input
            .as_mut()
            .expect("the dialog runs under a shell");
        input.write_all(b"\n").expect("tell the shell to run fg");
        input.flush().expect("flush the shell's input");
    }

    /// Forgets what the terminal has shown so far: the next [`Dialog::expect`] looks only at
    /// what comes after.
    pub fn skip_shown(&mut self) {
        self.seen = shown_text(&self.screen.0.lock().expect("screen lock")).len();
    }

    /// Waits until the terminal shows `needle` (escape sequences removed) after what earlier
    /// calls matched.
    pub fn expect(&mut self, needle: &str) {
        let seen = self.seen;
        let at = wait_for(
            &self.screen,
            &mut self.child,
            |bytes| {
                shown_text(bytes)
                    .get(seen..)
                    .and_then(|rest| rest.find(needle))
            },
            |bytes| {
                let text = shown_text(bytes);
                let tail = text.get(seen..).unwrap_or("");
                format!(
                    "the terminal never showed {needle:?}; since the last match it showed:\n{tail}"
                )
            },
        );
        self.seen += at + needle.len();
    }

    /// Waits until the screen as a whole satisfies `ready` (described by `what`), and returns
    /// it. Unlike [`Dialog::expect`], this looks at what is visible now, not at the stream.
    pub fn expect_screen(&mut self, what: &str, ready: impl Fn(&Screen) -> bool) -> Screen {
        let (size, resizes) = (self.size, &self.resizes);
        wait_for(
            &self.screen,
            &mut self.child,
            |bytes| Some(Screen::from_output(bytes, size, resizes)).filter(|screen| ready(screen)),
            |bytes| {
                let screen = Screen::from_output(bytes, size, resizes);
                format!("the screen never showed {what}; it shows:\n{screen}")
            },
        )
    }

    /// Waits for the binary to exit and collects what it left.
    pub fn finish(mut self) -> Done {
        let deadline = Instant::now() + EXIT_TIMEOUT;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("poll the binary") {
                break status;
            }
            if Instant::now() > deadline {
                self.child.end();
                let text = shown_text(&self.screen.0.lock().expect("screen lock"));
                panic!("the binary did not exit; the terminal shows:\n{text}");
            }
            thread::sleep(Duration::from_millis(20));
        };
        let cooked = self.cooked();
        // With the last handle on the terminal side closed, the reader sees the end.
        drop(self.slave.take());
        let stdout = self.stdout.take().map(join).unwrap_or_default();
        let stderr = self.stderr.take().map(join).unwrap_or_default();
        if let Some(reader) = self.reader.take() {
            let until = Instant::now() + Duration::from_secs(2);
            while !reader.is_finished() && Instant::now() < until {
                thread::sleep(Duration::from_millis(10));
            }
            if reader.is_finished() {
                let _ = reader.join();
            }
        }
        let raw = String::from_utf8_lossy(&self.screen.0.lock().expect("screen lock")).into_owned();
        Done {
            code: status.code(),
            stdout,
            stderr,
            raw,
            cooked,
        }
    }
}

impl Drop for Dialog {
    fn drop(&mut self) {
        self.child.end();
        if let Some(path) = &self.request_file {
            let _ = std::fs::remove_file(path);
        }
    }
}

pub fn join(handle: JoinHandle<String>) -> String {
    handle.join().unwrap_or_default()
}

/// Opens a pty pair, the terminal 80×24 with the pty's usual (cooked) settings.
/// Waits, [`EXPECT_TIMEOUT`] at most, until `done` finds what it looks for in what the dialog
/// has written (`screen`, grown by the reader thread), and returns it; at the deadline stops
/// the dialog (`child`) and fails with `failed`'s words on what it wrote.
fn wait_for<T>(
    screen: &(Mutex<Vec<u8>>, Condvar),
    child: &mut Group,
    mut done: impl FnMut(&[u8]) -> Option<T>,
    failed: impl FnOnce(&[u8]) -> String,
) -> T {
    let deadline = Instant::now() + EXPECT_TIMEOUT;
    let (bytes, changed) = screen;
    let mut guard = bytes.lock().expect("screen lock");
    loop {
        if let Some(found) = done(&guard) {
            return found;
        }
        let now = Instant::now();
        if now >= deadline {
            let message = failed(&guard);
            drop(guard);
            child.end();
            panic!("{message}");
        }
        guard = changed
            .wait_timeout(guard, deadline - now)
            .expect("screen lock")
            .0;
    }
}

/// Makes the pty `slave` the controlling terminal of the process `command` starts, in a
/// session of its own, as a terminal emulator does: `/dev/tty` is that pty there.
#[allow(unsafe_code)]
pub fn controlled_by(command: &mut Command, slave: &OwnedFd) {
    let controlling = slave.try_clone().expect("dup the pty");
    // SAFETY: the closure only makes system calls (setsid, ioctl) on a descriptor that stays
    // open until exec; it allocates nothing and takes no locks.
    unsafe {
        command.pre_exec(move || {
            rustix::process::setsid()?;
            rustix::process::ioctl_tiocsctty(&controlling)?;
            Ok(())
        });
    }
}

pub fn open_pty() -> std::io::Result<(OwnedFd, OwnedFd)> {
    open_pty_sized(ROWS, COLS)
}

/// [`open_pty`] with a terminal of `rows` × `cols`.
pub fn open_pty_sized(rows: u16, cols: u16) -> std::io::Result<(OwnedFd, OwnedFd)> {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC)?;
    grantpt(&master)?;
    unlockpt(&master)?;
    let name = ptsname(&master, Vec::new())?;
    let slave = rustix::fs::open(
        name.as_c_str(),
        rustix::fs::OFlags::RDWR | rustix::fs::OFlags::NOCTTY | rustix::fs::OFlags::CLOEXEC,
        rustix::fs::Mode::empty(),
    )?;
    rustix::termios::tcsetwinsize(
        &slave,
        Winsize {
            ws_row: rows,
            ws_col: cols,
            ws_xpixel: 0,
            ws_ypixel: 0,
        },
    )?;
    Ok((master, slave))
}

/// The text a terminal shows, roughly: escape sequences and carriage returns removed.
pub fn shown_text(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            0x1b if bytes.get(i + 1) == Some(&b'[') => {
                // CSI: parameters, then one final byte in @..~.
                i += 2;
                while i < bytes.len() && !(0x40..=0x7e).contains(&bytes[i]) {
                    i += 1;
                }
                i += 1;
            }
            0x1b => i += 2,
            b'\r' => i += 1,
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What an 80×24 terminal shows after `bytes`: a small emulator of the sequences the dialog
/// writes (cursor moves, erase, line feeds that scroll at the bottom, wide characters).
/// Colours, modes and anything else are skipped.
#[derive(Clone)]
pub struct Screen {
    pub rows: Vec<Vec<char>>,
    pub cols: usize,
    pub row: usize,
    pub col: usize,
}

/// Stands in the column after a wide character.
pub const WIDE_TAIL: char = '\0';

impl Screen {
    pub fn new(rows: usize, cols: usize) -> Self {
        Self {
            rows: vec![vec![' '; cols]; rows],
            cols,
            row: 0,
            col: 0,
        }
    }

    /// Feeds everything the dialog wrote to a terminal of `size` (rows, columns), resized
    /// where `resizes` says (at which byte of the output, to what size).
    pub fn from_output(bytes: &[u8], size: (u16, u16), resizes: &[(usize, u16, u16)]) -> Self {
        let mut screen = Self::new(usize::from(size.0), usize::from(size.1));
        let mut from = 0;
        for &(at, rows, cols) in resizes {
            let at = at.min(bytes.len());
            screen.feed(&bytes[from..at]);
            screen.resize(usize::from(rows), usize::from(cols));
            from = at;
        }
        screen.feed(&bytes[from..]);
        screen
    }

    /// A resize, as xterm does it: rows are cut or padded on the right; a shorter screen
    /// loses rows at its top as far as needed to keep the cursor's row, then at its bottom; a
    /// taller one gets blank rows at its bottom.
    pub fn resize(&mut self, rows: usize, cols: usize) {
        for row in &mut self.rows {
            row.resize(cols, ' ');
        }
        self.cols = cols;
        if rows < self.rows.len() {
            let off_top = (self.row + 1).saturating_sub(rows);
            self.rows.drain(..off_top);
            self.row -= off_top;
            self.rows.truncate(rows);
        }
        while self.rows.len() < rows {
            self.rows.push(vec![' '; cols]);
        }
        self.col = self.col.min(cols.saturating_sub(1));
    }

    /// Feeds what the dialog wrote.
    pub fn feed(&mut self, bytes: &[u8]) {
        let screen = self;
        let text = String::from_utf8_lossy(bytes);
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\x1b' => match chars.next() {
                    Some('[') => {
                        let mut params = String::new();
                        let mut last = None;
                        for p in chars.by_ref() {
                            if ('@'..='~').contains(&p) {
                                last = Some(p);
                                break;
                            }
                            params.push(p);
                        }
                        if let Some(last) = last {
                            screen.csi(&params, last);
                        }
                    }
                    Some(']') => {
                        // An OSC runs to BEL or ST.
                        while let Some(p) = chars.next() {
                            if p == '\x07' || (p == '\x1b' && chars.next_if_eq(&'\\').is_some()) {
                                break;
                            }
                        }
                    }
                    _ => {}
                },
                '\r' => screen.col = 0,
                '\n' => screen.line_feed(),
                '\x08' => screen.col = screen.col.saturating_sub(1),
                c if c.is_control() => {}
                c => screen.print(c),
            }
        }
    }

    pub fn line_feed(&mut self) {
        if self.row + 1 == self.rows.len() {
            self.rows.remove(0);
            self.rows.push(vec![' '; self.cols]);
        } else {
            self.row += 1;
        }
    }

    pub fn print(&mut self, c: char) {
        let width = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if width == 0 {
            return;
        }
        if self.col + width > self.cols {
            self.col = 0;
            self.line_feed();
        }
        self.rows[self.row][self.col] = c;
        if width == 2 && self.col + 1 < self.cols {
            self.rows[self.row][self.col + 1] = WIDE_TAIL;
        }
        self.col += width;
    }

    pub fn csi(&mut self, params: &str, last: char) {
        if params.starts_with('?') {
            return;
        }
        let numbers: Vec<usize> = params.split(';').map(|p| p.parse().unwrap_or(0)).collect();
        let n = numbers.first().copied().unwrap_or(0).max(1);
        let bottom = self.rows.len() - 1;
        match last {
            'A' => self.row = self.row.saturating_sub(n),
            'B' => self.row = (self.row + n).min(bottom),
            'C' => self.col = (self.col + n).min(self.cols - 1),
            'D' => self.col = self.col.min(self.cols - 1).saturating_sub(n),
            'G' => self.col = (n - 1).min(self.cols - 1),
            'H' | 'f' => {
                self.row = (n - 1).min(bottom);
                self.col = numbers.get(1).copied().unwrap_or(1).max(1) - 1;
            }
            'J' => {
                let mode = numbers.first().copied().unwrap_or(0);
                let (from, to) = match mode {
                    0 => (self.row + 1, self.rows.len()),
                    1 => (0, self.row),
                    _ => (0, self.rows.len()),
                };
                for row in &mut self.rows[from..to] {
                    row.fill(' ');
                }
                let col = self.col.min(self.cols);
                match mode {
                    0 => self.rows[self.row][col..].fill(' '),
                    1 => self.rows[self.row][..col].fill(' '),
                    _ => {}
                }
            }
            'K' => {
                let col = self.col.min(self.cols);
                match numbers.first().copied().unwrap_or(0) {
                    0 => self.rows[self.row][col..].fill(' '),
                    1 => self.rows[self.row][..col].fill(' '),
                    _ => self.rows[self.row].fill(' '),
                }
            }
            _ => {}
        }
    }

    /// The rows as text, trailing spaces removed.
    pub fn lines(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|row| {
                row.iter()
                    .filter(|&&c| c != WIDE_TAIL)
                    .collect::<String>()
                    .trim_end()
                    .to_owned()
            })
            .collect()
    }

    /// Whether some row shows `needle`.
    pub fn shows(&self, needle: &str) -> bool {
        self.lines().iter().any(|row| row.contains(needle))
    }

    /// The index of the first row that shows `needle`.
    pub fn row_of(&self, needle: &str) -> Option<usize> {
        self.lines().iter().position(|row| row.contains(needle))
    }
}

impl std::fmt::Display for Screen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, row) in self.lines().iter().enumerate() {
            writeln!(f, "{i:2}|{row}")?;
        }
        Ok(())
    }
}

//! One form shown by our own binary in a child process: the request on its stdin, its answer
//! and diagnostics collected when it ends (or, for `serve`, its answer line the moment it is
//! written). winit lets a process create its event loop once, so `proxy` and `serve` show each
//! form this way; stopping one is SIGTERM, which it answers with cancel (and the terminal
//! dialog restores the terminal).

use std::io::{self, Write as _};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::Receiver;

use rustix::event::{PollFd, PollFlags, poll};

/// What a new pipe takes without blocking, however small the system makes it: `PIPE_BUF`.
const PIPE_FITS: usize = 4096;

/// A dialog running in a child process.
#[derive(Debug)]
pub struct Child {
    pid: u32,
    /// The thread that reports on it ([`Child::answering`]'s), joined by [`Child::finish`].
    reporter: Option<std::thread::JoinHandle<()>>,
    /// [`Child::start`]'s: disconnected once all it was to be fed is written and its stdin
    /// closed ([`Child::wait_fed`]).
    fed: Option<Receiver<()>>,
}

/// Why a dialog's process could not start.
#[derive(Debug)]
pub enum StartError {
    /// Our own program's path is unknown.
    NoProgram(io::Error),
    /// The process could not be started.
    Spawn(io::Error),
}

/// What a dialog started with [`Child::start_answering`] reports, in this order.
#[derive(Debug)]
pub enum Event {
    /// It wrote its first stdout line (newline included), with all it wrote to stderr before
    /// that line: everything a dialog writes before its answer, so that its message and its
    /// answer can leave together without waiting for its exit.
    Line {
        /// The line, newline included.
        line: Vec<u8>,
        /// Its stderr up to the line.
        stderr: Vec<u8>,
    },
    /// It exited: all of its stdout and stderr (the line and what came before it included)
    /// and its status.
    Ended(io::Result<Output>),
}

/// How a dialog ended, read the one way every parent reads it (the proxy's forms, its
/// sign-in's consent, serve's requests): its exit status, its line on stdout and the first
/// line of its stderr that says something.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended {
    /// Its exit code; `None` when a signal ended it.
    pub code: Option<i32>,
    /// Its stdout, trimmed: the answer, or a refusal in its envelope; empty when it wrote
    /// nothing.
    pub line: String,
    /// The first line of its stderr that says something, as written ([`first_line`]).
    pub message: Option<String>,
}

impl Ended {
    /// Reads what the dialog left.
    pub fn of(output: &Output) -> Self {
        Self {
            code: output.status.code(),
            line: String::from_utf8_lossy(&output.stdout).trim().to_owned(),
            message: first_line(&output.stderr),
        }
    }

    /// Reads what the dialog left, after passing its stderr on to ours: its diagnostics are
    /// the person's (and the client's) to read, as ours are.
    pub fn passed_on(output: &Output) -> Self {
        let _ = io::stderr().write_all(&output.stderr);
        Self::of(output)
    }

    /// Why it failed, in words that fit into a sentence of ours: its first stderr line
    /// without our program's `form-elicitation: ` before it.
    pub fn why(&self) -> Option<String> {
        self.message
            .as_deref()
            .map(|line| line.trim_start_matches("form-elicitation: ").to_owned())
    }
}

/// The first line of a dialog's `stderr` that says something (not blank), as written.
pub fn first_line(stderr: &[u8]) -> Option<String> {
    String::from_utf8_lossy(stderr)
        .lines()
        .find(|l| !l.trim().is_empty())
        .map(str::to_owned)
}

/// Our own program, which shows each dialog.
pub fn own_program() -> Result<PathBuf, StartError> {
    std::env::current_exe().map_err(StartError::NoProgram)
}

impl Child {
    /// Starts our own program with `args`, without the variables named in `unset`, writes
    /// `request` to its stdin, and calls `ended` on a thread of its own with what it left
    /// (its stdout, stderr and status) once it exits. With `feed`, its stdin stays open after
    /// the request and gets what `feed` brings, until the sender is dropped.
    pub fn start(
        args: &[String],
        unset: &[&str],
        (request, feed): (Vec<u8>, Option<Receiver<Vec<u8>>>),
        ended: impl FnOnce(io::Result<Output>) + Send + 'static,
    ) -> Result<Self, StartError> {
        let mut child = spawn(&own_program()?, args, unset)?;
        let pid = child.id();
        let stdin = child.stdin.take();
        let (fed, all_fed) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            feed_stdin(stdin, request, feed, fed);
            ended(child.wait_with_output());
        });
        Ok(Self {
            pid,
            reporter: None,
            fed: Some(all_fed),
        })
    }

    /// Waits, until `deadline` at the latest, for all that [`Child::start`]'s `feed` brought
    /// to be written and the child's stdin closed, once the feed's sender is dropped: a parent
    /// about to exit knows its last line is in the pipe. Whether it was.
    pub fn wait_fed(&self, deadline: std::time::Instant) -> bool {
        let Some(fed) = &self.fed else {
            return true;
        };
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        matches!(
            fed.recv_timeout(left),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected)
        )
    }

    /// Starts `program` (our own, [`own_program`], but for tests) with `args`, without the
    /// variables named in `unset`, writes `request` to its stdin and closes it, and reports on
    /// a thread of its own: [`Event::Line`] the moment its first stdout line is complete (if it
    /// writes one), then [`Event::Ended`] once it exited and closed its output.
    ///
    /// `serve` relays the answer this way: a window takes a few milliseconds from writing its
    /// answer to exiting (unmapping, closing its display connection), which the asker need not
    /// wait for.
    pub fn start_answering(
        program: &Path,
        args: &[String],
        unset: &[&str],
        request: Vec<u8>,
        report: impl FnMut(Event) + Send + 'static,
    ) -> Result<Self, StartError> {
        Ok(Self::answering(
            spawn(program, args, unset)?,
            request,
            report,
        ))
    }

    /// As [`Child::start_answering`], for a `child` started already with piped stdio (serve's
    /// dialog started ahead, which reads serve's header from `input` before its request).
    pub fn answering(
        mut child: std::process::Child,
        request: Vec<u8>,
        mut report: impl FnMut(Event) + Send + 'static,
    ) -> Self {
        let pid = child.id();
        let (mut stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take());
        // A request that fits into the new pipe whatever its size (one page, `PIPE_BUF`)
        // is written here, without waiting for the reporting thread to start (issue 46: the
        // served window's first frame); a longer one by that thread, which the dialog may keep
        // waiting. A dialog that died before reading says why through its exit status.
        if request.len() <= PIPE_FITS
            && let Some(mut written) = stdin.take()
        {
            let _ = written.write_all(&request);
        }
        let reporter = std::thread::spawn(move || {
            if let Some(mut stdin) = stdin {
                let _ = stdin.write_all(&request);
            }
            let collected = match (stdout, stderr) {
                (Some(stdout), Some(stderr)) => collect(&stdout, &stderr, &mut report),
                _ => Ok((Vec::new(), Vec::new())),
            };
            let status = child.wait();
            report(Event::Ended(collected.and_then(|(stdout, stderr)| {
                status.map(|status: ExitStatus| Output {
                    status,
                    stdout,
                    stderr,
                })
            })));
        });
        Self {
            pid,
            reporter: Some(reporter),
            fed: None,
        }
    }

    /// Waits until the thread that reports on it has ended, once it reported
    /// [`Event::Ended`]: serve lets go of its memory when its last form is over, and a thread
    /// still exiting would touch pages again after that.
    pub fn finish(self) {
        if let Some(reporter) = self.reporter {
            let _ = reporter.join();
        }
    }

    /// Asks the dialog to close: it answers cancel, which nobody reads.
    pub fn stop(&self) {
        let pid = i32::try_from(self.pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw);
        if let Some(pid) = pid {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        }
    }
}

/// Writes `request` to `stdin`, then, with a `feed`, what it brings on a thread of its own
/// until its sender is dropped; `fed` is dropped once all is written and `stdin` closed.
fn feed_stdin(
    stdin: Option<std::process::ChildStdin>,
    request: Vec<u8>,
    feed: Option<Receiver<Vec<u8>>>,
    fed: std::sync::mpsc::Sender<()>,
) {
    let Some(mut stdin) = stdin else { return };
    // A dialog that died before reading says why through its exit status.
    let _ = stdin.write_all(&request);
    if let Some(feed) = feed {
        let _ = stdin.flush();
        std::thread::spawn(move || {
            for bytes in feed {
                if stdin
                    .write_all(&bytes)
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
            drop(stdin);
            drop(fed);
        });
    }
}

/// Starts `program` with `args` and piped stdio, without the variables named in `unset`.
pub fn spawn(
    program: &Path,
    args: &[String],
    unset: &[&str],
) -> Result<std::process::Child, StartError> {
    let mut command = Command::new(program);
    command.args(args);
    for name in unset {
        command.env_remove(name);
    }
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command.spawn().map_err(StartError::Spawn)
}

/// Reads `stdout` and `stderr` to their ends, reporting the first stdout line the moment it is
/// complete, with the stderr written before it: whatever the child wrote to stderr before it
/// wrote that line is in the pipe by then, so reading stderr until it has nothing more to give
/// takes all of it.
fn collect(
    stdout: &impl AsFd,
    stderr: &impl AsFd,
    report: &mut impl FnMut(Event),
) -> io::Result<(Vec<u8>, Vec<u8>)> {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let (mut out_open, mut err_open) = (true, true);
    let mut line_sent = false;
    let mut chunk = vec![0u8; 64 * 1024];
    while out_open || err_open {
        let mut fds = Vec::with_capacity(2);
        if out_open {
            fds.push(PollFd::new(stdout, PollFlags::IN));
        }
        if err_open {
            fds.push(PollFd::new(stderr, PollFlags::IN));
        }
        match poll(&mut fds, None) {
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => continue,
            Err(error) => return Err(error.into()),
        }
        let ready: Vec<bool> = fds.iter().map(|fd| !fd.revents().is_empty()).collect();
        drop(fds);
        let mut ready = ready.into_iter();
        if out_open && ready.next() == Some(true) {
            let n = read_some(stdout, &mut chunk)?;
            let before = out.len();
            out.extend_from_slice(&chunk[..n]);
            out_open = n > 0;
            let newline = chunk[..n].iter().position(|&b| b == b'\n');
            if !line_sent && let Some(end) = newline.map(|at| before + at) {
                line_sent = true;
                while err_open && readable_now(stderr) {
                    let n = read_some(stderr, &mut chunk)?;
                    err.extend_from_slice(&chunk[..n]);
                    err_open = n > 0;
                }
                report(Event::Line {
                    line: out[..=end].to_vec(),
                    stderr: err.clone(),
                });
            }
        }
        if err_open && ready.next() == Some(true) {
            let n = read_some(stderr, &mut chunk)?;
            err.extend_from_slice(&chunk[..n]);
            err_open = n > 0;
        }
    }
    Ok((out, err))
}

/// Whether `fd` has something to read (or its end) right now.
fn readable_now(fd: &impl AsFd) -> bool {
    let mut fds = [PollFd::new(fd, PollFlags::IN)];
    matches!(poll(&mut fds, Some(&rustix::event::Timespec::default())), Ok(n) if n > 0)
}

/// One read from a pipe poll said is ready; 0 is its end.
fn read_some(fd: &impl AsFd, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match rustix::io::read(fd, &mut *buf) {
            Ok(n) => return Ok(n),
            Err(rustix::io::Errno::INTR) => {}
            Err(error) => return Err(error.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::process::ExitStatusExt as _;

    use super::*;

    fn output(status: i32, stdout: &str, stderr: &str) -> Output {
        Output {
            status: ExitStatus::from_raw(status),
            stdout: stdout.into(),
            stderr: stderr.into(),
        }
    }

    #[test]
    fn a_dialogs_end_is_its_code_its_line_and_its_first_words() {
        let ended = Ended::of(&output(
            2 << 8,
            "  {\"jsonrpc\":\"2.0\"}\n",
            "\n  \nform-elicitation: requestedSchema: bad\nmore\n",
        ));
        assert_eq!(ended.code, Some(2));
        assert_eq!(ended.line, "{\"jsonrpc\":\"2.0\"}");
        assert_eq!(
            ended.message.as_deref(),
            Some("form-elicitation: requestedSchema: bad")
        );
        assert_eq!(ended.why().as_deref(), Some("requestedSchema: bad"));
    }

    #[test]
    fn a_killed_and_silent_dialog_has_no_code_no_line_and_no_words() {
        // Raw status 9: killed by SIGKILL.
        let ended = Ended::of(&output(9, "", " \n"));
        assert_eq!(
            ended,
            Ended {
                code: None,
                line: String::new(),
                message: None,
            }
        );
        assert_eq!(ended.why(), None);
    }
}

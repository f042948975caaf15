//! One form shown by our own binary in a child process: the request on its stdin, its answer
//! and diagnostics collected when it ends. winit lets a process create its event loop once, so
//! `proxy` and `serve` show each form this way; stopping one is SIGTERM, which it answers with
//! cancel (and the terminal dialog restores the terminal).

use std::io::{self, Write as _};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc::Receiver;

/// A dialog running in a child process.
#[derive(Debug)]
pub struct Child {
    pid: u32,
}

/// Why a dialog's process could not start.
#[derive(Debug)]
pub enum StartError {
    /// Our own program's path is unknown.
    NoProgram(io::Error),
    /// The process could not be started.
    Spawn(io::Error),
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
        let program = std::env::current_exe().map_err(StartError::NoProgram)?;
        let mut command = Command::new(program);
        command.args(args);
        for name in unset {
            command.env_remove(name);
        }
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().map_err(StartError::Spawn)?;
        let pid = child.id();
        let stdin = child.stdin.take();
        std::thread::spawn(move || {
            if let Some(mut stdin) = stdin {
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
                    });
                }
            }
            ended(child.wait_with_output());
        });
        Ok(Self { pid })
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

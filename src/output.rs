//! The one writer of stdout. Whoever gets here first (the normal exit path or the signal
//! watchdog) writes; every later call is a no-op, so at most one answer ever leaves.

use std::io::{self, Write};
use std::sync::Mutex;

static WRITTEN: Mutex<bool> = Mutex::new(false);

/// Writes `line` and a newline to stdout and flushes, unless a line was already written.
/// Returns whether this call wrote.
#[allow(clippy::print_stdout)]
pub fn write_line_once(line: &str) -> io::Result<bool> {
    let mut written = WRITTEN
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if *written {
        return Ok(false);
    }
    *written = true;
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(true)
}

/// Writes `text` to stdout as it is and flushes: the man page or a completion script of
/// `--generate`, which is never an answer (the program writes one or the other).
pub fn write_text(text: &[u8]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text)?;
    out.flush()
}

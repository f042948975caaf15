//! The program's writers: a line to stdout, text to stdout, a diagnostic to stderr. Only
//! [`crate::process::delivery::Delivery`] writes an answer, and only `--check` and `--generate` write
//! anything else to stdout.

use std::io::{self, Write};

/// Writes `line` and a newline to `out` and flushes.
pub fn write_line(out: &mut impl Write, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

/// Writes `text` to stdout as it is and flushes: the man page or a completion script of
/// `--generate`, or what `--check` would show, which are never an answer.
pub fn write_text(text: &[u8]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text)?;
    out.flush()
}

/// Writes one diagnostic line to stderr. A stderr nobody reads (closed, or a pipe shared with
/// a stdout that was closed) is ignored: the exit code still tells.
pub fn diag(what: std::fmt::Arguments) {
    let _ = writeln!(io::stderr().lock(), "form-elicitation: {what}");
}

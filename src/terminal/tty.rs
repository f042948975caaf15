//! The terminal itself: `/dev/tty` in raw mode, a live region redrawn in place, and input.
//!
//! Everything is written to `/dev/tty`, never to stdout, which carries only the answer. Keys
//! come through crossterm, which reads stdin when it is a terminal and `/dev/tty` otherwise
//! (the request usually arrives on stdin). The dialog draws one *live region* at a time (the
//! field being answered) and redraws it in place after each key; when the field is done the
//! region is replaced by a one-line summary and left in the scrollback.
//!
//! Raw mode is undone on every way out: [`RawMode`]'s `Drop`, a panic hook (which also runs
//! when panics abort), and the signal handler's waker.
//!
//! Job control works as in any full-screen program: SIGTSTP (`kill -TSTP`, or Ctrl+Z where the
//! terminal sends it) restores the terminal, then stops the process the default way, so the
//! shell gets a sane terminal back; SIGCONT (`fg`) enters raw mode again and redraws (the
//! signals are taken in [`super::job_control`]).
//!
//! The terminal is used only from its foreground process group ([`in_foreground`]): a process
//! in the background (Codex starts servers in a group of their own and keeps the terminal) is
//! stopped by SIGTTOU or SIGTTIN the moment it sets the terminal's modes or reads it, and the
//! client waiting for it hangs (issue 54, item 11). So the dialog does not start in the
//! background ([`Unusable::Background`]), SIGTTOU and SIGTTIN are ignored while it runs
//! ([`crate::process::signals::ignore_terminal_stops`]: a stray call fails instead of stopping us), and a dialog whose group loses the foreground
//! (`bg` after Ctrl+Z) neither draws nor reads nor changes modes until it has it back, then
//! takes raw mode again and redraws.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use crossterm::{cursor, queue, terminal};

use super::job_control;
use super::text::{self, Line, Style};
use crate::process::deadline::{Deadline, Expired};

/// How often a signal, the timeout and the countdown are looked at while waiting for a key.
const TICK: Duration = Duration::from_millis(100);

/// Why the dialog stopped without a decision: each of these answers `cancel`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Esc or Ctrl+C.
    Key,
    /// Ctrl+D on an empty line.
    Eof,
    /// `--timeout` ran out.
    Timeout,
    /// SIGTERM, SIGINT, SIGHUP, or the parent's death.
    Signal,
    /// Reading or writing the terminal failed: it went away.
    Lost,
}

impl Stop {
    /// What the person is told on the way out.
    pub fn farewell(self) -> String {
        match self {
            Self::Key => t!("term-cancelled"),
            Self::Eof => t!("term-cancelled-eof"),
            Self::Timeout => t!("term-cancelled-timeout"),
            Self::Signal => t!("term-cancelled-signal"),
            Self::Lost => t!("term-cancelled-lost"),
        }
    }
}

impl From<io::Error> for Stop {
    fn from(_: io::Error) -> Self {
        Self::Lost
    }
}

/// One thing that happened while waiting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A key was pressed.
    Key(KeyEvent),
    /// Text was pasted (bracketed paste).
    Paste(String),
    /// Nothing arrived, but what is shown should change: the terminal was resized or the
    /// countdown moved on.
    Redraw,
}

/// What the terminal can do, from `TERM`, `COLORTERM` and `NO_COLOR`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// How text is styled.
    colors: Colors,
    /// Whether the terminal takes bracketed paste (a VT100 or VT220 does not).
    paste: bool,
    /// Whether the cursor can be hidden (from the VT220 on).
    hide_cursor: bool,
    /// `TERM=dumb`: no escape sequence at all; the dialog asks line by line.
    dumb: bool,
}

/// How much styling the terminal takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colors {
    /// None at all (`NO_COLOR`, a dumb terminal).
    None,
    /// Bold, but no colour: a VT100 and its kin.
    Attributes,
    /// The eight ANSI colours, bold and faint: a terminal that does not say it has more.
    Basic,
    /// 256 colours: `TERM` names them (`xterm-256color`) or `COLORTERM` is set.
    Full,
}

impl Theme {
    /// What the environment says about the terminal: `TERM=dumb` gets no escape sequences,
    /// `TERM=vt100` (and other `vt*`) bold text only, a `TERM` with `256color` (or any
    /// `COLORTERM`) 256 colours, any other the eight ANSI colours; `NO_COLOR` set to something
    /// turns styling off (<https://no-color.org>).
    pub fn from_env() -> Self {
        let var = |name: &str| std::env::var(name).unwrap_or_default();
        Self::from_vars(&var("TERM"), &var("COLORTERM"), &var("NO_COLOR"))
    }

    fn from_vars(term: &str, colorterm: &str, no_color: &str) -> Self {
        let term = term.to_ascii_lowercase();
        let dumb = term == "dumb";
        let vt = term.starts_with("vt");
        let colors = if dumb || !no_color.is_empty() {
            Colors::None
        } else if vt {
            Colors::Attributes
        } else if term.contains("256color") || term.contains("direct") || !colorterm.is_empty() {
            Colors::Full
        } else {
            Colors::Basic
        };
        Self {
            colors,
            paste: !dumb && !vt,
            hide_cursor: !(dumb || term.starts_with("vt1") || term.starts_with("vt5")),
            dumb,
        }
    }

    /// The SGR parameters for `style`, if it is styled at all: without colour the dialog
    /// never relies on it (markers such as `>`, `(*)`, `[x]`, `*` and `!` carry the meaning).
    fn sgr(self, style: Style) -> Option<&'static str> {
        match (self.colors, style) {
            (Colors::None, _) | (_, Style::Plain) => None,
            (Colors::Attributes, Style::Weak) => None,
            (Colors::Attributes, _) => Some("1"),
            (Colors::Basic, Style::Strong) | (Colors::Full, Style::Strong) => Some("1"),
            (Colors::Basic, Style::Weak) => Some("2"),
            (Colors::Basic, Style::Accent) => Some("1;36"),
            (Colors::Basic, Style::Error | Style::Required) => Some("1;31"),
            (Colors::Full, Style::Weak) => Some("38;5;8"),
            (Colors::Full, Style::Accent) => Some("1;38;5;14"),
            (Colors::Full, Style::Error | Style::Required) => Some("1;38;5;9"),
        }
    }

    /// Writes `text` in `style` to `buf`, the style reset after it.
    fn write_styled(self, buf: &mut Vec<u8>, text: &str, style: Style) {
        match self.sgr(style) {
            Some(sgr) => {
                buf.extend_from_slice(format!("\x1b[{sgr}m{text}\x1b[0m").as_bytes());
            }
            None => buf.extend_from_slice(text.as_bytes()),
        }
    }
}

/// Why the terminal cannot be used.
#[derive(Debug)]
pub enum Unusable {
    /// `/dev/tty` cannot be opened or put in raw mode.
    Io(io::Error),
    /// Our process group is not the terminal's foreground group: we run in the background.
    Background,
}

impl From<io::Error> for Unusable {
    fn from(error: io::Error) -> Self {
        Self::Io(error)
    }
}

/// Whether this process's group is the foreground process group of the terminal `tty`: the
/// only one the kernel lets read it and set its modes without stopping it (SIGTTIN, SIGTTOU).
/// A terminal with no foreground group, or one that is not our controlling terminal, is not
/// ours either.
#[cfg(unix)]
#[allow(unsafe_code)]
pub fn in_foreground(tty: &impl AsFd) -> bool {
    use std::os::fd::AsRawFd as _;
    // SAFETY: tcgetpgrp(3) and getpgrp(2) only read; the descriptor is open for the call's
    // length, borrowed from `tty`.
    let (foreground, ours) = unsafe { (libc::tcgetpgrp(tty.as_fd().as_raw_fd()), libc::getpgrp()) };
    foreground > 0 && foreground == ours
}

#[cfg(not(unix))]
pub fn in_foreground(_: &impl AsFd) -> bool {
    true
}

/// How many printed lines are kept to redraw the screen after a resize: more than a screen
/// holds.
const HISTORY: usize = 200;

/// The terminal, in raw mode while this lives (unless it is dumb: then in line mode).
pub struct Tty {
    out: File,
    theme: Theme,
    deadline: Deadline,
    /// Rows of the live region on screen, and which of them holds the cursor.
    live_rows: usize,
    cursor_row: usize,
    /// The countdown as last drawn, to redraw only when it changes.
    shown_seconds: Option<u64>,
    /// The last lines printed for good, to draw again above the live region after a resize.
    history: Vec<Line>,
    /// The terminal was resized: the next drawing starts from a cleared screen.
    resized: bool,
    /// What a dumb terminal has typed after the last whole line.
    typed: Vec<u8>,
    _raw: Option<RawMode>,
}

impl Tty {
    /// Opens `/dev/tty` and enters raw mode; a dumb terminal stays in line mode. A process
    /// outside the terminal's foreground process group gets [`Unusable::Background`], and
    /// nothing on the terminal changes.
    pub fn open(theme: Theme, deadline: Deadline) -> Result<Self, Unusable> {
        // Before anything touches the terminal: should the foreground move between the check
        // below and a call, the call fails (or, for SIGTTOU's, goes through) instead of
        // stopping the process, and the client that waits for our answer with it.
        crate::process::signals::ignore_terminal_stops();
        let mut out = OpenOptions::new().read(true).write(true).open("/dev/tty")?;
        if !in_foreground(&out) {
            return Err(Unusable::Background);
        }
        let raw = if theme.dumb {
            None
        } else {
            COLORED.store(theme.colors != Colors::None, Ordering::SeqCst);
            PASTE.store(theme.paste, Ordering::SeqCst);
            CURSOR_HIDDEN.store(theme.hide_cursor, Ordering::SeqCst);
            let raw = RawMode::enter(&mut out)?;
            // A signal gives the terminal back at once: the watchdog may end the process
            // before the dialog's loop notices.
            deadline.cancel().set_waker(restore);
            Some(raw)
        };
        Ok(Self {
            out,
            theme,
            deadline,
            live_rows: 0,
            cursor_row: 0,
            shown_seconds: None,
            history: Vec::new(),
            resized: false,
            typed: Vec::new(),
            _raw: raw,
        })
    }

    /// Whether this is a dumb terminal, asked line by line (see [`Self::read_line`]).
    pub fn is_dumb(&self) -> bool {
        self.theme.dumb
    }

    /// The terminal's width and height, 80×24 when it does not say.
    pub fn size(&self) -> (usize, usize) {
        match terminal::size() {
            Ok((w, h)) if w > 0 && h > 0 => (usize::from(w), usize::from(h)),
            _ => (80, 24),
        }
    }

    /// The width to lay text out for: one column is kept free, so a full row never leaves the
    /// cursor waiting to wrap.
    pub fn width(&self) -> usize {
        self.size().0.saturating_sub(1).max(10)
    }

    /// Whole seconds left before the timeout, if there is one.
    pub fn seconds_left(&self) -> Option<u64> {
        self.deadline.seconds_left(Instant::now())
    }

    /// Redraws the live region as `lines`, placing the cursor where a line asks for it.
    pub fn draw(&mut self, lines: &[Line]) -> Result<(), Stop> {
        self.paint(lines, Fit::Screen)
    }

    /// Draws `lines` in place of the live region; with [`Fit::Screen`], no taller than the
    /// screen.
    fn paint(&mut self, lines: &[Line], fit: Fit) -> Result<(), Stop> {
        let (_, height) = self.size();
        let width = self.width();
        let laid = text::layout(lines, width);
        let mut rows = laid.rows;
        let mut cursor = laid.cursor;
        // Taller than the screen: keep the rows around the cursor (or the last ones), since
        // the region cannot be redrawn once its top has scrolled away.
        let room = height.saturating_sub(1).max(1);
        if fit == Fit::Screen && rows.len() > room {
            let focus = cursor.map_or(rows.len() - 1, |(r, _)| r);
            let start = focus.saturating_sub(room - 1).min(rows.len() - room);
            rows = rows[start..start + room].to_vec();
            cursor = cursor.map(|(r, c)| (r - start, c));
        }
        let mut buf = Vec::new();
        if std::mem::take(&mut self.resized) {
            // After a resize the terminal may have cut or rewrapped the rows on screen, so
            // the live region's top is nowhere known: start from a cleared screen, with as
            // much of what was printed before as fits above the region.
            queue!(
                buf,
                cursor::MoveTo(0, 0),
                terminal::Clear(terminal::ClearType::All)
            )?;
            let earlier = text::layout(&self.history, width).rows;
            let fits = height.saturating_sub(rows.len() + 1).min(earlier.len());
            for row in &earlier[earlier.len() - fits..] {
                self.write_row(&mut buf, row);
                buf.extend_from_slice(b"\r\n");
            }
            self.live_rows = 0;
            self.cursor_row = 0;
        } else {
            self.erase_into(&mut buf)?;
        }
        for (i, row) in rows.iter().enumerate() {
            if i > 0 {
                buf.extend_from_slice(b"\r\n");
            }
            self.write_row(&mut buf, row);
        }
        let last = rows.len().saturating_sub(1);
        match cursor {
            Some((row, col)) => {
                if last > row {
                    queue!(buf, cursor::MoveUp(to_u16(last - row)))?;
                }
                move_to_column(&mut buf, col)?;
                if self.theme.hide_cursor {
                    queue!(buf, cursor::Show)?;
                }
                self.cursor_row = row;
            }
            None => {
                if self.theme.hide_cursor {
                    queue!(buf, cursor::Hide)?;
                }
                self.cursor_row = last;
            }
        }
        self.live_rows = rows.len();
        self.shown_seconds = self.seconds_left();
        self.emit(&buf)
    }

    /// Writes `bytes` to the terminal while our group has its foreground; otherwise drops them
    /// (they would land on the screen of whoever has it, and the dialog draws afresh once it
    /// has the terminal back: see [`Self::resume`]).
    fn emit(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        if !in_foreground(&self.out) {
            return Ok(());
        }
        self.out.write_all(bytes)?;
        self.out.flush()?;
        Ok(())
    }

    /// Whether the terminal is ours to use now.
    fn ours(&self) -> bool {
        in_foreground(&self.out)
    }

    /// Writes one row's text in its styles.
    fn write_row(&self, buf: &mut Vec<u8>, row: &text::Row) {
        for (text, style) in &row.spans {
            self.theme.write_styled(buf, text, *style);
        }
    }

    /// Leaves the live region on screen as it is and moves below it.
    pub fn commit(&mut self) -> Result<(), Stop> {
        if self.live_rows == 0 {
            return Ok(());
        }
        let mut buf = Vec::new();
        let below = self.live_rows - 1 - self.cursor_row;
        if below > 0 {
            queue!(buf, cursor::MoveDown(to_u16(below)))?;
        }
        buf.extend_from_slice(b"\r\n");
        self.live_rows = 0;
        self.cursor_row = 0;
        self.emit(&buf)
    }

    /// Prints `lines` for good, however many rows they take: they scroll away with the
    /// terminal's history and are never redrawn (but for a resize, which draws the screen
    /// afresh). A dumb terminal gets them as plain lines.
    pub fn print(&mut self, lines: &[Line]) -> Result<(), Stop> {
        self.history.extend_from_slice(lines);
        let extra = self.history.len().saturating_sub(HISTORY);
        self.history.drain(..extra);
        if self.theme.dumb {
            let mut buf = Vec::new();
            for row in text::layout(lines, self.width()).rows {
                self.write_row(&mut buf, &row);
                buf.push(b'\n');
            }
            return self.emit(&buf);
        }
        self.paint(lines, Fit::Any)?;
        self.commit()
    }

    /// On a dumb terminal: writes `prompt` and reads the line the person types (the terminal
    /// echoes and edits it). End of input (Ctrl+D on an empty line) stops the dialog, as do a
    /// signal and the timeout.
    pub fn read_line(&mut self, prompt: &str) -> Result<String, Stop> {
        self.emit(prompt.as_bytes())?;
        let read = self.read_typed_line();
        if read.is_err() {
            // The farewell goes on a line of its own, not after the prompt.
            let _ = self.emit(b"\n");
        }
        read
    }

    /// The next line typed on a dumb terminal (see [`Self::read_line`]).
    fn read_typed_line(&mut self) -> Result<String, Stop> {
        loop {
            if let Some(end) = self.typed.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.typed.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line[..end]);
                return Ok(without_escape_sequences(line.trim_end_matches('\r')));
            }
            match self.deadline.expired_at(Instant::now()) {
                Some(Expired::Cancelled) => return Err(Stop::Signal),
                Some(Expired::TimedOut) => return Err(Stop::Timeout),
                None => {}
            }
            let mut wait = TICK;
            if let Some(left) = self.deadline.left(Instant::now()) {
                wait = wait.min(left);
            }
            if !self.ours() {
                // In the background (`bg`): reading would fail; wait for `fg`.
                std::thread::sleep(wait);
                continue;
            }
            let timeout = rustix::event::Timespec {
                tv_sec: 0,
                tv_nsec: i64::try_from(wait.as_nanos()).unwrap_or(0),
            };
            let mut fds = [rustix::event::PollFd::new(
                &self.out,
                rustix::event::PollFlags::IN,
            )];
            match rustix::event::poll(&mut fds, Some(&timeout)) {
                Ok(0) | Err(rustix::io::Errno::INTR) => continue,
                Ok(_) => {}
                Err(_) => return Err(Stop::Lost),
            }
            let mut chunk = [0u8; 1024];
            match std::io::Read::read(&mut self.out, &mut chunk) {
                // Ctrl+D on an empty line; Ctrl+D after some text hands that text over.
                Ok(0) if self.typed.is_empty() => return Err(Stop::Eof),
                Ok(0) => self.typed.push(b'\n'),
                Ok(n) => self.typed.extend_from_slice(&chunk[..n]),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                // The foreground moved between the check and the read (EIO, SIGTTIN ignored).
                Err(_) if !self.ours() => {}
                Err(_) => return Err(Stop::Lost),
            }
        }
    }

    /// Moves to the top of the live region and clears from there down.
    fn erase_into(&self, buf: &mut Vec<u8>) -> io::Result<()> {
        if self.cursor_row > 0 {
            queue!(buf, cursor::MoveUp(to_u16(self.cursor_row)))?;
        }
        buf.push(b'\r');
        queue!(buf, terminal::Clear(terminal::ClearType::FromCursorDown))
    }

    /// Waits for the next key, paste or reason to redraw. A signal, the timeout, or the
    /// terminal failing stops the dialog.
    pub fn next(&mut self) -> Result<Input, Stop> {
        loop {
            match self.deadline.expired_at(Instant::now()) {
                Some(Expired::Cancelled) => return Err(Stop::Signal),
                Some(Expired::TimedOut) => return Err(Stop::Timeout),
                None => {}
            }
            if job_control::stop_asked() {
                self.stop_and_wait()?;
                return Ok(Input::Redraw);
            }
            if job_control::continued() {
                // Stopped by something we could not catch (SIGSTOP): the shell may have put
                // the terminal back in cooked mode, and written over the live region.
                self.commit()?;
                self.resume()?;
                return Ok(Input::Redraw);
            }
            if !self.ours() {
                // Our group lost the terminal's foreground without being stopped: whoever has
                // it now owns its modes and its screen until we get it back.
                self.resume()?;
                return Ok(Input::Redraw);
            }
            let mut wait = TICK;
            if let Some(left) = self.deadline.left(Instant::now()) {
                wait = wait.min(left);
            }
            let ready = match event::poll(wait) {
                Ok(ready) => ready,
                // The foreground moved during the wait, and reading failed (EIO): as above.
                Err(_) if !self.ours() => continue,
                Err(error) => return Err(error.into()),
            };
            if ready {
                let read = match event::read() {
                    Ok(read) => read,
                    Err(_) if !self.ours() => continue,
                    Err(error) => return Err(error.into()),
                };
                match read {
                    Event::Key(key) if key.kind != KeyEventKind::Release => {
                        return Ok(Input::Key(key));
                    }
                    Event::Paste(text) => return Ok(Input::Paste(text)),
                    Event::Resize(..) => {
                        // The terminal may have cut or rewrapped what is on screen, and the
                        // cursor moved with it: the next drawing starts from a clean screen.
                        self.resized = true;
                        return Ok(Input::Redraw);
                    }
                    _ => {}
                }
            } else if self.deadline.at().is_some() && self.seconds_left() != self.shown_seconds {
                return Ok(Input::Redraw);
            }
        }
    }
}

/// Moves the cursor to column `col` of its row the VT100 way (carriage return, then right):
/// a VT100 has no "cursor to column" sequence.
fn move_to_column(buf: &mut Vec<u8>, col: usize) -> io::Result<()> {
    buf.push(b'\r');
    if col > 0 {
        queue!(buf, cursor::MoveRight(to_u16(col)))?;
    }
    Ok(())
}

impl Tty {
    /// Leaves the live region above, gives the terminal back as it was, and stops the process
    /// as SIGTSTP's default action would; once continued, takes the terminal again.
    fn stop_and_wait(&mut self) -> Result<(), Stop> {
        self.commit()?;
        restore();
        job_control::stop_self();
        // A stop and its continuation are one event: the SIGCONT handler's flag is ours.
        job_control::forget_continued();
        self.resume()
    }

    /// Raw mode and bracketed paste again after a stop, and a live region drawn afresh below
    /// whatever the shell wrote meanwhile. In the background (continued by `bg`), first waits
    /// until our group has the terminal's foreground again: setting its modes from the
    /// background would stop us, or (SIGTTOU ignored) change them under whoever has it.
    fn resume(&mut self) -> Result<(), Stop> {
        self.wait_for_the_foreground()?;
        // crossterm enters raw mode only when it believes it is not in it, and remembers the
        // settings it found as those to restore: leave first, so both are today's.
        let _ = terminal::disable_raw_mode();
        terminal::enable_raw_mode()?;
        RAW.store(true, Ordering::SeqCst);
        if self.theme.paste {
            queue!(self.out, event::EnableBracketedPaste)?;
        }
        self.out.flush()?;
        self.live_rows = 0;
        self.cursor_row = 0;
        Ok(())
    }
}

impl Tty {
    /// Waits, using nothing of the terminal, until our group is its foreground group again;
    /// a signal, the timeout or the reader's going away still end the dialog meanwhile, and a
    /// SIGTSTP still stops it.
    fn wait_for_the_foreground(&mut self) -> Result<(), Stop> {
        while !self.ours() {
            match self.deadline.expired_at(Instant::now()) {
                Some(Expired::Cancelled) => return Err(Stop::Signal),
                Some(Expired::TimedOut) => return Err(Stop::Timeout),
                None => {}
            }
            if job_control::stop_asked() {
                job_control::stop_self();
                job_control::forget_continued();
            }
            let mut wait = TICK;
            if let Some(left) = self.deadline.left(Instant::now()) {
                wait = wait.min(left);
            }
            std::thread::sleep(wait);
        }
        Ok(())
    }
}

/// Whether what is drawn must fit on the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fit {
    /// The live region: it is redrawn by moving up to its top, which must still be on screen.
    Screen,
    /// Printed for good: never redrawn.
    Any,
}

fn to_u16(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// Whether raw mode is on, so that restoring happens once whoever gets there first.
static RAW: AtomicBool = AtomicBool::new(false);
/// Whether colours may have been left on, to reset them (and only then) when restoring.
static COLORED: AtomicBool = AtomicBool::new(false);
/// Whether the cursor may have been hidden, to show it (and only then) when restoring.
static CURSOR_HIDDEN: AtomicBool = AtomicBool::new(false);
/// Whether bracketed paste was turned on, to turn it off (and only then) when restoring.
static PASTE: AtomicBool = AtomicBool::new(false);
static HOOK: Once = Once::new();

/// Raw mode and bracketed paste, undone when dropped.
struct RawMode;

impl RawMode {
    fn enter(out: &mut File) -> io::Result<Self> {
        HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore();
                previous(info);
            }));
        });
        terminal::enable_raw_mode()?;
        RAW.store(true, Ordering::SeqCst);
        job_control::catch();
        if PASTE.load(Ordering::SeqCst) {
            queue!(out, event::EnableBracketedPaste)?;
        }
        out.flush()?;
        Ok(Self)
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        job_control::release();
        restore();
    }
}

/// Held while the terminal is being restored.
static RESTORING: Mutex<()> = Mutex::new(());

/// Leaves raw mode, shows the cursor and resets colours, if raw mode is on. A second caller
/// waits until the first has finished: the main thread must not exit while the signal thread
/// is half way through (it found raw mode off and returned at once, and the process ended
/// with the terminal still raw). A terminal whose foreground is another group's is left as
/// it is: its modes and screen are that group's now, and it sets them as it needs.
pub fn restore() {
    let _restoring = RESTORING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if !RAW.swap(false, Ordering::SeqCst) {
        return;
    }
    let tty = OpenOptions::new().write(true).open("/dev/tty");
    if tty.as_ref().is_ok_and(|tty| !in_foreground(tty)) {
        return;
    }
    if let Ok(mut tty) = tty {
        if PASTE.load(Ordering::SeqCst) {
            let _ = queue!(tty, event::DisableBracketedPaste);
        }
        if CURSOR_HIDDEN.load(Ordering::SeqCst) {
            let _ = queue!(tty, cursor::Show);
        }
        if COLORED.load(Ordering::SeqCst) {
            let _ = tty.write_all(b"\x1b[0m");
        }
        let _ = tty.flush();
    }
    let _ = terminal::disable_raw_mode();
}

/// `line` without the escape sequences a terminal's keys send (Up is `ESC [ A`, F1 `ESC O P`):
/// a dumb terminal has no keys of that kind for us, so the line discipline hands their bytes
/// on as typed text, and `^[[A` landed in the field's value (issue 43, item 10).
fn without_escape_sequences(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        match chars.next() {
            // CSI: parameters and intermediates, then one final byte.
            Some('[') => {
                while chars
                    .next_if(|c| ('\u{20}'..='\u{3f}').contains(c))
                    .is_some()
                {}
                chars.next_if(|c| ('\u{40}'..='\u{7e}').contains(c));
            }
            // SS3: one character.
            Some('O') => {
                chars.next();
            }
            // Any other escape: ESC and the character after it.
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_dumb_terminal_s_line_loses_the_keys_escape_sequences() {
        let cases = [
            ("Ada", "Ada"),
            ("\u{1b}[A2026-12-03", "2026-12-03"),
            ("Ad\u{1b}[Da\u{1b}[1;5C", "Ada"),
            ("\u{1b}OPx\u{1b}[15~", "x"),
            ("\u{1b}xy", "y"),
            ("trailing\u{1b}", "trailing"),
            ("[A ok", "[A ok"),
        ];
        for (typed, line) in cases {
            assert_eq!(super::without_escape_sequences(typed), line, "{typed:?}");
        }
    }

    use super::*;

    /// Regression (issue 30, item 19): `TERM=dumb` and `TERM=vt100` were ignored, and got
    /// 256-colour SGR, bracketed paste and a hidden cursor.
    #[test]
    fn the_terminal_type_decides_what_is_sent() {
        let cases = [
            // (TERM, COLORTERM, NO_COLOR) -> (colours, paste, hide cursor, dumb)
            (("dumb", "", ""), (Colors::None, false, false, true)),
            (("vt100", "", ""), (Colors::Attributes, false, false, false)),
            (("vt220", "", ""), (Colors::Attributes, false, true, false)),
            (("xterm", "", ""), (Colors::Basic, true, true, false)),
            (("linux", "", ""), (Colors::Basic, true, true, false)),
            (
                ("xterm", "truecolor", ""),
                (Colors::Full, true, true, false),
            ),
            (
                ("xterm-256color", "", ""),
                (Colors::Full, true, true, false),
            ),
            (
                ("xterm-256color", "", "1"),
                (Colors::None, true, true, false),
            ),
        ];
        for ((term, colorterm, no_color), (colors, paste, hide_cursor, dumb)) in cases {
            let theme = Theme::from_vars(term, colorterm, no_color);
            assert_eq!(
                theme,
                Theme {
                    colors,
                    paste,
                    hide_cursor,
                    dumb
                },
                "TERM={term} COLORTERM={colorterm} NO_COLOR={no_color}"
            );
        }
    }

    #[test]
    fn styles_are_written_in_the_colours_the_terminal_has() {
        let written = |term: &str, style: Style| {
            let mut buf = Vec::new();
            Theme::from_vars(term, "", "").write_styled(&mut buf, "x", style);
            String::from_utf8(buf).expect("UTF-8")
        };
        assert_eq!(
            written("xterm-256color", Style::Error),
            "\x1b[1;38;5;9mx\x1b[0m"
        );
        assert_eq!(written("xterm", Style::Error), "\x1b[1;31mx\x1b[0m");
        assert_eq!(written("vt100", Style::Error), "\x1b[1mx\x1b[0m");
        assert_eq!(written("vt100", Style::Weak), "x");
        assert_eq!(written("dumb", Style::Error), "x");
    }
}

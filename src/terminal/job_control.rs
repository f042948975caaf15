//! SIGTSTP and SIGCONT while the terminal dialog has the terminal in raw mode, through
//! signal-hook: the handlers only raise a flag (all a signal handler may safely do), and
//! [`super::tty::Tty`] looks at the flags between keys, at least every tick.
//!
//! A SIGTSTP is taken, not acted on at once: the dialog first leaves its live region above and
//! gives the terminal back as it was, then stops itself ([`stop_self`]), so the shell gets a
//! sane terminal. Outside the dialog (before it, and once it is over) SIGTSTP stops the process
//! as by default.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock, Once};

/// A SIGTSTP arrived: stop once the terminal is restored.
static STOP_ASKED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);
/// A SIGCONT arrived: the process was stopped and has gone on.
static CONTINUED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);
/// No dialog takes SIGTSTP: it stops the process as its default action would.
static RELEASED: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(true)));
static REGISTERED: Once = Once::new();

/// Whether a SIGTSTP came since this was last asked.
pub fn stop_asked() -> bool {
    STOP_ASKED.swap(false, Ordering::SeqCst)
}

/// Whether a SIGCONT came since this was last asked (or [`forget_continued`]).
pub fn continued() -> bool {
    CONTINUED.swap(false, Ordering::SeqCst)
}

/// Forgets the SIGCONT that ended a stop of our own: a stop and its continuation are one event.
pub fn forget_continued() {
    CONTINUED.store(false, Ordering::SeqCst);
}

/// Takes SIGTSTP and SIGCONT for the dialog (see [the module](self)).
///
/// signal-hook's handlers stay for the life of the process once registered, so they are
/// registered once, and [`release`] hands SIGTSTP back to its default action through a flag
/// instead.
#[cfg(unix)]
pub fn catch() {
    use signal_hook::consts::{SIGCONT, SIGTSTP};
    use signal_hook::flag;
    REGISTERED.call_once(|| {
        // Should one fail, that signal keeps its default: Ctrl+Z stops the dialog with the
        // terminal raw, or `fg` does not redraw, but the form still works.
        let _ = flag::register(SIGTSTP, Arc::clone(&STOP_ASKED));
        let _ = flag::register(SIGCONT, Arc::clone(&CONTINUED));
        let _ = flag::register_conditional_default(SIGTSTP, Arc::clone(&RELEASED));
    });
    // A SIGTSTP that came while released stopped the process then: it asks for nothing now.
    STOP_ASKED.store(false, Ordering::SeqCst);
    RELEASED.store(false, Ordering::SeqCst);
}

/// Gives SIGTSTP its default action back.
pub fn release() {
    RELEASED.store(true, Ordering::SeqCst);
}

/// Stops this process the way SIGTSTP does by default, and returns once it is continued.
///
/// signal-hook stops with SIGSTOP, which the kernel delivers everywhere; SIGTSTP's own stop
/// it discards in an orphaned process group, where no shell is left to continue it (POSIX).
/// So in such a group (a dialog that is its own session leader on its terminal, as under
/// `ssh -t host form-elicitation` or a terminal multiplexer's new window) this returns at
/// once, as the default action would, instead of stopping for good.
#[cfg(unix)]
pub fn stop_self() {
    if in_orphaned_group() {
        return;
    }
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
}

/// Whether our process group is orphaned: no member has a parent in another group of our
/// session (POSIX's definition, the kernel's test). Read from `/proc`; where it cannot be
/// read, a group is taken as not orphaned.
#[cfg(unix)]
fn in_orphaned_group() -> bool {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return false;
    };
    let mut processes = std::collections::HashMap::new();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        if let Some(ids) = stat_ids(&stat) {
            processes.insert(pid, ids);
        }
    }
    let Some(&(_, group, session)) = i32::try_from(std::process::id())
        .ok()
        .and_then(|us| processes.get(&us))
    else {
        return false;
    };
    !processes
        .values()
        .filter(|(_, member_group, _)| *member_group == group)
        .any(|(parent, _, _)| {
            processes
                .get(parent)
                .is_some_and(|&(_, g, s)| g != group && s == session)
        })
}

/// A process's parent, group and session, from its `/proc/PID/stat` line.
#[cfg(unix)]
fn stat_ids(stat: &str) -> Option<(i32, i32, i32)> {
    // After the command name, in parentheses (which may hold anything): the state, the
    // parent, the group, the session.
    let mut rest = stat.rsplit_once(") ")?.1.split(' ').skip(1);
    let mut next = || rest.next()?.parse::<i32>().ok();
    Some((next()?, next()?, next()?))
}

#[cfg(not(unix))]
pub fn catch() {}

#[cfg(not(unix))]
pub fn stop_self() {}

#[cfg(test)]
mod tests {
    /// A command name may hold `) ` itself: the fields are read after the last one.
    #[test]
    fn a_stat_line_gives_the_parent_group_and_session() {
        let cases = [
            ("42 (sh) S 1 42 40 34816 42 4194560", Some((1, 42, 40))),
            ("7 (a) b) T 3 5 5 0 -1", Some((3, 5, 5))),
            ("7 (half", None),
        ];
        for (stat, ids) in cases {
            assert_eq!(super::stat_ids(stat), ids, "{stat}");
        }
    }
}

//! A schema's `pattern`: an ECMA-262 regular expression (`regress`, as JSON Schema defines
//! it), searched with a time limit on a thread of its own, because a backtracking pattern can
//! take minutes on a short text.

/// A compiled `pattern`, compared by its source.
#[derive(Debug, Clone)]
pub struct Pattern {
    /// The pattern as the schema wrote it.
    pub source: String,
    /// The compiled ECMAScript regular expression.
    pub regex: regress::Regex,
    /// Searches that ran past [`PATTERN_TIME_LIMIT`] and are still going, in the background.
    stuck: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

/// How long one `pattern` search may take. A backtracking engine needs exponential time for
/// patterns like `^(a+)+$` on some texts, and a request must not freeze the window (or
/// `--check`) with one: past this the text counts as unchecked, so it is never accepted.
pub const PATTERN_TIME_LIMIT: std::time::Duration = std::time::Duration::from_millis(500);

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Pattern {
    /// Compiles an ECMA-262 pattern, with the `u` flag where the pattern allows it.
    pub fn new(source: &str) -> Result<Self, String> {
        let regex = regress::Regex::with_flags(source, "u")
            .or_else(|_| regress::Regex::new(source))
            .map_err(|e| e.to_string())?;
        Ok(Self {
            source: source.to_owned(),
            regex,
            stuck: std::sync::Arc::default(),
        })
    }

    /// Whether the text matches: JSON Schema patterns are not anchored. `None` when the search
    /// did not end within [`PATTERN_TIME_LIMIT`].
    pub fn matches(&self, text: &str) -> Option<bool> {
        use std::sync::atomic::Ordering;
        // A search that ran out of time goes on in its thread (it cannot be stopped); while it
        // does, refuse at once rather than start another, so at most one core is lost.
        if self.stuck.load(Ordering::SeqCst) > 0 {
            return None;
        }
        // The search's state: running, finished, or given up on.
        const RUNNING: u8 = 0;
        const FINISHED: u8 = 1;
        const ABANDONED: u8 = 2;
        let state = std::sync::Arc::new(std::sync::atomic::AtomicU8::new(RUNNING));
        let (sender, receiver) = std::sync::mpsc::channel();
        let (regex, owned) = (self.regex.clone(), text.to_owned());
        let (stuck, shared) = (self.stuck.clone(), state.clone());
        let spawned = std::thread::Builder::new()
            .name("pattern".into())
            .spawn(move || {
                let _ = sender.send(regex.find(&owned).is_some());
                if shared.swap(FINISHED, Ordering::SeqCst) == ABANDONED {
                    stuck.fetch_sub(1, Ordering::SeqCst);
                }
            });
        if spawned.is_err() {
            return Some(self.regex.find(text).is_some());
        }
        match receiver.recv_timeout(PATTERN_TIME_LIMIT) {
            Ok(found) => Some(found),
            Err(_) => {
                self.stuck.fetch_add(1, Ordering::SeqCst);
                if state.swap(ABANDONED, Ordering::SeqCst) == FINISHED {
                    // It ended just now after all.
                    self.stuck.fetch_sub(1, Ordering::SeqCst);
                    return receiver.try_recv().ok();
                }
                None
            }
        }
    }
}

//! What both front ends show around the form, decided once (by [`crate::show`]) for the window
//! and the terminal alike: who asks and what the request came through, its place in a run of
//! forms, the heading, the deadline, how text is read, and the token that cancels the dialog.

use std::time::Duration;

use crate::cli::Markdown;
use crate::process::cancel::Cancel;
use crate::process::queue::LivePlace;

/// What either dialog needs besides the form. The window adds what only a window has
/// ([`crate::ui::WindowOptions`]); the terminal needs nothing more.
#[derive(Debug, Clone, Default)]
pub struct Presentation {
    /// Who asks, shown above the message.
    pub server: Option<String>,
    /// What the request came through (Claude Code, another machine), named beside who asks.
    pub via: Option<String>,
    /// Where the form stands in a proxy's run of forms, when others wait behind it: said
    /// below who asks, and the terminal's review offers to decline them all.
    pub queue: Option<LivePlace>,
    /// `--title`: the terminal's heading above the message (the window's title is made from
    /// it, see [`crate::show::window_title`]).
    pub title: Option<String>,
    /// Cancel after this long without an answer.
    pub timeout: Option<Duration>,
    /// Whether the message and the fields' descriptions are read as Markdown.
    pub markdown: Markdown,
    /// Cancels the dialog from outside (a signal, the parent's death).
    pub cancel: Cancel,
    /// Where the form's draft is kept, and the draft it opens filled with: `None` for
    /// `--drafts off`, or where there is no folder to keep drafts in.
    pub draft: Option<crate::process::drafts::Slot>,
}

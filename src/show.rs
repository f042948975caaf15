//! Showing a request to the person: which front end, with which options, and what becomes of
//! it. The display options become each front end's options here and nowhere else.

use crate::cli::{DisplayOptions, Drafts, UiChoice};
use crate::model::answer::Answer;
use crate::model::form::Form;
use crate::model::load::Shown;
use crate::presentation::Presentation;
use crate::process::cancel::Cancel;
use crate::process::delivery::Delivery;
use crate::process::drafts::Slot;
use crate::process::exit::Exit;
use crate::process::output;
use crate::process::queue::LivePlace;
use crate::terminal;
use crate::ui::{self, WindowError, WindowOptions};

/// Why no answer came from the person, and the exit code that says so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotShown {
    /// How the process ends.
    pub exit: Exit,
    /// One line for stderr.
    pub reason: String,
}

impl NotShown {
    /// Nothing could show the request.
    fn no_display(reason: impl Into<String>) -> Self {
        Self {
            exit: Exit::NoDisplay,
            reason: reason.into(),
        }
    }
}

/// Where a request is shown, and who may end it early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowed {
    /// Whatever `--ui` allows.
    AsAsked,
    /// The window only, whatever `--ui` says: the terminal belongs to someone else (Claude
    /// Code's own interface, for its hook).
    WindowOnly,
}

/// What a front end needs besides the request: the options, the token that cancels it early,
/// and the delivery its fast path answers through.
pub struct Showing<'a> {
    /// The display options.
    pub options: &'a DisplayOptions,
    /// Which front ends may be used.
    pub allowed: Allowed,
    /// What the request came through (Claude Code, another machine), named beside who asks.
    pub via: Option<&'a str>,
    /// The machine a served request came from, as the window title names it
    /// ([`crate::model::describe::served_from`]): a served window says so in its title too.
    pub served: Option<&'a str>,
    /// Where the request stands in a proxy's run of forms (`--queue`).
    pub queue: Option<LivePlace>,
    /// Cancels the front end from outside (a signal, the parent's death).
    pub cancel: &'a Cancel,
    /// Where the window writes its answer the moment it is decided.
    pub delivery: &'a Delivery,
}

/// Shows `shown` until the person answers; returns the answer, or why nothing could show it.
///
/// A display or terminal that goes away while the person answers ends in `cancel`, as a
/// terminal's hang-up (SIGHUP) does: the person can no longer answer, and the caller gets an
/// answer it can act on. A line on stderr says what happened.
pub fn show(shown: Shown, showing: &Showing) -> Result<Answer, NotShown> {
    match shown {
        Shown::Form(form) => show_form(form, showing),
        Shown::Url(request) => {
            // A URL consent has nothing typed to keep: it closes when its client stops waiting.
            close_when_the_client_stops_waiting(showing);
            if showing.options.ui == UiChoice::Terminal {
                return Err(NotShown::no_display(
                    "URL mode needs a window (DISPLAY or WAYLAND_DISPLAY); the terminal front end shows forms only",
                ));
            }
            if !ui::has_display() {
                return Err(NotShown::no_display(format!(
                    "{}; URL mode needs a window (the terminal front end shows forms only)",
                    crate::process::session::how_to_fix()
                )));
            }
            after_window(ui::run_url_window(
                request,
                window_options(showing),
                ui::system_opener(),
                Some(fast_exit(showing.delivery)),
            ))
        }
    }
}

/// Shows a form in the front end `--ui` names. `auto` takes the window when there is a display
/// and the terminal otherwise, or when the window cannot open; `window` and `terminal` never
/// fall back.
fn show_form(form: Form, showing: &Showing) -> Result<Answer, NotShown> {
    let ui = match showing.allowed {
        Allowed::AsAsked => showing.options.ui,
        Allowed::WindowOnly => UiChoice::Window,
    };
    // Read once, for whichever front end shows the form.
    let draft = match showing.options.drafts {
        Drafts::On => Slot::open(showing.options.server.as_deref(), showing.via, &form),
        Drafts::Off => None,
    };
    if draft.is_none() {
        // Nowhere to keep what was typed: the form closes when its client stops waiting.
        close_when_the_client_stops_waiting(showing);
    }
    let window_problem = match ui {
        UiChoice::Terminal => None,
        UiChoice::Auto if !ui::has_display() => Some(crate::process::session::how_to_fix()),
        UiChoice::Auto | UiChoice::Window => {
            // The window stays for the person once nobody waits, also when the proxy is
            // gone; where it cannot open, the terminal closes then all the same.
            if draft.is_some()
                && let Some(live) = &showing.queue
            {
                live.front_end_stays();
            }
            let mut options = window_options(showing);
            options.shown.draft = draft.clone();
            match ui::run_window(form.clone(), options, Some(fast_exit(showing.delivery))) {
                Err(error @ WindowError::NoDisplay(_)) if ui == UiChoice::Auto => {
                    Some(error.to_string())
                }
                outcome => return after_window(outcome),
            }
        }
    };
    // The terminal keeps the draft as it closes (see `terminal::run_terminal`).
    close_when_the_client_stops_waiting(showing);
    let presentation = Presentation {
        draft,
        ..presentation(showing)
    };
    terminal::run_terminal(&form, &presentation).map_err(|error| {
        NotShown::no_display(match window_problem {
            Some(window) => format!("{window}; {error}"),
            None => error.to_string(),
        })
    })
}

/// A proxy's dialog that cannot stay open for the person once its client stopped waiting
/// (the terminal, a URL consent, a form with drafts off) closes then, as a cancel from
/// outside: what was typed is kept as a draft where drafts are kept. The form's window with a
/// draft slot stays instead, says so, and offers to keep the draft (`ui::FormApp`).
fn close_when_the_client_stops_waiting(showing: &Showing) {
    if let Some(live) = &showing.queue {
        let cancel = showing.cancel.clone();
        live.when_stopped_waiting(move || cancel.cancel());
    }
}

/// What a window's end means: its answer; `cancel` when its display went away under the
/// person (with a line on stderr); nothing shown when it could not open.
fn after_window(outcome: Result<Answer, WindowError>) -> Result<Answer, NotShown> {
    match outcome {
        Ok(answer) => Ok(answer),
        Err(error @ WindowError::Lost(_)) => {
            output::diag(format_args!("{error}; answering cancel"));
            Ok(Answer::Cancel)
        }
        Err(error @ WindowError::NoDisplay(_)) => Err(NotShown::no_display(error.to_string())),
    }
}

/// The window's fast path: the answer delivered the moment it is decided, and the process
/// ended (see [`Delivery::answer_and_exit`]).
fn fast_exit(delivery: &Delivery) -> ui::AnswerHook {
    let delivery = delivery.clone();
    Box::new(move |answer: &Answer| delivery.answer_and_exit(answer))
}

/// What the window needs, from the display options.
fn window_options(showing: &Showing) -> WindowOptions {
    let options = showing.options;
    WindowOptions {
        shown: presentation(showing),
        window_title: window_title(options, showing.served),
        notification_title: window_title(
            &DisplayOptions {
                title: None,
                ..options.clone()
            },
            showing.served,
        ),
        theme: options.theme,
        renderer: options.renderer,
        notify: options.notify,
    }
}

/// What both dialogs show around the form (all the terminal needs), from the display options.
fn presentation(showing: &Showing) -> Presentation {
    let options = showing.options;
    Presentation {
        server: options.server.clone(),
        via: showing.via.map(str::to_owned),
        queue: showing.queue.clone(),
        title: options.title.clone(),
        timeout: options.timeout,
        markdown: options.markdown,
        cancel: showing.cancel.clone(),
        draft: None,
    }
}

/// The window title: `--title`, else one naming the server; with the machine a served request
/// came from (`via`) after it, so a served request cannot look local in the title either. Each
/// piece on one line with its controls escaped and its length bounded
/// ([`crate::text::untrusted::bounded`]): a window manager draws the title, with no room for
/// isolation marks it may show as boxes; the notification's summary is this title too.
pub fn window_title(options: &DisplayOptions, via: Option<&str>) -> String {
    use crate::text::untrusted::bounded as escaped;
    let title = options.title.as_deref().map(escaped);
    let server = options.server.as_deref().map(escaped);
    match (title, server, via.map(escaped)) {
        (Some(title), _, None) => title,
        (Some(title), _, Some(via)) => t!("window-title-titled-via", title = title, via = via),
        (None, Some(server), None) => t!("window-title", server = server),
        (None, Some(server), Some(via)) => t!("window-title-via", server = server, via = via),
        (None, None, None) => t!("window-title-unnamed"),
        (None, None, Some(via)) => t!("window-title-unnamed-via", via = via),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::describe::served_from;

    /// Issue 43, items 1 and 2: a name or a title with line breaks made the window title start
    /// with a heading of its own, and a served request could set any title without saying
    /// where it came from. The title is one line and names the machine, as it says it is.
    #[test]
    fn the_window_title_is_one_line_and_says_where_a_request_came_from() {
        assert!(crate::i18n::use_language_in_this_thread("en"));
        let options = |server: Option<&str>, title: Option<&str>| DisplayOptions {
            server: server.map(str::to_owned),
            title: title.map(str::to_owned),
            ..DisplayOptions::default()
        };
        let cases = [
            (options(Some("weather"), None), None, "weather asks"),
            (
                options(Some("GitHub asks:\n\n"), None),
                None,
                "GitHub asks:\\n\\n asks",
            ),
            (
                options(Some("trusted\u{202e}"), None),
                Some(served_from("build-box")),
                "trusted<U+202E> asks, via build-box (as it says)",
            ),
            (
                options(None, None),
                Some(served_from("")),
                "An MCP server asks, via another machine",
            ),
            (
                options(Some("x"), Some("Bank\nlogin")),
                Some(served_from("desk\u{202e}")),
                "Bank\\nlogin, via desk<U+202E> (as it says)",
            ),
            (options(None, Some("Build")), None, "Build"),
        ];
        for (options, via, title) in cases {
            assert_eq!(window_title(&options, via.as_deref()), title, "{options:?}");
        }
    }
}

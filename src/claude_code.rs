//! Claude Code's `Elicitation` hook, as an adapter at the edge: its input is read as a request
//! by [`crate::model::request`] (the [`Envelope::ClaudeCodeHook`] envelope), its output written by
//! [`crate::model::answer`], and here is how such a request is shown.
//!
//! Claude Code owns the terminal while its hook runs, reads exit 2 as the person's decline, and
//! kills a hook after its `timeout` (600 s unless the settings say otherwise). So a hook request
//! is shown in a window only, says it comes through Claude Code, and answers `cancel` before
//! Claude Code would kill us; what cannot be shown leaves stdout empty with exit 0 (see
//! [`crate::process::delivery::Delivery::not_shown`]), and Claude Code asks in its own dialog.

use std::time::Duration;

use crate::cli::DisplayOptions;
use crate::model::claude_questions;
use crate::model::request::Envelope;
use crate::show::Allowed;

/// How long Claude Code lets a command hook run unless its settings give a `timeout`.
pub const HOOK_TIMEOUT: Duration = Duration::from_secs(600);

/// How long a hook request waits for the person without `--timeout`: ten seconds under
/// [`HOOK_TIMEOUT`], so that the `cancel` arrives before Claude Code kills the command, even
/// on a slow start.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(590);

/// The name the window gives Claude Code, beside the server it asks for.
pub const NAME: &str = "Claude Code";

/// How a request that came in `envelope` is shown: the display options (with the hook's
/// server name and timeout where the command line gave none), which front ends may show it,
/// and what it came through.
pub fn adapt(
    options: &DisplayOptions,
    envelope: &Envelope,
) -> (DisplayOptions, Allowed, Option<&'static str>) {
    let mut options = options.clone();
    match envelope {
        Envelope::ClaudeCodeHook { server } => {
            if options.server.is_none() {
                options.server.clone_from(server);
            }
            options.timeout = options.timeout.or(Some(DEFAULT_TIMEOUT));
            (options, Allowed::WindowOnly, Some(NAME))
        }
        // Claude asks, whatever `--server` says: the same command answers both hooks, and a
        // server's name there would make Claude's question look like an MCP server's form.
        Envelope::ClaudeCodeQuestions { .. } => {
            options.server = Some(claude_questions::ASKER.to_owned());
            options.timeout = options.timeout.or(Some(DEFAULT_TIMEOUT));
            (options, Allowed::WindowOnly, Some(NAME))
        }
        _ => (options, Allowed::AsAsked, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::UiChoice;

    #[test]
    fn a_hook_request_is_a_window_named_via_claude_code_that_cancels_in_time() {
        let hook = Envelope::ClaudeCodeHook {
            server: Some("my-mcp-server".into()),
        };
        let given = DisplayOptions {
            ui: UiChoice::Terminal,
            ..DisplayOptions::default()
        };
        let (options, allowed, via) = adapt(&given, &hook);
        assert_eq!(options.server.as_deref(), Some("my-mcp-server"));
        assert_eq!(allowed, Allowed::WindowOnly, "never the terminal");
        assert_eq!(via, Some("Claude Code"));
        let timeout = options
            .timeout
            .expect("a hook request always has a deadline");
        assert!(timeout < HOOK_TIMEOUT, "{timeout:?}");
        // What the command line says wins.
        let given = DisplayOptions {
            server: Some("named".into()),
            timeout: Some(Duration::from_secs(30)),
            ..DisplayOptions::default()
        };
        let (options, _, _) = adapt(&given, &hook);
        assert_eq!(options.server.as_deref(), Some("named"));
        assert_eq!(options.timeout, Some(Duration::from_secs(30)));
        // Claude's own questions: Claude asks, whatever `--server` says, in a window only.
        let questions = Envelope::ClaudeCodeQuestions {
            tool_input: Box::default(),
        };
        let (options, allowed, via) = adapt(&given, &questions);
        assert_eq!(options.server.as_deref(), Some("Claude"));
        assert_eq!(options.timeout, Some(Duration::from_secs(30)));
        assert_eq!((allowed, via), (Allowed::WindowOnly, Some("Claude Code")));
        // Any other request is shown as asked.
        let (options, allowed, via) = adapt(&given, &Envelope::Bare);
        assert_eq!((options, allowed, via), (given, Allowed::AsAsked, None));
    }
}

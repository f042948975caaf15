//! Claude Code's hooks, started as Claude Code starts them: the configured command through
//! `/bin/sh -c`, the hook's JSON on stdin, in an environment with no display or terminal
//! unless a test gives one. Claude Code reads exit 2 as the person's decline (and, for
//! `PreToolUse`, as "block the tool"): nothing here may end in it.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::support::process::{DEADLINE, Output, Running, without_terminal};
use super::support::{ENGLISH, place_binary};

/// Claude Code's `Elicitation` hook input, as its hooks reference shows it.
const ELICITATION: &str = r#"{"session_id":"abc123","transcript_path":"/home/u/.claude/projects/p/00893aaf.jsonl","cwd":"/home/u/project","permission_mode":"default","hook_event_name":"Elicitation","mcp_server_name":"my-mcp-server","message":"Please provide your credentials","mode":"form","elicitation_id":"elicit-123","requested_schema":{"type":"object","properties":{"username":{"type":"string","title":"Username"}}}}"#;

/// A folder of the test's own with the binary in it as `form-elicitation`, for `PATH`: the
/// hook's command is the plain name, as the README's settings give it.
pub(super) struct OnPath(PathBuf);

impl OnPath {
    pub(super) fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "form-elicitation-hook-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        place_binary(&dir.join("form-elicitation"));
        Self(dir)
    }

    /// `PATH` with this folder first.
    pub(super) fn path(&self) -> String {
        format!("{}:/usr/bin:/bin", self.0.display())
    }

    /// `command` as Claude Code runs a hook: `/bin/sh -c COMMAND`, with `envs` on top of an
    /// English environment with no display, no session bus and no terminal.
    pub(super) fn hook_command(&self, command: &str, envs: &[(&str, &str)]) -> Command {
        let mut sh = Command::new("/bin/sh");
        sh.args(["-c", command])
            .env_clear()
            .env("PATH", self.path())
            .env("HOME", Path::new(&self.0))
            .envs(ENGLISH)
            .envs(envs.iter().copied());
        without_terminal(&mut sh);
        sh
    }

    /// Runs `command` as a hook with `input` on stdin and waits for its end.
    pub(super) fn run_hook(&self, command: &str, envs: &[(&str, &str)], input: &[u8]) -> Output {
        Running::spawn("the hook", self.hook_command(command, envs), Some(input))
            .wait_output(DEADLINE)
    }
}

impl Drop for OnPath {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Nothing on stdout, exit 0, and one line on stderr that contains `names`: Claude Code then
/// asks in its own dialog.
fn left_to_claude_code(run: &Output, names: &str, case: &str) {
    assert!(
        run.code == Some(0)
            && run.stdout.is_empty()
            && run.stderr.lines().count() == 1
            && run.stderr.contains(names),
        "{case}: want exit 0, nothing on stdout, one line naming {names:?}\n{run:?}"
    );
}

/// Regression (issue 54, item 4): options and environment clap refuses ended in its exit 2
/// before the hook input was read, and Claude Code took that for the person's decline. In hook
/// mode the bad option is one line on stderr and the hook answers nothing, exit 0.
#[test]
fn bad_options_or_environment_never_end_a_hook_in_exit_2() {
    let bin = OnPath::new("options");
    // (case, the hook's command, its environment, what the stderr line must name)
    type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)], &'a str);
    let cases: [Case<'_>; 5] = [
        (
            "--timeout 290s",
            "form-elicitation --timeout 290s",
            &[],
            "290s",
        ),
        (
            "empty UI",
            "form-elicitation",
            &[("FORM_ELICITATION_UI", "")],
            "--ui",
        ),
        (
            "capitalised theme",
            "form-elicitation",
            &[("FORM_ELICITATION_THEME", "Dark")],
            "Dark",
        ),
        (
            "unknown option",
            "form-elicitation --colour",
            &[],
            "--colour",
        ),
        (
            "bad check flag",
            "form-elicitation",
            &[("FORM_ELICITATION_CHECK", "maybe")],
            "maybe",
        ),
    ];
    for (case, command, envs, names) in cases {
        let run = bin.run_hook(command, envs, ELICITATION.as_bytes());
        left_to_claude_code(&run, names, case);
        // The same mistake with a plain request is still bad usage, as clap says it.
        let plain = br#"{"message":"m","requestedSchema":{"type":"object","properties":{}}}"#;
        let run = bin.run_hook(command, envs, plain);
        assert!(
            run.code == Some(2) && run.stdout.is_empty() && run.stderr.contains(names),
            "{case}, a plain request: want clap's exit 2\n{run:?}"
        );
    }
    // Asked for text, the program still gives it.
    let run = bin.run_hook("form-elicitation --version", &[], ELICITATION.as_bytes());
    assert!(
        run.code == Some(0) && run.stdout.starts_with("form-elicitation "),
        "{run:?}"
    );
}

/// Regression (issue 54, item 4): hook input over 1 MiB whose `hook_event_name` comes after
/// its message was read up to the limit only, not known as a hook's, and refused with exit 2.
#[test]
fn hook_input_over_1_mib_with_its_event_name_last_is_never_exit_2() {
    let bin = OnPath::new("large");
    let mut input =
        br#"{"session_id":"abc123","cwd":"/home/u/project","mcp_server_name":"m","message":""#
            .to_vec();
    input.extend(std::iter::repeat_n(b'x', 1024 * 1024 + 10));
    input.extend(
        br#"","requested_schema":{"type":"object","properties":{}},"hook_event_name":"Elicitation"}"#,
    );
    let run = bin.run_hook("form-elicitation", &[], &input);
    left_to_claude_code(&run, "1 MiB", "over 1 MiB, the event last");
    // And with a bad option too.
    let run = bin.run_hook("form-elicitation --timeout 0", &[], &input);
    left_to_claude_code(&run, "--timeout", "over 1 MiB and a bad option");
}

// ---------------------------------------------------------------------------------------------
// Claude's own questions: the PreToolUse hook with matcher AskUserQuestion

/// Claude Code's `PreToolUse` input for `AskUserQuestion` (2.1.332): two questions, the
/// second multiSelect, options with descriptions, Unicode.
pub(super) const QUESTIONS_HOOK: &str = r#"{"session_id":"7f3c2a10-4b5e-4c1d-9a8b-2f6e1d0c9b7a","transcript_path":"/home/u/.claude/projects/-home-u-project/7f3c2a10-4b5e-4c1d-9a8b-2f6e1d0c9b7a.jsonl","cwd":"/home/u/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"AskUserQuestion","tool_input":{"questions":[{"question":"Which library should we use for dates?","header":"Library","options":[{"label":"chrono","description":"The most used; time zones through chrono-tz"},{"label":"jiff","description":"Newer, with time zones built in"}],"multiSelect":false},{"question":"どのプラットフォームで動かしますか？","header":"対象","options":[{"label":"Linux","description":"x86_64 と aarch64"},{"label":"macOS","description":"Apple silicon"},{"label":"Windows","description":"MSVC"}],"multiSelect":true}]},"tool_use_id":"toolu_01A2B3C4D5E6F7G8H9J0K1L2"}"#;

/// `tool_input.questions` of [`QUESTIONS_HOOK`], exactly as the output must carry them back.
const QUESTIONS: &str = r#"[{"question":"Which library should we use for dates?","header":"Library","options":[{"label":"chrono","description":"The most used; time zones through chrono-tz"},{"label":"jiff","description":"Newer, with time zones built in"}],"multiSelect":false},{"question":"どのプラットフォームで動かしますか？","header":"対象","options":[{"label":"Linux","description":"x86_64 と aarch64"},{"label":"macOS","description":"Apple silicon"},{"label":"Windows","description":"MSVC"}],"multiSelect":true}]"#;

/// Claude Code's `PreToolUse` hook must never block a tool by mistake (exit 2) nor answer
/// for a tool it does not know: another tool, questions it cannot show, no display, or a bad
/// option print nothing and exit 0, and Claude Code goes on as if no hook were set.
#[test]
fn a_pre_tool_use_hook_we_cannot_answer_prints_nothing_and_exits_0() {
    let bin = OnPath::new("pre-tool-use");
    let bash = r#"{"session_id":"s","cwd":"/home/u/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"toolu_1"}"#;
    let malformed = r#"{"hook_event_name":"PreToolUse","tool_name":"AskUserQuestion","tool_input":{"questions":"Which?"}}"#;
    for (case, command, input, names) in [
        ("another tool", "form-elicitation", bash, "Bash"),
        (
            "malformed questions",
            "form-elicitation",
            malformed,
            "questions",
        ),
        ("no display", "form-elicitation", QUESTIONS_HOOK, "DISPLAY"),
        (
            "a bad option",
            "form-elicitation --timeout 290s",
            QUESTIONS_HOOK,
            "290s",
        ),
    ] {
        let run = bin.run_hook(command, &[], input.as_bytes());
        left_to_claude_code(&run, names, case);
    }
}

/// The questions answered in the window come back as the output Claude Code turns into the
/// tool result its own dialog gives (a choice, several choices, the person's own words), and
/// Esc prints nothing, so that Claude Code asks in its own dialog.
#[test]
fn claude_s_questions_are_answered_in_the_window() {
    let Some(x) = super::support::xvfb::display_or_skip(&[]) else {
        return;
    };
    let bin = OnPath::new("questions-window");
    let allowed = |answers: &str| {
        format!(
            r#"{{"hookSpecificOutput":{{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{{"questions":{QUESTIONS},"answers":{answers}}}}}}}"#
        )
    };
    let ask = |name: &str| {
        let title = super::support::desktop::unique_title(name);
        let command = bin.hook_command(&format!("form-elicitation --title {title}"), &[]);
        let mut shown = x.spawn("the hook", command, Some(QUESTIONS_HOOK.as_bytes()));
        x.wait_for_window(&mut shown, &title);
        shown
    };
    // The second option of the first question, the first of the second, then Ctrl+Enter.
    let app = ask("questions-choose");
    for key in ["Down", "Down", "Tab", "Tab", "space", "ctrl+Return"] {
        x.key(key);
    }
    super::support::desktop::expect_answer(
        app,
        &allowed(
            r#"{"Which library should we use for dates?":"jiff","どのプラットフォームで動かしますか？":"Linux"}"#,
        ),
    );
    // Own words in place of a choice.
    let app = ask("questions-other");
    x.key("Tab");
    x.type_text("time, from std");
    x.key("ctrl+Return");
    super::support::desktop::expect_answer(
        app,
        &allowed(r#"{"Which library should we use for dates?":"time, from std"}"#),
    );
    // Esc: nothing, exit 0.
    let app = ask("questions-cancel");
    x.key("Escape");
    let out = app.app.wait_output(super::support::desktop::ANSWER_TIMEOUT);
    assert!(out.code == Some(0) && out.stdout.is_empty(), "{out:?}");
}

/// Claude's questions get the words of ours ("Other" and its hint) in the person's language,
/// as every form does: the language is chosen before the questions become a form (read
/// later, they were English whatever the locale).
#[test]
fn claude_s_questions_speak_the_person_s_language() {
    let bin = OnPath::new("questions-language");
    let german = [("LC_ALL", "de_DE.UTF-8"), ("LANG", "de_DE.UTF-8")];
    let run = bin.run_hook(
        "form-elicitation --check",
        &german,
        QUESTIONS_HOOK.as_bytes(),
    );
    assert!(
        run.code == Some(0)
            && run.stdout.contains(r#"other-1 "Andere Antwort": text"#)
            && run.stdout.contains(r#"other-2 "Andere Antwort": text"#),
        "{run:?}"
    );
}

//! Claude Code itself (npm's `@anthropic-ai/claude-code`, the version `scripts/test` pins into
//! `target/claude-code`) with the README's settings pasted, answering Claude's own questions
//! (its `AskUserQuestion` tool) in our window: issue 59's "Done when".
//!
//! The model is a stand-in of the Anthropic Messages API on 127.0.0.1 ([`StandIn`]): asked
//! with the tool offered, it calls `AskUserQuestion` with [`QUESTIONS`]; given the tool's
//! result, it ends. It keeps every request, so the test reads the tool result exactly as the
//! model gets it. Claude Code runs interactively on a pseudo-terminal of the test's own (as in
//! a terminal emulator; [`Terminal`]) or in print mode (`claude -p`), with a `HOME` of the
//! test's own: onboarding done, the stand-in's key approved, the folder trusted, and the
//! README's settings block as `~/.claude/settings.json`, its command on `PATH` as
//! `form-elicitation`. Each choice is made once in Claude Code's own dialog (no hook) and once
//! in our window (the hook), and the two tool results must be the same, and the one Claude
//! Code 2.1.332 gave on 2026-12-05 (so a drift on either side says which). Claude Code's
//! `--debug-file` says how each hook run ended: never exit 2.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::support::desktop::WINDOW_TIMEOUT;
use super::support::process::{Group, ShownSignal, without_terminal};
use super::support::pty::{controlled_by, open_pty_sized, shown_text};
use super::support::xvfb::{Xvfb, display_or_skip, run_tool};
use super::support::{ENGLISH, place_binary, root, skip, tools_or_skip};

/// The version `scripts/test` installs, for the skip's words.
const PINNED: &str = "@anthropic-ai/claude-code@2.1.332";

/// How long Claude Code may take to show something or to send the model the tool's result.
const CLAUDE_TIMEOUT: Duration = Duration::from_secs(60);

/// What the model asks: the issue's kind of questions, the second with several answers and in
/// Japanese (the answers are keyed by the question's text, Unicode and all).
const QUESTIONS: &str = r#"[{"question":"Which library should we use for dates?","header":"Library","options":[{"label":"chrono","description":"The most used; time zones through chrono-tz"},{"label":"jiff","description":"Newer, with time zones built in"}],"multiSelect":false},{"question":"どのプラットフォームで動かしますか？","header":"対象","options":[{"label":"Linux","description":"x86_64 と aarch64"},{"label":"macOS","description":"Apple silicon"},{"label":"Windows","description":"MSVC"}],"multiSelect":true}]"#;

const DATES: &str = "Which library should we use for dates?";
const PLATFORMS: &str = "どのプラットフォームで動かしますか？";

/// A key for Claude Code's dialog (on the terminal) or for our window (xdotool).
#[derive(Clone, Copy)]
enum Key {
    /// A terminal's bytes for the dialog, an xdotool key name for the window.
    Named(&'static str, &'static str),
    /// Typed text.
    Text(&'static str),
}

const DOWN: Key = Key::Named("\x1b[B", "Down");
const RIGHT: Key = Key::Named("\x1b[C", "");
const ENTER: Key = Key::Named("\r", "");
const TAB: Key = Key::Named("", "Tab");
const SPACE: Key = Key::Named("", "space");
const SUBMIT: Key = Key::Named("", "ctrl+Return");

/// One choice: the keys that make it in Claude Code's dialog and in our window, and the tool
/// result Claude Code 2.1.332's dialog gave for it.
struct Choice {
    name: &'static str,
    dialog: &'static [Key],
    window: &'static [Key],
    answers: &'static [(&'static str, &'static str)],
    /// The person's own words are among the answers (Claude Code words its result apart).
    own_words: bool,
}

const CHOICES: [Choice; 6] = [
    Choice {
        name: "single",
        // jiff, then straight to Submit with the second question unanswered.
        dialog: &[DOWN, ENTER, RIGHT, ENTER],
        window: &[DOWN, DOWN, SUBMIT],
        answers: &[(DATES, "jiff")],
        own_words: false,
    },
    Choice {
        name: "several",
        dialog: &[RIGHT, ENTER, DOWN, DOWN, ENTER, RIGHT, ENTER],
        window: &[TAB, TAB, SPACE, TAB, TAB, SPACE, SUBMIT],
        answers: &[(PLATFORMS, "Linux, Windows")],
        own_words: false,
    },
    Choice {
        name: "free text",
        dialog: &[DOWN, DOWN, Key::Text("time, from std"), ENTER, RIGHT, ENTER],
        window: &[TAB, Key::Text("time, from std"), SUBMIT],
        answers: &[(DATES, "time, from std")],
        own_words: true,
    },
    Choice {
        name: "two questions",
        dialog: &[ENTER, DOWN, ENTER, RIGHT, ENTER],
        window: &[DOWN, TAB, TAB, TAB, SPACE, SUBMIT],
        answers: &[(DATES, "chrono"), (PLATFORMS, "macOS")],
        own_words: false,
    },
    Choice {
        name: "several and free text",
        // Typing in "Type something" ticks it; Down goes to the question's Submit.
        dialog: &[
            RIGHT,
            ENTER,
            DOWN,
            DOWN,
            DOWN,
            Key::Text("BSD"),
            DOWN,
            ENTER,
            ENTER,
        ],
        window: &[TAB, TAB, SPACE, TAB, TAB, TAB, Key::Text("BSD"), SUBMIT],
        answers: &[(PLATFORMS, "Linux, BSD")],
        own_words: true,
    },
    Choice {
        name: "nothing picked",
        // Straight to Claude Code's review, and its Submit; our Submit with nothing picked.
        dialog: &[RIGHT, RIGHT, ENTER],
        window: &[SUBMIT],
        answers: &[],
        own_words: false,
    },
];

impl Choice {
    /// The tool result Claude Code 2.1.332 hands the model for this choice.
    fn tool_result(&self) -> Value {
        let pairs: Vec<String> = self
            .answers
            .iter()
            .map(|(question, answer)| format!("\"{question}\"=\"{answer}\""))
            .collect();
        let pairs = pairs.join(", ");
        let content = if pairs.is_empty() {
            "The user did not answer the questions.".to_owned()
        } else if self.own_words {
            format!(
                "The user answered: {pairs}. Read the answers carefully — they may request clarification, changes, or that you not proceed — and follow what they actually say."
            )
        } else {
            format!(
                "Your questions have been answered: {pairs}. You can now continue with these answers in mind."
            )
        };
        json!({"content": content, "is_error": false})
    }
}

/// Each choice made in our window reaches the model as exactly what Claude Code's own dialog
/// hands it for the same choice, made on the terminal with no hook; with the hook, Claude
/// Code draws no dialog, and the hook ends in 0. Before issue 59 the hook answered nothing
/// for `AskUserQuestion`: Claude Code drew its dialog and no tool result came.
#[test]
fn a_choice_in_our_window_reaches_the_model_as_claude_code_s_own_dialog_gives_it() {
    let Some(setup) = Setup::or_skip("questions") else {
        return;
    };
    for choice in &CHOICES {
        let want = choice.tool_result();
        // Claude Code's own dialog.
        let run = setup.interactive(false);
        run.terminal.wait_for("Esc to cancel", &run.stand_in);
        for key in choice.dialog {
            run.terminal.press_in_dialog(*key);
        }
        let theirs = run.stand_in.tool_result();
        assert_eq!(theirs, want, "{}: Claude Code's own dialog", choice.name);
        // Our window, through the README's hook.
        let run = setup.interactive(true);
        setup.answer_window(&run, choice.window);
        let ours = run.stand_in.tool_result();
        assert_eq!(
            ours, theirs,
            "{}: our window, through the hook",
            choice.name
        );
        assert!(
            !run.terminal.text().contains(&compact("Esc to cancel")),
            "{}: Claude Code drew its own dialog too:\n{}",
            choice.name,
            run.terminal.text()
        );
        run.hook_ended_in_0(1);
    }
}

/// Cancel (Esc) in our window leaves the questions to Claude Code: its own dialog comes up on
/// the terminal, and what is chosen there reaches the model as always. The hook ends in 0
/// (an exit 2 would block the tool: the model would get an error instead of a dialog).
#[test]
fn cancel_in_our_window_falls_back_to_claude_code_s_own_dialog() {
    let Some(setup) = Setup::or_skip("cancel") else {
        return;
    };
    let run = setup.interactive(true);
    setup.answer_window(&run, &[Key::Named("", "Escape")]);
    run.terminal.wait_for("Esc to cancel", &run.stand_in);
    let choice = &CHOICES[0];
    for key in choice.dialog {
        run.terminal.press_in_dialog(*key);
    }
    assert_eq!(run.stand_in.tool_result(), choice.tool_result());
    run.hook_ended_in_0(1);
}

/// In print mode (`claude -p`) Claude Code offers `AskUserQuestion` only with a
/// permission-prompt tool set (`--permission-prompt-tool`, here an MCP server of the test's
/// own): the hook answers before that tool is asked, with the same tool result as in a
/// terminal; Cancel leaves the questions to that tool, as a dialog is left them in a terminal.
#[test]
fn in_print_mode_the_hook_answers_before_the_permission_prompt_tool() {
    let Some(setup) = Setup::or_skip("print") else {
        return;
    };
    if !tools_or_skip("the print-mode test's permission-prompt tool", &["python3"]) {
        return;
    }
    let two = &CHOICES[3];
    for (keys, want, asked) in [
        (two.window, two.tool_result(), false),
        (
            &[Key::Named("", "Escape")][..],
            json!({"content": PERMISSION_ANSWER, "is_error": true}),
            true,
        ),
    ] {
        let run = setup.print_mode();
        let title = setup.title();
        let mut claude = run.command(&setup, &title, None);
        without_terminal(&mut claude);
        claude.args([
            "-p",
            "Ask me two questions",
            "--mcp-config",
            &run.home.join("mcp.json").to_string_lossy(),
            "--permission-prompt-tool",
            "mcp__permission__approve",
        ]);
        let mut app = setup.x.spawn("claude -p", claude, Some(b""));
        setup.x.wait_for_window(&mut app, &title);
        setup.press_in_window(keys);
        let out = app.app.wait_output(CLAUDE_TIMEOUT);
        assert!(
            out.code == Some(0) && out.stdout.contains("Done."),
            "{}",
            out.describe()
        );
        assert_eq!(run.stand_in.tool_result(), want);
        let permission =
            std::fs::read_to_string(run.home.join("permission.log")).unwrap_or_default();
        assert_eq!(
            permission.contains("AskUserQuestion"),
            asked,
            "the permission-prompt tool's calls: {permission:?}"
        );
        run.hook_ended_in_0(1);
    }
}

// ---------------------------------------------------------------------------------------------
// The setup

/// Claude Code, an X server, and the README's settings.
struct Setup {
    claude: PathBuf,
    x: Xvfb,
    settings: String,
    name: &'static str,
}

static RUNS: AtomicU32 = AtomicU32::new(0);

impl Setup {
    /// `None` (after a skip) when Claude Code or the X tools are missing.
    fn or_skip(name: &'static str) -> Option<Self> {
        let claude = std::env::var_os("FORM_ELICITATION_TEST_CLAUDE").map_or_else(
            || root().join("target/claude-code/node_modules/.bin/claude"),
            PathBuf::from,
        );
        if !claude.is_file() {
            skip(
                &format!(
                    "the Claude Code tests need Claude Code ({PINNED}) at {}",
                    claude.display()
                ),
                "scripts/test (installs it into target/claude-code with npm), or set FORM_ELICITATION_TEST_CLAUDE",
            );
            return None;
        }
        let x = display_or_skip(&[])?;
        Some(Self {
            claude,
            x,
            settings: readme_settings(),
            name,
        })
    }

    /// A window title no other run uses; the hook reads it from `FORM_ELICITATION_TITLE`,
    /// which Claude Code passes on (the settings stay as the README gives them).
    fn title(&self) -> String {
        super::support::desktop::unique_title(&format!("claude-code-{}", self.name))
    }

    /// A fresh home, stand-in and folder for one run of Claude Code; with `hook`, the
    /// README's settings in it.
    fn run(&self, hook: bool) -> Run {
        let n = RUNS.fetch_add(1, Ordering::SeqCst);
        let home = std::env::temp_dir().join(format!(
            "form-elicitation-claude-code-{}-{}-{n}",
            self.name,
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&home);
        let project = home.join("project");
        let bin = home.join("bin");
        for dir in [&project, &bin, &home.join(".claude")] {
            std::fs::create_dir_all(dir).expect("a scratch directory");
        }
        place_binary(&bin.join("form-elicitation"));
        // What Claude Code's first run would ask: the theme, the key, trusting the folder.
        let key = "sk-ant-stand-in-0000000000000000";
        let project = project.canonicalize().expect("the project folder");
        let config = json!({
            "hasCompletedOnboarding": true,
            "theme": "dark",
            "customApiKeyResponses": {"approved": [&key[key.len() - 20..]], "rejected": []},
            "projects": {project.to_string_lossy(): {
                "hasTrustDialogAccepted": true,
                "hasCompletedProjectOnboarding": true,
            }},
        });
        std::fs::write(home.join(".claude.json"), config.to_string()).expect("write .claude.json");
        if hook {
            std::fs::write(home.join(".claude/settings.json"), &self.settings)
                .expect("write settings.json");
        }
        Run {
            stand_in: StandIn::start(),
            home,
            project,
            key,
        }
    }

    /// Claude Code in print mode, with a permission-prompt tool: an MCP server of the test's
    /// own that logs each call and denies it.
    fn print_mode(&self) -> Run {
        let run = self.run(true);
        let script = run.home.join("permission.py");
        std::fs::write(&script, PERMISSION_SERVER).expect("write the MCP server");
        let mcp = json!({"mcpServers": {"permission": {
            "command": "python3",
            "args": [script],
            "env": {"PERMISSION_LOG": run.home.join("permission.log")},
        }}});
        std::fs::write(run.home.join("mcp.json"), mcp.to_string()).expect("write mcp.json");
        run
    }

    /// Claude Code in a terminal, asked to ask, its window title (for the hook) chosen.
    fn interactive(&self, hook: bool) -> InteractiveRun {
        let run = self.run(hook);
        let title = self.title();
        let shown = ShownSignal::in_dir(&run.home);
        let mut claude = run.command(self, &title, Some(&shown));
        claude.arg("Ask me two questions");
        InteractiveRun {
            terminal: Terminal::start(claude),
            title,
            shown,
            run,
        }
    }

    /// Waits for our window (started by the hook), focuses it and presses `keys` in it.
    fn answer_window(&self, run: &InteractiveRun, keys: &[Key]) {
        let started = Instant::now();
        let window = loop {
            if let Some(id) = self.x.find_windows(&run.title).into_iter().next() {
                break id;
            }
            assert!(
                run.terminal.running() && started.elapsed() < CLAUDE_TIMEOUT,
                "no window titled {:?}; the terminal shows:\n{}\nthe model was sent:\n{:#?}",
                run.title,
                run.terminal.text(),
                run.stand_in.requests()
            );
            thread::sleep(Duration::from_millis(50));
        };
        let focus = run_tool(
            &self.x.display,
            "xdotool",
            &["windowfocus", "--sync", &window],
        );
        assert_eq!(focus.code, Some(0), "{}", focus.describe());
        run.shown
            .wait_while(|| run.terminal.running(), WINDOW_TIMEOUT);
        self.press_in_window(keys);
    }

    fn press_in_window(&self, keys: &[Key]) {
        for key in keys {
            match *key {
                Key::Named(_, name) => self.x.key(name),
                Key::Text(text) => self.x.type_text(text),
            }
        }
    }
}

/// The settings block of the README's Claude Code section, as a person would paste it; the
/// Claude Code page gives the same block.
fn readme_settings() -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let section = readme
        .split_once("### Claude Code")
        .expect("the README has a Claude Code section")
        .1;
    let block = section
        .split_once("```json\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("the Claude Code section has a JSON block")
        .0;
    assert!(
        block.contains("AskUserQuestion") && block.contains("Elicitation"),
        "the README's block is not the two hooks':\n{block}"
    );
    let page = std::fs::read_to_string(root().join("docs/claude-code.md")).expect("the page");
    assert!(
        page.contains(block),
        "docs/claude-code.md gives other settings than the README:\n{block}"
    );
    block.to_owned()
}

/// One run of Claude Code: its home, its stand-in model.
struct Run {
    stand_in: StandIn,
    home: PathBuf,
    project: PathBuf,
    key: &'static str,
}

impl Run {
    /// Claude Code started as a person starts it, in the project folder, with only what it
    /// needs in its environment: the stand-in's address and key, no update check or other
    /// traffic, the display, and for the hook's window its title and on-screen signal.
    /// `shown` is the window's on-screen signal, unless the harness that starts Claude Code
    /// gives its own.
    fn command(&self, setup: &Setup, title: &str, shown: Option<&ShownSignal>) -> Command {
        let mut claude = Command::new(&setup.claude);
        claude
            .current_dir(&self.project)
            .env_clear()
            .env("HOME", &self.home)
            .env(
                "PATH",
                format!("{}:/usr/bin:/bin", self.home.join("bin").display()),
            )
            .envs(ENGLISH)
            .env("TERM", "xterm-256color")
            .env("ANTHROPIC_BASE_URL", &self.stand_in.url)
            .env("ANTHROPIC_API_KEY", self.key)
            .env("DISABLE_AUTOUPDATER", "1")
            .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
            .env("DISPLAY", &setup.x.display)
            .env("FORM_ELICITATION_TITLE", title)
            .arg("--debug-file")
            .arg(self.home.join("debug.log"));
        if let Some(shown) = shown {
            let (signal, path) = shown.env();
            claude.env(signal, path);
        }
        claude
    }

    /// Claude Code's debug log says the hook ran `times` times, each ending in 0.
    fn hook_ended_in_0(&self, times: usize) {
        let log = std::fs::read_to_string(self.home.join("debug.log")).unwrap_or_default();
        let marker = "PreToolUse:AskUserQuestion [form-elicitation] finished with status ";
        let statuses: Vec<&str> = log
            .match_indices(marker)
            .filter_map(|(at, _)| log[at + marker.len()..].split_whitespace().next())
            .collect();
        assert_eq!(
            statuses,
            vec!["0"; times],
            "the hook's ends in Claude Code's log"
        );
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

/// An interactive run: Claude Code on its terminal.
struct InteractiveRun {
    // Declared first: Claude Code ends before its home goes.
    terminal: Terminal,
    title: String,
    shown: ShownSignal,
    run: Run,
}

impl std::ops::Deref for InteractiveRun {
    type Target = Run;
    fn deref(&self) -> &Run {
        &self.run
    }
}

// ---------------------------------------------------------------------------------------------
// Claude Code on a terminal

/// Claude Code on a 160×50 pseudo-terminal of its own, as in a terminal emulator: what it
/// shows is kept for [`Terminal::wait_for`].
struct Terminal {
    group: Mutex<Group>,
    master: Mutex<File>,
    shown: Arc<Mutex<Vec<u8>>>,
}

/// Text as [`Terminal::text`] compares it: Claude Code moves the cursor over spaces.
fn compact(text: &str) -> String {
    text.split_whitespace().collect()
}

impl Terminal {
    fn start(mut command: Command) -> Self {
        let (master, slave) = open_pty_sized(50, 160).expect("a pseudo-terminal");
        controlled_by(&mut command, &slave);
        let end = |fd: &std::os::fd::OwnedFd| Stdio::from(fd.try_clone().expect("dup the pty"));
        command
            .stdin(end(&slave))
            .stdout(end(&slave))
            .stderr(end(&slave));
        let group = Group::spawn("claude", &mut command);
        drop(command);
        drop(slave);
        let master = File::from(master);
        let shown: Arc<Mutex<Vec<u8>>> = Arc::default();
        let mut reader = master.try_clone().expect("dup the pty master");
        let into = Arc::clone(&shown);
        thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            // Ends with an error (EIO) once Claude Code and its terminal side are gone.
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                into.lock()
                    .expect("screen lock")
                    .extend_from_slice(&chunk[..n]);
            }
        });
        Self {
            group: Mutex::new(group),
            master: Mutex::new(master),
            shown,
        }
    }

    fn running(&self) -> bool {
        self.group.lock().expect("group lock").running()
    }

    /// What it has shown, escape sequences and white space removed.
    fn text(&self) -> String {
        compact(&shown_text(&self.shown.lock().expect("screen lock")))
    }

    fn len(&self) -> usize {
        self.shown.lock().expect("screen lock").len()
    }

    /// Waits until it has shown `needle`.
    fn wait_for(&self, needle: &str, stand_in: &StandIn) {
        let started = Instant::now();
        while !self.text().contains(&compact(needle)) {
            assert!(
                self.running() && started.elapsed() < CLAUDE_TIMEOUT,
                "Claude Code never showed {needle:?}; it shows:\n{}\nthe model was sent:\n{:#?}",
                self.text(),
                stand_in.requests()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Presses `key` in Claude Code's dialog, then waits until it has drawn what the key did
    /// (its output grew, then stayed still for a moment): the dialog reads each key against
    /// what it shows, so the next key waits for it.
    fn press_in_dialog(&self, key: Key) {
        let bytes = match key {
            Key::Named(bytes, _) => bytes,
            Key::Text(text) => text,
        };
        assert!(!bytes.is_empty(), "a key the dialog has no use for");
        let before = self.len();
        self.master
            .lock()
            .expect("master lock")
            .write_all(bytes.as_bytes())
            .expect("type into the terminal");
        let started = Instant::now();
        while self.len() == before {
            assert!(
                started.elapsed() < CLAUDE_TIMEOUT,
                "Claude Code drew nothing for {bytes:?}; it shows:\n{}",
                self.text()
            );
            thread::sleep(Duration::from_millis(10));
        }
        let mut last = self.len();
        let mut still = Instant::now();
        while still.elapsed() < Duration::from_millis(150) && started.elapsed() < CLAUDE_TIMEOUT {
            thread::sleep(Duration::from_millis(10));
            let now = self.len();
            if now != last {
                (last, still) = (now, Instant::now());
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The stand-in model

/// A stand-in of the Anthropic Messages API on 127.0.0.1: `POST /v1/messages` (streamed as
/// server-sent events, or not), calling `AskUserQuestion` with [`QUESTIONS`] whenever the
/// tool is offered and the last thing said is not its result, else saying "Done.". Keeps
/// every request's body.
struct StandIn {
    url: String,
    requests: Arc<Mutex<Vec<Value>>>,
}

impl StandIn {
    fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let url = format!("http://{}", listener.local_addr().expect("its address"));
        let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
        let kept = Arc::clone(&requests);
        // Lives as long as the test process; each run has its own port.
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let kept = Arc::clone(&kept);
                thread::spawn(move || {
                    let _ = answer(stream, &kept);
                });
            }
        });
        Self { url, requests }
    }

    fn requests(&self) -> Vec<Value> {
        self.requests.lock().expect("requests lock").clone()
    }

    /// The result of the stand-in's `AskUserQuestion` call as the model gets it (its
    /// `content` and `is_error`), once Claude Code has sent it.
    fn tool_result(&self) -> Value {
        let started = Instant::now();
        loop {
            let found = self.requests().iter().find_map(|request| {
                request["messages"].as_array()?.iter().find_map(|message| {
                    message["content"].as_array()?.iter().find_map(|block| {
                        (block["type"] == "tool_result"
                            && block["tool_use_id"]
                                .as_str()
                                .is_some_and(|id| id.starts_with("toolu_stand_in_")))
                        .then(|| {
                            json!({
                                "content": block["content"],
                                "is_error": block["is_error"].as_bool().unwrap_or(false),
                            })
                        })
                    })
                })
            });
            if let Some(result) = found {
                return result;
            }
            assert!(
                started.elapsed() < CLAUDE_TIMEOUT,
                "no tool result reached the model; it was sent:\n{:#?}",
                self.requests()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Reads one HTTP request from `stream` and answers it, then closes the connection.
fn answer(stream: TcpStream, requests: &Mutex<Vec<Value>>) -> std::io::Result<()> {
    stream.set_read_timeout(Some(CLAUDE_TIMEOUT))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let path = line.split_whitespace().nth(1).unwrap_or("").to_owned();
    let (mut length, mut chunked) = (0, false);
    loop {
        line.clear();
        reader.read_line(&mut line)?;
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').unwrap_or((header, ""));
        match name.to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse().unwrap_or(0),
            "transfer-encoding" => chunked = value.to_ascii_lowercase().contains("chunked"),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            line.clear();
            reader.read_line(&mut line)?;
            let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or("0"), 16)
                .unwrap_or(0);
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk)?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else {
        body.resize(length, 0);
        reader.read_exact(&mut body)?;
    }
    let mut out = stream;
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    if !path.starts_with("/v1/messages") || path.contains("count_tokens") {
        let reply = r#"{"input_tokens":10}"#;
        return write!(
            out,
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
            reply.len()
        );
    }
    let n = {
        let mut kept = requests.lock().expect("requests lock");
        kept.push(request.clone());
        kept.len()
    };
    let offered = request["tools"]
        .as_array()
        .is_some_and(|tools| tools.iter().any(|t| t["name"] == "AskUserQuestion"));
    let last_is_result = request["messages"]
        .as_array()
        .and_then(|messages| messages.last())
        .and_then(|message| message["content"].as_array()?.last().cloned())
        .is_some_and(|block| block["type"] == "tool_result");
    let (content, stop) = if offered && !last_is_result {
        let questions: Value = serde_json::from_str(QUESTIONS).expect("the questions");
        let id = format!("toolu_stand_in_{n}");
        (
            json!([{"type": "tool_use", "id": id, "name": "AskUserQuestion", "input": {"questions": questions}}]),
            "tool_use",
        )
    } else {
        (json!([{"type": "text", "text": "Done."}]), "end_turn")
    };
    let usage = json!({"input_tokens": 10, "output_tokens": 5});
    if request["stream"] != true {
        let reply = json!({"id": "msg_stand_in", "type": "message", "role": "assistant",
            "model": request["model"], "content": content, "stop_reason": stop,
            "stop_sequence": null, "usage": usage})
        .to_string();
        return write!(
            out,
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
            reply.len()
        );
    }
    let mut events = vec![
        json!({"type": "message_start", "message": {"id": "msg_stand_in",
        "type": "message", "role": "assistant", "model": request["model"], "content": [],
        "stop_reason": null, "stop_sequence": null, "usage": usage}}),
    ];
    for (index, block) in content.as_array().into_iter().flatten().enumerate() {
        let (start, delta) = if block["type"] == "tool_use" {
            (
                json!({"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}),
                json!({"type": "input_json_delta", "partial_json": block["input"].to_string()}),
            )
        } else {
            (
                json!({"type": "text", "text": ""}),
                json!({"type": "text_delta", "text": block["text"]}),
            )
        };
        events.push(json!({"type": "content_block_start", "index": index, "content_block": start}));
        events.push(json!({"type": "content_block_delta", "index": index, "delta": delta}));
        events.push(json!({"type": "content_block_stop", "index": index}));
    }
    events.push(
        json!({"type": "message_delta", "delta": {"stop_reason": stop,
        "stop_sequence": null}, "usage": {"output_tokens": 5}}),
    );
    events.push(json!({"type": "message_stop"}));
    let mut reply = String::from(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
    );
    for event in events {
        reply.push_str(&format!(
            "event: {}\ndata: {event}\n\n",
            event["type"].as_str().unwrap_or("")
        ));
    }
    out.write_all(reply.as_bytes())
}

/// What the permission-prompt tool answers (a deny, which the model reads as an error).
const PERMISSION_ANSWER: &str = "the permission-prompt tool was asked";

/// The print-mode test's permission-prompt tool: a stdio MCP server with one tool, `approve`,
/// that logs each call to `$PERMISSION_LOG` and denies it.
const PERMISSION_SERVER: &str = r#"import json, os, sys
for line in sys.stdin:
    try:
        msg = json.loads(line)
    except ValueError:
        continue
    if "id" not in msg:
        continue
    method, result = msg.get("method"), {}
    if method == "initialize":
        result = {"protocolVersion": msg["params"].get("protocolVersion", "2025-06-18"),
                  "capabilities": {"tools": {}}, "serverInfo": {"name": "permission", "version": "1"}}
    elif method == "tools/list":
        result = {"tools": [{"name": "approve", "description": "Asks the person.",
                             "inputSchema": {"type": "object", "properties": {
                                 "tool_name": {"type": "string"}, "input": {"type": "object"},
                                 "tool_use_id": {"type": "string"}}}}]}
    elif method == "tools/call":
        with open(os.environ["PERMISSION_LOG"], "a") as log:
            log.write(json.dumps(msg["params"]) + "\n")
        result = {"content": [{"type": "text", "text": json.dumps(
            {"behavior": "deny", "message": "the permission-prompt tool was asked"})}]}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}) + "\n")
    sys.stdout.flush()
"#;

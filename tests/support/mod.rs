//! What the test modules share: the binary's path and environment, the process harness
//! ([`process`]), the X11 and Wayland harnesses behind one interface ([`desktop`], [`xvfb`],
//! [`sway`]), the temporary folders ([`temp`]), the kittest helpers ([`kittest`]), the
//! request fixtures, and the independent validator.

pub mod desktop;
pub mod kittest;
pub mod process;
pub mod pty;
pub mod sway;
pub mod temp;
pub mod xvfb;

use std::io::Write as _;
use std::path::{Path, PathBuf};

use form_elicitation::model::request::Envelope;
use serde_json::Value;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_form-elicitation");

/// The environment that makes the binary speak English whatever the machine's locale, so
/// the tests can read its words (tests of other languages set their own).
pub const ENGLISH: [(&str, &str); 4] = [
    ("LC_ALL", "C.UTF-8"),
    ("LC_MESSAGES", "C.UTF-8"),
    ("LANG", "C.UTF-8"),
    ("LANGUAGE", ""),
];

/// A sign-up form (two text fields and a checkbox) for the tests that type it in one burst, as
/// a password manager's auto-type does, and the answer that burst must give.
pub const BURST_REQUEST: &str = r#"{"message":"Sign up","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"Name"},"email":{"type":"string","title":"Email","format":"email"},"news":{"type":"boolean","title":"Newsletter"}},"required":["name","email"]}}"#;
/// What `Ada Lovelace⇥ada@example.org⇥ ⏎` answers to [`BURST_REQUEST`].
pub const BURST_ANSWER: &str = r#"{"action":"accept","content":{"name":"Ada Lovelace","email":"ada@example.org","news":true}}"#;

/// The `requestedSchema` a request's bytes carry, exactly as written: at the top of bare
/// params (or `requested_schema` in Claude Code's hook input), or under `params`. The program
/// keeps only the form it made of it; the tests' validators want the schema itself.
pub fn requested_schema(bytes: &[u8]) -> Option<Value> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let value: Value = serde_json::from_slice(bytes).ok()?;
    // Where the program reads the params: under "params" in a JSON-RPC or input request only
    // (a bare request may carry a "params" key of its own, which means nothing).
    let params = match form_elicitation::model::request::envelope_of(&value) {
        Envelope::JsonRpc { .. } | Envelope::InputRequest => value.get("params")?,
        Envelope::Bare | Envelope::ClaudeCodeHook { .. } | Envelope::ClaudeCodeQuestions { .. } => {
            &value
        }
    };
    ["requestedSchema", "requested_schema"]
        .iter()
        .find_map(|key| params.get(key))
        .cloned()
}

/// Writes `text` to `path` as an executable (mode 755), from a child process of its own.
///
/// Written from this process, the file would be open for writing in it for a moment, and a
/// child that another test's thread forks in that moment inherits the open file until it
/// execs: running the file then fails with "Text file busy" (ETXTBSY). A file another process
/// wrote never is open here.
pub fn write_executable(path: &Path, text: &str) {
    in_a_child(
        std::process::Command::new("/bin/sh")
            .args([
                "-c",
                "printf '%s' \"$1\" > \"$2\" && chmod 755 \"$2\"",
                "sh",
                text,
            ])
            .arg(path),
        path,
    );
}

/// The binary under test at `to`, runnable: a hard link where the file systems allow it,
/// otherwise a copy made by a child process, for the reason [`write_executable`] gives.
pub fn place_binary(to: &Path) {
    if std::fs::hard_link(BIN, to).is_err() {
        in_a_child(std::process::Command::new("cp").arg(BIN).arg(to), to);
    }
}

/// Runs `command`, which makes `made`, and panics unless it succeeded.
fn in_a_child(command: &mut std::process::Command, made: &Path) {
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("{}: {e}", made.display()));
    assert!(status.success(), "{}: {status}", made.display());
}

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `.json` files directly in each of `dirs` (relative to the repository root), sorted.
pub fn json_files(dirs: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        files.extend(
            entries
                .map(|e| e.expect("directory entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "json")),
        );
    }
    files.sort();
    files
}

/// The independent oracle: a JSON Schema validator with format checks on.
pub fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::options()
        .should_validate_formats(true)
        .build(schema)
        .unwrap_or_else(|e| panic!("the validator refuses {schema}: {e}"))
}

/// Ends a test that cannot run here for want of something, `reason`, that `fix` (a command a
/// person can run, such as `apt-get install xvfb`) provides: fails it under
/// `FORM_ELICITATION_E2E=require` (CI, where every end-to-end test must run), else lets it
/// pass and tells. Under `scripts/test` (which names a log in [`SKIP_LOG`]) the skip is
/// appended to that log, from which the script prints one summary at the end of the run;
/// under a bare `cargo test` it is one line on stderr.
pub fn skip(reason: &str, fix: &str) {
    if std::env::var("FORM_ELICITATION_E2E").as_deref() == Ok("require") {
        panic!("{reason}; fix: {fix} (FORM_ELICITATION_E2E=require)");
    }
    let logged = std::env::var_os(SKIP_LOG).is_some_and(|log| {
        let test = std::thread::current().name().unwrap_or("?").to_owned();
        record_skip(Path::new(&log), &test, reason, fix).is_ok()
    });
    if !logged {
        // Straight to the process's stderr: `eprintln!` would be swallowed by the test
        // harness's output capture of passing tests, and a skip must not go unnoticed.
        let _ = writeln!(std::io::stderr(), "SKIPPED: {reason} (fix: {fix})");
    }
}

/// The variable that names the skip log `scripts/test` summarises.
pub const SKIP_LOG: &str = "FORM_ELICITATION_TEST_SKIP_LOG";

/// Appends one skip to `log` as a line of three tab-separated fields: the test, the reason,
/// the fix (tabs and line breaks inside them become spaces). One `write` of the whole line on
/// a file opened for appending, so the lines of tests skipping at once do not mix.
pub fn record_skip(log: &Path, test: &str, reason: &str, fix: &str) -> std::io::Result<()> {
    let field = |text: &str| text.replace(['\t', '\n', '\r'], " ");
    let line = format!("{}\t{}\t{}\n", field(test), field(reason), field(fix));
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)?
        .write_all(line.as_bytes())
}

/// The fix for missing Debian `packages`: the `apt-get install` line (as root).
pub fn apt_install(packages: &[&str]) -> String {
    format!("apt-get install {}", packages.join(" "))
}

/// The Debian package that installs `tool`, for a skip's fix.
pub fn package_of(tool: &str) -> &str {
    match tool {
        "Xvfb" => "xvfb",
        "xwd" => "x11-apps",
        "xprop" => "x11-utils",
        "sway" | "swaymsg" => "sway",
        "bwrap" => "bubblewrap",
        "localedef" => "locales",
        "sh" => "dash",
        // the one test that starts fcitx5 wants its Hangul engine
        "fcitx5" => "fcitx5 fcitx5-hangul",
        "systemd-socket-activate" => "systemd",
        "setpriv" => "util-linux",
        "dbus-run-session" => "dbus",
        "gdbus" => "libglib2.0-bin",
        "dunstctl" => "dunst",
        "dbus-daemon" => "dbus",
        "busctl" => "systemd",
        "kwalletd5" => "libkf5wallet-bin",
        "gnome-keyring-daemon" => "gnome-keyring",
        "secret-tool" => "libsecret-tools",
        "node" => "nodejs",
        // xdotool, xclip, fcitx5, wtype, grim, python3, ...: named as their package
        other => other,
    }
}

/// Whether every one of `tools` is on PATH; when some are not, [`skip`]s (`what` says which
/// tests need them) with the `apt-get install` of the packages that have the missing ones.
pub fn tools_or_skip(what: &str, tools: &[&str]) -> bool {
    let missing: Vec<&str> = tools.iter().copied().filter(|t| !on_path(t)).collect();
    if missing.is_empty() {
        return true;
    }
    let mut packages: Vec<&str> = missing.iter().map(|t| package_of(t)).collect();
    packages.dedup();
    skip(
        &format!("{what} need {}", missing.join(", ")),
        &apt_install(&packages),
    );
    false
}

/// The unprivileged test user ([`sway::USER`]), or `None` after a skip that says `what`
/// needs it and gives the `useradd` that makes it.
pub fn test_user_or_skip(what: &str) -> Option<sway::Account> {
    let account = sway::Account::of(sway::USER);
    if account.is_none() {
        skip(&format!("{what} needs the user {:?}", sway::USER), USERADD);
    }
    account
}

/// The fix for a missing test user [`sway::USER`]: the `useradd` `.ci/run` runs (as root).
pub const USERADD: &str = "useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin form-elicitation-e2e";

/// Whether `tool` is an executable file in a directory on PATH.
pub fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
}

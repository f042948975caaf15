//! The README's Codex configuration, run by the real Codex CLI (issue 55's "Done when"): the
//! `[mcp_servers.NAME]` block is read from README.md and pasted into a `config.toml` of the
//! test's own, `codex exec` runs headless against a stand-in for the OpenAI Responses API
//! (`tests/proxy/codex_model.py`), the stand-in has the model call `ask_name` of
//! `tests/proxy/server.py`, our form is answered with xdotool under Xvfb, and the tool's
//! result as Codex hands it back to the model is checked.
//!
//! Codex is `@openai/codex` at [`CODEX_VERSION`], from npm (its native binary comes in the
//! registry package `@openai/codex-linux-x64`); `scripts/test` installs it into
//! `target/codex`. Without it the test skips (a failure under `FORM_ELICITATION_E2E=require`).

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::harness::*;
use crate::support::desktop::ANSWER_TIMEOUT;
use crate::support::process::{Output, Running, without_terminal};
use crate::support::temp::TempDir;
use crate::support::xvfb::Xvfb;
use crate::support::{BIN, ENGLISH, root, skip};

/// The Codex CLI this test runs (the README's Codex row names it); `scripts/test` pins it.
const CODEX_VERSION: &str = "0.169.1";

/// The Codex CLI at [`CODEX_VERSION`], or `None` after the skip.
fn codex_or_skip() -> Option<PathBuf> {
    let codex = root().join("target/codex/node_modules/.bin/codex");
    let version = Command::new(&codex)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned());
    if version.as_deref() == Some(&format!("codex-cli {CODEX_VERSION}")) {
        return Some(codex);
    }
    skip(
        &format!(
            "the Codex test needs @openai/codex@{CODEX_VERSION} at {} (found: {})",
            codex.display(),
            version.as_deref().unwrap_or("none")
        ),
        NODE_FIX,
    );
    None
}

/// The README's TOML block for Codex, as written: the one that holds `[mcp_servers.`.
fn readme_codex_block() -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    readme
        .split("```toml\n")
        .skip(1)
        .filter_map(|rest| rest.split_once("```").map(|(block, _)| block))
        .find(|block| block.contains("[mcp_servers."))
        .expect("the README has a ```toml block with [mcp_servers.NAME]")
        .to_owned()
}

/// `block` with `from` replaced by `to`, which must occur exactly once: a README whose block
/// changed shape fails here, by name, instead of running something else.
fn replace_once(block: &str, from: &str, to: &str) -> String {
    assert_eq!(
        block.matches(from).count(),
        1,
        "the README's Codex block should hold {from:?} once:\n{block}"
    );
    block.replace(from, to)
}

/// A TOML basic string (JSON's escapes are TOML's).
fn toml_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string")
}

/// The stand-in model API on 127.0.0.1, each request's body appended to its log; stopped on
/// drop.
struct Model {
    _server: Running,
    port: u16,
    log: PathBuf,
}

impl Model {
    fn start(python: &Path, dir: &Path) -> Model {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let log = dir.join("model.log");
        let mut command = Command::new(python);
        command
            .arg(root().join("tests/proxy/codex_model.py"))
            .arg(port.to_string())
            .arg(&log);
        let mut server = Running::spawn("the stand-in model", command, None);
        let deadline = Instant::now() + SESSION_TIMEOUT;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                server.running() && Instant::now() < deadline,
                "the stand-in model did not listen:\n{}",
                server.stop().describe()
            );
            thread::sleep(Duration::from_millis(50));
        }
        Model {
            _server: server,
            port,
            log,
        }
    }

    /// The requests Codex sent, in order.
    fn requests(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(|line| serde_json::from_str(line).expect("a logged request"))
            .collect()
    }
}

/// The README's block with what names this machine replaced: the binary's path for
/// `form-elicitation`, Python and the test server for `uvx weather-server`. Its `env` line
/// is left as written, for the caller.
fn readme_block_here(python: &Path) -> String {
    let block = replace_once(
        &readme_codex_block(),
        r#"command = "form-elicitation""#,
        &format!("command = {}", toml_string(BIN)),
    );
    let server = format!(
        "{}, {}",
        toml_string(&python.to_string_lossy()),
        toml_string(&root().join("tests/proxy/server.py").to_string_lossy())
    );
    replace_once(&block, r#""uvx", "weather-server""#, &server)
}

/// The README's `env` line.
const ENV_LINE: &str = "env = { DISPLAY = \":0\" }\n";

/// Writes `~/.codex/config.toml` for `home`: the stand-in model and `codex exec`'s settings,
/// then `block` (the README's), then three lines headless Codex needs, each said why.
fn write_config(home: &Path, model: &Model, block: &str) {
    let config = format!(
        r#"model = "stand-in"
model_provider = "stand-in"
approval_policy = "never"
sandbox_mode = "read-only"

[model_providers.stand-in]
name = "stand-in"
base_url = "http://127.0.0.1:{port}/v1"
wire_api = "responses"

{block}# Below: for `codex exec` and this test, not the README's.
# `codex exec` cannot ask before an MCP tool call ("requires approval, but approval policy is never").
default_tools_approval_mode = "approve"
# Else `codex exec`'s first turn may start before the server's tools are listed (5 of 21 runs here).
required = true
# The test's on-screen signal, which tells when the window takes keys.
env_vars = ["FORM_ELICITATION_TEST_SHOWN_FILE"]
"#,
        port = model.port
    );
    let codex_home = home.join(".codex");
    std::fs::create_dir_all(&codex_home).expect("~/.codex");
    std::fs::write(codex_home.join("config.toml"), config).expect("config.toml");
}

/// `codex exec` asked to ask for a name, as `command` starts it (`codex`, or a wrapper in
/// front of it), on `x`: our form is answered "Ada", then Codex's output is checked for the
/// proxy's line of why, and the model's log for the tool's result, which must be exactly
/// the server's `hello Ada`. Returns Codex's output.
fn run_and_answer(x: &Xvfb, mut command: Command, home: &Path, model: &Model) -> Output {
    command
        .args(["exec", "--skip-git-repo-check", "Ask for my name."])
        .current_dir(home)
        .env("HOME", home)
        .env("CODEX_HOME", home.join(".codex"))
        // Codex logs its servers' stderr at info: the proxy's lines.
        .env("RUST_LOG", "codex_rmcp_client=info")
        .envs(ENGLISH);
    without_terminal(&mut command);
    let mut shown = x.spawn("codex exec", command, None);
    // The proxy's form for the server named in its initialize, asked by the command it runs.
    x.wait_for_window(&mut shown, "proxy-test-server .* asks");
    x.type_text("Ada");
    x.key("Return");
    let out = shown.app.wait_output(SESSION_TIMEOUT + ANSWER_TIMEOUT);
    assert_eq!(out.code, Some(0), "codex exec failed:\n{}", out.describe());
    assert!(
        out.stderr.contains(
            "codex-mcp-client 0.169.1 declares forms but does not show their fields: answering here"
        ),
        "the proxy did not say why it answers Codex's forms:\n{}",
        out.describe()
    );

    // What the model is handed for the tool call: Codex's text around the tool's result,
    // whose last line is the result as the server returned it.
    let outputs: Vec<String> = model
        .requests()
        .iter()
        .flat_map(|request| request["input"].as_array().cloned().unwrap_or_default())
        .filter(|item| item["type"] == "function_call_output")
        .map(|item| item["output"].as_str().unwrap_or_default().to_owned())
        .collect();
    let [output] = outputs.as_slice() else {
        panic!(
            "the model should get one tool result, got {outputs:?}\n{}",
            out.describe()
        );
    };
    let result: Value = output
        .lines()
        .last()
        .and_then(|line| serde_json::from_str(line).ok())
        .unwrap_or_else(|| panic!("no JSON result in {output:?}"));
    assert_eq!(result, json!({"result": "hello Ada"}), "{output:?}");
    out
}

/// Issue 55: Codex 0.169.1 declares forms and `codex exec` declines each one, so with the
/// proxy trusting the declaration (`--intercept declared`, the `auto` of before) no window
/// opens and this test fails waiting for it; the server would get `decline`. Now the README's
/// block, pasted as written (its `:0` the Xvfb's display), shows our form, and what was typed
/// reaches the server exactly: the model is handed `{"result":"hello Ada"}`.
#[test]
fn the_readme_s_codex_block_shows_our_form_to_the_real_codex() {
    let Some(codex) = codex_or_skip() else {
        return;
    };
    let Some((x, python)) = setup() else {
        return;
    };
    let home = TempDir::new("codex-env");
    let model = Model::start(&python, home.path());
    let block = replace_once(
        &readme_block_here(&python),
        ENV_LINE,
        &format!("env = {{ DISPLAY = {} }}\n", toml_string(&x.display)),
    );
    write_config(home.path(), &model, &block);
    run_and_answer(&x, Command::new(&codex), home.path(), &model);
}

/// The README's other way for Codex: the block without its `env` line, and serve running on
/// the desktop at its default place. Codex starts the proxy with neither `DISPLAY` (though
/// Codex itself has one: its allow-list drops it) nor `XDG_RUNTIME_DIR`, so the proxy finds
/// serve's socket in `/run/user/UID` and the form is shown by serve. Without the socket the
/// proxy would have no display and the tool call would fail (no window: the test fails).
///
/// `/run/user` is a tmpfs of this test's own, in a mount namespace of its own (`unshare
/// --mount`, as root), so that no other test's helper, run as root, finds this serve.
#[test]
fn the_readme_s_codex_block_without_env_reaches_serve() {
    let Some(codex) = codex_or_skip() else {
        return;
    };
    let own_mounts = rustix::process::geteuid().is_root()
        && Command::new("unshare")
            .args(["--mount", "true"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    if !own_mounts {
        skip(
            "the Codex test with serve runs as root with `unshare --mount` (a /run/user of its own)",
            "run the tests as root, as .ci/run does",
        );
        return;
    }
    let Some((x, python)) = setup() else {
        return;
    };
    let home = TempDir::new("codex-serve");
    let model = Model::start(&python, home.path());
    let block = replace_once(&readme_block_here(&python), ENV_LINE, "");
    write_config(home.path(), &model, &block);

    // serve with the display, its output in a file (so that Codex's pipes close when Codex
    // ends), then Codex, then serve is stopped.
    let script = r#"set -e
mkdir -p /run/user
mount -t tmpfs -o mode=755 tmpfs /run/user
runtime=/run/user/$(id -u)
mkdir -m 700 "$runtime"
XDG_RUNTIME_DIR=$runtime "$1" serve >"$2" 2>&1 &
serve=$!
while [ ! -S "$runtime/form-elicitation/socket" ]; do
  kill -0 "$serve"
  sleep 0.05
done
shift 2
set +e
"$@"
status=$?
kill "$serve"
exit "$status"
"#;
    let mut command = Command::new("unshare");
    command
        .args([
            "--mount",
            "--propagation",
            "private",
            "sh",
            "-c",
            script,
            "sh",
        ])
        .arg(BIN)
        .arg(home.path().join("serve.log"))
        .arg(&codex);
    let out = run_and_answer(&x, command, home.path(), &model);
    assert!(
        out.stderr
            .contains("using the desktop session's: serve's socket /run/user/"),
        "the proxy did not find serve:\n{}\nserve:\n{}",
        out.describe(),
        std::fs::read_to_string(home.path().join("serve.log")).unwrap_or_default()
    );
}

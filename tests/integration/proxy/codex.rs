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
use crate::support::process::{Running, without_terminal};
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

/// A folder of the test's own, removed on drop.
struct Dir(PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `~/.codex/config.toml` for `home`: the stand-in model, `codex exec`'s settings, then the
/// README's block pasted as written, where only what names this machine is replaced (the
/// binary's path, the test server for `uvx weather-server`, the Xvfb's display for `:0`),
/// and three lines headless Codex needs, each said why.
fn write_config(home: &Path, model: &Model, x: &Xvfb, python: &Path) {
    let block = readme_codex_block();
    let block = replace_once(
        &block,
        r#"command = "form-elicitation""#,
        &format!("command = {}", toml_string(BIN)),
    );
    let server = format!(
        "{}, {}",
        toml_string(&python.to_string_lossy()),
        toml_string(&root().join("tests/proxy/server.py").to_string_lossy())
    );
    let block = replace_once(&block, r#""uvx", "weather-server""#, &server);
    let block = replace_once(
        &block,
        r#"DISPLAY = ":0""#,
        &format!("DISPLAY = {}", toml_string(&x.display)),
    );
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

/// Issue 55: Codex 0.169.1 declares forms and `codex exec` declines each one, so with the
/// proxy trusting the declaration (`--intercept declared`, the `auto` of before) no window
/// opens and this test fails waiting for it; the server would get `decline`. Now the README's
/// block, pasted as written, shows our form, and what was typed reaches the server exactly:
/// the model is handed `{"result":"hello Ada"}`.
#[test]
fn the_readme_s_codex_block_shows_our_form_to_the_real_codex() {
    let Some(codex) = codex_or_skip() else {
        return;
    };
    let Some((x, python)) = setup() else {
        return;
    };
    let home = std::env::temp_dir().join(format!("fe-codex-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).expect("a home for Codex");
    let home = Dir(home);
    let model = Model::start(&python, &home.0);
    write_config(&home.0, &model, &x, &python);

    let mut command = Command::new(&codex);
    command
        .args(["exec", "--skip-git-repo-check", "Ask for my name."])
        .current_dir(&home.0)
        .env("HOME", &home.0)
        .env("CODEX_HOME", home.0.join(".codex"))
        // Codex logs its servers' stderr at info: the proxy's one line of why.
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
}

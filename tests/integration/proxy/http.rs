//! `form-elicitation proxy --url`: the MCP reference server
//! (`@modelcontextprotocol/server-everything`, its `streamableHttp` transport, on a free port)
//! reached through the proxy by the official TypeScript SDK's stdio client
//! (`tests/proxy/http_client.cjs`). The server package is looked for in the `node_modules`
//! directories of `FORM_ELICITATION_TEST_NODE_PATH` (a `:`-separated list, as `NODE_PATH`).

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::harness::*;
use crate::support::desktop::unique_title;
use crate::support::process::without_terminal;
use crate::support::xvfb::display_or_skip;
use crate::support::{BIN, ENGLISH, root};

/// The reference server, killed when dropped.
struct Everything {
    child: Child,
    url: String,
}

impl Drop for Everything {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the reference server on a free port, or `None` after the loud skip.
fn everything(modules: &std::ffi::OsStr) -> Option<Everything> {
    let index = std::env::split_paths(modules)
        .map(|dir| dir.join("@modelcontextprotocol/server-everything/dist/index.js"))
        .find(|index| index.exists());
    let Some(index) = index else {
        let message = "SKIPPED: the HTTP proxy tests need @modelcontextprotocol/server-everything in FORM_ELICITATION_TEST_NODE_PATH";
        if std::env::var("FORM_ELICITATION_E2E").as_deref() == Ok("require") {
            panic!("{message} (FORM_ELICITATION_E2E=require)");
        }
        eprintln!("{message}");
        return None;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new("node")
        .arg(&index)
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("node starts");
    let server = Everything {
        child,
        url: format!("http://127.0.0.1:{port}/mcp"),
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "the reference server did not listen"
        );
        thread::sleep(Duration::from_millis(50));
    }
    Some(server)
}

fn node_path() -> Option<PathBuf> {
    node_modules_or_skip()
}

/// The client's command: `tool` called through `proxy --url`.
fn client_command(
    modules: &PathBuf,
    url: &str,
    tool: &str,
    arguments: &str,
    mode: &str,
) -> Command {
    let mut command = Command::new("node");
    command
        .arg(root().join("tests/proxy/http_client.cjs"))
        .arg(BIN)
        .arg(url)
        .arg(tool)
        .arg(arguments)
        .arg(mode)
        .env("NODE_PATH", modules)
        .envs(ENGLISH);
    without_terminal(&mut command);
    command
}

fn run_client(mut command: Command) -> Value {
    let out = command.output().expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the client failed: {stdout}\n{stderr}"
    );
    serde_json::from_str(stdout.lines().last().unwrap_or_default())
        .unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\n{stderr}"))
}

/// A tool with no form passes through the HTTP transport.
#[test]
fn the_reference_servers_echo_passes_through() {
    let Some(modules) = node_path() else {
        return;
    };
    let Some(server) = everything(modules.as_os_str()) else {
        return;
    };
    let command = client_command(
        &modules,
        &server.url,
        "echo",
        r#"{"message":"über 🦀"}"#,
        "",
    );
    let result = run_client(command);
    assert_eq!(result["text"], "Echo: über 🦀", "{result}");
}

/// The server's `elicitation/create` arrives on the call's SSE stream, reaches a client that
/// answers forms itself (`--intercept auto`), and its answer is POSTed back.
#[test]
fn a_server_request_on_the_stream_is_answered_by_post() {
    let Some(modules) = node_path() else {
        return;
    };
    let Some(server) = everything(modules.as_os_str()) else {
        return;
    };
    let command = client_command(
        &modules,
        &server.url,
        "trigger-elicitation-request",
        "{}",
        "callback",
    );
    let result = run_client(command);
    let text = result["text"].as_str().unwrap_or_default();
    assert!(text.contains("Name: from the client"), "{result}");
}

/// A URL where nothing listens: the client's call gets one clear error, not a hang.
#[test]
fn a_server_that_is_not_there_is_a_clear_error() {
    let Some(modules) = node_path() else {
        return;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let url = format!("http://127.0.0.1:{port}/mcp");
    let out = client_command(&modules, &url, "echo", "{}", "")
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stdout.contains("connection refused") || stdout.contains("Connection refused"),
        "{stdout}\n{stderr}"
    );
    assert!(
        stderr.contains(&format!("form-elicitation proxy: {url}")),
        "{stderr}"
    );
}

/// The reference server's elicitation demo answered in our window: the name typed, every
/// default kept.
#[test]
fn the_reference_servers_form_is_answered_in_our_window() {
    let Some(modules) = node_path() else {
        return;
    };
    let Some(x) = display_or_skip(&[]) else {
        return;
    };
    let Some(server) = everything(modules.as_os_str()) else {
        return;
    };
    let title = unique_title("proxy-http");
    let mut command = Command::new("node");
    command
        .arg(root().join("tests/proxy/http_client.cjs"))
        .arg(BIN)
        .arg(&server.url)
        .arg("trigger-elicitation-request")
        .arg("{}")
        .arg("window")
        .arg("--")
        .arg(format!("--title={title}"))
        .env("NODE_PATH", &modules)
        .envs(ENGLISH);
    without_terminal(&mut command);
    let mut shown = x.spawn("the TypeScript client", command, None);
    form(&x, &mut shown, &title, |x| {
        x.type_text("Ada");
        x.key("Return");
    });
    let result = outcome(shown);
    let text = result["text"].as_str().unwrap_or_default();
    assert!(text.contains("Name: Ada"), "{result}");
    assert!(text.contains("It was a dark and stormy night."), "{result}");
}

// ---------------------------------------------------------------------------------------------
// The official conformance suite's client scenarios (no OAuth), through the proxy

/// `conformance client --scenario SCENARIO`, its client the SDK's stdio client
/// (`tests/proxy/conformance_client.cjs`) reaching the scenario's server through
/// `proxy --url`; `None` after the loud skip when the suite is not installed.
pub(super) fn conformance(
    modules: &PathBuf,
    scenario: &str,
    proxy_args: &[&str],
) -> Option<Command> {
    let index = std::env::split_paths(modules.as_os_str())
        .map(|dir| dir.join("@modelcontextprotocol/conformance/dist/index.js"))
        .find(|index| index.exists());
    let Some(index) = index else {
        let message = "SKIPPED: the conformance tests need @modelcontextprotocol/conformance in FORM_ELICITATION_TEST_NODE_PATH";
        if std::env::var("FORM_ELICITATION_E2E").as_deref() == Ok("require") {
            panic!("{message} (FORM_ELICITATION_E2E=require)");
        }
        eprintln!("{message}");
        return None;
    };
    let client = root().join("tests/proxy/conformance_client.cjs");
    let mut client_command = format!("node {} {BIN}", client.display());
    for arg in proxy_args {
        client_command.push(' ');
        client_command.push_str(arg);
    }
    let mut command = Command::new("node");
    command
        .arg(index)
        .args([
            "client",
            "--scenario",
            scenario,
            "--command",
            &client_command,
        ])
        .env("NODE_PATH", modules)
        .envs(ENGLISH);
    without_terminal(&mut command);
    Some(command)
}

fn assert_passed(out: &std::process::Output) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The suite prints its verdict on stderr.
    assert!(
        out.status.success() && stderr.contains("OVERALL: PASSED"),
        "the scenario failed:\n{stdout}\n{stderr}"
    );
}

fn scenario_passes(scenario: &str) {
    let Some(modules) = node_path() else {
        return;
    };
    let Some(mut command) = conformance(&modules, scenario, &[]) else {
        return;
    };
    assert_passed(&command.output().expect("node runs"));
}

#[test]
fn conformance_initialize() {
    scenario_passes("initialize");
}

#[test]
fn conformance_tools_call() {
    scenario_passes("tools_call");
}

/// The server closes the call's SSE stream after a priming event: the proxy resumes it with a
/// GET and `Last-Event-ID` after the server's `retry` (500 ms), and gets the response there.
#[test]
fn conformance_sse_retry() {
    scenario_passes("sse-retry");
}

/// SEP-1034: the form accepted as shown keeps every default (answered in our window).
#[test]
fn conformance_elicitation_defaults_in_our_window() {
    let Some(modules) = node_path() else {
        return;
    };
    let Some(x) = display_or_skip(&[]) else {
        return;
    };
    let title = unique_title("proxy-conformance");
    let title_arg = format!("--title={title}");
    let Some(command) = conformance(
        &modules,
        "elicitation-sep1034-client-defaults",
        &[&title_arg],
    ) else {
        return;
    };
    let mut shown = x.spawn("the conformance suite", command, None);
    form(&x, &mut shown, &title, |x| x.key("Return"));
    let out = shown.app.wait_output(SESSION_TIMEOUT);
    assert!(
        out.code == Some(0) && out.stderr.contains("OVERALL: PASSED"),
        "the scenario failed.\n{}",
        out.describe()
    );
}

//! `form-elicitation proxy --url`: the MCP reference server
//! (`@modelcontextprotocol/server-everything`, its `streamableHttp` transport, on a free port)
//! reached through the proxy by the official TypeScript SDK's stdio client
//! (`tests/proxy/http_client.cjs`). The server package is looked for in the `node_modules`
//! directories of `FORM_ELICITATION_TEST_NODE_PATH` (a `:`-separated list, as `NODE_PATH`).

use std::io::{Read as _, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::harness::*;
use super::mock::{self, Mock};
use crate::support::desktop::unique_title;
use crate::support::process::{Group, without_terminal};
use crate::support::xvfb::display_or_skip;
use crate::support::{BIN, ENGLISH, root, skip};

/// The reference server, killed when dropped.
struct Everything {
    _child: Group,
    url: String,
}

/// Starts the reference server on a free port, or `None` after the loud skip.
fn everything(modules: &std::ffi::OsStr) -> Option<Everything> {
    let index = std::env::split_paths(modules)
        .map(|dir| dir.join("@modelcontextprotocol/server-everything/dist/index.js"))
        .find(|index| index.exists());
    let Some(index) = index else {
        skip(
            "the HTTP proxy tests need @modelcontextprotocol/server-everything in FORM_ELICITATION_TEST_NODE_PATH",
            NODE_FIX,
        );
        return None;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut command = Command::new("node");
    command
        .arg(&index)
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let child = Group::spawn("the reference server", &mut command);
    let server = Everything {
        _child: child,
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
/// answers forms itself (`--intercept declared`: the test client is on no list), and its
/// answer is POSTed back.
#[test]
fn a_server_request_on_the_stream_is_answered_by_post() {
    let Some(modules) = node_path() else {
        return;
    };
    let Some(server) = everything(modules.as_os_str()) else {
        return;
    };
    let mut command = client_command(
        &modules,
        &server.url,
        "trigger-elicitation-request",
        "{}",
        "callback",
    );
    command.args(["--", "--intercept=declared"]);
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
        skip(
            "the conformance tests need @modelcontextprotocol/conformance in FORM_ELICITATION_TEST_NODE_PATH",
            NODE_FIX,
        );
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

// ---------------------------------------------------------------------------------------------
// The session against a server that misbehaves (tests/integration/proxy/mock.rs), the proxy
// driven with raw lines as a client would

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

/// A `tools/call` of `tool` under `id`.
fn call(id: u32, tool: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "method": "tools/call",
        "params": {"name": tool, "arguments": {}},
    })
    .to_string()
}

/// The line the proxy passes on with `id`, parsed.
fn reply(proxy: &RawProxy, id: u32) -> Value {
    let line = proxy.expect_line(|line| {
        serde_json::from_str::<Value>(line)
            .is_ok_and(|m| m["id"] == id && m.get("method").is_none())
    });
    serde_json::from_str(&line).expect("JSON")
}

/// Begins the session, as every client does first.
fn begin(proxy: &mut RawProxy) {
    proxy.send(INITIALIZE);
    reply(proxy, 0);
    proxy.send(INITIALIZED);
}

/// What every mock below does alike: `initialize` begins session `session`, notifications
/// and responses are accepted, there is no GET stream, DELETE ends the session. False for a
/// request it leaves to the test.
fn routine(request: &mock::Request, stream: &mut TcpStream, session: &str) -> bool {
    match (request.method.as_str(), request.rpc_method().as_str()) {
        ("POST", "initialize") => {
            let result = mock::initialize_result(&request.message()["id"]);
            mock::json(stream, &[("Mcp-Session-Id", session)], &result);
        }
        ("POST", "tools/call") => return false,
        ("POST", _) => mock::accepted(stream),
        ("GET", _) => mock::respond(stream, "405 Method Not Allowed", &[("Allow", "POST")], ""),
        _ => mock::respond(stream, "200 OK", &[], ""),
    }
    true
}

/// Regression (issue 43): without its signal handler, `proxy --url` died of SIGTERM with 143
/// and never ended its session. It DELETEs the session and exits 0, as when its stdin ends.
#[test]
fn sigterm_ends_the_session_with_a_delete() {
    let mock = Mock::start(|request, stream| {
        routine(request, stream, "s-term");
    });
    let mut proxy = RawProxy::start_url(None, &mock.url, &[], &[]);
    begin(&mut proxy);
    // Once the session has begun on the server's side.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !mock
        .requests()
        .iter()
        .any(|r| r.rpc_method() == "notifications/initialized")
    {
        assert!(Instant::now() < deadline, "no initialized notification");
        thread::sleep(Duration::from_millis(10));
    }
    let status = Command::new("kill")
        .args(["-TERM", &proxy.child.id().to_string()])
        .status();
    assert!(status.is_ok_and(|s| s.success()), "kill -TERM");
    assert_eq!(proxy.wait(Duration::from_secs(10)), Some(0));
    let requests = mock.requests();
    assert!(
        requests
            .iter()
            .any(|r| r.method == "DELETE" && r.header("mcp-session-id") == Some("s-term")),
        "no DELETE of the session: {requests:#?}"
    );
}

/// Regression (issue 43): a 200 answer that is not JSON-RPC (a captive portal's page, broken
/// JSON) was passed to the client as a message, and the call was never answered. The call
/// gets an error that says what came back; the next call goes through.
#[test]
fn a_200_that_is_not_json_rpc_fails_its_call_and_says_what_came() {
    let mock = Mock::start(|request, stream| {
        if routine(request, stream, "s") {
            return;
        }
        let message = request.message();
        match message["params"]["name"].as_str() {
            Some("portal") => mock::respond(
                stream,
                "200 OK",
                &[("Content-Type", "text/html")],
                "<html><body>Sign in to the hotel Wi-Fi</body></html>",
            ),
            Some("broken") => mock::respond(
                stream,
                "200 OK",
                &[("Content-Type", "application/json")],
                "{\"jsonrpc\":\"2.0\",\"id\":",
            ),
            _ => mock::json(stream, &[], &mock::text_result(&message["id"], "fine")),
        }
    });
    let mut proxy = RawProxy::start_url(None, &mock.url, &[], &[]);
    begin(&mut proxy);
    for (id, tool, said) in [(1, "portal", "text/html"), (2, "broken", "not JSON")] {
        proxy.send(&call(id, tool));
        let answer = reply(&proxy, id);
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains(said) && message.contains("HTTP 200"),
            "{answer}"
        );
    }
    proxy.send(&call(3, "fine"));
    assert_eq!(reply(&proxy, 3)["result"]["content"][0]["text"], "fine");
}

/// Regression (issue 43): one giant SSE event (200 MB) took the proxy to 623 MB. An event over
/// 8 MiB fails its call, and the proxy goes on.
#[test]
fn an_sse_event_over_8_mib_fails_its_call() {
    let mock = Mock::start(|request, stream| {
        if routine(request, stream, "s") {
            return;
        }
        let message = request.message();
        if message["params"]["name"] == "giant" {
            let giant = mock::text_result(&message["id"], &"x".repeat(9 << 20));
            mock::begin_stream(stream);
            mock::event(stream, &giant);
        } else {
            mock::json(stream, &[], &mock::text_result(&message["id"], "fine"));
        }
    });
    let mut proxy = RawProxy::start_url(None, &mock.url, &[], &[]);
    begin(&mut proxy);
    proxy.send(&call(1, "giant"));
    let answer = reply(&proxy, 1);
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("larger than 8 MiB"),
        "{:.300}",
        answer.to_string()
    );
    proxy.send(&call(2, "fine"));
    assert_eq!(reply(&proxy, 2)["result"]["content"][0]["text"], "fine");
}

/// The spec: a 404 to a request that carried the session's id means the server ended the
/// session, and the client MUST begin a new one with a new `initialize` without the id. The
/// proxy does so with the client's own `initialize` (its answer kept from the client, which
/// has one), then sends the call again in the new session. It used to fail the call.
#[test]
fn a_404_begins_a_new_session_and_the_call_goes_through() {
    let sessions = Arc::new(AtomicUsize::new(0));
    let begun = Arc::clone(&sessions);
    let mock = Mock::start(move |request, stream| {
        let session = format!("session-{}", begun.load(Ordering::SeqCst));
        if request.rpc_method() == "initialize" {
            let n = begun.fetch_add(1, Ordering::SeqCst) + 1;
            routine(request, stream, &format!("session-{n}"));
        } else if routine(request, stream, &session) {
        } else if request.header("mcp-session-id") == Some("session-1") {
            mock::respond(stream, "404 Not Found", &[], "");
        } else {
            let text = format!("in {}", request.header("mcp-session-id").unwrap_or("none"));
            mock::json(
                stream,
                &[],
                &mock::text_result(&request.message()["id"], &text),
            );
        }
    });
    let mut proxy = RawProxy::start_url(None, &mock.url, &[], &[]);
    begin(&mut proxy);
    // The session ends on the server's side; the client knows nothing of sessions.
    sessions.store(1, Ordering::SeqCst);
    proxy.send(&call(1, "where"));
    let answer = reply(&proxy, 1);
    assert_eq!(
        answer["result"]["content"][0]["text"], "in session-2",
        "{answer}"
    );

    let requests = mock.requests();
    let initializes: Vec<_> = requests
        .iter()
        .filter(|r| r.rpc_method() == "initialize")
        .collect();
    assert_eq!(initializes.len(), 2, "{requests:#?}");
    assert_eq!(
        initializes[1].header("mcp-session-id"),
        None,
        "{requests:#?}"
    );
    assert!(
        requests
            .iter()
            .any(|r| r.rpc_method() == "notifications/initialized"
                && r.header("mcp-session-id") == Some("session-2")),
        "the new session was not told the client is initialized: {requests:#?}"
    );
    // The client heard the answer to its one `initialize` only.
    proxy.send(&call(2, "where"));
    reply(&proxy, 2);
    let heard: Vec<String> = proxy.lines.try_iter().collect();
    assert!(
        heard.iter().all(|l| !l.contains("protocolVersion")),
        "{heard:?}"
    );
}

/// Calls one after another share a connection: the proxy reads a call's stream to its end
/// after passing the answer on. It used to drop the stream half-read, which closed the
/// connection, so every call opened a new one (a TCP handshake, over HTTPS a TLS one too, and
/// the server's work of accepting it): most of what `proxy --url` added to a call
/// (docs/speed.md). The first call's stream stays open until its answer has reached the
/// client, so the answer does not wait for the stream's end.
#[test]
fn calls_one_after_another_share_a_connection() {
    let (release, released) = mpsc::channel::<()>();
    let released = Mutex::new(released);
    let mock = Mock::start_keep_alive(move |request, stream| {
        let message = request.message();
        match (request.method.as_str(), request.rpc_method().as_str()) {
            ("POST", "initialize") => mock::respond_kept(
                stream,
                "200 OK",
                &[
                    ("Content-Type", "application/json"),
                    ("Mcp-Session-Id", "s"),
                ],
                &mock::initialize_result(&message["id"]).to_string(),
            ),
            ("POST", "tools/call") => {
                let answer = mock::text_result(&message["id"], "fine");
                mock::stream_kept(stream, &[answer], || {
                    if message["id"] == 1 {
                        let released = released.lock().unwrap_or_else(PoisonError::into_inner);
                        let _ = released.recv_timeout(SESSION_TIMEOUT);
                    }
                });
            }
            ("POST", _) => mock::respond_kept(stream, "202 Accepted", &[], ""),
            ("GET", _) => mock::respond_kept(stream, "405 Method Not Allowed", &[], ""),
            _ => mock::respond_kept(stream, "200 OK", &[], ""),
        }
    });
    let mut proxy = RawProxy::start_url(None, &mock.url, &[], &[]);
    begin(&mut proxy);
    for id in 1..=6 {
        proxy.send(&call(id, "echo"));
        let answer = reply(&proxy, id);
        assert_eq!(answer["result"]["content"][0]["text"], "fine", "{answer}");
        if id == 1 {
            release.send(()).expect("the mock waits");
        }
    }
    // At most three at once: the GET stream's, the first call's (held open) and the next's.
    assert!(
        mock.connections() <= 3,
        "{} connections for 6 calls: {:#?}",
        mock.connections(),
        mock.requests()
    );
}

/// A 500 is the call's error, one the client can read, and the proxy goes on serving; a 500
/// whose body is the JSON-RPC error for the call (as a server writes one) reaches the client
/// as the server wrote it.
#[test]
fn a_500_is_the_calls_error_and_the_proxy_lives_on() {
    let mock = Mock::start(|request, stream| {
        if routine(request, stream, "s") {
            return;
        }
        let message = request.message();
        match message["params"]["name"].as_str() {
            Some("html") => mock::respond(
                stream,
                "500 Internal Server Error",
                &[("Content-Type", "text/html")],
                "<h1>oops</h1>",
            ),
            Some("rpc") => {
                let error = serde_json::json!({
                    "jsonrpc": "2.0",
                    "id": message["id"],
                    "error": {"code": -32000, "message": "the database is down"},
                });
                mock::respond(
                    stream,
                    "500 Internal Server Error",
                    &[("Content-Type", "application/json")],
                    &error.to_string(),
                );
            }
            _ => mock::json(stream, &[], &mock::text_result(&message["id"], "fine")),
        }
    });
    let mut proxy = RawProxy::start_url(None, &mock.url, &[], &[]);
    begin(&mut proxy);

    proxy.send(&call(1, "html"));
    let answer = reply(&proxy, 1);
    assert_eq!(answer["error"]["code"], -32603, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains(&mock.url), "{answer}");
    assert!(
        message.contains("HTTP 500 Internal Server Error"),
        "{answer}"
    );

    proxy.send(&call(2, "rpc"));
    let answer = reply(&proxy, 2);
    assert_eq!(answer["error"]["code"], -32000, "{answer}");
    assert_eq!(
        answer["error"]["message"], "the database is down",
        "{answer}"
    );

    proxy.send(&call(3, "ok"));
    let answer = reply(&proxy, 3);
    assert_eq!(answer["result"]["content"][0]["text"], "fine", "{answer}");
    assert!(
        matches!(proxy.child.try_wait(), Ok(None)),
        "the proxy exited"
    );
}

/// A redirect within the server's origin is followed, the person's `Authorization` header
/// with it; one to another origin is not, so the token never reaches that origin: the client
/// gets an error that names both.
#[test]
fn a_redirect_to_another_origin_is_not_followed_with_the_token() {
    let elsewhere = Mock::start(|request, stream| {
        let _ = routine(request, stream, "elsewhere");
    });
    let target = elsewhere.url.clone();
    let mock = Mock::start(move |request, stream| match request.path.as_str() {
        "/mcp" => mock::respond(
            stream,
            "307 Temporary Redirect",
            &[("Location", "/v2/mcp")],
            "",
        ),
        "/v2/mcp" if request.rpc_method() == "tools/call" => {
            mock::respond(
                stream,
                "307 Temporary Redirect",
                &[("Location", &target)],
                "",
            );
        }
        _ => {
            let _ = routine(request, stream, "s");
        }
    });
    let args = ["--header", "Authorization: Bearer ${TOKEN}"];
    let mut proxy = RawProxy::start_url(None, &mock.url, &args, &[("TOKEN", "s3cret")]);
    proxy.send(INITIALIZE);
    let answer = reply(&proxy, 0);
    assert!(answer.get("result").is_some(), "{answer}");
    let moved = mock.requests();
    assert!(
        moved.iter().any(|r| r.path == "/v2/mcp"
            && r.rpc_method() == "initialize"
            && r.header("authorization") == Some("Bearer s3cret")),
        "the same-origin redirect was not followed with the header: {moved:#?}"
    );
    proxy.send(INITIALIZED);

    proxy.send(&call(1, "anything"));
    let answer = reply(&proxy, 1);
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    let origin = elsewhere.url.trim_end_matches("/mcp");
    assert!(message.contains("another origin"), "{answer}");
    assert!(message.contains(origin), "{answer}");
    assert!(
        elsewhere.requests().is_empty(),
        "the other origin was reached: {:#?}",
        elsewhere.requests()
    );
}

/// A server that takes the request and never answers: the call gets a clear error within
/// `--http-timeout`, and the proxy goes on serving. It used to wait for ever.
#[test]
fn a_server_that_never_answers_is_an_error_within_the_timeout() {
    let mock = Mock::start(|request, stream| {
        if routine(request, stream, "s") {
            return;
        }
        let message = request.message();
        if message["params"]["name"] == "silent" {
            // Holds the connection open and says nothing.
            thread::sleep(Duration::from_secs(60));
            return;
        }
        mock::json(stream, &[], &mock::text_result(&message["id"], "fine"));
    });
    let mut proxy = RawProxy::start_url(None, &mock.url, &["--http-timeout", "2"], &[]);
    begin(&mut proxy);

    let asked = Instant::now();
    proxy.send(&call(1, "silent"));
    let answer = reply(&proxy, 1);
    let waited = asked.elapsed();
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("did not answer within 2 s"), "{answer}");
    assert!(
        waited >= Duration::from_secs(2) && waited < Duration::from_secs(12),
        "the error came after {waited:?}"
    );
    proxy.send(&call(2, "ok"));
    let answer = reply(&proxy, 2);
    assert_eq!(answer["result"]["content"][0]["text"], "fine", "{answer}");
}

/// The server drops the call's stream while its form is open, with no event id to resume
/// from: the spec leaves nothing to wait for, so nothing answers the form, the client's call
/// gets an error, and the server is told the call is cancelled. The window stays, saying
/// nobody waits for its answer (issue 58: it used to close with what was typed), until the
/// person closes it.
#[test]
fn a_stream_dropped_mid_form_fails_the_call_and_leaves_the_form_to_the_person() {
    let Some(x) = display_or_skip(&[]) else {
        return;
    };
    let (drop_now, dropped) = mpsc::channel::<()>();
    let dropped = Arc::new(Mutex::new(dropped));
    let mock = Mock::start(move |request, stream| {
        if routine(request, stream, "s") {
            return;
        }
        mock::begin_stream(stream);
        let ask = serde_json::json!({
            "jsonrpc": "2.0",
            "id": "ask-1",
            "method": "elicitation/create",
            "params": {
                "mode": "form",
                "message": "Who are you?",
                "requestedSchema": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}},
                },
            },
        });
        mock::event(stream, &ask);
        let dropped = dropped.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = dropped.recv_timeout(SESSION_TIMEOUT);
        // Returning closes the connection mid-stream.
    });
    let title = unique_title("proxy-http-drop");
    let mut proxy = RawProxy::start_url(Some(&x), &mock.url, &["--title", &title], &[]);
    begin(&mut proxy);
    proxy.send(&call(1, "ask"));
    let window = proxy.window(&x, &title);
    drop_now.send(()).expect("the mock waits");
    let answer = reply(&proxy, 1);
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("closed the stream before it answered"),
        "{answer}"
    );
    wait_until_nobody_waits(&proxy.shown(&title));
    x.key("Escape");
    wait_gone(&x, &title, &window);
    let requests = mock.requests();
    assert!(
        requests
            .iter()
            .any(|r| r.rpc_method() == "notifications/cancelled"
                && r.message()["params"]["requestId"] == 1),
        "the server was not told the call is cancelled: {requests:#?}"
    );
    assert!(
        !requests.iter().any(|r| r.message()["id"] == "ask-1"),
        "the closed form was answered: {requests:#?}"
    );
}

/// A `tools/call` of `tool` under `id` in the 2026-07-28 era: its `_meta` names the version.
fn call_2026(id: u32, tool: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "method": "tools/call",
        "params": {
            "name": tool,
            "arguments": {},
            "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"},
        },
    })
    .to_string()
}

/// The 2026-07-28 era over HTTP: a client cancels a request by closing its response stream,
/// and the wire has no client notifications. The client's `notifications/cancelled` for a
/// call in flight closes that call's stream (the server sees its connection end), is not
/// POSTed, and the client gets no answer to the call it cancelled; the next call goes
/// through. The proxy used to POST the notification and leave the stream open.
#[test]
fn a_cancel_in_the_2026_07_28_era_closes_the_calls_stream() {
    let (streaming, stream_began) = mpsc::channel::<()>();
    let (ended, stream_ended) = mpsc::channel::<bool>();
    let mock = Mock::start(move |request, stream| {
        let message = request.message();
        if request.method != "POST" || message.get("id").is_none() {
            mock::accepted(stream);
            return;
        }
        if message["params"]["name"] != "slow" {
            mock::json(stream, &[], &mock::text_result(&message["id"], "fine"));
            return;
        }
        mock::begin_stream(stream);
        let _ = stream.write_all(b": working on it\n\n");
        let _ = stream.flush();
        let _ = streaming.send(());
        // The client sends nothing more on this connection: a read ends only when the client
        // closes it (0 bytes, or a reset), or at the timeout when it does not.
        let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
        let closed = match stream.read(&mut [0; 1]) {
            Ok(0) => true,
            Ok(_) => false,
            Err(error) => !matches!(
                error.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ),
        };
        let _ = ended.send(closed);
    });
    let mut proxy = RawProxy::start_url(None, &mock.url, &[], &[]);
    proxy.send(&call_2026(1, "slow"));
    stream_began
        .recv_timeout(SESSION_TIMEOUT)
        .expect("the call reaches the server");
    proxy.send(
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"no longer needed"}}"#,
    );
    let closed = stream_ended
        .recv_timeout(SESSION_TIMEOUT)
        .expect("the server reads the stream's end");
    assert!(closed, "the cancelled call's stream is still open");

    proxy.send(&call_2026(2, "quick"));
    let first = proxy.expect_line(|line| {
        serde_json::from_str::<Value>(line).is_ok_and(|m| m.get("id").is_some())
    });
    let first: Value = serde_json::from_str(&first).expect("JSON");
    assert_eq!(first["id"], 2, "the cancelled call was answered: {first}");
    assert_eq!(first["result"]["content"][0]["text"], "fine", "{first}");
    let requests = mock.requests();
    assert!(
        !requests
            .iter()
            .any(|r| r.rpc_method() == "notifications/cancelled"),
        "the cancel was POSTed: {requests:#?}"
    );
}

// ---------------------------------------------------------------------------------------------
// The Python SDK's server (tests/proxy/server.py) over Streamable HTTP, its client through
// `proxy --url`: what the stdio tests show, over HTTP

/// Cases 2 and 3 over HTTP: the 2026-07-28 era's two rounds, the client discovering the era
/// or pinned to it, answered in our window. Each request of the era carries the headers the
/// server routes it by (`MCP-Protocol-Version` from its `_meta`, `Mcp-Method`, `Mcp-Name`);
/// without them the server refused every one (HTTP 400).
#[test]
fn two_rounds_in_the_2026_07_28_era_over_http() {
    super::two_rounds_are_answered(super::Transport::Http);
}

/// -32042 over HTTP: the consent shown here, the completion notice on the GET stream, the
/// call retried once.
#[test]
fn a_url_required_error_is_consented_here_and_the_call_retried_over_http() {
    super::url_required_is_consented_and_retried(super::Transport::Http);
}

/// A server of the test's own over HTTPS (Python's `ssl` and `http.server`), its certificate
/// for 127.0.0.1 signed by a CA made for the test: it begins a session and accepts the rest.
/// Prints its port when it listens.
const HTTPS_SERVER: &str = r#"
import http.server, json, ssl, sys
class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if body.get("method") == "initialize":
            answer = json.dumps({"jsonrpc": "2.0", "id": body["id"], "result": {
                "protocolVersion": "2025-11-25", "capabilities": {},
                "serverInfo": {"name": "tls", "version": "1"}}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Mcp-Session-Id", "tls")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)
        else:
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()
    def do_GET(self):
        self.send_response(405)
        self.send_header("Content-Length", "0")
        self.end_headers()
    do_DELETE = do_GET
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(sys.argv[1], sys.argv[2])
server.socket = context.wrap_socket(server.socket, server_side=True)
print(server.server_address[1], flush=True)
server.serve_forever()
"#;

/// Makes a CA in `dir` named `name` (`NAME.pem`, `NAME.key`) with `openssl`.
fn make_ca(dir: &std::path::Path, name: &str) {
    let status = Command::new("openssl")
        .current_dir(dir)
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
        ])
        .args(["-nodes", "-days", "2", "-subj", &format!("/CN={name}")])
        .args([
            "-keyout",
            &format!("{name}.key"),
            "-out",
            &format!("{name}.pem"),
        ])
        .stderr(Stdio::null())
        .status()
        .expect("openssl runs");
    assert!(status.success(), "openssl made no CA");
}

/// Issue 33: HTTPS is checked against the system's certificates, or the bundle
/// `SSL_CERT_FILE` names: a server whose CA is in the bundle is reached; one whose CA is not
/// is refused, with an error that says it is the certificate (there is no option to skip the
/// check).
#[test]
fn https_trusts_the_certificates_ssl_cert_file_names_and_no_others() {
    let dir = std::env::temp_dir().join(format!("fe-proxy-tls-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    make_ca(&dir, "ca");
    make_ca(&dir, "other");
    let run = |args: &[&str]| {
        let status = Command::new("openssl")
            .current_dir(&dir)
            .args(args)
            .stderr(Stdio::null())
            .status()
            .expect("openssl runs");
        assert!(status.success(), "openssl {args:?}");
    };
    run(&[
        "req",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        "server.key",
        "-out",
        "server.csr",
    ]);
    std::fs::write(
        dir.join("server.ext"),
        "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
    )
    .expect("the extensions file");
    run(&[
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        "server.ext",
        "-out",
        "server.pem",
    ]);
    let mut server = Command::new("python3");
    server
        .args(["-c", HTTPS_SERVER])
        .arg(dir.join("server.pem"))
        .arg(dir.join("server.key"))
        .stdout(Stdio::piped());
    let mut server = Group::spawn("the HTTPS server", &mut server);
    let mut port = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stdout.take().expect("its stdout")),
        &mut port,
    )
    .expect("the server's port");
    let url = format!("https://127.0.0.1:{}/mcp", port.trim());

    let trusted = dir.join("ca.pem");
    let mut proxy = RawProxy::start_url(
        None,
        &url,
        &[],
        &[("SSL_CERT_FILE", trusted.to_str().expect("a UTF-8 path"))],
    );
    proxy.send(INITIALIZE);
    let answer = reply(&proxy, 0);
    assert_eq!(answer["result"]["serverInfo"]["name"], "tls", "{answer}");
    drop(proxy);

    let other = dir.join("other.pem");
    let mut proxy = RawProxy::start_url(
        None,
        &url,
        &[],
        &[("SSL_CERT_FILE", other.to_str().expect("a UTF-8 path"))],
    );
    proxy.send(INITIALIZE);
    let answer = reply(&proxy, 0);
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(
        answer["result"].is_null()
            && message.contains("certificate is not trusted")
            && message.contains("SSL_CERT_FILE"),
        "{answer}"
    );
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

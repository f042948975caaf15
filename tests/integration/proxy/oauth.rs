//! `proxy --url`'s OAuth sign-in: the official conformance suite's `auth/*` client scenarios
//! through the proxy, the consent answered by a stand-in for `form-elicitation serve` on
//! `FORM_ELICITATION_SOCKET` that records what it was asked and then does what the person's
//! browser would (follows the authorization URL's redirects back to the proxy's loopback).

use std::io::BufReader;
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use form_elicitation::remote::protocol::{self, Reply};
use serde_json::Value;

use super::harness::*;
use super::http::conformance;

/// A fake `serve`: answers every request with `action`, keeps each request, and on accept
/// opens the request's URL as a browser would, following redirects.
struct FakeServe {
    dir: PathBuf,
    asked: Arc<Mutex<Vec<Value>>>,
}

impl FakeServe {
    fn start(action: &'static str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "fe-oauth-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let listener = UnixListener::bind(dir.join("socket")).expect("the socket binds");
        let asked = Arc::new(Mutex::new(Vec::new()));
        let record = Arc::clone(&asked);
        thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                let Ok((_, request)) = protocol::read_request(&mut BufReader::new(&stream)) else {
                    continue;
                };
                let request: Value = serde_json::from_slice(&request).unwrap_or(Value::Null);
                let url = request["url"].as_str().map(str::to_owned);
                record
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(request);
                let answer = serde_json::json!({ "action": action }).to_string();
                let _ = protocol::write_reply(
                    &mut &stream,
                    &Reply {
                        exit: 0,
                        line: Some(answer),
                        message: None,
                    },
                );
                drop(stream);
                if let (Some(url), "accept") = (url, action) {
                    // The browser: the suite's authorization endpoint redirects at once.
                    thread::spawn(move || {
                        let _ = ureq::get(&url).call();
                    });
                }
            }
        });
        Self { dir, asked }
    }

    fn socket(&self) -> PathBuf {
        self.dir.join("socket")
    }

    /// Where the proxy keeps its tokens in this test (`XDG_STATE_HOME`).
    fn state_home(&self) -> PathBuf {
        self.dir.join("state")
    }

    fn asked(&self) -> Vec<Value> {
        self.asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl Drop for FakeServe {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// Runs `scenario` with the consent answered `action`; its output and the fake serve.
fn run_scenario(scenario: &str, action: &'static str) -> Option<(std::process::Output, FakeServe)> {
    run_scenario_in(scenario, action, &[])
}

/// The same, with more environment variables (a language).
fn run_scenario_in(
    scenario: &str,
    action: &'static str,
    env: &[(&str, &str)],
) -> Option<(std::process::Output, FakeServe)> {
    let modules = node_modules_or_skip()?;
    let mut command = conformance(&modules, scenario, &[])?;
    let serve = FakeServe::start(action);
    command
        .envs(env.iter().copied())
        .env("FORM_ELICITATION_SOCKET", serve.socket())
        .env("XDG_STATE_HOME", serve.state_home())
        .env_remove("FORM_ELICITATION_CLIENT_ID")
        .env_remove("FORM_ELICITATION_CLIENT_SECRET");
    let out = command.output().expect("node runs");
    Some((out, serve))
}

fn assert_passed(out: &std::process::Output) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.contains("OVERALL: PASSED"),
        "the scenario failed:\n{stdout}\n{stderr}"
    );
}

/// The host and port of `url`.
fn authority(url: &str) -> String {
    let url = url::Url::parse(url).expect("a URL");
    format!(
        "{}:{}",
        url.host_str().expect("a host"),
        url.port_or_known_default().expect("a port")
    )
}

/// The MCP server's URL, as the suite announces it on stderr.
fn server_url(out: &std::process::Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr
        .lines()
        .find_map(|l| l.strip_prefix("Executing client: "))
        .and_then(|l| l.split_whitespace().last())
        .expect("the suite names the server's URL")
        .to_owned()
}

/// Every `auth/*` client scenario that applies to a proxy that signs a person in, each one
/// passing with the consent accepted. (`auth/client-credentials-*` are machine-to-machine
/// grants without a person: see the README.)
macro_rules! auth_scenarios {
    ($($name:ident => $scenario:literal,)*) => {
        $(
            #[test]
            fn $name() {
                let Some((out, serve)) = run_scenario($scenario, "accept") else {
                    return;
                };
                assert_passed(&out);
                // A scenario that refuses the sign-in (resource-mismatch) asks nothing.
                let asked = serve.asked();
                assert!(asked.len() <= 3, "{asked:?}");
                for request in &asked {
                    assert_eq!(request["mode"], "url", "{request}");
                }
            }
        )*
    };
}

auth_scenarios! {
    conformance_auth_metadata_default => "auth/metadata-default",
    conformance_auth_metadata_var1 => "auth/metadata-var1",
    conformance_auth_metadata_var2 => "auth/metadata-var2",
    conformance_auth_metadata_var3 => "auth/metadata-var3",
    conformance_auth_basic_cimd => "auth/basic-cimd",
    conformance_auth_scope_from_www_authenticate => "auth/scope-from-www-authenticate",
    conformance_auth_scope_from_scopes_supported => "auth/scope-from-scopes-supported",
    conformance_auth_scope_omitted_when_undefined => "auth/scope-omitted-when-undefined",
    conformance_auth_scope_step_up => "auth/scope-step-up",
    conformance_auth_scope_retry_limit => "auth/scope-retry-limit",
    conformance_auth_token_endpoint_auth_basic => "auth/token-endpoint-auth-basic",
    conformance_auth_token_endpoint_auth_post => "auth/token-endpoint-auth-post",
    conformance_auth_token_endpoint_auth_none => "auth/token-endpoint-auth-none",
    conformance_auth_resource_mismatch => "auth/resource-mismatch",
    conformance_auth_pre_registration => "auth/pre-registration",
    conformance_auth_2025_03_26_oauth_metadata_backcompat => "auth/2025-03-26-oauth-metadata-backcompat",
    conformance_auth_2025_03_26_oauth_endpoint_fallback => "auth/2025-03-26-oauth-endpoint-fallback",
}

/// The consent names the authorization server and the MCP server by their hosts, and its URL
/// is the authorization endpoint's, with PKCE and the resource.
#[test]
fn the_consent_names_both_hosts_and_shows_the_authorization_url() {
    let Some((out, serve)) = run_scenario("auth/metadata-var2", "accept") else {
        return;
    };
    assert_passed(&out);
    let asked = serve.asked();
    assert_eq!(asked.len(), 1, "{asked:?}");
    let url = asked[0]["url"].as_str().expect("a URL");
    let server = server_url(&out);
    let (auth_host, mcp_host) = (authority(url), authority(&server));
    assert_ne!(auth_host, mcp_host, "the suite runs them on two ports");
    assert_eq!(
        asked[0]["message"],
        format!("Sign in to {auth_host} for {mcp_host}"),
        "{asked:?}"
    );
    let parsed = url::Url::parse(url).expect("a URL");
    assert_eq!(parsed.path(), "/tenant1/authorize", "{url}");
    let query: std::collections::HashMap<_, _> = parsed.query_pairs().into_owned().collect();
    assert_eq!(query["code_challenge_method"], "S256", "{url}");
    assert_eq!(query["response_type"], "code", "{url}");
    assert!(
        query["redirect_uri"].starts_with("http://127.0.0.1:"),
        "{url}"
    );
    assert!(server.starts_with(&query["resource"]), "{url} {server}");
}

/// Declining the consent ends the sign-in: nothing is opened, and the client's call gets an
/// error that says so.
#[test]
fn a_declined_sign_in_is_a_clear_error_for_the_client() {
    let Some((out, serve)) = run_scenario("auth/metadata-default", "decline") else {
        return;
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("OVERALL: PASSED"), "{stderr}");
    assert!(
        stderr.contains("declined to sign in to localhost:"),
        "{stderr}"
    );
    assert_eq!(serve.asked().len(), 1);
}

/// The tokens are kept in a file only the person can read, keyed by the server's URL, and
/// `--sign-out` forgets them.
#[test]
fn the_sign_in_is_kept_privately_and_sign_out_forgets_it() {
    use std::os::unix::fs::PermissionsExt as _;
    let Some((out, serve)) = run_scenario("auth/metadata-default", "accept") else {
        return;
    };
    assert_passed(&out);
    let file = serve.state_home().join("form-elicitation/tokens.json");
    let mode = |p: &Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
    assert_eq!(mode(&file), 0o600);
    assert_eq!(mode(file.parent().expect("a folder")), 0o700);
    let server = server_url(&out);
    let kept: Value =
        serde_json::from_slice(&std::fs::read(&file).expect("the token file")).expect("JSON");
    assert!(
        kept[&server]["access_token"]
            .as_str()
            .is_some_and(|t| t.starts_with("test-token")),
        "{kept}"
    );
    let signed_out = std::process::Command::new(crate::support::BIN)
        .args(["proxy", "--sign-out", &server])
        .env("XDG_STATE_HOME", serve.state_home())
        .output()
        .expect("runs");
    assert!(signed_out.status.success(), "{signed_out:?}");
    let kept: Value =
        serde_json::from_slice(&std::fs::read(&file).expect("the token file")).expect("JSON");
    assert!(kept.get(&server).is_none(), "{kept}");
}

/// The consent's message is in the person's language, as the window's own words are.
#[test]
fn the_consent_speaks_the_persons_language() {
    let german = [("LC_ALL", "de_DE.UTF-8"), ("LANGUAGE", "de")];
    let Some((out, serve)) = run_scenario_in("auth/metadata-var1", "accept", &german) else {
        return;
    };
    assert_passed(&out);
    let asked = serve.asked();
    let url = asked[0]["url"].as_str().expect("a URL");
    assert_eq!(
        asked[0]["message"],
        format!(
            "Bei {} für {} anmelden",
            authority(url),
            authority(&server_url(&out))
        ),
        "{asked:?}"
    );
}

/// `--sign-out` stands alone: with a server it is a usage error, before anything is forgotten.
#[test]
fn sign_out_takes_no_server() {
    for args in [
        &[
            "proxy",
            "--sign-out",
            "https://a/mcp",
            "--url",
            "https://a/mcp",
        ][..],
        &["proxy", "--sign-out", "https://a/mcp", "--", "server"][..],
    ] {
        let out = std::process::Command::new(crate::support::BIN)
            .args(args)
            .env("XDG_STATE_HOME", "/nonexistent")
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    }
}

/// The whole sign-in as a person does it: the consent in our own window, Open pressed, the
/// browser (a test opener that follows the redirects, in the background as a browser runs)
/// comes back to the proxy, and the scenario passes.
#[test]
fn conformance_auth_signed_in_through_our_window() {
    use crate::support::desktop::unique_title;
    use crate::support::xvfb::display_or_skip;
    let Some(modules) = node_modules_or_skip() else {
        return;
    };
    let Some(x) = display_or_skip(&[]) else {
        return;
    };
    let title = unique_title("proxy-sign-in");
    let title_arg = format!("--title={title}");
    let Some(mut command) = conformance(&modules, "auth/metadata-default", &[&title_arg]) else {
        return;
    };
    let serve = FakeServe::start("cancel"); // only for its folder: no socket is named
    let opener = serve.dir.join("browser");
    // Detached, its output nowhere, as the `open` crate starts the real browser: a browser
    // that held the dialog's stderr would keep its process from being reaped.
    std::fs::write(
        &opener,
        "#!/bin/sh\n(curl -sL -o /dev/null \"$1\" </dev/null >/dev/null 2>&1 &)\n",
    )
    .expect("write the opener");
    let made = std::process::Command::new("chmod")
        .arg("+x")
        .arg(&opener)
        .status();
    assert!(made.is_ok_and(|s| s.success()), "chmod");
    command
        .env("FORM_ELICITATION_OPENER", &opener)
        .env("XDG_STATE_HOME", serve.state_home())
        .env_remove("FORM_ELICITATION_SOCKET");
    let mut shown = x.spawn("the conformance suite", command, None);
    form(&x, &mut shown, &title, |x| {
        x.key("Tab");
        x.key("Return");
    });
    let out = shown.app.wait_output(SESSION_TIMEOUT);
    assert!(
        out.code == Some(0) && out.stderr.contains("OVERALL: PASSED"),
        "the scenario failed.\n{}",
        out.describe()
    );
    assert!(serve.asked().is_empty());
}

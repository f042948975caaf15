//! `proxy --url`'s OAuth sign-in: the official conformance suite's `auth/*` client scenarios
//! through the proxy, the consent answered by a stand-in for `form-elicitation serve` on
//! `FORM_ELICITATION_SOCKET` that records what it was asked and then does what the person's
//! browser would (follows the authorization URL's redirects back to the proxy's loopback).

use std::io::BufReader;
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use form_elicitation::serve::protocol::{self, Reply};
use serde_json::Value;

use super::harness::*;
use super::http::conformance;

/// A fake `serve`: answers every request with `action`, keeps each request, and on accept
/// opens the request's URL as a browser would, following redirects.
pub(super) struct FakeServe {
    dir: PathBuf,
    asked: Arc<Mutex<Vec<Value>>>,
}

impl FakeServe {
    pub(super) fn start(action: &'static str) -> Self {
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

    pub(super) fn socket(&self) -> PathBuf {
        self.dir.join("socket")
    }

    /// Where the proxy keeps its tokens in this test (`XDG_STATE_HOME`).
    pub(super) fn state_home(&self) -> PathBuf {
        self.dir.join("state")
    }

    pub(super) fn asked(&self) -> Vec<Value> {
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
        // No session bus, so no Secret Service: the sign-in goes to the file, whatever the
        // desktop the tests run on (the keyring tests below start a bus of their own).
        .env("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus")
        .env_remove("FORM_ELICITATION_TOKEN_STORE")
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

/// The MCP server's URL, as the suite announces it (on stderr, or stdout in some versions).
fn server_url(out: &std::process::Output) -> String {
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    text.lines()
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

// Not here: metadata-var2 and var3, whose 0.1.13 metadata names another issuer than the one
// it is fetched for (the proxy refuses that: RFC 8414 section 3.3); 0.2.0-alpha.12's pass, at
// both wires, in sign_in.rs.
auth_scenarios! {
    conformance_auth_metadata_default => "auth/metadata-default",
    conformance_auth_metadata_var1 => "auth/metadata-var1",
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
    // 0.1.13's var2 serves metadata naming the root issuer for its /tenant1 issuer, which the
    // proxy refuses (RFC 8414 section 3.3); 0.2's is right.
    let Some((out, serve)) = super::sign_in::run_suite("2025-11-25", "auth/metadata-var2") else {
        return;
    };
    super::sign_in::assert_passed(&out);
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

/// Without a Secret Service, the tokens are kept in a file only the person can read, keyed by
/// the server's URL, and `--sign-out` forgets them.
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
        .env("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus")
        .env_remove("FORM_ELICITATION_TOKEN_STORE")
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
    use crate::support::write_executable;
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
    write_executable(
        &opener,
        "#!/bin/sh\n(curl -sL -o /dev/null \"$1\" </dev/null >/dev/null 2>&1 &)\n",
    );
    command
        .env("FORM_ELICITATION_OPENER", &opener)
        .env("XDG_STATE_HOME", serve.state_home())
        .env("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus")
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

/// Which Secret Service a [`KeyringSession`] runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Daemon {
    /// GNOME Keyring, its login keyring made and unlocked.
    GnomeKeyring,
    /// GNOME Keyring where no keyring was ever made: no default collection.
    GnomeKeyringWithoutKeyring,
    /// KDE's KWallet (`kwalletd5`, which serves the Secret Service API since KDE Frameworks
    /// 5.97), its wallet made and opened as `pam_kwallet5` does at login.
    KWallet,
}

/// How KWallet's wallet is made where no one logged in: `kwalletd5` on a bus of its own is
/// handed the wallet's key as `pam_kwallet5` hands it the login password's (`pamOpen`), which
/// creates the wallet without a dialog. `kwalletd5` offers a wallet as a Secret Service
/// collection only if the wallet was there when it started, so the session then starts
/// another one (on a bus of its own, so that the first one's names cannot linger on it).
const KWALLET_OPEN: &str = "kwalletd5 >/dev/null 2>&1 & kwalletd=$!; \
    gdbus wait --session --timeout 30 org.freedesktop.secrets >/dev/null && \
    gdbus wait --session --timeout 30 org.kde.kwalletd5 >/dev/null && \
    dbus-send --session --print-reply --dest=org.kde.kwalletd5 /modules/kwalletd5 \
      org.kde.KWallet.pamOpen string:kdewallet array:byte:$(seq -s, 1 56) int32:0 >/dev/null \
    || { kill $kwalletd; exit 1; }; ";

/// A session bus of the test's own (`dbus-run-session`), with a Secret Service started (see
/// [`Daemon`]), in a home of its own; it ends when dropped.
struct KeyringSession {
    session: crate::support::process::Group,
    address: String,
    home: PathBuf,
}

impl KeyringSession {
    /// The session, or `None` (after the loud message) when the tools are missing.
    fn start(daemon: Daemon) -> Option<Self> {
        use std::io::BufRead as _;
        let (tools, packages): (&[&str], &[&str]) = match daemon {
            Daemon::KWallet => (
                &["dbus-run-session", "gdbus", "kwalletd5", "secret-tool"],
                // secret-tool asks for an encrypted session first, which kwalletd5 offers only
                // with QCA's OpenSSL plugin
                &[
                    "dbus",
                    "libglib2.0-bin",
                    "libkf5wallet-bin",
                    "libqca-qt5-2-plugins",
                    "libsecret-tools",
                ],
            ),
            _ => (
                &["dbus-run-session", "gnome-keyring-daemon", "secret-tool"],
                &["dbus", "gnome-keyring", "libsecret-tools"],
            ),
        };
        let missing: Vec<_> = tools
            .iter()
            .filter(|tool| {
                !std::process::Command::new("sh")
                    .args(["-c", &format!("command -v {tool}")])
                    .stdout(std::process::Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success())
            })
            .collect();
        if !missing.is_empty() {
            crate::support::skip(
                &format!("the keyring tests need {missing:?}"),
                &crate::support::apt_install(packages),
            );
            return None;
        }
        let home = std::env::temp_dir().join(format!(
            "fe-keyring-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&home);
        let runtime = home.join("run");
        std::fs::create_dir_all(&runtime).expect("a runtime folder");
        let session_bus = |script: &str| {
            let mut command = std::process::Command::new("dbus-run-session");
            command
                .args(["--", "sh", "-c", script])
                .env("HOME", &home)
                .env("XDG_CONFIG_HOME", home.join("config"))
                .env("XDG_DATA_HOME", home.join("data"))
                .env("XDG_RUNTIME_DIR", &runtime)
                // No display for the keyring's own prompter (gcr-prompter, KWallet's dialogs):
                // an unlock it would ask for is dismissed at once, or never answered.
                .env_remove("DISPLAY")
                .env_remove("WAYLAND_DISPLAY")
                .env("QT_QPA_PLATFORM", "offscreen")
                // The bus and the daemon chat on stderr ("Failed to set fd limit"); a failure
                // shows in what the proxy and secret-tool say.
                .stderr(std::process::Stdio::null());
            command
        };
        // The session's script starts the daemon, prints the bus's address, and holds the
        // session open (`cat`) until the test closes its stdin.
        let script = match daemon {
            // The keyring daemon takes the login keyring's password on stdin, creates the
            // keyring and unlocks it.
            Daemon::GnomeKeyring => "printf test | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 1; \
                echo \"$DBUS_SESSION_BUS_ADDRESS\"; exec cat >/dev/null".to_owned(),
            Daemon::GnomeKeyringWithoutKeyring => {
                "echo \"$DBUS_SESSION_BUS_ADDRESS\"; exec cat >/dev/null".to_owned()
            }
            Daemon::KWallet => {
                let made = format!("{KWALLET_OPEN}kill $kwalletd; wait $kwalletd; exit 0");
                let made = session_bus(&made)
                    .status()
                    .expect("dbus-run-session starts");
                assert!(made.success(), "kwalletd5 made no wallet");
                // kwalletd5 outlives its bus: it is stopped when the session ends.
                format!(
                    "{KWALLET_OPEN}echo \"$DBUS_SESSION_BUS_ADDRESS\"; cat >/dev/null; kill $kwalletd; wait $kwalletd"
                )
            }
        };
        let mut session = session_bus(&script);
        session
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped());
        let mut session = crate::support::process::Group::spawn("dbus-run-session", &mut session);
        let mut address = String::new();
        std::io::BufReader::new(session.stdout.take().expect("its stdout"))
            .read_line(&mut address)
            .expect("the session's address");
        let address = address.trim().to_owned();
        assert!(address.starts_with("unix:"), "no session bus: {address:?}");
        Some(Self {
            session,
            address,
            home,
        })
    }

    /// Where the proxy keeps its token file in this session (`XDG_STATE_HOME`).
    pub(super) fn state_home(&self) -> PathBuf {
        self.home.join("state")
    }

    /// The environment of a program in this session.
    fn env(&self, command: &mut std::process::Command) {
        command
            .env("DBUS_SESSION_BUS_ADDRESS", &self.address)
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join("config"))
            .env("XDG_DATA_HOME", self.home.join("data"))
            .env("XDG_RUNTIME_DIR", self.home.join("run"))
            .env("XDG_STATE_HOME", self.state_home())
            .env_remove("FORM_ELICITATION_TOKEN_STORE");
    }

    /// What `secret-tool search` finds for `server`: the secret of each item, and its label.
    fn search(&self, server: &str) -> Vec<(String, String)> {
        let mut command = std::process::Command::new("secret-tool");
        command.args([
            "search",
            "--all",
            "--unlock",
            "application",
            "form-elicitation",
            "server",
            server,
        ]);
        self.env(&mut command);
        let out = command.output().expect("secret-tool runs");
        assert!(out.status.success(), "{out:?}");
        // Each item: "[/path]" then "label = …", "secret = …", … on stdout (the attributes
        // and dates on stderr).
        let stdout = String::from_utf8_lossy(&out.stdout);
        let mut found = Vec::new();
        let mut label = String::new();
        for line in stdout.lines() {
            if let Some(text) = line.strip_prefix("label = ") {
                label = text.to_owned();
            } else if let Some(secret) = line.strip_prefix("secret = ") {
                found.push((secret.to_owned(), label.clone()));
            }
        }
        found
    }

    /// Locks the login keyring, as the desktop does when the screen locks (some desktops).
    fn lock(&self) {
        let mut command = std::process::Command::new("dbus-send");
        command.args([
            "--session",
            "--print-reply",
            "--dest=org.freedesktop.secrets",
            "/org/freedesktop/secrets",
            "org.freedesktop.Secret.Service.Lock",
            "array:objpath:/org/freedesktop/secrets/collection/login",
        ]);
        self.env(&mut command);
        let out = command.output().expect("dbus-send runs");
        assert!(out.status.success(), "{out:?}");
    }

    /// What the token file keeps for `server`, if the file is there.
    fn in_file(&self, server: &str) -> Option<Value> {
        let file = self.state_home().join("form-elicitation/tokens.json");
        let text = std::fs::read(file).ok()?;
        let all: Value = serde_json::from_slice(&text).expect("the token file is JSON");
        all.get(server).cloned()
    }
}

impl Drop for KeyringSession {
    fn drop(&mut self) {
        drop(self.session.stdin.take());
        let _ = wait_child(&mut self.session, SESSION_TIMEOUT);
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

/// A Streamable HTTP MCP server that wants a bearer token, with its own authorization server
/// on the same origin (the 2025-03-26 layout: metadata, dynamic registration, an
/// authorization endpoint that redirects at once, a token endpoint). It issues one token,
/// `the-token`, and counts the sign-ins (token requests) and the MCP requests it answered.
struct SignInServer {
    url: String,
    sign_ins: Arc<std::sync::atomic::AtomicUsize>,
    answered: Arc<std::sync::atomic::AtomicUsize>,
}

impl SignInServer {
    const TOKEN: &'static str = "the-token";

    fn start() -> Self {
        use std::io::{BufRead as _, Read as _, Write as _};
        use std::sync::atomic::{AtomicUsize, Ordering};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("binds");
        let origin = format!("http://{}", listener.local_addr().expect("an address"));
        let sign_ins = Arc::new(AtomicUsize::new(0));
        let answered = Arc::new(AtomicUsize::new(0));
        let (counted, served) = (Arc::clone(&sign_ins), Arc::clone(&answered));
        let base = origin.clone();
        thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                let (origin, sign_ins, answered) =
                    (base.clone(), Arc::clone(&counted), Arc::clone(&served));
                thread::spawn(move || {
                    let mut reader = BufReader::new(&stream);
                    let mut request_line = String::new();
                    let _ = reader.read_line(&mut request_line);
                    let mut parts = request_line.split_whitespace();
                    let method = parts.next().unwrap_or("").to_owned();
                    let target = parts.next().unwrap_or("").to_owned();
                    let (mut length, mut authorized) = (0, false);
                    loop {
                        let mut line = String::new();
                        if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
                            break;
                        }
                        let (name, value) = line.split_once(':').unwrap_or((&line, ""));
                        match name.to_ascii_lowercase().as_str() {
                            "content-length" => length = value.trim().parse().unwrap_or(0),
                            "authorization" => {
                                authorized = value.trim() == format!("Bearer {}", Self::TOKEN);
                            }
                            _ => {}
                        }
                    }
                    let mut body = vec![0; length];
                    let _ = reader.read_exact(&mut body);
                    let path = target.split('?').next().unwrap_or("");
                    let json = |status: &str, value: Value| {
                        (status.to_owned(), vec![], Some(value.to_string()))
                    };
                    let (status, headers, answer): (String, Vec<String>, Option<String>) = match (
                        method.as_str(),
                        path,
                    ) {
                        ("GET", "/.well-known/oauth-authorization-server") => json(
                            "200 OK",
                            serde_json::json!({
                                "issuer": origin,
                                "authorization_endpoint": format!("{origin}/authorize"),
                                "token_endpoint": format!("{origin}/token"),
                                "registration_endpoint": format!("{origin}/register"),
                                "code_challenge_methods_supported": ["S256"],
                            }),
                        ),
                        ("POST", "/register") => {
                            json("201 Created", serde_json::json!({"client_id": "client"}))
                        }
                        ("GET", "/authorize") => {
                            let query: std::collections::HashMap<_, _> =
                                url::Url::parse(&format!("{origin}{target}"))
                                    .expect("a URL")
                                    .query_pairs()
                                    .into_owned()
                                    .collect();
                            let mut back = url::Url::parse(&query["redirect_uri"]).expect("a URL");
                            back.query_pairs_mut()
                                .append_pair("code", "the-code")
                                .append_pair("state", &query["state"]);
                            ("302 Found".into(), vec![format!("Location: {back}")], None)
                        }
                        ("POST", "/token") => {
                            sign_ins.fetch_add(1, Ordering::SeqCst);
                            json(
                                "200 OK",
                                serde_json::json!({"access_token": Self::TOKEN, "token_type": "Bearer"}),
                            )
                        }
                        ("POST", "/mcp") if !authorized => (
                            "401 Unauthorized".into(),
                            vec!["WWW-Authenticate: Bearer".into()],
                            None,
                        ),
                        ("POST", "/mcp") => {
                            let message: Value =
                                serde_json::from_slice(&body).unwrap_or(Value::Null);
                            match message.get("id") {
                                Some(id) => {
                                    answered.fetch_add(1, Ordering::SeqCst);
                                    json(
                                        "200 OK",
                                        serde_json::json!({"jsonrpc": "2.0", "id": id, "result": {
                                            "protocolVersion": "2025-06-18",
                                            "capabilities": {},
                                            "serverInfo": {"name": "signed-in", "version": "1"},
                                        }}),
                                    )
                                }
                                None => ("202 Accepted".into(), vec![], None),
                            }
                        }
                        ("GET", "/mcp") => ("405 Method Not Allowed".into(), vec![], None),
                        _ => ("404 Not Found".into(), vec![], None),
                    };
                    let answer = answer.unwrap_or_default();
                    let mut head = format!(
                        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n",
                        answer.len()
                    );
                    if !answer.is_empty() {
                        head.push_str("Content-Type: application/json\r\n");
                    }
                    for header in headers {
                        head.push_str(&header);
                        head.push_str("\r\n");
                    }
                    let _ = (&stream).write_all(format!("{head}\r\n{answer}").as_bytes());
                });
            }
        });
        Self {
            url: format!("{origin}/mcp"),
            sign_ins,
            answered,
        }
    }

    fn sign_ins(&self) -> usize {
        self.sign_ins.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn answered(&self) -> usize {
        self.answered.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Runs `proxy --url` against `server` in `session` as a client would: one `initialize`,
/// whose answer must come back, then stdin closed; the proxy's stderr.
fn initialize_through_proxy(
    session: &KeyringSession,
    server: &SignInServer,
    serve: &FakeServe,
    env: &[(&str, &str)],
) -> String {
    use std::io::{BufRead as _, Read as _, Write as _};
    let mut command = std::process::Command::new(crate::support::BIN);
    command.args(["proxy", "--url", &server.url]);
    session.env(&mut command);
    command
        .envs(crate::support::ENGLISH)
        .envs(env.iter().copied())
        .env("FORM_ELICITATION_SOCKET", serve.socket())
        .env_remove("FORM_ELICITATION_CLIENT_ID")
        .env_remove("FORM_ELICITATION_CLIENT_SECRET")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut proxy = crate::support::process::Group::spawn("the proxy", &mut command);
    let mut stdin = proxy.stdin.take().expect("its stdin");
    writeln!(
        stdin,
        r#"{{"jsonrpc":"2.0","id":1,"method":"initialize","params":{{"protocolVersion":"2025-06-18","capabilities":{{}},"clientInfo":{{"name":"test","version":"1"}}}}}}"#
    )
    .expect("the request");
    let stdout = proxy.stdout.take().expect("its stdout");
    let (line, answer) = std::sync::mpsc::channel();
    thread::spawn(move || {
        let mut first = String::new();
        let _ = BufReader::new(stdout).read_line(&mut first);
        let _ = line.send(first);
    });
    let answer = answer.recv_timeout(SESSION_TIMEOUT);
    drop(stdin);
    let code = wait_child(&mut proxy, SESSION_TIMEOUT);
    let mut stderr = String::new();
    let _ = proxy
        .stderr
        .take()
        .expect("its stderr")
        .read_to_string(&mut stderr);
    let answer = answer.unwrap_or_default();
    assert!(
        answer.contains(r#""name":"signed-in""#) && code == Some(0),
        "the proxy did not pass the answer (exit {code:?}): {answer}\n{stderr}"
    );
    stderr
}

/// `proxy --sign-out URL` in `session`; its stderr.
fn sign_out(session: &KeyringSession, server: &str) -> String {
    let mut command = std::process::Command::new(crate::support::BIN);
    command.args(["proxy", "--sign-out", server]);
    session.env(&mut command);
    let out = command
        .envs(crate::support::ENGLISH)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Where a desktop keeps secrets: with GNOME Keyring on the session bus, the sign-in goes to
/// the keyring (labelled, found by application and server) and not to the file; the next
/// run uses it without signing in again; `--sign-out` deletes it.
#[test]
fn the_sign_in_is_kept_in_the_keyring_and_sign_out_forgets_it() {
    if let Some(session) = KeyringSession::start(Daemon::GnomeKeyring) {
        kept_in_the_keyring_and_forgotten(&session);
    }
}

/// The same with KDE's KWallet as the Secret Service.
#[test]
fn the_sign_in_is_kept_in_kwallet_and_sign_out_forgets_it() {
    if let Some(session) = KeyringSession::start(Daemon::KWallet) {
        kept_in_the_keyring_and_forgotten(&session);
    }
}

/// The sign-in goes to the keyring of `session` and not to the file, is used from there by
/// the next run, and `--sign-out` deletes it.
fn kept_in_the_keyring_and_forgotten(session: &KeyringSession) {
    let server = SignInServer::start();
    let serve = FakeServe::start("accept");
    initialize_through_proxy(session, &server, &serve, &[]);
    assert_eq!(serve.asked().len(), 1, "one consent");
    assert_eq!(server.sign_ins(), 1);
    let kept = session.search(&server.url);
    assert_eq!(kept.len(), 1, "{kept:?}");
    let (secret, label) = &kept[0];
    let saved: Value = serde_json::from_str(secret).expect("the item holds JSON");
    assert_eq!(saved["access_token"], SignInServer::TOKEN, "{saved}");
    assert_eq!(
        label,
        &format!("form-elicitation: MCP sign-in for {}", server.url)
    );
    assert_eq!(
        session.in_file(&server.url),
        None,
        "the token is not in the file"
    );

    // The next run finds the token in the keyring: no consent, no sign-in.
    initialize_through_proxy(session, &server, &serve, &[]);
    assert_eq!(serve.asked().len(), 1, "no second consent");
    assert_eq!(server.sign_ins(), 1);
    assert_eq!(server.answered(), 2);

    let said = sign_out(session, &server.url);
    assert!(!said.contains("no sign-in was kept"), "{said}");
    assert_eq!(session.search(&server.url), vec![]);
    // Signing out again: nothing left to forget, and the proxy says so.
    assert!(sign_out(session, &server.url).contains("no sign-in was kept"));
}

/// A sign-in kept in the file before the keyring was there moves into the keyring on the
/// next run, and is used without signing in again.
#[test]
fn a_sign_in_in_the_file_moves_to_the_keyring() {
    let Some(session) = KeyringSession::start(Daemon::GnomeKeyring) else {
        return;
    };
    let server = SignInServer::start();
    let serve = FakeServe::start("accept");
    // The first run keeps it in the file, as asked.
    initialize_through_proxy(
        &session,
        &server,
        &serve,
        &[("FORM_ELICITATION_TOKEN_STORE", "file")],
    );
    assert_eq!(server.sign_ins(), 1);
    assert!(session.in_file(&server.url).is_some());
    assert_eq!(session.search(&server.url), vec![]);
    // The next one (auto) moves it.
    initialize_through_proxy(&session, &server, &serve, &[]);
    assert_eq!(server.sign_ins(), 1, "no second sign-in");
    assert_eq!(serve.asked().len(), 1, "no second consent");
    assert_eq!(session.in_file(&server.url), None, "moved out of the file");
    let kept = session.search(&server.url);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(kept[0].0.contains(SignInServer::TOKEN), "{kept:?}");
}

/// A Secret Service with no keyring made yet (the daemon started on demand, on a machine
/// where no one ever logged in to a desktop) cannot keep the sign-in: the file does, mode
/// 0600, and the proxy says why.
#[test]
fn a_keyring_with_no_default_collection_leaves_the_sign_in_to_the_file() {
    use std::os::unix::fs::PermissionsExt as _;
    let Some(session) = KeyringSession::start(Daemon::GnomeKeyringWithoutKeyring) else {
        return;
    };
    let server = SignInServer::start();
    let serve = FakeServe::start("accept");
    let said = initialize_through_proxy(&session, &server, &serve, &[]);
    assert!(
        said.contains("no default collection") && said.contains("in a file instead"),
        "{said}"
    );
    let kept = session.in_file(&server.url).expect("kept in the file");
    assert_eq!(kept["access_token"], SignInServer::TOKEN, "{kept}");
    let file = session.state_home().join("form-elicitation/tokens.json");
    let mode = std::fs::metadata(&file)
        .expect("exists")
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600);
    sign_out(&session, &server.url);
    assert_eq!(session.in_file(&server.url), None);
}

/// A locked keyring whose unlock prompt cannot be shown (no display here) is not asked again in that run,
/// and the new sign-in is not written to the file behind its back: it lasts as long as the
/// proxy. `--sign-out` then fails, saying why, rather than claim it forgot.
#[test]
fn a_keyring_left_locked_keeps_the_sign_in_in_memory_only() {
    let Some(session) = KeyringSession::start(Daemon::GnomeKeyring) else {
        return;
    };
    let server = SignInServer::start();
    let serve = FakeServe::start("accept");
    initialize_through_proxy(&session, &server, &serve, &[]);
    assert_eq!(session.search(&server.url).len(), 1);
    session.lock();
    let said = initialize_through_proxy(&session, &server, &serve, &[]);
    // Regression (issue 48 item 5): with no display for the keyring's prompter, the unlock
    // prompt closes at once, which was reported as "the keyring's prompt was dismissed"; and
    // nothing said that the locked keyring held a sign-in, so that unlocking it would spare
    // the browser.
    assert_eq!(
        said.matches("the keyring's unlock prompt could not be shown")
            .count(),
        1,
        "asked once: {said}"
    );
    assert!(!said.contains("dismissed"), "{said}");
    assert!(
        said.contains(&format!(
            "a sign-in for {} is kept in the keyring, which is locked: unlocking the keyring",
            server.url
        )) && said.contains("instead of a new sign-in in the browser"),
        "{said}"
    );
    assert!(
        said.contains("the sign-in lasts as long as the proxy"),
        "{said}"
    );
    assert_eq!(server.sign_ins(), 2, "signed in again, in memory");
    assert_eq!(session.in_file(&server.url), None, "not in the file");
    let mut command = std::process::Command::new(crate::support::BIN);
    command.args(["proxy", "--sign-out", &server.url]);
    session.env(&mut command);
    let out = command
        .envs(crate::support::ENGLISH)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the keyring stayed locked"), "{stderr}");
}

/// `FORM_ELICITATION_TOKEN_STORE=secret-service` means there and nowhere else: with no
/// Secret Service, `--sign-out` fails saying so rather than clear the file and claim it forgot.
#[test]
fn the_secret_service_store_without_one_is_an_error() {
    let out = std::process::Command::new(crate::support::BIN)
        .args(["proxy", "--sign-out", "https://a/mcp"])
        .envs(crate::support::ENGLISH)
        .env("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus")
        .env("FORM_ELICITATION_TOKEN_STORE", "secret-service")
        .env("XDG_STATE_HOME", "/nonexistent")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "FORM_ELICITATION_TOKEN_STORE=secret-service, but the session bus has no Secret Service"
        ),
        "{stderr}"
    );
}

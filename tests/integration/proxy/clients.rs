//! The proxy judges a client by who it is, not by what it declares (issue 55), and holds a
//! bounded number of waiting forms (issue 54, item 6). Stand-in clients send the exact
//! `initialize` of the real ones and then decline or drop whatever elicitation reaches them,
//! as those clients do; the forms are answered with xdotool under Xvfb.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::harness::*;
use super::{QUEUE_KEYS, peak_rss_kib};
use crate::support::desktop::unique_title;
use crate::support::process::{Group, without_terminal};
use crate::support::xvfb::Xvfb;
use crate::support::{BIN, ENGLISH, root};

/// Codex CLI 0.169.1's `initialize`, byte for byte as it sent it here (issue 55).
const CODEX: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{"form":{},"url":{}}},"clientInfo":{"name":"codex-mcp-client","version":"0.169.1"}}}"#;
/// Claude Desktop's, with the name and capabilities public reports show (the version is a
/// stand-in: the proxy does not read it for this client).
const CLAUDE_DESKTOP: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{}},"clientInfo":{"name":"claude-ai","version":"0.1.0"}}}"#;
/// Cursor's, likewise (name and capabilities as reported; the version a stand-in).
const CURSOR: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"roots":{"listChanged":false},"elicitation":{}},"clientInfo":{"name":"cursor-vscode","version":"1.0.0"}}}"#;
/// VS Code's, as its source writes it: on the list of clients that show forms.
const VS_CODE: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{"listChanged":true},"elicitation":{"form":{},"url":{}}},"clientInfo":{"name":"Visual Studio Code","version":"1.107.0"}}}"#;

/// What a stand-in client does with an `elicitation/create` that reaches it.
#[derive(Clone, Copy)]
enum Does {
    /// Answers `decline` at once (`codex exec`, whatever its approval policy).
    Decline,
    /// Never answers (Cursor with a stdio server; Claude Desktop).
    Drop,
}

/// Regression (issue 55): Codex, Claude Desktop and Cursor declare elicitation, so under
/// `--intercept auto` the proxy passed every form on to them: Codex declined it within 1.2 s,
/// the others never showed it, and the person never saw a form. Now the proxy shows our form
/// and the server gets what was typed. Without the fix, the stand-in's decline (or nothing)
/// reaches the server and no window opens: the test fails at once on the call's result.
#[test]
fn clients_that_declare_forms_but_do_not_show_them_get_ours() {
    let Some((x, python)) = setup() else {
        return;
    };
    for (name, initialize, does) in [
        ("Codex", CODEX, Does::Decline),
        ("Claude Desktop", CLAUDE_DESKTOP, Does::Drop),
        ("Cursor", CURSOR, Does::Drop),
    ] {
        let title = unique_title("proxy-declared");
        let mut proxy = RawProxy::start(&x, &python, &title, &[]);
        proxy.send(initialize);
        proxy.expect_line(|l| l.contains(r#""id":0"#));
        proxy.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                          "params": {"name": "ask_name", "arguments": {}}});
        proxy.send(&call.to_string());
        wait_for_our_form(&mut proxy, &x, &title, does, name);
        x.type_text("Ada");
        x.key("Return");
        let result = proxy.expect_line(|l| l.contains(r#""id":2"#));
        assert!(result.contains("hello Ada"), "{name}: {result}");
    }
}

/// Waits for our form titled `title`, doing with any `elicitation/create` that reaches the
/// stand-in client what the real one does; a call that ends first fails the test.
fn wait_for_our_form(proxy: &mut RawProxy, x: &Xvfb, title: &str, does: Does, name: &str) {
    let deadline = Instant::now() + SESSION_TIMEOUT;
    while x.find_windows(title).is_empty() {
        assert!(Instant::now() < deadline, "{name}: no form appeared");
        if let Ok(line) = proxy.lines.recv_timeout(Duration::from_millis(50)) {
            let message: Value = serde_json::from_str(&line).expect("JSON from the proxy");
            if message["method"] == "elicitation/create" {
                if let Does::Decline = does {
                    let id = &message["id"];
                    proxy.send(
                        &json!({"jsonrpc": "2.0", "id": id,
                                       "result": {"action": "decline"}})
                        .to_string(),
                    );
                }
                continue;
            }
            assert_ne!(
                message["id"],
                json!(2),
                "{name}: the call ended without our form"
            );
        }
    }
    proxy.window(x, title);
}

/// A client on the known list gets the server's form itself, byte for byte, its
/// `initialize` goes to the server untouched, and no window opens. `cat` is the server: it
/// sends back what the client wrote, so the client sees exactly what the server got and sent.
#[test]
fn a_client_known_to_show_forms_gets_them_itself_untouched() {
    let Some(x) = crate::support::xvfb::display_or_skip(&[]) else {
        return;
    };
    let title = unique_title("proxy-known");
    let mut proxy = CatProxy::start(&["--title", &title], &[("DISPLAY", &x.display)]);
    proxy.send(VS_CODE);
    assert_eq!(proxy.line(), VS_CODE, "the initialize was rewritten");
    let ask = r#"{"jsonrpc":"2.0","id":"a1","method":"elicitation/create","params":{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}"#;
    proxy.send(ask);
    assert_eq!(
        proxy.line(),
        ask,
        "the form did not reach the client as sent"
    );
    assert!(x.find_windows(&title).is_empty(), "a window opened");
}

/// The "no display" line speaks Codex's configuration (TOML in `~/.codex/config.toml`),
/// beside the socket unit; the proxy says once why it answers a form Codex declared. The
/// proxy starts as Codex starts servers: an allow-listed environment, no terminal; an SSH
/// login, so that it looks for no desktop (the test machine's are there).
#[test]
fn the_no_display_line_speaks_codex_s_configuration() {
    let mut proxy = CatProxy::start(&[], &[("SSH_CONNECTION", "10.0.0.1 22 10.0.0.2 22")]);
    proxy.send(CODEX);
    proxy.line();
    proxy.send(r#"{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}"#);
    // The server's error comes back through `cat`.
    let line = proxy.line();
    let error: Value = serde_json::from_str(&line).expect("JSON");
    assert_eq!(error["id"], "e1", "{line}");
    let message = error["error"]["message"].as_str().unwrap_or_default();
    for words in [
        r#"add env = { DISPLAY = ":0" } (or WAYLAND_DISPLAY) under this server's [mcp_servers.NAME] in ~/.codex/config.toml"#,
        "systemctl --user enable --now form-elicitation.socket",
    ] {
        assert!(message.contains(words), "{words}: {message}");
    }
    assert!(!message.contains(r#""env": {"#), "{message}");
    let stderr = proxy.finish();
    assert!(
        stderr.contains(
            "codex-mcp-client 0.169.1 declares forms but does not show their fields: answering here"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("~/.codex/config.toml"),
        "the dialog's own line: {stderr}"
    );
}

/// Regression (issue 54, item 6): a server that sent 400 forms of 1 MB had them all held
/// (401 MB, "Form 1 of 401"), and 1,600 ended in SIGABRT. Now at most 8 MiB of forms wait
/// behind the one shown: the other 91 of 100 get an error at once that says why, the proxy
/// stays up and small, and "Decline all" then answers the rest.
#[test]
fn a_flood_of_megabyte_forms_is_bounded_and_the_excess_refused_at_once() {
    let Some((x, python)) = setup() else {
        return;
    };
    let title = unique_title("proxy-flood");
    let script = root().join("tests/proxy/flood_server.py");
    let mut proxy = RawProxy::start_script(&x, (&python, &script), &title, &[]);
    proxy.send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#);
    proxy.expect_line(|l| l.contains(r#""id":1"#));
    proxy.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"flood","arguments":{}}}"#);
    proxy.window(&x, &title);
    // Every form has come (the excess answered) before the keys: the count is final.
    proxy.expect_line(|l| l.contains("every form sent"));
    let peak = peak_rss_kib(proxy.child.id());
    eprintln!("the proxy's peak memory: {peak} KiB");
    for key in QUEUE_KEYS {
        x.key(key);
    }
    let result = proxy.expect_line(|l| l.contains(r#""id":2"#));
    let result: Value = serde_json::from_str(&result).expect("JSON");
    let text = result["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    let answers: Vec<Value> = serde_json::from_str(text).expect("the server's list");
    let declined: Vec<&Value> = answers.iter().filter(|a| a[1] == "decline").collect();
    let refused: Vec<&Value> = answers.iter().filter(|a| a[1] == "error").collect();
    assert_eq!(
        declined.len(),
        9,
        "the shown form and 8 MiB waiting: {text:.300}"
    );
    assert_eq!(refused.len(), 91, "{text:.300}");
    assert!(
        refused.iter().all(|a| a[2]
            .as_str()
            .unwrap_or_default()
            .contains("too many forms at once")),
        "{:?}",
        refused[0]
    );
    // 100 MB arrived; before the bound all of it was held.
    assert!(peak < 48 * 1024, "the proxy's peak memory: {peak} KiB");
    assert_eq!(
        proxy.child.try_wait().ok().flatten(),
        None,
        "the proxy ended"
    );
}

/// The proxy in front of `cat`, with a clean environment (`PATH`, `HOME`, English and
/// `envs`), its stdout read line by line and its stderr kept.
struct CatProxy {
    child: Group,
    stdin: Option<std::process::ChildStdin>,
    lines: mpsc::Receiver<String>,
}

impl CatProxy {
    fn start(args: &[&str], envs: &[(&str, &str)]) -> CatProxy {
        let mut command = Command::new(BIN);
        command
            .arg("proxy")
            .args(args)
            .args(["--", "cat"])
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", std::env::var_os("HOME").unwrap_or_default())
            .envs(ENGLISH)
            .envs(envs.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        without_terminal(&mut command);
        let mut child = Group::spawn("the proxy", &mut command);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        CatProxy {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("write to the proxy");
        stdin.flush().expect("flush");
    }

    fn line(&self) -> String {
        self.lines
            .recv_timeout(SESSION_TIMEOUT)
            .expect("a line from the proxy in time")
    }

    /// Closes the proxy's stdin and waits for it to end; its stderr.
    fn finish(mut self) -> String {
        use std::io::Read as _;
        drop(self.stdin.take());
        let mut stderr = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
            pipe.read_to_string(&mut stderr)
                .expect("the proxy's stderr");
        }
        wait_child(&mut self.child, Duration::from_secs(10));
        stderr
    }
}

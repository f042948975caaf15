//! Issue 58: the proxy keeps a client's call alive while its form is open. The official
//! TypeScript SDK's client (`tests/proxy/progress_client.cjs`) calls a tool whose server asks
//! a form, with a request timeout shorter than the person takes: with `resetTimeoutOnProgress`
//! it restarts its timer on each `notifications/progress` the proxy sends, and gets the answer;
//! without it, the SDK gives up, and the form stays to keep what was typed as a draft, which
//! fills the form when the tool is called again. And when the client goes altogether (its
//! stdin closed, or SIGTERM to the proxy), the proxy ends at once, and the form stays all the
//! same.

use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::json;

use super::super::support::desktop::unique_title;
use super::super::support::process::{ShownWindows, fresh_state_home, without_terminal};
use super::super::support::{BIN, ENGLISH, root};
use super::harness::*;

/// The SDK's client with a 3 s timeout and `resetTimeoutOnProgress`, the form answered after
/// 5 s: the call is answered, having heard the proxy's progress. Without the proxy's progress
/// the SDK gave up at 3 s ("Request timed out") and the form vanished with what was typed.
#[test]
fn a_client_that_restarts_its_timer_on_progress_waits_for_the_person() {
    let Some((x, python)) = setup() else {
        return;
    };
    let Some(modules) = node_modules_or_skip() else {
        return;
    };
    let title = unique_title("proxy-progress");
    let mut command = Command::new("node");
    command
        .arg(root().join("tests/proxy/progress_client.cjs"))
        .arg(BIN)
        .arg(&python)
        .arg(server_script())
        .arg(&title)
        .arg("3000")
        .arg("reset")
        .env("NODE_PATH", &modules)
        // A pace the 3 s timeout can see (the proxy's own is 5 s, for clients' 60 s).
        .env("FORM_ELICITATION_TEST_PROGRESS_MS", "1000")
        .envs(ENGLISH);
    without_terminal(&mut command);
    let mut shown = x.spawn("the TypeScript client", command, None);
    form(&x, &mut shown, &title, |x| {
        // The person reads and looks something up: longer than the client's timeout.
        thread::sleep(Duration::from_secs(5));
        x.type_text("Ada");
        x.key("Return");
    });
    let out = outcome(shown);
    assert_eq!(out["text"], "hello Ada", "{out}");
    assert!(out["progresses"].as_u64().is_some_and(|n| n >= 3), "{out}");
}

/// Issue 58, the "Done when": the SDK's client calls with a 3 s timeout and nothing that
/// restarts it; the person types, the SDK gives up ("Request timed out") and cancels the call,
/// and the server withdraws its form. The window used to vanish then with what was typed
/// (the proxy stopped it); now it stays and says the client stopped waiting, and Enter (its
/// "Keep as draft") keeps the text. The tool is called again: the form opens filled with it,
/// and Enter sends exactly it.
#[test]
fn a_form_the_client_stopped_waiting_for_stays_and_its_draft_comes_back_on_the_next_call() {
    let Some((x, python)) = setup() else {
        return;
    };
    let Some(modules) = node_modules_or_skip() else {
        return;
    };
    let title = unique_title("proxy-stopped-waiting");
    let windows = ShownWindows::new();
    let signal = windows.of(&title);
    let mut command = Command::new("node");
    command
        .arg(root().join("tests/proxy/stopped_waiting_client.cjs"))
        .arg(BIN)
        .arg(&python)
        .arg(server_script())
        .arg(&title)
        .env("NODE_PATH", &modules)
        .env("XDG_STATE_HOME", fresh_state_home())
        .env(windows.env().0, windows.env().1)
        .envs(ENGLISH);
    without_terminal(&mut command);
    let mut shown = x.spawn("the TypeScript client", command, None);
    let window = x.wait_for_window(&mut shown, &title);
    let pid = window_pid(&x, &window);
    x.type_text("Ada");
    // The client gives up at 3 s; the window stays and says so.
    wait_until_nobody_waits(&signal);
    assert!(
        x.find_windows(&title)
            .iter()
            .any(|w| window_pid(&x, w) == pid),
        "the window is gone"
    );
    // Only the next form's window may say it is shown from here on.
    shown.shown_signal.reset();
    x.key("Return");
    wait_pid_gone(&x, &title, &pid);
    // The model calls again: the same form, filled with the draft; Enter sends it.
    form(&x, &mut shown, &title, |x| x.key("Return"));
    let out = outcome(shown);
    assert!(
        out["first"]["error"]
            .as_str()
            .is_some_and(|e| e.contains("timed out")),
        "{out}"
    );
    assert_eq!(out["second"]["text"], "hello Ada", "{out}");
}

/// How the client goes in [`a_form_outlives_the_proxy_its_client_ended`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum ClientGone {
    /// It closes the proxy's stdin (a client's shutdown, or its end).
    StdinClosed,
    /// It sends SIGTERM to the proxy (how most clients stop a server).
    Sigterm,
}

/// How the form left behind ends in [`a_form_outlives_the_proxy_its_client_ended`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum LeftBehind {
    /// The person types "a" and presses Enter (its Keep as draft).
    KeptByThePerson,
    /// Nobody touches it: its own `--timeout` (8 s) ends it, keeping the draft.
    EndedByItsTimeout,
}

/// Issue 58, the client gone: a form is open for a call, "Ad" typed, and the client goes.
/// The proxy still ends within 1.5 s (the Python client kills the tree after 2 s; clients wait
/// for it, never for the person), but the window stays and says that the client stopped
/// waiting. What is typed after the proxy's end still reaches it ("a"), and Enter (its Keep as
/// draft) keeps the text. The next run of the proxy, asked the same form, opens it filled, and
/// Enter sends exactly "Ada". Before: the proxy stopped the window (SIGTERM), which vanished
/// with "Ad" kept silently; and a window told so but still ending with its parent (or its
/// answer's reader) kept "Ad" and lost the "a". Left alone, the window is no orphan forever:
/// its own `--timeout` ends it, keeping "Ad".
fn a_form_outlives_the_proxy_its_client_ended(gone: ClientGone, end: LeftBehind) {
    let Some((x, python)) = setup() else {
        return;
    };
    let title = unique_title("proxy-client-gone");
    let state = fresh_state_home();
    let envs = [("XDG_STATE_HOME", state.to_str().expect("a UTF-8 path"))];
    let first_envs = match end {
        LeftBehind::KeptByThePerson => envs.to_vec(),
        LeftBehind::EndedByItsTimeout => [envs[0], ("FORM_ELICITATION_TIMEOUT", "8")].to_vec(),
    };
    let mut proxy = RawProxy::start(&x, &python, &title, &first_envs);
    let signal = proxy.shown(&title);
    let window = proxy.call_until_form(&x, &title, json!({"name": "ask_name", "arguments": {}}));
    let pid = window_pid(&x, &window);
    x.type_text("Ad");
    let went = Instant::now();
    match gone {
        ClientGone::StdinClosed => proxy.stdin = None,
        ClientGone::Sigterm => {
            let status = Command::new("kill")
                .args(["-TERM", &proxy.child.id().to_string()])
                .status();
            assert!(status.is_ok_and(|s| s.success()), "kill -TERM");
        }
    }
    let status = proxy.wait(Duration::from_secs(5));
    let took = went.elapsed();
    assert!(
        took < Duration::from_millis(1500),
        "the proxy took {took:?} to end"
    );
    if gone == ClientGone::Sigterm {
        // The server's status (its stdin closed), not the signal's.
        assert_ne!(status, Some(128 + 15), "the proxy died of the signal");
    }
    wait_until_nobody_waits(&signal);
    let sent = match end {
        LeftBehind::KeptByThePerson => {
            x.type_text("a");
            assert!(
                x.find_windows(&title)
                    .iter()
                    .any(|w| window_pid(&x, w) == pid),
                "the window went with the proxy"
            );
            x.key("Return");
            "hello Ada"
        }
        LeftBehind::EndedByItsTimeout => "hello Ad",
    };
    // At most the 8 s of its timeout from its start, and the time to close.
    wait_pid_gone(&x, &title, &pid);
    // The dialog was in the proxy's process group, which this ends: it is gone by now.
    drop(proxy);
    // The model calls again, through a new run of the proxy: filled in, Enter sends it.
    let mut again = RawProxy::start(&x, &python, &title, &envs);
    let window = again.call_until_form(&x, &title, json!({"name": "ask_name", "arguments": {}}));
    x.key("Return");
    let result = again.expect_line(|l| l.contains(r#""id":2"#));
    assert!(result.contains(&format!("\"{sent}\"")), "{result}");
    wait_gone(&x, &title, &window);
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn a_form_stays_when_its_client_closes_the_proxys_stdin_and_its_draft_comes_back() {
    a_form_outlives_the_proxy_its_client_ended(
        ClientGone::StdinClosed,
        LeftBehind::KeptByThePerson,
    );
}

#[test]
fn a_form_stays_when_its_client_sends_sigterm_and_its_draft_comes_back() {
    a_form_outlives_the_proxy_its_client_ended(ClientGone::Sigterm, LeftBehind::KeptByThePerson);
}

#[test]
fn a_form_left_behind_and_alone_ends_on_its_own_timeout_keeping_the_draft() {
    a_form_outlives_the_proxy_its_client_ended(
        ClientGone::StdinClosed,
        LeftBehind::EndedByItsTimeout,
    );
}

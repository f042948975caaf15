//! Issue 58: the proxy keeps a client's call alive while its form is open. The official
//! TypeScript SDK's client (`tests/proxy/progress_client.cjs`) calls a tool whose server asks
//! a form, with a request timeout shorter than the person takes: with `resetTimeoutOnProgress`
//! it restarts its timer on each `notifications/progress` the proxy sends, and gets the answer.

use std::process::Command;
use std::thread;
use std::time::Duration;

use super::super::support::desktop::unique_title;
use super::super::support::process::without_terminal;
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

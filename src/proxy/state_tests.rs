//! The state machine driven line by line: capability injection, local answers, the
//! multi-round-trip loop, ids and cancellation.

use super::*;
use crate::cli::QueuePlace;

fn state() -> State {
    State::new(Intercept::Auto, None, "python3 server.py".into())
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("utf8")
}

/// The one line an action list sends to the server.
fn to_server(actions: &[Action]) -> String {
    let lines: Vec<&str> = actions
        .iter()
        .filter_map(|a| match a {
            Action::ToServer(line) => Some(text(line)),
            _ => None,
        })
        .collect();
    assert_eq!(
        lines.len(),
        1,
        "expected one line to the server: {actions:?}"
    );
    lines[0].to_owned()
}

fn to_client(actions: &[Action]) -> String {
    let lines: Vec<&str> = actions
        .iter()
        .filter_map(|a| match a {
            Action::ToClient(line) => Some(text(line)),
            _ => None,
        })
        .collect();
    assert_eq!(
        lines.len(),
        1,
        "expected one line to the client: {actions:?}"
    );
    lines[0].to_owned()
}

fn started(actions: &[Action]) -> (Ticket, String, String) {
    actions
        .iter()
        .find_map(|a| match a {
            Action::StartDialog {
                ticket,
                request,
                server,
                ..
            } => Some((*ticket, text(request).to_owned(), server.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no dialog started: {actions:?}"))
}

const INIT_2025_11: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#;

#[test]
fn initialize_declares_both_modes_from_2025_11_25() {
    let mut s = state();
    let out = to_server(&s.from_client(INIT_2025_11.as_bytes()));
    assert_eq!(
        out,
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{},"url":{}}},"clientInfo":{"name":"c","version":"1"}}}"#
    );
}

#[test]
fn initialize_declares_a_bare_object_for_2025_06_18_and_drops_task_elicitation() {
    let mut s = state();
    let line = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"tasks":{"requests":{"elicitation":{"create":{}}}}}}}"#;
    let out = to_server(&s.from_client(line.as_bytes()));
    assert_eq!(
        out,
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"tasks":{"requests":{}},"elicitation":{}}}}"#
    );
}

#[test]
fn a_client_that_elicits_itself_gets_everything_untouched_under_declared() {
    let mut s = State::new(Intercept::Declared, None, "srv".into());
    let line = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}}}}"#;
    assert_eq!(to_server(&s.from_client(line.as_bytes())), line);
    let ask = r#"{"jsonrpc":"2.0","id":5,"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}"#;
    assert_eq!(to_client(&s.from_server(ask.as_bytes())), ask);
    // --intercept always answers it here anyway.
    let mut s = State::new(Intercept::Always, None, "srv".into());
    assert!(
        to_server(&s.from_client(line.as_bytes()))
            .contains(r#""elicitation":{"form":{},"url":{}}"#)
    );
    started(&s.from_server(ask.as_bytes()));
}

#[test]
fn a_server_request_is_answered_locally_with_the_dialog_reply() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    let init_reply = r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"weather"}}}"#;
    assert_eq!(to_client(&s.from_server(init_reply.as_bytes())), init_reply);
    let ask = r#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object","properties":{}}}}"#;
    let actions = s.from_server(ask.as_bytes());
    let (ticket, request, server) = started(&actions);
    assert_eq!(request, ask);
    assert_eq!(server, "weather (python3 server.py)");
    assert!(!actions.iter().any(|a| matches!(a, Action::ToClient(_))));
    let reply = r#"{"jsonrpc":"2.0","id":1,"result":{"action":"decline"}}"#;
    let out = to_server(&s.dialog_done(ticket, DialogEnd::Answered(reply.into())));
    assert_eq!(out, format!("{reply}\n"));
    // A dialog that cannot show the form becomes an error for the server.
    let actions = s.from_server(ask.as_bytes());
    let (ticket, ..) = started(&actions);
    let out = to_server(&s.dialog_done(ticket, DialogEnd::Failed("no display".into())));
    assert_eq!(
        out,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\"no display\"}}\n"
    );
}

/// Issue 58: the server withdraws its form (the client's cancel of the call, passed on to it,
/// or its own timeout). The window used to be stopped (SIGTERM) and vanish with what was
/// typed; now it is told that nobody waits, and stays for the person to keep a draft. Its
/// answer, whatever it is, reaches nobody (the spec: no response to a cancelled request), and
/// the next form waits until it is gone.
#[test]
fn the_servers_cancel_leaves_its_window_to_keep_a_draft_and_nothing_is_sent() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    let ask = r#"{"jsonrpc":"2.0","id":"q","method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}"#;
    let (ticket, ..) = started(&s.from_server(ask.as_bytes()));
    let cancel =
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"q"}}"#;
    assert_eq!(
        s.from_server(cancel.as_bytes()),
        vec![Action::StoppedWaiting(ticket)]
    );
    assert!(s.dialogs_open(), "the window stays");
    // Told once: a second cancel finds no form of that request.
    assert_eq!(s.from_server(cancel.as_bytes()), Vec::new());
    // The model calls again: the same form waits behind the one kept open.
    let again = r#"{"jsonrpc":"2.0","id":"r","method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}"#;
    assert_eq!(s.from_server(again.as_bytes()), Vec::new());
    // The abandoned dialog's answer (even an accept) answers nobody; then the next starts.
    let actions = s.dialog_done(
        ticket,
        DialogEnd::Answered(
            r#"{"jsonrpc":"2.0","id":"q","result":{"action":"accept","content":{}}}"#.into(),
        ),
    );
    assert!(
        !actions
            .iter()
            .any(|a| matches!(a, Action::ToServer(_) | Action::ToClient(_))),
        "{actions:?}"
    );
    let (next, request, _) = started(&actions);
    assert_eq!(request, again);
    assert_eq!(
        s.dialog_done(next, DialogEnd::Answered(r#"{"action":"cancel"}"#.into()))
            .len(),
        1,
        "the second form is answered"
    );
    // A late cancel of a request already answered is ours as well: the client never saw it.
    assert_eq!(s.from_server(cancel.as_bytes()), Vec::new());
    // A cancel for something else goes to the client.
    let other = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}"#;
    assert_eq!(to_client(&s.from_server(other.as_bytes())), other);
}

/// Issue 58, the client gone (its stdin ended, or SIGTERM): the form shown is told that nobody
/// waits, not stopped (a StopDialog was a SIGTERM, and the window vanished with what was
/// typed); the forms waiting behind it go unshown, and its end then answers nobody.
#[test]
fn the_client_gone_tells_the_form_shown_and_drops_the_waiting_ones() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    let ask = |id: u32| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"elicitation/create","params":{{"message":"m","requestedSchema":{{"type":"object","properties":{{}}}}}}}}"#
        )
    };
    let (shown, ..) = started(&s.from_server(ask(1).as_bytes()));
    assert_eq!(s.from_server(ask(2).as_bytes()), Vec::new());
    assert_eq!(s.client_gone(), vec![Action::StoppedWaiting(shown)]);
    assert!(!s.dialogs_open(), "nothing waits to be shown");
    assert_eq!(
        s.dialog_done(shown, DialogEnd::Answered(r#"{"action":"cancel"}"#.into())),
        Vec::new(),
        "its end answers nobody and starts nothing"
    );
    assert_eq!(s.client_gone(), Vec::new(), "told once");
}

#[test]
fn dialogs_run_one_at_a_time() {
    let mut s = state();
    let ask = |id: u32| {
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"elicitation/create","params":{{"message":"m","requestedSchema":{{"type":"object","properties":{{}}}}}}}}"#
        )
    };
    let (first, ..) = started(&s.from_server(ask(1).as_bytes()));
    assert_eq!(s.from_server(ask(2).as_bytes()), Vec::new());
    let actions = s.dialog_done(first, DialogEnd::Answered("{}".into()));
    let (_, request, _) = started(&actions);
    assert_eq!(request, ask(2));
}

#[test]
fn url_completion_notices_for_our_requests_are_swallowed() {
    let mut s = state();
    let ask = r#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://example.com","elicitationId":"el-1"}}"#;
    started(&s.from_server(ask.as_bytes()));
    let done = r#"{"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{"elicitationId":"el-1"}}"#;
    assert_eq!(s.from_server(done.as_bytes()), Vec::new());
    let other = r#"{"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{"elicitationId":"el-2"}}"#;
    assert_eq!(to_client(&s.from_server(other.as_bytes())), other);
}

const CALL: &str = r#"{"jsonrpc":"2.0","id":12345678901234567890123,"method":"tools/call","params":{"name":"t","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
const CALL_SENT: &str = r#"{"jsonrpc":"2.0","id":12345678901234567890123,"method":"tools/call","params":{"name":"t","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{},"url":{}}}}}}"#;

fn round(id: &str, keys: &[&str], state: &str) -> String {
    let requests: Vec<String> = keys
        .iter()
        .map(|k| {
            format!(
                r#""{k}":{{"method":"elicitation/create","params":{{"mode":"form","message":"{k}?","requestedSchema":{{"type":"object","properties":{{}}}}}}}}"#
            )
        })
        .collect();
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"input_required","inputRequests":{{{}}},"requestState":{state}}}}}"#,
        requests.join(",")
    )
}

#[test]
fn every_2026_request_declares_elicitation() {
    let mut s = state();
    assert_eq!(to_server(&s.from_client(CALL.as_bytes())), CALL_SENT);
    let discover = r#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{"sampling":{}}}}}"#;
    assert_eq!(
        to_server(&s.from_client(discover.as_bytes())),
        r#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{"sampling":{},"elicitation":{"form":{},"url":{}}}}}}"#
    );
    let reply = r#"{"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"disco"}}}}"#;
    s.from_server(reply.as_bytes());
    assert_eq!(s.asker(), "disco (python3 server.py)");
}

#[test]
fn a_2026_request_without_capabilities_gets_ours() {
    let mut s = state();
    let line = r#"{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
    assert_eq!(
        to_server(&s.from_client(line.as_bytes())),
        r#"{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{},"url":{}}},"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#
    );
    // A request of the initialize era has no such `_meta`: untouched.
    let old =
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"progressToken":1}}}"#;
    assert_eq!(to_server(&s.from_client(old.as_bytes())), old);
}

#[test]
fn two_rounds_are_answered_and_only_the_final_result_reaches_the_client() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let big = "12345678901234567890123";
    // Round one: two inputs, answered one after the other.
    let actions = s.from_server(round(big, &["a", "b"], r#""st\"1""#).as_bytes());
    let (a, request, _) = started(&actions);
    assert_eq!(
        request,
        r#"{"method":"elicitation/create","params":{"mode":"form","message":"a?","requestedSchema":{"type":"object","properties":{}}}}"#
    );
    assert!(!actions.iter().any(|x| matches!(x, Action::ToClient(_))));
    let actions = s.dialog_done(
        a,
        DialogEnd::Answered("{\"action\":\"accept\",\"content\":{}}\n".into()),
    );
    let (b, ..) = started(&actions);
    let retry =
        to_server(&s.dialog_done(b, DialogEnd::Answered("{\"action\":\"decline\"}\n".into())));
    assert_eq!(
        retry,
        "{\"jsonrpc\":\"2.0\",\"id\":\"form-elicitation-proxy-1\",\"method\":\"tools/call\",\"params\":{\"name\":\"t\",\"arguments\":{},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{\"form\":{},\"url\":{}}}},\"inputResponses\":{\"a\":{\"action\":\"accept\",\"content\":{}},\"b\":{\"action\":\"decline\"}},\"requestState\":\"st\\\"1\"}}\n"
    );
    // Round two under the proxy's id; then the final result under the client's id.
    let (c, ..) = started(
        &s.from_server(round("\"form-elicitation-proxy-1\"", &["c"], r#""st2""#).as_bytes()),
    );
    let retry = to_server(&s.dialog_done(c, DialogEnd::Answered("{\"action\":\"cancel\"}".into())));
    assert!(
        retry.contains("\"id\":\"form-elicitation-proxy-2\""),
        "{retry}"
    );
    assert!(
        retry.contains(r#""inputResponses":{"c":{"action":"cancel"}},"requestState":"st2""#),
        "{retry}"
    );
    let done = r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-2","result":{"content":[],"resultType":"complete"}}"#;
    assert_eq!(
        to_client(&s.from_server(done.as_bytes())),
        format!(
            r#"{{"jsonrpc":"2.0","id":{big},"result":{{"content":[],"resultType":"complete"}}}}"#
        )
    );
}

#[test]
fn an_error_on_a_later_round_goes_to_the_client_as_it_is_under_its_id() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let (a, ..) =
        started(&s.from_server(round("12345678901234567890123", &["a"], "\"s\"").as_bytes()));
    s.dialog_done(
        a,
        DialogEnd::Answered("{\"action\":\"accept\",\"content\":{}}".into()),
    );
    let expired = r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-1","error":{"code":-32602,"message":"Invalid or expired requestState"}}"#;
    assert_eq!(
        to_client(&s.from_server(expired.as_bytes())),
        r#"{"jsonrpc":"2.0","id":12345678901234567890123,"error":{"code":-32602,"message":"Invalid or expired requestState"}}"#
    );
}

#[test]
fn a_round_without_inputs_is_retried_with_a_growing_back_off_and_no_state_when_none_came() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let empty = r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"resultType":"input_required"}}"#;
    let actions = s.from_server(empty.as_bytes());
    let call = "12345678901234567890123".to_owned();
    assert_eq!(
        actions,
        vec![Action::RetryAfter {
            call: call.clone(),
            delay: Duration::from_millis(50)
        }]
    );
    let retry = to_server(&s.retry(&call));
    assert!(
        !retry.contains("requestState") && !retry.contains("inputResponses"),
        "{retry}"
    );
    let again = r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-1","result":{"resultType":"input_required","requestState":"x"}}"#;
    assert_eq!(
        s.from_server(again.as_bytes()),
        vec![Action::RetryAfter {
            call,
            delay: Duration::from_millis(100)
        }]
    );
}

#[test]
fn more_than_ten_rounds_is_an_error_for_the_client() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let call = "12345678901234567890123";
    let mut id = call.to_owned();
    for n in 1..=MAX_ROUNDS {
        let line = format!(
            r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"input_required","requestState":"x"}}}}"#
        );
        assert!(matches!(
            s.from_server(line.as_bytes())[..],
            [Action::RetryAfter { .. }]
        ));
        s.retry(call);
        id = format!("\"form-elicitation-proxy-{n}\"");
    }
    let line = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"result":{{"resultType":"input_required","requestState":"x"}}}}"#
    );
    let out = to_client(&s.from_server(line.as_bytes()));
    assert!(
        out.starts_with(r#"{"jsonrpc":"2.0","id":12345678901234567890123,"error":{"code":-32603"#),
        "{out}"
    );
}

#[test]
fn a_url_elicitation_required_error_without_urls_passes_through() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let error = r#"{"jsonrpc":"2.0","id":12345678901234567890123,"error":{"code":-32042,"message":"URL elicitation required","data":{"elicitations":[]}}}"#;
    assert_eq!(to_client(&s.from_server(error.as_bytes())), error);
}

#[test]
fn sampling_inputs_pass_through_unchanged() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let line = r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"resultType":"input_required","inputRequests":{"s":{"method":"sampling/createMessage","params":{}}}}}"#;
    assert_eq!(to_client(&s.from_server(line.as_bytes())), line);
}

#[test]
fn the_clients_cancel_follows_the_round_in_flight_or_closes_the_window() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let cancel = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":12345678901234567890123,"reason":"r"}}"#;
    // Round one in flight under the client's id: passed on as it is.
    assert_eq!(to_server(&s.from_client(cancel.as_bytes())), cancel);
    let (a, ..) =
        started(&s.from_server(round("12345678901234567890123", &["a"], "\"s\"").as_bytes()));
    s.dialog_done(a, DialogEnd::Answered("{\"action\":\"decline\"}".into()));
    // Round two in flight: the notice names the proxy's id.
    assert_eq!(
        to_server(&s.from_client(cancel.as_bytes())),
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"form-elicitation-proxy-1","reason":"r"}}"#
    );
    // A window open between rounds (issue 58): told that the client stopped waiting, it
    // stays for the person to keep a draft; nothing is sent anywhere, then or when it ends.
    let (b, ..) =
        started(&s.from_server(round("\"form-elicitation-proxy-1\"", &["b"], "\"s\"").as_bytes()));
    let actions = s.from_client(cancel.as_bytes());
    assert!(actions.contains(&Action::StoppedWaiting(b)), "{actions:?}");
    assert!(!actions.iter().any(|a| matches!(
        a,
        Action::ToServer(_) | Action::ToClient(_) | Action::StopDialog(_)
    )));
    assert!(s.dialogs_open(), "the window stays");
    let ended = s.dialog_done(
        b,
        DialogEnd::Answered(r#"{"action":"accept","content":{}}"#.into()),
    );
    assert_eq!(
        ended,
        Vec::new(),
        "the call is forgotten: its answer goes nowhere"
    );
    assert!(!s.dialogs_open());
}

#[test]
fn malformed_lines_pass_through() {
    let mut s = state();
    let actions = s.from_client(b"{not json\n");
    assert!(actions.contains(&Action::ToServer(b"{not json\n".to_vec())));
    let actions = s.from_server(b"\xff\xfe\n");
    assert!(actions.contains(&Action::ToClient(b"\xff\xfe\n".to_vec())));
}

#[test]
fn the_override_names_the_server() {
    let s = State::new(Intercept::Auto, Some("mine".into()), "srv".into());
    assert_eq!(s.asker(), "mine");
    assert_eq!(state().asker(), "python3 server.py");
}

/// Regression (issue 30): the proxy re-sent a round as `"form-elicitation-proxy-1"` after the
/// client had used that id for a `ping`, and each got the other's result.
#[test]
fn the_proxy_never_picks_an_id_the_client_used() {
    let mut s = state();
    let ping = r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-1","method":"ping"}"#;
    assert_eq!(to_server(&s.from_client(ping.as_bytes())), ping);
    // The same id spelt with an escape is the same id.
    let ping2 = r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-\u0032","method":"ping"}"#;
    s.from_client(ping2.as_bytes());
    s.from_client(CALL.as_bytes());
    let (a, ..) =
        started(&s.from_server(round("12345678901234567890123", &["a"], "\"s\"").as_bytes()));
    let retry =
        to_server(&s.dialog_done(a, DialogEnd::Answered("{\"action\":\"decline\"}".into())));
    assert!(
        retry.contains(r#""id":"form-elicitation-proxy-3""#),
        "{retry}"
    );
    // The pings' results are the client's, untouched.
    let pong = r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-1","result":{}}"#;
    assert_eq!(to_client(&s.from_server(pong.as_bytes())), pong);
}

/// Regression (issue 30): a client request whose id is one of ours in flight goes to the
/// server under a fresh id, and each answer reaches the one who asked.
#[test]
fn a_client_request_with_an_id_of_ours_in_flight_is_renamed() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let (a, ..) =
        started(&s.from_server(round("12345678901234567890123", &["a"], "\"s\"").as_bytes()));
    let retry =
        to_server(&s.dialog_done(a, DialogEnd::Answered("{\"action\":\"decline\"}".into())));
    assert!(
        retry.contains(r#""id":"form-elicitation-proxy-1""#),
        "{retry}"
    );
    let ping = r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-1","method":"ping"}"#;
    assert_eq!(
        to_server(&s.from_client(ping.as_bytes())),
        r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-2","method":"ping"}"#
    );
    // Its cancel follows it; a cancel of ours alone would stop our round: dropped.
    let cancel = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"form-elicitation-proxy-1"}}"#;
    assert_eq!(
        to_server(&s.from_client(cancel.as_bytes())),
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"form-elicitation-proxy-2"}}"#
    );
    let pong = r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-2","result":{}}"#;
    assert_eq!(
        to_client(&s.from_server(pong.as_bytes())),
        r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-1","result":{}}"#
    );
    let done =
        r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-1","result":{"resultType":"complete"}}"#;
    assert_eq!(
        to_client(&s.from_server(done.as_bytes())),
        r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"resultType":"complete"}}"#
    );
    let stray = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"form-elicitation-proxy-9"}}"#;
    assert_eq!(to_server(&s.from_client(stray.as_bytes())), stray);
}

/// A cancel that names a round of ours the client never sent would stop it: dropped.
#[test]
fn a_client_cancel_naming_our_round_is_dropped() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let (a, ..) =
        started(&s.from_server(round("12345678901234567890123", &["a"], "\"s\"").as_bytes()));
    s.dialog_done(a, DialogEnd::Answered("{\"action\":\"decline\"}".into()));
    let cancel = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"form-elicitation-proxy-1"}}"#;
    let actions = s.from_client(cancel.as_bytes());
    assert!(matches!(actions[..], [Action::Note(_)]), "{actions:?}");
}

fn ask_with_id(id: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"elicitation/create","params":{{"message":"m","requestedSchema":{{"type":"object","properties":{{}}}}}}}}"#
    )
}

/// Regression (issue 30): bad requests got -32603 or were answered under an unreadable id,
/// and a notification was forwarded to a client that never declared elicitation.
#[test]
fn bad_server_requests_get_the_right_error() {
    let mut s = state();
    // Over 1 MiB: a bad request, refused without a dialog.
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":4,"method":"elicitation/create","params":{{"message":"{}","requestedSchema":{{"type":"object","properties":{{}}}}}}}}"#,
        "x".repeat(1024 * 1024)
    );
    let out = to_server(&s.from_server(big.as_bytes()));
    assert!(
        out.starts_with(r#"{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"#),
        "{out}"
    );
    // A refusal without the dialog's own line is -32602 too.
    let (ticket, ..) = started(&s.from_server(ask_with_id("5").as_bytes()));
    let out = to_server(&s.dialog_done(
        ticket,
        DialogEnd::Refused {
            line: None,
            why: "request is larger than 1 MiB".into(),
        },
    ));
    assert!(out.contains(r#""id":5,"error":{"code":-32602,"#), "{out}");
    // An id that cannot be read is answered with a null one.
    for id in ["[1]", r#"{"a":1}"#, "true"] {
        let actions = s.from_server(ask_with_id(id).as_bytes());
        let out = to_server(&actions);
        assert!(
            out.starts_with(r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"#),
            "{id}: {out}"
        );
        assert!(
            !actions
                .iter()
                .any(|a| matches!(a, Action::StartDialog { .. }))
        );
    }
    // A notification is nobody's to answer: dropped with a note.
    let note = r#"{"jsonrpc":"2.0","method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}"#;
    for line in [note.to_owned(), ask_with_id("null")] {
        let actions = s.from_server(line.as_bytes());
        assert!(matches!(actions[..], [Action::Note(_)]), "{actions:?}");
    }
}

/// Regression (issue 30): a client that declared URL elicitation alone got no forms.
#[test]
fn a_url_only_client_gets_forms_here_and_its_urls_itself() {
    let declared = || State::new(Intercept::Declared, None, "srv".into());
    let mut s = declared();
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"url":{}}}}}"#;
    assert_eq!(
        to_server(&s.from_client(init.as_bytes())),
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"form":{},"url":{}}}}}"#
    );
    started(&s.from_server(ask_with_id("2").as_bytes()));
    let url = r#"{"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://example.com","elicitationId":"e"}}"#;
    assert_eq!(to_client(&s.from_server(url.as_bytes())), url);
    let done = r#"{"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{"elicitationId":"e"}}"#;
    assert_eq!(to_client(&s.from_server(done.as_bytes())), done);

    // 2026-07-28: the same in `_meta`; a round of URLs alone is the client's.
    let mut s = declared();
    let call = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"url":{}}}}}}"#;
    assert_eq!(
        to_server(&s.from_client(call.as_bytes())),
        r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{},"url":{}}}}}}"#
    );
    let urls = r#"{"jsonrpc":"2.0","id":7,"result":{"resultType":"input_required","inputRequests":{"u":{"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://example.com"}}}}}"#;
    assert_eq!(to_client(&s.from_server(urls.as_bytes())), urls);
    s.from_client(call.as_bytes());
    started(&s.from_server(round("7", &["a"], "\"s\"").as_bytes()));
}

// ---------------------------------------------------------------------------------------------
// A run of forms: where each stands, "decline all", withdrawals

/// A server's form request with id `id` (a JSON number or string, as written).
fn ask(id: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"elicitation/create","params":{{"message":"m","requestedSchema":{{"type":"object","properties":{{}}}}}}}}"#
    )
}

fn place(position: usize, total: usize) -> QueuePlace {
    QueuePlace { position, total }
}

/// The place a dialog was started at.
fn started_at(actions: &[Action]) -> (Ticket, QueuePlace) {
    actions
        .iter()
        .find_map(|a| match a {
            Action::StartDialog { ticket, place, .. } => Some((*ticket, *place)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no dialog started: {actions:?}"))
}

/// The lines an action list sends to the server, in order.
fn all_to_server(actions: &[Action]) -> Vec<String> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::ToServer(line) => Some(text(line).trim_end().to_owned()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_run_of_forms_counts_what_arrives_and_what_is_withdrawn() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    let (first, at) = started_at(&s.from_server(ask("1").as_bytes()));
    assert_eq!(at, place(1, 1));
    assert_eq!(s.place_changes(), Vec::new(), "told already");
    for id in 2..=5 {
        assert_eq!(s.from_server(ask(&id.to_string()).as_bytes()), Vec::new());
    }
    // The loop asks once after each event; four arrivals told as one here.
    assert_eq!(s.place_changes(), vec![Action::Place(first, place(1, 5))]);
    assert_eq!(s.place_changes(), Vec::new());
    // The server withdraws form 3 while it waits: it leaves the count, nothing is answered.
    let cancel = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#;
    assert_eq!(s.from_server(cancel.as_bytes()), Vec::new());
    assert_eq!(s.place_changes(), vec![Action::Place(first, place(1, 4))]);
    let reply = r#"{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{}}}"#;
    let actions = s.dialog_done(first, DialogEnd::Answered(reply.into()));
    let (second, at) = started_at(&actions);
    assert_eq!(at, place(2, 4), "form 2, then 4 and 5 behind it");
    assert_eq!(s.place_changes(), Vec::new());
    for _ in 0..2 {
        let ticket = s.dialogs.running().expect("a dialog runs");
        s.dialog_done(ticket, DialogEnd::Answered(reply.into()));
    }
    let last = s.dialogs.running().expect("the last runs");
    assert_ne!(last, second);
    assert_eq!(
        s.dialog_done(last, DialogEnd::Answered(reply.into())).len(),
        1
    );
    // The run is over: the next form starts a new one.
    let (_, at) = started_at(&s.from_server(ask("6").as_bytes()));
    assert_eq!(at, place(1, 1));
}

/// Issue 34: "Decline all" answers the shown form with its own reply, then every waiting one
/// `decline`, each under its own id, in the order they came.
#[test]
fn decline_all_answers_every_waiting_form_under_its_id_in_order() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    let ids = ["\"a\"", "7", "\"b\"", "-2", "\"e\""];
    let (first, _) = started_at(&s.from_server(ask(ids[0]).as_bytes()));
    for id in &ids[1..] {
        s.from_server(ask(id).as_bytes());
    }
    let own = r#"{"jsonrpc":"2.0","id":"a","result":{"action":"decline"}}"#;
    let actions = s.dialog_done(first, DialogEnd::DeclinedAll(own.into()));
    let expected: Vec<String> = ids
        .iter()
        .map(|id| format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"action":"decline"}}}}"#))
        .collect();
    assert_eq!(all_to_server(&actions), expected);
    assert!(
        !actions
            .iter()
            .any(|a| matches!(a, Action::StartDialog { .. })),
        "nothing is left to show: {actions:?}"
    );
    assert!(!s.dialogs_open());
}

/// The inputs of a 2026-07-28 round declined all at once make the next round, with a
/// decline for each input.
#[test]
fn decline_all_answers_the_inputs_of_a_round_too() {
    let mut s = state();
    s.from_client(CALL.as_bytes());
    let actions =
        s.from_server(round("12345678901234567890123", &["a", "b", "c"], "\"s\"").as_bytes());
    let (first, at) = started_at(&actions);
    // The first input is shown as it comes; the two behind it are told at once after.
    assert_eq!(at, place(1, 1));
    assert_eq!(s.place_changes(), vec![Action::Place(first, place(1, 3))]);
    let actions = s.dialog_done(
        first,
        DialogEnd::DeclinedAll(r#"{"action":"decline"}"#.into()),
    );
    let retry = to_server(&actions);
    assert!(
        retry.contains(r#""inputResponses":{"a":{"action":"decline"},"b":{"action":"decline"},"c":{"action":"decline"}}"#),
        "{retry}"
    );
}

// ---------------------------------------------------------------------------------------------
// URL elicitation required (-32042)

const LEGACY_CALL: &str =
    r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"files","arguments":{}}}"#;

fn required_error(id: &str, elicitation_ids: &[&str]) -> String {
    let elicitations: Vec<String> = elicitation_ids
        .iter()
        .map(|e| {
            format!(
                r#"{{"mode":"url","message":"Sign in","url":"https://example.com/{e}","elicitationId":"{e}"}}"#
            )
        })
        .collect();
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":-32042,"message":"URL elicitation required","data":{{"elicitations":[{}]}}}}}}"#,
        elicitations.join(",")
    )
}

fn complete(id: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{{"elicitationId":"{id}"}}}}"#
    )
}

const ACCEPT: &str = r#"{"action":"accept"}"#;

/// A client that did not declare URL elicitation cannot act on -32042: the URLs are shown
/// here, and once agreed to and completed, the call goes again under an id of ours.
#[test]
fn a_url_required_error_is_shown_here_and_the_call_retried_once() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    assert_eq!(
        to_server(&s.from_client(LEGACY_CALL.as_bytes())),
        LEGACY_CALL
    );
    let actions = s.from_server(required_error("5", &["auth-1", "auth-2"]).as_bytes());
    assert!(!actions.iter().any(|a| matches!(a, Action::ToClient(_))));
    let (first, request, _) = started(&actions);
    assert_eq!(
        request,
        r#"{"mode":"url","message":"Sign in","url":"https://example.com/auth-1","elicitationId":"auth-1"}"#
    );
    // A completion notice may come before the person has answered every consent; it is ours.
    assert_eq!(s.from_server(complete("auth-1").as_bytes()), Vec::new());
    let actions = s.dialog_done(first, DialogEnd::Answered(ACCEPT.into()));
    let (second, request, _) = started(&actions);
    assert!(request.contains("auth-2"), "{request}");
    // Both agreed to; auth-2 not yet completed: wait for it, not forever.
    let actions = s.dialog_done(second, DialogEnd::Answered(ACCEPT.into()));
    assert_eq!(
        actions,
        vec![Action::CompletionWaitAfter {
            call: "5".into(),
            delay: COMPLETION_WAIT
        }]
    );
    let retry = to_server(&s.from_server(complete("auth-2").as_bytes()));
    assert_eq!(
        retry,
        "{\"jsonrpc\":\"2.0\",\"id\":\"form-elicitation-proxy-1\",\"method\":\"tools/call\",\"params\":{\"name\":\"files\",\"arguments\":{}}}\n"
    );
    // The wait's end after the retry changes nothing.
    assert_eq!(s.completion_waited("5"), Vec::new());
    let result = r#"{"jsonrpc":"2.0","id":"form-elicitation-proxy-1","result":{"content":[]}}"#;
    assert_eq!(
        to_client(&s.from_server(result.as_bytes())),
        r#"{"jsonrpc":"2.0","id":5,"result":{"content":[]}}"#
    );
}

/// No loop: a second -32042 after the retry goes to the client, under its own id.
#[test]
fn a_second_url_required_error_goes_to_the_client() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    s.from_client(LEGACY_CALL.as_bytes());
    let (ticket, ..) = started(&s.from_server(required_error("5", &["auth-1"]).as_bytes()));
    assert_eq!(
        s.dialog_done(ticket, DialogEnd::Answered(ACCEPT.into()))
            .len(),
        1,
        "waits for the notice"
    );
    // No completion notice came: the wait's end retries anyway.
    let actions = s.completion_waited("5");
    let retry = to_server(&actions);
    assert!(retry.contains("form-elicitation-proxy-1"), "{retry}");
    let again = required_error("\"form-elicitation-proxy-1\"", &["auth-1"]);
    let out = to_client(&s.from_server(again.as_bytes()));
    assert_eq!(out, required_error("5", &["auth-1"]));
    assert!(!s.dialogs_open());
}

/// The person declines (or closes) the consent: the server's error goes to the client as it
/// came, and the call's other URLs are not shown.
#[test]
fn a_declined_url_hands_the_error_to_the_client() {
    for end in [
        DialogEnd::Answered(r#"{"action":"decline"}"#.into()),
        DialogEnd::Answered(r#"{"action":"cancel"}"#.into()),
        DialogEnd::Failed("no display".into()),
    ] {
        let mut s = state();
        s.from_client(INIT_2025_11.as_bytes());
        s.from_client(LEGACY_CALL.as_bytes());
        let error = required_error("5", &["auth-1", "auth-2"]);
        let (ticket, ..) = started(&s.from_server(error.as_bytes()));
        let actions = s.dialog_done(ticket, end.clone());
        assert_eq!(to_client(&actions), error, "{end:?}");
        assert!(!s.dialogs_open(), "{end:?}: auth-2 is not shown");
    }
}

/// A client that declared URL elicitation acts on -32042 itself: it gets the error as is, in
/// both eras.
#[test]
fn a_client_that_declared_url_elicitation_gets_the_error_unchanged() {
    let declared = || State::new(Intercept::Declared, None, "srv".into());
    let mut s = declared();
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{"url":{}}},"clientInfo":{"name":"c","version":"1"}}}"#;
    s.from_client(init.as_bytes());
    s.from_client(LEGACY_CALL.as_bytes());
    let error = required_error("5", &["auth-1"]);
    assert_eq!(to_client(&s.from_server(error.as_bytes())), error);

    let mut s = declared();
    let call = r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"url":{}}}}}}"#;
    s.from_client(call.as_bytes());
    assert_eq!(to_client(&s.from_server(error.as_bytes())), error);
}

/// Other errors of a followed call pass untouched.
#[test]
fn other_errors_of_a_call_pass_through() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    s.from_client(LEGACY_CALL.as_bytes());
    let error = r#"{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"no such tool"}}"#;
    assert_eq!(to_client(&s.from_server(error.as_bytes())), error);
}

// ---------------------------------------------------------------------------------------------
// Judged by the client, not its declaration (issue 55)

/// Codex 0.169.1's `initialize`, as it sends it.
const INIT_CODEX: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{"form":{},"url":{}}},"clientInfo":{"name":"codex-mcp-client","version":"0.169.1"}}}"#;

fn notes(actions: &[Action]) -> Vec<&str> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Note(note) => Some(note.as_str()),
            _ => None,
        })
        .collect()
}

/// Regression (issue 55): Codex declares forms and declines each one; under `auto` the proxy
/// passed every form on to it, and the person never saw one. Now the server hears our
/// declaration, the form is shown here, and the first one says why on stderr, once.
#[test]
fn a_client_that_declares_forms_but_is_not_known_to_show_them_gets_ours() {
    for (init, why) in [
        (
            INIT_CODEX.to_owned(),
            "codex-mcp-client 0.169.1 declares forms but does not show their fields: answering here",
        ),
        (
            INIT_CODEX.replace("codex-mcp-client", "claude-ai").replace(
                r#""elicitation":{"form":{},"url":{}}"#,
                r#""elicitation":{}"#,
            ),
            "claude-ai 0.169.1 declares forms but does not show them: answering here",
        ),
        (
            INIT_CODEX.replace("codex-mcp-client", "cursor-vscode"),
            "cursor-vscode 0.169.1 declares forms but drops them from stdio servers: answering here",
        ),
        (
            INIT_CODEX.replace("codex-mcp-client", "some-new-client"),
            "some-new-client 0.169.1 declares forms but is not known to show them: answering here (--intercept declared trusts it)",
        ),
    ] {
        let mut s = state();
        let out = to_server(&s.from_client(init.as_bytes()));
        assert!(
            out.contains(r#""capabilities":{"elicitation":{}}"#),
            "2025-06-18 declares the bare object: {out}"
        );
        let first = s.from_server(ask("1").as_bytes());
        started(&first);
        assert_eq!(notes(&first), [why]);
        let second = s.from_server(ask("2").as_bytes());
        assert!(notes(&second).is_empty(), "said twice: {second:?}");
    }
}

/// A client on the known list gets its forms itself, untouched, and no line is said.
#[test]
fn a_client_known_to_show_forms_gets_them_itself() {
    let mut s = state();
    let init = INIT_CODEX.replace("codex-mcp-client", "Visual Studio Code");
    assert_eq!(to_server(&s.from_client(init.as_bytes())), init);
    let ask = ask("1");
    let actions = s.from_server(ask.as_bytes());
    assert_eq!(to_client(&actions), ask);
    assert!(notes(&actions).is_empty());
    // --intercept always answers it here all the same.
    let mut s = State::new(Intercept::Always, None, "srv".into());
    s.from_client(init.as_bytes());
    let actions = s.from_server(ask.as_bytes());
    started(&actions);
    assert!(notes(&actions).is_empty(), "{actions:?}");
}

/// 2026-07-28: each request names its client in `_meta`, and is judged the same way.
#[test]
fn a_2026_request_is_judged_by_the_client_its_meta_names() {
    let call = |name: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"name":"t","_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{{"name":"{name}","version":"1"}},"io.modelcontextprotocol/clientCapabilities":{{"elicitation":{{"form":{{}}}}}}}}}}}}"#
        )
    };
    let mut s = state();
    let known = call("Visual Studio Code");
    assert_eq!(to_server(&s.from_client(known.as_bytes())), known);
    let round = round("7", &["a"], "\"s\"");
    assert_eq!(to_client(&s.from_server(round.as_bytes())), round);

    let mut s = state();
    let out = to_server(&s.from_client(call("mcp").as_bytes()));
    assert!(
        out.contains(r#""elicitation":{"form":{},"url":{}}"#),
        "{out}"
    );
    let actions = s.from_server(round.as_bytes());
    started(&actions);
    assert_eq!(
        notes(&actions),
        [
            "mcp 1 declares forms but is not known to show them: answering here (--intercept declared trusts it)"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Waiting forms are bounded (issue 54, item 6)

/// The error a server's request `id` got, when it got one.
fn error_for(actions: &[Action], id: &str) -> Option<String> {
    all_to_server(actions)
        .into_iter()
        .find(|line| line.contains(&format!(r#""id":{id},"error""#)))
}

/// Regression (issue 54, item 6): 400 forms of 1 MB were all held (401 MB), 1,600 ended in
/// SIGABRT. Now at most 16 wait behind the one shown; the next gets an error at once that
/// says why, and once the run is answered there is room again.
#[test]
fn past_sixteen_waiting_forms_the_next_gets_an_error_at_once() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    let (first, _) = started_at(&s.from_server(ask("1").as_bytes()));
    for n in 2..=17 {
        let actions = s.from_server(ask(&n.to_string()).as_bytes());
        assert!(
            error_for(&actions, &n.to_string()).is_none(),
            "{n}: {actions:?}"
        );
    }
    let actions = s.from_server(ask("18").as_bytes());
    let error = error_for(&actions, "18").expect("an error for the 18th");
    assert!(error.contains("-32603"), "{error}");
    assert!(error.contains("16 wait for the person already"), "{error}");
    assert!(error.contains("at most 16 forms or 8 MiB"), "{error}");
    assert!(
        notes(&actions)[0].starts_with("a form was refused"),
        "{actions:?}"
    );
    // "Decline all" answers the 17 shown and waiting; the next form is shown again.
    let declined = s.dialog_done(
        first,
        DialogEnd::DeclinedAll(r#"{"jsonrpc":"2.0","id":1,"result":{"action":"decline"}}"#.into()),
    );
    assert_eq!(all_to_server(&declined).len(), 17);
    started(&s.from_server(ask("19").as_bytes()));
    assert!(error_for(&s.from_server(ask("20").as_bytes()), "20").is_none());
}

/// Forms of nearly 1 MiB: the bytes bound comes first, at 8 of them waiting.
#[test]
fn past_eight_mib_waiting_the_next_form_gets_an_error_at_once() {
    let big = |id: usize| {
        let message = "x".repeat(1_000_000);
        format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"elicitation/create","params":{{"message":"{message}","requestedSchema":{{"type":"object","properties":{{}}}}}}}}"#
        )
    };
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    started(&s.from_server(big(1).as_bytes()));
    for id in 2..=9 {
        assert!(error_for(&s.from_server(big(id).as_bytes()), &id.to_string()).is_none());
    }
    let error = error_for(&s.from_server(big(10).as_bytes()), "10").expect("an error");
    assert!(error.contains("8 wait for the person already"), "{error}");
    // A small form still fits beside them.
    assert!(error_for(&s.from_server(ask("11").as_bytes()), "11").is_none());
}

/// A 2026-07-28 round with more inputs than may wait fails its call with the error, and no
/// form of it stays open or waiting.
#[test]
fn a_round_with_too_many_inputs_fails_its_call() {
    let mut s = state();
    let call = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
    s.from_client(call.as_bytes());
    let keys: Vec<String> = (0..20).map(|n| format!("k{n}")).collect();
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    let actions = s.from_server(round("7", &keys, "\"s\"").as_bytes());
    let error = to_client(&actions);
    assert!(
        error.contains(r#""id":7"#) && error.contains("too many forms at once"),
        "{error}"
    );
    assert!(
        actions.iter().any(|a| matches!(a, Action::StopDialog(_))),
        "the round's shown form is closed: {actions:?}"
    );
    assert!(!s.dialogs_open(), "a form of the failed call still waits");
}

/// Issue 58: while a form is open, the client's call that asked for progress hears
/// `notifications/progress` with its own token (a client that restarts its timer on progress
/// keeps waiting for the person); a call that did not ask, or one answered, hears nothing,
/// and nothing is sent while no form is open.
#[test]
fn a_call_that_asked_for_progress_hears_it_while_a_form_is_open() {
    let mut s = state();
    s.from_client(INIT_2025_11.as_bytes());
    let init_reply = r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"weather"}}}"#;
    s.from_server(init_reply.as_bytes());
    let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask","arguments":{},"_meta":{"progressToken":"tok-2"}}}"#;
    s.from_client(call.as_bytes());
    let other =
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ask","arguments":{}}}"#;
    s.from_client(other.as_bytes());
    assert!(s.progress().is_empty(), "no form is open yet");
    let ask = r#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object","properties":{}}}}"#;
    let (ticket, ..) = started(&s.from_server(ask.as_bytes()));
    let first = to_client(&s.progress());
    assert_eq!(
        first,
        r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok-2","progress":1,"message":"A form is open, waiting for the person's answer"}}
"#
    );
    assert!(to_client(&s.progress()).contains(r#""progress":2,"#));
    let reply = r#"{"jsonrpc":"2.0","id":1,"result":{"action":"decline"}}"#;
    s.dialog_done(ticket, DialogEnd::Answered(reply.into()));
    assert!(s.progress().is_empty(), "the form is closed");
    s.from_server(ask.as_bytes());
    let result = r#"{"jsonrpc":"2.0","id":2,"result":{"content":[]}}"#;
    assert_eq!(to_client(&s.from_server(result.as_bytes())), result);
    assert!(s.progress().is_empty(), "the call is answered");
}

//! What a server's HTTP answer means, apart from the calls that fetch it: where one exchange
//! goes next (a redirect followed, a sign-in, a session begun again, an error, or the answer
//! handed back), what a JSON body holds for the client, and the messages that come to the
//! client from either. Nothing here touches a socket: the unit tests read answers as text.

use anyhow::{Context as _, bail};
use serde_json::Value;

use crate::proxy::oauth::discover;
use crate::proxy::sse::MAX_EVENT_BYTES;
use crate::proxy::tool_headers;

/// How many same-origin redirects one request follows.
pub const REDIRECTS: u32 = 5;
/// How many times one request signs in (or refreshes) after the server refused it: once for
/// a 401 and once for a 403 step-up; a server that keeps refusing then gets its error.
pub const SIGN_INS: u32 = 2;

/// One HTTP answer, as far as the rules below need it.
#[derive(Debug, Default)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// `Location`.
    pub location: Option<String>,
    /// `WWW-Authenticate`.
    pub challenge: Option<String>,
    /// Whether the body is `application/json`.
    pub json: bool,
}

/// What an exchange does after an answer.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// Asks again at this URL: a redirect within the origin.
    Follow(url::Url),
    /// Signs in (or refreshes the token) with the answer's challenge, then asks again.
    SignIn,
    /// Begins a new session in place of the one with this id, then asks again.
    Renew(String),
    /// The answer is the caller's to read.
    Done,
}

/// One HTTP exchange's rules: it may be redirected, refused for its sign-in and find its
/// session gone, each a bounded number of times.
#[derive(Debug, Default)]
pub struct Exchange {
    redirects: u32,
    sign_ins: u32,
    renewed: bool,
}

impl Exchange {
    /// What follows `answer` to a `method` request sent to `url` with the session id
    /// `session_id`; `can_sign_in` when the proxy does the sign-in (the person gave no
    /// `Authorization` of their own). An error is one line that names the URL.
    pub fn next(
        &mut self,
        method: &str,
        url: &url::Url,
        answer: &Answer,
        can_sign_in: bool,
        session_id: Option<&str>,
    ) -> anyhow::Result<Next> {
        let status = answer.status;
        if matches!(status, 301 | 302 | 303 | 307 | 308) {
            let location = answer
                .location
                .as_deref()
                .with_context(|| format!("{url}: HTTP {status} without a Location"))?;
            let next = url.join(location).context("the redirect's Location")?;
            if next.origin() != url.origin() {
                bail!(
                    "{url}: the server redirects to another origin ({}); not followed, so the headers stay with {}",
                    origin_named(&next),
                    origin_named(url)
                );
            }
            self.redirects += 1;
            if self.redirects > REDIRECTS {
                bail!("{url}: more than {REDIRECTS} redirects");
            }
            return Ok(Next::Follow(next));
        }
        if can_sign_in
            && self.sign_ins < SIGN_INS
            && asks_to_sign_in(status, answer.challenge.as_deref())
        {
            self.sign_ins += 1;
            return Ok(Next::SignIn);
        }
        if status == 404
            && let Some(expired) = session_id
            && method != "DELETE"
        {
            if method == "POST" && !self.renewed {
                self.renewed = true;
                return Ok(Next::Renew(expired.to_owned()));
            }
            bail!("{url}: the server's session has expired (HTTP 404)");
        }
        // A POST's error may carry the JSON-RPC error for the client: the caller reads it.
        let readable = method == "POST" && answer.json;
        if (400..600).contains(&status) && !(method == "GET" && status == 405) && !readable {
            bail!("{url}: HTTP {status}{}", reason(status));
        }
        Ok(Next::Done)
    }
}

/// Whether a response with `status` and this `WWW-Authenticate` asks for a sign-in: a 401,
/// or a 403 whose challenge says `insufficient_scope`; a 403 for another reason (the person
/// may not do this at all) does not.
pub fn asks_to_sign_in(status: u16, challenge: Option<&str>) -> bool {
    match status {
        401 => true,
        403 => challenge.is_some_and(|c| {
            discover::parse_challenge(c).error.as_deref() == Some("insufficient_scope")
        }),
        _ => false,
    }
}

/// What a JSON body (not a stream) that answers a request holds for the client.
#[derive(Debug)]
pub enum Body {
    /// Messages for the client, among them the response to the request.
    Answered,
    /// Messages for the client, but no response to the request: once they are passed on,
    /// the call fails with this error.
    Unanswered(anyhow::Error),
}

/// Reads the `body` (of `kind`, its `Content-Type`) that `url` answered request `id` with,
/// with `status`. An error when nothing of it may reach the client: a body too large, an
/// error status without this request's JSON-RPC error, a body that is not JSON.
pub fn read_body(
    url: &str,
    status: u16,
    kind: Option<&str>,
    body: &str,
    id: &Value,
) -> anyhow::Result<Body> {
    if body.len() > MAX_EVENT_BYTES {
        bail!(
            "{url}: the server's response is larger than {} MiB",
            MAX_EVENT_BYTES >> 20
        );
    }
    // An error status with the JSON-RPC error for this request (as the 2026-07-28 era
    // answers a bad request): the error is the client's to read, as the server wrote it.
    if status >= 400 && !answers(body, id) {
        bail!(
            "{url}: HTTP {status}{}{}",
            reason(status),
            error_message(body)
                .map(|m| format!(": {m}"))
                .unwrap_or_default()
        );
    }
    // What is no JSON-RPC (a captive portal's page, a broken body) is not passed on as a
    // message, and the call it came for gets an error that says what came back.
    let messages = serde_json::from_str::<Value>(body);
    let Ok(messages) = messages
        .as_ref()
        .map(|m| m.as_array().map_or(std::slice::from_ref(m), Vec::as_slice))
    else {
        bail!(
            "{url}: HTTP {status} answered with {} that is not JSON: {}",
            kind.unwrap_or("no Content-Type"),
            excerpt(body)
        );
    };
    if messages
        .iter()
        .any(|m| m.get("method").is_none() && m.get("id") == Some(id))
    {
        return Ok(Body::Answered);
    }
    Ok(Body::Unanswered(anyhow::anyhow!(
        "{url}: HTTP {status} answered with {} that holds no response to this request: {}",
        kind.unwrap_or("no Content-Type"),
        excerpt(body)
    )))
}

/// The lines one message from the server (`data`, a body or an event) becomes for the loop,
/// as a stdio server's stdout would write them: a batch (2025-03-26) as its messages one by
/// one, JSON with a line break in it on one line, anything else as the bytes that came.
pub fn lines(data: &str) -> Vec<Vec<u8>> {
    let data = data.trim();
    if data.is_empty() {
        return Vec::new();
    }
    match serde_json::from_str::<Value>(data) {
        Ok(Value::Array(batch)) => batch.iter().map(|m| m.to_string().into_bytes()).collect(),
        // A line break inside the JSON would split the line.
        Ok(value) if data.contains(['\n', '\r']) => vec![value.to_string().into_bytes()],
        _ => vec![data.as_bytes().to_vec()],
    }
}

/// Reads a result of the 2026-07-28 era in `line` as the client should: one without
/// `resultType` is complete (SEP-2322: "treat it as complete"), and says so; a `tools/list`
/// result's tools with invalid annotations are left out. Returns what the result taught of
/// the tools' custom headers (nothing, for a line that is no `tools/list` result).
pub fn complete_result(line: &mut Vec<u8>) -> tool_headers::Learned {
    let Ok(mut message) = serde_json::from_slice::<Value>(line) else {
        return tool_headers::Learned::default();
    };
    let Some(result) = message.get_mut("result") else {
        return tool_headers::Learned::default();
    };
    let Some(fields) = result.as_object_mut() else {
        return tool_headers::Learned::default();
    };
    let mut changed = false;
    if !fields.contains_key("resultType") {
        fields.insert("resultType".into(), "complete".into());
        changed = true;
    }
    let mut learned = tool_headers::Learned::default();
    if fields.contains_key("tools") {
        let left_out;
        (learned, left_out) = tool_headers::learn(result);
        changed |= left_out;
    }
    if changed {
        *line = message.to_string().into_bytes();
    }
    learned
}

/// A status's reason phrase, with a space before it (none for a code without one).
pub fn reason(status: u16) -> String {
    ureq::http::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .map(|r| format!(" {r}"))
        .unwrap_or_default()
}

/// The start of a body that is not what it should be, on one line, for the error that says so.
fn excerpt(body: &str) -> String {
    let text: String = body
        .trim()
        .chars()
        .take(100)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if text.is_empty() {
        "(empty)".into()
    } else if body.trim().chars().count() > 100 {
        format!("{text}…")
    } else {
        text
    }
}

/// The `error.message` of a JSON-RPC error response.
pub fn error_message(data: &str) -> Option<String> {
    let message: Value = serde_json::from_str(data).ok()?;
    let error = message.get("error")?;
    Some(
        error
            .get("message")
            .and_then(Value::as_str)
            .map_or_else(|| error.to_string(), str::to_owned),
    )
}

/// The id (as JSON text) of a server's request in `data`.
pub fn server_request_id(data: &str) -> Option<String> {
    let message: Value = serde_json::from_str(data).ok()?;
    message.get("method")?;
    message.get("id").map(Value::to_string)
}

/// Whether `data` is the response to the request `id`.
pub fn answers(data: &str, id: &Value) -> bool {
    serde_json::from_str::<Value>(data)
        .is_ok_and(|message| message.get("method").is_none() && message.get("id") == Some(id))
}

/// `url`'s origin as a message names it: `https://host:port`, or the URL itself for one
/// without a host (`file:`, `data:`), whose origin would print as "null".
fn origin_named(url: &url::Url) -> String {
    match url.origin() {
        url::Origin::Tuple(..) => url.origin().ascii_serialization(),
        url::Origin::Opaque(_) => url.as_str().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const URL: &str = "https://mcp.example/mcp";

    fn url() -> url::Url {
        url::Url::parse(URL).expect("a URL")
    }

    fn status(status: u16) -> Answer {
        Answer {
            status,
            ..Answer::default()
        }
    }

    fn redirect(location: &str) -> Answer {
        Answer {
            status: 307,
            location: Some(location.into()),
            ..Answer::default()
        }
    }

    /// Issue 43, item 10: a redirect to `file:` was "another origin (null)".
    #[test]
    fn an_origin_without_a_host_is_named_by_its_url() {
        let cases = [
            ("https://a.example/x?q", "https://a.example"),
            ("http://a.example:8080/", "http://a.example:8080"),
            ("file:///etc/passwd", "file:///etc/passwd"),
            ("data:text/plain,hi", "data:text/plain,hi"),
        ];
        for (url, named) in cases {
            assert_eq!(origin_named(&url::Url::parse(url).expect("a URL")), named);
        }
    }

    #[test]
    fn a_redirect_is_followed_within_the_origin_a_few_times() {
        let mut exchange = Exchange::default();
        for _ in 0..REDIRECTS {
            let next = exchange.next("POST", &url(), &redirect("/other"), true, None);
            assert_eq!(
                next.expect("followed"),
                Next::Follow(url::Url::parse("https://mcp.example/other").expect("a URL"))
            );
        }
        let error = exchange
            .next("POST", &url(), &redirect("/other"), true, None)
            .expect_err("one too many");
        assert_eq!(error.to_string(), format!("{URL}: more than 5 redirects"));
    }

    #[test]
    fn a_redirect_elsewhere_or_nowhere_is_an_error() {
        let error = Exchange::default()
            .next(
                "GET",
                &url(),
                &redirect("https://evil.example/"),
                true,
                None,
            )
            .expect_err("another origin");
        assert_eq!(
            error.to_string(),
            format!(
                "{URL}: the server redirects to another origin (https://evil.example); not followed, so the headers stay with https://mcp.example"
            )
        );
        let error = Exchange::default()
            .next("GET", &url(), &status(302), true, None)
            .expect_err("no Location");
        assert_eq!(
            error.to_string(),
            format!("{URL}: HTTP 302 without a Location")
        );
    }

    #[test]
    fn a_refusal_signs_in_at_most_twice_and_only_when_the_proxy_signs_in() {
        let unauthorized = status(401);
        let mut exchange = Exchange::default();
        for _ in 0..SIGN_INS {
            let next = exchange.next("POST", &url(), &unauthorized, true, None);
            assert_eq!(next.expect("signs in"), Next::SignIn);
        }
        // A server that keeps refusing gets its error.
        let error = exchange
            .next("POST", &url(), &unauthorized, true, None)
            .expect_err("refused");
        assert_eq!(error.to_string(), format!("{URL}: HTTP 401 Unauthorized"));
        // The person's own `Authorization`: the refusal is theirs to read.
        let error = Exchange::default()
            .next("POST", &url(), &unauthorized, false, None)
            .expect_err("no sign-in");
        assert_eq!(error.to_string(), format!("{URL}: HTTP 401 Unauthorized"));
    }

    #[test]
    fn a_401_or_a_403_for_scope_asks_for_a_sign_in() {
        let scope = Some(r#"Bearer error="insufficient_scope", scope="a b""#);
        assert!(asks_to_sign_in(401, None));
        assert!(asks_to_sign_in(401, Some("Bearer")));
        assert!(asks_to_sign_in(403, scope));
        // Forbidden for another reason: a new sign-in would not help.
        assert!(!asks_to_sign_in(403, None));
        assert!(!asks_to_sign_in(
            403,
            Some(r#"Bearer error="invalid_token""#)
        ));
        assert!(!asks_to_sign_in(400, scope));
        assert!(!asks_to_sign_in(500, None));
    }

    #[test]
    fn a_404_to_a_session_begins_a_new_one_once_for_a_post() {
        let gone = status(404);
        let mut exchange = Exchange::default();
        let next = exchange.next("POST", &url(), &gone, true, Some("s-1"));
        assert_eq!(next.expect("renews"), Next::Renew("s-1".into()));
        let error = exchange
            .next("POST", &url(), &gone, true, Some("s-2"))
            .expect_err("once");
        assert_eq!(
            error.to_string(),
            format!("{URL}: the server's session has expired (HTTP 404)")
        );
        // A GET stream is not the client's request: it is not resumed in a new session.
        let error = Exchange::default()
            .next("GET", &url(), &gone, true, Some("s-1"))
            .expect_err("a GET");
        assert!(error.to_string().contains("has expired"), "{error}");
        // Deleting a session the server forgot: a plain error.
        let error = Exchange::default()
            .next("DELETE", &url(), &gone, true, Some("s-1"))
            .expect_err("a DELETE");
        assert_eq!(error.to_string(), format!("{URL}: HTTP 404 Not Found"));
        // Without a session, a 404 is just that.
        let error = Exchange::default()
            .next("POST", &url(), &gone, true, None)
            .expect_err("no session");
        assert_eq!(error.to_string(), format!("{URL}: HTTP 404 Not Found"));
    }

    #[test]
    fn an_error_status_is_handed_back_when_the_client_can_read_it() {
        let json = Answer {
            status: 400,
            json: true,
            ..Answer::default()
        };
        // A POST's JSON error may be the request's JSON-RPC error.
        let next = Exchange::default().next("POST", &url(), &json, true, None);
        assert_eq!(next.expect("readable"), Next::Done);
        assert!(
            Exchange::default()
                .next("GET", &url(), &json, true, None)
                .is_err()
        );
        // A GET stream the server does not offer is no error.
        let next = Exchange::default().next("GET", &url(), &status(405), true, None);
        assert_eq!(next.expect("no stream"), Next::Done);
        let error = Exchange::default()
            .next("POST", &url(), &status(503), true, None)
            .expect_err("unavailable");
        assert_eq!(
            error.to_string(),
            format!("{URL}: HTTP 503 Service Unavailable")
        );
        let next = Exchange::default().next("POST", &url(), &status(200), true, None);
        assert_eq!(next.expect("an answer"), Next::Done);
    }

    #[test]
    fn a_json_body_is_read_for_the_request_it_answers() {
        let id = serde_json::json!(7);
        let answered = read_body(
            URL,
            200,
            None,
            r#"{"jsonrpc":"2.0","id":7,"result":{}}"#,
            &id,
        );
        assert!(matches!(answered, Ok(Body::Answered)));
        let batch = r#"[{"jsonrpc":"2.0","method":"notifications/message"},{"jsonrpc":"2.0","id":7,"result":{}}]"#;
        assert!(matches!(
            read_body(URL, 200, None, batch, &id),
            Ok(Body::Answered)
        ));
        // The request's own JSON-RPC error, under an error status, is the client's to read.
        let refused = r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"bad"}}"#;
        assert!(matches!(
            read_body(URL, 400, None, refused, &id),
            Ok(Body::Answered)
        ));
    }

    #[test]
    fn a_body_that_is_no_answer_says_what_came() {
        let id = serde_json::json!(7);
        let page = "<html>\n<body>Sign in to the Wi-Fi</body></html>";
        let error = read_body(URL, 200, Some("text/html"), page, &id).expect_err("not JSON");
        assert_eq!(
            error.to_string(),
            format!(
                "{URL}: HTTP 200 answered with text/html that is not JSON: <html> <body>Sign in to the Wi-Fi</body></html>"
            )
        );
        let error = read_body(URL, 200, None, "", &id).expect_err("empty");
        assert!(
            error
                .to_string()
                .ends_with("no Content-Type that is not JSON: (empty)"),
            "{error}"
        );
        let other = r#"{"jsonrpc":"2.0","id":8,"result":{}}"#;
        let Ok(Body::Unanswered(error)) = read_body(URL, 200, Some("application/json"), other, &id)
        else {
            panic!("passed on, then an error");
        };
        assert!(
            error
                .to_string()
                .contains("holds no response to this request"),
            "{error}"
        );
        // Another request's error under an error status: the status and the server's words.
        let error = read_body(URL, 500, None, r#"{"error":{"message":"down"}}"#, &id)
            .expect_err("an error status");
        assert_eq!(
            error.to_string(),
            format!("{URL}: HTTP 500 Internal Server Error: down")
        );
        let large = "x".repeat(MAX_EVENT_BYTES + 1);
        let error = read_body(URL, 200, None, &large, &id).expect_err("too large");
        assert_eq!(
            error.to_string(),
            format!("{URL}: the server's response is larger than 8 MiB")
        );
    }

    #[test]
    fn a_message_becomes_the_lines_a_stdio_server_would_write() {
        assert!(lines("  \n").is_empty());
        assert_eq!(
            lines(r#"[{"id":1},{"id":2}]"#),
            [br#"{"id":1}"#.to_vec(), br#"{"id":2}"#.to_vec()]
        );
        assert_eq!(lines("{\n\"id\": 1\n}"), [br#"{"id":1}"#.to_vec()]);
        // Passed on as it came: spacing, and what is not JSON.
        assert_eq!(lines(r#" {"id": 1} "#), [br#"{"id": 1}"#.to_vec()]);
        assert_eq!(lines("not json"), [b"not json".to_vec()]);
    }

    #[test]
    fn a_2026_result_is_complete_unless_it_says_otherwise() {
        let mut line = br#"{"jsonrpc":"2.0","id":1,"result":{}}"#.to_vec();
        assert!(complete_result(&mut line).tools.is_empty());
        let read: Value = serde_json::from_slice(&line).expect("JSON");
        assert_eq!(read["result"]["resultType"], "complete");
        // A result that says what it is, and what is no result, stay as they came.
        for unchanged in [
            r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"no"}}"#,
            "not JSON",
        ] {
            let mut line = unchanged.as_bytes().to_vec();
            complete_result(&mut line);
            assert_eq!(line, unchanged.as_bytes());
        }
    }

    #[test]
    fn a_tools_list_result_teaches_the_tools_headers_and_leaves_out_the_bad_ones() {
        let list = serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {
            "resultType": "complete",
            "tools": [
                {"name": "routed", "inputSchema": {"properties": {
                    "region": {"type": "string", "x-mcp-header": "Region"}}}},
                {"name": "broken", "inputSchema": {"properties": {
                    "region": {"type": "object", "x-mcp-header": "Region"}}}},
            ],
        }});
        let mut line = list.to_string().into_bytes();
        let learned = complete_result(&mut line);
        assert_eq!(
            learned.tools.get("routed"),
            Some(&vec![("region".to_owned(), "Region".to_owned())])
        );
        assert_eq!(learned.rejected.len(), 1);
        assert_eq!(learned.rejected[0].0, "broken");
        let read: Value = serde_json::from_slice(&line).expect("JSON");
        assert_eq!(read["result"]["tools"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn only_the_response_to_the_request_ends_its_stream() {
        let id = serde_json::json!(3);
        assert!(answers(r#"{"jsonrpc":"2.0","id":3,"result":{}}"#, &id));
        assert!(!answers(
            r#"{"jsonrpc":"2.0","id":3,"method":"elicitation/create"}"#,
            &id
        ));
        assert!(!answers(r#"{"jsonrpc":"2.0","id":"3","result":{}}"#, &id));
    }

    #[test]
    fn a_server_request_is_known_by_its_id() {
        assert_eq!(
            server_request_id(r#"{"jsonrpc":"2.0","id":"e-1","method":"elicitation/create"}"#)
                .as_deref(),
            Some(r#""e-1""#)
        );
        assert_eq!(
            server_request_id(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#),
            None
        );
        assert_eq!(
            server_request_id(r#"{"jsonrpc":"2.0","method":"notifications/x"}"#),
            None
        );
    }
}

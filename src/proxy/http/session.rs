//! One Streamable HTTP session's rules, apart from the calls that carry them: the session id
//! the server gave, the protocol version each request names (the initialize era's, from the
//! server's answer, or the 2026-07-28 era's, from the request itself), the headers a request
//! carries because of them, and how a session the server has forgotten begins again. Nothing
//! here touches a socket: the unit tests drive it as the sending threads do.

use serde_json::Value;

use super::headers::Header;

/// What the session knows, shared by the threads that send.
#[derive(Debug, Default)]
pub struct Session {
    /// `Mcp-Session-Id`, once the server gave one.
    id: Option<String>,
    /// The protocol version the server answered `initialize` with.
    version: Option<String>,
    /// The 2026-07-28 era's version, as the client's last request named it: its
    /// notifications carry it too.
    per_request_version: Option<String>,
    /// The client's `initialize` and `notifications/initialized` as sent, to begin a new
    /// session with when the server has forgotten this one.
    initialize: Option<Vec<u8>>,
    initialized: Option<Vec<u8>>,
}

/// The client's own lines that began the session, to begin a new one with.
#[derive(Debug, PartialEq, Eq)]
pub struct Beginning {
    /// The client's `initialize`, unless the session ended before it began.
    pub initialize: Option<Vec<u8>>,
    /// Its `notifications/initialized`, once sent.
    pub initialized: Option<Vec<u8>>,
}

impl Session {
    /// The client's `initialize` went out as `line`, and the server answered with the session
    /// id `id` (or none).
    pub fn begin(&mut self, id: Option<String>, line: &[u8]) {
        self.id = id;
        self.initialize = Some(line.to_vec());
    }

    /// The client's `notifications/initialized` is on its way as `line`.
    pub fn initialized(&mut self, line: &[u8]) {
        self.initialized = Some(line.to_vec());
    }

    /// The session id the server gave, if any.
    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// Remembers the protocol version an `initialize` response (`data`) names.
    pub fn note_version(&mut self, data: &str) {
        let version = serde_json::from_str::<Value>(data).ok().and_then(|v| {
            v.pointer("/result/protocolVersion")
                .and_then(Value::as_str)
                .map(str::to_owned)
        });
        if version.is_some() {
            self.version = version;
        }
    }

    /// Whether the server has answered an `initialize` with its version: the initialize era,
    /// whose client cancels a call with a notification.
    pub fn initialize_era(&self) -> bool {
        self.version.is_some()
    }

    /// Whether the client speaks the 2026-07-28 era: it began no session with `initialize`,
    /// and its requests name their version in `_meta`.
    pub fn per_request_era(&self) -> bool {
        self.version.is_none() && self.per_request_version.is_some()
    }

    /// The headers a request carries: the person's (`person`), the session's, the version's,
    /// and for a message of the 2026-07-28 era its `routing` headers and the tool's `custom`
    /// ones; with the session id they name. A request that names its version in `routing`
    /// sets the version its era's later notifications carry.
    pub fn headers(
        &mut self,
        person: &[Header],
        routing: Vec<(&'static str, String)>,
        custom: Vec<(String, String)>,
    ) -> (Vec<(String, String)>, Option<String>) {
        let mut all: Vec<_> = person
            .iter()
            .map(|h| (h.name.clone(), h.value.clone()))
            .collect();
        if let Some(id) = &self.id {
            all.push(("Mcp-Session-Id".into(), id.clone()));
        }
        if let Some((_, version)) = routing.first() {
            self.per_request_version = Some(version.clone());
        }
        let version = self.version.as_ref().or(self.per_request_version.as_ref());
        if routing.is_empty()
            && let Some(version) = version
        {
            all.push(("MCP-Protocol-Version".into(), version.clone()));
        }
        all.extend(
            routing
                .into_iter()
                .map(|(name, value)| (name.to_owned(), value)),
        );
        all.extend(custom);
        (all, self.id.clone())
    }

    /// The server answered 404 to a request that carried the session id `expired`: forgets
    /// it and returns the lines to begin a new session with, unless another request has
    /// already begun one (the id is no longer `expired`: `None`).
    pub fn expire(&mut self, expired: &str) -> Option<Beginning> {
        if self.id.as_deref() != Some(expired) {
            return None;
        }
        self.id = None;
        Some(Beginning {
            initialize: self.initialize.clone(),
            initialized: self.initialized.clone(),
        })
    }

    /// A new session began in place of the expired one, with the id `id`.
    pub fn renewed(&mut self, id: Option<String>) {
        self.id = id;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INITIALIZE: &[u8] = br#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#;

    fn person() -> Vec<Header> {
        vec![Header {
            name: "X-Team".into(),
            value: "blue".into(),
        }]
    }

    fn named<'a>(headers: &'a [(String, String)], name: &str) -> Vec<&'a str> {
        headers
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    #[test]
    fn an_initialize_era_request_carries_the_session_id_and_the_answered_version() {
        let mut session = Session::default();
        let (before, id) = session.headers(&person(), Vec::new(), Vec::new());
        // Before `initialize`: the person's headers alone.
        assert_eq!(before, [("X-Team".to_owned(), "blue".to_owned())]);
        assert_eq!(id, None);

        session.begin(Some("s-1".into()), INITIALIZE);
        session
            .note_version(r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18"}}"#);
        let (after, id) = session.headers(&person(), Vec::new(), Vec::new());
        assert_eq!(id.as_deref(), Some("s-1"));
        assert_eq!(named(&after, "Mcp-Session-Id"), ["s-1"]);
        assert_eq!(named(&after, "MCP-Protocol-Version"), ["2025-06-18"]);
        assert_eq!(named(&after, "X-Team"), ["blue"]);
        assert!(session.initialize_era());
        assert!(!session.per_request_era());
    }

    #[test]
    fn a_response_without_a_version_leaves_the_one_known() {
        let mut session = Session::default();
        session
            .note_version(r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-03-26"}}"#);
        // A later message (an event on a stream) names none: the version stays.
        session.note_version(r#"{"jsonrpc":"2.0","method":"notifications/message"}"#);
        session.note_version("not JSON");
        let (headers, _) = session.headers(&[], Vec::new(), Vec::new());
        assert_eq!(named(&headers, "MCP-Protocol-Version"), ["2025-03-26"]);
    }

    #[test]
    fn a_2026_request_names_the_version_its_notifications_carry() {
        let mut session = Session::default();
        assert!(!session.per_request_era());
        let routing = vec![
            ("MCP-Protocol-Version", "2026-07-28".to_owned()),
            ("Mcp-Method", "tools/call".to_owned()),
        ];
        let custom = vec![("Mcp-Param-Region".to_owned(), "eu".to_owned())];
        let (request, id) = session.headers(&person(), routing, custom);
        assert_eq!(id, None);
        // The routing headers say the version once; no session id in this era.
        assert_eq!(named(&request, "MCP-Protocol-Version"), ["2026-07-28"]);
        assert_eq!(named(&request, "Mcp-Method"), ["tools/call"]);
        assert_eq!(named(&request, "Mcp-Param-Region"), ["eu"]);
        assert!(named(&request, "Mcp-Session-Id").is_empty());
        assert!(session.per_request_era());
        assert!(!session.initialize_era());
        // A notification has no routing headers of its own: it carries the request's version.
        let (notification, _) = session.headers(&person(), Vec::new(), Vec::new());
        assert_eq!(named(&notification, "MCP-Protocol-Version"), ["2026-07-28"]);
    }

    #[test]
    fn a_session_the_server_forgot_is_begun_again_once() {
        let mut session = Session::default();
        session.begin(Some("old".into()), INITIALIZE);
        session.initialized(b"initialized");
        // Two requests found "old" gone: the first begins a new session, ...
        assert_eq!(
            session.expire("old"),
            Some(Beginning {
                initialize: Some(INITIALIZE.to_vec()),
                initialized: Some(b"initialized".to_vec()),
            })
        );
        assert_eq!(session.id(), None);
        session.renewed(Some("new".into()));
        // ... the second finds it begun and sends again under it.
        assert_eq!(session.expire("old"), None);
        assert_eq!(session.id(), Some("new"));
        let (_, id) = session.headers(&[], Vec::new(), Vec::new());
        assert_eq!(id.as_deref(), Some("new"));
    }

    #[test]
    fn a_session_without_its_initialize_has_nothing_to_begin_again_with() {
        let mut session = Session::default();
        session.renewed(Some("given".into()));
        let beginning = session.expire("given").expect("the id was this one");
        assert_eq!(beginning.initialize, None);
        assert_eq!(beginning.initialized, None);
    }
}

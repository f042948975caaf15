//! The desktop notification that tells the person a form is waiting, for a window that opened
//! without the focus (on another workspace, behind other windows, a served or hook form while
//! they were away): `org.freedesktop.Notifications` on the session bus, with an action that
//! raises the window, closed when the form is answered. No notification service: nothing,
//! silently.
//!
//! It says who asks and that a form waits, then the message's first lines as plain text:
//! Markdown read (no `**`), and every URL, address or host defanged (`https[:]//evil[.]example`,
//! `docs[.]example`). dunst finds URLs in a notification's summary and body, even in escaped
//! markup, and its context menu opens them in the browser at once: around the URL consent,
//! which is the only way a link of ours opens (issue 54, item 5). Defanged, a host still
//! reads as itself, and no daemon's pattern (dunst's, GNOME Shell's, a bare `host.tld/`)
//! matches it.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_lite::StreamExt as _;
use zbus::zvariant::Value;
use zbus::{Connection, MatchRule, MessageStream};

use crate::cli::Markdown;

const SERVICE: &str = "org.freedesktop.Notifications";
const PATH: &str = "/org/freedesktop/Notifications";

/// How long the notification service may take to answer a call.
const CALL_TIMEOUT: Duration = Duration::from_secs(2);

/// The longest body we send: a line or two of the message, as notifications show.
const BODY_CHARS: usize = 200;

/// A notification sent (or being sent) for this window.
#[derive(Clone, Default)]
pub struct Notice {
    sent: Arc<Mutex<Sent>>,
}

/// What became of a notification.
#[derive(Default)]
struct Sent {
    /// The connection and the notification's id, once the service has answered.
    shown: Option<(Connection, u32)>,
    /// Closed before the service answered: close it the moment it does.
    closed: bool,
}

impl Notice {
    /// Sends a notification titled `summary` (who asks) with `body` (see [`body`]), on a
    /// thread of its own; `open` runs when the person chooses its action.
    pub fn send(
        summary: &str,
        body: String,
        open_label: String,
        open: impl Fn() + Send + 'static,
    ) -> Notice {
        let notice = Notice::default();
        let summary = unlinkable(summary);
        let sent = Arc::clone(&notice.sent);
        let spawned = std::thread::Builder::new()
            .name("notify".into())
            .spawn(move || {
                // No session bus, no service: the urgency hint is all there is.
                let _ = zbus::block_on(notify(summary, body, open_label, sent, open));
            });
        drop(spawned);
        notice
    }

    /// Closes the notification, if the service showed one: the form is answered, or the
    /// person is at it.
    pub fn close(&self) {
        let shown = {
            let mut sent = self
                .sent
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            sent.closed = true;
            sent.shown.take()
        };
        if let Some((connection, id)) = shown {
            zbus::block_on(close(&connection, id));
        }
    }
}

/// Whether a session bus may answer here (see [`session_bus_possible`]). Without one (a bare
/// X server, a CI job) the window neither waits to see whether it gets the focus nor starts a
/// thread to find out that nothing answers: unfocused, it then costs what it did before
/// notifications (in `scripts/bench`'s unfocused idle, 1.44 ms of CPU in 5 s with both, 0.67
/// with the wait alone).
pub fn session_bus_here() -> bool {
    session_bus_possible(
        std::env::var_os("DBUS_SESSION_BUS_ADDRESS").as_deref(),
        &crate::process::session::runtime_path(),
    )
}

/// Whether a session bus may answer: its address is given (`DBUS_SESSION_BUS_ADDRESS`), or
/// there is a socket where one is looked for without it (`bus` in the runtime directory,
/// `runtime`).
fn session_bus_possible(address: Option<&OsStr>, runtime: &Path) -> bool {
    address.is_some_and(|address| !address.is_empty()) || runtime.join("bus").exists()
}

/// Closes notification `id`, waiting at most [`CALL_TIMEOUT`].
async fn close(connection: &Connection, id: u32) {
    futures_lite::future::or(
        async {
            let _ = connection
                .call_method(
                    Some(SERVICE),
                    PATH,
                    Some(SERVICE),
                    "CloseNotification",
                    &(id,),
                )
                .await;
        },
        async {
            async_io::Timer::after(CALL_TIMEOUT).await;
        },
    )
    .await;
}

/// Sends the notification and waits for its action or its end.
async fn notify(
    summary: String,
    body: String,
    open_label: String,
    sent: Arc<Mutex<Sent>>,
    open: impl Fn(),
) -> zbus::Result<()> {
    let connection = zbus::connection::Builder::session()?
        .method_timeout(CALL_TIMEOUT)
        .build()
        .await?;
    let capabilities: Vec<String> = connection
        .call_method(Some(SERVICE), PATH, Some(SERVICE), "GetCapabilities", &())
        .await?
        .body()
        .deserialize()?;
    let has = |what: &str| capabilities.iter().any(|c| c == what);
    // The message is the server's text: never markup of its own.
    let body = if has("body-markup") {
        escape_markup(&body)
    } else {
        body
    };
    let actions: Vec<&str> = if has("actions") {
        vec!["default", &open_label]
    } else {
        Vec::new()
    };
    let mut hints: HashMap<&str, Value> = HashMap::new();
    hints.insert("desktop-entry", Value::from("form-elicitation"));
    hints.insert("urgency", Value::U8(1));
    // Listen before sending, so that an action chosen at once is not missed.
    let rule = MatchRule::builder()
        .msg_type(zbus::message::Type::Signal)
        .interface(SERVICE)?
        .path(PATH)?
        .build();
    let mut signals = MessageStream::for_match_rule(rule, &connection, Some(8)).await?;
    // Never expires by itself (0): the form waits until it is answered, and so does this.
    let id: u32 = connection
        .call_method(
            Some(SERVICE),
            PATH,
            Some(SERVICE),
            "Notify",
            &(
                "form-elicitation",
                0u32,
                "form-elicitation",
                summary.as_str(),
                body.as_str(),
                actions,
                hints,
                0i32,
            ),
        )
        .await?
        .body()
        .deserialize()?;
    let closed = {
        let mut sent = sent.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        sent.shown = Some((connection.clone(), id));
        sent.closed
    };
    if closed {
        close(&connection, id).await;
        return Ok(());
    }
    while let Some(message) = signals.next().await {
        let Ok(message) = message else { continue };
        let member = message.header().member().map(|m| m.to_string());
        match member.as_deref() {
            Some("ActionInvoked") => {
                if let Ok((of, _key)) = message.body().deserialize::<(u32, String)>()
                    && of == id
                {
                    open();
                }
            }
            Some("NotificationClosed") => {
                if let Ok((of, _reason)) = message.body().deserialize::<(u32, u32)>()
                    && of == id
                {
                    break;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// How much of the message is read for the body: a few times what it shows, so that a
/// 1 MB message is not read as Markdown again for a line or two.
const SOURCE_BYTES: usize = 4 * BODY_CHARS * 4;

/// The notification's body: that a form waits, then the message's first lines as plain
/// text (read as Markdown when `markdown` says so), each URL, address and host defanged
/// ([`unlinkable`]), at most [`BODY_CHARS`] characters of it.
pub fn body(message: &str, markdown: Markdown) -> String {
    let mut end = message.len().min(SOURCE_BYTES);
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    let source = &message[..end];
    let text = match markdown {
        Markdown::On => crate::model::markdown::plain(source),
        Markdown::Off => source.to_owned(),
    };
    format!(
        "{}\n{}",
        t!("notification-waiting"),
        first_lines(&unlinkable(&text))
    )
}

/// The text's first lines on one line, control characters as spaces, at most
/// [`BODY_CHARS`] characters, with an ellipsis when cut.
fn first_lines(message: &str) -> String {
    let text: String = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if text.chars().count() <= BODY_CHARS {
        return text;
    }
    let cut: String = text.chars().take(BODY_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

/// `text` with every word a notification daemon could make a link of defanged: its `.`,
/// `:` and `@` in brackets (`https[:]//evil[.]example/x`, `www[.]example`, `a[@]b[.]c`),
/// so that it still reads as what it is and no pattern for a URL matches it. Other words
/// (`v2.3`, `e.g.`, `12:30`) stay as they are.
pub fn unlinkable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_inclusive(char::is_whitespace) {
        let bare = word.trim_end_matches(char::is_whitespace);
        if !linkable(bare) {
            out.push_str(word);
            continue;
        }
        for c in word.chars() {
            match c {
                '.' | ':' | '@' => {
                    out.push('[');
                    out.push(c);
                    out.push(']');
                }
                c => out.push(c),
            }
        }
    }
    out
}

/// Schemes a daemon (or the browser it hands a link to) may open without `//`.
const BARE_SCHEMES: [&str; 12] = [
    "mailto:",
    "file:",
    "news:",
    "tel:",
    "sms:",
    "xmpp:",
    "sip:",
    "irc:",
    "magnet:",
    "data:",
    "javascript:",
    "geo:",
];

/// Whether `word` holds a URL, an e-mail address, a `www.` name, an IPv4 address or a host
/// (a dot between a letter or digit and a label of two letters or more: `evil.example`).
fn linkable(word: &str) -> bool {
    let lower = word.to_lowercase();
    if lower.contains("://")
        || lower.contains("www.")
        || BARE_SCHEMES.iter().any(|scheme| lower.contains(scheme))
    {
        return true;
    }
    let chars: Vec<char> = word.chars().collect();
    let host = chars.iter().enumerate().any(|(at, &c)| {
        c == '.'
            && at > 0
            && chars[at - 1].is_alphanumeric()
            && chars[at + 1..]
                .iter()
                .take_while(|c| c.is_alphanumeric() || **c == '-')
                .filter(|c| c.is_alphabetic())
                .count()
                >= 2
    });
    let trimmed = word.trim_matches(|c: char| !c.is_ascii_digit());
    let ipv4 = trimmed.split('.').count() == 4
        && trimmed
            .split('.')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    host || ipv4 || (word.contains('@') && word.contains('.'))
}

/// `text` with the characters the notification markup reads escaped.
fn escape_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without a bus address and without a socket where one is looked for, no notification
    /// is tried; with either, it is.
    #[test]
    fn a_notification_is_tried_only_where_a_session_bus_may_be() {
        let runtime = std::env::temp_dir().join(format!("fe-notify-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&runtime);
        std::fs::create_dir_all(&runtime).expect("a runtime directory");
        assert!(!session_bus_possible(None, &runtime));
        assert!(!session_bus_possible(Some(OsStr::new("")), &runtime));
        assert!(session_bus_possible(
            Some(OsStr::new("unix:path=/elsewhere/bus")),
            &runtime
        ));
        let bus = std::os::unix::net::UnixListener::bind(runtime.join("bus")).expect("a socket");
        assert!(session_bus_possible(None, &runtime));
        drop(bus);
        let _ = std::fs::remove_dir_all(&runtime);
    }

    #[test]
    fn the_body_is_the_message_s_first_lines_and_never_markup() {
        assert_eq!(
            first_lines("Which region?\n\n  Pick one.  "),
            "Which region? Pick one."
        );
        let long = "x".repeat(500);
        let body = first_lines(&long);
        assert_eq!(body.chars().count(), BODY_CHARS);
        assert!(body.ends_with('…'));
        assert_eq!(
            escape_markup("<b>bold</b> & \"q\""),
            "&lt;b&gt;bold&lt;/b&gt; &amp; &quot;q&quot;"
        );
    }

    /// Issue 54, item 5: dunst made links of the URLs in a notification and opened them from
    /// its context menu, around the URL consent; the body showed raw Markdown. Every word a
    /// daemon could link is defanged, and the Markdown is read.
    #[test]
    fn no_word_of_the_body_is_a_link_and_markdown_is_read() {
        assert!(crate::i18n::use_language_in_this_thread("en"));
        let cases = [
            (
                "see https://evil.example/x now",
                "see https[:]//evil[.]example/x now",
            ),
            ("www.evil.example", "www[.]evil[.]example"),
            ("mail a@b.example", "mail a[@]b[.]example"),
            ("mailto:someone", "mailto[:]someone"),
            ("at evil.example/path.", "at evil[.]example/path[.]"),
            ("host 10.0.0.1 up", "host 10[.]0[.]0[.]1 up"),
            ("ftp://x.y", "ftp[:]//x[.]y"),
            // Not links: kept as written.
            ("v2.3 e.g. 12:30 ok. Done", "v2.3 e.g. 12:30 ok. Done"),
        ];
        for (text, shown) in cases {
            assert_eq!(unlinkable(text), shown, "{text:?}");
        }
        let body = body(
            "Release **v2.3** is ready: see [the runbook](https://docs.example/run) or <https://evil.example>.",
            Markdown::On,
        );
        assert!(!body.contains("**") && !body.contains("]("), "{body}");
        assert!(
            !body.contains("://") && !body.contains("docs.example"),
            "{body}"
        );
        assert!(
            body.contains("v2.3") && body.contains("the runbook"),
            "{body}"
        );
        assert!(body.starts_with(&t!("notification-waiting")), "{body}");
    }
}

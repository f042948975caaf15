//! URL mode in the window, without a display (kittest): what the person sees before deciding,
//! and that the browser is opened exactly once, with the URL on screen, and only on Open.
//!
//! `tests/fixtures/url-table.json` holds tricky URLs with the host a browser opens for each,
//! or `refused`, made by a browser engine's own parser (`scripts/gen-url-table.mjs`, Node's
//! WHATWG `new URL()`); these tests read the table and do not need Node.

use std::cell::RefCell;
use std::rc::Rc;

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use form_elicitation::model::answer::Answer;
use form_elicitation::model::url::UrlRequest;
use form_elicitation::ui::{UrlApp, WindowDialog};
use proptest::prelude::*;
use serde::Deserialize;

/// A harness for `url` and the list of URLs its opener was called with.
fn harness(url: &str, opener_fails: bool) -> (Harness<'static, UrlApp>, Rc<RefCell<Vec<String>>>) {
    let request =
        UrlRequest::parse("Sign in to continue.".into(), url.into(), "url").expect("a valid URL");
    shown(request, opener_fails)
}

/// A harness showing `request`, and the list of URLs its opener was called with.
fn shown(
    request: UrlRequest,
    opener_fails: bool,
) -> (Harness<'static, UrlApp>, Rc<RefCell<Vec<String>>>) {
    let opened = Rc::new(RefCell::new(Vec::new()));
    let log = Rc::clone(&opened);
    let opener = Box::new(move |url: &str| {
        log.borrow_mut().push(url.to_owned());
        if opener_fails {
            Err("no browser".to_owned())
        } else {
            Ok(())
        }
    });
    let app = UrlApp::new(request, Some("calendar".into()), None, opener);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(560.0, 500.0))
        .build_ui_state(|ui, app: &mut UrlApp| app.show(ui), app);
    harness.run();
    (harness, opened)
}

#[test]
fn shows_who_asks_the_full_url_and_its_host() {
    let url = "https://accounts.example.com/oauth/authorize?client_id=abc&state=xyz";
    let (h, opened) = harness(url, false);
    h.get_by_label("calendar asks you to open a web page:");
    h.get_by_label("Sign in to continue.");
    h.get_by_label(url);
    h.get_by_label("accounts.example.com");
    assert!(
        h.query_by_label_contains("Warning").is_none(),
        "a plain https URL warns of nothing"
    );
    assert!(
        opened.borrow().is_empty(),
        "nothing is opened before the person decides"
    );
}

#[test]
fn each_suspicious_url_gets_its_warning() {
    let cases = [
        ("http://example.com/", "Not encrypted"),
        ("https://xn--pple-43d.com/", "punycode"),
        ("https://192.0.2.7/login", "bare IP address"),
        ("https://[2001:db8::1]/", "bare IP address"),
        (
            "https://paypal.com@evil.example/",
            "user name before the site",
        ),
        ("https://аpple.com/", "non-ASCII"),
    ];
    for (url, needle) in cases {
        let (h, _) = harness(url, false);
        assert!(
            h.query_by_label_contains(needle).is_some(),
            "{url}: no warning containing {needle:?}"
        );
    }
}

/// Issue 43, item 10: while the pointer rested on the address, its tooltip covered the first
/// warning (that the site is not encrypted), the one to read before pressing Open.
#[test]
fn nothing_covers_the_warnings_while_the_pointer_rests_on_the_address() {
    let url = "http://example.com/login";
    let (mut h, _) = harness(url, false);
    h.get_by_label(url).hover();
    for _ in 0..40 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    h.run();
    let warning = h
        .get_by_label_contains("Not encrypted")
        .accesskit_node()
        .bounding_box()
        .expect("the warning is on screen");
    for node in h.root().query_all(egui_kittest::kittest::by()) {
        let node = node.accesskit_node();
        let (Some(rect), Some(text)) = (node.bounding_box(), node.value()) else {
            continue;
        };
        if "Warning: Not encrypted (http, not https): others on the network could read or \
            change the page."
            .contains(&*text)
        {
            continue;
        }
        let over = rect.intersect(warning);
        assert!(
            over.width() <= 0.0 || over.height() <= 0.0,
            "{text:?} covers the warning: {rect:?} over {warning:?}"
        );
    }
}

#[test]
fn open_calls_the_opener_once_with_the_exact_url_and_accepts() {
    let url = "https://example.com/a%20b?x=1&y=%C3%A9#frag";
    let (mut h, opened) = harness(url, false);
    h.get_by_role_and_label(Role::Button, "Open in browser")
        .click();
    h.run();
    assert_eq!(h.state().outcome(), Some(&Answer::AcceptUrl));
    assert_eq!(*opened.borrow(), vec![url.to_owned()]);
}

#[test]
fn open_by_keyboard_tab_then_enter() {
    let (mut h, opened) = harness("https://example.com/", false);
    h.key_press(Key::Tab);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().outcome(), Some(&Answer::AcceptUrl));
    assert_eq!(opened.borrow().len(), 1);
}

#[test]
fn a_failed_opener_does_not_accept() {
    let (mut h, opened) = harness("https://example.com/", true);
    h.get_by_role_and_label(Role::Button, "Open in browser")
        .click();
    h.run();
    assert_eq!(
        h.state().outcome(),
        None,
        "accept only after the browser was launched"
    );
    assert_eq!(opened.borrow().len(), 1);
    h.get_by_label("Could not open the browser: no browser");
}

#[test]
fn decline_and_escape_never_open() {
    let (mut h, opened) = harness("https://example.com/", false);
    h.get_by_role_and_label(Role::Button, "Decline").click();
    h.run();
    assert_eq!(h.state().outcome(), Some(&Answer::Decline));
    let (mut h2, opened2) = harness("https://example.com/", false);
    h2.key_press(Key::Escape);
    h2.run();
    assert_eq!(h2.state().outcome(), Some(&Answer::Cancel));
    assert!(opened.borrow().is_empty() && opened2.borrow().is_empty());
}

/// One row of the table: a URL as a server might send it, and what a browser does with it.
#[derive(Debug, Deserialize)]
struct Row {
    input: String,
    #[serde(default)]
    refused: bool,
    #[serde(default)]
    host: String,
    #[serde(default)]
    href: String,
}

fn table() -> Vec<Row> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/url-table.json"
    ))
    .expect("the URL table");
    serde_json::from_str(&text).expect("the URL table is JSON")
}

/// Where Node 20, which made the table, predates the URL Standard's current IDNA rules
/// (UTS 46 since Unicode 15.1: an `xn--` label that decodes to nothing but ASCII is an error).
/// The `url` crate follows the current rules and refuses these: the safe side, since a refusal
/// can never show one site and open another.
const NEWER_STANDARD_REFUSES: &[&str] = &["https://xn--invalid-.example/"];

/// The heart of URL mode: for every URL in the browser-made table, the site on screen (and
/// in the accessibility tree) is the host the browser opens, and Open hands the browser the
/// address shown; what the browser refuses, we refuse.
#[test]
fn every_url_in_the_browser_table_shows_the_host_the_browser_opens() {
    let rows = table();
    assert!(rows.len() > 100, "the table is the point of this test");
    for row in rows {
        let parsed = UrlRequest::parse("m".into(), row.input.clone(), "url");
        if NEWER_STANDARD_REFUSES.contains(&row.input.as_str()) {
            assert!(
                parsed.is_err(),
                "{:?}: the current standard refuses it",
                row.input
            );
            continue;
        }
        if row.refused {
            assert!(
                parsed.is_err(),
                "{:?}: a browser refuses it, we showed {parsed:?}",
                row.input
            );
            continue;
        }
        let request = parsed.unwrap_or_else(|e| {
            panic!(
                "{:?}: refused ({e}), the browser opens {}",
                row.input, row.host
            )
        });
        assert_eq!(request.host, row.host, "{:?}", row.input);
        assert_eq!(request.url, row.href, "{:?}", row.input);
        let (mut h, opened) = shown(request, false);
        h.get_by_role_and_label(Role::Label, &row.host);
        h.get_by_label(&row.href);
        h.get_by_role_and_label(Role::Button, "Open in browser")
            .click();
        h.run();
        assert_eq!(*opened.borrow(), vec![row.href.clone()], "{:?}", row.input);
    }
}

/// Pieces a tricky URL is made of: schemes, separators a browser reads as `/`, user info,
/// hosts in every spelling, ports, paths.
fn url_like() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "https:",
        "http:",
        "HTTPS:",
        "hTtP:",
        "javascript:",
        "file:",
        "data:",
        "ftp:",
        "",
    ]);
    let slashes = prop::sample::select(vec!["//", "\\\\", "/\\", "", "/", "///", "\t//"]);
    let user = prop::sample::select(vec![
        "",
        "bank.example@",
        "a:b@",
        "a@b@",
        "%40@",
        "bank.example%40",
        "\\@",
        ":@",
    ]);
    let host = prop::sample::select(vec![
        "example.com",
        "EXAMPLE.com",
        "%65vil.example",
        "0x7f.1",
        "2130706433",
        "0177.0.0.1",
        "127.1",
        "[::1]",
        "[2001:DB8::1]",
        "xn--pple-43d.com",
        "\u{430}pple.com",
        "b\u{fc}cher.de",
        "example\u{3002}com",
        "example\u{ff0e}com",
        "example.com.",
        "a%40b.example",
        "a b.c",
        "a\u{202e}b.example",
        "exa\nmple.com",
        "",
        "evil.example\\bank.example",
        "999.1.1.1",
    ]);
    let port = prop::sample::select(vec!["", ":443", ":8080", ":", ":99999", ":0x50"]);
    let rest = prop::sample::select(vec![
        "",
        "/",
        "/a b",
        "/login?next=/",
        "\\x",
        "?q=\\",
        "#f",
        "/%2e%2e/",
    ]);
    (scheme, slashes, user, host, port, rest)
        .prop_map(|(a, b, c, d, e, f)| format!("{a}{b}{c}{d}{e}{f}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Any URL-like string is either refused, or shows exactly the host the URL Standard
    /// parses and opens exactly its serialization.
    #[test]
    fn a_url_is_refused_or_shown_and_opened_as_parsed(sent in url_like()) {
        let standard = url::Url::parse(&sent).ok().filter(|u| {
            matches!(u.scheme(), "http" | "https") && u.host_str().is_some_and(|h| !h.is_empty())
        });
        match (UrlRequest::parse("m".into(), sent.clone(), "url"), standard) {
            (Err(_), None) => {}
            (Ok(request), Some(standard)) => {
                let host = standard.host_str().unwrap_or_default().to_owned();
                prop_assert_eq!(&request.host, &host);
                let (mut h, opened) = shown(request, false);
                h.get_by_label(&host);
                h.get_by_label(standard.as_str());
                h.get_by_role_and_label(Role::Button, "Open in browser").click();
                h.run();
                prop_assert_eq!(opened.borrow().clone(), vec![standard.to_string()]);
            }
            (shown, standard) => prop_assert!(false, "{:?}: we said {:?}, the standard {:?}", sent, shown, standard),
        }
    }
}

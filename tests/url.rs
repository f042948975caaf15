//! URL mode in the window, without a display (kittest): what the person sees before deciding,
//! and that the browser is opened exactly once, with the exact URL, and only on Open.

use std::cell::RefCell;
use std::rc::Rc;

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use form_elicitation::answer::Answer;
use form_elicitation::ui::UrlApp;
use form_elicitation::url::UrlRequest;

/// A harness for `url` and the list of URLs its opener was called with.
fn harness(url: &str, opener_fails: bool) -> (Harness<'static, UrlApp>, Rc<RefCell<Vec<String>>>) {
    let request =
        UrlRequest::parse("Sign in to continue.".into(), url.into(), "url").expect("a valid URL");
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

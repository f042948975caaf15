//! End-to-end tests of the terminal dialog: the built binary runs with a fresh pseudo-terminal
//! (80×24) as its controlling terminal, so `/dev/tty` is the pty; the test types keys into the
//! pty like a person, reads what the dialog shows, and asserts the exact answer line on the
//! binary's real stdout (a pipe, never the pty) and the exit code. After every run the pty must
//! be back in cooked mode: the dialog restores the terminal on every way out.
//! The harness is `tests/support/pty.rs`. Without a pty device the tests skip and pass, unless
//! `FORM_ELICITATION_E2E=require` is set.

use super::support::pty::*;

/// One required text field.
const NAME_REQUEST: &str = r#"{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"Name"}},"required":["name"]}}"#;

// ---------------------------------------------------------------------------------------------
// Tests

#[test]
fn text_numbers_and_multi_line_text() {
    let request = r#"{"message":"Trip","requestedSchema":{"type":"object","properties":{
        "name":{"type":"string","title":"Name"},
        "notes":{"type":"string","title":"Notes","description":"Anything else."},
        "budget":{"type":"number","title":"Budget","minimum":0},
        "guests":{"type":"integer","title":"Guests","minimum":0,"maximum":4}},
        "required":["name","guests"]}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("[1/4] Name *");
    d.send("Ada");
    d.send(ENTER);
    d.expect("[1/4] Name *: Ada");
    d.expect("Anything else.");
    d.send("line one");
    d.send(ALT_ENTER);
    d.send("line two");
    d.send(CTRL_J);
    d.send("three");
    d.send(ENTER);
    d.expect("[2/4] Notes: line one↵line two↵three");
    d.expect("[3/4] Budget");
    d.send("2.5");
    d.send(ENTER);
    d.expect("[4/4] Guests *");
    d.expect("A whole number, 0 to 4");
    d.send("3");
    d.send(ENTER);
    d.expect("Review");
    d.expect("Enter: submit");
    d.send(ENTER);
    d.expect("Answer sent.");
    d.finish().answered(
        r#"{"action":"accept","content":{"name":"Ada","notes":"line one\nline two\nthree","budget":2.5,"guests":3}}"#,
    );
}

#[test]
fn boolean_choices_and_multi_select() {
    let request = r#"{"message":"Order","requestedSchema":{"type":"object","properties":{
        "gift":{"type":"boolean","title":"Gift wrap"},
        "discount":{"type":"string","title":"Discount","oneOf":[{"const":"10","title":"10%"},{"const":"15","title":"15%"}]},
        "size":{"type":"string","title":"Size","enum":["S","M","L"]},
        "extras":{"type":"array","title":"Extras","items":{"anyOf":[{"const":"bag","title":"Paper bag"},{"const":"card","title":"Card"},{"const":"ribbon","title":"Ribbon"}]}}},
        "required":["size"]}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("(no answer yet)");
    d.send("y");
    d.expect("Gift wrap: Yes");
    d.expect("( ) 2. 15%");
    d.send("2");
    d.expect("Discount: 15%");
    // A required choice starts with nothing chosen: Enter asks for one, the first Down
    // chooses the first option.
    d.expect("> ( ) 1. S");
    d.send(ENTER);
    d.expect("Choose one of the options");
    d.send(DOWN);
    d.expect("> (*) 1. S");
    d.send(DOWN);
    d.send(DOWN);
    d.expect("> (*) 3. L");
    d.send(ENTER);
    d.expect("Size *: L");
    d.expect("[ ] 1. Paper bag");
    d.send(" ");
    d.send("3");
    d.expect("[x] 3. Ribbon");
    d.send(ENTER);
    d.expect("Extras: Paper bag, Ribbon");
    d.expect("Review");
    d.send(ENTER);
    d.finish().answered(
        r#"{"action":"accept","content":{"gift":true,"discount":"15","size":"L","extras":["bag","ribbon"]}}"#,
    );
}

/// On a screen too small for the pager's pinned lines and its wrapped key hint, the message
/// is still shown (it was paged through without a row of it ever on screen).
#[test]
fn a_tiny_terminal_still_shows_the_message() {
    let request = r#"{"message":"SECRET-MESSAGE","requestedSchema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}}"#;
    for size in [(6, 20), (5, 30)] {
        let setup = Setup {
            size: Some(size),
            ..Setup::default()
        };
        let Some(mut d) = Dialog::start(request, &["--server", "demo"], setup) else {
            return;
        };
        d.expect("SECRET-MESSAGE");
        d.send(ESC);
        d.finish().answered(r#"{"action":"cancel"}"#);
    }
}

#[test]
fn defaults_are_prefilled_and_editable() {
    let request = r#"{"message":"Settings","requestedSchema":{"type":"object","properties":{
        "dir":{"type":"string","title":"Directory","default":"/tmp/x"},
        "count":{"type":"integer","title":"Count","default":4},
        "overwrite":{"type":"boolean","title":"Overwrite","default":true},
        "level":{"type":"string","title":"Level","enum":["low","high"],"default":"high"},
        "tags":{"type":"array","title":"Tags","items":{"type":"string","enum":["a","b","c"]},"default":["b"]},
        "day":{"type":"string","format":"date","title":"Day","default":"2024-02-28"}},
        "required":["dir","overwrite"]}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("> /tmp/x");
    d.send(BACKSPACE);
    d.send("y");
    d.send(ENTER);
    d.expect("Directory *: /tmp/y");
    d.expect("> 4");
    d.send(ENTER);
    d.expect("(*) Yes");
    d.send(ENTER);
    d.expect("> (*) 2. high");
    d.send(ENTER);
    d.expect("[x] 2. b");
    d.send(ENTER);
    d.expect("> 2024-02-28");
    d.send(UP);
    d.expect("> 2024-02-29");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish().answered(
        r#"{"action":"accept","content":{"dir":"/tmp/y","count":4,"overwrite":true,"level":"high","tags":["b"],"day":"2024-02-29"}}"#,
    );
}

#[test]
fn a_problem_is_shown_at_the_field_and_asked_again() {
    let request = r#"{"message":"Contact","requestedSchema":{"type":"object","properties":{
        "email":{"type":"string","format":"email","title":"Email"},
        "age":{"type":"integer","title":"Age","minimum":18,"maximum":99},
        "picks":{"type":"array","title":"Picks","minItems":1,"items":{"type":"string","enum":["x","y"]}}},
        "required":["email","age","picks"]}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("[1/3] Email *");
    d.send(ENTER);
    d.expect("! This field is required");
    d.send("ada@");
    d.expect("! Not an email address (like name@example.com)");
    d.send("example.com");
    d.send(ENTER);
    d.expect("Email *: ada@example.com");
    d.send("1.5");
    d.send(ENTER);
    d.expect("! Enter a whole number (like 42)");
    d.send(BACKSPACE.repeat(3).as_str());
    d.send("120");
    d.send(ENTER);
    d.expect("! Must be at most 99");
    d.send(BACKSPACE.repeat(3).as_str());
    d.send("42");
    d.send(ENTER);
    d.expect("Age *: 42");
    d.send(ENTER);
    d.expect("! Choose at least 1 option");
    d.send("2");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish().answered(
        r#"{"action":"accept","content":{"email":"ada@example.com","age":42,"picks":["y"]}}"#,
    );
}

/// The formats schema generators emit, a fixed value (`const`) and `multipleOf`, in the
/// terminal: each format's shape is shown and checked, the fixed value is shown and sent.
#[test]
fn formats_const_and_multiple_of() {
    let request = r#"{"message":"Order","requestedSchema":{"type":"object","properties":{
        "id":{"type":"string","format":"uuid","title":"Order id"},
        "kind":{"type":"string","const":"refund","title":"Kind"},
        "packs":{"type":"integer","multipleOf":5,"title":"Packs"}},
        "required":["id","kind","packs"]}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("A UUID, like 123e4567-e89b-12d3-a456-426614174000");
    d.send("123e4567");
    d.send(ENTER);
    d.expect("! Not a UUID (like 123e4567-e89b-12d3-a456-426614174000)");
    d.send("-e89b-12d3-a456-426614174000");
    d.send(ENTER);
    d.expect("> refund   (fixed: sent as is)");
    d.send(ENTER);
    d.expect("A whole number, a multiple of 5");
    d.send("12");
    d.send(ENTER);
    d.expect("! Must be a multiple of 5");
    d.send(BACKSPACE);
    d.send("5");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish().answered(
        r#"{"action":"accept","content":{"id":"123e4567-e89b-12d3-a456-426614174000","kind":"refund","packs":15}}"#,
    );
}

#[test]
fn the_review_changes_a_field_by_its_number() {
    let request = r#"{"message":"m","requestedSchema":{"type":"object","properties":{
        "a":{"type":"string","title":"First"},"b":{"type":"string","title":"Second"}}}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("[1/2] First");
    d.send("one");
    d.send(ENTER);
    d.expect("[2/2] Second");
    d.send("two");
    d.send(ENTER);
    d.expect("Enter: submit · 1-2: change a field");
    d.send("7");
    d.send(ENTER);
    d.expect("! Type a field number from 1 to 2");
    d.send(BACKSPACE);
    d.send("1");
    d.send(ENTER);
    d.expect("> one");
    d.send(BACKSPACE.repeat(3).as_str());
    d.send("uno");
    d.send(ENTER);
    d.expect("First: uno");
    d.expect("Review");
    d.send("s");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"a":"uno","b":"two"}}"#);
}

#[test]
fn decline_from_the_review() {
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], Setup::default()) else {
        return;
    };
    d.expect("Name *");
    d.send("Ada");
    d.send(ENTER);
    d.expect("Review");
    d.send("d");
    d.send(ENTER);
    d.expect("Declined.");
    d.finish().answered(r#"{"action":"decline"}"#);
}

#[test]
fn cancel_from_the_review() {
    let Some(mut d) = Dialog::start(
        r#"{"message":"Sure?","requestedSchema":{"type":"object","properties":{}}}"#,
        &[],
        Setup::default(),
    ) else {
        return;
    };
    d.expect("Nothing to fill in.");
    d.expect("(no fields)");
    d.send("c");
    d.send(ENTER);
    d.expect("Cancelled.");
    d.finish().answered(r#"{"action":"cancel"}"#);
}

#[test]
fn a_form_without_fields_is_confirmed_with_enter() {
    let Some(mut d) = Dialog::start(
        r#"{"message":"Delete the branch?","requestedSchema":{"type":"object","properties":{}}}"#,
        &[],
        Setup::default(),
    ) else {
        return;
    };
    d.expect("Delete the branch?");
    d.expect("Enter: submit · d: decline · c: cancel");
    d.send(ENTER);
    d.finish().answered(r#"{"action":"accept","content":{}}"#);
}

/// A Markdown message: no markup characters, nesting as indentation, links as `text <url>`,
/// images and HTML as text; `--markdown off` shows the text as it came.
#[test]
fn a_markdown_message_is_rendered_and_off_shows_it_as_it_came() {
    let request = r##"{"message":"# Plan\n\nDeploy **now**?\n\n- one\n  - two\n\nSee [docs](https://docs.example) and ![cat](https://img.example/c.png) <b>x</b>","requestedSchema":{"type":"object","properties":{}}}"##;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("Deploy now?");
    d.expect("• one");
    d.expect("  • two");
    d.expect("See docs <https://docs.example> and [cat] <https://img.example/c.png> <b>x</b>");
    d.send(ENTER);
    let done = d.finish();
    assert!(!done.raw.contains("**now**"), "{done:?}");
    done.answered(r#"{"action":"accept","content":{}}"#);

    let Some(mut d) = Dialog::start(request, &["--markdown", "off"], Setup::default()) else {
        return;
    };
    d.expect("Deploy **now**?");
    d.send(ENTER);
    d.finish().answered(r#"{"action":"accept","content":{}}"#);
}

/// Issue 34: a right-to-left paragraph (the first strong character decides) ends at the
/// terminal's right edge, in the message and in a field's label and description; a
/// left-to-right one stays at the left.
#[test]
fn right_to_left_paragraphs_end_at_the_right_edge() {
    let request = r#"{"message":"سيصل طلبك خلال 3 أيام عمل.\n\nYour order ships soon.","requestedSchema":{"type":"object","properties":{"n":{"type":"string","title":"שם","description":"אנא כתבו את שמכם."}}}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    let screen = d.expect_screen("the message and the field", |s| {
        s.shows("אנא כתבו את שמכם.")
    });
    let lines = screen.lines();
    for text in ["سيصل طلبك خلال 3 أيام عمل.", "אנא כתבו את שמכם.", "שם"]
    {
        let row = lines
            .iter()
            .find(|row| row.contains(text))
            .unwrap_or_else(|| panic!("{text} is not shown:\n{screen}"));
        let margin = row.chars().take_while(|&c| c == ' ').count();
        assert!(
            margin > 40 && row.chars().count() >= usize::from(COLS) - 2,
            "{text} is not at the right edge:\n{screen}"
        );
    }
    let english = lines
        .iter()
        .find(|row| row.contains("Your order ships soon."))
        .unwrap_or_else(|| panic!("the English line is not shown:\n{screen}"));
    assert!(english.starts_with("Your order"), "{screen}");
    d.send(ESC);
    d.finish().answered(r#"{"action":"cancel"}"#);
}

#[test]
fn escape_cancels() {
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], Setup::default()) else {
        return;
    };
    d.expect("Name *");
    d.send("Ada");
    d.send(ESC);
    d.expect("Cancelled.");
    d.finish().answered(r#"{"action":"cancel"}"#);
}

#[test]
fn ctrl_c_cancels() {
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], Setup::default()) else {
        return;
    };
    d.expect("Name *");
    d.send(CTRL_C);
    d.expect("Cancelled.");
    d.finish().answered(r#"{"action":"cancel"}"#);
}

#[test]
fn ctrl_d_on_an_empty_line_is_end_of_input_and_cancels() {
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], Setup::default()) else {
        return;
    };
    d.expect("Name *");
    d.send("x");
    d.send(CTRL_D);
    d.expect("> x");
    d.send(BACKSPACE);
    d.send(CTRL_D);
    d.expect("End of input: cancelled.");
    d.finish().answered(r#"{"action":"cancel"}"#);
}

#[test]
fn the_timeout_counts_down_and_cancels() {
    let Some(mut d) = Dialog::start(NAME_REQUEST, &["--timeout", "2"], Setup::default()) else {
        return;
    };
    d.expect("Answer within 2 s.");
    d.expect("2 s left");
    d.expect("1 s left");
    d.expect("Time is up: cancelled.");
    d.finish().answered(r#"{"action":"cancel"}"#);
}

#[test]
fn sigterm_cancels() {
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], Setup::default()) else {
        return;
    };
    d.expect("Name *");
    d.signal(rustix::process::Signal::TERM);
    d.expect("Stopped by a signal: cancelled.");
    d.finish().answered(r#"{"action":"cancel"}"#);
}

/// Regression: when `--ui auto` tried a window, failed and fell back to the terminal, the
/// terminal's signal waker was dropped (only the first registration counted), so SIGTERM left
/// the terminal in raw mode. A display that cannot be opened forces that fallback.
#[test]
fn sigterm_after_falling_back_from_the_window_restores_the_terminal() {
    let setup = Setup {
        ui: None,
        display: Some(":4095"),
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], setup) else {
        return;
    };
    d.expect("Name *");
    d.signal(rustix::process::Signal::TERM);
    d.expect("Stopped by a signal: cancelled.");
    d.finish().answered(r#"{"action":"cancel"}"#);
}

#[test]
fn auto_picks_the_terminal_without_a_display() {
    let setup = Setup {
        ui: None,
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(NAME_REQUEST, &["--server", "issue-tracker"], setup) else {
        return;
    };
    d.expect("issue-tracker asks:");
    d.expect("Who are you?");
    d.send("Ada");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"name":"Ada"}}"#);
}

/// Issue 43, item 1: a server named `GitHub (https://api.github.com/mcp) asks:` and four line
/// breaks drew a complete heading of its own above ours, and a right-to-left override in a name
/// ran on into our words. Who asks is one line, its line breaks and controls shown as escapes.
#[test]
fn a_server_s_name_cannot_forge_who_asks_in_the_terminal() {
    let forged = "GitHub (https://api.github.com/mcp) asks:\n\n\n\n";
    let Some(mut d) = Dialog::start(NAME_REQUEST, &["--server", forged], Setup::default()) else {
        return;
    };
    let screen = d.expect_screen("who asks", |s| s.shows("Who are you?"));
    let rows = screen.lines();
    assert_eq!(
        rows[0], "GitHub (https://api.github.com/mcp) asks:\\n\\n\\n\\n asks:",
        "{screen}"
    );
    assert_eq!(rows[1], "Who are you?", "{screen}");
    d.send(ESC);
    d.finish().answered(r#"{"action":"cancel"}"#);

    let Some(mut d) = Dialog::start(
        NAME_REQUEST,
        &["--server", "trusted\u{202e}"],
        Setup::default(),
    ) else {
        return;
    };
    d.expect("trusted<U+202E> asks:");
    d.send(ESC);
    d.finish().answered(r#"{"action":"cancel"}"#);
}

/// Claude Code's own interface owns the terminal while its hook runs: a hook request with no
/// display prints nothing and exits 0 (Claude Code then asks in its own dialog), whatever
/// `--ui` says, and never draws on the terminal; a schema we refuse does the same, with one
/// line on stderr, never exit 2 (Claude Code's "the person declined").
#[test]
fn a_claude_code_hook_request_never_takes_the_terminal() {
    let form = r#"{"hook_event_name":"Elicitation","mcp_server_name":"my-mcp-server","message":"Name?","requested_schema":{"type":"object","properties":{"name":{"type":"string"}}}}"#;
    let refused = r#"{"hook_event_name":"Elicitation","mcp_server_name":"my-mcp-server","message":"Where?","requested_schema":{"type":"object","properties":{"address":{"type":"object"}}}}"#;
    for (request, ui, why) in [
        (form, None, "no display"),
        (form, Some("terminal"), "no display"),
        (refused, Some("terminal"), "properties.address"),
    ] {
        let setup = Setup {
            ui,
            request_on_stdin: true,
            ..Setup::default()
        };
        let Some(d) = Dialog::start(request, &[], setup) else {
            return;
        };
        let done = d.finish();
        assert_eq!(
            (done.code, done.stdout.as_str(), done.raw.as_str()),
            (Some(0), "", ""),
            "{ui:?}: {done:?}"
        );
        let lines: Vec<&str> = done.stderr.lines().collect();
        assert!(
            lines.len() == 1 && lines[0].contains(why),
            "{ui:?}: one line on stderr saying {why:?}: {done:?}"
        );
    }
}

/// The way MCP servers run the helper: the request on stdin (a pipe), the dialog on /dev/tty.
#[test]
fn a_json_rpc_request_on_stdin_is_answered_through_dev_tty() {
    let request = r#"{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"Who?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}}"#;
    let setup = Setup {
        request_on_stdin: true,
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(request, &[], setup) else {
        return;
    };
    d.expect("[1/1] name *");
    d.send("Ada");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish().answered(
        r#"{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"name":"Ada"}}}"#,
    );
}

/// Issue 34: a proxy's dialog in a run of forms (`--queue`, the request the first line of
/// stdin) says where it stands under who asks, and `a`, then `y`, at the review declines them
/// all: the public decline on stdout, exit 10 for the proxy.
#[test]
fn a_run_of_forms_is_told_and_declined_all_from_the_review() {
    let request = "{\"message\":\"Delete the branch?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}\n";
    let setup = Setup {
        request_on_stdin: true,
        ..Setup::default()
    };
    let args = ["--ui", "terminal", "--server", "weather", "--queue", "2/4"];
    let Some(mut d) = Dialog::start(request, &args, setup) else {
        return;
    };
    d.expect("Form 2 of 4 from weather");
    d.expect("a: decline all 3 waiting");
    d.send("a");
    d.send(ENTER);
    d.expect("Decline all 3 forms, this one included?");
    d.send("y");
    d.expect("Declined all 3 forms.");
    let done = d.finish();
    assert_eq!(done.stdout, "{\"action\":\"decline\"}\n", "{done:?}");
    assert_eq!(done.code, Some(10), "{done:?}");
}

/// The terminal speaks the person's language: with `LANG=ko_KR.UTF-8` its own words (who
/// asks, the introduction, problems, key hints, the review, the farewell) are Korean.
#[test]
fn the_terminal_speaks_korean() {
    let request = r#"{"message":"워크숍 참가 신청서입니다.","requestedSchema":{"type":"object","properties":{
        "name":{"type":"string","title":"이름","maxLength":3},
        "meal":{"type":"string","title":"점심","oneOf":[{"const":"bibimbap","title":"비빔밥"},{"const":"none","title":"먹지 않음"}]}},
        "required":["name","meal"]}}"#;
    let setup = Setup {
        lang: Some("ko_KR.UTF-8"),
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(request, &["--server", "행사 도우미"], setup) else {
        return;
    };
    d.expect("행사 도우미의 요청:");
    d.expect("필드 2개, *는 필수 항목");
    d.expect("Enter: 다음");
    d.send("김철수님");
    d.send(ENTER);
    d.expect("! 최대 3자(현재 4)");
    d.send(BACKSPACE);
    d.send(ENTER);
    d.send("1");
    d.expect("검토");
    d.expect("Enter: 제출 · 1-2");
    d.send("x");
    d.send(ENTER);
    d.expect("필드 번호(1부터 2까지)");
    d.send(BACKSPACE);
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"name":"김철수","meal":"bibimbap"}}"#);
}

/// Issues 29 and 30: in German, a format problem read "Not eine E-Mail-Adresse (like …)",
/// English around a German noun, and a pattern was not named until Enter failed. Now the
/// help states the pattern up front and every problem is one German sentence.
#[test]
fn the_terminal_states_a_pattern_and_its_problems_in_german() {
    let request = r#"{"message":"Anmeldung","requestedSchema":{"type":"object","properties":{
        "code":{"type":"string","title":"Kürzel","pattern":"^[A-Z]{3}$"},
        "mail":{"type":"string","title":"Post","format":"email"}},
        "required":["code"]}}"#;
    let setup = Setup {
        lang: Some("de_DE.UTF-8"),
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(request, &[], setup) else {
        return;
    };
    d.expect("Muss zum Muster ^[A-Z]{3}$ passen");
    d.send("abc");
    d.send(ENTER);
    d.expect("! Hat nicht die erwartete Form (Muster ^[A-Z]{3}$)");
    d.send(&BACKSPACE.repeat(3));
    d.send("ABC");
    d.send(ENTER);
    d.send("ada");
    d.send(ENTER);
    d.expect("! Keine E-Mail-Adresse (z. B. name@example.com)");
    d.send("@example.com");
    d.send(ENTER);
    d.expect("Überprüfen");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"code":"ABC","mail":"ada@example.com"}}"#);
}

/// With `LANG=de_DE.UTF-8` the key hints are German; `--lang` wins over `LANG`.
#[test]
fn the_terminal_speaks_german_and_lang_overrides_the_locale() {
    for (lang, args) in [
        ("de_DE.UTF-8", &[][..]),
        ("ko_KR.UTF-8", &["--lang", "de"][..]),
    ] {
        let setup = Setup {
            lang: Some(lang),
            ..Setup::default()
        };
        let Some(mut d) = Dialog::start(NAME_REQUEST, args, setup) else {
            return;
        };
        d.expect("Eingabe: weiter · Alt+Eingabe oder Strg+J: neue Zeile · Esc: abbrechen");
        d.send("Ada");
        d.send(ENTER);
        d.expect("Überprüfen");
        d.send(ENTER);
        d.finish()
            .answered(r#"{"action":"accept","content":{"name":"Ada"}}"#);
    }
}

/// Asserts that the row of `screen` showing `text` ends at the terminal's right edge, with
/// spaces before it.
fn at_the_right_edge(screen: &Screen, text: &str) {
    let lines = screen.lines();
    let row = lines
        .iter()
        .find(|row| row.contains(text))
        .unwrap_or_else(|| panic!("{text} is not shown:\n{screen}"));
    assert!(
        row.starts_with(' ') && row.chars().count() >= usize::from(COLS) - 1,
        "{text} does not end at the right edge:\n{screen}"
    );
}

/// Issue 34: in Hebrew the terminal's own lines start with a Hebrew word, so they end at the
/// right edge as any right-to-left paragraph does: who asks, the key hints, a problem, the
/// options and the review; a left-to-right label stays at the left.
#[test]
fn the_terminal_speaks_hebrew_at_the_right_edge() {
    let request = r#"{"message":"הרשמה לסדנה","requestedSchema":{"type":"object","properties":{
        "name":{"type":"string","title":"Name","maxLength":3},
        "size":{"type":"string","title":"מידה","enum":["קטן","גדול"]}},
        "required":["name","size"]}}"#;
    let setup = Setup {
        lang: Some("he_IL.UTF-8"),
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(request, &["--server", "shop"], setup) else {
        return;
    };
    let screen = d.expect_screen("the first field", |s| {
        s.shows("Name *") && s.shows("שורה חדשה")
    });
    for text in ["שואל shop:", "הרשמה לסדנה", "שורה חדשה"] {
        at_the_right_edge(&screen, text);
    }
    let name = screen
        .lines()
        .into_iter()
        .find(|row| row.contains("Name *"))
        .unwrap_or_else(|| panic!("the label is not shown:\n{screen}"));
    assert!(name.starts_with("[1/2] Name"), "{screen}");
    d.send("Adam");
    d.send(ENTER);
    let problem = "לכל היותר 3 תווים (כעת 4)";
    let screen = d.expect_screen("the problem", |s| s.shows(problem));
    at_the_right_edge(&screen, problem);
    d.send(BACKSPACE);
    d.send(ENTER);
    let screen = d.expect_screen("the options", |s| s.shows("גדול"));
    for text in ["מידה", "קטן", "גדול"] {
        at_the_right_edge(&screen, text);
    }
    d.send("2");
    let screen = d.expect_screen("the review", |s| s.shows("סקירה"));
    at_the_right_edge(&screen, "סקירה");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"name":"Ada","size":"גדול"}}"#);
}

/// Plurals follow each language's CLDR rules: Russian has one, few and many.
#[test]
fn the_terminal_counts_in_russian() {
    for (n, words) in [(1, "1 поле"), (3, "3 поля"), (5, "5 полей")] {
        let properties: Vec<String> = (0..n)
            .map(|i| format!(r#""f{i}":{{"type":"string"}}"#))
            .collect();
        let request = format!(
            r#"{{"message":"Анкета","requestedSchema":{{"type":"object","properties":{{{}}}}}}}"#,
            properties.join(",")
        );
        let setup = Setup {
            lang: Some("ru_RU.UTF-8"),
            ..Setup::default()
        };
        let Some(mut d) = Dialog::start(&request, &[], setup) else {
            return;
        };
        d.expect(words);
        d.send(ESC);
        d.expect("Отменено.");
        d.finish().answered(r#"{"action":"cancel"}"#);
    }
}

#[test]
fn korean_text_in_colour() {
    let request = r#"{"message":"워크숍 참가 신청서입니다.","requestedSchema":{"type":"object","properties":{
        "name":{"type":"string","title":"이름","maxLength":3},
        "meal":{"type":"string","title":"점심","oneOf":[{"const":"bibimbap","title":"비빔밥"},{"const":"none","title":"먹지 않음"}]}},
        "required":["name","meal"]}}"#;
    let setup = Setup {
        color: true,
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(request, &[], setup) else {
        return;
    };
    d.expect("워크숍 참가 신청서입니다.");
    d.expect("[1/2] 이름");
    d.send("김철수님");
    d.send(ENTER);
    d.expect("! At most 3 characters (now 4)");
    d.send(BACKSPACE);
    d.send(ENTER);
    d.expect("이름");
    d.expect(": 김철수");
    d.send("1");
    d.expect("비빔밥");
    d.expect("Review");
    d.send(ENTER);
    let done = d.finish();
    assert!(
        done.raw.contains("\x1b[38;5;"),
        "colour is used when NO_COLOR is unset"
    );
    done.answered(r#"{"action":"accept","content":{"name":"김철수","meal":"bibimbap"}}"#);
}

#[test]
fn no_color_means_no_colour_sequences() {
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], Setup::default()) else {
        return;
    };
    d.expect("Name *");
    d.send(ESC);
    let done = d.finish();
    // Any SGR sequence (colour or bold) ends in "m": none may appear.
    let sgr = done
        .raw
        .split('\x1b')
        .skip(1)
        .filter(|s| s.starts_with('['))
        .find(|s| s.chars().skip(1).find(|c| !c.is_ascii_digit() && *c != ';') == Some('m'));
    assert_eq!(sgr, None, "NO_COLOR is set: {done:?}");
    done.answered(r#"{"action":"cancel"}"#);
}

#[test]
fn a_long_option_list_scrolls_within_80_by_24() {
    let options: Vec<String> = (1..=40).map(|i| format!("\"option {i}\"")).collect();
    let request = format!(
        r#"{{"message":"Pick one","requestedSchema":{{"type":"object","properties":{{"o":{{"type":"string","title":"Option","enum":[{}]}}}},"required":["o"]}}}}"#,
        options.join(",")
    );
    let Some(mut d) = Dialog::start(&request, &[], Setup::default()) else {
        return;
    };
    d.expect("more below)");
    d.send(END);
    d.expect("more above)");
    d.expect("> (*) 40. option 40");
    d.send("3");
    d.expect("> (*)  3. option 3");
    d.send("7");
    d.expect("Option *: option 37");
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"o":"option 37"}}"#);
}

/// Regression: a message taller than the terminal was cut to the screen's height. (It is
/// paged now: every line of it is shown.)
#[test]
fn a_long_message_is_shown_in_full() {
    let lines: Vec<String> = (1..=40)
        .map(|i| format!("line {i} of the message"))
        .collect();
    let request = format!(
        r#"{{"message":"{}","requestedSchema":{{"type":"object","properties":{{}}}}}}"#,
        lines.join("\\n")
    );
    let Some(mut d) = Dialog::start(&request, &[], Setup::default()) else {
        return;
    };
    d.expect("line 1 of the message\n");
    d.expect("more lines below");
    d.send(PAGE_DOWN);
    d.expect("line 40 of the message\n");
    d.expect("End of the message");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish().answered(r#"{"action":"accept","content":{}}"#);
}

/// A Markdown message of `size` bytes: paragraphs, a table and a code block, a third each.
fn big_markdown(size: usize) -> String {
    let third = size / 3;
    let mut message = String::with_capacity(size + 200);
    let mut i = 0;
    while message.len() < third {
        message.push_str(&format!(
            "Paragraph {i}: the quick brown fox jumps over the lazy dog, *again* and \
             **again**, with `code` and [a link](https://example.com/{i}).\n\n"
        ));
        i += 1;
    }
    message.push_str("| id | name | value | note |\n|---|---|---|---|\n");
    while message.len() < 2 * third {
        message.push_str(&format!(
            "| {i} | item number {i} | {} | a note about row {i} |\n",
            i * 37 % 1000
        ));
        i += 1;
    }
    message.push_str("\n```\n");
    while message.len() < size - 4 {
        message.push_str(&format!(
            "let value_{i} = compute({i}, \"text\"); // line {i:06}\n"
        ));
        i += 1;
    }
    message.truncate(size - 4);
    message.push_str("\n```");
    message
}

/// The dialog's peak memory (VmHWM, KiB) once it shows `message` above a text field.
fn peak_kib_showing(message: &str, first_words: &str) -> Option<u64> {
    let request = serde_json::json!({"message": message, "requestedSchema": {"type": "object",
        "properties": {"name": {"type": "string", "title": "Name"}}}});
    let mut d = Dialog::start(&request.to_string(), &[], Setup::default())?;
    d.expect(first_words);
    let status = std::fs::read_to_string(format!("/proc/{}/status", d.child.id()))
        .expect("the dialog's /proc status");
    let peak = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kib| kib.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status");
    d.send(ESC);
    d.finish().answered(r#"{"action":"cancel"}"#);
    Some(peak)
}

/// Issue 46: a 1 MB Markdown message (paragraphs, a table, a code block) takes the terminal
/// dialog at most 13 times its size in memory beyond what a one-line message takes: 15.2-15.8
/// MB in this debug build before, 11.3-11.6 after. A table is one paragraph to the terminal,
/// and wrapping it held 8 bytes for each of its characters, its rows' and lines' text kept up
/// to twice their room, and the request's bytes were kept. The release binary's whole peak is
/// then under 20 times the message (docs/speed.md).
#[test]
fn a_one_megabyte_markdown_message_takes_at_most_13_times_its_size() {
    let size = 1_000_000;
    let message = big_markdown(size);
    assert_eq!(message.len(), size);
    let Some(short) = peak_kib_showing("Paragraph 0: short.", "Paragraph 0") else {
        return;
    };
    let Some(big) = peak_kib_showing(&message, "Paragraph 0") else {
        return;
    };
    let extra = big.saturating_sub(short) * 1024;
    assert!(
        extra <= 13 * size as u64,
        "a {size}-byte message took {extra} bytes more than a short one ({big} KiB against {short} KiB)"
    );
}

/// Regression: the message is the server's text; escape sequences in it must not reach the
/// terminal, or a server could rewrite the screen the person reads.
#[test]
fn control_characters_in_the_request_are_not_sent_to_the_terminal() {
    let request = r#"{"message":"Safe\u001b[2J\u001b]0;owned\u0007 text","requestedSchema":{"type":"object","properties":{}}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("Safe\u{FFFD}[2J\u{FFFD}]0;owned\u{FFFD} text");
    d.send(ESC);
    let done = d.finish();
    assert!(!done.raw.contains("\x1b[2J"), "{done:?}");
    assert!(!done.raw.contains("\x1b]0;"), "{done:?}");
}

/// Regression (issue 13, item 16): bidi controls (U+202E and the rest) reached the terminal,
/// so a bidi-capable terminal showed a label, an option or a value reversed.
#[test]
fn bidi_controls_in_the_request_and_the_value_are_shown_as_replacement_characters() {
    let request = r#"{"message":"Pay \u202egnp.exe\u202c now","requestedSchema":{"type":"object","properties":{
        "who":{"type":"string","title":"Name \u2067x\u2069","maxLength":20},
        "pick":{"type":"string","title":"Pick","enum":["a\u200fb","c\u061cd"]}},
        "required":["who","pick"]}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("Pay \u{FFFD}gnp.exe\u{FFFD} now");
    d.expect("[1/2] Name \u{FFFD}x\u{FFFD} *");
    d.send(PASTE_START);
    d.send("ab\u{202E}cd");
    d.send(PASTE_END);
    d.expect("> ab\u{FFFD}cd");
    d.send(ENTER);
    d.expect("( ) 2. c\u{FFFD}d");
    d.send("2");
    d.expect("Review");
    d.send(ENTER);
    let done = d.finish();
    for c in [
        '\u{202E}', '\u{202C}', '\u{2067}', '\u{2069}', '\u{200F}', '\u{061C}',
    ] {
        assert!(
            !done.raw.contains(c),
            "U+{:04X} reached the terminal: {done:?}",
            u32::from(c)
        );
    }
    // What the person pasted is sent as it is: only its display is made safe.
    done.answered(
        "{\"action\":\"accept\",\"content\":{\"who\":\"ab\u{202E}cd\",\"pick\":\"c\u{061C}d\"}}",
    );
}

/// Regression (issue 13, item 12): 40 pasted lines in a `maxLength: 10` field, then Enter:
/// nothing visible happened, since the label, the problem and the key hints were all pushed off
/// the 24-row screen by the value.
#[test]
fn a_value_taller_than_the_screen_scrolls_and_keeps_its_field_in_view() {
    let request = r#"{"message":"Notes","requestedSchema":{"type":"object","properties":{
        "note":{"type":"string","title":"Short note","maxLength":10}},"required":["note"]}}"#;
    let Some(mut d) = Dialog::start(request, &[], Setup::default()) else {
        return;
    };
    d.expect("[1/1] Short note *");
    let pasted: Vec<String> = (1..=40).map(|i| format!("pasted line {i}")).collect();
    let pasted = pasted.join("\n");
    d.send(&format!("{PASTE_START}{pasted}{PASTE_END}"));
    d.send(ENTER);
    let problem = format!("! At most 10 characters (now {})", pasted.chars().count());
    // The key hints are the frame's last row: once they show below the problem, the frame is
    // complete.
    let screen = d.expect_screen("the problem, then the key hints", |s| {
        s.row_of(&problem) < s.row_of("Enter: next") && s.shows(&problem)
    });
    for needle in [
        "[1/1] Short note *",
        "Enter: next",
        "pasted line 40",
        "more lines above)",
    ] {
        assert!(screen.shows(needle), "{needle:?} is not in view:\n{screen}");
    }
    assert!(
        !screen
            .lines()
            .iter()
            .any(|row| row.ends_with("pasted line 1")),
        "the value shows the rows around its cursor, at its end:\n{screen}"
    );
    let label = screen.row_of("[1/1] Short note *");
    let last = screen.row_of("pasted line 40");
    let error = screen.row_of(&problem);
    let hints = screen.row_of("Enter: next");
    assert!(
        label < last && last < error && error < hints,
        "label, value, problem, hints in that order:\n{screen}"
    );
    // The value is still there to edit.
    d.send(&BACKSPACE.repeat(pasted.chars().count()));
    d.expect_screen("the emptied field, its label and the key hints", |s| {
        !s.shows("! At most 10")
            && !s.shows("pasted")
            && s.shows("[1/1] Short note *")
            && s.shows("Enter: next")
    });
    d.send("brief");
    d.send(ENTER);
    d.expect("Short note *: brief");
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"note":"brief"}}"#);
}

/// Regression (issue 13, item 5): a message taller than the terminal scrolled by at once, so
/// the first screen showed only its end, and a message ending in a fake "trusted-bank asks:"
/// stood right above the first field while the real asker had scrolled away.
#[test]
fn a_long_message_is_paged_from_its_top_and_the_asker_stays_in_view() {
    let mut message: Vec<String> = (1..=60).map(|i| format!("message line {i}")).collect();
    message.push("trusted-bank asks:".to_owned());
    let request = format!(
        r#"{{"message":"{}","requestedSchema":{{"type":"object","properties":{{"name":{{"type":"string","title":"Name"}}}},"required":["name"]}}}}"#,
        message.join("\\n")
    );
    let Some(mut d) = Dialog::start(&request, &["--server", "srv"], Setup::default()) else {
        return;
    };
    let first = d.expect_screen("the pager", |s| s.shows("more lines below"));
    let rows = first.lines();
    assert_eq!(
        rows[0], "srv asks:",
        "the dialog starts at its top:\n{first}"
    );
    assert_eq!(rows[1], "message line 1", "{first}");
    assert!(!first.shows("message line 60"), "{first}");
    assert!(
        !first.shows("[1/1] Name"),
        "the message comes first:\n{first}"
    );
    // Each of PageDown, Space and Enter turns a page; PageUp turns back.
    d.send(PAGE_DOWN);
    let second = d.expect_screen("the second page", |s| s.lines()[1] == "message line 22");
    assert_eq!(
        second.lines()[0],
        "srv asks:",
        "the asker is pinned:\n{second}"
    );
    d.send(PAGE_UP);
    d.expect_screen("the first page again", |s| s.lines()[1] == "message line 1");
    d.send(" ");
    d.expect_screen("the second page again", |s| {
        s.lines()[1] == "message line 22"
    });
    d.send(ENTER);
    d.expect_screen("the third page", |s| s.lines()[1] == "message line 43");
    d.send(PAGE_DOWN);
    let last = d.expect_screen("the last page", |s| s.shows("End of the message"));
    assert!(
        last.shows("message line 60") && last.shows("trusted-bank asks:"),
        "{last}"
    );
    assert!(!last.shows("[1/1] Name"), "{last}");
    d.send(ENTER);
    let field = d.expect_screen("the first field", |s| s.shows("[1/1] Name *"));
    let rows = field.lines();
    let label = field.row_of("[1/1] Name *").unwrap_or(0);
    assert!(
        label > 0 && rows[label - 1] == "srv asks:",
        "the real asker is named right above the first field:\n{field}"
    );
    d.send("Ada");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"name":"Ada"}}"#);
}

/// Regression (issue 13, item 9): after `kill -TSTP` and `fg` the dialog was dead: the process
/// stopped with the terminal still raw (the shell's keys did not echo), and once continued it
/// neither took raw mode back nor redrew, so Enter did nothing.
#[test]
fn stopped_by_sigtstp_and_continued_by_fg_the_dialog_comes_back() {
    let setup = Setup {
        job_control: true,
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(NAME_REQUEST, &["--server", "srv"], setup) else {
        return;
    };
    d.expect("[1/1] Name *");
    d.send("Ad");
    d.expect("> Ad");
    let job = d.foreground_job();
    d.signal_process(job, rustix::process::Signal::TSTP);
    d.wait_until_stopped(job);
    assert!(
        d.cooked(),
        "stopped with the terminal in raw mode: the shell gets no echo and no line editing"
    );
    d.skip_shown();
    d.fg();
    // Redrawn in full, with what was typed before the stop.
    d.expect("srv asks:");
    d.expect("[1/1] Name *");
    d.expect("> Ad");
    d.send("a");
    d.expect("> Ada");
    d.send(ENTER);
    d.expect("[1/1] Name *: Ada");
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"name":"Ada"}}"#);
}

/// SIGSTOP cannot be caught, so the terminal stays raw while stopped; but on SIGCONT the
/// dialog takes raw mode again (the shell may have reset it) and redraws.
#[test]
fn stopped_by_sigstop_the_dialog_redraws_when_continued() {
    let setup = Setup {
        job_control: true,
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], setup) else {
        return;
    };
    d.expect("[1/1] Name *");
    d.send("Ad");
    d.expect("> Ad");
    let job = d.foreground_job();
    d.signal_process(job, rustix::process::Signal::STOP);
    d.wait_until_stopped(job);
    d.skip_shown();
    d.fg();
    d.expect("[1/1] Name *");
    d.expect("> Ad");
    d.send("a");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"name":"Ada"}}"#);
}

/// A dialog alone in its session (its own session leader on the terminal, as under `ssh -t
/// host form-elicitation`) runs in an orphaned process group, where the kernel discards
/// SIGTSTP's stop: no shell is left to continue it. The dialog still gives the terminal back,
/// finds itself not stopped, and takes it again. Regression guard for signal-hook (issue 57):
/// its default stop is a SIGSTOP, which no group discards, and the dialog stopped for good.
#[test]
fn alone_in_its_session_the_dialog_is_not_stopped_by_sigtstp() {
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], Setup::default()) else {
        return;
    };
    d.expect("[1/1] Name *");
    d.send("Ad");
    d.expect("> Ad");
    d.skip_shown();
    d.signal(rustix::process::Signal::TSTP);
    // Drawn afresh below what it left on screen: it went on.
    d.expect("> Ad");
    assert!(
        !d.cooked(),
        "the dialog went on without taking raw mode again"
    );
    d.send("a");
    d.expect("> Ada");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"name":"Ada"}}"#);
}

/// Regression (issue 30, item 7): with `TZ=Asia/Tokyo` (a zone name, looked up in
/// /usr/share/zoneinfo) the terminal's "now" was UTC. Up on an empty date field gives today
/// there, and on an empty date-time field the next whole hour there, with that zone's offset.
#[test]
fn iana_time_zones_from_tz() {
    let request = r#"{"message":"When?","requestedSchema":{"type":"object","properties":{
        "day":{"type":"string","format":"date","title":"Day"},
        "at":{"type":"string","format":"date-time","title":"At"}},
        "required":["day","at"]}}"#;
    for name in ["Asia/Tokyo", "America/New_York"] {
        let zone = jiff::tz::TimeZone::get(name).expect("the zone in /usr/share/zoneinfo");
        let before = jiff::Timestamp::now().to_zoned(zone.clone());
        let setup = Setup {
            tz: Some(name),
            ..Setup::default()
        };
        let Some(mut d) = Dialog::start(request, &[], setup) else {
            return;
        };
        d.expect("[1/2] Day *");
        d.send(UP);
        d.send(ENTER);
        d.expect("[2/2] At *");
        d.send(DOWN);
        d.send(ENTER);
        d.expect("Review");
        d.send(ENTER);
        let done = d.finish();
        let after = jiff::Timestamp::now().to_zoned(zone.clone());
        let answer: serde_json::Value =
            serde_json::from_str(&done.stdout).unwrap_or_else(|e| panic!("{e}: {done:?}"));
        let day = answer["content"]["day"].as_str().expect("a day");
        assert!(
            [before.date().to_string(), after.date().to_string()].contains(&day.to_owned()),
            "{name}: today there, not {day}: {done:?}"
        );
        let at = answer["content"]["at"].as_str().expect("a date-time");
        let sent: jiff::Timestamp = at.parse().expect("RFC 3339");
        let next_hour = |z: &jiff::Zoned| {
            let hour = z.round(
                jiff::ZonedRound::new()
                    .smallest(jiff::Unit::Hour)
                    .mode(jiff::RoundMode::Trunc),
            );
            hour.expect("rounds").timestamp() + jiff::SignedDuration::from_hours(1)
        };
        assert!(
            sent == next_hour(&before) || sent == next_hour(&after),
            "{name}: the next whole hour, not {at}: {done:?}"
        );
        let want = sent.to_zoned(zone.clone()).strftime("%Y-%m-%dT%H:%M:%S%:z");
        assert_eq!(at, want.to_string(), "{name}: that zone's offset: {done:?}");
    }
}

/// Regression (issue 30, item 22): text taller than the screen at the review's prompt was cut
/// from its top, with the key hints, and nothing said rows were hidden. It scrolls now, under
/// the hints, with a note of the rows above.
#[test]
fn a_long_paste_at_the_review_scrolls_under_its_hints() {
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], Setup::default()) else {
        return;
    };
    d.expect("[1/1] Name *");
    d.send("Ada");
    d.send(ENTER);
    d.expect("Enter: submit");
    let pasted = "word ".repeat(600);
    d.send(&format!("{PASTE_START}{pasted}{PASTE_END}"));
    let screen = d.expect_screen("the hints above the scrolled text", |s| {
        s.shows("more lines above)")
    });
    assert!(
        screen.row_of("Enter: submit") < screen.row_of("more lines above)"),
        "{screen}"
    );
    d.send(ESC);
    d.finish().answered(r#"{"action":"cancel"}"#);
}

/// The ticket example, as a person would pass it.
fn ticket() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/ticket.json"))
        .expect("examples/ticket.json")
}

/// Regression (issue 30, item 17): at 30×8 the first field's label `[1/3] Component *` was
/// never drawn (the frame was cut from its top), and at 20×6 a problem fell below the screen.
#[test]
fn a_small_screen_shows_the_label_the_problem_and_the_key_hints() {
    let setup = Setup {
        size: Some((8, 30)),
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(&ticket(), &["--server", "tracker"], setup) else {
        return;
    };
    // The introduction is paged on so small a screen: End, then Enter goes on.
    d.expect_screen("the pager", |s| s.shows("tracker asks:") && s.shows("more"));
    d.send(END);
    d.send(ENTER);
    let screen = d.expect_screen("the first field", |s| s.shows("[1/3] Component *"));
    for needle in ["> ( ) 1. api", "( ) 3. docs", "Up/Down"] {
        assert!(screen.shows(needle), "{needle:?} is not in view:\n{screen}");
    }
    d.send("2");
    d.expect("Component *: ui");
    d.send(ESC);
    d.finish().answered(r#"{"action":"cancel"}"#);

    let setup = Setup {
        size: Some((6, 20)),
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(&ticket(), &[], setup) else {
        return;
    };
    d.expect_screen("the pager", |s| s.shows("more"));
    d.send(END);
    d.send(ENTER);
    d.expect_screen("the first field", |s| s.shows("[1/3] Component *"));
    d.send("2");
    let screen = d.expect_screen("the second field", |s| s.shows("[2/3] Severity *"));
    assert!(screen.shows("Enter"), "a row of key hints:\n{screen}");
    d.send("9");
    d.send(ENTER);
    let screen = d.expect_screen("the problem", |s| s.shows("! Must be at most 5"));
    for needle in ["[2/3] Severity *", "> 9"] {
        assert!(screen.shows(needle), "{needle:?} is not in view:\n{screen}");
    }
    d.send(ESC);
    d.finish().answered(r#"{"action":"cancel"}"#);
}

/// Regression (issue 30, item 18): resizing the terminal mid-form left a stale copy of the
/// field for each size (80×24 → 30×8 → 100×30: three copies, only the last one live).
#[test]
fn resizing_mid_form_redraws_the_field_once() {
    let Some(mut d) = Dialog::start(&ticket(), &["--server", "tracker"], Setup::default()) else {
        return;
    };
    d.expect("[1/3] Component *");
    d.send("2");
    d.expect("[1/3] Component *: ui");
    d.expect("Esc: cancel");
    let once =
        |s: &Screen, needle: &str| s.lines().iter().filter(|row| row.contains(needle)).count() == 1;
    for (rows, cols) in [(8, 30), (30, 100), (24, 50), (24, 80)] {
        d.resize(rows, cols);
        d.expect_screen(&format!("the field once at {cols}×{rows}"), |s| {
            once(s, "[2/3] Severity *") && s.shows("Esc: cancel")
        });
    }
    let screen = d.expect_screen("what came before, above the field", |s| {
        s.shows("Component *: ui")
    });
    assert!(
        screen.row_of("Component *: ui") < screen.row_of("[2/3] Severity *"),
        "{screen}"
    );
    d.send("3");
    let screen = d.expect_screen("the typed value", |s| s.shows("> 3"));
    assert!(once(&screen, "[2/3] Severity *"), "{screen}");
    d.send(ENTER);
    d.expect("[2/3] Severity *: 3");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"component":"ui","severity":3,"notes":""}}"#);
}

/// Regression (issue 30, item 19): `TERM=dumb` got colours, bracketed paste, a hidden cursor
/// and cursor movement. It is asked line by line now, with not one escape sequence, and every
/// kind of field can be answered.
#[test]
fn a_dumb_terminal_is_asked_line_by_line_without_escape_sequences() {
    let request = r#"{"message":"Order","requestedSchema":{"type":"object","properties":{
        "name":{"type":"string","title":"Name","default":"Ada"},
        "qty":{"type":"integer","title":"Quantity","minimum":1,"maximum":5},
        "gift":{"type":"boolean","title":"Gift wrap"},
        "size":{"type":"string","title":"Size","enum":["S","M","L"]},
        "extras":{"type":"array","title":"Extras","items":{"anyOf":[{"const":"bag","title":"Paper bag"},{"const":"card","title":"Card"}]}}},
        "required":["qty","size"]}}"#;
    let setup = Setup {
        term: "dumb",
        color: true,
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(request, &["--server", "shop"], setup) else {
        return;
    };
    d.expect("shop asks:");
    d.expect("Ctrl+D cancels.");
    d.expect("[1/5] Name");
    d.expect("Now: Ada. Enter alone keeps it.");
    d.expect("> ");
    d.send(ENTER);
    d.expect("[2/5] Quantity *");
    d.send("9");
    d.send(ENTER);
    d.expect("! Must be at most 5");
    d.send("2");
    d.send(ENTER);
    d.expect("[3/5] Gift wrap");
    d.send("y");
    d.send(ENTER);
    d.expect("( ) 3. L");
    d.send("4");
    d.send(ENTER);
    d.expect("! Type the option's number and press Enter.");
    d.send("3");
    d.send(ENTER);
    d.expect("[ ] 2. Card");
    d.send("1 2");
    d.send(ENTER);
    d.expect("Review");
    d.expect("5. Extras      Paper bag, Card");
    d.send(ENTER);
    d.expect("Answer sent.");
    let done = d.finish();
    assert!(
        !done.raw.contains('\x1b'),
        "an escape sequence reached a dumb terminal: {done:?}"
    );
    done.answered(
        r#"{"action":"accept","content":{"name":"Ada","qty":2,"gift":true,"size":"L","extras":["bag","card"]}}"#,
    );

    // Ctrl+D on an empty line is the end of input, as in any line-based program.
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], setup_dumb()) else {
        return;
    };
    d.expect("> ");
    d.send(CTRL_D);
    d.expect("\nEnd of input: cancelled.");
    d.finish().answered(r#"{"action":"cancel"}"#);

    // Ctrl+C is the terminal's interrupt signal there.
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], setup_dumb()) else {
        return;
    };
    d.expect("> ");
    d.send("Ad");
    d.send(CTRL_C);
    d.expect("Stopped by a signal: cancelled.");
    d.finish().answered(r#"{"action":"cancel"}"#);
}

/// Issue 43, item 10: on a dumb terminal Up in a date-time field put `^[[A` (its escape
/// sequence, handed on by the line discipline) into the value, which was then refused.
#[test]
fn a_dumb_terminal_s_arrow_keys_are_not_typed_text() {
    let request = r#"{"message":"When?","requestedSchema":{"type":"object","properties":{
        "at":{"type":"string","format":"date-time","title":"At"}},"required":["at"]}}"#;
    let Some(mut d) = Dialog::start(request, &[], setup_dumb()) else {
        return;
    };
    d.expect("> ");
    d.send(UP);
    d.send("2026-12-03T10:00:00Z");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"at":"2026-12-03T10:00:00Z"}}"#);
}

fn setup_dumb() -> Setup {
    Setup {
        term: "dumb",
        ..Setup::default()
    }
}

/// Regression (issue 30, item 19): `TERM=vt100` got 256-colour SGR, bracketed paste and the
/// VT220's hidden cursor. It gets bold text and the VT100's own cursor moves.
#[test]
fn a_vt100_gets_no_colours_and_no_later_modes() {
    let setup = Setup {
        term: "vt100",
        color: true,
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(&ticket(), &[], setup) else {
        return;
    };
    d.expect("[1/3] Component *");
    d.send(DOWN);
    d.expect("> (*) 1. api");
    d.send(ENTER);
    d.expect("Component *: api");
    d.send(ESC);
    let done = d.finish();
    let sequences: Vec<&str> = done.raw.split('\x1b').skip(1).map(csi).collect();
    for (what, sent) in [
        ("256 colours", &|s: &str| s.contains("38;5;")),
        ("a colour", &|s: &str| {
            s.ends_with('m')
                && s[1..s.len() - 1]
                    .split(';')
                    .any(|p| p.len() == 2 && "349".contains(&p[..1]))
        }),
        ("bracketed paste", &|s: &str| s.contains("?2004")),
        ("cursor hiding", &|s: &str| s.contains("?25")),
        ("cursor to a column (CHA)", &|s: &str| s.ends_with('G')),
    ] as [(&str, &dyn Fn(&str) -> bool); 5]
    {
        let found: Vec<&&str> = sequences.iter().filter(|s| sent(s)).collect();
        assert!(
            found.is_empty(),
            "{what} sent to a VT100 ({found:?}): {done:?}"
        );
    }
    assert!(done.raw.contains("\x1b[1m"), "bold is a VT100's: {done:?}");
    done.answered(r#"{"action":"cancel"}"#);
}

/// The escape sequence at the start of `s` (which follows an ESC): for a CSI, `[`, its
/// parameters and its final byte.
fn csi(s: &str) -> &str {
    let end = s
        .char_indices()
        .skip(1)
        .find(|(_, c)| ('@'..='~').contains(c))
        .map_or(s.len(), |(i, c)| i + c.len_utf8());
    &s[..end]
}

/// The process state of `pid` (`/proc/PID/stat`'s third field), `None` once it is gone.
fn state_of(pid: rustix::process::Pid) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.as_raw_nonzero())).ok()?;
    stat.rsplit_once(") ")?.1.chars().next()
}

/// Issue 54, item 11: Codex starts servers in a process group of their own and keeps the
/// terminal's foreground. With no display, the dialog opened `/dev/tty`, set its modes and was
/// stopped by SIGTTOU (state `T`), and the server and Codex hung with it. Started so, in the
/// background, there is no terminal: exit 3 at once with the fix-it line, nothing drawn, and
/// never stopped, whether `--ui` is `auto` or `terminal`.
#[test]
fn in_the_background_the_terminal_is_no_terminal_and_nothing_stops_the_dialog() {
    for ui in [None, Some("terminal")] {
        let setup = Setup {
            ui,
            shell: Some(BACKGROUND_SHELL),
            ..Setup::default()
        };
        let Some(mut d) = Dialog::start(NAME_REQUEST, &["--server", "demo"], setup) else {
            return;
        };
        let shell = d.child.id();
        let deadline = std::time::Instant::now() + EXIT_TIMEOUT;
        while d.child.try_wait().expect("poll the shell").is_none() {
            let stopped = stopped_under(shell);
            assert!(
                stopped.is_empty(),
                "{ui:?}: the dialog was stopped by the terminal (processes {stopped:?} in state T)"
            );
            assert!(
                std::time::Instant::now() < deadline,
                "{ui:?}: the dialog did not exit"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let done = d.finish();
        assert_eq!(
            (done.code, done.stdout.as_str(), done.raw.as_str()),
            (Some(3), "", ""),
            "{ui:?}: {done:?}"
        );
        let line = done
            .stderr
            .lines()
            .find(|line| line.starts_with("form-elicitation: "))
            .unwrap_or_default();
        assert!(
            line.contains(
                "no terminal: /dev/tty belongs to the foreground job, and this process runs in the background"
            ),
            "{ui:?}: {done:?}"
        );
        if ui.is_none() {
            // `auto` with no display: the fix-it line for the display comes first.
            assert!(
                line.contains("no display: DISPLAY and WAYLAND_DISPLAY are unset")
                    && line.contains("\"env\": {\"DISPLAY\": \":0\"}"),
                "{done:?}"
            );
        }
    }
}

/// A job shell that runs `bg` on the stopped dialog (after a line on its stdin), then `fg`
/// (after another).
const BG_THEN_FG_SHELL: (&str, &str) = (
    "sh",
    r#"set -m; "$@" </dev/tty; s=$?; if [ $s -ge 128 ]; then read _; bg >&2; read _; fg >&2; s=$?; fi; exit $s"#,
);

/// Issue 54, item 11, the foreground lost mid-dialog: Ctrl+Z then `bg` continued the dialog in
/// the background, where taking raw mode again stopped it at once (SIGTTOU). Now it waits,
/// running and drawing nothing, until `fg` gives it the terminal back; then it redraws and
/// takes the answer.
#[test]
fn a_dialog_sent_to_the_background_waits_unstopped_and_comes_back_with_fg() {
    let setup = Setup {
        shell: Some(BG_THEN_FG_SHELL),
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(NAME_REQUEST, &["--server", "srv"], setup) else {
        return;
    };
    d.expect("[1/1] Name *");
    d.send("Ad");
    d.expect("> Ad");
    let job = d.foreground_job();
    d.signal_process(job, rustix::process::Signal::TSTP);
    d.wait_until_stopped(job);
    d.skip_shown();
    // `bg`: continued in the background.
    d.fg();
    let deadline = std::time::Instant::now() + EXPECT_TIMEOUT;
    while state_of(job) == Some('T') {
        assert!(
            std::time::Instant::now() < deadline,
            "after bg the dialog never ran"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // Several of the dialog's ticks in the background: any terminal call would stop it.
    for _ in 0..25 {
        assert_ne!(
            state_of(job),
            Some('T'),
            "in the background the dialog was stopped by the terminal"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_ne!(
        d.foreground_job(),
        job,
        "the shell keeps the terminal after bg"
    );
    // `fg`: the terminal is the dialog's again.
    d.fg();
    d.expect("srv asks:");
    d.expect("[1/1] Name *");
    d.expect("> Ad");
    d.send("a");
    d.expect("> Ada");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"name":"Ada"}}"#);
}

/// A script whose pipe carries the dialog's answer to a reader the test kills (a stand-in for
/// a client that died while its shell lives on).
const READER_SHELL: (&str, &str) = ("sh", r#""$@" | sleep 600"#);

/// Issue 54, item 12, in the terminal: once nothing reads the answer (the pipe's reader
/// killed, the dialog's parent, the shell, alive), the dialog ends with cancel and gives the
/// terminal back, instead of asking a person whose answer nobody can take.
#[test]
fn the_terminal_dialog_ends_when_the_reader_of_its_answer_is_gone() {
    let setup = Setup {
        shell: Some(READER_SHELL),
        ..Setup::default()
    };
    let Some(mut d) = Dialog::start(NAME_REQUEST, &[], setup) else {
        return;
    };
    d.expect("[1/1] Name *");
    let shell = d.child.id();
    let reader = std::fs::read_dir("/proc")
        .expect("read /proc")
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .find(|&p| {
            let stat = std::fs::read_to_string(format!("/proc/{p}/stat")).unwrap_or_default();
            stat.contains("(sleep) ")
                && stat
                    .rsplit_once(") ")
                    .and_then(|(_, rest)| rest.split(' ').nth(1))
                    == Some(shell.to_string().as_str())
        })
        .expect("the reader runs");
    let reader = rustix::process::Pid::from_raw(reader).expect("a process id");
    d.signal_process(reader, rustix::process::Signal::KILL);
    d.expect("cancelled.");
    let done = d.finish();
    assert!(done.cooked, "the terminal is left raw: {done:?}");
    // The shell's own line about the reader it saw killed aside, ours is one.
    let ours: Vec<&str> = done
        .stderr
        .lines()
        .filter(|l| l.starts_with("form-elicitation:"))
        .collect();
    assert_eq!(
        ours,
        ["form-elicitation: cannot write to stdout: Broken pipe (os error 32)"],
        "{done:?}"
    );
}

/// Issue 54, item 3: a server named with 5,000 U+2800 BRAILLE PATTERN BLANK made a who-asks
/// line of 63 rows, too tall to pin: the dialog showed no who-asks line at all, in the
/// introduction or above the field. The name is bounded (elided in the middle, its blanks as
/// escapes), and who asks stays on screen above the message and above the field.
#[test]
fn a_padded_server_name_still_shows_who_asks_in_the_terminal() {
    let padded = format!("bank{}", "\u{2800}".repeat(5000));
    let Some(mut d) = Dialog::start(NAME_REQUEST, &["--server", &padded], Setup::default()) else {
        return;
    };
    let screen = d.expect_screen("who asks above the field", |s| {
        s.shows("Name *") && s.shows("Who are you?")
    });
    let asks = screen
        .row_of(" asks")
        .unwrap_or_else(|| panic!("no who-asks line:\n{screen}"));
    let message = screen.row_of("Who are you?").expect("the message");
    assert!(asks < message, "who asks below the message:\n{screen}");
    let rows = screen.lines();
    assert!(
        rows[asks].starts_with("bank<U+2800>") && rows[asks].contains('…'),
        "the name bounded, its blanks shown:\n{screen}"
    );
    d.send("Ada");
    d.send(ENTER);
    d.expect("Review");
    d.send(ENTER);
    d.finish()
        .answered(r#"{"action":"accept","content":{"name":"Ada"}}"#);
}

/// Issue 54, item 8: a default of "approve", 60 line breaks and "ALSO: transfer all funds"
/// was reviewed as its first row cut short, and sent whole. The review shows what will be
/// sent, all of it, its line breaks as escapes.
#[test]
fn the_review_shows_a_default_whole() {
    let request = serde_json::json!({"message": "Decide", "requestedSchema": {"type": "object",
        "properties": {"decision": {"type": "string", "title": "Decision",
            "default": format!("approve{}ALSO: transfer all funds", "\n".repeat(60))}},
        "required": ["decision"]}})
    .to_string();
    let Some(mut d) = Dialog::start(&request, &["--server", "bank"], Setup::default()) else {
        return;
    };
    d.expect("Decision *");
    d.send(ENTER);
    d.expect("Review");
    let screen = d.expect_screen("the review", |s| s.shows("Enter: submit"));
    let review = screen.row_of("Review").expect("the review");
    let rows = &screen.lines()[review..];
    let shown: String = rows.iter().map(|row| row.trim()).collect();
    assert!(
        shown.contains(&format!("approve{}ALSO:", "\\n".repeat(60)))
            && shown.contains("transfer all funds"),
        "the review shows the default whole:\n{screen}"
    );
    d.send(ENTER);
    d.finish().answered(&format!(
        r#"{{"action":"accept","content":{{"decision":"approve{}ALSO: transfer all funds"}}}}"#,
        "\\n".repeat(60)
    ));
}

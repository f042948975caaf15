//! End-to-end tests of the binary that need no display: `--check`, the fixtures, exit codes,
//! and garbage on stdin.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use super::support::process::{Group, Output, run_binary};

fn fixtures(dir: &str) -> Vec<PathBuf> {
    let files = super::support::json_files(&[dir]);
    assert!(!files.is_empty(), "no fixtures in {dir}");
    files
}

#[test]
fn every_accepted_fixture_and_example_checks_ok() {
    for path in fixtures("tests/fixtures/accept")
        .into_iter()
        .chain(fixtures("examples"))
    {
        let path = path.to_str().expect("UTF-8 path");
        let run = run_binary(&["--check", path], b"");
        assert_eq!(run.code, Some(0), "{path}: {run:?}");
        assert!(run.stdout.starts_with("form with "), "{path}: {run:?}");
        assert!(run.stderr.is_empty(), "{path}: {run:?}");
    }
}

#[test]
fn every_refused_fixture_exits_2_naming_the_construct() {
    for path in fixtures("tests/fixtures/reject") {
        let expect =
            std::fs::read_to_string(path.with_extension("expect")).expect("an .expect file");
        let run = run_binary(&["--check", path.to_str().expect("UTF-8 path")], b"");
        let name = path.display();
        assert_eq!(run.code, Some(2), "{name}: {run:?}");
        assert!(run.stdout.is_empty(), "{name}: {run:?}");
        let first = run.stderr.lines().next().unwrap_or("");
        assert!(first.starts_with("form-elicitation: "), "{name}: {run:?}");
        assert!(
            first.contains(expect.trim()),
            "{name}: wants {:?} in {run:?}",
            expect.trim()
        );
    }
}

#[test]
fn the_contract_example_message_names_field_and_keyword() {
    let request = br#"{"message":"m","requestedSchema":{"type":"object","properties":{"price":{"type":"number","multipleOf":0.01}}}}"#;
    let run = run_binary(&["--check"], request);
    assert_eq!(
        run.stderr.trim_end(),
        "form-elicitation: requestedSchema.properties.price: unsupported keyword \"multipleOf\" \
         with a fraction (0.01): not exact in binary floating point (supported for number: type, \
         title, description, default, minimum, maximum, exclusiveMinimum, exclusiveMaximum, and \
         multipleOf as a whole number of at least 1)",
        "{run:?}"
    );
}

#[test]
fn garbage_is_refused_with_exit_2_and_nothing_on_stdout() {
    let big = {
        let mut big = br#"{"message":""#.to_vec();
        big.extend(std::iter::repeat_n(b'a', 1024 * 1024));
        big.extend(br#"","requestedSchema":{}}"#);
        big
    };
    let deep = "[".repeat(100_000);
    let cases: Vec<(&str, &[u8], &str)> = vec![
        ("empty", b"", "empty"),
        ("white space", b"  \n", "empty"),
        ("not JSON", b"hello", "not JSON"),
        ("truncated", br#"{"message": "#, "not JSON"),
        ("invalid UTF-8", b"{\"message\":\"\xff\"}", "not UTF-8"),
        ("over 1 MiB", &big, "larger than 1 MiB"),
        ("deeply nested", deep.as_bytes(), "not JSON"),
        ("an array", b"[]", "must be a JSON object"),
        (
            "a URL that is not http(s)",
            br#"{"mode":"url","message":"m","url":"javascript:alert(1)"}"#,
            "unsupported scheme \"javascript\"",
        ),
    ];
    for (what, input, needle) in cases {
        let run = run_binary(&["--check"], input);
        assert_eq!(run.code, Some(2), "{what}: {run:?}");
        assert!(run.stdout.is_empty(), "{what}: {run:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{what}: one line: {run:?}");
        assert!(
            run.stderr.contains(needle),
            "{what}: wants {needle:?}: {run:?}"
        );
    }
}

#[test]
fn a_bad_json_rpc_request_gets_a_json_rpc_error() {
    let request = br#"{"jsonrpc":"2.0","id":"r1","method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{"a":{"type":"object"}}}}}"#;
    let bad = run_binary(&[], request);
    assert_eq!(bad.code, Some(2), "{bad:?}");
    let error: serde_json::Value = serde_json::from_str(&bad.stdout).expect("stdout is JSON");
    assert_eq!(error["jsonrpc"], "2.0");
    assert_eq!(error["id"], "r1");
    assert_eq!(error["error"]["code"], -32602);
    assert!(
        error["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("nested objects")),
        "{bad:?}"
    );
    assert!(error.get("result").is_none());

    let request = br#"{"jsonrpc":"2.0","id":3,"method":"sampling/createMessage","params":{}}"#;
    let other = run_binary(&[], request);
    let error: serde_json::Value = serde_json::from_str(&other.stdout).expect("stdout is JSON");
    assert_eq!(other.code, Some(2), "{other:?}");
    assert_eq!(
        (error["id"].clone(), error["error"]["code"].clone()),
        (3.into(), (-32601).into())
    );
}

/// Without a display, `window` fails; without a terminal too, so do `terminal` and `auto`.
#[test]
fn no_display_and_no_terminal_exit_3_with_nothing_on_stdout() {
    let request = br#"{"message":"m","requestedSchema":{"type":"object","properties":{}}}"#;
    let cases: [(&[&str], &[&str]); 3] = [
        (&[], &["no display", "no terminal"]),
        (&["--ui", "window"], &["no display"]),
        (&["--ui", "terminal"], &["no terminal", "/dev/tty"]),
    ];
    for (args, needles) in cases {
        let run = run_binary(args, request);
        assert_eq!(run.code, Some(3), "{args:?}: {run:?}");
        assert!(run.stdout.is_empty(), "{args:?}: {run:?}");
        assert!(
            run.stderr.starts_with("form-elicitation: "),
            "{args:?}: {run:?}"
        );
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {run:?}");
        for needle in needles {
            assert!(
                run.stderr.contains(needle),
                "{args:?} wants {needle:?}: {run:?}"
            );
        }
    }
}

#[test]
fn check_reads_stdin_the_file_argument_and_dash() {
    let request = br#"{"message":"Pick","requestedSchema":{"type":"object","properties":{"n":{"type":"integer","title":"Count","minimum":1}},"required":["n"]}}"#;
    let stdin = run_binary(&["--check"], request);
    let dash = run_binary(&["--check", "-"], request);
    assert_eq!(stdin.code, Some(0), "{stdin:?}");
    assert_eq!(
        stdin.stdout,
        "form with 1 field(s): \"Pick\"\n  n \"Count\": integer ≥ 1, required\n"
    );
    assert_eq!(dash.stdout, stdin.stdout);
    let missing = run_binary(&["--check", "/nonexistent/request.json"], b"");
    assert_eq!(missing.code, Some(1), "{missing:?}");
    assert!(
        missing.stderr.contains("/nonexistent/request.json"),
        "{missing:?}"
    );
}

#[test]
fn check_can_come_from_the_environment() {
    let output = Command::new(super::support::BIN)
        .arg("tests/fixtures/accept/boolean.json")
        .env("FORM_ELICITATION_CHECK", "true")
        .env_remove("DISPLAY")
        .envs(super::support::ENGLISH)
        .output()
        .expect("run the binary");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("form with 1 field(s)"));
}

#[test]
fn bad_usage_exits_2_and_help_and_version_exit_0() {
    let bad = run_binary(&["--timeout", "soon"], b"");
    assert_eq!(bad.code, Some(2), "{bad:?}");
    assert!(bad.stdout.is_empty());
    let zero = run_binary(&["--timeout", "0"], b"");
    assert_eq!(zero.code, Some(2), "{zero:?}");
    // A long timeout is taken (it was refused as "not a number of seconds greater than 0");
    // one beyond the maximum says the maximum.
    let check = br#"{"message":"m","requestedSchema":{"type":"object","properties":{}}}"#;
    let long = run_binary(&["--check", "--timeout", "2147483647"], check);
    assert_eq!(long.code, Some(0), "{long:?}");
    let too_long = run_binary(&["--check", "--timeout", "1e12"], check);
    assert_eq!(too_long.code, Some(2), "{too_long:?}");
    assert!(
        too_long.stderr.contains("maximum, 4294967295 seconds"),
        "{too_long:?}"
    );
    let version = run_binary(&["--version"], b"");
    assert_eq!(version.code, Some(0));
    assert!(
        version.stdout.starts_with("form-elicitation "),
        "{version:?}"
    );
    let help = run_binary(&["--help"], b"");
    assert_eq!(help.code, Some(0));
    assert!(help.stdout.contains("--timeout <SECONDS>"), "{help:?}");
}

/// Regression: a caller that writes one request and keeps stdin open must still get an answer,
/// also when the request starts with a BOM (which used to hide the value's end until EOF).
#[test]
fn a_complete_request_is_read_without_waiting_for_eof() {
    let request = r#"{"message":"m","requestedSchema":{"type":"object","properties":{}}}"#;
    for input in [request.to_owned(), format!("\u{feff}{request}\n")] {
        let mut child = Group::spawn(
            "the binary",
            Command::new(super::support::BIN)
                .arg("--check")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        );
        let mut stdin = child.stdin.take().expect("stdin is piped");
        stdin
            .write_all(input.as_bytes())
            .expect("write the request");
        stdin.flush().expect("flush");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let status = loop {
            if let Some(status) = child.try_wait().expect("poll the child") {
                break status;
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("the binary waited for EOF after a complete request: {input:?}");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        drop(stdin);
        assert_eq!(status.code(), Some(0), "{input:?}");
    }
}

/// Regression: a `pattern` that backtracks exponentially on its own `default` (`^(a+)+$` on
/// 40 `a`s and a `!`) kept `--check` busy for hours; now the default is refused in time.
#[test]
fn a_default_that_backtracks_forever_is_refused_in_time() {
    let request = format!(
        r#"{{"message":"m","requestedSchema":{{"type":"object","properties":{{"p":{{"type":"string","pattern":"^(a+)+$","default":"{}!"}}}}}}}}"#,
        "a".repeat(40)
    );
    let started = std::time::Instant::now();
    let run = run_binary(&["--check"], request.as_bytes());
    let took = started.elapsed();
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr.contains("properties.p.default") && run.stderr.contains("in time"),
        "{run:?}"
    );
    assert!(took < std::time::Duration::from_secs(10), "took {took:?}");
}

/// Runs the binary with the read end of its stdout already closed, as when the caller gave up.
fn run_with_stdout_closed(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Group::spawn(
        "the binary",
        Command::new(super::support::BIN)
            .args(args)
            .env_remove("DISPLAY")
            .envs(super::support::ENGLISH)
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    drop(child.stdout.take());
    let mut input = child.stdin.take().expect("stdin is piped");
    let _ = input.write_all(stdin);
    drop(input);
    let output = child.wait_with_output().expect("wait for the binary");
    Output::new(
        output.status.code(),
        String::new(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Nobody reads our stdout any more: writing fails with EPIPE (Rust ignores SIGPIPE), which is
/// exit 1 and one line saying so, never a panic. (`tests/window.rs` does the same for an answer
/// given in the window.)
#[test]
fn a_closed_stdout_is_exit_1_and_one_line() {
    let run = run_with_stdout_closed(
        &["--check"],
        br#"{"message":"m","requestedSchema":{"type":"object","properties":{}}}"#,
    );
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(
        run.stderr, "form-elicitation: cannot write to stdout: Broken pipe (os error 32)\n",
        "{run:?}"
    );
    // A refused JSON-RPC request whose error cannot be delivered: the refusal, then the failure.
    let run = run_with_stdout_closed(
        &["--check"],
        br#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m"}}"#,
    );
    assert_eq!(run.code, Some(1), "{run:?}");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{run:?}");
    assert!(lines[0].contains("requestedSchema"), "{run:?}");
    assert!(lines[1].contains("cannot write to stdout"), "{run:?}");
    assert!(!run.stderr.contains("panicked"), "{run:?}");
}

#[test]
fn url_requests_check_and_need_a_window() {
    let request = br#"{"jsonrpc":"2.0","id":9,"method":"elicitation/create","params":{"mode":"url","message":"Pay the invoice","url":"http://192.0.2.1/pay","elicitationId":"x"}}"#;
    let check = run_binary(&["--check"], request);
    assert_eq!(check.code, Some(0), "{check:?}");
    assert!(
        check.stdout.contains("open: http://192.0.2.1/pay"),
        "{check:?}"
    );
    assert!(check.stdout.contains("warning: Not encrypted"), "{check:?}");
    assert!(
        check
            .stdout
            .contains("warning: The site is a bare IP address"),
        "{check:?}"
    );
    let no_window = run_binary(&[], request);
    assert_eq!(no_window.code, Some(3), "{no_window:?}");
    assert!(no_window.stdout.is_empty(), "{no_window:?}");
}

/// Regression: `\` is `/` to a browser, so this URL opens evil.example. `--check` must name
/// the site the browser opens, and not warn that bank.example is the real site.
#[test]
fn url_check_shows_the_site_the_browser_opens() {
    let request =
        br#"{"mode":"url","message":"Sign in to your bank","url":"https://evil.example\\@bank.example/login"}"#;
    let check = run_binary(&["--check"], request);
    assert_eq!(check.code, Some(0), "{check:?}");
    assert!(check.stdout.contains("  site: evil.example\n"), "{check:?}");
    assert!(
        check
            .stdout
            .contains("  open: https://evil.example/@bank.example/login\n"),
        "{check:?}"
    );
    assert!(!check.stdout.contains("bank.example."), "{check:?}");
}

/// A URL the URL Standard refuses (a `%40` in the host) is a bad request: exit 2, one line
/// naming `url`, and a JSON-RPC error for a JSON-RPC request.
#[test]
fn url_that_a_browser_refuses_is_a_bad_request() {
    let request = br#"{"jsonrpc":"2.0","id":4,"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://a%40b.example/"}}"#;
    let refused = run_binary(&["--check"], request);
    assert_eq!(refused.code, Some(2), "{refused:?}");
    assert!(
        refused.stderr.starts_with("form-elicitation: params.url: ")
            || refused.stderr.starts_with("form-elicitation: url: "),
        "{refused:?}"
    );
    assert_eq!(refused.stderr.lines().count(), 1, "{refused:?}");
    assert!(refused.stdout.contains(r#""code":-32602"#), "{refused:?}");
    assert!(refused.stdout.contains(r#""id":4"#), "{refused:?}");
}

/// Regression: `--check REQUEST 2>&1 | head -c 10` aborted (134) once `head` had gone: the
/// failed stdout write was reported on the same closed pipe, and that report panicked. Both
/// stdout and stderr go to one pipe whose reader is gone: exit 1, silently.
#[test]
fn a_closed_pipe_shared_by_stdout_and_stderr_is_exit_1() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let stderr = writer.try_clone().expect("clone the pipe");
    let mut child = Group::spawn(
        "the binary",
        Command::new(super::support::BIN)
            .arg("--check")
            .env_remove("DISPLAY")
            .envs(super::support::ENGLISH)
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::piped())
            .stdout(writer)
            .stderr(stderr),
    );
    let mut input = child.stdin.take().expect("stdin is piped");
    let _ = input.write_all(
        std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/every-field.json"
        ))
        .expect("the example")
        .as_slice(),
    );
    drop(input);
    let status = child.wait().expect("wait for the binary");
    assert_eq!(status.code(), Some(1), "{status:?}");
}

/// Regression: ids beyond 64 bits came back rounded (`1.2345678901234568e+22`) and `-0` as
/// `-0.0`, so a client matching responses by id never saw the answer. The id is echoed as
/// the exact JSON text the request used, in answers and in errors.
#[test]
fn json_rpc_ids_are_echoed_exactly() {
    for id in [
        "12345678901234567890123",
        "18446744073709551616",
        "-0",
        "1.50",
        "2E+3",
        r#""\u0041b""#,
        "7",
    ] {
        let request = format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"elicitation/create","params":{{"message":"m","requestedSchema":{{"type":"object","properties":{{"x":{{"type":"string","format":"nope"}}}}}}}}}}"#
        );
        let refused = run_binary(&["--check"], request.as_bytes());
        assert_eq!(refused.code, Some(2), "{refused:?}");
        assert!(
            refused
                .stdout
                .starts_with(&format!(r#"{{"jsonrpc":"2.0","id":{id},"error":"#)),
            "{id}: {refused:?}"
        );
    }
}

/// `--check` describes the formats generators emit, fixed values and `multipleOf`, and shows
/// option values as JSON (it printed Rust debug text such as `String("api")` once).
#[test]
fn check_describes_formats_fixed_values_and_options_as_json() {
    let request = br#"{"message":"m","requestedSchema":{"type":"object","properties":{
        "id":{"type":"string","format":"uuid"},
        "at":{"type":"string","format":"time"},
        "kind":{"type":"string","const":"refund"},
        "packs":{"type":"integer","multipleOf":5},
        "area":{"type":"string","enum":["api","ui"]},
        "n":{"type":"integer","enum":[1,2]}}}}"#;
    let check = run_binary(&["--check"], request);
    assert_eq!(check.code, Some(0), "{check:?}");
    for needle in [
        "text (uuid)",
        "text (time)",
        r#"fixed value "refund""#,
        "integer, a multiple of 5",
        r#"one of ["api", "ui"]"#,
        "one of [1, 2]",
    ] {
        assert!(check.stdout.contains(needle), "{needle}: {check:?}");
    }
    assert!(!check.stdout.contains("String("), "{check:?}");
}

/// The long options `--help` lists, e.g. `--server`.
fn help_options() -> Vec<String> {
    let help = run_binary(&["--help"], b"");
    assert_eq!(help.code, Some(0), "{help:?}");
    let mut options: Vec<String> = help
        .stdout
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .map(str::to_owned)
        .collect();
    options.sort();
    options.dedup();
    assert!(options.len() >= 10, "{options:?}");
    options
}

/// The man page and the completions (issue 19) are made from the clap definition: every option
/// of `--help` is in each, the hidden `--generate` in none, and the man page has our sections.
#[test]
fn the_man_page_and_completions_carry_every_option() {
    let options = help_options();
    assert!(!options.contains(&"--generate".to_owned()), "{options:?}");
    let man = run_binary(&["--generate", "man"], b"");
    assert_eq!(man.code, Some(0), "{man:?}");
    assert!(man.stdout.contains(".TH FORM-ELICITATION 1"), "{man:?}");
    for section in [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "\"REQUEST AND ANSWER\"",
        "OPTIONS",
        "\"EXIT STATUS\"",
        "ENVIRONMENT",
        "EXAMPLES",
        "VERSION",
    ] {
        assert!(
            man.stdout.contains(&format!("\n.SH {section}\n")),
            "{section}"
        );
    }
    for words in [
        "PERL_ANYEVENT_MCP_ELICITATION_HELPER",
        "FORM_ELICITATION_SERVER",
        "FORM_ELICITATION_OPENER",
        "FORM_ELICITATION_SOCKET",
    ] {
        assert!(
            man.stdout.contains(words),
            "{words} missing:\n{}",
            man.stdout
        );
    }
    // roff escapes a minus sign: `--server` is written `\-\-server`.
    let escaped = |option: &str| option.replace('-', "\\-");
    for option in &options {
        assert!(
            man.stdout.contains(&escaped(option)),
            "{option} missing from the man page"
        );
    }
    assert!(!man.stdout.contains(&escaped("--generate")));
    for shell in ["bash", "zsh", "fish"] {
        let script = run_binary(&["--generate", shell], b"");
        assert_eq!(script.code, Some(0), "{script:?}");
        for option in options.iter().filter(|o| o.as_str() != "--help") {
            // fish names a long option without its dashes: `-l server`.
            let name = option.trim_start_matches('-');
            let found = match shell {
                "fish" => script.stdout.contains(&format!("-l {name}")),
                _ => script.stdout.contains(option.as_str()),
            };
            assert!(found, "{option} missing from the {shell} completion");
        }
        assert!(
            !script.stdout.contains("generate"),
            "{shell}: {}",
            script.stdout
        );
    }
    let bad = run_binary(&["--generate", "powershell"], b"");
    assert_eq!(bad.code, Some(2), "{bad:?}");
}

/// Regression test for issue 48 item 3: `man form-elicitation` said nothing of `proxy` or
/// `serve`, and its SYNOPSIS listed options without their values. Each subcommand has its page
/// (`--generate man-proxy`, `man-serve`), naming every option of its `--help` with its value
/// in the SYNOPSIS, and the main page points to both.
#[test]
fn each_subcommand_has_its_man_page() {
    let escaped = |option: &str| option.replace('-', "\\-");
    let synopsis = |page: &str| -> String {
        let start = page.find(".SH SYNOPSIS").expect("a SYNOPSIS");
        let end = page[start..]
            .find("\n.SH ")
            .map_or(page.len(), |i| start + i);
        page[start..end].to_owned()
    };
    let main = run_binary(&["--generate", "man"], b"");
    assert_eq!(main.code, Some(0), "{main:?}");
    for name in ["form\\-elicitation\\-proxy", "form\\-elicitation\\-serve"] {
        assert!(
            main.stdout.contains(name),
            "{name} missing:\n{}",
            main.stdout
        );
    }
    assert!(
        synopsis(&main.stdout).contains("\\-\\-server\\fR \\fINAME\\fR"),
        "{}",
        synopsis(&main.stdout)
    );
    for (sub, title, options, with_value) in [
        (
            "proxy",
            ".TH FORM-ELICITATION-PROXY 1",
            &[
                "--url",
                "--sign-out",
                "--intercept",
                "--client-id",
                "--server",
            ][..],
            "\\-\\-sign\\-out\\fR \\fIURL\\fR",
        ),
        (
            "serve",
            ".TH FORM-ELICITATION-SERVE 1",
            &["--socket", "--idle-exit", "--server"][..],
            "\\-\\-idle\\-exit\\fR \\fISECONDS\\fR",
        ),
    ] {
        let page = run_binary(&["--generate", &format!("man-{sub}")], b"");
        assert_eq!(page.code, Some(0), "{page:?}");
        assert!(page.stdout.contains(title), "{}", page.stdout);
        let help = run_binary(&[sub, "--help"], b"");
        let mut every: Vec<String> = help
            .stdout
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.starts_with("--") && w.len() > 2)
            .map(str::to_owned)
            .collect();
        every.extend(options.iter().map(|o| (*o).to_owned()));
        for option in &every {
            assert!(
                page.stdout.contains(&escaped(option)),
                "{option} missing from form-elicitation-{sub}(1)"
            );
        }
        assert!(
            synopsis(&page.stdout).contains(with_value),
            "{sub}: {}",
            synopsis(&page.stdout)
        );
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "\"SEE ALSO\""] {
            assert!(
                page.stdout.contains(&format!("\n.SH {section}\n")),
                "{sub}: {section}"
            );
        }
    }
}

/// Regression (issue 43): hook input over 1 MiB was refused as a bare request with exit 2,
/// which Claude Code reads as the person's decline. A hook request that cannot be shown ends
/// with nothing on stdout, exit 0 and one line on stderr, so that Claude Code asks itself.
#[test]
fn hook_input_over_the_size_limit_is_never_claude_code_s_decline() {
    let mut input = br#"{"session_id":"abc123","cwd":"/home/u/project","hook_event_name":"Elicitation","mcp_server_name":"m","message":""#.to_vec();
    input.extend(std::iter::repeat_n(b'x', 1024 * 1024 + 10));
    input.extend(br#"","requested_schema":{"type":"object","properties":{}}}"#);
    let run = run_binary(&[], &input);
    assert!(
        run.code == Some(0) && run.stdout.is_empty() && run.stderr.lines().count() == 1,
        "{run:?}"
    );
}

/// The completion script for `shell`, written to a file of its own for the shell to source.
fn completion_file(shell: &str) -> PathBuf {
    let script = run_binary(&["--generate", shell], b"");
    assert_eq!(script.code, Some(0), "{script:?}");
    let dir = std::env::temp_dir().join(format!(
        "form-elicitation-completion-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    // zsh finds a completion function by its file's name.
    let name = if shell == "zsh" {
        "_form-elicitation"
    } else {
        shell
    };
    let path = dir.join(name);
    std::fs::write(&path, script.stdout).expect("the script written");
    path
}

/// Whether `program` runs here.
fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Regression test for issue 48 item 4: clap_complete's bash script set
/// `cmd="form__elicitation__subcmd__proxy"` under a case label spelled
/// `form__subcmd__elicitation__subcmd__proxy)`, so no subcommand's option ever completed:
/// `form-elicitation proxy --si<Tab>` offered file names. Asked as bash asks it.
#[test]
fn bash_completes_a_subcommands_options() {
    let script = completion_file("bash");
    let complete = |words: &[&str]| -> String {
        let output = Command::new("bash")
            .args(["--norc", "--noprofile", "-c"])
            .arg(
                r#"set -e
                source "$1"; shift
                function=$(complete -p form-elicitation | sed -n 's/.*-F \([^ ]*\).*/\1/p')
                COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                previous=${COMP_WORDS[COMP_CWORD-1]}
                "$function" form-elicitation "${COMP_WORDS[COMP_CWORD]}" "$previous"
                echo "${COMPREPLY[*]}""#,
            )
            .arg("_")
            .arg(&script)
            .args(words)
            .output()
            .expect("bash runs");
        assert!(output.status.success(), "{output:?}");
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    };
    assert_eq!(
        complete(&["form-elicitation", "proxy", "--si"]),
        "--sign-out"
    );
    assert_eq!(
        complete(&["form-elicitation", "proxy", "--inter"]),
        "--intercept"
    );
    assert_eq!(
        complete(&["form-elicitation", "serve", "--idle"]),
        "--idle-exit"
    );
    assert_eq!(
        complete(&["form-elicitation", "proxy", "--ui", ""]),
        "auto window terminal"
    );
    assert_eq!(complete(&["form-elicitation", "--ser"]), "--server");
}

/// Issue 48 item 4: fish completes a subcommand's options (and, after its guard was mended in
/// issue 19, the values of the top level's).
#[test]
fn fish_completes_a_subcommands_options() {
    if !have("fish") {
        return super::support::skip("fish is not installed", "apt-get install fish");
    }
    let script = completion_file("fish");
    let complete = |line: &str| -> String {
        let output = Command::new("fish")
            .args(["--no-config", "-c", "source $argv[1]; complete -C $argv[2]"])
            .arg(&script)
            .arg(line)
            .output()
            .expect("fish runs");
        assert!(output.status.success(), "{output:?}");
        let mut words: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|l| l.split('\t').next().unwrap_or_default().to_owned())
            .collect();
        words.sort();
        words.join(" ")
    };
    assert_eq!(complete("form-elicitation proxy --si"), "--sign-out");
    assert_eq!(complete("form-elicitation serve --idle"), "--idle-exit");
    assert_eq!(complete("form-elicitation --ui "), "auto terminal window");
}

/// Issue 48 item 4: zsh completes a subcommand's options. Its script took `proxy` for the
/// optional request file, so `form-elicitation proxy --si<Tab>` offered the top level's
/// options. Asked as a person asks it: an interactive zsh on a pseudo-terminal (`zpty`) with
/// the completion system loaded, `compadd` wrapped to write down what it offers, and Tab.
#[test]
fn zsh_completes_a_subcommands_options() {
    if !have("zsh") {
        return super::support::skip("zsh is not installed", "apt-get install zsh");
    }
    let script = completion_file("zsh");
    let dir = script.parent().expect("a directory").to_owned();
    let complete = |line: &str| -> String {
        let hits = dir.join(format!("hits-{}", line.len()));
        let output = Command::new("zsh")
            .args(["-f", "-c"])
            .arg(
                r#"zmodload zsh/zpty
                dir=$1 hits=$2 line=$3
                : >| $hits
                zpty z zsh -f -i
                zpty -w z "fpath=(${(q)dir} \$fpath); autoload -U compinit; compinit -u -D"
                zpty -w z "compadd () { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi; local -a found; builtin compadd -A found \"\$@\"; print -rl -- \$found >> ${(q)hits}; }"
                zpty -w z "form-elicitation $line"$'\t'
                for i in {1..100}; do [[ -s $hits ]] && break; sleep 0.05; done
                sleep 0.2
                zpty -d z
                sort -u $hits"#,
            )
            .arg("_")
            .arg(&dir)
            .arg(&hits)
            .arg(line)
            .output()
            .expect("zsh runs");
        assert!(output.status.success(), "{output:?}");
        String::from_utf8_lossy(&output.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(complete("proxy --si"), "--sign-out");
    assert_eq!(complete("serve --idle"), "--idle-exit");
    assert_eq!(complete("proxy --ui "), "auto terminal window");
    assert_eq!(complete("--ui "), "auto terminal window");
    assert_eq!(complete("pro"), "proxy");
}

//! serve's listener with a stand-in dialog (a script): when the answer leaves, what reaches
//! the dialog, who may ask, and what a stopped serve answers.

use super::*;

/// A stand-in for the dialog: a script that reads its request, writes `body`, and then
/// behaves as `then` says.
fn dialog(name: &str, body: &str, then: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("fe-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder for the stand-in dialog");
    let script = dir.join("dialog");
    write_executable(
        &script,
        &format!(
            "#!/bin/sh\necho $$ > '{}/pid'\ncat >/dev/null\n{body}\n{then}\n",
            dir.display()
        ),
    );
    (dir, script)
}

/// Writes an executable script from a child process. Written from this one, the file
/// would be open here for a moment, and a child another test's thread forked then would
/// hold it open until its exec: running the script would fail with "Text file busy".
fn write_executable(path: &Path, text: &str) {
    let status = std::process::Command::new("/bin/sh")
        .args([
            "-c",
            "printf '%s' \"$1\" > \"$2\" && chmod 755 \"$2\"",
            "sh",
            text,
        ])
        .arg(path)
        .status()
        .expect("sh writes the stand-in dialog");
    assert!(status.success(), "{status}");
}

/// Runs `show` for a bare request with `program` on a thread; the asker's end.
fn serving(program: PathBuf) -> (UnixStream, std::thread::JoinHandle<()>) {
    serving_from("elsewhere", program)
}

/// [`serving`] for an asker that names itself `host`.
fn serving_from(host: &str, program: PathBuf) -> (UnixStream, std::thread::JoinHandle<()>) {
    serving_until(host, program, Cancel::new())
}

/// [`serving_from`] in a serve that `stop` stops.
fn serving_until(
    host: &str,
    program: PathBuf,
    stop: Cancel,
) -> (UnixStream, std::thread::JoinHandle<()>) {
    let (asker, served) = UnixStream::pair().expect("a socket pair");
    let header = Header::new(host, &DisplayOptions::default(), 2);
    let serving = std::thread::spawn(move || {
        show(
            &served,
            &header,
            &Origin::Unchecked("a test's".into()),
            b"{}".to_vec(),
            &DisplayOptions::default(),
            Dialog {
                program: &program,
                ahead: None,
            },
            &stop,
        );
    });
    asker
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a read timeout");
    (asker, serving)
}

#[test]
fn the_answer_leaves_when_the_dialog_writes_it_not_when_it_exits() {
    // Regression (issue 32): serve relayed the answer when its dialog exited, and a window
    // takes milliseconds from writing its answer to exiting; the asker waited for that.
    // This dialog writes its answer, then lingers until it is killed.
    let (dir, script) = dialog(
        "early",
        "echo 'form-elicitation: the display went away; answering cancel' >&2\n\
         echo '{\"action\":\"cancel\"}'",
        "exec sleep 30",
    );
    let (asker, serving) = serving(script);
    let reply = protocol::read_reply(&mut BufReader::new(&asker))
        .expect("the answer while the dialog is still running");
    assert_eq!(
        reply,
        Reply {
            exit: 0,
            line: Some("{\"action\":\"cancel\"}".into()),
            message: Some("form-elicitation: the display went away; answering cancel".into()),
        }
    );
    let pid = std::fs::read_to_string(dir.join("pid")).expect("the dialog's pid");
    let pid =
        rustix::process::Pid::from_raw(pid.trim().parse().expect("a pid")).expect("a valid pid");
    // Still running: the answer did not wait for its exit.
    rustix::process::test_kill_process(pid).expect("the dialog still runs");
    rustix::process::kill_process(pid, rustix::process::Signal::KILL).expect("kill");
    serving
        .join()
        .expect("show returns once the dialog is gone");
    // One reply only: nothing follows it.
    let mut rest = Vec::new();
    (&asker).read_to_end(&mut rest).expect("the end");
    assert!(rest.is_empty(), "{rest:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Stopping serve (SIGTERM at logout) stops each open dialog, and the `cancel` the dialog
/// answers reaches its asker: before, serve died with the signal and the asker was left
/// with a closed connection and no answer.
#[test]
fn a_stopped_serve_s_forms_answer_their_askers_cancel() {
    let (dir, script) = dialog(
        "stopped",
        "answer() { kill $!; echo '{\"action\":\"cancel\"}'; exit 0; }\n\
         trap answer TERM\n\
         touch \"$(dirname \"$0\")/ready\"",
        "sleep 30 & wait",
    );
    let stop = Cancel::new();
    let (asker, serving) = serving_until("elsewhere", script, stop.clone());
    // The dialog is running, and answers SIGTERM, before serve is stopped.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !dir.join("ready").exists() {
        assert!(Instant::now() < deadline, "the dialog did not start");
        std::thread::sleep(Duration::from_millis(10));
    }
    stop.cancel();
    let reply = protocol::read_reply(&mut BufReader::new(&asker)).expect("a reply");
    assert_eq!(reply.exit, 0, "{reply:?}");
    assert_eq!(reply.line.as_deref(), Some("{\"action\":\"cancel\"}"));
    serving.join().expect("show returns");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 43, item 2: an asker that named no host, or this machine's own name, got a
/// dialog without `--via`, which looked like a local one.
#[test]
fn every_served_dialog_is_told_where_the_request_came_from() {
    for host in ["", host_name().as_str(), "build-box", "-x"] {
        let (dir, script) = dialog(
            "via",
            "for a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$(dirname \"$0\")/args\"\n\
             echo '{\"action\":\"cancel\"}'",
            "exit 0",
        );
        let (asker, serving) = serving_from(host, script);
        protocol::read_reply(&mut BufReader::new(&asker)).expect("a reply");
        serving.join().expect("show returns");
        let args = std::fs::read_to_string(dir.join("args")).expect("the dialog's arguments");
        assert!(
            args.lines().any(|arg| arg == format!("--via={host}")),
            "{host:?}: {args}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Issue 54, item 13: an asker serve sees on this machine was shown as another machine named
/// after this one. Its dialog is told it is serve's (`--served`: it never sends the form back
/// to serve) and names no host, whatever host the header claims.
#[test]
fn a_local_asker_s_dialog_names_no_host() {
    let (dir, script) = dialog("local", "", "");
    let args = dir.join("args");
    write_executable(
        &script,
        &format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\ncat >/dev/null\necho '{{\"action\":\"cancel\"}}'\n",
            args.display()
        ),
    );
    let dialog = Dialog {
        program: &script,
        ahead: None,
    };
    let header = Header::new(&host_name(), &DisplayOptions::default(), 2);
    let reply = shown_from(&header, &Origin::Local, dialog);
    assert_eq!(reply.exit, 0, "{reply:?}");
    let written = std::fs::read_to_string(&args).expect("the dialog's arguments");
    assert!(written.lines().any(|arg| arg == "--served"), "{written}");
    assert!(!written.contains("--via"), "{written}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 43, item 10: a serve run as root refused user 1001 as "not user 0 or root".
#[test]
fn a_refused_user_is_told_who_may_ask() {
    assert_eq!(
        refusal(1001, 7, 0),
        "user 1001 (pid 7) is not root, the user serve runs as"
    );
    assert_eq!(
        refusal(1001, 7, 1000),
        "user 1001 (pid 7) is neither user 1000, the one serve runs as, nor root"
    );
}

#[test]
fn a_refusal_line_keeps_its_exit_code() {
    // A JSON-RPC error response is a refusal: its exit code (2) comes with the dialog's
    // exit, and the reply waits for it.
    let refusal = r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"bad"}}"#;
    let (dir, script) = dialog(
        "refusal",
        &format!("echo 'form-elicitation: requestedSchema: bad' >&2\necho '{refusal}'"),
        "exit 2",
    );
    let (asker, serving) = serving(script);
    let reply = protocol::read_reply(&mut BufReader::new(&asker)).expect("a reply");
    assert_eq!(
        reply,
        Reply {
            exit: 2,
            line: Some(refusal.into()),
            message: Some("form-elicitation: requestedSchema: bad".into()),
        }
    );
    serving.join().expect("show returns");
    let _ = std::fs::remove_dir_all(dir);
}

/// Shows a bare request that came with `header` in `dialog`; the reply its asker reads.
fn shown_by(header: &Header, dialog: Dialog<'_>) -> Reply {
    shown_from(header, &Origin::Unchecked("a test's".into()), dialog)
}

/// [`shown_by`] for an asker at `origin`.
fn shown_from(header: &Header, origin: &Origin, dialog: Dialog<'_>) -> Reply {
    let (asker, served) = UnixStream::pair().expect("a socket pair");
    let base = DisplayOptions::default();
    show(
        &served,
        header,
        origin,
        b"{}".to_vec(),
        &base,
        dialog,
        &Cancel::new(),
    );
    protocol::read_reply(&mut BufReader::new(&asker)).expect("a reply")
}

/// Regression (issue 43): a host (or any option) that starts with `-` was a second
/// argument, read as an option, and the dialog refused the form.
#[test]
fn a_dashed_host_and_options_reach_the_dialog_as_values() {
    let (dir, script) = dialog("dashes", "", "");
    let args = dir.join("args");
    write_executable(
        &script,
        &format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\ncat >/dev/null\necho '{{\"action\":\"cancel\"}}'\n",
            args.display()
        ),
    );
    let options = DisplayOptions {
        server: Some("-weather".into()),
        title: Some("-- build --".into()),
        lang: Some("-x".into()),
        ..DisplayOptions::default()
    };
    let dialog = Dialog {
        program: &script,
        ahead: None,
    };
    let reply = shown_by(&Header::new("-box", &options, 2), dialog);
    assert_eq!(reply.exit, 0, "{reply:?}");
    let written = std::fs::read_to_string(&args).expect("the dialog's arguments");
    let written: Vec<&str> = written.lines().collect();
    for expected in [
        "--server=-weather",
        "--title=-- build --",
        "--lang=-x",
        "--via=-box",
    ] {
        assert!(written.contains(&expected), "{expected} in {written:?}");
    }
    let parsed = <crate::cli::Args as clap::Parser>::try_parse_from(
        std::iter::once("form-elicitation").chain(written.iter().copied()),
    )
    .expect("the dialog's arguments parse");
    assert_eq!(parsed.display.server.as_deref(), Some("-weather"));
    assert_eq!(parsed.via.as_deref(), Some("-box"));
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 46: a request goes to the dialog serve started ahead when one waits: started with
/// serve's options, it reads serve's header (the asker's, and where serve found it), then the
/// request, and its answer reaches the asker as any dialog's does. serve starts the next one
/// once a form ends.
#[test]
fn a_dialog_started_ahead_gets_serve_s_options_then_the_header_and_the_request() {
    let (dir, script) = dialog("ahead", "", "");
    let read = dir.join("read");
    let base = DisplayOptions {
        lang: Some("ko".into()),
        ..DisplayOptions::default()
    };
    let mut started_with = base.to_args();
    started_with.push(ahead::ARG.to_owned());
    write_executable(
        &script,
        &format!(
            "#!/bin/sh\n[ \"$*\" = '{args}' ] || exit 9\nprintf r >&2\ncat > '{read}'\necho '{{\"action\":\"cancel\"}}'\n",
            args = started_with.join(" "),
            read = read.display()
        ),
    );
    let waiting = Ahead::default();
    waiting.refill(&script, &base, &NOT_FOR_DIALOGS);
    let dialog = waiting.take().expect("a dialog waits");
    assert!(
        waiting.take().is_none(),
        "one dialog waits, for one request"
    );
    let options = DisplayOptions {
        title: Some("Deploy".into()),
        ..DisplayOptions::default()
    };
    let header = Header::new("build-box", &options, 2);
    let dialog = Dialog {
        program: Path::new("/nonexistent"),
        ahead: Some(dialog),
    };
    let reply = shown_by(&header, dialog);
    assert_eq!(
        (reply.exit, reply.line.as_deref()),
        (0, Some("{\"action\":\"cancel\"}")),
        "{reply:?}"
    );
    // The header as the asker sent it, where serve found the asker, then the request.
    let handover = Handover {
        header,
        local: false,
    };
    assert_eq!(
        std::fs::read(&read).expect("what the dialog read"),
        ahead::input(&handover, b"{}")
    );
    waiting.refill(&script, &base, &NOT_FOR_DIALOGS);
    assert!(waiting.take().is_some(), "the next one waits");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn only_an_answer_line_is_relayed_before_the_exit() {
    let answer = |line: &str| answered(line.as_bytes(), b"").map(|reply| reply.exit);
    assert_eq!(
        answer("{\"action\":\"accept\",\"content\":{\"error\":\"x\"}}\n"),
        Some(0)
    );
    assert_eq!(
        answer("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"action\":\"decline\"}}\n"),
        Some(0)
    );
    assert_eq!(
        answer("{\"hookSpecificOutput\":{\"action\":\"cancel\"}}\n"),
        Some(0)
    );
    assert_eq!(
        answer("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602}}\n"),
        None
    );
    assert_eq!(answer("not json\n"), None);
}

/// `accept` that works and fails by turns near the descriptor limit (the forms that end free
/// descriptors, their threads open a few to check their askers) is said once, with its end,
/// not once a turn: the log of serve_out_of_file_descriptors_backs_off_and_recovers had a
/// third "cannot accept" line now and then.
#[test]
fn accept_failing_by_turns_is_said_once_in_a_while() {
    let emfile = std::io::Error::from_raw_os_error(24);
    let start = Instant::now();
    let mut accepting = Accepting::default();
    let (wait, line) = accepting.failed(&emfile, start);
    assert!(line.is_some_and(|l| l.contains("cannot accept a connection")));
    assert_eq!(wait, ACCEPT_BACKOFF.0);
    let (wait, line) = accepting.failed(&emfile, start);
    assert_eq!((wait, line), (ACCEPT_BACKOFF.0 * 2, None));
    assert!(
        accepting
            .accepted()
            .is_some_and(|l| l.contains("after 2 failed tries"))
    );
    // Failing again at once: a new run of failures, not news.
    let soon = start + Duration::from_secs(1);
    assert_eq!(accepting.failed(&emfile, soon), (ACCEPT_BACKOFF.0, None));
    assert_eq!(accepting.accepted(), None);
    // Later it is news again.
    let later = start + ACCEPT_FAILURE_SAID_EVERY;
    assert!(accepting.failed(&emfile, later).1.is_some());
    assert!(accepting.accepted().is_some());
    assert_eq!(accepting.accepted(), None);
}

//! The `form-elicitation` binary: args → load → show → deliver → exit code.

use std::io::{self, BufRead as _, BufReader, IsTerminal as _, Read};
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Parser as _;

use form_elicitation::cli::{Args, Command, UiChoice};
use form_elicitation::model::load::{self, Loaded, Shown};
use form_elicitation::model::request::{self, Envelope, HookLook, MAX_REQUEST_BYTES, ValueEnd};
use form_elicitation::process::cancel::Cancel;
use form_elicitation::process::delivery::Delivery;
use form_elicitation::process::exit::Exit;
use form_elicitation::process::output::diag;
use form_elicitation::process::queue::LivePlace;
use form_elicitation::serve::{self, ask::Unreached};
use form_elicitation::show::{self, NotShown, Showing};
use form_elicitation::{
    claude_code, generate, model::summary, process::output, process::session, process::signals,
};

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        // A bug must still end as the contract says: exit 1 and one line, never an abort
        // (the release build aborts on panic) and never a second panic on a closed stderr.
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let what = what.lines().next().unwrap_or_default();
        diag(format_args!("internal error: {what}{place}"));
        Exit::Failure.now();
    }));
    // A dialog serve started ahead of its request reads the asker's options on stdin.
    let args = match serve::ahead::args_when_started_ahead().map_or_else(Args::try_parse, Ok) {
        Ok(args) => args,
        Err(error) => return usage_error(&error),
    };
    if let Some(Command::Serve(serve)) = &args.command {
        return match form_elicitation::serve::listen::run(serve) {
            Ok(exit) => exit.into(),
            Err(error) => {
                diag(format_args!("serve: {error:#}"));
                Exit::Failure.into()
            }
        };
    }
    if let Some(Command::Proxy(proxy)) = &args.command {
        // Before any thread starts: the session is set in our own environment.
        let session = session::find_and_apply(
            proxy.display.ui == UiChoice::Terminal || proxy.sign_out.is_some(),
            true,
        );
        return match form_elicitation::proxy::run(proxy, &session) {
            Ok(code) => ExitCode::from(code),
            Err(error) => {
                diag(format_args!("proxy: {error:#}"));
                Exit::Failure.into()
            }
        };
    }
    if args.generate.is_none() && !args.check && args.connect.is_none() {
        // Before any thread starts: the session is set in our own environment. The dialogs
        // serve starts (`--via`, `--served`) must not send their form back to serve.
        let serve_route = args.via.is_none() && !args.served;
        session::find_and_apply(args.display.ui == UiChoice::Terminal, serve_route);
    }
    match run(&args) {
        Ok(exit) => exit.into(),
        Err(error) => {
            diag(format_args!("{error:#}"));
            Exit::Failure.into()
        }
    }
}

/// How long a proxy's dialog whose parent is gone waits for the end of the proxy's lines,
/// before it decides whether it was told that nobody waits: the end is in the pipe by the time
/// the proxy's exit is seen, so this bound is only for a feed that never ends.
const LAST_WORD: std::time::Duration = std::time::Duration::from_secs(1);

fn run(args: &Args) -> anyhow::Result<Exit> {
    if let Some(what) = args.generate {
        let text = generate::generate(what).context("cannot generate the text")?;
        output::write_text(&text).context("cannot write to stdout")?;
        return Ok(Exit::Answered);
    }
    let cancel = Cancel::new();
    let delivery = Delivery::to_stdout();
    // A proxy's dialog: the request is stdin's first line, and the later ones keep its place
    // in the run current, or say that nobody waits for its answer any more: then its window
    // stays when the proxy ends (issue 58).
    let queue = args.queue.map(LivePlace::new);
    let stays: signals::Stays = match &queue {
        Some(live) => {
            let live = live.clone();
            std::sync::Arc::new(move || live.stays_once_fed(LAST_WORD))
        }
        None => std::sync::Arc::new(|| false),
    };
    signals::install(&cancel, &delivery, stays)?;
    let Input { bytes, hook } = match &queue {
        Some(live) => {
            let (bytes, rest) = read_request_line()?;
            live.follow(rest);
            let hook = false;
            Input { bytes, hook }
        }
        None => read_request(args)?,
    };
    // The person's language before the request is read: Claude's questions become a form
    // with words of ours ("Other").
    form_elicitation::i18n::init_from_env(args.display.lang.as_deref());
    let Loaded { envelope, request } = load::load_read(&bytes, hook);
    let (options, allowed, via) = claude_code::adapt(&args.display, &envelope);
    delivery.set_envelope(match &envelope {
        // serve's dialog answers Claude's questions bare: the asker, which read the same
        // questions, writes the hook's output (and nothing for a cancel).
        Envelope::ClaudeCodeQuestions { .. } if args.via.is_some() || args.served => Envelope::Bare,
        envelope => envelope.clone(),
    });
    let shown = match request {
        Ok(shown) => shown,
        Err(error) => return Ok(delivery.refuse(&error)),
    };
    if args.check {
        let summary = match &shown {
            Shown::Form(form) => summary::form_summary(form),
            Shown::Url(request) => summary::url_summary(request),
        };
        output::write_text(format!("{}\n", summary.trim_end()).as_bytes())
            .context("cannot write to stdout")?;
        return Ok(Exit::Answered);
    }
    if let Some(target) = serve::ask::Target::from(args.connect.as_deref()) {
        let asked = serve::ask::Asked {
            envelope: &envelope,
            shown: &shown,
        };
        match serve::ask::ask(&target, &bytes, asked, &options, &cancel, &delivery) {
            Ok(exit) => return Ok(exit),
            Err(Unreached(why)) if matches!(target, serve::ask::Target::Only(_)) => {
                return Ok(delivery.not_shown(Exit::NoDisplay, &why));
            }
            Err(Unreached(why)) => diag(format_args!("{why}; showing the form here")),
        }
    }
    // The request as it came is no longer needed: a 1 MB message would keep a megabyte more
    // while the person reads (issue 46).
    drop(bytes);
    // The machine a served request came from, and what it came through (issue 54, item 13:
    // both in one phrase of the catalog, not glued).
    let served = args
        .via
        .as_deref()
        .map(form_elicitation::model::describe::served_from);
    let via = form_elicitation::model::describe::came_through(args.via.as_deref(), via);
    let showing = Showing {
        options: &options,
        allowed,
        via: via.as_deref(),
        served: served.as_deref(),
        queue,
        cancel: &cancel,
        delivery: &delivery,
    };
    Ok(match show::show(shown, &showing) {
        Ok(answer) => delivery.answer(&answer),
        Err(NotShown { exit, reason }) => delivery.not_shown(exit, &reason),
    })
}

/// Options we could not read. Whether that is bad usage (clap's message, exit 2) depends on
/// who runs us, which only stdin tells: Claude Code's hook reads exit 2 as the person's
/// decline, and its input is known by its content alone. So when stdin is not a terminal
/// it is read as a request would be; hook input gets one line on stderr, nothing on stdout
/// and exit 0 (Claude Code then asks in its own dialog); anything else, clap's ending.
fn usage_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let asked_for_text = matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    );
    if !asked_for_text && !io::stdin().is_terminal() {
        let mut input = Input::default();
        if read_one_value(&mut io::stdin().lock(), &mut input).is_ok() && input.hook {
            let text = error.to_string();
            let first = text.lines().next().unwrap_or_default();
            diag(format_args!(
                "{}; nothing answered, so Claude Code asks in its own dialog",
                first.strip_prefix("error: ").unwrap_or(first)
            ));
            return Exit::Answered.into();
        }
    }
    error.exit()
}

/// A request's bytes as read, and whether the input they came from is Claude Code's hook
/// input (looked for in all of it, also past the bytes kept).
#[derive(Default)]
struct Input {
    /// The bytes, at most one more than the size limit.
    bytes: Vec<u8>,
    /// Whether the input had the hook's top-level key.
    hook: bool,
}

/// Reads the request from the file argument or stdin, refusing more than the size limit.
fn read_request(args: &Args) -> anyhow::Result<Input> {
    let mut input = Input::default();
    match args.request.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            let file = std::fs::File::open(path)
                .with_context(|| format!("cannot open request file {}", path.display()))?;
            file.take(MAX_REQUEST_BYTES as u64 + 1)
                .read_to_end(&mut input.bytes)
                .with_context(|| format!("cannot read request file {}", path.display()))?;
            input.hook = request::starts_as_hook(&input.bytes);
        }
        _ => read_one_value(&mut io::stdin().lock(), &mut input)
            .context("cannot read the request from stdin")?,
    }
    Ok(input)
}

/// Reads the request from stdin's first line (a proxy's dialog, `--queue`), refusing more
/// than the size limit; the reader, for the lines after it.
fn read_request_line() -> anyhow::Result<(Vec<u8>, impl io::BufRead + Send + 'static)> {
    let limit = MAX_REQUEST_BYTES as u64 + 1;
    let mut reader = BufReader::new(io::stdin());
    let mut bytes = Vec::new();
    (&mut reader)
        .take(limit)
        .read_until(b'\n', &mut bytes)
        .context("cannot read the request from stdin")?;
    Ok((bytes, reader))
}

/// Reads until EOF or until the bytes so far hold one complete JSON object or array,
/// whichever comes first: a caller that writes its request and keeps the pipe open must not
/// hang us. Keeps at most one byte more than the size limit; past it, reads on (keeping
/// nothing) only while the input may still turn out to be Claude Code's hook input, whose
/// refusal must not be exit 2.
///
/// Never inlined: its 64 KiB buffer would make the frame of `main` that large, and every
/// process (a dialog waiting ahead of its request too) would touch all of it at its start.
#[inline(never)]
fn read_one_value(input: &mut impl Read, read: &mut Input) -> io::Result<()> {
    let mut chunk = [0u8; 64 * 1024];
    let mut end = ValueEnd::default();
    let mut look = HookLook::default();
    let keep = MAX_REQUEST_BYTES + 1;
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let room = keep.saturating_sub(read.bytes.len()).min(n);
        read.bytes.extend_from_slice(&chunk[..room]);
        look.feed(&chunk[..n]);
        if end.feed(&chunk[..n]) || (read.bytes.len() >= keep && look.settled()) {
            break;
        }
    }
    read.hook = look.found();
    Ok(())
}

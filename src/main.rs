//! The `form-elicitation` binary: read a request, show it, write the answer, exit with its code.

use std::io::{self, Read};
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Parser;

use form_elicitation::answer::{self, Answer};
use form_elicitation::cli::{Args, Command, UiChoice};
use form_elicitation::error::RequestError;
use form_elicitation::exit::Exit;
use form_elicitation::form::Form;
use form_elicitation::load::{self, Loaded, Shown};
use form_elicitation::request::{Envelope, MAX_REQUEST_BYTES};
use form_elicitation::ui::{self, WindowError};
use form_elicitation::url::UrlRequest;
use form_elicitation::{generate, output, signals, summary, terminal};

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
    let args = Args::parse();
    if let Some(Command::Proxy(proxy)) = &args.command {
        return match form_elicitation::proxy::run(proxy) {
            Ok(code) => ExitCode::from(code),
            Err(error) => {
                diag(format_args!("proxy: {error:#}"));
                Exit::Failure.into()
            }
        };
    }
    match run(&args) {
        Ok(exit) => exit.into(),
        Err(error) => {
            diag(format_args!("{error:#}"));
            Exit::Failure.into()
        }
    }
}

fn run(args: &Args) -> anyhow::Result<Exit> {
    if let Some(what) = args.generate {
        let text = generate::generate(what).context("cannot generate the text")?;
        output::write_text(&text).context("cannot write to stdout")?;
        return Ok(Exit::Answered);
    }
    signals::install().context("cannot install the signal handler")?;
    let bytes = read_request(args)?;
    let Loaded { envelope, request } = load::load(&bytes);
    signals::set_envelope(envelope.clone());
    let form = match request {
        Err(error) => return refuse(&envelope, &error),
        Ok(Shown::Url(request)) => {
            if args.check {
                write_stdout(summary::url_summary(&request).trim_end())?;
                return Ok(Exit::Answered);
            }
            form_elicitation::i18n::init_from_env(args.lang.as_deref());
            return match show_url(request, args) {
                Ok(answer) => deliver(&answer, &envelope),
                Err(NotShown { exit, reason }) => {
                    diag(format_args!("{reason}"));
                    Ok(exit)
                }
            };
        }
        Ok(Shown::Form { form, .. }) => form,
    };
    if args.check {
        write_stdout(summary::form_summary(&form).trim_end())?;
        return Ok(Exit::Answered);
    }
    // From here on the person reads: speak their language.
    form_elicitation::i18n::init_from_env(args.lang.as_deref());
    let answer = match show(form, args) {
        Ok(answer) => answer,
        Err(NotShown { exit, reason }) => {
            diag(format_args!("{reason}"));
            return Ok(exit);
        }
    };
    deliver(&answer, &envelope)
}

/// Shows the URL consent: only in a window, since a terminal cannot hand the person a browser
/// safely.
fn show_url(request: UrlRequest, args: &Args) -> Result<Answer, NotShown> {
    if args.ui == UiChoice::Terminal || !ui::has_display() {
        return Err(NotShown::no_display(
            "URL mode needs a window (DISPLAY or WAYLAND_DISPLAY); the terminal front end shows forms only",
        ));
    }
    ui::run_url_window(
        request,
        args.window_options(),
        ui::system_opener(),
        Some(answer_and_exit()),
    )
    .map_err(NotShown::from)
}

/// Why the front end gave no answer, and the exit code that says so.
struct NotShown {
    exit: Exit,
    reason: String,
}

impl NotShown {
    /// Nothing could show the form.
    fn no_display(reason: impl Into<String>) -> Self {
        Self {
            exit: Exit::NoDisplay,
            reason: reason.into(),
        }
    }
}

impl From<WindowError> for NotShown {
    fn from(error: WindowError) -> Self {
        let exit = match error {
            WindowError::NoDisplay(_) => Exit::NoDisplay,
            // The window was up: a failure while running, like an I/O error.
            WindowError::Lost(_) => Exit::Failure,
        };
        Self {
            exit,
            reason: error.to_string(),
        }
    }
}

/// Shows the form in the front end `--ui` names. `auto` takes the window when there is a
/// display and the terminal otherwise, or when the window cannot open; `window` and `terminal`
/// never fall back. Returns the answer, or why nothing could show the form (or why the window
/// it showed went away).
fn show(form: Form, args: &Args) -> Result<Answer, NotShown> {
    let window_problem = match args.ui {
        UiChoice::Terminal => None,
        UiChoice::Auto if !ui::has_display() => {
            Some("no display (DISPLAY and WAYLAND_DISPLAY are unset)".to_owned())
        }
        UiChoice::Auto | UiChoice::Window => {
            match ui::run_window(form.clone(), args.window_options(), Some(answer_and_exit())) {
                Ok(answer) => return Ok(answer),
                Err(error @ WindowError::NoDisplay(_)) if args.ui == UiChoice::Auto => {
                    Some(error.to_string())
                }
                Err(error) => return Err(error.into()),
            }
        }
    };
    let options = terminal::TerminalOptions {
        server: args.server.clone(),
        title: args.title.clone(),
        timeout: args.timeout,
    };
    terminal::run_terminal(&form, &options).map_err(|error| {
        NotShown::no_display(match window_problem {
            Some(window) => format!("{window}; {error}"),
            None => error.to_string(),
        })
    })
}

/// Reads the request from the file argument or stdin, refusing more than the size limit.
fn read_request(args: &Args) -> anyhow::Result<Vec<u8>> {
    let limit = MAX_REQUEST_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    match args.request.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            let file = std::fs::File::open(path)
                .with_context(|| format!("cannot open request file {}", path.display()))?;
            file.take(limit)
                .read_to_end(&mut bytes)
                .with_context(|| format!("cannot read request file {}", path.display()))?;
        }
        _ => read_one_value(&mut io::stdin().lock().take(limit), &mut bytes)
            .context("cannot read the request from stdin")?,
    }
    Ok(bytes)
}

/// Reads until EOF or until the bytes so far form one complete JSON value, whichever comes
/// first: a caller that writes its request and keeps the pipe open must not hang us.
fn read_one_value(input: &mut impl Read, bytes: &mut Vec<u8>) -> io::Result<()> {
    let mut chunk = [0u8; 64 * 1024];
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        bytes.extend_from_slice(&chunk[..n]);
        let ends_a_value = bytes
            .trim_ascii_end()
            .last()
            .is_some_and(|b| matches!(b, b'}' | b']'));
        // A leading BOM is allowed (`request::decode` skips it), so it must not hide the end.
        let value = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        if ends_a_value && serde_json::from_slice::<serde::de::IgnoredAny>(value).is_ok() {
            return Ok(());
        }
    }
}

/// Refuses a request: one line on stderr, a JSON-RPC error on stdout when the request was
/// JSON-RPC, exit 2.
fn refuse(envelope: &Envelope, error: &RequestError) -> anyhow::Result<Exit> {
    diag(format_args!("{error}"));
    if let Some(line) = answer::error_line(envelope, error) {
        write_stdout(&line)?;
    }
    Ok(Exit::BadRequest)
}

/// The window's fast path: write the answer the moment it is decided and exit, instead of
/// waiting some 20 ms for the event loop, the renderer and the clipboard thread to wind
/// down. Exiting closes the X connection, so the window goes with us.
fn answer_and_exit() -> ui::AnswerHook {
    Box::new(|answer: &Answer| {
        let envelope = signals::envelope();
        let code = match deliver(answer, &envelope) {
            Ok(exit) => exit,
            Err(error) => {
                diag(format_args!("{error:#}"));
                Exit::Failure
            }
        };
        code.now();
    })
}

/// Writes one diagnostic line to stderr. A stderr nobody reads (closed, or a pipe shared with
/// a stdout that was closed) is ignored: the exit code still tells.
fn diag(what: std::fmt::Arguments) {
    use std::io::Write as _;
    let _ = writeln!(io::stderr().lock(), "form-elicitation: {what}");
}

/// Writes the one answer.
fn deliver(answer: &Answer, envelope: &Envelope) -> anyhow::Result<Exit> {
    write_stdout(&answer.to_line(envelope))?;
    Ok(Exit::Answered)
}

/// Writes one line through the program's single stdout writer.
fn write_stdout(line: &str) -> anyhow::Result<()> {
    output::write_line_once(line)
        .map(drop)
        .context("cannot write to stdout")
}

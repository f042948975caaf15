//! Command-line options. Every option has a `FORM_ELICITATION_*` environment twin, because some
//! callers (the Perl server, for one) start the helper with no arguments; the command line wins.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use serde::{Deserialize, Serialize};

/// Show an MCP elicitation request as a form; print the person's answer as one line of JSON.
#[derive(Debug, Parser)]
#[command(version, about, long_about = None, args_conflicts_with_subcommands = true)]
pub struct Args {
    /// `proxy`: sit between an MCP client and a server and answer the server's forms.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Read the request from this file; absent or "-" reads stdin to EOF.
    #[arg(value_name = "REQUEST_FILE", value_hint = clap::ValueHint::FilePath)]
    pub request: Option<PathBuf>,

    /// Parse and validate only: print what would be shown, open no window; exit 0 or 2.
    #[arg(long, env = "FORM_ELICITATION_CHECK")]
    pub check: bool,

    /// How the form is shown.
    #[command(flatten)]
    pub display: DisplayOptions,

    /// Print the man page or a shell's completion script, made from these options, and exit
    /// (for packagers: scripts/build-deb).
    #[arg(long, value_enum, value_name = "WHAT", hide = true)]
    pub generate: Option<Generated>,

    /// Send the request to `form-elicitation serve` on this socket and print its answer; never
    /// show it here (exit 3 when nothing answers). `FORM_ELICITATION_SOCKET` does the same but
    /// falls back to showing the form here.
    #[arg(long, value_name = "SOCKET", value_hint = clap::ValueHint::FilePath)]
    pub connect: Option<PathBuf>,

    /// The machine a served request came from, named beside who asks (set by `serve` for the
    /// dialogs it starts).
    #[arg(long, value_name = "HOST", hide = true)]
    pub via: Option<String>,

    /// Shown for `serve`, for an asker it found on this machine: the window names no host,
    /// and the form is never sent back to serve (set by `serve` for the dialogs it starts).
    #[arg(long, hide = true, conflicts_with = "via")]
    pub served: bool,

    /// Where this form stands among the forms of a run, as POSITION/TOTAL (set by `proxy` for
    /// the dialogs it starts). The request is then the first line of stdin, and each later
    /// line is the place anew. With others waiting the dialog says so and offers to decline
    /// them all, which it reports with exit status 10 after answering `decline`.
    #[arg(long, value_name = "POSITION/TOTAL", hide = true, value_parser = parse_queue_place)]
    pub queue: Option<QueuePlace>,
}

/// Where a form stands in a run of forms: the `position`-th of `total`, counting those
/// answered, the one shown and those waiting behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueuePlace {
    /// The shown form's number, from 1.
    pub position: usize,
    /// How many forms the run holds so far.
    pub total: usize,
}

impl QueuePlace {
    /// How many forms "Decline all" answers: the one shown and those waiting.
    pub fn left(&self) -> usize {
        self.total - self.position + 1
    }

    /// The option's value, `POSITION/TOTAL`.
    pub fn to_arg(&self) -> String {
        format!("{}/{}", self.position, self.total)
    }
}

impl std::str::FromStr for QueuePlace {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        parse_queue_place(text)
    }
}

fn parse_queue_place(text: &str) -> Result<QueuePlace, String> {
    let (position, total) = text
        .split_once('/')
        .and_then(|(p, t)| Some((p.parse::<usize>().ok()?, t.parse::<usize>().ok()?)))
        .ok_or_else(|| format!("{text:?} is not POSITION/TOTAL"))?;
    if position == 0 || position > total {
        return Err(format!("{text:?}: the position must be 1 to the total"));
    }
    Ok(QueuePlace { position, total })
}

/// What `--generate` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Generated {
    /// The man page, in roff (`man -l -` reads it).
    Man,
    /// The bash completion script.
    Bash,
    /// The zsh completion script (`_form-elicitation`).
    Zsh,
    /// The fish completion script.
    Fish,
    /// The man page of `proxy`, `form-elicitation-proxy(1)`.
    ManProxy,
    /// The man page of `serve`, `form-elicitation-serve(1)`.
    ManServe,
}

/// The subcommands; without one, the program answers one request.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run an MCP server over stdio and answer its elicitation requests here, for a client
    /// that cannot show forms: `form-elicitation proxy [OPTIONS] -- SERVER_COMMAND [ARGS...]`.
    Proxy(ProxyArgs),
    /// Show the forms that arrive on a Unix socket (from another machine over SSH, from a
    /// container): `form-elicitation serve [OPTIONS]`. See docs/serve.md.
    Serve(ServeArgs),
}

/// The options of `serve`. The display options say how its forms are shown; a request's own
/// `--server`, `--title`, `--timeout` and `--lang` travel with it and win.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The socket to listen on (default: $XDG_RUNTIME_DIR/form-elicitation/socket); ignored
    /// when systemd hands one over (LISTEN_FDS).
    #[arg(long, value_name = "PATH", value_hint = clap::ValueHint::FilePath)]
    pub socket: Option<PathBuf>,

    /// Exit after SECONDS without a connection and with no form open; 0 never exits (default:
    /// 300 when systemd started us with the socket, else 0).
    #[arg(long, value_name = "SECONDS")]
    pub idle_exit: Option<u64>,

    /// How each form is shown.
    #[command(flatten)]
    pub display: DisplayOptions,
}

/// The options of `proxy`. The display options are handed to each form's dialog.
#[derive(Debug, Clone, clap::Args)]
pub struct ProxyArgs {
    /// Whether to answer forms for a client that declares it can answer them itself.
    #[arg(long, value_enum, default_value_t = Intercept::Auto, env = "FORM_ELICITATION_INTERCEPT")]
    pub intercept: Intercept,

    /// How each form is shown (`--server` names who asks instead of the server's own name
    /// and the command; the terminal front end uses /dev/tty, since stdio carries MCP).
    #[command(flatten)]
    pub display: DisplayOptions,

    /// The server to run, and its arguments (after `--`).
    #[arg(
        last = true,
        required_unless_present_any = ["url", "sign_out"],
        value_name = "SERVER_COMMAND"
    )]
    pub server_command: Vec<OsString>,

    /// A remote server's Streamable HTTP endpoint, instead of a command (http or https).
    #[arg(long, value_name = "URL", conflicts_with = "server_command")]
    pub url: Option<String>,

    /// A header sent with every request to `--url`, as "Name: value" (repeatable); `${VAR}`
    /// in the value is the environment variable VAR, so a token stays off the command line.
    #[arg(long = "header", value_name = "HEADER")]
    pub headers: Vec<String>,

    /// How long `--url`'s server may take to begin its answer to a request (to connect, then
    /// to send the response's headers), in seconds; the client's call then gets an error.
    #[arg(
        long,
        value_name = "SECONDS",
        env = "FORM_ELICITATION_HTTP_TIMEOUT",
        default_value = "300",
        value_parser = parse_timeout
    )]
    pub http_timeout: Duration,

    /// For `--url`'s sign-in: the client ID the authorization server issued you, when it
    /// registers no clients by itself.
    #[arg(long, value_name = "ID", env = "FORM_ELICITATION_CLIENT_ID")]
    pub client_id: Option<String>,

    /// The secret of `--client-id`; give it in the environment, which other users cannot
    /// read as they can a command line.
    #[arg(
        long,
        value_name = "SECRET",
        env = "FORM_ELICITATION_CLIENT_SECRET",
        hide_env_values = true
    )]
    pub client_secret: Option<String>,

    /// For `--url`'s sign-in: the https URL of your client ID metadata document, used where
    /// the authorization server takes one instead of registering a client.
    #[arg(long, value_name = "URL", env = "FORM_ELICITATION_CLIENT_METADATA_URL")]
    pub client_metadata_url: Option<String>,

    /// Forget the sign-in kept for the server at URL, and exit.
    #[arg(long, value_name = "URL", conflicts_with_all = ["url", "server_command"])]
    pub sign_out: Option<String>,
}

/// How a form is shown: the options every way of showing one shares (the helper, `proxy`, and
/// the dialogs `proxy` starts). Declared once here; [`Self::to_args`] turns them back into a
/// command line for a child process.
///
/// To add a display option: declare it here, with its `FORM_ELICITATION_*` twin, and use it
/// where the front ends read these options (`crate::show`). `to_args` destructures the struct,
/// so it does not compile until the new field is written out too, and the round-trip test
/// covers every field clap knows.
///
/// An asker of `serve` sends the options that say who asks and how long the form waits
/// (`server`, `title`, `timeout`, `lang`) in its header (serde, below); the others are
/// `serve`'s own, not sent ([`Self::with_asked`] says which win).
#[derive(Debug, Clone, PartialEq, clap::Args, Serialize, Deserialize)]
pub struct DisplayOptions {
    /// Who is asking: shown above the form, since the request never names its server.
    #[arg(long, value_name = "NAME", env = "FORM_ELICITATION_SERVER")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,

    /// Window title (default: derived from the server name).
    #[arg(long, value_name = "TEXT", env = "FORM_ELICITATION_TITLE")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,

    /// Answer "cancel" when no answer comes within SECONDS; the form shows the time left.
    #[arg(long, value_name = "SECONDS", env = "FORM_ELICITATION_TIMEOUT", value_parser = parse_timeout)]
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "timeout_seconds"
    )]
    pub timeout: Option<Duration>,

    /// Which front end shows the form.
    #[arg(long, value_enum, default_value_t = UiChoice::Auto, env = "FORM_ELICITATION_UI")]
    #[serde(skip)]
    pub ui: UiChoice,

    /// Colours of the window: follow the system, or force light or dark.
    #[arg(long, value_enum, default_value_t = Theme::System, env = "FORM_ELICITATION_THEME")]
    #[serde(skip)]
    pub theme: Theme,

    /// The language of the program's own words (ko, de, pt-BR, zh-Hant, ...); default: from
    /// LANGUAGE, LC_ALL, LC_MESSAGES and LANG.
    #[arg(long, value_name = "TAG", env = "FORM_ELICITATION_LANG")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,

    /// How the window is drawn: on the CPU (no GL needed), or through OpenGL (builds with the
    /// `gl` feature).
    #[arg(long, value_enum, default_value_t = Renderer::Cpu, env = "FORM_ELICITATION_RENDERER")]
    #[serde(skip)]
    pub renderer: Renderer,

    /// Messages and field descriptions as Markdown (bold, lists, code; links shown with their
    /// URL), or as they came.
    #[arg(long, value_enum, default_value_t = Markdown::On, env = "FORM_ELICITATION_MARKDOWN")]
    #[serde(skip)]
    pub markdown: Markdown,

    /// A desktop notification that a form is waiting: when the window opens without the focus,
    /// always, or never.
    #[arg(long, value_enum, default_value_t = Notify::Auto, env = "FORM_ELICITATION_NOTIFY")]
    #[serde(skip)]
    pub notify: Notify,

    /// What was typed into a form that closed without your answer (a timeout, the caller
    /// stopping, a cancelled call) is kept for a day and filled in when the same server asks
    /// the same form again; off keeps nothing.
    #[arg(long, value_enum, default_value_t = Drafts::On, env = "FORM_ELICITATION_DRAFTS")]
    #[serde(skip)]
    pub drafts: Drafts,
}

impl Default for DisplayOptions {
    fn default() -> Self {
        Self {
            server: None,
            title: None,
            timeout: None,
            ui: UiChoice::Auto,
            theme: Theme::System,
            lang: None,
            renderer: Renderer::Cpu,
            markdown: Markdown::On,
            notify: Notify::Auto,
            drafts: Drafts::On,
        }
    }
}

impl DisplayOptions {
    /// These options as command-line arguments that parse back into the same options: what a
    /// child process (a proxy's dialog) is started with. Every option is written out, so that
    /// the child's own environment cannot change what the parent decided.
    pub fn to_args(&self) -> Vec<String> {
        // Destructured, not read field by field: a new option does not compile until it is
        // written out here.
        let Self {
            server,
            title,
            timeout,
            ui,
            theme,
            lang,
            renderer,
            markdown,
            notify,
            drafts,
        } = self;
        let mut args = Vec::new();
        // One argument per option, `--name=value`: a value that starts with `-` (a server
        // named `-weather`, a title `-- build --`) is then never read as an option.
        let mut push = |name: &str, value: String| args.push(format!("--{name}={value}"));
        if let Some(server) = server {
            push("server", server.clone());
        }
        if let Some(title) = title {
            push("title", title.clone());
        }
        if let Some(timeout) = timeout {
            push("timeout", timeout.as_secs_f64().to_string());
        }
        push("ui", value_name(ui));
        push("theme", value_name(theme));
        if let Some(lang) = lang {
            push("lang", lang.clone());
        }
        push("renderer", value_name(renderer));
        push("markdown", value_name(markdown));
        push("notify", value_name(notify));
        push("drafts", value_name(drafts));
        args
    }

    /// These options (how `serve` itself shows forms) with what an asker sent (`asked`, as
    /// its header carries them): each option an asker may set wins when it was given; the
    /// others stay `serve`'s.
    pub fn with_asked(&self, asked: &DisplayOptions) -> DisplayOptions {
        // Destructured, as in `to_args`: a new option does not compile until it is decided
        // here whether an asker may set it (then it is also sent: see the serde attributes).
        let DisplayOptions {
            server,
            title,
            timeout,
            lang,
            ui: _,
            theme: _,
            renderer: _,
            markdown: _,
            notify: _,
            // Whether drafts are kept is the person's choice (serve's), not an asker's.
            drafts: _,
        } = asked;
        DisplayOptions {
            server: server.clone().or_else(|| self.server.clone()),
            title: title.clone().or_else(|| self.title.clone()),
            timeout: timeout.or(self.timeout),
            lang: lang.clone().or_else(|| self.lang.clone()),
            ..self.clone()
        }
    }
}

/// `--timeout` on `serve`'s socket: seconds, as a JSON number. One that is no `--timeout`
/// (0, negative, beyond [`MAX_TIMEOUT`]) is read as none given, and `serve`'s own applies.
mod timeout_seconds {
    use std::time::Duration;

    use serde::{Deserialize as _, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(timeout: &Option<Duration>, out: S) -> Result<S::Ok, S::Error> {
        match timeout {
            Some(timeout) => out.serialize_some(&timeout.as_secs_f64()),
            None => out.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Option<Duration>, D::Error> {
        Ok(Option::<f64>::deserialize(input)?.and_then(super::timeout_from_secs))
    }
}

/// An option value as the command line spells it.
fn value_name(choice: &impl ValueEnum) -> String {
    choice
        .to_possible_value()
        .map(|p| p.get_name().to_owned())
        .unwrap_or_default()
}

/// When the window sends a desktop notification that a form is waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Notify {
    /// When the window opens without the focus (another workspace, behind other windows).
    #[default]
    Auto,
    /// Whenever a window opens.
    Always,
    /// Never: the window's urgency hint only.
    Never,
}

/// When the proxy answers forms itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Intercept {
    /// Unless the client is one known to show forms faithfully (the proxy's list of clients,
    /// by `clientInfo`): a declaration alone is not a form.
    #[default]
    Auto,
    /// Only for clients that do not declare elicitation: the others get everything untouched,
    /// whoever they are.
    Declared,
    /// Always, whatever the client declares.
    Always,
}

/// The window's renderers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Renderer {
    /// Paint on the CPU and hand the pixels to the display: opens fastest and lightest, and
    /// needs no GL at all.
    #[default]
    Cpu,
    /// Paint through OpenGL (glow), in builds with the `gl` feature.
    #[cfg(feature = "gl")]
    Gl,
}

/// Whether what was typed into a form that closed without the person's answer is kept as a
/// draft (see the process layer's `drafts`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Drafts {
    /// Kept for a day, and filled in when the same server asks the same form again.
    #[default]
    On,
    /// Nothing kept, nothing filled in.
    Off,
}

/// How a message's text is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Markdown {
    /// Read as Markdown: emphasis, lists, code and links drawn, the markup characters gone.
    #[default]
    On,
    /// Shown exactly as it came.
    Off,
}

/// The window's colour themes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Theme {
    /// Follow the system's light or dark setting.
    #[default]
    System,
    /// Dark text on a light background.
    Light,
    /// Light text on a dark background.
    Dark,
}

/// The front ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum UiChoice {
    /// The window when a display is available, else the terminal.
    #[default]
    Auto,
    /// Always the window.
    Window,
    /// A dialog on the terminal (`/dev/tty`).
    Terminal,
}

/// The longest `--timeout`: 2^32 - 1 seconds, some 136 years, far from any clock overflow.
const MAX_TIMEOUT: f64 = u32::MAX as f64;

/// `seconds` as a `--timeout`, when it is one: a number greater than 0 and at most
/// [`MAX_TIMEOUT`].
pub fn timeout_from_secs(seconds: f64) -> Option<Duration> {
    (seconds.is_finite() && seconds > 0.0 && seconds <= MAX_TIMEOUT)
        .then(|| Duration::from_secs_f64(seconds))
}

fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds = text.trim().parse::<f64>().unwrap_or(f64::NAN);
    match timeout_from_secs(seconds) {
        Some(timeout) => Ok(timeout),
        None if seconds > MAX_TIMEOUT => Err(format!(
            "{text:?} is more than the maximum, {MAX_TIMEOUT} seconds (about 136 years)"
        )),
        None => Err(format!(
            "{text:?} is not a number of seconds greater than 0"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options a dialog child is started with parse back into the options the parent had,
    /// for every display option clap knows (a new one fails here until `to_args` writes it).
    #[test]
    fn a_queue_place_round_trips_and_is_checked() {
        let place = QueuePlace {
            position: 2,
            total: 5,
        };
        assert_eq!(parse_queue_place(&place.to_arg()), Ok(place));
        assert_eq!(place.left(), 4);
        for bad in ["0/3", "4/3", "1", "a/b", "1/"] {
            assert!(parse_queue_place(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn display_options_round_trip_through_arguments() {
        let every_option: Vec<String> = [
            "--server",
            "Ünïcode server",
            "--title",
            "a title",
            "--timeout",
            "2.5",
            "--ui",
            "terminal",
            "--theme",
            "dark",
            "--lang",
            "pt-BR",
            "--renderer",
            "cpu",
            "--markdown",
            "off",
            "--notify",
            "never",
            "--drafts",
            "off",
        ]
        .map(str::to_owned)
        .to_vec();
        let parse = |args: &[String]| {
            let args = Args::try_parse_from(
                std::iter::once("form-elicitation".to_owned()).chain(args.iter().cloned()),
            )
            .expect("parses");
            args.display
        };
        let full = parse(&every_option);
        let known: Vec<String> =
            <DisplayOptions as clap::Args>::augment_args(clap::Command::new("display"))
                .get_arguments()
                .filter_map(|arg| arg.get_long().map(|long| format!("--{long}")))
                .collect();
        assert!(known.len() >= 7, "{known:?}");
        let written = full.to_args();
        for long in &known {
            assert!(
                every_option.contains(long),
                "{long}: add it to this test's options"
            );
            assert!(
                written.iter().any(|w| w.starts_with(&format!("{long}="))),
                "{long}: to_args leaves it out"
            );
        }
        // Regression (issue 43): values that start with `-` were passed as a second argument
        // and read as options, so a server named `-weather` refused every form.
        let dashed = DisplayOptions {
            server: Some("-weather".into()),
            title: Some("-- build --".into()),
            lang: Some("-x".into()),
            ..DisplayOptions::default()
        };
        for options in [
            full,
            DisplayOptions::default(),
            parse(&["--timeout".into(), "0.1".into()]),
            dashed,
            DisplayOptions {
                server: Some("--help".into()),
                title: Some("-".into()),
                lang: Some("--".into()),
                ..DisplayOptions::default()
            },
        ] {
            assert_eq!(parse(&options.to_args()), options);
        }
    }
}

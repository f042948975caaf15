//! The man page and the shell completions, made from the same clap definition as `--help`
//! (`form-elicitation --generate man|bash|zsh|fish`, an option hidden from `--help`), so they
//! cannot drift from it. `scripts/build-deb` puts them in the Debian package.
//!
//! The man page is clap_mangen's (name, synopsis, options with their environment twins,
//! version) with our own sections around it: a description with the request and the answer in
//! brief, exit status, the environment, examples. Like `--help` it is for programs and their
//! authors, so it is English.

use std::io;

use clap::CommandFactory as _;
use roff::{Roff, bold, italic, roman};

use crate::cli::{Args, Generated};

/// The program's name, as installed and as the completions complete it.
const NAME: &str = "form-elicitation";

/// The text `--generate` writes for `what`.
pub fn generate(what: Generated) -> io::Result<Vec<u8>> {
    let command = Args::command();
    let mut out = Vec::new();
    let shell = match what {
        Generated::Man => return man_page(command),
        Generated::ManProxy => {
            return subcommand_page(
                &command,
                "proxy",
                "form-elicitation-proxy",
                "run an MCP server and answer its elicitation requests, for a client that \
                 cannot show forms",
            );
        }
        Generated::ManServe => {
            return subcommand_page(
                &command,
                "serve",
                "form-elicitation-serve",
                "show the forms that arrive on a Unix socket",
            );
        }
        Generated::Bash => clap_complete::Shell::Bash,
        Generated::Zsh => clap_complete::Shell::Zsh,
        Generated::Fish => clap_complete::Shell::Fish,
    };
    clap_complete::generate(shell, &mut without_hidden(&command), NAME, &mut out);
    match what {
        Generated::Fish => out = fish_completes_option_values(&out).into_bytes(),
        Generated::Bash => out = bash_finds_subcommands(&out).into_bytes(),
        Generated::Zsh => out = zsh_finds_subcommands(&out).into_bytes(),
        _ => {}
    }
    Ok(out)
}

/// The top level's optional request file, as clap_complete's zsh script (4.6) lists it.
const ZSH_REQUEST: &str = "'::request -- ";

/// clap_complete's zsh script (4.6) with its subcommands found.
///
/// The script lists the optional request file as the first word and the subcommand as the
/// second, so `proxy` was taken for a request file: `form-elicitation proxy --si<Tab>` offered
/// the top level's options. clap reads a subcommand's name first, so the mended script offers
/// subcommands and files as the one first word, and looks for the subcommand there.
fn zsh_finds_subcommands(script: &[u8]) -> String {
    let script = String::from_utf8_lossy(script);
    let script: String = script
        .split_inclusive('\n')
        .filter(|line| !line.starts_with(ZSH_REQUEST))
        .collect();
    let commands = "_form-elicitation_commands";
    script
        .replacen(
            &format!("\":: :{commands}\" \\"),
            &format!("\":: :{{{commands}; _files}}\" \\"),
            1,
        )
        .replacen(
            "words=($line[2] \"${words[@]}\")",
            "words=($line[1] \"${words[@]}\")",
            1,
        )
        .replacen(
            "form-elicitation-command-$line[2]:\"",
            "form-elicitation-command-$line[1]:\"",
            1,
        )
        .replacen(
            "        case $line[2] in\n",
            "        case $line[1] in\n",
            1,
        )
}

/// clap_complete's bash script (4.6) with its subcommands' case labels mended.
///
/// The script walks the words typed and sets `cmd="form__elicitation__subcmd__proxy"`, but
/// writes the label of that case with the dash of our name turned into `__subcmd__`
/// (`form__subcmd__elicitation__subcmd__proxy)`): no label matched, and `form-elicitation
/// proxy --si<Tab>` offered file names. The labels are written as `cmd` is.
fn bash_finds_subcommands(script: &[u8]) -> String {
    let script = String::from_utf8_lossy(script);
    script.replace(
        &format!("        {}__subcmd__", NAME.replace('-', "__subcmd__")),
        &format!("        {}__subcmd__", NAME.replace('-', "__")),
    )
}

/// The line of clap_complete's fish script that gives up when the command line does not parse.
const FISH_GUARD: &str = "    argparse -s (__fish_form_elicitation_global_optspecs) -- $cmd 2>/dev/null\n    or return\n";

/// clap_complete's fish script (4.6) with its top-level guard mended.
///
/// With a subcommand (`proxy`), every top-level completion is guarded by a function that parses
/// the words typed so far to see whether a subcommand was given, and fails when they do not
/// parse. While an option waits for its value (`form-elicitation --ui <Tab>`) they never
/// parse, so fish offered file names instead of `auto terminal window`. Words that do not parse
/// have not reached a subcommand (options of `proxy` come after `proxy`, where parsing stops),
/// so the mended guard says "top level" then.
fn fish_completes_option_values(script: &[u8]) -> String {
    let script = String::from_utf8_lossy(script);
    script.replacen(
        FISH_GUARD,
        &FISH_GUARD.replace("or return\n", "or return 0\n"),
        1,
    )
}

/// `command` without its hidden options: clap_complete offers those too, and `--generate` is
/// for packagers, not for the person at the prompt.
fn without_hidden(command: &clap::Command) -> clap::Command {
    let visible = clap::Command::new(NAME)
        .args(
            command
                .get_arguments()
                .filter(|arg| !arg.is_hide_set())
                .cloned(),
        )
        .subcommands(command.get_subcommands().cloned());
    match command.get_version() {
        Some(_) => visible.version(env!("CARGO_PKG_VERSION")),
        None => visible,
    }
}

/// The man page: clap_mangen's sections from the clap definition, with ours between them.
fn man_page(command: clap::Command) -> io::Result<Vec<u8>> {
    let environment = option_environment(&command);
    let command_for_synopsis = command.clone();
    let man = clap_mangen::Man::new(command)
        .title("FORM-ELICITATION")
        .manual("User Commands");
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    synopsis(&command_for_synopsis, NAME, true).to_writer(&mut out)?;
    // clap's description would repeat the NAME line (the package's description) word for word.
    description().to_writer(&mut out)?;
    man.render_options_section(&mut out)?;
    exit_status().to_writer(&mut out)?;
    environment_section(&environment).to_writer(&mut out)?;
    examples().to_writer(&mut out)?;
    see_also().to_writer(&mut out)?;
    man.render_version_section(&mut out)?;
    Ok(one_preamble(out))
}

/// The page of subcommand `name` (`form-elicitation-proxy(1)`): its synopsis, what it does
/// (its `--help` text) and its options, from the same clap definition as `--help`.
/// `page` is the page's name (clap takes a name that lives as long as the program), `what` the
/// NAME line's few words.
fn subcommand_page(
    command: &clap::Command,
    name: &str,
    page: &'static str,
    what: &str,
) -> io::Result<Vec<u8>> {
    let sub = command
        .find_subcommand(name)
        .ok_or_else(|| io::Error::other(format!("no subcommand {name}")))?;
    let man = clap_mangen::Man::new(sub.clone().name(page).display_name(page))
        .title(page.to_uppercase())
        .manual("User Commands")
        .source(format!("{NAME} {}", env!("CARGO_PKG_VERSION")));
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    // clap_mangen's NAME line would be the whole `--help` paragraph.
    let mut name_section = Roff::new();
    section(&mut name_section, "NAME");
    name_section.text([roman(format!("{page} - {what}"))]);
    name_section.to_writer(&mut out)?;
    synopsis(sub, &format!("{NAME} {name}"), false).to_writer(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;
    let mut see_also = Roff::new();
    section(&mut see_also, "SEE ALSO");
    let other = if name == "proxy" { "serve" } else { "proxy" };
    see_also.text([
        bold(NAME),
        roman("(1), "),
        bold(format!("{NAME}-{other}")),
        roman(
            "(1); the README and docs/, in /usr/share/doc/form-elicitation/ in the Debian package.",
        ),
    ]);
    see_also.to_writer(&mut out)?;
    Ok(one_preamble(out))
}

/// A SYNOPSIS that names each option with its value (`[--server NAME]`), which clap_mangen's
/// does not, then the positionals; the main page (`subcommands`) adds a line per subcommand.
fn synopsis(command: &clap::Command, name: &str, subcommands: bool) -> Roff {
    let mut roff = Roff::new();
    section(&mut roff, "SYNOPSIS");
    let mut line = vec![bold(name)];
    for arg in command.get_arguments().filter(|a| !a.is_hide_set()) {
        let Some(long) = arg.get_long() else {
            continue;
        };
        if matches!(long, "help" | "version") {
            continue;
        }
        line.push(roman(" ["));
        line.push(bold(format!("--{long}")));
        if arg.get_action().takes_values() {
            let value = arg
                .get_value_names()
                .map(|names| names.join(" "))
                .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
            line.push(roman(" "));
            line.push(italic(value));
        }
        line.push(roman("]"));
    }
    for arg in command.get_positionals().filter(|a| !a.is_hide_set()) {
        let value = arg
            .get_value_names()
            .map(|names| names.join(" "))
            .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
        let many = matches!(arg.get_num_args(), Some(range) if range.max_values() > 1);
        line.push(roman(if arg.is_last_set() { " [-- " } else { " [" }));
        line.push(italic(value));
        line.push(roman(if many { "...]" } else { "]" }));
    }
    roff.text(line);
    if subcommands {
        for sub in command.get_subcommands() {
            roff.control("br", []);
            roff.text([
                bold(format!("{NAME} {}", sub.get_name())),
                roman(" [options] (see "),
                bold(format!("{NAME}-{}", sub.get_name())),
                roman("(1))"),
            ]);
        }
    }
    roff
}

/// Each rendered piece starts with roff's apostrophe preamble (two lines defining `\*(Aq`);
/// the page needs it once, at the top.
fn one_preamble(page: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&page);
    let preamble = Roff::new().render();
    match text.strip_prefix(&preamble) {
        Some(rest) => format!("{preamble}{}", rest.replace(&preamble, "")).into_bytes(),
        None => page,
    }
}

/// The environment twins of the options, `(variable, --option)`, read from the clap
/// definition.
fn option_environment(command: &clap::Command) -> Vec<(String, String)> {
    command
        .get_arguments()
        .filter(|arg| !arg.is_hide_set())
        .filter_map(|arg| {
            let variable = arg.get_env()?.to_string_lossy().into_owned();
            Some((variable, format!("--{}", arg.get_long()?)))
        })
        .collect()
}

fn section(roff: &mut Roff, title: &str) {
    roff.control("SH", [title]);
}

fn paragraph(roff: &mut Roff, text: &str) {
    roff.control("PP", []);
    roff.text([roman(text)]);
}

/// A `.TP` entry: `tag` in bold, then its text.
fn entry(roff: &mut Roff, tag: &str, text: &str) {
    roff.control("TP", []);
    roff.text([bold(tag)]);
    roff.text([roman(text)]);
}

/// Lines shown as they are (no filling), indented.
fn literal(roff: &mut Roff, lines: &[&str]) {
    roff.control("PP", []);
    roff.control("RS", ["4"]);
    roff.control("nf", []);
    for line in lines {
        roff.text([roman(*line)]);
    }
    roff.control("fi", []);
    roff.control("RE", []);
}

fn description() -> Roff {
    let mut roff = Roff::new();
    section(&mut roff, "DESCRIPTION");
    roff.text([
        bold(NAME),
        roman(
            " shows one MCP elicitation request as a form, in a native window or as a dialog \
             on the terminal, and prints the person's answer as one line of JSON on stdout. \
             MCP servers, clients and scripts without a form UI of their own run it as their \
             elicitation helper: the request goes to its stdin, the answer comes from its stdout.",
        ),
    ]);
    section(&mut roff, "REQUEST AND ANSWER");
    paragraph(
        &mut roff,
        "The request is one UTF-8 JSON value of at most 1 MiB, read from REQUEST_FILE or, when \
         it is absent or \"-\", from stdin (until end of file or until one complete value has \
         arrived). It is the params of an MCP elicitation/create request, \
         {\"mode\"?: \"form\", \"message\": ..., \"requestedSchema\": {...}}; or the same inside a \
         JSON-RPC request {\"jsonrpc\": \"2.0\", \"id\": X, \"method\": \"elicitation/create\", \
         \"params\": {...}}, answered with a JSON-RPC response of the same id; or the 2026-07-28 \
         input-request entry {\"method\": \"elicitation/create\", \"params\": {...}}. A URL-mode \
         request ({\"mode\": \"url\", \"message\": ..., \"url\": ...}) shows the URL and the site it \
         opens, and opens the browser only when the person presses Open.",
    );
    paragraph(
        &mut roff,
        "The requestedSchema is a flat object of fields: text (string, with minLength, \
         maxLength, pattern and the formats email, uri, date, date-time, uuid, time, duration, \
         ipv4, ipv6, hostname), number and integer (with bounds and multipleOf), boolean, a \
         single choice (enum or oneOf) and a multi-select (an array of enum or anyOf items). \
         Anything the program cannot render faithfully is refused before any window opens, \
         with exit status 2 and one line on stderr naming the property and the keyword.",
    );
    paragraph(
        &mut roff,
        "The form is shown in a window when DISPLAY or WAYLAND_DISPLAY is set, else as a dialog \
         on the terminal (/dev/tty); see --ui. The answer is one line of JSON on stdout: \
         {\"action\": \"accept\", \"content\": {...}} after Submit, every value satisfying the \
         schema; {\"action\": \"decline\"} after Decline; {\"action\": \"cancel\"} after Esc, \
         closing the window, --timeout, SIGTERM, SIGINT, SIGHUP or the death of the parent \
         process.",
    );
    roff
}

fn exit_status() -> Roff {
    let mut roff = Roff::new();
    section(&mut roff, "EXIT STATUS");
    entry(
        &mut roff,
        "0",
        "An answer was written: accept, decline or cancel; or --check found the request \
         valid.",
    );
    entry(
        &mut roff,
        "1",
        "Failure while running (an I/O error and the like); stdout holds nothing valid.",
    );
    entry(
        &mut roff,
        "2",
        "A bad request or bad usage; stdout is empty, or holds a JSON-RPC error object when \
         the request was a JSON-RPC request.",
    );
    entry(
        &mut roff,
        "3",
        "No way to show the form: no display and no terminal, or the window could not be \
         created. Stdout is empty.",
    );
    roff
}

fn environment_section(options: &[(String, String)]) -> Roff {
    let mut roff = Roff::new();
    section(&mut roff, "ENVIRONMENT");
    paragraph(
        &mut roff,
        "Every option has an environment twin, for callers that start the program with no \
         arguments; an option given on the command line wins.",
    );
    for (variable, option) in options {
        entry(&mut roff, variable, &format!("As {option}."));
    }
    let others = [
        (
            "FORM_ELICITATION_OPENER",
            "A program run instead of the system's URL opener (xdg-open) when the person \
             presses Open in URL mode, with the URL as its only argument.",
        ),
        (
            "FORM_ELICITATION_SOCKET",
            "The socket of a form-elicitation serve on the person's desktop (forwarded over \
             SSH, or mounted into a container): the request is sent there and its answer \
             printed here. When nothing answers there, a line on stderr says so and the form \
             is shown here; --connect asks there only (exit 3 when nothing answers).",
        ),
        (
            "FORM_ELICITATION_TOKEN_STORE",
            "Where proxy --url keeps its sign-ins: auto (the default: the Secret Service, such \
             as GNOME Keyring or KWallet, when the session bus has one, else a file readable \
             only by you under $XDG_STATE_HOME/form-elicitation/), secret-service (only \
             there) or file.",
        ),
        (
            "FORM_ELICITATION_NO_SYSTEM_FONTS",
            "When set, the window loads no system fonts: only Latin, Greek and Cyrillic are \
             drawn.",
        ),
        (
            "LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
            "The language of the program's own words in the window and the terminal dialog, \
             read as gettext reads them (--lang overrides them). Diagnostics, --check and \
             --help stay English.",
        ),
        (
            "DISPLAY, WAYLAND_DISPLAY",
            "Where the window opens. With neither set, --ui auto asks on the terminal.",
        ),
        (
            "NO_COLOR",
            "When set and not empty, the terminal dialog prints no colours or other text \
             attributes.",
        ),
    ];
    for (variable, text) in others {
        entry(&mut roff, variable, text);
    }
    roff
}

fn examples() -> Roff {
    let mut roff = Roff::new();
    section(&mut roff, "EXAMPLES");
    paragraph(
        &mut roff,
        "Check a request and see what would be shown, without opening a window (the Debian \
         package ships the examples in /usr/share/doc/form-elicitation/examples/):",
    );
    literal(
        &mut roff,
        &["form-elicitation --check /usr/share/doc/form-elicitation/examples/every-field.json"],
    );
    paragraph(&mut roff, "Ask, and read the answer:");
    literal(
        &mut roff,
        &[
            "$ form-elicitation --server issue-tracker ticket.json",
            "{\"action\":\"accept\",\"content\":{\"component\":\"ui\",\"severity\":3,\"notes\":\"\"}}",
        ],
    );
    paragraph(
        &mut roff,
        "A plain confirmation from a script, on the terminal:",
    );
    literal(
        &mut roff,
        &[
            "echo '{\"message\":\"Deploy now?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}' |",
            "    form-elicitation --ui terminal",
        ],
    );
    roff.control("PP", []);
    roff.text([
        roman("As the helper of the Perl MCP server "),
        bold("mcp-ask-user"),
        roman(" (AnyEvent::MCP), which runs the program named by "),
        bold("PERL_ANYEVENT_MCP_ELICITATION_HELPER"),
        roman(
            " with no arguments and the request on stdin; the options travel in the \
             environment:",
        ),
    ]);
    literal(
        &mut roff,
        &[
            "export PERL_ANYEVENT_MCP_ELICITATION_HELPER=form-elicitation",
            "export FORM_ELICITATION_SERVER=mcp-ask-user",
            "export FORM_ELICITATION_TIMEOUT=600",
        ],
    );
    paragraph(
        &mut roff,
        "As Claude Code's Elicitation hook, in ~/.claude/settings.json: the hook's input is \
         recognised by its hook_event_name, the answer is written as its hookSpecificOutput, \
         the form is shown in a window only (without a display nothing is printed and Claude \
         Code asks in its own dialog), never with exit 2, and a window without --timeout \
         answers cancel after 590 s, before the hook's default 600 s timeout:",
    );
    literal(
        &mut roff,
        &[
            "{\"hooks\": {\"Elicitation\": [{\"matcher\": \"\", \"hooks\": [",
            "    {\"type\": \"command\", \"command\": \"form-elicitation\", \"timeout\": 600}]}]}}",
        ],
    );
    roff
}

fn see_also() -> Roff {
    let mut roff = Roff::new();
    section(&mut roff, "SEE ALSO");
    roff.text([
        bold(format!("{NAME}-proxy")),
        roman("(1), "),
        bold(format!("{NAME}-serve")),
        roman("(1), "),
        bold("yad"),
        roman("(1), "),
        bold("xdg-open"),
        roman("(1); the README, in /usr/share/doc/form-elicitation/ in the Debian package; "),
        italic("https://modelcontextprotocol.io/specification"),
        roman(" (Elicitation)."),
    ]);
    roff
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options' environment twins come from the clap definition, the hidden one left out.
    #[test]
    fn every_visible_option_with_a_twin_is_listed() {
        let listed = option_environment(&Args::command());
        assert!(listed.contains(&("FORM_ELICITATION_SERVER".into(), "--server".into())));
        assert!(listed.contains(&("FORM_ELICITATION_TIMEOUT".into(), "--timeout".into())));
        assert!(listed.iter().all(|(_, option)| option != "--generate"));
    }

    /// The mend of the fish script applies to the script clap_complete makes today: when a
    /// new clap_complete changes it, this fails, and the mend is to be looked at again.
    #[test]
    fn the_fish_guard_is_mended() {
        let fish = String::from_utf8(generate(Generated::Fish).expect("fish")).expect("UTF-8");
        assert!(
            fish.contains(&FISH_GUARD.replace("or return\n", "or return 0\n")),
            "{fish}"
        );
        assert!(!fish.contains(FISH_GUARD), "{fish}");
    }

    /// The mend of the bash script applies to the script clap_complete makes today (see
    /// [`bash_finds_subcommands`]): when a new clap_complete changes it, this fails.
    #[test]
    fn the_bash_case_labels_are_mended() {
        let script = generate(Generated::Bash).expect("bash");
        let script = String::from_utf8(script).expect("UTF-8");
        assert!(!script.contains("form__subcmd__elicitation"), "{script}");
        assert!(script.contains("cmd=\"form__elicitation__subcmd__proxy\""));
        assert!(script.contains("        form__elicitation__subcmd__proxy)\n"));
        assert!(script.contains("        form__elicitation__subcmd__serve)\n"));
    }

    /// The mend of the zsh script applies to the script clap_complete makes today (see
    /// [`zsh_finds_subcommands`]): when a new clap_complete changes it, this fails.
    #[test]
    fn the_zsh_subcommand_is_the_first_word() {
        let script = generate(Generated::Zsh).expect("zsh");
        let script = String::from_utf8(script).expect("UTF-8");
        assert!(!script.contains(ZSH_REQUEST), "{script}");
        assert!(script.contains("\":: :{_form-elicitation_commands; _files}\" \\"));
        assert!(!script.contains("$line[2]"), "{script}");
        assert!(script.contains("        case $line[1] in\n"));
    }

    #[test]
    fn the_page_has_one_preamble() {
        let page = String::from_utf8(generate(Generated::Man).expect("man page")).expect("UTF-8");
        assert_eq!(page.matches(".ds Aq").count(), 2, "{page}");
        assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{page}");
    }
}

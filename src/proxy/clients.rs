//! Which MCP clients show elicitation forms faithfully, and how each is configured.
//!
//! A client's declaration is not a form: Codex declares forms and declines each one, Claude
//! Desktop declares them and never shows them. Under `--intercept auto` the proxy hands a
//! client its forms only when the client (by the `clientInfo` it sends) is on the short list
//! below as one that shows every field and sends what the person typed; any other client that
//! declares elicitation gets the forms answered here, with one line on stderr saying why. The
//! list is the one place that says so, each entry with its evidence.

use std::fmt::Write as _;

use serde_json::value::RawValue;

use super::wire::Fields;

/// Who the client says it is: `clientInfo` from `initialize`, or the `_meta` of a 2026-07-28
/// request. Its own words, unchecked: they choose only between showing a form here or there,
/// and the words of our lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client {
    /// `clientInfo.name`.
    pub name: String,
    /// `clientInfo.version`, when it sent one.
    pub version: Option<String>,
}

impl Client {
    /// The client named in `info` (a `clientInfo` object), if it names one.
    pub fn of(info: &RawValue) -> Option<Client> {
        let fields = Fields::of(info)?;
        Some(Client {
            name: fields.str("name")?,
            version: fields.str("version"),
        })
    }

    /// Name and version, as a line of ours shows them: bounded, controls escaped.
    fn shown(&self) -> String {
        let mut text = shown(&self.name);
        if let Some(version) = &self.version {
            let _ = write!(text, " {}", shown(version));
        }
        text
    }
}

/// What a client does with a form it declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shows {
    /// Every field, as the schema says, and sends what the person typed: its forms are its own.
    Faithfully,
    /// Not faithfully: the words say what it does instead (after the client's name).
    Not(&'static str),
}

/// How a client's configuration gives its server an environment variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Config {
    /// The `mcpServers` JSON most clients copied: `"env": {...}` in the server's entry.
    Json,
    /// Codex's `~/.codex/config.toml`.
    CodexToml,
    /// Continue's `config.yaml`.
    ContinueYaml,
}

/// One client we know.
struct Known {
    /// `clientInfo.name`, exactly.
    name: &'static str,
    shows: Shows,
    config: Config,
    /// How we know: the version seen and how it was checked. Read by people, not the code.
    #[allow(dead_code)]
    evidence: &'static str,
}

/// The clients we know. A client not here that declares elicitation is treated as one that
/// cannot show forms: the cost of a wrong "cannot" is our window instead of the client's own,
/// the cost of a wrong "can" a form the person never sees.
const KNOWN: &[Known] = &[
    Known {
        name: "Visual Studio Code",
        shows: Shows::Faithfully,
        config: Config::Json,
        evidence: "source read, not run here: microsoft/vscode's mcpServerRequestHandler.ts \
                   names the client productService.nameLong and declares elicitation (form \
                   and url) only when its elicitation handler is wired, and \
                   mcpElicitationService.ts shows each field of the schema (1.102 and later)",
    },
    Known {
        name: "Visual Studio Code - Insiders",
        shows: Shows::Faithfully,
        config: Config::Json,
        evidence: "the same source as Visual Studio Code (the Insiders build's nameLong)",
    },
    Known {
        name: "codex-mcp-client",
        shows: Shows::Not("declares forms but does not show their fields"),
        config: Config::CodexToml,
        evidence: "Codex CLI 0.169.1, run here against a local stand-in model API (issue 55): \
                   `codex exec` declines every form within 1.2 s whatever its approval_policy; \
                   the interactive Codex shows only an approval (Yes / No / Cancel), never \
                   the fields",
    },
    Known {
        name: "claude-ai",
        shows: Shows::Not("declares forms but does not show them"),
        config: Config::Json,
        evidence: "Claude Desktop, public reports (issue 55): it declares elicitation and \
                   never shows the form; not run here",
    },
    Known {
        name: "cursor-vscode",
        shows: Shows::Not("declares forms but drops them from stdio servers"),
        config: Config::Json,
        evidence: "Cursor 3.10, a public report (issue 55): forms from stdio servers are \
                   dropped without a word; not run here",
    },
    Known {
        name: "claude-code",
        shows: Shows::Not(
            "declares forms but cancels them in print mode (-p), which its initialize does \
             not tell from an interactive session",
        ),
        config: Config::Json,
        evidence: "Claude Code 2.1.332, run here (issue 55): `claude -p` answers cancel \
                   unless its Elicitation hook is set; the interactive form is not checked",
    },
    Known {
        name: "continue-client",
        shows: Shows::Not("declares no forms"),
        config: Config::ContinueYaml,
        evidence: "Continue's source (core/context/mcp/MCPConnection.ts) names its client \
                   continue-client with empty capabilities; listed for its YAML configuration",
    },
];

fn known(client: Option<&Client>) -> Option<&'static Known> {
    let client = client?;
    KNOWN.iter().find(|known| known.name == client.name)
}

/// Whether `client` is known to show elicitation forms faithfully (`--intercept auto` then
/// trusts its declaration).
pub fn shows_forms(client: Option<&Client>) -> bool {
    known(client).is_some_and(|known| known.shows == Shows::Faithfully)
}

/// The line for stderr, said with the first form the proxy answers for a client that declared
/// forms: why it answers here.
pub fn answering_here(client: Option<&Client>) -> String {
    let Some(client) = client else {
        return "the client declares forms but does not say who it is (no clientInfo), so it \
                is not known to show them: answering here (--intercept declared trusts it)"
            .to_owned();
    };
    match known(Some(client)).map(|known| known.shows) {
        Some(Shows::Not(why)) => format!("{} {why}: answering here", client.shown()),
        _ => format!(
            "{} declares forms but is not known to show them: answering here (--intercept \
             declared trusts it)",
            client.shown()
        ),
    }
}

/// The generic advice in [`crate::process::session::HOW_TO_FIX`] that a known client's own words replace.
const JSON_ENV: &str =
    "give the client's server entry \"env\": {\"DISPLAY\": \":0\"} (or WAYLAND_DISPLAY)";

/// The "no display" line of a dialog, in the words of `client`'s own configuration: `line` with
/// the generic `"env"` advice replaced, when the client is one whose configuration is not
/// JSON. Anything else is returned as it came.
pub fn in_clients_words(line: &str, client: Option<&Client>) -> String {
    let advice = match known(client).map(|known| known.config) {
        Some(Config::CodexToml) => {
            "add env = { DISPLAY = \":0\" } (or WAYLAND_DISPLAY) under this server's \
             [mcp_servers.NAME] in ~/.codex/config.toml"
        }
        Some(Config::ContinueYaml) => {
            "add env: { DISPLAY: \":0\" } (or WAYLAND_DISPLAY) to this server's entry under \
             mcpServers: in Continue's config.yaml"
        }
        Some(Config::Json) | None => return line.to_owned(),
    };
    line.replace(JSON_ENV, advice)
}

/// `text` as a line of ours shows it: at most 64 characters, controls escaped.
fn shown(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == 64 {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(name: &str, version: &str) -> Client {
        Client {
            name: name.into(),
            version: Some(version.into()),
        }
    }

    #[test]
    fn only_clients_on_the_list_are_trusted_with_their_forms() {
        assert!(shows_forms(Some(&client("Visual Studio Code", "1.107.0"))));
        for name in [
            "codex-mcp-client",
            "claude-ai",
            "cursor-vscode",
            "claude-code",
            "mcp",
            "",
        ] {
            assert!(!shows_forms(Some(&client(name, "1"))), "{name}");
        }
        assert!(!shows_forms(None));
    }

    #[test]
    fn the_line_says_why_the_proxy_answers() {
        assert_eq!(
            answering_here(Some(&client("codex-mcp-client", "0.169.1"))),
            "codex-mcp-client 0.169.1 declares forms but does not show their fields: answering here"
        );
        let unknown = answering_here(Some(&client("mcp\n", "0.1.0")));
        assert!(
            unknown.starts_with("mcp\\n 0.1.0 declares forms but is not known to show them"),
            "{unknown}"
        );
        assert!(answering_here(None).contains("no clientInfo"));
    }

    /// The replacement finds the generic advice in the session's line: were that line reworded,
    /// Codex's users would silently get the JSON advice again.
    #[test]
    fn the_no_display_line_speaks_the_client_s_configuration() {
        let line = format!("{}; no terminal", crate::process::session::HOW_TO_FIX);
        let codex = in_clients_words(&line, Some(&client("codex-mcp-client", "0.169.1")));
        assert!(
            codex.contains(
                "env = { DISPLAY = \":0\" } (or WAYLAND_DISPLAY) under this server's \
                 [mcp_servers.NAME] in ~/.codex/config.toml"
            ),
            "{codex}"
        );
        assert!(!codex.contains("\"env\""), "{codex}");
        assert!(
            codex.contains("systemctl --user enable --now form-elicitation.socket"),
            "{codex}"
        );
        assert!(codex.ends_with("; no terminal"), "{codex}");
        let continue_ = in_clients_words(&line, Some(&client("continue-client", "1.0.0")));
        assert!(
            continue_.contains("env: { DISPLAY: \":0\" }"),
            "{continue_}"
        );
        assert_eq!(
            in_clients_words(&line, Some(&client("claude-ai", "1"))),
            line
        );
        assert_eq!(in_clients_words(&line, None), line);
    }
}

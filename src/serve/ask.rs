//! The asking side: the helper sends its request to `serve` instead of showing it itself, and
//! delivers what comes back as its own answer.
//!
//! Whatever listens at the socket is trusted no further than serve trusts its askers: it must
//! run as our own user or root, and its reply is checked as a local answer is (one answer that
//! fits the request, in the request's envelope) before anything reaches stdout.

use std::io::BufReader;
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::protocol::{self, Header, Reply};
use crate::cli::DisplayOptions;
use crate::model::answer::{self, Answer};
use crate::model::load::Shown;
use crate::model::request::Envelope;
use crate::process::cancel::Cancel;
use crate::process::delivery::Delivery;
use crate::process::exit::Exit;
use crate::process::output::diag;
use crate::process::peer::{Credentials, credentials};

/// The environment variable that names `serve`'s socket.
pub use crate::process::session::SOCKET_ENV;

/// Where a request is sent, and what happens when nothing answers there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// `--connect PATH`: the person wants the remote window only; nothing answering is exit 3.
    Only(PathBuf),
    /// `FORM_ELICITATION_SOCKET`: try it, and show the form here when nothing answers.
    First(PathBuf),
}

impl Target {
    /// The target from `--connect` and the environment, if either names a socket.
    pub fn from(connect: Option<&Path>) -> Option<Self> {
        if let Some(path) = connect {
            return Some(Self::Only(path.to_owned()));
        }
        std::env::var_os(SOCKET_ENV)
            .filter(|path| !path.is_empty())
            .map(|path| Self::First(path.into()))
    }

    /// The socket's path.
    pub fn path(&self) -> &Path {
        match self {
            Self::Only(path) | Self::First(path) => path,
        }
    }
}

/// Nothing answers at the socket: one line that says how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreached(pub String);

/// The line for a socket that could not be reached: how to start `serve`, or, when the
/// socket is there but this user may not use it (a container's root mapped to another user,
/// as Docker's `userns-remap` does), who may.
fn unreached(target: &Target, error: &std::io::Error) -> Unreached {
    let fix = match target {
        Target::Only(_) => "drop --connect to show the form here",
        Target::First(_) => "unset FORM_ELICITATION_SOCKET to show the form here",
    };
    let path = target.path().display();
    Unreached(if error.kind() == std::io::ErrorKind::PermissionDenied {
        format!(
            "cannot use {path} ({error}): `form-elicitation serve` lets in only the user it runs \
             as and root, so ask as one of them (a container whose root is another user, as \
             under Docker's userns-remap, needs `docker run --userns=host`), or {fix}"
        )
    } else {
        format!(
            "nothing answers at {path} ({error}): start `form-elicitation serve` on the desktop \
             (or `systemctl --user enable --now form-elicitation.socket`) and forward its \
             socket, or {fix}"
        )
    })
}

/// What was asked: the request's envelope and what it shows, which the reply must fit.
#[derive(Clone, Copy)]
pub struct Asked<'a> {
    /// How the request came, and so how its answer must be wrapped.
    pub envelope: &'a Envelope,
    /// The form or URL request.
    pub shown: &'a Shown,
}

/// Sends `request` to the socket and delivers the answer that comes back; `Err` when nothing
/// answers there, or something we do not trust (the caller decides between exit 3 and
/// showing the form here).
///
/// A cancel (a signal, the parent's death) closes the connection, so that the desktop's window
/// closes, and answers `cancel` here through `delivery`.
pub fn ask(
    target: &Target,
    request: &[u8],
    asked: Asked<'_>,
    options: &DisplayOptions,
    cancel: &Cancel,
    delivery: &Delivery,
) -> Result<Exit, Unreached> {
    let path = target.path();
    let stream = UnixStream::connect(path).map_err(|error| unreached(target, &error))?;
    // Nothing is sent to a listener that serve itself would not let in as an asker.
    listener_allowed(&stream).map_err(|why| untrusted(target, &why))?;
    if let Ok(closer) = stream.try_clone() {
        cancel.set_waker(move || {
            let _ = closer.shutdown(Shutdown::Both);
        });
    }
    if cancel.is_cancelled() {
        return Ok(delivery.answer(&Answer::Cancel));
    }
    let header = Header::new(&super::listen::host_name(), options, request.len());
    let sent = protocol::write_request(&mut &stream, &header, request);
    // Read the reply even when sending failed: serve refuses a peer it does not let in
    // without reading its request, and closing then may break our write.
    let reply = match (protocol::read_reply(&mut BufReader::new(&stream)), sent) {
        (Ok(reply), _) => Ok(reply),
        (Err(_), Err(error)) | (Err(error), Ok(())) => Err(error),
    };
    if cancel.is_cancelled() {
        return Ok(delivery.answer(&Answer::Cancel));
    }
    Ok(match reply {
        Ok(reply) => deliver(&reply, path, asked, delivery),
        Err(error) => delivery.not_shown(
            Exit::Failure,
            &format!("the form's server at {} failed: {error}", path.display()),
        ),
    })
}

/// Whether the listener may see our request: serve's own rule for its askers, our user or
/// root (over SSH, the person's own sshd forwards the socket).
fn listener_allowed(stream: &UnixStream) -> Result<(), String> {
    let Credentials { uid, pid } =
        credentials(stream).map_err(|error| format!("cannot read who listens there: {error}"))?;
    let us = rustix::process::getuid().as_raw();
    if uid == us || uid == 0 {
        Ok(())
    } else {
        Err(format!(
            "it is served by user {uid} (pid {pid}), not by user {us} or root"
        ))
    }
}

/// The line for a listener we do not trust.
fn untrusted(target: &Target, why: &str) -> Unreached {
    let fix = match target {
        Target::Only(_) => "drop --connect to show the form here",
        Target::First(_) => "unset FORM_ELICITATION_SOCKET to show the form here",
    };
    Unreached(format!(
        "will not send the form to {}: {why}; start `form-elicitation serve` as yourself, or {fix}",
        target.path().display()
    ))
}

/// Delivers serve's reply as our own ending: an answer only when it fits the request; a
/// refusal, a failure or "not shown" as such (for Claude Code's hook, nothing on stdout and
/// exit 0, never its decline); anything else a failure.
fn deliver(reply: &Reply, path: &Path, asked: Asked<'_>, delivery: &Delivery) -> Exit {
    let message = reply.message.as_deref().map(one_line);
    let failed = |why: String| {
        delivery.not_shown(
            Exit::Failure,
            &format!("the form's server at {} {why}", path.display()),
        )
    };
    let ended = || {
        message.clone().unwrap_or_else(|| {
            format!(
                "the form's server at {} ended with exit {}",
                path.display(),
                reply.exit
            )
        })
    };
    match Exit::from_code(reply.exit) {
        Exit::Answered => match reply.line.as_deref().map(|line| answer_of(line, asked)) {
            Some(Ok(answer)) => {
                if let Some(message) = &message {
                    diag(format_args!("{message}"));
                }
                delivery.answer(&answer)
            }
            Some(Err(why)) => failed(format!(
                "sent an answer that does not fit the request: {why}"
            )),
            None => failed("sent no answer".into()),
        },
        Exit::BadRequest => {
            let (code, text) = reply
                .line
                .as_deref()
                .and_then(|line| refusal_of(line, asked.envelope))
                // A refusal with no error of its own (serve's, of our header) is not the
                // request's fault: an internal error.
                .unwrap_or_else(|| (-32603, ended()));
            delivery.refuse_relayed(code, &text, &ended())
        }
        exit @ (Exit::NoDisplay | Exit::Failure) => delivery.not_shown(exit, &ended()),
        Exit::DeclinedAll => failed(format!("ended with exit {}", reply.exit)),
    }
}

/// The first line of a message from the other side, without our name (it has it already):
/// what reaches stderr is one line.
fn one_line(message: &str) -> String {
    let line = message.lines().next().unwrap_or_default();
    line.strip_prefix("form-elicitation: ")
        .unwrap_or(line)
        .to_owned()
}

/// Reads serve's answer line for what was asked: the envelope's wrapping (the same JSON-RPC id,
/// the hook's output), one action, and content that the form's own checks accept.
fn answer_of(line: &str, asked: Asked<'_>) -> Result<Answer, String> {
    let value: Value =
        serde_json::from_str(line).map_err(|error| format!("it is not JSON ({error})"))?;
    let result = match asked.envelope {
        // serve's dialog answers Claude's questions bare; the hook's output is written here.
        Envelope::Bare | Envelope::InputRequest | Envelope::ClaudeCodeQuestions { .. } => value,
        Envelope::JsonRpc { .. } => {
            if !is_response_to(&value, asked.envelope) {
                return Err("it is not a JSON-RPC response to this request".into());
            }
            value
                .get("result")
                .cloned()
                .ok_or("it is not a JSON-RPC result")?
        }
        Envelope::ClaudeCodeHook { .. } => {
            let mut output = value
                .get("hookSpecificOutput")
                .and_then(Value::as_object)
                .cloned()
                .ok_or("it has no hookSpecificOutput")?;
            if output.remove("hookEventName") != Some(Value::from("Elicitation")) {
                return Err("it is not an Elicitation hook's output".into());
            }
            Value::Object(output)
        }
    };
    let result = result.as_object().ok_or("its result is not an object")?;
    if let Some(key) = result.keys().find(|k| *k != "action" && *k != "content") {
        return Err(format!("its result has {key:?}, which no answer has"));
    }
    let action = result.get("action").and_then(Value::as_str);
    match (action, result.get("content"), asked.shown) {
        (Some("decline"), None, _) => Ok(Answer::Decline),
        (Some("cancel"), None, _) => Ok(Answer::Cancel),
        (Some("accept"), None, Shown::Url(_)) => Ok(Answer::AcceptUrl),
        (Some("accept"), Some(Value::Object(content)), Shown::Form(form)) => {
            answer::check_content(form, content)?;
            Ok(Answer::Accept(content.clone()))
        }
        _ => Err("its action and content are no answer to this request".into()),
    }
}

/// Whether `value` is a JSON-RPC 2.0 response with our request's id.
fn is_response_to(value: &Value, envelope: &Envelope) -> bool {
    let Envelope::JsonRpc { id } = envelope else {
        return false;
    };
    let ours: Option<Value> = serde_json::from_str(id.as_json()).ok();
    value.get("jsonrpc") == Some(&Value::from("2.0")) && value.get("id") == ours.as_ref()
}

/// The code and message of serve's JSON-RPC error response, when it is one for our request.
fn refusal_of(line: &str, envelope: &Envelope) -> Option<(i64, String)> {
    let value: Value = serde_json::from_str(line).ok()?;
    if !is_response_to(&value, envelope) {
        return None;
    }
    let error = value.get("error")?;
    let code = error.get("code")?.as_i64()?;
    let message = error.get("message")?.as_str()?;
    Some((code, one_line(message)))
}

#[cfg(test)]
mod tests {
    use std::io::{Error, ErrorKind};

    use super::*;

    /// Regression (issue 43): whatever came back from the socket was printed with exit 0:
    /// forged, schema-breaking, non-JSON or two-line answers alike.
    #[test]
    fn only_an_answer_that_fits_the_request_is_taken() {
        let loaded = crate::model::load::load(
            br#"{"jsonrpc":"2.0","id":12345678901234567890123,"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{"n":{"type":"integer","maximum":9}},"required":["n"]}}}"#,
        );
        let shown = loaded.request.expect("a valid request");
        let asked = Asked {
            envelope: &loaded.envelope,
            shown: &shown,
        };
        let ok = |line: &str| answer_of(line, asked);
        assert_eq!(
            ok(
                r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"action":"accept","content":{"n":3}}}"#
            ),
            Ok(Answer::Accept(
                serde_json::json!({"n": 3})
                    .as_object()
                    .cloned()
                    .expect("an object")
            ))
        );
        assert_eq!(
            ok(r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"action":"decline"}}"#),
            Ok(Answer::Decline)
        );
        for bad in [
            "not json",
            "{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890123,\"result\":{\"action\":\"cancel\"}}\n{\"x\":1}",
            r#"{"jsonrpc":"2.0","id":1,"result":{"action":"cancel"}}"#,
            r#"{"action":"cancel"}"#,
            r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"action":"accept","content":{"n":10}}}"#,
            r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"action":"accept","content":{}}}"#,
            r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"action":"accept"}}"#,
            r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"action":"decline","content":{"n":1}}}"#,
            r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"action":"maybe"}}"#,
            r#"{"jsonrpc":"2.0","id":12345678901234567890123,"result":{"action":"cancel","x":1}}"#,
        ] {
            assert!(ok(bad).is_err(), "{bad}");
        }
        // A hook's answer is its output, and nothing else.
        let hook = Envelope::ClaudeCodeHook { server: None };
        let asked = Asked {
            envelope: &hook,
            shown: &shown,
        };
        assert_eq!(
            answer_of(
                r#"{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"cancel"}}"#,
                asked
            ),
            Ok(Answer::Cancel)
        );
        assert!(answer_of(r#"{"action":"cancel"}"#, asked).is_err());
    }

    #[test]
    fn a_socket_that_is_not_there_says_to_start_serve() {
        let target = Target::First("/run/form-elicitation/socket".into());
        let Unreached(line) = unreached(&target, &Error::from(ErrorKind::NotFound));
        assert!(
            line.starts_with("nothing answers at /run/form-elicitation/socket (")
                && line.contains("start `form-elicitation serve` on the desktop")
                && line.ends_with("unset FORM_ELICITATION_SOCKET to show the form here"),
            "{line}"
        );
    }

    /// A container's root that Docker maps to another user (userns-remap) finds serve's
    /// socket in a folder it may not enter: serve is running, so starting it is no fix.
    #[test]
    fn a_socket_this_user_may_not_use_says_who_may() {
        let target = Target::Only("/run/form-elicitation/socket".into());
        let Unreached(line) = unreached(&target, &Error::from(ErrorKind::PermissionDenied));
        assert!(
            line.starts_with("cannot use /run/form-elicitation/socket (")
                && line.contains("only the user it runs as and root")
                && line.contains("docker run --userns=host")
                && line.ends_with("drop --connect to show the form here")
                && !line.contains("start `form-elicitation serve`"),
            "{line}"
        );
    }
}

//! The asking side: the helper sends its request to `serve` instead of showing it itself, and
//! delivers what comes back as its own answer.

use std::io::BufReader;
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};

use super::protocol::{self, Header};
use crate::answer::Answer;
use crate::cancel::Cancel;
use crate::cli::DisplayOptions;
use crate::delivery::Delivery;
use crate::exit::Exit;

/// The environment variable that names `serve`'s socket.
pub const SOCKET_ENV: &str = "FORM_ELICITATION_SOCKET";

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

/// Sends `request` to the socket and delivers the answer that comes back; `Err` when nothing
/// answers there (the caller decides between exit 3 and showing the form here).
///
/// A cancel (a signal, the parent's death) closes the connection, so that the desktop's window
/// closes, and answers `cancel` here through `delivery`.
pub fn ask(
    target: &Target,
    request: &[u8],
    options: &DisplayOptions,
    cancel: &Cancel,
    delivery: &Delivery,
) -> Result<Exit, Unreached> {
    let path = target.path();
    let stream = UnixStream::connect(path).map_err(|error| unreached(target, &error))?;
    if let Ok(closer) = stream.try_clone() {
        cancel.set_waker(move || {
            let _ = closer.shutdown(Shutdown::Both);
        });
    }
    if cancel.is_cancelled() {
        return Ok(delivery.answer(&Answer::Cancel));
    }
    let header = Header::new(&super::serve::host_name(), options, request.len());
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
        Ok(reply) => delivery.relay(
            reply.line.as_deref(),
            reply.message.as_deref(),
            Exit::from_code(reply.exit),
        ),
        Err(error) => delivery.not_shown(
            Exit::Failure,
            &format!("the form's server at {} failed: {error}", path.display()),
        ),
    })
}

#[cfg(test)]
mod tests {
    use std::io::{Error, ErrorKind};

    use super::*;

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

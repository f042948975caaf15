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
    let stream = UnixStream::connect(path).map_err(|error| {
        let fix = match target {
            Target::Only(_) => "drop --connect to show the form here",
            Target::First(_) => "unset FORM_ELICITATION_SOCKET to show the form here",
        };
        Unreached(format!(
            "nothing answers at {} ({error}): start `form-elicitation serve` on the desktop \
             (or `systemctl --user enable --now form-elicitation.socket`) and forward its \
             socket, or {fix}",
            path.display()
        ))
    })?;
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

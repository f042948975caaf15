//! Who is at the other end of a Unix socket, as the kernel says (`SO_PEERCRED`): the one reader
//! of it, for serve (who connected, and the listener an asker is about to send to) and for the
//! session's search (whose X server or compositor a found display is).

use std::os::fd::{AsFd, AsRawFd as _};

/// The process at the other end of a socket and its user, from `SO_PEERCRED`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Credentials {
    /// Its process id in our PID namespace: 0 when it is in one we cannot see into.
    pub pid: i32,
    /// Its user id (as our user namespace maps it).
    pub uid: u32,
}

/// The credentials of `socket`'s peer, filled in by the kernel when the connection was made.
///
/// Read with libc rather than rustix: rustix's `UCred` holds the pid as a non-zero number, and
/// the kernel gives 0 for a peer in a PID namespace we cannot see into (an asker in a sandbox,
/// a server in a container), whose user is still known.
#[allow(unsafe_code)]
pub fn credentials(socket: impl AsFd) -> std::io::Result<Credentials> {
    let mut cred = libc::ucred {
        pid: 0,
        uid: 0,
        gid: 0,
    };
    let mut len = libc::socklen_t::try_from(std::mem::size_of::<libc::ucred>())
        .map_err(std::io::Error::other)?;
    // SAFETY: `cred` is a `ucred` that lives across the call and `len` is its size, as
    // SO_PEERCRED asks; the descriptor is borrowed, so open for the call.
    let done = unsafe {
        libc::getsockopt(
            socket.as_fd().as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_PEERCRED,
            (&raw mut cred).cast(),
            &raw mut len,
        )
    };
    if done != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(Credentials {
        pid: cred.pid,
        uid: cred.uid,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The connection's own credentials: this process, its user.
    #[test]
    fn credentials_name_the_connecting_process() {
        let (one, _other) = std::os::unix::net::UnixStream::pair().expect("a socket pair");
        let peer = credentials(&one).expect("credentials");
        assert_eq!(peer.pid, i32::try_from(std::process::id()).expect("a pid"));
        assert_eq!(peer.uid, rustix::process::getuid().as_raw());
    }
}

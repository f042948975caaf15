//! Who is at the other end of a connection to serve: an asker on this machine that serve can
//! see for itself, or one whose word about where it runs serve cannot check (another machine
//! through SSH, a container, a sandbox).
//!
//! The header's `host` is what the asker claims; nothing in the request can prove it. What
//! serve can check is the connection: `SO_PEERCRED` names the process that connected, and
//! `/proc` says which namespaces it lives in and what it runs under. An asker is local when
//! that process is visible here, shares serve's PID, mount, network and UTS namespaces, and
//! neither it nor anything it runs under (up to what serve itself runs under) is `ssh` or
//! `sshd`, the programs that carry a socket from another machine. Anything else (a pid of 0
//! from a PID namespace serve cannot see into, a namespace that differs or cannot be read, an
//! SSH forward) is a claim, and the window names the host as one.

use std::collections::BTreeSet;
use std::os::unix::net::UnixStream;

use crate::process::peer::credentials;

/// The namespaces an asker must share with serve to be this machine's, as `/proc/PID/ns`
/// names them: its processes, its files, its network and its host name.
const NAMESPACES: [&str; 4] = ["pid", "mnt", "net", "uts"];

/// The programs that carry a socket from another machine, by their process name
/// (`/proc/PID/comm`): the SSH client of a `RemoteForward` (`ssh -R`), and the SSH server of a
/// `LocalForward` to this machine (`sshd`; `sshd-session` since OpenSSH 9.8) or of a login
/// whose agents ask from here.
const CARRIERS: [&str; 4] = ["ssh", "sshd", "sshd-session", "dropbear"];

/// How far up the process tree the search for a carrier goes: deeper than any real tree.
const MAX_DEPTH: usize = 256;

/// Where a connection's asker is, as far as serve can tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A process of this machine, in serve's own namespaces, not behind SSH: shown as a local
    /// request, with no host.
    Local,
    /// Anything serve cannot check, and why: the window names the host it claims, as a claim.
    Unchecked(String),
}

/// What serve reads about processes: `/proc`, or a table in the tests.
pub trait Processes {
    /// The identity of process `pid`'s namespace `kind` (`pid:[4026531836]`), or `None` when
    /// it cannot be read (no such process, or one serve may not inspect).
    fn namespace(&self, pid: i32, kind: &str) -> Option<String>;
    /// Process `pid`'s name (`/proc/PID/comm`).
    fn name(&self, pid: i32) -> Option<String>;
    /// Process `pid`'s parent, 0 for the first process of its namespace.
    fn parent(&self, pid: i32) -> Option<i32>;
}

/// This machine's processes, as `/proc` shows them to serve.
pub struct Proc;

impl Processes for Proc {
    fn namespace(&self, pid: i32, kind: &str) -> Option<String> {
        let link = std::fs::read_link(format!("/proc/{pid}/ns/{kind}")).ok()?;
        Some(link.to_string_lossy().into_owned())
    }

    fn name(&self, pid: i32) -> Option<String> {
        let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
        Some(comm.trim_end_matches('\n').to_owned())
    }

    fn parent(&self, pid: i32) -> Option<i32> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The name may hold spaces and parentheses: the fields start after its last `)`.
        let (_, rest) = stat.rsplit_once(") ")?;
        rest.split(' ').nth(1)?.parse().ok()
    }
}

/// Where the asker on `stream` is: [`origin`] for its peer, seen from this process.
pub fn origin_of(stream: &UnixStream) -> Origin {
    match credentials(stream) {
        Ok(peer) => {
            let ours = i32::try_from(std::process::id()).unwrap_or(0);
            origin(peer.pid, ours, &Proc)
        }
        Err(error) => Origin::Unchecked(format!("cannot read who connected: {error}")),
    }
}

/// Where the asker whose process is `peer` is, seen from serve's process `ours` (see the
/// module's text).
pub fn origin(peer: i32, ours: i32, processes: &impl Processes) -> Origin {
    let unchecked = |why: String| Origin::Unchecked(why);
    if peer <= 0 {
        return unchecked("its process is in a PID namespace serve cannot see into".into());
    }
    for kind in NAMESPACES {
        match (
            processes.namespace(ours, kind),
            processes.namespace(peer, kind),
        ) {
            (Some(mine), Some(its)) if mine == its => {}
            (Some(_), Some(_)) => {
                return unchecked(format!("process {peer} is in another {kind} namespace"));
            }
            _ => {
                return unchecked(format!("cannot read process {peer}'s {kind} namespace"));
            }
        }
    }
    // What serve itself runs under is not the asker's way in: a serve started in an SSH
    // login serves the askers of that login as local ones.
    let under_serve = line_of(ours, processes);
    let mut pid = peer;
    for _ in 0..MAX_DEPTH {
        if under_serve.contains(&pid) {
            break;
        }
        let Some(name) = processes.name(pid) else {
            return unchecked(format!("cannot read the name of process {pid}"));
        };
        if CARRIERS.contains(&name.as_str()) {
            return unchecked(format!("it came through {name} (process {pid})"));
        }
        match processes.parent(pid) {
            Some(parent) if parent > 0 => pid = parent,
            Some(_) => break,
            None => return unchecked(format!("cannot read the parent of process {pid}")),
        }
    }
    Origin::Local
}

/// Process `pid` and everything it runs under.
fn line_of(pid: i32, processes: &impl Processes) -> BTreeSet<i32> {
    let mut line = BTreeSet::new();
    let mut pid = pid;
    while pid > 0 && line.len() < MAX_DEPTH && line.insert(pid) {
        pid = processes.parent(pid).unwrap_or(0);
    }
    line
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    /// A process table: each pid's name, parent and namespaces (all `host` unless named).
    #[derive(Default)]
    struct Table(BTreeMap<i32, (&'static str, i32, BTreeMap<&'static str, &'static str>)>);

    impl Table {
        fn with(mut self, pid: i32, name: &'static str, parent: i32) -> Self {
            self.0.insert(pid, (name, parent, BTreeMap::new()));
            self
        }

        fn in_ns(mut self, pid: i32, kind: &'static str, ns: &'static str) -> Self {
            self.0.get_mut(&pid).expect("a process").2.insert(kind, ns);
            self
        }
    }

    impl Processes for Table {
        fn namespace(&self, pid: i32, kind: &str) -> Option<String> {
            let (_, _, ns) = self.0.get(&pid)?;
            let ns = ns.get(kind).copied().unwrap_or("host");
            (ns != "hidden").then(|| format!("{kind}:[{ns}]"))
        }

        fn name(&self, pid: i32) -> Option<String> {
            self.0.get(&pid).map(|(name, _, _)| (*name).to_owned())
        }

        fn parent(&self, pid: i32) -> Option<i32> {
            self.0.get(&pid).map(|(_, parent, _)| *parent)
        }
    }

    /// A desktop: systemd, the user's manager running serve (100) and a terminal whose shell
    /// runs an agent (300, its asker 301); sshd (400) with a login (401, 402: its shell) and a
    /// desktop ssh client (500) that forwards a socket to another machine.
    fn desktop() -> Table {
        Table::default()
            .with(1, "systemd", 0)
            .with(50, "systemd", 1)
            .with(100, "form-elicitati", 50)
            .with(200, "gnome-terminal-", 50)
            .with(201, "bash", 200)
            .with(300, "claude", 201)
            .with(301, "form-elicitati", 300)
            .with(400, "sshd", 1)
            .with(401, "sshd-session", 400)
            .with(402, "bash", 401)
            .with(403, "form-elicitati", 402)
            .with(500, "ssh", 201)
    }

    fn is_local(origin: &Origin) -> bool {
        *origin == Origin::Local
    }

    /// Issue 54, item 13: an asker on the desktop itself was shown as another machine named
    /// after this one. Each way in, and what serve makes of it.
    #[test]
    fn an_asker_is_local_only_when_serve_can_see_it_is() {
        let table = desktop();
        assert_eq!(origin(301, 100, &table), Origin::Local);
        assert_eq!(origin(201, 100, &table), Origin::Local);
        // Through SSH: the client of `ssh -R`, and a login's asker or an `ssh -L` to here.
        for peer in [500, 403, 401] {
            let found = origin(peer, 100, &table);
            assert!(
                matches!(&found, Origin::Unchecked(why) if why.contains("came through ssh")),
                "{peer}: {found:?}"
            );
        }
        // A PID namespace serve cannot see into, and a process that is gone.
        assert!(!is_local(&origin(0, 100, &table)));
        assert!(!is_local(&origin(999, 100, &table)));
        // A sandbox or container: any one namespace apart, or one serve may not read.
        for kind in NAMESPACES {
            let table = desktop().in_ns(301, kind, "sandbox");
            let found = origin(301, 100, &table);
            assert!(
                matches!(&found, Origin::Unchecked(why) if why.contains(&format!("another {kind} namespace"))),
                "{kind}: {found:?}"
            );
            let table = desktop().in_ns(301, kind, "hidden");
            assert!(!is_local(&origin(301, 100, &table)), "{kind}");
        }
        // A serve started in an SSH login serves that login's askers as local ones, and
        // another login's as coming through SSH.
        let table = desktop()
            .with(404, "form-elicitati", 402)
            .with(410, "sshd-session", 400)
            .with(411, "bash", 410)
            .with(412, "form-elicitati", 411);
        assert_eq!(origin(403, 404, &table), Origin::Local);
        assert!(!is_local(&origin(412, 404, &table)));
    }

    /// The connection's own credentials: this process, its user.
    #[test]
    fn credentials_name_the_connecting_process() {
        let (one, _other) = UnixStream::pair().expect("a socket pair");
        let peer = credentials(&one).expect("credentials");
        assert_eq!(peer.pid, i32::try_from(std::process::id()).expect("a pid"));
        assert_eq!(peer.uid, rustix::process::getuid().as_raw());
        // This process, seen from itself: its own namespaces, and what it runs under is
        // serve's own line.
        assert_eq!(origin_of(&one), Origin::Local);
    }
}

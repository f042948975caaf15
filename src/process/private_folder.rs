//! A folder of the person's own for what is kept between runs (the proxy's sign-ins, the
//! drafts of forms the client stopped waiting for): under `$XDG_STATE_HOME/form-elicitation`
//! (default `~/.local/state/form-elicitation`), made 0700, reached only after checking it.
//!
//! The folder is opened without following a symbolic link and checked, on the opened folder
//! itself, to be this user's and writable by no one else; every name in it is then opened
//! relative to it, never following a link, and files are written only through a name created
//! there exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, 0600) and renamed over the old one. Another
//! user who could plant a link in the folder would otherwise read what is kept, or make us
//! write through a link to a file of theirs.

use std::fs::{self, DirBuilder};
use std::io::{Read as _, Write as _};
use std::os::fd::OwnedFd;
use std::os::unix::fs::DirBuilderExt as _;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use rustix::fs::{AtFlags, FileType, Mode, OFlags};
use rustix::io::Errno;

/// What a folder keeps, in the words its refusals use.
#[derive(Debug, Clone, Copy)]
pub struct Kept {
    /// What is kept, as "refusing to keep … in FOLDER" says it: "the sign-in".
    pub what: &'static str,
    /// The same, as "… are kept only in a folder of this user's" says it: "the tokens".
    pub items: &'static str,
}

/// `$XDG_STATE_HOME/form-elicitation` (an absolute `XDG_STATE_HOME` only, as the XDG spec
/// says), else `~/.local/state/form-elicitation`; `None` when neither variable says where.
pub fn state_home() -> Option<PathBuf> {
    std::env::var_os("XDG_STATE_HOME")
        .filter(|dir| Path::new(dir).is_absolute())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local/state"))
        })
        .map(|state| state.join("form-elicitation"))
}

/// The folder `dir`, made (0700, with its parents) when missing, opened and checked (see
/// [`open`]).
pub fn make(dir: &Path, kept: Kept) -> anyhow::Result<OwnedFd> {
    DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("creating {}", dir.display()))?;
    open(dir, kept)?.with_context(|| format!("{}: vanished as it was made", dir.display()))
}

/// Opens the folder `dir` (never through a symbolic link) and checks it is this user's and
/// that no one else can write to it; `None` when it does not exist. The check is made on the
/// opened folder itself, so the folder cannot be swapped between the check and its use.
pub fn open(dir: &Path, kept: Kept) -> anyhow::Result<Option<OwnedFd>> {
    let refuse = |why: String| {
        anyhow::anyhow!(
            "refusing to keep {} in {}: {why}; {} are kept only in a folder of this user's \
             that no one else can write",
            kept.what,
            dir.display(),
            kept.items
        )
    };
    let folder = match rustix::fs::open(
        dir,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    ) {
        Ok(folder) => folder,
        Err(Errno::NOENT) => return Ok(None),
        // Linux says ENOTDIR for a link opened with O_DIRECTORY|O_NOFOLLOW.
        Err(Errno::LOOP | Errno::NOTDIR) => {
            let link = fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink());
            return Err(refuse(
                if link {
                    "it is a symbolic link"
                } else {
                    "it is not a folder"
                }
                .into(),
            ));
        }
        Err(error) => return Err(error).with_context(|| format!("opening {}", dir.display())),
    };
    let stat = rustix::fs::fstat(&folder).with_context(|| format!("opening {}", dir.display()))?;
    let ours = rustix::process::geteuid().as_raw();
    if stat.st_uid != ours {
        return Err(refuse(format!(
            "it belongs to uid {}, not to this user (uid {ours})",
            stat.st_uid
        )));
    }
    let mode = stat.st_mode & 0o7777;
    if mode & 0o022 != 0 {
        return Err(refuse(format!(
            "others can write to it (mode {mode:04o}; `chmod go-w {}` makes it private)",
            dir.display()
        )));
    }
    Ok(Some(folder))
}

/// The bytes of the file `name` in the checked folder `dir` (at `path`, for messages), if
/// there is one: never through a symbolic link, and only a regular file of this user's.
pub fn read(dir: &OwnedFd, name: &str, path: &Path, kept: Kept) -> anyhow::Result<Option<Vec<u8>>> {
    let file = match rustix::fs::openat(
        dir,
        name,
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    ) {
        Ok(file) => file,
        Err(Errno::NOENT) => return Ok(None),
        Err(Errno::LOOP) => bail!(
            "refusing to read {} from {}: it is a symbolic link",
            kept.what,
            path.display()
        ),
        Err(error) => return Err(error).with_context(|| format!("reading {}", path.display())),
    };
    let stat = rustix::fs::fstat(&file).with_context(|| format!("reading {}", path.display()))?;
    let ours = rustix::process::geteuid().as_raw();
    if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile || stat.st_uid != ours {
        bail!(
            "refusing to read {} from {}: not a file of this user's (uid {ours})",
            kept.what,
            path.display()
        );
    }
    let mut bytes = Vec::new();
    fs::File::from(file)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {}", path.display()))?;
    Ok(Some(bytes))
}

/// Writes `bytes` as the file `name` of the checked folder `dir` (at `path`, for messages):
/// to a file created exclusively there, 0600 (a name already there, a leftover of a run that
/// died, is removed, never opened), then renamed over `name` (`path` is `dir` joined with
/// `name`): a symbolic link planted at
/// either name is replaced, never followed.
pub fn write(dir: &OwnedFd, name: &str, path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    // `tokens.json` is written through `tokens.tmpPID`.
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    let temporary_name = temporary
        .file_name()
        .and_then(|n| n.to_str())
        .context("the temporary file's name")?
        .to_owned();
    let create = || {
        rustix::fs::openat(
            dir,
            temporary_name.as_str(),
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::from_raw_mode(0o600),
        )
    };
    let file = match create() {
        Err(Errno::EXIST) => rustix::fs::unlinkat(dir, temporary_name.as_str(), AtFlags::empty())
            .and_then(|()| create()),
        other => other,
    }
    .with_context(|| format!("creating {}", temporary.display()))?;
    let mut file = fs::File::from(file);
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(anyhow::Error::from)
        .and_then(|()| {
            Ok(rustix::fs::renameat(
                dir,
                temporary_name.as_str(),
                dir,
                name,
            )?)
        });
    if written.is_err() {
        let _ = rustix::fs::unlinkat(dir, temporary_name.as_str(), AtFlags::empty());
    }
    written.with_context(|| format!("writing {}", path.display()))?;
    // The rename itself is kept across a crash only once the folder is on disk.
    let _ = rustix::fs::fsync(dir);
    Ok(())
}

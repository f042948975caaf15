//! Where sign-ins are kept between runs: the Secret Service when the session bus has one
//! (GNOME Keyring, KWallet: see [`super::keyring`]), else one JSON file readable only by the
//! person (`$XDG_STATE_HOME/form-elicitation/tokens.json`, mode 0600, its folder 0700), one
//! entry per server URL. `FORM_ELICITATION_TOKEN_STORE` (`auto`, `secret-service`, `file`)
//! chooses; `auto` is the default.
//!
//! The file is reached only through its folder, opened without following a symbolic link and
//! checked to be the person's own and writable by no one else; every name in it is then
//! opened relative to that folder, never following a link, and the tokens are written only
//! through a file created there exclusively. Another user who could plant a link in the folder
//! would otherwise read the tokens, or have `tokens.json` point at a file of theirs.

use std::collections::BTreeMap;
use std::fs;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context as _, bail};
use rustix::fs::{Mode, OFlags};

use crate::process::private_folder;

use super::keyring::Keyring;
pub use super::saved::Saved;

/// The environment variable that chooses the store.
pub const STORE_VARIABLE: &str = "FORM_ELICITATION_TOKEN_STORE";

/// Which store `FORM_ELICITATION_TOKEN_STORE` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// The Secret Service when the session bus has one, else the file.
    Auto,
    /// The Secret Service, or nothing kept at all.
    SecretService,
    /// The file, even when there is a Secret Service.
    File,
}

impl Choice {
    /// The choice named `value` (unset or empty: `auto`).
    pub fn parse(value: Option<&str>) -> anyhow::Result<Self> {
        match value.map(str::trim) {
            None | Some("" | "auto") => Ok(Self::Auto),
            Some("secret-service") => Ok(Self::SecretService),
            Some("file") => Ok(Self::File),
            Some(other) => bail!(
                "{STORE_VARIABLE}={other:?}: not a token store (auto, secret-service or file)"
            ),
        }
    }
}

/// Where the sign-ins are kept: the keyring, the file, or the keyring with the file beside it
/// (read once to move its sign-ins into the keyring, and cleared on sign-out).
#[derive(Debug)]
pub struct Store {
    keyring: Option<Keyring>,
    file: Option<TokenFile>,
    /// The keyring stayed locked once in this run (its prompt dismissed): it is not asked
    /// again, and nothing is written to the file instead.
    locked: AtomicBool,
}

impl Store {
    /// The store `FORM_ELICITATION_TOKEN_STORE` chooses; `note` hears why a Secret Service
    /// that is there cannot be used (`auto` then keeps the sign-ins in the file).
    pub fn open(note: impl Fn(&str)) -> anyhow::Result<Self> {
        let choice = Choice::parse(std::env::var(STORE_VARIABLE).ok().as_deref())?;
        let keyring = match choice {
            Choice::File => None,
            Choice::SecretService => Some(Keyring::connect()?.with_context(|| {
                format!(
                    "{STORE_VARIABLE}=secret-service, but the session bus has no Secret Service"
                )
            })?),
            Choice::Auto => Keyring::connect().unwrap_or_else(|error| {
                note(&format!("{error:#}; keeping the sign-in in a file instead"));
                None
            }),
        };
        let file = TokenFile::default_location();
        let file = match (&keyring, file) {
            (_, Ok(file)) => Some(file),
            (Some(_), Err(_)) => None,
            (None, Err(error)) => return Err(error),
        };
        Ok(Self {
            keyring,
            file,
            locked: AtomicBool::new(false),
        })
    }

    /// The file at `path` alone, whatever the environment says.
    pub fn file_at(path: PathBuf) -> Self {
        Self {
            keyring: None,
            file: Some(TokenFile::at(path)),
            locked: AtomicBool::new(false),
        }
    }

    /// The keyring, unless it stayed locked earlier in this run.
    fn keyring(&self) -> anyhow::Result<Option<&Keyring>> {
        if self.locked.load(Ordering::Relaxed) {
            bail!("the keyring stayed locked: the sign-in lasts as long as the proxy");
        }
        Ok(self.keyring.as_ref())
    }

    /// Remembers that the keyring stayed locked, when `result` says so.
    fn watch<T>(&self, result: anyhow::Result<T>) -> anyhow::Result<T> {
        if let Err(error) = &result
            && error
                .chain()
                .any(|e| e.to_string() == "the keyring stayed locked")
        {
            self.locked.store(true, Ordering::Relaxed);
        }
        result
    }

    /// What is kept for `server`, if anything. A sign-in found in the file while the keyring
    /// is there moves into the keyring.
    pub fn load(&self, server: &str) -> anyhow::Result<Option<Saved>> {
        let keyring = self.keyring()?;
        if let Some(keyring) = keyring
            && let Some(saved) = self.watch(keyring.load(server))?
        {
            return Ok(Some(saved));
        }
        let Some(file) = &self.file else {
            return Ok(None);
        };
        let saved = file.load(server)?;
        if let (Some(keyring), Some(saved)) = (keyring, &saved) {
            self.watch(keyring.save(server, saved, &label(server)))
                .with_context(|| {
                    format!(
                        "moving the sign-in for {server} from {} to the keyring",
                        file.path().display()
                    )
                })?;
            file.forget(server)?;
        }
        Ok(saved)
    }

    /// Keeps `saved` for `server`, in place of what was kept before.
    pub fn save(&self, server: &str, saved: &Saved) -> anyhow::Result<()> {
        match (self.keyring()?, &self.file) {
            (Some(keyring), _) => self.watch(keyring.save(server, saved, &label(server))),
            (None, Some(file)) => file.save(server, saved),
            (None, None) => bail!("no place to keep the sign-in"),
        }
    }

    /// Waits for, then holds, the sign-in lock of `server`: a file beside the token file
    /// (`sign-in-HASH.lock`, locked with flock), so that proxies started together sign in
    /// once, one after the other, and the later ones find the first one's tokens. The lock
    /// ends when the returned file is dropped (or its process ends). `None` when there is no
    /// folder for it (keyring alone, no HOME): the sign-in then goes ahead unlocked.
    pub fn lock(&self, server: &str) -> anyhow::Result<Option<fs::File>> {
        let file = match &self.file {
            Some(file) => file.clone(),
            None => match TokenFile::default_location() {
                Ok(file) => file,
                Err(_) => return Ok(None),
            },
        };
        let dir = file.folder()?;
        let name = format!("sign-in-{}.lock", super::pkce::challenge(server));
        let path = file.dir().join(&name);
        let lock = rustix::fs::openat(
            &dir,
            name.as_str(),
            OFlags::WRONLY | OFlags::CREATE | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::from_raw_mode(0o600),
        )
        .with_context(|| format!("opening {}", path.display()))?;
        let lock = fs::File::from(lock);
        lock.lock()
            .with_context(|| format!("locking {}", path.display()))?;
        Ok(Some(lock))
    }

    /// Forgets what is kept for `server`, in the keyring and in the file; true when there was
    /// something.
    pub fn forget(&self, server: &str) -> anyhow::Result<bool> {
        let mut had = false;
        if let Some(keyring) = self.keyring()? {
            had |= self.watch(keyring.forget(server))?;
        }
        if let Some(file) = &self.file {
            had |= file.forget(server)?;
        }
        Ok(had)
    }
}

/// The keyring item's label, which the person sees in the keyring's own window (Seahorse).
fn label(server: &str) -> String {
    let mut args = crate::i18n::Args::new();
    args.set("server", server.to_owned());
    crate::i18n::message("token-store-label", Some(&args))
}

/// The token file.
#[derive(Debug, Clone)]
pub struct TokenFile {
    path: PathBuf,
}

/// What the token file's folder keeps, in the words its refusals use.
const KEPT: private_folder::Kept = private_folder::Kept {
    what: "the sign-in",
    items: "the tokens",
};

impl TokenFile {
    /// The file under `$XDG_STATE_HOME` (default `~/.local/state`).
    pub fn default_location() -> anyhow::Result<Self> {
        let state = private_folder::state_home()
            .context("neither XDG_STATE_HOME nor HOME is set: no place to keep the sign-in")?;
        Ok(Self::at(state.join("tokens.json")))
    }

    /// The file at `path`.
    pub fn at(path: PathBuf) -> Self {
        Self { path }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's folder (its path's parent).
    fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// The file's name in its folder.
    fn name(&self) -> anyhow::Result<&str> {
        self.path
            .file_name()
            .and_then(|name| name.to_str())
            .with_context(|| format!("{}: not a file name", self.path.display()))
    }

    /// The folder, made (0700) when missing, opened and checked (see [`private_folder::open`]).
    fn folder(&self) -> anyhow::Result<OwnedFd> {
        private_folder::make(self.dir(), KEPT)
    }

    fn read_all(&self) -> anyhow::Result<BTreeMap<String, Saved>> {
        // No folder, no file: nothing kept, and nothing made just to find that out.
        let Some(dir) = private_folder::open(self.dir(), KEPT)? else {
            return Ok(BTreeMap::new());
        };
        let Some(bytes) = private_folder::read(&dir, self.name()?, &self.path, KEPT)? else {
            return Ok(BTreeMap::new());
        };
        serde_json::from_slice(&bytes)
            .with_context(|| format!("{}: not a token file", self.path.display()))
    }

    /// What is kept for `server`, if anything.
    pub fn load(&self, server: &str) -> anyhow::Result<Option<Saved>> {
        Ok(self.read_all()?.remove(server))
    }

    /// Keeps `saved` for `server`.
    pub fn save(&self, server: &str, saved: &Saved) -> anyhow::Result<()> {
        let mut all = self.read_all()?;
        all.insert(server.to_owned(), saved.clone());
        self.write_all(&all)
    }

    /// Forgets what is kept for `server`; true when something was there (the file is not
    /// written otherwise).
    pub fn forget(&self, server: &str) -> anyhow::Result<bool> {
        let mut all = self.read_all()?;
        let had = all.remove(server).is_some();
        if had {
            self.write_all(&all)?;
        }
        Ok(had)
    }

    /// Writes `all` whole through a file created exclusively in the checked folder (see
    /// [`private_folder::write`]).
    fn write_all(&self, all: &BTreeMap<String, Saved>) -> anyhow::Result<()> {
        let dir = self.folder()?;
        let text = serde_json::to_vec_pretty(all).context("the token file")?;
        private_folder::write(&dir, self.name()?, &self.path, &text)
    }
}

#[cfg(test)]
mod tests {
    use std::fs::DirBuilder;
    use std::os::unix::fs::{DirBuilderExt as _, PermissionsExt as _};

    use super::*;

    fn saved(token: &str) -> Saved {
        Saved {
            access_token: token.into(),
            refresh_token: Some("r".into()),
            expires_at: Some(10),
            scope: None,
            token_endpoint: "https://auth.example.com/token".into(),
            resource: "https://mcp.example.com/mcp".into(),
            client_id: "c".into(),
            client_secret: None,
            auth_method: "none".into(),
            issuer: None,
        }
    }

    #[test]
    fn the_token_file_is_private_and_keyed_by_server() {
        let dir = std::env::temp_dir().join(format!("fe-store-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let store = TokenFile::at(dir.join("form-elicitation/tokens.json"));
        assert_eq!(store.load("https://a/mcp").expect("reads"), None);
        // Nothing to forget writes nothing.
        assert!(!store.forget("https://a/mcp").expect("nothing to forget"));
        assert!(!store.path().exists());
        store.save("https://a/mcp", &saved("one")).expect("saves");
        store.save("https://b/mcp", &saved("two")).expect("saves");
        let mode = |p: &Path| fs::metadata(p).expect("exists").permissions().mode() & 0o777;
        assert_eq!(mode(store.path()), 0o600);
        assert_eq!(mode(&dir.join("form-elicitation")), 0o700);
        assert_eq!(
            store.load("https://a/mcp").expect("reads"),
            Some(saved("one"))
        );
        // Signing out of one server forgets it alone.
        assert!(store.forget("https://a/mcp").expect("forgets"));
        assert_eq!(store.load("https://a/mcp").expect("reads"), None);
        assert_eq!(
            store.load("https://b/mcp").expect("reads"),
            Some(saved("two"))
        );
        assert!(!store.forget("https://a/mcp").expect("nothing to forget"));
        let _ = fs::remove_dir_all(&dir);
    }

    /// A folder of its own for one test, removed when the test ends.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(test: &str) -> Self {
            let dir = std::env::temp_dir().join(format!("fe-store-{test}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            DirBuilder::new()
                .mode(0o700)
                .create(&dir)
                .expect("a scratch folder");
            Self(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn chmod(path: &Path, mode: u32) {
        fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod");
    }

    /// Regression (issue 54, 7): the temporary file was opened with O_CREAT|O_TRUNC, so a
    /// link planted at `tokens.tmpPID` had the tokens written into its target. Now the name is
    /// created exclusively: the link is removed, never followed, and its target is untouched.
    #[test]
    fn a_link_planted_at_the_temporary_name_is_not_followed() {
        let scratch = Scratch::new("planted");
        let target = scratch.0.join("theirs");
        fs::write(&target, "untouched").expect("the link's target");
        let folder = scratch.0.join("form-elicitation");
        DirBuilder::new()
            .mode(0o700)
            .create(&folder)
            .expect("the folder");
        let store = TokenFile::at(folder.join("tokens.json"));
        let temporary = folder.join(format!("tokens.tmp{}", std::process::id()));
        std::os::unix::fs::symlink(&target, &temporary).expect("the planted link");
        store
            .save("https://a/mcp", &saved("secret"))
            .expect("saves");
        assert_eq!(fs::read_to_string(&target).expect("reads"), "untouched");
        assert!(
            fs::symlink_metadata(&temporary).is_err(),
            "the link is gone"
        );
        let kept = fs::symlink_metadata(store.path()).expect("the token file");
        assert!(kept.file_type().is_file());
        assert_eq!(kept.permissions().mode() & 0o777, 0o600);
        assert_eq!(
            store.load("https://a/mcp").expect("reads"),
            Some(saved("secret"))
        );
    }

    /// A link at `tokens.json` itself (or a folder that is a link) is neither read nor written
    /// through: the file we would read could be anyone's.
    #[test]
    fn a_link_at_the_token_file_or_its_folder_is_refused() {
        let scratch = Scratch::new("links");
        let target = scratch.0.join("theirs.json");
        fs::write(&target, "{}").expect("the link's target");
        let folder = scratch.0.join("form-elicitation");
        DirBuilder::new()
            .mode(0o700)
            .create(&folder)
            .expect("the folder");
        let store = TokenFile::at(folder.join("tokens.json"));
        std::os::unix::fs::symlink(&target, store.path()).expect("the planted link");
        let error = store
            .save("https://a/mcp", &saved("secret"))
            .expect_err("refused");
        assert!(
            format!("{error:#}").contains("it is a symbolic link"),
            "{error:#}"
        );
        assert_eq!(fs::read_to_string(&target).expect("reads"), "{}");

        let linked = scratch.0.join("linked");
        std::os::unix::fs::symlink(&folder, &linked).expect("a linked folder");
        let store = TokenFile::at(linked.join("tokens.json"));
        let error = store.load("https://a/mcp").expect_err("refused");
        assert_eq!(
            format!("{error:#}"),
            format!(
                "refusing to keep the sign-in in {}: it is a symbolic link; the tokens are kept \
                 only in a folder of this user's that no one else can write",
                linked.display()
            )
        );
    }

    /// Regression (issue 54, 7): a folder that others can write was made 0700 only after the
    /// fact, when a link could already wait in it. Now it is refused, named, and left alone.
    #[test]
    fn a_folder_others_can_write_is_refused_by_name() {
        for mode in [0o770, 0o707, 0o777, 0o1777] {
            let scratch = Scratch::new(&format!("loose{mode:o}"));
            let folder = scratch.0.join("form-elicitation");
            DirBuilder::new()
                .mode(0o700)
                .create(&folder)
                .expect("the folder");
            chmod(&folder, mode);
            let store = TokenFile::at(folder.join("tokens.json"));
            let error = store
                .save("https://a/mcp", &saved("secret"))
                .expect_err("refused");
            assert_eq!(
                format!("{error:#}"),
                format!(
                    "refusing to keep the sign-in in {0}: others can write to it (mode {mode:04o}; \
                     `chmod go-w {0}` makes it private); the tokens are kept only in a folder of \
                     this user's that no one else can write",
                    folder.display()
                )
            );
            assert!(
                fs::read_dir(&folder).expect("lists").next().is_none(),
                "{mode:o}"
            );
            // Reading is refused the same way: a file there could have been planted.
            assert!(store.load("https://a/mcp").is_err());
            let lock = Store::file_at(store.path().to_owned()).lock("https://a/mcp");
            assert!(lock.is_err(), "{mode:o}");
        }
    }

    /// Regression (issue 54, 7): a folder of another user's was taken over with chmod (root
    /// may) and written. Now it is refused, naming it and its owner. Made with chown when the
    /// test runs as root; otherwise a folder root owns (`/usr`) is another user's already.
    #[test]
    fn a_folder_of_another_user_is_refused_by_name() {
        let scratch = Scratch::new("owner");
        let ours = rustix::process::geteuid().as_raw();
        let folder = if ours == 0 {
            // `nobody`'s uid: any uid but ours will do, whether or not a user has it.
            let folder = scratch.0.join("form-elicitation");
            DirBuilder::new()
                .mode(0o700)
                .create(&folder)
                .expect("the folder");
            std::os::unix::fs::chown(&folder, Some(65534), Some(65534)).expect("chown as root");
            folder
        } else {
            PathBuf::from("/usr")
        };
        let owner = fs::metadata(&folder).map(|m| std::os::unix::fs::MetadataExt::uid(&m));
        let store = TokenFile::at(folder.join("tokens.json"));
        let error = store
            .save("https://a/mcp", &saved("secret"))
            .expect_err("refused");
        assert_eq!(
            format!("{error:#}"),
            format!(
                "refusing to keep the sign-in in {}: it belongs to uid {}, not to this user \
                 (uid {ours}); the tokens are kept only in a folder of this user's that no one \
                 else can write",
                folder.display(),
                owner.expect("the owner")
            )
        );
        assert!(!store.path().exists());
    }

    /// `FORM_ELICITATION_TOKEN_STORE`: its three values, unset or empty as `auto`, and a
    /// clear error for anything else.
    #[test]
    fn the_store_is_chosen_by_its_variable() {
        for (value, choice) in [
            (None, Choice::Auto),
            (Some(""), Choice::Auto),
            (Some("auto"), Choice::Auto),
            (Some("secret-service"), Choice::SecretService),
            (Some("file"), Choice::File),
        ] {
            assert_eq!(Choice::parse(value).expect("a choice"), choice, "{value:?}");
        }
        let error = Choice::parse(Some("kwallet")).expect_err("not a store");
        assert_eq!(
            error.to_string(),
            r#"FORM_ELICITATION_TOKEN_STORE="kwallet": not a token store (auto, secret-service or file)"#
        );
    }
}

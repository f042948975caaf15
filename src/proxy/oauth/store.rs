//! Where sign-ins are kept between runs: the Secret Service when the session bus has one
//! (GNOME Keyring, KWallet: see [`super::keyring`]), else one JSON file readable only by the
//! person (`$XDG_STATE_HOME/form-elicitation/tokens.json`, mode 0600, its folder 0700), one
//! entry per server URL. `FORM_ELICITATION_TOKEN_STORE` (`auto`, `secret-service`, `file`)
//! chooses; `auto` is the default.

use std::collections::BTreeMap;
use std::fs::{self, DirBuilder, OpenOptions};
use std::io::Write as _;
use std::os::unix::fs::{DirBuilderExt as _, OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context as _, bail};

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
        let dir = file.path().parent().context("the token file's folder")?;
        DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .with_context(|| format!("creating {}", dir.display()))?;
        let path = dir.join(format!("sign-in-{}.lock", super::pkce::challenge(server)));
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .mode(0o600)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
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

impl TokenFile {
    /// The file under `$XDG_STATE_HOME` (default `~/.local/state`).
    pub fn default_location() -> anyhow::Result<Self> {
        let state = std::env::var_os("XDG_STATE_HOME")
            .filter(|dir| Path::new(dir).is_absolute())
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("HOME")
                    .filter(|h| !h.is_empty())
                    .map(|h| PathBuf::from(h).join(".local/state"))
            })
            .context("neither XDG_STATE_HOME nor HOME is set: no place to keep the sign-in")?;
        Ok(Self::at(state.join("form-elicitation/tokens.json")))
    }

    /// The file at `path`.
    pub fn at(path: PathBuf) -> Self {
        Self { path }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn read_all(&self) -> anyhow::Result<BTreeMap<String, Saved>> {
        match fs::read(&self.path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .with_context(|| format!("{}: not a token file", self.path.display())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(BTreeMap::new()),
            Err(error) => Err(error).with_context(|| format!("reading {}", self.path.display())),
        }
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

    fn write_all(&self, all: &BTreeMap<String, Saved>) -> anyhow::Result<()> {
        let dir = self.path.parent().context("the token file's folder")?;
        DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .with_context(|| format!("creating {}", dir.display()))?;
        // A folder made earlier by someone else keeps our tokens private all the same.
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))
            .with_context(|| format!("making {} private", dir.display()))?;
        let temporary = self
            .path
            .with_extension(format!("tmp{}", std::process::id()));
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&temporary)
            .with_context(|| format!("writing {}", temporary.display()))?;
        let text = serde_json::to_vec_pretty(all).context("the token file")?;
        file.write_all(&text)
            .and_then(|()| file.sync_all())
            .with_context(|| format!("writing {}", temporary.display()))?;
        fs::rename(&temporary, &self.path)
            .with_context(|| format!("writing {}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
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

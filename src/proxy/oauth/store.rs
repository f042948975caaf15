//! Where sign-ins are kept between runs: one JSON file readable only by the person
//! (`$XDG_STATE_HOME/form-elicitation/tokens.json`, mode 0600, its folder 0700), one entry
//! per server URL. The Secret Service (GNOME Keyring, KWallet) is a later step.

use std::collections::BTreeMap;
use std::fs::{self, DirBuilder, OpenOptions};
use std::io::Write as _;
use std::os::unix::fs::{DirBuilderExt as _, OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use serde::{Deserialize, Serialize};

/// What is kept for one server: the tokens and the client they were issued to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The bearer token.
    pub access_token: String,
    /// The token that gets a new one, when the server gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
    /// When the access token expires, in seconds since the Unix epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<u64>,
    /// The scopes asked for (a step-up adds to them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// The token endpoint, for refreshing.
    pub token_endpoint: String,
    /// The `resource` the tokens are for (RFC 8707).
    pub resource: String,
    /// The client the tokens were issued to.
    pub client_id: String,
    /// Its secret, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    /// How it proves itself at the token endpoint.
    pub auth_method: String,
}

/// The token file.
#[derive(Debug, Clone)]
pub struct Store {
    path: PathBuf,
}

impl Store {
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

    /// Keeps `saved` for `server` (`None` forgets it); true when something was there before.
    pub fn save(&self, server: &str, saved: Option<&Saved>) -> anyhow::Result<bool> {
        let mut all = self.read_all()?;
        let had = match saved {
            Some(saved) => all.insert(server.to_owned(), saved.clone()).is_some(),
            None => all.remove(server).is_some(),
        };
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
        let text = serde_json::to_vec_pretty(&all).context("the token file")?;
        file.write_all(&text)
            .and_then(|()| file.sync_all())
            .with_context(|| format!("writing {}", temporary.display()))?;
        fs::rename(&temporary, &self.path)
            .with_context(|| format!("writing {}", self.path.display()))?;
        Ok(had)
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
        }
    }

    #[test]
    fn the_token_file_is_private_and_keyed_by_server() {
        let dir = std::env::temp_dir().join(format!("fe-store-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let store = Store::at(dir.join("form-elicitation/tokens.json"));
        assert_eq!(store.load("https://a/mcp").expect("reads"), None);
        assert!(
            !store
                .save("https://a/mcp", Some(&saved("one")))
                .expect("saves")
        );
        store
            .save("https://b/mcp", Some(&saved("two")))
            .expect("saves");
        let mode = |p: &Path| fs::metadata(p).expect("exists").permissions().mode() & 0o777;
        assert_eq!(mode(store.path()), 0o600);
        assert_eq!(mode(&dir.join("form-elicitation")), 0o700);
        assert_eq!(
            store.load("https://a/mcp").expect("reads"),
            Some(saved("one"))
        );
        // Signing out of one server forgets it alone.
        assert!(store.save("https://a/mcp", None).expect("forgets"));
        assert_eq!(store.load("https://a/mcp").expect("reads"), None);
        assert_eq!(
            store.load("https://b/mcp").expect("reads"),
            Some(saved("two"))
        );
        assert!(
            !store
                .save("https://a/mcp", None)
                .expect("nothing to forget")
        );
        let _ = fs::remove_dir_all(&dir);
    }
}

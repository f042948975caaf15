//! The Secret Service (GNOME Keyring, KWallet, KeePassXC) over D-Bus: where a desktop keeps
//! secrets, and so where the proxy keeps its sign-ins when the session bus has one.
//!
//! The API is small, so this module speaks it with zbus (already in the binary for the
//! window's accessibility) rather than through another crate: a `plain` session (the secret
//! travels over the session bus, which only the person's own processes can reach), items
//! found by their attributes, created with `replace`, unlocked and deleted through the
//! service's prompts. Each item holds one server's [`Saved`] as JSON.

use std::collections::HashMap;
use std::time::Duration;

use anyhow::{Context as _, bail};
use futures_lite::StreamExt as _;
use zbus::zvariant::{ObjectPath, OwnedObjectPath, OwnedValue, Value};
use zbus::{Connection, MatchRule, MessageStream};

use super::store::Saved;

const SERVICE: &str = "org.freedesktop.secrets";
const SERVICE_PATH: &str = "/org/freedesktop/secrets";
const SERVICE_IFACE: &str = "org.freedesktop.Secret.Service";
const COLLECTION_IFACE: &str = "org.freedesktop.Secret.Collection";
const ITEM_IFACE: &str = "org.freedesktop.Secret.Item";
const PROMPT_IFACE: &str = "org.freedesktop.Secret.Prompt";
/// The attribute every item of ours has, so that `secret-tool search application
/// form-elicitation` lists them all.
const APPLICATION: &str = "form-elicitation";
/// How long a call may take before the service is taken for stuck (D-Bus's own default).
const CALL_TIMEOUT: Duration = Duration::from_secs(25);
/// How long the person has to answer the keyring's own unlock prompt; after that the keyring
/// counts as locked, as when they dismiss it.
const PROMPT_TIMEOUT: Duration = Duration::from_secs(120);

/// A secret as the Secret Service carries it: session, parameters, value, content type.
type Secret = (OwnedObjectPath, Vec<u8>, Vec<u8>, String);

/// A connection to the Secret Service, with its session open.
#[derive(Debug)]
pub struct Keyring {
    connection: Connection,
    session: OwnedObjectPath,
    /// The collection new items go to: the "default" alias, usually the login keyring.
    collection: OwnedObjectPath,
}

impl Keyring {
    /// The Secret Service on the session bus; `None` when there is no session bus or no
    /// service on it (not running and not activatable), an error when it is there but refuses
    /// or has no default collection (a keyring daemon started where no one ever made one).
    pub fn connect() -> anyhow::Result<Option<Self>> {
        zbus::block_on(async {
            let Ok(builder) = zbus::connection::Builder::session() else {
                return Ok(None);
            };
            let Ok(connection) = builder.method_timeout(CALL_TIMEOUT).build().await else {
                return Ok(None);
            };
            if !has_service(&connection).await? {
                return Ok(None);
            }
            let reply = connection
                .call_method(
                    Some(SERVICE),
                    SERVICE_PATH,
                    Some(SERVICE_IFACE),
                    "ReadAlias",
                    &("default",),
                )
                .await
                .context("the Secret Service: ReadAlias")?;
            let collection: OwnedObjectPath = reply
                .body()
                .deserialize()
                .context("the Secret Service: ReadAlias's answer")?;
            if collection.as_str() == "/" {
                bail!("the Secret Service has no default collection to keep the sign-in in");
            }
            let reply = connection
                .call_method(
                    Some(SERVICE),
                    SERVICE_PATH,
                    Some(SERVICE_IFACE),
                    "OpenSession",
                    &("plain", Value::from("")),
                )
                .await
                .context("the Secret Service: OpenSession")?;
            let (_, session): (OwnedValue, OwnedObjectPath) = reply
                .body()
                .deserialize()
                .context("the Secret Service: OpenSession's answer")?;
            Ok(Some(Self {
                connection,
                session,
                collection,
            }))
        })
    }

    /// What is kept for `server`, if anything (unlocking it first, which may ask the person).
    pub fn load(&self, server: &str) -> anyhow::Result<Option<Saved>> {
        zbus::block_on(async {
            let Some(item) = self.items(server).await?.into_iter().next() else {
                return Ok(None);
            };
            let reply = self
                .connection
                .call_method(
                    Some(SERVICE),
                    &item,
                    Some(ITEM_IFACE),
                    "GetSecret",
                    &(&self.session,),
                )
                .await
                .context("the Secret Service: GetSecret")?;
            let (_, _, value, _): Secret = reply
                .body()
                .deserialize()
                .context("the Secret Service: GetSecret's answer")?;
            let saved = serde_json::from_slice(&value)
                .with_context(|| format!("the keyring's item for {server} is not a sign-in"))?;
            Ok(Some(saved))
        })
    }

    /// Keeps `saved` for `server` in the default collection, in place of what was there.
    pub fn save(&self, server: &str, saved: &Saved, label: &str) -> anyhow::Result<()> {
        zbus::block_on(async {
            let collection = self.default_collection().await?;
            let attributes = attributes(server);
            let properties: HashMap<&str, Value<'_>> = HashMap::from([
                ("org.freedesktop.Secret.Item.Label", Value::from(label)),
                (
                    "org.freedesktop.Secret.Item.Attributes",
                    Value::from(attributes),
                ),
            ]);
            let value = serde_json::to_vec(saved).context("the sign-in")?;
            let secret = (
                self.session.as_ref(),
                Vec::<u8>::new(),
                value,
                "application/json",
            );
            let reply = self
                .connection
                .call_method(
                    Some(SERVICE),
                    collection,
                    Some(COLLECTION_IFACE),
                    "CreateItem",
                    &(properties, secret, true),
                )
                .await
                .context("the Secret Service: CreateItem")?;
            let (item, prompt): (OwnedObjectPath, OwnedObjectPath) = reply
                .body()
                .deserialize()
                .context("the Secret Service: CreateItem's answer")?;
            if item.as_str() == "/" {
                self.prompt(&prompt)
                    .await
                    .context("the keyring did not keep the sign-in")?;
            }
            Ok(())
        })
    }

    /// Forgets what is kept for `server`; true when something was there.
    pub fn forget(&self, server: &str) -> anyhow::Result<bool> {
        zbus::block_on(async {
            let items = self.items(server).await?;
            for item in &items {
                let reply = self
                    .connection
                    .call_method(Some(SERVICE), item, Some(ITEM_IFACE), "Delete", &())
                    .await
                    .context("the Secret Service: Delete")?;
                let prompt: OwnedObjectPath = reply
                    .body()
                    .deserialize()
                    .context("the Secret Service: Delete's answer")?;
                self.prompt(&prompt)
                    .await
                    .context("the keyring did not forget the sign-in")?;
            }
            Ok(!items.is_empty())
        })
    }

    /// The items kept for `server`, unlocked.
    async fn items(&self, server: &str) -> anyhow::Result<Vec<OwnedObjectPath>> {
        let reply = self
            .connection
            .call_method(
                Some(SERVICE),
                SERVICE_PATH,
                Some(SERVICE_IFACE),
                "SearchItems",
                &(attributes(server),),
            )
            .await
            .context("the Secret Service: SearchItems")?;
        let (mut unlocked, locked): (Vec<OwnedObjectPath>, Vec<OwnedObjectPath>) = reply
            .body()
            .deserialize()
            .context("the Secret Service: SearchItems's answer")?;
        if !locked.is_empty() {
            self.unlock(&locked).await?;
            unlocked.extend(locked);
        }
        Ok(unlocked)
    }

    /// The default collection, unlocked.
    async fn default_collection(&self) -> anyhow::Result<&OwnedObjectPath> {
        let collection = &self.collection;
        let reply = self
            .connection
            .call_method(
                Some(SERVICE),
                collection,
                Some("org.freedesktop.DBus.Properties"),
                "Get",
                &(COLLECTION_IFACE, "Locked"),
            )
            .await
            .context("the Secret Service: the collection's Locked")?;
        let locked: OwnedValue = reply
            .body()
            .deserialize()
            .context("the Secret Service: the collection's Locked")?;
        if bool::try_from(locked).unwrap_or(true) {
            self.unlock(std::slice::from_ref(collection)).await?;
        }
        Ok(collection)
    }

    /// Unlocks `objects`, through the service's prompt when it has one.
    async fn unlock(&self, objects: &[OwnedObjectPath]) -> anyhow::Result<()> {
        let reply = self
            .connection
            .call_method(
                Some(SERVICE),
                SERVICE_PATH,
                Some(SERVICE_IFACE),
                "Unlock",
                &(objects,),
            )
            .await
            .context("the Secret Service: Unlock")?;
        let (_, prompt): (Vec<OwnedObjectPath>, OwnedObjectPath) = reply
            .body()
            .deserialize()
            .context("the Secret Service: Unlock's answer")?;
        self.prompt(&prompt)
            .await
            .context("the keyring stayed locked")
    }

    /// Shows the service's prompt at `path` (none when it is "/") and waits for the person:
    /// an error when they dismiss it or let it be.
    async fn prompt(&self, path: &ObjectPath<'_>) -> anyhow::Result<()> {
        if path.as_str() == "/" {
            return Ok(());
        }
        // Listen before asking, so that a prompt answered at once is not missed.
        let rule = MatchRule::builder()
            .msg_type(zbus::message::Type::Signal)
            .interface(PROMPT_IFACE)?
            .member("Completed")?
            .path(path.clone())?
            .build();
        let mut completed = MessageStream::for_match_rule(rule, &self.connection, Some(1))
            .await
            .context("the Secret Service: waiting for its prompt")?;
        self.connection
            .call_method(Some(SERVICE), path, Some(PROMPT_IFACE), "Prompt", &("",))
            .await
            .context("the Secret Service: Prompt")?;
        let answer = async { Some(completed.next().await) };
        let timeout = async {
            async_io::Timer::after(PROMPT_TIMEOUT).await;
            None
        };
        let Some(Some(message)) = futures_lite::future::or(answer, timeout).await else {
            bail!(
                "no answer to the keyring's prompt in {} s",
                PROMPT_TIMEOUT.as_secs()
            );
        };
        let message = message.context("the Secret Service: its prompt")?;
        let (dismissed, _): (bool, OwnedValue) = message
            .body()
            .deserialize()
            .context("the Secret Service: its prompt's answer")?;
        if dismissed {
            bail!("the keyring's prompt was dismissed");
        }
        Ok(())
    }
}

/// Whether the bus has the Secret Service, running or to be started on the first call.
async fn has_service(connection: &Connection) -> anyhow::Result<bool> {
    const BUS: &str = "org.freedesktop.DBus";
    const BUS_PATH: &str = "/org/freedesktop/DBus";
    let running: bool = connection
        .call_method(Some(BUS), BUS_PATH, Some(BUS), "NameHasOwner", &(SERVICE,))
        .await
        .context("the session bus: NameHasOwner")?
        .body()
        .deserialize()
        .context("the session bus: NameHasOwner's answer")?;
    if running {
        return Ok(true);
    }
    let activatable: Vec<String> = connection
        .call_method(Some(BUS), BUS_PATH, Some(BUS), "ListActivatableNames", &())
        .await
        .context("the session bus: ListActivatableNames")?
        .body()
        .deserialize()
        .context("the session bus: ListActivatableNames's answer")?;
    Ok(activatable.iter().any(|name| name == SERVICE))
}

/// The attributes that find the item of `server`: ours, and the server's URL as given to
/// `--url`.
fn attributes(server: &str) -> HashMap<&str, &str> {
    HashMap::from([("application", APPLICATION), ("server", server)])
}

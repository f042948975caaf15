//! The Secret Service (GNOME Keyring, KWallet, KeePassXC) over D-Bus: where a desktop keeps
//! secrets, and so where the proxy keeps its sign-ins when the session bus has one.
//!
//! The API is small, so this module speaks it with zbus (already in the binary for the
//! window's accessibility) rather than through another crate: a `plain` session (the secret
//! travels over the session bus, which only the person's own processes can reach), items
//! found by their attributes, created with `replace`, unlocked and deleted through the
//! service's prompts. Each item holds one server's [`Saved`] as JSON.
//!
//! Every call goes through [`call`], its arguments and answer as zvariant values: one
//! serializer for all of them (the one the accessibility code already has) instead of one per
//! signature: the release binary grows by 104 KB rather than 190 KB.

use std::collections::HashMap;
use std::time::Duration;

use anyhow::{Context as _, bail};
use futures_lite::StreamExt as _;
use zbus::zvariant::{ObjectPath, OwnedObjectPath, Structure, StructureBuilder, Value};
use zbus::{Connection, MatchRule, Message, MessageStream};

use super::saved::Saved;

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
/// A prompt that ends "dismissed" sooner than this was never seen: no person reads and closes
/// a dialog that fast, while a prompter that cannot open its window (gcr-prompter with no
/// `DISPLAY` or `WAYLAND_DISPLAY` in the session bus's activation environment) ends the
/// prompt in a few milliseconds, and GNOME Keyring reports that as dismissed too.
const PROMPT_AT_ONCE: Duration = Duration::from_millis(700);
/// What a prompt that ended at once says (see [`PROMPT_AT_ONCE`]).
pub const PROMPT_NOT_SHOWN: &str = "the keyring's unlock prompt could not be shown (it closed at \
     once: the keyring's prompter needs DISPLAY or WAYLAND_DISPLAY in the session bus's \
     activation environment, which `dbus-update-activation-environment --systemd DISPLAY \
     WAYLAND_DISPLAY` sets)";

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
            let service = |method, args| {
                call(
                    &connection,
                    SERVICE,
                    SERVICE_PATH,
                    SERVICE_IFACE,
                    method,
                    args,
                )
            };
            let answer = service("ReadAlias", vec![Value::from("default")]).await?;
            let collection = object_path(answer, 0)?;
            if collection.as_str() == "/" {
                bail!("the Secret Service has no default collection to keep the sign-in in");
            }
            // The input of the `plain` algorithm is an empty string, in a variant.
            let input = Value::Value(Box::new(Value::from("")));
            let answer = service("OpenSession", vec![Value::from("plain"), input]).await?;
            let session = object_path(answer, 1)?;
            Ok(Some(Self {
                connection,
                session,
                collection,
            }))
        })
    }

    /// A call to the Secret Service.
    async fn call(
        &self,
        path: &str,
        interface: &str,
        method: &str,
        args: Vec<Value<'_>>,
    ) -> anyhow::Result<Vec<Value<'static>>> {
        call(&self.connection, SERVICE, path, interface, method, args).await
    }

    /// What is kept for `server`, if anything (unlocking it first, which may ask the person).
    pub fn load(&self, server: &str) -> anyhow::Result<Option<Saved>> {
        zbus::block_on(async {
            let items = self.items(server).await.map_err(|error| {
                // The sign-in is there, behind the lock: say that unlocking would spare the
                // person a new sign-in in the browser.
                if error
                    .chain()
                    .any(|e| e.to_string() == "the keyring stayed locked")
                {
                    error.context(format!(
                        "a sign-in for {server} is kept in the keyring, which is locked: \
                         unlocking the keyring (then starting the proxy again) would use it \
                         instead of a new sign-in in the browser"
                    ))
                } else {
                    error
                }
            })?;
            let Some(item) = items.into_iter().next() else {
                return Ok(None);
            };
            let session = Value::from(self.session.as_ref());
            let answer = self
                .call(&item, ITEM_IFACE, "GetSecret", vec![session])
                .await?;
            // One argument, the secret: (session, parameters, value, content type). A body
            // that is one structure reads as that structure's fields.
            let secret = match answer.len() {
                1 => field(answer, 0)
                    .and_then(|secret| Ok(Structure::try_from(secret)?.into_fields())),
                _ => Ok(answer),
            };
            let secret = secret.and_then(|fields| Ok(Vec::<u8>::try_from(field(fields, 2)?)?));
            let value = secret.context("the Secret Service: GetSecret's answer")?;
            let saved = serde_json::from_slice(&value)
                .with_context(|| format!("the keyring's item for {server} is not a sign-in"))?;
            Ok(Some(saved))
        })
    }

    /// Keeps `saved` for `server` in the default collection, in place of what was there.
    pub fn save(&self, server: &str, saved: &Saved, label: &str) -> anyhow::Result<()> {
        zbus::block_on(async {
            let collection = self.default_collection().await?;
            let properties: HashMap<&str, Value<'_>> = HashMap::from([
                ("org.freedesktop.Secret.Item.Label", Value::from(label)),
                (
                    "org.freedesktop.Secret.Item.Attributes",
                    Value::from(attributes(server)),
                ),
            ]);
            let value = serde_json::to_vec(saved).context("the sign-in")?;
            let secret = StructureBuilder::new()
                .add_field(self.session.as_ref())
                .add_field(Vec::<u8>::new())
                .add_field(value)
                .add_field("application/json")
                .build()
                .context("the secret")?;
            let args = vec![
                Value::from(properties),
                Value::from(secret),
                Value::from(true),
            ];
            let answer = self
                .call(collection, COLLECTION_IFACE, "CreateItem", args)
                .await?;
            let item = object_path(answer.clone(), 0)?;
            if item.as_str() == "/" {
                self.prompt(object_path(answer, 1)?)
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
                let answer = self.call(item, ITEM_IFACE, "Delete", vec![]).await?;
                self.prompt(object_path(answer, 0)?)
                    .await
                    .context("the keyring did not forget the sign-in")?;
            }
            Ok(!items.is_empty())
        })
    }

    /// The items kept for `server`, unlocked.
    async fn items(&self, server: &str) -> anyhow::Result<Vec<OwnedObjectPath>> {
        let attributes = Value::from(attributes(server));
        let answer = self
            .call(SERVICE_PATH, SERVICE_IFACE, "SearchItems", vec![attributes])
            .await?;
        let mut unlocked = object_paths(answer.clone(), 0)?;
        let locked = object_paths(answer, 1)?;
        if !locked.is_empty() {
            self.unlock(&locked).await?;
            unlocked.extend(locked);
        }
        Ok(unlocked)
    }

    /// The default collection, unlocked.
    async fn default_collection(&self) -> anyhow::Result<&OwnedObjectPath> {
        let collection = &self.collection;
        let args = vec![Value::from(COLLECTION_IFACE), Value::from("Locked")];
        let answer = self
            .call(collection, "org.freedesktop.DBus.Properties", "Get", args)
            .await?;
        // The property comes in a variant.
        let locked = match field(answer, 0)? {
            Value::Value(inner) => bool::try_from(*inner),
            other => bool::try_from(other),
        };
        if locked.unwrap_or(true) {
            self.unlock(std::slice::from_ref(collection)).await?;
        }
        Ok(collection)
    }

    /// Unlocks `objects`, through the service's prompt when it has one.
    async fn unlock(&self, objects: &[OwnedObjectPath]) -> anyhow::Result<()> {
        let objects: Vec<ObjectPath<'_>> = objects.iter().map(|o| o.as_ref()).collect();
        let answer = self
            .call(
                SERVICE_PATH,
                SERVICE_IFACE,
                "Unlock",
                vec![Value::from(objects)],
            )
            .await?;
        self.prompt(object_path(answer, 1)?)
            .await
            .context("the keyring stayed locked")
    }

    /// Shows the service's prompt at `path` (none when it is "/") and waits for the person:
    /// an error when they dismiss it or let it be.
    async fn prompt(&self, path: OwnedObjectPath) -> anyhow::Result<()> {
        if path.as_str() == "/" {
            return Ok(());
        }
        // Listen before asking, so that a prompt answered at once is not missed.
        let rule = MatchRule::builder()
            .msg_type(zbus::message::Type::Signal)
            .interface(PROMPT_IFACE)?
            .member("Completed")?
            .path(path.as_ref())?
            .build();
        let mut completed = MessageStream::for_match_rule(rule, &self.connection, Some(1))
            .await
            .context("the Secret Service: waiting for its prompt")?;
        let asked = std::time::Instant::now();
        self.call(&path, PROMPT_IFACE, "Prompt", vec![Value::from("")])
            .await?;
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
        // Completed(dismissed, result)
        let dismissed = field(fields(&message)?, 0)
            .and_then(|v| Ok(bool::try_from(v)?))
            .context("the Secret Service: its prompt's answer")?;
        if dismissed && asked.elapsed() < PROMPT_AT_ONCE {
            bail!(PROMPT_NOT_SHOWN);
        }
        if dismissed {
            bail!("the keyring's prompt was dismissed");
        }
        Ok(())
    }
}

/// One method call, with its arguments as values; the answer's values.
async fn call(
    connection: &Connection,
    destination: &str,
    path: &str,
    interface: &str,
    method: &str,
    args: Vec<Value<'_>>,
) -> anyhow::Result<Vec<Value<'static>>> {
    let what = || format!("{destination}: {method}");
    let reply = if args.is_empty() {
        connection
            .call_method(Some(destination), path, Some(interface), method, &())
            .await
    } else {
        let mut body = StructureBuilder::new();
        for arg in args {
            body = body.append_field(arg);
        }
        let body = body.build().with_context(what)?;
        connection
            .call_method(Some(destination), path, Some(interface), method, &body)
            .await
    };
    let reply = reply.with_context(what)?;
    fields(&reply).with_context(|| format!("{destination}: {method}'s answer"))
}

/// The values of a message's body.
fn fields(message: &Message) -> anyhow::Result<Vec<Value<'static>>> {
    let body = message.body();
    if body.is_empty() {
        return Ok(Vec::new());
    }
    let structure: Structure<'_> = body.deserialize()?;
    Ok(structure
        .into_fields()
        .into_iter()
        .map(|value| value.try_into_owned().map(Value::from))
        .collect::<Result<_, _>>()?)
}

/// The answer's value at `index`.
fn field(answer: Vec<Value<'static>>, index: usize) -> anyhow::Result<Value<'static>> {
    answer
        .into_iter()
        .nth(index)
        .with_context(|| format!("no value {index} in the answer"))
}

/// The answer's object path at `index`.
fn object_path(answer: Vec<Value<'static>>, index: usize) -> anyhow::Result<OwnedObjectPath> {
    Ok(OwnedObjectPath::try_from(field(answer, index)?)?)
}

/// The answer's list of object paths at `index`.
fn object_paths(answer: Vec<Value<'static>>, index: usize) -> anyhow::Result<Vec<OwnedObjectPath>> {
    Ok(Vec::<OwnedObjectPath>::try_from(field(answer, index)?)?)
}

/// Whether the bus has the Secret Service, running or to be started on the first call.
async fn has_service(connection: &Connection) -> anyhow::Result<bool> {
    const BUS: &str = "org.freedesktop.DBus";
    const BUS_PATH: &str = "/org/freedesktop/DBus";
    let answer = call(
        connection,
        BUS,
        BUS_PATH,
        BUS,
        "NameHasOwner",
        vec![Value::from(SERVICE)],
    )
    .await?;
    if bool::try_from(field(answer, 0)?)? {
        return Ok(true);
    }
    let answer = call(
        connection,
        BUS,
        BUS_PATH,
        BUS,
        "ListActivatableNames",
        vec![],
    )
    .await?;
    let names = Vec::<String>::try_from(field(answer, 0)?)?;
    Ok(names.iter().any(|name| name == SERVICE))
}

/// The attributes that find the item of `server`: ours, and the server's URL as given to
/// `--url`.
fn attributes(server: &str) -> HashMap<&str, &str> {
    HashMap::from([("application", APPLICATION), ("server", server)])
}

//! Drafts: what the person typed into a form that closed without their answer (a `--timeout`,
//! a signal from the caller, the parent's death, the answer's reader gone, a proxy call the
//! client cancelled), kept so that the same server asking the same form again gets it back.
//!
//! A draft is kept for one asker and one form ([`Key`]: who asks and what it came through, as
//! the form shows them, and the SHA-256 of the message and `requestedSchema` as given), for
//! [`KEPT_FOR`], in a private folder of the person's (`$XDG_STATE_HOME/form-elicitation/drafts`,
//! 0700, one file 0600 per draft, see [`crate::process::private_folder`]). The form opens filled with it
//! and says so in one line; nothing is sent until the person presses Submit. Whatever the
//! person ends themselves (Submit, Decline, Cancel, closing the window) removes the draft.
//! Never for URL mode: there is nothing typed to keep. `--drafts off` turns it all off.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::Context as _;
use rustix::fs::{AtFlags, FileType};
use serde::{Deserialize, Serialize};

use crate::model::form::{FieldKind, Form};
use crate::model::validate::FieldState;
use crate::process::private_folder::{self, Kept};

/// How long a draft is kept: a day, long enough for the model's next call or the person's
/// next session, short enough that typed text does not linger.
pub const KEPT_FOR: Duration = Duration::from_secs(24 * 60 * 60);

/// What the drafts' folder keeps, in the words its refusals use.
const KEPT: Kept = Kept {
    what: "a draft",
    items: "drafts",
};

/// Which asker and which form a draft is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    /// The draft's file name: the hex SHA-256 of who asks, what it came through and the form's
    /// digest, so that no name we are given becomes a path.
    file: String,
}

impl Key {
    /// The key of `form` asked by `server` (as shown) through `via` (as shown).
    pub fn new(server: Option<&str>, via: Option<&str>, form: &Form) -> Self {
        // JSON keeps the three apart: no server name can end where a via begins.
        let named = serde_json::json!([server, via, hex(&form.digest)]).to_string();
        let digest = ring::digest::digest(&ring::digest::SHA256, named.as_bytes());
        Self {
            file: format!("{}.json", hex(digest.as_ref())),
        }
    }

    /// The draft's file name in the folder.
    pub fn file_name(&self) -> &str {
        &self.file
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// One field's state as kept on disk (a mirror of [`FieldState`], which is no wire type).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
enum Typed {
    Text(String),
    Number(String),
    Boolean(Option<bool>),
    Choice(Option<usize>),
    Multi(Vec<bool>),
}

/// A field's kept state, by the field's name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct KeptField {
    name: String,
    typed: Typed,
}

/// A draft's file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct File {
    /// When it was kept, in seconds since the Unix epoch.
    saved: u64,
    /// The fields the person had changed, in the form's order.
    fields: Vec<KeptField>,
}

/// A draft, read back and fitted to its form.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// Every field's state, the kept ones in place of the initial ones.
    pub states: Vec<FieldState>,
    /// When it was kept.
    pub saved: SystemTime,
}

/// What of `states` differs from the form's initial states, as a draft's fields; empty when
/// nothing was typed.
fn typed_fields(form: &Form, states: &[FieldState]) -> Vec<KeptField> {
    form.fields
        .iter()
        .zip(states)
        .filter(|(field, state)| **state != FieldState::initial(field))
        .filter_map(|(field, state)| {
            let typed = match state {
                FieldState::Text(text) => Typed::Text(text.clone()),
                FieldState::Number(text) => Typed::Number(text.clone()),
                FieldState::Boolean(value) => Typed::Boolean(*value),
                FieldState::Choice(index) => Typed::Choice(*index),
                FieldState::Multi(chosen) => Typed::Multi(chosen.clone()),
                FieldState::Fixed => return None,
            };
            Some(KeptField {
                name: field.name.clone(),
                typed,
            })
        })
        .collect()
}

/// The form's states with the kept fields in place, or `None` when the draft no longer fits
/// the form: a field it names is not there, or is of another kind, or a kept choice is not
/// among the options. Text is kept as typed, valid or not: the form checks it on Submit as it
/// checks anything typed.
fn fitted(form: &Form, fields: &[KeptField]) -> Option<Vec<FieldState>> {
    let mut states: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
    for kept in fields {
        let i = form.fields.iter().position(|f| f.name == kept.name)?;
        let state = match (&form.fields[i].kind, &kept.typed) {
            (FieldKind::Text(_), Typed::Text(text)) => FieldState::Text(text.clone()),
            (FieldKind::Number(_), Typed::Number(text)) => FieldState::Number(text.clone()),
            (FieldKind::Boolean { .. }, Typed::Boolean(value)) => FieldState::Boolean(*value),
            (FieldKind::Choice(spec), Typed::Choice(index))
                if index.is_none_or(|i| i < spec.options.len()) =>
            {
                FieldState::Choice(*index)
            }
            (FieldKind::MultiChoice(spec), Typed::Multi(chosen))
                if chosen.len() == spec.options.len() =>
            {
                FieldState::Multi(chosen.clone())
            }
            _ => return None,
        };
        states[i] = state;
    }
    Some(states)
}

/// The drafts' folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// `$XDG_STATE_HOME/form-elicitation/drafts` (default `~/.local/state/...`), if either
    /// variable says where.
    pub fn default_location() -> Option<Self> {
        private_folder::state_home().map(|state| Self::at(state.join("drafts")))
    }

    /// The folder `dir`.
    pub fn at(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// The folder's path.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The draft kept for `key`, fitted to `form`, if one is there and not older than
    /// [`KEPT_FOR`] at `now`; a draft that has expired or no longer fits is removed. Expired
    /// drafts of other forms are removed too.
    pub fn load(&self, key: &Key, form: &Form, now: SystemTime) -> anyhow::Result<Option<Draft>> {
        let Some(dir) = private_folder::open(&self.dir, KEPT)? else {
            return Ok(None);
        };
        sweep(&dir, now);
        let path = self.dir.join(key.file_name());
        let Some(bytes) = private_folder::read(&dir, key.file_name(), &path, KEPT)? else {
            return Ok(None);
        };
        let draft = serde_json::from_slice::<File>(&bytes)
            .ok()
            .and_then(|file| {
                let saved = UNIX_EPOCH + Duration::from_secs(file.saved);
                let fresh = now.duration_since(saved).is_ok_and(|age| age <= KEPT_FOR);
                let states = fitted(form, &file.fields)?;
                fresh.then_some(Draft { states, saved })
            });
        if draft.is_none() {
            let _ = rustix::fs::unlinkat(&dir, key.file_name(), AtFlags::empty());
        }
        Ok(draft)
    }

    /// Keeps what of `states` was typed into `form` as the draft for `key`, saved at `now`;
    /// when nothing was typed, removes any draft for it. Returns whether a draft was kept.
    pub fn keep(
        &self,
        key: &Key,
        form: &Form,
        states: &[FieldState],
        now: SystemTime,
    ) -> anyhow::Result<bool> {
        let fields = typed_fields(form, states);
        if fields.is_empty() {
            self.remove(key)?;
            return Ok(false);
        }
        let saved = now
            .duration_since(UNIX_EPOCH)
            .map(|since| since.as_secs())
            .unwrap_or_default();
        let bytes = serde_json::to_vec(&File { saved, fields }).context("a draft")?;
        let dir = private_folder::make(&self.dir, KEPT)?;
        sweep(&dir, now);
        let path = self.dir.join(key.file_name());
        private_folder::write(&dir, key.file_name(), &path, &bytes)?;
        Ok(true)
    }

    /// Removes the draft for `key`, if there is one.
    pub fn remove(&self, key: &Key) -> anyhow::Result<()> {
        let Some(dir) = private_folder::open(&self.dir, KEPT)? else {
            return Ok(());
        };
        match rustix::fs::unlinkat(&dir, key.file_name(), AtFlags::empty()) {
            Ok(()) | Err(rustix::io::Errno::NOENT) => Ok(()),
            Err(error) => Err(error)
                .with_context(|| format!("removing {}", self.dir.join(key.file_name()).display())),
        }
    }
}

/// Removes the drafts in `dir` last written more than [`KEPT_FOR`] before `now`: a draft
/// nobody asked for again does not linger.
fn sweep(dir: &std::os::fd::OwnedFd, now: SystemTime) {
    let Ok(entries) = rustix::fs::Dir::read_from(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_bytes().ends_with(b".json") {
            continue;
        }
        let Ok(stat) = rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW) else {
            continue;
        };
        let written = UNIX_EPOCH + Duration::from_secs(stat.st_mtime.max(0) as u64);
        let old = now.duration_since(written).is_ok_and(|age| age > KEPT_FOR);
        if old && FileType::from_raw_mode(stat.st_mode) == FileType::RegularFile {
            let _ = rustix::fs::unlinkat(dir, name, AtFlags::empty());
        }
    }
}

/// One form's place among the drafts, as a front end uses it: the draft it opens with, if
/// any, and where to keep or remove it when the form ends.
#[derive(Debug, Clone)]
pub struct Slot {
    store: Store,
    key: Key,
    /// The draft the form opens filled with.
    pub restored: Option<Draft>,
    /// Why the folder could not be read when the form opened, if it could not: said only if
    /// a draft is to be kept there ([`Slot::keep`]).
    unreadable: Option<String>,
}

impl Slot {
    /// The slot of `form` asked by `server` through `via` (both as shown), with its draft
    /// read back; `None` where there is no folder to keep drafts in. A folder that cannot
    /// be read leaves the form without a draft, silently: nothing is lost yet, and a line
    /// on stderr now would come before the one line that says why a form could not be shown
    /// (the proxy and serve pass that first line on). It is said if a draft is to be kept.
    pub fn open(server: Option<&str>, via: Option<&str>, form: &Form) -> Option<Self> {
        let store = Store::default_location()?;
        let key = Key::new(server, via, form);
        let (restored, unreadable) = match store.load(&key, form, SystemTime::now()) {
            Ok(restored) => (restored, None),
            Err(error) => (None, Some(format!("{error:#}"))),
        };
        Some(Self {
            store,
            key,
            restored,
            unreadable,
        })
    }

    /// The slot of `key` in `store`, with `restored` (the tests').
    pub fn at(store: Store, key: Key, restored: Option<Draft>) -> Self {
        Self {
            store,
            key,
            restored,
            unreadable: None,
        }
    }

    /// The form closed without the person's answer: keeps what was typed (a line on stderr
    /// says so, or why not).
    pub fn keep(&self, form: &Form, states: &[FieldState]) {
        match self.store.keep(&self.key, form, states, SystemTime::now()) {
            Ok(true) => crate::process::output::diag(format_args!(
                "what was typed is kept as a draft for {} in {}",
                humane(KEPT_FOR),
                self.store.dir().display()
            )),
            Ok(false) => {}
            Err(error) => crate::process::output::diag(format_args!(
                "drafts: {error:#}: what was typed is not kept"
            )),
        }
    }

    /// The person ended the form: its draft, if any, is gone (none is, in a folder that
    /// could not be read).
    pub fn discard(&self) {
        if self.unreadable.is_some() {
            return;
        }
        if let Err(error) = self.store.remove(&self.key) {
            crate::process::output::diag(format_args!("drafts: {error:#}"));
        }
    }

    /// The line that says the form opens filled with a draft, when it does.
    pub fn notice(&self) -> Option<String> {
        let draft = self.restored.as_ref()?;
        Some(t!("draft-restored", time = local_time(draft.saved)))
    }
}

/// `KEPT_FOR` in words for the stderr line.
fn humane(duration: Duration) -> String {
    format!("{} hours", duration.as_secs() / 3600)
}

/// `when` as the person's clock shows it: `2026-12-05 16:20`.
fn local_time(when: SystemTime) -> String {
    let seconds = when
        .duration_since(UNIX_EPOCH)
        .map(|since| since.as_secs() as i64)
        .unwrap_or_default();
    jiff::Timestamp::from_second(seconds)
        .map(|at| {
            at.to_zoned(crate::model::datetime::local_zone())
                .strftime("%Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt as _;

    use super::*;

    fn form_of(schema: serde_json::Value) -> Form {
        Form::from_schema("Your details".into(), &schema).expect("a valid form")
    }

    fn details() -> Form {
        form_of(serde_json::json!({"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "age": {"type": "integer"},
            "size": {"type": "string", "enum": ["S", "M", "L"]},
            "ok": {"type": "boolean", "default": false}
        }}))
    }

    /// A folder of the test's own, removed afterwards.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(test: &str) -> Self {
            let dir = std::env::temp_dir().join(format!(
                "form-elicitation-drafts-{test}-{}",
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            Self(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// The key tells askers, what they came through, and forms apart (a message, a schema
    /// that differs in anything), and the same form asked again has the same key.
    #[test]
    fn the_key_is_the_asker_and_the_form_as_given() {
        let form = details();
        let key = Key::new(Some("tickets"), None, &form);
        assert_eq!(key, Key::new(Some("tickets"), None, &details()));
        assert_eq!(key.file_name().len(), 64 + ".json".len());
        let other_message = Form::from_schema(
            "Your Details".into(),
            &serde_json::json!({"type": "object",
                "properties": {"name": {"type": "string", "title": "Name"}, "age": {"type":
                "integer"}, "size": {"type": "string", "enum": ["S", "M", "L"]}, "ok": {"type":
                "boolean", "default": false}}}),
        )
        .expect("a form");
        // The same fields here, but not the same schema as given: a default of its own.
        let other_schema = form_of(serde_json::json!({"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "age": {"type": "integer"},
            "size": {"type": "string", "enum": ["S", "M", "L"]},
            "ok": {"type": "boolean"}
        }}));
        for other in [
            Key::new(Some("tickets2"), None, &form),
            Key::new(None, None, &form),
            Key::new(Some("tickets"), Some("Claude Code"), &form),
            // The name may not run into what it came through.
            Key::new(Some("ticketsClaude Code"), None, &form),
            Key::new(Some("tickets"), None, &other_message),
            Key::new(Some("tickets"), None, &other_schema),
        ] {
            assert_ne!(key, other);
        }
    }

    /// What was typed comes back as typed, the rest at its initial state; nothing typed keeps
    /// nothing and removes what was kept; the file is private (0600 in a 0700 folder).
    #[test]
    fn a_kept_draft_comes_back_as_typed_and_is_private() {
        let scratch = Scratch::new("back");
        let store = Store::at(scratch.0.join("state/drafts"));
        let form = details();
        let key = Key::new(Some("tickets"), None, &form);
        let now = SystemTime::now();
        assert_eq!(store.load(&key, &form, now).expect("reads"), None);
        let mut states: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
        assert!(!store.keep(&key, &form, &states, now).expect("keeps"));
        assert!(!store.dir().exists(), "nothing typed makes no folder");
        states[0] = FieldState::Text("Ada L".into());
        states[1] = FieldState::Number("3x".into());
        states[2] = FieldState::Choice(Some(2));
        assert!(store.keep(&key, &form, &states, now).expect("keeps"));
        let file = store.dir().join(key.file_name());
        let mode = |path: &Path| {
            std::fs::symlink_metadata(path)
                .expect("there")
                .permissions()
                .mode()
                & 0o777
        };
        assert_eq!(mode(&file), 0o600);
        assert_eq!(mode(store.dir()), 0o700);
        let draft = store
            .load(&key, &form, now)
            .expect("reads")
            .expect("a draft");
        assert_eq!(draft.states, states);
        assert_eq!(
            draft
                .saved
                .duration_since(UNIX_EPOCH)
                .expect("after")
                .as_secs(),
            now.duration_since(UNIX_EPOCH).expect("after").as_secs()
        );
        // Another asker of the same form has no draft.
        let theirs = Key::new(Some("other"), None, &form);
        assert_eq!(store.load(&theirs, &form, now).expect("reads"), None);
        // Cleared by the person, then closed from outside: nothing is kept.
        let initial: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
        assert!(!store.keep(&key, &form, &initial, now).expect("keeps"));
        assert!(!file.exists());
    }

    /// A draft older than [`KEPT_FOR`] is not offered and is removed, and so are the expired
    /// drafts of other forms; one that no longer fits its form is dropped.
    #[test]
    fn an_old_or_unfit_draft_is_dropped() {
        let scratch = Scratch::new("old");
        let store = Store::at(scratch.0.join("drafts"));
        let form = details();
        let key = Key::new(Some("tickets"), None, &form);
        let other = Key::new(Some("other"), None, &form);
        let mut states: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
        states[0] = FieldState::Text("Ada".into());
        let then = SystemTime::now() - KEPT_FOR - Duration::from_secs(60);
        store.keep(&key, &form, &states, then).expect("keeps");
        store.keep(&other, &form, &states, then).expect("keeps");
        // Written now, so the sweep (by the time written) leaves them; the time inside is old.
        assert_eq!(
            store.load(&key, &form, SystemTime::now()).expect("reads"),
            None
        );
        assert!(!store.dir().join(key.file_name()).exists());
        // Seen from a day later, the other one is swept by the time it was written.
        let later = SystemTime::now() + KEPT_FOR + Duration::from_secs(60);
        store.keep(&key, &form, &states, later).expect("keeps");
        assert!(!store.dir().join(other.file_name()).exists());

        // A kept choice past the options, a kind that changed, a field that is gone.
        for fields in [
            serde_json::json!([{"name": "size", "typed": {"choice": 3}}]),
            serde_json::json!([{"name": "age", "typed": {"text": "3"}}]),
            serde_json::json!([{"name": "gone", "typed": {"text": "x"}}]),
        ] {
            let fields: Vec<KeptField> = serde_json::from_value(fields).expect("fields");
            assert_eq!(fitted(&form, &fields), None, "{fields:?}");
        }
        let fields: Vec<KeptField> = serde_json::from_value(serde_json::json!(
            [{"name": "size", "typed": {"choice": 1}}, {"name": "ok", "typed": {"boolean": true}}]
        ))
        .expect("fields");
        let fitted = fitted(&form, &fields).expect("fits");
        assert_eq!(fitted[2], FieldState::Choice(Some(1)));
        assert_eq!(fitted[3], FieldState::Boolean(Some(true)));
    }

    /// The drafts' folder is checked as the token store's is: a link is neither read nor
    /// written through, a folder others can write is refused by name.
    #[test]
    fn a_folder_that_is_not_private_is_refused() {
        let scratch = Scratch::new("loose");
        std::fs::create_dir_all(&scratch.0).expect("scratch");
        let form = details();
        let key = Key::new(None, None, &form);
        let mut states: Vec<FieldState> = form.fields.iter().map(FieldState::initial).collect();
        states[0] = FieldState::Text("secret".into());
        let loose = scratch.0.join("loose");
        std::fs::create_dir(&loose).expect("a folder");
        std::fs::set_permissions(&loose, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        let error = Store::at(loose.clone())
            .keep(&key, &form, &states, SystemTime::now())
            .expect_err("refused");
        assert!(
            format!("{error:#}").starts_with(&format!(
                "refusing to keep a draft in {}: others can write to it",
                loose.display()
            )),
            "{error:#}"
        );
        let linked = scratch.0.join("linked");
        std::os::unix::fs::symlink(&loose, &linked).expect("a link");
        let error = Store::at(linked)
            .load(&key, &form, SystemTime::now())
            .expect_err("refused");
        assert!(
            format!("{error:#}").contains("it is a symbolic link"),
            "{error:#}"
        );
        assert!(
            std::fs::read_dir(&loose).expect("lists").next().is_none(),
            "nothing written"
        );
    }
}

//! The words the program says to the person, in their language: Project Fluent catalogs
//! (`locales/LANG/main.ftl`) compiled into the binary, chosen from `LANGUAGE`, `LC_ALL`,
//! `LC_MESSAGES` and `LANG` as gettext does, English where a language or a message is missing.
//!
//! Fluent applies each language's CLDR plural rules, so "1 field" and "2 fields" (and
//! Russian's one/few/many) come out right. Machine-facing text (stderr diagnostics, `--check`,
//! `--help`) stays English: it is written in English, or it is a message of the catalog asked
//! for through [`english_message`], which never speaks another language.
//!
//! Until [`init_from_env`] runs, every message is English: the tests, and everything `main`
//! does before it shows the form (reading and refusing the request), speak English.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// The catalogs, English first: the fallback for every other.
pub(crate) const CATALOGS: &[(&str, &str)] = &[
    ("en", include_str!("../locales/en/main.ftl")),
    ("ko", include_str!("../locales/ko/main.ftl")),
    ("ja", include_str!("../locales/ja/main.ftl")),
    ("zh-Hans", include_str!("../locales/zh-Hans/main.ftl")),
    ("zh-Hant", include_str!("../locales/zh-Hant/main.ftl")),
    ("de", include_str!("../locales/de/main.ftl")),
    ("fr", include_str!("../locales/fr/main.ftl")),
    ("es", include_str!("../locales/es/main.ftl")),
    ("pt-BR", include_str!("../locales/pt-BR/main.ftl")),
    ("ru", include_str!("../locales/ru/main.ftl")),
    ("ar", include_str!("../locales/ar/main.ftl")),
    ("he", include_str!("../locales/he/main.ftl")),
];

/// The language in use, and English behind it.
struct Catalog {
    chosen: Option<FluentBundle<FluentResource>>,
    english: FluentBundle<FluentResource>,
    /// The pseudo-locale `en-XA`: English, accented and 40 % longer, to find the layouts
    /// that would clip a longer language before a translator does.
    pseudo: bool,
    /// Whether the language is written right to left (Arabic, Hebrew): the window is then
    /// mirrored.
    right_to_left: bool,
}

/// The tag of the pseudo-locale.
pub const PSEUDO: &str = "en-XA";

static ENGLISH: OnceLock<Catalog> = OnceLock::new();
static CHOSEN: OnceLock<Catalog> = OnceLock::new();

/// Arguments of a message.
pub type Args<'a> = FluentArgs<'a>;

fn bundle(tag: &str, source: &str) -> Option<FluentBundle<FluentResource>> {
    let id: LanguageIdentifier = tag.parse().ok()?;
    // A catalog that does not parse is a bug the tests catch; at run time, fall back.
    let resource = FluentResource::try_new(source.to_owned()).ok()?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No bidi isolation marks around every placeable: most are numbers or our own words, and a
    // name we did not choose comes already set apart where it needs it (crate::text::untrusted), so
    // screen readers and tests read the rest as plain text.
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).ok()?;
    Some(bundle)
}

fn english() -> FluentBundle<FluentResource> {
    bundle("en", CATALOGS[0].1).unwrap_or_else(|| FluentBundle::new_concurrent(Vec::new()))
}

/// Chooses the language, once: `lang` (from `--lang`) if given, else from the environment.
/// Call it after the request is read and before anything is shown to the person.
pub fn init_from_env(lang: Option<&str>) {
    let mut wanted: Vec<LanguageIdentifier> = lang.and_then(parse_locale).into_iter().collect();
    wanted.extend(wanted_languages(|name| std::env::var(name).ok()));
    let pseudo = wanted.first().is_some_and(|id| *id == PSEUDO);
    let chosen = choose(&wanted).and_then(|(tag, source)| bundle(tag, source));
    let _ = CHOSEN.set(Catalog {
        right_to_left: writes_right_to_left(chosen.as_ref()),
        chosen,
        english: english(),
        pseudo,
    });
}

thread_local! {
    /// A language for this thread only, set by [`use_language_in_this_thread`].
    static THREAD: std::cell::Cell<Option<&'static Catalog>> = const { std::cell::Cell::new(None) };
}

/// Speaks `tag` (a catalog's tag, such as `ko` or `pt-BR`) on this thread only, whatever the
/// environment: for the UI tests, which run the window's code in-process, one test per thread.
/// Returns whether there is such a catalog.
pub fn use_language_in_this_thread(tag: &str) -> bool {
    let pseudo = tag == PSEUDO;
    let Some((tag, source)) = CATALOGS
        .iter()
        .copied()
        .find(|(t, _)| *t == tag || (pseudo && *t == "en"))
    else {
        return false;
    };
    let chosen = bundle(tag, source);
    let catalog: &'static Catalog = Box::leak(Box::new(Catalog {
        right_to_left: writes_right_to_left(chosen.as_ref()),
        chosen,
        english: english(),
        pseudo,
    }));
    THREAD.with(|t| t.set(Some(catalog)));
    true
}

/// The catalog to use: this thread's, the chosen one, or English before [`init_from_env`].
fn catalog() -> &'static Catalog {
    if let Some(catalog) = THREAD.with(std::cell::Cell::get) {
        return catalog;
    }
    CHOSEN.get().unwrap_or_else(english_catalog)
}

/// English alone, never accented: what speaks before [`init_from_env`] and what
/// [`english_message`] uses.
fn english_catalog() -> &'static Catalog {
    ENGLISH.get_or_init(|| Catalog {
        chosen: None,
        english: english(),
        pseudo: false,
        right_to_left: false,
    })
}

/// Whether `bundle`'s language is written right to left: its own words say so (the first
/// strong letter of its Submit button), so a new catalog needs no list of such languages.
fn writes_right_to_left(bundle: Option<&FluentBundle<FluentResource>>) -> bool {
    let Some(bundle) = bundle else {
        return false;
    };
    let Some(pattern) = bundle.get_message("submit").and_then(|m| m.value()) else {
        return false;
    };
    crate::text::bidi::is_right_to_left(&bundle.format_pattern(pattern, None, &mut Vec::new()))
}

/// Whether the language in use is written right to left (Arabic, Hebrew): the window is then
/// mirrored, its controls and text starting at the right.
pub fn right_to_left() -> bool {
    catalog().right_to_left
}

/// All the words of the language in use, unformatted: what the window checks its fonts
/// against, so that Korean buttons load a Korean font even when the request is all ASCII.
pub fn all_words() -> &'static str {
    let tag = language();
    CATALOGS
        .iter()
        .find(|(t, _)| *t == tag)
        .map_or(CATALOGS[0].1, |(_, source)| source)
}

/// The tag of the language in use (`en` unless one was chosen).
pub fn language() -> String {
    catalog()
        .chosen
        .as_ref()
        .and_then(|b| b.locales.first().map(ToString::to_string))
        .unwrap_or_else(|| "en".to_owned())
}

/// Message `id` with `args`, in the chosen language, else English, else the id itself.
pub fn message(id: &str, args: Option<&Args<'_>>) -> String {
    let catalog = catalog();
    let text = format(catalog, id, args);
    // Only a right-to-left line reorders a left-to-right example: elsewhere the isolates
    // would be invisible characters for nothing (in a copied text, a screen reader's label).
    if catalog.right_to_left && ISOLATES_SHOWN.load(Ordering::Relaxed) {
        text
    } else {
        without_isolates(&text)
    }
}

/// Whether the messages keep the catalogs' directional isolates (see [`drop_isolates`]).
static ISOLATES_SHOWN: AtomicBool = AtomicBool::new(true);

/// Drops, from every message from now on, the isolates (LRI U+2066 … PDI U+2069) the catalogs
/// put around a machine-shaped example (`2026-11-30`, `YYYY-MM-DD`), so that an Arabic or a
/// Hebrew line shows it in its own left-to-right order (kept only for a right-to-left
/// language, see [`message`]). The window's renderer applies them;
/// the terminal calls this because it shows every directional control as `�` (a request's text
/// must not reorder a row), and a terminal may know nothing of isolates.
pub fn drop_isolates() {
    ISOLATES_SHOWN.store(false, Ordering::Relaxed);
}

/// `text` without the catalogs' LRI … PDI pairs; the other isolates (FSI … PDI around a
/// server's name or a host, which keep text we do not control from reordering ours) stay whole.
fn without_isolates(text: &str) -> String {
    crate::text::untrusted::without_isolates(text, '\u{2066}')
}

/// Message `id` with `args` in English, whatever language the person reads: for
/// machine-facing text (stderr diagnostics, `--check`) that says what a message of the
/// catalog says, so that it stays English by construction, not by when [`init_from_env`] runs.
pub fn english_message(id: &str, args: Option<&Args<'_>>) -> String {
    // Left to right throughout: no isolate is needed, and a log would show them as noise.
    without_isolates(&format(english_catalog(), id, args))
}

fn format(catalog: &Catalog, id: &str, args: Option<&Args<'_>>) -> String {
    for bundle in catalog
        .chosen
        .iter()
        .chain(std::iter::once(&catalog.english))
    {
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, args, &mut errors);
            if errors.is_empty() {
                return if catalog.pseudo && !JOINERS.contains(&id) {
                    pseudo_text(&text)
                } else {
                    text.into_owned()
                };
            }
        }
    }
    id.to_owned()
}

/// Messages that only join other messages with the language's punctuation (a field's
/// description and its limits, a list of limits): they hold no words of ours, so the
/// pseudo-locale leaves them as they are instead of bracketing and lengthening the messages
/// inside them a second time.
const JOINERS: [&str; 3] = ["help-and-accepts", "format-and-limits", "limits-list"];

/// The letters the pseudo-locale accents: one of them in its text was not from the catalog.
pub(crate) const PSEUDO_PLAIN: &str = "abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ";

/// `text` as the pseudo-locale shows it: `[Šûƀmîţ ~~~]`, accented letters and some 40 %
/// longer, so clipping and hard-coded English show at a glance.
fn pseudo_text(text: &str) -> String {
    const ACCENTED: &str = "åƀçđéĝĥîķļñöŕšţûýžÅƁÇĐÉĜĤÎĶĻÑÖŔŠŢÛÝŽ";
    let accented: String = text
        .chars()
        .map(|c| {
            PSEUDO_PLAIN
                .chars()
                .position(|p| p == c)
                .and_then(|i| ACCENTED.chars().nth(i))
                .unwrap_or(c)
        })
        .collect();
    let extra = (text.chars().count() * 2).div_ceil(5).max(2);
    format!("[{accented} {}]", "~".repeat(extra))
}

/// A message of the catalog: `t!("submit")`, or `t!("asks", server = name)`.
#[macro_export]
macro_rules! t {
    ($id:literal) => {
        $crate::i18n::message($id, None)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::Args::new();
        $(args.set(stringify!($name), $crate::i18n::value($value));)+
        $crate::i18n::message($id, Some(&args))
    }};
}

/// A message argument: numbers stay numbers (for plural rules), anything else is text.
pub fn value<'a>(value: impl Into<Arg<'a>>) -> FluentValue<'a> {
    match value.into() {
        Arg::Number(n) => FluentValue::from(n),
        Arg::Text(text) => FluentValue::from(text),
    }
}

/// What [`value`] takes.
pub enum Arg<'a> {
    /// A count, which picks the plural form.
    Number(f64),
    /// Anything shown as is.
    Text(std::borrow::Cow<'a, str>),
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(text.into())
    }
}

impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg::Text(text.into())
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Text(text.as_str().into())
    }
}

/// The languages the environment asks for, most wanted first, as gettext reads them:
/// `LANGUAGE` (a colon-separated list, unless the locale is `C`), then the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set. `ko_KR.UTF-8@euro` becomes `ko-KR`.
fn wanted_languages(var: impl Fn(&str) -> Option<String>) -> Vec<LanguageIdentifier> {
    let locale = locale_of("LC_MESSAGES", &var);
    let is_c = locale.as_deref().is_none_or(is_c_locale);
    let mut wanted = Vec::new();
    if !is_c && let Some(list) = var("LANGUAGE") {
        wanted.extend(list.split(':').filter_map(parse_locale));
    }
    if let Some(locale) = locale.as_deref() {
        wanted.extend(parse_locale(locale));
    }
    wanted
}

/// The locale the environment names for one category (`LC_MESSAGES`, `LC_TIME`), as the C
/// library reads it: the first of `LC_ALL`, the category's variable and `LANG` that is set
/// and not empty.
pub(crate) fn locale_of(category: &str, var: impl Fn(&str) -> Option<String>) -> Option<String> {
    ["LC_ALL", category, "LANG"]
        .into_iter()
        .find_map(|name| var(name).filter(|v| !v.is_empty()))
}

/// Whether a locale name is the C (POSIX) locale, `C.UTF-8` included: no language, no region.
pub(crate) fn is_c_locale(name: &str) -> bool {
    name == "C" || name == "POSIX" || name.starts_with("C.")
}

/// A POSIX locale name (`pt_BR.UTF-8@variant`) as a language identifier.
fn parse_locale(locale: &str) -> Option<LanguageIdentifier> {
    let name = locale.split(['.', '@']).next()?.replace('_', "-");
    if name.is_empty() || name == "C" || name == "POSIX" {
        return None;
    }
    name.parse().ok()
}

/// The first wanted language we have a catalog for. Chinese picks its script from the region
/// when no script is given (Taiwan, Hong Kong and Macau write Traditional); Portuguese from
/// Portugal reads Brazilian Portuguese rather than English.
fn choose(wanted: &[LanguageIdentifier]) -> Option<(&'static str, &'static str)> {
    wanted.iter().find_map(|id| {
        if *id == PSEUDO {
            return Some(CATALOGS[0]);
        }
        let language = id.language.as_str();
        let tag = match language {
            "zh" => {
                let script = id.script.map(|s| s.as_str().to_owned());
                let region = id.region.map(|r| r.as_str().to_owned());
                match (script.as_deref(), region.as_deref()) {
                    (Some("Hant"), _) | (None, Some("TW" | "HK" | "MO")) => "zh-Hant",
                    _ => "zh-Hans",
                }
            }
            "pt" => "pt-BR",
            other => other,
        };
        CATALOGS.iter().copied().find(|(t, _)| *t == tag)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    fn chosen(pairs: &[(&str, &str)]) -> Option<&'static str> {
        choose(&wanted_languages(env(pairs))).map(|(tag, _)| tag)
    }

    #[test]
    fn the_language_comes_from_the_environment_as_gettext_reads_it() {
        type Env<'a> = &'a [(&'a str, &'a str)];
        let cases: &[(Env, Option<&str>)] = &[
            (&[("LANG", "ko_KR.UTF-8")], Some("ko")),
            (
                &[("LANG", "de_DE.UTF-8"), ("LC_MESSAGES", "fr_FR.UTF-8")],
                Some("fr"),
            ),
            (&[("LANG", "de_DE"), ("LC_ALL", "ja_JP.UTF-8")], Some("ja")),
            (&[("LANG", "zh_TW.UTF-8")], Some("zh-Hant")),
            (&[("LANG", "zh_HK.UTF-8")], Some("zh-Hant")),
            (&[("LANG", "zh_CN.UTF-8")], Some("zh-Hans")),
            (&[("LANG", "zh_SG")], Some("zh-Hans")),
            (&[("LANG", "pt_BR.UTF-8")], Some("pt-BR")),
            (&[("LANG", "pt_PT.UTF-8")], Some("pt-BR")),
            (&[("LANG", "ru_RU.KOI8-R")], Some("ru")),
            (&[("LANG", "es_MX.UTF-8@euro")], Some("es")),
            (&[("LANG", "en_US.UTF-8")], Some("en")),
            (&[("LANG", "C.UTF-8")], None),
            (&[("LANG", "nl_NL.UTF-8")], None),
            (
                &[("LANGUAGE", "nl:fr:de"), ("LANG", "nl_NL.UTF-8")],
                Some("fr"),
            ),
            // LANGUAGE is ignored when the locale is C, as in gettext.
            (&[("LANGUAGE", "fr"), ("LANG", "C")], None),
            (
                &[("LANGUAGE", "fr:de"), ("LANG", "ko_KR.UTF-8")],
                Some("fr"),
            ),
            (&[("LANG", "zh_Hant")], Some("zh-Hant")),
            (&[("LANG", "zh_Hant_HK.UTF-8")], Some("zh-Hant")),
            (&[("LANG", "de_AT@euro")], Some("de")),
            (&[("LANG", "ko")], Some("ko")),
            (&[("LANG", "ar_EG.UTF-8")], Some("ar")),
            (&[("LANG", "he_IL.UTF-8")], Some("he")),
            (&[("LANG", "POSIX")], None),
            (&[], None),
        ];
        for (pairs, expected) in cases {
            assert_eq!(chosen(pairs), *expected, "{pairs:?}");
        }
    }

    #[test]
    fn the_pseudo_locale_is_longer_and_accented() {
        assert_eq!(pseudo_text("Submit"), "[Šûƀmîţ ~~~]");
        assert!(pseudo_text("Decline").chars().count() >= "Decline".chars().count() * 7 / 5);
    }

    /// Every catalog parses, has every English message and no other, and uses only the
    /// placeables English gives it, so no person ever sees a message id or a `{ $x }`.
    #[test]
    fn every_catalog_is_complete_and_well_formed() {
        let ids = |source: &str| -> std::collections::BTreeSet<String> {
            let resource = FluentResource::try_new(source.to_owned()).expect("parses");
            resource
                .entries()
                .filter_map(|entry| match entry {
                    fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
                    _ => None,
                })
                .collect()
        };
        let english = ids(CATALOGS[0].1);
        for (tag, source) in CATALOGS {
            let bundle = bundle(tag, source).unwrap_or_else(|| panic!("{tag} does not load"));
            assert_eq!(ids(source), english, "{tag}: messages differ from English");
            for id in &english {
                let pattern = bundle.get_message(id).and_then(|m| m.value());
                let pattern = pattern.unwrap_or_else(|| panic!("{tag}: {id} has no value"));
                let mut args = FluentArgs::new();
                for name in [
                    "server",
                    "time",
                    "field",
                    "choice",
                    "count",
                    "total",
                    "text",
                    "host",
                    "title",
                    "reason",
                    "s",
                    "m",
                    "h",
                    "d",
                    "what",
                    "example",
                    "n",
                    "min",
                    "max",
                    "now",
                    "pattern",
                    "keys",
                    "fields",
                    "range",
                    "via",
                    "description",
                    "accepts",
                    "format",
                    "limits",
                    "first",
                    "rest",
                    "month",
                    "year",
                    "day",
                ] {
                    args.set(name, FluentValue::from(2));
                }
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{tag}: {id}: {errors:?}");
                assert!(!text.contains("{"), "{tag}: {id}: {text}");
            }
        }
    }

    /// Regression test for issue 48 item 2: the Arabic problem line "not a date (like
    /// 2026-11-30)" was drawn `30-11-2026`, the example's digits ordered after the Arabic
    /// letters. Every catalog isolates (LRI … PDI) each machine-shaped example.
    /// Regression (issues 43 and 48 together): dropping the catalogs' isolates took every
    /// PDI, also the one that closes the isolate around a server's name, which then ran on
    /// into our own words.
    #[test]
    fn dropping_the_catalogs_isolates_keeps_the_others_whole() {
        assert_eq!(
            without_isolates("\u{2068}שלום\u{2069} asks (like \u{2066}2026-11-30\u{2069})"),
            "\u{2068}שלום\u{2069} asks (like 2026-11-30)"
        );
        assert_eq!(
            without_isolates("\u{2066}a \u{2068}b\u{2069} c\u{2069} \u{2067}d\u{2069}"),
            "a \u{2068}b\u{2069} c \u{2067}d\u{2069}"
        );
    }

    #[test]
    fn every_catalog_isolates_machine_shaped_examples() {
        let english = FluentResource::try_new(CATALOGS[0].1.to_owned()).expect("parses");
        let with_example: Vec<String> = english
            .entries()
            .filter_map(|entry| match entry {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
                _ => None,
            })
            .filter(|id| CATALOGS[0].1.contains(&format!("\n{id} = ")))
            .filter(|id| {
                let line = CATALOGS[0]
                    .1
                    .lines()
                    .find(|l| l.starts_with(&format!("{id} = ")));
                line.is_some_and(|l| l.contains("$example"))
            })
            .collect();
        assert!(with_example.len() >= 19, "{with_example:?}");
        for (tag, source) in CATALOGS {
            let bundle = bundle(tag, source).expect("the catalog loads");
            let text = |id: &str| {
                let mut args = FluentArgs::new();
                args.set("example", FluentValue::from("2026-11-30"));
                let pattern = bundle.get_message(id).and_then(|m| m.value());
                let pattern = pattern.unwrap_or_else(|| panic!("{tag}: {id}"));
                bundle
                    .format_pattern(pattern, Some(&args), &mut Vec::new())
                    .into_owned()
            };
            for id in &with_example {
                let text = text(id);
                assert!(
                    text.contains("\u{2066}2026-11-30\u{2069}"),
                    "{tag}: {id}: {text:?}"
                );
            }
            let hint = text("format-help-date");
            assert!(
                hint.contains("\u{2066}YYYY-MM-DD\u{2069}"),
                "{tag}: format-help-date: {hint:?}"
            );
        }
        // Where they would show as `�` (the terminal) or as noise (stderr), they are dropped.
        assert_eq!(
            without_isolates("مثل \u{2066}2026-11-30\u{2069}"),
            "مثل 2026-11-30"
        );
        let mut args = FluentArgs::new();
        args.set("example", FluentValue::from("2026-11-30"));
        assert_eq!(
            english_message("problem-not-date", Some(&args)),
            "Not a date (like 2026-11-30)"
        );
        assert!(use_language_in_this_thread("en"));
        assert_eq!(
            message("problem-not-date", Some(&args)),
            "Not a date (like 2026-11-30)"
        );
        assert!(use_language_in_this_thread("ar"));
        let arabic = message("problem-not-date", Some(&args));
        assert!(arabic.contains("\u{2066}2026-11-30\u{2069})"), "{arabic:?}");
    }

    /// The message `id` of catalog `tag` with `$n` (and `$count`, `$min`, `$max`) set to `n`.
    fn counted(tag: &str, id: &str, n: i64) -> String {
        let (_, source) = CATALOGS.iter().find(|(t, _)| *t == tag).expect("a catalog");
        let bundle = bundle(tag, source).expect("the catalog loads");
        let mut args = FluentArgs::new();
        for name in ["n", "count", "min", "max", "now", "keys"] {
            args.set(name, FluentValue::from(n));
        }
        let pattern = bundle
            .get_message(id)
            .and_then(|m| m.value())
            .expect("a message");
        bundle
            .format_pattern(pattern, Some(&args), &mut Vec::new())
            .into_owned()
    }

    /// Issue 34: Arabic counts in six forms (zero, one, two, few for 3-10, many for 11-99,
    /// other for 100 and more), Hebrew in three (one, two, other); every counted message of
    /// both catalogs says each form its own way, the number written where the form has one.
    #[test]
    fn arabic_and_hebrew_count_in_their_own_forms() {
        let counted_ids = ["term-fields", "term-lines-below", "characters-at-least"];
        for id in counted_ids {
            let arabic = [0, 1, 2, 3, 11, 100].map(|n| counted("ar", id, n));
            let distinct: std::collections::BTreeSet<_> = arabic.iter().collect();
            assert_eq!(distinct.len(), 6, "ar {id}: {arabic:?}");
            for (n, text) in [(3, &arabic[3]), (11, &arabic[4]), (100, &arabic[5])] {
                assert!(text.contains(&n.to_string()), "ar {id}: {text}");
            }
            let hebrew = [1, 2, 5].map(|n| counted("he", id, n));
            let distinct: std::collections::BTreeSet<_> = hebrew.iter().collect();
            assert_eq!(distinct.len(), 3, "he {id}: {hebrew:?}");
        }
        assert_eq!(counted("ar", "term-fields", 2), "حقلان");
        assert_eq!(counted("ar", "term-fields", 11), "11 حقلًا");
        assert_eq!(counted("he", "term-fields", 2), "שני שדות");
        assert_eq!(counted("he", "term-fields", 20), "20 שדות");
    }

    /// Issue 34: a catalog written right to left says so by its own words, and the window is
    /// mirrored for it alone.
    #[test]
    fn arabic_and_hebrew_are_written_right_to_left() {
        for (tag, _) in CATALOGS {
            assert!(use_language_in_this_thread(tag));
            assert_eq!(right_to_left(), ["ar", "he"].contains(tag), "{tag}");
        }
        assert!(use_language_in_this_thread(PSEUDO));
        assert!(!right_to_left());
        assert!(use_language_in_this_thread("en"));
    }

    #[test]
    fn plurals_follow_each_language() {
        let ru = bundle("ru", CATALOGS[9].1).expect("Russian loads");
        let fields = |n: i64| {
            let mut args = FluentArgs::new();
            args.set("n", FluentValue::from(n));
            let pattern = ru
                .get_message("term-fields")
                .and_then(|m| m.value())
                .expect("a message");
            ru.format_pattern(pattern, Some(&args), &mut Vec::new())
                .into_owned()
        };
        // one, few, many: 1 поле, 2 поля, 5 полей.
        let (one, few, many) = (fields(1), fields(2), fields(5));
        assert!(
            one != few && few != many && one != many,
            "{one} / {few} / {many}"
        );
        assert_eq!(
            message(
                "term-fields",
                Some(&{
                    let mut a = FluentArgs::new();
                    a.set("n", FluentValue::from(1));
                    a
                })
            ),
            "1 field"
        );
    }
}

//! Words a person reads that both front ends share: written once, so the window, the
//! terminal and `--check` say the same thing.

use crate::i18n::{self, Args, value};
use crate::model::form::{Field, FieldKind, Format};
use crate::model::validate::Problem;

/// A value of `format`, to show its shape.
pub fn format_example(format: Format) -> &'static str {
    match format {
        Format::Email => "name@example.com",
        Format::Uri => "https://example.com/page",
        Format::Date => "2026-11-30",
        Format::DateTime => "2026-11-30T14:30:00+01:00",
        Format::Uuid => "123e4567-e89b-12d3-a456-426614174000",
        Format::Time => "14:30:00+09:00",
        Format::Duration => "P1DT2H",
        Format::Ipv4 => "192.0.2.1",
        Format::Ipv6 => "2001:db8::1",
        Format::Hostname => "host.example.com",
    }
}

/// What the field accepts, for the help under its label: "a UUID, like 123e4567-…". One
/// message for each format, so that no language has to fit a noun into a frame.
pub fn format_help(format: Format) -> String {
    let example = format_example(format);
    match format {
        Format::Email => t!("format-help-email", example = example),
        Format::Uri => t!("format-help-uri", example = example),
        Format::Date => t!("format-help-date"),
        Format::DateTime => t!("format-help-date-time", example = example),
        Format::Uuid => t!("format-help-uuid", example = example),
        Format::Time => t!("format-help-time", example = example),
        Format::Duration => t!("format-help-duration", example = example),
        Format::Ipv4 => t!("format-help-ipv4", example = example),
        Format::Ipv6 => t!("format-help-ipv6", example = example),
        Format::Hostname => t!("format-help-hostname", example = example),
    }
}

/// What the field accepts, in words: its format, then its limits ("a UUID, like …; 1 to 40
/// characters").
pub fn accepts(kind: &FieldKind) -> Option<String> {
    let format = match kind {
        FieldKind::Text(spec) => spec.format.map(format_help),
        _ => None,
    };
    match (format, limits_hint(kind)) {
        (Some(f), Some(l)) => Some(t!("format-and-limits", format = f, limits = l)),
        (f, l) => f.or(l),
    }
}

/// Says in words what the field accepts, when it has limits the person cannot see.
pub fn limits_hint(kind: &FieldKind) -> Option<String> {
    let range = |min: Option<String>, max: Option<String>| match (min, max) {
        (Some(a), Some(b)) if a == b => Some(t!("exactly", n = a)),
        (Some(a), Some(b)) => Some(t!("range", min = a, max = b)),
        (Some(a), None) => Some(t!("at-least", min = a)),
        (None, Some(b)) => Some(t!("at-most", max = b)),
        (None, None) => None,
    };
    match kind {
        FieldKind::Text(spec) => {
            let length = match (spec.min_length, spec.max_length) {
                (Some(a), Some(b)) if a == b => Some(t!("characters-exactly", n = a)),
                (Some(a), Some(b)) => Some(t!("characters-range", min = a, max = b)),
                (Some(a), None) => Some(t!("characters-at-least", min = a)),
                (None, Some(b)) => Some(t!("characters-at-most", max = b)),
                (None, None) => None,
            };
            // Stated up front like every other constraint, not first met at a failed Submit.
            let pattern = spec
                .pattern
                .as_ref()
                .map(|p| t!("must-match", pattern = &p.source));
            let parts: Vec<String> = length.into_iter().chain(pattern).collect();
            limits_list(parts)
        }
        FieldKind::Number(spec) => {
            let mut parts: Vec<String> = Vec::new();
            if spec.integer {
                parts.push(t!("whole-number"));
            }
            parts.extend(range(
                spec.minimum.map(|n| n.to_string()),
                spec.maximum.map(|n| n.to_string()),
            ));
            parts.extend(
                spec.exclusive_minimum
                    .map(|n| t!("more-than", n = n.to_string())),
            );
            parts.extend(
                spec.exclusive_maximum
                    .map(|n| t!("less-than", n = n.to_string())),
            );
            parts.extend(
                spec.multiple_of
                    .map(|m| t!("multiple-of", n = m.to_string())),
            );
            limits_list(parts)
        }
        FieldKind::MultiChoice(spec) => {
            match (
                spec.min_items.map(|n| n.to_string()),
                spec.max_items.map(|n| n.to_string()),
            ) {
                (Some(a), Some(b)) if a == b => Some(t!("choose-exactly", n = a)),
                (Some(a), Some(b)) => Some(t!("choose-range", min = a, max = b)),
                (Some(a), None) => Some(t!("choose-at-least", min = a)),
                (None, Some(b)) => Some(t!("choose-at-most", max = b)),
                (None, None) => None,
            }
        }
        FieldKind::Boolean {
            must_be: Some(true),
            ..
        } => Some(t!("must-be-ticked")),
        FieldKind::Boolean {
            must_be: Some(false),
            ..
        } => Some(t!("must-be-unticked")),
        FieldKind::Boolean { .. } | FieldKind::Choice(_) | FieldKind::Fixed(_) => None,
    }
}

/// Limits of one field as one list of the person's language ("1 to 40 characters, must match
/// …"), each pair joined by the catalog's own words and punctuation.
fn limits_list(parts: Vec<String>) -> Option<String> {
    parts
        .into_iter()
        .rev()
        .reduce(|rest, first| t!("limits-list", first = first, rest = rest))
}

/// The help under a field's label: its description, then what it accepts in brackets.
pub fn field_help(field: &Field) -> Option<String> {
    match (&field.description, accepts(&field.kind)) {
        (Some(d), Some(a)) => Some(t!("help-and-accepts", description = d, accepts = a)),
        (Some(d), None) => Some(d.clone()),
        (None, Some(a)) => Some(capitalized(&a)),
        (None, None) => None,
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A problem as one whole sentence of the person's language: "Keine E-Mail-Adresse (z. B.
/// name@example.com)", never an English sentence around a translated noun.
pub fn problem(problem: &Problem) -> String {
    let (id, args) = problem_message(problem);
    i18n::message(id, Some(&args))
}

/// A problem in English, whatever the person's language: for a request diagnostic (a default
/// that does not fit its own field), which is machine-facing.
pub fn problem_in_english(problem: &Problem) -> String {
    let (id, args) = problem_message(problem);
    i18n::english_message(id, Some(&args))
}

/// The message of the catalog that says `problem`, one for each kind (and each format), and
/// the numbers and values it places.
fn problem_message(problem: &Problem) -> (&'static str, Args<'static>) {
    let mut args = Args::new();
    let id = match problem {
        Problem::Required => "required",
        Problem::MustBeTicked => "problem-ticked",
        Problem::MustBeUnticked => "problem-unticked",
        Problem::ChooseOne => "problem-choose-one",
        Problem::TooShort { min, now } => {
            args.set("min", value(*min));
            args.set("now", value(*now));
            "problem-too-short"
        }
        Problem::TooLong { max, now } => {
            args.set("max", value(*max));
            args.set("now", value(*now));
            "problem-too-long"
        }
        Problem::NotFormat(format) => {
            args.set("example", value(format_example(*format)));
            match format {
                Format::Email => "problem-not-email",
                Format::Uri => "problem-not-uri",
                Format::Date => "problem-not-date",
                Format::DateTime => "problem-not-date-time",
                Format::Uuid => "problem-not-uuid",
                Format::Time => "problem-not-time",
                Format::Duration => "problem-not-duration",
                Format::Ipv4 => "problem-not-ipv4",
                Format::Ipv6 => "problem-not-ipv6",
                Format::Hostname => "problem-not-hostname",
            }
        }
        Problem::NoMatch { pattern } => {
            args.set("pattern", value(pattern.clone()));
            "problem-pattern"
        }
        Problem::PatternTooSlow { pattern } => {
            args.set("pattern", value(pattern.clone()));
            "problem-pattern-slow"
        }
        Problem::TooLarge => {
            args.set("min", value(i64::MIN.to_string()));
            args.set("max", value(u64::MAX.to_string()));
            "problem-too-large"
        }
        Problem::TooSmall => {
            args.set("min", value(i64::MIN.to_string()));
            args.set("max", value(u64::MAX.to_string()));
            "problem-too-small"
        }
        Problem::NumberTooLarge => {
            args.set("max", value(largest_number(f64::MAX)));
            "problem-number-too-large"
        }
        Problem::NumberTooSmall => {
            args.set("min", value(largest_number(f64::MIN)));
            "problem-number-too-small"
        }
        Problem::TooPrecise { nearest } => {
            args.set("n", value(nearest.to_string()));
            "problem-too-precise"
        }
        Problem::TooNearZero => "problem-too-near-zero",
        Problem::NotWholeNumber => "problem-whole-number",
        Problem::NotNumber => "problem-number",
        Problem::AtLeast(n) => {
            args.set("n", value(n.to_string()));
            "problem-at-least"
        }
        Problem::AtMost(n) => {
            args.set("n", value(n.to_string()));
            "problem-at-most"
        }
        Problem::MoreThan(n) => {
            args.set("n", value(n.to_string()));
            "problem-more-than"
        }
        Problem::LessThan(n) => {
            args.set("n", value(n.to_string()));
            "problem-less-than"
        }
        Problem::MultipleOf(m) => {
            args.set("n", value(m.to_string()));
            "problem-multiple-of"
        }
        Problem::ChooseAtLeast(n) => {
            args.set("n", value(*n));
            "problem-choose-at-least"
        }
        Problem::ChooseAtMost(n) => {
            args.set("n", value(*n));
            "problem-choose-at-most"
        }
        Problem::StateMismatch => "problem-internal",
    };
    (id, args)
}

/// The largest double (or the lowest, `f64::MIN`) as JSON writes it: `1.7976931348623157e+308`,
/// not Rust's 309 digits.
fn largest_number(bound: f64) -> String {
    serde_json::Number::from_f64(bound).map_or_else(|| bound.to_string(), |n| n.to_string())
}

/// Who asks, as the form's heading says it: `NAME asks:`, or `NAME asks via Claude Code:`
/// when the request came through something else ([`came_through`]); `None` when nobody is
/// named. The name and where it came through are not ours to trust: each is set apart
/// ([`crate::text::untrusted::name`]), so nothing in them rewrites the words around them.
pub fn asker(server: Option<&str>, via: Option<&str>) -> Option<String> {
    asker_named(server, via, name)
}

/// [`asker`] as a screen reader reads it: each name whole (escaped and set apart alike), where
/// the screen elides a long one in the middle (issue 54, item 3).
pub fn asker_spoken(server: Option<&str>, via: Option<&str>) -> Option<String> {
    asker_named(server, via, crate::text::untrusted::full_name)
}

/// [`asker`], each name shown by `naming`.
fn asker_named(
    server: Option<&str>,
    via: Option<&str>,
    naming: fn(&str) -> String,
) -> Option<String> {
    let (server, via) = (server.map(naming), via.map(naming));
    Some(match (server, via) {
        (Some(server), None) => t!("asks", server = server),
        (Some(server), Some(via)) => t!("asks-via", server = server, via = via),
        (None, Some(via)) => t!("asks", server = via),
        (None, None) => return None,
    })
}

/// Where a served request came from, as the window says it: the machine it says it is
/// (marked as its own claim: serve cannot check it), or "another machine" when it names none.
/// One line (see [`crate::text::untrusted::escaped`]), for [`asker`] and the window title to set
/// apart.
pub fn served_from(host: &str) -> String {
    if host.trim().is_empty() {
        t!("via-another-machine")
    } else {
        t!("via-claimed", host = crate::text::untrusted::escaped(host))
    }
}

/// How a request came, as the heading names it after "asks via": what it came through here
/// (`through`: Claude Code), the machine a served request says it came from (`host`, set by
/// serve only for an asker it cannot see on this machine; see [`served_from`]), or both in
/// one phrase of the catalog ("Claude Code, on build-box (as it says)"), never two glued.
pub fn came_through(host: Option<&str>, through: Option<&str>) -> Option<String> {
    Some(match (host, through) {
        (None, through) => return through.map(str::to_owned),
        (Some(host), None) => served_from(host),
        (Some(host), Some(through)) if host.trim().is_empty() => {
            t!("via-another-machine-through", via = through)
        }
        (Some(host), Some(through)) => t!(
            "via-claimed-through",
            via = through,
            host = crate::text::untrusted::escaped(host)
        ),
    })
}

/// A name we did not choose, set apart from our words (see [`crate::text::untrusted`]).
fn name(text: &str) -> String {
    crate::text::untrusted::name(text)
}

/// Where a form stands in a proxy's run of forms: "Form 2 of 5 from weather".
pub fn queue_place(place: crate::cli::QueuePlace, server: Option<&str>) -> String {
    let (position, total) = (place.position, place.total);
    match server.map(name) {
        Some(server) => t!("queue-place", n = position, total = total, server = server),
        None => t!("queue-place-unnamed", n = position, total = total),
    }
}

/// Who asks, as the URL consent's heading says it (see [`asker`]).
pub fn asker_url(server: Option<&str>, via: Option<&str>) -> String {
    asker_url_named(server, via, name)
}

/// [`asker_url`] as a screen reader reads it (see [`asker_spoken`]).
pub fn asker_url_spoken(server: Option<&str>, via: Option<&str>) -> String {
    asker_url_named(server, via, crate::text::untrusted::full_name)
}

/// [`asker_url`], each name shown by `naming`.
fn asker_url_named(server: Option<&str>, via: Option<&str>, naming: fn(&str) -> String) -> String {
    let (server, via) = (server.map(naming), via.map(naming));
    match (server, via) {
        (Some(server), None) => t!("asks-url", server = server),
        (Some(server), Some(via)) => t!("asks-url-via", server = server, via = via),
        (None, Some(via)) => t!("asks-url", server = via),
        (None, None) => t!("asks-url-unnamed"),
    }
}

/// `seconds` the way a person reads a time left: `45 s`, `3 min 20 s`, `2 h 05 min`,
/// `11574 d 01 h`; the two largest units, never a nine-digit count of seconds.
pub fn time_left(seconds: u64) -> String {
    let (days, hours, minutes, secs) = (
        seconds / 86_400,
        seconds / 3_600 % 24,
        seconds / 60 % 60,
        seconds % 60,
    );
    let two = |n: u64| format!("{n:02}");
    if days > 0 {
        t!("time-days", d = days.to_string(), h = two(hours))
    } else if hours > 0 {
        t!("time-hours", h = hours.to_string(), m = two(minutes))
    } else if minutes > 0 {
        t!("time-minutes", m = minutes.to_string(), s = two(secs))
    } else {
        t!("time-seconds", s = secs.to_string())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::model::form::Exact;

    /// Issue 43, items 1 and 2: who asks is one line whatever the names hold, and a served
    /// request names its machine as a claim, or "another machine" when it names none.
    #[test]
    fn who_asks_is_one_line_and_a_served_request_says_so() {
        assert!(crate::i18n::use_language_in_this_thread("en"));
        let cases = [
            (Some("weather"), None, "weather asks:"),
            (
                Some("GitHub (https://api.github.com/mcp) asks:\n\n"),
                Some(served_from("build-box\n")),
                "GitHub (https://api.github.com/mcp) asks:\\n\\n asks via build-box\\n (as it says):",
            ),
            (
                Some("trusted\u{202e}"),
                Some(served_from("")),
                "trusted<U+202E> asks via another machine:",
            ),
            (None, Some(served_from(" ")), "another machine asks:"),
            // Issue 54, item 13: through Claude Code, and from a machine serve cannot check,
            // in one sentence ("tickets asks, via vm (as it says), Claude Code:" before).
            (
                Some("tickets"),
                came_through(None, Some("Claude Code")),
                "tickets asks via Claude Code:",
            ),
            (
                Some("tickets"),
                came_through(Some("vm\n"), Some("Claude Code")),
                "tickets asks via Claude Code, on vm\\n (as it says):",
            ),
            (
                Some("tickets"),
                came_through(Some(""), Some("Claude Code")),
                "tickets asks via Claude Code, on another machine:",
            ),
            (
                Some("deploy-bot"),
                came_through(Some("vm"), None),
                "deploy-bot asks via vm (as it says):",
            ),
            (
                Some("deploy-bot"),
                came_through(None, None),
                "deploy-bot asks:",
            ),
            (Some("שלום"), None, "\u{2068}שלום\u{2069} asks:"),
        ];
        for (server, via, shown) in cases {
            assert_eq!(
                asker(server, via.as_deref()).as_deref(),
                Some(shown),
                "{server:?}"
            );
        }
    }

    /// One problem of each kind (and of each format), with counts of one and of many so that
    /// every plural form is rendered.
    fn every_problem() -> Vec<Problem> {
        let mut all = vec![
            Problem::Required,
            Problem::MustBeTicked,
            Problem::MustBeUnticked,
            Problem::ChooseOne,
            Problem::TooShort { min: 1, now: 0 },
            Problem::TooShort { min: 5, now: 2 },
            Problem::TooLong { max: 1, now: 3 },
            Problem::TooLong { max: 40, now: 41 },
            Problem::NoMatch {
                pattern: "^[A-Z]{3}$".into(),
            },
            Problem::PatternTooSlow {
                pattern: "^(a+)+$".into(),
            },
            Problem::TooLarge,
            Problem::TooSmall,
            Problem::NumberTooLarge,
            Problem::NumberTooSmall,
            Problem::TooPrecise {
                nearest: serde_json::Number::from_f64(1.0).expect("finite"),
            },
            Problem::TooNearZero,
            Problem::NotWholeNumber,
            Problem::NotNumber,
            Problem::AtLeast(Exact::Int(5)),
            Problem::AtMost(Exact::Float(2.5)),
            Problem::MoreThan(Exact::Int(-3)),
            Problem::LessThan(Exact::Int(100)),
            Problem::MultipleOf(5),
            Problem::ChooseAtLeast(1),
            Problem::ChooseAtLeast(3),
            Problem::ChooseAtMost(1),
            Problem::ChooseAtMost(2),
            Problem::StateMismatch,
        ];
        all.extend(Format::ALL.map(Problem::NotFormat));
        // A kind added to `Problem` fails to compile here until it is listed above.
        let kind = |p: &Problem| match p {
            Problem::Required => 0,
            Problem::MustBeTicked => 1,
            Problem::MustBeUnticked => 2,
            Problem::ChooseOne => 3,
            Problem::TooShort { .. } => 4,
            Problem::TooLong { .. } => 5,
            Problem::NotFormat(_) => 6,
            Problem::NoMatch { .. } => 7,
            Problem::PatternTooSlow { .. } => 8,
            Problem::TooLarge => 9,
            Problem::TooNearZero => 10,
            Problem::NotWholeNumber => 11,
            Problem::NotNumber => 12,
            Problem::AtLeast(_) => 13,
            Problem::AtMost(_) => 14,
            Problem::MoreThan(_) => 15,
            Problem::LessThan(_) => 16,
            Problem::MultipleOf(_) => 17,
            Problem::ChooseAtLeast(_) => 18,
            Problem::ChooseAtMost(_) => 19,
            Problem::StateMismatch => 20,
            Problem::TooSmall => 21,
            Problem::NumberTooLarge => 22,
            Problem::NumberTooSmall => 23,
            Problem::TooPrecise { .. } => 24,
        };
        let kinds: BTreeSet<usize> = all.iter().map(kind).collect();
        assert_eq!(kinds, (0..25).collect(), "every kind is listed");
        all
    }

    /// The words of `text`, lower-cased: runs of letters.
    fn words(text: &str) -> BTreeSet<String> {
        text.split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    }

    /// The words a problem places into its sentence (an example, a pattern): not ours.
    fn placed_words(problem: &Problem) -> BTreeSet<String> {
        let (_, args) = problem_message(problem);
        args.iter()
            .filter_map(|(_, v)| match v {
                fluent_bundle::FluentValue::String(s) => Some(words(s)),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// Issue 29: "Not 이메일 주소 (like name@example.com)" was an English sentence glued
    /// around a translated noun. Every problem is one message of each catalog: no English
    /// word of ours is left in another language's sentence.
    #[test]
    fn every_problem_is_one_sentence_of_every_language() {
        // Names that every language writes as English does (standards and acronyms).
        let shared: BTreeSet<String> = ["uri", "uuid", "iso", "ipv"]
            .into_iter()
            .map(str::to_owned)
            .collect();
        // Words of another language that happen to be English words too.
        let also_theirs = [
            ("de", "form"),
            ("de", "option"),
            ("fr", "date"),
            ("fr", "multiple"),
            ("fr", "option"),
            ("fr", "options"),
            ("es", "error"),
            ("pt-BR", "zero"),
        ];
        let problems = every_problem();
        let mut mixed = Vec::new();
        let english: Vec<(String, BTreeSet<String>)> = problems
            .iter()
            .map(|p| {
                let text = problem_in_english(p);
                let ours = &(&words(&text) - &placed_words(p)) - &shared;
                (text, ours)
            })
            .collect();
        for (tag, _) in i18n::CATALOGS.iter().skip(1) {
            assert!(i18n::use_language_in_this_thread(tag));
            for (p, (english_text, english_words)) in problems.iter().zip(&english) {
                let text = problem(p);
                assert!(!text.starts_with("problem-"), "{tag}: {p:?} has no message");
                assert!(!text.contains("{$"), "{tag}: {text}");
                let left: Vec<String> = words(&text)
                    .intersection(english_words)
                    .filter(|w| !also_theirs.contains(&(*tag, w.as_str())))
                    .cloned()
                    .collect();
                if !left.is_empty() {
                    mixed.push(format!(
                        "{tag}: {p:?}: English {left:?} in {text:?} (English: {english_text:?})"
                    ));
                }
            }
        }
        assert!(mixed.is_empty(), "{}", mixed.join("\n"));
    }

    /// The pseudo-locale as an oracle: it accents every letter of a catalog message, so a
    /// letter it can accent but did not was glued on outside the catalog.
    #[test]
    fn every_problem_is_accented_in_the_pseudo_locale() {
        assert!(i18n::use_language_in_this_thread(i18n::PSEUDO));
        for p in every_problem() {
            let text = problem(&p);
            let plain: String = text
                .chars()
                .filter(|c| i18n::PSEUDO_PLAIN.contains(*c))
                .collect();
            assert!(plain.is_empty(), "{p:?}: {text:?} has plain {plain:?}");
        }
    }

    /// Issue 29: a format's help placed a translated noun ("eine E-Mail-Adresse") into a
    /// translated frame ("{ $what }, z. B. { $example }"), which no language can inflect. In
    /// the pseudo-locale each message is one pair of brackets, so a message placed into another
    /// shows as brackets inside brackets.
    #[test]
    fn every_format_help_and_problem_is_one_message() {
        assert!(i18n::use_language_in_this_thread(i18n::PSEUDO));
        for format in Format::ALL {
            let texts = [format_help(format), problem(&Problem::NotFormat(format))];
            for text in texts {
                assert_eq!(text.matches('[').count(), 1, "{}: {text}", format.name());
            }
        }
    }

    /// Issue 29: a multi-select's help placed a translated range ("2 to 5") into a translated
    /// frame ("choose { $range }"); each case is one message now (one pair of brackets in the
    /// pseudo-locale). And the punctuation that joins a field's description and limits is the
    /// language's own: Chinese uses full-width brackets and commas.
    #[test]
    fn a_field_s_help_is_made_of_whole_messages_and_the_language_s_punctuation() {
        let multi = |min: Option<u64>, max: Option<u64>| {
            let mut schema = serde_json::json!({"type": "array",
                "items": {"type": "string", "enum": ["r", "g", "b"]}});
            if let Some(min) = min {
                schema["minItems"] = min.into();
            }
            if let Some(max) = max {
                schema["maxItems"] = max.into();
            }
            crate::model::form::Form::from_schema(
                "m".into(),
                &serde_json::json!({"properties": {"a": schema}}),
            )
            .expect("a valid multi-select")
            .fields
            .remove(0)
        };
        assert!(i18n::use_language_in_this_thread(i18n::PSEUDO));
        for (min, max) in [
            (Some(2), Some(2)),
            (Some(1), Some(2)),
            (Some(1), None),
            (None, Some(2)),
        ] {
            let help = limits_hint(&multi(min, max).kind).expect("a limit");
            assert_eq!(help.matches('[').count(), 1, "{min:?}..{max:?}: {help}");
        }
        assert!(i18n::use_language_in_this_thread("zh-Hans"));
        let field = crate::model::form::Form::from_schema(
            "m".into(),
            &serde_json::json!({"properties": {"code": {"type": "string", "description": "代码",
                "minLength": 3, "maxLength": 3, "pattern": "^[A-Z]+$"}}}),
        )
        .expect("a valid field")
        .fields
        .remove(0);
        let help = field_help(&field).expect("help");
        assert!(help.starts_with("代码（") && help.ends_with('）'), "{help}");
        assert!(help.contains('，') && !help.contains(", "), "{help}");
    }

    /// Issue 29: a request diagnostic quoted the problem in the person's language when the
    /// language was chosen before the request was read; it is English by construction.
    #[test]
    fn request_diagnostics_stay_english_in_any_language() {
        assert!(i18n::use_language_in_this_thread("de"));
        let refused = |property: serde_json::Value| {
            crate::model::form::Form::from_schema(
                "m".into(),
                &serde_json::json!({"properties": {"a": property}}),
            )
            .expect_err("the default does not fit")
            .to_string()
        };
        let text =
            refused(serde_json::json!({"type": "string", "format": "email", "default": "x"}));
        assert!(
            text.ends_with("does not fit the field: Not an email address (like name@example.com)"),
            "{text}"
        );
        let number = refused(serde_json::json!({"type": "integer", "maximum": 5, "default": 9}));
        assert!(number.ends_with("Must be at most 5"), "{number}");
        let items = refused(
            serde_json::json!({"type": "array", "minItems": 2, "default": ["r"],
            "items": {"type": "string", "enum": ["r", "g"]}}),
        );
        assert!(items.ends_with("Choose at least 2 options"), "{items}");
        assert_eq!(
            problem(&Problem::AtMost(Exact::Int(5))),
            "Darf höchstens 5 sein",
            "the person still reads German"
        );
    }

    /// Issue 30: a `pattern` said nothing until a Submit failed, unlike every other
    /// constraint; now the help states it up front, in the person's language.
    #[test]
    fn a_pattern_is_stated_up_front() {
        let kind = |schema: serde_json::Value| {
            let form = crate::model::form::Form::from_schema(
                "m".into(),
                &serde_json::json!({"properties": {"a": schema}}),
            )
            .expect("valid");
            form.fields[0].kind.clone()
        };
        let code = kind(serde_json::json!({"type": "string", "pattern": "^[A-Z]{3}$"}));
        let both =
            kind(serde_json::json!({"type": "string", "pattern": "^[a-z]+$", "maxLength": 8}));
        assert_eq!(accepts(&code).as_deref(), Some("must match ^[A-Z]{3}$"));
        assert_eq!(
            accepts(&both).as_deref(),
            Some("at most 8 characters, must match ^[a-z]+$")
        );
        assert!(i18n::use_language_in_this_thread("de"));
        assert_eq!(
            accepts(&code).as_deref(),
            Some("muss zum Muster ^[A-Z]{3}$ passen")
        );
    }

    /// Regression: `--timeout 999999999` showed "Closes in 999999999 s".
    #[test]
    fn time_left_reads_in_the_largest_units() {
        let cases = [
            (0, "0 s"),
            (45, "45 s"),
            (60, "1 min 00 s"),
            (200, "3 min 20 s"),
            (7_500, "2 h 05 min"),
            (999_999_999, "11574 d 01 h"),
        ];
        for (seconds, text) in cases {
            assert_eq!(time_left(seconds), text, "{seconds}");
        }
    }
}

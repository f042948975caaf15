//! Words a person reads that both front ends share: written once, so the window, the
//! terminal and `--check` say the same thing.

use crate::form::{Field, FieldKind, Format};

/// What a value of `format` is, as a noun phrase: "an email address".
pub fn format_noun(format: Format) -> String {
    match format {
        Format::Email => t!("format-email"),
        Format::Uri => t!("format-uri"),
        Format::Date => t!("format-date"),
        Format::DateTime => t!("format-date-time"),
        Format::Uuid => t!("format-uuid"),
        Format::Time => t!("format-time"),
        Format::Duration => t!("format-duration"),
        Format::Ipv4 => t!("format-ipv4"),
        Format::Ipv6 => t!("format-ipv6"),
        Format::Hostname => t!("format-hostname"),
    }
}

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

/// What the field accepts, for the help under its label: "a UUID, like 123e4567-…".
pub fn format_help(format: Format) -> String {
    match format {
        Format::Date => t!("format-help-date"),
        _ => t!(
            "format-help",
            what = format_noun(format),
            example = format_example(format)
        ),
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
        (Some(f), Some(l)) => Some(format!("{f}; {l}")),
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
        FieldKind::Text(spec) => match (spec.min_length, spec.max_length) {
            (Some(a), Some(b)) if a == b => Some(t!("characters-exactly", n = a)),
            (Some(a), Some(b)) => Some(t!("characters-range", min = a, max = b)),
            (Some(a), None) => Some(t!("characters-at-least", min = a)),
            (None, Some(b)) => Some(t!("characters-at-most", max = b)),
            (None, None) => None,
        },
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
            (!parts.is_empty()).then(|| parts.join(", "))
        }
        FieldKind::MultiChoice(spec) => range(
            spec.min_items.map(|n| n.to_string()),
            spec.max_items.map(|n| n.to_string()),
        )
        .map(|r| t!("choose-range", range = r)),
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

/// The help under a field's label: its description, then what it accepts in brackets.
pub fn field_help(field: &Field) -> Option<String> {
    match (&field.description, accepts(&field.kind)) {
        (Some(d), Some(a)) => Some(format!("{d} ({a})")),
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

/// The problem shown when text does not have the field's format.
pub fn format_problem(format: Format) -> String {
    format!(
        "Not {} (like {})",
        format_noun(format),
        format_example(format)
    )
}

/// Who asks, as the form's heading says it: `NAME asks:`, or `NAME asks, via Claude Code:`
/// when the request came through something else; `None` when nobody is named.
pub fn asker(server: Option<&str>, via: Option<&str>) -> Option<String> {
    Some(match (server, via) {
        (Some(server), None) => t!("asks", server = server),
        (Some(server), Some(via)) => t!("asks-via", server = server, via = via),
        (None, Some(via)) => t!("asks", server = via),
        (None, None) => return None,
    })
}

/// Who asks, as the URL consent's heading says it (see [`asker`]).
pub fn asker_url(server: Option<&str>, via: Option<&str>) -> String {
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
    use super::*;

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

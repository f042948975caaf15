//! Every string format we check: the MCP four (`email`, `uri`, `date`, `date-time`) and what
//! schema generators emit beyond them (pydantic's `UUID`, `time`, `timedelta`, `IPv4Address`
//! and `IPv6Address`; zod's `.uuid()`, `.time()`, `.duration()`, `.ip()`), each checked as
//! the JSON Schema 2020-12 format vocabulary defines it.
//!
//! Where a standard parser implements the grammar exactly, it is used (std's address parsers
//! for `ipv4` and `ipv6`); the other grammars are small enough to write out from their RFCs,
//! and the `uuid` crate reads more than the RFC 4122 text form (no dashes, braces, `urn:`).

use std::borrow::Cow;
use std::net::{Ipv4Addr, Ipv6Addr};

use icu_properties::{CodePointMapData, props::GeneralCategory};

/// Typed text as a machine reads it: compatibility forms folded (NFKC: full-width `２`, `－`,
/// `：` from a CJK input method) and the decimal digits of any script (general category Nd:
/// Arabic-Indic `٢`, Persian `۲`, Devanagari `२`) written as ASCII digits. A date, a time or a
/// number typed on the person's own keyboard is the value it says, and is sent in ASCII as
/// the formats require.
pub fn ascii_digits(text: &str) -> Cow<'_, str> {
    let text = icu_normalizer::ComposingNormalizerBorrowed::new_nfkc().normalize(text);
    if text.is_ascii() {
        return text;
    }
    let categories = CodePointMapData::<GeneralCategory>::new();
    let is_digit = |c: char| categories.get(c) == GeneralCategory::DecimalNumber;
    Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_ascii() || !is_digit(c) {
                    return c;
                }
                // Unicode encodes each script's digits as a run of ten, zero to nine (a
                // stability policy), and some runs follow one another (the mathematical
                // digits): a digit's value is its distance from the run's start, modulo ten.
                let run = (1..)
                    .map_while(|back| {
                        u32::from(c)
                            .checked_sub(back)
                            .and_then(char::from_u32)
                            .filter(|&before| is_digit(before))
                    })
                    .count();
                char::from(b'0' + (run % 10) as u8)
            })
            .collect(),
    )
}

/// RFC 4122 text form: 8-4-4-4-12 hex digits, any version and variant, either case.
pub fn is_uuid(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// RFC 3339 `full-time`: `HH:MM:SS`, an optional fraction, and `Z` or `±HH:MM`. A leap second
/// (`:60`) is a time only where it falls at 23:59:60 UTC, as RFC 3339 section 5.7 says.
pub fn is_time(text: &str) -> bool {
    let b = text.as_bytes();
    let two = |i: usize| -> Option<u32> {
        let s = b.get(i..i + 2)?;
        s.iter()
            .all(u8::is_ascii_digit)
            .then(|| u32::from(s[0] - b'0') * 10 + u32::from(s[1] - b'0'))
    };
    let (Some(hour), Some(minute), Some(second)) = (two(0), two(3), two(6)) else {
        return false;
    };
    if b.get(2) != Some(&b':') || b.get(5) != Some(&b':') || hour > 23 || minute > 59 {
        return false;
    }
    let mut i = 8;
    if b.get(i) == Some(&b'.') {
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return false;
        }
        i += 1 + digits;
    }
    let offset_minutes: i64 = match &b[i..] {
        b"Z" | b"z" => 0,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let (Some(oh), Some(om)) = (two(i + 1), two(i + 4)) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let minutes = i64::from(oh * 60 + om);
            if *sign == b'-' { -minutes } else { minutes }
        }
        _ => return false,
    };
    match second {
        0..=59 => true,
        60 => {
            let utc = (i64::from(hour * 60 + minute) - offset_minutes).rem_euclid(24 * 60);
            utc == 23 * 60 + 59
        }
        _ => false,
    }
}

/// The ISO 8601 duration of RFC 3339 Appendix A:
///
/// ```text
/// duration   = "P" (dur-date / dur-time / dur-week)
/// dur-date   = (dur-day / dur-month / dur-year) [dur-time]
/// dur-time   = "T" (dur-hour / dur-minute / dur-second)
/// dur-year   = 1*DIGIT "Y" [dur-month]     dur-month  = 1*DIGIT "M" [dur-day]
/// dur-day    = 1*DIGIT "D"                 dur-week   = 1*DIGIT "W"
/// dur-hour   = 1*DIGIT "H" [dur-minute]    dur-minute = 1*DIGIT "M" [dur-second]
/// dur-second = 1*DIGIT "S"
/// ```
///
/// So `P1W`, `P1Y2M`, `P3D`, `PT4H5M` and `P1DT2H` are durations; `PT`, `P1DT`, `P1Y1D` (a
/// year then a day, skipping the month), `P1W2D` and `P1.5D` are not.
pub fn is_duration(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('P') else {
        return false;
    };
    let (date, time) = match rest.split_once('T') {
        Some((date, time)) => (date, Some(time)),
        None => (rest, None),
    };
    let Some(date_units) = units(date) else {
        return false;
    };
    let time_units = match time.map(units) {
        None => Vec::new(),
        Some(None) => return false,
        Some(Some(units)) if units.is_empty() => return false,
        Some(Some(units)) => units,
    };
    if date_units == ['W'] {
        return time.is_none();
    }
    if date_units.is_empty() && time_units.is_empty() {
        return false;
    }
    // The grammar lets each part be any run of adjacent units, largest first: `Y`, `YM`,
    // `YMD`, `M`, `MD`, `D` (and `H`, `HM`, `HMS`, `M`, `MS`, `S`), never `YD` or `HS`.
    let run = |units: &[char], order: &[char]| {
        units.is_empty() || order.windows(units.len()).any(|w| w == units)
    };
    run(&date_units, &['Y', 'M', 'D']) && run(&time_units, &['H', 'M', 'S'])
}

/// The unit letters of `1*DIGIT letter` pairs, or `None` when `text` is not such pairs.
fn units(text: &str) -> Option<Vec<char>> {
    let mut out = Vec::new();
    let mut digits = 0;
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits += 1;
        } else if digits > 0 && c.is_ascii_uppercase() {
            out.push(c);
            digits = 0;
        } else {
            return None;
        }
    }
    (digits == 0).then_some(out)
}

/// A dotted quad of decimal numbers 0 to 255, without leading zeros (std's parser refuses
/// them, as RFC 2673's `dotted-quad` does).
pub fn is_ipv4(text: &str) -> bool {
    text.parse::<Ipv4Addr>().is_ok()
}

/// An RFC 4291 text address, including the `::` shorthand and an embedded IPv4 tail; no zone
/// (`%eth0`), which RFC 4291 does not have.
pub fn is_ipv6(text: &str) -> bool {
    text.parse::<Ipv6Addr>().is_ok()
}

/// An RFC 1123 host name: dot-separated labels of 1 to 63 letters, digits and hyphens, neither
/// starting nor ending with a hyphen, 253 characters at most. A trailing dot (the DNS root) is
/// not part of the host name syntax.
pub fn is_hostname(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 253
        && text.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'-')
        })
}

/// Parses an RFC 3339 `full-date` (`YYYY-MM-DD`), checking the day exists.
pub fn parse_date(text: &str) -> Option<jiff::civil::Date> {
    let b = text.as_bytes();
    let shape = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !shape {
        return None;
    }
    let year = text[0..4].parse().ok()?;
    let month = text[5..7].parse().ok()?;
    let day = text[8..10].parse().ok()?;
    jiff::civil::Date::new(year, month, day).ok()
}

/// Parses an RFC 3339 `date-time`: date, `T`, time with optional fraction, and `Z` or `±HH:MM`.
pub fn parse_date_time(text: &str) -> Option<jiff::Timestamp> {
    let (at, offset) = parse_date_time_parts(text)?;
    offset.to_timestamp(at).ok()
}

/// Parses an RFC 3339 `date-time` into what it says: the date and time on the clock, and the
/// offset from UTC it was written in.
pub fn parse_date_time_parts(text: &str) -> Option<(jiff::civil::DateTime, jiff::tz::Offset)> {
    let date = text.get(..10).and_then(parse_date)?;
    let rest = text.get(10..)?.strip_prefix(['T', 't'])?;
    let (time, offset) = parse_time(rest)?;
    let at = date.to_datetime(time);
    // An instant jiff cannot hold (year 0000 at a negative offset) is no date-time.
    offset.to_timestamp(at).ok()?;
    Some((at, offset))
}

/// Parses an RFC 3339 `full-time` (the part of a date-time after the `T`): `HH:MM:SS`, an optional fraction, and `Z` or `±HH:MM`.
fn parse_time(text: &str) -> Option<(jiff::civil::Time, jiff::tz::Offset)> {
    let b = text.as_bytes();
    let two = |i: usize| -> Option<i8> {
        let s = text.get(i..i + 2)?;
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())?
    };
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    let (hour, minute, second) = (two(0)?, two(3)?, two(6)?);
    let mut i = 8;
    let mut nanos = 0i32;
    if b.get(i) == Some(&b'.') {
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        let fraction = &text[i + 1..i + 1 + digits];
        let padded: String = fraction
            .chars()
            .chain(std::iter::repeat('0'))
            .take(9)
            .collect();
        nanos = padded.parse().ok()?;
        i += 1 + digits;
    }
    let offset_seconds = match &text[i..] {
        "Z" | "z" => 0,
        tail => {
            let t = tail.as_bytes();
            if t.len() != 6 || !matches!(t[0], b'+' | b'-') || t[3] != b':' {
                return None;
            }
            let (oh, om) = (two(i + 1)?, two(i + 4)?);
            if oh > 23 || om > 59 {
                return None;
            }
            let sign = if t[0] == b'-' { -1 } else { 1 };
            sign * (i32::from(oh) * 3600 + i32::from(om) * 60)
        }
    };
    let time = jiff::civil::Time::new(hour, minute, second, nanos).ok()?;
    let offset = jiff::tz::Offset::from_seconds(offset_seconds).ok()?;
    Some((time, offset))
}

/// A practical email check: `local@domain`, dot-atom local part, hostname or `[literal]` domain.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.rsplit_once('@') else {
        return false;
    };
    let atom_char = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c);
    let local_ok = !local.is_empty()
        && local.chars().count() <= 64
        && local
            .split('.')
            .all(|part| !part.is_empty() && part.chars().all(atom_char));
    let domain_ok =
        if let Some(literal) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
            !literal.is_empty()
                && literal
                    .chars()
                    .all(|c| c.is_ascii_hexdigit() || ".:".contains(c) || c.is_ascii_alphanumeric())
        } else {
            is_hostname(domain)
        };
    local_ok && domain_ok
}

/// An RFC 3986 `URI` (with a scheme), parsed by `fluent-uri`, the RFC 3986 parser the
/// `jsonschema` crate uses too. On top of the grammar, `mailto:` alone or `http://` with
/// nothing after it says nothing, so it is refused.
pub fn is_uri(text: &str) -> bool {
    let says_something = text
        .split_once(':')
        .is_some_and(|(_, rest)| !rest.is_empty() && rest != "//");
    says_something && fluent_uri::Uri::parse(text).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids() {
        for ok in [
            "123e4567-e89b-12d3-a456-426614174000",
            "123E4567-E89B-12D3-A456-426614174000",
            "00000000-0000-0000-0000-000000000000",
        ] {
            assert!(is_uuid(ok), "{ok}");
        }
        for bad in [
            "123e4567e89b12d3a456426614174000",
            "{123e4567-e89b-12d3-a456-426614174000}",
            "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
            "123e4567-e89b-12d3-a456-42661417400g",
            "123e4567-e89b-12d3-a456-4266141740000",
            "",
        ] {
            assert!(!is_uuid(bad), "{bad}");
        }
    }

    #[test]
    fn times() {
        for ok in [
            "14:30:00+09:00",
            "00:00:00Z",
            "23:59:59.123456789z",
            "23:59:60Z",
            "08:29:60+08:30",
            "15:59:60-08:00",
        ] {
            assert!(is_time(ok), "{ok}");
        }
        for bad in [
            "24:00:00Z",
            "12:00:00",
            "22:59:60Z",
            "12:60:00Z",
            "12:00:00+24:00",
            "12:00:00.Z",
            "1:00:00Z",
            "12:00:00 Z",
            "12:00:00+0100",
        ] {
            assert!(!is_time(bad), "{bad}");
        }
    }

    #[test]
    fn durations() {
        for ok in [
            "P1W",
            "P1Y2M",
            "P3D",
            "PT4H5M",
            "P1DT2H",
            "P1Y2M3DT4H5M6S",
            "PT36H",
            "P0D",
            "PT1S",
            "P2M",
            "PT1M",
        ] {
            assert!(is_duration(ok), "{ok}");
        }
        for bad in [
            "PT", "P1DT", "P", "P1Y1D", "P1W2D", "P1.5D", "1D", "P1D2Y", "PT1H1S", "P-1D", "p1d",
            "P1WT1H", "PT1D", "P1H",
        ] {
            assert!(!is_duration(bad), "{bad}");
        }
    }

    #[test]
    fn addresses_and_host_names() {
        assert!(is_ipv4("192.0.2.1"));
        for bad in ["01.2.3.4", "256.1.1.1", "1.2.3", "1.2.3.4 ", "0x7f.0.0.1"] {
            assert!(!is_ipv4(bad), "{bad}");
        }
        for ok in ["2001:db8::1", "::1", "::ffff:1.2.3.4", "::"] {
            assert!(is_ipv6(ok), "{ok}");
        }
        for bad in ["fe80::1%eth0", "1:2:3:4:5:6:7:8:9", "[::1]", "12345::"] {
            assert!(!is_ipv6(bad), "{bad}");
        }
        for ok in [
            "host.example.com",
            "localhost",
            "a-b.c",
            "1a.example",
            &"a".repeat(63),
        ] {
            assert!(is_hostname(ok), "{ok}");
        }
        for bad in [
            "example.com.",
            &format!("{}.com", "a".repeat(64)),
            "-a.com",
            "a-.com",
            "a_b.com",
            "",
            ".",
        ] {
            assert!(!is_hostname(bad), "{bad}");
        }
    }
}

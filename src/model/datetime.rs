//! Editing a `date` or `date-time` field, the same in both front ends: where an empty field
//! starts, what its text holds for a picker, the text a picked or stepped value becomes, and
//! "now" in the person's time zone.
//!
//! The rules, written once here:
//! - An empty `date` field starts at today; an empty `date-time` field at the next whole hour
//!   (at 14:20 that is 15:00 today, at 23:30 00:00 tomorrow), both in the person's time zone.
//!   A time in the future, on the hour, is the likeliest answer to "when": a meeting, a
//!   deadline, a reminder.
//! - The person's time zone is the system's, read as `date` reads it: `TZ` (a POSIX rule like
//!   `JST-9`, a zone name like `Asia/Tokyo` looked up in `/usr/share/zoneinfo`, or a path),
//!   else `/etc/localtime`; UTC when none of those can be read.
//! - A value the field holds keeps its offset when it was written in another one than the
//!   person's zone (a server's default in `+01:00` stays in `+01:00`); a value in the person's
//!   zone stays in that zone, with the offset of its new date (a step across a change to summer
//!   time goes from `-05:00` to `-04:00` in New York).
//! - Text is read as validation reads it, spaces around it ignored; text that is not a valid
//!   value of the field is never rewritten by a step.
//! - The calendar's weeks start on the day the person's locale says (`LC_ALL`, `LC_TIME` or
//!   `LANG`, as the C library reads it: Sunday in `en_US`, Monday in `de_DE`, Saturday in
//!   `ar_EG`), as GTK's calendar does; on Monday (ISO 8601) when the locale is C or POSIX,
//!   unset, or not installed.
//! - Its weekend days (drawn apart) are the region's, from CLDR (see [`weekend_of`]): Friday and
//!   Saturday in `ar_EG` and `he_IL`, Saturday and Sunday in `de_DE` and where no region is set.

use std::cell::Cell;
use std::sync::OnceLock;

use jiff::civil::{Date, DateTime, Time, Weekday};
use jiff::tz::{Offset, TimeZone};
use jiff::{ToSpan as _, Unit, Zoned, ZonedRound};

use crate::model::formats::{ascii_digits, parse_date, parse_date_time_parts};

/// Which of the two kinds of field is edited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateKind {
    /// `format: date`: `YYYY-MM-DD`.
    Date,
    /// `format: date-time`: RFC 3339 with an offset.
    DateTime,
}

/// The person's time zone, as `date` reads it (see the module's notes).
pub fn local_zone() -> TimeZone {
    TimeZone::system()
}

/// Now, in the person's time zone ([`local_zone`]).
pub fn now() -> Zoned {
    Zoned::now()
}

/// The next whole hour after `now`, in `now`'s time zone: where an empty date-time field starts.
pub fn next_whole_hour(now: &Zoned) -> Zoned {
    // An hour is a fixed length of time in jiff: adding it crosses a change of offset as a
    // clock does (01:30 plus an hour on the night summer time starts is 03:00, not 02:00).
    let hour = now.round(
        ZonedRound::new()
            .smallest(Unit::Hour)
            .mode(jiff::RoundMode::Trunc),
    );
    hour.ok()
        .and_then(|h| h.checked_add(1.hour()).ok())
        .unwrap_or_else(|| now.clone())
}

/// The date and time (on the clock) a picker shows for a field holding `text`: the value it
/// holds, else where an empty field starts (today at midnight for a date).
pub fn shown(kind: DateKind, text: &str, now: &Zoned) -> DateTime {
    let text = ascii_digits(text.trim());
    let text = text.as_ref();
    match kind {
        DateKind::Date => parse_date(text)
            .unwrap_or_else(|| now.date())
            .to_datetime(Time::midnight()),
        DateKind::DateTime => match parse_date_time_parts(text) {
            Some((at, _)) => at,
            None => next_whole_hour(now).datetime(),
        },
    }
}

/// The text for a field that held `held` once the person chose `chosen` (a date, or a date
/// and a time on the clock), in `zone` unless `held` was written in another offset. `None`
/// when the value cannot be written (a year outside 0000 to 9999).
pub fn text(kind: DateKind, held: &str, chosen: DateTime, zone: &TimeZone) -> Option<String> {
    if !(0..=9999).contains(&chosen.year()) {
        return None;
    }
    match kind {
        DateKind::Date => Some(chosen.date().to_string()),
        DateKind::DateTime => {
            let kept =
                parse_date_time_parts(&ascii_digits(held.trim())).and_then(|(at, offset)| {
                    let instant = offset.to_timestamp(at).ok()?;
                    (zone.to_offset(instant) != offset).then_some(offset)
                });
            let (at, offset) = match kept {
                Some(offset) => (chosen, offset),
                // A time the clock skips (02:30 on the night summer time starts) is read as
                // the clock shows it an hour later, as most calendars do.
                None => {
                    let zoned = zone.to_ambiguous_zoned(chosen).compatible().ok()?;
                    (zoned.datetime(), zoned.offset())
                }
            };
            (0..=9999)
                .contains(&at.year())
                .then(|| date_time_text(at, offset))
        }
    }
}

/// The text after Up or Down (`later` or not) in a field holding `text`: a day later or
/// earlier, keeping the time; on an empty field, where it starts. `None` when `text` is not a
/// valid value of the field, which a step leaves as typed.
pub fn step(kind: DateKind, text: &str, later: bool, now: &Zoned) -> Option<String> {
    let zone = now.time_zone();
    let trimmed = ascii_digits(text.trim());
    let trimmed = trimmed.as_ref();
    if trimmed.is_empty() {
        return self::text(kind, "", shown(kind, "", now), zone);
    }
    let valid = match kind {
        DateKind::Date => parse_date(trimmed).is_some(),
        DateKind::DateTime => parse_date_time_parts(trimmed).is_some(),
    };
    if !valid {
        return None;
    }
    let at = shown(kind, trimmed, now);
    let date = if later { at.tomorrow() } else { at.yesterday() }.ok()?;
    self::text(kind, trimmed, date, zone)
}

/// The date-time `at` on the clock at `offset`, as RFC 3339: seconds always, a fraction only
/// when there is one, `Z` for UTC.
fn date_time_text(at: DateTime, offset: Offset) -> String {
    let nanos = at.subsec_nanosecond();
    let fraction = if nanos == 0 {
        String::new()
    } else {
        format!(".{nanos:09}").trim_end_matches('0').to_owned()
    };
    format!(
        "{}T{:02}:{:02}:{:02}{fraction}{}",
        at.date(),
        at.hour(),
        at.minute(),
        at.second(),
        offset_text(offset)
    )
}

/// A UTC offset the RFC 3339 way: `Z` or `±HH:MM`. RFC 3339 has no offset seconds: a zone's
/// local mean time before 1900 (Tokyo's `+09:18:59`) is written to the minute.
fn offset_text(offset: Offset) -> String {
    let seconds = offset.seconds();
    let minutes = seconds.unsigned_abs() / 60;
    if minutes == 0 {
        return "Z".to_owned();
    }
    let sign = if seconds < 0 { '-' } else { '+' };
    format!("{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

/// Where a value `at` (a date and a time on the clock) with `hour` and `minute` set lands: the
/// picker's hour and minute boxes.
pub fn with_time(at: DateTime, hour: i8, minute: i8) -> DateTime {
    at.with().hour(hour).minute(minute).build().unwrap_or(at)
}

/// `at` moved to `date`, keeping its time: the picker's calendar.
pub fn with_date(at: DateTime, date: Date) -> DateTime {
    date.to_datetime(at.time())
}

thread_local! {
    static WEEK_START_IN_THIS_THREAD: Cell<Option<Weekday>> = const { Cell::new(None) };
}

/// The day the calendar's weeks start on: the locale's (see the module's notes).
pub fn week_start() -> Weekday {
    static FROM_LOCALE: OnceLock<Weekday> = OnceLock::new();
    WEEK_START_IN_THIS_THREAD.get().unwrap_or_else(|| {
        *FROM_LOCALE.get_or_init(|| locale_week_start().unwrap_or(Weekday::Monday))
    })
}

/// Starts weeks on `day` on this thread only, whatever the locale: for the UI tests, which
/// run the window's code in-process, one test per thread.
pub fn start_weeks_on_in_this_thread(day: Weekday) {
    WEEK_START_IN_THIS_THREAD.set(Some(day));
}

/// The first day of the week of the locale the environment names for dates and times, read
/// from the C library's locale data as GTK reads it; `None` for C and POSIX (whose data says
/// Sunday for want of a region, where a person who set no locale is better served by ISO's
/// Monday) and for a locale that is not installed.
#[allow(unsafe_code)]
fn locale_week_start() -> Option<Weekday> {
    let name = crate::i18n::locale_of("LC_TIME", |var| std::env::var(var).ok())?;
    if crate::i18n::is_c_locale(&name) {
        return None;
    }
    // SAFETY: `newlocale` with a null base makes a new locale object or returns null; the
    // object is only read here, through `nl_langinfo_l`, and freed once. The two items are
    // glibc's: `_NL_TIME_WEEK_1STDAY` is a word (a date, YYYYMMDD, that is the week's day 1)
    // stored in place of the pointer, `_NL_TIME_FIRST_WEEKDAY` points at one byte.
    unsafe {
        let locale = libc::newlocale(libc::LC_TIME_MASK, c"".as_ptr(), std::ptr::null_mut());
        if locale.is_null() {
            return None;
        }
        // The word fills only part of the pointer's place (its first four bytes, whatever
        // the byte order); the rest is whatever the locale file held there, so it is read
        // through a union as glibc stores it and GTK reads it, never as the whole pointer.
        let origin = Langinfo {
            string: libc::nl_langinfo_l(NL_TIME_WEEK_1STDAY, locale),
        }
        .word as usize;
        let first = libc::nl_langinfo_l(NL_TIME_FIRST_WEEKDAY, locale);
        let first = if first.is_null() { 0 } else { *first as u8 };
        libc::freelocale(locale);
        week_start_from(origin, first)
    }
}

/// Whether `day` is a weekend day where the person lives: the region of the locale the
/// environment names for dates and times (see [`weekend_of`]); Saturday and Sunday when the
/// locale names no region (C, POSIX, unset).
pub fn is_weekend(day: Weekday) -> bool {
    static FROM_LOCALE: OnceLock<&'static [Weekday]> = OnceLock::new();
    let weekend = WEEKEND_IN_THIS_THREAD.get().unwrap_or_else(|| {
        *FROM_LOCALE.get_or_init(|| {
            let name = crate::i18n::locale_of("LC_TIME", |var| std::env::var(var).ok());
            weekend_of(name.as_deref().and_then(territory).unwrap_or_default())
        })
    });
    weekend.contains(&day)
}

/// Takes the weekend of `territory` on this thread only, whatever the locale: for the UI tests.
pub fn weekend_of_territory_in_this_thread(territory: &str) {
    WEEKEND_IN_THIS_THREAD.set(Some(weekend_of(territory)));
}

thread_local! {
    static WEEKEND_IN_THIS_THREAD: Cell<Option<&'static [Weekday]>> = const { Cell::new(None) };
}

/// The region of a locale name, `EG` in `ar_EG.UTF-8@latin`.
fn territory(name: &str) -> Option<&str> {
    let (_, rest) = name.split_once('_')?;
    let end = rest.find(['.', '@']).unwrap_or(rest.len());
    Some(&rest[..end]).filter(|t| !t.is_empty())
}

/// The weekend days of a region (ISO 3166 code). The C library's locale data has no weekend
/// (`nl_langinfo` has the week's first day only), so this is CLDR's `weekData` (the
/// `weekendStart` and `weekendEnd` of its supplemental data, CLDR 44): Friday and Saturday in
/// most of the Arab world and in Israel, Thursday and Friday in Afghanistan, Friday alone in
/// Iran, Sunday alone in India and Uganda, Saturday and Sunday everywhere else.
pub fn weekend_of(territory: &str) -> &'static [Weekday] {
    use Weekday::{Friday, Saturday, Sunday, Thursday};
    match territory {
        "BH" | "DZ" | "EG" | "IL" | "IQ" | "JO" | "KW" | "LY" | "MV" | "OM" | "QA" | "SA"
        | "SD" | "SY" | "YE" => &[Friday, Saturday],
        "AF" => &[Thursday, Friday],
        "IR" => &[Friday],
        "IN" | "UG" => &[Sunday],
        _ => &[Saturday, Sunday],
    }
}

/// An item of glibc's locale data: a pointer to a string, or a 32-bit word in its place.
#[repr(C)]
union Langinfo {
    string: *mut libc::c_char,
    word: u32,
}

/// glibc's `_NL_ITEM(LC_TIME, n)` for the week's first day and the locale's first weekday
/// (`langinfo.h`; the libc crate does not name them).
const NL_TIME_WEEK_1STDAY: libc::nl_item = (libc::LC_TIME << 16) | 0x66;
const NL_TIME_FIRST_WEEKDAY: libc::nl_item = (libc::LC_TIME << 16) | 0x68;

/// The week's first day from a locale's `week` origin (the date of its day 1: 1997-11-30, a
/// Sunday, or 1997-12-01, a Monday) and `first_weekday` (1 is that day 1), as GTK computes it.
fn week_start_from(origin: usize, first_weekday: u8) -> Option<Weekday> {
    let day_one = match origin {
        19971130 => Weekday::Sunday,
        19971201 => Weekday::Monday,
        _ => return None,
    };
    let after = first_weekday.checked_sub(1).filter(|days| *days < 7)?;
    Some(day_one.wrapping_add(after))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The week's first day as GTK reads it: `en_US` (`week 7;19971130;1`, `first_weekday 1`)
    /// starts on Sunday, `de_DE` (`first_weekday 2`) on Monday, `ar_EG` (7) on Saturday.
    #[test]
    fn a_locales_week_data_gives_its_first_day() {
        assert_eq!(week_start_from(19971130, 1), Some(Weekday::Sunday));
        assert_eq!(week_start_from(19971130, 2), Some(Weekday::Monday));
        assert_eq!(week_start_from(19971130, 7), Some(Weekday::Saturday));
        assert_eq!(week_start_from(19971201, 1), Some(Weekday::Monday));
        assert_eq!(week_start_from(19971201, 7), Some(Weekday::Sunday));
        assert_eq!(week_start_from(19971130, 0), None);
        assert_eq!(week_start_from(19971130, 8), None);
        assert_eq!(week_start_from(20000101, 1), None);
    }

    /// Regression test for issue 48 item 6: the calendar's weekend was Saturday and Sunday in
    /// every locale; it is the region's, as CLDR has it.
    #[test]
    fn the_weekend_is_the_regions() {
        use Weekday::{Friday, Saturday, Sunday, Thursday};
        for (locale, weekend) in [
            ("ar_EG.UTF-8", &[Friday, Saturday][..]),
            ("he_IL.UTF-8", &[Friday, Saturday][..]),
            ("ar_SA", &[Friday, Saturday][..]),
            ("fa_IR.UTF-8", &[Friday][..]),
            ("ps_AF.UTF-8", &[Thursday, Friday][..]),
            ("hi_IN.UTF-8", &[Sunday][..]),
            ("de_DE.UTF-8@euro", &[Saturday, Sunday][..]),
            ("en_US.UTF-8", &[Saturday, Sunday][..]),
            ("ar_AE.UTF-8", &[Saturday, Sunday][..]),
            ("C.UTF-8", &[Saturday, Sunday][..]),
        ] {
            let got = weekend_of(territory(locale).unwrap_or_default());
            assert_eq!(got, weekend, "{locale}");
        }
        assert_eq!(territory("sr_RS@latin"), Some("RS"));
        assert_eq!(territory("POSIX"), None);
        weekend_of_territory_in_this_thread("EG");
        assert!(is_weekend(Friday) && is_weekend(Saturday) && !is_weekend(Sunday));
    }

    /// A zone from the system's zoneinfo, as `TZ=Asia/Tokyo` names it.
    fn zone(name: &str) -> TimeZone {
        TimeZone::get(name).unwrap_or_else(|e| panic!("{name} from /usr/share/zoneinfo: {e}"))
    }

    fn at(zone_name: &str, text: &str) -> Zoned {
        let dt: DateTime = text.parse().expect("a civil date-time");
        dt.to_zoned(zone(zone_name)).expect("in the zone")
    }

    /// Regression: jiff was built without its zoneinfo reader, so `TZ=Asia/Tokyo` fell back
    /// to UTC in both front ends. Two IANA zones, one with summer time.
    #[test]
    fn iana_zones_are_read_from_the_system() {
        let tokyo = at("Asia/Tokyo", "2026-07-01T14:20");
        assert_eq!(tokyo.offset().seconds(), 9 * 3600);
        let winter = at("America/New_York", "2026-01-15T08:00");
        let summer = at("America/New_York", "2026-07-15T08:00");
        assert_eq!(winter.offset().seconds(), -5 * 3600);
        assert_eq!(summer.offset().seconds(), -4 * 3600);
    }

    /// Regression test for issue 48 item 2: the picker opened on today for a date typed in
    /// Arabic-Indic digits, and Up left it as typed; both read it, and write ASCII.
    #[test]
    fn a_date_in_other_digits_is_read_by_the_picker_and_the_step() {
        let now = at("Asia/Tokyo", "2026-07-01T14:20:31");
        for (kind, typed, shown_at, later) in [
            (
                DateKind::Date,
                "٢٠٢٦-١٢-٢٠",
                "2026-12-20T00:00:00",
                "2026-12-21",
            ),
            (
                DateKind::DateTime,
                "۲۰۲۶-۱۲-۲۰T۱۴:۳۰:۰۰+۰۹:۰۰",
                "2026-12-20T14:30:00",
                "2026-12-21T14:30:00+09:00",
            ),
        ] {
            assert_eq!(shown(kind, typed, &now).to_string(), shown_at, "{typed}");
            assert_eq!(
                step(kind, typed, true, &now).as_deref(),
                Some(later),
                "{typed}"
            );
        }
    }

    #[test]
    fn an_empty_date_time_starts_at_the_next_whole_hour() {
        for (zone_name, now, want) in [
            (
                "Asia/Tokyo",
                "2026-07-01T14:20:31",
                "2026-07-01T15:00:00+09:00",
            ),
            (
                "Asia/Tokyo",
                "2026-07-01T15:00:00",
                "2026-07-01T16:00:00+09:00",
            ),
            (
                "Asia/Tokyo",
                "2026-12-31T23:30:00",
                "2027-01-01T00:00:00+09:00",
            ),
            (
                "America/New_York",
                "2026-01-15T08:05",
                "2026-01-15T09:00:00-05:00",
            ),
            // The night summer time starts: 01:30 plus an hour is 03:00.
            (
                "America/New_York",
                "2026-03-08T01:30",
                "2026-03-08T03:00:00-04:00",
            ),
            ("UTC", "2026-01-15T08:05", "2026-01-15T09:00:00Z"),
        ] {
            let now = at(zone_name, now);
            assert_eq!(
                step(DateKind::DateTime, "", true, &now).as_deref(),
                Some(want),
                "{zone_name} {now}"
            );
            assert_eq!(
                step(DateKind::DateTime, "  ", false, &now).as_deref(),
                Some(want)
            );
        }
        let now = at("Asia/Tokyo", "2026-12-31T23:30");
        assert_eq!(
            step(DateKind::Date, "", true, &now).as_deref(),
            Some("2026-12-31")
        );
    }

    #[test]
    fn steps_move_a_day_and_keep_the_time() {
        let now = at("America/New_York", "2026-01-15T08:05");
        for (kind, text, later, want) in [
            (DateKind::Date, "2024-02-28", true, Some("2024-02-29")),
            (DateKind::Date, " 2024-03-01 ", false, Some("2024-02-29")),
            (DateKind::Date, "2024-02-30", true, None),
            (DateKind::Date, "9999-12-31", true, None),
            (DateKind::Date, "0000-01-01", false, None),
            // Written in another offset than the person's: the offset stays.
            (
                DateKind::DateTime,
                "2026-12-31T23:00:00+01:00",
                true,
                Some("2027-01-01T23:00:00+01:00"),
            ),
            (
                DateKind::DateTime,
                "2026-12-31T23:00:00.120z",
                true,
                Some("2027-01-01T23:00:00.12Z"),
            ),
            // In the person's zone: the new date's offset, across the change to summer time.
            (
                DateKind::DateTime,
                "2026-03-07T12:00:00-05:00",
                true,
                Some("2026-03-08T12:00:00-04:00"),
            ),
            (DateKind::DateTime, "2026-03-07T12:00:00", true, None),
            (DateKind::DateTime, "2026-03-07", true, None),
        ] {
            assert_eq!(
                step(kind, text, later, &now).as_deref(),
                want,
                "{kind:?} {text}"
            );
        }
    }

    #[test]
    fn a_picker_shows_what_the_field_holds_or_where_it_starts() {
        let now = at("Asia/Tokyo", "2026-07-01T14:20");
        for (kind, text, want) in [
            (DateKind::DateTime, "", "2026-07-01T15:00"),
            (DateKind::DateTime, "2026-07-01T1", "2026-07-01T15:00"),
            (
                DateKind::DateTime,
                "2030-02-03T04:05:06-07:00",
                "2030-02-03T04:05:06",
            ),
            (DateKind::Date, "", "2026-07-01T00:00"),
            (DateKind::Date, "2030-02-03", "2030-02-03T00:00"),
        ] {
            let want: DateTime = want.parse().expect("civil");
            assert_eq!(shown(kind, text, &now), want, "{text}");
        }
    }

    #[test]
    fn a_picked_time_is_written_in_the_persons_zone() {
        let tokyo = zone("Asia/Tokyo");
        let new_york = zone("America/New_York");
        let picked = |date: &str, h, m| {
            let date: Date = date.parse().expect("date");
            with_time(with_date(DateTime::default(), date), h, m)
        };
        for (held, chosen, zone, want) in [
            (
                "",
                picked("2026-07-01", 18, 0),
                &tokyo,
                "2026-07-01T18:00:00+09:00",
            ),
            (
                "",
                picked("2026-07-01", 18, 30),
                &new_york,
                "2026-07-01T18:30:00-04:00",
            ),
            (
                "",
                picked("2026-12-01", 18, 30),
                &new_york,
                "2026-12-01T18:30:00-05:00",
            ),
            // The clock skips 02:30 that night in New York: it reads as 03:30.
            (
                "",
                picked("2026-03-08", 2, 30),
                &new_york,
                "2026-03-08T03:30:00-04:00",
            ),
            // Held in the zone's winter offset, moved to summer: the summer offset.
            (
                "2026-01-10T09:00:00-05:00",
                picked("2026-07-10", 9, 0),
                &new_york,
                "2026-07-10T09:00:00-04:00",
            ),
            // Held in another offset: it stays.
            (
                "2026-01-10T09:00:00+01:00",
                picked("2026-07-10", 9, 15),
                &tokyo,
                "2026-07-10T09:15:00+01:00",
            ),
        ] {
            assert_eq!(
                text(DateKind::DateTime, held, chosen, zone).as_deref(),
                Some(want),
                "{held} {chosen}"
            );
        }
        assert_eq!(
            text(DateKind::Date, "", picked("2026-07-01", 18, 0), &tokyo).as_deref(),
            Some("2026-07-01")
        );
        // Before 1888 Tokyo kept local mean time, +09:18:59: written to the minute.
        assert_eq!(
            text(DateKind::DateTime, "", picked("1880-01-01", 12, 0), &tokyo).as_deref(),
            Some("1880-01-01T12:00:00+09:18")
        );
    }
}

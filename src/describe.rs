//! Words a person reads that both front ends share.

/// `seconds` the way a person reads a time left: `45 s`, `3 min 20 s`, `2 h 05 min`,
/// `11574 d 01 h`; the two largest units, never a nine-digit count of seconds.
pub fn time_left(seconds: u64) -> String {
    let (days, hours, minutes, secs) = (
        seconds / 86_400,
        seconds / 3_600 % 24,
        seconds / 60 % 60,
        seconds % 60,
    );
    if days > 0 {
        format!("{days} d {hours:02} h")
    } else if hours > 0 {
        format!("{hours} h {minutes:02} min")
    } else if minutes > 0 {
        format!("{minutes} min {secs:02} s")
    } else {
        format!("{secs} s")
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

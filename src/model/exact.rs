//! Numbers compared exactly: bounds, typed values and `multipleOf` as integers where they are
//! whole, so that 2^53 + 1 is never rounded to its float neighbour; and decimals as written,
//! so that a typed decimal is sent only as a number that says exactly it.

use serde_json::Number;

/// A JSON number compared exactly: a whole number as an integer (so 2^53 + 1 stays itself and
/// is never rounded to its float neighbour), anything else as the float it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Exact {
    /// A whole number.
    Int(i128),
    /// A number with a fraction, or too large for an `i128`.
    Float(f64),
}

/// 2^53: from here on not every whole number has a float of its own.
const EXACT_FLOAT_LIMIT: f64 = 9_007_199_254_740_992.0;

impl Exact {
    /// The exact value of `n`: what is compared when `n` is sent in an answer.
    pub fn of(n: &Number) -> Option<Self> {
        if let Some(i) = n.as_i64() {
            return Some(Self::Int(i.into()));
        }
        if let Some(u) = n.as_u64() {
            return Some(Self::Int(u.into()));
        }
        let f = n.as_f64().filter(|f| f.is_finite())?;
        // Every whole float below 2^127 has an exact i128.
        if f.fract() == 0.0 && f.abs() < 1.0e38 {
            Some(Self::Int(f as i128))
        } else {
            Some(Self::Float(f))
        }
    }

    /// The exact value of a bound `n` as the request wrote it, or `None` for a float of 2^53
    /// or more, which may not be the number written: serde_json reads `9007199254740993.0`
    /// and `18446744073709551616` as rounded floats.
    pub fn of_bound(n: &Number) -> Option<Self> {
        if !(n.is_i64() || n.is_u64()) && n.as_f64().is_some_and(|f| f.abs() >= EXACT_FLOAT_LIMIT) {
            return None;
        }
        Self::of(n)
    }

    /// Whether this is a whole number.
    pub fn is_whole(self) -> bool {
        matches!(self, Self::Int(_))
    }

    /// The smallest whole number at or above this one.
    pub fn ceil(self) -> i128 {
        match self {
            Self::Int(i) => i,
            Self::Float(f) => f.ceil() as i128,
        }
    }

    /// The largest whole number at or below this one.
    pub fn floor(self) -> i128 {
        match self {
            Self::Int(i) => i,
            Self::Float(f) => f.floor() as i128,
        }
    }

    /// The nearest float, for tests and estimates; never for comparisons.
    pub fn approx(self) -> f64 {
        match self {
            Self::Int(i) => i as f64,
            Self::Float(f) => f,
        }
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        use std::cmp::Ordering;
        // Exact: the float's floor is a whole float, exactly an i128 when below 2^127.
        let int_float = |i: i128, f: f64| {
            let floor = f.floor();
            if floor >= 1.0e38 {
                Ordering::Less
            } else if floor <= -1.0e38 {
                Ordering::Greater
            } else {
                match i.cmp(&(floor as i128)) {
                    Ordering::Equal if f > floor => Ordering::Less,
                    other => other,
                }
            }
        };
        match (*self, *other) {
            (Self::Int(a), Self::Int(b)) => Some(a.cmp(&b)),
            (Self::Float(a), Self::Float(b)) => a.partial_cmp(&b),
            (Self::Int(a), Self::Float(b)) => Some(int_float(a, b)),
            (Self::Float(a), Self::Int(b)) => Some(int_float(b, a).reverse()),
        }
    }
}

impl std::fmt::Display for Exact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Int(i) => write!(f, "{i}"),
            Self::Float(x) => write!(f, "{x}"),
        }
    }
}

/// A decimal number as written, reduced to its value: `2.50`, `25e-1` and `0.25E1` are the
/// same decimal, and `1.00000000000000001` is not `1.0`. Only for comparing what was typed
/// with what would be sent; never rounded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decimal {
    /// Whether it is below zero (never for zero).
    negative: bool,
    /// Its significant digits, without leading or trailing zeros (empty for zero).
    digits: String,
    /// The power of ten the digits are multiplied by (0 for zero).
    exponent: i64,
}

impl Decimal {
    /// The decimal `text` writes (`[+-]digits[.digits][e[+-]digits]`, either side of the
    /// point may be empty), or `None` when it is not one.
    pub fn parse(text: &str) -> Option<Self> {
        let (negative, text) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (mantissa, exponent) = text.split_once(['e', 'E']).unwrap_or((text, "0"));
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        let exponent_digits = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
        if whole.len() + fraction.len() == 0
            || !all_digits(whole)
            || !all_digits(fraction)
            || exponent_digits.is_empty()
            || !all_digits(exponent_digits)
        {
            return None;
        }
        let digits = format!("{whole}{fraction}");
        let significant = digits.trim_start_matches('0');
        let trimmed = significant.trim_end_matches('0');
        if trimmed.is_empty() {
            return Some(Self {
                negative: false,
                digits: String::new(),
                exponent: 0,
            });
        }
        // Zero is zero whatever its exponent; any other number's must fit.
        let exponent = exponent.parse::<i64>().ok()?;
        let dropped = i64::try_from(significant.len() - trimmed.len()).ok()?;
        let shift = i64::try_from(fraction.len()).ok()?;
        Some(Self {
            negative,
            digits: trimmed.to_owned(),
            exponent: exponent.checked_sub(shift)?.checked_add(dropped)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same decimal however written; a digit more or less is another.
    #[test]
    fn decimals_compare_by_value_as_written() {
        let same = [
            ("2.5", "2.50"),
            ("2.5", "25e-1"),
            ("2.5", "0.25E1"),
            ("2.5", "+2.5"),
            ("1000.0", "1e3"),
            ("1e+23", "100000000000000000000000"),
            ("0.0", "-0"),
            ("0", "0e-400"),
            ("0", "0e99999999999999999999"),
            (".5", "0.5"),
            ("5.", "5"),
            ("-1.5", "-15e-1"),
        ];
        for (a, b) in same {
            assert_eq!(Decimal::parse(a), Decimal::parse(b), "{a} {b}");
            assert!(Decimal::parse(a).is_some(), "{a}");
        }
        let different = [
            ("1.00000000000000001", "1.0"),
            ("0.10000000000000000001", "0.1"),
            ("4.9e-324", "5e-324"),
            ("-2.5", "2.5"),
            ("1e3", "1e4"),
        ];
        for (a, b) in different {
            assert_ne!(Decimal::parse(a), Decimal::parse(b), "{a} {b}");
        }
        for not in [
            "",
            ".",
            "e5",
            "1e",
            "1.2.3",
            "--1",
            "0x10",
            "1e99999999999999999999",
        ] {
            assert_eq!(Decimal::parse(not), None, "{not:?}");
        }
    }
}

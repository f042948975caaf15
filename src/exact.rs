//! Numbers compared exactly: bounds, typed values and `multipleOf` as integers where they are
//! whole, so that 2^53 + 1 is never rounded to its float neighbour.

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

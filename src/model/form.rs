//! The validated form: what the window shows. [`crate::model::schema`] builds it from
//! `requestedSchema` (or refuses it); after that nothing reads the schema's JSON again.

use serde_json::{Number, Value};

pub use crate::model::exact::Exact;
pub use crate::model::pattern::{PATTERN_TIME_LIMIT, Pattern};

/// A form ready to show: the message and its fields in request order.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// The text the server shows above the fields.
    pub message: String,
    /// The schema's own `title`, if any.
    pub title: Option<String>,
    /// The schema's own `description`, if any.
    pub description: Option<String>,
    /// The fields, in the order the request lists them.
    pub fields: Vec<Field>,
    /// SHA-256 of the message and the `requestedSchema` as the request gave them: the same
    /// form asked again has the same digest, whatever its fields became here (what a draft
    /// is kept for, see the process layer's `drafts`).
    pub digest: [u8; 32],
}

/// One property of the schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The property name: the key in the answer's `content`.
    pub name: String,
    /// What the person reads: the `title`, else the name.
    pub label: String,
    /// Help text shown with the field.
    pub description: Option<String>,
    /// Whether `required` lists the field.
    pub required: bool,
    /// What kind of control, with its constraints.
    pub kind: FieldKind,
}

/// The kinds of field the contract allows.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldKind {
    /// Free text, maybe with a format.
    Text(TextSpec),
    /// A number or an integer.
    Number(NumberSpec),
    /// A checkbox.
    Boolean {
        /// The pre-set value.
        default: Option<bool>,
        /// The only value allowed (`enum: [true]`), e.g. "I accept the terms" must be ticked.
        must_be: Option<bool>,
    },
    /// One of several options.
    Choice(ChoiceSpec),
    /// Any number of several options.
    MultiChoice(MultiChoiceSpec),
    /// One allowed value (`const`): shown, not editable, always sent.
    Fixed(FixedSpec),
}

/// A field whose one value is given by the request.
#[derive(Debug, Clone, PartialEq)]
pub struct FixedSpec {
    /// The value sent: a string, a number or a boolean.
    pub value: Value,
    /// How it is shown to the person.
    pub shown: String,
}

impl FieldKind {
    /// Whether the window offers a calendar for this field (`date` and `date-time`).
    pub fn has_date_picker(&self) -> bool {
        matches!(
            self,
            Self::Text(TextSpec {
                format: Some(Format::Date | Format::DateTime),
                ..
            })
        )
    }
}

/// Constraints of a text field.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextSpec {
    /// The fewest code points allowed.
    pub min_length: Option<u64>,
    /// The most code points allowed.
    pub max_length: Option<u64>,
    /// A format the text must have.
    pub format: Option<Format>,
    /// An ECMA-262 regular expression the text must match somewhere.
    pub pattern: Option<Pattern>,
    /// The pre-filled text.
    pub default: Option<String>,
}

/// The string formats the contract allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// An email address.
    Email,
    /// An absolute URI.
    Uri,
    /// A calendar date, `YYYY-MM-DD`.
    Date,
    /// An RFC 3339 date and time with an offset.
    DateTime,
    /// An RFC 4122 UUID in its text form.
    Uuid,
    /// An RFC 3339 `full-time`, with its offset.
    Time,
    /// An ISO 8601 duration as RFC 3339 Appendix A writes it.
    Duration,
    /// An IPv4 address, dotted quad.
    Ipv4,
    /// An IPv6 address (RFC 4291).
    Ipv6,
    /// An RFC 1123 host name.
    Hostname,
}

impl Format {
    /// Every format, in the order the help lists them.
    pub const ALL: [Format; 10] = [
        Self::Email,
        Self::Uri,
        Self::Date,
        Self::DateTime,
        Self::Uuid,
        Self::Time,
        Self::Duration,
        Self::Ipv4,
        Self::Ipv6,
        Self::Hostname,
    ];

    /// The name used in JSON Schema.
    pub fn name(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Uri => "uri",
            Self::Date => "date",
            Self::DateTime => "date-time",
            Self::Uuid => "uuid",
            Self::Time => "time",
            Self::Duration => "duration",
            Self::Ipv4 => "ipv4",
            Self::Ipv6 => "ipv6",
            Self::Hostname => "hostname",
        }
    }

    /// The format named `name` in JSON Schema, if we check it.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Constraints of a number field.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NumberSpec {
    /// Whole numbers only.
    pub integer: bool,
    /// The smallest value allowed.
    pub minimum: Option<Exact>,
    /// The largest value allowed.
    pub maximum: Option<Exact>,
    /// Values must be greater than this.
    pub exclusive_minimum: Option<Exact>,
    /// Values must be less than this.
    pub exclusive_maximum: Option<Exact>,
    /// Values must be whole multiples of this (at least 1).
    pub multiple_of: Option<u64>,
    /// The pre-filled value.
    pub default: Option<Number>,
}

/// One option of a choice: what is sent and what is shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The value sent in the answer: a string, or a number for a numeric enum.
    pub value: Value,
    /// The text the person reads.
    pub label: String,
}

/// A single choice.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChoiceSpec {
    /// The options, in request order.
    pub options: Vec<Choice>,
    /// Index of the pre-selected option.
    pub default: Option<usize>,
}

/// A multi-select.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MultiChoiceSpec {
    /// The options, in request order.
    pub options: Vec<Choice>,
    /// The fewest options to choose.
    pub min_items: Option<u64>,
    /// The most options to choose.
    pub max_items: Option<u64>,
    /// Indices of the pre-chosen options, if the schema has a default.
    pub default: Option<Vec<usize>>,
}

/// The message as the person reads it: a run of blank lines becomes one blank line, so that
/// a message cannot push who asks, or its own start, out of sight with empty lines. Blank
/// means nothing but white space.
pub fn collapse_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_run = 0;
    for (i, line) in text.split('\n').enumerate() {
        if line.trim().is_empty() {
            blank_run += 1;
            if blank_run > 1 {
                continue;
            }
        } else {
            blank_run = 0;
        }
        if i > 0 {
            out.push('\n');
        }
        out.push_str(if line.trim().is_empty() { "" } else { line });
    }
    out
}

/// An option value as the person reads it: a string as is, a number as written.
pub fn value_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Text as a person sees it: NFC, without invisible (default-ignorable) characters, white
/// space runs as one space, trimmed. Two labels with the same visible text look identical.
pub fn visible_text(text: &str) -> String {
    let invisible = |c: char| {
        matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
            | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
            || c.is_control()
    };
    let visible: String = text.chars().filter(|c| !invisible(*c)).collect();
    let normal = icu_normalizer::ComposingNormalizerBorrowed::new_nfc().normalize(&visible);
    normal.split_whitespace().collect::<Vec<_>>().join(" ")
}

//! The form model: a request's bytes read into a validated form (the one parse), what each field
//! accepts and how its value is checked, the words a person reads about it, and the answer made of
//! its values. No I/O beyond what it is given; every front end and adapter builds on it.

pub mod answer;
pub mod claude_questions;
pub mod datetime;
pub mod describe;
pub mod error;
pub mod exact;
pub mod form;
pub mod formats;
pub mod load;
pub mod markdown;
pub mod normalize;
pub mod pattern;
pub mod request;
pub mod schema;
pub mod summary;
pub mod url;
pub mod validate;

//! Text we do not control, made safe to show: untrusted names and messages escaped and isolated,
//! and which way a paragraph runs.

pub mod bidi;
pub mod untrusted;

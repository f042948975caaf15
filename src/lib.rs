//! `form-elicitation`: answer one MCP elicitation request in a native window or a terminal.
//!
//! Data flows one way: bytes in → [`request`] → [`form::Form`] → [`validate::FieldState`]s →
//! [`answer::Answer`] → one line out. The binary in `main.rs` wires these to the CLI, the
//! window in [`ui`] and the terminal dialog in [`terminal`].

#[macro_use]
pub mod i18n;

pub mod answer;
pub mod cli;
pub mod datetime;
pub mod describe;
pub mod error;
pub mod exact;
pub mod exit;
pub mod form;
pub mod formats;
pub mod generate;
pub mod load;
pub mod normalize;
pub mod output;
pub mod pattern;
pub mod proxy;
pub mod request;
pub mod schema;
pub mod signals;
pub mod summary;
pub mod terminal;
pub mod ui;
pub mod url;
pub mod validate;

//! `form-elicitation`: answer one MCP elicitation request in a native window or a terminal.
//!
//! Data flows one way: bytes in → [`request`] → [`form::Form`] → [`validate::FieldState`]s →
//! [`answer::Answer`] → one line out. The binary in `main.rs` wires these together: the CLI
//! ([`cli`]), [`load`], [`show`] (the window in [`ui`] or the terminal dialog in [`terminal`])
//! and the one [`delivery`] of the answer.

#[macro_use]
pub mod i18n;

pub mod answer;
pub mod bidi;
pub mod cancel;
pub mod child;
pub mod claude_code;
pub mod claude_questions;
pub mod cli;
pub mod datetime;
pub mod deadline;
pub mod delivery;
pub mod describe;
pub mod drafts;
pub mod error;
pub mod exact;
pub mod exit;
pub mod form;
pub mod formats;
pub mod generate;
pub mod load;
pub mod markdown;
pub mod normalize;
pub mod output;
pub mod pattern;
pub mod presentation;
pub mod private_folder;
pub mod proxy;
pub mod queue;
pub mod request;
pub mod schema;
pub mod serve;
pub mod session;
pub mod show;
pub mod signals;
pub mod summary;
pub mod terminal;
pub mod ui;
pub mod untrusted;
pub mod url;
pub mod validate;

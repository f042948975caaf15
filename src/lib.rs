//! `form-elicitation`: answer one MCP elicitation request in a native window.
//!
//! Data flows one way: bytes in → [`request`] → [`form::Form`] → [`validate::FieldState`]s →
//! [`answer::Answer`] → one line out. The binary in `main.rs` wires these to the CLI and the
//! window in [`ui`].

pub mod answer;
pub mod cli;
pub mod error;
pub mod form;
pub mod normalize;
pub mod output;
pub mod request;
pub mod signals;
pub mod summary;
pub mod ui;
pub mod validate;

//! `form-elicitation`: answer one MCP elicitation request in a native window or a terminal.
//!
//! Data flows one way: bytes in → [`request`] → [`form::Form`] → [`validate::FieldState`]s →
//! [`answer::Answer`] → one line out. The binary in `main.rs` wires these together: the CLI
//! ([`cli`]), [`load`], [`show`] (the window in [`ui`] or the terminal dialog in [`terminal`])
//! and the one [`delivery`] of the answer.

#[macro_use]
pub mod i18n;

pub mod claude_code;
pub mod cli;
pub mod generate;
pub mod model;
pub mod presentation;
pub mod process;
pub mod proxy;
pub mod serve;
pub mod show;
pub mod terminal;
pub mod text;
pub mod ui;

//! The integration tests, one binary with a module per concern (as fd and ripgrep keep them):
//! ten binaries each linking egui cost minutes on a two-core machine.
//!
//! - `a11y`: what a screen reader reads, through AT-SPI.
//! - `claude_code`: Claude Code itself (npm's, pinned) with the README's hooks, against a
//!   stand-in model API: Claude's questions answered in our window.
//! - `cli`: the binary without a display or a terminal: `--check`, refusals, exit codes.
//! - `conformance`: every fixture and example answered through the UI, checked by `jsonschema`.
//! - `fuzz`: a bounded mutation fuzzer and the hostile inputs found with it.
//! - `hook`: Claude Code's hooks, run as Claude Code runs them (`/bin/sh -c`, JSON on stdin).
//! - `hostile`: hostile text in the window (kittest).
//! - `keyboard`: every field kind answered with the keyboard alone (kittest).
//! - `proxy`: `form-elicitation proxy` between the Python SDK's client and server.
//! - `runner`: the test command, `scripts/test`: the skip log and its summary, the root steps.
//! - `serve`: `form-elicitation serve` under Xvfb and askers on its socket.
//! - `session`: the helper and the proxy started as clients start them, finding the session.
//! - `properties`: random requests and edits, every answer checked by `jsonschema`.
//! - `terminal`: the terminal dialog on a pseudo-terminal.
//! - `ui`: the form window's controls through AccessKit (kittest).
//! - `url`: URL mode, with the browser-made URL table (kittest).
//! - `wayland`: the real binary in a real window under a headless sway, driven with wtype.
//! - `window`: the real binary in a real window under Xvfb, driven with xdotool.

#[path = "../support/mod.rs"]
mod support;

mod a11y;
mod claude_code;
mod cli;
mod conformance;
mod fuzz;
mod hook;
mod hostile;
mod keyboard;
mod properties;
mod proxy;
mod read;
mod runner;
mod serve;
mod session;
mod terminal;
mod ui;
mod url;
mod wayland;
mod window;

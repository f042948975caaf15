//! Forms from another machine: `form-elicitation serve` shows requests that arrive on a Unix
//! socket, and the helper sends its request there when `FORM_ELICITATION_SOCKET` names one
//! (see `docs/serve.md`).

pub mod ask;
mod memory;
pub mod protocol;
pub mod serve;

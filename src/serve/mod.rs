//! `form-elicitation serve` and its askers: serve shows the requests that arrive on a Unix
//! socket (`listen`), and the helper sends its request there (`ask`) when `FORM_ELICITATION_SOCKET`
//! names one, or finds serve at its default place (see `docs/serve.md`).

pub mod ahead;
pub mod ask;
pub mod listen;
mod memory;
pub mod peer;
pub mod protocol;

//! The process around a dialog: how it is cancelled (signals, the parent's death, a deadline), the
//! one way its answer leaves and the exit code, its children, finding the person's session, and
//! what is kept between runs (a private folder, drafts).

pub mod cancel;
pub mod child;
pub mod deadline;
pub mod delivery;
pub mod drafts;
pub mod exit;
pub mod output;
pub mod peer;
pub mod private_folder;
pub mod queue;
pub mod session;
pub mod signals;

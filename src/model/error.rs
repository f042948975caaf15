//! Why a request was refused. Every variant reads as one line a person can act on.

use thiserror::Error;

/// A request we will not show: bad bytes, a bad shape, or a schema we cannot render faithfully.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum RequestError {
    /// The input is over [`crate::model::request::MAX_REQUEST_BYTES`].
    #[error("request is larger than 1 MiB")]
    TooLarge,
    /// Nothing but white space arrived.
    #[error("request is empty (expected one JSON object)")]
    Empty,
    /// The bytes are not UTF-8.
    #[error("request is not UTF-8 (invalid byte at offset {offset})")]
    NotUtf8 {
        /// Where the first invalid byte is.
        offset: usize,
    },
    /// The text is not JSON.
    #[error("request is not JSON: {0}")]
    NotJson(String),
    /// A JSON-RPC or input request whose method is not `elicitation/create`.
    #[error("method: unsupported method \"{0}\" (expected \"elicitation/create\")")]
    UnknownMethod(String),
    /// Something at `path` is wrong; `message` says what and how to fix it.
    #[error("{path}: {message}")]
    Invalid {
        /// Where in the request, e.g. `requestedSchema.properties.age`.
        path: String,
        /// What is wrong there.
        message: String,
    },
}

impl RequestError {
    /// Builds an [`RequestError::Invalid`].
    pub fn invalid(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Invalid {
            path: path.into(),
            message: message.into(),
        }
    }

    /// The JSON-RPC error code that fits: unknown method or invalid params.
    pub fn json_rpc_code(&self) -> i64 {
        match self {
            Self::UnknownMethod(_) => -32601,
            _ => -32602,
        }
    }
}

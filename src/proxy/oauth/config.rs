//! What the person told the proxy about signing in, read by the sign-in's steps.

use crate::cli::DisplayOptions;

/// What the person told the proxy about signing in.
#[derive(Debug, Clone)]
pub struct Config {
    /// `--url`, as given: the key of the stored sign-in.
    pub server: String,
    /// `--client-id`: a client registered beforehand with the authorization server.
    pub client_id: Option<String>,
    /// `--client-secret` (or its environment variable).
    pub client_secret: Option<String>,
    /// `--client-metadata-url`: our client ID metadata document, for servers that take one.
    pub client_metadata_url: Option<String>,
    /// How the consent is shown.
    pub display: DisplayOptions,
}

//! What is kept of one sign-in, wherever it is kept (the keyring or the file): the tokens, the
//! client they were issued to and the authorization server that issued them.

use serde::{Deserialize, Serialize};

/// What is kept for one server: the tokens and the client they were issued to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The bearer token.
    pub access_token: String,
    /// The token that gets a new one, when the server gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
    /// When the access token expires, in seconds since the Unix epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<u64>,
    /// The scopes asked for (a step-up adds to them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// The token endpoint, for refreshing.
    pub token_endpoint: String,
    /// The `resource` the tokens are for (RFC 8707).
    pub resource: String,
    /// The client the tokens were issued to.
    pub client_id: String,
    /// Its secret, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    /// How it proves itself at the token endpoint.
    pub auth_method: String,
    /// The authorization server that issued them (its issuer identifier): its tokens and
    /// client go to no other (absent in what older versions kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
}

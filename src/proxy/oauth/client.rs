//! The client that signs in and its requests to the authorization server: which client (one
//! registered beforehand, our client ID metadata document, or one registered now, RFC 7591)
//! and the token requests that authenticate it (RFC 6749), for a code or a refresh.

use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context as _, bail};
use serde_json::{Value, json};
use ureq::Agent;

use super::config::Config;
use super::discover::{self, AuthMethod};
use super::metadata::{Endpoints, read_json};
use super::pkce;
use super::store::Saved;

/// The client that signs in.
#[derive(Debug)]
pub struct Client {
    /// Its `client_id`.
    pub id: String,
    /// Its secret, for a confidential client.
    pub secret: Option<String>,
    /// How it authenticates at the token endpoint.
    pub method: AuthMethod,
}

/// The client to sign in as: the pre-registered one, our client ID metadata document,
/// or a freshly registered one.
pub fn choose(
    agent: &Agent,
    config: &Config,
    endpoints: &Endpoints,
    redirect_uri: &str,
    scope: Option<&str>,
) -> anyhow::Result<Client> {
    if let Some(id) = &config.client_id {
        let secret = config.client_secret.clone();
        let method = AuthMethod::choose(endpoints.auth_methods.as_deref(), secret.is_some());
        return Ok(Client {
            id: id.clone(),
            secret,
            method,
        });
    }
    if endpoints.client_id_metadata_documents
        && let Some(url) = &config.client_metadata_url
    {
        return Ok(Client {
            id: url.clone(),
            secret: None,
            method: AuthMethod::None,
        });
    }
    let Some(registration) = &endpoints.registration else {
        bail!(
            "the authorization server registers no clients by itself: register one there and give its ID with --client-id (and its secret in FORM_ELICITATION_CLIENT_SECRET)"
        );
    };
    let wanted = AuthMethod::for_registration(endpoints.auth_methods.as_deref());
    let mut body = json!({
        "client_name": "form-elicitation",
        "redirect_uris": [redirect_uri],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        "token_endpoint_auth_method": wanted.name(),
        // SEP-837: "MCP clients MUST specify an appropriate application_type"; a program
        // on the person's machine with a loopback redirect is a native one.
        "application_type": "native",
    });
    if let Some(scope) = scope {
        body["scope"] = json!(scope);
    }
    let response = agent
        .post(registration)
        .header("Accept", "application/json")
        .header("Content-Type", "application/json")
        .send(body.to_string())
        .map_err(|e| anyhow::anyhow!("{registration}: {e}"))?;
    let (status, answer) = read_json(response, registration)?;
    if !(200..300).contains(&status) {
        bail!("{registration}: the client registration was refused (HTTP {status}): {answer}");
    }
    let id = answer
        .get("client_id")
        .and_then(Value::as_str)
        .with_context(|| format!("{registration}: the registration gave no client_id"))?;
    let secret = answer
        .get("client_secret")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let method = answer
        .get("token_endpoint_auth_method")
        .and_then(Value::as_str)
        .and_then(AuthMethod::from_name)
        .unwrap_or(wanted);
    let method = if secret.is_none() {
        AuthMethod::None
    } else {
        method
    };
    Ok(Client {
        id: id.to_owned(),
        secret,
        method,
    })
}

/// A token request with the client's authentication; the tokens it gave.
pub fn token_request(
    agent: &Agent,
    endpoint: &str,
    client: &Client,
    mut form: Vec<(&str, String)>,
) -> anyhow::Result<Granted> {
    let mut request = agent.post(endpoint).header("Accept", "application/json");
    match (client.method, &client.secret) {
        (AuthMethod::ClientSecretBasic, Some(secret)) => {
            // RFC 6749 section 2.3.1: each part form-encoded before base64.
            let pair = format!(
                "{}:{}",
                url::form_urlencoded::byte_serialize(client.id.as_bytes()).collect::<String>(),
                url::form_urlencoded::byte_serialize(secret.as_bytes()).collect::<String>()
            );
            request = request.header(
                "Authorization",
                format!("Basic {}", pkce::base64(pair.as_bytes())),
            );
        }
        (AuthMethod::ClientSecretPost, Some(secret)) => {
            form.push(("client_id", client.id.clone()));
            form.push(("client_secret", secret.clone()));
        }
        _ => form.push(("client_id", client.id.clone())),
    }
    let response = request
        .send_form(form.iter().map(|(k, v)| (*k, v.as_str())))
        .map_err(|e| anyhow::anyhow!("{endpoint}: {e}"))?;
    let (status, answer) = read_json(response, endpoint)?;
    if status != 200 {
        let error = answer.get("error").and_then(Value::as_str).unwrap_or("");
        let description = answer
            .get("error_description")
            .and_then(Value::as_str)
            .unwrap_or("");
        bail!("{endpoint}: the token request was refused (HTTP {status}) {error} {description}");
    }
    let access_token = answer
        .get("access_token")
        .and_then(Value::as_str)
        .with_context(|| format!("{endpoint}: no access_token in the answer"))?;
    let token_type = answer
        .get("token_type")
        .and_then(Value::as_str)
        .unwrap_or("");
    if !token_type.eq_ignore_ascii_case("bearer") {
        bail!("{endpoint}: the token is of type {token_type:?}, not Bearer");
    }
    Ok(Granted {
        access_token: access_token.to_owned(),
        refresh_token: answer
            .get("refresh_token")
            .and_then(Value::as_str)
            .map(str::to_owned),
        expires_at: answer
            .get("expires_in")
            .and_then(Value::as_u64)
            .map(|s| now() + s),
        scope: answer
            .get("scope")
            .and_then(Value::as_str)
            .map(str::to_owned),
    })
}

/// What a token endpoint gave.
pub struct Granted {
    /// `access_token`.
    pub access_token: String,
    /// `refresh_token`, when it gave one.
    pub refresh_token: Option<String>,
    /// When the access token expires (seconds since the epoch), from `expires_in`.
    pub expires_at: Option<u64>,
    /// `scope`: what was granted, when it says.
    pub scope: Option<String>,
}

impl Granted {
    /// What is kept of these tokens, got from `token_endpoint` for `resource` by `client`,
    /// which `asked` for a scope.
    pub fn into_saved(
        self,
        token_endpoint: &str,
        resource: &str,
        client: &Client,
        asked: Option<String>,
    ) -> Saved {
        Saved {
            access_token: self.access_token,
            refresh_token: self.refresh_token,
            expires_at: self.expires_at,
            scope: discover::scopes(self.scope.as_deref(), None, asked.as_deref()),
            token_endpoint: token_endpoint.to_owned(),
            resource: resource.to_owned(),
            client_id: client.id.clone(),
            client_secret: client.secret.clone(),
            auth_method: client.method.name().to_owned(),
            issuer: None,
        }
    }
}

/// Seconds since the Unix epoch, as tokens expire.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

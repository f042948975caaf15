//! Discovery over HTTP: the protected resource's metadata (RFC 9728) and the authorization
//! server's (RFC 8414, OpenID discovery, or the 2025-03-26 defaults), fetched and checked. The
//! rules they follow (which URLs, what must match) are [`super::discover`]'s, without I/O.

use std::io::Read as _;

use anyhow::{Context as _, bail};
use serde_json::Value;
use ureq::Agent;
use url::Url;

use super::discover::{self, Challenge};

/// The authorization server's endpoints and what it supports.
#[derive(Debug, Default)]
pub struct Endpoints {
    /// The issuer identifier, as the resource named it and the metadata confirmed it.
    pub issuer: String,
    /// `authorization_response_iss_parameter_supported` (RFC 9207).
    pub iss_supported: bool,
    /// The authorization server's `scopes_supported`.
    pub scopes: Option<Vec<String>>,
    /// `authorization_endpoint`.
    pub authorization: String,
    /// `token_endpoint`.
    pub token: String,
    /// `registration_endpoint`, where clients register themselves (RFC 7591).
    pub registration: Option<String>,
    /// `token_endpoint_auth_methods_supported`.
    pub auth_methods: Option<Vec<String>>,
    /// `client_id_metadata_document_supported`.
    pub client_id_metadata_documents: bool,
}

/// The authorization server the protected resource metadata names now (the issuer
/// identifier as written there), the `resource` to ask tokens for, and the resource's
/// `scopes_supported`.
pub fn resource(
    agent: &Agent,
    server: &Url,
    challenge: &Challenge,
) -> anyhow::Result<(String, String, Option<Vec<String>>)> {
    let mut resource_metadata = None;
    for url in discover::resource_metadata_urls(server, challenge.resource_metadata.as_deref()) {
        if let Some(found) = get_json(agent, &url)? {
            resource_metadata = Some(found);
            break;
        }
    }
    let (issuer, resource, supported_scopes) = match &resource_metadata {
        Some(metadata) => {
            let resource = metadata.get("resource").and_then(Value::as_str);
            if let Some(resource) = resource
                && !discover::resource_matches(server, resource)
            {
                bail!(
                    "the server's protected resource metadata is for {resource}, not {server}: not signing in"
                );
            }
            let issuer = metadata
                .pointer("/authorization_servers/0")
                .and_then(Value::as_str)
                .context("the protected resource metadata names no authorization server")?
                .to_owned();
            let scopes = metadata
                .get("scopes_supported")
                .and_then(Value::as_array)
                .map(|list| {
                    list.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect::<Vec<_>>()
                });
            let resource = resource
                .map(str::to_owned)
                .unwrap_or_else(|| discover::canonical_resource(server));
            (issuer, resource, scopes)
        }
        // 2025-03-26: the MCP server's origin is the authorization server.
        None => {
            let issuer = server.origin().ascii_serialization();
            (issuer, discover::canonical_resource(server), None)
        }
    };
    Ok((issuer, resource, supported_scopes))
}

/// The authorization server's metadata, or the 2025-03-26 default endpoints; refused when
/// it is for another issuer, has no PKCE with S256, or an endpoint is not HTTPS.
pub fn endpoints(agent: &Agent, issuer: &str) -> anyhow::Result<Endpoints> {
    let endpoints = read_endpoints(agent, issuer)?;
    discover::check_endpoint("authorization endpoint", &endpoints.authorization)
        .map_err(anyhow::Error::msg)?;
    discover::check_endpoint("token endpoint", &endpoints.token).map_err(anyhow::Error::msg)?;
    if let Some(registration) = &endpoints.registration {
        discover::check_endpoint("registration endpoint", registration)
            .map_err(anyhow::Error::msg)?;
    }
    Ok(endpoints)
}

fn read_endpoints(agent: &Agent, issuer_text: &str) -> anyhow::Result<Endpoints> {
    let issuer = &Url::parse(issuer_text)
        .with_context(|| format!("the authorization server {issuer_text:?}"))?;
    for url in discover::authorization_server_metadata_urls(issuer) {
        let Some(metadata) = get_json(agent, &url)? else {
            continue;
        };
        let text = |name: &str| {
            metadata
                .get(name)
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        let strings = |name: &str| -> Option<Vec<String>> {
            metadata.get(name).and_then(Value::as_array).map(|list| {
                list.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
        };
        let methods = strings("token_endpoint_auth_methods_supported");
        // RFC 8414 section 3.3: "The "issuer" value returned MUST be identical to the
        // authorization server's issuer identifier value into which the well-known URI
        // string was inserted"; otherwise another server's endpoints would get our code.
        let named = metadata.get("issuer").and_then(Value::as_str);
        if named != Some(issuer_text) {
            bail!(
                "{url}: the authorization server's metadata is for issuer {}, not {issuer_text:?} (RFC 8414: the issuer MUST be identical): not signing in",
                named.map_or_else(|| "(none)".to_owned(), |n| format!("{n:?}"))
            );
        }
        // MCP 2025-11-25: "If code_challenge_methods_supported is absent, the
        // authorization server does not support PKCE and MCP clients MUST refuse to
        // proceed."
        let Some(pkce_methods) = metadata
            .get("code_challenge_methods_supported")
            .and_then(Value::as_array)
        else {
            bail!(
                "{url}: the authorization server {issuer_text} lists no code_challenge_methods_supported, so it may not support PKCE (clients MUST refuse to proceed): not signing in"
            );
        };
        if !pkce_methods.iter().any(|m| m == "S256") {
            bail!(
                "{url}: the authorization server {issuer_text} does not support PKCE with S256 (code_challenge_methods_supported): not signing in"
            );
        }
        let scopes = strings("scopes_supported");
        return Ok(Endpoints {
            issuer: issuer_text.to_owned(),
            iss_supported: metadata
                .get("authorization_response_iss_parameter_supported")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            scopes,
            authorization: text("authorization_endpoint")
                .with_context(|| format!("{url}: no authorization_endpoint"))?,
            token: text("token_endpoint").with_context(|| format!("{url}: no token_endpoint"))?,
            registration: text("registration_endpoint"),
            auth_methods: methods,
            client_id_metadata_documents: metadata
                .get("client_id_metadata_document_supported")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        });
    }
    let at = |path: &str| {
        let mut url = issuer.clone();
        url.set_path(path);
        url.to_string()
    };
    Ok(Endpoints {
        issuer: issuer_text.to_owned(),
        authorization: at("/authorize"),
        token: at("/token"),
        registration: Some(at("/register")),
        ..Endpoints::default()
    })
}

/// GETs `url` as JSON; `None` when it is not there (any status but 200, or not JSON).
fn get_json(agent: &Agent, url: &Url) -> anyhow::Result<Option<Value>> {
    let response = agent
        .get(url.as_str())
        .header("Accept", "application/json")
        .header("MCP-Protocol-Version", "2025-11-25")
        .call()
        .map_err(|e| anyhow::anyhow!("{url}: {e}"))?;
    let (status, value) = read_json(response, url.as_str())?;
    Ok((status == 200 && value.is_object()).then_some(value))
}

/// The status and JSON body of a response (`Null` when the body is not JSON).
pub fn read_json(
    response: ureq::http::Response<ureq::Body>,
    url: &str,
) -> anyhow::Result<(u16, Value)> {
    let status = response.status().as_u16();
    let mut body = String::new();
    response
        .into_body()
        .into_reader()
        .take(1024 * 1024)
        .read_to_string(&mut body)
        .with_context(|| format!("{url}: reading the answer"))?;
    Ok((status, serde_json::from_str(&body).unwrap_or(Value::Null)))
}

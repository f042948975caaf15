//! OAuth 2.1 sign-in for `proxy --url`, as the MCP authorization spec (2025-06-18,
//! 2025-11-25, 2026-07-28) asks of a client: a 401's `WWW-Authenticate` leads to the protected resource
//! metadata (RFC 9728), then to the authorization server's metadata (RFC 8414, OpenID
//! discovery, or the 2025-03-26 fallbacks), then to a client (pre-registered, a client ID
//! metadata document, or dynamic registration, RFC 7591), then to the authorization code
//! with PKCE (S256) and `resource` (RFC 8707). The person consents in our own URL window
//! before the browser opens; the redirect comes back to a loopback listener. Tokens are
//! refreshed when they expire or are refused, and a 403 `insufficient_scope` signs in again
//! with the scopes it names.
//!
//! The pure steps live in [`discover`], [`pkce`] and [`loopback`]; the metadata is fetched
//! by `metadata`, the client chosen and the tokens asked for by `client`. This module holds
//! the tokens, shared by every request of the transport, and decides when to refresh them
//! and when to sign in again, which it does with the person's consent and their browser.

mod client;
mod config;
pub mod discover;
pub mod keyring;
pub mod loopback;
mod metadata;
pub mod pkce;
pub mod saved;
pub mod store;

use std::sync::mpsc;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use anyhow::{Context as _, bail};
use serde_json::{Value, json};
use ureq::Agent;
use url::Url;

use super::event::note_line;
use crate::process::child::{Child, Ended};
use client::{Client, now};
pub use config::Config;
use discover::{AuthMethod, Challenge};
use loopback::{Loopback, Redirect};
use store::{Saved, Store};

/// How long the person has to finish signing in once they pressed Open.
const SIGN_IN_TIMEOUT: Duration = Duration::from_secs(600);
/// A token this close to its expiry is refreshed before it is used.
const EXPIRY_MARGIN: u64 = 30;

/// The sign-in of one server, shared by the transport's threads.
pub struct Auth {
    config: Config,
    server: Url,
    agent: Agent,
    store: Option<Store>,
    state: Mutex<Tokens>,
}

/// The tokens in use; `generation` counts the sign-ins and refreshes, so that a request
/// refused with an older token does not sign in again when another thread already has.
#[derive(Debug, Default)]
struct Tokens {
    saved: Option<Saved>,
    generation: u64,
}

impl Auth {
    /// The sign-in for `config.server`, with what the token file keeps for it.
    pub fn new(config: Config, agent: Agent) -> anyhow::Result<Self> {
        // The keyring item's label is in the person's language.
        crate::i18n::init_from_env(config.display.lang.as_deref());
        let store = match Store::open(note_line) {
            Ok(store) => Some(store),
            Err(error) => {
                note_line(&format!(
                    "{error:#}; the sign-in lasts as long as the proxy"
                ));
                None
            }
        };
        Self::with_store(config, agent, store)
    }

    /// The sign-in for `config.server`, kept in `store` (or only in memory).
    fn with_store(config: Config, agent: Agent, store: Option<Store>) -> anyhow::Result<Self> {
        let server = Url::parse(&config.server).context("the server URL")?;
        let saved = match &store {
            Some(store) => store.load(&config.server).unwrap_or_else(|error| {
                note_line(&format!("{error:#}"));
                None
            }),
            None => None,
        };
        Ok(Self {
            config,
            server,
            agent,
            store,
            state: Mutex::new(Tokens {
                saved,
                generation: 0,
            }),
        })
    }

    /// The access token for the next request (refreshed first when it has expired) and the
    /// generation it belongs to.
    pub fn bearer(&self) -> (Option<String>, u64) {
        let mut tokens = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let expired = tokens
            .saved
            .as_ref()
            .and_then(|s| s.expires_at)
            .is_some_and(|at| now() + EXPIRY_MARGIN >= at);
        if expired {
            let _lock = self.lock();
            // A refresh that fails leaves the old token: the server's 401 then signs in.
            if !self.adopt_newer(&mut tokens) {
                let _ = self.refresh(&mut tokens);
            }
        }
        let token = tokens.saved.as_ref().map(|s| s.access_token.clone());
        (token, tokens.generation)
    }

    /// After the server refused a request made with the token of `generation` (a 401, or a
    /// 403 `insufficient_scope`): refreshes the token, or signs in again.
    pub fn challenged(
        &self,
        generation: u64,
        status: u16,
        www_authenticate: Option<&str>,
    ) -> anyhow::Result<()> {
        let mut tokens = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if tokens.generation != generation {
            return Ok(());
        }
        let challenge = www_authenticate
            .map(discover::parse_challenge)
            .unwrap_or_default();
        let step_up = status == 403;
        // One sign-in at a time for this server, across proxies: wait for another one's to
        // end, then use what it got.
        let _lock = self.lock();
        if !step_up && self.adopt_newer(&mut tokens) {
            return Ok(());
        }
        // The resource may have moved to another authorization server (SEP-2352): then the
        // old one's refresh token and client are not used, not even sent there.
        // (A failed look-up leaves the refresh to try; a sign-in then needs it anyway.)
        let kept_issuer = tokens.saved.as_ref().and_then(|s| s.issuer.clone());
        let found = kept_issuer
            .as_ref()
            .map(|_| metadata::resource(&self.agent, &self.server, &challenge));
        let now_named = found.as_ref().and_then(|f| f.as_ref().ok()).map(|f| &f.0);
        if let (Some(kept), Some(issuer)) = (&kept_issuer, now_named)
            && kept != issuer
        {
            // A client registered beforehand is one authorization server's: it is not taken
            // to another (SEP-2352: "surface an error rather than silently attempting to use
            // mismatched credentials").
            if self.config.client_id.is_some() {
                bail!(
                    "the server now signs in with {issuer}, not {kept}, for which the client of --client-id was registered: register one with {issuer} and give its ID"
                );
            }
            note_line(&format!(
                "{}: the server now signs in with {issuer}; signing in there afresh",
                self.config.server
            ));
            tokens.saved = None;
        }
        if !step_up && self.refresh(&mut tokens).is_ok() {
            return Ok(());
        }
        let (issuer, resource, supported_scopes) = match found {
            Some(found) => found?,
            None => metadata::resource(&self.agent, &self.server, &challenge)?,
        };
        let already = if step_up {
            tokens.saved.as_ref().and_then(|s| s.scope.clone())
        } else {
            None
        };
        let saved = self.sign_in_with(
            &challenge,
            already.as_deref(),
            &issuer,
            resource,
            supported_scopes,
        )?;
        self.keep(&mut tokens, saved);
        Ok(())
    }

    /// The sign-in lock of this server (see [`Store::lock`]); `None` without a store, or
    /// when it cannot be had (said on stderr: the sign-in goes ahead unlocked).
    fn lock(&self) -> Option<std::fs::File> {
        let store = self.store.as_ref()?;
        store.lock(&self.config.server).unwrap_or_else(|error| {
            note_line(&format!("{error:#}; signing in without the lock"));
            None
        })
    }

    /// Takes the tokens another proxy kept for this server since ours were read (it signed
    /// in or refreshed while we waited for the lock); true when there were such.
    fn adopt_newer(&self, tokens: &mut Tokens) -> bool {
        let Some(store) = &self.store else {
            return false;
        };
        let Ok(Some(kept)) = store.load(&self.config.server) else {
            return false;
        };
        let ours = tokens.saved.as_ref().map(|s| s.access_token.as_str());
        if ours == Some(kept.access_token.as_str()) {
            return false;
        }
        tokens.saved = Some(kept);
        tokens.generation += 1;
        true
    }

    fn keep(&self, tokens: &mut Tokens, saved: Saved) {
        if let Some(store) = &self.store
            && let Err(error) = store.save(&self.config.server, &saved)
        {
            note_line(&format!("{error:#}"));
        }
        tokens.saved = Some(saved);
        tokens.generation += 1;
    }

    /// Gets a new access token with the refresh token.
    fn refresh(&self, tokens: &mut Tokens) -> anyhow::Result<()> {
        let saved = tokens.saved.clone().context("no sign-in to refresh")?;
        let refresh_token = saved.refresh_token.clone().context("no refresh token")?;
        let client = Client {
            id: saved.client_id.clone(),
            secret: saved.client_secret.clone(),
            method: AuthMethod::from_name(&saved.auth_method).unwrap_or(AuthMethod::None),
        };
        let mut form = vec![
            ("grant_type", "refresh_token".to_owned()),
            ("refresh_token", refresh_token.clone()),
            ("resource", saved.resource.clone()),
        ];
        if let Some(scope) = &saved.scope {
            form.push(("scope", scope.clone()));
        }
        let fresh = client::token_request(&self.agent, &saved.token_endpoint, &client, form);
        let fresh = match fresh {
            Ok(fresh) => fresh,
            Err(error) => {
                // A refused refresh token is useless from now on.
                let mut kept = saved;
                kept.refresh_token = None;
                tokens.saved = Some(kept);
                return Err(error);
            }
        };
        let renewed = Saved {
            refresh_token: fresh.refresh_token.clone().or(Some(refresh_token)),
            issuer: saved.issuer.clone(),
            ..fresh.into_saved(&saved.token_endpoint, &saved.resource, &client, saved.scope)
        };
        self.keep(tokens, renewed);
        Ok(())
    }

    /// The whole sign-in with `issuer`, from its metadata to the tokens.
    fn sign_in_with(
        &self,
        challenge: &Challenge,
        already: Option<&str>,
        issuer: &str,
        resource: String,
        supported_scopes: Option<Vec<String>>,
    ) -> anyhow::Result<Saved> {
        let endpoints = metadata::endpoints(&self.agent, issuer)?;
        let mut scope = discover::scopes(
            challenge.scope.as_deref(),
            supported_scopes.as_deref(),
            already,
        );
        // SEP-2207: a refresh token is asked for with offline_access only where the
        // authorization server lists it; asking for a scope it does not know is an error.
        let offline = endpoints
            .scopes
            .as_ref()
            .is_some_and(|list| list.iter().any(|s| s == "offline_access"));
        if offline {
            scope = discover::scopes(Some("offline_access"), None, scope.as_deref());
        }

        let loopback = Loopback::bind()?;
        let redirect_uri = loopback.redirect_uri()?;
        let client = client::choose(
            &self.agent,
            &self.config,
            &endpoints,
            &redirect_uri,
            scope.as_deref(),
        )?;
        let verifier = pkce::verifier()?;
        let state = pkce::random(16)?;
        let mut authorize = Url::parse(&endpoints.authorization)
            .with_context(|| format!("the authorization endpoint {:?}", endpoints.authorization))?;
        {
            let mut query = authorize.query_pairs_mut();
            query
                .append_pair("response_type", "code")
                .append_pair("client_id", &client.id)
                .append_pair("redirect_uri", &redirect_uri)
                .append_pair("code_challenge", &pkce::challenge(&verifier))
                .append_pair("code_challenge_method", "S256")
                .append_pair("state", &state)
                .append_pair("resource", &resource);
            if let Some(scope) = &scope {
                query.append_pair("scope", scope);
            }
        }
        self.consent(&authorize)?;
        let page = crate::i18n::message("sign-in-done", None);
        let answer = loopback.wait(&state, SIGN_IN_TIMEOUT, &page)?;
        discover::check_iss(
            &endpoints.issuer,
            endpoints.iss_supported,
            answer.iss.as_deref(),
        )
        .map_err(anyhow::Error::msg)?;
        let code = match answer.redirect {
            Redirect::Code(code) => code,
            Redirect::Refused(why) => bail!("the authorization server refused the sign-in: {why}"),
        };
        let form = vec![
            ("grant_type", "authorization_code".to_owned()),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("code_verifier", verifier),
            ("resource", resource.clone()),
        ];
        let tokens = client::token_request(&self.agent, &endpoints.token, &client, form)?;
        let mut saved = tokens.into_saved(&endpoints.token, &resource, &client, scope);
        saved.issuer = Some(endpoints.issuer);
        Ok(saved)
    }

    /// Shows the consent (a URL-mode request) in our own dialog, as forms are shown; Ok
    /// when the person pressed Open.
    fn consent(&self, authorize: &Url) -> anyhow::Result<()> {
        crate::i18n::init_from_env(self.config.display.lang.as_deref());
        let auth_host = host(authorize);
        let server_host = host(&self.server);
        let mut args = crate::i18n::Args::new();
        args.set("host", auth_host.clone());
        args.set("server", server_host.clone());
        let message = crate::i18n::message("sign-in-consent", Some(&args));
        let request = json!({"mode": "url", "message": message, "url": authorize.as_str()});
        let mut options = self.config.display.clone();
        options.server = options.server.or(Some(server_host.clone()));
        let (sender, done) = mpsc::channel();
        Child::start(
            &options.to_args(),
            &[],
            (request.to_string().into_bytes(), None),
            move |output| {
                let _ = sender.send(output);
            },
        )
        .map_err(|error| anyhow::anyhow!("cannot show the sign-in: {error:?}"))?;
        let output = done
            .recv()
            .context("the sign-in's dialog ended without a word")?
            .context("waiting for the sign-in's dialog")?;
        let ended = Ended::of(&output);
        let answer: Option<Value> = serde_json::from_str(&ended.line).ok();
        let action = answer
            .as_ref()
            .and_then(|a| a.get("action"))
            .and_then(Value::as_str);
        match (ended.code, action) {
            (Some(0), Some("accept")) => Ok(()),
            (Some(0), Some("decline")) => {
                bail!("the person declined to sign in to {auth_host} for {server_host}")
            }
            (Some(0), _) => {
                bail!("the person cancelled the sign-in to {auth_host} for {server_host}")
            }
            (code, _) => {
                let why = ended.why().unwrap_or_else(|| format!("exit {code:?}"));
                bail!("cannot show the sign-in to {auth_host} for {server_host}: {why}")
            }
        }
    }
}

/// The host a person recognises, with the port when it is not the scheme's.
/// A URL's host and port, as the consent and the messages name a site; a URL without a host
/// (`file:`, `urn:`) is named whole: "cannot show the sign-in to  for ..." named nothing.
fn host(url: &Url) -> String {
    let Some(host) = url.host_str().filter(|host| !host.is_empty()) else {
        return url.as_str().to_owned();
    };
    match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    }
}

/// `proxy --sign-out URL`: forgets what is kept for `server`, in the keyring and in the
/// file; true when there was something.
pub fn sign_out(server: &str) -> anyhow::Result<bool> {
    Store::open(note_line)?.forget(server)
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead as _, BufReader, Write as _};
    use std::net::TcpListener;

    use super::*;

    /// Issue 43, item 10: an authorization URL without a host was named as an empty host.
    #[test]
    fn a_site_without_a_host_is_named_whole() {
        let cases = [
            ("https://auth.example/authorize?x=1", "auth.example"),
            ("http://127.0.0.1:8080/a", "127.0.0.1:8080"),
            ("file:///authorize", "file:///authorize"),
            ("urn:sign-in", "urn:sign-in"),
        ];
        for (url, named) in cases {
            assert_eq!(host(&Url::parse(url).expect("a URL")), named, "{url}");
        }
    }

    /// A token endpoint on a free port that answers `count` requests, each with a new access
    /// and refresh token; what each request said comes back through the handle.
    fn token_endpoint(count: usize) -> (String, std::thread::JoinHandle<Vec<String>>) {
        let listener = TcpListener::bind("127.0.0.1:0").expect("binds");
        let port = listener.local_addr().expect("a port").port();
        let handle = std::thread::spawn(move || {
            let mut seen = Vec::new();
            for n in 0..count {
                let (stream, _) = listener.accept().expect("a request");
                let mut reader = BufReader::new(&stream);
                let mut head = String::new();
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    reader.read_line(&mut line).expect("reads");
                    if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                        length = value.trim().parse().expect("a length");
                    }
                    if line.trim().is_empty() {
                        break;
                    }
                    head.push_str(&line);
                }
                let mut body = vec![0; length];
                std::io::Read::read_exact(&mut reader, &mut body).expect("the body");
                seen.push(format!("{head}\n{}", String::from_utf8_lossy(&body)));
                let answer = format!(
                    r#"{{"access_token":"access-{n}","token_type":"Bearer","expires_in":3600,"refresh_token":"refresh-{n}"}}"#
                );
                let mut out = &stream;
                write!(
                    out,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
                    answer.len()
                )
                .expect("answers");
            }
            seen
        });
        (format!("http://127.0.0.1:{port}/token"), handle)
    }

    fn display_options() -> crate::cli::DisplayOptions {
        use clap::Parser as _;
        let args = crate::cli::Args::try_parse_from(["fe", "proxy", "--url", "https://x/"])
            .expect("parses");
        match args.command {
            Some(crate::cli::Command::Proxy(proxy)) => proxy.display,
            other => panic!("not proxy: {other:?}"),
        }
    }

    fn auth(store: Store, saved: &Saved) -> Auth {
        let server = "https://mcp.example.com/mcp";
        store.save(server, saved).expect("saves");
        let config = Config {
            server: server.into(),
            client_id: None,
            client_secret: None,
            client_metadata_url: None,
            display: display_options(),
        };
        let agent: Agent = Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        Auth::with_store(config, agent, Some(store)).expect("an Auth")
    }

    /// An expired token is refreshed before it is used, a refused one (401) when the server
    /// says so; each new token is kept, with the client's secret sent as it registered.
    #[test]
    fn an_expired_or_refused_token_is_refreshed_and_kept() {
        let (endpoint, server) = token_endpoint(2);
        let dir = std::env::temp_dir().join(format!("fe-refresh-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let file = dir.join("tokens.json");
        let saved = Saved {
            access_token: "old".into(),
            refresh_token: Some("refresh-old".into()),
            expires_at: Some(1),
            scope: Some("files:read".into()),
            token_endpoint: endpoint,
            resource: "https://mcp.example.com/mcp".into(),
            client_id: "the client".into(),
            client_secret: Some("s3cret".into()),
            auth_method: "client_secret_basic".into(),
            issuer: None,
        };
        let auth = auth(Store::file_at(file.clone()), &saved);
        let (token, generation) = auth.bearer();
        assert_eq!(token.as_deref(), Some("access-0"));
        assert_eq!(generation, 1);
        // The server refuses it (revoked, say): refreshed again, with the newest refresh token.
        auth.challenged(generation, 401, Some(r#"Bearer error="invalid_token""#))
            .expect("refreshed");
        assert_eq!(auth.bearer(), (Some("access-1".into()), 2));
        // A 401 for a token already replaced asks for nothing more.
        auth.challenged(generation, 401, None)
            .expect("nothing to do");
        let seen = server.join().expect("the token endpoint");
        let basic = format!("Basic {}", pkce::base64(b"the+client:s3cret"));
        assert!(seen[0].contains(&basic), "{}", seen[0]);
        assert!(
            seen[0].ends_with(
                "grant_type=refresh_token&refresh_token=refresh-old&resource=https%3A%2F%2Fmcp.example.com%2Fmcp&scope=files%3Aread"
            ),
            "{}",
            seen[0]
        );
        assert!(seen[1].contains("refresh_token=refresh-0&"), "{}", seen[1]);
        let kept = Store::file_at(file)
            .load("https://mcp.example.com/mcp")
            .expect("reads")
            .expect("kept");
        assert_eq!(kept.access_token, "access-1");
        assert_eq!(kept.refresh_token.as_deref(), Some("refresh-1"));
        assert!(kept.expires_at.is_some_and(|at| at > now()));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

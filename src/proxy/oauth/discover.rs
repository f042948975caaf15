//! The pure steps of finding where to sign in: reading a `WWW-Authenticate` challenge, the
//! order of the well-known URLs (protected resource metadata, RFC 9728; authorization server
//! metadata, RFC 8414 and OpenID Connect Discovery, in the order the MCP authorization spec
//! of 2025-06-18 and 2025-11-25 gives), whether a resource's metadata speaks for our server,
//! and which scopes to ask for.

use url::Url;

/// A `Bearer` challenge's parameters, names lowercased, values unquoted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Challenge {
    /// `resource_metadata`: where the protected resource metadata is.
    pub resource_metadata: Option<String>,
    /// `scope`: the scopes this request needs, space-separated.
    pub scope: Option<String>,
    /// `error`: `invalid_token`, `insufficient_scope`, ...
    pub error: Option<String>,
}

/// Reads the `Bearer` challenge of a `WWW-Authenticate` value (RFC 9110 section 11.6.1:
/// `scheme param=value, param="quoted \" value"`, possibly after other schemes' challenges).
/// A value with no `Bearer` challenge gives an empty one.
pub fn parse_challenge(value: &str) -> Challenge {
    let mut challenge = Challenge::default();
    let mut rest = value;
    let mut in_bearer = false;
    loop {
        rest = rest.trim_start_matches([' ', '\t', ',']);
        if rest.is_empty() {
            break;
        }
        let token_end = rest
            .find(|c: char| c == '=' || c == ',' || c.is_whitespace())
            .unwrap_or(rest.len());
        let token = &rest[..token_end];
        let after = rest[token_end..].trim_start_matches([' ', '\t']);
        if let Some(value_part) = after.strip_prefix('=') {
            // A parameter (or a token68, which ends in '=' and is skipped the same way).
            let value_part = value_part.trim_start_matches([' ', '\t']);
            let (value, remaining) = if let Some(quoted) = value_part.strip_prefix('"') {
                let mut value = String::new();
                let mut chars = quoted.char_indices();
                let mut end = quoted.len();
                while let Some((i, c)) = chars.next() {
                    match c {
                        '\\' => {
                            if let Some((_, escaped)) = chars.next() {
                                value.push(escaped);
                            }
                        }
                        '"' => {
                            end = i + 1;
                            break;
                        }
                        c => value.push(c),
                    }
                }
                (value, &quoted[end..])
            } else {
                let end = value_part.find(',').unwrap_or(value_part.len());
                (value_part[..end].trim().to_owned(), &value_part[end..])
            };
            if in_bearer {
                let slot = match token.to_ascii_lowercase().as_str() {
                    "resource_metadata" => Some(&mut challenge.resource_metadata),
                    "scope" => Some(&mut challenge.scope),
                    "error" => Some(&mut challenge.error),
                    _ => None,
                };
                if let Some(slot) = slot {
                    slot.get_or_insert(value);
                }
            }
            rest = remaining;
        } else {
            // A scheme name starts a new challenge.
            in_bearer = token.eq_ignore_ascii_case("bearer");
            rest = after;
        }
    }
    challenge
}

/// Where to look for the protected resource metadata of `server`: the challenge's
/// `resource_metadata` first when it gave one, then the path-aware well-known URL, then the
/// root one (RFC 9728 section 3.1; MCP 2025-11-25 "Protected Resource Metadata Discovery").
pub fn resource_metadata_urls(server: &Url, from_challenge: Option<&str>) -> Vec<Url> {
    let mut urls: Vec<Url> = from_challenge
        .and_then(|u| server.join(u).ok())
        .into_iter()
        .collect();
    let path = server.path().trim_end_matches('/');
    if !path.is_empty() {
        urls.extend(with_path(
            server,
            &format!("/.well-known/oauth-protected-resource{path}"),
        ));
    }
    urls.extend(with_path(server, "/.well-known/oauth-protected-resource"));
    urls
}

/// Where to look for the metadata of the authorization server `issuer`, in the MCP spec's
/// order: for an issuer with a path, OAuth's path-inserted URL, then OpenID's path-inserted
/// one, then OpenID's path-appended one; without a path, OAuth's then OpenID's.
pub fn authorization_server_metadata_urls(issuer: &Url) -> Vec<Url> {
    let path = issuer.path().trim_end_matches('/');
    let candidates = if path.is_empty() {
        vec![
            "/.well-known/oauth-authorization-server".to_owned(),
            "/.well-known/openid-configuration".to_owned(),
        ]
    } else {
        vec![
            format!("/.well-known/oauth-authorization-server{path}"),
            format!("/.well-known/openid-configuration{path}"),
            format!("{path}/.well-known/openid-configuration"),
        ]
    };
    candidates
        .iter()
        .filter_map(|p| with_path(issuer, p))
        .collect()
}

fn with_path(base: &Url, path: &str) -> Option<Url> {
    let mut url = base.clone();
    url.set_path(path);
    url.set_query(None);
    url.set_fragment(None);
    Some(url)
}

/// The canonical URI of the MCP server (RFC 8707, MCP "Canonical Server URI"): the URL
/// without its fragment, scheme and host lowercased (the URL parser does that), no trailing
/// slash unless it is the whole path.
pub fn canonical_resource(server: &Url) -> String {
    let mut url = server.clone();
    url.set_fragment(None);
    let text = url.to_string();
    if url.query().is_none() {
        text.trim_end_matches('/').to_owned()
    } else {
        text
    }
}

/// Whether the protected resource metadata's `resource` speaks for `server`: the same origin,
/// and its path is the server's path or a parent of it (by whole segments). Metadata that
/// names another resource must not send our sign-in there (RFC 9728 section 3.3).
pub fn resource_matches(server: &Url, resource: &str) -> bool {
    let Ok(resource) = Url::parse(resource) else {
        return false;
    };
    if resource.origin() != server.origin() {
        return false;
    }
    let theirs = resource.path().trim_end_matches('/');
    let ours = server.path().trim_end_matches('/');
    ours == theirs || ours.starts_with(&format!("{theirs}/"))
}

/// The scopes to ask for: the challenge's, else everything the resource lists as supported,
/// else none (the `scope` parameter is then left out). `already` (a step-up) is kept too.
pub fn scopes(
    challenge: Option<&str>,
    supported: Option<&[String]>,
    already: Option<&str>,
) -> Option<String> {
    let mut chosen: Vec<String> = Vec::new();
    let mut add = |scope: &str| {
        if !scope.is_empty() && !chosen.iter().any(|s| s == scope) {
            chosen.push(scope.to_owned());
        }
    };
    already
        .into_iter()
        .flat_map(str::split_whitespace)
        .for_each(&mut add);
    match (challenge.filter(|s| !s.trim().is_empty()), supported) {
        (Some(scope), _) => scope.split_whitespace().for_each(&mut add),
        (None, Some(list)) => list.iter().for_each(|s| add(s)),
        (None, None) => {}
    }
    (!chosen.is_empty()).then(|| chosen.join(" "))
}

/// Whether an authorization server's endpoint may be used: HTTPS, or HTTP to this machine's
/// loopback (a server run locally). MCP 2025-11-25 "Communication Security": "All
/// authorization server endpoints MUST be served over HTTPS"; a token or a code sent in the
/// clear could be read on the way.
pub fn check_endpoint(what: &str, endpoint: &str) -> Result<(), String> {
    let url = Url::parse(endpoint).map_err(|e| format!("the {what} {endpoint:?}: {e}"))?;
    let loopback = match url.host() {
        Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    match url.scheme() {
        "https" => Ok(()),
        "http" if loopback => Ok(()),
        _ => Err(format!(
            "the {what} {endpoint} is not HTTPS (authorization server endpoints MUST be served over HTTPS): not signing in"
        )),
    }
}

/// The check of the authorization response's `iss` (RFC 9207 section 2.4): when the
/// authorization server said it sends one (`authorization_response_iss_parameter_supported`)
/// it must be there, and when it is there it must be the issuer we asked, character for
/// character (no case folding, no trailing slash, no port elision: the mix-up defence).
pub fn check_iss(issuer: &str, advertised: bool, iss: Option<&str>) -> Result<(), String> {
    match iss {
        Some(iss) if iss == issuer => Ok(()),
        Some(iss) => Err(format!(
            "the sign-in came back from issuer {iss:?}, not {issuer:?} (RFC 9207: the authorization response's iss MUST match): not signing in"
        )),
        None if advertised => Err(format!(
            "the authorization server {issuer} says it names itself in its answer (authorization_response_iss_parameter_supported) but the sign-in came back without iss (RFC 9207): not signing in"
        )),
        None => Ok(()),
    }
}

/// How the client proves itself at the token endpoint (RFC 8414 / RFC 7591 names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthMethod {
    /// The id and secret in an HTTP Basic `Authorization` header.
    ClientSecretBasic,
    /// The id and secret in the form body.
    ClientSecretPost,
    /// A public client: the id in the body, no secret.
    None,
}

impl AuthMethod {
    /// The registered name.
    pub fn name(self) -> &'static str {
        match self {
            Self::ClientSecretBasic => "client_secret_basic",
            Self::ClientSecretPost => "client_secret_post",
            Self::None => "none",
        }
    }

    /// The method of a registered name; unknown names are `None` here.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "client_secret_basic" => Some(Self::ClientSecretBasic),
            "client_secret_post" => Some(Self::ClientSecretPost),
            "none" => Some(Self::None),
            _ => None,
        }
    }

    /// The method for a client with (or without) a secret, among those the authorization
    /// server lists (`supported` absent means RFC 8414's default, `client_secret_basic`).
    pub fn choose(supported: Option<&[String]>, has_secret: bool) -> Self {
        let listed = |m: Self| supported.is_none_or(|list| list.iter().any(|s| s == m.name()));
        if !has_secret {
            return Self::None;
        }
        if listed(Self::ClientSecretBasic) {
            Self::ClientSecretBasic
        } else if listed(Self::ClientSecretPost) {
            Self::ClientSecretPost
        } else {
            Self::ClientSecretBasic
        }
    }

    /// The method to ask for in a dynamic registration: a public client when the server
    /// allows one (a secret on the person's disk protects little), else a secret.
    pub fn for_registration(supported: Option<&[String]>) -> Self {
        match supported {
            Some(list) if list.iter().any(|s| s == "none") => Self::None,
            Some(list) if list.iter().any(|s| s == "client_secret_basic") => {
                Self::ClientSecretBasic
            }
            Some(list) if list.iter().any(|s| s == "client_secret_post") => Self::ClientSecretPost,
            _ => Self::ClientSecretBasic,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> Url {
        Url::parse(text).expect("a URL")
    }

    fn strings(urls: &[Url]) -> Vec<&str> {
        urls.iter().map(Url::as_str).collect()
    }

    #[test]
    fn a_challenge_gives_its_metadata_scope_and_error() {
        let cases = [
            (
                r#"Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource", scope="files:read files:write""#,
                Challenge {
                    resource_metadata: Some(
                        "https://mcp.example.com/.well-known/oauth-protected-resource".into(),
                    ),
                    scope: Some("files:read files:write".into()),
                    error: None,
                },
            ),
            (
                r#"Bearer error="insufficient_scope", scope="a b", error_description="needs \"b\"""#,
                Challenge {
                    resource_metadata: None,
                    scope: Some("a b".into()),
                    error: Some("insufficient_scope".into()),
                },
            ),
            // Unquoted values, odd spacing, case-insensitive names.
            (
                "bearer  Scope = read ,ERROR=invalid_token",
                Challenge {
                    resource_metadata: None,
                    scope: Some("read".into()),
                    error: Some("invalid_token".into()),
                },
            ),
            // Another scheme's parameters are not Bearer's.
            (
                r#"Basic realm="x", scope="nope", Bearer scope="yes""#,
                Challenge {
                    resource_metadata: None,
                    scope: Some("yes".into()),
                    error: None,
                },
            ),
            ("Basic realm=\"x\"", Challenge::default()),
            ("", Challenge::default()),
        ];
        for (header, want) in cases {
            assert_eq!(parse_challenge(header), want, "{header}");
        }
    }

    #[test]
    fn resource_metadata_is_looked_for_in_the_specs_order() {
        let server = url("https://mcp.example.com/public/mcp");
        assert_eq!(
            strings(&resource_metadata_urls(&server, None)),
            [
                "https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp",
                "https://mcp.example.com/.well-known/oauth-protected-resource",
            ]
        );
        let root = url("https://mcp.example.com/");
        assert_eq!(
            strings(&resource_metadata_urls(&root, None)),
            ["https://mcp.example.com/.well-known/oauth-protected-resource"]
        );
        // The challenge's URL first, when it names one.
        assert_eq!(
            strings(&resource_metadata_urls(
                &server,
                Some("https://mcp.example.com/custom/metadata.json")
            )),
            [
                "https://mcp.example.com/custom/metadata.json",
                "https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp",
                "https://mcp.example.com/.well-known/oauth-protected-resource",
            ]
        );
    }

    #[test]
    fn authorization_server_metadata_is_looked_for_in_the_specs_order() {
        assert_eq!(
            strings(&authorization_server_metadata_urls(&url(
                "https://auth.example.com/tenant1"
            ))),
            [
                "https://auth.example.com/.well-known/oauth-authorization-server/tenant1",
                "https://auth.example.com/.well-known/openid-configuration/tenant1",
                "https://auth.example.com/tenant1/.well-known/openid-configuration",
            ]
        );
        assert_eq!(
            strings(&authorization_server_metadata_urls(&url(
                "https://auth.example.com"
            ))),
            [
                "https://auth.example.com/.well-known/oauth-authorization-server",
                "https://auth.example.com/.well-known/openid-configuration",
            ]
        );
    }

    #[test]
    fn the_resource_must_be_our_server_or_a_parent_of_it() {
        let server = url("https://mcp.example.com/team/mcp");
        for (resource, ok) in [
            ("https://mcp.example.com/team/mcp", true),
            ("https://mcp.example.com/team/mcp/", true),
            ("https://mcp.example.com/team", true),
            ("https://mcp.example.com", true),
            ("https://MCP.example.com/team/mcp", true),
            ("https://mcp.example.com/te", false),
            ("https://mcp.example.com/team/mcp/other", false),
            ("https://evil.example.com/team/mcp", false),
            ("http://mcp.example.com/team/mcp", false),
            ("https://mcp.example.com:8443/team/mcp", false),
            ("not a url", false),
        ] {
            assert_eq!(resource_matches(&server, resource), ok, "{resource}");
        }
    }

    #[test]
    fn the_canonical_resource_drops_the_fragment_and_a_trailing_slash() {
        for (server, canonical) in [
            ("https://MCP.example.com/mcp", "https://mcp.example.com/mcp"),
            (
                "https://mcp.example.com/mcp/",
                "https://mcp.example.com/mcp",
            ),
            (
                "https://mcp.example.com/mcp#x",
                "https://mcp.example.com/mcp",
            ),
            ("https://mcp.example.com/", "https://mcp.example.com"),
            ("http://localhost:8080/mcp", "http://localhost:8080/mcp"),
        ] {
            assert_eq!(canonical_resource(&url(server)), canonical, "{server}");
        }
    }

    #[test]
    fn scopes_come_from_the_challenge_else_the_supported_list() {
        let supported = vec!["a".to_owned(), "b".to_owned()];
        assert_eq!(
            scopes(Some("x y"), Some(&supported), None).as_deref(),
            Some("x y")
        );
        assert_eq!(scopes(None, Some(&supported), None).as_deref(), Some("a b"));
        assert_eq!(scopes(Some(" "), None, None), None);
        assert_eq!(scopes(None, None, None), None);
        // A step-up keeps what was granted and adds what is asked for now.
        assert_eq!(
            scopes(Some("b c"), None, Some("a b")).as_deref(),
            Some("a b c")
        );
    }

    #[test]
    fn endpoints_are_https_but_for_the_loopback() {
        for (endpoint, ok) in [
            ("https://auth.example.com/token", true),
            ("http://localhost:8080/token", true),
            ("http://127.0.0.1:9/token", true),
            ("http://[::1]:9/token", true),
            ("http://auth.example.com/token", false),
            ("http://localhost.evil.example/token", false),
            ("ftp://auth.example.com/token", false),
            ("not a url", false),
        ] {
            assert_eq!(
                check_endpoint("token endpoint", endpoint).is_ok(),
                ok,
                "{endpoint}"
            );
        }
    }

    #[test]
    fn the_iss_must_be_the_issuer_exactly_and_there_when_promised() {
        let issuer = "https://auth.example.com";
        assert!(check_iss(issuer, true, Some(issuer)).is_ok());
        assert!(check_iss(issuer, false, Some(issuer)).is_ok());
        assert!(check_iss(issuer, false, None).is_ok());
        assert!(check_iss(issuer, true, None).is_err());
        for other in [
            "https://auth.example.com/",
            "https://AUTH.example.com",
            "https://auth.example.com:443",
            "https://evil.example.com",
        ] {
            assert!(check_iss(issuer, false, Some(other)).is_err(), "{other}");
            assert!(check_iss(issuer, true, Some(other)).is_err(), "{other}");
        }
    }

    #[test]
    fn the_token_endpoint_method_is_one_the_server_lists() {
        let list = |names: &[&str]| names.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            AuthMethod::choose(None, true),
            AuthMethod::ClientSecretBasic
        );
        assert_eq!(
            AuthMethod::choose(Some(&list(&["client_secret_post"])), true),
            AuthMethod::ClientSecretPost
        );
        assert_eq!(
            AuthMethod::choose(Some(&list(&["client_secret_basic"])), false),
            AuthMethod::None
        );
        assert_eq!(
            AuthMethod::for_registration(Some(&list(&["client_secret_post", "none"]))),
            AuthMethod::None
        );
        assert_eq!(
            AuthMethod::for_registration(Some(&list(&["client_secret_post"]))),
            AuthMethod::ClientSecretPost
        );
        assert_eq!(
            AuthMethod::for_registration(None),
            AuthMethod::ClientSecretBasic
        );
    }
}

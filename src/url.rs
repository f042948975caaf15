//! URL-mode requests: the URL a server asks the person to visit, taken apart so the window can
//! show its host plainly and warn about the tricks a phishing link uses.
//!
//! Nothing here touches the network: the URL is only read.

use crate::error::RequestError;

/// A URL-mode request, checked and ready to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlRequest {
    /// The server's explanation of why the visit is needed.
    pub message: String,
    /// The URL exactly as the server sent it: shown in full, opened as is.
    pub url: String,
    /// `http` or `https`.
    pub scheme: String,
    /// The host as written in the URL (lower-cased), without user info or port.
    pub host: String,
    /// What looks wrong about the URL, for the person to weigh.
    pub warnings: Vec<Warning>,
}

/// Something about a URL a careful person would want to know before opening it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Warning {
    /// `http:` rather than `https:`: anyone on the way can read and change the page.
    NotHttps,
    /// A host label starts with `xn--`: the name is punycode and may imitate another site.
    Punycode,
    /// The host has characters outside ASCII, which can imitate other letters.
    NonAscii,
    /// The host is an IP address rather than a name.
    IpLiteral,
    /// The URL carries `user@` (or `user:password@`) before the host, which can disguise it.
    Credentials,
}

impl Warning {
    /// The warning in words.
    pub fn text(self) -> &'static str {
        match self {
            Self::NotHttps => {
                "Not encrypted (http, not https): others on the network could read or change the page."
            }
            Self::Punycode => {
                "The site name is punycode (xn--): it may imitate the look of another site's name."
            }
            Self::NonAscii => {
                "The site name has non-ASCII letters: it may imitate the look of another site's name."
            }
            Self::IpLiteral => "The site is a bare IP address, not a name.",
            Self::Credentials => {
                "The link carries a user name before the site (user@): the real site is the part after the @."
            }
        }
    }
}

impl UrlRequest {
    /// Checks a URL request: only absolute `http` and `https` URLs with a host are opened.
    pub fn parse(message: String, url: String, path: &str) -> Result<Self, RequestError> {
        let refuse = |why: String| RequestError::invalid(path, why);
        if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(refuse("contains white space or control characters".into()));
        }
        let (scheme, rest) = url
            .split_once(':')
            .ok_or_else(|| refuse(format!("{url:?} is not an absolute URL")))?;
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return Err(refuse(format!(
                "unsupported scheme \"{scheme}\" (only http and https URLs are opened)"
            )));
        }
        let rest = rest
            .strip_prefix("//")
            .ok_or_else(|| refuse(format!("{url:?} has no \"//\" and host after the scheme")))?;
        let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let authority = &rest[..authority_end];
        let (credentials, host_port) = match authority.rsplit_once('@') {
            Some((user, host)) => (Some(user), host),
            None => (None, authority),
        };
        let host = if let Some(bracketed) = host_port.strip_prefix('[') {
            let end = bracketed
                .find(']')
                .ok_or_else(|| refuse("has an unclosed \"[\" in its host".into()))?;
            &host_port[..end + 2]
        } else {
            host_port.split(':').next().unwrap_or("")
        };
        if host.is_empty() {
            return Err(refuse(format!("{url:?} has no host")));
        }
        let host = host.to_lowercase();
        let mut warnings = Vec::new();
        if scheme == "http" {
            warnings.push(Warning::NotHttps);
        }
        if credentials.is_some() {
            warnings.push(Warning::Credentials);
        }
        if is_ip_literal(&host) {
            warnings.push(Warning::IpLiteral);
        } else {
            if host.split('.').any(|label| label.starts_with("xn--")) {
                warnings.push(Warning::Punycode);
            }
            if !host.is_ascii() {
                warnings.push(Warning::NonAscii);
            }
        }
        Ok(Self {
            message,
            url,
            scheme,
            host,
            warnings,
        })
    }
}

/// Whether a host is an IP address: `[v6]`, dotted IPv4, or the forms browsers also read as
/// IPv4 (a single number, hexadecimal or octal parts).
fn is_ip_literal(host: &str) -> bool {
    if host.starts_with('[') {
        return true;
    }
    let host = host.strip_suffix('.').unwrap_or(host);
    let parts: Vec<&str> = host.split('.').collect();
    parts.len() <= 4
        && parts.iter().all(|part| {
            let hex = part
                .strip_prefix("0x")
                .is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
            !part.is_empty() && (part.bytes().all(|b| b.is_ascii_digit()) || hex)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(url: &str) -> Result<(String, Vec<Warning>), String> {
        UrlRequest::parse("m".into(), url.into(), "url")
            .map(|r| (r.host, r.warnings))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn hosts_and_warnings() {
        use Warning::*;
        let cases: &[(&str, &str, &[Warning])] = &[
            ("https://example.com/login?next=/", "example.com", &[]),
            ("HTTPS://Example.COM:8443/x", "example.com", &[]),
            ("http://example.com/", "example.com", &[NotHttps]),
            ("https://xn--pple-43d.com/", "xn--pple-43d.com", &[Punycode]),
            ("https://аpple.com/", "аpple.com", &[NonAscii]),
            ("https://192.168.1.10/admin", "192.168.1.10", &[IpLiteral]),
            ("https://3232235786/", "3232235786", &[IpLiteral]),
            ("https://0x7f.1/", "0x7f.1", &[IpLiteral]),
            ("https://[::1]:8080/", "[::1]", &[IpLiteral]),
            (
                "https://bank.com@evil.example/",
                "evil.example",
                &[Credentials],
            ),
            (
                "http://user:pw@10.0.0.1/",
                "10.0.0.1",
                &[NotHttps, Credentials, IpLiteral],
            ),
        ];
        for (url, host, warnings) in cases {
            assert_eq!(
                parsed(url),
                Ok(((*host).to_owned(), warnings.to_vec())),
                "{url}"
            );
        }
    }

    #[test]
    fn refusals() {
        let cases = [
            ("javascript:alert(1)", "scheme \"javascript\""),
            ("file:///etc/passwd", "scheme \"file\""),
            ("ftp://example.com/", "scheme \"ftp\""),
            ("example.com", "not an absolute URL"),
            ("https:example.com", "no \"//\""),
            ("https:///path", "no host"),
            ("https://exa mple.com/", "white space"),
            ("https://[::1/", "unclosed"),
        ];
        for (url, needle) in cases {
            let err = parsed(url).expect_err(url);
            assert!(err.contains(needle), "{url}: {err}");
        }
    }
}

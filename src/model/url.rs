//! URL-mode requests: the URL a server asks the person to visit, parsed once by the WHATWG URL
//! Standard (the `url` crate), the parser every browser uses, so that the site shown, the
//! warnings and the address handed to the browser all come from the same parsed value.
//!
//! Nothing here touches the network: the URL is only read.

use ::url::{Host, Url};

use crate::model::error::RequestError;

/// A URL-mode request, checked and ready to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlRequest {
    /// The server's explanation of why the visit is needed.
    pub message: String,
    /// The URL as the browser will load it: the WHATWG serialization of what the server sent.
    /// It is what the window shows in full and what the opener receives.
    pub url: String,
    /// The URL exactly as the server sent it; differs from [`Self::url`] when a browser would
    /// normalise it (backslashes, percent-escapes, IPv4 number forms, case, IDNA, ...).
    pub sent: String,
    /// `http` or `https`.
    pub scheme: String,
    /// The site the browser opens: the parsed host in its ASCII form (`xn--` labels for
    /// international names, dotted decimal for IPv4, `[...]` for IPv6), without port or user.
    pub host: String,
    /// The same host with its international labels decoded, when that differs from
    /// [`Self::host`]: what the name looks like to a reader.
    pub host_unicode: Option<String>,
    /// What looks wrong about the URL, for the person to weigh.
    pub warnings: Vec<Warning>,
}

/// Something about a URL a careful person would want to know before opening it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Warning {
    /// `http:` rather than `https:`: anyone on the way can read and change the page.
    NotHttps,
    /// The host is an international name (non-ASCII letters, sent as punycode `xn--`), which
    /// can imitate the look of another site's name.
    International,
    /// The host is an IP address rather than a name.
    IpLiteral,
    /// The URL carries `user@` (or `user:password@`) before the host, which can disguise it.
    Credentials,
}

impl Warning {
    /// The warning in words; `host` is the parsed site, named where it helps.
    pub fn text(self, host: &str) -> String {
        match self {
            Self::NotHttps => t!("warn-not-https"),
            Self::International => t!("warn-international"),
            Self::IpLiteral => t!("warn-ip"),
            Self::Credentials => t!("warn-credentials", host = host),
        }
    }
}

impl UrlRequest {
    /// Parses `sent` as a browser would. Only `http` and `https` URLs with a host are accepted;
    /// anything the URL Standard rejects is refused, naming `path`.
    pub fn parse(message: String, sent: String, path: &str) -> Result<Self, RequestError> {
        let refuse = |why: String| RequestError::invalid(path, why);
        let parsed = Url::parse(&sent).map_err(|error| {
            refuse(format!(
                "{sent:?} is not a URL a browser would open ({error})"
            ))
        })?;
        let scheme = parsed.scheme().to_owned();
        if scheme != "http" && scheme != "https" {
            return Err(refuse(format!(
                "unsupported scheme \"{scheme}\" (only http and https URLs are opened)"
            )));
        }
        // The standard's own serialization of the host, as a browser's address bar has it:
        // Rust's `Ipv6Addr` display would write an IPv4-mapped address differently.
        let is_ip = match parsed.host() {
            Some(Host::Domain(domain)) if !domain.is_empty() => false,
            Some(Host::Ipv4(_) | Host::Ipv6(_)) => true,
            _ => return Err(refuse(format!("{sent:?} has no host"))),
        };
        let host = parsed.host_str().unwrap_or_default().to_owned();
        let host_unicode = if is_ip {
            None
        } else {
            let (unicode, _) = idna::domain_to_unicode(&host);
            (unicode != host).then_some(unicode)
        };
        let mut warnings = Vec::new();
        if scheme == "http" {
            warnings.push(Warning::NotHttps);
        }
        if !parsed.username().is_empty() || parsed.password().is_some() {
            warnings.push(Warning::Credentials);
        }
        if is_ip {
            warnings.push(Warning::IpLiteral);
        } else if host_unicode.is_some() || host.split('.').any(|label| label.starts_with("xn--")) {
            warnings.push(Warning::International);
        }
        Ok(Self {
            message: crate::model::form::collapse_blank_lines(&message),
            url: parsed.into(),
            sent,
            scheme,
            host,
            host_unicode,
            warnings,
        })
    }

    /// Whether the browser would load an address written differently from what was sent.
    pub fn is_normalised(&self) -> bool {
        self.url != self.sent
    }

    /// Each warning in words, in the order they are shown.
    pub fn warning_texts(&self) -> impl Iterator<Item = String> + '_ {
        self.warnings.iter().map(|w| w.text(&self.host))
    }
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
            (
                "https://xn--pple-43d.com/",
                "xn--pple-43d.com",
                &[International],
            ),
            ("https://аpple.com/", "xn--pple-43d.com", &[International]),
            ("https://192.168.1.10/admin", "192.168.1.10", &[IpLiteral]),
            ("https://3232235786/", "192.168.1.10", &[IpLiteral]),
            ("https://0x7f.1/", "127.0.0.1", &[IpLiteral]),
            ("https://0177.0.0.1/", "127.0.0.1", &[IpLiteral]),
            ("https://[::1]:8080/", "[::1]", &[IpLiteral]),
            ("https://%65vil.example/", "evil.example", &[]),
            // The regression that opened the issue: `\` is `/` to a browser, so the site is
            // the part before it, and the "user name" is no user name at all.
            (
                "https://evil.example\\@bank.example/login",
                "evil.example",
                &[],
            ),
            ("https://evil.example\\bank.example/", "evil.example", &[]),
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
            ("\thttps://exa\nmple.com/ ", "example.com", &[]),
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
    fn the_unicode_form_is_kept_beside_the_ascii_form() {
        let request =
            UrlRequest::parse("m".into(), "https://Bücher.example/".into(), "url").expect("an IDN");
        assert_eq!(request.host, "xn--bcher-kva.example");
        assert_eq!(request.host_unicode.as_deref(), Some("bücher.example"));
        assert_eq!(request.url, "https://xn--bcher-kva.example/");
        assert!(request.is_normalised());
    }

    #[test]
    fn the_credentials_warning_names_the_parsed_host() {
        let request = UrlRequest::parse(
            "m".into(),
            "https://bank.example@evil.example/".into(),
            "url",
        )
        .expect("valid");
        let texts: Vec<String> = request.warning_texts().collect();
        assert!(
            texts[0].ends_with("the real site is evil.example."),
            "{texts:?}"
        );
    }

    #[test]
    fn refusals() {
        let cases = [
            ("javascript:alert(1)", "scheme \"javascript\""),
            ("file:///etc/passwd", "scheme \"file\""),
            ("data:text/html,hi", "scheme \"data\""),
            ("ftp://example.com/", "scheme \"ftp\""),
            ("example.com", "not a URL"),
            ("https://", "not a URL"),
            ("https://exa mple.com/", "not a URL"),
            ("https://[::1/", "not a URL"),
            ("https://a%40b.example/", "not a URL"),
            ("https://a\u{202E}b.example/", "not a URL"),
            ("https://192.168.0.257/", "not a URL"),
        ];
        for (url, needle) in cases {
            let err = parsed(url).expect_err(url);
            assert!(err.starts_with("url: "), "{url}: {err}");
            assert!(err.contains(needle), "{url}: {err}");
        }
    }
}

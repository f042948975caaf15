//! The redirect's way back: a listener on 127.0.0.1 (a free port) that takes the browser's
//! one request to `/callback`, checks its `state`, and hands back the authorization code.
//! RFC 8252 section 7.3: a native app's loopback redirect, any port.

use std::io::{BufRead as _, BufReader, Write as _};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};

/// The path the redirect comes back to.
pub const PATH: &str = "/callback";

/// How long a browser may take to send its request line once connected.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// A listener waiting for one redirect.
pub struct Loopback {
    listener: TcpListener,
}

/// What the redirect's query said.
#[derive(Debug, PartialEq, Eq)]
pub enum Redirect {
    /// The authorization code, its `state` matching ours.
    Code(String),
    /// The authorization server's `error` (and `error_description`), its `state` matching.
    Refused(String),
}

/// The redirect and the issuer it names (`iss`, RFC 9207), when it names one.
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    /// The code or the refusal.
    pub redirect: Redirect,
    /// The `iss` parameter, as sent.
    pub iss: Option<String>,
}

impl Loopback {
    /// Listens on a free port of 127.0.0.1.
    pub fn bind() -> anyhow::Result<Self> {
        let listener = TcpListener::bind("127.0.0.1:0").context("listening on 127.0.0.1")?;
        Ok(Self { listener })
    }

    /// The redirect URI to register and send: `http://127.0.0.1:PORT/callback`.
    pub fn redirect_uri(&self) -> anyhow::Result<String> {
        let port = self
            .listener
            .local_addr()
            .context("the listener's port")?
            .port();
        Ok(format!("http://127.0.0.1:{port}{PATH}"))
    }

    /// Waits up to `timeout` for the redirect that carries `state`; requests for other paths
    /// (a browser's favicon) and with another `state` are answered and ignored. `page` is
    /// the text the browser shows after the redirect.
    pub fn wait(&self, state: &str, timeout: Duration, page: &str) -> anyhow::Result<Answer> {
        let deadline = Instant::now() + timeout;
        self.listener
            .set_nonblocking(true)
            .context("the listener")?;
        loop {
            match self.listener.accept() {
                Ok((stream, _)) => {
                    if let Some(redirect) = answer(stream, state, page) {
                        return Ok(redirect);
                    }
                }
                Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {
                    if Instant::now() >= deadline {
                        bail!(
                            "no sign-in came back within {} minutes",
                            timeout.as_secs() / 60
                        );
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(error) => return Err(error).context("waiting for the sign-in's redirect"),
            }
        }
    }
}

/// Reads one request; answers it; the redirect when it is ours.
fn answer(stream: TcpStream, state: &str, page: &str) -> Option<Answer> {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    let mut reader = BufReader::new(&stream);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    // The rest of the head, so the browser sees its request read.
    let mut header = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
        header.clear();
    }
    let target = line.split_whitespace().nth(1).unwrap_or("");
    let redirect = read_target(target, state);
    let (status, body) = match &redirect {
        Some(_) => ("200 OK", page),
        None => ("404 Not Found", ""),
    };
    let mut out = &stream;
    let _ = write!(
        out,
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n{body}",
        body.len()
    );
    let _ = out.flush();
    redirect
}

/// The redirect in a request target `/callback?code=...&state=...`, when its `state` is ours.
pub fn read_target(target: &str, state: &str) -> Option<Answer> {
    let url = url::Url::parse("http://127.0.0.1")
        .ok()?
        .join(target)
        .ok()?;
    if url.path() != PATH {
        return None;
    }
    let mut code = None;
    let mut their_state = None;
    let mut error = None;
    let mut description = None;
    let mut iss = None;
    for (name, value) in url.query_pairs() {
        match name.as_ref() {
            "code" => code = Some(value.into_owned()),
            "state" => their_state = Some(value.into_owned()),
            "error" => error = Some(value.into_owned()),
            "error_description" => description = Some(value.into_owned()),
            "iss" => iss = Some(value.into_owned()),
            _ => {}
        }
    }
    if their_state.as_deref() != Some(state) {
        return None;
    }
    let redirect = match (error, code) {
        (Some(error), _) => Redirect::Refused(match description {
            Some(description) => format!("{error}: {description}"),
            None => error,
        }),
        (None, Some(code)) => Redirect::Code(code),
        (None, None) => return None,
    };
    Some(Answer { redirect, iss })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;

    #[test]
    fn only_our_state_on_our_path_is_the_redirect() {
        let code = |code: &str, iss: Option<&str>| Answer {
            redirect: Redirect::Code(code.into()),
            iss: iss.map(str::to_owned),
        };
        assert_eq!(
            read_target("/callback?code=abc&state=s1", "s1"),
            Some(code("abc", None))
        );
        assert_eq!(
            read_target(
                "/callback?code=abc&state=s1&iss=https%3A%2F%2Fa.example",
                "s1"
            ),
            Some(code("abc", Some("https://a.example")))
        );
        // Another state: a forged or stale redirect, ignored.
        assert_eq!(read_target("/callback?code=abc&state=s2", "s1"), None);
        assert_eq!(read_target("/callback?code=abc", "s1"), None);
        assert_eq!(read_target("/favicon.ico", "s1"), None);
        assert_eq!(read_target("/other?code=abc&state=s1", "s1"), None);
        assert_eq!(
            read_target(
                "/callback?error=access_denied&error_description=no%20thanks&state=s1",
                "s1"
            ),
            Some(Answer {
                redirect: Redirect::Refused("access_denied: no thanks".into()),
                iss: None
            })
        );
    }

    /// A request with the wrong state gets a 404 and the listener keeps waiting for ours.
    #[test]
    fn the_listener_ignores_a_wrong_state_and_takes_the_right_one() {
        let loopback = Loopback::bind().expect("binds");
        let uri = loopback.redirect_uri().expect("a port");
        assert!(
            uri.starts_with("http://127.0.0.1:") && uri.ends_with(PATH),
            "{uri}"
        );
        let address = uri
            .trim_start_matches("http://")
            .trim_end_matches(PATH)
            .to_owned();
        let browser = std::thread::spawn(move || {
            let get = |target: &str| {
                let mut stream = TcpStream::connect(&address).expect("connects");
                write!(stream, "GET {target} HTTP/1.1\r\nHost: x\r\n\r\n").expect("writes");
                let mut response = String::new();
                stream.read_to_string(&mut response).expect("reads");
                response
            };
            (
                get("/callback?code=forged&state=wrong"),
                get("/callback?code=good&state=right"),
            )
        });
        let redirect = loopback
            .wait("right", Duration::from_secs(20), "signed in")
            .expect("the redirect");
        assert_eq!(redirect.redirect, Redirect::Code("good".into()));
        let (forged, good) = browser.join().expect("the browser thread");
        assert!(forged.starts_with("HTTP/1.1 404"), "{forged}");
        assert!(
            good.starts_with("HTTP/1.1 200") && good.ends_with("signed in"),
            "{good}"
        );
    }
}

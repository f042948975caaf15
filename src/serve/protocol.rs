//! What crosses the socket between an asker and `form-elicitation serve`: pure encoding and
//! decoding, no sockets.
//!
//! One connection carries one request and one answer:
//!
//! 1. the asker writes a [`Header`], one JSON line of at most [`MAX_HEADER_BYTES`] bytes, whose
//!    `length` says how many request bytes follow (at most [`MAX_REQUEST_BYTES`]);
//! 2. then exactly that many bytes: the request as the asker read it;
//! 3. `serve` writes back one [`Reply`] line (the answer line with exit 0, or a refusal or failure
//!    with its exit code and message) and closes.
//!
//! The asker keeps its side open while it waits: closing it is how it says "I am gone", and
//! `serve` then closes the form's window.
//!
//! The dialog serve started ahead of its request (issue 46) reads the same header, handed over
//! by serve as a [`Handover`]: the header's line with one key more, then the request.

use std::io::{BufRead, Read, Write};

use serde::{Deserialize, Serialize};

use crate::cli::DisplayOptions;
pub use crate::model::request::MAX_REQUEST_BYTES;

/// The protocol version this build speaks; a header with another one is refused.
pub const VERSION: u32 = 1;

/// The longest header line, newline included: display options and a host name fit easily.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// The longest reply line: an answer is at most what the request allowed, escaped.
pub const MAX_REPLY_BYTES: usize = 4 * MAX_REQUEST_BYTES + 64 * 1024;

/// The first line an asker writes: who asks, how to show the request, and how long it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Header {
    /// The protocol version, [`VERSION`].
    pub version: u32,
    /// The asking machine's name, as it claims it.
    pub host: String,
    /// How the asker asks for the form to be shown: the display options an asker may set
    /// (`server`, `title`, `timeout` in seconds, `lang`), each at the top level of the line
    /// and left out when unset; the rest are not sent and read as their defaults.
    #[serde(flatten)]
    pub display: DisplayOptions,
    /// How many request bytes follow the header.
    pub length: usize,
}

impl Header {
    /// The header for a request of `length` bytes from `host`, shown with `options`.
    pub fn new(host: &str, options: &DisplayOptions, length: usize) -> Self {
        Self {
            version: VERSION,
            host: host.to_owned(),
            // What is sent, as the other side reads it back.
            display: DisplayOptions::default().with_asked(options),
            length,
        }
    }

    /// `base` (how `serve` itself shows forms) with what this header asks for: each option
    /// the asker gave wins (a timeout that is no `--timeout` was read as none given).
    pub fn display_options(&self, base: &DisplayOptions) -> DisplayOptions {
        base.with_asked(&self.display)
    }
}

/// What serve hands the dialog it started ahead of its request: the asker's [`Header`] as
/// serve read it, and where serve found that asker.
///
/// One line, the header's own with one key more, `"local"` (no asker's header is read with
/// it); the request follows, as after an asker's header, and the dialog reads it as every
/// dialog reads its stdin.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Handover {
    /// The asker's header: its host, the display options it asked for, the request's length.
    #[serde(flatten)]
    pub header: Header,
    /// Whether serve found the asker on this machine: the dialog names no host then (and
    /// otherwise the host the header claims, as a claim).
    pub local: bool,
}

/// What `serve` answers: the exit code the asker ends with, the line it prints (if any), and
/// the message it writes to stderr (if any).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    /// The asker's exit code (0 answered, 1 failure, 2 refused, 3 not shown).
    pub exit: u8,
    /// The line for the asker's stdout: the answer, or a JSON-RPC error response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// One line for the asker's stderr.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl Reply {
    /// A reply with no answer: the asker exits `exit` and prints `message` on stderr.
    pub fn without_answer(exit: crate::process::exit::Exit, message: String) -> Reply {
        Reply {
            exit: exit as u8,
            line: None,
            message: Some(message),
        }
    }
}

/// Why a header, request or reply could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// The line is longer than its limit.
    #[error("the {what} is longer than {limit} bytes")]
    TooLong {
        /// "header" or "reply".
        what: &'static str,
        /// The limit.
        limit: usize,
    },
    /// The request is longer than [`MAX_REQUEST_BYTES`].
    #[error("the request is {0} bytes, more than the limit of {MAX_REQUEST_BYTES}")]
    RequestTooLong(usize),
    /// The line is not the JSON it should be.
    #[error("the {what} is not valid: {error}")]
    Garbage {
        /// "header" or "reply".
        what: &'static str,
        /// What the JSON reader said.
        error: String,
    },
    /// The other side speaks another version.
    #[error(
        "protocol version {0} is not supported (this build speaks version {VERSION}): update form-elicitation on both machines"
    )]
    Version(u32),
    /// The connection ended early.
    #[error("the connection ended before the {0} was complete")]
    Truncated(&'static str),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Writes `header` and the `request` bytes.
pub fn write_request(
    out: &mut impl Write,
    header: &Header,
    request: &[u8],
) -> Result<(), ProtocolError> {
    if request.len() > MAX_REQUEST_BYTES {
        return Err(ProtocolError::RequestTooLong(request.len()));
    }
    let mut line = serde_json::to_vec(header).map_err(|e| ProtocolError::Garbage {
        what: "header",
        error: e.to_string(),
    })?;
    line.push(b'\n');
    if line.len() > MAX_HEADER_BYTES {
        return Err(ProtocolError::TooLong {
            what: "header",
            limit: MAX_HEADER_BYTES,
        });
    }
    out.write_all(&line)?;
    out.write_all(request)?;
    out.flush()?;
    Ok(())
}

/// Reads a header and the request bytes it announces.
pub fn read_request(input: &mut impl BufRead) -> Result<(Header, Vec<u8>), ProtocolError> {
    let line = read_line(input, MAX_HEADER_BYTES, "header")?;
    let header = checked_header(parse(&line, "header")?)?;
    let mut request = vec![0; header.length];
    input.read_exact(&mut request).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => ProtocolError::Truncated("request"),
        _ => ProtocolError::Io(e),
    })?;
    Ok((header, request))
}

/// The longest handover line: a header's, and the key serve adds.
const MAX_HANDOVER_BYTES: usize = MAX_HEADER_BYTES + 64;

/// Writes `handover` as one line (the request is the caller's to write after it).
pub fn write_handover(out: &mut impl Write, handover: &Handover) -> Result<(), ProtocolError> {
    let mut line = serde_json::to_vec(handover).map_err(|e| ProtocolError::Garbage {
        what: "header",
        error: e.to_string(),
    })?;
    line.push(b'\n');
    if line.len() > MAX_HANDOVER_BYTES {
        return Err(ProtocolError::TooLong {
            what: "header",
            limit: MAX_HANDOVER_BYTES,
        });
    }
    out.write_all(&line)?;
    Ok(())
}

/// Reads the line [`write_handover`] wrote, checked as an asker's header is; the request is
/// left to follow.
pub fn read_handover(input: &mut impl BufRead) -> Result<Handover, ProtocolError> {
    let line = read_line(input, MAX_HANDOVER_BYTES, "header")?;
    let mut value: serde_json::Value = parse(&line, "header")?;
    let local = value
        .as_object_mut()
        .and_then(|fields| fields.remove("local"))
        .and_then(|local| local.as_bool())
        .ok_or_else(|| ProtocolError::Garbage {
            what: "header",
            error: "no \"local\" as true or false".into(),
        })?;
    Ok(Handover {
        header: checked_header(value)?,
        local,
    })
}

/// The header in `value`, checked: its version first, then its shape, its texts and the
/// length it announces.
fn checked_header(value: serde_json::Value) -> Result<Header, ProtocolError> {
    // The version first: a newer asker's header may not fit this build's shape at all.
    let garbage = |error: String| ProtocolError::Garbage {
        what: "header",
        error,
    };
    match value.get("version") {
        Some(v) if v.as_u64() == Some(u64::from(VERSION)) => {}
        Some(v) => match v.as_u64() {
            Some(v) => return Err(ProtocolError::Version(u32::try_from(v).unwrap_or(u32::MAX))),
            // A version that is there but no whole number is not missing (issue 43, item 10).
            None => {
                return Err(garbage(format!(
                    "\"version\" must be a whole number, got {v}"
                )));
            }
        },
        None => return Err(garbage("no \"version\"".into())),
    }
    let header: Header = serde_json::from_value(value).map_err(|e| garbage(e.to_string()))?;
    // Each text becomes an argument of the dialog's command line, which cannot hold a NUL:
    // refused here as what it is, not as a dialog that could not start.
    for (name, text) in [
        ("host", Some(&header.host)),
        ("server", header.display.server.as_ref()),
        ("title", header.display.title.as_ref()),
        ("lang", header.display.lang.as_ref()),
    ] {
        if text.is_some_and(|text| text.contains('\0')) {
            return Err(garbage(format!(
                "\"{name}\" holds a NUL character (U+0000), which no name or title can"
            )));
        }
    }
    if header.length > MAX_REQUEST_BYTES {
        return Err(ProtocolError::RequestTooLong(header.length));
    }
    Ok(header)
}

/// Writes `reply` as one line.
pub fn write_reply(out: &mut impl Write, reply: &Reply) -> Result<(), ProtocolError> {
    let mut line = serde_json::to_vec(reply).map_err(|e| ProtocolError::Garbage {
        what: "reply",
        error: e.to_string(),
    })?;
    line.push(b'\n');
    out.write_all(&line)?;
    out.flush()?;
    Ok(())
}

/// Reads the one reply line.
pub fn read_reply(input: &mut impl BufRead) -> Result<Reply, ProtocolError> {
    let line = read_line(input, MAX_REPLY_BYTES, "reply")?;
    parse(&line, "reply")
}

/// Reads one line of at most `limit` bytes, newline included.
fn read_line(
    input: &mut impl BufRead,
    limit: usize,
    what: &'static str,
) -> Result<Vec<u8>, ProtocolError> {
    let mut line = Vec::new();
    input.take(limit as u64 + 1).read_until(b'\n', &mut line)?;
    if line.last() != Some(&b'\n') {
        return Err(if line.len() > limit {
            ProtocolError::TooLong { what, limit }
        } else {
            ProtocolError::Truncated(what)
        });
    }
    Ok(line)
}

fn parse<T: serde::de::DeserializeOwned>(
    line: &[u8],
    what: &'static str,
) -> Result<T, ProtocolError> {
    serde_json::from_slice(line).map_err(|e| ProtocolError::Garbage {
        what,
        error: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn header(length: usize) -> Header {
        let options = DisplayOptions {
            server: Some("issue-tracker".into()),
            title: Some("Ünïcode\ntitle".into()),
            timeout: Some(Duration::from_secs_f64(2.5)),
            lang: Some("de".into()),
            ..DisplayOptions::default()
        };
        Header::new("build-box", &options, length)
    }

    #[test]
    fn header_and_request_round_trip_exactly() {
        let request = b"{\"message\":\"x\"}\n\xff trailing bytes stay as they were";
        let mut wire = Vec::new();
        write_request(&mut wire, &header(request.len()), request).expect("writes");
        // The line as docs/serve.md shows it: the options at the top level, in this order.
        let line = wire.split(|&b| b == b'\n').next().expect("a line");
        assert_eq!(
            String::from_utf8_lossy(line),
            format!(
                r#"{{"version":1,"host":"build-box","server":"issue-tracker","title":"Ünïcode\ntitle","timeout":2.5,"lang":"de","length":{}}}"#,
                request.len()
            )
        );
        let mut input = &wire[..];
        let (read, bytes) = read_request(&mut input).expect("reads");
        assert_eq!(read, header(request.len()));
        assert_eq!(bytes, request);
        let options = read.display_options(&DisplayOptions::default());
        assert_eq!(options.server.as_deref(), Some("issue-tracker"));
        assert_eq!(options.title.as_deref(), Some("Ünïcode\ntitle"));
        assert_eq!(options.timeout, Some(Duration::from_secs_f64(2.5)));
        assert_eq!(options.lang.as_deref(), Some("de"));
    }

    #[test]
    fn the_asker_s_options_win_and_serve_s_fill_the_rest() {
        let base = DisplayOptions {
            server: Some("desktop default".into()),
            lang: Some("ko".into()),
            timeout: Some(Duration::from_secs(60)),
            ..DisplayOptions::default()
        };
        let bare = Header::new("h", &DisplayOptions::default(), 0);
        assert_eq!(bare.display_options(&base), base);
        // A timeout that is no `--timeout` is read as none given: serve's own applies.
        for timeout in ["0", "-5", "1e300", "4294967296"] {
            let line = format!(r#"{{"version":1,"host":"h","timeout":{timeout},"length":0}}"#);
            let (read, _) = read_request(&mut format!("{line}\n").as_bytes()).expect("reads");
            assert_eq!(read.display.timeout, None, "{timeout}");
            assert_eq!(
                read.display_options(&base).timeout,
                Some(Duration::from_secs(60))
            );
        }
        // The asker's front end and looks are serve's to choose: not sent, not taken.
        let looks = DisplayOptions {
            ui: crate::cli::UiChoice::Terminal,
            theme: crate::cli::Theme::Dark,
            ..DisplayOptions::default()
        };
        let mut wire = Vec::new();
        write_request(&mut wire, &Header::new("h", &looks, 0), b"").expect("writes");
        assert_eq!(
            String::from_utf8_lossy(&wire),
            "{\"version\":1,\"host\":\"h\",\"length\":0}\n"
        );
        let asked = header(0).display_options(&base);
        assert_eq!(asked.server.as_deref(), Some("issue-tracker"));
        assert_eq!(asked.lang.as_deref(), Some("de"));
        assert_eq!(asked.timeout, Some(Duration::from_secs_f64(2.5)));
    }

    /// The dialog started ahead reads the asker's header as serve read it, and where serve
    /// found the asker; a handover is checked as a header is.
    #[test]
    fn a_handover_carries_the_header_and_the_asker_s_place() {
        for local in [true, false] {
            let handover = Handover {
                header: header(7),
                local,
            };
            let mut wire = Vec::new();
            write_handover(&mut wire, &handover).expect("writes");
            wire.extend_from_slice(b"request");
            let mut input = &wire[..];
            assert_eq!(read_handover(&mut input).expect("reads"), handover);
            assert_eq!(input, b"request", "the request is left to follow");
        }
        let cases: [(&[u8], &str); 3] = [
            (
                b"{\"version\":1,\"host\":\"h\",\"length\":0}\n",
                "no \"local\"",
            ),
            (
                b"{\"version\":1,\"host\":\"h\\u0000\",\"length\":0,\"local\":true}\n",
                "\"host\" holds a NUL character",
            ),
            (
                b"{\"version\":2,\"host\":\"h\",\"length\":0,\"local\":true}\n",
                "protocol version 2 is not supported",
            ),
        ];
        for (wire, expected) in cases {
            let error = read_handover(&mut &wire[..])
                .expect_err("refused")
                .to_string();
            assert!(error.contains(expected), "{error:?} lacks {expected:?}");
        }
    }

    #[test]
    fn replies_round_trip() {
        for reply in [
            Reply {
                exit: 0,
                line: Some("{\"action\":\"accept\",\"content\":{\"a\":\"b\\n\"}}".into()),
                message: None,
            },
            Reply {
                exit: 2,
                line: None,
                message: Some("requestedSchema: bad".into()),
            },
        ] {
            let mut wire = Vec::new();
            write_reply(&mut wire, &reply).expect("writes");
            assert_eq!(wire.iter().filter(|b| **b == b'\n').count(), 1);
            assert_eq!(read_reply(&mut &wire[..]).expect("reads"), reply);
        }
    }

    #[test]
    fn oversize_is_refused_before_it_is_read() {
        let mut wire = Vec::new();
        let too_long = vec![b' '; MAX_REQUEST_BYTES + 1];
        assert!(matches!(
            write_request(&mut wire, &header(too_long.len()), &too_long),
            Err(ProtocolError::RequestTooLong(_))
        ));
        // A header that announces too much is refused without reading the rest.
        let line = format!(
            "{{\"version\":1,\"host\":\"h\",\"length\":{}}}\n",
            MAX_REQUEST_BYTES + 1
        );
        assert!(matches!(
            read_request(&mut line.as_bytes()),
            Err(ProtocolError::RequestTooLong(_))
        ));
        // A header line with no end within the limit.
        let endless = vec![b'x'; MAX_HEADER_BYTES * 2];
        assert!(matches!(
            read_request(&mut &endless[..]),
            Err(ProtocolError::TooLong { what: "header", .. })
        ));
    }

    #[test]
    fn garbage_truncation_and_other_versions_are_refused_clearly() {
        let cases: [(&[u8], &str); 9] = [
            (b"hello\n", "the header is not valid"),
            (b"{\"host\":\"h\",\"length\":0}\n", "no \"version\""),
            // Issue 43, item 10: a version as text was reported as missing, and a NUL in the
            // host failed later as "cannot start the form's dialog".
            (
                b"{\"version\":\"1\",\"host\":\"h\",\"length\":0}\n",
                "\"version\" must be a whole number, got \"1\"",
            ),
            (
                b"{\"version\":1,\"host\":\"h\\u0000x\",\"length\":0}\n",
                "\"host\" holds a NUL character",
            ),
            (
                b"{\"version\":1,\"host\":\"h\",\"title\":\"\\u0000\",\"length\":0}\n",
                "\"title\" holds a NUL character",
            ),
            (b"{\"version\":1,\"length\":0}\n", "missing field `host`"),
            (
                b"{\"version\":2,\"host\":\"h\",\"length\":0}\n",
                "protocol version 2 is not supported",
            ),
            (
                b"{\"version\":1,\"host\":\"h\",\"length\":10}\nabc",
                "before the request was complete",
            ),
            (b"{\"version\":1", "before the header was complete"),
        ];
        for (wire, expected) in cases {
            let error = read_request(&mut &wire[..])
                .expect_err("refused")
                .to_string();
            assert!(error.contains(expected), "{error:?} lacks {expected:?}");
        }
        assert!(read_reply(&mut &b"{\"exit\":\"zero\"}\n"[..]).is_err());
        assert!(read_reply(&mut &b""[..]).is_err());
    }
}

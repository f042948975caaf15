//! A reader of `text/event-stream` (the HTML living standard's rules, as much of them as an
//! MCP client needs): lines end with CRLF, LF or CR; `:` starts a comment; `data` lines join
//! with a newline; an event is dispatched at a blank line; `id` and `retry` are remembered
//! for resuming the stream.
//!
//! An event (and any one line) is at most [`MAX_EVENT_BYTES`]: a server that sends more gets an
//! error, not all of our memory (one event of 200 MB took the proxy to 623 MB).

use std::io::{self, BufRead};
use std::time::Duration;

/// The largest event we read: its data, or any one line. Far more than any message an MCP
/// server sends a client of ours; a larger one fails the call it came for.
pub const MAX_EVENT_BYTES: usize = 8 * 1024 * 1024;

/// The error for an event or a line over [`MAX_EVENT_BYTES`].
fn too_large() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "an event of the server's stream is larger than {} MiB",
            MAX_EVENT_BYTES >> 20
        ),
    )
}

/// One dispatched event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event` field; "message" when the server named none.
    pub kind: String,
    /// The `data` lines, joined with `\n`.
    pub data: String,
}

/// Reads events from a byte stream, keeping the last event id and the server's retry delay.
#[derive(Debug)]
pub struct SseReader<R> {
    input: R,
    /// The last line ended with CR: a LF right after it belongs to that line end.
    after_cr: bool,
    /// The id to send as `Last-Event-ID` when resuming.
    pub last_id: Option<String>,
    /// The delay the server asked for before reconnecting.
    pub retry: Option<Duration>,
}

impl<R: BufRead> SseReader<R> {
    /// A reader of `input`, from its start.
    pub fn new(input: R) -> Self {
        Self {
            input,
            after_cr: false,
            last_id: None,
            retry: None,
        }
    }

    /// The next event; `None` at the end of the stream (an event not ended by a blank line
    /// is dropped, as the standard says); an error of kind `InvalidData` for one larger than
    /// [`MAX_EVENT_BYTES`].
    pub fn next_event(&mut self) -> io::Result<Option<SseEvent>> {
        let mut kind = String::new();
        let mut data = String::new();
        let mut has_data = false;
        loop {
            let Some(line) = self.next_line()? else {
                return Ok(None);
            };
            if line.is_empty() {
                if has_data {
                    let kind = if kind.is_empty() {
                        "message".to_owned()
                    } else {
                        kind
                    };
                    return Ok(Some(SseEvent { kind, data }));
                }
                kind.clear();
                continue;
            }
            if line.starts_with(':') {
                continue;
            }
            let (field, value) = match line.split_once(':') {
                Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
                None => (line.as_str(), ""),
            };
            match field {
                "data" => {
                    if data.len() + value.len() >= MAX_EVENT_BYTES {
                        return Err(too_large());
                    }
                    if has_data {
                        data.push('\n');
                    }
                    data.push_str(value);
                    has_data = true;
                }
                "event" => value.clone_into(&mut kind),
                "id" if !value.contains('\0') => self.last_id = Some(value.to_owned()),
                "retry" if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                    if let Ok(ms) = value.parse() {
                        self.retry = Some(Duration::from_millis(ms));
                    }
                }
                _ => {}
            }
        }
    }

    /// The byte stream, positioned after the last line read.
    pub fn into_inner(self) -> R {
        self.input
    }

    /// One line without its end; `None` at the end of the stream.
    fn next_line(&mut self) -> io::Result<Option<String>> {
        let mut line = Vec::new();
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                // A last line without its end is no line: the stream broke inside it.
                return Ok(None);
            }
            if self.after_cr {
                self.after_cr = false;
                if buffer[0] == b'\n' {
                    self.input.consume(1);
                    continue;
                }
            }
            match buffer.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(end) => {
                    line.extend_from_slice(&buffer[..end]);
                    self.after_cr = buffer[end] == b'\r';
                    self.input.consume(end + 1);
                    return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
                }
                None => {
                    let all = buffer.len();
                    line.extend_from_slice(buffer);
                    self.input.consume(all);
                    if line.len() > MAX_EVENT_BYTES {
                        return Err(too_large());
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(input: &[u8]) -> (Vec<SseEvent>, SseReader<&[u8]>) {
        let mut reader = SseReader::new(input);
        let mut all = Vec::new();
        while let Some(event) = reader.next_event().expect("reads") {
            all.push(event);
        }
        (all, reader)
    }

    fn message(data: &str) -> SseEvent {
        SseEvent {
            kind: "message".into(),
            data: data.into(),
        }
    }

    #[test]
    fn data_lines_join_and_a_blank_line_dispatches() {
        let (all, _) = events(b"data: {\"a\":\ndata:1}\n\ndata: two\n\n");
        assert_eq!(all, [message("{\"a\":\n1}"), message("two")]);
    }

    #[test]
    fn crlf_and_lone_cr_end_lines() {
        let (all, _) = events(b"data: one\r\n\r\ndata: two\r\rdata: three\n\n");
        assert_eq!(all, [message("one"), message("two"), message("three")]);
    }

    #[test]
    fn a_line_split_across_reads_is_one_line() {
        let chained = io::BufReader::with_capacity(3, &b"data: split\r\n\r\n"[..]);
        let mut reader = SseReader::new(chained);
        assert_eq!(reader.next_event().expect("reads"), Some(message("split")));
        assert_eq!(reader.next_event().expect("reads"), None);
    }

    #[test]
    fn comments_are_skipped_and_event_names_kept() {
        let (all, _) = events(b": keep-alive\n\nevent: endpoint\ndata: /x\n\n");
        assert_eq!(
            all,
            [SseEvent {
                kind: "endpoint".into(),
                data: "/x".into()
            }]
        );
    }

    #[test]
    fn ids_and_retry_are_remembered_even_without_data() {
        // A priming event (id, no data) dispatches nothing but is where a resume starts.
        let (all, reader) = events(b"id: 7\nretry: 250\ndata:\n\nid: 8\nretry: x\n\n");
        assert_eq!(all, [message("")]);
        assert_eq!(reader.last_id.as_deref(), Some("8"));
        assert_eq!(reader.retry, Some(Duration::from_millis(250)));
    }

    /// Regression (issue 43): one event of 200 MB took the proxy to 623 MB.
    #[test]
    fn an_event_over_the_limit_is_an_error_not_memory() {
        let half = "x".repeat(MAX_EVENT_BYTES / 2);
        // In many lines, or in one line without an end.
        let many = format!("data: {half}\ndata: {half}\n\n");
        let one = format!("data: {half}{half}x");
        for input in [many, one] {
            let mut reader = SseReader::new(io::BufReader::new(input.as_bytes()));
            let error = reader.next_event().expect_err("too large");
            assert_eq!(error.kind(), io::ErrorKind::InvalidData);
            assert!(error.to_string().contains("larger than 8 MiB"), "{error}");
        }
        // Just under it is an event.
        let under = format!("data: {}\n\n", "x".repeat(MAX_EVENT_BYTES - 1));
        let (all, _) = events(under.as_bytes());
        assert_eq!(all.len(), 1);
    }

    #[test]
    fn an_unfinished_event_at_the_end_is_dropped() {
        let (all, _) = events(b"data: whole\n\ndata: cut");
        assert_eq!(all, [message("whole")]);
    }
}

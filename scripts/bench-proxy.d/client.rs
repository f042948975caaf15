//! The MCP client of scripts/bench-proxy-remote: one small compiled program that times
//! `tools/call`s the same way whether it talks Streamable HTTP to the server itself or stdio to a
//! relay in front of it, so that the client's own cost is alike for all and cancels out of
//! "relay minus direct". Standard library only; built with `rustc -O` by remote.py.
//!
//!   client http http://127.0.0.1:PORT/mcp     a direct client on one keep-alive connection
//!   client stdio CMD [ARGS...]                a stdio client of the relay CMD, which it starts
//!
//! It begins the session (initialize, initialized), prints `ready PID` (the relay's process id,
//! 0 for http), then reads commands from stdin, one a line:
//!
//!   call FIRST COUNT SIZE   COUNT sequential calls of `echo` with a SIZE-byte message, ids from
//!                           FIRST; prints the COUNT times in nanoseconds on one line
//!
//! A call is timed from the first byte written to the moment its answer is complete in memory:
//! the SSE event (not the end of the stream, which the server sends after) or the stdio line.
//! Its answer is checked after the clock stops. At the end of stdin the relay's stdin is closed.

use std::io::{self, BufRead, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::Instant;

type Result<T> = std::result::Result<T, String>;

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench-proxy-remote","version":"1"}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

fn echo(id: u64, size: usize) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"echo","arguments":{{"message":"{}"}}}}}}"#,
        "x".repeat(size)
    )
}

/// A buffer that one read fills as far as the kernel has data, so that a message that arrived
/// whole costs one wake-up.
struct Input<R> {
    source: R,
    buf: Vec<u8>,
    start: usize,
}

impl<R: Read> Input<R> {
    fn new(source: R) -> Self {
        Input { source, buf: Vec::with_capacity(1 << 16), start: 0 }
    }

    fn pending(&self) -> &[u8] {
        &self.buf[self.start..]
    }

    fn consume(&mut self, n: usize) {
        self.start += n;
        if self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
        }
    }

    fn fill(&mut self) -> Result<()> {
        if self.start > 0 && self.start * 2 > self.buf.capacity() {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        let len = self.buf.len();
        let want = (self.buf.capacity() - len).max(1 << 16);
        self.buf.resize(len + want, 0);
        let got = self.source.read(&mut self.buf[len..]);
        let got = got.map_err(|e| format!("read: {e}"))?;
        self.buf.truncate(len + got);
        if got == 0 {
            return Err("the other side closed the connection".into());
        }
        Ok(())
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Whether a JSON-RPC message is a request or notification (it names a method), which a client
/// waiting for its answer passes over.
fn has_method(message: &[u8]) -> bool {
    std::str::from_utf8(message).is_ok_and(|s| s.contains(r#""method":"#))
}

trait Transport {
    /// Sends one message and returns the answer (`None` for a notification) and when it was
    /// complete.
    fn call(&mut self, message: &[u8], answers: bool) -> Result<(Option<Vec<u8>>, Instant)>;

    /// Takes note of the protocol version that initialize agreed on.
    fn agreed(&mut self, _version: &str) {}
}

struct Http {
    stream: TcpStream,
    input: Input<TcpStream>,
    host: String,
    path: String,
    session: Option<String>,
    version: Option<String>,
}

impl Http {
    fn connect(url: &str) -> Result<Self> {
        let rest = url.strip_prefix("http://").ok_or("only http:// URLs")?;
        let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let stream = TcpStream::connect(host).map_err(|e| format!("connect {host}: {e}"))?;
        stream.set_nodelay(true).map_err(|e| format!("nodelay: {e}"))?;
        let input = Input::new(stream.try_clone().map_err(|e| format!("clone: {e}"))?);
        let path = if path.is_empty() { "/" } else { path };
        Ok(Http { stream, input, host: host.into(), path: path.into(), session: None, version: None })
    }

    fn request(&self, body: &[u8]) -> Vec<u8> {
        let mut head = format!(
            "POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\n",
            self.path,
            self.host,
            body.len()
        );
        if let Some(session) = &self.session {
            head += &format!("Mcp-Session-Id: {session}\r\n");
        }
        if let Some(version) = &self.version {
            head += &format!("MCP-Protocol-Version: {version}\r\n");
        }
        head += "\r\n";
        let mut request = head.into_bytes();
        request.extend_from_slice(body);
        request
    }

    /// Reads one response: its JSON answer (a JSON body, or the first SSE event that is not a
    /// request), when that answer was complete, and the rest of the response after it.
    fn response(&mut self) -> Result<(Option<Vec<u8>>, Instant)> {
        let end = loop {
            if let Some(end) = find(self.input.pending(), b"\r\n\r\n") {
                break end;
            }
            self.input.fill()?;
        };
        let head = String::from_utf8_lossy(&self.input.pending()[..end]).into_owned();
        self.input.consume(end + 4);
        let mut lines = head.split("\r\n");
        let status = lines.next().unwrap_or("");
        let (mut length, mut chunked, mut sse) = (None, false, false);
        for line in lines {
            let Some((name, value)) = line.split_once(':') else { continue };
            let value = value.trim();
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.parse::<usize>().ok(),
                "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
                "content-type" => sse = value.starts_with("text/event-stream"),
                "mcp-session-id" => self.session = Some(value.into()),
                _ => {}
            }
        }
        if !status.starts_with("HTTP/1.1 2") {
            return Err(format!("the server answered {status}"));
        }
        if let Some(length) = length {
            while self.input.pending().len() < length {
                self.input.fill()?;
            }
            let body = self.input.pending()[..length].to_vec();
            self.input.consume(length);
            let at = Instant::now();
            if sse {
                return Ok((first_answer(&body, &mut Scan::default()), at));
            }
            return Ok(((!body.is_empty()).then_some(body), at));
        }
        if !chunked {
            return Err("a response with neither a length nor chunks".into());
        }
        // Chunked: decode as the chunks arrive; the answer counts when its event is whole.
        let (mut body, mut scan, mut answer) = (Vec::new(), Scan::default(), None);
        loop {
            let pending = self.input.pending();
            let Some(line_end) = find(pending, b"\r\n") else {
                self.input.fill()?;
                continue;
            };
            let size_text = std::str::from_utf8(&pending[..line_end]).map_err(|_| "chunk size")?;
            let size_text = size_text.split(';').next().unwrap_or("").trim();
            let size = usize::from_str_radix(size_text, 16).map_err(|_| format!("chunk size {size_text:?}"))?;
            if pending.len() < line_end + 2 + size + 2 {
                self.input.fill()?;
                continue;
            }
            body.extend_from_slice(&pending[line_end + 2..line_end + 2 + size]);
            self.input.consume(line_end + 2 + size + 2);
            if size == 0 {
                return Ok(match answer {
                    Some((json, at)) => (Some(json), at),
                    // A JSON body in chunks is whole at its end.
                    None if !sse && !body.is_empty() => (Some(body), Instant::now()),
                    None => (None, Instant::now()),
                });
            }
            if answer.is_none() {
                let json = if sse { first_answer(&body, &mut scan) } else { None };
                answer = json.map(|json| (json, Instant::now()));
            }
        }
    }
}

/// How far a response's SSE events have been read: `start` is where the next event begins,
/// `searched` how far its end has been looked for (so that a large event arriving in many
/// pieces is searched once, not again from its start at each piece).
#[derive(Default)]
struct Scan {
    start: usize,
    searched: usize,
}

/// The data of the first whole SSE event in `body` (from `scan` on) that is not a request or
/// notification; `scan` moves past what was read.
fn first_answer(body: &[u8], scan: &mut Scan) -> Option<Vec<u8>> {
    loop {
        let from = scan.searched.max(scan.start);
        let Some(end) = find(&body[from..], b"\n\n").map(|at| from + at) else {
            // The last byte may be the first of the two line ends.
            scan.searched = body.len().saturating_sub(1).max(scan.start);
            return None;
        };
        let event = &body[scan.start..end];
        scan.start = end + 2;
        scan.searched = scan.start;
        let mut data = Vec::new();
        for line in event.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if let Some(value) = line.strip_prefix(b"data:") {
                data.extend_from_slice(value.strip_prefix(b" ").unwrap_or(value));
            }
        }
        if !data.is_empty() && !has_method(&data) {
            return Some(data);
        }
    }
}

impl Transport for Http {
    fn call(&mut self, message: &[u8], _answers: bool) -> Result<(Option<Vec<u8>>, Instant)> {
        let request = self.request(message);
        self.stream.write_all(&request).map_err(|e| format!("write: {e}"))?;
        self.response()
    }

    fn agreed(&mut self, version: &str) {
        // The version header goes on every request after initialize.
        self.version = Some(version.into());
    }
}

struct Relay {
    child: Child,
    stdin: Option<ChildStdin>,
    input: Input<ChildStdout>,
}

impl Relay {
    fn start(command: &[String]) -> Result<Self> {
        let (program, args) = command.split_first().ok_or("stdio needs a command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("start {program}: {e}"))?;
        let stdin = child.stdin.take();
        let input = Input::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Self { child, stdin, input })
    }
}

impl Drop for Relay {
    /// Closes the relay's stdin, as a client that goes does, and waits for it to end.
    fn drop(&mut self) {
        drop(self.stdin.take());
        let deadline = Instant::now() + std::time::Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Transport for Relay {
    fn call(&mut self, message: &[u8], answers: bool) -> Result<(Option<Vec<u8>>, Instant)> {
        let mut line = Vec::with_capacity(message.len() + 1);
        line.extend_from_slice(message);
        line.push(b'\n');
        let stdin = self.stdin.as_mut().ok_or("stdin closed")?;
        stdin.write_all(&line).map_err(|e| format!("write: {e}"))?;
        if !answers {
            return Ok((None, Instant::now()));
        }
        let mut scanned = 0;
        loop {
            let pending = self.input.pending();
            let Some(end) = pending[scanned..].iter().position(|&b| b == b'\n') else {
                scanned = pending.len();
                self.input.fill()?;
                continue;
            };
            let end = scanned + end;
            let message = pending[..end].to_vec();
            self.input.consume(end + 1);
            scanned = 0;
            if !has_method(&message) {
                return Ok((Some(message), Instant::now()));
            }
        }
    }
}

/// Checks that an answer is the echo of call `id` with a `size`-byte message.
fn check(answer: Option<&[u8]>, id: u64, size: usize) -> Result<()> {
    let answer = answer.ok_or_else(|| format!("call {id}: no answer"))?;
    let text = String::from_utf8_lossy(answer);
    let wrong = || format!("call {id} came back wrong: {}", &text[..text.len().min(300)]);
    let id_at = text.find(&format!(r#""id":{id}"#)).ok_or_else(wrong)?;
    let after = text.as_bytes().get(id_at + format!(r#""id":{id}"#).len());
    if after.is_some_and(u8::is_ascii_digit) {
        return Err(wrong());
    }
    let echoed = text.find("Echo: ").ok_or_else(wrong)? + "Echo: ".len();
    let xs = text.as_bytes()[echoed..].iter().take_while(|&&b| b == b'x').count();
    if xs != size || text.as_bytes().get(echoed + xs) != Some(&b'"') {
        return Err(wrong());
    }
    Ok(())
}

fn begin(transport: &mut dyn Transport) -> Result<()> {
    let (answer, _) = transport.call(INITIALIZE.as_bytes(), true)?;
    let answer = answer.ok_or("no answer to initialize")?;
    let text = String::from_utf8_lossy(&answer);
    let key = r#""protocolVersion":""#;
    let at = text.find(key).ok_or_else(|| format!("initialize: {text}"))? + key.len();
    transport.agreed(text[at..].split('"').next().unwrap_or(""));
    transport.call(INITIALIZED.as_bytes(), false)?;
    Ok(())
}

fn run() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut transport, pid): (Box<dyn Transport>, u32) = match args.first().map(String::as_str) {
        Some("http") => (Box::new(Http::connect(args.get(1).ok_or("http needs a URL")?)?), 0),
        Some("stdio") => {
            let relay = Relay::start(&args[1..])?;
            let pid = relay.child.id();
            (Box::new(relay), pid)
        }
        _ => return Err("usage: client http URL | client stdio CMD [ARGS...]".into()),
    };
    begin(transport.as_mut())?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "ready {pid}").and_then(|()| out.flush()).map_err(|e| e.to_string())?;
    for command in io::stdin().lock().lines() {
        let command = command.map_err(|e| e.to_string())?;
        let words: Vec<u64> = command.split_whitespace().skip(1).filter_map(|w| w.parse().ok()).collect();
        let [first, count, size] = words[..] else {
            return Err(format!("unknown command {command:?}"));
        };
        let mut times = Vec::with_capacity(count as usize);
        for id in first..first + count {
            let message = echo(id, size as usize);
            let began = Instant::now();
            let (answer, at) = transport.call(message.as_bytes(), true)?;
            times.push((at - began).as_nanos().to_string());
            check(answer.as_deref(), id, size as usize)?;
        }
        writeln!(out, "{}", times.join(" ")).and_then(|()| out.flush()).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench client: {e}");
            ExitCode::FAILURE
        }
    }
}

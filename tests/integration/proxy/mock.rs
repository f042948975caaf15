//! A Streamable HTTP server for the proxy's session tests, small enough to misbehave on
//! purpose: each test hands it a function from a request to what to do with the connection
//! (answer, redirect, fail, stream and then drop, or say nothing), and reads back the requests
//! it received. A mock begun with [`Mock::start_keep_alive`] serves one request after another
//! on each connection, as real servers do, and counts the connections.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use serde_json::Value;

/// One HTTP request as received.
#[derive(Debug, Clone)]
pub(super) struct Request {
    pub(super) method: String,
    pub(super) path: String,
    /// Header names in lower case.
    pub(super) headers: Vec<(String, String)>,
    pub(super) body: String,
}

impl Request {
    pub(super) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The JSON-RPC message in the body (`Null` for none).
    pub(super) fn message(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }

    /// The JSON-RPC method in the body, or "" for none (a response, a GET, a DELETE).
    pub(super) fn rpc_method(&self) -> String {
        self.message()["method"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }
}

/// A handler writes its answer to the connection, which is closed when it returns.
pub(super) type Handler = dyn Fn(&Request, &mut TcpStream) + Send + Sync;

/// The server, listening on 127.0.0.1 until the test ends.
pub(super) struct Mock {
    pub(super) url: String,
    requests: Arc<Mutex<Vec<Request>>>,
    connections: Arc<AtomicUsize>,
}

impl Mock {
    /// One request a connection: the handler's answer ends it.
    pub(super) fn start(
        handler: impl Fn(&Request, &mut TcpStream) + Send + Sync + 'static,
    ) -> Mock {
        Mock::serve(Arc::new(handler), false)
    }

    /// Requests one after another on each connection, until the client closes it; the handler
    /// answers with the `*_kept` writers below.
    pub(super) fn start_keep_alive(
        handler: impl Fn(&Request, &mut TcpStream) + Send + Sync + 'static,
    ) -> Mock {
        Mock::serve(Arc::new(handler), true)
    }

    fn serve(handler: Arc<Handler>, keep_alive: bool) -> Mock {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let port = listener.local_addr().expect("the port").port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let connections = Arc::new(AtomicUsize::new(0));
        let seen = Arc::clone(&requests);
        let accepted = Arc::clone(&connections);
        thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                accepted.fetch_add(1, Ordering::SeqCst);
                let handler = Arc::clone(&handler);
                let seen = Arc::clone(&seen);
                thread::spawn(move || {
                    let Ok(input) = stream.try_clone() else {
                        return;
                    };
                    let mut input = BufReader::new(input);
                    while let Some(request) = read_request(&mut input) {
                        seen.lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push(request.clone());
                        handler(&request, &mut stream);
                        if !keep_alive {
                            return;
                        }
                    }
                });
            }
        });
        Mock {
            url: format!("http://127.0.0.1:{port}/mcp"),
            requests,
            connections,
        }
    }

    /// How many connections the client opened so far.
    pub(super) fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    /// Every request received so far, in order.
    pub(super) fn requests(&self) -> Vec<Request> {
        self.requests
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

fn read_request(reader: &mut BufReader<TcpStream>) -> Option<Request> {
    let mut first = String::new();
    reader.read_line(&mut first).ok()?;
    let mut words = first.split_whitespace();
    let method = words.next()?.to_owned();
    let path = words.next()?.to_owned();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':')?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
    let length = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Request {
        method,
        path,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

/// Writes a whole response with `status`, extra `headers` and `body`, and closes.
pub(super) fn respond(stream: &mut TcpStream, status: &str, headers: &[(&str, &str)], body: &str) {
    let mut all = vec![("Connection", "close")];
    all.extend_from_slice(headers);
    respond_kept(stream, status, &all, body);
}

/// Writes a whole response with `status`, extra `headers` and `body`, and leaves the
/// connection open for the next request.
pub(super) fn respond_kept(
    stream: &mut TcpStream,
    status: &str,
    headers: &[(&str, &str)],
    body: &str,
) {
    let mut head = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\n", body.len());
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body.as_bytes());
    let _ = stream.flush();
}

/// An SSE stream in chunks, on a connection kept open: its events, then (once `end` returns)
/// its end, as a server ends a call's stream after the call's answer.
pub(super) fn stream_kept(stream: &mut TcpStream, messages: &[Value], end: impl FnOnce()) {
    let head =
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";
    let _ = stream.write_all(head.as_bytes());
    for message in messages {
        let event = format!("data: {message}\n\n");
        let _ = write!(stream, "{:x}\r\n{event}\r\n", event.len());
        let _ = stream.flush();
    }
    end();
    let _ = stream.write_all(b"0\r\n\r\n");
    let _ = stream.flush();
}

/// A JSON body.
pub(super) fn json(stream: &mut TcpStream, headers: &[(&str, &str)], body: &Value) {
    let mut all = vec![("Content-Type", "application/json")];
    all.extend_from_slice(headers);
    respond(stream, "200 OK", &all, &body.to_string());
}

/// 202 Accepted, for a notification or a response.
pub(super) fn accepted(stream: &mut TcpStream) {
    respond(stream, "202 Accepted", &[], "");
}

/// Begins an SSE stream (no length: it ends when the connection closes).
pub(super) fn begin_stream(stream: &mut TcpStream) {
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n";
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.flush();
}

/// One `message` event on a stream begun with [`begin_stream`].
pub(super) fn event(stream: &mut TcpStream, message: &Value) {
    let _ = write!(stream, "data: {message}\n\n");
    let _ = stream.flush();
}

/// The result of an `initialize` in the 2025-11-25 era.
pub(super) fn initialize_result(id: &Value) -> Value {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "result": {
            "protocolVersion": "2025-11-25",
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "mock", "version": "1"},
        },
    })
}

/// A tool result with `text`.
pub(super) fn text_result(id: &Value, text: &str) -> Value {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "result": {"content": [{"type": "text", "text": text}]},
    })
}

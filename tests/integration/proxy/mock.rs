//! A Streamable HTTP server for the proxy's session tests, small enough to misbehave on
//! purpose: each test hands it a function from a request to what to do with the connection
//! (answer, redirect, fail, stream and then drop, or say nothing), and reads back the requests
//! it received.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
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
}

impl Mock {
    pub(super) fn start(
        handler: impl Fn(&Request, &mut TcpStream) + Send + Sync + 'static,
    ) -> Mock {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let port = listener.local_addr().expect("the port").port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let handler: Arc<Handler> = Arc::new(handler);
        let seen = Arc::clone(&requests);
        thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let handler = Arc::clone(&handler);
                let seen = Arc::clone(&seen);
                thread::spawn(move || {
                    let Some(request) = read_request(&mut stream) else {
                        return;
                    };
                    seen.lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(request.clone());
                    handler(&request, &mut stream);
                });
            }
        });
        Mock {
            url: format!("http://127.0.0.1:{port}/mcp"),
            requests,
        }
    }

    /// Every request received so far, in order.
    pub(super) fn requests(&self) -> Vec<Request> {
        self.requests
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

fn read_request(stream: &mut TcpStream) -> Option<Request> {
    let mut reader = BufReader::new(stream.try_clone().ok()?);
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
    let mut head = format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body.as_bytes());
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

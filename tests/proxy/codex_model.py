"""A stand-in for the OpenAI Responses API, for the test that runs the real Codex CLI.

`python codex_model.py PORT LOG` listens on 127.0.0.1:PORT and answers `POST /v1/responses` with a server-sent event stream, as
Codex's `wire_api = "responses"` provider reads it:

- a request whose input holds no tool output yet: one `function_call` of the tool whose name
  ends in `ask_name` (Codex names MCP tools after their server; the name is taken from the
  request's `tools`, so it does not matter how);
- a request that carries a `function_call_output`: one assistant message, and the run ends.

Each request's JSON body is appended to LOG, one line each, so the test reads what the tool
call returned exactly as Codex passed it to the model. Anything else gets 404.
"""

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(sys.argv[1])
LOG = sys.argv[2]
CALL_ID = "call_ask_name_1"


def event(kind, body):
    body = dict(body, type=kind)
    return f"event: {kind}\ndata: {json.dumps(body)}\n\n".encode()


def completed(n):
    return event(
        "response.completed",
        {
            "response": {
                "id": f"resp_{n}",
                "usage": {
                    "input_tokens": 1,
                    "input_tokens_details": None,
                    "output_tokens": 1,
                    "output_tokens_details": None,
                    "total_tokens": 2,
                },
            }
        },
    )


def tool_name(request):
    """The `ask_name` tool offered: its namespace (Codex 0.169 groups a server's tools in a
    namespace `mcp__SERVER`) and name, or `None`."""
    for tool in request.get("tools", []):
        if tool.get("type") == "namespace":
            for inner in tool.get("tools", []):
                if inner.get("name") == "ask_name":
                    return tool["name"], "ask_name"
        elif tool.get("name", "").endswith("ask_name"):
            return None, tool["name"]
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    served = 0

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        if not self.path.rstrip("/").endswith("/responses"):
            self.send_error(404)
            return
        request = json.loads(raw)
        with open(LOG, "a") as log:
            log.write(json.dumps(request) + "\n")
        Handler.served += 1
        n = Handler.served
        answered = any(
            item.get("type") == "function_call_output" for item in request.get("input", [])
        )
        name = tool_name(request)
        stream = [event("response.created", {"response": {"id": f"resp_{n}"}})]
        if answered or name is None:
            text = "done" if answered else "no ask_name tool was offered"
            item = {
                "type": "message",
                "role": "assistant",
                "id": f"msg_{n}",
                "content": [{"type": "output_text", "text": text}],
            }
        else:
            namespace, function = name
            item = {
                "type": "function_call",
                "id": f"fc_{n}",
                "name": function,
                "arguments": "{}",
                "call_id": CALL_ID,
            }
            if namespace:
                item["namespace"] = namespace
        stream.append(event("response.output_item.done", {"item": item}))
        stream.append(completed(n))
        body = b"".join(stream)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        sys.stderr.write("model: " + (format % args) + "\n")


ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()

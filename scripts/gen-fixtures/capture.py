"""Drive one fixture server (py/server.py, ts/server-*.mjs) as a bare JSON-RPC client over stdio and
record every `elicitation/create` request's params exactly as the SDK wrote them on the wire.

  capture.py OUT.json -- SERVER_COMMAND [ARG...]

Each server exposes the tools `versions`, `list_models` and, per model, `ask_<name>` (the SDK's own
path) and `bypass_<name>` (the same schema sent around the SDK's check; only called when `ask_`
did not send anything). The client declares form elicitation, answers every elicitation with
{"action": "decline"} and records its params.

OUT.json: {"sdk": {...}, "protocolVersion": ..., "models": [{"name", "ask": {"outcome", "error"?,
"params"}, "bypass": {...} | null}]}. Standard library only.
"""

import json
import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TIMEOUT = 60.0
PROTOCOL_VERSION = "2025-11-25"


class Client:
    def __init__(self, argv):
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONWARNINGS="ignore", PYTHONDONTWRITEBYTECODE="1")
        self.stderr = tempfile.TemporaryFile()  # a file, not a pipe: servers log every request
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, env=env
        )
        self.buf = b""
        self.next_id = 1

    def stderr_tail(self):
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")[-2000:]

    def send(self, obj):
        self.proc.stdin.write(json.dumps(obj).encode() + b"\n")
        self.proc.stdin.flush()

    def recv(self):
        deadline = time.monotonic() + TIMEOUT
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.proc.stdout], [], [], left)[0]:
                raise TimeoutError("server did not answer; its stderr ends:\n" + self.stderr_tail())
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                raise EOFError("server closed stdout; its stderr ends:\n" + self.stderr_tail())
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)  # dicts keep the key order of the wire

    def request(self, method, params, on_elicit=None):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            msg = self.recv()
            if msg.get("id") == rid and "method" not in msg:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg["result"]
            if "id" in msg and msg.get("method") == "elicitation/create":
                if on_elicit:
                    on_elicit(msg["params"])
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": {"action": "decline"}})
            elif "id" in msg and "method" in msg:  # any other server->client request
                self.send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "unsupported"}})
            # notifications (logging, list_changed, ...) are ignored

    def tool_text(self, name, on_elicit=None):
        result = self.request("tools/call", {"name": name, "arguments": {}}, on_elicit=on_elicit)
        text = "".join(c.get("text", "") for c in result.get("content", []))
        return text, bool(result.get("isError"))

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def call_elicit_tool(client, tool):
    captured = []
    text, is_error = client.tool_text(tool, on_elicit=captured.append)
    try:
        outcome = json.loads(text)
    except ValueError:
        outcome = {"outcome": "error", "error": text}
    if is_error:
        outcome = {"outcome": "error", "error": text}
    if len(captured) > 1:
        raise RuntimeError(f"{tool}: more than one elicitation")
    outcome["params"] = captured[0] if captured else None
    if outcome["outcome"] == "sent" and not captured:
        raise RuntimeError(f"{tool}: said sent but nothing was captured")
    if captured and outcome["outcome"] != "sent":
        raise RuntimeError(f"{tool}: captured an elicitation but the tool said {outcome}")
    return outcome


def main():
    out = Path(sys.argv[1])
    if sys.argv[2] != "--":
        sys.exit("usage: capture.py OUT.json -- SERVER_COMMAND [ARG...]")
    client = Client(sys.argv[3:])
    try:
        init = client.request(
            "initialize",
            {
                "protocolVersion": PROTOCOL_VERSION,
                "capabilities": {"elicitation": {"form": {}}},
                "clientInfo": {"name": "form-elicitation-fixture-capture", "version": "0"},
            },
        )
        client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        tools = {t["name"] for t in client.request("tools/list", {})["tools"]}
        versions = json.loads(client.tool_text("versions")[0])
        names = json.loads(client.tool_text("list_models")[0])
        models = []
        for name in names:
            tool = name.replace("-", "_")
            if f"ask_{tool}" not in tools:
                raise RuntimeError(f"no tool ask_{tool}")
            ask = call_elicit_tool(client, f"ask_{tool}")
            bypass = None
            if ask["outcome"] != "sent" and f"bypass_{tool}" in tools:
                bypass = call_elicit_tool(client, f"bypass_{tool}")
            models.append({"name": name, "ask": ask, "bypass": bypass})
    finally:
        client.close()
    out.write_text(json.dumps(
        {"sdk": versions, "protocolVersion": init.get("protocolVersion"), "models": models},
        indent=2, ensure_ascii=False,
    ) + "\n")
    sent = sum(m["ask"]["outcome"] == "sent" for m in models)
    label = ", ".join(f"{k} {v}" for k, v in versions.items())
    print(f"  [{label}] protocol {init.get('protocolVersion')}: {sent} sent, {len(models) - sent} refused")


if __name__ == "__main__":
    main()

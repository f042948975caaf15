"""scripts/bench-proxy-remote: `form-elicitation proxy --url` next to mcp-remote, both in front
of the MCP reference server's Streamable HTTP transport (server-everything, on 127.0.0.1).

Latency: N sequential `tools/call`s of `echo` with a 1 KiB message, the median and the 90th
percentile, by a direct HTTP client (keep-alive, this script) and by a stdio client through
each relay; a relay's added latency is its median minus the direct median. Throughput: M
sequential calls of `echo` with a 1 MiB message (1 MiB each way), MiB of result per second.
Memory: each relay's resident set (VmRSS) once idle after the session began, and its peak
(VmHWM) after the 1 MiB calls.
"""

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

SMALL = 1024
LARGE = 1024 * 1024
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "bench-proxy-remote", "version": "1"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def echo(n: int, size: int) -> dict:
    return {
        "jsonrpc": "2.0",
        "id": n,
        "method": "tools/call",
        "params": {"name": "echo", "arguments": {"message": "x" * size}},
    }


def check(reply: dict, n: int, size: int, who: str) -> None:
    text = reply.get("result", {}).get("content", [{}])[0].get("text", "")
    if reply.get("id") != n or len(text) != size + len("Echo: "):
        sys.exit(f"{who}: call {n} came back wrong: {json.dumps(reply)[:300]}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_everything(index: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    server = subprocess.Popen(
        ["node", index, "streamableHttp"],
        env={**os.environ, "PORT": str(port)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                sys.exit("the reference server did not listen")
            time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}/mcp"


class Direct:
    """A Streamable HTTP client on one keep-alive connection."""

    def __init__(self, url: str) -> None:
        parsed = urllib.parse.urlparse(url)
        self.path = parsed.path
        self.connection = http.client.HTTPConnection(parsed.hostname, parsed.port)
        self.session = None
        self.version = None

    def post(self, message: dict) -> dict | None:
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.session:
            headers["Mcp-Session-Id"] = self.session
        if self.version:
            headers["MCP-Protocol-Version"] = self.version
        if self.connection.sock is None:
            self.connection.connect()
            self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.connection.request("POST", self.path, json.dumps(message).encode(), headers)
        response = self.connection.getresponse()
        self.session = response.getheader("mcp-session-id") or self.session
        if response.getheader("content-type", "").startswith("text/event-stream"):
            # The answer counts when its event arrives (as a relay passes it on), not when the
            # server ends the stream; the rest is read after.
            reply = None
            while reply is None:
                line = response.readline()
                if not line:
                    sys.exit("direct: no answer on the stream")
                data = line.decode().strip()
                if data.startswith("data:") and data[5:].strip():
                    event = json.loads(data[5:])
                    if "method" not in event:
                        reply = event
            self.answered_at = time.perf_counter()
            response.read()
            return reply
        body = response.read()
        self.answered_at = time.perf_counter()
        if response.status == 202 or "id" not in message:
            return None
        return json.loads(body)

    def begin(self) -> None:
        reply = self.post(INITIALIZE)
        self.version = reply["result"]["protocolVersion"]
        self.post(INITIALIZED)


class Relay:
    """A stdio client of a relay process."""

    def __init__(self, command: list[str], env: dict) -> None:
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, bufsize=0
        )
        self.pending = bytearray()

    def send(self, message: dict) -> None:
        data = (json.dumps(message) + "\n").encode()
        view = memoryview(data)
        while view:
            view = view[os.write(self.process.stdin.fileno(), view) :]

    def read(self, n: int) -> dict:
        while True:
            end = self.pending.find(b"\n")
            if end >= 0:
                line = bytes(self.pending[: end + 1])
                del self.pending[: end + 1]
                message = json.loads(line)
                if message.get("id") == n and "method" not in message:
                    return message
                continue
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                sys.exit("a relay closed its output")
            self.pending += chunk

    def post(self, message: dict) -> dict | None:
        self.send(message)
        return self.read(message["id"]) if "id" in message else None

    def begin(self) -> None:
        self.post(INITIALIZE)
        self.post(INITIALIZED)

    def kib(self, field: str) -> int:
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def stop(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def measure(clients: dict, calls: int, large_calls: int) -> dict:
    """Runs the clients in turns (50 calls each, then the next), so that a busy moment of the
    machine falls on all of them alike."""
    for client in clients.values():
        client.begin()
    times = {who: [] for who in clients}
    n = 1
    for turn in range(calls // 50 + 1):
        for who, client in clients.items():
            for _ in range(50):
                began = time.perf_counter()
                reply = client.post(echo(n, SMALL))
                took = getattr(client, "answered_at", time.perf_counter()) - began
                check(reply, n, SMALL, who)
                if turn > 0:  # the first turn warms up
                    times[who].append(took)
                n += 1
    out = {
        who: {
            "median_ms": statistics.median(t) * 1000,
            "p90_ms": statistics.quantiles(t, n=10)[8] * 1000,
        }
        for who, t in times.items()
    }
    time.sleep(1)
    for who, client in clients.items():
        if isinstance(client, Relay):
            out[who]["idle_rss_kib"] = client.kib("VmRSS")
    spent = {who: 0.0 for who in clients}
    for _ in range(large_calls):
        for who, client in clients.items():
            began = time.perf_counter()
            check(client.post(echo(n, LARGE)), n, LARGE, who)
            spent[who] += getattr(client, "answered_at", time.perf_counter()) - began
            n += 1
    for who, client in clients.items():
        out[who]["large_mib_per_s"] = large_calls / spent[who]
        if isinstance(client, Relay):
            out[who]["peak_rss_kib"] = client.kib("VmHWM")
    return out


def find_everything() -> str:
    dirs = os.environ.get("FORM_ELICITATION_TEST_NODE_PATH", "target/proxy-node/node_modules").split(":")
    for d in dirs:
        index = os.path.join(d, "@modelcontextprotocol/server-everything/dist/index.js")
        if os.path.exists(index):
            return index
    sys.exit("no @modelcontextprotocol/server-everything in FORM_ELICITATION_TEST_NODE_PATH")


def version_of(package_json: str) -> str:
    with open(package_json) as f:
        return json.load(f)["version"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", default="target/release/form-elicitation")
    parser.add_argument("--mcp-remote", default="target/bench-node/node_modules/mcp-remote/dist/proxy.js")
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--large-calls", type=int, default=40)
    parser.add_argument("--json", help="also write the numbers to this file")
    options = parser.parse_args()
    index = find_everything()
    server, url = start_everything(index)
    auth_dir = tempfile.mkdtemp(prefix="bench-mcp-remote-")
    try:
        ours = Relay([options.bin, "proxy", "--url", url], {**os.environ, "XDG_STATE_HOME": auth_dir})
        theirs = Relay(
            ["node", options.mcp_remote, url, "--transport", "http-only"],
            {**os.environ, "MCP_REMOTE_CONFIG_DIR": auth_dir},
        )
        clients = {"direct": Direct(url), "proxy": ours, "mcp-remote": theirs}
        measured = measure(clients, options.calls, options.large_calls)
        ours.stop()
        theirs.stop()
    finally:
        server.kill()
        server.wait()
    everything = os.path.join(os.path.dirname(os.path.dirname(index)), "package.json")
    mcp_remote = os.path.join(os.path.dirname(os.path.dirname(options.mcp_remote)), "package.json")
    results = {
        "server": f"server-everything {version_of(everything)}",
        "mcp_remote": f"mcp-remote {version_of(mcp_remote)}",
        "node": subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip(),
        "calls": options.calls,
        "large_calls": options.large_calls,
        **measured,
    }
    direct = results["direct"]
    print(f"tools/call echo, 1 KiB, {options.calls} times (median / p90), added = median - direct median:")
    for who in ("direct", "proxy", "mcp-remote"):
        r = results[who]
        added = "" if who == "direct" else f"   added {r['median_ms'] - direct['median_ms']:7.3f} ms"
        print(f"  {who:11} {r['median_ms']:8.3f} ms / {r['p90_ms']:8.3f} ms{added}")
    print(f"tools/call echo, 1 MiB each way, {options.large_calls} times:")
    for who in ("direct", "proxy", "mcp-remote"):
        print(f"  {who:11} {results[who]['large_mib_per_s']:8.1f} MiB/s")
    print("resident memory (idle after the session began / peak after the 1 MiB calls):")
    for who in ("proxy", "mcp-remote"):
        r = results[who]
        print(f"  {who:11} {r['idle_rss_kib'] / 1024:8.1f} MiB / {r['peak_rss_kib'] / 1024:8.1f} MiB")
    direct, proxy, remote = measured["direct"], measured["proxy"], measured["mcp-remote"]
    added_ours = proxy["median_ms"] - direct["median_ms"]
    added_theirs = remote["median_ms"] - direct["median_ms"]
    print(f"relay against relay: the proxy's median is {remote['median_ms'] - proxy['median_ms']:.3f} ms below mcp-remote's")
    if added_ours < 0 or added_theirs <= 0:
        latency = "not measurable here (the direct client was slower than a relay: a busy machine?)"
    else:
        latency = "met" if added_ours <= added_theirs / 4 else "MISSED"
    memory_met = proxy["idle_rss_kib"] <= remote["idle_rss_kib"] / 4 and proxy["peak_rss_kib"] <= remote["peak_rss_kib"] / 4
    print(f"target (a quarter of mcp-remote's): latency {latency}, memory {'met' if memory_met else 'MISSED'}")
    if options.json:
        with open(options.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()

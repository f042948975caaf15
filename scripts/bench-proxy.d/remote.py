"""scripts/bench-proxy-remote: `form-elicitation proxy --url` next to mcp-remote, both in front
of the MCP reference server's Streamable HTTP transport (server-everything, on 127.0.0.1).

Latency: N sequential `tools/call`s of `echo` with a 1 KiB message, the median and the 90th
percentile, by a direct HTTP client and by a stdio client through each relay; a relay's added
latency is its median minus the direct median. All three clients are one small compiled program
(client.rs beside this file, built with rustc), so the client's own cost is the same for all
and cancels out. Throughput: M sequential calls of `echo` with a 1 MiB message (1 MiB each
way), MiB of result per second. Memory: each relay's resident set (VmRSS) once idle after the
session began, and its peak (VmHWM) after the 1 MiB calls. Everything runs at nice -15 where
the user may raise priority (root), so that other work on the machine disturbs less.
"""

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from common import median_ms, p90_ms, parser, read_line, save, write_all

SMALL = 1024
LARGE = 1024 * 1024
TURN = 50
HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT = "target/bench-proxy-client"


def build_client() -> str:
    """Builds client.rs unless the binary is newer than it."""
    source = os.path.join(HERE, "client.rs")
    if not os.path.exists(CLIENT) or os.path.getmtime(CLIENT) < os.path.getmtime(source):
        subprocess.run(["rustc", "-O", "--edition", "2021", "-o", CLIENT, source], check=True)
    return CLIENT


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


class Client:
    """One instance of client.rs: direct (`http URL`) or in front of a relay (`stdio CMD...`)."""

    def __init__(self, command: list[str], env: dict | None = None) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0)
        self.pending = bytearray()
        ready, pid = self.line().split()
        if ready != "ready":
            sys.exit(f"{command[1]} client: {ready} {pid}")
        self.relay_pid = int(pid)

    def line(self) -> str:
        try:
            return read_line(self.process.stdout.fileno(), self.pending).decode()
        except EOFError:
            sys.exit("a client stopped (its error is above)")

    def calls(self, first: int, count: int, size: int) -> list[float]:
        """Makes `count` calls of echo with ids from `first`; their times in seconds."""
        write_all(self.process.stdin.fileno(), f"call {first} {count} {size}\n".encode())
        return [int(ns) / 1e9 for ns in self.line().split()]

    def kib(self, field: str) -> int:
        with open(f"/proc/{self.relay_pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def cpu_seconds(self) -> float:
        """The relay's CPU time so far, user and system, all its threads."""
        with open(f"/proc/{self.relay_pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def measure(clients: dict, calls: int, large_calls: int) -> dict:
    """Runs the clients in turns (50 calls each, then the next), so that a busy moment of the
    machine falls on all of them alike."""
    times = {who: [] for who in clients}
    turn_medians = {who: [] for who in clients}
    cpu = {who: 0.0 for who in clients}
    n = 1
    for turn in range(calls // TURN + 1):
        for who, client in clients.items():
            began = client.cpu_seconds() if client.relay_pid else 0.0
            took = client.calls(n, TURN, SMALL)
            if turn > 0:  # the first turn warms up
                times[who] += took
                turn_medians[who].append(median_ms(took))
                cpu[who] += client.cpu_seconds() - began if client.relay_pid else 0.0
            n += TURN
    out = {who: {"median_ms": median_ms(t), "p90_ms": p90_ms(t)} for who, t in times.items()}
    for who, client in clients.items():
        if client.relay_pid:
            out[who]["cpu_ms_per_call"] = cpu[who] / len(times[who]) * 1000
            # How steady "added" is: the relay's median minus the direct one, turn by turn.
            added = [r - d for r, d in zip(turn_medians[who], turn_medians["direct"])]
            if len(added) >= 4:
                quartiles = statistics.quantiles(added, n=4)
                out[who]["added_by_turn_ms"] = [quartiles[0], statistics.median(added), quartiles[2]]
    time.sleep(1)
    for who, client in clients.items():
        if client.relay_pid:
            out[who]["idle_rss_kib"] = client.kib("VmRSS")
    spent = {who: 0.0 for who in clients}
    for _ in range(large_calls):
        for who, client in clients.items():
            spent[who] += client.calls(n, 1, LARGE)[0]
            n += 1
    for who, client in clients.items():
        out[who]["large_mib_per_s"] = large_calls / spent[who]
        if client.relay_pid:
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


def raise_priority() -> int:
    """Nice -15 for this script and all it starts, where allowed; the niceness in force."""
    try:
        os.nice(-15 - os.nice(0))
    except PermissionError:
        print("(not allowed to raise the priority: running at the usual niceness)")
    return os.nice(0)


def load_average() -> float:
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def main() -> None:
    options = parser(__doc__)
    options.add_argument("--mcp-remote", default="target/bench-node/node_modules/mcp-remote/dist/proxy.js")
    options.add_argument("--calls", type=int, default=500)
    options.add_argument("--large-calls", type=int, default=40)
    options = options.parse_args()
    client = build_client()
    niceness = raise_priority()
    index = find_everything()
    server, url = start_everything(index)
    auth_dir = tempfile.mkdtemp(prefix="bench-mcp-remote-")
    load_before = load_average()
    try:
        clients = {
            "direct": Client([client, "http", url]),
            "proxy": Client([client, "stdio", options.bin, "proxy", "--url", url], {**os.environ, "XDG_STATE_HOME": auth_dir}),
            "mcp-remote": Client(
                [client, "stdio", "node", options.mcp_remote, url, "--transport", "http-only"],
                {**os.environ, "MCP_REMOTE_CONFIG_DIR": auth_dir},
            ),
        }
        measured = measure(clients, options.calls, options.large_calls)
        for c in clients.values():
            c.stop()
    finally:
        server.kill()
        server.wait()
    load_after = load_average()
    everything = os.path.join(os.path.dirname(os.path.dirname(index)), "package.json")
    mcp_remote = os.path.join(os.path.dirname(os.path.dirname(options.mcp_remote)), "package.json")
    direct, proxy, remote = measured["direct"], measured["proxy"], measured["mcp-remote"]
    added_ours = proxy["median_ms"] - direct["median_ms"]
    added_theirs = remote["median_ms"] - direct["median_ms"]
    results = {
        "server": f"server-everything {version_of(everything)}",
        "mcp_remote": f"mcp-remote {version_of(mcp_remote)}",
        "node": subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip(),
        "calls": options.calls,
        "large_calls": options.large_calls,
        "niceness": niceness,
        "load_average_1min": [load_before, load_after],
        "added_ratio": added_ours / added_theirs if added_theirs > 0 else None,
        **measured,
    }
    print(f"load average (1 min) {load_before:.2f} at the start, {load_after:.2f} at the end; niceness {niceness}")
    print(f"tools/call echo, 1 KiB, {options.calls} times (median / p90), added = median - direct median:")
    for who in ("direct", "proxy", "mcp-remote"):
        r = results[who]
        added = "" if who == "direct" else f"   added {r['median_ms'] - direct['median_ms']:7.3f} ms"
        print(f"  {who:11} {r['median_ms']:8.3f} ms / {r['p90_ms']:8.3f} ms{added}")
    for who in ("proxy", "mcp-remote"):
        r = results[who]
        spread = r.get("added_by_turn_ms")
        if spread:
            print(f"  {who:11} added turn by turn: median {spread[1]:.3f} ms, quartiles {spread[0]:.3f} to {spread[2]:.3f} ms")
        print(f"  {who:11} CPU time {r['cpu_ms_per_call']:.3f} ms a call (user and system, all threads)")
    print(f"tools/call echo, 1 MiB each way, {options.large_calls} times:")
    for who in ("direct", "proxy", "mcp-remote"):
        print(f"  {who:11} {results[who]['large_mib_per_s']:8.1f} MiB/s")
    print("resident memory (idle after the session began / peak after the 1 MiB calls):")
    for who in ("proxy", "mcp-remote"):
        r = results[who]
        print(f"  {who:11} {r['idle_rss_kib'] / 1024:8.1f} MiB / {r['peak_rss_kib'] / 1024:8.1f} MiB")
    if added_theirs <= 0:
        latency = "not measurable here (mcp-remote added nothing over the direct client)"
    else:
        verdict = "met" if added_ours <= added_theirs / 4 else "MISSED"
        latency = f"{verdict} (ours / mcp-remote's added = {added_ours / added_theirs:.3f}, target <= 0.25)"
    memory_met = proxy["idle_rss_kib"] <= remote["idle_rss_kib"] / 4 and proxy["peak_rss_kib"] <= remote["peak_rss_kib"] / 4
    print(f"target (a quarter of mcp-remote's): latency {latency}, memory {'met' if memory_met else 'MISSED'}")
    save(options.json, results)


if __name__ == "__main__":
    main()

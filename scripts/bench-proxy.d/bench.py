"""scripts/bench-proxy: latency and throughput of `form-elicitation proxy -- cat` against `cat`.

Latency: N sequential round trips of a 1 KiB JSON-RPC request (written, then read back), the
median and the 90th percentile, direct and through the proxy; the difference is what the
proxy adds (both ways). Throughput: M MiB of 64 KiB requests written by one thread while
another reads them back; MiB/s over the whole transfer.
"""

import os
import subprocess
import sys
import threading
import time

from common import median_ms, p90_ms, parser, read_line, save, write_all

ROUND_TRIP_BYTES = 1024
CHUNK_LINE_BYTES = 64 * 1024


def line_of(size: int, n: int) -> bytes:
    head = '{"jsonrpc":"2.0","id":%d,"method":"bench/echo","params":{"pad":"' % n
    tail = '"}}\n'
    return (head + "x" * (size - len(head) - len(tail)) + tail).encode()


def start(command: list[str]) -> subprocess.Popen:
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)


def round_trips(command: list[str], count: int) -> list[float]:
    process = start(command)
    out, inp = process.stdout.fileno(), process.stdin.fileno()
    pending = bytearray()
    times = []
    for n in range(count + 200):
        line = line_of(ROUND_TRIP_BYTES, n)
        began = time.perf_counter()
        os.write(inp, line)
        echoed = read_line(out, pending)
        took = time.perf_counter() - began
        if echoed != line:
            sys.exit(f"{command[0]}: round trip {n} came back changed")
        if n >= 200:  # the first ones warm up
            times.append(took)
    process.stdin.close()
    process.wait()
    return times


def throughput(command: list[str], mib: int) -> float:
    process = start(command)
    lines = max(1, mib * 1024 * 1024 // CHUNK_LINE_BYTES)
    total = lines * CHUNK_LINE_BYTES
    batch = b"".join(line_of(CHUNK_LINE_BYTES, n % 1000) for n in range(16))

    def write() -> None:
        fd = process.stdin.fileno()
        for _ in range(lines // 16):
            write_all(fd, batch)
        write_all(fd, b"".join(line_of(CHUNK_LINE_BYTES, n) for n in range(lines % 16)))
        process.stdin.close()

    began = time.perf_counter()
    writer = threading.Thread(target=write)
    writer.start()
    got = 0
    fd = process.stdout.fileno()
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break
        got += len(chunk)
    took = time.perf_counter() - began
    writer.join()
    process.wait()
    if got != total:
        sys.exit(f"{command[0]}: {got} bytes came back instead of {total}")
    return total / took / (1024 * 1024)


def main() -> None:
    options = parser(__doc__)
    options.add_argument("--no-build", action="store_true")
    options.add_argument("--round-trips", type=int, default=5000)
    options.add_argument("--mib", type=int, default=512)
    options = options.parse_args()
    if not options.no_build and options.bin == "target/release/form-elicitation":
        subprocess.run(["cargo", "build", "--release", "--locked"], check=True)

    direct = ["cat"]
    proxied = [options.bin, "proxy", "--", "cat"]
    rt_direct = round_trips(direct, options.round_trips)
    rt_proxy = round_trips(proxied, options.round_trips)
    tp_direct = throughput(direct, options.mib)
    tp_proxy = throughput(proxied, options.mib)

    med_direct = median_ms(rt_direct)
    med_proxy = median_ms(rt_proxy)
    added = med_proxy - med_direct
    results = {
        "round_trip_bytes": ROUND_TRIP_BYTES,
        "round_trips": options.round_trips,
        "direct_median_ms": round(med_direct, 4),
        "direct_p90_ms": round(p90_ms(rt_direct), 4),
        "proxy_median_ms": round(med_proxy, 4),
        "proxy_p90_ms": round(p90_ms(rt_proxy), 4),
        "added_median_ms": round(added, 4),
        "throughput_mib": options.mib,
        "direct_mib_per_s": round(tp_direct, 1),
        "proxy_mib_per_s": round(tp_proxy, 1),
    }
    print(f"1 KiB round trip, {options.round_trips} times (median / p90):")
    print(f"  direct (cat)        {med_direct:8.4f} ms / {results['direct_p90_ms']:.4f} ms")
    print(f"  through the proxy   {med_proxy:8.4f} ms / {results['proxy_p90_ms']:.4f} ms")
    verdict = "ok" if added < 0.2 else "OVER the 0.2 ms target"
    print(f"  added by the proxy  {added:8.4f} ms ({verdict})")
    print(f"Throughput, {options.mib} MiB in 64 KiB lines, both ways through the server:")
    print(f"  direct (cat)        {tp_direct:8.1f} MiB/s")
    verdict = "ok" if tp_proxy >= 100 else "UNDER the 100 MiB/s target"
    print(f"  through the proxy   {tp_proxy:8.1f} MiB/s ({verdict})")
    save(options.json, results)


if __name__ == "__main__":
    main()

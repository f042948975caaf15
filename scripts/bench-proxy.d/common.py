"""What scripts/bench-proxy and scripts/bench-proxy-remote share: their options, the figures
they draw from a list of times, and reading and writing a child's pipes whole."""

import argparse
import json
import os
import statistics


def parser(description: str) -> argparse.ArgumentParser:
    """The options both benchmarks take: the binary to measure and where to write the numbers."""
    options = argparse.ArgumentParser(description=description)
    options.add_argument("--bin", default="target/release/form-elicitation")
    options.add_argument("--json", help="also write the numbers to this file")
    return options


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def p90_ms(times: list[float]) -> float:
    return statistics.quantiles(times, n=10)[8] * 1000


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def read_line(fd: int, pending: bytearray) -> bytes:
    """The next line from `fd` (with its newline); `pending` keeps what was read past it."""
    while True:
        end = pending.find(b"\n")
        if end >= 0:
            line = bytes(pending[: end + 1])
            del pending[: end + 1]
            return line
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            raise EOFError("the other side closed its output")
        pending += chunk


def save(path: str | None, results: dict) -> None:
    if path:
        with open(path, "w") as f:
            json.dump(results, f, indent=2)

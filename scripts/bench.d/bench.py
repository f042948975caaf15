#!/usr/bin/env python3
"""Side-by-side benchmark of form-elicitation and `yad --form` under a private Xvfb.

Started by scripts/bench (see there for the options). Standard library only; the timing itself
is done by probe.c (compiled here with gcc), which watches X events (DAMAGE, MapNotify) and
drives the window with XTEST. See probe.c for what each figure means exactly.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def log(*a):
    print(*a, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------------
# Setup


def parse_args():
    p = argparse.ArgumentParser(prog="scripts/bench", description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=15, help="timed runs per program (default 15)")
    p.add_argument("--idle", type=float, default=5, help="seconds of each idle measurement (default 5)")
    p.add_argument("--idle-runs", type=int, default=5,
                   help="how many of the runs also measure idle, and how many --timeout runs and runs of the "
                        "form whose first field is empty (default 5)")
    p.add_argument("--big-runs", type=int, default=3,
                   help="runs of the 500-field form, the 10,000-option enum and the 1 MB Markdown "
                        "code block (default 3; 0 skips)")
    p.add_argument("--keys", type=int, default=3, help="keystrokes timed per run (default 3)")
    p.add_argument("--warmup", type=int, default=1, help="untimed runs of each program first (default 1)")
    p.add_argument("--bin", help="binary to measure (default: cargo build --release, then target/release/form-elicitation)")
    p.add_argument("--gl-bin", help="a build with the gl feature, for the renderer comparison (default: "
                                    "cargo build --release --features gl, copied to target/release/form-elicitation-gl)")
    p.add_argument("--no-build", action="store_true", help="do not run cargo build; use target/release as it is")
    p.add_argument("--no-yad", action="store_true", help="measure only form-elicitation")
    p.add_argument("--no-gl", action="store_true",
                   help="skip the comparison of our two renderers (the default CPU one and --renderer gl)")
    p.add_argument("--variants", action="store_true",
                   help="also measure --renderer gl under Mesa variants (softpipe, LP_NUM_THREADS=0, ...)")
    p.add_argument("--serve-runs", type=int, default=5,
                   help="runs of the 4-field form asked over `serve`'s socket, alternating with the "
                        "same form shown by a local helper (default 5; 0 skips)")
    p.add_argument("--serve-only", action="store_true",
                   help="measure only `serve` (served against local, and serve idle); no yad, no gl")
    p.add_argument("--remote-calls", type=int, default=300,
                   help="tools/calls timed through `proxy --url`, mcp-remote and a direct client in front of "
                        "the MCP reference server (scripts/bench-proxy-remote, same run; default 300; 0 skips)")
    p.add_argument("--json", help="also write every raw probe result to this file")
    p.add_argument("--keep", action="store_true", help="keep the temporary directory (logs, smaps)")
    return p.parse_args()


def need(tool, package):
    if not shutil.which(tool):
        sys.exit(f"scripts/bench: needs {tool} (apt-get install {package})")


def build_probe(tmp):
    src = os.path.join(HERE, "probe.c")
    out = os.path.join(tmp, "probe")
    r = subprocess.run(["gcc", "-O2", "-o", out, src, "-lX11", "-lXdamage", "-lXtst"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("scripts/bench: cannot build the probe (apt-get install gcc libx11-dev libxdamage-dev "
                 "libxtst-dev):\n" + r.stderr)
    return out


def start_xvfb():
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x900x24",
                             "-noreset", "-nolisten", "tcp"],
                            pass_fds=[w], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    data = b""
    deadline = time.monotonic() + 20
    while not data.endswith(b"\n") and time.monotonic() < deadline:
        chunk = os.read(r, 64)
        if not chunk:
            break
        data += chunk
    os.close(r)
    if not data.strip():
        xvfb.kill()
        sys.exit("scripts/bench: Xvfb did not start")
    return xvfb, ":" + data.decode().strip()


def cargo_build(*features):
    log(f"cargo build --release {' '.join(features)} ...")
    r = subprocess.run(["cargo", "build", "--release", "--quiet", *features], cwd=REPO)
    if r.returncode != 0:
        sys.exit("scripts/bench: cargo build --release failed")


def get_binaries(args):
    """The binary to measure and, unless --no-gl, a build with the gl feature."""
    release = os.path.join(REPO, "target", "release")
    path = os.path.abspath(args.bin) if args.bin else os.path.join(release, "form-elicitation")
    gl = None if args.no_gl else (os.path.abspath(args.gl_bin) if args.gl_bin
                                  else os.path.join(release, "form-elicitation-gl"))
    if not args.no_build:
        # The gl build first: both share target/release, and the default build must end there.
        if gl and not args.gl_bin:
            cargo_build("--features", "gl")
            shutil.copy2(os.path.join(release, "form-elicitation"), gl)
        if not args.bin:
            cargo_build()
    for p in (path, gl):
        if p and not os.path.exists(p):
            sys.exit(f"scripts/bench: {p} does not exist (run without --no-build, or pass --no-gl)")
    return path, gl


# ------------------------------------------------------------------------------------------
# Requests (ours) and equivalent yad command lines


def read_yad_args(path):
    with open(path) as f:
        return f.read().rstrip("\n").split("\n")


def big_form(tmp):
    """500 fields cycling through text, integer, checkbox and a 3-option choice."""
    props, yad = {}, ["--form", "--scroll", "--width=520", "--height=700",
                      "--text=A form with 500 fields"]
    values = []
    for i in range(500):
        kind = i % 4
        name = f"f{i:03d}"
        if kind == 0:
            props[name] = {"type": "string", "title": f"Text {i}"}
            yad.append(f"--field=Text {i}")
            values.append("")
        elif kind == 1:
            props[name] = {"type": "integer", "title": f"Number {i}", "minimum": 0, "maximum": 100}
            yad.append(f"--field=Number {i}:NUM")
            values.append("0!0..100!1")
        elif kind == 2:
            props[name] = {"type": "boolean", "title": f"Check {i}"}
            yad.append(f"--field=Check {i}:CHK")
            values.append("FALSE")
        else:
            props[name] = {"type": "string", "title": f"Choice {i}", "enum": ["red", "green", "blue"]}
            yad.append(f"--field=Choice {i}:CB")
            values.append("red!green!blue")
    req = {"message": "A form with 500 fields", "requestedSchema": {"type": "object", "properties": props}}
    path = os.path.join(tmp, "fields-500.json")
    with open(path, "w") as f:
        json.dump(req, f)
    return path, yad + values


def big_enum(tmp):
    """One required choice among 10,000 options. Ours shows a list with a filter box; the yad
    equivalent is `yad --list` (a GtkTreeView with type-ahead search, which jumps to the first match
    instead of filtering): `yad --form` with a
    `:CB`/`:CBE` field of 10,000 items did not paint within 60 s on a 2-core box (GtkComboBox)."""
    options = [f"opt{i}" for i in range(1, 10001)]
    req = {"message": "Pick one of 10,000", "requestedSchema": {
        "type": "object", "properties": {"choice": {"type": "string", "title": "Choice", "enum": options}},
        "required": ["choice"]}}
    path = os.path.join(tmp, "enum-10000.json")
    with open(path, "w") as f:
        json.dump(req, f)
    return path, ["--list", "--text=Pick one of 10,000", "--width=520", "--height=600", "--column=Choice",
                  "--search-column=1", *options]


def big_markdown(tmp):
    """A hostile message (issue 34): one fenced code block of 1 MB (16,000 lines of 63
    characters and a line break, 1,024,000 bytes; the whole request stays under the 1 MiB
    limit), read as Markdown, above one text field. No yad equivalent: yad shows no Markdown."""
    line = "let value = compute(alpha, beta, gamma) + offset * scale; // ok"
    assert len(line) == 63
    code = "\n".join([line] * 16000)
    req = {"message": "Check this output:\n\n```\n" + code + "\n```",
           "requestedSchema": {"type": "object", "properties": {"note": {"type": "string", "title": "Note"}}}}
    path = os.path.join(tmp, "markdown-1mib.json")
    with open(path, "w") as f:
        json.dump(req, f)
    return path, None


MIXED_MARKDOWN_BYTES = 1_000_000
MIXED_LABEL = "1 MB Markdown message (paragraphs, a table, a code block)"


def mixed_markdown(tmp):
    """Issue 46's large message: 1,000,000 bytes of Markdown, a third paragraphs (emphasis,
    code, links), a third one table, a third one fenced code block, above one text field (the
    same mix as `big_markdown` in tests/integration/terminal.rs). No yad equivalent."""
    size = MIXED_MARKDOWN_BYTES
    third = size // 3
    parts, length, i = [], 0, 0

    def add(text):
        nonlocal length
        parts.append(text)
        length += len(text)

    while length < third:
        add(f"Paragraph {i}: the quick brown fox jumps over the lazy dog, *again* and "
            f"**again**, with `code` and [a link](https://example.com/{i}).\n\n")
        i += 1
    add("| id | name | value | note |\n|---|---|---|---|\n")
    while length < 2 * third:
        add(f"| {i} | item number {i} | {i * 37 % 1000} | a note about row {i} |\n")
        i += 1
    add("\n```\n")
    while length < size - 4:
        add(f'let value_{i} = compute({i}, "text"); // line {i:06}\n')
        i += 1
    message = "".join(parts)[:size - 4] + "\n```"
    assert len(message) == size
    req = {"message": message,
           "requestedSchema": {"type": "object", "properties": {"note": {"type": "string", "title": "Note"}}}}
    path = os.path.join(tmp, "markdown-mixed-1mb.json")
    with open(path, "w") as f:
        json.dump(req, f)
    return path, None


def beyond_fact(where, small_kib, big_kib):
    """Issue 46's memory target for the 1 MB message, as a line: its peak RSS beyond the
    4-field form's, as a multiple of the message's size (medians)."""
    if not small_kib or not big_kib:
        return f"{MIXED_LABEL} {where}: not measured"
    small, big = statistics.median(small_kib), statistics.median(big_kib)
    extra = (big - small) * 1024
    return (f"{MIXED_LABEL} {where}: peak RSS {big / 1024:.1f} MiB ({min(big_kib) / 1024:.1f}–"
            f"{max(big_kib) / 1024:.1f}), {extra / 1048576:.1f} MiB beyond the 4-field form's "
            f"{small / 1024:.1f}: {extra / MIXED_MARKDOWN_BYTES:.1f} × the message's size "
            f"(target: at most 20)")


def terminal_peak_kib(ours, request, expect, limit=60.0):
    """Peak RSS (KiB, `VmHWM`) of `ours --ui terminal REQUEST` in an 80×24 pseudo-terminal,
    read once `expect` is on the screen and the output has been quiet for 300 ms, before it is
    answered with Esc; None if it did not get there within `limit` seconds. (Not wait4's
    ru_maxrss: a child forked from this Python process keeps Python's as its floor.)"""
    import pty
    import select
    import struct
    import termios
    import fcntl
    pid, fd = pty.fork()
    if pid == 0:
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
            env["TERM"] = "xterm-256color"
            os.execve(ours, [ours, "--ui", "terminal", request], env)
        finally:
            os._exit(127)
    seen, found, last, sent, peak = b"", False, time.monotonic(), False, None
    deadline = time.monotonic() + limit
    while True:
        ready, _, _ = select.select([fd], [], [], 0.05)
        now = time.monotonic()
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            if not found:
                seen = (seen + chunk)[-65536:]
                found = expect.encode() in seen
            last = now
        elif not sent and found and now - last > 0.3:
            peak = proc_status_kib(pid, "VmHWM")
            os.write(fd, b"\x1b")
            sent = True
        if now > deadline:
            os.kill(pid, signal.SIGKILL)
            sent = False
            break
    os.waitpid(pid, 0)
    os.close(fd)
    return peak if sent else None


# ------------------------------------------------------------------------------------------
# Running


class Runner:
    def __init__(self, probe, display, tmp, ours, yad):
        self.probe, self.display, self.tmp, self.ours, self.yad = probe, display, tmp, ours, yad
        self.count = 0
        self.raw = []

    def run(self, who, label, cmd, stdin="/dev/null", env_extra=None, cpus=None, **opts):
        """Times `cmd` under the probe; `cpus`: the CPUs the probe and what it starts may run on
        (None: wherever the scheduler puts them)."""
        self.count += 1
        err = os.path.join(self.tmp, f"run{self.count:03d}-{who}.stderr")
        argv = [self.probe, "--stdin", stdin, "--stderr", err]
        for k, v in opts.items():
            if v is not None:
                argv += ["--" + k.replace("_", "-"), str(v)]
        env = dict(os.environ, DISPLAY=self.display, WINIT_X11_SCALE_FACTOR="1", GDK_SCALE="1")
        env.pop("WAYLAND_DISPLAY", None)
        if env_extra:
            env.update(env_extra)
        pinned = (lambda: os.sched_setaffinity(0, cpus)) if cpus else None
        r = subprocess.run(argv + ["--"] + cmd, capture_output=True, text=True, env=env,
                           preexec_fn=pinned)
        if r.returncode != 0:
            sys.exit(f"scripts/bench: probe failed: {r.stderr}")
        res = json.loads(r.stdout)
        res.update(who=who, label=label, stderr_file=err)
        self.raw.append(res)
        if res["paint_ms"] is None:
            log(f"  {who} {label}: NO WINDOW/PAINT (exit {res['exit_code']}); stderr: {err}")
        return res

    def ours_cmd(self, *extra):
        return [self.ours, "--title", f"bench-{self.count + 1}", *extra]

    def yad_cmd(self, yad_args, *extra):
        return ["yad", "--title", f"bench-{self.count + 1}", *extra, *yad_args]


def alternate(i, pair):
    """Even rounds: ours first; odd rounds: yad first."""
    return pair if i % 2 == 0 else list(reversed(pair))


# ------------------------------------------------------------------------------------------
# Statistics and output


def vals(results, key, scale=1.0):
    out = []
    for r in results:
        v = r.get(key)
        if isinstance(v, list):
            out += [x * scale for x in v if x is not None and x >= 0]
        elif v is not None:
            out.append(v * scale)
    return out


def fmt(x):
    if x is None:
        return "n/a"
    a = abs(x)
    if a >= 100:
        return f"{x:.0f}"
    if a >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def stat(v):
    if not v:
        return None
    return statistics.median(v), min(v), max(v), len(v)


def cell(s):
    if s is None:
        return "n/a"
    med, lo, hi, n = s
    return f"{fmt(med)} ({fmt(lo)}–{fmt(hi)})"


def ratio(a, b):
    if a is None or b is None:
        return "n/a"
    if b[0] == 0:
        return "∞" if a[0] > 0 else "—"
    return f"{a[0] / b[0]:.2f}"


def table(rows, have_yad):
    """rows: (section, name, ours_values, yad_values)."""
    head = ["figure", "form-elicitation, median (min–max)"]
    if have_yad:
        head += ["yad --form, median (min–max)", "ratio us/yad"]
    lines = []
    for section, name, ov, yv in rows:
        so, sy = stat(ov), stat(yv)
        row = [name, cell(so)]
        if have_yad:
            row += [cell(sy), ratio(so, sy)]
        lines.append((section, row))
    return head, lines


def print_text_table(head, lines):
    widths = [max(len(head[i]), *(len(r[i]) for _, r in lines)) for i in range(len(head))]
    section = None
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)))
    for sec, r in lines:
        if sec != section:
            section = sec
            print(f"-- {sec}")
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)))


def markdown_table(head, lines):
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    section = None
    for sec, r in lines:
        if sec != section:
            section = sec
            out.append("| **" + sec + "** |" + " |" * (len(head) - 1))
        out.append("| " + " | ".join(r) + " |")
    return "\n".join(out)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def mem_total():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return f"{int(line.split()[1]) / 1048576:.1f} GiB RAM"
    except OSError:
        pass
    return ""


def mesa_version(display):
    if not shutil.which("glxinfo"):
        return None
    try:
        r = subprocess.run(["glxinfo", "-B"], capture_output=True, text=True, timeout=20,
                           env=dict(os.environ, DISPLAY=display))
        m = re.search(r"OpenGL renderer string: (.*)", r.stdout)
        v = re.search(r"OpenGL version string: (.*)", r.stdout)
        if m and v:
            return f"{m.group(1).strip()}, {v.group(1).strip()}"
    except Exception:
        pass
    return None


def needed_libs(path):
    try:
        r = subprocess.run(["readelf", "-d", path], capture_output=True, text=True)
        return re.findall(r"\(NEEDED\)\s+Shared library: \[(.*?)\]", r.stdout)
    except FileNotFoundError:
        return None


def ldd_closure(path):
    try:
        r = subprocess.run(["ldd", path], capture_output=True, text=True)
    except FileNotFoundError:
        return None
    libs = re.findall(r"=> (/\S+)", r.stdout)
    size = sum(os.path.getsize(l) for l in libs if os.path.exists(l))
    return len(libs), size


def smaps_summary(path, top=8):
    """RSS by mapping (file name, or [heap]/anon), in KiB, largest first."""
    by = {}
    name = None
    try:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                    name = os.path.basename(parts[5]) if len(parts) >= 6 else "[anon]"
                elif parts and parts[0] == "Rss:" and name is not None:
                    by[name] = by.get(name, 0) + int(parts[1])
    except OSError:
        return None
    total = sum(by.values())
    return total, sorted(by.items(), key=lambda kv: -kv[1])[:top]


# ------------------------------------------------------------------------------------------


def main():
    args = parse_args()
    need("Xvfb", "xvfb")
    need("gcc", "gcc libc6-dev")
    have_yad = not args.no_yad and shutil.which("yad") is not None
    if not args.no_yad and not have_yad:
        log("yad is not installed: measuring only form-elicitation (apt-get install yad to compare)")

    binary, gl_binary = get_binaries(args)
    tmp = tempfile.mkdtemp(prefix="form-elicitation-bench.")
    # Measure private copies: a concurrent `cargo build --release` must not swap a binary mid-run.
    ours = os.path.join(tmp, "form-elicitation")
    shutil.copy2(binary, ours)
    ours_gl = None
    if gl_binary:
        ours_gl = os.path.join(tmp, "form-elicitation-gl")
        shutil.copy2(gl_binary, ours_gl)
    probe = build_probe(tmp)
    xvfb, display = start_xvfb()

    def stop(*_):
        xvfb.terminate()
        try:
            xvfb.wait(5)
        except subprocess.TimeoutExpired:
            xvfb.kill()
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)

    signal.signal(signal.SIGTERM, lambda *_: (stop(), sys.exit(143)))
    try:
        report(args, have_yad, binary, ours, ours_gl, probe, (display, xvfb.pid), tmp)
    finally:
        stop()
        if args.keep:
            log(f"kept {tmp}")


def report(args, have_yad, binary, ours, ours_gl, probe, x_server, tmp):
    display, _ = x_server
    started = datetime.datetime.now().astimezone()
    load_before = os.getloadavg()
    R = Runner(probe, display, tmp, ours, have_yad)
    form = os.path.join(HERE, "form.json")
    yad_form = read_yad_args(os.path.join(HERE, "form.yad"))
    idle = args.idle
    keys = args.keys

    def ours_small(i, **kw):
        return R.run("ours", "form", R.ours_cmd(), stdin=form, **kw)

    def yad_small(i, **kw):
        return R.run("yad", "form", R.yad_cmd(yad_form), **kw)

    # Warm-up (page cache, fontconfig cache, Mesa shader cache): not counted.
    for _ in range(args.warmup):
        log("warm-up ...")
        R.run("ours", "warmup", R.ours_cmd(), stdin=form, finish="submit")
        if have_yad:
            R.run("yad", "warmup", R.yad_cmd(yad_form), finish="submit")

    if args.serve_only:
        serve_section(args, R, ours, x_server, tmp, form)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"runs": R.raw}, f, indent=1)
        return

    ours_runs, yad_runs = [], []
    first_smaps = os.path.join(tmp, "ours.smaps")
    yad_smaps = os.path.join(tmp, "yad.smaps")
    for i in range(args.runs):
        with_idle = i < args.idle_runs
        log(f"run {i + 1}/{args.runs}{' (with idle)' if with_idle else ''} ...")
        kw = dict(finish="submit", keys=keys,
                  idle_unfocused=idle if with_idle else None, idle_focused=idle if with_idle else None)
        for who in alternate(i, ["ours", "yad"]):
            if who == "ours":
                ours_runs.append(ours_small(i, smaps=first_smaps if i == 0 else None, **kw))
            elif have_yad:
                yad_runs.append(yad_small(i, smaps=yad_smaps if i == 0 else None, **kw))

    ours_to, yad_to = [], []
    for i in range(args.idle_runs):
        log(f"--timeout 60 run {i + 1}/{args.idle_runs} ...")
        for who in alternate(i, ["ours", "yad"]):
            if who == "ours":
                ours_to.append(R.run("ours", "timeout", R.ours_cmd("--timeout", "60"), stdin=form,
                                     idle_unfocused=idle, finish="escape"))
            elif have_yad:
                yad_to.append(R.run("yad", "timeout",
                                    R.yad_cmd(yad_form, "--timeout=60", "--timeout-indicator=bottom"),
                                    idle_unfocused=idle, finish="escape"))

    # The same form with its focused first field empty, as most forms open: only the caret
    # blinks there (no text), and nothing is typed first, so that the field stays empty.
    # Escape ends the run: Enter would stop at the empty required field.
    form_empty = os.path.join(HERE, "form-empty.json")
    yad_form_empty = read_yad_args(os.path.join(HERE, "form-empty.yad"))
    ours_empty, yad_empty = [], []
    for i in range(args.idle_runs):
        log(f"empty first field run {i + 1}/{args.idle_runs} ...")
        for who in alternate(i, ["ours", "yad"]):
            if who == "ours":
                ours_empty.append(R.run("ours", "empty field", R.ours_cmd(), stdin=form_empty,
                                        idle_focused=idle, finish="escape"))
            elif have_yad:
                yad_empty.append(R.run("yad", "empty field", R.yad_cmd(yad_form_empty),
                                       idle_focused=idle, finish="escape"))

    big = {}
    if args.big_runs > 0:
        fields_req, fields_yad = big_form(tmp)
        enum_req, enum_yad = big_enum(tmp)
        md_req, md_yad = big_markdown(tmp)
        mixed_req, _ = mixed_markdown(tmp)
        for label, req, yad_args, keysym in (("500 fields", fields_req, fields_yad, "a"),
                                             ("10,000-option enum", enum_req, enum_yad, "1"),
                                             ("1 MB Markdown code block", md_req, md_yad, "a"),
                                             (MIXED_LABEL, mixed_req, None, "a")):
            o, y = [], []
            for i in range(args.big_runs):
                log(f"{label} run {i + 1}/{args.big_runs} ...")
                for who in alternate(i, ["ours", "yad"]):
                    kw = dict(keys=max(keys, 3), key=keysym, finish="term", settle_max=10000, limit=120)
                    if who == "ours":
                        o.append(R.run("ours", label, R.ours_cmd(), stdin=req, **kw))
                    elif have_yad and yad_args:
                        y.append(R.run("yad", label, R.yad_cmd(yad_args), **kw))
            big[label] = (o, y)
        # The same message in the terminal front end, against the 4-field form there.
        terminal = ([], [])
        for i in range(args.big_runs):
            log(f"terminal run {i + 1}/{args.big_runs} ...")
            terminal[0].append(terminal_peak_kib(ours, form, "Who should"))
            terminal[1].append(terminal_peak_kib(ours, mixed_req, "Paragraph 0"))

    variants = []
    gl = {"FORM_ELICITATION_RENDERER": "gl"}
    envs = [] if not ours_gl else [("CPU renderer (the default; same rounds)", ours, {}),
                                   ("--renderer gl (glow on Mesa)", ours_gl, gl)]
    if ours_gl and args.variants:
        envs += [("--renderer gl, LP_NUM_THREADS=0 (llvmpipe without worker threads)", ours_gl,
                  {**gl, "LP_NUM_THREADS": "0"}),
                 ("--renderer gl, GALLIUM_DRIVER=softpipe", ours_gl, {**gl, "GALLIUM_DRIVER": "softpipe"}),
                 ("--renderer gl, MESA_SHADER_CACHE_DISABLE=true (as on a first run)", ours_gl,
                  {**gl, "MESA_SHADER_CACHE_DISABLE": "true"})]
    if envs:
        # Each round runs every variant, so that they share conditions.
        results = {name: [] for name, _, _ in envs}
        for i in range(max(3, args.runs // 2)):
            log(f"variants round {i + 1} ...")
            for name, exe, env in (envs if i % 2 == 0 else list(reversed(envs))):
                cmd = [exe, *R.ours_cmd()[1:]]
                results[name].append(R.run("ours", name, cmd, stdin=form, env_extra=env,
                                           finish="submit", keys=keys))
        variants = [(name, results[name]) for name, _, _ in envs]

    # ---- failures
    bad = [r for r in R.raw if r["label"] != "warmup" and (r["paint_ms"] is None or
                                                          (r["label"] == "form" and r["answer_after_key_ms"] is None))]

    # ---- table
    mib = 1 / 1024
    rows = [
        ("startup (4-field form)", "spawn → window mapped, ms", vals(ours_runs, "map_ms"), vals(yad_runs, "map_ms")),
        ("startup (4-field form)", "spawn → first painted frame, ms", vals(ours_runs, "paint_ms"), vals(yad_runs, "paint_ms")),
        ("startup (4-field form)", "CPU time spawn → first paint, ms", vals(ours_runs, "cpu_at_paint_ms"), vals(yad_runs, "cpu_at_paint_ms")),
        ("startup (4-field form)", "CPU time spawn → settled (no repaint for 300 ms), ms", vals(ours_runs, "cpu_settled_ms"), vals(yad_runs, "cpu_settled_ms")),
        ("startup (4-field form)", "repaints until settled (incl. first)", vals(ours_runs, "startup_repaints"), vals(yad_runs, "startup_repaints")),
        ("startup (4-field form)", "spawn → last startup repaint, ms", vals(ours_runs, "last_startup_repaint_ms"), vals(yad_runs, "last_startup_repaint_ms")),
        ("startup (4-field form)", "threads at first paint", vals(ours_runs, "threads_at_paint"), vals(yad_runs, "threads_at_paint")),
        ("answer", "Enter → answer line on stdout, ms", vals(ours_runs, "answer_after_key_ms"), vals(yad_runs, "answer_after_key_ms")),
        ("answer", "Enter → process exit, ms", vals(ours_runs, "exit_after_key_ms"), vals(yad_runs, "exit_after_key_ms")),
        ("memory", "peak RSS (ru_maxrss), MiB", vals(ours_runs, "maxrss_kb", mib), vals(yad_runs, "maxrss_kb", mib)),
        ("memory", "RSS at first paint, MiB", vals(ours_runs, "rss_at_paint_kb", mib), vals(yad_runs, "rss_at_paint_kb", mib)),
        ("typing", "key → next repaint, ms", vals(ours_runs, "key_latency_ms"), vals(yad_runs, "key_latency_ms")),
        ("typing", "key → last repaint of its burst, ms", vals(ours_runs, "key_last_repaint_ms"), vals(yad_runs, "key_last_repaint_ms")),
        ("typing", "repaints per key", vals(ours_runs, "key_repaints"), vals(yad_runs, "key_repaints")),
        (f"idle {idle:g} s", "unfocused: CPU, ms", vals(ours_runs, "idle_unfocused_cpu_ms"), vals(yad_runs, "idle_unfocused_cpu_ms")),
        (f"idle {idle:g} s", "unfocused: repaints", vals(ours_runs, "idle_unfocused_repaints"), vals(yad_runs, "idle_unfocused_repaints")),
        (f"idle {idle:g} s", "focused, caret in a text field: CPU, ms", vals(ours_runs, "idle_focused_cpu_ms"), vals(yad_runs, "idle_focused_cpu_ms")),
        (f"idle {idle:g} s", "focused, caret in a text field: repaints", vals(ours_runs, "idle_focused_repaints"), vals(yad_runs, "idle_focused_repaints")),
        (f"idle {idle:g} s", "focused, caret in an empty first field: CPU, ms", vals(ours_empty, "idle_focused_cpu_ms"), vals(yad_empty, "idle_focused_cpu_ms")),
        (f"idle {idle:g} s", "focused, caret in an empty first field: repaints", vals(ours_empty, "idle_focused_repaints"), vals(yad_empty, "idle_focused_repaints")),
        (f"idle {idle:g} s", "--timeout 60, unfocused: CPU, ms", vals(ours_to, "idle_unfocused_cpu_ms"), vals(yad_to, "idle_unfocused_cpu_ms")),
        (f"idle {idle:g} s", "--timeout 60, unfocused: repaints", vals(ours_to, "idle_unfocused_repaints"), vals(yad_to, "idle_unfocused_repaints")),
    ]
    for label, (o, y) in big.items():
        rows += [
            (label, "spawn → first painted frame, ms", vals(o, "paint_ms"), vals(y, "paint_ms")),
            (label, "CPU time spawn → first paint, ms", vals(o, "cpu_at_paint_ms"), vals(y, "cpu_at_paint_ms")),
            (label, "CPU time spawn → settled, ms", vals(o, "cpu_settled_ms"), vals(y, "cpu_settled_ms")),
            (label, "spawn → last startup repaint, ms", vals(o, "last_startup_repaint_ms"), vals(y, "last_startup_repaint_ms")),
            (label, "peak RSS, MiB", vals(o, "maxrss_kb", mib), vals(y, "maxrss_kb", mib)),
            (label, "key → next repaint (≈ frame time), ms", vals(o, "key_latency_ms"), vals(y, "key_latency_ms")),
            (label, "key → last repaint of its burst, ms", vals(o, "key_last_repaint_ms"), vals(y, "key_last_repaint_ms")),
            (label, "repaints per key", vals(o, "key_repaints"), vals(y, "key_repaints")),
        ]
    for name, rs in variants:
        rows += [
            (f"ours, {name}", "spawn → first painted frame, ms", vals(rs, "paint_ms"), []),
            (f"ours, {name}", "CPU time spawn → first paint, ms", vals(rs, "cpu_at_paint_ms"), []),
            (f"ours, {name}", "peak RSS, MiB", vals(rs, "maxrss_kb", mib), []),
            (f"ours, {name}", "key → next repaint, ms", vals(rs, "key_latency_ms"), []),
            (f"ours, {name}", "Enter → process exit, ms", vals(rs, "exit_after_key_ms"), []),
        ]
    head, lines = table(rows, have_yad)

    # ---- static facts
    size = os.path.getsize(ours)
    needed = needed_libs(ours)
    facts = [f"form-elicitation binary: {size / 1048576:.2f} MiB ({size} bytes), NEEDED: {', '.join(needed) if needed else 'n/a'}"]
    if ours_gl:
        gl_size = os.path.getsize(ours_gl)
        facts.append(f"the same built with the gl feature: {gl_size / 1048576:.2f} MiB ({gl_size} bytes)")
    if have_yad:
        yad_path = shutil.which("yad")
        yc = ldd_closure(yad_path)
        ysize = os.path.getsize(yad_path)
        yv = subprocess.run(["yad", "--version"], capture_output=True, text=True,
                            env=dict(os.environ, DISPLAY=display)).stdout.strip()
        facts.append(f"yad {yv}: binary {ysize / 1024:.0f} KiB, NEEDED {len(needed_libs(yad_path) or [])} libraries, "
                     f"{yc[0]} in its ldd closure ({yc[1] / 1048576:.1f} MiB on disk)" if yc else f"yad {yv}")
    if args.big_runs > 0:
        window_big = vals(big[MIXED_LABEL][0], "maxrss_kb")
        window_small = vals(ours_runs, "maxrss_kb")
        facts.append(beyond_fact("in the window", window_small, window_big))
        facts.append(beyond_fact("in the terminal (`--ui terminal`, 80×24)",
                                 [k for k in terminal[0] if k], [k for k in terminal[1] if k]))
    for nm, path in (("ours", first_smaps), ("yad", yad_smaps)):
        s = smaps_summary(path)
        if s:
            total, topn = s
            facts.append(f"RSS after startup, {nm}: {total / 1024:.1f} MiB; largest: " +
                         ", ".join(f"{k} {v / 1024:.1f}" for k, v in topn))

    mesa = mesa_version(display)
    try:
        commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=REPO,
                                capture_output=True, text=True).stdout.strip()
    except FileNotFoundError:
        commit = "?"
    built = datetime.datetime.fromtimestamp(os.path.getmtime(binary)).astimezone()
    commit = f"binary {os.path.relpath(binary, REPO) if binary.startswith(REPO) else binary} built {built:%Y-%m-%d %H:%M} (tree now at {commit})"
    machine = (f"{os.cpu_count()} CPUs (nproc {len(os.sched_getaffinity(0))}), {cpu_model()}, {mem_total()}, "
               f"Linux {platform.release()}")
    cmd = "scripts/bench " + " ".join(sys.argv[1:])
    load_after = os.getloadavg()

    print()
    print_text_table(head, lines)
    print()
    for f in facts:
        print(f)
    if bad:
        print(f"\n{len(bad)} run(s) failed (no paint, or no answer after Enter):")
        for r in bad:
            print(f"  {r['who']} {r['label']}: exit {r['exit_code']} signal {r['signal']}, stdout {r['stdout']!r}, "
                  f"stderr in {r['stderr_file']}")

    # ---- Markdown
    md = []
    md.append(f"Measured {started:%Y-%m-%d} with `{cmd.strip()}` ({args.runs} runs each, alternating; "
              f"idle figures from {min(args.idle_runs, args.runs)} of them; big forms {args.big_runs} runs each).")
    md.append("")
    md.append(f"Machine: {machine}; Xvfb 1280x900x24, no window manager" +
              (f"; Mesa: {mesa}" if mesa else "") + f"; load average {load_before[0]:.2f} before, "
              f"{load_after[0]:.2f} after; form-elicitation {commit}.")
    md.append("")
    md.append(markdown_table(head, lines))
    md.append("")
    for f in facts:
        md.append(f"- {f}")
    print("\n---- Markdown ----\n")
    print("\n".join(md))

    if args.serve_runs > 0:
        serve_section(args, R, ours, x_server, tmp, form)

    if args.remote_calls > 0:
        remote_section(args, ours)

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": machine, "mesa": mesa, "commit": commit, "runs": R.raw}, f, indent=1)


def remote_section(args, ours):
    """`proxy --url` next to mcp-remote (issue 46): scripts/bench-proxy-remote, in this run, with
    the binary measured above. Said and skipped when mcp-remote or the reference server is not
    installed (see that script for how)."""
    remote = os.path.join(REPO, "target/bench-node/node_modules/mcp-remote/dist/proxy.js")
    if not os.path.exists(remote) or shutil.which("node") is None:
        log("proxy --url against mcp-remote: skipped (needs node and "
            "`npm install --prefix target/bench-node mcp-remote`)")
        return
    log(f"proxy --url against mcp-remote, {args.remote_calls} calls each ...")
    print("\n---- proxy --url against mcp-remote ----\n", flush=True)
    done = subprocess.run([sys.executable, os.path.join(REPO, "scripts/bench-proxy.d/remote.py"),
                           "--bin", ours, "--calls", str(args.remote_calls),
                           "--large-calls", str(max(args.remote_calls // 10, 10))], cwd=REPO)
    if done.returncode != 0:
        log(f"proxy --url against mcp-remote failed (exit {done.returncode})")


def proc_cpu_ns(pid):
    """Time the process has run on a CPU, all threads, in ns (/proc/PID/schedstat per task)."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total


def proc_status_kib(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return None


def rss_parts(pid):
    """What serve's resident memory is: its own (anonymous) and the files' pages it maps."""
    anon = proc_status_kib(pid, "RssAnon")
    files = proc_status_kib(pid, "RssFile")
    return f"anonymous {anon / 1024:.2f} MiB, file pages {files / 1024:.2f} MiB"


def serve_children(pid):
    """The processes serve started that are still running: its dialogs, the one waiting ahead
    of the next request included."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += f.read().split()
        except OSError:
            pass
    return found


def waiting_ahead(child):
    """Whether serve's child is the dialog it started ahead of the next request."""
    try:
        with open(f"/proc/{child}/cmdline", "rb") as f:
            return b"--dialog-ahead" in f.read().split(b"\0")
    except OSError:
        return False


def serve_dialogs(pid):
    """serve's dialogs showing a form (not the one waiting ahead)."""
    return [c for c in serve_children(pid) if not waiting_ahead(c)]


def serve_and_waiting(pid):
    """serve's pid and the pid of the dialog it keeps waiting, if one waits."""
    return [pid] + [int(c) for c in serve_children(pid) if waiting_ahead(c)]


def settle(serve_pid, quiet=0.05, limit=3.0):
    """Waits (at most `limit` seconds) until serve is at rest: the last form's dialog has
    exited, the dialog for the next one waits ahead, and the CPU time of both stopped moving
    for `quiet` seconds. A form's dialog closes its window after the answer, and serve then
    starts the next dialog ahead: neither may overlap the next timed run, served or local."""
    deadline = time.monotonic() + limit
    last = None
    while time.monotonic() < deadline:
        pids = serve_and_waiting(serve_pid)
        now = sum(proc_cpu_ns(p) for p in pids)
        if not serve_dialogs(serve_pid) and len(pids) == 2 and now == last:
            return
        last = now
        time.sleep(quiet)


def rest_figures(pid):
    """RSS (KiB) of serve and its waiting dialog together, and what it is, in words."""
    pids = serve_and_waiting(pid)
    total = sum(proc_status_kib(p, "VmRSS") or 0 for p in pids)
    words = f"serve {proc_status_kib(pid, 'VmRSS') / 1024:.2f} MiB: {rss_parts(pid)}"
    for p in pids[1:]:
        words += f"; the dialog waiting ahead {proc_status_kib(p, 'VmRSS') / 1024:.2f} MiB: {rss_parts(p)}"
    return total, words


def pin(pid, cpus):
    """Lets every thread of `pid` run only on `cpus` (None: on every CPU this bench may use).
    Threads and processes started later inherit it."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return
    for task in tasks:
        try:
            os.sched_setaffinity(int(task), cpus or ALL_CPUS)
        except OSError:
            pass


ALL_CPUS = os.sched_getaffinity(0)


def placements():
    """Where the X server and the rest (serve, its dialogs, the asker, the local helper) run
    for the served form's comparison: (name, X server's CPUs, the rest's CPUs). On a VM of
    two vCPUs a window on the X server's core paints its first frame about 5 ms sooner than
    one on the other core, more than the served path costs; a local helper is started by its
    caller and a served dialog is woken by serve, so the scheduler places the two differently.
    The two pinned placements put both alike, and the ratio then measures the path."""
    cpus = sorted(ALL_CPUS)
    out = [("as the scheduler places them", None, None),
           ("all on one core", {cpus[-1]}, {cpus[-1]})]
    if len(cpus) > 1:
        out.append(("the X server on a core of its own", {cpus[0]}, set(cpus[1:])))
    return out


def serve_section(args, R, ours, x_server, tmp, form):
    """`serve` (issue 32): the 4-field form asked over its socket by an asker with no display,
    alternating with the same form shown by a local helper, in each of `placements()`; the
    probe times both from the asker's (or the helper's) spawn by X events, so "first painted
    frame" is the asker's start to the desktop window's first frame, and "Enter → answer" is
    the key to the line on the asker's stdout. Then `serve` alone: CPU and memory while no
    form is open."""
    display, x_pid = x_server
    sock = os.path.join(tmp, "serve.sock")
    env = dict(os.environ, DISPLAY=display, WINIT_X11_SCALE_FACTOR="1")
    env.pop("WAYLAND_DISPLAY", None)
    err = open(os.path.join(tmp, "serve.stderr"), "w")
    serve = subprocess.Popen([ours, "serve", "--socket", sock], env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.monotonic() + 10
        while not os.path.exists(sock):
            if serve.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"scripts/bench: serve did not listen; see {err.name}")
            time.sleep(0.01)
        # The socket exists before serve has finished starting (it lets go of start-up's
        # memory after binding): idling starts when its CPU time stops moving.
        settle(serve.pid, quiet=0.1, limit=5)
        idle = args.idle
        log(f"serve idle {idle:g} s before any form ...")
        resting = serve_and_waiting(serve.pid)
        c0 = sum(proc_cpu_ns(p) for p in resting)
        time.sleep(idle)
        idle_before = (sum(proc_cpu_ns(p) for p in resting) - c0) / 1e6
        rss_before, parts_before = rest_figures(serve.pid)
        R.run("ours", "warmup", [ours, "--connect", sock, "--title", "bench-warmup"], stdin=form,
              finish="submit")
        places = placements()
        local = {name: [] for name, _, _ in places}
        served = {name: [] for name, _, _ in places}
        for i in range(args.serve_runs):
            log(f"serve run {i + 1}/{args.serve_runs} ...")
            for name, x_cpus, cpus in places:
                pin(x_pid, x_cpus)
                for p in serve_and_waiting(serve.pid):
                    pin(p, cpus)
                for who in alternate(i, ["served", "local"]):
                    settle(serve.pid)
                    kw = dict(finish="submit", keys=args.keys, cpus=cpus)
                    if who == "served":
                        cmd = [ours, "--connect", sock, "--title", f"bench-{R.count + 1}"]
                        served[name].append(R.run("ours", "served", cmd, stdin=form, **kw))
                    else:
                        local[name].append(R.run("ours", "served-local", R.ours_cmd(), stdin=form,
                                                 **kw))
        pin(x_pid, None)
        for p in serve_and_waiting(serve.pid):
            pin(p, None)
        # serve answers before its dialog exits; the dialog's exit, and serve letting go of
        # memory after it, are the form's work, not idling: wait for them to end first.
        deadline = time.monotonic() + 10
        while serve_dialogs(serve.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)
        settle(serve.pid, quiet=0.1, limit=5)
        forms = sum(len(v) for v in served.values())
        log(f"serve idle {idle:g} s after {forms} forms ...")
        resting = serve_and_waiting(serve.pid)
        c0 = sum(proc_cpu_ns(p) for p in resting)
        time.sleep(idle)
        idle_after = (sum(proc_cpu_ns(p) for p in resting) - c0) / 1e6
        rss_after, parts_after = rest_figures(serve.pid)
        hwm = proc_status_kib(serve.pid, "VmHWM")
    finally:
        serve.terminate()
        try:
            serve.wait(5)
        except subprocess.TimeoutExpired:
            serve.kill()
        err.close()

    every_served = [r for v in served.values() for r in v]
    every_local = [r for v in local.values() for r in v]
    rows = [("spawn → window mapped, ms (all placements)", vals(every_served, "map_ms"),
             vals(every_local, "map_ms"), "")]
    for name, x_cpus, _ in places:
        rows.append((f"spawn → first painted frame, ms ({name})", vals(served[name], "paint_ms"),
                     vals(local[name], "paint_ms"), "≤ 1.1" if x_cpus else "(placement differs)"))
    rows.append(("key → next repaint, ms (all placements)", vals(every_served, "key_latency_ms"),
                 vals(every_local, "key_latency_ms"), ""))
    # The answer's way back wakes three processes (the dialog, serve, the asker): its target
    # is read as the scheduler places them, as people run it. On one core the dialog's exit
    # and the others queue behind each other; across cores each wake-up costs more.
    for name, x_cpus, _ in places:
        rows.append((f"Enter → answer line on stdout, ms ({name})",
                     vals(served[name], "answer_after_key_ms"), vals(local[name], "answer_after_key_ms"),
                     "(placed alike)" if x_cpus else "≤ 2 ms served"))
    head = ["figure", "served (asker → serve → window)", "local helper", "served/local", "target"]
    lines = []
    for name, sv, lv, target in rows:
        ss, sl = stat(sv), stat(lv)
        lines.append(("serve", [name, cell(ss), cell(sl), ratio(ss, sl), target]))
    facts = [
        f"serve and its dialog waiting ahead, idle {idle:g} s before any form: CPU {idle_before:.3f} ms, "
        f"RSS {rss_before / 1024:.2f} MiB ({parts_before})",
        f"serve and its dialog waiting ahead, idle {idle:g} s after {forms} forms: CPU {idle_after:.3f} ms, "
        f"RSS {rss_after / 1024:.2f} MiB ({parts_after}; serve's peak {hwm / 1024:.2f} MiB; target: zero CPU "
        f"idle, at most 4 MiB with no form open)",
    ]
    print()
    print_text_table(head, lines)
    for f in facts:
        print(f)
    print("\n---- Markdown (serve) ----\n")
    print(markdown_table(head, lines))
    print()
    for f in facts:
        print(f"- {f}")


if __name__ == "__main__":
    main()

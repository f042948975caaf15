#!/usr/bin/python3
"""Reads form-elicitation's window as a screen reader does: through AT-SPI, with libatspi
(the library Orca uses). Run inside `dbus-run-session`; tests/integration/a11y.rs does.

    atspi_tree.py BINARY REQUEST_FILE STEP...

Starts the AT-SPI bus (marked as having a screen reader), its own Xvfb and the binary with
the request, focuses the window, then runs the steps in order: `dump` prints the accessible
tree as one line of JSON (a list of nodes: depth, role, name, description, states), and
`key:KEYS` presses keys with xdotool. Extra environment for the binary comes from
FE_ENV_* variables (FE_ENV_LANG=de_DE.UTF-8 sets LANG).
"""
import json
import os
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

STATES = {
    "focused": Atspi.StateType.FOCUSED,
    "required": Atspi.StateType.REQUIRED,
    "invalid": Atspi.StateType.INVALID_ENTRY,
    "checked": Atspi.StateType.CHECKED,
}


def walk(node, depth, out):
    try:
        states = node.get_state_set()
        out.append(
            {
                "depth": depth,
                "role": node.get_role_name(),
                "name": node.get_name() or "",
                "description": node.get_description() or "",
                "states": [k for k, v in STATES.items() if states.contains(v)],
            }
        )
        for i in range(node.get_child_count()):
            child = node.get_child_at_index(i)
            if child is not None:
                walk(child, depth + 1, out)
    except Exception:  # a node that went away while we read
        pass
    return out


def find_app(deadline):
    while time.time() < deadline:
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is not None and app.get_name() == "form-elicitation" and app.get_child_count():
                return app
        time.sleep(0.1)
    return None


def main():
    binary, request, steps = sys.argv[1], sys.argv[2], sys.argv[3:]
    quiet = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], **quiet)
    time.sleep(0.5)
    # Tell applications a screen reader runs, as Orca does: AccessKit publishes only then.
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    started = time.time()
    for prop in ("ScreenReaderEnabled", "IsEnabled"):
        while True:
            try:
                bus.call_sync(
                    "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
                    GLib.Variant("(ssv)", ("org.a11y.Status", prop, GLib.Variant("b", True))),
                    None, Gio.DBusCallFlags.NONE, -1, None,
                )
                break
            except GLib.Error:
                if time.time() - started > 10:
                    raise
                time.sleep(0.1)
    display = ":%d" % (200 + os.getpid() % 500)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x900x24", "-noreset",
                             "-nolisten", "tcp"], **quiet)
    env = dict(os.environ, DISPLAY=display, LC_ALL="C.UTF-8", LANG="C.UTF-8")
    env.pop("WAYLAND_DISPLAY", None)
    for key, value in os.environ.items():
        if key.startswith("FE_ENV_"):
            env[key[len("FE_ENV_"):]] = value
    time.sleep(0.5)
    title = "a11y-%d" % os.getpid()
    with open(request, "rb") as stdin:
        app_process = subprocess.Popen(
            [binary, "--server", "conf", "--title", title], stdin=stdin,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        )
    try:
        deadline = time.time() + 20
        window = ""
        while not window and time.time() < deadline:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                                   env=env, capture_output=True, text=True)
            window = found.stdout.split()[0] if found.stdout.split() else ""
            time.sleep(0.1)
        while time.time() < deadline:
            focus = subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env,
                                   capture_output=True)
            if focus.returncode == 0:
                break
            time.sleep(0.1)
        app = find_app(deadline)
        if app is None:
            print(json.dumps({"error": "no form-elicitation application on the AT-SPI bus"}))
            return 1
        time.sleep(0.5)
        for step in steps:
            if step == "dump":
                print(json.dumps(walk(app, 0, [])), flush=True)
            elif step.startswith("key:"):
                subprocess.run(["xdotool", "key", step[4:]], env=env, check=True)
                time.sleep(0.5)
        return 0
    finally:
        app_process.kill()
        xvfb.kill()
        launcher.kill()


if __name__ == "__main__":
    sys.exit(main())

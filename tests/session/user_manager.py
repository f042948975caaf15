"""A stand-in for the systemd user manager on a bus of the test's own, for
tests/integration/session.rs: `org.freedesktop.systemd1` at /org/freedesktop/systemd1 with the
Manager's `Environment` property (the NAME=value list desktops import into), nothing else.

Usage: user_manager.py NAME=VALUE...; prints "ready" once the name is owned. Needs
DBUS_SESSION_BUS_ADDRESS (the bus to serve on) and PyGObject (Debian's python3-gi).
"""

import sys

from gi.repository import Gio, GLib

XML = """<node><interface name="org.freedesktop.systemd1.Manager">
<property name="Environment" type="as" access="read"/></interface></node>"""

environment = sys.argv[1:]


def get_property(connection, sender, path, interface, name):
    return GLib.Variant("as", environment)


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
node = Gio.DBusNodeInfo.new_for_xml(XML)
bus.register_object("/org/freedesktop/systemd1", node.interfaces[0], None, get_property, None)
Gio.bus_own_name_on_connection(
    bus, "org.freedesktop.systemd1", Gio.BusNameOwnerFlags.NONE, lambda *_: print("ready", flush=True), None
)
GLib.MainLoop().run()

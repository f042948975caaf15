"""Another local user's side of tests/integration/session.rs (issue 54): run as that user.

Usage:
  other_user.py relay NAME TARGET   binds the abstract Unix socket @NAME (any user may) and
                                    forwards each connection to the socket file TARGET (the
                                    user's own X server): a relay where libxcb looks first;
  other_user.py listen PATH         binds the socket file PATH (mode 0777, so that anyone may
                                    connect), accepts and holds connections, says nothing: a
                                    stand-in compositor.
Prints "ready" once it listens.
"""

import os
import socket
import sys
import threading


def pump(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    for end in (source, sink):
        try:
            end.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def relay(name, target):
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind("\0" + name)
    server.listen(16)
    print("ready", flush=True)
    while True:
        client, _ = server.accept()
        upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        upstream.connect(target)
        threading.Thread(target=pump, args=(client, upstream), daemon=True).start()
        threading.Thread(target=pump, args=(upstream, client), daemon=True).start()


def listen(path):
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    os.chmod(path, 0o777)
    server.listen(16)
    print("ready", flush=True)
    held = []
    while True:
        client, _ = server.accept()
        held.append(client)


if __name__ == "__main__":
    if sys.argv[1] == "relay":
        relay(sys.argv[2], sys.argv[3])
    else:
        listen(sys.argv[2])

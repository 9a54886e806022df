"""`fbs sweep --scheduler ADDRESS` where the address is not a Dask scheduler (issue 30,
section 5): one that answers with HTTP or garbage made Dask allocate the length it read (2.6e18
bytes, exit 3); one that accepts and stays silent made the sweep wait forever. Both are exit 2
with one line, the silent one after the probe's bounded wait (verify/sweep/scheduler_probe.py).

Servers on 127.0.0.1 started here; each command runs in a child process with a generous
timeout that only stops a hang."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from verify.sweep import scheduler_probe

ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD = 300  # seconds; the probe itself waits at most 2 x 5 s


class Server:
    """A TCP server on 127.0.0.1 answering every connection with `reply` (None: silence,
    the connection kept open until the server stops)."""

    def __init__(self, reply: bytes | None):
        self.reply, self.open = reply, []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        self.listener.settimeout(0.2)
        while not self.stopped.is_set():
            try:
                connection, _ = self.listener.accept()
            except OSError:
                continue
            self.open.append(connection)
            if self.reply is not None:
                try:
                    connection.sendall(self.reply)
                except OSError:
                    pass

    def close(self):
        self.stopped.set()
        self.thread.join()
        for connection in self.open:
            connection.close()
        self.listener.close()


REPLIES = {
    "http": b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    "garbage": bytes(range(256)) * 64,
    "silent": None,
}


@pytest.mark.parametrize("kind", list(REPLIES))
def test_a_scheduler_address_that_is_not_dask_is_refused_in_one_line(kind, tmp_path):
    server = Server(REPLIES[kind])
    try:
        done = subprocess.run([sys.executable, "-m", "verify", "sweep", "--family", "all:1",
                               "-o", str(tmp_path / "s"), "--scheduler",
                               f"tcp://127.0.0.1:{server.port}"], capture_output=True,
                              text=True, cwd=ROOT, timeout=HANG_GUARD)
    finally:
        server.close()
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("fbs: error:"), done.stderr
    assert f"127.0.0.1:{server.port}" in done.stderr
    expected = "sent no handshake within 5 s" if kind == "silent" else \
        "answered, but not as a Dask scheduler"
    assert expected in done.stderr, done.stderr
    assert not (tmp_path / "s").exists()  # nothing written


def test_the_probe_reads_a_dask_length_prefix():
    """A length in Dask's framing ("Q", then that many bytes) passes; the probe reads exactly
    the bytes announced (an HTTP status line read as that length is about 2.6e18)."""
    body = b"\x80" * 300
    server = Server(scheduler_probe.LENGTH.pack(len(body)) + body)
    try:
        scheduler_probe.probe_scheduler(f"tcp://127.0.0.1:{server.port}")
    finally:
        server.close()
    (http,) = scheduler_probe.LENGTH.unpack(REPLIES["http"][:8])
    assert http > 2 * 10**18

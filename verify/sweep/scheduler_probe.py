"""Is this address a Dask scheduler? Asked before Dask's Client connects to it.

A Dask server speaks first: on every new TCP connection it writes its handshake, an 8-byte
length (struct format "Q", distributed/comm/tcp.py) and that many bytes of frames, a few
hundred in all. Dask's Client trusts that length: an address answering with anything else
(an HTTP server, random bytes) made it allocate the number it read (2.6e18 bytes for
"HTTP/1.1", a MemoryError, exit 3), and one that accepts and stays silent made it wait
forever. The probe bounds both: the connection and the handshake each within
PROBE_SECONDS, the length at most MAX_HANDSHAKE_BYTES, then closes the connection (the
Client opens its own). Addresses of other schemes (tls://, ws://, ...) are left to Dask.
"""

from __future__ import annotations

import socket
import struct

from verify.base.errors import BadInput

PROBE_SECONDS = 5.0
MAX_HANDSHAKE_BYTES = 1 << 20  # a real handshake is a few hundred bytes
LENGTH = struct.Struct("Q")


def probe_scheduler(address: str) -> None:
    """BadInput (one line) unless `address` answers like a Dask scheduler within the bounds."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme != "tcp":
            return
        host, port = parse_host_port(location)
    except (ValueError, TypeError) as error:
        raise BadInput(f"cannot connect to the Dask scheduler {address!r}: {error}") from None
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS) as connection:
            connection.settimeout(PROBE_SECONDS)
            _read_handshake(connection, address)
    except socket.timeout:
        raise BadInput(f"the Dask scheduler {address!r} accepted the connection but sent no "
                       f"handshake within {PROBE_SECONDS:g} s (not a Dask scheduler?)") from None
    except OSError as error:
        raise BadInput(f"cannot connect to the Dask scheduler {address!r}: "
                       f"{type(error).__name__}: {error.strerror or error}") from None


def _read_handshake(connection: socket.socket, address: str) -> None:
    (size,) = LENGTH.unpack(_read_exactly(connection, LENGTH.size, address))
    if not 0 < size <= MAX_HANDSHAKE_BYTES:
        raise BadInput(f"{address!r} answered, but not as a Dask scheduler (a handshake of "
                       f"{size} bytes; at most {MAX_HANDSHAKE_BYTES})")
    _read_exactly(connection, size, address)


def _read_exactly(connection: socket.socket, size: int, address: str) -> bytes:
    data = bytearray()
    while len(data) < size:
        chunk = connection.recv(min(size - len(data), 1 << 16))
        if not chunk:
            raise BadInput(f"{address!r} closed the connection before a Dask handshake "
                           f"(not a Dask scheduler?)")
        data += chunk
    return bytes(data)

"""No page block may reach the network: a look-up site promises that it downloads nothing.

While a block runs, every outgoing connection and name look-up to a host other than this
machine is refused, and remembered: a library may catch the refusal and go on (Hugging
Face's hub, for one, falls back or retries), so the runner asks afterwards whether any was
tried and fails the block with its page and line either way.
"""

from __future__ import annotations

import socket
from contextlib import contextmanager

_LOCAL = ("127.", "::1", "localhost", "0.0.0.0")


class NetworkRefused(ConnectionRefusedError):
    pass


@contextmanager
def no_network():
    """Refuse connections leaving this machine inside the block; yields the hosts tried."""
    tried: list[str] = []
    connect, connect_ex, getaddrinfo = socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo

    def local(host) -> bool:
        return isinstance(host, str) and (host.startswith(_LOCAL) or host == "") or not isinstance(host, str)

    def guarded_connect(self, address):
        host = address[0] if isinstance(address, tuple) else address
        if self.family in (socket.AF_INET, socket.AF_INET6) and not local(host):
            tried.append(str(host))
            raise NetworkRefused(f"docs: this block tried to reach {host}; the pages download nothing")
        return connect(self, address)

    def guarded_connect_ex(self, address):
        try:
            guarded_connect(self, address)
        except NetworkRefused:
            return 111  # ECONNREFUSED
        return 0

    def guarded_getaddrinfo(host, *args, **kwargs):
        if not local(host):
            tried.append(str(host))
            raise socket.gaierror(f"docs: this block looked up {host}; the pages download nothing")
        return getaddrinfo(host, *args, **kwargs)

    socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo = guarded_connect, guarded_connect_ex, guarded_getaddrinfo
    try:
        yield tried
    finally:
        socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo = connect, connect_ex, getaddrinfo

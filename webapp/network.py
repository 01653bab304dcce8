"""Addresses: the one phones on the classroom network use to reach this server."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from flask import current_app, request

LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]"}


def lan_address() -> str | None:
    """This computer's address on the local network (no packet is sent: connecting a UDP
    socket only picks the outgoing interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def public_url(path: str) -> str:
    """``path`` as a full URL that a phone can open: the ``BASE_URL`` setting if there is
    one; else this request's host, with ``localhost`` replaced by the LAN address (the
    teacher's laptop shows the projector page on localhost, the phones cannot use that)."""
    base = current_app.config.get("BASE_URL")
    if base:
        return str(base).rstrip("/") + path
    parts = urlsplit(request.host_url)
    host = parts.hostname or "localhost"
    if host in LOOPBACK:
        lan = lan_address()
        if lan:
            host = lan
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{path}"

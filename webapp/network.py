"""Addresses: the one phones on the classroom network use to reach this server."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import current_app, request

from generator.network import lan_address

LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]"}


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

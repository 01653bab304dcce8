"""This computer's address on the classroom network: where a pupil's phone reaches the web
app that ``printables serve`` runs here, and so where printed QR codes should point."""

from __future__ import annotations

import socket

PORT = 5000
"""The port ``printables serve`` listens on by default."""


def lan_address() -> str | None:
    """This computer's address on the local network, or None when it has none (no packet
    is sent: connecting a UDP socket only picks the outgoing interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def default_base_url(port: int = PORT) -> str | None:
    """The checking pages' address as a phone on this network reaches ``printables serve``
    here, or None when this computer has no network address.

    >>> url = default_base_url()
    >>> url is None or (url.startswith("http://") and url.endswith(":5000"))
    True
    """
    address = lan_address()
    return None if address is None else f"http://{address}:{port}"

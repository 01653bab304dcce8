"""The command tests run as on a classroom computer with a network address: worksheets'
QR codes default to it, so the tests pin it (a test of a computer without one patches
``lan_address`` to None itself)."""

from __future__ import annotations

import pytest

from generator import network

CLASSROOM_ADDRESS = "192.168.1.20"
CLASSROOM_URL = f"http://{CLASSROOM_ADDRESS}:5000"


@pytest.fixture(autouse=True)
def classroom_network(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(network, "lan_address", lambda: CLASSROOM_ADDRESS)
    return CLASSROOM_URL

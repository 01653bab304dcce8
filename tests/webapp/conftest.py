"""Fixtures for the web app's tests: an app on its own SQLite file, clients, a teacher."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webapp import auth, checking, create_app, mat_store, play, proctor, security, timers
from webapp.auth import create_teacher
from webapp.db import write

PASSWORD = "correct horse"


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    """An app on a fresh SQLite file, CSRF checks off (tests/webapp/test_security.py
    turns them on), rate limits on."""
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def add_teacher(app: Flask, name: str) -> int:
    with app.app_context(), write() as db:
        return create_teacher(db, name, PASSWORD)


def log_in(client: FlaskClient, name: str) -> None:
    response = client.post("/login", data={"username": name, "password": PASSWORD})
    assert response.status_code == 302, response.get_data(as_text=True)


@pytest.fixture
def teacher(app: Flask, client: FlaskClient) -> FlaskClient:
    """``client``, logged in as teacher ``ada``."""
    add_teacher(app, "ada")
    log_in(client, "ada")
    return client


class Clock:
    """The server's clock, set by the test."""

    def __init__(self, at: float = 1000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """Every module's ``now`` (each imported it by name) reads this clock, from 1000.0."""
    fake = Clock()
    for module in (mat_store, proctor, play, security, auth, checking, timers):
        monkeypatch.setattr(module, "now", fake)
    return fake

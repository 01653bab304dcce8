"""Fixtures for the web app's tests: an app on its own SQLite file, clients, a teacher."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webapp import create_app
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

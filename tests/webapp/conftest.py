"""Fixtures for the web app's tests: an app on its own SQLite file, clients, a teacher, the
server's clock set by the test, and a throwaway PostgreSQL cluster with apps on it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from browser_support import (  # noqa: F401 (fixtures for Chromium tests)
    browser,
    server,
    shots,
    teacher_context,
)
from flask import Flask
from flask.testing import FlaskClient
from postgres_support import postgres, postgres_app  # noqa: F401 (fixtures for PostgreSQL)
from webapp_support import Clock, add_teacher, log_in

import webapp.db
from webapp import create_app


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


@pytest.fixture
def teacher(app: Flask, client: FlaskClient) -> FlaskClient:
    """``client``, logged in as teacher ``ada``."""
    add_teacher(app, "ada")
    log_in(client, "ada")
    return client


@pytest.fixture
def clock(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The server's clock, from 1000.0: every web-app module that imported ``now`` by name
    (all are loaded by the app) reads this clock."""
    fake = Clock()
    real = webapp.db.now
    for name, module in list(sys.modules.items()):
        if name.startswith("webapp") and getattr(module, "now", None) is real:
            monkeypatch.setattr(module, "now", fake)
    return fake

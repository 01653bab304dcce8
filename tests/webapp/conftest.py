"""Fixtures for the web app's tests: an app on its own SQLite file, clients, a teacher, the
server's clock set by the test, a throwaway PostgreSQL cluster with apps on it, and every
app of the test process sharing one cache of compiled templates."""

from __future__ import annotations

import sys
from collections.abc import Iterator
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
from postgres_support import (  # noqa: F401 (fixtures for PostgreSQL)
    postgres,
    postgres_app,
    postgres_cluster,
)
from webapp_support import Clock, TemplateCache, add_teacher, log_in

import webapp.db
from webapp import create_app


@pytest.fixture(scope="session", autouse=True)
def templates_compiled_once() -> Iterator[None]:
    """Every Flask app the test process makes finds the templates another app compiled
    (:class:`webapp_support.TemplateCache`)."""
    with pytest.MonkeyPatch.context() as patch:
        options = {**Flask.jinja_options, "bytecode_cache": TemplateCache()}
        patch.setattr(Flask, "jinja_options", options)
        yield


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
    """``client``, logged in as teacher ``ada`` (whose password is hashed cheaply: see
    :data:`webapp_support.CHEAP`; tests/webapp/accounts/ log in with scrypt's hashes)."""
    add_teacher(app, "ada", cheap=True)
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

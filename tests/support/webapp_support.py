"""What the web app's tests share besides fixtures (those are in tests/webapp/conftest.py):
a teacher's password, adding and logging in a teacher, a clock the test sets, and one
cache of compiled templates for every app a test process makes."""

from __future__ import annotations

from unittest import mock

from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from werkzeug.security import generate_password_hash

from webapp.accounts import store
from webapp.accounts.store import create_teacher
from webapp.db import write

PASSWORD = "correct horse"
CHEAP = "pbkdf2:sha256:1"
"""A hash of one PBKDF2 round, for teachers of tests that are not about passwords: each
login checks the stored hash, and scrypt's takes about 0.15 s of a core each time."""


def add_teacher(app: Flask, name: str, *, cheap: bool = False, password: str = PASSWORD) -> int:
    """Teacher ``name`` with ``password``, made by the app's own ``create_teacher``;
    ``cheap`` stores the password hashed by :data:`CHEAP` instead of scrypt."""
    with app.app_context(), write() as db:
        if not cheap:
            return create_teacher(db, name, password)
        with mock.patch.object(store, "generate_password_hash", _cheap_hash):
            return create_teacher(db, name, password)


def _cheap_hash(password: str) -> str:
    return generate_password_hash(password, CHEAP)


def log_in(client: FlaskClient, name: str) -> None:
    response = client.post("/login", data={"username": name, "password": PASSWORD})
    assert response.status_code == 302, response.get_data(as_text=True)


class Clock:
    """The server's clock, set by the test."""

    def __init__(self, at: float = 1000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


class TemplateCache(BytecodeCache):
    """Jinja's compiled templates kept in memory, shared by every app of a test process.

    Each app has its own Jinja environment, which parses and compiles a template the first
    time it renders it: the web app's tests make hundreds of apps (one a test, one a
    restart), and compiling the same templates again was much of their time. A template
    is found by its name and file and used only while its source is unchanged (Jinja
    compares a checksum of the source), so what renders is what the file says.
    """

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()

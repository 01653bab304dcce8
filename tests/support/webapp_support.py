"""What the web app's tests share besides fixtures (those are in tests/webapp/conftest.py):
a teacher's password, adding and logging in a teacher, a clock the test sets, and what
every app a test process makes shares: its compiled templates and URL builders."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any
from unittest import mock

from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from werkzeug.routing import Rule
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


class RuleBuilders:
    """Werkzeug's URL builders, generated once per rule for every app of a test process.

    Each app compiles each of its URL rules into a function that builds the rule's URLs
    (``Rule._compile_builder``: an AST made and compiled, about 0.7 ms a rule, 40 ms an
    app). The function depends only on the rule's parts, defaults and converters, takes
    the rule as its first argument and holds no other state, so the one made for the first
    app's rule serves the same rule of every later app. Matching requests is untouched.
    """

    def __init__(self, compile_builder: Callable[..., Callable[..., tuple[str, str]]]) -> None:
        self.compile_builder = compile_builder
        self.made: dict[tuple[object, ...], Callable[..., tuple[str, str]]] = {}

    def __get__(self, rule: Rule | None, owner: type | None = None) -> Any:
        """Set on :class:`Rule` in place of the method: ``rule._compile_builder(...)``."""
        return self if rule is None else partial(self, rule)

    def __call__(self, rule: Rule, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        key = (
            rule.rule,
            append_unknown,
            tuple(rule._trace),
            tuple(sorted((name, repr(value)) for name, value in (rule.defaults or {}).items())),
            tuple(sorted((name, type(c).__qualname__) for name, c in rule._converters.items())),
        )
        builder = self.made.get(key)
        if builder is None:
            builder = self.made[key] = self.compile_builder(rule, append_unknown)
        return builder

"""What the web app's tests share besides fixtures (those are in tests/webapp/conftest.py):
a teacher's password, adding and logging in a teacher, and a clock the test sets."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from webapp.accounts.store import create_teacher
from webapp.db import write

PASSWORD = "correct horse"


def add_teacher(app: Flask, name: str) -> int:
    with app.app_context(), write() as db:
        return create_teacher(db, name, PASSWORD)


def log_in(client: FlaskClient, name: str) -> None:
    response = client.post("/login", data={"username": name, "password": PASSWORD})
    assert response.status_code == 302, response.get_data(as_text=True)


class Clock:
    """The server's clock, set by the test."""

    def __init__(self, at: float = 1000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at

"""The database's clock for every server (webapp/clock.py), and the answers when the
database does not answer (webapp/outage.py): 503 with Retry-After, JSON for a page's
script, a page that reloads itself, and /healthz for a load balancer."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from flask.testing import FlaskClient
from mat_helpers import join, new_session
from sqlalchemy.exc import IntegrityError, OperationalError

import webapp.db
from webapp import clock


@contextmanager
def database_down(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every connection the app asks for fails as a restarting PostgreSQL's does."""
    engine = webapp.db.engine

    def unreachable() -> object:
        raise OperationalError("SELECT 1", {}, ConnectionRefusedError("connection refused"))

    with monkeypatch.context() as patch:
        patch.setattr(webapp.db, "engine", lambda: _Failing(unreachable))
        yield
    assert webapp.db.engine is engine


class _Failing:
    """An engine whose connections cannot be made."""

    def __init__(self, fail: object) -> None:
        self.fail = fail
        self.dialect = type("D", (), {"name": "postgresql"})()

    def connect(self) -> object:
        return self.fail()  # type: ignore[operator]


def test_while_the_database_is_down_every_request_says_try_again(
    app: Flask, teacher: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id, code = new_session(teacher)
    phone = join(app, code, "Ann")
    assert phone.get("/healthz").get_data(as_text=True) == "ok"
    with database_down(monkeypatch):
        poll = phone.get(f"/play/{code}/state", headers={"X-Requested-With": "fetch"})
        assert poll.status_code == 503 and poll.headers["Retry-After"] == "3"
        assert "Nothing you sent just now was saved" in poll.json["problem"]  # type: ignore[index]
        press = phone.post(f"/play/{code}/hand", data={"round": "1", "claim": "done"},
                           headers={"X-Requested-With": "fetch"})  # fmt: skip
        assert press.status_code == 503 and press.json["retry"] == 3  # type: ignore[index]
        page = teacher.get(f"/sessions/{session_id}")
        text = page.get_data(as_text=True)
        assert page.status_code == 503 and "Please try again" in text
        assert '<meta http-equiv="refresh" content="3">' in text  # it reloads by itself
        assert phone.get("/healthz").status_code == 503
    assert teacher.get(f"/sessions/{session_id}").status_code == 200  # back by itself
    assert phone.get("/healthz").status_code == 200


def test_a_wrong_query_is_still_an_error_not_a_try_again(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a lost database is 'try again': a constraint broken is a bug, and says 500."""
    app.config["PROPAGATE_EXCEPTIONS"] = False

    def broken() -> object:
        raise IntegrityError("INSERT", {}, ValueError("duplicate key"))

    with monkeypatch.context() as patch:
        patch.setattr(webapp.db, "engine", lambda: _Failing(broken))
        assert client.get("/healthz").status_code == 500


def test_times_are_taken_in_the_databases_clock(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host whose clock is 7 s fast, once its offset is measured, tells the database's
    time: ``now()`` and a request's arrival both."""
    monkeypatch.setattr(clock, "_offset", -7.0)
    assert abs(webapp.db.now() - (time.time() - 7.0)) < 0.5
    with app.test_request_context("/"):
        assert abs(webapp.db.arrived() - (time.time() - 7.0)) < 0.5


def test_the_offset_is_measured_on_postgresql_and_none_is_needed_on_sqlite(
    postgres_app: Flask, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = postgres_app.extensions["printables_db"]
    offset, trip = clock.measure(engine)
    assert abs(offset) < 0.25 and 0 <= trip < 1.0  # one host: the clocks agree
    monkeypatch.setattr(clock, "_offset", 123.0)
    monkeypatch.setattr(clock, "_next", 0.0)
    clock.follow(app.extensions["printables_db"])  # SQLite: a file on this host
    assert clock.offset() == 123.0
    clock.follow(engine)
    assert abs(clock.offset()) < 0.25 and clock._next > time.monotonic() + 30


def test_a_measure_taken_too_slowly_to_trust_leaves_the_offset(
    postgres_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a class's burst a round trip may take long and the reading be off by half of
    it: after the first measure, such a reading is not taken."""
    engine = postgres_app.extensions["printables_db"]
    monkeypatch.setattr(clock, "_offset", 0.002)
    monkeypatch.setattr(clock, "_measured", True)
    monkeypatch.setattr(clock, "_next", 0.0)
    monkeypatch.setattr(clock, "measure", lambda _engine: (0.4, 0.8))
    clock.follow(engine)
    assert clock.offset() == 0.002 and clock._next < time.monotonic() + clock.RETRY + 1
    monkeypatch.setattr(clock, "_next", 0.0)
    monkeypatch.setattr(clock, "measure", lambda _engine: (0.004, 0.001))
    clock.follow(engine)
    assert clock.offset() == 0.004


def test_a_cookie_signed_a_second_ahead_on_another_server_still_opens_the_page(
    app: Flask, teacher: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two servers' measures of the database's clock differ by a little: a login signed
    on one whose measure is ahead, read on the other in the same instant, seems signed
    in the future (a whole second, near a second's turn). It must still be taken; one
    signed far in the future is not."""
    from webapp.security import SIGNED_AHEAD_MOST

    monkeypatch.setattr(clock, "_offset", 1.5)  # the login signed 1.5 s 'ahead'
    client = app.test_client()
    assert client.post("/login", data={"username": "ada", "password": "correct horse"}
                       ).status_code == 302  # fmt: skip
    monkeypatch.setattr(clock, "_offset", 0.0)
    assert client.get("/dashboard").status_code == 200  # still logged in
    monkeypatch.setattr(clock, "_offset", SIGNED_AHEAD_MOST + 5.0)
    far = app.test_client()
    assert far.post("/login", data={"username": "ada", "password": "correct horse"}
                    ).status_code == 302  # fmt: skip
    monkeypatch.setattr(clock, "_offset", 0.0)
    assert far.get("/dashboard").status_code == 302  # to the login page

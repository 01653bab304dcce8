"""The claims and the kept puzzles of :mod:`webapp.checking.store`, on SQLite and on
PostgreSQL: of processes racing for one making exactly one wins; a making that stops
giving signs of life is taken over, and its old run can then neither beat nor finish; a
failure is kept for a while, then claimed again."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask

from webapp.checking import store
from webapp.db import read, write

PUZZLE = "costly-tricks-d-gdk8pv"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_app(request: pytest.FixtureRequest) -> Flask:
    name = "app" if request.param == "sqlite" else "postgres_app"
    found: Flask = request.getfixturevalue(name)
    return found


def in_write(app: Flask, action: Any) -> Any:
    with app.app_context(), write() as db:
        return action(db)


def found(app: Flask) -> store.Made | None:
    with app.app_context(), read() as db:
        return store.found(db, PUZZLE)


def test_of_processes_racing_for_a_making_one_wins(db_app: Flask) -> None:
    runners = [store.new_runner() for _ in range(8)]
    won: list[str] = []
    start = threading.Barrier(len(runners), timeout=30)

    def race(runner: str) -> None:
        start.wait()
        if in_write(db_app, lambda db: store.claim(db, PUZZLE, runner, 1000.0)):
            won.append(runner)

    threads = [threading.Thread(target=race, args=(r,)) for r in runners]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive(), "a claim waited a minute"
    assert len(won) == 1
    row = found(db_app)
    assert row is not None and row.state == "making" and row.alive(1000.0)


def test_a_making_without_signs_of_life_is_taken_over(db_app: Flask) -> None:
    first, second = store.new_runner(), store.new_runner()
    assert in_write(db_app, lambda db: store.claim(db, PUZZLE, first, 1000.0))
    late = 1000.0 + store.STALE_AFTER - 1
    assert in_write(db_app, lambda db: store.beat(db, PUZZLE, first, late))
    assert not in_write(db_app, lambda db: store.claim(db, PUZZLE, second, late + 2))  # beating
    dead = late + store.STALE_AFTER + 1
    row = found(db_app)
    assert row is not None and row.alive(late + 2) and not row.alive(dead)
    assert in_write(db_app, lambda db: store.claim(db, PUZZLE, second, dead))
    # the first run, were its process still there, has lost the making
    assert not in_write(db_app, lambda db: store.beat(db, PUZZLE, first, dead))
    assert not in_write(db_app, lambda db: store.finish(db, PUZZLE, first, dead, "{}"))
    assert in_write(db_app, lambda db: store.finish(db, PUZZLE, second, dead + 5, '{"a": 1}'))
    row = found(db_app)
    assert row is not None and (row.state, row.data) == ("made", '{"a": 1}')
    assert not in_write(db_app, lambda db: store.claim(db, PUZZLE, first, dead + 999))  # made
    in_write(db_app, lambda db: store.forget(db, PUZZLE))  # its data refused: made again
    assert found(db_app) is None
    assert in_write(db_app, lambda db: store.claim(db, PUZZLE, first, dead + 999))


def test_a_failure_is_kept_for_a_while_then_claimed_again(db_app: Flask) -> None:
    runner, other = store.new_runner(), store.new_runner()
    assert in_write(db_app, lambda db: store.claim(db, PUZZLE, runner, 1000.0))
    assert in_write(db_app, lambda db: store.fail(db, PUZZLE, runner, 1010.0, "no deal"))
    row = found(db_app)
    assert row is not None and row.problem == "no deal"
    soon, later = 1010.0 + store.FAILED_KEPT - 1, 1010.0 + store.FAILED_KEPT + 1
    assert row.failed(soon) and not row.failed(later)
    assert not in_write(db_app, lambda db: store.claim(db, PUZZLE, other, soon))
    assert in_write(db_app, lambda db: store.claim(db, PUZZLE, other, later))
    in_write(db_app, lambda db: store.release(db, PUZZLE, runner))  # not its claim now
    assert found(db_app) is not None
    in_write(db_app, lambda db: store.release(db, PUZZLE, other))  # given up: free again
    assert found(db_app) is None

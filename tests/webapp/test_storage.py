"""Storage: the schema made and stamped on start, data kept across restarts, a newer
database refused, many students pressing Done at once, and the same app on PostgreSQL
(when its programs are installed)."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from mat_helpers import SOLUTION, end_set, join, new_session, press, refused, scores, start_set
from postgres_support import settings
from sqlalchemy import Connection, inspect, select, text
from webapp_support import Clock, add_teacher, log_in
from werkzeug.test import TestResponse

from webapp import create_app, schema
from webapp.checking import store as made
from webapp.db import make_engine, read, write
from webapp.mat import store
from webapp.tables import entries, metadata, players, schema_version

STUDENTS = 40


def view_of(app: Flask, session_id: int) -> store.SessionView:
    with app.app_context(), read() as db:
        return store.load(db, session_id)


def all_at_once(count: int, task: Callable[[int], TestResponse]) -> list[TestResponse]:
    """Run ``task(n)`` for n < count in as many threads, released together."""
    barrier = threading.Barrier(count)
    results: list[TestResponse | BaseException | None] = [None] * count

    def worker(n: int) -> None:
        barrier.wait()
        try:
            results[n] = task(n)
        except BaseException as error:  # reported below, with the others
            results[n] = error

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    errors = [r for r in results if not isinstance(r, TestResponse)]
    assert errors == [], errors[:3]
    return [r for r in results if isinstance(r, TestResponse)]


# --- the schema ----------------------------------------------------------------------------


def test_a_new_database_gets_every_table_and_is_stamped(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    app = create_app(settings(url))
    engine = app.extensions["printables_db"]
    with engine.connect() as db:
        assert set(inspect(db).get_table_names()) == set(metadata.tables)
        assert db.execute(select(schema_version.c.version)).scalars().all() == [schema.VERSION]
        assert db.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert db.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    assert schema.upgrade(engine) == schema.VERSION  # the second start finds it current
    with engine.connect() as db:  # and stamps it once only
        assert db.execute(select(schema_version.c.version)).scalars().all() == [schema.VERSION]


def test_a_restart_on_the_same_file_keeps_everything(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kept.sqlite3'}"
    first = create_app(settings(url))
    add_teacher(first, "ada")
    teacher = first.test_client()
    log_in(teacher, "ada")
    session_id, code = new_session(teacher)
    student = first.test_client()
    assert student.post("/join", data={"code": code, "nickname": "Ann"}).status_code == 303
    assert start_set(teacher, session_id).status_code == 303
    first.extensions["printables_db"].dispose()

    second = create_app(settings(url))
    again = second.test_client()
    log_in(again, "ada")
    console = again.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert "Set 1 of 2" in console and "Ann" in console
    # The student's cookie, signed with the same key, still holds the seat.
    cookie = student.get_cookie("session")
    assert cookie is not None
    phone = second.test_client()
    phone.set_cookie("session", cookie.value)
    assert "You are <strong>Ann</strong>" in phone.get(f"/play/{code}").get_data(as_text=True)
    pressed = phone.post(f"/play/{code}/hand", data={"round": "0", "claim": "done"})
    assert pressed.status_code == 303


def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'newer.sqlite3'}"
    create_app(settings(url)).extensions["printables_db"].dispose()
    engine = make_engine(url)
    with write(engine) as db:
        db.execute(schema_version.update().values(version=schema.VERSION + 1))
    engine.dispose()
    newer = rf"schema version {schema.VERSION + 1}, newer than this Printables \({schema.VERSION}\)"
    with pytest.raises(schema.SchemaError, match=newer):
        create_app(settings(url))


def test_an_older_database_runs_each_upgrade_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'older.sqlite3'}"
    app = create_app(settings(url))
    add_teacher(app, "ada")
    app.extensions["printables_db"].dispose()
    ran: list[int] = []

    current, following = schema.VERSION, schema.VERSION + 1

    def step(db: Connection) -> None:
        ran.append(following)
        db.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"))

    monkeypatch.setattr(schema, "VERSION", following)
    monkeypatch.setattr(schema, "UPGRADES", {**schema.UPGRADES, following: step})
    engine = make_engine(url)
    assert schema.upgrade(engine) == current
    assert schema.upgrade(engine) == following
    assert ran == [following]
    with engine.connect() as db:
        assert db.execute(select(schema_version.c.version)).scalar_one() == following
        assert inspect(db).has_table("notes")
    engine.dispose()
    upgraded = create_app(settings(url))  # and the data from before is still there
    log_in(upgraded.test_client(), "ada")


def test_a_failing_upgrade_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'failing.sqlite3'}"
    create_app(settings(url)).extensions["printables_db"].dispose()

    def broken(db: Connection) -> None:
        db.execute(text("CREATE TABLE half (id INTEGER)"))
        raise RuntimeError("disk on fire")

    current = schema.VERSION
    monkeypatch.setattr(schema, "VERSION", current + 1)
    monkeypatch.setattr(schema, "UPGRADES", {**schema.UPGRADES, current + 1: broken})
    engine = make_engine(url)
    with pytest.raises(RuntimeError, match="disk on fire"):
        schema.upgrade(engine)
    with engine.connect() as db:
        assert db.execute(select(schema_version.c.version)).scalar_one() == current
        assert not inspect(db).has_table("half")
    engine.dispose()


def test_version_2_checks_the_answers_a_version_1_database_holds(
    tmp_path: Path, clock: Clock
) -> None:
    """Version 2 keeps each written answer's check with it, so standings never check an
    answer again. A version 1 database holds answers without checks: the upgrade checks
    them, and the results read exactly as before."""
    url = f"sqlite:///{tmp_path / 'version-1.sqlite3'}"
    app = create_app(settings(url))
    add_teacher(app, "ada")
    teacher = app.test_client()
    log_in(teacher, "ada")
    session_id, code = new_session(teacher)
    ann, bo, cy = (join(app, code, name) for name in ("Ann", "Bo", "Cy"))
    assert start_set(teacher, session_id).status_code == 303
    clock.at += 42
    assert press(ann, code, 0, answer=SOLUTION).status_code == 303
    assert press(bo, code, 0, answer="Bx=S").status_code == 303  # unreadable
    assert press(cy, code, 0, "impossible", "No").status_code == 303
    before = scores(teacher, session_id)
    # MAT Successive: in turn 2 each player has the other's set (the engine's schedule).
    successive, turns = new_session(teacher, variant="successive", name="Turns")
    dee, eve = join(app, turns, "Dee"), join(app, turns, "Eve")
    for number in (0, 1):
        assert start_set(teacher, successive).status_code == 303
        clock.at += 30
        for student in (dee, eve):
            assert press(student, turns, number, "impossible", "No").status_code == 303
        assert end_set(teacher, successive).status_code == 303
        clock.at += 5
    in_turns = scores(teacher, successive)
    # Both claim "No" each turn: wrong for set 1 (solvable), right for set 2, whoever has it.
    assert [(v[1], v[3]) for v in in_turns.values()] == [("600", "30"), ("600", "30")]
    app.extensions["printables_db"].dispose()

    engine = make_engine(url)  # make it a version 1 database: no checks kept
    with write(engine) as db:
        for column in ("answer_right", "answer_reasons", "answer_unreadable"):
            db.execute(text(f"ALTER TABLE entries DROP COLUMN {column}"))
        _drop_version_3_columns(db)
        db.execute(schema_version.update().values(version=1))
    engine.dispose()

    upgraded = create_app(settings(url))
    with upgraded.app_context(), read() as db:
        assert db.execute(select(schema_version.c.version)).scalar_one() == schema.VERSION
        kept = {row.answer: row for row in db.execute(select(entries)).all()}
    assert kept[SOLUTION.strip()].answer_right is True
    assert kept["Bx=S"].answer_right is None
    assert "'x' is not a shade" in kept["Bx=S"].answer_unreadable
    assert kept["No"].answer_right is False  # the first set can be solved
    again = upgraded.test_client()
    log_in(again, "ada")
    assert scores(again, session_id) == before
    assert scores(again, successive) == in_turns
    assert before["Ann"][1] == "42" and before["Bo"][1] == "600"


def _drop_version_6_tables(db: Connection) -> None:
    db.execute(text("DROP TABLE made_puzzles"))


def _drop_version_5_tables(db: Connection) -> None:
    _drop_version_6_tables(db)
    for table in ("grade_decisions", "grade_pictures", "grade_files", "grade_uploads"):
        db.execute(text(f"DROP TABLE {table}"))


def _drop_version_4_columns(db: Connection) -> None:
    _drop_version_5_tables(db)
    db.execute(text("ALTER TABLE entries DROP COLUMN pressed_at"))


def _drop_version_3_columns(db: Connection) -> None:
    _drop_version_4_columns(db)
    db.execute(text("ALTER TABLE teachers DROP COLUMN session_epoch"))
    for column in ("seed", "joining"):
        db.execute(text(f"ALTER TABLE mat_sessions DROP COLUMN {column}"))


def test_version_3_keeps_a_version_2_database_s_teachers_and_sessions(
    tmp_path: Path, clock: Clock
) -> None:
    """Version 3 adds a teacher's login epoch and a session's seed and joining switch: a
    version 2 database keeps its teachers (who still log in), sessions and players, and
    its sessions take players as before."""
    url = f"sqlite:///{tmp_path / 'version-2.sqlite3'}"
    app = create_app(settings(url))
    add_teacher(app, "ada")
    teacher = app.test_client()
    log_in(teacher, "ada")
    session_id, code = new_session(teacher)
    join(app, code, "Ann")
    app.extensions["printables_db"].dispose()
    engine = make_engine(url)
    with write(engine) as db:
        _drop_version_3_columns(db)
        db.execute(schema_version.update().values(version=2))
    engine.dispose()

    upgraded = create_app(settings(url))
    with upgraded.app_context(), read() as db:
        assert db.execute(select(schema_version.c.version)).scalar_one() == schema.VERSION
        row = db.execute(text("SELECT seed, joining FROM mat_sessions")).one()
        assert (row.seed, bool(row.joining)) == (None, True)
        assert db.execute(text("SELECT session_epoch FROM teachers")).scalar_one() == 0
    again = upgraded.test_client()
    log_in(again, "ada")
    assert again.get(f"/sessions/{session_id}").status_code == 200
    join(upgraded, code, "Bo")
    assert b"Bo" in again.get(f"/sessions/{session_id}").data


def _teacher_database_at(tmp_path: Path, version: int, drop: Callable[[Connection], None]) -> str:
    """The URL of an SQLite database holding teacher ``ada``, taken back to ``version``
    by ``drop`` (what the later versions added)."""
    url = f"sqlite:///{tmp_path / f'version-{version}.sqlite3'}"
    app = create_app(settings(url))
    add_teacher(app, "ada")
    app.extensions["printables_db"].dispose()
    engine = make_engine(url)
    with write(engine) as db:
        drop(db)
        db.execute(schema_version.update().values(version=version))
    engine.dispose()
    return url


def test_version_5_adds_the_grading_tables_to_a_version_4_database(tmp_path: Path) -> None:
    """Version 5 keeps uploads of scans: a version 4 database gets the tables, keeps its
    teacher, and takes an upload."""
    upgraded = create_app(settings(_teacher_database_at(tmp_path, 4, _drop_version_5_tables)))
    with upgraded.app_context(), read() as db:
        assert db.execute(select(schema_version.c.version)).scalar_one() == schema.VERSION
        assert inspect(db).has_table("grade_uploads") and inspect(db).has_table("grade_files")
    again = upgraded.test_client()
    log_in(again, "ada")
    sent = again.post("/grade", data={"scans": [(io.BytesIO(b"not a scan"), "notes.txt")]})
    assert sent.status_code == 303


def test_version_6_adds_the_made_puzzles_table_to_a_version_5_database(tmp_path: Path) -> None:
    """Version 6 keeps puzzles slow to make: a version 5 database gets the table and keeps
    its teacher."""
    upgraded = create_app(settings(_teacher_database_at(tmp_path, 5, _drop_version_6_tables)))
    with upgraded.app_context(), read() as db:
        assert db.execute(select(schema_version.c.version)).scalar_one() == schema.VERSION
        assert inspect(db).has_table("made_puzzles")
    with upgraded.app_context(), write() as db:
        assert made.claim(db, "costly-tricks-d-gdk8pv", made.new_runner(), 1000.0)
    again = upgraded.test_client()
    log_in(again, "ada")
    assert again.get("/").status_code == 200


# --- many students at once -----------------------------------------------------------------


def test_forty_students_join_and_press_done_at_the_same_moment(
    app: Flask, teacher: FlaskClient
) -> None:
    session_id, code = new_session(teacher)
    phones = [app.test_client() for _ in range(STUDENTS)]
    joined = all_at_once(
        STUDENTS,
        lambda n: phones[n].post("/join", data={"code": code, "nickname": f"Student {n}"}),
    )
    assert [r.status_code for r in joined] == [303] * STUDENTS
    assert start_set(teacher, session_id).status_code == 303

    def press(n: int) -> TestResponse:
        answer = SOLUTION if n % 2 == 0 else ""
        claim = "done" if n % 2 == 0 else "impossible"
        data = {"round": "0", "claim": claim, "answer": answer}
        return phones[n].post(f"/play/{code}/hand", data=data)

    pressed = all_at_once(STUDENTS, press)
    assert [r.status_code for r in pressed] == [303] * STUDENTS
    assert {r.location for r in pressed} == {f"/play/{code}"}
    with app.app_context(), read() as db:
        view = store.load(db, session_id)
        rows = db.execute(
            select(entries.c.player_id, entries.c.seconds, entries.c.claim)
            .join(players, players.c.id == entries.c.player_id)
            .where(players.c.session_id == session_id)
        ).all()
    assert len(view.seats) == STUDENTS
    assert sorted(int(s.seat) for s in view.seats) == list(range(STUDENTS))
    assert len(rows) == STUDENTS and all(r.seconds is not None for r in rows)
    claims = {str(s.nickname): view.entry(int(s.id), 0) for s in view.seats}
    for n in range(STUDENTS):
        entry = claims[f"Student {n}"]
        assert entry is not None and entry.claim == ("done" if n % 2 == 0 else "impossible")
    state = teacher.get(f"/sessions/{session_id}/state").get_json()
    assert len(state["hands"]) == STUDENTS
    again = all_at_once(8, lambda n: press(n))  # a second press never overwrites the first
    assert all("Already recorded at" in refused(phones[n], r) for n, r in enumerate(again))


# --- PostgreSQL ----------------------------------------------------------------------------


def test_a_session_on_postgresql(postgres_app: Flask) -> None:
    app = postgres_app
    engine = app.extensions["printables_db"]
    assert engine.dialect.name == "postgresql"
    with engine.connect() as db:
        assert db.execute(select(schema_version.c.version)).scalar_one() == schema.VERSION
    assert schema.upgrade(engine) == schema.VERSION
    add_teacher(app, "ada")
    teacher = app.test_client()
    log_in(teacher, "ada")
    session_id, code = new_session(teacher)
    phones = [app.test_client() for _ in range(12)]
    joined = all_at_once(
        12, lambda n: phones[n].post("/join", data={"code": code, "nickname": f"P{n:02d}"})
    )
    assert [r.status_code for r in joined] == [303] * 12
    assert sorted(int(s.seat) for s in view_of(app, session_id).seats) == list(range(12))
    racing = all_at_once(
        4,
        lambda n: start_set(teacher, session_id, 0, headers={"X-Requested-With": "fetch"}),
    )
    assert sorted(r.status_code for r in racing) == [200, 409, 409, 409]
    assert len(view_of(app, session_id).rounds) == 1

    def press(n: int) -> TestResponse:
        data = {"round": "0", "claim": "done", "answer": SOLUTION if n < 6 else "Bb=S"}
        return phones[n].post(f"/play/{code}/hand", data=data)

    assert [r.status_code for r in all_at_once(12, press)] == [303] * 12
    assert "Already recorded at" in refused(phones[0], press(0))
    assert end_set(teacher, session_id).status_code == 303
    rows = list(
        csv_line.split(",")
        for csv_line in teacher.get(f"/sessions/{session_id}/results.csv")
        .data.decode("utf-8-sig")
        .splitlines()[1:]
    )
    assert len(rows) == 12
    by_name = {row[1]: row for row in rows}
    for n in range(12):
        row = by_name[f"P{n:02d}"]
        assert row[3] == ("" if n < 6 else "wrong") and row[5] == "to play"
    assert (
        teacher.post(f"/sessions/{session_id}/delete", data={"confirm": "yes"}).status_code == 303
    )
    with app.app_context(), read() as db:
        assert db.execute(select(players.c.id)).all() == []  # cascaded on PostgreSQL too
    # A restart on the same database keeps the teacher and upgrades nothing.
    again = create_app(settings(str(engine.url.render_as_string(hide_password=False))))
    log_in(again.test_client(), "ada")
    again.extensions["printables_db"].dispose()


def test_writers_queue_on_a_lock_beside_the_database(tmp_path: Path) -> None:
    """SQLite writers of every worker process queue on a file lock beside the database,
    in turn, with no busy-handler sleeps."""
    url = f"sqlite:///{tmp_path / 'queued.sqlite3'}"
    app = create_app(settings(url))
    order: list[str] = []

    def second() -> None:
        with app.app_context(), write():
            order.append("second")

    with app.app_context(), write():
        waiting = threading.Thread(target=second)
        waiting.start()
        waiting.join(0.3)
        assert waiting.is_alive() and order == []  # queued behind the first writer
        order.append("first")
    waiting.join(10)
    assert order == ["first", "second"]
    assert (tmp_path / "queued.sqlite3.writers").exists()

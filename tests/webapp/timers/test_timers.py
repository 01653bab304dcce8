"""The projector timers, through Flask's test client, on a server clock the tests set."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webapp_support import PASSWORD, Clock, add_teacher, log_in

import webapp.timers.model
from webapp import create_app
from webapp.db import read
from webapp.tables import timers
from webapp.timers.model import Timer, display_seconds, parse_time, shown_seconds

JSON = {"Accept": "application/json"}


def make_timer(client: FlaskClient, **form: str) -> int:
    """A new timer (MAT 10:00 unless told otherwise); its id."""
    response = client.post("/timers", data=form or {"preset": "1"})
    assert response.status_code == 303, response.get_data(as_text=True)
    found = re.fullmatch(r"/timers/(\d+)", response.location)
    assert found, response.location
    return int(found.group(1))


def stored(app: Flask, timer_id: int) -> Any:
    with app.app_context(), read() as db:
        return db.execute(timers.select().where(timers.c.id == timer_id)).first()


def state(client: FlaskClient, timer_id: int) -> dict[str, Any]:
    response = client.get(f"/timers/{timer_id}/state")
    assert response.status_code == 200
    body: dict[str, Any] = response.get_json()
    return body


def digits(page: str) -> str:
    found = re.search(r'id="digits"[^>]*>([^<]*)<', page)
    assert found, "no digits on the page"
    return found.group(1)


def test_the_helpers_doctests_pass() -> None:
    result = doctest.testmod(webapp.timers.model)
    assert result.attempted >= 10 and result.failed == 0


@pytest.mark.parametrize(
    ("typed", "seconds"),
    [("10:00", 600), ("3:00", 180), ("0:01", 1), ("45", 2700), ("1:30:00", 5400),
     ("24:00:00", 86400), (" 2:05 ", 125)],
)  # fmt: skip
def test_times_are_read_as_minutes_and_seconds(typed: str, seconds: int) -> None:
    assert parse_time(typed) == seconds


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("10:7x", "Time: write minutes:seconds such as 10:00, not '10:7x'"),
        ("10:5", "not '10:5'"),  # 10:05 or 10:50? Seconds take two digits
        ("", "Time: write minutes:seconds such as 10:00"),
        ("0:00", "Time: from 0:01 to 24:00:00 (24 hours), not '0:00'"),
        ("24:00:01", "not '24:00:01'"),
        ("10:60", "go up to 59"),
        ("\u0661\u0660:\u0660\u0660", "such as 10:00"),  # Arabic-Indic digits are not ASCII ones
    ],
)
def test_a_bad_time_says_what_was_expected(typed: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_time(typed)


def test_the_shown_time_comes_from_the_stored_start_and_the_time() -> None:
    mat = Timer(1, "MAT", "down", 600, started_at=1000.0, elapsed=0.0)
    assert shown_seconds(mat, 1000.0) == 600
    assert display_seconds(mat, 1000.1) == 600  # a countdown rounds up ...
    assert display_seconds(mat, 1000.9999) == 600
    assert display_seconds(mat, 1001.0) == 599
    assert display_seconds(mat, 1599.5) == 1  # ... and shows 0:00 only at zero
    assert display_seconds(mat, 1600.0) == 0
    up = Timer(2, "Up", "up", 90, started_at=None, elapsed=89.99)
    assert display_seconds(up, 5000.0) == 89


def test_every_page_needs_a_login(app: Flask, client: FlaskClient) -> None:
    for path in ("/timers", "/timers/1", "/timers/1/state"):
        response = client.get(path)
        assert response.status_code == 302, path
        assert response.location.startswith("/login?next=") and path in response.location
    for path in ("/timers", "/timers/1/start", "/timers/1/pause", "/timers/1/reset",
                 "/timers/1/set", "/timers/1/delete"):  # fmt: skip
        assert client.post(path, data={"preset": "1"}).status_code == 401, path
    with app.app_context(), read() as db:
        assert db.execute(timers.select()).first() is None


def test_a_teacher_never_sees_or_changes_another_teachers_timer(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    mine = make_timer(teacher, label="Ada's secret", time="4:00")
    add_teacher(app, "bob")
    bob = app.test_client()
    log_in(bob, "bob")
    assert "Ada&#39;s secret" in teacher.get("/timers").get_data(as_text=True)
    assert "Ada&#39;s secret" not in bob.get("/timers").get_data(as_text=True)
    for path in (f"/timers/{mine}", f"/timers/{mine}/state"):
        assert bob.get(path).status_code == 404, path
    not_found = bob.get(f"/timers/{mine}").get_data(as_text=True)
    assert "Ada" not in not_found and "no such timer" in not_found
    for action in ("start", "pause", "reset", "set", "delete"):
        response = bob.post(f"/timers/{mine}/{action}", data={"time": "1:00", "label": "Bob"})
        assert response.status_code == 404, action
    assert bob.post(f"/timers/{mine}/start", headers=JSON).get_json() == {
        "error": "There is no such timer among yours: it may have been deleted."
    }
    row = stored(app, mine)
    assert (row.label, row.duration, row.started_at, row.elapsed) == ("Ada's secret", 240, None, 0)
    assert teacher.get(f"/timers/{mine}").status_code == 200


def test_the_presets_and_a_timer_of_ones_own(app: Flask, teacher: FlaskClient) -> None:
    page = teacher.get("/timers").get_data(as_text=True)
    assert "MAT 10:00" in page and "Secret Card 3:00" in page
    assert '<label for="label">' in page and '<label for="time">' in page
    assert "<legend>Counts</legend>" in page
    mat = make_timer(teacher, preset="1")
    secret = make_timer(teacher, preset="3")
    reading = make_timer(teacher, label="  Quiet   reading ", time="2:30", direction="up")
    rows = {row_id: stored(app, row_id) for row_id in (mat, secret, reading)}
    assert [(r.label, r.direction, r.duration) for r in rows.values()] == [
        ("MAT", "down", 600),
        ("Secret Card", "down", 180),
        ("Quiet reading", "up", 150),
    ]
    assert all(r.started_at is None and r.elapsed == 0 for r in rows.values())
    listing = teacher.get("/timers").get_data(as_text=True)
    for row_id in (mat, secret, reading):
        assert f'href="/timers/{row_id}"' in listing
    assert 'Counts up to\n        <span class="num">2:30</span>' in listing


def test_start_pause_and_reset_on_the_servers_clock(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    timer_id = make_timer(teacher, preset="1")
    clock.at = 1000.0
    assert teacher.post(f"/timers/{timer_id}/start").status_code == 303
    assert (stored(app, timer_id).started_at, stored(app, timer_id).elapsed) == (1000.0, 0)
    clock.at = 1100.0
    body = state(teacher, timer_id)
    assert (body["now"], body["shown"], body["running"], body["status"]) == (
        1100,
        500,
        True,
        "running",
    )

    clock.at = 1050.0  # a second start while running changes nothing
    teacher.post(f"/timers/{timer_id}/start")
    assert stored(app, timer_id).started_at == 1000.0

    clock.at = 1130.5
    teacher.post(f"/timers/{timer_id}/pause")
    row = stored(app, timer_id)
    assert (row.started_at, row.elapsed) == (None, 130.5)
    clock.at = 9000.0  # paused: the time stands still, however long
    assert state(teacher, timer_id)["shown"] == 470  # 469.5 s left, shown rounded up
    teacher.post(f"/timers/{timer_id}/pause")  # pausing again changes nothing
    assert stored(app, timer_id).elapsed == 130.5

    clock.at = 9000.0
    teacher.post(f"/timers/{timer_id}/start")
    clock.at = 9100.25
    body = state(teacher, timer_id)
    assert (body["started_at"], body["elapsed"], body["shown"]) == (9000.0, 130.5, 370)
    clock.at = 9200.0
    teacher.post(f"/timers/{timer_id}/pause")
    assert stored(app, timer_id).elapsed == 330.5

    teacher.post(f"/timers/{timer_id}/reset")
    row = stored(app, timer_id)
    assert (row.started_at, row.elapsed, row.duration) == (None, 0, 600)
    assert state(teacher, timer_id)["status"] == "stopped"


def test_a_countdown_stops_at_zero_and_start_then_begins_a_new_run(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    timer_id = make_timer(teacher, preset="3")
    clock.at = 1000.0
    teacher.post(f"/timers/{timer_id}/start")
    clock.at = 1179.5
    assert state(teacher, timer_id)["shown"] == 1
    clock.at = 1500.0
    body = state(teacher, timer_id)
    assert (body["shown"], body["status"], body["running"]) == (0, "finished", True)
    assert digits(teacher.get(f"/timers/{timer_id}").get_data(as_text=True)) == "0:00"
    teacher.post(f"/timers/{timer_id}/start")
    row = stored(app, timer_id)
    assert (row.started_at, row.elapsed) == (1500.0, 0)
    assert state(teacher, timer_id)["shown"] == 180


def test_a_count_up_stops_at_its_time(app: Flask, teacher: FlaskClient, clock: Clock) -> None:
    timer_id = make_timer(teacher, label="Stretch", time="1:00", direction="up")
    clock.at = 1000.0
    teacher.post(f"/timers/{timer_id}/start")
    clock.at = 1042.9
    assert state(teacher, timer_id)["shown"] == 42
    clock.at = 1300.0
    body = state(teacher, timer_id)
    assert (body["shown"], body["status"]) == (60, "finished")
    teacher.post(f"/timers/{timer_id}/pause")
    assert stored(app, timer_id).elapsed == 60  # never past its time
    page = teacher.get(f"/timers/{timer_id}").get_data(as_text=True)
    assert digits(page) == "1:00" and "Reached 1:00" in page


def test_forms_get_a_redirect_and_scripts_get_the_state(teacher: FlaskClient, clock: Clock) -> None:
    timer_id = make_timer(teacher, preset="1")
    clock.at = 2000.0
    plain = teacher.post(f"/timers/{timer_id}/start")
    assert plain.status_code == 303 and plain.location == f"/timers/{timer_id}"
    clock.at = 2010.0
    scripted = teacher.post(f"/timers/{timer_id}/pause", headers=JSON)
    assert scripted.status_code == 200 and scripted.is_json
    assert scripted.get_json() == {
        "id": timer_id,
        "label": "MAT",
        "direction": "down",
        "duration": 600,
        "started_at": None,
        "elapsed": 10.0,
        "running": False,
        "status": "paused",
        "shown": 590,
        "now": 2010.0,
    }
    fetched = teacher.post(f"/timers/{timer_id}/reset", headers={"X-Requested-With": "fetch"})
    assert fetched.is_json and fetched.get_json()["elapsed"] == 0
    polled = teacher.get(f"/timers/{timer_id}/state")
    assert polled.headers["Cache-Control"] == "no-store"
    assert set(polled.get_json()) >= {
        "now", "direction", "duration", "started_at", "elapsed", "label", "running"
    }  # fmt: skip


def test_two_screens_on_one_timer_agree(app: Flask, teacher: FlaskClient, clock: Clock) -> None:
    timer_id = make_timer(teacher, preset="1")
    phone = app.test_client()
    log_in(phone, "ada")
    clock.at = 500.0
    phone.post(f"/timers/{timer_id}/start")  # the remote control starts it ...
    clock.at = 623.0
    projector = teacher.get(f"/timers/{timer_id}").get_data(as_text=True)
    assert digits(projector) == "7:57"  # ... the projector shows it, from the server's clock
    assert state(phone, timer_id) == state(teacher, timer_id)


def test_set_loads_a_new_time_stopped_and_renames_without_stopping(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    timer_id = make_timer(teacher, preset="1")
    clock.at = 100.0
    teacher.post(f"/timers/{timer_id}/start")
    clock.at = 130.0
    response = teacher.post(f"/timers/{timer_id}/set", data={"label": "Period 3 MAT"})
    assert response.status_code == 303
    row = stored(app, timer_id)
    assert (row.label, row.started_at, row.duration) == ("Period 3 MAT", 100.0, 600)
    # The screen's form sends the unchanged time and direction with a new label: still running.
    form = {"label": "Set 1", "time": "10:00", "direction": "down"}
    assert teacher.post(f"/timers/{timer_id}/set", data=form).status_code == 303
    row = stored(app, timer_id)
    assert (row.label, row.started_at, row.duration) == ("Set 1", 100.0, 600)

    teacher.post(f"/timers/{timer_id}/set", data={"time": "4:30", "direction": "up"})
    row = stored(app, timer_id)
    assert (row.direction, row.duration, row.started_at, row.elapsed) == ("up", 270, None, 0)
    assert row.label == "Set 1"

    body = teacher.post(f"/timers/{timer_id}/set", data={"preset": "3"}, headers=JSON).get_json()
    assert (body["label"], body["direction"], body["duration"]) == ("Secret Card", "down", 180)

    body = teacher.post(f"/timers/{timer_id}/set", data={"duration": "240"}, headers=JSON)
    assert body.get_json()["duration"] == 240 and body.get_json()["status"] == "stopped"


def refused(client: FlaskClient, path: str, data: dict[str, str]) -> str:
    """A refused form: a 303 back to its page's own address, which shows the problems
    and what was typed (a reload never sends the form again)."""
    response = client.post(path, data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    page = client.get(response.location)
    assert page.status_code == 200
    return page.get_data(as_text=True)


def test_bad_input_is_refused_with_the_typed_text_kept(app: Flask, teacher: FlaskClient) -> None:
    page = refused(teacher, "/timers", {"label": "Quiz", "time": "10:7x", "direction": "up"})
    assert "Time: write minutes:seconds such as 10:00, not &#39;10:7x&#39;" in page
    assert 'value="10:7x"' in page and 'value="Quiz"' in page
    assert 'value="up" checked' in page
    assert 'aria-invalid="true"' in page and 'aria-describedby="time-hint problem-time"' in page

    long_label = "L" * 61
    page = refused(teacher, "/timers", {"label": long_label, "time": "1:00"})
    assert "Label: at most 60 characters; this one has 61" in page
    assert f'value="{long_label}"' in page

    for form, message in [
        ({"label": "", "time": "3:00"}, "Label: write a name for the timer"),
        ({"label": "x", "time": ""}, "Time: write minutes:seconds such as 10:00"),
        ({"label": "x", "time": "25:00:00"}, "Time: from 0:01 to 24:00:00"),
        ({"label": "x", "time": "1:00", "direction": "sideways"}, "Counts: choose down"),
        ({"preset": "9"}, "Preset: choose MAT 10:00, Secret Card 3:00"),
    ]:
        assert message in refused(teacher, "/timers", form), form
    with app.app_context(), read() as db:
        assert db.execute(timers.select()).first() is None


def test_bad_input_on_the_screen_keeps_what_was_typed(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    timer_id = make_timer(teacher, preset="1")
    clock.at = 10.0
    teacher.post(f"/timers/{timer_id}/start")
    page = refused(
        teacher, f"/timers/{timer_id}/set", {"label": "Round 2", "time": "three", "direction": "up"}
    )
    assert "not &#39;three&#39;" in page and 'value="three"' in page and 'value="Round 2"' in page
    assert '<option value="up" selected>' in page
    assert '<details class="custom" id="custom" open>' in page
    row = stored(app, timer_id)
    assert (row.label, row.duration, row.started_at) == ("MAT", 600, 10.0)  # nothing changed

    scripted = teacher.post(f"/timers/{timer_id}/set", data={"duration": "0"}, headers=JSON)
    assert scripted.status_code == 400
    assert scripted.get_json()["problems"] == {
        "time": "Time: from 0:01 to 24:00:00 (24 hours), not '0 seconds'"
    }
    empty = teacher.post(f"/timers/{timer_id}/set", data={}, headers=JSON)
    assert empty.status_code == 400 and "Time: write" in empty.get_json()["error"]


def test_a_teacher_may_keep_a_hundred_timers(
    teacher: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("webapp.timers.views.MAX_TIMERS", 2)
    make_timer(teacher)
    make_timer(teacher)
    page = refused(teacher, "/timers", {"preset": "3"})
    assert "You have 2 timers, the most one teacher may keep" in page


def test_delete(app: Flask, teacher: FlaskClient) -> None:
    keep = make_timer(teacher, preset="1")
    gone = make_timer(teacher, preset="3")
    response = teacher.post(f"/timers/{gone}/delete")
    assert response.status_code == 303 and response.location == "/timers"
    listing = teacher.get("/timers").get_data(as_text=True)
    assert "Deleted the timer “Secret Card”." in listing
    assert f'href="/timers/{gone}"' not in listing and f'href="/timers/{keep}"' in listing
    assert stored(app, gone) is None and stored(app, keep) is not None
    assert teacher.get(f"/timers/{gone}/state").status_code == 404
    assert teacher.post(f"/timers/{gone}/delete").status_code == 404


def test_the_screen(teacher: FlaskClient, clock: Clock) -> None:
    timer_id = make_timer(teacher, preset="1")
    clock.at = 1000.0
    teacher.post(f"/timers/{timer_id}/start")
    clock.at = 1125.2
    response = teacher.get(f"/timers/{timer_id}")
    page = response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
    assert digits(page) == "7:55"  # the time at render, without the script
    assert "<title>7:55 · MAT · Printables</title>" in page
    assert 'role="timer"' in page and "Counting down from 10:00" in page
    assert 'action="/timers/1/pause"' in page and ">Pause</button>" in page
    assert '<header class="site">' not in page  # full screen: no site header
    assert "min(28vw, 60vh)" in page and "tabular-nums" in page
    for key in ("Space", "R", "F", "1", "3"):
        assert f"<kbd>{key}</kbd>" in page
    scripts = re.findall(r"<script[^>]*>", page)
    assert scripts and all(" src=" in tag for tag in scripts)  # no inline script (CSP)
    assert not re.search(r"\son[a-z]+=", page)  # nor inline event handlers
    assert page.count("<form ") == page.count('name="csrf_token"')
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    for field in ("time", "direction", "label"):
        assert f'<label for="{field}">' in page


def test_timers_survive_a_restart(app: Flask, teacher: FlaskClient, clock: Clock) -> None:
    running = make_timer(teacher, preset="1")
    paused = make_timer(teacher, label="Break", time="5:00", direction="up")
    clock.at = 1000.0
    teacher.post(f"/timers/{running}/start")
    teacher.post(f"/timers/{paused}/start")
    clock.at = 1042.0
    teacher.post(f"/timers/{paused}/pause")

    again = create_app(dict(app.config))
    client = again.test_client()
    log_in(client, "ada")
    clock.at = 1300.0
    assert state(client, running)["shown"] == 300
    body = state(client, paused)
    assert (body["label"], body["direction"], body["elapsed"], body["shown"]) == (
        "Break", "up", 42.0, 42
    )  # fmt: skip


def test_without_a_csrf_token_a_post_is_refused(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'csrf.sqlite3'}",
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": True,
        }
    )
    add_teacher(app, "ada")
    client = app.test_client()
    login_page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', login_page)
    assert token
    data = {"username": "ada", "password": PASSWORD, "csrf_token": token.group(1)}
    assert client.post("/login", data=data).status_code == 302

    refused = client.post("/timers", data={"preset": "1"})
    assert refused.status_code == 400 and "reload the page" in refused.get_data(as_text=True)
    listing = client.get("/timers").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', listing)
    assert token
    made = client.post("/timers", data={"preset": "1", "csrf_token": token.group(1)})
    assert made.status_code == 303
    timer_id = made.location.rsplit("/", 1)[1]

    assert client.post(f"/timers/{timer_id}/start", headers=JSON).status_code == 400
    assert client.get(f"/timers/{timer_id}/state").get_json()["running"] is False
    started = client.post(
        f"/timers/{timer_id}/start", headers={**JSON, "X-CSRFToken": token.group(1)}
    )
    assert started.status_code == 200 and started.get_json()["running"] is True

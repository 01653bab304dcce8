"""CSRF checks on every POST, response headers, cookie flags and the secret key, with
CSRF protection on as in production."""

from __future__ import annotations

import html
import io
import os
import re
import stat
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from grade_pages import pupil_page, wait_done
from webapp_support import PASSWORD, add_teacher, log_in
from werkzeug.test import TestResponse

import webapp.clock
from printables.paradox.rounds import EXAMPLE as ROUND_EXAMPLE
from webapp import create_app
from webapp.db import read
from webapp.security import CONTENT_SECURITY_POLICY
from webapp.tables import mat_sessions, players, timers

SOLVABLE = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
SOLUTION = "BbzT Bg~T Bw=T\nGb~T Gg=T GwzT\nRbzT RgzC RwzS"
FORM = re.compile(
    r'<form\b[^>]*\baction="(?P<action>[^"]*)"[^>]*>\s*'
    r'<input type="hidden" name="csrf_token" value="(?P<token>[^"]+)">'
)
META = re.compile(r'<meta name="csrf-token" content="([^"]+)">')
REFUSED = "This form had expired or was sent from another page"


@pytest.fixture
def csrf_app(tmp_path: Path) -> Flask:
    return create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'csrf.sqlite3'}",
         "SECRET_KEY": "test", "WTF_CSRF_ENABLED": True}
    )  # fmt: skip


def form_token(page: str, action: str) -> str:
    """The CSRF token of the page's form that posts to ``action``."""
    for found in FORM.finditer(page):
        if html.unescape(found.group("action")) == action:
            return found.group("token")
    raise AssertionError(f"no form posts to {action}")


def meta_token(page: str) -> str:
    found = META.search(page)
    assert found is not None
    return found.group(1)


def post_routes(app: Flask) -> dict[str, str]:
    """Every POST endpoint, with a path to it (ids 1, code ABCDEF)."""
    routes = {}
    for rule in app.url_map.iter_rules():
        if rule.methods and "POST" in rule.methods:
            path = re.sub(r"<int:[^>]+>", "1", rule.rule)
            routes[rule.endpoint] = re.sub(r"<[^>]+>", "ABCDEF", path)
    return routes


def log_in_with_token(client: FlaskClient, name: str = "ada") -> None:
    page = client.get("/login").get_data(as_text=True)
    response = client.post(
        "/login",
        data={"username": name, "password": PASSWORD, "csrf_token": form_token(page, "/login")},
    )
    assert response.status_code == 302, response.get_data(as_text=True)


def refused(response: TestResponse, why: str) -> None:
    page = response.get_data(as_text=True)
    assert response.status_code == 400, page
    assert f"{REFUSED} ({why}). Go back, reload the page and send it again." in page


# --- CSRF ----------------------------------------------------------------------------------


def test_every_post_without_a_token_is_refused_and_changes_nothing(csrf_app: Flask) -> None:
    add_teacher(csrf_app, "ada")
    teacher = csrf_app.test_client()
    log_in_with_token(teacher)
    console = teacher.get("/sessions/new").get_data(as_text=True)
    made = teacher.post(
        "/sessions",
        data={"name": "P3", "variant": "simultaneous", "size": "3x3", "limit": "600",
              "source": "typed", "sets": SOLVABLE,
              "csrf_token": form_token(console, "/sessions")},
    )  # fmt: skip
    assert made.location == "/sessions/1"
    routes = post_routes(csrf_app)
    assert len(routes) >= 20 and "mat.create" in routes and "timers.set_timer" in routes
    data = {"confirm": "yes", "names": "Eve", "shown": "1", "name": "X", "verdict": "solved",
            "username": "ada", "password": PASSWORD, "repeat": PASSWORD, "code": "ABCDEF",
            "nickname": "Eve", "round": "0", "claim": "done", "preset": "1"}  # fmt: skip
    for who in (teacher, csrf_app.test_client()):
        for endpoint, path in routes.items():
            refused(who.post(path, data=data), "The CSRF token is missing")
            bad = who.post(path, data={**data, "csrf_token": "forged"})
            refused(bad, "The CSRF token is invalid")
            fetched = who.post(path, data=data, headers={"X-Requested-With": "fetch"})
            assert fetched.status_code == 400, endpoint
    with csrf_app.app_context(), read() as db:
        session = db.execute(mat_sessions.select()).one()
        assert not session.revealed and db.execute(players.select()).all() == []
        assert db.execute(timers.select()).all() == []
    assert teacher.get("/dashboard").status_code == 200  # the logout was refused too


def test_a_token_from_another_browser_is_refused(csrf_app: Flask) -> None:
    add_teacher(csrf_app, "ada")
    mine, theirs = csrf_app.test_client(), csrf_app.test_client()
    token = form_token(theirs.get("/login").get_data(as_text=True), "/login")
    response = mine.post("/login", data={"username": "ada", "password": PASSWORD,
                                         "csrf_token": token})  # fmt: skip
    refused(response, "The CSRF session token is missing")
    mine.get("/login")  # now this browser has a token of its own, which differs
    response = mine.post("/login", data={"username": "ada", "password": PASSWORD,
                                         "csrf_token": token})  # fmt: skip
    refused(response, "The CSRF tokens do not match")


def test_every_post_accepts_the_token_from_its_page(csrf_app: Flask) -> None:
    """A whole lesson with CSRF on: each POST carries the token its page gave (the form's
    hidden field, the meta tag, or the X-CSRFToken header of the scripts)."""
    seen: set[str] = set()
    adapter = csrf_app.url_map.bind("localhost")

    def post(
        client: FlaskClient, path: str, page: str, status: int = 303, **data: str
    ) -> TestResponse:
        seen.add(adapter.match(path, method="POST")[0])
        response = client.post(path, data={**data, "csrf_token": form_token(page, path)})
        assert response.status_code == status, response.get_data(as_text=True)
        return response

    def fetch(client: FlaskClient, path: str, page: str, **data: str) -> TestResponse:
        seen.add(adapter.match(path, method="POST")[0])
        headers = {"X-CSRFToken": meta_token(page), "X-Requested-With": "fetch",
                   "Accept": "application/json"}  # fmt: skip
        response = client.post(path, data=data, headers=headers)
        assert response.status_code in (200, 201), response.get_data(as_text=True)
        return response

    teacher = csrf_app.test_client()
    setup = teacher.get("/setup").get_data(as_text=True)
    post(teacher, "/setup", setup, 302, username="ada", password=PASSWORD, repeat=PASSWORD)
    dashboard = teacher.get("/dashboard").get_data(as_text=True)
    seen.add("accounts.logout")
    out = teacher.post("/logout", data={"csrf_token": meta_token(dashboard)})  # the meta tag
    assert out.status_code == 303 and teacher.get("/dashboard").status_code == 302
    post(teacher, "/login", teacher.get("/login").get_data(as_text=True), 302,
         username="ada", password=PASSWORD)  # fmt: skip
    post(teacher, "/account/password", teacher.get("/account/password").get_data(as_text=True),
         current=PASSWORD, password=PASSWORD, repeat=PASSWORD)  # fmt: skip

    new = teacher.get("/sessions/new").get_data(as_text=True)
    post(teacher, "/sessions", new, name="P3", variant="simultaneous", size="3x3",
         limit="600", source="typed", sets=SOLVABLE)  # fmt: skip
    console = teacher.get("/sessions/1").get_data(as_text=True)
    code = re.search(r'join code <strong class="id">(\w+)</strong>', console).group(1)  # type: ignore[union-attr]
    post(teacher, "/sessions/1/players", console, names="Bob")

    student = csrf_app.test_client()
    post(student, "/join", student.get(f"/join/{code}").get_data(as_text=True),
         code=code, nickname="Ann")  # fmt: skip
    console = teacher.get("/sessions/1").get_data(as_text=True)
    post(teacher, "/sessions/1/players/2/free", console)
    post(teacher, "/sessions/1/players/1/name", console, nickname="Bobby")
    post(teacher, "/sessions/1/joining", console, joining="closed")
    post(teacher, "/sessions/1/joining", console, joining="open")
    student = csrf_app.test_client()
    post(student, "/join", student.get("/join").get_data(as_text=True), code=code, nickname="Ann")
    post(teacher, "/sessions/1/rounds", teacher.get("/sessions/1").get_data(as_text=True),
         round="0")  # fmt: skip
    play = student.get(f"/play/{code}").get_data(as_text=True)
    post(student, f"/play/{code}/hand", play, round="0", claim="done", answer=SOLUTION)
    console = teacher.get("/sessions/1").get_data(as_text=True)
    assert fetch(teacher, "/sessions/1/rounds/0/players/1/hand", console).json == {"ok": True}
    post(teacher, "/sessions/1/rounds/0/players/1", console, verdict="wrong", answer="")
    post(teacher, "/sessions/1/rounds/end", teacher.get("/sessions/1").get_data(as_text=True),
         round="0")  # fmt: skip
    post(teacher, "/sessions/1/players/1/remove", teacher.get("/sessions/1").get_data(as_text=True))
    results = teacher.get("/sessions/1/results").get_data(as_text=True)
    post(teacher, "/sessions/1/reveal", results, shown="1")
    assert "Scoreboard" in student.get(f"/play/{code}").get_data(as_text=True)
    results = teacher.get("/sessions/1/results").get_data(as_text=True)
    post(teacher, "/sessions/1/delete-students", results, confirm="yes")
    post(teacher, "/sessions/1/delete", results, 303, confirm="yes")

    timers_page = teacher.get("/timers").get_data(as_text=True)
    post(teacher, "/timers", timers_page, preset="1")
    screen = teacher.get("/timers/1").get_data(as_text=True)
    assert fetch(teacher, "/timers/1/start", screen).json["running"] is True  # type: ignore[index]
    fetch(teacher, "/timers/1/pause", screen)
    fetch(teacher, "/timers/1/reset", screen)
    fetch(teacher, "/timers/1/set", screen, label="Quiz")
    fetch(teacher, "/timers", screen, preset="1")
    post(teacher, "/timers/1/delete", teacher.get("/timers").get_data(as_text=True))

    printing = teacher.get("/print").get_data(as_text=True)
    seen.add("printing.worksheet")
    sheet = teacher.post("/print/worksheet.pdf", data={
        "kind": "matrix", "count": "1", "scannable": "yes", "roster": "Ann\nBob",
        "csrf_token": form_token(printing, "/print/worksheet.pdf")})  # fmt: skip
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
    assert teacher.post("/print/worksheet.pdf", data={"kind": "matrix"}).status_code == 400

    grade = teacher.get("/grade").get_data(as_text=True)
    seen.add("grading.upload")
    sent = teacher.post("/grade", data={"scans": (io.BytesIO(pupil_page()), "ann.png"),
                                        "csrf_token": form_token(grade, "/grade")})  # fmt: skip
    assert sent.status_code == 303 and sent.location == "/grade/1"
    assert wait_done(teacher, 1)["state"] == "done"
    graded = teacher.get("/grade/1").get_data(as_text=True)
    key = re.findall(r'name="key" value="([^"]+:box\d+)"', graded)[0]
    assert fetch(teacher, "/grade/1/decide", graded, key=key, choice="filled").json == {
        "key": key, "choice": "filled"}  # fmt: skip
    post(teacher, "/grade/1/delete", graded)

    visitor = csrf_app.test_client()  # a round is analysed without logging in
    analysing = visitor.get("/analyse/costly-tricks").get_data(as_text=True)
    post(visitor, "/analyse/costly-tricks", analysing, round=ROUND_EXAMPLE)
    assert seen == set(post_routes(csrf_app)), "a POST route this test does not exercise"


def test_https_posts_need_a_same_site_referrer(csrf_app: Flask) -> None:
    add_teacher(csrf_app, "ada")
    client = csrf_app.test_client()
    page = client.get("/login", base_url="https://localhost").get_data(as_text=True)
    data = {"username": "ada", "password": PASSWORD, "csrf_token": form_token(page, "/login")}
    refused(
        client.post("/login", data=data, base_url="https://localhost"),
        "The referrer header is missing",
    )
    foreign = {"Referer": "https://evil.example/login"}
    refused(
        client.post("/login", data=data, base_url="https://localhost", headers=foreign),
        "The referrer does not match the host",
    )
    ok = client.post(
        "/login", data=data, base_url="https://localhost",
        headers={"Referer": "https://localhost/login"},
    )  # fmt: skip
    assert ok.status_code == 302 and ok.location == "/dashboard"


# --- headers and cookies -------------------------------------------------------------------


def test_every_page_has_the_security_headers_and_no_inline_script(
    app: Flask, teacher: FlaskClient
) -> None:
    made = teacher.post(
        "/sessions",
        data={"name": "P3", "variant": "simultaneous", "size": "3x3", "limit": "600",
              "source": "typed", "sets": SOLVABLE},
    )  # fmt: skip
    session = made.location
    timer = teacher.post("/timers", data={"preset": "1"}).location
    pages = ["/", "/dashboard", "/sessions/new", session, f"{session}/results",
             f"{session}/projector", f"{session}/cards/0", timer, "/timers", "/check",
             "/decks", "/join", "/login"]  # fmt: skip
    for path in [*pages, "/no/such/page", f"{session}/join-qr.svg", f"{session}/state"]:
        response = teacher.get(path)
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, path
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "same-origin"
        assert response.headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self';" in CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    for path in pages:
        page = teacher.get(path).get_data(as_text=True)
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page) == [], path
        assert re.findall(r"<[^>]+\son[a-z]+\s*=", page) == [], path
        assert 'href="javascript:' not in page


def session_cookie(response: TestResponse) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert len(cookies) == 1, response.headers
    return cookies[0]


def test_cookies_are_httponly_lax_and_secure_only_over_https(app: Flask) -> None:
    add_teacher(app, "ada")
    plain = app.test_client().post("/login", data={"username": "ada", "password": PASSWORD})
    cookie = session_cookie(plain)
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie  # a classroom server on plain HTTP still keeps the login
    secure = app.test_client()
    over_https = secure.post(
        "/login", data={"username": "ada", "password": PASSWORD}, base_url="https://localhost"
    )
    cookie = session_cookie(over_https)
    assert "; Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    dashboard = secure.get("/dashboard", base_url="https://localhost")
    assert dashboard.status_code == 200


def test_a_login_on_a_server_whose_clock_runs_ahead_holds_on_the_others(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several servers share one database's clock (webapp.clock): a cookie signed on a
    host whose clock is 7 s ahead is not "from the future" on the next server."""
    add_teacher(app, "ada", cheap=True)
    client = app.test_client()
    real = time.time
    with monkeypatch.context() as ahead:  # this host's clock, corrected by its offset
        ahead.setattr(time, "time", lambda: real() + 7)
        ahead.setattr(webapp.clock, "_offset", -7.0)
        log_in(client, "ada")
    assert client.get("/dashboard").status_code == 200, "logged out by another server"


# --- the secret key ------------------------------------------------------------------------


@pytest.fixture
def instance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Apps whose instance folder is a fresh one in tmp_path."""
    folder = tmp_path / "instance"
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(folder))
    monkeypatch.delenv("PRINTABLES_SECRET_KEY", raising=False)
    monkeypatch.delenv("PRINTABLES_DATABASE_URL", raising=False)
    yield folder


def test_the_secret_key_is_made_once_private_and_shared_by_later_apps(instance: Path) -> None:
    first = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False})
    key_file = instance / "secret_key"
    assert first.instance_path == str(instance)
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    key = key_file.read_text()
    assert re.fullmatch(r"[0-9a-f]{64}\n", key)
    assert first.config["SECRET_KEY"] == key.strip()
    add_teacher(first, "ada")  # the default database lives in the instance folder too
    assert (instance / "printables.sqlite3").is_file()
    browser = first.test_client()
    browser.post("/login", data={"username": "ada", "password": PASSWORD})

    second = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False})  # a restart, or worker 2
    assert second.config["SECRET_KEY"] == key.strip()
    assert key_file.read_text() == key
    cookie = browser.get_cookie("session")
    assert cookie is not None
    other = second.test_client()
    other.set_cookie("session", cookie.value)
    assert other.get("/dashboard").status_code == 200  # still logged in

    key_file.write_text("")
    with pytest.raises(RuntimeError, match="is empty; delete it and start again"):
        create_app({"TESTING": True})

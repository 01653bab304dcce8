"""Teacher accounts: the first-run page, logging in and out, pages that need a login,
one teacher never seeing another's things, the login rate limit, and the ``teacher``
commands on their own SQLite file."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.cli import cli as flask_cli
from flask.testing import FlaskClient
from sqlalchemy import delete
from webapp_support import PASSWORD, add_teacher, log_in

from generator import commands
from webapp import create_app, security
from webapp.accounts import views as account_views
from webapp.db import read, write
from webapp.tables import teachers

ROOT = Path(__file__).resolve().parents[3]
BIN = Path(sys.executable).parent
SOLVABLE = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"


def fresh_client(app: Flask, address: str = "127.0.0.1") -> FlaskClient:
    found = app.test_client()
    found.environ_base["REMOTE_ADDR"] = address
    return found


# --- the first run -------------------------------------------------------------------------


def test_the_first_run_sends_login_to_setup_and_makes_the_first_account(
    app: Flask, client: FlaskClient
) -> None:
    assert client.get("/login").location == "/setup"
    assert client.post("/login", data={"username": "ada", "password": PASSWORD}).location == (
        "/setup"
    )
    page = client.get("/setup").get_data(as_text=True)
    assert "Make the first teacher account" in page
    made = client.post(
        "/setup", data={"username": " Ms.Rivera ", "password": PASSWORD, "repeat": PASSWORD}
    )
    assert made.status_code == 302 and made.location == "/dashboard"
    assert client.get("/dashboard").status_code == 200  # logged in at once
    with app.app_context(), read() as db:
        assert db.execute(
            teachers.select().with_only_columns(teachers.c.username)
        ).scalars().all() == ["ms.rivera"]
    assert client.get("/setup").location == "/login"  # offered only while no account exists
    late = fresh_client(app).post(
        "/setup", data={"username": "mallory", "password": PASSWORD, "repeat": PASSWORD}
    )
    assert late.status_code == 302 and late.location == "/login"
    with app.app_context(), read() as db:
        assert len(db.execute(teachers.select()).all()) == 1


@pytest.mark.parametrize(
    ("username", "password", "repeat", "message"),
    [
        ("ada", PASSWORD, PASSWORD + "x", "The two passwords differ."),
        ("ada", "short", "short", "A password has at least 10 characters."),
        (
            "ada",
            "password123",
            "password123",
            "That password is too easy to guess (this is a "
            "very common password); choose another: a few unrelated words make a good one.",
        ),
        ("ada", "qwertyuiop", "qwertyuiop", "That password is too easy to guess"),
        ("ada", "iloveyou12", "iloveyou12", "That password is too easy to guess"),
        ("a", PASSWORD, PASSWORD, "A user name has 2 to 40 characters."),
        ("ms rivera", PASSWORD, PASSWORD, "A user name may use letters, digits and . _ - only"),
    ],
)
def test_setup_refusals_say_why_and_keep_the_name(
    app: Flask, client: FlaskClient, username: str, password: str, repeat: str, message: str
) -> None:
    response = client.post(
        "/setup", data={"username": username, "password": password, "repeat": repeat}
    )
    assert response.status_code == 303 and response.location == "/setup"
    assert password not in str(response.headers)  # the cookie keeps the name, never a password
    page = client.get("/setup").get_data(as_text=True)
    assert f'<div class="problems" role="alert"><p>{message}' in page
    assert f'name="username" autocomplete="username" required value="{username}"' in page
    assert client.get("/dashboard").status_code == 302
    with app.app_context(), read() as db:
        assert db.execute(teachers.select()).all() == []


def test_setup_is_only_for_the_computer_running_the_server(app: Flask) -> None:
    remote = fresh_client(app, "192.168.1.20")
    for response in (
        remote.get("/setup"),
        remote.post("/setup", data={"username": "eve", "password": PASSWORD, "repeat": PASSWORD}),
    ):
        page = response.get_data(as_text=True)
        assert response.status_code == 403
        assert "The first teacher account is made on the computer running Printables" in page
        assert "printables teacher add NAME" in page
    with app.app_context(), read() as db:
        assert db.execute(teachers.select()).all() == []
    assert fresh_client(app, "::1").get("/setup").status_code == 200


# --- logging in and out --------------------------------------------------------------------


def test_a_wrong_password_is_refused_and_keeps_the_user_name(
    app: Flask, client: FlaskClient
) -> None:
    add_teacher(app, "ada")
    for username, password in (("ada", "wrong horse"), ("nobody", PASSWORD)):
        response = client.post("/login", data={"username": username, "password": password})
        assert response.status_code == 303 and response.location == "/login"
        page = client.get("/login").get_data(as_text=True)
        assert "That user name and password do not match an account." in page
        assert f'required value="{username}"' in page
        assert client.get("/dashboard").status_code == 302


def test_a_name_no_account_has_is_checked_against_a_hash_as_a_real_one_is(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A "no" as quick for an unknown name as a hash check would tell which names exist:
    the password typed for one is checked against a hash made as a teacher's is."""
    add_teacher(app, "ada")
    checked: list[str] = []
    real = account_views.check_password_hash

    def spy(stored: str, password: str) -> bool:
        checked.append(stored)
        return real(stored, password)

    monkeypatch.setattr(account_views, "check_password_hash", spy)
    client.post("/login", data={"username": "nobody", "password": PASSWORD})
    assert checked == [account_views.unknown_name_hash()]
    assert checked[0].split(":")[0] == "scrypt"  # as costly as a teacher's own hash
    assert client.get("/dashboard").status_code == 302


def test_login_folds_the_name_and_follows_next_only_within_the_site(
    app: Flask, client: FlaskClient
) -> None:
    add_teacher(app, "ada")
    page = client.get("/login", query_string={"next": "/sessions/new"}).get_data(as_text=True)
    assert '<input type="hidden" name="next" value="/sessions/new">' in page
    for target, expected in (
        ("/sessions/new", "/sessions/new"),
        ("/timers?x=1", "/timers?x=1"),
        ("//evil.example/x", "/dashboard"),
        ("https://evil.example/", "/dashboard"),
        ("/\\evil.example", "/dashboard"),
        ("/\t/evil.example", "/dashboard"),  # browsers drop the tab: //evil.example
        ("/\n/evil.example", "/dashboard"),
        ("", "/dashboard"),
    ):
        visitor = fresh_client(app)
        response = visitor.post(
            "/login", data={"username": "  ADA ", "password": PASSWORD, "next": target}
        )
        assert response.status_code == 302 and response.location == expected, target
        cookie = response.headers["Set-Cookie"]
        assert "Expires=" in cookie  # a permanent session: a lesson's reload keeps the login


def test_login_required_redirects_gets_and_refuses_posts_clearly(
    app: Flask, client: FlaskClient
) -> None:
    add_teacher(app, "ada")
    for path, expected in (
        ("/dashboard", "/login?next=/dashboard"),
        ("/sessions/3?round=2", "/login?next=/sessions/3?round%3D2"),
        ("/timers", "/login?next=/timers"),
    ):
        response = client.get(path)
        assert response.status_code == 302 and response.location == expected
    for path in ("/sessions", "/sessions/1/rounds", "/timers", "/sessions/1/delete"):
        response = client.post(path, data={"confirm": "yes"})
        page = response.get_data(as_text=True)
        assert response.status_code == 401, path
        assert "Only a logged-in teacher can do this, and you are not logged in" in page
        assert '<a href="/login">Log in</a>' in page
    log_in(client, "ada")
    followed = client.get("/login?next=/sessions/new")
    assert followed.status_code == 200  # the form is still there for another account


def test_logout_ends_the_teachers_session(app: Flask, teacher: FlaskClient) -> None:
    assert teacher.get("/dashboard").status_code == 200
    dashboard = teacher.get("/dashboard").get_data(as_text=True)
    assert "Log out everywhere</button>" in dashboard
    response = teacher.post("/logout")
    assert response.status_code == 303 and response.location == "/login"
    assert teacher.get("/dashboard").status_code == 302
    assert teacher.post("/sessions", data={"name": "x"}).status_code == 401
    assert "Teachers: log in" in teacher.get("/").get_data(as_text=True)


def test_a_removed_account_is_logged_out(app: Flask, teacher: FlaskClient) -> None:
    with app.app_context(), write() as db:
        db.execute(delete(teachers).where(teachers.c.username == "ada"))
    response = teacher.get("/dashboard")
    assert response.status_code == 302 and response.location == "/login?next=/dashboard"
    add_teacher(app, "ada")  # a new account with the same name, but another id
    assert teacher.get("/dashboard").status_code == 302


# --- one teacher never sees another's things -------------------------------------------------


def test_teachers_see_only_their_own_sessions_and_timers(app: Flask, teacher: FlaskClient) -> None:
    made = teacher.post(
        "/sessions",
        data={"name": "Ada's class", "variant": "simultaneous", "size": "3x3", "limit": "600",
              "source": "typed", "sets": SOLVABLE},
    )  # fmt: skip
    session_id = int(made.location.rsplit("/", 1)[1])
    timer = teacher.post("/timers", data={"preset": "1"})
    assert timer.status_code == 303
    timer_id = int(timer.location.rsplit("/", 1)[1])
    mine = teacher.get("/dashboard").get_data(as_text=True)
    assert "Ada&#39;s class" in mine and "(1 saved)" in mine
    add_teacher(app, "bea")
    bea = fresh_client(app)
    log_in(bea, "bea")
    theirs = bea.get("/dashboard").get_data(as_text=True)
    assert "Ada&#39;s class" not in theirs and "No sessions yet." in theirs
    assert "saved)" not in theirs
    assert bea.get(f"/sessions/{session_id}").status_code == 404
    assert bea.get(f"/sessions/{session_id}/results.csv").status_code == 404
    assert bea.post(f"/sessions/{session_id}/reveal", data={"shown": "1"}).status_code == 404
    assert bea.post(f"/sessions/{session_id}/delete", data={"confirm": "yes"}).status_code == 404
    assert bea.get(f"/timers/{timer_id}").status_code == 404
    assert bea.post(f"/timers/{timer_id}/start").status_code == 404
    assert bea.post(f"/timers/{timer_id}/delete").status_code == 404
    assert teacher.get(f"/sessions/{session_id}").status_code == 200  # nothing was touched
    assert teacher.get(f"/timers/{timer_id}").status_code == 200
    with app.app_context(), read() as db:
        from webapp.mat.store import load

        assert not load(db, session_id).row.revealed


# --- the login rate limit ------------------------------------------------------------------


def _tried(client: FlaskClient, username: str, password: str) -> str:
    """A login attempt refused: back to the login page, which says why."""
    response = client.post("/login", data={"username": username, "password": password})
    assert response.status_code == 303 and response.location == "/login"
    return client.get("/login").get_data(as_text=True)


def test_ten_login_attempts_a_minute_for_a_name_from_one_address_and_no_lockout(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eleven wrong passwords for ada from one address stop that address trying ada for
    the minute; the teacher still logs in from anywhere else."""
    add_teacher(app, "ada", cheap=True)  # the limits count attempts, whatever the hash
    moment = [6000.0]  # the start of a minute
    monkeypatch.setattr(security, "now", lambda: moment[0])
    guesser = fresh_client(app, "10.0.0.7")
    for _ in range(10):
        assert "do not match an account" in _tried(guesser, " ADA", "nope nope 1")
    moment[0] = 6015.0
    page = _tried(guesser, "ada", PASSWORD)
    assert "Too many attempts from this network. Wait 45 seconds, then try again." in page
    assert 'required value="ada"' in page
    assert guesser.get("/dashboard").status_code == 302  # the right password did not count
    teacher = fresh_client(app, "10.0.0.8")
    assert teacher.post("/login", data={"username": "ada", "password": PASSWORD}).status_code == 302
    moment[0] = 6060.0  # the next minute
    assert guesser.post("/login", data={"username": "ada", "password": PASSWORD}).status_code == 302


def test_an_address_trying_many_names_is_slowed(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spraying one common password over many names: twenty failures a minute from one
    address, then that address waits, whatever name it tries; others do not."""
    add_teacher(app, "ada", cheap=True)  # the limits count attempts, whatever the hash
    monkeypatch.setattr(security, "now", lambda: 6000.0)
    sprayer = fresh_client(app, "10.0.2.1")
    for n in range(20):
        assert "do not match an account" in _tried(sprayer, f"user{n}", "Summer2026!")
    assert "Too many attempts from this network" in _tried(sprayer, "ada", PASSWORD)
    assert "Too many attempts from this network" in _tried(sprayer, "user99", "x")
    teacher = fresh_client(app, "10.0.2.2")
    assert teacher.post("/login", data={"username": "ada", "password": PASSWORD}).status_code == 302


def test_rate_limits_can_be_turned_off(tmp_path: Path) -> None:
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}",
         "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "RATE_LIMITS": False}
    )  # fmt: skip
    add_teacher(app, "ada", cheap=True)  # the limits count attempts, whatever the hash
    client = app.test_client()
    for _ in range(25):
        assert client.post("/login", data={"username": "ada", "password": "x"}).status_code == 303
    assert client.post("/login", data={"username": "ada", "password": PASSWORD}).status_code == 302


# --- the teacher commands ------------------------------------------------------------------


def command_env(database: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PRINTABLES_", "FLASK_"))}
    env["PRINTABLES_DATABASE_URL"] = f"sqlite:///{database}"
    env["PRINTABLES_SECRET_KEY"] = "command-test"  # keeps the instance folder untouched
    return env


def run(
    database: Path, *command: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / command[0]), *command[1:]],
        cwd=ROOT,
        env=command_env(database),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        start_new_session=True,  # no terminal: a prompted password is read from stdin
    )


def can_log_in(database: Path, name: str, password: str) -> bool:
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{database}", "SECRET_KEY": "t",
         "WTF_CSRF_ENABLED": False}
    )  # fmt: skip
    response = app.test_client().post("/login", data={"username": name, "password": password})
    return response.status_code == 302 and response.location == "/dashboard"


def printables(database: Path, *args: str, flask: bool = False) -> tuple[int, str, str]:
    """``printables ARGS`` (or ``flask --app webapp ARGS``) run in this process, as its
    entry point runs it, on ``database``: exit status, standard output and error."""
    env: dict[str, str | None] = {
        name: None for name in os.environ if name.startswith(("PRINTABLES_", "FLASK_"))
    }
    env.update({k: v for k, v in command_env(database).items() if k.startswith("PRINTABLES_")})
    group = flask_cli if flask else commands.main
    result = CliRunner(env=env).invoke(group, ["--app", "webapp", *args] if flask else args)
    return result.exit_code, result.stdout, result.stderr


def test_printables_teacher_add_list_and_password(tmp_path: Path) -> None:
    """The ``teacher`` commands, under ``printables`` and ``flask --app webapp``: run in
    this process, but for what only a process shows (a password prompted with no
    terminal, read from standard input)."""
    database = tmp_path / "cli.sqlite3"

    def command(*args: str, flask: bool = False) -> tuple[int, str, str]:
        return printables(database, *args, flask=flask)

    assert command("teacher", "add", "Ms.Rivera", "--password", PASSWORD) == (
        0, "Added teacher ms.rivera.\n", ""
    )  # fmt: skip
    prompted = run(
        database, "printables", "teacher", "add", "bo", stdin="bo-secret-1\nbo-secret-1\n"
    )
    assert prompted.returncode == 0, prompted.stderr
    assert "Added teacher bo." in prompted.stdout
    assert command("teacher", "list") == (0, "bo\nms.rivera\n", "")
    assert can_log_in(database, "ms.rivera", PASSWORD)
    assert can_log_in(database, "BO", "bo-secret-1")

    code, _, err = command("teacher", "add", "MS.RIVERA", "--password", PASSWORD)
    assert code == 1 and "Error: there is already a teacher called ms.rivera" in err
    code, _, err = command("teacher", "add", "cy", "--password", "short")
    assert code == 1 and "Error: a password has at least 10 characters" in err
    code, _, err = command("teacher", "add", "cy", "--password", "password123")
    assert code == 1 and "that password is too easy to guess" in err
    code, _, err = command("teacher", "add", "c y", "--password", PASSWORD)
    assert code == 1 and "may use letters, digits and . _ - only" in err

    changed = command("teacher", "password", "ms.rivera", "--password", "new horse 2")
    assert changed == (0, "Changed the password of ms.rivera.\n", "")
    assert can_log_in(database, "ms.rivera", "new horse 2")
    assert not can_log_in(database, "ms.rivera", PASSWORD)
    code, _, err = command("teacher", "password", "nobody", "--password", PASSWORD)
    assert code == 1 and "Error: there is no teacher called nobody" in err

    assert command("teacher", "list", flask=True) == (0, "bo\nms.rivera\n", "")
    flask_add = command("teacher", "add", "dee", "--password", PASSWORD, flask=True)
    assert flask_add[0] == 0, flask_add
    assert command("teacher", "list")[1] == "bo\ndee\nms.rivera\n"
    assert re.search(r"\bteacher\b", command("--help")[1])

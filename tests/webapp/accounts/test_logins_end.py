"""Logging out, or a new password, ends every login of that teacher: a copied cookie no
longer opens anything. Behind a TLS proxy, one setting makes cookies Secure and keeps
the first-run page for the server's own computer."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from webapp_support import PASSWORD, add_teacher, log_in

from webapp import create_app
from webapp.accounts.store import set_password
from webapp.db import write

NEW = "sunflower lamp forty"


def copy_of(app: Flask, client: FlaskClient) -> FlaskClient:
    """Another device holding a copy of ``client``'s session cookie."""
    other = app.test_client()
    cookie = client.get_cookie("session")
    assert cookie is not None
    other.set_cookie("session", cookie.value)
    assert other.get("/dashboard").status_code == 200
    return other


def test_logging_out_ends_the_login_on_every_device(app: Flask, teacher: FlaskClient) -> None:
    laptop = copy_of(app, teacher)
    phone = app.test_client()
    log_in(phone, "ada")
    assert teacher.post("/logout").status_code == 303
    for device in (teacher, laptop, phone):
        assert device.get("/dashboard").status_code == 302
        assert device.post("/sessions", data={"name": "x"}).status_code == 401
    log_in(laptop, "ada")  # logging in again works, and only for the new login
    assert laptop.get("/dashboard").status_code == 200
    assert phone.get("/dashboard").status_code == 302


def test_a_new_password_on_the_command_line_ends_every_login(
    app: Flask, teacher: FlaskClient
) -> None:
    stolen = copy_of(app, teacher)
    with app.app_context(), write() as db:
        set_password(db, "ada", NEW)
    assert teacher.get("/dashboard").status_code == 302
    assert stolen.get("/dashboard").status_code == 302
    response = teacher.post("/login", data={"username": "ada", "password": NEW})
    assert response.status_code == 302


def test_a_new_password_on_the_web_ends_other_logins_and_keeps_this_one(
    app: Flask, teacher: FlaskClient
) -> None:
    stolen = copy_of(app, teacher)
    page = teacher.get("/account/password").get_data(as_text=True)
    assert "A new password ends your login on every other device" in page
    wrong = teacher.post(
        "/account/password", data={"current": "not it at all", "password": NEW, "repeat": NEW}
    )
    assert wrong.status_code == 303
    assert "The current password is not right." in teacher.get("/account/password").text
    weak = teacher.post(
        "/account/password",
        data={"current": PASSWORD, "password": "password123", "repeat": "password123"},
    )
    assert weak.status_code == 303
    assert "That password is too easy to guess" in teacher.get("/account/password").text
    assert stolen.get("/dashboard").status_code == 200  # nothing changed yet
    done = teacher.post(
        "/account/password", data={"current": PASSWORD, "password": NEW, "repeat": NEW}
    )
    assert done.status_code == 303
    assert teacher.get("/dashboard").status_code == 200
    assert stolen.get("/dashboard").status_code == 302
    fresh = app.test_client()
    assert fresh.post("/login", data={"username": "ada", "password": PASSWORD}).status_code == 303
    assert fresh.post("/login", data={"username": "ada", "password": NEW}).status_code == 302


def test_an_old_short_password_still_logs_in(app: Flask) -> None:
    """Accounts made before the password rules keep their passwords until changed."""
    from werkzeug.security import generate_password_hash

    from webapp.tables import teachers

    with app.app_context(), write() as db:
        db.execute(
            teachers.insert().values(
                username="old", password_hash=generate_password_hash("short1"), created_at=0.0
            )
        )
    client = app.test_client()
    assert client.post("/login", data={"username": "old", "password": "short1"}).status_code == 302


def _app(tmp_path: Path, **settings: object) -> Flask:
    return create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'proxy.sqlite3'}",
         "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, **settings}
    )  # fmt: skip


def test_behind_a_tls_proxy_cookies_are_secure_and_setup_stays_local(tmp_path: Path) -> None:
    app = _app(tmp_path, BEHIND_PROXY="1")
    proxy = app.test_client()  # the proxy runs on the server, so the peer is 127.0.0.1
    remote = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}
    refused = proxy.get("/setup", headers=remote)
    assert refused.status_code == 403
    assert "made on the computer running Printables" in refused.get_data(as_text=True)
    local = {"X-Forwarded-For": "127.0.0.1", "X-Forwarded-Proto": "https"}
    assert proxy.get("/setup", headers=local).status_code == 200
    add_teacher(app, "ada")
    response = proxy.post("/login", data={"username": "ada", "password": PASSWORD}, headers=remote)
    assert response.status_code == 302
    assert "Secure" in response.headers["Set-Cookie"]
    assert "HttpOnly" in response.headers["Set-Cookie"]


def test_without_the_setting_forwarded_headers_are_ignored(tmp_path: Path) -> None:
    app = _app(tmp_path)
    remote = app.test_client()
    remote.environ_base["REMOTE_ADDR"] = "203.0.113.9"
    faked = remote.get("/setup", headers={"X-Forwarded-For": "127.0.0.1"})
    assert faked.status_code == 403  # a client cannot claim to be the server
    add_teacher(app, "ada")
    response = app.test_client().post("/login", data={"username": "ada", "password": PASSWORD})
    assert "Secure" not in response.headers["Set-Cookie"]  # plain HTTP in a classroom works

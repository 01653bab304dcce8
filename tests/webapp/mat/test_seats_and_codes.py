"""A phone's seats and a guesser's codes: the cookie keeps only live seats, at most eight,
and says when it lets one go; codes that name no session are limited per address, while a
class polling its own code never is."""

from __future__ import annotations

import json
import secrets

from flask import Flask
from flask.testing import FlaskClient
from mat_helpers import FETCH, new_session, refused, seats
from sqlalchemy import select
from webapp_support import PASSWORD, Clock, add_teacher

from webapp.db import read
from webapp.mat import play
from webapp.tables import hits

COOKIE_MOST = 4096
"""Bytes: browsers drop a cookie larger than this, silently."""


def cookie_size(client: FlaskClient) -> int:
    found = client.get_cookie("session")
    assert found is not None
    return len(found.key) + len(found.value) + 1


def test_a_phone_joining_120_sessions_keeps_its_cookie_small(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    codes = [new_session(teacher, name=f"Lesson {n}")[1] for n in range(120)]
    phone = app.test_client()
    for n, code in enumerate(codes):
        joined = phone.post("/join", data={"code": code, "nickname": "Ann"})
        assert joined.status_code == 303 and joined.location == f"/play/{code}"
        assert cookie_size(phone) < COOKIE_MOST // 2
        if n == play.MOST_SEATS:  # the first seat let go of: the phone says so
            page = phone.get(joined.location).text
            assert "so it let go of the oldest: " + codes[0] in page
        clock.at += 0.5  # 120 joins in one minute from one phone is its join limit
    latest = phone.get(f"/play/{codes[-1]}")
    assert latest.status_code == 200 and "Ann" in latest.text
    assert phone.get(f"/play/{codes[-1]}/state").status_code == 200
    held = [c for c in codes if phone.get(f"/play/{c}/state").status_code == 200]
    assert held == codes[-play.MOST_SEATS :]
    dropped = codes[-play.MOST_SEATS - 1]
    page = refused(phone, phone.get(f"/play/{dropped}"))  # to the join page, saying why
    assert f"keeps a seat in its {play.MOST_SEATS} latest sessions, and let go of this one" in page
    assert "Your teacher can free your seat on the console" in page
    assert play.FULL in phone.get(f"/join/{codes[-play.MOST_SEATS - 2]}").text


def test_joining_lets_go_of_seats_that_no_longer_hold(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """A deleted session's seat and a removed player's are let go of at the next join; a
    page of the removed one still says why."""
    gone_id, gone = new_session(teacher, name="Gone")
    kept_id, kept_code = new_session(teacher, name="Removed")
    _, third = new_session(teacher, name="Third")
    phone = app.test_client()
    for code in (gone, kept_code):
        assert phone.post("/join", data={"code": code, "nickname": "Ann"}).status_code == 303
    teacher.post(f"/sessions/{gone_id}/delete", data={"confirm": "yes"})
    teacher.post(f"/sessions/{kept_id}/players/{seats(app, kept_id)['Ann']}/remove")
    assert phone.post("/join", data={"code": third, "nickname": "Ann"}).status_code == 303
    with phone.session_transaction() as cookie:
        assert [code for code, _ in cookie["seats"]] == [third]
    assert play.REMOVED in refused(phone, phone.get(f"/play/{kept_code}"))
    assert "There is no session with the code" in phone.get(f"/play/{gone}").text


def wrong_code() -> str:
    return "".join(secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))


def test_guessing_join_codes_is_stopped(app: Flask, teacher: FlaskClient, clock: Clock) -> None:
    """Past 60 misses a minute from one address, every code this device holds no seat
    for is refused alike (so a right one is not told apart), with Retry-After; pages
    say so, scripts get JSON; another address, and a phone already seated, go on."""
    _, code = new_session(teacher)
    seated = app.test_client()
    seated.post("/join", data={"code": code, "nickname": "Ann"})
    guesser = app.test_client()
    misses = ["/join/{}", "/join?code={}", "/play/{}", "/play/{}/state", "/play/{}/reading"]
    for n in range(play.MISS_LIMIT):  # the join form keeps a code typed into its address
        missed = guesser.get(misses[n % len(misses)].format(wrong_code())).status_code
        assert missed == (200 if misses[n % len(misses)].startswith("/join?") else 404)
    for address in misses:
        for asked in (wrong_code(), code):
            page = guesser.get(address.format(asked))
            assert page.status_code == 429 and page.headers["Retry-After"] == "20"
            assert "Too many codes that name no session from this network. Wait 20" in page.text
            script = guesser.get(address.format(asked), headers=FETCH)
            assert script.status_code == 429 and script.headers["Retry-After"] == "20"
            assert script.get_json()["problem"].startswith("Too many codes that name no")
    assert seated.get(f"/play/{code}/state").status_code == 200  # same address, seated
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    assert other.get(f"/join/{code}").status_code == 200
    clock.at += 20
    assert guesser.get(f"/join/{code}").status_code == 200


def test_a_class_mistyping_its_code_is_not_stopped(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """35 pupils behind one router each mistype the code twice (the form, sent back with
    its problem, is not a second miss), then join."""
    session_id, code = new_session(teacher)
    for n in range(35):
        phone = app.test_client()
        for wrong in (wrong_code(), code[::-1]):
            sent = phone.post("/join", data={"code": wrong, "nickname": f"P{n}"})
            assert "There is no session with the code" in refused(phone, sent)
        assert phone.post("/join", data={"code": code, "nickname": f"P{n}"}).status_code == 303
    assert len(seats(app, session_id)) == 35


def test_a_class_polling_its_code_counts_nothing(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """35 phones behind one router polling their code every 2 s for ten minutes: never
    limited, and no poll writes a count."""
    session_id, code = new_session(teacher)
    phones = [app.test_client() for _ in range(35)]
    for n, phone in enumerate(phones):
        assert phone.post("/join", data={"code": code, "nickname": f"P{n}"}).status_code == 303
    teacher.post(f"/sessions/{session_id}/rounds", data={"round": "0"})
    with app.app_context(), read() as db:
        before = db.execute(select(hits)).all()
    for _ in range(300):
        clock.at += 2
        for phone in phones[:5]:
            assert phone.get(f"/play/{code}/state").status_code == 200
    for phone in phones:
        assert phone.get(f"/play/{code}/state").status_code == 200
        assert phone.get(f"/play/{code}").status_code == 200
    with app.app_context(), read() as db:
        assert [r for r in db.execute(select(hits)).all() if r not in before] == []


def test_scripts_past_a_join_or_login_limit_get_429_and_pages_their_message(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    _, code = new_session(teacher)
    for n in range(play.JOIN_SESSION_LIMIT):
        app.test_client().post("/join", data={"code": code, "nickname": f"P{n}"})
    script = app.test_client().post("/join", data={"code": code, "nickname": "Late"}, headers=FETCH)
    assert script.status_code == 429 and script.headers["Retry-After"] == "20"
    assert json.loads(script.text)["problem"].startswith("Too many joins from this network")
    phone = app.test_client()
    page = refused(phone, phone.post("/join", data={"code": code, "nickname": "Late"}))
    assert "Too many joins from this network. Wait 20 seconds" in page and 'value="Late"' in page
    add_teacher(app, "bea")
    browser = app.test_client()
    for _ in range(10):
        browser.post("/login", data={"username": "bea", "password": "wrong"})
    login = {"username": "bea", "password": PASSWORD}
    script = browser.post("/login", data=login, headers=FETCH)
    assert script.status_code == 429 and script.headers["Retry-After"] == "20"
    assert script.get_json()["problem"].startswith("Too many attempts from this network")
    page = refused(browser, browser.post("/login", data=login))
    assert "Too many attempts from this network. Wait 20 seconds" in page and 'value="bea"' in page


def test_an_old_cookie_with_its_seats_in_a_mapping_still_finds_them(
    app: Flask, teacher: FlaskClient
) -> None:
    """Phones that joined before seats were kept in order hold a mapping: still read."""
    _, code = new_session(teacher)
    phone = app.test_client()
    phone.post("/join", data={"code": code, "nickname": "Ann"})
    with phone.session_transaction() as cookie:
        cookie["seats"] = {c: t for c, t in cookie["seats"]}
    assert phone.get(f"/play/{code}/state").status_code == 200

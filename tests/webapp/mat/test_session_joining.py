"""Joining a MAT session from a phone: codes, nicknames, seats the teacher added, and
rejoining after a reload or on another device."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from mat_helpers import (
    IMPOSSIBLE,
    SOLVABLE,
    join,
    new_session,
    press,
    refused,
    seats,
    start_set,
)

from webapp.db import read
from webapp.mat import store as mat_store


def test_a_code_is_read_in_any_case_with_spaces_or_a_dash(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher)
    join(app, code.lower(), "Ann")
    join(app, f" {code[:3]}-{code[3:].lower()} ", "Bob")
    assert list(seats(app, session_id)) == ["Ann", "Bob"]
    page = app.test_client().get(f"/join/{code.lower()}").get_data(as_text=True)
    assert "<h1>Join Period 3</h1>" in page and f'name="code" required value="{code}"' in page
    page = app.test_client().get("/join", query_string={"code": code.lower()}).text
    assert f'name="code" required value="{code}"' in page


def test_an_unknown_code_is_404_with_a_clear_message(app: Flask, teacher: FlaskClient) -> None:
    new_session(teacher)
    student = app.test_client()
    pages = [
        refused(student, student.post("/join", data={"code": "zz-zzzz", "nickname": "Ann"})),
        refused(student, student.post("/play/ZZZZZZ/hand", data={"round": "0", "claim": "done"})),
    ]
    for response in (student.get("/join/ZZZZZZ"), student.get("/play/ZZZZZZ")):
        assert response.status_code == 404
        pages.append(response.get_data(as_text=True))
    for page in pages:
        assert "There is no session with the code ZZZZZZ. Check the code on the projector" in page
    assert 'name="nickname" required maxlength="24" value="Ann"' in pages[0]
    assert student.get("/play/ZZZZZZ/state").status_code == 404


def test_a_taken_nickname_is_refused_and_kept_in_the_form(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher)
    join(app, code, "Ann Lee")
    student = app.test_client()
    response = student.post("/join", data={"code": code, "nickname": "  ann   LEE "})
    assert response.location == f"/join?code={code}"
    page = refused(student, response)
    assert "Someone has already joined as Ann Lee; choose another nickname" in page
    assert 'name="nickname" required maxlength="24" value="  ann   LEE "' in page
    assert list(seats(app, session_id)) == ["Ann Lee"]
    empty = student.post("/join", data={"code": code, "nickname": "   "})
    assert "A nickname has 1 to 24 characters." in refused(student, empty)


def test_a_student_takes_the_seat_of_a_name_the_teacher_added(
    app: Flask, teacher: FlaskClient
) -> None:
    session_id, code = new_session(teacher)
    added = teacher.post(f"/sessions/{session_id}/players", data={"names": "Ann\n\n Bob \n"})
    assert added.status_code == 303 and added.location.endswith("#players")
    before = seats(app, session_id)
    assert list(before) == ["Ann", "Bob"]
    bob = join(app, code, "BOB")
    assert seats(app, session_id) == before  # the same seat, no new player
    assert "You are <strong>Bob</strong>." in bob.get(f"/play/{code}").get_data(as_text=True)
    again = teacher.post(f"/sessions/{session_id}/players", data={"names": "ann"})
    assert again.location == f"/sessions/{session_id}#players"
    page = refused(teacher, again)
    assert "There is already a player called Ann." in page and ">ann</textarea>" in page
    none = teacher.post(f"/sessions/{session_id}/players", data={"names": " \n"})
    assert "Write the players&#39; names, one a line." in refused(teacher, none)
    console = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert "let Bob rejoin on another device" in console
    assert "let Ann rejoin" not in console  # no device holds Ann's seat yet


def test_free_lets_a_student_rejoin_on_another_device(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher)
    phone = join(app, code, "Ann")
    ann = seats(app, session_id)["Ann"]
    laptop = app.test_client()
    taken = laptop.post("/join", data={"code": code, "nickname": "Ann"})
    assert "ask your teacher to let you rejoin" in refused(laptop, taken)
    freed = teacher.post(f"/sessions/{session_id}/players/{ann}/free")
    assert freed.status_code == 303
    rejoined = laptop.post("/join", data={"code": code, "nickname": "ann"})
    assert rejoined.status_code == 303 and rejoined.location == f"/play/{code}"
    assert seats(app, session_id) == {"Ann": ann}
    assert "You are <strong>Ann</strong>" in laptop.get(f"/play/{code}").get_data(as_text=True)
    # The old phone no longer holds the seat: it is told so, on the join page, which stays.
    assert phone.get(f"/play/{code}/state").json == {
        "problem": "You are no longer in this session: your teacher removed you, or let you "
        "join again on another device.",
        "join": f"/join/{code}",
    }
    page = refused(phone, phone.get(f"/play/{code}"))
    assert "You are no longer in this session" in page and 'name="nickname"' in page
    assert phone.get(f"/join?code={code}").status_code == 200
    assert phone.get(f"/play/{code}/state").status_code == 403
    unknown = teacher.post(f"/sessions/{session_id}/players/{ann + 99}/free")
    assert "There is no such player in this session." in refused(teacher, unknown)


def test_a_successive_session_is_full_at_one_player_a_set(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher, sets=f"{SOLVABLE}\n{IMPOSSIBLE}", variant="successive")
    join(app, code, "Ann")
    early = start_set(teacher, session_id)
    assert "MAT Successive needs one player a set: 2 sets and 1 players." in refused(teacher, early)
    join(app, code, "Bob")
    cy = app.test_client()
    full = refused(cy, cy.post("/join", data={"code": code, "nickname": "Cy"}))
    assert "This session is full: 2 players (MAT Successive: one player a set)." in full
    added = teacher.post(f"/sessions/{session_id}/players", data={"names": "Cy"})
    assert "This session is full" in refused(teacher, added)
    assert list(seats(app, session_id)) == ["Ann", "Bob"]


def test_the_same_device_rejoins_its_seat_and_a_new_one_cannot(
    app: Flask, teacher: FlaskClient
) -> None:
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    again = ann.post("/join", data={"code": code.lower(), "nickname": "Someone Else"})
    assert again.status_code == 303 and again.location == f"/play/{code}"
    assert ann.get(f"/join/{code}").location == f"/play/{code}"
    assert ann.get("/join", query_string={"code": code}).location == f"/play/{code}"
    assert list(seats(app, session_id)) == ["Ann"]
    assert "You are <strong>Ann</strong>" in ann.get(f"/play/{code}").get_data(as_text=True)
    other = app.test_client()
    taken = other.get(f"/play/{code}")
    assert taken.status_code == 303 and taken.location == f"/join/{code}"
    assert other.get(f"/play/{code}/state").status_code == 403
    sneaky = press(other, code, 0)
    assert sneaky.status_code == 303 and sneaky.location == f"/join/{code}"


# --- rounds --------------------------------------------------------------------------------


# --- the teacher's hand on the seats ---------------------------------------------------------


def test_look_alike_nicknames_cannot_join_side_by_side(app: Flask, teacher: FlaskClient) -> None:
    """Names are compared after Unicode normalisation and confusable folding: a Cyrillic
    i or a is the Latin letter it looks like; accents still make another name."""
    session_id, code = new_session(teacher)
    join(app, code, "Kim")
    join(app, code, "Anna")
    fullwidth = "\uff2b\uff29\uff2d"
    for look_alike, shown in (("K\u0456m", "Kim"), ("\u0410nna", "Anna"), (fullwidth, "Kim")):
        student = app.test_client()
        page = refused(student, student.post("/join", data={"code": code, "nickname": look_alike}))
        assert f"Someone has already joined as {shown}" in page
    join(app, code, "Zoë")
    join(app, code, "Zoe")
    join(app, code, "Дмитрий")
    assert list(seats(app, session_id)) == ["Kim", "Anna", "Zoë", "Zoe", "Дмитрий"]
    added = teacher.post(f"/sessions/{session_id}/players", data={"names": "Ki\u043c"})
    assert added.status_code == 303  # a Cyrillic м does not look like an m in print
    clash = teacher.post(f"/sessions/{session_id}/players", data={"names": "\u039aim"})  # Greek K
    assert "There is already a player called Kim." in refused(teacher, clash)


def test_the_teacher_renames_a_player_and_the_projector_shows_the_new_name(
    app: Flask, teacher: FlaskClient
) -> None:
    session_id, code = new_session(teacher)
    rude = join(app, code, "Rude Word")
    join(app, code, "Bo")
    player = seats(app, session_id)["Rude Word"]
    url = f"/sessions/{session_id}/players/{player}/name"
    assert teacher.post(url, data={"nickname": " Player  3 "}).status_code == 303
    assert list(seats(app, session_id)) == ["Player 3", "Bo"]
    assert "You are <strong>Player 3</strong>." in rude.get(f"/play/{code}").text
    assert start_set(teacher, session_id).status_code == 303
    assert press(rude, code, 0, answer="x").status_code == 303
    hands = teacher.get(f"/sessions/{session_id}/state").json["hands"]  # type: ignore[index]
    assert [h["nickname"] for h in hands] == ["Player 3"]
    # A name like another player's is refused, and what was typed is kept in the console.
    page = refused(teacher, teacher.post(url, data={"nickname": "B\u043e"}))  # a Cyrillic o
    assert "There is already a player called Bo." in page
    assert f'id="nickname-{player}" name="nickname" maxlength="24" size="14" required' in page
    assert 'value="B\u043e" data-typed' in page
    assert "Nickname has 1 to 24" not in page
    empty = refused(teacher, teacher.post(url, data={"nickname": "  "}))
    assert "A nickname has 1 to 24 characters." in empty


def test_the_teacher_removes_a_player_and_their_phone_is_told(
    app: Flask, teacher: FlaskClient
) -> None:
    """A removed player's phone says so at its next poll; a Done pressed after the
    removal is not dropped silently: the join page says it was not recorded and shows
    the answer."""
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    join(app, code, "Bo")
    assert start_set(teacher, session_id).status_code == 303
    ids = seats(app, session_id)
    removed = teacher.post(f"/sessions/{session_id}/players/{ids['Ann']}/remove")
    assert removed.status_code == 303 and removed.location.endswith("#players")
    assert list(seats(app, session_id)) == ["Bo"]
    told = ann.get(f"/play/{code}/state")
    assert told.status_code == 403
    assert told.json["problem"].startswith("You are no longer in this session")  # type: ignore[index]
    pressed = press(ann, code, 0, answer="BbzT Bg~T Bw=T")
    assert pressed.location == f"/join?code={code}"
    page = refused(ann, pressed)
    assert "You are no longer in this session" in page
    assert "Your answer was not recorded; it is below." in page
    assert '<pre class="answer" id="lost-answer">BbzT Bg~T Bw=T</pre>' in page
    # Joining again gives a new seat, with no time carried over.
    join_again = ann.post("/join", data={"code": code, "nickname": "Ann"})
    assert join_again.status_code == 303
    assert list(seats(app, session_id)) == ["Bo", "Ann"]
    unknown = teacher.post(f"/sessions/{session_id}/players/{ids['Ann']}/remove")
    assert "There is no such player in this session." in refused(teacher, unknown)


def test_removing_before_the_first_turn_keeps_successive_seats_in_order(
    app: Flask, teacher: FlaskClient
) -> None:
    session_id, _ = new_session(teacher, variant="successive")
    teacher.post(f"/sessions/{session_id}/players", data={"names": "Ann\nBo"})
    ids = seats(app, session_id)
    assert teacher.post(f"/sessions/{session_id}/players/{ids['Ann']}/remove").status_code == 303
    teacher.post(f"/sessions/{session_id}/players", data={"names": "Cy"})
    with app.app_context(), read() as db:
        view = mat_store.load(db, session_id)
    assert [(s.nickname, s.seat) for s in view.seats] == [("Bo", 0), ("Cy", 1)]
    assert start_set(teacher, session_id).status_code == 303
    late = teacher.post(f"/sessions/{session_id}/players/{ids['Bo']}/remove")
    assert "MAT Successive has begun, and its sets pass from seat to seat" in refused(teacher, late)


def test_the_teacher_closes_joining_once_the_class_is_seated(
    app: Flask, teacher: FlaskClient
) -> None:
    session_id, code = new_session(teacher)
    join(app, code, "Ann")
    teacher.post(f"/sessions/{session_id}/players", data={"names": "Bo"})
    closed = teacher.post(f"/sessions/{session_id}/joining", data={"joining": "closed"})
    assert closed.status_code == 303
    assert "Joining is closed." in teacher.get(f"/sessions/{session_id}").text
    state = f"/sessions/{session_id}/state"
    assert teacher.get(state).json["joining"] is False  # type: ignore[index]  # the projector's
    projector = teacher.get(f"/sessions/{session_id}/projector").text
    assert 'class="projector closed"' in projector  # its code and QR code give way
    late = app.test_client()
    page = refused(late, late.post("/join", data={"code": code, "nickname": "Cy"}))
    assert "This session is not taking new players; ask your teacher." in page
    join(app, code, "Bo")  # a name the teacher added still finds its seat
    opened = teacher.post(f"/sessions/{session_id}/joining", data={"joining": "open"})
    assert opened.status_code == 303
    join(app, code, "Cy")
    assert list(seats(app, session_id)) == ["Ann", "Bo", "Cy"]
    assert teacher.get(state).json["joining"] is True  # type: ignore[index]


def test_one_address_cannot_fill_a_session_in_seconds(app: Flask, teacher: FlaskClient) -> None:
    """A class behind one router joins at once (40 seats a minute from one address), but
    one phone sending joins in a loop is stopped there; another address still joins."""
    app.config["RATE_LIMITS"] = True
    session_id, code = new_session(teacher)
    for n in range(40):
        join(app, code, f"Pupil {n}")
    greedy = app.test_client()
    page = refused(greedy, greedy.post("/join", data={"code": code, "nickname": "Pupil 40"}))
    assert "Too many joins from this network. Wait" in page
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    assert other.post("/join", data={"code": code, "nickname": "Pupil 41"}).status_code == 303
    assert len(seats(app, session_id)) == 41

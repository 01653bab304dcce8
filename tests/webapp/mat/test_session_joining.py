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
    seats,
)


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
    for response in (
        student.post("/join", data={"code": "zz-zzzz", "nickname": "Ann"}),
        student.get("/join/ZZZZZZ"),
        student.get("/play/ZZZZZZ"),
        student.post("/play/ZZZZZZ/hand", data={"round": "0", "claim": "done"}),
    ):
        page = response.get_data(as_text=True)
        assert response.status_code == 404
        assert "There is no session with the code ZZZZZZ. Check the code on the projector" in page
    assert student.get("/play/ZZZZZZ/state").status_code == 404


def test_a_taken_nickname_is_refused_and_kept_in_the_form(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher)
    join(app, code, "Ann Lee")
    response = app.test_client().post("/join", data={"code": code, "nickname": "  ann   LEE "})
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Someone has already joined as Ann Lee; choose another nickname" in page
    assert 'name="nickname" required maxlength="24" value="  ann   LEE "' in page
    assert list(seats(app, session_id)) == ["Ann Lee"]
    empty = app.test_client().post("/join", data={"code": code, "nickname": "   "})
    assert empty.status_code == 400
    assert "A nickname has 1 to 24 characters." in empty.get_data(as_text=True)


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
    assert again.status_code == 400
    page = again.get_data(as_text=True)
    assert "There is already a player called Ann." in page and ">ann</textarea>" in page
    none = teacher.post(f"/sessions/{session_id}/players", data={"names": " \n"})
    assert none.status_code == 400
    assert "Write the players&#39; names, one a line." in none.get_data(as_text=True)
    console = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert "let Bob rejoin on another device" in console
    assert "let Ann rejoin" not in console  # no device holds Ann's seat yet


def test_free_lets_a_student_rejoin_on_another_device(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher)
    phone = join(app, code, "Ann")
    ann = seats(app, session_id)["Ann"]
    laptop = app.test_client()
    refused = laptop.post("/join", data={"code": code, "nickname": "Ann"})
    assert refused.status_code == 400
    assert "ask your teacher to let you rejoin" in refused.get_data(as_text=True)
    freed = teacher.post(f"/sessions/{session_id}/players/{ann}/free")
    assert freed.status_code == 303
    rejoined = laptop.post("/join", data={"code": code, "nickname": "ann"})
    assert rejoined.status_code == 303 and rejoined.location == f"/play/{code}"
    assert seats(app, session_id) == {"Ann": ann}
    assert "You are <strong>Ann</strong>" in laptop.get(f"/play/{code}").get_data(as_text=True)
    # The old phone no longer holds the seat: it is sent to join, and the join page stays.
    lost = phone.get(f"/play/{code}")
    assert lost.status_code == 302 and lost.location == f"/join/{code}"
    page = phone.get(lost.location)
    assert page.status_code == 200 and 'name="nickname"' in page.get_data(as_text=True)
    assert phone.get(f"/play/{code}/state").status_code == 403
    unknown = teacher.post(f"/sessions/{session_id}/players/{ann + 99}/free")
    assert unknown.status_code == 400
    assert "There is no such player in this session." in unknown.get_data(as_text=True)


def test_a_successive_session_is_full_at_one_player_a_set(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher, sets=f"{SOLVABLE}\n{IMPOSSIBLE}", variant="successive")
    join(app, code, "Ann")
    early = teacher.post(f"/sessions/{session_id}/rounds")
    assert early.status_code == 400
    assert "MAT Successive needs one player a set: 2 sets and 1 players." in early.text
    join(app, code, "Bob")
    full = app.test_client().post("/join", data={"code": code, "nickname": "Cy"})
    assert full.status_code == 400
    assert "This session is full: 2 players (MAT Successive: one player a set)." in full.get_data(
        as_text=True
    )
    added = teacher.post(f"/sessions/{session_id}/players", data={"names": "Cy"})
    assert added.status_code == 400 and "This session is full" in added.get_data(as_text=True)
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
    assert taken.status_code == 302 and taken.location == f"/join/{code}"
    assert other.get(f"/play/{code}/state").status_code == 403
    sneaky = press(other, code, 0)
    assert sneaky.status_code == 303 and sneaky.location == f"/join/{code}"


# --- rounds --------------------------------------------------------------------------------

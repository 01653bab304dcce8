"""MAT sessions through Flask's test client: the teacher's console and the students'
phones, with the server clock pinned so every recorded time is known exactly."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
import zxingcpp
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from pdf_probe import lines_of
from PIL import Image, ImageDraw
from werkzeug.test import TestResponse

from printables.games.mat import check_answer
from printables.puzzles import from_cards, get_puzzle, parse_size, puzzle_ids
from printables.reading import read_cards
from webapp import auth, checking, mat_store, play, proctor, security
from webapp.db import read

from .conftest import add_teacher, log_in

SOLVABLE = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
SOLUTION = "BbzT Bg~T Bw=T\nGb~T Gg=T GwzT\nRbzT RgzC RwzS"
UNSOLVED = "RbzT RgzC RwzS\nGb~T Gg=T GwzT\nBbzT Bw=T Bg~T"  # the set's cards, not solved
IMPOSSIBLE = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
IMPOSSIBLE_GRID = "Gb=C GbzS Gg~T\nRb~T Bg~S BwzT\nRgzS Rw~T BgzT"
FETCH = {"X-Requested-With": "fetch"}


def set_id(cards: str) -> str:
    return from_cards(read_cards(cards), 3, 3).id


class Clock:
    """The server's clock, set by the test."""

    def __init__(self, at: float) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock(1000.0)
    for module in (mat_store, proctor, play, security, auth, checking):
        monkeypatch.setattr(module, "now", fake)
    return fake


def new_session(
    teacher: FlaskClient,
    sets: str = f"{SOLVABLE}\n{IMPOSSIBLE}",
    variant: str = "simultaneous",
    limit: int = 600,
    name: str = "Period 3",
) -> tuple[int, str]:
    """A session of typed sets: (id, join code read off the console)."""
    response = teacher.post(
        "/sessions",
        data={"name": name, "variant": variant, "size": "3x3", "limit": str(limit),
              "source": "typed", "sets": sets},
    )  # fmt: skip
    assert response.status_code == 303, response.get_data(as_text=True)
    session_id = int(response.location.rsplit("/", 1)[1])
    page = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    found = re.search(r'join code <strong class="id">([A-Z2-9]{6})</strong>', page)
    assert found is not None
    return session_id, found.group(1)


def join(app: Flask, code: str, nickname: str) -> FlaskClient:
    """A new device (cookie jar) joined as ``nickname``."""
    student = app.test_client()
    response = student.post("/join", data={"code": code, "nickname": nickname})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert response.location == f"/play/{mat_store.normal_code(code)}"
    return student


def seats(app: Flask, session_id: int) -> dict[str, int]:
    """Nickname -> player id, in seat order."""
    with app.app_context(), read() as db:
        view = mat_store.load(db, session_id)
    return {str(s.nickname): int(s.id) for s in view.seats}


def press(
    student: FlaskClient, code: str, number: int, claim: str = "done", answer: str = ""
) -> TestResponse:
    data = {"round": str(number), "claim": claim, "answer": answer}
    return student.post(f"/play/{code}/hand", data=data)


def state(client: FlaskClient, url: str) -> dict[str, object]:
    response = client.get(url)
    assert response.status_code == 200
    found: dict[str, object] = json.loads(response.get_data(as_text=True))
    return found


def csv_rows(teacher: FlaskClient, session_id: int) -> list[list[str]]:
    response = teacher.get(f"/sessions/{session_id}/results.csv")
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def scores(teacher: FlaskClient, session_id: int) -> dict[str, list[str]]:
    """Player -> [place, set 1 score, set 1 mark, ..., total] from the CSV."""
    return {row[1]: [row[0], *row[2:]] for row in csv_rows(teacher, session_id)[1:]}


def row_of(page: str, player_id: int) -> str:
    """One player's row of the console's round table."""
    start = page.index(f'<tr id="player-{player_id}">')
    return page[start : page.index("</tr>", start)]


# --- making sessions -------------------------------------------------------------------


def test_the_new_session_form_needs_a_login_and_offers_the_books_limit(
    client: FlaskClient, teacher: FlaskClient
) -> None:
    page = teacher.get("/sessions/new").get_data(as_text=True)
    assert 'name="limit" inputmode="numeric" value="600"' in page
    assert '<option value="3x3" selected>' in page
    stranger = client.application.test_client()
    response = stranger.get("/sessions/new")
    assert response.status_code == 302 and response.location == "/login?next=/sessions/new"
    assert stranger.post("/sessions", data={"name": "x"}).status_code == 401


def test_generated_sets_are_the_engines_puzzles(app: Flask, teacher: FlaskClient) -> None:
    response = teacher.post(
        "/sessions",
        data={"name": "Gen", "variant": "simultaneous", "size": "4x4", "limit": "300",
              "source": "generate", "generate": "3", "want": "solvable", "level": "easy",
              "seed": "7"},
    )  # fmt: skip
    assert response.status_code == 303
    session_id = int(response.location.rsplit("/", 1)[1])
    expected = puzzle_ids(3, *parse_size("4x4"), "solvable", "easy", 7)
    with app.app_context(), read() as db:
        view = mat_store.load(db, session_id)
    assert [s.puzzle_id for s in view.sets] == expected
    assert view.limit == 300 and (view.row.rows, view.row.cols) == (4, 4)
    page = teacher.get(response.location).get_data(as_text=True)
    for position, puzzle_id in enumerate(expected):
        assert f'/sessions/{session_id}/cards/{position}">Set {position + 1}</a>' in page
        assert f'<span class="id">{puzzle_id}</span>' in page


def test_typed_ids_and_card_lists_make_the_sets_in_order(app: Flask, teacher: FlaskClient) -> None:
    typed_id = puzzle_ids(1, 3, 3, "impossible", "medium", 3)[0]
    session_id, _ = new_session(teacher, sets=f"{SOLVABLE}\n\n  {typed_id}  \n{IMPOSSIBLE}\n")
    with app.app_context(), read() as db:
        view = mat_store.load(db, session_id)
    assert [s.puzzle_id for s in view.sets] == [set_id(SOLVABLE), typed_id, set_id(IMPOSSIBLE)]
    assert [s.impossible for s in view.sets] == [False, True, True]
    assert [s.cards for s in view.sets] == [
        from_cards(read_cards(SOLVABLE), 3, 3).cards,
        get_puzzle(typed_id).cards,
        from_cards(read_cards(IMPOSSIBLE), 3, 3).cards,
    ]
    assert sorted(map(str, view.sets[0].cards)) == sorted(SOLVABLE.split())


TEN = "\n".join([SOLVABLE] * 10)
ELEVEN = "\n".join([SOLVABLE] * 11)
OTHER_SIZE = puzzle_ids(1, 4, 4, "either", "easy", 1)[0]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"sets": "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T"},
         "Set 1 (RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T): a 3x3 matrix takes 9 cards, not 8."),
        ({"sets": f"{SOLVABLE}\nRbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bx~T"},
         "Set 2 (RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T ): card 9: 'Bx~T': 'x' is not a "
         "shade; expected b, g or w."),
        ({"sets": OTHER_SIZE}, f"Set 1 ({OTHER_SIZE}): this is a 4x4 puzzle; the session is 3x3."),
        ({"sets": "   \n "},
         "Give the sets: puzzle ids or card lists, one set a line, or a number to generate."),
        ({"source": "generate", "generate": "0", "sets": ""},
         "Give the sets: puzzle ids or card lists, one set a line, or a number to generate."),
        ({"sets": ELEVEN}, "A session has 1 to 10 sets, not 11."),
        ({"source": "generate", "generate": "11", "sets": ""}, "Generate 1 to 10 sets, not 11."),
        ({"source": "generate", "generate": "two", "sets": ""},
         "The number of sets: write a number such as 3, not 'two'."),
        ({"limit": "5"}, "The time limit is 10 to 3600 seconds, not 5."),
        ({"limit": "3601"}, "The time limit is 10 to 3600 seconds, not 3601."),
        ({"limit": "ten"}, "The time limit: write seconds, such as 600, not 'ten'."),
        ({"variant": "successive", "sets": TEN},
         "MAT Successive has one set a player, at most 9."),
        ({"variant": "successive", "source": "generate", "generate": "10", "sets": ""},
         "One deck holds 1 to 9 disjoint 3x3 sets, not 10."),
        ({"name": "  "}, "Name the session (1 to 80 characters), e.g. 'Period 3 MAT'."),
        ({"variant": "relay"}, "The variant is simultaneous or successive, not 'relay'."),
        ({"size": "3x7"}, "Grid size: 3x7 is not a Matrix size of the book"),
        ({"size": "4x4"}, f"Set 1 ({SOLVABLE[:40]}): a 4x4 matrix takes 16 cards, not 9."),
    ],
)  # fmt: skip
def test_each_refusal_says_why_and_keeps_what_was_typed(
    teacher: FlaskClient, form: dict[str, str], message: str
) -> None:
    data = {"name": "Period 3", "variant": "simultaneous", "size": "3x3", "limit": "450",
            "source": "typed", "sets": SOLVABLE, "generate": "3", "want": "impossible",
            "level": "hard", "seed": "12"}  # fmt: skip
    data.update(form)
    response = teacher.post("/sessions", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert f'<div class="problems" role="alert"><p>{escape(message)}' in page
    assert f'value="{escape(data["name"])}"' in page
    assert f'id="limit" name="limit" inputmode="numeric" value="{escape(data["limit"])}"' in page
    assert f">{escape(data['sets'])}</textarea>" in page
    assert f'id="seed" name="seed" inputmode="numeric" value="{data["seed"]}"' in page
    assert '<option value="impossible" selected>' in page
    assert '<option value="hard" selected>' in page
    if data["size"] in proctor.SIZES:
        assert f'<option value="{data["size"]}" selected>' in page
    checked = "successive" if data["variant"] == "successive" else "simultaneous"
    assert f'name="variant" value="{checked}" checked>' in page
    assert f'name="source" value="{data["source"]}" checked>' in page
    assert teacher.get("/dashboard").get_data(as_text=True).count("/results") == 0


def test_the_chosen_source_decides_so_typed_sets_ignore_the_generate_count(
    app: Flask, teacher: FlaskClient
) -> None:
    response = teacher.post(
        "/sessions",
        data={"name": "Typed", "variant": "simultaneous", "size": "3x3", "limit": "600",
              "source": "typed", "sets": SOLVABLE, "generate": "5"},
    )  # fmt: skip
    assert response.status_code == 303
    with app.app_context(), read() as db:
        view = mat_store.load(db, int(response.location.rsplit("/", 1)[1]))
    assert [s.puzzle_id for s in view.sets] == [set_id(SOLVABLE)]


def test_another_teachers_session_is_not_found(app: Flask, teacher: FlaskClient) -> None:
    session_id, _ = new_session(teacher)
    add_teacher(app, "bea")
    bea = app.test_client()
    log_in(bea, "bea")
    for path in ("", "/table", "/state", "/results", "/results.csv", "/projector",
                 "/join-qr.svg", "/cards/0"):  # fmt: skip
        response = bea.get(f"/sessions/{session_id}{path}")
        assert response.status_code == 404, path
        assert "There is no such MAT session among yours" in response.get_data(as_text=True)
    for path in ("/rounds", "/players", "/reveal", "/delete", "/rounds/end"):
        assert bea.post(f"/sessions/{session_id}{path}", data={"confirm": "yes"}).status_code == 404
    fetched = bea.post(f"/sessions/{session_id}/rounds", headers=FETCH)
    assert fetched.status_code == 404 and "no such MAT session" in fetched.json["problem"]  # type: ignore[index]
    assert "Period 3" not in bea.get("/dashboard").get_data(as_text=True)
    assert teacher.get(f"/sessions/{session_id}").status_code == 200


# --- joining -----------------------------------------------------------------------------


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


def test_rounds_start_run_and_end_by_the_server_clock(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    no_players = teacher.post(f"/sessions/{session_id}/rounds")
    assert no_players.status_code == 400
    assert "No players yet: add players or let students join first." in no_players.text
    join(app, code, "Ann")
    url = f"/sessions/{session_id}/state"
    assert state(teacher, url)["round"] is None
    assert teacher.post(f"/sessions/{session_id}/rounds").status_code == 303
    assert state(teacher, url) == {
        "now": 1000.0, "limit": 600, "rounds": 2, "players": 1, "hands": [], "revealed": False,
        "round": {"number": 0, "started_at": 1000.0, "ends_at": 1600.0, "running": True},
    }  # fmt: skip
    clock.at = 1200.0
    busy = teacher.post(f"/sessions/{session_id}/rounds")
    assert busy.status_code == 409
    assert "Set 1 is still running; end it first." in busy.get_data(as_text=True)
    fetched = teacher.post(f"/sessions/{session_id}/rounds", headers=FETCH)
    assert fetched.status_code == 409
    assert fetched.json == {"problem": "Set 1 is still running; end it first."}
    assert teacher.post(f"/sessions/{session_id}/rounds/end", headers=FETCH).json == {"ok": True}
    ended = state(teacher, url)["round"]
    assert ended == {"number": 0, "started_at": 1000.0, "ends_at": 1200.0, "running": False}
    again = teacher.post(f"/sessions/{session_id}/rounds/end")
    assert again.status_code == 409 and "No set is running." in again.get_data(as_text=True)
    clock.at = 1300.0
    assert teacher.post(f"/sessions/{session_id}/rounds").status_code == 303
    clock.at = 1900.0  # set 2 ran out of time by itself
    assert state(teacher, url)["round"] == {
        "number": 1, "started_at": 1300.0, "ends_at": 1900.0, "running": False,
    }  # fmt: skip
    done = teacher.post(f"/sessions/{session_id}/rounds")
    assert done.status_code == 409
    assert "Every round has been played." in done.get_data(as_text=True)
    console = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert "Every set has been played." in console
    first = teacher.get(f"/sessions/{session_id}?round=0").get_data(as_text=True)
    assert "Set 1:\n    over</caption>" in first
    student = state(join(app, code, "Bob"), f"/play/{code}/state")
    assert student["round"] == {
        "number": 1, "started_at": 1300.0, "ends_at": 1900.0, "running": False,
    }  # fmt: skip


def test_a_proctors_hand_up_records_whole_seconds_once(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    join(app, code, "Ann")
    join(app, code, "Bob")
    ids = seats(app, session_id)
    teacher.post(f"/sessions/{session_id}/rounds")
    clock.at = 1083.9
    hand = f"/sessions/{session_id}/rounds/0/players/{ids['Ann']}/hand"
    first = teacher.post(hand)
    assert first.status_code == 303
    assert first.location == f"/sessions/{session_id}?round=0#player-{ids['Ann']}"
    clock.at = 1090.2
    assert teacher.post(hand, headers=FETCH).json == {"problem": "Already recorded at 1:23."}
    second = teacher.post(hand)
    assert second.status_code == 409
    assert "Already recorded at 1:23." in second.get_data(as_text=True)
    teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Bob']}/hand", headers=FETCH)
    hands = state(teacher, f"/sessions/{session_id}/state")["hands"]
    assert hands == [{"nickname": "Ann", "seconds": 83}, {"nickname": "Bob", "seconds": 90}]
    page = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert "<strong>1:23</strong>" in row_of(page, ids["Ann"])
    assert "Needs a verdict" in row_of(page, ids["Ann"])
    stranger = teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Bob'] + 50}/hand")
    assert stranger.status_code == 400
    clock.at = 1600.0  # the limit: time is up
    late = teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Bob']}/hand")
    assert late.status_code == 409


def test_a_students_press_records_whole_seconds_once(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    waiting = ann.get(f"/play/{code}").get_data(as_text=True)
    assert "Waiting for the teacher to start set 1" in waiting and "hand-form" not in waiting
    early = press(ann, code, 0)
    assert early.status_code == 409 and "That set has not started." in early.text
    teacher.post(f"/sessions/{session_id}/rounds")
    page = ann.get(f"/play/{code}").get_data(as_text=True)
    assert '<input type="hidden" name="round" value="0">' in page
    assert "10:00 left" in page and page.count("<figcaption>") == 9
    clock.at = 1083.9
    pressed = press(ann, code, 0, "done", SOLUTION)
    assert pressed.status_code == 303 and pressed.location == f"/play/{code}"
    assert state(ann, f"/play/{code}/state")["hand"] == 83
    clock.at = 1099.0
    twice = press(ann, code, 0, "impossible", "No")
    page = twice.get_data(as_text=True)
    assert twice.status_code == 409 and "Already recorded at 1:23." in page
    assert state(ann, f"/play/{code}/state")["hand"] == 83
    with app.app_context(), read() as db:
        entry = mat_store.load(db, session_id).entry(seats(app, session_id)["Ann"], 0)
    assert entry is not None
    assert (entry.seconds, entry.claim, entry.answer) == (83, "done", SOLUTION)
    page = ann.get(f"/play/{code}").get_data(as_text=True)
    assert "Recorded at <strong>1:23</strong> (you said done)." in page
    assert f'<pre class="answer">{SOLUTION}</pre>' in page and "hand-form" not in page


def test_presses_after_the_limit_or_for_an_old_round_are_refused(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, limit=60)
    ann = join(app, code, "Ann")
    bob = join(app, code, "Bob")
    teacher.post(f"/sessions/{session_id}/rounds")
    clock.at = 1059.99
    assert press(ann, code, 0).status_code == 303
    assert state(ann, f"/play/{code}/state")["hand"] == 59
    clock.at = 1060.0
    late = press(bob, code, 0, "done", "RbzT")
    page = late.get_data(as_text=True)
    assert late.status_code == 409 and "Time is up for that set." in page
    assert ">RbzT</textarea>" not in page  # no form: time is up
    assert state(bob, f"/play/{code}/state")["hand"] is None
    teacher.post(f"/sessions/{session_id}/rounds")
    clock.at = 1070.0
    old = press(bob, code, 0)
    assert old.status_code == 409 and "Time is up for that set." in old.text
    future = press(bob, code, 5)
    assert future.status_code == 409 and "That set has not started." in future.text
    odd = press(bob, code, 1, "maybe")
    assert odd.status_code == 400 and "Press Done or Impossible, not &#39;maybe&#39;." in odd.text
    missing = bob.post(f"/play/{code}/hand", data={"claim": "done", "answer": "BbzT"})
    assert missing.status_code == 400
    assert "The form has no set number; reload the page." in missing.text
    assert ">BbzT</textarea>" in missing.get_data(as_text=True)  # what was typed stays
    huge = press(bob, code, 1, "done", "x" * 2001)
    assert huge.status_code == 400 and "The answer is too long (2001 characters)." in huge.text
    assert state(bob, f"/play/{code}/state")["hand"] is None


# --- verdicts and scores -------------------------------------------------------------------


def test_verdicts_answers_and_claims_score_by_the_rules(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    assert check_answer(UNSOLVED, read_cards(SOLVABLE)).right is False
    session_id, code = new_session(teacher)
    names = ["Sol", "Unsolved", "Claim", "Bare", "Garbled", "Override"]
    phones = {name: join(app, code, name) for name in names}
    ids = seats(app, session_id)

    def hand(name: str, number: int) -> None:
        path = f"/sessions/{session_id}/rounds/{number}/players/{ids[name]}/hand"
        assert teacher.post(path, headers=FETCH).json == {"ok": True}

    def verdict(name: str, number: int, **form: str) -> TestResponse:
        path = f"/sessions/{session_id}/rounds/{number}/players/{ids[name]}"
        return teacher.post(path, data=form)

    def student(name: str, number: int, at: float, claim: str, answer: str = "") -> None:
        clock.at = at
        assert press(phones[name], code, number, claim, answer).status_code == 303

    teacher.post(f"/sessions/{session_id}/rounds")  # set 1 (solvable) at 1000
    student("Sol", 0, 1045.5, "done", SOLUTION)
    student("Unsolved", 0, 1050.0, "done", UNSOLVED)
    student("Claim", 0, 1060.0, "impossible")
    clock.at = 1070.0
    hand("Bare", 0)
    student("Garbled", 0, 1080.0, "done", "Bb=S Bx=S")
    student("Override", 0, 1090.0, "done", UNSOLVED)
    assert verdict("Override", 0, verdict="solved").status_code == 303
    page = teacher.get(f"/sessions/{session_id}?round=0").get_data(as_text=True)
    assert '<span class="good">Right</span>' in row_of(page, ids["Sol"])
    assert '<span class="bad">Wrong</span>' in row_of(page, ids["Unsolved"])
    assert 'Claims impossible: <span class="bad">wrong, it can be solved' in row_of(
        page, ids["Claim"]
    )
    assert '<span class="warn">Needs a verdict</span>' in row_of(page, ids["Bare"])
    assert "Cannot read:" in row_of(page, ids["Garbled"])
    assert "&#39;x&#39; is not a shade" in row_of(page, ids["Garbled"])
    assert "Your verdict counts" in row_of(page, ids["Override"])
    assert '<option value="solved" selected>' in row_of(page, ids["Override"])
    clock.at = 1600.0

    teacher.post(f"/sessions/{session_id}/rounds")  # set 2 (impossible) at 1600
    student("Sol", 1, 1630.0, "impossible")
    clock.at = 1640.0
    hand("Unsolved", 1)
    assert verdict("Unsolved", 1, verdict="impossible").status_code == 303
    clock.at = 1650.0
    hand("Claim", 1)
    assert verdict("Claim", 1, verdict="wrong").status_code == 303
    clock.at = 1660.0
    hand("Bare", 1)
    assert verdict("Bare", 1, answer="  No  ", verdict="").status_code == 303
    student("Garbled", 1, 1670.0, "done", IMPOSSIBLE_GRID)
    refused = verdict("Override", 1, verdict="solved")
    assert refused.status_code == 400
    assert (
        "Set 2 is impossible, so it cannot be solved: check the player&#39;s grid again, "
        "or record a claim of impossibility." in refused.get_data(as_text=True)
    )
    as_json = teacher.post(
        f"/sessions/{session_id}/rounds/1/players/{ids['Override']}",
        data={"verdict": "solved"},
        headers=FETCH,
    )
    assert as_json.status_code == 400 and "cannot be solved" in as_json.json["problem"]  # type: ignore[index]
    odd = verdict("Override", 1, verdict="maybe")
    assert odd.status_code == 400
    assert "The verdict is solved, impossible or wrong, not &#39;maybe&#39;." in odd.text
    unplayed = verdict("Override", 5, verdict="wrong")
    assert unplayed.status_code == 409 and "That set has not started." in unplayed.text
    clock.at = 2300.0  # the session is over

    assert scores(teacher, session_id) == {
        "Sol": ["1", "45", "", "30", "", "75"],
        "Unsolved": ["2", "600", "wrong", "40", "", "640"],
        "Bare": ["3", "600", "unchecked", "60", "", "660"],
        "Garbled": ["4", "600", "wrong", "70", "", "670"],
        "Override": ["5", "90", "", "600", "no time", "690"],
        "Claim": ["6", "600", "wrong", "600", "wrong", "1200"],
    }


def test_clearing_a_verdict_goes_back_to_the_written_answer(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    ann = join(app, code, "Ann")
    pid = seats(app, session_id)["Ann"]
    teacher.post(f"/sessions/{session_id}/rounds")
    clock.at = 1012.5
    press(ann, code, 0, "done", UNSOLVED)
    judge = f"/sessions/{session_id}/rounds/0/players/{pid}"
    clock.at = 1700.0
    assert scores(teacher, session_id)["Ann"] == ["1", "600", "wrong", "600"]
    teacher.post(judge, data={"verdict": "solved"})
    assert scores(teacher, session_id)["Ann"] == ["1", "12", "", "12"]
    teacher.post(judge, data={"verdict": ""})
    assert scores(teacher, session_id)["Ann"] == ["1", "600", "wrong", "600"]
    teacher.post(judge, data={"answer": SOLUTION, "verdict": ""})  # the proctor corrects it
    assert scores(teacher, session_id)["Ann"] == ["1", "12", "", "12"]


# --- privacy -------------------------------------------------------------------------------


def test_students_see_no_verdict_score_key_or_other_answers_before_the_reveal(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=f"{SOLVABLE}\n{IMPOSSIBLE}")
    ann = join(app, code, "Ann")
    bob = join(app, code, "Bob")
    ids = seats(app, session_id)
    teacher.post(f"/sessions/{session_id}/rounds")
    clock.at = 1083.9
    press(ann, code, 0, "done", SOLUTION)
    clock.at = 1120.0
    press(bob, code, 0, "done", "Bob wrote this XYZZY")
    teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Bob']}", data={"verdict": "wrong"})
    key_row = "BbzT Bg~T Bw=T"
    for who, other_answer in ((ann, "XYZZY"), (bob, key_row)):  # Ann's answer is the key
        whole = who.get(f"/play/{code}").get_data(as_text=True)
        page = whole[whole.index('<main id="main">') : whole.index("</main>")]
        data = who.get(f"/play/{code}/state").get_data(as_text=True)
        assert set(json.loads(data)) == {"now", "round", "rounds", "hand", "revealed"}
        assert other_answer not in whole
        assert json.loads(data)["hand"] == (83 if who is ann else 120)
        for secret in ("Scoreboard", "Your total", "wrong", "Wrong", "solved", "Right",
                       "right", ">600<", "verdict", "place", "score", "Score"):  # fmt: skip
            assert secret not in page, secret
        assert ("Bob" in page) is (who is bob) and ("Ann" in page) is (who is ann)
    clock.at = 1700.0
    teacher.post(f"/sessions/{session_id}/rounds")  # the impossible set: no key to see either
    assert "Impossible." not in ann.get(f"/play/{code}").get_data(as_text=True)


def test_after_the_reveal_a_student_sees_own_cells_and_the_scoreboard(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    ann = join(app, code, "Ann")
    bob = join(app, code, "Bob")
    teacher.post(f"/sessions/{session_id}/rounds")
    clock.at = 1083.9
    press(ann, code, 0, "done", SOLUTION)
    press(bob, code, 0, "done", "Bob wrote this XYZZY")
    clock.at = 1700.0
    revealed = teacher.post(f"/sessions/{session_id}/reveal", data={"shown": "1"})
    assert revealed.status_code == 303 and revealed.location == f"/sessions/{session_id}/results"
    assert state(ann, f"/play/{code}/state")["revealed"] is True
    page = ann.get(f"/play/{code}").get_data(as_text=True)
    assert "Your total: <strong>83</strong> · place <strong>1</strong>" in page
    assert '<td class="num">1:23</td>\n        <td class="num">83</td><td>right</td>' in page
    assert '<td class="num">1</td><td>Ann</td><td class="num">83</td>' in page
    assert '<td class="num">2</td><td>Bob</td><td class="num">600</td>' in page
    assert "XYZZY" not in page  # another student's answer stays private
    bobs = bob.get(f"/play/{code}").get_data(as_text=True)
    assert "Your total: <strong>600</strong> · place <strong>2</strong>" in bobs
    assert "<td>wrong</td>" in bobs
    results = teacher.get(f"/sessions/{session_id}/results").get_data(as_text=True)
    assert "Hide the results from students" in results
    teacher.post(f"/sessions/{session_id}/reveal", data={"shown": "0"})
    hidden = ann.get(f"/play/{code}").get_data(as_text=True)
    assert "Scoreboard" not in hidden and "Your total" not in hidden
    assert state(ann, f"/play/{code}/state")["revealed"] is False


def test_the_key_page_is_for_the_teacher_only(
    app: Flask, client: FlaskClient, teacher: FlaskClient
) -> None:
    session_id, code = new_session(teacher, sets=f"{SOLVABLE}\n{IMPOSSIBLE}")
    key = teacher.get(f"/sessions/{session_id}/cards/0").get_data(as_text=True)
    assert f'<h1>Set 1 <span class="id">{set_id(SOLVABLE)}</span></h1>' in key
    assert key.count("<figcaption>") == 9
    solution = get_puzzle(set_id(SOLVABLE)).solution
    assert solution is not None
    for row in solution:
        assert "<tr>" + "".join(f'<td class="id">{c}</td>' for c in row) + "</tr>" in key
    impossible = teacher.get(f"/sessions/{session_id}/cards/1").get_data(as_text=True)
    assert "<strong>Impossible.</strong>" in impossible and 'class="data key"' not in impossible
    assert teacher.get(f"/sessions/{session_id}/cards/2").status_code == 404
    student = join(app, code, "Ann")
    for who in (student, app.test_client()):
        response = who.get(f"/sessions/{session_id}/cards/0")
        assert response.status_code == 302
        assert response.location == f"/login?next=/sessions/{session_id}/cards/0"


# --- results, CSV and deleting -------------------------------------------------------------


def scripted_session(app: Flask, teacher: FlaskClient, clock: Clock) -> tuple[int, str]:
    """Two sets (solvable, impossible), three players: Ann, Bob, Cy.

    Set 1: Ann right at 83 s; Bob wrong at 100 s; Cy no hand. Set 2: Ann claims impossible
    at 300 s (right); Bob at 50 s (right); Cy's hand at 50 s by the proctor, judged
    impossible (right).
    """
    session_id, code = new_session(teacher)
    teacher.post(f"/sessions/{session_id}/players", data={"names": "Ann\nBob\nCy"})
    ann, bob = join(app, code, "Ann"), join(app, code, "Bob")
    teacher.post(f"/sessions/{session_id}/rounds")
    clock.at = 1083.9
    press(ann, code, 0, "done", SOLUTION)
    clock.at = 1100.2
    press(bob, code, 0, "done", UNSOLVED)
    clock.at = 1200.0
    teacher.post(f"/sessions/{session_id}/rounds/end")
    clock.at = 2000.0
    teacher.post(f"/sessions/{session_id}/rounds")
    clock.at = 2300.5
    press(ann, code, 1, "impossible")
    clock.at = 2050.0
    press(bob, code, 1, "impossible")
    clock.at = 2050.7
    cy = seats(app, session_id)["Cy"]
    teacher.post(f"/sessions/{session_id}/rounds/1/players/{cy}/hand")
    teacher.post(f"/sessions/{session_id}/rounds/1/players/{cy}", data={"verdict": "impossible"})
    return session_id, code


def test_the_results_and_csv_of_a_scripted_session(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, _ = scripted_session(app, teacher, clock)
    provisional = teacher.get(f"/sessions/{session_id}/results").get_data(as_text=True)
    assert "these totals are provisional" in provisional
    clock.at = 2700.0  # set 2 runs out by itself
    # By hand: Ann 83 + 300 = 383; Bob 600 (wrong) + 50 = 650; Cy 600 (no time) + 50 = 650.
    # Places: Ann 1; Bob and Cy share 2.
    one, two = set_id(SOLVABLE), set_id(IMPOSSIBLE)
    response = teacher.get(f"/sessions/{session_id}/results.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert (
        response.headers["Content-Disposition"]
        == f'attachment; filename="mat-session-{session_id}.csv"'
    )
    assert response.get_data(as_text=True) == (
        f"Place,Player,Set 1 ({one}) score,Set 1 mark,Set 2 ({two}) score,Set 2 mark,Total\r\n"
        "1,Ann,83,,300,,383\r\n"
        "2,Bob,600,wrong,50,,650\r\n"
        "2,Cy,600,no time,50,,650\r\n"
    )
    page = teacher.get(f"/sessions/{session_id}/results").get_data(as_text=True)
    assert "provisional" not in page
    rows = re.findall(r"<tr>\s*<td class=\"num\">(\d)</td>\s*<th scope=\"row\">(\w+)</th>", page)
    assert rows == [("1", "Ann"), ("2", "Bob"), ("2", "Cy")]
    assert '<td class="num">600 <span class="hint">(wrong)</span></td>' in page
    assert '<td class="num">600 <span class="hint">(no time)</span></td>' in page
    assert '<td class="num"><strong>383</strong></td>' in page
    assert page.count('<td class="num"><strong>650</strong></td>') == 2


def test_the_score_sheet_pdf_of_a_scripted_session(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, _ = scripted_session(app, teacher, clock)
    clock.at = 2700.0
    response = teacher.get(f"/sessions/{session_id}/scoresheet.pdf?paper=a4")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/pdf"
    lines = [" ".join(line) for line in lines_of(response.data, [0])]
    rows = [line for line in lines if line.split(" ")[0] in {"1st", "2nd", "3rd"}]
    # Place, player, each set's score (with its mark when it scored the limit), the total.
    assert rows[0].startswith("1st Ann 83 300 383"), rows
    assert rows[1].startswith("2nd Bob 600") and rows[1].endswith("650"), rows
    assert rows[2].startswith("2nd Cy 600") and rows[2].endswith("650"), rows
    assert any("wrong" in line for line in lines) and any("no time" in line for line in lines)
    assert teacher.get(f"/sessions/{session_id}/scoresheet.pdf").status_code == 200
    # A visitor without a login gets no score sheet.
    assert app.test_client().get(f"/sessions/{session_id}/scoresheet.pdf").status_code == 302


def test_csv_cells_never_run_as_formulas(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    nasty = ["=cmd|' /C calc'!A0", "+1", "-1", "@SUM(1)", "Ann"]
    for name in nasty:
        join(app, code, name)
    rows = csv_rows(teacher, session_id)
    players = sorted(row[1] for row in rows[1:])
    assert players == sorted(["'=cmd|' /C calc'!A0", "'+1", "'-1", "'@SUM(1)", "Ann"])
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)
    page = teacher.get(f"/sessions/{session_id}/results").get_data(as_text=True)
    assert '<th scope="row">=cmd|&#39; /C calc&#39;!A0</th>' in page  # HTML shows it as is


def test_deleting_student_data_and_the_session_need_confirmation(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = scripted_session(app, teacher, clock)
    ann = app.test_client()
    ann.post("/join", data={"code": code, "nickname": "Dee"})
    refused = teacher.post(f"/sessions/{session_id}/delete-students")
    assert refused.status_code == 400
    assert "Tick the box to confirm: every player" in refused.get_data(as_text=True)
    assert len(seats(app, session_id)) == 4
    deleted = teacher.post(f"/sessions/{session_id}/delete-students", data={"confirm": "yes"})
    assert deleted.status_code == 303
    assert deleted.location == f"/sessions/{session_id}/results?deleted=1"
    notice = teacher.get(deleted.location).get_data(as_text=True)
    assert "Every player's name, times and answers have been deleted." in notice
    assert "<p>No players.</p>" in notice
    assert seats(app, session_id) == {}
    assert csv_rows(teacher, session_id)[1:] == []
    with app.app_context(), read() as db:
        assert mat_store.load(db, session_id).entries == {}
    # A student's device that held a seat is asked to join again (no redirect loop).
    back = ann.get(f"/play/{code}")
    assert back.location == f"/join/{code}" and ann.get(back.location).status_code == 200
    no = teacher.post(f"/sessions/{session_id}/delete", data={"confirm": "no"})
    assert no.status_code == 400
    assert "Tick the box to confirm that the whole session" in no.get_data(as_text=True)
    assert teacher.get(f"/sessions/{session_id}").status_code == 200
    gone = teacher.post(f"/sessions/{session_id}/delete", data={"confirm": "yes"})
    assert gone.status_code == 303 and gone.location == "/dashboard"
    assert teacher.get(f"/sessions/{session_id}").status_code == 404
    assert "Period 3" not in teacher.get("/dashboard").get_data(as_text=True)
    assert app.test_client().get(f"/join/{code}").status_code == 404


# --- projector and join QR -----------------------------------------------------------------


def decode_svg_qr(svg: str) -> str:
    """Draw the SVG's filled paths (the QR modules) and read the code back."""
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    scale = 10
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    image = Image.new("L", (int(width * scale), int(height * scale)), 255)
    draw = ImageDraw.Draw(image)
    paths = root.findall(f"{ns}path")
    assert len(paths) > 100
    for path in paths:
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.attrib["d"])]
        points = [(x * scale, y * scale) for x, y in zip(numbers[::2], numbers[1::2], strict=True)]
        draw.polygon(points, fill=0 if path.attrib["fill"] == "#000000" else 255)
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1
    return str(found[0].text)


def test_the_projector_shows_the_code_and_a_qr_of_the_join_url(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    app.config["BASE_URL"] = "https://mat.example.org/"
    session_id, code = new_session(teacher)
    page = teacher.get(f"/sessions/{session_id}/projector").get_data(as_text=True)
    assert "Join at <strong>https://mat.example.org/join</strong>" in page
    assert f'<strong class="big-code" id="join-code">{code}</strong>' in page
    assert f'alt="QR code that opens https://mat.example.org/join/{code}"' in page
    assert "Waiting to start" in page and ">10:00</p>" in page
    console = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert f'<a href="https://mat.example.org/join/{code}">' in console
    qr = teacher.get(f"/sessions/{session_id}/join-qr.svg")
    assert qr.headers["Content-Type"] == "image/svg+xml"
    assert qr.headers["Cache-Control"] == "no-store"
    assert decode_svg_qr(qr.get_data(as_text=True)) == f"https://mat.example.org/join/{code}"
    join(app, code, "Ann")
    teacher.post(f"/sessions/{session_id}/rounds")
    clock.at = 1083.9
    teacher.post(f"/sessions/{session_id}/rounds/0/players/{seats(app, session_id)['Ann']}/hand")
    running = teacher.get(f"/sessions/{session_id}/projector").get_data(as_text=True)
    assert "Set 1 of 2" in running and ">8:37</p>" in running
    assert "<li>Ann <span>1:23</span></li>" in running
    assert 'Hands up: <span id="hand-count">1</span> of <span id="player-count">1</span>' in running


def test_the_public_check_page_gives_no_verdict_on_a_set_in_play(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """A competitor must not learn from /check whether the running set can be solved."""
    session_id, code = new_session(teacher, sets=SOLVABLE, limit=60)
    join(app, code, "Ann")
    page = app.test_client().get(f"/check/{set_id(SOLVABLE)}", query_string={"answer": "No"})
    assert page.status_code == 200 and "Not right yet" in page.get_data(as_text=True)
    teacher.post(f"/sessions/{session_id}/rounds")
    student = app.test_client()
    for answer in ("No", SOLUTION):
        refused = student.get(f"/check/{set_id(SOLVABLE)}", query_string={"answer": answer})
        text = refused.get_data(as_text=True)
        assert refused.status_code == 400 and "in a MAT competition running now" in text
        assert "Right!" not in text and "Not right yet" not in text
    other = student.get(f"/check/{set_id(IMPOSSIBLE)}", query_string={"answer": "No"})
    assert other.status_code == 200 and "Right!" in other.get_data(as_text=True)
    clock.at = 1061.0  # the set's minute is over
    after = student.get(f"/check/{set_id(SOLVABLE)}", query_string={"answer": SOLUTION})
    assert after.status_code == 200 and "Right!" in after.get_data(as_text=True)


def test_a_stale_console_does_not_overwrite_an_answer_typed_since(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    ann = join(app, code, "Ann")
    teacher.post(f"/sessions/{session_id}/rounds")
    pid = seats(app, session_id)["Ann"]
    clock.at = 1042.0
    assert press(ann, code, 0, "done", SOLUTION).status_code == 303
    # The proctor's table still showed the empty answer; they give a verdict only.
    path = f"/sessions/{session_id}/rounds/0/players/{pid}"
    form = {"answer": "", "answer_was": "", "verdict": "wrong"}
    assert teacher.post(path, data=form).status_code == 303
    with app.app_context(), read() as db:
        entry = mat_store.load(db, session_id).entry(pid, 0)
    assert entry is not None and entry.answer == SOLUTION.strip() and entry.verdict == "wrong"
    # A real correction (the text differs from what the table showed) is saved.
    form = {"answer": "No", "answer_was": SOLUTION, "verdict": ""}
    assert teacher.post(path, data=form).status_code == 303
    with app.app_context(), read() as db:
        entry = mat_store.load(db, session_id).entry(pid, 0)
    assert entry is not None and entry.answer == "No" and entry.verdict is None

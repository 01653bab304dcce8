"""Running MAT sets: rounds on the server's clock, hands recorded in whole seconds,
verdicts and answers scored by the rules, and what students may see before the reveal."""

from __future__ import annotations

import json

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from mat_helpers import (
    FETCH,
    IMPOSSIBLE,
    IMPOSSIBLE_GRID,
    SOLUTION,
    SOLVABLE,
    UNSOLVED,
    end_set,
    join,
    new_session,
    press,
    refusal,
    refused,
    row_of,
    scores,
    seats,
    set_id,
    start_set,
    state,
)
from sqlalchemy import Connection
from webapp_support import Clock
from werkzeug.test import TestResponse

from printables.cards import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix.mat import check_answer
from printables.matrix.puzzles import get_puzzle
from webapp.db import read, write
from webapp.mat import store as mat_store


def test_rounds_start_run_and_end_by_the_server_clock(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    no_players = refusal(teacher, start_set(teacher, session_id))
    assert "No players yet: add players or let students join first." in no_players.text
    join(app, code, "Ann")
    url = f"/sessions/{session_id}/state"
    assert state(teacher, url)["round"] is None
    assert start_set(teacher, session_id).status_code == 303
    running = state(teacher, url)
    shown = running.pop("cards")  # for a projector showing the set's cards
    assert running == {
        "now": 1000.0, "limit": 600, "rounds": 2, "players": 1, "joining": True, "hands": [],
        "revealed": False,
        "round": {"number": 0, "started_at": 1000.0, "ends_at": 1600.0, "running": True},
        "cols": 3,
    }  # fmt: skip
    assert sorted(c["name"] for c in shown) == sorted(SOLVABLE.split())  # type: ignore[attr-defined,index]
    clock.at = 1200.0
    busy = refusal(teacher, start_set(teacher, session_id))
    assert "Set 1 is still running; end it first." in busy.get_data(as_text=True)
    fetched = start_set(teacher, session_id, headers=FETCH)
    assert fetched.status_code == 409
    assert fetched.json == {"problem": "Set 1 is still running; end it first."}
    assert end_set(teacher, session_id, headers=FETCH).json == {"ok": True}
    assert state(teacher, url)["cards"] == []  # the set is over: no cards to show
    ended = state(teacher, url)["round"]
    assert ended == {"number": 0, "started_at": 1000.0, "ends_at": 1200.0, "running": False}
    again = refusal(teacher, end_set(teacher, session_id, 0))
    assert "Set 1 is already over. Set 1 is over; set 2 is next; nothing was ended." in again.text
    clock.at = 1300.0
    assert start_set(teacher, session_id).status_code == 303
    clock.at = 1900.0  # set 2 ran out of time by itself
    assert state(teacher, url)["round"] == {
        "number": 1, "started_at": 1300.0, "ends_at": 1900.0, "running": False,
    }  # fmt: skip
    done = refusal(teacher, start_set(teacher, session_id))
    assert "Every set has been played." in done.get_data(as_text=True)
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
    start_set(teacher, session_id)
    clock.at = 1083.9
    hand = f"/sessions/{session_id}/rounds/0/players/{ids['Ann']}/hand"
    first = teacher.post(hand)
    assert first.status_code == 303
    assert first.location == f"/sessions/{session_id}?round=0#player-{ids['Ann']}"
    clock.at = 1090.2
    assert teacher.post(hand, headers=FETCH).json == {"problem": "Already recorded at 1:23."}
    second = refusal(teacher, teacher.post(hand))
    assert "Already recorded at 1:23." in second.get_data(as_text=True)
    teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Bob']}/hand", headers=FETCH)
    hands = state(teacher, f"/sessions/{session_id}/state")["hands"]
    assert hands == [{"nickname": "Ann", "seconds": 83}, {"nickname": "Bob", "seconds": 90}]
    page = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert "<strong>1:23</strong>" in row_of(page, ids["Ann"])
    assert "Needs a verdict" in row_of(page, ids["Ann"])
    stranger = teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Bob'] + 50}/hand")
    assert "There is no such player in this session." in refused(teacher, stranger)
    clock.at = 1600.0  # the limit: time is up
    late = teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Bob']}/hand")
    assert "Time is up for that set." in refused(teacher, late)


def test_a_students_press_records_whole_seconds_once(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    waiting = ann.get(f"/play/{code}").get_data(as_text=True)
    assert "Waiting for the teacher to start set 1" in waiting and "hand-form" not in waiting
    early = refusal(ann, press(ann, code, 0))
    assert "That set has not started." in early.text
    start_set(teacher, session_id)
    page = ann.get(f"/play/{code}").get_data(as_text=True)
    assert '<input type="hidden" name="round" value="0">' in page
    assert "10:00 left" in page and page.count("<figcaption>") == 9
    clock.at = 1083.9
    pressed = press(ann, code, 0, "done", SOLUTION)
    assert pressed.status_code == 303 and pressed.location == f"/play/{code}"
    assert state(ann, f"/play/{code}/state")["hand"] == 83
    clock.at = 1099.0
    page = refused(ann, press(ann, code, 0, "impossible", "No"))
    assert "Already recorded at 1:23; your first answer is the one kept." in page
    assert state(ann, f"/play/{code}/state")["hand"] == 83
    with app.app_context(), read() as db:
        entry = mat_store.load(db, session_id).entry(seats(app, session_id)["Ann"], 0)
    assert entry is not None
    assert (entry.seconds, entry.claim, entry.answer) == (83, "done", SOLUTION)
    page = ann.get(f"/play/{code}").get_data(as_text=True)
    assert "Recorded at <strong>1:23</strong> (you said done)." in page
    assert f'<pre class="answer">{SOLUTION}</pre>' in page and "hand-form" not in page


def test_presses_after_the_limit_are_kept_as_late_and_bad_presses_refused(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """A Done pressed just after the set ended keeps its answer, on the phone and for the
    proctor, as late: never scored, never erased."""
    session_id, code = new_session(teacher, limit=60)
    ann = join(app, code, "Ann")
    bob = join(app, code, "Bob")
    start_set(teacher, session_id)
    clock.at = 1059.99
    assert press(ann, code, 0).status_code == 303
    assert state(ann, f"/play/{code}/state")["hand"] == 59
    clock.at = 1060.5
    page = refused(bob, press(bob, code, 0, "done", "RbzT"))
    assert "Time was up when you pressed, so this is not scored." in page
    assert "Your answer is kept and your teacher sees it." in page
    assert '<pre class="answer">RbzT</pre>' in page and "kept, not scored" in page
    bob_state = state(bob, f"/play/{code}/state")
    assert bob_state["hand"] is None and bob_state["pressed"] is True
    console = teacher.get(f"/sessions/{session_id}?round=0").get_data(as_text=True)
    row = row_of(console, seats(app, session_id)["Bob"])
    assert "late" in row and "Sent 0:00 after the end (not scored)." in row
    assert ">RbzT</textarea>" in row
    assert scores(teacher, session_id)["Bob"][1:3] == ["60", "late"]
    again = refused(bob, press(bob, code, 0, "done", "BbzT"))  # a second press changes nothing
    assert "Already recorded after the end; your first answer is the one kept." in again
    start_set(teacher, session_id)
    clock.at = 1070.0
    future = refusal(bob, press(bob, code, 5))
    assert "That set has not started." in future.text
    odd = refusal(bob, press(bob, code, 1, "maybe"))
    assert "Press Done or Impossible, not &#39;maybe&#39;." in odd.text
    missing = bob.post(f"/play/{code}/hand", data={"claim": "done", "answer": "BbzT"})
    missing = refusal(bob, missing)
    assert "The form has no set number; reload the page." in missing.text
    assert ">BbzT</textarea>" in missing.get_data(as_text=True)  # what was typed stays
    huge = refusal(bob, press(bob, code, 1, "done", "x" * 2001))
    assert "The answer is too long (2001 characters)." in huge.text
    assert state(bob, f"/play/{code}/state")["hand"] is None


# --- verdicts and scores -------------------------------------------------------------------


def test_verdicts_answers_and_claims_score_by_the_rules(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    assert check_answer(UNSOLVED, read_cards(SOLVABLE, FOUR_D)).right is False
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

    start_set(teacher, session_id)  # set 1 (solvable) at 1000
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

    start_set(teacher, session_id)  # set 2 (impossible) at 1600
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
    overridden = refused(teacher, verdict("Override", 1, verdict="solved"))
    assert (
        "Set 2 is impossible, so it cannot be solved: check the player&#39;s grid again, "
        "or record a claim of impossibility." in overridden
    )
    as_json = teacher.post(
        f"/sessions/{session_id}/rounds/1/players/{ids['Override']}",
        data={"verdict": "solved"},
        headers=FETCH,
    )
    assert as_json.status_code == 400 and "cannot be solved" in as_json.json["problem"]  # type: ignore[index]
    odd = refusal(teacher, verdict("Override", 1, verdict="maybe"))
    assert "The verdict is solved, impossible or wrong, not &#39;maybe&#39;." in odd.text
    unplayed = refusal(teacher, verdict("Override", 5, verdict="wrong"))
    assert "That set has not started." in unplayed.text
    clock.at = 2300.0  # the session is over

    assert scores(teacher, session_id) == {
        "Sol": ["1", "45", "", "30", "", "75"],
        "Unsolved": ["2", "600", "wrong", "40", "", "640"],
        "Bare": ["3", "600", "unchecked", "60", "", "660"],
        "Garbled": ["4", "600", "wrong", "70", "", "670"],
        "Override": ["5", "90", "", "600", "no time", "690"],
        "Claim": ["6", "600", "wrong", "600", "wrong", "1200"],
    }
    # The console says why each hand scores what it does.
    why = {
        0: {
            "Sol": "A solved grid: scores 45, the time.",
            "Unsolved": "An unsolved grid, which the rules treat as a declaration that the set "
            "is impossible; but this set can be solved: scores the limit, 600.",
            "Claim": "Pressed Impossible, but the set can be solved: scores the limit, 600.",
            "Bare": "Hand up at 1:10 with no written answer: needs your verdict (until then it "
            "scores the limit, 600).",
            "Garbled": "The written answer cannot be read: scores the limit, 600.",
            "Override": "Your verdict, solved: scores 90, the time.",
        },
        1: {
            "Sol": "Pressed Impossible, and the set is impossible: scores 30, the time.",
            "Unsolved": "Your verdict, claims impossible, and the set is impossible: scores 40, "
            "the time.",
            "Claim": "Your verdict, wrong: scores the limit, 600.",
            "Bare": "Says impossible, and the set is impossible: scores 60, the time.",
            "Garbled": "An unsolved grid, which the rules treat as a declaration that the set "
            "is impossible; right for this set: scores 70, the time.",
            "Override": "No hand raised: scores the limit, 600.",
        },
    }
    for number, lines in why.items():
        page = teacher.get(f"/sessions/{session_id}?round={number}").get_data(as_text=True)
        for name, line in lines.items():
            assert f'<p class="why">{escape(line)}</p>' in row_of(page, ids[name]), (number, name)


def test_clearing_a_verdict_goes_back_to_the_written_answer(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    ann = join(app, code, "Ann")
    pid = seats(app, session_id)["Ann"]
    start_set(teacher, session_id)
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
    start_set(teacher, session_id)
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
        assert set(json.loads(data)) == {"now", "round", "rounds", "hand", "pressed", "revealed"}
        assert other_answer not in whole
        assert json.loads(data)["hand"] == (83 if who is ann else 120)
        for secret in ("Scoreboard", "Your total", "wrong", "Wrong", "solved", "Right",
                       "right", ">600<", "verdict", "place", "score", "Score"):  # fmt: skip
            assert secret not in page, secret
        assert ("Bob" in page) is (who is bob) and ("Ann" in page) is (who is ann)
    clock.at = 1700.0
    start_set(teacher, session_id)  # the impossible set: no key to see either
    assert "Impossible." not in ann.get(f"/play/{code}").get_data(as_text=True)


def test_after_the_reveal_a_student_sees_own_cells_and_the_scoreboard(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    ann = join(app, code, "Ann")
    bob = join(app, code, "Bob")
    start_set(teacher, session_id)
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


def test_a_hand_is_timed_from_when_its_request_arrived_not_after_waiting_for_the_lock(
    app: Flask, teacher: FlaskClient, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A class pressing Done together queues for the database's write lock: the wait
    must not be added to anyone's time. Here reading the session takes 7 s of the
    server's clock (a queue of writers ahead): the hand is timed at its arrival."""
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    assert start_set(teacher, session_id).status_code == 303
    clock.at += 42
    slow = mat_store.press

    def behind_a_queue(
        db: Connection, view: mat_store.SessionView, the_press: mat_store.Press
    ) -> mat_store.Pressed:
        clock.at += 7
        return slow(db, view, the_press)

    monkeypatch.setattr(mat_store, "press", behind_a_queue)
    assert press(ann, code, 0, answer=SOLUTION).status_code == 303
    assert scores(teacher, session_id)["Ann"][1] == "42"


def test_a_press_sent_by_the_pages_script_is_answered_with_what_was_recorded(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """play.js sends Done itself and puts the answer in the form's place: the recorded
    notice as the page after Done shows it, the hand as the state poll gives it (so the
    poll finds nothing changed), and every refusal as a problem, never a page."""
    session_id, code = new_session(teacher, limit=60)
    ann, bob, cy = (join(app, code, name) for name in ("Ann", "Bob", "Cy"))
    start_set(teacher, session_id)
    clock.at += 42
    sent = {"round": "0", "claim": "done", "answer": SOLUTION}
    done = ann.post(f"/play/{code}/hand", data=sent, headers=FETCH)
    assert done.status_code == 200
    assert done.json is not None and done.json["hand"] == 42 and done.json["pressed"] is True
    assert done.json["problem"] is None
    page = ann.get(f"/play/{code}").get_data(as_text=True)
    assert done.json["recorded"].strip() in page  # the page after Done shows the same
    assert "Recorded at <strong>0:42</strong> (you said done)" in done.json["recorded"]
    polled = state(ann, f"/play/{code}/state")
    assert (polled["hand"], polled["pressed"]) == (42, True)
    again = ann.post(f"/play/{code}/hand", data=sent, headers=FETCH)
    assert (again.status_code, again.json) == (
        409, {"problem": "Already recorded at 0:42; your first answer is the one kept."}
    )  # fmt: skip
    clock.at += 60  # time is up: kept, not scored, and said so
    late = bob.post(f"/play/{code}/hand", data=sent, headers=FETCH)
    assert late.status_code == 200 and late.json is not None and late.json["hand"] is None
    assert "Sent after the time was up" in late.json["recorded"]
    assert late.json["problem"].startswith("Time was up when you pressed, so this is not scored")
    teacher.post(f"/sessions/{session_id}/players/{seats(app, session_id)['Cy']}/remove")
    removed = cy.post(f"/play/{code}/hand", data=sent, headers=FETCH)
    assert removed.status_code == 403 and removed.json is not None
    assert removed.json["problem"].startswith("You are no longer in this session")
    assert removed.json["join"] == f"/join/{code}"
    teacher.post(f"/sessions/{session_id}/delete", data={"confirm": "yes"})
    gone = ann.post(f"/play/{code}/hand", data=sent, headers=FETCH)
    assert gone.status_code == 404 and gone.json is not None
    assert gone.json["problem"].startswith("Your teacher has deleted this session")


@pytest.mark.parametrize("gone", ["player", "session"])
def test_a_pupil_whose_seat_goes_while_pressing_is_told_and_keeps_the_answer(
    app: Flask, teacher: FlaskClient, clock: Clock, monkeypatch: pytest.MonkeyPatch, gone: str
) -> None:
    """A press is read before its write: the teacher may remove the player, or delete the
    session, in between. The write then records nothing, and the phone says why and
    gives the answer back, never a 500."""
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    start_set(teacher, session_id)
    read_press = mat_store.read_press

    def then_removed(
        view: mat_store.SessionView, player_id: int, number: int, claim: str, answer: str
    ) -> mat_store.Press:
        the_press = read_press(view, player_id, number, claim, answer)
        with write() as db:
            whole = mat_store.load(db, session_id)
            if gone == "player":
                mat_store.remove_player(db, whole, player_id)
            else:
                mat_store.delete_session(db, whole)
        return the_press

    monkeypatch.setattr(mat_store, "read_press", then_removed)
    with app.app_context():
        page = refused(ann, press(ann, code, 0, answer=SOLUTION))
    why = "no longer in this session" if gone == "player" else "deleted this session"
    assert why in page
    assert "Your answer was not recorded; it is below." in page
    assert str(escape(SOLUTION.splitlines()[0])) in page


def test_a_right_answer_typed_in_lower_case_scores_right(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """A phone's keyboard types lower case: names are read by position, so case is
    never needed and a right grid scores its time, not the limit."""
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    start_set(teacher, session_id)
    clock.at += 61
    assert press(ann, code, 0, answer=SOLUTION.lower()).status_code == 303
    assert scores(teacher, session_id)["Ann"][1] == "61"


def test_the_phone_is_told_how_its_answer_reads_and_never_whether_it_is_right(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    url = f"/play/{code}/reading"
    assert ann.get(url, query_string={"answer": "x"}).status_code == 409  # no set yet
    start_set(teacher, session_id)
    right = ann.get(url, query_string={"answer": SOLUTION.lower()}).json
    assert right is not None and right["problems"] == [] and not right["bare_claim"]
    assert [[p["name"] for p in row] for row in right["rows"]] == [
        row.split() for row in SOLUTION.splitlines()
    ]
    assert right["rows"][0][0]["image"].startswith("/decks/4d/cards/")
    wrong = ann.get(url, query_string={"answer": UNSOLVED}).json  # the cards, not solved
    assert wrong == {**wrong, "problems": []}, "the reading gave away that the grid is wrong"
    typo = ann.get(url, query_string={"answer": "bbzt ? bx=t\nRgzC"}).json
    assert typo is not None and typo["problems"] == [
        "Row 1, card 3: 'bx=t': 'x' is not a shade; expected b, g or w.",
        "1 place is still empty.",
    ]
    assert [list(p) for p in typo["rows"][0]] == [
        ["image", "name", "spoken"],
        ["empty"],
        ["unread"],
    ]
    short = ann.get(url, query_string={"answer": "BbzT Bg~T Bw=T\nGb~T Gg=T GwzT"}).json
    assert short is not None and short["problems"] == [
        "The answer is 2x3 (6 places) but the set has 9 cards."
    ]
    claim = ann.get(url, query_string={"answer": "no"}).json
    assert claim == {"rows": [], "problems": [], "bare_claim": True}
    assert app.test_client().get(url).status_code == 403  # not joined


def test_a_poll_never_sends_the_cookie_back(app: Flask, teacher: FlaskClient) -> None:
    """A poll under way while a form is sent must not put back the cookie from before
    the form (it would drop the problem the form left for its page)."""
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    assert "Set-Cookie" not in ann.get(f"/play/{code}/state").headers
    assert "Set-Cookie" not in teacher.get(f"/sessions/{session_id}/state").headers

"""A live class's crossed actions, on SQLite and on PostgreSQL, as the console's forms and
the phones send them: a stale console tab, a proctor and a pupil acting on one hand, two
tabs editing one answer, a press just after the end, checking a classmate's next set
between turns, and a session deleted under its phones. Each was found when the app was
tried as a class would, and each of these tests failed before its fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from mat_helpers import (
    FETCH,
    IMPOSSIBLE,
    IMPOSSIBLE_GRID,
    SOLUTION,
    SOLVABLE,
    UNSOLVED,
    console_form,
    end_set,
    join,
    judge_form,
    new_session,
    press,
    refused,
    row_of,
    scores,
    seats,
    set_id,
    start_set,
    state,
)
from webapp_support import Clock

from printables.cards import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix.puzzles import from_cards
from webapp import create_app


@pytest.fixture(params=["sqlite", "postgresql"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Flask:
    """Each test on an SQLite file and on a PostgreSQL database (the throwaway cluster):
    the round, hand and edit rules are SQL that must mean the same on both."""
    if request.param == "postgresql":
        found: Flask = request.getfixturevalue("postgres_app")
        return found
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )


# --- a stale console tab ---------------------------------------------------------------------


def test_a_stale_end_button_never_ends_the_set_that_followed(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """Tab B shows "End set 1 now"; tab A ends set 1 and starts set 2; B's button is
    refused, saying what is on, and set 2 runs on for the whole class."""
    session_id, code = new_session(teacher)
    join(app, code, "Ann")
    start_set(teacher, session_id)
    tab_b = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    stale_end = console_form(tab_b, "end-form")
    assert stale_end["round"] == "0"
    assert "End set 1 now, before its time is up?" in tab_b  # ending early asks first
    clock.at += 20
    end_set(teacher, session_id)  # tab A
    clock.at += 5
    start_set(teacher, session_id)
    clock.at += 5
    page = refused(teacher, teacher.post(f"/sessions/{session_id}/rounds/end", data=stale_end))
    assert "Set 1 is already over. Set 2 is running now; nothing was ended." in page
    running = state(teacher, f"/sessions/{session_id}/state")["round"]
    assert running == {"number": 1, "started_at": 1025.0, "ends_at": 1625.0, "running": True}
    # The refusal is a fresh page: its button is set 2's.
    assert console_form(page, "end-form")["round"] == "1"
    by_script = teacher.post(f"/sessions/{session_id}/rounds/end", data=stale_end, headers=FETCH)
    assert by_script.status_code == 409
    assert by_script.json == {
        "problem": "Set 1 is already over. Set 2 is running now; nothing was ended."
    }


def test_a_stale_start_button_never_starts_a_later_set(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """A stale "Start set 2", pressed after set 2 was played, does not start set 3."""
    session_id, code = new_session(teacher, sets=f"{SOLVABLE}\n{IMPOSSIBLE}\n{SOLVABLE}")
    join(app, code, "Ann")
    start_set(teacher, session_id)
    clock.at += 10
    end_set(teacher, session_id)
    tab_b = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    stale_start = console_form(tab_b, "start-form")
    assert stale_start["round"] == "1"
    start_set(teacher, session_id)  # tab A plays set 2 through
    clock.at += 10
    end_set(teacher, session_id)
    page = refused(teacher, teacher.post(f"/sessions/{session_id}/rounds", data=stale_start))
    assert "Set 2 has already been started. Set 2 is over; set 3 is next; nothing was started." in (
        page
    )
    assert len(state(teacher, f"/sessions/{session_id}/state")["hands"]) == 0  # type: ignore[arg-type]
    assert state(teacher, f"/sessions/{session_id}/state")["round"]["number"] == 1  # type: ignore[index]
    # A form that names no set (an old page, a script) is refused, never "whatever is on".
    unnamed = refused(teacher, teacher.post(f"/sessions/{session_id}/rounds", data={}))
    assert "This form does not say which set it was for; reload the page." in unnamed
    huge = refused(
        teacher, teacher.post(f"/sessions/{session_id}/rounds", data={"round": "9" * 30})
    )
    assert "This form does not say which set it was for" in huge
    assert state(teacher, f"/sessions/{session_id}/state")["round"]["number"] == 1  # type: ignore[index]


def test_successive_says_turn_in_its_refusals(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, variant="successive")
    join(app, code, "Ann")
    join(app, code, "Bo")
    start_set(teacher, session_id)
    stale = console_form(teacher.get(f"/sessions/{session_id}").get_data(as_text=True), "end-form")
    end_set(teacher, session_id)
    start_set(teacher, session_id)
    page = refused(teacher, teacher.post(f"/sessions/{session_id}/rounds/end", data=stale))
    assert "Turn 1 is already over. Turn 2 is running now; nothing was ended." in page


# --- a proctor and a pupil on one hand ---------------------------------------------------------


def test_a_pupils_answer_after_the_proctors_hand_up_joins_the_hand(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """The proctor clicks "Hand up" for a raised hand; the pupil then presses Done with the
    answer: the hand keeps its time, the answer is attached and checked, and the phone
    says so instead of throwing the answer away."""
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    ids = seats(app, session_id)
    start_set(teacher, session_id)
    clock.at = 1042.4
    hand = teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Ann']}/hand", headers=FETCH)
    assert hand.json == {"ok": True}
    waiting = ann.get(f"/play/{code}").get_data(as_text=True)
    assert "Your teacher has recorded your hand at <strong>0:42</strong>" in waiting
    assert 'id="hand-form"' in waiting  # the answer can still be sent
    clock.at = 1050.0
    pressed = press(ann, code, 0, "done", SOLUTION)
    assert pressed.status_code == 303 and pressed.location == f"/play/{code}"
    page = ann.get(f"/play/{code}").get_data(as_text=True)
    assert "Recorded at <strong>0:42</strong> (you said done)." in page
    assert '<pre class="answer">' + SOLUTION.replace("\n", "\n") in page
    assert scores(teacher, session_id)["Ann"][1:3] == ["42", ""]
    row = row_of(teacher.get(f"/sessions/{session_id}").get_data(as_text=True), ids["Ann"])
    assert "Answer sent at 0:50, after the hand went up." in row
    again = refused(ann, press(ann, code, 0, "impossible", "No"))
    assert "Already recorded at 0:42; your first answer is the one kept." in again
    assert scores(teacher, session_id)["Ann"][1:3] == ["42", ""]


def test_a_press_and_a_hand_up_at_once_keep_one_time(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """The pupil's press came first: the proctor's "Hand up" changes nothing."""
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    ids = seats(app, session_id)
    start_set(teacher, session_id)
    clock.at = 1030.0
    press(ann, code, 0, "done", SOLUTION)
    clock.at = 1033.0
    hand = teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Ann']}/hand", headers=FETCH)
    assert hand.status_code == 409 and hand.json == {"problem": "Already recorded at 0:30."}
    assert scores(teacher, session_id)["Ann"][1:3] == ["30", ""]


def test_a_late_press_after_a_hand_up_in_time_is_scored_with_the_hand(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, limit=60)
    ann = join(app, code, "Ann")
    ids = seats(app, session_id)
    start_set(teacher, session_id)
    clock.at = 1050.0
    teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Ann']}/hand")
    clock.at = 1063.0
    page = refused(ann, press(ann, code, 0, "done", SOLUTION))
    assert "Time was up when you pressed, but your hand was already up." in page
    assert "Recorded at <strong>0:50</strong>" in page
    assert scores(teacher, session_id)["Ann"][1:3] == ["50", ""]
    row = row_of(teacher.get(f"/sessions/{session_id}").get_data(as_text=True), ids["Ann"])
    assert "Sent 0:03 after the end (the hand was up in time)." in row


# --- two console tabs on one answer ------------------------------------------------------------


def test_two_console_tabs_never_undo_each_others_verdict_or_answer(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    ids = seats(app, session_id)
    pid = ids["Ann"]
    start_set(teacher, session_id)
    clock.at = 1040.0
    teacher.post(f"/sessions/{session_id}/rounds/0/players/{pid}/hand")
    tab_a = judge_form(teacher.get(f"/sessions/{session_id}").get_data(as_text=True), pid)
    tab_b = dict(tab_a)
    url = f"/sessions/{session_id}/rounds/0/players/{pid}"
    # Tab A gives a verdict; tab B, drawn before, types the answer read off the paper.
    assert teacher.post(url, data={**tab_a, "verdict": "wrong"}).status_code == 303
    assert teacher.post(url, data={**tab_b, "answer": UNSOLVED}).status_code == 303
    row = row_of(teacher.get(f"/sessions/{session_id}").get_data(as_text=True), pid)
    assert '<option value="wrong" selected>' in row, "tab B undid tab A's verdict"
    assert UNSOLVED.split("\n")[0] in row
    # Tab B, still stale, now chooses a verdict of its own: refused beside its row.
    page = refused(teacher, teacher.post(url, data={**tab_b, "verdict": "impossible"}))
    row = row_of(page, pid)
    assert "Ann&#39;s verdict was changed on another screen to &#39;wrong&#39;" in row
    assert 'class="row-problem" role="alert"' in row and "Save again to replace it" in row
    assert '<option value="impossible" selected>' in row  # what was chosen stays
    fetched = teacher.post(url, data={**tab_b, "verdict": "impossible"}, headers=FETCH)
    assert fetched.status_code == 409
    assert fetched.json["current"] == {"answer": UNSOLVED, "verdict": "wrong"}  # type: ignore[index]
    # Saving again from the refreshed row replaces it deliberately.
    fresh = judge_form(teacher.get(f"/sessions/{session_id}").get_data(as_text=True), pid)
    assert teacher.post(url, data={**fresh, "verdict": "impossible"}).status_code == 303
    assert scores(teacher, session_id)["Ann"][1:3] == ["600", "wrong"]  # set 1 can be solved
    # The pupil's own answer is never overwritten by a tab that did not see it.
    clock.at = 1050.0
    press(ann, code, 0, "done", SOLUTION)
    stale = teacher.post(url, data={**tab_b, "answer": "No"})
    assert "written answer was changed on another screen" in refused(teacher, stale)


def test_a_refused_save_says_why_beside_its_row_and_keeps_what_was_typed(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=IMPOSSIBLE)
    join(app, code, "Ann")
    join(app, code, "Bo")
    ids = seats(app, session_id)
    start_set(teacher, session_id)
    form = judge_form(teacher.get(f"/sessions/{session_id}").get_data(as_text=True), ids["Ann"])
    url = f"/sessions/{session_id}/rounds/0/players/{ids['Ann']}"
    page = refused(
        teacher, teacher.post(url, data={**form, "answer": IMPOSSIBLE_GRID, "verdict": "solved"})
    )
    row = row_of(page, ids["Ann"])
    assert "Set 1 is impossible, so it cannot be solved" in row
    assert "data-refused" in row and '<option value="solved" selected>' in row
    assert "Rb~T Bg~S BwzT" in row  # the answer typed stays in its box
    assert "cannot be solved" not in row_of(page, ids["Bo"])
    assert '<div class="problems" role="alert"><p>' not in page  # beside the row, not above
    fetched = teacher.post(url, data={**form, "verdict": "solved"}, headers=FETCH)
    assert fetched.status_code == 400 and "cannot be solved" in fetched.json["problem"]  # type: ignore[index]


# --- what a pupil writes -------------------------------------------------------------------------


def test_no_none_and_a_full_stop_read_as_a_claim_of_impossibility(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=IMPOSSIBLE)
    phones = {name: join(app, code, name) for name in ("Ann", "Bo", "Cy", "Dee")}
    start_set(teacher, session_id)
    for seconds, (name, written) in enumerate(
        zip(phones, ("No.", "none", "NO", "Impossible!"), strict=True), 10
    ):
        clock.at = 1000.0 + seconds
        press(phones[name], code, 0, "done", written)
    got = scores(teacher, session_id)
    assert [got[name][1:3] for name in phones] == [["10", ""], ["11", ""], ["12", ""], ["13", ""]]
    reading = phones["Ann"].get(f"/play/{code}/reading?answer=none.").json
    assert reading is not None and reading["bare_claim"] is True


def test_a_wrong_grid_is_explained_by_the_books_rule_not_called_a_claim(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    puzzle_id = set_id(SOLVABLE)
    page = app.test_client().get(f"/check/{puzzle_id}", query_string={"answer": UNSOLVED})
    text = page.get_data(as_text=True)
    assert "claim that the set is impossible" not in text
    assert "the rules count a matrix handed in unsolved as if you had said it is impossible" in text


# --- secrets between turns ---------------------------------------------------------------------


def test_successive_sets_stay_unchecked_until_the_last_turn_is_over(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """Between turn 1 and turn 2 the checking page must not judge the set a classmate is
    about to play, by id, typed cards, any order or orientation, or from /practice."""
    second = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
    session_id, code = new_session(teacher, sets=f"{SOLVABLE}\n{second}", variant="successive")
    join(app, code, "Ann")
    join(app, code, "Bo")
    pupil = app.test_client()
    start_set(teacher, session_id)
    clock.at += 30
    end_set(teacher, session_id)  # between turns
    clock.at += 30
    cards = read_cards(second, FOUR_D)
    shuffled = " ".join(str(c) for c in reversed(cards))
    asks = [
        f"/check/{set_id(second)}?answer=No",
        f"/check/{from_cards(list(reversed(cards)), 3, 3).id}?answer=No",
        f"/practice/{set_id(second)}?answer=No",
    ]
    for url in asks:
        response = pupil.get(url, follow_redirects=True)
        text = response.get_data(as_text=True)
        assert "Right" not in text and "Wrong" not in text, url
        if "/check/" in url:  # practice sends a Matrix set to its checking page
            assert "in a MAT competition under way" in text, url
    typed = pupil.get("/check", query_string={"size": "3x3", "cards": shuffled})
    page = pupil.get(typed.location + "&answer=No" if "?" in typed.location else typed.location)
    assert page.status_code in (200, 400)
    start_set(teacher, session_id)
    clock.at += 600  # the last turn runs out: the competition is over
    after = pupil.get(f"/check/{set_id(second)}?answer=No").get_data(as_text=True)
    assert "in a MAT competition under way" not in after and "Right" in after


def test_an_unfinished_session_left_for_a_day_keeps_no_set_secret(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=f"{SOLVABLE}\n{IMPOSSIBLE}")
    join(app, code, "Ann")
    start_set(teacher, session_id)
    clock.at += 700
    pupil = app.test_client()
    held = pupil.get(f"/check/{set_id(IMPOSSIBLE)}?answer=No").get_data(as_text=True)
    assert "under way" in held
    clock.at += 24 * 3600
    freed = pupil.get(f"/check/{set_id(IMPOSSIBLE)}?answer=No").get_data(as_text=True)
    assert "under way" not in freed and "Right" in freed


# --- a deleted session ---------------------------------------------------------------------------


def test_a_deleted_session_tells_its_phones_and_no_one_rejoins(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    start_set(teacher, session_id)
    gone = teacher.post(f"/sessions/{session_id}/delete", data={"confirm": "yes"})
    assert gone.status_code == 303
    polled = ann.get(f"/play/{code}/state")
    assert polled.status_code == 404
    assert polled.json is not None
    assert "Your teacher has deleted this session" in polled.json["problem"]
    page = ann.get(f"/play/{code}", follow_redirects=True).get_data(as_text=True)
    assert "Your teacher has deleted this session" in page
    pressed = refused(ann, press(ann, code, 0, "done", SOLUTION))
    assert "Your teacher has deleted this session" in pressed and SOLUTION.split("\n")[0] in pressed
    stranger = app.test_client().get(f"/play/{code}/state")
    assert stranger.status_code == 404 and "deleted" not in stranger.get_data(as_text=True)


def test_deleting_the_players_mid_set_closes_joining(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    start_set(teacher, session_id)
    wiped = teacher.post(f"/sessions/{session_id}/delete-students", data={"confirm": "yes"})
    assert wiped.status_code == 303
    assert ann.get(f"/play/{code}/state").status_code == 403
    again = app.test_client().post("/join", data={"code": code, "nickname": "Ann"})
    assert "This session is not taking new players" in refused(app.test_client(), again) or (
        again.status_code == 303 and "/join" in again.location
    )
    with_cookie = app.test_client()
    back = with_cookie.post("/join", data={"code": code, "nickname": "Zed"})
    text = with_cookie.get(back.location).get_data(as_text=True)
    assert "This session is not taking new players; ask your teacher." in text


def test_the_reveal_prompt_names_whose_hands_need_a_verdict(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    for name in ("Ann", "Bo", "Cy"):
        join(app, code, name)
    ids = seats(app, session_id)
    start_set(teacher, session_id)
    clock.at += 30
    for name in ("Bo", "Cy"):
        teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids[name]}/hand")
    clock.at += 600
    page = refused(teacher, teacher.post(f"/sessions/{session_id}/reveal", data={"shown": "1"}))
    assert "2 hands still need a verdict (Bo (set 1) and Cy (set 1))" in page


def test_letting_a_pupil_rejoin_mid_set_asks_first(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher)
    join(app, code, "Ann")
    pid = seats(app, session_id)["Ann"]
    before = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    free = f'action="/sessions/{session_id}/players/{pid}/free"'
    assert free in before and "is playing set" not in before  # between sets: no question
    start_set(teacher, session_id)
    during = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    form = during[during.index(free) : during.index(">", during.index(free))]
    assert 'data-confirm="Ann is playing set 1 now. Let Ann rejoin on another device?' in form

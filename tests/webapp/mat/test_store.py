"""The MAT session store (webapp/mat/store.py) against a real SQLite database: making
sessions, seating players, rounds, hands and verdicts, and scoring by the rules engine."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, func, select
from webapp_support import Clock

from printables.cards import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix import session
from printables.matrix.mat import check_answer, ranking, set_score, successive_schedule, totals
from printables.matrix.puzzles import Puzzle, from_cards, generate, get_puzzle, puzzle_ids
from webapp.db import make_engine, write
from webapp.mat import store
from webapp.schema import upgrade
from webapp.tables import entries, mat_sets, players, rounds, teachers

SOLVABLE = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
SOLUTION = "BbzT Bg~T Bw=T\nGb~T Gg=T GwzT\nRbzT RgzC RwzS"
IMPOSSIBLE = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
LIMIT = 60


def puzzle(cards: str) -> Puzzle:
    return from_cards(read_cards(cards, FOUR_D), 3, 3)


POOL = (
    puzzle(SOLVABLE),
    puzzle(IMPOSSIBLE),
    generate(3, 3, "solvable", "easy", 4),
    generate(3, 3, "impossible", "medium", 5),
)


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    found = make_engine(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    upgrade(found)
    with write(found) as db:  # the sessions' owner (no password needed here)
        db.execute(teachers.insert().values(username="ada", password_hash="-", created_at=0.0))
    yield found
    found.dispose()


def make(
    engine: Engine, puzzles: list[Puzzle], variant: str = "simultaneous", limit: int = LIMIT
) -> int:
    with write(engine) as db:
        return store.create_session(db, 1, "Period 3", variant, puzzles, limit)


def view_of(engine: Engine, session_id: int) -> store.SessionView:
    with write(engine) as db:
        return store.load(db, session_id)


def seat(engine: Engine, session_id: int, *names: str) -> list[int]:
    ids = []
    for name in names:
        with write(engine) as db:
            player_id, _ = store.add_player(db, store.load(db, session_id), name, with_token=False)
        ids.append(player_id)
    return ids


def start(engine: Engine, session_id: int, number: int | None = None) -> int:
    """Start the next round (or round ``number``, as a console showing it would)."""
    with write(engine) as db:
        view = store.load(db, session_id)
        return store.start_round(db, view, len(view.rounds) if number is None else number)


def end(engine: Engine, session_id: int, number: int | None = None) -> None:
    """End the round running (or round ``number``, as a console showing it would)."""
    with write(engine) as db:
        view = store.load(db, session_id)
        store.end_round(db, view, len(view.rounds) - 1 if number is None else number)


def hand(
    engine: Engine,
    session_id: int,
    player_id: int,
    number: int,
    claim: str | None = None,
    answer: str | None = None,
) -> int | None:
    """The proctor's "Hand up" (no claim), or the pupil's press with its answer."""
    with write(engine) as db:
        view = store.load(db, session_id)
        if claim is None:
            return store.raise_hand(db, view, player_id, number)
        the_press = store.read_press(view, player_id, number, claim, answer or "")
        return store.press(db, view, the_press).seconds


# --- making sessions and reading sets ----------------------------------------------------


def test_read_sets_takes_ids_and_cards_and_refuses_both_or_none() -> None:
    typed_id = puzzle_ids(1, 3, 3, "either", "easy", 2)[0]
    found = session.choose_sets(session.SetSource(lines=f"{typed_id}\n\n{SOLVABLE}"), "3x3", "x")
    assert [p.id for p in found] == [typed_id, puzzle(SOLVABLE).id]
    both = session.SetSource(lines=SOLVABLE, generate=2)
    with pytest.raises(store.MatError, match=r"^give either sets .* not both$"):
        session.choose_sets(both, "3x3", "simultaneous")
    with pytest.raises(store.MatError, match=r"^give the sets: puzzle ids or card lists"):
        session.choose_sets(session.SetSource(lines=" \n"), "3x3", "simultaneous")
    generated = session.choose_sets(session.SetSource(generate=3, seed=9), "3x3", "successive")
    cards = [c for p in generated for c in p.cards]
    assert len(cards) == 27 == len(set(cards))  # one deck: Successive sets share no card
    plain = session.choose_sets(
        session.SetSource(generate=2, want="impossible"), "3x4", "simultaneous"
    )
    assert [p.id for p in plain] == puzzle_ids(2, 3, 4, "impossible", "medium", 1, "mat")
    assert not any(p.solvable for p in plain)


def test_create_session_stores_the_sets_and_a_readable_join_code(engine: Engine) -> None:
    session_id = make(engine, [POOL[0], POOL[1]])
    view = view_of(engine, session_id)
    code = view.row.join_code
    assert len(code) == store.CODE_LENGTH and set(code) <= set(store.CODE_ALPHABET)
    assert not set(code) & set("01OI")
    assert [(s.puzzle_id, s.cards, s.impossible) for s in view.sets] == [
        (POOL[0].id, POOL[0].cards, False),
        (POOL[1].id, POOL[1].cards, True),
    ]
    assert [s.label for s in view.sets] == ["Set 1", "Set 2"]
    with write(engine) as db:
        assert store.load_by_code(db, f" {code.lower()[:2]}-{code[2:]} ").id == session_id
        with pytest.raises(LookupError):
            store.load(db, session_id, teacher_id=2)
        with pytest.raises(LookupError):
            store.load_by_code(db, "")


@pytest.mark.parametrize(
    ("name", "variant", "sets", "limit", "message"),
    [
        ("", "simultaneous", 1, 600, "name the session"),
        ("x" * 81, "simultaneous", 1, 600, "name the session"),
        ("P3", "relay", 1, 600, "the variant is simultaneous or successive, not 'relay'"),
        ("P3", "simultaneous", 1, 9, "the time limit is 10 to 3600 seconds, not 9"),
        ("P3", "simultaneous", 0, 600, "a session needs at least one set"),
        ("P3", "successive", 10, 600, "MAT Successive has one set a player, at most 9"),
    ],
)
def test_create_session_refusals(
    engine: Engine, name: str, variant: str, sets: int, limit: int, message: str
) -> None:
    with write(engine) as db, pytest.raises(store.MatError, match=message):
        store.create_session(db, 1, name, variant, [POOL[0]] * sets, limit)


def test_every_set_of_a_session_has_one_size(engine: Engine) -> None:
    mixed = [POOL[0], generate(4, 4, "solvable", "easy", 1)]
    with write(engine) as db, pytest.raises(store.MatError, match="the same grid size"):
        store.create_session(db, 1, "P3", "simultaneous", mixed)


def test_a_taken_join_code_is_drawn_again(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    codes = iter(["AAAAAA", "AAAAAA", "AAAAAA", "BBBBBB"])
    monkeypatch.setattr(store, "new_join_code", lambda: next(codes))
    first, second = make(engine, [POOL[0]]), make(engine, [POOL[0]])
    assert view_of(engine, first).row.join_code == "AAAAAA"
    assert view_of(engine, second).row.join_code == "BBBBBB"
    with write(engine) as db:  # the failed inserts left no stray sets behind
        assert db.execute(select(func.count()).select_from(mat_sets)).scalar_one() == 2
    monkeypatch.setattr(store, "new_join_code", lambda: "AAAAAA")
    with pytest.raises(store.MatError, match="no free join code"):
        make(engine, [POOL[0]])


# --- players -------------------------------------------------------------------------------


def test_a_joining_student_gets_a_token_whose_hash_alone_is_kept(engine: Engine) -> None:
    session_id = make(engine, [POOL[0]])
    with write(engine) as db:
        view = store.load(db, session_id)
        player_id, token = store.add_player(db, view, "  Ann   Lee ", with_token=True)
    assert token is not None and len(token) >= 32
    with write(engine) as db:
        row = db.execute(select(players).where(players.c.id == player_id)).one()
        assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
        assert (row.nickname, row.nickname_key, row.seat) == ("Ann Lee", "ann lee", 0)
        found = store.player_by_token(db, view, token)
        assert found is not None and found.id == player_id
        assert store.player_by_token(db, view, token + "x") is None
        assert store.player_by_token(db, view, None) is None
        view = store.load(db, session_id)
        store.free_seat(db, view, player_id)
        assert store.player_by_token(db, view, token) is None
        with pytest.raises(store.MatError, match="no such player"):
            store.free_seat(db, view, player_id + 1)


def test_nicknames_are_trimmed_checked_and_unique_regardless_of_case(engine: Engine) -> None:
    session_id = make(engine, [POOL[0]])
    seat(engine, session_id, "Ann")
    with write(engine) as db:
        view = store.load(db, session_id)
        with pytest.raises(store.MatError, match="already a player called Ann"):
            store.add_player(db, view, "ANN", with_token=False)
        with pytest.raises(store.MatError, match="1 to 24 characters"):
            store.add_player(db, view, "x" * 25, with_token=False)
        with pytest.raises(store.MatError, match="letters, digits"):
            store.add_player(db, view, "Ann\x07", with_token=False)
        claimed, token = store.add_player(db, view, "ann", with_token=True)
        assert token is not None
        with pytest.raises(store.MatError, match="someone has already joined as Ann"):
            store.add_player(db, view, "Ann", with_token=True)
    assert [s.id for s in view_of(engine, session_id).seats] == [claimed]


def test_seats_follow_joining_order_and_successive_closes_when_full_or_begun(
    engine: Engine,
) -> None:
    session_id = make(engine, [POOL[0], POOL[1], POOL[2]], "successive")
    seat(engine, session_id, "Ann", "Bob", "Cy")
    assert [(s.nickname, s.seat) for s in view_of(engine, session_id).seats] == [
        ("Ann", 0), ("Bob", 1), ("Cy", 2),
    ]  # fmt: skip
    with pytest.raises(store.MatError, match="full: 3 players"):
        seat(engine, session_id, "Dee")
    other = make(engine, [POOL[0], POOL[1]], "successive")
    seat(engine, other, "Ann", "Bob")
    start(engine, other)
    with write(engine) as db:
        db.execute(players.delete().where(players.c.session_id == other, players.c.seat == 1))
    with pytest.raises(store.MatError, match="MAT Successive has begun"):
        seat(engine, other, "Eve")


# --- rounds and hands ----------------------------------------------------------------------


def test_hands_record_whole_seconds_once_while_the_round_runs(engine: Engine, clock: Clock) -> None:
    session_id = make(engine, [POOL[0], POOL[1]], limit=600)
    ann, bob, cy = seat(engine, session_id, "Ann", "Bob", "Cy")
    with pytest.raises(store.Conflict, match="that set has not started"):
        hand(engine, session_id, ann, 0)
    assert start(engine, session_id) == 0
    clock.at = 1083.9
    assert hand(engine, session_id, ann, 0, "done", "  RbzT \n") == 83
    clock.at = 1000.999
    assert hand(engine, session_id, bob, 0) == 0
    clock.at = 1090.0
    with pytest.raises(store.Conflict, match=r"already recorded at 1:23"):
        hand(engine, session_id, ann, 0, "impossible", "No")
    with pytest.raises(store.MatError, match="press Done or Impossible, not 'maybe'"):
        hand(engine, session_id, cy, 0, "maybe")
    with pytest.raises(store.MatError, match="too long"):
        hand(engine, session_id, cy, 0, "done", "x" * (session.MAX_ANSWER + 1))
    view = view_of(engine, session_id)
    # The answer was checked when it was written, and the check kept with it.
    unreadable = "the answer is 1x1 (1 places) but the set has 9 cards"
    checked = session.Checked(None, (), unreadable)
    assert view.entry(ann, 0) == session.Entry(ann, 0, 83, "done", "RbzT", None, checked, 1083.9)
    assert view.entry(bob, 0) == session.Entry(bob, 0, 0, None, None, None)
    assert view.entry(cy, 0) is None  # the refused presses left nothing
    clock.at = 1060.0
    with pytest.raises(store.Conflict, match="still running"):
        start(engine, session_id)
    clock.at = 1600.0
    with pytest.raises(store.Conflict, match="time is up for that set"):
        hand(engine, session_id, cy, 0)
    assert start(engine, session_id) == 1
    with pytest.raises(store.Conflict, match="time is up for that set"):
        hand(engine, session_id, cy, 0)  # an old round
    with pytest.raises(store.MatError, match="no such player"):
        hand(engine, session_id, cy + 100, 1)


def joined(engine: Engine, session_id: int, *names: str) -> list[tuple[int, str]]:
    """Students joining on their devices: (player id, the device's token) each."""
    found = []
    for name in names:
        with write(engine) as db:
            player_id, token = store.add_player(db, store.load(db, session_id), name, True)
        assert token is not None
        found.append((player_id, token))
    return found


def device(engine: Engine, session_id: int, token: str | None) -> store.SeatView:
    with write(engine) as db:
        code = store.load(db, session_id).row.join_code
        return store.load_for_device(db, code, token)


def test_a_device_reads_its_own_seat_and_entries_and_every_set_and_round(
    engine: Engine, clock: Clock
) -> None:
    """What a phone's poll, page and press read: the session's sets and rounds as the
    whole session has them, and of the players only its own, with its own entries."""
    session_id = make(engine, [POOL[0], POOL[1]], limit=600)
    (ann, ann_token), (bob, _) = joined(engine, session_id, "Ann", "Bob")
    start(engine, session_id)
    clock.at = 1042.0
    hand(engine, session_id, ann, 0, "done", SOLUTION)
    hand(engine, session_id, bob, 0, "impossible", "No")
    whole = view_of(engine, session_id)
    mine = device(engine, session_id, ann_token)
    assert mine.mine == session.Seat(ann, 0, "Ann")
    assert (mine.sets, mine.rounds, mine.row.id) == (whole.sets, whole.rounds, whole.id)
    assert mine.seats == (mine.mine,) and mine.on_devices == {ann}
    assert mine.entries == {(ann, 0): whole.entry(ann, 0)}  # never Bob's
    with pytest.raises(TypeError, match="load the whole session"):
        mine.standings(clock.at)
    for token in (None, "", ann_token + "x"):  # no seat: the session, and no one in it
        stranger = device(engine, session_id, token)
        assert stranger.mine is None and stranger.seats == () and stranger.entries == {}
    with write(engine) as db, pytest.raises(LookupError):
        store.load_for_device(db, "ZZZZZZ", ann_token)


def test_a_press_read_before_the_end_and_written_after_it_keeps_its_arrival(
    engine: Engine, clock: Clock
) -> None:
    """A press is read and its answer checked before the write, so the round may end in
    between: the rounds are read again under the write, and the press is timed by when it
    arrived. Ann's press came before the end (scored); Bob's came after it, though his
    phone's view of the round, read earlier, still showed it running (late, unscored)."""
    session_id = make(engine, [POOL[0], POOL[1]], limit=600)
    (ann, ann_token), (bob, bob_token) = joined(engine, session_id, "Ann", "Bob")
    start(engine, session_id)
    clock.at = 1030.0
    ann_view, bob_view = (
        device(engine, session_id, ann_token),
        device(engine, session_id, bob_token),
    )
    ann_press = store.read_press(ann_view, ann, 0, "done", SOLUTION)
    clock.at = 1033.0
    end(engine, session_id, 0)
    clock.at = 1036.0
    bob_press = store.read_press(bob_view, bob, 0, "done", SOLUTION)  # his view: running
    with write(engine) as db:
        ann_pressed = store.press(db, ann_view, ann_press)
        bob_pressed = store.press(db, bob_view, bob_press)
    assert (ann_pressed.seconds, ann_pressed.late) == (30, False)
    assert (bob_pressed.seconds, bob_pressed.late) == (None, True)
    whole = view_of(engine, session_id)
    ann_entry, bob_entry = whole.entry(ann, 0), whole.entry(bob, 0)
    assert ann_entry is not None and bob_entry is not None
    assert (ann_entry.seconds, ann_entry.late, ann_entry.answer) == (30, False, SOLUTION)
    assert (bob_entry.seconds, bob_entry.late, bob_entry.answer) == (None, True, SOLUTION)
    assert (ann_pressed.entry, bob_pressed.entry) == (ann_entry, bob_entry)  # as written


def test_a_player_removed_between_reading_a_press_and_writing_it_leaves_nothing(
    engine: Engine, clock: Clock
) -> None:
    session_id = make(engine, [POOL[0], POOL[1]], limit=600)
    ((ann, token),) = joined(engine, session_id, "Ann")
    start(engine, session_id)
    clock.at = 1010.0
    view = device(engine, session_id, token)
    the_press = store.read_press(view, ann, 0, "done", SOLUTION)
    with write(engine) as db:
        store.remove_player(db, store.load(db, session_id), ann)
    with write(engine) as db, pytest.raises(store.Unseated):
        store.press(db, view, the_press)
    with write(engine) as db:
        assert db.execute(select(func.count()).select_from(entries)).scalar_one() == 0


def test_round_times_and_ending_early(engine: Engine, clock: Clock) -> None:
    the_round = session.Round(0, 1000.0, None, 60)
    assert [the_round.elapsed(t) for t in (990.0, 1000.0, 1059.99, 1075.0)] == [0, 0, 59, 60]
    assert the_round.running(1059.99) and not the_round.running(1060.0)
    assert the_round.ends_at() == 1060.0
    assert session.Round(0, 1000.0, 1030.0, 60).ends_at() == 1030.0
    assert not session.Round(0, 1000.0, 1030.0, 60).running(1030.0)
    assert session.Round(0, 1000.0, 1030.0, 60).running(1029.0)  # on then: ended at 1030
    session_id = make(engine, [POOL[0], POOL[1]])
    seat(engine, session_id, "Ann")
    with pytest.raises(store.Conflict, match=r"Set 1 has not started\. No set has started yet"):
        end(engine, session_id, 0)
    start(engine, session_id)
    clock.at = 1012.0
    end(engine, session_id, 0)
    view = view_of(engine, session_id)
    assert view.rounds == (session.Round(0, 1000.0, 1012.0, LIMIT),)
    assert not view.finished(1012.0)
    clock.at = 1013.0
    start(engine, session_id)
    assert view_of(engine, session_id).finished(1013.0 + LIMIT)
    with pytest.raises(store.Conflict, match="every set has been played"):
        clock.at = 2000.0
        start(engine, session_id)


def test_two_proctors_starting_the_same_round_get_a_conflict(engine: Engine, clock: Clock) -> None:
    session_id = make(engine, [POOL[0], POOL[1]])
    seat(engine, session_id, "Ann")
    stale = view_of(engine, session_id)  # the second console read before the first start
    start(engine, session_id)
    with write(engine) as db, pytest.raises(store.Conflict, match="has just been started"):
        store.start_round(db, stale, 0)
    with write(engine) as db:
        assert db.execute(select(func.count()).select_from(rounds)).scalar_one() == 1


def test_verdicts_and_answers_from_the_proctor(engine: Engine, clock: Clock) -> None:
    session_id = make(engine, [POOL[0], POOL[1]])
    (ann,) = seat(engine, session_id, "Ann")
    with write(engine) as db, pytest.raises(store.Conflict, match="not started"):
        store.set_verdict(db, store.load(db, session_id), ann, 0, "wrong")
    start(engine, session_id)
    clock.at = 2000.0
    start(engine, session_id)
    with write(engine) as db:
        view = store.load(db, session_id)
        with pytest.raises(store.MatError, match="Set 2 is impossible, so it cannot be solved"):
            store.set_verdict(db, view, ann, 1, "solved")
        with pytest.raises(store.MatError, match="not 'maybe'"):
            store.set_verdict(db, view, ann, 1, "maybe")
        store.set_verdict(db, view, ann, 0, "solved")  # after the round: a verdict is fine
        store.set_answer(db, view, ann, 1, "   ")
        with pytest.raises(store.MatError, match="too long"):
            store.set_answer(db, view, ann, 1, "x" * (session.MAX_ANSWER + 1))
    view = view_of(engine, session_id)
    assert view.entry(ann, 0) == session.Entry(ann, 0, None, None, None, "solved")
    assert view.entry(ann, 1) == session.Entry(ann, 1, None, None, None, None)


def test_judge_goes_verdict_then_answer_then_claim() -> None:
    solvable = session.MatSet(0, POOL[0].id, POOL[0].cards, False)
    impossible = session.MatSet(1, POOL[1].id, POOL[1].cards, True)

    def entry(**fields: object) -> session.Entry:
        base: dict[str, object] = {"seconds": 5, "claim": None, "answer": None, "verdict": None}
        base.update(fields)
        return session.Entry(1, 0, **base)  # type: ignore[arg-type]

    assert session.judge(None, solvable) == session.Judgement(None, "no hand")
    assert session.judge(entry(seconds=None), solvable) == session.Judgement(None, "no hand")
    assert session.judge(entry(), solvable) == session.Judgement(None, "unchecked")
    assert session.judge(entry(verdict="solved", answer="junk"), solvable).right is True
    assert session.judge(entry(verdict="impossible"), impossible) == session.Judgement(
        True, "verdict"
    )
    assert session.judge(entry(verdict="impossible"), solvable).right is False
    assert session.judge(entry(verdict="wrong", answer=SOLUTION), solvable).right is False
    right = session.judge(entry(answer=SOLUTION, claim="impossible"), solvable)
    assert (right.right, right.how) == (True, "answer")
    assert right.reasons == check_answer(SOLUTION, POOL[0].cards).reasons
    garbled = session.judge(entry(answer="Bb=S Bx=S"), solvable)
    assert (garbled.right, garbled.how) == (False, "answer")
    assert garbled.unreadable is not None and "'x' is not a shade" in garbled.unreadable
    draft = session.judge(entry(answer="Gb=C GbzS Gg~T\nRb~T", claim="impossible"), impossible)
    assert (draft.right, draft.how) == (True, "claim") and draft.unreadable is not None
    draft = session.judge(entry(answer="Bb=S Bx=S", claim="impossible"), solvable)
    assert (draft.right, draft.how) == (False, "claim")
    one_line = " ".join(str(c) for c in POOL[0].cards)  # not a matrix: claims nothing
    line = session.judge(entry(answer=one_line, claim="done"), solvable)
    assert (line.right, line.how) == (False, "answer") and "not a matrix" in str(line.unreadable)
    assert session.judge(entry(claim="impossible"), impossible) == session.Judgement(True, "claim")
    assert session.judge(entry(claim="impossible"), solvable) == session.Judgement(False, "claim")
    assert session.judge(entry(claim="done"), solvable) == session.Judgement(None, "unchecked")
    assert session.judge(entry(answer="No"), impossible).right is True


def test_marks_of_cells_while_a_session_runs(engine: Engine, clock: Clock) -> None:
    session_id = make(engine, [POOL[0], POOL[1]])
    ann, bob, cy, _dee = seat(engine, session_id, "Ann", "Bob", "Cy", "Dee")
    start(engine, session_id)
    clock.at = 1010.0
    hand(engine, session_id, ann, 0, "done", SOLUTION)
    hand(engine, session_id, bob, 0, "impossible")
    hand(engine, session_id, cy, 0)
    marks = {s.nickname: [(c.score, c.mark) for c in s.cells] for s in view_of(
        engine, session_id).standings(1020.0)}  # fmt: skip
    assert marks == {
        "Ann": [(10, ""), (LIMIT, "to play")],
        "Bob": [(LIMIT, "wrong"), (LIMIT, "to play")],
        "Cy": [(LIMIT, "unchecked"), (LIMIT, "to play")],
        "Dee": [(LIMIT, "playing"), (LIMIT, "to play")],
    }
    after = view_of(engine, session_id).standings(1000.0 + LIMIT)
    assert [s.cells[0].mark for s in after] == ["", "wrong", "unchecked", "no time"]
    assert [(s.total, s.place) for s in after] == [
        (10 + LIMIT, 1), (2 * LIMIT, 2), (2 * LIMIT, 2), (2 * LIMIT, 2),
    ]  # fmt: skip


def test_deleting_players_or_the_session_cascades(engine: Engine, clock: Clock) -> None:
    session_id = make(engine, [POOL[0]])
    kept = make(engine, [POOL[1]])
    ann, _bob = seat(engine, session_id, "Ann", "Bob")
    (other,) = seat(engine, kept, "Zed")
    start(engine, session_id)
    start(engine, kept)
    hand(engine, session_id, ann, 0)
    hand(engine, kept, other, 0)
    with write(engine) as db:
        assert store.delete_student_data(db, store.load(db, session_id)) == 2
    view = view_of(engine, session_id)
    assert view.seats == () and view.entries == {} and len(view.rounds) == 1
    with write(engine) as db:
        store.delete_session(db, store.load(db, session_id))
        with pytest.raises(LookupError):
            store.load(db, session_id)
        left = db.execute(select(entries.c.player_id)).scalars().all()
        assert left == [other]
        sets_left = db.execute(select(mat_sets.c.session_id)).scalars().all()
        assert sets_left == [kept]


# --- MAT Successive ------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(1, 10))
def test_successive_cells_follow_the_engines_schedule(engine: Engine, count: int) -> None:
    ids = puzzle_ids(count, 3, 3, "either", "easy", 3)
    session_id = make(engine, [get_puzzle(i) for i in ids], "successive")
    seat(engine, session_id, *(f"P{n}" for n in range(count)))
    view = view_of(engine, session_id)
    schedule = successive_schedule(count)
    assert view.schedule == schedule and view.round_count == count
    for turn, p in itertools.product(range(count), range(count)):
        assert view.set_for(turn, p) == view.sets[schedule[turn][p]]
        assert view.round_of(schedule[turn][p], p) == turn
    for p in range(count):  # every player has every set once
        assert sorted(view.set_for(t, p).position for t in range(count)) == list(range(count))


def test_successive_scores_land_in_each_players_set_columns(engine: Engine, clock: Clock) -> None:
    session_id = make(engine, [POOL[0], POOL[1], POOL[2]], "successive")
    ann, bob, cy = seat(engine, session_id, "Ann", "Bob", "Cy")
    start(engine, session_id)  # turn 1: Ann set 1, Bob set 2, Cy set 3
    clock.at = 1007.5
    hand(engine, session_id, bob, 0, "impossible")  # set 2 is impossible: right
    clock.at = 2000.0
    start(engine, session_id)  # turn 2: Ann set 3, Bob set 1, Cy set 2
    clock.at = 2011.0
    hand(engine, session_id, cy, 1, "impossible")  # set 2 again: right
    hand(engine, session_id, ann, 1, "impossible")  # set 3 is solvable: wrong
    standings = view_of(engine, session_id).standings(2100.0)
    cells = {s.nickname: [(c.round, c.score, c.mark) for c in s.cells] for s in standings}
    assert cells == {
        "Ann": [(0, LIMIT, "no time"), (2, LIMIT, "to play"), (1, LIMIT, "wrong")],
        "Bob": [(1, LIMIT, "no time"), (0, 7, ""), (2, LIMIT, "to play")],
        "Cy": [(2, LIMIT, "to play"), (1, 11, ""), (0, LIMIT, "no time")],
    }
    assert [s.place for s in standings] == [3, 1, 2]


# --- the scoring property ------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """What happens to one seat in one round."""

    seconds: int | None  # the hand's whole seconds, None: no hand
    fraction: float
    claim: str | None
    answer: str  # "", "key", "cards", "no" or "garbled"
    by: str  # who records the hand and answer: "student" or "proctor"
    verdict: str | None


actions = st.builds(
    Action,
    seconds=st.one_of(st.none(), st.integers(0, LIMIT - 1)),
    fraction=st.sampled_from([0.0, 0.25, 0.5, 0.99]),
    claim=st.sampled_from([None, "done", "impossible"]),
    answer=st.sampled_from(["", "key", "cards", "no", "garbled"]),
    by=st.sampled_from(["student", "proctor"]),
    verdict=st.sampled_from([None, "solved", "impossible", "wrong"]),
)


@st.composite
def sessions(draw: st.DrawFn) -> tuple[bool, list[int], list[list[Action]], int]:
    successive = draw(st.booleans())
    set_count = draw(st.integers(1, 4))
    seat_count = set_count if successive else draw(st.integers(1, 4))
    kinds = draw(st.lists(st.integers(0, len(POOL) - 1), min_size=set_count, max_size=set_count))
    per_round = st.lists(actions, min_size=seat_count, max_size=seat_count)
    plan = draw(st.lists(per_round, min_size=set_count, max_size=set_count))
    played = draw(st.integers(0, set_count))
    return successive, kinds, plan, played


def answer_text(kind: str, the_puzzle: Puzzle) -> str:
    if kind == "key" and the_puzzle.solution is not None:
        return "\n".join(" ".join(str(c) for c in row) for row in the_puzzle.solution)
    if kind == "cards":
        names = [str(c) for c in the_puzzle.cards]
        return "\n".join(" ".join(names[k : k + 3]) for k in (0, 3, 6))
    return {"no": "No", "garbled": "Bb=S Bx=S Gw~T", "key": "No"}.get(kind, "")


def expected_right(
    verdict: str | None, answer: str, claim: str | None, seconds: int | None, the_puzzle: Puzzle
) -> bool | None:
    """The rules as the module's docstring states them, from what was recorded."""
    impossible = not the_puzzle.solvable
    if verdict is not None:
        return {"solved": True, "impossible": impossible, "wrong": False}[verdict]
    if answer:
        try:
            return check_answer(answer, the_puzzle.cards).right
        except ValueError:
            # Unreadable: wrong, unless the player pressed Impossible (a draft left in the
            # box does not undo the press).
            return impossible if claim == "impossible" else False
    if claim == "impossible":
        return impossible
    return None


@settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(game=sessions())
def test_standings_are_the_engines_totals_and_ranking(
    engine: Engine, game: tuple[bool, list[int], list[list[Action]], int]
) -> None:
    successive, kinds, plan, played = game
    puzzles = [POOL[k] for k in kinds]
    clock = Clock(10_000.0)
    with mock.patch.object(store, "now", clock):
        session_id = make(engine, puzzles, "successive" if successive else "simultaneous")
        ids = seat(engine, session_id, *(f"P{n}" for n in range(len(plan[0]))))
        schedule = successive_schedule(len(puzzles)) if successive else None
        expected: dict[tuple[int, int], tuple[int, str]] = {}  # (seat, set) -> (score, mark)
        for number in range(played):
            began = clock.at = 10_000.0 * (number + 2)
            start(engine, session_id)
            for p, action in sorted(
                enumerate(plan[number]), key=lambda pa: (pa[1].seconds is None, pa[1].seconds)
            ):
                position = schedule[number][p] if schedule else number
                the_puzzle = puzzles[position]
                answer = answer_text(action.answer, the_puzzle)
                claim = None
                if action.seconds is not None:
                    clock.at = began + action.seconds + action.fraction
                    if action.by == "student":  # a pupil's press always says Done or Impossible
                        claim = action.claim or "done"
                        got = hand(engine, session_id, ids[p], number, claim, answer)
                    else:
                        got = hand(engine, session_id, ids[p], number)
                    assert got == action.seconds
                with write(engine) as db:
                    fresh = store.load(db, session_id)
                    if answer and (action.by == "proctor" or action.seconds is None):
                        store.set_answer(db, fresh, ids[p], number, answer)
                    verdict = action.verdict
                    if verdict == "solved" and not the_puzzle.solvable:
                        with pytest.raises(store.MatError, match="cannot be solved"):
                            store.set_verdict(db, fresh, ids[p], number, verdict)
                        verdict = None
                    elif verdict is not None:
                        store.set_verdict(db, fresh, ids[p], number, verdict)
                right = expected_right(verdict, answer, claim, action.seconds, the_puzzle)
                if right is None:
                    mark = "no time" if action.seconds is None else "unchecked"
                    expected[p, position] = (LIMIT, mark)
                else:
                    mark = ("" if action.seconds is not None else "no time") if right else "wrong"
                    expected[p, position] = (set_score(action.seconds, right, LIMIT), mark)
        standings = view_of(engine, session_id).standings(clock.at + LIMIT)
    assert [s.nickname for s in standings] == [f"P{n}" for n in range(len(ids))]
    scores = [[s.cells[k].score for s in standings] for k in range(len(puzzles))]
    for s in standings:
        for cell in s.cells:
            assert (cell.score, cell.mark) == expected.get(
                (s.seat, cell.set_position), (LIMIT, "to play")
            )
    assert [s.total for s in standings] == list(totals(scores))
    assert [s.place for s in standings] == list(ranking(totals(scores)))

"""The betting session, rule by rule (4D Playing Cards rulebook, "Betting Rules")."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from printables.games.betting import (
    Bet,
    BetMove,
    Call,
    Drop,
    Raise,
    Session,
    apply_bet,
    candidates,
    cost,
    legal,
    open_session,
    session_problems,
    to_call,
    why_illegal_bet,
)


def session(players: int = 3, first: int = 0, limit: int = 5, max_raises: int = 0) -> Session:
    return open_session(players, first, (True,) * players, limit, max_raises)


def play(s: Session, *moves: BetMove) -> Session:
    for move in moves:
        assert why_illegal_bet(s, move) is None, (move, why_illegal_bet(s, move))
        s = apply_bet(s, move)
    return s


def test_the_opener_bets_one_chip_up_to_the_limit_or_drops_out() -> None:
    s = session(limit=5)
    assert legal(s) == [Bet(1), Bet(2), Bet(3), Bet(4), Bet(5), Drop()]
    assert why_illegal_bet(s, Bet(6)) == "A bet is 1 to 5 chips (the betting limit), not 6."
    assert why_illegal_bet(s, Bet(0)) == "A bet is 1 to 5 chips (the betting limit), not 0."


def test_there_is_no_calling_or_checking_before_the_betting_is_opened() -> None:
    s = session()
    assert why_illegal_bet(s, Call()) == (
        "No bet has been placed yet, so there is nothing to call; "
        "open the betting with 1 to 5 chips or drop out."
    )
    assert "nothing to raise" in str(why_illegal_bet(s, Raise(2)))


def test_a_player_who_drops_before_a_bet_passes_the_opening_to_the_next() -> None:
    s = play(session(first=1), Drop())
    assert s.turn == 2 and not s.opened and s.active == (True, False, True)
    s = play(s, Bet(3))
    assert s.opener == 2 and s.turn == 0


def test_the_session_is_opened_by_the_next_remaining_player_when_the_first_is_out() -> None:
    s = open_session(4, 1, (True, False, False, True), 5)
    assert s.turn == 3


def test_once_a_bet_is_placed_the_next_player_calls_raises_or_drops() -> None:
    s = play(session(), Bet(3))
    assert legal(s) == [Call(), *(Raise(n) for n in range(1, 6)), Drop()]
    assert why_illegal_bet(s, Bet(2)) == (
        "The betting is already open (3 chips to match); call, call and raise, or drop out."
    )
    assert cost(s, Call()) == 3 and cost(s, Raise(5)) == 8
    assert why_illegal_bet(s, Raise(6)) == "A raise is 1 to 5 chips (the betting limit), not 6."


def test_players_match_every_raise_since_their_last_bet() -> None:
    s = play(session(), Bet(3), Raise(5))  # seat 1 puts 8 in
    assert s.turn == 2 and to_call(s, 2) == 8
    s = play(s, Raise(2))  # seat 2 puts 10 in
    assert s.turn == 0 and to_call(s, 0) == 7  # the opener matches only the raises: 5 + 2
    assert to_call(s, 1) == 2


def test_the_session_ends_when_all_remaining_have_put_in_the_same() -> None:
    s = play(session(), Bet(3), Raise(5), Call())
    assert not s.over and s.turn == 0
    s = play(s, Call())
    assert s.over and s.put == (8, 8, 8) and session_problems(s) == []
    assert why_illegal_bet(s, Call()) == (
        "The betting session is over; no more bets until the next session."
    )


def test_dropped_players_leave_their_chips_and_the_others_go_on() -> None:
    s = play(session(), Bet(2), Raise(1), Drop())
    assert s.turn == 0 and s.active == (True, True, False)
    s = play(s, Call())
    assert s.over and s.put == (3, 3, 0) and s.remaining == (0, 1)


def test_the_session_ends_when_one_player_remains() -> None:
    s = play(session(), Bet(2), Drop(), Drop())
    assert s.over and s.remaining == (0,)
    s = play(session(), Drop(), Drop())
    assert s.over and s.remaining == (2,) and not s.opened


def test_the_last_raiser_is_recorded_for_the_showdown() -> None:
    s = play(session(), Bet(2), Raise(1), Call(), Call())
    assert s.last_raiser == 1 and s.opener == 0
    assert play(session(), Bet(2), Call(), Call()).last_raiser == 0


def test_an_agreed_cap_on_raises() -> None:
    s = play(session(max_raises=1), Bet(1), Raise(1))
    assert legal(s) == [Call(), Drop()]
    assert why_illegal_bet(s, Raise(1)) == (
        "This session has had 1 raise, the most agreed; call or drop out."
    )


def test_move_names_are_plain_words() -> None:
    assert [str(m) for m in (Bet(1), Bet(3), Call(), Raise(2), Drop())] == [
        "open the betting with 1 chip", "open the betting with 3 chips", "call",
        "call and raise 2", "drop out"]  # fmt: skip


@settings(max_examples=300)
@given(st.integers(2, 7), st.integers(0, 6), st.integers(1, 5), st.integers(0, 2**32))
def test_random_sessions_end_with_equal_contributions(
    players: int, first: int, limit: int, seed: int
) -> None:
    chooser = random.Random(seed)
    s = open_session(players, first % players, (True,) * players, limit)
    assert s.turn == first % players
    for _ in range(10_000):
        if s.over:
            break
        moves = legal(s)
        assert moves == [m for m in candidates(s) if why_illegal_bet(s, m) is None]
        s = apply_bet(s, moves[chooser.randrange(len(moves))])
        assert session_problems(s) == []
    assert s.over
    amounts = {s.put[p] for p in s.remaining}
    assert len(s.remaining) == 1 or len(amounts) == 1

"""Matrix and Challenge Matrix, rule by rule (4D Playing Cards rulebook, "Matrix").

Challenge Matrix lives in the same module as Matrix and the registry takes one game per
module, so the shared contract's checks are repeated here for it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.games.base import IllegalMoveError, OptionError
from printables.games.fourd.matrix import (
    CHALLENGE,
    GAME,
    Announce,
    ChallengeState,
    Declare,
    Keep,
    MatrixState,
    Place,
    hand_outcome,
    pass_distance,
    place_scores,
    solution,
)
from printables.games.playout import playout
from printables.matrix import check_grid

SOLVED = tuple(read_cards("BbzT Bg~T Bw=T Gb~T Gg=T GwzT RbzT RgzC RwzS", FOUR_D))
IMPOSSIBLE = tuple(read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D))
GOLDEN = Path(__file__).parent.parent / "golden" / "challenge-matrix.json"


def solitaire(cards: tuple[Any, ...], placed: int = 0) -> MatrixState:
    state = GAME.setup(1, seed=1)
    rest = tuple(c for c in FOUR_D.cards if c not in cards)
    grid = (*cards[:placed], *(None,) * (9 - placed))
    return replace(state, hand=cards[placed:], grid=grid, stock=rest)


def rows(cards: tuple[Any, ...], cols: int = 3) -> tuple[tuple[Any, ...], ...]:
    return tuple(cards[i : i + cols] for i in range(0, len(cards), cols))


# -- Matrix solitaire ----------------------------------------------------------------------------


def test_deal_yourself_nine_cards_or_the_size_of_the_matrix() -> None:
    state = GAME.setup(1, seed=5)
    assert len(state.hand) == 9 and len(state.stock) == 72 and state.grid == (None,) * 9
    big = GAME.setup(1, seed=5, options=GAME.options(rows=4, cols=5))
    assert len(big.hand) == 20 and len(big.grid) == 20


def test_only_the_books_sizes_are_offered() -> None:
    for rows_, cols in [(3, 3), (4, 4), (5, 5), (3, 4), (3, 5), (4, 5), (5, 3)]:
        GAME.options(rows=rows_, cols=cols)
    with pytest.raises(OptionError, match="6x6 is not a Matrix size"):
        GAME.options(rows=6, cols=6)
    with pytest.raises(OptionError, match="2x3 is not a Matrix size"):
        GAME.options(rows=2)


def test_cards_go_in_reading_order_and_any_card_may_go_next() -> None:
    state = solitaire(SOLVED, placed=4)
    legal = GAME.legal_moves(state)
    assert legal == [*(Place(c, 1, 1) for c in SOLVED[4:]), Declare()]
    assert GAME.why_illegal(state, Place(SOLVED[5], 2, 0)) == (
        "Cards are placed in reading order; the next card goes at row 2, column 2."
    )
    assert GAME.why_illegal(state, Place(SOLVED[5], 0, 0)) == (
        "Row 1, column 1 already holds BbzT."
    )
    assert GAME.why_illegal(state, Place(SOLVED[0], 1, 1)) == "BbzT is already placed."
    assert GAME.why_illegal(state, Place(card("Rb=S"), 1, 1)) == "Rb=S is not in your hand."
    assert GAME.why_illegal(state, Place(SOLVED[5], 3, 0)) == (
        "A 3x3 matrix has no row 4, column 1."
    )


def test_a_full_grid_with_every_line_a_single_flush_wins() -> None:
    state = solitaire(SOLVED, placed=8)
    state = GAME.apply(state, Place(SOLVED[8], 2, 2))
    assert GAME.to_move(state) is None
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (1,)
    assert outcome.reasons[0] == "Solved: every row and column is a single-flush."


def test_a_full_grid_with_a_failing_line_loses_and_names_the_line() -> None:
    order = (*SOLVED[:6], SOLVED[6], SOLVED[8], SOLVED[7])
    state = GAME.apply(solitaire(order, placed=8), Place(order[8], 2, 2))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.scores == (0,)
    assert outcome.reasons[0].startswith(
        "Not solved, which counts as declaring the set impossible; but it can be solved: "
    )
    assert outcome.reasons[1] == (
        "column 2 shares no value: Bg~T and RwzS differ in every attribute."
    )


def test_a_full_unsolved_grid_of_an_impossible_set_counts_as_a_right_declaration() -> None:
    # The book: "Any unsolved matrix that is claimed to be finished will be treated as if
    # it were declared to be impossible."
    state = solitaire(IMPOSSIBLE)
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, next(m for m in GAME.legal_moves(state) if isinstance(m, Place)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (1,)
    assert outcome.reasons[0].startswith(
        "Not solved, which counts as declaring the set impossible; and it is: "
    )


def test_giving_up_on_an_impossible_set_is_right() -> None:
    state = GAME.apply(solitaire(IMPOSSIBLE, placed=2), Declare())
    assert GAME.to_move(state) is None and GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reasons[0].startswith("Right: the set is impossible")


def test_declaring_a_solvable_set_impossible_loses_and_shows_a_solution() -> None:
    outcome = GAME.outcome(GAME.apply(solitaire(SOLVED), Declare()))
    assert outcome is not None and outcome.winners == ()
    assert outcome.reasons[0].startswith("The set is not impossible; it can be solved: ")


def test_the_hand_is_over_after_a_declaration() -> None:
    state = GAME.apply(solitaire(SOLVED), Declare())
    assert GAME.check(state, Place(SOLVED[0], 0, 0)).reasons == (
        "The hand is over; no more moves can be made.",
    )


def test_score_position_checks_a_written_grid() -> None:
    scored = GAME.score_position("BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS")
    assert scored.summary == "Solved 3x3 matrix" and scored.details["solved"] is True
    bad = GAME.score_position("BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RwzS RgzC")
    assert bad.summary == "Not solved: 2 lines share no value"
    assert bad.reasons[-1].startswith("The set can be solved: ")
    impossible = GAME.score_position(
        " ".join(map(str, IMPOSSIBLE[:3]))
        + "/"
        + " ".join(map(str, IMPOSSIBLE[3:6]))
        + "/"
        + " ".join(map(str, IMPOSSIBLE[6:]))
    )
    assert impossible.reasons[-1] == "The set is impossible: no arrangement solves it."
    with pytest.raises(ValueError, match="'x' is not a shade"):
        GAME.score_position("Bx=S")


# -- Challenge Matrix -----------------------------------------------------------------------------


def test_each_player_is_dealt_twelve() -> None:
    state = CHALLENGE.setup(4, seed=2)
    assert [len(h) for h in state.hands] == [12] * 4 and len(state.stock) == 81 - 48
    assert state.turn == (state.dealer + 1) % 4


def test_the_number_dealt_may_be_changed_but_must_make_a_square() -> None:
    CHALLENGE.options(deal=9)
    with pytest.raises(OptionError, match="deal must be 9"):
        CHALLENGE.options(deal=8)
    with pytest.raises(OptionError, match="cannot each be dealt 14"):
        CHALLENGE.setup(6, seed=1, options=CHALLENGE.options(deal=14))


def choose_all(state: ChallengeState) -> ChallengeState:
    """Every player keeps back their first three cards."""
    while not state.passed:
        state = CHALLENGE.apply(state, Keep(state.hands[state.turn][0]))
    return state


def test_each_player_keeps_three_and_passes_nine_to_the_left_on_the_first_hand() -> None:
    start = CHALLENGE.setup(3, seed=7)
    state = choose_all(start)
    for seat in range(3):
        giver = (seat - 1) % 3
        assert state.sets[seat] == start.hands[giver][3:]
        assert state.kept[giver] == start.hands[giver][:3]
    assert state.turn == (state.dealer + 1) % 3


def test_later_hands_pass_further_left_never_to_oneself() -> None:
    assert [pass_distance(k, 3) for k in (1, 2, 3)] == [1, 2, 1]
    start = CHALLENGE.setup(4, seed=7, options=CHALLENGE.options(hand=3))
    state = choose_all(start)
    assert all(state.sets[(g + 3) % 4] == start.hands[g][3:] for g in range(4))


def test_each_next_hand_passes_one_place_further_left_through_the_round() -> None:
    """A round is players - 1 hands, one to each opponent: hand k of a game passes to the
    k-th player on the left, and the next round starts again at the left neighbour."""
    state = CHALLENGE.setup(4, seed=5)
    distances = []
    for _ in range(5):
        dealt = state.hands
        state = choose_all(state)
        distances.append(next(d for d in (1, 2, 3) if all(
            state.sets[(g + d) % 4] == dealt[g][3:] for g in range(4))))  # fmt: skip
        while CHALLENGE.to_move(state) is not None:
            state = CHALLENGE.apply(state, CHALLENGE.legal_moves(state)[0])
        state = CHALLENGE.next_hand(state)
    assert distances == [1, 2, 3, 1, 2]
    later = CHALLENGE.setup(4, seed=5, options=CHALLENGE.options(hand=3))  # a game begun later
    assert pass_distance(later.options.hand + later.hand_number, 4) == 3


def test_the_cards_passed_are_face_down_until_the_hand_is_checked() -> None:
    state = choose_all(CHALLENGE.setup(2, seed=3))
    received = [v for v in CHALLENGE.view(state, 0) if v.name == "set received"]
    assert received[0].cards == state.sets[0] and received[1].cards is None


def test_answers_wait_until_every_set_is_passed() -> None:
    state = CHALLENGE.setup(2, seed=3)
    move = Announce(None, 30)
    assert CHALLENGE.why_illegal(state, move) == (
        "Answers come after every player has passed 9 cards; first choose 3 cards to keep back."
    )
    passed = choose_all(state)
    assert CHALLENGE.why_illegal(passed, Keep(passed.sets[passed.turn][0])) == (
        "The cards have been passed; it is time to announce an answer."
    )


def test_an_answer_must_arrange_exactly_the_set_received() -> None:
    state = choose_all(CHALLENGE.setup(2, seed=3))
    mine = state.sets[state.turn]
    other = state.sets[1 - state.turn][0]
    swapped = rows((other, *mine[1:]))
    assert CHALLENGE.why_illegal(state, Announce(swapped, 30)) == (
        f"{other} is not in the set received."
    )
    assert CHALLENGE.why_illegal(state, Announce(rows(mine[:6]), 30)) == (
        "An answer is 3 rows of 3 cards."
    )
    assert CHALLENGE.why_illegal(state, Announce(rows(mine), -1)) == (
        "An elapsed time cannot be negative (-1 s)."
    )
    with pytest.raises(IllegalMoveError):
        CHALLENGE.apply(state, Announce(swapped, 30))


def answered(sets: list[tuple[Any, ...]], answers: list[Announce]) -> ChallengeState:
    state = choose_all(CHALLENGE.setup(len(sets), seed=1, options=CHALLENGE.options(deal=9)))
    used = {c for s in sets for c in s}
    state = replace(
        state, sets=tuple(sets), turn=0, stock=tuple(c for c in FOUR_D.cards if c not in used)
    )
    for move in answers:
        state = CHALLENGE.apply(state, move)
    return state


def test_first_place_scores_the_number_of_players_and_last_scores_one() -> None:
    other = tuple(c for c in FOUR_D.cards if c not in SOLVED and c not in IMPOSSIBLE)
    third = solution(other[:9], 3, 3)
    assert third is not None
    state = answered(
        [SOLVED, IMPOSSIBLE, tuple(other[:9])],
        [Announce(solution(SOLVED, 3, 3), 50), Announce(None, 20), Announce(third, 95)],
    )
    outcome = CHALLENGE.outcome(state)
    assert outcome is not None and outcome.scores == (2, 3, 1) and outcome.winners == (1,)
    assert outcome.reasons[1] == "Player 2 answered at 20 s and scores 3."


def test_a_square_not_solved_or_a_solvable_square_called_impossible_subtracts() -> None:
    state = answered(
        [SOLVED, IMPOSSIBLE],
        [Announce(None, 10), Announce(rows(IMPOSSIBLE), 40)],
    )
    outcome = CHALLENGE.outcome(state)
    assert outcome is not None and outcome.scores == (-2, -1)
    assert outcome.winners == (1,)
    assert outcome.reasons[0] == "Player 1 answered at 10 s and is in error and loses 2."


def test_equal_times_share_the_better_place() -> None:
    assert place_scores([60, 60, 90]) == (3, 3, 1)
    assert place_scores([60, 90, 90]) == (3, 2, 2)
    assert hand_outcome([5, 5], [True, True]).winners == (0, 1)


@settings(max_examples=60)
@given(st.lists(st.integers(0, 600), min_size=2, max_size=6), st.data())
def test_places_follow_the_times(seconds: list[int], data: st.DataObject) -> None:
    right = data.draw(st.lists(st.booleans(), min_size=len(seconds), max_size=len(seconds)))
    outcome = hand_outcome(seconds, right)
    n = len(seconds)
    places = place_scores(seconds)
    assert max(places) == n and min(places) >= 1
    for a in range(n):
        assert abs(outcome.scores[a]) == places[a]
        assert (outcome.scores[a] > 0) == right[a]
        for b in range(n):
            if seconds[a] < seconds[b]:
                assert places[a] > places[b]
    if len(set(seconds)) == n:
        assert sorted(places) == list(range(1, n + 1))


def test_a_game_is_rounds_of_players_less_one_hands_and_high_total_wins() -> None:
    options = CHALLENGE.options(rounds=2)
    assert CHALLENGE.match_outcome([5, 3, 4], hands=3, options=options) is None
    final = CHALLENGE.match_outcome([5, 7, 7], hands=4, options=options)
    assert final is not None and final.winners == (1, 2)
    assert (
        final.reasons[0]
        == "After 2 rounds (4 hands) the high total, 7, wins: player 2 and player 3."
    )


def test_score_position_scores_written_answers() -> None:
    grid = " / ".join(" ".join(map(str, r)) for r in rows(SOLVED))
    text = f"40: {grid}; 25: impossible {' '.join(map(str, SOLVED))}"
    scored = CHALLENGE.score_position(text)
    assert scored.details["scores"] == [1, -2]
    assert scored.summary == "player 1 1, player 2 -2"
    with pytest.raises(ValueError, match="start with the seconds"):
        CHALLENGE.score_position(f"soon: {grid}; 25: {grid}")


# -- playouts ---------------------------------------------------------------------------------


def test_a_matrix_random_playout_ends_with_a_checked_grid_or_a_declaration() -> None:
    for seed in range(30):
        record = playout(GAME, 1, seed)
        assert record.outcome is not None
        assert record.outcome.scores in ((0,), (1,))


def test_every_solution_offered_in_play_is_a_solved_grid() -> None:
    state = choose_all(CHALLENGE.setup(3, seed=11))
    for move in CHALLENGE.legal_moves(state):
        assert isinstance(move, Announce)
        if move.rows is not None and move.rows == solution(state.sets[state.turn], 3, 3):
            assert check_grid(move.rows).ok

"""MAT scoring, rule by rule (rulebook "MAT"; docs/rules-notes.md "MAT scoring")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards import FOUR_D
from printables.cards.decks import card
from printables.cards.errors import CardNameError
from printables.cards.reading import read_cards
from printables.matrix import solve
from printables.matrix.mat import (
    TIME_LIMIT,
    check_answer,
    ranking,
    set_score,
    successive_schedule,
    totals,
)

SET = read_cards("BbzT Bg~T Bw=T Gb~T Gg=T GwzT RbzT RgzC RwzS", FOUR_D)
SOLUTION = "BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS"
UNSOLVED = "BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RwzS RgzC"
IMPOSSIBLE = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)


def test_a_right_answer_scores_the_elapsed_seconds() -> None:
    assert set_score(73, True) == 73


def test_not_finished_in_time_scores_the_limit() -> None:
    assert TIME_LIMIT == 600
    assert set_score(None, True) == 600
    assert set_score(601, True) == 600
    assert set_score(None, True, limit=300) == 300


def test_a_wrong_answer_scores_the_limit() -> None:
    assert set_score(12, False) == 600
    assert set_score(12, False, limit=900) == 900


def test_bad_times_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        set_score(-3, True)
    with pytest.raises(ValueError, match="at least one second"):
        set_score(3, True, limit=0)


def test_a_solved_grid_is_right_in_any_rotation_or_order() -> None:
    assert check_answer(SOLUTION, SET).right
    transposed = "BbzT Gb~T RbzT / Bg~T Gg=T RgzC / Bw=T GwzT RwzS"
    check = check_answer(transposed, SET)
    assert check.right and check.claim == "solution" and check.grid is not None


def test_an_unsolved_grid_counts_as_a_claim_of_impossibility_and_is_wrong_if_solvable() -> None:
    check = check_answer(UNSOLVED, SET)
    assert not check.right and check.claim == "impossible" and not check.set_impossible
    assert "column 2 shares no value: Bg~T and RwzS differ in every attribute." in check.reasons
    assert check.reasons[-1] == (
        "The matrix is not solved, and the rules count a matrix handed in unsolved as if you "
        "had said it is impossible: wrong, the set can be solved."
    )


def test_an_unsolved_grid_of_an_impossible_set_is_right() -> None:
    names = [str(c) for c in IMPOSSIBLE]
    written = " / ".join(" ".join(names[i : i + 3]) for i in (0, 3, 6))
    check = check_answer(written, IMPOSSIBLE)
    assert check.right and check.claim == "impossible" and check.set_impossible


def test_no_in_place_of_one_card_claims_impossibility() -> None:
    names = [str(c) for c in IMPOSSIBLE]
    written = " ".join(names[:3]) + " / " + " ".join(names[3:6]) + " / No " + " ".join(names[7:])
    check = check_answer(written, IMPOSSIBLE)
    assert check.right and check.claim == "impossible"
    assert check.reasons == ("The answer writes No: right, no arrangement of the set is solved.",)
    wrong = check_answer(SOLUTION.replace("RwzS", "No"), SET)
    assert (
        not wrong.right
        and wrong.reasons[-1] == "The answer writes No: wrong, the set can be solved."
    )


def test_wrong_and_missing_cards_are_named() -> None:
    check = check_answer(SOLUTION.replace("RwzS", "RwzT"), SET)
    assert check.wrong_cards == (card("RwzT"),) and check.missing_cards == (card("RwzS"),)
    assert check.reasons[:2] == ("Not in the set: RwzT.", "Missing from the answer: RwzS.")
    assert not check.right


def test_an_answer_of_the_wrong_size_or_bad_notation_is_refused() -> None:
    with pytest.raises(ValueError, match=r"2x3 \(6 places\) but the set has 9 cards"):
        check_answer("BbzT Bg~T Bw=T / Gb~T Gg=T GwzT", SET)
    with pytest.raises(CardNameError, match="row 1, card 1"):
        check_answer("Bx=S", SET)


def test_the_cards_in_one_line_are_not_a_matrix_and_claim_nothing() -> None:
    """A 1x9 line of a solvable set has no solved arrangement; it must not count as a right
    claim of impossibility (the book's matrices are 3x3 to 5x5)."""
    one_line = " ".join(str(c) for c in SET)
    assert solve(SET, 3, 3) is not None
    with pytest.raises(ValueError, match=r"1x9, not a matrix of the set: write 3 rows of 3"):
        check_answer(one_line, SET)
    with pytest.raises(ValueError, match="9x1"):
        check_answer("\n".join(str(c) for c in SET), SET)
    twelve = read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T Rb=S Gb=S Bb=S", FOUR_D)
    with pytest.raises(ValueError, match=r"write 3 rows of 4 cards \(or 4 rows of 3\)"):
        check_answer(
            " / ".join(" ".join(map(str, twelve[k : k + 2])) for k in range(0, 12, 2)), twelve
        )


def test_the_lowest_total_wins_and_ties_share_a_rank() -> None:
    sums = totals([[30, 600, 45], [45, 80, 30]])
    assert sums == (75, 680, 75)
    assert ranking(sums) == (1, 3, 1)
    with pytest.raises(ValueError, match="set 2 has 2 scores"):
        totals([[1, 2, 3], [1, 2]])


@given(st.lists(st.integers(0, 6000), min_size=1, max_size=9))
def test_ranking_orders_by_total(sums: list[int]) -> None:
    places = ranking(sums)
    for a in range(len(sums)):
        for b in range(len(sums)):
            assert (places[a] < places[b]) == (sums[a] < sums[b])
    firsts = {i for i, p in enumerate(places) if p == 1}
    assert min(places) == 1 and firsts == {i for i, s in enumerate(sums) if s == min(sums)}


@pytest.mark.parametrize("players", range(1, 10))
def test_successive_every_player_gets_every_set_once(players: int) -> None:
    schedule = successive_schedule(players)
    assert len(schedule) == players
    for turn in schedule:
        assert sorted(turn) == list(range(players))  # each set is with one player at a time
    for p in range(players):
        assert sorted(turn[p] for turn in schedule) == list(range(players))
    assert schedule[0] == tuple(range(players))  # first turn: the set you were dealt


def test_successive_sets_pass_to_the_next_player() -> None:
    schedule = successive_schedule(4)
    for t in range(3):
        for p in range(4):
            assert schedule[t + 1][(p + 1) % 4] == schedule[t][p]


def test_successive_is_for_up_to_nine_players_with_one_deck() -> None:
    with pytest.raises(ValueError, match="1 to 9 players, not 10"):
        successive_schedule(10)
    with pytest.raises(ValueError, match="1 to 5 players, not 6"):
        successive_schedule(6, set_size=16)

"""Squares, rule by rule (4D Playing Cards rulebook, "Squares")."""

from __future__ import annotations

import statistics
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.games.base import OptionError, PositionError
from printables.games.dealing import first_dealer, rng
from printables.games.fourd.squares import (
    GAME,
    Place,
    Placed,
    SquaresState,
    array_score,
    corresponding,
    line_counts,
    shade_set,
)
from printables.games.playout import playout


def with_array(state: SquaresState, seat: int, cells: dict[tuple[int, int], str]) -> SquaresState:
    """``state`` with ``seat``'s array replaced (other arrays untouched)."""
    array = tuple(Placed(card(name), r, c) for (r, c), name in cells.items())
    arrays = (*state.arrays[:seat], array, *state.arrays[seat + 1 :])
    return replace(state, arrays=arrays)


def play_to_end(state: SquaresState) -> SquaresState:
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    return state


# -- the sets and the deal ------------------------------------------------------------------


def test_the_deck_splits_by_shade_into_three_sets_of_27() -> None:
    sets = [shade_set(s) for s in range(3)]
    assert [len(s) for s in sets] == [27, 27, 27]
    assert {c for s in sets for c in s} == set(FOUR_D.cards)
    assert {c.value("shade").name for c in sets[1]} == {"gray"}


def test_corresponding_cards_differ_only_in_shade_as_in_the_books_example() -> None:
    drawn = card("Bw~T")
    assert corresponding(drawn, 1) == card("Bg~T")
    assert corresponding(drawn, 0) == card("Bb~T")
    assert corresponding(drawn, 2) == drawn


def test_the_picker_is_chosen_the_books_way_and_players_take_one_set_each() -> None:
    state = GAME.setup(3, seed=4)
    assert state.picker == first_dealer(3, rng(4, "dealer"), FOUR_D.cards)[0]
    assert sorted(state.shades) == [0, 1, 2]  # one set each
    assert set(state.pile) == set(shade_set(state.shades[state.picker]))  # the picker's own set
    assert state.turn == (state.picker + 1) % 3  # placing goes round from the picker's left


def test_each_player_places_the_card_matching_the_pickers_draw() -> None:
    state = GAME.setup(3, seed=4)
    drawn = state.pile[0]
    for _ in range(3):
        seat = state.turn
        (move,) = GAME.legal_moves(state)
        assert move.card == corresponding(drawn, state.shades[seat])
        state = GAME.apply(state, move)
    assert [len(a) for a in state.arrays] == [1, 1, 1]
    assert state.drawn == state.pile[1]  # the picker, last, has placed; the next card is up


def test_the_wrong_card_is_refused_with_the_matching_card_named() -> None:
    state = GAME.setup(2, seed=1)
    seat, drawn = state.turn, state.pile[0]
    right = corresponding(drawn, state.shades[seat])
    wrong = next(c for c in shade_set(state.shades[seat]) if c != right)
    reason = GAME.why_illegal(state, Place(wrong, 0, 0))
    assert reason == (
        f"Player {seat + 1} must place {right}, the card of the gray set matching the "
        f"picker's {drawn}, not {wrong}."
    )


def test_more_players_need_more_decks() -> None:
    assert {c for c in GAME.setup(6, seed=2).shades} == {0, 1, 2}
    with pytest.raises(OptionError, match="1 deck is for at most 3 players; 5 players need 2"):
        GAME.setup(5, seed=1, options=GAME.options(decks=1))
    with pytest.raises(OptionError, match="Squares is for 2 to 9 players"):
        GAME.setup(10, seed=1)
    with pytest.raises(OptionError, match="hands must be 1 to 100"):
        GAME.options(hands=0)


# -- placing --------------------------------------------------------------------------------


def test_the_second_card_goes_in_the_same_row_the_same_column_or_diagonally() -> None:
    state = GAME.setup(2, seed=1)
    assert [(m.row, m.column) for m in GAME.legal_moves(state)] == [(0, 0)]
    for _ in range(2):  # both players place their first card
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    moves = [(m.row, m.column) for m in GAME.legal_moves(state)]
    assert moves == [(0, 1), (1, 0), (1, 1)]  # same row, same column, or neither


def test_an_occupied_cell_is_refused() -> None:
    state = with_array(GAME.setup(2, seed=1), 1, {(0, 0): "BgzS"})
    state = replace(state, turn=1)
    move = Place(state.card_for(1), 0, 0)
    assert GAME.why_illegal(state, move) == (
        "Row 1, column 1 already holds BgzS; a card once placed is never moved."
    )


def test_at_most_four_rows_and_four_columns() -> None:
    cells = {(r, 0): n for r, n in enumerate(["BgzS", "BgzC", "BgzT", "Bg=S"])}
    state = replace(with_array(GAME.setup(2, seed=1), 1, cells), turn=1)
    move = Place(state.card_for(1), 4, 1)
    assert GAME.why_illegal(state, move) == (
        "A fifth row cannot be started; Squares allows at most four rows and four columns."
    )
    assert all(m.row < 4 for m in GAME.legal_moves(state))
    assert len(GAME.legal_moves(state)) == 4  # the four rows, in the new column 2
    assert GAME.why_illegal(state, Place(state.card_for(1), 0, 3)) == (
        "There is no column 4; 1 columns have been started, so a new column is column 2."
    )


def test_after_sixteen_cards_every_array_is_four_by_four_and_the_hand_is_over() -> None:
    state = play_to_end(GAME.setup(3, seed=8))
    assert GAME.to_move(state) is None
    for array in state.arrays:
        assert sorted((p.row, p.column) for p in array) == [(r, c) for r in range(4)
                                                            for c in range(4)]  # fmt: skip
    assert GAME.outcome(state) is not None


# -- scoring --------------------------------------------------------------------------------

FULL = """Rg=T Rg=C Rg=S Bg=S
Gg=T Gg=C Gg=S Gg~S
RgzT BgzT Gg~C Gg~T
Bg~T BgzC Rg~C RgzS"""


def test_a_hand_counts_pairs_in_rows_top_to_bottom_then_columns_left_to_right() -> None:
    scored = GAME.score_position(FULL)
    # Counted by hand: row 3 has RgzT-BgzT and Gg~C-Gg~T; row 4 has no pair sharing three.
    assert scored.details["rows"] == [4, 4, 2, 0]
    assert scored.details["columns"] == [2, 2, 2, 1]
    assert scored.points == 17
    assert scored.reasons[0] == (
        "Row 1: 4 triple-flush pairs (Rg=T-Rg=C, Rg=T-Rg=S, Rg=C-Rg=S, Rg=S-Bg=S)."
    )
    assert scored.summary == (
        "17 triple-flush pairs: row 1 has 4, row 2 has 4, row 3 has 2, row 4 has 0; "
        "column 1 has 2, column 2 has 2, column 3 has 2, column 4 has 1"
    )


def test_a_card_in_several_pairs_counts_in_each_and_in_its_row_and_column() -> None:
    # Rg=S pairs with Rg=T in its row and with Bg=S in its column; Rg=T also with Gg=T.
    scored = GAME.score_position("Rg=T Rg=S / Gg=T Bg=S")
    assert scored.details == {"rows": [1, 0], "columns": [1, 1], "total": 3}


def test_only_pairs_within_a_single_row_or_column_count() -> None:
    # Rg=T and Rg=C share three values but sit diagonally: no pair.
    assert GAME.score_position("Rg=T Bg~S / Gg~S Rg=C").points == 0


def test_score_position_refuses_what_is_not_a_squares_array() -> None:
    with pytest.raises(ValueError, match="all of one shade; Rg=T is gray but Rb=C is black"):
        GAME.score_position("Rg=T Rb=C")
    with pytest.raises(ValueError, match="at most four rows and four columns, not 1 by 5"):
        GAME.score_position("Rg=T Rg=C Rg=S Bg=S Gg=S")
    with pytest.raises(ValueError, match="'No' has no place"):
        GAME.score_position("Rg=T No")
    with pytest.raises(ValueError, match="'x' is not a shade"):
        GAME.score_position("Rx=T")


def test_the_hand_is_won_by_the_highest_score_and_ties_share() -> None:
    state = play_to_end(GAME.setup(2, seed=3))
    scores = GAME.scores(state)
    assert GAME.outcome(state) is not None
    tied = with_array(state, 1, {(p.row, p.column): str(corresponding(p.card, 1))
                                 for p in state.arrays[0]})  # fmt: skip
    outcome = GAME.outcome(tied)
    assert outcome is not None and outcome.winners == (0, 1)
    assert outcome.scores == (scores[0], scores[0])
    assert outcome.reasons[1] == f"Player 1 and player 2 share the highest score ({scores[0]})."


def test_misere_is_won_by_the_lowest_score() -> None:
    state = play_to_end(GAME.setup(3, seed=5, options=GAME.options(misere=True)))
    outcome = GAME.outcome(state)
    assert outcome is not None
    low = min(outcome.scores)
    assert outcome.winners == tuple(s for s, n in enumerate(outcome.scores) if n == low)
    assert "lowest score" in outcome.reasons[1]


def test_four_hands_with_running_totals_then_high_total_wins_ties_share() -> None:
    assert GAME.match_outcome([40, 50], hands=3) is None
    done = GAME.match_outcome([70, 75, 75], hands=4)
    assert done is not None and done.winners == (1, 2) and done.scores == (70, 75, 75)
    assert done.reasons == ("After 4 hands; player 2 and player 3 share the highest total (75).",)
    misere = GAME.match_outcome([70, 75], hands=4, options=GAME.options(misere=True))
    assert misere is not None and misere.winners == (0,)
    assert GAME.match_outcome([40, 50], hands=6, options=GAME.options(hands=6)) is not None


def test_a_target_score_ends_the_game_after_the_hand_that_reaches_it() -> None:
    options = GAME.options(target=100)
    assert GAME.match_outcome([90, 99], hands=5, options=options) is None
    done = GAME.match_outcome([101, 99], hands=6, options=options)
    assert done is not None and done.winners == (0,)


def test_the_picker_passes_to_the_left_each_hand() -> None:
    state = GAME.setup(3, seed=4)
    with pytest.raises(PositionError, match="not over yet"):
        GAME.next_hand(state)
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    following = GAME.next_hand(state)
    assert following.picker == (state.picker + 1) % 3 and following.hand_number == 1
    assert following.shades[following.picker] == 0 and following.arrays == ((), (), ())
    assert following.pile != state.pile  # the picker's set is shuffled again


def test_good_play_scores_in_the_books_15_to_25_range() -> None:
    """The book: "The score per hand is apt to be in the 15-25 range". A greedy
    player (best immediate score each card) averages inside it; random play does not."""
    greedy, random_scores = [], []
    for seed in range(12):
        state = GAME.setup(2, seed)
        while GAME.to_move(state) is not None:
            seat = state.turn

            def gain(m: Place, seat: int = seat, state: SquaresState = state) -> int:
                return array_score((*state.arrays[seat], Placed(m.card, m.row, m.column)))

            state = GAME.apply(state, max(GAME.legal_moves(state), key=gain))
        greedy.extend(GAME.scores(state))
        outcome = playout(GAME, 2, seed).outcome
        assert outcome is not None
        random_scores.extend(outcome.scores)
    assert 15 <= statistics.mean(greedy) <= 25
    assert statistics.mean(random_scores) < 15


# -- views and properties -------------------------------------------------------------------


def test_the_pickers_pile_is_face_down_and_the_other_sets_face_up() -> None:
    state = GAME.setup(2, seed=2)
    other = 1 - state.picker
    seen = {(z.name, z.owner): z for z in GAME.view(state, other)}
    assert seen["pile", state.picker].cards is None and seen["pile", state.picker].count == 26
    assert seen["drawn", state.picker].cards == (state.pile[0],)
    assert seen["set", other].count == 27 and seen["set", other].cards is not None


grid_cards = st.permutations(shade_set(1)).map(lambda cs: cs[:16])


@settings(max_examples=60)
@given(grid_cards, st.permutations(range(4)), st.permutations(range(4)))
def test_the_score_depends_only_on_row_and_column_membership(
    cards: list[object], rows: list[int], columns: list[int]
) -> None:
    array = [Placed(c, i // 4, i % 4) for i, c in enumerate(cards)]  # type: ignore[arg-type]
    moved = [Placed(p.card, rows[p.row], columns[p.column]) for p in array]
    assert array_score(array) == array_score(moved)
    row_counts, column_counts = line_counts(array)
    assert all(0 <= n <= 4 for n in row_counts + column_counts)  # 4 is the most in a line
    text = " / ".join(" ".join(str(c) for c in cards[r * 4 : r * 4 + 4]) for r in range(4))
    assert GAME.score_position(text).points == array_score(array)


@given(st.sampled_from(FOUR_D.cards), st.sampled_from(FOUR_D.cards))
def test_a_pair_counts_exactly_when_it_shares_three_values(a: object, b: object) -> None:
    if a == b:
        return
    text = f"{a} {b}"
    if a.value("shade") != b.value("shade"):  # type: ignore[attr-defined]
        return
    assert GAME.score_position(text).points == int(a.shares(b) == 3)  # type: ignore[attr-defined]


def test_many_checked_playouts_end_with_sixteen_cards_each() -> None:
    for seed in range(150):
        players = 2 + seed % 8
        options = GAME.options(misere=bool(seed % 2))
        record = playout(GAME, players, seed, options)
        assert record.moves == 16 * players
        assert record.outcome is not None and record.outcome.winners


def test_read_cards_agrees_with_the_array_notation() -> None:
    assert [str(c) for c in read_cards("Rg=T, Rg=C", FOUR_D)] == ["Rg=T", "Rg=C"]

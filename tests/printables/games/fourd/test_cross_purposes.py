"""Cross-purposes, rule by rule (4D Playing Cards rulebook, "Cross-purposes", with the
caption's example: the set without green, gray, zigzag and square)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards, read_grid
from printables.fourd.flushes import common_values
from printables.games.base import OptionError
from printables.games.fourd.cross_purposes import (
    GAME,
    CrossState,
    Place,
    Rearrange,
    columns_of,
    sixteen,
    wins,
)
from printables.games.playout import playout

PICKED = card("GgzS")
# The caption's position (one consistent with every fact it states): Alfie (player 1)
# went first; Betty's third column (Alfie's third row) is all wavy; Alfie's first
# column is all circles; nobody else has a single-flush.
CAPTION = ("Bb=C Rw=C Bw=T Rb~T / Bb~C Rw~C Rw=T Rb=C / "
           "Rb~C Bw~T Bw~C Rw~T / Bw=C Bb~T Rb=T Bb=T")  # fmt: skip


def filled(text: str, turn: int = 0, **options: object) -> CrossState:
    state = GAME.setup(2, seed=1, options=GAME.options(**options))
    cells = tuple(read_grid(text, FOUR_D).cards())
    aside = tuple(c for c in FOUR_D.cards if c.shares(PICKED))
    return replace(state, picked=PICKED, set_aside=aside, cells=cells, packet=(),
                   hands=((), ()), first=0, turn=turn)  # fmt: skip


def test_the_set_holds_sixteen_cards_with_two_values_of_each_attribute() -> None:
    cards = sixteen(PICKED)
    assert len(cards) == 16
    for attribute in range(4):
        assert len({c.values[attribute] for c in cards}) == 2
    assert not any(c.shares(PICKED) for c in cards)
    state = GAME.setup(2, seed=5)
    assert len(state.packet) == 16 and set(state.packet) == set(sixteen(state.picked))
    assert state.picked in state.set_aside and len(state.set_aside) == 65


def test_phase_one_places_the_next_card_anywhere() -> None:
    state = GAME.setup(2, seed=2)
    top = state.packet[0]
    assert GAME.legal_moves(state) == [Place(top, r, c) for r in range(4) for c in range(4)]
    other = state.packet[1]
    assert GAME.why_illegal(state, Place(other, 0, 0)) == (
        f"The next card of the packet is {top}; it must be placed, not {other}."
    )
    after = GAME.apply(state, Place(top, 2, 3))
    assert after.cells[2 * 4 + 3] == top and after.turn == 1 - state.turn
    assert GAME.why_illegal(after, Place(after.packet[0], 2, 3)) == (
        f"Row 3, column 4 already holds {top}."
    )


def test_the_second_player_places_the_last_card() -> None:
    state = GAME.setup(2, seed=3)
    first = state.turn
    for _ in range(15):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert state.turn == 1 - first and len(GAME.legal_moves(state)) == 1


def test_seats_at_right_angles_columns_are_the_others_rows() -> None:
    cells = tuple(read_grid(CAPTION, FOUR_D).cards())
    assert columns_of(cells, 0)[0] == list(read_cards("Bb=C Bb~C Rb~C Bw=C", FOUR_D))
    assert columns_of(cells, 1)[2] == list(read_cards("Rb~C Bw~T Bw~C Rw~T", FOUR_D))


def test_the_caption_position_and_alfies_rearrangement() -> None:
    state = filled(CAPTION)
    cells = state.cells
    # "Her third column is all wavy, but her other three columns are not single-flushes."
    betty = [[v.name for v in common_values(col)] for col in columns_of(cells, 1)]
    assert betty == [[], [], ["wavy"], []]
    # "Alfie's only single-flush column is his first, which is circles."
    alfie = [[v.name for v in common_values(col)] for col in columns_of(cells, 0)]
    assert alfie == [["circle"], [], [], []]
    # "Evidently neither player can achieve a winning position in one move."
    for seat in (0, 1):
        seated = replace(state, turn=seat)
        assert not any(wins(GAME.apply(seated, m).cells, seat) for m in GAME.legal_moves(seated))
    move = Rearrange(2, tuple(read_cards("Bw~C Rw~T Bw~T Rb~C", FOUR_D)))
    assert GAME.why_illegal(state, move) is None
    after = GAME.apply(state, move)
    alfie = [[v.name for v in common_values(col)] for col in columns_of(after.cells, 0)]
    # "both blue and circle in the first column, triangle in the third, and black in the fourth"
    assert alfie[0] == ["blue", "circle"] and alfie[2] == ["triangle"] and alfie[3] == ["black"]
    assert GAME.to_move(after) == 1
    # Betty cannot stop Alfie: after any move of hers, interchanging two cards wins.
    for reply in GAME.legal_moves(after):
        back = GAME.apply(after, reply)
        if GAME.to_move(back) is None:
            continue
        winning = [m for m in GAME.legal_moves(back) if wins(GAME.apply(back, m).cells, 0)]
        assert any(sum(a != b for a, b in zip(m.cards, _row(back, m.line), strict=True)) == 2
                   for m in winning)  # type: ignore[union-attr]  # fmt: skip


def _row(state: CrossState, line: int) -> tuple[object, ...]:
    return tuple(state.cells[line * 4 + k] for k in range(4))


def test_a_rearrangement_must_move_two_cards_and_stay_in_its_row() -> None:
    state = filled(CAPTION)
    same = Rearrange(2, tuple(read_cards("Rb~C Bw~T Bw~C Rw~T", FOUR_D)))
    assert GAME.why_illegal(state, same) == "At least two cards must be moved to new positions."
    mixed = Rearrange(2, tuple(read_cards("Bb=C Bw~T Bw~C Rw~T", FOUR_D)))
    assert GAME.why_illegal(state, mixed) == (
        "Row 3 of player 1 holds Rb~C Bw~T Bw~C Rw~T; cards are never moved from one row "
        "to another."
    )
    assert len(GAME.legal_moves(state)) == 4 * 23


def test_player_twos_rows_are_the_arrays_columns() -> None:
    state = filled(CAPTION, turn=1)
    move = Rearrange(0, tuple(read_cards("Bb~C Bb=C Rb~C Bw=C", FOUR_D)))
    assert GAME.why_illegal(state, move) is None
    after = GAME.apply(state, move)
    assert after.cells[0] == card("Bb~C") and after.cells[4] == card("Bb=C")


@given(st.integers(0, 1), st.integers(0, 3), st.permutations(range(4)))
def test_a_rearrangement_never_changes_the_opponents_columns(seat: int, line: int,
                                                            order: list[int]) -> None:  # fmt: skip
    state = filled(CAPTION, turn=seat)
    cells = [state.cells[line * 4 + k] if seat == 0 else state.cells[k * 4 + line]
             for k in range(4)]  # fmt: skip
    move = Rearrange(line, tuple(cells[k] for k in order))  # type: ignore[misc]
    if GAME.why_illegal(state, move) is not None:
        return
    after = GAME.apply(state, move)
    before_cols = [set(c) for c in columns_of(state.cells, 1 - seat)]
    assert [set(c) for c in columns_of(after.cells, 1 - seat)] == before_cols


def test_a_full_array_with_a_winner_ends_the_game_and_both_is_a_tie() -> None:
    # Every array column shares a value (blue/red and circle/triangle split) and every row too.
    tie = ("Bb=C Bb~C Bw=C Bw~C / Bb=T Bb~T Bw=T Bw~T / "
           "Rb=C Rb~C Rw=C Rw~C / Rb=T Rb~T Rw=T Rw~T")  # fmt: skip
    assert wins(read_grid(tie, FOUR_D).cards(), 0) and wins(read_grid(tie, FOUR_D).cards(), 1)
    state = filled(tie)
    last = state.cells[15]
    state = replace(state, cells=(*state.cells[:15], None), packet=(last,), turn=1)
    done = GAME.apply(state, Place(last, 3, 3))  # type: ignore[arg-type]
    outcome = GAME.outcome(done)
    assert outcome is not None and outcome.winners == (0, 1)
    assert outcome.reasons == ("Both players have single-flushes in every column; "
                               "the game is a tie.",)  # fmt: skip


def test_without_a_winner_phase_two_begins_with_the_first_player() -> None:
    state = filled(CAPTION)
    last = state.cells[15]
    state = replace(state, cells=(*state.cells[:15], None), packet=(last,), turn=1, first=0)
    after = GAME.apply(state, Place(last, 3, 3))  # type: ignore[arg-type]
    assert GAME.to_move(after) == 0 and isinstance(GAME.legal_moves(after)[0], Rearrange)


def test_a_draw_is_agreed_after_max_turns() -> None:
    state = filled(CAPTION, max_turns=1)
    after = GAME.apply(state, Rearrange(0, tuple(read_cards("Rw=C Bb=C Bw=T Rb~T", FOUR_D))))
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == () and "draw" in outcome.reasons[0]


def test_variation_1_deals_eight_each_and_places_your_own() -> None:
    state = GAME.setup(2, seed=6, options=GAME.options(variation=1))
    assert [len(h) for h in state.hands] == [8, 8] and state.packet == ()
    mine, theirs = state.hands[state.turn], state.hands[1 - state.turn]
    assert {m.card for m in GAME.legal_moves(state)} == set(mine)  # type: ignore[union-attr]
    assert "is not among" in str(GAME.why_illegal(state, Place(theirs[0], 0, 0)))
    view = {(z.name, z.owner): z for z in GAME.view(state, 0)}
    assert view["cards to place", 1].cards is None and view["cards to place", 0].count == 8


def test_variation_2_any_unplaced_card() -> None:
    state = GAME.setup(2, seed=7, options=GAME.options(variation=2))
    assert len(GAME.legal_moves(state)) == 16 * 16


def test_the_next_game_the_other_player_goes_first() -> None:
    """ "Players should take turns going first": a new game (the engine's next hand) is dealt
    by the other player, so the player who went second now places the first card."""
    state = GAME.setup(2, seed=3)
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    following = GAME.next_hand(state)
    assert following.dealer == 1 - state.dealer
    assert following.first == 1 - state.first == GAME.to_move(following)


def test_options_first_player_and_errors() -> None:
    assert GAME.setup(2, seed=1, options=GAME.options(first=2)).turn == 1
    assert GAME.setup(2, seed=1, options=GAME.options(first=1)).turn == 0
    with pytest.raises(OptionError, match="variations 1 and 2"):
        GAME.options(variation=3)
    with pytest.raises(OptionError, match="max_turns"):
        GAME.options(max_turns=0)


def test_score_position_reports_each_players_columns() -> None:
    scored = GAME.score_position(CAPTION)
    assert scored.details["player 1"][0] == ["circle"]
    assert scored.details["player 2"][2] == ["wavy"] and scored.details["winners"] == []
    assert "Player 1's column 1 (Bb=C Bb~C Rb~C Bw=C): circle." in scored.reasons
    with pytest.raises(ValueError, match="4x4"):
        GAME.score_position("Bb=C Rw=C / Bb~C Rw~C")


def test_every_playout_ends() -> None:
    for seed in range(60):
        options = GAME.options(variation=seed % 3, max_turns=30)
        outcome = playout(GAME, 2, seed, options).outcome
        assert outcome is not None
        for w in outcome.winners:
            assert outcome.scores[w] == 1

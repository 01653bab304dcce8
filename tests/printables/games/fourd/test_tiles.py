"""Tiles, rule by rule (4D Playing Cards rulebook, "Tiles")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.games.base import OptionError
from printables.games.fourd.tiles import GAME, PARTNERS, Draw, Pass, Place, TilesState
from printables.games.playout import playout


def position(hand: str, table: str = "Bb=S", stock: str = "", **options: object) -> TilesState:
    """Player 1 to move with ``hand``; ``table`` is 'CARD@row,col ...' (first at 0,0)."""
    state = GAME.setup(2, seed=1, options=GAME.options(**options))
    cells = []
    for item in table.split():
        name, _, at = item.partition("@")
        r, c = (int(x) for x in at.split(",")) if at else (0, 0)
        cells.append((r, c, card(name)))
    hand_cards = tuple(read_cards(hand, FOUR_D))
    stock_cards = tuple(read_cards(stock, FOUR_D)) if stock else ()
    used = {*hand_cards, *stock_cards, *(x for _, _, x in cells)}
    other = tuple(c for c in FOUR_D.cards if c not in used)
    return replace(state, hands=(hand_cards, other), table=tuple(cells), stock=stock_cards,
                   turn=0, drawn=None, passes=0)  # fmt: skip


def test_the_deal_gives_seven_cards_and_turns_one_up_in_the_centre() -> None:
    state = GAME.setup(3, seed=4)
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert len(state.table) == 1 and state.table[0][:2] == (0, 0)
    assert len(state.stock) == 81 - 21 - 1 and state.turn == (state.dealer + 1) % 3


def test_a_card_sharing_three_values_is_placed_side_by_side_or_end_to_end() -> None:
    state = position("Bb=T GwzC")
    assert GAME.legal_moves(state) == [Place(card("Bb=T"), r, c)
                                       for r, c in ((-1, 0), (0, -1), (0, 1), (1, 0))]  # fmt: skip


def test_a_card_must_share_three_values_with_every_card_it_touches() -> None:
    # Bb=T at (0,1) next to Bb=S; the cell (1,1) touches Bb=T only; (1,0) touches Bb=S only.
    state = position("Bb=C Bw=T", table="Bb=S Bb=T@0,1")
    assert Place(card("Bw=T"), 1, 1) in GAME.legal_moves(state)
    assert GAME.why_illegal(state, Place(card("Bw=T"), 0, -1)) == (
        "Bw=T would touch Bb=S (right of it) but shares only blue and stripe; "
        "touching cards must share three values."
    )
    # The cell (1,0) touches Bb=S above it and Bw=T right of it: a card must fit both.
    both = position("Bb~S Bb=C", table="Bb=S Bb=T@0,1 Bw=T@1,1")
    assert GAME.why_illegal(both, Place(card("Bb=C"), 1, 0)) == (
        "Bb=C would touch Bw=T (right of it) but shares only blue and stripe; "
        "touching cards must share three values."
    )
    assert GAME.why_illegal(both, Place(card("Bb~S"), 1, 0)) is not None
    fits_both = position("Bw=S", table="Bb=S Bb=T@0,1 Bw=T@1,1")
    assert Place(card("Bw=S"), 1, 0) in GAME.legal_moves(fits_both)


def test_diagonal_cards_do_not_touch() -> None:
    state = position("GwzC", table="Bb=S Bb=T@0,1 Bb~T@1,1")
    assert GAME.why_illegal(state, Place(card("GwzC"), 2, 2)) == (
        "Row 2, column 2 touches no card; a card is placed side by side or end to end "
        "with a card on the table (diagonals do not touch)."
    )
    # A card diagonal to a mismatching card is still legal when its touching cards fit.
    lone = position("Bb=C", table="Bb=S Bb~S@1,0 GwzT@1,1")
    assert Place(card("Bb=C"), 0, 1) not in GAME.legal_moves(lone)  # touches GwzT below
    free = position("Bb=C", table="Bb=S Bb~S@1,0 GwzT@1,-1")
    assert Place(card("Bb=C"), 0, 1) in GAME.legal_moves(free)  # GwzT is only diagonal


def test_a_player_who_can_play_must_play() -> None:
    state = position("Bb=T", stock="GwzC")
    assert (
        GAME.why_illegal(state, Draw()) == "Bb=T can be played, so there is no drawing this turn."
    )
    assert GAME.why_illegal(state, Pass()) == "Bb=T can be played; a player who can play must play."


def test_a_player_who_cannot_play_draws_and_may_play_or_keep_the_drawn_card() -> None:
    state = position("GwzC", stock="Bb=C GwzT")
    assert GAME.legal_moves(state) == [Draw()]
    state = GAME.apply(state, Draw())
    assert state.turn == 0 and state.drawn == card("Bb=C")
    moves = GAME.legal_moves(state)
    assert moves[-1] == Pass() and all(m.card == card("Bb=C") for m in moves[:-1])  # type: ignore[union-attr]
    assert GAME.why_illegal(state, Place(card("GwzC"), 0, 1)) == (
        "After drawing, only the drawn card Bb=C may be played."
    )
    kept = GAME.apply(state, Pass())
    assert kept.turn == 1 and card("Bb=C") in kept.hands[0]


def test_an_unplayable_drawn_card_is_kept_and_the_turn_passes() -> None:
    state = GAME.apply(position("GwzC", stock="RgzT Bb=C"), Draw())
    assert state.turn == 1 and state.hands[0] == (card("GwzC"), card("RgzT"))


def test_with_the_stock_used_up_a_player_who_cannot_play_skips() -> None:
    state = position("GwzC")
    assert GAME.legal_moves(state) == [Pass()]
    assert GAME.why_illegal(state, Draw()) == (
        "The stock is used up; a player who cannot play skips the turn."
    )


def test_when_nobody_can_play_the_fewest_cards_win() -> None:
    state = position("GwzC")
    state = replace(state, hands=(state.hands[0], (card("GwzT"), card("RwzT"))))
    state = GAME.apply(GAME.apply(state, Pass()), Pass())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (1, 0)
    assert "fewest cards" in outcome.reasons[0]


def test_tied_players_share_the_win() -> None:
    state = position("GwzC")
    state = replace(state, hands=(state.hands[0], (card("GwzT"),)))
    state = GAME.apply(GAME.apply(state, Pass()), Pass())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1) and "share" in outcome.reasons[0]


def test_the_first_player_out_of_cards_wins() -> None:
    state = GAME.apply(position("Bb=T"), Place(card("Bb=T"), 0, 1))
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is None and outcome is not None and outcome.winners == (0,)
    assert outcome.reasons == ("player 1 has played every card and wins.",)


def test_table_bounds_keep_cards_on_the_table() -> None:
    state = position("Bb=T", rows=1, columns=3)
    assert GAME.legal_moves(state) == [Place(card("Bb=T"), 0, -1), Place(card("Bb=T"), 0, 1)]
    assert GAME.why_illegal(state, Place(card("Bb=T"), 1, 0)) == (
        "Row 1, column 0 is off the edge of the table agreed for this game."
    )
    with pytest.raises(OptionError, match="rows must be"):
        GAME.options(rows=-1)


def test_everyone_sees_how_many_cards_each_player_holds() -> None:
    state = GAME.setup(4, seed=2)
    view = {(z.name, z.owner): z for z in GAME.view(state, 0)}
    assert view["hand", 2].cards is None and view["hand", 2].count == 7
    assert view["table", None].cards == (state.table[0][2],)


def test_score_position_names_the_failing_pair() -> None:
    good = GAME.score_position("Bb=S Bb=T\n. Bw=T")
    assert good.details["legal"] is True and good.details["touching_pairs"] == 2
    bad = GAME.score_position("Bb=S Bb=T / Bw=C Bw=T")
    assert bad.details["legal"] is False
    assert bad.reasons[0] == ("Bb=S (row 1, cell 1) and Bw=C (row 2, cell 1) touch end to end "
                              "but share only blue and stripe; touching cards must share "
                              "three values.")  # fmt: skip
    apart = GAME.score_position("Bb=S - Gw=T")
    assert apart.details["unconnected"] == ["Gw=T"]
    with pytest.raises(ValueError, match="row 1, cell 2"):
        GAME.score_position("Bb=S Bx=T")


@given(st.sampled_from(FOUR_D.cards), st.sampled_from(FOUR_D.cards))
def test_partners_are_exactly_the_cards_sharing_three_values(a: object, b: object) -> None:
    assert (b in PARTNERS[a]) == (a.shares(b) == 3)  # type: ignore[attr-defined,index]


def test_every_playout_ends() -> None:
    for seed in range(150):
        options = GAME.options(rows=3, columns=3) if seed % 2 else GAME.options()
        outcome = playout(GAME, 2 + seed % 4, seed, options).outcome
        assert outcome is not None and outcome.winners

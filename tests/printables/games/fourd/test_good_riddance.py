"""Good Riddance, rule by rule (4D Playing Cards rulebook, "Good Riddance")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.games.fourd.good_riddance import GAME, Draw, Pass, Play, RiddanceOptions
from printables.games.playout import playout


def position(hand: str, top: str, stock: str = "", **options: object) -> object:
    """Player 1 to move with ``hand``, ``top`` on the pile; player 2 holds one card."""
    state = GAME.setup(2, seed=1, options=GAME.options(**options))
    hand_cards = tuple(read_cards(hand, FOUR_D))
    used = {*hand_cards, card(top), card("RwzT")}
    stock_cards = tuple(read_cards(stock, FOUR_D)) if stock else ()
    rest = tuple(c for c in FOUR_D.cards if c not in used and c not in stock_cards)
    return replace(state, hands=(hand_cards, (card("RwzT"),)), pile=(*rest, card(top)),
                   stock=stock_cards, turn=0, drawn=None)  # fmt: skip


def test_the_deal_gives_seven_cards_each_and_turns_up_one() -> None:
    state = GAME.setup(4, seed=3)
    assert [len(h) for h in state.hands] == [7, 7, 7, 7]
    assert len(state.pile) == 1 and len(state.stock) == 81 - 28 - 1
    assert state.turn == (state.dealer + 1) % 4  # the player on the dealer's left begins


def test_a_card_sharing_no_value_may_be_played() -> None:
    state = position("GwzC BgzT", "Rg~S")
    assert GAME.legal_moves(state) == [Play(card("GwzC"))]


def test_a_card_sharing_a_value_is_refused_with_the_shared_value_named() -> None:
    state = position("GwzC Bb~T", "BbzS")
    assert GAME.check(state, Play(card("GwzC"))).reasons == (
        "GwzC shares zigzag with the top card BbzS; Good Riddance needs no shared value.",
    )
    assert GAME.why_illegal(state, Play(card("Bb~T"))) == (
        "Bb~T shares blue and black with the top card BbzS; Good Riddance needs no shared value."
    )


def test_a_card_not_in_hand_is_refused() -> None:
    state = position("GwzC", "Rg~S")
    assert GAME.why_illegal(state, Play(card("Gw=C"))) == "Gw=C is not in player 1's hand."


def test_a_player_who_can_play_may_not_draw_or_pass() -> None:
    state = position("GwzC", "Rg~S")
    assert "GwzC can be played" in str(GAME.why_illegal(state, Draw()))
    assert "must play" in str(GAME.why_illegal(state, Pass()))


def test_a_player_who_cannot_play_draws_and_may_play_the_drawn_card() -> None:
    state = position("Rg~T", "Rg~S", stock="GwzC Bb=S")
    assert GAME.legal_moves(state) == [Draw()]
    state = GAME.apply(state, Draw())
    assert state.turn == 0 and state.drawn == card("GwzC")
    assert GAME.legal_moves(state) == [Play(card("GwzC")), Pass()]
    assert "only the drawn card" in str(GAME.why_illegal(state, Play(card("Rg~T"))))
    assert GAME.apply(state, Pass()).turn == 1


def test_an_unplayable_drawn_card_ends_the_turn() -> None:
    state = GAME.apply(position("Rg~T", "Rg~S", stock="Rb~S GwzC"), Draw())
    assert state.turn == 1 and card("Rb~S") in state.hands[0]


def test_variation_1_keeps_drawing_until_a_play() -> None:
    state = position("Rg~T", "Rg~S", stock="Rb~S Bg=C GwzC", draw_until_play=True)
    state = GAME.apply(state, Draw())
    assert state.turn == 0 and GAME.legal_moves(state) == [Draw()]
    state = GAME.apply(GAME.apply(state, Draw()), Draw())
    assert GAME.legal_moves(state) == [Play(card("GwzC"))]


def test_variation_2_needs_exactly_two_shared_values() -> None:
    state = position("Rg=T RgzS BbzT", "Rg~S", shared=2)
    assert GAME.legal_moves(state) == [Play(card("Rg=T"))]
    assert GAME.why_illegal(state, Play(card("RgzS"))) == (
        "RgzS shares three values (red, gray and square) with the top card Rg~S; "
        "this variation needs exactly two shared values."
    )


def test_playing_the_last_card_wins() -> None:
    state = GAME.apply(position("GwzC", "Rg~S"), Play(card("GwzC")))
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is None and outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (1, 0)
    assert outcome.reasons == ("player 1 has played every card and wins.",)


def test_an_empty_stock_is_made_from_the_pile_but_its_top_card() -> None:
    state = position("Rg~T", "Rg~S")
    pile_below = len(state.pile) - 1
    state = GAME.apply(state, Draw())
    assert state.reshuffles == 1 and state.pile == (card("Rg~S"),)
    assert len(state.stock) == pile_below - 1


def test_a_hand_where_nobody_can_play_or_draw_is_won_by_the_fewest_cards() -> None:
    state = replace(position("Rg~T Rb~S", "Rg~S"), pile=(card("Rg~S"),))
    state = replace(state, hands=(state.hands[0], (card("RwzT"),)))
    state = GAME.apply(GAME.apply(state, Pass()), Pass())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert "fewest cards" in outcome.reasons[0]


def test_the_opponents_hand_is_hidden_but_counted() -> None:
    state = GAME.setup(3, seed=2)
    view = {(z.name, z.owner): z for z in GAME.view(state, 0)}
    assert view["hand", 0].cards == state.hands[0]
    assert view["hand", 1].cards is None and view["hand", 1].count == 7
    assert view["stock", None].cards is None
    assert view["pile", None].cards == state.pile


def test_score_position_explains_a_play() -> None:
    scored = GAME.score_position("GwzC on BbzS")
    assert scored.details["legal"] is False
    assert scored.reasons[0].startswith("GwzC shares zigzag")
    assert GAME.score_position("GwzC on Rb~S").summary == "GwzC may be played on Rb~S"
    with pytest.raises(ValueError, match="CARD on TOP-CARD"):
        GAME.score_position("GwzC BbzS")


@given(st.sampled_from(FOUR_D.cards), st.sampled_from(FOUR_D.cards))
def test_the_play_rule_is_exactly_no_shared_value(a: object, b: object) -> None:
    assert (GAME.why_illegal_play(a, b, RiddanceOptions()) is None) == (a.shares(b) == 0)


def test_every_playout_ends_with_a_winner() -> None:
    for seed in range(200):
        outcome = playout(GAME, 2 + seed % 4, seed).outcome
        assert outcome is not None and outcome.winners

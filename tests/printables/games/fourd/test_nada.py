"""Nada, Nada, Nada, rule by rule (4D Playing Cards rulebook, "Nada, Nada, Nada")."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.fourd.flushes import completes_nada, disjoint_nadas, is_nada, nadas
from printables.games.base import OptionError
from printables.games.fourd.nada import (
    GAME,
    Discard,
    Draw,
    GoOut,
    NadaState,
    Pick,
    goes_out,
    three_nadas,
)
from printables.games.playout import playout

ALFIE = "BbzS Gw=C Rg~T Rb=C BwzT Gg~S Gb=T Rw~S Bg=C"  # two nadas and three loose cards
BETTY = "Gg=T Bb~C RwzS Rg=C GwzT RwzC Bg=S Gb=S Rb~T"  # one nada (Gg=T Bb~C RwzS)
ONE = "Bw~C Gb=S RgzT Bb=T Bb=C Gg=C Rw=S Rw=C Gw~T"  # one nada (Bw~C Gb=S RgzT)
NONE = "Bw~C Gb=S Rg=T Bb=T Bb=C Gg=C Rw=S Rw=C Gw~T"  # no nada
THREE = "BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T"  # three separate nadas


def position(hands: list[str], middle: str = "Bb~S", stock: int = 20) -> NadaState:
    """Player 1 (on the dealer's left) to move; ``stock`` cards left in the stock."""
    dealt = [tuple(read_cards(h, FOUR_D)) for h in hands]
    state = GAME.setup(len(hands), seed=1)
    mid = tuple(read_cards(middle, FOUR_D))
    used = {c for h in dealt for c in h} | set(mid)
    assert len(used) == sum(map(len, dealt)) + len(mid), "a card is dealt twice"
    rest = tuple(c for c in FOUR_D.cards if c not in used)
    return replace(state, hands=tuple(dealt), shown=((),) * len(hands), middle=mid,
                   stock=rest[:stock], dealer=len(hands) - 1, turn=0)  # fmt: skip


def play(state: NadaState, *moves: Any) -> NadaState:
    for move in moves:
        state = GAME.apply(state, move)
    return state


def test_the_deal_gives_nine_cards_each_and_turns_one_up_in_the_middle() -> None:
    state = GAME.setup(5, seed=3)
    assert [len(h) for h in state.hands] == [9] * 5 and state.shown == ((),) * 5
    assert len(state.middle) == 1 and len(state.stock) == 81 - 45 - 1
    assert state.turn == (state.dealer + 1) % 5


def test_a_turn_is_a_take_then_a_discard() -> None:
    state = position([ALFIE, BETTY])
    assert GAME.legal_moves(state) == [Draw(), Pick(card("Bb~S"))]
    assert GAME.why_illegal(state, Discard(card("BbzS"))) == (
        "Take a card from the stock or the middle before discarding."
    )
    top = state.stock[0]
    state = play(state, Draw())
    assert top in state.hands[0] and state.turn == 0  # a stock card goes into the hand
    assert GAME.why_illegal(state, Draw()) == (
        f"Player 1 has already taken {top} this turn; now discard a card."
    )
    state = play(state, Discard(top))  # the card just drawn from the stock may go
    assert state.middle == (card("Bb~S"), top) and state.turn == 1


def test_a_card_picked_from_the_middle_stays_face_up_and_cannot_be_discarded_at_once() -> None:
    state = play(position([BETTY, ALFIE]), Pick(card("Bb~S")))
    assert state.shown[0] == (card("Bb~S"),) and state.middle == ()
    view = {(z.name, z.owner): z for z in GAME.view(state, 1)}
    assert view["face up", 0].cards == (card("Bb~S"),)  # everyone sees it
    assert view["hand", 0].cards is None and view["hand", 0].count == 9
    assert GAME.why_illegal(state, Discard(card("Bb~S"))) == (
        "Bb~S was picked from the middle this turn and may not be discarded on the same turn."
    )
    assert Discard(card("Bb~S")) not in GAME.legal_moves(state)
    state = play(state, Discard(card("Bg=S")), Draw(), Discard(card("Gb=T")))
    state = play(state, Draw(), Discard(card("Bb~S")))  # on a later turn it may go
    assert state.shown[0] == () and state.middle[-1] == card("Bb~S")


def test_other_players_face_up_cards_cannot_be_taken() -> None:
    state = play(position([BETTY, ALFIE]), Pick(card("Bb~S")), Discard(card("Bg=S")))
    assert GAME.why_illegal(state, Pick(card("Bb~S"))) == (
        "Bb~S is not in the middle; only the middle cards may be picked, not other players' cards."
    )
    assert GAME.why_illegal(state, Pick(card("Bg=S"))) is None


def test_a_card_not_in_hand_cannot_be_discarded() -> None:
    state = play(position([ALFIE, BETTY]), Draw())
    assert GAME.why_illegal(state, Discard(card("Gg=T"))) == "Gg=T is not in player 1's hand."


def test_the_caption_alfie_s_two_nadas_and_bb_s() -> None:
    assert is_nada(read_cards("BbzS Gw=C Rg~T", FOUR_D)) and is_nada(
        read_cards("Rb=C BwzT Gg~S", FOUR_D)
    )
    assert len(disjoint_nadas(read_cards(ALFIE, FOUR_D))) == 2
    assert completes_nada(card("Rg=C"), card("GwzT")) == card("Bb~S")
    assert completes_nada(card("RwzC"), card("Gg=T")) == card("Bb~S")


def test_the_caption_betty_picks_bb_s_for_a_second_nada_not_a_third() -> None:
    # Bb~S also makes a nada with RwzC and Gg=T, but Gg=T is in Betty's one nada already:
    # a card counts in one nada only.
    state = position([ALFIE, BETTY])
    state = play(state, Draw())
    state = play(state, Discard(state.hands[0][-1]))
    state = play(state, Pick(card("Bb~S")))
    found = GAME.nadas_of(state, 1)
    assert len(found) == 2
    assert {frozenset(map(str, n)) for n in found} == {
        frozenset({"Gg=T", "Bb~C", "RwzS"}), frozenset({"Rg=C", "GwzT", "Bb~S"})}  # fmt: skip


def test_nine_cards_in_three_nadas_go_out_and_score_three() -> None:
    hand = "BbzS Gw=C Rg~T Rb=C BwzT Gg~S RwzC Gg=T Bg=S"  # needs Bb~S for the third nada
    state = play(position([hand, ONE]), Pick(card("Bb~S")))
    legal = GAME.legal_moves(state)
    assert GoOut(card("Bg=S")) in legal and Discard(card("Bg=S")) not in legal
    assert sum(isinstance(m, GoOut) for m in legal) == 1
    assert GAME.why_illegal(state, Discard(card("Bg=S"))) == (
        "Without Bg=S the nine cards group into three separate nadas (BbzS / Gw=C / Rg~T, "
        "Rb=C / BwzT / Gg~S, RwzC / Gg=T / Bb~S); go out by discarding Bg=S face down."
    )
    state = play(state, GoOut(card("Bg=S")))
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is None and outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (3, 1)
    assert state.out_discard == (card("Bg=S"),) and card("Bg=S") not in state.middle
    face_down = [z for z in GAME.view(state, 1) if z.name == "face-down discard"]
    assert face_down[0].cards is None


def test_going_out_without_three_nadas_is_refused() -> None:
    state = play(position([ALFIE, BETTY]), Pick(card("Bb~S")))
    assert GAME.why_illegal(state, GoOut(card("Gb=T"))) == (
        "Without Gb=T the nine cards do not group into three separate nadas: they hold only "
        "2 separate nadas (BbzS / Gw=C / Rg~T, Rb=C / BwzT / Gg~S)."
    )


def test_the_others_score_one_per_separate_nada() -> None:
    hand = "BbzS Gw=C Rg~T Rb=C BwzT Gg~S RwzC Gg=T Bg=S"
    state = play(position([hand, NONE]),
                 Pick(card("Bb~S")), GoOut(card("Bg=S")))  # fmt: skip
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (3, 0)
    assert outcome.reasons[1] == "Player 2 has no nada: 0 points."


def test_when_the_stock_runs_out_the_hand_ends_and_everyone_scores_nadas() -> None:
    state = play(position([ALFIE, BETTY], stock=1), Draw())
    assert GAME.to_move(state) == 0  # the turn is finished first
    state = play(state, Discard(state.hands[0][-1]))
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is None and outcome is not None
    assert outcome.winners == () and outcome.scores == (2, 1)
    assert outcome.reasons[0].startswith("The stock has run out and nobody has gone out")


def test_a_hand_ends_after_the_turn_limit() -> None:
    state = replace(position([ALFIE, BETTY]), options=GAME.options(turn_limit=2))
    state = play(state, Draw(), Discard(state.stock[0]))
    assert GAME.to_move(state) == 1
    state = play(state, Draw(), Discard(state.stock[0]))
    outcome = GAME.outcome(state)
    assert outcome is not None and "2 turns have been played" in outcome.reasons[0]
    assert GAME.turn_limit(GAME.setup(2, seed=1)) == 81 - 18 - 1  # the stock at the deal


def test_the_first_to_ten_wins_the_highest_on_the_same_hand_and_a_tie_plays_on() -> None:
    assert GAME.match_outcome([9, 8], 5) is None
    outcome = GAME.match_outcome([11, 10, 4], 6)
    assert outcome is not None and outcome.winners == (0,)
    assert GAME.match_outcome([11, 11, 4], 6) is None


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="target must be 1 to 100"):
        GAME.options(target=0)
    with pytest.raises(OptionError, match="turn_limit must be 0 to 1000"):
        GAME.options(turn_limit=-1)


def test_score_position_counts_separate_nadas() -> None:
    scored = GAME.score_position(THREE)
    assert scored.points == 3 and scored.summary == "three separate nadas: out"
    assert scored.details["out"] is True
    two = GAME.score_position(ALFIE)
    assert two.points == 2 and two.summary == "2 separate nadas"
    assert two.details["nadas"] == [["BbzS", "Gw=C", "Rg~T"], ["Rb=C", "BwzT", "Gg~S"]]
    with pytest.raises(ValueError, match="nine cards, not 3"):
        GAME.score_position("BbzS Gw=C Rg~T")
    with pytest.raises(ValueError, match="appears twice"):
        GAME.score_position("BbzS BbzS Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T")


@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=9, max_size=9, unique=True))
def test_going_out_is_exactly_three_separate_nadas(cards: list[Any]) -> None:
    assert goes_out(cards) == (len(disjoint_nadas(cards)) == 3)


@given(st.randoms(use_true_random=False))
def test_three_nadas_made_of_separate_nadas_always_go_out(rnd: random.Random) -> None:
    pool = list(nadas())
    chosen: list[Any] = []
    for n in rnd.sample(pool, len(pool)):
        if not set(n) & set(chosen):
            chosen.extend(n)
        if len(chosen) == 9:
            break
    rnd.shuffle(chosen)
    assert goes_out(chosen) and three_nadas(chosen)


def test_playouts_end_and_score_by_the_rules() -> None:
    for seed in range(300):
        players = 2 + seed % 4
        outcome = playout(GAME, players, seed).outcome
        assert outcome is not None and len(outcome.scores) == players
        assert all(0 <= s <= 3 for s in outcome.scores)
        assert len(outcome.winners) <= 1

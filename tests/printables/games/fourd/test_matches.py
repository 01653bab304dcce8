"""Matches, rule by rule (4D Playing Cards rulebook, "Matches", with the caption's example)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.games.base import OptionError
from printables.games.fourd.matches import GAME, MatchesState, Play, TurnUp
from printables.games.playout import playout


def position(up0: str, hand0: str, up1: str, hand1: str, top: str, stock: str,
             turn: int = 1, **options: object) -> MatchesState:  # fmt: skip
    """Alfie (player 1, the dealer) and Betty (player 2, to move) with the given cards."""
    state = GAME.setup(2, seed=1, options=GAME.options(**options))
    face_up = (tuple(read_cards(up0, FOUR_D)), tuple(read_cards(up1, FOUR_D)))
    hands = ((card(hand0),), (card(hand1),))
    stock_cards = tuple(read_cards(stock, FOUR_D))
    used = {*face_up[0], *face_up[1], *hands[0], *hands[1], card(top), *stock_cards}
    rest = tuple(c for c in FOUR_D.cards if c not in used)
    return replace(state, face_up=face_up, hands=hands, stock=stock_cards,
                   pile=(*rest, card(top)), dealer=0, turn=turn)  # fmt: skip


def test_the_deal_gives_three_face_up_and_one_hand_card_each() -> None:
    state = GAME.setup(4, seed=3)
    assert [len(f) for f in state.face_up] == [3, 3, 3, 3]
    assert [len(h) for h in state.hands] == [1, 1, 1, 1]
    assert len(state.pile) == 1 and len(state.stock) == 81 - 16 - 1
    assert state.turn == (state.dealer + 1) % 4 and state.scores == (0, 0, 0, 0)


def test_the_hand_card_is_seen_by_its_owner_and_face_up_cards_by_all() -> None:
    state = GAME.setup(3, seed=2)
    view = {(z.name, z.owner): z for z in GAME.view(state, 0)}
    assert view["hand", 0].cards == state.hands[0]
    assert view["hand", 1].cards is None and view["hand", 1].count == 1
    assert view["face up", 1].cards == state.face_up[1]
    assert view["stock", None].cards is None


def test_the_caption_betty_2_alfie_2_betty_3_alfie_3() -> None:
    state = position("Gw~S Rw~S RbzT", "Bw=T", "Gb=S Bw~S RgzC", "BgzT", top="Gg~S",
                     stock="Rg=C Bg=C Gg=C Rb=C")  # fmt: skip
    # Gb=S is Betty's highest-scoring first play: 2 points.
    best = max(GAME.legal_moves(state), key=lambda m: GAME.points(m.card, state.top))
    assert best == Play(card("Gb=S")) and GAME.points(card("Gb=S"), state.top) == 2
    for seat, played, points in ((1, "Gb=S", 2), (0, "Gw~S", 2), (1, "Bw~S", 3), (0, "Rw~S", 3)):
        before = state.scores[seat]
        state = GAME.apply(state, Play(card(played)))
        assert state.scores[seat] - before == points
        state = GAME.apply(state, TurnUp(state.drawn))  # type: ignore[arg-type]
    assert state.scores == (5, 5)  # "Neither player will be ahead."
    assert card("Bw=T") in state.hands[0]  # Alfie's face-down card stayed hidden


def test_playing_the_hand_card_makes_the_drawn_card_the_new_hand() -> None:
    state = position("Gw~S Rw~S RbzT", "Bw=T", "Gb=S Bw~S RgzC", "BgzT", "Gg~S", "Rg=C Bg=C")
    state = GAME.apply(state, Play(card("BgzT")))
    assert state.hands[1] == (card("Rg=C"),) and state.turn == 0 and state.drawn is None
    assert state.scores[1] == 1  # BgzT on Gg~S shares gray


def test_playing_a_face_up_card_lets_the_player_choose_which_card_to_turn_up() -> None:
    start = position("Gw~S Rw~S RbzT", "Bw=T", "Gb=S Bw~S RgzC", "BgzT", "Gg~S", "Rg=C Bg=C")
    state = GAME.apply(start, Play(card("Gb=S")))
    assert state.turn == 1 and state.drawn == card("Rg=C")
    assert GAME.legal_moves(state) == [TurnUp(card("BgzT")), TurnUp(card("Rg=C"))]
    up_hand = GAME.apply(state, TurnUp(card("BgzT")))
    assert card("BgzT") in up_hand.face_up[1] and up_hand.hands[1] == (card("Rg=C"),)
    up_drawn = GAME.apply(state, TurnUp(card("Rg=C")))
    assert card("Rg=C") in up_drawn.face_up[1] and up_drawn.hands[1] == (card("BgzT"),)
    for after in (up_hand, up_drawn):  # three face up and one in hand after the turn
        assert len(after.face_up[1]) == 3 and len(after.hands[1]) == 1 and after.turn == 0


def test_reasons_for_wrong_moves() -> None:
    start = position("Gw~S Rw~S RbzT", "Bw=T", "Gb=S Bw~S RgzC", "BgzT", "Gg~S", "Rg=C Bg=C")
    assert GAME.why_illegal(start, Play(card("Gw~S"))) == (
        "Gw~S is neither face up in front of player 2 nor the card in hand."
    )
    assert "play a card first" in str(GAME.why_illegal(start, TurnUp(card("BgzT"))))
    state = GAME.apply(start, Play(card("Gb=S")))
    assert GAME.why_illegal(state, Play(card("Bw~S"))) == (
        "First choose which card to turn face up: the hand card BgzT or the drawn card Rg=C."
    )


def test_the_first_to_reach_the_target_wins_at_once() -> None:
    state = position("Gw~S Rw~S RbzT", "Bw=T", "Gb=S Bw~S RgzC", "BgzT", "Gg~S", "Rg=C")
    state = replace(state, scores=(60, 59))
    state = GAME.apply(state, Play(card("Gb=S")))  # 2 points: 61
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is None and outcome is not None
    assert outcome.winners == (1,) and outcome.scores == (60, 61)
    assert "target of 61" in outcome.reasons[0]


def test_a_target_of_121_plays_on_past_61() -> None:
    state = position("Gw~S Rw~S RbzT", "Bw=T", "Gb=S Bw~S RgzC", "BgzT", "Gg~S", "Rg=C",
                     target=121)  # fmt: skip
    state = GAME.apply(replace(state, scores=(0, 60)), Play(card("Gb=S")))
    assert GAME.to_move(state) == 1 and state.scores[1] == 62
    with pytest.raises(OptionError, match="61 or 121"):
        GAME.options(target=100)


def test_an_empty_stock_is_made_again_from_the_pile_but_its_top_card() -> None:
    state = position("Gw~S Rw~S RbzT", "Bw=T", "Gb=S Bw~S RgzC", "BgzT", "Gg~S", "")
    below = len(state.pile) - 1
    state = GAME.apply(state, Play(card("BgzT")))
    assert state.reshuffles == 1 and state.pile == (card("BgzT"),)
    assert len(state.stock) == below  # the old top card joined the new stock, one was drawn


def test_score_position_one_play_and_a_sequence() -> None:
    one = GAME.score_position("Gb=S on Gg~S")
    assert one.points == 2 and one.reasons == ("Gb=S on Gg~S scores 2 points: it shares "
                                               "green and square.",)  # fmt: skip
    seq = GAME.score_position("Gg~S Gb=S Gw~S Bw~S Rw~S")
    assert [p["points"] for p in seq.details["plays"]] == [2, 2, 3, 3]
    # The caption: Betty 2 then 3, Alfie 2 then 3, "neither player will be ahead".
    assert seq.details["totals"] == [5, 5] and seq.points is None
    assert seq.summary == "4 plays by 2 players in turn: player 1 5, player 2 5"
    three = GAME.score_position("3 players: Gg~S Gb=S Gw~S Bw~S Rw~S")
    assert three.details["totals"] == [5, 2, 3]
    with pytest.raises(ValueError, match="2 to 5 players, not 7"):
        GAME.score_position("7 players: Gg~S Gb=S")
    with pytest.raises(ValueError, match="begin a sequence with 'N players:'"):
        GAME.score_position("three: Gg~S Gb=S")
    assert GAME.score_position("RbzT on Gg~S").points == 0
    with pytest.raises(ValueError, match="at least two cards"):
        GAME.score_position("Gb=S")
    with pytest.raises(ValueError, match="'x' is not a shade"):
        GAME.score_position("Gx=S on Gg~S")


@given(st.sampled_from(FOUR_D.cards), st.sampled_from(FOUR_D.cards))
def test_a_play_scores_exactly_the_shared_values(a: object, b: object) -> None:
    assert GAME.points(a, b) == sum(x == y for x, y in zip(a.values, b.values, strict=True))  # type: ignore[attr-defined]


def test_every_playout_ends_with_one_winner_at_the_target() -> None:
    for seed in range(120):
        options = GAME.options(target=121 if seed % 3 == 0 else 61)
        outcome = playout(GAME, 2 + seed % 4, seed, options).outcome
        assert outcome is not None and len(outcome.winners) == 1
        assert max(outcome.scores) == outcome.scores[outcome.winners[0]] >= options.target
        assert sorted(outcome.scores)[-2] < options.target

"""4D 500 Rummy, rule by rule (4D Playing Cards rulebook, "4D 500 Rummy")."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.fourd.flushes import flush_degree, nine_card_double_flushes
from printables.games.base import OptionError
from printables.games.fourd.rummy import (
    GAME,
    AddCard,
    CallRummy,
    Discard,
    MeldCards,
    NoCall,
    RummyState,
    TakeDiscard,
    TakeStock,
    _meld_of,
    meld_name,
    meld_points,
    why_not_meld,
)
from printables.games.playout import playout


def cards(text: str) -> tuple[Any, ...]:
    return tuple(read_cards(text, FOUR_D))


def position(
    hands: list[str],
    *,
    turn: int = 0,
    phase: str = "play",
    pile: str = "",
    melds: tuple[tuple[int, str], ...] = (),
    stock: str | None = None,
    **options: Any,
) -> RummyState:
    """A hand in progress: ``hands`` by seat, ``melds`` as (owner, cards); the stock is
    ``stock`` (top first) or else every card not placed elsewhere."""
    state = GAME.setup(len(hands), seed=1, options=GAME.options(**options))
    hand_cards = tuple(cards(h) for h in hands)
    meld_list = tuple(_meld_of(owner, cards(text)) for owner, text in melds)
    placed = {c for h in hand_cards for c in h} | {c for m in meld_list for c in m.cards}
    pile_cards = cards(pile)
    placed |= set(pile_cards)
    if stock is None:
        stock_cards = tuple(c for c in FOUR_D.cards if c not in placed)
    else:
        stock_cards = cards(stock)
    return replace(state, hands=hand_cards, pile=pile_cards, melds=meld_list, stock=stock_cards,
                   turn=turn, phase=phase)  # type: ignore[arg-type]  # fmt: skip


def play(state: RummyState, *moves: Any) -> RummyState:
    for move in moves:
        state = GAME.apply(state, move)
    return state


# -- the deal -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(2, 10), (3, 7), (4, 7), (5, 7)])
def test_the_deal_gives_seven_cards_each_or_ten_to_two_players(players: int, each: int) -> None:
    state = GAME.setup(players, seed=players)
    assert [len(h) for h in state.hands] == [each] * players
    assert len(state.pile) == 1  # one card turned up starts the discard pile
    assert len(state.stock) == 81 - players * each - 1
    assert state.turn == (state.dealer + 1) % players and state.phase == "draw"
    assert GAME.to_move(state) == state.turn


def test_hand_size_option_and_bad_options() -> None:
    assert [len(h) for h in GAME.setup(3, 1, GAME.options(hand_size=9)).hands] == [9, 9, 9]
    with pytest.raises(OptionError, match="hand_size"):
        GAME.options(hand_size=2)
    with pytest.raises(OptionError, match="target"):
        GAME.options(target=0)


# -- picking ---------------------------------------------------------------------------------


def test_a_turn_begins_by_taking_the_stock_top_or_any_meldable_discard() -> None:
    state = position(["Rb=S Gw~C BgzT", "Rw=T"], phase="draw", pile="Gb~S Rg=C Rb=T",
                     melds=((1, "RbzS RbzC RgzT RwzS"),))  # fmt: skip
    # Rg=C cannot be melded (no meld with the hand and Rb=T); Gb~S neither.
    assert GAME.legal_moves(state) == [TakeStock(), TakeDiscard(card("Rb=T"))]
    assert GAME.why_illegal(state, TakeDiscard(card("Rg=C"))) == (
        "Rg=C lies below the top of the discard pile, so it must be melded at once, and it "
        "makes no meld with your cards and the 1 card above it."
    )
    assert GAME.why_illegal(state, Discard(card("Rb=S"))) == (
        "Player 1 must first take a card from the stock or the discard pile."
    )
    taken = play(state, TakeStock())
    assert taken.hands[0][-1] == state.stock[0] and taken.stock == state.stock[1:]
    assert taken.phase == "play"


def test_taking_the_top_discard_has_no_condition() -> None:
    state = position(["Rb=S Gw~C", "Rw=T"], phase="draw", pile="Gb~S BbzT")
    after = play(state, TakeDiscard(card("BbzT")))
    assert after.hands[0] == cards("Rb=S Gw~C BbzT") and after.pile == cards("Gb~S")
    assert after.must_meld is None
    assert GAME.why_illegal(after, Discard(card("BbzT"))) is None


def test_a_deeper_discard_takes_every_card_above_it_and_must_be_melded_first() -> None:
    state = position(["Rg~S Rg~C Gw=T", "Rw=T"], phase="draw", pile="Bb=S Rg~T GbzC Bw~S")
    assert TakeDiscard(card("Rg~T")) in GAME.legal_moves(state)
    after = play(state, TakeDiscard(card("Rg~T")))
    assert after.hands[0] == cards("Rg~S Rg~C Gw=T Rg~T GbzC Bw~S")
    assert after.pile == cards("Bb=S") and after.must_meld == card("Rg~T")
    assert GAME.why_illegal(after, Discard(card("Gw=T"))) == (
        "Rg~T was taken from deep in the discard pile and must be melded before discarding."
    )
    assert GAME.legal_moves(after) == [MeldCards(cards("Rg~S Rg~C Rg~T"))]
    done = play(after, MeldCards(cards("Rg~S Rg~C Rg~T")))
    assert done.must_meld is None and Discard(card("Gw=T")) in GAME.legal_moves(done)


def test_a_deeper_discard_may_be_taken_to_add_it_to_a_double_flush() -> None:
    state = position(["Gw=T", "Rw=T"], phase="draw", pile="BbzC Gg~S",
                     melds=((1, "BbzS BbzT Bb=S Bb~C"),))  # fmt: skip
    after = play(state, TakeDiscard(card("BbzC")))
    assert GAME.legal_moves(after) == [AddCard(card("BbzC"), 0)]


# -- melding ---------------------------------------------------------------------------------


def test_the_three_kinds_of_meld() -> None:
    state = position(["Rg~S Rg~C Rg~T BbzS BbzT Bb=S Bb~C Gw=T", "Rw=T"],
                     melds=((1, "GgzS GgzT Gg=S Gg~C"),))  # fmt: skip
    legal = GAME.legal_moves(state)
    assert MeldCards(cards("Rg~S Rg~C Rg~T")) in legal  # a three-card triple-flush
    assert MeldCards(cards("BbzS BbzT Bb=S Bb~C")) in legal  # a double-flush of four
    meld = play(state, MeldCards(cards("BbzS BbzT Bb=S Bb~C")))
    assert meld.melds[-1].owner == 0 and meld.hands[0] == cards("Rg~S Rg~C Rg~T Gw=T")
    # a double-flush of five at once is a meld too
    five = position(["BbzS BbzT Bb=S Bb~C BbzC Gw=T", "Rw=T"])
    assert GAME.why_illegal(five, MeldCards(cards("BbzS BbzT Bb=S Bb~C BbzC"))) is None
    assert meld_points(cards("BbzS BbzT Bb=S Bb~C BbzC")) == 20


def test_sets_that_are_not_melds_are_refused_with_the_shared_values() -> None:
    state = position(["Rg~S Rg~C Rw~T BbzS Bb=T Bb=S Rb~C Gw=T", "Rw=T"])
    assert GAME.why_illegal(state, MeldCards(cards("Rg~S Rg~C Rw~T"))) == (
        "Rg~S Rg~C Rw~T share only red and wavy; three cards make a meld only as a "
        "triple-flush (three shared values)."
    )
    assert GAME.why_illegal(state, MeldCards(cards("BbzS Bb=T Bb=S Rb~C"))) == (
        "BbzS Bb=T Bb=S Rb~C share only black; four cards make a meld only as a "
        "double-flush (two shared values)."
    )
    assert GAME.why_illegal(state, MeldCards(cards("BbzS Rg~C Gw=T"))) == (
        "BbzS Rg~C Gw=T share no value; three cards make a meld only as a "
        "triple-flush (three shared values)."
    )
    assert "a meld is a three-card triple-flush" in str(
        GAME.why_illegal(state, MeldCards(cards("BbzS Bb=T")))
    )
    assert GAME.why_illegal(state, MeldCards(cards("Gg=S Rg~C Rw~T"))) == (
        "Gg=S is not in player 1's hand."
    )


def test_no_meld_may_leave_the_hand_empty() -> None:
    state = position(["Rg~S Rg~C Rg~T", "Rw=T"], melds=((1, "RgzS RgzT Rg=S RgzC"),))
    assert GAME.why_illegal(state, MeldCards(cards("Rg~S Rg~C Rg~T"))) == (
        "Melding these 3 cards would leave no card in your hand; a discard must always be made."
    )
    last = position(["Rg~S", "Rw=T"], melds=((1, "RgzS RgzT Rg=S RgzC"),))
    assert GAME.why_illegal(last, AddCard(card("Rg~S"), 0)) == (
        "Adding Rg~S would leave no card in your hand; a discard must always be made."
    )
    assert GAME.legal_moves(last) == [Discard(card("Rg~S"))]


def test_adding_to_your_own_double_flush_grows_it() -> None:
    state = position(["RgzS RgzT Rg=S RgzC Rg~C Gw=T", "Rw=T"])
    state = play(state, MeldCards(cards("RgzS RgzT Rg=S RgzC")), AddCard(card("Rg~C"), 0))
    assert state.melds[0].cards == cards("RgzS RgzT Rg=S RgzC Rg~C") and state.added == ()
    assert GAME.hand_scores(state)[0][0] == 20 - 5  # a five-card double-flush, one card left


def test_adding_to_another_players_double_flush_lies_in_front_of_you_for_5() -> None:
    state = position(["Rg~C Gw=T", "Rw=T"], melds=((1, "RgzS RgzT Rg=S RgzC"),))
    state = play(state, AddCard(card("Rg~C"), 0))
    assert state.melds[0].cards == cards("RgzS RgzT Rg=S RgzC")  # the owner's meld
    melds = {z.owner: z.cards for z in GAME.zones(state) if z.name == "melds"}
    assert melds[0] == cards("Rg~C")  # in front of the player who added it
    scores, lines = GAME.hand_scores(state)
    assert scores == (5 - 5, 10 - 5)  # the owner still scores four cards: 10
    assert "1 card added to other players' double-flushes 5" in lines[0]


def test_a_card_must_show_both_values_of_the_double_flush_and_triples_take_none() -> None:
    state = position(["Rw~C Rg~C Gw=T", "Rw=T"],
                     melds=((1, "RgzS RgzT Rg=S RgzC"), (1, "Bb~S Bb~C Bb~T")))  # fmt: skip
    assert GAME.why_illegal(state, AddCard(card("Rw~C"), 0)) == (
        "Rw~C does not show both values player 2's meld 1 shares (red and gray)."
    )
    assert GAME.why_illegal(state, AddCard(card("Rg~C"), 1)) == (
        "Player 2's meld 2 is a three-card triple-flush; cards are added only to double-flushes."
    )
    assert [m for m in GAME.legal_moves(state) if isinstance(m, AddCard)] == [
        AddCard(card("Rg~C"), 0)
    ]


# -- discarding, going out, the end of the stock ---------------------------------------------


def test_a_discard_ends_the_turn_and_the_player_on_the_left_goes_next() -> None:
    state = play(position(["Rg~C Gw=T", "Rw=T", "BbzS"]), Discard(card("Gw=T")))
    assert state.pile[-1] == card("Gw=T") and state.turn == 1 and state.phase == "draw"


def test_discarding_the_last_card_goes_out_and_ends_the_hand() -> None:
    state = play(position(["Gw=T", "Rw=T Bb=S"]), Discard(card("Gw=T")))
    assert GAME.to_move(state) is None and state.out == 0
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (0, -10) and outcome.winners == (0,)
    assert outcome.reasons[0] == "player 1 went out by discarding the last card in hand."


def test_the_hand_ends_after_the_turn_that_takes_the_last_stock_card() -> None:
    state = position(["Gw=T Bb=S", "Rw=T"], phase="draw", pile="Rg=C", stock="BbzS",
                     melds=((1, "BbzC BbzT Bb~S Bb~C"),))  # fmt: skip
    state = play(state, TakeStock())
    assert state.stock == () and GAME.to_move(state) == 0  # the turn is completed
    state = play(state, Discard(card("BbzS")))  # fits player 2's meld, yet no Rummy now
    assert GAME.to_move(state) is None and state.out is None
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (-10, 10 - 5)
    assert outcome.reasons[0] == "The stock ran out; the hand ended after player 1's turn."


# -- calling Rummy ---------------------------------------------------------------------------


def test_a_discard_that_fits_a_double_flush_may_be_claimed_from_the_discarders_left() -> None:
    state = position(["BbzS Gw=T", "Rw=T", "Gg~S", "Rb~C"],
                     melds=((0, "BbzC BbzT Bb~S Bb~C"),))  # fmt: skip
    state = play(state, Discard(card("BbzS")))
    assert state.phase == "claim" and GAME.to_move(state) == 1
    assert GAME.legal_moves(state) == [CallRummy(0), NoCall()]
    state = play(state, NoCall())
    assert GAME.to_move(state) == 2  # the next caller in order from the discarder's left
    claimed = play(state, CallRummy(0))
    assert claimed.added[-1].seat == 2 and claimed.added[-1].card == card("BbzS")
    assert card("BbzS") not in claimed.pile
    # afterwards, the player who would have had the next turn proceeds
    assert claimed.phase == "draw" and GAME.to_move(claimed) == 1
    assert GAME.hand_scores(claimed)[0][2] == 5 - 5


def test_when_nobody_calls_rummy_play_goes_on_from_the_discarders_left() -> None:
    state = position(["BbzS Gw=T", "Rw=T", "Gg~S"], melds=((1, "BbzC BbzT Bb~S Bb~C"),))
    state = play(state, Discard(card("BbzS")), NoCall(), NoCall())
    assert state.phase == "draw" and GAME.to_move(state) == 1 and state.pile[-1] == card("BbzS")


def test_a_claim_on_your_own_double_flush_joins_it() -> None:
    state = position(["BbzS Gw=T", "Rw=T"], melds=((1, "BbzC BbzT Bb~S Bb~C"),))
    state = play(state, Discard(card("BbzS")), CallRummy(0))
    assert state.melds[0].cards[-1] == card("BbzS") and state.added == ()


def test_no_claim_on_a_discard_that_fits_nothing_or_with_rummy_off() -> None:
    melds = ((1, "BbzC BbzT Bb~S Bb~C"), (1, "Gb~S Gb~C Gb~T"))
    fits_nothing = play(position(["Gb=S Gw=T", "Rw=T"], melds=melds), Discard(card("Gb=S")))
    assert fits_nothing.phase == "draw" and GAME.to_move(fits_nothing) == 1
    off = play(position(["BbzS Gw=T", "Rw=T"], melds=melds, rummy=False), Discard(card("BbzS")))
    assert off.phase == "draw"
    claim = play(position(["BbzS Gw=T", "Rw=T"], melds=melds), Discard(card("BbzS")))
    assert GAME.why_illegal(claim, CallRummy(1)) == (
        "Player 2's meld 2 is a three-card triple-flush; cards are added only to double-flushes."
    )
    assert "may only call Rummy or let it lie" in str(GAME.why_illegal(claim, TakeStock()))


# -- scoring ----------------------------------------------------------------------------------


def test_the_scoring_table() -> None:
    nine = next(nine_card_double_flushes())
    assert [meld_points(nine[:n]) for n in range(4, 10)] == [10, 20, 30, 60, 120, 240]
    assert meld_points(cards("Rg~S Rg~C Rg~T")) == 30
    assert meld_name(nine) == "nine-card double-flush (blue, black)"
    assert meld_name(cards("Rg~S Rg~C Rg~T")) == "three-card triple-flush (red, gray, wavy)"


BETTY_DOUBLE = "BwzC BbzS BgzT BwzS"
BETTY_TRIPLE = "Bg~S Bg~C Bg~T"
ALFIE_DOUBLE = "Gb=S Gb~C GbzT Gb=T"
ALFIE_HAND = "Rb=S Rb~C RbzT Rg=C Rg~T RgzS Rw=T Rw~S RwzC Gw=S Gg~C"


def test_the_books_example_betty_goes_out_for_40_and_alfie_scores_minus_45() -> None:
    # Alfie (seat 1) and Betty (seat 2); Betty draws BwzC from the stock.
    state = position([ALFIE_HAND, "BbzS BgzT BwzS Bb=T"], turn=1, phase="draw",
                     pile="Rg~S", melds=((0, ALFIE_DOUBLE), (1, BETTY_TRIPLE)),
                     stock="BwzC Gg=T Gw~T")  # fmt: skip
    state = play(state, TakeStock(), MeldCards(cards(BETTY_DOUBLE)), Discard(card("Bb=T")))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (-45, 40) and outcome.winners == (1,)
    assert outcome.reasons[1:] == (
        "player 1 scores -45: four-card double-flush (green, black) 10; 11 cards left in hand -55.",
        "player 2 scores 40: three-card triple-flush (blue, gray, wavy) 30; "
        "four-card double-flush (blue, zigzag) 10.",
    )


def test_the_books_example_through_score_position() -> None:
    betty = GAME.score_position(f"melds: {BETTY_DOUBLE} | {BETTY_TRIPLE}; added: ; hand:")
    assert betty.points == 40
    assert betty.reasons == ("four-card double-flush (blue, zigzag): 10.",
                             "three-card triple-flush (blue, gray, wavy): 30.")  # fmt: skip
    alfie = GAME.score_position(f"melds: {ALFIE_DOUBLE}; hand: {ALFIE_HAND}")
    assert alfie.points == -45 and alfie.reasons[-1] == "11 cards left in hand: -55."
    assert alfie.details["hand"] == 11


def test_score_position_counts_added_cards_and_refuses_non_melds() -> None:
    added = GAME.score_position("melds: Rg~S Rg~C Rg~T; added: BbzS Gw=T; hand: Rw=T")
    assert added.points == 30 + 10 - 5
    refused = GAME.score_position("melds: Rg~S Rg~C Rw~T")
    assert refused.points is None and refused.reasons == (
        "Rg~S Rg~C Rw~T share only red and wavy; three cards make a meld only as a "
        "triple-flush (three shared values).",
    )
    with pytest.raises(ValueError, match="sections"):
        GAME.score_position("Rg~S Rg~C Rg~T")
    with pytest.raises(ValueError, match="Rg~S"):
        GAME.score_position("melds: Rg~S Rg~C Rg~T; hand: Rg~S")
    with pytest.raises(ValueError, match="'X'"):
        GAME.score_position("hand: Xg~S")


def test_the_game_goes_to_500_and_the_highest_wins_a_tie_plays_on() -> None:
    assert GAME.match_outcome([480, 499, -20], hands=6) is None
    one = GAME.match_outcome([510, 499], hands=7)
    assert one is not None and one.winners == (0,)
    several = GAME.match_outcome([505, 530, 520], hands=8)
    assert several is not None and several.winners == (1,)
    assert GAME.match_outcome([530, 530, 100], hands=8) is None
    assert GAME.match_outcome([90, 120], 3, GAME.options(target=100)) is not None


# -- properties and playouts -------------------------------------------------------------------


@settings(max_examples=60)
@given(st.integers(0, 53), st.integers(4, 9), st.randoms(use_true_random=False))
def test_every_part_of_four_or_more_of_a_double_flush_is_a_meld(
    which: int, size: int, chooser: Any
) -> None:
    group = list(list(nine_card_double_flushes())[which])
    part = chooser.sample(group, size)
    assert why_not_meld(part) is None and meld_points(part) == [10, 20, 30, 60, 120, 240][size - 4]


@settings(max_examples=80)
@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=3, max_size=3, unique=True))
def test_three_cards_are_a_meld_exactly_when_a_triple_flush(three: list[Any]) -> None:
    assert (why_not_meld(three) is None) == (flush_degree(three) == 3)


@settings(max_examples=40)
@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=4, max_size=12, unique=True))
def test_the_offered_melds_are_exactly_the_hands_triples_and_four_card_doubles(
    hand: list[Any],
) -> None:
    state = position([" ".join(map(str, hand)) + " ", "Rw=T" if card("Rw=T") not in hand
                      else "Gw=T"])  # fmt: skip
    offered = {frozenset(m.cards) for m in GAME.candidate_moves(state)
               if isinstance(m, MeldCards)}  # fmt: skip
    expected = {
        frozenset(s)
        for n in (3, 4)
        for s in combinations(hand, n)
        if (n == 3 and flush_degree(s) == 3) or (n == 4 and flush_degree(s) >= 2)
    }
    assert offered == expected


def test_seeded_playouts_end_with_a_score_for_every_player() -> None:
    for seed in range(120):
        players = 2 + seed % 4
        options = GAME.options(rummy=seed % 3 != 0, hand_size=(0, 10, 5)[seed % 3])
        record = playout(GAME, players, seed, options)
        assert record.outcome is not None and len(record.outcome.scores) == players
        assert record.outcome.reasons and all(r.endswith(".") for r in record.outcome.reasons)

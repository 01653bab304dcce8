"""DNA, rule by rule (4D Playing Cards rulebook, "DNA"), with the book's worked example."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.fourd.flushes import is_triple_flush_pair
from printables.games.fourd.dna import GAME, DnaState, Play, Stop, Turn
from printables.games.playout import playout


def position(chains: list[str], discard: str = "", up: str = "", stock: bool = True,
             **options: Any) -> DnaState:  # fmt: skip
    """Chains and discard pile bottom card first; the rest of the deck in the stock."""
    state = GAME.setup(1, seed=1, options=GAME.options(**options))
    laid = [tuple(read_cards(c, FOUR_D)) if c else () for c in chains]
    pile = tuple(read_cards(discard, FOUR_D)) if discard else ()
    turned = card(up) if up else None
    used = {*pile, *(c for chain in laid for c in chain), turned}
    rest = tuple(c for c in state.stock if c not in used) if stock else ()
    return replace(state, chains=tuple(laid), discard=pile, up=turned, stock=rest)


def play(state: DnaState, *moves: Any) -> DnaState:
    for move in moves:
        state = GAME.apply(state, move)
    return state


def move(state: DnaState, source: Any, target: Any) -> Play:
    """The move of the top card of ``source`` (0-based chain, "stock", "discard")."""
    top = state.top(source)
    assert top is not None
    return Play(top, source, target)


def shift(state: DnaState, source: int, target: int, count: int) -> DnaState:
    """Move ``count`` top cards one at a time from chain ``source`` to chain ``target``."""
    for _ in range(count):
        state = GAME.apply(state, move(state, source, target))
    return state


def example() -> DnaState:
    """The book's example: RbzC just turned up; the first chain's bottom card is RgzC,
    the third chain holds only GbzC, one chain is empty, the discard pile is GbzS, Gw=C."""
    return position(["RgzC Rg~C Rg~T", "Bw~S Bw=S", "GbzC", ""], discard="GbzS Gw=C", up="RbzC")


# -- the set-up and the turn ----------------------------------------------------------


def test_the_whole_deck_is_the_stock_and_the_chains_start_empty() -> None:
    state = GAME.setup(1, seed=5)
    assert len(state.stock) == 81 and state.up is None and state.discard == ()
    assert state.chains == ((), (), (), ())
    assert GAME.legal_moves(state) == [Turn()]


def test_the_stock_is_hidden_the_rest_is_face_up() -> None:
    state = GAME.apply(GAME.setup(1, seed=5), Turn())
    view = {z.name: z for z in GAME.view(state, 0)}
    assert view["stock"].cards is None and view["stock"].count == 80
    assert view["turned up"].cards == (state.up,)


def test_the_first_card_may_start_any_chain_or_go_on_the_discard_pile() -> None:
    state = GAME.apply(GAME.setup(1, seed=5), Turn())
    up = state.up
    assert up is not None
    assert GAME.legal_moves(state) == [Play(up, "stock", t) for t in (0, 1, 2, 3, "discard")]


def test_the_turned_up_card_must_be_played_before_the_next_is_turned_up() -> None:
    state = example()
    assert GAME.why_illegal(state, Turn()) == (
        "The turned-up card RbzC must be played before another card is turned up."
    )
    state = GAME.apply(state, move(state, "stock", "discard"))
    assert GAME.why_illegal(state, Turn()) is None


def test_a_card_on_a_chain_must_share_three_values_with_its_top() -> None:
    state = example()
    assert GAME.why_illegal(state, Play(card("RbzC"), "stock", 0)) == (
        "RbzC shares only red with Rg~T, the top of chain 1; "
        "a card on a chain must share three values with its top card."
    )
    assert GAME.why_illegal(state, Play(card("RbzC"), "stock", 2)) is None  # GbzC: b, z, C
    assert GAME.why_illegal(state, Play(card("RbzC"), "stock", 3)) is None  # an empty chain


def test_only_a_card_from_the_stock_may_go_on_the_discard_pile() -> None:
    state = example()
    assert GAME.why_illegal(state, Play(card("Bw=S"), 1, "discard")) == (
        "Only a card turned up from the stock may be played on the discard pile; "
        "Bw=S comes from chain 2."
    )
    assert GAME.why_illegal(state, Play(card("Gw=C"), "discard", "discard")) == (
        "Gw=C is already the top card of the discard pile."
    )


def test_the_turned_up_card_may_be_discarded_even_when_a_chain_takes_it() -> None:
    state = example()
    assert Play(card("RbzC"), "stock", "discard") in GAME.legal_moves(state)


def test_only_top_cards_move() -> None:
    state = example()
    assert GAME.why_illegal(state, Play(card("Rg~C"), 0, 3)) == (
        "Rg~C is not the top card of chain 1; only its top card Rg~T may be moved."
    )
    assert GAME.why_illegal(state, Play(card("GbzS"), "discard", 3)) == (
        "GbzS is not the top card of the discard pile; only its top card Gw=C may be moved."
    )
    assert GAME.why_illegal(state, Play(card("Gw=C"), "discard", 3)) is None


def test_moves_from_an_empty_place_are_refused() -> None:
    state = position(["", "", "", ""])
    assert GAME.why_illegal(state, Play(card("Gw=C"), 1, 0)) == (
        "Chain 2 is empty; there is no card to move."
    )
    assert GAME.why_illegal(state, Play(card("Gw=C"), "stock", 0)) == (
        "No card is turned up; turn one up from the stock first."
    )


# -- the book's example (caption) -----------------------------------------------------


def test_the_books_example_rbzc_goes_under_the_first_chain_by_reversing_it() -> None:
    state = example()
    state = shift(state, 0, 3, 3)  # the first chain, reversed, onto the empty chain
    assert state.chains[3] == tuple(read_cards("Rg~T Rg~C RgzC", FOUR_D))
    state = GAME.apply(state, Play(card("RbzC"), "stock", 3))  # a triple-flush pair with RgzC
    state = shift(state, 3, 0, 4)  # and back onto the now empty first chain
    assert state.chains[0] == tuple(read_cards("RbzC RgzC Rg~C Rg~T", FOUR_D))
    assert state.chains[3] == ()


def test_the_books_example_played_through() -> None:
    state = example()
    state = shift(play(shift(state, 0, 3, 3), Play(card("RbzC"), "stock", 3)), 3, 0, 4)
    # GbzC, the only card of the third chain, goes under the first chain too.
    state = shift(play(shift(state, 0, 3, 4), Play(card("GbzC"), 2, 3)), 3, 0, 5)
    assert state.chains[0] == tuple(read_cards("GbzC RbzC RgzC Rg~C Rg~T", FOUR_D))
    assert state.chains[2] == () and state.chains[3] == ()  # two empty chains
    # Gw=C, the top of the discard pile, goes on one of the two empty chains ...
    state = GAME.apply(state, Play(card("Gw=C"), "discard", 2))
    assert state.discard == (card("GbzS"),)
    # ... and GbzS, now the top card, goes under the first chain, next to GbzC.
    assert GAME.why_illegal(state, Play(card("GbzS"), "discard", 0)) is not None  # not on top
    state = shift(play(shift(state, 0, 3, 5), Play(card("GbzS"), "discard", 3)), 3, 0, 6)
    first = tuple(read_cards("GbzS GbzC RbzC RgzC Rg~C Rg~T", FOUR_D))
    assert state.chains == (first, tuple(read_cards("Bw~S Bw=S", FOUR_D)), (card("Gw=C"),), ())
    assert state.discard == ()


def test_the_shortcuts_are_not_moves_of_their_own() -> None:
    state = example()
    # Under the first chain is not a move: only onto a top card.
    targets = [m for m in GAME.legal_moves(state) if isinstance(m, Play) and m.source == "stock"]
    assert [m.target for m in targets] == [2, 3, "discard"]


# -- the end --------------------------------------------------------------------------


def gray_chain() -> list[Any]:
    """All 81 cards, each sharing three values with the next (a ternary Gray code)."""
    codes: list[tuple[int, ...]] = [()]
    for _ in range(4):
        codes = [(d, *c) for d in range(3) for c in (codes if d % 2 == 0 else codes[::-1])]
    by_values = {c.values: c for c in FOUR_D.cards}
    return [by_values[code] for code in codes]


def test_all_81_cards_in_one_chain_wins() -> None:
    cards = gray_chain()
    assert all(a.shares(b) == 3 for a, b in pairwise(cards))
    state = replace(GAME.setup(1, seed=1), stock=(), up=cards[-1],
                    chains=(tuple(cards[:-1]), (), (), ()))  # fmt: skip
    state = GAME.apply(state, Play(cards[-1], "stock", 0))
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is None and outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (81,)
    assert outcome.reasons == ("All 81 cards are in one chain: the game is won.",)


def test_the_player_may_stop_only_once_the_stock_is_used_up() -> None:
    state = example()
    assert GAME.why_illegal(state, Stop()) == (
        "The game goes on until every card of the stock has been turned up and played."
    )
    done = position(["RgzC Rg~C", "", "", ""], discard="Gw=C", stock=False)
    assert Stop() in GAME.legal_moves(done) and GAME.why_illegal(done, Turn()) == (
        "The stock is used up; there is no card to turn up."
    )
    outcome = GAME.outcome(GAME.apply(done, Stop()))
    assert outcome is not None and outcome.winners == () and outcome.scores == (2,)
    assert outcome.reasons[0].startswith("The player stopped with 1 card on the discard pile")


def test_fewer_chains_is_an_option() -> None:
    state = GAME.apply(GAME.setup(1, seed=2, options=GAME.options(chains=2)), Turn())
    assert len(state.chains) == 2 and len(GAME.legal_moves(state)) == 3
    with pytest.raises(ValueError, match="1 to 8 chains"):
        GAME.options(chains=0)


def test_every_playout_ends() -> None:
    for seed in range(60):
        record = playout(GAME, 1, seed, GAME.options(chains=2 + seed % 3))
        assert record.outcome is not None and record.moves >= 81


# -- positions ------------------------------------------------------------------------


def test_score_position_checks_chains() -> None:
    scored = GAME.score_position("GbzS GbzC RbzC RgzC Rg~C Rg~T / Gw=C")
    assert scored.points == 6 and scored.details["valid"] is True
    broken = GAME.score_position("GbzS RgzC")
    assert broken.points is None
    assert broken.reasons == (
        "RgzC shares only zigzag with GbzS, the top of chain 1; "
        "a card on a chain must share three values with its top card.",
    )
    with pytest.raises(ValueError, match="appears twice"):
        GAME.score_position("GbzS GbzC / GbzS")
    with pytest.raises(ValueError):
        GAME.score_position("  /  ")


@given(st.sampled_from(FOUR_D.cards), st.sampled_from(FOUR_D.cards))
def test_the_chain_rule_is_exactly_a_triple_flush_pair(a: Any, b: Any) -> None:
    if a != b:
        assert (GAME.why_illegal_link(a, b, 1) is None) == is_triple_flush_pair(a, b)

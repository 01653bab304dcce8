"""4D Poker hand ranking: the rulebook's example hands, an independent oracle, best of seven."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D, PARADOX
from printables.cards.errors import DuplicateCardError
from printables.cards.reading import read_cards
from printables.fourd.poker_ranks import PokerRank, best_five, rank_hand

# The rulebook's sample hands, "listed in order from highest to lowest". The first and
# third are given card by card; the others are built from what the book says of them
# (their pairs, flushes, and that no other value shows three times).
BOOK_HANDS = [
    ("Rg=T Rg=C Rg=S Bg=S Gg=S", PokerRank(6, 2, 0, 2), "Six pair, 5,5,3,3"),
    ("Rb~T Rb~C Gb~C Gg~C Bw=C", PokerRank(3, 0, 2, 1), "Three pair, 4,4,3"),
    ("BwzT Bw=T Gb~S GbzS GwzS", PokerRank(3, 0, 0, 4), "Three pair, 3,3,3,3"),
    ("Bg=C Bw=C Bb~T BgzS Rw~T", PokerRank(1, 0, 1, 0), "One pair, 4"),
    ("Gg=S GwzT RgzC BbzS Gg~C", PokerRank(0, 0, 0, 3), "3,3,3"),
    ("Bb=S Gg~C RwzT Bg~T Rb=C", PokerRank(0, 0, 0, 0), "Nothing"),
]


@pytest.mark.parametrize(("names", "rank", "name"), BOOK_HANDS)
def test_the_books_example_hands(names: str, rank: PokerRank, name: str) -> None:
    assert rank_hand(read_cards(names, FOUR_D)) == rank
    assert str(rank) == name


def test_the_books_examples_are_listed_highest_first() -> None:
    ranks = [rank_hand(read_cards(names, FOUR_D)) for names, _, _ in BOOK_HANDS]
    assert all(a > b for a, b in pairwise(ranks))


def test_the_books_named_flushes() -> None:
    """The values the book names for each hand are the ones at three or more."""
    named = [
        {"stripe": 5, "gray": 5, "red": 3, "square": 3},
        {"wavy": 4, "circle": 4, "black": 3},
        {"square": 3, "green": 3, "white": 3, "zigzag": 3},
        {"blue": 4},
        {"green": 3, "gray": 3, "zigzag": 3},
        {},
    ]
    for (names, _, _), expected in zip(BOOK_HANDS, named, strict=True):
        counts = Counter(v.name for c in read_cards(names, FOUR_D) for v in c.shown)
        assert {k: n for k, n in counts.items() if n >= 3} == expected


def oracle(hand: list[Card]) -> PokerRank:
    """Written from the rules' words, with no shared code: count values, count pairs."""
    counts = Counter((v.attribute, v.name) for c in hand for v in c.shown)
    pairs = sum(1 for a, b in combinations(hand, 2) if len(set(a.shown) & set(b.shown)) == 3)
    at = Counter(counts.values())
    return PokerRank(pairs, at[5], at[4], at[3])


hands = st.lists(st.sampled_from(FOUR_D.cards), min_size=5, max_size=5, unique=True)


@settings(max_examples=400)
@given(hands)
def test_rank_agrees_with_an_independent_count(hand: list[Card]) -> None:
    assert rank_hand(hand) == oracle(hand)


@settings(max_examples=40)
@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=7, max_size=7, unique=True))
def test_best_five_of_seven_is_the_best_of_all_21(seven: list[Card]) -> None:
    rank, chosen = best_five(seven)
    assert len(chosen) == 5 and set(chosen) <= set(seven)
    assert rank == rank_hand(list(chosen))
    assert rank == max(oracle(list(five)) for five in combinations(seven, 5))


def test_a_value_on_all_five_cards_is_not_counted_again_at_four_or_three() -> None:
    rank = rank_hand(read_cards("Bb=S Bb=C Bb=T Bb~S BbzS", FOUR_D))
    assert (rank.five, rank.four, rank.three) == (2, 0, 2)  # blue, black; stripe, square


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="five cards, not 4"):
        rank_hand(read_cards("Bb=S Bb=C Bb=T Bb~S", FOUR_D))
    with pytest.raises(DuplicateCardError, match="Bb=S appears twice"):
        rank_hand(read_cards("Bb=S Bb=C Bb=T Bb~S Bb=S", FOUR_D, distinct=False))
    with pytest.raises(ValueError, match="not a 4D Playing Card"):
        rank_hand(list(PARADOX.cards[:5]))
    with pytest.raises(ValueError, match="at least five"):
        best_five(read_cards("Bb=S Bb=C", FOUR_D))

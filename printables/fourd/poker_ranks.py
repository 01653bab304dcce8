"""4D Poker: ranking hands (4D Playing Cards rulebook, "Ranking of Hands").

A hand ranks by, in order: its triple-flush pairs (a card may be in several),
then how many values show on all five cards, then on exactly four, then on
exactly three. A value is counted once, at its largest count. Seven-card stud
plays the best five of seven.

>>> from printables.cards import FOUR_D, read_cards
>>> rank = rank_hand(read_cards("Rg=T Rg=C Rg=S Bg=S Gg=S", FOUR_D))
>>> rank, str(rank)
(PokerRank(pairs=6, five=2, four=0, three=2), 'Six pair, 5,5,3,3')
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.errors import DuplicateCardError, SetError

_NUMBERS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")

# Each card as a sum of 4-bit counters, one per value (12 values, 48 bits): adding five
# cards' codes counts every value at once. Triple-flush pairs come from a shares table.
_CODES = [sum(1 << (4 * (3 * a + v)) for a, v in enumerate(c.values)) for c in FOUR_D.cards]
_PAIR = [int(a.shares(b) == 3) for a in FOUR_D.cards for b in FOUR_D.cards]


class PokerRank(NamedTuple):
    """A hand's rank; compare ranks with ``<`` and ``>`` (tuples compare in the book's order)."""

    pairs: int
    five: int
    four: int
    three: int

    def __str__(self) -> str:
        """The book's way of naming a hand: ``"Three pair, 4,4,3"``, ``"Nothing"``."""
        flushes = ",".join(["5"] * self.five + ["4"] * self.four + ["3"] * self.three)
        if not self.pairs:
            return flushes or "Nothing"
        name = f"{_NUMBERS[self.pairs] if self.pairs < 11 else self.pairs} pair"
        return f"{name}, {flushes}" if flushes else name


def rank_indices(hand: Sequence[int]) -> PokerRank:
    """The rank of five (or any number of) distinct 4D cards given by deck index; fast."""
    total = 0
    for index in hand:
        total += _CODES[index]
    counts = [0] * 16
    while total:
        counts[total & 15] += 1
        total >>= 4
    pairs = 0
    for i, a in enumerate(hand):
        row = a * 81
        for b in hand[i + 1 :]:
            pairs += _PAIR[row + b]
    return PokerRank(pairs, sum(counts[5:]), counts[4], counts[3])


def rank_hand(cards: Sequence[Card]) -> PokerRank:
    """The rank of a hand of five distinct 4D cards."""
    if len(cards) != 5:
        raise SetError(f"a 4D Poker hand has five cards, not {len(cards)}")
    _check(cards)
    return rank_indices([c.index for c in cards])


def best_five(cards: Sequence[Card]) -> tuple[PokerRank, tuple[Card, ...]]:
    """The best hand of five among more cards (seven-card stud): its rank and its cards.

    Among equally ranked choices, the first in the order the cards were given is returned.
    """
    if len(cards) < 5:
        raise SetError(f"need at least five cards to make a hand, not {len(cards)}")
    _check(cards)
    indices = [c.index for c in cards]
    best = max(combinations(range(len(cards)), 5),
               key=lambda pick: rank_indices([indices[i] for i in pick]))  # fmt: skip
    chosen = tuple(cards[i] for i in best)
    return rank_indices([c.index for c in chosen]), chosen


def _check(cards: Sequence[Card]) -> None:
    seen: dict[Card, int] = {}
    for i, c in enumerate(cards, 1):
        if c.deck is not FOUR_D:
            raise SetError(f"{c} is not a 4D Playing Card")
        if c in seen:
            raise DuplicateCardError(str(c), f"card {seen[c]}", f"card {i}")
        seen[c] = i

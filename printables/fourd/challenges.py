"""The rulebook's appendix challenges, solved by construction and proved, for the strongest
pupils and for their teacher's key.

- :func:`neighbour_layout`: all 81 cards in a 9 x 9 layout in which every two neighbours
  (side by side or one above the other) share exactly two values.
- :func:`largest_without_triple_flush_pair`: 27 cards, no two of which share three values,
  and why no larger set exists (:data:`PAIR_FREE_PROOF`).

Both come from reading a card as four numbers 0-2 (its values' places in the deck's
attributes): cards are then the points of a 4-dimensional space over the integers mod 3.

>>> grid = neighbour_layout()
>>> len({card for row in grid for card in row})
81
>>> len(largest_without_triple_flush_pair())
27
"""

from __future__ import annotations

from functools import cache
from itertools import product

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D

GRAY = ((0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2))
"""The nine pairs of digits 0-2 in an order in which neighbours differ in one digit by one
(a ternary reflected Gray code)."""
STEPS = ((0, 0, 1, 1), (0, 0, 1, 2), (0, 1, 0, 1), (1, 0, 0, 1))
"""How a card changes (mod 3) when its column's first or second digit, or its row's,
steps by one: each change touches exactly two attributes, and the four are independent,
so the layout holds every card once."""

PAIR_FREE_PROOF = (
    "Split the 81 cards into 27 groups of three that agree in color, shade and pattern "
    "and differ in shape. Any two cards of one group share three values, so a set with no "
    "such pair holds at most one card of each group: at most 27 cards. Number each "
    "attribute's values 0, 1, 2; the 27 cards whose four numbers add up to a multiple of 3 "
    "hold no such pair, since two cards that share three values differ by 1 or 2 in the "
    "fourth number, so their sums cannot both be multiples of 3."
)
"""Why no set of more than 27 cards avoids every triple-flush pair, and why these 27 do."""


def _card(numbers: tuple[int, ...]) -> Card:
    name = "".join(
        attribute.values[n % 3].symbol
        for attribute, n in zip(FOUR_D.attributes, numbers, strict=True)
    )
    return FOUR_D.card(name)


def numbers(card: Card) -> tuple[int, ...]:
    """A card's values as their places 0-2 in the deck's attributes (Bb=S is 0 0 0 0).

    >>> from printables.cards import card
    >>> numbers(card("RwzT"))
    (2, 2, 2, 2)
    """
    return tuple(card.values)


@cache
def neighbour_layout() -> tuple[tuple[Card, ...], ...]:
    """All 81 cards in 9 rows of 9, every two neighbours sharing exactly two values."""
    rows = []
    for row in GRAY:
        cards = []
        for column in GRAY:
            digits = (*column, *row)
            point = tuple(
                sum(step[i] * d for step, d in zip(STEPS, digits, strict=True)) % 3
                for i in range(4)
            )
            cards.append(_card(point))
        rows.append(tuple(cards))
    return tuple(rows)


@cache
def largest_without_triple_flush_pair() -> tuple[Card, ...]:
    """27 cards, the most possible, no two of which share three values (see
    :data:`PAIR_FREE_PROOF`), in deck order."""
    return tuple(_card(point) for point in product(range(3), repeat=4) if sum(point) % 3 == 0)

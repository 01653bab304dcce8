"""The decks the project knows, as data.

>>> len(FOUR_D), len(PARADOX)
(81, 44)
>>> str(PARADOX.card("P10")), PARADOX.card("P10").value("color").name
('P10', 'purple')
"""

from __future__ import annotations

from printables.deck import Attribute, Card, Deck
from printables.errors import UnknownDeckError

FOUR_D = Deck(
    "4d",
    "4D Playing Cards",
    [
        Attribute.of("color", [("blue", "B"), ("green", "G"), ("red", "R")]),
        Attribute.of("shade", [("black", "b"), ("gray", "g"), ("white", "w")]),
        Attribute.of("pattern", [("stripe", "="), ("wavy", "~"), ("zigzag", "z")]),
        Attribute.of("shape", [("square", "S"), ("circle", "C"), ("triangle", "T")]),
    ],
)
"""The 81-card 4D deck; names are color, shade, pattern, shape (``Bb=S``)."""

PARADOX = Deck(
    "paradox",
    "PARADOX",
    [
        Attribute.of("color", [("red", "R"), ("green", "G"), ("purple", "P"), ("blue", "B")]),
        Attribute.of("rank", [(str(n), str(n)) for n in range(11)]),
    ],
)
"""PARADOX's 44 cards: four colors, ranks 0-10; names are color then rank (``R0``, ``B10``)."""

DECKS: dict[str, Deck] = {deck.key: deck for deck in (FOUR_D, PARADOX)}


def get_deck(key: str) -> Deck:
    """The deck called ``key``; an unknown name lists the known ones.

    >>> get_deck("tarot")
    Traceback (most recent call last):
    ...
    printables.errors.UnknownDeckError: unknown deck 'tarot'; expected 4d or paradox
    """
    try:
        return DECKS[key.lower()]
    except KeyError:
        known = " or ".join(DECKS)
        raise UnknownDeckError(f"unknown deck {key!r}; expected {known}") from None


def card(text: str, deck: str = "4d") -> Card:
    """Read one card name of a deck (the 4D deck unless another is named).

    >>> card("RwzC").shares(card("BbzT"))
    1
    >>> card("B10", deck="paradox")
    card('B10', deck='paradox')
    """
    return get_deck(deck).card(text)

"""The decks the project knows, as data, and the one registry that finds them by key.

>>> len(FOUR_D), len(PARADOX), len(STANDARD), len(FOUR)
(81, 44, 54, 28)
>>> str(PARADOX.card("P10")), PARADOX.card("P10").value("color").name
('P10', 'purple')
>>> [str(c) for c in FOUR.cards[:4]], FOUR.parent is STANDARD
(['AS', 'AH', 'AD', 'AC'], True)

Adding a deck is one definition here and one entry in :data:`DECKS`; its face design
is registered in ``generator/draw/faces/``.
"""

from __future__ import annotations

from printables.cards.deck import Attribute, Card, Deck, Extra, Value, register
from printables.cards.errors import UnknownDeckError
from printables.cards.wording import or_list

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

RANKS = Attribute(
    "rank",
    (
        Value("rank", "ace", "A"),
        *(Value("rank", str(n), str(n)) for n in range(2, 10)),
        Value("rank", "10", "10", aliases=("T",)),
        Value("rank", "jack", "J"),
        Value("rank", "queen", "Q"),
        Value("rank", "king", "K"),
    ),
)
SUITS = Attribute(
    "suit",
    (
        Value("suit", "spades", "S", aliases=("\u2660", "\u2664"), traits=(("color", "black"),)),
        Value("suit", "hearts", "H", aliases=("\u2665", "\u2661"), traits=(("color", "red"),)),
        Value("suit", "diamonds", "D", aliases=("\u2666", "\u2662"), traits=(("color", "red"),)),
        Value("suit", "clubs", "C", aliases=("\u2663", "\u2667"), traits=(("color", "black"),)),
    ),
)

STANDARD = Deck(
    "standard",
    "Standard playing cards",
    [RANKS, SUITS],
    extras=[
        Extra("RJ", "red joker", traits=(("color", "red"),)),
        Extra("BJ", "black joker", traits=(("color", "black"),)),
    ],
    ignore_case=True,
)
"""52 cards and two jokers; names are rank then suit (``AS``, ``10H``, ``QD``), read in any
case, ``T`` for 10 and the suit signs (``Q♦``) accepted; the jokers are ``RJ`` and ``BJ``."""

FOUR = STANDARD.stripped(
    "four", "Four's stripped deck", {"rank": ["A", "2", "3", "4", "J", "Q", "K"]}
)
"""Four's 28 cards: A, 2, 3, 4, J, Q and K of each suit, no jokers."""

DECKS: dict[str, Deck] = {deck.key: register(deck) for deck in (FOUR_D, PARADOX, STANDARD, FOUR)}
"""Every deck, by key, in the order the project lists them."""


def get_deck(key: str) -> Deck:
    """The deck called ``key``; an unknown name lists the known ones.

    >>> get_deck("tarot")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printables.cards.errors.UnknownDeckError: unknown deck 'tarot'; expected 4d, paradox, ...
    """
    try:
        return DECKS[key.strip().lower()]
    except KeyError:
        raise UnknownDeckError(f"unknown deck {key!r}; expected {or_list(list(DECKS))}") from None


def card(text: str, deck: str = "4d") -> Card:
    """Read one card name of a deck (the 4D deck unless another is named).

    >>> card("RwzC").shares(card("BbzT"))
    1
    >>> card("B10", deck="paradox")
    card('B10', deck='paradox')
    """
    return get_deck(deck).card(text)

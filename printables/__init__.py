"""Printables' rules engine: decks and their notation, special sets of cards.

Pure Python with no I/O; the generators and the web app build on it.
"""

from printables.deck import Attribute, Card, Deck, Value
from printables.decks import DECKS, FOUR_D, PARADOX, card, get_deck
from printables.errors import (
    CardNameError,
    DuplicateCardError,
    GridShapeError,
    NotationError,
    UnknownDeckError,
)

__all__ = [
    "DECKS",
    "FOUR_D",
    "PARADOX",
    "Attribute",
    "Card",
    "CardNameError",
    "Deck",
    "DuplicateCardError",
    "GridShapeError",
    "NotationError",
    "UnknownDeckError",
    "Value",
    "card",
    "get_deck",
]

"""Cards of every deck: the deck model, the decks themselves, reading written names, the
errors bad names get, and the words reasons are told in.

>>> from printables.cards import STANDARD, read_cards
>>> [str(c) for c in read_cards("AS 10h Q\u2666 BJ", STANDARD)]
['AS', '10H', 'QD', 'BJ']
"""

from printables.cards.deck import Attribute, Card, Deck, Extra, Value
from printables.cards.decks import DECKS, FOUR, FOUR_D, PARADOX, STANDARD, card, get_deck
from printables.cards.errors import (
    CardNameError,
    DuplicateCardError,
    GridShapeError,
    NotationError,
    SetError,
    UnknownDeckError,
)
from printables.cards.reading import NO, Grid, read_cards, read_grid

__all__ = [
    "DECKS",
    "FOUR",
    "FOUR_D",
    "NO",
    "PARADOX",
    "STANDARD",
    "Attribute",
    "Card",
    "CardNameError",
    "Deck",
    "DuplicateCardError",
    "Extra",
    "Grid",
    "GridShapeError",
    "NotationError",
    "SetError",
    "UnknownDeckError",
    "Value",
    "card",
    "get_deck",
    "read_cards",
    "read_grid",
]

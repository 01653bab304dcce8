"""The three standard-deck games of the source books, one module per game, each defining
``GAME``: Quad (52 cards and the two jokers), Four (its 28-card stripped deck) and
Lockdown (52 cards). Each game is its own book, so each names its book and deck itself.

The standard deck's cards are counted the same way by every game here: ace 1, 2 to 10 at
face value, jack 11, queen 12, king 13 (:func:`face_value`).

>>> from printables.cards.decks import STANDARD
>>> [face_value(STANDARD.card(n)) for n in ("AS", "7H", "10D", "JC", "QS", "KH")]
[1, 7, 10, 11, 12, 13]
"""

from __future__ import annotations

from printables.cards.deck import Card
from printables.games.base import Game, Move, Options, State

_VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13}


def face_value(card: Card) -> int:
    """A card's count: ace 1, number cards their number, jack 11, queen 12, king 13
    (a joker has none: ``ValueError``)."""
    rank = card.value("rank").symbol if card.values else ""
    if not rank:
        raise ValueError(f"{card} has no face value")
    return _VALUES.get(rank) or int(rank)


class StandardGame(Game[State, Move, Options]):
    """A game of one of the standard-deck source books (Quad, Four, Lockdown); each
    subclass sets its own ``book`` (the source's title) and ``deck``."""

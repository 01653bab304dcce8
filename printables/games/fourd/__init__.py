"""The games of the 4D Playing Cards rulebook, one module per game (or family of games
played with the same rules), each defining ``GAME`` (or ``GAMES``).

:class:`FourDGame` is what they share: the book, and the 81-card 4D deck.
"""

from __future__ import annotations

from typing import ClassVar

from printables.cards.deck import Deck
from printables.cards.decks import FOUR_D
from printables.games.base import Game, Move, Options, State


class FourDGame(Game[State, Move, Options]):
    """A game of the 4D Playing Cards rulebook, played with the 4D deck."""

    book: ClassVar[str] = "4D Playing Cards"
    deck: ClassVar[Deck] = FOUR_D

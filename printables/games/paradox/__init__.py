"""The three games of the PARADOX rulebook, one module per game, each defining ``GAME``.

:class:`ParadoxGame` is what they share: the book, and the 44-card PARADOX deck (each game
takes the cards it is played with from it: Buddy on your Left drops the 0s and one color,
The Third Man the 10s).
"""

from __future__ import annotations

from typing import ClassVar

from printables.cards.deck import Deck
from printables.cards.decks import PARADOX
from printables.games.base import Game, Move, Options, State


class ParadoxGame(Game[State, Move, Options]):
    """A game of the PARADOX rulebook, played with the PARADOX deck."""

    book: ClassVar[str] = "PARADOX"
    deck: ClassVar[Deck] = PARADOX

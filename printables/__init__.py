"""Printables' rules engine: decks and their notation, the 4D deck's special sets, Matrix
puzzles and MAT, the puzzle kinds, and every game of the source books.

Pure Python with no I/O; the generators and the web app build on it. The layout:

- :mod:`printables.cards`: the deck model, the decks, reading names, errors, wording;
- :mod:`printables.fourd`: the 4D deck's special sets, value-sharing patterns, poker ranks;
- :mod:`printables.matrix`: Matrix checking, solving, reasons, puzzles, MAT scoring and
  the MAT session;
- :mod:`printables.puzzles`: the registry of puzzle kinds (ids say their kind);
- :mod:`printables.games`: the game kit and registry; the games by family
  (:mod:`printables.games.fourd`).
"""

from printables.cards import (
    DECKS,
    FOUR,
    FOUR_D,
    PARADOX,
    STANDARD,
    Card,
    CardNameError,
    Deck,
    card,
    get_deck,
    read_cards,
    read_grid,
)

__all__ = [
    "DECKS",
    "FOUR",
    "FOUR_D",
    "PARADOX",
    "STANDARD",
    "Card",
    "CardNameError",
    "Deck",
    "card",
    "get_deck",
    "read_cards",
    "read_grid",
]

"""The 4D Playing Cards rulebook's "General Rules for Card Games", said alike by the
handouts of the games that follow them: each a checklist rule written once."""

from __future__ import annotations

from printables.games.handouts.base import BookRule

WHERE = "General Rules for Card Games"

FIRST_DEALER = BookRule(
    "first-dealer",
    WHERE,
    "The player to deal first in a game is decided by chance.",
    "The first dealer is chosen by chance",
)
LEFT_GOES_FIRST = BookRule(
    "first-player",
    WHERE,
    "the player on the dealer's left is the first to have a turn, and players take turns clockwise",
    "The player on the dealer's left goes first, and turns pass clockwise",
)

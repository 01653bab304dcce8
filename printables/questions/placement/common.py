"""What the placement questions share: the kind's key, the questions' names, and how a
set of cards (or none) is read."""

from __future__ import annotations

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards

KEY = "placement"
EIGHTY_ONE, GOOD_RIDDANCE, TILES_Q = "eighty-one", "good-riddance", "tiles"
NONE_WORDS = ("none", "no", "nothing", "0", "-", "no card", "no cards", "no column")


def read_set(answer: str) -> list[Card] | None:
    """The cards written (None for "none"); unreadable text raises a ValueError."""
    text = answer.strip()
    if text.lower().rstrip(".") in NONE_WORDS:
        return None
    if not text.strip(" ,;/\t\r\n"):
        raise ValueError("write the card names, separated by spaces, or none")
    return read_cards(text, FOUR_D)

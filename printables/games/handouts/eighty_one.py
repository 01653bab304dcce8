"""The handout of eighty-one: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "eighty-one",
    need="One 4D deck; a solitaire.",
    setup="Lay out nine cards, face up, side by side: they start nine columns and never move.",
    turn="Deal nine more cards and place one on each column, so that all the cards "
    "of every column still share at least one value. Arrange the nine however you "
    "like before placing them.",
    scoring="Count the cards placed; all 81 is a win.",
    end="The game is lost when a batch of nine cannot be placed, and won when all "
    "81 cards are in the columns.",
    replay=Replay(players=1, seed=0, moves=()),
    scene=typed("Bb=S Gw~S / Rg=T BwzT"),
    example_note="two columns of two cards, each column checked whole.",
    layout="columns",
)

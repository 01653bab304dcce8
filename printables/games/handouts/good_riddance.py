"""The handout of good-riddance: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "good-riddance",
    need="One 4D deck and 2 to 5 players.",
    setup="Deal 7 cards each; turn one card up to start the discard pile.",
    turn="Play a card on the pile that shares no value with its top card. If you "
    "cannot, draw one card, and play it if it may be played.",
    scoring="No points: the race is to get rid of your cards.",
    end="The first player out of cards wins. If the stock runs out, shuffle the "
    "pile (all but its top card) to make a new one.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("GwzC on BbzS"),
    example_note="may green, white, zigzag, circle go on blue, black, zigzag, square?",
)

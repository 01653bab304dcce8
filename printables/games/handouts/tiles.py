"""The handout of tiles: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "tiles",
    need="One 4D deck and 2 to 5 players, and a table to lay the cards on.",
    setup="Deal 7 cards each; one more card, face up, starts the layout.",
    turn="Place a card next to a card on the table, side by side or end to end "
    "(corners do not touch). It must share three values with every card it "
    "touches. If you cannot, draw one card and play it if it fits.",
    scoring="No points: the race is to play all your cards.",
    end="The first player out of cards wins; if nobody can play, the fewest cards win.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("Bb=S Bb=T / . Bw=T"),
    example_note="three cards on the table: does every touching pair share three?",
    layout="rows",
)

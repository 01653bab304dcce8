"""The handout of the-third-man: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "the-third-man",
    need="One PARADOX deck without the 10s, 4 players each with one color's cards "
    "0 to 9, and a board from -20 to +20 with a piece each.",
    setup="Every piece starts at 0. Choose the first lead player by lot.",
    turn="Each auction is for 10 points. The lead player bids a card face up; the "
    "others bid face down; all are shown. The highest bid earns 10 less the bid, "
    "the second loses the bid, the third gains double the bid, the lowest stays.",
    scoring="Move the pieces by the points. Bid cards are spent; the player ahead "
    "leads the next auction.",
    end="A series ends when a piece passes +20 or -20, or after the ninth auction: "
    "the player ahead wins a chip, and 3 chips win the game.",
    replay=Replay(players=4, seed=0, moves=()),
    scene=typed("3 7 7 2", "R3 G7 P7 B2"),
    example_note="an auction with a tie for the highest bid: the players (red, "
    "green, purple, blue) bid 3, 7, 7 and 2.",
)

"""The handout of challenge-cipher: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "challenge-cipher",
    need="One 4D deck and 2 to 4 players (four play as two partnerships).",
    setup="Deal six cards each: three face down (you may look) and three face up.",
    turn="Bid the number of challenges you will win, or pass. The high bidder shows "
    "three cards and names how they share values (their pattern). Every other "
    "player must show three cards with the same pattern if they can; a match ends "
    "the challenge.",
    scoring="Meet your bid to score it. If someone matches first, subtract the bid "
    "instead. Once the bid is met you may stop, or go on for more: a match then "
    "scores nothing.",
    end="Four rounds, each player dealing once a round; the highest total wins.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("Rg=T Rg=C Bg=C / BwzS BwzC GwzC"),
    example_note="are these two three-card sets ciphers of each other?",
)

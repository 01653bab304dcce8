"""The handout of buddy-on-your-left: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "buddy-on-your-left",
    need="One PARADOX deck without the 0s, and 3 players, each with one color's cards 1 to 10.",
    setup="Lay every hand face up: everyone sees everything.",
    turn="In turn, play one card. The first card on an empty table leads; each "
    "later card must be higher or lower than it (equal only when you hold nothing "
    "higher). A higher card sweeps the table into its player's pile, and the "
    "player on their left leads next.",
    scoring="Cards 1 to 6 score their number, 7 to 10 nothing. Your round total is "
    "your own points plus those of the player on your left. The best total takes 3 "
    "chips, the next 1.",
    end="7 chips win the game.",
    replay=Replay(players=3, seed=0, moves=()),
    scene=typed(
        "R1 R2 R3 R4 G1 G2 P7 P8 P9 P10 / R5 R6 G3 G4 G5 P1 P2 R7 R8 / "
        "G6 P3 P4 P5 P6 R9 R10 G7 G8 G9 G10"
    ),
    example_note="a whole round: the cards each of the three players swept.",
)

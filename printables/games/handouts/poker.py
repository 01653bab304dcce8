"""The handout of 4d-poker: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "4d-poker",
    need="One 4D deck, 2 to 7 players, chips (about 100 each, a limit of 5).",
    setup="Everyone puts one chip in the pot. Five-card draw: deal five cards each, face down.",
    turn="Bet: open 1 chip up to the limit or drop out; then call, raise up to the "
    "limit, or drop out, until everyone left has put in the same. Exchange up to "
    "five cards; bet again; show.",
    scoring="Hands rank by their triple-flush pairs and single-flushes (the "
    "rulebook's table); the highest hand takes the pot, tied hands split it.",
    end="Play for the time agreed; the most chips win.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("Rg=T Rg=C Rg=S Bg=S Gg=S"),
    example_note="a five-card hand, ranked.",
)

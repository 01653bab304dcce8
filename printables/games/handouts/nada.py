"""The handout of nada-nada-nada: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "nada-nada-nada",
    need="One 4D deck, 2 to 5 players, paper for the scores.",
    setup="Deal 9 cards face down to each player; turn one card up in the middle.",
    turn="Draw from the stock, or pick any card in the middle (it stays face up in "
    "front of you); then discard one card face up to the middle, not the one "
    "just picked from it.",
    scoring="A nada is three cards that show all twelve values. Go out when your "
    "nine cards make three separate nadas: you score 3, everyone else 1 for each "
    "separate nada they hold.",
    end="The first to 10 points wins.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T"),
    example_note="a nine-card hand: does it go out?",
)

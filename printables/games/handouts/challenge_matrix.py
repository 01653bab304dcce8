"""The handout of challenge-matrix: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "challenge-matrix",
    need="One 4D deck, 2 to 6 players, and a way to see who finishes first.",
    setup="Deal 12 cards to each player. Each keeps 3 aside and passes the other 9 "
    "face down: on the first hand to the player on the left, on the next to the "
    "second player on the left, and so on.",
    turn='At "Go" everyone races to arrange the 9 cards received into a solved '
    "3x3 grid, or decides the set is impossible, and announces it.",
    scoring="First to finish scores as many points as there are players, the next "
    "one less, the last 1. A grid that is not solved, or a solvable set called "
    "impossible, loses those points instead.",
    end="A round is one hand for each opponent; play the rounds agreed. The highest total wins.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed(
        "40: BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS; 65: impossible "
        "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
    ),
    example_note="two players: a solved square at 40 seconds, and a set rightly "
    "called impossible at 65.",
)

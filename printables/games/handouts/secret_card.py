"""The handout of secret-card: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "secret-card",
    need="One 4D deck and 2 to 8 players.",
    setup="Deal each player's secret card face down to another player, who holds "
    "it and gives its clues; nobody sees their own secret card.",
    turn="Turn up a clue card. Each holder says how many values the secret card "
    "they hold shares with it (0 to 4). From the second clue on, each player in "
    "turn may name their own secret card or pass.",
    scoring="Name your secret card rightly to score 1. In the competitive game, "
    "players announce first and then name; a wrong name scores nothing.",
    end="The first player to 5 points wins.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("Rw=T vs Bw~T BwzT"),
    example_note="the clues a secret Rw=T gives for two clue cards.",
)

"""Benchmark: random playouts per second for every game, and 4D Poker hands ranked.

For each registered game, plays seeded random hands (uniformly random legal moves,
the smallest player count, the book's options) for about a second, five times,
and prints the median playouts per second and moves per second, unrefereed (the
engine's own speed) and refereed (every position checked, as the tests do).
Then runs the poker ranking benchmark (target: over 100,000 five-card hands/s).

    python benchmarks/bench_games.py [GAME ...]
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

import bench_poker  # beside this file

from printables.games.base import Game
from printables.games.playout import playout
from printables.games.registry import GAMES, get_game

RUNS = 5
BUDGET = 1.0  # seconds per run


def rate(game: Game[Any, Any, Any], check: bool, first_seed: int) -> tuple[float, float]:
    """Playouts and moves per second over one run of about BUDGET seconds."""
    players = game.players[0]
    start = time.perf_counter()
    hands = moves = 0
    while (elapsed := time.perf_counter() - start) < BUDGET:
        moves += playout(game, players, first_seed + hands, check=check).moves
        hands += 1
    return hands / elapsed, moves / elapsed


def main(names: list[str]) -> None:
    games = [get_game(n) for n in names] if names else list(GAMES.values())
    width = max(len(g.key) for g in games)
    print(f"{'game':<{width}}  {'playouts/s':>10}  {'moves/s':>9}  "
          f"{'refereed playouts/s':>19}  {'moves/playout':>13}")  # fmt: skip
    for game in games:
        plain = [rate(game, False, 1000 * run) for run in range(RUNS)]
        checked = [rate(game, True, 1000 * run) for run in range(RUNS)]
        per_s = statistics.median(p for p, _ in plain)
        moves_s = statistics.median(m for _, m in plain)
        print(f"{game.key:<{width}}  {per_s:>10,.0f}  {moves_s:>9,.0f}  "
              f"{statistics.median(p for p, _ in checked):>19,.0f}  "
              f"{moves_s / per_s:>13,.0f}")  # fmt: skip
    print(f"(median of {RUNS} runs of {BUDGET:.0f} s each; each game at its smallest number "
          "of players, with the book's options)")  # fmt: skip
    if not names:
        bench_poker.main()


if __name__ == "__main__":
    main(sys.argv[1:])

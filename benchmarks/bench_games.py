"""Benchmark: random playouts per second for every game, and 4D Poker hands ranked.

For each registered game, plays seeded random hands (uniformly random legal moves,
the smallest player count, the book's options) for about a second, five times,
and prints the median playouts per second and moves per second, unrefereed (the
engine's own speed) and refereed (every position checked, as the tests do).
Then runs the poker ranking benchmark (target: over 100,000 five-card hands/s).

A refereed playout that finds a broken rule, any exception, or a hand that takes a
different number of moves refereed and unrefereed (same seed, same moves) is printed as
a failure and the script exits 1; a missed target only prints.

    python benchmarks/bench_games.py [--quick] [GAME ...]

``--quick`` (for CI, ``tests/test_benchmarks.py``) plays three seeded hands per game,
plain and refereed, once, and nothing is judged on time; poker is left to
``bench_poker.py --quick``, which CI runs on its own.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import bench_poker  # beside this file

from printables.games.base import Game, UnknownGameError
from printables.games.playout import playout
from printables.games.registry import GAMES, get_game

RUNS = 5
BUDGET = 1.0  # seconds per run
QUICK_HANDS = 3  # hands per game and mode in quick mode


@dataclass
class Run:
    """Hands played from consecutive seeds: each hand's moves, and the seconds taken."""

    moves: list[int]
    seconds: float

    @property
    def per_second(self) -> tuple[float, float]:
        """Playouts and moves per second."""
        return len(self.moves) / self.seconds, sum(self.moves) / self.seconds


def play(game: Game[Any, Any, Any], check: bool, first_seed: int, hands: int | None) -> Run:
    """Playouts from ``first_seed`` on: ``hands`` of them, or as many as BUDGET seconds
    allow (at least one) when ``hands`` is None."""
    players = game.players[0]
    moves: list[int] = []
    start = time.perf_counter()
    while True:
        elapsed = time.perf_counter() - start
        if (len(moves) >= hands) if hands is not None else (moves and elapsed >= BUDGET):
            return Run(moves, elapsed)
        moves.append(playout(game, players, first_seed + len(moves), check=check).moves)


def same_moves(game: Game[Any, Any, Any], plain: Run, checked: Run, first_seed: int) -> list[str]:
    """Hands played from the same seed must take as many moves refereed as not."""
    return [
        f"{game.key} seed {first_seed + k}: {a} moves unrefereed, {b} refereed"
        for k, (a, b) in enumerate(zip(plain.moves, checked.moves, strict=False))
        if a != b
    ]


def bench(games: Sequence[Game[Any, Any, Any]], quick: bool) -> int:
    """Print the table; the number of games that failed."""
    runs, hands = (1, QUICK_HANDS) if quick else (RUNS, None)
    width = max(len(g.key) for g in games)
    print(f"{'game':<{width}}  {'playouts/s':>10}  {'moves/s':>9}  "
          f"{'refereed playouts/s':>19}  {'moves/playout':>13}")  # fmt: skip
    failed = 0
    for game in games:
        try:
            plain = [play(game, False, 1000 * run, hands) for run in range(runs)]
            checked = [play(game, True, 1000 * run, hands) for run in range(runs)]
        except Exception:
            print(f"{game.key:<{width}}  FAILED", flush=True)
            traceback.print_exc()
            failed += 1
            continue
        problems = [
            problem
            for run, (p, c) in enumerate(zip(plain, checked, strict=True))
            for problem in same_moves(game, p, c, 1000 * run)
        ]
        per_s = statistics.median(r.per_second[0] for r in plain)
        moves_s = statistics.median(r.per_second[1] for r in plain)
        print(f"{game.key:<{width}}  {per_s:>10,.0f}  {moves_s:>9,.0f}  "
              f"{statistics.median(r.per_second[0] for r in checked):>19,.0f}  "
              f"{moves_s / per_s:>13,.0f}", flush=True)  # fmt: skip
        for problem in problems:
            print("DIFFERENT " + problem, file=sys.stderr)
        failed += bool(problems)
    if quick:
        print(f"(quick mode: {QUICK_HANDS} hands per game from seed 0, plain and refereed; "
              "each game at its smallest number of players, with the book's options)")  # fmt: skip
    else:
        print(f"(median of {RUNS} runs of {BUDGET:.0f} s each; each game at its smallest number "
              "of players, with the book's options)")  # fmt: skip
    return failed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "games", nargs="*", metavar="GAME", help="games to time (default: all, then poker)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="three hands a game, nothing timed (for CI)"
    )
    args = parser.parse_args(argv)
    try:
        games = [get_game(n) for n in args.games] if args.games else list(GAMES.values())
    except UnknownGameError as error:
        parser.error(str(error))
    failed = bench(games, args.quick)
    if failed:
        print(f"{failed} game(s) failed", file=sys.stderr)
    poker = 0 if args.games or args.quick else bench_poker.run()
    return 1 if failed or poker else 0


if __name__ == "__main__":
    sys.exit(main())

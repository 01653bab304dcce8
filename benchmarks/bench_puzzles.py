"""Benchmark: worksheets and MAT proctor kits as a teacher prints them.

Runs the real commands in fresh processes (so nothing is cached and imports count),
each with a new seed, and prints median and worst wall times against the targets:

- ``printables worksheet matrix --count 12`` (generation, grading and the answer key
  included): under 3 s, for 3x3 sets of either kind and for hard 5x5 sets, solvable and
  impossible (these are built by a random walk, the slowest to make);
- ``printables mat-kit --sets 10`` (Simultaneous, 4x4) and a nine-player Successive kit
  (the whole deck dealt into nine graded sets): under 3 s.

With ``--calibrate`` it prints instead the thirds of the difficulty measure over random
solvable sets of each size: the values kept in :data:`printables.matrix.puzzles.THRESHOLDS`.

    python benchmarks/bench_puzzles.py [--runs N] [--calibrate]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 3.0

JOBS: dict[str, list[str]] = {
    "worksheet, 12 puzzles 3x3 (either, medium)": [
        "worksheet", "matrix", "--count", "12", "--size", "3x3",
    ],
    "worksheet, 12 puzzles 5x5 (solvable, hard)": [
        "worksheet", "matrix", "--count", "12", "--size", "5x5", "--kind", "solvable",
        "--difficulty", "hard",
    ],
    "worksheet, 12 puzzles 5x5 (impossible, hard)": [
        "worksheet", "matrix", "--count", "12", "--size", "5x5", "--kind", "impossible",
        "--difficulty", "hard",
    ],
    "MAT kit, Simultaneous, 10 sets 4x4": [
        "mat-kit", "--sets", "10", "--size", "4x4", "--players", "12",
    ],
    "MAT kit, Successive, 9 players": [
        "mat-kit", "--variant", "successive", "--players", "9",
    ],
}  # fmt: skip


def run_once(arguments: list[str], seed: int, out: Path) -> float:
    """Wall seconds of one run of ``printables ARGUMENTS --seed SEED --out OUT``."""
    command = [sys.executable, "-m", "generator", *arguments, "--seed", str(seed),
               "--out", str(out)]  # fmt: skip
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def bench(runs: int) -> bool:
    passed = True
    width = max(len(name) for name in JOBS)
    print(f"{'job':<{width}}  {'median s':>8}  {'worst s':>7}  target < {TARGET_SECONDS:g} s")
    with tempfile.TemporaryDirectory() as folder:
        for name, arguments in JOBS.items():
            times = [
                run_once(arguments, 1000 + 37 * k, Path(folder) / "out.pdf") for k in range(runs)
            ]
            median = statistics.median(times)
            ok = median < TARGET_SECONDS
            passed &= ok
            print(f"{name:<{width}}  {median:>8.2f}  {max(times):>7.2f}  "
                  f"{'PASS' if ok else 'FAIL'}")  # fmt: skip
    print(f"({runs} runs each in fresh processes, a new seed each run)")
    return passed


def calibrate(sets: int) -> None:
    """Print, per size, the measure's thirds over random solvable sets."""
    from printables.cards.decks import FOUR_D
    from printables.matrix import SIZES
    from printables.matrix.puzzles import grade

    deck = list(FOUR_D.cards)
    for rows, cols in SIZES:
        if rows > cols:
            continue  # a transposed size has the same figures
        rng = random.Random(11)
        measures: list[float] = []
        start = time.perf_counter()
        tried = 0
        while len(measures) < sets:
            graded = grade(rng.sample(deck, rows * cols), rows, cols)
            tried += 1
            if graded.solvable:
                measures.append(graded.measure)
        easy, hard = statistics.quantiles(measures, n=3)
        per_set = (time.perf_counter() - start) / tried * 1000
        print(f"{rows}x{cols}: ({easy:.1f}, {hard:.1f})   {sets} solvable of {tried} random "
              f"sets, {per_set:.1f} ms to grade a set")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--calibrate", action="store_true", help="print the thresholds")
    parser.add_argument("--sets", type=int, default=400, help="solvable sets per size")
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.sets)
        return
    sys.exit(0 if bench(args.runs) else 1)


if __name__ == "__main__":
    main()

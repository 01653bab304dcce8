"""Benchmark: Costly Tricks worksheets (PARADOX) as a teacher prints them.

Runs ``printables worksheet costly-tricks --count 12`` (with the answer key) in fresh
processes, each with a new seed, so that generation (every deal tried and solved), grading
(the lines of best play), the key and the imports all count, and prints median and worst
wall times against the target: a 12-problem sheet with its key under 5 s. The runs, the
read-back and the report are :mod:`bench_puzzles`' (the Matrix worksheets' benchmark).

Every output is read back (pdfium): it must be a PDF that shows each problem id the
command reported, as many as were asked for, and an answer key; a failed command or a
wrong output exits 1, as does a missed target (in a full run).

    python benchmarks/bench_paradox_sheet.py [--runs N] [--quick]

``--quick`` (for CI, ``tests/test_benchmarks.py``) runs one job of each question
(:data:`QUICK_JOBS`) once with 3 problems and checks the outputs the same way without
judging the times: it proves the benchmark runs end to end; every hand size and level of
each question is generated and checked in tests/printables/paradox/test_problems.py.

The whole-deal job (:data:`WHOLE_DEAL`: ``--cards 11``, the round's first lead) prints
:data:`WHOLE_DEAL_COUNT` problems, is shown, not judged, and is left out of a quick run:
each deal tried costs the solver the value of all 44 cards, seconds to minutes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bench_puzzles import bench

TARGET_SECONDS = 5.0
EASY_6 = "which card, 6 cards a hand, easy"
EASY_6_SECONDS = 2.0
"""About one deal in 27 makes an easy 6-card problem (the best card ahead by 4 points or
more from the first trick), and each deal tried costs a search: its own target, under 2 s
(4.6 to 8 s before the compiled search)."""
WHOLE_DEAL = "which card, a whole deal (11 cards a hand), hard, 4 problems"
WHOLE_DEAL_COUNT = 4
"""A whole deal's sheet: four problems (two pages), not twelve. Not judged: two runs
(2026-11-27, seeds 1000 and 1037, the 2-core machine loaded by other jobs) took 1,439 and
798 s wall (median 1,119 s), 1,090 and 719 s of CPU, 3 to 4.5 CPU minutes a problem; a
run's time is mostly its slowest id's deals (benchmarks/README.md)."""
# Each job: its options after ``printables worksheet costly-tricks``.
JOBS: dict[str, list[str]] = {
    "which card, 4 cards a hand, medium (the default)": ["--cards", "4"],
    "which card, 4 cards a hand, hard": ["--cards", "4", "--difficulty", "hard"],
    "which card, 3 cards a hand, easy": ["--cards", "3", "--difficulty", "easy"],
    "which cards may be played, 6 cards a hand, hard": [
        "--question", "legal", "--cards", "6", "--difficulty", "hard"],
    "who wins the trick, 6 cards a hand, medium": ["--question", "winner", "--cards", "6"],
    "which card, 5 cards a hand, medium": ["--cards", "5"],
    "which card, 6 cards a hand, medium": ["--cards", "6"],
    "which card, 6 cards a hand, hard": ["--cards", "6", "--difficulty", "hard"],
    EASY_6: ["--cards", "6", "--difficulty", "easy"],
    WHOLE_DEAL: ["--cards", "11", "--difficulty", "hard"],
}  # fmt: skip
QUICK_JOBS = (
    "which card, 4 cards a hand, medium (the default)",
    "which cards may be played, 6 cards a hand, hard",
    "who wins the trick, 6 cards a hand, medium",
)
"""The jobs of a quick run: one of each question."""
COUNT = 12
QUICK_COUNT = 3


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, help="runs per job (default 5; 1 with --quick)")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a job of each question once, 3 problems, times not judged",
    )
    args = parser.parse_args(argv)
    runs: int = args.runs if args.runs is not None else 1 if args.quick else 5
    if runs < 1:
        parser.error("--runs must be at least 1")
    if not set(QUICK_JOBS) <= set(JOBS):
        parser.error(f"QUICK_JOBS names no job: {sorted(set(QUICK_JOBS) - set(JOBS))}")
    count = QUICK_COUNT if args.quick else COUNT
    jobs = {}
    for name, options in JOBS.items():
        if not args.quick or name in QUICK_JOBS:
            n = WHOLE_DEAL_COUNT if name == WHOLE_DEAL else count
            jobs[name] = (["worksheet", "costly-tricks", *options, "--count", str(n)], n)
    print(f"{count} problems with the key (unless named)")
    passed = bench(jobs, runs, args.quick, target=TARGET_SECONDS, must_show=("Answer key",),
                   targets={EASY_6: EASY_6_SECONDS}, unjudged=(WHOLE_DEAL,))  # fmt: skip
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())

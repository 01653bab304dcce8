"""Benchmark: a 12-puzzle worksheet with its answer key, for every question of every
question kind (nada, poker, placement, secret card, cipher, ...), as a teacher prints it.

Runs ``printables worksheet KIND --question Q --difficulty hard --count 12`` in fresh
processes (imports, generation, the kind's proof of each answer and the key included), a
new seed each run, and prints the median and worst wall times against the target: under
3 s each. Every output is read back (pdfium): a PDF that shows every reported id and the
answer key's heading; a failed command, a wrong output or a missed target exits 1.

    python benchmarks/bench_question_sheets.py [--runs N] [--quick]

``--quick`` (for CI, ``tests/test_benchmarks.py``) prints two puzzles of the first question
of each kind once, checks the outputs the same way and does not judge the times (every
question's worksheet is tested in tests/generator/documents/test_question_worksheets.py).
A kind joins by itself: the jobs are read from the registry.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bench_puzzles import TARGET_SECONDS, bench

from printables.questions.base import every_question


def jobs(count: int, *, first_only: bool = False) -> dict[str, tuple[list[str], int]]:
    """For every question of every question kind (``first_only``: the first question of
    each kind), the hard worksheet of ``count``."""
    found: dict[str, tuple[list[str], int]] = {}
    kinds: set[str] = set()
    for kind, question in every_question():
        if first_only and kind.key in kinds:
            continue
        kinds.add(kind.key)
        name = f"{kind.key} {question}, {count} puzzles (hard)"
        found[name] = ([
            "worksheet", kind.key, "--question", question, "--difficulty", "hard",
            "--count", str(count), "--base-url", "http://192.0.2.1:5000",
        ], count)  # fmt: skip
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, help="runs per job (default 5; 1 with --quick)")
    parser.add_argument("--quick", action="store_true", help="a small, untimed run for CI")
    args = parser.parse_args(argv)
    runs = args.runs or (1 if args.quick else 5)
    chosen = jobs(2, first_only=True) if args.quick else jobs(12)
    passed = bench(chosen, runs, args.quick, target=TARGET_SECONDS, must_show=("Answer key",))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())

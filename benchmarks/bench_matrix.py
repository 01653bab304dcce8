"""Benchmark: the exact Matrix solver's speed, every answer checked independently.

For each of the book's sizes (3x3, 3x4, 3x5, 4x4, 4x5, 5x5) draws N seeded random sets
of distinct 4D cards (``random.Random(seed)`` per set, fixed seeds, so runs repeat) and
times :func:`printables.matrix.solver.solve` on each, one call per set, after a warm-up.
Every answer is then checked by oracles that share no code with the project's solver
(``tests/support/cp_oracle.py``, shared with the agreement tests in
``tests/printables/matrix/test_solver_agreement.py``):

* a CP-SAT model (OR-Tools, one worker, no time limit) at every size: a boolean per
  (card, row, column) placing each card in one cell and each cell holding one card, and
  per row and per column a chosen value that every card in the line must show;
* at 3x3, also a brute force over all arrangements (depth-first, abandoning a partial
  grid as soon as one of its lines shares no value).

A grid the project finds must use exactly the set's cards, with a shared value in every
line (checked by the oracle's own rule and by :func:`printables.matrix.check.check_grid`);
when the project says impossible, CP-SAT must say INFEASIBLE (and the brute force find
nothing); when CP-SAT (or the brute force) finds a solution, the project must too.
CP-SAT's own grids are re-checked the same way.

Prints one row per size: sets, how many were impossible, the project's median and worst
time, CP-SAT's median time (model building plus solving, as one call does), the ratio of
the medians (CP-SAT / project) and the disagreements; then the targets (5x5 median under
5 ms, worst under 50 ms) with PASS/FAIL. Exits 1 when any disagreement occurred (each
one is printed with its card list); missed targets only print FAIL.

    python benchmarks/bench_matrix.py [--sets N] [--sizes 3x3,5x5] [--quick]

Defaults: N = 1000, all six sizes (a few minutes on a shared 2-core machine; CP-SAT
takes most of it). ``--quick`` checks 10 sets per size (a few seconds, as CI runs it:
``tests/test_benchmarks.py``) and does not judge the targets.

The oracle is imported by name from ``tests/support``, which this script puts on
``sys.path`` itself (pytest has it on its pythonpath), so it runs from any folder.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.matrix import check_grid
from printables.matrix.solver import solve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))
if TYPE_CHECKING:  # mypy (run from the project root) finds the same file by its path
    from tests.support.cp_oracle import OracleError, brute_force, cp_sat, grid_problem
else:
    from cp_oracle import OracleError, brute_force, cp_sat, grid_problem

BOOK_SIZES: tuple[tuple[int, int], ...] = ((3, 3), (3, 4), (3, 5), (4, 4), (4, 5), (5, 5))
TARGET_SIZE = (5, 5)
TARGET_MEDIAN_MS = 5.0
TARGET_WORST_MS = 50.0
WARM_UP_SETS = 20
FULL_SETS = 1000
QUICK_SETS = 10
QUICK_WARM_UP_SETS = 2

Grid = Sequence[Sequence[Card]]


def seed_of(rows: int, cols: int, k: int) -> int:
    """The fixed seed of the k-th set of a size (warm-up sets use negative k)."""
    return (rows * 10 + cols) * 1_000_003 + k


def draw(rows: int, cols: int, k: int) -> list[Card]:
    return random.Random(seed_of(rows, cols, k)).sample(FOUR_D.cards, rows * cols)


def names(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def solution_problem(grid: Grid, cards: Sequence[Card], rows: int, cols: int) -> str | None:
    """What is wrong with a grid offered as a solution: by the oracle's rule, then by the
    project's :func:`check_grid` (the two must agree on a good grid)."""
    problem = grid_problem(grid, cards, rows, cols)
    if problem:
        return problem
    verdict = check_grid(grid)
    return None if verdict.ok else "check_grid rejects it: " + " ".join(verdict.reasons)


# -- the benchmark -------------------------------------------------------------------------


@dataclass
class SizeResult:
    rows: int
    cols: int
    impossible: int = 0
    project_ms: list[float] = field(default_factory=list)
    cp_sat_ms: list[float] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.rows}x{self.cols}"


def check_one(cards: list[Card], rows: int, cols: int, result: SizeResult) -> None:
    """Time the project and CP-SAT on one set and record any disagreement."""
    start = time.perf_counter()
    grid = solve(cards, rows, cols)
    result.project_ms.append((time.perf_counter() - start) * 1e3)
    problems = []
    start = time.perf_counter()
    their_grid: list[list[Card]] | None = None
    try:
        their_grid = cp_sat(cards, rows, cols)
        status = "INFEASIBLE" if their_grid is None else "a grid"
    except OracleError as error:  # no answer, or a wrong grid: a checker bug
        status = "no answer"
        problems.append(str(error))
    result.cp_sat_ms.append((time.perf_counter() - start) * 1e3)
    if grid is None:
        result.impossible += 1
        if status != "INFEASIBLE":
            problems.append(f"the project says impossible, CP-SAT found {status}")
    else:
        problem = solution_problem(grid, cards, rows, cols)
        if problem:
            problems.append(f"the project's grid is wrong: {problem}")
        if status == "INFEASIBLE":
            problems.append("the project found a grid, CP-SAT says INFEASIBLE")
    if their_grid is not None:
        problem = solution_problem(their_grid, cards, rows, cols)
        if problem:
            problems.append(f"CP-SAT's grid is wrong by the project's check: {problem}")
    if (rows, cols) == (3, 3):
        brute = brute_force(cards, rows, cols)
        if (brute is None) != (grid is None):
            found = "nothing" if brute is None else "a grid"
            problems.append(f"the brute force found {found}, the project did not agree")
        if brute is not None and solution_problem(brute, cards, rows, cols):
            problems.append("the brute force's grid is wrong (a checker bug)")
    for problem in problems:
        message = f"{result.label} [{names(cards)}]: {problem}"
        result.disagreements.append(message)
        print("DISAGREEMENT " + message, file=sys.stderr)


def bench_size(rows: int, cols: int, sets: int, warm_up: int) -> SizeResult:
    for k in range(1, warm_up + 1):
        solve(draw(rows, cols, -k), rows, cols)
    cp_sat(draw(rows, cols, -1), rows, cols)
    result = SizeResult(rows, cols)
    for k in range(sets):
        check_one(draw(rows, cols, k), rows, cols, result)
    return result


def parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        try:
            rows, cols = (int(n) for n in part.strip().lower().split("x"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a size like 3x4: {part!r}") from None
        if rows < 1 or cols < 1 or rows * cols > len(FOUR_D.cards):
            raise argparse.ArgumentTypeError(f"no such matrix: {part!r}")
        sizes.append((rows, cols))
    return sizes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--sets",
        type=int,
        help=f"random sets per size (default {FULL_SETS}; {QUICK_SETS} with --quick)",
    )
    parser.add_argument(
        "--sizes",
        type=parse_sizes,
        default=list(BOOK_SIZES),
        help="comma-separated sizes, e.g. 3x3,5x5 (default: the book's six)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"{QUICK_SETS} sets per size, a short warm-up, targets not judged (for CI)",
    )
    args = parser.parse_args(argv)
    sets: int = args.sets if args.sets is not None else QUICK_SETS if args.quick else FULL_SETS
    if sets < 1:
        parser.error("--sets must be at least 1")
    warm_up = QUICK_WARM_UP_SETS if args.quick else WARM_UP_SETS
    began = time.perf_counter()
    header = (
        f"{'size':<5} {'sets':>5} {'impossible':>10} {'project med ms':>14} "
        f"{'project worst ms':>16} {'CP-SAT med ms':>13} {'CP-SAT/project':>14} "
        f"{'disagreements':>13}"
    )
    quick = " (quick mode)" if args.quick else ""
    print(f"Matrix solver vs CP-SAT (1 worker); 3x3 also vs brute force; {sets} sets/size{quick}")
    print(header)
    results = []
    for rows, cols in args.sizes:
        result = bench_size(rows, cols, sets, warm_up)
        results.append(result)
        project = statistics.median(result.project_ms)
        checker = statistics.median(result.cp_sat_ms)
        print(
            f"{result.label:<5} {len(result.project_ms):>5} {result.impossible:>10} "
            f"{project:>14.2f} {max(result.project_ms):>16.2f} {checker:>13.2f} "
            f"{checker / project:>14.1f} {len(result.disagreements):>13}",
            flush=True,
        )
    target = next((r for r in results if (r.rows, r.cols) == TARGET_SIZE), None)
    if target is None:
        print("targets: 5x5 not measured")
    else:
        median, worst = statistics.median(target.project_ms), max(target.project_ms)
        targets = (("median", median, TARGET_MEDIAN_MS), ("worst", worst, TARGET_WORST_MS))
        for name, figure, limit in targets:
            verdict = "PASS" if figure < limit else "FAIL"
            if args.quick:
                verdict = "not judged in quick mode"
            print(f"target 5x5 {name} < {limit:g} ms: {figure:.2f} ms {verdict}")
    total = sum(len(r.disagreements) for r in results)
    print(f"disagreements: {total}; total time {time.perf_counter() - began:.1f} s")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())

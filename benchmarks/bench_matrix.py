"""Benchmark: the exact Matrix solver's speed, every answer checked independently.

For each of the book's sizes (3x3, 3x4, 3x5, 4x4, 4x5, 5x5) draws N seeded random sets
of distinct 4D cards (``random.Random(seed)`` per set, fixed seeds, so runs repeat) and
times :func:`printables.matrix.solver.solve` on each, one call per set, after a warm-up.
Every answer is then checked by methods that share no code with the project's solver:

* a CP-SAT model (OR-Tools, one worker, no time limit) at every size: a boolean per
  (card, row, column) placing each card in one cell and each cell holding one card, and
  per row and per column a chosen value that every card in the line must show;
* at 3x3, also a brute force over all arrangements (depth-first, abandoning a partial
  grid as soon as one of its lines shares no value).

A grid the project finds is re-checked with :func:`printables.matrix.check.check_grid` and
must use exactly the set's cards; when the project says impossible, CP-SAT must say
INFEASIBLE (and the brute force find nothing); when CP-SAT (or the brute force) finds a
solution, the project must too. CP-SAT's own grids are re-checked the same way.

Prints one row per size: sets, how many were impossible, the project's median and worst
time, CP-SAT's median time (model building plus solving, as one call does), the ratio of
the medians (CP-SAT / project) and the disagreements; then the targets (5x5 median under
5 ms, worst under 50 ms) with PASS/FAIL. Exits 1 when any disagreement occurred (each
one is printed with its card list); missed targets only print FAIL.

    python benchmarks/bench_matrix.py [--sets N] [--sizes 3x3,5x5]

Defaults: N = 1000, all six sizes (a few minutes on a shared 2-core machine; CP-SAT
takes most of it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.matrix import check_grid
from printables.matrix.solver import solve

BOOK_SIZES: tuple[tuple[int, int], ...] = ((3, 3), (3, 4), (3, 5), (4, 4), (4, 5), (5, 5))
TARGET_SIZE = (5, 5)
TARGET_MEDIAN_MS = 5.0
TARGET_WORST_MS = 50.0
WARM_UP_SETS = 20

Grid = Sequence[Sequence[Card]]


def seed_of(rows: int, cols: int, k: int) -> int:
    """The fixed seed of the k-th set of a size (warm-up sets use negative k)."""
    return (rows * 10 + cols) * 1_000_003 + k


def draw(rows: int, cols: int, k: int) -> list[Card]:
    return random.Random(seed_of(rows, cols, k)).sample(FOUR_D.cards, rows * cols)


def names(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


# -- independent checkers ------------------------------------------------------------------


def shows(card: Card) -> set[tuple[int, int]]:
    """The values a card shows, as (attribute, value index)."""
    return set(enumerate(card.values))


def every_value(cards: Sequence[Card]) -> list[tuple[int, int]]:
    return sorted({v for c in cards for v in shows(c)})


def value_mask(card: Card) -> int:
    """Bit 3 * attribute + value for each value the card shows."""
    return sum(1 << (3 * a + v) for a, v in enumerate(card.values))


def arrangements(cards: Sequence[Card], rows: int, cols: int) -> Iterator[list[list[Card]]]:
    """Every arrangement of the cards whose rows and columns all share a value, filling
    cells in reading order and abandoning a partial grid once a line shares nothing."""
    masks = [value_mask(c) for c in cards]
    everything = (1 << 12) - 1
    row_common = [everything] * rows
    col_common = [everything] * cols
    cell: list[int] = []
    used = [False] * len(cards)

    def place(k: int) -> Iterator[list[list[Card]]]:
        if k == rows * cols:
            yield [[cards[cell[r * cols + c]] for c in range(cols)] for r in range(rows)]
            return
        r, c = divmod(k, cols)
        keep_row, keep_col = row_common[r], col_common[c]
        for i, mask in enumerate(masks):
            if used[i] or not (keep_row & mask) or not (keep_col & mask):
                continue
            used[i] = True
            row_common[r], col_common[c] = keep_row & mask, keep_col & mask
            cell.append(i)
            yield from place(k + 1)
            cell.pop()
            used[i] = False
        row_common[r], col_common[c] = keep_row, keep_col

    yield from place(0)


def brute_force(cards: Sequence[Card], rows: int, cols: int) -> list[list[Card]] | None:
    """The first solved arrangement in reading order, or None when there is none."""
    return next(arrangements(cards, rows, cols), None)


def cp_sat(cards: Sequence[Card], rows: int, cols: int) -> tuple[str, list[list[Card]] | None]:
    """CP-SAT's status name and, when it found one, its grid."""
    model = cp_model.CpModel()
    n = len(cards)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    x = {(i, r, c): model.new_bool_var(f"x{i}_{r}_{c}") for i in range(n) for r, c in cells}
    for i in range(n):
        model.add_exactly_one(x[i, r, c] for r, c in cells)
    for r, c in cells:
        model.add_exactly_one(x[i, r, c] for i in range(n))
    lines = [[(r, c) for c in range(cols)] for r in range(rows)]
    lines += [[(r, c) for r in range(rows)] for c in range(cols)]
    values = every_value(cards)
    for number, line in enumerate(lines):
        chosen = {v: model.new_bool_var(f"line{number}_{v}") for v in values}
        model.add_bool_or(chosen.values())
        for i, card in enumerate(cards):
            inside = model.new_bool_var(f"in{i}_line{number}")
            model.add(sum(x[i, r, c] for r, c in line) == inside)
            for v in values:
                if v not in shows(card):
                    model.add_implication(chosen[v], inside.Not())
    # Reordering rows and columns keeps a grid solved: some solution, if any, has the
    # first card top left.
    model.add(x[0, 0, 0] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    name = solver.status_name(status)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return name, None
    grid = [
        [next(cards[i] for i in range(n) if solver.boolean_value(x[i, r, c])) for c in range(cols)]
        for r in range(rows)
    ]
    return name, grid


def grid_problem(grid: Grid, cards: Sequence[Card], rows: int, cols: int) -> str | None:
    """What is wrong with a grid offered as a solution of the set, or None."""
    if len(grid) != rows or any(len(row) != cols for row in grid):
        return f"the grid is not {rows}x{cols}"
    if sorted(c for row in grid for c in row) != sorted(cards):
        return "the grid does not hold exactly the set's cards"
    verdict = check_grid(grid)
    return None if verdict.ok else "the grid is not solved: " + " ".join(verdict.reasons)


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
    start = time.perf_counter()
    status, their_grid = cp_sat(cards, rows, cols)
    result.cp_sat_ms.append((time.perf_counter() - start) * 1e3)
    problems = []
    if grid is None:
        result.impossible += 1
        if status != "INFEASIBLE":
            problems.append(f"the project says impossible, CP-SAT says {status}")
    else:
        problem = grid_problem(grid, cards, rows, cols)
        if problem:
            problems.append(f"the project's grid is wrong: {problem}")
        if status == "INFEASIBLE":
            problems.append("the project found a grid, CP-SAT says INFEASIBLE")
    if status not in ("INFEASIBLE", "OPTIMAL", "FEASIBLE"):
        problems.append(f"CP-SAT gave no answer: {status}")
    if their_grid is not None:
        problem = grid_problem(their_grid, cards, rows, cols)
        if problem:
            problems.append(f"CP-SAT's grid is wrong (a checker bug): {problem}")
    if (rows, cols) == (3, 3):
        brute = brute_force(cards, rows, cols)
        if (brute is None) != (grid is None):
            found = "nothing" if brute is None else "a grid"
            problems.append(f"the brute force found {found}, the project did not agree")
        if brute is not None and grid_problem(brute, cards, rows, cols):
            problems.append("the brute force's grid is wrong (a checker bug)")
    for problem in problems:
        message = f"{result.label} [{names(cards)}]: {problem}"
        result.disagreements.append(message)
        print("DISAGREEMENT " + message, file=sys.stderr)


def bench_size(rows: int, cols: int, sets: int) -> SizeResult:
    for k in range(1, WARM_UP_SETS + 1):
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
    parser.add_argument("--sets", type=int, default=1000, help="random sets per size")
    parser.add_argument(
        "--sizes",
        type=parse_sizes,
        default=list(BOOK_SIZES),
        help="comma-separated sizes, e.g. 3x3,5x5 (default: the book's six)",
    )
    args = parser.parse_args(argv)
    if args.sets < 1:
        parser.error("--sets must be at least 1")
    began = time.perf_counter()
    header = (
        f"{'size':<5} {'sets':>5} {'impossible':>10} {'project med ms':>14} "
        f"{'project worst ms':>16} {'CP-SAT med ms':>13} {'CP-SAT/project':>14} "
        f"{'disagreements':>13}"
    )
    print(f"Matrix solver vs CP-SAT (1 worker); 3x3 also vs brute force; {args.sets} sets/size")
    print(header)
    results = []
    for rows, cols in args.sizes:
        result = bench_size(rows, cols, args.sets)
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
        print(
            f"target 5x5 median < {TARGET_MEDIAN_MS:g} ms: {median:.2f} ms "
            f"{'PASS' if median < TARGET_MEDIAN_MS else 'FAIL'}"
        )
        print(
            f"target 5x5 worst < {TARGET_WORST_MS:g} ms: {worst:.2f} ms "
            f"{'PASS' if worst < TARGET_WORST_MS else 'FAIL'}"
        )
    total = sum(len(r.disagreements) for r in results)
    print(f"disagreements: {total}; total time {time.perf_counter() - began:.1f} s")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())

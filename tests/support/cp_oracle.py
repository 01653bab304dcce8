"""Independent oracles for Matrix sets: a CP-SAT model (OR-Tools) and a brute force.

They decide whether R x C distinct cards can be arranged so that every row and every
column shares a value, and share no code with the project's solver: they read only each
card's ``values`` (one value index per attribute) and import nothing from the project, so
a bug in the solver cannot hide in the check. Used by the agreement tests
(``tests/printables/matrix/test_solver_agreement.py``, which import this module by name:
``tests/support`` is on pytest's pythonpath) and by ``benchmarks/bench_matrix.py`` (which
puts this folder on ``sys.path`` itself).

* :func:`cp_sat`: a boolean per (card, row, column) places each card in one cell and gives
  each cell one card; each row and each column chooses a value that every card in it must
  show. One worker, no time limit; the grid it finds is checked again by
  :func:`grid_problem` before it is returned.
* :func:`arrangements` and :func:`brute_force`: depth-first over the cells in reading
  order, abandoning a partial grid as soon as one of its lines shares no value (fine up to
  3x4; larger sets take too long).

Reordering rows and columns keeps a grid solved, so both fix the first card top left.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol, TypeVar

from ortools.sat.python import cp_model


class Cardlike(Protocol):
    """A card as the oracles see it: the index of its value in each attribute."""

    @property
    def values(self) -> tuple[int, ...]: ...


C = TypeVar("C", bound=Cardlike)


class OracleError(AssertionError):
    """CP-SAT gave no answer, or a grid that is not a solution (a bug in the oracle)."""


def shows(card: Cardlike) -> set[tuple[int, int]]:
    """The values a card shows, as (attribute, value index)."""
    return set(enumerate(card.values))


def shared_values(line: Sequence[Cardlike]) -> set[tuple[int, int]]:
    """The values every card of a line shows."""
    return set.intersection(*(shows(c) for c in line)) if line else set()


def grid_problem(
    grid: Sequence[Sequence[C]], cards: Sequence[C], rows: int, cols: int
) -> str | None:
    """What is wrong with a grid offered as a solution of the set, or None: it must be
    ``rows`` x ``cols``, hold exactly the set's cards, and every line must share a value."""
    if len(grid) != rows or any(len(row) != cols for row in grid):
        return f"the grid is not {rows}x{cols}"
    placed = [c for row in grid for c in row]
    if len(placed) != len(cards) or any(placed.count(c) != 1 for c in cards):
        return "the grid does not hold exactly the set's cards"
    lines = [(f"row {r + 1}", list(grid[r])) for r in range(rows)]
    lines += [(f"column {c + 1}", [grid[r][c] for r in range(rows)]) for c in range(cols)]
    for name, line in lines:
        if not shared_values(line):
            return f"{name} shares no value"
    return None


def cp_sat(cards: Sequence[C], rows: int, cols: int) -> list[list[C]] | None:
    """CP-SAT's solved grid of the set, or None when it proves there is none (INFEASIBLE).

    Raises :class:`OracleError` when CP-SAT ends with any other status, or when its grid
    fails :func:`grid_problem`."""
    if len(cards) != rows * cols:
        raise ValueError(f"{len(cards)} cards cannot fill a {rows}x{cols} grid")
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
    values = sorted({v for card in cards for v in shows(card)})
    for number, line in enumerate(lines):
        chosen = {v: model.new_bool_var(f"line{number}_{v}") for v in values}
        model.add_bool_or(chosen.values())
        for i, card in enumerate(cards):
            inside = model.new_bool_var(f"in{i}_line{number}")
            model.add(sum(x[i, r, c] for r, c in line) == inside)
            for v in values:
                if v not in shows(card):
                    model.add_implication(chosen[v], inside.Not())
    model.add(x[0, 0, 0] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise OracleError(f"CP-SAT gave no answer: {solver.status_name(status)}")
    grid = [
        [next(cards[i] for i in range(n) if solver.boolean_value(x[i, r, c])) for c in range(cols)]
        for r in range(rows)
    ]
    problem = grid_problem(grid, cards, rows, cols)
    if problem:
        raise OracleError(f"CP-SAT's grid is wrong: {problem}")
    return grid


def arrangements(cards: Sequence[Cardlike], rows: int, cols: int) -> Iterator[list[list[int]]]:
    """Every solved arrangement (card indices, row by row) with card 0 top left, filling
    cells in reading order and abandoning a partial grid once one of its lines shares no
    value. Every solution up to reordering rows and columns is met (several times)."""
    bit = {v: k for k, v in enumerate(sorted({v for c in cards for v in shows(c)}))}
    masks = [sum(1 << bit[v] for v in shows(c)) for c in cards]
    everything = (1 << len(bit)) - 1
    row_common, col_common = [everything] * rows, [everything] * cols
    cell: list[int] = []

    def place(k: int) -> Iterator[list[list[int]]]:
        if k == rows * cols:
            yield [cell[r * cols : (r + 1) * cols] for r in range(rows)]
            return
        r, c = divmod(k, cols)
        keep_row, keep_col = row_common[r], col_common[c]
        for i in [0] if k == 0 else range(1, len(cards)):
            if i in cell or not keep_row & masks[i] or not keep_col & masks[i]:
                continue
            row_common[r], col_common[c] = keep_row & masks[i], keep_col & masks[i]
            cell.append(i)
            yield from place(k + 1)
            cell.pop()
        row_common[r], col_common[c] = keep_row, keep_col

    yield from place(0)


def brute_force(cards: Sequence[C], rows: int, cols: int) -> list[list[C]] | None:
    """The brute force's first solved grid of the set, or None when there is none."""
    if len(cards) != rows * cols:
        raise ValueError(f"{len(cards)} cards cannot fill a {rows}x{cols} grid")
    found = next(arrangements(cards, rows, cols), None)
    return None if found is None else [[cards[i] for i in row] for row in found]

"""Matrix puzzles (4D Playing Cards rulebook, "Matrix"): checking and solving grids.

A set of R x C distinct cards is *solved* when it is arranged in R rows and C
columns so that every row and every column is a single-flush (its cards all show
at least one common value). Reordering rows or columns, rotating or transposing a
solved grid gives another solved grid; :func:`check_grid` accepts any of them.

:func:`solve` is exact and complete. A line's *label* is a value all its cards
show; a grid is solved exactly when rows and columns can be given labels such
that the card in row r, column c shows the labels of both. Row and column order
do not matter, so the search runs over the *multisets* of row labels and of
column labels (pruned by value counts, by every card needing a row and a column
it can join, and by a matching of cards to rows alone), and for each pair decides
by a bipartite matching (cards to cells) whether the cards fit. No time-out is
involved: an answer of None proves the set impossible.

>>> from printables.reading import read_cards
>>> cards = read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T")
>>> grid = solve(cards, 3, 3)
>>> grid is not None and check_grid(grid).ok
True
>>> print(check_grid([cards[:3], cards[3:6], cards[6:]]).reasons[0])
column 2 shares no value: RgzC and Bw=T differ in every attribute.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from printables.deck import Card, Value
from printables.errors import DuplicateCardError
from printables.games.base import values_text

SIZES: tuple[tuple[int, int], ...] = (
    (3, 3),
    (3, 4),
    (4, 3),
    (3, 5),
    (5, 3),
    (4, 4),
    (4, 5),
    (5, 4),
    (5, 5),
)
"""The book's matrix sizes (rows, columns), with their transposes."""


@dataclass(frozen=True)
class LineCheck:
    """One row or column of a grid: its cards, the values they share, and what is wrong."""

    name: str  # "row 2", "column 3"
    cards: tuple[Card, ...]
    shared: tuple[Value, ...]
    problem: str | None = None  # None when the line is a single-flush

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def sentence(self) -> str:
        if self.problem is not None:
            return self.problem + "."
        return f"{self.name} shares {values_text(self.shared)}."


@dataclass(frozen=True)
class MatrixVerdict:
    """Whether a grid is solved: every line checked, rows first, then columns."""

    shape: tuple[int, int]
    lines: tuple[LineCheck, ...]

    @property
    def ok(self) -> bool:
        return all(line.ok for line in self.lines)

    @property
    def failing(self) -> tuple[LineCheck, ...]:
        return tuple(line for line in self.lines if not line.ok)

    @property
    def reasons(self) -> tuple[str, ...]:
        """The failing lines' sentences, or (when solved) every line's shared values."""
        chosen = self.failing or self.lines
        return tuple(line.sentence for line in chosen)

    def __bool__(self) -> bool:
        return self.ok


def _line_problem(name: str, cards: Sequence[Card]) -> str:
    """Why a line shares no value, naming the cards that break it."""
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            if a.shares(b) == 0:
                return f"{name} shares no value: {a} and {b} differ in every attribute"
    first = cards[0]
    broken = []
    for position, value in enumerate(first.shown):
        lacking = next(c for c in cards if c.values[position] != first.values[position])
        broken.append(f"{value.name} is not on {lacking}")
    return f"{name} shares no value: of {first}'s values, " + ", ".join(broken)


def _distinct(cards: Sequence[Card]) -> None:
    seen: dict[Card, int] = {}
    for i, c in enumerate(cards, 1):
        if c in seen:
            raise DuplicateCardError(str(c), f"card {seen[c]}", f"card {i}")
        seen[c] = i


def check_line(name: str, cards: Sequence[Card]) -> LineCheck:
    """Check one row or column."""
    first = cards[0]
    shared = tuple(
        value
        for position, value in enumerate(first.shown)
        if all(c.values[position] == first.values[position] for c in cards)
    )
    problem = None if shared else _line_problem(name, cards)
    return LineCheck(name, tuple(cards), shared, problem)


def check_grid(rows: Sequence[Sequence[Card]]) -> MatrixVerdict:
    """Check an R x C array of distinct cards: is every row and every column a single-flush?

    A grid that is not rectangular, is empty, or repeats a card raises ValueError.
    """
    if not rows or not rows[0]:
        raise ValueError("a matrix needs at least one card")
    width = len(rows[0])
    for r, row in enumerate(rows, 1):
        if len(row) != width:
            raise ValueError(f"row {r} has {len(row)} cards but row 1 has {width}")
    _distinct([c for row in rows for c in row])
    lines = [check_line(f"row {r}", row) for r, row in enumerate(rows, 1)]
    lines += [check_line(f"column {c}", col) for c, col in enumerate(zip(*rows, strict=True), 1)]
    return MatrixVerdict((len(rows), width), tuple(lines))


# -- solving -------------------------------------------------------------------------------


def _mask(card: Card) -> int:
    """The card's values as bits: bit 3 * attribute + value."""
    m = 0
    for position, v in enumerate(card.values):
        m |= 1 << (3 * position + v)
    return m


def _match(adj: Sequence[Sequence[int]], cap: Sequence[int]) -> list[int] | None:
    """Give every item (row of ``adj``) one slot it may take, slot t at most ``cap[t]``
    times; the slot of each item, or None when no such assignment exists."""
    owners: list[list[int]] = [[] for _ in cap]
    where = [-1] * len(adj)

    def augment(i: int, seen: list[bool]) -> bool:
        for t in adj[i]:
            if seen[t]:
                continue
            seen[t] = True
            if len(owners[t]) < cap[t]:
                owners[t].append(i)
                where[i] = t
                return True
            for j in owners[t]:
                if augment(j, seen):
                    owners[t].remove(j)
                    owners[t].append(i)
                    where[i] = t
                    return True
        return False

    for i in range(len(adj)):
        if not augment(i, [False] * len(cap)):
            return None
    return where


def _label_sets(masks: Sequence[int], lines: int, per_line: int) -> list[tuple[int, ...]]:
    """Every multiset of ``lines`` labels (value bits) with which the cards can be split
    into lines of ``per_line`` cards, each showing its line's label."""
    counts = [sum(1 for m in masks if m >> bit & 1) for bit in range(12)]
    usable = [b for b in range(12) if counts[b] >= per_line]  # a label shows on a whole line
    found = []
    for labels in combinations_with_replacement(usable, lines):
        distinct = sorted(set(labels))
        if any(counts[b] < labels.count(b) * per_line for b in distinct):
            continue
        union = 0
        for b in distinct:
            union |= 1 << b
        if any(not m & union for m in masks):
            continue
        adj = [[i for i, b in enumerate(distinct) if m >> b & 1] for m in masks]
        if _match(adj, [labels.count(b) * per_line for b in distinct]) is not None:
            found.append(labels)
    return found


def _fit(
    masks: Sequence[int], row_labels: tuple[int, ...], col_labels: tuple[int, ...]
) -> list[list[int]] | None:
    """The card index in each cell when the labels admit a solution, else None."""
    types: list[int] = []
    caps: list[int] = []
    slot: dict[tuple[int, int], int] = {}
    for a in sorted(set(row_labels)):
        for b in sorted(set(col_labels)):
            need = row_labels.count(a) * col_labels.count(b)
            need_mask = (1 << a) | (1 << b)
            if not any(m & need_mask == need_mask for m in masks):
                return None  # e.g. a blue row crossing a red column
            slot[a, b] = len(types)
            types.append(need_mask)
            caps.append(need)
    adj = [[t for t, need in enumerate(types) if m & need == need] for m in masks]
    where = _match(adj, caps)
    if where is None:
        return None
    pools: list[list[int]] = [[] for _ in types]
    for card, t in enumerate(where):
        pools[t].append(card)
    grid = []
    for a in row_labels:
        row = []
        for b in col_labels:
            row.append(pools[slot[a, b]].pop())
        grid.append(row)
    return grid


def solve(cards: Sequence[Card], rows: int, cols: int) -> tuple[tuple[Card, ...], ...] | None:
    """A solved arrangement of ``cards`` in ``rows`` x ``cols``, or None when none exists.

    The search is exhaustive, so None proves the set impossible. Any size works;
    the book's sizes (:data:`SIZES`) take milliseconds.
    """
    if rows < 1 or cols < 1:
        raise ValueError(f"a matrix needs at least one row and one column, not {rows}x{cols}")
    if len(cards) != rows * cols:
        raise ValueError(f"a {rows}x{cols} matrix takes {rows * cols} cards, not {len(cards)}")
    _distinct(cards)
    masks = [_mask(c) for c in cards]
    row_sets = _label_sets(masks, rows, cols)
    col_sets = row_sets if rows == cols else _label_sets(masks, cols, rows)
    for i, row_labels in enumerate(row_sets):
        # A square grid's transpose is a solution too: try each unordered pair once.
        for col_labels in col_sets[i:] if rows == cols else col_sets:
            grid = _fit(masks, row_labels, col_labels)
            if grid is not None:
                return tuple(tuple(cards[k] for k in row) for row in grid)
    return None


def is_impossible(cards: Sequence[Card], rows: int, cols: int) -> bool:
    """True when no arrangement of ``cards`` in ``rows`` x ``cols`` is solved (proved by
    exhaustive search)."""
    return solve(cards, rows, cols) is None

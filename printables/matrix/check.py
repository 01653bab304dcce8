"""Checking a Matrix grid (4D Playing Cards rulebook, "Matrix").

A set of R x C distinct cards is *solved* when it is arranged in R rows and C
columns so that every row and every column is a single-flush (its cards all show
at least one common value). Reordering rows or columns, rotating or transposing a
solved grid gives another solved grid; :func:`check_grid` accepts any of them, and
says which lines fail and why.

>>> from printables.cards import FOUR_D, read_cards
>>> cards = read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T", FOUR_D)
>>> check_grid([cards[:3], cards[3:6], [cards[6], cards[8], cards[7]]]).ok
True
>>> print(check_grid([cards[:3], cards[3:6], cards[6:]]).reasons[0])
column 2 shares no value: RgzC and Bw=T differ in every attribute.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printables.cards.deck import Card, Value
from printables.cards.decks import FOUR_D
from printables.cards.errors import DuplicateCardError, SetError
from printables.cards.wording import values_text

DECK = FOUR_D
"""Matrix is played with the 4D deck."""

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


def check_size(rows: int, cols: int, error: type[Exception] = ValueError) -> None:
    """Refuse, with ``error``, a grid size the book does not play.

    >>> check_size(6, 6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 6x6 is not a Matrix size of the book; expected 3x3, 3x4, 4x3, ..., 5x5
    """
    if (rows, cols) not in SIZES:
        sizes = ", ".join(f"{r}x{c}" for r, c in SIZES)
        raise error(f"{rows}x{cols} is not a Matrix size of the book; expected {sizes}")


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
        raise SetError("a matrix needs at least one card")
    width = len(rows[0])
    for r, row in enumerate(rows, 1):
        if len(row) != width:
            raise SetError(f"row {r} has {len(row)} cards but row 1 has {width}")
    _distinct([c for row in rows for c in row])
    lines = [check_line(f"row {r}", row) for r, row in enumerate(rows, 1)]
    lines += [check_line(f"column {c}", col) for c, col in enumerate(zip(*rows, strict=True), 1)]
    return MatrixVerdict((len(rows), width), tuple(lines))

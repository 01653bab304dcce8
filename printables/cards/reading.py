"""Reading cards as students write them: lists of names and rectangular arrays.

Names may hold stray spaces (``Bg~ T``) and be separated by spaces, commas or
semicolons. In an array, each line is a row, or rows are separated by ``/``.
A written declaration of impossibility (MAT, Successive) is an array with the
word ``No`` in place of one card.

>>> from printables.cards import FOUR_D
>>> [str(c) for c in read_cards("Bb=S, Gw~ T  RgzC", FOUR_D)]
['Bb=S', 'Gw~T', 'RgzC']
>>> grid = read_grid("Bb=S Bw=T / GbzC No", FOUR_D)
>>> grid.shape, grid.claims_impossible
((2, 2), True)
>>> print(grid)
Bb=S Bw=T
GbzC No
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from printables.cards.deck import WHITESPACE, Card, Deck
from printables.cards.errors import CardNameError, DuplicateCardError, GridShapeError

SEPARATORS = WHITESPACE + ",;"
_NO = re.compile(r"no(?![^\s,;])", re.IGNORECASE)


class NoMark:
    """The word ``No`` written in place of a card to declare a set impossible."""

    _instance: NoMark | None = None

    def __new__(cls) -> NoMark:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "No"

    def __repr__(self) -> str:
        return "NO"


NO: Final = NoMark()
Cell = Card | NoMark


@dataclass(frozen=True)
class Grid:
    """A rectangular array of cards as written, possibly with one ``No``."""

    rows: tuple[tuple[Cell, ...], ...]

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)``."""
        return len(self.rows), len(self.rows[0]) if self.rows else 0

    @property
    def claims_impossible(self) -> bool:
        """True when the array holds ``No``: the writer declares the set impossible."""
        return any(cell is NO for row in self.rows for cell in row)

    @property
    def columns(self) -> tuple[tuple[Cell, ...], ...]:
        return tuple(zip(*self.rows, strict=True))

    def cards(self) -> list[Card]:
        """The cards written, row by row, without the ``No``."""
        return [cell for row in self.rows for cell in row if isinstance(cell, Card)]

    def __str__(self) -> str:
        return "\n".join(" ".join(str(cell) for cell in row) for row in self.rows)


def _cells(line: str, deck: Deck, row: int | None) -> list[Cell]:
    """Read the cells of one row (or one list) of names."""
    cells: list[Cell] = []
    pos = 0
    while True:
        while pos < len(line) and line[pos] in SEPARATORS:
            pos += 1
        if pos >= len(line):
            return cells
        where = f"card {len(cells) + 1}" if row is None else f"row {row}, card {len(cells) + 1}"
        no = _NO.match(line, pos)
        if no and row is not None:
            cells.append(NO)
            pos = no.end()
            continue
        try:
            card, pos = deck.scan(line, pos)
        except CardNameError as error:
            raise error.located(where) from None
        cells.append(card)


def _check_distinct(cells: Iterable[tuple[str, Cell]]) -> None:
    seen: dict[Card, str] = {}
    for where, cell in cells:
        if isinstance(cell, Card):
            if cell in seen:
                raise DuplicateCardError(str(cell), seen[cell], where)
            seen[cell] = where


def read_cards(text: str, deck: Deck, *, distinct: bool = True) -> list[Card]:
    """Read a list of card names of ``deck`` separated by spaces, commas, semicolons, ``/``
    or lines.

    >>> from printables.cards import FOUR_D
    >>> read_cards("Bb=S Bb=S", FOUR_D)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printables.cards.errors.DuplicateCardError: Bb=S appears twice (card 1 and card 2); ...
    """
    flat = re.sub(r"[/\n\r]", " ", text)
    cards = [cell for cell in _cells(flat, deck, None) if isinstance(cell, Card)]
    if distinct:
        _check_distinct((f"card {i}", c) for i, c in enumerate(cards, 1))
    return cards


def split_rows(text: str) -> list[str]:
    """The non-blank rows of a written array: lines, or ``/``-separated parts."""
    parts = re.split(r"[\n\r/]", text)
    return [part for part in parts if part.strip(SEPARATORS)]


def read_grid(text: str, deck: Deck) -> Grid:
    """Read a rectangular array of names of ``deck``, one row a line or rows separated by
    ``/``.

    At most one ``No`` may stand in place of a card. Errors name the row and card.

    >>> from printables.cards import FOUR_D
    >>> read_grid("Bb=S Bw=T\\nGbzC", FOUR_D)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printables.cards.errors.GridShapeError: row 2 has 1 card but row 1 has 2; every row needs ...
    """
    rows = [_cells(line, deck, r) for r, line in enumerate(split_rows(text), 1)]
    if not rows:
        raise GridShapeError("no cards were written")
    width = len(rows[0])
    for r, row in enumerate(rows[1:], 2):
        if len(row) != width:
            raise GridShapeError(
                f"row {r} has {_count(len(row))} but row 1 has {width}; "
                "every row needs the same number"
            )
    marks = [
        f"row {r}, card {c}"
        for r, row in enumerate(rows, 1)
        for c, x in enumerate(row, 1)
        if x is NO
    ]
    if len(marks) > 1:
        raise GridShapeError(
            f"'No' is written {len(marks)} times ({'; '.join(marks)}); "
            "to declare a set impossible, write 'No' in place of exactly one card"
        )
    _check_distinct(
        (f"row {r}, card {c}", cell)
        for r, row in enumerate(rows, 1)
        for c, cell in enumerate(row, 1)
    )
    return Grid(tuple(tuple(row) for row in rows))


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


EMPTY_MARK = "?"
"""Written for a place not filled yet (a grid being built on a phone)."""


@dataclass(frozen=True)
class Unread:
    """A word that is not a name: as written, and why (the reader's message)."""

    text: str
    reason: str

    def __str__(self) -> str:
        return self.text


Written = Card | NoMark | Unread | None
"""One place of an array as read leniently: a card, ``No``, a word that does not read,
or None for an empty place (``?``)."""


def read_places(text: str, deck: Deck) -> list[list[Written]]:
    """Read an array word by word, never stopping: each place is a card, ``No``, an
    :class:`Unread` word with the reason, or None for ``?``. For showing a student how
    an answer is read before it is sent; :func:`read_grid` decides.

    >>> from printables.cards import FOUR_D
    >>> [[str(x) for x in row] for row in read_places("bbzt ? Bx=S / No", FOUR_D)]
    [['BbzT', 'None', 'Bx=S'], ['No']]
    """
    rows: list[list[Written]] = []
    for r, line in enumerate(split_rows(text), 1):
        row: list[Written] = []
        pos = 0
        while True:
            while pos < len(line) and line[pos] in SEPARATORS:
                pos += 1
            if pos >= len(line):
                break
            end = pos
            while end < len(line) and line[end] not in SEPARATORS:
                end += 1
            word = line[pos:end]
            if word == EMPTY_MARK:
                row.append(None)
            elif _NO.fullmatch(word):
                row.append(NO)
            else:
                try:
                    card, end = deck.scan(line, pos)  # may read on over stray spaces
                    row.append(card)
                except CardNameError as error:
                    row.append(Unread(word, f"row {r}, card {len(row) + 1}: {error}"))
            pos = end
        rows.append(row)
    return rows

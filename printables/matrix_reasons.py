"""Why a Matrix set is impossible, in words a student can check.

The solver proves impossibility by exhaustive search; an answer key should say why
when a short reason exists. This module looks for the two kinds of reason the
4D Playing Cards rulebook teaches ("This set can be shown to be impossible ..."):

- **no line**: a card none of whose values is shown by enough cards to label a line
  through it (a row of 5 needs 5 cards sharing a value);
- **two lines at once**: a card whose row and column can only carry values shown
  by exactly a line's worth of cards, so its row and column hold *all* those cards,
  and another card shows both, so it would have to be in the card's row and its
  column at once (a row and a column share one card).

Each reason is a proof by itself, so a set with a reason is impossible; a set
proved impossible with neither reason gets the kind "exhaustive search".

>>> from printables.reading import read_cards
>>> book = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT")
>>> reason = impossibility_reason(book, 3, 3)
>>> reason.kind
'two lines at once'
>>> import textwrap
>>> print(textwrap.fill(reason.text, 88))
Gb=C can only be in green or black lines: stripe and circle show on fewer than 3 cards.
Exactly 3 cards show green and 3 show black, so Gb=C's row and column hold all of them.
GbzS shows green and black, so it would have to be in both Gb=C's row and its column,
where they cross: in Gb=C's own place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printables.deck import Card, Value
from printables.games.base import values_text
from printables.matrix_solver import check_set, solve

NO_LINE = "no line"
TWO_LINES = "two lines at once"
EXHAUSTIVE = "exhaustive search"


@dataclass(frozen=True)
class Reason:
    """Why a set is impossible: the kind (:data:`NO_LINE`, :data:`TWO_LINES`,
    :data:`EXHAUSTIVE`) and a sentence or two for the answer key."""

    kind: str
    text: str
    card: Card | None = None  # the card the reason is about


def _showing(cards: Sequence[Card], value: Value) -> list[Card]:
    return [c for c in cards if value in c.shown]


def _line_word(rows: int, cols: int, length: int) -> str:
    if rows == cols:
        return "line"
    return "row" if length == cols else "column"


def _or_list(values: Sequence[Value]) -> str:
    names = [v.name for v in values]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _count_list(cards: Sequence[Card], values: Sequence[Value]) -> str:
    return ", ".join(f"{v.name} on {len(_showing(cards, v))}" for v in values)


def _no_line(cards: Sequence[Card], rows: int, cols: int) -> Reason | None:
    for length in sorted({cols, rows}, reverse=True):  # a longer line is harder to label
        word = _line_word(rows, cols, length)
        for card in cards:
            if all(len(_showing(cards, v)) < length for v in card.shown):
                text = (
                    f"{card} cannot be in any {word}: a {word} of {length} cards shares a "
                    f"value, but none of {card}'s values shows on {length} cards "
                    f"({_count_list(cards, card.shown)})."
                )
                return Reason(NO_LINE, text, card)
    return None


def _usable(cards: Sequence[Card], card: Card, length: int) -> list[Value]:
    return [v for v in card.shown if len(_showing(cards, v)) >= length]


def _two_lines(cards: Sequence[Card], rows: int, cols: int) -> Reason | None:
    for card in cards:
        row_values = _usable(cards, card, cols)
        col_values = _usable(cards, card, rows)
        if any(len(_showing(cards, v)) != cols for v in row_values) or any(
            len(_showing(cards, v)) != rows for v in col_values
        ):
            continue  # some line through the card could leave cards out
        pairs = [(u, w) for u in row_values for w in col_values]
        witnesses = [
            next((c for c in cards if c != card and u in c.shown and w in c.shown), None)
            for u, w in pairs
        ]
        if pairs and all(witnesses):  # every choice of row and column labels clashes
            crossing = [c for (u, w), c in zip(pairs, witnesses, strict=True) if u != w]
            other = (crossing or witnesses)[0]
            assert other is not None
            return Reason(TWO_LINES, _two_lines_text(cards, card, rows, cols, other), card)
    return None


def _two_lines_text(cards: Sequence[Card], card: Card, rows: int, cols: int, other: Card) -> str:
    row_values = _usable(cards, card, cols)
    col_values = _usable(cards, card, rows)
    rare = [v for v in card.shown if v not in row_values and v not in col_values]
    values = list(dict.fromkeys(row_values + col_values))
    if rows == cols:
        where = f"{_or_list(values)} lines"
        rare_length = rows
    else:
        where = f"a {_or_list(row_values)} row and a {_or_list(col_values)} column"
        rare_length = min(rows, cols)
    text = f"{card} can only be in {where}"
    if rare:
        verb = "shows" if len(rare) == 1 else "show"
        text += f": {values_text(rare)} {verb} on fewer than {rare_length} cards"
    counts = " and ".join(
        f"{len(_showing(cards, v))}{' cards' if i == 0 else ''} show {v.name}"
        for i, v in enumerate(values)
    )
    text += f". Exactly {counts}, so {card}'s row and column hold all of them. "
    shared = [v for v in values if v in other.shown]
    text += (
        f"{other} shows {values_text(shared)}, so it would have to be in both {card}'s row "
        f"and its column, where they cross: in {card}'s own place."
    )
    return text


def impossibility_reason(cards: Sequence[Card], rows: int, cols: int) -> Reason:
    """Why the set is impossible: a short reason of the book's kinds when one exists,
    else :data:`EXHAUSTIVE`. A solvable set raises ValueError (there is no reason)."""
    check_set(cards, rows, cols)
    reason = _no_line(cards, rows, cols) or _two_lines(cards, rows, cols)
    if reason is not None:
        return reason
    if solve(cards, rows, cols) is not None:
        raise ValueError(f"the set is solvable in {rows}x{cols}: it has no impossibility reason")
    return Reason(
        EXHAUSTIVE,
        f"No arrangement in {rows} rows and {cols} columns works: every way to give the rows "
        "and columns a shared value was tried (exhaustive search).",
    )

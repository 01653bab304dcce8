"""Why a Matrix set is impossible, in words a student can check.

The solver proves impossibility by exhaustive search; an answer key should say why
when a short reason exists. This module looks for the two kinds of reason the
4D Playing Cards rulebook teaches ("This set can be shown to be impossible ..."):

- **no line**: a card none of whose values is shown by enough cards to label a line
  through it (a row of 5 needs 5 cards sharing a value);
- **two lines at once**: a card whose row and column cannot both be filled. They share
  only the card, so in an R x C grid they hold R + C - 1 cards, each showing the value
  its line shares; when for every value u the row could share (one of the card's, on at
  least C cards) and every value w the column could (on at least R), fewer than R + C - 1
  cards show u or w, there is no room for them. The book's case: the values show on
  exactly a line's worth of cards, so the row and column hold *all* those cards, and
  another card shows both, so it would have to be in the card's row and its column at
  once; that case is told the book's way.

Each reason is a proof by itself, so a set with a reason is impossible; a set
proved impossible with neither reason gets the kind "exhaustive search".

>>> from printables.cards import FOUR_D, read_cards
>>> book = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)
>>> reason = impossibility_reason(book, 3, 3)
>>> reason.kind
'two lines at once'
>>> import textwrap
>>> print(textwrap.fill(reason.text, 88))
Gb=C can only be in green or black lines: stripe and circle show on fewer than 3 cards.
Exactly 3 cards show green and 3 show black, so Gb=C's row and column hold all of them.
GbzS shows green and black, so it would have to be in both Gb=C's row and its column,
where they cross: in Gb=C's own place.

The same argument as a count works on rectangles too, where exact counts cannot arise:

>>> rectangle = read_cards(
...     "Bg=S GwzC Bw=C BwzC Bw=T Gb~T BwzT RwzT Gw~S Gg~C RbzT Rw=C Rw~T GwzT GbzT", FOUR_D
... )
>>> text = impossibility_reason(rectangle, 3, 5).text
>>> print(textwrap.fill(text, 88, break_on_hyphens=False))
Bg=S can only be in a blue row and a blue or stripe column: gray and square show on
fewer than 3 cards, stripe on fewer than 5. Its row and column hold 7 cards between them
(5 + 3 - 1: they share Bg=S), each showing the value its line shares; but only 6 cards
show blue or stripe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printables.cards.deck import Card, Value
from printables.cards.wording import or_list, values_text
from printables.matrix.solver import cards_with, check_set, solve, value_bits

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


class _Shown:
    """The set's cards and, for each value, the cards showing it as a bit set (bit i: the
    i-th card), read once: :attr:`Card.shown` is rebuilt at every call."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = cards
        self.bits: dict[Value, int] = {}
        for i, c in enumerate(cards):
            for v in c.shown:
                self.bits[v] = self.bits.get(v, 0) | 1 << i

    def count(self, *values: Value) -> int:
        """How many cards show at least one of the values."""
        union = 0
        for v in values:
            union |= self.bits.get(v, 0)
        return union.bit_count()

    def usable(self, card: Card, length: int) -> list[Value]:
        """The card's values shown on enough cards to label a line of ``length``."""
        return [v for v in card.shown if self.count(v) >= length]


def _line_word(rows: int, cols: int, length: int) -> str:
    if rows == cols:
        return "line"
    return "row" if length == cols else "column"


def _or_list(values: Sequence[Value]) -> str:
    return or_list([v.name for v in values])


def _no_line(shown: _Shown, rows: int, cols: int) -> Reason | None:
    for length in sorted({cols, rows}, reverse=True):  # a longer line is harder to label
        word = _line_word(rows, cols, length)
        for card in shown.cards:
            if not shown.usable(card, length):
                counts = ", ".join(f"{v.name} on {shown.count(v)}" for v in card.shown)
                text = (
                    f"{card} cannot be in any {word}: a {word} of {length} cards shares a "
                    f"value, but none of {card}'s values shows on {length} cards ({counts})."
                )
                return Reason(NO_LINE, text, card)
    return None


def _two_lines(shown: _Shown, rows: int, cols: int) -> Reason | None:
    """A card whose row and column, R + C - 1 cards showing the row's value u or the
    column's value w, cannot be filled: fewer cards show u or w, for every u the row could
    share and every w the column could. The book's form is preferred: every such value on
    exactly a line's worth of cards, and another card showing both."""
    found: Reason | None = None
    for card in shown.cards:
        pairs = [(u, w) for u in shown.usable(card, cols) for w in shown.usable(card, rows)]
        if not pairs or any(shown.count(u, w) >= rows + cols - 1 for u, w in pairs):
            continue
        other = _witness(shown, card, rows, cols, pairs)
        if other is not None:
            return Reason(TWO_LINES, _witness_text(shown, card, rows, cols, other), card)
        found = found or Reason(TWO_LINES, _count_text(shown, card, rows, cols, pairs), card)
    return found


def _witness(
    shown: _Shown, card: Card, rows: int, cols: int, pairs: Sequence[tuple[Value, Value]]
) -> Card | None:
    """Another card showing both values of every pair, when each row value shows on exactly
    ``cols`` cards and each column value on exactly ``rows``; the first showing two values."""
    if any(shown.count(u) != cols or shown.count(w) != rows for u, w in pairs):
        return None
    others = [shown.bits[u] & shown.bits[w] & ~(1 << shown.cards.index(card)) for u, w in pairs]
    if not all(others):
        return None
    first = next((b for (u, w), b in zip(pairs, others, strict=True) if u != w), others[0])
    return shown.cards[(first & -first).bit_length() - 1]


def _places(shown: _Shown, card: Card, rows: int, cols: int) -> str:
    """Where a card can be: "Gb=C can only be in green or black lines: ..."."""
    row_values = shown.usable(card, cols)
    col_values = shown.usable(card, rows)
    values = list(dict.fromkeys(row_values + col_values))
    if rows == cols:
        text = f"{card} can only be in {_or_list(values)} lines"
    else:
        text = f"{card} can only be in a {_or_list(row_values)} row and a "
        text += f"{_or_list(col_values)} column"
    why = []
    rare = [v for v in card.shown if v not in values]
    if rare:
        verb = "shows" if len(rare) == 1 else "show"
        why.append(f"{values_text(rare)} {verb} on fewer than {min(rows, cols)} cards")
    one_way = [v for v in values if (v in row_values) != (v in col_values)]
    if one_way:  # enough cards for the shorter line, not the longer
        why.append(f"{values_text(one_way)} on fewer than {max(rows, cols)}")
    return text + (": " + ", ".join(why) if why else "")


def _witness_text(shown: _Shown, card: Card, rows: int, cols: int, other: Card) -> str:
    values = list(dict.fromkeys(shown.usable(card, cols) + shown.usable(card, rows)))
    counts = " and ".join(
        f"{shown.count(v)}{' cards' if i == 0 else ''} show {v.name}" for i, v in enumerate(values)
    )
    shared = [v for v in values if v in other.shown]
    return (
        f"{_places(shown, card, rows, cols)}. Exactly {counts}, so {card}'s row and column "
        f"hold all of them. {other} shows {values_text(shared)}, so it would have to be in "
        f"both {card}'s row and its column, where they cross: in {card}'s own place."
    )


def _count_text(
    shown: _Shown, card: Card, rows: int, cols: int, pairs: Sequence[tuple[Value, Value]]
) -> str:
    need = rows + cols - 1
    values = [v for v in card.shown if any(v in pair for pair in pairs)]
    if shown.count(*values) < need:  # one count covers every pair
        counts = f"only {shown.count(*values)} cards show {_or_list(values)}"
    else:
        # Each pair once, leaving out a value alone when a pair holds it (fewer cards show it).
        lines = list(dict.fromkeys(frozenset(pair) for pair in pairs))
        phrases: list[str] = []
        for shared in lines:
            if len(shared) == 1 and any(shared < other for other in lines):
                continue
            names = [v for v in card.shown if v in shared]
            noun = "" if phrases else " cards"
            phrases.append(f"only {shown.count(*names)}{noun} show {_or_list(names)}")
        counts = "; ".join(phrases)
    return (
        f"{_places(shown, card, rows, cols)}. Its row and column hold {need} cards between "
        f"them ({cols} + {rows} - 1: they share {card}), each showing the value its line "
        f"shares; but {counts}."
    )


def short_reason(cards: Sequence[Card], rows: int, cols: int) -> Reason | None:
    """A short reason of the book's kinds (:data:`NO_LINE`, :data:`TWO_LINES`) when the
    set has one, else None. Each is a proof by itself, so a set given one is impossible;
    no search is run, so this is quick, and on a set that can be solved it is None."""
    check_set(cards, rows, cols)
    shown = _Shown(cards)
    return _no_line(shown, rows, cols) or _two_lines(shown, rows, cols)


def short_reason_kind(cards: Sequence[Card], rows: int, cols: int) -> str | None:
    """The kind of :func:`short_reason`'s answer (:data:`NO_LINE`, :data:`TWO_LINES`, or
    None when it has none), found on bit sets without its words: quick enough for the
    generator's walk, which asks it of every set it tries."""
    check_set(cards, rows, cols)
    sets = cards_with(cards)
    counts = [s.bit_count() for s in sets]
    bits = [value_bits(c) for c in cards]
    for length in {rows, cols}:
        if any(all(counts[b] < length for b in values) for values in bits):
            return NO_LINE
    need = rows + cols - 1
    for values in bits:
        row_values = [u for u in values if counts[u] >= cols]
        col_values = [w for w in values if counts[w] >= rows]
        if (
            row_values
            and col_values
            and all((sets[u] | sets[w]).bit_count() < need for u in row_values for w in col_values)
        ):
            return TWO_LINES
    return None


def exhaustive_reason(rows: int, cols: int) -> Reason:
    """The reason of a set proved impossible by the search alone (no short reason)."""
    return Reason(
        EXHAUSTIVE,
        f"No arrangement in {rows} rows and {cols} columns works: every way to give the rows "
        "and columns a shared value was tried (exhaustive search).",
    )


def impossibility_reason(cards: Sequence[Card], rows: int, cols: int) -> Reason:
    """Why the set is impossible: a short reason of the book's kinds when one exists,
    else :data:`EXHAUSTIVE`. A solvable set raises ValueError (there is no reason)."""
    reason = short_reason(cards, rows, cols)
    if reason is not None:
        return reason
    if solve(cards, rows, cols) is not None:
        raise ValueError(f"the set is solvable in {rows}x{cols}: it has no impossibility reason")
    return exhaustive_reason(rows, cols)

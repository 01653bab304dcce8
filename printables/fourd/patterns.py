"""Value-sharing patterns of three cards, and ciphers (Challenge Cipher).

The rulebook names a pattern by the numbers of values shared by the three
pairs of cards, in descending order; for 2-2-2, 2-1-1 and 1-1-1 it adds how
many values all three cards share. There are exactly 20 patterns, and two
three-card sets are ciphers of each other exactly when their patterns match.

>>> from printables.cards import card
>>> p = pattern_of([card("Rg=T"), card("Rg=C"), card("Bg=C")])
>>> str(p), p.spoken
('3-3-2', 'Three, three, two')
>>> len(PATTERNS)
20

A cipher is defined more generally: one set can be turned into the other by
substituting values (within each attribute, the attributes themselves in any
order) and reordering cards. :func:`cipher_form` computes a canonical form
under those substitutions for small sets (up to 8 cards: it tries every card order);
:func:`are_ciphers` decides any two sets, of any size, by searching for the
substitution itself (the rulebook's challenge of nine nine-card sets that are ciphers
of each other takes a few milliseconds a pair).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from string import ascii_lowercase, ascii_uppercase

from printables.cards.deck import Card, Deck
from printables.cards.decks import FOUR_D
from printables.cards.errors import DuplicateCardError, NotationError, SetError


class PatternNameError(NotationError):
    """A value-sharing pattern's name that cannot be read; the message lists the names."""


_AMBIGUOUS = {(2, 2, 2), (2, 1, 1), (1, 1, 1)}
_WORDS = ("zero", "one", "two", "three", "four")


@dataclass(frozen=True, order=True)
class SharingPattern:
    """A value-sharing pattern: pairwise shared counts (descending) and values on all three."""

    shares: tuple[int, int, int]
    common: int

    @property
    def ambiguous(self) -> bool:
        """Whether the name needs the count of values shared by all three cards."""
        return self.shares in _AMBIGUOUS

    def __str__(self) -> str:
        name = "-".join(map(str, self.shares))
        if self.ambiguous:
            return f"{name} ({self.common} shared by all)"
        return name

    @property
    def spoken(self) -> str:
        """The name as said at the table: ``"Three, three, two"``."""
        words = ", ".join(_WORDS[n] for n in self.shares).capitalize()
        if self.ambiguous:
            return f"{words}, {_WORDS[self.common]} shared by all"
        return words

    @property
    def example(self) -> tuple[Card, Card, Card]:
        """The first three cards of the 4D deck, in deck order, that show this pattern."""
        return _examples()[self]

    @property
    def chart(self) -> tuple[str, str, str]:
        """The book's kind of chart: a row per card, a column per attribute.

        Capitals mark values shown on two or three cards, lower case a value on one.

        >>> print("\\n".join(PATTERNS[0].chart))
        A B C d
        A B C e
        A B C f
        """
        return chart(self.example)


def _check(cards: Sequence[Card]) -> None:
    for i, a in enumerate(cards):
        for j in range(i + 1, len(cards)):
            if a == cards[j]:
                raise DuplicateCardError(str(a), f"card {i + 1}", f"card {j + 1}")


def pattern_of(cards: Sequence[Card]) -> SharingPattern:
    """The value-sharing pattern of three distinct cards."""
    if len(cards) != 3:
        raise SetError(f"a value-sharing pattern needs three cards, not {len(cards)}")
    _check(cards)
    a, b, c = cards
    pairs = sorted((a.shares(b), b.shares(c), a.shares(c)), reverse=True)
    common = sum(x == y == z for x, y, z in zip(a.values, b.values, c.values, strict=True))
    return SharingPattern((pairs[0], pairs[1], pairs[2]), common)


PATTERNS: tuple[SharingPattern, ...] = tuple(
    sorted(
        (
            SharingPattern(shares, common)
            for shares, common in [
                ((3, 3, 3), 3),
                ((3, 3, 2), 2),
                ((3, 2, 2), 2),
                ((3, 2, 1), 1),
                ((3, 1, 1), 1),
                ((3, 1, 0), 0),
                ((3, 0, 0), 0),
                ((2, 2, 2), 2),
                ((2, 2, 2), 1),
                ((2, 2, 1), 1),
                ((2, 2, 0), 0),
                ((2, 1, 1), 1),
                ((2, 1, 1), 0),
                ((2, 1, 0), 0),
                ((2, 0, 0), 0),
                ((1, 1, 1), 1),
                ((1, 1, 1), 0),
                ((1, 1, 0), 0),
                ((1, 0, 0), 0),
                ((0, 0, 0), 0),
            ]
        ),
        reverse=True,
    )
)
"""The 20 patterns, from 3-3-3 (a three-card triple-flush) down to 0-0-0 (a nada)."""


def parse_pattern(text: str) -> SharingPattern:
    """Read a pattern name such as ``"3-3-2"`` or ``"2-1-1 (0 shared by all)"``.

    >>> parse_pattern("2-2-2/1")
    SharingPattern(shares=(2, 2, 2), common=1)
    """
    digits = [int(number) for number in re.findall(r"\d+", text)]
    if len(digits) == 3:
        matches = [p for p in PATTERNS if p.shares == tuple(digits) and not p.ambiguous]
        if not matches and tuple(digits) in _AMBIGUOUS:
            raise PatternNameError(
                f"{text!r}: a {'-'.join(map(str, digits))} pattern also needs how many "
                "values all three cards share, e.g. '2-2-2 (1 shared by all)'"
            )
    elif len(digits) == 4:
        matches = [p for p in PATTERNS if (*p.shares, p.common) == tuple(digits)]
    else:
        matches = []
    if not matches:
        known = ", ".join(str(p) for p in PATTERNS)
        raise PatternNameError(f"{text!r} is not a value-sharing pattern; expected one of {known}")
    return matches[0]


def cipher_form(cards: Sequence[Card]) -> tuple[tuple[int, ...], ...]:
    """A canonical form of a set under value substitution, attribute order and card order.

    Two sets are ciphers of each other exactly when their forms are equal. The
    cost grows with the factorial of the set's size; meant for small sets.
    """
    _check(cards)
    if len(cards) > 8:
        raise SetError("cipher forms are computed for sets of at most 8 cards")
    best: tuple[tuple[int, ...], ...] | None = None
    for order in permutations(cards):
        columns = []
        for position in range(len(cards[0].values) if cards else 0):
            labels: dict[int, int] = {}
            columns.append(tuple(labels.setdefault(c.values[position], len(labels)) for c in order))
        form = tuple(sorted(columns))
        if best is None or form < best:
            best = form
    return best or ()


def are_ciphers(first: Sequence[Card], second: Sequence[Card]) -> bool:
    """Whether one set can be made the other by substituting values, of any size.

    For each way to pair the attributes, cards are paired one by one, each only with a
    card of the same *profile* (how many cards share each of its values, attribute by
    attribute), keeping every value substitution one-to-one; a pairing that gets stuck
    is undone (backtracking), so a False means that no substitution exists.

    >>> from printables.cards import card
    >>> are_ciphers([card("Bb=S"), card("Bb=C")], [card("GwzT"), card("GgzT")])
    True
    >>> from printables.cards import FOUR_D
    >>> blue_black = [c for c in FOUR_D.cards if str(c).startswith("Bb")]
    >>> red_white = [c for c in FOUR_D.cards if str(c).startswith("Rw")]
    >>> len(blue_black), are_ciphers(blue_black, red_white)
    (9, True)
    """
    _check(first)
    _check(second)
    if len(first) != len(second):
        return False
    if not first:
        return True
    a = [c.values for c in first]
    b = [c.values for c in second]
    width = len(a[0])
    if any(len(v) != width for v in a + b):
        return False
    return any(_substitution(a, b, pairing) for pairing in permutations(range(width)))


def _profiles(rows: Sequence[Sequence[object]], columns: Sequence[int]) -> list[tuple[int, ...]]:
    """For each row, how many rows share its value in each of ``columns`` (in that order)."""
    counts = [
        {value: sum(1 for row in rows if row[col] == value) for value in {r[col] for r in rows}}
        for col in columns
    ]
    return [tuple(counts[k][row[col]] for k, col in enumerate(columns)) for row in rows]


def _substitution(
    a: Sequence[Sequence[object]], b: Sequence[Sequence[object]], pairing: Sequence[int]
) -> bool:
    """Whether the rows of ``a`` pair with those of ``b``, attribute ``k`` of ``a`` read as
    attribute ``pairing[k]`` of ``b``, with one value substitution per attribute."""
    width = len(pairing)
    mine = _profiles(a, range(width))
    theirs = _profiles(b, pairing)
    if sorted(mine) != sorted(theirs):
        return False
    # The rarest profiles first: fewer candidates early, so dead ends show soon.
    rarity = {p: mine.count(p) for p in mine}
    order = sorted(range(len(a)), key=lambda r: (rarity[mine[r]], mine[r]))
    forward: list[dict[object, object]] = [{} for _ in range(width)]
    backward: list[dict[object, object]] = [{} for _ in range(width)]
    used = [False] * len(b)

    def place(depth: int) -> bool:
        if depth == len(order):
            return True
        r = order[depth]
        for s in range(len(b)):
            if used[s] or theirs[s] != mine[r]:
                continue
            added = []
            fits = True
            for k in range(width):
                x, y = a[r][k], b[s][pairing[k]]
                known = forward[k].get(x)
                if known is None and y not in backward[k]:
                    forward[k][x], backward[k][y] = y, x
                    added.append((k, x, y))
                elif known != y:
                    fits = False
                    break
            if fits:
                used[s] = True
                if place(depth + 1):
                    return True
                used[s] = False
            for k, x, y in added:
                del forward[k][x], backward[k][y]
        return False

    return place(0)


def chart(cards: Sequence[Card]) -> tuple[str, str, str]:
    """The chart of a three-card set, columns in canonical order (see SharingPattern.chart)."""
    form = cipher_form(cards)
    letters = iter(range(26))
    columns = []
    for column in form:
        names: dict[int, str] = {}
        for label in column:
            if label not in names:
                alphabet = ascii_uppercase if column.count(label) > 1 else ascii_lowercase
                names[label] = alphabet[next(letters)]
        columns.append([names[label] for label in column])
    rows = (" ".join(col[i] for col in columns) for i in range(3))
    first, second, third = rows
    return first, second, third


@cache
def _examples(deck: Deck = FOUR_D) -> dict[SharingPattern, tuple[Card, Card, Card]]:
    found: dict[SharingPattern, tuple[Card, Card, Card]] = {}
    for trio in combinations(deck.cards[:27], 3):
        found.setdefault(pattern_of(trio), trio)
    for trio in combinations(deck.cards, 3):
        if len(found) == len(PATTERNS):
            break
        found.setdefault(pattern_of(trio), trio)
    return found

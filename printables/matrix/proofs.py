"""Proofs in words that a Matrix set is impossible: a case analysis a pupil can follow.

Every solved grid gives each row a value its cards share and each column one, so a
proof goes through what the rows and the columns could share:

1. **The lists.** A row of C cards shares a value that at least C cards show; k rows
   sharing one value need k x C cards showing it; every card needs a row whose value it
   shows; and the cards must split among the rows. The row lists (one value a row,
   order aside) that pass are numbered; the column lists likewise.
2. **Bars.** A row and a column cross at a card showing both their values, so a column
   can share only values of no attribute the rows hold another value of, shown with each
   row value on enough cards. A few row values (up to three) can leave some card no
   column at all: every row list holding them is barred at once ("No row list holds g C
   (Rb~T would fit no column)"), and only the lists left are numbered.
3. **Crossings.** k rows sharing v and m columns sharing w cross in k x m places, each
   holding a card that shows v and w. So when fewer cards show both (none, often), no
   row list with k or more v goes with a column list with m or more w: one fact rules
   out many pairs of lists at once ("0: B b (1 x 1)").
4. **Crowds.** Each pair of lists left fails because some cards fit only at crossings
   with fewer places than cards: "GbzS, Gg~T, Rb~T fit only at G x C: 3 cards, 2 places".
   A crowd is told once for every pair it serves, with the most places it has in any.

When one side has few lists (a 3x5 set's rows, say, against 200 column lists), the
proof instead takes that side's lists in turn (:class:`ListCase`): the values the other
side can share with it, and a card that fits none of them, or the other side's lists
over them, each with a crowd. :func:`impossibility_proof` keeps whichever is shorter.

A :class:`Proof` is data first (the bars, the lists, the facts, the crowds or the cases)
and words second, so that :func:`check_proof` re-checks every step by itself, without
the solver or the builder's helpers: it checks each bar value by value, rebuilds the
lists by brute force, counts every crossing again, and confirms that the facts and
crowds leave no pair of lists standing. :func:`impossibility_proof` raises ValueError
for a set that can be solved.

>>> from printables.cards import FOUR_D, read_cards
>>> book = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)
>>> proof = impossibility_proof(book, 3, 3)
>>> check_proof(book, 3, 3, proof)
>>> print(proof.brief_lines[-1])
(3) x (4): BwzT, RgzS, BgzT fit only at z x g/T: 3 cards, 2 places.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement
from typing import TypeVar

from printables.cards.deck import Card, Value
from printables.cards.wording import or_list
from printables.matrix.solver import check_set

T = TypeVar("T")

Option = tuple[Value, ...]
"""What the lines of one direction share: one value a line, in deck order (a multiset)."""


@dataclass(frozen=True)
class TooFew:
    """Rows sharing ``row`` (``row_lines`` of them or more) never go with columns sharing
    ``col`` (``col_lines`` or more): their crossings need more cards showing both than
    the ``cards`` that do."""

    row: Value
    row_lines: int
    col: Value
    col_lines: int
    cards: int

    @property
    def places(self) -> int:
        return self.row_lines * self.col_lines

    def rules_out(self, rows: Option, cols: Option) -> bool:
        return rows.count(self.row) >= self.row_lines and cols.count(self.col) >= self.col_lines


@dataclass(frozen=True)
class TooMany:
    """Cards that fit only at ``crossings`` (row value, column value), which hold at most
    ``places``, fewer than there are cards (a crossing named may be missing from a pair
    of lists: it holds no place there)."""

    cards: tuple[Card, ...]
    crossings: tuple[tuple[Value, Value], ...]
    places: int


@dataclass(frozen=True)
class Crowd:
    """A pair of lists (by number from 1) that no crossing fact rules out, and the cards
    that outnumber their places under it."""

    row_list: int
    col_list: int
    why: TooMany


@dataclass(frozen=True)
class Bar:
    """Lines of one side whose list holds ``values`` (each at least as often) leave
    ``card`` no line across: each of its values is shown on too few cards for a line
    across, or is of an attribute the list holds another value of, or is shown with a
    value of the list on fewer cards than lines share that value."""

    values: Option
    card: Card

    def holds(self, option: Option) -> bool:
        """Whether a list holds the bar's values (and so is barred)."""
        return all(option.count(v) >= k for v, k in Counter(self.values).items())


@dataclass(frozen=True)
class ListCase:
    """One list of the side a proof lists (its rows, or its columns when those have the
    fewer lists), and why no list of the other side goes with it: the other side's lines
    can share only ``allowed`` values (each shown with every value of the list on enough
    cards, and of no attribute the list holds another value of), so either ``lonely``
    shows none of them, or the other side shares one of ``others``, each with a crowd
    (row values first in its crossings, as always)."""

    option: int
    allowed: tuple[Value, ...]
    lonely: Card | None
    others: tuple[Option, ...]
    crowds: tuple[TooMany, ...]


@dataclass(frozen=True)
class Proof:
    """A case analysis that no arrangement works: by pairs of lists (the row lists, the
    column lists, crossing facts and crowds), or, when one side has few lists, by the
    lists of that side alone (``cases``; the other side's lists are then left empty)."""

    rows: int
    cols: int
    row_options: tuple[Option, ...]
    col_options: tuple[Option, ...]
    facts: tuple[TooFew, ...]
    crowds: tuple[Crowd, ...]
    cards: tuple[Card, ...] = ()
    """The set proved impossible (its words name a large crowd by the cards it leaves out)."""
    cases: tuple[ListCase, ...] = ()
    """For a proof by one side's lists: a case for each list."""
    listed: str = ""
    """Which side a proof by lists takes list by list ("rows" or "columns"); "" for pairs."""
    row_bars: tuple[Bar, ...] = ()
    """Values no row list may hold; the row lists are those left."""
    col_bars: tuple[Bar, ...] = ()
    """Values no column list may hold (in a square, the row bars)."""

    @property
    def lines(self) -> tuple[str, ...]:
        """The proof in words, a step a line: the lists, each crossing fact, each crowd."""
        return _lines(self)

    @property
    def brief_lines(self) -> tuple[str, ...]:
        """The same steps for a page that prints :data:`RULES` once before its proofs
        (an answer key): the rules each proof would repeat are left to it."""
        return _brief_lines(self)

    @property
    def steps(self) -> int:
        """How long the proof is: the facts and crowds it takes, or the cases and their
        crowds (at least one step)."""
        if self.cases:
            return sum(max(1, len(case.crowds)) for case in self.cases)
        return max(1, len(self.facts) + len(self.crowds))


# -- finding a proof ------------------------------------------------------------------------


def impossibility_proof(cards: Sequence[Card], rows: int, cols: int) -> Proof:
    """The case analysis proving the set impossible; ValueError when it can be solved.

    Lists holding a few values that leave a card no place across are barred first
    (:meth:`_Sets.bars`); of the proof by pairs of the lists left and the proof by one
    side's lists (:func:`_by_lists`), the shorter as a key prints it is kept."""
    check_set(cards, rows, cols)
    sets = _Sets(cards)
    row_all = sets.options(rows, cols)
    col_all = row_all if rows == cols else sets.options(cols, rows)
    row_bars = sets.bars(row_all, rows)
    col_bars = row_bars if rows == cols else sets.bars(col_all, cols)
    row_options = _left_by(row_all, row_bars)
    col_options = _left_by(col_all, col_bars)
    value = sets.values
    barring = {
        "row_bars": tuple(Bar(tuple(value[v] for v in b), cards[c]) for b, c in row_bars),
        "col_bars": tuple(Bar(tuple(value[v] for v in b), cards[c]) for b, c in col_bars),
    }

    def barred(proof: Proof) -> Proof:
        return replace(proof, row_bars=barring["row_bars"], col_bars=barring["col_bars"])

    proofs = [barred(_by_pairs(sets, rows, cols, row_options, col_options))]
    if row_options and col_options and (rows != cols or rows == 3):
        # in squares of 4 and 5 the proof by lists was never the shorter (bench_proofs)
        proofs.append(barred(_by_lists(sets, rows, cols, row_options, col_options)))
    return min(proofs, key=lambda p: sum(map(len, p.brief_lines)))


def _left_by(
    options: Sequence[tuple[int, ...]], bars: Sequence[tuple[tuple[int, ...], int]]
) -> list[tuple[int, ...]]:
    """The lists (by value index) that hold no bar's values."""
    masks = [_unary(values) for values, _ in bars]
    return [o for o in options if not any(mask & ~_unary(o) == 0 for mask in masks)]


def _unary(values: Iterable[int]) -> int:
    """A multiset of value indexes as a bit mask, k copies of value v as k bits from bit
    8v, so that one multiset holds another exactly when its mask covers the other's.

    >>> _unary((1, 1)) & ~_unary((1, 2, 1)) == 0, _unary((1, 1)) & ~_unary((1, 2)) == 0
    (True, False)
    """
    mask = 0
    for v in values:
        mask |= 1 << (8 * v + ((mask >> 8 * v) & 0xFF).bit_length())
    return mask


def _by_lists(
    sets: _Sets,
    rows: int,
    cols: int,
    row_options: list[tuple[int, ...]],
    col_options: list[tuple[int, ...]],
) -> Proof:
    """The proof by the side with fewer lists: for each of its lists, the values the other
    side can share, and a card showing none of them or the other side's lists over them,
    each with a crowd."""
    listing_rows = len(row_options) <= len(col_options)
    listed, other = (row_options, col_options) if listing_rows else (col_options, row_options)
    each = rows if listing_rows else cols
    value, full = sets.values, sets.full
    cases = []
    for n, option in enumerate(listed, 1):
        counts = Counter(option)
        caps = {w: sets.cap(counts, w, each) for w in range(len(value))}
        allowed = [w for w, cap in caps.items() if cap]
        covered = 0
        for w in allowed:
            covered |= sets.shows[w]
        lonely = None
        others: list[tuple[int, ...]] = []
        crowds: list[TooMany] = []
        if covered != full:
            lonely = sets.cards[((full & ~covered) & -(full & ~covered)).bit_length() - 1]
        else:
            others = [o for o in other if all(k <= caps[w] for w, k in Counter(o).items())]
            found: dict[tuple[int, int], list[TooMany]] = {}
            for j, o in enumerate(others):
                pair = (counts, Counter(o)) if listing_rows else (Counter(o), counts)
                found[(0, j) if listing_rows else (j, 0)] = sets.too_many(*pair)
                if not found[(0, j) if listing_rows else (j, 0)]:
                    raise ValueError(
                        f"the set is solvable in {rows}x{cols}: it has no impossibility proof"
                    )
            mine = [tuple(value[v] for v in option)]
            theirs = [tuple(value[v] for v in o) for o in others]
            chosen = _fewest_crowds(sets.cards, found, *((mine, theirs) if listing_rows
                                                         else (theirs, mine)))  # fmt: skip
            by_other = {(c.col_list if listing_rows else c.row_list): c.why for c in chosen}
            crowds = [by_other[j + 1] for j in range(len(others))]
        cases.append(
            ListCase(n, tuple(value[w] for w in allowed), lonely,
                     tuple(tuple(value[w] for w in o) for o in others), tuple(crowds))
        )  # fmt: skip
    named = tuple(tuple(value[v] for v in o) for o in listed)
    return Proof(
        rows, cols, named if listing_rows else (), () if listing_rows else named,
        (), (), tuple(sets.cards), tuple(cases), "rows" if listing_rows else "columns",
    )  # fmt: skip


def _by_pairs(
    sets: _Sets,
    rows: int,
    cols: int,
    row_options: list[tuple[int, ...]],
    col_options: list[tuple[int, ...]],
) -> Proof:
    """The proof by pairs of lists: crossing facts, then a crowd for each pair left."""
    cards = sets.cards
    row_counts = [Counter(o) for o in row_options]
    col_counts = [Counter(o) for o in col_options]
    facts, standing = sets.cover(row_counts, col_counts, rows == cols)
    value = sets.values
    pairs = sorted(standing)
    found: dict[tuple[int, int], list[TooMany]] = {}
    for i, j in pairs:
        found[i, j] = sets.too_many(row_counts[i], col_counts[j])
        if not found[i, j]:
            raise ValueError(f"the set is solvable in {rows}x{cols}: it has no impossibility proof")
    crowds = _fewest_crowds(
        cards, found, [tuple(value[v] for v in o) for o in row_options],
        [tuple(value[v] for v in o) for o in col_options],
    )  # fmt: skip
    return Proof(
        rows,
        cols,
        tuple(tuple(value[v] for v in o) for o in row_options),
        tuple(tuple(value[v] for v in o) for o in col_options),
        tuple(TooFew(value[v], kv, value[w], kw, n) for v, kv, w, kw, n in facts),
        tuple(crowds),
        tuple(cards),
    )


def _fewest_crowds(
    cards: Sequence[Card],
    found: dict[tuple[int, int], list[TooMany]],
    row_options: Sequence[Option],
    col_options: Sequence[Option],
) -> tuple[Crowd, ...]:
    """A crowd for each pair of lists left, chosen so that few crowds serve them all (the
    words tell a crowd once for all its pairs). A crowd is a group of cards found too many
    for some pair; it serves every pair where the crossings its cards fit hold fewer
    places than it has cards, and is told with the crossings it fits in any of them and
    the most places they hold. Greedily, the group serving the most pairs still open
    comes first, the one with fewer cards first."""
    index = {card: i for i, card in enumerate(cards)}
    order = {v: k for k, v in enumerate(v for a in cards[0].deck.attributes for v in a.values)}
    bits = {v: 0 for option in (*row_options, *col_options) for v in option}
    for card, i in index.items():
        for v in card.shown:
            if v in bits:
                bits[v] |= 1 << i
    crossings = {
        pair: [
            ((v, w), bits[v] & bits[w],
             row_options[pair[0]].count(v) * col_options[pair[1]].count(w))
            for v in dict.fromkeys(row_options[pair[0]])
            for w in dict.fromkeys(col_options[pair[1]])
        ]
        for pair in found
    }  # fmt: skip

    def fitted(mask: int, pair: tuple[int, int]) -> tuple[set[tuple[Value, Value]], int]:
        """The crossings of ``pair`` some card of ``mask`` fits, and their places."""
        named = {at for at, shown, _ in crossings[pair] if shown & mask}
        return named, sum(places for at, _, places in crossings[pair] if at in named)

    groups = list(dict.fromkeys(frozenset(why.cards) for whys in found.values() for why in whys))
    masks = {g: sum(1 << index[c] for c in g) for g in groups}
    serves = {g: {pair for pair in found if fitted(masks[g], pair)[1] < len(g)} for g in groups}
    open_pairs = set(found)
    crowds: list[Crowd] = []
    while open_pairs:
        group = max(groups, key=lambda g: (len(serves[g] & open_pairs), -len(g)))
        pairs = serves[group] & open_pairs
        named: set[tuple[Value, Value]] = set()
        for pair in pairs:
            named |= fitted(masks[group], pair)[0]
        while True:  # the crossings named for all its pairs may hold too many places in one
            held = {pair: _places(named, crossings[pair]) for pair in pairs}
            kept = {pair for pair in pairs if held[pair] < len(group)}
            if kept == pairs:
                break
            pairs, named = kept, set()
            for pair in pairs:
                named |= fitted(masks[group], pair)[0]
        if not pairs:  # never: a group always serves the pair it was found for
            raise AssertionError("a crowd serves no pair of lists")
        why = TooMany(
            tuple(c for c in cards if c in group),
            tuple(sorted(named, key=lambda at: (order[at[0]], order[at[1]]))),
            max(held.values()),
        )
        crowds += [Crowd(i + 1, j + 1, why) for i, j in pairs]
        open_pairs -= pairs
    return tuple(sorted(crowds, key=lambda c: (c.row_list, c.col_list)))


def _places(
    named: set[tuple[Value, Value]], crossings: Sequence[tuple[tuple[Value, Value], int, int]]
) -> int:
    return sum(places for at, _, places in crossings if at in named)


_Fact = tuple[int, int, int, int, int]
"""A crossing fact by value index: (row value, rows, column value, columns, cards)."""


class _Sets:
    """The set's cards as bit sets by value index (bit i: the i-th card shows it), for
    finding a proof quickly; the proof itself names values and cards."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = cards
        self.values = [v for attribute in cards[0].deck.attributes for v in attribute.values]
        index = {v: k for k, v in enumerate(self.values)}
        self.shows = [0] * len(self.values)
        for i, card in enumerate(cards):
            for v in card.shown:
                self.shows[index[v]] |= 1 << i
        self.full = (1 << len(cards)) - 1
        self.counts = [bits.bit_count() for bits in self.shows]
        self.both = [[(a & b).bit_count() for b in self.shows] for a in self.shows]
        self.attribute = [v.attribute for v in self.values]

    def clash(self, v: int, w: int) -> bool:
        """Two values of one attribute (green and red): no card shows both."""
        return v != w and self.values[v].attribute == self.values[w].attribute

    def cap(self, listed: Counter[int], w: int, length: int) -> int:
        """How many lines of ``length`` cards can share value ``w`` when the lines across
        them share ``listed``: no value of w's attribute but w in the list, and k lines
        sharing v crossing m lines sharing w need k x m cards showing both."""
        most = self.counts[w] // length
        both = self.both[w]
        for v, k in listed.items():
            if v != w and self.attribute[v] == self.attribute[w]:
                return 0
            most = min(most, both[v] // k)
        return most

    def bars(
        self, options: Sequence[tuple[int, ...]], across: int
    ) -> list[tuple[tuple[int, ...], int]]:
        """Few values (up to three) that leave a card no line across (of ``across``
        cards) when a list holds them, each with that card, chosen greedily while each
        bars at least two of ``options`` not barred yet (fewer words than listing them)."""
        usable = sorted({v for option in options for v in option})
        held = [_unary(option) for option in options]
        found: list[tuple[tuple[int, ...], int]] = []
        smaller: list[int] = []  # the bars found, as :func:`_unary` masks
        barred: list[set[int]] = []  # the options each bar found holds
        for size in (1, 2, 3):
            for values in combinations_with_replacement(usable, size):
                mask = _unary(values)
                if any(not bar & ~mask for bar in smaller):
                    continue  # a smaller bar already holds
                counts = Counter(values)
                covered = 0
                for w in range(len(self.values)):
                    if self.cap(counts, w, across):
                        covered |= self.shows[w]
                if covered != self.full:
                    left = self.full & ~covered
                    found.append((values, (left & -left).bit_length() - 1))
                    smaller.append(mask)
                    barred.append({i for i, h in enumerate(held) if not mask & ~h})
        chosen: list[tuple[tuple[int, ...], int]] = []
        open_options = set(range(len(options)))
        while found:
            best = max(range(len(found)), key=lambda b: len(barred[b] & open_options))
            if len(barred[best] & open_options) < 2:
                break
            chosen.append(found[best])
            open_options -= barred[best]
            del found[best], barred[best]
        return chosen

    def options(self, lines: int, length: int) -> list[tuple[int, ...]]:
        """Every multiset of ``lines`` value indices with which the cards split into lines
        of ``length``, each line's cards showing its value (Hall's condition)."""
        usable = [v for v, bits in enumerate(self.shows) if bits.bit_count() >= length]
        found = []
        for option in combinations_with_replacement(usable, lines):
            counts = Counter(option)
            if any(self.shows[v].bit_count() < k * length for v, k in counts.items()):
                continue
            covered = 0
            for v in counts:
                covered |= self.shows[v]
            if covered != self.full:
                continue
            distinct = list(counts)
            if all(
                self._only(distinct, mask)
                <= length * sum(counts[v] for b, v in enumerate(distinct) if mask >> b & 1)
                for mask in range(1, (1 << len(distinct)) - 1)
            ):
                found.append(option)
        return found

    def _only(self, distinct: Sequence[int], mask: int) -> int:
        """Cards showing none of the values outside ``mask``."""
        outside = 0
        for b, v in enumerate(distinct):
            if not mask >> b & 1:
                outside |= self.shows[v]
        return (self.full & ~outside).bit_count()

    def cover(
        self,
        row_counts: Sequence[Counter[int]],
        col_counts: Sequence[Counter[int]],
        square: bool,
    ) -> tuple[list[_Fact], set[tuple[int, int]]]:
        """Crossing facts ruling out as many pairs of lists as they can, chosen greedily
        (each time the one ruling out the most pairs still standing), and the pairs left.
        In a square grid a fact holds with rows and columns swapped too, and only pairs
        (i, j) with i <= j are left: (j, i) is the same grid turned over."""
        candidates: list[tuple[_Fact, int, int]] = []  # fact, its row lists, its column lists
        for v in range(len(self.values)):
            most_v = max((c[v] for c in row_counts), default=0)
            for w in range(len(self.values)):
                if self.clash(v, w):
                    continue  # the rule every proof states first
                most_w = max((c[w] for c in col_counts), default=0)
                both = (self.shows[v] & self.shows[w]).bit_count()
                for kv in range(1, most_v + 1):
                    kw = both // kv + 1  # the fewest columns needing more cards than show both
                    if kw > most_w or (square and (w, kw) < (v, kv)):
                        continue  # (a square's mirror fact is the same fact)
                    rows_in = sum(1 << i for i, c in enumerate(row_counts) if c[v] >= kv)
                    cols_in = sum(1 << j for j, c in enumerate(col_counts) if c[w] >= kw)
                    candidates.append(((v, kv, w, kw, both), rows_in, cols_in))
        attributes: dict[str, int] = {}  # each attribute's values as a bit mask
        for v, value in enumerate(self.values):
            attributes[value.attribute] = attributes.get(value.attribute, 0) | 1 << v

        def used(counts: Counter[int]) -> int:
            return sum(1 << v for v in counts)

        def clashes(row: int, col: int) -> bool:
            """Whether a row value and a column value are two values of one attribute."""
            for mask in attributes.values():
                r, c = row & mask, col & mask
                if r and c and (r | c).bit_count() > 1:
                    return True
            return False

        col_used = [used(c) for c in col_counts]
        standing = [
            sum(1 << j for j, c in enumerate(col_used) if not clashes(r, c))
            for r in map(used, row_counts)
        ]
        chosen: list[_Fact] = []
        while candidates:

            def after(item: tuple[_Fact, int, int], standing: list[int] = standing) -> list[int]:
                _, rows_in, cols_in = item
                left = [s & ~cols_in if rows_in >> i & 1 else s for i, s in enumerate(standing)]
                if square:  # the mirror: rows from cols_in with columns from rows_in
                    left = [s & ~rows_in if cols_in >> i & 1 else s for i, s in enumerate(left)]
                return left

            def ruled(item: tuple[_Fact, int, int], standing: list[int] = standing) -> int:
                return sum(s.bit_count() for s in standing) - sum(
                    s.bit_count() for s in after(item)
                )

            best = max(candidates, key=ruled)
            if ruled(best) == 0:
                break
            chosen.append(best[0])
            candidates.remove(best)
            standing = after(best)
        left_over = {
            (i, j)
            for i, left in enumerate(standing)
            for j in range(len(col_counts))
            if left >> j & 1 and not (square and j < i)
        }
        return chosen, left_over

    def too_many(self, rows: Counter[int], cols: Counter[int]) -> list[TooMany]:
        """When the cards cannot go to the crossings, groups of them too large for the
        only crossings they fit (what the failed search for a card visited), one for each
        of a few orders of placing the cards; none when the cards can go."""
        slots = [((v, w), kv * kw) for v, kv in rows.items() for w, kw in cols.items()]
        masks = [self.shows[v] & self.shows[w] for (v, w), _ in slots]
        n = len(self.cards)
        found = []
        for order in (range(n), range(n - 1, -1, -1), *(_ORDERS.get(n, ()))):
            placing = _Placing(n, masks, [places for _, places in slots], order)
            if placing.done:
                return []
            crowd = tuple(self.cards[i] for i in sorted(set(placing.crowd)))
            visited = sorted(placing.visited)
            value = self.values
            crossings = tuple((value[slots[t][0][0]], value[slots[t][0][1]]) for t in visited)
            found.append(TooMany(crowd, crossings, sum(slots[t][1] for t in visited)))
        return found


_ORDERS = {
    n: [random.Random(n * 100 + k).sample(range(n), n) for k in range(4)] for n in range(9, 26)
}
"""Fixed shuffled orders of placing a set's cards, so a proof finds several crowds (and
the same ones every time)."""


class _Placing:
    """Cards sent to slots (card i fits slot t when bit i of ``masks[t]`` is set), no
    slot over its places, by augmenting paths. When a card cannot be placed, the slots
    its search visited are all full of cards that fit nowhere else among them:
    :attr:`crowd` and :attr:`visited`."""

    def __init__(
        self, n: int, masks: Sequence[int], places: Sequence[int], order: Iterable[int]
    ) -> None:
        self.places = places
        self.fits = [[t for t, m in enumerate(masks) if m >> i & 1] for i in range(n)]
        self.owners: list[list[int]] = [[] for _ in masks]
        self.visited: set[int] = set()
        self.crowd: list[int] = []
        self.done = all(self._place(i) for i in order)

    def _place(self, i: int) -> bool:
        self.visited, self.crowd = set(), [i]
        return self._augment(i)

    def _augment(self, i: int) -> bool:
        for t in self.fits[i]:
            if t in self.visited:
                continue
            self.visited.add(t)
            if len(self.owners[t]) < self.places[t]:
                self.owners[t].append(i)
                return True
            for j in list(self.owners[t]):
                self.crowd.append(j)
                if self._augment(j):  # j moved on to another slot: i takes its place
                    self.owners[t].remove(j)
                    self.owners[t].append(i)
                    return True
        return False


# -- checking a proof, independently ------------------------------------------------------


class ProofError(ValueError):
    """A proof that does not hold; the message names the step."""


def check_proof(cards: Sequence[Card], rows: int, cols: int, proof: Proof) -> None:
    """Re-check every step of ``proof`` by counting, without the solver or the builder's
    helpers: the lists by brute force over every value list, each fact's cards, each
    crowd's crossings and places, that no pair of lists is left standing, and that the
    words say all they claim (:func:`check_words`). Raises
    :class:`ProofError` naming the first step that fails."""
    if (proof.rows, proof.cols) != (rows, cols):
        raise ProofError(f"the proof is for {proof.rows}x{proof.cols}, not {rows}x{cols}")
    if rows == cols and proof.col_bars != proof.row_bars:
        raise ProofError("a square's column bars are not its row bars")
    for bar in proof.row_bars:
        _check_bar(cards, bar, rows, "row")
    for bar in proof.col_bars:
        _check_bar(cards, bar, cols, "column")
    if proof.cases:
        _check_cases(cards, rows, cols, proof)
        check_words(proof.lines)
        return
    if list(proof.row_options) != _options_left(cards, rows, cols, proof.row_bars):
        raise ProofError("the row lists are not exactly those the counts allow")
    if list(proof.col_options) != _options_left(cards, cols, rows, proof.col_bars):
        raise ProofError("the column lists are not exactly those the counts allow")
    for fact in proof.facts:
        both = sum(1 for c in cards if fact.row in c.shown and fact.col in c.shown)
        if not (both == fact.cards < fact.row_lines * fact.col_lines):
            raise ProofError(
                f"{fact.row.name} and {fact.col.name}: {both} cards show both, which fill "
                f"{fact.row_lines} x {fact.col_lines} places"
            )
    crowded = {(c.row_list, c.col_list): c.why for c in proof.crowds}
    for i, row_option in enumerate(proof.row_options, 1):
        for j, col_option in enumerate(proof.col_options, 1):
            if _ruled(proof, row_option, col_option):
                continue
            if (i, j) in crowded:
                _check_crowd(cards, row_option, col_option, crowded[i, j], f"lists {i} and {j}")
            elif rows == cols and (j, i) in crowded:  # the same grid, turned over
                _check_crowd(cards, col_option, row_option, crowded[j, i], f"lists {j} and {i}")
            else:
                raise ProofError(f"row list {i} with column list {j} is not ruled out")
    check_words(proof.lines)


def _check_bar(cards: Sequence[Card], bar: Bar, across: int, side: str) -> None:
    """That a list holding the bar's values leaves its card no line across (of ``across``
    cards): each value the card shows is ruled out for a line across."""
    for w in bar.card.shown:
        if sum(1 for c in cards if w in c.shown) < across:
            continue  # no line across can share it at all
        if any(v != w and v.attribute == w.attribute for v in bar.values):
            continue
        both = {v: sum(1 for c in cards if v in c.shown and w in c.shown) for v in bar.values}
        if any(both[v] < bar.values.count(v) for v in bar.values):
            continue
        raise ProofError(
            f"a {side} list holding {_symbols(bar.values)} leaves {bar.card} a line sharing "
            f"{w.symbol}"
        )


def _options_left(
    cards: Sequence[Card], lines: int, length: int, bars: Sequence[Bar]
) -> list[Option]:
    """The lists the counts allow (by brute force) that hold no bar's values."""
    return [o for o in _all_options(cards, lines, length) if not any(b.holds(o) for b in bars)]


def _check_cases(cards: Sequence[Card], rows: int, cols: int, proof: Proof) -> None:
    """Re-check a proof by one side's lists: the lists by brute force, and for each, the
    values the other side can share, the card showing none of them or the other side's
    lists over them (by brute force again) and a crowd for each."""
    listing_rows = proof.listed == "rows"
    listed = proof.row_options if listing_rows else proof.col_options
    side, other_side = ("row", "column") if listing_rows else ("column", "row")
    lines, length = (rows, cols) if listing_rows else (cols, rows)
    bars, other_bars = (
        (proof.row_bars, proof.col_bars) if listing_rows else (proof.col_bars, proof.row_bars)
    )
    if list(listed) != _options_left(cards, lines, length, bars):
        raise ProofError(f"the {side} lists are not exactly those the counts allow")
    if [case.option for case in proof.cases] != list(range(1, len(listed) + 1)):
        raise ProofError(f"the cases are not one for each {side} list, in order")
    every_other = _options_left(cards, length, lines, other_bars)
    values = [v for attribute in cards[0].deck.attributes for v in attribute.values]

    def both(v: Value, w: Value) -> int:
        return sum(1 for c in cards if v in c.shown and w in c.shown)

    for case, option in zip(proof.cases, listed, strict=True):
        where = f"{side} list {case.option}"
        allowed = [
            w for w in values
            if sum(1 for c in cards if w in c.shown) >= lines  # the other side's length
            and all(v == w or v.attribute != w.attribute for v in option)
            and all(both(v, w) >= option.count(v) for v in option)
        ]  # fmt: skip
        if list(case.allowed) != allowed:
            raise ProofError(f"{where}: the {other_side} values allowed are not {allowed}")
        if case.lonely is not None:
            if case.others or any(w in case.lonely.shown for w in allowed):
                raise ProofError(f"{where}: {case.lonely} shows a value allowed")
            continue
        others = [
            o for o in every_other
            if all(o.count(w) * option.count(v) <= both(v, w) for v in option for w in o)
            and all(w in allowed for w in o)
        ]  # fmt: skip
        if list(case.others) != others or len(case.crowds) != len(others):
            raise ProofError(f"{where}: the {other_side} lists left are not exactly those")
        for o, why in zip(others, case.crowds, strict=True):
            pair = (option, o) if listing_rows else (o, option)
            _check_crowd(cards, *pair, why, f"{where} with {_symbols(o)}")


def check_words(lines: Sequence[str]) -> None:
    """Check that the proof's words say all they claim: no step is empty, and a step that
    announces what follows (it ends in a colon) is followed by at least one step it
    announces, not by another announcement nor by the conclusion ("That ...")."""
    for n, line in enumerate(lines, 1):
        if not line.strip():
            raise ProofError(f"step {n} is empty")
        if line.endswith(":"):
            after = lines[n] if n < len(lines) else ""
            if not after.strip() or after.endswith(":") or after.startswith("That "):
                raise ProofError(f"step {n} announces steps that do not follow: {line!r}")


def _ruled(proof: Proof, rows: Option, cols: Option) -> bool:
    """Whether the rule of one value an attribute or a crossing fact rules the pair out
    (in a square grid, either way round)."""
    if any(v != w and v.attribute == w.attribute for v in rows for w in cols):
        return True
    for f in proof.facts:
        if rows.count(f.row) >= f.row_lines and cols.count(f.col) >= f.col_lines:
            return True
        square = proof.rows == proof.cols
        if square and cols.count(f.row) >= f.row_lines and rows.count(f.col) >= f.col_lines:
            return True
    return False


def _check_crowd(
    cards: Sequence[Card], rows: Option, cols: Option, why: TooMany, where: str
) -> None:
    crossings = {(v, w) for v in rows for w in cols}
    for card in why.cards:
        fits = {(v, w) for v, w in crossings if v in card.shown and w in card.shown}
        if not fits <= set(why.crossings):
            raise ProofError(f"{where}: {card} fits a crossing not named")
    places = sum(rows.count(v) * cols.count(w) for v, w in set(why.crossings))
    if not (places <= why.places < len(set(why.cards))):
        raise ProofError(f"{where}: the cards do not outnumber their places")


def _all_options(cards: Sequence[Card], lines: int, length: int) -> list[Option]:
    """Brute force: every value list that passes the counts and lets the cards split.

    The values are worked on by their place in the deck's list of values (a value's own
    hash is Python code, and the brute force asks millions of times)."""
    attributes = cards[0].deck.attributes
    values = [v for attribute in attributes for v in attribute.values]
    offsets = [sum(len(a.values) for a in attributes[:k]) for k in range(len(attributes))]
    shown = [frozenset(o + x for o, x in zip(offsets, c.values, strict=False)) for c in cards]
    showing = [sum(1 for s in shown if v in s) for v in range(len(values))]
    places = [v for v in range(len(values)) if showing[v] >= length]
    found = []
    for option in combinations_with_replacement(places, lines):
        if any(showing[v] < option.count(v) * length for v in option):
            continue
        if any(s.isdisjoint(option) for s in shown):
            continue
        if _can_split(shown, option, length):
            found.append(tuple(values[v] for v in option))
    return found


def _can_split(shown: Sequence[frozenset[int]], option: tuple[int, ...], length: int) -> bool:
    """Hall's condition over the option's values: every group of values can take all the
    cards that show no other value of the option (``shown``: each card's values)."""
    distinct = sorted(set(option), key=option.index)
    for mask in range(1, 1 << len(distinct)):
        group = {v for i, v in enumerate(distinct) if mask >> i & 1}
        others = set(distinct) - group
        only = sum(1 for s in shown if others.isdisjoint(s))
        if only > sum(option.count(v) for v in group) * length:
            return False
    return True


# -- words ---------------------------------------------------------------------------------


def _names(option: Sequence[Value]) -> str:
    return ", ".join(v.name for v in option)


def _symbols(option: Sequence[Value]) -> str:
    """A list of values as written on the cards: ``G G R z``."""
    return " ".join(v.symbol for v in option)


def _numbered(options: Sequence[Option]) -> str:
    """Lists numbered from 1; lists in a row that differ only in their last value share
    one entry, the last values given in turn: ``(5-7) B G R b w/=/~`` is (5) B G R b w,
    (6) B G R b = and (7) B G R b ~.

    >>> from printables.cards import FOUR_D
    >>> v = {value.symbol: value for a in FOUR_D.attributes for value in a.values}
    >>> print(_numbered([tuple(v[s] for s in o.split()) for o in ("B G w", "B G =", "B R w")]))
    (1-2) B G w/=; (3) B R w
    """
    return "; ".join(
        f"({first}{'' if last == first else f'-{last}'}) "
        + " ".join([*(v.symbol for v in head), "/".join(v.symbol for v in tails)])
        for first, last, head, tails in _ranges(options)
    )


def _ranges(options: Sequence[Option]) -> list[tuple[int, int, Option, list[Value]]]:
    """The lists' entries as :func:`_numbered` writes them: (first number, last number,
    the values they share, the last values in turn)."""
    entries: list[tuple[int, int, Option, list[Value]]] = []
    for n, option in enumerate(options, 1):
        head, tail = option[:-1], option[-1]
        if entries and entries[-1][2] == head:
            first, _, _, tails = entries[-1]
            entries[-1] = (first, n, head, [*tails, tail])
        else:
            entries.append((n, n, head, [tail]))
    return entries


RULES = (
    "How the proofs go. Each row shares a value that all its cards show, and so does each "
    "column. A row of n cards needs a value that at least n cards show, k rows sharing a "
    "value need k x n cards showing it, and every card needs a row whose value it shows: so "
    "the rows can share only a few lists of values (numbered; values as on the cards), and "
    "the columns likewise. A row and a column cross at a card showing both their values: "
    "so they never share two colors, two shades, two patterns or two shapes, and k rows "
    "sharing one value and m columns sharing another cross in k x m places, each needing "
    "a card that shows both. So a card fits no column when each of its values is shown on "
    "too few cards, of an attribute the rows hold another value of, or shown with a row's "
    'value on too few cards: "No row list holds g C (Rb~T would fit no column)" bars every '
    'row list holding g and C, and "(1, 4): GbzS fits no column" rules out lists 1 and 4. '
    "A proof then takes one side's lists in turn, saying what the other side can share "
    "with each, or rules out pairs of lists (row list x column list) by these counts; for "
    "what is left it names cards that outnumber the only places they fit. In a square, each "
    "pair holds the other way round too (the grid turned over). (1-3) ... w/=/~ is three "
    'lists, ending in w, = and ~; "1: ~ T (1 x 2)" says only 1 card shows ~ and T, so a '
    "row sharing ~ never crosses 2 columns sharing T; (1, 2) x (3) is 1 x 3 and 2 x 3; "
    "B/G x T is a row sharing B or G crossing a column sharing T."
)
"""What every proof's first steps say, for a page that prints it once before its proofs
(with :attr:`Proof.brief_lines`)."""


def _case_lines(proof: Proof) -> list[str]:
    """A proof by lists, after its lists: the lists where a card has no place across,
    a line for each such card, then a line for each other list."""
    other = "column" if proof.listed == "rows" else "row"
    options = proof.row_options if proof.listed == "rows" else proof.col_options
    lonely: dict[Card, list[int]] = {}
    for case in proof.cases:
        if case.lonely is not None:
            lonely.setdefault(case.lonely, []).append(case.option)
    lines = [f"{_numbers_text(numbers)}: {card} fits no {other}."
             for card, numbers in lonely.items()]  # fmt: skip
    for case in proof.cases:
        if case.lonely is not None:
            continue
        head = f"({case.option}) {_symbols(options[case.option - 1])}: a {other} can share only "
        head += " ".join(v.symbol for v in case.allowed) if case.allowed else "no value"
        if not case.others:
            lines.append(f"{head}, and no list of them passes the counts.")
            continue
        groups: dict[TooMany, list[Option]] = {}
        for o, why in zip(case.others, case.crowds, strict=True):
            groups.setdefault(why, []).append(o)
        told = [f"With {other}s sharing {or_list([_symbols(o) for o in others])}: "
                f"{_crowd_text(why, proof.cards)}" for why, others in groups.items()]  # fmt: skip
        lines.append(f"{head}. {' '.join(told)}")
    return lines


def _numbers_text(numbers: Sequence[int]) -> str:
    """List numbers, runs as ranges: ``(1, 4, 7-9)``.

    >>> _numbers_text([1, 4, 7, 8, 9])
    '(1, 4, 7-9)'
    """
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return "(" + ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r))
                           for r in runs) + ")"  # fmt: skip


def _brief_lines(proof: Proof) -> tuple[str, ...]:
    """The proof's steps, for a page that says :data:`RULES` once before its proofs."""
    rows, cols = proof.rows, proof.cols
    if _trivial(proof):
        return (
            f"No list of values for the rows passes the counts: a row of {cols} cards shares "
            f"a value that at least {cols} cards show, and every card needs a row whose "
            "value it shows.",
        )
    lines = _bar_lines(proof)
    if proof.cases:
        side = "Row" if proof.listed == "rows" else "Column"
        options = proof.row_options if proof.listed == "rows" else proof.col_options
        bars = proof.row_bars if proof.listed == "rows" else proof.col_bars
        return (*lines, f"{side} lists{_left(bars)}: {_numbered(options)}.",
                *_case_lines(proof))  # fmt: skip
    lines.append(f"Row lists{_left(proof.row_bars)}: {_numbered(proof.row_options) or 'none'}.")
    if proof.row_options:
        lines.append("Column lists: the same." if rows == cols
                     else f"Column lists{_left(proof.col_bars)}: "
                     f"{_numbered(proof.col_options) or 'none'}.")  # fmt: skip
    if not (proof.row_options and proof.col_options):
        lines.append("No arrangement works.")
        return tuple(lines)
    if proof.facts:
        lines.append(f"Too few cards show both: {_facts_text(proof.facts)}.")
    if proof.crowds:
        lines.append(
            ("Pairs left" if proof.facts else "Pairs not ruled out by two colors, shades, "
             "patterns or shapes") + f"{_crowd_notes(proof.crowds, rows == cols)}:"
        )  # fmt: skip
        lines += _crowd_texts(proof.crowds, proof.cards)
    elif proof.facts:
        lines.append("That rules out every pair of lists: no arrangement works.")
    else:
        lines.append(
            "Every pair of lists has a row value and a column value that are two colors, two "
            "shades, two patterns or two shapes. No arrangement works."
        )
    return tuple(lines)


def _trivial(proof: Proof) -> bool:
    """Whether no list for the rows passes the counts at all (nothing barred)."""
    return not (proof.cases or proof.row_options or proof.row_bars)


def _left(bars: Sequence[Bar]) -> str:
    """After a side's bars, its lists are those left."""
    return " left" if bars else ""


def _bar_lines(proof: Proof) -> list[str]:
    """The values no list may hold: ``No row list holds ~ (Rg=S would fit no column), S
    (Rb~T).``"""
    lines = []
    square = proof.rows == proof.cols
    for side, other, bars in (("row", "column", proof.row_bars), ("column", "row", proof.col_bars)):
        if not bars:
            continue
        if square and side == "column":
            lines.append("No column list holds them either (the grid turned over).")
            continue
        first, *more = bars
        told = [f"{_symbols(first.values)} ({first.card} would fit no {other})",
                *(f"{_symbols(b.values)} ({b.card})" for b in more)]  # fmt: skip
        lines.append(f"No {side} list holds {or_list(told)}.")
    return lines


def _intro(proof: Proof) -> str:
    """What a proof's steps rest on, said before them when no page says :data:`RULES`:
    the rules every proof uses, then how the notations it uses read."""
    rows, cols = proof.rows, proof.cols
    told = [
        f"Each row shares a value all its {cols} cards show, and each column one all its "
        f"{rows} cards show; k lines sharing a value need k times their length of cards "
        "showing it, and every card needs a row and a column whose values it shows: so each "
        "side can share only a few lists of values (numbered; values as on the cards). A row "
        "and a column cross at a card showing both their values, so they never share two "
        "colors, two shades, two patterns or two shapes, and k rows sharing v and m columns "
        "sharing w cross in k x m places, each needing a card that shows v and w."
    ]
    if proof.row_bars or proof.col_bars:
        told.append(
            "A list holding the values of a bar leaves the card named no line across: each of "
            "its values is shown on too few cards, of an attribute the list holds another "
            "value of, or shown with a value of the list on too few cards."
        )
    if any(first < last for o in (proof.row_options, proof.col_options)
           for first, last, _, _ in _ranges(o)):  # fmt: skip
        told.append("(1-3) ... w/=/~ is three lists, ending in w, = and ~.")
    if proof.cases:
        other = "column" if proof.listed == "rows" else "row"
        told.append(
            f'Each list in turn says what a {other} can share with it; "(1, 4): GbzS fits no '
            f'{other}" holds for list 1 and for list 4 as a bar does; B/G x T is a row '
            "sharing B or G crossing a column sharing T."
        )
    if proof.facts:
        told.append(
            '"1: ~ T (1 x 2)" says only 1 card shows ~ and T, so a row sharing ~ never '
            "crosses 2 columns sharing T" + ("; rows and columns alike." if rows == cols else ".")
        )
    return " ".join(told)


def _lines(proof: Proof) -> tuple[str, ...]:
    """The proof in full: what it rests on, then its steps."""
    brief = _brief_lines(proof)
    if _trivial(proof):
        return brief
    return (_intro(proof), *brief)


def _facts_text(facts: Sequence[TooFew]) -> str:
    """The crossing facts in few words, by how many cards show both values and then by
    how many rows and columns cannot cross: ``0: G z (1 x 1); 1: ~ T, w S (1 x 2), b ~
    (2 x 1)`` says that no card shows G and z, so a row sharing G never crosses a column
    sharing z, and that 1 card shows ~ and T, so a row sharing ~ never crosses 2 columns
    sharing T."""
    groups: dict[int, dict[tuple[int, int], list[str]]] = {}
    for f in facts:
        shapes = groups.setdefault(f.cards, {})
        shapes.setdefault((f.row_lines, f.col_lines), []).append(f"{f.row.symbol} {f.col.symbol}")
    return "; ".join(
        f"{cards}: "
        + ", ".join(f"{', '.join(pairs)} ({k} x {m})" for (k, m), pairs in shapes.items())
        for cards, shapes in sorted(groups.items())
    )


def _pairs_of(crowds: Sequence[Crowd]) -> dict[TooMany, list[tuple[int, int]]]:
    """Each crowd of cards (the same cards, crossings and places) and the pairs of lists
    where it outnumbers its places."""
    pairs: dict[TooMany, list[tuple[int, int]]] = {}
    for crowd in crowds:
        pairs.setdefault(crowd.why, []).append((crowd.row_list, crowd.col_list))
    return pairs


def _crowd_texts(crowds: Sequence[Crowd], cards: Sequence[Card] = ()) -> list[str]:
    """A line for each crowd of cards, naming every pair of lists where it outnumbers its
    places: ``(1, 2) x (4): Rb=T, Rb~T fit only at R x T: 2 cards, 1 place.`` A crowd of
    more than half the set's ``cards`` is named by the cards it leaves out: ``every card
    but Gw~C, Rw~C``."""
    return [f"{_pairs_text(where)}: {_crowd_text(why, cards)}"
            for why, where in _pairs_of(crowds).items()]  # fmt: skip


def _crowd_text(why: TooMany, cards: Sequence[Card]) -> str:
    """``Rb=T, Rb~T fit only at R x T: 2 cards, 1 place.``"""
    places = f"{why.places} place{'s' if why.places != 1 else ''}"
    return (f"{_cards_text(why.cards, cards)} fit only at {_crossings_text(why.crossings)}: "
            f"{len(why.cards)} cards, {places}.")  # fmt: skip


def _cards_text(crowd: Sequence[Card], cards: Sequence[Card]) -> str:
    """The cards of a crowd, or, when it holds more than half the set, the set's cards
    it leaves out."""
    if len(crowd) * 2 <= len(cards):
        return ", ".join(str(c) for c in crowd)
    inside = set(crowd)
    left_out = [str(c) for c in cards if c not in inside]
    return f"every card but {', '.join(left_out)}" if left_out else "every card"


def _crowd_notes(crowds: Sequence[Crowd], square: bool) -> str:
    """What the crowds' lines need said once before them: that a square's pair holds
    turned over too, and how grouped pairs and crossings read, when they are used."""
    notes = ["each also the other way round"] if square else []
    pairs = _pairs_of(crowds)
    if any(_widened(where) for where in pairs.values()):
        notes.append("(1, 2) x (3) is 1 x 3 and 2 x 3")
    notes.append("B/G x T is a row sharing B or G crossing a column sharing T")
    return f" ({'; '.join(notes)})"


def _grouped(pairs: Sequence[tuple[T, T]]) -> list[tuple[list[T], list[T]]]:
    """Pairs (row thing, column thing) as groups of rows that go with the same columns:
    ``(1, 24), (1, 26), (2, 24), (3, 24)`` is ``[1] x [24, 26]`` and ``[2, 3] x [24]``.

    >>> _grouped([(1, 24), (1, 26), (2, 24), (3, 24)])
    [([1], [24, 26]), ([2, 3], [24])]
    """
    columns: dict[T, list[T]] = {}
    for row, col in pairs:
        columns.setdefault(row, []).append(col)
    groups: dict[tuple[T, ...], list[T]] = {}
    for row, cols in columns.items():
        groups.setdefault(tuple(cols), []).append(row)
    return [(rows, list(cols)) for cols, rows in groups.items()]


def _widened(pairs: Sequence[tuple[T, T]]) -> bool:
    """Whether :func:`_grouped` writes some rows or columns of ``pairs`` together."""
    return any(len(rows) > 1 or len(cols) > 1 for rows, cols in _grouped(pairs))


def _pairs_text(pairs: Sequence[tuple[int, int]]) -> str:
    """Pairs of lists by number, the row lists that go with the same column lists grouped:
    ``(1) x (24, 26), (2, 10, 12) x (24)`` is 1 with 24 or 26, and 2, 10 or 12 with 24.

    >>> _pairs_text([(1, 24), (1, 26), (2, 24), (10, 24), (12, 24)])
    '(1) x (24, 26), (2, 10, 12) x (24)'
    """
    return ", ".join(f"({', '.join(map(str, rows))}) x ({', '.join(map(str, cols))})"
                     for rows, cols in _grouped(pairs))  # fmt: skip


def _crossings_text(crossings: Sequence[tuple[Value, Value]]) -> str:
    """Crossings in few words: the row values that meet the same column values grouped,
    a slash for "any of" (``B/G x =/~ or R x C``: a row sharing B or G crossing a column
    sharing = or ~, or an R row crossing a C column).

    >>> from printables.cards import FOUR_D
    >>> v = {value.symbol: value for a in FOUR_D.attributes for value in a.values}
    >>> _crossings_text([(v["B"], v["="]), (v["B"], v["~"]), (v["G"], v["="]),
    ...                  (v["G"], v["~"]), (v["R"], v["C"])])
    'B/G x =/~ or R x C'
    """
    return or_list([f"{'/'.join(v.symbol for v in rows)} x {'/'.join(w.symbol for w in cols)}"
                    for rows, cols in _grouped(crossings)])  # fmt: skip

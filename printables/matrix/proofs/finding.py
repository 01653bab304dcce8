"""Finding a proof: the lists, the bars, and the shorter of a proof by pairs of lists
and a proof by one side's lists; fast bit-set helpers that the proof itself never names."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from itertools import combinations_with_replacement, permutations
from typing import NoReturn, TypeVar

from printables.cards.deck import Card
from printables.matrix.proofs.data import (
    KEY_MOST,
    Bar,
    Crowd,
    ListCase,
    Pin,
    Proof,
    Split,
    TooFew,
    TooMany,
)
from printables.matrix.proofs.paging import within_a_page
from printables.matrix.proofs.words import crowd_text
from printables.matrix.solver import check_set

W = TypeVar("W")
"""What a reason found against a few values is (:func:`_fewest_holding`)."""

PINS_TRIED = 3
"""The most pinned cards a proof is tried with (each a proof more to build)."""

CROSSED_SIZES = (1, 2, 3, 4)
"""How many values (counted with repeats) a step of values no list across goes with may
name together (:meth:`_Sets.crossed`); four cut a few more lists than three."""

MOST_CASES = 4
"""The most cases a split proof takes (:class:`Split`): each a proof more to build."""

SPLITS_TRIED = 4
"""The most cards a proof is tried again split on, those with the fewest cases first."""

SPLIT_FROM = KEY_MOST
"""The length (as a key prints it) from which a proof is tried again split on a card: a
shorter one fits a key (a third of a page), and a split costs a proof a case."""

PINNED_FROM = 850
"""The length (as a key prints it) from which a proof is tried again with a pinned card:
a shorter one already fits a key well, and each pin costs a proof more to build. (1,000
when lists were written with spaces: the same proofs are tried, their words about 13 %
shorter.)"""


def impossibility_proof(cards: Sequence[Card], rows: int, cols: int) -> Proof:
    """The case analysis proving the set impossible; ValueError when it can be solved.

    Lists holding a few values that leave a card no place across are barred first
    (:meth:`_Sets.bars`); of the proof by pairs of the lists left and the proof by one
    side's lists (:func:`_by_lists`), the shorter as a key prints it is kept; and a
    long one is tried again with the side with more lists cut down by the values no list
    of the other side goes with (:func:`_crossing`), and with a card pinned to its one
    crossing (:class:`Pin`), with and without that cut; one still over a third of a page
    is tried again split case by case on a card with a few crossings (:class:`Split`).
    The shortest is told within a page (:func:`~.paging.within_a_page`)."""
    check_set(cards, rows, cols)
    sets = _Sets(cards)
    row_all = sets.options(rows, cols)
    col_all = row_all if rows == cols else sets.options(cols, rows)
    proofs = _proofs(sets, rows, cols, row_all, col_all, None)
    if row_all and col_all and min(map(_key_length, proofs)) >= PINNED_FROM:
        proofs += _proofs(sets, rows, cols, row_all, col_all, None, crossing=True)
        meetings = [(x, sets.meetings(x, rows, cols)) for x in range(len(cards))]
        for x, pairs in [(x, pairs) for x, pairs in meetings if len(pairs) == 1][:PINS_TRIED]:
            proofs += _pinned_proofs(sets, rows, cols, row_all, col_all, x, *pairs[0])
        if min(map(_key_length, proofs)) >= SPLIT_FROM:
            splits = [(x, pairs) for x, pairs in meetings if 1 < len(pairs) <= MOST_CASES]
            for x, pairs in sorted(splits, key=lambda split: len(split[1]))[:SPLITS_TRIED]:
                proofs.append(_split(sets, rows, cols, row_all, col_all, x, pairs))
    # the words weighed here are kept (:attr:`Proof.brief_lines`): an answer key prints them
    # (a proof told more briefly to fit a page is a new one, its words made again)
    return within_a_page(min(proofs, key=_key_length))


def _split(
    sets: _Sets,
    rows: int,
    cols: int,
    row_all: list[tuple[int, ...]],
    col_all: list[tuple[int, ...]],
    x: int,
    pairs: list[tuple[int, int]],
) -> Proof:
    """The proof split on card ``x``'s row and column: a case for each pair of its values
    they can share (:meth:`_Sets.meetings`), each the shortest pinned proof of it."""
    cases = tuple(
        min(_pinned_proofs(sets, rows, cols, row_all, col_all, x, u, v), key=_key_length)
        for u, v in pairs
    )
    return Proof(rows, cols, (), (), (), (), tuple(sets.cards), split=Split(sets.cards[x], cases))


def split_proof(cards: Sequence[Card], rows: int, cols: int, card: Card) -> Proof:
    """The proof of an impossible set split on ``card``'s row and column, whatever its
    length (:func:`impossibility_proof` keeps one only when it is the shortest)."""
    check_set(cards, rows, cols)
    sets = _Sets(cards)
    row_all = sets.options(rows, cols)
    col_all = row_all if rows == cols else sets.options(cols, rows)
    x = list(cards).index(card)
    pairs = sets.meetings(x, rows, cols)
    if not pairs:
        raise ValueError(f"{card}'s row and column can share no pair of its values")
    return _split(sets, rows, cols, row_all, col_all, x, pairs)


def _pinned_proofs(
    sets: _Sets,
    rows: int,
    cols: int,
    row_all: list[tuple[int, ...]],
    col_all: list[tuple[int, ...]],
    x: int,
    u: int,
    v: int,
) -> list[Proof]:
    """The proofs with card ``x``'s row sharing ``u`` and its column ``v`` (a pinned card,
    or a case of a split), over the lists that allows, with and without the side with
    more lists cut down by the other."""
    pin = Pin(sets.cards[x], sets.values[u], sets.values[v])
    pinned_rows = sets.pinned(row_all, u, sets.shows[v], x, rows)
    pinned_cols = sets.pinned(col_all, v, sets.shows[u], x, cols)
    return [
        *_proofs(sets, rows, cols, pinned_rows, pinned_cols, pin),
        *_proofs(sets, rows, cols, pinned_rows, pinned_cols, pin, crossing=True),
    ]


def _key_length(proof: Proof) -> int:
    return proof.key_length


def _proofs(
    sets: _Sets,
    rows: int,
    cols: int,
    row_all: list[tuple[int, ...]],
    col_all: list[tuple[int, ...]],
    pin: Pin | None,
    crossing: bool = False,
) -> list[Proof]:
    """The proofs over these lists (every list the counts allow, or those a pinned card
    allows): their bars, then the proof by pairs and, outside squares of 4 and 5, the
    proof by lists; or, ``crossing``, proofs by pairs whose side with more lists is cut
    down, instead of by its bars, by the values no list across goes with
    (:meth:`_Sets.crossed`), with and without the lists across where a card fits nothing
    told first (none in a grid that holds turned over)."""
    mirrored = rows == cols and pin is None
    row_bars = sets.bars(row_all, rows)
    col_bars = row_bars if mirrored else sets.bars(col_all, cols)
    row_options = _left_by(row_all, row_bars)
    col_options = _left_by(col_all, col_bars)
    value = sets.values
    cards = sets.cards

    def barred(bars: list[tuple[tuple[int, ...], int]]) -> tuple[Bar, ...]:
        return tuple(Bar(tuple(value[v] for v in b), cards[c]) for b, c in bars)

    def told(proof: Proof) -> Proof:
        return replace(proof, row_bars=barred(row_bars), col_bars=barred(col_bars), pin=pin)

    if crossing:
        if mirrored or not (row_options and col_options):
            return []  # (a square's unpinned proof cut so was never the shorter: bench_proofs)
        # the side cut down needs no bars of its own (with them, never shorter)
        cut_rows = len(row_options) > len(col_options)
        listed, cut = (col_options, row_all) if cut_rows else (row_options, col_all)
        found = []
        for lonely in (False, True):
            proof = _crossing(sets, rows, cols, listed, cut, cut_rows, lonely)
            if proof is not None:
                bars = ((), barred(col_bars)) if cut_rows else (barred(row_bars), ())
                found.append(replace(proof, row_bars=bars[0], col_bars=bars[1], pin=pin))
        return found
    proofs = [told(_by_pairs(sets, rows, cols, row_options, col_options, mirrored))]
    if row_options and col_options and (rows != cols or rows == 3):
        # in squares of 4 and 5 the proof by lists was never the shorter (bench_proofs)
        proofs.append(told(_by_lists(sets, rows, cols, row_options, col_options)))
    return proofs


def _crossing(
    sets: _Sets,
    rows: int,
    cols: int,
    listed: list[tuple[int, ...]],
    cut: list[tuple[int, ...]],
    cut_rows: bool,
    lonely_told: bool,
) -> Proof | None:
    """The proof by pairs whose side with more lists (``cut``, the rows when
    ``cut_rows``) is cut down by values no list of the other side (``listed``) goes
    with; when ``lonely_told``, the lists of that side where a card fits no line across
    are told first and left out of the rest. None when no value is found."""
    across = rows if not cut_rows else cols  # the cards in a line across ``listed``
    lonely: list[tuple[int, int]] = []  # (list number, card)
    going: list[int] = []  # the listed lists with a place for every card
    for i, option in enumerate(listed):
        first = sets.across(Counter(option), across)[1] if lonely_told else None
        if first is None:
            going.append(i)
        else:
            lonely.append((i + 1, first))
    kept = [listed[i] for i in going]
    crossed = sets.crossed(cut, kept) if kept else []
    if not crossed:
        return None
    left = _left_by(cut, [(c, -1) for c in crossed])  # (as bars, with no card of their own)
    if cut_rows:
        proof = _by_pairs(sets, rows, cols, left, kept, False)
        crowds = tuple(replace(c, col_list=going[c.col_list - 1] + 1) for c in proof.crowds)
    else:
        proof = _by_pairs(sets, rows, cols, kept, left, False)
        crowds = tuple(replace(c, row_list=going[c.row_list - 1] + 1) for c in proof.crowds)
    value = sets.values
    named = tuple(tuple(value[v] for v in c) for c in crossed)
    return replace(
        proof,
        row_options=proof.row_options if cut_rows else tuple(
            tuple(value[v] for v in o) for o in listed),
        col_options=proof.col_options if not cut_rows else tuple(
            tuple(value[v] for v in o) for o in listed),
        crowds=tuple(sorted(crowds, key=lambda c: (c.row_list, c.col_list))),
        row_crossed=named if cut_rows else (),
        col_crossed=() if cut_rows else named,
        lonely=tuple((n, sets.cards[x]) for n, x in lonely),
    )  # fmt: skip


def _solvable(rows: int, cols: int) -> NoReturn:
    """A pair of lists whose cards all find places: the set can be solved."""
    raise ValueError(f"the set is solvable in {rows}x{cols}: it has no impossibility proof")


def _left_by(
    options: Sequence[tuple[int, ...]], bars: Sequence[tuple[tuple[int, ...], int]]
) -> list[tuple[int, ...]]:
    """The lists (by value index) that hold no bar's values."""
    masks = [_unary(values) for values, _ in bars]
    left = []
    for option in options:
        held = _unary(option)
        if not any(mask & ~held == 0 for mask in masks):
            left.append(option)
    return left


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
    value = sets.values
    cases = []
    for n, option in enumerate(listed, 1):
        counts = Counter(option)
        caps, first = sets.across(counts, each)
        allowed = list(caps)
        lonely = None if first is None else sets.cards[first]
        others: list[tuple[int, ...]] = []
        crowds: list[TooMany] = []
        if lonely is None:
            others = [o for o in other if all(k <= caps.get(w, 0) for w, k in Counter(o).items())]
            found: dict[tuple[int, int], list[int]] = {}
            for j, o in enumerate(others):
                key, pair = (
                    ((0, j), (counts, Counter(o)))
                    if listing_rows
                    else ((j, 0), (Counter(o), counts))
                )
                found[key] = sets.too_many(*pair) or _solvable(rows, cols)
            chosen = _fewest_crowds(sets, found, *(([option], others) if listing_rows
                                                   else (others, [option])))  # fmt: skip
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
    mirrored: bool,
) -> Proof:
    """The proof by pairs of lists: crossing facts, then a crowd for each pair left (in
    a ``mirrored`` proof, one of each pair and its mirror)."""
    cards = sets.cards
    row_counts = [Counter(o) for o in row_options]
    col_counts = [Counter(o) for o in col_options]
    facts, standing = sets.cover(row_counts, col_counts, mirrored)
    value = sets.values
    pairs = sorted(standing)
    found: dict[tuple[int, int], list[int]] = {}
    for i, j in pairs:
        found[i, j] = sets.too_many(row_counts[i], col_counts[j]) or _solvable(rows, cols)
    crowds = _fewest_crowds(sets, found, row_options, col_options)
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
    sets: _Sets,
    found: dict[tuple[int, int], list[int]],
    row_options: Sequence[tuple[int, ...]],
    col_options: Sequence[tuple[int, ...]],
) -> tuple[Crowd, ...]:
    """A crowd for each pair of lists left (by value index; ``found``: the groups of
    cards, as bit sets, found too many for each pair), chosen so that few crowds serve
    them all (the words tell a crowd once for all its pairs). A crowd is a group of cards
    found too many for some pair; it serves every pair where the crossings its cards fit
    hold fewer places than it has cards, and is told with the crossings it fits in any of
    them and the most places they hold. Greedily, the group serving the most pairs still
    open comes first, the one with fewer cards first."""
    shows = sets.shows

    def distinct(option: tuple[int, ...]) -> list[tuple[int, int]]:
        """Each value of a list once, with how many lines share it."""
        return [(v, option.count(v)) for v in dict.fromkeys(option)]

    row_values = {i: distinct(row_options[i]) for i, _ in found}
    col_values = {j: distinct(col_options[j]) for _, j in found}
    # each pair's crossings (no two alike): (row value, column value), the cards fitting
    # there, and the places there
    crossings = {
        (i, j): [((v, w), shows[v] & shows[w], kv * kw)
                 for v, kv in row_values[i] for w, kw in col_values[j]]
        for i, j in found
    }  # fmt: skip

    def places(mask: int, pair: tuple[int, int]) -> int:
        """The places at the crossings of ``pair`` some card of ``mask`` fits."""
        return sum(held for _, shown, held in crossings[pair] if shown & mask)

    groups = list(dict.fromkeys(mask for masks in found.values() for mask in masks))
    size = {g: g.bit_count() for g in groups}
    serves = {g: {pair for pair in found if places(g, pair) < size[g]} for g in groups}
    open_pairs = set(found)
    crowds: list[Crowd] = []
    value = sets.values
    while open_pairs:
        group = max(groups, key=lambda g: (len(serves[g] & open_pairs), -size[g]))
        pairs = serves[group] & open_pairs
        # A crossing a card fits in one pair it fits in every pair that has it, so the
        # crossings fitted in all these pairs, held to one pair, are those fitted in it.
        named = {at for pair in pairs for at, shown, _ in crossings[pair] if shown & group}
        why = TooMany(
            tuple(c for i, c in enumerate(sets.cards) if group >> i & 1),
            tuple((value[v], value[w]) for v, w in sorted(named)),
            max(places(group, pair) for pair in pairs),
        )
        # the other way round: the crossings the crowd does not fit hold more places
        # than there are cards left, the only ones that fit them (fewer words only when
        # the crowd holds most of the set)
        empty = {at for pair in pairs for at, shown, _ in crossings[pair] if not shown & group}
        if size[group] * 2 <= len(sets.cards):
            empty = set()
        fit = 0  # the cards that fit any of them
        for pair in pairs:
            for at, shown, _ in crossings[pair]:
                if at in empty:
                    fit |= shown
        if empty and fit:
            unfilled = TooMany(
                tuple(c for i, c in enumerate(sets.cards) if fit >> i & 1),
                tuple((value[v], value[w]) for v, w in sorted(empty)),
                min(sum(held for at, _, held in crossings[pair] if at in empty) for pair in pairs),
                unfilled=True,
            )
            if len(crowd_text(unfilled, sets.cards)) < len(crowd_text(why, sets.cards)):
                why = unfilled
        crowds += [Crowd(i + 1, j + 1, why) for i, j in pairs]
        open_pairs -= pairs
    return tuple(sorted(crowds, key=lambda c: (c.row_list, c.col_list)))


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

    def across(self, listed: Counter[int], length: int) -> tuple[dict[int, int], int | None]:
        """What lines of ``length`` cards across lines sharing ``listed`` can share: the
        values with how many lines each (:meth:`cap`, none left out), and the first card
        (by index) that shows none of them, or None."""
        caps = {w: cap for w in range(len(self.values)) if (cap := self.cap(listed, w, length))}
        return caps, self._first_without(sum(1 << w for w in caps))

    def _first_without(self, values: int) -> int | None:
        """The first card (by index) showing none of ``values`` (bit w: value w), or None."""
        covered = 0
        while values:
            low = values & -values
            covered |= self.shows[low.bit_length() - 1]
            values ^= low
        left = self.full & ~covered
        return (left & -left).bit_length() - 1 if left else None

    def bars(
        self, options: Sequence[tuple[int, ...]], across: int
    ) -> list[tuple[tuple[int, ...], int]]:
        """Few values (up to three) that leave a card no line across (of ``across``
        cards) when a list holds them, each with that card, chosen greedily while each
        bars at least two of ``options`` not barred yet (fewer words than listing them)."""
        usable = sorted({v for option in options for v in option})
        values_across = sum(1 << w for w, count in enumerate(self.counts) if count >= across)
        with_value = {  # (v, k): the values of lines across k lines sharing v (as bits)
            (v, k): sum(1 << w for w in range(len(self.values))
                        if self.both[w][v] >= k and not self.clash(v, w))
            for v in usable for k in (1, 2, 3)
        }  # fmt: skip

        def lonely(values: tuple[int, ...]) -> int | None:
            shared = values_across  # what lines across can share (see :meth:`cap`)
            for v in set(values):
                shared &= with_value[v, values.count(v)]
            return self._first_without(shared)

        return _fewest_holding(options, usable, (1, 2, 3), lonely)

    def crossed(
        self, options: Sequence[tuple[int, ...]], across: Sequence[tuple[int, ...]]
    ) -> list[tuple[int, ...]]:
        """Few values (:data:`CROSSED_SIZES`) that no list of ``across`` (the lines
        across) goes with: with each of those lists, a value of it and one of these are
        two values of one attribute, or shown together on fewer cards than k lines
        sharing the one and m sharing the other cross in (:meth:`cap` without the counts
        of one side). Chosen greedily while each bars one of ``options`` not barred yet
        (a few symbols, where a list left takes its number and its symbols, and the pairs
        with it take steps)."""
        usable = sorted({v for option in options for v in option})
        every = (1 << len(across)) - 1
        counted = [Counter(o) for o in across]
        ruled = {  # (w, m): the lists across that m lines sharing w go with none of
            (w, m): sum(1 << i for i, c in enumerate(counted)
                        if any(self.clash(v, w) or self.both[v][w] < k * m for v, k in c.items()))
            for w in usable for m in range(1, max(CROSSED_SIZES) + 1)
        }  # fmt: skip

        def goes_with_none(values: tuple[int, ...]) -> bool | None:
            gone = 0
            for w in set(values):
                gone |= ruled[w, values.count(w)]
            return True if gone == every else None

        return [values for values, _ in _fewest_holding(options, usable, CROSSED_SIZES,
                                                        goes_with_none, least=1)]  # fmt: skip

    def meetings(self, x: int, rows: int, cols: int) -> list[tuple[int, int]]:
        """The pairs of card ``x``'s values (row value, column value, by index; a value
        twice among them) that its row and column, meeting at it alone, can share: a
        row's worth of cards shows the row's, a column's worth the column's, and rows +
        columns - 1 cards one or the other (in a square, a pair or its reverse: the grid
        turned over). One pair pins the card (:class:`Pin`); a few split the proof."""
        shown = [v for v in range(len(self.values)) if self.shows[v] >> x & 1]
        found: list[tuple[int, int]] = []
        for u, v in [*permutations(shown, 2), *((v, v) for v in shown)]:
            if (
                self.counts[u] >= cols
                and self.counts[v] >= rows
                and (self.shows[u] | self.shows[v]).bit_count() >= rows + cols - 1
                and not (rows == cols and (v, u) in found)
            ):
                found.append((u, v))
        return found

    def pinned(
        self, options: Sequence[tuple[int, ...]], value: int, across: int, x: int, length: int
    ) -> list[tuple[int, ...]]:
        """The lists of one side that a pinned card ``x`` allows: they hold ``value``, and
        when the cards showing the other side's pinned value (bits ``across``) are just
        a line of ``length``, that line is the card's, so the other lines of this side
        each share a value of one of its other cards."""
        kept = [o for o in options if value in o]
        if across.bit_count() != length:
            return kept
        others = [[v for v in range(len(self.values)) if self.shows[v] >> i & 1]
                  for i in range(len(self.cards)) if across >> i & 1 and i != x]  # fmt: skip

        def matched(rest: list[int]) -> bool:
            return any(all(rest[k] in others[m] for k, m in enumerate(order))
                       for order in permutations(range(len(others))))  # fmt: skip

        found = []
        for o in kept:
            rest = list(o)
            rest.remove(value)
            if matched(rest):
                found.append(o)
        return found

    def options(self, lines: int, length: int) -> list[tuple[int, ...]]:
        """Every multiset of ``lines`` value indices with which the cards split into lines
        of ``length``, each line's cards showing its value (Hall's condition), in the
        order of :func:`itertools.combinations_with_replacement`."""
        usable = [v for v, bits in enumerate(self.shows) if bits.bit_count() >= length]
        found: list[tuple[int, ...]] = []
        shows, counts, full = self.shows, self.counts, self.full
        reach = [0] * (len(usable) + 1)  # the cards some value of usable[at:] shows
        for at in range(len(usable) - 1, -1, -1):
            reach[at] = reach[at + 1] | shows[usable[at]]

        def extend(option: list[int], start: int, covered: int) -> None:
            if len(option) == lines:
                if covered == full and self._splits(option, length):
                    found.append(tuple(option))
                return
            if covered | reach[start] != full:
                return  # a card shows none of the values still to come
            for at in range(start, len(usable)):
                v = usable[at]
                if counts[v] < (option.count(v) + 1) * length:
                    continue  # too few cards show v for one more line sharing it
                option.append(v)
                extend(option, at, covered | shows[v])
                option.pop()

        extend([], 0, 0)
        return found

    def _splits(self, option: Sequence[int], length: int) -> bool:
        """Whether the cards split into lines of ``length`` sharing ``option``'s values,
        each card going to a line whose value it shows (Hall's condition): every group of
        the values shared takes at least the cards showing none of the others. The lines
        take every card, so that is: every group is shown on at least as many cards as
        its lines take (the group of the other values), checked until one is not."""
        distinct = list(dict.fromkeys(option))
        cards = [self.shows[v] for v in distinct]
        takes = [length * option.count(v) for v in distinct]
        every = (1 << len(distinct)) - 1
        shown = [0] * every  # cards showing any value of a group
        room = [0] * every  # the cards the lines of a group take
        for group in range(1, every):
            low = group & -group
            b = low.bit_length() - 1
            shown[group] = shown[group ^ low] | cards[b]
            room[group] = room[group ^ low] + takes[b]
            if shown[group].bit_count() < room[group]:
                return False
        return True

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

    def too_many(self, rows: Counter[int], cols: Counter[int]) -> list[int]:
        """When the cards cannot go to the crossings, groups of them (as bit sets) too
        large for the only crossings they fit (what the failed search for a card
        visited), one for each of a few orders of placing the cards; none when the cards
        can go."""
        places = [kv * kw for kv in rows.values() for kw in cols.values()]
        n = len(self.cards)
        fits: list[list[int]] = [[] for _ in range(n)]  # each card's slots, in order
        for t, mask in enumerate(self.shows[v] & self.shows[w] for v in rows for w in cols):
            while mask:
                low = mask & -mask
                fits[low.bit_length() - 1].append(t)
                mask ^= low
        found = []
        for order in (range(n), range(n - 1, -1, -1), *(_ORDERS.get(n, ()))):
            crowd = _crowd(fits, places, order)
            if not crowd:
                return []
            found.append(crowd)
        return found


def _fewest_holding(
    options: Sequence[tuple[int, ...]],
    usable: Sequence[int],
    sizes: Iterable[int],
    why: Callable[[tuple[int, ...]], W | None],
    least: int = 2,
) -> list[tuple[tuple[int, ...], W]]:
    """Multisets of ``usable`` values (of ``sizes``, smallest first) that ``why`` finds a
    reason against (not None), none holding a smaller one found, each with its reason;
    then chosen greedily, the one holding most of ``options`` not yet held first, while
    each holds at least ``least`` (two: fewer words than listing them)."""
    held = [_unary(option) for option in options]
    found: list[tuple[tuple[int, ...], W]] = []
    smaller: list[int] = []  # the multisets found, as :func:`_unary` masks
    holding: list[set[int]] = []  # the options each holds
    for size in sizes:
        for values in combinations_with_replacement(usable, size):
            mask = _unary(values)
            if any(not bar & ~mask for bar in smaller):
                continue  # a smaller one already holds
            reason = why(values)
            if reason is not None:
                found.append((values, reason))
                smaller.append(mask)
                holding.append({i for i, h in enumerate(held) if not mask & ~h})
    chosen: list[tuple[tuple[int, ...], W]] = []
    open_options = set(range(len(options)))
    while found:
        best = max(range(len(found)), key=lambda b: len(holding[b] & open_options))
        if len(holding[best] & open_options) < least:
            break
        chosen.append(found[best])
        open_options -= holding[best]
        del found[best], holding[best]
    return chosen


_ORDERS = {
    n: [random.Random(n * 100 + k).sample(range(n), n) for k in range(4)] for n in range(9, 26)
}
"""Fixed shuffled orders of placing a set's cards, so a proof finds several crowds (and
the same ones every time)."""


def _crowd(fits: Sequence[Sequence[int]], places: Sequence[int], order: Iterable[int]) -> int:
    """Cards sent in ``order`` to slots (card i fits the slots ``fits[i]``), no slot over
    its places, by augmenting paths; 0 when every card is placed, else the cards (a bit
    set) that the failed search for a card met: the slots it visited are all full of
    cards that fit nowhere else among them."""
    owners: list[list[int]] = [[] for _ in places]
    visited: set[int] = set()
    crowd = 0

    def augment(i: int) -> bool:
        nonlocal crowd
        for t in fits[i]:
            if t in visited:
                continue
            visited.add(t)
            held = owners[t]
            if len(held) < places[t]:
                held.append(i)
                return True
            for j in held:  # the deeper searches leave t's cards alone: t is visited
                crowd |= 1 << j
                if augment(j):  # j moved on to another slot: i takes its place
                    held.remove(j)
                    held.append(i)
                    return True
        return False

    for i in order:
        visited.clear()
        crowd = 1 << i
        if not augment(i):
            return crowd
    return 0

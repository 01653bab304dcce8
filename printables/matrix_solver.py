"""The exact Matrix solver: a solution, or a proof by exhaustive search that none exists.

A line's *label* is a value all its cards show. A grid is solved exactly when its
rows and columns can be given labels such that the card in row r, column c shows
the labels of both; row and column order do not matter, so the search runs over
the *multisets* of row labels and of column labels. Cards are bit sets here: bit
``i`` of ``cards_with[v]`` is set when card ``i`` shows value ``v``.

1. Row label multisets: a label used ``k`` times needs ``k`` lines' worth of cards
   showing it; every card must show some label; and the cards must split among the
   labels, which Hall's condition over the (at most five) labels decides exactly.
   Column label multisets likewise.
2. A row multiset and a column multiset are paired only when every crossing of a
   row label ``a`` with a column label ``b`` has enough cards showing both (a blue
   row never crosses a red column).
3. A surviving pair is decided by a matching of cards to crossings.

No time-out is involved: None from :func:`solve` proves the set impossible.
:func:`count_solutions` counts distinct solutions by exact cover (rows first, then
columns), independently of the labels.

>>> from printables.reading import read_cards
>>> cards = read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T")
>>> grid = solve(cards, 3, 3)
>>> [[str(c) for c in row] for row in grid]
[['BbzT', 'Bg~T', 'Bw=T'], ['Gb~T', 'Gg=T', 'GwzT'], ['RbzT', 'RgzC', 'RwzS']]
>>> count_solutions(cards, 3, 3)  # triangle labels many lines
20
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from printables.deck import Card
from printables.errors import DuplicateCardError

Grid = tuple[tuple[Card, ...], ...]
Labels = tuple[tuple[int, int], ...]
"""A label multiset: (value bit, how many lines carry it), bits increasing."""


def check_set(cards: Sequence[Card], rows: int, cols: int) -> None:
    """Refuse a size or a set that cannot make a matrix, saying why."""
    if rows < 1 or cols < 1:
        raise ValueError(f"a matrix needs at least one row and one column, not {rows}x{cols}")
    if len(cards) != rows * cols:
        raise ValueError(f"a {rows}x{cols} matrix takes {rows * cols} cards, not {len(cards)}")
    seen: dict[Card, int] = {}
    for i, c in enumerate(cards, 1):
        if c in seen:
            raise DuplicateCardError(str(c), f"card {seen[c]}", f"card {i}")
        seen[c] = i


def value_bits(card: Card) -> list[int]:
    """The bits of the values a card shows: attribute offsets plus value index."""
    bits = []
    offset = 0
    for attribute, v in zip(card.deck.attributes, card.values, strict=True):
        bits.append(offset + v)
        offset += len(attribute.values)
    return bits


def cards_with(cards: Sequence[Card]) -> list[int]:
    """For each value bit, the set of cards (bit i = card i) showing that value."""
    width = sum(len(a.values) for a in cards[0].deck.attributes) if cards else 0
    sets = [0] * width
    for i, c in enumerate(cards):
        for bit in value_bits(c):
            sets[bit] |= 1 << i
    return sets


@dataclass
class SearchStats:
    """How much work a search took: label multisets for the rows and the columns, pairs
    of them tried, pairs that passed the counting tests (matchings run), and pairs that
    fit (*plans*: ways to label the lines that lead to a solution)."""

    row_sets: int = 0
    col_sets: int = 0
    pairs: int = 0
    matchings: int = 0
    plans: int = 0


def _hall(sets: Sequence[int], labels: Labels, per_line: int, full: int) -> bool:
    """Can every card go to one label it shows, label ``b`` taking ``k * per_line`` cards?

    Hall's condition: for each subset T of the labels, the cards showing no label
    outside T are at most T's capacity.
    """
    size = 1 << len(labels)
    union = [0] * size  # cards showing some label of the subset
    capacity = [0] * size
    for subset in range(1, size):
        low = subset & -subset
        bit, k = labels[low.bit_length() - 1]
        union[subset] = union[subset ^ low] | sets[bit]
        capacity[subset] = capacity[subset ^ low] + k * per_line
    every = size - 1
    for subset in range(1, every):
        if (full & ~union[every ^ subset]).bit_count() > capacity[subset]:
            return False
    return True


def label_sets(sets: Sequence[int], full: int, lines: int, per_line: int) -> list[Labels]:
    """Every label multiset with which the cards split into ``lines`` lines of
    ``per_line`` cards, each showing its line's label."""
    usable = [b for b, s in enumerate(sets) if s.bit_count() >= per_line]
    reach = [0] * (len(usable) + 1)  # cards some label from usable[i:] could take
    for i in range(len(usable) - 1, -1, -1):
        reach[i] = reach[i + 1] | sets[usable[i]]
    found: list[Labels] = []
    chosen: list[tuple[int, int]] = []

    def extend(start: int, left: int, covered: int) -> None:
        if left == 0:
            if covered == full and _hall(sets, tuple(chosen), per_line, full):
                found.append(tuple(chosen))
            return
        if covered | reach[start] != full:
            return  # some card shows none of the labels still available
        if (full & ~covered).bit_count() > left * per_line:
            return  # the remaining lines cannot take every card not yet covered
        if (covered & ~reach[start]).bit_count() > (lines - left) * per_line:
            return  # the lines chosen cannot take every card only they can take
        for i in range(start, len(usable)):
            bit = usable[i]
            most = min(left, sets[bit].bit_count() // per_line)
            for k in range(1, most + 1):
                chosen.append((bit, k))
                extend(i + 1, left - k, covered | sets[bit])
                chosen.pop()

    extend(0, lines, 0)
    return found


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
                if augment(j, seen):  # j moved to another slot: i takes its place
                    owners[t].remove(j)
                    owners[t].append(i)
                    where[i] = t
                    return True
        return False

    for i in range(len(adj)):
        if not augment(i, [False] * len(cap)):
            return None
    return where


def _crossings_ok(sets: Sequence[int], rows: Labels, cols: Labels) -> bool:
    """Does every crossing of a row label and a column label have enough cards?"""
    for a, ka in rows:
        for b, kb in cols:
            if (sets[a] & sets[b]).bit_count() < ka * kb:
                return False
    return True


def fit(sets: Sequence[int], n: int, rows: Labels, cols: Labels) -> list[list[int]] | None:
    """The card index in each cell when these labels admit a solution, else None."""
    crossings = [(a, b) for a, _ in rows for b, _ in cols]
    caps = [ka * kb for _, ka in rows for _, kb in cols]
    both = [sets[a] & sets[b] for a, b in crossings]
    adj = [[t for t, s in enumerate(both) if s >> i & 1] for i in range(n)]
    where = _match(adj, caps)
    if where is None:
        return None
    pools: dict[tuple[int, int], list[int]] = {x: [] for x in crossings}
    for card, t in enumerate(where):
        pools[crossings[t]].append(card)
    row_labels = [a for a, k in rows for _ in range(k)]
    col_labels = [b for b, k in cols for _ in range(k)]
    return [[pools[a, b].pop() for b in col_labels] for a in row_labels]


def _mask(labels: Labels) -> int:
    m = 0
    for bit, _ in labels:
        m |= 1 << bit
    return m


def search(
    cards: Sequence[Card],
    rows: int,
    cols: int,
    stats: SearchStats | None = None,
    *,
    exhaust: bool = False,
) -> Grid | None:
    """:func:`solve`, recording its work in ``stats``; with ``exhaust`` it tries every
    pair of label multisets instead of stopping at the first that fits (``stats.plans``
    then counts those that fit) and returns the first solution found."""
    check_set(cards, rows, cols)
    stats = stats if stats is not None else SearchStats()
    n = len(cards)
    full = (1 << n) - 1
    sets = cards_with(cards)
    row_sets = label_sets(sets, full, rows, cols)
    col_sets = row_sets if rows == cols else label_sets(sets, full, cols, rows)
    stats.row_sets, stats.col_sets = len(row_sets), len(col_sets)
    col_masks = [_mask(c) for c in col_sets]
    found: Grid | None = None
    for i, row_labels in enumerate(row_sets):
        # Column labels must cross every row label: the values some card shares with it.
        allowed = 0
        for b in range(len(sets)):
            if all(sets[a] & sets[b] for a, _ in row_labels):
                allowed |= 1 << b
        # A square grid's transpose is a solution too: try each unordered pair once.
        for j in range(i if rows == cols else 0, len(col_sets)):
            if col_masks[j] & ~allowed:
                continue
            col_labels = col_sets[j]
            stats.pairs += 1
            if not _crossings_ok(sets, row_labels, col_labels):
                continue
            stats.matchings += 1
            grid = fit(sets, n, row_labels, col_labels)
            if grid is not None:
                stats.plans += 1
                found = found or tuple(tuple(cards[k] for k in row) for row in grid)
                if not exhaust:
                    return found
    return found


def solve(cards: Sequence[Card], rows: int, cols: int) -> Grid | None:
    """A solved arrangement of ``cards`` in ``rows`` x ``cols``, or None when none exists.

    The search is exhaustive, so None proves the set impossible. Any size works; the
    book's sizes take milliseconds. A wrong count or a repeated card raises ValueError.
    """
    return search(cards, rows, cols)


def is_impossible(cards: Sequence[Card], rows: int, cols: int) -> bool:
    """True when no arrangement of ``cards`` in ``rows`` x ``cols`` is solved (proved by
    exhaustive search)."""
    return search(cards, rows, cols) is None


# -- counting ------------------------------------------------------------------------------


def _flush_lines(sets: Sequence[int], length: int) -> list[int]:
    """Every set of ``length`` cards (as a bit set) that shares a value."""
    lines: set[int] = set()
    for s in sets:
        members = [1 << i for i in range(s.bit_length()) if s >> i & 1]
        for combo in combinations(members, length):
            lines.add(sum(combo))
    return sorted(lines)


def _exact_covers(candidates: Sequence[int], full: int) -> Iterator[tuple[int, ...]]:
    """Every way to cover ``full`` by disjoint candidates (each cover once, unordered)."""
    by_lowest: dict[int, list[int]] = {}
    for line in candidates:
        by_lowest.setdefault(line & -line, []).append(line)
    containing: dict[int, list[int]] = {}
    for line in candidates:
        rest = line
        while rest:
            low = rest & -rest
            containing.setdefault(low, []).append(line)
            rest ^= low
    chosen: list[int] = []

    def cover(used: int) -> Iterator[tuple[int, ...]]:
        if used == full:
            yield tuple(chosen)
            return
        free = full & ~used
        low = free & -free  # the first card not yet placed must be in some line
        for line in containing.get(low, ()):
            if line & used == 0:
                chosen.append(line)
                yield from cover(used | line)
                chosen.pop()

    yield from cover(0)


def solutions(cards: Sequence[Card], rows: int, cols: int) -> Iterator[tuple[int, ...]]:
    """Each solution once up to reordering rows and columns, as (row sets, column sets)
    of card bits; a square grid and its transpose are both listed."""
    check_set(cards, rows, cols)
    n = len(cards)
    full = (1 << n) - 1
    sets = cards_with(cards)
    row_lines = _flush_lines(sets, cols)
    col_lines = row_lines if rows == cols else _flush_lines(sets, rows)
    for row_cover in _exact_covers(row_lines, full):
        # A column takes exactly one card from each row.
        crossing = [c for c in col_lines if all((c & r).bit_count() == 1 for r in row_cover)]
        for col_cover in _exact_covers(crossing, full):
            yield tuple(sorted(row_cover)) + tuple(sorted(col_cover))


def count_solutions(cards: Sequence[Card], rows: int, cols: int, limit: int | None = None) -> int:
    """How many distinct solutions the set has, up to reordering rows and columns (and,
    for a square grid, transposing): 0 for an impossible set. With ``limit``, counting
    stops there."""
    seen: set[frozenset[frozenset[int]]] = set()
    for found in solutions(cards, rows, cols):
        lines = frozenset(found[:rows]), frozenset(found[rows:])
        # A square grid's transpose swaps its row and column sets: count the pair once.
        seen.add(frozenset(lines))
        if limit is not None and len(seen) >= limit:
            break
    return len(seen)


def grid_from_lines(cards: Sequence[Card], found: tuple[int, ...], rows: int) -> Grid:
    """The grid a solution from :func:`solutions` describes, rows and columns in the order
    given."""
    row_sets, col_sets = found[:rows], found[rows:]
    return tuple(tuple(cards[(r & c).bit_length() - 1] for c in col_sets) for r in row_sets)

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

:func:`count_solutions` counts solutions without listing them. A line may share several
values, so it counts *labelled* solutions with signs (inclusion-exclusion): a line's
label is any nonempty set S of values its cards all show, weighted (-1)^(|S|+1); over
the subsets of the values a line shares these weights add up to 1, so each solution
counts once. Labels showing on the same cards are merged, their weights added. For row
labels a (k_a rows each) and column labels b (k_b columns), each card goes to a crossing
(a, b) whose labels it shows, k_a * k_b cards to each; filling the crossings' cells in
every order and forgetting the order of lines with the same label, each way to send the
cards gives prod (k_a * k_b)! / (prod k_a! * prod k_b!) labelled solutions.
:func:`solutions` lists them instead, by exact cover (rows first, then columns).

>>> from printables.cards import FOUR_D, read_cards
>>> cards = read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T", FOUR_D)
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
from math import factorial, prod

from printables.cards.deck import Card
from printables.cards.errors import DuplicateCardError, SetError

Grid = tuple[tuple[Card, ...], ...]
Labels = tuple[tuple[int, int], ...]
"""A label multiset: (label, how many lines carry it), labels increasing; a label is a value
bit, or in :func:`count_solutions` the index of a flush label."""


def check_set(cards: Sequence[Card], rows: int, cols: int) -> None:
    """Refuse a size or a set that cannot make a matrix, saying why."""
    if rows < 1 or cols < 1:
        raise SetError(f"a matrix needs at least one row and one column, not {rows}x{cols}")
    if len(cards) != rows * cols:
        raise SetError(f"a {rows}x{cols} matrix takes {rows * cols} cards, not {len(cards)}")
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


def _multisets(
    sets: Sequence[int], most: Sequence[int], full: int, lines: int, per_line: int
) -> Iterator[Labels]:
    """Every label multiset of ``lines`` lines, label ``b`` on at most ``most[b]`` of them,
    with which every card shows a label and the counts allow ``per_line`` cards a line."""
    usable = [b for b in range(len(sets)) if most[b]]
    reach = [0] * (len(usable) + 1)  # cards some label from usable[i:] could take
    for i in range(len(usable) - 1, -1, -1):
        reach[i] = reach[i + 1] | sets[usable[i]]
    chosen: list[tuple[int, int]] = []

    def extend(start: int, left: int, covered: int) -> Iterator[Labels]:
        if left == 0:
            if covered == full:
                yield tuple(chosen)
            return
        if covered | reach[start] != full:
            return  # some card shows none of the labels still available
        if (full & ~covered).bit_count() > left * per_line:
            return  # the remaining lines cannot take every card not yet covered
        if (covered & ~reach[start]).bit_count() > (lines - left) * per_line:
            return  # the lines chosen cannot take every card only they can take
        for i in range(start, len(usable)):
            bit = usable[i]
            for k in range(1, min(left, most[bit]) + 1):
                chosen.append((bit, k))
                yield from extend(i + 1, left - k, covered | sets[bit])
                chosen.pop()

    yield from extend(0, lines, 0)


def label_sets(sets: Sequence[int], full: int, lines: int, per_line: int) -> list[Labels]:
    """Every label multiset with which the cards split into ``lines`` lines of
    ``per_line`` cards, each showing its line's label."""
    most = [s.bit_count() // per_line for s in sets]
    return [
        labels
        for labels in _multisets(sets, most, full, lines, per_line)
        if _hall(sets, labels, per_line, full)
    ]


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


Crossings = tuple[tuple[int, int], ...]
"""Crossings of a row label and a column label: (cards showing both, places left)."""


def _flush_labels(sets: Sequence[int], ends: Sequence[int], length: int) -> dict[int, int]:
    """The *flush labels* for lines of ``length`` cards: each set of at least ``length``
    cards that all show some set S of values, with the sum of (-1)^(|S|+1) over the sets S
    showing on exactly those cards (labels whose weights cancel are left out). ``ends[v]``
    is the first value bit of the attribute after value ``v``'s."""
    weights: dict[int, int] = {}

    def grow(start: int, shown: int, size: int) -> None:
        for bit in range(start, len(sets)):
            cards = shown & sets[bit]
            if cards.bit_count() >= length:
                weights[cards] = weights.get(cards, 0) + (-1) ** size
                grow(ends[bit], cards, size + 1)  # one value per attribute

    grow(0, -1, 0)
    return {cards: w for cards, w in sorted(weights.items()) if w}


def _assignments(crossings: Crossings) -> int:
    """In how many ways every card of the crossings goes to one crossing holding it, each
    crossing taking exactly its places: forced moves first, then each independent part
    (crossings linked by shared cards) counted by :func:`_part_assignments`."""
    masks = [m for m, _ in crossings]
    places = [p for _, p in crossings]
    while True:
        once = twice = 0
        for m in masks:
            twice |= once & m
            once |= m
        if sum(places) != once.bit_count():
            return 0  # some card lost every crossing
        taken = 0
        for t, m in enumerate(masks):
            m &= ~taken
            p = places[t]
            k = m.bit_count()
            if k <= p:  # it needs all its cards
                if k < p:
                    return 0
                forced = m
            else:  # it takes the cards no other crossing holds
                forced = m & ~twice
                if not forced:
                    continue
            p -= forced.bit_count()
            if p < 0:
                return 0
            places[t] = p
            taken |= forced
        left = [m & ~taken if p else 0 for m, p in zip(masks, places, strict=True)]
        if left == masks:
            break
        masks = left
    live = [(m, p) for m, p in zip(masks, places, strict=True) if p]
    total = 1
    while live and total:
        cards = live[0][0]
        while True:  # the cards of the crossings linked to the first one by shared cards
            linked = 0
            for m, _ in live:
                if m & cards:
                    linked |= m
            if linked == cards:
                break
            cards = linked
        part = [x for x in live if x[0] & cards]
        live = [x for x in live if not x[0] & cards]
        total *= _part_assignments(part, cards)
    return total


def _part_assignments(part: Sequence[tuple[int, int]], cards: int) -> int:
    """:func:`_assignments` for linked crossings, by dynamic programming: the cards are
    placed one at a time, each state being how many cards each crossing holds (a bit field
    per crossing) with its number of ways. The next card is the one meeting the fewest
    crossings not met yet, less those it is the last to reach (which must then be full)."""
    if sum(p for _, p in part) != cards.bit_count():
        return 0
    width = max(p for _, p in part).bit_length()
    field = (1 << width) - 1
    pending = [
        [t for t, (m, _) in enumerate(part) if m >> i & 1]
        for i in range(cards.bit_length())
        if cards >> i & 1
    ]
    waiting = [m.bit_count() for m, _ in part]  # cards still to place that it holds
    met: set[int] = set()
    states = {0: 1}
    while pending:
        i = min(
            range(len(pending)),
            key=lambda j: (
                sum((t not in met) - (waiting[t] == 1) for t in pending[j]),
                len(pending[j]),
            ),
        )
        options = pending.pop(i)
        met.update(options)
        closing = full = 0
        for t in options:
            waiting[t] -= 1
            if not waiting[t]:
                closing |= field << (width * t)
                full |= part[t][1] << (width * t)
        after: dict[int, int] = {}
        for held, ways in states.items():
            for t in options:
                if held >> (width * t) & field < part[t][1]:
                    key = held + (1 << (width * t))
                    after[key] = after.get(key, 0) + ways
        states = {h: w for h, w in after.items() if h & closing == full} if closing else after
        if not states:
            return 0
    return sum(states.values())


def count_solutions(cards: Sequence[Card], rows: int, cols: int, limit: int | None = None) -> int:
    """How many distinct solutions the set has, up to reordering rows and columns (and,
    for a square grid, transposing): 0 for an impossible set. With ``limit`` the answer
    is the smaller of that count and ``limit`` (which must not be negative).

    The count is exact and does not list the solutions (see the module's note), so it
    takes about as long with a limit as without: a random 5x5 set some 25 ms (at most
    about 0.1 s in a thousand), smaller sizes a few.

    >>> from printables.cards import FOUR_D
    >>> blue = [c for c in FOUR_D.cards if c.value("color").name == "blue"][:25]
    >>> count_solutions(blue, 5, 5) == factorial(25) // (factorial(5) ** 2 * 2)  # any order
    True
    >>> count_solutions(blue, 5, 5, limit=1000)
    1000
    """
    check_set(cards, rows, cols)
    if limit is not None and limit < 0:
        raise ValueError(f"a limit counts solutions: at least 0, not {limit}")
    rows, cols = min(rows, cols), max(rows, cols)  # a transposed grid: rows the longer lines
    n = len(cards)
    full = (1 << n) - 1
    sets = cards_with(cards)
    ends: list[int] = []
    for attribute in cards[0].deck.attributes:
        ends += [len(ends) + len(attribute.values)] * len(attribute.values)
    row_labels = _flush_labels(sets, ends, cols)
    col_labels = row_labels if rows == cols else _flush_labels(sets, ends, rows)
    row_sets, row_weights = list(row_labels), list(row_labels.values())
    col_sets, col_weights = list(col_labels), list(col_labels.values())
    both = [[(a & b).bit_count() for b in col_sets] for a in row_sets]
    total = 0
    for row_plan in label_sets(row_sets, full, rows, cols):
        # A column label crosses every row label: k_b columns need k_a * k_b cards there.
        most = [min(both[a][b] // ka for a, ka in row_plan) for b in range(len(col_sets))]
        for col_plan in _multisets(col_sets, most, full, cols, rows):
            if rows == cols and col_plan < row_plan:
                continue  # a square grid's pairs are counted once, then doubled
            crossings = tuple(
                (row_sets[a] & col_sets[b], ka * kb) for a, ka in row_plan for b, kb in col_plan
            )
            ways = _assignments(crossings)
            if not ways:
                continue
            orders = prod(factorial(p) for _, p in crossings) // prod(
                factorial(k) for _, k in row_plan + col_plan
            )
            weight = prod(row_weights[a] ** k for a, k in row_plan) * prod(
                col_weights[b] ** k for b, k in col_plan
            )
            total += weight * ways * orders * (2 if rows == cols and col_plan > row_plan else 1)
    if rows == cols > 1:
        total //= 2  # (rows, columns) and (columns, rows) are one solution
    return total if limit is None else min(total, limit)


def grid_from_lines(cards: Sequence[Card], found: tuple[int, ...], rows: int) -> Grid:
    """The grid a solution from :func:`solutions` describes, rows and columns in the order
    given."""
    row_sets, col_sets = found[:rows], found[rows:]
    return tuple(tuple(cards[(r & c).bit_length() - 1] for c in col_sets) for r in row_sets)

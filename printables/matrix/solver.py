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
:func:`solutions` lists them instead, each once (:class:`_Lister`: rows first, then
columns, never entering a dead end). With a limit, :func:`count_solutions` runs both and
answers from the first to finish.

>>> from printables.cards import FOUR_D, read_cards
>>> cards = read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T", FOUR_D)
>>> grid = solve(cards, 3, 3)
>>> [[str(c) for c in row] for row in grid]
[['BbzT', 'Bg~T', 'Bw=T'], ['Gb~T', 'Gg=T', 'GwzT'], ['RbzT', 'RgzC', 'RwzS']]
>>> count_solutions(cards, 3, 3)  # triangle labels many lines
20
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from math import comb, factorial, prod

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


@cache
def value_bits(card: Card) -> tuple[int, ...]:
    """The bits of the values a card shows: attribute offsets plus value index (worked
    out once a card: the solver asks it of every card of every set it is given)."""
    bits = []
    offset = 0
    for attribute, v in zip(card.deck.attributes, card.values, strict=True):
        bits.append(offset + v)
        offset += len(attribute.values)
    return tuple(bits)


def cards_with(cards: Sequence[Card]) -> list[int]:
    """For each value bit, the set of cards (bit i = card i) showing that value."""
    width = sum(len(a.values) for a in cards[0].deck.attributes) if cards else 0
    sets = [0] * width
    for i, c in enumerate(cards):
        card = 1 << i
        for bit in value_bits(c):
            sets[bit] |= card
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
    outside T are at most T's capacity. The labels' capacities add up to the number of
    cards (as for every multiset of the lines), so this is the same as: each proper
    subset S of the labels (the labels outside T) is shown by at least as many cards as
    S takes. That form is checked, subset by subset, stopping at the first that fails.
    """
    size = 1 << len(labels)
    union = [0] * size  # cards showing some label of the subset
    capacity = [0] * size
    for subset in range(1, size - 1):
        low = subset & -subset
        bit, k = labels[low.bit_length() - 1]
        cards = union[subset] = union[subset ^ low] | sets[bit]
        room = capacity[subset] = capacity[subset ^ low] + k * per_line
        if (cards & full).bit_count() < room:
            return False
    return True


def _multisets(
    sets: Sequence[int],
    most: Sequence[int],
    full: int,
    lines: int,
    per_line: int,
    least: Labels = (),
) -> Iterator[Labels]:
    """Every label multiset of ``lines`` lines, label ``b`` on at most ``most[b]`` of them,
    with which every card shows a label and the counts allow ``per_line`` cards a line;
    made in the order of their tuples, from ``least`` on (branches that would come before
    it are not entered)."""
    usable = [b for b in range(len(sets)) if most[b]]
    reach = [0] * (len(usable) + 1)  # cards some label from usable[i:] could take
    for i in range(len(usable) - 1, -1, -1):
        reach[i] = reach[i + 1] | sets[usable[i]]
    chosen: list[tuple[int, int]] = []

    def extend(start: int, left: int, covered: int, tight: bool) -> Iterator[Labels]:
        # tight: what is chosen so far is the start of ``least``
        if left == 0:
            if covered == full and not (tight and len(chosen) < len(least)):
                yield tuple(chosen)
            return
        if covered | reach[start] != full:
            return  # some card shows none of the labels still available
        if (full & ~covered).bit_count() > left * per_line:
            return  # the remaining lines cannot take every card not yet covered
        if (covered & ~reach[start]).bit_count() > (lines - left) * per_line:
            return  # the lines chosen cannot take every card only they can take
        bound = least[len(chosen)] if tight and len(chosen) < len(least) else None
        for i in range(start, len(usable)):
            bit = usable[i]
            if bound is not None and bit < bound[0]:
                continue
            for k in range(1, min(left, most[bit]) + 1):
                if bound is not None and (bit, k) < bound:
                    continue
                chosen.append((bit, k))
                yield from extend(
                    i + 1, left - k, covered | sets[bit], bound is not None and (bit, k) == bound
                )
                chosen.pop()

    yield from extend(0, lines, 0, bool(least))


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
    adj: list[list[int]] = [[] for _ in range(n)]  # each card's crossings, in order
    for t, (a, b) in enumerate(crossings):
        both = sets[a] & sets[b]
        while both:
            low = both & -both
            adj[low.bit_length() - 1].append(t)
            both ^= low
    where = _match(adj, caps)
    if where is None:
        return None
    pools: dict[tuple[int, int], list[int]] = {x: [] for x in crossings}
    for card, t in enumerate(where):
        pools[crossings[t]].append(card)
    row_labels = [a for a, k in rows for _ in range(k)]
    col_labels = [b for b, k in cols for _ in range(k)]
    return [[pools[a, b].pop() for b in col_labels] for a in row_labels]


def fits(sets: Sequence[int], n: int, rows: Labels, cols: Labels) -> bool:
    """Whether :func:`fit` finds a grid for these labels (the same matching of cards to
    crossings), answered sooner: no grid is made, and a card takes a crossing with room
    when it has one before any other card is moved to make room (the assignment found
    first may differ from :func:`fit`'s, the answer cannot)."""
    caps = [ka * kb for _, ka in rows for _, kb in cols]
    adj: list[list[int]] = [[] for _ in range(n)]  # each card's crossings
    t = 0
    for a, _ in rows:
        for b, _ in cols:
            both = sets[a] & sets[b]
            while both:
                low = both & -both
                adj[low.bit_length() - 1].append(t)
                both ^= low
            t += 1
    room = caps
    owners: list[list[int]] = [[] for _ in caps]

    def augment(i: int, seen: list[bool]) -> bool:
        for t in adj[i]:
            if room[t]:
                room[t] -= 1
                owners[t].append(i)
                return True
        for t in adj[i]:
            if seen[t]:
                continue
            seen[t] = True
            for j in owners[t]:
                if augment(j, seen):  # j moved to another crossing: i takes its place
                    owners[t].remove(j)
                    owners[t].append(i)
                    return True
        return False

    return all(augment(i, [False] * len(caps)) for i in range(n))


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


def has_solution(cards: Sequence[Card], rows: int, cols: int) -> bool:
    """Whether the set can be solved, sooner than :func:`solve` for most sets: the row
    label multisets are made one at a time, and for each only the column multisets whose
    every crossing with a row label has enough cards; a pair is decided by :func:`fits`,
    which makes no grid. The answer is :func:`solve`'s (exhaustive too), and the first
    solution :func:`solve` returns (an answer key's) stays as it is.

    A square grid's transpose is a solution too, so, as in :func:`search`, each unordered
    pair of multisets is tried once: the column multisets are made from the row multiset
    on (both are made in the order of their tuples), and whether the cards split under a
    multiset (Hall's condition, the same for rows and columns) is decided once."""
    check_set(cards, rows, cols)
    n = len(cards)
    full = (1 << n) - 1
    sets = cards_with(cards)
    row_most = [s.bit_count() // cols for s in sets]
    col_most = [s.bit_count() // rows for s in sets]
    square = rows == cols
    splits: dict[Labels, bool] = {}  # a square's multisets: whether the cards split

    def split(labels: Labels, per_line: int) -> bool:
        if not square:
            return _hall(sets, labels, per_line, full)
        if labels not in splits:
            splits[labels] = _hall(sets, labels, per_line, full)
        return splits[labels]

    shared: dict[int, list[int]] = {}  # a row label: how many cards show it and each value

    for row_labels in _multisets(sets, row_most, full, rows, cols):
        if not split(row_labels, cols):
            continue
        # A column label b on k columns crosses row label a (on ka rows) in ka * k places,
        # each taking a card showing both: k is at most their cards over ka. Only column
        # multisets whose every crossing has enough cards are made (``search`` tries the
        # others and drops them, :func:`_crossings_ok`).
        most = list(col_most)
        for a, ka in row_labels:
            counts = shared.get(a)
            if counts is None:
                counts = shared[a] = [(sets[a] & s).bit_count() for s in sets]
            for b, count in enumerate(counts):
                if count < most[b] * ka:
                    most[b] = count // ka
        least = row_labels if square else ()
        for col_labels in _multisets(sets, most, full, cols, rows, least):
            if split(col_labels, rows) and fits(sets, n, row_labels, col_labels):
                return True
    return False


def is_impossible(cards: Sequence[Card], rows: int, cols: int) -> bool:
    """True when no arrangement of ``cards`` in ``rows`` x ``cols`` is solved (proved by
    exhaustive search)."""
    return search(cards, rows, cols) is None


# -- counting ------------------------------------------------------------------------------


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


def _exact_count(cards: Sequence[Card], rows: int, cols: int) -> Generator[None, None, int]:
    """The exact count of :func:`count_solutions` (see the module's note), yielding after
    each row label multiset and each pair of label multisets so that it can be paused;
    its return value is the count."""
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
    row_most = [s.bit_count() // cols for s in row_sets]
    for row_plan in _multisets(row_sets, row_most, full, rows, cols):  # as label_sets does
        yield
        if not _hall(row_sets, row_plan, cols, full):
            continue
        # A column label crosses every row label: k_b columns need k_a * k_b cards there.
        most = [min(both[a][b] // ka for a, ka in row_plan) for b in range(len(col_sets))]
        for col_plan in _multisets(col_sets, most, full, cols, rows):
            yield
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
    return total


# -- listing -------------------------------------------------------------------------------

Pair = tuple[tuple[int, ...], tuple[int, ...]]
"""A solution as (its longer lines, the lines crossing them), each line a bit set of cards."""


def _singles(cards: int) -> list[int]:
    """The cards of a bit set, one bit each, lowest first."""
    out = []
    while cards:
        low = cards & -cards
        out.append(low)
        cards ^= low
    return out


def _matches(sets: Sequence[int], cards: int, rows: Labels, cols: Labels) -> bool:
    """Can each of the ``cards`` go to a crossing of a row label and a column label that it
    shows, crossing (a, b) taking k_a * k_b of them (as in :func:`fit`)?"""
    both = [sets[a] & sets[b] for a, _ in rows for b, _ in cols]
    caps = [ka * kb for _, ka in rows for _, kb in cols]
    adj = [[t for t, s in enumerate(both) if s & card] for card in _singles(cards)]
    return _match(adj, caps) is not None


class _Lister:
    """Every solution of a set as a :data:`Pair`, each pair once: ``rows`` lines of ``cols``
    cards (``rows <= cols``), and the ``cols`` lines crossing them. A square grid's solution
    is two pairs, (rows, columns) and (columns, rows); with ``once``, only the one whose row
    through card 0 holds the lowest other card of that row and column.

    Iterating yields None after each line tried for a row and each pair when found, so that
    a caller can count steps and stop at any point. The search never enters a dead end (a
    row it places always leads to a pair, and so does a column), so its work grows with the
    pairs it lists, not with the set's count. (With ``once``, a split into rows may lead
    only to the other way of its solutions: its first column is then not placed.)

    * *Rows*: each way to split the cards into flush rows, once (the rows through the card
      with the fewest lines, each line once: under the lowest value it shares). A *plan* is
      how many columns share each value (a multiset of ``cols`` values, held as a number).
      Rows have crossing columns exactly when some plan is a *tally* of every row: its cards
      can be given values they show, plan[b] of them value b (then the columns sharing b
      take one card given b from each row, in any order). So the search carries the plans
      every row placed so far tallies, and places a row only when, for one of them, the
      cards left split into flush rows that tally it too: exactly when some multiset of
      labels for those rows and the plan admit a matching of the cards to the crossings,
      as :func:`search` decides a set.
    * *Columns*, once the rows are placed: the column through the first card not yet placed
      takes a card of every other row and shares a value (each such line once, as above); it
      is placed only when the cards left in the rows still have a tally in common.
    """

    def __init__(
        self, sets: Sequence[int], n: int, rows: int, cols: int, *, once: bool = False
    ) -> None:
        self.once = once
        self.sets = sets
        self.rows, self.cols = rows, cols
        self.full = (1 << n) - 1
        self.values_of = [[v for v, s in enumerate(sets) if s >> i & 1] for i in range(n)]
        # A tally or plan is one number: ``width`` bits a value, the top one a guard bit.
        self.width = cols.bit_length() + 1
        self.most = (1 << (self.width - 1)) - 1
        self.guards = sum(1 << (self.width * (v + 1) - 1) for v in range(len(sets)))
        self.units = [[1 << (self.width * v) for v in values] for values in self.values_of]
        self.plans: set[int] = set()
        self.tallies: dict[int, frozenset[int]] = {0: frozenset((0,))}
        self.row_plans: dict[int, list[tuple[Labels, int, list[int]]]] = {}
        self.splits_known: dict[tuple[int, int], bool] = {}

    def __iter__(self) -> Iterator[Pair | None]:
        # The plans the whole set allows (a plan of a solution is one of them).
        self.plans = {self.pack(p) for p in label_sets(self.sets, self.full, self.cols, self.rows)}
        yield from self.place_rows(self.full, None, [])

    def pack(self, labels: Labels) -> int:
        return sum(k << (self.width * v) for v, k in labels)

    def unpack(self, plan: int) -> Labels:
        fields = ((b, plan >> (self.width * b) & self.most) for b in range(len(self.sets)))
        return tuple((b, k) for b, k in fields if k)

    def tally(self, cards: int) -> frozenset[int]:
        """Every count of values the cards can show, one value a card (memoized)."""
        found = self.tallies.get(cards)
        if found is None:
            low = cards & -cards
            rest = self.tally(cards ^ low)
            found = frozenset(t + u for t in rest for u in self.units[low.bit_length() - 1])
            self.tallies[cards] = found
        return found

    def lines_through(self, free: int) -> Iterator[int]:
        """Every flush line of ``cols`` free cards through the free card that has the fewest
        (every split of the cards into rows has one of them), each line once."""
        length = self.cols - 1
        showing = [(s & free).bit_count() - 1 for s in self.sets]
        first = min(
            _singles(free),
            key=lambda card: sum(
                comb(showing[v], length) for v in self.values_of[card.bit_length() - 1]
            ),
        )
        values = self.values_of[first.bit_length() - 1]
        rest = free ^ first
        for v in values:
            pool = self.sets[v] & rest
            if pool.bit_count() < length:
                continue
            lower = [self.sets[u] for u in values if u < v]
            for others in combinations(_singles(pool), length):
                line = first + sum(others)
                if not any(line & ~s == 0 for s in lower):  # else listed under that value
                    yield line

    def splits(self, free: int, plan: int) -> bool:
        """Can the ``free`` cards split into flush rows that each tally ``plan``? (memoized)"""
        if not free:
            return True
        found = self.splits_known.get((free, plan))
        if found is None:
            found = any(
                (cap - plan) & self.guards == self.guards  # every crossing has enough cards
                and _matches(sets, free, row_labels, self.unpack(plan))
                for row_labels, cap, sets in self.row_labels(free)
            )
            self.splits_known[free, plan] = found
        return found

    def row_labels(self, free: int) -> list[tuple[Labels, int, list[int]]]:
        """The row label multisets of the ``free`` cards, each with the largest plan its
        crossings allow (as a number with the guard bits set) and the cards showing each
        value (memoized)."""
        found = self.row_plans.get(free)
        if found is None:
            sets = [s & free for s in self.sets]
            found = []
            for labels in label_sets(sets, free, free.bit_count() // self.cols, self.cols):
                cap = self.guards
                for b, s in enumerate(sets):
                    most = min((sets[a] & s).bit_count() // ka for a, ka in labels)
                    cap += min(most, self.most) << (self.width * b)
                found.append((labels, cap, sets))
            self.row_plans[free] = found
        return found

    def share_tally(self, rows: tuple[int, ...], left: int) -> bool:
        """Do the cards ``left`` in the rows have a tally in common (a column cover)?"""
        common: frozenset[int] | None = None
        for row in rows:
            tallies = self.tally(row & left)
            common = tallies if common is None else common & tallies
            if not common:
                return False
        return True

    def place_rows(
        self, free: int, plans: list[int] | None, rows: list[int]
    ) -> Iterator[Pair | None]:
        if not free:
            avoid = 0
            if self.once:  # the first column avoids the cards below the first row's second
                second = next(row for row in rows if row & 1) ^ 1
                avoid = ((second & -second) - 1) & ~1
            yield from self.place_columns(tuple(rows), self.full, [], {}, avoid)
            return
        for line in self.lines_through(free):
            yield None
            tallies = self.tally(line)
            if plans is None:
                left_plans = sorted(tallies & self.plans)
            else:
                left_plans = [p for p in plans if p in tallies]
            left = free & ~line
            for k, plan in enumerate(left_plans):
                if self.splits(left, plan):
                    rows.append(line)
                    yield from self.place_rows(left, left_plans[k:], rows)
                    rows.pop()
                    break

    def place_columns(
        self,
        rows: tuple[int, ...],
        free: int,
        columns: list[int],
        known: dict[int, bool],
        avoid: int = 0,
    ) -> Iterator[Pair | None]:
        if free.bit_count() == len(rows):  # a card left in each row: they share a value
            yield rows, (*columns, free)
            return
        first = free & -free
        values = self.values_of[first.bit_length() - 1]
        others = [row & free for row in rows if not row & first]
        for v in values:
            picks = [_singles(row & self.sets[v]) for row in others]
            if not all(picks):
                continue
            lower = [self.sets[u] for u in values if u < v]
            for chosen in product(*picks):
                column = first + sum(chosen)
                if column & avoid or any(column & ~s == 0 for s in lower):
                    continue  # the transpose is listed; listed under that lower value
                left = free & ~column
                if left:
                    crossable = known.get(left)
                    if crossable is None:
                        crossable = known[left] = self.share_tally(rows, left)
                    if not crossable:
                        continue
                columns.append(column)
                yield from self.place_columns(rows, left, columns, known)
                columns.pop()


def solutions(cards: Sequence[Card], rows: int, cols: int) -> Iterator[tuple[int, ...]]:
    """Each solution once, up to reordering rows and columns and, for a square grid,
    transposing: its row sets, then its column sets, as card bits. Of a square grid and its
    transpose, the one listed is that whose row through card 0 holds the lowest other card
    of that row and column."""
    check_set(cards, rows, cols)
    short, long = min(rows, cols), max(rows, cols)
    for found in _Lister(cards_with(cards), len(cards), short, long, once=rows == cols):
        if found is not None:
            lines, crossing = found
            row_sets, col_sets = (lines, crossing) if rows <= cols else (crossing, lines)
            yield tuple(sorted(row_sets)) + tuple(sorted(col_sets))


@dataclass
class CountStats:
    """How :func:`count_solutions` answered a count with a limit: ``method`` is "listed"
    (the listing reached the limit, or ended having listed every solution) or "exact" (the
    exact count ended first); the steps each took (lines tried by the listing; label
    multisets and pairs of them by the exact count); and the pairs listed (a square grid's
    solutions are two pairs each, see :class:`_Lister`)."""

    method: str = ""
    listing_steps: int = 0
    exact_steps: int = 0
    pairs: int = 0


FIRST_TURN = 0.05
TURN = 0.002
"""With a limit, the exact count and the listing take turns of ``TURN`` seconds (each turn
at least one step), the exact count first, for ``FIRST_TURN`` seconds: time enough to count
most random sets."""


def count_solutions(
    cards: Sequence[Card],
    rows: int,
    cols: int,
    limit: int | None = None,
    stats: CountStats | None = None,
) -> int:
    """How many distinct solutions the set has, up to reordering rows and columns (and,
    for a square grid, transposing): 0 for an impossible set. With ``limit`` the answer
    is the smaller of that count and ``limit`` (which must not be negative); ``stats``
    records how it was found.

    Without a limit the count is exact and lists no solution (see the module's note): a
    random 5x5 set some 25 ms (at most about 0.1 s in a thousand), smaller sizes a few;
    but a set drawn from few values (most cards sharing two or three values) takes up to
    several seconds, having millions of solutions or many more.

    With a limit, two exact methods take turns and the first to finish answers:

    * the exact count, then the smaller of it and the limit;
    * the listing of :class:`_Lister`, which stops when it has listed ``limit`` solutions
      (then the set has at least that many: the answer is the limit) and which, if it ends
      first, has listed every solution (the answer is how many). It never places a line
      that leads to no solution, so its work (the lines tried: at most those through one
      card for each line placed) grows with the limit, not with the count.

    Either way the answer is exact; the turns only decide how soon it comes. Listing is far
    slower per solution (some 50 to 250 µs, against about 1 µs for the exact count of a
    random 5x5 set's tens of thousands), so the exact count goes first, alone for
    ``FIRST_TURN`` (50 ms, enough for most random sets), then they alternate ``TURN``
    (2 ms) each: a set costs at most about twice the faster method, plus 50 ms. Measured
    (``benchmarks/bench_counting.py --runs 3``, medians over sets, shared 2-core machine):
    30 random 5x5 sets, exact 44 ms, with limits 1, 100 and 10,000 45, 45 and 43 ms (worst
    0.22 s); 12 few-value 5x5 sets, exact 0.75 s (worst 3.3 s), with those limits 67 ms,
    78 ms and 0.62 s (worst 0.11, 0.25 and 1.9 s: listing 10,000 solutions of a set with
    about a billion takes longer than its exact count, which then answers).

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
    stats = stats if stats is not None else CountStats()
    exact = _exact_count(cards, rows, cols)
    if limit is None:
        return _run(exact)
    if limit == 0:
        return 0
    per = 2 if rows == cols > 1 else 1  # a square grid's solutions are listed twice
    listing = iter(_Lister(cards_with(cards), len(cards), min(rows, cols), max(rows, cols)))
    turn = FIRST_TURN
    while True:
        end = time.perf_counter() + turn
        turn = TURN
        while True:  # the exact count's turn
            try:
                next(exact)
            except StopIteration as done:
                stats.method = "exact"
                total: int = done.value
                return min(total, limit)
            stats.exact_steps += 1
            if time.perf_counter() >= end:
                break
        end = time.perf_counter() + TURN
        while True:  # the listing's turn
            try:
                found = next(listing)
            except StopIteration:  # the listing ended: every solution was listed
                stats.method = "listed"
                return stats.pairs // per
            stats.listing_steps += 1
            if found is not None:
                stats.pairs += 1
                if stats.pairs == limit * per:
                    stats.method = "listed"
                    return limit
            if time.perf_counter() >= end:
                break


def _run(steps: Generator[None, None, int]) -> int:
    """The return value of a step generator, run to its end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            total: int = done.value
            return total


def grid_from_lines(cards: Sequence[Card], found: tuple[int, ...], rows: int) -> Grid:
    """The grid a solution from :func:`solutions` describes, rows and columns in the order
    given."""
    row_sets, col_sets = found[:rows], found[rows:]
    return tuple(tuple(cards[(r & c).bit_length() - 1] for c in col_sets) for r in row_sets)

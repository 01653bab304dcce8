"""Proofs in words that a Matrix set is impossible: a case analysis a pupil can follow.

Every solved grid gives each row a value its cards share and each column one, so a
proof goes through what the rows and the columns could share:

1. **The lists.** A row of C cards shares a value that at least C cards show; k rows
   sharing one value need k x C cards showing it; every card needs a row whose value it
   shows; and the cards must split among the rows. The row lists (one value a row,
   order aside) that pass are numbered; the column lists likewise.
2. **Crossings.** k rows sharing v and m columns sharing w cross in k x m places, each
   holding a card that shows v and w. So when fewer cards show both (none, often), no
   row list with k or more v goes with a column list with m or more w: one fact rules
   out many pairs of lists at once.
3. **Crowds.** Each pair of lists left fails because some cards fit only at crossings
   with fewer places than cards: "GbzS, Gg~T and Rb~T fit only at green row x circle
   column: 2 places for 3 cards".

A :class:`Proof` is data first (the lists, the facts and the crowds) and words second,
so that :func:`check_proof` re-checks every step by itself, without the solver or the
builder's helpers: it rebuilds the lists by brute force, counts every crossing again,
and confirms that the facts and crowds leave no pair of lists standing.
:func:`impossibility_proof` raises ValueError for a set that can be solved.

>>> from printables.cards import FOUR_D, read_cards
>>> book = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)
>>> proof = impossibility_proof(book, 3, 3)
>>> check_proof(book, 3, 3, proof)
>>> print(proof.lines[0])  # doctest: +ELLIPSIS
Rows: a row of 3 cards shares a value that at least 3 cards show; ...
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
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
    """Cards that fit only at ``crossings`` (row value, column value), which hold fewer
    places than there are cards."""

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
class Proof:
    """A case analysis that no arrangement works."""

    rows: int
    cols: int
    row_options: tuple[Option, ...]
    col_options: tuple[Option, ...]
    facts: tuple[TooFew, ...]
    crowds: tuple[Crowd, ...]

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
        """How long the proof is: the facts and crowds it takes (at least one step)."""
        return max(1, len(self.facts) + len(self.crowds))


# -- finding a proof ------------------------------------------------------------------------


def impossibility_proof(cards: Sequence[Card], rows: int, cols: int) -> Proof:
    """The case analysis proving the set impossible; ValueError when it can be solved."""
    check_set(cards, rows, cols)
    sets = _Sets(cards)
    row_options = sets.options(rows, cols)
    col_options = row_options if rows == cols else sets.options(cols, rows)
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
    )


def _fits(shown: dict[Card, frozenset[Value]], rows: Option, cols: Option, why: TooMany) -> bool:
    """Whether crowd ``why`` holds for this pair of lists as it is told: its crossings are
    among the pair's, its cards (``shown``: the values each shows) fit no other, and they
    hold the places it says."""
    named = set(why.crossings)
    if not all(v in rows and w in cols for v, w in named):
        return False
    row_values, col_values = set(rows), set(cols)
    for card in why.cards:
        values = shown[card]
        across = [w for w in col_values if w in values]
        if any((v, w) not in named for v in row_values if v in values for w in across):
            return False
    return sum(rows.count(v) * cols.count(w) for v, w in named) == why.places


def _fewest_crowds(
    cards: Sequence[Card],
    found: dict[tuple[int, int], list[TooMany]],
    row_options: Sequence[Option],
    col_options: Sequence[Option],
) -> tuple[Crowd, ...]:
    """A crowd for each pair of lists left, chosen so that few crowds serve them all (the
    words tell a crowd once for all its pairs): greedily, the crowd found for some pair
    that holds for the most pairs still open, the one with fewer cards first."""
    candidates = list(dict.fromkeys(why for whys in found.values() for why in whys))
    shown = {card: frozenset(card.shown) for card in cards}
    serves = {
        why: {(i, j) for i, j in found if _fits(shown, row_options[i], col_options[j], why)}
        for why in candidates
    }
    open_pairs = set(found)
    chosen: dict[tuple[int, int], TooMany] = {}
    while open_pairs:
        best = max(candidates, key=lambda w: (len(serves[w] & open_pairs), -len(w.cards)))
        for pair in serves[best] & open_pairs:
            chosen[pair] = best
        open_pairs -= serves[best]
    return tuple(Crowd(i + 1, j + 1, chosen[i, j]) for i, j in sorted(chosen))


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

    def clash(self, v: int, w: int) -> bool:
        """Two values of one attribute (green and red): no card shows both."""
        return v != w and self.values[v].attribute == self.values[w].attribute

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
    if list(proof.row_options) != _all_options(cards, rows, cols):
        raise ProofError("the row lists are not exactly those the counts allow")
    if list(proof.col_options) != _all_options(cards, cols, rows):
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
    if not set(why.crossings) <= crossings:
        raise ProofError(f"{where}: a crossing named is not one of these lists")
    for card in why.cards:
        fits = {(v, w) for v, w in crossings if v in card.shown and w in card.shown}
        if not fits <= set(why.crossings):
            raise ProofError(f"{where}: {card} fits a crossing not named")
    places = sum(rows.count(v) * cols.count(w) for v, w in set(why.crossings))
    if not (places == why.places < len(set(why.cards))):
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
    "a card that shows both. A proof rules out pairs of lists (row list x column list) by "
    "these counts, and for each pair left names cards that outnumber the only places they "
    "fit. In a square, each pair holds the other way round too (the grid turned over). "
    "(1-3) ... w/=/~ is three lists, ending in w, = and ~; (1, 2) x (3) is 1 x 3 and "
    "2 x 3; B/G is B or G."
)
"""What every proof's first steps say, for a page that prints it once before its proofs
(with :attr:`Proof.brief_lines`)."""


def _brief_lines(proof: Proof) -> tuple[str, ...]:
    if not proof.row_options:
        return _lines(proof)  # one short step: nothing to leave out
    lines = [f"Row lists: {_numbered(proof.row_options)}.",
             "Column lists: the same." if proof.rows == proof.cols
             else f"Column lists: {_numbered(proof.col_options)}."]  # fmt: skip
    lines += [_fact_text(f) for f in proof.facts]
    if proof.crowds:
        lines.append("Pairs left:" if proof.facts else "Pairs not ruled out by two colors (or "
                     "shades, patterns, shapes):")  # fmt: skip
        lines += _crowd_texts(proof.crowds)
    elif proof.facts:
        lines.append("That rules out every pair of lists: no arrangement works.")
    else:
        lines.append(
            "Every pair of lists has a row value and a column value that are two colors, two "
            "shades, two patterns or two shapes. No arrangement works."
        )
    return tuple(lines)


def _lines(proof: Proof) -> tuple[str, ...]:
    rows, cols = proof.rows, proof.cols

    ranged = any(
        first < last
        for found in (proof.row_options, proof.col_options)
        for first, last, _, _ in _ranges(found)
    )

    if not proof.row_options:
        return (
            f"Rows: a row of {cols} cards shares a value that at least {cols} cards show, "
            "and every card needs a row whose value it shows; no list of values for the "
            "rows gives every card a place.",
        )
    lines = [
        f"Rows: a row of {cols} cards shares a value that at least {cols} cards show; k rows "
        f"sharing a value need k x {cols} cards showing it; every card needs a row whose "
        "value it shows. So the rows share one of these lists (values as on the cards"
        + ("; (1-3) ... w/=/~ is three lists, ending in w, = and ~" if ranged else "")
        + f"): {_numbered(proof.row_options)}.",
        "Columns: the same holds, so they share one of the same lists."
        if rows == cols
        else f"Columns, of {rows} cards, likewise share one of: {_numbered(proof.col_options)}.",
        "A row and a column cross at a card showing both their values, so a row and a column "
        "never share two colors, two shades, two patterns or two shapes; and k rows sharing "
        "one value and m columns sharing another cross in k x m places."
        + (
            (" So (rows and columns alike):" if rows == cols else " So:")
            if proof.facts
            else " That rules out every pair of lists but those below."
            if proof.crowds
            else ""
        ),
    ]
    lines += [_fact_text(f) for f in proof.facts]
    if proof.crowds:
        lines.append(
            "That leaves these pairs, row list x column list, where cards outnumber their "
            f"places{_crowd_notes(proof.crowds, rows == cols)}:"
        )
        lines += _crowd_texts(proof.crowds)
    elif proof.facts:
        lines.append("That rules out every pair of lists: no arrangement works.")
    else:
        lines.append(
            "That alone rules out every pair of lists: in each, a row value and a column "
            "value are two colors, two shades, two patterns or two shapes. No arrangement "
            "works."
        )
    return tuple(lines)


def _fact_text(fact: TooFew) -> str:
    """``Only 1 card shows blue and circle: 2 rows sharing B cannot cross a column
    sharing C (2 places).``"""
    if fact.cards == 0:
        have = "no card shows"
    else:
        have = (
            f"only {fact.cards} card{'s' if fact.cards > 1 else ''} show{'s' * (fact.cards == 1)}"
        )
    rows = _lines_of(fact.row_lines, "row", fact.row)
    cols = _lines_of(fact.col_lines, "column", fact.col)
    places = "" if fact.places == 1 else f" ({fact.places} places)"
    text = f"{have} {fact.row.name} and {fact.col.name}: {rows} cannot cross {cols}{places}."
    return text[:1].upper() + text[1:]


def _lines_of(k: int, word: str, value: Value) -> str:
    if k == 1:
        return f"a {word} sharing {value.symbol}"
    return f"{k} {word}s sharing {value.symbol}"


def _pairs_of(crowds: Sequence[Crowd]) -> dict[TooMany, list[tuple[int, int]]]:
    """Each crowd of cards (the same cards, crossings and places) and the pairs of lists
    where it outnumbers its places."""
    pairs: dict[TooMany, list[tuple[int, int]]] = {}
    for crowd in crowds:
        pairs.setdefault(crowd.why, []).append((crowd.row_list, crowd.col_list))
    return pairs


def _crowd_texts(crowds: Sequence[Crowd]) -> list[str]:
    """A line for each crowd of cards, naming every pair of lists where it outnumbers its
    places: ``(1, 2) x (4): Rb=T, Rb~T fit only at R row x T column: 1 place for 2
    cards.``"""
    lines = []
    for why, where in _pairs_of(crowds).items():
        at = _crossings_text(why.crossings)
        cards = ", ".join(str(c) for c in why.cards)
        places = f"{why.places} place{'s' if why.places != 1 else ''}"
        lines.append(
            f"{_pairs_text(where)}: {cards} fit only at {at}: {places} for {len(why.cards)} cards."
        )
    return lines


def _crowd_notes(crowds: Sequence[Crowd], square: bool) -> str:
    """What the crowds' lines need said once before them: that a square's pair holds
    turned over too, and how grouped pairs and crossings read, when they are used."""
    notes = ["each also the other way round: the same grid turned over"] if square else []
    pairs = _pairs_of(crowds)
    if any(_widened(where) for where in pairs.values()):
        notes.append("(1, 2) x (3) is 1 x 3 and 2 x 3")
    if any(_widened(why.crossings) for why in pairs):
        notes.append("B/G is B or G")
    return f" ({'; '.join(notes)})" if notes else ""


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
    a slash for "any of" (``B/G row x =/~ column or R row x C column``).

    >>> from printables.cards import FOUR_D
    >>> v = {value.symbol: value for a in FOUR_D.attributes for value in a.values}
    >>> _crossings_text([(v["B"], v["="]), (v["B"], v["~"]), (v["G"], v["="]),
    ...                  (v["G"], v["~"]), (v["R"], v["C"])])
    'B/G row x =/~ column or R row x C column'
    """
    return or_list([f"{'/'.join(v.symbol for v in rows)} row x "
                    f"{'/'.join(w.symbol for w in cols)} column"
                    for rows, cols in _grouped(crossings)])  # fmt: skip

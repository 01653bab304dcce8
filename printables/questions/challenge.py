"""Challenge puzzles (the appendix challenges of the 4D Playing Cards rulebook, for the
strongest pupils): a question kind (:data:`KIND`) whose puzzles may have many right
answers. The judge verifies any answer by the rule; :meth:`ChallengeKind.solutions`
counts the right answers (``unique`` is False); each key gives one answer from the
engine (:mod:`printables.fourd.challenges`) and why it is right.

Three questions:

- **layout**: "Lay these cards in a grid of R rows and C columns so that every two
  neighbours share exactly two values." The cards are a window of the 9 x 9 layout of all
  81 cards (:func:`~printables.fourd.challenges.neighbour_layout`), seen from either side,
  its values substituted (a cipher of the whole deck keeps every neighbour's two shared
  values) and shuffled. Graded by the number of cards: *easy* 6 or 9 (2 x 3, 3 x 3),
  *medium* 12 (3 x 4), *hard* 16 or 25 (4 x 4, 5 x 5). Right layouts are many (every
  window has at least its flips); :meth:`~ChallengeKind.solutions` counts them by an
  exhaustive search, one per turn and flip, that stops at :data:`LAYOUT_LIMIT`: a count
  below it is exact, and a window of 16 or 25 cards holds tens of thousands of layouts,
  too many to list while a page waits.
- **split**: "Split these cards into N sets of M that are ciphers of each other."
  Set 1 is a random set (for three cards, the rulebook's example of a random pattern),
  the others its images under random ciphers of the deck, all disjoint. Graded by the
  number of ways to split the cards into N sets of M, right or not: *easy* 10 (two sets
  of 3), *medium* 280 (three of 3), *hard* 5775 (three of 4) or 24310 (two of 9, the
  rulebook's nine-card ciphers). Right splits are counted exhaustively: every split for
  sets of up to four cards (:func:`~printables.fourd.patterns.cipher_form`), and for two
  sets every cipher of the deck that could carry one onto the other (a cipher is fixed
  by where it sends one card, up to 384 ways), each split found confirmed by
  :func:`~printables.fourd.patterns.are_ciphers`.
- **pair-free**: "Add as many of the offered cards as you can to the set shown without
  making a triple-flush pair." The set is part of the engine's 27-card set with no such
  pair (:func:`~printables.fourd.challenges.largest_without_triple_flush_pair`),
  substituted. Graded by the clashes among the offered cards that fit the set one at a
  time (pairs of them sharing three values): *easy* none (all that fit join), *medium* 1
  or 2, *hard* 3 or more. Every subset of the offered cards is tried, so the best size and
  :meth:`~ChallengeKind.solutions` (how many best choices) are exhaustive; a puzzle is
  kept only when the fitting cards split into as many groups of cards sharing three
  values as the best choice holds, so the key proves the bound as the appendix does
  (:data:`~printables.fourd.challenges.PAIR_FREE_PROOF`: one card a group).

>>> puzzle = KIND.generate(3, KIND.choices(question="pair-free", level="easy"))
>>> puzzle.level, KIND.solutions(puzzle), KIND.check(puzzle, puzzle.answer.lower()).right
('easy', 1, True)
>>> puzzle = KIND.generate(3, KIND.choices(question="layout", level="medium"))
>>> len(puzzle.cards), KIND.check(puzzle, puzzle.answer).right
(12, True)
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations, product
from math import factorial
from typing import Any, ClassVar

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.errors import CardNameError
from printables.cards.reading import read_cards, read_grid
from printables.cards.wording import and_list, counted, names, values_text
from printables.fourd.challenges import largest_without_triple_flush_pair, neighbour_layout
from printables.fourd.flushes import is_triple_flush_pair
from printables.fourd.patterns import PATTERNS, are_ciphers, cipher_form, pattern_of
from printables.puzzles import Scramble
from printables.questions.base import Group, Question, QuestionKind, Verdict

KEY = "challenge"
LAYOUT, SPLIT, PAIR_FREE = "layout", "split", "pair-free"
LAYOUT_SHAPES = {"easy": ((2, 3), (3, 3)), "medium": ((3, 4),), "hard": ((4, 4), (5, 5))}
"""The grids (rows, columns) of a "layout" puzzle at each level."""
LAYOUT_LIMIT = 100
"""Where the count of right layouts stops (a count below it is exact)."""
SPLIT_SHAPES = {"easy": ((2, 3),), "medium": ((3, 3),), "hard": ((3, 4), (2, 9))}
"""The splits (sets, cards a set) of a "split" puzzle at each level."""
PAIR_FREE_SIZES = {"easy": (6, 6), "medium": (8, 8), "hard": (9, 10)}
"""The cards in the set shown and the cards offered, at each level."""
FITTING = {"easy": (3, 4), "medium": (4, 6), "hard": (6, 8)}
"""How many offered cards fit the set alone, fewest and most, at each level."""
NONE_WORDS = ("none", "no", "0", "nothing", "no cards")


def layout_level(cards: int) -> str:
    """The level of a layout of so many cards.

    >>> layout_level(9), layout_level(12), layout_level(25)
    ('easy', 'medium', 'hard')
    """
    return "easy" if cards <= 9 else "medium" if cards <= 12 else "hard"


def split_ways(sets: int, size: int) -> int:
    """The ways to split ``sets * size`` cards into ``sets`` sets of ``size``.

    >>> split_ways(2, 3), split_ways(3, 3), split_ways(3, 4), split_ways(2, 9)
    (10, 280, 5775, 24310)
    """
    ways: int = factorial(sets * size) // (factorial(size) ** sets * factorial(sets))
    return ways


def split_level(ways: int) -> str:
    """The level of a split puzzle with so many ways to split its cards."""
    return "easy" if ways <= 10 else "medium" if ways <= 280 else "hard"


def pair_free_level(clashes: int) -> str:
    """The level of a pair-free puzzle with so many clashes among the fitting cards."""
    return "easy" if clashes == 0 else "medium" if clashes <= 2 else "hard"


# -- ciphers of the whole deck ---------------------------------------------------------


@dataclass(frozen=True)
class Substitution:
    """A cipher of the whole deck: a card's attribute ``k`` becomes attribute
    ``places[k]``, its value ``v`` there becoming value ``values[k][v]``.

    >>> from printables.cards import card
    >>> str(Substitution((1, 0, 2, 3), ((1, 0, 2),) * 4)(card("Bw=S")))
    'Rg~C'
    """

    places: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]

    @classmethod
    def random(cls, rng: random.Random) -> Substitution:
        places = tuple(rng.sample(range(4), 4))
        return cls(places, tuple(tuple(rng.sample(range(3), 3)) for _ in range(4)))

    def __call__(self, card: Card) -> Card:
        out = [0, 0, 0, 0]
        for k, v in enumerate(card.values):
            out[self.places[k]] = self.values[k][v]
        return FOUR_D.with_values(tuple(out))

    def words(self, cards: Sequence[Card]) -> str:
        """The substitution of the values ``cards`` show, in words."""
        parts = []
        for k, attribute in enumerate(FOUR_D.attributes):
            target = FOUR_D.attributes[self.places[k]]
            shown = sorted({c.values[k] for c in cards})
            maps = ", ".join(
                f"{attribute.values[v].name} to {target.values[self.values[k][v]].name}"
                for v in shown
            )
            head = attribute.name if target is attribute else f"{attribute.name} as {target.name}"
            parts.append(f"{head} ({maps})")
        return "; ".join(parts)


# -- layout ------------------------------------------------------------------------------


def _partners(cards: Sequence[Card]) -> list[int]:
    """For each card, the bit mask of the cards sharing exactly two values with it."""
    return [sum(1 << j for j, b in enumerate(cards) if a.shares(b) == 2) for a in cards]


class _Enough(Exception):
    """The count reached its limit."""


def layouts(cards: Sequence[Card], rows: int, cols: int, limit: int = LAYOUT_LIMIT) -> int:
    """How many grids of ``rows`` x ``cols`` lay out ``cards`` with every two neighbours
    sharing exactly two values, counted up to ``limit``.

    The search fills the grid row by row and keeps one layout of each set of turns and
    flips (the top left card first of the corners in the given order, and for a square
    the top right before the bottom left): each it finds stands for 4 (8 for a square).

    >>> grid = neighbour_layout()
    >>> layouts([*grid[0][:3], *grid[1][:3]], 2, 3), layouts(grid[0][:3], 1, 3)
    (96, 6)
    """
    n = len(cards)
    if n != rows * cols:
        return 0
    part = _partners(cards)
    cells = rows * cols
    corners = {cols - 1, (rows - 1) * cols, cells - 1} - {0}
    square = rows == cols and rows > 1
    each = 8 if square else 4 if rows > 1 and cols > 1 else 2 if cells > 1 else 1
    grid = [0] * cells
    found = 0

    def place(p: int, free: int) -> None:
        nonlocal found
        if p == cells:
            found += each
            if found >= limit:
                raise _Enough
            return
        row, col = divmod(p, cols)
        options = free
        if col:
            options &= part[grid[p - 1]]
        if row:
            options &= part[grid[p - cols]]
        if p in corners:
            options &= ~((2 << grid[0]) - 1)
        if square and p == (rows - 1) * cols:
            options &= ~((2 << grid[cols - 1]) - 1)
        while options:
            bit = options & -options
            options ^= bit
            grid[p] = bit.bit_length() - 1
            place(p + 1, free ^ bit)

    try:
        place(0, (1 << n) - 1)
    except _Enough:
        return limit
    return found


def _pair_words(a: Card, b: Card) -> str:
    shared = a.shared_with(b)
    what = f" ({values_text(shared)})" if shared else ""
    return f"share {counted(len(shared), 'value')}{what}"


def _shared_attributes(a: Card, b: Card) -> str:
    return and_list([t.name for t, x, y in zip(FOUR_D.attributes, a.values, b.values,
                                                strict=True) if x == y])  # fmt: skip


def _layout_key(grid: Sequence[Sequence[Card]]) -> tuple[str, ...]:
    rows, cols = len(grid), len(grid[0])
    across = Counter(_shared_attributes(r[c], r[c + 1]) for r in grid for c in range(cols - 1))
    down = Counter(
        _shared_attributes(grid[r][c], grid[r + 1][c]) for r in range(rows - 1) for c in range(cols)
    )

    def told(counts: Counter[str]) -> str:
        if len(counts) == 1:
            return f"all {sum(counts.values())} share their {next(iter(counts))}"
        return and_list([f"{n} share their {what}" for what, n in sorted(counts.items())])

    return (
        "One layout: " + " / ".join(names(row) for row in grid) + ".",
        f"Side by side, {told(across)}; one above the other, {told(down)}: every two "
        "neighbours share exactly two values (and differ in the other two).",
        "These cards are a window of a 9 x 9 layout of all 81 cards with that property "
        "(the rulebook's appendix challenge), their values substituted; flipping the grid "
        "left to right or top to bottom gives other right layouts.",
    )


# -- split -------------------------------------------------------------------------------


def right_splits(cards: Sequence[Card], sets: int, size: int) -> list[tuple[tuple[Card, ...], ...]]:
    """Every split of ``cards`` into ``sets`` sets of ``size`` that are ciphers of each
    other, each once (sets and cards in deck order)."""
    ordered = sorted(cards)
    if len(ordered) != sets * size:
        return []
    if sets == 2 and size > 4:
        return _halves(ordered)
    forms: dict[int, Any] = {}

    def form(chosen: tuple[Card, ...]) -> Any:
        mask = sum(1 << c.index for c in chosen)
        if mask not in forms:
            forms[mask] = cipher_form(chosen)
        return forms[mask]

    found: list[tuple[tuple[Card, ...], ...]] = []

    def split(rest: list[Card], done: list[tuple[Card, ...]]) -> None:
        if not rest:
            found.append(tuple(done))
            return
        first, others = rest[0], rest[1:]
        for more in combinations(others, size - 1):
            chosen = (first, *more)
            if done and form(chosen) != form(done[0]):
                continue
            split([c for c in others if c not in more], [*done, chosen])

    split(ordered, [])
    return found


def _halves(cards: list[Card]) -> list[tuple[tuple[Card, ...], ...]]:
    """Every split of ``cards`` into two ciphers: for each cipher ``g`` of the deck sending
    the first card to another, the sets ``A`` with ``g(A)`` the rest (along each chain
    ``x, g(x), g(g(x))...`` inside the cards, membership alternates)."""
    inside = {c.values: i for i, c in enumerate(cards)}
    first = cards[0].values
    found: set[int] = set()
    for target in cards[1:]:
        for places in permutations(range(4)):
            fixed = [(first[k], target.values[places[k]]) for k in range(4)]
            for flips in product((False, True), repeat=4):
                maps = []
                for (v, w), flip in zip(fixed, flips, strict=True):
                    rest_from = [x for x in range(3) if x != v]
                    rest_to = [x for x in range(3) if x != w]
                    if flip:
                        rest_to.reverse()
                    m = [0, 0, 0]
                    m[v] = w
                    for x, y in zip(rest_from, rest_to, strict=True):
                        m[x] = y
                    maps.append(m)
                found.update(_alternating(cards, inside, places, maps))
    half = len(cards) // 2
    splits: list[tuple[tuple[Card, ...], ...]] = []
    for mask in sorted(found):
        one = tuple(c for i, c in enumerate(cards) if mask >> i & 1)
        other = tuple(c for i, c in enumerate(cards) if not mask >> i & 1)
        if len(one) == half and are_ciphers(one, other):
            splits.append((one, other))
    return splits


def _alternating(
    cards: list[Card], inside: dict[tuple[int, ...], int], places: tuple[int, ...],
    maps: list[list[int]],
) -> list[int]:  # fmt: skip
    """The masks of the sets ``A`` (holding card 0) with ``g(A)`` the other cards."""
    n = len(cards)
    image = [-1] * n
    misses = 0
    for i, c in enumerate(cards):
        out = [0, 0, 0, 0]
        for k, v in enumerate(c.values):
            out[places[k]] = maps[k][v]
        image[i] = inside.get(tuple(out), -1)
        if image[i] < 0:
            misses += 1
            if misses > n // 2:
                return []
    before = [-1] * n
    for i, j in enumerate(image):
        if j >= 0:
            before[j] = i
    base = 0
    cycles: list[list[int]] = []
    seen = [False] * n
    for start in range(n):
        if before[start] >= 0 or seen[start]:
            continue
        chain = []
        i = start
        while i >= 0:
            seen[i] = True
            chain.append(i)
            i = image[i]
        if len(chain) % 2:
            return []
        base |= sum(1 << x for x in chain[::2])
    for start in range(n):
        if seen[start]:
            continue
        cycle = []
        i = start
        while not seen[i]:
            seen[i] = True
            cycle.append(i)
            i = image[i]
        if len(cycle) % 2:
            return []
        cycles.append(cycle)
    masks = []
    for choice in product((0, 1), repeat=len(cycles)):
        mask = base
        for cycle, odd in zip(cycles, choice, strict=True):
            mask |= sum(1 << x for x in cycle[odd::2])
        masks.append(mask if mask & 1 else ((1 << n) - 1) ^ mask)
    return masks


def _profile(cards: Sequence[Card]) -> Counter[int]:
    """How many values show on each number of cards."""
    return Counter(Counter((k, v) for c in cards for k, v in enumerate(c.values)).values())


def why_not_ciphers(first: Sequence[Card], second: Sequence[Card], a: int, b: int) -> str:
    """Why set ``a`` and set ``b`` are not ciphers of each other, in counts a pupil checks.

    >>> from printables.cards import FOUR_D
    >>> why_not_ciphers(FOUR_D.cards[:3], FOUR_D.cards[3:6], 1, 2)[:60]
    'set 1 and set 2 are not ciphers of each other: set 1 is 3-3-'
    """
    head = f"set {a} and set {b} are not ciphers of each other"
    if len(first) == 3:
        return f"{head}: set {a} is {pattern_of(first)}, set {b} is {pattern_of(second)}"
    mine, theirs = _profile(first), _profile(second)
    for count in sorted(set(mine) | set(theirs), reverse=True):
        if mine[count] != theirs[count]:
            verb = "shows" if mine[count] == 1 else "show"
            other = f"{theirs[count]} value{'' if theirs[count] == 1 else 's'}"
            return (f"{head}: in set {a}, {mine[count]} value{'' if mine[count] == 1 else 's'} "
                    f"{verb} on {count} cards; in set {b}, {other}")  # fmt: skip
    pairs = [Counter(x.shares(y) for x, y in combinations(s, 2)) for s in (first, second)]
    for shared in (3, 2, 1, 0):
        if pairs[0][shared] != pairs[1][shared]:
            return (f"{head}: set {a} holds {counted(pairs[0][shared], 'pair')} of cards "
                    f"sharing {shared} values; set {b} holds {pairs[1][shared]}")  # fmt: skip
    return f"{head}: their counts agree, but no substitution of values turns one into the other"


# -- pair-free ---------------------------------------------------------------------------


def _clash(card: Card, others: Sequence[Card]) -> Card | None:
    """The first card of ``others`` sharing three values with ``card``."""
    return next((o for o in others if is_triple_flush_pair(card, o)), None)


def best_additions(shown: Sequence[Card], offered: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every largest choice of ``offered`` cards that joins ``shown`` with no triple-flush
    pair, tried subset by subset (cards in the order offered)."""
    fit = [c for c in offered if _clash(c, shown) is None]
    clash = [sum(1 << j for j, b in enumerate(fit) if is_triple_flush_pair(a, b)) for a in fit]
    best: list[int] = []
    size = -1
    for mask in range(1 << len(fit)):
        if any(mask >> i & 1 and clash[i] & mask for i in range(len(fit))):
            continue
        count = mask.bit_count()
        if count > size:
            best, size = [mask], count
        elif count == size:
            best.append(mask)
    return [tuple(c for i, c in enumerate(fit) if m >> i & 1) for m in best]


def _groups(fit: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The fewest groups of cards, each two of a group sharing three values, that hold
    ``fit`` (cards in the order given; a group is at most three cards)."""
    best: list[tuple[Card, ...]] = list((c,) for c in fit)

    def cover(rest: list[Card], done: list[tuple[Card, ...]]) -> None:
        nonlocal best
        if len(done) >= len(best):
            return
        if not rest:
            best = list(done)
            return
        first, others = rest[0], rest[1:]
        mates = [c for c in others if is_triple_flush_pair(first, c)]
        for k in range(len(mates), -1, -1):
            for more in combinations(mates, k):
                if all(is_triple_flush_pair(x, y) for x, y in combinations(more, 2)):
                    cover([c for c in others if c not in more], [*done, (first, *more)])

    cover(list(fit), [])
    return best


@dataclass(frozen=True)
class _PairFree:
    shown: tuple[Card, ...]
    offered: tuple[Card, ...]
    best: tuple[Card, ...]


# -- the kind ----------------------------------------------------------------------------


class ChallengeKind(QuestionKind):
    """Challenge puzzles: ids ``challenge-`` and six characters.

    >>> KIND.choices(question="P", level="h")
    Choices(question='pair-free', level='hard')
    """

    key = KEY
    title = "Challenge"
    questions: ClassVar[dict[str, str]] = {"l": LAYOUT, "s": SPLIT, "p": PAIR_FREE}
    question_help: ClassVar[dict[str, str]] = {
        LAYOUT: "lay 6 to 25 cards in a grid, every two neighbours sharing exactly two values",
        SPLIT: "split 6 to 18 cards into sets that are ciphers of each other",
        PAIR_FREE: "add the most offered cards to a set without a triple-flush pair",
    }
    scramble = Scramble(0x6C078965)
    unique = False
    rules = (
        "Two cards share a value when both show it. Neighbours in a grid sit side by side or "
        "one above the other (not corner to corner). Two sets are ciphers of each other when "
        "substituting values (each value for one value, attributes in any order) turns one "
        "into the other; sets of three are ciphers exactly when their value-sharing patterns "
        "match. A triple-flush pair is two cards sharing three values."
    )
    question_rules: ClassVar[dict[str, str]] = {
        LAYOUT: "Two cards share a value when both show it. Neighbours sit side by side or one "
        "above the other (not corner to corner); every two neighbours must share exactly two "
        "values.",
        SPLIT: "Two sets are ciphers of each other when substituting values (each value for "
        "one value, attributes in any order) turns one into the other; sets of three are "
        "ciphers exactly when their value-sharing patterns match.",
        PAIR_FREE: "A triple-flush pair is two cards sharing three values. No card added may "
        "share three values with a card of the set or with another card added.",
    }

    def rules_for(self, question: str) -> str:
        """What a pupil needs to know for ``question``."""
        return self.question_rules.get(question, self.rules)

    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        if question == LAYOUT:
            return self._layout(puzzle_id, level, rng)
        if question == SPLIT:
            return self._split(puzzle_id, level, rng)
        return self._pair_free(puzzle_id, level, rng)

    def _layout(self, puzzle_id: str, level: str, rng: random.Random) -> Question:
        rows, cols = rng.choice(LAYOUT_SHAPES[level])
        whole = neighbour_layout()
        if rng.random() < 0.5:
            whole = tuple(zip(*whole, strict=True))
        top, left = rng.randrange(10 - rows), rng.randrange(10 - cols)
        cipher = Substitution.random(rng)
        grid = tuple(
            tuple(cipher(c) for c in whole[r][left : left + cols]) for r in range(top, top + rows)
        )
        cards = [c for row in grid for c in row]
        rng.shuffle(cards)
        links = sum(a.shares(b) == 2 for a, b in combinations(cards, 2))
        needed = rows * (cols - 1) + cols * (rows - 1)
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=LAYOUT,
            level=layout_level(len(cards)),
            text=f"Lay these {len(cards)} cards in a grid of {rows} rows and {cols} columns "
            "so that every two neighbours (side by side or one above the other) share "
            "exactly two values.",
            groups=(Group("Cards", tuple(cards), f"{len(cards)} cards"),),
            answer_fields=(),
            answer_grid=(rows, cols),
            answer_hint=f"{rows} rows of {cols} card names, one row a line or rows separated by /",
            entry="cards",
            options=(),
            answer=" / ".join(names(row) for row in grid),
            key=_layout_key(grid),
            grade=f"{layout_level(len(cards))}: {rows} x {cols}, {len(cards)} cards; "
            f"{links} pairs share exactly two values, for {needed} neighbour places",
            hint="Count each card's partners, the cards sharing exactly two values with it: "
            "a corner card needs two, an edge card three, a middle card four. Start with "
            "the cards that have the fewest.",
            solution=grid,
        )

    def _split(self, puzzle_id: str, level: str, rng: random.Random) -> Question | None:
        sets, size = rng.choice(SPLIT_SHAPES[level])
        start: tuple[Card, ...] = (
            rng.choice(PATTERNS).example if size == 3 else tuple(rng.sample(FOUR_D.cards, size))
        )
        opening = Substitution.random(rng)
        first = tuple(sorted(opening(c) for c in start))
        chosen = [first]
        ciphers = []
        used = set(first)
        for _ in range(sets - 1):
            cipher = Substitution.random(rng)
            image = tuple(cipher(c) for c in first)
            if used & set(image):
                return None
            used.update(image)
            chosen.append(tuple(sorted(image)))
            ciphers.append((cipher, image))
        cards = [c for s in chosen for c in s]
        rng.shuffle(cards)
        ways = split_ways(sets, size)
        answer = " / ".join(names(s) for s in chosen)
        key = ["One split: " + answer + "."]
        if size == 3:
            key.append(f"Each set's value-sharing pattern is {pattern_of(first)}, and sets "
                       "with the same pattern are ciphers of each other.")  # fmt: skip
            hint = ("Sets of three are ciphers exactly when their value-sharing patterns "
                    "match: for each three cards you try, count the values each two share, "
                    "and the values all three share.")  # fmt: skip
        else:
            for number, (cipher, image) in enumerate(ciphers, 2):
                pairs = ", ".join(f"{a} to {b}" for a, b in zip(first, image, strict=True))
                key.append(f"Set {number} is set 1 with its values substituted, "
                           f"{cipher.words(first)}: {pairs}.")  # fmt: skip
            hint = ("Ciphers show the same counts: a value shown on four cards of one set "
                    "needs a value shown on four cards of each other set, and the pairs "
                    "sharing three values must match in number too.")  # fmt: skip
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=SPLIT,
            level=split_level(ways),
            text=f"Split these {len(cards)} cards into {sets} sets of {size} that are "
            "ciphers of each other (substituting values turns any set into any other).",
            groups=(Group("Cards", tuple(cards), f"{len(cards)} cards"),),
            answer_fields=tuple(f"Set {s}:" for s in range(1, sets + 1)),
            answer_hint=f"{sets} sets of {size} card names, sets separated by / (or one a line)",
            entry="cards",
            options=(),
            answer=answer,
            key=tuple(key),
            grade=f"{split_level(ways)}: {sets} sets of {size} from {len(cards)} cards, "
            f"{ways} ways to split them",
            hint=hint,
            solution=tuple(chosen),
        )

    def _pair_free(self, puzzle_id: str, level: str, rng: random.Random) -> Question | None:
        shown_size, offered_size = PAIR_FREE_SIZES[level]
        cipher = Substitution.random(rng)
        whole = sorted(cipher(c) for c in largest_without_triple_flush_pair())
        shown = sorted(rng.sample(whole, shown_size))
        outside = [c for c in FOUR_D.cards if c not in shown]
        fits = [c for c in outside if _clash(c, shown) is None]
        low, high = FITTING[level]
        fit = rng.sample(fits, rng.randint(low, high))
        clashes = sum(is_triple_flush_pair(a, b) for a, b in combinations(fit, 2))
        if pair_free_level(clashes) != level:
            return None
        clashing = [c for c in outside if c not in fits]
        offered = [*fit, *rng.sample(clashing, offered_size - len(fit))]
        rng.shuffle(offered)
        fit = [c for c in offered if c in fit]
        groups = _groups(fit)
        choices = best_additions(shown, offered)
        if len(choices[0]) != len(groups):
            return None
        in_whole = set(whole)
        best = max(choices, key=lambda t: sum(c in in_whole for c in t))
        shut = [c for c in offered if c not in fit]
        key = [f"Add {names(best)}: {counted(len(best), 'card')}."]
        key += [
            f"{c} cannot join: it shares three values with {o} ({values_text(c.shared_with(o))})."
            for c in shut
            for o in [_clash(c, shown)]
            if o is not None
        ]
        if clashes == 0:
            key.append(f"The other {counted(len(fit), 'card')} share three values with no "
                       "card of the set nor with each other, so all can join.")  # fmt: skip
        else:
            told = "; ".join(names(g) for g in groups)
            key.append(
                f"The other {len(fit)} cards fit the set one at a time, but two sharing three "
                f"values cannot both join. They fall into {len(groups)} groups ({told}), each "
                "two of a group sharing three values, so at most one card a group, "
                f"{len(groups)} in all, can join; the cards added take one of each."
            )
        key.append("The appendix asks for the most cards with no triple-flush pair: 27, by "
                   "the same argument (27 groups of three cards sharing three values); the "
                   "set shown is part of such a set of 27.")  # fmt: skip
        words = "no clash" if clashes == 0 else counted(clashes, "clash").replace("hs", "hes")
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=PAIR_FREE,
            level=pair_free_level(clashes),
            text=f"Add as many of the {offered_size} offered cards as you can to the set "
            "shown without making a triple-flush pair (two cards sharing three values).",
            groups=(
                Group("Set", tuple(shown), "no two share three values"),
                Group("Offered", tuple(offered), f"{offered_size} cards to choose from"),
            ),
            answer_fields=("Cards to add:",),
            answer_hint="the names of the offered cards to add (none, if no card can join)",
            entry="cards",
            options=(),
            answer=names(best),
            key=tuple(key),
            grade=f"{pair_free_level(clashes)}: {len(fit)} of {offered_size} offered cards "
            f"fit the set, with {words} among them",
            hint="First strike out the offered cards that share three values with a card of "
            "the set; then look for offered cards sharing three values with each other: "
            "only one of each such group can join.",
            solution=_PairFree(tuple(shown), tuple(offered), best),
        )

    def solutions(self, puzzle: Question) -> int:
        if puzzle.question == LAYOUT:
            grid = puzzle.solution
            return layouts(puzzle.cards, len(grid), len(grid[0]))
        if puzzle.question == SPLIT:
            chosen = puzzle.solution
            return len(right_splits(puzzle.cards, len(chosen), len(chosen[0])))
        found: _PairFree = puzzle.solution
        return len(best_additions(found.shown, found.offered))

    def judge(self, puzzle: Question, answer: str) -> Verdict:
        if puzzle.question == LAYOUT:
            return _judge_layout(puzzle, answer)
        if puzzle.question == SPLIT:
            return _judge_split(puzzle, answer)
        return _judge_pair_free(puzzle, answer)


def _judge_layout(puzzle: Question, answer: str) -> Verdict:
    rows, cols = len(puzzle.solution), len(puzzle.solution[0])
    grid = read_grid(answer, FOUR_D)
    if grid.claims_impossible:
        raise ValueError("these cards can always be laid out; write every card, not 'No'")
    cells = grid.cards()
    for written in cells:
        if written not in puzzle.cards:
            raise ValueError(f"{written} is not among these cards")
    if grid.shape == (1, rows * cols):
        laid = [cells[r * cols : (r + 1) * cols] for r in range(rows)]
    elif grid.shape == (rows, cols):
        laid = [list(row) for row in grid.rows]  # type: ignore[arg-type]
    else:
        wrote_rows, wrote_cols = grid.shape
        raise ValueError(f"write {rows} rows of {cols} cards, one row a line or rows separated "
                         f"by /, not {wrote_rows} of {wrote_cols}")  # fmt: skip
    read = " / ".join(names(row) for row in laid)
    bad = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and laid[r][c].shares(laid[r][c + 1]) != 2:
                a, b = laid[r][c], laid[r][c + 1]
                bad.append(f"row {r + 1}: {a} and {b}, side by side, {_pair_words(a, b)}")
            if r + 1 < rows and laid[r][c].shares(laid[r + 1][c]) != 2:
                a, b = laid[r][c], laid[r + 1][c]
                bad.append(f"column {c + 1}: {a} above {b} {_pair_words(a, b)}")
    if not bad:
        return Verdict(True, ("every two neighbours share exactly two values",), read)
    reasons = [bad[0] + "; neighbours must share exactly two"]
    if len(bad) > 1:
        more = len(bad) - 1
        reasons.append(f"{counted(more, 'more neighbour pair')} "
                       f"{'does' if more == 1 else 'do'} not share exactly two")  # fmt: skip
    return Verdict(False, tuple(reasons), read)


def _read_groups(answer: str, allowed: Sequence[Card], where: str) -> list[list[Card]]:
    """Groups of card names (split by / or lines), each card among ``allowed``."""
    groups = []
    for part in re.split(r"[/\n\r]+", answer):
        if not part.strip(" ,;\t"):
            continue
        try:
            cards = read_cards(part, FOUR_D, distinct=False)
        except CardNameError as error:
            raise ValueError(str(error)) from None
        for c in cards:
            if c not in allowed:
                raise ValueError(f"{c} is not {where}")
        groups.append(cards)
    return groups


def _judge_split(puzzle: Question, answer: str) -> Verdict:
    sets, size = len(puzzle.solution), len(puzzle.solution[0])
    groups = _read_groups(answer, puzzle.cards, "among these cards")
    if not groups:
        raise ValueError(f"write {sets} sets of {size} card names, sets separated by /")
    if len(groups) == 1 and len(groups[0]) == sets * size:
        groups = [groups[0][k : k + size] for k in range(0, sets * size, size)]
    read = " / ".join(names(g) for g in groups)
    reasons = []
    if len(groups) != sets:
        reasons.append(f"you wrote {counted(len(groups), 'set')}; split the cards into {sets}")
    for number, group in enumerate(groups, 1):
        if len(group) != size:
            reasons.append(f"set {number} has {counted(len(group), 'card')}; each set is {size}")
    where: dict[Card, int] = {}
    for number, group in enumerate(groups, 1):
        for c in group:
            if c in where:
                reasons.append(f"{c} is in set {where[c]} and set {number}; each card is in "
                               "one set")  # fmt: skip
            where.setdefault(c, number)
    missing = [c for c in puzzle.cards if c not in where]
    if missing:
        reasons.append(f"{and_list([str(c) for c in missing])} "
                       f"{'is' if len(missing) == 1 else 'are'} in no set")  # fmt: skip
    if reasons:
        return Verdict(False, tuple(reasons), read)
    for number, group in enumerate(groups[1:], 2):
        if not are_ciphers(groups[0], group):
            reasons.append(why_not_ciphers(groups[0], group, 1, number))
    if reasons:
        return Verdict(False, tuple(reasons), read)
    return Verdict(True, (f"the {sets} sets are ciphers of each other",), read)


def _judge_pair_free(puzzle: Question, answer: str) -> Verdict:
    found: _PairFree = puzzle.solution
    if answer.strip().lower() in NONE_WORDS:
        if not found.best:
            return Verdict(True, ("no offered card can join",), "none")
        return Verdict(False, ("at least one offered card can join",), "none")
    for part in _read_groups(answer, (*found.offered, *found.shown), "among these cards"):
        for c in part:
            if c in found.shown:
                raise ValueError(f"{c} is already in the set; choose among the offered cards")
    chosen = [c for g in _read_groups(answer, found.offered, "offered") for c in g]
    if not chosen:
        raise ValueError("write the names of the offered cards to add, or none")
    read = names(chosen)
    reasons = []
    if len(set(chosen)) != len(chosen):
        twice = next(c for i, c in enumerate(chosen) if c in chosen[:i])
        reasons.append(f"{twice} is written twice")
    for c in dict.fromkeys(chosen):
        other = _clash(c, found.shown)
        if other is not None:
            reasons.append(f"{c} and {other} (in the set) share three values "
                           f"({values_text(c.shared_with(other))})")  # fmt: skip
    for a, b in combinations(dict.fromkeys(chosen), 2):
        if is_triple_flush_pair(a, b):
            reasons.append(f"{a} and {b} share three values ({values_text(a.shared_with(b))})")
    if reasons:
        return Verdict(False, tuple(reasons), read)
    count = len(chosen)
    if count < len(found.best):
        return Verdict(False, (f"your {counted(count, 'card')} can join together, but a "
                               "larger choice can too",), read)  # fmt: skip
    return Verdict(True, (f"{counted(count, 'card')} join with no triple-flush pair, the most "
                          "that can",), read)  # fmt: skip


KIND = ChallengeKind()
"""The Challenge puzzle kind, as the registry finds it."""

"""The "split" Challenge question: split cards into sets that are ciphers of each other;
made from a set and its images under ciphers of the deck, right splits counted
exhaustively, and judged set by set."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations, product
from math import factorial
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.wording import and_list, counted, names
from printables.fourd.patterns import PATTERNS, are_ciphers, cipher_form, pattern_of
from printables.questions.base import Group, Question, Verdict, read_groups
from printables.questions.challenge.common import KEY, SPLIT, Substitution

SPLIT_SHAPES = {"easy": ((2, 3),), "medium": ((3, 3),), "hard": ((3, 4), (2, 9))}
"""The splits (sets, cards a set) of a "split" puzzle at each level."""


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


def split_question(puzzle_id: str, level: str, rng: random.Random) -> Question | None:
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


def judge_split(puzzle: Question, answer: str) -> Verdict:
    sets, size = len(puzzle.solution), len(puzzle.solution[0])
    groups = read_groups(answer, puzzle.cards, "among these cards")
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

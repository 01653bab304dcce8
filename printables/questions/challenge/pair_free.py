"""The "pair-free" Challenge question: add the most offered cards to a set without making a
triple-flush pair; made from part of the engine's 27-card set, every choice of the offered
cards tried, and judged card by card."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.wording import counted, names, values_text
from printables.fourd.challenges import largest_without_triple_flush_pair
from printables.fourd.flushes import is_triple_flush_pair
from printables.questions.base import Group, Question, Verdict, read_groups
from printables.questions.challenge.common import KEY, PAIR_FREE, Substitution

PAIR_FREE_SIZES = {"easy": (6, 6), "medium": (8, 8), "hard": (9, 10)}
"""The cards in the set shown and the cards offered, at each level."""
FITTING = {"easy": (3, 4), "medium": (4, 6), "hard": (6, 8)}
"""How many offered cards fit the set alone, fewest and most, at each level."""
NONE_WORDS = ("none", "no", "0", "nothing", "no cards")


def pair_free_level(clashes: int) -> str:
    """The level of a pair-free puzzle with so many clashes among the fitting cards."""
    return "easy" if clashes == 0 else "medium" if clashes <= 2 else "hard"


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
class PairFree:
    shown: tuple[Card, ...]
    offered: tuple[Card, ...]
    best: tuple[Card, ...]


def pair_free_question(puzzle_id: str, level: str, rng: random.Random) -> Question | None:
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
        several=True,
        answer_groups=(1,),
        nothing="none",
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
        solution=PairFree(tuple(shown), tuple(offered), best),
    )


def judge_pair_free(puzzle: Question, answer: str) -> Verdict:
    found: PairFree = puzzle.solution
    if answer.strip().lower() in NONE_WORDS:
        if not found.best:
            return Verdict(True, ("no offered card can join",), "none")
        return Verdict(False, ("at least one offered card can join",), "none")
    for part in read_groups(answer, (*found.offered, *found.shown), "among these cards"):
        for c in part:
            if c in found.shown:
                raise ValueError(f"{c} is already in the set; choose among the offered cards")
    chosen = [c for g in read_groups(answer, found.offered, "offered") for c in g]
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

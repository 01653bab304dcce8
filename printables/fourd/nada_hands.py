"""Hands for nada puzzles ("find the most separate nadas in this hand"): built to order,
graded by their decoys, with a unique best answer proved by counting every packing.

A nada is three cards on which every attribute shows all three values. Reading a card as
four numbers 0-2, three cards make a nada exactly when, in every attribute, their numbers
differ, so any two cards that differ in every attribute have exactly one third card
completing a nada (:func:`completion`): its numbers are what the two leave over. Random
hands hold almost no nadas (about 0.2 among nine cards), so hands are built: some disjoint
nadas are planted, and the other cards are *decoys* completing nadas across them, each a
tempting nada that is not part of the best answer.

- :func:`nadas_in`: every nada among the cards;
- :func:`best_packings`: every largest set of separate nadas (no card in two), by an
  exhaustive search, so a count of 1 proves the answer unique;
- :func:`build_hand`: a hand of 9, 12 or 15 cards at a level: *easy* with no nada beyond
  the answer's, *medium* with one more, *hard* with two or more (12 or 15 cards: nine-card
  hands with two decoys and a unique answer are not found by this construction); always
  a unique best answer.

>>> import random
>>> hand = build_hand(9, "medium", random.Random(4))
>>> len(hand), len(best_packings(hand))
(9, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.fourd.flushes import is_nada

Nada = tuple[Card, Card, Card]
SIZES = (9, 12, 15)
DECOYS = {"easy": (0, 0), "medium": (1, 1), "hard": (2, 99)}
"""Per level, the fewest and most nadas a hand holds beyond those of its answer."""
ATTEMPTS = 2000


def completion(a: Card, b: Card) -> Card | None:
    """The one card that makes a nada with ``a`` and ``b``, or None when they share a
    value (then no card does).

    >>> from printables.cards import card
    >>> str(completion(card("Bb=S"), card("Gg~C")))
    'RwzT'
    """
    if any(x == y for x, y in zip(a.values, b.values, strict=True)):
        return None
    third = tuple((-x - y) % 3 for x, y in zip(a.values, b.values, strict=True))
    return next(c for c in FOUR_D.cards if c.values == third)


def nadas_in(cards: Sequence[Card]) -> list[Nada]:
    """Every nada among the cards, each once, in the cards' order."""
    return [trio for trio in combinations(cards, 3) if is_nada(trio)]


def best_packings(cards: Sequence[Card]) -> list[tuple[Nada, ...]]:
    """Every largest set of separate nadas among the cards (exhaustive: each set once)."""
    found = nadas_in(cards)
    best: list[tuple[Nada, ...]] = []
    size = 0

    def grow(start: int, chosen: list[Nada], used: set[Card]) -> None:
        nonlocal best, size
        if len(chosen) > size:
            best, size = [tuple(chosen)], len(chosen)
        elif len(chosen) == size and chosen:
            best.append(tuple(chosen))
        for k in range(start, len(found)):
            if used.isdisjoint(found[k]):
                chosen.append(found[k])
                grow(k + 1, chosen, used | set(found[k]))
                chosen.pop()

    grow(0, [], set())
    return best


class HandError(ValueError):
    """A hand that cannot be built as asked; the message says what can be."""


def build_hand(size: int, level: str, rng: random.Random) -> tuple[Card, ...]:
    """A hand of ``size`` cards whose largest set of separate nadas is unique, with as many
    decoy nadas as ``level`` asks (see :data:`DECOYS`); shuffled. Raises
    :class:`HandError` after :data:`ATTEMPTS` tries (it never loops)."""
    if size not in SIZES:
        raise HandError(f"a nada hand holds 9, 12 or 15 cards, not {size}")
    if level not in DECOYS:
        raise HandError(f"the level is easy, medium or hard, not {level!r}")
    if level == "hard" and size == 9:
        raise HandError("hard nada hands hold 12 or 15 cards; a nine-card hand is easy or medium")
    low, high = DECOYS[level]
    for _ in range(ATTEMPTS):
        hand = _attempt(size, level, rng)
        if hand is None:
            continue
        packings = best_packings(hand)
        if len(packings) != 1:
            continue
        decoys = len(nadas_in(hand)) - len(packings[0])
        if low <= decoys <= high:
            cards = list(hand)
            rng.shuffle(cards)
            return tuple(cards)
    raise HandError(f"no {level} hand of {size} cards was found in {ATTEMPTS} tries")


def _attempt(size: int, level: str, rng: random.Random) -> list[Card] | None:
    """Planted nadas (all a hand's thirds, or one fewer), then decoys or random cards."""
    planted = size // 3 - rng.choice((0, 1)) if size > 9 or level != "easy" else size // 3
    hand: list[Card] = []
    deck = list(FOUR_D.cards)
    while len(hand) < 3 * planted:
        a, b = rng.sample([c for c in deck if c not in hand], 2)
        c = completion(a, b)
        if c is not None and c not in hand and c not in (a, b):
            hand += [a, b, c]
    while len(hand) < size:
        if level != "easy" and rng.random() < 0.7:
            a, b = rng.sample(hand, 2)
            c = completion(a, b)
            if c is not None and c not in hand:
                hand.append(c)
                continue
        c = rng.choice(deck)
        if c not in hand:
            hand.append(c)
    return hand

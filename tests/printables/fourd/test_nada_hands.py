"""Nada hands built to order: the size and level asked for, a unique best answer proved by
enumerating every packing, checked against the engine's own largest packing and a brute
force over all groupings; completions make nadas."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.fourd.flushes import disjoint_nadas, is_nada
from printables.fourd.nada_hands import (
    DECOYS,
    HandError,
    best_packings,
    build_hand,
    completion,
    nadas_in,
)


@settings(max_examples=200)
@given(st.sampled_from(FOUR_D.cards), st.sampled_from(FOUR_D.cards))
def test_two_cards_have_one_completion_exactly_when_they_share_nothing(a: Card, b: Card) -> None:
    third = completion(a, b)
    apart = all(x != y for x, y in zip(a.values, b.values, strict=True))
    assert (third is not None) == apart
    if third is not None:
        assert is_nada((a, b, third))
        assert [c for c in FOUR_D.cards if c not in (a, b) and is_nada((a, b, c))] == [third]


def most_separate(cards: list[Card]) -> int:
    """Brute force: the most disjoint nadas, trying every combination of found nadas."""
    found = [t for t in combinations(cards, 3) if is_nada(t)]
    for k in range(len(cards) // 3, 0, -1):
        for group in combinations(found, k):
            if len({c for t in group for c in t}) == 3 * k:
                return k
    return 0


@pytest.mark.parametrize(
    ("size", "level"),
    [(s, lv) for s in (9, 12, 15) for lv in ("easy", "medium", "hard") if (s, lv) != (9, "hard")],
)
def test_hands_come_as_asked_with_a_unique_best_answer(size: int, level: str) -> None:
    low, high = DECOYS[level]
    for seed in range(5):
        hand = build_hand(size, level, random.Random(seed))
        assert len(hand) == len(set(hand)) == size
        (best,) = best_packings(hand)  # unique: every packing was enumerated
        assert len(best) == len(disjoint_nadas(list(hand))) == most_separate(list(hand))
        assert low <= len(nadas_in(hand)) - len(best) <= high
        assert build_hand(size, level, random.Random(seed)) == hand  # the same seed, the same hand


def test_a_hand_that_cannot_be_built_is_refused_with_what_can() -> None:
    with pytest.raises(HandError, match="hard nada hands hold 12 or 15 cards"):
        build_hand(9, "hard", random.Random(1))
    with pytest.raises(HandError, match="9, 12 or 15 cards, not 10"):
        build_hand(10, "easy", random.Random(1))
    with pytest.raises(HandError, match="easy, medium or hard, not 'tricky'"):
        build_hand(9, "tricky", random.Random(1))

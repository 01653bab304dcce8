"""The appendix challenges: the 9 x 9 layout checked pair by pair, and the largest set
without a triple-flush pair checked, its bound proved by the 27 groups and confirmed by an
exhaustive search that no set of 28 avoids such a pair."""

from __future__ import annotations

from itertools import combinations

from printables.cards.decks import FOUR_D
from printables.fourd.challenges import (
    PAIR_FREE_PROOF,
    largest_without_triple_flush_pair,
    neighbour_layout,
    numbers,
)


def shared(a: object, b: object) -> int:
    return sum(x == y for x, y in zip(a.values, b.values, strict=True))  # type: ignore[attr-defined]


def test_the_layout_holds_every_card_once_and_neighbours_share_exactly_two() -> None:
    grid = neighbour_layout()
    assert len(grid) == 9 and all(len(row) == 9 for row in grid)
    assert sorted(c for row in grid for c in row) == sorted(FOUR_D.cards)
    for r in range(9):
        for c in range(9):
            if c < 8:
                assert shared(grid[r][c], grid[r][c + 1]) == 2, (r, c, "right")
            if r < 8:
                assert shared(grid[r][c], grid[r + 1][c]) == 2, (r, c, "below")


def test_27_cards_without_a_triple_flush_pair_and_no_more() -> None:
    best = largest_without_triple_flush_pair()
    assert len(set(best)) == 27
    assert all(shared(a, b) != 3 for a, b in combinations(best, 2))
    # The bound, as the proof argues: 27 groups agreeing in all but shape, each a clique.
    groups: dict[tuple[int, ...], list[object]] = {}
    for card in FOUR_D.cards:
        groups.setdefault(numbers(card)[:3], []).append(card)
    assert len(groups) == 27 and all(len(g) == 3 for g in groups.values())
    for group in groups.values():
        assert all(shared(a, b) == 3 for a, b in combinations(group, 2))
        assert sum(card in best for card in group) == 1  # the set takes one of each
    assert "at most 27 cards" in PAIR_FREE_PROOF


def test_no_28th_card_can_join() -> None:
    """Maximal, checked card by card: every other card makes a triple-flush pair."""
    best = set(largest_without_triple_flush_pair())
    for card in FOUR_D.cards:
        if card not in best:
            assert any(shared(card, other) == 3 for other in best), card

"""Counting solutions up to a limit (``printables solve matrix --count --limit N``).

With a limit, :func:`count_solutions` lets the exact count and a listing of solutions
(:func:`solutions`) take turns, and the first to finish answers. Here:

* the answer is always the smaller of the exact count and the limit, for random sets of
  every book size in both orientations, and limits of 1, around the count and beyond;
* sets drawn from few values, whose exact count takes seconds, answer their limit from
  the listing, whose work (counted in steps and solutions, never timed) grows with the
  limit;
* the listing agrees with the exact count, lists each solution once up to reordering
  rows and columns and, for a square grid, transposing, and lists only real solutions.

The turns are a few milliseconds each; the tests that look at which method answered make
each turn one step (``one_step_turns``), so that they do not depend on the machine's speed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from math import factorial
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix import SIZES, check_grid, solver
from printables.matrix.solver import CountStats, count_solutions, grid_from_lines, solutions

SHAPES = sorted({*SIZES, *((cols, rows) for rows, cols in SIZES)})
TWENTY = read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T", FOUR_D)  # 20 solutions


def named(test: Callable[[str], bool]) -> list[Card]:
    """The 4D cards whose name (``Bb=S``: color, shade, pattern, shape) passes ``test``."""
    return [c for c in FOUR_D.cards if test(str(c))]


BLUE = named(lambda n: n[0] == "B")
BLUE_BLACK = named(lambda n: n[:2] == "Bb")
BLUE_OR_BLACK = named(lambda n: n[0] == "B" or n[1] == "b")


def few_value_sets() -> dict[str, list[Card]]:
    """5x5 sets drawn from two or three values: the exact count takes seconds (but for 25
    blue cards, of which every arrangement is a solution)."""
    rng = random.Random(81)
    two_of = named(lambda n: (n[0] == "B") + (n[1] == "b") + (n[2] == "=") + (n[3] == "S") >= 2)
    return {
        "25 blue": BLUE[:25],
        "9 Bb + 16 B or b": BLUE_BLACK
        + rng.sample([c for c in BLUE_OR_BLACK if c not in BLUE_BLACK], 16),
        "2 of B, b, =, S": rng.sample(two_of, 25),
        "B or G, b or g": rng.sample(named(lambda n: n[0] in "BG" and n[1] in "bg"), 25),
        "blue or black": rng.sample(BLUE_OR_BLACK, 25),
    }


FEW_VALUES = few_value_sets()


@contextmanager
def one_step_turns() -> Iterator[None]:
    """The exact count and the listing take turns of one step each, whatever the clock."""
    with mock.patch.object(solver, "FIRST_TURN", 0), mock.patch.object(solver, "TURN", 0):
        yield


def key(found: tuple[int, ...], rows: int) -> frozenset[frozenset[int]]:
    """A listed solution as its set of row sets and set of column sets, either way round."""
    return frozenset({frozenset(found[:rows]), frozenset(found[rows:])})


def distinct_solutions(cards: Sequence[Card], rows: int, cols: int) -> list[tuple[int, ...]]:
    """Every solution :func:`solutions` lists, checked: a real solution of the set, listed
    once (a square grid's transpose counting as the same solution)."""
    listed = list(solutions(cards, rows, cols))
    for found in listed:
        grid = grid_from_lines(cards, found, rows)
        assert len(grid) == rows and all(len(row) == cols for row in grid)
        assert sorted(c for row in grid for c in row) == sorted(cards)
        assert check_grid(grid).ok
    assert len({key(found, rows) for found in listed}) == len(listed)
    return listed


# -- the answer ----------------------------------------------------------------------------


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES), st.booleans(), st.data())
def test_a_limited_count_is_the_smaller_of_the_count_and_the_limit(
    generator: random.Random, size: tuple[int, int], one_step: bool, data: st.DataObject
) -> None:
    rows, cols = size
    cards = generator.sample(FOUR_D.cards, rows * cols)
    count = count_solutions(cards, rows, cols)
    limit = data.draw(
        st.one_of(
            st.just(1),
            st.integers(max(count - 2, 0), count + 2),
            st.integers(0, 2 * count + 2),
            st.integers(1, 10**9),
        ),
        label="limit",
    )
    if one_step:
        with one_step_turns():
            assert count_solutions(cards, rows, cols, limit=limit) == min(count, limit)
    else:
        assert count_solutions(cards, rows, cols, limit=limit) == min(count, limit)


@settings(max_examples=40)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from([(3, 3), (3, 4), (4, 3), (3, 5), (4, 4)]),
    st.data(),
)
def test_a_limited_count_of_a_set_of_few_values_is_right_too(
    generator: random.Random, size: tuple[int, int], data: st.DataObject
) -> None:
    # Cards sharing many values have many solutions: the listing often answers.
    rows, cols = size
    cards = generator.sample(BLUE_OR_BLACK, rows * cols)
    count = count_solutions(cards, rows, cols)
    limit = data.draw(st.integers(1, 2 * count + 2), label="limit")
    with one_step_turns():
        assert count_solutions(cards, rows, cols, limit=limit) == min(count, limit)


@pytest.mark.parametrize("name", FEW_VALUES)
def test_a_set_of_few_values_counts_to_its_limit(name: str) -> None:
    cards = FEW_VALUES[name]
    for limit in (1, 100, 1000):
        assert count_solutions(cards, 5, 5, limit=limit) == limit
    # ... rightly: the set has at least that many solutions (found and checked here).
    listed = list(islice(solutions(cards, 5, 5), 300))
    assert len({key(found, 5) for found in listed}) == 300
    for found in listed[:: 299 // 9]:
        assert check_grid(grid_from_lines(cards, found, 5)).ok


def test_every_arrangement_of_25_blue_cards_is_a_solution() -> None:
    blue = FEW_VALUES["25 blue"]
    assert count_solutions(blue, 5, 5) == factorial(25) // (factorial(5) ** 2 * 2)
    assert count_solutions(blue, 5, 5, limit=1) == 1
    assert count_solutions(blue, 5, 5, limit=10**40) == factorial(25) // (factorial(5) ** 2 * 2)


def test_a_limit_of_zero_counts_nothing_and_a_negative_one_is_refused() -> None:
    assert count_solutions(TWENTY, 3, 3, limit=0) == 0
    with pytest.raises(ValueError, match="at least 0"):
        count_solutions(TWENTY, 3, 3, limit=-1)


# -- the work ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in FEW_VALUES if n != "25 blue"])
def test_the_limit_bounds_the_work(name: str) -> None:
    # Listing stops at the limit (two pairs a solution: the grid and its transpose) after
    # about a step a pair, the exact count having taken as many steps: far from its end.
    cards = FEW_VALUES[name]
    steps = {}
    for limit in (1, 10, 100, 1000):
        stats = CountStats()
        with one_step_turns():
            assert count_solutions(cards, 5, 5, limit=limit, stats=stats) == limit
        assert stats.method == "listed"
        assert stats.pairs == 2 * limit
        assert stats.listing_steps <= 2 * stats.pairs + 100
        assert stats.exact_steps in (stats.listing_steps - 1, stats.listing_steps)
        steps[limit] = stats.listing_steps
    assert steps[1] < steps[10] < steps[100] < steps[1000]


def test_the_exact_count_answers_when_it_finishes_first() -> None:
    cards = random.Random(5_000_000).sample(FOUR_D.cards, 25)
    count = count_solutions(cards, 5, 5)
    assert count > 10_000
    stats = CountStats()
    with one_step_turns():
        assert count_solutions(cards, 5, 5, limit=10**6, stats=stats) == count
    assert stats.method == "exact"
    assert stats.pairs < 2 * count


def test_a_listing_that_ends_first_has_counted_every_solution() -> None:
    cards = random.Random(2).sample(FOUR_D.cards, 12)
    count = count_solutions(cards, 3, 4)
    assert count == 23
    for rows, cols in [(3, 4), (4, 3)]:
        stats = CountStats()
        with one_step_turns():
            assert count_solutions(cards, rows, cols, limit=1000, stats=stats) == count
        assert stats.method == "listed"
        assert stats.pairs == count  # a rectangle's solutions are listed once


# -- the listing ---------------------------------------------------------------------------


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
def test_the_listing_agrees_with_the_exact_count(rows: int, cols: int) -> None:
    # Random 5x5 sets mostly have tens of thousands of solutions: two with fewer.
    seeds = [591, 681] if rows * cols == 25 else range(100 * rows + 10 * cols, 1000)
    checked = []
    for seed in seeds:
        cards = random.Random(seed).sample(FOUR_D.cards, rows * cols)
        count = count_solutions(cards, rows, cols)
        if count <= 1500:
            assert len(distinct_solutions(cards, rows, cols)) == count, seed
            checked.append(count)
            if len(checked) == 4:
                break
    assert len(checked) >= 2 and max(checked) > 0, checked


def test_a_square_grid_is_listed_once_not_with_its_transpose() -> None:
    listed = distinct_solutions(TWENTY, 3, 3)
    assert len(listed) == count_solutions(TWENTY, 3, 3) == 20
    transposed = {found[3:] + found[:3] for found in listed}
    assert not transposed & set(listed)


@pytest.mark.parametrize(
    "names",
    [
        "Bb=S Bb=C Bb=T Bb~S Bb~C Bb~T BbzS BbzC BbzT",  # every arrangement is solved
        "Bb=S Bg=S Bw=S Gb=S Gg=S Gw=S Rb=S Rg=S Rw=S",  # stripe squares: every one too
    ],
)
def test_crowded_3x3_sets_are_listed_each_solution_once(names: str) -> None:
    cards = read_cards(names, FOUR_D)
    count = factorial(9) // (factorial(3) ** 2 * 2)  # any order, up to rows, columns, transpose
    assert count_solutions(cards, 3, 3) == count
    assert len(distinct_solutions(cards, 3, 3)) == count


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), st.sampled_from([(3, 3), (3, 4), (4, 3), (4, 4)]))
def test_the_listing_stops_anywhere_and_agrees(
    generator: random.Random, size: tuple[int, int]
) -> None:
    rows, cols = size
    others = generator.sample([c for c in FOUR_D.cards if c not in BLUE], 10)
    cards = generator.sample(BLUE + others, rows * cols)  # mostly blue: many solutions
    count = count_solutions(cards, rows, cols)
    k = generator.randint(1, 50)
    first = list(islice(solutions(cards, rows, cols), k))
    assert len(first) == min(count, k)
    assert len({key(found, rows) for found in first}) == len(first)

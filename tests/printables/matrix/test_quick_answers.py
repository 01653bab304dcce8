"""The generator's quick answers are the full ones, sooner.

The walk to a hard impossible set asks of every set it tries whether it is impossible and
how hard: :func:`~printables.matrix.reasons.short_reason_kind` (the kind of short reason,
without its words), then :func:`~printables.matrix.solver.has_solution` (its matchings by
:func:`~printables.matrix.solver.fits`, its multisets checked by Hall's condition in the
form that stops at the first failing subset). Each is checked here against the function
it stands in for, on random sets, on sets near impossibility and on the walk's own sets
(neighbours of hard impossible sets), at every size.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.matrix import SIZES, puzzles, reasons, solver
from printables.matrix.puzzles import LEVEL_OF_REASON, generate, grade
from printables.matrix.reasons import (
    EXHAUSTIVE,
    exhaustive_reason,
    impossibility_reason,
    short_reason,
    short_reason_kind,
)
from printables.matrix.solver import (
    Labels,
    cards_with,
    fit,
    fits,
    has_solution,
    label_sets,
    solve,
)

LEVELS = ("easy", "medium", "hard")


def near_impossible(generator: random.Random, rows: int, cols: int) -> list[Card]:
    """A card and others sharing at most one value with it: its lines are hard to fill."""
    base = generator.choice(FOUR_D.cards)
    pool = [c for c in FOUR_D.cards if c != base and c.shares(base) <= 1]
    return [base, *generator.sample(pool, rows * cols - 1)]


def neighbour(generator: random.Random, rows: int, cols: int) -> list[Card]:
    """An impossible set of a random level with one card swapped, as the walk tries."""
    level = generator.choice(LEVELS)
    cards = list(generate(rows, cols, "impossible", level, generator.randrange(40)).cards)
    outside = [c for c in FOUR_D.cards if c not in cards]
    cards[generator.randrange(len(cards))] = generator.choice(outside)
    return cards


def some_set(generator: random.Random, rows: int, cols: int, how: str) -> list[Card]:
    if how == "near":
        return near_impossible(generator, rows, cols)
    if how == "neighbour":
        return neighbour(generator, rows, cols)
    return generator.sample(FOUR_D.cards, rows * cols)


HOW = st.sampled_from(["random", "near", "neighbour"])


def sets_of_every_kind(rows: int, cols: int, seed: int) -> list[list[Card]]:
    generator = random.Random(seed)
    made = [some_set(generator, rows, cols, how) for how in ("random", "near", "neighbour")
            for _ in range(8)]  # fmt: skip
    made += [list(generate(rows, cols, "impossible", level, 3).cards) for level in LEVELS]
    return made


def hall_by_definition(sets: Sequence[int], labels: Labels, per_line: int, full: int) -> bool:
    """Hall's condition as first written: for each proper subset T of the labels, the
    cards showing no label outside T are at most T's capacity."""
    every = (1 << len(labels)) - 1
    for subset in range(1, every):
        inside = [labels[i] for i in range(len(labels)) if subset >> i & 1]
        outside = [labels[i] for i in range(len(labels)) if not subset >> i & 1]
        shown_outside = 0
        for bit, _ in outside:
            shown_outside |= sets[bit]
        if (full & ~shown_outside).bit_count() > sum(k for _, k in inside) * per_line:
            return False
    return True


# -- the short reason's kind ---------------------------------------------------------------


def assert_kind_agrees(cards: Sequence[Card], rows: int, cols: int) -> str | None:
    reason = short_reason(cards, rows, cols)
    kind = short_reason_kind(cards, rows, cols)
    assert kind == (reason.kind if reason else None), " ".join(map(str, cards))
    return kind


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_the_short_reasons_kind_is_the_kind_of_the_short_reason(rows: int, cols: int) -> None:
    kinds = {assert_kind_agrees(cards, rows, cols) for cards in sets_of_every_kind(rows, cols, 1)}
    assert kinds == {None, reasons.NO_LINE, reasons.TWO_LINES}  # each answer was met


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(SIZES), HOW)
def test_the_short_reasons_kind_agrees_on_any_set(
    generator: random.Random, size: tuple[int, int], how: str
) -> None:
    assert_kind_agrees(some_set(generator, *size, how), *size)


def test_a_set_with_no_short_reason_has_the_reason_of_the_search() -> None:
    cards = list(generate(5, 5, "impossible", "hard", 3).cards)
    assert short_reason(cards, 5, 5) is None
    assert impossibility_reason(cards, 5, 5) == exhaustive_reason(5, 5)
    assert exhaustive_reason(5, 5).kind == EXHAUSTIVE


# -- has_solution and its parts ------------------------------------------------------------


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_the_quick_yes_or_no_is_solves_answer_near_impossibility(rows: int, cols: int) -> None:
    answers = set()
    for cards in sets_of_every_kind(rows, cols, 2):
        answer = has_solution(cards, rows, cols)
        assert answer == (solve(cards, rows, cols) is not None), " ".join(map(str, cards))
        answers.add(answer)
    assert answers == {True, False}


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(SIZES), HOW)
def test_the_quick_yes_or_no_is_solves_answer_on_any_set(
    generator: random.Random, size: tuple[int, int], how: str
) -> None:
    cards = some_set(generator, *size, how)
    assert has_solution(cards, *size) == (solve(cards, *size) is not None)


def label_pairs(cards: Sequence[Card], rows: int, cols: int) -> list[tuple[Labels, Labels]]:
    sets = cards_with(cards)
    full = (1 << len(cards)) - 1
    row_sets = label_sets(sets, full, rows, cols)
    col_sets = label_sets(sets, full, cols, rows)
    return [(r, c) for r in row_sets for c in col_sets]


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(SIZES), HOW)
def test_fits_is_whether_fit_finds_a_grid(
    generator: random.Random, size: tuple[int, int], how: str
) -> None:
    cards = some_set(generator, *size, how)
    sets = cards_with(cards)
    for row_labels, col_labels in label_pairs(cards, *size)[:200]:
        expected = fit(sets, len(cards), row_labels, col_labels) is not None
        assert fits(sets, len(cards), row_labels, col_labels) == expected


def test_fits_answers_both_ways_on_the_pairs_of_random_sets() -> None:
    answers = set()
    generator = random.Random(4)
    for _ in range(10):
        cards = generator.sample(FOUR_D.cards, 25)
        sets = cards_with(cards)
        for row_labels, col_labels in label_pairs(cards, 5, 5)[:300]:
            found = fits(sets, 25, row_labels, col_labels)
            assert found == (fit(sets, 25, row_labels, col_labels) is not None)
            answers.add(found)
    assert answers == {True, False}


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(SIZES), HOW)
def test_hall_checked_subset_by_subset_is_hall_as_defined(
    generator: random.Random, size: tuple[int, int], how: str
) -> None:
    rows, cols = size
    cards = some_set(generator, rows, cols, how)
    sets = cards_with(cards)
    full = (1 << len(cards)) - 1
    for lines, per_line in ((rows, cols), (cols, rows)):
        most = [s.bit_count() // per_line for s in sets]
        for labels in solver._multisets(sets, most, full, lines, per_line):
            expected = hall_by_definition(sets, labels, per_line, full)
            assert solver._hall(sets, labels, per_line, full) == expected, labels


# -- the generator's use of them -----------------------------------------------------------


def level_by_full_answers(cards: Sequence[Card], rows: int, cols: int) -> str | None:
    """The walk's question as first answered: solve, then the reason (with its search)."""
    if solve(cards, rows, cols) is not None:
        return None
    return LEVEL_OF_REASON[impossibility_reason(cards, rows, cols).kind]


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_the_walks_level_of_a_set_is_the_full_answers(rows: int, cols: int) -> None:
    levels = set()
    for cards in sets_of_every_kind(rows, cols, 3):
        level = puzzles._impossible_level(cards, rows, cols)
        assert level == level_by_full_answers(cards, rows, cols), " ".join(map(str, cards))
        levels.add(level)
    assert levels == {None, "easy", "medium", "hard"}


def test_a_set_with_a_short_reason_is_not_searched_by_the_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The short reason proves the set impossible: has_solution is not asked."""
    cards = list(generate(5, 5, "impossible", "medium", 3).cards)

    def refused(*args: object) -> bool:
        raise AssertionError("has_solution was asked of a set a short reason proves")

    monkeypatch.setattr(puzzles, "has_solution", refused)
    assert puzzles._impossible_level(cards, 5, 5) == "medium"


def test_grading_an_impossible_set_searches_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The grade's exhaustive search proves the set impossible; its reason is not searched
    for again (it was: impossibility_reason solves the set before saying "exhaustive")."""
    cards = list(generate(5, 5, "impossible", "hard", 3).cards)
    expected = grade(cards, 5, 5)

    def refused(*args: object) -> object:
        raise AssertionError("an impossible set was solved a second time")

    monkeypatch.setattr(reasons, "solve", refused)
    graded = grade(cards, 5, 5)
    assert graded == expected and graded.reason == exhaustive_reason(5, 5)

"""Challenge puzzles: every generated puzzle's key is checked again here from the rules
(neighbours sharing exactly two values; ciphers as substitutions of values, attributes
in any order; no two cards sharing three values), its count of right answers re-found by
brute forces written here, and written answers judged with reasons that never hand out
a right answer."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations, permutations, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.fourd.challenges import neighbour_layout
from printables.questions.base import Group
from printables.questions.challenge import (
    KIND,
    LAYOUT_LIMIT,
    layouts,
    right_splits,
)

SEEDS = range(30)
LEVELS = ("easy", "medium", "hard")


def shared(a: Card, b: Card) -> int:
    return sum(x == y for x, y in zip(a.values, b.values, strict=True))


def puzzle(question: str, level: str, seed: int) -> Any:
    return KIND.generate(seed, KIND.choices(question=question, level=level))


def card(name: str) -> Card:
    return FOUR_D.card(name)


def rows_of(answer: str) -> list[list[Card]]:
    return [[card(n) for n in row.split()] for row in answer.split(" / ")]


# -- independent checks, from the rules --------------------------------------------------


def good_grid(grid: list[list[Card]]) -> bool:
    return all(
        (c + 1 >= len(row) or shared(row[c], row[c + 1]) == 2)
        and (r + 1 >= len(grid) or shared(row[c], grid[r + 1][c]) == 2)
        for r, row in enumerate(grid)
        for c in range(len(row))
    )


def count_grids(cards: list[Card], rows: int, cols: int, limit: int) -> int:
    """Every way to fill the grid cell by cell, each grid counted, up to ``limit``."""
    found = 0
    grid: list[Card] = []

    def fill() -> bool:
        nonlocal found
        if len(grid) == rows * cols:
            found += 1
            return found >= limit
        r, c = divmod(len(grid), cols)
        for x in cards:
            if x in grid:
                continue
            if c and shared(grid[-1], x) != 2:
                continue
            if r and shared(grid[-cols], x) != 2:
                continue
            grid.append(x)
            stop = fill()
            grid.pop()
            if stop:
                return True
        return False

    fill()
    return found


def pattern(trio: tuple[Card, ...]) -> tuple[tuple[int, ...], int]:
    """The rulebook's name of a three-card pattern: pair counts, and values on all three."""
    a, b, c = trio
    pairs = tuple(sorted((shared(a, b), shared(b, c), shared(a, c)), reverse=True))
    return pairs, sum(x == y == z for x, y, z in zip(a.values, b.values, c.values, strict=True))


def is_cipher(first: tuple[Card, ...], second: tuple[Card, ...]) -> bool:
    """Whether substituting values (attributes in any order) turns one set into the other:
    every substitution sending the first card to a card of the second is tried."""
    if len(first) != len(second):
        return False
    target = {c.values for c in second}
    a0 = first[0].values
    for b in second:
        for places in permutations(range(4)):
            choices = [
                [m for m in permutations(range(3)) if m[a0[k]] == b.values[places[k]]]
                for k in range(4)
            ]
            for maps in product(*choices):
                image = set()
                for c in first:
                    out = [0] * 4
                    for k in range(4):
                        out[places[k]] = maps[k][c.values[k]]
                    image.add(tuple(out))
                if image == target:
                    return True
    return False


def pair_counts(cards: tuple[Card, ...]) -> list[int]:
    """A count ciphers keep: how many values each two cards share, sorted."""
    return sorted(shared(a, b) for a, b in combinations(cards, 2))


def all_splits(cards: list[Card], size: int) -> list[list[tuple[Card, ...]]]:
    if not cards:
        return [[]]
    first, rest = cards[0], cards[1:]
    out = []
    for more in combinations(rest, size - 1):
        left = [c for c in rest if c not in more]
        out += [[(first, *more), *tail] for tail in all_splits(left, size)]
    return out


def best_choices(shown: tuple[Card, ...], offered: tuple[Card, ...]) -> list[frozenset[Card]]:
    for size in range(len(offered), -1, -1):
        found = [
            frozenset(pick)
            for pick in combinations(offered, size)
            if all(shared(a, b) < 3 for a, b in combinations((*shown, *pick), 2))
        ]
        if found:
            return found
    return []


# -- (a) every question and level, checked again -------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_layouts_are_right_and_counted_again(level: str) -> None:
    sizes = {"easy": {(2, 3), (3, 3)}, "medium": {(3, 4)}, "hard": {(4, 4), (5, 5)}}[level]
    for seed in SEEDS:
        p = puzzle("layout", level, seed)
        grid = rows_of(p.answer)
        rows, cols = len(grid), len(grid[0])
        assert p.level == level and (rows, cols) in sizes
        assert sorted(c for row in grid for c in row) == sorted(p.cards)
        assert good_grid(grid)
        assert KIND.check(p, p.answer).right
        count = KIND.solutions(p)
        assert 4 <= count <= LAYOUT_LIMIT
        if level != "hard":  # the plain search is too slow for 16 and 25 cards here
            assert count == count_grids(list(p.cards), rows, cols, LAYOUT_LIMIT)
        assert not p.hint.count("/") and p.answer not in p.hint


@pytest.mark.parametrize("level", LEVELS)
def test_splits_are_ciphers_and_counted_again(level: str) -> None:
    shapes = {"easy": {(2, 3)}, "medium": {(3, 3)}, "hard": {(3, 4), (2, 9)}}[level]
    for seed in SEEDS:
        p = puzzle("split", level, seed)
        sets = [tuple(card(n) for n in part.split()) for part in p.answer.split(" / ")]
        assert p.level == level and (len(sets), len(sets[0])) in shapes
        assert sorted(c for s in sets for c in s) == sorted(p.cards)
        if len(sets[0]) == 3:
            assert len({pattern(s) for s in sets}) == 1
        assert all(is_cipher(sets[0], s) for s in sets[1:])
        assert KIND.check(p, p.answer).right
        count = KIND.solutions(p)
        assert count >= 1
        if len(sets[0]) == 3:
            right = [s for s in all_splits(sorted(p.cards), 3) if len({pattern(t) for t in s}) == 1]
            assert count == len(right)


def test_hard_splits_counted_again_for_a_few_seeds() -> None:
    """The brute force over every split, for a twelve-card and an eighteen-card puzzle."""
    seen = set()
    for seed in range(40):
        p = puzzle("split", "hard", seed)
        size = len(p.solution[0])
        if size in seen:
            continue
        seen.add(size)
        cards = sorted(p.cards)
        if size == 4:
            splits = all_splits(cards, 4)
        else:
            splits = [[(cards[0], *m), tuple(c for c in cards[1:] if c not in m)]
                      for m in combinations(cards[1:], 8)]  # fmt: skip
        # A cheap necessary condition first, then the search for a substitution.
        splits = [s for s in splits if all(pair_counts(t) == pair_counts(s[0]) for t in s[1:])]
        right = [s for s in splits if all(is_cipher(s[0], t) for t in s[1:])]
        assert KIND.solutions(p) == len(right) >= 1
        if seen == {4, 9}:
            break
    assert seen == {4, 9}


@pytest.mark.parametrize("level", LEVELS)
def test_pair_free_answers_are_the_most_and_counted_again(level: str) -> None:
    for seed in SEEDS:
        p = puzzle("pair-free", level, seed)
        shown, offered = p.groups[0].cards, p.groups[1].cards
        assert all(shared(a, b) < 3 for a, b in combinations(shown, 2))
        best = best_choices(shown, offered)
        answer = frozenset(card(n) for n in p.answer.split())
        assert p.level == level and answer in best
        assert KIND.solutions(p) == len(best)
        if level == "easy":
            assert len(best) == 1
        assert KIND.check(p, p.answer).right
        fits = [c for c in offered if all(shared(c, s) < 3 for s in shown)]
        clashes = sum(shared(a, b) == 3 for a, b in combinations(fits, 2))
        assert {"easy": clashes == 0, "medium": 1 <= clashes <= 2, "hard": clashes >= 3}[level]


# -- (b) wrong answers, with reasons that hand out nothing ---------------------------------


def test_a_broken_layout_names_a_bad_pair_and_not_a_right_layout() -> None:
    for seed in range(10):
        p = puzzle("layout", "medium", seed)
        grid = rows_of(p.answer)
        flat = [c for row in grid for c in row]
        flat[0], flat[5] = flat[5], flat[0]
        wrong = [flat[r * 4 : r * 4 + 4] for r in range(3)]
        assert not good_grid(wrong)
        verdict = KIND.check(p, " / ".join(" ".join(map(str, row)) for row in wrong))
        assert not verdict.right and not verdict.why
        said = " ".join(verdict.reasons)
        assert "exactly two" in said and p.answer not in said
        assert all(" ".join(map(str, row)) not in said for row in grid)


def test_a_wrong_split_says_which_sets_differ_without_a_right_split() -> None:
    for seed in range(10):
        p = puzzle("split", "medium", seed)
        sets = [part.split() for part in p.answer.split(" / ")]
        sets[0][0], sets[1][0] = sets[1][0], sets[0][0]
        written = " / ".join(" ".join(s) for s in sets)
        verdict = KIND.check(p, written)
        right_sets = {" ".join(str(c) for c in s) for split in right_splits(p.cards, 3, 3)
                      for s in split}  # fmt: skip
        if " / ".join(" ".join(s) for s in sets) in {
            " / ".join(" ".join(str(c) for c in s) for s in split)
            for split in right_splits(p.cards, 3, 3)
        }:
            continue
        assert not verdict.right
        said = " ".join(verdict.reasons)
        assert "not ciphers" in said
        assert not any(s in said for s in right_sets)


def test_split_mistakes_in_shape_are_named() -> None:
    p = puzzle("split", "easy", 1)
    names = p.answer.replace(" / ", " ").split()
    verdict = KIND.check(p, " ".join(names[:4]) + " / " + " ".join(names[4:]))
    assert not verdict.right and "set 1 has 4 cards" in verdict.reasons[0]
    verdict = KIND.check(p, " ".join(names[:3]) + " / " + " ".join(names[:3]))
    assert not verdict.right and any("in no set" in r for r in verdict.reasons)


def test_pair_free_mistakes_are_named_without_the_best_choice() -> None:
    for seed in range(10):
        p = puzzle("pair-free", "hard", seed)
        shown, offered = p.groups[0].cards, p.groups[1].cards
        best = [card(n) for n in p.answer.split()]
        clashing = [c for c in offered if any(shared(c, s) == 3 for s in shown)]
        verdict = KIND.check(p, f"{best[0]} {clashing[0]}")
        assert not verdict.right and "share three values" in verdict.reasons[0]
        fewer = KIND.check(p, " ".join(map(str, best[:-1])))
        assert not fewer.right and "larger choice" in fewer.reasons[0]
        for reason in (*verdict.reasons, *fewer.reasons):
            assert all(str(c) not in reason for c in best[1:] if c not in best[:-1])
        assert not KIND.check(p, "none").right


# -- (c) text that cannot be read ---------------------------------------------------------


def test_bad_text_says_what_is_wrong_and_lower_case_is_read() -> None:
    p = puzzle("layout", "easy", 2)
    with pytest.raises(ValueError, match="'x' is not a shade"):
        KIND.check(p, "Bx=S")
    outside = next(c for c in FOUR_D.cards if c not in p.cards)
    with pytest.raises(ValueError, match=f"{outside} is not among these cards"):
        KIND.check(p, str(outside))
    with pytest.raises(ValueError, match="rows of"):
        KIND.check(p, " / ".join(str(c) for c in p.cards))
    assert KIND.check(p, "  " + p.answer.lower().replace(" / ", "\n")).right
    assert KIND.check(p, p.answer.replace(" / ", " ")).right  # row by row on one line
    s = puzzle("split", "hard", 2)
    assert KIND.check(s, s.answer.lower()).right
    with pytest.raises(ValueError, match="missing the shape"):
        KIND.check(s, "Bb=")
    f = puzzle("pair-free", "medium", 2)
    assert KIND.check(f, f.answer.lower()).right
    with pytest.raises(ValueError, match="already in the set"):
        KIND.check(f, str(f.groups[0].cards[0]))
    twice = KIND.check(f, f"{f.groups[1].cards[0]} {f.groups[1].cards[0]}")
    assert not twice.right and "written twice" in twice.reasons[0]


# -- (d) properties ------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 6), st.integers(0, 5), st.sampled_from([(2, 3), (3, 3), (2, 4)]),
       st.randoms(use_true_random=False))  # fmt: skip
def test_window_layouts_are_counted_like_the_plain_search(
    top: int, left: int, shape: tuple[int, int], rng: random.Random
) -> None:
    rows, cols = shape
    whole = neighbour_layout()
    cards = [whole[top + r][left + c] for r in range(rows) for c in range(cols)]
    rng.shuffle(cards)
    assert layouts(cards, rows, cols, 50) == count_grids(cards, rows, cols, 50)


@settings(max_examples=12, deadline=None)
@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=8, max_size=8, unique=True))
def test_two_set_splits_match_the_brute_force(cards: list[Card]) -> None:
    """The chain method (used for two sets of nine) against every split, on eight cards."""
    from printables.questions.challenge.split import _halves

    ordered = sorted(cards)
    right = [
        s for s in all_splits(ordered, 4)
        if pair_counts(s[0]) == pair_counts(s[1]) and is_cipher(s[0], s[1])
    ]  # fmt: skip
    assert len(_halves(ordered)) == len(right)
    assert len(right_splits(ordered, 2, 4)) == len(right)


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_any_layout_written_is_judged_by_the_rule(rng: random.Random) -> None:
    p = puzzle("layout", "easy", rng.randrange(50))
    rows, cols = len(p.solution), len(p.solution[0])
    cards = list(p.cards)
    rng.shuffle(cards)
    grid = [cards[r * cols : (r + 1) * cols] for r in range(rows)]
    verdict = KIND.check(p, " / ".join(" ".join(map(str, row)) for row in grid))
    assert verdict.right == good_grid(grid)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**5), st.sampled_from(["layout", "split", "pair-free"]),
       st.sampled_from(LEVELS))  # fmt: skip
def test_generation_is_a_promise(seed: int, question: str, level: str) -> None:
    p = puzzle(question, level, seed)
    rng = random.Random(p.id)
    again = None
    for _ in range(KIND.attempts):
        again = KIND.make(p.id, question, level, rng)
        if again is not None:
            break
    assert again == p and p.level == level


# -- (e) the rulebook's appendix --------------------------------------------------------------


def test_the_appendix_layout_of_all_81_cards_is_judged_right() -> None:
    whole = neighbour_layout()
    p = replace(puzzle("layout", "easy", 0), groups=(Group("Cards", FOUR_D.cards),),
                solution=whole)  # fmt: skip
    written = "\n".join(" ".join(map(str, row)) for row in whole)
    assert KIND.check(p, written).right
    swapped = written.replace(str(whole[0][0]), "#").replace(str(whole[4][4]), str(whole[0][0]))
    assert not KIND.check(p, swapped.replace("#", str(whole[4][4]))).right


def test_nine_card_double_flushes_are_ciphers_as_the_appendix_says() -> None:
    blue_black = [c for c in FOUR_D.cards if str(c).startswith("Bb")]
    red_white = [c for c in FOUR_D.cards if str(c).startswith("Rw")]
    assert is_cipher(tuple(blue_black), tuple(red_white))
    p = replace(puzzle("split", "easy", 0),
                groups=(Group("Cards", (*red_white, *blue_black)),),
                solution=(tuple(blue_black), tuple(red_white)))  # fmt: skip
    written = " ".join(map(str, blue_black)) + " / " + " ".join(map(str, red_white))
    assert KIND.check(p, written).right
    # Split by color and shade, those eighteen cards hold other splits too.
    assert KIND.solutions(p) >= 1


def test_the_key_of_pair_free_gives_the_appendix_bound() -> None:
    p = puzzle("pair-free", "hard", 0)
    assert any("27" in line for line in p.key)

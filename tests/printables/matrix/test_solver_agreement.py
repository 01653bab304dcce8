"""The exact Matrix solver agrees with checks that share none of its code.

* 3x3: a brute force over all arrangements decides every set, and counts solutions.
* Larger sizes: a small CP-SAT model (OR-Tools) decides every set, including sets built
  to be impossible: a *lonely* card (none of its values shows on as many cards as its
  longer line holds, so that line cannot pass through it) and a *crowded* card (each of
  its values shows on exactly five cards and every two of them on three, so its two lines
  would overlap).
* Counting: 3x3 and 3x4 counts against the brute force, 4x4 and 4x5 counts against the
  enumeration of every solution that the counting replaced.
* Short reasons (:mod:`printables.matrix.reasons`): a set given one is impossible.

The brute force and the CP-SAT model live in ``tests/support/cp_oracle.py``, shared with
``benchmarks/bench_matrix.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from cp_oracle import arrangements
from cp_oracle import brute_force as brute_force_grid
from cp_oracle import cp_sat as cp_sat_grid
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix import SIZES, check_grid, solver
from printables.matrix.puzzles import generate
from printables.matrix.reasons import EXHAUSTIVE, NO_LINE, TWO_LINES, impossibility_reason
from printables.matrix.solver import (
    SearchStats,
    count_solutions,
    has_solution,
    is_impossible,
    search,
    solutions,
    solve,
)

Grid = Sequence[Sequence[Card]]
LARGER = [size for size in SIZES if size != (3, 3)]


def draw(seed: int, rows: int, cols: int) -> list[Card]:
    return random.Random(seed).sample(FOUR_D.cards, rows * cols)


def assert_solves(grid: Grid, cards: Sequence[Card], rows: int, cols: int) -> None:
    assert len(grid) == rows and all(len(row) == cols for row in grid), cards
    assert sorted(c for row in grid for c in row) == sorted(cards), cards
    assert check_grid(grid).ok, cards


# -- brute force ---------------------------------------------------------------------------


def brute_force(cards: Sequence[Card], rows: int, cols: int) -> bool:
    grid = brute_force_grid(cards, rows, cols)
    if grid is not None:
        assert_solves(grid, cards, rows, cols)  # the checker itself is right
    return grid is not None


def brute_force_count(cards: Sequence[Card], rows: int, cols: int) -> int:
    """Distinct solutions: a grid is its set of row sets and its set of column sets, and
    a square grid is the same solution as its transpose."""
    seen: set[object] = set()
    for grid in arrangements(cards, rows, cols):
        row_sets = frozenset(frozenset(row) for row in grid)
        col_sets = frozenset(frozenset(col) for col in zip(*grid, strict=True))
        seen.add(frozenset({row_sets, col_sets}) if rows == cols else (row_sets, col_sets))
    return len(seen)


def enumerated_count(cards: Sequence[Card], rows: int, cols: int) -> int:
    """The counting :func:`count_solutions` replaced: every solution listed by exact cover
    (:func:`solutions`), a square grid's transpose taken as the same solution."""
    seen = {
        frozenset({frozenset(f[:rows]), frozenset(f[rows:])}) for f in solutions(cards, rows, cols)
    }
    return len(seen)


# -- CP-SAT --------------------------------------------------------------------------------


def cp_sat(cards: Sequence[Card], rows: int, cols: int) -> list[list[Card]] | None:
    """CP-SAT's grid (the oracle checks it, and so does the project's check), or None when
    CP-SAT proves the set impossible; any other answer fails the test."""
    grid = cp_sat_grid(cards, rows, cols)
    if grid is not None:
        assert_solves(grid, cards, rows, cols)  # the checker itself is right
    return grid


def assert_agree(cards: list[Card], rows: int, cols: int) -> bool:
    """Solver and CP-SAT agree on the set; whether it is solvable."""
    grid = solve(cards, rows, cols)
    theirs = cp_sat(cards, rows, cols)
    assert (grid is None) == (theirs is None), (rows, cols, " ".join(map(str, cards)))
    if grid is not None:
        assert_solves(grid, cards, rows, cols)
    return grid is not None


# -- impossible sets built on purpose -------------------------------------------------------


def differing(generator: random.Random, base: Card, keep: set[int]) -> Card:
    """A random card showing base's value in the attributes ``keep`` and no other."""
    values = [v if a in keep else generator.choice([w for w in range(3) if w != v])
              for a, v in enumerate(base.values)]  # fmt: skip
    return FOUR_D.cards[FOUR_D.index_of(tuple(values))]


def strangers(base: Card) -> list[Card]:
    """The 16 cards that share no value with base."""
    return [c for c in FOUR_D.cards if c.shares(base) == 0]


def lonely_set(seed: int, rows: int, cols: int) -> tuple[Card, list[Card]]:
    """A set in which none of one card's values shows on ``max(rows, cols)`` cards."""
    generator = random.Random(seed)
    base = generator.choice(FOUR_D.cards)
    cap = max(rows, cols) - 1  # cards showing each of base's values, base included
    while True:
        others = [c for c in FOUR_D.cards if c != base]
        generator.shuffle(others)
        counts = [1, 1, 1, 1]
        chosen = [base]
        for c in others:
            same = [a for a in range(4) if c.values[a] == base.values[a]]
            if all(counts[a] < cap for a in same):
                chosen.append(c)
                for a in same:
                    counts[a] += 1
            if len(chosen) == rows * cols:
                generator.shuffle(chosen)
                return base, chosen


def crowded_set(seed: int, rows: int, cols: int) -> tuple[Card, list[Card]]:
    """A set of 20 or 25 cards in which each of one card's values shows on exactly five
    cards and each two of its values on three: a line of five through the card takes all
    the cards of one value, so the crossing line of four or five keeps at most three."""
    generator = random.Random(seed)
    base = generator.choice(FOUR_D.cards)
    triples = [differing(generator, base, {0, 1, 2, 3} - {a}) for a in range(4)]
    singles = [differing(generator, base, {a}) for a in range(4)]
    rest = generator.sample(strangers(base), rows * cols - 9)
    chosen = [base, *triples, *singles, *rest]
    generator.shuffle(chosen)
    return base, chosen


def near_impossible(generator: random.Random, rows: int, cols: int) -> list[Card]:
    """A card and others sharing at most one value with it: its lines are hard to fill."""
    base = generator.choice(FOUR_D.cards)
    pool = [c for c in FOUR_D.cards if c != base and c.shares(base) <= 1]
    return [base, *generator.sample(pool, rows * cols - 1)]


# -- tests ---------------------------------------------------------------------------------


def test_3x3_solver_agrees_with_brute_force_on_300_random_sets() -> None:
    kinds = [0, 0]
    for seed in range(300):
        cards = draw(seed, 3, 3)
        grid = solve(cards, 3, 3)
        assert (grid is not None) == brute_force(cards, 3, 3), " ".join(map(str, cards))
        assert has_solution(cards, 3, 3) == (grid is not None)
        if grid is not None:
            assert_solves(grid, cards, 3, 3)
        kinds[grid is None] += 1
    assert min(kinds) > 50, kinds  # both solvable and impossible sets were met


@pytest.mark.parametrize(("rows", "cols"), LARGER)
def test_solver_agrees_with_cp_sat_on_random_sets(rows: int, cols: int) -> None:
    solved = sum(assert_agree(draw(1000 + seed, rows, cols), rows, cols) for seed in range(25))
    assert solved > 0


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_the_quick_yes_or_no_is_the_solvers_answer_on_sets_of_both_kinds(
    rows: int, cols: int
) -> None:
    """has_solution (what the generator's walk asks thousands of times) against solve, on
    random sets and on sets built impossible at every level."""
    answers = Counter()
    for seed in range(30):
        cards = draw(7000 + seed, rows, cols)
        answers[has_solution(cards, rows, cols)] += 1
        assert has_solution(cards, rows, cols) == (solve(cards, rows, cols) is not None)
    for level in ("easy", "medium", "hard"):
        cards = list(generate(rows, cols, "impossible", level, 1).cards)
        assert not has_solution(cards, rows, cols) and solve(cards, rows, cols) is None
    assert answers[True] > 0


@pytest.mark.parametrize("side", [3, 4, 5])
def test_the_quick_yes_or_no_tries_a_square_pair_of_multisets_once(
    side: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On an impossible square set has_solution matches the cards to as many pairs of
    label multisets as solve does: a pair and its transpose (the same grid turned over)
    are one try, not two."""
    stats = SearchStats()
    tries = []
    fitting = solver.fits  # has_solution's matching (search's is solver.fit)

    def counted(*args: object) -> object:
        tries.append(args)
        return fitting(*args)  # type: ignore[arg-type]

    for seed in range(3):
        cards = list(generate(side, side, "impossible", "hard", seed).cards)
        assert search(cards, side, side, stats) is None
        monkeypatch.setattr(solver, "fits", counted)
        assert not has_solution(cards, side, side)
        monkeypatch.setattr(solver, "fits", fitting)
    assert stats.matchings > 0
    assert len(tries) == stats.matchings


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (4, 3), (3, 5), (5, 3), (4, 4)])
def test_solver_agrees_with_cp_sat_on_random_impossible_sets(rows: int, cols: int) -> None:
    impossible = 0
    seed = 5000
    while impossible < 10:
        cards = draw(seed, rows, cols)
        if cp_sat(cards, rows, cols) is None:
            impossible += 1
            assert solve(cards, rows, cols) is None, " ".join(map(str, cards))
        seed += 1
    assert seed < 5000 + 100  # such sets are common (4x4 needs the most: 55 draws)


@pytest.mark.parametrize(("rows", "cols"), [(4, 5), (5, 4), (5, 5)])
@pytest.mark.parametrize("build", [lonely_set, crowded_set])
def test_sets_built_impossible_are_impossible_for_both(
    build: Callable[[int, int, int], tuple[Card, list[Card]]], rows: int, cols: int
) -> None:
    for seed in range(4):
        base, cards = build(seed, rows, cols)
        assert len(set(cards)) == rows * cols and base in cards
        showing = [sum(c.values[a] == base.values[a] for c in cards) for a in range(4)]
        if build is lonely_set:
            assert max(showing) < max(rows, cols)
        else:
            assert showing == [5, 5, 5, 5]
            for a in range(4):
                for b in range(a + 1, 4):
                    both = [c for c in cards if c.values[a] == base.values[a]
                            and c.values[b] == base.values[b]]  # fmt: skip
                    assert len(both) == 3
        assert cp_sat(cards, rows, cols) is None, " ".join(map(str, cards))
        assert solve(cards, rows, cols) is None, " ".join(map(str, cards))
        assert is_impossible(cards, cols, rows)


def test_count_solutions_agrees_with_brute_force_on_3x3_sets() -> None:
    counts = []
    for seed in range(60):
        cards = draw(7000 + seed, 3, 3)
        expected = brute_force_count(cards, 3, 3)
        assert count_solutions(cards, 3, 3) == expected, " ".join(map(str, cards))
        counts.append(expected)
    assert 0 in counts and max(counts) > 1, counts


@pytest.mark.parametrize(
    "names",
    [
        "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T",  # the solver's own example (20)
        "Bb=S Bb=C Bb=T Bb~S Bb~C Bb~T BbzS BbzC BbzT",  # every arrangement is solved
        "Bb=S Bg=S Bw=S Gb=S Gg=S Gw=S Rb=S Rg=S Rw=S",  # stripe squares: every one solved too
    ],
)
def test_count_solutions_agrees_with_brute_force_on_crowded_3x3_sets(names: str) -> None:
    cards = read_cards(names, FOUR_D)
    expected = brute_force_count(cards, 3, 3)
    assert expected > 1
    assert count_solutions(cards, 3, 3) == expected


def test_count_solutions_agrees_with_brute_force_on_3x4_sets() -> None:
    solvable = 0
    for seed in range(12):
        cards = draw(8000 + seed, 3, 4)
        expected = brute_force_count(cards, 3, 4)
        assert count_solutions(cards, 3, 4) == expected, " ".join(map(str, cards))
        solvable += expected > 0
    assert solvable >= 3


@pytest.mark.parametrize(("rows", "cols", "most"), [(4, 4, 400), (4, 5, 200)])
def test_count_solutions_agrees_with_the_enumeration_it_replaced(
    rows: int, cols: int, most: int
) -> None:
    # The enumeration lists every solution: only sets with at most ``most`` are checked.
    checked = []
    for seed in range(25):
        cards = draw(9000 + 100 * cols + seed, rows, cols)
        count = count_solutions(cards, rows, cols)
        assert count_solutions(cards, cols, rows) == count  # transposed
        assert count_solutions(cards[::-1], rows, cols) == count  # reordered
        if count <= most:
            assert enumerated_count(cards, rows, cols) == count, " ".join(map(str, cards))
            checked.append(count)
    assert len(checked) >= 5 and max(checked) > 50, checked


def checked_reason(cards: list[Card], rows: int, cols: int) -> str:
    """The kind of reason given for the set, or "solvable"; a reason must be a proof."""
    try:
        reason = impossibility_reason(cards, rows, cols)
    except ValueError:  # raised only when the solver finds a solution
        return "solvable"
    names = " ".join(map(str, cards))
    assert solve(cards, rows, cols) is None, (rows, cols, names, reason.text)
    if reason.kind != EXHAUSTIVE:
        assert reason.card in cards and str(reason.card) in reason.text
    return reason.kind


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_every_short_reason_is_a_proof(rows: int, cols: int) -> None:
    kinds: Counter[str] = Counter()
    sets = [draw(20000 + seed, rows, cols) for seed in range(50)]
    sets += [near_impossible(random.Random(seed), rows, cols) for seed in range(200)]
    if rows * cols >= 20:
        sets += [
            build(seed, rows, cols)[1] for build in (lonely_set, crowded_set) for seed in range(3)
        ]
    for cards in sets:
        kind = checked_reason(cards, rows, cols)
        if kind == TWO_LINES and kinds[kind] < 2:  # and independently of the solver
            assert cp_sat(cards, rows, cols) is None
        kinds[kind] += 1
    assert kinds["solvable"] and kinds[NO_LINE] >= 3, kinds
    assert kinds[TWO_LINES] >= 2, kinds  # the count fires at every size, rectangles too


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.sampled_from(SIZES), st.booleans())
def test_a_short_reason_is_always_a_proof(
    generator: random.Random, size: tuple[int, int], near: bool
) -> None:
    rows, cols = size
    if near:
        cards = near_impossible(generator, rows, cols)
    else:
        cards = generator.sample(FOUR_D.cards, rows * cols)
    checked_reason(cards, rows, cols)

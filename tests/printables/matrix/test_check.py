"""The matrix engine: checking grids and the exact solver (4D rulebook, "Matrix")."""

from __future__ import annotations

import random
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D, card
from printables.cards.errors import DuplicateCardError
from printables.cards.reading import read_cards
from printables.matrix import SIZES, check_grid, count_solutions, is_impossible, solve
from printables.matrix.reasons import TWO_LINES, impossibility_reason

SOLVED = read_cards("BbzT Bg~T Bw=T Gb~T Gg=T GwzT RbzT RgzC RwzS", FOUR_D)
# The book's caption: fewer than three cards show circle or stripe, exactly three show green
# and three black, and GbzS shows both, so it would need Gb=C's row and column at once.
BOOK_IMPOSSIBLE = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)
# Rectangles the book's exact-count argument misses, though the same argument works as a count:
# a card's row and column hold R + C - 1 cards, each showing its line's shared value.
RECTANGLE_3X5 = read_cards(
    "Bg=S GwzC Bw=C BwzC Bw=T Gb~T BwzT RwzT Gw~S Gg~C RbzT Rw=C Rw~T GwzT GbzT", FOUR_D
)
RECTANGLE_4X5 = read_cards(
    "Gg~T Bb=C RbzT GwzT Bw~C Bw=S Rw=S BbzC BgzS Rb=C Bw=T Bg=C Rb=S Rw~C BwzC RwzC GbzS BbzS "
    "Bg=T Gb=S",
    FOUR_D,
)


def showing(cards: list[Card], *names: str) -> int:
    """How many cards show at least one of the named values."""
    return sum(any(v.name in names for v in c.shown) for c in cards)


def rows_of(cards: list[Card], cols: int) -> list[list[Card]]:
    return [cards[i : i + cols] for i in range(0, len(cards), cols)]


def brute_force_3x3(cards: list[Card]) -> bool:
    """Independent check: every split into three rows, every order of rows 2 and 3.
    Whether a row is a single-flush does not hang on its order, so each split's rows are
    checked once, and only the orders of a split whose rows all pass are tried."""
    first = cards[0]
    rest = cards[1:]
    for pair in combinations(rest, 2):
        row1 = [first, *pair]
        if not check_grid([row1]).ok:
            continue
        others = [c for c in rest if c not in pair]
        for mates in combinations(others[1:], 2):
            row2 = [others[0], *mates]
            row3 = [c for c in others if c not in row2]
            if not (check_grid([row2]).ok and check_grid([row3]).ok):
                continue
            for p2 in permutations(row2):
                for p3 in permutations(row3):
                    if check_grid([row1, list(p2), list(p3)]).ok:
                        return True
    return False


def test_a_grid_whose_lines_all_share_a_value_is_solved() -> None:
    verdict = check_grid(rows_of(SOLVED, 3))
    assert verdict.ok and verdict.shape == (3, 3)
    assert verdict.reasons[0] == "row 1 shares blue and triangle."
    assert "column 2 shares gray." in verdict.reasons


def test_rotations_transpositions_and_reorderings_of_a_solution_are_solutions() -> None:
    rows = rows_of(SOLVED, 3)
    variants = [
        rows,
        [list(col) for col in zip(*rows, strict=True)],  # transposed
        [list(reversed(col)) for col in zip(*rows, strict=True)],  # rotated
        [rows[2], rows[0], rows[1]],  # rows reordered
        [[r[1], r[2], r[0]] for r in rows],  # columns reordered
    ]
    for grid in variants:
        assert check_grid(grid).ok


def test_a_failing_line_names_two_cards_that_differ_in_every_attribute() -> None:
    verdict = check_grid([SOLVED[:3], SOLVED[3:6], [SOLVED[6], SOLVED[8], SOLVED[7]]])
    assert not verdict.ok
    assert [line.name for line in verdict.failing] == ["column 2", "column 3"]
    assert verdict.reasons[0] == (
        "column 2 shares no value: Bg~T and RwzS differ in every attribute."
    )


def test_a_failing_line_without_such_a_pair_names_the_values_each_card_breaks() -> None:
    line = check_grid([read_cards("Bb=S Bw~T Gb~S", FOUR_D)]).failing[0]
    assert line.name == "row 1"
    assert line.problem == (
        "row 1 shares no value: of Bb=S's values, blue is not on Gb~S, black is not on Bw~T, "
        "stripe is not on Bw~T, square is not on Bw~T"
    )


def test_a_grid_must_be_rectangular_and_hold_distinct_cards() -> None:
    with pytest.raises(ValueError, match="row 2 has 2 cards but row 1 has 3"):
        check_grid([SOLVED[:3], SOLVED[3:5]])
    with pytest.raises(DuplicateCardError):
        check_grid([SOLVED[:3], [SOLVED[0], *SOLVED[4:6]]])


def test_the_solver_finds_a_solution_with_the_same_cards() -> None:
    grid = solve(list(reversed(SOLVED)), 3, 3)
    assert grid is not None and check_grid(grid).ok
    assert sorted(c for row in grid for c in row) == sorted(SOLVED)


def test_the_books_impossible_set_is_proved_impossible() -> None:
    assert sum(c.value("shape").name == "circle" for c in BOOK_IMPOSSIBLE) < 3
    assert sum(c.value("pattern").name == "stripe" for c in BOOK_IMPOSSIBLE) < 3
    assert sum(c.value("color").name == "green" for c in BOOK_IMPOSSIBLE) == 3
    assert sum(c.value("shade").name == "black" for c in BOOK_IMPOSSIBLE) == 3
    assert card("GbzS") in BOOK_IMPOSSIBLE and card("Gb=C") in BOOK_IMPOSSIBLE
    assert solve(BOOK_IMPOSSIBLE, 3, 3) is None
    assert is_impossible(BOOK_IMPOSSIBLE, 3, 3)
    assert not brute_force_3x3(BOOK_IMPOSSIBLE)


def test_the_books_set_gets_the_books_reason() -> None:
    reason = impossibility_reason(BOOK_IMPOSSIBLE, 3, 3)
    assert reason.kind == TWO_LINES and reason.card == card("Gb=C")
    assert "GbzS shows green and black, so it would have to be in both" in reason.text


def test_two_lines_at_once_is_a_count_that_works_on_rectangles() -> None:
    reason = impossibility_reason(RECTANGLE_3X5, 3, 5)
    assert reason.kind == TWO_LINES and reason.card == card("Bg=S")
    assert reason.text.startswith(
        "Bg=S can only be in a blue row and a blue or stripe column: gray and square show on "
        "fewer than 3 cards, stripe on fewer than 5."
    )
    assert "Its row and column hold 7 cards between them (5 + 3 - 1: they share Bg=S)" in (
        reason.text
    )
    assert reason.text.endswith("but only 6 cards show blue or stripe.")
    # The counts the text gives, checked card by card.
    assert showing(RECTANGLE_3X5, "blue") == 5 and 3 <= showing(RECTANGLE_3X5, "stripe") < 5
    assert showing(RECTANGLE_3X5, "gray") < 3 and showing(RECTANGLE_3X5, "square") < 3
    assert showing(RECTANGLE_3X5, "blue", "stripe") == 6
    assert solve(RECTANGLE_3X5, 3, 5) is None
    transposed = impossibility_reason(RECTANGLE_3X5, 5, 3)
    assert transposed.kind == TWO_LINES
    assert "a blue or stripe row and a blue column" in transposed.text
    assert "(3 + 5 - 1: they share Bg=S)" in transposed.text


def test_two_lines_at_once_counts_each_pair_when_no_single_count_will_do() -> None:
    reason = impossibility_reason(RECTANGLE_4X5, 4, 5)
    assert reason.kind == TWO_LINES and reason.card == card("Gg~T")
    assert "in a triangle row and a green, gray or triangle column" in reason.text
    assert "hold 8 cards between them (5 + 4 - 1" in reason.text
    assert reason.text.endswith(
        "but only 7 cards show green or triangle; only 7 show gray or triangle."
    )
    assert showing(RECTANGLE_4X5, "green", "gray", "triangle") >= 8
    assert solve(RECTANGLE_4X5, 4, 5) is None


def test_a_limit_caps_the_count_of_solutions() -> None:
    exact = count_solutions(SOLVED, 3, 3)
    assert exact > 3
    capped = [count_solutions(SOLVED, 3, 3, limit=k) for k in (0, 3, exact, exact + 1)]
    assert capped == [0, 3, exact, exact]
    assert count_solutions(BOOK_IMPOSSIBLE, 3, 3, limit=5) == 0
    with pytest.raises(ValueError, match="at least 0"):
        count_solutions(SOLVED, 3, 3, limit=-1)


def test_changing_one_card_of_the_books_set_can_make_it_solvable() -> None:
    # Replacing Bg~S by a fourth black card breaks "exactly three black"; the set then solves.
    cards = [c if c != card("Bg~S") else card("Bb~S") for c in BOOK_IMPOSSIBLE]
    grid = solve(cards, 3, 3)
    assert grid is not None and check_grid(grid).ok
    assert brute_force_3x3(cards)


def test_the_solver_agrees_with_brute_force_on_random_3x3_sets() -> None:
    generator = random.Random(2024)
    answers = set()
    for _ in range(40):
        cards = generator.sample(FOUR_D.cards, 9)
        found = solve(cards, 3, 3)
        assert (found is not None) == brute_force_3x3(cards), cards
        answers.add(found is None)
    assert answers == {True, False}  # both kinds of set were met


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_every_book_size_is_solved_or_proved_impossible(rows: int, cols: int) -> None:
    generator = random.Random(rows * 10 + cols)
    for _ in range(4):
        cards = generator.sample(FOUR_D.cards, rows * cols)
        grid = solve(cards, rows, cols)
        if grid is not None:
            assert len(grid) == rows and all(len(r) == cols for r in grid)
            assert check_grid(grid).ok
            assert sorted(c for r in grid for c in r) == sorted(cards)


def test_a_nine_card_double_flush_is_solvable_and_a_wrong_count_is_refused() -> None:
    blue_black = [c for c in FOUR_D.cards if str(c).startswith("Bb")]
    assert solve(blue_black, 3, 3) is not None
    with pytest.raises(ValueError, match="takes 9 cards, not 8"):
        solve(blue_black[:8], 3, 3)
    with pytest.raises(DuplicateCardError):
        solve([*blue_black[:8], blue_black[0]], 3, 3)


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), st.sampled_from([(3, 3), (3, 4), (4, 3)]))
def test_found_solutions_are_solved_arrangements_of_the_set(
    generator: random.Random, size: tuple[int, int]
) -> None:
    rows, cols = size
    cards = generator.sample(FOUR_D.cards, rows * cols)
    grid = solve(cards, rows, cols)
    if grid is not None:
        assert check_grid(grid).ok
        assert sorted(c for r in grid for c in r) == sorted(cards)
        # The transposed set is solved by the transposed grid, and the solver agrees.
        assert solve(cards, cols, rows) is not None
    else:
        assert solve(cards, cols, rows) is None


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), st.sampled_from(SIZES))
def test_a_set_has_solutions_to_count_exactly_when_the_solver_solves_it(
    generator: random.Random, size: tuple[int, int]
) -> None:
    rows, cols = size
    cards = generator.sample(FOUR_D.cards, rows * cols)
    count = count_solutions(cards, rows, cols)
    assert (count > 0) == (solve(cards, rows, cols) is not None)
    assert count_solutions(cards, cols, rows) == count


@settings(max_examples=25)
@given(st.randoms(use_true_random=False))
def test_a_solution_stays_a_solution_when_shuffled_by_lines(generator: random.Random) -> None:
    cards = generator.sample(FOUR_D.cards, 9)
    grid = solve(cards, 3, 3)
    if grid is None:
        return
    rows = [list(r) for r in grid]
    generator.shuffle(rows)
    order = [0, 1, 2]
    generator.shuffle(order)
    shuffled = [[r[i] for i in order] for r in rows]
    assert check_grid(shuffled).ok
    assert solve([c for r in shuffled for c in r], 3, 3) is not None

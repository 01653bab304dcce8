"""Placement puzzles: every level as asked, every answer re-found by a brute force written
here from the rules (not the kind's helpers), judged right exactly once among every
possible answer, and wrong answers told why without giving the answer away."""

from __future__ import annotations

import itertools
import random
import re
import time
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards import FOUR_D, Card
from printables.questions.base import Question
from printables.questions.placement import (
    KIND,
    Columns,
    column_fits,
    columns_puzzle,
    pile_puzzle,
    tiles_puzzle,
)

SEEDS = range(30)
LEVELS = ("easy", "medium", "hard")
CASES = [(q, level) for q in KIND.questions.values() for level in LEVELS]
card = FOUR_D.card


def shares(a: Card, b: Card) -> int:
    return sum(x == y for x, y in zip(a.values, b.values, strict=True))


def column_takes(column: Sequence[Card], c: Card) -> bool:
    """The rule: some value shows on every card of the column and on the card."""
    return any(len({x.values[a] for x in (*column, c)}) == 1 for a in range(4))


def group(puzzle: Question, label: str) -> tuple[Card, ...]:
    return next(g.cards for g in puzzle.groups if g.label == label)


def columns_of(puzzle: Question) -> list[tuple[Card, ...]]:
    return [g.cards for g in puzzle.groups if g.label.startswith("Column ")]


def layout_of(puzzle: Question) -> tuple[dict[tuple[int, int], Card], tuple[int, int]]:
    """The printed layout read back from the table's cells, as a page draws them."""
    grid: dict[tuple[int, int], Card] = {}
    marked = None
    table = next(g for g in puzzle.groups if g.label == "Table")
    for k, cell in enumerate(table.cells):
        place = divmod(k, table.per_row)
        if cell == "?":
            marked = place
        elif isinstance(cell, Card):
            grid[place] = cell
    assert marked is not None
    return grid, marked


def touching(grid: dict[tuple[int, int], Card], cell: tuple[int, int]) -> list[Card]:
    r, c = cell
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [grid[x] for x in near if x in grid]


def brute_answer(puzzle: Question) -> set[str] | tuple[str, ...]:
    """The right answer from the rules alone: a set of column numbers or card names, or a
    batch's cards in column order (exactly one arrangement must work)."""
    if puzzle.question == "eighty-one":
        columns = columns_of(puzzle)
        if puzzle.entry == "order":
            batch = group(puzzle, "Batch")
            works = [
                order
                for order in itertools.permutations(batch)
                if all(column_takes(col, c) for col, c in zip(columns, order, strict=True))
            ]
            assert len(works) == 1
            return tuple(str(c) for c in works[0])
        (c,) = group(puzzle, "Card")
        return {str(i) for i, col in enumerate(columns, 1) if column_takes(col, c)}
    hand = group(puzzle, "Hand")
    if puzzle.question == "good-riddance":
        (top,) = group(puzzle, "Top card")
        need = 2 if "Variation 2" in puzzle.text else 0
        return {str(c) for c in hand if shares(c, top) == need}
    grid, marked = layout_of(puzzle)
    near = touching(grid, marked)
    assert near
    return {str(c) for c in hand if all(shares(c, x) >= 3 for x in near)}


def written(answer: set[str] | tuple[str, ...]) -> str:
    if isinstance(answer, tuple):
        return " ".join(answer)
    return " ".join(sorted(answer)) or "none"


def read_answer(puzzle: Question, text: str) -> set[str] | tuple[str, ...]:
    if text == "none":
        return set()
    if puzzle.entry == "order":
        return tuple(text.split())
    return set(text.split())


def brute_level(puzzle: Question) -> str:
    """The level from the measure the module documents, recomputed here."""
    if puzzle.question == "eighty-one":
        columns = columns_of(puzzle)
        if puzzle.entry == "order":
            batch = group(puzzle, "Batch")
            fitting = sum(column_takes(col, c) for col in columns for c in batch)
            assert len(batch) == len(columns) == 4 and fitting - len(batch) >= 3
            return "hard"
        (c,) = group(puzzle, "Card")
        traps = sum(1 for col in columns if not column_takes(col, c) and shares(col[-1], c) > 0)
        if traps == 0:
            assert len(columns) == 4 and all(2 <= len(col) <= 3 for col in columns)
            return "easy"
        assert len(columns) == 5 and all(3 <= len(col) <= 4 for col in columns)
        return "medium"
    hand = group(puzzle, "Hand")
    if puzzle.question == "good-riddance":
        (top,) = group(puzzle, "Top card")
        need = 2 if "Variation 2" in puzzle.text else 0
        near = sum(1 for c in hand if abs(shares(c, top) - need) == 1)
        if need:
            assert len(hand) == 7 and near >= 2
            return "hard"
        assert len(hand) == (5 if near == 0 else 6)
        return "easy" if near == 0 else "medium"
    grid, marked = layout_of(puzzle)
    near_cards = touching(grid, marked)
    decoys = sum(
        1 for c in hand if sum(shares(c, x) < 3 for x in near_cards) == 1
    ) if len(near_cards) > 1 else 0  # fmt: skip
    if len(near_cards) == 1:
        return "easy"
    assert decoys >= 1
    return "medium" if len(near_cards) == 2 else "hard"


def every_answer(puzzle: Question) -> list[str]:
    """Every answer a pupil could give from the cards or columns shown."""
    if puzzle.question == "eighty-one":
        if puzzle.entry == "order":
            return [" ".join(map(str, o)) for o in itertools.permutations(group(puzzle, "Batch"))]
        numbers = [str(i) for i in range(1, len(columns_of(puzzle)) + 1)]
    else:
        numbers = [str(c) for c in group(puzzle, "Hand")]
    subsets = itertools.chain.from_iterable(
        itertools.combinations(numbers, k) for k in range(len(numbers) + 1)
    )
    return [" ".join(s) or "none" for s in subsets]


@pytest.mark.parametrize(("question", "level"), CASES)
def test_every_puzzle_has_its_level_and_one_right_answer_found_by_brute_force(
    question: str, level: str
) -> None:
    for seed in SEEDS:
        puzzle = KIND.get(KIND.generated_id(question, level, seed))
        assert puzzle.level == level == brute_level(puzzle), puzzle.id
        assert KIND.solutions(puzzle) == 1, puzzle.id
        assert read_answer(puzzle, puzzle.answer) == brute_answer(puzzle), puzzle.id
        assert KIND.check(puzzle, puzzle.answer).right, puzzle.id
        assert KIND.check(puzzle, written(brute_answer(puzzle))).right
        assert len(set(puzzle.cards)) == len(puzzle.cards), "a card shown twice"
        assert all(name in puzzle.key[0] for name in puzzle.answer.split() if name != "none")
        if seed < 8:
            right = [a for a in every_answer(puzzle) if KIND.judge(puzzle, a).right]
            assert len(right) == 1, (puzzle.id, right)
            assert read_answer(puzzle, right[0]) == brute_answer(puzzle)


@pytest.mark.parametrize(("question", "level"), CASES)
def test_ids_are_promises(question: str, level: str) -> None:
    puzzle_id = KIND.generated_id(question, level, 4321)
    assert KIND.read_id(puzzle_id.upper()) == (question, level, 4321)

    def made() -> list[str]:
        rng = random.Random(puzzle_id)
        tries = (KIND.make(puzzle_id, question, level, rng) for _ in range(400))
        puzzle = next(p for p in tries if p is not None)
        return [*KIND.report(puzzle), *puzzle.key, puzzle.grade]

    assert made() == made() == [*KIND.report(KIND.get(puzzle_id)), *KIND.get(puzzle_id).key,
                                KIND.get(puzzle_id).grade]  # fmt: skip


def wrong_answers(puzzle: Question) -> list[tuple[str, set[str]]]:
    """Wrong answers, each with the names the reasons must not show (right cards or
    columns the answer leaves out, or a right card with its column)."""
    right = brute_answer(puzzle)
    found = []
    for text in every_answer(puzzle):
        given = read_answer(puzzle, text)
        if given == right:
            continue
        if isinstance(right, tuple):
            hidden = {f"{c} ... column {i}" for i, c in enumerate(right, 1)}
        else:
            hidden = set(right) - set(given)
        found.append((text, hidden))
    return found


def leaks(reasons: Sequence[str], hidden: set[str], columns: bool) -> list[str]:
    out = []
    for reason in reasons:
        for h in hidden:
            if " ... column " in h:
                name, number = h.split(" ... column ")
                if name in reason and re.search(rf"column {number}\b", reason):
                    out.append(reason)
            elif (columns and re.search(rf"column {h}\b", reason)) or (not columns and h in reason):
                out.append(reason)
    return out


@pytest.mark.parametrize(("question", "level"), CASES)
def test_wrong_answers_are_told_why_without_the_answer(question: str, level: str) -> None:
    for seed in range(6):
        puzzle = KIND.get(KIND.generated_id(question, level, seed))
        columns = puzzle.question == "eighty-one" and puzzle.entry == "choice"
        for text, hidden in wrong_answers(puzzle)[:40]:
            verdict = KIND.check(puzzle, text)
            assert not verdict.right and verdict.reasons and not verdict.why, (puzzle.id, text)
            assert not leaks(verdict.reasons, hidden, columns), (puzzle.id, text, verdict)


def first(question: str, level: str, test: Callable[[Question], bool] | None = None) -> Question:
    for seed in range(200):
        puzzle = KIND.get(KIND.generated_id(question, level, seed))
        if test is None or test(puzzle):
            return puzzle
    raise AssertionError("no such puzzle")


def test_a_missing_card_is_counted_not_named() -> None:
    puzzle = first("good-riddance", "easy", lambda p: len(p.answer.split()) >= 2)
    kept, *left = puzzle.answer.split()
    verdict = KIND.check(puzzle, kept)
    count = "one card" if len(left) == 1 else f"{len(left)} cards"
    assert verdict.reasons == (
        f"{count} that may be played {'is' if count == 'one card' else 'are'} missing",
    )
    assert KIND.check(puzzle, "none").reasons[0].endswith("of your hand may be played")


def test_a_wrong_card_gets_the_engines_reason() -> None:
    puzzle = first("good-riddance", "medium")
    (top,) = group(puzzle, "Top card")
    wrong = next(c for c in group(puzzle, "Hand") if shares(c, top))
    verdict = KIND.check(puzzle, f"{puzzle.answer if puzzle.answer != 'none' else ''} {wrong}")
    assert f"{wrong} shares" in verdict.reasons[0]
    assert f"with the top card {top}; Good Riddance needs no shared value" in verdict.reasons[0]
    assert (
        KIND.check(puzzle, str(top)).reasons[0] == f"{top} is the top card, not a card of your hand"
    )


def test_tiles_wrong_cards_name_the_card_they_would_touch() -> None:
    puzzle = first("tiles", "hard", lambda p: p.answer != "none")
    grid, marked = layout_of(puzzle)
    decoy = next(
        c for c in group(puzzle, "Hand")
        if sum(shares(c, x) < 3 for x in touching(grid, marked)) == 1
    )  # fmt: skip
    (reason,) = KIND.check(puzzle, f"{puzzle.answer} {decoy}").reasons
    assert (
        reason.startswith(f"{decoy} would touch ") and "touching cards must share three" in reason
    )
    on_table = next(iter(grid.values()))
    assert KIND.check(puzzle, str(on_table)).reasons[0] == (
        f"{on_table} is already on the table, not in your hand"
    )
    stranger = next(c for c in FOUR_D.cards if c not in puzzle.cards)
    assert KIND.check(puzzle, str(stranger)).reasons[0] == f"{stranger} is not in your hand"


def test_eighty_one_wrong_columns_and_a_wrong_batch() -> None:
    puzzle = first("eighty-one", "medium", lambda p: p.answer != "none")
    data: Columns = puzzle.solution
    wrong = next(i for i in range(5) if i not in data.fitting)
    verdict = KIND.check(puzzle, f"column {wrong + 1}")
    assert verdict.reasons[0].startswith(f"{data.batch[0]} shares no value with column {wrong + 1}")
    assert verdict.reasons[-1].endswith("missing")
    assert KIND.check(puzzle, "9").reasons[0] == "there is no column 9; the columns are 1 to 5"
    assert KIND.check(puzzle, "columns 1, 2 and 3").read == "1 2 3"
    batch = first("eighty-one", "hard")
    order = batch.answer.split()
    swapped = " ".join([order[1], order[0], *order[2:]])
    verdict = KIND.check(batch, swapped)
    assert not verdict.right and all("shares no value with column" in r for r in verdict.reasons)
    assert KIND.check(batch, batch.answer.lower()).right


@pytest.mark.parametrize(
    ("question", "level", "text", "message"),
    [
        ("good-riddance", "easy", "Bx=S", "'Bx=S'"),
        ("good-riddance", "easy", "   ", "write the card names"),
        ("tiles", "medium", "Bb=S Bb=S", "appears twice"),
        ("tiles", "medium", "Bb=S Q", "'Q'"),
        ("eighty-one", "easy", "columns one and two", "'one' is not a column number"),
        ("eighty-one", "easy", ",", "write the column numbers"),
        ("eighty-one", "hard", "Bb=S", "write 4 cards"),
        ("eighty-one", "hard", "", "column order"),
    ],
)
def test_bad_text_says_what_is_wrong(question: str, level: str, text: str, message: str) -> None:
    puzzle = first(question, level)
    if question == "eighty-one" and level == "hard" and text == "Bb=S":
        text = group(puzzle, "Batch")[0].__str__()
    with pytest.raises(ValueError, match=re.escape(message)):
        KIND.check(puzzle, text)


@pytest.mark.parametrize(("question", "level"), CASES)
def test_lower_case_and_stray_spaces_are_read(question: str, level: str) -> None:
    puzzle = first(question, level, lambda p: p.answer != "none")
    text = "  " + " ,  ".join(puzzle.answer.lower().split()) + " "
    if puzzle.entry != "choice":
        text = text.replace("=", "= ", 1)
    assert KIND.check(puzzle, text).right
    assert KIND.check(puzzle, puzzle.answer).why == puzzle.key


# -- properties ------------------------------------------------------------------------

hands = st.lists(st.sampled_from(FOUR_D.cards), min_size=2, max_size=8, unique=True)


@settings(max_examples=60, deadline=None)
@given(hands, st.sampled_from((0, 2)))
def test_good_riddance_plays_are_exactly_the_rules(cards: list[Card], shared: int) -> None:
    top, hand = cards[0], cards[1:]
    pile = pile_puzzle(top, hand, shared)
    assert {str(c) for c in pile.playable} == {str(c) for c in hand if shares(c, top) == shared}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=4, max_size=10, unique=True))
def test_columns_take_exactly_the_cards_the_rule_allows(cards: list[Card]) -> None:
    c, rest = cards[0], cards[1:]
    columns = [rest[k : k + 3] for k in range(0, len(rest), 3)]
    assert column_fits(columns, c) == tuple(
        i for i, col in enumerate(columns) if column_takes(col, c)
    )


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(KIND.questions.values())), st.sampled_from(LEVELS),
       st.integers(0, 10**6 - 1), st.randoms(use_true_random=False))  # fmt: skip
def test_any_id_makes_a_puzzle_whose_answer_reads_back_in_any_order(
    question: str, level: str, seed: int, shuffle: random.Random
) -> None:
    puzzle = KIND.get(KIND.generated_id(question, level, seed))
    assert puzzle.level == level and KIND.solutions(puzzle) == 1
    assert read_answer(puzzle, puzzle.answer) == brute_answer(puzzle)
    if puzzle.entry != "order":
        words = puzzle.answer.split()
        shuffle.shuffle(words)
        assert KIND.check(puzzle, " ".join(words).lower()).right


# -- the rulebook's own examples -------------------------------------------------------

BOOK_COLUMNS = ("square", "white", "square", "zigzag", "red", "blue", "triangle", "black",
                "stripe")  # fmt: skip


def book_columns() -> list[list[Card]]:
    """Nine columns of four cards, each sharing only the value the book names."""
    used: set[Card] = set()
    columns = []
    for name in BOOK_COLUMNS:
        column: list[Card] = []
        for c in FOUR_D.cards:
            if c in used or name not in [v.name for v in c.shown]:
                continue
            common = [a for a in range(4) if len({x.values[a] for x in (*column, c)}) == 1]
            if len(column) < 3 or len(common) == 1:
                column.append(c)
                used.add(c)
            if len(column) == 4:
                break
        columns.append(column)
    return columns


def test_the_books_lost_eighty_one_game_no_card_shows_stripe() -> None:
    columns = book_columns()
    for name, column in zip(BOOK_COLUMNS, columns, strict=True):
        shown = [v.name for v in column[0].shown]
        common = [shown[a] for a in range(4) if len({x.values[a] for x in column}) == 1]
        assert common == [name]
    used = {c for col in columns for c in col}
    stripe = [c for c in FOUR_D.cards if c not in used and c.value("pattern").name == "stripe"]
    batch = []  # each card below a column it can be played on, except one: no stripe at all
    for column in columns[:8]:
        batch.append(next(c for c in FOUR_D.cards if c not in used and c not in stripe
                          and c not in batch and column_takes(column, c)))  # fmt: skip
    batch.append(next(c for c in FOUR_D.cards if c not in used and c not in stripe
                      and c not in batch))  # fmt: skip
    for c in batch:
        assert 8 not in column_fits(columns, c)  # nothing but stripe can go on column nine
        single = columns_puzzle(columns, [c])
        assert 8 not in single.fitting
    with pytest.raises(ValueError, match="0 arrangements"):
        columns_puzzle(columns, batch)  # the game is lost


def test_good_riddance_the_book_plays_no_shared_value_variation_2_exactly_two() -> None:
    top = card("BbzS")
    hand = [card("GwzC"), card("Rw~T"), card("Bg~T"), card("Bb~C"), card("BbzC")]
    assert [str(c) for c in pile_puzzle(top, hand).playable] == ["Rw~T"]
    assert [str(c) for c in pile_puzzle(top, hand, 2).playable] == ["Bb~C"]


def test_tiles_every_touching_card_counts_and_diagonals_do_not() -> None:
    # BwzC BwzS     the marked place touches BwzS (above) and BgzC (left of it);
    # BgzC ?        BwzC lies diagonally and does not count
    table = [(0, 0, card("BwzC")), (0, 1, card("BwzS")), (1, 0, card("BgzC"))]
    hand = [card("BgzS"), card("BbzS"), card("GwzS"), card("BgzT")]
    layout = tiles_puzzle(table, (2, 2), (1, 1), hand)
    assert [str(c) for c in layout.legal] == ["BgzS"]  # shares only two values with BwzC
    assert shares(card("BgzS"), card("BwzC")) == 2


def test_a_worksheet_of_twelve_with_its_key_is_quick() -> None:
    for question in KIND.questions.values():
        start = time.perf_counter()
        ids = KIND.ids(12, 99, KIND.choices(question=question, level="hard"))
        keys = [KIND.report(KIND.get(i)) for i in ids]
        assert len(keys) == 12 and time.perf_counter() - start < 3


def test_the_kind_says_its_rules_and_questions() -> None:
    assert KIND.key == "placement" and list(KIND.questions) == ["e", "g", "t"]
    for game in ("Eighty-one", "Good Riddance", "Tiles"):
        assert game in KIND.rules
    assert set(KIND.question_help) == set(KIND.questions.values())

"""Matrix puzzles (printables.matrix.puzzles): ids, determinism, generation to order and grading.

Every generated puzzle is re-checked here by other means than the ones that made it: the
flush rule (check_grid), the exact solver, solution counting by exact cover, and a naive
"student" search that measures how much work a set takes by hand.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix import SIZES, check_grid, puzzles
from printables.matrix.puzzles import (
    LEVELS,
    MAX_SEED,
    WANTS,
    Puzzle,
    PuzzleSpec,
    card_id,
    disjoint_sets,
    generate,
    generated_id,
    get_puzzle,
    grade,
    parse_id,
)
from printables.matrix.reasons import EXHAUSTIVE, NO_LINE, TWO_LINES
from printables.matrix.solver import count_solutions, solve
from printables.puzzles import GenerationError, PuzzleIdError

ROOT = Path(__file__).resolve().parents[3]
CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
"""The code alphabet the module documents (Crockford's base 32)."""
READS_AS = {"o": "0", "i": "1", "l": "1"}
BOOK_IMPOSSIBLE = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
REASON_OF_LEVEL = {"easy": NO_LINE, "medium": TWO_LINES, "hard": EXHAUSTIVE}
RECTANGULAR = [(r, c) for r, c in SIZES if r != c]
SQUARE = [(r, c) for r, c in SIZES if r == c]


def size_text(rows: int, cols: int) -> str:
    return f"{rows}x{cols}"


# -- ids -----------------------------------------------------------------------------------

sizes = st.sampled_from(SIZES)
wants = st.sampled_from(sorted(WANTS))
levels = st.sampled_from(sorted(LEVELS))
seeds = st.integers(0, MAX_SEED - 1)


@st.composite
def card_sets(draw: st.DrawFn) -> tuple[int, int, list[Card]]:
    rows, cols = draw(sizes)
    n = rows * cols
    indices = draw(st.lists(st.integers(0, 80), min_size=n, max_size=n, unique=True))
    return rows, cols, [FOUR_D.cards[i] for i in indices]


@settings(max_examples=400)
@given(sizes, wants, levels, seeds, st.booleans())
def test_generated_id_round_trips(
    size: tuple[int, int], want: str, level: str, seed: int, by_name: bool
) -> None:
    rows, cols = size
    # want and level by letter or by name, in any case
    w, d = (WANTS[want].upper(), LEVELS[level].title()) if by_name else (want, level)
    puzzle_id = generated_id(rows, cols, w, d, seed)
    assert puzzle_id == puzzle_id.lower()
    prefix, code = puzzle_id.split("-")
    assert prefix == size_text(rows, cols)
    assert len(code) == 6 and set(code) <= set(CROCKFORD)
    assert parse_id(puzzle_id) == PuzzleSpec(rows, cols, WANTS[want], LEVELS[level], seed)


@settings(max_examples=200)
@given(card_sets(), st.randoms(use_true_random=False))
def test_card_id_round_trips(drawn: tuple[int, int, list[Card]], rng: random.Random) -> None:
    rows, cols, cards = drawn
    puzzle_id = card_id(cards, rows, cols)
    assert puzzle_id.startswith(f"{size_text(rows, cols)}-c-")
    assert set(puzzle_id.split("-c-")[1]) <= set(CROCKFORD)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert card_id(shuffled, rows, cols) == puzzle_id  # the order of the cards does not matter
    spec = parse_id(puzzle_id)
    assert (spec.rows, spec.cols) == (rows, cols)
    assert spec.cards == tuple(sorted(cards, key=FOUR_D.cards.index))  # in deck order


def read_alike(code: str, rng: random.Random) -> str:
    """The code as a student might copy it: any case, O for 0, I or L for 1."""
    out = []
    for ch in code:
        if ch == "0":
            ch = rng.choice("0oO")
        elif ch == "1":
            ch = rng.choice("1iIlL")
        out.append(ch.upper() if rng.random() < 0.5 else ch)
    return "".join(out)


@settings(max_examples=200)
@given(sizes, wants, levels, seeds, st.randoms(use_true_random=False))
def test_ids_are_read_in_any_case_and_o_i_l_as_digits(
    size: tuple[int, int], want: str, level: str, seed: int, rng: random.Random
) -> None:
    puzzle_id = generated_id(*size, want, level, seed)
    prefix, code = puzzle_id.split("-")
    copied = f"  {prefix.upper()}-{read_alike(code, rng)} "
    assert parse_id(copied) == parse_id(puzzle_id)


@pytest.mark.parametrize(
    "written",
    ["3X3-MA1Y4E", "3x3-maiy4e", "3x3-MALY4E", " 3x3-maly4e\t", "3x3-MAIy4e"],
)
def test_the_docstring_id_copied_by_hand(written: str) -> None:
    assert parse_id(written) == parse_id("3x3-ma1y4e")
    assert get_puzzle(written).id == "3x3-ma1y4e"  # printed back in canonical form


def test_a_card_code_is_read_like_a_puzzle_code() -> None:
    book = read_cards(BOOK_IMPOSSIBLE, FOUR_D)
    puzzle_id = card_id(book, 3, 3)
    assert "0" in puzzle_id
    copied = puzzle_id.upper().replace("0", "O")
    assert set(parse_id(copied).cards) == set(book)
    assert get_puzzle(copied).id == puzzle_id


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6x6-258n5q", "6x6 is not a Matrix size of the book; expected 3x3, 3x4"),
        ("2x3-c-fz", "2x3 is not a Matrix size"),
        ("4x4-258u5q", "'u' cannot be in a puzzle code"),
        ("3x3-c-fu", "'u' cannot be in a puzzle code"),
        ("4x4-c-fz", "holds 9 cards but a 4x4 matrix takes 16"),
        ("3x3-c-f", "holds 4 cards but a 3x3 matrix takes 9"),
        ("3x3-c-" + "z" * 17, "too large for the 81-card deck"),
        ("3x3-zzzzzz", "is not the id of any puzzle; check it for a mistyped character"),
        ("", "is not a puzzle id; expected a size and six letters or digits"),
        ("hello", "is not a puzzle id"),
        ("4x4", "is not a puzzle id"),
        ("4x4-", "is not a puzzle id"),
        ("4x4-258n5", "is not a puzzle id"),  # five characters
        ("4x4-258n5qq", "is not a puzzle id"),  # seven
        ("4x4_258n5q", "is not a puzzle id"),
        ("4x4-258n 5q", "is not a puzzle id"),
        ("4x4-se-7", "is not a puzzle id"),
        ("x4-258n5q", "is not a puzzle id"),
        ("4x4-c-", "is not a puzzle id"),
        ("4x4-25\u00dfn5q", "is not a puzzle id"),
    ],
)
def test_bad_ids_are_refused_with_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(PuzzleIdError) as caught:
        parse_id(text)
    assert isinstance(caught.value, ValueError)
    assert message in str(caught.value)
    with pytest.raises(PuzzleIdError):
        get_puzzle(text)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((6, 6, "s", "e", 1), "not a Matrix size"),
        ((3, 3, "maybe", "e", 1), "'maybe' is not a what is wanted; expected solvable (s)"),
        ((3, 3, "s", "extreme", 1), "expected easy (e), medium (m), hard (h)"),
        ((3, 3, "s", "e", -1), f"from 0 to {MAX_SEED - 1}"),
        ((3, 3, "s", "e", MAX_SEED), f"from 0 to {MAX_SEED - 1}"),
    ],
)
def test_generated_id_refuses_what_no_id_can_hold(
    args: tuple[int, int, str, str, int], message: str
) -> None:
    with pytest.raises(PuzzleIdError, match=message.replace("(", r"\(").replace(")", r"\)")):
        generated_id(*args)


def test_card_id_refuses_sets_that_are_not_a_matrix() -> None:
    cards = list(FOUR_D.cards[:9])
    with pytest.raises(ValueError, match="takes 12 cards, not 9"):
        card_id(cards, 3, 4)
    with pytest.raises(ValueError, match="appears twice"):
        card_id([*cards[:8], cards[0]], 3, 3)
    with pytest.raises(PuzzleIdError, match="not a Matrix size"):
        card_id(list(FOUR_D.cards[:4]), 2, 2)


def test_a_single_mistyped_character_is_refused() -> None:
    """A typo must not silently open another puzzle: one character replaced by another
    that does not read the same is refused in at least 95 % of cases (six base-32
    characters hold 2**30 codes, of which 9 * MAX_SEED, under 1 %, are puzzles)."""
    rng = random.Random(2718)
    tried = refused = 0
    for _ in range(3000):
        rows, cols = rng.choice(SIZES)
        puzzle_id = generated_id(
            rows, cols, rng.choice("sia"), rng.choice("emh"), rng.randrange(MAX_SEED)
        )
        prefix, code = puzzle_id.split("-")
        k = rng.randrange(6)
        typo = rng.choice([ch for ch in CROCKFORD + "oil" if READS_AS.get(ch, ch) != code[k]])
        tried += 1
        try:
            parse_id(f"{prefix}-{code[:k]}{typo}{code[k + 1 :]}")
        except PuzzleIdError:
            refused += 1
    assert refused / tried >= 0.95, f"only {refused} of {tried} typos refused"


def test_two_swapped_characters_are_refused_too() -> None:
    rng = random.Random(31)
    tried = refused = 0
    for seed in rng.sample(range(MAX_SEED), 2000):
        code = list(generated_id(4, 4, "s", "m", seed).split("-")[1])
        k = rng.randrange(5)
        if code[k] == code[k + 1]:
            continue
        code[k], code[k + 1] = code[k + 1], code[k]
        tried += 1
        try:
            parse_id("4x4-" + "".join(code))
        except PuzzleIdError:
            refused += 1
    assert refused / tried >= 0.95


def test_the_printed_id_does_not_give_away_whether_the_set_can_be_solved() -> None:
    """Ids of the same seed and level that differ only in what is wanted have unrelated
    codes, and no character position tells solvable ids from impossible ones."""
    agree = [0] * 6
    distances = []
    seen: dict[str, list[set[str]]] = {w: [set() for _ in range(6)] for w in WANTS}
    n = 1500
    for seed in range(n):
        level = "emh"[seed % 3]
        codes = {}
        for want in WANTS:
            puzzle_id = generated_id(3, 3, want, level, seed)
            assert puzzle_id.startswith("3x3-") and len(puzzle_id) == 10
            for word in ("solv", "imposs", "either", "easy", "hard", "med"):
                assert word not in puzzle_id
            codes[want] = puzzle_id[4:]
            for k, ch in enumerate(codes[want]):
                seen[want][k].add(ch)
        solvable, impossible = codes["s"], codes["i"]
        distances.append(sum(a != b for a, b in zip(solvable, impossible, strict=True)))
        for k in range(6):
            agree[k] += solvable[k] == impossible[k]
        assert len(set(codes.values())) == 3
    assert statistics.mean(distances) >= 5.0  # 6 * 31/32 = 5.8 for unrelated codes
    assert min(distances) >= 3
    assert max(agree) / n < 0.15  # about 1/32 by chance
    for want in WANTS:
        for k in range(6):  # every position takes (almost) every character
            assert len(seen[want][k]) >= 28, (want, k, sorted(seen[want][k]))


# -- determinism ---------------------------------------------------------------------------

DETERMINISM_IDS = [
    generated_id(3, 3, "s", "m", 12),
    generated_id(4, 4, "i", "h", 5),
    generated_id(3, 5, "a", "e", 99),
    "3x3-c-40g0g00208a04400",
]


@pytest.mark.parametrize("puzzle_id", DETERMINISM_IDS)
def test_get_puzzle_gives_the_same_puzzle_every_time(puzzle_id: str) -> None:
    first = get_puzzle(puzzle_id)
    again = get_puzzle(puzzle_id)
    get_puzzle.cache_clear()
    fresh = get_puzzle(puzzle_id)
    assert fresh is not first  # really made again
    for other in (again, fresh):
        assert other == first
        assert other.cards == first.cards  # the same cards in the same printed order
        assert other.solution == first.solution
        assert other.grade == first.grade
    assert first.id == puzzle_id


def test_generate_is_reproducible_and_seeds_matter() -> None:
    made = [generate(4, 4, "solvable", "medium", seed) for seed in (3, 3, 4)]
    assert made[0] == made[1] and made[0].cards == made[1].cards
    assert set(made[0].cards) != set(made[2].cards)
    assert get_puzzle(made[0].id) == made[0]
    # the printed order is not the deck order: it gives no hint of how the set was made
    assert list(made[0].cards) != sorted(made[0].cards, key=FOUR_D.cards.index)


def test_puzzles_are_the_same_in_another_process_with_another_hash_seed() -> None:
    """Worksheets are regenerated from their ids on other computers: nothing may depend
    on Python's per-process hash randomization."""
    ids = [generated_id(3, 4, "s", "h", 8), generated_id(4, 4, "i", "m", 3)]
    script = (
        "import sys\n"
        "from printables.matrix.puzzles import get_puzzle, disjoint_sets\n"
        "for i in sys.argv[1:]:\n"
        "    p = get_puzzle(i)\n"
        "    print(' '.join(map(str, p.cards)), p.grade.level, p.solution)\n"
        "print([p.id for p in disjoint_sets(4, 3, 3, 'either', 'easy', 17)])\n"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-c", script, *ids],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1
    lines = outputs.pop().splitlines()
    for line, puzzle_id in zip(lines, ids, strict=False):
        assert line.startswith(" ".join(map(str, get_puzzle(puzzle_id).cards)))
    assert lines[-1] == str([p.id for p in disjoint_sets(4, 3, 3, "either", "easy", 17)])


# -- generation honours the request --------------------------------------------------------


def no_line_card(cards: Sequence[Card], rows: int, cols: int) -> Card | None:
    """Independent check of an easy reason: a card none of whose values shows on enough
    cards to label a line of some length through it."""
    for card in cards:
        for length in {rows, cols}:
            counts = [sum(1 for c in cards if c.values[a] == card.values[a]) for a in range(4)]
            if max(counts) < length:
                return card
    return None


def check_puzzle(puzzle: Puzzle, rows: int, cols: int, want: str, level: str) -> None:
    """Everything a generated puzzle must satisfy, checked by the rules, not the grader."""
    n = rows * cols
    assert puzzle.size == (rows, cols)
    assert len(puzzle.cards) == n == len(set(puzzle.cards))
    assert all(c.deck is FOUR_D for c in puzzle.cards)
    assert puzzle.grade.level == level
    if want != "either":
        assert puzzle.solvable == (want == "solvable")
    assert parse_id(puzzle.id) == PuzzleSpec(rows, cols, want, level, parse_id(puzzle.id).seed)
    regraded = grade(puzzle.cards, rows, cols)
    assert (regraded.solvable, regraded.level) == (puzzle.solvable, level)
    if puzzle.solvable:
        assert puzzle.grade.reason is None
        assert puzzle.solution is not None
        assert len(puzzle.solution) == rows and all(len(r) == cols for r in puzzle.solution)
        assert check_grid(puzzle.solution).ok
        placed = [c for row in puzzle.solution for c in row]
        assert sorted(placed, key=FOUR_D.cards.index) == sorted(
            puzzle.cards, key=FOUR_D.cards.index
        )
        if n <= 16:
            assert count_solutions(puzzle.cards, rows, cols, limit=5) >= 1
        low, high = puzzles.THRESHOLDS[rows, cols]
        measure = puzzle.grade.measure
        assert {"easy": measure < low, "medium": low <= measure < high, "hard": measure >= high}[
            level
        ]
    else:
        assert puzzle.solution is None
        assert solve(puzzle.cards, rows, cols) is None  # the exact solver's proof
        if n <= 16:
            assert count_solutions(puzzle.cards, rows, cols, limit=1) == 0  # exact cover too
        reason = puzzle.grade.reason
        assert reason is not None
        assert reason.kind == REASON_OF_LEVEL[level], reason
        if level == "easy":
            assert reason.card in puzzle.cards and str(reason.card) in reason.text
            assert no_line_card(puzzle.cards, rows, cols) is not None
        elif level == "medium":
            assert reason.card in puzzle.cards and str(reason.card) in reason.text
            assert no_line_card(puzzle.cards, rows, cols) is None  # not an easier reason
        else:
            assert no_line_card(puzzle.cards, rows, cols) is None
            assert "exhaustive search" in reason.text


GENERATION_CASES = [
    pytest.param(rows, cols, want, level, id=f"{rows}x{cols}-{want}-{level}")
    for rows, cols in SIZES
    for want in ("solvable", "impossible")
    for level in ("easy", "medium", "hard")
    if not (want == "impossible" and level == "medium" and rows != cols)
]


@pytest.mark.parametrize(("rows", "cols", "want", "level"), GENERATION_CASES)
def test_generate_honours_the_request(rows: int, cols: int, want: str, level: str) -> None:
    for seed in (1, 2):
        check_puzzle(generate(rows, cols, want, level, seed), rows, cols, want, level)


@pytest.mark.parametrize(("rows", "cols"), RECTANGULAR, ids=[f"{r}x{c}" for r, c in RECTANGULAR])
def test_generate_medium_impossible_rectangular_sets(rows: int, cols: int) -> None:
    """Medium ("two lines at once") impossible sets of the rectangular sizes. Kept apart:
    at the time of writing these raise GenerationError (see the report), while the
    matrix_reasons work they depend on is being finished."""
    for seed in (1, 2):
        check_puzzle(generate(rows, cols, "impossible", "medium", seed), rows, cols,
                     "impossible", "medium")  # fmt: skip


def test_the_book_impossible_set_is_graded_medium() -> None:
    puzzle = puzzles.from_cards(read_cards(BOOK_IMPOSSIBLE, FOUR_D), 3, 3)
    assert not puzzle.solvable and puzzle.grade.level == "medium"
    assert puzzle.grade.reason is not None and puzzle.grade.reason.kind == TWO_LINES
    assert puzzle.id == puzzle.card_id


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 4)])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_either_gives_both_kinds(rows: int, cols: int, level: str) -> None:
    made = [generate(rows, cols, "either", level, seed) for seed in range(24)]
    kinds = Counter(p.solvable for p in made)
    assert kinds[True] >= 4 and kinds[False] >= 2, kinds  # about a third impossible
    for p in made:
        assert p.grade.level == level
        assert parse_id(p.id).want == "either"
        assert (p.solution is not None) == p.solvable


def test_either_is_impossible_about_a_third_of_the_time() -> None:
    made = [generate(3, 3, "either", "easy", seed) for seed in range(150)]
    share = sum(not p.solvable for p in made) / len(made)
    assert 0.2 <= share <= 0.47, share


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (3, 4), (4, 4)])
def test_thresholds_split_random_solvable_sets_into_thirds(rows: int, cols: int) -> None:
    rng = random.Random(f"thresholds {rows}x{cols}")
    levels: Counter[str] = Counter()
    while sum(levels.values()) < 300:
        graded = grade(rng.sample(FOUR_D.cards, rows * cols), rows, cols)
        if graded.solvable:
            levels[graded.level] += 1
    for level in ("easy", "medium", "hard"):
        assert 0.20 <= levels[level] / 300 <= 0.47, levels


# -- difficulty, measured independently ----------------------------------------------------


def student_search(
    cards: Sequence[Card], rows: int, cols: int, rng: random.Random
) -> tuple[int, list[list[Card]]]:
    """How much work a naive student does to solve a set: the number of lines tried until
    the first solution, and that solution.

    The student knows nothing about labels. Rows first: take the lowest card not yet in a
    row (in deck order) and try, in a random order fixed for this attempt, every line of
    ``cols`` cards of the set that contains it, misses the rows already built, and shares
    a value; each such line put down counts one. When the rows hold every card, build the
    columns across them the same way: for the lowest card of the first row not yet in a
    column, try every line taking one card from each row that shares a value and misses
    the columns already built. A dead end takes the last line back and tries the next;
    when no columns fit, the student goes back into the rows. The search is exhaustive,
    so it always ends with a solution of a solvable set.

    This has nothing in common with the grader (which counts label multisets), so it is
    an independent check that a harder grade means more work.
    """
    order = sorted(cards, key=FOUR_D.cards.index)
    n = len(order)
    showing: dict[tuple[int, int], int] = {}
    for i, c in enumerate(order):
        for a, v in enumerate(c.values):
            showing[a, v] = showing.get((a, v), 0) | 1 << i
    values = list(showing.values())

    @cache  # the same column lines come back each time the rows are complete
    def shares(line: int) -> bool:
        return any(line & mask == line for mask in values)

    row_lines = [sum(1 << i for i in combo) for combo in combinations(range(n), cols)]
    row_lines = [line for line in row_lines if shares(line)]
    rng.shuffle(row_lines)
    by_lowest: dict[int, list[int]] = {}
    for line in row_lines:
        by_lowest.setdefault(line & -line, []).append(line)
    full = (1 << n) - 1
    tried = 0
    built: list[int] = []
    columns: list[int] = []

    def fill_columns(used: int, candidates: list[int]) -> bool:
        nonlocal tried
        left = built[0] & ~used
        if not left:
            return True
        lowest = left & -left
        for line in candidates:
            if line & lowest and not line & used:
                tried += 1
                columns.append(line)
                if fill_columns(used | line, candidates):
                    return True
                columns.pop()
        return False

    def fill_rows(used: int) -> bool:
        nonlocal tried
        if used == full:
            members = [[1 << i for i in range(n) if row >> i & 1] for row in built]
            candidates = [sum(pick) for pick in product(*members)]
            candidates = [line for line in candidates if shares(line)]
            rng.shuffle(candidates)
            return fill_columns(0, candidates)
        left = full & ~used
        for line in by_lowest.get(left & -left, ()):
            if not line & used:
                tried += 1
                built.append(line)
                if fill_rows(used | line):
                    return True
                built.pop()
        return False

    if not fill_rows(0):
        raise AssertionError("the student found no solution of a set graded solvable")
    # the grid: row r, column c holds the card in both
    grid = [
        [order[(row & col).bit_length() - 1] for col in columns]
        for row in built
    ]  # fmt: skip
    return tried, grid


def student_effort(puzzle: Puzzle, attempts: int = 5) -> float:
    """The median number of lines tried over a few random orders of the candidate lines."""
    return statistics.median(
        student_search(puzzle.cards, puzzle.rows, puzzle.cols, random.Random(f"{puzzle.id} {k}"))[0]
        for k in range(attempts)
    )


def test_the_student_finds_real_solutions() -> None:
    for seed in range(5):
        for rows, cols in ((3, 3), (3, 4), (4, 4)):
            puzzle = generate(rows, cols, "solvable", "hard", seed)
            tried, grid = student_search(puzzle.cards, rows, cols, random.Random(seed))
            assert tried >= rows + cols
            assert len(grid) == rows and all(len(row) == cols for row in grid)
            assert check_grid(grid).ok
            assert {c for row in grid for c in row} == set(puzzle.cards)


@pytest.mark.parametrize(("rows", "cols", "count"), [(3, 3, 90), (4, 4, 30)])
def test_harder_grades_take_a_student_more_work_on_average(
    rows: int, cols: int, count: int
) -> None:
    """Mean effort rises with the grade. The mean is taken of log2(effort) (the geometric
    mean): effort is heavy-tailed (one easy 4x4 set, 4x4-q1fe1f, takes this student
    ~90,000 tries where a typical easy one takes ~160), so a plain mean over a few dozen
    sets is decided by single outliers; the geometric mean measures the typical set."""
    means = {}
    plain = {}
    for level in ("easy", "medium", "hard"):
        efforts = [
            student_effort(generate(rows, cols, "solvable", level, seed)) for seed in range(count)
        ]
        means[level] = statistics.mean(math.log2(e) for e in efforts)
        plain[level] = statistics.mean(efforts)
    assert means["easy"] < means["medium"] < means["hard"], (means, plain)


def test_hard_3x4_sets_take_a_student_more_work() -> None:
    """At 3x4 the student tells hard sets from the others, but not easy from medium: over
    seeds 0-59 easy sets even take a little more work than medium ones (geometric means
    4.88 and 4.70 bits), over seeds 60-199 a little less (4.57 and 4.97). Only the hard
    step is asserted here (see the report)."""
    means = {}
    for level in ("easy", "medium", "hard"):
        efforts = [student_effort(generate(3, 4, "solvable", level, seed)) for seed in range(60)]
        means[level] = statistics.mean(math.log2(e) for e in efforts)
    assert max(means["easy"], means["medium"]) < means["hard"], means


# -- requests that cannot be met -----------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "rows", "cols", "most"),
    [(10, 3, 3, 9), (0, 3, 3, 9), (6, 4, 4, 5), (4, 5, 5, 3), (-1, 3, 4, 6)],
)
def test_more_disjoint_sets_than_a_deck_holds_are_refused_at_once(
    count: int, rows: int, cols: int, most: int
) -> None:
    start = time.perf_counter()
    with pytest.raises(GenerationError, match=f"one deck holds 1 to {most} disjoint"):
        disjoint_sets(count, rows, cols, "solvable", "easy", 0)
    assert time.perf_counter() - start < 0.5


def test_an_unmeetable_request_raises_instead_of_looping(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzles, "ATTEMPTS", 1)
    start = time.perf_counter()
    refused = 0
    for seed in range(20):
        try:
            puzzle = generate(4, 4, "solvable", "hard", seed)
        except GenerationError as error:
            refused += 1
            assert "in 1 tries" in str(error) and "try another seed" in str(error)
        else:
            check_puzzle(puzzle, 4, 4, "solvable", "hard")  # a lucky first try is fine
    assert refused >= 5  # a random 4x4 set is a hard solvable one far less than 3/4 of the time
    with pytest.raises(GenerationError, match="no hard impossible 5x5 set"):
        generate(5, 5, "impossible", "hard", 0)
    with pytest.raises(GenerationError, match="could not deal 9 disjoint hard solvable"):
        disjoint_sets(9, 3, 3, "solvable", "hard", 0)
    assert time.perf_counter() - start < 5.0


@pytest.mark.parametrize("seed", [0, 7])
def test_nine_disjoint_sets_use_the_whole_deck_once(seed: int) -> None:
    sets = disjoint_sets(9, 3, 3, "either", "medium", seed)
    assert len(sets) == 9
    used = Counter(c for p in sets for c in p.cards)
    assert set(used) == set(FOUR_D.cards) and set(used.values()) == {1}
    for p in sets:
        check_puzzle_by_cards(p)
        assert p.grade.level == "medium"
    assert sets == disjoint_sets(9, 3, 3, "either", "medium", seed)  # the same again


def check_puzzle_by_cards(puzzle: Puzzle) -> None:
    """A puzzle named by its cards: the id holds its cards, and its kind is proved."""
    assert puzzle.id == puzzle.card_id
    assert set(parse_id(puzzle.id).cards) == set(puzzle.cards)
    assert len(puzzle.cards) == 9
    if puzzle.solvable:
        assert puzzle.solution is not None and check_grid(puzzle.solution).ok
    else:
        assert solve(puzzle.cards, 3, 3) is None
        assert count_solutions(puzzle.cards, 3, 3, limit=1) == 0
        assert puzzle.grade.reason is not None
        assert puzzle.grade.reason.kind == TWO_LINES


@pytest.mark.parametrize(
    ("count", "rows", "cols", "want", "level"),
    [(4, 4, 4, "solvable", "easy"), (6, 3, 3, "impossible", "hard")],
)
def test_disjoint_sets_of_one_kind(count: int, rows: int, cols: int, want: str, level: str) -> None:
    sets = disjoint_sets(count, rows, cols, want, level, 3)
    assert len(sets) == count
    assert len({c for p in sets for c in p.cards}) == count * rows * cols
    for p in sets:
        assert p.size == (rows, cols) and p.id == p.card_id
        assert p.solvable == (want == "solvable") and p.grade.level == level
        if p.solvable:
            assert p.solution is not None and check_grid(p.solution).ok
        else:
            assert solve(p.cards, rows, cols) is None

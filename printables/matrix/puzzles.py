"""Matrix puzzles, the first puzzle kind: reproducible from a short id, generated to
order, graded by the solver (:data:`KIND` is the kind the registry in
:mod:`printables.puzzles` finds).

A puzzle id names a puzzle completely, like the game ids of Simon Tatham's puzzles, so a
worksheet, its answer key and the checking page need no stored copy:

- ``4x4-258n5q``: a generated puzzle: the size (rows x columns), then six characters
  that hold what is wanted (solvable, impossible or either), the difficulty (easy,
  medium, hard) and a seed. They are scrambled, so a student's sheet does not give
  away whether the set can be solved, and a mistyped id is almost always refused
  rather than read as another puzzle. The same id always gives the same cards in the
  same order.
- ``3x3-c-fz``: the cards themselves, as a set of the 81 cards.

Both codes are base-32 numbers in Crockford's alphabet (``o`` reads as ``0``, ``i`` and
``l`` as ``1``); ids are read in any case and printed in lower case.

**Difficulty** is a measure the solver computes (:func:`grade`):

- a solvable set: the solver lists every way to give the rows and the columns a shared
  value that the per-line counts allow (*labelings*), and finds how many of them lead to a
  solution (*plans*). The measure is ``log2(labelings / plans)``: the more tempting
  labelings are dead ends, the harder. The thresholds (:data:`THRESHOLDS`) split random
  solvable sets of each size into thirds.
- an impossible set: by the reason that proves it: *easy* when a card can be in no line
  at all, *medium* when a card's row and column cannot both be filled ("two lines at
  once"), *hard* when no short reason does (its key is a case-by-case proof,
  :mod:`printables.matrix.proofs`).

Random 4x5 and 5x5 sets are almost never impossible, so impossible sets are built: a
lonely card (easy), a card whose row and column compete for too few cards (medium), and
for hard ones a random walk among impossible sets until no short reason is left.

>>> puzzle = generate(3, 3, "solvable", "easy", seed=7)
>>> puzzle.id, puzzle.size, puzzle.grade.level, puzzle.grade.solvable
('3x3-ma1y4e', (3, 3), 'easy', True)
>>> get_puzzle("3X3-MA1Y4E") == puzzle
True
>>> set(get_puzzle(puzzle.card_id).cards) == set(puzzle.cards)
True
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import Any

from printables.cards.deck import Card
from printables.cards.reading import read_cards
from printables.cards.wording import sentence
from printables.made_once import made_once
from printables.matrix.check import DECK, check_grid, check_size
from printables.matrix.mat import AnswerCheck, check_answer
from printables.matrix.proofs import KEY_MOST, Proof, impossibility_proof
from printables.matrix.reasons import (
    EXHAUSTIVE,
    NO_LINE,
    TWO_LINES,
    Reason,
    exhaustive_reason,
    short_reason,
    short_reason_kind,
)
from printables.matrix.solver import (
    Grid,
    SearchStats,
    check_set,
    count_solutions,
    has_solution,
    search,
)
from printables.puzzles import (
    SHEETS,
    GenerationError,
    PuzzleIdError,
    PuzzleKind,
    Scramble,
    base32,
    read_base32,
    sheet_seeds,
)

WANTS = {"s": "solvable", "i": "impossible", "a": "either"}
LEVELS = {"e": "easy", "m": "medium", "h": "hard"}
LEVEL_OF_REASON = {NO_LINE: "easy", TWO_LINES: "medium", EXHAUSTIVE: "hard"}
"""How hard an impossible set is, by the kind of reason that proves it."""

THRESHOLDS: dict[tuple[int, int], tuple[float, float]] = {
    (3, 3): (4.0, 5.0),
    (3, 4): (4.6, 5.6),
    (4, 3): (4.6, 5.6),
    (3, 5): (5.3, 6.6),
    (5, 3): (5.3, 6.6),
    (4, 4): (7.2, 8.3),
    (4, 5): (7.4, 8.2),
    (5, 4): (7.4, 8.2),
    (5, 5): (9.0, 9.8),
}
"""Per size, the measure (bits of dead-end labelings) at which a solvable set stops being
easy and starts being hard: the thirds of random solvable sets (``python
benchmarks/bench_puzzles.py --calibrate`` prints them again)."""

EITHER_IMPOSSIBLE = 1 / 3
"""With ``a`` (either), the chance that the puzzle is an impossible one, at every size."""

ATTEMPTS = 4000
"""Random sets tried (or impossible sets built) before a request is declared unmeetable."""

FRESH_TRIES = 60
"""Seeds drawn for a sheet printed with none given, at most, looking for one whose keys
all fit a third of a page (:meth:`MatrixKind.fresh_seed`)."""

MAX_SEED = 10**6
_SCRAMBLE = Scramble(0x2E5BF271)  # six characters; 9 * MAX_SEED uses under 1/100 of them
_ID = re.compile(r"(\d+)x(\d+)-(?:c-([0-9a-z]+)|([0-9a-z]{6}))")
_TAG = re.compile(r"\s*\d+\s*x\s*\d+\s*-", re.IGNORECASE)
ID_HELP = (
    "a size and six letters or digits, such as 4x4-258n5q, or a size and a card code, such as "
    "3x3-c-fz"
)


@dataclass(frozen=True)
class Grade:
    """How hard a set is, as the solver measures it (see the module's docstring)."""

    solvable: bool
    level: str  # "easy", "medium" or "hard"
    measure: float  # bits of dead-end labelings (solvable); 0, 1, 2 by reason (impossible)
    labelings: int  # row and column labelings the per-line counts allow
    plans: int  # the labelings that lead to a solution
    reason: Reason | None = None  # why an impossible set is impossible

    @property
    def text(self) -> str:
        """A line for an answer key, in a teacher's words.

        >>> for part in Grade(True, "medium", 4.2, 40, 3).text.split("; "):
        ...     print(part)
        medium: can be solved
        3 of the 40 ways to choose what each row and column shares lead to a solution
        >>> Grade(True, "easy", 1.0, 12, 1).text.endswith("shares leads to a solution")
        True
        """
        if not self.solvable:
            why = PLAIN_REASONS.get(self.reason.kind, "") if self.reason else ""
            return f"{self.level}: impossible" + (f", {why}" if why else "")
        verb = "leads" if self.plans == 1 else "lead"
        return (
            f"{self.level}: can be solved; {self.plans} of the {self.labelings} ways to choose "
            f"what each row and column shares {verb} to a solution"
        )


PLAIN_REASONS = {
    NO_LINE: "a card fits in no row or no column",
    TWO_LINES: "a card's row and column cannot both be filled",
    EXHAUSTIVE: "shown case by case",
}
"""How each kind of impossibility reads on a key's heading."""


@dataclass(frozen=True)
class Puzzle:
    """A Matrix set to solve: its id, size and cards (in the order printed), its grade,
    and a solution when it has one."""

    id: str
    rows: int
    cols: int
    cards: tuple[Card, ...]
    grade: Grade
    solution: Grid | None

    @property
    def size(self) -> tuple[int, int]:
        return self.rows, self.cols

    @property
    def size_text(self) -> str:
        return f"{self.rows}x{self.cols}"

    @property
    def card_id(self) -> str:
        """The id that names this set by its cards."""
        return card_id(self.cards, self.rows, self.cols)

    @cached_property
    def proof(self) -> Proof | None:
        """For a set impossible with no short reason, the case-by-case proof in words
        (:mod:`printables.matrix.proofs`); None otherwise."""
        reason = self.grade.reason
        if reason is None or reason.kind != EXHAUSTIVE:
            return None
        return impossibility_proof(self.cards, self.rows, self.cols)

    @property
    def impossibility(self) -> tuple[str, ...]:
        """Why an impossible set is, with no headline (a key's grade line says it): its
        short reason, or its proof step by step; () for a set that can be solved."""
        reason = self.grade.reason
        if reason is None:
            return ()
        return (reason.text,) if self.proof is None else self.proof.lines

    @property
    def why_impossible(self) -> tuple[str, ...]:
        """Why an impossible set is, headed "Impossible": its short reason, or its proof
        step by step."""
        lines = self.impossibility
        if not lines:
            return ()
        if self.proof is None:
            return ("Impossible. " + lines[0],)
        return ("Impossible, shown case by case.", *lines)

    @property
    def solvable(self) -> bool:
        return self.grade.solvable


def parse_size(text: str) -> tuple[int, int]:
    """Read a size written ``RxC``.

    >>> parse_size("4x5")
    (4, 5)
    >>> parse_size("6x6")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printables.puzzles.PuzzleIdError: 6x6 is not a Matrix size of the book; expected 3x3, ...
    """
    match = re.fullmatch(r"\s*(\d+)\s*[x\u00d7*]\s*(\d+)\s*", text.lower())
    if not match:
        raise PuzzleIdError(f"{text!r} is not a size; expected rows x columns such as 4x5")
    rows, cols = int(match[1]), int(match[2])
    check_size(rows, cols, PuzzleIdError)
    return rows, cols


# -- ids -----------------------------------------------------------------------------------


def generated_id(rows: int, cols: int, want: str, level: str, seed: int) -> str:
    """The id of a generated puzzle; ``want`` and ``level`` by name or by letter.

    >>> generated_id(4, 4, "solvable", "medium", 2718)
    '4x4-258n5q'
    >>> parse_id("4x4-258n5q")
    PuzzleSpec(rows=4, cols=4, want='solvable', level='medium', seed=2718, cards=())
    """
    check_size(rows, cols, PuzzleIdError)
    w = list(WANTS).index(_letter(want, WANTS, "what is wanted"))
    d = list(LEVELS).index(_letter(level, LEVELS, "difficulty"))
    if not 0 <= seed < MAX_SEED:
        raise PuzzleIdError(f"the seed must be a whole number from 0 to {MAX_SEED - 1}")
    return f"{rows}x{cols}-{base32(_SCRAMBLE(seed * 9 + w * 3 + d), 6)}"


def _letter(name: str, table: dict[str, str], what: str) -> str:
    key = name.strip().lower()
    for letter, full in table.items():
        if key in (letter, full):
            return letter
    choices = ", ".join(f"{full} ({letter})" for letter, full in table.items())
    raise PuzzleIdError(f"{name!r} is not a {what}; expected {choices}")


def card_id(cards: Sequence[Card], rows: int, cols: int) -> str:
    """The id naming a set by its cards (order does not matter).

    >>> from printables.cards import FOUR_D, read_cards
    >>> card_id(read_cards("Bb=S Bb=C Bb=T Bb~S Bb~C Bb~T Bbz S BbzC BbzT", FOUR_D), 3, 3)
    '3x3-c-fz'
    """
    check_size(rows, cols, PuzzleIdError)
    check_set(cards, rows, cols)
    mask = 0
    for c in cards:
        if c.deck is not DECK:
            raise PuzzleIdError(f"{c} is not a 4D card; Matrix puzzles use the 4D deck")
        mask |= 1 << c.index
    return f"{rows}x{cols}-c-{base32(mask)}"


def _cards_of(code: str, text: str) -> tuple[Card, ...]:
    mask = read_base32(code, text)
    if mask >> len(DECK.cards):
        raise PuzzleIdError(f"{text!r}: the card code is too large for the 81-card deck")
    return tuple(c for i, c in enumerate(DECK.cards) if mask >> i & 1)


@dataclass(frozen=True)
class PuzzleSpec:
    """What an id says: the size, and either how to generate the set or the cards."""

    rows: int
    cols: int
    want: str = ""
    level: str = ""
    seed: int = 0
    cards: tuple[Card, ...] = ()


def parse_id(text: str) -> PuzzleSpec:
    """Read a puzzle id (any case, surrounding spaces ignored).

    >>> parse_id("4x4-sq-1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printables.puzzles.PuzzleIdError: '4x4-sq-1' is not a puzzle id; expected ...
    """
    key = text.strip().lower()
    match = _ID.fullmatch(key)
    if not match:
        raise PuzzleIdError(f"{text!r} is not a puzzle id; expected {ID_HELP}")
    rows, cols = int(match[1]), int(match[2])
    check_size(rows, cols, PuzzleIdError)
    if match[4] is not None:
        n = _SCRAMBLE.back(read_base32(match[4], text))
        if n >= 9 * MAX_SEED:
            raise PuzzleIdError(
                f"{text!r} is not the id of any puzzle; check it for a mistyped character"
            )
        seed, kind = divmod(n, 9)
        return PuzzleSpec(rows, cols, list(WANTS.values())[kind // 3],
                          list(LEVELS.values())[kind % 3], seed)  # fmt: skip
    cards = _cards_of(match[3], text)
    if len(cards) != rows * cols:
        raise PuzzleIdError(
            f"{text!r}: the card code holds {len(cards)} cards but a {rows}x{cols} matrix "
            f"takes {rows * cols}"
        )
    return PuzzleSpec(rows, cols, cards=cards)


# -- grading -------------------------------------------------------------------------------


def grade(cards: Sequence[Card], rows: int, cols: int) -> Grade:
    """How hard a set is to solve (or to prove impossible), measured by the solver."""
    stats = SearchStats()
    solution = search(cards, rows, cols, stats, exhaust=True)
    labelings = stats.row_sets * stats.col_sets
    if solution is None:  # proved impossible: the reason needs no second search
        reason = short_reason(cards, rows, cols) or exhaustive_reason(rows, cols)
        level = LEVEL_OF_REASON[reason.kind]
        return Grade(False, level, float(list(LEVELS.values()).index(level)), labelings, 0, reason)
    measure = math.log2(labelings / stats.plans)
    easy, hard = THRESHOLDS[rows, cols]
    level = "easy" if measure < easy else "hard" if measure >= hard else "medium"
    return Grade(True, level, measure, labelings, stats.plans)


# -- making puzzles ------------------------------------------------------------------------


@made_once(maxsize=512)
def get_puzzle(puzzle_id: str) -> Puzzle:
    """The puzzle an id names (generated, or read from its card code)."""
    spec = parse_id(puzzle_id)
    if spec.cards:
        return _puzzle(card_id(spec.cards, spec.rows, spec.cols), spec.rows, spec.cols, spec.cards)
    return generate(spec.rows, spec.cols, spec.want, spec.level, spec.seed)


def from_cards(cards: Sequence[Card], rows: int, cols: int) -> Puzzle:
    """The puzzle of a given set (typed by a teacher, dealt from a deck)."""
    return get_puzzle(card_id(cards, rows, cols))


def _puzzle(
    puzzle_id: str, rows: int, cols: int, cards: Sequence[Card], graded: Grade | None = None
) -> Puzzle:
    """The puzzle of a set; ``graded``: its grade when the maker has measured it."""
    graded = grade(cards, rows, cols) if graded is None else graded
    solution = search(cards, rows, cols) if graded.solvable else None
    shown = list(cards)
    random.Random(puzzle_id).shuffle(shown)  # printed order: no hint from how it was made
    puzzle = Puzzle(puzzle_id, rows, cols, tuple(shown), graded, solution)
    _ = puzzle.proof  # made with the puzzle (in a worker process too: it travels with it)
    return puzzle


def key_fits(puzzle: Puzzle) -> bool:
    """Whether the puzzle's key fits a third of a page: a solution or a short reason does;
    a proof case by case does when a key prints it in at most
    :data:`~printables.matrix.proofs.KEY_MOST` characters (the rules it rests on said once
    at the key's head)."""
    return puzzle.proof is None or puzzle.proof.key_length <= KEY_MOST


def generate(rows: int, cols: int, want: str, level: str, seed: int) -> Puzzle:
    """A puzzle of the given size, kind (``want``: solvable, impossible or either) and
    difficulty, the same for the same arguments. Raises :class:`GenerationError` when no
    such set is found within :data:`ATTEMPTS` tries (it never loops)."""
    puzzle_id = generated_id(rows, cols, want, level, seed)
    spec = parse_id(puzzle_id)
    rng = random.Random(puzzle_id)
    wanted = spec.want
    if wanted == "either":
        wanted = "impossible" if rng.random() < EITHER_IMPOSSIBLE else "solvable"
    make = _solvable if wanted == "solvable" else _impossible
    found = make(rows, cols, spec.level, rng)
    if found is None:
        raise GenerationError(
            f"no {spec.level} {wanted} {rows}x{cols} set was found in {ATTEMPTS} tries "
            f"(id {puzzle_id}); try another seed or difficulty"
        )
    cards, graded = found
    return _puzzle(puzzle_id, rows, cols, cards, graded)


Found = tuple[list[Card], Grade]
"""A set made to order, and its grade (measured once)."""


def _solvable(rows: int, cols: int, level: str, rng: random.Random) -> Found | None:
    deck = list(DECK.cards)
    for _ in range(ATTEMPTS):
        cards = rng.sample(deck, rows * cols)
        graded = grade(cards, rows, cols)
        if graded.solvable and graded.level == level:
            return cards, graded
    return None


def _impossible(rows: int, cols: int, level: str, rng: random.Random) -> Found | None:
    builders = {"easy": _lonely_card, "medium": _crowded_lines, "hard": _walk_to_hard}
    for _ in range(ATTEMPTS // 10):
        cards = builders[level](rows, cols, rng)
        if cards is None:
            continue
        graded = grade(cards, rows, cols)
        if not graded.solvable and graded.level == level:
            return cards, graded
    return None


def _fill(
    chosen: list[Card], n: int, rng: random.Random, allowed: dict[int, int], x: Card
) -> list[Card] | None:
    """Add random cards until there are ``n``, keeping the number of cards that show each
    of ``x``'s values at attribute ``a`` at most ``allowed[a]`` (counting ``x``)."""
    counts = {a: sum(1 for c in chosen if c.values[a] == x.values[a]) for a in allowed}
    pool = [c for c in DECK.cards if c not in chosen]
    rng.shuffle(pool)
    for c in pool:
        if len(chosen) == n:
            break
        if all(counts[a] + (c.values[a] == x.values[a]) <= most for a, most in allowed.items()):
            chosen.append(c)
            for a in allowed:
                counts[a] += c.values[a] == x.values[a]
    return chosen if len(chosen) == n else None


def _lonely_card(rows: int, cols: int, rng: random.Random) -> list[Card] | None:
    """An easy impossible set: one card none of whose values shows on a line's worth of
    cards, so no line can pass through it."""
    x = rng.choice(DECK.cards)
    longest = max(rows, cols)
    # Between the two lengths a value may still label a short line: keep every value rare.
    most = min(rows, cols) - 1 if rng.random() < 0.5 else longest - 1
    cards = _fill([x], rows * cols, rng, dict.fromkeys(range(4), most), x)
    if cards is not None:
        rng.shuffle(cards)
    return cards


def _crowded_lines(rows: int, cols: int, rng: random.Random) -> list[Card] | None:
    """A medium impossible set: a card X whose row can only share value u and whose column
    only u or w, with so few cards showing u or w that its row and column (rows + cols - 1
    cards) cannot both be filled."""
    x = rng.choice(DECK.cards)
    a_row, a_col, *rare = rng.sample(range(4), 4)
    if rows > cols:  # the longer lines are the columns: give them the first value
        a_row, a_col = a_col, a_row
    long_line, short_line = max(rows, cols), min(rows, cols)
    u, w = x.values[a_row], x.values[a_col]
    others = [c for c in DECK.cards if c != x]
    rng.shuffle(others)
    both = [c for c in others if c.values[a_row] == u and c.values[a_col] == w]
    only_u = [c for c in others if c.values[a_row] == u and c.values[a_col] != w]
    only_w = [c for c in others if c.values[a_col] == w and c.values[a_row] != u]
    # u on exactly long_line cards, w on exactly short_line cards, two of them on both.
    chosen = [x, both[0], *only_u[: long_line - 2], *only_w[: short_line - 2]]
    allowed = {a_row: long_line, a_col: short_line, rare[0]: short_line - 1}
    allowed[rare[1]] = short_line - 1
    if any(sum(c.values[a] == x.values[a] for c in chosen) > most for a, most in allowed.items()):
        return None
    return _fill(chosen, rows * cols, rng, allowed, x)


def _walk_to_hard(rows: int, cols: int, rng: random.Random) -> list[Card] | None:
    """A hard impossible set: from a random set, swap single cards in and out, keeping a
    swap when the set stays impossible or becomes so, until the set is impossible with no
    short reason."""
    n = rows * cols
    deck = list(DECK.cards)
    cards = rng.sample(deck, n)
    if rows * cols > 16:  # at this size random sets are almost never impossible
        cards = _crowded_lines(rows, cols, rng) or cards
    level = _impossible_level(cards, rows, cols)
    for _ in range(60):
        if level == "hard":
            return cards
        inside = set(cards)
        outside = [c for c in deck if c not in inside]  # deck order, as the seeds expect
        trial = list(cards)
        trial[rng.randrange(n)] = rng.choice(outside)
        tried = _impossible_level(trial, rows, cols)
        if tried is not None or level is None:
            cards, level = trial, tried
    return None


def _impossible_level(cards: Sequence[Card], rows: int, cols: int) -> str | None:
    """How hard an impossible set is, or None when it can be solved (a cheaper
    :func:`grade`): a short reason, quick to look for, proves the set impossible and gives
    its level; without one the set is hard when :func:`has_solution` finds no solution."""
    kind = short_reason_kind(cards, rows, cols)
    if kind is not None:
        return LEVEL_OF_REASON[kind]
    return None if has_solution(cards, rows, cols) else LEVEL_OF_REASON[EXHAUSTIVE]


def puzzle_ids(
    count: int, rows: int, cols: int, want: str, level: str, seed: int, sheet: str = "worksheet"
) -> list[str]:
    """The ids of the ``count`` puzzles of a worksheet (or, with ``sheet="mat"``, a MAT
    kit's sets) printed from ``seed``; another seed gives unrelated puzzles. Worksheets
    take even puzzle seeds and MAT sets odd ones, so no worksheet ever holds a MAT set."""
    if not 1 <= count <= 100:
        raise GenerationError(f"a worksheet holds 1 to 100 puzzles, not {count}")
    if sheet not in SHEETS:
        raise GenerationError(f"a sheet is one of {', '.join(SHEETS)}, not {sheet!r}")
    lane = SHEETS.index(sheet)
    seeds = sheet_seeds(count, seed, f"matrix {sheet}", MAX_SEED // len(SHEETS))
    return [generated_id(rows, cols, want, level, s * len(SHEETS) + lane) for s in seeds]


def disjoint_sets(
    count: int, rows: int, cols: int, want: str, level: str, seed: int
) -> list[Puzzle]:
    """``count`` puzzles dealt from one deck, no card in two of them (MAT Successive:
    up to nine players share a deck), each of the kind and difficulty asked for. Each is
    named by its cards; the same arguments give the same puzzles.

    Nine 3x3 sets use the whole deck, so the sets are found together: a random deal, then
    swaps of single cards between a set that does not fit yet and another set (or the
    cards left over) whenever the swap leaves no more sets unfit, for at most
    :data:`ATTEMPTS` swaps."""
    if count < 1 or count * rows * cols > len(DECK.cards):
        most = len(DECK.cards) // (rows * cols)
        raise GenerationError(
            f"one deck holds 1 to {most} disjoint {rows}x{cols} sets, not {count}"
        )
    check_size(rows, cols, PuzzleIdError)
    rng = random.Random(f"disjoint {count} {rows}x{cols} {want} {level} {seed}")
    wanted = WANTS[_letter(want, WANTS, "what is wanted")]
    level = LEVELS[_letter(level, LEVELS, "difficulty")]
    kinds = [
        wanted if wanted != "either" else
        "impossible" if rng.random() < EITHER_IMPOSSIBLE else "solvable"
        for _ in range(count)
    ]  # fmt: skip
    deck = list(DECK.cards)
    rng.shuffle(deck)
    n = rows * cols
    sets = [deck[k * n : (k + 1) * n] for k in range(count)]
    spare = deck[count * n :]

    @cache
    def fits(cards: frozenset[Card], kind: str) -> bool:
        graded = grade(sorted(cards), rows, cols)
        return graded.solvable == (kind == "solvable") and graded.level == level

    def unfit() -> list[int]:
        return [k for k in range(count) if not fits(frozenset(sets[k]), kinds[k])]

    bad = unfit()
    for _ in range(ATTEMPTS):
        if not bad:
            return [from_cards(cards, rows, cols) for cards in sets]
        k = rng.choice(bad)
        others = [j for j in range(count) if j != k] + ([-1] if spare else [])
        j = rng.choice(others)
        group = spare if j == -1 else sets[j]
        a, b = rng.randrange(n), rng.randrange(len(group))
        sets[k][a], group[b] = group[b], sets[k][a]
        after = unfit()
        if len(after) <= len(bad):
            bad = after
        else:
            sets[k][a], group[b] = group[b], sets[k][a]
    raise GenerationError(
        f"could not deal {count} disjoint {level} {wanted} {rows}x{cols} sets from one deck "
        f"in {ATTEMPTS} swaps; ask for fewer sets or another difficulty"
    )


def line_shares(grid: Grid) -> str:
    """What each line of a solved grid shares, for a key: ``"Rows share: blue; gray and
    wavy; ... Columns share: ..."``."""
    verdict = check_grid(grid)
    rows = len(grid)
    parts = [" and ".join(v.name for v in line.shared) for line in verdict.lines]
    return f"Rows share: {'; '.join(parts[:rows])}. Columns share: {'; '.join(parts[rows:])}."


@dataclass(frozen=True)
class Choices:
    """What a teacher asks of Matrix puzzles: the size (rows, columns), what is wanted
    (solvable, impossible or either) and the difficulty (easy, medium or hard)."""

    size: tuple[int, int] = (3, 3)
    want: str = "either"
    level: str = "medium"

    def __post_init__(self) -> None:
        check_size(*self.size, error=PuzzleIdError)
        object.__setattr__(self, "want", WANTS[_letter(self.want, WANTS, "what is wanted")])
        object.__setattr__(self, "level", LEVELS[_letter(self.level, LEVELS, "difficulty")])


class MatrixKind(PuzzleKind[Puzzle, Choices]):
    """Matrix as a puzzle kind: its ids begin with the size (``4x4-258n5q``).

    >>> KIND.choices(size="4X5", want="s", level="Hard")
    Choices(size=(4, 5), want='solvable', level='hard')
    """

    key = "matrix"
    title = "Matrix"
    deck = DECK
    id_help = ID_HELP

    def owns(self, puzzle_id: str) -> bool:
        return _TAG.match(puzzle_id) is not None

    def get(self, puzzle_id: str) -> Puzzle:
        return get_puzzle(puzzle_id)

    def choices(self, **typed: str) -> Choices:
        unknown = set(typed) - {"size", "want", "level"}
        if unknown:
            raise PuzzleIdError(
                f"Matrix puzzles take a size, want and level, not {sorted(unknown)}"
            )
        size = parse_size(typed["size"]) if "size" in typed else (3, 3)
        return Choices(size, typed.get("want", "either"), typed.get("level", "medium"))

    def generate(self, seed: int, choices: Choices) -> Puzzle:
        return generate(*choices.size, choices.want, choices.level, seed)

    def ids(self, count: int, seed: int, choices: Choices, sheet: str = "worksheet") -> list[str]:
        return puzzle_ids(count, *choices.size, choices.want, choices.level, seed, sheet)

    def fresh_seed(self, count: int, choices: Choices, sheet: str = "worksheet") -> int:
        """A random seed whose sheet's keys each fit a third of a page (:func:`key_fits`):
        hard impossible sets are proved case by case, and some proofs run to most of a
        page, so seeds are drawn until none does (a sheet of twelve hard impossible 4x5
        sets: about one seed in four). The sheet's puzzles are made on the way (and
        kept: :func:`get_puzzle`). A seed typed by hand prints its sheet whatever its
        keys; so does this one, drawn once, whatever the proofs become."""
        if choices.level != "hard" or choices.want == "solvable":
            return super().fresh_seed(count, choices, sheet)  # no key is a proof
        for _ in range(FRESH_TRIES):
            seed = super().fresh_seed(count, choices, sheet)
            if all(key_fits(get_puzzle(i)) for i in self.ids(count, seed, choices, sheet)):
                return seed
        return seed  # none in so many (never seen): the last, its sheet made already

    def typed(self, text: str, **typed: str) -> Puzzle:
        """The puzzle of the cards written in ``text``, in ``size`` (``"4x4"``)."""
        if "size" not in typed:
            raise PuzzleIdError("give the matrix size (rows x columns, such as 4x4) and the cards")
        rows, cols = parse_size(typed["size"])  # the size first: a wrong one says so alone
        return from_cards(read_cards(text, DECK), rows, cols)

    def count(self, puzzle: Puzzle, limit: int | None = None) -> int:
        return count_solutions(puzzle.cards, puzzle.rows, puzzle.cols, limit=limit)

    def describe(self, puzzle: Puzzle) -> dict[str, Any]:
        grade = puzzle.grade
        data: dict[str, Any] = {
            "id": puzzle.id,
            "card_id": puzzle.card_id,
            "size": puzzle.size_text,
            "cards": [str(c) for c in puzzle.cards],
            "solvable": puzzle.solvable,
            "difficulty": grade.level,
            "measure": round(grade.measure, 3),
            "labelings": grade.labelings,
            "plans": grade.plans,
        }
        if puzzle.solution is not None:
            verdict = check_grid(puzzle.solution)
            data["solution"] = [[str(c) for c in row] for row in puzzle.solution]
            data["lines"] = [
                {"line": line.name, "shares": [v.name for v in line.shared]}
                for line in verdict.lines
            ]
        else:
            assert grade.reason is not None
            data["reason"] = {"kind": grade.reason.kind, "text": grade.reason.text}
            if puzzle.proof is not None:
                data["proof"] = {"steps": puzzle.proof.steps, "lines": list(puzzle.proof.lines)}
        return data

    def report(self, puzzle: Puzzle) -> tuple[str, ...]:
        lines = [f"Puzzle {puzzle.id} ({puzzle.size_text}): {puzzle.grade.text}."]
        if puzzle.solution is not None:
            lines += [" ".join(str(c) for c in row) for row in puzzle.solution]
            lines += [sentence(line.sentence) for line in check_grid(puzzle.solution).lines]
        else:
            lines += puzzle.impossibility  # the first line has said "impossible"
        return tuple(lines)

    def check(self, puzzle: Puzzle, answer: str) -> AnswerCheck:
        """The verdict on an answer; a right claim of impossibility also says why (the
        answer is judged, so the reason gives nothing away)."""
        verdict = check_answer(answer, puzzle.cards, impossible=not puzzle.solvable)
        if verdict.claim == "impossible" and verdict.set_impossible:
            return replace(verdict, why=puzzle.why_impossible)
        return verdict

    def explain(self, puzzle: Puzzle) -> tuple[str, ...]:
        if puzzle.solution is not None:
            return (line_shares(puzzle.solution),)
        return puzzle.why_impossible


KIND = MatrixKind()
"""The Matrix puzzle kind, as the registry finds it."""

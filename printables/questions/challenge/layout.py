"""The "layout" Challenge question: lay cards in a grid so that every two neighbours share
exactly two values; made from a window of the 9 x 9 layout of all 81 cards, counted by an
exhaustive search that stops at :data:`LAYOUT_LIMIT`, and judged neighbour by neighbour."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_grid
from printables.cards.wording import and_list, counted, names, values_text
from printables.fourd.challenges import neighbour_layout
from printables.questions.base import Group, Question, Verdict
from printables.questions.challenge.common import KEY, LAYOUT, Substitution

LAYOUT_SHAPES = {"easy": ((2, 3), (3, 3)), "medium": ((3, 4),), "hard": ((4, 4), (5, 5))}
"""The grids (rows, columns) of a "layout" puzzle at each level."""
LAYOUT_LIMIT = 100
"""Where the count of right layouts stops (a count below it is exact)."""


def layout_level(cards: int) -> str:
    """The level of a layout of so many cards.

    >>> layout_level(9), layout_level(12), layout_level(25)
    ('easy', 'medium', 'hard')
    """
    return "easy" if cards <= 9 else "medium" if cards <= 12 else "hard"


def _partners(cards: Sequence[Card]) -> list[int]:
    """For each card, the bit mask of the cards sharing exactly two values with it."""
    return [sum(1 << j for j, b in enumerate(cards) if a.shares(b) == 2) for a in cards]


class _Enough(Exception):
    """The count reached its limit."""


def layouts(cards: Sequence[Card], rows: int, cols: int, limit: int = LAYOUT_LIMIT) -> int:
    """How many grids of ``rows`` x ``cols`` lay out ``cards`` with every two neighbours
    sharing exactly two values, counted up to ``limit``.

    The search fills the grid row by row and keeps one layout of each set of turns and
    flips (the top left card first of the corners in the given order, and for a square
    the top right before the bottom left): each it finds stands for 4 (8 for a square).

    >>> grid = neighbour_layout()
    >>> layouts([*grid[0][:3], *grid[1][:3]], 2, 3), layouts(grid[0][:3], 1, 3)
    (96, 6)
    """
    n = len(cards)
    if n != rows * cols:
        return 0
    part = _partners(cards)
    cells = rows * cols
    corners = {cols - 1, (rows - 1) * cols, cells - 1} - {0}
    square = rows == cols and rows > 1
    each = 8 if square else 4 if rows > 1 and cols > 1 else 2 if cells > 1 else 1
    grid = [0] * cells
    found = 0

    def place(p: int, free: int) -> None:
        nonlocal found
        if p == cells:
            found += each
            if found >= limit:
                raise _Enough
            return
        row, col = divmod(p, cols)
        options = free
        if col:
            options &= part[grid[p - 1]]
        if row:
            options &= part[grid[p - cols]]
        if p in corners:
            options &= ~((2 << grid[0]) - 1)
        if square and p == (rows - 1) * cols:
            options &= ~((2 << grid[cols - 1]) - 1)
        while options:
            bit = options & -options
            options ^= bit
            grid[p] = bit.bit_length() - 1
            place(p + 1, free ^ bit)

    try:
        place(0, (1 << n) - 1)
    except _Enough:
        return limit
    return found


def _pair_words(a: Card, b: Card) -> str:
    shared = a.shared_with(b)
    what = f" ({values_text(shared)})" if shared else ""
    return f"share {counted(len(shared), 'value')}{what}"


def _shared_attributes(a: Card, b: Card) -> str:
    return and_list([t.name for t, x, y in zip(FOUR_D.attributes, a.values, b.values,
                                                strict=True) if x == y])  # fmt: skip


def layout_key(grid: Sequence[Sequence[Card]]) -> tuple[str, ...]:
    rows, cols = len(grid), len(grid[0])
    across = Counter(_shared_attributes(r[c], r[c + 1]) for r in grid for c in range(cols - 1))
    down = Counter(
        _shared_attributes(grid[r][c], grid[r + 1][c]) for r in range(rows - 1) for c in range(cols)
    )

    def told(counts: Counter[str]) -> str:
        if len(counts) == 1:
            return f"all {sum(counts.values())} share their {next(iter(counts))}"
        return and_list([f"{n} share their {what}" for what, n in sorted(counts.items())])

    return (
        "One layout: " + " / ".join(names(row) for row in grid) + ".",
        f"Side by side, {told(across)}; one above the other, {told(down)}: every two "
        "neighbours share exactly two values (and differ in the other two).",
        "These cards are a window of a 9 x 9 layout of all 81 cards with that property "
        "(the rulebook's appendix challenge), their values substituted; flipping the grid "
        "left to right or top to bottom gives other right layouts.",
    )


def layout_question(puzzle_id: str, level: str, rng: random.Random) -> Question:
    rows, cols = rng.choice(LAYOUT_SHAPES[level])
    whole = neighbour_layout()
    if rng.random() < 0.5:
        whole = tuple(zip(*whole, strict=True))
    top, left = rng.randrange(10 - rows), rng.randrange(10 - cols)
    cipher = Substitution.random(rng)
    grid = tuple(
        tuple(cipher(c) for c in whole[r][left : left + cols]) for r in range(top, top + rows)
    )
    cards = [c for row in grid for c in row]
    rng.shuffle(cards)
    links = sum(a.shares(b) == 2 for a, b in combinations(cards, 2))
    needed = rows * (cols - 1) + cols * (rows - 1)
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=LAYOUT,
        level=layout_level(len(cards)),
        text=f"Lay these {len(cards)} cards in a grid of {rows} rows and {cols} columns "
        "so that every two neighbours (side by side or one above the other) share "
        "exactly two values.",
        groups=(Group("Cards", tuple(cards), f"{len(cards)} cards"),),
        answer_fields=(),
        answer_grid=(rows, cols),
        answer_hint=f"{rows} rows of {cols} card names, one row a line or rows separated by /",
        entry="cards",
        options=(),
        answer=" / ".join(names(row) for row in grid),
        key=layout_key(grid),
        grade=f"{layout_level(len(cards))}: {rows} x {cols}, {len(cards)} cards; "
        f"{links} pairs share exactly two values, for {needed} neighbour places",
        hint="Count each card's partners, the cards sharing exactly two values with it: "
        "a corner card needs two, an edge card three, a middle card four. Start with "
        "the cards that have the fewest.",
        solution=grid,
    )


def judge_layout(puzzle: Question, answer: str) -> Verdict:
    rows, cols = len(puzzle.solution), len(puzzle.solution[0])
    grid = read_grid(answer, FOUR_D)
    if grid.claims_impossible:
        raise ValueError("these cards can always be laid out; write every card, not 'No'")
    cells = grid.cards()
    for written in cells:
        if written not in puzzle.cards:
            raise ValueError(f"{written} is not among these cards")
    if grid.shape == (1, rows * cols):
        laid = [cells[r * cols : (r + 1) * cols] for r in range(rows)]
    elif grid.shape == (rows, cols):
        laid = [list(row) for row in grid.rows]  # type: ignore[arg-type]
    else:
        wrote_rows, wrote_cols = grid.shape
        raise ValueError(f"write {rows} rows of {cols} cards, one row a line or rows separated "
                         f"by /, not {wrote_rows} of {wrote_cols}")  # fmt: skip
    read = " / ".join(names(row) for row in laid)
    bad = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and laid[r][c].shares(laid[r][c + 1]) != 2:
                a, b = laid[r][c], laid[r][c + 1]
                bad.append(f"row {r + 1}: {a} and {b}, side by side, {_pair_words(a, b)}")
            if r + 1 < rows and laid[r][c].shares(laid[r + 1][c]) != 2:
                a, b = laid[r][c], laid[r + 1][c]
                bad.append(f"column {c + 1}: {a} above {b} {_pair_words(a, b)}")
    if not bad:
        return Verdict(True, ("every two neighbours share exactly two values",), read)
    reasons = [bad[0] + "; neighbours must share exactly two"]
    if len(bad) > 1:
        more = len(bad) - 1
        reasons.append(f"{counted(more, 'more neighbour pair')} "
                       f"{'does' if more == 1 else 'do'} not share exactly two")  # fmt: skip
    return Verdict(False, tuple(reasons), read)

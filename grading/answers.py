"""Answers built from a page's boxes and checked by the puzzle kind's own check.

A mark is never guessed. What a box's reading leaves open goes to the teacher as a
:class:`Review`, and the puzzle waits for it:

- a box neither clearly filled nor clearly empty ("Is this box filled?");
- two boxes filled where one is allowed (two rows for one card: one may be crossed out);
- "Impossible" filled beside placed cards.

The teacher's :data:`Decisions` (a review's key -> the choice made) settle them, and are
kept: grading the same scan again asks nothing already answered.

A Matrix answer is "Impossible", or a row and a column for every card, which make the
grid the puzzle kind checks (:meth:`printables.matrix.puzzles.MatrixKind.check`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from generator.scan.layout import Box, PageLayout, Rect
from grading.marks import BoxRead, State
from printables.matrix.puzzles import KIND, get_puzzle

Status = Literal["right", "wrong", "blank", "review"]
Decisions = Mapping[str, str]
"""The teacher's decisions: a review's key -> the choice made (one of its choices)."""
NONE = "none"
"""The choice of no box at all (every mark of the line crossed out)."""


@dataclass(frozen=True)
class Review:
    """A question for the teacher, with what to show (``region``: a rectangle of the
    page, mm) and the ``choices`` to click."""

    key: str
    page: str
    puzzle: str
    question: str
    choices: tuple[str, ...]
    region: Rect
    boxes: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        r = self.region
        return {"key": self.key, "page": self.page, "puzzle": self.puzzle,
                "question": self.question, "choices": list(self.choices),
                "region": [r.x, r.y, r.w, r.h], "boxes": list(self.boxes)}  # fmt: skip


@dataclass(frozen=True)
class PuzzleResult:
    """One puzzle's answer on one page: its status, the answer as read (the grid's rows,
    ``Impossible``, or empty), the reasons for the verdict, and what waits for review."""

    puzzle: str
    status: Status
    answer: str = ""
    reasons: tuple[str, ...] = ()
    reviews: tuple[Review, ...] = field(default=())

    @property
    def right(self) -> bool:
        return self.status == "right"

    def to_json(self) -> dict[str, object]:
        return {"puzzle": self.puzzle, "status": self.status, "answer": self.answer,
                "reasons": list(self.reasons),
                "reviews": [r.to_json() for r in self.reviews]}  # fmt: skip


def box_key(page: str, index: int) -> str:
    """The key of the review of one box of a page."""
    return f"{page}:box{index}"


def decided_states(
    page: str, layout: PageLayout, reads: Sequence[BoxRead], decisions: Decisions
) -> dict[int, State]:
    """Each mark box's state, the teacher's decision where there is one."""
    states: dict[int, State] = {}
    for read in reads:
        decided = decisions.get(box_key(page, read.index))
        states[read.index] = decided if decided in ("filled", "empty") else read.state  # type: ignore[assignment]
    return states


def read_matrix(
    page: str, layout: PageLayout, reads: Sequence[BoxRead], decisions: Decisions
) -> list[PuzzleResult]:
    """Every Matrix puzzle's answer on a page whose boxes read ``reads``."""
    states = decided_states(page, layout, reads, decisions)
    by_puzzle: dict[str, list[int]] = defaultdict(list)
    for index in states:
        by_puzzle[layout.boxes[index].puzzle].append(index)
    return [
        _matrix_answer(page, layout, puzzle, indexes, states, decisions)
        for puzzle, indexes in by_puzzle.items()
    ]


def line_key(page: str, puzzle: str, card: str, line: str) -> str:
    """The key of the review of a card's row (or column) marked twice."""
    return f"{page}:{puzzle}:{card}:{line}"


def claim_key(page: str, puzzle: str) -> str:
    """The key of the review of a puzzle marked both impossible and placed."""
    return f"{page}:{puzzle}:claim"


def review_regions(page: str, layout: PageLayout, reads: Sequence[BoxRead]) -> dict[str, Rect]:
    """Every review a page's reads may raise, whatever the teacher decides (its key -> the
    part of the page to show): each unclear box, each card's row or column with two boxes
    not read empty, and each puzzle with "Impossible" and a place not read empty."""
    regions: dict[str, Rect] = {}
    marked = {r.index for r in reads if r.state != "empty"}
    lines: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    puzzles: dict[str, list[int]] = defaultdict(list)
    for read in reads:
        box = layout.boxes[read.index]
        puzzles[box.puzzle].append(read.index)
        if read.state == "unclear" and box.field != "changed":
            regions[box_key(page, read.index)] = box.rect
        if box.field in ("row", "column"):
            lines[(box.puzzle, box.card, box.field)].append(read.index)
    for (puzzle, card, line), members in lines.items():
        if sum(i in marked for i in members) > 1:
            regions[line_key(page, puzzle, card, line)] = _around(
                [layout.boxes[i] for i in members]
            )
    for puzzle, members in puzzles.items():
        boxes = [layout.boxes[i] for i in members]
        claims = any(i in marked and layout.boxes[i].field == "impossible" for i in members)
        places = any(i in marked and layout.boxes[i].field in ("row", "column") for i in members)
        if claims and places:
            regions[claim_key(page, puzzle)] = _around(boxes)
    return regions


def _around(boxes: Sequence[Box]) -> Rect:
    """The rectangle holding ``boxes``."""
    x0 = min(b.rect.x for b in boxes)
    y0 = min(b.rect.y for b in boxes)
    x1 = max(b.rect.right for b in boxes)
    y1 = max(b.rect.bottom for b in boxes)
    return Rect.of(x0, y0, x1 - x0, y1 - y0)


def _matrix_answer(
    page: str,
    layout: PageLayout,
    puzzle_id: str,
    indexes: list[int],
    states: dict[int, State],
    decisions: Decisions,
) -> PuzzleResult:
    boxes = {i: layout.boxes[i] for i in indexes}
    # "Changed" only says a mark was crossed out: unclear, it changes no answer.
    unclear = [i for i in indexes if states[i] == "unclear" and boxes[i].field != "changed"]
    if unclear:
        unsure = tuple(_box_review(page, puzzle_id, boxes[i], i) for i in unclear)
        return PuzzleResult(puzzle_id, "review", reasons=("A box is unclear.",), reviews=unsure)
    filled = {i for i in indexes if states[i] == "filled"}
    lines: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i in indexes:
        box = boxes[i]
        if box.field in ("row", "column"):
            lines[(box.card, box.field)].append(i)
    chosen: dict[tuple[str, str], int | None] = {}
    reviews: list[Review] = []
    for (card, line), members in lines.items():
        marked = [i for i in members if i in filled]
        if len(marked) <= 1:
            chosen[(card, line)] = boxes[marked[0]].value if marked else None
            continue
        key = line_key(page, puzzle_id, card, line)
        decided = decisions.get(key)
        values = tuple(str(boxes[i].value) for i in marked)
        if decided is not None and decided in values:
            chosen[(card, line)] = int(decided)
        elif decided == NONE:
            chosen[(card, line)] = None
        else:
            region = _around([boxes[i] for i in members])
            question = (f"{card}: {len(marked)} {line}s are marked ({', '.join(values)}). "
                        f"Which one counts?")  # fmt: skip
            reviews.append(Review(key, page, puzzle_id, question, (*values, NONE), region,
                                  tuple(marked)))  # fmt: skip
    impossible = any(i in filled for i in indexes if boxes[i].field == "impossible")
    placed = any(value is not None for value in chosen.values())
    if impossible and placed and not reviews:
        key = claim_key(page, puzzle_id)
        decided = decisions.get(key)
        if decided == "impossible":
            placed = False
        elif decided == "placements":
            impossible = False
        else:
            region = _around(list(boxes.values()))
            question = "Both 'Impossible' and places for cards are marked. Which is the answer?"
            reviews.append(Review(key, page, puzzle_id, question, ("impossible", "placements"),
                                  region))  # fmt: skip
    if reviews:
        return PuzzleResult(puzzle_id, "review", reasons=("Two marks where one is allowed.",),
                            reviews=tuple(reviews))  # fmt: skip
    if impossible:
        return _checked(puzzle_id, "Impossible", "impossible")
    if not placed:
        return PuzzleResult(puzzle_id, "blank", reasons=("Nothing is marked.",))
    return _placements(puzzle_id, chosen)


def _box_review(page: str, puzzle_id: str, box: Box, index: int) -> Review:
    if box.field in ("row", "column"):
        what = f"{box.card}, {box.field} {box.value}"
    else:
        what = f"'{str(box.field).capitalize()}'"
    question = f"Is this box filled? ({what})"
    return Review(box_key(page, index), page, puzzle_id, question, ("filled", "empty"),
                  box.rect, (index,))  # fmt: skip


def _placements(puzzle_id: str, chosen: Mapping[tuple[str, str], int | None]) -> PuzzleResult:
    """The grid the marked rows and columns make, checked; a card left without a place,
    or two cards in one place, is said as the answer's fault."""
    puzzle = get_puzzle(puzzle_id)
    reasons = []
    places: dict[tuple[int, int], list[str]] = defaultdict(list)
    for card in (str(c) for c in puzzle.cards):
        row, column = chosen.get((card, "row")), chosen.get((card, "column"))
        if row is None and column is None:
            reasons.append(f"{card} is not placed.")
        elif row is None:
            reasons.append(f"{card} has no row marked.")
        elif column is None:
            reasons.append(f"{card} has no column marked.")
        else:
            places[(row, column)].append(card)
    for (row, column), cards in sorted(places.items()):
        if len(cards) > 1:
            both = "both" if len(cards) == 2 else "all"
            where = f"row {row}, column {column}"
            reasons.append(f"{' and '.join(cards)} are {both} placed at {where}.")
    grid = [[places.get((r, c), ["?"])[0] for c in range(1, puzzle.cols + 1)]
            for r in range(1, puzzle.rows + 1)]  # fmt: skip
    text = "\n".join(" ".join(row) for row in grid)
    if reasons:
        return PuzzleResult(puzzle_id, "wrong", text, tuple(reasons))
    return _checked(puzzle_id, text, text)


def _checked(puzzle_id: str, shown: str, answer: str) -> PuzzleResult:
    """The verdict of the puzzle kind's own check on ``answer``."""
    verdict = KIND.check(get_puzzle(puzzle_id), answer)
    reasons = tuple(verdict.reasons)
    return PuzzleResult(puzzle_id, "right" if verdict.right else "wrong", shown, reasons)

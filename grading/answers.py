"""Answers built from a page's boxes and checked by the puzzle kind's own check.

A mark is never guessed. What a box's reading leaves open goes to the teacher as a
:class:`Review`, and the puzzle waits for it:

- a box neither clearly filled nor clearly empty ("Is this box filled?");
- two boxes filled where one is allowed (two rows for one card: one may be crossed out);
- "Impossible" (or a question's "none") filled beside other marks of the same puzzle;
- "Changed" filled, and a filled box that no other box of its line can show crossed out
  (where several boxes may be marked, such as the cards of a poker hand);
- "Changed" filled, and no mark that shows what changed (no line marked twice, no box
  asked about): a mark crossed out and nothing put in its place ("Which mark is crossed
  out?").

The teacher's :data:`Decisions` (a review's key -> the choice made) settle them, and are
kept: grading the same scan again asks nothing already answered.

What the boxes mean is each kind's :class:`Reader` (found by :func:`reader_for`): which
boxes form a *line* of which one at most may be filled (a card's row), how a box is named
among its line's choices, and how the marks make the answer a pupil would have written,
which the puzzle kind's own check then judges (Matrix: :mod:`grading.matrix_answers`;
the question kinds: :mod:`grading.question_answers`).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Literal, Protocol

from generator.scan.layout import Box, PageLayout, Rect
from grading.marks import BoxRead, State
from printables.puzzles import get_puzzle, kind_of

Status = Literal["right", "wrong", "blank", "review"]
Decisions = Mapping[str, str]
"""The teacher's decisions: a review's key -> the choice made (one of its choices)."""
NONE = "none"
"""The choice of no box at all (every mark of the line crossed out)."""
Line = tuple[str, ...]
"""A line of boxes of which one at most may be filled, as its kind names it (a Matrix
card's row: ``("Gg~T", "row")``)."""


@dataclass(frozen=True)
class Review:
    """A question for the teacher, with what to show (``region``: a rectangle of the
    page, mm) and the ``choices`` to click; ``picture`` is the key of the page's cut-out
    that shows it, when it is an earlier question's (a follow-up question)."""

    key: str
    page: str
    puzzle: str
    question: str
    choices: tuple[str, ...]
    region: Rect
    boxes: tuple[int, ...] = ()
    picture: str = ""

    @property
    def picture_key(self) -> str:
        """The key of the cut-out that shows it (:func:`review_regions`)."""
        return self.picture or self.key

    def to_json(self) -> dict[str, object]:
        r = self.region
        return {"key": self.key, "page": self.page, "puzzle": self.puzzle,
                "question": self.question, "choices": list(self.choices),
                "region": [r.x, r.y, r.w, r.h], "boxes": list(self.boxes),
                "picture": self.picture_key}  # fmt: skip


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


@dataclass(frozen=True)
class Built:
    """An answer made from the marks: the text the kind's check reads (None when the marks
    make no answer it could judge), the answer as shown to the teacher, and the answer's
    own faults (a card left without a row), which make it wrong."""

    text: str | None
    shown: str
    faults: tuple[str, ...] = ()


@dataclass(frozen=True)
class Claim:
    """The box of an answer that names nothing (a Matrix set's "Impossible", a question's
    "none"): the words beside it, the answer the kind's check reads when it is filled,
    what the other marks are in the teacher's question ("places for cards"), and the
    teacher's two choices when both are marked (the box's first)."""

    label: str
    text: str
    others: str
    choices: tuple[str, str]


class Reader(Protocol):
    """What a puzzle kind's boxes mean."""

    def claim(self, puzzle_id: str) -> Claim:
        """The box of an answer naming nothing (its ``impossible`` box), for
        ``puzzle_id``."""
        ...

    def line(self, box: Box) -> Line | None:
        """The line ``box`` is in (one box of it at most may be filled), or None."""
        ...

    def choice(self, box: Box) -> str:
        """``box``'s name among its line's choices ("3")."""
        ...

    def describe(self, box: Box) -> str:
        """``box`` in a few words ("Gg~T, row 3")."""
        ...

    def optional(self, line: Line) -> bool:
        """Whether a right answer may leave ``line`` blank (a net's leading digit): then,
        with "Changed" filled, its one filled box may be a mark crossed out and nothing
        put in its place, and the teacher is asked."""
        ...

    def two_marks(self, line: Line, choices: Sequence[str]) -> str:
        """The question when ``choices`` of ``line`` are all filled."""
        ...

    def build(
        self, puzzle_id: str, chosen: Mapping[Line, Box | None], free: Sequence[Box]
    ) -> Built:
        """The answer the marks make: each line's filled box (or None), and the filled
        boxes in no line (Impossible and Changed aside)."""
        ...


READERS = {
    "matrix": "grading.matrix_answers:READER",
    "mat": "grading.matrix_answers:READER",
    "costly-tricks": "grading.costly_answers:READER",
    **{
        kind: "grading.question_answers:READER"
        for kind in ("nada", "poker", "placement", "secret-card", "cipher", "challenge")
    },
}
"""Each gradable kind's reader: where it lives. A MAT Successive form's (``mat``) sets are
Matrix answer areas; its seconds are read by :mod:`grading.mat_answers`."""


@cache
def reader_for(kind: str) -> Reader:
    """The reader of ``kind``'s boxes; a kind without one is refused (ValueError)."""
    if kind not in READERS:
        raise ValueError(f"answers to {kind} puzzles cannot be graded yet")
    module, name = READERS[kind].split(":")
    reader: Reader = getattr(import_module(module), name)
    return reader


def box_key(page: str, index: int) -> str:
    """The key of the review of one box of a page."""
    return f"{page}:box{index}"


A_MARK, CROSSED_OUT = "a mark", "crossed out"
"""The choices of a filled box that may be crossed out (:func:`crossed_key`)."""


def crossed_key(page: str, index: int) -> str:
    """The key of the review of a filled box that may be crossed out ("Changed" filled,
    and no other box of its line to tell)."""
    return f"{page}:box{index}:crossed"


NOTHING_CROSSED = "none crossed out"
"""The choice, where "Changed" is filled and no mark shows what changed
(:func:`changed_key`), that every mark left counts."""


def changed_key(page: str, puzzle: str, n: int) -> str:
    """The key of the ``n``-th question about a puzzle with "Changed" filled and no mark
    that shows what changed: its choices name each answer box filled and not yet named
    crossed out (:meth:`Reader.describe`), and :data:`NOTHING_CROSSED`.

    >>> changed_key("k-1", "3x3-7sest4", 2)
    'k-1:3x3-7sest4:changed-2'
    """
    return f"{page}:{puzzle}:changed-{n}"


def line_key(page: str, puzzle: str, line: Line) -> str:
    """The key of the review of a line marked twice (a card's row)."""
    return ":".join((page, puzzle, *line))


def claim_key(page: str, puzzle: str) -> str:
    """The key of the review of a puzzle marked impossible and answered besides."""
    return f"{page}:{puzzle}:claim"


def decided_states(
    page: str, layout: PageLayout, reads: Sequence[BoxRead], decisions: Decisions
) -> dict[int, State]:
    """Each mark box's state, the teacher's decision where there is one."""
    states: dict[int, State] = {}
    for read in reads:
        decided = decisions.get(box_key(page, read.index))
        states[read.index] = decided if decided in ("filled", "empty") else read.state  # type: ignore[assignment]
    return states


def read_answers(
    page: str, layout: PageLayout, reads: Sequence[BoxRead], decisions: Decisions
) -> list[PuzzleResult]:
    """Every puzzle's answer on a page whose boxes read ``reads``."""
    states = decided_states(page, layout, reads, decisions)
    by_puzzle: dict[str, list[int]] = defaultdict(list)
    for index in states:
        by_puzzle[layout.boxes[index].puzzle].append(index)
    return [
        _answer(page, layout, puzzle, indexes, states, decisions)
        for puzzle, indexes in by_puzzle.items()
    ]


def review_regions(page: str, layout: PageLayout, reads: Sequence[BoxRead]) -> dict[str, Rect]:
    """Every review a page's reads may raise, whatever the teacher decides (its key -> the
    part of the page to show): each unclear box, each line with two boxes not read empty,
    and each puzzle with "Impossible" and another answer box not read empty."""
    regions: dict[str, Rect] = {}
    marked = {r.index for r in reads if r.state != "empty"}
    lines: dict[tuple[str, Line], list[int]] = defaultdict(list)
    puzzles: dict[str, list[int]] = defaultdict(list)
    for read in reads:
        box = layout.boxes[read.index]
        reader = reader_for(kind_of(box.puzzle).key)
        puzzles[box.puzzle].append(read.index)
        if read.state == "unclear" and box.field != "changed":
            regions[box_key(page, read.index)] = box.rect
        line = reader.line(box)
        if line is not None:
            lines[(box.puzzle, line)].append(read.index)
    for (puzzle, line), members in lines.items():
        if sum(i in marked for i in members) > 1:
            line_boxes = [layout.boxes[i] for i in members]
            regions[line_key(page, puzzle, line)] = around(line_boxes)
    sizes: dict[tuple[str, Line], int] = {key: len(members) for key, members in lines.items()}
    for puzzle, members in puzzles.items():
        if not any(layout.boxes[i].field == "changed" for i in members if i in marked):
            continue
        regions[changed_key(page, puzzle, 1)] = around([layout.boxes[i] for i in members])
        reader = reader_for(kind_of(puzzle).key)
        for i in members:
            box = layout.boxes[i]
            line = reader.line(box)
            alone = line is None or sizes.get((puzzle, line), 0) <= 1
            if line is not None and reader.optional(line):
                alone = alone or sum(k in marked for k in lines[(puzzle, line)]) == 1
            if i in marked and alone and box.field not in ("impossible", "changed"):
                regions[crossed_key(page, i)] = box.rect
    for puzzle, members in puzzles.items():
        boxes = [layout.boxes[i] for i in members]
        fields = {layout.boxes[i].field for i in members if i in marked}
        if "impossible" in fields and fields - {"impossible", "changed"}:
            regions[claim_key(page, puzzle)] = around(boxes)
    return regions


def around(boxes: Sequence[Box]) -> Rect:
    """The rectangle holding ``boxes``."""
    x0 = min(b.rect.x for b in boxes)
    y0 = min(b.rect.y for b in boxes)
    x1 = max(b.rect.right for b in boxes)
    y1 = max(b.rect.bottom for b in boxes)
    return Rect.of(x0, y0, x1 - x0, y1 - y0)


def _answer(
    page: str,
    layout: PageLayout,
    puzzle_id: str,
    indexes: list[int],
    states: dict[int, State],
    decisions: Decisions,
) -> PuzzleResult:
    """One puzzle's answer from its boxes' states and the teacher's decisions."""
    reader = reader_for(kind_of(puzzle_id).key)
    boxes = {i: layout.boxes[i] for i in indexes}
    # "Changed" only says a mark was crossed out: unclear, it changes no answer.
    unclear = [i for i in indexes if states[i] == "unclear" and boxes[i].field != "changed"]
    if unclear:
        unsure = tuple(_box_review(page, puzzle_id, reader, boxes[i], i) for i in unclear)
        return PuzzleResult(puzzle_id, "review", reasons=("A box is unclear.",), reviews=unsure)
    filled = {i for i in indexes if states[i] == "filled"}
    lines: dict[Line, list[int]] = defaultdict(list)
    for i in indexes:
        line = reader.line(boxes[i])
        if line is not None:
            lines[line].append(i)
    if any(i in filled for i in indexes if boxes[i].field == "changed"):
        asked = []
        for i in sorted(filled):
            if _unguarded(reader, boxes[i], lines, filled):
                decided = decisions.get(crossed_key(page, i))
                if decided == CROSSED_OUT:
                    filled.discard(i)
                elif decided != A_MARK:
                    asked.append(_crossed_review(page, puzzle_id, reader, boxes[i], i))
        if asked:
            reasons = ("'Changed' is filled.",)
            return PuzzleResult(puzzle_id, "review", reasons=reasons, reviews=tuple(asked))
        unshown = _unshown_change(page, puzzle_id, reader, boxes, lines, filled, decisions)
        if isinstance(unshown, Review):
            reasons = ("'Changed' is filled.",)
            return PuzzleResult(puzzle_id, "review", reasons=reasons, reviews=(unshown,))
        filled -= unshown
    free = [boxes[i] for i in indexes if i in filled and reader.line(boxes[i]) is None
            and boxes[i].field not in ("impossible", "changed")]  # fmt: skip
    chosen: dict[Line, Box | None] = {}
    reviews: list[Review] = []
    for line, members in lines.items():
        marked = [i for i in members if i in filled]
        if len(marked) <= 1:
            chosen[line] = boxes[marked[0]] if marked else None
            continue
        key = line_key(page, puzzle_id, line)
        decided = decisions.get(key)
        names = {reader.choice(boxes[i]): i for i in marked}
        if decided is not None and decided in names:
            chosen[line] = boxes[names[decided]]
        elif decided == NONE:
            chosen[line] = None
        else:
            region = around([boxes[i] for i in members])
            question = reader.two_marks(line, tuple(names))
            reviews.append(Review(key, page, puzzle_id, question, (*names, NONE), region,
                                  tuple(marked)))  # fmt: skip
    impossible = any(i in filled for i in indexes if boxes[i].field == "impossible")
    answered = bool(free) or any(box is not None for box in chosen.values())
    claim = reader.claim(puzzle_id)
    if impossible and answered and not reviews:
        key = claim_key(page, puzzle_id)
        decided = decisions.get(key)
        if decided == claim.choices[0]:
            answered = False
        elif decided == claim.choices[1]:
            impossible = False
        else:
            region = around(list(boxes.values()))
            question = f"Both '{claim.label}' and {claim.others} are marked. Which is the answer?"
            reviews.append(Review(key, page, puzzle_id, question, claim.choices, region))
    if reviews:
        return PuzzleResult(puzzle_id, "review", reasons=("Two marks where one is allowed.",),
                            reviews=tuple(reviews))  # fmt: skip
    if impossible:
        return _checked(puzzle_id, claim.label, claim.text)
    if not answered:
        return PuzzleResult(puzzle_id, "blank", reasons=("Nothing is marked.",))
    built = reader.build(puzzle_id, chosen, free)
    if built.faults or built.text is None:
        return PuzzleResult(puzzle_id, "wrong", built.shown, built.faults)
    return _checked(puzzle_id, built.shown, built.text)


def _unguarded(
    reader: Reader, box: Box, lines: Mapping[Line, Sequence[int]], filled: set[int]
) -> bool:
    """Whether a crossed-out ``box`` would pass for a mark: no other box of its line can
    show that it was changed (it is in no line, or alone in its line, or the only one
    filled in a line a right answer may leave blank), and it is an answer's box (not
    "Impossible" or "Changed", which the claim's review guards)."""
    if box.field in ("impossible", "changed"):
        return False
    line = reader.line(box)
    if line is None or len(lines.get(line, ())) <= 1:
        return True
    return reader.optional(line) and sum(i in filled for i in lines[line]) == 1


def _unshown_change(
    page: str,
    puzzle_id: str,
    reader: Reader,
    boxes: Mapping[int, Box],
    lines: Mapping[Line, Sequence[int]],
    filled: set[int],
    decisions: Decisions,
) -> Review | set[int]:
    """With "Changed" filled: the boxes the teacher said are crossed out, or the next
    question of which are, when no mark shows what changed: no line is marked twice, no
    box was decided crossed out, and "Impossible" is not marked beside an answer (which
    the claim's review asks about). A mark crossed out and left alone in its line (a
    card's row, and no other row marked) would otherwise count. The teacher names one
    box a question (:func:`changed_key`), and is asked again until they answer
    :data:`NOTHING_CROSSED`; boxes they already called marks are not asked about."""
    answer = [i for i in sorted(filled) if boxes[i].field != "changed"]
    twice = any(sum(i in filled for i in members) > 1 for members in lines.values())
    crossed = any(decisions.get(crossed_key(page, i)) == CROSSED_OUT for i in boxes)
    claimed = any(boxes[i].field == "impossible" for i in answer) and len(answer) > 1
    if twice or crossed or claimed:
        return set()
    named = {reader.describe(boxes[i]): i for i in answer if crossed_key(page, i) not in decisions}
    out: set[int] = set()
    for n in itertools.count(1):
        if not named:
            return out
        key = changed_key(page, puzzle_id, n)
        decided = decisions.get(key)
        if decided == NOTHING_CROSSED:
            return out
        if decided not in named:
            question = (
                "'Changed' is filled, but no mark has another in its place: which is crossed out?"
                if n == 1
                else "'Changed' is filled: is another mark crossed out too?"
            )
            return Review(key, page, puzzle_id, question, (*named, NOTHING_CROSSED),
                          around(list(boxes.values())), tuple(named.values()),
                          changed_key(page, puzzle_id, 1))  # fmt: skip
        out.add(named.pop(decided))
    raise AssertionError("unreachable")


def _crossed_review(page: str, puzzle_id: str, reader: Reader, box: Box, index: int) -> Review:
    """A filled box that may be crossed out, where "Changed" is filled and no other box
    of its line tells."""
    question = f"'Changed' is filled: is this box a mark, or crossed out? ({reader.describe(box)})"
    return Review(crossed_key(page, index), page, puzzle_id, question, (A_MARK, CROSSED_OUT),
                  box.rect, (index,))  # fmt: skip


def _box_review(page: str, puzzle_id: str, reader: Reader, box: Box, index: int) -> Review:
    question = f"Is this box filled? ({reader.describe(box)})"
    return Review(box_key(page, index), page, puzzle_id, question, ("filled", "empty"),
                  box.rect, (index,))  # fmt: skip


def _checked(puzzle_id: str, shown: str, answer: str) -> PuzzleResult:
    """The verdict of the puzzle kind's own check on ``answer`` (an answer it cannot read
    is wrong, for the reason it gives)."""
    try:
        verdict = kind_of(puzzle_id).check(get_puzzle(puzzle_id), answer)
    except ValueError as error:
        return PuzzleResult(puzzle_id, "wrong", shown, (str(error),))
    reasons = tuple(verdict.reasons)
    return PuzzleResult(puzzle_id, "right" if verdict.right else "wrong", shown, reasons)

"""What the results page shows of a grading: the gradebook as a table, the pages not
graded, and what waits for the teacher (each review with its choices, each sheet's name
to type), made from the kept result and the teacher's decisions without reading a page
again (:meth:`grading.sheets.Grading.decide`).

A decision is taken when its key is a sheet's name (any text, the name typed) or a review
the grading would ask with that key left undecided, and the choice is one of that
review's: so a second tab still showing a review already decided may decide it again,
and the last decision counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grading.sheets import Grading

NAME_MOST = 80
"""Characters kept of a typed name."""


def graded(result: dict[str, Any], decisions: dict[str, str]) -> Grading:
    """The grading as the run kept it, with the teacher's decisions applied."""
    from grading.sheets import Grading

    grading = Grading.from_json(result)
    grading.decide(decisions)
    return grading


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class Question:
    """A review as the page asks it."""

    key: str
    puzzle: str
    question: str
    choices: tuple[Choice, ...]
    picture: str
    """The key of the cut-out that shows it, or "" for none."""


@dataclass(frozen=True)
class Cell:
    status: str  # right, wrong, blank, review, or "" for a puzzle not on the sheet
    reasons: str


@dataclass(frozen=True)
class Row:
    """A pupil's sheet: its gradebook cells and what waits for the teacher on it."""

    number: int
    name: str
    name_key: str
    name_picture: bool
    cells: tuple[Cell, ...]
    right: int
    out_of: int
    pages: str
    questions: tuple[Question, ...]


@dataclass(frozen=True)
class Results:
    puzzles: tuple[tuple[str, str], ...]  # (id, title) in the gradebook's order
    rows: tuple[Row, ...]
    right_counts: tuple[int, ...]
    problems: tuple[tuple[str, str], ...]  # (where, why)
    waiting: int  # reviews open
    unnamed: int  # sheets whose name is still to type
    mat: tuple[tuple[str, ...], ...] = ()  # a MAT Successive round's scores: heading, rows

    @property
    def class_size(self) -> int:
        return len(self.rows)


def choice_label(key: str, choice: str) -> str:
    """A choice as its button says it.

    >>> choice_label("k-1:box4", "filled"), choice_label("k-1:3x3-ab:Gg~T:row", "2")
    ('Filled', 'Row 2')
    >>> choice_label("k-1:3x3-ab:Gg~T:column", "none")
    'None: all crossed out'
    >>> choice_label("k-1:3x3-ab:claim", "placements")
    'The places marked'
    >>> choice_label("k-1:nada-ab:nada1", "Bb=S")  # a card's name keeps its case
    'Bb=S'
    >>> choice_label("k-1:4x4-ab:changed-1", "Gg~T, row 3")
    'Gg~T, row 3'
    """
    if choice == "none":
        return "None: all crossed out"
    if choice == "placements":
        return "The places marked"
    line = key.rsplit(":", 1)[-1]
    if choice.isdigit() and line in ("row", "column"):
        return f"{line.capitalize()} {choice}"
    return choice[:1].upper() + choice[1:]  # a card's name keeps its case


def results(grading: Grading, pictures: set[str]) -> Results:
    """The page's view of ``grading``; ``pictures`` are the keys that have a cut-out."""
    from grading.gradebook import puzzle_titles
    from grading.mat_scores import mat_scores, mat_scores_rows

    titles = puzzle_titles(grading)
    puzzles = grading.puzzles
    counts = dict.fromkeys(puzzles, 0)
    rows = []
    for sheet in grading.sheets:
        found = {p.puzzle: p for p in sheet.puzzles}
        cells = []
        for puzzle in puzzles:
            result = found.get(puzzle)
            if result is None:
                cells.append(Cell("", "Not on this sheet's pages."))
                continue
            counts[puzzle] += result.right
            cells.append(Cell(result.status, " ".join(result.reasons)))
        questions = tuple(
            Question(
                review.key,
                titles.get(review.puzzle, review.puzzle),
                review.question,
                tuple(Choice(c, choice_label(review.key, c)) for c in review.choices),
                review.picture_key if review.picture_key in pictures else "",
            )
            for puzzle_result in sheet.puzzles
            for review in puzzle_result.reviews
        )
        pages = "; ".join(sheet.pages[n].where for n in sorted(sheet.pages))
        if sheet.missing:
            pages += f" (page {', '.join(map(str, sheet.missing))} missing)"
        rows.append(
            Row(
                sheet.number,
                sheet.name,
                sheet.name_key,
                sheet.name_key in pictures,
                tuple(cells),
                sheet.right,
                len(sheet.puzzles),
                pages,
                questions,
            )
        )
    return Results(
        tuple((p, titles[p]) for p in puzzles),
        tuple(rows),
        tuple(counts[p] for p in puzzles),
        tuple((p.where, p.problem) for p in grading.problems),
        sum(len(r.questions) for r in rows),
        sum(1 for r in rows if not r.name and r.name_picture),
        mat_table(mat_scores(grading), mat_scores_rows),
    )


def mat_table(scores: Any, rows_of: Any) -> tuple[tuple[str, ...], ...]:
    """A MAT round's scores as the page's table (heading first), or () for worksheets."""
    return () if scores is None else tuple(tuple(row) for row in rows_of(scores))


class Refused(ValueError):
    """A decision that cannot be taken, saying why."""


def checked_decision(
    result: dict[str, Any], decisions: dict[str, str], key: str, choice: str
) -> str:
    """The decision to keep for ``key`` (a typed name tidied), or :class:`Refused`."""
    others = {k: v for k, v in decisions.items() if k != key}
    grading = graded(result, others)
    if key in {sheet.name_key for sheet in grading.sheets}:
        return " ".join(choice.split())[:NAME_MOST]
    for review in grading.reviews:
        if review.key == key:
            if choice in review.choices:
                return choice
            raise Refused(f"'{choice}' is not one of this question's answers.")
    raise Refused(
        "That mark no longer waits for a decision (another decision settled it): reload "
        "the page to see what is left."
    )

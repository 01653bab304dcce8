"""Grading proved on synthetic scans: pupils' answers drawn as hands draw them, printed and
scanned (:mod:`synthetic_scans`), graded, and every box and verdict compared with what the
pupil meant. The accuracy tests and ``benchmarks/bench_grading.py`` share it.

A box is read *right* when it is read filled and was inked, or read empty and was not;
*unclear* when it went to review; *wrong* otherwise, and a wrong box must sit in a puzzle
that waits for review (a mark is never guessed). A teacher who decides each review by
what the pupil meant must then get, for every puzzle, the verdict of checking the meant
answer directly with the puzzle kind's own check.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

import numpy as np
from costly_intents import CostlyIntent, expected_costly_status, random_costly_intent
from mat_intents import MatIntent, digit, random_seconds
from pypdf import PdfReader
from question_intents import QuestionIntent, expected_question_status, random_question_intent
from synthetic_scans import Effects, Intent, Mark, random_effects, random_intent, synthetic_scan

from generator.commands import run
from generator.scan.layout import ATTACHMENT, PageLayout, SheetLayout
from generator.scan.mat_pages import PLACES
from grading.answers import A_MARK, CROSSED_OUT, NONE, NOTHING_CROSSED, reader_for
from grading.mat_answers import TurnResult
from grading.scans import ScanPage
from grading.sheets import Grading, grade
from printables.matrix.puzzles import KIND, get_puzzle
from printables.puzzles import kind_of

SHEETS: tuple[tuple[str, ...], ...] = (
    ("--size", "3x3", "--count", "6", "--seed", "31"),
    ("--size", "4x4", "--count", "4", "--seed", "32", "--paper", "a4"),
    ("--size", "4x5", "--count", "2", "--seed", "33", "--difficulty", "hard"),
    ("--size", "5x5", "--count", "2", "--seed", "34", "--kind", "impossible"),
)
"""The worksheets the trials draw pages from: every size, both papers, sets of every kind."""
QUESTION_SHEETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("nada", ("--question", "most", "--difficulty", "hard", "--count", "2", "--seed", "41")),
    ("poker", ("--question", "rank", "--count", "2", "--seed", "42", "--paper", "a4")),
    ("secret-card", ("--question", "secret", "--count", "2", "--seed", "43")),
    ("cipher", ("--question", "pattern", "--count", "2", "--seed", "44", "--paper", "a4")),
    ("challenge", ("--question", "layout", "--count", "2", "--seed", "45")),
    ("poker", ("--question", "best", "--count", "2", "--seed", "46")),
    ("placement", ("--question", "eighty-one", "--count", "2", "--seed", "47", "--paper", "a4")),
    ("challenge", ("--question", "split", "--count", "2", "--seed", "48")),
)
"""The question kinds' worksheets the question trials draw pages from: every shape of
answer (a choice of one or several, an order, a card built, cards in fields or named,
a grid), both papers."""
COSTLY_SHEETS: tuple[tuple[str, ...], ...] = (
    ("--question", "play", "--count", "3", "--seed", "51"),
    ("--question", "legal", "--cards", "5", "--count", "4", "--seed", "52", "--paper", "a4"),
    ("--question", "winner", "--count", "3", "--seed", "53", "--difficulty", "easy"),
    ("--question", "play", "--cards", "6", "--count", "4", "--seed", "54", "--difficulty",
     "hard", "--paper", "a4"),
)  # fmt: skip
"""The Costly Tricks worksheets the Costly trials draw pages from: every question (a card
and its net in two digit places, several cards, a seat), both papers."""
MAT_KITS: tuple[tuple[str, ...], ...] = (
    ("--players", "3", "--seed", "61"),
    ("--players", "4", "--seed", "62", "--paper", "a4"),
)
"""The MAT Successive kits whose scannable forms the MAT trials draw pages from (three
turns a page, the last page the rest), both papers."""
Family = Literal["matrix", "questions", "costly", "mat"]
"""The pages a trial run draws: Matrix, the question kinds', Costly Tricks' or MAT
Successive forms'."""
AnyIntent = Intent | QuestionIntent | CostlyIntent | MatIntent


@dataclass(frozen=True)
class Printed:
    pdf: bytes
    layout: SheetLayout


@cache
def printed(folder: str, options: tuple[str, ...], kind: str = "matrix") -> Printed:
    """A scannable worksheet of ``kind`` printed into ``folder`` (once a process)."""
    out = Path(folder) / f"trial-{kind}-{'-'.join(options[1::2])}.pdf"
    try:
        with redirect_stdout(io.StringIO()):
            run(["worksheet", kind, "--scannable", *options, "--out", str(out)])
    except SystemExit as done:
        assert done.code in (0, None), done.code
    layout = SheetLayout.from_json(PdfReader(out).attachments[ATTACHMENT][0])
    return Printed(out.read_bytes(), layout)


@cache
def printed_kit(folder: str, options: tuple[str, ...]) -> Printed:
    """A MAT Successive kit's scannable forms printed into ``folder`` (once a process)."""
    out = Path(folder) / f"trial-mat-{'-'.join(options[1::2])}.pdf"
    try:
        with redirect_stdout(io.StringIO()):
            run(["mat-kit", "--variant", "successive", "--scannable", *options, "--out",
                 str(out)])  # fmt: skip
    except SystemExit as done:
        assert done.code in (0, None), done.code
    layout = SheetLayout.from_json(PdfReader(out).attachments[ATTACHMENT][0])
    return Printed(out.read_bytes(), layout)


@dataclass(frozen=True)
class Trial:
    """One synthetic page: the page's layout, the pupil's intents, the effects, the scan
    and the truth of every box drawn in."""

    page: PageLayout
    intents: dict[str, AnyIntent]
    effects: Effects
    image: np.ndarray
    marks: list[Mark]


def trials(folder: str, count: int, seed: int, harsh_share: float = 0.5) -> Iterator[Trial]:
    """``count`` synthetic pages, the same for the same seed: pages of :data:`SHEETS` in
    turn, each puzzle answered by :func:`random_intent`, three stray dots a page, mild or
    (``harsh_share`` of them) harsh effects."""
    rng = np.random.default_rng(seed)
    pages = [(printed(folder, options), page) for options in SHEETS
             for page in printed(folder, options).layout.pages]  # fmt: skip
    for n in range(count):
        sheet, page = pages[n % len(pages)]
        intents = {puzzle: random_intent(puzzle, rng) for puzzle in page.puzzles}
        effects = random_effects(rng, harsh=bool(rng.random() < harsh_share))
        image, marks = synthetic_scan(sheet.pdf, page, intents, effects, rng, strays=3)
        yield Trial(page, intents, effects, image, marks)


def question_trials(
    folder: str, count: int, seed: int, harsh_share: float = 0.5
) -> Iterator[Trial]:
    """:func:`trials` of the question kinds' pages (:data:`QUESTION_SHEETS`), each puzzle
    answered by :func:`question_intents.random_question_intent`."""
    sheets = [(kind, options) for kind, options in QUESTION_SHEETS]
    return _kind_trials(folder, sheets, random_question_intent, count, seed, harsh_share)


def costly_trials(folder: str, count: int, seed: int, harsh_share: float = 0.5) -> Iterator[Trial]:
    """:func:`trials` of Costly Tricks answer pages (:data:`COSTLY_SHEETS`), each problem
    answered by :func:`costly_intents.random_costly_intent`."""
    sheets = [("costly-tricks", options) for options in COSTLY_SHEETS]
    return _kind_trials(folder, sheets, random_costly_intent, count, seed, harsh_share)


def mat_trials(folder: str, count: int, seed: int, harsh_share: float = 0.5) -> Iterator[Trial]:
    """:func:`trials` of MAT Successive forms (:data:`MAT_KITS`), each turn's set answered
    by :func:`random_intent` and its seconds by :func:`mat_intents.random_seconds`."""
    rng = np.random.default_rng(seed)
    pages = [(printed_kit(folder, options), page) for options in MAT_KITS
             for page in printed_kit(folder, options).layout.pages]  # fmt: skip
    for n in range(count):
        sheet, page = pages[n % len(pages)]
        intents: dict[str, AnyIntent] = {
            puzzle: MatIntent(random_intent(puzzle, rng), random_seconds(rng))
            for puzzle in page.puzzles
        }
        effects = random_effects(rng, harsh=bool(rng.random() < harsh_share))
        image, marks = synthetic_scan(sheet.pdf, page, intents, effects, rng, strays=3)
        yield Trial(page, intents, effects, image, marks)


def _kind_trials(
    folder: str,
    sheets: list[tuple[str, tuple[str, ...]]],
    intent: Callable[[str, np.random.Generator], AnyIntent],
    count: int,
    seed: int,
    harsh_share: float,
) -> Iterator[Trial]:
    """``count`` pages of ``sheets`` (kind, options) in turn, each puzzle answered by
    ``intent``, as :func:`trials` draws them."""
    rng = np.random.default_rng(seed)
    pages = [(printed(folder, options, kind), page) for kind, options in sheets
             for page in printed(folder, options, kind).layout.pages]  # fmt: skip
    for n in range(count):
        sheet, page = pages[n % len(pages)]
        intents = {puzzle: intent(puzzle, rng) for puzzle in page.puzzles}
        effects = random_effects(rng, harsh=bool(rng.random() < harsh_share))
        image, marks = synthetic_scan(sheet.pdf, page, intents, effects, rng, strays=3)
        yield Trial(page, intents, effects, image, marks)


@dataclass
class Tally:
    """What the trials found."""

    pages: int = 0
    pages_refused: list[str] = field(default_factory=list)
    boxes: Counter[str] = field(default_factory=Counter)  # right, unclear, wrong, wrong-unsent
    puzzles: Counter[str] = field(default_factory=Counter)  # graded, reviewed, mismatched
    mismatches: list[str] = field(default_factory=list)

    @property
    def read_right(self) -> float:
        total = sum(self.boxes.values())
        return self.boxes["right"] / total if total else 1.0

    def add(self, other: Tally) -> None:
        self.pages += other.pages
        self.pages_refused += other.pages_refused
        self.boxes.update(other.boxes)
        self.puzzles.update(other.puzzles)
        self.mismatches += other.mismatches

    def summary(self) -> str:
        total = sum(self.boxes.values())
        return (f"{self.pages} pages ({len(self.pages_refused)} refused), {total:,} boxes: "
                f"{self.read_right:.4%} read right, {self.boxes['unclear']} unclear (to "
                f"review), {self.boxes['wrong']} read wrong, all sent to review: "
                f"{self.boxes['wrong-unsent'] == 0}; {self.puzzles['graded']} puzzles, "
                f"{self.puzzles['reviewed']} with a review, {self.puzzles['mismatched']} "
                f"verdicts unlike the meant answer's")  # fmt: skip


def expected_status(puzzle_id: str, intent: AnyIntent) -> str:
    """The verdict of the meant answer, checked directly by the puzzle kind's check."""
    if isinstance(intent, QuestionIntent):
        return expected_question_status(puzzle_id, intent)
    if isinstance(intent, CostlyIntent):
        return expected_costly_status(puzzle_id, intent)
    if isinstance(intent, MatIntent):
        intent = intent.turn
    answer = intent.answer
    if answer is None:
        return "blank"
    puzzle = get_puzzle(puzzle_id)
    if isinstance(answer, str):
        return "right" if KIND.check(puzzle, "impossible").right else "wrong"
    if len(answer) < len(puzzle.cards) or len(set(answer.values())) < len(answer):
        return "wrong"
    grid = {place: card for card, place in answer.items()}
    text = "\n".join(" ".join(grid[(r, c)] for c in range(1, puzzle.cols + 1))
                     for r in range(1, puzzle.rows + 1))  # fmt: skip
    return "right" if KIND.check(puzzle, text).right else "wrong"


def teachers_decisions(grading: Grading, trial: Trial, key: str) -> dict[str, str]:
    """Each open review decided as the pupil meant it."""
    inked = {m.box for m in trial.marks if m.ink}
    counts = {m.box for m in trial.marks if m.counts}
    decisions: dict[str, str] = {}
    for review in grading.reviews:
        reader = reader_for(kind_of(review.puzzle).key)
        asked = trial.intents.get(review.puzzle)
        if (
            isinstance(asked, MatIntent)
            and ":seconds:" in review.key
            and review.key.endswith(":unmarked")
        ):
            place = next(p for p, label, _ in PLACES if f":seconds:{label}:" in review.key)
            decisions[review.key] = (
                NONE if asked.seconds is None else str(digit(asked.seconds, place))
            )
        elif re.search(r":changed-\d+$", review.key):  # which mark, crossed out, is alone
            out = [reader.describe(trial.page.boxes[i]) for i in review.boxes
                   if i in inked and i not in counts]  # fmt: skip
            decisions[review.key] = out[0] if out else NOTHING_CROSSED
        elif review.key.endswith(":crossed"):
            (index,) = review.boxes
            decisions[review.key] = A_MARK if index in counts else CROSSED_OUT
        elif review.key.startswith(f"{key}:box"):
            (index,) = review.boxes
            decisions[review.key] = "filled" if index in inked else "empty"
        elif review.key.endswith(":claim"):
            nothing, others = reader.claim(review.puzzle).choices
            meant_nothing = any(trial.page.boxes[i].field == "impossible" for i in counts
                                if trial.page.boxes[i].puzzle == review.puzzle)  # fmt: skip
            decisions[review.key] = nothing if meant_nothing else others
        else:
            meant = [reader.choice(trial.page.boxes[i]) for i in review.boxes if i in counts]
            decisions[review.key] = meant[0] if meant else NONE
    return decisions


def judge(trial: Trial, key: str = "trial") -> Tally:
    """One trial graded and compared with the truth."""
    tally = Tally(pages=1)
    graded = grade([ScanPage("trial.png", 1, key, trial.image)])
    if not graded.sheets:
        tally.pages_refused += [p.problem for p in graded.problems]
        return tally
    (page,) = graded.sheets[0].pages.values()
    inked = {m.box for m in trial.marks if m.ink}
    in_review = {p.puzzle for p in page.puzzles if p.status == "review"}
    for read in page.reads:
        meant = read.index in inked
        if read.state == "unclear":
            tally.boxes["unclear"] += 1
        elif (read.state == "filled") == meant:
            tally.boxes["right"] += 1
        else:
            tally.boxes["wrong"] += 1
            if trial.page.boxes[read.index].puzzle not in in_review:
                tally.boxes["wrong-unsent"] += 1
    for _ in range(6):  # a decision may raise the next (a box filled: two rows; changed-2)
        if not graded.reviews:
            break
        graded.decide(teachers_decisions(graded, trial, key))
    for result in graded.sheets[0].puzzles:
        tally.puzzles["graded"] += 1
        tally.puzzles["reviewed"] += result.puzzle in in_review
        intent = trial.intents[result.puzzle]
        want = expected_status(result.puzzle, intent)
        seconds = result.seconds if isinstance(result, TurnResult) else None
        if isinstance(intent, MatIntent) and seconds != intent.seconds:  # judged as marked
            tally.puzzles["mismatched"] += 1
            tally.mismatches.append(f"{result.puzzle} {intent.case}: seconds read {seconds}")
        if result.status != want:
            tally.puzzles["mismatched"] += 1
            tally.mismatches.append(f"{result.puzzle} {trial.intents[result.puzzle].case}: "
                                    f"{result.status}, meant {want} {result.reasons}")  # fmt: skip
    return tally


def run_trials(
    folder: str,
    count: int,
    seed: int,
    harsh_share: float = 0.5,
    questions: bool = False,
    family: Family | None = None,
) -> Tally:
    """``count`` trials judged, tallied: of Matrix pages, of the question kinds'
    (``questions``, or ``family="questions"``), of Costly Tricks' (``family="costly"``)
    or of MAT Successive forms (``family="mat"``: each turn's seconds must be read as
    marked, too)."""
    family = family or ("questions" if questions else "matrix")
    made = {"matrix": trials, "questions": question_trials, "costly": costly_trials,
            "mat": mat_trials}[family]  # fmt: skip
    total = Tally()
    for n, trial in enumerate(made(folder, count, seed, harsh_share)):
        total.add(judge(trial, f"trial{seed}-{n}"))
    return total

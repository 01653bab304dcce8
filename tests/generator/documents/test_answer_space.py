"""Every answer line holds the longest right answer, written by hand at 5 mm a character.

For each question kind and each of its questions, the longest right answer to one answer
line is found from the kind's own answers (puzzles at every level; an answer of several
lines, such as nadas, is split at its " / "), and a worksheet of those puzzles is read back:
each labelled line (poppler's word for the label, pdfium's rule after it) and the lines
that follow it below, from the column's left, must together be 5 mm a character long."""

from __future__ import annotations

from functools import cache

import pytest
from pdf_probe import Drawn, Word, drawn_paths, words

from generator.documents.worksheet import WorksheetOptions, make_worksheet
from generator.draw.layout import PAPERS
from printables.cards.wording import signed
from printables.paradox.problems import KIND as COSTLY
from printables.paradox.problems import Problem
from printables.paradox.tricks import SEATS, legal_cards, winner
from printables.paradox.wording import side_name
from printables.questions.base import Question, question_kinds

HAND = 5.0
"""mm a character takes written by hand."""
MM = 72 / 25.4
LINE_STEP = 8.0
"""mm between answer lines."""
LEVELS = ("easy", "medium", "hard")
EACH = 6
"""Puzzles a level."""

CASES = [
    pytest.param(key, question, id=f"{key}-{question}")
    for key, kind in question_kinds().items()
    for question in kind.questions.values()
]


@cache
def puzzles(key: str, question: str) -> tuple[Question, ...]:
    kind = question_kinds()[key]
    choices = [kind.choices(question=question, level=level) for level in LEVELS]
    return tuple(kind.get(i) for chosen in choices for i in kind.ids(EACH, 50, chosen))


def longest_answer(found: tuple[Question, ...]) -> str:
    """The longest right answer to one answer line, over the puzzles."""
    parts = [part for p in found if p.answer_fields for part in p.answer.split(" / ")]
    return max(parts, key=len)


def spaces(page: list[Word], drawn: list[Drawn], labels: set[str]) -> list[tuple[str, float]]:
    """Each answer label on a page and the length of its lines, in mm: the rule after the
    label, and the rules below it at the answer lines' step that start at the label's left."""
    rules = [d for d in drawn if d.fill is None and d.y1 - d.y0 < 0.6 and d.x1 - d.x0 > 3.0]
    found = []
    for k, word in enumerate(page):
        ends = [label for label in labels if label.endswith(word.text)]
        label = next((lb for lb in ends if _text_before(page, k, lb)), None)
        if label is None:
            continue
        first = page[k - len(label.split()) + 1]
        base = word.y1 / MM
        after = [r for r in rules if abs((r.y0 + r.y1) / 2 - base) < 2.0
                 and 0 <= r.x0 - word.x1 / MM < 3.0]  # fmt: skip
        assert len(after) == 1, f"no line after {label!r}"
        length, y = after[0].x1 - after[0].x0, (after[0].y0 + after[0].y1) / 2
        while True:
            below = [r for r in rules if abs((r.y0 + r.y1) / 2 - y - LINE_STEP) < 0.5
                     and abs(r.x0 - first.x0 / MM) < 0.5]  # fmt: skip
            if not below:
                break
            length += below[0].x1 - below[0].x0
            y += LINE_STEP
        found.append((label, length))
    return found


def _text_before(page: list[Word], k: int, label: str) -> bool:
    """Whether the words up to ``page[k]`` read ``label``."""
    parts = label.split()
    return k + 1 >= len(parts) and [w.text for w in page[k + 1 - len(parts) : k + 1]] == parts


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("key", "question"), CASES)
def test_every_answer_line_holds_the_longest_right_answer(
    key: str, question: str, paper: str
) -> None:
    found = puzzles(key, question)
    labels = {field for p in found for field in p.answer_fields if field}
    if not labels:  # a layout: a grid of boxes, a card's name each (test_worksheet's)
        assert all(p.answer_grid != (0, 0) for p in found)
        return
    answer = longest_answer(found)
    printed = make_worksheet(list(found), WorksheetOptions(PAPERS[paper], "http://192.0.2.1"),
                             key_apart=True)  # fmt: skip
    measured = [space for page, drawn in zip(words(printed.pdf), drawn_paths(printed.pdf),
                                             strict=True)
                for space in spaces(page, drawn, labels)]  # fmt: skip
    assert len(measured) >= len(found)  # every puzzle's lines were found
    label, shortest = min(measured, key=lambda space: space[1])
    assert shortest >= HAND * len(answer), (
        f"{key} {question}: {label!r} has {shortest:.0f} mm of line, and {answer!r} takes "
        f"{HAND * len(answer):.0f} mm by hand"
    )


# -- Costly Tricks problems ------------------------------------------------------------------

WHOLE_HAND = "R10 G10 P10 B10 R9 G9"
"""The longest "which cards may he play" answer there can be: six cards, the four 10s
among them."""


def costly_answers(problem: Problem) -> dict[str, str]:
    """The right answer a pupil writes on each labelled line of a Costly Tricks problem."""
    position = problem.position
    if problem.question == "legal":
        allowed = legal_cards(position.hands[problem.seat], position.trick)
        return {"Cards:": " ".join(str(card) for card in allowed)}
    if problem.question == "winner":
        return {"Winner:": SEATS[winner(position.leader, problem.trick)]}
    assert problem.solution is not None
    return {"Card:": str(problem.best()[0]),
            f"Net for {side_name(problem.seat)}:": signed(problem.solution.net)}  # fmt: skip


@cache
def problems(question: str) -> tuple[Problem, ...]:
    cards = "3" if question == "play" else "6"  # a play's card and net are as long at 3 cards
    choices = [COSTLY.choices(question=question, cards=cards, level=level) for level in LEVELS]
    return tuple(COSTLY.get(i) for chosen in choices for i in COSTLY.ids(EACH, 50, chosen))


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("question", ["play", "legal", "winner"])
def test_every_costly_tricks_answer_line_holds_its_longest_right_answer(
    question: str, paper: str
) -> None:
    found = problems(question)
    longest: dict[str, str] = {}
    for problem in found:
        for label, answer in costly_answers(problem).items():
            longest[label] = max(longest.get(label, ""), answer, key=len)
    if question == "legal":
        assert len(longest["Cards:"].split()) >= 5  # the problems hold long answers
        longest["Cards:"] = max(longest["Cards:"], WHOLE_HAND, key=len)
    printed = make_worksheet(list(found), WorksheetOptions(PAPERS[paper], "http://192.0.2.1"),
                             key_apart=True)  # fmt: skip
    measured = [space for page, drawn in zip(words(printed.pdf), drawn_paths(printed.pdf),
                                             strict=True)
                for space in spaces(page, drawn, set(longest))]  # fmt: skip
    assert len(measured) == sum(len(costly_answers(p)) for p in found)  # every line found
    for label, length in measured:
        answer = longest[label]
        assert length >= HAND * len(answer), (
            f"Costly Tricks {question}: {label!r} has {length:.0f} mm of line, and {answer!r} "
            f"takes {HAND * len(answer):.0f} mm by hand"
        )

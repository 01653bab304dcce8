"""What a pupil means on a question puzzle's answer area (nada, poker, placement, secret
card, cipher, challenge), for the synthetic scans (:mod:`synthetic_scans`) and the
grading trials (:mod:`grading_trials`): an answer written as a pupil writes it, and the
answer first marked and then crossed out.

Test modules import it as ``question_intents`` (``tests/support/`` is on pytest's
``pythonpath``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
from scan_support import question_boxes, question_of

from generator.scan.layout import PageLayout
from generator.scan.question_shape import shape_of
from printables.puzzles import kind_of
from printables.questions.base import Question

QuestionCase = Literal["right", "wrong", "blank", "changed"]
QUESTION_CASES: tuple[QuestionCase, ...] = ("right", "wrong", "blank", "changed")


@dataclass(frozen=True)
class QuestionIntent:
    """One question puzzle as a pupil answers it: the answer meant, as written (None:
    left blank); the answer first marked, whose boxes the meant answer does not also
    fill are crossed out (and the puzzle's Changed box filled), "" for none; which case
    this is, and whether the answer meant is right."""

    answer: str | None
    crossed: str = ""
    case: QuestionCase = "right"
    right: bool = True


def wrong_answer(puzzle: Question) -> str:
    """An answer the kind's check judges wrong, in the puzzle's own shape."""
    right = puzzle.answer.strip()
    nothing = not right or right.lower() == puzzle.nothing.lower()
    shape = shape_of(puzzle)
    cards = [str(c) for c in puzzle.answer_cards]
    if shape == "choice":
        if puzzle.several and not nothing and len(right.split()) > 1:
            return " ".join(right.split()[:-1])
        return next(o for o in puzzle.options if o != right and o != puzzle.nothing)
    if shape == "order":
        words = right.split()
        return " ".join([words[1], words[0], *words[2:]])
    if shape == "card":
        return next(c for c in "BGR" if c != right[0]) + right[1:]
    if shape == "grid":
        rows = [row.split() for row in right.split("/")]
        rows[0][0], rows[0][1] = rows[0][1], rows[0][0]
        rows[0][0], rows[-1][-1] = rows[-1][-1], rows[0][0]
        return " / ".join(" ".join(row) for row in rows)
    if nothing:
        return cards[0]
    words = right.replace("/", " ").split()
    if len(words) == 1:
        return next(c for c in cards if c != right)
    return right[: right.rindex(" ")]


def first_marked(puzzle: Question) -> str:
    """A wrong answer a pupil marks first and then crosses out, some box of which the
    right answer leaves empty (where several may be marked: the right answer and one
    more)."""
    wrong = wrong_answer(puzzle)
    right = puzzle.answer.replace("/", " ").split()
    if puzzle.several and set(wrong.split()) <= set(right):
        named = puzzle.options or tuple(str(c) for c in puzzle.answer_cards)
        extra = next(x for x in named if x not in right and x != puzzle.nothing)
        return f"{wrong} {extra}".strip()
    return wrong


def random_question_intent(
    puzzle_id: str, rng: np.random.Generator, case: QuestionCase | None = None
) -> QuestionIntent:
    """A pupil's answer to one question, of ``case`` (by default one drawn: mostly
    right): ``right``; ``wrong`` (:func:`wrong_answer`); ``blank``; ``changed`` (the right
    answer, a wrong one first marked and crossed out)."""
    if case is None:
        weights = np.array([0.45, 0.2, 0.1, 0.25])
        case = QUESTION_CASES[int(rng.choice(len(QUESTION_CASES), p=weights / weights.sum()))]
    puzzle = question_of(puzzle_id)
    if case == "blank":
        return QuestionIntent(None, case="blank", right=False)
    if case == "wrong":
        return QuestionIntent(wrong_answer(puzzle), case="wrong", right=False)
    if case == "changed":
        return QuestionIntent(puzzle.answer, first_marked(puzzle), "changed")
    return QuestionIntent(puzzle.answer)


def question_intent_boxes(
    page: PageLayout, puzzle: str, intent: QuestionIntent
) -> tuple[set[int], set[int]]:
    """(boxes meant filled, boxes crossed out) for one question puzzle's ``intent``."""
    if intent.answer is None:
        return set(), set()
    filled = set(question_boxes(page, {puzzle: intent.answer}))
    crossed: set[int] = set()
    if intent.crossed:
        crossed = set(question_boxes(page, {puzzle: intent.crossed})) - filled
        if crossed:
            filled |= {i for i, b in enumerate(page.boxes)
                       if b.puzzle == puzzle and b.field == "changed"}  # fmt: skip
    return filled, crossed


def expected_question_status(puzzle_id: str, intent: QuestionIntent) -> str:
    """The verdict of the meant answer, checked directly by the kind's own check (an
    answer it cannot read is wrong)."""
    if intent.answer is None:
        return "blank"
    try:
        verdict = kind_of(puzzle_id).check(question_of(puzzle_id), intent.answer)
    except ValueError:
        return "wrong"
    return "right" if verdict.right else "wrong"

"""What a pupil means on a Costly Tricks problem's answer area (play, legal, winner), for
the synthetic scans (:mod:`synthetic_scans`) and the grading trials (:mod:`grading_trials`):
an answer written as a pupil writes it for the kind's own check (``R5 +4`` or ``R5``,
``R5 B3``, ``B's ghost``), the boxes that answer fills
(:mod:`generator.scan.costly_area`), and the answer first marked and then crossed out.

Test modules import it as ``costly_intents`` (``tests/support/`` is on pytest's
``pythonpath``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from generator.scan.costly_area import net_places, seat_cards
from generator.scan.layout import Box, PageLayout
from printables.paradox.problems import KIND, Problem
from printables.paradox.tricks import SEATS

CostlyCase = Literal["right", "wrong", "blank", "changed"]
COSTLY_CASES: tuple[CostlyCase, ...] = ("right", "wrong", "blank", "changed")


@dataclass(frozen=True)
class CostlyIntent:
    """One Costly Tricks problem as a pupil answers it: the answer meant, as written (None:
    left blank); the answer first marked, whose boxes the meant answer does not also fill
    are crossed out (and the problem's Changed box filled), "" for none; which case this
    is, and whether the answer meant is right."""

    answer: str | None
    crossed: str = ""
    case: CostlyCase = "right"
    right: bool = True


def right_answer(problem: Problem, rng: np.random.Generator) -> str:
    """The key's answer from the kind's own describe: the best card and its net (now and
    then the card alone, which the check also takes), the legal cards, the winning seat."""
    key = KIND.describe(problem)
    if problem.question == "play":
        return key["best"] if rng.random() < 0.2 else f"{key['best']} {key['net']:+d}"
    if problem.question == "legal":
        return " ".join(key["answer"])
    return SEATS[key["answer"]]


def wrong_answer(problem: Problem, rng: np.random.Generator) -> str:
    """An answer the kind's check judges wrong, that the area can hold: a worse card, or
    the best card with a net one nearer 0 (or +1 for a net of 0: always within the digit
    boxes); the legal cards and one that may not be played (or one fewer, when every card
    may be); another seat."""
    key = KIND.describe(problem)
    hand = [str(c) for c in seat_cards(problem)]
    if problem.question == "play":
        assert problem.solution is not None
        worse = [str(c) for c, v in problem.solution.cards.items() if v < problem.solution.net]
        if worse and rng.random() < 0.5:
            return worse[int(rng.integers(len(worse)))]
        net = key["net"]
        return f"{key['best']} {net - 1 if net > 0 else net + 1:+d}"
    if problem.question == "legal":
        legal = list(key["answer"])
        illegal = [c for c in hand if c not in legal]
        if illegal:
            return " ".join([*legal, illegal[int(rng.integers(len(illegal)))]])
        return " ".join(legal[:-1])
    others = [s for k, s in enumerate(SEATS) if k != key["answer"]]
    return others[int(rng.integers(len(others)))]


def random_costly_intent(
    puzzle_id: str, rng: np.random.Generator, case: CostlyCase | None = None
) -> CostlyIntent:
    """A pupil's answer to one problem, of ``case`` (by default one drawn: mostly right):
    ``right`` (:func:`right_answer`); ``wrong`` (:func:`wrong_answer`); ``blank``;
    ``changed`` (the right answer, a wrong one first marked and crossed out)."""
    if case is None:
        weights = np.array([0.45, 0.2, 0.1, 0.25])
        case = COSTLY_CASES[int(rng.choice(len(COSTLY_CASES), p=weights / weights.sum()))]
    problem = KIND.get(puzzle_id)
    if case == "blank":
        return CostlyIntent(None, case="blank", right=False)
    if case == "wrong":
        return CostlyIntent(wrong_answer(problem, rng), case="wrong", right=False)
    right = right_answer(problem, rng)
    if case == "changed":
        return CostlyIntent(right, wrong_answer(problem, rng), "changed")
    return CostlyIntent(right)


def _boxes(page: PageLayout, puzzle: str) -> list[tuple[int, Box]]:
    return [(i, b) for i, b in enumerate(page.boxes) if b.kind == "mark" and b.puzzle == puzzle]


def answer_boxes(page: PageLayout, puzzle: str, answer: str) -> set[int]:
    """The boxes of ``puzzle`` that ``answer`` (as :func:`right_answer` writes it) fills:
    the card's, the sign's and the net's digits right-aligned in its places (a blank
    leading place reads as 0, as a pupil writes ``4`` and not ``04``); each legal card's;
    the seat's. Raises ValueError for an answer the area has no boxes for."""
    problem = KIND.get(puzzle)
    boxes = _boxes(page, puzzle)
    words = answer.split()
    if problem.question == "winner":
        wanted = [i for i, b in boxes if b.field == "choice" and b.option == answer]
    elif problem.question == "legal":
        wanted = [i for i, b in boxes if b.field == "member" and b.card in words]
        if len(wanted) != len(words):
            raise ValueError(f"{answer!r}: not every card has a box")
        return set(wanted)
    else:
        wanted = [i for i, b in boxes if b.field == "choice" and b.card == words[0]]
        if len(words) == 2:
            sign, digits = words[1][0], words[1][1:]
            places = net_places(problem)
            if len(digits) > len(places):
                raise ValueError(f"{answer!r}: the net has more digits than places")
            wanted += [i for i, b in boxes if b.field == "sign" and b.option == sign]
            first = len(places) - len(digits)
            for (place, _, _), digit in zip(places[first:], digits, strict=True):
                wanted += [i for i, b in boxes if b.field == "digit" and b.place == place
                           and b.value == int(digit)]  # fmt: skip
            if len(wanted) != 2 + len(digits):
                raise ValueError(f"{answer!r}: not every mark has a box")
            return set(wanted)
    if len(wanted) != 1:
        raise ValueError(f"{answer!r}: no box for it")
    return set(wanted)


def costly_intent_boxes(
    page: PageLayout, puzzle: str, intent: CostlyIntent
) -> tuple[set[int], set[int]]:
    """(boxes meant filled, boxes crossed out) for one problem's ``intent``."""
    if intent.answer is None:
        return set(), set()
    filled = answer_boxes(page, puzzle, intent.answer)
    crossed: set[int] = set()
    if intent.crossed:
        crossed = answer_boxes(page, puzzle, intent.crossed) - filled
        if crossed:
            filled |= {i for i, b in _boxes(page, puzzle) if b.field == "changed"}
    return filled, crossed


def expected_costly_status(puzzle_id: str, intent: CostlyIntent) -> str:
    """The verdict of the meant answer, checked directly by the kind's own check (an
    answer it cannot read is wrong)."""
    if intent.answer is None:
        return "blank"
    try:
        verdict = KIND.check(KIND.get(puzzle_id), intent.answer)
    except ValueError:
        return "wrong"
    return "right" if verdict.right else "wrong"

"""What a player means on a turn of a MAT Successive form (``printables mat-kit --variant
successive --scannable``), for the synthetic scans (:mod:`synthetic_scans`) and the grading
trials (:mod:`grading_trials`): the set's answer as on any Matrix page
(:func:`synthetic_scans.random_intent`) and the seconds at which the hand went up, marked
as the form asks (a digit in each of its three places: 95 s is 0, 9, 5).

Test modules import it as ``mat_intents`` (``tests/support/`` is on pytest's
``pythonpath``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from generator.scan.layout import PageLayout
from generator.scan.mat_pages import PLACES

if TYPE_CHECKING:
    from synthetic_scans import Intent


@dataclass(frozen=True)
class MatIntent:
    """One turn as a player answers it: the set's answer (a Matrix intent) and the
    seconds marked (None: no time marked)."""

    turn: Intent
    seconds: int | None

    @property
    def case(self) -> str:
        """The turn's case (:data:`synthetic_scans.CASES`) and the seconds meant."""
        return f"{self.turn.case}, {self.seconds} s"


def random_seconds(rng: np.random.Generator) -> int | None:
    """Seconds a player marks: none now and then, else 0 to 600 (the book's limit)."""
    return None if rng.random() < 0.1 else int(rng.integers(0, 601))


def digit(seconds: int, place: int) -> int:
    """The digit of ``seconds`` in ``place`` (1 the hundreds)."""
    return int(f"{seconds:0{len(PLACES)}d}"[place - 1])


def seconds_boxes(page: PageLayout, puzzle: str, seconds: int | None) -> set[int]:
    """The digit boxes of ``puzzle``'s turn that ``seconds`` fills: one in every place."""
    if seconds is None:
        return set()
    found = {i for i, b in enumerate(page.boxes)
             if b.puzzle == puzzle and b.field == "digit" and b.place is not None
             and b.value == digit(seconds, b.place)}  # fmt: skip
    if len(found) != len(PLACES):
        raise ValueError(f"{seconds} s: not every digit has a box")
    return found

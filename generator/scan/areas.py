"""Answer areas: what each puzzle kind prints on an answer page for a pupil to mark, one
module a kind, found here by the puzzle's kind.

An area is drawn from its top-left corner and its width alone (so a page's boxes can be
drawn again from its code), records every box it draws in the page's layout, and says
beforehand how tall it will be (so answer pages are filled without splitting an area).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from generator.documents.document import Document
from generator.scan.layout import PageLayout
from printables.puzzles import kind_of

AREAS: dict[str, str] = {
    "matrix": "generator.scan.matrix_area:MatrixArea",
    "costly-tricks": "generator.scan.costly_area:CostlyArea",
    **{
        kind: "generator.scan.question_area:QuestionArea"
        for kind in ("nada", "poker", "placement", "secret-card", "cipher", "challenge")
    },
}
"""Each scannable puzzle kind's area: where it lives (imported when a sheet needs it)."""
SCANNABLE = tuple(AREAS)
"""The kinds whose worksheets can be scannable."""


class Area(Protocol):
    """One puzzle's answer area."""

    def height(self, width: float) -> float:
        """The room (mm) :meth:`draw` takes, ``width`` mm wide."""
        ...

    def draw(
        self, doc: Document, page: PageLayout, number: int, x: float, y: float, width: float
    ) -> float:
        """The area of puzzle ``number`` (as numbered on the sheet), top-left at (x, y),
        ``width`` mm wide, its boxes recorded in ``page``; returns the height used."""
        ...


def area_for(puzzle: Any) -> Area:
    """``puzzle``'s answer area; a kind without one is refused (ValueError)."""
    kind = kind_of(puzzle.id).key
    if kind not in AREAS:
        raise ValueError(f"{kind} puzzles have no answer area to scan yet")
    module, name = AREAS[kind].split(":")
    area: Area = getattr(import_module(module), name)(puzzle)
    return area

"""Answer areas: what each puzzle kind prints on an answer page for a pupil to mark, one
module a kind, found here by the puzzle's kind.

An area is drawn from its top-left corner and its width alone (so a page's boxes can be
drawn again from its code), records every box it draws in the page's layout, and says
beforehand how tall it will be (so answer pages are filled without splitting an area).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any, Protocol

from generator.documents.document import Document
from generator.scan.layout import PageLayout
from printables.puzzles import kind_of

AREAS: dict[str, str] = {
    "matrix": "generator.scan.matrix_area",
    "costly-tricks": "generator.scan.costly_area",
    **{
        kind: "generator.scan.question_area"
        for kind in ("nada", "poker", "placement", "secret-card", "cipher", "challenge")
    },
}
"""Each scannable puzzle kind's area: the module that draws it (imported when a sheet
needs it), with ``area_height(puzzle, width)`` and ``draw_area(doc, page, puzzle,
number, x, y, width)``."""
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
    return _ModuleArea(import_module(AREAS[kind]), puzzle)


class _ModuleArea:
    """A puzzle's area drawn by its kind's module (:data:`AREAS`)."""

    def __init__(self, module: ModuleType, puzzle: Any) -> None:
        self.module, self.puzzle = module, puzzle

    def height(self, width: float) -> float:
        return float(self.module.area_height(self.puzzle, width))

    def draw(
        self, doc: Document, page: PageLayout, number: int, x: float, y: float, width: float
    ) -> float:
        return float(self.module.draw_area(doc, page, self.puzzle, number, x, y, width))

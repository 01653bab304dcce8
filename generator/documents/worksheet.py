"""Worksheets: puzzles to solve on paper, then their answer key on separate pages.

Each puzzle is printed by its kind's design (:data:`PUZZLE_DESIGNS`): its cards (Matrix:
small real cards with their names; Costly Tricks: the hands as a bridge diagram), room for
the answer, its id and a QR code of its checking page (``<base-url>/check/<id>``). The
answer key starts on a new page, so a teacher can print the puzzles alone (``--no-key``)
or tear the key off.

Adding a kind's worksheet is one blocks module and one line in :data:`PUZZLE_DESIGNS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.documents import costly_tricks_blocks, matrix_blocks
from generator.documents.blocks import PuzzleDesign, check_url, id_list
from generator.documents.document import Document
from generator.draw.layout import Size
from printables.puzzles import kind_of

DEFAULT_BASE_URL = "http://localhost:5000"
"""Where the checking pages are served by default (``printables serve`` on this computer);
pass the address students can reach instead."""

PUZZLE_DESIGNS: dict[str, PuzzleDesign] = {
    "matrix": matrix_blocks.DESIGN,
    "costly-tricks": costly_tricks_blocks.DESIGN,
}
"""How each puzzle kind is printed, by kind key."""


@dataclass(frozen=True)
class WorksheetOptions:
    """What a teacher chooses when printing a worksheet (the title defaults to the kind's:
    "Matrix puzzles")."""

    paper: Size
    base_url: str = DEFAULT_BASE_URL
    key: bool = True
    title: str = ""


def worksheet_pdf(puzzles: Sequence[Any], options: WorksheetOptions) -> bytes:
    """The worksheet (and, unless ``options.key`` is off, its answer key) as a PDF; every
    puzzle of one kind."""
    if not puzzles:
        raise ValueError("a worksheet needs at least one puzzle")
    kinds = {kind_of(p.id).key for p in puzzles}
    if len(kinds) != 1:
        raise ValueError(f"a worksheet holds puzzles of one kind, not {sorted(kinds)}")
    design = PUZZLE_DESIGNS[kinds.pop()]
    title = options.title or design.title
    sizes = sorted({p.size_text for p in puzzles})
    doc = Document(
        options.paper,
        f"{title} ({', '.join(sizes)})",
        subject=design.subject,
        footer=f"{title}: {id_list(puzzles, 4)}",
    )
    doc.new_page(title)
    doc.text("Name: ______________________________    Date: ______________", size=11)
    doc.y += 2.0
    doc.text(design.instructions(puzzles[0]), size=10)
    doc.y += 4.0
    for number, puzzle in enumerate(puzzles, 1):
        doc.ensure(design.height(doc, puzzle), f"{title} (continued)")
        design.draw(doc, puzzle, number, check_url(options.base_url, puzzle.id))
    if options.key:
        doc.new_page(f"Answer key: {title}", note="For the teacher.")
        for number, puzzle in enumerate(puzzles, 1):
            doc.ensure(design.key_height(puzzle, doc.width), f"Answer key: {title} (continued)")
            design.draw_key(doc, puzzle, f"Puzzle {number}")
    return doc.finish()

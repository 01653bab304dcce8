"""Matrix worksheets: puzzles to solve on paper, then their answer key on separate pages.

Each puzzle shows its cards as small real cards with their names, an empty grid to
write the answer in, a box to tick for "impossible", the puzzle's id and a QR code of
its checking page (``<base-url>/check/<id>``). The answer key starts on a new page, so
a teacher can print the puzzles alone (``--no-key``) or tear the key off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.document import Document
from generator.layout import Size
from generator.puzzle_pages import (
    QR_BLOCK,
    QR_SIZE,
    cards_height,
    draw_answer_grid,
    draw_cards,
    draw_key,
    draw_qr,
    grid_size,
    id_list,
    key_height,
)
from printables.matrix.puzzles import Puzzle

DEFAULT_BASE_URL = "http://localhost:5000"
"""Where the checking pages are served by default (``printables serve`` on this computer);
pass the address students can reach instead."""


@dataclass(frozen=True)
class WorksheetOptions:
    """What a teacher chooses when printing a worksheet."""

    paper: Size
    base_url: str = DEFAULT_BASE_URL
    key: bool = True
    title: str = "Matrix puzzles"


def check_url(base_url: str, puzzle_id: str) -> str:
    """The checking page of a puzzle.

    >>> check_url("http://10.0.0.5:5000/", "3x3-se-7")
    'http://10.0.0.5:5000/check/3x3-se-7'
    """
    return f"{base_url.rstrip('/')}/check/{puzzle_id}"


def instructions(rows: int, cols: int) -> str:
    return (
        f"Arrange the cards in {rows} rows and {cols} columns so that every row and every "
        "column shares at least one value (a color, shade, pattern or shape). Write the "
        "card names in the grid. If the set cannot be solved, tick Impossible and be ready "
        "to say why."
    )


def _puzzle_height(doc: Document, puzzle: Puzzle) -> float:
    side = max(grid_size(puzzle.rows, puzzle.cols)[1], QR_BLOCK)
    return 7.0 + cards_height(len(puzzle.cards), doc.width) + 3.0 + side + 7.0


def _draw_puzzle(doc: Document, puzzle: Puzzle, number: int, options: WorksheetOptions) -> None:
    top = doc.y
    doc.text_at(doc.left, top + 5.0, f"Puzzle {number}", size=13, bold=True)
    doc.text_at(
        doc.left + 28.0,
        top + 5.0,
        f"{puzzle.size_text}: {puzzle.rows} rows of {puzzle.cols} cards",
        size=10,
    )
    doc.text_at(doc.left + doc.width, top + 5.0, f"id {puzzle.id}", size=10, anchor="end")
    doc.y = top + 7.0
    draw_cards(doc, puzzle.cards)
    doc.y += 3.0
    grid_top = doc.y
    grid_w, grid_h = grid_size(puzzle.rows, puzzle.cols)
    draw_answer_grid(doc, puzzle.rows, puzzle.cols, doc.left, grid_top)
    x = doc.left + grid_w + 8.0
    doc.checkbox(x, grid_top, "Impossible")
    doc.text_at(x, grid_top + 12.0, "Time: ______ s", size=10)
    qr_x = doc.left + doc.width - QR_SIZE
    draw_qr(doc, check_url(options.base_url, puzzle.id), qr_x, grid_top)
    doc.text_at(qr_x - 2.0, grid_top + 4.0, "Check", size=9, anchor="end")
    doc.text_at(qr_x - 2.0, grid_top + 8.0, "your answer:", size=9, anchor="end")
    doc.y = grid_top + max(grid_h, QR_BLOCK) + 3.0
    doc.line(doc.left, doc.y, doc.left + doc.width, doc.y, 0.4)
    doc.y += 4.0


def worksheet_pdf(puzzles: Sequence[Puzzle], options: WorksheetOptions) -> bytes:
    """The worksheet (and, unless ``options.key`` is off, its answer key) as a PDF."""
    if not puzzles:
        raise ValueError("a worksheet needs at least one puzzle")
    sizes = sorted({p.size_text for p in puzzles})
    doc = Document(
        options.paper,
        f"{options.title} ({', '.join(sizes)})",
        subject="Matrix puzzles from the 4D Playing Cards rulebook",
        footer=f"{options.title}: {id_list(puzzles, 4)}",
    )
    doc.new_page(options.title)
    doc.text("Name: ______________________________    Date: ______________", size=11)
    doc.y += 2.0
    first = puzzles[0]
    doc.text(instructions(first.rows, first.cols), size=10)
    doc.y += 4.0
    for number, puzzle in enumerate(puzzles, 1):
        doc.ensure(_puzzle_height(doc, puzzle), f"{options.title} (continued)")
        _draw_puzzle(doc, puzzle, number, options)
    if options.key:
        doc.new_page(f"Answer key: {options.title}", note="For the teacher.")
        for number, puzzle in enumerate(puzzles, 1):
            doc.ensure(key_height(puzzle, doc.width), f"Answer key: {options.title} (continued)")
            draw_key(doc, puzzle, f"Puzzle {number}")
    return doc.finish()

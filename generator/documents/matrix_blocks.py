"""Matrix on paper: an empty grid to write an answer in, a puzzle's block on a worksheet,
and a puzzle's answer key; :data:`DESIGN` is how worksheets print Matrix puzzles.

The key's grid is re-checked by the flush rule before it is printed, and its words come
from the puzzle kind (:meth:`printables.matrix.puzzles.MatrixKind.explain`), as the
checking page's do.
"""

from __future__ import annotations

from generator.documents.blocks import (
    QR_BLOCK,
    QR_SIZE,
    PuzzleDesign,
    cards_height,
    draw_cards,
    draw_qr,
)
from generator.documents.document import BODY, Column, Document, text_height
from printables.matrix.check import check_grid
from printables.matrix.puzzles import KIND, Puzzle

CELL = (21.0, 10.0)
"""An answer box: wide and tall enough to write a card's name by hand."""


def grid_size(rows: int, cols: int) -> tuple[float, float]:
    return cols * CELL[0], rows * CELL[1]


def draw_answer_grid(doc: Document, rows: int, cols: int, x: float, y: float) -> None:
    """An empty ``rows`` x ``cols`` grid of boxes to write card names in."""
    w, h = grid_size(rows, cols)
    for r in range(1, rows):
        doc.line(x, y + r * CELL[1], x + w, y + r * CELL[1], 0.5)
    for c in range(1, cols):
        doc.line(x + c * CELL[0], y, x + c * CELL[0], y + h, 0.5)
    doc.rect(x, y, w, h, width=1.2)


def instructions(puzzle: Puzzle) -> str:
    return (
        f"Arrange the cards in {puzzle.rows} rows and {puzzle.cols} columns so that every row "
        "and every column shares at least one value (a color, shade, pattern or shape). Write "
        "the card names in the grid. If the set cannot be solved, tick Impossible and be ready "
        "to say why."
    )


def puzzle_height(doc: Document, puzzle: Puzzle) -> float:
    side = max(grid_size(puzzle.rows, puzzle.cols)[1], QR_BLOCK)
    return 7.0 + cards_height(len(puzzle.cards), doc.width) + 3.0 + side + 7.0


def draw_puzzle(doc: Document, puzzle: Puzzle, number: int, url: str) -> None:
    """A puzzle on a worksheet: its cards, a grid for the answer, an Impossible box, a line
    for the time and the QR code of its checking page."""
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
    draw_qr(doc, url, qr_x, grid_top)
    doc.text_at(qr_x - 2.0, grid_top + 4.0, "Check", size=9, anchor="end")
    doc.text_at(qr_x - 2.0, grid_top + 8.0, "your answer:", size=9, anchor="end")
    doc.y = grid_top + max(grid_h, QR_BLOCK) + 3.0
    doc.line(doc.left, doc.y, doc.left + doc.width, doc.y, 0.4)
    doc.y += 4.0


def key_height(puzzle: Puzzle, width: float) -> float:
    """The room :func:`draw_key` takes."""
    head = 7.0
    (explained,) = KIND.explain(puzzle)
    if puzzle.solution is not None:
        return head + 7.0 + puzzle.rows * 7.0 + text_height(explained, 9, width) + 3.0
    return head + text_height(explained, BODY, width) + 3.0


def draw_key(doc: Document, puzzle: Puzzle, title: str) -> None:
    """A puzzle's answer: a solution grid with what each line shares, or why it is
    impossible. The grid is re-checked by the flush rule before it is printed."""
    doc.text(f"{title}   ({puzzle.id}, {puzzle.grade.text})", size=11, bold=True)
    doc.y += 1.5
    (explained,) = KIND.explain(puzzle)
    if puzzle.solution is None:
        doc.text(explained)
        doc.y += 3.0
        return
    if not check_grid(puzzle.solution).ok:  # never printed: the engine would be wrong
        raise AssertionError(f"the key of {puzzle.id} does not solve it")
    columns = [Column(f"{c + 1}", 18.0, align="center") for c in range(puzzle.cols)]
    rows = [[str(card) for card in row] for row in puzzle.solution]
    doc.table(columns, rows, row_height=7.0, size=BODY)
    doc.text(explained, size=9)
    doc.y += 3.0


DESIGN = PuzzleDesign(
    title="Matrix puzzles",
    subject="Matrix puzzles from the 4D Playing Cards rulebook",
    instructions=instructions,
    height=puzzle_height,
    draw=draw_puzzle,
    key_height=key_height,
    draw_key=draw_key,
)
"""Matrix puzzles on a worksheet."""

"""Blocks that worksheets and proctor kits share: a set of cards as small real cards with
their names, an empty grid to write an answer in, and a puzzle's answer key.

Each block draws at the document's cursor and moves it down; ``*_height`` functions say
in advance how much room a block takes, so a block is never split across pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from generator.document import BODY, Column, Document, text_height
from generator.faces import face
from generator.layout import Size
from generator.qr import qr_scene
from generator.scene import Scene
from printables.cards.deck import Card
from printables.matrix import check_grid
from printables.matrix.puzzles import Puzzle

MINI = Size("mini", 16.0, 22.0)
"""A small card: the real symbol, large enough to tell stripes, waves and zigzags apart."""
GAP = 2.0
NAME_BAND = 4.5
"""Below each small card, its name."""
CELL = (21.0, 10.0)
"""An answer box: wide and tall enough to write a card's name by hand."""
QR_SIZE = 24.0
QR_BLOCK = QR_SIZE + 7.0
"""The code and the two lines of its address below it."""


@cache
def mini_face(card: Card) -> Scene:
    """A card's small face, computed once per process."""
    return face(card, MINI, names=False)


def id_list(puzzles: Sequence[Puzzle], most: int) -> str:
    """The first ``most`` puzzle ids, for a footer: ``"3x3-ma1y4e 3x3-... ..."``."""
    return " ".join(p.id for p in puzzles[:most]) + (" ..." if len(puzzles) > most else "")


def cards_per_row(width: float) -> int:
    return max(1, int((width + GAP) // (MINI.width + GAP)))


def cards_height(count: int, width: float) -> float:
    rows = -(-count // cards_per_row(width))
    return rows * (MINI.height + NAME_BAND) + (rows - 1) * GAP


def draw_cards(
    doc: Document, cards: Sequence[Card], width: float | None = None, x: float | None = None
) -> float:
    """The cards as small cards with their names below, in rows ``width`` mm wide starting
    at ``x`` (default: the whole width between the margins), at the cursor."""
    left = doc.left if x is None else x
    width = doc.width - (left - doc.left) if width is None else width
    per_row = cards_per_row(width)
    top = doc.y
    for k, card in enumerate(cards):
        row, col = divmod(k, per_row)
        x = left + col * (MINI.width + GAP)
        y = top + row * (MINI.height + NAME_BAND + GAP)
        doc.scene(f"mini {card}", mini_face(card), x, y)
        doc.rect(x, y, MINI.width, MINI.height, width=0.4)
        doc.text_at(
            x + MINI.width / 2, y + MINI.height + 3.4, str(card), size=8, bold=True, anchor="middle"
        )
    used = cards_height(len(cards), width)
    doc.y = top + used
    return used


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


def draw_qr(doc: Document, url: str, x: float, y: float, size: float = QR_SIZE) -> None:
    """A QR code of ``url`` with the address in small print below it, in two lines (the
    site, then the page) ending at the code's right edge, so it never leaves the margin."""
    doc.scene_inline(qr_scene(url, size), x, y)
    site, found, page = url.rpartition("/check/")
    lines = [site, found + page] if found else [url]
    for k, line in enumerate(lines):
        doc.text_at(x + size, y + size + 3.0 + 2.6 * k, line, size=6, anchor="end")


def key_height(puzzle: Puzzle, width: float) -> float:
    """The room :func:`draw_key` takes."""
    head = 7.0
    if puzzle.solution is not None:
        return head + 7.0 + puzzle.rows * 7.0 + text_height(_shares(puzzle), 9, width) + 3.0
    assert puzzle.grade.reason is not None
    return head + text_height(puzzle.grade.reason.text, BODY, width) + 3.0


def _shares(puzzle: Puzzle) -> str:
    """What each line of the key shares: ``Rows share: blue; gray and wavy. Columns ...``."""
    assert puzzle.solution is not None
    verdict = check_grid(puzzle.solution)
    rows = puzzle.rows
    parts = [" and ".join(v.name for v in line.shared) for line in verdict.lines]
    return f"Rows share: {'; '.join(parts[:rows])}. Columns share: {'; '.join(parts[rows:])}."


def draw_key(doc: Document, puzzle: Puzzle, title: str) -> None:
    """A puzzle's answer: a solution grid with what each line shares, or why it is
    impossible. The grid is re-checked by the flush rule before it is printed."""
    doc.text(f"{title}   ({puzzle.id}, {puzzle.grade.text})", size=11, bold=True)
    doc.y += 1.5
    if puzzle.solution is None:
        assert puzzle.grade.reason is not None
        doc.text("Impossible. " + puzzle.grade.reason.text)
        doc.y += 3.0
        return
    if not check_grid(puzzle.solution).ok:  # never printed: the engine would be wrong
        raise AssertionError(f"the key of {puzzle.id} does not solve it")
    columns = [Column(f"{c + 1}", 18.0, align="center") for c in range(puzzle.cols)]
    rows = [[str(card) for card in row] for row in puzzle.solution]
    doc.table(columns, rows, row_height=7.0, size=BODY)
    doc.text(_shares(puzzle), size=9)
    doc.y += 3.0

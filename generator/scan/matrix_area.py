"""A Matrix set's answer area on a scannable page: every card pictured small (the
worksheet's small card, :func:`~generator.documents.blocks.draw_card`) with a row of boxes
1..R to mark the row it goes in and a row of boxes 1..C for its column (a card's row and
column place it exactly), then an "Impossible" box and a "Changed" box (filled when a mark
of the puzzle is crossed out).

The area is the same wherever it is drawn: its boxes are placed from its top-left corner
and its width alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from generator.documents.blocks import NAME_BAND, draw_card, mini_size
from generator.documents.document import Document
from generator.scan.layout import Field, PageLayout
from generator.scan.marks import BOX, BOX_GAP, draw_mark_box
from printables.cards.deck import Card
from printables.matrix.puzzles import Puzzle

CARD_SCALE = 0.6
"""The small cards of an answer area (10 x 13 mm, the smallest a worksheet prints)."""
LABEL = 6.0
"""Room left of the boxes for "Row" and "Col" (6.5 points: "Row" is 4.9 mm), a
millimetre clear of the first box."""
CARD_GAP = 0.8
"""Between a card and its labels."""
ENTRY_GAP = 2.5
"""Between two cards' entries side by side."""
ROW_GAP = 1.5
"""Between two rows of entries."""
HEAD = 6.5
"""The area's heading: the puzzle's number, size and id."""
DIGITS = 3.5
"""Above the boxes: their numbers."""
TAIL = 8.0
"""Below the entries: the Impossible and Changed boxes."""


class Grid(Protocol):
    """What a card's row-and-column entry needs of its puzzle (a Matrix set, or a
    question whose answer is a grid of cards)."""

    @property
    def id(self) -> str: ...
    @property
    def cards(self) -> Sequence[Card]: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...


def entry_size(puzzle: Grid) -> tuple[float, float]:
    """A card's entry: the card and its name, its labels and its boxes."""
    card = mini_size(CARD_SCALE)
    most = max(puzzle.rows, puzzle.cols)
    boxes = most * BOX + (most - 1) * BOX_GAP
    height = max(card.height + NAME_BAND, DIGITS + 2 * BOX + BOX_GAP)
    return card.width + CARD_GAP + LABEL + boxes, height


def entries_per_row(puzzle: Grid, width: float) -> int:
    """How many cards' entries a row ``width`` mm wide holds, spread evenly over as few
    rows as hold them (9 cards in rows of up to 4: 3 a row)."""
    entry_w, _ = entry_size(puzzle)
    most = max(1, int((width + ENTRY_GAP) // (entry_w + ENTRY_GAP)))
    rows = -(-len(puzzle.cards) // most)
    return -(-len(puzzle.cards) // rows)


def area_height(puzzle: Puzzle, width: float) -> float:
    """The room :func:`draw_area` takes, ``width`` mm wide."""
    return HEAD + entries_height(puzzle, width) + TAIL


def draw_area(
    doc: Document, page: PageLayout, puzzle: Puzzle, number: int, x: float, y: float, width: float
) -> float:
    """Puzzle ``number``'s answer area, top-left at (x, y), ``width`` mm wide, its boxes
    recorded in ``page``; returns the height used."""
    doc.text_at(x, y + 4.5, f"Puzzle {number}", size=11, bold=True)
    shape = f"{puzzle.size_text}: {puzzle.rows} rows of {puzzle.cols} cards"
    doc.text_at(x + 22.0, y + 4.5, shape, size=9)
    doc.text_at(x + width, y + 4.5, f"id {puzzle.id}", size=9, anchor="end")
    tail = draw_entries(doc, page, puzzle, x, y + HEAD, width) + 2.0
    draw_claims(doc, page, puzzle, x, tail)
    return area_height(puzzle, width)


def entries_height(puzzle: Puzzle, width: float) -> float:
    """The room :func:`draw_entries` takes, ``width`` mm wide."""
    _, entry_h = entry_size(puzzle)
    rows = -(-len(puzzle.cards) // entries_per_row(puzzle, width))
    return rows * entry_h + (rows - 1) * ROW_GAP


def draw_entries(
    doc: Document, page: PageLayout, puzzle: Puzzle, x: float, top: float, width: float
) -> float:
    """Every card's entry (:func:`_draw_entry`), in rows ``width`` mm wide from (x, top);
    returns where they end."""
    entry_w, entry_h = entry_size(puzzle)
    per_row = entries_per_row(puzzle, width)
    for k in range(len(puzzle.cards)):
        row, col = divmod(k, per_row)
        draw_entry(doc, page, puzzle, k, x + col * (entry_w + ENTRY_GAP),
                    top + row * (entry_h + ROW_GAP))  # fmt: skip
    return top + entries_height(puzzle, width)


def draw_claims(
    doc: Document,
    page: PageLayout,
    puzzle: Puzzle,
    x: float,
    y: float,
    *,
    changed_at: float = 40.0,
    short: bool = False,
) -> None:
    """The "Impossible" and "Changed" boxes, top-left at (x, y), "Changed" ``changed_at``
    mm to the right (``short``: labelled without its explanation)."""
    draw_mark_box(doc, page, x, y, puzzle.id, "impossible")
    doc.text_at(x + BOX + 1.5, y + BOX - 0.7, "Impossible", size=10)
    changed = x + changed_at
    draw_mark_box(doc, page, changed, y, puzzle.id, "changed")
    label = "Changed" if short else "Changed (a mark crossed out)"
    doc.text_at(changed + BOX + 1.5, y + BOX - 0.7, label, size=10 if short else 8)


def draw_entry(
    doc: Document, page: PageLayout, puzzle: Grid, index: int, x: float, y: float
) -> None:
    """Card ``index``'s entry: the card, then its row boxes under their numbers and its
    column boxes below them."""
    card = puzzle.cards[index]
    size = mini_size(CARD_SCALE)
    draw_card(doc, card, x, y, CARD_SCALE)
    label_x = x + size.width + CARD_GAP
    boxes_x = label_x + LABEL
    for value in range(1, max(puzzle.rows, puzzle.cols) + 1):
        centre = boxes_x + (value - 1) * (BOX + BOX_GAP) + BOX / 2
        doc.text_at(centre, y + DIGITS - 1.4, str(value), size=7, anchor="middle")
    lines: tuple[tuple[Field, str, int], ...] = (
        ("row", "Row", puzzle.rows),
        ("column", "Col", puzzle.cols),
    )
    for line, (field, label, count) in enumerate(lines):
        box_y = y + DIGITS + line * (BOX + BOX_GAP)
        doc.text_at(label_x, box_y + BOX - 1.0, label, size=6.5)
        for value in range(1, count + 1):
            box_x = boxes_x + (value - 1) * (BOX + BOX_GAP)
            draw_mark_box(doc, page, box_x, box_y, puzzle.id, field, card=str(card), value=value)

"""Digit boxes: a number marked one digit a place, a row of boxes a place (a label at its
left: ``10s``), the digits 0-9 printed once above their columns. A box is a ``mark`` of
field ``digit``, its ``place`` (1 the leftmost) and its ``value`` (the digit). The MAT
forms' seconds and Costly Tricks' nets are drawn with them.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.documents.document import Document
from generator.draw.fonts import text_width
from generator.scan.layout import PageLayout
from generator.scan.marks import BOX, BOX_GAP, draw_mark_box

Place = tuple[int, str, int]
"""A place: its number (1 the leftmost), its label (``10s``) and its highest digit."""
NUMBERS = 3.5
"""Above the rows: the digits' numbers."""


def label_width(places: Sequence[Place]) -> float:
    """The room the places' labels take left of their boxes."""
    return max(text_width(label, 7) for _, label, _ in places) + 1.2


def rows_width(places: Sequence[Place]) -> float:
    """The width :func:`draw_digit_rows` takes: the labels and ten columns."""
    return label_width(places) + 10 * BOX + 9 * BOX_GAP


def rows_height(places: Sequence[Place]) -> float:
    """The height :func:`draw_digit_rows` takes: the numbers and a row a place."""
    return NUMBERS + len(places) * BOX + (len(places) - 1) * BOX_GAP


def draw_digit_rows(
    doc: Document, page: PageLayout, puzzle_id: str, x: float, y: float, places: Sequence[Place]
) -> float:
    """The digits 0-9 above their columns from (x, y), then a row of boxes a place, from 0
    to its highest digit, its label at its left; returns where the rows end."""
    boxes_x = x + label_width(places)
    for digit in range(10):
        centre = boxes_x + digit * (BOX + BOX_GAP) + BOX / 2
        doc.text_at(centre, y + NUMBERS - 1.4, str(digit), size=7, anchor="middle")
    row_y = y + NUMBERS
    for place, label, highest in places:
        doc.text_at(x, row_y + BOX - 1.0, label, size=7)
        for digit in range(highest + 1):
            box_x = boxes_x + digit * (BOX + BOX_GAP)
            draw_mark_box(doc, page, box_x, row_y, puzzle_id, "digit", place=place, value=digit)
        row_y += BOX + BOX_GAP
    return row_y - BOX_GAP

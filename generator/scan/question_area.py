"""A question puzzle's answer area on a scannable page (nada, poker, placement, secret
card, cipher, challenge): a heading, a line saying what to mark, the boxes of the
answer's shape (:func:`~generator.scan.question_shape.shape_of`), then the box of an
answer naming nothing (where the question has one: "none", "No") and a "Changed" box.

- ``choice``: a box a option, its words beside it, in as many columns as fit;
- ``card``: a row a value kind (Color, Shade, Pattern, Shape), a box a value with its
  letter and name;
- ``order``, ``cards`` and ``grid``: an entry a option or card
  (:mod:`generator.scan.question_entries`).

The area is the same wherever it is drawn: its boxes are placed from its top-left corner
and its width alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.documents.document import Document
from generator.draw.fonts import text_width
from generator.scan.layout import PageLayout
from generator.scan.marks import BOX, BOX_GAP, draw_mark_box
from generator.scan.question_entries import ENTRY_SHAPES, draw_entries, entries_height
from generator.scan.question_shape import note, nothing_label, shape_of
from printables.cards.decks import FOUR_D
from printables.puzzles import kind_of
from printables.questions.base import Question

HEAD = 6.5
"""The area's heading: the puzzle's number, kind and question, and id."""
NOTE = 5.5
"""The line saying what to mark."""
TAIL = 8.0
"""Below the boxes: the box of an answer naming nothing, and "Changed"."""
ROW = BOX + BOX_GAP
"""A row of boxes with words beside them."""
WORDS_GAP = 1.5
"""Between a box and its words."""
CELL_GAP = 5.0
"""Between one option's words and the next option's box."""
OPTION_SIZE = 10.0
VALUE_SIZE = 9.0
KIND_LABEL = 17.0
"""Room left of a card's value boxes for "Pattern"."""


@dataclass(frozen=True)
class Cells:
    """Options laid out in columns: how many columns, and each cell's width (mm)."""

    columns: int
    width: float


def choice_cells(question: Question, width: float) -> Cells:
    """The columns a choice's options take, ``width`` mm wide."""
    words = max(text_width(o, OPTION_SIZE) for o in question.options)
    cell = BOX + WORDS_GAP + words + CELL_GAP
    columns = max(1, min(len(question.options), int((width + CELL_GAP) // cell)))
    return Cells(columns, cell)


def body_height(question: Question, width: float) -> float:
    """The room the boxes of ``question``'s answer take, ``width`` mm wide."""
    shape = shape_of(question)
    if shape == "choice":
        rows = -(-len(question.options) // choice_cells(question, width).columns)
        return rows * ROW - BOX_GAP
    if shape == "card":
        return len(FOUR_D.attributes) * ROW - BOX_GAP
    return entries_height(question, width)


def area_height(question: Question, width: float) -> float:
    """The room :func:`draw_area` takes, ``width`` mm wide."""
    return HEAD + NOTE + body_height(question, width) + TAIL


def draw_area(
    doc: Document, page: PageLayout, question: Question, number: int, x: float, y: float,
    width: float,
) -> float:  # fmt: skip
    """Puzzle ``number``'s answer area, top-left at (x, y), ``width`` mm wide, its boxes
    recorded in ``page``; returns the height used."""
    doc.text_at(x, y + 4.5, f"Puzzle {number}", size=11, bold=True)
    title = f"{kind_of(question.id).title}: {question.question}"
    doc.text_at(x + 22.0, y + 4.5, title, size=9)
    doc.text_at(x + width, y + 4.5, f"id {question.id}", size=9, anchor="end")
    doc.text_at(x, y + HEAD + 3.3, note(question), size=8)
    top = y + HEAD + NOTE
    shape = shape_of(question)
    if shape == "choice":
        _draw_choice(doc, page, question, x, top, width)
    elif shape == "card":
        _draw_card_values(doc, page, question, x, top)
    else:
        assert shape in ENTRY_SHAPES
        draw_entries(doc, page, question, x, top, width)
    tail = top + body_height(question, width) + 2.0
    changed = x
    if question.nothing and shape != "choice":
        draw_mark_box(doc, page, x, tail, question.id, "impossible", option=question.nothing)
        doc.text_at(x + BOX + WORDS_GAP, tail + BOX - 0.7, nothing_label(question), size=10)
        changed = x + 40.0
    draw_mark_box(doc, page, changed, tail, question.id, "changed")
    doc.text_at(changed + BOX + WORDS_GAP, tail + BOX - 0.7, "Changed (a mark crossed out)",
                size=8)  # fmt: skip
    return area_height(question, width)


def _draw_choice(
    doc: Document, page: PageLayout, question: Question, x: float, y: float, width: float
) -> None:
    """A box a option, row by row; the option naming nothing, when several may be marked,
    is the box of an answer naming nothing."""
    cells = choice_cells(question, width)
    for k, option in enumerate(question.options):
        row, col = divmod(k, cells.columns)
        box_x, box_y = x + col * cells.width, y + row * ROW
        if question.several and option == question.nothing:
            draw_mark_box(doc, page, box_x, box_y, question.id, "impossible", option=option)
        else:
            draw_mark_box(doc, page, box_x, box_y, question.id, "choice", option=option)
        doc.text_at(box_x + BOX + WORDS_GAP, box_y + BOX - 0.7, option, size=OPTION_SIZE)


def _draw_card_values(
    doc: Document, page: PageLayout, question: Question, x: float, y: float
) -> None:
    """A row a value kind, a box a value (its letter and name), to build one card: the
    box's ``place`` is its letter's place in a card's name, its ``option`` the letter."""
    words = max(text_width(f"{v.symbol} {v.name}", VALUE_SIZE)
                for a in FOUR_D.attributes for v in a.values)  # fmt: skip
    cell = BOX + WORDS_GAP + words + CELL_GAP
    for place, attribute in enumerate(FOUR_D.attributes, 1):
        row_y = y + (place - 1) * ROW
        doc.text_at(x, row_y + BOX - 0.7, attribute.name.capitalize(), size=VALUE_SIZE, bold=True)
        for k, value in enumerate(attribute.values):
            box_x = x + KIND_LABEL + k * cell
            draw_mark_box(doc, page, box_x, row_y, question.id, "attribute",
                          option=value.symbol, place=place)  # fmt: skip
            doc.text_at(box_x + BOX + WORDS_GAP, row_y + BOX - 0.7, f"{value.symbol} {value.name}",
                        size=VALUE_SIZE)  # fmt: skip

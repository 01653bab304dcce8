"""The entries of a question's answer area, one an option or a card, in rows:

- ``cards``: each card an answer may name, pictured small with its name, and beside it a
  box a field of the answer (``member`` boxes: Nada 1, 2, 3 numbered above them; one box
  when the answer only names cards);
- ``order``: each option (a hand's label, or a card pictured) with its ``rank`` boxes
  1..n, numbered above them (its place, or its column);
- ``grid``: each card with a row and a column to mark, as a Matrix set's
  (:func:`generator.scan.matrix_area.draw_entry`).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.documents.blocks import NAME_BAND, draw_card, mini_size
from generator.documents.document import Document
from generator.draw.fonts import text_width
from generator.scan import matrix_area
from generator.scan.layout import PageLayout
from generator.scan.marks import BOX, BOX_GAP, draw_mark_box
from generator.scan.question_shape import member_fields, option_label, shape_of
from printables.cards.deck import Card
from printables.questions.base import Question

ENTRY_SHAPES = ("order", "cards", "grid")
CARD_SCALE = matrix_area.CARD_SCALE
CARD_GAP = 1.2
"""Between a card (or an option's words) and its boxes."""
ENTRY_GAP = 3.0
ROW_GAP = 1.5
DIGITS = 3.5
"""Above numbered boxes: their numbers."""
LABEL_SIZE = 9.0


@dataclass(frozen=True)
class GridView:
    """A question whose answer is a grid, as a Matrix entry sees it."""

    id: str
    cards: tuple[Card, ...]
    rows: int
    cols: int


@dataclass(frozen=True)
class Item:
    """One entry: the card pictured (or None and the option's words), what its boxes
    mean (a card's name, or an option), and how many boxes it has."""

    card: Card | None
    words: str
    name: str


def grid_view(question: Question) -> GridView:
    rows, cols = question.answer_grid
    return GridView(question.id, question.cards, rows, cols)


def items(question: Question) -> tuple[Item, ...]:
    """The entries of a ``cards`` or ``order`` answer, in the order shown."""
    if shape_of(question) == "cards":
        return tuple(Item(c, str(c), str(c)) for c in question.answer_cards)
    by_name = {str(c): c for c in question.cards}
    return tuple(Item(by_name.get(o), option_label(question, o), o) for o in question.options)


def box_count(question: Question) -> int:
    """The boxes of an entry: a field each (``cards``), a place each (``order``)."""
    return member_fields(question) if shape_of(question) == "cards" else len(question.options)


def numbered(question: Question) -> bool:
    return box_count(question) > 1


def entry_size(question: Question) -> tuple[float, float]:
    """An entry's width and height (mm)."""
    entries = items(question)
    boxes = box_count(question)
    boxes_w = boxes * BOX + (boxes - 1) * BOX_GAP
    if any(item.card is None for item in entries):
        words = max(text_width(item.words, LABEL_SIZE, bold=True) for item in entries)
        return words + CARD_GAP + boxes_w, DIGITS + BOX
    card = mini_size(CARD_SCALE)
    return card.width + CARD_GAP + boxes_w, card.height + NAME_BAND


def per_row(question: Question, width: float) -> int:
    """How many entries a row ``width`` mm wide holds, spread evenly over as few rows as
    hold them."""
    entry_w, _ = entry_size(question)
    count = len(items(question))
    most = max(1, int((width + ENTRY_GAP) // (entry_w + ENTRY_GAP)))
    rows = -(-count // most)
    return -(-count // rows)


def entries_height(question: Question, width: float) -> float:
    """The room :func:`draw_entries` takes, ``width`` mm wide."""
    if shape_of(question) == "grid":
        view = grid_view(question)
        _, entry_h = matrix_area.entry_size(view)
        rows = -(-len(view.cards) // matrix_area.entries_per_row(view, width))
        return rows * entry_h + (rows - 1) * matrix_area.ROW_GAP
    _, entry_h = entry_size(question)
    rows = -(-len(items(question)) // per_row(question, width))
    return rows * entry_h + (rows - 1) * ROW_GAP


def draw_entries(
    doc: Document, page: PageLayout, question: Question, x: float, y: float, width: float
) -> None:
    """Every entry of ``question``'s answer, top-left at (x, y), ``width`` mm wide."""
    if shape_of(question) == "grid":
        _draw_grid(doc, page, grid_view(question), x, y, width)
        return
    entry_w, entry_h = entry_size(question)
    across = per_row(question, width)
    for k, item in enumerate(items(question)):
        row, col = divmod(k, across)
        _draw_entry(doc, page, question, item, x + col * (entry_w + ENTRY_GAP),
                    y + row * (entry_h + ROW_GAP))  # fmt: skip


def _draw_grid(
    doc: Document, page: PageLayout, view: GridView, x: float, y: float, width: float
) -> None:
    entry_w, entry_h = matrix_area.entry_size(view)
    across = matrix_area.entries_per_row(view, width)
    for k in range(len(view.cards)):
        row, col = divmod(k, across)
        matrix_area.draw_entry(doc, page, view,
                               k, x + col * (entry_w + matrix_area.ENTRY_GAP),
                               y + row * (entry_h + matrix_area.ROW_GAP))  # fmt: skip


def _draw_entry(
    doc: Document, page: PageLayout, question: Question, item: Item, x: float, y: float
) -> None:
    """One entry: the card (or the option's words), then its boxes."""
    count = box_count(question)
    if item.card is not None:
        draw_card(doc, item.card, x, y, CARD_SCALE)
        boxes_x = x + mini_size(CARD_SCALE).width + CARD_GAP
    else:
        entries = items(question)
        words = max(text_width(i.words, LABEL_SIZE, bold=True) for i in entries)
        doc.text_at(x, y + DIGITS + BOX - 0.7, item.words, size=LABEL_SIZE, bold=True)
        boxes_x = x + words + CARD_GAP
    if numbered(question):
        boxes_y = y + DIGITS
        for value in range(1, count + 1):
            centre = boxes_x + (value - 1) * (BOX + BOX_GAP) + BOX / 2
            doc.text_at(centre, y + DIGITS - 1.4, str(value), size=7, anchor="middle")
    else:
        boxes_y = y + (mini_size(CARD_SCALE).height - BOX) / 2
    for value in range(1, count + 1):
        box_x = boxes_x + (value - 1) * (BOX + BOX_GAP)
        if shape_of(question) == "cards":
            draw_mark_box(doc, page, box_x, boxes_y, question.id, "member", card=item.name,
                          value=value)  # fmt: skip
        else:
            draw_mark_box(doc, page, box_x, boxes_y, question.id, "rank", option=item.name,
                          value=value)  # fmt: skip

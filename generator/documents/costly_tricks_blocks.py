"""Costly Tricks problems on paper: the four hands as a bridge diagram, a problem's block
on a worksheet, and its answer key; :data:`DESIGN` is how worksheets print them.

The diagram sits as the players do, "around the corner": A at the bottom, B on the left,
A's ghost at the top (A's partner, opposite him) and B's ghost on the right, each hand
laid out by color, high to low. Each card is a small chip with its name (``R10``) in its
color's ink and the color's own mark (circle, triangle, diamond, square), so the sheet
reads the same from a gray-scale printer. The cards on the table are the trick so far,
each beside the seat that played it and numbered in the order played.

The key's words come from the puzzle kind (:meth:`~printables.paradox.problems.
CostlyTricksKind.explain`), as the checking page's do: every card's net, and the line of
play trick by trick.
"""

from __future__ import annotations

from functools import cache

from generator.documents.blocks import QR_BLOCK, QR_SIZE, BlockPlan, PuzzleDesign, draw_qr
from generator.documents.document import FILL, Document, text_height
from generator.draw import palette
from generator.draw.faces.paradox import suit_mark
from generator.draw.fonts import text_width
from generator.draw.scene import Path, Scene, Text, rectangle
from printables.cards.deck import Card
from printables.paradox.problems import KIND, Problem
from printables.paradox.tricks import SEATS, color
from printables.paradox.wording import side_name

CHIP = (10.0, 6.0)
"""A card in the diagram: its mark and its name, in mm."""
GAP = 1.0
SIDE_COLUMNS = 3
"""Cards a row in the hands on the left and right (B, B's ghost)."""
LABEL = 3.8
"""The seat's name above its hand."""
TABLE = (3 * CHIP[0] + 4.0, 3 * CHIP[1] + 3.0)
"""The table in the middle, where the trick so far lies."""
SIDE_WIDTH = SIDE_COLUMNS * CHIP[0] + (SIDE_COLUMNS - 1) * GAP
ROOM = 4.0
"""Between the side hands and the table."""
DIAGRAM_WIDTH = 2 * SIDE_WIDTH + 2 * ROOM + TABLE[0]
ROW = LABEL + CHIP[1]
DIAGRAM_HEIGHT = 2 * ROW + TABLE[1] + 4.0
WHOLE_WIDTH = 11 * CHIP[0] + 10 * GAP
"""A whole deal's diagram: its widest part, a hand of 11 in one row above and below."""
HEAD = 6.5
FOOT = 6.0
"""Below a problem: room, a rule across the page, and room again."""
ANSWER_LINE = 7.0
COLOR_NAMES = {"R": "red", "G": "green", "P": "purple", "B": "blue"}


@cache
def chip(card: Card) -> Scene:
    """A card as a chip: a white box with the color's mark and the card's name in the
    color's ink (computed once per process, drawn once per file)."""
    w, h = CHIP
    name = COLOR_NAMES[color(card)]
    return Scene(
        w,
        h,
        (
            Path(rectangle(0, 0, w, h), fill="#ffffff", stroke="#000000", width=0.2),
            suit_mark(name, 1.9, h / 2, 1.05),
            Text(3.4, h / 2 + 1.05, str(card), 8.0, palette.PARADOX_COLORS[name], bold=True),
        ),
    )


def draw_chip(doc: Document, card: Card, x: float, y: float) -> None:
    doc.scene(f"chip {card}", chip(card), x, y)


def draw_row(doc: Document, cards: tuple[Card, ...], x: float, y: float, per_row: int) -> None:
    """Chips in rows of ``per_row``, top-left at (x, y)."""
    for k, card in enumerate(cards):
        row, col = divmod(k, per_row)
        draw_chip(doc, card, x + col * (CHIP[0] + GAP), y + row * (CHIP[1] + GAP))


def row_width(count: int) -> float:
    return count * CHIP[0] + max(count - 1, 0) * GAP


def seat_label(problem: Problem, seat: int) -> str:
    """A seat's name, and ``to play`` beside the seat a question is about."""
    if problem.question != "winner" and seat == problem.seat:
        return f"{SEATS[seat]}, to play"
    return SEATS[seat]


def side_rows(problem: Problem) -> int:
    """Rows of the hands on the left and right: two for an ending, four for a whole deal
    (11 cards, three a row)."""
    return max(2, -(-problem.hand_size // SIDE_COLUMNS))


def side_height(problem: Problem) -> float:
    rows = side_rows(problem)
    return LABEL + rows * CHIP[1] + (rows - 1) * GAP


def middle_height(problem: Problem) -> float:
    """The band of the table and the side hands."""
    return max(TABLE[1], side_height(problem))


def diagram_width(problem: Problem) -> float:
    """An ending's diagram is :data:`DIAGRAM_WIDTH` wide; a whole deal's, its hands of 11
    above and below (:data:`WHOLE_WIDTH`)."""
    return max(DIAGRAM_WIDTH, row_width(problem.hand_size))


def diagram_height(problem: Problem) -> float:
    return 2 * ROW + middle_height(problem) + 4.0


def draw_diagram(doc: Document, problem: Problem, x: float, y: float) -> None:
    """The bridge diagram of a problem, top-left at (x, y): A's ghost above, B on the
    left, B's ghost on the right, A below, and the table in the middle."""
    hands = problem.hands
    middle_x = x + diagram_width(problem) / 2
    middle = middle_height(problem)
    table_x, table_y = middle_x - TABLE[0] / 2, y + ROW + 2.0 + (middle - TABLE[1]) / 2
    for seat, top in ((2, y), (0, y + ROW + middle + 4.0)):
        width = row_width(len(hands[seat]))
        left = middle_x - max(width, 0) / 2
        doc.text_at(left, top + 2.9, seat_label(problem, seat), size=8, bold=True)
        draw_row(doc, hands[seat], left, top + LABEL, len(hands[seat]) or 1)
    side_top = table_y + (TABLE[1] - side_height(problem)) / 2
    for seat, left in ((1, table_x - ROOM - SIDE_WIDTH), (3, table_x + TABLE[0] + ROOM)):
        doc.text_at(left, side_top + 2.9, seat_label(problem, seat), size=8, bold=True)
        draw_row(doc, hands[seat], left, side_top + LABEL, SIDE_COLUMNS)
    draw_table(doc, problem, table_x, table_y)


def draw_table(doc: Document, problem: Problem, x: float, y: float) -> None:
    """The table: each card of the trick so far beside the seat that played it, numbered
    in the order played; or, before the trick, who leads."""
    w, h = TABLE
    doc.rect(x, y, w, h, fill=FILL, stroke=False)
    cw, ch = CHIP
    places = {
        2: (x + (w - cw) / 2, y + 1.0),
        1: (x + 3.0, y + (h - ch) / 2),
        3: (x + w - cw - 3.0, y + (h - ch) / 2),
        0: (x + (w - cw) / 2, y + h - ch - 1.0),
    }
    if not problem.table:
        leader = SEATS[problem.position.leader]
        doc.text_at(x + w / 2, y + h / 2 + 1.2, f"{leader} leads", size=7.5, anchor="middle")
        return
    for number, (seat, card) in enumerate(problem.table, 1):
        cx, cy = places[seat]
        draw_chip(doc, card, cx, cy)
        if seat == 1:  # the number on the outer side, away from the other cards
            doc.text_at(cx - 0.7, cy + 4.2, str(number), size=7, bold=True, anchor="end")
        else:
            doc.text_at(cx + cw + 0.7, cy + 4.2, str(number), size=7, bold=True)


def instructions(problem: Problem) -> str:
    return (
        "Each problem shows all four hands face up, as the players see them: A (bottom) and "
        "his ghost (top) against B (left) and his ghost (right). Cards on the table are the "
        "trick so far, numbered in the order played. Follow the led color if you can; else "
        "play the trump in force; else make a new trump with a color not yet led or trump in "
        "this trick; only a hand that can do none of these plays any card, and it has no "
        "power. A card is worth its rank; each trick costs its taker 20. A side's net is its "
        "card points less 20 for each trick it takes; it counts to the end of the round, the "
        "trick on the table included."
    )


BODY = max(DIAGRAM_HEIGHT, 5.0 + QR_BLOCK)
"""An ending's diagram, and beside it the id and the QR code."""


def body_height(problem: Problem) -> float:
    """The diagram, and beside it the id and the QR code (:data:`BODY` for an ending)."""
    return max(diagram_height(problem), 5.0 + QR_BLOCK)


WIDE_LINE = 10.0
"""A full-width answer line below the body: room to write up to six cards' names."""


def plan_puzzle(problem: Problem, width: float, room: float, qr: bool = True) -> BlockPlan | None:
    """The problem's block (the same size for every problem of a question), if it fits
    ``room`` mm."""
    height = HEAD + body_height(problem) + WIDE_LINE * len(wide_fields(problem)) + FOOT
    return BlockPlan(height) if height <= room + 1e-9 else None


def draw_puzzle(
    doc: Document, problem: Problem, number: int, url: str | None, plan: BlockPlan
) -> None:
    """A problem on a worksheet: its question, the diagram, the id, the QR code of its
    checking page (when there is an address), and lines for the answer beside it."""
    top = doc.y
    title = f"Puzzle {number}"
    doc.text_at(doc.left, top + 5.0, title, size=13, bold=True)
    question_x = doc.left + max(28.0, text_width(title, 13, bold=True) + 4.0)
    doc.text_at(question_x, top + 5.0, problem.text, size=10, bold=True)
    body = top + HEAD
    draw_diagram(doc, problem, doc.left, body)
    right = doc.left + doc.width
    column = right - (doc.left + diagram_width(problem) + 6.0)
    label = f"id {problem.id}"
    size = min(9.0, 9.0 * column / text_width(label, 9.0))
    doc.text_at(right, body + 3.0, label, size=size, anchor="end")
    qr_x, qr_y = right - QR_SIZE, body + 5.0
    if url is not None:
        draw_qr(doc, url, qr_x, qr_y)
        doc.text_at(qr_x - 2.0, qr_y + 4.0, "Check", size=9, anchor="end")
        doc.text_at(qr_x - 2.0, qr_y + 8.0, "your answer:", size=9, anchor="end")
    else:
        qr_x = right + 3.0  # the answer lines run to the margin
    fields = side_fields(problem)
    below = diagram_width(problem) > DIAGRAM_WIDTH  # a whole deal: a narrow column
    for k, field in enumerate(fields):
        if below:  # under the QR code, across the column, in the whole deal's tall body
            y = qr_y + QR_SIZE + 2.0 + (k + 1) * ANSWER_LINE
            answer_line(doc, field, right - column, y, right)
            continue
        y = qr_y + QR_SIZE - (len(fields) - 1 - k) * ANSWER_LINE
        answer_line(doc, field, right - column, y, qr_x - 3.0)
    for k, field in enumerate(wide_fields(problem)):
        answer_line(doc, field, doc.left, body + body_height(problem) + 6.0 + k * WIDE_LINE, right)
    doc.y = top + plan.height - FOOT / 2
    doc.line(doc.left, doc.y, right, doc.y, 0.4)
    doc.y += FOOT / 2


def answer_line(doc: Document, label: str, x: float, y: float, end: float) -> None:
    """A labelled line to write on, its label's baseline at ``y``, running to ``end``."""
    doc.text_at(x, y, label, size=10)
    doc.line(x + text_width(label, 10) + 1.5, y + 0.8, end, y + 0.8, 0.5)


def side_fields(problem: Problem) -> tuple[str, ...]:
    """The labels of the short answer lines beside the QR code (the question says what
    they are for): a card and a net."""
    if problem.question == "play":
        return ("Card:", f"Net for {side_name(problem.seat)}:")
    return ()


def wide_fields(problem: Problem) -> tuple[str, ...]:
    """The labels of the answer lines across the page below the diagram, for answers too
    long to write beside the QR code: the legal cards, up to a whole hand of six ("R10 G10
    P10 B10 R9 G9" is about 105 mm by hand), or a seat ("B's ghost", 45 mm)."""
    return {"legal": ("Cards:",), "winner": ("Winner:",)}.get(problem.question, ())


KEY_SIZE = 9.0


def key_height(problem: Problem, width: float) -> float:
    """The room :func:`draw_key` takes."""
    lines = KIND.explain(problem)
    head = text_height(key_heading(problem, "Puzzle 00"), 11, width, bold=True) + 1.5
    return head + sum(text_height(line, KEY_SIZE, width) for line in lines) + 3.0


def key_heading(problem: Problem, title: str) -> str:
    return f"{title}   ({problem.id}, {problem.grade.text})"


def draw_key(doc: Document, problem: Problem, title: str) -> None:
    """A problem's answer: every card's net and the line of play (or the rule, for a
    drill), in the kind's own words."""
    doc.text(key_heading(problem, title), size=11, bold=True)
    doc.y += 1.5
    for line in KIND.explain(problem):
        doc.text(line, size=KEY_SIZE)
    doc.y += 3.0


DESIGN = PuzzleDesign(
    title="Costly Tricks problems",
    subject="Costly Tricks problems from PARADOX",
    instructions=instructions,
    plan=plan_puzzle,
    draw=draw_puzzle,
    key_height=key_height,
    draw_key=draw_key,
)
"""Costly Tricks problems on a worksheet."""

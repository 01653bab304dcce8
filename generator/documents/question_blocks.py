"""Question puzzles on paper (:mod:`printables.questions`): one design serves every
question kind (nada, secret card, cipher, poker, placement, challenge), since each puzzle
says what to print: its question, its groups of cards with their labels, and the labels
of its answer lines.

A puzzle's block: "Puzzle N", the question and the id on top; the groups as small real
cards with their names, labelled, flowing left to right (a group whose layout matters,
such as a grid, keeps its cards a row); the answer lines and the QR code of the checking
page beside the cards or below them, whichever is shorter. The key gives the answer as a
pupil would write it, the grade and the kind's reasons; each answer is checked by the
kind's own judge before it is printed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.documents.blocks import (
    GAP,
    MIN_SCALE,
    NAME_BAND,
    QR_BLOCK,
    QR_SIZE,
    BlockPlan,
    PuzzleDesign,
    draw_answer_grid,
    draw_card,
    draw_qr,
    grid_size,
    mini_size,
)
from generator.documents.document import FILL, Document, text_height
from generator.draw.fonts import text_width
from printables.cards.deck import Card
from printables.puzzles import kind_of
from printables.questions.base import Group, Question, QuestionKind

HEAD_SIZE = 10.0
"""The question's type size."""
LABEL = 4.2
"""Above each group of cards: its label and note."""
GROUP_GAP = 6.0
"""Between groups side by side, and between bands of groups."""
ANSWER_LINE = 8.0
ANSWER_WIDTH = 62.0
"""The answer lines' column (without the QR code)."""
WIDEST = 100.0
"""The widest the answer lines grow for a long answer (more lines below hold the rest)."""
HAND = 5.0
"""mm a character takes written by hand: an answer line holds its answer at this size."""
CARD_NAMES = {n: 5 * n - 1 for n in range(1, 10)}
"""Characters of ``n`` card names written with a space between (``Rg=T`` is four)."""
ANSWER_CHARS: dict[tuple[str, str], int] = {
    ("nada", "most"): CARD_NAMES[3],  # a nada: three cards
    ("nada", "out"): CARD_NAMES[3],
    ("nada", "discard"): CARD_NAMES[1],
    ("poker", "rank"): len("A B C D E"),  # five hands, best first
    ("poker", "best"): CARD_NAMES[5],
    ("placement", "eighty-one"): CARD_NAMES[4],  # a column of four cards
    ("placement", "good-riddance"): CARD_NAMES[4],
    ("placement", "tiles"): CARD_NAMES[3],
    ("secret-card", "secret"): CARD_NAMES[1],
    ("secret-card", "clue"): len("Clue 10"),
    ("cipher", "which"): 1,
    ("cipher", "pattern"): len("2-2-2 (2 shared by all)"),
    ("cipher", "complete"): CARD_NAMES[1],
    ("challenge", "split"): CARD_NAMES[9],  # a set of nine cards
    ("challenge", "pair-free"): CARD_NAMES[6],
}
"""The longest right answer to one answer line, in characters, by kind and question (the
test of every kind's answers holds the kinds to them)."""
DEFAULT_CHARS = CARD_NAMES[5]
"""For a question not in :data:`ANSWER_CHARS`: five card names."""
SIDE_GAP = 5.0
FOOT = 4.0
KEY_SIZE = 9.0
ID_ROOM = 34.0
"""At the heading's right: the id."""


@dataclass(frozen=True)
class Flow:
    """Groups placed in bands: each group's place, the height used, and the last band's top
    and the width left free at its right (where the answer column may sit)."""

    placed: list[Placed]
    height: float
    last_top: float
    free: float


@dataclass(frozen=True)
class Placed:
    """A group of cards placed in a block: its top-left corner (relative to the cards'
    area) and how many cards a row."""

    group: Group
    x: float
    y: float
    per_row: int


def group_label(group: Group) -> str:
    return f"{group.label} ({group.note})" if group.note else group.label


def flow(groups: tuple[Group, ...], width: float, scale: float) -> Flow:
    """The groups placed left to right in bands ``width`` mm wide."""
    size = mini_size(scale)
    step = size.width + GAP
    fit = max(1, int((width + GAP) // step))
    placed: list[Placed] = []
    x = y = band = 0.0
    for group in groups:
        count = max(1, len(group.cells))
        if group.per_row:
            per_row = min(group.per_row, fit)
        else:
            rows = -(-count // fit)
            per_row = -(-count // rows)
        rows = -(-count // per_row)
        label = text_width(group_label(group), 8.5, bold=True)
        group_w = max(per_row * step - GAP, label)
        group_h = LABEL + rows * (size.height + NAME_BAND) + (rows - 1) * GAP
        if x > 0 and x + group_w > width:
            x, y, band = 0.0, y + band + GROUP_GAP / 2, 0.0
        placed.append(Placed(group, x, y, per_row))
        x += group_w + GROUP_GAP
        band = max(band, group_h)
    return Flow(placed, y + band, y, width - x + GROUP_GAP)


def head_height(puzzle: Question, width: float) -> float:
    return max(6.5, text_height(puzzle.text, HEAD_SIZE, width - 28.0 - ID_ROOM, bold=True)) + 2.0


def answer_chars(puzzle: Question) -> int:
    """The characters the longest right answer to one of the puzzle's answer lines takes
    (the same for every puzzle of its question, so the space gives nothing away)."""
    return ANSWER_CHARS.get((puzzle.kind, puzzle.question), DEFAULT_CHARS)


def field_room(field: str) -> float:
    """How far a field's label and the gap after it reach along its first line."""
    return text_width(field, 10) + 1.5 if field else 0.0


def answer_column(puzzle: Question) -> float:
    """The answer lines' width: :data:`ANSWER_WIDTH`, or wider (up to :data:`WIDEST`) when
    an answer written by hand needs it."""
    if not puzzle.answer_fields:
        return 0.0
    need = max(field_room(f) for f in puzzle.answer_fields) + HAND * answer_chars(puzzle)
    return max(ANSWER_WIDTH, min(WIDEST, need))


def field_lines(puzzle: Question, field: str) -> int:
    """The lines a field takes: its labelled line, and more below it (from the column's
    left) until they hold the longest right answer written by hand."""
    width = answer_column(puzzle)
    need = HAND * answer_chars(puzzle) - (width - field_room(field))
    return 1 + max(0, math.ceil(need / width - 1e-9))


def answer_size(puzzle: Question, qr: bool) -> tuple[float, float]:
    """The answer column: its grid (a layout's) or its lines, and the QR code to their
    right."""
    grid_w, grid_h = grid_size(*puzzle.answer_grid)
    width = max(grid_w, answer_column(puzzle))
    count = sum(field_lines(puzzle, field) for field in puzzle.answer_fields)
    lines = count * ANSWER_LINE + (grid_h + 2.0 if grid_h else 0.0) + 2.0
    return width + (3.0 + QR_SIZE if qr else 0.0), max(lines, QR_BLOCK if qr else 0.0)


def answer_top(puzzle: Question, width: float, scale: float, qr: bool) -> float:
    """Where the answer column starts below the question, when the cards take the whole
    width: beside the last band of cards if it leaves room, else below the cards."""
    placed = flow(puzzle.groups, width, scale)
    if placed.free >= answer_size(puzzle, qr)[0] + SIDE_GAP:
        return placed.last_top
    return placed.height + 3.0


def plan_puzzle(puzzle: Question, width: float, room: float, qr: bool = True) -> BlockPlan | None:
    """The largest small cards (down to :data:`MIN_SCALE`) with which the block fits
    ``room`` mm, the answer column beside the cards or below them (or beside their last
    row); None when it cannot."""
    head = head_height(puzzle, width)
    answer_w, answer_h = answer_size(puzzle, qr)
    for step in range(41):
        scale = round(1.0 - step * 0.01, 2)
        if scale < MIN_SCALE:
            break
        cards_h = flow(puzzle.groups, width, scale).height
        below = max(cards_h, answer_top(puzzle, width, scale, qr) + answer_h)
        options = [(head + below + FOOT, False)]
        beside_w = width - answer_w - SIDE_GAP
        if beside_w >= 3 * mini_size(scale).width:
            cards_h = flow(puzzle.groups, beside_w, scale).height
            options.append((head + max(cards_h, answer_h) + FOOT, True))
        fitting = [(h, beside) for h, beside in options if h <= room + 1e-9]
        if fitting:
            height, beside = min(fitting)
            return BlockPlan(height, scale, beside)
    return None


def draw_groups(doc: Document, puzzle: Question, x: float, y: float, width: float,
                scale: float) -> None:  # fmt: skip
    """The puzzle's groups of cards, labelled, top-left at (x, y)."""
    size = mini_size(scale)
    for item in flow(puzzle.groups, width, scale).placed:
        left, top = x + item.x, y + item.y
        doc.text_at(left, top + 3.0, item.group.label, size=8.5, bold=True)
        if item.group.note:
            after = text_width(item.group.label, 8.5, bold=True) + 1.5
            doc.text_at(left + after, top + 3.0, f"({item.group.note})", size=8.5)
        for k, cell in enumerate(item.group.cells):
            row, col = divmod(k, item.per_row)
            cx = left + col * (size.width + GAP)
            cy = top + LABEL + row * (size.height + NAME_BAND + GAP)
            if isinstance(cell, Card):
                draw_card(doc, cell, cx, cy, scale)
            elif cell == "?":  # the marked place: a bold frame with a question mark
                doc.rect(cx, cy, size.width, size.height, width=1.6)
                doc.text_at(cx + size.width / 2, cy + size.height * 0.65, "?", size=20,
                            bold=True, anchor="middle")  # fmt: skip
            else:  # an empty place of the grid: a light frame
                doc.rect(cx, cy, size.width, size.height, fill=FILL, stroke=False)


def draw_answer(doc: Document, puzzle: Question, x: float, y: float, url: str | None) -> None:
    """The answer grid or lines at (x, y), and the QR code of the checking page to their
    right."""
    width, _ = answer_size(puzzle, url is not None)
    right = x + width - (3.0 + QR_SIZE if url is not None else 0.0)
    if url is not None:
        draw_qr(doc, url, right + 3.0, y)
    if puzzle.answer_grid != (0, 0):
        draw_answer_grid(doc, *puzzle.answer_grid, x, y + 1.0)
        y += grid_size(*puzzle.answer_grid)[1] + 2.0
    line = 0
    for field in puzzle.answer_fields:
        for k in range(field_lines(puzzle, field)):
            base = y + 6.0 + line * ANSWER_LINE
            line += 1
            if k == 0 and field:
                doc.text_at(x, base, field, size=10)
            start = x + (field_room(field) if k == 0 else 0.0)
            doc.line(start, base + 0.8, right, base + 0.8, 0.5)


def draw_puzzle(
    doc: Document, puzzle: Question, number: int, url: str | None, plan: BlockPlan
) -> None:
    """A question on a worksheet, as planned: the question, the cards, the answer lines
    and (with an address) the QR code of its checking page."""
    top = doc.y
    doc.text_at(doc.left, top + 5.0, f"Puzzle {number}", size=13, bold=True)
    doc.y = top + 1.2
    doc.text(puzzle.text, size=HEAD_SIZE, bold=True, x=doc.left + 28.0,
             width=doc.width - 28.0 - ID_ROOM)  # fmt: skip
    right = doc.left + doc.width
    label = f"id {puzzle.id}"
    size = min(9.0, 9.0 * (ID_ROOM - 2.0) / text_width(label, 9.0))
    doc.text_at(right, top + 5.0, label, size=size, anchor="end")
    body = top + head_height(puzzle, doc.width)
    answer_w, _ = answer_size(puzzle, url is not None)
    if plan.beside:
        draw_groups(doc, puzzle, doc.left, body, doc.width - answer_w - SIDE_GAP, plan.scale)
        draw_answer(doc, puzzle, right - answer_w, body, url)
    else:
        draw_groups(doc, puzzle, doc.left, body, doc.width, plan.scale)
        top_of_answer = answer_top(puzzle, doc.width, plan.scale, url is not None)
        draw_answer(doc, puzzle, right - answer_w, body + top_of_answer, url)
    doc.y = top + plan.height - FOOT / 2
    doc.line(doc.left, doc.y, right, doc.y, 0.4)
    doc.y = top + plan.height


def key_heading(puzzle: Question, title: str) -> str:
    return f"{title}   ({puzzle.id}, {puzzle.grade})"


def key_height(puzzle: Question, width: float) -> float:
    """The room :func:`draw_key` takes."""
    head = text_height(key_heading(puzzle, "Puzzle 00"), 11, width, bold=True) + 1.5
    answer = text_height(f"Answer: {puzzle.answer}", 10, width, bold=True)
    lines = sum(text_height(line, KEY_SIZE, width) for line in puzzle.key)
    return head + answer + lines + 3.0


def draw_key(doc: Document, puzzle: Question, title: str) -> None:
    """A puzzle's answer as a pupil would write it, and why, in the kind's words; the
    answer is judged by the kind before it is printed."""
    kind = kind_of(puzzle.id)
    if not kind.check(puzzle, puzzle.answer).right:  # never printed: the engine would be wrong
        raise AssertionError(f"the key of {puzzle.id} is not judged right")
    doc.text(key_heading(puzzle, title), size=11, bold=True)
    doc.y += 1.5
    doc.text(f"Answer: {puzzle.answer}", size=10, bold=True)
    for line in puzzle.key:
        doc.ensure(text_height(line, KEY_SIZE, doc.width))
        doc.text(line, size=KEY_SIZE)
    doc.y += 3.0


def design(kind: QuestionKind) -> PuzzleDesign:
    """How worksheets print ``kind``'s puzzles."""
    return PuzzleDesign(
        title=f"{kind.title} puzzles",
        subject=f"{kind.title} puzzles from the 4D Playing Cards rulebook",
        instructions=lambda puzzle: kind.rules_for(puzzle.question),
        plan=plan_puzzle,
        draw=draw_puzzle,
        key_height=key_height,
        draw_key=draw_key,
    )

"""Matrix on paper: an empty grid to write an answer in, a puzzle's block on a worksheet,
and a puzzle's answer key; :data:`DESIGN` is how worksheets print Matrix puzzles.

The key's grid is re-checked by the flush rule before it is printed, and its words come
from the puzzle kind (:meth:`printables.matrix.puzzles.MatrixKind.explain`), as the
checking page's do.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.documents.blocks import (
    MIN_SCALE,
    QR_BLOCK,
    QR_SIZE,
    BlockPlan,
    PuzzleDesign,
    cards_height,
    draw_answer_grid,
    draw_cards,
    draw_qr,
    grid_size,
    mini_size,
)
from generator.documents.document import BODY, Column, Document, text_height
from printables.matrix.check import check_grid
from printables.matrix.proofs import RULES
from printables.matrix.puzzles import KIND, Puzzle

PROOF = 8.5
"""The type size of a case-by-case proof's steps in a key."""


def instructions(puzzle: Puzzle) -> str:
    return (
        f"Arrange the cards in {puzzle.rows} rows and {puzzle.cols} columns so that every row "
        "and every column shares at least one value (a color, shade, pattern or shape). Write "
        "the card names in the grid. If the set cannot be solved, tick Impossible and be ready "
        "to say why."
    )


HEAD = 6.5
"""The puzzle's heading line: its number, size and id."""
FOOT = 4.0
"""Below the block: its rule and the space before the next."""
SIDE_GAP = 5.0
"""Between the cards and the answer space beside them."""
TICK_LINE = 9.0
"""Below the grid: the Impossible box and the time (when the answer space is beside)."""


def answer_size(puzzle: Puzzle, qr: bool) -> tuple[float, float]:
    """The answer space beside the cards: the grid, the Impossible box and the time below
    it, and the QR code to its right."""
    grid_w, grid_h = grid_size(puzzle.rows, puzzle.cols)
    width = grid_w + (3.0 + QR_SIZE if qr else 0.0)
    return max(width, 66.0), max(grid_h + TICK_LINE, QR_BLOCK if qr else 0.0)


def plan_puzzle(puzzle: Puzzle, width: float, room: float, qr: bool = True) -> BlockPlan | None:
    """The largest small cards (down to :data:`MIN_SCALE`) with which the puzzle's block
    fits ``room`` mm, with its answer space beside the cards or below them; None when it
    cannot fit."""
    count = len(puzzle.cards)
    answer_w, answer_h = answer_size(puzzle, qr)
    below_h = max(grid_size(puzzle.rows, puzzle.cols)[1], QR_BLOCK if qr else 0.0)
    best: BlockPlan | None = None
    for step in range(41):
        scale = round(1.0 - step * 0.01, 2)
        if scale < MIN_SCALE:
            break
        beside_w = width - answer_w - SIDE_GAP
        heights = [(HEAD + 3.0 + cards_height(count, width, scale) + 3.0 + below_h + FOOT, False)]
        if beside_w >= 3 * mini_size(scale).width:  # room for three cards a row
            cards_h = cards_height(count, beside_w, scale)
            heights.append((HEAD + 3.0 + max(cards_h, answer_h) + FOOT, True))
        fitting = [(h, beside) for h, beside in heights if h <= room + 1e-9]
        if fitting:
            height, beside = min(fitting)
            best = BlockPlan(height, scale, beside)
            break
    return best


def draw_puzzle(
    doc: Document, puzzle: Puzzle, number: int, url: str | None, plan: BlockPlan
) -> None:
    """A puzzle on a worksheet: its cards, a grid for the answer, an Impossible box, a line
    for the time and (with an address) the QR code of its checking page; the answer space
    beside the cards or below them, as planned."""
    top = doc.y
    doc.text_at(doc.left, top + 5.0, f"Puzzle {number}", size=13, bold=True)
    shape = f"{puzzle.size_text}: {puzzle.rows} rows of {puzzle.cols} cards"
    doc.text_at(doc.left + 28.0, top + 5.0, shape, size=10)
    doc.text_at(doc.left + doc.width, top + 5.0, f"id {puzzle.id}", size=10, anchor="end")
    body = top + HEAD + 3.0
    grid_w, grid_h = grid_size(puzzle.rows, puzzle.cols)
    right = doc.left + doc.width
    if plan.beside:
        answer_w, _ = answer_size(puzzle, url is not None)
        doc.y = body
        draw_cards(doc, puzzle.cards, doc.width - answer_w - SIDE_GAP, scale=plan.scale)
        grid_x = right - answer_w
        draw_answer_grid(doc, puzzle.rows, puzzle.cols, grid_x, body)
        tick_y = body + grid_h + 2.0
        used = doc.checkbox(grid_x, tick_y, "Impossible")
        doc.text_at(grid_x + used + 2.0, tick_y + 3.4, "Time: ______ s", size=10)
        if url is not None:
            draw_qr(doc, url, right - QR_SIZE, body)
    else:
        doc.y = body
        draw_cards(doc, puzzle.cards, scale=plan.scale)
        grid_top = doc.y + 3.0
        draw_answer_grid(doc, puzzle.rows, puzzle.cols, doc.left, grid_top)
        x = doc.left + grid_w + 8.0
        doc.checkbox(x, grid_top, "Impossible")
        doc.text_at(x, grid_top + 12.0, "Time: ______ s", size=10)
        if url is not None:
            qr_x = right - QR_SIZE
            draw_qr(doc, url, qr_x, grid_top)
            doc.text_at(qr_x - 2.0, grid_top + 4.0, "Check", size=9, anchor="end")
            doc.text_at(qr_x - 2.0, grid_top + 8.0, "your answer:", size=9, anchor="end")
    doc.y = top + plan.height - FOOT / 2
    doc.line(doc.left, doc.y, right, doc.y, 0.4)
    doc.y = top + plan.height


def grade_line(puzzle: Puzzle) -> str:
    """Below a key's heading: how hard the puzzle is and why, in a teacher's words."""
    text = puzzle.grade.text
    return text[:1].upper() + text[1:] + "."


def key_preface(puzzles: Sequence[Puzzle]) -> str:
    """Said once at the head of a key whose puzzles include a proof case by case: the
    rules every proof would otherwise repeat."""
    return RULES if any(puzzle.proof is not None for puzzle in puzzles) else ""


def key_reason(puzzle: Puzzle) -> tuple[str, ...]:
    """Why an impossible set is, as its key prints it: the short reason, or the proof's
    steps without the rules :func:`key_preface` has said."""
    return puzzle.impossibility if puzzle.proof is None else puzzle.proof.brief_lines


def key_height(puzzle: Puzzle, width: float) -> float:
    """The room :func:`draw_key` takes."""
    head = 7.0 + text_height(grade_line(puzzle), 9, width)
    if puzzle.solution is not None:
        explained = KIND.explain(puzzle)
        return head + 7.0 + puzzle.rows * 7.0 + text_height(explained[0], 9, width) + 3.0
    explained = key_reason(puzzle)
    size = BODY if len(explained) == 1 else PROOF
    return head + sum(text_height(line, size, width) + 0.8 for line in explained) + 3.0


def draw_key(doc: Document, puzzle: Puzzle, title: str) -> None:
    """A puzzle's answer: a solution grid with what each line shares, or why it is
    impossible. The grid is re-checked by the flush rule before it is printed."""
    doc.text(f"{title}   ({puzzle.id})", size=11, bold=True)
    doc.text(grade_line(puzzle), size=9)
    doc.y += 1.5
    if puzzle.solution is None:  # the grade line has said "impossible" and how it is shown
        explained = key_reason(puzzle)
        size = BODY if len(explained) == 1 else PROOF  # a proof's steps, one a paragraph
        for line in explained:
            doc.ensure(text_height(line, size, doc.width))
            doc.text(line, size=size)
            doc.y += 0.8
        doc.y += 2.2
        return
    if not check_grid(puzzle.solution).ok:  # never printed: the engine would be wrong
        raise AssertionError(f"the key of {puzzle.id} does not solve it")
    columns = [Column(f"{c + 1}", 18.0, align="center") for c in range(puzzle.cols)]
    rows = [[str(card) for card in row] for row in puzzle.solution]
    doc.table(columns, rows, row_height=7.0, size=BODY)
    doc.text(KIND.explain(puzzle)[0], size=9)
    doc.y += 3.0


DESIGN = PuzzleDesign(
    title="Matrix puzzles",
    subject="Matrix puzzles from the 4D Playing Cards rulebook",
    instructions=instructions,
    plan=plan_puzzle,
    draw=draw_puzzle,
    key_height=key_height,
    draw_key=draw_key,
    key_preface=key_preface,
)
"""Matrix puzzles on a worksheet."""

"""Synthetic scans of scannable answer pages, to prove a grader against known answers.

A page of the project's own PDF is rendered (:func:`render_page`), boxes are filled as a
pupil's hand would fill them (:func:`draw_mark`, :data:`MARK_STYLES`; which boxes from what
the pupil means: :class:`Intent`, :func:`answer_boxes`, :func:`random_intents`), and the
page is then printed and scanned, or photographed, in effect (:class:`Effects`,
:func:`scan_effects`, :func:`random_effects`). :func:`synthetic_scan` does all three and
returns the image with its truth: one :class:`Mark` for every box drawn in.
:func:`write_images` and :func:`images_pdf` write the pages as image files or as one PDF
of images (what a copier's scan-to-PDF gives).

Boxes are named by their index in the page layout's ``boxes`` list. Every random choice
comes from the caller's ``numpy.random.Generator``: the same seed gives the same pixels.

Test modules import it as ``synthetic_scans`` (``tests/support/`` is on pytest's
``pythonpath``).
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import cv2
import numpy as np
import pypdfium2 as pdfium
from costly_intents import CostlyIntent, costly_intent_boxes
from mat_intents import MatIntent, seconds_boxes
from numpy.typing import NDArray
from PIL import Image
from question_intents import QuestionIntent, question_intent_boxes

from generator.scan.layout import Box, PageLayout
from printables.matrix.puzzles import get_puzzle

Gray = NDArray[np.uint8]
"""A grayscale image: rows of pixels, 0 black to 255 white."""
MM = 25.4
"""Millimetres an inch."""

MarkStyle = Literal[
    "pen", "pencil", "part-filled", "over-the-line", "crossed-out", "stray-dot", "pencil-light"
]
MARK_STYLES: tuple[MarkStyle, ...] = (
    "pen", "pencil", "part-filled", "over-the-line", "crossed-out", "stray-dot", "pencil-light"
)  # fmt: skip
"""Every way a box is drawn in. ``stray-dot`` means the box EMPTY (a slip of the pen);
``crossed-out`` is a filled box with an X over it (ink, but not an answer); the others are
a box meant filled."""
FILL_STYLES: tuple[MarkStyle, ...] = (
    "pen", "pencil", "part-filled", "over-the-line", "pencil-light"
)  # fmt: skip
"""The styles a meant answer is drawn in."""

Placement = Mapping[str, tuple[int, int]]
"""Where a pupil puts cards: a card's name (``Rb=T``) -> (row, column), 1 the first."""
Answer = Literal["impossible"] | Placement
"""A pupil's answer to a Matrix puzzle: ``"impossible"``, or where the cards go."""
Case = Literal["right", "swapped", "missing", "wrong-impossible", "wrong-placed", "blank",
               "changed", "unreplaced"]  # fmt: skip
CASES: tuple[Case, ...] = ("right", "swapped", "missing", "wrong-impossible", "wrong-placed",
                           "blank", "changed", "unreplaced")  # fmt: skip
"""How a pupil answers a puzzle (:func:`random_intent`)."""


def render_page(pdf: Path | bytes, pdf_page: int, dpi: int) -> Gray:
    """Page ``pdf_page`` (1 the first) of a PDF, in gray at ``dpi`` dots an inch."""
    source = str(pdf) if isinstance(pdf, Path) else pdf
    document = pdfium.PdfDocument(source)
    try:
        bitmap = document[pdf_page - 1].render(scale=dpi / 72, grayscale=True)
        image = np.asarray(bitmap.to_numpy())
    finally:
        document.close()
    gray = image if image.ndim == 2 else image[..., 0]
    return np.ascontiguousarray(gray, dtype=np.uint8)


def box_pixels(box: Box, dpi: float) -> tuple[float, float, float, float]:
    """A box's rectangle in pixels of a page rendered at ``dpi``: (x0, y0, x1, y1)."""
    px = dpi / MM
    rect = box.rect
    return rect.x * px, rect.y * px, rect.right * px, rect.bottom * px


# -- marks --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """The truth about one box drawn in: its index in the page layout's ``boxes``, how it
    was drawn, whether the mark is meant to read as a filled box (``ink``: every style but
    ``stray-dot``) and whether it is a meant answer (``counts``: not a crossed-out box)."""

    box: int
    style: MarkStyle
    ink: bool
    counts: bool


SUPER = 4
"""Marks are drawn at this many times the page's resolution, then averaged down."""


def _outline(
    rng: np.random.Generator, cx: float, cy: float, half_w: float, half_h: float, wobble: float
) -> NDArray[np.float64]:
    """An irregular closed shape around (cx, cy): a rectangle of half-sides ``half_w`` x
    ``half_h`` whose edge wanders by up to ``wobble`` (all in pixels), as a hand colours
    up to a line."""
    points: list[tuple[float, float]] = []
    corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
    drift = 0.0
    for k in range(4):
        (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 4]
        steps = int(rng.integers(5, 9))
        for t in np.linspace(0.0, 1.0, steps, endpoint=False):
            drift = 0.6 * drift + rng.normal(0.0, 0.55)
            push = float(np.clip(drift, -1.0, 1.0)) * wobble
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            nx, ny = (0.0, ay) if ay == by else (ax, 0.0)  # the edge's outward normal
            points.append((cx + x * half_w + nx * push, cy + y * half_h + ny * push))
    return np.array(points)


def _strokes(
    rng: np.random.Generator, x0: float, y0: float, x1: float, y1: float, width: float
) -> list[NDArray[np.float64]]:
    """Back-and-forth strokes of a pen ``width`` px wide covering (x0, y0)-(x1, y1), across
    or up and down and a little tilted, each turn a little beyond or short of the edge:
    how a box is scribbled in."""
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    across = rng.random() < 0.6
    half_w, half_h = (x1 - x0) / 2, (y1 - y0) / 2
    half_long, half_short = (half_w, half_h) if across else (half_h, half_w)
    tilt = rng.normal(0.0, math.radians(6))
    pitch = width * rng.uniform(0.5, 0.8)
    path: list[tuple[float, float]] = []
    v, first = -half_short + width * rng.uniform(0.2, 0.5), True
    while v <= half_short - width * 0.2:
        over = rng.normal(0.1, 0.3) * width
        u = (half_long - width / 2 + over) * (-1 if first else 1)
        path.append((u, v + rng.normal(0.0, 0.08) * width))
        v += pitch * rng.uniform(0.8, 1.2)
        first = not first
    if len(path) < 2:
        return []
    local = np.array(path)
    turn = np.array([[math.cos(tilt), -math.sin(tilt)], [math.sin(tilt), math.cos(tilt)]])
    local = local @ turn.T
    if not across:
        local = local[:, ::-1]
    return [local + np.array([cx, cy])]


def _texture(rng: np.random.Generator, shape: tuple[int, int], grain: float) -> NDArray[np.float64]:
    """A pencil's grain: 1 - ``grain`` to 1, in streaks along a random slant."""
    noise = rng.random(shape)
    length = max(3, int(min(shape) / 6)) | 1
    kernel = np.zeros((length, length))
    angle = rng.uniform(0, math.pi)
    c = length // 2
    for t in np.linspace(-c, c, 2 * length):
        kernel[round(c + t * math.sin(angle)), round(c + t * math.cos(angle))] = 1.0
    streaks = cv2.filter2D(noise, -1, kernel / kernel.sum())
    streaks = (streaks - streaks.min()) / max(float(np.ptp(streaks)), 1e-9)
    mixed = 0.6 * streaks + 0.4 * noise
    return np.asarray(1.0 - grain * mixed, dtype=np.float64)


def _apply(image: Gray, cover: NDArray[np.float64], ox: int, oy: int, ink: float) -> None:
    """Darken ``image`` in place where ``cover`` (0-1, at :data:`SUPER` times the image's
    resolution, its top-left at image pixel (ox, oy)) lays ink of gray ``ink`` (as ink
    does: over black it stays black)."""
    h, w = cover.shape[0] // SUPER, cover.shape[1] // SUPER
    alpha = cv2.resize(cover[: h * SUPER, : w * SUPER], (w, h), interpolation=cv2.INTER_AREA)
    x0, y0 = max(ox, 0), max(oy, 0)
    x1, y1 = min(ox + w, image.shape[1]), min(oy + h, image.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    a = alpha[y0 - oy : y1 - oy, x0 - ox : x1 - ox]
    region = image[y0:y1, x0:x1].astype(np.float64)
    out = region * (1.0 - a * (1.0 - ink / 255.0))
    image[y0:y1, x0:x1] = np.clip(np.rint(out), 0, 255).astype(np.uint8)


def draw_mark(
    image: Gray, box: Box, dpi: float, style: MarkStyle, rng: np.random.Generator
) -> None:
    """Draw a pupil's mark of ``style`` in ``box`` of a page ``image`` rendered at ``dpi``
    (in place).

    - ``pen``: gray 15-40, near fully filled by scribbled strokes, edge irregular, a
      little over the line here and there;
    - ``pencil``: gray 90-140, grainy, 75-100 % of the box;
    - ``part-filled``: pen over 60-85 % of the box, still clearly meant;
    - ``over-the-line``: pen spilling 0.5-1.5 mm out of the box on one side or more;
    - ``crossed-out``: a pen or pencil fill with an X drawn over it, past the corners;
    - ``stray-dot``: a dot of at most 0.8 mm or a short pen touch, in the box or just
      beside it (the box is meant EMPTY);
    - ``pencil-light``: a light but deliberate grainy fill, gray 150-170.
    """
    px = dpi / MM
    x0, y0, x1, y1 = box_pixels(box, dpi)
    pad = int(3.0 * px) + 2
    ox, oy = int(x0) - pad, int(y0) - pad
    size_w, size_h = int(x1 - x0) + 2 * pad + 2, int(y1 - y0) + 2 * pad + 2
    cover = np.zeros((size_h * SUPER, size_w * SUPER), dtype=np.float64)

    def at(x: float, y: float) -> tuple[float, float]:
        return (x - ox) * SUPER, (y - oy) * SUPER

    cx, cy = at((x0 + x1) / 2, (y0 + y1) / 2)
    half_w, half_h = (x1 - x0) / 2 * SUPER, (y1 - y0) / 2 * SUPER
    mm = px * SUPER
    shift = 16  # cv2's fixed-point bits: sub-pixel drawing

    def fill(points: NDArray[np.float64], value: float = 1.0) -> None:
        cv2.fillPoly(cover, [np.rint(points * (1 << shift)).astype(np.int32)], value,
                     cv2.LINE_AA, shift)  # fmt: skip

    def stroke(points: NDArray[np.float64], width: float, closed: bool = False) -> None:
        cv2.polylines(cover, [np.rint(points * (1 << shift)).astype(np.int32)], closed, 1.0,
                      max(1, round(width)), cv2.LINE_AA, shift)  # fmt: skip

    def scribble(bx0: float, by0: float, bx1: float, by1: float, pen: float) -> None:
        wobble = rng.uniform(0.2, 0.45) * mm
        inset = pen * 0.3
        fill(_outline(rng, (bx0 + bx1) / 2, (by0 + by1) / 2, (bx1 - bx0) / 2 - inset,
                      (by1 - by0) / 2 - inset, wobble), rng.uniform(0.8, 0.95))  # fmt: skip
        for line in _strokes(rng, bx0, by0, bx1, by1, pen):
            stroke(line, pen)

    if style in ("pen", "crossed-out", "over-the-line", "part-filled"):
        ink = rng.uniform(15, 40)
        pen = rng.uniform(0.45, 0.7) * mm
        if style == "part-filled":
            frac = rng.uniform(0.6, 0.85)
            if rng.random() < 0.5:  # a band across, short of one side
                w, h = 2 * half_w * frac, 2 * half_h * rng.uniform(0.95, 1.02)
            else:  # a smaller patch
                w, h = 2 * half_w * math.sqrt(frac), 2 * half_h * math.sqrt(frac)
            left = cx - half_w + rng.uniform(0, 2 * half_w - w)
            top = cy - half_h + rng.uniform(0, max(2 * half_h - h, 0))
            inset = 0.12 * mm
            scribble(left + inset, top + inset, left + w - inset, top + h - inset, pen)
        elif style == "over-the-line":
            spill = [0.0, 0.0, 0.0, 0.0]  # left, top, right, bottom
            for side in rng.choice(4, size=int(rng.integers(1, 4)), replace=False):
                spill[int(side)] = rng.uniform(0.5, 1.5) * mm + 0.25 * mm  # less the wobble
            scribble(cx - half_w - spill[0], cy - half_h - spill[1], cx + half_w + spill[2],
                     cy + half_h + spill[3], pen)  # fmt: skip
        else:
            grow = rng.uniform(-0.05, 0.2) * mm
            scribble(cx - half_w - grow, cy - half_h - grow, cx + half_w + grow,
                     cy + half_h + grow, pen)  # fmt: skip
        if style == "crossed-out":
            reach = rng.uniform(0.5, 1.4) * mm
            for sx in (-1, 1):
                a = (cx - sx * (half_w + reach), cy - (half_h + reach))
                b = (cx + sx * (half_w + reach), cy + (half_h + reach))
                bend = rng.normal(0, 0.3 * mm, 2)
                mid = ((a[0] + b[0]) / 2 + bend[0], (a[1] + b[1]) / 2 + bend[1])
                stroke(np.array([a, mid, b]), pen * rng.uniform(0.8, 1.2))
        _apply(image, np.clip(cover, 0, 1), ox, oy, ink)
    elif style in ("pencil", "pencil-light"):
        light = style == "pencil-light"
        ink = rng.uniform(150, 170) if light else rng.uniform(90, 140)
        frac = rng.uniform(0.85, 1.0) if light else rng.uniform(0.75, 1.0)
        w, h = 2 * half_w * math.sqrt(frac), 2 * half_h * math.sqrt(frac)
        left = cx - half_w + rng.uniform(0, 2 * half_w - w)
        top = cy - half_h + rng.uniform(0, 2 * half_h - h)
        scribble(left, top, left + w, top + h, rng.uniform(0.3, 0.5) * mm)
        grain = _texture(rng, cover.shape, rng.uniform(0.25, 0.45))
        # a grainy fill is lighter on average: darken the lead so the mean stays near ink
        lead = 255.0 - (255.0 - ink) / float(np.mean(grain))
        _apply(image, np.clip(cover, 0, 1) * grain, ox, oy, max(lead, 0.0))
    else:  # stray-dot
        ink = rng.uniform(20, 70)
        where = (rng.uniform(-0.3, 1.3), rng.uniform(-0.3, 1.3))
        if 0.0 < where[0] < 1.0 and 0.0 < where[1] < 1.0 and rng.random() < 0.5:
            where = (rng.uniform(0.15, 0.85), rng.uniform(0.15, 0.85))
        dx, dy = cx - half_w + where[0] * 2 * half_w, cy - half_h + where[1] * 2 * half_h
        if rng.random() < 0.6:  # a dot
            radius = rng.uniform(0.15, 0.4) * mm
            blob = _outline(rng, dx, dy, radius, radius * rng.uniform(0.7, 1.0), 0.1 * radius)
            fill(blob)
        else:  # a short touch of the pen
            length = rng.uniform(0.4, 1.0) * mm
            angle = rng.uniform(0, math.pi)
            a = (dx - math.cos(angle) * length / 2, dy - math.sin(angle) * length / 2)
            b = (dx + math.cos(angle) * length / 2, dy + math.sin(angle) * length / 2)
            stroke(np.array([a, b]), rng.uniform(0.2, 0.35) * mm)
        _apply(image, np.clip(cover, 0, 1), ox, oy, ink)


# -- what a pupil means, and the boxes it fills --------------------------------------------


@dataclass(frozen=True)
class Intent:
    """One puzzle as a pupil answers it: the answer meant (None: left blank); the
    placements first marked and then crossed out (card -> (row, column); their boxes not
    in the answer get an X, and the puzzle's Changed box is filled); and which
    :data:`CASES` this is, with whether the answer meant is right."""

    answer: Answer | None
    crossed: Placement = field(default_factory=dict)
    case: Case = "right"
    right: bool = True


def _find(page: PageLayout, puzzle: str, field_name: str, card: str = "",
          value: int | None = None) -> int:  # fmt: skip
    for index, box in enumerate(page.boxes):
        if (box.kind == "mark" and box.puzzle == puzzle and box.field == field_name
                and box.card == card and box.value == value):  # fmt: skip
            return index
    raise ValueError(f"no {field_name} box {card} {value} for {puzzle} on page {page.number}")


def placement_boxes(page: PageLayout, puzzle: str, placement: Placement) -> list[int]:
    """The boxes (indexes into ``page.boxes``) that place the cards as ``placement`` says:
    for each card its row box and its column box."""
    found: list[int] = []
    for card, (row, col) in placement.items():
        found.append(_find(page, puzzle, "row", card, row))
        found.append(_find(page, puzzle, "column", card, col))
    return found


def answer_boxes(page: PageLayout, answers: Mapping[str, Answer | None]) -> list[int]:
    """The boxes to fill (indexes into ``page.boxes``, in the page's order) for each puzzle's
    answer: its Impossible box, or a row and a column box a card placed; None fills none.
    Raises ValueError for a puzzle, card, row or column the page has no box for."""
    found: set[int] = set()
    for puzzle, answer in answers.items():
        if answer == "impossible":
            found.add(_find(page, puzzle, "impossible"))
        elif answer is not None and not isinstance(answer, str):
            found.update(placement_boxes(page, puzzle, answer))
    return sorted(found)


def intent_boxes(
    page: PageLayout, intents: Mapping[str, Intent | QuestionIntent | CostlyIntent | MatIntent]
) -> tuple[list[int], list[int]]:
    """(boxes meant filled, boxes crossed out) for the pupil's ``intents`` on ``page``: the
    answers' boxes and, for a puzzle with crossed-out placements, its Changed box; and the
    crossed-out placements' boxes that the answer does not also fill (a question puzzle's:
    :func:`question_intents.question_intent_boxes`; a Costly Tricks problem's:
    :func:`costly_intents.costly_intent_boxes`; a MAT form's turn: its set's, and the
    seconds' digits, :func:`mat_intents.seconds_boxes`)."""
    matrix = {p: i for p, i in intents.items() if isinstance(i, Intent)}
    matrix |= {p: i.turn for p, i in intents.items() if isinstance(i, MatIntent)}
    filled = set(answer_boxes(page, {p: i.answer for p, i in matrix.items()}))
    crossed: set[int] = set()
    for puzzle, asked in intents.items():
        if isinstance(asked, MatIntent):
            filled |= seconds_boxes(page, puzzle, asked.seconds)
        if isinstance(asked, QuestionIntent):
            meant, out = question_intent_boxes(page, puzzle, asked)
            filled |= meant
            crossed |= out
        elif isinstance(asked, CostlyIntent):
            meant, out = costly_intent_boxes(page, puzzle, asked)
            filled |= meant
            crossed |= out
    for puzzle, intent in matrix.items():
        if intent.crossed:
            filled.add(_find(page, puzzle, "changed"))
            crossed.update(placement_boxes(page, puzzle, intent.crossed))
    return sorted(filled), sorted(crossed - filled)


def solution_placement(puzzle_id: str) -> Placement | None:
    """Where the solution puts each card (None for an impossible set)."""
    grid = get_puzzle(puzzle_id).solution
    if grid is None:
        return None
    return {str(card): (r + 1, c + 1) for r, row in enumerate(grid) for c, card in enumerate(row)}


def random_intent(puzzle_id: str, rng: np.random.Generator, case: Case | None = None) -> Intent:
    """A pupil's answer to one puzzle, of ``case`` (by default one drawn: mostly right):
    ``right``; ``swapped`` (two cards of the solution exchanged); ``missing`` (a card left
    unplaced); ``wrong-impossible`` (Impossible for a solvable set); ``wrong-placed`` (an
    impossible set's cards placed anyway); ``blank``; ``changed`` (the right answer, one
    card first put elsewhere and crossed out); ``unreplaced`` (one card placed, then
    crossed out and left unplaced; in an impossible set the only card placed). A case a
    set cannot have (swapping in an impossible set) falls back to the wrong answer it
    can have."""
    if case is None:
        weights = np.array([0.45, 0.12, 0.1, 0.06, 0.04, 0.08, 0.15, 0.05])
        case = CASES[int(rng.choice(len(CASES), p=weights / weights.sum()))]
    puzzle = get_puzzle(puzzle_id)
    solution = solution_placement(puzzle_id)
    names = [str(card) for card in puzzle.cards]
    if case == "blank":
        return Intent(None, case="blank", right=False)
    if case == "unreplaced":
        card = names[int(rng.integers(len(names)))]
        if solution is None:
            first = (int(rng.integers(1, puzzle.rows + 1)), int(rng.integers(1, puzzle.cols + 1)))
            return Intent(None, {card: first}, "unreplaced", right=False)
        kept = {name: place for name, place in solution.items() if name != card}
        return Intent(kept, {card: solution[card]}, "unreplaced", right=False)
    if solution is None:  # an impossible set: right is Impossible, wrong is a placement
        if case in ("right", "changed"):
            if case == "right":
                return Intent("impossible")
            card = names[int(rng.integers(len(names)))]
            first = (int(rng.integers(1, puzzle.rows + 1)), int(rng.integers(1, puzzle.cols + 1)))
            return Intent("impossible", {card: first}, "changed")
        order = rng.permutation(len(names))
        placed = {names[int(k)]: (n // puzzle.cols + 1, n % puzzle.cols + 1)
                  for n, k in enumerate(order)}  # fmt: skip
        return Intent(placed, case="wrong-placed", right=False)
    if case == "wrong-impossible" or case == "wrong-placed":
        return Intent("impossible", case="wrong-impossible", right=False)
    answer = dict(solution)
    if case == "swapped":
        a, b = rng.choice(len(names), size=2, replace=False)
        answer[names[int(a)]], answer[names[int(b)]] = (
            solution[names[int(b)]],
            solution[names[int(a)]],
        )
        return Intent(answer, case="swapped", right=False)
    if case == "missing":
        del answer[names[int(rng.integers(len(names)))]]
        return Intent(answer, case="missing", right=False)
    if case == "changed":
        card = names[int(rng.integers(len(names)))]
        row, col = solution[card]
        moved = {0: (True, False), 1: (False, True), 2: (True, True)}[int(rng.integers(3))]
        other_row = (row + int(rng.integers(1, puzzle.rows)) - 1) % puzzle.rows + 1
        other_col = (col + int(rng.integers(1, puzzle.cols)) - 1) % puzzle.cols + 1
        first = (other_row if moved[0] else row, other_col if moved[1] else col)
        return Intent(answer, {card: first}, "changed")
    return Intent(answer)


def random_class(
    puzzle_ids: Sequence[str], pupils: int, rng: np.random.Generator
) -> list[dict[str, Intent]]:
    """A class's answers: for each of ``pupils`` pupils, an :class:`Intent` for every
    puzzle (:func:`random_intent`'s mix of cases)."""
    return [{puzzle: random_intent(puzzle, rng) for puzzle in puzzle_ids} for _ in range(pupils)]


def mark_page(
    image: Gray,
    page: PageLayout,
    dpi: float,
    intents: Mapping[str, Intent | QuestionIntent | CostlyIntent | MatIntent],
    rng: np.random.Generator,
    *,
    styles: Sequence[MarkStyle] = FILL_STYLES,
    strays: int = 0,
) -> list[Mark]:
    """Fill ``page``'s boxes in ``image`` (rendered at ``dpi``; in place) as the pupil's
    ``intents`` say, each meant box in a style drawn from ``styles``, each crossed-out
    box ``crossed-out``, and ``strays`` stray dots in or beside boxes left empty. Returns
    the truth, one :class:`Mark` a box drawn in, in the page's box order."""
    filled, crossed = intent_boxes(page, intents)
    marks = [Mark(k, styles[int(rng.integers(len(styles)))], True, True) for k in filled]
    marks += [Mark(k, "crossed-out", True, False) for k in crossed]
    used = set(filled) | set(crossed)
    empty = [k for k, box in enumerate(page.boxes) if box.kind == "mark" and k not in used]
    if strays:
        chosen = rng.choice(len(empty), size=min(strays, len(empty)), replace=False)
        marks += [Mark(empty[int(k)], "stray-dot", False, False) for k in chosen]
    marks.sort(key=lambda mark: mark.box)
    for mark in marks:
        draw_mark(image, page.boxes[mark.box], dpi, mark.style, rng)
    return marks


# -- printed and scanned --------------------------------------------------------------------


@dataclass(frozen=True)
class Effects:
    """What printing and scanning (or photographing) does to a page.

    ``dpi``: the resolution the page is rendered and scanned at. ``rotation``: degrees,
    counter-clockwise; ``scale``: 1 is true size; ``upside_down``: the sheet fed the
    other way up (turned 180 degrees). ``perspective``: a phone's view, each page corner
    moved by (dx, dy) fractions of the page's width and height (top-left, top-right,
    bottom-right, bottom-left); ``desk``: the page photographed on a darker desk, the
    frame the page and some desk round it (else a scanner's: the paper's size at least,
    its lid white round a skewed page). ``blur``: Gaussian sigma in pixels at 300 dpi
    (scaled to ``dpi``); ``noise``: its standard deviation in gray levels; ``light``: the
    darkest corner's brightness, 1 even light; ``jpeg``: the quality the image was saved
    at (None: not JPEG)."""

    dpi: int = 200
    rotation: float = 0.0
    scale: float = 1.0
    upside_down: bool = False
    perspective: tuple[tuple[float, float], ...] = ()
    desk: bool = False
    blur: float = 0.0
    noise: float = 0.0
    light: float = 1.0
    jpeg: int | None = None


def page_transform(
    effects: Effects, width: int, height: int
) -> tuple[NDArray[np.float64], tuple[int, int]]:
    """Where a page image ``width`` x ``height`` pixels (at ``effects.dpi``) goes in the
    scan: the 3x3 projective matrix taking a point (x, y, 1) of the page image to the
    scan's, in pixel-edge coordinates (pixel (i, j) spans i..i+1, j..j+1, as
    :func:`box_pixels` gives them: ``cv2.perspectiveTransform`` takes box corners through
    it), and the scan's (width, height). On a desk the whole page and some desk round it
    are in the frame; a scanner's frame is the page's size, centred on the page, and
    larger where a skewed page's corner squares (6 mm in from its edges) would not be in
    it with 4 mm to spare."""
    w, h = float(width), float(height)
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float64)
    moved = corners.copy()
    for k, (dx, dy) in enumerate(effects.perspective):
        moved[k] += (dx * w, dy * h)
    centre = np.array([w / 2, h / 2])
    angle = math.radians(effects.rotation + (180.0 if effects.upside_down else 0.0))
    turn = np.array([[math.cos(angle), math.sin(angle)], [-math.sin(angle), math.cos(angle)]])
    matrix = cv2.getPerspectiveTransform(
        corners.astype(np.float32),
        ((moved - centre) @ turn.T * effects.scale + centre).astype(np.float32),
    ).astype(np.float64)
    if effects.desk:
        placed = _through(matrix, corners)
        margin = 0.06 * max(w, h)
        low, high = placed.min(axis=0) - margin, placed.max(axis=0) + margin
    else:
        inset = 2.0 * effects.dpi / MM  # the page corners in 2 mm: 4 mm outside the squares
        inner = corners + np.array([[inset, inset], [-inset, inset], [-inset, -inset],
                                    [inset, -inset]])  # fmt: skip
        placed = _through(matrix, inner)
        low = np.minimum(placed.min(axis=0), [0.0, 0.0])
        high = np.maximum(placed.max(axis=0), [w, h])
    size = (math.ceil(high[0] - low[0]), math.ceil(high[1] - low[1]))
    return _moved(-low[0], -low[1]) @ matrix, size


def _moved(dx: float, dy: float) -> NDArray[np.float64]:
    """The 3x3 matrix moving a point by (dx, dy)."""
    return np.array([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])


def _through(matrix: NDArray[np.float64], points: NDArray[np.float64]) -> NDArray[np.float64]:
    """``points`` (n x 2) taken through the 3x3 projective ``matrix``."""
    mapped = cv2.perspectiveTransform(points.reshape(-1, 1, 2), matrix)
    return np.asarray(mapped, dtype=np.float64).reshape(-1, 2)


def scan_effects(image: Gray, effects: Effects, rng: np.random.Generator) -> Gray:
    """``image`` (a page rendered at ``effects.dpi``) as printed and scanned or photographed
    with ``effects``: moved, turned and in perspective (:func:`page_transform`), on a
    scanner's white lid or a desk, lit unevenly, blurred, noisy, saved as JPEG."""
    edges, (width, height) = page_transform(effects, image.shape[1], image.shape[0])
    matrix = _moved(-0.5, -0.5) @ edges @ _moved(0.5, 0.5)  # cv2 puts pixel centres at integers
    warped = cv2.warpPerspective(image, matrix, (width, height), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=255)  # fmt: skip
    inside = cv2.warpPerspective(np.full(image.shape, 255, np.uint8), matrix, (width, height),
                                 flags=cv2.INTER_LINEAR, borderValue=0)  # fmt: skip
    if effects.desk:
        tone = rng.uniform(60, 110)
        grain = cv2.GaussianBlur(rng.normal(0, 12, (height, width)), (0, 0), 3)
        ground = tone + grain
    else:
        ground = np.full((height, width), rng.uniform(238, 250))
    a = inside.astype(np.float64) / 255.0
    out = warped.astype(np.float64) * a + ground * (1 - a)
    if effects.light < 1.0:
        ys, xs = np.mgrid[0:height, 0:width]
        u, v = xs / max(width - 1, 1), ys / max(height - 1, 1)
        angle = rng.uniform(0, 2 * math.pi)
        slope = (u - 0.5) * math.cos(angle) + (v - 0.5) * math.sin(angle)
        cx, cy = rng.uniform(0.3, 0.7, 2)
        vignette = -((u - cx) ** 2 + (v - cy) ** 2)
        shade = 0.6 * slope + 0.4 * vignette
        shade = (shade - shade.min()) / max(float(np.ptp(shade)), 1e-9)
        out *= effects.light + (1.0 - effects.light) * shade
    if effects.blur > 0:
        out = np.asarray(cv2.GaussianBlur(out, (0, 0), effects.blur * effects.dpi / 300), float)
    if effects.noise > 0:
        out += rng.normal(0, effects.noise, out.shape)
    gray = np.clip(np.rint(out), 0, 255).astype(np.uint8)
    if effects.jpeg is not None:
        ok, data = cv2.imencode(".jpg", gray, [cv2.IMWRITE_JPEG_QUALITY, effects.jpeg])
        assert ok
        return np.asarray(cv2.imdecode(data, cv2.IMREAD_GRAYSCALE), dtype=np.uint8)
    return gray


def random_effects(rng: np.random.Generator, harsh: bool) -> Effects:
    """A mix of effects: mild (a good scanner: 200-300 dpi, turned up to 1.5 degrees,
    little blur and noise, sometimes upside down), or ``harsh`` (150-300 dpi, up to 5
    degrees, scale +-3 %, blur up to 1.2 px, noise, light down to 70 % in a corner,
    JPEG at quality 40-70, and half the time a phone's photo on a desk in perspective,
    corners moved by up to 4 % of the page)."""
    if not harsh:
        return Effects(
            dpi=int(rng.choice([200, 300])),
            rotation=float(rng.uniform(-1.5, 1.5)),
            scale=float(rng.uniform(0.995, 1.005)),
            upside_down=bool(rng.random() < 0.15),
            blur=float(rng.uniform(0.0, 0.6)),
            noise=float(rng.uniform(0.0, 3.0)),
            light=float(rng.uniform(0.92, 1.0)),
            jpeg=None if rng.random() < 0.5 else int(rng.integers(80, 96)),
        )
    photo = bool(rng.random() < 0.5)
    corners = tuple((float(rng.uniform(-0.04, 0.04)), float(rng.uniform(-0.04, 0.04)))
                    for _ in range(4)) if photo else ()  # fmt: skip
    return Effects(
        dpi=int(rng.choice([150, 200, 300])),
        rotation=float(rng.uniform(-5, 5)),
        scale=float(rng.uniform(0.97, 1.03)),
        upside_down=bool(rng.random() < 0.25),
        perspective=corners,
        desk=photo,
        blur=float(rng.uniform(0.6, 1.2)),
        noise=float(rng.uniform(3.0, 9.0)),
        light=float(rng.uniform(0.7, 0.85)),
        jpeg=int(rng.integers(40, 71)),
    )


def synthetic_scan(
    pdf: Path | bytes,
    page: PageLayout,
    intents: Mapping[str, Intent | QuestionIntent | CostlyIntent | MatIntent],
    effects: Effects,
    rng: np.random.Generator,
    *,
    styles: Sequence[MarkStyle] = FILL_STYLES,
    strays: int = 0,
) -> tuple[Gray, list[Mark]]:
    """One answer page filled in by a pupil and scanned: rendered at ``effects.dpi``,
    marked (:func:`mark_page`), then :func:`scan_effects`. Returns the scan and its truth."""
    image = render_page(pdf, page.pdf_page, effects.dpi)
    marks = mark_page(image, page, effects.dpi, intents, rng, styles=styles, strays=strays)
    return scan_effects(image, effects, rng), marks


# -- output ---------------------------------------------------------------------------------


def write_images(
    images: Sequence[Gray], directory: Path, stem: str = "scan", *, jpeg: int | None = None
) -> list[Path]:
    """Write each image as ``stem-1.png``, ``stem-2.png``, ... in ``directory`` (made if
    need be), or as JPEG files of quality ``jpeg``. Returns the paths in order."""
    directory.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for number, image in enumerate(images, 1):
        path = directory / f"{stem}-{number}.{'png' if jpeg is None else 'jpg'}"
        params = [] if jpeg is None else [cv2.IMWRITE_JPEG_QUALITY, jpeg]
        if not cv2.imwrite(str(path), image, params):
            raise OSError(f"could not write {path}")
        paths.append(path)
    return paths


def images_pdf(images: Sequence[Gray], dpi: float, *, jpeg: int = 85) -> bytes:
    """One PDF of the images, a page each, as a copier's scan-to-PDF gives: each page as
    large as its image at ``dpi`` (a scan of the paper's size makes pages of the paper's
    size), the image stored as a JPEG of quality ``jpeg``."""
    if not images:
        raise ValueError("a PDF needs at least one image")
    pages = [Image.fromarray(np.asarray(image, dtype=np.uint8), mode="L") for image in images]
    out = io.BytesIO()
    pages[0].save(out, "PDF", save_all=True, append_images=pages[1:], resolution=float(dpi),
                  quality=jpeg)  # fmt: skip
    return out.getvalue()

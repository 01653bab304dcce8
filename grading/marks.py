"""Boxes read on an aligned page: each filled, empty or unclear, never guessed.

A box is judged by its inside, kept :data:`INSET` mm clear of its printed outline (an
alignment a little off never counts the outline as a mark): the share of it covered by
ink, ink being a pixel well darker than the paper around it (the paper's brightness is
measured near each place, so uneven light or a gray copier leaves white paper white).
A box at least :data:`FILLED` covered is filled; at most :data:`EMPTY`, empty (a stray
dot or a pen's touch stays below it); in between it is unclear, and goes to the teacher.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import cv2
import numpy as np

from generator.scan.layout import Box
from grading.align import PX_PER_MM, AlignedPage

State = Literal["filled", "empty", "unclear"]

INSET = 0.9
"""mm between a box's outline and the part of it that is read."""
INK = 0.28
"""A pixel is ink when it is this much darker than the paper around it (0 white, 1 black):
a pencil mark is about 0.4, a scanner's noise on white paper under 0.1."""
FILLED = 0.45
"""A box at least this share inked is filled."""
EMPTY = 0.12
"""A box at most this share inked is empty."""
PAPER = 9.0
"""mm: the paper's brightness near a place is the brightest within this square (wider
than a box filled over its line)."""


@dataclass(frozen=True)
class BoxRead:
    """What one box of the layout holds: its index in the page's boxes, the share of its
    inside that is inked, and the state read from it."""

    index: int
    ink: float
    state: State


def ink_image(page: AlignedPage) -> np.ndarray:
    """How dark each pixel is against the paper around it: 0 as white as the paper, 1
    black (float32, the aligned page's size)."""
    image = page.image
    size = int(PAPER * PX_PER_MM) | 1
    paper = cv2.dilate(image, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    paper = cv2.blur(paper, (size, size)).astype(np.float32)
    ink = 1.0 - image.astype(np.float32) / np.maximum(paper, 1.0)
    return np.clip(ink, 0.0, 1.0)


def state_of(ink: float) -> State:
    """The state of a box whose inside is ``ink`` covered.

    >>> state_of(0.9), state_of(0.02), state_of(0.3)
    ('filled', 'empty', 'unclear')
    """
    if ink >= FILLED:
        return "filled"
    if ink <= EMPTY:
        return "empty"
    return "unclear"


def inked_share(ink: np.ndarray, page: AlignedPage, box: Box) -> float:
    """The share of ``box``'s inside that is ink."""
    r = box.rect
    top, bottom, left, right = page.pixels(r.x + INSET, r.y + INSET, r.w - 2 * INSET,
                                           r.h - 2 * INSET)  # fmt: skip
    inside = ink[top:bottom, left:right]
    return float(np.mean(inside > INK)) if inside.size else 0.0


def read_boxes(page: AlignedPage) -> list[BoxRead]:
    """Every mark box on the page, in the layout's order, read."""
    ink = ink_image(page)
    reads = []
    for index, box in enumerate(page.layout.boxes):
        if box.kind == "mark":
            share = inked_share(ink, page, box)
            reads.append(BoxRead(index, round(share, 3), state_of(share)))
    return reads


FRAME = (40, 40, 215)
"""The frame around what a review asks about, in its picture (BGR: a red that stays dark
in gray-scale)."""


def cut_out(
    page: AlignedPage,
    x: float,
    y: float,
    w: float,
    h: float,
    margin: float | tuple[float, float] = 2.0,
    frame: bool = False,
) -> bytes:
    """A part of the aligned page as a PNG, ``margin`` mm around the rectangle (or
    (across, down)) (for the teacher's review and the name to type); with ``frame``, the
    rectangle is framed, so that what is asked about stands out from what is around it."""
    across, down = margin if isinstance(margin, tuple) else (margin, margin)
    top, bottom, left, right = page.pixels(x - across, y - down, w + 2 * across, h + 2 * down)
    height, width = page.image.shape
    top, left = max(0, top), max(0, left)
    part = page.image[top : min(height, bottom), left : min(width, right)]
    if frame:
        part = cv2.cvtColor(part, cv2.COLOR_GRAY2BGR)
        t, b, lf, r = page.pixels(x - 0.9, y - 0.9, w + 1.8, h + 1.8)
        cv2.rectangle(part, (lf - left, t - top), (r - left, b - top), FRAME, thickness=2)
    ok, png = cv2.imencode(".png", part)
    if not ok:
        raise ValueError("the part of the page could not be written as a PNG")
    return png.tobytes()

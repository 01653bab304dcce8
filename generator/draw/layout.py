"""Where cards go on a printed sheet: paper and card sizes, the grid, duplex mirroring.

All lengths are millimetres, origin at the page's top-left corner, y down.

>>> sheet = plan_sheet(PAPERS["letter"], CARD_SIZES["poker"])
>>> sheet.columns, sheet.rows, sheet.per_sheet
(3, 3, 9)
>>> plan_sheet(PAPERS["a4"], CARD_SIZES["poker"]).per_sheet
9
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

SAFE_MARGIN = 5.0
"""Ink stays this far from the paper's edge, where most printers can print."""

INFO_BAND = 12.0
"""Margin, from the paper's edge to the cards' ink, on the side that holds the
"print at 100 %" note, the 50 mm check bar and the crop marks. The grid is
centred, so the opposite margin is as wide."""

CROP_GAP = 1.0
CROP_LENGTH = 3.0


@dataclass(frozen=True)
class Size:
    """A width and height in mm, with the name a teacher knows it by."""

    name: str
    width: float
    height: float

    def __str__(self) -> str:
        return f"{self.name} ({self.width:g} x {self.height:g} mm)"


PAPERS = {
    "letter": Size("Letter", 215.9, 279.4),
    "a4": Size("A4", 210.0, 297.0),
}
CARD_SIZES = {
    "poker": Size("poker", 63.0, 88.0),
    "bridge": Size("bridge", 57.0, 88.0),
}
MIN_CARD = (25.0, 35.0)


class LayoutError(ValueError):
    """A paper or card size that cannot be used; the message says what was expected."""


def parse_paper(text: str) -> Size:
    """A paper named ``letter`` or ``a4`` (any case): the one place paper names are read.

    >>> parse_paper("A4").height
    297.0
    >>> parse_paper("legal")
    Traceback (most recent call last):
    ...
    generator.draw.layout.LayoutError: 'legal' is not a paper; expected letter or a4
    """
    try:
        return PAPERS[text.strip().lower()]
    except KeyError:
        raise LayoutError(f"{text!r} is not a paper; expected {' or '.join(PAPERS)}") from None


def parse_card_size(text: str) -> Size:
    """A named card size, or a custom one written ``WxH`` in mm.

    >>> parse_card_size("60x90")
    Size(name='custom', width=60.0, height=90.0)
    >>> parse_card_size("poker").width
    63.0
    """
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x*\u00d7]\s*(\d+(?:\.\d+)?)(?:\s*mm)?", key)
    if not match:
        names = ", ".join(CARD_SIZES)
        raise LayoutError(
            f"{text!r} is not a card size; expected {names} or a size in mm such as 60x90"
        )
    width, height = float(match[1]), float(match[2])
    if width < MIN_CARD[0] or height < MIN_CARD[1]:
        raise LayoutError(
            f"{text!r} is too small to print a readable card; "
            f"the smallest is {MIN_CARD[0]:g}x{MIN_CARD[1]:g} mm"
        )
    return Size("custom", width, height)


@dataclass(frozen=True)
class Box:
    """A rectangle on the page: top-left corner, width and height."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class SheetLayout:
    """A grid of cards on one side of a sheet, centred on the page."""

    paper: Size
    card: Size
    bleed: float
    columns: int
    rows: int
    left: float
    top: float
    info: Literal["bottom", "left"]

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        """Distance between neighbouring cards' corners: card plus both bleeds."""
        return self.card.width + 2 * self.bleed, self.card.height + 2 * self.bleed

    def front(self, slot: int) -> Box:
        """The trim box of the card in ``slot`` (row by row from the top-left)."""
        row, column = divmod(slot, self.columns)
        dx, dy = self.pitch
        x = self.left + self.bleed + column * dx
        y = self.top + self.bleed + row * dy
        return Box(x, y, self.card.width, self.card.height)

    def back(self, slot: int, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
        """Where the back of ``slot``'s card goes on the reverse side, for a long-edge flip.

        The page turns over its long (vertical) edge, so the grid is mirrored
        left to right. ``offset`` is the user's correction in mm as seen on the
        back: x to the right, y upwards.
        """
        box = self.front(slot)
        mirrored = self.paper.width - box.x - box.width
        return Box(mirrored + offset[0], box.y - offset[1], box.width, box.height)

    @property
    def grid(self) -> Box:
        """The inked area of the grid, bleeds included."""
        dx, dy = self.pitch
        return Box(self.left, self.top, self.columns * dx, self.rows * dy)

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x positions of vertical cuts and y positions of horizontal cuts."""
        xs: list[float] = []
        ys: list[float] = []
        for c in range(self.columns):
            box = self.front(c)
            xs += [box.x, box.x + box.width]
        for r in range(self.rows):
            box = self.front(r * self.columns)
            ys += [box.y, box.y + box.height]
        return sorted(set(xs)), sorted(set(ys))

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Short lines in the margins, in line with every cut: ``(x1, y1, x2, y2)``."""
        grid = self.grid
        xs, ys = self.cut_lines()
        marks = []
        for x in xs:
            top_end = max(grid.y - CROP_GAP - CROP_LENGTH, 1.0)
            bottom_end = min(grid.y + grid.height + CROP_GAP + CROP_LENGTH, self.paper.height - 1)
            marks.append((x, grid.y - CROP_GAP, x, top_end))
            marks.append((x, grid.y + grid.height + CROP_GAP, x, bottom_end))
        for y in ys:
            left_end = max(grid.x - CROP_GAP - CROP_LENGTH, 1.0)
            right_end = min(grid.x + grid.width + CROP_GAP + CROP_LENGTH, self.paper.width - 1)
            marks.append((grid.x - CROP_GAP, y, left_end, y))
            marks.append((grid.x + grid.width + CROP_GAP, y, right_end, y))
        return marks


def plan_sheet(paper: Size, card: Size, bleed: float = 0.0) -> SheetLayout:
    """As many cards as fit on the paper, leaving the safe margin and the info band.

    >>> plan_sheet(PAPERS["letter"], CARD_SIZES["poker"], bleed=2).per_sheet
    6
    >>> plan_sheet(PAPERS["a4"], Size("custom", 200, 280))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    generator.draw.layout.LayoutError: a 200 x 280 mm card does not fit on A4 (210 x 297 mm) ...
    """
    if bleed < 0 or bleed > 10:
        raise LayoutError(f"bleed must be between 0 and 10 mm, not {bleed:g}")
    pitch_x, pitch_y = card.width + 2 * bleed, card.height + 2 * bleed
    best: tuple[int, int, str] | None = None
    # The info band sits below the grid, or else beside it on the left.
    for info, margin_x, margin_y in (
        ("bottom", SAFE_MARGIN, INFO_BAND),
        ("left", INFO_BAND, SAFE_MARGIN),
    ):
        columns = math.floor((paper.width - 2 * margin_x + 1e-9) / pitch_x)
        rows = math.floor((paper.height - 2 * margin_y + 1e-9) / pitch_y)
        if columns > 0 and rows > 0 and (best is None or columns * rows > best[0] * best[1]):
            best = (columns, rows, info)
    if best is None:
        raise LayoutError(
            f"a {card.width:g} x {card.height:g} mm card does not fit on {paper} "
            f"with {SAFE_MARGIN:g} mm margins ({INFO_BAND:g} mm beside the 100 % check)"
        )
    columns, rows, info = best
    left = (paper.width - columns * pitch_x) / 2
    top = (paper.height - rows * pitch_y) / 2
    return SheetLayout(paper, card, bleed, columns, rows, left, top, info)  # type: ignore[arg-type]

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
"""Ink stays this far from the paper's edge on every page: many printers cannot print the
outer 4 to 5 mm."""

INFO_BAND = 12.0
"""Margin, from the paper's edge to the cards' ink, on the side that holds the
"print at 100 %" note and the 50 mm check bar. The grid is centred, so the opposite
margin (which holds the sheet's label) is as wide."""

INFO_CLEAR = 9.0
"""mm from the paper's edge that the check bar's (or the label's) side keeps for them:
crop marks there stop short of it."""

CROP_GAP = 1.0
"""mm between a card's ink and its crop mark, where there is room."""
CROP_LENGTH = 3.0
MIN_CROP_GAP = 0.3
MIN_CROP_LENGTH = 0.8
MARK_KEEP = SAFE_MARGIN + 0.2
"""Where a crop mark stops, from the edge: the safe margin and a little (a line's end)."""
MARK_ROOM = MARK_KEEP + MIN_CROP_GAP + MIN_CROP_LENGTH
"""The narrowest margin beside the grid: the safe margin and the shortest crop mark."""


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
        """Short lines in the margins, in line with every cut: ``(x1, y1, x2, y2)``, each
        ``(x1, y1)`` the end nearer the cards. They keep out of the safe margin and of the
        check bar's and the label's room, shortening (to 0.8 mm, 0.3 mm from the cards)
        where the margin is narrow."""
        grid = self.grid
        xs, ys = self.cut_lines()
        across = self.info == "left"  # the bar and the label beside the grid, not above
        top = _mark_span(grid.y, INFO_CLEAR if not across else MARK_KEEP)
        left = _mark_span(grid.x, INFO_CLEAR if across else MARK_KEEP)
        bottom = _mark_span(self.paper.height - grid.y - grid.height,
                            INFO_CLEAR if not across else MARK_KEEP)  # fmt: skip
        right = _mark_span(self.paper.width - grid.x - grid.width,
                           INFO_CLEAR if across else MARK_KEEP)  # fmt: skip
        end_y, end_x = grid.y + grid.height, grid.x + grid.width
        marks = []
        for x in xs:
            marks.append((x, grid.y - top[0], x, grid.y - top[1]))
            marks.append((x, end_y + bottom[0], x, end_y + bottom[1]))
        for y in ys:
            marks.append((grid.x - left[0], y, grid.x - left[1], y))
            marks.append((end_x + right[0], y, end_x + right[1], y))
        return marks


def _mark_span(margin: float, keep: float) -> tuple[float, float]:
    """A crop mark's near and far ends, as distances from the grid, in a margin ``margin``
    mm wide whose outer ``keep`` mm stay clear.

    >>> _mark_span(15.0, 5.2)  # room enough: 1 mm from the cards, 3 mm long
    (1.0, 4.0)
    >>> _mark_span(7.7, 5.2)  # Letter's top margin, poker cards: shortened
    (1.0, 2.5)
    >>> _mark_span(6.35, 5.2)  # closer to the cards, 0.8 mm long
    (0.35, 1.15)
    """
    room = margin - keep
    if room >= CROP_GAP + MIN_CROP_LENGTH:
        return CROP_GAP, min(CROP_GAP + CROP_LENGTH, room)
    gap = max(MIN_CROP_GAP, room - MIN_CROP_LENGTH)
    return round(gap, 6), round(min(room, gap + MIN_CROP_LENGTH), 6)


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
        ("bottom", MARK_ROOM, INFO_BAND),
        ("left", INFO_BAND, MARK_ROOM),
    ):
        columns = math.floor((paper.width - 2 * margin_x + 1e-9) / pitch_x)
        rows = math.floor((paper.height - 2 * margin_y + 1e-9) / pitch_y)
        if columns > 0 and rows > 0 and (best is None or columns * rows > best[0] * best[1]):
            best = (columns, rows, info)
    if best is None:
        raise LayoutError(
            f"a {card.width:g} x {card.height:g} mm card does not fit on {paper} "
            f"with {MARK_ROOM:g} mm margins for the crop marks ({INFO_BAND:g} mm beside the "
            "100 % check)"
        )
    columns, rows, info = best
    left = (paper.width - columns * pitch_x) / 2
    top = (paper.height - rows * pitch_y) / 2
    return SheetLayout(paper, card, bleed, columns, rows, left, top, info)  # type: ignore[arg-type]

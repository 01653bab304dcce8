"""What the face designs share: the card's paper and text set in its corners.

Coordinates are millimetres from the trim box's top-left corner (see
:mod:`generator.draw.scene`); text sizes are points.
"""

from __future__ import annotations

from generator.draw import palette
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import Size
from generator.draw.scene import Item, Path, Text, rectangle

NAME_SIZE = 8.0
"""Points: the small print of the card's name in two corners."""
CAP_HEIGHT = 0.73
"""Vera's capital height as a fraction of the font size."""
INSET = 3.5
SMALL_WIDTH = 25.0
"""mm: a card narrower than this (a worksheet's or a reference card's small card) is drawn
with a small-card face, its rank and mark large in the middle and no corner index, which
would shrink to a blob; a deck's smallest printed card (25 x 35 mm) keeps its full face."""


def is_small(size: Size) -> bool:
    """Whether ``size`` gets a small-card face (:data:`SMALL_WIDTH`)."""
    return size.width < SMALL_WIDTH


def paper(size: Size, bleed: float) -> Path:
    return Path(
        rectangle(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed),
        fill=palette.SHADES["white"],
    )


def corner_texts(text: str, size: Size, points: float, color: str, bold: bool) -> list[Text]:
    """The same text top-left and, turned half a turn, bottom-right."""
    baseline = INSET + points * POINT * CAP_HEIGHT
    return [
        Text(INSET, baseline, text, points, color, bold=bold),
        Text(
            size.width - INSET, size.height - baseline, text, points, color, bold=bold, rotate=180
        ),
    ]


def numeral(text: str, x: float, baseline: float, points: float, color: str) -> list[Item]:
    """A centred numeral; 6 and 9 are underlined so they read the right way up."""
    items: list[Item] = [Text(x, baseline, text, points, color, anchor="middle", bold=True)]
    if text in ("6", "9"):
        half = text_width(text, points, bold=True) * 0.4
        y = baseline + points * POINT * 0.07
        thick = points * POINT * 0.055
        items.append(Path(rectangle(x - half, y, 2 * half, thick), fill=color))
    return items

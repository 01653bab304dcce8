"""Card backs: one design for every deck, in each deck's own tint and with its own title.

>>> from generator.draw.layout import CARD_SIZES
>>> scene = back(BackStyle("#dfe7f3", "#8fa6c8", "4D"), CARD_SIZES["poker"])
>>> scene.items[-1].text
'4D'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.draw import palette
from generator.draw.faces.common import CAP_HEIGHT
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import Size
from generator.draw.scene import Item, Path, Scene, Text, rectangle, rounded
from generator.draw.symbols import shape_outline


@dataclass(frozen=True)
class BackStyle:
    """A deck's back: the ground's tint, the motif's ink and the title in the emblem."""

    tint: str
    motif: str
    title: str


def back(style: BackStyle, size: Size, *, bleed: float = 0.0) -> Scene:
    """A card back: an even all-over pattern to the bleed edge, with no frame, so a few mm
    of duplex misalignment or uneven cutting cannot show; a centred emblem."""
    w, h = size.width, size.height
    tint, motif, title = style.tint, style.motif, style.title
    items: list[Item] = [Path(rectangle(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed), fill=tint)]
    # The motif's period divides the card exactly (an even number of rows, since
    # alternate rows are shifted), so neighbouring backs join without a seam and
    # a shifted back shows only more of the same pattern.
    columns = max(2, round(w / 6.0))
    rows = 2 * max(1, round(h / 9.6))
    step_x, step_y = w / columns, h / rows
    r = min(step_x, step_y) * 0.36
    for j in range(-2 - math.ceil(bleed / step_y), rows + 3 + math.ceil(bleed / step_y)):
        for i in range(-2 - math.ceil(bleed / step_x), columns + 3 + math.ceil(bleed / step_x)):
            x = (i + (0.5 if j % 2 else 0.0)) * step_x
            y = (j + 0.5) * step_y
            if -bleed - r < x < w + bleed + r and -bleed - r < y < h + bleed + r:
                diamond = ((x, y - r), (x + r, y), (x, y + r), (x - r, y))
                items.append(Path(rounded(diamond), fill=motif))
    radius = min(w, h) * 0.3
    ring = shape_outline("circle", radius)
    items.append(
        Path(
            rounded(tuple((x + w / 2, y + h / 2) for x, y in ring)),
            fill=palette.SHADES["white"],
            stroke=motif,
            width=1.2,
        )
    )
    points = title_points(title, radius)
    items.append(
        Text(
            w / 2,
            h / 2 + points * POINT * CAP_HEIGHT / 2,
            title,
            points,
            palette.OUTLINE_INK,
            anchor="middle",
            bold=True,
        )
    )
    return Scene(w, h, tuple(items), bleed)


EMBLEM_PAD = 1.6
"""mm between the title's corners and the emblem's ring (its line included)."""


def title_points(title: str, radius: float) -> float:
    """The title's size in points: large for a short title ("4D"), and never so large
    that its corners (its width by its capital height) leave the circle less
    ``EMBLEM_PAD``.

    >>> round(title_points("4D", 18.9), 1), round(title_points("PARADOX", 18.9), 1)
    (58.0, 17.7)
    """
    wanted = radius * (1.15 if len(title) <= 2 else 0.42) / POINT
    width = text_width(title, 1.0, bold=True)  # mm a point
    height = CAP_HEIGHT * POINT
    fits = 2 * (radius - EMBLEM_PAD) / math.hypot(width, height)
    return min(wanted, fits)

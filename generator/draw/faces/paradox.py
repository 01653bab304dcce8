"""The PARADOX card face: a large numeral in its color, the color's mark above and below,
and the numeral with the mark in two corners. Each color also has its own mark, so no
color is told by hue alone.

Every length follows the card's size, so the corners never run into the numeral; a small
card (:func:`~generator.draw.faces.common.is_small`) keeps the numeral and the two marks,
as large as they fit, and leaves out the corners.
"""

from __future__ import annotations

from generator.draw import palette
from generator.draw.faces.backs import BackStyle
from generator.draw.faces.common import CAP_HEIGHT, INSET, is_small, numeral, paper
from generator.draw.faces.design import Design
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import Size
from generator.draw.scene import Item, Path, Point, Scene, Text, rotated, rounded
from generator.draw.symbols import shape_outline
from printables.cards.deck import Card

SUIT_SHAPES = {"red": "circle", "green": "triangle", "purple": "diamond", "blue": "square"}
"""Each PARADOX color also has its own mark, so no color is told by hue alone."""


def suit_mark(color: str, cx: float, cy: float, radius: float) -> Path:
    """The mark of a PARADOX color: a filled circle, triangle, diamond or square."""
    shape = SUIT_SHAPES[color]
    points: tuple[Point, ...]
    if shape == "diamond":
        points = ((0, -radius * 1.2), (radius * 0.85, 0), (0, radius * 1.2), (-radius * 0.85, 0))
    else:
        points = shape_outline(shape, radius)
        if shape == "circle":
            points = points[::3]
    return Path(
        rounded(tuple((x + cx, y + cy) for x, y in points)), fill=palette.PARADOX_COLORS[color]
    )


def face(
    card: Card, size: Size, *, names: bool = True, bleed: float = 0.0, four_color: bool = False
) -> Scene:
    """A PARADOX card: a large numeral in its color, the color's mark above and below,
    and the numeral with the mark in two corners."""
    if is_small(size):
        return small_face(card, size, bleed)
    color = card.value("color").name
    rank = card.value("rank").symbol
    ink = palette.PARADOX_COLORS[color]
    w, h = size.width, size.height
    s = min(w / 63, h / 88)
    items: list[Item] = [paper(size, bleed)]
    big = min(h * 1.25, w * 1.75) / (1.0 if len(rank) == 1 else 1.3)
    items += numeral(rank, w / 2, h / 2 + big * POINT * CAP_HEIGHT / 2, big, ink)
    mark = min(w, h) * 0.075
    items.append(suit_mark(color, w / 2, h * 0.17, mark))
    bottom = suit_mark(color, w / 2, h * 0.83, mark)
    items.append(Path(rotated(bottom.points, w / 2, h * 0.83), fill=bottom.fill))
    index = 15.0 * s
    baseline = INSET * s + index * POINT * CAP_HEIGHT
    corner_x = INSET * s + max(text_width(rank, index, bold=True), 4 * s) / 2
    corner: list[Item] = numeral(rank, corner_x, baseline, index, ink)
    corner.append(suit_mark(color, corner_x, baseline + 4.0 * s, 1.9 * s))
    if names:
        name = max(4.0, 6.0 * s)
        corner.append(
            Text(
                corner_x,
                baseline + 9.0 * s + (name - 6.0 * s) * POINT * CAP_HEIGHT,
                str(card),
                name,
                palette.OUTLINE_INK,
                anchor="middle",
            )
        )
    items += corner
    for item in corner:
        if isinstance(item, Text):
            items.append(
                Text(
                    w - item.x,
                    h - item.y,
                    item.text,
                    item.size,
                    item.color,
                    item.anchor,
                    item.bold,
                    rotate=180,
                )
            )
        else:
            items.append(Path(rotated(item.points, w / 2, h / 2), fill=item.fill))
    return Scene(w, h, tuple(items), bleed)


def small_face(card: Card, size: Size, bleed: float = 0.0) -> Scene:
    """A small PARADOX card: the numeral as large as fits between the color's two marks,
    each mark a fifth of the card's width or more, paper between them all."""
    color = card.value("color").name
    rank = card.value("rank").symbol
    ink = palette.PARADOX_COLORS[color]
    w, h = size.width, size.height
    pad, gap = 0.06 * h, 0.05 * h
    mark = 0.115 * w  # the diamond reaches 1.2 of it up and down
    room = h - 2 * (pad + 2.4 * mark + gap)
    big = min(room / (POINT * (CAP_HEIGHT + 0.26)), 0.86 * w / text_width(rank, 1.0, bold=True))
    items: list[Item] = [paper(size, bleed)]
    items += numeral(rank, w / 2, h / 2 + big * POINT * CAP_HEIGHT / 2, big, ink)
    top = pad + 1.2 * mark
    items.append(suit_mark(color, w / 2, top, mark))
    bottom = suit_mark(color, w / 2, top, mark)
    items.append(Path(rotated(bottom.points, w / 2, h / 2), fill=bottom.fill))
    return Scene(w, h, tuple(items), bleed)


DESIGN = Design(face, BackStyle("#f1e3dc", "#c99a85", "PARADOX"))

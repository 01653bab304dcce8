"""Card faces as scenes: 4D cards (one banded, outlined symbol) and PARADOX cards.

>>> from printables.cards import card
>>> from generator.layout import CARD_SIZES
>>> scene = face(card("Bb=S"), CARD_SIZES["poker"])
>>> [item.text for item in scene.items if hasattr(item, "text")]
['Bb=S', 'Bb=S']
"""

from __future__ import annotations

import math

from generator import palette
from generator.fonts import POINT, text_width
from generator.layout import Size
from generator.scene import Item, Path, Point, Scene, Text, rectangle, rotated, rounded
from generator.symbols import shape_outline, symbol_geometry
from printables.cards.deck import Card

NAME_SIZE = 8.0
"""Points: the small print of the card's name in two corners."""
CAP_HEIGHT = 0.73
"""Vera's capital height as a fraction of the font size."""
INSET = 3.5


def _paper(size: Size, bleed: float) -> Path:
    return Path(
        rectangle(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed),
        fill=palette.SHADES["white"],
    )


def _corner_texts(text: str, size: Size, points: float, color: str, bold: bool) -> list[Text]:
    """The same text top-left and, turned half a turn, bottom-right."""
    baseline = INSET + points * POINT * CAP_HEIGHT
    return [
        Text(INSET, baseline, text, points, color, bold=bold),
        Text(
            size.width - INSET, size.height - baseline, text, points, color, bold=bold, rotate=180
        ),
    ]


def four_d_face(card: Card, size: Size, *, names: bool = True, bleed: float = 0.0) -> Scene:
    """A 4D card: its symbol in the middle, its name in small print in two corners."""
    color, shade, pattern, shape = (v.name for v in card.shown)
    radius = min(size.width * 0.36, size.height * 0.26)
    symbol = symbol_geometry(
        color, shade, pattern, shape, radius, center=(size.width / 2, size.height / 2)
    )
    items: list[Item] = [_paper(size, bleed), *symbol.paths()]
    if names:
        items += _corner_texts(str(card), size, NAME_SIZE, palette.OUTLINE_INK, bold=True)
    return Scene(size.width, size.height, tuple(items), bleed)


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


def _numeral(text: str, x: float, baseline: float, points: float, color: str) -> list[Item]:
    """A centred numeral; 6 and 9 are underlined so they read the right way up."""
    items: list[Item] = [Text(x, baseline, text, points, color, anchor="middle", bold=True)]
    if text in ("6", "9"):
        half = text_width(text, points, bold=True) * 0.4
        y = baseline + points * POINT * 0.07
        thick = points * POINT * 0.055
        items.append(Path(rectangle(x - half, y, 2 * half, thick), fill=color))
    return items


def paradox_face(card: Card, size: Size, *, names: bool = True, bleed: float = 0.0) -> Scene:
    """A PARADOX card: a large numeral in its color, the color's mark above and below,
    and the numeral with the mark in two corners."""
    color = card.value("color").name
    rank = card.value("rank").symbol
    ink = palette.PARADOX_COLORS[color]
    w, h = size.width, size.height
    items: list[Item] = [_paper(size, bleed)]
    big = min(h * 1.25, w * 1.75) / (1.0 if len(rank) == 1 else 1.3)
    items += _numeral(rank, w / 2, h / 2 + big * POINT * CAP_HEIGHT / 2, big, ink)
    mark = min(w, h) * 0.075
    items.append(suit_mark(color, w / 2, h * 0.17, mark))
    bottom = suit_mark(color, w / 2, h * 0.83, mark)
    items.append(Path(rotated(bottom.points, w / 2, h * 0.83), fill=bottom.fill))
    index = 15.0
    baseline = INSET + index * POINT * CAP_HEIGHT
    corner_x = INSET + max(text_width(rank, index, bold=True), 4) / 2
    corner: list[Item] = _numeral(rank, corner_x, baseline, index, ink)
    corner.append(suit_mark(color, corner_x, baseline + 4.0, 1.9))
    if names:
        corner.append(
            Text(corner_x, baseline + 9.0, str(card), 6.0, palette.OUTLINE_INK, anchor="middle")
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


def face(card: Card, size: Size, *, names: bool = True, bleed: float = 0.0) -> Scene:
    """The face of any card the project can print."""
    if card.deck.key == "4d":
        return four_d_face(card, size, names=names, bleed=bleed)
    if card.deck.key == "paradox":
        return paradox_face(card, size, names=names, bleed=bleed)
    raise ValueError(f"no card face is designed for the {card.deck.title} deck")


def back(deck_key: str, size: Size, *, bleed: float = 0.0) -> Scene:
    """A card back: an even all-over pattern to the bleed edge, with no frame, so a few mm
    of duplex misalignment or uneven cutting cannot show; a centred emblem."""
    w, h = size.width, size.height
    tint, motif, title = {
        "4d": ("#dfe7f3", "#8fa6c8", "4D"),
        "paradox": ("#f1e3dc", "#c99a85", "PARADOX"),
    }[deck_key]
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
    points = radius * (1.15 if len(title) <= 2 else 0.42) / POINT
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

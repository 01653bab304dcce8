"""The standard deck's face, and Four's stripped deck's: rank and suit in two corners, pips
in the usual places, framed courts and two jokers.

The four suit marks are drawn here as plain polygons (circles and triangles joined with
shapely), never taken from a font. Every length follows the card's size, so one design
serves poker, bridge and custom cards down to 25 x 35 mm, and pips keep clear of the
corner indices (:func:`layout`). Suits differ by shape, so a gray-scale copy loses
nothing; ``four_color`` inks diamonds blue and clubs green (:data:`palette.FOUR_COLOR_INKS`).

>>> from printables.cards import STANDARD
>>> from generator.draw.layout import CARD_SIZES
>>> scene = face(STANDARD.card("10H"), CARD_SIZES["poker"])
>>> [item.text for item in scene.items if isinstance(item, Text)]
['10', '10H', '10', '10H']
>>> red = palette.STANDARD_INKS["red"]
>>> len([item for item in scene.items if isinstance(item, Path) and item.fill == red])
12
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

import shapely
from shapely import affinity
from shapely.geometry import Polygon, box

from generator.draw import palette
from generator.draw.faces.backs import BackStyle
from generator.draw.faces.common import CAP_HEIGHT, is_small, paper
from generator.draw.faces.design import Design
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import Size
from generator.draw.scene import Item, Path, Point, Scene, Text, rectangle, rotated, rounded
from printables.cards.deck import Card

# -- the suit marks ------------------------------------------------------------------------


def _circle(x: float, y: float, radius: float) -> Polygon:
    circle: Polygon = shapely.Point(x, y).buffer(radius, quad_segs=12)
    return circle


def _union(*parts: Polygon) -> Polygon:
    joined: Polygon = shapely.union_all(parts)
    return joined


def _heart() -> Polygon:
    """Two circles and the straight sides from them to a point below."""
    left, right = _circle(-0.5, -0.45, 0.52), _circle(0.5, -0.45, 0.52)
    hull = shapely.convex_hull(_union(left, right, shapely.Point(0.0, 1.0).buffer(0.01)))
    return _union(left, right, hull.intersection(box(-2.0, -0.45, 2.0, 2.0)))


def _stem(top: float) -> Polygon:
    """A foot that flares from ``top`` down to y = 1.45, its sides hollowed by circles."""
    flare = Polygon([(0.0, top), (0.5, 1.45), (-0.5, 1.45)])
    hollows = _union(_circle(-0.62, 0.95, 0.42), _circle(0.62, 0.95, 0.42))
    stem: Polygon = flare.difference(hollows)
    return stem


def _spade() -> Polygon:
    """A heart upside down on a stem."""
    body = affinity.scale(_heart(), 1.0, -1.0, origin=(0.0, 0.0))
    return _union(body, _stem(0.4))


def _club() -> Polygon:
    """Three circles, the gap between them filled, on a stem."""
    leaves = [_circle(0.0, -0.55, 0.45), _circle(-0.55, 0.22, 0.45), _circle(0.55, 0.22, 0.45)]
    middle = Polygon([(0.0, -0.55), (-0.55, 0.22), (0.55, 0.22)]).buffer(0.05)
    return _union(*leaves, middle, _stem(0.2))


def _diamond() -> Polygon:
    return Polygon([(0.0, -1.0), (0.74, 0.0), (0.0, 1.0), (-0.74, 0.0)])


SUIT_SHAPES: dict[str, Callable[[], Polygon]] = {
    "spades": _spade,
    "hearts": _heart,
    "diamonds": _diamond,
    "clubs": _club,
}
"""How each suit's mark is built, in rough units before :func:`suit_outline` sizes it."""


@cache
def suit_outline(suit: str) -> tuple[Point, ...]:
    """A suit's mark as one polygon, centred on (0, 0) and 2 high (y down); the widths
    differ (a heart's is 2.06, a diamond's 1.48).

    >>> [round(max(x for x, _ in suit_outline(s)) * 2, 2) for s in ("hearts", "diamonds")]
    [2.06, 1.48]
    """
    shape = SUIT_SHAPES[suit]()
    left, top, right, bottom = shape.bounds
    k = 2.0 / (bottom - top)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    ring = shapely.get_coordinates(shape.exterior)[:-1]
    return tuple(((float(x) - cx) * k, (float(y) - cy) * k) for x, y in ring)


ASPECT = max(max(x for x, _ in suit_outline(s)) for s in SUIT_SHAPES)
"""The widest mark's half-width for a half-height of 1 (the heart's)."""


def mark(suit: str, x: float, y: float, radius: float, ink: str, turned: bool = False) -> Path:
    """A suit's mark ``2 * radius`` high centred on (x, y), upside down if ``turned``."""
    k = -radius if turned else radius
    return Path(rounded(tuple((x + px * k, y + py * k) for px, py in suit_outline(suit))), fill=ink)


def star(x: float, y: float, radius: float, ink: str) -> Path:
    """A five-pointed star, point up."""
    points = tuple(
        (
            x + radius * (1.0 if k % 2 == 0 else 0.42) * math.sin(math.pi * k / 5),
            y - radius * (1.0 if k % 2 == 0 else 0.42) * math.cos(math.pi * k / 5),
        )
        for k in range(10)
    )
    return Path(rounded(points), fill=ink)


# -- where things go -----------------------------------------------------------------------

TEN = 0.86
"""The corner's 10 is set this much smaller than the other ranks, so the column stays narrow."""
DESCENT = 0.2
"""How far below the baseline Vera Bold's J and Q reach, as a fraction of the font size."""
JOKER_LETTERS = 0.62
"""The corner's JOKER, a letter a line, is set this size of the ranks."""

PIPS: dict[str, tuple[tuple[int, float], ...]] = {
    "2": ((0, 0.0), (0, 1.0)),
    "3": ((0, 0.0), (0, 0.5), (0, 1.0)),
    "4": ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)),
    "5": ((-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)),
    "6": ((-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    "7": ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    "8": ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1.0), (1, 1.0)),
    "9": (
        *((-1, row / 3) for row in range(4)),
        (0, 0.5),
        *((1, row / 3) for row in range(4)),
    ),
    "10": (
        *((-1, row / 3) for row in range(4)),
        (0, 1 / 6),
        (0, 5 / 6),
        *((1, row / 3) for row in range(4)),
    ),
}
"""Each number card's pips: column (-1 left, 0 middle, 1 right) and row (0 top to 1 bottom).
Pips below the middle row are turned upside down, as on any deck."""


@dataclass(frozen=True)
class Layout:
    """Where things go on a card of one size: mm from the top-left corner, text in points.

    The corner index (rank, suit mark and small-print name) stands in a column at each side;
    everything else keeps to the box between the columns (``left`` to ``right``)."""

    width: float
    height: float
    inset: float
    rank_points: float
    rank_baseline: float
    index_x: float
    """The middle of the index column."""
    corner_mark: float
    """Half-height of the corner's suit mark."""
    corner_mark_y: float
    name_points: float
    name_baseline: float
    joker_points: float
    """The corner's JOKER, set a letter a line."""
    left: float
    right: float
    pip: float
    """Half-height of a pip."""
    top_row: float
    bottom_row: float
    gap: float

    @property
    def column(self) -> float:
        """Half the distance between the pips' side columns."""
        return (self.right - self.left) / 2 - self.pip * ASPECT


def cap(points: float) -> float:
    """The capital height in mm of text set at ``points``."""
    return points * POINT * CAP_HEIGHT


@cache
def layout(size: Size) -> Layout:
    """The layout for a card size.

    >>> from generator.draw.layout import CARD_SIZES
    >>> poker = layout(CARD_SIZES["poker"])
    >>> round(poker.left, 1), round(poker.pip, 1), poker.rank_points
    (11.3, 5.3, 15.0)
    """
    w, h = size.width, size.height
    s = min(w / 63, h / 88)
    inset = max(2.0, 3.5 * s)
    gap = 1.0 * s
    rank_points = 15.0 * s
    rank_baseline = inset + cap(rank_points)
    corner_mark = cap(rank_points) * 0.55
    corner_mark_y = rank_baseline + 1.4 * gap + corner_mark
    name_points = max(4.0, 6.0 * s)
    joker_points = max(4.5, rank_points * JOKER_LETTERS)
    name_baseline = corner_mark_y + corner_mark + 1.4 * gap + cap(name_points)
    widest = max(
        text_width("10", rank_points * TEN, bold=True),
        *(text_width(rank, rank_points, bold=True) for rank in ("A", "Q", "K", "J", "8")),
        2 * corner_mark * ASPECT,
        text_width("10D", name_points),
        *(text_width(letter, joker_points, bold=True) for letter in "JOKER"),
    )
    left = inset + widest + 1.5 * gap
    right = w - left
    top_row, bottom_row = h * 0.2, h * 0.8
    row_gap = (bottom_row - top_row) / 3  # the 9 and the 10 have four rows a side
    half_width = ((right - left) / 2 - gap) / 3  # three columns of pips and two gaps
    pip = min(half_width / ASPECT, (row_gap - 1.5 * gap) / 2, 0.06 * h)
    return Layout(
        w, h, inset, rank_points, rank_baseline, inset + widest / 2, corner_mark,
        corner_mark_y, name_points, name_baseline, joker_points, left, right, pip, top_row,
        bottom_row, gap,
    )  # fmt: skip


# -- the face ------------------------------------------------------------------------------


def ink_of(card: Card, four_color: bool) -> str:
    """The card's ink: by suit in the four-color palette, else by the suit's color.

    >>> from printables.cards import STANDARD
    >>> ink_of(STANDARD.card("9D"), True) == palette.FOUR_COLOR_INKS["diamonds"]
    True
    """
    if four_color and card.extra is None:
        return palette.FOUR_COLOR_INKS[card.value("suit").name]
    color = card.trait("color")
    if color is None:
        raise ValueError(f"{card} has no color")
    return palette.STANDARD_INKS[color]


def _corner(card: Card, lay: Layout, ink: str, names: bool) -> list[Item]:
    """The top-left index: rank over suit (or JOKER, a letter a line, over a star), and the
    card's name in small print below."""
    x = lay.index_x
    items: list[Item] = []
    if card.extra is None:
        rank = card.value("rank").symbol
        points = lay.rank_points * (TEN if rank == "10" else 1.0)
        items.append(Text(x, lay.rank_baseline, rank, points, ink, anchor="middle", bold=True))
        items.append(mark(card.value("suit").name, x, lay.corner_mark_y, lay.corner_mark, ink))
        name_baseline = lay.name_baseline
    else:
        points = lay.joker_points
        step = cap(points) * 1.45
        baseline = lay.inset + cap(points)
        for letter in "JOKER":
            items.append(Text(x, baseline, letter, points, ink, anchor="middle", bold=True))
            baseline += step
        middle = baseline - step + lay.gap * 1.4 + lay.corner_mark
        items += _joker_star(card, x, middle, lay.corner_mark * 1.1, ink)
        name_baseline = middle + lay.corner_mark * 1.1 + 1.4 * lay.gap + cap(lay.name_points)
    if names:
        items.append(
            Text(x, name_baseline, str(card), lay.name_points, palette.OUTLINE_INK, "middle")
        )
    return items


def _turned(items: list[Item], lay: Layout) -> list[Item]:
    """The same items turned half a turn about the card's centre."""
    w, h = lay.width, lay.height
    return [
        replace(item, x=w - item.x, y=h - item.y, rotate=(item.rotate + 180) % 360)
        if isinstance(item, Text)
        else replace(item, points=rotated(item.points, w / 2, h / 2))
        for item in items
    ]


def _pips(rank: str, suit: str, lay: Layout, ink: str) -> list[Item]:
    """An ace's one large mark, or a number card's pips in their places (:data:`PIPS`)."""
    middle = lay.width / 2
    if rank == "A":
        radius = min((lay.right - lay.left) / 2 / ASPECT * 0.85, lay.height * 0.14)
        return [mark(suit, middle, lay.height / 2, radius, ink)]
    span = lay.bottom_row - lay.top_row
    return [
        mark(suit, middle + col * lay.column, lay.top_row + row * span, lay.pip, ink, row > 0.5)
        for col, row in PIPS[rank]
    ]


def _frame(lay: Layout, ink: str) -> list[Item]:
    """A double frame between the index columns, from the top inset to the bottom one."""
    x0, y0, x1, y1 = lay.left, lay.inset, lay.right, lay.height - lay.inset
    thick, thin = 0.5 * lay.gap, 0.2 * lay.gap
    inner = 1.2 * lay.gap
    return [
        Path(rectangle(x0, y0, x1 - x0, y1 - y0), stroke=ink, width=thick),
        Path(
            rectangle(x0 + inner, y0 + inner, x1 - x0 - 2 * inner, y1 - y0 - 2 * inner),
            stroke=ink,
            width=thin,
        ),
    ]


def _court(rank: str, suit: str, lay: Layout, ink: str) -> list[Item]:
    """A court: in a frame, a large letter over its suit's mark, and the same turned below."""
    items = _frame(lay, ink)
    inner = 1.2 * lay.gap
    top = lay.inset + inner
    half = lay.height / 2 - top  # from the inner frame's top to the middle line
    room = lay.right - lay.left - 2 * inner
    points = min(
        0.5 * half / (POINT * (CAP_HEIGHT + DESCENT)), 0.75 * room / text_width(rank, 1, True)
    )
    radius = min(0.13 * half, lay.pip)
    free = (half - points * POINT * (CAP_HEIGHT + DESCENT) - 2 * radius) / 3
    baseline = top + free + cap(points)
    middle = baseline + points * POINT * DESCENT + free + radius
    upper: list[Item] = [
        Text(lay.width / 2, baseline, rank, points, ink, anchor="middle", bold=True),
        mark(suit, lay.width / 2, middle, radius, ink),
    ]
    y = lay.height / 2
    items.append(
        Path(((lay.left + inner, y), (lay.right - inner, y)), stroke=ink, width=0.2 * lay.gap)
    )
    return items + upper + _turned(upper, lay)


def _joker_star(card: Card, x: float, y: float, radius: float, ink: str) -> list[Item]:
    """The black joker's star is solid; the red joker's is hollow with a dot, so the two
    differ in gray-scale too."""
    outer = star(x, y, radius, ink)
    if card.trait("color") == "black":
        return [outer]
    line = radius * 0.16
    hollow = shapely.Polygon(outer.points).buffer(-line, join_style="mitre")
    inner = tuple((float(px), float(py)) for px, py in shapely.get_coordinates(hollow)[:-1])
    return [
        outer,
        Path(rounded(inner), fill=palette.SHADES["white"]),
        Path(rounded(_circle(x, y, radius * 0.17).exterior.coords[:-1]), fill=ink),
    ]


def _joker(card: Card, lay: Layout, ink: str) -> list[Item]:
    """A joker: a large star, the word JOKER above it and, turned, below it."""
    room = lay.right - lay.left
    points = min(
        0.9 * room / text_width("JOKER", 1, bold=True), 0.07 * lay.height / (POINT * CAP_HEIGHT)
    )
    baseline = lay.inset + lay.gap + cap(points)
    word = Text(lay.width / 2, baseline, "JOKER", points, ink, anchor="middle", bold=True)
    # The star reaches 0.81 of its radius below its centre: set 0.095 of it low, it spans
    # 0.905 of its radius each side of the card's middle, clear of both words' descents.
    clear = lay.height / 2 - baseline - points * POINT * DESCENT - 2 * lay.gap
    radius = min(room / 2, clear / 0.905)
    return [
        word,
        *_turned([word], lay),
        *_joker_star(card, lay.width / 2, lay.height / 2 + radius * 0.095, radius, ink),
    ]


def face(
    card: Card, size: Size, *, names: bool = True, bleed: float = 0.0, four_color: bool = False
) -> Scene:
    """A standard card: the index in two corners; pips, a court's framed letter or a joker's
    star between them; the card's name in small print under each index if ``names``."""
    ink = ink_of(card, four_color)
    if is_small(size):
        return small_face(card, size, ink, bleed)
    lay = layout(size)
    corner = _corner(card, lay, ink, names)
    items: list[Item] = [paper(size, bleed), *corner, *_turned(corner, lay)]
    if card.extra is not None:
        items += _joker(card, lay, ink)
    else:
        rank, suit = card.value("rank").symbol, card.value("suit").name
        court = rank in ("J", "Q", "K")
        items += _court(rank, suit, lay, ink) if court else _pips(rank, suit, lay, ink)
    return Scene(size.width, size.height, tuple(items), bleed)


def small_face(card: Card, size: Size, ink: str, bleed: float = 0.0) -> Scene:
    """A small standard card (:func:`~generator.draw.faces.common.is_small`): the rank large
    over its suit's mark, paper between them; a joker's word over its star."""
    w, h = size.width, size.height
    pad = 0.07 * h
    items: list[Item] = [paper(size, bleed)]
    word = "JOKER" if card.extra is not None else card.value("rank").symbol
    points = min(0.36 * h / (POINT * CAP_HEIGHT), 0.86 * w / text_width(word, 1.0, bold=True))
    baseline = pad + cap(points)
    items.append(Text(w / 2, baseline, word, points, ink, anchor="middle", bold=True))
    below = baseline + points * POINT * DESCENT + 0.05 * h
    radius = min((h - pad - below) / 2, 0.4 * w / ASPECT)
    middle = (below + h - pad) / 2
    if card.extra is not None:
        items += _joker_star(card, w / 2, middle + radius * 0.095, radius / 0.905, ink)
    else:
        items.append(mark(card.value("suit").name, w / 2, middle, radius, ink))
    return Scene(w, h, tuple(items), bleed)


DESIGN = Design(face, BackStyle("#e6e3dc", "#a39d90", "CARDS"), four_color=True)
"""The standard deck's design, shared by Four's stripped deck: a neutral back titled CARDS."""

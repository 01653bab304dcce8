"""The geometry of a 4D card symbol, computed once for both backends.

A symbol is its shape (square, circle, triangle) filled with alternating bands
of the card's color and shade; the bands' edges are straight (stripe), waves
(wavy) or a zigzag. Around the shape runs an outline whose style belongs to
the color, drawn just outside the shape so it never hides in a dark band:

- blue: one solid line;
- green: a dashed line, its dashes fitted to each side so a dash covers every corner
  and the line closes on itself (:func:`dashes`);
- red: a double line (two thin lines with paper between them).

A thin line of paper (:data:`KEYLINE`) parts the outline from the symbol and, on a
black or gray shade, each band from the next: in gray-scale the three colors print
as one dark gray, which a black band or the outline's ink would otherwise merge with.

The bands are fitted to each shape's height, so every symbol has four bands of
color (top and bottom among them) and three of shade, and are clipped to the
shape as polygons (shapely); no SVG patterns, masks or clip paths are needed.

>>> symbol = symbol_geometry("red", "white", "wavy", "circle", radius=20)
>>> from generator.draw.palette import COLORS, SHADES
>>> [band.fill for band in symbol.bands][:3] == [COLORS["red"], SHADES["white"], COLORS["red"]]
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Polygon

from generator.draw import palette
from generator.draw.scene import Path, Point, rounded

BANDS = 7
"""Bands across the symbol: color, shade, color, ... (four of color, three of shade)."""

OUTLINE_WIDTH = 0.075
"""Outline width as a fraction of the symbol's radius (1.5 mm on a poker card)."""

KEYLINE = 0.03
"""The paper between the outline and the symbol, and between bands of a dark shade, as
a fraction of the symbol's radius (0.7 mm on a poker card)..."""
KEYLINE_LEAST = 0.2
"""... but never thinner than this many mm, so a small card's keylines still print."""


@dataclass(frozen=True)
class OutlineStyle:
    """How a color's outline is drawn, in fractions of the outline width."""

    dash: tuple[float, ...] = ()
    double: bool = False


OUTLINES: dict[str, OutlineStyle] = {
    "blue": OutlineStyle(),
    "green": OutlineStyle(dash=(2.2, 1.1)),
    "red": OutlineStyle(double=True),
}


@dataclass(frozen=True)
class Symbol:
    """A symbol's geometry, centred on (0, 0), in mm: bands in drawing order, then outline."""

    bands: tuple[Path, ...]
    outline: tuple[Path, ...]

    def paths(self) -> tuple[Path, ...]:
        return self.bands + self.outline


def shape_outline(shape: str, radius: float) -> tuple[Point, ...]:
    """The convex polygon of a shape centred on (0, 0), clockwise on the page (y down).

    Sizes are balanced by eye: the square and the triangle are drawn a little
    smaller and larger than the circle's bounding box so all three look alike.

    >>> len(shape_outline("triangle", 10)), len(shape_outline("square", 10))
    (3, 4)
    """
    if shape == "square":
        a = radius * 0.86
        return ((-a, -a), (a, -a), (a, a), (-a, a))
    if shape == "circle":
        steps = 96  # within 0.015 mm of the true circle on a poker card
        return tuple(
            (radius * math.cos(2 * math.pi * k / steps), radius * math.sin(2 * math.pi * k / steps))
            for k in range(steps)
        )
    if shape == "triangle":
        # Equilateral, pointing up, its centroid a little below the centre so
        # that it sits visually centred.
        r = radius * 1.16
        dy = radius * 0.12
        return tuple(
            (r * math.cos(math.radians(a)), -r * math.sin(math.radians(a)) + dy)
            for a in (90, -30, 210)
        )
    raise ValueError(f"unknown shape {shape!r}; expected square, circle or triangle")


def grown(points: Sequence[Point], shape: str, radius: float, by: float) -> tuple[Point, ...]:
    """The same shape moved outward by ``by`` mm on every side.

    For the square and circle this is the shape of a larger radius; for the
    equilateral triangle, scaling about its centroid (which is also its
    incentre) moves every side by the same distance.
    """
    if shape == "triangle":
        cx = sum(x for x, _ in points) / 3
        cy = sum(y for _, y in points) / 3
        inradius = math.dist((cx, cy), points[0]) / 2
        k = (inradius + by) / inradius
        return tuple((cx + (x - cx) * k, cy + (y - cy) * k) for x, y in points)
    scale = {"square": 0.86, "circle": 1.0}[shape]
    return shape_outline(shape, radius + by / scale)


def _wave(pattern: str, amplitude: float, wavelength: float) -> Callable[[float], float]:
    if pattern == "stripe":
        return lambda x: 0.0
    if pattern == "wavy":
        return lambda x: amplitude * math.sin(2 * math.pi * x / wavelength)
    if pattern == "zigzag":

        def zigzag(x: float) -> float:
            t = (x / wavelength) % 1.0
            return amplitude * (4 * t - 1 if t < 0.5 else 3 - 4 * t)

        return zigzag
    raise ValueError(f"unknown pattern {pattern!r}; expected stripe, wavy or zigzag")


def _samples(pattern: str, left: float, right: float, wavelength: float) -> list[float]:
    """x positions where a band edge must have a vertex (exact for stripe and zigzag)."""
    if pattern == "stripe":
        return [left, right]
    # A zigzag needs only its corners; 16 chords a wave stay within 0.05 mm of the sine.
    step = wavelength / (4 if pattern == "zigzag" else 16)
    start = math.floor(left / step) * step
    count = math.ceil((right - start) / step) + 1
    return [start + i * step for i in range(count)]


def band_edges(
    pattern: str, top: float, bottom: float, half_width: float
) -> list[tuple[Point, ...]]:
    """The edges between the bands, top to bottom, as polylines reaching beyond the shape:
    ``BANDS + 1`` of them, the first and last straight and far outside, so the bands they
    bound (:func:`band_polygons`) leave no gap once clipped."""
    height = (bottom - top) / BANDS
    wavelength = height * 1.9
    wave = _wave(pattern, amplitude=height * 0.38, wavelength=wavelength)
    xs = _samples(pattern, -half_width - wavelength, half_width + wavelength, wavelength)
    edges = []
    for k in range(BANDS + 1):
        y = top + k * height
        if k in (0, BANDS):
            edges.append(tuple((x, y + (3 if k else -3) * height) for x in xs))
        else:
            edges.append(tuple((x, y + wave(x)) for x in xs))
    return edges


def band_polygons(
    pattern: str, top: float, bottom: float, half_width: float
) -> list[tuple[Point, ...]]:
    """The bands, top to bottom, that split the height from ``top`` to ``bottom`` evenly.

    The first and last bands reach far beyond the shape, so clipping leaves no gap.
    """
    edges = band_edges(pattern, top, bottom, half_width)
    return [upper + tuple(reversed(lower)) for upper, lower in itertools.pairwise(edges)]


def clip(
    subject: Sequence[Point], window: Sequence[Point], offset: Point = (0.0, 0.0)
) -> list[tuple[Point, ...]]:
    """The parts of polygon ``subject`` inside polygon ``window`` (outer rings; no holes arise
    when the window is convex), moved by ``offset``.

    >>> square, window = [(0, 0), (4, 0), (4, 4), (0, 4)], [(2, 2), (6, 2), (6, 6), (2, 6)]
    >>> [sorted(part) for part in clip(square, window)]
    [[(2.0, 2.0), (2.0, 4.0), (4.0, 2.0), (4.0, 4.0)]]
    """
    shape = shapely.intersection(shapely.polygons(np.asarray(subject)), Polygon(window))
    parts = []
    for part in getattr(shape, "geoms", [shape]):
        if isinstance(part, Polygon) and not part.is_empty:
            # Rounded to 1/100 mm (plenty for print, small files), repeats dropped.
            ring = np.round(shapely.get_coordinates(part.exterior)[:-1] + offset, 2) + 0.0
            keep = np.any(ring != np.roll(ring, 1, axis=0), axis=1)
            parts.append(tuple(map(tuple, ring[keep].tolist())))
    return parts


def _polygons(shape: shapely.Geometry, offset: Point) -> list[tuple[Point, ...]]:
    """The outer rings of a shapely geometry's polygons, moved by ``offset``, to 1/100 mm."""
    parts = []
    for part in getattr(shape, "geoms", [shape]):
        if isinstance(part, Polygon) and not part.is_empty:
            ring = shapely.get_coordinates(part.exterior)[:-1] + offset
            parts.append(rounded(tuple(map(tuple, ring.tolist()))))
    return [part for part in parts if len(part) >= 3]


def keylines(
    edges: Sequence[tuple[Point, ...]], window: Sequence[Point], width: float, offset: Point
) -> list[tuple[Point, ...]]:
    """The paper lines, ``width`` mm wide, along the inner band edges inside the shape."""
    lines = shapely.MultiLineString([list(edge) for edge in edges[1:-1]])
    strips = lines.buffer(width / 2, cap_style="flat").intersection(Polygon(window))
    return _polygons(strips, offset)


def dashes(
    middle: Sequence[Point], shape: str, width: float, pattern: tuple[float, float]
) -> list[tuple[Point, ...]]:
    """A dashed outline as filled dashes, ``width`` mm wide, centred on the closed line
    ``middle``: on a polygon each side holds a whole number of dashes and gaps, starting and
    ending with a dash, and each corner is solid; on a circle the dashes are spread so the
    last gap meets the first dash. The dash and gap keep their ratio (``pattern``) and
    change their length by less than half a period, so the line is closed at every size.
    """
    ring = (
        Polygon(middle)
        .buffer(width / 2, join_style="mitre")
        .difference(Polygon(middle).buffer(-width / 2, join_style="mitre"))
    )
    dash, gap = pattern
    reach = 4 * width  # far enough across the ring, whatever a corner's angle
    masks: list[shapely.Geometry] = []
    if shape == "circle":
        cx = sum(x for x, _ in middle) / len(middle)
        cy = sum(y for _, y in middle) / len(middle)
        radius = max(math.dist((cx, cy), p) for p in middle) + reach
        count = max(3, round(2 * math.pi * (radius - reach) / (dash + gap)))
        period = 2 * math.pi / count
        for k in range(count):
            a0, a1 = k * period, k * period + period * dash / (dash + gap)
            arc = [a0 + (a1 - a0) * j / 8 for j in range(9)]
            masks.append(
                Polygon(
                    [(cx, cy)]
                    + [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in arc]
                )
            )
    else:
        corners = list(middle)
        for start, end in zip(corners, corners[1:] + corners[:1], strict=True):
            length = math.dist(start, end)
            count = max(2, round((length + gap) / (dash + gap)))
            stretch = length / (count * dash + (count - 1) * gap)
            ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
            nx, ny = -uy * reach, ux * reach
            for j in range(count):
                t0 = j * stretch * (dash + gap)
                t1 = t0 + stretch * dash
                if j == 0:
                    t0 -= reach
                if j == count - 1:
                    t1 += reach
                a = (start[0] + ux * t0, start[1] + uy * t0)
                b = (start[0] + ux * t1, start[1] + uy * t1)
                masks.append(
                    Polygon(
                        [
                            (a[0] - nx, a[1] - ny),
                            (b[0] - nx, b[1] - ny),
                            (b[0] + nx, b[1] + ny),
                            (a[0] + nx, a[1] + ny),
                        ]
                    )
                )
    return _polygons(ring.intersection(shapely.union_all(masks)), (0.0, 0.0))


def symbol_geometry(
    color: str, shade: str, pattern: str, shape: str, radius: float, center: Point = (0.0, 0.0)
) -> Symbol:
    """The bands, keylines and outline of one symbol of the given radius (mm), centred on
    ``center``. The clipped bands, keylines and dashes are worked out once a process for
    each pattern, shape, size and place (:func:`_bands`, :func:`_keylines`,
    :func:`_dashes`): the 81 cards of a sheet share nine sets of bands."""
    fills = (palette.COLORS[color], palette.SHADES[shade])
    paper = palette.SHADES["white"]
    bands = [Path(part, fill=fills[k % 2]) for k, part in _bands(pattern, shape, radius, center)]
    if shade != "white":
        bands += [Path(strip, fill=paper) for strip in _keylines(pattern, shape, radius, center)]
    width = radius * OUTLINE_WIDTH
    middle = _middle(shape, radius, center)
    style = OUTLINES[color]
    ink = palette.OUTLINE_INK
    if style.dash:
        outline = [Path(part, fill=ink) for part in _dashes(shape, radius, center, style.dash)]
    else:
        outline = [Path(middle, stroke=ink, width=width)]
    if style.double:
        outline.append(Path(middle, stroke=paper, width=width / 3))
    return Symbol(tuple(bands), tuple(outline))


FIGURES = 64
"""How many patterns, shapes, sizes and places a process keeps the geometry of (a sheet
draws its cards at one or two sizes: nine patterns and shapes each)."""


def _window(shape: str, radius: float) -> tuple[tuple[Point, ...], float, float, float]:
    """The shape's outline, its top and bottom, and its half width."""
    window = shape_outline(shape, radius)
    ys = [y for _, y in window]
    return window, min(ys), max(ys), max(abs(x) for x, _ in window)


@lru_cache(maxsize=FIGURES)
def _bands(
    pattern: str, shape: str, radius: float, center: Point
) -> tuple[tuple[int, tuple[Point, ...]], ...]:
    """The bands clipped to the shape, each part with its band's number (even: the
    color's, odd: the shade's), top to bottom."""
    window, top, bottom, half_width = _window(shape, radius)
    return tuple(
        (k, part)
        for k, band in enumerate(band_polygons(pattern, top, bottom, half_width))
        for part in clip(band, window, center)
        if len(part) >= 3
    )


@lru_cache(maxsize=FIGURES)
def _keylines(
    pattern: str, shape: str, radius: float, center: Point
) -> tuple[tuple[Point, ...], ...]:
    """The paper lines between the bands of a dark shade."""
    window, top, bottom, half_width = _window(shape, radius)
    edges = band_edges(pattern, top, bottom, half_width)
    return tuple(keylines(edges, window, max(radius * KEYLINE, KEYLINE_LEAST), center))


@lru_cache(maxsize=FIGURES)
def _middle(shape: str, radius: float, center: Point) -> tuple[Point, ...]:
    """The middle of the outline's line, just outside the shape and its keyline."""
    key = max(radius * KEYLINE, KEYLINE_LEAST)
    width = radius * OUTLINE_WIDTH
    cx, cy = center
    window = shape_outline(shape, radius)
    return rounded(
        tuple((x + cx, y + cy) for x, y in grown(window, shape, radius, key + width / 2))
    )


@lru_cache(maxsize=FIGURES)
def _dashes(
    shape: str, radius: float, center: Point, pattern: tuple[float, ...]
) -> tuple[tuple[Point, ...], ...]:
    """A dashed outline's dashes, ``pattern`` in outline widths."""
    width = radius * OUTLINE_WIDTH
    dash, gap = (d * width for d in pattern)
    return tuple(dashes(_middle(shape, radius, center), shape, width, (dash, gap)))

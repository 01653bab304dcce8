"""The geometry of a 4D card symbol, computed once for both backends.

A symbol is its shape (square, circle, triangle) filled with alternating bands
of the card's color and shade; the bands' edges are straight (stripe), waves
(wavy) or a zigzag. Around the shape runs an outline whose style belongs to
the color, drawn just outside the shape so it never hides in a dark band:

- blue: one solid line;
- green: a dashed line;
- red: a double line (two thin lines with paper between them).

The bands are fitted to each shape's height, so every symbol has four bands of
color (top and bottom among them) and three of shade, and are clipped to the
shape as polygons (shapely); no SVG patterns, masks or clip paths are needed.

>>> symbol = symbol_geometry("red", "white", "wavy", "circle", radius=20)
>>> from generator.draw.palette import COLORS, SHADES
>>> [band.fill for band in symbol.bands][:3] == [COLORS["red"], SHADES["white"], COLORS["red"]]
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

from generator.draw import palette
from generator.draw.scene import Path, Point, rounded

BANDS = 7
"""Bands across the symbol: color, shade, color, ... (four of color, three of shade)."""

OUTLINE_WIDTH = 0.075
"""Outline width as a fraction of the symbol's radius (1.5 mm on a poker card)."""


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


def band_polygons(
    pattern: str, top: float, bottom: float, half_width: float
) -> list[tuple[Point, ...]]:
    """The bands, top to bottom, that split the height from ``top`` to ``bottom`` evenly.

    The first and last bands reach far beyond the shape, so clipping leaves no gap.
    """
    height = (bottom - top) / BANDS
    wavelength = height * 1.9
    wave = _wave(pattern, amplitude=height * 0.38, wavelength=wavelength)
    xs = _samples(pattern, -half_width - wavelength, half_width + wavelength, wavelength)
    edges = [top + k * height for k in range(BANDS + 1)]
    edges[0] -= 3 * height
    edges[-1] += 3 * height
    bands = []
    for k in range(BANDS):
        upper = [(x, edges[k] + (0.0 if k == 0 else wave(x))) for x in xs]
        lower = [(x, edges[k + 1] + (0.0 if k == BANDS - 1 else wave(x))) for x in reversed(xs)]
        bands.append(tuple(upper + lower))
    return bands


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


def symbol_geometry(
    color: str, shade: str, pattern: str, shape: str, radius: float, center: Point = (0.0, 0.0)
) -> Symbol:
    """The bands and outline of one symbol of the given radius (mm), centred on ``center``."""
    fills = (palette.COLORS[color], palette.SHADES[shade])
    window = shape_outline(shape, radius)
    ys = [y for _, y in window]
    half_width = max(abs(x) for x, _ in window)
    bands = []
    for k, band in enumerate(band_polygons(pattern, min(ys), max(ys), half_width)):
        for part in clip(band, window, center):
            if len(part) >= 3:
                bands.append(Path(part, fill=fills[k % 2]))
    width = radius * OUTLINE_WIDTH
    cx, cy = center
    path = rounded(tuple((x + cx, y + cy) for x, y in grown(window, shape, radius, width / 2)))
    style = OUTLINES[color]
    ink = palette.OUTLINE_INK
    outline = [Path(path, stroke=ink, width=width, dash=tuple(d * width for d in style.dash))]
    if style.double:
        outline.append(Path(path, stroke=palette.SHADES["white"], width=width / 3))
    return Symbol(tuple(bands), tuple(outline))

"""A drawing as plain data: the one geometry that both backends (SVG, PDF) write.

Coordinates are millimetres with the origin at the top-left corner of the
card's trim box and y pointing down; a bleed extends the drawing by
``bleed`` mm on every side (negative coordinates included). Text sizes are
points. Paths are polygons and filled with the non-zero rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Point = tuple[float, float]


@dataclass(frozen=True)
class Path:
    """A polygon or polyline, filled and/or stroked."""

    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()
    closed: bool = True
    cap: Literal["butt", "round"] = "butt"


@dataclass(frozen=True)
class Text:
    """A line of text; ``anchor`` places ``x`` at its start, middle or end."""

    x: float
    y: float
    text: str
    size: float
    color: str = "#000000"
    anchor: Literal["start", "middle", "end"] = "start"
    bold: bool = False
    rotate: float = 0.0
    """Degrees, clockwise as seen on the page, about ``(x, y)``."""


Item = Path | Text


@dataclass(frozen=True)
class Scene:
    """Everything drawn on one card (or one calibration mark), in drawing order."""

    width: float
    height: float
    items: tuple[Item, ...] = field(default_factory=tuple)
    bleed: float = 0.0


def rectangle(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    """The corners of an axis-aligned rectangle, clockwise from top-left."""
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def rotated(points: tuple[Point, ...], cx: float, cy: float) -> tuple[Point, ...]:
    """Points turned half a turn about ``(cx, cy)`` (for the upside-down corner)."""
    return tuple((2 * cx - x, 2 * cy - y) for x, y in points)


def rounded(points: tuple[Point, ...], digits: int = 2) -> tuple[Point, ...]:
    """Points rounded to 1/100 mm, dropping repeats: plenty for print, small files."""
    out: list[Point] = []
    for x, y in points:
        p = (round(x, digits) + 0.0, round(y, digits) + 0.0)
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return tuple(out)

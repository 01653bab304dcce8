"""Card faces read back from the page at every size the project draws them: printed through
the PDF backend, rasterized at 300 dpi and converted to gray-scale, as a gray-scale copier
would see a worksheet, a handout or a notation card.

- the rank of a PARADOX or standard card is a glyph at least 1.7 mm tall that touches no
  other ink, and so is the color's or suit's mark (the cue that survives gray-scale);
- green's dashed outline is inked at every corner, leaves no gap longer than a dash gap and
  sends no tick outside the outline;
- on a black-shade 4D card, paper parts each black band from the color bands beside it and
  the outline from the symbol, so they differ in gray-scale by at least 0.55 of full scale.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
import pypdfium2 as pdfium
import pytest
import shapely
from shapely.geometry import Polygon

from generator.documents.blocks import MIN_SCALE, mini_size
from generator.documents.handouts import CARD_SCALE
from generator.documents.notation import LARGE, SMALL
from generator.draw import palette
from generator.draw.faces import face
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import CARD_SIZES, PAPERS, Size
from generator.draw.pdf import PdfPages
from generator.draw.scene import Path, Scene, Text
from generator.draw.symbols import OUTLINE_WIDTH, OUTLINES, shape_outline
from printables.cards.deck import Card
from printables.cards.decks import FOUR_D, PARADOX, STANDARD

DPI = 300
PX = DPI / 25.4
"""Pixels a millimetre."""
INK = 0.6
"""Gray levels below this are ink (paper is 1.0)."""
POKER = CARD_SIZES["poker"]
HALF_POKER = Size("half poker", POKER.width / 2, POKER.height / 2)
SIZES = [mini_size(MIN_SCALE), mini_size(0.65), mini_size(CARD_SCALE), mini_size(), SMALL, LARGE,
         HALF_POKER]  # fmt: skip
"""Every size a document draws a card at (worksheets, handouts, notation cards), and half a
poker card."""
RANK_FLOOR = 1.7
"""mm: the least height of a rank's glyph (7 pt text's capitals are 1.8 mm, 8 pt's 2 mm)."""
MARK_FLOOR = 1.2
"""mm: the least height of a color's or suit's mark."""
GRAY = 0.55
"""The least gray-scale difference between the paper that parts two dark things (a black band,
a color band, the outline) and the darker of them: the colors print at 0.40-0.45 gray, so
paper beside them differs by 0.55 or more, where a black band beside a color band differs
by 0.40 and the outline's ink beside a color band by less."""


def gray_page(scenes: list[Scene]) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """The scenes drawn side by side on one A4 page by the PDF backend, as a gray-scale
    array (0 black to 1 paper), and each scene's top-left corner in mm."""
    pdf = PdfPages(PAPERS["a4"], title="faces")
    places, x, y, row = [], 10.0, 10.0, 0.0
    for k, scene in enumerate(scenes):
        if x + scene.width > 200:
            x, y, row = 10.0, y + row + 6.0, 0.0
        pdf.scene(f"face {k}", scene, x, y)
        places.append((x, y))
        x += scene.width + 6.0
        row = max(row, scene.height)
    pdf.end_page()
    page = pdfium.PdfDocument(pdf.finish())[0]
    image = page.render(scale=DPI / 72).to_pil().convert("L")
    return np.asarray(image, dtype=float) / 255, places


def components(ink: np.ndarray) -> np.ndarray:
    """Each ink pixel's 8-connected component, numbered from 1 (0 is paper)."""
    labels = np.zeros(ink.shape, dtype=int)
    count = 0
    for start in zip(*np.nonzero(ink), strict=True):
        if labels[start]:
            continue
        count += 1
        labels[start] = count
        stack = [start]
        while stack:
            r, c = stack.pop()
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if (0 <= rr < ink.shape[0] and 0 <= cc < ink.shape[1] and ink[rr, cc]
                            and not labels[rr, cc]):  # fmt: skip
                        labels[rr, cc] = count
                        stack.append((rr, cc))
    return labels


def ink_box(
    labels: np.ndarray, box: tuple[float, float, float, float]
) -> tuple[float, float, float, float]:
    """In mm of the card, the bounds of all ink connected to ink inside ``box`` (mm)."""
    x0, y0, x1, y1 = (round(v * PX) for v in box)
    touched = set(np.unique(labels[max(y0, 0) : y1, max(x0, 0) : x1])) - {0}
    assert touched, f"no ink in {box}"
    rows, cols = np.nonzero(np.isin(labels, list(touched)))
    return cols.min() / PX, rows.min() / PX, (cols.max() + 1) / PX, (rows.max() + 1) / PX


def rank_and_mark(scene: Scene, ink: str) -> Iterator[tuple[str, tuple[float, ...]]]:
    """The card's largest upright rank glyph and largest mark in its ink, as boxes in mm
    (a glyph's from its capitals' top to its descent)."""
    texts = [t for t in scene.items if isinstance(t, Text) and t.rotate == 0 and t.color == ink]
    rank = max(texts, key=lambda t: t.size)
    width = text_width(rank.text, rank.size, bold=rank.bold)
    left = {"start": rank.x, "middle": rank.x - width / 2, "end": rank.x - width}[rank.anchor]
    top = rank.y - rank.size * POINT * 0.73
    yield "rank", (left, top, left + width, rank.y + rank.size * POINT * 0.2)
    marks = [p for p in scene.items if isinstance(p, Path) and p.fill == ink]
    bounds = [Polygon(p.points).bounds for p in marks]
    yield "mark", max(bounds, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))


def small_cards() -> list[Card]:
    return [PARADOX.card(name) for name in ("P10", "G0", "R6", "B9")] + [
        STANDARD.card(name) for name in ("QD", "10S", "AH", "KC")
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s.width:g}x{s.height:g}")
def test_rank_and_mark_are_large_and_apart_in_gray_scale(size: Size) -> None:
    cards = small_cards()
    scenes = [face(card, size, names=True) for card in cards]
    gray, places = gray_page(scenes)
    for card, scene, (x, y) in zip(cards, scenes, places, strict=True):
        crop = gray[round(y * PX) : round((y + size.height) * PX),
                    round(x * PX) : round((x + size.width) * PX)]  # fmt: skip
        labels = components(crop < INK)
        ink = next(p.fill for p in scene.items if isinstance(p, Path) and p.fill != "#ffffff")
        for what, box in rank_and_mark(scene, str(ink)):
            x0, y0, x1, y1 = box
            shrink = 0.15 * min(x1 - x0, y1 - y0)
            found = ink_box(labels, (x0 + shrink, y0 + shrink, x1 - shrink, y1 - shrink))
            height = found[3] - found[1]
            floor = RANK_FLOOR if what == "rank" else MARK_FLOOR
            assert height >= floor, f"{card} at {size.width:g} mm: {what} {height:.2f} mm tall"
            grown = 0.35  # mm: antialiasing, and Vera's glyphs overshooting the cap height
            assert (
                found[0] >= x0 - grown and found[1] >= y0 - grown
                and found[2] <= x1 + grown and found[3] <= y1 + grown
            ), f"{card} at {size.width:g} mm: other ink runs into its {what}"  # fmt: skip


def outline_geometry(scene: Scene) -> tuple[Polygon, float]:
    """The outline's outer edge as drawn in the scene (stroked or filled), and its width."""
    parts = []
    width = 0.0
    for item in scene.items:
        if not isinstance(item, Path) or palette.OUTLINE_INK not in (item.stroke, item.fill):
            continue
        polygon = Polygon(item.points)
        if item.stroke:
            width = max(width, item.width)
            polygon = polygon.buffer(item.width / 2, join_style="mitre")
        parts.append(polygon)
    hull: Polygon = shapely.union_all(parts).convex_hull
    return hull, width


def corners(polygon: Polygon) -> list[tuple[float, float]]:
    """A convex polygon's vertices where its edge turns by more than 20 degrees."""
    ring = list(polygon.exterior.coords[:-1])
    found = []
    for k, (x, y) in enumerate(ring):
        (ax, ay), (bx, by) = ring[k - 1], ring[(k + 1) % len(ring)]
        u, v = np.array([x - ax, y - ay]), np.array([bx - x, by - y])
        turn = (u[0] * v[1] - u[1] * v[0]) / (np.linalg.norm(u) * np.linalg.norm(v))
        if abs(turn) > np.sin(np.radians(20)):
            found.append((x, y))
    return found


GREEN = ["Gb=T", "Gw=S", "Gg~C", "GbzT", "Gg=S"]
OUTLINE_SIZES = [mini_size(MIN_SCALE), mini_size(), SMALL, HALF_POKER, POKER]


@pytest.mark.parametrize("size", OUTLINE_SIZES, ids=lambda s: f"{s.width:g}x{s.height:g}")
def test_greens_dashed_outline_is_closed_at_every_corner(size: Size) -> None:
    cards = [FOUR_D.card(name) for name in GREEN]
    scenes = [face(card, size, names=False) for card in cards]
    gray, places = gray_page(scenes)
    radius = min(size.width * 0.36, size.height * 0.26)
    width = radius * OUTLINE_WIDTH
    dash, gap = (d * width for d in OUTLINES["green"].dash)
    for card, scene, (x, y) in zip(cards, scenes, places, strict=True):
        outer, _ = outline_geometry(scene)
        outer = shapely.affinity.translate(outer, x, y)
        middle = outer.buffer(-width / 2, join_style="mitre").exterior
        # Ink along the outline's middle line, a sample every 0.05 mm.
        steps = np.arange(0.0, middle.length, 0.05)
        points = [middle.interpolate(d) for d in steps]
        inked = np.array([gray[round(p.y * PX), round(p.x * PX)] < INK for p in points])
        assert not inked.all(), f"{card}: the outline is not dashed"
        runs, start = [], None  # the gaps, as (first, last) sample
        for k, on in enumerate(np.concatenate([inked, inked])):
            if not on and start is None:
                start = k
            elif on and start is not None:
                if start < len(inked):
                    runs.append((start, k - 1))
                start = None
        longest = max((b - a + 1) * 0.05 for a, b in runs)
        assert longest <= 1.5 * gap + 0.15, f"{card} at {size.width:g} mm: a {longest:.2f} mm gap"
        if card.value("shape").name != "circle":
            for cx, cy in corners(outer):
                mid = middle.project(shapely.Point(cx, cy))
                for a, b in runs:
                    for k in (a, b):
                        along = abs(steps[k % len(steps)] - mid)
                        along = min(along, middle.length - along)
                        assert along > dash / 2, (
                            f"{card} at {size.width:g} mm: a gap {along:.2f} mm from a corner"
                        )
        # No ink outside the outline (a tick), within a margin of 1.5 mm round it.
        ring = outer.buffer(1.5).difference(outer.buffer(1.5 / PX + 0.05))
        x0, y0, x1, y1 = ring.bounds
        ys, xs = np.mgrid[round(y0 * PX) : round(y1 * PX), round(x0 * PX) : round(x1 * PX)]
        inside = shapely.contains_xy(ring, (xs + 0.5) / PX, (ys + 0.5) / PX)
        stray = int((gray[ys[inside], xs[inside]] < INK).sum())
        assert stray == 0, f"{card} at {size.width:g} mm: {stray} px of ink outside the outline"


def profile_runs(values: np.ndarray) -> list[tuple[int, int]]:
    """The runs of ink (first, last index) along a line of gray levels."""
    runs, start = [], None
    for k, value in enumerate([*values, 1.0]):
        if value < INK and start is None:
            start = k
        elif value >= INK and start is not None:
            runs.append((start, k - 1))
            start = None
    return runs


BLACK = ["Bb=S", "Gb~C", "RbzT", "Bb~T", "Gb=S", "RbzC"]


@pytest.mark.parametrize("size", [mini_size(MIN_SCALE), mini_size(), HALF_POKER, POKER],
                         ids=lambda s: f"{s.width:g}x{s.height:g}")  # fmt: skip
def test_black_shade_bands_and_outline_stay_apart_in_gray_scale(size: Size) -> None:
    cards = [FOUR_D.card(name) for name in BLACK]
    scenes = [face(card, size, names=False) for card in cards]
    gray, places = gray_page(scenes)
    radius = min(size.width * 0.36, size.height * 0.26)
    for card, scene, (x, y) in zip(cards, scenes, places, strict=True):
        cx, cy = x + size.width / 2, y + size.height / 2
        window = shape_outline(card.value("shape").name, radius)
        top, bottom = (cy + min(p[1] for p in window), cy + max(p[1] for p in window))
        # Down the middle: every band apart from the next, black from color.
        column = gray[round(top * PX) : round(bottom * PX), round(cx * PX)]
        runs = profile_runs(column)
        assert len(runs) >= 7, f"{card} at {size.width:g} mm: {len(runs)} bands told apart"
        for (_, end), (begin, _) in itertools.pairwise(runs):
            between = column[end : begin + 1]
            darker = min(column[max(end - 2, 0) : end + 1].min(), column[begin : begin + 3].min())
            assert between.max() - darker >= GRAY, (
                f"{card} at {size.width:g} mm: bands differ by {between.max() - darker:.2f}"
            )
        # Across the middle, from the card's left edge: the outline apart from the symbol, on
        # every row near the middle where the outline is inked (green's may be in a gap).
        outer, _ = outline_geometry(scene)
        width = radius * OUTLINE_WIDTH
        left = outer.bounds[0] + x
        checked = 0
        for dy in np.arange(-radius / 4, radius / 4, 1 / PX):
            row = gray[round((cy + dy) * PX), round((left - 0.5) * PX) : round(cx * PX)]
            runs = profile_runs(row)
            line = shapely.LineString([(-1e3, cy + dy - y), (1e3, cy + dy - y)])
            edge = outer.intersection(line).bounds[0] + x  # where the outline meets the row
            if not runs or abs(runs[0][0] / PX - (edge - left + 0.5)) > width / 2:
                continue  # a gap in a dashed outline
            checked += 1
            # The outline's runs (red's double line is two) end within its width, plus the
            # slant of a triangle's side; the symbol's ink starts after them.
            reach = runs[0][0] + (1.5 * width + 2 / PX) * PX
            lines = [run for run in runs if run[1] <= reach]
            assert lines, f"{card} at {size.width:g} mm: the outline joins the symbol"
            rest = runs[len(lines) :]
            if not rest:
                continue  # along a keyline between two bands
            (first, last), (begin, end) = lines[-1], rest[0]
            between = row[last : begin + 1]
            darker = min(row[first : last + 1].min(), row[begin : end + 1].min())
            assert between.max() - darker >= GRAY, (
                f"{card} at {size.width:g} mm: no paper between the outline and the symbol"
            )
        assert checked > radius / 4 * PX / 2

"""Reading printed PDFs back in tests: where each string is, and whether fonts are embedded.

Test modules import it as ``pdf_probe`` (``tests/support/`` is on pytest's ``pythonpath``).
"""

from __future__ import annotations

import html
import io
import re
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pypdf import PageObject, PdfReader


def fragments(data: bytes, page: int) -> list[tuple[float, float, str]]:
    """(x, y, text) of every string drawn on a page, in points from the bottom left."""
    found: list[tuple[float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((x, y, text.strip()))

    PdfReader(io.BytesIO(data)).pages[page].extract_text(visitor_text=visit)
    return found


def lines_of(data: bytes, pages: Iterable[int], most_x: float = float("inf")) -> list[list[str]]:
    """The strings of ``pages`` left of ``most_x`` points, as lines top to bottom, each line
    left to right."""
    out: list[list[str]] = []
    for page in pages:
        rows: dict[float, list[tuple[float, str]]] = {}
        for x, y, text in fragments(data, page):
            if x < most_x:
                rows.setdefault(round(y, 1), []).append((x, text))
        out += [[text for _, text in sorted(rows[y])] for y in sorted(rows, reverse=True)]
    return out


def embedded_fonts(pages: Iterable[PageObject]) -> int:
    """How many fonts the pages use; fails naming the first font that is not embedded."""
    fonts = 0
    for page in pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0] if "/DescendantFonts" in font else font
            descriptor = descendant.get_object()["/FontDescriptor"]
            assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor), (
                f"{font['/BaseFont']} is not embedded"
            )
            fonts += 1
    return fonts


def ink_near_edge(data: bytes, margin: float = 5.0, dpi: int = 72) -> list[str]:
    """Where a PDF's pages have ink within ``margin`` mm of the paper's edge, rasterized
    (pdfium, gray) at ``dpi``: one line a page, naming the page and the inked box in mm;
    empty when every page keeps its ink inside. Only pixels wholly inside the band count,
    so ink starting exactly at the margin passes."""
    import numpy as np
    import pypdfium2 as pdfium

    found = []
    band = int(margin / 25.4 * dpi)  # pixels 0 .. band-1 end before the margin
    for number, page in enumerate(pdfium.PdfDocument(data), 1):
        image = page.render(scale=dpi / 72, grayscale=True).to_numpy()
        ink = (image if image.ndim == 2 else image[..., 0]) < 250
        assert ink.sum() > 0.005 * ink.size, f"page {number} is blank"
        ink[band:-band, band:-band] = False
        if ink.any():
            rows, cols = np.nonzero(ink)
            mm = 25.4 / dpi
            found.append(
                f"page {number}: ink at x {cols.min() * mm:.1f}-{(cols.max() + 1) * mm:.1f}, "
                f"y {rows.min() * mm:.1f}-{(rows.max() + 1) * mm:.1f} mm of "
                f"{ink.shape[1] * mm:.0f} x {ink.shape[0] * mm:.0f}"
            )
    return found


@dataclass(frozen=True)
class Word:
    """A word poppler reads from a page (``pdftotext -bbox``): its box in points from the
    page's top left, as tall as its type size."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str


_WORD = re.compile(
    r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>'
)


def words(data: bytes) -> list[list[Word]]:
    """Every page's words with their boxes, as poppler finds them (one run of it)."""
    out = subprocess.run(["pdftotext", "-bbox", "-", "-"], input=data, capture_output=True,
                         check=True).stdout.decode()  # fmt: skip
    return [[Word(float(a), float(b), float(c), float(d), html.unescape(t))
             for a, b, c, d, t in _WORD.findall(page)]
            for page in out.split("<page ")[1:]]  # fmt: skip


def _line_of(word: Word, page: list[Word]) -> str:
    """The words on ``word``'s baseline that run on from it (gaps under a third of its
    height), read left to right: the piece of text it belongs to."""
    same = sorted((w for w in page if (w.y0, w.y1) == (word.y0, word.y1)), key=lambda w: w.x0)
    k = same.index(word)
    first = last = k
    gap = (word.y1 - word.y0) * 0.35
    while first > 0 and same[first].x0 - same[first - 1].x1 < gap:
        first -= 1
    while last < len(same) - 1 and same[last + 1].x0 - same[last].x1 < gap:
        last += 1
    return " ".join(w.text for w in same[first : last + 1])


def overlapping_words(data: bytes, tolerance: float = 0.5) -> list[str]:
    """Where two words of a page overlap (their boxes share more than ``tolerance`` points
    across and down, so words of one line that touch do not count): one line a pair,
    naming the page and both pieces of text; empty when no text lies on other text."""
    found = []
    for number, page in enumerate(words(data), 1):
        ordered = sorted(page, key=lambda w: w.x0)
        for k, a in enumerate(ordered):
            for b in ordered[k + 1 :]:
                if b.x0 > a.x1 - tolerance:
                    break
                across = min(a.x1, b.x1) - max(a.x0, b.x0)
                down = min(a.y1, b.y1) - max(a.y0, b.y0)
                if across > tolerance and down > tolerance:
                    found.append(f"page {number}: {_line_of(a, page)!r} at "
                                 f"({a.x0:.0f}, {a.y0:.0f}) pt overlaps {_line_of(b, page)!r} "
                                 f"at ({b.x0:.0f}, {b.y0:.0f}) pt")  # fmt: skip
    return found


@dataclass(frozen=True)
class Drawn:
    """A path drawn on a page (not inside a placed drawing): its box in mm from the page's
    top left and its fill (gray level 0-255, None when unfilled)."""

    x0: float
    y0: float
    x1: float
    y1: float
    fill: int | None


def drawn_paths(data: bytes) -> list[list[Drawn]]:
    """The rules, boxes and fills drawn straight on each page (pdfium, not inside a placed
    drawing), in mm from the page's top left; the box of a stroked path takes in half its
    line."""
    import pypdfium2 as pdfium

    mm = 25.4 / 72
    pages = []
    for sheet in pdfium.PdfDocument(data):
        pages.append(_paths(sheet, sheet.get_height(), mm))
    return pages


def _paths(sheet: Any, height: float, mm: float) -> list[Drawn]:
    """One pdfium page's paths (``mm``: millimetres a point)."""
    import ctypes

    import pypdfium2.raw as raw

    found = []
    for item in sheet.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=0):
        left, bottom, right, top = item.get_bounds()
        fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(item.raw, ctypes.byref(fill_mode), ctypes.byref(stroke))
        fill = None
        if fill_mode.value:
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            raw.FPDFPageObj_GetFillColor(item.raw, *(ctypes.byref(v) for v in (r, g, b, a)))
            fill = round((r.value + g.value + b.value) / 3)
        found.append(Drawn(left * mm, (height - top) * mm, right * mm, (height - bottom) * mm,
                           fill))  # fmt: skip
    return found


def text_across_fills(data: bytes, tolerance: float = 0.5) -> list[str]:
    """Where a word crosses the edge of a filled box drawn on the page (a gray banner, a
    shaded cell) by more than ``tolerance`` points, so the edge cuts through its letters:
    one line each, naming the page, the words' line and the box; empty when none does."""
    mm = 72 / 25.4
    found = []
    for number, (page, drawn) in enumerate(zip(words(data), drawn_paths(data), strict=True), 1):
        fills = [d for d in drawn if d.fill is not None]
        for box in fills:
            x0, y0, x1, y1 = box.x0 * mm, box.y0 * mm, box.x1 * mm, box.y1 * mm
            for word in page:
                across = min(x1, word.x1) - max(x0, word.x0)
                down = min(y1, word.y1) - max(y0, word.y0)
                inside = (word.x0 >= x0 - tolerance and word.x1 <= x1 + tolerance
                          and word.y0 >= y0 - tolerance and word.y1 <= y1 + tolerance)  # fmt: skip
                if across > tolerance and down > tolerance and not inside:
                    found.append(f"page {number}: {_line_of(word, page)!r} at ({word.x0:.0f}, "
                                 f"{word.y0:.0f}) pt crosses the edge of the fill from "
                                 f"({x0:.0f}, {y0:.0f}) to ({x1:.0f}, {y1:.0f}) pt")  # fmt: skip
    return list(dict.fromkeys(found))

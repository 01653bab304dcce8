"""Reading printed PDFs back in tests: where each string is, and whether fonts are embedded.

Test modules import it as ``pdf_probe`` (``tests/support/`` is on pytest's ``pythonpath``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable

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

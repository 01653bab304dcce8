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

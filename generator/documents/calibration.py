"""The duplex calibration sheet: two pages that measure a printer's front-to-back offset.

The front has a cross through the page's centre; the back has two scales around the same
point. Printed duplex (flip on long edge) and held against the light, the cross meets
each scale at the numbers to pass as ``--duplex-offset X,Y``: the correction in mm, x to
the right and y up as seen on the back.

>>> from generator.draw.layout import PAPERS
>>> calibration_pdf(PAPERS["a4"])[:5]
b'%PDF-'
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.draw import palette
from generator.draw.layout import Size
from generator.draw.pdf import PdfPages

INK = palette.OUTLINE_INK
GAP = 25.0
"""mm from the centre to each scale."""


def _heading(pages: PdfPages, lines: Sequence[str]) -> None:
    cx = pages.paper.width / 2
    pages.text(cx, 25, lines[0], size=14, bold=True, anchor="middle", color=INK)
    for k, line in enumerate(lines[1:], 1):
        pages.text(cx, 25 + 6 * k, line, size=10, anchor="middle", color=INK)


def calibration_pdf(paper: Size) -> bytes:
    """The two pages, for ``paper``."""
    pages = PdfPages(paper, title=f"Duplex calibration, {paper}", duplex=True)
    cx, cy = paper.width / 2, paper.height / 2
    _heading(
        pages,
        [
            "Duplex calibration: front",
            "Print this file double-sided, flip on long edge, at 100 % (Actual size).",
            "Hold the sheet up to a light and look at the back: the long lines of this cross",
            "show through and meet the two scales printed there.",
        ],
    )
    # Heavy enough to see through the paper.
    pages.line(cx, cy + 60, cx, cy - 60, 1.0, INK)
    pages.line(cx - 60, cy, cx + 60, cy, 1.0, INK)
    pages.end_page()

    _heading(
        pages,
        [
            "Duplex calibration: back",
            "Read where the line from the front crosses each scale (in mm).",
            "Then print decks with  --duplex-offset X,Y  using those two numbers,",
            "for example  printables deck 4d --duplex-offset 1.5,-0.5",
        ],
    )
    # Two 1:1 scales in mm: above the centre (the front's vertical line reads X) and to
    # its right (the horizontal line reads Y). Ticks every 0.5 mm, numbers every 5 mm.
    for k in range(-20, 21):
        at = k / 2
        length = 6 if k % 10 == 0 else 4 if k % 2 == 0 else 2
        width = 0.4 if k % 2 == 0 else 0.2
        pages.line(cx + at, cy - GAP, cx + at, cy - GAP - length, width, INK)
        pages.line(cx + GAP, cy - at, cx + GAP + length, cy - at, width, INK)
    for k in range(-10, 11, 5):
        label = f"{k:+d}" if k else "0"
        pages.text(cx + k, cy - GAP - 7.5, label, size=6, bold=True, anchor="middle", color=INK)
        pages.text(cx + GAP + 7.5, cy - k + 0.8, label, size=6, bold=True, color=INK)
    pages.text(cx, cy - GAP - 13, "X: mm, + is to the right", size=9, anchor="middle", color=INK)
    pages.text(cx + GAP + 16, cy, "Y: mm, + is up", size=9, anchor="middle", color=INK, rotate=90)
    pages.text(
        cx, cy + 40, "X = ________ mm        Y = ________ mm", size=11, anchor="middle", color=INK
    )
    pages.end_page()
    return pages.finish()

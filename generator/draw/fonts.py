"""The fonts printed matter uses: Bitstream Vera, shipped with reportlab, embedded in PDFs.

>>> font_name(bold=True)
'Vera-Bold'
>>> round(text_width("Bb=S", 10) / 10, 2) > 0
True
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, Arial, sans-serif"
POINT = 25.4 / 72
"""One typographic point in mm."""


@cache
def register() -> None:
    """Register the TrueType fonts with reportlab (once); they are embedded as subsets."""
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    pdfmetrics.registerFont(TTFont("Vera-Bold", "VeraBd.ttf"))


def font_name(bold: bool = False) -> str:
    register()
    return "Vera-Bold" if bold else "Vera"


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in mm of ``text`` at ``size`` points."""
    return pdfmetrics.stringWidth(text, font_name(bold), size) * POINT


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm at ``size`` points (explicit
    line breaks kept).

    >>> wrap("one two three", 10, 15)
    ['one two', 'three']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += simpleSplit(paragraph, font_name(bold), size, width * mm) or [""]
    return lines

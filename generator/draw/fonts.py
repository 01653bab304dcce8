"""The fonts printed matter uses, embedded in PDFs: Bitstream Vera (shipped with
reportlab) for text it covers, and Source Sans Pro (from the ``font-source-sans-pro``
package) for text Vera has no letters for: names a class typed in Greek or Cyrillic
(Дмитрий, Αθηνά) print, never as blanks. Text in Latin prints in Vera as it always has.

>>> font_name(bold=True)
'Vera-Bold'
>>> font_name(text="Дмитрий"), font_name(text="Zoë")
('SourceSans', 'Vera')
>>> round(text_width("Bb=S", 10) / 10, 2) > 0
True
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib.resources import files

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, Arial, sans-serif"
POINT = 25.4 / 72
"""One typographic point in mm."""


WIDE = {False: ("SourceSans", "SourceSansPro-Regular.ttf"),
        True: ("SourceSans-Bold", "SourceSansPro-Bold.ttf")}  # fmt: skip
"""The font for letters Vera lacks (Latin, Greek and Cyrillic), regular and bold."""


@cache
def register() -> None:
    """Register the TrueType fonts with reportlab (once); they are embedded as subsets."""
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    pdfmetrics.registerFont(TTFont("Vera-Bold", "VeraBd.ttf"))
    folder = files("font_source_sans_pro") / "files"
    for name, filename in WIDE.values():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))


def font_name(bold: bool = False, text: str = "") -> str:
    """The font to draw ``text`` in: Vera when it has every letter, else the wide font."""
    register()
    vera = "Vera-Bold" if bold else "Vera"
    return vera if _covers(vera, text) else WIDE[bold][0]


@lru_cache(maxsize=4096)
def _covers(font: str, text: str) -> bool:
    """Whether ``font`` has a glyph for every character of ``text`` (spaces aside)."""
    glyphs = pdfmetrics.getFont(font).face.charToGlyph  # type: ignore[attr-defined]
    return all(ord(ch) in glyphs for ch in text if not ch.isspace())


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in mm of ``text`` at ``size`` points, in the font it is drawn in."""
    return pdfmetrics.stringWidth(text, font_name(bold, text), size) * POINT


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm at ``size`` points (explicit
    line breaks kept).

    >>> wrap("one two three", 10, 15)
    ['one two', 'three']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += simpleSplit(paragraph, font_name(bold, paragraph), size, width * mm) or [""]
    return lines

"""The fonts printed matter uses, embedded in PDFs as subsets, so every name a phone can
type prints legibly:

- Bitstream Vera (shipped with reportlab) for text it covers: Latin prints as it always has;
- Source Sans Pro (``font-source-sans-pro``) for the Latin, Greek and Cyrillic Vera lacks;
- Noto Sans Hebrew, Arabic and Devanagari, Noto Emoji (monochrome outlines), Noto Sans for
  sixteen more scripts (Bengali to Thai) and Noto Sans Symbols, from the ``manimgx-fonts``
  package (TrueType outlines, which reportlab embeds);
- for Chinese, Japanese and Korean, WenQuanYi Micro Hei (Debian's ``fonts-wqy-microhei``;
  Droid Sans Fallback where only that is installed). PyPI has Noto Sans CJK only with CFF
  outlines, which reportlab cannot embed. Without either, those letters print as empty
  boxes and the rest of the name as usual.

A text that one of the first two fonts covers whole is drawn in it, as before. Any other
text is cut into runs, each in the first font that has its letters. Right-to-left text is
put in display order (``python-bidi``, Unicode's bidirectional algorithm), Arabic letters
joined first (``arabic-reshaper``: its presentation forms, which the Noto font maps, so the
PDF's text still reads back as the name). Devanagari, the other Noto scripts and emoji are
shaped by HarfBuzz (reportlab with ``uharfbuzz``): conjuncts, vowel signs before their
consonant, emoji sequences as one picture. Vera and Source Sans have a bold; the other
fonts print regular.

>>> font_name(bold=True)
'Vera-Bold'
>>> font_name(text="Дмитрий"), font_name(text="Zoë")
('SourceSans', 'Vera')
>>> [run.text for run in runs("שלום")]
['םולש']
>>> round(text_width("Bb=S", 10) / 10, 2) > 0
True
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path

import arabic_reshaper
from bidi import get_display
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapedStr, TTFont, shapeStr

SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, Arial, sans-serif"
POINT = 25.4 / 72
"""One typographic point in mm."""


WIDE = {False: ("SourceSans", "SourceSansPro-Regular.ttf"),
        True: ("SourceSans-Bold", "SourceSansPro-Bold.ttf")}  # fmt: skip
"""The font for letters Vera lacks (Latin, Greek and Cyrillic), regular and bold."""


@dataclass(frozen=True)
class Face:
    """A fallback font: reportlab's name for it, its file, and whether HarfBuzz shapes it."""

    name: str
    file: str
    shaped: bool = False


def _noto(name: str, file: str, shaped: bool = False) -> Face:
    return Face(name, str(files("manimgx_fonts") / file), shaped)


CJK_FILES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",  # Debian: fonts-wqy-microhei
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",  # fonts-droid-fallback
)
"""Where a font with Chinese, Japanese and Korean letters is found, the first one there."""
CJK = next((Face("CJK", file) for file in CJK_FILES if Path(file).is_file()), None)
"""The font for Chinese, Japanese and Korean, or None when none is installed."""

SCRIPTS = ("Bengali", "Gujarati", "Gurmukhi", "Kannada", "Malayalam", "Oriya", "Sinhala",
           "Tamil", "Telugu", "Thai", "Lao", "Khmer", "Myanmar", "Armenian", "Georgian",
           "Ethiopic")  # fmt: skip
"""The other scripts Noto's package has a font for (shaped, as Indic scripts need)."""
FALLBACKS = tuple(
    face
    for face in (
        _noto("NotoHebrew", "NotoSansHebrew[wght].ttf"),
        _noto("NotoArabic", "NotoSansArabic[wght].ttf"),
        _noto("NotoDevanagari", "NotoSansDevanagari[wght].ttf", shaped=True),
        CJK,
        _noto("NotoEmoji", "NotoEmoji[wght].ttf", shaped=True),
        *(_noto(f"Noto{script}", f"NotoSans{script}[wght].ttf", shaped=True) for script in SCRIPTS),
        _noto("NotoSymbols", "NotoSansSymbols[wght].ttf"),
    )
    if face is not None
)
"""The fonts after Vera and Source Sans, in the order they are tried for a letter."""

JOINERS = {"\u200d", "\ufe0e", "\ufe0f"}
"""Zero width joiner and variation selectors: they stay in the run of the letter before."""


@cache
def register() -> None:
    """Register Vera and Source Sans with reportlab (once); the fallbacks are registered
    when first needed (:func:`_registered`)."""
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    pdfmetrics.registerFont(TTFont("Vera-Bold", "VeraBd.ttf"))
    folder = files("font_source_sans_pro") / "files"
    for name, filename in WIDE.values():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))


@cache
def _registered(face: Face) -> str:
    """Register a fallback font with reportlab (once) and return its name."""
    pdfmetrics.registerFont(TTFont(face.name, face.file))
    return face.name


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


@dataclass(frozen=True)
class Run:
    """Letters in one font, in display order (left to right)."""

    text: str
    font: str
    shaped: bool = False


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """``text`` as runs to draw left to right, each in a font that has its letters."""
    font = font_name(bold, text)
    if _covers(font, text):
        return (Run(text, font),)
    if any(unicodedata.bidirectional(ch) in {"R", "AL", "AN"} for ch in text):
        text = str(get_display(arabic_reshaper.reshape(text)))
    faces = [_face_for(ch, bold) for ch in text]
    for k, ch in enumerate(text):
        # A space between two letters of one font stays in their run (a right-to-left
        # name's words then read back as one string); others are Vera's.
        if ch.isspace() and 0 < k < len(text) - 1 and faces[k - 1] == faces[k + 1]:
            faces[k] = faces[k - 1]
    found: list[Run] = []
    for ch, face in zip(text, faces, strict=True):
        if found and (ch in JOINERS or unicodedata.category(ch).startswith("M")):
            last = found[-1]
            found[-1] = Run(last.text + ch, last.font, last.shaped)
            continue
        name = face if isinstance(face, str) else _registered(face)
        shaped = isinstance(face, Face) and face.shaped
        if found and found[-1].font == name:
            found[-1] = Run(found[-1].text + ch, name, shaped)
        else:
            found.append(Run(ch, name, shaped))
    return tuple(found)


@lru_cache(maxsize=8192)
def _face_for(ch: str, bold: bool) -> str | Face:
    """The first font with a glyph for ``ch``: Vera's or Source Sans's name, or a fallback
    (Source Sans, which prints an empty box, when no font has it)."""
    for name in ("Vera-Bold" if bold else "Vera", WIDE[bold][0]):
        if _covers(name, ch):
            return name
    for face in FALLBACKS:
        if ord(ch) in pdfmetrics.getFont(_registered(face)).face.charToGlyph:  # type: ignore[attr-defined]
            return face
    return WIDE[bold][0]


@lru_cache(maxsize=4096)
def shaped(run: Run, size: float) -> str:
    """The run as reportlab draws it: glyphs placed by HarfBuzz when its font is shaped."""
    return shapeStr(run.text, run.font, size) if run.shaped else run.text


def run_width(run: Run, size: float) -> float:
    """Width in points of a run at ``size`` points."""
    text = shaped(run, size)
    if isinstance(text, ShapedStr):
        return sum(glyph.x_advance for glyph in text.__shapeData__) * size / 1000  # type: ignore[attr-defined]
    return float(pdfmetrics.stringWidth(text, run.font, size))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in mm of ``text`` at ``size`` points, in the fonts it is drawn in."""
    return sum(run_width(run, size) for run in runs(text, bold)) * POINT


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm at ``size`` points (explicit
    line breaks kept).

    >>> wrap("one two three", 10, 15)
    ['one two', 'three']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        font = font_name(bold, paragraph)
        if _covers(font, paragraph):
            lines += simpleSplit(paragraph, font, size, width * mm) or [""]
        else:
            lines += _split(paragraph, size, width, bold)
    return lines


def _split(paragraph: str, size: float, width: float, bold: bool) -> list[str]:
    """Words to lines no wider than ``width`` mm (a longer word has a line of its own)."""
    lines: list[str] = []
    for word in paragraph.split():
        longer = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(longer, size, bold) <= width:
            lines[-1] = longer
        else:
            lines.append(word)
    return lines or [""]

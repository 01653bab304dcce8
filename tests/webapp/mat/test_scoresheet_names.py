"""Every name a phone can type prints legibly on a session's score sheet: players join
under names in Latin, Greek, Cyrillic, Arabic, Hebrew, Chinese, Japanese, Korean,
Devanagari and with an emoji, and the PDF the teacher downloads is read back.

Most names read back from the PDF's text (pypdf) as typed: Arabic's joined letter forms
and right-to-left order included (the text is compared in Unicode's compatibility form,
NFKC, which turns a joined form back into its letter). Two cannot be read back that way,
so they are looked at instead: a Devanagari conjunct is a glyph no character stands for,
and reportlab writes an emoji's character in a form text extractors reject. For those the
page is rasterized (pdfium) and the name's ink compared with a reference render of the
name by Pillow (libraqm: HarfBuzz and FriBiDi, apart from reportlab): it must match the
shaped reference closely, and better than the same letters left unshaped, or than
another emoji.
"""

from __future__ import annotations

import io
import unicodedata

import numpy as np
import pypdfium2 as pdfium
import pytest
from flask import Flask
from flask.testing import FlaskClient
from mat_helpers import SOLVABLE, join, new_session
from pdf_probe import fragments
from PIL import Image, ImageDraw, ImageFont, features

from generator.draw import fonts

READ_BACK = {
    "Latin": "Chloé Dupont",
    "Greek": "Αθηνά",
    "Cyrillic": "Дмитрий",
    "Arabic": "فاطمة الزهراء",
    "Hebrew": "לאה כהן",
}
CJK_NAMES = {"Chinese": "李华", "Japanese": "さくら", "Korean": "민준"}
DEVANAGARI = "प्रिया शर्मा"
EMOJI = "🦊 Fox"
DPI = 600
"""Rasterizing resolution: a 10 point name is about 80 pixels high."""


def score_sheet(app: Flask, teacher: FlaskClient, names: list[str]) -> bytes:
    """The score sheet of a session the players joined under ``names``, as downloaded."""
    session_id, code = new_session(teacher, sets=SOLVABLE)
    for name in names:
        join(app, code, name)
    response = teacher.get(f"/sessions/{session_id}/scoresheet.pdf")
    assert response.status_code == 200
    assert len(response.data) < 250_000, "fonts are embedded as subsets"
    return response.data


def player_cells(data: bytes) -> list[str]:
    """The text of each table row's player cell, left to right: the fragments of a row
    between its place ("1st") and its first score."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in fragments(data, 0):
        rows.setdefault(round(y, 1), []).append((x, text))
    cells = []
    for y in sorted(rows, reverse=True):
        line = [text for _, text in sorted(rows[y])]
        if line[0].endswith(("st", "nd", "rd", "th")) and line[0][:-2].isdigit():
            cells.append(" ".join(t for t in line[1:] if not t.isdigit()))
    return cells


def as_read(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def test_names_in_every_alphabet_read_back_from_the_score_sheet(
    app: Flask, teacher: FlaskClient
) -> None:
    names = [*READ_BACK.values(), DEVANAGARI, EMOJI]
    cells = player_cells(score_sheet(app, teacher, names))
    assert len(cells) == len(names), cells
    for script, name in READ_BACK.items():
        assert name in {as_read(cell) for cell in cells}, (script, name, cells)
    assert any(cell.endswith("Fox") for cell in cells), cells  # the emoji is looked at below


@pytest.mark.skipif(
    fonts.CJK is None,
    reason="no font for Chinese, Japanese and Korean: install Debian's fonts-wqy-microhei",
)
def test_chinese_japanese_and_korean_names_read_back(app: Flask, teacher: FlaskClient) -> None:
    cells = player_cells(score_sheet(app, teacher, list(CJK_NAMES.values())))
    for script, name in CJK_NAMES.items():
        assert name in {as_read(cell) for cell in cells}, (script, name, cells)


# --- looking at what extraction cannot give back -------------------------------------------


def page_ink(data: bytes) -> np.ndarray:
    """The first page rasterized at DPI, True where there is ink."""
    image = pdfium.PdfDocument(data)[0].render(scale=DPI / 72, grayscale=True).to_numpy()
    gray = image if image.ndim == 2 else image[..., 0]
    return np.asarray(gray < 128)


def name_ink(data: bytes, name: str, tail: str = "") -> np.ndarray:
    """The ink of one player's name on the page, cropped to its box. The row is found by
    the fragment ending ``tail``, which starts at the space before it (or, without one,
    the row with unreadable text); the crop runs from the name's start to its width
    measured in its fonts."""
    page = page_ink(data)
    height_pt = page.shape[0] * 72 / DPI
    found = [
        (x, y)
        for x, y, text in fragments(data, 0)
        if (text.endswith(tail) if tail else any(0xE000 <= ord(c) <= 0xF8FF for c in text))
    ]
    assert found, (name, fragments(data, 0))
    x, y = min(found)
    if tail:
        x -= fonts.text_width(name[: -len(tail)].rstrip(), 10) / fonts.POINT
    width = fonts.text_width(name, 10) / fonts.POINT
    scale = DPI / 72
    top, bottom = int((height_pt - y - 11) * scale), int((height_pt - y + 4) * scale)
    box = page[top:bottom, int((x - 1) * scale) : int((x + width + 1) * scale)]
    return crop(box)


def crop(ink: np.ndarray) -> np.ndarray:
    rows, cols = np.nonzero(ink)
    assert rows.size, "no ink where the name should be"
    return ink[rows.min() : rows.max() + 1, cols.min() : cols.max() + 1]


def reference(text: str, font: str, basic: bool = False) -> np.ndarray:
    """``text`` rendered by Pillow in ``font`` (shaped by libraqm, or ``basic``: one glyph
    a character, in typed order), cropped to its ink."""
    layout = ImageFont.Layout.BASIC if basic else ImageFont.Layout.RAQM
    face = ImageFont.truetype(font, 160, layout_engine=layout)
    image = Image.new("L", (160 * (len(text) + 2), 400), 255)
    ImageDraw.Draw(image).text((40, 80), text, font=face, fill=0)
    return crop(np.asarray(image) < 128)


def likeness(ink: np.ndarray, other: np.ndarray) -> float:
    """Intersection over union of two ink masks, ``other`` scaled to ``ink``'s box."""
    height, width = ink.shape
    scaled = Image.fromarray(other.astype(np.uint8) * 255).resize((width, height))
    mask = np.asarray(scaled) >= 128
    return float((ink & mask).sum() / (ink | mask).sum())


needs_raqm = pytest.mark.skipif(
    not features.check("raqm"), reason="Pillow without libraqm cannot shape a reference render"
)


@needs_raqm
def test_a_devanagari_name_prints_shaped(app: Flask, teacher: FlaskClient) -> None:
    """प्रिया: the vowel sign ि stands before its conjunct प्र, and र joins the प; unshaped,
    the letters would stand in typed order with visible viramas."""
    data = score_sheet(app, teacher, ["Ann", DEVANAGARI])
    ink = name_ink(data, DEVANAGARI)
    font = str(fonts.FALLBACKS[2].file)
    assert "Devanagari" in font
    shaped = likeness(ink, reference(DEVANAGARI, font))
    unshaped = likeness(ink, reference(DEVANAGARI, font, basic=True))
    assert shaped > 0.7, (shaped, unshaped)
    assert shaped > unshaped + 0.15, (shaped, unshaped)


@needs_raqm
def test_an_emoji_prints_as_its_picture(app: Flask, teacher: FlaskClient) -> None:
    data = score_sheet(app, teacher, ["Ann", EMOJI])
    ink = name_ink(data, EMOJI, tail="Fox")
    # The emoji is the ink left of the first wide gap (the space before "Fox").
    blank = ~ink.any(axis=0)
    gap = next(k for k in range(ink.shape[1]) if blank[k : k + 20].all())
    emoji = crop(ink[:, :gap])
    font = next(face.file for face in fonts.FALLBACKS if face.name == "NotoEmoji")
    fox = likeness(emoji, reference("🦊", font))
    cat = likeness(emoji, reference("🐱", font))
    assert fox > 0.7, (fox, cat)
    assert fox > cat + 0.15, (fox, cat)


def test_the_pdf_embeds_a_font_for_each_script(app: Flask, teacher: FlaskClient) -> None:
    from pypdf import PdfReader

    names = [*READ_BACK.values(), DEVANAGARI, EMOJI]
    page = PdfReader(io.BytesIO(score_sheet(app, teacher, names))).pages[0]
    used = {str(font.get_object()["/BaseFont"]) for font in page["/Resources"]["/Font"].values()}
    for face in ("Hebrew", "Arabic", "Devanagari", "NotoEmoji", "SourceSans"):
        assert any(face in name for name in used), (face, used)

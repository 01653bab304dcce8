"""Printed decks, read back: parsed with pypdf and rasterized with pdfium."""

from __future__ import annotations

import io
import itertools
from functools import cache
from typing import Any

import pypdfium2 as pdfium
import pytest
from pdf_probe import embedded_fonts
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.documents.calibration import calibration_pdf
from generator.documents.decks import DeckOptions, deck_pdf
from generator.draw import palette
from generator.draw.layout import CARD_SIZES, PAPERS, Size, plan_sheet
from generator.draw.symbols import KEYLINE, KEYLINE_LEAST, OUTLINE_WIDTH, shape_outline
from printables.cards.deck import Card
from printables.cards.decks import FOUR_D, PARADOX, card

MM = 72 / 25.4
LETTER = (612.0, 792.0)
A4 = (595.2756, 841.8898)


@cache
def letter_deck() -> bytes:
    return deck_pdf(FOUR_D, DeckOptions(PAPERS["letter"], CARD_SIZES["poker"]))


def placements(reader: PdfReader, page_number: int) -> list[tuple[str, float, float]]:
    """(form name, x, y) in points for every form drawn on a page."""
    page = reader.pages[page_number]
    stream = ContentStream(page.get_contents(), reader)
    found, last = [], (0.0, 0.0)
    for operands, operator in stream.operations:
        if operator == b"cm":
            last = (float(operands[4]), float(operands[5]))
        elif operator == b"Do":
            found.append((str(operands[0]), *last))
    return found


def form_boxes(reader: PdfReader, page_number: int) -> dict[str, tuple[float, ...]]:
    xobjects: Any = reader.pages[page_number]["/Resources"]["/XObject"]
    return {name: tuple(float(v) for v in xobjects[name]["/BBox"]) for name in xobjects}


@pytest.mark.parametrize(("paper", "points"), [("letter", LETTER), ("a4", A4)])
def test_page_count_and_exact_page_size(paper: str, points: tuple[float, float]) -> None:
    data = (
        letter_deck()
        if paper == "letter"
        else deck_pdf(FOUR_D, DeckOptions(PAPERS[paper], CARD_SIZES["poker"]))
    )
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 18  # 9 sheets of fronts, each followed by its backs
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(points[0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(points[1], abs=0.01)


def test_without_backs_there_are_only_fronts() -> None:
    data = deck_pdf(PARADOX, DeckOptions(PAPERS["a4"], CARD_SIZES["bridge"], backs=False))
    assert len(PdfReader(io.BytesIO(data)).pages) == 5  # 44 cards, 9 a sheet


@pytest.mark.parametrize("bleed", [0.0, 2.0])
@pytest.mark.parametrize("size", ["poker", "bridge"])
def test_every_card_box_is_exactly_the_card_size(bleed: float, size: str) -> None:
    card_size = CARD_SIZES[size]
    options = DeckOptions(PAPERS["letter"], card_size, bleed=bleed)
    reader = PdfReader(io.BytesIO(deck_pdf(FOUR_D, options, FOUR_D.cards[:12])))
    boxes = form_boxes(reader, 0)
    assert len(boxes) == plan_sheet(options.paper, card_size, bleed).per_sheet
    for x0, y0, x1, y1 in boxes.values():
        assert x1 - x0 == pytest.approx((card_size.width + 2 * bleed) * MM, abs=0.01)
        assert y1 - y0 == pytest.approx((card_size.height + 2 * bleed) * MM, abs=0.01)
        assert (x0, y0) == pytest.approx((-bleed * MM, -bleed * MM), abs=0.01)


def test_cards_are_placed_where_the_layout_says_and_backs_mirror_them() -> None:
    reader = PdfReader(io.BytesIO(letter_deck()))
    sheet = plan_sheet(PAPERS["letter"], CARD_SIZES["poker"])
    height = PAPERS["letter"].height
    fronts = placements(reader, 0)
    backs = placements(reader, 1)
    assert len(fronts) == len(backs) == 9
    assert len({name for name, _, _ in fronts}) == 9  # nine different faces
    assert len({name for name, _, _ in backs}) == 1  # one back drawing, reused
    for slot, (_, x, y) in enumerate(fronts):
        box = sheet.front(slot)
        assert (x, y) == pytest.approx((box.x * MM, (height - box.y - box.height) * MM), abs=0.01)
    for slot, (_, x, y) in enumerate(backs):
        box = sheet.back(slot)
        assert (x, y) == pytest.approx((box.x * MM, (height - box.y - box.height) * MM), abs=0.01)


def test_duplex_offset_moves_only_the_backs() -> None:
    options = DeckOptions(PAPERS["letter"], CARD_SIZES["poker"], duplex_offset=(2.0, -1.0))
    reader = PdfReader(io.BytesIO(deck_pdf(FOUR_D, options, FOUR_D.cards[:9])))
    plain = PdfReader(io.BytesIO(letter_deck()))
    assert placements(reader, 0) == placements(plain, 0)
    for (_, x, y), (_, x0, y0) in zip(placements(reader, 1), placements(plain, 1), strict=True):
        assert x - x0 == pytest.approx(2.0 * MM, abs=0.01)
        assert y - y0 == pytest.approx(-1.0 * MM, abs=0.01)


def test_names_the_100_percent_note_and_embedded_fonts() -> None:
    reader = PdfReader(io.BytesIO(letter_deck()))
    text = reader.pages[0].extract_text()
    for name in ("Bb=S", "Bb=C", "Bb=T", "BbzT"):
        assert name in text
    assert "print at 100 %" in text and "50 mm" in text
    assert embedded_fonts(reader.pages[:2]) >= 2


def render(data: bytes, page: int, dpi: int) -> Image.Image:
    document = pdfium.PdfDocument(data)
    image: Image.Image = document[page].render(scale=dpi / 72).to_pil().convert("RGB")
    return image


def rgb(hex_color: str) -> tuple[int, int, int]:
    return int(hex_color[1:3], 16), int(hex_color[3:5], 16), int(hex_color[5:7], 16)


def nearest(pixel: tuple[int, int, int], choices: dict[str, str]) -> str:
    def distance(key: str) -> int:
        return sum((a - b) ** 2 for a, b in zip(pixel, rgb(choices[key]), strict=True))

    return min(choices, key=distance)


def runs(labels: list[str], shortest: int) -> list[str]:
    """Labels of the runs of equal labels, ignoring runs shorter than ``shortest`` (edges)."""
    out: list[str] = []
    count = 0
    for i, label in enumerate(labels):
        count += 1
        if i + 1 == len(labels) or labels[i + 1] != label:
            if count >= shortest and (not out or out[-1] != label):
                out.append(label)
            count = 0
    return out


def symbol_pdf(cards: list[Card], dpi: int) -> tuple[Image.Image, Any]:
    options = DeckOptions(PAPERS["letter"], CARD_SIZES["poker"], backs=False)
    image = render(deck_pdf(FOUR_D, options, cards), 0, dpi)
    return image, plan_sheet(options.paper, options.card)


@pytest.mark.parametrize("name", ["Bb=S", "Gg~C", "RwzT", "Bw~S", "GbzC", "Rg=T"])
def test_rasterized_symbol_has_alternating_color_and_shade_bands(name: str) -> None:
    dpi = 100
    image, sheet = symbol_pdf([card(name)], dpi)
    color, shade = card(name).value("color").name, card(name).value("shade").name
    box = sheet.front(0)
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    radius = min(box.width * 0.36, box.height * 0.26)
    outline = shape_outline(card(name).value("shape").name, radius)
    top, bottom = min(y for _, y in outline) + 0.4, max(y for _, y in outline) - 0.4
    x = round(cx / 25.4 * dpi)
    labels = []
    for k in range(301):
        y = round((cy + top + (bottom - top) * k / 300) / 25.4 * dpi)
        pixel = image.getpixel((x, y))
        assert isinstance(pixel, tuple)
        labels.append(
            nearest(pixel[:3], {"color": palette.COLORS[color], "shade": palette.SHADES[shade]})
        )
    bands = runs(labels, shortest=3)
    assert len(bands) >= 5, bands  # at least three color bands and two shade bands
    assert bands[0] == "color" and bands[-1] == "color"  # color at the top and bottom
    assert all(a != b for a, b in itertools.pairwise(bands))


def outline_profile(image: Image.Image, sheet: Any, slot: int, dpi: int) -> dict[str, float]:
    """Ink coverage along a square symbol's left outline (past the paper keyline that parts it from
    the symbol): at its inner side, middle, outer side."""
    gray = image.convert("L")
    box = sheet.front(slot)
    radius = min(box.width * 0.36, box.height * 0.26)
    half = radius * 0.86
    width = radius * OUTLINE_WIDTH
    half += max(radius * KEYLINE, KEYLINE_LEAST)  # the paper between symbol and outline
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    coverage = {}
    for where, depth in (("inner", width / 6), ("middle", width / 2), ("outer", 5 * width / 6)):
        x = round((cx - half - depth) / 25.4 * dpi)
        samples = [
            gray.getpixel((x, round((cy + t * half / 100) / 25.4 * dpi))) for t in range(-80, 81)
        ]
        coverage[where] = sum(1 for v in samples if isinstance(v, int) and v < 110) / len(samples)
    return coverage


@pytest.mark.parametrize("shade", ["b", "w"])
def test_in_gray_scale_the_outlines_tell_the_colors_apart(shade: str) -> None:
    dpi = 300
    cards = [card(f"{color}{shade}~S") for color in "BGR"]
    image, sheet = symbol_pdf(cards, dpi)
    blue, green, red = (outline_profile(image, sheet, slot, dpi) for slot in range(3))
    assert blue["middle"] > 0.95 and blue["inner"] > 0.95 and blue["outer"] > 0.95  # solid
    assert 0.45 < green["middle"] < 0.85  # dashed: ink two thirds of the way
    assert red["middle"] < 0.1 and red["inner"] > 0.95 and red["outer"] > 0.95  # double


def test_the_bands_gray_levels_differ_from_the_outline_ink() -> None:
    """The outline ink is darker than every fill but black, so it reads as a line."""
    ink = palette.gray_level(palette.OUTLINE_INK)
    for color in palette.COLORS.values():
        assert palette.gray_level(color) - ink > 0.25


def test_backs_cover_the_card_to_its_edges() -> None:
    dpi = 100
    options = DeckOptions(PAPERS["letter"], CARD_SIZES["poker"])
    image = render(deck_pdf(FOUR_D, options, FOUR_D.cards[:1]), 1, dpi)
    box = plan_sheet(options.paper, options.card).back(0)
    # Just inside each corner the back's tint is printed: no white frame to betray a shift.
    for x, y in ((box.x + 0.7, box.y + 0.7), (box.x + box.width - 0.7, box.y + box.height - 0.7)):
        pixel = image.getpixel((round(x / 25.4 * dpi), round(y / 25.4 * dpi)))
        assert isinstance(pixel, tuple)
        assert pixel[:3] != (255, 255, 255)


def test_calibration_has_a_front_and_a_back_with_scales() -> None:
    reader = PdfReader(io.BytesIO(calibration_pdf(PAPERS["a4"])))
    assert len(reader.pages) == 2
    back = reader.pages[1].extract_text()
    assert "--duplex-offset" in back and "+5" in back and "-10" in back


def test_output_is_deterministic() -> None:
    options = DeckOptions(PAPERS["a4"], Size("custom", 60, 90))
    assert deck_pdf(PARADOX, options) == deck_pdf(PARADOX, options)

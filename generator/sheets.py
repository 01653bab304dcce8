"""Printed decks: sheets of card faces and, for duplex printing, their mirrored backs.

Every sheet carries crop marks, a "print at 100 %" note and a 50 mm check bar.
Pages alternate fronts and backs when backs are asked for, so a duplex
printer set to "flip on long edge" puts each back behind its face.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator import palette
from generator.faces import back, face
from generator.fonts import font_name, register
from generator.layout import SheetLayout, Size, plan_sheet
from generator.pdf import FormCache, new_canvas
from printables.cards.deck import Card, Deck

CHECK_BAR = 50.0
INFO_SIZE = 6.5
"""Points."""
INFO_EDGE = 4.0
"""mm from the paper's edge to the info line's outer side."""
MARK_INK = "#000000"


@dataclass(frozen=True)
class DeckOptions:
    """What a teacher chooses when printing a deck."""

    paper: Size
    card: Size
    backs: bool = True
    bleed: float = 0.0
    duplex_offset: tuple[float, float] = (0.0, 0.0)
    names: bool = True


def _info_line(canvas: Canvas, sheet: SheetLayout, label: str, mirrored: bool) -> None:
    """The 50 mm bar and the note, below the grid or along its left side (right on backs)."""
    page_w, page_h = sheet.paper.width, sheet.paper.height
    canvas.saveState()
    if sheet.info == "bottom":
        x0 = (page_w - sheet.grid.width) / 2
        canvas.translate(x0 * mm, INFO_EDGE * mm)
    elif not mirrored:
        canvas.translate(INFO_EDGE * mm, (page_h - sheet.grid.y - sheet.grid.height) * mm)
        canvas.rotate(90)
        canvas.translate(0, -2.6 * mm)
    else:
        canvas.translate((page_w - INFO_EDGE) * mm, (page_h - sheet.grid.y) * mm)
        canvas.rotate(-90)
        canvas.translate(0, -2.6 * mm)
    canvas.setFillColor(MARK_INK)
    canvas.setStrokeColor(MARK_INK)
    canvas.rect(0, 0, CHECK_BAR * mm, 1.0 * mm, stroke=0, fill=1)
    canvas.setLineWidth(0.25)
    for k in range(6):
        canvas.line(k * 10 * mm, 0, k * 10 * mm, 2.2 * mm)
    canvas.setFont(font_name(), INFO_SIZE)
    note = (
        f"<- {CHECK_BAR:g} mm: print at 100 % (Actual size), not Fit to page, and measure "
        f"this bar.   {label}"
    )
    canvas.drawString((CHECK_BAR + 2.5) * mm, 0.2 * mm, note)
    canvas.restoreState()


def _crop_marks(canvas: Canvas, sheet: SheetLayout) -> None:
    page_h = sheet.paper.height
    canvas.saveState()
    canvas.setStrokeColor(MARK_INK)
    canvas.setLineWidth(0.3)
    for x1, y1, x2, y2 in sheet.crop_marks():
        canvas.line(x1 * mm, (page_h - y1) * mm, x2 * mm, (page_h - y2) * mm)
    canvas.restoreState()


def card_pages(cards: Sequence[Card], per_sheet: int) -> list[Sequence[Card]]:
    """The cards split into sheets, in deck order."""
    return [cards[i : i + per_sheet] for i in range(0, len(cards), per_sheet)]


def deck_pdf(deck: Deck, options: DeckOptions, cards: Sequence[Card] | None = None) -> bytes:
    """The whole deck (or the given cards of it) as a PDF document."""
    register()
    sheet = plan_sheet(options.paper, options.card, options.bleed)
    chosen = list(deck.cards if cards is None else cards)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, options.paper.width, options.paper.height)
    canvas.setTitle(f"{deck.title}: {len(chosen)} cards, {options.card} on {options.paper}")
    canvas.setAuthor("Printables")
    canvas.setSubject("Print at 100 % (actual size) and flip on the long edge for backs")
    forms = FormCache(canvas)
    back_scene = back(deck.key, options.card, bleed=options.bleed)
    sheets = card_pages(chosen, sheet.per_sheet)
    for number, group in enumerate(sheets, 1):
        where = f"{deck.title} - sheet {number} of {len(sheets)}"
        for slot, card in enumerate(group):
            box = sheet.front(slot)
            scene = face(card, options.card, names=options.names, bleed=options.bleed)
            forms.place(str(card), scene, box.x, box.y, options.paper.height)
        _crop_marks(canvas, sheet)
        _info_line(canvas, sheet, f"{where}, fronts", mirrored=False)
        canvas.showPage()
        if options.backs:
            for slot in range(len(group)):
                box = sheet.back(slot, options.duplex_offset)
                forms.place("back", back_scene, box.x, box.y, options.paper.height)
            _info_line(canvas, sheet, f"{where}, backs (flip on long edge)", mirrored=True)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def calibration_pdf(paper: Size) -> bytes:
    """Two pages for finding a duplex printer's offset.

    The front has a cross through the page's centre; the back has two scales
    around the same point. Printed duplex (flip on long edge) and held against
    the light, the cross meets each scale at the numbers to pass as
    ``--duplex-offset X,Y``: the correction in mm, x to the right and y up as
    seen on the back.
    """
    register()
    buffer = io.BytesIO()
    width, height = paper.width, paper.height
    canvas = new_canvas(buffer, width, height)
    canvas.setTitle(f"Duplex calibration, {paper}")
    cx, cy = width / 2 * mm, height / 2 * mm
    ink = palette.OUTLINE_INK

    def heading(lines: Sequence[str]) -> None:
        canvas.setFillColor(ink)
        canvas.setFont(font_name(bold=True), 14)
        canvas.drawCentredString(cx, (height - 25) * mm, lines[0])
        canvas.setFont(font_name(), 10)
        for k, line in enumerate(lines[1:], 1):
            canvas.drawCentredString(cx, (height - 25 - 6 * k) * mm, line)

    heading(
        [
            "Duplex calibration: front",
            "Print this file double-sided, flip on long edge, at 100 % (Actual size).",
            "Hold the sheet up to a light and look at the back: the long lines of this cross",
            "show through and meet the two scales printed there.",
        ]
    )
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(1.0)  # heavy enough to see through the paper
    canvas.line(cx, cy - 60 * mm, cx, cy + 60 * mm)
    canvas.line(cx - 60 * mm, cy, cx + 60 * mm, cy)
    canvas.showPage()

    heading(
        [
            "Duplex calibration: back",
            "Read where the line from the front crosses each scale (in mm).",
            "Then print decks with  --duplex-offset X,Y  using those two numbers,",
            "for example  printables deck 4d --duplex-offset 1.5,-0.5",
        ]
    )
    canvas.setStrokeColor(ink)
    canvas.setFillColor(ink)
    # Two 1:1 scales in mm: above the centre (the front's vertical line reads X) and to
    # its right (the horizontal line reads Y). Ticks every 0.5 mm, numbers every 5 mm.
    gap = 25 * mm
    for k in range(-20, 21):
        at = k / 2 * mm
        length = (6 if k % 10 == 0 else 4 if k % 2 == 0 else 2) * mm
        canvas.setLineWidth(0.4 if k % 2 == 0 else 0.2)
        canvas.line(cx + at, cy + gap, cx + at, cy + gap + length)
        canvas.line(cx + gap, cy + at, cx + gap + length, cy + at)
    canvas.setFont(font_name(bold=True), 6)
    for k in range(-10, 11, 5):
        label = f"{k:+d}" if k else "0"
        canvas.drawCentredString(cx + k * mm, cy + gap + 7.5 * mm, label)
        canvas.drawString(cx + gap + 7.5 * mm, cy + k * mm - 0.8 * mm, label)
    canvas.setFont(font_name(), 9)
    canvas.drawCentredString(cx, cy + gap + 13 * mm, "X: mm, + is to the right")
    canvas.saveState()
    canvas.translate(cx + gap + 16 * mm, cy)
    canvas.rotate(-90)
    canvas.drawCentredString(0, 0, "Y: mm, + is up")
    canvas.restoreState()
    canvas.setFont(font_name(), 11)
    canvas.drawCentredString(cx, cy - 40 * mm, "X = ________ mm        Y = ________ mm")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()

"""Printed decks: sheets of card faces and, for duplex printing, their mirrored backs.

Every sheet carries crop marks, a "print at 100 %" note and a 50 mm check bar.
Pages alternate fronts and backs when backs are asked for, so a duplex
printer set to "flip on long edge" puts each back behind its face.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.draw.faces import back, face
from generator.draw.fonts import POINT
from generator.draw.layout import SheetLayout, Size, plan_sheet
from generator.draw.pdf import PdfPages
from generator.draw.scene import Item, Path, Scene, Text, rectangle
from printables.cards.deck import Card, Deck

CHECK_BAR = 50.0
INFO_SIZE = 6.5
"""Points."""
INFO_EDGE = 4.0
"""mm from the paper's edge to the info line's outer side."""
INFO_RISE = 2.6
"""mm from the info line's outer side to the bar's baseline, on the side margins."""
MARK_INK = "#000000"
MARK_WIDTH = 0.3
"""Points: crop marks."""


@dataclass(frozen=True)
class DeckOptions:
    """What a teacher chooses when printing a deck."""

    paper: Size
    card: Size
    backs: bool = True
    bleed: float = 0.0
    duplex_offset: tuple[float, float] = (0.0, 0.0)
    names: bool = True
    four_color: bool = False


def info_line(label: str) -> Scene:
    """The 50 mm bar with its ticks and the note, drawn from the bar's left end on its
    baseline (the scene's origin), reading to the right."""
    ticks: list[Item] = [
        Path(((k * 10.0, 0.0), (k * 10.0, -2.2)), stroke=MARK_INK, width=0.25 * POINT, closed=False)
        for k in range(6)
    ]
    note = (
        f"<- {CHECK_BAR:g} mm: print at 100 % (Actual size), not Fit to page, and measure "
        f"this bar.   {label}"
    )
    items: list[Item] = [
        Path(rectangle(0.0, -1.0, CHECK_BAR, 1.0), fill=MARK_INK),
        *ticks,
        Text(CHECK_BAR + 2.5, -0.2, note, INFO_SIZE, MARK_INK),
    ]
    return Scene(0.0, 0.0, tuple(items))


def _info(pages: PdfPages, sheet: SheetLayout, label: str, mirrored: bool) -> None:
    """The info line below the grid, or along its left side (the right on backs, which are
    mirrored), reading up the page on the left and down it on the right."""
    scene = info_line(label)
    grid = sheet.grid
    if sheet.info == "bottom":
        x0 = (sheet.paper.width - grid.width) / 2
        pages.inline(scene, x0, sheet.paper.height - INFO_EDGE)
    elif not mirrored:
        pages.inline(scene, INFO_EDGE + INFO_RISE, grid.y + grid.height, rotate=-90)
    else:
        pages.inline(scene, sheet.paper.width - INFO_EDGE - INFO_RISE, grid.y, rotate=90)


def _crop_marks(pages: PdfPages, sheet: SheetLayout) -> None:
    for x1, y1, x2, y2 in sheet.crop_marks():
        pages.line(x1, y1, x2, y2, MARK_WIDTH, MARK_INK)


def card_pages(cards: Sequence[Card], per_sheet: int) -> list[Sequence[Card]]:
    """The cards split into sheets, in deck order."""
    return [cards[i : i + per_sheet] for i in range(0, len(cards), per_sheet)]


def deck_pdf(deck: Deck, options: DeckOptions, cards: Sequence[Card] | None = None) -> bytes:
    """The whole deck (or the given cards of it) as a PDF document."""
    sheet = plan_sheet(options.paper, options.card, options.bleed)
    chosen = list(deck.cards if cards is None else cards)
    pages = PdfPages(
        options.paper,
        title=f"{deck.title}: {len(chosen)} cards, {options.card} on {options.paper}",
        subject="Print at 100 % (actual size) and flip on the long edge for backs",
    )
    back_scene = back(deck, options.card, bleed=options.bleed)
    sheets = card_pages(chosen, sheet.per_sheet)
    for number, group in enumerate(sheets, 1):
        where = f"{deck.title} - sheet {number} of {len(sheets)}"
        for slot, card in enumerate(group):
            box = sheet.front(slot)
            scene = face(
                card,
                options.card,
                names=options.names,
                bleed=options.bleed,
                four_color=options.four_color,
            )
            pages.scene(str(card), scene, box.x, box.y)
        _crop_marks(pages, sheet)
        _info(pages, sheet, f"{where}, fronts", mirrored=False)
        pages.end_page()
        if options.backs:
            for slot in range(len(group)):
                box = sheet.back(slot, options.duplex_offset)
                pages.scene("back", back_scene, box.x, box.y)
            _info(pages, sheet, f"{where}, backs (flip on long edge)", mirrored=True)
            pages.end_page()
    return pages.finish()

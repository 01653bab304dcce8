"""Printed decks: sheets of card faces and, for duplex printing, their mirrored backs.

Every sheet carries crop marks, a "print at 100 %" note and a 50 mm check bar on one
side of the grid, and the sheet's label (deck, sheet, fronts or backs) on the other; all
of it at least 5 mm inside the paper's edge. Pages alternate fronts and backs when backs
are asked for, so a duplex printer set to "flip on long edge" puts each back behind its
face.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.draw.faces import back, face
from generator.draw.fonts import POINT
from generator.draw.layout import SAFE_MARGIN, SheetLayout, Size, plan_sheet
from generator.draw.pdf import PdfPages
from generator.draw.scene import Item, Path, Scene, Text, rectangle
from printables.cards.deck import Card, Deck

CHECK_BAR = 50.0
INFO_SIZE = 6.5
"""Points."""
INFO_EDGE = SAFE_MARGIN + 0.3
"""mm from the paper's edge to the info line's outer side."""
INFO_RISE = 2.6
"""mm from the info line's outer side to its baseline, where the ticks (2.2 mm) and the
letters' ascent (1.7 mm) face the edge."""
INFO_DROP = 0.6
"""mm from the info line's baseline to its outer side, where the letters' descent faces
the edge (below the grid)."""
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


def info_line() -> Scene:
    """The 50 mm bar with its ticks and the note, drawn from the bar's left end on its
    baseline (the scene's origin), reading to the right."""
    ticks: list[Item] = [
        Path(((k * 10.0, 0.0), (k * 10.0, -2.2)), stroke=MARK_INK, width=0.25 * POINT, closed=False)
        for k in range(6)
    ]
    note = (
        f"<- {CHECK_BAR:g} mm: print at 100 % (Actual size), not Fit to page, and measure this bar."
    )
    items: list[Item] = [
        Path(rectangle(0.0, -1.0, CHECK_BAR, 1.0), fill=MARK_INK),
        *ticks,
        Text(CHECK_BAR + 2.5, -0.2, note, INFO_SIZE, MARK_INK),
    ]
    return Scene(0.0, 0.0, tuple(items))


def _info(pages: PdfPages, sheet: SheetLayout, label: str, mirrored: bool) -> None:
    """The info line below the grid, or along its left side (the right on backs, which are
    mirrored), reading up the page on the left and down it on the right; the label on the
    opposite side, above the grid or beside it."""
    bar = info_line()
    tag = Scene(0.0, 0.0, (Text(0.0, 0.0, label, INFO_SIZE, MARK_INK),))
    grid, paper = sheet.grid, sheet.paper
    if sheet.info == "bottom":
        pages.inline(bar, grid.x, paper.height - INFO_EDGE - INFO_DROP)
        pages.inline(tag, grid.x, INFO_EDGE + INFO_RISE)
        return
    reading_up = (INFO_EDGE + INFO_RISE, grid.y + grid.height, -90)  # on the left
    reading_down = (paper.width - INFO_EDGE - INFO_RISE, grid.y, 90)  # on the right
    bar_at, tag_at = (reading_down, reading_up) if mirrored else (reading_up, reading_down)
    pages.inline(bar, bar_at[0], bar_at[1], rotate=bar_at[2])
    pages.inline(tag, tag_at[0], tag_at[1], rotate=tag_at[2])


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
        duplex=options.backs,
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

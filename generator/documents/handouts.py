"""Rules handouts as PDF: one game a page or two, in the project's own words
(:mod:`printables.games.handouts`), with its worked example drawn with real cards and
scored by the game's engine.

Each game starts on a new page, so a teacher prints the pages of one game for a table,
or the whole set once for the classroom's folder.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.documents.blocks import (
    GAP,
    NAME_BAND,
    cards_height,
    draw_card,
    draw_cards,
    mini_size,
)
from generator.documents.document import Document
from generator.draw.layout import Size
from printables.cards.deck import Card
from printables.cards.wording import counted
from printables.games.handouts import HANDOUTS, Handout
from printables.games.handouts.base import players_text

CARD_SCALE = 0.9
"""The example's cards, as a share of a worksheet's small card."""


def handouts_pdf(keys: Sequence[str], paper: Size) -> bytes:
    """The handouts of the games ``keys`` (game keys, in order) as one PDF."""
    return make_handouts(keys, paper)[0]


def make_handouts(keys: Sequence[str], paper: Size) -> tuple[bytes, list[int]]:
    """The handouts as one PDF, and how many pages each game takes."""
    if not keys:
        raise ValueError("a handout needs at least one game")
    chosen = [HANDOUTS[key] for key in keys]
    title = f"{chosen[0].game.title}: the rules" if len(chosen) == 1 else "Rules handouts"
    doc = Document(paper, title, subject="Rules of the games of the source books, for a class")
    pages = []
    for handout in chosen:
        before = doc.page
        _handout(doc, handout)
        pages.append(doc.page - before)
    return doc.finish(), pages


def _handout(doc: Document, handout: Handout) -> None:
    game = handout.game
    players = players_text(game)
    doc.new_page(game.title, note=f"{game.book}, {players}. {game.summary}")
    doc.footer = f"{game.title} ({game.book}): the rules, in brief"  # this page's footer
    doc.continued = (f"{game.title} (continued)", False)
    for heading, body in handout.sections:
        doc.ensure(14.0)
        doc.text(heading, size=11.5, bold=True)
        doc.y += 0.5
        doc.text(body, size=10.5)
        doc.y += 3.0
    worked = handout.worked()
    cards = handout.example_cards
    grid = handout.example_grid
    if handout.layout == "flat":
        room = cards_height(len(cards), doc.width, CARD_SCALE) if cards else 0.0
    else:
        room = len(grid) * (mini_size(_grid_scale(grid)).height + NAME_BAND + GAP)
    doc.ensure(30.0 + room)
    doc.text("Worked example", size=11.5, bold=True)
    doc.y += 0.5
    doc.text(handout.example_note[:1].upper() + handout.example_note[1:], size=10.5)
    doc.y += 1.5
    if handout.layout != "flat":
        _draw_grid(doc, grid)
        doc.y += 2.0
    elif cards:
        draw_cards(doc, cards, scale=CARD_SCALE)
        doc.y += 2.0
    doc.text(f"Written: {handout.example}", size=9.5)
    doc.y += 1.0
    points = "" if worked.points is None else f"{counted(worked.points, 'point')}: "
    doc.text(f"{points}{worked.summary}", size=10.5, bold=True)
    for reason in worked.reasons:
        doc.ensure(6.0)
        doc.text(reason, size=10)


def _draw_grid(doc: Document, grid: Sequence[Sequence[Card | None]]) -> None:
    """Cards as they lie on the table, row by row, an empty place left blank; each card's
    name below it."""
    scale = _grid_scale(grid)
    size = mini_size(scale)
    top = doc.y
    for r, row in enumerate(grid):
        y = top + r * (size.height + NAME_BAND + GAP)
        for c, card in enumerate(row):
            if card is not None:
                draw_card(doc, card, doc.left + c * (size.width + GAP), y, scale)
    doc.y = top + len(grid) * (size.height + NAME_BAND + GAP) - GAP


def _grid_scale(grid: Sequence[Sequence[Card | None]]) -> float:
    """Smaller cards for a tall layout (a 4x4 array), so the handout keeps to a page."""
    return CARD_SCALE if len(grid) <= 3 else 0.65

"""Rules handouts as PDF: one game a page or two, in the project's own words
(:mod:`printables.games.handouts`), with its worked example drawn with real cards and
scored by the game's engine.

Each game starts on a new page, so a teacher prints the pages of one game for a table,
or the whole set once for the classroom's folder.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.documents.blocks import cards_height, draw_cards
from generator.documents.document import Document
from generator.draw.layout import Size
from printables.games.handouts import HANDOUTS, Handout

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
    low, high = game.players
    players = f"{low} player{'s' if high > 1 else ''}" if low == high else f"{low}-{high} players"
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
    room = cards_height(len(cards), doc.width, CARD_SCALE) if cards else 0.0
    doc.ensure(30.0 + room)
    doc.text("Worked example", size=11.5, bold=True)
    doc.y += 0.5
    doc.text(handout.example_note[:1].upper() + handout.example_note[1:], size=10.5)
    doc.y += 1.5
    if cards:
        draw_cards(doc, cards, scale=CARD_SCALE)
        doc.y += 2.0
    doc.text(f"Written: {handout.example}", size=9.5)
    doc.y += 1.0
    points = "" if worked.points is None else f"{worked.points} points: "
    doc.text(f"{points}{worked.summary}", size=10.5, bold=True)
    for reason in worked.reasons:
        doc.ensure(6.0)
        doc.text(reason, size=10)

"""Deck pages: every deck the engine knows, each card on screen, and a deck's printable
PDF (the same document ``printables deck`` writes)."""

from __future__ import annotations

import functools

from flask import Blueprint, Response, abort, render_template, request

from generator.documents.decks import DeckOptions, deck_pdf
from generator.draw.faces import back, face
from generator.draw.layout import (
    CARD_SIZES,
    PAPERS,
    LayoutError,
    Size,
    parse_card_size,
    parse_paper,
    plan_sheet,
)
from generator.draw.svg import scene_to_svg
from printables.cards.deck import Deck
from printables.cards.decks import DECKS, get_deck
from printables.cards.errors import UnknownDeckError
from webapp.pages import error_page
from webapp.security import too_busy

bp = Blueprint("decks", __name__)


def _deck(key: str) -> Deck:
    """The deck a page's address names, in any case, as the command line reads it."""
    try:
        return get_deck(key)
    except UnknownDeckError:
        raise UnknownDeckError(key) from None


@bp.errorhandler(UnknownDeckError)
def unknown_deck(error: UnknownDeckError) -> tuple[str, int]:
    known = ", ".join(DECKS)
    return error_page("Not found", f"There is no deck called {error}; the decks: {known}.", 404)


@bp.get("/decks")
def index() -> str:
    return render_template(
        "decks/index.html", decks=DECKS.values(), papers=PAPERS, card_sizes=CARD_SIZES
    )


@bp.get("/decks/<key>")
def gallery(key: str) -> str:
    deck = _deck(key)
    return render_template("decks/gallery.html", deck=deck, cards=deck.cards)


@functools.lru_cache(maxsize=256)
def _face_svg(key: str, index: int) -> str:
    """A card's SVG, drawn once per worker: a class's phones ask for the same nine cards
    the moment a set starts."""
    deck = DECKS[key]
    card = deck.cards[index]
    return scene_to_svg(face(card, CARD_SIZES["poker"]), title=f"{deck.title}: {card}")


@bp.get("/decks/<key>/cards/<int:index>.svg")
def card_svg(key: str, index: int) -> Response:
    deck = _deck(key)
    if not 0 <= index < len(deck):
        abort(404)
    return Response(
        _face_svg(deck.key, index),
        mimetype="image/svg+xml",
        headers={"Cache-Control": "max-age=86400"},
    )


@bp.get("/decks/<key>/back.svg")
def back_svg(key: str) -> Response:
    deck = _deck(key)
    svg = scene_to_svg(back(deck, CARD_SIZES["poker"]), title=f"{deck.title}: back")
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


@bp.get("/decks/<key>.pdf")
def deck_download(key: str) -> Response | tuple[str, int] | tuple[str, int, dict[str, str]]:
    deck = _deck(key)
    paper_text = request.args.get("paper", "letter")
    size_text = request.args.get("card", "poker")
    backs = request.args.get("backs", "1") not in ("0", "false", "off", "")
    problems = []
    try:
        paper = parse_paper(paper_text)
    except LayoutError as error:
        problems.append(str(error))
    try:
        card_size = parse_card_size(size_text)
    except LayoutError as error:
        problems.append(str(error))
    if not problems:
        try:
            plan_sheet(paper, card_size)
        except LayoutError as error:
            problems.append(str(error))
    if problems:
        page = render_template(
            "decks/index.html", decks=DECKS.values(), papers=PAPERS, card_sizes=CARD_SIZES,
            problems=problems, chosen={"deck": key, "paper": paper_text, "card": size_text,
                                       "backs": backs},
        )  # fmt: skip
        return page, 400
    busy = too_busy("deck-pdf", PDF_LIMIT)
    if busy is not None:
        return busy
    pdf = _deck_pdf(deck.key, paper, card_size, backs)
    name = f"{deck.key}-deck-{paper_text.strip().lower()}.pdf"
    response = Response(
        pdf,
        mimetype="application/pdf",
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "public, max-age=86400",
        },
    )
    response.add_etag()
    response.make_conditional(request)
    return response


PDF_LIMIT = 30
"""Deck PDFs a minute from one address (each is made once per worker and kept)."""


@functools.lru_cache(maxsize=12)
def _deck_pdf(key: str, paper: Size, card_size: Size, backs: bool) -> bytes:
    """A deck's PDF, made once per worker for each choice of paper, card size and backs:
    the same choices always make the same bytes."""
    return deck_pdf(get_deck(key), DeckOptions(paper, card_size, backs=backs))

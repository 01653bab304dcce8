"""A deck as one SVG file per card (``Bb=S.svg`` ... and ``back.svg``), for screens and
cutters."""

from __future__ import annotations

from generator.documents.decks import DeckOptions
from generator.draw.faces import back, face
from generator.draw.svg import scene_to_svg
from printables.cards.deck import Deck


def svg_files(deck: Deck, options: DeckOptions) -> dict[str, str]:
    """File name -> SVG text for every card of the deck (and the back, if asked for)."""
    files = {
        f"{card}.svg": scene_to_svg(
            face(
                card,
                options.card,
                names=options.names,
                bleed=options.bleed,
                four_color=options.four_color,
            ),
            title=f"{deck.title}: {card}",
        )
        for card in deck
    }
    if options.backs:
        files["back.svg"] = scene_to_svg(
            back(deck, options.card, bleed=options.bleed), title=f"{deck.title}: back"
        )
    return files

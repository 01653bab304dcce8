"""Card faces and backs as scenes: one design a deck, found through :data:`DESIGNS`.

A design is a face function (a card and a size to a :class:`~generator.draw.scene.Scene`)
and a back style. Every function takes the same options: the card's name in the corners
(``names``), a bleed in mm, and ``four_color`` for a design that offers a four-color
palette (the standard deck's).

>>> from printables.cards import card, get_deck
>>> from generator.draw.layout import CARD_SIZES
>>> face(card("B10", deck="paradox"), CARD_SIZES["poker"]).width
63.0
>>> design(get_deck("paradox")).back.title
'PARADOX'

Adding a deck's design is one module here and one line in :data:`DESIGNS`.
"""

from __future__ import annotations

from generator.draw.faces import fourd, paradox, standard
from generator.draw.faces.backs import back as draw_back
from generator.draw.faces.design import Design
from generator.draw.layout import Size
from generator.draw.scene import Scene
from printables.cards.deck import Card, Deck

DESIGNS: dict[str, Design] = {
    "4d": fourd.DESIGN,
    "paradox": paradox.DESIGN,
    "standard": standard.DESIGN,
}
"""The design of each deck, by deck key; a stripped deck without its own is printed in its
parent's (Four's deck in the standard deck's)."""


class NoDesignError(ValueError):
    """A deck with no face design."""


def design(deck: Deck) -> Design:
    """The design of ``deck``: its own, or for a stripped deck its parent's."""
    chosen: Deck | None = deck
    while chosen is not None:
        if chosen.key in DESIGNS:
            return DESIGNS[chosen.key]
        chosen = chosen.parent
    raise NoDesignError(f"no card face is designed for the {deck.title} deck")


def face(
    card: Card, size: Size, *, names: bool = True, bleed: float = 0.0, four_color: bool = False
) -> Scene:
    """The face of any card the project can print."""
    return design(card.deck).face(card, size, names=names, bleed=bleed, four_color=four_color)


def back(deck: Deck, size: Size, *, bleed: float = 0.0) -> Scene:
    """The back of a deck's cards."""
    return draw_back(design(deck).back, size, bleed=bleed)

"""A card on a page: its image, with its name below and its values in the alt text.

A page of a class's set shows the same nine cards to every phone, so each figure is made
once a worker for each card and width (and the app's address prefix), not once a page.
"""

from __future__ import annotations

from functools import lru_cache

from flask import request, url_for
from markupsafe import Markup

from printables.cards.deck import Card
from printables.cards.wording import spoken

HEIGHT_PER_WIDTH = 1.4
"""Poker-card proportions (63.5 x 88.9 mm)."""


def card_figure(card: Card, width: int = 120, lazy: bool = False) -> Markup:
    """One card of any deck as a ``<figure>``: the image ``width`` px wide, then its name.
    Templates call it as ``{{ card_figure(card, width=56) }}``."""
    return _figure(request.script_root, card, width, lazy)


@lru_cache(maxsize=2048)
def _figure(_root: str, card: Card, width: int, lazy: bool) -> Markup:
    source = url_for("decks.card_svg", key=card.deck.key, index=card.index)
    height = int(width * HEIGHT_PER_WIDTH + 0.5)
    loading = Markup(' loading="lazy"') if lazy else ""
    return Markup(
        '<figure><img src="{}" alt="{}" width="{}" height="{}"{}>'
        "<figcaption>{}</figcaption></figure>"
    ).format(source, spoken(card), width, height, loading, str(card))

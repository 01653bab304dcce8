"""The 4D card face: one symbol (:mod:`generator.draw.symbols`), the card's name in small
print in two corners.

>>> from printables.cards import card
>>> from generator.draw.layout import CARD_SIZES
>>> scene = face(card("Bb=S"), CARD_SIZES["poker"])
>>> [item.text for item in scene.items if hasattr(item, "text")]
['Bb=S', 'Bb=S']
"""

from __future__ import annotations

from generator.draw import palette
from generator.draw.faces.backs import BackStyle
from generator.draw.faces.common import NAME_SIZE, corner_texts, paper
from generator.draw.faces.design import Design
from generator.draw.layout import Size
from generator.draw.scene import Item, Scene
from generator.draw.symbols import symbol_geometry
from printables.cards.deck import Card


def face(
    card: Card, size: Size, *, names: bool = True, bleed: float = 0.0, four_color: bool = False
) -> Scene:
    """A 4D card: its symbol in the middle, its name in small print in two corners."""
    color, shade, pattern, shape = (v.name for v in card.shown)
    radius = min(size.width * 0.36, size.height * 0.26)
    symbol = symbol_geometry(
        color, shade, pattern, shape, radius, center=(size.width / 2, size.height / 2)
    )
    items: list[Item] = [paper(size, bleed), *symbol.paths()]
    if names:
        items += corner_texts(str(card), size, NAME_SIZE, palette.OUTLINE_INK, bold=True)
    return Scene(size.width, size.height, tuple(items), bleed)


DESIGN = Design(face, BackStyle("#dfe7f3", "#8fa6c8", "4D"))

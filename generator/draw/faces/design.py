"""What a deck's design is: how a face is drawn, its back, and whether it offers a
four-color palette."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from generator.draw.faces.backs import BackStyle
from generator.draw.layout import Size
from generator.draw.scene import Scene
from printables.cards.deck import Card


class FaceDrawing(Protocol):
    """A face design: the card's face as a scene, ``size`` being the trim box."""

    def __call__(
        self, card: Card, size: Size, *, names: bool = True, bleed: float = 0.0,
        four_color: bool = False,
    ) -> Scene: ...  # fmt: skip


@dataclass(frozen=True)
class Design:
    """A deck's design: how a face is drawn, its back, and whether it has a four-color
    palette (``four_color`` is ignored by a design without one)."""

    face: FaceDrawing
    back: BackStyle
    four_color: bool = False

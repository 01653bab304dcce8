"""Every deck's back: the title sits wholly inside its emblem's ring, at any card size."""

from __future__ import annotations

import math

import pytest

from generator.draw.faces import back
from generator.draw.faces.common import CAP_HEIGHT
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import CARD_SIZES, Size
from generator.draw.scene import Path, Text
from printables.cards.decks import DECKS

SIZES = [CARD_SIZES["poker"], CARD_SIZES["bridge"], Size("custom", 63.5, 88.9),
         Size("custom", 25.0, 35.0), Size("custom", 100.0, 70.0)]  # fmt: skip


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s.width:g}x{s.height:g}")
@pytest.mark.parametrize("key", sorted(DECKS))
def test_the_title_fits_inside_the_ring(key: str, size: Size) -> None:
    """The title's corners (its width by its capital height, centred) lie inside the
    ring's inner edge: the PARADOX wordmark was wider than its circle."""
    scene = back(DECKS[key], size)
    ring = next(i for i in scene.items if isinstance(i, Path) and i.stroke)
    xs = [x for x, _ in ring.points]
    inner = (max(xs) - min(xs)) / 2 - ring.width * POINT / 2
    title = [i for i in scene.items if isinstance(i, Text)][-1]
    half_width = text_width(title.text, title.size, title.bold) / 2
    half_height = title.size * POINT * CAP_HEIGHT / 2
    assert math.hypot(half_width, half_height) < inner - 1.0, (title.text, title.size)
    assert title.size * POINT * CAP_HEIGHT > 0.15 * inner  # and still large enough to read

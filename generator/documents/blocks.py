"""Blocks every puzzle document shares: a set of cards as small real cards with their
names, a QR code with its address, a footer's list of ids, and what a puzzle kind's
design gives the worksheet (:class:`PuzzleDesign`).

Each block draws at the document's cursor (or at a given place) and moves the cursor
down; ``*_height`` functions say in advance how much room a block takes, so a block is
never split across pages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from generator.documents.document import Document
from generator.draw.faces import face
from generator.draw.layout import Size
from generator.draw.qr import qr_scene
from generator.draw.scene import Scene
from printables.cards.deck import Card

MINI = Size("mini", 16.0, 22.0)
"""A small card: the real symbol, large enough to tell stripes, waves and zigzags apart."""
GAP = 2.0
NAME_BAND = 4.5
"""Below each small card, its name."""
QR_SIZE = 24.0
QR_BLOCK = QR_SIZE + 7.0
"""The code and the two lines of its address below it."""


class HasId(Protocol):
    @property
    def id(self) -> str: ...


@cache
def mini_face(card: Card) -> Scene:
    """A card's small face, computed once per process."""
    return face(card, MINI, names=False)


def id_list(puzzles: Sequence[HasId], most: int) -> str:
    """The first ``most`` puzzle ids, for a footer: ``"3x3-ma1y4e 3x3-... ..."``."""
    return " ".join(p.id for p in puzzles[:most]) + (" ..." if len(puzzles) > most else "")


def cards_per_row(width: float) -> int:
    return max(1, int((width + GAP) // (MINI.width + GAP)))


def cards_height(count: int, width: float) -> float:
    rows = -(-count // cards_per_row(width))
    return rows * (MINI.height + NAME_BAND) + (rows - 1) * GAP


def draw_cards(
    doc: Document, cards: Sequence[Card], width: float | None = None, x: float | None = None
) -> float:
    """The cards as small cards with their names below, in rows ``width`` mm wide starting
    at ``x`` (default: the whole width between the margins), at the cursor."""
    left = doc.left if x is None else x
    width = doc.width - (left - doc.left) if width is None else width
    per_row = cards_per_row(width)
    top = doc.y
    for k, card in enumerate(cards):
        row, col = divmod(k, per_row)
        x = left + col * (MINI.width + GAP)
        y = top + row * (MINI.height + NAME_BAND + GAP)
        doc.scene(f"mini {card}", mini_face(card), x, y)
        doc.rect(x, y, MINI.width, MINI.height, width=0.4)
        doc.text_at(
            x + MINI.width / 2, y + MINI.height + 3.4, str(card), size=8, bold=True, anchor="middle"
        )
    used = cards_height(len(cards), width)
    doc.y = top + used
    return used


def check_url(base_url: str, puzzle_id: str) -> str:
    """The checking page of a puzzle.

    >>> check_url("http://10.0.0.5:5000/", "3x3-se-7")
    'http://10.0.0.5:5000/check/3x3-se-7'
    """
    return f"{base_url.rstrip('/')}/check/{puzzle_id}"


def draw_qr(doc: Document, url: str, x: float, y: float, size: float = QR_SIZE) -> None:
    """A QR code of ``url`` with the address in small print below it, in two lines (the
    site, then the page) ending at the code's right edge, so it never leaves the margin."""
    doc.scene_inline(qr_scene(url, size), x, y)
    site, found, page = url.rpartition("/check/")
    lines = [site, found + page] if found else [url]
    for k, line in enumerate(lines):
        doc.text_at(x + size, y + size + 3.0 + 2.6 * k, line, size=6, anchor="end")


@dataclass(frozen=True)
class PuzzleDesign:
    """How a puzzle kind is printed on a worksheet: its title and subject, the
    instructions above the first puzzle, a puzzle block (the room it takes, and drawing it
    as puzzle ``number`` with its checking address) and its answer-key block."""

    title: str
    subject: str
    instructions: Callable[[Any], str]
    height: Callable[[Document, Any], float]
    draw: Callable[[Document, Any, int, str], None]
    key_height: Callable[[Any, float], float]
    draw_key: Callable[[Document, Any, str], None]

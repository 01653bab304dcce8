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


MIN_SCALE = 0.6
"""The smallest a worksheet draws its small cards (10 x 13 mm): patterns still told apart."""


@cache
def mini_face(card: Card, scale: float = 1.0) -> Scene:
    """A card's small face (``scale`` times :data:`MINI`), computed once per process."""
    return face(card, mini_size(scale), names=False)


def mini_size(scale: float = 1.0) -> Size:
    return Size("mini", round(MINI.width * scale, 3), round(MINI.height * scale, 3))


def id_list(puzzles: Sequence[HasId], most: int) -> str:
    """The first ``most`` puzzle ids, for a footer: ``"3x3-ma1y4e 3x3-... ..."``."""
    return " ".join(p.id for p in puzzles[:most]) + (" ..." if len(puzzles) > most else "")


def cards_per_row(width: float, scale: float = 1.0, count: int = 0) -> int:
    """How many small cards a row ``width`` mm wide holds; given the ``count`` of cards,
    spread evenly over as few rows as hold them (9 cards in rows of up to 7: 5 and 4)."""
    most = max(1, int((width + GAP) // (mini_size(scale).width + GAP)))
    if count <= 0:
        return most
    rows = -(-count // most)
    return -(-count // rows)


def cards_height(count: int, width: float, scale: float = 1.0) -> float:
    """The room :func:`draw_cards` takes for ``count`` cards in rows ``width`` mm wide."""
    rows = -(-count // cards_per_row(width, scale))
    return rows * (mini_size(scale).height + NAME_BAND) + (rows - 1) * GAP


def draw_cards(
    doc: Document,
    cards: Sequence[Card],
    width: float | None = None,
    x: float | None = None,
    scale: float = 1.0,
) -> float:
    """The cards as small cards with their names below, in rows ``width`` mm wide starting
    at ``x`` (default: the whole width between the margins), at the cursor; ``scale``
    times the usual small card."""
    left = doc.left if x is None else x
    width = doc.width - (left - doc.left) if width is None else width
    per_row = cards_per_row(width, scale, len(cards))
    size = mini_size(scale)
    top = doc.y
    for k, card in enumerate(cards):
        row, col = divmod(k, per_row)
        x = left + col * (size.width + GAP)
        draw_card(doc, card, x, top + row * (size.height + NAME_BAND + GAP), scale)
    used = cards_height(len(cards), width, scale)
    doc.y = top + used
    return used


def draw_card(doc: Document, card: Card, x: float, y: float, scale: float = 1.0) -> None:
    """One small card, framed, top-left at (x, y), its name below it."""
    size = mini_size(scale)
    doc.scene(f"mini {card} {scale:g}", mini_face(card, scale), x, y)
    doc.rect(x, y, size.width, size.height, width=0.4)
    doc.text_at(x + size.width / 2, y + size.height + 3.4, str(card),
                size=8 if scale >= 0.9 else 7, bold=True, anchor="middle")  # fmt: skip


CELL = (21.0, 10.0)
"""An answer box: wide and tall enough to write a card's name by hand."""


def grid_size(rows: int, cols: int) -> tuple[float, float]:
    return cols * CELL[0], rows * CELL[1]


def draw_answer_grid(doc: Document, rows: int, cols: int, x: float, y: float) -> None:
    """An empty ``rows`` x ``cols`` grid of boxes to write card names in."""
    w, h = grid_size(rows, cols)
    for r in range(1, rows):
        doc.line(x, y + r * CELL[1], x + w, y + r * CELL[1], 0.5)
    for c in range(1, cols):
        doc.line(x + c * CELL[0], y, x + c * CELL[0], y + h, 0.5)
    doc.rect(x, y, w, h, width=1.2)


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


def prepare_qr(url: str, size: float = QR_SIZE) -> None:
    """Work out ``url``'s QR code ahead (while a sheet's puzzles are made elsewhere), so
    that :func:`draw_qr` finds it ready."""
    qr_scene(url, size)


@dataclass(frozen=True)
class BlockPlan:
    """How a puzzle's block is drawn in the room a worksheet gives it: its height, the
    scale of its small cards and whether the answer space sits beside the cards (else
    below them)."""

    height: float
    scale: float = 1.0
    beside: bool = False


PREFACE = 8.5
"""The type size of what a key says once before its answers."""


@dataclass(frozen=True)
class PuzzleDesign:
    """How a puzzle kind is printed on a worksheet: its title and subject, the
    instructions above the first puzzle, a puzzle block (a plan that fits a width and a
    height, or None; drawing it as puzzle ``number`` with its checking address, or
    without a QR code when there is none), its answer-key block, and what the key says
    once before the puzzles' answers (for these puzzles; "" for nothing)."""

    title: str
    subject: str
    instructions: Callable[[Any], str]
    plan: Callable[[Any, float, float, bool], BlockPlan | None]
    draw: Callable[[Document, Any, int, str | None, BlockPlan], None]
    key_height: Callable[[Any, float], float]
    draw_key: Callable[[Document, Any, str], None]
    key_preface: Callable[[Sequence[Any]], str] = lambda puzzles: ""

"""What every scannable page has, drawn on a :class:`~generator.documents.document.Document`
and recorded in the page's :class:`~generator.scan.layout.PageLayout` as it is drawn: four
fiducial marks, the page's code, the name area and the boxes to fill.

The fiducials are solid black squares, :data:`FIDUCIAL` mm a side, their outer edges
:data:`FIDUCIAL_INSET` mm from the paper's edges: inside the 5 mm band no printer is
trusted with, outside the 15 mm margin the content keeps to (and clear of the footer).
A box to fill is :data:`BOX` mm square with a black outline and no fill, :data:`BOX_GAP`
mm at least from the next, so a scan tells a filled box from an empty one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.documents.document import Document
from generator.draw.fonts import text_width
from generator.draw.qr import qr_scene
from generator.scan.layout import Box, Corner, Field, PageLayout, Rect

FIDUCIAL = 7.0
FIDUCIAL_INSET = 6.0
"""mm from each paper edge to a fiducial's outer edges (the outer 5 mm stay white)."""
BOX = 4.5
"""A box to fill: mm a side (at least 4 mm, so a pen's mark fills it)."""
BOX_GAP = 2.0
"""The least room between two boxes to fill, in mm."""
BOX_LINE = 0.8
"""A box's outline, in points: black, dark enough for a scan at 150 dpi."""
CODE_SIZE = 24.0
"""The page's QR code, quiet zone included, in mm."""
CODE_TAG = "printables-scan/1"
"""How a page's code starts: what it is and its format's version."""


def code_text(kind: str, paper: str, number: int, pages: int, ids: Sequence[str]) -> str:
    """What a page's QR code holds: the format tag, the puzzle kind, the paper, the page
    among the answer pages and the ids of the puzzles on it, separated by spaces.

    >>> code_text("matrix", "Letter", 1, 2, ["3x3-7sest4", "4x4-6rny2g"])
    'printables-scan/1 matrix letter 1/2 3x3-7sest4 4x4-6rny2g'
    """
    return " ".join([CODE_TAG, kind, paper.lower(), f"{number}/{pages}", *ids])


@dataclass(frozen=True)
class PageCode:
    """What a page's code says (:func:`code_text`)."""

    kind: str
    paper: str
    number: int
    pages: int
    ids: tuple[str, ...]

    @classmethod
    def read(cls, text: str) -> PageCode:
        """The code's text read back; refuses what is not a Printables page code.

        >>> PageCode.read("printables-scan/1 matrix a4 2/3 3x3-7sest4")
        PageCode(kind='matrix', paper='a4', number=2, pages=3, ids=('3x3-7sest4',))
        >>> PageCode.read("https://example.org")
        Traceback (most recent call last):
        ValueError: not a Printables page code: 'https://example.org'
        """
        tag, *parts = text.split(" ")
        try:
            kind, paper, where, *ids = parts
            number, pages = (int(n) for n in where.split("/"))
        except ValueError:
            raise ValueError(f"not a Printables page code: {text!r}") from None
        if tag != CODE_TAG or not ids or not 1 <= number <= pages:
            raise ValueError(f"not a Printables page code: {text!r}")
        return cls(kind, paper, number, pages, tuple(ids))


def draw_fiducials(doc: Document, page: PageLayout) -> None:
    """The four corner marks, recorded with their corners."""
    far_x = page.width - FIDUCIAL_INSET - FIDUCIAL
    far_y = page.height - FIDUCIAL_INSET - FIDUCIAL
    corners: list[tuple[Corner, float, float]] = [
        ("top-left", FIDUCIAL_INSET, FIDUCIAL_INSET),
        ("top-right", far_x, FIDUCIAL_INSET),
        ("bottom-left", FIDUCIAL_INSET, far_y),
        ("bottom-right", far_x, far_y),
    ]
    for corner, x, y in corners:
        box = page.add(Box("fiducial", Rect.of(x, y, FIDUCIAL, FIDUCIAL), corner=corner))
        doc.rect(box.rect.x, box.rect.y, box.rect.w, box.rect.h, fill="#000000", stroke=False)


def draw_code(doc: Document, page: PageLayout, x: float, y: float) -> None:
    """The page's QR code (:attr:`PageLayout.code`), top-left at (x, y)."""
    box = page.add(Box("code", Rect.of(x, y, CODE_SIZE, CODE_SIZE)))
    doc.scene_inline(qr_scene(page.code, CODE_SIZE), box.rect.x, box.rect.y)


def draw_name_area(doc: Document, page: PageLayout, x: float, y: float, width: float) -> float:
    """ "Name" and a box to write it in, top-left at (x, y), ``width`` mm in all; returns
    the height used."""
    doc.text_at(x, y + 6.5, "Name", size=11, bold=True)
    label = text_width("Name", 11, bold=True) + 2.5
    box = page.add(Box("name", Rect.of(x + label, y, width - label, 9.0)))
    doc.rect(box.rect.x, box.rect.y, box.rect.w, box.rect.h, width=0.6)
    return box.rect.h


def draw_mark_box(
    doc: Document,
    page: PageLayout,
    x: float,
    y: float,
    puzzle: str,
    field: Field,
    *,
    card: str = "",
    value: int | None = None,
    option: str = "",
    place: int | None = None,
) -> Box:
    """An empty box to fill, top-left at (x, y), meaning ``field`` (and ``card``,
    ``option``, ``place`` and ``value``) of ``puzzle``."""
    rect = Rect.of(x, y, BOX, BOX)
    box = page.add(Box("mark", rect, puzzle, field, card, value, option=option, place=place))
    doc.rect(box.rect.x, box.rect.y, box.rect.w, box.rect.h, width=BOX_LINE)
    return box

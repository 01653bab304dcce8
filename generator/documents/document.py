"""Printed documents: worksheets, answer keys, proctor kits and score sheets.

A :class:`Document` is a PDF (drawn through :class:`~generator.draw.pdf.PdfPages`) with
the house style of every page:
margins, a heading, a footer naming the document and the page, and a cursor
that flows blocks down the page and starts a new page when one does not fit.
Everything is black on white (or light gray fills), so it prints the same on a
gray-scale printer. Lengths are millimetres from the page's top-left corner.

>>> from generator.draw.layout import PAPERS
>>> doc = Document(PAPERS["letter"], "Example")
>>> doc.new_page("A heading")
>>> height = doc.table([Column("Player", 60), Column("Score", 20)], [["Alfie", ""]])
>>> round(height, 1), doc.finish()[:5]
(16.0, b'%PDF-')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from generator.draw.fonts import POINT, text_width, wrap
from generator.draw.layout import Size
from generator.draw.pdf import PdfPages
from generator.draw.scene import Scene

MARGIN = 15.0
"""mm of white around every page's content: inside what any school printer can print."""
FOOTER = 8.0
"""mm from the paper's bottom edge to the footer's baseline."""
INK = "#000000"
RULE = "#000000"
FILL = "#e4e4e4"
"""Light gray for header cells and totals: visible in gray-scale, dark text stays legible."""
BODY = 10.0
"""Points: the body text."""
LEADING = 1.3
"""Line height as a multiple of the font size."""
FOOTER_SIZE = 7.5
ASIDE_GAP = 6.0
"""mm kept clear between a heading and the Name line at its right, and between a footer
and the page number."""


@dataclass(frozen=True)
class Column:
    """A table column: its title, width in mm, and how its cells are aligned."""

    title: str
    width: float
    align: Literal["left", "center", "right"] = "left"
    fill: bool = False  # shade the whole column (totals, places)


class Document:
    """A PDF being written page by page; :meth:`finish` returns its bytes."""

    def __init__(self, paper: Size, title: str, *, subject: str = "", footer: str = "") -> None:
        self.paper = paper
        self.title = title
        self.footer = footer or title
        self.pdf = PdfPages(paper, title=title, subject=subject)
        self.page = 0
        self.y = MARGIN
        self._open = False
        self.continued: tuple[str, bool] = (f"{title} (continued)", False)
        """The heading (and whether on a banner) of a page that a long block runs onto."""

    # -- geometry -------------------------------------------------------------------------

    @property
    def left(self) -> float:
        return MARGIN

    @property
    def width(self) -> float:
        """The width between the side margins."""
        return self.paper.width - 2 * MARGIN

    @property
    def bottom(self) -> float:
        """The lowest y content may reach, above the footer."""
        return self.paper.height - MARGIN

    def fits(self, height: float) -> bool:
        return self.y + height <= self.bottom

    def ensure(self, height: float, heading: str | None = None) -> None:
        """Start a new page (with ``heading``, or else :attr:`continued`'s) unless
        ``height`` mm still fit on this one."""
        if not self._open or not self.fits(height):
            if heading is None:
                self.new_page(self.continued[0], banner=self.continued[1])
            else:
                self.new_page(heading)

    # -- pages ----------------------------------------------------------------------------

    def new_page(
        self, heading: str | None = None, *, note: str = "", aside: str = "", banner: bool = False
    ) -> None:
        """End the page in progress and begin another, with a heading if given: ``aside``
        at the heading's right end (Name and Date lines), and on a gray ``banner`` (an
        answer key, told apart from the puzzles at a glance)."""
        if self._open:
            self._end_page()
        self.page += 1
        self._open = True
        self.y = MARGIN
        if heading:
            top = self.y
            beside = self._aside_beside(heading, aside)
            if banner:  # behind the heading and the note, with room below the note's last line
                height = text_height(heading, 16, self.width, bold=True)
                if note:
                    height += text_height(note, 9, self.width) - 1.0
                self.rect(self.left - 2.0, top - 1.5, self.width + 4.0, height + 2.5, fill=FILL,
                          stroke=False)  # fmt: skip
            self.text(heading, size=16, bold=True)
            if aside:  # at the heading's right end, or else on a line of its own below it
                baseline = top + 16 * POINT if beside else self.y + 10 * POINT
                self.text_at(self.left + self.width, baseline, aside, size=10, anchor="end")
                if not beside:
                    self.y += 10 * POINT * LEADING
            if note:
                self.y -= 1.0
                self.text(note, size=9)
            self.y += 3.0

    def _aside_beside(self, heading: str, aside: str) -> bool:
        """Whether ``aside`` fits at the heading's right end (else it goes below)."""
        room = self.width - text_width(heading, 16, bold=True) - ASIDE_GAP
        return not aside or text_width(aside, 10) <= room

    def heading_height(self, heading: str, *, note: str = "", aside: str = "") -> float:
        """The mm :meth:`new_page` takes at a page's top for this heading, before the
        first block."""
        height = text_height(heading, 16, self.width, bold=True) + 3.0
        if not self._aside_beside(heading, aside):
            height += 10 * POINT * LEADING
        if note:
            height += text_height(note, 9, self.width) - 1.0
        return height

    def _end_page(self) -> None:
        baseline = self.paper.height - FOOTER
        number = f"page {self.page}"
        room = self.width - text_width(number, FOOTER_SIZE) - ASIDE_GAP
        self.text_at(MARGIN, baseline, fit_words(self.footer, FOOTER_SIZE, room),
                     size=FOOTER_SIZE)  # fmt: skip
        self.text_at(self.paper.width - MARGIN, baseline, number, size=FOOTER_SIZE,
                     anchor="end")  # fmt: skip
        self.pdf.end_page()
        self._open = False

    def finish(self) -> bytes:
        """Close the last page and return the PDF."""
        if self._open:
            self._end_page()
        if self.page == 0:
            raise ValueError("a document needs at least one page")
        return self.pdf.finish()

    # -- drawing --------------------------------------------------------------------------

    def text_at(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = BODY,
        bold: bool = False,
        anchor: Literal["start", "middle", "end"] = "start",
        color: str = INK,
    ) -> None:
        """One line of text with its baseline at (x, y)."""
        self.pdf.text(x, y, text, size=size, bold=bold, anchor=anchor, color=color)

    def text(
        self,
        text: str,
        *,
        size: float = BODY,
        bold: bool = False,
        x: float | None = None,
        width: float | None = None,
    ) -> float:
        """A paragraph at the cursor, wrapped to ``width`` mm; moves the cursor below it and
        returns the height used."""
        x = self.left if x is None else x
        width = self.width - (x - self.left) if width is None else width
        lines = wrap(text, size, width, bold)
        line = size * POINT * LEADING
        for k, part in enumerate(lines):
            self.text_at(x, self.y + size * POINT + k * line, part, size=size, bold=bold)
        used = len(lines) * line
        self.y += used
        return used

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: bool = True,
        width: float = 0.3,
    ) -> None:
        """A rectangle with its top-left corner at (x, y); ``width`` is the line in points."""
        self.pdf.rect(x, y, w, h, fill=fill, stroke=stroke, width=width, color=RULE)

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.3) -> None:
        self.pdf.line(x1, y1, x2, y2, width, RULE)

    def checkbox(self, x: float, y: float, label: str, size: float = 4.0) -> float:
        """A box to tick with its label after it, top-left at (x, y); returns the width."""
        self.rect(x, y, size, size, width=0.6)
        self.text_at(x + size + 1.5, y + size * 0.8, label, size=BODY)
        return size + 1.5 + text_width(label, BODY) + 4.0

    def image(
        self,
        data: bytes,
        x: float,
        y: float,
        w: float,
        h: float,
        clip: tuple[float, float, float, float] | None = None,
    ) -> None:
        """A picture (JPEG or PNG bytes) over the rectangle at (x, y), ``w`` by ``h`` mm,
        shown only inside ``clip`` (x, y, w, h) when given."""
        self.pdf.image(data, x, y, w, h, clip)

    def scene(self, key: str, scene: Scene, x: float, y: float) -> None:
        """Place a scene (a card face, a QR code) with its top-left corner at (x, y). Scenes
        with the same key are drawn once in the file and placed by reference."""
        self.pdf.scene(key, scene, x, y)

    def scene_inline(self, scene: Scene, x: float, y: float) -> None:
        """Draw a scene once, in place (for one-off drawings)."""
        self.pdf.inline(scene, x, y)

    def table(
        self,
        columns: Sequence[Column],
        rows: Sequence[Sequence[str]],
        *,
        row_height: float = 8.0,
        size: float = BODY,
        x: float | None = None,
        footer: Sequence[str] | None = None,
    ) -> float:
        """A ruled table at the cursor: a shaded header row, ``rows`` (blank strings leave
        room to write), an optional shaded footer row (totals). Moves the cursor below it
        and returns its height. Cells are written in ``size`` points, clipped by wrapping to
        one line (a cell that is too long raises ValueError: the layout must fit)."""
        x = self.left if x is None else x
        header_h = max(row_height, 7.0)
        body = [*rows, *([footer] if footer is not None else [])]
        height = header_h + row_height * len(body)
        top = self.y
        total_w = sum(col.width for col in columns)
        self.rect(x, top, total_w, header_h, fill=FILL, stroke=False)
        for col_x, col in _column_xs(x, columns):
            if col.fill:
                body_h = row_height * len(body)
                self.rect(col_x, top + header_h, col.width, body_h, fill=FILL, stroke=False)
        if footer is not None:
            self.rect(x, top + height - row_height, total_w, row_height, fill=FILL, stroke=False)
        for i, (col_x, col) in enumerate(_column_xs(x, columns)):
            self._cell(col_x, top, col, col.title, header_h, size * 0.9, bold=True)
            for r, row in enumerate(body):
                bold = footer is not None and r == len(body) - 1
                y = top + header_h + r * row_height
                self._cell(col_x, y, col, row[i], row_height, size, bold)
        # Rules: the outside heavier than the inside.
        for r in range(len(body) + 1):
            y = top + header_h + r * row_height
            self.line(x, y, x + total_w, y, 0.4)
        for col_x, _ in _column_xs(x, columns):
            self.line(col_x, top, col_x, top + height, 0.4)
        self.rect(x, top, total_w, height, width=1.0)
        self.y = top + height
        return height

    def _cell(
        self, x: float, y: float, col: Column, text: str, height: float, size: float, bold: bool
    ) -> None:
        if not text:
            return
        pad = 1.5
        if text_width(text, size, bold) > col.width - 2 * pad:
            raise ValueError(
                f"{text!r} does not fit in the {col.title!r} column ({col.width:g} mm)"
            )
        baseline = y + height / 2 + size * POINT * 0.36
        if col.align == "left":
            self.text_at(x + pad, baseline, text, size=size, bold=bold)
        elif col.align == "center":
            self.text_at(x + col.width / 2, baseline, text, size=size, bold=bold, anchor="middle")
        else:
            self.text_at(x + col.width - pad, baseline, text, size=size, bold=bold, anchor="end")


def _column_xs(x: float, columns: Sequence[Column]) -> list[tuple[float, Column]]:
    out = []
    for col in columns:
        out.append((x, col))
        x += col.width
    return out


def fit_words(text: str, size: float, width: float) -> str:
    """``text`` cut after its last word that leaves it (and `` ...``) no wider than
    ``width`` mm at ``size`` points; whole when it fits.

    >>> fit_words("ids: 3x3-a 3x3-b 3x3-c", 10, 30)
    'ids: 3x3-a ...'
    """
    if text_width(text, size) <= width:
        return text
    kept = text.removesuffix(" ...").split(" ")
    while len(kept) > 1:
        kept.pop()
        cut = " ".join(kept) + " ..."
        if text_width(cut, size) <= width:
            return cut
    return kept[0]


def text_height(text: str, size: float, width: float, bold: bool = False) -> float:
    """How many mm :meth:`Document.text` takes for ``text`` wrapped to ``width``."""
    return len(wrap(text, size, width, bold)) * size * POINT * LEADING

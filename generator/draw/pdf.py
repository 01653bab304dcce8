"""The PDF backend: the only module that draws with reportlab (:mod:`~generator.draw.fonts`
measures text with its font metrics).

:class:`PdfPages` is a PDF drawn page by page in the project's coordinates, millimetres
from each page's top-left corner with y pointing down, and turns them into reportlab's
(points from the bottom-left) in one place. It draws text, rules and boxes, and places
:class:`~generator.draw.scene.Scene` drawings: each distinct scene becomes one PDF form
XObject whose bounding box is the card (plus bleed), defined once and placed wherever
the card goes, so 81 backs cost one drawing and a card's box can be read back from the
file.

>>> from generator.draw.layout import PAPERS
>>> pages = PdfPages(PAPERS["a4"], title="Example")
>>> pages.text(20, 20, "Hello", size=12)
>>> pages.line(20, 22, 60, 22)
>>> pages.end_page()
>>> pages.finish()[:5]
b'%PDF-'
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import BinaryIO, Literal

from reportlab import rl_config
from reportlab.lib.colors import Color, toColor
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from generator.draw.fonts import font_name, register, run_width, runs, shaped
from generator.draw.layout import Size
from generator.draw.scene import Path, Scene, Text

# Compressed streams stay binary: ASCII85 would only make files a quarter larger.
rl_config.useA85 = 0

CREATOR = "Printables (classroom printables for curious card games)"
"""The application named in every PDF's document properties."""
CAPS = {"butt": 0, "round": 1}


@cache
def ink(text: str) -> Color:
    """A color written ``#rrggbb`` as reportlab's color, read once (reading is slow)."""
    color = toColor(text)
    assert isinstance(color, Color)
    return color


JOINS = {"butt": 0, "round": 1}


def _draw_path(canvas: Canvas, path: Path, height: float) -> None:
    outline = canvas.beginPath()
    (x0, y0), *rest = path.points
    outline.moveTo(x0 * mm, (height - y0) * mm)
    for x, y in rest:
        outline.lineTo(x * mm, (height - y) * mm)
    if path.closed:
        outline.close()
    if path.fill:
        canvas.setFillColor(ink(path.fill))
    if path.stroke:
        canvas.setStrokeColor(ink(path.stroke))
        canvas.setLineWidth(path.width * mm)
        canvas.setLineCap(CAPS[path.cap])
        canvas.setLineJoin(JOINS[path.cap])
        canvas.setDash([d * mm for d in path.dash] if path.dash else [], 0)
    canvas.drawPath(outline, stroke=1 if path.stroke else 0, fill=1 if path.fill else 0, fillMode=0)


def _draw_text(canvas: Canvas, text: Text, height: float) -> None:
    canvas.saveState()
    canvas.translate(text.x * mm, (height - text.y) * mm)
    if text.rotate:
        canvas.rotate(-text.rotate)
    canvas.setFillColor(ink(text.color))
    draw_line(canvas, 0, 0, text.text, text.size, text.bold, text.anchor)
    canvas.restoreState()


def new_canvas(stream: BinaryIO, width: float, height: float) -> Canvas:
    """A compressed, reproducible canvas of ``width`` x ``height`` mm whose every font is
    embedded (reportlab otherwise lists its default Helvetica, which is not)."""
    return Canvas(
        stream,
        pagesize=(width * mm, height * mm),
        pageCompression=1,
        invariant=True,
        initialFontName=font_name(),  # type: ignore[arg-type]  # the stubs have it wrong
    )


def draw_scene(canvas: Canvas, scene: Scene, height: float | None = None) -> None:
    """Draw a scene whose top-left trim corner is at the canvas origin's (0, ``height``)."""
    top = scene.height if height is None else height
    for item in scene.items:
        if isinstance(item, Path):
            _draw_path(canvas, item, top)
        else:
            _draw_text(canvas, item, top)


class FormCache:
    """Defines each scene once as a form XObject, under a key, and places it by key."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._names: dict[str, str] = {}

    def name(self, key: str, scene: Scene) -> str:
        if key not in self._names:
            name = f"card{len(self._names)}"
            b = scene.bleed
            canvas = self.canvas
            canvas.beginForm(
                name,
                # The stubs say int; reportlab takes any number here.
                lowerx=-b * mm,  # type: ignore[arg-type]
                lowery=-b * mm,  # type: ignore[arg-type]
                upperx=(scene.width + b) * mm,
                uppery=(scene.height + b) * mm,
            )
            draw_scene(canvas, scene)
            canvas.endForm()
            self._names[key] = name
        return self._names[key]

    def place(self, key: str, scene: Scene, x: float, y: float, page_height: float) -> None:
        """Put the scene with its trim box's top-left corner at page position (x, y) mm."""
        name = self.name(key, scene)
        canvas = self.canvas
        canvas.saveState()
        canvas.translate(x * mm, (page_height - y - scene.height) * mm)
        canvas.doForm(name)
        canvas.restoreState()


Anchor = Literal["start", "middle", "end"]


class PdfPages:
    """A PDF drawn page by page; every length is in mm from the page's top-left corner,
    y down. :meth:`end_page` closes a page, :meth:`finish` returns the file's bytes."""

    def __init__(self, paper: Size, *, title: str, subject: str = "", duplex: bool = False) -> None:
        """A document titled ``title``. It asks the viewer to print at actual size (every
        page is measured: a card, a bar, a QR code) and, when ``duplex``, on both sides
        flipped on the long edge (decks with backs)."""
        register()
        self.paper = paper
        self._buffer = io.BytesIO()
        self.canvas = new_canvas(self._buffer, paper.width, paper.height)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("Printables")
        self.canvas.setCreator(CREATOR)
        if subject:
            self.canvas.setSubject(subject)
        self.canvas.setViewerPreference("PrintScaling", "None")
        self.canvas.setViewerPreference("DisplayDocTitle", "true")
        if duplex:
            self.canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        self.forms = FormCache(self.canvas)

    def _y(self, y: float) -> float:
        """A distance from the page's top (mm) as reportlab's height from its bottom."""
        return (self.paper.height - y) * mm

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float,
        bold: bool = False,
        anchor: Anchor = "start",
        color: str = "#000000",
        rotate: float = 0.0,
    ) -> None:
        """One line of text with its baseline at (x, y), turned ``rotate`` degrees
        clockwise about that point."""
        if rotate:
            with self.turned(x, y, rotate):
                self.canvas.setFillColor(ink(color))
                draw_line(self.canvas, 0, 0, text, size, bold, anchor)
            return
        self.canvas.setFillColor(ink(color))
        draw_line(self.canvas, x * mm, self._y(y), text, size, bold, anchor)

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
        color: str = "#000000",
    ) -> None:
        """A rectangle with its top-left corner at (x, y); ``width`` is the line in points."""
        c = self.canvas
        c.setLineWidth(width)
        c.setStrokeColor(ink(color))
        if fill:
            c.setFillColor(ink(fill))
        c.rect(x * mm, self._y(y + h), w * mm, h * mm, stroke=int(stroke), fill=int(bool(fill)))

    def line(
        self, x1: float, y1: float, x2: float, y2: float, width: float = 0.3, color: str = "#000000"
    ) -> None:
        """A straight line; ``width`` in points."""
        c = self.canvas
        c.setLineWidth(width)
        c.setStrokeColor(ink(color))
        c.line(x1 * mm, self._y(y1), x2 * mm, self._y(y2))

    def scene(self, key: str, scene: Scene, x: float, y: float) -> None:
        """Place a scene with its trim box's top-left corner at (x, y). Scenes with the same
        key are drawn once in the file and placed by reference."""
        self.forms.place(key, scene, x, y, self.paper.height)

    def inline(self, scene: Scene, x: float, y: float, rotate: float = 0.0) -> None:
        """Draw a scene once, in place: its origin at (x, y), turned ``rotate`` degrees
        clockwise about it (for one-off drawings)."""
        if rotate:
            with self.turned(x, y, rotate):
                draw_scene(self.canvas, scene, height=0.0)
            return
        c = self.canvas
        c.saveState()
        c.translate(x * mm, self._y(y + scene.height))
        draw_scene(c, scene)
        c.restoreState()

    def image(
        self,
        data: bytes,
        x: float,
        y: float,
        w: float,
        h: float,
        clip: tuple[float, float, float, float] | None = None,
    ) -> None:
        """A picture (JPEG or PNG bytes) stretched over the rectangle with its top-left
        corner at (x, y), ``w`` by ``h``; only its part inside ``clip`` (x, y, w, h) shows
        when given. A JPEG is kept as it is in the file (not decoded and encoded again)."""
        c = self.canvas
        c.saveState()
        if clip is not None:
            cx, cy, cw, ch = clip
            outline = c.beginPath()
            outline.rect(cx * mm, self._y(cy + ch), cw * mm, ch * mm)
            c.clipPath(outline, stroke=0, fill=0)
        c.drawImage(ImageReader(io.BytesIO(data)), x * mm, self._y(y + h), w * mm, h * mm)
        c.restoreState()

    @contextmanager
    def turned(self, x: float, y: float, degrees: float) -> Iterator[None]:
        """Draw with the origin moved to (x, y) and turned ``degrees`` clockwise."""
        c = self.canvas
        c.saveState()
        c.translate(x * mm, self._y(y))
        c.rotate(-degrees)
        try:
            yield
        finally:
            c.restoreState()

    def end_page(self) -> None:
        self.canvas.showPage()

    def finish(self) -> bytes:
        """Close the file and return its bytes (end the last page first)."""
        self.canvas.save()
        return self._buffer.getvalue()


_DRAW = {
    "start": Canvas.drawString,
    "middle": Canvas.drawCentredString,
    "end": Canvas.drawRightString,
}
_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}
"""The part of a line's width left of its anchor."""


def draw_line(
    canvas: Canvas, x: float, y: float, text: str, size: float, bold: bool, anchor: Anchor
) -> None:
    """One line of text at (x, y) points: in one font when one has all its letters, else as
    runs in the fonts that have them (:func:`~generator.draw.fonts.runs`), placed one after
    another from where the anchor puts the line's start."""
    parts = runs(text, bold)
    if len(parts) == 1 and not parts[0].shaped:
        canvas.setFont(parts[0].font, size)
        _DRAW[anchor](canvas, x, y, parts[0].text)
        return
    x -= _SHIFT[anchor] * sum(run_width(run, size) for run in parts)
    for run in parts:
        canvas.setFont(run.font, size)
        canvas.drawString(x, y, shaped(run, size))
        x += run_width(run, size)

"""The PDF backend: draws a :class:`~generator.scene.Scene` on a reportlab canvas.

Each distinct scene becomes one PDF form XObject whose bounding box is the
card (plus bleed), defined once and placed wherever the card goes: 81 backs
cost one drawing, and a card's box can be read back from the file.
"""

from __future__ import annotations

from functools import cache
from typing import BinaryIO

from reportlab import rl_config
from reportlab.lib.colors import Color, toColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.fonts import font_name
from generator.scene import Path, Scene, Text

# Compressed streams stay binary: ASCII85 would only make files a quarter larger.
rl_config.useA85 = 0

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
    canvas.setFont(font_name(text.bold), text.size)
    draw = {
        "start": canvas.drawString,
        "middle": canvas.drawCentredString,
        "end": canvas.drawRightString,
    }[text.anchor]
    draw(0, 0, text.text)
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

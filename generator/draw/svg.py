"""The SVG backend: writes a :class:`~generator.draw.scene.Scene` with svgwrite.

Plain paths and text only (no patterns, masks or clip paths), so every viewer
and cutting machine reads the files alike. Units are millimetres.
"""

from __future__ import annotations

import svgwrite

from generator.draw.fonts import POINT, SVG_FAMILY
from generator.draw.scene import Path, Scene, Text


def _d(path: Path) -> str:
    head, *tail = path.points
    d = f"M{head[0]:g} {head[1]:g}" + "".join(f"L{x:g} {y:g}" for x, y in tail)
    return d + ("Z" if path.closed else "")


def _path(drawing: svgwrite.Drawing, path: Path) -> svgwrite.base.BaseElement:
    attributes: dict[str, object] = {
        "fill": path.fill or "none",
        "fill_rule": "nonzero",
    }
    if path.stroke:
        attributes.update(
            stroke=path.stroke,
            stroke_width=f"{path.width:g}",
            stroke_linecap=path.cap,
            stroke_linejoin="miter" if path.cap == "butt" else "round",
        )
        if path.dash:
            attributes["stroke_dasharray"] = " ".join(f"{d:g}" for d in path.dash)
    return drawing.path(d=_d(path), **attributes)


def _text(drawing: svgwrite.Drawing, text: Text) -> svgwrite.base.BaseElement:
    element = drawing.text(
        text.text,
        insert=(f"{text.x:g}", f"{text.y:g}"),
        fill=text.color,
        font_size=f"{text.size * POINT:.3f}",
        font_family=SVG_FAMILY,
        text_anchor=text.anchor,
    )
    if text.bold:
        element["font-weight"] = "bold"
    if text.rotate:
        element["transform"] = f"rotate({text.rotate:g} {text.x:g} {text.y:g})"
    return element


def scene_to_svg(scene: Scene, title: str = "") -> str:
    """The scene as a standalone SVG document, sized in mm, bleed included."""
    b = scene.bleed
    width, height = scene.width + 2 * b, scene.height + 2 * b
    drawing = svgwrite.Drawing(
        size=(f"{width:g}mm", f"{height:g}mm"),
        viewBox=f"{-b + 0.0:g} {-b + 0.0:g} {width:g} {height:g}",
        profile="full",
    )
    if title:
        drawing.set_desc(title=title)
    for item in scene.items:
        drawing.add(_path(drawing, item) if isinstance(item, Path) else _text(drawing, item))
    return str(drawing.tostring())

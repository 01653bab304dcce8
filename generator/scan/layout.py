"""The layout of scannable pages: every box on a page, where it is and what it means.

Lengths are millimetres from the paper's top-left corner (as everywhere in
:mod:`generator.documents`), rounded to hundredths so that what is drawn and what the
layout says are the same numbers. :meth:`SheetLayout.to_json` writes the format that
``docs/scan-layout.md`` documents (:data:`FORMAT`, :data:`VERSION`).

>>> page = PageLayout(1, 3, 210.0, 297.0, "printables-scan/1 matrix a4 1/1 3x3-ab")
>>> _ = page.add(Box("mark", Rect.of(20, 30, 4.5, 4.5), puzzle="3x3-ab", field="impossible"))
>>> sheet = SheetLayout("worksheet", "matrix", ("3x3-ab",), (page,))
>>> box = sheet.to_dict()["pages"][0]["boxes"][0]
>>> box["kind"], box["x"], box["w"], box["puzzle"], box["field"], "card" in box
('mark', 20.0, 4.5, '3x3-ab', 'impossible', False)
>>> SheetLayout.from_json(sheet.to_json()) == sheet
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

FORMAT = "printables-layout"
VERSION = 1
"""The layout format's version: raised whenever a reader of the old one would misread it."""
CLASS_DIGITS = 6
"""A class's code (a hash of its roster): this many lowercase hexadecimal digits."""
ATTACHMENT = "printables-layout.json"
"""The name of the file attached to a scannable PDF."""

BoxKind = Literal["fiducial", "code", "name", "mark"]
KINDS: tuple[BoxKind, ...] = ("fiducial", "code", "name", "mark")
Field = Literal[
    "row",
    "column",
    "impossible",
    "changed",
    "choice",
    "rank",
    "attribute",
    "member",
    "digit",
    "sign",
]
Corner = Literal["top-left", "top-right", "bottom-left", "bottom-right"]


def mm(value: float) -> float:
    """A length as the layout keeps it: to a hundredth of a millimetre.

    >>> mm(12.345678), mm(3)
    (12.35, 3.0)
    """
    return round(float(value), 2)


@dataclass(frozen=True)
class Rect:
    """A rectangle: its top-left corner (x, y) and its width and height, in mm."""

    x: float
    y: float
    w: float
    h: float

    @classmethod
    def of(cls, x: float, y: float, w: float, h: float) -> Rect:
        """The rectangle with every length rounded as the layout keeps it."""
        return cls(mm(x), mm(y), mm(w), mm(h))

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Box:
    """One thing on a scannable page: a ``fiducial`` mark (at a ``corner``), the page's
    ``code`` (a QR code), the ``name`` area where a pupil writes a name, or a ``mark`` box
    to fill, meaning ``field`` of ``puzzle`` (docs/scan-layout.md lists them: Matrix's
    ``card`` placed in ``row`` or ``column`` number ``value``, the set ``impossible``,
    ``changed``: a mark of the puzzle crossed out; an ``option`` chosen; a digit
    ``value`` at ``place``; ...)."""

    kind: BoxKind
    rect: Rect
    puzzle: str = ""
    field: Field | None = None
    card: str = ""
    value: int | None = None
    corner: Corner | None = None
    option: str = ""
    place: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The box as the JSON has it: its kind and rectangle, then only what it says."""
        out: dict[str, Any] = {"kind": self.kind, "x": self.rect.x, "y": self.rect.y,
                               "w": self.rect.w, "h": self.rect.h}  # fmt: skip
        for key in ("corner", "puzzle", "field", "card", "option", "place", "value"):
            value = getattr(self, key)
            if value not in ("", None):
                out[key] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Box:
        rect = Rect(data["x"], data["y"], data["w"], data["h"])
        return cls(data["kind"], rect, data.get("puzzle", ""), data.get("field"),
                   data.get("card", ""), data.get("value"), data.get("corner"),
                   data.get("option", ""), data.get("place"))  # fmt: skip


@dataclass(frozen=True)
class Pupil:
    """Who a page is printed for (a sheet printed with a roster): the class (a hash of
    the roster, :mod:`generator.scan.roster`), the pupil's number on the roster (1 the
    first), their name, and the school's id for them (``""`` when the roster has none;
    it is not in the page's code)."""

    class_code: str
    number: int
    name: str
    ident: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"class": self.class_code, "number": self.number,
                               "name": self.name}  # fmt: skip
        if self.ident:
            out["id"] = self.ident
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pupil:
        return cls(data["class"], data["number"], data["name"], data.get("id", ""))


@dataclass
class PageLayout:
    """One scannable page: its number among the answer pages (1, 2, ...), its page in the
    PDF (1 the first), the paper's size in mm, the text its QR code holds, its boxes in
    the order drawn, and the pupil it is printed for (None without a roster)."""

    number: int
    pdf_page: int
    width: float
    height: float
    code: str
    boxes: list[Box] = field(default_factory=list)
    pupil: Pupil | None = None

    def add(self, box: Box) -> Box:
        self.boxes.append(box)
        return box

    def of_kind(self, kind: BoxKind) -> list[Box]:
        return [box for box in self.boxes if box.kind == kind]

    @property
    def puzzles(self) -> tuple[str, ...]:
        """The ids of the puzzles whose boxes are on this page, in order."""
        return tuple(dict.fromkeys(box.puzzle for box in self.boxes if box.puzzle))

    def to_dict(self) -> dict[str, Any]:
        """The page as the JSON has it; ``pupil`` only on a page printed for one."""
        out: dict[str, Any] = {"page": self.number, "pdf_page": self.pdf_page,
                               "paper": {"width": mm(self.width), "height": mm(self.height)},
                               "code": self.code, "puzzles": list(self.puzzles)}  # fmt: skip
        if self.pupil is not None:
            out["pupil"] = self.pupil.to_dict()
        out["boxes"] = [box.to_dict() for box in self.boxes]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PageLayout:
        paper = data["paper"]
        boxes = [Box.from_dict(box) for box in data["boxes"]]
        pupil = Pupil.from_dict(data["pupil"]) if "pupil" in data else None
        return cls(data["page"], data["pdf_page"], paper["width"], paper["height"],
                   data["code"], boxes, pupil)  # fmt: skip


@dataclass(frozen=True)
class SheetLayout:
    """A scannable document's layout: what it is (``worksheet``), the puzzle kind, every
    puzzle's id in order, and its scannable pages."""

    document: str
    kind: str
    puzzles: tuple[str, ...]
    pages: tuple[PageLayout, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "units": "mm", "origin": "top-left",
                "document": self.document, "kind": self.kind, "puzzles": list(self.puzzles),
                "pages": [page.to_dict() for page in self.pages]}  # fmt: skip

    def to_json(self) -> str:
        """The layout as JSON text (UTF-8, keys in a fixed order, one line)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> SheetLayout:
        """A layout read back; refuses another format or a version this code does not read."""
        data = json.loads(text)
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(
                f"not a {FORMAT} version {VERSION} layout: "
                f"{data.get('format')!r} version {data.get('version')!r}"
            )
        pages = tuple(PageLayout.from_dict(page) for page in data["pages"])
        return cls(data["document"], data["kind"], tuple(data["puzzles"]), pages)

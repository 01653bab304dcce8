"""The parts of the score sheets drawn as ledgers (the PARADOX and standard-deck games):
a "How to score" box of large key cells with rules to read aloud under them, and a ledger,
a names band, a column group a player and a row a round, with shaded running totals,
hatched cells with nothing to write and tick boxes for a check.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from generator.documents.document import FILL, LEADING, Document, text_height
from generator.documents.scoresheet_parts import GAP, HEAVY, MINUS, NAMES, SMALL, curly, scene_lines
from generator.draw.fonts import POINT, text_width
from generator.draw.scene import Path

PLUS = "+"
INK = "#000000"

# -- the "How to score" box ------------------------------------------------------------------

TITLE_SIZE = 11.0
"""Points: "How to score"."""
KEY_SIZE = 13.0
"""Points: the formulas in the key cells, large enough to read from the front of a room."""
READ_ALOUD = 10.5
"""Points: the rules under the key cells."""


@dataclass(frozen=True)
class Key:
    """One key cell: what it is about, the rule in a few large words, and an example."""

    label: str
    rule: str
    example: str = ""


def scoring_box(doc: Document, keys: Sequence[Key], rules: Sequence[str]) -> None:
    """A ruled box: "How to score", the key cells side by side on gray, then each rule as
    a bullet."""
    pad = 2.5
    inner = doc.width - 2 * pad
    gap = 1.5
    cell = (inner - gap * (len(keys) - 1)) / len(keys)
    text_w = cell - 3.0

    def key_height(key: Key) -> float:
        height = text_height(key.label, SMALL, text_w, bold=True)
        height += text_height(key.rule, KEY_SIZE, text_w, bold=True)
        if key.example:
            height += text_height(key.example, SMALL, text_w)
        return height + 2.5

    items = [f"\u2022 {curly(rule)}" for rule in rules]
    keys_h = max(key_height(key) for key in keys)
    height = 2 * pad + text_height("How to score", TITLE_SIZE, inner, bold=True) + keys_h + gap
    height += sum(text_height(item, READ_ALOUD, inner) for item in items)
    top = doc.y
    doc.rect(doc.left, top, doc.width, height, width=0.8)
    doc.y = top + pad
    doc.text("How to score", size=TITLE_SIZE, bold=True, x=doc.left + pad, width=inner)
    keys_top = doc.y
    for k, key in enumerate(keys):
        x = doc.left + pad + k * (cell + gap)
        doc.rect(x, keys_top, cell, keys_h, fill=FILL, stroke=False)
        doc.y = keys_top + 1.0
        doc.text(key.label, size=SMALL, bold=True, x=x + 1.5, width=text_w)
        doc.text(key.rule, size=KEY_SIZE, bold=True, x=x + 1.5, width=text_w)
        if key.example:
            doc.text(key.example, size=SMALL, x=x + 1.5, width=text_w)
    doc.y = keys_top + keys_h + gap
    for item in items:
        doc.text(item, size=READ_ALOUD, x=doc.left + pad, width=inner)
    doc.y = top + height + GAP


# -- the ledger: a names band, a column group a player, a row a round ---------------------------

PAD = 1.0
"""mm between a header's text and its column's rules."""
HEADER = SMALL
"""Points: column titles (bold)."""
CELL = 10.0
"""Points: what a row prints (the examples)."""


@dataclass(frozen=True)
class Field:
    """A column: its title (lines split at newlines), its width in mm (the label and check
    columns; a player's columns share the group's width), and whether it is shaded (a
    running total)."""

    title: str
    width: float = 0.0
    shaded: bool = False

    @property
    def needs(self) -> float:
        """The width of its title's widest line (the padding comes on top)."""
        return max(text_width(line, HEADER, bold=True) for line in self.title.split("\n"))


@dataclass(frozen=True)
class Row:
    """A row of a ledger: its label, what it prints (one text a column after the label,
    player by player, then the check column; fewer leaves the rest blank), its height, and
    how it looks."""

    label: str
    cells: Sequence[str] = ()
    height: float = 9.0
    shaded: bool = False
    closed: frozenset[int] = frozenset()
    """A player's columns (by index in the group) with nothing to write: hatched."""
    tick: Literal["", "box", "ticked"] = ""
    """A tick box in the check column, empty or ticked (an example)."""
    merged: bool = False
    """One cell a player (The Third Man's chips after a series)."""


@dataclass(frozen=True)
class Ledger:
    """A ledger's columns: the label column, the players (the tag printed in each name
    cell, and a hint beside it), the columns every player has, and a check column."""

    lead: Field
    tags: Sequence[str]
    subs: Sequence[Field]
    check: Field | None = None
    hints: Sequence[str] = field(default_factory=tuple)

    def widths(self, doc: Document) -> list[float]:
        """Every column's width in mm, left to right: the label, each player's columns, the
        check. A player's columns get what their titles need and share what is left; too
        narrow raises ValueError (the layout must fit)."""
        check = self.check.width if self.check else 0.0
        group = (doc.width - self.lead.width - check) / len(self.tags)
        needs = [s.needs + 2 * PAD for s in self.subs]
        spare = group - sum(needs)
        if spare < 0 or self.lead.needs + 2 * PAD > self.lead.width:
            raise ValueError(f"the ledger's columns do not fit on {doc.paper}")
        subs = [n + spare / len(needs) for n in needs]
        return [self.lead.width, *(subs * len(self.tags)), *([check] if self.check else [])]


def ledger(doc: Document, spec: Ledger, rows: Sequence[Row], *, names: bool = True) -> None:
    """Draw a ledger at the cursor: a names band (unless ``names`` is False), the column
    titles on gray, and ``rows``; heavy rules between the players."""
    widths = spec.widths(doc)
    xs = [doc.left]
    for w in widths:
        xs.append(xs[-1] + w)
    subs = len(spec.subs)
    players = len(spec.tags)
    group_xs = [xs[1 + p * subs] for p in range(players + 1)]
    right = xs[-1]
    top = doc.y
    if names:
        _names_band(doc, spec, group_xs, right)
    header_top = doc.y
    titles = [spec.lead, *(list(spec.subs) * players), *([spec.check] if spec.check else [])]
    lines = max(len(f.title.split("\n")) for f in titles)
    line_h = HEADER * POINT * LEADING
    header_h = max(7.0, lines * line_h + 2.5)
    doc.rect(doc.left, header_top, right - doc.left, header_h, fill=FILL, stroke=False)
    for k, title in enumerate(titles):
        parts = title.title.split("\n")
        first = header_top + (header_h - len(parts) * line_h) / 2 + HEADER * POINT * 0.95
        for n, part in enumerate(parts):
            doc.text_at((xs[k] + xs[k + 1]) / 2, first + n * line_h, part, size=HEADER,
                        bold=True, anchor="middle")  # fmt: skip
    y = header_top + header_h
    tops = [y]
    for row in rows:
        tops.append(tops[-1] + row.height)
    for row, row_top in zip(rows, tops, strict=False):  # fills first: rules go on top
        _row_fills(doc, spec, row, xs, row_top)
    for row, row_top in zip(rows, tops, strict=False):
        _row(doc, spec, row, xs, row_top)
    doc.line(doc.left, y, right, y, 0.6)
    bottom = tops[-1]
    for gx in group_xs:
        doc.line(gx, top, gx, bottom, HEAVY)
    doc.rect(doc.left, top, right - doc.left, bottom - top, width=HEAVY)
    doc.y = bottom


def _names_band(doc: Document, spec: Ledger, group_xs: Sequence[float], right: float) -> None:
    top = doc.y
    doc.rect(doc.left, top, spec.lead.width, NAMES, fill=FILL, stroke=False)
    if spec.check:
        doc.rect(group_xs[-1], top, right - group_xs[-1], NAMES, fill=FILL, stroke=False)
    baseline = top + NAMES / 2 + SMALL * POINT * 0.36
    doc.text_at(doc.left + PAD + 0.5, baseline, "Names", size=SMALL, bold=True)
    for p, tag in enumerate(spec.tags):
        doc.text_at(group_xs[p] + 1.5, top + 4.2, tag, size=SMALL + 1, bold=True)
        if p < len(spec.hints):
            doc.text_at(group_xs[p + 1] - 1.5, top + 4.0, spec.hints[p], size=SMALL,
                        anchor="end")  # fmt: skip
    doc.line(doc.left, top + NAMES, right, top + NAMES, 0.6)
    doc.y = top + NAMES


def _row_fills(doc: Document, spec: Ledger, row: Row, xs: Sequence[float], y: float) -> None:
    """A row's gray: the whole row (an example), the shaded columns, hatched closed cells."""
    subs = len(spec.subs)
    h = row.height
    if row.shaded:
        doc.rect(xs[0], y, xs[-1] - xs[0], h, fill=FILL, stroke=False)
    for p in range(len(spec.tags)):
        for s, sub in enumerate(spec.subs):
            k = 1 + p * subs + s
            if sub.shaded and not row.merged and s not in row.closed:
                doc.rect(xs[k], y, xs[k + 1] - xs[k], h, fill=FILL, stroke=False)
            if s in row.closed:
                _hatch(doc, xs[k], y, xs[k + 1] - xs[k], h)


def _row(doc: Document, spec: Ledger, row: Row, xs: Sequence[float], y: float) -> None:
    """A row's label, texts, tick box and rules."""
    subs = len(spec.subs)
    players = len(spec.tags)
    h = row.height
    right = xs[-1]
    size = SMALL + 2 if row.label.isdigit() else SMALL
    if text_width(row.label, size, bold=True) > spec.lead.width - 2 * PAD:
        raise ValueError(f"{row.label!r} does not fit in the {spec.lead.title!r} column")
    baseline = y + h / 2 + size * POINT * 0.36
    doc.text_at(xs[0] + spec.lead.width / 2, baseline, row.label, size=size, bold=True,
                anchor="middle")  # fmt: skip
    for k, text in enumerate(row.cells, start=1):
        if not text:
            continue
        width = xs[k + 1] - xs[k]
        if text_width(text, CELL, bold=True) > width - 2 * PAD:
            raise ValueError(f"{text!r} does not fit in its column ({width:.1f} mm)")
        doc.text_at((xs[k] + xs[k + 1]) / 2, y + h / 2 + CELL * POINT * 0.36, text, size=CELL,
                    bold=True, anchor="middle")  # fmt: skip
    if row.tick and spec.check:
        _tick_box(doc, (xs[-2] + xs[-1]) / 2, y + h / 2, ticked=row.tick == "ticked")
    # Rules: between the columns (a merged row only between the players), then below.
    for k in range(1, len(xs) - 1):
        inside_group = (k - 1) % subs != 0 and k < 1 + players * subs
        if not (row.merged and inside_group):
            doc.line(xs[k], y, xs[k], y + h, 0.4)
    doc.line(xs[0], y + h, right, y + h, 0.4)


def _hatch(doc: Document, x: float, y: float, w: float, h: float, step: float = 2.2) -> None:
    """Diagonal hatching filling a w x h box at (x, y): a cell with nothing to write."""
    paths = []
    c = -h
    while c < w:
        t0, t1 = max(0.0, -c), min(h, w - c)
        if t1 > t0:
            points = ((c + t0, h - t0), (c + t1, h - t1))
            paths.append(Path(points, stroke="#8c8c8c", width=0.18, closed=False))
        c += step
    scene_lines(doc, x, y, w, h, paths)


def _tick_box(doc: Document, cx: float, cy: float, *, ticked: bool, size: float = 4.6) -> None:
    """A box to tick centred at (cx, cy), with its tick drawn in for an example."""
    doc.rect(cx - size / 2, cy - size / 2, size, size, width=0.8)
    if ticked:
        s = size
        tick = Path(((0.2 * s, 0.55 * s), (0.45 * s, 0.8 * s), (0.95 * s, 0.1 * s)),
                    stroke=INK, width=0.5, closed=False, cap="round")  # fmt: skip
        scene_lines(doc, cx - s / 2, cy - s / 2, s, s, [tick])


def rows_to_fill(doc: Document, height: float, reserve: float) -> int:
    """How many rows of ``height`` fit below the cursor, leaving ``reserve`` mm (the names
    band, the titles and any rows already planned)."""
    return int((doc.bottom - doc.y - reserve) / height + 1e-6)


def signed(n: int) -> str:
    """A change with its sign, as the sheets print it.

    >>> signed(12), signed(-12), signed(0)
    ('+12', '\u221212', '0')
    """
    return f"{PLUS}{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"

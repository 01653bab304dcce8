"""The pieces score sheets are made of: sizes, the heading and date line, the "How to
score" box that quotes the book, and the ruled table with a column group per player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.documents.document import FILL, Column, Document, text_height
from generator.draw.fonts import POINT, text_width
from generator.draw.scene import Path, Scene
from printables.games.base import Game

ROW = 8.5
"""mm: the height of a row to write in."""
NAMES = 10.0
"""mm: the band at the top of a table where players write their names."""
GAP = 4.0
"""mm between blocks."""
SMALL = 9.0
"""Points: the smallest text on a sheet."""
RULE_TEXT = 9.5
"""Points: the text of the "How to score" box."""
HEAVY = 1.0
"""Points: the outer and the player-group rules."""
PACK_TITLE = "Score sheets: 4D Playing Cards, PARADOX, Quad, Four and Lockdown"
MINUS = "\u2212"
TIMES = "\u00d7"

AnyGame = Game[Any, Any, Any]


@dataclass(frozen=True)
class Sub:
    """A column repeated for every player: its title, share of the player's width, shading."""

    title: str
    weight: float = 1.0
    fill: bool = False


RowCells = tuple[Sequence[str], Sequence[str]]
"""A table row: the cells of the leading columns, then one player's cells (repeated)."""


def players_text(game: AnyGame) -> str:
    low, high = game.players
    return f"{low} players" if low == high else f"{low} to {high} players"


def start(doc: Document, game: AnyGame, note: str) -> None:
    """A new page headed by the sheet's title, with ``note`` under it."""
    doc.new_page(f"{game.title} score sheet", note=f"{game.book} · {note}")


def date_line(doc: Document) -> None:
    """Date, class and table, each with a line to write on."""
    baseline = doc.y + 5.0
    x = doc.left
    for label, width in (("Date", 42.0), ("Class", 42.0), ("Table", 20.0)):
        doc.text_at(x, baseline, label, bold=True)
        start = x + text_width(label, 10, bold=True) + 2.0
        doc.line(start, baseline + 0.8, start + width, baseline + 0.8, 0.5)
        x = start + width + 8.0
    doc.y = baseline + 5.0


def how_to_score(doc: Document, paragraphs: Sequence[str]) -> None:
    """A ruled box: "How to score", then each paragraph as a bullet."""
    pad = 2.5
    inner = doc.width - 2 * pad
    items = [f"\u2022 {curly(p)}" for p in paragraphs]
    height = 2 * pad + text_height("How to score", 10, inner, bold=True)
    height += sum(text_height(item, RULE_TEXT, inner) for item in items)
    top = doc.y
    doc.rect(doc.left, top, doc.width, height, width=0.8)
    doc.y = top + pad
    doc.text("How to score", size=10, bold=True, x=doc.left + pad, width=inner)
    for item in items:
        doc.text(item, size=RULE_TEXT, x=doc.left + pad, width=inner)
    doc.y = top + height + GAP


def curly(text: str) -> str:
    """Straight double quotes made typographic, opening and closing in turn.

    >>> curly('He said "go" and "stop".') == "He said \u201cgo\u201d and \u201cstop\u201d."
    True
    """
    parts = text.split('"')
    return "".join(
        part + ("" if k == len(parts) - 1 else "\u201c" if k % 2 == 0 else "\u201d")
        for k, part in enumerate(parts)
    )


def caption(doc: Document, text: str) -> None:
    """A bold line introducing the block below it."""
    doc.y += 1.0
    doc.text(text, size=10, bold=True)
    doc.y += 1.0


def names_band(doc: Document, lead: float, groups: Sequence[tuple[float, float]]) -> None:
    """White cells to write the players' names in, numbered, above a table's header."""
    top, x = doc.y, doc.left
    doc.rect(x, top, lead, NAMES, fill=FILL, stroke=False)
    doc.text_at(x + 1.5, top + NAMES / 2 + SMALL * POINT * 0.36, "Names", size=SMALL, bold=True)
    for number, (gx, _) in enumerate(groups, 1):
        doc.text_at(gx + 1.2, top + 3.6, str(number), size=SMALL)
    doc.rect(x, top, lead + sum(w for _, w in groups), NAMES, width=HEAVY)
    doc.y = top + NAMES


def player_table(
    doc: Document,
    lead: Sequence[Column],
    players: int,
    subs: Sequence[Sub],
    rows: Sequence[RowCells],
    *,
    row_height: float = ROW,
    shaded: Sequence[int] = (),
    heavy_after: Sequence[int] = (),
) -> None:
    """A names band and a ruled table: ``lead`` columns, then ``subs`` for every player.

    ``shaded`` rows are filled light gray (running totals); a heavy rule follows each row
    in ``heavy_after`` (the end of a round, the book's game)."""
    x = doc.left
    lead_w = sum(c.width for c in lead)
    group = (doc.width - lead_w) / players
    weight = sum(s.weight for s in subs)
    columns = [*lead]
    for _ in range(players):
        columns += [Column(s.title, group * s.weight / weight, "center", s.fill) for s in subs]
    groups = [(x + lead_w + k * group, group) for k in range(players)]
    top = doc.y
    names_band(doc, lead_w, groups)
    body_top = doc.y + max(row_height, 7.0)
    for r in shaded:
        doc.rect(x, body_top + r * row_height, doc.width, row_height, fill=FILL, stroke=False)
    doc.table(
        columns,
        [[*cells, *(list(mine) * players)] for cells, mine in rows],
        row_height=row_height,
    )
    for gx, _ in groups:
        doc.line(gx, top, gx, doc.y, HEAVY)
    for r in heavy_after:
        y = body_top + (r + 1) * row_height
        doc.line(x, y, x + doc.width, y, 1.6)


def rows_that_fit(doc: Document, row_height: float = ROW, reserve: float = 0.0) -> int:
    """How many rows of a player table (names band and header included) fit below the
    cursor, leaving ``reserve`` mm."""
    return int((doc.bottom - doc.y - reserve - NAMES - max(row_height, 7.0)) / row_height + 1e-6)


def height_to_fill(doc: Document, rows: int, most: float = 10.5) -> float:
    """The row height (ROW to ``most`` mm, in tenths) that fills the page with ``rows`` rows."""
    fit = (doc.bottom - doc.y - NAMES) / (rows + 1)
    return max(ROW, min(most, int(fit * 10) / 10))


def blank(labels: Sequence[str], lead: int, subs: int) -> list[RowCells]:
    """Rows headed by ``labels`` in the first column, everything else left to write in."""
    return [([label, *[""] * (lead - 1)], [""] * subs) for label in labels]


def ordinal(n: int) -> str:
    """A place in words people say: 1st, 2nd, 3rd...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


UNITS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen"),
)
TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_words(n: int) -> str:
    """A whole number in words, as a bank note prints it (digits from 100 up).

    >>> number_words(30), number_words(45), number_words(7), number_words(150)
    ('thirty', 'forty-five', 'seven', '150')
    """
    if 0 <= n < 20:
        return UNITS[n]
    if 20 <= n < 100:
        tens, unit = divmod(n, 10)
        return TENS[tens - 2] + (f"-{UNITS[unit]}" if unit else "")
    return str(n)


def scene_lines(
    doc: Document, x: float, y: float, w: float, h: float, paths: Sequence[Path]
) -> None:
    """Draw paths given in mm relative to (x, y), in a w x h box."""
    doc.scene_inline(Scene(w, h, tuple(paths)), x, y)

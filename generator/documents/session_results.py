"""The filled score sheet of a finished MAT (Matrix Aptitude Test) session.

The web app knows every player's seconds on every set; this prints them as the blank
score sheet of a proctor kit (:mod:`generator.documents.matkit`) would look filled in by hand: a
heading with the session's title, the variant, the time limit and the scoring rule, then
a ruled table, one row per player sorted by place (then seat), with a column per set
(the score in seconds, and a small "wrong", "no time" or "unchecked" under a score that
is the limit because the set was not solved in time) and the total. Long tables carry
on over further pages, the header row repeated; the footer gives the time of printing
(supplied by the caller, so equal input gives byte-identical output) and "Page 1 of 2".

The printing layer takes plain data: the caller (the web app) scores the session by the
rules engine (:mod:`printables.matrix.mat`) and passes the results in.

>>> from generator.draw.layout import PAPERS
>>> results = SessionResults(
...     title="MAT, Room 12, Tuesday",
...     variant="Simultaneous",
...     time_limit=600,
...     set_labels=("Set 1", "Set 2"),
...     set_ids=("3x3-b2f0q9", "3x3-vp6pjs"),
...     players=("Ada", "Bo"),
...     scores=((95, 600), (130, 240)),
...     marks=(("", "wrong"), ("", "")),
...     totals=(695, 370),
...     places=(2, 1),
...     printed_on="2024-05-14 10:32",
... )
>>> session_scoresheet_pdf(results, PAPERS["a4"])[:5]
b'%PDF-'
>>> [row.player for row in ranked(results)]
['Bo', 'Ada']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.documents.document import FOOTER, MARGIN, Column, Document, text_height
from generator.documents.matkit import minutes
from generator.documents.scoresheet_parts import HEAVY, curly, ordinal
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import Size
from printables.matrix.mat import ranking

MAX_SETS = 10
"""Sets on one sheet (as many as a web-app session holds)."""
MARKS = {
    "wrong": "a wrong answer",
    "no time": "not finished in time",
    "unchecked": "hand raised, answer never checked",
}
"""The marks under a score that is the limit, and what they mean (the sheet's legend)."""
VARIANTS = ("Simultaneous", "Successive")

ROW = 9.0
"""mm: a row, room for a score and its mark under it."""
PAD = 1.5
"""mm between a cell's rule and its text (as in :class:`~generator.documents.document.Document`)."""
SET_PAD = 0.6
"""mm each side in a set column: narrow columns need every tenth."""
TEXT = 10.0
"""Points: places, names, scores and totals."""
SMALLEST_NAME = 7.0
"""Points: a long nickname shrinks to this, then is cut short with an ellipsis."""
MARK = 6.5
SMALLEST_MARK = 5.0
LABEL = 9.0
"""Points: a set's label in the header row (bold, as the other titles)."""
PUZZLE_ID = 6.5
SMALLEST_ID = 5.0
HEADING = 16.0
"""Points: a page's heading (:meth:`Document.new_page`)."""
FOOTER_SIZE = 7.5
ELLIPSIS = "\u2026"

PLACE_W = 13.0
TOTAL_W = 16.0
SET_W = (11.0, 30.0)
"""mm: the narrowest and widest set column."""
NAME_W = (34.0, 60.0)
"""mm: the narrowest and widest player column."""


@dataclass(frozen=True)
class SessionResults:
    """A finished session's results, players in seat order."""

    title: str  # e.g. "MAT, Room 12, Tuesday"
    variant: str  # "Simultaneous" or "Successive" (any case)
    time_limit: int  # seconds per set
    set_labels: tuple[str, ...]  # e.g. ("Set 1", "Set 2")
    set_ids: tuple[str, ...]  # puzzle ids, printed small under the labels ("" for none)
    players: tuple[str, ...]  # nicknames, in seat order
    scores: tuple[tuple[int, ...], ...]  # scores[player][set], seconds
    marks: tuple[tuple[str, ...], ...]  # marks[player][set]: "" solved in time, or a MARKS key
    totals: tuple[int, ...]
    places: tuple[int, ...]  # 1 = best; equal totals share a place
    printed_on: str  # printed in the footer

    def __post_init__(self) -> None:
        if self.variant.capitalize() not in VARIANTS:
            raise ValueError(f"{self.variant!r} is not a MAT variant; expected {VARIANTS}")
        if not 1 <= self.time_limit <= 3600:
            raise ValueError(f"the time limit must be 1 to 3600 seconds, not {self.time_limit}")
        sets = len(self.set_labels)
        if not 1 <= sets <= MAX_SETS:
            raise ValueError(f"a score sheet has 1 to {MAX_SETS} sets, not {sets}")
        if len(self.set_ids) != sets:
            raise ValueError(f"{len(self.set_ids)} puzzle ids for {sets} sets")
        if not self.players:
            raise ValueError("a score sheet needs at least one player")
        players = len(self.players)
        for name, values in (
            ("scores", self.scores),
            ("marks", self.marks),
            ("totals", self.totals),
            ("places", self.places),
        ):
            if len(values) != players:
                raise ValueError(f"{len(values)} rows of {name} for {players} players")
        for player, scores, marks, total in zip(
            self.players, self.scores, self.marks, self.totals, strict=True
        ):
            if len(scores) != sets or len(marks) != sets:
                raise ValueError(f"{player}: a score and a mark for each of the {sets} sets")
            for label, score, mark in zip(self.set_labels, scores, marks, strict=True):
                if not 0 <= score <= self.time_limit:
                    raise ValueError(
                        f"{player}, {label}: {score} s is not 0 to the limit ({self.time_limit} s)"
                    )
                if mark and mark not in MARKS:
                    raise ValueError(
                        f"{player}, {label}: {mark!r} is not a mark; expected '' or {list(MARKS)}"
                    )
                if mark and score != self.time_limit:
                    raise ValueError(
                        f"{player}, {label}: marked {mark!r}, so it scores the limit "
                        f"({self.time_limit} s), not {score}"
                    )
            if total != sum(scores):
                raise ValueError(f"{player}: the total is {sum(scores)}, not {total}")
        if tuple(self.places) != ranking(self.totals):
            raise ValueError(
                f"the places {self.places} do not follow the totals: expected "
                f"{ranking(self.totals)} (the lowest total first, ties sharing a place)"
            )


@dataclass(frozen=True)
class Row:
    """One player's line on the sheet."""

    seat: int  # 0-based
    player: str
    place: int
    scores: tuple[int, ...]
    marks: tuple[str, ...]
    total: int


def ranked(results: SessionResults) -> list[Row]:
    """The players' rows in the sheet's order: by place, then seat."""
    rows = [
        Row(seat, *cells)
        for seat, cells in enumerate(
            zip(
                results.players,
                results.places,
                results.scores,
                results.marks,
                results.totals,
                strict=True,
            )
        )
    ]
    return sorted(rows, key=lambda row: (row.place, row.seat))


def fit(
    text: str, width: float, size: float, smallest: float, bold: bool = False
) -> tuple[str, float]:
    """``text`` and the size to print it in ``width`` mm: ``size`` points if it fits, else
    shrunk (to a tenth of a point) down to ``smallest``, else cut short with an ellipsis.

    >>> fit("Ada", 20, 10, 7)
    ('Ada', 10)
    >>> fit("Alexandra", 15, 10, 7)
    ('Alexandra', 8.3)
    >>> fit("Alexandra Montgomery-Smythe", 15, 10, 7)
    ('Alexandra\u2026', 7)
    """
    wide = text_width(text, size, bold)
    if wide <= width:
        return text, size
    shrunk = math.floor(size * width / wide * 10) / 10
    if shrunk >= smallest:
        return text, shrunk
    cut = text
    while cut and text_width(cut.rstrip() + ELLIPSIS, smallest, bold) > width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS, smallest


@dataclass(frozen=True)
class Widths:
    """The table's columns, in mm."""

    place: float
    name: float
    set: float
    total: float


def widths(results: SessionResults, room: float) -> Widths:
    """Columns for ``room`` mm: sets as wide as the names leave (11 to 30 mm), names as wide
    as the longest (34 to 60 mm; longer ones shrink or are cut short).

    >>> few = SessionResults("T", "Successive", 600, ("Set 1",), ("",), ("Ada",), ((95,),),
    ...                      (("",),), (95,), (1,), "today")
    >>> w = widths(few, 180.0)
    >>> w.set, w.name
    (30.0, 60.0)
    """
    sets = len(results.set_labels)
    rest = room - PLACE_W - TOTAL_W
    wanted = max(text_width(p, TEXT, bold=True) for p in results.players) + 2 * PAD
    wanted = min(max(wanted, NAME_W[0]), NAME_W[1])
    narrowest = min(SET_W[0], (rest - NAME_W[0]) / sets)
    set_w = min(max((rest - wanted) / sets, narrowest), SET_W[1])
    set_w = math.floor(set_w * 10) / 10
    name_w = min(rest - sets * set_w, NAME_W[1])
    return Widths(PLACE_W, name_w, set_w, TOTAL_W)


class _Sheet(Document):
    """A :class:`Document` whose footer names the sheet, gives the time of printing and
    "Page 1 of 2" (the number of pages is planned before the first page ends)."""

    def __init__(self, paper: Size, title: str, printed_on: str) -> None:
        name = f"MAT score sheet: {title}"
        super().__init__(paper, name, subject="Matrix Aptitude Test, 4D Playing Cards")
        self.printed = f" \u00b7 printed {printed_on}"
        self.pages = 0

    def _end_page(self) -> None:
        if not 1 <= self.page <= self.pages:
            raise AssertionError(f"page {self.page} of a sheet planned for {self.pages}")
        mark = f"Page {self.page} of {self.pages}"
        # A long title is cut short in the footer; when the sheet was printed never is.
        room = self.width - text_width(mark + self.printed, FOOTER_SIZE) - 6.0
        name, _ = fit(self.footer, room, FOOTER_SIZE, FOOTER_SIZE)
        baseline = self.paper.height - FOOTER  # as Document's footer, measured from the top
        self.text_at(self.left, baseline, name + self.printed, size=FOOTER_SIZE)
        self.text_at(self.left + self.width, baseline, mark, size=FOOTER_SIZE, anchor="end")
        self.pdf.end_page()
        self._open = False


def _columns(results: SessionResults, w: Widths) -> list[Column]:
    return [
        Column("Place", w.place, "center", fill=True),
        Column("Player", w.name),
        *(Column("", w.set, "center") for _ in results.set_labels),
        Column("Total", w.total, "center", fill=True),
    ]


def _set_headers(
    results: SessionResults, w: Widths
) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
    """Each set's label, and puzzle id to print under it, as they fit their column: (text,
    points) pairs. When any id would have to be cut short, none is printed there (the
    heading lists them all instead)."""
    room = w.set - 2 * SET_PAD
    labels = [fit(label, room, LABEL, 6.0, bold=True) for label in results.set_labels]
    ids = [fit(i, room, PUZZLE_ID, SMALLEST_ID) for i in results.set_ids]
    if any(text != whole for (text, _), whole in zip(ids, results.set_ids, strict=True)):
        ids = [("", PUZZLE_ID) for _ in ids]
    return labels, ids


def _heading(doc: Document, results: SessionResults, list_ids: bool) -> None:
    variant = results.variant.capitalize()
    limit = results.time_limit
    sets, players = len(results.set_labels), len(results.players)
    doc.new_page(results.title, note="Matrix Aptitude Test (MAT), 4D Playing Cards: results")
    doc.text(
        f"MAT {variant} \u00b7 {sets} set{'s' * (sets != 1)} \u00b7 {players} "
        f"player{'s' * (players != 1)} \u00b7 time limit per set {limit} s ({minutes(limit)})",
        size=11,
        bold=True,
    )
    doc.y += 1.0
    doc.text(
        f"A set scores the whole seconds to a right answer; unfinished and wrong answers "
        f"score the limit ({limit} s); the lowest total wins, and equal totals share a place."
    )
    used = [m for m in MARKS if any(m in marks for marks in results.marks)]
    if used:
        doc.text(
            curly(
                "Marks under a score: "
                + ", ".join(f'"{m}" ({MARKS[m]})' for m in used)
                + f"; {'each scores' if len(used) > 1 else 'it scores'} the limit."
            ),
            size=9,
        )
    if list_ids:
        named = [
            f"{label} {puzzle}"
            for label, puzzle in zip(results.set_labels, results.set_ids, strict=True)
            if puzzle
        ]
        doc.text("Puzzle ids: " + "; ".join(named) + ".", size=9)
    doc.y += 3.0


def _header_row(
    doc: Document,
    x: float,
    top: float,
    w: Widths,
    labels: Sequence[tuple[str, float]],
    ids: Sequence[tuple[str, float]],
) -> None:
    """The sets' labels (and puzzle ids under them) in the header row the table drew."""
    with_ids = any(text for text, _ in ids)
    for k, ((label, size), (puzzle, small)) in enumerate(zip(labels, ids, strict=True)):
        centre = x + w.place + w.name + (k + 0.5) * w.set
        if with_ids:
            doc.text_at(centre, top + 3.9, label, size=size, bold=True, anchor="middle")
            doc.text_at(centre, top + 7.3, puzzle, size=small, anchor="middle")
        else:
            baseline = top + ROW / 2 + size * POINT * 0.36
            doc.text_at(centre, baseline, label, size=size, bold=True, anchor="middle")


def _body_row(doc: Document, x: float, top: float, w: Widths, row: Row) -> None:
    """One player's place, name, scores (marks under them) and total."""
    baseline = top + 5.0
    first = row.place == 1
    doc.text_at(x + w.place / 2, baseline, ordinal(row.place), bold=first, anchor="middle")
    name, size = fit(row.player, w.name - 2 * PAD, TEXT, SMALLEST_NAME, bold=first)
    doc.text_at(x + w.place + PAD, baseline, name, size=size, bold=first)
    room = w.set - 2 * SET_PAD
    for k, (score, mark) in enumerate(zip(row.scores, row.marks, strict=True)):
        centre = x + w.place + w.name + (k + 0.5) * w.set
        doc.text_at(centre, baseline, str(score), anchor="middle")
        if mark:
            text, small = fit(mark, room, MARK, SMALLEST_MARK)
            doc.text_at(centre, top + 7.9, text, size=small, anchor="middle")
    right = x + w.place + w.name + len(row.scores) * w.set
    doc.text_at(right + w.total / 2, baseline, str(row.total), bold=True, anchor="middle")


def _rows_that_fit(doc: Document, y: float) -> int:
    return int((doc.bottom - y - ROW) / ROW + 1e-6)


def _continued(results: SessionResults) -> str:
    return f"{results.title} (continued)"


def session_scoresheet_pdf(results: SessionResults, paper: Size) -> bytes:
    """The session's filled score sheet as a PDF on ``paper``."""
    doc = _Sheet(paper, results.title, results.printed_on)
    w = widths(results, doc.width)
    columns = _columns(results, w)
    labels, ids = _set_headers(results, w)
    _heading(doc, results, list_ids=any(results.set_ids) and not any(t for t, _ in ids))

    # Plan the pages (the footer says how many) before drawing the first row.
    rows = ranked(results)
    first = _rows_that_fit(doc, doc.y)
    continued_top = MARGIN + text_height(_continued(results), HEADING, doc.width, True) + 3.0
    later = _rows_that_fit(doc, continued_top)
    if first < 1 or later < 1:
        raise ValueError("the heading leaves no room for the table: shorten the title")
    doc.pages = 1 + math.ceil(max(0, len(rows) - first) / later)

    start = 0
    while start < len(rows):
        if start:
            doc.new_page(_continued(results))
            assert abs(doc.y - continued_top) < 1e-9, "the plan is the page"
        chunk = rows[start : start + (later if start else first)]
        top = doc.y
        doc.table(columns, [[""] * len(columns)] * len(chunk), row_height=ROW, size=TEXT)
        x = doc.left
        _header_row(doc, x, top, w, labels, ids)
        for r, row in enumerate(chunk):
            _body_row(doc, x, top + ROW * (r + 1), w, row)
        # Heavy rules set the scores apart from who the player is and from the total.
        for edge in (x + w.place + w.name, x + w.place + w.name + len(labels) * w.set):
            doc.line(edge, top, edge, doc.y, HEAVY)
        start += len(chunk)
    if doc.page != doc.pages:
        raise AssertionError(f"{doc.page} pages printed, {doc.pages} planned")
    return doc.finish()

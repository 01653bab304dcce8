"""The PDF a teacher prints and hands back: a summary of the class first, then each
pupil's pages, the scan drawn upright with every answer's verdict printed beside it.

- The summary (:func:`draw_summary`): how many sheets and pages were graded, the pages
  not graded and why, the sheets that miss a page, the marks still waiting for the
  teacher (the PDF is then provisional), and a chart of the share of pupils who answered
  each puzzle right, one bar a puzzle in the order printed: black bars on a gray track,
  each with its count written beside it, so a gray-scale printer loses nothing.
- A pupil's page (:func:`draw_page`): the pupil's label and total at the top, the scan
  reduced to leave a column at its right where, level with each puzzle's answer area (the
  rectangle holding its boxes), a mark says the verdict (a tick: right; a cross: wrong; a
  dash: blank; "?": waiting for the teacher), then the verdict in words and its reasons.

Everything is drawn in the page's house style (:class:`~generator.documents.Document`):
15 mm margins, black and grays on white, on the paper the sheets were printed on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.documents.document import FILL, Document, text_height
from generator.draw.fonts import POINT, text_width, wrap
from generator.draw.layout import PAPERS, Size
from generator.draw.scene import Path, Scene, Text
from generator.scan.layout import PageLayout, Rect
from grading.answers import PuzzleResult
from grading.mat_answers import TurnResult
from grading.mat_scores import turn_score
from grading.sheets import Grading, PageResult, Sheet

TITLE = "Answer sheets returned"
FOOTER = "Printables: answer sheets returned with their verdicts"
COLUMN = 54.0
"""mm: the verdict column at the right of a pupil's page."""
GUTTER = 5.0
"""mm between the scan and the verdict column (a bracket there spans each answer area)."""
MARK = 7.0
"""mm: a verdict's mark (tick, cross, dash, "?")."""
TEXT_W = COLUMN - MARK - 2.0
"""mm: a verdict's words and reasons, beside its mark."""
VERDICT_SIZE = 11.0
REASON_SIZE = 8.5
HANG = 2.5
"""mm: a reason's next lines are set in by this much, so each reason stands apart."""
LEADING = 1.25
BLOCK_GAP = 3.0
"""mm kept between two verdicts in the column."""
CROP = 2.0
"""mm of the scan kept around everything printed on the sheet (its corner marks)."""
WORDS = {"right": "right", "wrong": "wrong", "blank": "blank",
         "review": "waiting for the teacher"}  # fmt: skip
"""A verdict in words, under its mark."""
BAR = "#000000"
TRACK = FILL
CHART_ROW = 12.0
"""mm: one puzzle's row in the chart."""
LABEL_W = 36.0
COUNT_SIZE = 10.0


def returned_pdf(grading: Grading) -> bytes:
    """The whole PDF: the summary, then every graded page, sheet by sheet in the pile's
    order and each sheet's pages in their order."""
    doc = Document(paper_of(grading), TITLE, footer=FOOTER)
    draw_summary(doc, grading)
    numbers = {puzzle: k for k, puzzle in enumerate(grading.puzzles, 1)}
    for sheet in grading.sheets:
        for number in sorted(sheet.pages):
            draw_page(doc, grading, sheet, number, numbers)
    return doc.finish()


def paper_of(grading: Grading) -> Size:
    """The paper the sheets were printed on (the first graded page's); Letter when no
    page was graded."""
    for sheet in grading.sheets:
        for page in sheet.pages.values():
            return PAPERS.get(page.code.paper, PAPERS["letter"])
    return PAPERS["letter"]


# -- the summary ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PuzzleCount:
    """How a puzzle went for the class: its number as printed, how many pupils' answers
    to it were graded, how many are right and how many wait for the teacher."""

    number: int
    puzzle: str
    right: int
    graded: int
    waiting: int

    @property
    def share(self) -> float:
        return self.right / self.graded if self.graded else 0.0

    @property
    def text(self) -> str:
        """The count written beside the bar: ``2 of 3 right (67 %)``."""
        return f"{self.right} of {self.graded} right ({round(100 * self.share)} %)"

    @property
    def note(self) -> str:
        """What is written under the count: how many answers wait for the teacher."""
        return f"{self.waiting} waiting for the teacher" if self.waiting else ""


def puzzle_counts(grading: Grading) -> list[PuzzleCount]:
    """Every puzzle's count, in the order printed."""
    counts = []
    for number, puzzle in enumerate(grading.puzzles, 1):
        results = [p for s in grading.sheets for p in s.puzzles if p.puzzle == puzzle]
        counts.append(PuzzleCount(number, puzzle, sum(p.right for p in results), len(results),
                                  sum(p.status == "review" for p in results)))  # fmt: skip
    return counts


def draw_summary(doc: Document, grading: Grading) -> None:
    """The class's summary page(s)."""
    doc.continued = (f"{TITLE}: the class (continued)", False)
    doc.new_page(f"{TITLE}: the class")
    sheets, pages = len(grading.sheets), grading.pages
    doc.text(f"{sheets} sheet{'s' * (sheets != 1)} and {pages} page{'s' * (pages != 1)} "
             f"graded; each pupil's pages follow this summary.", size=11)  # fmt: skip
    waiting = len(grading.reviews)
    if waiting:
        _provisional(doc, waiting)
    missing = [s for s in grading.sheets if s.missing]
    if grading.problems or missing:
        doc.y += 2.0
        _heading(doc, "Pages not graded")
        for problem in grading.problems:
            _bullet(doc, f"{problem.where}: {problem.problem}.")
        for sheet in missing:
            _bullet(doc, f"{sheet.label}: {pages_named(sheet.missing)} of {sheet.of} missing; "
                         f"{'its' if len(sheet.missing) == 1 else 'their'} puzzles are not "
                         f"graded.")  # fmt: skip
    counts = puzzle_counts(grading)
    if counts:
        doc.y += 3.0
        doc.ensure(12.0 + 2 * CHART_ROW)
        _heading(doc, "Which puzzles the class found hard")
        doc.text("Each bar is the share of pupils who answered the puzzle right, in the order "
                 "the puzzles are printed: the shorter the bar, the harder the puzzle.",
                 size=9)  # fmt: skip
        doc.y += 2.0
        draw_chart(doc, counts)


def pages_named(numbers: Sequence[int]) -> str:
    """Page numbers as a sentence says them.

    >>> pages_named([2]), pages_named([2, 3]), pages_named([1, 3, 4])
    ('page 2', 'pages 2 and 3', 'pages 1, 3 and 4')
    """
    if len(numbers) == 1:
        return f"page {numbers[0]}"
    *first, last = numbers
    return f"pages {', '.join(map(str, first))} and {last}"


def _provisional(doc: Document, waiting: int) -> None:
    """The box saying the verdicts are not final."""
    text = (f"{waiting} mark{'s wait' if waiting != 1 else ' waits'} for your decision "
            f"(review.csv). The verdicts marked \"?\" may change: print this again "
            f"once you have decided.")  # fmt: skip
    pad = 2.5
    height = 11 * POINT * LEADING + text_height(text, 10, doc.width - 2 * pad) + 2 * pad
    doc.y += 2.0
    doc.ensure(height)
    top = doc.y
    doc.rect(doc.left, top, doc.width, height, fill=FILL, width=1.5)
    doc.y = top + pad
    doc.text("Provisional", size=11, bold=True, x=doc.left + pad, width=doc.width - 2 * pad)
    doc.text(text, size=10, x=doc.left + pad, width=doc.width - 2 * pad)
    doc.y = top + height + 2.0


def _heading(doc: Document, text: str) -> None:
    doc.ensure(14 * POINT * LEADING + 10.0)
    doc.text(text, size=14, bold=True)
    doc.y += 1.0


def _bullet(doc: Document, text: str) -> None:
    indent = 5.0
    height = text_height(text, 10, doc.width - indent)
    doc.ensure(height)
    doc.text_at(doc.left + 1.0, doc.y + 10 * POINT, "-", size=10)
    doc.text(text, size=10, x=doc.left + indent, width=doc.width - indent)


def draw_chart(doc: Document, counts: Sequence[PuzzleCount]) -> None:
    """One bar a puzzle: its number and id at the left, the share right as a black bar
    on a gray track (the whole class), the count at the bar's end; a scale below."""
    count_w = max(max(text_width(c.text, COUNT_SIZE, bold=True), text_width(c.note, 8))
                  for c in counts) + 4.0  # fmt: skip
    track_x = doc.left + LABEL_W
    track_w = doc.width - LABEL_W - count_w
    bar_h = 7.0
    for count in counts:
        doc.ensure(CHART_ROW + 8.0)
        top = doc.y
        label_base = top + (CHART_ROW - bar_h) / 2 + 3.6
        doc.text_at(doc.left, label_base, f"Puzzle {count.number}", size=11, bold=True)
        doc.text_at(doc.left, label_base + 4.2, count.puzzle, size=8.5)
        bar_top = top + (CHART_ROW - bar_h) / 2
        doc.rect(track_x, bar_top, track_w, bar_h, fill=TRACK, width=0.5)
        if count.right:
            doc.pdf.rect(track_x, bar_top, track_w * count.share, bar_h, fill=BAR, stroke=False)
        count_base = bar_top + bar_h / 2 + COUNT_SIZE * POINT * 0.36
        if count.note:
            count_base -= 1.6
            doc.text_at(track_x + track_w + 4.0, count_base + 3.8, count.note, size=8)
        doc.text_at(track_x + track_w + 4.0, count_base, count.text, size=COUNT_SIZE,
                    bold=True)  # fmt: skip
        doc.y = top + CHART_ROW
    base = doc.y + 1.0
    doc.line(track_x, base, track_x + track_w, base, 0.5)
    for share in (0.0, 0.5, 1.0):
        x = track_x + track_w * share
        doc.line(x, base, x, base + 1.5, 0.5)
        doc.text_at(x, base + 5.0, f"{round(share * 100)} %", size=9, anchor="middle")
    doc.y = base + 7.0


# -- a pupil's page ------------------------------------------------------------------------


def area_of(layout: PageLayout, puzzle: str) -> Rect:
    """A puzzle's answer area: the rectangle holding its boxes (mm on the sheet)."""
    boxes = [b.rect for b in layout.boxes if b.puzzle == puzzle]
    x0, y0 = min(r.x for r in boxes), min(r.y for r in boxes)
    x1, y1 = max(r.right for r in boxes), max(r.bottom for r in boxes)
    return Rect.of(x0, y0, x1 - x0, y1 - y0)


def printed_area(layout: PageLayout) -> Rect:
    """The part of the sheet worth showing: everything printed on it (its corner marks
    hold the rest) and :data:`CROP` mm around, inside the paper."""
    rects = [b.rect for b in layout.boxes]
    x0 = max(0.0, min(r.x for r in rects) - CROP)
    y0 = max(0.0, min(r.y for r in rects) - CROP)
    x1 = min(layout.width, max(r.right for r in rects) + CROP)
    y1 = min(layout.height, max(r.bottom for r in rects) + CROP)
    return Rect.of(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Placed:
    """Where a sheet's part lands on the returned page: ``x``, ``y`` the returned page's
    point (mm) of the sheet's ``shown`` rectangle's top-left, ``scale`` returned mm a
    sheet mm."""

    shown: Rect
    x: float
    y: float
    scale: float

    def at(self, x: float, y: float) -> tuple[float, float]:
        """A sheet point (mm) on the returned page."""
        return (self.x + (x - self.shown.x) * self.scale,
                self.y + (y - self.shown.y) * self.scale)  # fmt: skip


def place_scan(doc: Document, layout: PageLayout) -> Placed:
    """The scan's place on a pupil's page: below the heading, as large as the page leaves
    room beside the verdict column."""
    shown = printed_area(layout)
    room_w = doc.width - COLUMN - GUTTER
    room_h = doc.bottom - doc.y
    scale = min(room_w / shown.w, room_h / shown.h)
    return Placed(shown, doc.left, doc.y, scale)


@dataclass
class Verdict:
    """One puzzle's verdict as drawn in the column: the lines of its words and reasons,
    where its area lies on the returned page (``area_top``, ``area_bottom``) and where
    the block is put (``top``)."""

    result: PuzzleResult
    title: list[str]
    reasons: list[str]
    area_top: float
    area_bottom: float
    top: float = 0.0

    @property
    def height(self) -> float:
        words = len(self.title) * VERDICT_SIZE * POINT * LEADING
        return max(MARK, words) + len(self.reasons) * REASON_SIZE * POINT * LEADING


def reason_lines(result: PuzzleResult, width: float) -> list[str]:
    """A verdict's reasons (and the teacher's questions while it waits), wrapped; a
    reason's next lines start with a tab (drawn indented by :data:`HANG`)."""
    texts = list(result.reasons) + [r.question for r in result.reviews]
    if isinstance(result, TurnResult):  # a MAT form's turn: its time and its score
        score = turn_score(result)
        shown = "waits" if score.score is None else f"{score.score}"
        texts.insert(0, f"{' '.join(result.time_reasons)} Score: {shown} ({score.reason}).")
    lines: list[str] = []
    for text in texts:
        first, *rest = wrap(text, REASON_SIZE, width)
        if rest:
            rest = wrap(" ".join(rest), REASON_SIZE, width - HANG)
        lines += [first, *(f"\t{line}" for line in rest)]
    return lines


def settle(verdicts: list[Verdict], top: float, bottom: float) -> None:
    """Put each verdict level with its area, pushed down below the one before and up
    above the page's ``bottom``. A right answer's reasons (why it is right) are cut to
    leave the next verdict level with its own area; when the column is still too short
    for all, the longest reasons are cut. A cut's last line says how many are left out."""
    for k, v in enumerate(verdicts):
        if v.result.status != "right":
            continue
        below = verdicts[k + 1].area_top if k + 1 < len(verdicts) else bottom
        while v.height > below - BLOCK_GAP - v.area_top and len(v.reasons) > 1:
            _cut(v)

    def total() -> float:
        return sum(v.height for v in verdicts) + BLOCK_GAP * (len(verdicts) - 1)

    while verdicts and total() > bottom - top:
        longest = max(verdicts, key=lambda v: len(v.reasons))
        if len(longest.reasons) <= 1:
            break
        _cut(longest)
    floor = top
    for v in verdicts:
        v.top = max(v.area_top, floor)
        floor = v.top + v.height + BLOCK_GAP
    ceiling = bottom
    for v in reversed(verdicts):
        v.top = max(top, min(v.top, ceiling - v.height))
        ceiling = v.top - BLOCK_GAP


def _cut(v: Verdict) -> None:
    """One line fewer of ``v``'s reasons, the last saying how many are left out."""
    full = reason_lines(v.result, TEXT_W)
    keep = len(v.reasons) - 2
    v.reasons = [*full[:keep], f"... {len(full) - keep} more line{'s' * (len(full) - keep > 1)}"]


def draw_page(
    doc: Document, grading: Grading, sheet: Sheet, number: int, numbers: dict[str, int]
) -> None:
    """One pupil's page ``number``, with its verdicts."""
    page = sheet.pages[number]
    results = sheet.puzzles
    heading = f"{sheet.label}: {sheet.right} of {len(results)} right"
    notes = []
    if sheet.missing:
        one = len(sheet.missing) == 1
        notes.append(f"{pages_named(sheet.missing).capitalize()} of {sheet.of} "
                     f"{'is' if one else 'are'} missing: {'its' if one else 'their'} puzzles "
                     f"are not counted.")  # fmt: skip
    waiting = sum(p.status == "review" for p in results)
    if waiting:
        notes.append(f"Provisional: {waiting} answer{'s wait' if waiting != 1 else ' waits'} "
                     f"for the teacher.")  # fmt: skip
    doc.continued = (heading, False)
    doc.new_page(heading, note=" ".join(notes),
                 aside=f"Sheet {sheet.number}, page {number} of {sheet.of}")  # fmt: skip
    layout = page.layout
    placed = place_scan(doc, layout)
    _draw_scan(doc, grading, page, placed)
    column_x = doc.left + doc.width - COLUMN
    verdicts = []
    for result in page.puzzles:
        area = area_of(layout, result.puzzle)
        _, top = placed.at(area.x, area.y)
        _, bottom = placed.at(area.x, area.bottom)
        name = (f"Set {result.set_number}" if isinstance(result, TurnResult)
                else f"Puzzle {numbers.get(result.puzzle, '')}")  # fmt: skip
        title = wrap(f"{name}: {WORDS[result.status]}", VERDICT_SIZE, TEXT_W, bold=True)
        verdicts.append(Verdict(result, title, reason_lines(result, TEXT_W), top, bottom))
    verdicts.sort(key=lambda v: v.area_top)
    settle(verdicts, placed.y, doc.bottom)
    for v in verdicts:
        bracket_x = column_x - GUTTER / 2
        doc.line(bracket_x, v.area_top, bracket_x, v.area_bottom, 1.2)
        for y in (v.area_top, v.area_bottom):
            doc.line(bracket_x - 1.5, y, bracket_x, y, 1.2)
        if abs(v.top - v.area_top) > 0.5:  # pushed off its area's level: a leader to it
            doc.line(bracket_x, v.area_top, column_x, v.top + MARK / 2, 0.5)
        _draw_verdict(doc, v, column_x)


def _draw_scan(doc: Document, grading: Grading, page: PageResult, placed: Placed) -> None:
    """The page drawn upright, cut to what is printed on it, in a thin frame."""
    layout = page.layout
    shown, s = placed.shown, placed.scale
    frame = (placed.x, placed.y, shown.w * s, shown.h * s)
    picture = grading.page_images.get(page.key)
    if picture is not None:
        x, y = placed.at(0.0, 0.0)
        doc.image(picture, x, y, layout.width * s, layout.height * s, clip=frame)
    else:
        doc.text_at(placed.x + 3.0, placed.y + 8.0, "The scan of this page is not kept:",
                    size=10)  # fmt: skip
        doc.text_at(placed.x + 3.0, placed.y + 13.0, "grade the scan again to see it.",
                    size=10)  # fmt: skip
    doc.rect(*frame, width=0.5)


def _draw_verdict(doc: Document, v: Verdict, x: float) -> None:
    """A verdict's mark, its words and its reasons, from (x, v.top)."""
    doc.scene_inline(mark(v.result.status), x, v.top)
    text_x = x + MARK + 2.0
    line = VERDICT_SIZE * POINT * LEADING
    y = v.top
    for k, part in enumerate(v.title):
        doc.text_at(text_x, y + VERDICT_SIZE * POINT + k * line, part, size=VERDICT_SIZE,
                    bold=True)  # fmt: skip
    y += max(MARK, len(v.title) * line)
    small = REASON_SIZE * POINT * LEADING
    for k, part in enumerate(v.reasons):
        x_at = text_x + HANG if part.startswith("\t") else text_x
        doc.text_at(x_at, y + REASON_SIZE * POINT + k * small, part.lstrip("\t"),
                    size=REASON_SIZE)  # fmt: skip


def mark(status: str) -> Scene:
    """A verdict's mark, :data:`MARK` mm square: a tick (right), a cross (wrong), a dash
    (blank), or "?" in a ring (waiting for the teacher)."""
    m, pen = MARK, 0.9

    def stroke(*points: tuple[float, float]) -> Path:
        return Path(tuple(points), stroke="#000000", width=pen, closed=False, cap="round")

    if status == "right":
        items: tuple[Path | Text, ...] = (stroke((0.1 * m, 0.55 * m), (0.4 * m, 0.85 * m),
                                          (0.92 * m, 0.12 * m)),)  # fmt: skip
    elif status == "wrong":
        items = (stroke((0.15 * m, 0.15 * m), (0.85 * m, 0.85 * m)),
                 stroke((0.85 * m, 0.15 * m), (0.15 * m, 0.85 * m)))  # fmt: skip
    elif status == "blank":
        items = (stroke((0.15 * m, 0.5 * m), (0.85 * m, 0.5 * m)),)
    else:
        turns = [2 * math.pi * k / 32 for k in range(32)]
        ring = tuple((0.5 * m + 0.46 * m * math.cos(t), 0.5 * m + 0.46 * m * math.sin(t))
                     for t in turns)  # fmt: skip
        items = (Path(ring, stroke="#000000", width=0.5, closed=True),
                 Text(0.5 * m, 0.78 * m, "?", 15.0, anchor="middle", bold=True))  # fmt: skip
    return Scene(m, m, items)

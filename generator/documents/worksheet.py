"""Worksheets: puzzles to solve on paper, then their answer key on separate pages.

Each puzzle is printed by its kind's design (:func:`puzzle_design`): its cards (Matrix:
small real cards with their names; Costly Tricks: the hands as a bridge diagram), room for
the answer, its id and, given the web app's address, a QR code of its checking page
(``<base-url>/check/<id>``).

Puzzles are packed up to a fixed number to a page (as many as fit with cards still large
enough to read, unless the teacher chooses), spread evenly over as few pages as hold them,
each page headed with Name and Date lines. The key
starts on a new page under a gray banner, so it is told apart at a glance, or goes to a
file of its own (:attr:`Worksheet.key_pdf`), so the students' pages can be printed thirty
times and the key once.

A scannable worksheet (:attr:`WorksheetOptions.scannable`, Matrix and question puzzles)
adds answer pages after the puzzles' pages: boxes to fill that a scan can read, each
page's layout attached to the PDF (:mod:`generator.scan`). With a roster
(:attr:`WorksheetOptions.pupils`) the puzzle pages are printed once (to copy) and the
answer pages once a pupil, each with the pupil's name printed and coded.

Adding a kind's worksheet is one blocks module and one line in :data:`PUZZLE_DESIGNS`
(a question kind needs none).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any

from generator.documents import question_blocks
from generator.documents.blocks import (
    PREFACE,
    BlockPlan,
    PuzzleDesign,
    check_url,
    id_list,
    prepare_qr,
)
from generator.documents.document import MARGIN, Document
from generator.draw.fonts import register
from generator.draw.layout import Size
from generator.scan.areas import SCANNABLE
from generator.scan.layout import Pupil, SheetLayout
from printables.puzzles import get_kind, kind_of
from printables.questions.base import QuestionKind

PUZZLE_DESIGNS: dict[str, str] = {
    "matrix": "generator.documents.matrix_blocks",
    "costly-tricks": "generator.documents.costly_tricks_blocks",
}
"""The module whose ``DESIGN`` prints each puzzle kind, by kind key (every question kind
by :func:`question_blocks.design`): imported when a sheet of that kind is printed."""


@cache
def puzzle_design(key: str) -> PuzzleDesign:
    """How the kind ``key``'s puzzles are printed, loading that kind's design alone."""
    if key in PUZZLE_DESIGNS:
        design: PuzzleDesign = import_module(PUZZLE_DESIGNS[key]).DESIGN
        return design
    kind = get_kind(key)
    if not isinstance(kind, QuestionKind):
        raise WorksheetError(f"{kind.title} puzzles have no worksheet design")
    return question_blocks.design(kind)


def prepare(key: str, ids: Sequence[str], base_url: str | None) -> None:
    """Make ready ahead what a worksheet of the kind ``key`` draws whatever its puzzles
    turn out to be, given their ids (while the puzzles are made in other processes: see
    :func:`generator.parallel.puzzles_of`): this module and the kind's design loaded, the
    fonts read and, given the web app's address, the QR codes of the checking pages."""
    puzzle_design(key)
    register()
    if base_url is not None:
        for puzzle_id in ids:
            prepare_qr(check_url(base_url, puzzle_id))


NAME_LINE = "Name: ______________________   Date: ____________"
"""On every student page, at the heading's right."""
DENSE_SCALE = 0.65
"""The smallest cards (as a share of the usual small card) a worksheet packs to by
default: a 3x3 set four to a page, a 5x5 set two (11 x 15 mm and larger: each pattern
still plain, the names printed below)."""
MOST_PER_PAGE = 8


@dataclass(frozen=True)
class WorksheetOptions:
    """What a teacher chooses when printing a worksheet (the title defaults to the kind's:
    "Matrix puzzles"). Without a ``base_url`` the puzzles have no QR codes; without
    ``per_page``, as many fit a page as leave the cards readable. A ``scannable`` sheet
    has answer pages to fill and scan (:data:`SCANNABLE` kinds); given a roster's
    ``pupils``, a set of answer pages each, their name printed and coded."""

    paper: Size
    base_url: str | None = None
    key: bool = True
    title: str = ""
    per_page: int | None = None
    scannable: bool = False
    pupils: tuple[Pupil, ...] = ()


SCAN_NOTE = "Then mark each answer on the answer sheet at the end, which is graded from a scan."
"""After a scannable sheet's instructions: where the answers that count go."""
NAMED_NOTE = (
    "Then mark each answer on the answer sheet with your name, which is graded from a scan."
)
"""The same, on the puzzle pages of a sheet printed with a roster (copied for the class)."""


@dataclass(frozen=True)
class Worksheet:
    """A printed worksheet: the PDF (the students' pages, then the key's unless it is
    apart), the key on its own when asked for, and how the pages divide: how many puzzles
    each student page holds (the puzzle pages'; a scannable sheet's answer pages follow
    them and are counted in ``student_pages``), and a scannable sheet's layout (attached
    to ``pdf``)."""

    pdf: bytes
    key_pdf: bytes | None
    student_pages: int
    key_pages: int
    counts: tuple[int, ...]
    layout: SheetLayout | None = None

    @property
    def per_page(self) -> int:
        """How many puzzles the first page holds."""
        return self.counts[0]


class WorksheetError(ValueError):
    """Puzzles that cannot be printed as asked; the message says what can be."""


def worksheet_pdf(puzzles: Sequence[Any], options: WorksheetOptions) -> bytes:
    """The worksheet (and, unless ``options.key`` is off, its answer key) as one PDF."""
    return make_worksheet(puzzles, options).pdf


def make_worksheet(
    puzzles: Sequence[Any], options: WorksheetOptions, *, key_apart: bool = False
) -> Worksheet:
    """The worksheet's pages; with ``key_apart`` the key is a PDF of its own."""
    if not puzzles:
        raise WorksheetError("a worksheet needs at least one puzzle")
    kinds = {kind_of(p.id).key for p in puzzles}
    if len(kinds) != 1:
        raise WorksheetError(f"a worksheet holds puzzles of one kind, not {sorted(kinds)}")
    kind = kinds.pop()
    if options.pupils and not options.scannable:
        raise WorksheetError("a roster prints the answer sheets with the pupils' names; "
                             "they need a scannable sheet")  # fmt: skip
    if options.scannable and kind not in SCANNABLE:
        raise WorksheetError(f"{get_kind(kind).title} worksheets are not scannable yet; "
                             f"scannable kinds: {', '.join(SCANNABLE)}")  # fmt: skip
    design = puzzle_design(kind)
    title = options.title or design.title
    sizes = ", ".join(sorted({p.size_text for p in puzzles}))
    ids = id_list(puzzles, 4)
    doc = Document(options.paper, f"{title} ({sizes})", subject=design.subject,
                   footer=f"{title}: {ids}")  # fmt: skip
    counts = _student_pages(doc, puzzles, design, title, options)
    layout = _answer_pages(doc, puzzles, kind, title, options.pupils) if options.scannable else None
    student_pages = doc.page
    key_pdf, key_pages = None, 0
    if options.key and not key_apart:
        _key_pages(doc, puzzles, design, title, ids)
        key_pages = doc.page - student_pages
    elif options.key:
        key = Document(options.paper, f"Answer key: {title} ({sizes})", subject=design.subject)
        _key_pages(key, puzzles, design, title, ids)
        key_pdf, key_pages = key.finish(), key.page
    pdf = doc.finish()
    if layout is not None:
        from generator.scan.attach import attach_layout  # pypdf: for scannable sheets alone

        pdf = attach_layout(pdf, layout)
    return Worksheet(pdf, key_pdf, student_pages, key_pages, counts, layout)


def _answer_pages(
    doc: Document, puzzles: Sequence[Any], kind: str, title: str, pupils: Sequence[Pupil]
) -> SheetLayout:
    """A scannable sheet's answer pages, after the puzzles' pages (a set each of
    ``pupils``, else one); returns their layout."""
    from generator.scan.pages import answer_pages  # loaded when a scannable sheet is printed

    try:
        pages = answer_pages(doc, puzzles, title, pupils)
    except ValueError as error:
        raise WorksheetError(str(error)) from None
    return SheetLayout("worksheet", kind, tuple(p.id for p in puzzles), pages)


def _student_pages(
    doc: Document,
    puzzles: Sequence[Any],
    design: PuzzleDesign,
    title: str,
    options: WorksheetOptions,
) -> tuple[int, ...]:
    """The puzzles in equal slots, ``per_page`` on the first page (below the
    instructions) and as many on the others (or, unless the teacher chose how many, more
    where more fit), spread evenly over the pages; returns how many each page holds."""
    qr = options.base_url is not None
    doc.new_page(title, aside=NAME_LINE)
    instructions = design.instructions(puzzles[0])
    if options.scannable:
        instructions += " " + (NAMED_NOTE if options.pupils else SCAN_NOTE)
    doc.text(instructions, size=10)
    doc.y += 4.0
    room = doc.bottom - doc.y  # the first page's, the least any page has
    per_page = options.per_page or max(
        1, _most_per_page(puzzles, design, doc.width, room, qr, DENSE_SCALE)
    )
    slot = room / per_page
    plans = [design.plan(p, doc.width, slot, qr) for p in puzzles]
    if any(plan is None for plan in plans):
        most = _most_per_page(puzzles, design, doc.width, room, qr)
        sizes = " and ".join(sorted({p.size_text for p in puzzles}))
        raise WorksheetError(
            f"{per_page} {sizes} puzzles do not fit on one {doc.paper.name} page; at most {most} do"
        )
    tallest = max(plan.height for plan in plans if plan is not None)
    continued = f"{title} (continued)"
    later = doc.bottom - MARGIN - doc.heading_height(continued, aside=NAME_LINE)
    capacity = per_page
    if options.per_page is None:  # the teacher's choice is kept on every page
        capacity = max(per_page, min(MOST_PER_PAGE, int(later / tallest + 1e-9)))
    counts = balanced(len(puzzles), per_page, capacity)
    top, number = doc.y, 0
    for page, count in enumerate(counts):
        if page:
            doc.new_page(continued, aside=NAME_LINE)
            top, room = doc.y, doc.bottom - doc.y
        slot = room / (per_page if page == 0 else capacity)
        for k in range(count):
            puzzle, plan = puzzles[number], plans[number]
            number += 1
            doc.y = top + k * slot
            url = check_url(options.base_url, puzzle.id) if options.base_url else None
            assert plan is not None
            design.draw(doc, puzzle, number, url, plan)
    return counts


def balanced(count: int, first: int, others: int) -> tuple[int, ...]:
    """How many puzzles each page holds: as few pages as hold ``count`` puzzles, ``first``
    at most on the first page and ``others`` on each other, and the puzzles spread as
    evenly as those allow (no page left with one puzzle while others hold four).

    >>> balanced(12, 3, 4)
    (3, 3, 3, 3)
    >>> balanced(10, 3, 4)
    (3, 4, 3)
    >>> balanced(5, 2, 2)
    (2, 2, 1)
    >>> balanced(4, 4, 8)
    (4,)
    """
    pages = 1 + max(0, -(-(count - first) // others))
    caps = [first] + [others] * (pages - 1)
    counts = [0] * pages
    for _ in range(count):
        page = min((k for k in range(pages) if counts[k] < caps[k]), key=lambda k: counts[k])
        counts[page] += 1
    return tuple(counts)


def _most_per_page(
    puzzles: Sequence[Any],
    design: PuzzleDesign,
    width: float,
    room: float,
    qr: bool,
    scale: float = 0.0,
) -> int:
    """The most puzzles ``room`` mm hold with every card at least ``scale`` times the usual
    small card (0: when none fits). A block given less room never gets larger cards, so
    once n puzzles do not fit, no more do."""

    def fits(plan: BlockPlan | None) -> bool:
        return plan is not None and plan.scale >= scale

    most = 0
    for n in range(1, MOST_PER_PAGE + 1):
        if not all(fits(design.plan(p, width, room / n, qr)) for p in puzzles):
            break
        most = n
    return most


def _key_pages(
    doc: Document, puzzles: Sequence[Any], design: PuzzleDesign, title: str, ids: str
) -> None:
    """The answer key, under a gray banner on every page."""
    heading = f"Answer key: {title}"
    note = "For the teacher: keep these pages back from the class."
    doc.new_page(heading, note=note, banner=True)
    doc.footer = f"ANSWER KEY, for the teacher. {title}: {ids}"
    doc.continued = (f"{heading} (continued)", True)
    preface = design.key_preface(puzzles)
    if preface:
        doc.text(preface, size=PREFACE)
        doc.y += 3.0
    for number, puzzle in enumerate(puzzles, 1):
        # a key taller than a page (a long proof) starts on a page of its own, then runs on
        height = min(design.key_height(puzzle, doc.width), doc.bottom - MARGIN - 20.0)
        doc.ensure(height)
        design.draw_key(doc, puzzle, f"Puzzle {number}")

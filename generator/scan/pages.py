"""Answer pages: scannable pages that follow a worksheet's puzzle pages, each holding the
answer areas of as many puzzles as fit (an area is never split), with the four fiducial
marks, the page's QR code (:func:`~generator.scan.marks.code_text`), a name area and a
line saying how to mark.

Where everything goes on an answer page depends only on what its code says (the kind,
the paper, the page's number and the ids on it) and the sheet's title (cut to its one
line), so a page's layout can be drawn again from its code (:func:`page_from_code`).
Printed for a pupil of a roster, a page has their name in the name box and in its code
(``printables-scan/2``); its boxes are where the same page without a name has them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from generator.documents.document import Document
from generator.draw.layout import PAPERS
from generator.scan.areas import SCANNABLE, area_for
from generator.scan.layout import PageLayout, Pupil
from generator.scan.marks import (
    PageCode,
    code_fits,
    code_text,
    name_label_width,
    name_size,
)
from generator.scan.page_head import NAME_WIDTH, content_top, page_head
from printables.puzzles import PuzzleLike, get_puzzle, kind_of

AREA_GAP = 5.0
"""Between two puzzles' answer areas (a rule across the page in its middle)."""


def group(
    puzzles: Sequence[PuzzleLike],
    width: float,
    room: float,
    fits: Callable[[Sequence[str]], bool] = lambda ids: True,
) -> list[list[int]]:
    """The puzzles' indexes, page by page: in order, as many a page as fit ``room`` mm
    and whose ids ``fits`` a page's code (small areas, such as Costly Tricks', would
    otherwise put more ids on a page than its QR code holds)."""
    pages: list[list[int]] = []
    used = room
    for k, puzzle in enumerate(puzzles):
        height = area_for(puzzle).height(width)
        if height > room:
            raise ValueError(f"the answer area of {puzzle.id} does not fit a page")
        ids = [puzzles[i].id for i in pages[-1]] + [puzzle.id] if pages else []
        if pages and used + AREA_GAP + height <= room + 1e-9 and fits(ids):
            pages[-1].append(k)
            used += AREA_GAP + height
        else:
            pages.append([k])
            used = height
    return pages


def answer_pages(
    doc: Document, puzzles: Sequence[PuzzleLike], title: str, pupils: Sequence[Pupil] = ()
) -> tuple[PageLayout, ...]:
    """The answer pages of ``puzzles`` (of one kind, numbered 1, 2, ... as on the
    worksheet), added to ``doc``: one set, or given ``pupils`` a set each, the pupil's
    name printed in the name box and coded in the page's code; returns each page's
    layout. Raises ValueError (before drawing) for a pupil's name that does not fit the
    name box or the page's code (:func:`check_names`)."""
    kind = kind_of(puzzles[0].id).key

    def fits(ids: Sequence[str]) -> bool:
        """Whether the page's code holds ``ids`` beside every pupil's name, the page
        numbered as the last of one page a puzzle (no page number is longer)."""
        most = len(puzzles)
        every: Sequence[Pupil | None] = pupils or [None]
        return all(code_fits(code_text(kind, doc.paper.name, most, most, ids, p)) for p in every)

    groups = group(puzzles, doc.width, doc.bottom - content_top(doc), fits)
    check_names(kind, doc.paper.name, [[puzzles[k].id for k in g] for g in groups], pupils)
    layouts = []
    every: Sequence[Pupil | None] = pupils or [None]
    for pupil in every:
        for number, indexes in enumerate(groups, 1):
            ids = [puzzles[k].id for k in indexes]
            code = code_text(kind, doc.paper.name, number, len(groups), ids, pupil)
            numbered = [(k + 1, puzzles[k]) for k in indexes]
            layouts.append(_draw_page(doc, code, numbered, f"Answer sheet: {title}", pupil))
    return tuple(layouts)


def check_names(
    kind: str, paper: str, pages: Sequence[Sequence[str]], pupils: Sequence[Pupil]
) -> None:
    """Refuse (ValueError, one line) a pupil whose name does not fit the name box, or
    makes a page's code (the ids of ``pages``) too long to scan (:func:`code_fits`)."""
    room = NAME_WIDTH - name_label_width()
    for pupil in pupils:
        if name_size(pupil.name, room) is None:
            raise ValueError(f"the name {pupil.name!r} is too long for the answer sheet's "
                             f"name box; shorten it in the roster")  # fmt: skip
        for number, ids in enumerate(pages, 1):
            if not code_fits(code_text(kind, paper, number, len(pages), ids, pupil)):
                raise ValueError(
                    f"the name {pupil.name!r} is too long to code on an answer page with "
                    f"these puzzles; shorten it in the roster (or print puzzles with "
                    f"shorter ids)"
                )


def page_from_code(text: str) -> PageLayout:
    """An answer page's layout drawn again from its code alone (its boxes as printed; its
    ``pdf_page`` 1): what a grader needs when it has a scan and not the PDF. A MAT
    Successive form's page (kind ``mat``) is :mod:`generator.scan.mat_pages`'s."""
    code = PageCode.read(text)
    if code.kind == "mat":
        from generator.scan.mat_pages import page_from_mat_code  # it draws with this module

        return page_from_mat_code(text)
    if code.kind not in SCANNABLE or code.paper not in PAPERS:
        raise ValueError(f"no answer pages of {code.kind} puzzles on {code.paper} paper")
    if any(kind_of(puzzle_id).key != code.kind for puzzle_id in code.ids):
        raise ValueError(f"the ids of {text!r} are not all {code.kind} puzzles")
    doc = Document(PAPERS[code.paper], "Answer sheet")
    puzzles = [get_puzzle(puzzle_id) for puzzle_id in code.ids]
    if len(group(puzzles, doc.width, doc.bottom - content_top(doc))) > 1:
        raise ValueError(f"the puzzles of {text!r} do not fit one answer page")
    return _draw_page(doc, text, list(enumerate(puzzles, 1)), "Answer sheet", code.pupil)


def _draw_page(
    doc: Document,
    code: str,
    numbered: Sequence[tuple[int, PuzzleLike]],
    heading: str,
    pupil: Pupil | None = None,
) -> PageLayout:
    """One answer page, begun in ``doc``: its head (with ``pupil``'s name in the name
    box), then each (number, puzzle)'s answer area, a rule between two."""
    doc.new_page()
    page = PageLayout(PageCode.read(code).number, doc.page, doc.paper.width,
                      doc.paper.height, code, pupil=pupil)  # fmt: skip
    page_head(doc, page, heading)
    y = content_top(doc)
    for number, puzzle in numbered:
        if y > content_top(doc):
            rule = y + AREA_GAP / 2 - 0.5
            doc.line(doc.left, rule, doc.left + doc.width, rule)
            y += AREA_GAP
        y += area_for(puzzle).draw(doc, page, number, doc.left, y, doc.width)
    return page

"""A pile of scans graded: each page found, aligned, read and its answers checked, the
pages put together into pupils' sheets, and everything a teacher must look at listed.

Pages are put together by their codes. A page printed for a pupil of a roster
(``printables-scan/2``) names the class and the pupil: it joins that pupil's sheet,
wherever it is in the pile, and the sheet bears the coded name (unless the teacher typed
another). The class most such pages have (the first met on a tie) is the pile's; a page of
another class is not graded into this gradebook but named as a problem, and so is a
pupil's page met twice. A page without a pupil goes by its order in the scan: a pupil's
pages are scanned together, in any order and either way up, so page *k* of *n* joins the
sheet just before it when that sheet has *n* pages and not yet a page *k* (and no name
coded), and otherwise starts a sheet. A sheet missing a page says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import cv2

from generator.scan.layout import PageLayout, Pupil, Rect
from generator.scan.marks import PageCode
from generator.scan.mat_pages import KIND as MAT
from grading.align import AlignedPage, AlignError, align, layout_of
from grading.answers import READERS, Decisions, PuzzleResult, Review, read_answers, review_regions
from grading.marks import BoxRead, cut_out, read_boxes
from grading.mat_answers import read_turns, turn_review_regions
from grading.scans import ScanPage, ScanProblem


@dataclass
class PageResult:
    """One answer page graded: where it is, its key, its code's text, how well it was
    aligned (mm), every box as read, and the answers those reads and the teacher's
    decisions make (:meth:`decide`)."""

    where: str
    key: str
    code_text: str
    error: float
    reads: list[BoxRead]
    puzzles: list[PuzzleResult] = field(default_factory=list)

    @property
    def code(self) -> PageCode:
        return PageCode.read(self.code_text)

    @property
    def layout(self) -> PageLayout:
        return layout_of(self.code_text)

    @property
    def name_area(self) -> Rect | None:
        names = self.layout.of_kind("name")
        return names[0].rect if names else None

    def decide(self, decisions: Decisions) -> None:
        """The page's answers made again from its reads and ``decisions`` (a MAT form's
        turns with their seconds: :mod:`grading.mat_answers`)."""
        if self.code.kind == MAT:
            self.puzzles = read_turns(self.key, self.layout, self.reads, decisions)
        else:
            self.puzzles = read_answers(self.key, self.layout, self.reads, decisions)

    def to_json(self) -> dict[str, object]:
        return {"where": self.where, "key": self.key, "code": self.code_text,
                "page": self.code.number, "pages": self.code.pages, "error_mm": self.error,
                "reads": [[r.index, r.ink, r.state] for r in self.reads],
                "puzzles": [p.to_json() for p in self.puzzles]}  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PageResult:
        """A page read back (its answers are made again by :meth:`decide`)."""
        reads = [BoxRead(index, ink, state) for index, ink, state in data["reads"]]
        return cls(data["where"], data["key"], data["code"], data["error_mm"], reads)


@dataclass(frozen=True)
class Problem:
    """A page or file that was not graded, and why."""

    where: str
    problem: str

    def to_json(self) -> dict[str, str]:
        return {"where": self.where, "problem": self.problem}

    @classmethod
    def from_json(cls, data: dict[str, str]) -> Problem:
        return cls(data["where"], data["problem"])


@dataclass
class Sheet:
    """One pupil's answer sheet: its number in the pile (1 the first), its pages by
    number, how many it should have, and the name the teacher typed for it."""

    number: int
    pages: dict[int, PageResult]
    of: int
    name: str = ""

    @property
    def missing(self) -> list[int]:
        return [n for n in range(1, self.of + 1) if n not in self.pages]

    @property
    def puzzles(self) -> list[PuzzleResult]:
        return [p for number in sorted(self.pages) for p in self.pages[number].puzzles]

    @property
    def right(self) -> int:
        return sum(p.right for p in self.puzzles)

    @property
    def pupil(self) -> Pupil | None:
        """Who the sheet was printed for (its pages' code), or None without a roster."""
        return self.pages[min(self.pages)].code.pupil

    @property
    def name_key(self) -> str:
        """The key under which the teacher's typing of this sheet's name is kept."""
        first = self.pages[min(self.pages)]
        return f"{first.key}:name"

    @property
    def label(self) -> str:
        return self.name or f"Sheet {self.number}"

    def to_json(self) -> dict[str, object]:
        pupil = self.pupil
        return {"sheet": self.number, "name": self.name, "name_key": self.name_key,
                "pupil": None if pupil is None else pupil.to_dict(),
                "of": self.of, "pages": [self.pages[n].to_json() for n in sorted(self.pages)],
                "missing_pages": self.missing, "right": self.right,
                "puzzles": len(self.puzzles)}  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sheet:
        pages = [PageResult.from_json(page) for page in data["pages"]]
        return cls(data["sheet"], {p.code.number: p for p in pages}, data["of"], data["name"])


@dataclass
class Grading:
    """A pile graded: the pupils' sheets, the pages and files not graded, the teacher's
    decisions, the cut-outs of the page a teacher may be shown (a box's, a line's or a
    name's review key -> PNG) and each page drawn upright (its key -> JPEG), for the
    pages returned with their verdicts. The pictures are made as the pages are read and
    are not part of :meth:`to_json`."""

    sheets: list[Sheet] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    decisions: dict[str, str] = field(default_factory=dict)
    pictures: dict[str, bytes] = field(default_factory=dict)
    page_images: dict[str, bytes] = field(default_factory=dict)

    def decide(self, decisions: Decisions) -> None:
        """Take the teacher's ``decisions`` (added to those made before) and make every
        answer and name again from the pages' reads: no page is read again. A sheet's
        name is the one the teacher typed, else the one its code holds."""
        self.decisions.update(decisions)
        for sheet in self.sheets:
            for page in sheet.pages.values():
                page.decide(self.decisions)
            coded = sheet.pupil.name if sheet.pupil is not None else ""
            sheet.name = self.decisions.get(sheet.name_key, "").strip() or coded

    @property
    def reviews(self) -> list[Review]:
        """What waits for the teacher, sheet by sheet."""
        return [r for s in self.sheets for p in s.puzzles for r in p.reviews]

    @property
    def puzzles(self) -> list[str]:
        """Every puzzle's id, in the order first met."""
        return list(dict.fromkeys(p.puzzle for s in self.sheets for p in s.puzzles))

    @property
    def pages(self) -> int:
        return sum(len(s.pages) for s in self.sheets)

    def to_json(self) -> dict[str, object]:
        return {"format": "printables-grading", "version": 1,
                "sheets": [s.to_json() for s in self.sheets],
                "problems": [p.to_json() for p in self.problems],
                "decisions": self.decisions,
                "reviews": [r.to_json() for r in self.reviews],
                "puzzles": self.puzzles}  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Grading:
        """A grading read back from :meth:`to_json`, its answers made again from the
        reads and decisions kept (without its pictures)."""
        sheets = [Sheet.from_json(sheet) for sheet in data["sheets"]]
        problems = [Problem.from_json(problem) for problem in data["problems"]]
        grading = cls(sheets, problems)
        grading.decide(data["decisions"])
        return grading


REVIEW_MARGIN = (24.0, 7.0)
"""mm of the page shown across and down around what a review asks about: the card
pictured at the left of its boxes, a box's label at its right, the lines around."""


def grade_page(page: ScanPage) -> tuple[PageResult, AlignedPage]:
    """One page read (raises :class:`~grading.align.AlignError` when it cannot be); its
    answers are made by :meth:`PageResult.decide`."""
    aligned = align(page.image)
    code = PageCode.read(aligned.code)
    if code.kind not in READERS:
        raise AlignError(f"answer sheets of {code.kind} puzzles cannot be graded yet")
    reads = read_boxes(aligned)
    return PageResult(page.where, page.key, aligned.code, aligned.error, reads), aligned


Progress = Callable[[int], None]
"""Called with how many pages have been read so far, after each."""


def grade(
    pages: Iterable[ScanPage | ScanProblem],
    decisions: Decisions | None = None,
    progress: Progress | None = None,
) -> Grading:
    """Every page of a pile graded, in the pile's order, and put into sheets."""
    result = Grading()
    seen: dict[str, str] = {}
    graded_pages: list[PageResult] = []
    done = 0
    for page in pages:
        if isinstance(page, ScanProblem):
            result.problems.append(Problem(page.where, page.problem))
            continue
        done += 1
        if page.key in seen:
            result.problems.append(Problem(page.where, f"the same page as {seen[page.key]}"))
        else:
            seen[page.key] = page.where
            try:
                graded, aligned = grade_page(page)
            except AlignError as error:
                result.problems.append(Problem(page.where, str(error)))
            else:
                _keep_pictures(result, graded, aligned)
                graded_pages.append(graded)
        if progress is not None:
            progress(done)
    file_pages(result, graded_pages)
    result.decide(decisions or {})
    return result


def _keep_pictures(result: Grading, graded: PageResult, aligned: AlignedPage) -> None:
    """What a teacher may be shown of a page: each box's and each line's part of the page
    (for a review), the name's, and the whole page upright."""
    layout = aligned.layout
    regions = turn_review_regions if graded.code.kind == MAT else review_regions
    for key, region in regions(graded.key, layout, graded.reads).items():
        result.pictures[key] = cut_out(aligned, region.x, region.y, region.w, region.h,
                                       margin=REVIEW_MARGIN, frame=True)  # fmt: skip
    if graded.name_area is not None and graded.code.pupil is None:  # a coded name is known
        r = graded.name_area
        result.pictures[f"{graded.key}:name"] = cut_out(aligned, r.x, r.y, r.w, r.h, margin=1.0)
    ok, jpeg = cv2.imencode(".jpg", aligned.image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    if ok:
        result.page_images[graded.key] = jpeg.tobytes()


def file_pages(result: Grading, pages: Iterable[PageResult]) -> None:
    """Put the graded ``pages`` (in the pile's order) into sheets, and name as problems
    the pages of another class and a pupil's page met twice."""
    pages = list(pages)
    classes = Counter(p.code.pupil.class_code for p in pages if p.code.pupil is not None)
    pile_class = classes.most_common(1)[0][0] if classes else None
    named: dict[tuple[str, int], Sheet] = {}
    last: Sheet | None = None
    for page in pages:
        code = page.code
        pupil = code.pupil
        if pupil is None:
            if last is not None and last.of == code.pages and code.number not in last.pages:
                last.pages[code.number] = page
            else:
                last = _new_sheet(result, page)
            continue
        if pupil.class_code != pile_class:
            what = ("a form of another MAT kit", "kit") if code.kind == MAT else (
                "a sheet of another class", "class")  # fmt: skip
            result.problems.append(Problem(page.where, (
                f"{what[0]} ({pupil.name}'s, {what[1]} {pupil.class_code}; "
                f"this pile's {what[1]} is {pile_class}): not graded here")))  # fmt: skip
            continue
        sheet = named.get((pupil.class_code, pupil.number))
        if sheet is None:
            named[(pupil.class_code, pupil.number)] = _new_sheet(result, page)
        elif sheet.of != code.pages:
            result.problems.append(Problem(page.where, (
                f"a page of another worksheet for {pupil.name} (page {code.number} of "
                f"{code.pages}; the sheet graded has {sheet.of})")))  # fmt: skip
        elif code.number in sheet.pages:
            result.problems.append(Problem(page.where, (
                f"page {code.number} of {pupil.name}'s sheet again "
                f"(graded: {sheet.pages[code.number].where})")))  # fmt: skip
        else:
            sheet.pages[code.number] = page


def _new_sheet(result: Grading, page: PageResult) -> Sheet:
    sheet = Sheet(len(result.sheets) + 1, {page.code.number: page}, page.code.pages)
    result.sheets.append(sheet)
    return sheet


def name_pictures(grading: Grading) -> Mapping[str, bytes]:
    """Each sheet's name area (its key -> PNG), for the teacher to type the names."""
    return {s.name_key: grading.pictures[s.name_key] for s in grading.sheets
            if s.name_key in grading.pictures}  # fmt: skip

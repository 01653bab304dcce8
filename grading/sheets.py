"""A pile of scans graded: each page found, aligned, read and its answers checked, the
pages put together into pupils' sheets, and everything a teacher must look at listed.

Pages are put together by their codes and their order in the scan: a pupil's pages are
scanned together, in any order and either way up, so page *k* of *n* joins the sheet just
before it when that sheet has *n* pages and not yet a page *k*, and otherwise starts a
sheet. A sheet missing a page says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from generator.scan.layout import Rect
from generator.scan.marks import PageCode
from grading.align import AlignedPage, AlignError, align
from grading.answers import Decisions, PuzzleResult, Review, read_matrix
from grading.marks import cut_out, read_boxes
from grading.scans import ScanPage, ScanProblem


@dataclass
class PageResult:
    """One answer page graded: where it is, its code, its answers, its name's area, and
    how well it was aligned (mm)."""

    where: str
    key: str
    code: PageCode
    puzzles: list[PuzzleResult]
    name_area: Rect | None
    error: float

    def to_json(self) -> dict[str, object]:
        return {"where": self.where, "key": self.key, "page": self.code.number,
                "pages": self.code.pages, "error_mm": self.error,
                "puzzles": [p.to_json() for p in self.puzzles]}  # fmt: skip


@dataclass(frozen=True)
class Problem:
    """A page or file that was not graded, and why."""

    where: str
    problem: str

    def to_json(self) -> dict[str, str]:
        return {"where": self.where, "problem": self.problem}


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
    def name_key(self) -> str:
        """The key under which the teacher's typing of this sheet's name is kept."""
        first = self.pages[min(self.pages)]
        return f"{first.key}:name"

    @property
    def label(self) -> str:
        return self.name or f"Sheet {self.number}"

    def to_json(self) -> dict[str, object]:
        return {"sheet": self.number, "name": self.name, "name_key": self.name_key,
                "pages": [self.pages[n].to_json() for n in sorted(self.pages)],
                "missing_pages": self.missing, "right": self.right,
                "puzzles": len(self.puzzles)}  # fmt: skip


@dataclass
class Grading:
    """A pile graded: the pupils' sheets, the pages and files not graded, and the cut-outs
    of the page a teacher is shown (a review's key or a name's key -> PNG)."""

    sheets: list[Sheet] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    pictures: dict[str, bytes] = field(default_factory=dict)

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
        return {"sheets": [s.to_json() for s in self.sheets],
                "problems": [p.to_json() for p in self.problems],
                "reviews": [r.to_json() for r in self.reviews],
                "puzzles": self.puzzles}  # fmt: skip


def grade_page(page: ScanPage, decisions: Decisions) -> tuple[PageResult, AlignedPage]:
    """One page graded (raises :class:`~grading.align.AlignError` when it cannot be)."""
    aligned = align(page.image)
    code = PageCode.read(aligned.code)
    if code.kind != "matrix":
        raise AlignError(f"answer sheets of {code.kind} puzzles cannot be graded yet")
    reads = read_boxes(aligned)
    puzzles = read_matrix(page.key, aligned.layout, reads, decisions)
    names = aligned.layout.of_kind("name")
    name_area = names[0].rect if names else None
    return PageResult(page.where, page.key, code, puzzles, name_area, aligned.error), aligned


def grade(pages: Iterable[ScanPage | ScanProblem], decisions: Decisions | None = None) -> Grading:
    """Every page of a pile graded, in the pile's order, and put into sheets."""
    decisions = decisions or {}
    result = Grading()
    seen: dict[str, str] = {}
    for page in pages:
        if isinstance(page, ScanProblem):
            result.problems.append(Problem(page.where, page.problem))
            continue
        if page.key in seen:
            result.problems.append(Problem(page.where, f"the same page as {seen[page.key]}"))
            continue
        seen[page.key] = page.where
        try:
            graded, aligned = grade_page(page, decisions)
        except AlignError as error:
            result.problems.append(Problem(page.where, str(error)))
            continue
        _keep_pictures(result, graded, aligned)
        _file(result, graded)
    for sheet in result.sheets:
        sheet.name = decisions.get(sheet.name_key, "").strip()
    return result


def _keep_pictures(result: Grading, graded: PageResult, aligned: AlignedPage) -> None:
    """The cut-outs a teacher is shown: each review's part of the page, and the name."""
    for puzzle in graded.puzzles:
        for review in puzzle.reviews:
            r = review.region
            result.pictures[review.key] = cut_out(aligned, r.x, r.y, r.w, r.h)
    if graded.name_area is not None:
        r = graded.name_area
        result.pictures[f"{graded.key}:name"] = cut_out(aligned, r.x, r.y, r.w, r.h, margin=1.0)


def _file(result: Grading, page: PageResult) -> None:
    """Put a page into the sheet before it when that sheet has as many pages and misses
    this one (a pupil's pages are scanned together, in any order), or start a sheet."""
    code = page.code
    last = result.sheets[-1] if result.sheets else None
    if last is not None and last.of == code.pages and code.number not in last.pages:
        last.pages[code.number] = page
        return
    result.sheets.append(Sheet(len(result.sheets) + 1, {code.number: page}, code.pages))


def name_pictures(grading: Grading) -> Mapping[str, bytes]:
    """Each sheet's name area (its key -> PNG), for the teacher to type the names."""
    return {s.name_key: grading.pictures[s.name_key] for s in grading.sheets
            if s.name_key in grading.pictures}  # fmt: skip

"""The pages handed back (``returned.pdf``), read back as a teacher would see them: a
class of three pupils marked by hand on the project's own scannable sheets (A4 and
Letter), graded, and the PDF parsed (pypdf), its words placed (poppler) and its pages
rasterized (pdfium, gray-scale): the summary's counts and chart, each pupil's verdicts
and reasons level with the answer areas found on the drawn scan, nothing overlapping and
nothing printed in the outer 5 mm."""

from __future__ import annotations

import io
import itertools
import re
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from cli_support import run
from pdf_probe import Word, ink_near_edge, overlapping_words, words
from pypdf import PdfReader

from generator.documents.document import Document
from generator.documents.worksheet import Worksheet, WorksheetOptions, make_worksheet
from generator.draw.layout import PAPERS
from generator.scan.layout import Box, PageLayout
from grading.answers import PuzzleResult
from grading.returned import PuzzleCount, area_of, draw_chart, returned_pdf
from grading.scans import ScanPage, ScanProblem
from grading.sheets import Grading, grade
from printables.matrix.puzzles import generated_id, get_puzzle

IDS = (
    generated_id(3, 3, "solvable", "medium", 1),
    generated_id(4, 5, "impossible", "easy", 2),
    generated_id(5, 5, "solvable", "hard", 3),
    generated_id(3, 4, "either", "medium", 4),
    generated_id(3, 3, "impossible", "medium", 5),
)
DPI = 150
PX = DPI / 25.4
PT = 25.4 / 72
CHART_ROW_PT = 12 / PT
"""A chart row's height in points."""
"""mm a point."""
PUPILS: tuple[dict[str, str], ...] = (
    {},  # every answer right
    {IDS[0]: "wrong", IDS[1]: "blank"},
    {IDS[3]: "unclear"},  # and its page 2 is not scanned
)
"""How each pupil answers a puzzle (right unless said): wrong (a card's row left
unmarked), blank, or right with one box a third filled (unclear: waits for review)."""
TOTALS = ("Ana: 5 of 5 right", "Sheet 2: 3 of 5 right", "Sheet 3: 3 of 4 right")
CHART = (("Puzzle 1", IDS[0], "2 of 3 right (67 %)", 2 / 3),
         ("Puzzle 2", IDS[1], "2 of 3 right (67 %)", 2 / 3),
         ("Puzzle 3", IDS[2], "2 of 2 right (100 %)", 1.0),
         ("Puzzle 4", IDS[3], "2 of 3 right (67 %)", 2 / 3),
         ("Puzzle 5", IDS[4], "3 of 3 right (100 %)", 1.0))  # fmt: skip
"""Each chart row: the puzzle's number and id, its count and the bar's share."""


@cache
def sheet(paper: str) -> Worksheet:
    options = WorksheetOptions(PAPERS[paper], "http://192.0.2.1:5000", scannable=True)
    return make_worksheet([get_puzzle(i) for i in IDS], options)


def right_boxes(page: PageLayout, puzzle_id: str) -> list[Box]:
    """The boxes a right answer fills."""
    solution = get_puzzle(puzzle_id).solution
    marks = [b for b in page.boxes if b.kind == "mark" and b.puzzle == puzzle_id]
    if solution is None:
        return [b for b in marks if b.field == "impossible"]
    place = {str(card): (r, c) for r, row in enumerate(solution, 1)
             for c, card in enumerate(row, 1)}  # fmt: skip
    return [b for b in marks if b.field in ("row", "column")
            and place[b.card][0 if b.field == "row" else 1] == b.value]  # fmt: skip


def fill(image: np.ndarray, box: Box, share: float = 1.0) -> None:
    r = box.rect
    x0, y0 = int((r.x + 0.4) * PX), int((r.y + 0.4) * PX)
    x1, y1 = int((r.right - 0.4) * PX), int((r.bottom - 0.4) * PX)
    cv2.rectangle(image, (x0, y0), (x0 + int((x1 - x0) * share), y1), 40, -1)


@cache
def scans(paper: str) -> tuple[ScanPage | ScanProblem, ...]:
    """The class's pile: each pupil's answer pages marked as :data:`PUPILS` says (the
    third's page 2 left out), and a file that is no scan."""
    printed = sheet(paper)
    assert printed.layout is not None
    document = pdfium.PdfDocument(printed.pdf)
    pile: list[ScanPage | ScanProblem] = []
    for pupil, answers in enumerate(PUPILS):
        for page in printed.layout.pages:
            if pupil == 2 and page.number == 2:
                continue
            image = document[page.pdf_page - 1].render(scale=DPI / 72, grayscale=True)
            pixels = np.array(image.to_numpy()).copy()
            for puzzle in page.puzzles:
                how = answers.get(puzzle, "right")
                boxes = [] if how == "blank" else right_boxes(page, puzzle)
                if how == "wrong":
                    boxes = [b for b in boxes if b is not boxes[0]]
                for k, box in enumerate(boxes):
                    fill(pixels, box, 0.3 if how == "unclear" and k == 0 else 1.0)
            pile.append(ScanPage("class.pdf", len(pile) + 1, f"{paper}-{len(pile)}", pixels))
    pile.append(ScanProblem("notes.txt", None, "not a PDF or an image (PNG, JPEG, TIFF)"))
    return tuple(pile)


@cache
def graded(paper: str) -> Grading:
    first = scans(paper)[0]
    assert isinstance(first, ScanPage)
    return grade(scans(paper), {f"{first.key}:name": "Ana"})


@cache
def returned(paper: str) -> bytes:
    return returned_pdf(graded(paper))


@cache
def page_words(paper: str) -> list[list[Word]]:
    return words(returned(paper))


def page_text(paper: str, page: int) -> str:
    """A page's text, its lines joined by spaces (pypdf)."""
    text = PdfReader(io.BytesIO(returned(paper))).pages[page].extract_text()
    return re.sub(r"\s+", " ", text)


def pupil_pages(paper: str) -> list[tuple[int, int, int]]:
    """(PDF page index, sheet, page number) of every pupil page, in the PDF's order."""
    found = []
    for index in range(1, len(page_words(paper))):
        match = re.search(r"Sheet (\d) , page (\d) of 3|Sheet (\d), page (\d) of 3",
                          page_text(paper, index))  # fmt: skip
        assert match, page_text(paper, index)
        groups = [g for g in match.groups() if g]
        found.append((index, int(groups[0]), int(groups[1])))
    return found


PAPER_NAMES = ("a4", "letter")


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_one_summary_page_then_every_graded_page_in_sheet_order(paper: str) -> None:
    reader = PdfReader(io.BytesIO(returned(paper)))
    assert len(reader.pages) == 1 + 3 + 3 + 2
    size = PAPERS[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(size.width / PT, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(size.height / PT, abs=0.5)
    order = [(s, n) for _, s, n in pupil_pages(paper)]
    assert order == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 3)]


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_each_pupil_page_has_the_total_and_every_verdict_with_its_reasons(paper: str) -> None:
    layout = sheet(paper).layout
    assert layout is not None
    numbers = {puzzle: k for k, puzzle in enumerate(IDS, 1)}
    for index, sheet_number, page_number in pupil_pages(paper):
        text = page_text(paper, index)
        assert TOTALS[sheet_number - 1] in text
        answers = PUPILS[sheet_number - 1]
        for puzzle in layout.pages[page_number - 1].puzzles:
            how = answers.get(puzzle, "right")
            verdict = {"unclear": "waiting for the teacher"}.get(how, how)
            assert f"Puzzle {numbers[puzzle]}: {verdict}" in text, (puzzle, text)
            if how == "wrong":
                assert re.search(r"\S+ has no row marked\.", text), text
            if how == "blank":
                assert "Nothing is marked." in text
            if how == "unclear":
                assert "A box is unclear." in text and "Is this box filled?" in text
        if sheet_number == 3:
            assert "Page 2 of 3 is missing" in text
            assert "Provisional: 1 answer waits for the teacher." in text
        else:
            assert "missing" not in text and "Provisional" not in text


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_summary_counts_pages_problems_reviews_and_each_puzzle(paper: str) -> None:
    text = page_text(paper, 0)
    assert "3 sheets and 8 pages graded" in text
    assert "notes.txt: not a PDF or an image (PNG, JPEG, TIFF)." in text
    assert "Sheet 3: page 2 of 3 missing" in text
    assert "Provisional" in text and "1 mark waits for your decision" in text
    page = page_words(paper)[0]
    labels = sorted((w for w in page if w.text == "Puzzle"), key=lambda w: w.y0)
    assert len(labels) == len(CHART)
    for label, (name, puzzle, count, _) in zip(labels, CHART, strict=True):
        row = [w for w in page if abs(w.y0 - label.y0) < 5 and w.x0 >= label.x0]
        assert " ".join(w.text for w in sorted(row, key=lambda w: w.x0)) == f"{name} {count}"
        below = [w.text for w in page if 0 < w.y0 - label.y1 < 6 and w.x0 < label.x1 + 5]
        assert below == [puzzle]  # the id printed just below its number
    waiting = [w for w in page if w.text == "waiting"]
    assert len(waiting) == 1  # under puzzle 4's count
    assert 0 < waiting[0].y0 - labels[3].y0 < CHART_ROW_PT


def test_no_summary_problems_or_provisional_when_there_are_none() -> None:
    pages = [p for p in scans("letter") if isinstance(p, ScanPage)][:3]
    text = PdfReader(io.BytesIO(returned_pdf(grade(pages)))).pages[0].extract_text()
    assert "1 sheet and 3 pages graded" in text
    assert "Provisional" not in text and "not graded" not in text
    assert "1 of 1 right (100 %)" in text


def render(data: bytes, index: int, dpi: int = DPI) -> np.ndarray:
    page = pdfium.PdfDocument(data)[index]
    return np.array(page.render(scale=dpi / 72, grayscale=True).to_numpy())


def scan_map(image: np.ndarray, page: PageLayout) -> tuple[float, float, float]:
    """Where the drawn scan lies on a rendered returned page, found from its four corner
    marks (the solid squares): (scale, x, y) mapping the sheet's mm onto the returned
    page's mm, ``x`` and ``y`` being where the sheet's (0, 0) falls."""
    fiducials = sorted(page.of_kind("fiducial"), key=lambda b: (b.rect.y, b.rect.x))
    side = fiducials[0].rect.w
    count, _, stats, centres = cv2.connectedComponentsWithStats((image < 80).astype(np.uint8))
    found = []
    for k in range(1, count):
        _, _, w, h, area = stats[k]
        if abs(w - h) <= 2 and w > 6 and area > 0.85 * w * h:
            found.append((w, centres[k]))
    widest = max(w for w, _ in found)
    squares = sorted((c for w, c in found if w >= widest - 2), key=lambda c: (c[1], c[0]))
    assert len(squares) == 4, squares
    squares = sorted(squares[:2], key=lambda c: c[0]) + sorted(squares[2:], key=lambda c: c[0])
    (ax, ay), (bx, _), (_, cy) = squares[0], squares[1], squares[2]
    first, across, down = fiducials[0].rect, fiducials[1].rect, fiducials[2].rect
    scale = ((bx - ax) / PX) / (across.x - first.x)
    assert ((cy - ay) / PX) / (down.y - first.y) == pytest.approx(scale, rel=0.01)
    assert side * scale * PX == pytest.approx(widest, abs=2)
    x0 = ax / PX - (first.x + first.w / 2) * scale
    y0 = ay / PX - (first.y + first.h / 2) * scale
    return scale, x0, y0


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_each_verdict_is_printed_level_with_its_answer_area_right_of_the_scan(
    paper: str,
) -> None:
    layout = sheet(paper).layout
    assert layout is not None
    data = returned(paper)
    checked = 0
    for index, _, page_number in pupil_pages(paper):
        page = layout.pages[page_number - 1]
        image = render(data, index)
        scale, x0, y0 = scan_map(image, page)
        scan_right = x0 + page.width * scale
        found = page_words(paper)[index]
        heads_mm = [(b.x0 * PT, a.y0 * PT, a.y1 * PT, b.text)
                    for a, b in itertools.pairwise(found)
                    if a.text == "Puzzle" and (a.y0, a.y1) == (b.y0, b.y1)]  # fmt: skip
        for puzzle in page.puzzles:
            number = IDS.index(puzzle) + 1
            area = area_of(page, puzzle)
            top, bottom = y0 + area.y * scale, y0 + area.bottom * scale
            heads = [w for w in heads_mm if w[3] == f"{number}:"]
            assert len(heads) == 1, (puzzle, heads)
            x, word_top, word_bottom, _ = heads[0]
            assert top - 1.0 <= word_top and word_bottom <= bottom, (puzzle, top, bottom, heads)
            # here every verdict has room level with its area: its words' top (1 mm below
            # the line's top: the letters' ascent) at the area's top
            assert word_top - top == pytest.approx(1.0, abs=0.4), (puzzle, word_top, top)
            assert x - 25 > scan_right, (x, scan_right)
            # the verdict's mark: ink left of the words ("Puzzle n:"), from their top down
            mark = image[int(word_top * PX) : int((word_top + 7) * PX),
                         int((x - 25) * PX) : int((x - 15) * PX)]  # fmt: skip
            assert (mark < 100).sum() > 30, puzzle
            checked += 1
    assert checked == 3 * 5 - 1


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_nothing_overlaps_and_nothing_is_printed_in_the_outer_5_mm(paper: str) -> None:
    data = returned(paper)
    assert overlapping_words(data) == []
    assert ink_near_edge(data, 5.0) == []


def test_long_reasons_are_cut_to_the_column_and_still_overlap_nothing() -> None:
    grading = graded("a4")
    first = grading.sheets[1].pages[1]
    many = tuple(f"row {k} of the grid shares no value with the rest of it." for k in range(60))
    first.puzzles = [PuzzleResult(p.puzzle, "wrong", "", many) for p in first.puzzles]
    try:
        data = returned_pdf(grading)
    finally:
        grading.decide({})
    assert overlapping_words(data) == []
    assert ink_near_edge(data, 5.0) == []
    index = next(i for i, s, n in pupil_pages("a4") if (s, n) == (2, 1))
    page = words(data)[index]
    height = float(PdfReader(io.BytesIO(data)).pages[index].mediabox.height)
    footer = min(w.y0 for w in page if w.text == "Printables:")
    body = [w for w in page if w.y0 < footer - 1]
    assert max(w.y1 for w in body) <= height - 15 / PT + 1
    text = " ".join(w.text for w in page)
    assert "more lines" in text
    assert text.count("shares no value") >= 10
    # a reason's next line is set in, so each reason stands apart
    starts = {round(w.x0) for w in page if w.text == "row"}
    assert len(starts) == 1
    start = starts.pop()
    next_lines = {round(w.x0) for w in page if w.text in ("value", "no") and w.x0 < start + 20}
    assert len(next_lines) == 1
    assert (next_lines.pop() - start) * PT == pytest.approx(2.5, abs=0.5)


def test_a_pile_graded_again_from_its_results_says_the_scan_is_not_kept() -> None:
    grading = Grading.from_json(graded("letter").to_json())
    reader = PdfReader(io.BytesIO(returned_pdf(grading)))
    assert len(reader.pages) == 9
    assert "The scan of this page is not kept" in reader.pages[1].extract_text()


def test_chart_bars_show_each_share_in_gray_scale() -> None:
    """Across each puzzle's bar (the page drawn in gray): a black part as long as the
    share right, then a light gray track to 100 %, both plain against white paper."""
    px = 100 / 25.4
    image = render(returned("letter"), 0, dpi=100)
    names = sorted((w for w in page_words("letter")[0] if w.text == "Puzzle"), key=lambda w: w.y0)
    assert len(names) == len(CHART)
    for name, (_, _, _, share) in zip(names, CHART, strict=True):
        row = image[int((name.y0 + name.y1) / 2 * PT * px)]
        start = int((name.x1 * PT + 5) * px)  # past the label
        inked = np.flatnonzero(row[start:] < 245)
        first = inked[0]
        run_end = first + np.argmax(row[start + first :] >= 245)  # the bar's run ends in white
        bar = row[start + first : start + run_end]
        assert len(bar) > 60 * px  # a long bar, not a letter
        black, gray = (bar < 60).sum(), ((bar > 200) & (bar < 240)).sum()
        assert black + gray >= len(bar) - 4  # nothing but black and the track (and its rule)
        assert black / len(bar) == pytest.approx(share, abs=0.02), name


def test_the_grade_command_writes_the_returned_pdf(tmp_path: Path) -> None:
    files = []
    for page in scans("letter")[:4]:
        assert isinstance(page, ScanPage)
        path = tmp_path / f"scan{page.number}.png"
        cv2.imwrite(str(path), page.image)
        files.append(str(path))
    code, out, err = run("grade", *files, "--out", str(tmp_path / "out"))
    assert code == 0, err
    assert f"Pages to hand back, with a summary: {tmp_path / 'out' / 'returned.pdf'}" in out
    reader = PdfReader(tmp_path / "out" / "returned.pdf")
    assert len(reader.pages) == 1 + 4
    text = reader.pages[4].extract_text()
    assert "Sheet 2: 0 of 2 right" in text
    assert "Pages 2 and 3 of 3 are missing" in text


def test_a_long_chart_runs_onto_more_summary_pages_whole_rows_only() -> None:
    counts = [PuzzleCount(k, f"4x4-{k:06d}", k % 7, 6, k % 2) for k in range(1, 41)]
    doc = Document(PAPERS["a4"], "Chart")
    doc.new_page("Chart")
    draw_chart(doc, counts)
    data = doc.finish()
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    text = " ".join(page.extract_text() for page in reader.pages)
    assert all(f"4x4-{k:06d}" in text for k in range(1, 41))
    assert "6 of 6 right (100 %)" in text and "0 of 6 right (0 %)" in text
    assert overlapping_words(data) == []
    assert ink_near_edge(data, 5.0) == []
    for page in words(data):  # every row's label and count on the same page, above the footer
        labels = [w for w in page if w.text == "Puzzle"]
        counts_drawn = [w for w in page if w.text == "right"]
        assert len(labels) == len(counts_drawn) > 10
        footer = max(w.y0 for w in page)
        assert max(w.y1 for w in labels + counts_drawn) < footer - 10

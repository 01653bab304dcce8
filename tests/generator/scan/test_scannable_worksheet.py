"""Scannable Matrix worksheets, read back as a grader would: the layout attached to the PDF
(pypdf), each answer page rasterized at 150 dpi (pdfium) and every box the layout names
looked for where it says, the page's QR code decoded (zxing-cpp); and the worksheets
printed before scannable sheets existed unchanged to the byte."""

from __future__ import annotations

import hashlib
import io
import json
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp
from cli_support import one_error_line, run
from pdf_probe import ink_near_edge
from pypdf import PdfReader

from generator.documents.worksheet import (
    Worksheet,
    WorksheetError,
    WorksheetOptions,
    make_worksheet,
    worksheet_pdf,
)
from generator.draw.layout import PAPERS
from generator.scan.layout import ATTACHMENT, VERSION, Box, PageLayout, Rect, SheetLayout
from generator.scan.marks import BOX, BOX_GAP, CODE_TAG, PageCode
from generator.scan.pages import page_from_code
from printables.matrix.puzzles import generated_id, get_puzzle
from printables.puzzles import get_kind

DPI = 150
PX = DPI / 25.4
"""Pixels a millimetre."""
IDS = (
    generated_id(3, 3, "solvable", "medium", 1),
    generated_id(4, 5, "impossible", "easy", 2),
    generated_id(5, 5, "solvable", "hard", 3),
    generated_id(3, 4, "either", "medium", 4),
    generated_id(3, 3, "impossible", "medium", 5),
)


@cache
def sheet(paper: str) -> Worksheet:
    options = WorksheetOptions(PAPERS[paper], "http://192.0.2.1:5000", scannable=True)
    return make_worksheet([get_puzzle(i) for i in IDS], options)


@cache
def layout(paper: str) -> SheetLayout:
    printed = sheet(paper).layout
    assert printed is not None
    return printed


@cache
def raster(paper: str, pdf_page: int) -> np.ndarray:
    """A page of the PDF in gray, 0 black to 255 white, at :data:`DPI`."""
    page = pdfium.PdfDocument(sheet(paper).pdf)[pdf_page - 1]
    image = page.render(scale=DPI / 72, grayscale=True).to_numpy()
    return image if image.ndim == 2 else image[..., 0]


def pixels(image: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """The pixels wholly inside the mm rectangle (x0, y0)-(x1, y1)."""
    return image[int(np.ceil(y0 * PX)) : int(y1 * PX), int(np.ceil(x0 * PX)) : int(x1 * PX)]


def band(image: np.ndarray, rect: Rect, near: float, far: float) -> np.ndarray:
    """The pixels whose centres lie ``near`` to ``far`` mm outside ``rect``."""
    x0, y0 = int((rect.x - far) * PX), int((rect.y - far) * PX)
    x1, y1 = int((rect.right + far) * PX) + 1, int((rect.bottom + far) * PX) + 1
    cy, cx = np.mgrid[y0:y1, x0:x1]
    cx_mm, cy_mm = (cx + 0.5) / PX, (cy + 0.5) / PX
    out = np.maximum.reduce([rect.x - cx_mm, cx_mm - rect.right, rect.y - cy_mm,
                             cy_mm - rect.bottom])  # fmt: skip
    return image[y0:y1, x0:x1][(out >= near) & (out <= far)]


def answer_pages(paper: str) -> list[PageLayout]:
    return list(layout(paper).pages)


PAPER_NAMES = sorted(PAPERS)


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_the_attached_layout_reads_back_as_the_boxes_drawn(paper: str) -> None:
    reader = PdfReader(io.BytesIO(sheet(paper).pdf))
    (attached,) = reader.attachments[ATTACHMENT]
    data = json.loads(attached)
    assert data["format"] == "printables-layout" and data["version"] == VERSION
    assert data["units"] == "mm" and data["origin"] == "top-left"
    assert SheetLayout.from_json(attached) == layout(paper)
    assert data["puzzles"] == list(IDS) and data["kind"] == "matrix"
    pages = layout(paper).pages
    assert [page.number for page in pages] == list(range(1, len(pages) + 1))
    # the answer pages follow the puzzle pages, before the key
    assert [page.pdf_page for page in pages] == list(
        range(sheet(paper).student_pages - len(pages) + 1, sheet(paper).student_pages + 1)
    )
    width, height = (float(v) for v in reader.pages[pages[0].pdf_page - 1].mediabox[2:])
    assert (round(width / 72 * 25.4, 1), round(height / 72 * 25.4, 1)) == (
        round(pages[0].width, 1),
        round(pages[0].height, 1),
    )


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_every_puzzle_has_a_row_and_a_column_box_for_each_value_of_each_card(paper: str) -> None:
    marks = [box for page in answer_pages(paper) for box in page.of_kind("mark")]
    for puzzle_id in IDS:
        puzzle = get_puzzle(puzzle_id)
        mine = [box for box in marks if box.puzzle == puzzle_id]
        placed = {(box.card, box.field, box.value) for box in mine if box.card}
        expected = {
            (str(card), "row", r) for card in puzzle.cards for r in range(1, puzzle.rows + 1)
        }
        expected |= {(str(card), "column", c) for card in puzzle.cards
                     for c in range(1, puzzle.cols + 1)}  # fmt: skip
        assert placed == expected and len(mine) == len(expected) + 2
        assert sorted(box.field or "" for box in mine if not box.card) == ["changed", "impossible"]
        # a puzzle's boxes are on one page
        assert len({page.number for page in answer_pages(paper) if puzzle_id in page.puzzles}) == 1


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_mark_boxes_are_large_enough_and_apart(paper: str) -> None:
    for page in answer_pages(paper):
        boxes = page.of_kind("mark")
        assert all(box.rect.w >= 4.0 and box.rect.h >= 4.0 for box in boxes)
        for k, a in enumerate(boxes):
            for b in boxes[k + 1 :]:
                apart_x = max(b.rect.x - a.rect.right, a.rect.x - b.rect.right)
                apart_y = max(b.rect.y - a.rect.bottom, a.rect.y - b.rect.bottom)
                assert max(apart_x, apart_y) >= BOX_GAP - 0.01, (a, b)


def outlined_and_empty(image: np.ndarray, rect: Rect) -> list[str]:
    """What is wrong with the box at ``rect`` on the page: every side inked along its
    middle, white inside, and white just outside (nothing drawn against it)."""
    wrong = []
    inside = pixels(image, rect.x + 0.5, rect.y + 0.5, rect.right - 0.5, rect.bottom - 0.5)
    if inside.size == 0 or inside.min() < 235:
        wrong.append("ink inside")
    for t in np.linspace(0.2, 0.8, 7):
        x, y = rect.x + t * rect.w, rect.y + t * rect.h
        sides = {
            "top": pixels(image, x - 0.2, rect.y - 0.35, x + 0.2, rect.y + 0.35),
            "bottom": pixels(image, x - 0.2, rect.bottom - 0.35, x + 0.2, rect.bottom + 0.35),
            "left": pixels(image, rect.x - 0.35, y - 0.2, rect.x + 0.35, y + 0.2),
            "right": pixels(image, rect.right - 0.35, y - 0.2, rect.right + 0.35, y + 0.2),
        }
        wrong += [f"no line at the {name}" for name, band in sides.items() if band.min() > 110]
    if band(image, rect, 0.45, 0.8).min() < 235:
        wrong.append("ink against the box")
    return sorted(set(wrong))


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_every_mark_box_is_an_empty_outlined_box_where_the_layout_says(paper: str) -> None:
    for page in answer_pages(paper):
        image = raster(paper, page.pdf_page)
        for box in page.of_kind("mark"):
            assert outlined_and_empty(image, box.rect) == [], box


def test_a_filled_box_or_a_misplaced_one_is_told_apart() -> None:
    """The check above fails a box that is not there or not empty."""
    page = answer_pages("letter")[0]
    image = raster("letter", page.pdf_page).copy()
    box = page.of_kind("mark")[0]
    assert outlined_and_empty(image, Rect(box.rect.x + 1.5, box.rect.y, BOX, BOX)) != []
    inside = pixels(image, box.rect.x + 1.0, box.rect.y + 1.0, box.rect.x + 3.0, box.rect.y + 3.0)
    inside[:] = 0
    assert outlined_and_empty(image, box.rect) == ["ink inside"]


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_four_solid_fiducials_in_the_corners_where_the_layout_says(paper: str) -> None:
    for page in answer_pages(paper):
        image = raster(paper, page.pdf_page)
        fiducials = page.of_kind("fiducial")
        corners = {box.corner: box.rect for box in fiducials}
        assert sorted(corners) == ["bottom-left", "bottom-right", "top-left", "top-right"]
        for corner, rect in corners.items():
            assert pixels(image, rect.x + 0.3, rect.y + 0.3, rect.right - 0.3,
                          rect.bottom - 0.3).max() < 40, corner  # fmt: skip
            assert band(image, rect, 0.3, 2.0).min() > 235, f"{corner}: ink beside the fiducial"
            # in the corner's quarter of the page, outside the 15 mm margin, inside the 5 mm band
            near_x = rect.x if "left" in corner else page.width - rect.right
            near_y = rect.y if "top" in corner else page.height - rect.bottom
            assert min(near_x, near_y) >= 5.0 and max(near_x + rect.w, near_y + rect.h) <= 15.0


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_the_page_code_reads_back_as_the_layout_says(paper: str) -> None:
    pages = answer_pages(paper)
    for page in pages:
        (code,) = page.of_kind("code")
        r = code.rect
        crop = pixels(raster(paper, page.pdf_page), r.x - 2, r.y - 2, r.right + 2, r.bottom + 2)
        found = [result.text for result in zxingcpp.read_barcodes(crop)]
        assert found == [page.code]
        tag, kind, paper_name, number, *ids = page.code.split(" ")
        assert (tag, kind, paper_name) == (CODE_TAG, "matrix", paper)
        assert number == f"{page.number}/{len(pages)}"
        assert tuple(ids) == page.puzzles


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_nothing_is_drawn_in_the_outer_5_mm(paper: str) -> None:
    assert ink_near_edge(sheet(paper).pdf) == []


def test_a_scannable_sheet_is_the_same_bytes_each_time() -> None:
    options = WorksheetOptions(PAPERS["a4"], scannable=True)
    puzzles = [get_puzzle(i) for i in IDS[:2]]
    assert worksheet_pdf(puzzles, options) == worksheet_pdf(puzzles, options)


UNCHANGED = {
    "letter": "1f3a5a26c7f5fe5f54c577f98467d4889194cfc005c96a41a7aec695b9e692dd",
    "a4": "53c428a1a0fceb84ba6b6222280c26bae8236d2f490688a90b87d0e9f0117877",
}
"""The SHA-256 of a worksheet printed before scannable sheets existed: printed sheets are
promises, so a worksheet that is not scannable must stay these bytes."""


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_a_worksheet_that_is_not_scannable_is_unchanged_to_the_byte(paper: str) -> None:
    ids = [generated_id(3, 3, "solvable", "medium", 1), generated_id(4, 4, "impossible", "easy", 2),
           generated_id(5, 5, "solvable", "easy", 3)]  # fmt: skip
    options = WorksheetOptions(PAPERS[paper], "http://192.0.2.1:5000")
    printed = make_worksheet([get_puzzle(i) for i in ids], options)
    assert hashlib.sha256(printed.pdf).hexdigest() == UNCHANGED[paper]
    assert printed.layout is None and PdfReader(io.BytesIO(printed.pdf)).attachments == {}


def without_costly_areas(monkeypatch: pytest.MonkeyPatch) -> None:
    """Costly Tricks as a kind without an answer area (every kind may have one some day)."""
    import generator.documents.worksheet as worksheet_module

    kept = tuple(k for k in worksheet_module.SCANNABLE if k != "costly-tricks")
    monkeypatch.setattr(worksheet_module, "SCANNABLE", kept)


def test_a_kind_without_scannable_sheets_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    without_costly_areas(monkeypatch)
    kind = get_kind("costly-tricks")
    ids = kind.ids(1, 1, kind.choices(cards="4", question="play", level="medium"))
    with pytest.raises(WorksheetError, match="not scannable"):
        make_worksheet([kind.get(ids[0])], WorksheetOptions(PAPERS["a4"], scannable=True))


def test_the_layout_refuses_another_version() -> None:
    page = PageLayout(1, 1, 210.0, 297.0, "code", [Box("name", Rect.of(1, 2, 3, 4))])
    text = SheetLayout("worksheet", "matrix", (), (page,)).to_json()
    assert SheetLayout.from_json(text).pages[0].boxes[0].rect == Rect(1.0, 2.0, 3.0, 4.0)
    with pytest.raises(ValueError, match="version"):
        SheetLayout.from_json(text.replace(f'"version":{VERSION}', '"version":99'))


def test_the_command_prints_a_scannable_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "sheet.pdf"
    status, stdout, _ = run("worksheet", "matrix", "--scannable", "--no-qr", "--id", IDS[0],
                            "--id", IDS[2], "--out", str(out))  # fmt: skip
    assert status == 0, stdout
    assert "answer sheets to fill and scan" in stdout
    attached = PdfReader(out).attachments[ATTACHMENT][0]
    assert SheetLayout.from_json(attached).puzzles == (IDS[0], IDS[2])
    without_costly_areas(monkeypatch)
    status, _, err = run("worksheet", "costly-tricks", "--scannable", "--no-qr",
                         "--out", str(tmp_path / "tricks.pdf"))  # fmt: skip
    assert status == 2
    one_error_line(err, "not scannable")


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_a_page_s_boxes_are_drawn_again_from_its_code_alone(paper: str) -> None:
    for page in answer_pages(paper):
        again = page_from_code(page.code)
        assert (again.number, again.width, again.height) == (page.number, page.width, page.height)
        assert again.boxes == page.boxes


def test_what_is_not_a_page_code_is_refused() -> None:
    for text in ("printables-scan/1 matrix letter 1/1", "printables-scan/1 matrix letter 2/1 x",
                 "printables-scan/9 matrix letter 1/1 3x3-7sest4"):  # fmt: skip
        with pytest.raises(ValueError, match="not a Printables page code"):
            PageCode.read(text)
    with pytest.raises(ValueError, match="no answer pages"):
        page_from_code(f"{CODE_TAG} matrix legal 1/1 {IDS[0]}")


def test_the_longest_page_code_reads_back_at_150_dpi() -> None:
    """Four 3x3 sets named by their cards on one A4 page: the most text a code holds."""
    ids = [get_puzzle(generated_id(3, 3, "solvable", "easy", s)).card_id for s in range(1, 5)]
    printed = make_worksheet([get_puzzle(i) for i in ids],
                             WorksheetOptions(PAPERS["a4"], scannable=True, key=False))  # fmt: skip
    assert printed.layout is not None
    (page,) = printed.layout.pages
    assert page.puzzles == tuple(ids) and len(page.code) > 100
    image = pdfium.PdfDocument(printed.pdf)[page.pdf_page - 1].render(scale=DPI / 72)
    (code,) = page.of_kind("code")
    r = code.rect
    crop = pixels(np.asarray(image.to_pil().convert("L")), r.x - 2, r.y - 2, r.right + 2,
                  r.bottom + 2)  # fmt: skip
    assert [result.text for result in zxingcpp.read_barcodes(crop)] == [page.code]


GOLDEN = Path(__file__).with_name("golden") / "answer-pages.json"


def test_a_printed_page_code_always_means_the_same_boxes() -> None:
    """A grader draws a page's boxes again from its code, so a code once printed keeps its
    boxes (golden file: ``tests/generator/scan/golden/add_answer_pages.py`` only adds)."""
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(golden) >= 5
    for code, boxes in golden.items():
        assert [box.to_dict() for box in page_from_code(code).boxes] == boxes, code


def test_a_code_whose_puzzles_do_not_fit_one_page_is_refused() -> None:
    code = f"{CODE_TAG} matrix letter 1/1 " + " ".join(IDS[2:3] * 2)
    with pytest.raises(ValueError, match="do not fit one answer page"):
        page_from_code(code)


def test_the_instructions_send_the_pupil_to_the_answer_sheet() -> None:
    first = PdfReader(io.BytesIO(sheet("letter").pdf)).pages[0].extract_text()
    assert "answer sheet at the end" in " ".join(first.split())
    answer = PdfReader(io.BytesIO(sheet("letter").pdf)).pages[
        layout("letter").pages[0].pdf_page - 1
    ]
    assert "Fill a box; to undo, cross it out and fill 'Changed'." in answer.extract_text()


def test_with_the_key_apart_the_answer_pages_end_the_students_file() -> None:
    options = WorksheetOptions(PAPERS["letter"], scannable=True)
    printed = make_worksheet([get_puzzle(i) for i in IDS[:2]], options, key_apart=True)
    assert printed.layout is not None and printed.key_pdf is not None
    students = PdfReader(io.BytesIO(printed.pdf))
    assert printed.layout.pages[-1].pdf_page == len(students.pages) == printed.student_pages
    assert ATTACHMENT in students.attachments
    assert PdfReader(io.BytesIO(printed.key_pdf)).attachments == {}

"""Scannable worksheets printed with a roster (``--roster class.csv``): the puzzle pages
once, then a set of answer pages a pupil, each with the name printed in the name box
(read back from the PDF's text) and coded in the page's QR code (read back at 150 dpi by
zxing-cpp), the boxes where the same page without a roster has them, and bad rosters
refused in one line with no PDF written."""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp
from cli_support import one_error_line, run
from pypdf import PdfReader

from generator.documents.worksheet import WorksheetError, WorksheetOptions, make_worksheet
from generator.draw.layout import PAPERS
from generator.draw.qr import qr_modules
from generator.scan.layout import ATTACHMENT, PageLayout, Pupil, SheetLayout
from generator.scan.marks import CODE_TAG, ROSTER_TAG, PageCode, code_fits, code_text
from generator.scan.pages import page_from_code
from generator.scan.roster import RosterError, read_roster, read_roster_file
from printables.matrix.puzzles import generated_id, get_puzzle

DPI = 150
NAMES = ("Zoë Brontë", "محمد بن عبد الله", "李小龙")
"""A Latin name with accents, an Arabic one (right to left, joined letters), a Chinese one."""
IDS = (generated_id(4, 4, "solvable", "medium", 1), generated_id(4, 4, "impossible", "easy", 2),
       generated_id(5, 5, "solvable", "medium", 3))  # fmt: skip
"""Three sets over two answer pages."""


@cache
def printed(tmp: Path) -> tuple[Path, SheetLayout]:
    roster = tmp / "class.csv"
    rows = "".join(f"{name},{k}\n\n" for k, name in enumerate(NAMES, 11))
    roster.write_bytes(f"\ufeffName,Number\n{rows}".encode())
    out = tmp / "sheet.pdf"
    common = ("worksheet", "matrix", "--scannable", "--no-qr", *(f"--id={i}" for i in IDS))
    status, stdout, err = run(*common, "--roster", str(roster), "--out", str(out))
    assert status == 0, err
    assert "for each of the 3 pupils" in stdout and "the named answer sheets" in stdout
    status, _, err = run(*common, "--out", str(tmp / "plain.pdf"))
    assert status == 0, err
    return out, SheetLayout.from_json(PdfReader(out).attachments[ATTACHMENT][0])


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SheetLayout]:
    return printed(tmp_path_factory.mktemp("roster"))


def raster(pdf: Path, pdf_page: int, dpi: int = DPI) -> np.ndarray:
    page = pdfium.PdfDocument(pdf)[pdf_page - 1]
    image = page.render(scale=dpi / 72, grayscale=True).to_numpy()
    return image if image.ndim == 2 else image[..., 0]


def code_read(image: np.ndarray, page: PageLayout, dpi: int = DPI) -> list[str]:
    """The texts zxing-cpp reads in the page's code square (2 mm around it)."""
    (code,) = page.of_kind("code")
    px = dpi / 25.4
    r = code.rect
    crop = image[int((r.y - 2) * px) : int((r.bottom + 2) * px),
                 int((r.x - 2) * px) : int((r.right + 2) * px)]  # fmt: skip
    return [found.text for found in zxingcpp.read_barcodes(crop)]


def test_the_answer_pages_are_printed_once_a_pupil_after_the_puzzles_once(
    sheet: tuple[Path, SheetLayout],
) -> None:
    pdf, layout = sheet
    pages = layout.pages
    assert len(pages) == 2 * len(NAMES)
    assert [(p.pupil.name, p.pupil.number, p.pupil.ident, p.number) for p in pages
            if p.pupil is not None] == [(name, k, str(10 + k), n) for k, name in
                                        enumerate(NAMES, 1) for n in (1, 2)]  # fmt: skip
    assert len({p.pupil.class_code for p in pages if p.pupil is not None}) == 1
    # the puzzle pages come once, before every answer page, which follow one another
    first = pages[0].pdf_page
    assert [p.pdf_page for p in pages] == list(range(first, first + len(pages)))
    reader = PdfReader(pdf)
    plain = PdfReader(pdf.with_name("plain.pdf"))
    plain_layout = SheetLayout.from_json(plain.attachments[ATTACHMENT][0])
    assert [p.pdf_page for p in plain_layout.pages] == [first, first + 1]
    for k in range(first - 1):  # the same puzzle pages as without a roster, but a word
        named = " ".join(reader.pages[k].extract_text().split())
        unnamed = " ".join(plain.pages[k].extract_text().split())
        assert named.replace("the answer sheet with your name", "the answer sheet at the end") == (
            unnamed
        )
        assert ("with your name" in named) == (k == 0)
    assert len(reader.pages) == len(plain.pages) + 2 * (len(NAMES) - 1)
    for page in pages:
        assert page.pupil is not None
        text = unicodedata.normalize("NFKC", reader.pages[page.pdf_page - 1].extract_text())
        assert page.pupil.name in text, text[:200]
        others = [name for name in NAMES if name != page.pupil.name]
        assert not any(name in text for name in others)


def test_each_page_s_code_reads_back_at_150_dpi_to_its_pupil(
    sheet: tuple[Path, SheetLayout],
) -> None:
    pdf, layout = sheet
    for page in layout.pages:
        assert code_read(raster(pdf, page.pdf_page), page) == [page.code]
        code = PageCode.read(page.code)
        assert page.code.startswith(ROSTER_TAG + " ") and code.pupil is not None
        assert page.pupil is not None
        assert (code.pupil.class_code, code.pupil.number, code.pupil.name) == (
            page.pupil.class_code, page.pupil.number, page.pupil.name)  # fmt: skip
        assert (code.kind, code.number, code.pages, code.ids) == ("matrix", page.number, 2,
                                                                  page.puzzles)  # fmt: skip
        assert page.code.isascii()


def test_a_roster_page_has_the_boxes_of_the_same_page_without_one_drawn_from_its_code(
    sheet: tuple[Path, SheetLayout],
) -> None:
    _, layout = sheet
    for page in layout.pages:
        again = page_from_code(page.code)
        assert again.boxes == page.boxes and again.number == page.number
        assert again.pupil is not None and page.pupil is not None
        assert again.pupil.name == page.pupil.name
        code = PageCode.read(page.code)
        plain = code_text(code.kind, code.paper, code.number, code.pages, code.ids)
        assert plain.startswith(CODE_TAG + " ")
        assert page_from_code(plain).boxes == page.boxes


def test_the_layout_json_names_each_page_s_pupil_and_reads_back(
    sheet: tuple[Path, SheetLayout],
) -> None:
    pdf, layout = sheet
    data = json.loads(PdfReader(pdf).attachments[ATTACHMENT][0])
    assert data["version"] == 1
    first = data["pages"][0]
    assert list(first) == ["page", "pdf_page", "paper", "code", "puzzles", "pupil", "boxes"]
    pupil = layout.pages[0].pupil
    assert pupil is not None
    assert first["pupil"] == {"class": pupil.class_code, "number": 1, "name": NAMES[0],
                              "id": "11"}  # fmt: skip
    assert SheetLayout.from_json(layout.to_json()) == layout


def test_the_longest_roster_code_allowed_reads_back_at_150_dpi() -> None:
    """Three 3x3 sets named by their cards (the longest ids) and the longest Arabic name
    that still codes: the largest code a page takes."""
    ids = [get_puzzle(generated_id(3, 3, "solvable", "easy", s)).card_id for s in range(1, 4)]
    name = "م"
    while code_fits(code_text("matrix", "a4", 1, 1, ids, Pupil("0a48b2", 30, name + "ب"))):
        name += "ب"
    pupils = (Pupil("0a48b2", 30, name),)
    options = WorksheetOptions(PAPERS["a4"], scannable=True, key=False, pupils=pupils)
    made = make_worksheet([get_puzzle(i) for i in ids], options)
    assert made.layout is not None
    (page,) = made.layout.pages
    assert len(qr_modules(page.code)) == 45 + 8  # version 7, quiet zone included
    image = pdfium.PdfDocument(made.pdf)[page.pdf_page - 1].render(scale=DPI / 72)
    gray = np.asarray(image.to_pil().convert("L"))
    assert code_read(gray, page) == [page.code]
    # a letter more does not code beside three sets: they go on two pages, each coded
    longer = (Pupil("0a48b2", 30, name + "ب"),)
    options = WorksheetOptions(PAPERS["a4"], scannable=True, pupils=longer)
    spread = make_worksheet([get_puzzle(i) for i in ids], options)
    assert spread.layout is not None
    assert [p.puzzles for p in spread.layout.pages] == [tuple(ids[:2]), tuple(ids[2:])]
    assert all(code_fits(p.code) for p in spread.layout.pages)


def test_a_roster_s_header_bom_blank_lines_and_separators_are_understood() -> None:
    with_header = read_roster_file("\ufeffStudent;Id\r\n\r\nAna  López ;7\r\nBo;8\r\n".encode())
    plain = read_roster("Ana López,7\nBo,8\n")
    assert [(p.name, p.ident) for p in with_header.pupils] == [("Ana López", "7"), ("Bo", "8")]
    assert with_header == plain
    single = read_roster("Ana López\nBo\n")
    assert [p.name for p in single.pupils] == ["Ana López", "Bo"]
    assert single.class_code != plain.class_code  # another roster, another class
    assert read_roster('"López, Ana",3\n').pupils[0].name == "López, Ana"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "no names"),
        (b"Name\n\n  \n", "no names"),
        (b"Ana\nBo\nana\n", "'ana' is on the roster twice (rows 1 and 3)"),
        (b"Ana\n,12\n", "row 2 of the roster has no name"),
        (
            "Ana\n" + "Bartholomew Maximilian " * 4 + "\n",
            "too long for the answer sheet's name box",
        ),
        (b"Ana\n\xff\xfeB\x00o\x00\n", "not UTF-8"),
    ],
)
def test_a_bad_roster_is_refused_in_one_line_and_nothing_written(
    tmp_path: Path, content: bytes | str, expected: str
) -> None:
    roster = tmp_path / "class.csv"
    roster.write_bytes(content.encode() if isinstance(content, str) else content)
    out = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", "matrix", "--scannable", "--roster", str(roster),
                         "--no-qr", f"--id={IDS[0]}", "--out", str(out))  # fmt: skip
    assert status == 2
    one_error_line(err, expected)
    assert not out.exists()


def test_a_missing_roster_or_one_without_scannable_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    status, _, err = run("worksheet", "matrix", "--scannable", "--roster",
                         str(tmp_path / "none.csv"), "--no-qr", f"--id={IDS[0]}",
                         "--out", str(out))  # fmt: skip
    assert status == 2
    one_error_line(err, "none.csv", "does not exist")
    roster = tmp_path / "class.csv"
    roster.write_text("Ana\n", encoding="utf-8")
    status, _, err = run("worksheet", "matrix", "--roster", str(roster), "--no-qr",
                         f"--id={IDS[0]}", "--out", str(out))  # fmt: skip
    assert status == 2
    one_error_line(err, "--scannable")
    assert not out.exists()
    with pytest.raises(WorksheetError, match="scannable"):
        make_worksheet([get_puzzle(IDS[0])], WorksheetOptions(
            PAPERS["a4"], pupils=read_roster("Ana").pupils))  # fmt: skip


def test_a_roster_code_is_refused_by_what_reads_version_1_alone_and_checked_itself() -> None:
    roster_code = code_text("matrix", "a4", 1, 1, IDS[:1], Pupil("0a48b2", 3, "Zoë"))
    tag, *_ = roster_code.split(" ")
    assert tag == ROSTER_TAG != CODE_TAG
    for bad in (f"{ROSTER_TAG} matrix a4 1/1 0A48B2 3 Zo%C3%AB {IDS[0]}",  # class not hex
                f"{ROSTER_TAG} matrix a4 1/1 0a48b2 0 Zo%C3%AB {IDS[0]}",  # pupil 0
                f"{ROSTER_TAG} matrix a4 1/1 0a48b2 3 %FF {IDS[0]}",  # not UTF-8
                f"{ROSTER_TAG} matrix a4 1/1 0a48b2 3 Zo%C3%AB"):  # no ids  # fmt: skip
        with pytest.raises(ValueError, match="not a Printables page code"):
            PageCode.read(bad)
    with pytest.raises(RosterError):
        read_roster("\n\n")

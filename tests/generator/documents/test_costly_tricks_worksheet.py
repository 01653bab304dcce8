"""Costly Tricks worksheets, read back as a student and a teacher would: the text parsed
with pypdf, the QR codes decoded (zxing-cpp, and zbar where installed), the key checked
against the kind's own explanation, and every block's room measured."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import zxingcpp
from pypdf import PdfReader

from generator.documents import costly_tricks_blocks as blocks
from generator.documents.blocks import check_url
from generator.documents.document import Document
from generator.documents.worksheet import (
    WorksheetOptions,
    make_worksheet,
    puzzle_design,
    worksheet_pdf,
)
from generator.draw.layout import PAPERS
from generator.draw.scene import Path as Shape
from generator.draw.scene import Text
from printables.cards.decks import PARADOX
from printables.paradox.problems import KIND, Problem, generated_id, position_id
from printables.paradox.tricks import Position

BASE_URL = "http://192.168.4.20:8000"
BOOK = {
    "hands": [["R10", "R5", "G4"], ["G2", "B8", "B3"], ["G3", "P10", "P1"], ["B10", "B7", "B6"]],
    "leader": 0,
}


@cache
def mix() -> tuple[Problem, ...]:
    """Problems of every question, 3 to 6 cards a hand, and the book's position by its id."""
    ids = (
        generated_id("play", 3, "easy", 1),
        generated_id("play", 4, "hard", 2),
        generated_id("legal", 5, "medium", 3),
        generated_id("winner", 6, "hard", 4),
        generated_id("legal", 3, "hard", 5),
        position_id(Position.read(BOOK)),
    )
    return tuple(KIND.get(i) for i in ids)


@cache
def worksheet(paper: str = "letter", key: bool = True) -> bytes:
    return worksheet_pdf(mix(), WorksheetOptions(PAPERS[paper], BASE_URL, key))


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def key_start(texts: list[str]) -> int:
    return next(i for i, text in enumerate(texts) if text.startswith("Answer key"))


def test_the_kind_has_a_worksheet_design() -> None:
    assert puzzle_design("costly-tricks") is blocks.DESIGN
    assert blocks.DESIGN.title == "Costly Tricks problems"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_problem_shows_its_question_hands_id_and_address(paper: str) -> None:
    data = worksheet(paper)
    texts = page_texts(data)
    start = key_start(texts)
    sheet = texts[:start]
    for number, problem in enumerate(mix(), 1):
        (page,) = [t for t in sheet if f"id {problem.id}\n" in t]
        assert f"Puzzle {number}\n{problem.text}" in page
        assert f"/check/{problem.id}" in page
        words = page.split()
        for card in problem.cards:  # every card shown by its name, color letter included
            assert str(card) in words, (problem.id, card)
    first = sheet[0]
    assert first.startswith("Costly Tricks problems\nName:")
    assert "A (bottom) and his ghost (top) against B (left) and his ghost (right)" in " ".join(
        first.split()
    )


def test_the_key_starts_on_its_own_page_and_says_every_answer() -> None:
    texts = page_texts(worksheet())
    start = key_start(texts)
    key = " ".join(" ".join(texts[start:]).split())
    assert "Answer key" not in " ".join(texts[:start])
    for number, problem in enumerate(mix(), 1):
        assert f"Puzzle {number} ({problem.id}, {problem.grade.text})" in key
        for sentence in KIND.explain(problem):
            assert " ".join(sentence.split()) in key, sentence
        if problem.question == "play":
            assert problem.solution is not None
            for card, value in problem.solution.cards.items():
                assert f"{card} {value:+d}" in key or f"{card} 0" in key


def test_without_the_key_there_are_no_key_pages() -> None:
    texts = page_texts(worksheet(key=False))
    assert not any(t.startswith("Answer key") for t in texts)
    assert len(texts) < len(page_texts(worksheet()))


def qr_texts(data: bytes, page: int, dpi: int = 200) -> list[str]:
    image = pdfium.PdfDocument(data)[page].render(scale=dpi / 72).to_pil().convert("RGB")
    return sorted(code.text for code in zxingcpp.read_barcodes(image))


def test_the_qr_codes_open_the_checking_pages() -> None:
    data = worksheet()
    texts = page_texts(data)
    found = []
    for page in range(key_start(texts)):
        expected = sorted(check_url(BASE_URL, p.id) for p in mix() if f"id {p.id}\n" in texts[page])
        codes = qr_texts(data, page)
        assert codes == expected, page
        found += codes
    assert sorted(found) == sorted(check_url(BASE_URL, p.id) for p in mix())


@pytest.mark.skipif(
    shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None,
    reason="zbarimg (zbar-tools) and pdftoppm (poppler-utils) are not installed",
)
def test_zbar_reads_the_codes_too(tmp_path: Path) -> None:
    pdf = tmp_path / "worksheet.pdf"
    pdf.write_bytes(worksheet())
    subprocess.run(["pdftoppm", "-r", "200", "-png", str(pdf), str(tmp_path / "page")],
                   check=True, timeout=120)  # fmt: skip
    found = []
    for image in sorted(tmp_path.glob("page-*.png")):
        command = ["zbarimg", "--quiet", "--raw", str(image)]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
        found += result.stdout.split()
    assert sorted(found) == sorted(check_url(BASE_URL, p.id) for p in mix())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_block_takes_the_room_it_says(paper: str) -> None:
    for problem in mix():
        doc = Document(PAPERS[paper], "test")
        doc.new_page()
        top = doc.y
        plan = blocks.plan_puzzle(problem, doc.width, doc.bottom - top)
        assert plan is not None
        blocks.draw_puzzle(doc, problem, 12, check_url(BASE_URL, problem.id), plan)
        assert doc.y - top == pytest.approx(plan.height)
        assert blocks.plan_puzzle(problem, doc.width, plan.height - 0.1) is None
        top = doc.y
        blocks.draw_key(doc, problem, "Puzzle 12")
        assert doc.y - top == pytest.approx(blocks.key_height(problem, doc.width))
        assert doc.width >= blocks.DIAGRAM_WIDTH + 6.0 + 62.0  # the diagram beside the code


@cache
def sheet_of(question: str) -> tuple[Problem, ...]:
    """Twelve problems of a question, as a worksheet asks one question throughout."""
    return tuple(KIND.get(i) for i in KIND.ids(12, 7, KIND.choices(question=question)))


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(
    ("question", "count", "pages"),
    [("play", 12, [3, 3, 3, 3]), ("play", 10, [3, 4, 3]), ("play", 7, [3, 4]),
     # a line across the page below each diagram: three a page
     ("legal", 12, [3, 3, 3, 3]), ("legal", 10, [3, 3, 2, 2]), ("winner", 7, [3, 2, 2])],
)  # fmt: skip
def test_problems_fill_as_few_pages_as_hold_them_spread_evenly(
    paper: str, question: str, count: int, pages: list[int]
) -> None:
    """As few pages as hold the problems (three fit the first, four the others when the
    answers are written beside the code), and no page left with one problem while others
    hold more."""
    problems = list(sheet_of(question)[:count])
    printed = make_worksheet(problems, WorksheetOptions(PAPERS[paper], BASE_URL, key=False))
    texts = [page.extract_text() for page in PdfReader(io.BytesIO(printed.pdf)).pages]
    assert [len(re.findall(r"Puzzle \d+\n", text)) for text in texts] == pages
    assert list(printed.counts) == pages and printed.student_pages == len(pages)


def test_a_card_reads_without_color() -> None:
    """Each chip prints the card's name, color letter first, and its color's own mark."""
    marks = set()
    for card in PARADOX.cards:
        scene = blocks.chip(card)
        names = [item.text for item in scene.items if isinstance(item, Text)]
        assert names == [str(card)]
        mark = scene.items[1]
        assert isinstance(mark, Shape)
        marks.add((str(card)[0], mark.points))
    assert len({points for _, points in marks}) == 4

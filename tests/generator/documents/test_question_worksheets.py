"""Worksheets of every question kind (nada, poker, placement, secret card, cipher, and any
kind registered later), read back as a student and a teacher would: the text parsed with
pypdf, the pages rasterized with pdfium (for the QR codes, which zxing-cpp reads, and the
ink), every kind and each of its questions on A4 and Letter. (zbar reads a Matrix sheet's
codes too, in test_worksheet.py; here each of some fifty sheets would take it 1.2 s against
zxing-cpp's 0.2 s.)

A kind joins these tests by being registered: the cases are every
:class:`~printables.questions.base.QuestionKind` in :func:`printables.puzzles.kinds`, and
each of its questions, at the hard level (the most cards)."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pypdfium2 as pdfium
import pytest
import zxingcpp
from pdf_probe import ink_near_edge
from pypdf import PdfReader

from generator.documents.worksheet import (
    Worksheet,
    WorksheetError,
    WorksheetOptions,
    make_worksheet,
)
from generator.draw.layout import PAPERS
from printables.questions.base import Question, question_kinds

BASE_URL = "http://10.0.7.3:5000"
POINTS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
COUNT = 12
SEED = 21
FEW = 3
"""Puzzles on a sheet where twelve are not needed."""
MOST = 8
"""The most puzzles a page the command takes (--per-page 1 to 8)."""
AT_MOST = re.compile(r"; at most (\d+) do$")

QUESTION_KINDS = question_kinds()
CASES = [
    pytest.param(key, question, id=f"{key}-{question}")
    for key, kind in QUESTION_KINDS.items()
    for question in kind.questions.values()
]
ONE_PER_KIND = [
    pytest.param(key, kind.first, id=f"{key}-{kind.first}") for key, kind in QUESTION_KINDS.items()
]
PAPER_NAMES = ["a4", "letter"]


@cache
def puzzles(key: str, question: str, count: int = COUNT) -> tuple[Question, ...]:
    """The hard puzzles of a worksheet printed from :data:`SEED`."""
    kind = QUESTION_KINDS[key]
    choices = kind.choices(question=question, level="hard")
    return tuple(kind.get(i) for i in kind.ids(count, SEED, choices))


@dataclass(frozen=True)
class Printed:
    """A worksheet as printed, and its pages' text."""

    sheet: Worksheet
    texts: tuple[str, ...]

    @property
    def students(self) -> tuple[str, ...]:
        return self.texts[: self.sheet.student_pages]

    @property
    def answers(self) -> tuple[str, ...]:
        return self.texts[self.sheet.student_pages :]


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str, str], Printed]:
    """Twelve hard puzzles of a kind and question on a paper, with QR codes and the key:
    printed once a run, kept in the run's temporary folder that every xdist worker shares
    (each worker would otherwise print most of them again), and once a module in memory."""
    shared = tmp_path_factory.getbasetemp()
    if shared.name.startswith("popen-gw"):  # a worker's own folder: use the run's
        shared = shared.parent
    folder = shared / "question-worksheets"
    folder.mkdir(exist_ok=True)

    @cache
    def make(key: str, question: str, paper: str) -> Printed:
        stored = folder / f"{key}-{question}-{paper}.json"
        if stored.exists():
            data = json.loads(stored.read_text(encoding="utf-8"))
            pdf = (folder / f"{key}-{question}-{paper}.pdf").read_bytes()
            students, keys, counts = data["pages"]
            return Printed(Worksheet(pdf, None, students, keys, tuple(counts)),
                           tuple(data["texts"]))  # fmt: skip
        options = WorksheetOptions(PAPERS[paper], BASE_URL)
        printed = make_worksheet(puzzles(key, question), options)
        texts = tuple(page_texts(printed.pdf))
        pages = [printed.student_pages, printed.key_pages, list(printed.counts)]
        record = json.dumps({"pages": pages, "texts": texts}).encode()
        name = f"{key}-{question}-{paper}"
        for path, content in ((folder / f"{name}.pdf", printed.pdf), (stored, record)):
            part = path.with_name(f"{path.name}.{os.getpid()}")  # whole, then renamed
            part.write_bytes(content)
            os.replace(part, path)  # the record last: once it is there, the PDF is too
        return Printed(printed, texts)

    return make


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def flat(text: str) -> str:
    """Text with every run of white space (a line break where a sentence wraps) one space."""
    return " ".join(text.split())


def ids_on(text: str, printed: tuple[Question, ...]) -> list[str]:
    return [p.id for p in printed if f"id {p.id}" in flat(text)]


def qr_codes(data: bytes, dpi: int = 150) -> list[list[str]]:
    """Per page, the texts of the QR codes zxing-cpp reads on it (rendered in gray by
    pdfium at ``dpi``), sorted."""
    pages = []
    for page in pdfium.PdfDocument(data):
        image = page.render(scale=dpi / 72, grayscale=True).to_pil()
        codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        pages.append(sorted(code.text for code in codes))
    return pages


# -- the students' pages and the key ----------------------------------------------------------

Sheet = Callable[[str, str, str], Printed]


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("key", "question"), CASES)
def test_the_students_pages_hold_every_puzzle_its_question_and_its_cards(
    sheet: Sheet, key: str, question: str, paper: str
) -> None:
    printed = sheet(key, question, paper)
    reader = PdfReader(io.BytesIO(printed.sheet.pdf))
    assert printed.sheet.pdf.startswith(b"%PDF-") and printed.sheet.key_pdf is None
    assert len(reader.pages) == printed.sheet.student_pages + printed.sheet.key_pages
    assert printed.sheet.student_pages >= 1 and printed.sheet.key_pages >= 1
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(POINTS[paper][0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(POINTS[paper][1], abs=0.01)
    shown = puzzles(key, question)
    assert len(shown) == COUNT
    on_pages = [ids_on(text, shown) for text in printed.students]
    # every id once on the students' pages, in order; the first page holds per_page
    assert [i for ids in on_pages for i in ids] == [p.id for p in shown]
    assert all(1 <= len(ids) <= MOST for ids in on_pages), on_pages
    assert len(on_pages[0]) == printed.sheet.per_page
    for number, puzzle in enumerate(shown, 1):
        text = flat(next(t for t in printed.students if f"id {puzzle.id}" in flat(t)))
        assert f"Puzzle {number} " in text
        assert flat(puzzle.text) in text, puzzle.text
        for group in puzzle.groups:
            assert group.label in text, (puzzle.id, group.label)
        for card in puzzle.cards:
            assert str(card) in text, (puzzle.id, str(card))
        for field in puzzle.answer_fields:
            assert field in text, (puzzle.id, field)
    assert flat(QUESTION_KINDS[key].rules_for(question)) in flat(printed.students[0])


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("key", "question"), CASES)
def test_the_students_pages_give_no_answer_away(
    sheet: Sheet, key: str, question: str, paper: str
) -> None:
    students = flat("\n".join(sheet(key, question, paper).students))
    assert "Answer:" not in students and "Answer key" not in students
    for puzzle in puzzles(key, question):
        assert flat(puzzle.grade) not in students, puzzle.grade
        for line in puzzle.key:
            assert flat(line) not in students, (puzzle.id, line)


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("key", "question"), CASES)
def test_the_key_pages_hold_every_answer_and_its_reasons(
    sheet: Sheet, key: str, question: str, paper: str
) -> None:
    printed = sheet(key, question, paper)
    assert printed.answers[0].startswith("Answer key")
    answers = flat("\n".join(printed.answers))
    place = 0
    for number, puzzle in enumerate(puzzles(key, question), 1):
        heading = answers.find(f"Puzzle {number} ({puzzle.id}, ", place)
        assert heading >= place, f"no key heading for puzzle {number} ({puzzle.id}) in order"
        place = heading
        assert flat(f"Answer: {puzzle.answer}") in answers, puzzle.answer
        for line in puzzle.key:
            assert flat(line) in answers, (puzzle.id, line)


# -- QR codes -----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("key", "question"), CASES)
def test_every_qr_code_is_the_checking_page_of_an_id_printed_beside_it(
    sheet: Sheet, key: str, question: str, paper: str
) -> None:
    printed = sheet(key, question, paper)
    codes = qr_codes(printed.sheet.pdf)
    assert len(codes) == len(printed.texts)
    shown = puzzles(key, question)
    for number, (found, text) in enumerate(zip(codes, printed.texts, strict=True), 1):
        if number <= printed.sheet.student_pages:
            expected = sorted(f"{BASE_URL}/check/{i}" for i in ids_on(text, shown))
        else:
            expected = []  # no codes in the key
        assert found == expected, f"page {number}"
    everything = sorted(c for page in codes for c in page)
    assert everything == sorted(f"{BASE_URL}/check/{p.id}" for p in shown)


@pytest.mark.parametrize(("key", "question"), CASES)
def test_without_an_address_there_is_no_qr_code(key: str, question: str) -> None:
    shown = puzzles(key, question)[:FEW]
    printed = make_worksheet(shown, WorksheetOptions(PAPERS["a4"]))
    text = flat("\n".join(page_texts(printed.pdf)))
    assert "/check/" not in text and "http" not in text
    assert all(f"id {puzzle.id}" in text for puzzle in shown)
    assert qr_codes(printed.pdf) == [[]] * (printed.student_pages + printed.key_pages)


# -- ink ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("key", "question"), CASES)
def test_nothing_is_drawn_in_the_outer_5_mm(
    sheet: Sheet, key: str, question: str, paper: str
) -> None:
    assert ink_near_edge(sheet(key, question, paper).sheet.pdf) == []


@pytest.mark.parametrize(("key", "question"), ONE_PER_KIND)
def test_a_page_of_every_kind_shows_its_cards_at_60_dpi(
    sheet: Sheet, key: str, question: str
) -> None:
    printed = sheet(key, question, "letter")
    document = pdfium.PdfDocument(printed.sheet.pdf)
    # the first student page (with colored cards), then the first page of the key
    for number, least_color in ((0, 0.002), (printed.sheet.student_pages, 0.0)):
        pixels = document[number].render(scale=60 / 72).to_numpy()[..., :3].astype(int)
        dark = (pixels.min(axis=2) < 200).mean()
        assert dark > 0.01, f"page {number + 1} is blank ({dark:.2%} ink)"
        colored = (pixels.max(axis=2) - pixels.min(axis=2) > 60).mean()
        assert colored >= least_color, f"no colored cards on page {number + 1}"


# -- choices: per page, the key apart -------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize(("key", "question"), CASES)
def test_per_page_is_honoured_and_too_many_are_refused_saying_how_many_fit(
    key: str, question: str, paper: str
) -> None:
    shown = puzzles(key, question)

    def print_with(per_page: int, count: int = COUNT) -> Worksheet:
        options = WorksheetOptions(PAPERS[paper], BASE_URL, key=False, per_page=per_page)
        return make_worksheet(shown[:count], options)

    try:
        print_with(MOST)
        most = MOST
    except WorksheetError as error:
        message = str(error)
        found = AT_MOST.search(message)
        assert found, message
        most = int(found[1])
        assert 1 <= most < MOST, message
        assert message.startswith(f"{MOST} ") and PAPERS[paper].name in message, message
        if most + 1 < MOST:  # the next one up is refused too, naming the same number
            with pytest.raises(WorksheetError, match=f"; at most {most} do$"):
                print_with(most + 1)
    # the most that fit, and one, a page: two pages, the puzzles spread evenly over them
    for per_page in sorted({1, most}):
        printed = print_with(per_page, per_page + 1)
        spread = [(per_page + 2) // 2, (per_page + 1) // 2]
        assert list(printed.counts) == spread and printed.key_pages == 0
        texts = page_texts(printed.pdf)
        assert len(texts) == printed.student_pages == 2
        assert [len(ids_on(text, shown)) for text in texts] == spread


@pytest.mark.parametrize(("key", "question"), CASES)
def test_the_key_apart_is_a_pdf_of_its_own(key: str, question: str) -> None:
    shown = puzzles(key, question)[:FEW]
    options = WorksheetOptions(PAPERS["letter"], BASE_URL)
    printed = make_worksheet(shown, options, key_apart=True)
    assert printed.key_pdf is not None
    students, answers = page_texts(printed.pdf), page_texts(printed.key_pdf)
    assert len(students) == printed.student_pages and len(answers) == printed.key_pages >= 1
    students_text, answers_text = flat("\n".join(students)), flat("\n".join(answers))
    assert "Answer:" not in students_text and "Answer key" not in students_text
    assert answers[0].startswith("Answer key")
    for puzzle in shown:
        assert f"id {puzzle.id}" in students_text
        assert flat(f"Answer: {puzzle.answer}") in answers_text
        assert all(flat(line) in answers_text for line in puzzle.key)
    # the same students' pages as the worksheet with its key
    together = make_worksheet(shown, options)
    assert page_texts(together.pdf)[: together.student_pages] == students

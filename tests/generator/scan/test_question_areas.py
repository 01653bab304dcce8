"""Scannable worksheets of the question kinds (nada, poker, placement, secret card,
cipher, challenge): for every question, on both papers, each puzzle's answer area has
the boxes its answer's shape needs and nothing more, no text lies on other text, no ink
touches a box or the outer 5 mm, and a page's boxes are drawn again from its code."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pdf_probe import ink_near_edge, overlapping_words

from generator.documents.document import MARGIN
from generator.documents.worksheet import Worksheet, WorksheetOptions, make_worksheet
from generator.draw.layout import PAPERS
from generator.scan.layout import Box, Rect
from generator.scan.marks import BOX_GAP, PageCode
from generator.scan.pages import page_from_code
from generator.scan.question_shape import member_fields, shape_of
from printables.puzzles import get_kind, kind_of
from printables.questions.base import Question, QuestionKind, question_kinds

CASES = [(key, q, "medium") for key, kind in question_kinds().items()
         for q in kind.questions.values()] + [("placement", "eighty-one", "hard"),
                                               ("challenge", "layout", "hard")]  # fmt: skip
"""Every question of every kind, with Eighty-One's order and a 5 x 5 layout."""
NAMES = [f"{kind}-{question}-{level}" for kind, question, level in CASES]
DPI = 150
GOLDEN = Path(__file__).with_name("golden") / "answer-pages.json"
PX = DPI / 25.4


@cache
def printed(kind: str, question: str, level: str, paper: str) -> Worksheet:
    made = get_kind(kind)
    ids = made.ids(3, 11, made.choices(question=question, level=level))
    options = WorksheetOptions(PAPERS[paper], scannable=True)
    return make_worksheet([made.get(i) for i in ids], options)


def expected(puzzle: Question) -> Counter[tuple[str, str, str, int | None, int | None]]:
    """The mark boxes ``puzzle``'s area must have: (field, card, option, value, place)."""
    shape = shape_of(puzzle)
    want: Counter[tuple[str, str, str, int | None, int | None]] = Counter()
    if shape == "choice":
        for o in puzzle.options:
            field = "impossible" if puzzle.several and o == puzzle.nothing else "choice"
            want[(field, "", o, None, None)] += 1
    elif shape == "order":
        n = len(puzzle.options)
        want.update(("rank", "", o, v, None) for o in puzzle.options for v in range(1, n + 1))
    elif shape == "card":
        want.update(("attribute", "", letter, None, place)
                    for place, letters in enumerate(("BGR", "bgw", "=~z", "SCT"), 1)
                    for letter in letters)  # fmt: skip
    elif shape == "grid":
        rows, cols = puzzle.answer_grid
        for c in puzzle.cards:
            want.update(("row", str(c), "", r, None) for r in range(1, rows + 1))
            want.update(("column", str(c), "", k, None) for k in range(1, cols + 1))
    else:
        want.update(("member", str(c), "", v, None) for c in puzzle.answer_cards
                    for v in range(1, member_fields(puzzle) + 1))  # fmt: skip
    if puzzle.nothing and shape != "choice":
        want[("impossible", "", puzzle.nothing, None, None)] += 1
    want[("changed", "", "", None, None)] += 1
    return want


def meaning(box: Box) -> tuple[str, str, str, int | None, int | None]:
    return (str(box.field), box.card, box.option, box.value, box.place)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize(("kind", "question", "level"), CASES, ids=NAMES)
def test_each_area_has_the_boxes_of_its_answer_s_shape(
    kind: str, question: str, level: str, paper: str
) -> None:
    sheet = printed(kind, question, level, paper)
    assert sheet.layout is not None and sheet.layout.kind == kind
    marks = [box for page in sheet.layout.pages for box in page.of_kind("mark")]
    for puzzle_id in sheet.layout.puzzles:
        puzzle = get_kind(kind).get(puzzle_id)
        mine = Counter(meaning(box) for box in marks if box.puzzle == puzzle_id)
        assert mine == expected(puzzle), puzzle_id
        pages = {page.number for page in sheet.layout.pages if puzzle_id in page.puzzles}
        assert len(pages) == 1


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize(("kind", "question", "level"), CASES, ids=NAMES)
def test_boxes_are_apart_inside_the_margins_and_drawn_again_from_the_code(
    kind: str, question: str, level: str, paper: str
) -> None:
    sheet = printed(kind, question, level, paper)
    assert sheet.layout is not None
    for page in sheet.layout.pages:
        boxes = page.of_kind("mark")
        for k, a in enumerate(boxes):
            assert a.rect.x >= MARGIN - 0.01 and a.rect.right <= page.width - MARGIN + 0.01
            for b in boxes[k + 1 :]:
                apart_x = max(b.rect.x - a.rect.right, a.rect.x - b.rect.right)
                apart_y = max(b.rect.y - a.rect.bottom, a.rect.y - b.rect.bottom)
                assert max(apart_x, apart_y) >= BOX_GAP - 0.01, (a, b)
        assert page_from_code(page.code).boxes == page.boxes


def clear_of(image: np.ndarray, rect: Rect) -> bool:
    """Whether the box at ``rect`` is white inside and nothing is drawn against it (0.45
    to 0.8 mm outside its outline)."""
    inside = image[int((rect.y + 0.5) * PX) : int((rect.bottom - 0.5) * PX),
                   int((rect.x + 0.5) * PX) : int((rect.right - 0.5) * PX)]  # fmt: skip
    y0, x0 = int((rect.y - 0.8) * PX), int((rect.x - 0.8) * PX)
    y1, x1 = int((rect.bottom + 0.8) * PX) + 1, int((rect.right + 0.8) * PX) + 1
    cy, cx = np.mgrid[y0:y1, x0:x1]
    cx_mm, cy_mm = (cx + 0.5) / PX, (cy + 0.5) / PX
    out = np.maximum.reduce([rect.x - cx_mm, cx_mm - rect.right, rect.y - cy_mm,
                             cy_mm - rect.bottom])  # fmt: skip
    ring = image[y0:y1, x0:x1][(out >= 0.45) & (out <= 0.8)]
    return bool(inside.min() >= 235 and ring.min() >= 235)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize(("kind", "question", "level"), CASES, ids=NAMES)
def test_no_text_on_text_no_ink_against_a_box_nor_in_the_outer_5_mm(
    kind: str, question: str, level: str, paper: str
) -> None:
    sheet = printed(kind, question, level, paper)
    assert sheet.layout is not None
    assert overlapping_words(sheet.pdf) == []
    assert ink_near_edge(sheet.pdf) == []
    pdf = pdfium.PdfDocument(sheet.pdf)
    for page in sheet.layout.pages:
        image = pdf[page.pdf_page - 1].render(scale=DPI / 72, grayscale=True).to_numpy()
        image = image if image.ndim == 2 else image[..., 0]
        assert [b for b in page.of_kind("mark") if not clear_of(image, b.rect)] == []


def test_the_check_above_sees_ink_against_a_box() -> None:
    sheet = printed("nada", "most", "medium", "letter")
    assert sheet.layout is not None
    page = sheet.layout.pages[0]
    image = pdfium.PdfDocument(sheet.pdf)[page.pdf_page - 1].render(
        scale=DPI / 72, grayscale=True).to_numpy().copy()  # fmt: skip
    box = page.of_kind("mark")[0].rect
    assert clear_of(image, box)
    image[int(box.y * PX) : int(box.bottom * PX), int((box.right + 0.6) * PX)] = 0
    assert not clear_of(image, box)


def test_the_golden_pages_hold_every_question_and_every_shape() -> None:
    """The golden file (``tests/generator/scan/golden/add_answer_pages.py``, checked by
    ``test_a_printed_page_code_always_means_the_same_boxes``) keeps the boxes of every
    question's answer pages, so a printed question page always means the same boxes."""
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    asked = set()
    for code in golden:
        read = PageCode.read(code)
        if read.kind == "mat":  # a MAT form's items are sets, not puzzle ids
            continue
        for puzzle_id in read.ids:
            kind = kind_of(puzzle_id)
            if isinstance(kind, QuestionKind):
                puzzle = kind.get(puzzle_id)
                asked.add((kind.key, puzzle.question, shape_of(puzzle)))
    every = {(key, q) for key, kind in question_kinds().items() for q in kind.questions.values()}
    assert {(key, q) for key, q, _ in asked} == every
    assert {shape for _, _, shape in asked} == {"choice", "order", "card", "cards", "grid"}

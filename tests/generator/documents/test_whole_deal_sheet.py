"""A worksheet of whole-deal Costly Tricks problems (11 cards a hand): two or three a page,
the ids, the key, its answer sheet, no text over other text and nothing near the paper's
edge."""

from __future__ import annotations

import io

import pytest
from pdf_probe import ink_near_edge, overlapping_words
from pypdf import PdfReader

from generator.documents.worksheet import WorksheetOptions, make_worksheet
from generator.draw.layout import PAPERS
from generator.scan.marks import BOX_GAP
from generator.scan.pages import page_from_code
from printables.paradox.problems import KIND
from printables.paradox.solver import COMPILED

BASE_URL = "http://192.168.4.20:8000"
HARD_ID = "costly-tricks-d-c3cj5p"
"""As tests/printables/paradox/test_whole_deals.py pins it (about a minute to make)."""


@pytest.mark.skipif(not COMPILED, reason="a whole deal needs the solver's compiled search")
def test_a_whole_deal_sheet_prints_its_ids_and_key_within_the_margins() -> None:
    problem = KIND.get(HARD_ID)
    for paper in ("letter", "a4"):
        options = WorksheetOptions(PAPERS[paper], BASE_URL)
        printed = make_worksheet([problem] * 4, options)  # one problem's cost
        texts = [page.extract_text() for page in PdfReader(io.BytesIO(printed.pdf)).pages]
        start = next(i for i, t in enumerate(texts) if t.startswith("Answer key"))
        assert printed.counts == (2, 2)  # three fit a page at most, spread evenly
        for page in texts[:start]:
            assert f"id {HARD_ID}\n" in page and f"/check/{HARD_ID}" in page
            assert "A to lead: which card, and what net for A?" in page
        assert all(str(card) in texts[0].split() for card in problem.cards)
        key = " ".join(" ".join(texts[start:]).split())
        assert f"Puzzle 4 ({HARD_ID}, {problem.grade.text})" in key
        for sentence in KIND.explain(problem):
            assert " ".join(sentence.split()) in key
        assert overlapping_words(printed.pdf) == []
        assert ink_near_edge(printed.pdf) == []


@pytest.mark.skipif(not COMPILED, reason="a whole deal needs the solver's compiled search")
def test_a_whole_deal_s_answer_sheet_has_a_box_a_card_on_two_rows() -> None:
    problem = KIND.get(HARD_ID)
    options = WorksheetOptions(PAPERS["a4"], BASE_URL, scannable=True)
    printed = make_worksheet([problem] * 3, options)
    assert printed.layout is not None
    (page,) = printed.layout.pages
    boxes = [b for b in page.boxes if b.field == "choice"]  # three problems' boxes
    hand = [str(c) for c in problem.hands[problem.seat]]
    assert [b.card for b in boxes] == hand * 3
    assert len({round(b.rect.y, 3) for b in boxes}) == 3 * 2  # six cards a row
    marks = [b.rect for b in page.boxes if b.kind == "mark"]
    for k, a in enumerate(marks):
        for b in marks[k + 1 :]:
            assert (
                max(b.x - a.right, a.x - b.right, b.y - a.bottom, a.y - b.bottom) >= BOX_GAP - 0.01
            )
    redrawn = page_from_code(page.code)
    assert [b.to_dict() for b in redrawn.boxes] == [b.to_dict() for b in page.boxes]
    assert overlapping_words(printed.pdf) == []
    assert ink_near_edge(printed.pdf) == []

"""Costly Tricks answer areas on scannable worksheets: each question's boxes mean what the
problem asks (the hand's cards in the worksheet's order, the net's sign and digits, the
seats), the net's digits hold any net the cards allow, the page's code reads back at
150 dpi and draws the same boxes again, and the page keeps its words apart and its ink
off the paper's edge."""

from __future__ import annotations

from functools import cache
from itertools import pairwise

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp
from pdf_probe import ink_near_edge, overlapping_words

from generator.documents.worksheet import Worksheet, WorksheetOptions, make_worksheet
from generator.draw.layout import PAPERS
from generator.scan.costly_area import largest_net, net_places, seat_cards
from generator.scan.layout import PageLayout, Pupil
from generator.scan.marks import BOX_GAP, code_fits, code_text
from generator.scan.pages import page_from_code
from printables.paradox.problems import KIND, Problem
from printables.paradox.tricks import SEATS

DPI = 150
QUESTIONS = ("play", "legal", "winner")


@cache
def problems(question: str, cards: int = 4, count: int = 4) -> tuple[Problem, ...]:
    ids = KIND.ids(count, 7, KIND.choices(cards=str(cards), question=question))
    return tuple(KIND.get(i) for i in ids)


@cache
def sheet(question: str, paper: str = "letter") -> Worksheet:
    options = WorksheetOptions(PAPERS[paper], "http://192.0.2.1:5000", scannable=True)
    return make_worksheet(list(problems(question)), options)


def pages(question: str, paper: str = "letter") -> tuple[PageLayout, ...]:
    layout = sheet(question, paper).layout
    assert layout is not None
    return layout.pages


def marks(page: PageLayout, puzzle_id: str, field: str) -> list[object]:
    return [b for b in page.boxes if b.puzzle == puzzle_id and b.field == field]


@pytest.mark.parametrize("question", QUESTIONS)
def test_each_problem_s_boxes_mean_what_it_asks(question: str) -> None:
    found = 0
    for page in pages(question):
        for puzzle_id in page.puzzles:
            problem = KIND.get(puzzle_id)
            found += 1
            assert len(marks(page, puzzle_id, "changed")) == 1
            if question == "winner":
                seats = [b.option for b in marks(page, puzzle_id, "choice")]  # type: ignore[attr-defined]
                assert seats == list(SEATS)
                continue
            field = "choice" if question == "play" else "member"
            cards = [b.card for b in marks(page, puzzle_id, field)]  # type: ignore[attr-defined]
            assert cards == [str(c) for c in seat_cards(problem)]
            assert cards == [str(c) for c in problem.hands[problem.position.to_move]]
            if question == "play":
                signs = [b.option for b in marks(page, puzzle_id, "sign")]  # type: ignore[attr-defined]
                assert signs == ["+", "-"]
                digits = marks(page, puzzle_id, "digit")
                places = net_places(problem)
                assert {b.place for b in digits} == {p for p, _, _ in places}  # type: ignore[attr-defined]
            else:
                assert not marks(page, puzzle_id, "sign") and not marks(page, puzzle_id, "digit")
    assert found == 4


@pytest.mark.parametrize("question", QUESTIONS)
def test_boxes_keep_apart_and_the_page_keeps_its_words_apart_and_edges_clear(
    question: str,
) -> None:
    for page in pages(question):
        assert code_fits(page.code)  # small areas: no more ids than the code holds
        boxes = [b.rect for b in page.boxes if b.kind == "mark"]
        for k, a in enumerate(boxes):
            for b in boxes[k + 1 :]:
                apart = max(b.x - a.right, a.x - b.right, b.y - a.bottom, a.y - b.bottom)
                assert apart >= BOX_GAP - 0.01, (a, b)
    pdf = sheet(question).pdf
    assert overlapping_words(pdf) == []
    assert ink_near_edge(pdf) == []


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_page_s_code_reads_back_and_draws_the_same_boxes(question: str) -> None:
    printed = sheet(question, "a4")
    for page in pages(question, "a4"):
        assert code_fits(page.code)
        redrawn = page_from_code(page.code)
        assert [b.to_dict() for b in redrawn.boxes] == [b.to_dict() for b in page.boxes]
        image = pdfium.PdfDocument(printed.pdf)[page.pdf_page - 1].render(scale=DPI / 72)
        gray = np.asarray(image.to_pil().convert("L"))
        (code,) = page.of_kind("code")
        px = DPI / 25.4
        r = code.rect
        crop = gray[int((r.y - 2) * px) : int((r.bottom + 2) * px),
                    int((r.x - 2) * px) : int((r.right + 2) * px)]  # fmt: skip
        assert [found.text for found in zxingcpp.read_barcodes(crop)] == [page.code]


@pytest.mark.parametrize("cards", [3, 4])
def test_the_net_s_digits_hold_every_net_the_cards_allow(cards: int) -> None:
    """Every legal card's net (the solver's, best play after it) is within the bound, and
    the places hold the bound."""
    for problem in problems("play", cards, 12):
        most = largest_net(problem)
        assert problem.solution is not None
        assert all(abs(v) <= most for v in problem.solution.cards.values())
        places = net_places(problem)
        assert len(places) == len(str(most))
        assert int("".join(str(high) for _, _, high in places)) >= most


def test_a_roster_s_names_spread_the_problems_over_pages_rather_than_refuse() -> None:
    """Costly Tricks ids are long: a page holds as many as its code holds beside the
    longest name, and the next one would not fit."""
    pupils = (Pupil("0a48b2", 1, "Ana López"), Pupil("0a48b2", 2, "Ana María López García"))
    options = WorksheetOptions(PAPERS["letter"], scannable=True, key=False, pupils=pupils)
    made = make_worksheet(list(problems("legal")), options)
    assert made.layout is not None
    mine = [p for p in made.layout.pages if p.pupil == made.layout.pages[0].pupil]
    assert len(mine) > 1 and all(code_fits(p.code) for p in made.layout.pages)
    ids = [i for p in mine for i in p.puzzles]
    assert ids == [p.id for p in problems("legal")]
    for page, after in pairwise(mine):
        longer = code_text("costly-tricks", "letter", 4, 4, [*page.puzzles, after.puzzles[0]],
                           pupils[1])  # fmt: skip
        assert not code_fits(longer)

"""Every document the project prints, as a printer and a PDF viewer meet it.

No ink within 5 mm of the paper's edge, on any page: many printers cannot print the outer
4 to 5 mm. Each page is rasterized (pdfium) and its outer band must be white: decks on
Letter and A4 at every card size and bleed, worksheets, MAT kits, score sheets and the
calibration sheet. And every PDF asks the viewer to print at actual size, names itself
(a title and the creating application), and a deck with backs asks for long-edge duplex."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import partial

import pytest
from pdf_probe import ink_near_edge
from pypdf import PdfReader, PdfWriter

from generator.documents.calibration import calibration_pdf
from generator.documents.decks import DeckOptions, deck_pdf
from generator.documents.handouts import handouts_pdf
from generator.documents.matkit import KitOptions, mat_kit_pdf
from generator.documents.notation import notation_pdf
from generator.documents.scoresheets import all_score_sheets_pdf
from generator.documents.worksheet import WorksheetOptions, worksheet_pdf
from generator.draw.layout import CARD_SIZES, PAPERS, Size
from printables.cards.decks import DECKS
from printables.games.handouts import HANDOUTS
from printables.matrix.puzzles import disjoint_sets, generated_id, get_puzzle
from printables.puzzles import get_kind
from printables.questions.base import question_kinds

CARDS = {
    "poker": CARD_SIZES["poker"],
    "bridge": CARD_SIZES["bridge"],
    "63.5x88.9": Size("custom", 63.5, 88.9),
    "60x90": Size("custom", 60.0, 90.0),
    "25x35": Size("custom", 25.0, 35.0),
    "100x150": Size("custom", 100.0, 150.0),
}


def first_sheet(data: bytes) -> bytes:
    """A deck's first sheet, front and back (every sheet of a deck has the same margins;
    the last, with fewer cards, is checked in the whole decks below)."""
    reader, writer = PdfReader(io.BytesIO(data)), PdfWriter()
    for page in reader.pages[:2]:
        writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize("bleed", [0.0, 2.0, 5.0])
@pytest.mark.parametrize("card", sorted(CARDS))
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_a_deck_sheet_keeps_its_ink_inside(paper: str, card: str, bleed: float) -> None:
    data = deck_pdf(DECKS["4d"], DeckOptions(PAPERS[paper], CARDS[card], bleed=bleed),
                    DECKS["4d"].cards[:12])  # fmt: skip
    assert ink_near_edge(first_sheet(data)) == []


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("key", sorted(DECKS))
def test_every_page_of_every_deck_keeps_its_ink_inside(key: str, paper: str) -> None:
    data = deck_pdf(DECKS[key], DeckOptions(PAPERS[paper], CARD_SIZES["poker"]))
    assert ink_near_edge(data) == []


def matrix_worksheet(paper: Size) -> bytes:
    ids = [generated_id(3, 3, "solvable", "medium", 1), generated_id(4, 4, "impossible", "easy", 2),
           generated_id(5, 5, "solvable", "easy", 3)]  # fmt: skip
    return worksheet_pdf([get_puzzle(i) for i in ids], WorksheetOptions(paper))


def scannable_worksheet(paper: Size) -> bytes:
    ids = [generated_id(3, 3, "solvable", "medium", 1), generated_id(5, 5, "solvable", "easy", 3)]
    return worksheet_pdf([get_puzzle(i) for i in ids], WorksheetOptions(paper, scannable=True))


def tricks_worksheet(paper: Size) -> bytes:
    kind = get_kind("costly-tricks")
    ids = kind.ids(3, 1, kind.choices(cards="4", question="play", level="medium"))
    return worksheet_pdf([kind.get(i) for i in ids], WorksheetOptions(paper))


def question_worksheet(key: str, paper: Size) -> bytes:
    """Three hard puzzles of each of the kind's questions, and their key."""
    kind = get_kind(key)
    ids = [i for question in kind.questions.values()
           for i in kind.ids(3, 1, kind.choices(question=question, level="hard"))]  # fmt: skip
    return worksheet_pdf([kind.get(i) for i in ids[:: max(1, len(ids) // 6)]],
                         WorksheetOptions(paper, "http://192.0.2.1:5000"))  # fmt: skip


def simultaneous_kit(paper: Size) -> bytes:
    sets = [get_puzzle(generated_id(3, 3, "solvable", "medium", s)) for s in (1, 2)]
    return mat_kit_pdf(sets, KitOptions(paper, "simultaneous", 12))


def successive_kit(paper: Size) -> bytes:
    return mat_kit_pdf(disjoint_sets(4, 3, 3, "either", "medium", 1),
                       KitOptions(paper, "successive", 4))  # fmt: skip


DOCUMENTS: dict[str, Callable[[Size], bytes]] = {
    "matrix worksheet": matrix_worksheet,
    "scannable matrix worksheet": scannable_worksheet,
    "costly tricks worksheet": tricks_worksheet,
    "simultaneous kit": simultaneous_kit,
    "successive kit": successive_kit,
    "score sheets": all_score_sheets_pdf,
    "calibration": calibration_pdf,
    "notation cards": notation_pdf,
    "rules handouts": lambda paper: handouts_pdf(list(HANDOUTS), paper),
    **{f"{key} worksheet": partial(question_worksheet, key) for key in question_kinds()},
}


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_every_page_of_every_document_keeps_its_ink_inside(name: str, paper: str) -> None:
    assert ink_near_edge(DOCUMENTS[name](PAPERS[paper])) == []


def properties(data: bytes) -> tuple[dict[str, object], dict[str, object]]:
    reader = PdfReader(io.BytesIO(data))
    preferences = reader.trailer["/Root"].get("/ViewerPreferences", {})
    return dict(reader.metadata or {}), dict(preferences)


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_every_document_asks_for_actual_size_and_names_itself(name: str) -> None:
    info, preferences = properties(DOCUMENTS[name](PAPERS["a4"]))
    assert preferences["/PrintScaling"] == "/None"
    assert preferences["/DisplayDocTitle"] == True  # noqa: E712  (a pypdf BooleanObject)
    assert str(info["/Title"]).strip() and str(info["/Creator"]).startswith("Printables")
    assert ("/Duplex" in preferences) == (name == "calibration")


@pytest.mark.parametrize("backs", [True, False])
def test_a_deck_asks_for_long_edge_duplex_when_it_has_backs(backs: bool) -> None:
    deck = DECKS["paradox"]
    options = DeckOptions(PAPERS["letter"], CARD_SIZES["poker"], backs=backs)
    info, preferences = properties(deck_pdf(deck, options, deck.cards[:9]))
    assert preferences["/PrintScaling"] == "/None"
    assert preferences.get("/Duplex") == ("/DuplexFlipLongEdge" if backs else None)
    assert str(info["/Title"]).startswith("PARADOX")
    assert str(info["/Creator"]).startswith("Printables")

"""Every document the command line prints, read back as poppler reads it: no piece of text
lies on another, on any page.

The documents are those of every ``printables`` document command: worksheets of every
puzzle kind (each of its questions, easy to hard puzzles) on A4 and Letter, with QR codes
and without, the key on the students' pages or in a file of its own; the rules handouts,
the notation cards and every score sheet (what ``handout`` and ``pack`` write), the MAT
kits of both variants, every deck (small cards, bleed), and the calibration sheet. Each is
made once, where the test that reads it runs (so pytest-xdist spreads them over the
workers).

Two words overlap when their boxes (poppler's: as wide as the word, as tall as its type
size) share more than half a point across and down; words of one line that touch do not.
And no word crosses the edge of a filled box (the answer key's gray banner, a shaded
cell): it lies wholly inside or wholly outside.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from pdf_probe import drawn_paths, overlapping_words, text_across_fills, words

from generator.documents.calibration import calibration_pdf
from generator.documents.decks import DeckOptions, deck_pdf
from generator.documents.handouts import handouts_pdf
from generator.documents.matkit import KitOptions, mat_kit_pdf
from generator.documents.notation import notation_pdf
from generator.documents.scoresheets import all_score_sheets_pdf
from generator.documents.worksheet import WorksheetOptions, make_worksheet
from generator.draw.layout import CARD_SIZES, PAPERS, Size
from printables.cards.decks import DECKS
from printables.games.handouts import HANDOUTS
from printables.matrix.puzzles import disjoint_sets, generated_id, get_puzzle
from printables.puzzles import get_kind, kinds

BASE_URL = "http://192.0.2.1:5000"
LEVELS = ("easy", "medium", "hard")
COUNT = 7
"""Puzzles on a worksheet: more than its first page holds, so the later pages are read."""


def matrix_ids() -> list[str]:
    sizes = [(3, 3), (4, 4), (5, 5), (3, 5)]
    return [generated_id(*sizes[k % 4], "either", LEVELS[k % 3], k) for k in range(COUNT)]


def kind_ids(key: str) -> list[str]:
    """Puzzles of each of the kind's questions, easy to hard (Costly Tricks: hands of 3 to 6
    cards)."""
    kind = get_kind(key)
    questions = list(getattr(kind, "questions", {}).values()) or [None]
    ids: list[str] = []
    for k in range(COUNT):
        typed = {"level": LEVELS[k % 3]}
        if questions != [None]:
            typed["question"] = questions[k % len(questions)]
        if key == "costly-tricks":
            typed["cards"] = str(3 + k % 4)
        ids += kind.ids(1, 100 + k, kind.choices(**typed))
    return ids


def worksheet(key: str, paper: str, qr: bool, key_apart: bool) -> list[bytes]:
    ids = matrix_ids() if key == "matrix" else kind_ids(key)
    kind = get_kind(key)
    options = WorksheetOptions(PAPERS[paper], BASE_URL if qr else None)
    printed = make_worksheet([kind.get(i) for i in ids], options, key_apart=key_apart)
    return [printed.pdf] + ([printed.key_pdf] if printed.key_pdf is not None else [])


def successive_kit(paper: str, players: int) -> list[bytes]:
    sets = disjoint_sets(players, 3, 3, "either", "medium", 1)
    return [mat_kit_pdf(sets, KitOptions(PAPERS[paper], "successive", players))]


def simultaneous_kit(paper: str) -> list[bytes]:
    sets = [get_puzzle(generated_id(size, size, "either", "hard", s)) for size, s in
            ((3, 1), (4, 2), (5, 3))]  # fmt: skip
    return [mat_kit_pdf(sets, KitOptions(PAPERS[paper], "simultaneous", 12))]


def deck(key: str, paper: str, card: Size, bleed: float = 0.0) -> list[bytes]:
    return [deck_pdf(DECKS[key], DeckOptions(PAPERS[paper], card, bleed=bleed))]


DOCUMENTS: dict[str, Callable[[], list[bytes]]] = {}
for _paper in sorted(PAPERS):
    for _kind in kinds():
        for _qr, _apart in ((True, False), (False, True)) if _paper == "letter" else \
                ((True, True), (False, False)):  # fmt: skip
            _name = f"{_kind} worksheet, {_paper}, {'QR' if _qr else 'no QR'}, " + (
                "key apart" if _apart else "key after"
            )
            DOCUMENTS[_name] = partial(worksheet, _kind, _paper, _qr, _apart)
    DOCUMENTS[f"rules handouts, {_paper}"] = lambda p=_paper: [handouts_pdf(list(HANDOUTS),
                                                                            PAPERS[p])]  # fmt: skip
    DOCUMENTS[f"notation cards, {_paper}"] = lambda p=_paper: [notation_pdf(PAPERS[p])]
    DOCUMENTS[f"score sheets, {_paper}"] = lambda p=_paper: [all_score_sheets_pdf(PAPERS[p])]
    DOCUMENTS[f"calibration, {_paper}"] = lambda p=_paper: [calibration_pdf(PAPERS[p])]
    DOCUMENTS[f"MAT simultaneous kit, {_paper}"] = partial(simultaneous_kit, _paper)
    DOCUMENTS[f"MAT successive kit, {_paper}"] = partial(successive_kit, _paper, 9)
    for _deck in sorted(DECKS):
        DOCUMENTS[f"{_deck} deck, {_paper}"] = partial(deck, _deck, _paper, CARD_SIZES["poker"])
    DOCUMENTS[f"4d deck, small cards, bleed, {_paper}"] = partial(
        deck, "4d", _paper, Size("custom", 25.0, 35.0), 2.0
    )


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_no_text_lies_on_other_text_or_across_a_fill(name: str) -> None:
    found = [f"{name}, file {n}, {where}" for n, data in enumerate(DOCUMENTS[name](), 1)
             for where in [*overlapping_words(data), *text_across_fills(data)]]  # fmt: skip
    assert not found, "\n".join(found)


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_a_successive_forms_seconds_box_stands_clear_of_its_label(paper: str) -> None:
    """On each written-solution form, 2 mm or more of white between "Seconds" and the box
    to write them in, read from the page (poppler's word, pdfium's box)."""
    data = successive_kit(paper, 4)[0]
    mm = 72 / 25.4
    gaps = []
    for page, drawn in zip(words(data), drawn_paths(data), strict=True):
        for word in (w for w in page if w.text == "Seconds"):
            middle = (word.y0 + word.y1) / 2 / mm
            right = [d.x0 - word.x1 / mm for d in drawn
                     if d.y0 < middle < d.y1 and d.x0 > word.x0 / mm]  # fmt: skip
            gaps.append(min(right))
    assert len(gaps) == 4 * 4  # four players, four turns each
    assert min(gaps) >= 2.0, f"{min(gaps):.1f} mm between 'Seconds' and its box"

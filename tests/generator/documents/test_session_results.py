"""The filled MAT score sheet of a session, read back from the PDF: every row is its
player's (place, name, scores, marks, total), long tables carry on over pages with the
header repeated, long nicknames stay inside their cells, and the bytes are reproducible."""

from __future__ import annotations

import io
import re
import string
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pdf_probe import embedded_fonts
from PIL import Image, ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.documents.session_results import SessionResults, session_scoresheet_pdf
from generator.draw.fonts import text_width
from generator.draw.layout import PAPERS
from printables.matrix.mat import ranking

MM = 72 / 25.4
"""Points in a millimetre."""
ORDINAL = re.compile(r"\d+(st|nd|rd|th)")
MARK_WORDS = ("wrong", "no time", "unchecked")
PRINTED_ON = "Tuesday 14 May 2024, 10:32"


# -- sessions ----------------------------------------------------------------------------------


def session(
    players: Sequence[str],
    cells: Sequence[Sequence[tuple[int, str]]],
    *,
    limit: int = 600,
    ids: Sequence[str] | None = None,
    title: str = "MAT, Room 12, Tuesday",
    variant: str = "Simultaneous",
    printed_on: str = PRINTED_ON,
) -> SessionResults:
    """Results from (score, mark) cells per player, totals and places by the engine."""
    sets = len(cells[0])
    scores = tuple(tuple(score for score, _ in row) for row in cells)
    totals = tuple(sum(row) for row in scores)
    return SessionResults(
        title=title,
        variant=variant,
        time_limit=limit,
        set_labels=tuple(f"Set {k}" for k in range(1, sets + 1)),
        set_ids=tuple(ids) if ids is not None else tuple(f"3x3-{k:06d}" for k in range(sets)),
        players=tuple(players),
        scores=scores,
        marks=tuple(tuple(mark for _, mark in row) for row in cells),
        totals=totals,
        places=ranking(totals),
        printed_on=printed_on,
    )


def generated(players: int, sets: int, names: Sequence[str] = ()) -> SessionResults:
    """A session with scores spread out (some ties) and every kind of mark."""
    cells = []
    for p in range(players):
        row = []
        for s in range(sets):
            k = (p * 7 + s * 3) % 11
            row.append((600, MARK_WORDS[k % 3]) if k < 3 else ((p * 37 + s * 53) % 580, ""))
        cells.append(row)
    cells[-1] = list(cells[0])  # a tie for first place
    nicknames = [*names, *(f"Player {n}" for n in range(len(names) + 1, players + 1))]
    return session(nicknames, cells)


SMALL = session(
    ["Ada", "Bo", "Chen Wei", "Dmitri", "Eli"],
    [
        [(95, ""), (600, "wrong"), (130, "")],  # 825
        [(40, ""), (61, ""), (600, "no time")],  # 701
        [(600, "unchecked"), (120, ""), (81, "")],  # 801
        [(95, ""), (600, "wrong"), (130, "")],  # 825, tied with Ada
        [(300, ""), (200, ""), (100, "")],  # 600
    ],
    ids=["3x3-b2f0q9", "3x3-vp6pjs", "3x3-c9x2x5"],
)
SMALL_ROWS = [
    # place, name, scores, total; marks under the scores
    ("1st", "Eli", ["300", "200", "100"], "600", ["", "", ""]),
    ("2nd", "Bo", ["40", "61", "600"], "701", ["", "", "no time"]),
    ("3rd", "Chen Wei", ["600", "120", "81"], "801", ["unchecked", "", ""]),
    ("4th", "Ada", ["95", "600", "130"], "825", ["", "wrong", ""]),
    ("4th", "Dmitri", ["95", "600", "130"], "825", ["", "wrong", ""]),
]


@cache
def pdf(results: SessionResults, paper: str = "letter") -> bytes:
    return session_scoresheet_pdf(results, PAPERS[paper])


# -- reading the PDF back ----------------------------------------------------------------------


@dataclass(frozen=True)
class Fragment:
    """A string drawn on a page: where (points from the bottom left), how big, how bold."""

    x: float
    y: float
    text: str
    size: float
    bold: bool

    @property
    def right(self) -> float:
        return self.x + text_width(self.text, self.size, self.bold) * MM

    @property
    def centre(self) -> float:
        return (self.x + self.right) / 2


def fragments(data: bytes, page: int) -> list[Fragment]:
    found: list[Fragment] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            bold = "Bold" in str(font["/BaseFont"])
            found.append(Fragment(x, y, text.strip(), size * abs(tm[3] * cm[3]), bold))

    PdfReader(io.BytesIO(data)).pages[page].extract_text(visitor_text=visit)
    return found


def vertical_rules(data: bytes, page: int) -> list[tuple[float, float, float]]:
    """(x, bottom, top) of every vertical line stroked on a page, in points."""
    reader = PdfReader(io.BytesIO(data))
    operations = ContentStream(reader.pages[page].get_contents(), reader).operations
    rules, start = [], None
    for operands, operator in operations:
        if operator == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif operator == b"l" and start is not None:
            end = (float(operands[0]), float(operands[1]))
            if abs(start[0] - end[0]) < 0.01:
                rules.append((start[0], min(start[1], end[1]), max(start[1], end[1])))
            start = end
    return rules


@dataclass(frozen=True)
class PrintedRow:
    place: str
    name: Fragment
    scores: list[str]
    marks: list[str]
    total: str


def header_of(found: Sequence[Fragment]) -> tuple[Fragment, list[str]]:
    """The header row's "Place" and the bold titles in the header, left to right."""
    place = max((f for f in found if f.text == "Place" and f.bold), key=lambda f: f.y)
    titles = sorted((f for f in found if f.bold and abs(f.y - place.y) < 3 * MM), key=lambda f: f.x)
    return place, [f.text for f in titles]


def table(data: bytes, page: int) -> tuple[list[str], list[PrintedRow]]:
    """The header titles and the rows of the score table on a page, top to bottom. A row
    is found by its place (centred under "Place"); its cells are the strings on the place's
    baseline, left to right; its marks the small strings just below, each given to the
    score it is centred under."""
    found = fragments(data, page)
    head, titles = header_of(found)
    places = [
        f
        for f in found
        if ORDINAL.fullmatch(f.text) and f.y < head.y and abs(f.centre - head.centre) < 0.5
    ]
    rows = []
    for place in sorted(places, key=lambda f: -f.y):
        line = sorted((f for f in found if abs(f.y - place.y) < 0.5), key=lambda f: f.x)
        assert line[0] == place
        name, scores, total = line[1], line[2:-1], line[-1]
        marks = [""] * len(scores)
        for mark in (f for f in found if place.y - 4 * MM < f.y < place.y - 0.5):
            under = min(range(len(scores)), key=lambda k: abs(scores[k].centre - mark.centre))
            assert abs(scores[under].centre - mark.centre) < 0.5, (mark, scores[under])
            assert not marks[under], f"two marks under {scores[under]}"
            marks[under] = mark.text
        rows.append(PrintedRow(place.text, name, [s.text for s in scores], marks, total.text))
    return titles, rows


def page_count(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


def page_text(data: bytes, page: int) -> str:
    return " ".join(PdfReader(io.BytesIO(data)).pages[page].extract_text().split())


def shows(name: Fragment, nickname: str) -> bool:
    """Whether a printed name is the nickname, whole or cut short with an ellipsis."""
    if name.text == nickname:
        return True
    cut = name.text.removesuffix("\u2026")
    return name.text.endswith("\u2026") and bool(cut) and nickname.startswith(cut)


def expected_rows(results: SessionResults) -> list[tuple[str, str, list[str], str, list[str]]]:
    """The rows the sheet should print, sorted by place then seat, computed here."""
    order = sorted(range(len(results.players)), key=lambda p: (results.places[p], p))
    suffix = {1: "st", 2: "nd", 3: "rd"}
    return [
        (
            f"{results.places[p]}"
            + (
                "th"
                if 10 <= results.places[p] % 100 <= 20
                else suffix.get(results.places[p] % 10, "th")
            ),
            results.players[p],
            [str(s) for s in results.scores[p]],
            str(results.totals[p]),
            list(results.marks[p]),
        )
        for p in order
    ]


def all_rows(data: bytes) -> list[PrintedRow]:
    return [row for page in range(page_count(data)) for row in table(data, page)[1]]


def assert_rows(data: bytes, results: SessionResults) -> None:
    printed = all_rows(data)
    wanted = expected_rows(results)
    assert len(printed) == len(wanted)
    for row, (place, name, scores, total, marks) in zip(printed, wanted, strict=True):
        assert row.place == place, (row, name)
        assert shows(row.name, name), (row.name.text, name)
        assert row.scores == scores, name
        assert row.marks == marks, name
        assert row.total == total, name


# -- the rows --------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_row_is_its_players_place_name_scores_marks_and_total(paper: str) -> None:
    data = pdf(SMALL, paper)
    titles, rows = table(data, 0)
    assert titles == ["Place", "Player", "Set 1", "Set 2", "Set 3", "Total"]
    printed = [(r.place, r.name.text, r.scores, r.total, r.marks) for r in rows]
    assert printed == SMALL_ROWS
    assert page_count(data) == 1
    assert_rows(data, SMALL)  # the same, by the independent expectation


def test_the_winners_row_is_bold_and_the_others_not() -> None:
    _, rows = table(pdf(SMALL), 0)
    assert [r.name.bold for r in rows] == [True, False, False, False, False]
    tied = session(
        ["Ada", "Bo", "Cy", "Di"],
        [[(90, ""), (10, "")], [(50, ""), (50, "")], [(20, ""), (80, "")], [(99, ""), (99, "")]],
    )
    _, rows = table(pdf(tied), 0)
    assert [(r.place, r.name.text) for r in rows] == [
        ("1st", "Ada"), ("1st", "Bo"), ("1st", "Cy"), ("4th", "Di")
    ]  # fmt: skip
    assert [r.name.bold for r in rows] == [True, True, True, False]


def test_the_heading_gives_title_variant_limit_and_the_rule() -> None:
    text = page_text(pdf(SMALL), 0)
    assert text.startswith("MAT, Room 12, Tuesday")
    assert (
        "MAT Simultaneous \u00b7 3 sets \u00b7 5 players \u00b7 time limit per set 600 s (10:00)"
        in text
    )
    assert (
        "A set scores the whole seconds to a right answer; unfinished and wrong answers score "
        "the limit (600 s); the lowest total wins, and equal totals share a place." in text
    )
    successive = session(
        ["Ada", "Bo"], [[(45, ""), (300, "wrong")], [(300, "no time"), (12, "")]], limit=300,
        variant="successive",
    )  # fmt: skip
    text = page_text(pdf(successive), 0)
    assert (
        "MAT Successive \u00b7 2 sets \u00b7 2 players \u00b7 time limit per set 300 s (5:00)"
        in text
    )
    assert "score the limit (300 s)" in text and "(600 s)" not in text
    metadata = PdfReader(io.BytesIO(pdf(SMALL))).metadata
    assert metadata is not None and metadata.title == "MAT score sheet: MAT, Room 12, Tuesday"


def test_a_long_title_is_cut_short_in_the_footer_but_never_the_time_of_printing() -> None:
    title = "MAT Successive, Year 9 Mathematics Club, Thursday afternoon in the library annexe"
    data = pdf(replace(generated(30, 9), title=title))
    for page in range(page_count(data)):
        found = fragments(data, page)
        (footer,) = [f for f in found if f.text.startswith("MAT score sheet: ")]
        (number,) = [f for f in found if f.text.startswith("Page ")]
        assert footer.text.endswith(f"\u2026 \u00b7 printed {PRINTED_ON}")
        assert title.startswith(footer.text.removeprefix("MAT score sheet: ").split("\u2026")[0])
        assert footer.right < number.x - 3 * MM and abs(footer.y - number.y) < 0.5
    assert page_text(data, 0).startswith(title)  # whole in the heading


def test_the_legend_explains_the_marks_that_are_used_only() -> None:
    text = page_text(pdf(SMALL), 0)
    assert (
        "Marks under a score: \u201cwrong\u201d (a wrong answer), \u201cno time\u201d (not "
        "finished in time), \u201cunchecked\u201d (hand raised, answer never checked); each "
        "scores the limit." in text
    )
    one = session(["Ada", "Bo"], [[(45, ""), (600, "wrong")], [(30, ""), (40, "")]])
    assert "\u201cwrong\u201d (a wrong answer); it scores the limit." in page_text(pdf(one), 0)
    assert "no time" not in page_text(pdf(one), 0)
    clean = session(["Ada", "Bo"], [[(45, ""), (60, "")], [(30, ""), (40, "")]])
    assert "Marks under a score" not in page_text(pdf(clean), 0)


def test_puzzle_ids_are_under_the_labels_when_they_fit_else_listed() -> None:
    data = pdf(SMALL)
    found = fragments(data, 0)
    for label, puzzle in zip(SMALL.set_labels, SMALL.set_ids, strict=True):
        (head,) = [f for f in found if f.text == label and f.bold]
        (under,) = [f for f in found if f.text == puzzle]
        assert abs(under.centre - head.centre) < 0.5 and head.y - 4 * MM < under.y < head.y
    assert "Puzzle ids:" not in page_text(data, 0)
    cards = [f"3x3-c-g0601{k:04d}r00t{k:03d}" for k in range(10)]  # ids naming cards: long
    wide = replace(generated(12, 10), set_ids=tuple(cards))
    text = page_text(pdf(wide), 0)
    listed = "; ".join(f"Set {k + 1} {cards[k]}" for k in range(10))
    assert f"Puzzle ids: {listed}." in text
    found = fragments(pdf(wide), 0)
    place, titles = header_of(found)
    table_top = place.y + 4 * MM
    assert [f for f in found if f.text.startswith("3x3") and f.y > table_top]  # (the list)
    assert not [f for f in found if "3x3" in f.text and f.y < table_top]  # none in the table
    assert titles[2:-1] == [f"Set {k}" for k in range(1, 11)]


# -- many players and sets -----------------------------------------------------------------------


@pytest.mark.parametrize("paper", list(PAPERS))
def test_forty_players_and_ten_sets_carry_on_with_the_header_repeated(paper: str) -> None:
    results = generated(40, 10, ["W" * 24, "Kwame Mensah-Bonsu-Osei", "abcdefghijklmnopqrstuvwx"])
    data = pdf(results, paper)
    pages = page_count(data)
    assert pages == 2
    header = ["Place", "Player", *(f"Set {k}" for k in range(1, 11)), "Total"]
    counts = []
    for page in range(pages):
        titles, rows = table(data, page)
        assert titles == header, page
        counts.append(len(rows))
        text = page_text(data, page)
        assert text.endswith(f"Page {page + 1} of {pages}")
        assert f"printed {PRINTED_ON}" in text
        if page:
            assert text.startswith("MAT, Room 12, Tuesday (continued)")
        # the table stays above the footer's band (the bottom margin)
        assert (
            min(f.y for f in fragments(data, page) if not f.text.startswith(("MAT score", "Page")))
            > 15 * MM
        )
    assert sum(counts) == 40 and min(counts) > 10  # the first page is well filled
    assert_rows(data, results)  # every player once, in order, nothing lost


@pytest.mark.parametrize("players", [1, 20, 60])
def test_any_number_of_players_is_printed_once(players: int) -> None:
    results = generated(players, 4)
    data = pdf(results)
    assert_rows(data, results)
    assert page_text(data, page_count(data) - 1).endswith(
        f"Page {page_count(data)} of {page_count(data)}"
    )


# -- long nicknames --------------------------------------------------------------------------------


@pytest.mark.parametrize("sets", [1, 3, 10])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_24_character_nickname_stays_inside_its_cell(sets: int, paper: str) -> None:
    names = ["W" * 24, "abcdefghijklmnopqrstuvwx", "Mm Mm Mm Mm Mm Mm Mm Mm!"]
    cells = [[(10 + p, "")] * sets for p in range(len(names))]  # W first: bold, widest
    data = pdf(session(names, cells), paper)
    _, rows = table(data, 0)
    rules = vertical_rules(data, 0)
    for row, nickname in zip(rows, names, strict=True):
        name = row.name
        assert shows(name, nickname)
        crossing = sorted(x for x, low, high in rules if low <= name.y <= high)
        left = max(x for x in crossing if x <= name.x)
        right = min(x for x in crossing if x > name.x)
        assert left + 0.5 * MM <= name.x and name.right <= right - 0.5 * MM, (nickname, sets)
        assert right < min(
            f.x for f in fragments(data, 0) if f.text == row.scores[0] and abs(f.y - name.y) < 0.5
        )
    # 24 bold W's are too wide even shrunk: cut short; the lowercase alphabet fits whole,
    # shrunk to fit beside ten sets
    assert rows[0].name.text.endswith("\u2026") and rows[0].name.size == 7.0
    assert rows[1].name.text == names[1]
    assert (rows[1].name.size < 10.0) == (sets == 10)


def test_short_names_are_printed_at_full_size() -> None:
    _, rows = table(pdf(SMALL), 0)
    assert {r.name.size for r in rows} == {10.0}


# -- the file --------------------------------------------------------------------------------------


def test_equal_input_gives_identical_bytes() -> None:
    results = generated(40, 10)
    again = generated(40, 10)
    assert results is not again
    assert pdf(results) == session_scoresheet_pdf(again, PAPERS["letter"])
    assert pdf(results, "a4") == session_scoresheet_pdf(again, PAPERS["a4"])
    later = replace(results, printed_on="Wednesday 15 May 2024, 09:00")
    assert pdf(later) != pdf(results)
    assert "printed Wednesday 15 May 2024, 09:00" in page_text(pdf(later), 0)


@pytest.mark.parametrize(
    ("paper", "points"), [("letter", (612.0, 792.0)), ("a4", (595.2756, 841.8898))]
)
def test_pages_are_the_paper_and_every_font_is_embedded(
    paper: str, points: tuple[float, float]
) -> None:
    reader = PdfReader(io.BytesIO(pdf(generated(40, 10), paper)))
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(points[0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(points[1], abs=0.01)
    assert embedded_fonts(reader.pages) >= 4  # regular and bold, on each page


@pytest.mark.parametrize("results", [SMALL, generated(40, 10)], ids=["5x3", "40x10"])
def test_pages_rasterize_in_gray_clear_of_the_edge(results: SessionResults) -> None:
    data = pdf(results)
    dpi = 60
    edge = int(5 / 25.4 * dpi)
    document = pdfium.PdfDocument(data)
    assert len(document) == page_count(data)
    for index in range(len(document)):
        image: Image.Image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
        red, green, blue = image.split()
        assert ImageChops.difference(red, green).getbbox() is None  # gray-scale only
        assert ImageChops.difference(green, blue).getbbox() is None
        inked = image.convert("L").point(lambda v: 255 if v < 250 else 0)
        width, height = inked.size
        assert inked.histogram()[255] > 0.02 * width * height, "the page is (nearly) blank"
        inner = Image.new("L", (width - 2 * edge, height - 2 * edge), 0)
        outside = inked.copy()
        outside.paste(inner, (edge, edge))
        assert outside.getbbox() is None, f"ink within 5 mm of the edge on page {index + 1}"


# -- refusals --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"variant": "relay"}, "'relay' is not a MAT variant"),
        ({"time_limit": 0}, "the time limit must be 1 to 3600 seconds, not 0"),
        ({"set_ids": ("a", "b")}, "2 puzzle ids for 3 sets"),
        ({"totals": (825, 701, 801, 825, 601)}, "Eli: the total is 600, not 601"),
        ({"places": (4, 2, 3, 4, 1), "totals": (825, 701, 801, 825, 600)}, None),
        ({"places": (3, 2, 3, 4, 1)}, "the places (3, 2, 3, 4, 1) do not follow the totals"),
        ({"places": (4, 2, 3, 5, 1)}, "expected (4, 2, 3, 4, 1)"),
        ({"players": ("Ada", "Bo")}, "5 rows of scores for 2 players"),
        ({"players": ()}, "at least one player"),
        ({"set_labels": ()}, "a score sheet has 1 to 10 sets, not 0"),
    ],
)
def test_inconsistent_results_are_refused(change: dict[str, Any], message: str | None) -> None:
    if message is None:
        replace(SMALL, **change)  # consistent: accepted
        return
    with pytest.raises(ValueError, match=re.escape(message)):
        replace(SMALL, **change)


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ((95, "late"), "Ada, Set 1: 'late' is not a mark"),
        ((95, "wrong"), "Ada, Set 1: marked 'wrong', so it scores the limit (600 s), not 95"),
        ((601, ""), "Ada, Set 1: 601 s is not 0 to the limit (600 s)"),
        ((-1, ""), "Ada, Set 1: -1 s is not 0 to the limit"),
    ],
)
def test_impossible_cells_are_refused(cell: tuple[int, str], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        session(["Ada", "Bo"], [[cell, (10, "")], [(10, ""), (10, "")]])


def test_eleven_sets_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 10 sets, not 11"):
        generated(3, 11)


# -- any session -------------------------------------------------------------------------------

NICKNAMES = (
    st.text(string.ascii_letters + string.digits + " .'-", min_size=1, max_size=24)
    .map(lambda s: " ".join(s.split()))
    .filter(bool)
)


@st.composite
def sessions(draw: st.DrawFn) -> SessionResults:
    sets = draw(st.integers(1, 10))
    players = draw(st.integers(1, 40))
    limit = draw(st.sampled_from([60, 300, 600, 3600]))
    names = draw(st.lists(NICKNAMES, min_size=players, max_size=players, unique_by=str.casefold))
    cell = st.one_of(
        st.integers(0, limit).map(lambda s: (s, "")),
        st.sampled_from(MARK_WORDS).map(lambda m: (limit, m)),
    )
    cells = draw(
        st.lists(st.lists(cell, min_size=sets, max_size=sets), min_size=players, max_size=players)
    )
    return session(
        names, cells, limit=limit, variant=draw(st.sampled_from(["Simultaneous", "Successive"]))
    )


@settings(max_examples=25)
@given(sessions(), st.sampled_from(list(PAPERS)))
def test_any_session_prints_every_row_whole(results: SessionResults, paper: str) -> None:
    data = session_scoresheet_pdf(results, PAPERS[paper])
    assert_rows(data, results)
    pages = page_count(data)
    for page in range(pages):
        titles, rows = table(data, page)
        assert titles == ["Place", "Player", *results.set_labels, "Total"]
        assert rows, f"page {page + 1} has no rows"
        assert page_text(data, page).endswith(f"Page {page + 1} of {pages}")
        for row in rows:
            # the total ends its row, once, after exactly one score per set
            assert len(row.scores) == len(results.set_labels)


NAMES = ("Zoë", "Дмитрий", "Αθηνά", "Łukasz", "Ngọc Anh")


def _page(data: bytes) -> Image.Image:
    document = pdfium.PdfDocument(data)
    image: Image.Image = document[0].render(scale=100 / 72).to_pil().convert("L")
    document.close()
    return image


def test_a_score_sheet_prints_names_in_greek_cyrillic_and_accented_latin() -> None:
    results = replace(generated(6, 3, NAMES), title="Кабинет 12, урок")
    data = session_scoresheet_pdf(results, PAPERS["a4"])
    reader = PdfReader(io.BytesIO(data))
    text = reader.pages[0].extract_text()
    for name in (*NAMES, "Кабинет 12, урок"):
        assert name in text, name
    assert embedded_fonts(reader.pages) >= 2
    fonts = {
        str(f.get_object()["/BaseFont"]) for f in reader.pages[0]["/Resources"]["/Font"].values()
    }
    assert any("SourceSans" in f for f in fonts), fonts
    # Ink where the names are: the same sheet with the names blanked differs there.
    blank = replace(results, players=("",) * 5 + ("Player 6",), title="")
    inked = ImageChops.difference(_page(data), _page(session_scoresheet_pdf(blank, PAPERS["a4"])))
    box = inked.getbbox()
    assert box is not None
    assert inked.point(lambda v: 255 if v > 128 else 0).histogram()[255] > 400  # the names

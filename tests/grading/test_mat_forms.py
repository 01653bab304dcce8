"""MAT Successive's scannable forms (``mat-kit --scannable``): printed for three players,
filled with right and wrong answers and times, graded by ``printables grade`` into the
session's scores, which must equal the book's rules (:func:`set_score`, :func:`totals`,
:func:`ranking`) applied to the intended answers directly."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp
from cli_support import one_error_line, run
from pdf_probe import ink_near_edge, overlapping_words
from pypdf import PdfReader
from scan_support import Answer, boxes_for, fill, png, right_answer, scan_page
from synthetic_scans import FILL_STYLES, Effects, draw_mark, render_page, scan_effects

from generator.scan.layout import ATTACHMENT, PageLayout, SheetLayout
from generator.scan.marks import PageCode, code_fits
from generator.scan.mat_pages import KIND, TURNS_PER_PAGE, kit_code
from generator.scan.pages import page_from_code
from grading.align import layout_of
from grading.mat_answers import TurnResult, turns_of
from grading.mat_scores import turn_score
from grading.sheets import grade
from printables.matrix.mat import TIME_LIMIT, ranking, set_score, totals
from printables.matrix.puzzles import get_puzzle

DPI = 200
PLAYERS = 3
SEED = "7"


@cache
def kit(tmp: str, paper: str = "letter", players: int = PLAYERS) -> tuple[bytes, SheetLayout]:
    """``mat-kit --variant successive --scannable`` printed into ``tmp``."""
    out = Path(tmp) / f"kit-{paper}-{players}.pdf"
    args = ["mat-kit", "--variant", "successive", "--players", str(players), "--scannable",
            "--seed", SEED, "--paper", paper, "--out", str(out)]  # fmt: skip
    code, output, err = run(*args)
    assert code == 0, err
    assert "mat-scores.csv" in output
    layout = SheetLayout.from_json(PdfReader(out).attachments[ATTACHMENT][0])
    return out.read_bytes(), layout


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, SheetLayout]:
    return kit(str(tmp_path_factory.mktemp("kit")))


def image(pdf: bytes, page: PageLayout, dpi: int = DPI) -> np.ndarray:
    document = pdfium.PdfDocument(pdf)
    try:
        bitmap = document[page.pdf_page - 1].render(scale=dpi / 72, grayscale=True)
        return np.ascontiguousarray(bitmap.to_numpy())
    finally:
        document.close()


def wrong_answer(puzzle_id: str) -> Answer:
    """The opposite claim to the key's: Impossible for a solvable set, the cards in order
    for an impossible one."""
    puzzle = get_puzzle(puzzle_id)
    if puzzle.solution is not None:
        return "impossible"
    return {str(card): (k // 3 + 1, k % 3 + 1) for k, card in enumerate(puzzle.cards)}


Seconds = int | str | None
"""A time to mark: seconds (three digits), None for none, or digits a place (a string of
three, ``"0 95"`` style: ``"_"`` a place left blank, ``"45"`` a place with both 4 and 5)."""


def marks(page: PageLayout, puzzle: str, answer: Answer | None, seconds: Seconds) -> list[int]:
    """The boxes to fill for a turn's answer (None: nothing) and its seconds."""
    places: list[str] = []
    if isinstance(seconds, int):
        places = list(f"{seconds:03d}")
    elif isinstance(seconds, str):
        places = seconds.split(" ")
    chosen = boxes_for(page, {puzzle: answer}) if answer is not None else []
    for index, box in enumerate(page.boxes):
        digit = box.kind == "mark" and box.puzzle == puzzle and box.field == "digit"
        if digit and places and str(box.value) in places[(box.place or 1) - 1]:
            chosen.append(index)
    return chosen


Plan = Mapping[tuple[int, int], tuple[str, Seconds]]
"""(player, turn) -> (``right``, ``wrong`` or ``blank``, the seconds to mark)."""
PLAN: Plan = {
    (1, 1): ("right", 95),
    (1, 2): ("right", 650),  # over the limit: scores the limit
    (1, 3): ("wrong", 120),
    (2, 1): ("right", None),  # a blank time: not finished in time
    (2, 2): ("right", 300),
    (2, 3): ("blank", None),
    (3, 1): ("right", 42),
    (3, 2): ("right", "1 25 0"),  # two marks in the tens: review (25 s or 50 s... 1?0)
    (3, 3): ("right", 7),
}


def filled_pages(pdf: bytes, layout: SheetLayout, plan: Plan) -> list[np.ndarray]:
    """Every form page filled as ``plan`` says."""
    images = []
    for page in layout.pages:
        assert page.pupil is not None
        chosen: list[int] = []
        for puzzle, (turn, _set) in turns_of(page.code).items():
            how, seconds = plan[(page.pupil.number, turn)]
            answer = {"right": right_answer(puzzle), "wrong": wrong_answer(puzzle)}.get(how)
            chosen += marks(page, puzzle, answer, seconds)
        images.append(fill(image(pdf, page), page, chosen))
    return images


def expected(layout: SheetLayout, plan: Plan, tens: int) -> list[list[int]]:
    """``scores[set][player]`` by the book, player 3's turn 2 taken as ``1{tens}0`` s."""
    scores = [[0] * PLAYERS for _ in range(PLAYERS)]
    for page in layout.pages:
        assert page.pupil is not None
        for turn, set_number in turns_of(page.code).values():
            how, seconds = plan[(page.pupil.number, turn)]
            if isinstance(seconds, str):
                seconds = 100 + 10 * tens
            scores[set_number - 1][page.pupil.number - 1] = set_score(seconds, how == "right")
    return scores


def test_the_kit_prints_three_turns_a_page_for_every_player(
    printed: tuple[bytes, SheetLayout],
) -> None:
    pdf, layout = printed
    assert layout.document == "mat-kit" and layout.kind == KIND
    assert len(layout.pages) == PLAYERS  # three turns: one page each
    sets = [get_puzzle(i) for i in layout.puzzles]
    for page in layout.pages:
        code = PageCode.read(page.code)
        assert page.pupil is not None and code.pupil == page.pupil
        assert page.pupil.class_code == kit_code(sets) and page.pupil.name.startswith("Player")
        assert len(code.ids) == TURNS_PER_PAGE
        # The rotation: player p has set p - t + 1 (mod players) in turn t.
        for puzzle, (turn, set_number) in turns_of(page.code).items():
            assert set_number == (page.pupil.number - turn) % PLAYERS + 1
            assert layout.puzzles[set_number - 1] == puzzle
        digits = [b for b in page.boxes if b.field == "digit"]
        assert len(digits) == TURNS_PER_PAGE * (7 + 10 + 10)
        assert {(b.place, b.value) for b in digits} == {
            (p, v) for p, top in ((1, 6), (2, 9), (3, 9)) for v in range(top + 1)
        }
        text = PdfReader(io.BytesIO(pdf)).pages[page.pdf_page - 1].extract_text()
        assert "Turn 1: Set" in text and "Seconds when your hand went up" in text


def test_a_form_page_is_drawn_again_from_its_code_alone(
    printed: tuple[bytes, SheetLayout],
) -> None:
    _, layout = printed
    for page in layout.pages:
        again = page_from_code(page.code)
        assert again.boxes == page.boxes and again.pupil == page.pupil
        assert layout_of(page.code).boxes == page.boxes  # as the grader draws it


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_forms_have_nothing_overlapping_and_no_ink_at_the_edges(
    tmp_path: Path, paper: str
) -> None:
    pdf, layout = kit(str(tmp_path), paper, 9)
    assert len(layout.pages) == 9 * 3
    assert overlapping_words(pdf) == []
    assert ink_near_edge(pdf) == []
    for page in layout.pages[:3]:
        boxes = [b.rect for b in page.of_kind("mark")]
        assert max(r.bottom for r in boxes) < page.height - 15.0
        assert max(r.right for r in boxes) <= page.width - 15.0
        # no two boxes to fill touch: 2 mm between them at least
        for k, a in enumerate(boxes):
            for b in boxes[k + 1 :]:
                apart = max(b.x - a.right, a.x - b.right, b.y - a.bottom, a.y - b.bottom)
                assert apart >= 2.0 - 1e-6


def test_the_longest_code_fits_and_reads_back_at_150_dpi(
    printed: tuple[bytes, SheetLayout],
) -> None:
    pdf, layout = printed
    for page in layout.pages:
        assert code_fits(page.code)
        picture = image(pdf, page, 150)
        (code,) = page.of_kind("code")
        s = 150 / 25.4
        r = code.rect
        crop = picture[int((r.y - 2) * s) : int((r.bottom + 2) * s),
                       int((r.x - 2) * s) : int((r.right + 2) * s)]  # fmt: skip
        assert [found.text for found in zxingcpp.read_barcodes(crop)] == [page.code]
    # The longest possible: nine players' sets named by 17-character card codes.
    longest = "printables-scan/2 mat letter 3/3 abcdef 9 Player%209- " + " ".join(
        f"{k}:{'z' * 17}" for k in (7, 8, 9)
    )
    assert code_fits(longest)


def test_scannable_forms_are_refused_for_simultaneous_or_another_limit(tmp_path: Path) -> None:
    out = str(tmp_path / "kit.pdf")
    code, _, err = run("mat-kit", "--scannable", "--out", out)
    assert code == 2
    one_error_line(err, "Successive")
    code, _, err = run("mat-kit", "--variant", "successive", "--scannable", "--time-limit",
                       "300", "--out", out)  # fmt: skip
    assert code == 2
    one_error_line(err, "600 s")


def read_scores(out: Path) -> list[list[str]]:
    data = (out / "mat-scores.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_the_command_grades_the_session_by_the_books_rules(
    printed: tuple[bytes, SheetLayout], tmp_path: Path
) -> None:
    pdf, layout = printed
    scans = []
    for k, picture in enumerate(filled_pages(pdf, layout, PLAN)):
        path = tmp_path / f"form-{k}.png"
        path.write_bytes(png(picture))
        scans.append(str(path))
    out = tmp_path / "grades"
    args = ["grade", *reversed(scans), "--out", str(out)]  # any order
    code, output, err = run(*args)
    assert code == 0, err
    assert "MAT Successive scores" in output and "places wait" in output
    rows = read_scores(out)
    assert rows[0] == ["Player", "Name", "Set 1", "Set 2", "Set 3", "Total", "Place"]
    # Player 3's turn 2 waits: two digits marked in the tens.
    book = expected(layout, PLAN, tens=2)
    set_of_turn_2 = (3 - 2) % PLAYERS  # 0-based
    for player in (1, 2):
        row = rows[player]
        assert row[:2] == [str(player), f"Player {player}"]
        assert row[2:5] == [str(book[s][player - 1]) for s in range(PLAYERS)]
        assert row[5] == str(sum(book[s][player - 1] for s in range(PLAYERS)))
        assert row[6] == ""  # places wait for the review
    assert rows[3][2 + set_of_turn_2] == "review" and rows[3][5:] == ["", ""]
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    session = results["mat_scores"]
    assert session["time_limit"] == TIME_LIMIT and session["final"] is False
    reasons = [s["reason"] for p in session["players"] for s in p["scores"]]
    assert any("over the limit" in r for r in reasons)
    assert any("no time marked" in r for r in reasons)
    assert any("wrong answer" in r for r in reasons)
    # The teacher says the 5 counts: 150 s, and the places are given.
    review = (out / "review.csv").read_text(encoding="utf-8-sig").splitlines()
    (question,) = [line for line in review[1:] if "seconds" in line]
    assert "tens" in question and "2 / 5 / none" in question
    (out / "review.csv").write_text("\n".join([review[0], question + "5"]) + "\n",
                                    encoding="utf-8-sig")  # fmt: skip
    code, output, err = run(*args)
    assert code == 0, err
    assert "places wait" not in output and "wait for you" not in output
    book = expected(layout, PLAN, tens=5)
    want_totals = totals(book)
    want_places = ranking(want_totals)
    rows = read_scores(out)
    for player in range(1, PLAYERS + 1):
        cells = [str(book[s][player - 1]) for s in range(PLAYERS)]
        total, place = str(want_totals[player - 1]), str(want_places[player - 1])
        assert rows[player][2:] == [*cells, total, place]
    assert book[0][0] == 95 and TIME_LIMIT in book[(1 - 2) % 3]  # over the limit
    assert json.loads((out / "results.json").read_text(encoding="utf-8"))["mat_scores"]["final"]
    returned = " ".join(page.extract_text() for page in PdfReader(out / "returned.pdf").pages)
    assert "Set 1: right" in returned and "95 s marked. Score: 95" in " ".join(returned.split())


def turn_one(layout: SheetLayout) -> tuple[PageLayout, str]:
    """Player 1's first page and the set of their turn 1."""
    page = layout.pages[0]
    (puzzle,) = [p for p, (turn, _) in turns_of(page.code).items() if turn == 1]
    return page, puzzle


def graded_turn(
    pdf: bytes, page: PageLayout, puzzle: str, chosen: Sequence[int], faint: Sequence[int] = (),
    decisions: Mapping[str, str] | None = None,
) -> TurnResult:  # fmt: skip
    """Turn ``puzzle`` of ``page`` graded with ``chosen`` boxes filled (``faint`` ones a
    third filled: unclear)."""
    picture = fill(fill(image(pdf, page), page, chosen), page, faint, share=0.33)
    result = grade([scan_page(picture)], decisions)
    (sheet,) = result.sheets
    (turn,) = [p for p in sheet.puzzles if p.puzzle == puzzle]
    assert isinstance(turn, TurnResult)
    return turn


def test_a_place_left_blank_beside_marked_ones_waits_and_none_makes_the_time_blank(
    printed: tuple[bytes, SheetLayout],
) -> None:
    pdf, layout = printed
    page, puzzle = turn_one(layout)
    chosen = marks(page, puzzle, right_answer(puzzle), "_ 9 5")
    turn = graded_turn(pdf, page, puzzle, chosen)
    assert turn.status == "right" and turn.time == "review" and turn.seconds is None
    (review,) = turn.reviews
    assert "hundreds" in review.question and review.choices == (*"0123456", "none")
    assert turn_score(turn).score is None
    decided = graded_turn(pdf, page, puzzle, chosen, decisions={review.key: "0"})
    assert (decided.time, decided.seconds, turn_score(decided).score) == ("read", 95, 95)
    none = graded_turn(pdf, page, puzzle, chosen, decisions={review.key: "none"})
    assert none.time == "blank" and turn_score(none).score == TIME_LIMIT


def test_an_unclear_digit_waits_but_a_wrong_answers_time_never_does(
    printed: tuple[bytes, SheetLayout],
) -> None:
    pdf, layout = printed
    page, puzzle = turn_one(layout)
    faint = marks(page, puzzle, None, "_ _ 4")
    right = graded_turn(pdf, page, puzzle, marks(page, puzzle, right_answer(puzzle), "1 2 _"),
                        faint)  # fmt: skip
    assert right.time == "review" and "ones digit 4" in right.reviews[0].question
    assert turn_score(right).score is None
    decided = graded_turn(pdf, page, puzzle, marks(page, puzzle, right_answer(puzzle), "1 2 _"),
                          faint, {right.reviews[0].key: "filled"})  # fmt: skip
    assert (decided.seconds, turn_score(decided).score) == (124, 124)
    wrong = graded_turn(pdf, page, puzzle, marks(page, puzzle, wrong_answer(puzzle), "1 2 _"),
                        faint)  # fmt: skip
    assert wrong.status == "wrong" and turn_score(wrong).score == TIME_LIMIT
    assert turn_score(wrong).reason.startswith("a wrong answer")


def test_a_right_answer_scores_its_seconds_up_to_the_limit() -> None:
    """The rules as the scores apply them, without a scan: over the limit and blank."""
    base = TurnResult("3x3-c-fz", "right", set_number=1, time="read")
    assert turn_score(replace(base, seconds=599)).score == 599
    assert turn_score(replace(base, seconds=600)).score == 600
    assert turn_score(replace(base, seconds=601)).score == TIME_LIMIT
    assert turn_score(replace(base, seconds=None, time="blank")).score == TIME_LIMIT
    assert turn_score(replace(base, status="blank", seconds=30)).score == TIME_LIMIT


@pytest.mark.parametrize(
    "effects",
    [
        Effects(dpi=150, rotation=3.0, scale=0.98, blur=1.0, noise=4.0, jpeg=50),
        Effects(dpi=200, rotation=-2.0, upside_down=True, light=0.75, jpeg=70),
    ],
    ids=["150dpi-turned-jpeg", "upside-down-uneven-light"],
)
def test_a_scanned_form_with_hand_marks_gives_the_intended_times(
    printed: tuple[bytes, SheetLayout], effects: Effects
) -> None:
    """A form page marked as a hand marks (pen, pencil, part-filled, over the line) and
    printed-and-scanned: every turn's answer and seconds as meant."""
    pdf, layout = printed
    page = layout.pages[1]
    rng = np.random.default_rng(30)
    times = dict(zip(turns_of(page.code), (95, 608, 7), strict=True))
    picture = render_page(pdf, page.pdf_page, effects.dpi)
    for puzzle, seconds in times.items():
        for index in marks(page, puzzle, right_answer(puzzle), seconds):
            style = FILL_STYLES[int(rng.integers(len(FILL_STYLES)))]
            draw_mark(picture, page.boxes[index], effects.dpi, style, rng)
    result = grade([scan_page(scan_effects(picture, effects, rng))])
    (sheet,) = result.sheets
    assert result.problems == [] and result.reviews == []
    read = {p.puzzle: p for p in sheet.puzzles if isinstance(p, TurnResult)}
    assert {p: (t.status, t.seconds) for p, t in read.items()} == {
        p: ("right", s) for p, s in times.items()
    }
    assert [turn_score(read[p]).score for p in times] == [95, TIME_LIMIT, 7]


def test_a_form_of_another_kit_is_named_not_graded(
    printed: tuple[bytes, SheetLayout], tmp_path: Path
) -> None:
    pdf, layout = printed
    other_pdf, other = kit(str(tmp_path), "letter", 2)
    assert other.pages[0].pupil is not None and layout.pages[0].pupil is not None
    assert other.pages[0].pupil.class_code != layout.pages[0].pupil.class_code
    pages = [image(pdf, page) for page in layout.pages[:2]] + [image(other_pdf, other.pages[0])]
    result = grade([scan_page(p, f"scan-{k}.png") for k, p in enumerate(pages)])
    assert len(result.sheets) == 2
    (problem,) = result.problems
    assert problem.where.startswith("scan-2.png")
    assert problem.problem.startswith("a form of another MAT kit (Player 1's, kit ")


def test_a_roster_names_the_players_on_their_forms_the_score_sheet_and_the_scores(
    tmp_path: Path,
) -> None:
    """``--roster``: a set a player, each form's name box and code with the player's name,
    the score sheet's rows named, and the graded scores by name."""
    roster = tmp_path / "table-3.csv"
    roster.write_text("Name\nAna López\nBen Okafor\n李小龙\n", encoding="utf-8")
    out = tmp_path / "named.pdf"
    code, output, err = run("mat-kit", "--variant", "successive", "--scannable", "--roster",
                            str(roster), "--seed", SEED, "--out", str(out))  # fmt: skip
    assert code == 0, err
    assert "3 sets" in output
    reader = PdfReader(out)
    layout = SheetLayout.from_json(reader.attachments[ATTACHMENT][0])
    names = ["Ana López", "Ben Okafor", "李小龙"]
    assert [p.pupil.name for p in layout.pages if p.pupil] == names  # one page each
    assert all(PageCode.read(p.code).pupil == p.pupil for p in layout.pages)
    sheet = next(p.extract_text() for p in reader.pages if "MAT score sheet" in p.extract_text())
    assert all(name in sheet for name in names[:2])  # pypdf reads the CJK name's glyphs apart
    assert not overlapping_words(out.read_bytes())
    plan = {(player, turn): ("right", 60 * player + turn) for player in (1, 2, 3)
            for turn in (1, 2, 3)}  # fmt: skip
    scans = []
    for k, picture in enumerate(filled_pages(out.read_bytes(), layout, plan)):
        path = tmp_path / f"form-{k}.png"
        path.write_bytes(png(picture))
        scans.append(str(path))
    code, _, err = run("grade", *scans, "--out", str(tmp_path / "grades"))
    assert code == 0, err
    rows = read_scores(tmp_path / "grades")
    assert [row[:2] for row in rows[1:]] == [["1", "Ana López"], ["2", "Ben Okafor"],
                                             ["3", "李小龙"]]  # fmt: skip


@pytest.mark.parametrize(
    ("extra", "roster", "problem"),
    [((), "Ana\nBen\n", "the roster names 2 players, not 3"),
     (("--players", "3"), "Ana\nBen\nCy\n", None),
     (("--variant", "simultaneous"), "Ana\n", "add --variant successive"),
     ((), "A" * 60 + "\n", "too long"),
     ((), "Ana\n" * 10, "twice")],
)  # fmt: skip
def test_a_roster_that_cannot_name_the_forms_is_refused_in_one_line(
    tmp_path: Path, extra: tuple[str, ...], roster: str, problem: str | None
) -> None:
    path = tmp_path / "players.csv"
    path.write_text(roster, encoding="utf-8")
    args = ["mat-kit", "--variant", "successive", "--scannable", "--roster", str(path),
            "--seed", SEED, "--out", str(tmp_path / "kit.pdf"), *extra]  # fmt: skip
    if problem == "the roster names 2 players, not 3":
        args += ["--sets", "3"]
    code, _, err = run(*args)
    if problem is None:
        assert code == 0, err
        return
    assert code == 2
    one_error_line(err, problem)
    assert not (tmp_path / "kit.pdf").exists()

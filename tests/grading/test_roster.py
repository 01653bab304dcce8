"""Grading sheets printed with a roster: pages put together by the pupil their code names,
in any order and interleaved, each sheet bearing the coded name (unless the teacher typed
another); a page of another class, or a pupil's page met twice, named and not graded."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from cli_support import run
from scan_support import Sheet, boxes_for, fill, png, right_answer, scan_page, worksheet
from synthetic_scans import Effects, Intent, synthetic_scan

from generator.documents.worksheet import WorksheetOptions, make_worksheet
from generator.draw.layout import PAPERS
from generator.draw.qr import qr_modules
from generator.scan.layout import Pupil
from generator.scan.marks import code_fits, code_text
from generator.scan.pages import page_from_code
from grading.align import layout_of
from grading.gradebook import ENCODING, gradebook_rows
from grading.sheets import Grading, grade, name_pictures
from printables.matrix.puzzles import generated_id, get_puzzle

NAMES = ("Ana López", "李小龙")


def printed(tmp: Path, names: tuple[str, ...], *options: str) -> Sheet:
    """Three 4x4 puzzles over two answer pages (or the puzzles of ``options``), a set for
    each of ``names``."""
    roster = tmp / "class.csv"
    roster.write_text("Name\n" + "".join(f"{name}\n" for name in names), encoding="utf-8")
    chosen = options or ("--size", "4x4", "--count", "3", "--seed", "5")
    made = worksheet(str(tmp), "--roster", str(roster), *chosen, "--no-qr")
    if not options:
        assert len(made.layout.pages) == 2 * len(names)
    return made


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> Sheet:
    return printed(tmp_path_factory.mktemp("roster"), NAMES)


@pytest.fixture(scope="module")
def other_class(tmp_path_factory: pytest.TempPathFactory) -> Sheet:
    return printed(tmp_path_factory.mktemp("other"), ("Zed Ólafsson",))


def page_image(sheet: Sheet, pupil: int, page: int, right: bool = False) -> np.ndarray:
    """Pupil ``pupil``'s answer page ``page`` (both from 1), as printed, or with the
    key's answers marked."""
    index = 2 * (pupil - 1) + page
    layout = sheet.page(index)
    assert layout.pupil is not None and layout.pupil.number == pupil and layout.number == page
    image = sheet.image(index)
    if not right:
        return image
    answers = {puzzle: right_answer(puzzle) for puzzle in layout.puzzles}
    return fill(image, layout, boxes_for(layout, answers))


def pile(sheet: Sheet) -> list[tuple[np.ndarray, str]]:
    """Two pupils' sheets interleaved, one page upside down: Li's page 2, Ana's page 1
    (turned), Li's page 1, Ana's page 2; Ana marks the key's answers, Li nothing."""
    ana1 = np.ascontiguousarray(page_image(sheet, 1, 1, right=True)[::-1, ::-1])
    return [(page_image(sheet, 2, 2), "li2"), (ana1, "ana1"), (page_image(sheet, 2, 1), "li1"),
            (page_image(sheet, 1, 2, right=True), "ana2")]  # fmt: skip


def graded(pages: list[tuple[np.ndarray, str]], decisions: dict[str, str] | None = None) -> Grading:
    return grade([scan_page(image, number=k, key=key) for k, (image, key) in
                  enumerate(pages, 1)], decisions)  # fmt: skip


def test_an_interleaved_pile_is_put_together_by_pupil_with_the_coded_names(sheet: Sheet) -> None:
    result = graded(pile(sheet))
    assert result.problems == []
    assert [(s.name, sorted(s.pages), s.missing) for s in result.sheets] == [
        (NAMES[1], [1, 2], []),
        (NAMES[0], [1, 2], []),
    ]
    li, ana = result.sheets
    assert {n: p.key for n, p in li.pages.items()} == {1: "li1", 2: "li2"}
    assert {n: p.key for n, p in ana.pages.items()} == {1: "ana1", 2: "ana2"}
    assert (ana.right, len(ana.puzzles), li.right) == (3, 3, 0)
    assert [s.pupil.number for s in result.sheets if s.pupil is not None] == [2, 1]
    # the names are known: nothing to type, no picture of a name area
    assert name_pictures(result) == {}
    rows = gradebook_rows(result)
    assert [row[1] for row in rows[1:3]] == [NAMES[1], NAMES[0]]
    # read back from the results, the names stay
    again = Grading.from_json(result.to_json())
    assert [s.name for s in again.sheets] == [NAMES[1], NAMES[0]]
    assert result.to_json()["sheets"][1]["pupil"]["name"] == NAMES[0]  # type: ignore[index]


def test_a_roster_page_s_layout_is_its_own_code_drawn_again(sheet: Sheet) -> None:
    """The grader takes a named page's layout from the same page without a name (drawn
    once for the class): the same as drawing it from its own code."""
    for page in sheet.layout.pages:
        again = layout_of(page.code)
        assert again == page_from_code(page.code)
        assert again.boxes == page.boxes and again.pupil is not None and page.pupil is not None
        assert (again.code, again.pupil.name) == (page.code, page.pupil.name)


def test_the_teachers_typed_name_wins_over_the_coded_one(sheet: Sheet) -> None:
    first = graded(pile(sheet))
    ana = first.sheets[1]
    again = graded(pile(sheet), {ana.name_key: "Ana L."})
    assert [s.name for s in again.sheets] == [NAMES[1], "Ana L."]


def test_a_page_of_another_class_is_named_not_graded_into_this_gradebook(
    sheet: Sheet, other_class: Sheet
) -> None:
    stranger = other_class.image(1)
    pages = [(stranger, "zed1"), *pile(sheet)]  # met first, yet this class is the pile's
    result = graded(pages)
    assert [s.name for s in result.sheets] == [NAMES[1], NAMES[0]]
    assert all(p.key != "zed1" for s in result.sheets for p in s.pages.values())
    (problem,) = result.problems
    assert problem.where == "scan.png page 1"
    assert problem.problem.startswith("a sheet of another class (Zed Ólafsson's")


def test_a_pupil_s_page_scanned_twice_is_named_and_graded_once(sheet: Sheet) -> None:
    ana1 = page_image(sheet, 1, 1, right=True)
    pages = [(ana1, "ana1"), (page_image(sheet, 1, 2), "ana2"), (ana1.copy(), "ana1-again")]
    result = graded(pages)
    assert [(s.name, sorted(s.pages)) for s in result.sheets] == [(NAMES[0], [1, 2])]
    (problem,) = result.problems
    assert problem.problem == f"page 1 of {NAMES[0]}'s sheet again (graded: scan.png page 1)"


def test_a_page_of_another_worksheet_for_the_same_class_is_named(
    sheet: Sheet, tmp_path: Path
) -> None:
    """The same roster, another worksheet (one answer page): its page is not taken for a
    page of the pupil's two-page sheet."""
    one_page = printed(tmp_path, NAMES, "--size", "3x3", "--count", "2", "--seed", "8")
    assert len(one_page.layout.pages) == len(NAMES)
    assert one_page.page(1).pupil == sheet.page(1).pupil  # the same class, the same pupil
    pages = [*pile(sheet), (one_page.image(1), "other-sheet")]
    result = graded(pages)
    assert [(s.name, sorted(s.pages)) for s in result.sheets] == [(NAMES[1], [1, 2]),
                                                                 (NAMES[0], [1, 2])]  # fmt: skip
    (problem,) = result.problems
    assert problem.problem == (f"a page of another worksheet for {NAMES[0]} (page 1 of 1; "
                               "the sheet graded has 2)")  # fmt: skip


def test_the_grade_command_gives_the_coded_names_and_asks_for_none(
    sheet: Sheet, tmp_path: Path
) -> None:
    scans = []
    for k, (image, _) in enumerate(pile(sheet), 1):
        path = tmp_path / f"page-{k}.png"
        path.write_bytes(png(image))
        scans.append(str(path))
    out = tmp_path / "grades"
    status, output, err = run("grade", *scans, "--out", str(out))
    assert status == 0, err
    assert "4 page(s) graded: 2 sheet(s)." in output and "wait for you" not in output
    book = (out / "gradebook.csv").read_bytes().decode(ENCODING).splitlines()
    assert book[1].startswith(f"1,{NAMES[1]},blank,blank,blank,0,3,0,")
    assert book[2].startswith(f"2,{NAMES[0]},right,right,right,3,3,0,")
    review = (out / "review.csv").read_text(encoding="utf-8-sig").splitlines()
    assert review == ["key,sheet,question,choices,picture,decision"]


def test_the_largest_roster_code_is_read_from_150_dpi_scans(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Three 3x3 sets named by their cards and the longest Arabic name that codes: a
    version 7 code (the largest a page takes), scanned at 150 dpi turned, blurred, noisy
    and JPEG-compressed, read to its pupil every time."""
    ids = [get_puzzle(generated_id(3, 3, "solvable", "easy", s)).card_id for s in range(1, 4)]
    name = "م"
    while code_fits(code_text("matrix", "a4", 1, 1, ids, Pupil("0a48b2", 30, name + "ب"))):
        name += "ب"
    options = WorksheetOptions(PAPERS["a4"], scannable=True, key=False,
                               pupils=(Pupil("0a48b2", 30, name),))  # fmt: skip
    made = make_worksheet([get_puzzle(i) for i in ids], options)
    assert made.layout is not None
    (page,) = made.layout.pages
    assert len(qr_modules(page.code)) == 45 + 8
    trials = [Effects(dpi=150, rotation=4.6, scale=0.97, blur=1.1, noise=7.5, light=0.72, jpeg=41),
              Effects(dpi=150, rotation=-3.4, scale=1.03, blur=0.9, noise=3.0, jpeg=55,
                      upside_down=True),
              Effects(dpi=150, rotation=1.2, blur=1.2, noise=6.0, light=0.8, jpeg=40)]  # fmt: skip
    for k, effects in enumerate(trials):
        intents = {puzzle: Intent("impossible") for puzzle in page.puzzles}
        image, _ = synthetic_scan(made.pdf, page, intents, effects, np.random.default_rng(k))
        result = grade([scan_page(image, number=k + 1)])
        assert result.problems == [], (effects, result.problems)
        assert [s.name for s in result.sheets] == [name]

"""Grading's core on real answer pages (printed by the worksheet command, drawn back by
PDFium): pages found and aligned whatever way up, boxes read, answers built and checked by
the puzzle kind's own check, reviews raised and settled by decisions, sheets put together,
and every kind of bad input named without losing the rest."""

from __future__ import annotations

import csv
import json
from io import BytesIO
from pathlib import Path

import cv2
import numpy as np
import pytest
from cli_support import run
from pypdf import PdfReader
from scan_support import (
    Sheet,
    boxes_for,
    fill,
    png,
    right_answer,
    scan_page,
    worksheet,
)
from synthetic_scans import Effects, Intent, images_pdf, synthetic_scan

import grading.scans
from grading.align import AlignError, align
from grading.answers import NOTHING_CROSSED, changed_key, claim_key, line_key
from grading.cli import _write_review
from grading.gradebook import ENCODING, gradebook_csv, gradebook_rows
from grading.marks import read_boxes, state_of
from grading.scans import ScanPage, ScanProblem, read_scan
from grading.sheets import Grading, grade
from printables.matrix.puzzles import get_puzzle


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> Sheet:
    """Three 3x3 puzzles on one answer page (the first two solvable, the third not)."""
    made = worksheet(str(tmp_path_factory.mktemp("sheet")), "--size", "3x3", "--count", "3",
                     "--difficulty", "easy", "--seed", "13")  # fmt: skip
    assert len(made.layout.pages) == 1
    return made


@pytest.fixture(scope="module")
def two_pages(tmp_path_factory: pytest.TempPathFactory) -> Sheet:
    """Three 4x4 puzzles over two answer pages."""
    made = worksheet(str(tmp_path_factory.mktemp("sheet2")), "--size", "4x4", "--count", "3",
                     "--seed", "5")  # fmt: skip
    assert len(made.layout.pages) == 2
    return made


def ids(sheet: Sheet) -> tuple[str, ...]:
    return sheet.layout.puzzles


def marked(sheet: Sheet, answers: dict[str, object], number: int = 1, dpi: int = 200) -> np.ndarray:
    page = sheet.page(number)
    return fill(sheet.image(number, dpi), page, boxes_for(page, answers), dpi=dpi)  # type: ignore[arg-type]


def graded_one(image: np.ndarray, decisions: dict[str, str] | None = None) -> Grading:
    return grade([scan_page(image)], decisions)


def statuses(grading: Grading) -> dict[str, str]:
    return {p.puzzle: p.status for s in grading.sheets for p in s.puzzles}


# -- scans ---------------------------------------------------------------------------------


def test_files_that_are_not_scans_are_named_and_the_rest_still_read(sheet: Sheet) -> None:
    assert [type(p) for p in read_scan("notes.txt", b"hello")] == [ScanProblem]
    broken = list(read_scan("cut.pdf", b"%PDF-1.7\n1 0 obj garbage"))
    assert len(broken) == 1 and isinstance(broken[0], ScanProblem)
    assert "PDF" in broken[0].problem
    cut_png = png(sheet.image(1))[:500]
    assert isinstance(next(read_scan("cut.png", cut_png)), ScanProblem)
    pages = list(read_scan("sheet.pdf", sheet.pdf))
    assert all(isinstance(p, ScanPage) for p in pages)
    assert [p.number for p in pages] == list(range(1, len(PdfReader(BytesIO(sheet.pdf)).pages) + 1))


def test_a_page_key_is_its_content_not_its_name(sheet: Sheet) -> None:
    data = png(sheet.image(1))
    first = next(read_scan("a.png", data))
    again = next(read_scan("renamed.png", data))
    other = next(read_scan("a.png", png(sheet.image(1, dpi=150))))
    assert isinstance(first, ScanPage) and isinstance(again, ScanPage)
    assert isinstance(other, ScanPage)
    assert first.key == again.key != other.key


def test_a_multi_page_tiff_gives_each_page(sheet: Sheet) -> None:
    image = sheet.image(1, dpi=150)
    ok, data = cv2.imencodemulti(".tiff", [image, image[::-1].copy()])
    assert ok
    pages = list(read_scan("copier.tiff", data.tobytes()))
    assert [p.number for p in pages] == [1, 2] and all(isinstance(p, ScanPage) for p in pages)


# -- alignment -----------------------------------------------------------------------------


def turned(image: np.ndarray, degrees: float, scale: float = 1.0) -> np.ndarray:
    h, w = image.shape
    size = int(max(h, w) * 1.15)
    canvas = np.full((size, size), 255, np.uint8)
    top, left = (size - h) // 2, (size - w) // 2
    canvas[top : top + h, left : left + w] = image
    matrix = cv2.getRotationMatrix2D((size / 2, size / 2), degrees, scale)
    return cv2.warpAffine(canvas, matrix, (size, size), borderValue=255)


@pytest.mark.parametrize(("degrees", "scale"), [(0, 1.0), (4.5, 1.03), (-3, 0.97), (180, 1.0),
                                                (92, 1.0), (-88.5, 0.98)])  # fmt: skip
def test_a_page_is_aligned_whatever_its_turn_and_scale(
    sheet: Sheet, degrees: float, scale: float
) -> None:
    page = align(turned(sheet.image(1), degrees, scale))
    assert page.marks == 4 and page.error < 0.6
    assert page.code == sheet.page(1).code
    # Every printed box outline is where the layout says: dark on its edge, light inside.
    reads = read_boxes(page)
    assert reads and all(r.state == "empty" for r in reads)


def test_a_phone_photo_in_perspective_on_a_desk_is_aligned(sheet: Sheet) -> None:
    image = sheet.image(1)
    h, w = image.shape
    desk = np.full((h + 400, w + 400), 90, np.uint8)
    source = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    target = np.float32([[260, 180], [w + 120, 230], [w + 190, h + 330], [170, h + 260]])
    matrix = cv2.getPerspectiveTransform(source, target)
    photo = cv2.warpPerspective(image, matrix, desk.shape[::-1], dst=desk,
                                borderMode=cv2.BORDER_TRANSPARENT)  # fmt: skip
    page = align(photo)
    assert page.marks == 4 and page.error < 0.6


def test_a_corner_mark_covered_is_done_without_two_are_not(sheet: Sheet) -> None:
    image = sheet.image(1)
    scale = 200 / 25.4
    fiducials = sheet.page(1).of_kind("fiducial")

    def cover(img: np.ndarray, n: int) -> np.ndarray:
        out = img.copy()
        for box in fiducials[-n:]:
            r = box.rect
            x0, y0 = int((r.x - 1) * scale), int((r.y - 1) * scale)
            out[y0 : int((r.bottom + 1) * scale), x0 : int((r.right + 1) * scale)] = 255
        return out

    assert align(cover(image, 1)).marks == 3
    with pytest.raises(AlignError, match="2 of the page's 4 corner marks were not found"):
        align(cover(image, 2))


def test_pages_that_are_not_answer_sheets_say_what_they_are(sheet: Sheet) -> None:
    blank = np.full_like(sheet.image(1), 250)
    with pytest.raises(AlignError, match="a blank page"):
        align(blank)
    pages = [p for p in read_scan("sheet.pdf", sheet.pdf) if isinstance(p, ScanPage)]
    with pytest.raises(AlignError, match="not an answer sheet: its QR code is another's"):
        align(pages[0].image)  # the puzzles' page: its QR code is the checking page's
    code = sheet.page(1).of_kind("code")[0].rect
    covered = sheet.image(1)
    s = 200 / 25.4
    covered[int(code.y * s) : int(code.bottom * s), int(code.x * s) : int(code.right * s)] = 255
    with pytest.raises(AlignError, match="no answer sheet's code was found"):
        align(covered)


# -- boxes ---------------------------------------------------------------------------------


def test_a_box_is_filled_empty_or_unclear_never_guessed(sheet: Sheet) -> None:
    assert [state_of(x) for x in (1.0, 0.45, 0.44, 0.13, 0.12, 0.0)] == [
        "filled", "filled", "unclear", "unclear", "empty", "empty"]  # fmt: skip
    page = sheet.page(1)
    marks = [i for i, b in enumerate(page.boxes) if b.kind == "mark"]
    firm, light, third, dot = marks[:4]
    image = fill(sheet.image(1), page, [firm])
    image = fill(image, page, [light], gray=150)  # a light pencil, still meant
    image = fill(image, page, [third], share=0.33)  # a third of its inside: unclear
    image = fill(image, page, [dot], share=0.12)  # a stray dot: empty
    reads = {r.index: r.state for r in read_boxes(align(image))}
    assert reads[firm] == reads[light] == "filled"
    assert reads[third] == "unclear"
    assert reads[dot] == "empty"
    assert sum(state == "filled" for state in reads.values()) == 2


# -- answers -------------------------------------------------------------------------------


def test_the_keys_answers_are_right_by_the_kinds_own_check(sheet: Sheet) -> None:
    answers = {p: right_answer(p) for p in ids(sheet)}
    assert [a == "impossible" for a in answers.values()] == [False, False, True]
    graded = graded_one(marked(sheet, answers))
    assert statuses(graded) == dict.fromkeys(ids(sheet), "right")
    result = graded.sheets[0].puzzles[0]
    solution = get_puzzle(ids(sheet)[0]).solution
    assert solution is not None
    assert result.answer.splitlines()[0] == " ".join(str(c) for c in solution[0])
    assert "Every row and column is a single-flush." in result.reasons


def test_wrong_blank_and_incomplete_answers_say_why(sheet: Sheet) -> None:
    first, second, third = ids(sheet)
    good = right_answer(first)
    assert isinstance(good, dict)
    cards = list(good)
    swapped = dict(good)
    swapped[cards[0]], swapped[cards[4]] = good[cards[4]], good[cards[0]]
    second_good = right_answer(second)
    assert isinstance(second_good, dict)
    partial = dict(list(second_good.items())[1:])
    answers = {first: swapped, second: partial}
    image = marked(sheet, answers)
    graded = graded_one(image)
    results = {p.puzzle: p for p in graded.sheets[0].puzzles}
    assert results[third].status == "blank"
    assert results[second].status == "wrong"
    if swapped != good:
        assert results[first].status in {"wrong", "right"}  # a swap may still be a solution
    missing = [c for c in second_good if c not in partial]
    assert results[second].reasons == tuple(f"{c} is not placed." for c in missing)
    # An impossible claim on a solvable set is wrong, by the kind's own check.
    claimed = graded_one(marked(sheet, {first: "impossible"}))
    verdict = claimed.sheets[0].puzzles[0]
    assert verdict.status == "wrong" and verdict.answer == "Impossible"


def test_two_cards_in_one_place_is_wrong_with_both_named(sheet: Sheet) -> None:
    first = ids(sheet)[0]
    good = right_answer(first)
    assert isinstance(good, dict)
    a, b = list(good)[:2]
    crowded = dict(good)
    crowded[b] = good[a]
    graded = graded_one(marked(sheet, {first: crowded}))
    result = graded.sheets[0].puzzles[0]
    assert result.status == "wrong"
    row, column = good[a]
    first_named, second_named = sorted((a, b), key=list(good).index)
    assert f"{first_named} and {second_named} are both placed at row {row}, column {column}." in (
        result.reasons
    )


def test_two_rows_for_a_card_wait_for_the_teacher_and_a_decision_settles_them(
    sheet: Sheet,
) -> None:
    first = ids(sheet)[0]
    good = right_answer(first)
    assert isinstance(good, dict)
    card = next(iter(good))
    row, column = good[card]
    other_row = 1 if row != 1 else 2
    page = sheet.page(1)
    crossed = boxes_for(page, {first: {card: (other_row, column)}})[:1]  # its row box
    image = fill(marked(sheet, {first: good}), page, crossed)
    graded = graded_one(image)
    result = graded.sheets[0].puzzles[0]
    assert result.status == "review"
    (review,) = result.reviews
    assert review.key == line_key(graded.sheets[0].pages[1].key, first, (card, "row"))
    assert set(review.choices) == {str(row), str(other_row), "none"}
    assert review.key in graded.pictures  # the teacher sees that part of the page
    graded.decide({review.key: str(row)})
    assert graded.sheets[0].puzzles[0].status == "right"
    graded.decide({review.key: str(other_row)})  # onto another card's place
    assert graded.sheets[0].puzzles[0].status == "wrong"
    graded.decide({review.key: "none"})
    assert graded.sheets[0].puzzles[0].reasons == (f"{card} has no row marked.",)


def test_changed_with_no_mark_in_its_place_asks_which_mark_is_crossed_out(
    sheet: Sheet, tmp_path: Path
) -> None:
    """A card's row and column crossed out and left so, 'Changed' filled: no line shows two
    marks, so the crossed-out marks would pass for the right answer. The teacher is asked
    which mark is crossed out, then whether another is, until they say none."""
    first = ids(sheet)[0]
    good = right_answer(first)
    assert isinstance(good, dict)
    card = next(iter(good))
    row, column = good[card]
    page = sheet.page(1)
    changed = [i for i, b in enumerate(page.boxes) if b.puzzle == first and b.field == "changed"]
    graded = graded_one(fill(marked(sheet, {first: good}), page, changed))
    key = graded.sheets[0].pages[1].key
    (review,) = graded.reviews
    assert review.key == changed_key(key, first, 1)
    assert review.question.startswith("'Changed' is filled, but no mark has another")
    assert {f"{card}, row {row}", f"{card}, column {column}", NOTHING_CROSSED} <= set(
        review.choices
    )
    assert len(review.choices) == 2 * len(good) + 1  # every mark, and none
    assert review.picture_key in graded.pictures
    assert graded.sheets[0].puzzles[0].status == "review"
    graded.decide({review.key: f"{card}, row {row}"})
    (again,) = graded.reviews
    assert again.key == changed_key(key, first, 2)
    assert f"{card}, row {row}" not in again.choices
    assert again.picture_key == review.key  # the same part of the page
    assert _write_review(tmp_path, graded) == 2  # the name, and the follow-up with its picture
    rows = csv.DictReader((tmp_path / "review.csv").open(encoding="utf-8-sig"))
    row_of = {r["key"]: r for r in rows}[again.key]
    assert (tmp_path / row_of["picture"]).read_bytes() == graded.pictures[review.key]
    graded.decide({again.key: f"{card}, column {column}"})
    (last,) = graded.reviews
    graded.decide({last.key: NOTHING_CROSSED})
    result = graded.sheets[0].puzzles[0]
    assert (result.status, result.reasons) == ("wrong", (f"{card} is not placed.",))
    fresh = graded_one(fill(marked(sheet, {first: good}), page, changed),
                       {changed_key(key, first, 1): NOTHING_CROSSED})  # fmt: skip
    assert statuses(fresh)[first] == "right"  # 'Changed' filled by mistake


def test_impossible_beside_placements_asks_which_is_meant(sheet: Sheet) -> None:
    first = ids(sheet)[0]
    page = sheet.page(1)
    image = fill(marked(sheet, {first: right_answer(first)}), page,
                 boxes_for(page, {first: "impossible"}))  # fmt: skip
    graded = graded_one(image)
    (review,) = graded.reviews
    assert review.key == claim_key(graded.sheets[0].pages[1].key, first)
    graded.decide({review.key: "placements"})
    assert graded.sheets[0].puzzles[0].status == "right"
    graded.decide({review.key: "impossible"})
    assert graded.sheets[0].puzzles[0].status == "wrong"


def test_an_unclear_box_waits_and_the_teachers_decision_is_used(sheet: Sheet) -> None:
    first = ids(sheet)[0]
    good = right_answer(first)
    assert isinstance(good, dict)
    page = sheet.page(1)
    boxes = boxes_for(page, {first: good})
    image = fill(fill(sheet.image(1), page, boxes[1:]), page, boxes[:1], share=0.33)
    graded = graded_one(image)
    (review,) = graded.reviews
    assert review.choices == ("filled", "empty") and review.boxes == (boxes[0],)
    assert graded.sheets[0].puzzles[0].status == "review"
    graded.decide({review.key: "filled"})
    assert graded.sheets[0].puzzles[0].status == "right" and not graded.reviews
    graded.decide({review.key: "empty"})
    assert graded.sheets[0].puzzles[0].status == "wrong"


# -- sheets, decisions kept, gradebook ------------------------------------------------------


def test_pages_make_sheets_in_scan_order_either_way_up(two_pages: Sheet) -> None:
    p1, p2 = two_pages.image(1), two_pages.image(2)
    upside = np.ascontiguousarray(p2[::-1, ::-1])
    pile = [scan_page(p1, number=1), scan_page(upside, number=2),  # pupil 1
            scan_page(p2, number=3, key="b2"), scan_page(p1, number=4, key="b1"),  # pupil 2
            scan_page(p1, number=5, key="c1")]  # pupil 3: page 2 missing  # fmt: skip
    graded = grade(pile)
    assert [sorted(s.pages) for s in graded.sheets] == [[1, 2], [1, 2], [1]]
    assert graded.sheets[2].missing == [2]
    assert graded.puzzles == list(ids(two_pages))
    rows = gradebook_rows(graded)
    assert rows[3][-1].endswith("(page 2 missing)")


def test_the_same_page_twice_is_named_not_graded_twice(sheet: Sheet) -> None:
    page = scan_page(sheet.image(1))
    graded = grade([page, page])
    assert len(graded.sheets) == 1
    assert graded.problems[0].problem == "the same page as scan.png page 1"


def test_results_read_back_give_the_same_answers_without_the_scan(sheet: Sheet) -> None:
    first = ids(sheet)[0]
    graded = graded_one(marked(sheet, {first: right_answer(first)}))
    name_key = graded.sheets[0].name_key
    graded.decide({name_key: " Zoë Ångström "})
    again = Grading.from_json(json.loads(json.dumps(graded.to_json())))
    assert again.to_json() == graded.to_json()
    assert again.sheets[0].name == "Zoë Ångström"
    data = gradebook_csv(again)
    assert data.startswith("\ufeff".encode()) and data.decode(ENCODING).splitlines()[1].startswith(
        "1,Zoë Ångström,right,blank,blank,1,3,0,"
    )
    assert data.decode(ENCODING).splitlines()[-1].split(",")[1:5] == [
        "Right answers", "1", "0", "0"]  # fmt: skip


def test_grade_reports_progress_page_by_page(sheet: Sheet) -> None:
    seen: list[int] = []
    pile = [scan_page(sheet.image(1)), ScanProblem("x.txt", None, "not a scan"),
            scan_page(np.full_like(sheet.image(1), 252), number=2)]  # fmt: skip
    graded = grade(pile, progress=seen.append)
    assert seen == [1, 2]
    assert [p.problem for p in graded.problems] == ["not a scan", "a blank page"]


def test_the_command_grades_a_pile_and_keeps_the_teachers_decisions(
    sheet: Sheet, tmp_path: Path
) -> None:
    first = ids(sheet)[0]
    good = right_answer(first)
    assert isinstance(good, dict)
    page = sheet.page(1)
    boxes = boxes_for(page, {first: good})
    image = fill(fill(sheet.image(1), page, boxes[1:]), page, boxes[:1], share=0.33)
    scans = tmp_path / "scans"
    scans.mkdir()
    (scans / "class.png").write_bytes(png(image))
    (scans / "notes.txt").write_text("not a scan")
    out = tmp_path / "grades"
    args = ["grade", str(scans / "class.png"), str(scans / "notes.txt"),
            str(scans / "missing.pdf"), "--out", str(out)]  # fmt: skip
    code, output, err = run(*args)
    assert code == 0, err
    assert "Not graded: notes.txt: not a PDF or an image" in output
    assert "Not graded: missing.pdf: cannot be read" in output
    assert "2 decision(s) wait for you" in output  # the unclear box and the name
    book = (out / "gradebook.csv").read_bytes().decode(ENCODING)
    assert book.splitlines()[1].startswith("1,,review,blank,blank,0,3,1,")
    review = (out / "review.csv").read_text(encoding="utf-8-sig").splitlines()
    assert len(review) == 3
    assert all((out / line.split(",")[-2]).is_file() for line in review[1:])
    # The teacher writes the decisions, one of them wrong, and runs the command again.
    lines = [review[0], review[1] + "Noor", review[2] + "maybe"]
    (out / "review.csv").write_text("\n".join(lines) + "\n", encoding="utf-8-sig")
    code, output, err = run(*args)
    assert "'maybe' is not one of filled, empty" in output
    lines[2] = review[2] + "Filled"
    (out / "review.csv").write_text("\n".join(lines) + "\n", encoding="utf-8-sig")
    code, output, err = run(*args)
    assert "wait for you" not in output
    book = (out / "gradebook.csv").read_bytes().decode(ENCODING)
    assert book.splitlines()[1].startswith("1,Noor,right,blank,blank,1,3,0,")
    kept = json.loads((out / "decisions.json").read_text(encoding="utf-8"))
    assert sorted(kept.values()) == ["Noor", "filled"]
    # The decisions are kept: a review.csv written afresh asks nothing already answered.
    (out / "review.csv").unlink()
    code, output, err = run(*args)
    assert "wait for you" not in output


def test_a_photo_whose_far_corners_the_code_misplaces_is_still_aligned(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """A phone photo in strong perspective: the rough map from the small code (top right)
    puts the bottom corner marks tens of mm off, beside boxes filled over their lines.
    (Found by the synthetic trials: the nearest dark square was a filled box.)"""
    made = worksheet(str(tmp_path_factory.mktemp("photo")), "--size", "3x3", "--count", "6",
                     "--seed", "31")  # fmt: skip
    page = made.layout.pages[0]
    intents = {puzzle: Intent("impossible") for puzzle in page.puzzles}
    effects = Effects(dpi=200, rotation=-2.77, scale=1.009, desk=True, blur=1.1, noise=7.0,
                      light=0.75, jpeg=68,
                      perspective=((0.036, 0.019), (-0.037, 0.040), (0.0002, 0.020),
                                   (-0.030, 0.031)))  # fmt: skip
    image, _ = synthetic_scan(made.pdf, page, intents, effects, np.random.default_rng(64),
                              styles=("over-the-line",))  # fmt: skip
    aligned = align(image)
    assert aligned.marks == 4 and aligned.error < 0.6
    reads = read_boxes(aligned)
    impossible = {i for i, b in enumerate(page.boxes) if b.field == "impossible"}
    assert {r.index for r in reads if r.state == "filled"} == impossible


def test_a_copiers_pdf_of_pictures_is_read_from_its_pictures_as_it_would_be_drawn(
    sheet: Sheet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scan-to-PDF page (one JPEG picture) is decoded straight from the file; the
    reads are those of the page drawn by PDFium."""
    first = ids(sheet)[0]
    image = turned(marked(sheet, {first: right_answer(first)}, dpi=300), 1.5)
    data = images_pdf([image, image[::-1, ::-1].copy()], 300, jpeg=85)
    direct = [p for p in read_scan("copier.pdf", data) if isinstance(p, ScanPage)]
    assert direct[0].image.shape[0] < image.shape[0] * 0.6  # decoded at half size
    monkeypatch.setattr(grading.scans, "_scanned_image", lambda page: None)
    drawn = [p for p in read_scan("copier.pdf", data) if isinstance(p, ScanPage)]
    graded = [grade([p]) for p in direct + drawn]
    reads = [[r.state for r in g.sheets[0].pages[1].reads] for g in graded]
    assert reads[0] == reads[1] == reads[2] == reads[3]
    assert statuses(graded[0])[first] == "right"


def test_an_unclear_changed_box_holds_up_no_answer(sheet: Sheet) -> None:
    """'Changed' only tells that a mark was crossed out: unclear, it asks nothing."""
    first = ids(sheet)[0]
    page = sheet.page(1)
    changed = [i for i, b in enumerate(page.boxes) if b.puzzle == first and b.field == "changed"]
    image = fill(marked(sheet, {first: right_answer(first)}), page, changed, share=0.33)
    graded = graded_one(image)
    assert [r.state for r in graded.sheets[0].pages[1].reads if r.index in changed] == ["unclear"]
    assert statuses(graded)[first] == "right" and not graded.reviews

"""Grading the question kinds' answer pages (nada, poker, placement, secret card, cipher,
challenge): for every question, a scannable worksheet printed by the command, its answer
page drawn back by PDFium, the boxes of an answer filled and the page graded. The puzzle's
own right answer is right; a wrong one is wrong for the reasons the kind's check gives; a
blank area is blank; two marks where one is allowed wait for the teacher."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run
from question_intents import wrong_answer
from scan_support import Sheet, fill, kind_worksheet, png, question_boxes, question_of, scan_page

from generator.scan.layout import PageLayout
from grading.answers import PuzzleResult, reader_for
from grading.gradebook import ENCODING
from grading.sheets import grade
from printables.puzzles import kind_of
from printables.questions.base import Question, question_kinds

CASES = [(key, q, "medium") for key, kind in question_kinds().items()
         for q in kind.questions.values()] + [("placement", "eighty-one", "hard")]  # fmt: skip
"""Every question of every kind (Eighty-One's hard puzzles are an order, its others a
choice)."""
NAMES = [f"{kind}-{question}-{level}" for kind, question, level in CASES]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("questions"))


def printed(folder: str, kind: str, question: str, level: str) -> Sheet:
    return kind_worksheet(folder, kind, "--question", question, "--difficulty", level,
                          "--count", "2", "--seed", "3")  # fmt: skip


def graded(sheet: Sheet, number: int, answers: dict[str, str], extra: tuple[int, ...] = ()
           ) -> dict[str, PuzzleResult]:  # fmt: skip
    """Page ``number`` with ``answers`` filled (and the boxes ``extra``), graded: each
    puzzle's result."""
    page = sheet.page(number)
    marked = fill(sheet.image(number), page, [*question_boxes(page, answers), *extra])
    result = grade([scan_page(marked)])
    return {p.puzzle: p for s in result.sheets for p in s.puzzles}


def reasons_against(puzzle: Question, answer: str) -> tuple[str, ...]:
    """Why the kind's check finds ``answer`` wrong (what it cannot read: its error)."""
    try:
        verdict = kind_of(puzzle.id).check(puzzle, answer)
    except ValueError as error:
        return (str(error),)
    assert not verdict.right, answer
    return verdict.reasons


@pytest.mark.parametrize(("kind", "question", "level"), CASES, ids=NAMES)
def test_right_and_wrong_answers_are_graded_by_the_kind_s_check(
    folder: str, kind: str, question: str, level: str
) -> None:
    sheet = printed(folder, kind, question, level)
    first, second = (question_of(i) for i in sheet.layout.puzzles)
    wrong = wrong_answer(second)
    check = kind_of(second.id).check
    results: dict[str, PuzzleResult] = {}
    for number, page in enumerate(sheet.layout.pages, 1):
        answers = {first.id: first.answer, second.id: wrong}
        results |= graded(sheet, number, {p: answers[p] for p in page.puzzles})
    right, marked_wrong = results[first.id], results[second.id]
    assert right.status == "right", right
    assert check(first, right.answer).right
    assert marked_wrong.status == "wrong", marked_wrong
    assert marked_wrong.reasons == reasons_against(second, wrong) != ()


def double_line(page: PageLayout, puzzle: Question) -> tuple[int, ...] | None:
    """Two boxes of one line of ``puzzle`` (one at most may be filled), or None when its
    area has no line of two boxes."""
    reader = reader_for(kind_of(puzzle.id).key)
    lines: dict[tuple[str, ...], list[int]] = {}
    for index, box in enumerate(page.boxes):
        if box.kind == "mark" and box.puzzle == puzzle.id:
            line = reader.line(box)
            if line is not None:
                lines.setdefault(line, []).append(index)
    longest = max(lines.values(), key=len, default=[])
    return tuple(longest[:2]) if len(longest) >= 2 else None


@pytest.mark.parametrize(("kind", "question", "level"), CASES, ids=NAMES)
def test_a_blank_area_is_blank_and_two_marks_in_a_line_wait_for_the_teacher(
    folder: str, kind: str, question: str, level: str
) -> None:
    sheet = printed(folder, kind, question, level)
    first, second = (question_of(i) for i in sheet.layout.puzzles)
    number = next(n for n, p in enumerate(sheet.layout.pages, 1) if second.id in p.puzzles)
    page = sheet.page(number)
    pair = double_line(page, second)
    nothing = [i for i, b in enumerate(page.boxes) if b.puzzle == second.id
               and b.field == "impossible"]  # fmt: skip
    if pair is None and not nothing:
        # several cards may be named and none is "none": no two marks are ever too many
        assert kind == "poker" and question == "best"
        return
    others = [i for i, b in enumerate(page.boxes) if b.kind == "mark" and b.puzzle == second.id
              and b.field not in ("impossible", "changed")]  # fmt: skip
    extra = pair if pair is not None else (nothing[0], others[0])
    results = graded(sheet, number, {}, extra)
    assert results[second.id].status == "review"
    (review,) = results[second.id].reviews
    assert "Which" in review.question and len(review.choices) >= 2
    if first.id in page.puzzles:
        assert results[first.id].status == "blank"


def marks_of(page: PageLayout, puzzle: str, **meaning: object) -> list[int]:
    """The indexes of ``puzzle``'s boxes whose fields are ``meaning``."""
    return [i for i, b in enumerate(page.boxes) if b.kind == "mark" and b.puzzle == puzzle
            and all(getattr(b, k) == v for k, v in meaning.items())]  # fmt: skip


def test_an_order_with_a_place_given_twice_is_wrong_in_the_teacher_s_words(folder: str) -> None:
    sheet = printed(folder, "poker", "rank", "medium")
    page = sheet.page(1)
    puzzle = question_of(page.puzzles[0])
    best, second, *rest = puzzle.answer.split()
    boxes = marks_of(page, puzzle.id, option=best, value=1)
    boxes += marks_of(page, puzzle.id, option=second, value=1)
    for place, option in enumerate(rest, 3):
        boxes += marks_of(page, puzzle.id, option=option, value=place)
    both = " and ".join(f"Hand {o}" for o in sorted((best, second)))
    result = graded(sheet, 1, {}, tuple(boxes))[puzzle.id]
    assert result.status == "wrong"
    assert result.reasons == (f"{both} are both given place 1.",)
    result = graded(sheet, 1, {}, tuple(boxes[:1] + boxes[2:]))[puzzle.id]
    assert result.reasons == (f"Hand {second} has no place marked.",)


def test_a_card_built_without_a_shape_is_wrong_in_the_teacher_s_words(folder: str) -> None:
    sheet = printed(folder, "secret-card", "secret", "medium")
    page = sheet.page(1)
    puzzle = question_of(page.puzzles[0])
    boxes = tuple(i for i in question_boxes(page, {puzzle.id: puzzle.answer})
                  if page.boxes[i].place != 4)  # fmt: skip
    result = graded(sheet, 1, {}, boxes)[puzzle.id]
    assert (result.status, result.reasons) == ("wrong", ("The card has no shape marked.",))
    assert result.answer == puzzle.answer[:3] + "?"


def test_two_cards_where_one_is_asked_are_settled_by_the_teacher(folder: str) -> None:
    sheet = printed(folder, "nada", "discard", "medium")
    page = sheet.page(1)
    puzzle = question_of(page.puzzles[0])
    other = next(str(c) for c in puzzle.cards if str(c) != puzzle.answer)
    boxes = question_boxes(page, {puzzle.id: f"{puzzle.answer} {other}"})
    marked = fill(sheet.image(1), page, boxes)
    waiting = grade([scan_page(marked)]).sheets[0].puzzles[0]
    (review,) = waiting.reviews
    names = sorted((puzzle.answer, other), key=[str(c) for c in puzzle.cards].index)
    assert review.question == f"Discard: 2 cards are marked ({', '.join(names)}). Which one counts?"
    assert set(review.choices) == {puzzle.answer, other, "none"}
    decided = grade([scan_page(marked)], {review.key: puzzle.answer}).sheets[0].puzzles[0]
    assert (decided.status, decided.answer) == ("right", puzzle.answer)


def test_none_beside_a_column_asks_which_is_the_answer(folder: str) -> None:
    sheet = printed(folder, "placement", "eighty-one", "medium")
    page = sheet.page(1)
    puzzle = question_of(page.puzzles[0])
    boxes = (*marks_of(page, puzzle.id, field="impossible"), *marks_of(page, puzzle.id, option="1"))
    marked = fill(sheet.image(1), page, boxes)
    (review,) = grade([scan_page(marked)]).sheets[0].puzzles[0].reviews
    assert review.question == "Both 'none' and columns are marked. Which is the answer?"
    assert review.choices == ("none", "columns")
    decided = grade([scan_page(marked)], {review.key: "none"}).sheets[0].puzzles[0]
    assert decided.answer == "none" and decided.status == ("right" if puzzle.answer == "none"
                                                           else "wrong")  # fmt: skip


def test_a_crossed_out_card_where_several_may_be_marked_waits_for_the_teacher(
    folder: str,
) -> None:
    """Where several boxes may be filled no other box shows a mark crossed out: with
    'Changed' filled, each filled box waits for the teacher to say whether it counts."""
    sheet = printed(folder, "poker", "best", "medium")
    page = sheet.page(1)
    puzzle = question_of(page.puzzles[0])
    extra = next(str(c) for c in puzzle.cards if str(c) not in puzzle.answer.split())
    boxes = [*question_boxes(page, {puzzle.id: f"{puzzle.answer} {extra}"}),
             *marks_of(page, puzzle.id, field="changed")]  # fmt: skip
    marked = fill(sheet.image(1), page, boxes)
    waiting = grade([scan_page(marked)]).sheets[0].puzzles[0]
    assert waiting.status == "review" and len(waiting.reviews) == 6
    asked = {r.question for r in waiting.reviews}
    assert f"'Changed' is filled: is this box a mark, or crossed out? ({extra})" in asked
    assert all(r.choices == ("a mark", "crossed out") for r in waiting.reviews)
    decisions = {r.key: "crossed out" if f"({extra})" in r.question else "a mark"
                 for r in waiting.reviews}  # fmt: skip
    decided = grade([scan_page(marked)], decisions).sheets[0].puzzles[0]
    assert (decided.status, decided.answer) == ("right", puzzle.answer)
    # without "Changed", six cards are six marks: wrong, for the check's reason
    plain = fill(sheet.image(1), page, boxes[:-1])
    assert grade([scan_page(plain)]).sheets[0].puzzles[0].status == "wrong"


def test_the_teacher_names_an_option_in_any_case_on_the_command(
    folder: str, tmp_path: Path
) -> None:
    """review.csv's decision may be written as the choice is (``C``) or in another case
    (``c``); it is kept as the choice is spelled."""
    sheet = printed(folder, "cipher", "which", "medium")
    page = sheet.page(1)
    puzzle = question_of(page.puzzles[0])
    other = next(o for o in puzzle.options if o != puzzle.answer)
    boxes = question_boxes(page, {puzzle.id: puzzle.answer})
    boxes += marks_of(page, puzzle.id, option=other)
    scan = tmp_path / "class.png"
    scan.write_bytes(png(fill(sheet.image(1), page, boxes)))
    out = tmp_path / "grades"
    code, output, err = run("grade", str(scan), "--out", str(out))
    assert code == 0, err
    review = (out / "review.csv").read_text(encoding="utf-8-sig").splitlines()
    (line,) = [row for row in review if "Which one counts?" in row]
    assert "2 options are marked" in line
    rows = [review[0], *(row + (puzzle.answer.lower() if row == line else "Noor")
                         for row in review[1:])]  # fmt: skip
    (out / "review.csv").write_text("\n".join(rows) + "\n", encoding="utf-8-sig")
    code, output, err = run("grade", str(scan), "--out", str(out))
    assert "wait for you" not in output, output
    kept = json.loads((out / "decisions.json").read_text(encoding="utf-8"))
    assert puzzle.answer in kept.values()
    book = (out / "gradebook.csv").read_bytes().decode(ENCODING).splitlines()
    assert book[1].startswith("1,Noor,right,")

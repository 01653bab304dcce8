"""``printables solve``, ``check`` and ``worksheet`` for Costly Tricks problems (PARADOX),
as a teacher runs them; Matrix's options keep working as before (test_puzzles.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_support import one_error_line, run
from pypdf import PdfReader

from printables.cards.wording import signed
from printables.paradox.problems import KIND, generated_id, position_id, problem_ids
from printables.paradox.solver import COMPILED, solve
from printables.paradox.tricks import SEATS, Position, legal_cards, winner

BOOK: dict[str, Any] = {  # the book's worked example, before A leads
    "hands": [["R10", "R5", "G4"], ["G2", "B8", "B3"], ["G3", "P10", "P1"], ["B10", "B7", "B6"]],
    "leader": 0,
}
PLAY_ID = generated_id("play", 3, "medium", 12)
LEGAL_ID = generated_id("legal", 4, "medium", 12)
WINNER_ID = generated_id("winner", 4, "hard", 12)


# -- solve ---------------------------------------------------------------------------------


def test_solve_json_reads_a_position_on_standard_input() -> None:
    code, stdout, stderr = run("solve", "costly-tricks", "--json", "-", stdin=json.dumps(BOOK))
    assert code == 0, stderr
    data = json.loads(stdout)
    assert data == solve(Position.read(BOOK)).to_data()
    assert list(data) == ["to_move", "net", "cards", "line"]
    assert data["to_move"] == 0 and set(data["cards"]) == {"R10", "R5", "G4"}
    assert data["net"] == max(data["cards"].values()) and len(data["line"]) == 12


def test_solve_json_of_a_trick_in_progress() -> None:
    position = {**BOOK, "hands": [["R10", "G4"], *BOOK["hands"][1:]], "trick": ["R5"]}
    code, stdout, _ = run("solve", "costly-tricks", "--json", "-", stdin=json.dumps(position))
    assert code == 0
    data = json.loads(stdout)
    assert data["to_move"] == 1 and set(data["cards"]) == {"G2", "B8", "B3"}
    assert data == solve(Position.read(position)).to_data()


def test_solve_a_position_given_as_an_argument_prints_the_report() -> None:
    code, stdout, _ = run("solve", "costly-tricks", json.dumps(BOOK))
    assert code == 0
    problem = KIND.typed(json.dumps(BOOK))
    lines = stdout.splitlines()
    assert lines[0].startswith(f"Puzzle {problem.id} (3 cards a hand): ")
    assert lines[1] == "A to lead: which card, and what net for A?"
    assert lines[-3].startswith("Trick 1: A ")


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        ({**BOOK, "hands": [["R10", "R5", "R5"], *BOOK["hands"][1:]]},
         "R5 appears twice (A's hand); the deck has one"),
        ({**BOOK, "hands": [["R10", "R5"], *BOOK["hands"][1:]]},
         "every hand must hold the same number of cards; they hold A 2, B 3, A's ghost 3, "
         "B's ghost 3"),
        ({"hands": [["R10", "G4"], ["R2", "B8"], ["G3", "P10", "P1"], ["B10", "B7", "B6"]],
          "leader": 0, "trick": ["R5", "B3"]},
         "the trick cannot have been played: B: B3 cannot be played: red was led and this "
         "hand holds red (R2)."),
        ({**BOOK, "leader": 4}, "leader must be a seat number from 0 to 3"),
        ({**BOOK, "hands": [["R10", "R5", "X4"], *BOOK["hands"][1:]]},
         "A's hand, card 3: 'X4': 'X' is not a color"),
        ({**BOOK, "dealer": 1}, "unknown field 'dealer'"),
    ],
)  # fmt: skip
def test_solve_refuses_a_position_that_cannot_arise(
    position: dict[str, Any], expected: str
) -> None:
    code, stdout, stderr = run("solve", "costly-tricks", "--json", "-", stdin=json.dumps(position))
    assert code == 2
    one_error_line(stderr, "Invalid value for 'POSITION'", expected)
    assert stdout == ""


def test_solve_refuses_text_that_is_not_json_and_a_missing_position() -> None:
    code, stdout, stderr = run("solve", "costly-tricks", "--json", "-", stdin="hands: R5")
    assert code == 2 and stdout == ""
    one_error_line(stderr, "the position is not JSON (Expecting value at line 1, column 1)")
    nested = "[" * 1000 + "]" * 1000
    code, stdout, stderr = run("solve", "costly-tricks", "--json", "-", stdin=nested)
    assert code == 2 and stdout == ""
    one_error_line(stderr, "the position nests its brackets too deeply")
    code, _, stderr = run("solve", "costly-tricks", "--json")
    assert code == 2
    one_error_line(stderr, "give a position as JSON", "or --id")
    code, _, stderr = run("solve", "costly-tricks", "--size", "3x3", "-", stdin="{}")
    assert code == 2
    one_error_line(stderr, "--size is not an option of Costly Tricks puzzles (they take none)")
    code, _, stderr = run("solve", "costly-tricks", "--id", PLAY_ID, "-")
    assert code == 2
    one_error_line(stderr, "give either --id or a position, not both")


def test_solve_an_id() -> None:
    code, stdout, _ = run("solve", "costly-tricks", "--id", PLAY_ID.upper(), "--json")
    assert code == 0
    data = json.loads(stdout)
    problem = KIND.get(PLAY_ID)
    assert problem.solution is not None
    assert data["id"] == PLAY_ID and data["question"] == "play"
    assert data["difficulty"] == "medium" and data["cards_a_hand"] == 3
    assert data["cards"] == {str(c): v for c, v in problem.solution.cards.items()}
    assert data["best"] == str(problem.best()[0]) and data["net"] == problem.solution.net
    code, stdout, _ = run("solve", "costly-tricks", "--id", WINNER_ID, "--count")
    assert code == 0
    lines = stdout.splitlines()
    assert lines[0].startswith(f"Puzzle {WINNER_ID} (4 cards a hand): hard: ")
    assert lines[1] == "Who wins this trick?"
    assert lines[-1] == "Answers: 1."


def test_solve_refuses_an_id_of_another_kind() -> None:
    code, _, stderr = run("solve", "costly-tricks", "--id", "4x4-258n5q")
    assert code == 2
    one_error_line(stderr, "'--id'", "'4x4-258n5q' is a Matrix id, not a Costly Tricks one")
    code, _, stderr = run("solve", "matrix", "--id", PLAY_ID)
    assert code == 2
    one_error_line(stderr, "is a Costly Tricks id, not a Matrix one")


# -- check ---------------------------------------------------------------------------------


def test_check_the_best_card_and_net_exits_0() -> None:
    problem = KIND.get(PLAY_ID)
    assert problem.solution is not None
    (best,) = problem.best()
    answer = f"{str(best).lower()} {signed(problem.solution.net)}\n"
    code, stdout, _ = run("check", "costly-tricks", "--id", PLAY_ID, "--answer", "-", stdin=answer)
    assert code == 0
    assert stdout.startswith(f"Right. {best} is the best card, and ")


def test_check_a_worse_card_exits_1_with_what_it_loses(tmp_path: Path) -> None:
    problem = KIND.get(PLAY_ID)
    assert problem.solution is not None
    card, value = min(problem.solution.cards.items(), key=lambda item: item[1])
    loss = problem.solution.net - value
    answer = tmp_path / "answer.txt"
    answer.write_text(str(card), encoding="utf-8")
    code, stdout, _ = run("check", "costly-tricks", "--id", PLAY_ID, "--answer", str(answer))
    assert code == 1
    assert stdout.startswith(f"Wrong. {card} loses {loss} against best play: ")
    code, stdout, _ = run("check", "costly-tricks", "--id", PLAY_ID, "--answer", "-", "--json",
                          stdin=str(card))  # fmt: skip
    assert code == 1
    data = json.loads(stdout)
    assert data["right"] is False and data["card"] == str(card) and data["net"] is None
    assert data["reasons"][0].startswith(f"{card} loses {loss}")


def test_check_drills() -> None:
    legal = KIND.get(LEGAL_ID)
    hand = legal.position.hands[legal.seat]
    allowed = " ".join(str(c) for c in legal_cards(hand, legal.position.trick))
    code, stdout, _ = run(
        "check", "costly-tricks", "--id", LEGAL_ID, "--answer", "-", stdin=allowed
    )
    assert code == 0 and stdout.startswith("Right. ")
    drill = KIND.get(WINNER_ID)
    taker = SEATS[winner(drill.position.leader, drill.trick)]
    code, stdout, _ = run("check", "costly-tricks", "--id", WINNER_ID, "--answer", "-", stdin=taker)
    assert code == 0 and stdout.startswith("Right. ")


@pytest.mark.parametrize(
    ("answer", "expected"),
    [("", "write a card, such as R5"), ("Y5 +2", "'Y5' is not a PARADOX card: 'Y' is not a color"),
     ("R5 +2 +3", "write one net")],
)  # fmt: skip
def test_check_refuses_an_answer_it_cannot_read(answer: str, expected: str) -> None:
    code, stdout, stderr = run("check", "costly-tricks", "--id", PLAY_ID, "--answer", "-",
                               stdin=answer)  # fmt: skip
    assert code == 2 and stdout == ""
    one_error_line(stderr, "'--answer'", expected)


# -- worksheet ----------------------------------------------------------------------------------


def test_worksheet_of_costly_tricks_problems(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, stdout, stderr = run("worksheet", "Costly-Tricks", "--seed", "5", "--count", "3",
                               "--cards", "3", "--difficulty", "easy")  # fmt: skip
    assert code == 0, stderr
    target = tmp_path / "costly-tricks-worksheet-play-3-5.pdf"
    ids = problem_ids(3, "play", 3, "easy", 5)
    assert stdout.splitlines() == [
        f"Wrote {target.name}: 3 puzzles on one page.",
        "  page 1: the students' copies; page 2: the answer key (for the teacher)",
        "QR codes point at http://192.168.1.20:5000: run 'printables serve' on that computer "
        "while the class checks its answers.",
        "Seed 5: the same command with --seed 5 prints it again.",
        "Puzzle ids: " + " ".join(ids),
    ]
    pages = [page.extract_text() for page in PdfReader(target).pages]
    start = next(k for k, text in enumerate(pages) if text.startswith("Answer key"))
    sheet, key = "\n".join(pages[:start]), "\n".join(pages[start:])
    for problem_id in ids:
        assert f"id {problem_id}" in sheet
        assert f"/check/{problem_id}" in sheet
        assert problem_id in key
        problem = KIND.get(problem_id)
        assert problem.text in sheet
        assert "Every card " in key


def test_worksheet_drills_and_given_ids(tmp_path: Path) -> None:
    out = tmp_path / "drills.pdf"
    book = position_id(Position.read(BOOK))
    code, stdout, stderr = run("worksheet", "costly-tricks", "--id", LEGAL_ID, "--id", WINNER_ID,
                               "--id", book, "--no-key", "--out", str(out))  # fmt: skip
    assert code == 0, stderr
    assert stdout.splitlines()[-1] == f"Puzzle ids: {LEGAL_ID} {WINNER_ID} {book}"
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Answer key" not in text
    assert "Who wins this trick?" in text and "Which cards may " in text
    assert f"id {book}" in text and f"/check/{WINNER_ID}" in text
    code, _, _ = run("worksheet", "costly-tricks", "--question", "winner", "--cards", "6",
                     "--count", "2", "--seed", "1", "--out", str(tmp_path / "w.pdf"))  # fmt: skip
    assert code == 0


@pytest.mark.parametrize(
    ("kind", "args", "expected"),
    [
        ("costly-tricks", ["--size", "4x4"],
         "--size is not an option of Costly Tricks puzzles (they take --cards, --question or "
         "--difficulty)"),
        ("costly-tricks", ["--kind", "solvable"], "--kind is not an option of Costly Tricks"),
        ("matrix", ["--cards", "5"],
         "--cards is not an option of Matrix puzzles (they take --size, --kind or --difficulty)"),
        ("matrix", ["--question", "legal"], "--question is not an option of Matrix puzzles"),
        ("costly-tricks", ["--cards", "7"],
         "'7' is not a number of cards a hand for a problem; expected 3, 4, 5, 6 or 11 (a "
         "whole deal)"),
        ("costly-tricks", ["--cards", "12"], "'--cards': 12 is not in the range 3<=x<=11"),
        ("costly-tricks", ["--cards", "11", "--question", "legal"],
         "a whole deal (11 cards a hand) asks only which card to lead (question play), not "
         "legal"),
        ("costly-tricks", ["--question", "bid"],
         "'bid' is not a question; expected play, legal or winner"),
        ("costly-tricks", ["--id", "costly-tricks-zzzzzz"], "check it for a mistyped character"),
    ],
)  # fmt: skip
def test_options_of_another_kind_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, args: list[str], expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, stdout, stderr = run("worksheet", kind, "--count", "2", *args)
    assert code == 2
    one_error_line(stderr, expected)
    assert stdout == "" and not list(tmp_path.iterdir())


def test_an_unknown_kind_lists_every_kind() -> None:
    code, _, stderr = run("worksheet", "sudoku")
    assert code == 2
    one_error_line(stderr, "'sudoku' is not 'matrix', 'costly-tricks', 'nada', ", " or '")


@pytest.mark.skipif(not COMPILED, reason="a whole deal needs the solver's compiled search")
def test_the_command_prints_a_whole_deal_sheet(tmp_path: Path) -> None:
    """A whole deal's problem by its id (deal_id("hard", 0), about a minute to make)."""
    problem_id = "costly-tricks-d-c3cj5p"
    out = tmp_path / "deal.pdf"
    code, stdout, stderr = run("worksheet", "costly-tricks", "--cards", "11", "--difficulty",
                               "hard", "--id", problem_id, "--no-qr",
                               "--out", str(out))  # fmt: skip
    assert code == 0, stderr
    texts = [page.extract_text() for page in PdfReader(out).pages]
    assert f"id {problem_id}" in texts[0] and any(t.startswith("Answer key") for t in texts)
    assert str(out) in stdout

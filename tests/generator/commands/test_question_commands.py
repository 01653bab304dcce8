"""``printables worksheet``, ``solve`` and ``check`` for every question kind (nada, poker,
placement, secret card, cipher, and any kind registered later), as a teacher runs them.

The cases are every :class:`~printables.questions.base.QuestionKind` in
:func:`printables.puzzles.kinds` and each of its questions, so a new kind joins by being
registered. The QR codes' address is the classroom's (conftest.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_support import one_error_line, run
from click.testing import CliRunner
from pypdf import PdfReader
from question_support import wrong_answer

from generator import commands
from generator.commands.puzzles import per_page_text
from printables.puzzles import kinds
from printables.questions.base import Question, question_kinds

QUESTION_KINDS = question_kinds()
CASES = [
    pytest.param(key, question, id=f"{key}-{question}")
    for key, kind in QUESTION_KINDS.items()
    for question in kind.questions.values()
]
KEYS = list(QUESTION_KINDS)
SEED = 314
CARD_NAME = re.compile(r"[BGR][bgw][=~z][SCT]")
SEED_LINE = re.compile(r"Seed (\d+): the same command with --seed \1 prints it again\.")


def puzzle(key: str, question: str, level: str = "hard") -> Question:
    """The first puzzle of the worksheet printed from :data:`SEED`."""
    kind = QUESTION_KINDS[key]
    return kind.get(kind.ids(1, SEED, kind.choices(question=question, level=level))[0])


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


@pytest.mark.parametrize(("key", "question"), CASES)
def test_worksheet_prints_the_ids_and_a_seed_that_prints_them_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, classroom_network: str, key: str,
    question: str,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    args = ["worksheet", key, "--question", question, "--difficulty", "hard", "--count", "2"]
    code, stdout, stderr = run(*args)
    assert code == 0, stderr
    lines = stdout.splitlines()
    seeds = [found for line in lines if (found := SEED_LINE.fullmatch(line))]
    assert len(seeds) == 1, stdout
    seed = int(seeds[0][1])
    kind = QUESTION_KINDS[key]
    ids = kind.ids(2, seed, kind.choices(question=question, level="hard"))
    assert lines[-1] == "Puzzle ids: " + " ".join(ids)
    assert f"QR codes point at {classroom_network}: " in stdout
    target = tmp_path / f"{key}-worksheet-{question}-hard-{seed}.pdf"
    assert lines[0].startswith(f"Wrote {target.name}: 2 puzzles")
    first = target.read_bytes()
    text = pdf_text(target)
    for puzzle_id in ids:
        assert f"id {puzzle_id}" in text and f"/check/{puzzle_id}" in text
    target.unlink()
    code, again, stderr = run(*args, "--seed", str(seed))
    assert code == 0, stderr
    assert again == stdout  # the same lines, the same ids
    assert target.read_bytes() == first


@pytest.mark.parametrize("key", KEYS)
def test_a_wrong_question_is_refused_naming_the_kinds_questions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, stdout, stderr = run("worksheet", key, "--question", "bogus", "--count", "2")
    assert code == 2 and stdout == ""
    one_error_line(stderr, "'bogus' is not a question", *QUESTION_KINDS[key].questions.values())
    assert not list(tmp_path.iterdir())


def test_question_is_refused_for_matrix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    question = next(iter(QUESTION_KINDS.values())).first
    code, stdout, stderr = run("worksheet", "matrix", "--question", question, "--count", "2")
    assert code == 2 and stdout == ""
    one_error_line(stderr, "--question is not an option of Matrix puzzles")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("option", [["--cards", "4"], ["--size", "4x4"], ["--kind", "solvable"]])
@pytest.mark.parametrize("key", KEYS)
def test_options_of_other_kinds_are_refused_for_question_kinds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str, option: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, stdout, stderr = run("worksheet", key, "--count", "2", *option)
    assert code == 2 and stdout == ""
    title = QUESTION_KINDS[key].title
    one_error_line(stderr, f"{option[0]} is not an option of {title} puzzles",
                   "(they take --question or --difficulty)")  # fmt: skip
    assert not list(tmp_path.iterdir())


def test_too_many_a_page_are_refused_saying_how_many_fit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kind whose puzzles show the most cards fits fewest on a page."""
    monkeypatch.chdir(tmp_path)
    key, question = max(
        ((k, q) for k, kind in QUESTION_KINDS.items() for q in kind.questions.values()),
        key=lambda case: len(puzzle(*case).cards),
    )
    args = ["worksheet", key, "--question", question, "--difficulty", "hard", "--no-qr",
            "--seed", "3", "--count", "9", "--no-key"]  # fmt: skip
    code, stdout, stderr = run(*args, "--per-page", "8")
    assert code == 2 and stdout == "", stdout
    one_error_line(stderr, "8 ", "do not fit on one Letter page; at most ")
    found = re.search(r"at most (\d+) do", stderr)
    assert found and 1 <= int(found[1]) < 8
    assert not list(tmp_path.iterdir())
    most = int(found[1])
    code, stdout, stderr = run(*args, "--per-page", str(most))
    assert code == 0, stderr
    pages = -(-9 // most)
    (target,) = tmp_path.iterdir()
    assert len(PdfReader(target).pages) == pages
    # the pages as the command says they are: at most MOST, spread evenly
    counts = [len(re.findall(r"Puzzle \d+\b", page.extract_text()))
              for page in PdfReader(target).pages]  # fmt: skip
    assert sum(counts) == 9 and max(counts) <= most and max(counts) - min(counts) <= 1
    assert stdout.splitlines()[0].endswith(f": 9 puzzles, {per_page_text(counts)}.")


@pytest.mark.parametrize("key", KEYS)
def test_key_apart_writes_the_key_file_and_no_qr_prints_no_address(
    tmp_path: Path, key: str
) -> None:
    out = tmp_path / "class.pdf"
    question = QUESTION_KINDS[key].first
    args = ["--question", question, "--count", "3", "--seed", "8", "--key-apart", "--no-qr"]
    code, stdout, stderr = run("worksheet", key, *args, "--out", str(out))
    assert code == 0, stderr
    key_file = tmp_path / "class-key.pdf"
    assert sorted(tmp_path.iterdir()) == [key_file, out]
    assert f"Wrote {key_file}: the answer key, " in stdout
    assert "QR codes" not in stdout and stderr == ""
    ids = stdout.splitlines()[-1].removeprefix("Puzzle ids: ").split()
    students, answers = pdf_text(out), pdf_text(key_file)
    assert "/check/" not in students and "http" not in students
    assert "Answer:" not in students and "Answer key" not in students
    for puzzle_id in ids:
        shown = QUESTION_KINDS[key].get(puzzle_id)
        assert f"id {puzzle_id}" in students
        assert " ".join(f"Answer: {shown.answer}".split()) in answers


# -- solve ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "question"), CASES)
def test_solve_an_id_prints_the_answer_and_its_key(key: str, question: str) -> None:
    shown = puzzle(key, question)
    code, stdout, stderr = run("solve", key, "--id", shown.id.upper(), "--count")
    assert code == 0, stderr
    lines = stdout.splitlines()
    assert lines[0] == f"Puzzle {shown.id} ({shown.grade})."
    assert lines[1] == shown.text
    assert f"Answer: {shown.answer}" in lines
    for line in shown.key:
        assert line in lines
    # a generated puzzle has one right answer (a kind that is not unique: as many as it says)
    kind = QUESTION_KINDS[key]
    assert lines[-1] == f"Right answers: {1 if kind.unique else kind.count(shown)}."


@pytest.mark.parametrize(("key", "question"), CASES)
def test_solve_json(key: str, question: str) -> None:
    shown = puzzle(key, question, "medium")
    code, stdout, stderr = run("solve", key, "--id", shown.id, "--json", "--count")
    assert code == 0, stderr
    data = json.loads(stdout)
    assert data["id"] == shown.id and data["kind"] == key
    assert data["question"] == question and data["difficulty"] == "medium"
    assert data["answer"] == shown.answer and data["key"] == list(shown.key)
    assert [g["label"] for g in data["groups"]] == [g.label for g in shown.groups]
    assert [c for g in data["groups"] for c in g["cards"]] == [str(c) for c in shown.cards]
    kind = QUESTION_KINDS[key]
    assert data["solutions"] == (1 if kind.unique else kind.count(shown))
    assert data["solutions_complete"] is True


def test_solve_nada_reads_a_typed_hand() -> None:
    """The hand of a generated puzzle, typed: the same answer, under an id of its own that
    solve and check read back."""
    shown = puzzle("nada", "most")
    hand = [str(c) for c in shown.cards]
    code, stdout, stderr = run("solve", "nada", *hand)
    assert code == 0, stderr
    lines = stdout.splitlines()
    typed_id = lines[0].split()[1]
    assert typed_id.startswith("nada-") and typed_id != shown.id
    assert lines[1] == shown.text
    code, again, _ = run("solve", "nada", "--id", typed_id)
    assert code == 0 and again == stdout
    code, verdict, _ = run("check", "nada", "--id", typed_id, "--answer", "-", stdin=shown.answer)
    assert code == 0 and verdict.startswith("Right. "), verdict
    code, stdout, _ = run("solve", "nada", "--json", *(name.lower() for name in hand))
    assert code == 0
    assert json.loads(stdout)["id"] == typed_id


@pytest.mark.parametrize(
    ("cards", "expected"),
    [(["Gw~T", "Bg=S", "Xbzc"], "card 3: 'Xbzc': 'X' is not a color"),
     (["Gw~T", "Bg=S", "Rbzq"], "card 3: 'Rbzq': 'q' is not a shape")],
)  # fmt: skip
def test_solve_nada_refuses_a_wrong_card_naming_the_character(
    cards: list[str], expected: str
) -> None:
    code, stdout, stderr = run("solve", "nada", *cards)
    assert code == 2 and stdout == ""
    one_error_line(stderr, "Invalid value for 'CARDS'", expected)


@pytest.mark.parametrize("key", KEYS)
def test_solve_without_an_id_says_how_to_give_one(key: str) -> None:
    code, stdout, stderr = run("solve", key)
    assert code == 2 and stdout == ""
    one_error_line(stderr, "--id")
    if not QUESTION_KINDS[key].typed_help:
        one_error_line(stderr, "are not typed by hand: give a puzzle's id (--id)")


def test_solve_poker_without_an_id_says_how_to_give_one() -> None:
    code, stdout, stderr = run("solve", "poker")
    assert code == 2 and stdout == ""
    one_error_line(stderr, "4D Poker puzzles are not typed by hand: give a puzzle's id (--id)")


@pytest.mark.parametrize("key", KEYS)
def test_solve_and_check_refuse_an_id_of_another_kind(key: str) -> None:
    other = next(k for k in kinds() if k != key)
    other_id = next(iter(kinds()[other].ids(1, 1, kinds()[other].choices())))
    for args in (["solve", key, "--id", other_id],
                 ["check", key, "--id", other_id, "--answer", "-"]):  # fmt: skip
        code, stdout, stderr = run(*args, stdin="A")
        assert code == 2 and stdout == ""
        one_error_line(stderr, "'--id'", f"is a {kinds()[other].title} id, not a "
                       f"{QUESTION_KINDS[key].title} one")  # fmt: skip


# -- check ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "question"), CASES)
def test_check_the_answer_exits_0_with_the_reasons(key: str, question: str) -> None:
    shown = puzzle(key, question)
    answers = [shown.answer]
    if CARD_NAME.search(shown.answer):  # card names may be written in any case
        answers.append(shown.answer.lower())
    for answer in answers:
        code, stdout, stderr = run("check", key, "--id", shown.id, "--answer", "-",
                                   stdin=answer + "\n")  # fmt: skip
        assert code == 0, (answer, stdout, stderr)
        lines = stdout.splitlines()
        assert lines[0].startswith("Right. ")
        assert lines[1:] == list(shown.key)  # judged right, the whole explanation
    code, stdout, _ = run("check", key, "--id", shown.id, "--answer", "-", "--json",
                          stdin=shown.answer)  # fmt: skip
    assert code == 0
    data = json.loads(stdout)
    assert data["id"] == shown.id and data["right"] is True and data["reasons"]
    assert data["why"] == list(shown.key)


@pytest.mark.parametrize(("key", "question"), CASES)
def test_check_a_wrong_answer_exits_1_with_reasons_and_no_key(key: str, question: str) -> None:
    shown = puzzle(key, question)
    answer = wrong_answer(QUESTION_KINDS[shown.kind], shown)
    code, stdout, stderr = run("check", key, "--id", shown.id, "--answer", "-", stdin=answer)
    assert code == 1, (answer, stdout, stderr)
    assert stdout.startswith("Wrong. ") and len(stdout.strip()) > len("Wrong."), stdout
    assert len(stdout.splitlines()) == 1, stdout
    for line in shown.key:
        assert line not in stdout
    code, stdout, _ = run("check", key, "--id", shown.id, "--answer", "-", "--json", stdin=answer)
    assert code == 1
    data = json.loads(stdout)
    assert data["right"] is False and data["reasons"] and "why" not in data


@pytest.mark.parametrize("answer", ["%%%", "12345"])
@pytest.mark.parametrize(("key", "question"), CASES)
def test_check_text_that_cannot_be_read_exits_2(key: str, question: str, answer: str) -> None:
    shown = puzzle(key, question)
    code, stdout, stderr = run("check", key, "--id", shown.id, "--answer", "-", stdin=answer)
    assert code == 2 and stdout == "", stdout
    one_error_line(stderr, "Invalid value for '--answer'")


@pytest.mark.parametrize(("key", "question"), CASES)
def test_check_reads_a_windows_answer_file(tmp_path: Path, key: str, question: str) -> None:
    """Notepad's UTF-8: a byte-order mark, and CRLF line ends (groups of cards a line)."""
    shown = puzzle(key, question)
    answer = tmp_path / "answer.txt"
    lines = [part.strip() for part in shown.answer.split(" / ")]
    answer.write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))
    code, stdout, stderr = run("check", key, "--id", shown.id, "--answer", str(answer))
    assert code == 0, (stdout, stderr)
    assert stdout.startswith("Right. ")


def test_check_refuses_an_answer_that_is_not_utf8() -> None:
    shown = puzzle("secret-card", "secret")
    args = ["check", "secret-card", "--id", shown.id, "--answer", "-"]
    result = CliRunner().invoke(commands.main, args, input=b"\xff\xfeB\x00")
    assert result.exit_code == 2
    one_error_line(result.stderr, "'--answer'", "is not text in UTF-8")

"""What every question kind shares (printables/questions/base.py), held for each kind in
the registry, so a new kind joins these tests by itself: ids that say their kind and
read back, choices read from text, sheets, the answer judged right with its key, and
generation that gives up with a message instead of looping."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.puzzles import GenerationError, PuzzleError, PuzzleIdError, Scramble, kind_of, kinds
from printables.questions.base import (
    ENTRIES,
    LEVELS,
    MAX_SEED,
    Question,
    QuestionKind,
    Verdict,
    question_kinds,
)

QUESTION_KINDS = list(question_kinds().values())
ASKED = [(k, q) for k in QUESTION_KINDS for q in k.questions.values()]


def test_the_question_kinds_are_registered() -> None:
    assert {"nada", "poker", "placement", "secret-card", "cipher"} <= {
        k.key for k in QUESTION_KINDS
    }


@pytest.mark.parametrize("kind", QUESTION_KINDS, ids=lambda k: k.key)
def test_a_kind_says_what_it_asks(kind: QuestionKind) -> None:
    assert set(kind.question_help) == set(kind.questions.values())
    assert len(set(kind.questions.values())) == len(kind.questions)
    for question in kind.questions.values():
        assert kind.rules_for(question).strip()
    assert kind.id_help.startswith(kind.prefix)
    others = [k for k in kinds().values() if k is not kind]
    example = kind.generated_id(kind.first, "easy", 0)
    assert [k.key for k in others if k.owns(example)] == []


@pytest.mark.parametrize(("kind", "question"), ASKED, ids=lambda x: getattr(x, "key", x))
def test_every_question_at_every_level_is_judged_right_by_its_kind(
    kind: QuestionKind, question: str
) -> None:
    for level in LEVELS.values():
        for seed in (3, 77):
            puzzle = kind.generate(seed, kind.choices(question=question, level=level))
            assert kind_of(puzzle.id) is kind and puzzle.kind == kind.key
            assert (puzzle.question, puzzle.level) == (question, level)
            assert puzzle.entry in ENTRIES and puzzle.cards and puzzle.key and puzzle.hint
            assert puzzle.answer_fields or puzzle.answer_grid != (0, 0)
            assert puzzle.grade.startswith(level)
            if puzzle.entry in ("choice", "order"):
                assert puzzle.options
            verdict = kind.check(puzzle, puzzle.answer)
            assert verdict.right and verdict.why == puzzle.key, puzzle.id
            if kind.unique:
                assert kind.count(puzzle) == 1
            described = kind.describe(puzzle)
            assert (described["id"], described["answer"]) == (puzzle.id, puzzle.answer)
            report = kind.report(puzzle)
            assert report[0].startswith(f"Puzzle {puzzle.id}") and puzzle.text in report


@pytest.mark.parametrize("kind", QUESTION_KINDS, ids=lambda k: k.key)
def test_ids_are_read_in_any_case_and_a_mistyped_one_is_refused(kind: QuestionKind) -> None:
    puzzle = kind.generate(5, kind.choices(level="easy"))
    assert kind.get(f"  {puzzle.id.upper()} ") == puzzle
    refused = 0
    rng = random.Random(1)
    for _ in range(200):
        code = list(puzzle.id[len(kind.prefix) :])
        k = rng.randrange(6)
        code[k] = rng.choice([c for c in "0123456789abcdefghjkmnpqrstvwxyz" if c != code[k]])
        try:
            kind.read_id(kind.prefix + "".join(code))
        except PuzzleIdError:
            refused += 1
    # a mistyped character is almost always refused, not misread as another puzzle (a kind
    # whose multiplier has a small inverse would accept most changes of the last character)
    assert refused >= 190


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(QUESTION_KINDS), st.integers(0, MAX_SEED - 1), st.data())
def test_an_id_holds_its_question_level_and_seed(kind: QuestionKind, seed: int, data: Any) -> None:
    question = data.draw(st.sampled_from(list(kind.questions.values())))
    level = data.draw(st.sampled_from(list(LEVELS.values())))
    assert kind.read_id(kind.generated_id(question, level, seed)) == (question, level, seed)


@pytest.mark.parametrize("kind", QUESTION_KINDS, ids=lambda k: k.key)
def test_choices_are_read_from_text_and_wrong_ones_say_what_is_expected(kind: QuestionKind) -> None:
    first = kind.first
    assert kind.choices(question=first.upper(), level="H").level == "hard"
    assert kind.choices().question == first
    with pytest.raises(PuzzleError, match="is not a question; expected"):
        kind.choices(question="sudoku")
    with pytest.raises(PuzzleError, match="is not a difficulty; expected easy"):
        kind.choices(level="impossible")
    with pytest.raises(PuzzleError, match="take a question and a level, not \\['size'\\]"):
        kind.choices(size="3x3")


@pytest.mark.parametrize("kind", QUESTION_KINDS, ids=lambda k: k.key)
def test_a_sheet_is_twelve_different_puzzles_and_only_a_worksheet(kind: QuestionKind) -> None:
    choices = kind.choices()
    ids = kind.ids(12, 9, choices)
    assert len(set(ids)) == 12 and ids == kind.ids(12, 9, choices)
    assert not set(ids) & set(kind.ids(12, 10, choices))
    with pytest.raises(GenerationError, match="worksheets only"):
        kind.ids(3, 9, choices, sheet="mat")
    with pytest.raises(GenerationError, match="1 to 100 puzzles, not 0"):
        kind.ids(0, 9, choices)


class Hopeless(QuestionKind):
    """A kind whose every try fails: generation must stop and say so."""

    key = "hopeless"
    title = "Hopeless"
    questions: ClassVar[dict[str, str]] = {"x": "never"}
    question_help: ClassVar[dict[str, str]] = {"never": "cannot be made"}
    rules = "None."
    scramble = Scramble(0x12345679)
    attempts = 25
    tries = 0

    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        Hopeless.tries += 1
        return None

    def solutions(self, puzzle: Question) -> int:
        return 0

    def judge(self, puzzle: Question, answer: str) -> Verdict:
        return Verdict(False, ())


def test_generation_that_cannot_meet_a_request_stops_and_says_so() -> None:
    kind = Hopeless()
    with pytest.raises(
        GenerationError, match="no hard Hopeless puzzle asking 'never' was found in 25 tries"
    ):
        kind.generate(4, kind.choices(level="hard"))
    assert Hopeless.tries == 25


def test_a_kind_without_typed_puzzles_says_to_give_an_id() -> None:
    poker = kinds()["poker"]
    with pytest.raises(PuzzleError, match="not typed by hand; give a puzzle's id"):
        poker.typed("Bb=S")

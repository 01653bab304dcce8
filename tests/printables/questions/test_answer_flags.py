"""The flags that say how a question's answer is marked on a scannable sheet agree with
its answers: an answer names several options or cards only where ``several`` says so,
only cards of ``answer_groups``, and names nothing only by ``nothing``'s word."""

from __future__ import annotations

import re

import pytest

from printables.questions.base import question_kinds

QUESTIONS = [(key, q) for key, kind in question_kinds().items() for q in kind.questions.values()]


@pytest.mark.parametrize(("key", "question"), QUESTIONS, ids=[f"{k}-{q}" for k, q in QUESTIONS])
def test_the_answer_flags_agree_with_the_answers(key: str, question: str) -> None:
    kind = question_kinds()[key]
    for level in ("easy", "medium", "hard"):
        for puzzle_id in kind.ids(3, 5, kind.choices(question=question, level=level)):
            puzzle = kind.get(puzzle_id)
            answer = puzzle.answer.strip()
            assert puzzle.nothing in ("", *puzzle.options) or puzzle.entry == "cards"
            if puzzle.nothing and answer.lower() in ("", puzzle.nothing.lower()):
                continue
            words = re.split(r"[\s/]+", answer)
            if puzzle.entry == "cards":
                shown = {str(c) for c in puzzle.answer_cards}
                assert set(words) <= shown, (puzzle_id, words)
                if len(puzzle.answer_fields) <= 1 and puzzle.answer_grid == (0, 0):
                    assert len(words) == 1 or puzzle.several, puzzle_id
            elif puzzle.entry == "choice":
                assert answer in puzzle.options or (
                    puzzle.several and set(words) <= set(puzzle.options)
                ), puzzle_id
                assert len(words) == 1 or puzzle.several or answer in puzzle.options

"""Secret Card puzzles: every question at every level, re-checked from the printed clues by
a brute force written here from the rules (card names compared letter by letter, every
one of the 81 names tried), with its own value-crossing reasoner for the level; judged
answers give nothing away; bad text is refused with reasons; the rulebook's Alfie and
Betty."""

from __future__ import annotations

import random
import re
import time
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.puzzles import PuzzleError
from printables.questions.base import LEVELS, MAX_SEED, Question
from printables.questions.secret_card import (
    CLUE,
    KIND,
    SECRET,
    fitting,
    reason,
    secret_question,
)

NAMES = ["".join(v) for v in product("BGR", "bgw", "=~z", "SCT")]
SEEDS = range(30)
QUESTIONS = (SECRET, CLUE)
ALFIE = [("Bw~T", 2), ("BwzT", 2), ("Gg=S", 1), ("Bb=C", 1)]
BETTY = [("Bw~T", 2), ("BwzT", 1), ("Gg=S", 1), ("Bb=C", 1)]


def shared(a: str, b: str) -> int:
    """Values two cards share: their names agree letter by letter."""
    return sum(x == y for x, y in zip(a, b, strict=True))


def printed_clues(puzzle: Question) -> list[tuple[str, int]]:
    """The clues as printed: each group's card and the number in its note."""
    clues = []
    for number, group in enumerate(puzzle.groups, 1):
        assert group.label == f"Clue {number}"
        found = re.fullmatch(r"shares (\d) values?", group.note)
        assert found, group.note
        clues.append((str(group.cards[0]), int(found[1])))
    return clues


def fits(clues: list[tuple[str, int]], shown: list[str]) -> list[str]:
    """Every name, not a shown clue card, sharing the given number with every clue card."""
    return [n for n in NAMES if n not in shown and all(shared(n, c) == k for c, k in clues)]


def crossing_level(clues: list[tuple[str, int]]) -> str:
    """The level by crossing values off: repeatedly, the first (fewest clues, then clue
    order) set of clues that rules a value out, given what is left; easy if no deduction
    combines clues, medium if one combines two, hard otherwise."""
    left = [set("BGR"), set("bgw"), set("=~z"), set("SCT")]
    widths: list[int] = []
    while any(len(x) > 1 for x in left):
        for size in range(1, len(clues) + 1):
            found = False
            for chosen in combinations(clues, size):
                alive = [n for n in NAMES if all(ch in left[a] for a, ch in enumerate(n))]
                alive = [n for n in alive if all(shared(n, c) == k for c, k in chosen)]
                now = [{n[a] for n in alive} for a in range(4)]
                if alive and now != left:
                    left, found = now, True
                    widths.append(size)
                    break
            if found:
                break
        else:
            raise AssertionError(f"crossing values off does not finish: {clues}")
    combining = [w for w in widths if w > 1]
    if not combining:
        return "easy"
    return "medium" if combining == [2] else "hard"


def check_secret(puzzle: Question) -> None:
    clues = printed_clues(puzzle)
    shown = [c for c, _ in clues]
    assert fits(clues, shown) == [puzzle.answer]
    for i in range(len(clues)):
        assert len(fits(clues[:i] + clues[i + 1 :], shown)) > 1, f"clue {i + 1} is spare"
    assert crossing_level(clues) == puzzle.level
    assert puzzle.entry == "card"


def check_clue(puzzle: Question) -> None:
    clues = printed_clues(puzzle)
    shown = [c for c, _ in clues]
    secret = fits(clues, shown)
    assert len(secret) == 1
    spare = [i for i in range(len(clues)) if len(fits(clues[:i] + clues[i + 1 :], shown)) == 1]
    assert len(spare) == 1
    s = spare[0]
    assert puzzle.answer == f"Clue {s + 1}"
    assert puzzle.entry == "choice" and puzzle.answer in puzzle.options
    assert crossing_level(clues[:s] + clues[s + 1 :]) == puzzle.level
    assert secret[0] in " ".join(puzzle.key)


@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("level", list(LEVELS.values()))
def test_every_question_and_level_has_a_unique_answer_proved_here(
    question: str, level: str
) -> None:
    for seed in SEEDS:
        puzzle = KIND.get(KIND.generated_id(question, level, seed))
        assert puzzle.level == level and puzzle.question == question
        assert puzzle.grade.startswith(level)
        assert KIND.solutions(puzzle) == 1
        verdict = KIND.check(puzzle, puzzle.answer)
        assert verdict.right and verdict.why == puzzle.key
        (check_secret if question == SECRET else check_clue)(puzzle)


def test_ids_are_promises() -> None:
    for question in QUESTIONS:
        for level in LEVELS.values():
            puzzle_id = KIND.generated_id(question, level, 77)
            assert KIND.read_id(puzzle_id.upper()) == (question, level, 77)
            one = KIND.make(puzzle_id, question, level, random.Random(puzzle_id))
            two = KIND.make(puzzle_id, question, level, random.Random(puzzle_id))
            assert one == two


def test_wrong_cards_are_told_the_clue_they_break_never_the_secret() -> None:
    for seed in range(5):
        puzzle = KIND.get(KIND.generated_id(SECRET, "hard", seed))
        clues = printed_clues(puzzle)
        for name in NAMES:
            verdict = KIND.check(puzzle, name)
            assert verdict.right == (name == puzzle.answer)
            assert verdict.read == name
            if verdict.right:
                continue
            assert verdict.reasons and not verdict.why
            text = " ".join(verdict.reasons)
            assert puzzle.answer not in text
            if name in dict(clues):
                assert "is clue card" in text
                continue
            for reason_ in verdict.reasons:
                found = re.fullmatch(
                    rf"{re.escape(name)} shares (\d) values? with clue (\d) \((.{{4}})\), not (\d)",
                    reason_,
                )
                assert found, reason_
                k, i, clue, n = int(found[1]), int(found[2]), found[3], int(found[4])
                assert clues[i - 1] == (clue, n) and shared(name, clue) == k != n


def test_wrong_clues_are_told_how_many_cards_fit_never_the_spare_one() -> None:
    for seed in range(8):
        puzzle = KIND.get(KIND.generated_id(CLUE, "medium", seed))
        clues = printed_clues(puzzle)
        shown = [c for c, _ in clues]
        secret = fits(clues, shown)[0]
        for number, option in enumerate(puzzle.options, 1):
            verdict = KIND.check(puzzle, option)
            assert verdict.right == (option == puzzle.answer)
            if verdict.right:
                continue
            text = " ".join(verdict.reasons)
            assert secret not in text and puzzle.answer.lower() not in text.lower()
            left = len(fits(clues[: number - 1] + clues[number:], shown))
            assert f"{left} cards fit" in text


def test_answers_in_any_case_and_spacing_are_read() -> None:
    puzzle = KIND.get(KIND.generated_id(SECRET, "easy", 4))
    name = puzzle.answer
    spaced = f"  {name[:2]} {name[2:]} ".lower()
    assert KIND.check(puzzle, spaced).right
    clue = KIND.get(KIND.generated_id(CLUE, "easy", 4))
    number = clue.answer.split()[1]
    spare_card = str(clue.groups[int(number) - 1].cards[0])
    for written in (clue.answer.upper(), f" clue {number} ", number, spare_card.lower()):
        assert KIND.check(clue, written).right, written


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Bx=S", "'x' is not a shade"),
        ("Bb=", "missing the shape"),
        ("", "write one card"),
        ("Bb=S GwzC", "write one card"),
    ],
)
def test_unreadable_secret_answers_say_what_is_wrong(text: str, message: str) -> None:
    puzzle = KIND.get(KIND.generated_id(SECRET, "medium", 1))
    with pytest.raises(ValueError, match=re.escape(message)):
        KIND.check(puzzle, text)


@pytest.mark.parametrize(
    ("text", "message"),
    [("clue 9", "there is no clue 9"), ("banana", "write a clue's number"), ("0", "no clue 0")],
)
def test_unreadable_clue_answers_say_what_is_wrong(text: str, message: str) -> None:
    puzzle = KIND.get(KIND.generated_id(CLUE, "medium", 1))
    with pytest.raises(ValueError, match=re.escape(message)):
        KIND.check(puzzle, text)


def test_a_card_that_is_no_clue_card_is_refused_as_a_clue() -> None:
    puzzle = KIND.get(KIND.generated_id(CLUE, "easy", 2))
    shown = {str(c) for c in puzzle.cards}
    other = next(n for n in NAMES if n not in shown)
    with pytest.raises(ValueError, match="is not a clue card"):
        KIND.check(puzzle, other)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, MAX_SEED - 1),
    st.sampled_from(QUESTIONS),
    st.sampled_from(list(LEVELS.values())),
    st.sampled_from(NAMES),
)
def test_any_seed_makes_a_puzzle_whose_judge_accepts_only_its_answer(
    seed: int, question: str, level: str, name: str
) -> None:
    puzzle = KIND.get(KIND.generated_id(question, level, seed))
    assert puzzle.level == level and KIND.solutions(puzzle) == 1
    (check_secret if question == SECRET else check_clue)(puzzle)
    if question == SECRET:
        assert KIND.check(puzzle, name).right == (name == puzzle.answer)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NAMES), st.lists(st.sampled_from(NAMES), min_size=1, max_size=6))
def test_the_reasoner_never_rules_out_the_secret_and_finishes_when_one_card_fits(
    secret: str, shown: list[str]
) -> None:
    shown = [n for n in dict.fromkeys(shown) if n != secret]
    if not shown:
        return
    clues = [(card(n), shared(secret, n)) for n in shown]
    reasoning = reason(clues)
    for a, values in enumerate(reasoning.known):
        assert card(secret).values[a] in values
    named = [(n, shared(secret, n)) for n in shown]
    assert [str(c) for c in fitting(clues)] == fits(named, shown)
    if len(fits(named, shown)) == 1:
        assert reasoning.solved and reasoning.level == crossing_level(named)


def test_the_rulebook_alfie_names_his_card_as_the_book_reasons() -> None:
    clues = [(card(n), k) for n, k in ALFIE]
    puzzle = secret_question("secret-card-alfie", clues)
    assert puzzle.answer == "Rw=T" and KIND.solutions(puzzle) == 1
    assert fits(ALFIE, [n for n, _ in ALFIE]) == ["Rw=T"]
    assert puzzle.level == "medium" == crossing_level(ALFIE)
    first = reason(clues).steps[0]
    assert first.clues == (0, 1)  # the two cards that differ only in pattern
    assert {FOUR_D.attributes[a].values[v].name for a, v in first.ruled_out} == {"wavy", "zigzag"}
    key = " ".join(puzzle.key)
    assert "differ only in pattern" in key and "So the pattern is stripe" in key
    assert KIND.check(puzzle, "rw=t").right
    assert KIND.check(puzzle, "Rw=C").reasons == (
        "Rw=C shares 1 value with clue 1 (Bw~T), not 2",
        "Rw=C shares 1 value with clue 2 (BwzT), not 2",
        "Rw=C shares 2 values with clue 4 (Bb=C), not 1",
    )


def test_the_rulebook_betty_has_two_cards_left() -> None:
    clues = [(card(n), k) for n, k in BETTY]
    assert [str(c) for c in fitting(clues)] == ["Gb~T", "Gw~C"] == fits(BETTY, [])
    reasoning = reason(clues)
    assert not reasoning.solved and reasoning.known[2] == (1,)  # she knows it is wavy
    with pytest.raises(PuzzleError, match="2 cards fit"):
        secret_question("secret-card-betty", clues)


def test_a_worksheet_of_twelve_with_its_key_is_quick() -> None:
    for question in QUESTIONS:
        start = time.perf_counter()
        ids = KIND.ids(12, 123456, KIND.choices(question=question, level="hard"))
        for puzzle_id in ids:
            puzzle = KIND.get(puzzle_id)
            assert KIND.check(puzzle, puzzle.answer).right and puzzle.key
        assert time.perf_counter() - start < 3

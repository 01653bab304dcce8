"""Challenge Cipher questions, checked against an independent oracle.

The oracle works from the card names alone: a pattern is the three pairs' counts of equal
symbols, high to low, with the count equal on all three cards; two sets are ciphers when
some order of the second set's cards and some pairing of the attributes turns every value
of the first into one value of the second, one to one (the book's substitution, tried in
all 6 x 24 ways). Neither calls the kind or the pattern engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards import FOUR_D, Card
from printables.questions.base import Group, Question
from printables.questions.cipher import KIND

LEVELS = ("easy", "medium", "hard")
QUESTIONS = ("which", "pattern", "complete")
SEEDS = range(30)
AMBIGUOUS = {(2, 2, 2), (2, 1, 1), (1, 1, 1)}  # the book: these also need the count on all
Key = tuple[tuple[int, ...], int]


def c(name: str) -> Card:
    return FOUR_D.card(name)


def oracle(cards: Sequence[Card]) -> Key:
    """(pairs' shared counts, high to low; values on all three), from the names."""
    a, b, d = (str(x) for x in cards)
    pairs = [sum(x == y for x, y in zip(p, q, strict=True)) for p, q in ((a, b), (b, d), (a, d))]
    common = sum(x == y == z for x, y, z in zip(a, b, d, strict=True))
    return tuple(sorted(pairs, reverse=True)), common


def oracle_name(cards: Sequence[Card]) -> str:
    shares, common = oracle(cards)
    name = "-".join(map(str, shares))
    return f"{name} ({common} shared by all)" if shares in AMBIGUOUS else name


def brute_ciphers(first: Sequence[Card], second: Sequence[Card]) -> bool:
    """The book's definition: substitute values one to one (attributes in any pairing)."""
    rows = [str(x) for x in first]
    for order in permutations(str(x) for x in second):
        for pairing in permutations(range(4)):
            maps: list[dict[str, str]] = [{} for _ in range(4)]
            backs: list[dict[str, str]] = [{} for _ in range(4)]
            fits = True
            for row, other in zip(rows, order, strict=True):
                for k in range(4):
                    x, y = row[k], other[pairing[k]]
                    if maps[k].setdefault(x, y) != y or backs[k].setdefault(y, x) != x:
                        fits = False
            if fits:
                return True
    return False


def is_near(first: Key, second: Key) -> bool:
    """One miscount apart: another count on all three, or one pair's count off by one."""
    off = sum(abs(x - y) for x, y in zip(first[0], second[0], strict=True))
    return first != second and off <= 1


def count_level(near: int) -> str:
    return "easy" if near == 0 else "medium" if near <= 2 else "hard"


@pytest.fixture(scope="module")
def puzzles() -> dict[tuple[str, str], list[Question]]:
    return {
        (q, lv): [KIND.generate(s, KIND.choices(question=q, level=lv)) for s in SEEDS]
        for q in QUESTIONS
        for lv in LEVELS
    }


def test_every_card_shown_once(puzzles: dict[tuple[str, str], list[Question]]) -> None:
    for made in puzzles.values():
        for p in made:
            assert len(set(p.cards)) == len(p.cards), p.id


# --- (a) every question and level, checked by the oracle ---------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_which_has_one_cipher_and_its_level(
    puzzles: dict[tuple[str, str], list[Question]], level: str
) -> None:
    for p in puzzles["which", level]:
        assert p.level == level and p.entry == "choice" and p.options == ("A", "B", "C", "D")
        assert KIND.solutions(p) == 1
        assert KIND.check(p, p.answer).right
        target = p.groups[0].cards
        sets = {g.label[-1]: g.cards for g in p.groups[1:]}
        assert [g.label for g in p.groups] == ["First set", "Set A", "Set B", "Set C", "Set D"]
        ciphers = [x for x, cards in sets.items() if brute_ciphers(target, cards)]
        assert ciphers == [p.answer], p.id
        decoys = [oracle(cards) for x, cards in sets.items() if x != p.answer]
        near = sum(is_near(oracle(target), d) for d in decoys)
        assert count_level(near) == level, p.id
        assert len(set(decoys)) == 3, p.id  # the decoys' patterns differ
        assert p.key[0].startswith(f"Set {p.answer} is the cipher")
        for x, cards in sets.items():
            assert any(line.startswith(f"Set {x}") and oracle_name(cards) in line
                       for line in p.key)  # fmt: skip


@pytest.mark.parametrize("level", LEVELS)
def test_pattern_names_the_one_pattern_and_its_level(
    puzzles: dict[tuple[str, str], list[Question]], level: str
) -> None:
    for p in puzzles["pattern", level]:
        assert p.level == level and len(p.options) == 20
        assert KIND.solutions(p) == 1
        assert KIND.check(p, p.answer).right
        trio = p.groups[0].cards
        assert p.answer == oracle_name(trio) and p.answer in p.options
        # every other name is wrong: exactly one of the twenty fits
        assert [o for o in p.options if KIND.judge(p, o).right] == [p.answer]
        shares, _ = oracle(trio)
        expected = "hard" if shares in AMBIGUOUS else "easy" if sum(shares) <= 4 else "medium"
        assert expected == level, p.id
        pairs = [f"{trio[i]} and {trio[j]} share" for i, j in ((0, 1), (1, 2), (0, 2))]
        assert [line[: len(pairs[0])] for line in p.key[1:4]] == pairs  # the book's order


@pytest.mark.parametrize("level", LEVELS)
def test_complete_has_one_card_and_its_level(
    puzzles: dict[tuple[str, str], list[Question]], level: str
) -> None:
    sizes = {"easy": {5}, "medium": {6, 7}, "hard": {8}}[level]
    for p in puzzles["complete", level]:
        assert p.level == level and p.entry == "cards"
        assert KIND.solutions(p) == 1
        assert KIND.check(p, p.answer).right
        target, second, row = (g.cards for g in p.groups)
        assert len(target) == 3 and len(second) == 2 and len(row) in sizes
        fits = [str(x) for x in row if brute_ciphers(target, (*second, x))]
        assert fits == [p.answer], p.id
        near = sum(is_near(oracle(target), oracle((*second, x))) for x in row)
        assert count_level(near) == level, p.id


def test_generation_is_deterministic() -> None:
    for q in QUESTIONS:
        pid = KIND.generated_id(q, "hard", 4242)
        made = []
        for _ in range(2):
            rng = random.Random(pid)
            tries = (KIND.make(pid, q, "hard", rng) for _ in range(KIND.attempts))
            made.append(next(p for p in tries if p is not None))
        assert made[0] == made[1]
        assert KIND.get(pid.upper()) == KIND.get(pid)


# --- (b) wrong answers: judged wrong, and the right answer not given away ------------------


def test_a_wrong_set_is_told_its_own_pattern_never_the_right_one(
    puzzles: dict[tuple[str, str], list[Question]],
) -> None:
    for level in LEVELS:
        for p in puzzles["which", level]:
            right = {g.label[-1]: g.cards for g in p.groups[1:]}[p.answer]
            for g in p.groups[1:]:
                letter = g.label[-1]
                if letter == p.answer:
                    continue
                verdict = KIND.check(p, letter)
                assert not verdict.right and verdict.reasons and not verdict.why
                said = " ".join(verdict.reasons)
                assert oracle_name(g.cards) in said
                assert f"Set {p.answer}" not in said
                assert not any(str(x) in said for x in right)
                assert oracle_name(right) not in said or oracle(right) == oracle(g.cards)


def test_a_wrong_pattern_is_wrong_without_the_name(
    puzzles: dict[tuple[str, str], list[Question]],
) -> None:
    for level in LEVELS:
        for p in puzzles["pattern", level]:
            for option in p.options:
                if option == p.answer:
                    continue
                verdict = KIND.check(p, option)
                assert not verdict.right and verdict.reasons
                assert p.answer not in " ".join(verdict.reasons), (p.id, option)


def test_a_wrong_pattern_hears_which_count_is_too_many() -> None:
    p = _pattern_puzzle([c("Rg=T"), c("Rg=C"), c("Bg=C")])  # 3-3-2
    assert KIND.judge(p, "3-3-3").reasons[0] == "only 2 pairs of these cards share 3 values, not 3"
    assert (
        KIND.judge(p, "2-2-2/1").reasons[0] == "only 1 pair of these cards shares 2 values, not 3"
    )
    q = _pattern_puzzle([c("Gb=S"), c("Gw=T"), c("Bg=C")])  # 2-1-1 (1 shared by all)
    assert oracle_name(q.cards) == "2-1-1 (1 shared by all)"
    reasons = KIND.judge(q, "2-1-1 (0 shared by all)").reasons
    assert reasons == ("0 is not how many values all three cards show: look for the values on "
                       "every card",)  # fmt: skip


def test_a_wrong_card_is_told_the_pattern_it_makes_never_the_right_card(
    puzzles: dict[tuple[str, str], list[Question]],
) -> None:
    for level in LEVELS:
        for p in puzzles["complete", level]:
            second, row = p.groups[1].cards, p.groups[2].cards
            for x in row:
                if str(x) == p.answer:
                    continue
                verdict = KIND.check(p, str(x))
                assert not verdict.right and verdict.reasons
                said = " ".join(verdict.reasons)
                assert p.answer not in said
                assert oracle_name((*second, x)) in said


# --- (c) reading: bad text says what is wrong; case and spaces do not matter --------------


def test_which_reads_letters_in_any_case(puzzles: dict[tuple[str, str], list[Question]]) -> None:
    p = puzzles["which", "easy"][0]
    for text in (p.answer.lower(), f"  Set {p.answer.lower()} ", f"{p.answer})", f"set{p.answer}."):
        assert KIND.check(p, text).right, text
    for bad in ("E", "", "A B", "set 2", "cipher"):
        with pytest.raises(ValueError, match="A, B, C or D"):
            KIND.judge(p, bad)


def test_pattern_reads_leniently_and_says_what_is_wrong(
    puzzles: dict[tuple[str, str], list[Question]],
) -> None:
    p = _pattern_puzzle([c("Rg=T"), c("Rg=C"), c("Bg=C")])
    for text in ("3-3-2", " 3 - 3 - 2 ", "3,3,2", "332", "Three, three, two", "THREE THREE TWO"):
        assert KIND.check(p, text).right, text
    with pytest.raises(ValueError, match="high to low"):
        KIND.judge(p, "2-3-3")
    with pytest.raises(ValueError, match="not a value-sharing pattern"):
        KIND.judge(p, "3-3-0")
    with pytest.raises(ValueError, match="names no pattern"):
        KIND.judge(p, "a cipher")
    with pytest.raises(ValueError, match="shared by all"):
        KIND.judge(p, "2-1-1")  # the book: these need the count on all three
    hard = puzzles["pattern", "hard"][0]
    assert KIND.check(hard, hard.answer.replace(" shared by all", "").replace(" ", "")).right
    assert KIND.check(hard, hard.answer.upper()).right


def test_complete_reads_card_names_and_refuses_others(
    puzzles: dict[tuple[str, str], list[Question]],
) -> None:
    p = puzzles["complete", "medium"][0]
    target, second, row = (g.cards for g in p.groups)
    assert KIND.check(p, f"  {p.answer.lower()} ").right
    with pytest.raises(ValueError, match="'Bq=S'"):
        KIND.judge(p, "Bq=S")
    with pytest.raises(ValueError, match="one card"):
        KIND.judge(p, f"{row[0]} {row[1]}")
    with pytest.raises(ValueError, match="one card"):
        KIND.judge(p, "  ")
    with pytest.raises(ValueError, match="second set already holds it"):
        KIND.judge(p, str(second[0]))
    with pytest.raises(ValueError, match="in the first set"):
        KIND.judge(p, str(target[1]))
    outside = next(x for x in FOUR_D.cards if x not in p.cards)
    with pytest.raises(ValueError, match="not a candidate"):
        KIND.judge(p, str(outside))


# --- (d) properties ------------------------------------------------------------------------


def _pattern_puzzle(trio: Sequence[Card]) -> Question:
    base = KIND.generate(0, KIND.choices(question="pattern", level="easy"))
    return replace(base, groups=(Group("Set", tuple(trio)),))


three_cards = st.lists(st.sampled_from(FOUR_D.cards), min_size=3, max_size=3, unique=True)


@settings(max_examples=40, deadline=None)
@given(three_cards, st.randoms(use_true_random=False))
def test_any_set_has_one_pattern_among_the_twenty(trio: list[Card], rng: random.Random) -> None:
    p = _pattern_puzzle(trio)
    assert KIND.solutions(p) == 1
    assert KIND.judge(p, oracle_name(trio)).right
    other = rng.choice([o for o in p.options if o != oracle_name(trio)])
    assert not KIND.judge(p, other).right


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(QUESTIONS),
    st.sampled_from(LEVELS),
    st.integers(min_value=0, max_value=10**6 - 1),
)
def test_any_id_makes_a_unique_puzzle_of_its_level(question: str, level: str, seed: int) -> None:
    p = KIND.generate(seed, KIND.choices(question=question, level=level))
    assert KIND.read_id(p.id) == (question, level, seed)
    assert p.level == level and KIND.solutions(p) == 1 and KIND.check(p, p.answer).right


@settings(max_examples=40, deadline=None)
@given(three_cards, three_cards)
def test_ciphers_exactly_when_patterns_match(first: list[Card], second: list[Card]) -> None:
    """The book: "only those sets with the same pattern are ciphers"; the kind's count of
    ciphers agrees with the substitution oracle on any two sets."""
    base = KIND.generate(0, KIND.choices(question="which", level="easy"))
    shown = [Group(f"Set {x}", tuple(second)) for x in "ABCD"]
    p = replace(base, groups=(Group("First set", tuple(first)), *shown))
    ciphers = brute_ciphers(first, second)
    assert ciphers == (oracle(first) == oracle(second))
    assert KIND.solutions(p) == (4 if ciphers else 0)


# --- (e) the rulebook's own examples -----------------------------------------------------


def test_the_book_twenty_patterns_each_set_matching_one() -> None:
    """ "There are 20 different patterns"; "any possible three-card set matches one and only
    one of the twenty patterns" (every set of the deck, by the oracle)."""
    p = _pattern_puzzle([c("Bb=S"), c("Bb=C"), c("Bb=T")])
    assert len(set(p.options)) == 20
    # Substituting values moves any card to Bb=S, so the sets holding Bb=S show every pattern.
    first, *rest = FOUR_D.cards
    found = {oracle_name((first, *pair)) for pair in combinations(rest, 2)}
    assert found == set(p.options)


def test_the_book_spoken_name_and_descending_order() -> None:
    """The challenger names a pattern "by saying 'Three, three, two'"; the counts are arranged
    "in descending order"; for 2-2-2, 2-1-1 and 1-1-1 "you must also note how many values
    all three cards share"."""
    p = _pattern_puzzle([c("Rg=T"), c("Rg=C"), c("Bg=C")])  # the engine's example of 3-3-2
    assert p.groups[0].cards and KIND.judge(p, "Three, three, two").right
    with pytest.raises(ValueError, match="high to low"):
        KIND.judge(p, "2-3-3")
    for shares in ("2-2-2", "2-1-1", "1-1-1"):
        with pytest.raises(ValueError, match="shared by all"):
            KIND.judge(p, shares)
    hard = {o for o in p.options if "shared by all" in o}
    assert {o.split()[0] for o in hard} == {"2-2-2", "2-1-1", "1-1-1"} and len(hard) == 6


def test_the_rules_say_what_a_pupil_needs() -> None:
    assert "ciphers" in KIND.rules and "shared by all" in KIND.rules
    assert set(KIND.question_help) == set(KIND.questions.values()) == set(QUESTIONS)


def test_the_book_pairs_first_second_then_second_third_then_first_third() -> None:
    """The name "contains three numbers that list the number of shared values between the
    first and second card, the second and third, and then the first and third"."""
    p = KIND.generate(3, KIND.choices(question="pattern", level="medium"))
    a, b, d = p.groups[0].cards
    assert [line.split(" share")[0] for line in p.key[1:4]] == [
        f"{a} and {b}",
        f"{b} and {d}",
        f"{a} and {d}",
    ]

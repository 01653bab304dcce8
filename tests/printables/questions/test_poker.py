"""4D Poker questions: every question and level made as asked, its answer proved unique and
re-found by a brute force written here from the rules; wrong answers judged with reasons
that do not give the answer away; bad text refused; the rulebook's sample hands."""

from __future__ import annotations

import random
import re
from collections import Counter
from itertools import combinations, pairwise, permutations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import names
from printables.questions.base import LEVELS, Question, _get
from printables.questions.poker import KIND, best_of_seven, ranking, read_order

SEEDS = range(30)
CASES = [(q, level) for q in KIND.questions.values() for level in LEVELS.values()]


def oracle(hand: tuple[Card, ...] | list[Card]) -> tuple[int, int, int, int]:
    """A hand's rank from the book's words, with no shared code: triple-flush pairs (two
    cards showing three values alike), then values shown on five, four, three cards."""
    shown = [set(enumerate(c.values)) for c in hand]
    pairs = sum(1 for a, b in combinations(shown, 2) if len(a & b) == 3)
    at = Counter(Counter(v for s in shown for v in s).values())
    return pairs, at[5], at[4], at[3]


def book_name(rank: tuple[int, int, int, int]) -> str:
    """A rank named as the book names its sample hands: "Three pair, 4,4,3", "Nothing"."""
    pairs, five, four, three = rank
    counts = ",".join(["5"] * five + ["4"] * four + ["3"] * three)
    words = ("", "One", "Two", "Three", "Four", "Five", "Six")
    named = [f"{words[pairs]} pair"] if pairs else []
    return ", ".join([*named, counts] if counts else named) or "Nothing"


def right_orders(puzzle: Question) -> list[tuple[str, ...]]:
    """Every order of the labels that puts each hand at or above the next."""
    ranks = {g.label[-1]: oracle(g.cards) for g in puzzle.groups}
    return [
        order
        for order in permutations(ranks)
        if all(ranks[a] >= ranks[b] for a, b in pairwise(order))
    ]


def best_fives(seven: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every five of the seven with the highest rank."""
    fives = list(combinations(seven, 5))
    top = max(oracle(f) for f in fives)
    return [f for f in fives if oracle(f) == top]


def puzzle(question: str, level: str, seed: int) -> Question:
    return KIND.generate(seed, KIND.choices(question=question, level=level))


# -- (a) made as asked, unique, and the key re-verified -----------------------------------


@pytest.mark.parametrize(("question", "level"), CASES)
def test_puzzles_have_the_level_asked_and_one_answer_found_by_brute_force(
    question: str, level: str
) -> None:
    for seed in SEEDS:
        p = puzzle(question, level, seed)
        assert (p.question, p.level) == (question, level)
        assert KIND.solutions(p) == 1
        assert KIND.check(p, p.answer).right
        if question == "rank":
            assert len(p.groups) == {"easy": 3, "medium": 4, "hard": 5}[level]
            assert all(len(g.cards) == 5 for g in p.groups)
            assert len(set(p.cards)) == len(p.cards)  # dealt from one deck
            orders = right_orders(p)
            assert orders == [tuple(p.answer.split())]
            ranks = [oracle(p.groups[p.options.index(x)].cards) for x in orders[0]]
            close = sum(1 for a, b in pairwise(ranks) if a[0] == b[0])
            assert close == {"easy": 0, "medium": 1}.get(level, max(close, 2))
            assert p.answer != " ".join(p.options)
        else:
            assert len(p.cards) == 7 == len(set(p.cards))
            fives = best_fives(p.cards)
            assert len(fives) == 1
            assert set(read_cards(p.answer, FOUR_D)) == set(fives[0])
            top = oracle(fives[0])
            rivals = sum(1 for f in combinations(p.cards, 5) if oracle(f)[0] == top[0]) - 1
            assert {"easy": rivals == 0, "medium": 1 <= rivals <= 3, "hard": rivals >= 4}[level]


def test_ids_are_promises() -> None:
    pinned = {
        ("rank", "easy", 5): ("poker-580npc", "C A B"),
        ("rank", "hard", 5): ("poker-mbfv79", "A E D B C"),
        ("best", "medium", 5): ("poker-3eyemy", "BwzC BgzC Bg~C RgzS GgzC"),
    }
    for (question, level, seed), (pid, answer) in pinned.items():
        assert KIND.generated_id(question, level, seed) == pid
        _get.cache_clear()
        assert puzzle(question, level, seed).answer == answer
        made = KIND.make(pid, question, level, random.Random(pid))
        again = KIND.make(pid, question, level, random.Random(pid))
        assert made == again


def test_keys_name_each_rank_and_why_it_wins() -> None:
    p = puzzle("rank", "hard", 3)
    order = p.answer.split()
    for hand in order:
        assert any(line.startswith(f"Hand {hand}: ") for line in p.key)
    for upper, lower in pairwise(order):
        assert any(line.startswith(f"Hand {upper} ranks above hand {lower}: ") for line in p.key)
    b = puzzle("best", "hard", 3)
    assert b.key[0].startswith(f"The best five, {b.answer} (leave out ")
    assert "All 21 fives" in b.key[-1]


# -- (b) wrong answers: judged wrong, reasons that do not give the answer away -------------


@pytest.mark.parametrize("level", list(LEVELS.values()))
def test_every_wrong_order_names_a_neighbouring_pair_the_wrong_way_round(level: str) -> None:
    for seed in range(8):
        p = puzzle("rank", level, seed)
        ranks = {g.label[-1]: oracle(g.cards) for g in p.groups}
        for order in permutations(p.options):
            written = " ".join(order)
            verdict = KIND.check(p, written)
            if written == p.answer:
                assert verdict.right and verdict.why == p.key
                continue
            assert not verdict.right and not verdict.why
            (reason,) = verdict.reasons
            pair = re.match(r"hand (\w) is ranked above hand (\w), but ", reason)
            assert pair is not None
            upper, lower = pair.groups()
            assert f"{upper} {lower}" in written  # a pair the pupil wrote, neighbours
            assert ranks[lower] > ranks[upper]
            assert p.answer not in reason


@pytest.mark.parametrize("level", list(LEVELS.values()))
def test_every_other_five_is_wrong_and_the_reasons_name_only_its_cards(level: str) -> None:
    for seed in range(6):
        p = puzzle("best", level, seed)
        best = set(read_cards(p.answer, FOUR_D))
        for five in combinations(p.cards, 5):
            verdict = KIND.judge(p, " ".join(str(c) for c in five))
            assert verdict.right == (set(five) == best)
            if verdict.right:
                continue
            shown = set(re.findall(r"[BGR][bgw][=~z][SCT]", " ".join(verdict.reasons)))
            assert shown <= {str(c) for c in five}
            assert "another five of the seven" in verdict.reasons[0]
            assert verdict.reasons[0].startswith(f"{names(five)} is {book_name(oracle(five))};")


def test_a_card_outside_the_seven_is_named() -> None:
    p = puzzle("best", "easy", 1)
    stranger = next(c for c in FOUR_D.cards if c not in p.cards)
    five = [*p.cards[:4], stranger]
    verdict = KIND.check(p, " ".join(str(c) for c in five))
    assert not verdict.right
    assert verdict.reasons == (f"{stranger} is not in this hand",)


def test_a_five_with_as_many_pairs_is_told_its_single_flushes_lose() -> None:
    p = puzzle("best", "hard", 2)
    best = oracle(read_cards(p.answer, FOUR_D))
    rival = next(
        f for f in combinations(p.cards, 5) if oracle(f)[0] == best[0] and oracle(f) < best
    )
    (reason,) = KIND.check(p, " ".join(str(c) for c in rival)).reasons
    assert "as many triple-flush pairs" in reason and "single-flushes" in reason


# -- (c) bad text ---------------------------------------------------------------------------


def test_orders_are_read_in_any_case_with_stray_spaces() -> None:
    p = puzzle("rank", "medium", 4)
    spaced = "  " + p.answer.replace(" ", " ,  ")
    handed = "hand " + p.answer.replace(" ", " > hand ")
    for written in (p.answer.lower(), spaced, p.answer.replace(" ", ""), handed):
        assert KIND.check(p, written).right, written


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("A B", "hands C and D are missing; write all 4 letters, best first"),
        ("A B C E", "'E' is not a hand's letter; expected A, B, C or D"),
        ("A B C 1", "'1' is not a hand's letter"),
        ("A B B C D", "hand B is written twice"),
        (" , ", "no hand's letter was written"),
        ("ABCX", "'X' is not a hand's letter"),
    ],
)
def test_bad_orders_are_refused_saying_what_is_wrong(written: str, message: str) -> None:
    p = puzzle("rank", "medium", 4)
    with pytest.raises(ValueError, match=re.escape(message)):
        KIND.check(p, written)


def test_fives_are_read_in_lower_case_and_bad_names_refused() -> None:
    p = puzzle("best", "medium", 4)
    assert KIND.check(p, "  " + p.answer.lower().replace(" ", " ,")).right
    first = str(p.cards[0])
    with pytest.raises(ValueError, match=r"card 2: 'Bx=S': 'x' is not a shade"):
        KIND.check(p, f"{first} Bx=S")
    with pytest.raises(ValueError, match="write five cards of the seven, not 4"):
        KIND.check(p, " ".join(str(c) for c in p.cards[:4]))
    with pytest.raises(ValueError, match="appears twice"):
        KIND.check(p, " ".join([first] * 5))


# -- (d) properties -------------------------------------------------------------------------

deals = st.permutations(FOUR_D.cards)


@settings(max_examples=60, deadline=None)
@given(deals, st.integers(2, 5), st.randoms(use_true_random=False))
def test_any_hands_rank_as_the_brute_force_says(
    deck: list[Card], n: int, rnd: random.Random
) -> None:
    hands = [tuple(deck[5 * i : 5 * i + 5]) for i in range(n)]
    p = ranking("poker-test", hands)
    assert KIND.solutions(p) == len(right_orders(p))
    assert KIND.check(p, p.answer).right
    order = list(p.options)
    rnd.shuffle(order)
    assert KIND.check(p, " ".join(order)).right == (tuple(order) in right_orders(p))


@settings(max_examples=60, deadline=None)
@given(deals)
def test_any_seven_has_the_best_fives_the_brute_force_finds(deck: list[Card]) -> None:
    seven = tuple(deck[:7])
    p = best_of_seven("poker-test", seven)
    fives = best_fives(seven)
    assert KIND.solutions(p) == len(fives)
    assert set(read_cards(p.answer, FOUR_D)) == set(fives[0])
    for five in fives:
        assert KIND.check(p, " ".join(str(c) for c in reversed(five))).right


@settings(max_examples=60)
@given(st.permutations("ABCDE"), st.sampled_from([" ", ", ", " > ", ""]), st.booleans())
@example(list("ABCDE"), "", False)  # all five run together, in the labels' own order
@example(list("ABC") + list("ED"), "", True)
def test_orders_read_back_however_they_are_written(
    order: list[str], separator: str, lower: bool
) -> None:
    written = separator.join(order)
    assert read_order(written.lower() if lower else written, "ABCDE") == order


# -- (e) the rulebook's sample hands --------------------------------------------------------

# "Listed in order from highest to lowest". The first and third are given card by card; the
# others are built from what the book says of them (as in tests/printables/fourd).
BOOK = [
    ("Rg=T Rg=C Rg=S Bg=S Gg=S", "Six pair, 5,5,3,3"),
    ("Rb~T Rb~C Gb~C Gg~C Bw=C", "Three pair, 4,4,3"),
    ("BwzT Bw=T Gb~S GbzS GwzS", "Three pair, 3,3,3,3"),
    ("Bg=C Bw=C Bb~T BgzS Rw~T", "One pair, 4"),
    ("Gg=S GwzT RgzC BbzS Gg~C", "3,3,3"),
    ("Bb=S Gg~C RwzT Bg~T Rb=C", "Nothing"),
]


def test_the_books_sample_hands_rank_in_the_books_order() -> None:
    shuffled = [BOOK[i] for i in (3, 0, 5, 2, 1, 4)]  # labels A to F
    p = ranking("poker-book", [tuple(read_cards(h, FOUR_D)) for h, _ in shuffled])
    assert p.answer == "B E D A F C"
    assert KIND.solutions(p) == 1 and p.level == "hard"  # 3 and 3 pairs; 0 and 0
    assert ("Hand B: Six pair, 5,5,3,3. The triple-flush pairs are Rg=T / Rg=C, Rg=T / Rg=S, "
            "Rg=C / Rg=S, Rg=S / Bg=S, Rg=S / Gg=S, Bg=S / Gg=S.") in p.key[1]  # fmt: skip
    for label, (_, name) in zip("ABCDEF", shuffled, strict=True):
        assert any(line.startswith(f"Hand {label}: {name}. ") for line in p.key)
        assert book_name(oracle(p.groups["ABCDEF".index(label)].cards)) == name
    # Three pair, 4,4,3 beats Three pair, 3,3,3,3 on its four-card single-flushes.
    (reason,) = KIND.check(p, "B D E A F C").reasons
    assert reason == (
        "hand D is ranked above hand E, but hand E has more four-card single-flushes than "
        "hand D (2 to 0), with as many triple-flush pairs (3) and five-card single-flushes (0)"
    )


def test_the_books_highest_hand_is_the_best_five_of_seven_holding_it() -> None:
    seven = tuple(read_cards("Rb~T Rg=T Bw=C Rg=C Rg=S Bg=S Gg=S", FOUR_D))
    p = best_of_seven("poker-book", seven)
    assert p.answer == "Rg=T Rg=C Rg=S Bg=S Gg=S"
    assert KIND.solutions(p) == 1 and p.level == "easy"
    assert "Six pair, 5,5,3,3" in p.key[0] and "leave out Rb~T and Bw=C" in p.key[0]

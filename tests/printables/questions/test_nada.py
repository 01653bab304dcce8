"""Nada puzzles: every generated hand's answer is re-found by a brute force written here
from the rule (three cards, every attribute showing three values), its uniqueness and
level with it; written answers are judged with reasons that never name the answer."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.fourd.nada_hands import completion
from printables.puzzles import PuzzleIdError, kind_of
from printables.questions.nada import KIND

SEEDS = range(30)


def nada(trio: tuple[Card, ...]) -> bool:
    return all(len({c.values[a] for c in trio}) == 3 for a in range(4))


def packings(hand: tuple[Card, ...]) -> tuple[int, list[frozenset[frozenset[Card]]]]:
    """The size of the largest sets of separate nadas, and every such set (brute force)."""
    found = [frozenset(t) for t in combinations(hand, 3) if nada(t)]
    for size in range(len(hand) // 3, 0, -1):
        best = [
            frozenset(choice) for choice in combinations(found, size)
            if len(frozenset().union(*choice)) == 3 * size
        ]  # fmt: skip
        if best:
            return size, best
    return 0, []


def goes_out(nine: list[Card]) -> bool:
    return any(
        nada(a) and nada(b) and nada(tuple(c for c in nine if c not in a + b))
        for a in combinations(nine, 3)
        for b in combinations([c for c in nine if c not in a], 3)
    )


def puzzle(question: str, level: str, seed: int):  # type: ignore[no-untyped-def]
    return KIND.generate(seed, KIND.choices(question=question, level=level))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_most_nadas_are_found_again_by_brute_force_and_are_unique(level: str) -> None:
    sizes = {"easy": {9}, "medium": {9, 12}, "hard": {12, 15}}[level]
    for seed in SEEDS:
        p = puzzle("most", level, seed)
        hand = p.cards
        assert p.level == level and len(hand) in sizes
        size, best = packings(hand)
        assert len(best) == 1 and KIND.solutions(p) == 1
        written = {
            frozenset(KIND.deck.card(n) for n in part.split()) for part in p.answer.split(" / ")
        }
        assert written == set(best[0]) and len(written) == size
        decoys = sum(1 for t in combinations(hand, 3) if nada(t)) - size
        assert {"easy": decoys == 0, "medium": decoys == 1, "hard": decoys >= 2}[level]
        assert KIND.check(p, p.answer).right


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_exactly_one_discard_goes_out_by_brute_force(level: str) -> None:
    for seed in SEEDS:
        p = puzzle("discard", level, seed)
        hand = list(p.cards)
        assert len(hand) == 10 and p.level == level
        outs = [c for c in hand if goes_out([x for x in hand if x != c])]
        assert [str(c) for c in outs] == [p.answer]
        others = sum(1 for t in combinations(hand, 3) if nada(t)) - 3
        assert {"easy": others == 0, "medium": others == 1, "hard": others >= 2}[level]
        assert KIND.check(p, p.answer.lower()).right and KIND.solutions(p) == 1


def test_a_decoy_in_the_discard_key_really_leaves_seven_cards_without_two_nadas() -> None:
    for seed in SEEDS:
        p = puzzle("discard", "hard", seed)
        decoys = [line.split(" is a nada")[0] for line in p.key if " is a nada too" in line]
        assert len(decoys) >= 2
        for text in decoys:
            trio = tuple(KIND.deck.card(n) for n in text.split())
            rest = [c for c in p.cards if c not in trio]
            assert not any(
                nada(a) and nada(b) and not set(a) & set(b)
                for a in combinations(rest, 3) for b in combinations(rest, 3)
            )  # fmt: skip


def test_wrong_answers_get_reasons_that_do_not_give_the_answer_away() -> None:
    p = puzzle("discard", "medium", 3)
    for card in p.cards:
        if str(card) == p.answer:
            continue
        verdict = KIND.check(p, str(card))
        assert not verdict.right and not verdict.why
        assert p.answer not in " ".join(verdict.reasons)
        assert verdict.reasons[0].startswith(f"without {card}, ")
    most = puzzle("most", "hard", 3)
    first = most.answer.split(" / ")[0]
    verdict = KIND.check(most, first)
    assert not verdict.right
    assert "larger set of separate nadas" in verdict.reasons[0]
    for part in most.answer.split(" / ")[1:]:
        assert part not in " ".join(verdict.reasons)


def test_a_right_answer_is_told_why() -> None:
    p = puzzle("most", "medium", 1)
    verdict = KIND.check(p, p.answer)
    assert verdict.right and verdict.why == p.key
    assert verdict.to_json()["why"] == list(p.key)


def test_the_reasons_name_what_is_wrong_with_each_written_nada() -> None:
    p = puzzle("most", "easy", 2)
    nadas = [part.split() for part in p.answer.split(" / ")]
    a, b = nadas[0], nadas[1]
    not_a_nada = [a[0], a[1], b[0]]
    verdict = KIND.check(p, " ".join(not_a_nada) + " / " + " ".join(b))
    reasons = " ".join(verdict.reasons)
    assert "is not a nada: " in reasons and "both show" in reasons
    assert f"{b[0]} is in nada 1 and nada 2" in reasons
    assert "has 2 cards" in KIND.check(p, f"{a[0]} {a[1]}").reasons[0]
    # one line of nine names is read as three nadas, in the order written
    assert KIND.check(p, " ".join(n for nada_ in nadas for n in nada_)).right


def test_bad_text_says_what_is_wrong_and_lower_case_is_read() -> None:
    p = puzzle("discard", "easy", 4)
    with pytest.raises(ValueError, match="'x' is not a shade"):
        KIND.check(p, "Bx=S")
    outside = next(c for c in FOUR_D.cards if c not in p.cards)
    with pytest.raises(ValueError, match=f"{outside} is not in this hand"):
        KIND.check(p, str(outside))
    with pytest.raises(ValueError, match="write one card to discard, not 2"):
        KIND.check(p, f"{p.cards[0]} {p.cards[1]}")
    assert KIND.check(p, "  " + p.answer.lower() + " ").right


def test_ids_keep_their_kind_and_are_read_in_any_case() -> None:
    p = puzzle("discard", "hard", 11)
    assert p.id.startswith("nada-") and kind_of(p.id) is KIND
    assert KIND.get(p.id.upper()) == p
    assert KIND.read_id(p.id) == ("discard", "hard", 11)
    with pytest.raises(PuzzleIdError, match="mistyped"):
        KIND.get("nada-zzzzzz")
    with pytest.raises(PuzzleIdError, match="not a Nada id"):
        KIND.get("nada-12")


def test_a_typed_hand_is_a_most_puzzle_named_by_its_cards() -> None:
    hand = "BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T"
    p = KIND.typed(hand)
    assert p.id.startswith("nada-c-") and p.question == "most"
    assert sorted(str(c) for c in p.cards) == sorted(hand.split())
    assert KIND.get(p.id) == p and KIND.solutions(p) >= 1
    assert KIND.typed(" ".join(reversed(hand.split()))).id == p.id
    code = p.id.removeprefix("nada-c-")
    assert "0" in code or "1" in code  # so that o for 0 and l for 1 can be typed
    typed = "NADA-C-" + code.replace("0", "o").replace("1", "l").upper()
    again = KIND.get(typed)  # as a pupil types it: the printed cards, in the printed order
    assert again.id == p.id and again.cards == p.cards
    with pytest.raises(ValueError, match="3 to 21 cards, not 2"):
        KIND.typed("BbzS Gw=C")
    with pytest.raises(ValueError, match="'x' is not a shade"):
        KIND.typed("Bx=S Gw=C Rg~T")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=3, max_size=12, unique=True))
def test_any_typed_hand_is_solved_as_the_brute_force_solves_it(hand: list[Card]) -> None:
    p = KIND.typed(" ".join(str(c) for c in hand))
    size, best = packings(p.cards)
    assert KIND.solutions(p) == len(best) if size else KIND.solutions(p) in (0, 1)
    assert KIND.check(p, p.answer).right


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_whether_a_hand_goes_out_is_found_again_by_brute_force(level: str) -> None:
    answers = set()
    for seed in SEEDS:
        p = puzzle("out", level, seed)
        hand = p.cards
        assert len(hand) == 9 and p.level == level and KIND.solutions(p) == 1
        out = goes_out(list(hand))
        answers.add(out)
        counts_three = all(
            sum(1 for c in hand if c.values[a] == v) == 3 for a in range(4) for v in range(3)
        )
        found = sum(1 for t in combinations(hand, 3) if nada(t))
        if out:
            size, best = packings(hand)
            assert size == 3 and len(best) == 1
            written = {frozenset(KIND.deck.card(n) for n in part.split())
                       for part in p.answer.split(" / ")}  # fmt: skip
            assert written == set(best[0])
            assert {"easy": found == 3, "medium": found == 4, "hard": found == 4}[level]
        else:
            assert p.answer == "No"
            assert {"easy": not counts_three, "medium": counts_three and found <= 1,
                    "hard": counts_three and found >= 2}[level]  # fmt: skip
        assert KIND.check(p, p.answer).right
        assert KIND.check(p, "no").right is (not out)
    assert answers == {True, False}  # both kinds of hand at every level: No is no safe guess


def test_an_out_answer_needs_all_three_nadas() -> None:
    p = next(q for s in SEEDS if (q := puzzle("out", "medium", s)).answer != "No")
    first = p.answer.split(" / ")[0]
    verdict = KIND.check(p, first)
    assert not verdict.right and "the answer has 1" in verdict.reasons[0]
    assert "look again" in KIND.check(p, "No").reasons[0]


@st.composite
def nada_rich_hands(draw: st.DrawFn) -> list[Card]:
    """A few cards, and the card that makes a nada with each of some pairs of them: hands
    whose nadas overlap, as a hand typed by hand often has."""
    hand = draw(st.lists(st.sampled_from(FOUR_D.cards), min_size=3, max_size=6, unique=True))
    pairs = draw(st.lists(st.tuples(st.sampled_from(hand), st.sampled_from(hand)), max_size=4))
    for a, b in pairs:
        third = completion(a, b) if a != b else None
        if third is not None and third not in hand and len(hand) < 9:
            hand.append(third)
    return hand


@given(nada_rich_hands())
@settings(max_examples=80, deadline=None)
def test_a_typed_hand_whose_best_answers_tie_names_each_and_calls_none_a_decoy(
    hand: list[Card],
) -> None:
    """A hand typed by hand may have several best answers: the key says how many and that
    any is right, calls "decoy" only a nada no best answer uses, and each is judged right."""
    size, best = packings(tuple(hand))
    p = KIND.typed(" ".join(map(str, hand)))
    assert KIND.solutions(p) == len(best)
    used = {trio for packing in best for trio in packing}
    every = {frozenset(t) for t in combinations(hand, 3) if nada(t)}
    decoys = {
        frozenset(FOUR_D.card(name) for name in line.split(" is a nada too")[0].split())
        for line in p.key
        if " is a nada too" in line
    }
    assert decoys == every - used
    key = " ".join(p.key)
    if len(best) > 1:
        assert f"{len(best)} answers are as good" in key and "no other has" not in key
        for packing in best:
            answer = " / ".join(" ".join(map(str, trio)) for trio in packing)
            assert KIND.check(p, answer).right
    elif best:
        assert f"and no other has {size}" in key


def test_the_tied_hand_of_the_report_has_two_answers_and_no_decoy() -> None:
    p = KIND.typed("Bb=S Gg~C RwzT Gg~T RwzC")
    key = "\n".join(p.key)
    assert "2 answers are as good, and either is right" in key
    assert "decoy" not in p.grade and "is a nada too" not in key and "no other has" not in key

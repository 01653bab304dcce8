"""Special sets (rulebook pages 1-2), checked against an independent brute force.

The oracle here sees a card only as its name: the set of (attribute, symbol)
pairs it shows. Values shared by a set are the intersection of those sets; a
nada shows all twelve values.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards import FOUR_D, PARADOX, Card, DuplicateCardError
from printables.fourd.flushes import (
    common_values,
    completes_nada,
    flush_degree,
    is_double_flush,
    is_nada,
    is_single_flush,
    is_triple_flush,
    is_triple_flush_pair,
    nadas,
    nine_card_double_flushes,
    three_card_triple_flushes,
    triple_flush_pairs,
)

ALPHABETS = ("BGR", "bgw", "=~z", "SCT")


def c(name: str) -> Card:
    return FOUR_D.card(name)


def cs(text: str) -> list[Card]:
    return [FOUR_D.card(name) for name in text.split()]


def shown(card: Card) -> frozenset[tuple[int, str]]:
    return frozenset(enumerate(str(card)))


def oracle_common(cards: Sequence[Card]) -> frozenset[tuple[int, str]]:
    return frozenset.intersection(*(shown(x) for x in cards))


def oracle_nada(cards: Sequence[Card]) -> bool:
    return len(cards) == 3 and len(frozenset.union(*(shown(x) for x in cards))) == 12


def oracle_triple_pairs(cards: Sequence[Card]) -> set[frozenset[Card]]:
    return {
        frozenset((a, b))
        for i, a in enumerate(cards)
        for b in cards[i + 1 :]
        if len(shown(a) & shown(b)) == 3
    }


SHOWN = {card: shown(card) for card in FOUR_D.cards}


def brute_force() -> tuple[set[frozenset[Card]], set[frozenset[Card]]]:
    """All C(81, 3) triples once: (nadas, three-card triple-flushes), by name only.

    A nada's cards pairwise share nothing; a three-card triple-flush's three cards
    all show the same three values (symbols at the same positions of the names).
    """
    cards = FOUR_D.cards
    same = [[frozenset(SHOWN[a] & SHOWN[b]) for b in cards] for a in cards]
    found_nadas, found_triples = set(), set()
    for i, j, k in combinations(range(len(cards)), 3):
        ij, jk = same[i][j], same[j][k]
        if not ij and not jk and not same[i][k]:
            found_nadas.add(frozenset((cards[i], cards[j], cards[k])))
        elif len(ij & jk) == 3:
            found_triples.add(frozenset((cards[i], cards[j], cards[k])))
    return found_nadas, found_triples


BRUTE_NADAS, BRUTE_TRIPLES = brute_force()


# --- the book's counts ---------------------------------------------------------------------------


def test_brute_force_agrees_with_the_book() -> None:
    assert len(BRUTE_TRIPLES) == 108
    assert len(BRUTE_NADAS) == 216


def test_108_three_card_triple_flushes() -> None:
    found = list(three_card_triple_flushes())
    assert len(found) == 108
    assert all(len(t) == 3 for t in found)
    assert {frozenset(t) for t in found} == BRUTE_TRIPLES
    for t in found:
        assert is_triple_flush(t)
        assert flush_degree(t) == 3
        assert len(triple_flush_pairs(t)) == 3


def test_54_nine_card_double_flushes() -> None:
    found = list(nine_card_double_flushes())
    assert len(found) == 54
    assert len({frozenset(t) for t in found}) == 54
    expected = set()
    shown_values = [(i, s) for i, alphabet in enumerate(ALPHABETS) for s in alphabet]
    for (i, x), (j, y) in combinations(shown_values, 2):
        if i != j:
            expected.add(frozenset(k for k in FOUR_D.cards if str(k)[i] == x and str(k)[j] == y))
    assert len(expected) == 54
    assert {frozenset(t) for t in found} == expected
    for t in found:
        assert len(t) == 9
        assert len(set(t)) == 9
        assert len(oracle_common(t)) == 2
        assert flush_degree(t) == 2
        assert is_double_flush(t)
        assert not is_triple_flush(t)
        # Largest: no other card shows both shared values.
        common = oracle_common(t)
        assert all(not common <= SHOWN[k] for k in FOUR_D.cards if k not in t)


def test_216_nadas() -> None:
    found = list(nadas())
    assert len(found) == 216
    assert len({frozenset(t) for t in found}) == 216
    assert {frozenset(t) for t in found} == BRUTE_NADAS
    for t in found:
        assert len(set(t)) == 3
        assert is_nada(t)
        assert list(t) == sorted(t)  # each once, cards in deck order
        assert [x.index for x in t] == sorted(x.index for x in t)
    # Every card is in 216 * 3 / 81 = 8 nadas.
    assert Counter(x for t in found for x in t) == Counter(dict.fromkeys(FOUR_D.cards, 8))


def test_every_triple_with_one_card_is_classified_like_the_oracle() -> None:
    """is_nada and is_triple_flush on all C(80, 2) triples holding the book's Bb~S."""
    discard = c("Bb~S")
    others = [k for k in FOUR_D.cards if k != discard]
    nada_count = triple_count = 0
    for a, b in combinations(others, 2):
        t = (discard, a, b)
        n = is_nada(t)
        f = is_triple_flush(t)
        assert n == (frozenset(t) in BRUTE_NADAS)
        assert f == (frozenset(t) in BRUTE_TRIPLES)
        nada_count += n
        triple_count += f
    assert (nada_count, triple_count) == (8, 4)


# --- definitions against the oracle --------------------------------------------------------------


@st.composite
def flushy_sets(draw: st.DrawFn) -> list[Card]:
    """2-9 distinct cards, often drawn from the cards sharing some fixed values."""
    fixed = draw(st.sets(st.integers(0, 3), max_size=3))
    pins = {i: draw(st.sampled_from(range(3))) for i in fixed}
    pool = [k for k in FOUR_D.cards if all(k.values[i] == v for i, v in pins.items())]
    size = draw(st.integers(2, min(9, len(pool))))
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


@settings(max_examples=45)
@given(flushy_sets())
def test_flush_definitions_match_the_oracle(cards: list[Card]) -> None:
    common = oracle_common(cards)
    degree = len(common)
    assert 0 <= degree <= 3
    assert flush_degree(cards) == degree
    assert {(v.attribute, v.symbol) for v in common_values(cards)} == {
        (FOUR_D.attributes[i].name, s) for i, s in common
    }
    assert is_single_flush(cards) == (degree >= 1)
    assert is_double_flush(cards) == (degree >= 2)
    assert is_triple_flush(cards) == (degree == 3)
    if degree == 3:
        assert len(cards) in (2, 3)
    assert is_nada(cards) == oracle_nada(cards)
    pairs = triple_flush_pairs(cards)
    assert len(pairs) == len({frozenset(p) for p in pairs})
    assert {frozenset(p) for p in pairs} == oracle_triple_pairs(cards)
    for a, b in pairs:
        assert cards.index(a) < cards.index(b)
        assert is_triple_flush_pair(a, b) and is_triple_flush_pair(b, a)
        assert is_triple_flush([a, b])
    # Order does not matter.
    assert flush_degree(cards[::-1]) == degree
    assert is_nada(cards[::-1]) == is_nada(cards)


@settings(max_examples=50)
@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=3, max_size=3, unique=True))
def test_nada_matches_the_oracle_on_random_triples(cards: list[Card]) -> None:
    assert is_nada(cards) == oracle_nada(cards) == (frozenset(cards) in BRUTE_NADAS)
    assert is_triple_flush(cards) == (frozenset(cards) in BRUTE_TRIPLES)


@settings(max_examples=30)
@given(st.sampled_from(FOUR_D.cards), st.sampled_from(FOUR_D.cards))
def test_completes_nada_matches_the_oracle(a: Card, b: Card) -> None:
    thirds = [k for k in FOUR_D.cards if k not in (a, b) and oracle_nada([a, b, k])]
    result = completes_nada(a, b)
    if SHOWN[a] & SHOWN[b]:
        assert result is None
        assert thirds == []
    else:
        assert thirds == [result]


def test_completes_nada_exhaustive() -> None:
    third: dict[frozenset[Card], Card] = {}
    for t in BRUTE_NADAS:
        for pair in combinations(t, 2):
            (rest,) = t - set(pair)
            third[frozenset(pair)] = rest
    assert len(third) == 216 * 3
    for a, b in permutations(FOUR_D.cards, 2):
        assert completes_nada(a, b) == third.get(frozenset((a, b)))
    for a in FOUR_D.cards:
        assert completes_nada(a, a) is None


def test_triple_flush_pair() -> None:
    assert is_triple_flush_pair(c("Bg=C"), c("Bw=C"))
    assert not is_triple_flush_pair(c("Bg=C"), c("Bg=C"))
    assert not is_triple_flush_pair(c("Bg=C"), c("Bw=T"))
    count = sum(is_triple_flush_pair(a, b) for a, b in combinations(FOUR_D.cards, 2))
    assert count == 81 * 8 // 2  # each card has 4 attributes x 2 other values


def test_degree_examples() -> None:
    assert flush_degree(cs("Bb=S Bw=T Bg=C")) == 2
    assert flush_degree(cs("Bb=S Gw~T")) == 0
    assert is_single_flush(cs("Bb=S Gw~S RgzS GbzS"))
    assert not is_double_flush(cs("Bb=S Gw~S RgzS GbzS"))
    assert not is_single_flush(cs("Bb=S Gw~T"))
    assert is_triple_flush(cs("Rg=T Rg=C"))
    assert is_triple_flush(cs("Rg=T Rg=C Rg=S"))
    assert not is_triple_flush(cs("Rg=T Rg=C Bg=C"))
    assert not is_nada(cs("BbzS Gw=C"))
    # "A triple-flush may be a triple-flush pair or a three-card triple-flush": never one card.
    assert not any(is_triple_flush([k]) for k in FOUR_D.cards)
    assert not is_triple_flush([])
    assert not is_single_flush([])
    assert not is_nada(cs("BbzS Gw=C Rg~T Bb=S"))


@pytest.mark.parametrize(
    "call",
    [
        lambda x: flush_degree(x),
        lambda x: common_values(x),
        lambda x: is_single_flush(x),
        lambda x: is_double_flush(x),
        lambda x: is_triple_flush(x),
        lambda x: is_nada(x),
        lambda x: triple_flush_pairs(x),
    ],
    ids=["degree", "common", "single", "double", "triple", "nada", "pairs"],
)
def test_duplicates_raise(call: object) -> None:
    with pytest.raises(DuplicateCardError) as info:
        call(cs("Bb=S Gw=C Bb=S"))  # type: ignore[operator]
    assert info.value.name == "Bb=S"
    assert "card 1 and card 3" in str(info.value)


def test_nadas_of_paradox_raise_when_read() -> None:
    with pytest.raises(ValueError, match="three values"):
        list(nadas(PARADOX))
    with pytest.raises(ValueError, match="three values"):
        completes_nada(PARADOX.card("R1"), PARADOX.card("G2"))


def test_nadas_of_paradox_raise_at_once() -> None:
    with pytest.raises(ValueError):
        nadas(PARADOX)


# --- the book's examples -------------------------------------------------------------------------


def test_nada_nada_nada_example() -> None:
    alfie_one = cs("BbzS Gw=C Rg~T")
    alfie_two = cs("Rb=C BwzT Gg~S")
    assert is_nada(alfie_one)
    assert is_nada(alfie_two)
    assert not set(alfie_one) & set(alfie_two)
    discard = c("Bb~S")
    assert is_nada([discard, c("Rg=C"), c("GwzT")])
    assert is_nada([discard, c("RwzC"), c("Gg=T")])
    assert completes_nada(c("Rg=C"), c("GwzT")) == discard
    assert completes_nada(c("RwzC"), c("Gg=T")) == discard
    assert completes_nada(discard, c("Rg=C")) == c("GwzT")
    # Bb~S is in exactly 8 nadas, these two among them.
    with_discard = {t for t in BRUTE_NADAS if discard in t}
    assert len(with_discard) == 8
    assert frozenset(cs("Bb~S Rg=C GwzT")) in with_discard
    assert frozenset(cs("Bb~S RwzC Gg=T")) in with_discard


def value_counts(hand: Sequence[Card]) -> Counter[str]:
    return Counter(v.name for k in hand for v in k.shown)


def test_poker_six_pair_hand() -> None:
    """'Six pair, 5,5,3,3': Rg=T Rg=C Rg=S Bg=S Gg=S."""
    hand = cs("Rg=T Rg=C Rg=S Bg=S Gg=S")
    pairs = {frozenset(p) for p in triple_flush_pairs(hand)}
    book = {
        frozenset(cs(p))
        for p in ["Rg=T Rg=C", "Rg=T Rg=S", "Rg=C Rg=S", "Rg=S Bg=S", "Rg=S Gg=S", "Bg=S Gg=S"]
    }
    assert pairs == book
    assert len(triple_flush_pairs(hand)) == 6
    assert sorted(v.name for v in common_values(hand)) == ["gray", "stripe"]
    counts = value_counts(hand)
    assert sorted(n for n in counts.values() if n >= 3) == [3, 3, 5, 5]
    assert {v for v, n in counts.items() if n == 3} == {"red", "square"}


def test_poker_three_pair_3333_hand() -> None:
    """'Three pair, 3,3,3,3': BwzT Bw=T Gb~S GbzS GwzS."""
    hand = cs("BwzT Bw=T Gb~S GbzS GwzS")
    pairs = {frozenset(p) for p in triple_flush_pairs(hand)}
    assert pairs == {frozenset(cs(p)) for p in ["BwzT Bw=T", "Gb~S GbzS", "GbzS GwzS"]}
    assert common_values(hand) == ()
    counts = value_counts(hand)
    assert {v for v, n in counts.items() if n >= 3} == {"square", "green", "white", "zigzag"}
    assert max(counts.values()) == 3
    for value in ("square", "green", "white", "zigzag"):
        three = [k for k in hand if value in {v.name for v in k.shown}]
        assert len(three) == 3
        assert is_single_flush(three)


def test_poker_partial_hands() -> None:
    """'Three pair, 4,4,3' and 'One pair, 4' list their pairs; the fifth cards are not given."""
    four = cs("Rb~T Rb~C Gb~C Gg~C")
    pairs = {frozenset(p) for p in triple_flush_pairs(four)}
    assert pairs == {frozenset(cs(p)) for p in ["Rb~T Rb~C", "Rb~C Gb~C", "Gb~C Gg~C"]}
    assert is_triple_flush_pair(c("Bg=C"), c("Bw=C"))
    assert len(triple_flush_pairs(cs("Rg=T Rg=C Rg=S Bg=S"))) == 4


def test_squares_shade_split() -> None:
    by_shade: dict[str, list[Card]] = {}
    for k in FOUR_D.cards:
        by_shade.setdefault(k.value("shade").name, []).append(k)
    assert sorted(by_shade) == ["black", "gray", "white"]
    assert all(len(group) == 27 for group in by_shade.values())
    assert set().union(*map(set, by_shade.values())) == set(FOUR_D.cards)
    for k in by_shade["white"]:
        name = str(k)
        corresponding = [c(name[0] + s + name[2:]) for s in "gb"]
        for other in corresponding:
            assert other.value("shade").name in ("gray", "black")
            assert [v.name for v in k.shared_with(other)] == [
                k.value("color").name,
                k.value("pattern").name,
                k.value("shape").name,
            ]
            assert is_triple_flush_pair(k, other)
        trio = [k, *corresponding]
        assert is_triple_flush(trio)
        assert frozenset(trio) in BRUTE_TRIPLES
    # The book's example, names as printed.
    assert [str(c(x)) for x in ["Bw~T", "Bg~ T", "Bb~ T"]] == ["Bw~T", "Bg~T", "Bb~T"]
    assert is_triple_flush([c("Bw~T"), c("Bg~ T"), c("Bb~ T")])

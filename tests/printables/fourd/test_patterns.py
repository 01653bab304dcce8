"""Value-sharing patterns and ciphers (Challenge Cipher), checked exhaustively.

All C(81, 3) = 85320 three-card sets are classified once, by the engine's
cipher_form and by an independent oracle working on the names only; the tests
below share that work.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards import FOUR_D, Card, DuplicateCardError
from printables.fourd.flushes import is_nada, is_triple_flush
from printables.fourd.patterns import (
    PATTERNS,
    SharingPattern,
    are_ciphers,
    chart,
    cipher_form,
    parse_pattern,
    pattern_of,
)

Key = tuple[tuple[int, int, int], int]
NAMES = [str(k) for k in FOUR_D.cards]
# MASK[i][j]: bit p set when cards i and j show the same symbol in position p.
MASK = [[sum(1 << p for p in range(4) if a[p] == b[p]) for b in NAMES] for a in NAMES]
POP = [bin(m).count("1") for m in range(16)]
BY_KEY = {(p.shares, p.common): p for p in PATTERNS}


def c(name: str) -> Card:
    return FOUR_D.card(name)


def oracle_pattern(cards: Sequence[Card]) -> Key:
    """(pairwise shared counts, descending; values shown on all three), from the names."""
    a, b, d = (str(x) for x in cards)
    pairs = [sum(x == y for x, y in zip(p, q, strict=True)) for p, q in ((a, b), (b, d), (a, d))]
    high, mid, low = sorted(pairs, reverse=True)
    common = sum(x == y == z for x, y, z in zip(a, b, d, strict=True))
    return (high, mid, low), common


@cache
def classified() -> tuple[list[tuple[Card, ...]], list[Key], list[object]]:
    """Every three-card set, its oracle pattern and its cipher form (a few seconds)."""
    triples: list[tuple[Card, ...]] = list(combinations(FOUR_D.cards, 3))
    keys: list[Key] = []
    for i, j, k in combinations(range(81), 3):
        m1, m2, m3 = MASK[i][j], MASK[j][k], MASK[i][k]
        high, mid, low = sorted((POP[m1], POP[m2], POP[m3]), reverse=True)
        keys.append(((high, mid, low), POP[m1 & m2]))
    forms: list[object] = [cipher_form(t) for t in triples]
    return triples, keys, forms


# --- the 20 patterns -----------------------------------------------------------------------------


def test_exactly_20_patterns() -> None:
    assert len(PATTERNS) == 20
    assert len(set(PATTERNS)) == 20
    assert list(PATTERNS) == sorted(PATTERNS, reverse=True)
    assert str(PATTERNS[0]) == "3-3-3"
    assert str(PATTERNS[-1]) == "0-0-0"


def test_every_set_has_exactly_one_pattern() -> None:
    triples, keys, _ = classified()
    assert len(triples) == len(keys) == 85320
    assert len(BY_KEY) == 20  # no two patterns describe the same sets
    assert set(keys) == set(BY_KEY)  # every set has one of the 20, and every one occurs
    # pattern_of agrees with the oracle on every set holding GgzC (in any position) and on a
    # spread sample of the others.
    middle = c("GgzC")
    for t, key in zip(triples, keys, strict=True):
        if middle in t:
            p = pattern_of(t)
            assert p == BY_KEY[key], t
    for t, key in zip(triples[::13], keys[::13], strict=True):
        assert pattern_of(t) == BY_KEY[key], t


@settings(max_examples=60)
@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=3, max_size=3, unique=True))
def test_pattern_of_matches_the_oracle(cards: list[Card]) -> None:
    p = pattern_of(cards)
    assert p in PATTERNS
    assert (p.shares, p.common) == oracle_pattern(cards)
    assert pattern_of(cards[::-1]) == p
    assert chart(cards) == p.chart


def test_cipher_classes_are_the_patterns() -> None:
    """The 85320 sets fall into exactly 20 cipher classes, one for each pattern."""
    _, keys, forms = classified()
    key_to_forms: dict[Key, set[object]] = defaultdict(set)
    form_to_keys: dict[object, set[Key]] = defaultdict(set)
    for key, form in zip(keys, forms, strict=True):
        key_to_forms[key].add(form)
        form_to_keys[form].add(key)
    assert len(form_to_keys) == 20
    assert len(key_to_forms) == 20
    assert all(len(s) == 1 for s in form_to_keys.values())
    assert all(len(s) == 1 for s in key_to_forms.values())


def test_class_sizes() -> None:
    """Sizes of the 20 classes add up, and the special ones match the book's counts."""
    _, keys, _ = classified()
    sizes: dict[Key, int] = defaultdict(int)
    for key in keys:
        sizes[key] += 1
    assert sum(sizes.values()) == 85320
    assert sizes[((3, 3, 3), 3)] == 108
    assert sizes[((0, 0, 0), 0)] == 216


def test_the_name_needs_the_common_count_exactly_for_three_share_triples() -> None:
    _, keys, _ = classified()
    commons: dict[tuple[int, int, int], set[int]] = defaultdict(set)
    for shares, common in set(keys):
        commons[shares].add(common)
    ambiguous = {s for s, cs in commons.items() if len(cs) > 1}
    assert ambiguous == {(2, 2, 2), (2, 1, 1), (1, 1, 1)}
    assert commons[(2, 2, 2)] == {1, 2}
    assert commons[(2, 1, 1)] == {0, 1}
    assert commons[(1, 1, 1)] == {0, 1}
    for p in PATTERNS:
        assert p.ambiguous == (p.shares in ambiguous)
        assert ("shared by all" in str(p)) == p.ambiguous


def test_3_3_3_is_a_triple_flush_and_0_0_0_a_nada() -> None:
    triples, keys, _ = classified()
    top_pattern, bottom_pattern = PATTERNS[0], PATTERNS[-1]
    assert (str(top_pattern), str(bottom_pattern)) == ("3-3-3", "0-0-0")
    top = [t for t, key in zip(triples, keys, strict=True) if key == ((3, 3, 3), 3)]
    bottom = [t for t, key in zip(triples, keys, strict=True) if key == ((0, 0, 0), 0)]
    assert len(top) == 108
    assert len(bottom) == 216
    assert all(pattern_of(t) == top_pattern and is_triple_flush(t) for t in top)
    assert all(pattern_of(t) == bottom_pattern and is_nada(t) for t in bottom)
    assert not any(is_nada(t) for t in top)
    # And no other set is either (a sample of about a thousand).
    others = [
        t for t, key in zip(triples, keys, strict=True) if key[0] not in ((3, 3, 3), (0, 0, 0))
    ]
    assert not any(is_triple_flush(t) or is_nada(t) for t in others[::85])


def test_examples_have_their_pattern() -> None:
    triples, keys, _ = classified()
    first: dict[Key, tuple[Card, ...]] = {}
    for t, key in zip(triples, keys, strict=True):
        first.setdefault(key, t)
    for p in PATTERNS:
        example = p.example
        assert len(example) == 3
        assert len(set(example)) == 3
        assert oracle_pattern(example) == (p.shares, p.common)
        assert pattern_of(example) == p
        assert list(example) == sorted(example)
        # "The first three cards of the 4D deck, in deck order, that show this pattern."
        assert tuple(example) == first[(p.shares, p.common)]


def test_pattern_of_examples_from_the_docstrings() -> None:
    p = pattern_of([c("Rg=T"), c("Rg=C"), c("Bg=C")])
    assert str(p) == "3-3-2"
    assert p.spoken == "Three, three, two"
    assert pattern_of([c("Bg=C"), c("Rg=T"), c("Rg=C")]) == p  # order does not matter


def test_pattern_of_needs_three_distinct_cards() -> None:
    with pytest.raises(ValueError, match="three cards"):
        pattern_of([c("Bb=S"), c("Gw~T")])
    with pytest.raises(ValueError, match="three cards"):
        pattern_of([c("Bb=S"), c("Gw~T"), c("RgzC"), c("BgzC")])
    with pytest.raises(DuplicateCardError) as info:
        pattern_of([c("Bb=S"), c("Gw~T"), c("Bb=S")])
    assert info.value.name == "Bb=S"


# --- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", PATTERNS, ids=str)
def test_parse_pattern_round_trips(pattern: SharingPattern) -> None:
    assert parse_pattern(str(pattern)) == pattern
    compact = "-".join(map(str, pattern.shares)) + f"/{pattern.common}"
    assert parse_pattern(compact) == pattern


@pytest.mark.parametrize("name", ["2-2-2", "2-1-1", "1-1-1"])
def test_parse_pattern_asks_for_the_shared_by_all_count(name: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_pattern(name)
    message = str(info.value)
    assert message.startswith(repr(name))
    assert "values all three cards share" in message
    assert "shared by all" in message


@pytest.mark.parametrize(
    "name", ["4-4-4", "3-2-3", "3-3-2 (1 shared by all)", "2-2-2 (0 shared by all)", "", "three"]
)
def test_parse_pattern_rejects_non_patterns(name: str) -> None:
    with pytest.raises(ValueError, match="not a value-sharing pattern; expected one of 3-3-3"):
        parse_pattern(name)


def test_spoken_names() -> None:
    spoken = {str(p): p.spoken for p in PATTERNS}
    assert spoken["3-3-2"] == "Three, three, two"
    assert spoken["3-3-3"] == "Three, three, three"
    assert spoken["0-0-0"] == "Zero, zero, zero"
    assert spoken["2-2-2 (1 shared by all)"] == "Two, two, two, one shared by all"
    assert spoken["1-1-1 (0 shared by all)"] == "One, one, one, zero shared by all"
    assert len(set(spoken.values())) == 20


# --- charts --------------------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", PATTERNS, ids=str)
def test_chart_matches_the_pattern(pattern: SharingPattern) -> None:
    rows = [row.split(" ") for row in pattern.chart]
    assert len(rows) == 3
    assert all(len(row) == 4 for row in rows)
    assert all(len(letter) == 1 and letter.isalpha() for row in rows for letter in row)
    shared = sorted(
        (sum(x == y and x.isupper() for x, y in zip(rows[i], rows[j], strict=True)))
        for i, j in ((0, 1), (1, 2), (0, 2))
    )[::-1]
    assert tuple(shared) == pattern.shares
    assert sum(x == y == z for x, y, z in zip(*rows, strict=True)) == pattern.common
    letters = [letter for row in rows for letter in row]
    for column in range(4):
        for letter in {row[column] for row in rows}:
            count = [row[column] for row in rows].count(letter)
            assert count == letters.count(letter)  # a letter stands in one column only
            assert letter.isupper() == (count > 1)
    assert pattern.chart == chart(pattern.example)


def test_known_charts() -> None:
    by_name = {str(p): p for p in PATTERNS}
    assert by_name["3-3-3"].chart == ("A B C d", "A B C e", "A B C f")
    assert by_name["0-0-0"].chart == ("a d g j", "b e h k", "c f i l")


# --- ciphers of any size -------------------------------------------------------------------------


def oracle_ciphers(first: Sequence[Card], second: Sequence[Card]) -> bool:
    """Brute force: some attribute order and card order make every column a relabeling."""
    if len(first) != len(second):
        return False
    a = [str(x) for x in first]
    for order in permutations(str(x) for x in second):
        for attrs in permutations(range(4)):
            if all(
                len({(p[i], q[j]) for p, q in zip(a, order, strict=True)})
                == len({p[i] for p in a})
                == len({q[j] for q in order})
                for i, j in enumerate(attrs)
            ):
                return True
    return False


@st.composite
def substituted(
    draw: st.DrawFn, min_size: int = 1, max_size: int = 4
) -> tuple[list[Card], list[Card]]:
    """A set and a copy with values substituted, attributes permuted and cards reordered:
    always a cipher of it."""
    cards = draw(
        st.lists(st.sampled_from(FOUR_D.cards), min_size=min_size, max_size=max_size, unique=True)
    )
    attrs = draw(st.permutations(range(4)))
    values = [draw(st.permutations(range(3))) for _ in range(4)]
    moved = []
    for k in cards:
        name = "".join(
            FOUR_D.attributes[j].values[values[j][k.values[attrs[j]]]].symbol for j in range(4)
        )
        moved.append(c(name))
    return cards, draw(st.permutations(moved))


@settings(max_examples=40)
@given(substituted())
def test_substitution_gives_a_cipher(case: tuple[list[Card], list[Card]]) -> None:
    first, second = case
    assert len(set(second)) == len(first)
    assert cipher_form(first) == cipher_form(second)
    assert are_ciphers(first, second)
    assert are_ciphers(second, first)
    if len(first) == 3:
        assert pattern_of(first) == pattern_of(second)


@st.composite
def two_sets(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    size = draw(st.integers(1, 4))
    pool = draw(st.sampled_from([FOUR_D.cards, FOUR_D.cards[:27], FOUR_D.cards[:9]]))
    sets = st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True)
    return draw(sets), draw(sets)


@settings(max_examples=50)
@given(two_sets())
def test_are_ciphers_matches_brute_force(case: tuple[list[Card], list[Card]]) -> None:
    first, second = case
    expected = oracle_ciphers(first, second)
    assert are_ciphers(first, second) == expected
    if len(first) == 3:
        assert expected == (pattern_of(first) == pattern_of(second))


def test_one_card_sets_are_all_ciphers() -> None:
    form = cipher_form([FOUR_D.cards[0]])
    assert all(cipher_form([k]) == form for k in FOUR_D.cards)
    assert are_ciphers([c("Bb=S")], [c("RwzT")])


def test_pairs_are_ciphers_exactly_when_they_share_as_many_values() -> None:
    by_form: dict[object, set[int]] = defaultdict(set)
    for a, b in combinations(FOUR_D.cards, 2):
        by_form[cipher_form([a, b])].add(sum(x == y for x, y in zip(str(a), str(b), strict=True)))
    assert len(by_form) == 4
    assert sorted(len(s) for s in by_form.values()) == [1, 1, 1, 1]
    assert set().union(*by_form.values()) == {0, 1, 2, 3}
    assert are_ciphers([c("Bb=S"), c("Bb=C")], [c("GwzT"), c("GgzT")])
    assert not are_ciphers([c("Bb=S"), c("Bb=C")], [c("GwzT"), c("GgzC")])


def test_sets_of_different_sizes_are_not_ciphers() -> None:
    assert not are_ciphers([c("Bb=S")], [c("Bb=S"), c("Bb=C")])
    assert not are_ciphers([], [c("Bb=S")])
    assert are_ciphers([], [])


def test_cipher_form_limits() -> None:
    with pytest.raises(ValueError, match="at most 8"):
        cipher_form(FOUR_D.cards[:9])
    assert cipher_form(FOUR_D.cards[:5])
    with pytest.raises(DuplicateCardError):
        cipher_form([c("Bb=S"), c("Gw~T"), c("Bb=S")])


# -- ciphers of any size ------------------------------------------------------------------


@settings(max_examples=60)
@given(substituted(min_size=5, max_size=27))
def test_a_substituted_copy_of_any_size_is_a_cipher(case: tuple[list[Card], list[Card]]) -> None:
    first, second = case
    assert are_ciphers(first, second) and are_ciphers(second, first)


@st.composite
def near_sets(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """Two sets of 5 to 7 cards from a small part of the deck, so that many pairs are
    ciphers and many are near misses."""
    size = draw(st.integers(5, 7))
    pool = draw(st.sampled_from([FOUR_D.cards[:9], FOUR_D.cards[:27], FOUR_D.cards]))
    sets = st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True)
    return draw(sets), draw(sets)


@settings(max_examples=60)
@given(near_sets())
def test_the_search_agrees_with_the_canonical_form(case: tuple[list[Card], list[Card]]) -> None:
    """Up to 7 cards the canonical form (every card order tried) decides too."""
    first, second = case
    assert are_ciphers(first, second) == (cipher_form(first) == cipher_form(second))


def nine(prefix_of: Callable[[Card], str]) -> list[list[Card]]:
    groups: dict[str, list[Card]] = defaultdict(list)
    for card in FOUR_D.cards:
        groups[prefix_of(card)].append(card)
    return list(groups.values())


def test_the_rulebooks_nine_nine_card_ciphers() -> None:
    """The appendix's challenge: the deck split into nine nine-card sets, each a cipher of
    the others. Fixing the values of two attributes gives such a split, whichever two."""
    by_color_shade = nine(lambda k: str(k)[:2])
    by_pattern_shape = nine(lambda k: str(k)[2:])
    assert [len(s) for s in by_color_shade] == [9] * 9
    for a, b in combinations(by_color_shade + by_pattern_shape, 2):
        assert are_ciphers(a, b)
    broken = [*by_color_shade[0][:8], by_color_shade[1][0]]  # one card from another set
    assert not are_ciphers(broken, by_color_shade[2])
    assert are_ciphers(FOUR_D.cards, list(reversed(FOUR_D.cards)))  # the whole deck


def test_more_than_eight_cards_get_a_verdict_but_no_canonical_form() -> None:
    assert are_ciphers(FOUR_D.cards[:9], FOUR_D.cards[9:18])
    with pytest.raises(ValueError, match="at most 8"):
        cipher_form(FOUR_D.cards[:9])
    with pytest.raises(DuplicateCardError):
        are_ciphers([c("Bb=S"), c("Bb=S")], [c("Bb=S"), c("Bb=C")])

"""Card notation of the rules engine: names, reprs, the reader's errors, deck lookup.

The 4D deck's names are color, shade, pattern, shape, one character each
(RULES-NOTES, "The 4D deck"); PARADOX's are a color R, G, P or B and a rank 0-10.
"""

from __future__ import annotations

import string
from itertools import pairwise, product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from printables.cards import (
    DECKS,
    FOUR_D,
    PARADOX,
    Card,
    CardNameError,
    Deck,
    NotationError,
    UnknownDeckError,
    card,
    get_deck,
)

# Independent statement of the notation, written from RULES-NOTES, not from the code.
ALPHABETS = ("BGR", "bgw", "=~z", "SCT")
EXPECTED = ("B, G or R", "b, g or w", "=, ~ or z", "S, C or T")
ATTRIBUTES = ("color", "shade", "pattern", "shape")
VALUE_NAMES = (
    ("blue", "green", "red"),
    ("black", "gray", "white"),
    ("stripe", "wavy", "zigzag"),
    ("square", "circle", "triangle"),
)
ALL_4D_NAMES = ["".join(p) for p in product(*ALPHABETS)]
PARADOX_COLORS = "RGPB"
ALL_PARADOX_NAMES = [f"{c}{n}" for c in PARADOX_COLORS for n in range(11)]
SPACE = " \t"

BROAD = (
    "BGRbgw=~zSCT"  # every symbol of the deck
    "PpcstrXxYNo019-_+*.!?'\"\\"  # look-alikes, digits, quotes that need escaping
    " \t,;/\n"  # whitespace and separators
    "éΩ"
)

whitespace = st.text(alphabet=SPACE, max_size=3)


# --- names round-trip --------------------------------------------------------------------------


def test_four_d_has_81_cards_named_in_attribute_order() -> None:
    assert len(FOUR_D) == 81
    assert len(FOUR_D.cards) == 81
    assert len(set(FOUR_D.cards)) == 81
    assert sorted(str(c) for c in FOUR_D) == sorted(ALL_4D_NAMES)
    assert [a.name for a in FOUR_D.attributes] == list(ATTRIBUTES)
    for attribute, symbols, names in zip(FOUR_D.attributes, ALPHABETS, VALUE_NAMES, strict=True):
        assert "".join(v.symbol for v in attribute.values) == symbols
        assert tuple(v.name for v in attribute.values) == names


def test_four_d_name_round_trip() -> None:
    for name in ALL_4D_NAMES:
        c = FOUR_D.card(name)
        assert str(c) == name
        assert card(name) == c
        assert card(name, deck="4d") == c
        # Every value read is the one the name spells.
        for i, (symbol, attribute) in enumerate(zip(name, ATTRIBUTES, strict=True)):
            value = c.value(attribute)
            assert value.symbol == symbol, name
            assert value.name == VALUE_NAMES[i][ALPHABETS[i].index(symbol)], name
            assert value.attribute == attribute
            assert str(value) == value.name
        assert tuple(v.symbol for v in c.shown) == tuple(name)


def test_paradox_has_44_cards_r0_to_b10() -> None:
    assert len(PARADOX) == 44
    assert len(set(PARADOX.cards)) == 44
    assert sorted(str(c) for c in PARADOX) == sorted(ALL_PARADOX_NAMES)
    assert [v.symbol for v in PARADOX.attributes[0].values] == list(PARADOX_COLORS)
    assert [v.name for v in PARADOX.attributes[0].values] == ["red", "green", "purple", "blue"]


def test_paradox_name_round_trip() -> None:
    for name in ALL_PARADOX_NAMES:
        c = PARADOX.card(name)
        assert str(c) == name
        assert card(name, deck="paradox") == c
        assert c.value("color").symbol == name[0]
        assert c.value("rank").symbol == name[1:]


def test_paradox_ten_is_not_read_as_one() -> None:
    assert str(PARADOX.card("B10")) == "B10"
    assert str(PARADOX.card("B1")) == "B1"
    assert PARADOX.card("B10") != PARADOX.card("B1")
    with pytest.raises(CardNameError):
        PARADOX.card("B11")
    with pytest.raises(CardNameError):
        PARADOX.card("B100")


@pytest.mark.parametrize("deck", [FOUR_D, PARADOX], ids=["4d", "paradox"])
def test_repr_pastes_back(deck: Deck) -> None:
    for c in deck.cards:
        text = repr(c)
        assert text.startswith("card(")
        assert eval(text, {"card": card}) == c


def test_repr_names_the_deck_and_pastes_back() -> None:
    assert repr(FOUR_D.card("Bb=S")) == "card('Bb=S', deck='4d')"
    assert repr(PARADOX.card("P10")) == "card('P10', deck='paradox')"
    for deck in DECKS.values():
        for c in deck.cards:
            assert eval(repr(c), {"card": card}) is c


# --- identity, ordering, hashing -----------------------------------------------------------------


def test_index_matches_position_in_deck() -> None:
    for deck in (FOUR_D, PARADOX):
        for i, c in enumerate(deck.cards):
            assert c.index == i
        assert [c.index for c in deck] == list(range(len(deck)))


def test_cards_of_different_decks_never_equal() -> None:
    for a in FOUR_D.cards:
        for b in PARADOX.cards:
            assert a != b
            assert b != a
    # Same-looking names in both decks: "R" is red in both, still different cards.
    assert not ({str(c) for c in FOUR_D} & {str(c) for c in PARADOX})
    assert len(set(FOUR_D.cards) | set(PARADOX.cards)) == 81 + 44


def test_equal_cards_hash_equal_and_work_as_keys() -> None:
    for deck in (FOUR_D, PARADOX):
        fresh = [deck.card(str(c)) for c in deck]
        for a, b in zip(deck.cards, fresh, strict=True):
            assert a == b
            assert hash(a) == hash(b)
        assert set(fresh) == set(deck.cards)
        table = {c: str(c) for c in deck}
        assert all(table[c] == str(c) for c in fresh)


def test_ordering_is_deck_order() -> None:
    for deck in (FOUR_D, PARADOX):
        cards = list(deck.cards)
        shuffled = cards[::-1][::2] + cards[::-1][1::2]
        assert sorted(shuffled) == cards
        for a, b in pairwise(cards):
            assert a < b
            assert not b < a
            assert not a < a
    assert min(FOUR_D.cards) == FOUR_D.card("Bb=S")
    assert max(FOUR_D.cards) == FOUR_D.card("RwzT")
    # Mixed decks still sort (by deck, then values) without error.
    mixed = sorted([PARADOX.card("R0"), FOUR_D.card("RwzT"), FOUR_D.card("Bb=S")])
    assert [str(c) for c in mixed] == ["Bb=S", "RwzT", "R0"]


def test_comparing_with_a_non_card_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        _ = FOUR_D.card("Bb=S") < 5  # type: ignore[operator]


def test_shares_and_shared_with() -> None:
    a, b = FOUR_D.card("Bb=S"), FOUR_D.card("Bw=T")
    assert a.shares(b) == 2
    assert [v.name for v in a.shared_with(b)] == ["blue", "stripe"]
    assert a.shares(a) == 4
    assert FOUR_D.card("RwzC").shares(FOUR_D.card("BbzT")) == 1
    assert FOUR_D.card("Bb=S").shares(FOUR_D.card("Gw~T")) == 0
    for x in FOUR_D.cards[::7]:
        for y in FOUR_D.cards[::5]:
            expected = sum(p == q for p, q in zip(str(x), str(y), strict=True))
            assert x.shares(y) == expected == len(x.shared_with(y))


def test_value_of_unknown_attribute_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="color, shade, pattern, shape"):
        FOUR_D.card("Bb=S").value("rank")


# --- the reader: spaces --------------------------------------------------------------------------


@st.composite
def spaced_names(draw: st.DrawFn, deck: Deck) -> tuple[Card, str]:
    """A card and its name with random spaces/tabs between its symbols and around it."""
    c = draw(st.sampled_from(deck.cards))
    symbols = [v.symbol for v in c.shown]
    text = draw(whitespace)
    for symbol in symbols:
        text += symbol + draw(whitespace)
    return c, text


@settings(max_examples=60)
@given(spaced_names(FOUR_D))
def test_spaces_anywhere_in_a_4d_name_are_ignored(case: tuple[Card, str]) -> None:
    c, text = case
    assert FOUR_D.card(text) == c
    assert card(text) == c


@settings(max_examples=30)
@given(spaced_names(PARADOX))
def test_spaces_anywhere_in_a_paradox_name_are_ignored(case: tuple[Card, str]) -> None:
    c, text = case
    assert PARADOX.card(text) == c


def test_the_books_spaced_names() -> None:
    assert str(FOUR_D.card("Bg~ T")) == "Bg~T"
    assert str(FOUR_D.card("Bb~ T")) == "Bb~T"
    assert str(FOUR_D.card(" \tB b = S\t ")) == "Bb=S"


# --- the reader: errors --------------------------------------------------------------------------


def first_bad(text: str) -> tuple[int, int] | None:
    """Oracle: (attribute, position from the name's start) of the first bad character.

    Stray spaces/tabs are allowed before the name and between its symbols; None
    means the text is one valid 4D name.
    """
    i = 0
    while i < len(text) and text[i] in SPACE:
        i += 1
    begin = i
    for k in range(4):
        if k:
            while i < len(text) and text[i] in SPACE:
                i += 1
        if i >= len(text):
            return k, len(text.strip(SPACE))  # missing: the position is the name's end
        if text[i].upper() not in ALPHABETS[k].upper():  # read by position, in any case
            return k, i - begin
        i += 1
    assert text[i:].strip(SPACE) == ""  # a 4-character text has nothing left
    return None


@st.composite
def bad_four_char_texts(draw: st.DrawFn) -> str:
    """Four characters that are not a 4D name: random, or a name with one character changed."""
    if draw(st.booleans()):
        text = draw(st.text(alphabet=BROAD, min_size=4, max_size=4))
    else:
        name = draw(st.sampled_from(ALL_4D_NAMES))
        i = draw(st.integers(0, 3))
        text = name[:i] + draw(st.sampled_from(BROAD)) + name[i + 1 :]
    assume(first_bad(text) is not None)
    return text


@settings(max_examples=150)
@given(bad_four_char_texts())
def test_bad_four_character_text_says_what_was_expected_where(text: str) -> None:
    bad = first_bad(text)
    assert bad is not None
    attribute, position = bad
    with pytest.raises(CardNameError) as info:
        FOUR_D.card(text)
    error = info.value
    message = str(error)
    assert isinstance(error, ValueError)
    assert isinstance(error, NotationError)
    quoted = text.strip(SPACE)
    assert error.text == quoted
    assert message.startswith(repr(quoted) + ": ")
    reason = message[len(repr(quoted)) + 2 :]
    assert reason == error.reason
    assert reason.split("expected ", 1)[1].startswith(EXPECTED[attribute])
    assert ATTRIBUTES[attribute] in reason.split("; expected")[0]
    assert error.position == position
    assert error.where == ""
    # A single name has no separators: only the end of the text means "missing".
    if position < len(quoted):
        assert reason.startswith(f"{quoted[position]!r} is not a {ATTRIBUTES[attribute]}; ")
    else:
        assert reason.startswith(f"missing the {ATTRIBUTES[attribute]}; ")


@settings(max_examples=50)
@given(st.text(alphabet=BROAD, max_size=8))
def test_anything_not_a_name_is_rejected(text: str) -> None:
    compact = text.replace(" ", "").replace("\t", "")
    if compact in ALL_4D_NAMES:
        assert str(FOUR_D.card(text)) == compact
    else:
        with pytest.raises(CardNameError):
            FOUR_D.card(text)


def test_message_from_the_issue() -> None:
    with pytest.raises(CardNameError) as info:
        FOUR_D.card("Bx=S")
    assert str(info.value) == "'Bx=S': 'x' is not a shade; expected b, g or w"
    assert info.value.position == 1


@pytest.mark.parametrize(
    ("text", "name"),
    [("bb=S", "Bb=S"), ("gb=S", "Gb=S"), ("BB=S", "Bb=S"), ("BG=S", "Bg=S"), ("BW=S", "Bw=S"),
     ("BbZS", "BbzS"), ("Bb=s", "Bb=S"), ("Bb=c", "Bb=C"), ("bbzt", "BbzT"), ("RG~C", "Rg~C")],
)  # fmt: skip
def test_case_is_never_needed_names_are_read_by_position(text: str, name: str) -> None:
    """Each position has its own symbols (b is blue first and black second), so a name
    is read in any case: a phone's lower-case keyboard types right answers."""
    assert str(FOUR_D.card(text)) == name


def test_symbol_of_another_attribute_names_that_attribute() -> None:
    with pytest.raises(CardNameError) as info:
        FOUR_D.card("B=bS")
    message = str(info.value)
    assert info.value.position == 1
    assert "expected b, g or w" in message
    assert "stripe" in message and "pattern" in message


@pytest.mark.parametrize(
    ("text", "missing", "position"),
    [
        ("Bb=", "shape", 3),
        ("Bb", "pattern", 2),
        ("B", "shade", 1),
        ("", "color", 0),
        ("   ", "color", 0),
        ("Bb= ", "shape", None),
    ],
)
def test_missing_characters(text: str, missing: str, position: int | None) -> None:
    with pytest.raises(CardNameError) as info:
        FOUR_D.card(text)
    assert f"missing the {missing}; expected " in str(info.value)
    index = ATTRIBUTES.index(missing)
    assert str(info.value).endswith(f"expected {EXPECTED[index]}")
    if position is not None:
        assert info.value.position == position


@pytest.mark.parametrize("text", ["Bb=SX", "Bb=S S", "Bb=S Gw~T", "Bb=S,", "Bb=SS"])
def test_extra_text_is_an_error(text: str) -> None:
    with pytest.raises(CardNameError, match="unexpected") as info:
        FOUR_D.card(text)
    assert info.value.text == text.strip()


def test_extra_text_error_points_at_the_extra_text() -> None:
    with pytest.raises(CardNameError) as info:
        FOUR_D.card("Bb=SX")
    assert info.value.position == 4
    assert info.value.text[info.value.position] == "X"


@pytest.mark.parametrize("text", [" Bb=SX", "Bb=S X", "\t Bb=S X"])
def test_extra_text_position_indexes_the_quoted_text(text: str) -> None:
    with pytest.raises(CardNameError) as info:
        FOUR_D.card(text)
    error = info.value
    assert error.text == text.strip()
    assert error.position == error.text.index("X")


def test_missing_position_is_len_of_quoted_text() -> None:
    with pytest.raises(CardNameError) as info:
        FOUR_D.card("Bb= ")
    assert info.value.text == "Bb="
    assert info.value.position == len(info.value.text)


def test_paradox_errors_list_its_alphabet() -> None:
    with pytest.raises(CardNameError) as info:
        PARADOX.card("X5")
    assert str(info.value) == "'X5': 'X' is not a color; expected R, G, P or B"
    with pytest.raises(CardNameError) as info:
        PARADOX.card("Rx")
    assert info.value.position == 1
    assert "expected 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 or 10" in str(info.value)


def test_located_error_keeps_the_details() -> None:
    with pytest.raises(CardNameError) as info:
        FOUR_D.card("Bx=S")
    moved = info.value.located("row 2, card 3")
    assert moved.where == "row 2, card 3"
    assert (moved.text, moved.position, moved.reason) == ("Bx=S", 1, info.value.reason)
    assert str(moved) == "row 2, card 3: 'Bx=S': 'x' is not a shade; expected b, g or w"


# --- decks by name -------------------------------------------------------------------------------


def test_get_deck_known_names() -> None:
    assert get_deck("4d") is FOUR_D
    assert get_deck("4D") is FOUR_D
    assert get_deck("paradox") is PARADOX
    assert get_deck("PARADOX") is PARADOX
    assert get_deck(" Standard ") is DECKS["standard"]
    assert list(DECKS) == ["4d", "paradox", "standard", "four"]


@pytest.mark.parametrize("name", ["tarot", "", "4", "para dox", "standard deck"])
def test_get_deck_unknown_names(name: str) -> None:
    with pytest.raises(UnknownDeckError) as info:
        get_deck(name)
    assert isinstance(info.value, ValueError)
    assert str(info.value) == f"unknown deck {name!r}; expected 4d, paradox, standard or four"
    with pytest.raises(UnknownDeckError, match="expected 4d, paradox, standard or four"):
        card("Bb=S", deck=name)


def test_printable_ascii_single_characters() -> None:
    """Every single printable character other than a color is reported at position 0."""
    for ch in string.printable:
        if ch.upper() in "BGR" or ch in SPACE:
            continue
        with pytest.raises(CardNameError) as info:
            FOUR_D.card(ch + "b=S")
        assert info.value.position == 0
        assert "expected B, G or R" in str(info.value)

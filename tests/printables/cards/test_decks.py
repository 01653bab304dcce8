"""Decks as data: a product of attributes, a stripped copy of another deck, extra cards
(jokers); one registry; each deck's notation read with the same quality of errors."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards import (
    DECKS,
    FOUR,
    FOUR_D,
    PARADOX,
    STANDARD,
    Card,
    CardNameError,
    Deck,
    card,
    get_deck,
    read_cards,
    read_grid,
)
from printables.cards.wording import spoken
from printables.games.dealing import first_dealer, rng

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_the_standard_deck_is_52_cards_and_a_red_and_a_black_joker() -> None:
    assert len(STANDARD) == 54
    names = [str(c) for c in STANDARD]
    assert names[:4] == ["AS", "AH", "AD", "AC"] and names[-2:] == ["RJ", "BJ"]
    assert {r + s for r in RANKS for s in "SHDC"} == set(names[:52])
    jokers = [c for c in STANDARD if c.extra is not None]
    assert [(j.extra.name, j.trait("color")) for j in jokers if j.extra] == [
        ("red joker", "red"),
        ("black joker", "black"),
    ]
    assert {c.trait("color") for c in STANDARD if str(c)[-1] in "HD"} == {"red"}
    assert {c.trait("color") for c in STANDARD if str(c)[-1] in "SC"} == {"black"}


def test_four_is_the_standard_deck_stripped_to_a_2_3_4_j_q_k() -> None:
    assert len(FOUR) == 28 and FOUR.parent is STANDARD
    assert {str(c)[:-1] for c in FOUR} == {"A", "2", "3", "4", "J", "Q", "K"}
    assert all(c.extra is None for c in FOUR)
    # Its cards are its own (a deck is one kind of card), named as the standard's are.
    assert FOUR.card("QD") != STANDARD.card("QD")
    assert str(FOUR.card("QD")) == str(STANDARD.card("QD"))
    assert FOUR.card("QD").value("rank") == STANDARD.card("QD").value("rank")


@pytest.mark.parametrize(
    ("text", "name"),
    [("AS", "AS"), ("as", "AS"), ("10h", "10H"), ("Th", "10H"), ("t\u2665", "10H"),
     ("Q\u2666", "QD"), ("k \u2663", "KC"), ("rj", "RJ"), (" BJ ", "BJ")],
)  # fmt: skip
def test_standard_names_are_read_in_any_case_with_aliases(text: str, name: str) -> None:
    assert str(STANDARD.card(text)) == name


@given(st.sampled_from(FOUR_D.cards), st.lists(st.booleans(), min_size=4, max_size=4))
def test_4d_names_are_read_by_position_in_any_case(card: Card, flips: list[bool]) -> None:
    """b is blue where a color stands and black where a shade does: a name typed in
    lower case (or any mix) on a phone is the card it names."""
    name = str(card)
    typed = "".join(ch.swapcase() if flip else ch for ch, flip in zip(name, flips, strict=True))
    assert FOUR_D.card(typed) is card
    assert [
        str(c) for c in read_cards(typed.lower() + " " + typed.upper(), FOUR_D, distinct=False)
    ] == [name, name]


def test_a_wrong_symbol_in_any_case_is_still_named() -> None:
    with pytest.raises(CardNameError, match="'x' is not a shade; expected b, g or w"):
        FOUR_D.card("bx=s")


@pytest.mark.parametrize(
    ("deck", "text", "message"),
    [
        (FOUR, "5S", "'5S': '5' is not a rank; expected A, 2, 3, 4, J, Q or K"),
        (FOUR, "RJ", "'RJ': 'R' is not a rank; expected A, 2, 3, 4, J, Q or K"),
        (STANDARD, "AX", "'AX': 'X' is not a suit; expected S, H, D or C"),
        (STANDARD, "A", "'A': missing the suit; expected S, H, D or C"),
        (STANDARD, "1S", "'1S': '1' is not a rank; expected A, 2, 3, 4, 5, 6, 7, 8, 9, 10, "
                         "J, Q or K (or RJ or BJ: the red joker and the black joker)"),
        (STANDARD, "ASS", "'ASS': unexpected 'S' after the suit; a name is rank, suit"),
        (STANDARD, "RJX", "'RJX': 'R' is not a rank"),
    ],
)  # fmt: skip
def test_a_wrong_standard_name_says_which_character_and_what_was_expected(
    deck: Deck, text: str, message: str
) -> None:
    with pytest.raises(CardNameError) as error:
        deck.card(text)
    assert str(error.value).startswith(message)


def test_lists_and_arrays_of_standard_cards() -> None:
    assert [str(c) for c in read_cards("AS, 10h; q\u2666 / BJ", STANDARD)] == [
        "AS", "10H", "QD", "BJ",
    ]  # fmt: skip
    grid = read_grid("AS 2S\nRJ No", STANDARD)
    assert grid.shape == (2, 2) and grid.claims_impossible
    with pytest.raises(CardNameError, match="row 2, card 1"):
        read_grid("AS 2S\nZZ 3S", STANDARD)


@given(st.sampled_from(list(DECKS.values())), st.data())
def test_every_card_of_every_deck_reads_back_as_itself(deck: Deck, data: st.DataObject) -> None:
    chosen = data.draw(st.sampled_from(deck.cards))
    assert deck.card(str(chosen)) is chosen
    assert card(str(chosen), deck=deck.key) is chosen
    assert eval(repr(chosen), {"card": card}) is chosen
    assert chosen.index == deck.cards.index(chosen)


def test_jokers_share_nothing_and_are_spoken_by_name() -> None:
    red, black = STANDARD.card("RJ"), STANDARD.card("BJ")
    assert red.shares(black) == red.shares(STANDARD.card("AS")) == 0
    assert red.shown == () and spoken(red) == "red joker"
    with pytest.raises(KeyError, match="the red joker has no rank"):
        red.value("rank")
    assert spoken(STANDARD.card("10H")) == "10, hearts"


def test_a_stripped_deck_keeps_only_values_its_parent_has() -> None:
    with pytest.raises(ValueError, match="rank has no value"):
        STANDARD.stripped("bad", "Bad", {"rank": ["A", "1"]})
    with pytest.raises(ValueError, match="the Standard playing cards deck's cards have no"):
        STANDARD.stripped("bad", "Bad", {"colour": ["red"]})
    with pytest.raises(ValueError, match="keeps at least one rank"):
        STANDARD.stripped("bad", "Bad", {"rank": []})
    spades = STANDARD.stripped("spades", "Spades", {"suit": ["S"]})
    with pytest.raises(CardNameError, match=r"'H' is not a suit; expected S$"):
        spades.card("AH")


def test_the_registry_finds_each_deck_by_key_in_any_case() -> None:
    assert [get_deck(k.upper()) for k in DECKS] == [FOUR_D, PARADOX, STANDARD, FOUR]


@pytest.mark.parametrize("deck", list(DECKS.values()), ids=list(DECKS))
def test_the_first_dealer_is_chosen_the_books_way_for_any_deck(deck: Deck) -> None:
    """Deal from a turned-up card until a player gets one sharing every value but one
    (three for the 4D deck): a value for the two-attribute decks; never a joker."""
    for seed in range(200):
        for players in (2, 3, 5):
            seat, story = first_dealer(players, rng(seed, "dealer"), deck.cards)
            assert 0 <= seat < players
            assert f"to player {seat + 1} shares" in story
            named = story.split()
            assert named[0] not in ("RJ", "BJ") and named[-1] not in ("RJ", "BJ")
    seat, story = first_dealer(4, rng(7, "dealer"), deck.cards)
    wanted = "three values" if deck is FOUR_D else "a value"
    assert wanted in story


def test_a_pickled_card_is_the_one_card_of_its_deck() -> None:
    """Puzzles are made in other processes and sent back: a card must come back as the
    deck's own card, or positions and hands stop comparing equal."""
    for deck in DECKS.values():
        assert pickle.loads(pickle.dumps(deck)) is deck
        again = pickle.loads(pickle.dumps(deck.cards))
        assert all(a is b for a, b in zip(again, deck.cards, strict=True))
    short = STANDARD.stripped("short", "Short", {"rank": ["A", "K"]})
    copy = pickle.loads(pickle.dumps(short.cards[3]))  # not registered: pickled whole
    assert copy.index == 3 and str(copy) == str(short.cards[3])
    assert copy.deck.cards[3] is copy and copy.deck.parent is STANDARD

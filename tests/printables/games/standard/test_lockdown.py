"""Lockdown: every rule the text gives, the readings of docs/rules-notes.md, the lost
sections said plainly, and written hands."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import STANDARD
from printables.cards.reading import read_cards
from printables.games.base import IllegalMoveError, OptionError, PositionError
from printables.games.playout import playout
from printables.games.standard.lockdown import (
    GAME,
    LOST_SECTIONS,
    Clear,
    Draw,
    Force,
    Give,
    LockdownState,
    Shuffle,
    Take,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(read_cards(text, STANDARD))


def position(
    hands: list[str], deck: str = "", turn: int = 0, *, variant: bool = False, **changes: object
) -> LockdownState:
    """A game of ``len(hands)`` players with these hands (cards dealt: givable at once)."""
    options = GAME.options(clear_variant=variant)
    state = GAME.setup(len(hands), seed=1, options=options)
    held = tuple(cards(h) for h in hands)
    state = replace(state, hands=held, got=tuple((-2,) * len(h) for h in held),
                    deck=cards(deck), turn=turn, turns=(1,) * len(hands))  # fmt: skip
    return replace(state, **changes)  # type: ignore[arg-type]


def test_four_cards_each_and_the_dealer_moves_first() -> None:
    for players in (2, 5, 8):
        state = GAME.setup(players, seed=4)
        assert [len(h) for h in state.hands] == [4] * players or state.eliminated
        assert len(state.deck) + sum(map(len, state.hands)) + len(state.outside) == 52
        assert GAME.to_move(state) == state.dealer or state.eliminated


def test_the_jokers_are_in_play_only_in_the_clear_variation() -> None:
    plain = GAME.universe(GAME.setup(4, seed=3))
    assert sum(plain.values()) == 52 and not any(c.extra for c in plain)
    variant = GAME.universe(GAME.setup(4, seed=3, options=GAME.options(clear_variant=True)))
    assert sum(variant.values()) == 54
    assert not GAME.options().clear_variant


def test_draw_takes_the_top_card_and_the_mover_names_the_next_player() -> None:
    state = position(["2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D 5D"], deck="9C 8C")
    after = GAME.apply(state, Draw(2))
    assert after.hands[0][-1] == STANDARD.card("9C") and after.deck == cards("8C")
    assert GAME.to_move(after) == 2


def test_nobody_may_be_named_twice_over_himself_or_out_of_the_game() -> None:
    state = position(["2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D 5D"], deck="9C",
                     eliminated=((2, 0),), )  # fmt: skip
    state = replace(state, hands=(state.hands[0], state.hands[1], ()), got=(*state.got[:2], ()))
    assert GAME.why_illegal(state, Draw(0)) == (
        "You cannot name yourself: name another player still in the game."
    )
    assert GAME.why_illegal(state, Shuffle(2)) == "Player 3 is out of the game."
    assert GAME.why_illegal(state, Give(STANDARD.card("2S"), 2)) == "Player 3 is out of the game."
    with pytest.raises(IllegalMoveError, match="name yourself"):
        GAME.apply(state, Force(0))


def test_give_passes_the_card_and_the_receiver_moves_next() -> None:
    state = position(["2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D 5D"])
    after = GAME.apply(state, Give(STANDARD.card("3S"), 2))
    assert STANDARD.card("3S") in after.hands[2] and STANDARD.card("3S") not in after.hands[0]
    assert GAME.to_move(after) == 2


def test_take_is_blind_and_the_player_taken_from_moves_next() -> None:
    state = position(["2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D 5D"])
    after = GAME.apply(state, Take(1))
    taken = set(after.hands[0]) - set(state.hands[0])
    assert len(taken) == 1 and taken <= set(state.hands[1])
    assert GAME.to_move(after) == 1
    chosen = {GAME.apply(replace(state, seed=s), Take(1)).hands[0][-1] for s in range(40)}
    assert len(chosen) > 1  # which card is chance, not the mover's choice
    empty = replace(state, hands=(state.hands[0], (), state.hands[2]),
                    got=(state.got[0], (), state.got[2]))  # fmt: skip
    assert GAME.why_illegal(empty, Take(1)) == "Player 2 has no card to take."


def test_force_makes_the_player_draw_a_card_shown_and_he_moves_next() -> None:
    state = position(["2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D 5D"], deck="KC 8C")
    after = GAME.apply(state, Force(1))
    assert after.hands[1][-1] == STANDARD.card("KC") and GAME.to_move(after) == 1


def test_shuffle_deals_every_hand_back_the_same_number_each() -> None:
    state = position(["2S 3S 4S 5S 6S", "2H 3H", "2D 3D 4D"], deck="KC")
    after = GAME.apply(state, Shuffle(1))
    assert [len(h) for h in after.hands] == [5, 2, 3]
    assert Counter(c for h in after.hands for c in h) == Counter(c for h in state.hands for c in h)
    assert after.hands != state.hands and GAME.to_move(after) == 1


def test_a_shuffle_locks_only_the_cards_it_brings_from_another_hand() -> None:
    """A card dealt back to the hand it came from was not got from the deck or another
    player: it keeps its standing (free, or still locked); a card from another hand is
    just got."""
    nine = STANDARD.card("9C")
    state = position(["2S 3S 4S 9C", "2H 3H 4H 5H"], deck="KC KD")
    state = replace(state, got=((-2, -2, -2, 1), (-2,) * 4))  # 9C drawn on his turn 1
    before = [set(h) for h in state.hands]
    after = GAME.apply(state, Shuffle(1))
    assert after.hands != state.hands
    for card in after.hands[1]:  # player 2's turn 2
        free = GAME.why_illegal(after, Give(card, 0)) is None
        assert free == (card in before[1]), card
    after = GAME.apply(after, Draw(0))  # player 1's turn 2
    for card in after.hands[0]:
        free = GAME.why_illegal(after, Give(card, 1)) is None
        assert free == (card in before[0] and card != nine), card


def test_a_card_got_may_be_given_only_from_the_second_turn_after_getting_it() -> None:
    state = position(["2S 3S 4S 5S", "2H 3H 4H 5H"], deck="9C 8C 7C 6C 5C 4C")
    state = GAME.apply(state, Draw(1))  # player 1 got 9C on his turn 1
    nine = STANDARD.card("9C")
    state = GAME.apply(state, Draw(0))  # player 2's turn; player 1's turn 2 begins
    too_soon = (
        "You cannot give 9C yet: you got it too recently. A card may be given away from "
        "your second turn after getting it."
    )
    assert GAME.why_illegal(state, Give(nine, 1)) == too_soon
    assert GAME.why_illegal(state, Give(STANDARD.card("2S"), 1)) is None  # dealt: at once
    state = GAME.apply(state, Draw(1))
    state = GAME.apply(state, Draw(0))  # player 1's turn 3: the second after getting 9C
    assert GAME.why_illegal(state, Give(nine, 1)) is None
    given = GAME.apply(state, Give(nine, 1))  # and player 2 cannot give it straight back
    assert GAME.why_illegal(given, Give(nine, 0)) == too_soon


def test_a_fourth_card_given_eliminates_and_the_giver_moves_again() -> None:
    state = position(["KS 2S 3S 4S", "KH KD KC 5H", "2D 3D 4D 5D"], deck="9C 8C")
    after = GAME.apply(state, Give(STANDARD.card("KS"), 1))
    assert after.eliminated == ((1, 12),)
    assert sorted(map(str, after.outside)) == ["KC", "KD", "KH", "KS"]
    assert after.hands[1] == () and STANDARD.card("5H") in after.deck
    assert len(after.deck) == 3 and GAME.to_move(after) == 0  # the extra turn
    outcome_reasons = GAME.outcome(GAME.apply(after, Give(STANDARD.card("2S"), 2))) is None
    assert outcome_reasons


def test_a_forced_fourth_card_eliminates_and_the_forcer_moves_again() -> None:
    state = position(["2S 3S 4S 5S", "QH QD QC 5H", "2D 3D 4D 5D"], deck="QS 8C")
    after = GAME.apply(state, Force(1))
    assert [s for s, _ in after.eliminated] == [1] and GAME.to_move(after) == 0


def test_drawing_ones_own_fourth_card_gives_no_extra_turn_and_the_named_player_moves() -> None:
    state = position(["7S 7H 7D 5S", "2H 3H 4H 5H", "2D 3D 4D 5D"], deck="7C 8C")
    after = GAME.apply(state, Draw(2))
    assert [s for s, _ in after.eliminated] == [0]
    assert GAME.to_move(after) == 2  # the player he named, not his left-hand neighbour


def test_taking_ones_own_fourth_card_gives_no_extra_turn_and_the_player_taken_from_moves() -> None:
    state = position(["7S 7H 7D 5S", "2H 3H 4H 5H", "7C"], deck="8C", turn=0)
    after = GAME.apply(state, Take(2))
    assert [s for s, _ in after.eliminated] == [0]
    assert GAME.to_move(after) == 2  # the player taken from, not his left-hand neighbour


def test_a_shuffle_that_puts_out_the_mover_passes_to_the_named_player() -> None:
    state = position(["KS KH KD 5S", "KC 2H", "3D", "4C"], deck="9C")
    for s in range(300):
        after = GAME.apply(replace(state, seed=s), Shuffle(2))
        if {seat for seat, _ in after.eliminated} == {0}:
            assert GAME.to_move(after) == 2  # named, not the mover's left-hand neighbour
            return
    pytest.fail("no shuffle put out the mover alone")


def test_a_shuffle_that_puts_out_the_mover_and_the_named_player_passes_to_the_movers_left() -> None:
    state = position(["KS KH KD QS", "", "KC QH QD QC", ""], deck="9C")
    for s in range(600):
        after = GAME.apply(replace(state, seed=s), Shuffle(2))
        if {seat for seat, _ in after.eliminated} == {0, 2}:
            assert GAME.to_move(after) == 1  # the first player still in on the mover's left
            return
    pytest.fail("no shuffle put out both")


def test_four_of_a_kind_in_the_deal_eliminates_at_once() -> None:
    hits = 0
    for seed in range(3000):
        state = GAME.setup(8, seed)
        if state.eliminated:
            hits += 1
            seat, _ = state.eliminated[0]
            assert state.hands[seat] == () and len(state.outside) == 4
            assert GAME.to_move(state) != seat
    assert hits > 0


def test_the_last_player_standing_wins_and_the_outcome_says_the_sections_are_lost() -> None:
    state = position(["KS 2S 3S 4S", "KH KD KC 5H"], deck="9C")
    after = GAME.apply(state, Give(STANDARD.card("KS"), 1))
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (1, 0)
    assert "Player 2 was eliminated with four kings." in outcome.reasons
    assert "Player 1 is the last player standing and wins." in outcome.reasons
    assert outcome.reasons[-1] == LOST_SECTIONS
    assert LOST_SECTIONS in GAME.summary


def test_a_shuffle_that_eliminates_everyone_left_is_a_draw() -> None:
    state = position(["KS KH 2S 2H", "KD KC 2D 2C"], deck="9C")
    draws = [GAME.apply(replace(state, seed=s), Shuffle(1)) for s in range(200)]
    ended = [d for d in draws if GAME.to_move(d) is None]
    assert ended, "some shuffle deals both a four"
    for after in ended:
        outcome = GAME.outcome(after)
        assert outcome is not None and outcome.winners == () and outcome.scores == (0, 0)
        assert "The last players were eliminated together: the game is a draw." in outcome.reasons


def test_a_shuffle_that_eliminates_another_gives_the_mover_another_turn() -> None:
    state = position(["KS 5S", "KH KD KC 2C", "3H"], deck="9C")
    for s in range(200):
        after = GAME.apply(replace(state, seed=s), Shuffle(2))
        out = [seat for seat, _ in after.eliminated]
        if out and 0 not in out:
            assert GAME.to_move(after) == 0
            return
    pytest.fail("no shuffle put out another player")


def test_with_an_empty_deck_nobody_draws() -> None:
    state = position(["2S 3S 4S 5S", "2H 3H 4H 5H"])
    assert GAME.why_illegal(state, Draw(1)) == "The deck is empty: nobody can draw."
    assert GAME.why_illegal(state, Force(1)) == "The deck is empty: nobody can draw."
    assert Shuffle(1) in GAME.legal_moves(state)


def test_clear_is_off_unless_the_variation_is_chosen() -> None:
    state = position(["AS AH 3S 4S", "2H 3H 4H 5H"], deck="9C")
    assert Clear(1) not in list(GAME.candidate_moves(state))
    assert (
        "Clear is not played: the source lost its text" in (GAME.check(state, Clear(1)).reasons[0])
    )


def test_clear_puts_the_hand_in_the_deck_and_draws_four_with_aces_or_a_joker() -> None:
    state = position(["AS AH 3S 4S 6S", "2H 3H 4H 5H"], deck="9C 8C 7C 6C", variant=True)
    after = GAME.apply(state, Clear(1))
    assert len(after.hands[0]) == 4 and len(after.deck) == 5 and GAME.to_move(after) == 1
    assert Counter(after.hands[0] + after.deck) == Counter(state.hands[0] + state.deck)
    joker = position(["RJ 3S", "2H 3H 4H 5H"], deck="9C 8C 7C", variant=True)
    assert GAME.why_illegal(joker, Clear(1)) is None
    none = position(["AS 3S 4S", "2H 3H 4H 5H"], deck="9C", variant=True)
    assert GAME.why_illegal(none, Clear(1)) == "Clear needs a pair of aces or a joker in your hand."


def test_in_the_variation_aces_never_make_a_player_lose() -> None:
    state = position(["AS 2S 3S 4S", "AH AD AC 5H"], deck="9C", variant=True)
    after = GAME.apply(state, Give(STANDARD.card("AS"), 1))
    assert after.eliminated == () and GAME.to_move(after) == 1
    plain = position(["AS 2S 3S 4S", "AH AD AC 5H"], deck="9C")
    assert GAME.apply(plain, Give(STANDARD.card("AS"), 1)).eliminated == ((1, 0),)


def test_views_hide_the_other_hands_and_the_deck() -> None:
    state = GAME.setup(3, seed=8)
    view = {(z.name, z.owner): z for z in GAME.view(state, 0)}
    assert view[("hand", 0)].cards == state.hands[0]
    assert view[("hand", 1)].cards is None and view[("hand", 1)].count == 4
    assert view[("deck", None)].cards is None
    assert view[("outside the game", None)].cards == state.outside


def test_the_move_cap_stops_a_game_as_a_draw() -> None:
    options = GAME.options(move_cap=5)
    record = playout(GAME, 4, seed=3, options=options)
    assert record.moves <= 5
    if record.moves == 5 and record.outcome and not record.outcome.winners:
        assert any("stopped after 5 moves" in r for r in record.outcome.reasons)
    with pytest.raises(OptionError, match="move_cap must be at least 1"):
        GAME.options(move_cap=0)


def test_random_games_end_well_before_the_cap() -> None:
    longest = max(playout(GAME, n, seed).moves for seed in range(40) for n in (2, 4, 8))
    assert longest < GAME.options().move_cap // 2


def test_a_written_hand_says_what_one_more_card_does() -> None:
    scored = GAME.score_position("KS KH KD 7C")
    assert scored.summary == "3 kings and a 7: one more king and you are out"
    assert scored.points is None and scored.reasons[-1] == LOST_SECTIONS
    assert scored.details["one_more_loses"] == ["K"]
    out = GAME.score_position("ks kh kd kc")
    assert out.summary == "4 kings: four kings: eliminated" and out.details["eliminated"]
    safe = GAME.score_position("AS AH 8D 7C")
    assert safe.summary.endswith("safe: no value can reach four with one more card")
    assert "an ace" in GAME.score_position("AS 7C").summary


def test_a_written_hand_that_cannot_be_read_is_refused_with_a_reason() -> None:
    with pytest.raises(PositionError, match="'KX'"):
        GAME.score_position("KS KX")
    with pytest.raises(PositionError, match="KS appears twice"):
        GAME.score_position("KS KH KS")
    with pytest.raises(PositionError, match="RJ is not in play"):
        GAME.score_position("RJ KS")
    assert "joker" in GAME.score_position("RJ KS", GAME.options(clear_variant=True)).summary
    with pytest.raises(PositionError, match="no cards"):
        GAME.score_position("  ")


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from([c for c in STANDARD.cards if c.values]), min_size=1,
                max_size=9, unique=True))  # fmt: skip
def test_any_written_hand_is_scored_by_its_counts(hand: list[Card]) -> None:
    scored = GAME.score_position(" ".join(str(c) for c in hand))
    counts = Counter(c.value("rank").symbol for c in hand)
    assert scored.details["eliminated"] == (max(counts.values()) >= 4)
    assert set(scored.details["one_more_loses"]) == {r for r, n in counts.items() if n == 3}
    assert scored.reasons[-1] == LOST_SECTIONS


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=20))
def test_any_text_is_scored_or_refused_with_a_sentence(text: str) -> None:
    try:
        GAME.score_position(text)
    except PositionError as error:
        assert str(error)

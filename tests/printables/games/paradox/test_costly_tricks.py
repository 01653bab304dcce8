"""Costly Tricks, rule by rule (PARADOX rulebook, "Costly Tricks")."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import paradox_oracle as oracle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.reading import read_cards
from printables.games.base import IllegalMoveError, PositionError
from printables.games.paradox.costly_tricks import (
    GAME,
    CostlyOptions,
    CostlyState,
    Play,
    fewest_points,
    hand_order,
    lacking,
    most_points,
)
from printables.games.playout import play_match, playout
from printables.paradox.tricks import SEATS, Position, legal_cards, why_not, winner

# The book's worked trick: each side has 3 cards left; A leads.
BOOK_HANDS = ("R10 R5 G4", "G2 B8 B3", "G3 P10 P1", "B10 B7 B6")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(read_cards(text, PARADOX))


def c(name: str) -> Card:
    return PARADOX.card(name)


def state_of(
    hands: tuple[str, str, str, str], leader: int = 0, trick: str = "", **options: bool
) -> CostlyState:
    """A position of the four hands (A, B, A's ghost, B's ghost) with ``leader`` to lead
    (or leading the cards of ``trick`` already played)."""
    state = GAME.setup(2, seed=1, options=GAME.options(**options))
    position = Position.checked(tuple(cards(h) for h in hands), leader, cards(trick))
    return replace(state, position=position)


def play_all(state: CostlyState, names: str) -> CostlyState:
    for name in names.split():
        state = GAME.apply(state, Play(c(name)))
    return state


def finish(state: CostlyState, seed: int = 0) -> CostlyState:
    """Play the round out with random legal cards."""
    chooser = random.Random(seed)
    while GAME.to_move(state) is not None:
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[chooser.randrange(len(moves))])
    return state


# -- the deal ---------------------------------------------------------------------------


def test_the_deal_gives_11_cards_one_at_a_time_to_the_four_hands_starting_with_a() -> None:
    state = GAME.setup(2, seed=5)
    pack = GAME.pack(5, 0)
    hands = state.position.hands
    assert [len(h) for h in hands] == [11, 11, 11, 11]
    for seat in range(4):  # card 1 to A, 2 to B, 3 to A's ghost, 4 to B's ghost, 5 to A...
        assert set(hands[seat]) == set(pack[seat::4])
    assert sorted(c for h in hands for c in h) == sorted(PARADOX.cards)
    assert state.taken == () and state.tricks == (0, 0) and state.points == (0, 0)


def test_hands_are_laid_out_by_color_then_rank_10_high() -> None:
    assert hand_order(cards("B3 R5 R10 G4 B10")) == cards("R10 R5 G4 B10 B3")
    state = GAME.setup(2, seed=2)
    assert all(h == hand_order(h) for h in state.position.hands)


def test_all_four_hands_are_face_up_and_owned_by_the_player_who_plays_them() -> None:
    state = GAME.setup(2, seed=1)
    zones = GAME.zones(state)
    hands = [z for z in zones if z.name in SEATS]
    assert [z.name for z in hands] == list(SEATS)
    assert [z.owner for z in hands] == [0, 1, 0, 1]
    assert all(z.seen_by == "all" for z in hands)
    for player in (0, 1, None):  # complete information: everybody sees every hand
        seen = {v.name: v.cards for v in GAME.view(state, player)}
        assert all(seen[name] is not None for name in SEATS)


def test_won_tricks_lie_face_down_and_their_figures_are_kept() -> None:
    state = play_all(state_of(BOOK_HANDS), "R5 B3 P10 B6")
    piles = {z.name: z for z in GAME.zones(state)}
    assert set(piles["A's tricks"].cards) == set(cards("R5 B3 P10 B6"))
    assert piles["A's tricks"].seen_by == "none" and piles["B's tricks"].cards == ()
    assert state.tricks == (1, 0) and state.points == (24, 0)


@given(st.integers(0, 10_000))
@settings(max_examples=60, deadline=None)
def test_the_hand_dealt_the_red_0_leads_the_first_trick(seed: int) -> None:
    state = GAME.setup(2, seed)
    leader = state.position.leader
    assert c("R0") in state.position.hands[leader]
    assert GAME.to_move(state) == leader % 2  # its player plays it
    assert GAME.seat_to_move(state) == leader
    # any card of the leading hand may be led, the red 0 or not
    assert GAME.legal_moves(state) == [Play(x) for x in state.position.hands[leader]]


def test_the_deal_passes_to_the_other_player_and_the_red_0_still_leads() -> None:
    state = finish(GAME.setup(2, seed=4))
    following = GAME.next_hand(state)
    assert following.dealer == 1 - state.dealer and following.hand_number == 1
    assert c("R0") in following.position.hands[following.position.leader]
    assert following.position.hands != GAME.setup(2, seed=4).position.hands


# -- playing a card ---------------------------------------------------------------------


def test_the_led_color_must_be_followed() -> None:
    state = play_all(state_of(("R10 R5 G4", "R2 B8 B3", "G3 P10 P1", "B10 B7 B6")), "R5")
    assert GAME.legal_moves(state) == [Play(c("R2"))]
    assert GAME.why_illegal(state, Play(c("B8"))) == (
        "B8 cannot be played: red was led and this hand holds red (R2)."
    )


def test_a_refusal_of_the_rules_gives_the_reason_from_the_trick_rules() -> None:
    state = state_of(("R10 R5 G4", "G2 B8 B3", "G3 P10 P1", "B10 B7 B6"), leader=1)
    state = play_all(state, "G2")
    assert GAME.why_illegal(state, Play(c("P10"))) == (
        "P10 cannot be played: green was led and this hand holds green (G3)."
    )
    with pytest.raises(IllegalMoveError, match="green was led"):
        GAME.apply(state, Play(c("P10")))


def test_a_hand_that_cannot_follow_must_play_the_trump_in_force() -> None:
    # A leads R5, B makes blue trump; A's ghost holds no red but holds blue: it must trump.
    state = play_all(state_of(("R10 R5 G4", "G2 B8 B3", "G3 B7 P1", "B10 P10 B6")), "R5 B3")
    assert GAME.legal_moves(state) == [Play(c("B7"))]
    assert GAME.why_illegal(state, Play(c("P1"))) == (
        "P1 cannot be played: blue is trump in this trick and this hand holds blue (B7)."
    )


def test_a_hand_that_cannot_follow_nor_trump_makes_a_new_trump() -> None:
    state = play_all(state_of(BOOK_HANDS), "R5 B3")
    assert GAME.legal_moves(state) == [Play(x) for x in cards("G3 P10 P1")]  # green or purple


def test_a_new_trump_must_be_a_color_not_yet_trump_in_the_trick() -> None:
    # After R5 B3 P10, B's ghost holds no red nor purple; blue has been trump, green not.
    state = play_all(state_of(("R10 R5 G4", "G2 B8 B3", "G3 P10 P1", "B10 B7 G6")), "R5 B3 P10")
    assert GAME.legal_moves(state) == [Play(c("G6"))]
    assert GAME.why_illegal(state, Play(c("B10"))) == (
        "B10 cannot be played: blue has already been led or trump in this trick, and this "
        "hand must make a new trump with green (G6)."
    )
    state = GAME.apply(state, Play(c("G6")))  # green is trump now and wins
    assert state.position.leader == 3 and state.tricks == (0, 1) and state.points == (0, 24)


def test_a_hand_with_no_choice_left_plays_any_card_and_it_has_no_power() -> None:
    state = play_all(state_of(BOOK_HANDS), "R5 B3 P10")
    assert GAME.legal_moves(state) == [Play(x) for x in cards("B10 B7 B6")]
    # even the blue 10, the highest card of a color that was trump, cannot win
    state = GAME.apply(state, Play(c("B10")))
    assert state.taken[-1].winner == 2


def test_the_books_worked_trick_goes_to_as_ghost_for_24() -> None:
    state = state_of(BOOK_HANDS)
    assert GAME.to_move(state) == 0
    state = play_all(state, "R5 B3 P10 B6")
    taken = state.taken[-1]
    assert taken.cards == cards("R5 B3 P10 B6") and taken.leader == 0
    assert SEATS[taken.winner] == "A's ghost"
    assert state.points == (24, 0) and state.tricks == (1, 0) and state.nets == (4, 0)
    # the hand that won the trick leads the next one: A plays his ghost's hand
    assert state.position.leader == 2 and GAME.to_move(state) == 0
    assert GAME.seat_to_move(state) == 2


def test_a_trick_without_trump_goes_to_the_highest_card_of_the_led_color() -> None:
    state = play_all(state_of(("R5 G1", "R9 G2", "R7 G3", "R2 P4")), "R5 R9 R7 R2")
    assert state.taken[-1].winner == 1 and state.position.leader == 1
    assert state.points == (0, 23) and state.nets == (0, 3)


def test_a_trick_goes_to_the_highest_trump_not_the_highest_card() -> None:
    state = play_all(state_of(("R5 G1", "B0 G2", "R10 G3", "R2 P4")), "R5 B0 R10 R2")
    assert state.taken[-1].winner == 1  # B0 made blue trump: the 0 takes 17 points
    assert state.points == (0, 17) and state.nets == (0, -3)


def test_a_trick_costs_its_taker_20() -> None:
    state = play_all(state_of(("R1 G1", "R0 G2", "R3 G3", "R2 P4")), "R1 R0 R3 R2")
    assert state.nets == (6 - 20, 0)


def test_a_player_must_play_the_hand_whose_turn_it_is() -> None:
    state = play_all(state_of(BOOK_HANDS), "R5 B3 P10")
    assert GAME.to_move(state) == 1
    assert GAME.why_illegal(state, Play(c("B8"))) == (
        "It is B's turn: B's ghost plays next, and B8 is in the hand of B."
    )
    assert GAME.why_illegal(state, Play(c("R10"))) == (
        "It is B's turn: B's ghost plays next, and R10 is in the hand of A."
    )
    assert GAME.why_illegal(state, Play(c("P10"))) == "P10 has already been played to this trick."
    state = GAME.apply(state, Play(c("B6")))
    assert GAME.why_illegal(state, Play(c("B6"))) == (
        "B6 has already been played in an earlier trick."
    )


def test_a_card_of_another_deck_is_refused() -> None:
    from printables.cards.decks import FOUR_D

    reason = GAME.why_illegal(GAME.setup(2, 1), Play(FOUR_D.card("Bb=S")))
    assert reason == "Bb=S is not a card of the PARADOX deck."


def test_describe_names_the_four_hands_and_the_trick() -> None:
    state = play_all(state_of(BOOK_HANDS), "R5 B3")
    assert GAME.describe(state).splitlines() == [
        "A: R10 G4",
        "B: G2 B8",
        "A's ghost: G3 P10 P1",
        "B's ghost: B10 B7 B6",
        "trick, led by A: R5 B3",
        "A has taken 0 tricks and 0 points: net 0",
        "B has taken 0 tricks and 0 points: net 0",
        "to play: A's ghost (A plays it)",
    ]


# -- the round --------------------------------------------------------------------------


@given(st.integers(0, 100_000))
@settings(max_examples=40, deadline=None)
def test_a_round_has_11_tricks_220_points_and_220_cost_and_the_nets_sum_to_0(seed: int) -> None:
    state = finish(GAME.setup(2, seed), seed)
    assert len(state.taken) == 11 and sum(state.tricks) == 11
    assert sum(state.points) == 220 and 20 * sum(state.tricks) == 220
    assert sum(state.nets) == 0
    assert GAME.invariants(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert any("both come to 220" in r for r in outcome.reasons)


def test_the_side_with_a_net_above_0_wins_the_round_and_a_chip() -> None:
    state = finish(GAME.setup(2, seed=1), 1)
    outcome = GAME.outcome(state)
    assert outcome is not None
    won = outcome.winners[0]
    assert state.nets[won] > 0 > state.nets[1 - won]
    assert outcome.scores[won] == 1 and outcome.scores[1 - won] == 0
    assert f"{'AB'[won]} wins the round and a chip." in outcome.reasons


def test_a_net_of_0_is_a_draw_and_no_chip_is_given() -> None:
    record = playout(GAME, 2, seed=66)  # a random round that ends 4 tricks 80 points
    assert record.outcome is not None
    assert record.outcome.winners == () and record.outcome.scores == (0, 0)
    assert record.outcome.reasons[0] == "A took 4 tricks, costing 80, and 80 points: net 0."
    assert "Both nets are 0: the round is a draw, and no chip is given." in record.outcome.reasons


def test_the_outcome_says_the_tricks_points_and_nets() -> None:
    state = finish(GAME.setup(2, seed=1), 1)
    reasons = GAME.outcome(state).reasons  # type: ignore[union-attr]
    for side in (0, 1):
        assert reasons[side] == (
            f"{'AB'[side]} took {state.tricks[side]} tricks, costing {20 * state.tricks[side]}, "
            f"and {state.points[side]} points: net {state.nets[side]:+d}."
        )
    assert GAME.outcome(GAME.setup(2, seed=1)) is None


def test_invariants_catch_broken_figures() -> None:
    state = play_all(state_of(BOOK_HANDS), "R5 B3 P10 B6")
    assert GAME.invariants(state) != []  # the book's position leaves 32 cards unaccounted
    state = finish(GAME.setup(2, seed=3), 3)
    assert GAME.invariants(state) == []
    broken = GAME.invariants(replace(state, points=(state.points[0] + 1, state.points[1])))
    assert any("are not its tricks' card points" in b for b in broken)
    assert any("do not make 220" in b for b in broken)
    broken = GAME.invariants(replace(state, tricks=(state.tricks[0], state.tricks[1] + 1)))
    assert any("do not make 44 cards" in b for b in broken)


# -- the game: chips --------------------------------------------------------------------


def test_the_first_to_3_chips_wins_the_game() -> None:
    assert GAME.match_outcome([2, 2], 5) is None
    outcome = GAME.match_outcome([3, 1], 6)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (3, 1)
    assert outcome.reasons == ("After 6 rounds A has won 3 rounds (3 chips) and wins the game.",)


def test_the_variation_starts_with_3_chips_each_and_ends_when_one_holds_all_6() -> None:
    options = CostlyOptions(pass_chips=True)
    state = GAME.setup(2, seed=1, options=options)
    assert state.chips == (3, 3)
    outcome = GAME.outcome(finish(state, 1))
    assert outcome is not None and sorted(outcome.scores) == [-1, 1]  # a chip passes
    assert GAME.match_outcome([2, -2], 4, options) is None  # 5 chips to 1
    ended = GAME.match_outcome([-3, 3], 9, options)
    assert ended is not None and ended.winners == (1,) and ended.scores == (0, 6)
    assert ended.reasons == ("After 9 rounds B holds all 6 chips and wins the game.",)


def test_in_the_variation_a_draw_passes_no_chip() -> None:
    record = playout(GAME, 2, seed=66, options=CostlyOptions(pass_chips=True))
    assert record.outcome is not None and record.outcome.scores == (0, 0)


def test_the_chips_carry_over_to_the_next_round() -> None:
    state = finish(GAME.setup(2, seed=1), 1)
    won = GAME.outcome(state).winners[0]  # type: ignore[union-attr]
    following = GAME.next_hand(state)
    assert following.chips[won] == 1 and following.chips[1 - won] == 0
    assert f"Chips: A {following.chips[0]}, B {following.chips[1]}." in (
        GAME.outcome(state).reasons  # type: ignore[union-attr]
    )


def test_there_is_no_next_round_once_the_game_is_won() -> None:
    state = finish(GAME.setup(2, seed=1), 1)
    won = GAME.outcome(state).winners[0]  # type: ignore[union-attr]
    chips = (2, 0) if won == 0 else (0, 2)
    with pytest.raises(PositionError, match=r"the game is over: . has won 3 rounds"):
        GAME.next_hand(replace(state, chips=chips))
    with pytest.raises(PositionError, match="not over yet"):
        GAME.next_hand(GAME.setup(2, seed=1))


@pytest.mark.parametrize("pass_chips", [False, True])
def test_whole_games_end_as_the_book_says(pass_chips: bool) -> None:
    options = CostlyOptions(pass_chips=pass_chips)
    for seed in range(4):
        record = play_match(GAME, 2, seed, options)
        goal = 6 if pass_chips else 3
        assert max(record.outcome.scores) == goal
        assert record.outcome == GAME.match_outcome(record.totals, record.hands, options)


# -- agreement with an independent reading of the rules ---------------------------------


def _oracle(card: Card) -> oracle.Card:
    name = str(card)
    return name[0], int(name[1:])


@given(st.integers(0, 100_000))
@settings(max_examples=30, deadline=None)
def test_a_random_round_agrees_with_the_oracle(seed: int) -> None:
    state = GAME.setup(2, seed)
    reference = oracle.CTRound([[_oracle(x) for x in h] for h in state.position.hands])
    assert reference.leader == state.position.leader
    chooser = random.Random(seed)
    while GAME.to_move(state) is not None:
        legal = GAME.legal_moves(state)
        assert {_oracle(m.card) for m in legal} == reference.legal()
        move = legal[chooser.randrange(len(legal))]
        state = GAME.apply(state, move)
        reference.play(_oracle(move.card))
        assert state.position.leader == reference.leader
    assert reference.over and state.nets == reference.nets()
    assert state.tricks == tuple(reference.tricks)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == tuple(
        [] if oracle.ct_round_winner(reference.nets()) is None
        else [oracle.ct_round_winner(reference.nets())]
    )  # fmt: skip


# -- scoring a written trick ------------------------------------------------------------


def test_score_the_books_worked_trick() -> None:
    scored = GAME.score_position("A: R5 B3 P10 B6")
    assert scored.points == 24
    assert scored.summary == "A's ghost takes the trick: 24 points less 20, net +4 for A"
    assert scored.reasons[:6] == (
        "A leads R5: red is led.",
        "B plays B3: B holds no red, so blue becomes trump.",
        "A's ghost plays P10: A's ghost holds no red and no blue (the trump), so purple "
        "becomes trump in place of blue.",
        "B's ghost plays B6: B's ghost holds no red, no purple (the trump) and no green (the "
        "one color not yet trump), and blue has already been trump in this trick and cannot "
        "be again, so B6 has no power.",
        "Purple is trump at the end of the trick: the highest purple, P10, wins it for A's "
        "ghost (A's side).",
        "The trick holds 24 points (5 + 3 + 10 + 6) and costs its taker 20: net +4 for A.",
    )
    assert "cannot show what the hands held" in scored.reasons[6]
    assert scored.details["winner"] == "A's ghost" and scored.details["net"] == 4
    assert scored.details["trump"] == "purple" and scored.details["led"] == "red"
    assert scored.details["lacking"] == {
        "B": ["red"],
        "A's ghost": ["red", "blue"],
        "B's ghost": ["red", "purple", "green"],
    }


def test_score_a_trick_led_by_a_ghost() -> None:
    scored = GAME.score_position("B's ghost: G2, G9, G4 G1")  # no trump: the green 9 wins
    assert scored.summary == "A takes the trick: 16 points less 20, net -4 for A"
    assert scored.details["hands"] == ["B's ghost", "A", "B", "A's ghost"]
    assert scored.details["trump"] is None and scored.details["lacking"] == {}
    assert "No trump was made: the highest green, G9, wins it for A (A's side)." in (scored.reasons)
    scored = GAME.score_position("b ghost: G2 G9 G4 R10")  # the red 10 makes red trump
    assert scored.summary == "A's ghost takes the trick: 25 points less 20, net +5 for A"
    assert "A's ghost plays R10: A's ghost holds no green, so red becomes trump." in (
        scored.reasons
    )


def test_score_a_trick_played_to_the_trump() -> None:
    scored = GAME.score_position("A: R5 B3 B9 R1")
    assert "A's ghost plays B9: A's ghost holds no red, so plays the trump, blue." in (
        scored.reasons
    )
    assert "B's ghost plays R1, following red." in scored.reasons
    assert scored.summary == "A's ghost takes the trick: 18 points less 20, net -2 for A"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("R5 B3 P10 B6", "write a trick as the hand that led it"),
        ("C: R5 B3 P10 B6", "'C' is not a hand; the hands are A, B, A's ghost and B's ghost"),
        ("A: R5 B3 P10", "a finished trick has four cards, one from each hand, not 3"),
        ("A: R5 B3 P10 B6 G1", "not 5"),
        ("A: R5 B3 R5 B6", "R5 appears twice"),
        ("A: R5 X3 P10 B6", "'X' is not a color"),
        ("   ", "write a trick"),
    ],
)
def test_a_badly_written_trick_is_refused_with_a_sentence(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=re.escape(message)):
        GAME.score_position(text)


@given(
    st.integers(0, 3),
    st.lists(st.sampled_from(PARADOX.cards), min_size=4, max_size=4, unique=True),
)
@settings(max_examples=200, deadline=None)
def test_the_colors_a_card_needs_its_hand_to_lack_are_exactly_the_rules(
    leader: int, trick: list[Card]
) -> None:
    """A hand holding the played card and one card of each color not named may play it;
    adding a card of any named color makes it illegal. So 'lacking' says exactly what the
    trick shows of each hand, and every trick of four distinct cards can be played."""
    scored = GAME.score_position(f"{SEATS[leader]}: {' '.join(map(str, trick))}")
    assert scored.details["winner"] == SEATS[winner(leader, trick)]
    spare = [x for x in PARADOX.cards if x not in trick]
    for i, (card, lack) in enumerate(zip(trick, lacking(trick), strict=True)):
        others = [next(x for x in spare if str(x)[0] == col) for col in "RGPB" if col not in lack]
        hand = [card, *others]
        assert why_not(hand, trick[:i], card) is None
        for col in lack:
            extra = next(x for x in spare if str(x)[0] == col)
            assert why_not([*hand, extra], trick[:i], card) is not None
            assert card not in legal_cards([*hand, extra], trick[:i])


# -- scoring a round's tally ------------------------------------------------------------


def test_score_a_tally_of_one_side_by_the_220_rule() -> None:
    scored = GAME.score_position("tricks 5 points 104")
    assert scored.points is None
    assert scored.summary == "this side wins the round and a chip: net +4 against -4"
    assert scored.reasons == (
        "This side took 5 tricks, costing 5 x 20 = 100, and 104 points: net +4.",
        "The other side took the other 6 tricks (costing 120) and the other 116 of the 220 "
        "points: net -4.",
        "The cards hold 220 points and 11 tricks cost 11 x 20 = 220, so the nets sum to 0: "
        "counting one side is enough.",
        "This side has a net above 0 and wins the round and a chip.",
    )
    assert scored.details["sides"][1] == {
        "side": "the other side", "tricks": 6, "points": 116, "cost": 120, "net": -4
    }  # fmt: skip


def test_score_a_named_tally_and_both_sides() -> None:
    one = GAME.score_position("B: 6 tricks, 110 points")
    assert one.summary == "A wins the round and a chip: net +10 against -10"
    assert one.details["winner"] == "A"
    both = GAME.score_position("A tricks 5 points 104; B tricks 6 points 116")
    assert both.summary == "A wins the round and a chip: net +4 against -4"
    assert both.reasons[1] == "B took 6 tricks, costing 6 x 20 = 120, and 116 points: net -4."
    unnamed = GAME.score_position("tricks 6 points 116, tricks 5 points 104")
    assert unnamed.summary == "B wins the round and a chip: net +4 against -4"


def test_score_a_drawn_tally() -> None:
    scored = GAME.score_position("A: tricks 5 points 100")
    assert scored.summary == "a draw: both nets are 0"
    assert scored.details["draw"] is True and scored.details["winner"] is None
    assert "Both nets are 0: the round is a draw, and no chip is given." in scored.reasons


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tricks 12 points 104", "a round has 11 tricks; a side cannot take 12"),
        (
            "tricks 1 points 41",
            "1 trick holds 4 cards, worth 0 to 40 points; a side cannot have 41",
        ),
        ("tricks 10 points 140", "worth 180 to 220 points"),
        ("A tricks 5 points 104; B tricks 5 points 116", "a round has 11 tricks, but 5 + 5"),
        ("A tricks 5 points 104; B tricks 6 points 110", "220 points in all, but 104 + 110"),
        ("A tricks 5 points 104; A tricks 6 points 116", "side A is written twice"),
        ("A tricks 5 points 104; tricks 6 points 116", "name both sides"),
        ("tricks 5", "has no points"),
        ("tricks 5 points 100 tricks 6 points 120 tricks 0 points 0", "two sides, not 3"),
        ("tricks 5 pts 104", "'pts' is not part of a round's tally"),
    ],
)
def test_a_badly_written_tally_is_refused_with_a_sentence(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=re.escape(message)):
        GAME.score_position(text)


@given(st.integers(0, 11), st.data())
@settings(max_examples=100, deadline=None)
def test_a_tally_gives_nets_that_sum_to_0(tricks: int, data: st.DataObject) -> None:
    won = data.draw(st.integers(fewest_points(tricks), most_points(tricks)))
    scored = GAME.score_position(f"A tricks {tricks} points {won}")
    a, b = scored.details["sides"]
    assert a["net"] == won - 20 * tricks and a["net"] + b["net"] == 0
    assert b["tricks"] == 11 - tricks and b["points"] == 220 - won
    both = GAME.score_position(f"B {b['tricks']} tricks {b['points']} points; A: {tricks} "
                               f"tricks {won} points")  # fmt: skip
    assert both.details == scored.details


def test_the_tally_bounds_are_exactly_what_the_cards_allow() -> None:
    """Every total from the fewest to the most points of 4 x t cards can be made."""
    ranks = [r for r in range(11) for _ in range(4)]
    reachable: list[set[int]] = [{0}] + [set() for _ in range(44)]
    for r in ranks:  # subset sums by number of cards
        for n in range(43, -1, -1):
            reachable[n + 1] |= {s + r for s in reachable[n]}
    for t in range(12):
        sums = reachable[4 * t]
        assert sums == set(range(fewest_points(t), most_points(t) + 1))

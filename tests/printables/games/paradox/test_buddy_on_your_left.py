"""Buddy on your Left, rule by rule (PARADOX rulebook, "Buddy on your Left"), with the
project's readings (docs/rules-notes.md, PARADOX)."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards import PARADOX, read_cards
from printables.cards.deck import Card
from printables.games.base import IllegalMoveError, OptionError, PositionError
from printables.games.dealing import left_of
from printables.games.paradox.buddy_on_your_left import (
    GAME,
    BuddyOptions,
    BuddyState,
    Play,
    chips_for,
    lead_power,
    next_first,
    own_points,
    points,
    rank,
    round_totals,
)
from printables.games.playout import play_match, playout


def cards(text: str) -> tuple[Card, ...]:
    return tuple(read_cards(text, PARADOX))


def play(name: str) -> Play:
    return Play(PARADOX.card(name))


def position(
    hands: tuple[str, str, str],
    *,
    table: str = "",
    swept: tuple[str, str, str] = ("", "", ""),
    turn: int = 0,
    first: int = 0,
    chips: tuple[int, int, int] = (0, 0, 0),
    **options: object,
) -> BuddyState:
    """A position of a round: each seat's cards in hand, the table, the swept piles."""
    state = GAME.setup(3, seed=1, options=GAME.options(**options))
    return replace(state, hands=tuple(cards(h) for h in hands), table=cards(table),
                   swept=tuple(cards(s) for s in swept), turn=turn, first=first,
                   chips=chips)  # fmt: skip


def finished(
    own: tuple[str, str, str], *, first: int = 0, chips: tuple[int, int, int] = (0, 0, 0)
) -> BuddyState:
    """A round played out: each seat's swept cards."""
    return position(("", "", ""), swept=own, first=first, turn=first, chips=chips)


# The book's worked example: own points 12, 40 and 11 (the valueless cards anywhere).
EXAMPLE = ("R1 R5 R6 R7", "R2 R3 R4 G1 G2 G3 G4 G5 G6 P4 P6 G7 G8",
           "P1 P2 P3 P5 R8 R9 R10 G9 G10 P7 P8 P9 P10")  # fmt: skip


def random_round(seed: int, options: BuddyOptions | None = None) -> list[BuddyState]:
    """Every position of a round played with random legal moves."""
    chooser = random.Random(seed)
    state = GAME.setup(3, seed, options)
    states = [state]
    while GAME.to_move(state) is not None:
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[chooser.randrange(len(moves))])
        states.append(state)
    return states


# -- preparations ---------------------------------------------------------------------


def test_three_colored_sets_1_to_10_without_the_0s_laid_out_face_up() -> None:
    state = GAME.setup(3, seed=4)
    assert state.hands == (cards("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10"),
                           cards("G1 G2 G3 G4 G5 G6 G7 G8 G9 G10"),
                           cards("P1 P2 P3 P4 P5 P6 P7 P8 P9 P10"))  # fmt: skip
    assert sum(GAME.universe(state).values()) == 30
    assert all(rank(c) > 0 for c in GAME.universe(state))
    assert {z.seen_by for z in GAME.zones(state)} == {"all"}  # complete information
    assert [z.name for z in GAME.zones(state)] == ["hand"] * 3 + ["table"] + ["swept"] * 3


def test_the_colors_option_gives_each_seat_its_chosen_set() -> None:
    state = GAME.setup(3, seed=4, options=GAME.options(colors="bpg"))
    assert [str(h[0]) for h in state.hands] == ["B1", "P1", "G1"]
    assert GAME.options(colors="bpg").colors == "BPG"


@pytest.mark.parametrize("colors", ["RRG", "RG", "RGPB", "RGX", ""])
def test_the_colors_option_refuses_anything_but_three_different_colors(colors: str) -> None:
    with pytest.raises(OptionError, match="three different colors"):
        GAME.options(colors=colors)


def test_only_three_players_play() -> None:
    with pytest.raises(OptionError, match="is for 3 players, not 4"):
        GAME.setup(4, seed=1)
    with pytest.raises(OptionError, match="target must be 1 to 100"):
        GAME.options(target=0)


def test_the_first_player_of_the_first_round_is_chosen_by_lot() -> None:
    firsts = [GAME.setup(3, seed).first for seed in range(30)]
    assert set(firsts) == {0, 1, 2}
    assert firsts == [GAME.setup(3, seed).first for seed in range(30)]  # fixed by the seed
    state = GAME.setup(3, seed=7)
    assert GAME.to_move(state) == state.first == state.dealer


# -- playing a round --------------------------------------------------------------------


def test_play_goes_clockwise_without_a_break() -> None:
    state = GAME.setup(3, seed=1)
    seats = []
    for _ in range(30):
        seats.append(GAME.to_move(state))
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert seats == [left_of(state.first, 3, k) for k in range(30)]
    assert GAME.to_move(state) is None


def test_the_last_card_is_played_by_the_player_right_of_the_first() -> None:
    for seed in range(10):
        states = random_round(seed)
        last_mover = states[-2].turn
        assert last_mover == left_of(states[0].first, 3, 2)


def test_lower_cards_than_the_lead_go_on_the_table_and_play_goes_on() -> None:
    state = position(("R5 R9", "G3 G9", "P4 P9"))
    state = GAME.apply(state, play("R5"))
    state = GAME.apply(state, play("G3"))
    state = GAME.apply(state, play("P4"))  # higher than G3 but lower than the lead R5
    assert state.table == cards("R5 G3 P4") and state.turn == 0
    assert state.swept == ((), (), ())


def test_a_higher_card_sweeps_the_table_and_the_player_on_the_left_leads() -> None:
    state = position(("R5 R1", "G3 G9", "P7 P9"))
    state = GAME.apply(GAME.apply(state, play("R5")), play("G3"))
    state = GAME.apply(state, play("P7"))
    assert state.table == () and state.swept[2] == cards("R5 G3 P7")
    assert state.turn == 0  # left of the sweeper, player 3
    state = GAME.apply(state, play("R1"))
    assert state.table == cards("R1")  # the new lead card


def test_an_immediate_higher_card_sweeps_the_lead_alone() -> None:
    state = GAME.apply(GAME.apply(position(("R5", "G8", "P1")), play("R5")), play("G8"))
    assert state.swept[1] == cards("R5 G8") and state.turn == 2


def test_an_equal_card_is_refused_to_a_player_holding_a_higher_one() -> None:
    state = position(("R5 R1", "G3 G9", "P5 P8"))
    state = GAME.apply(GAME.apply(state, play("R5")), play("G3"))
    reason = ("P5 is equal to the lead card R5; an equal card may be played only by a player "
              "holding nothing higher, and you hold P8.")  # fmt: skip
    assert GAME.check(state, play("P5")).reasons == (reason,)
    with pytest.raises(IllegalMoveError, match="you hold P8"):
        GAME.apply(state, play("P5"))
    assert GAME.legal_moves(state) == [play("P8")]


def test_an_equal_card_counts_as_higher_for_a_player_holding_nothing_higher() -> None:
    state = position(("R5 R1", "G5 G2", "P3 P9"))
    state = GAME.apply(state, play("R5"))
    assert GAME.legal_moves(state) == [play("G5"), play("G2")]  # equal allowed, not forced
    state = GAME.apply(state, play("G5"))
    assert state.swept[1] == cards("R5 G5") and state.table == () and state.turn == 2


def test_a_card_not_in_hand_is_refused_with_a_reason() -> None:
    state = position(("R5 R1", "G3 G9", "P5 P8"), swept=("", "G1", ""))
    assert GAME.why_illegal(state, play("G3")) == (
        "G3 is in player 2's hand; player 1 plays only from the red set."
    )
    assert GAME.why_illegal(state, play("G1")) == "G1 has been played already."
    assert GAME.why_illegal(state, play("B4")) == (
        "B4 is not one of this round's cards; player 1 plays from the red set."
    )


def test_the_only_highest_card_left_leads_with_power_0_and_the_next_card_sweeps_it() -> None:
    # The book's example: a 10 led when the other two 10s have been played.
    state = position(("R10 R2", "G1 G3", "P2 P4"), swept=("G10 P10", "", ""))
    state = GAME.apply(state, play("R10"))
    assert lead_power(state.table, state.hands) == 0
    assert GAME.legal_moves(state) == [play("G1"), play("G3")]
    state = GAME.apply(state, play("G1"))
    assert state.swept[1] == cards("R10 G1") and state.turn == 2


def test_a_lead_of_power_0_keeps_its_points_for_the_sweeper() -> None:
    state = position(("R6 R2", "G1 G3", "P2 P4"), turn=0)  # no 6 or higher left in hand
    state = GAME.apply(GAME.apply(state, play("R6")), play("G1"))
    assert own_points(state)[1] == 7  # R6 and G1


def test_the_leaders_own_higher_card_keeps_the_lead_its_power() -> None:
    state = position(("R9 R10", "G1 G3", "P2 P4"), swept=("G9 G10 P9 P10", "", ""))
    state = GAME.apply(state, play("R9"))
    assert lead_power(state.table, state.hands) == 9  # R10, still in the leader's hand
    state = GAME.apply(GAME.apply(state, play("G1")), play("P2"))
    assert state.table == cards("R9 G1 P2")
    state = GAME.apply(state, play("R10"))
    assert state.swept[0][-4:] == cards("R9 G1 P2 R10")


def test_an_equal_card_still_in_hand_keeps_the_lead_its_power() -> None:
    state = position(("R10 R1", "G2 G3", "P10 P4"), swept=("G10", "", ""))
    state = GAME.apply(GAME.apply(state, play("R10")), play("G2"))
    assert state.table == cards("R10 G2")  # G2 does not sweep: P10 is as high as the lead
    state = GAME.apply(state, play("P10"))  # holding nothing higher, the equal card sweeps
    assert state.swept[2] == cards("R10 G2 P10")


def test_the_last_card_that_does_not_sweep_goes_to_the_rounds_first_player() -> None:
    state = position(("", "G4", "P2"), table="R3", swept=("R1 R2", "", ""), turn=1, first=0)
    state = GAME.apply(state, play("G4"))  # sweeps R3; player 3 leads the last card
    state = GAME.apply(state, play("P2"))
    assert GAME.to_move(state) is None and state.table == ()
    assert state.swept[0] == cards("R1 R2 P2") and state.leftover == cards("P2")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reasons[0] == ("The last card did not sweep: the card left on the table, "
                                  "P2, goes to player 1, the round's first player.")  # fmt: skip


def test_a_last_card_played_on_an_open_sequence_always_sweeps() -> None:
    # Of the cards still in hand, only the last is left to be as high as the lead: it
    # sweeps, or the lead has power 0 and any card sweeps it.
    for last in ("P2", "P3", "P9"):
        state = position(("", "", last), table="R3 G1", first=0, turn=2)
        state = GAME.apply(state, play(last))
        assert state.swept[2] == (*cards("R3 G1"), PARADOX.card(last))
        assert state.leftover == ()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_leftovers_are_only_ever_a_last_card_led_on_an_empty_table(seed: int) -> None:
    states = random_round(seed)
    end = states[-1]
    assert len(end.leftover) <= 1
    if end.leftover:  # the last card, led on an empty table, and nothing after it
        last = states[-2]
        assert last.table == () and end.leftover[0] in last.hands[last.turn]


# -- an independent referee ----------------------------------------------------------------


def referee(hand: tuple[Card, ...], table: tuple[Card, ...], sole: bool) -> list[Card]:
    """The legal cards, straight from the rules: any card to lead or after a lead that was
    the only highest card left when it was led (``sole``); else higher or lower than the
    lead, equal only holding nothing higher."""
    if not table or sole:
        return list(hand)
    lead = rank(table[0])
    return [c for c in hand if rank(c) != lead or all(rank(d) <= lead for d in hand)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["RGP", "BGR", "PBG"]))
def test_every_move_agrees_with_an_independent_referee(seed: int, colors: str) -> None:
    """The referee judges a lead's power once, when it is led, and follows the round."""
    states = random_round(seed, GAME.options(colors=colors))
    sole = False
    for before, after in pairwise(states):
        hand = before.hands[before.turn]
        assert [m.card for m in GAME.legal_moves(before)] == referee(hand, before.table, sole)
        played = next(c for c in hand if c not in after.hands[before.turn])
        if not before.table:  # a lead: is it the only highest card left?
            sole = all(rank(c) < rank(played) for h in after.hands for c in h)
            swept = False
        else:
            swept = sole or rank(played) >= rank(before.table[0])
        if any(after.hands):
            assert (after.table == ()) == swept
            assert after.table == () or after.table == (*before.table, played)
        assert after.turn == left_of(before.turn, 3)
    assert sum(own_points(states[-1])) == 63


# -- scoring ----------------------------------------------------------------------------


def test_cards_1_to_6_score_their_number_and_7_to_10_nothing() -> None:
    assert [points([c]) for c in cards("R1 G2 P3 R4 G5 P6 R7 G8 P9 R10")] == [
        1, 2, 3, 4, 5, 6, 0, 0, 0, 0]  # fmt: skip
    assert points(PARADOX.card(f"{c}{n}") for c in "RGP" for n in range(1, 11)) == 63


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_own_points_always_add_up_to_63(seed: int) -> None:
    state = random_round(seed)[-1]
    assert sum(own_points(state)) == 63
    assert sum(len(p) for p in state.swept) == 30
    totals = round_totals(own_points(state))
    assert sum(totals) == 126


def test_the_books_worked_example_12_40_11_totals_52_51_23_and_the_first_wins() -> None:
    assert round_totals((12, 40, 11)) == (52, 51, 23)
    state = finished(EXAMPLE)
    assert own_points(state) == (12, 40, 11)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (3, 1, 0)
    assert outcome.reasons[:3] == (
        "Own points: player 1 12, player 2 40, player 3 11 (63 in all).",
        "Totals, own points plus the left neighbour's: player 1 52 (12 + 40), "
        "player 2 51 (40 + 11), player 3 23 (11 + 12).",
        "Player 1 has the highest total (52) and takes 3 chips; player 2 is next (51) "
        "and takes 1 chip.",
    )


@pytest.mark.parametrize(
    ("totals", "chips", "said"),
    [
        ((52, 51, 23), (3, 1, 0), "player 2 is next (51) and takes 1 chip"),
        ((46, 34, 46), (2, 0, 2), "Players 1 and 3 tie for the highest total (46)"),
        ((42, 42, 42), (1, 1, 1), "a three-way tie, 1 chip each"),
        ((35, 56, 35), (1, 3, 1), "players 1 and 3 tie for next (35) and take 1 chip each"),
    ],
)
def test_chips_for_every_tie_case(
    totals: tuple[int, ...], chips: tuple[int, ...], said: str
) -> None:
    assert chips_for(totals) == chips
    own = next(o for o in _own_points() if round_totals(o) == totals)
    scored = GAME.score_position(" ".join(map(str, own)))
    assert tuple(scored.details["chips"]) == chips
    assert said in scored.reasons[2]


def _own_points() -> list[tuple[int, int, int]]:
    return [(a, b, 63 - a - b) for a in range(64) for b in range(64 - a)]


@given(st.tuples(st.integers(0, 126), st.integers(0, 126), st.integers(0, 126)))
def test_chips_follow_the_order_of_the_totals(totals: tuple[int, int, int]) -> None:
    chips = chips_for(totals)
    assert sum(chips) in (3, 4, 5)
    for a, b in permutations(range(3), 2):
        if totals[a] > totals[b]:
            assert chips[a] > chips[b]
        if totals[a] == totals[b]:
            assert chips[a] == chips[b]
    order = [2, 0, 1]
    assert chips_for([totals[i] for i in order]) == tuple(chips[i] for i in order)


def test_a_round_outcome_scores_chips_and_carries_the_chips_so_far() -> None:
    outcome = GAME.outcome(finished(EXAMPLE, chips=(2, 4, 1)))
    assert outcome is not None
    assert "Chips after this round: player 1 5, player 2 5, player 3 1." in outcome.reasons
    assert outcome.reasons[-1] == "Player 1 won the round and plays first in the next."
    assert GAME.outcome(GAME.setup(3, seed=1)) is None


# -- the next round and the game --------------------------------------------------------------


def test_the_winner_of_a_round_plays_first_in_the_next_and_the_chips_carry_over() -> None:
    state = finished(EXAMPLE, first=2, chips=(1, 2, 3))
    following = GAME.next_hand(state)
    assert following.first == following.turn == following.dealer == 0  # player 1 won
    assert following.chips == (4, 3, 3)
    assert following.hand_number == state.hand_number + 1
    assert following.hands == GAME.setup(3, seed=1).hands and following.table == ()


def test_the_next_round_waits_for_the_end_of_this_one() -> None:
    with pytest.raises(PositionError, match="not over yet"):
        GAME.next_hand(GAME.setup(3, seed=1))


@pytest.mark.parametrize(
    ("first", "totals", "starts"),
    [
        (0, (52, 51, 23), 0),  # the winner
        (1, (52, 51, 23), 0),
        (0, (46, 34, 46), 2),  # tied winners: the nearer to the first player's left
        (2, (46, 34, 46), 0),
        (1, (46, 34, 46), 2),
        (0, (42, 42, 42), 1),  # a three-way tie: the first player's left
        (2, (42, 42, 42), 0),
    ],
)
def test_a_tie_for_the_win_passes_the_first_card_to_the_tied_winner_nearest_the_left(
    first: int, totals: tuple[int, ...], starts: int
) -> None:
    assert next_first(first, totals) == starts


def test_a_tied_round_says_who_plays_first_next() -> None:
    own = next(o for o in _own_points() if round_totals(o) == (46, 34, 46))
    swept = _swept_for(own)
    state = finished(swept, first=0)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 2) and outcome.scores == (2, 0, 2)
    assert "player 3, the nearer to the left of player 1" in outcome.reasons[-1]
    assert GAME.next_hand(state).first == 2


def _swept_for(own: tuple[int, ...]) -> tuple[str, str, str]:
    """Swept piles giving each seat ``own`` points (a greedy split of the point cards)."""
    piles: list[list[str]] = [[], [], []]
    left = list(own)
    for card in sorted((f"{c}{n}" for c in "RGP" for n in range(1, 7)), key=lambda x: -int(x[1:])):
        seat = next(s for s in range(3) if left[s] >= int(card[1:]))
        piles[seat].append(card)
        left[seat] -= int(card[1:])
    assert left == [0, 0, 0]
    piles[0].extend(f"{c}{n}" for c in "RGP" for n in range(7, 11))
    return (" ".join(piles[0]), " ".join(piles[1]), " ".join(piles[2]))


def test_seven_chips_win_the_game() -> None:
    assert GAME.match_outcome((6, 5, 2), 4) is None
    outcome = GAME.match_outcome((7, 3, 2), 4)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (7, 3, 2)
    assert outcome.reasons == ("After 4 rounds, player 1 has 7 chips, the 7 that win, "
                               "and wins the game.",)  # fmt: skip


def test_two_reaching_7_together_the_one_with_more_chips_wins() -> None:
    outcome = GAME.match_outcome((8, 7, 1), 5)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reasons == ("After 5 rounds, players 1 and 2 have 7 chips or more (8 and "
                               "7); player 1 has the most, and wins the game.",)  # fmt: skip
    outcome = GAME.match_outcome((7, 9, 8), 6)
    assert outcome is not None and outcome.winners == (1,)
    assert "all three players have 7 chips or more (7, 9 and 8)" in outcome.reasons[0]


def test_a_tie_at_7_or_more_plays_on() -> None:
    assert GAME.match_outcome((7, 7, 2), 5) is None
    assert GAME.match_outcome((7, 7, 7), 5) is None
    assert GAME.match_outcome((8, 8, 7), 6) is None
    state = finished(EXAMPLE, chips=(4, 6, 1))  # player 1 takes 3, player 2 1: 7 and 7
    following = GAME.next_hand(state)
    assert following.chips == (7, 7, 1)
    outcome = GAME.outcome(state)
    assert outcome is not None and "plays first in the next" in outcome.reasons[-1]


def test_a_won_game_has_no_next_round() -> None:
    state = finished(EXAMPLE, chips=(5, 1, 1))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reasons[-1].endswith("and wins the game.")
    with pytest.raises(PositionError, match="the game is over: After 1 round, player 1 has 8"):
        GAME.next_hand(state)


def test_the_target_option_changes_the_chips_that_win() -> None:
    options = GAME.options(target=3)
    assert GAME.match_outcome((3, 1, 0), 1, options) is not None
    record = play_match(GAME, 3, seed=2, options=options)
    assert max(record.totals) >= 3 and record.totals.count(max(record.totals)) == 1


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_a_whole_game_ends_with_one_player_ahead_at_7_or_more(seed: int) -> None:
    record = play_match(GAME, 3, seed)
    best = max(record.totals)
    assert best >= 7 and record.totals.count(best) == 1
    assert record.outcome.winners == (record.totals.index(best),)


def test_playouts_keep_every_card_and_63_points() -> None:
    for seed in range(20):
        record = playout(GAME, 3, seed)
        assert record.moves == 30 and record.outcome is not None


def test_invariants_catch_a_broken_position() -> None:
    assert GAME.invariants(GAME.setup(3, seed=1)) == []
    lost = position(("R1", "G1", "P1"), turn=0, first=0)
    assert any("points" in p for p in GAME.invariants(lost))
    wrong = replace(GAME.setup(3, seed=1), table=cards("R5 G7"))
    assert any("should have swept" in p for p in GAME.invariants(wrong))


# -- scoring a written round ----------------------------------------------------------------


def test_score_the_books_example_from_own_points() -> None:
    scored = GAME.score_position("12 40 11")
    assert scored.summary == "Player 1 wins: totals 52, 51, 23; chips 3, 1, 0"
    assert scored.points is None
    assert scored.details == {"own": [12, 40, 11], "totals": [52, 51, 23],
                              "chips": [3, 1, 0], "winners": [0]}  # fmt: skip
    assert GAME.score_position("12, 40, 11").details == scored.details
    assert GAME.score_position("12 / 40 / 11").details == scored.details


def test_score_a_whole_round_from_the_swept_cards() -> None:
    scored = GAME.score_position(" / ".join(EXAMPLE))
    assert scored.summary == "Player 1 wins: totals 52, 51, 23; chips 3, 1, 0"
    assert scored.details["complete"] is True and scored.details["own"] == [12, 40, 11]
    assert scored.reasons[0] == "Player 1 swept R1 R5 R6 R7: 12 points."
    assert scored.reasons[3] == "Own points: player 1 12, player 2 40, player 3 11 (63 in all)."


def test_score_a_round_without_its_valueless_cards_is_still_whole() -> None:
    scored = GAME.score_position("R1 R5 R6 / R2 R3 R4 G1 G2 G3 G4 G5 G6 P4 P6 / P1 P2 P3 P5")
    assert scored.details["complete"] is True


def test_score_a_part_of_a_round_says_what_is_missing() -> None:
    scored = GAME.score_position("R1 R5 / G6 / ")
    assert scored.details["complete"] is False and scored.details["own"] == [6, 6, 0]
    missing = next(r for r in scored.reasons if r.startswith("Not a whole round"))
    assert "R2 R3 R4 R6 G1 G2 G3 G4 G5 P1" in missing and "of the round's 63 points" in missing


@given(st.lists(st.integers(0, 2), min_size=30, max_size=30))
def test_swept_cards_and_own_points_score_alike(owners: list[int]) -> None:
    every = [f"{c}{n}" for c in "RGP" for n in range(1, 11)]
    groups = [" ".join(c for c, o in zip(every, owners, strict=True) if o == s) for s in range(3)]
    by_cards = GAME.score_position(" / ".join(groups))
    own = by_cards.details["own"]
    assert sum(own) == 63 and by_cards.details["complete"] is True
    by_points = GAME.score_position(" ".join(map(str, own)))
    assert by_points.summary == by_cards.summary


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12 40 10", "add up to 62, but a round's always add up to 63"),
        ("12 40", "Write three own points, player 1 first"),
        ("70 -4 -3", "Own points are 0 to 63; 70 cannot be a player's."),
        ("", "Nothing to score"),
        ("R1 R2 G3", "separated by '/'; found 1 part."),
        ("R1 / G2", "found 2 parts."),
        ("R1 / 12 / G2", "either three numbers or three players' cards, not both."),
        ("R1 / G2 R1 / P3", "R1 is written for player 1 and player 2; each card is swept once."),
        ("R0 / G2 / P3", "R0: the 0s are left out of Buddy on your Left."),
        ("B4 / G2 / P3", "B4 is blue, but the round is played with the red, green and purple"),
        ("R1 / X2 / P3", "Player 2's cards: card 1: 'X2': 'X' is not a color"),
    ],
)
def test_bad_text_is_refused_with_a_sentence(text: str, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        GAME.score_position(text)
    assert message in str(caught.value)
    assert str(caught.value)[0].isupper() and str(caught.value).endswith(".")


def test_the_colors_option_sets_the_cards_a_written_round_may_hold() -> None:
    options = GAME.options(colors="BGP")
    assert GAME.score_position("B1 / G2 / P3", options).details["own"] == [1, 2, 3]
    with pytest.raises(PositionError, match="option colors=BGP"):
        GAME.score_position("R1 / G2 / P3", options)

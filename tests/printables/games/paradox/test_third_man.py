"""The Third Man, rule by rule (PARADOX rulebook, "The Third Man"; the shared rules notes'
"The Third Man" bullet settles the ties)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import permutations, product
from pathlib import Path

import pytest

from printables.cards.decks import FOUR_D, PARADOX
from printables.games.base import OptionError, PositionError
from printables.games.dealing import left_of
from printables.games.paradox.third_man import (
    GAME,
    SETS,
    Bid,
    ThirdManState,
    auction_changes,
    player_ahead,
    score_auction,
)
from printables.games.playout import perft, play_match

ALL_BIDS = list(product(range(10), repeat=4))


# -- a second reading of the scoring, straight from the rules text ------------------------


def by_the_book(bids: Sequence[int]) -> tuple[int, ...] | None:
    """The auction scored the way the book tells it, case by case: highest +(10 - bid),
    second -bid, third +2 x bid, fourth 0; two tied highest share the 10 points (5 - bid
    each) and the next bid is third; two tied second both lose their bid and there is no
    third; two tied third both gain double; three or four equal bids annul the auction."""
    count = Counter(bids)
    if max(count.values()) >= 3:
        return None
    values = sorted(count, reverse=True)  # the different bids, highest first
    change: dict[int, int] = {}
    highest = values[0]
    if count[highest] == 2:
        change[highest] = 5 - highest  # the 10 points shared
        if len(values) > 1:
            change[values[1]] = 2 * values[1]  # the next is third, alone or tied
        if len(values) > 2:
            change[values[2]] = 0
    else:
        change[highest] = 10 - highest
        second = values[1]
        change[second] = -second
        if count[second] == 2:
            if len(values) > 2:
                change[values[2]] = 0  # no third
        else:
            third = values[2]
            change[third] = 2 * third
            if len(values) > 3:
                change[values[3]] = 0
    return tuple(change[b] for b in bids)


def test_every_auction_of_four_bids_scores_as_the_rules_text_says() -> None:
    for bids in ALL_BIDS:
        assert auction_changes(bids) == by_the_book(bids), bids


def test_an_auction_is_annulled_exactly_when_three_or_four_bids_are_equal() -> None:
    for bids in ALL_BIDS:
        crowded = max(Counter(bids).values()) >= 3
        assert (auction_changes(bids) is None) == crowded, bids
        assert score_auction(bids).annulled == crowded


def test_properties_of_every_auction() -> None:
    for bids in ALL_BIDS:
        changes = auction_changes(bids)
        if changes is None:
            continue
        top = max(bids)
        highest = [s for s in range(4) if bids[s] == top]
        for seat in highest:  # one highest: 10 less the bid; two tied: 5 less the bid each
            assert changes[seat] == (10 if len(highest) == 1 else 5) - top
        for seat in range(4):  # equal bids move equally; the lowest of four stays put
            assert all(changes[o] == changes[seat] for o in range(4) if bids[o] == bids[seat])
            if bids.count(bids[seat]) == 1 and bids[seat] == min(bids):
                assert changes[seat] == 0
            assert changes[seat] in {10 - bids[seat], 5 - bids[seat], -bids[seat],
                                     2 * bids[seat], 0}  # fmt: skip
        ranked = sorted(set(bids), reverse=True)
        if len(ranked) == 4:  # all different: +(10 - a), -b, +2c, 0
            a, b, c, _ = ranked
            assert sorted(changes) == sorted((10 - a, -b, 2 * c, 0))


def test_the_scoring_does_not_depend_on_the_seats() -> None:
    for bids in {tuple(sorted(b)) for b in ALL_BIDS}:
        changes = auction_changes(bids)
        for order in permutations(range(4)):
            moved = auction_changes(tuple(bids[i] for i in order))
            assert moved == (None if changes is None else tuple(changes[i] for i in order))


def test_the_books_examples() -> None:
    # "if he bid 9, he earns 1"; "if he bid 7 he loses 7"; "if he bid 5, he pockets 10".
    assert auction_changes((9, 7, 5, 0)) == (1, -7, 10, 0)
    # Both bid 9: each earns 5 of the 10 points, so both go down 4; the next is third.
    assert auction_changes((9, 9, 4, 1)) == (-4, -4, 8, 0)
    # Two tied second both lose the full bid; there is no third.
    assert auction_changes((8, 6, 6, 2)) == (2, -6, -6, 0)
    # Two tied third both go up double.
    assert auction_changes((8, 6, 3, 3)) == (2, -6, 6, 6)
    # Three (or four) equal bids annul the auction.
    assert auction_changes((5, 5, 5, 2)) is None
    assert auction_changes((5, 5, 5, 5)) is None
    # Two pairs: the tied highest share the 10, the other pair is tied third.
    assert auction_changes((7, 3, 7, 3)) == (-2, 6, -2, 6)


def test_each_bids_reason_says_its_place_and_move() -> None:
    assert score_auction((3, 7, 7, 2)).reasons == (
        "Player 1 bid 3, the third-highest bid (two tied highest leave no second), and gains "
        "double the bid: up 6.",
        "Player 2 bid 7, tied highest with player 3: they share the 10 points, so 5 less 7: "
        "down 2.",
        "Player 3 bid 7, tied highest with player 2: they share the 10 points, so 5 less 7: "
        "down 2.",
        "Player 4 bid 2, the lowest bid: the piece stays put.",
    )
    assert score_auction((8, 6, 6, 2)).reasons[1:] == (
        "Player 2 bid 6, tied second-highest with player 3: both lose the full bid, and there "
        "is no third: down 6.",
        "Player 3 bid 6, tied second-highest with player 2: both lose the full bid, and there "
        "is no third: down 6.",
        "Player 4 bid 2, the lowest bid; with two tied second there is no third: the piece "
        "stays put.",
    )
    assert score_auction((9, 7, 5, 0)).reasons[:3] == (
        "Player 1 bid 9, the highest bid, and earns the 10 points less 9: up 1.",
        "Player 2 bid 7, the second-highest bid, and loses the full bid: down 7.",
        "Player 3 bid 5, the third-highest bid, and gains double the bid: up 10.",
    )
    assert score_auction((5, 2, 5, 5)).reasons == (
        "Player 1, player 3 and player 4 all bid 5: three or four equal bids annul the "
        "auction; the cards go back to the hands and it is bid again.",
    )
    assert score_auction((3, 7, 7, 2)).places == (3, 1, 1, 4)


@pytest.mark.parametrize("bids", [(1, 2, 3), (1, 2, 3, 4, 5), (10, 1, 2, 3), (-1, 1, 2, 3),
                                  (True, 1, 2, 3)])  # fmt: skip
def test_an_auction_is_four_bids_of_0_to_9(bids: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match=r"four bids|a bid is 0 to 9"):
        auction_changes(bids)


# -- positions of the game ------------------------------------------------------------------


def start(lead: int = 0, seed: int = 1, **options: int) -> ThirdManState:
    """A first series with ``lead`` (0-based) leading the first auction."""
    state = GAME.setup(4, seed, GAME.options(**options))
    return replace(state, first_lead=lead, lead=lead, turn=lead)


def bid(state: ThirdManState, seat: int, rank: int) -> Bid:
    return Bid(SETS[state.sets[seat]][rank])


def auction(state: ThirdManState, bids: Sequence[int]) -> ThirdManState:
    """All four bid (``bids`` in seat order), in turn from the lead player."""
    for _ in range(4):
        seat = GAME.to_move(state)
        assert seat is not None
        state = GAME.apply(state, bid(state, seat, bids[seat]))
        assert GAME.invariants(state) == []
    return state


def series(state: ThirdManState, auctions: Sequence[Sequence[int]]) -> ThirdManState:
    for bids in auctions:
        state = auction(state, bids)
    return state


def clockwise_first(seats: set[int], after: int) -> int:
    return next(s for s in (left_of(after, 4, k) for k in range(1, 5)) if s in seats)


# -- set-up ----------------------------------------------------------------------------------


def test_each_player_has_a_set_0_to_9_of_one_color_and_every_piece_starts_on_start() -> None:
    for seed in range(20):
        state = GAME.setup(4, seed)
        assert sorted(state.sets) == [0, 1, 2, 3]
        for seat in range(4):
            assert state.hands[seat] == SETS[state.sets[seat]]
            assert [c.values for c in state.hands[seat]] == [(state.sets[seat], r)
                                                            for r in range(10)]  # fmt: skip
        assert state.positions == (0, 0, 0, 0) and state.chips == (0, 0, 0, 0)
        universe = GAME.universe(state)
        assert len(universe) == 40 and not any(c.values[1] == 10 for c in universe)


def test_the_first_lead_is_chosen_by_lot_and_bids_first() -> None:
    leads = set()
    for seed in range(30):
        state = GAME.setup(4, seed)
        assert state.lead == state.turn == state.dealer == GAME.first_dealer(4, seed)
        assert GAME.to_move(state) == state.lead
        player = f"Player {state.lead + 1}"
        assert state.lead_reason == f"{player} leads the first auction, chosen by lot."
        leads.add(state.lead)
    assert leads == {0, 1, 2, 3}


def test_the_third_man_is_for_four_players() -> None:
    for players in (2, 3, 5):
        with pytest.raises(OptionError, match="The Third Man is for 4 players"):
            GAME.setup(players, 1)
    with pytest.raises(OptionError, match="annulments must be 1 to 1000"):
        GAME.options(annulments=0)
    with pytest.raises(OptionError, match="target must be"):
        GAME.options(target=0)
    with pytest.raises(OptionError, match="board must be"):
        GAME.options(board=0)


# -- bidding -----------------------------------------------------------------------------------


def test_the_lead_player_bids_first_then_the_others_clockwise() -> None:
    state = start(lead=2)
    assert GAME.to_move(state) == 2
    assert GAME.why_illegal(state, bid(state, 0, 4)) == "The lead player bids first, openly."
    assert GAME.legal_moves(state) == [bid(state, 2, r) for r in range(10)]
    state = GAME.apply(state, bid(state, 2, 4))
    assert GAME.to_move(state) == 3
    assert GAME.why_illegal(state, bid(state, 0, 4)) == "It is player 4's turn to bid."
    assert GAME.why_illegal(state, bid(state, 2, 5)) == "It is player 4's turn to bid."
    state = GAME.apply(state, bid(state, 3, 4))
    assert GAME.to_move(state) == 0
    state = GAME.apply(state, bid(state, 0, 4))
    assert GAME.to_move(state) == 1


def test_a_card_bid_is_gone_and_other_cards_are_refused_with_a_reason() -> None:
    state = auction(start(lead=0), (7, 1, 2, 3))
    assert state.positions == (3, 0, 4, -3) and GAME.to_move(state) == 2
    assert GAME.why_illegal(state, bid(state, 2, 2)) == "You have already bid your 2."
    assert GAME.why_illegal(state, bid(state, 0, 7)) == "The lead player bids first, openly."
    assert bid(state, 2, 2) not in GAME.legal_moves(state)
    assert len(GAME.legal_moves(state)) == 9
    state = GAME.apply(state, bid(state, 2, 9))
    assert GAME.why_illegal(state, bid(state, 2, 8)) == "It is player 4's turn to bid."
    lead = 2
    ten = PARADOX.card("RGPB"[state.sets[lead]] + "10")
    assert GAME.why_illegal(state, Bid(ten)) == (
        f"The 10s are out of The Third Man; {ten} cannot be bid, only 0 to 9.")  # fmt: skip
    assert GAME.why_illegal(state, Bid(FOUR_D.card("Bb=S"))) == (
        "Bb=S is not a PARADOX card; The Third Man is bid with PARADOX cards.")  # fmt: skip
    assert GAME.check(state, "bid 3").reasons == (
        "'bid 3' is not a move of The Third Man; its moves are bid.",)  # fmt: skip


def test_the_open_bid_is_seen_by_all_and_secret_bids_only_by_their_owner() -> None:
    state = GAME.apply(start(lead=1), Bid(SETS[start().sets[1]][6]))
    for seat in (0, 1, 2, 3, None):
        seen = {(z.name, z.owner): z for z in GAME.view(state, seat)}
        assert seen["open bid", 1].cards == (SETS[state.sets[1]][6],)
    secret = GAME.apply(state, bid(state, 2, 8))
    other = GAME.apply(state, bid(state, 2, 1))
    for seat in (0, 1, 2, 3, None):
        seen = {(z.name, z.owner): z for z in GAME.view(secret, seat)}
        assert seen["secret bid", 2].count == 1
        assert seen["secret bid", 2].cards == ((SETS[state.sets[2]][8],) if seat == 2 else None)
        assert seen["hand", 2].cards == (secret.hands[2] if seat == 2 else None)
    # The next bidder cannot tell an 8 from a 1: the same view, the same choices.
    for seat in (3, 0, 1, None):
        assert GAME.view(secret, seat) == GAME.view(other, seat)
    assert GAME.legal_moves(secret) == GAME.legal_moves(other)


def test_the_cards_bid_are_turned_up_the_pieces_move_and_the_cards_are_displayed() -> None:
    state = auction(start(lead=3), (3, 7, 7, 2))
    assert state.positions == (6, -2, -2, 0)
    assert [[c.values[1] for c in shown] for shown in state.shown] == [[3], [7], [7], [2]]
    assert state.bids == (None,) * 4 and [len(h) for h in state.hands] == [9] * 4
    for seat in (0, 1, 2, 3, None):  # displayed face up in front of their players
        shown = [z for z in GAME.view(state, seat) if z.name == "cards bid"]
        assert [z.cards for z in shown] == [state.shown[s] for s in range(4)]
    state = auction(state, (9, 0, 5, 8))
    assert [[c.values[1] for c in shown] for shown in state.shown] == [[3, 9], [0, 7], [5, 7],
                                                                       [2, 8]]  # fmt: skip
    assert state.positions == (7, -2, 8, -8)


# -- annulled auctions -------------------------------------------------------------------------


def test_three_equal_bids_annul_the_auction_the_cards_go_back_and_the_same_lead_bids_again() -> (
    None
):
    state = start(lead=1)
    annulled = auction(state, (7, 7, 7, 2))
    assert annulled.positions == (0, 0, 0, 0)
    assert annulled.hands == state.hands and annulled.shown == ((),) * 4
    assert annulled.lead == annulled.turn == 1 and annulled.completed == ()
    assert annulled.auctions[-1].result == "annulled" and annulled.auctions[-1].bids == (7, 7, 7, 2)
    assert annulled.lead_reason == "The auction was annulled; player 2 leads it again."
    assert GAME.why_illegal(annulled, bid(annulled, 1, 7)) is None  # the 7 is back in hand
    again = auction(annulled, (7, 7, 7, 7))  # four equal bids: annulled too
    assert again.annulled == 2 and again.hands == state.hands
    scored = auction(again, (7, 7, 3, 2))
    assert scored.positions == (-2, -2, 6, 0) and len(scored.completed) == 1
    assert scored.annulled == 0


def test_the_bound_on_annulments_voids_the_auction_and_spends_its_cards() -> None:
    state = start(lead=0, annulments=3)
    state = auction(auction(state, (4, 4, 4, 4)), (4, 4, 4, 4))
    assert state.annulled == 2 and state.completed == ()
    state = auction(state, (4, 4, 4, 1))  # the third annulment: the auction is void
    assert state.auctions[-1].result == "void" and len(state.completed) == 1
    assert state.positions == (0, 0, 0, 0)
    assert [[c.values[1] for c in shown] for shown in state.shown] == [[4], [4], [4], [1]]
    # Nobody scored: all pieces share the lead on START, and it passes clockwise.
    assert state.lead == 1
    assert state.lead_reason == ("All the pieces are on START; they scored the same in the last "
                                 "auction (0), and player 2 is the first of them clockwise from "
                                 "player 1, who led it; player 2 leads.")  # fmt: skip


def test_a_table_that_always_annuls_still_ends_the_series_within_the_bound() -> None:
    """Everyone bids the lowest card: every auction is annulled until the 10th annulment
    voids it; nine auctions of ten tries of four bids is 360 moves, the most a series can
    take with the book's options."""
    state = GAME.setup(4, seed=5)
    moves = 0
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, GAME.legal_moves(state)[0])
        moves += 1
        assert GAME.invariants(state) == []
    assert moves == 9 * 10 * 4
    assert [a.result for a in state.auctions].count("void") == 9
    assert state.positions == (0, 0, 0, 0) and GAME.outcome(state) is not None


# -- the lead player ---------------------------------------------------------------------------


def test_the_player_ahead_leads_the_next_auction() -> None:
    state = auction(start(lead=3), (3, 7, 7, 2))
    assert state.lead == state.turn == 0
    assert state.lead_reason == "Player 1's piece is ahead, at +6; player 1 leads."


def test_a_shared_lead_goes_to_the_better_score_in_the_last_auction() -> None:
    state = auction(start(lead=0), (9, 8, 5, 1))
    assert state.positions == (1, -8, 10, 0) and state.lead == 2
    state = auction(state, (1, 9, 7, 0))
    assert state.positions == (3, -7, 3, 0)
    assert state.lead == 0  # +2 in the last auction, against player 3's -7
    assert state.lead_reason == (
        "Player 1 and player 3 share the lead at +3; player 1 had the better score in the last "
        "auction (+2); player 1 leads."
    )


@pytest.mark.parametrize(("lead", "expected"), [(0, 2), (1, 2), (2, 0), (3, 0)])
def test_then_the_first_tied_player_clockwise_from_the_previous_lead(
    lead: int, expected: int
) -> None:
    state = auction(start(lead=lead), (5, 6, 5, 6))  # players 1 and 3 tied third: +10 each
    assert state.positions == (10, -1, 10, -1)
    assert state.lead == expected == clockwise_first({0, 2}, lead)


def test_player_ahead_in_words() -> None:
    assert player_ahead((4, 9, 2, -2), (0, 6, -2, 0), 3) == (1, "player 2's piece is ahead, at +9")
    assert player_ahead((-4, -9, -2, -2), (0, 0, 0, 0), 1) == (
        2, "player 3 and player 4 share the lead at -2; they scored the same in the last auction "
        "(0), and player 3 is the first of them clockwise from player 2, who led it")  # fmt: skip
    assert player_ahead((5, 5, 5, 1), (3, 3, -1, 0), 0) == (
        1, "player 1, player 2 and player 3 share the lead at +5; player 1 and player 2 had the "
        "better score in the last auction (+3), and player 2 is the first of them clockwise "
        "from player 1, who led it")  # fmt: skip
    # The previous lead player himself comes last.
    assert player_ahead((0, 0, 0, 0), (0, 0, 0, 0), 2)[0] == 3
    assert player_ahead((0, 0, 0, 0), (6, 0, 0, 6), 3)[0] == 0
    assert player_ahead((0, 0, 0, 0), (6, 0, 0, 6), 0)[0] == 3


# -- the end of a series ---------------------------------------------------------------------


def test_a_piece_beyond_plus_20_ends_the_series_and_20_itself_does_not() -> None:
    state = auction(start(lead=0), (8, 9, 9, 0))  # tied highest 9s: the 8 is third, +16
    assert state.positions == (16, -4, -4, 0)
    at_20 = auction(state, (2, 7, 5, 1))
    assert at_20.positions == (20, -1, -9, 0) and GAME.to_move(at_20) is not None
    beyond = auction(state, (3, 7, 5, 1))
    assert beyond.positions == (22, -1, -9, 0)
    assert GAME.to_move(beyond) is None and GAME.legal_moves(beyond) == []
    outcome = GAME.outcome(beyond)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (1, 0, 0, 0)
    assert outcome.reasons == (
        "A piece has gone beyond 20 (player 1's to +22): the series is over.",
        "The pieces: player 1 +22, player 2 -1, player 3 -9, player 4 0.",
        "Player 1's piece is ahead, at +22; player 1 wins the series and a chip.",
    )
    assert GAME.check(beyond, bid(beyond, 1, 0)).reasons == (
        "The hand is over; no more moves can be made.",)  # fmt: skip


def test_a_piece_beyond_minus_20_ends_the_series_and_the_player_ahead_wins_it() -> None:
    state = series(start(lead=0), [(9, 8, 1, 0), (8, 7, 2, 1), (7, 6, 3, 2)])
    assert state.positions == (6, -21, 12, 0) and state.over
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (2,)
    ended = "A piece has gone beyond 20 (player 2's to -21): the series is over."
    assert outcome.reasons[0] == ended


NINE = [(5, 1, 3, 8), (7, 4, 8, 9), (9, 5, 6, 0), (4, 8, 0, 7), (2, 7, 7, 3), (6, 0, 9, 2),
        (1, 9, 2, 6), (8, 6, 5, 5), (3, 3, 1, 4)]  # fmt: skip


def test_the_series_ends_after_the_9th_auction_and_the_10th_card_is_not_bid() -> None:
    state = series(start(lead=0), NINE[:8])
    assert not state.over and [len(h) for h in state.hands] == [2] * 4
    state = auction(state, NINE[8])
    assert state.over and [len(h) for h in state.hands] == [1] * 4
    assert state.positions == (11, 2, 5, 16) and len(state.completed) == 9
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (3,)
    assert outcome.reasons[0] == ("The 9th auction is over and the 10th card is not bid: the "
                                  "series is over.")  # fmt: skip
    for seat in (0, 1, 2, 3):  # the last cards stay in hand, unbid
        assert [c.values[1] for c in state.hands[seat]] == [
            next(r for r in range(10) if all(b[seat] != r for b in NINE))]  # fmt: skip


def test_a_tie_for_the_series_goes_to_the_better_score_in_the_last_auction() -> None:
    state = series(start(lead=0), [(5, 2, 4, 0), (7, 5, 3, 6), (8, 3, 2, 8), (4, 1, 5, 5),
                                   (6, 6, 0, 7), (3, 0, 9, 4), (1, 7, 8, 1), (2, 8, 7, 9),
                                   (0, 9, 1, 3)])  # fmt: skip
    assert state.positions == (15, 0, 15, -10)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (2,) and outcome.scores == (0, 0, 1, 0)
    assert outcome.reasons[2] == ("Player 1 and player 3 share the lead at +15; player 3 had the "
                                  "better score in the last auction (+2); player 3 wins the "
                                  "series and a chip.")  # fmt: skip


def test_then_to_the_first_tied_player_clockwise_from_the_last_lead_player() -> None:
    state = series(start(lead=0), [(5, 0, 8, 6), (0, 2, 6, 9), (1, 4, 7, 7), (2, 5, 2, 0),
                                   (3, 6, 5, 8), (7, 9, 0, 1), (6, 7, 1, 5), (4, 8, 9, 2),
                                   (9, 3, 4, 3)])  # fmt: skip
    assert state.positions == (4, 13, -1, 13)
    last = state.completed[-1]
    assert last.changes[1] == last.changes[3]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (clockwise_first({1, 3}, last.lead),)


def test_random_series_give_the_chip_to_the_player_ahead() -> None:
    ties = 0
    for seed in range(150):
        state = GAME.setup(4, seed)
        moves = 0
        while GAME.to_move(state) is not None:
            legal = GAME.legal_moves(state)
            state = GAME.apply(state, legal[(seed * 7 + moves * 13) % len(legal)])
            moves += 1
        outcome = GAME.outcome(state)
        assert outcome is not None
        last = state.completed[-1]
        assert outcome.winners == (player_ahead(state.positions, last.changes, last.lead)[0],)
        assert max(state.positions) == state.positions[outcome.winners[0]]
        assert any(abs(p) > 20 for p in state.positions) or len(state.completed) == 9
        ties += state.positions.count(max(state.positions)) > 1
    assert ties > 0


# -- series after series -----------------------------------------------------------------------


TIED_ON_24 = [(5, 6, 5, 6), (7, 9, 7, 8)]


def test_the_next_series_carries_the_chips_and_the_lead_rule_names_its_first_lead() -> None:
    state = series(start(lead=0), TIED_ON_24)
    assert state.positions == (24, 0, 24, -9) and state.completed[-1].lead == 2
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)  # first of the tied after player 3
    following = GAME.next_hand(state)
    assert following.chips == (1, 0, 0, 0) and following.hand_number == 1
    assert following.positions == (0, 0, 0, 0) and not following.over
    assert following.auctions == () and following.shown == ((),) * 4
    assert all(following.hands[s] == SETS[following.sets[s]] for s in range(4))
    # All pieces on START: the better score in the last auction (+14, players 1 and 3),
    # then the first of them clockwise from that auction's lead player (player 3).
    assert following.lead == following.turn == following.dealer == 0
    assert following.lead_reason == (
        "All the pieces are on START; player 1 and player 3 had the better score in the last "
        "auction (+14), and player 1 is the first of them clockwise from player 3, who led it; "
        "player 1 leads the first auction.")  # fmt: skip


def test_the_next_series_first_lead_is_the_best_score_of_the_last_auction() -> None:
    state = series(start(lead=0), [(8, 7, 0, 1), (0, 8, 4, 9), (1, 6, 9, 3)])
    assert state.positions == (2, -21, 9, 9) and state.completed[-1].changes == (0, -6, 1, 6)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (3,)  # tied at +9; +6 beats +1
    following = GAME.next_hand(state)
    assert following.lead == 3 and following.chips == (0, 0, 0, 1)


def test_the_next_series_is_refused_before_the_end_and_after_the_game_is_won() -> None:
    state = start(lead=0)
    with pytest.raises(PositionError, match="not over yet"):
        GAME.next_hand(state)
    won = series(replace(state, chips=(2, 0, 1, 0)), TIED_ON_24)
    with pytest.raises(PositionError, match="player 1 has 3 chips and has won the game"):
        GAME.next_hand(won)


def test_three_chips_win_the_game() -> None:
    assert GAME.match_outcome((2, 2, 2, 2), 8) is None
    outcome = GAME.match_outcome((1, 3, 0, 2), 6)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (1, 3, 0, 2)
    assert outcome.reasons == ("After 6 series, player 2 has 3 chips and wins the game.",)
    assert GAME.match_outcome((1, 1, 0, 0), 2, GAME.options(target=1)) is not None


def test_a_whole_game_is_series_until_a_player_has_three_chips() -> None:
    for seed in range(6):
        record = play_match(GAME, 4, seed)
        assert max(record.totals) == 3 and sorted(record.totals)[-2] < 3
        assert sum(record.totals) == record.hands  # one chip a series
        assert record.outcome.winners == (record.totals.index(3),)


# -- referee -----------------------------------------------------------------------------------


def test_the_invariants_catch_a_broken_position() -> None:
    state = auction(start(lead=3), (3, 7, 7, 2))
    assert GAME.invariants(state) == []
    assert any("pieces" in p for p in GAME.invariants(replace(state, positions=(6, -2, -2, 1))))
    assert any("leads" in p for p in GAME.invariants(replace(state, lead=2, turn=2)))
    assert any("to bid" in p for p in GAME.invariants(replace(state, turn=1)))
    stolen = replace(state, hands=(state.hands[0][1:], *state.hands[1:]))
    assert any("one set" in p for p in GAME.invariants(stolen))


def test_perft_agrees_with_the_scoring_read_from_the_text() -> None:
    """Five bids deep on a board of 5: after the first auction an annulled one is bid
    again (10 cards to lead), a piece beyond 5 ends the series (one sequence), and
    otherwise the next lead has 9 cards."""
    expected = 0
    for bids in ALL_BIDS:
        changes = by_the_book(bids)
        expected += 10 if changes is None else 1 if max(map(abs, changes)) > 5 else 9
    options = GAME.options(board=5, target=2)
    assert perft(GAME, GAME.setup(4, 3, options), 5) == expected
    golden = json.loads((Path(__file__).parents[1] / "golden" / "the-third-man.json").read_text())
    case = next(c for c in golden["cases"] if c["options"] == {"board": 5, "target": 2})
    assert case["counts"][5] == expected


# -- printables score ------------------------------------------------------------------------


def test_score_position_scores_an_auction_of_four_bids() -> None:
    scored = GAME.score_position("3 7 7 2")
    assert scored.points is None
    assert scored.summary == "Player 1 +6, player 2 -2, player 3 -2, player 4 0"
    assert scored.reasons == score_auction((3, 7, 7, 2)).reasons
    assert scored.to_json()["changes"] == [6, -2, -2, 0]
    assert scored.to_json()["cancelled"] is False
    assert scored.details == {"bids": [3, 7, 7, 2], "places": [3, 1, 1, 4]}
    assert GAME.score_position("9, 9, 4, 1").top_level["changes"] == [-4, -4, 8, 0]


def test_score_position_says_when_the_auction_is_cancelled() -> None:
    scored = GAME.score_position("7 7 7 2")
    assert scored.to_json()["cancelled"] is True and scored.to_json()["changes"] is None
    assert scored.summary == "Annulled: 3 equal bids of 7; the auction is bid again"
    assert GAME.score_position("4 4 4 4").top_level["cancelled"] is True


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3 7 7", "Write an auction as four bids in seat order, each 0 to 9 (e.g. '3 7 7 2'); "
                  "3 bids given."),
        ("", "Write an auction as four bids in seat order, each 0 to 9 (e.g. '3 7 7 2'); "
             "no bid given."),
        ("3 7 7 2 1", "5 bids given."),
        ("3 7 x 2", "'x' is not a bid; a bid is a number 0 to 9."),
        ("3 7 10 2", "10 is not a bid; bids are 0 to 9 (the 10s are out)."),
        ("3 -1 7 2", "-1 is not a bid; bids are 0 to 9 (the 10s are out)."),
    ],
)  # fmt: skip
def test_score_position_refuses_bad_input_with_a_sentence(text: str, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        GAME.score_position(text)
    assert str(caught.value).endswith(message)


def test_the_readings_name_tests_that_exist() -> None:
    root = Path(__file__).parents[4]
    notes = (root / "docs" / "rules-notes.md").read_text()
    section = notes[notes.index("- **The Third Man**") :].split("\n## ")[0].split("\n- **")[0]
    named = set(re.findall(r"`(test_\w+)`", section))
    defined = set(re.findall(r"^def (test_\w+)", Path(__file__).read_text(), re.M))
    cli = root / "tests" / "generator" / "commands" / "test_third_man_score.py"
    defined |= set(re.findall(r"^def (test_\w+)", cli.read_text(), re.M))
    assert len(named) > 10 and named <= defined, named - defined


def test_describe_shows_the_pieces_the_chips_and_who_leads() -> None:
    state = auction(start(lead=3), (3, 7, 7, 2))
    lines = GAME.describe(state).splitlines()
    assert lines[:2] == [
        "pieces: player 1 +6, player 2 -2, player 3 -2, player 4 0; chips: 0, 0, 0, 0",
        "auction 2, player 1 leads",
    ]
    assert "player 1 open bid: -" in lines and "player 2 secret bid: -" in lines

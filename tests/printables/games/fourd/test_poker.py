"""4D Poker, the game, rule by rule (4D Playing Cards rulebook, "4D Poker")."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.fourd.poker_ranks import best_five, rank_hand
from printables.games.base import OptionError
from printables.games.betting import Bet, Call, Drop, Raise
from printables.games.dealing import left_of, rng, shuffled
from printables.games.fourd.poker import (
    GAME,
    Exchange,
    PokerMove,
    PokerOptions,
    PokerState,
)
from printables.games.playout import playout

SIX_PAIR = "Rg=T Rg=C Rg=S Bg=S Gg=S"
SIX_PAIR_WHITE = "Rw=T Rw=C Rw=S Bw=S Gw=S"  # the same shape in white: an equal rank
NOTHING = "Bb=S Gg~C RwzT Bg~T Rb=C"  # the book's "Nothing"


def play(state: PokerState, *moves: PokerMove) -> PokerState:
    for move in moves:
        state = GAME.apply(state, move)
    return state


def with_hands(state: PokerState, *hands: str) -> PokerState:
    """``state`` with each seat's face-down cards replaced, the stock made of the rest."""
    down = tuple(tuple(read_cards(h, FOUR_D)) for h in hands)
    used = {c for h in down for c in h} | {c for h in state.up for c in h}
    stock = tuple(c for c in state.stock if c not in used)
    stock += tuple(c for h in state.down for c in h if c not in used)
    return replace(state, down=down, stock=stock)


def test_every_player_puts_one_chip_in_the_pot_before_the_hand() -> None:
    state = GAME.setup(4, seed=3)
    assert state.pot == 4 and state.chips == (99, 99, 99, 99)
    assert GAME.setup(3, seed=3, options=PokerOptions(ante=2, chips=50)).chips == (48, 48, 48)


DEALS = [("draw", 5, 0), ("five-card-stud", 1, 2), ("seven-card-stud", 2, 2)]


@pytest.mark.parametrize(("variant", "down", "up"), DEALS)
def test_the_first_deal_of_each_variant(variant: str, down: int, up: int) -> None:
    state = GAME.setup(5, seed=8, options=PokerOptions(variant=variant))
    assert [len(h) for h in state.down] == [down] * 5
    assert [len(h) for h in state.up] == [up] * 5
    assert len(state.stock) == 81 - 5 * (down + up)


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    state = GAME.setup(3, seed=1, options=PokerOptions(variant="five-card-stud"))
    pack = shuffled(FOUR_D.cards, rng(1, "deal"))
    order = [left_of(state.dealer, 3, k) for k in (1, 2, 3)]
    assert [state.down[s][0] for s in order] == pack[0:3]  # the first round face down
    assert [state.up[s][0] for s in order] == pack[3:6]
    assert [state.up[s][1] for s in order] == pack[6:9]


def test_the_player_on_the_dealers_left_opens_the_first_session() -> None:
    for seed in range(5):
        state = GAME.setup(4, seed)
        assert GAME.to_move(state) == left_of(state.dealer, 4)


def test_when_all_the_others_drop_out_the_last_takes_the_pot_without_showing() -> None:
    state = GAME.setup(3, seed=1)  # dealer: player 2, so player 3 opens
    assert state.dealer == 1
    state = play(state, Bet(2), Drop(), Drop())
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is None and outcome is not None
    assert outcome.winners == (2,) and outcome.scores == (-1, -1, 2)
    assert outcome.reasons == (
        "Everyone else dropped out; player 3 takes the pot of 5 chips without showing.",
    )
    assert state.shown == () and state.pot == 0
    seen = {(z.name, z.owner): z for z in GAME.view(state, 0)}
    assert seen["down", 2].cards is None  # the winner does not show
    assert seen["dropped", 1].cards is None  # nor may the players who dropped out


def test_the_draw_exchanges_to_the_bottom_and_deals_from_the_top() -> None:
    state = play(GAME.setup(2, seed=1), Bet(1), Call())  # dealer: player 1
    assert state.phase == "draw" and GAME.to_move(state) == 1  # the dealer's left first
    assert len(GAME.legal_moves(state)) == 32  # any 0 to 5 of the five cards
    old, top = state.down[1], state.stock[:2]
    after = play(state, Exchange(old[:2]))
    assert after.down[1] == old[2:] + top
    assert after.stock[-2:] == old[:2] and len(after.stock) == len(state.stock)
    assert GAME.to_move(after) == 0 and after.phase == "draw"
    after = play(after, Exchange(()))
    assert after.phase == "bet" and after.sessions == 2
    assert GAME.to_move(after) == 1  # the first session's opener opens the second


def test_the_second_session_passes_left_when_the_first_opener_has_dropped() -> None:
    state = GAME.setup(3, seed=1)  # dealer player 2; player 3 opens
    state = play(state, Bet(1), Raise(1), Call(), Drop())
    assert state.phase == "draw" and state.first_opener == 2
    assert GAME.to_move(state) == 0  # player 3 is out: player 1 exchanges first
    state = play(state, Exchange(()), Exchange(()))
    assert state.phase == "bet" and GAME.to_move(state) == 0


def test_moves_out_of_their_phase_are_refused_with_reasons() -> None:
    state = GAME.setup(2, seed=1)
    hand = state.down[1]
    assert GAME.why_illegal(state, Exchange(hand[:1])) == (
        "Cards are exchanged after the first betting session, not during the betting."
    )
    stud = GAME.setup(2, seed=1, options=PokerOptions(variant="seven-card-stud"))
    assert GAME.why_illegal(stud, Exchange(())) == (
        "Only five-card draw exchanges cards; this is seven-card stud."
    )
    draw = play(state, Bet(1), Call())
    assert GAME.why_illegal(draw, Bet(1)) == (
        "It is the draw: exchange 0 to 5 cards; the second betting session comes after it."
    )
    stranger = next(c for c in FOUR_D.cards if c not in draw.down[1])
    assert GAME.why_illegal(draw, Exchange((stranger,))) == f"{stranger} is not in player 2's hand."
    twice = (draw.down[1][0], draw.down[1][0])
    assert GAME.why_illegal(draw, Exchange(twice)) == "A card can be exchanged only once."
    assert str(Exchange(draw.down[1][:2])) == f"exchange {draw.down[1][0]} {draw.down[1][1]}"
    assert str(Exchange(())) == "exchange no cards"


def test_five_card_stud_deals_up_then_down_to_the_players_still_in() -> None:
    state = GAME.setup(3, seed=1, options=PokerOptions(variant="five-card-stud"))
    state = play(state, Bet(1), Drop(), Call())  # player 1 drops out
    assert [len(state.up[s]) for s in range(3)] == [2, 3, 3]
    assert state.sessions == 2 and GAME.to_move(state) == 2
    state = play(state, Bet(1), Call())
    assert [len(state.down[s]) for s in range(3)] == [1, 2, 2]
    state = play(state, Bet(2), Raise(1), Call())
    assert state.phase == "over"
    assert state.shown == (1, 2)  # the last raiser shows first, then clockwise
    zones = {(z.name, z.owner): z for z in GAME.zones(state)}
    assert zones["shown", 1].seen_by == "all" and zones["dropped", 0].seen_by == "owner"


def test_stud_face_up_cards_are_seen_by_all_face_down_by_their_owner() -> None:
    state = GAME.setup(3, seed=2, options=PokerOptions(variant="five-card-stud"))
    seen = {(z.name, z.owner): z for z in GAME.view(state, 0)}
    assert seen["up", 1].cards == state.up[1] and seen["down", 1].cards is None
    assert seen["down", 0].cards == state.down[0]


def test_seven_card_stud_shows_the_best_five_of_seven() -> None:
    state = GAME.setup(2, seed=5, options=PokerOptions(variant="seven-card-stud"))
    for _ in range(4):
        state = play(state, Bet(1), Call())
    assert state.phase == "over"
    assert all(len(state.down[s]) == 3 and len(state.up[s]) == 4 for s in (0, 1))
    ranks = {s: best_five(state.cards(s)) for s in (0, 1)}
    top = max(r for r, _ in ranks.values())
    assert state.winners == tuple(s for s in (0, 1) if ranks[s][0] == top)
    rank, five = ranks[state.shown[0]]
    assert f"(best five {' '.join(map(str, five))}): {rank}." in state.reasons[0]


def test_the_highest_hand_takes_the_pot() -> None:
    state = with_hands(GAME.setup(2, seed=1), NOTHING, SIX_PAIR)
    state = play(state, Bet(2), Call(), Exchange(()), Exchange(()), Bet(1), Call())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (-4, 4)
    assert outcome.reasons[-1] == (
        "player 2 has the highest hand (Six pair, 5,5,3,3) and takes the pot of 8 chips."
    )
    assert outcome.reasons[0] == f"player 2 shows {SIX_PAIR}: Six pair, 5,5,3,3."


def test_a_tie_splits_the_pot_and_the_remainder_stays_for_the_next_hand() -> None:
    state = with_hands(GAME.setup(3, seed=1), SIX_PAIR, NOTHING, SIX_PAIR_WHITE)
    state = play(state, Bet(1), Call(), Drop())  # player 2 drops out: a pot of 5
    state = play(state, Exchange(()), Exchange(()), Bet(1), Call())  # a pot of 7
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 2)
    assert outcome.scores == (0, -1, 0) and state.pot == 1
    assert outcome.reasons[-1] == (
        "player 1 and player 3 tie with Six pair, 5,5,3,3 and each take 3 chips; "
        "1 chip stays in the pot for the next hand."
    )
    following = GAME.next_hand(state)
    assert following.dealer == 2 and following.pot == 1 + 3 and following.carried == 1
    assert GAME.to_move(following) == 0 and following.chips == (99, 98, 99)


def test_a_player_out_of_chips_borrows_a_bank_note() -> None:
    options = PokerOptions(chips=1)
    state = GAME.setup(2, seed=1, options=options)
    assert state.chips == (0, 0) and state.loans == (0, 0)
    state = play(state, Bet(3))
    assert state.chips[1] == 27 and state.loans[1] == 30 and GAME.invariants(state) == []
    outcome = GAME.outcome(play(state, Drop()))
    assert outcome is not None and outcome.scores == (-1, 1)  # loans are debts, not winnings


def test_invariants_catch_chips_made_from_nothing() -> None:
    state = GAME.setup(2, seed=1)
    assert GAME.invariants(state) == []
    assert GAME.invariants(replace(state, pot=9)) == [
        "chips were made or lost: chips, pot and loans do not add up"
    ]


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="variant must be one of draw"):
        PokerOptions(variant="holdem")
    with pytest.raises(OptionError, match="limit must be at least 1"):
        PokerOptions(limit=0)
    assert GAME.options() == PokerOptions(variant="draw", chips=100, limit=5, ante=1)


def test_a_game_is_the_agreed_number_of_hands_or_a_target() -> None:
    assert GAME.match_outcome((5, -5), 9) is None
    done = GAME.match_outcome((5, -5), 10)
    assert done is not None and done.winners == (0,) and done.scores == (105, 95)
    tied = GAME.match_outcome((3, 3, -6), 10)
    assert tied is not None and tied.winners == (0, 1)
    early = GAME.match_outcome((60, -60), 2, PokerOptions(target=150))
    assert early is not None and early.winners == (0,)
    assert "reached the target of 150" in early.reasons[0]


def test_hands_played_in_a_row_keep_every_chip() -> None:
    for seed in range(20):
        options = PokerOptions(variant=("draw", "five-card-stud", "seven-card-stud")[seed % 3])
        chooser = random.Random(seed)
        state = GAME.setup(2 + seed % 6, seed, options)
        totals = [0] * state.players
        for hand in range(1, 11):
            while GAME.to_move(state) is not None:
                moves = GAME.legal_moves(state)
                state = GAME.apply(state, moves[chooser.randrange(len(moves))])
                assert GAME.invariants(state) == []
            outcome = GAME.outcome(state)
            assert outcome is not None
            totals = [t + s for t, s in zip(totals, outcome.scores, strict=True)]
            assert sum(totals) == -state.pot  # the chips not yet won are in the pot
            if GAME.match_outcome(totals, hand, options):
                break
            state = GAME.next_hand(state)
        assert GAME.match_outcome(totals, 10, options) is not None


@settings(max_examples=60)
@given(st.integers(2, 7), st.integers(0, 10_000),
       st.sampled_from(["draw", "five-card-stud", "seven-card-stud"]))  # fmt: skip
def test_a_showdown_gives_the_pot_to_the_highest_rank(players: int, seed: int, v: str) -> None:
    state = GAME.setup(players, seed, PokerOptions(variant=v))
    while GAME.to_move(state) is not None:  # everyone opens 1 or calls: all show down
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, Bet(1) if Bet(1) in moves else moves[0])
    assert set(state.shown) == set(range(players))
    ranks = [best_five(state.cards(s))[0] for s in range(players)]
    assert state.winners == tuple(s for s in range(players) if ranks[s] == max(ranks))


def test_score_position_names_a_hand_the_books_way() -> None:
    scored = GAME.score_position(SIX_PAIR)
    assert scored.summary == "Six pair, 5,5,3,3" and scored.points is None
    assert scored.reasons == (
        "The triple-flush pairs are Rg=T / Rg=C, Rg=T / Rg=S, Rg=C / Rg=S, Rg=S / Bg=S, "
        "Rg=S / Gg=S, Bg=S / Gg=S.",
        "The 5-card single-flushes are gray and stripe.",
        "The 3-card single-flushes are red and square.",
    )
    assert scored.details["rank"] == {"pairs": 6, "five": 2, "four": 0, "three": 2}
    one = GAME.score_position("Bg=C Bw=C Bb~T BgzS Rw~T")
    assert one.summary == "One pair, 4" and one.reasons == (
        "The triple-flush pair is Bg=C / Bw=C.", "The 4-card single-flush is blue.")  # fmt: skip
    assert GAME.score_position(NOTHING).reasons == (
        "There are no triple-flush pairs.", "No value shows on three or more cards.")  # fmt: skip


def test_score_position_finds_the_best_five_of_seven() -> None:
    seven = SIX_PAIR + " Bb~T BwzC"
    scored = GAME.score_position(seven)
    assert scored.summary == f"best five {SIX_PAIR}: Six pair, 5,5,3,3"
    assert scored.details["best_five"] == SIX_PAIR.split()


def test_score_position_compares_hands() -> None:
    scored = GAME.score_position(f"{NOTHING} | {SIX_PAIR}")
    assert scored.summary == "hand 2 wins with Six pair, 5,5,3,3"
    assert scored.details["winners"] == [2]
    tie = GAME.score_position(f"{SIX_PAIR} | {SIX_PAIR_WHITE}")
    assert tie.summary == "hands 1 and 2 tie with Six pair, 5,5,3,3"
    with pytest.raises(ValueError, match="hand 1 has 4 cards"):
        GAME.score_position("Rg=T Rg=C Rg=S Bg=S")
    with pytest.raises(ValueError, match="Rg=T is in hand 1 and hand 2"):
        GAME.score_position(f"{SIX_PAIR} | Rg=T Bb~S Gg~C RwzT Bg~T")
    with pytest.raises(ValueError):
        GAME.score_position("Rg=T Rg=C Rg=S Bg=S Xg=S")


@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=5, max_size=5, unique=True))
def test_score_position_agrees_with_the_ranking(hand: list[Card]) -> None:
    text = " ".join(map(str, hand))
    assert GAME.score_position(text).summary == str(rank_hand(hand))


def test_random_playouts_end_in_every_variant() -> None:
    for seed in range(300):
        variant = ("draw", "five-card-stud", "seven-card-stud")[seed % 3]
        options = PokerOptions(variant=variant, raises=seed % 3, chips=1 + seed % 40)
        record = playout(GAME, 2 + seed % 6, seed, options)
        assert record.outcome is not None and record.outcome.winners

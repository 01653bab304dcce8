"""Zodiac, rule by rule (4D Playing Cards rulebook, "Zodiac")."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.fourd.flushes import nadas
from printables.games.base import OptionError
from printables.games.dealing import first_dealer, rng, shuffled
from printables.games.fourd.zodiac import (
    GAME,
    Bet,
    Hit,
    Stand,
    ZodiacState,
    beats_dealer,
    bust_values,
    closeness,
    next_dealer,
)
from printables.games.playout import check_position, playout

BETTY = "Gg~T Rb~T BgzC"  # consistent with the caption: the last card is face down


def position(
    hands: dict[int, str],
    *,
    dealer: int = 0,
    stock: str = "",
    phase: str = "play",
    turn: int = 1,
    bets: dict[int, int] | None = None,
    bank: int = 95,
    **options: Any,
) -> ZodiacState:
    """Seats 0..n-1 hold ``hands`` (the last card named is face down); everyone started
    with 100 chips, the dealer set ``bank`` aside, ``bets`` are on the table."""
    players = len(hands)
    state = GAME.setup(players, seed=1, options=GAME.options(**options))
    held = {s: read_cards(text, FOUR_D) for s, text in hands.items()}
    first = tuple(read_cards(stock, FOUR_D)) if stock else ()
    used = {c for cards in held.values() for c in cards} | set(first)
    rest = [c for c in FOUR_D.cards if c not in used]
    bets = bets or {}
    chips = tuple(100 - (bank if s == dealer else bets.get(s, 0)) for s in range(players))
    return replace(
        state, dealer=dealer, phase=phase, turn=turn, bank=bank, chips=chips,
        start=(100,) * players, bets=tuple(bets.get(s, 0) for s in range(players)),
        up=tuple(tuple(held[s][:-1]) for s in range(players)),
        down=tuple(held[s][-1] for s in range(players)),
        busted=(False,) * players, zodiac_dealt=(False,) * players,
        stock=(*first, *rest[:-1]), marker=rest[-1], under=(),
    )  # fmt: skip


def play(state: ZodiacState, *moves: Any) -> ZodiacState:
    for move in moves:
        state = GAME.apply(state, move)
    return state


def reasons(state: ZodiacState) -> tuple[str, ...]:
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome.reasons


# -- setting up and dealing -----------------------------------------------------------


def test_the_first_dealer_is_chosen_by_the_books_method() -> None:
    for seed in range(5):
        state = GAME.setup(4, seed)
        assert state.dealer == first_dealer(4, rng(seed, "dealer"), FOUR_D.cards)[0]


def test_the_top_card_goes_face_up_to_the_bottom_then_two_up_and_one_down_each() -> None:
    state = GAME.setup(3, seed=2)
    pack = shuffled(FOUR_D.cards, rng(2, "deal"))
    assert state.marker == pack[0]  # shown, then put face up at the bottom
    order = [(state.dealer + k) % 3 for k in (1, 2, 3)]  # the dealer's left first, dealer last
    dealt = pack[1:10]
    for i, seat in enumerate(order):
        assert state.up[seat] == (dealt[i], dealt[3 + i])
        assert state.down[seat] == dealt[6 + i]
    assert state.stock == tuple(pack[10:]) and len(state.stock) == 81 - 9 - 1
    zones = {(z.name, z.owner): z for z in GAME.zones(state)}
    assert zones["marker", None].seen_by == "all"
    assert zones["face up", 0].seen_by == "all" and zones["face down", 0].seen_by == "owner"


def test_each_player_starts_with_the_chips_and_the_dealer_banks_them() -> None:
    state = GAME.setup(4, seed=3)
    assert state.start == (100, 100, 100, 100)
    assert state.bank == 100 and state.chips[state.dealer] == 0  # bank 0: all the chips
    state = GAME.setup(4, seed=3, options=GAME.options(bank=30, chips=50, limit=3))
    assert state.bank == 30 and state.chips[state.dealer] == 20
    assert sum(state.chips) + state.bank == 200


def test_the_views_hide_other_players_face_down_cards() -> None:
    state = GAME.setup(3, seed=4)
    view = {(z.name, z.owner): z for z in GAME.view(state, 0)}
    assert view["face down", 0].cards == (state.down[0],)
    assert view["face down", 1].cards is None and view["face down", 1].count == 1
    assert view["face up", 1].cards == state.up[1]
    assert view["stock", None].cards is None


# -- betting ----------------------------------------------------------------------------


def test_betting_starts_on_the_dealers_left_and_the_dealer_does_not_bet() -> None:
    state = GAME.setup(3, seed=5)
    left = (state.dealer + 1) % 3
    assert state.phase == "bet" and state.turn == left
    assert GAME.legal_moves(state) == [Bet(n) for n in (1, 2, 3, 4, 5)]
    state = play(state, Bet(2))
    assert state.turn == (state.dealer + 2) % 3
    state = play(state, Bet(5))
    assert state.phase == "play" and state.turn == left  # the play begins on the left
    assert state.bets[state.dealer] == 0 and sorted(state.bets) == [0, 2, 5]


def test_a_bet_is_one_chip_up_to_the_limit_and_no_more_than_held() -> None:
    state = position({0: "Bb=S Bb~S Bb=C", 1: BETTY}, phase="bet", limit=3)
    assert GAME.why_illegal(state, Bet(0)) == "A bet must be at least one chip."
    assert GAME.why_illegal(state, Bet(4)) == "The betting limit is 3 chips; 4 is too many."
    state = replace(state, chips=(5, 2))
    assert GAME.why_illegal(state, Bet(3)) == "Player 2 has only 2 chips and cannot bet 3."
    assert GAME.legal_moves(state) == [Bet(1), Bet(2)]


def test_hitting_waits_for_the_bets() -> None:
    state = position({0: "Bb=S Bb~S Bb=C", 1: BETTY}, phase="bet")
    assert GAME.why_illegal(state, Hit()) == (
        "Player 2 bets first; hitting and standing come after all the bets are placed."
    )
    state = play(state, Bet(1))
    assert GAME.why_illegal(state, Bet(1)) == "The bets are placed; player 2 now hits or stands."


# -- the play -------------------------------------------------------------------------


def test_a_hit_adds_one_card_face_up_and_the_player_goes_on_until_standing() -> None:
    state = position({0: "Bb=S Bb~S Bb=C", 1: BETTY}, stock="RwzC BbzT", bets={1: 2})
    state = play(state, Hit())
    assert state.up[1][-1] == card("RwzC") and state.turn == 1
    state = play(state, Stand())
    assert state.turn == 0  # the dealer plays last


def test_bettys_hand_from_the_caption() -> None:
    state = position({0: "Bb=S Bb~S Bb=C", 1: BETTY}, stock="RwzC BbzT", bets={1: 2})
    state = play(state, Hit())  # RwzC
    assert max(Counter(v for c in state.hand(1) for v in c.shown).values()) == 2
    state = play(state, Hit())  # BbzT
    hand = state.hand(1)
    assert not state.busted[1] and closeness(hand) == 10
    scored = GAME.score_position(" ".join(map(str, hand)))
    assert scored.summary == "down two (10 values)" and scored.details["values"] == 10
    assert scored.details["missing"] == ["stripe", "square"]
    assert scored.details["at_three"] == ["zigzag", "triangle"]
    shown = {v.name for c in hand for v in c.shown}
    assert {"blue", "green", "red", "black", "gray", "white"} <= shown  # all colors, shades
    assert {"wavy", "zigzag"} == shown & {"stripe", "wavy", "zigzag"}  # two patterns
    assert {"circle", "triangle"} == shown & {"square", "circle", "triangle"}  # two shapes
    for next_card in FOUR_D.cards:
        if next_card in hand:
            continue
        busts = next_card.value("shape").name == "triangle" or (
            next_card.value("pattern").name == "zigzag"
        )
        assert bool(bust_values([*hand, next_card])) == busts, next_card


def test_four_of_a_value_busts_and_the_bet_is_paid_at_once() -> None:
    state = position({0: "Bb=S Bb~S Bb=C", 1: BETTY}, stock="RwzC BbzT GwzT", bets={1: 2})
    state = play(state, Hit(), Hit())
    bank = state.bank
    state = play(state, Hit())  # a third zigzag and triangle card: four of each
    assert state.busted[1] and state.bank == bank + 2 and state.turn == 0
    assert GAME.view(state, 0)[3].cards == (card("BgzC"),)  # the bust is shown
    state = play(state, Stand())
    assert reasons(state)[1] == (
        "Player 2 is busted (four zigzag and four triangle) and paid 2 chips to the dealer."
    )
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (2, -2) and outcome.winners == (0,)


# -- settling ---------------------------------------------------------------------------


def test_the_closer_hand_wins_the_bet() -> None:
    state = position({0: "Bb=S Bb~S Bb=C", 1: BETTY}, bets={1: 3})
    state = play(state, Stand(), Stand())  # 9 values to the dealer's 6
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (-3, 3) and outcome.winners == (1,)
    assert reasons(state)[:2] == (
        "The dealer, player 1, has down six (6 values).",
        "Player 2 has 9 values, more than the dealer's 6, and is paid 3 chips.",
    )


def test_the_dealer_closer_collects_the_bet() -> None:
    state = position({0: "Gg~T Rb~T BgzC", 1: "Bb=S Bb~S Bb=C"}, bets={1: 4})
    state = play(state, Stand(), Stand())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (4, -4)
    assert reasons(state)[1] == (
        "Player 2 has 6 values, fewer than the dealer's 9, and pays 4 chips to the dealer."
    )


def test_a_tie_goes_to_the_dealer() -> None:
    state = position({0: "Gg~T Rb~T BgzC", 1: "Bg~T Rb~C GgzT"}, bets={1: 1})
    assert closeness(state.hand(0)) == closeness(state.hand(1)) == 9
    state = play(state, Stand(), Stand())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (1, -1)
    assert "a tie goes to the dealer" in reasons(state)[1]


def test_variation_1_fewer_cards_win_a_tie_and_an_equal_tie_still_goes_to_the_dealer() -> None:
    dealer, player = read_cards("Gg~T Rb~T BgzC RgzC", FOUR_D), read_cards("Bg~T Rb~C GgzT", FOUR_D)
    assert closeness(dealer) == closeness(player) == 9
    assert beats_dealer(player, dealer, fewer_cards_win=True)[0] is True
    assert beats_dealer(dealer[:3], player, fewer_cards_win=True)[0] is False  # same size
    assert beats_dealer(player, dealer, fewer_cards_win=False)[0] is False
    assert beats_dealer(dealer, player, fewer_cards_win=True)[1] == (
        "ties the dealer at 9 values with more cards (4 to 3; Variation 1)"
    )


def test_a_busted_dealer_loses_to_every_hand_still_standing() -> None:
    state = position({0: "GgzT RbzT BgzC", 1: "Bb=S Bb~S Bb=C"}, stock="RwzS", bets={1: 2})
    state = play(state, Stand(), Hit())
    assert state.busted[0] and state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (-2, 2)


def test_the_dealer_pays_only_what_the_bank_holds_and_its_last_chip_passes_the_deal() -> None:
    hands = {0: "Bb=S Bb~S Bb=C", 1: BETTY, 2: "Gw~T Rg=C BbzS"}
    state = position(hands, bets={1: 4, 2: 3}, bank=2)
    state = play(state, Stand(), Stand(), Stand())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (-2, 2, 0)
    assert state.bank == 0 and state.chips[2] == 100
    assert reasons(state)[1:] == (
        "Player 2 has 9 values, more than the dealer's 6, and is paid 2 chips of 4, "
        "all the bank held.",
        "Player 3 has 12 values, more than the dealer's 6, and is paid 0 chips of 3, "
        "all the bank held.",
        "player 2 won the last chip of the bank and deals next.",
    )
    assert state.next_dealer == 1


def test_chips_won_by_the_dealer_go_to_the_bank_and_pay_later_bets() -> None:
    hands = {0: "Gg~T Rb~T Bw=C", 1: "Bb=S Bb~S Bb=C", 2: "Gw~T Rg=C BbzS"}
    state = position(hands, bets={1: 5, 2: 5}, bank=1)
    state = play(state, Stand(), Stand(), Stand())  # player 2 loses 5, then player 3 is paid 5
    assert state.bank == 1 and state.chips[2] == 105
    assert state.next_dealer == 2  # player 3 bet the limit and won


def test_betting_the_limit_and_winning_takes_the_deal_closest_on_the_left() -> None:
    hands = {0: "Bb=S Bb~S Bb=C", 1: "Gw~T Rg=C BbzS", 2: BETTY}
    state = play(position(hands, bets={1: 5, 2: 5}), Stand(), Stand(), Stand())
    assert state.next_dealer == 1
    assert reasons(state)[-1] == (
        "player 2 bet the limit and won, the closest such player on the dealer's left; "
        "player 2 deals next."
    )
    state = play(position(hands, bets={1: 4, 2: 5}), Stand(), Stand(), Stand())
    assert state.next_dealer == 2
    state = play(position(hands, bets={1: 4, 2: 4}), Stand(), Stand(), Stand())
    assert state.next_dealer == 0 and reasons(state)[-1] == (
        "The bank is not used up; player 1 deals again."
    )


def test_next_dealer_priorities() -> None:
    assert next_dealer(5, 3, limit_winners=[1, 4]) == (
        4,
        "player 5 bet the limit and won, the closest such player on the dealer's left; "
        "player 5 deals next.",
    )
    assert next_dealer(5, 3, limit_winners=[1], bank_emptied_by=0)[0] == 1
    assert next_dealer(5, 3, zodiac_dealt=[2], limit_winners=[4], bank_emptied_by=0)[0] == 2
    assert next_dealer(5, 3, bank_emptied_by=0)[0] == 0
    assert next_dealer(5, 3) == (3, "The bank is not used up; player 4 deals again.")


SEATING = st.integers(2, 8).flatmap(
    lambda n: st.tuples(st.just(n), st.integers(0, n - 1), st.sets(st.integers(0, n - 1)),
                        st.none() | st.integers(0, n - 1))
)  # fmt: skip


@given(SEATING)
def test_next_dealer_is_the_closest_limit_winner_on_the_left(case: Any) -> None:
    players, dealer, winners, emptied = case
    winners.discard(dealer)
    seat, _ = next_dealer(players, dealer, limit_winners=winners, bank_emptied_by=emptied)
    if winners:
        steps = [(w - dealer) % players for w in winners]
        assert (seat - dealer) % players == min(steps)
    else:
        assert seat == (dealer if emptied is None else emptied)


def test_variation_2_a_zodiac_deal_is_paid_twice_the_limit_and_takes_the_deal() -> None:
    zodiac = " ".join(map(str, next(iter(nadas()))))
    hands = {0: "Bb=S Bb~S Bb=C", 1: zodiac, 2: BETTY}
    state = replace(position(hands, bets={2: 5}, turn=2, zodiac_deal_pays=True),
                    zodiac_dealt=(False, True, False))  # fmt: skip
    state = play(state, Stand(), Stand())
    assert state.chips[1] == 110 and state.next_dealer == 1
    assert reasons(state)[1] == (
        "Player 2 was dealt a zodiac (a nada) and is paid 10 chips, twice the limit (Variation 2)."
    )


def test_variation_2_marks_a_nada_deal_which_then_neither_bets_nor_plays() -> None:
    options = GAME.options(zodiac_deal_pays=True)
    found = 0
    for seed in range(300):
        state = GAME.setup(8, seed, options)
        marked = [s for s in range(8) if s != state.dealer and closeness(state.hand(s)) == 12]
        assert [s for s in range(8) if state.zodiac_dealt[s]] == marked
        found += len(marked)
        movers = set()
        while GAME.to_move(state) is not None:
            movers.add(state.turn)
            state = GAME.apply(state, GAME.legal_moves(state)[-1])
        assert not movers & set(marked)
        if marked:
            assert state.next_dealer == min(marked, key=lambda s: (s - state.dealer) % 8)
    assert found > 0
    plain = GAME.setup(8, 0)
    assert not any(plain.zodiac_dealt)


# -- the following hands ------------------------------------------------------------------


def test_the_same_dealer_deals_on_without_reshuffling() -> None:
    state = play(position({0: "Bb=S Bb~S Bb=C", 1: BETTY}, bets={1: 2}), Stand(), Stand())
    assert state.next_dealer == 0
    after = GAME.next_hand(state)
    assert after.dealer == 0 and after.bank == state.bank and after.marker == state.marker
    assert after.up[1] == (state.stock[0], state.stock[2]) and after.down[0] == state.stock[5]
    assert after.under == (*state.hand(1)[1:], state.hand(1)[0], *state.up[0], state.down[0])
    assert after.start == (98, 102)  # player 2's 9 values beat the dealer's 6: 2 chips


def test_a_new_dealer_forms_a_new_bank_from_a_fresh_shuffle() -> None:
    hands = {0: "Bb=S Bb~S Bb=C", 1: BETTY}
    state = play(position(hands, bets={1: 5}, bank=20, chips=100), Stand(), Stand())
    assert state.next_dealer == 1
    after = GAME.next_hand(state)
    assert after.dealer == 1 and after.chips[0] == 95  # the old dealer keeps the bank
    assert after.bank == 105 and after.chips[1] == 0  # bank 0: all the new dealer's chips
    assert after.under == () and len(after.stock) == 81 - 7


def test_a_deck_gone_through_is_shuffled_at_the_marker() -> None:
    state = position({0: "Bb=S Bb~S Bb=C", 1: BETTY}, bets={1: 2})
    rest = (*state.stock, state.marker)
    state = replace(state, stock=(), marker=rest[0], under=rest[1:])
    state = play(state, Hit())
    assert state.reshuffles == 1 and state.marker not in state.hand(1)
    assert len(state.stock) == len(rest) - 2 and state.under == ()


def test_a_player_without_chips_sits_out_the_next_hand() -> None:
    state = play(position({0: "Bb=S Bb~S Bb=C", 1: BETTY, 2: "Gw=T Rw=C GbzS"},
                          bets={1: 2, 2: 1}), Stand(), Stand(), Stand())  # fmt: skip
    state = replace(state, chips=(*state.chips[:2], 0), start=(100, 100, 0))
    after = GAME.next_hand(state)
    assert after.down[2] is None and after.up[2] == ()
    assert [s for s in range(3) if after.playing(s)] == [0, 1]


def test_chains_of_hands_keep_every_card_and_chip() -> None:
    universe = Counter(FOUR_D.cards)
    for seed in range(20):
        options = GAME.options(bank=15, chips=40, zodiac_deal_pays=seed % 2 == 1)
        state = GAME.setup(2 + seed % 7, seed, options)
        total = sum(state.start)
        for _ in range(25):
            while GAME.to_move(state) is not None:
                state = GAME.apply(state, GAME.legal_moves(state)[seed % 2 - 1])
                assert check_position(GAME, state, universe) == []
            assert sum(state.chips) + state.bank == total
            try:
                state = GAME.next_hand(state)
            except ValueError:
                break


# -- the outcome, the match, options and positions ------------------------------------------


def test_the_match_ends_after_the_agreed_hands_with_the_most_chips() -> None:
    options = GAME.options(hands=3)
    assert GAME.match_outcome([5, -5, 0], 2, options) is None
    outcome = GAME.match_outcome([5, -5, 0], 3, options)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (105, 95, 100)
    tied = GAME.match_outcome([5, -10, 5], 3, options)
    assert tied is not None and tied.winners == (0, 2)
    broke = GAME.match_outcome([100, -100], 1, options)
    assert broke is not None and broke.winners == (0,)


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="limit must be 1"):
        GAME.options(limit=0)
    with pytest.raises(OptionError, match="bank must be 0"):
        GAME.options(bank=200)
    with pytest.raises(OptionError, match="Zodiac is for 2 to 8 players"):
        GAME.setup(9, 1)


def test_score_position_names_a_zodiac_and_a_bust() -> None:
    zodiac = GAME.score_position("BbzS Gw=C Rg~T")
    assert zodiac.summary == "a zodiac" and zodiac.details["down"] == 0
    busted = GAME.score_position("BbzT Gw=T Rg~T RgzT")
    assert busted.summary == "busted (four triangle)" and busted.details["busted"] == ["triangle"]
    assert busted.details["busted"] == ["triangle"]
    assert "Four or more of one value bust the hand: four triangle." in busted.reasons
    with pytest.raises(ValueError, match="Bx"):
        GAME.score_position("Bx=S")


@given(st.lists(st.sampled_from(FOUR_D.cards), min_size=1, max_size=10, unique=True))
def test_closeness_counts_values_and_four_of_one_busts(cards: list[Card]) -> None:
    counts = Counter(v for c in cards for v in c.shown)
    assert closeness(cards) == len(counts)
    assert bool(bust_values(cards)) == (max(counts.values()) >= 4)
    scored = GAME.score_position(" ".join(map(str, cards)))
    assert bool(scored.details["busted"]) == bool(bust_values(cards))


def test_every_playout_ends_and_no_chip_is_made_or_lost() -> None:
    for seed in range(300):
        options = GAME.options(fewer_cards_win=seed % 2 == 0, bank=seed % 20)
        outcome = playout(GAME, 2 + seed % 7, seed, options).outcome
        assert outcome is not None and sum(outcome.scores) == 0

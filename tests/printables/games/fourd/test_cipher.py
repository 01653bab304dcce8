"""Challenge Cipher, rule by rule (4D Playing Cards rulebook, "Challenge Cipher")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.fourd.patterns import PATTERNS, are_ciphers, parse_pattern, pattern_of
from printables.games.base import PositionError
from printables.games.dealing import deal, rng, shuffled
from printables.games.fourd.cipher import (
    GAME,
    Bid,
    Challenge,
    CipherState,
    Match,
    NoMatch,
    Pass,
    Stop,
    triples,
)
from printables.games.playout import playout

# Player 1 holds a three-card triple-flush; players 2 and 3 hold no set sharing three
# values between any two cards and the third (no 3-3-3, no 3-2-1).
ONE = "Rg=T Rg=C Rg=S Bw~T BbzC Gw=S"
TWO = "Bw=T BwzC Gb~S Rb~T GgzC Bg~S"
THREE = "Gw~T RbzS Bg=C Gb=T RwzC Bg~C"
PARTNER = "Bb=T Bb=C Bb=S Gg~T Rw~C GwzT"


def position(*hands: str, **options: Any) -> CipherState:
    """Player 1 (seat 0) bids first, the last seat dealt; each hand: three down, three up."""
    state = GAME.setup(len(hands), seed=1, options=GAME.options(**options))
    cards = [tuple(read_cards(h, FOUR_D)) for h in hands]
    return replace(state, down=tuple(c[:3] for c in cards), up=tuple(c[3:] for c in cards),
                   dealer=len(hands) - 1, turn=0)  # fmt: skip


def triple(text: str) -> tuple[Any, Any, Any]:
    a, b, c = sorted(read_cards(text, FOUR_D))
    return (a, b, c)


def with_pattern(hand: str, pattern: str) -> tuple[Any, Any, Any]:
    """The first set of ``hand`` with the pattern ``pattern``."""
    wanted = parse_pattern(pattern)
    return next(t for t in triples(read_cards(hand, FOUR_D)) if pattern_of(t) == wanted)


def challenging(*hands: str, bid: int = 1, **options: Any) -> CipherState:
    """Player 1 has won the bidding with ``bid`` and is to challenge."""
    state = GAME.apply(position(*hands, **options), Bid(bid))
    for _ in hands[1:]:
        state = GAME.apply(state, Pass())
    assert state.phase == "challenge" and state.turn == 0
    return state


def play(state: CipherState, *moves: object) -> CipherState:
    for move in moves:
        state = GAME.apply(state, move)  # type: ignore[arg-type]
    return state


# -- the deal -------------------------------------------------------------------------


def test_six_cards_each_three_face_down_and_three_face_up() -> None:
    state = GAME.setup(3, seed=9)
    pack = shuffled(FOUR_D.cards, rng(9, "deal"))
    hands, _ = deal(pack, 3, 6, state.dealer)
    for seat in range(3):
        assert state.down[seat] == tuple(hands[seat][:3])
        assert state.up[seat] == tuple(hands[seat][3:])
    assert state.turn == (state.dealer + 1) % 3  # bidding starts on the dealer's left


def test_face_down_cards_are_seen_by_their_owner_only() -> None:
    state = GAME.setup(2, seed=4)
    view = {(z.name, z.owner): z for z in GAME.view(state, 0)}
    assert view["face down", 0].cards == state.down[0]
    assert view["face down", 1].cards is None and view["face down", 1].count == 3
    assert view["face up", 1].cards == state.up[1]


# -- bidding --------------------------------------------------------------------------


def test_the_opening_bid_is_at_least_one_and_each_bid_higher() -> None:
    state = position(ONE, TWO, THREE)
    assert GAME.why_illegal(state, Bid(0)) == "The opening bid must be at least 1."
    state = GAME.apply(state, Bid(3))
    assert GAME.why_illegal(state, Bid(3)) == "A bid must be higher than player 1's bid of 3."
    assert GAME.legal_moves(state)[0] == Bid(4)
    assert GAME.legal_moves(state)[-1] == Pass()


def test_no_bid_above_twenty_the_sets_in_six_cards() -> None:
    state = position(ONE, TWO)
    assert "only 20 different three-card sets" in str(GAME.why_illegal(state, Bid(21)))
    assert Bid(20) in GAME.legal_moves(state)


def test_partners_may_bid_up_to_forty_the_sets_in_their_twelve_cards() -> None:
    state = position(ONE, TWO, PARTNER, THREE, partnership=True)
    assert Bid(40) in GAME.legal_moves(state)
    assert GAME.why_illegal(state, Bid(41)) == (
        "A bid of 41 cannot be met: two partners' six cards each hold only "
        "40 different three-card sets."
    )


def test_the_bidding_ends_when_a_bid_is_followed_by_passes_from_all_others() -> None:
    state = play(position(ONE, TWO, THREE), Pass(), Bid(2), Pass())
    assert state.phase == "bid" and state.turn == 0  # one other player has not passed yet
    state = play(state, Pass())
    assert state.phase == "challenge" and state.challenger == 1 and state.turn == 1
    assert state.high == 2


def test_a_player_who_passed_may_bid_again() -> None:
    state = play(position(ONE, TWO, THREE), Pass(), Bid(1), Pass())
    state = play(state, Bid(2), Pass(), Pass())
    assert state.phase == "challenge" and state.challenger == 0 and state.high == 2


def test_nobody_bids_and_the_hand_is_over() -> None:
    state = play(position(ONE, TWO, THREE), Pass(), Pass(), Pass())
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is None and outcome is not None
    assert outcome.scores == (0, 0, 0) and outcome.winners == ()
    assert outcome.reasons == ("Nobody bid; the hand is over with no score.",)


def test_bids_and_passes_belong_to_the_bidding() -> None:
    state = challenging(ONE, TWO)
    assert GAME.why_illegal(state, Pass()) == (
        "The bidding is over; there is no more bidding in this hand."
    )
    assert GAME.why_illegal(position(ONE, TWO), Stop()) == (
        "The bidding is not over yet; bid or pass."
    )


# -- challenges -----------------------------------------------------------------------


def test_a_challenge_shows_three_cards_and_names_the_pattern() -> None:
    move = Challenge(triple("Rg=T Rg=C Rg=S"))
    assert str(move) == "challenge with Rg=S Rg=C Rg=T: Three, three, three"
    state = GAME.apply(challenging(ONE, TWO), move)
    assert state.phase == "respond" and state.turn == 1
    table = {(z.name, z.owner): z for z in GAME.zones(state)}
    assert table["challenge", 0].cards == move.cards and table["challenge", 0].seen_by == "all"
    assert table["face down", 0].cards == ()  # the three shown came from the face-down cards
    assert len(table["face up", 0].cards) == 3


def test_a_card_not_in_the_challengers_hand_is_refused() -> None:
    state = challenging(ONE, TWO)
    assert GAME.why_illegal(state, Challenge(triple("Rg=T Rg=C Bb=S"))) == (
        "Bb=S is not one of player 1's six cards."
    )


def test_a_player_who_can_match_must() -> None:
    shown = with_pattern(ONE, "2-1-0")
    state = GAME.apply(challenging(ONE, TWO), Challenge(shown))
    reason = GAME.why_illegal(state, NoMatch())
    assert reason is not None and reason.endswith(
        "has the challenge's pattern 2-1-0; a player who can match must."
    )
    matches = GAME.legal_moves(state)
    assert matches and all(isinstance(m, Match) for m in matches)
    assert all(are_ciphers(m.cards, shown) for m in matches)  # type: ignore[union-attr]


def test_a_set_with_another_pattern_is_not_a_match() -> None:
    state = GAME.apply(challenging(ONE, TWO), Challenge(with_pattern(ONE, "2-1-0")))
    wrong = with_pattern(TWO, "2-2-0")
    assert GAME.why_illegal(state, Match(wrong)) == (
        f"{' '.join(map(str, wrong))} has the pattern 2-2-0, not the challenge's 2-1-0; "
        "they are not ciphers."
    )


def test_a_match_loses_the_hand_and_the_challenger_subtracts_the_bid() -> None:
    state = GAME.apply(challenging(ONE, TWO, THREE, bid=3), Challenge(with_pattern(ONE, "2-1-0")))
    answer = with_pattern(TWO, "2-1-0")
    state = GAME.apply(state, Match(answer))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (-3, 0, 0)
    assert outcome.winners == (1, 2)
    assert "the bid of 3 is lost" in outcome.reasons[0]
    assert {z.name: z for z in GAME.zones(state)}["match"].cards == answer


def test_no_match_is_a_successful_challenge_and_a_bid_of_one_may_end_the_hand() -> None:
    state = GAME.apply(challenging(ONE, TWO, THREE), Challenge(triple("Rg=T Rg=C Rg=S")))
    assert GAME.legal_moves(state) == [NoMatch()]
    state = play(state, NoMatch())
    assert state.turn == 2 and state.phase == "respond"  # every other player answers
    state = play(state, NoMatch())
    assert state.successes == 1 and state.phase == "challenge" and state.turn == 0
    state = GAME.apply(state, Stop())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (1, 0, 0) and outcome.winners == (0,)
    assert outcome.reasons[0] == (
        "player 1 stops after 1 successful challenge (bid 1): player 1 scores 1."
    )


def test_the_challenger_goes_on_until_the_bid_is_met() -> None:
    state = GAME.apply(challenging(ONE, TWO, bid=2), Challenge(triple("Rg=T Rg=C Rg=S")))
    state = GAME.apply(state, NoMatch())
    assert Stop() not in GAME.legal_moves(state)
    assert GAME.why_illegal(state, Stop()) == (
        "The bid of 2 is not met yet (1 successful challenge so far); "
        "the challenger must go on until it is."
    )


def test_the_same_three_cards_may_not_be_shown_twice_but_the_same_pattern_may() -> None:
    state = GAME.apply(challenging(ONE, TWO, bid=2), Challenge(triple("Rg=T Rg=C Rg=S")))
    state = GAME.apply(state, NoMatch())
    assert GAME.why_illegal(state, Challenge(triple("Rg=S Rg=T Rg=C"))) == (
        "Rg=S Rg=C Rg=T was already shown in this hand; "
        "each challenge needs a different three-card set."
    )
    same_pattern = [t for t in triples(read_cards(ONE, FOUR_D))
                    if pattern_of(t) == pattern_of(triple("Rg=T Rg=C Rg=S"))]  # fmt: skip
    assert len(same_pattern) == 1  # only one 3-3-3 here; 3-2-1 comes twice:
    twice = [t for t in triples(read_cards(ONE, FOUR_D)) if str(pattern_of(t)) == "3-2-1"]
    assert len(twice) >= 2
    state = play(state, Challenge(twice[0]), NoMatch())
    assert GAME.why_illegal(state, Challenge(twice[1])) is None


def test_after_the_bid_is_met_stop_scores_the_successes_and_a_failure_scores_zero() -> None:
    state = GAME.apply(challenging(ONE, TWO, bid=1), Challenge(triple("Rg=T Rg=C Rg=S")))
    state = play(state, NoMatch(), Challenge(with_pattern(ONE, "3-2-1")), NoMatch())
    assert GAME.outcome(GAME.apply(state, Stop())).scores == (2, 0)  # type: ignore[union-attr]
    state = play(state, Challenge(with_pattern(ONE, "2-1-0")), Match(with_pattern(TWO, "2-1-0")))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (0, 0)
    assert "the bid of 1 had been met, so the challenge scores zero" in outcome.reasons[0]


# -- partnership ----------------------------------------------------------------------


def test_four_players_are_two_partnerships_by_default() -> None:
    assert GAME.options().partnership is True
    state = GAME.apply(challenging(ONE, TWO, PARTNER, THREE), Challenge(with_pattern(ONE, "2-1-0")))
    state = GAME.apply(state, Match(with_pattern(TWO, "2-1-0")))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (-1, 0, -1, 0)  # partners lose together


def test_a_partners_match_is_no_failure_and_the_partner_takes_over() -> None:
    state = GAME.apply(challenging(ONE, TWO, PARTNER, THREE, bid=2),
                       Challenge(triple("Rg=T Rg=C Rg=S")))  # fmt: skip
    state = play(state, NoMatch(), Match(triple("Bb=T Bb=C Bb=S")), NoMatch())
    assert state.phase == "challenge" and state.challenger == 2 and state.turn == 2
    assert state.successes == 1
    table = {z.name: z for z in GAME.zones(state) if z.name == "challenge"}
    assert table["challenge"].owner == 0  # the set on the table is still player 1's
    state = play(state, Challenge(with_pattern(PARTNER, "3-3-3")), NoMatch())
    assert state.turn == 0  # the first challenger answers his partner's challenge
    state = play(state, Match(triple("Rg=T Rg=C Rg=S")), NoMatch())
    assert state.challenger == 0 and state.successes == 2
    outcome = GAME.outcome(GAME.apply(state, Stop()))
    assert outcome is not None and outcome.scores == (2, 0, 2, 0)
    assert outcome.winners == (0, 2)


def test_without_partnership_four_play_each_for_themselves() -> None:
    state = GAME.apply(challenging(ONE, TWO, PARTNER, THREE, bid=2, partnership=False),
                       Challenge(triple("Rg=T Rg=C Rg=S")))  # fmt: skip
    state = play(state, NoMatch(), Match(triple("Bb=T Bb=C Bb=S")))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (-2, 0, 0, 0)


# -- the game -------------------------------------------------------------------------


def test_four_rounds_of_deals_and_the_high_score_wins_ties_sharing() -> None:
    assert GAME.match_outcome([3, 1, 0], hands=11) is None
    done = GAME.match_outcome([3, 1, 3], hands=12)
    assert done is not None and done.winners == (0, 2)
    assert done.reasons == ("After 4 rounds (12 hands) player 1 and player 3 share the high "
                            "score (3).",)  # fmt: skip
    two = GAME.match_outcome([2, 5], hands=2, options=GAME.options(rounds=1))
    assert two is not None and two.winners == (1,)


def test_the_deal_passes_to_the_left() -> None:
    state = GAME.setup(3, seed=2)
    with pytest.raises(PositionError, match="not over yet"):
        GAME.next_hand(state)
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, GAME.legal_moves(state)[-1])
    following = GAME.next_hand(state)
    assert following.dealer == (state.dealer + 1) % 3
    assert following.hand_number == 1 and following.phase == "bid"
    assert following.down != state.down  # a fresh shuffle


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="rounds must be 1 to 50"):
        GAME.options(rounds=0)


# -- positions ------------------------------------------------------------------------


def test_score_position_names_a_pattern_with_its_chart() -> None:
    scored = GAME.score_position("Rg=T Rg=C Bg=C")
    assert scored.summary == "Rg=T Rg=C Bg=C: 3-3-2 (Three, three, two)"
    assert scored.details["chart"] == list(pattern_of(read_cards("Rg=T Rg=C Bg=C", FOUR_D)).chart)
    assert GAME.score_position("Bb=S GgzC Rw~T").details["pattern"] == "0-0-0"


def test_score_position_says_whether_two_sets_are_ciphers() -> None:
    yes = GAME.score_position("Rg=T Rg=C Bg=C / BwzS BwzC GwzC")
    assert yes.details["ciphers"] is True
    assert yes.summary == "Rg=T Rg=C Bg=C and BwzS BwzC GwzC are ciphers"
    no = GAME.score_position("Rg=T Rg=C Rg=S / BwzS BwzC GwzC")
    assert no.details["ciphers"] is False
    assert "has 3-3-3 and BwzS BwzC GwzC has 3-3-2" in no.reasons[0]


def test_score_position_refuses_other_texts() -> None:
    with pytest.raises(ValueError, match="not 4 cards"):
        GAME.score_position("Rg=T Rg=C Bg=C BwzS")
    with pytest.raises(ValueError, match="Rq=T"):
        GAME.score_position("Rq=T Rg=C Bg=C")


# -- properties -----------------------------------------------------------------------


@settings(max_examples=60)
@given(st.permutations(FOUR_D.cards))
def test_the_matches_offered_are_exactly_the_ciphers_of_the_challenge(pack: list[Any]) -> None:
    state = position(" ".join(map(str, pack[:6])), " ".join(map(str, pack[6:12])))
    state = play(state, Bid(1), Pass())
    shown = triples(state.hand(0))[0]
    state = GAME.apply(state, Challenge(shown))
    ciphers = [t for t in triples(pack[6:12]) if are_ciphers(t, shown)]
    legal = GAME.legal_moves(state)
    assert legal == ([Match(t) for t in ciphers] if ciphers else [NoMatch()])


def test_every_pattern_is_a_pattern_of_the_book() -> None:
    assert len(PATTERNS) == 20
    seen = {pattern_of(t) for t in triples(FOUR_D.cards[:12])}
    assert seen <= set(PATTERNS)


def test_playouts_score_zero_the_successes_or_minus_the_bid() -> None:
    for seed in range(300):
        players = 2 + seed % 3
        record = playout(GAME, players, seed)
        assert record.outcome is not None and len(record.outcome.scores) == players
        assert sum(1 for n in record.outcome.scores if n) in (0, 1, 2)


def _out_of_sets(seed: int) -> CipherState | None:
    """A partnership hand where player 1, challenging for a bid of 30 (well within the
    partnership's 40), has shown 19 of his 20 sets with success and shows the last; player
    4 answers last and cannot match it. None if this deal has no such set."""
    state = GAME.setup(4, seed)
    mine = triples(state.hand(0))
    for last in mine:
        wanted = pattern_of(last)
        if any(pattern_of(t) == wanted for t in triples(state.hand(3))):
            continue
        used = (*(t for t in mine if t != last), last)
        return replace(state, phase="respond", turn=3, high=30, bidder=0, challenger=0,
                       shown=last, shown_by=0, used=used, successes=19)  # fmt: skip
    return None


def test_a_partnership_challenger_with_no_set_left_loses_the_bid() -> None:
    """Reading: a challenger who must go on (the bid is not met) but has shown every set
    of his own cannot challenge again: the challenge fails and the side loses its bid.
    Before, the hand had no legal move and never ended."""
    state = next(s for seed in range(200) if (s := _out_of_sets(seed)) is not None)
    assert GAME.legal_moves(state) == [NoMatch()]
    after = GAME.apply(state, NoMatch())  # the 20th challenge succeeds: 20 of 30
    assert GAME.to_move(after) is None, "the hand must end, not wait for a move"
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.scores == (-30, 0, -30, 0)
    assert "no three-card set left" in outcome.reasons[0]

"""Four, rule by rule ("Four (revised)", Not Enough Thoughts; RULES-NOTES.md, Four)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR
from printables.cards.reading import read_cards
from printables.games.base import IllegalMoveError, OptionError, Outcome, PositionError
from printables.games.dealing import left_of
from printables.games.playout import play_match, playout
from printables.games.standard.four import (
    ACES,
    FOURS,
    GAME,
    THREES,
    TWOS,
    AddBet,
    Discard,
    Draw,
    EndTurn,
    Forfeit,
    FourMove,
    FourState,
    GoOut,
    Take,
    hand_kind,
    read_position,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(read_cards(text, FOUR))


def c(name: str) -> Card:
    return FOUR.card(name)


def table(
    hands: Sequence[str],
    top: str,
    draw: str | None = None,
    shown: dict[int, str] | None = None,
    turn: int = 0,
    **options: object,
) -> FourState:
    """A position: ``hands`` by seat ('' for a player who went out), ``top`` the discard
    pile's top card, the draw pile as given (else the cards left over, up to the deal's
    size); ``shown`` the face-up cards of players out, who went out in that order with
    their hands' kinds. Cards used nowhere lie under the discard pile's top card."""
    players = len(hands)
    shown = shown or {}
    state = GAME.setup(players, seed=1, options=GAME.options(**options))
    held = tuple(cards(h) for h in hands)
    faces = tuple(cards(shown.get(seat, "")) for seat in range(players))
    used = {*(x for h in held for x in h), *(x for f in faces for x in f), c(top)}
    rest = [x for x in FOUR.cards if x not in used]
    dealt = len(FOUR) - 4 * players - 1
    piled = cards(draw) if draw is not None else tuple(rest[:dealt])
    under = tuple(x for x in rest if x not in piled)
    return replace(
        state,
        hands=held,
        shown=faces,
        draw=piled,
        discard=(*under, c(top)),
        draws=dealt - len(piled),
        standing=tuple("out" if seat in shown else "in" for seat in range(players)),
        outs=tuple((seat, hand_kind(cards(text))) for seat, text in shown.items()),
        turn=turn,
    )


def play(state: FourState, *moves: FourMove) -> FourState:
    for move in moves:
        state = GAME.apply(state, move)
    return state


def result(state: FourState) -> Outcome:
    """The outcome of a finished game."""
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game is not over"
    return outcome


def exchange(state: FourState) -> FourState:
    """Draw, discard the first card allowed, and end the turn if it has not ended."""
    state = play(state, Draw())
    state = play(state, GAME.legal_moves(state)[0])
    return play(state, EndTurn()) if state.phase == "exchanged" else state


# -- the deal -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "draw"), [(3, 15), (4, 11), (5, 7)])
def test_the_deal_gives_four_each_turns_one_up_and_leaves_the_draw_pile(
    players: int, draw: int
) -> None:
    state = GAME.setup(players, seed=3)
    pack = GAME.pack(3)
    assert [len(h) for h in state.hands] == [4] * players
    assert len(state.draw) == draw and state.discard == (pack[4 * players],)
    assert state.draw == tuple(pack[4 * players + 1 :])  # the up-card was its top card
    first = left_of(state.dealer, players)
    assert state.hands[first][0] == pack[0]  # dealt from the dealer's left
    assert state.hands[state.dealer][0] == pack[players - 1]  # the dealer last
    assert GAME.to_move(state) == first
    assert sorted(GAME.universe(state)) == sorted(FOUR.cards)


def test_four_is_for_three_to_five_players() -> None:
    with pytest.raises(OptionError, match="Four is for 3 to 5 players, not 2"):
        GAME.setup(2, seed=1)
    with pytest.raises(OptionError, match="not 6"):
        GAME.setup(6, seed=1)


# -- the kinds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "kind"),
    [
        ("AS JH QD KC", ACES),
        ("AS AH AD KC", ACES),
        ("2S 2H QD KC", TWOS),
        ("2S JH QD KC", 0),
        ("3S 3H 3D KC", THREES),
        ("3S 3H QD KC", 0),
        ("4S 4H 4D 4C", FOURS),
        ("4S 4H 4D KC", 0),
        ("JS QH KD KC", 0),
        ("AS 2H 2D KC", TWOS),  # two kinds count as the higher
        ("AS 3H 3D 3C", THREES),
        ("2S 2H 3D 3C", TWOS),
    ],
)
def test_a_hand_goes_out_with_an_ace_two_twos_three_threes_or_all_fours(
    hand: str, kind: int
) -> None:
    assert hand_kind(cards(hand)) == kind


def test_only_a_kind_higher_than_the_last_shown_goes_out() -> None:
    shown = {1: "2S 2H JD QC"}
    state = table(["AS 2D 2C KC", "", "JH QH KH KS"], "QS", shown=shown)
    assert GoOut() not in GAME.legal_moves(state)
    assert GAME.why_illegal(state, GoOut()) == (
        "Twos were shown last; only threes or fours go out now, and your hand shows twos."
    )
    state = table(["3S 3H 3D KC", "", "JH QH KH KS"], "QS", shown=shown)
    assert GAME.legal_moves(state)[0] == GoOut()
    assert play(state, GoOut()).outs == ((1, TWOS), (0, THREES))


def test_a_hand_showing_two_kinds_counts_as_the_higher() -> None:
    state = table(["AS 2H 2D KC", "", "JH QH KH KS"], "QS", shown={1: "AH JD QC KD"})
    state = play(state, GoOut())
    assert state.outs == ((1, ACES), (0, TWOS))
    after_twos = table(["AS 2H 2D KC", "", "JH QH KH KS"], "QS", shown={1: "2S 2C JD QC"})
    assert "your hand shows twos" in str(GAME.why_illegal(after_twos, GoOut()))


def test_a_hand_with_no_kind_cannot_go_out() -> None:
    state = table(["2S JH QD KC", "AS AH AD AC", "2H 3H 4H KH"], "QS")
    assert GAME.why_illegal(state, GoOut()) == (
        "Your hand (2S JH QD KC) holds no ace, fewer than two twos, fewer than three threes "
        "and not all four fours; it cannot go out."
    )


# -- a turn ---------------------------------------------------------------------------------


def test_a_player_may_go_out_before_taking_a_card() -> None:
    state = table(["AS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS")
    assert GAME.legal_moves(state)[:2] == [GoOut(), Draw()]
    state = play(state, GoOut())
    assert state.standing[0] == "out" and state.hands[0] == ()
    assert state.shown[0] == cards("AS JH QD KC")  # face up
    assert GAME.to_move(state) == 1


def test_a_player_may_go_out_after_exchanging() -> None:
    state = table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "AH")
    assert GoOut() not in GAME.legal_moves(state)
    state = play(state, Take(c("AH")), Discard(c("JS")))
    assert state.phase == "exchanged" and GAME.legal_moves(state) == [GoOut(), EndTurn()]
    assert play(state, GoOut()).shown[0] == cards("JH QD KC AH")
    assert GAME.to_move(play(state, EndTurn())) == 1  # or keep the hand and end the turn


def test_a_player_who_may_go_out_but_does_not_must_still_exchange() -> None:
    state = table(["AS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS")
    assert EndTurn() not in GAME.legal_moves(state)
    assert GAME.why_illegal(state, EndTurn()) == (
        "You must take a card and discard one before your turn ends; passing is not allowed."
    )


def test_a_turn_ends_by_itself_when_the_hand_may_not_go_out_after_exchanging() -> None:
    state = table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS", draw="KD QC")
    state = play(state, Draw(), Discard(c("JS")))
    assert state.hands[0] == cards("JH QD KC KD") and GAME.to_move(state) == 1
    assert state.phase == "start" and state.discard[-1] == c("JS")


def test_the_draw_pile_top_may_be_taken() -> None:
    state = table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS", draw="KD QC AC")
    state = play(state, Draw())
    assert state.hands[0][-1] == c("KD") and state.draw == cards("QC AC")
    assert state.taken == c("KD") and len(state.hands[0]) == 5


def test_the_discard_piles_top_card_may_be_taken_but_not_the_ones_under_it() -> None:
    state = table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS", draw="KD QC")
    under = state.discard[-2]
    assert Take(c("QS")) in GAME.legal_moves(state)
    assert GAME.why_illegal(state, Take(under)) == (
        f"{under} lies under the discard pile's top card; only QS may be taken."
    )
    state = play(state, Take(c("QS")))
    assert state.hands[0][-1] == c("QS") and state.discard[-1] == under


def test_a_card_shown_by_a_player_who_went_out_may_be_taken() -> None:
    state = table(["JS JH QD KC", "", "2H 3H 4H KH"], "QS", shown={1: "AS 2S 3S KS"}, turn=2)
    takes = [m for m in GAME.legal_moves(state) if isinstance(m, Take)]
    assert takes == [Take(c("QS")), *(Take(x) for x in cards("AS 2S 3S KS"))]
    state = play(state, Take(c("3S")))
    assert state.shown[1] == cards("AS 2S KS") and state.hands[2][-1] == c("3S")


def test_a_card_in_a_hand_or_the_draw_pile_may_not_be_taken() -> None:
    state = table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS", draw="KD QC")
    assert GAME.why_illegal(state, Take(c("JS"))) == "JS is already in your hand."
    for hidden in ("2S", "KD"):
        assert GAME.why_illegal(state, Take(c(hidden))) == (
            f"{hidden} is not face up; take the top card of the discard pile (QS), the top "
            "of the draw pile or a card shown by a player who went out."
        )


def test_only_one_card_is_taken_a_turn() -> None:
    state = play(table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS"), Draw())
    taken = state.taken
    assert GAME.legal_moves(state) == [Discard(x) for x in state.hands[0] if x != taken]
    assert GAME.why_illegal(state, Draw()) == (
        f"You have already taken {taken} this turn; discard a card."
    )
    assert GAME.why_illegal(state, GoOut()) == "You hold five cards; discard one before going out."
    assert GAME.why_illegal(state, EndTurn()) == "Discard a card before your turn ends."


def test_the_card_just_taken_may_not_be_discarded() -> None:
    state = play(table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "3H"), Take(c("3H")))
    assert GAME.why_illegal(state, Discard(c("3H"))) == (
        "You cannot discard 3H: it is the card you just took."
    )
    with pytest.raises(IllegalMoveError, match="it is the card you just took"):
        GAME.apply(state, Discard(c("3H")))


def test_a_card_is_taken_before_one_is_discarded_and_only_once() -> None:
    state = table(["AS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS")
    assert GAME.why_illegal(state, Discard(c("JH"))) == (
        "Take a card first: the top of the draw pile, the top of the discard pile or a card "
        "shown by a player who went out."
    )
    state = play(state, Take(c("QS")), Discard(c("JH")))
    assert state.phase == "exchanged"
    assert GAME.why_illegal(state, Discard(c("QD"))) == (
        "You have already discarded this turn; go out or end your turn."
    )
    assert "already taken and discarded" in str(GAME.why_illegal(state, Draw()))


def test_play_goes_round_from_the_dealers_left_dealer_last() -> None:
    state = GAME.setup(4, seed=5)
    order = []
    for _ in range(5):
        order.append(GAME.to_move(state))
        state = exchange(state)
    dealer = state.dealer
    assert order == [left_of(dealer, 4, k) for k in (1, 2, 3, 4, 5)]
    assert order[3] == dealer


def test_players_who_went_out_are_skipped() -> None:
    state = table(["JS JH QD KC", "", "2H 3H 4H KH", "JD QH"], "QS", shown={1: "AS KS"})
    state = replace(state, hands=(*state.hands[:3], cards("JD QH KD QC")))
    assert GAME.to_move(exchange(state)) == 2
    state = table(["JS JH QD KC", "2H 3H 4H KH", ""], "QS", shown={2: "AS KS"}, turn=1)
    assert GAME.to_move(exchange(state)) == 0


def test_the_last_player_left_plays_on_alone() -> None:
    state = table(["JS JH QD KC", "", ""], "QS", shown={1: "AS KS", 2: "2S 2H"})
    state = exchange(state)
    assert GAME.to_move(state) == 0 and GAME.outcome(state) is None


# -- the end of the game --------------------------------------------------------------------


def test_fours_end_the_game_at_once() -> None:
    state = table(["4S 4H 4D 4C", "AS 3S QS KS", "2H 3H JH KH", "2D 3D JD KD"], "QH")
    state = play(state, GoOut())
    outcome = result(state)
    assert GAME.to_move(state) is None
    assert outcome.winners == (0,) and outcome.scores == (1, 0, 0, 0)
    assert outcome.reasons[0] == "Player 1 went out with fours, which ends the game at once."


def test_fours_after_exchanging_end_the_game_too() -> None:
    state = table(["4S 4H 4D KC", "AS 3S QS KS", "2H 3H JH KH"], "4C")
    state = play(state, Take(c("4C")), Discard(c("KC")), GoOut())
    assert state.ending == "fours" and result(state).winners == (0,)


def test_the_player_who_takes_the_last_draw_card_finishes_the_turn() -> None:
    state = table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS", draw="AC")
    state = play(state, Draw())
    assert state.took_last and GAME.to_move(state) == 0  # he still discards
    state = play(state, Discard(c("JS")))
    assert GAME.legal_moves(state) == [GoOut(), EndTurn()]  # and may still go out
    won = play(state, GoOut())
    assert result(won).winners == (0,)
    assert "took the last card of the draw pile" in result(won).reasons[0]
    ended = play(state, EndTurn())
    assert GAME.to_move(ended) is None and result(ended).winners == ()


def test_the_game_ends_with_the_last_draw_turn_even_when_the_hand_cannot_go_out() -> None:
    state = table(["JS JH QD KC", "AS 3S 4S KS", "2H 3H 4H KH"], "QS", draw="KD")
    state = play(state, Draw(), Discard(c("JS")))
    assert GAME.to_move(state) is None  # player 2, who could go out, gets no turn
    outcome = result(state)
    assert outcome.winners == () and outcome.scores == (0, 0, 0)
    assert outcome.reasons[1] == "Nobody went out; there is no winner."


def test_the_last_player_out_wins() -> None:
    hands = ["JS JH QD KC", "", "", "3S 3H 3D KH"]
    state = table(hands, "QS", draw="KD QC", shown={1: "AS 2C JD QH", 2: "2S 2H KS 4H"})
    state = play(state, Draw(), Discard(c("JS")))  # player 1 draws, cannot go out
    assert GAME.to_move(state) == 3
    state = play(state, GoOut())  # player 4 goes out with threes
    assert GAME.to_move(state) == 0
    state = play(state, Draw(), Discard(c("JH")))  # the last draw card: the game ends
    outcome = result(state)
    assert outcome.winners == (3,) and outcome.scores == (0, 0, 0, 1)
    assert outcome.reasons[1] == "Player 4 went out last, with threes, and wins."


def test_the_game_ends_when_every_player_has_gone_out() -> None:
    state = table(["3S 3H 3D KC", "", ""], "QS", shown={1: "AS KS", 2: "2S 2H"})
    state = play(state, GoOut())
    outcome = result(state)
    assert outcome.winners == (0,)
    assert outcome.reasons[0] == "Every player has gone out or forfeited; the game is over."


def test_nobody_out_means_no_winner() -> None:
    state = GAME.setup(3, seed=2)
    while GAME.to_move(state) is not None:
        state = exchange(state)
    outcome = result(state)
    assert not state.outs and state.draw == ()
    assert outcome.winners == () and outcome.scores == (0, 0, 0)


# -- betting --------------------------------------------------------------------------------


def test_betting_is_a_variation_off_by_default() -> None:
    assert GAME.options().betting is False
    state = table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS")
    assert state.pots == (0, 0, 0)
    assert GAME.why_illegal(state, AddBet()) == (
        "This game is played without betting; there is no bet to add or refuse."
    )


def test_everyone_antes_one_into_his_own_pot() -> None:
    assert GAME.setup(4, seed=1, options=GAME.options(betting=True)).pots == (1, 1, 1, 1)


def test_going_out_with_threes_or_less_asks_each_remaining_player_to_bet_or_forfeit() -> None:
    hands = ["JS JH QD KC", "AS 3S 4S KS", "2H 3H 4H KH", "2D 3D 4D KD"]
    state = table(hands, "QS", turn=1, betting=True)
    state = play(state, GoOut())
    assert state.phase == "betting" and GAME.to_move(state) == 2  # from his left, in turn
    assert GAME.legal_moves(state) == [AddBet(), Forfeit()]
    assert GAME.why_illegal(state, Draw()) == (
        "Player 2 went out with aces; add a bet to your pot or forfeit the game."
    )
    state = play(state, AddBet())
    assert GAME.to_move(state) == 3 and state.pots == (1, 1, 2, 1)
    state = play(state, Forfeit())
    assert GAME.to_move(state) == 0 and state.standing[3] == "forfeited"
    state = play(state, AddBet())
    assert state.phase == "start" and GAME.to_move(state) == 2  # play resumes on his left
    assert state.pots == (2, 1, 2, 1)


def test_no_bet_is_asked_for_outside_a_betting_round() -> None:
    state = table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS", betting=True)
    assert GAME.why_illegal(state, Forfeit()) == (
        "No bet is asked for now; every player still in adds a bet or forfeits when a player "
        "goes out with aces, twos or threes."
    )


def test_a_player_who_forfeits_is_out_skipped_and_not_safe() -> None:
    hands = ["JS JH QD KC", "AS 3S 4S KS", "2H 3H 4H JD"]
    state = table(hands, "QS", draw="KD QC KH", turn=1, betting=True)
    state = play(state, GoOut(), Forfeit(), AddBet())  # player 3 forfeits, player 1 bets
    assert GAME.to_move(state) == 0
    state = exchange(state)
    assert GAME.to_move(state) == 0  # player 3 is skipped: player 1 plays on alone
    assert len(state.hands[2]) == 4 and GAME.zones(state)[2].seen_by == "owner"  # face down
    while GAME.to_move(state) is not None:
        state = exchange(state)
    outcome = result(state)
    assert outcome.winners == (1,)
    assert outcome.scores == (-2, 3, -1)  # player 1 bet twice, player 3 only anted
    assert "Player 3 forfeited and loses a pot of 1 to player 2." in outcome.reasons


def test_safe_players_keep_their_pots_and_the_winner_takes_the_others() -> None:
    hands = ["JS JH QD KC", "AS 3S 4S KS", "2H 2S 4H KH", "2D 3D 4D KD"]
    state = table(hands, "QS", draw="JC QC KC", turn=1, betting=True)
    state = play(state, GoOut(), AddBet(), AddBet(), AddBet())  # player 2 out with aces
    state = play(state, GoOut(), AddBet(), AddBet())  # player 3 out with twos
    assert state.pots == (3, 1, 2, 3)
    while GAME.to_move(state) is not None:
        state = exchange(state)
    outcome = result(state)
    assert outcome.winners == (2,)
    assert outcome.scores == (-3, 0, 6, -3) and sum(outcome.scores) == 0
    assert "Player 2 went out with aces and is safe: keeps a pot of 1." in outcome.reasons


def test_no_bet_is_asked_when_going_out_ends_the_game() -> None:
    fours = table(["4S 4H 4D 4C", "AS 3S QS KS", "2H 3H JH KH"], "QH", betting=True)
    assert play(fours, GoOut()).phase == "over"
    last = table(["AS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS", draw="KD", betting=True)
    last = play(last, Draw(), Discard(c("JH")), GoOut())
    assert last.phase == "over" and result(last).scores == (2, -1, -1)


def test_with_no_winner_every_player_keeps_his_pot() -> None:
    state = GAME.setup(3, seed=2, options=GAME.options(betting=True))
    while GAME.to_move(state) is not None:
        state = exchange(state)
    outcome = result(state)
    assert outcome.winners == () and outcome.scores == (0, 0, 0)
    assert outcome.reasons[-1] == "Nobody wins, so every player keeps his pot."


# -- the move cap ---------------------------------------------------------------------------


def test_a_game_in_which_nobody_draws_stops_at_the_move_cap() -> None:
    state = GAME.setup(3, seed=4)
    assert state.options.move_cap == 2000
    while GAME.to_move(state) is not None:  # nobody ever draws: only the up-card moves
        moves = GAME.legal_moves(state)
        state = play(state, next(m for m in moves if not isinstance(m, GoOut | Draw)))
    outcome = result(state)
    assert state.moves == 2000 and state.ending == "cap"
    assert outcome.winners == () and outcome.scores == (0, 0, 0)
    assert outcome.reasons[0] == (
        "The hand was stopped after 2000 moves (the move_cap option); real play never goes "
        "on so long."
    )


def test_the_move_cap_is_an_option_of_at_least_one_move() -> None:
    state = GAME.setup(3, seed=4, options=GAME.options(move_cap=3))
    for _ in range(2):
        state = play(state, GAME.legal_moves(state)[-1])
    assert GAME.to_move(state) is not None and state.moves == 2
    state = play(state, GAME.legal_moves(state)[-1])
    assert GAME.to_move(state) is None and result(state).winners == ()
    with pytest.raises(OptionError, match="move_cap must be at least 1, not 0"):
        GAME.options(move_cap=0)


def test_a_hand_stopped_at_the_cap_in_the_middle_of_a_turn_keeps_the_rules() -> None:
    for cap in range(1, 80):
        options = GAME.options(betting=cap % 2 == 0, move_cap=cap)
        record = playout(GAME, 3 + cap % 3, cap, options)  # every position refereed
        assert record.moves <= cap and record.outcome is not None
    state = play(GAME.setup(3, seed=1, options=GAME.options(move_cap=1)), Draw())
    assert GAME.to_move(state) is None and len(state.hands[state.turn]) == 5
    assert GAME.invariants(state) == []


def test_random_playouts_end_far_below_the_move_cap() -> None:
    """30,000 random playouts measured: none longer than 126 moves; the cap is 2000."""
    for betting in (False, True):
        options = GAME.options(betting=betting)
        records = [playout(GAME, 3 + seed % 3, seed, options) for seed in range(150)]
        assert max(r.moves for r in records) < 200
        assert all(r.outcome is not None for r in records)


# -- what players see, the invariants and the next game --------------------------------------


def test_views_hide_the_other_hands_and_the_draw_pile() -> None:
    state = table(["JS JH QD KC", "", "2H 3H 4H KH"], "QS", shown={1: "AS 2S 3S KS"})
    seen = {(v.name, v.owner): v for v in GAME.view(state, 0)}
    assert seen["hand", 0].cards == cards("JS JH QD KC")
    assert seen["hand", 2].cards is None and seen["hand", 2].count == 4
    assert seen["draw pile", None].cards is None
    assert seen["shown", 1].cards == cards("AS 2S 3S KS")
    assert seen["discard pile", None].cards is not None


def test_every_card_is_somewhere_at_every_step() -> None:
    state = GAME.setup(5, seed=9, options=GAME.options(betting=True))
    deck = Counter(FOUR.cards)
    while GAME.to_move(state) is not None:
        assert Counter(x for zone in GAME.zones(state) for x in zone.cards) == deck
        assert GAME.invariants(state) == []
        state = play(state, GAME.legal_moves(state)[-1])
    assert GAME.invariants(state) == []


def test_the_invariants_catch_broken_positions() -> None:
    state = table(["JS JH QD KC", "2S 3S 4S KS", "2H 3H 4H KH"], "QS")
    assert GAME.invariants(state) == []
    assert GAME.invariants(replace(state, draws=state.draws - 1)) == [
        "the draw pile holds 15 after -1 draws"
    ]
    broken = GAME.invariants(replace(state, outs=((1, TWOS), (2, ACES))))
    assert "the kinds shown do not strictly rise: [2, 1]" in broken
    assert "players [] are out, but ((1, 2), (2, 1)) went out" in broken
    assert GAME.invariants(replace(state, hands=(cards("JS JH QD"), *state.hands[1:])))


def test_the_winner_deals_the_next_game() -> None:
    state = play(table(["4S 4H 4D 4C", "AS 3S QS KS", "2H 3H JH KH"], "QH", turn=0), GoOut())
    state = replace(state, dealer=1)
    following = GAME.next_hand(state)
    assert following.dealer == 0 and following.hand_number == 1 and GAME.to_move(following) == 1
    nobody = table(["JS JH QD KC", "AS 3S 4S KS", "2H 3H 4H KH"], "QS", draw="KD")
    nobody = replace(play(nobody, Draw(), Discard(c("JS"))), dealer=2)
    assert GAME.next_hand(nobody).dealer == 0  # no winner: the dealer's left deals
    with pytest.raises(PositionError, match="not over yet"):
        GAME.next_hand(GAME.setup(3, seed=1))


@pytest.mark.parametrize("betting", [False, True])
def test_random_games_keep_the_rules(betting: bool) -> None:
    options = GAME.options(betting=betting)
    for seed in range(60):
        record = play_match(GAME, 3 + seed % 3, seed, options)
        assert record.hands == 1 and len(record.totals) == 3 + seed % 3
        if betting:
            assert sum(record.totals) == 0


def test_moves_read_as_words_and_other_things_are_refused() -> None:
    moves = (GoOut(), Draw(), Take(c("AS")), Discard(c("2H")), EndTurn(), AddBet(), Forfeit())
    words = ["go out", "draw", "take AS", "discard 2H", "end turn", "add a bet", "forfeit"]
    assert [str(m) for m in moves] == words
    assert GAME.check(GAME.setup(3, seed=1), "draw").reasons == (
        "'draw' is not a move of Four; its moves are go out, draw, take, discard, end turn, "
        "add bet and forfeit.",
    )


# -- scoring a written hand -----------------------------------------------------------------


def test_score_a_hand_that_may_not_go_out_after_twos() -> None:
    scored = GAME.score_position("AS 2H 2D KC after twos")
    assert scored.points is None
    assert scored.summary == "AS 2H 2D KC may not go out after twos"
    assert scored.reasons == (
        "The hand shows twos (2H 2D) and aces (AS); a hand showing two kinds counts as the "
        "higher: twos.",
        "Twos were shown last; only threes or fours go out now.",
    )
    assert scored.details == {"hand": ["AS", "2H", "2D", "KC"], "after": "twos",
                              "kinds": ["aces", "twos"], "kind": "twos",
                              "may_go_out": False}  # fmt: skip


def test_score_a_hand_that_may_go_out() -> None:
    scored = GAME.score_position("as 2h 2d kc AFTER aces")
    assert scored.summary == "AS 2H 2D KC may go out with twos after aces"
    assert scored.reasons[1] == "Aces were shown last; twos are higher."
    first = GAME.score_position("3S 3H 3D JC")
    assert first.summary == "3S 3H 3D JC may go out with threes"
    assert first.reasons == ("The hand shows threes (3S 3H 3D).",
                             "Nobody has gone out yet, so any kind goes out.")  # fmt: skip
    fours = GAME.score_position("4S 4H 4D 4C after threes")
    assert fours.reasons[-1] == "Fours end the game at once." and fours.details["may_go_out"]


def test_score_a_hand_with_no_kind() -> None:
    scored = GAME.score_position("JS QH KD 2C, after aces")
    assert scored.summary == "JS QH KD 2C may not go out after aces"
    assert scored.reasons == (
        "The hand shows no kind: no ace, fewer than two twos, fewer than three threes and "
        "not all four fours.",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AS 2H 2D", "a Four hand holds four cards, not 3 (AS 2H 2D)"),
        ("AS 2H 2D KC 3S", "a Four hand holds four cards, not 5"),
        ("", "a Four hand holds four cards, not 0;"),
        ("after twos", "a Four hand holds four cards, not 0;"),
        ("AS AS 2D KC", "AS appears twice (card 1 and card 2)"),
        ("AS 5H 2D KC", "card 2: '5H': '5' is not a rank; expected A, 2, 3, 4, J, Q or K"),
        ("AS 2H 2D KC after sevens", "'sevens' is not a kind shown; expected aces, twos or"),
        ("AS 2H 2D KC after fours", "fours end the game at once"),
        ("AS 2H 2D KC after", "'after' needs the kind shown last"),
        ("AS 2H 2D KC after twos twos", "unexpected 'twos' after the kind 'twos'"),
        ("AS 2H after twos after aces", "write 'after' once"),
    ],
)
def test_bad_positions_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        GAME.score_position(text)
    assert message in str(caught.value)


KINDS = ["", " after aces", " after twos", " after threes"]


@given(st.permutations(FOUR.cards), st.integers(0, 3), st.sampled_from([" ", ", ", "; "]),
       st.booleans())  # fmt: skip
def test_a_written_hand_reads_back(
    deck: list[Card], last: int, separator: str, lower: bool
) -> None:
    hand = tuple(deck[:4])
    text = separator.join(str(x) for x in hand) + KINDS[last]
    assert read_position(text.lower() if lower else text) == (hand, last)


@given(st.permutations(FOUR.cards), st.integers(0, 3))
def test_the_verdict_follows_the_counts(deck: list[Card], last: int) -> None:
    hand = deck[:4]
    ranks = Counter(str(x)[0] for x in hand)
    needs = {"A": 1, "2": 2, "3": 3, "4": 4}
    best = max((n for r, n in needs.items() if ranks[r] >= n), default=0)
    scored = GAME.score_position(" ".join(map(str, hand)) + KINDS[last])
    assert scored.details["may_go_out"] == (best > last)
    assert scored.details["kind"] == (["aces", "twos", "threes", "fours"][best - 1] if best
                                      else None)  # fmt: skip


@given(st.text(alphabet="AaSsHhDdCc234JQK56 ,;after", max_size=40))
def test_any_text_reads_or_is_refused_with_a_position_error(text: str) -> None:
    try:
        hand, last = read_position(text)
    except PositionError as error:
        assert str(error)
    else:
        assert len(set(hand)) == 4 and last in (0, 1, 2, 3)

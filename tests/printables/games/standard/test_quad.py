"""Quad, rule by rule (David R. Lorentz, *Quad: A Minimalist Card Game for Two Players*)."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import STANDARD
from printables.cards.reading import read_cards
from printables.games.base import IllegalMoveError, PositionError
from printables.games.playout import check_position, playout
from printables.games.standard import face_value
from printables.games.standard.quad import (
    GAME,
    PLAYING,
    ROUNDS,
    SUITS,
    Add,
    Call,
    Cancel,
    QuadState,
    Start,
    count_table,
    round_outcome,
    suit_of,
)


def c(name: str) -> Card:
    return STANDARD.card(name)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(read_cards(text, STANDARD)) if text.strip() else ()


def position(
    stacks: str,
    hands: tuple[str, str] = ("", ""),
    *,
    call: str | None = "reds",
    chooser: int = 0,
    turn: int | None = None,
    discard: str = "",
) -> QuadState:
    """A round of the first deal in play: ``stacks`` on the table ('/' between stacks),
    the hands given, every other card left in the deck."""
    state = GAME.setup(2, seed=1)
    table = cards(stacks.replace("/", " "))
    held = (tuple(sorted(cards(hands[0]))), tuple(sorted(cards(hands[1]))))
    thrown = cards(discard)
    used = {*table, *held[0], *held[1], *thrown}
    return replace(
        state,
        deck=tuple(x for x in PLAYING if x not in used),
        hands=held,
        stacks=tuple(tuple(x for x in table if suit_of(x) == s) for s in SUITS),
        discard=thrown,
        chooser=chooser,
        dealer=1 - chooser,
        call=call,
        turn=chooser if turn is None else turn,
    )


def play_out(seed: int, **options: bool) -> list[QuadState]:
    """Every position of a random game."""
    chooser = random.Random(seed)
    state = GAME.setup(2, seed, GAME.options(**options))
    states = [state]
    while GAME.to_move(state) is not None:
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[chooser.randrange(len(moves))])
        states.append(state)
    return states


# -- setup and the call -------------------------------------------------------------------


def test_four_cards_each_the_jokers_with_the_non_dealer_who_chooses_first() -> None:
    state = GAME.setup(2, seed=3)
    assert [len(h) for h in state.hands] == [4, 4] and len(state.deck) == 44
    assert not any(state.stacks) and state.call is None
    assert state.chooser == GAME.to_move(state) == 1 - state.dealer
    jokers = GAME.zones(state)[-1]
    assert jokers.name == "jokers" and jokers.owner == state.chooser
    assert {str(x) for x in jokers.cards} == {"RJ", "BJ"}
    assert GAME.legal_moves(state) == [Call("reds"), Call("blacks")]


def test_the_option_lets_the_dealer_choose_first() -> None:
    state = GAME.setup(2, seed=3, options=GAME.options(dealer_chooses_first=True))
    assert state.chooser == GAME.to_move(state) == state.dealer


def test_after_the_call_one_card_is_turned_up_as_the_first_stack() -> None:
    state = GAME.setup(2, seed=3)
    top = state.deck[0]
    state = GAME.apply(state, Call("blacks"))
    assert state.call == "blacks" and state.table == (top,) and len(state.deck) == 43
    assert GAME.to_move(state) == state.chooser  # the chooser plays first


def test_no_card_is_played_before_the_call_and_the_call_is_made_once() -> None:
    state = GAME.setup(2, seed=3)
    seat = state.chooser + 1
    assert GAME.why_illegal(state, Start(state.hands[state.chooser][0])) == (
        f"Player {seat}, the chooser, first calls reds or blacks; no card is played before "
        "the call."
    )
    state = GAME.apply(state, Call("reds"))
    assert "The call for this round is made" in str(GAME.why_illegal(state, Call("blacks")))
    assert GAME.why_illegal(state, Call("greens")) == "A call is reds or blacks, not 'greens'."
    assert all(not isinstance(m, Call) for m in GAME.legal_moves(state))


# -- playing cards ------------------------------------------------------------------------


def test_a_card_whose_suit_is_not_on_the_table_must_start_its_own_stack() -> None:
    state = position("KH / 9S", ("7D 2C", "AH"))
    assert GAME.legal_moves(state) == [Start(c("2C")), Start(c("7D"))]
    assert GAME.why_illegal(state, Add(c("7D"))) == (
        "There is no diamonds stack for 7D to go on; a card whose suit is not on the table "
        "must start its own stack."
    )
    assert GAME.why_illegal(state, Cancel(c("7D"), "spades")) == (
        "A card whose suit is not on the table must start its own stack: 7D cannot cancel "
        "the spades stack."
    )
    after = GAME.apply(state, Start(c("7D")))
    assert after.stacks[SUITS.index("diamonds")] == (c("7D"),) and after.turn == 1


def test_a_card_whose_suit_is_on_the_table_cannot_start_a_second_stack() -> None:
    state = position("KH / 9S", ("7H", "AH"))
    assert GAME.why_illegal(state, Start(c("7H"))) == (
        "A card whose suit is on the table cannot start a second stack: 7H must go on the "
        "hearts stack or cancel another suit's stack."
    )
    alone = position("KH", ("7H", "AH"))
    assert GAME.why_illegal(alone, Start(c("7H"))) == (
        "A card whose suit is on the table cannot start a second stack: 7H must go on the "
        "hearts stack."
    )
    assert GAME.legal_moves(alone) == [Add(c("7H"))]


def test_a_card_goes_on_its_own_suits_stack_or_cancels_another_suits() -> None:
    state = position("KH / 9S / QC", ("7H", "AH"))
    assert GAME.legal_moves(state) == [
        Add(c("7H")), Cancel(c("7H"), "spades"), Cancel(c("7H"), "clubs"),
    ]  # fmt: skip
    added = GAME.apply(state, Add(c("7H")))
    assert added.stacks[SUITS.index("hearts")] == (c("KH"), c("7H"))


def test_cancelling_discards_the_whole_stack_and_the_card() -> None:
    state = position("KH / 9S 3S / QC", ("7H", "AH"))
    after = GAME.apply(state, Cancel(c("7H"), "spades"))
    assert after.discard == (c("9S"), c("3S"), c("7H"))
    assert after.stacks[SUITS.index("spades")] == ()
    assert after.stacks[SUITS.index("hearts")] == (c("KH"),)  # its own stack stays
    assert c("7H") not in after.hands[0]


def test_a_card_cannot_cancel_its_own_suits_stack() -> None:
    state = position("KH / 9S", ("7H", "AH"))
    reason = "A card cannot cancel its own suit's stack; 7H may go on the hearts stack."
    assert GAME.why_illegal(state, Cancel(c("7H"), "hearts")) == reason
    with pytest.raises(IllegalMoveError, match="cannot cancel its own suit"):
        GAME.apply(state, Cancel(c("7H"), "hearts"))


def test_only_a_stack_on_the_table_can_be_cancelled() -> None:
    state = position("KH / 9S", ("7H", "AH"))
    assert GAME.why_illegal(state, Cancel(c("7H"), "clubs")) == (
        "There is no clubs stack on the table for 7H to cancel."
    )
    assert GAME.why_illegal(state, Cancel(c("7H"), "stars")) == (
        "There is no suit 'stars'; a stack is one of spades, hearts, diamonds, clubs."
    )


def test_a_card_not_in_hand_is_refused() -> None:
    state = position("KH", ("7H", "AH"))
    assert GAME.why_illegal(state, Add(c("AH"))) == "AH is not in player 1's hand."


def test_turns_alternate_from_the_chooser_until_both_hands_are_empty() -> None:
    state = GAME.apply(GAME.setup(2, seed=5), Call("reds"))
    seats = []
    while not state.results:
        seats.append(GAME.to_move(state))
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    first = 1 - state.dealer
    assert seats == [first, 1 - first] * 4


# -- counting and collecting -----------------------------------------------------------------


def test_cards_count_ace_1_to_king_13() -> None:
    assert count_table(cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")) == (91, 0)
    assert count_table(cards("AS JC QS KC")) == (0, 1 + 11 + 12 + 13)
    assert count_table(cards("10D AC")) == (10, 1)


def test_reds_are_hearts_and_diamonds_blacks_clubs_and_spades() -> None:
    assert count_table(cards("KH QD JS 10C")) == (25, 21)
    assert round_outcome(25, 21) == "reds"
    assert round_outcome(21, 25) == "blacks"
    assert round_outcome(21, 21) == "neither"


def last_card(stacks: str, call: str, card: str) -> QuadState:
    """Player 1 chose and has played out; player 2 plays ``card``, the round's last."""
    state = position(stacks, ("", card), call=call, chooser=0, turn=1)
    return GAME.apply(state, GAME.legal_moves(state)[0])


def test_the_chooser_collects_the_table_when_the_call_matches() -> None:
    state = last_card("KH 5H / 9S", "reds", "3S")  # reds 18, blacks 12
    result = state.results[0]
    assert (result.reds, result.blacks, result.outcome) == (18, 12, "reds")
    assert result.collector == 0 and set(state.collected[0]) == set(cards("KH 5H 9S 3S"))
    assert state.collected[1] == () and not any(state.stacks)


def test_the_other_player_collects_when_the_call_is_the_opposite() -> None:
    state = last_card("KH 5H / 9S", "blacks", "3S")
    assert state.results[0].collector == 1 and len(state.collected[1]) == 4


def test_a_tie_goes_to_the_other_player() -> None:
    for call in ("reds", "blacks"):
        state = last_card("7H / 2S", call, "5S")  # reds 7, blacks 7
        assert state.results[0].outcome == "neither"
        assert state.results[0].collector == 1 and len(state.collected[1]) == 3


def test_cancelled_cards_are_not_collected() -> None:
    state = position("KH / 9S", ("", "7H"), call="reds", chooser=0, turn=1, discard="2C 4C")
    state = GAME.apply(state, Cancel(c("7H"), "spades"))
    assert state.collected[0] == (c("KH"),)
    assert set(state.discard) == set(cards("2C 4C 9S 7H"))


def test_after_a_round_the_next_is_dealt_and_the_chooser_alternates() -> None:
    state = last_card("KH 5H / 9S", "reds", "3S")
    assert state.chooser == 1 and GAME.to_move(state) == 1 and state.call is None
    assert [len(h) for h in state.hands] == [4, 4]


def test_cancelled_cards_never_come_back() -> None:
    for seed in range(20):
        states = play_out(seed)
        final = states[-1].discard
        for before, after in pairwise(states):
            assert after.discard[: len(before.discard)] == before.discard  # only grows
        for state in states:
            elsewhere = {*state.deck, *state.table, *state.hands[0], *state.hands[1],
                         *state.collected[0], *state.collected[1]}  # fmt: skip
            assert not elsewhere & set(state.discard)
        assert sum(len(p) for p in states[-1].collected) + len(final) == 52


def test_six_rounds_use_up_the_deck_the_last_of_three_cards_each() -> None:
    assert ROUNDS == ((4, 1),) * 5 + ((3, 1),)
    states = play_out(7)
    dealt = [[len(h) for h in s.hands] for s in states if s.call is None and not s.finished]
    assert dealt == [[4, 4]] * 5 + [[3, 3]]
    final = states[-1]
    assert final.finished and len(final.results) == 6
    assert final.deck == () and final.hands == ((), ()) and not any(final.stacks)
    assert GAME.to_move(final) is None and GAME.legal_moves(final) == []
    last_round = [s for s in states if len(s.results) == 5 and s.call is not None]
    assert len(last_round[0].deck) == 0  # the up-card was the last card of the deck


def test_a_rounds_table_is_never_empty_and_never_one_card_short_of_all() -> None:
    """What the position reader refuses: a cancel removes at least two cards."""
    sizes: set[int] = set()
    last: set[int] = set()
    for seed in range(200):
        results = play_out(seed)[-1].results
        sizes.update(len(r.cards) for r in results[:-1])
        last.add(len(results[-1].cards))
    assert sizes <= {1, 2, 3, 4, 5, 6, 7, 9} and {9, 7, 6} <= sizes
    assert last <= {1, 2, 3, 4, 5, 7} and 7 in last


@pytest.mark.parametrize("dealer_chooses_first", [False, True])
def test_the_chooser_alternates_round_to_round(dealer_chooses_first: bool) -> None:
    final = play_out(11, dealer_chooses_first=dealer_chooses_first)[-1]
    first = final.dealer if dealer_chooses_first else 1 - final.dealer
    assert [r.chooser for r in final.results] == [first, 1 - first] * 3


# -- winning ---------------------------------------------------------------------------------


def finished(first: str, second: str) -> QuadState:
    state = position("", call="reds")
    return replace(state, collected=(cards(first), cards(second)), finished=True,
                   stacks=((),) * 4, deck=())  # fmt: skip


def test_the_most_cards_collected_wins_not_their_value() -> None:
    outcome = GAME.outcome(finished("KH KS KD", "AH AS AD 2C"))
    assert outcome is not None
    assert outcome.winners == (1,) and outcome.scores == (3, 4)
    assert outcome.reasons[-1] == "Player 2 collected 4 cards, player 1 3: player 2 wins."


def test_equal_counts_are_a_draw() -> None:
    outcome = GAME.outcome(finished("KH KS", "AH AS"))
    assert outcome is not None
    assert outcome.winners == () and outcome.scores == (2, 2)
    assert outcome.reasons[-1] == "Both players collected 2 cards: a draw."


def test_a_game_in_progress_has_no_outcome() -> None:
    assert GAME.outcome(GAME.setup(2, seed=1)) is None


def test_the_outcome_gives_every_round_and_the_collected_counts() -> None:
    final = play_out(4)[-1]
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert outcome.scores == (len(final.collected[0]), len(final.collected[1]))
    assert all(r.startswith(f"Round {n}:") for n, r in enumerate(outcome.reasons[:6], 1))
    assert len(outcome.reasons) == 7


def test_the_next_hand_is_a_new_game_dealt_by_the_other_player() -> None:
    final = play_out(2)[-1]
    following = GAME.next_hand(final)
    assert following.dealer == 1 - final.dealer and following.hand_number == 1
    assert following.results == () and len(following.deck) == 44


# -- the hidden call -----------------------------------------------------------------------------


def test_the_call_is_seen_by_the_chooser_alone() -> None:
    state = GAME.setup(2, seed=8)
    chooser, other = state.chooser, 1 - state.chooser
    reds, blacks = GAME.apply(state, Call("reds")), GAME.apply(state, Call("blacks"))
    assert [str(x) for x in GAME.view(reds, chooser)[-1].cards or ()] == ["RJ", "BJ"]
    assert [str(x) for x in GAME.view(blacks, chooser)[-1].cards or ()] == ["BJ", "RJ"]
    assert GAME.view(reds, other) == GAME.view(blacks, other)  # nothing tells the call
    assert GAME.view(reds, other)[-1].cards is None and GAME.view(reds, None)[-1].count == 2


def test_the_open_call_variation_shows_the_call_to_both() -> None:
    state = GAME.setup(2, seed=8, options=GAME.options(open_call=True))
    state = GAME.apply(state, Call("blacks"))
    assert [str(x) for x in GAME.view(state, 1 - state.chooser)[-1].cards or ()] == ["BJ", "RJ"]


def test_the_zones_hold_all_54_cards_and_the_rules_hold_in_random_games() -> None:
    for seed in range(30):
        record = playout(GAME, 2, seed, GAME.options(dealer_chooses_first=seed % 2 == 1))
        assert record.outcome is not None and record.moves == 6 + 5 * 8 + 6
    names = [z.name for z in GAME.zones(GAME.setup(2, seed=1))]
    assert names == ["deck", "hand", "hand", "spades stack", "hearts stack",
                     "diamonds stack", "clubs stack", "discard", "collected", "collected",
                     "jokers"]  # fmt: skip


def test_the_invariants_catch_a_broken_position() -> None:
    state = position("KH / 9S", ("7H", "AH"))
    universe = GAME.universe(state)
    assert check_position(GAME, state, universe) == []
    stray = replace(state, stacks=((c("9S"), c("7H")), (c("KH"),), (), ()),
                    hands=((), state.hands[1]))  # fmt: skip
    assert "the spades stack holds 7H" in GAME.invariants(stray)
    empty = replace(state, stacks=((),) * 4)
    assert "a round is being played with no stack on the table" in GAME.invariants(empty)
    dropped = replace(state, deck=state.deck[1:])
    assert "the zones hold 53 cards, not 54" in GAME.invariants(dropped)


def test_moves_read_as_words() -> None:
    moves = [Call("reds"), Start(c("7H")), Add(c("10D")), Cancel(c("QS"), "clubs")]
    assert [str(m) for m in moves] == ["call reds", "start 7H", "add 10D", "cancel clubs with QS"]
    assert GAME.check(GAME.setup(2, seed=1), "play").reasons == (
        "'play' is not a move of Quad; its moves are call, start, add and cancel.",
    )


# -- scoring a written table ---------------------------------------------------------------


def test_a_written_table_is_counted_and_the_collector_named() -> None:
    scored = GAME.score_position("reds: KH 5H / 9S 3S")
    assert scored.details["reds"] == 18 and scored.details["blacks"] == 12
    assert scored.details["outcome"] == "reds" and scored.details["collector"] == "chooser"
    assert scored.details["cards"] == 4
    assert scored.reasons == (
        "The reds count 18 (KH 13 + 5H 5).",
        "The blacks count 12 (9S 9 + 3S 3).",
        "Reds 18 beat blacks 12: the outcome is reds.",
        "The chooser called reds and the outcome is reds: the chooser collects the 4 cards "
        "on the table.",
    )


def test_a_written_tie_goes_to_the_other_player() -> None:
    scored = GAME.score_position("Reds: 7h\n7s")
    assert scored.details["outcome"] == "neither"
    assert scored.details["collector"] == "other player"
    assert "a tie matches no call" in scored.reasons[-1]


def test_a_written_table_counts_ace_1_and_king_13() -> None:
    scored = GAME.score_position("red: AH / KS")
    assert (scored.details["reds"], scored.details["blacks"]) == (1, 13)
    assert scored.details["outcome"] == "blacks" and scored.details["collector"] == "other player"
    assert scored.to_json()["details"]["stacks"] == [["AH"], ["KS"]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("KH 5H", "Begin with the chooser's call, reds or blacks, and a colon"),
        ("greens: KH", "The call 'greens' is not reds or blacks; begin with"),
        (": KH", "The call is missing; begin with reds or blacks"),
        ("reds:", "No cards are written after the call"),
        ("reds: XH", "In stack 1, card 1: 'XH': 'X' is not a rank"),
        ("reds: KH 5D / 9S", r"Stack 1 \(KH 5D\) mixes hearts and diamonds; a stack holds"),
        ("reds: KH / 9S / 2H", "Stacks 1 and 3 are both hearts; a suit has one stack at most"),
        ("reds: KH / 9S / KH", r"KH is written twice \(in stacks 1 and 3\)"),
        ("blacks: RJ / 9S", "RJ is a joker; the jokers only mark the chooser's call"),
        ("reds: AH 2H 3H 4H 5H / AS 2S 3S 4S 5S", "at most 9 cards on the table .*, not 10"),
        ("reds: AH 2H 3H 4H / AS 2S 3S 4S", "A table of 8 cards cannot arise"),
    ],
)
def test_a_table_that_cannot_be_read_or_cannot_arise_is_refused(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        GAME.score_position(text)


SIZES = [n for n in range(1, 10) if n != 8]


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, list[Card], str]:
    """A table a round can end with, written in random order, case and spacing."""
    size = draw(st.sampled_from(SIZES))
    chosen = draw(st.lists(st.sampled_from(PLAYING), min_size=size, max_size=size, unique=True))
    stacks = [[x for x in chosen if suit_of(x) == s] for s in SUITS]
    stacks = draw(st.permutations([s for s in stacks if s]))
    call = draw(st.sampled_from(["reds", "blacks", "Red", "BLACK"]))
    gap = draw(st.sampled_from([" ", "  ", ", ", ";"]))
    written = [gap.join(str(x) if draw(st.booleans()) else str(x).lower() for x in s)
               for s in stacks]  # fmt: skip
    return f"{call}: " + draw(st.sampled_from([" / ", "/", "\n"])).join(written), chosen, call


@given(tables())
def test_any_written_table_is_scored_by_the_rules(case: tuple[str, list[Card], str]) -> None:
    text, chosen, call = case
    details = GAME.score_position(text).details
    reds = sum(face_value(x) for x in chosen if str(x)[-1] in "HD")
    total = sum(face_value(x) for x in chosen)
    assert details["reds"] == reds and details["blacks"] == total - reds
    assert details["cards"] == len(chosen)
    expected = round_outcome(reds, total - reds)
    assert details["outcome"] == expected
    chooser_wins = expected == call.lower().rstrip("s") + "s"
    assert details["collector"] == ("chooser" if chooser_wins else "other player")


@given(tables(), st.randoms(use_true_random=False))
def test_the_order_of_the_stacks_does_not_matter(
    case: tuple[str, list[Card], str], rng: random.Random
) -> None:
    text, _, _ = case
    head, body = text.split(":", 1)
    stacks = body.replace("\n", "/").split("/")
    rng.shuffle(stacks)
    again = GAME.score_position(f"{head}:{'/'.join(stacks)}").details
    first = GAME.score_position(text).details
    assert {k: v for k, v in again.items() if k != "stacks"} == {
        k: v for k, v in first.items() if k != "stacks"
    }


@given(tables(), st.data())
def test_a_suit_in_a_second_stack_is_refused(
    case: tuple[str, list[Card], str], data: st.DataObject
) -> None:
    text, chosen, _ = case
    suit = suit_of(data.draw(st.sampled_from(chosen)))
    extra = data.draw(st.sampled_from([x for x in PLAYING if suit_of(x) == suit]))
    if extra in chosen:
        with pytest.raises(PositionError, match="is written twice"):
            GAME.score_position(f"{text} / {extra}")
    else:
        with pytest.raises(PositionError, match=f"are both {suit}"):
            GAME.score_position(f"{text} / {extra}")


@given(st.text(max_size=40))
def test_any_text_is_scored_or_refused_with_a_position_error(text: str) -> None:
    try:
        scored = GAME.score_position(text)
    except PositionError as error:
        assert not str(error)[0].islower() and str(error).endswith(".")
    else:
        assert scored.details["cards"] >= 1


@given(st.sampled_from(["reds", "blacks"]), st.lists(st.sampled_from(PLAYING), min_size=1,
                                                      max_size=12))  # fmt: skip
def test_any_list_of_cards_is_scored_or_refused(call: str, chosen: list[Card]) -> None:
    text = f"{call}: " + " / ".join(str(x) for x in chosen)
    try:
        GAME.score_position(text)
    except PositionError as error:
        assert any(word in str(error) for word in ("twice", "both", "cannot arise", "at most"))
    else:
        assert len(set(chosen)) == len(chosen) and len({suit_of(x) for x in chosen}) == len(chosen)

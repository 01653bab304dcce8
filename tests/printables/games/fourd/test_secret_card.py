"""Secret Card, rule by rule (4D Playing Cards rulebook, "Secret Card")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.games.base import OptionError
from printables.games.fourd.secret_card import (
    GAME,
    Announce,
    Guess,
    Pass,
    SecretState,
    candidates,
    holder_of,
    read_clues,
)
from printables.games.playout import playout

ALFIE_CLUES = [(card("Bw~T"), 2), (card("BwzT"), 2), (card("Gg=S"), 1), (card("Bb=C"), 1)]
BETTY_CLUES = [(card("Bw~T"), 2), (card("BwzT"), 1), (card("Gg=S"), 1), (card("Bb=C"), 1)]


def position(secrets: str, clues: str = "Bw~T BwzT", competitive: bool = False) -> SecretState:
    """Seat k's secret card is the k-th of ``secrets``; the dealer is the last seat, so
    player 1 (seat 0) is on the dealer's left and moves first."""
    mine = read_cards(secrets, FOUR_D)
    n = len(mine)
    state = GAME.setup(n, seed=1, options=GAME.options(competitive=competitive))
    held = [mine[0]] * n
    for seat, secret in enumerate(mine):
        held[holder_of(seat, n)] = secret
    clue_cards = tuple(read_cards(clues, FOUR_D))
    rest = tuple(c for c in FOUR_D.cards if c not in mine and c not in clue_cards)
    return replace(state, held=tuple(held), clues=clue_cards, stock=rest, dealer=n - 1, turn=0)


def play(state: SecretState, *moves: Any) -> SecretState:
    for move in moves:
        state = GAME.apply(state, move)
    return state


# -- the deal ----------------------------------------------------------------------------


def test_the_deal_gives_one_secret_card_each_and_turns_up_two_clue_cards() -> None:
    state = GAME.setup(5, seed=3)
    assert len(state.held) == 5 and len(state.clues) == 2
    assert len(state.stock) == 81 - 5 - 2
    assert state.turn == (state.dealer + 1) % 5  # the player on the dealer's left begins


@pytest.mark.parametrize(
    ("players", "seat", "holder"),
    [(2, 0, 1), (2, 1, 0), (3, 1, 0), (3, 0, 2), (4, 2, 0), (4, 0, 2), (8, 1, 7)],
)
def test_each_secret_card_is_held_by_the_book_s_player(
    players: int, seat: int, holder: int
) -> None:
    # Two: each other's. Three: the card you hold belongs to the player on your left.
    # Four or more: to the second player on your left.
    assert holder_of(seat, players) == holder
    state = GAME.setup(players, seed=2)
    assert GAME.secret_of(state, seat) == state.held[holder]


def test_a_player_never_sees_his_own_secret_card_but_its_holder_does() -> None:
    state = position("Rw=T Gb~T Bb=S")  # three: player 3 holds player 1's card (on his left)
    view = {z.name: z for z in GAME.view(state, 0)}
    assert view["secret card of player 1"].owner == 2
    assert view["secret card of player 1"].cards is None
    assert view["secret card of player 2"].cards == (card("Gb~T"),)  # player 1 holds it
    assert {z.name: z for z in GAME.view(state, 2)}["secret card of player 1"].cards == (
        card("Rw=T"),
    )


def test_the_secret_cards_are_shown_when_the_hand_is_over() -> None:
    state = play(position("Rw=T Gb~T"), Guess(card("Rw=T")), Pass())
    assert GAME.to_move(state) is None
    secrets = [z for z in GAME.view(state, 0) if z.name.startswith("secret")]
    assert [z.cards for z in secrets] == [(card("Gb~T"),), (card("Rw=T"),)]


# -- the clues and the book's deductions ---------------------------------------------------


def test_a_clue_is_the_number_of_values_shared_with_the_clue_card() -> None:
    state = position("Rw=T Gb~T", clues="Bw~T BwzT Gg=S Bb=C")
    assert GAME.clues_of(state, 0) == (2, 2, 1, 1)  # Alfie's clues
    assert GAME.clues_of(state, 1) == (2, 1, 1, 1)  # Betty's clues


def test_alfie_s_clues_determine_rw_t() -> None:
    scored = GAME.score_position("Rw=T vs Bw~T BwzT Gg=S Bb=C")
    assert [r["clue"] for r in scored.details["clues"]] == [2, 2, 1, 1]
    assert scored.reasons[0] == "Rw=T shares white and triangle with Bw~T: clue 2."
    assert candidates(ALFIE_CLUES) == [card("Rw=T")]


def test_betty_s_clues_leave_exactly_gb_t_and_gw_c() -> None:
    assert candidates(BETTY_CLUES) == [card("Gb~T"), card("Gw~C")]
    for secret in ("Gb~T", "Gw~C"):  # both give Betty's clues
        assert GAME.score_position(f"{secret} vs Bw~T BwzT Gg=S Bb=C").summary.endswith(
            "Bw~T=2 BwzT=1 Gg=S=1 Bb=C=1"
        )


def test_the_stripe_deduction_equal_clues_on_cards_differing_only_in_pattern() -> None:
    # Equal clues for Bw~T and BwzT: the pattern is neither wavy nor zigzag.
    fits = candidates(ALFIE_CLUES[:2])
    assert fits and all(c.value("pattern").name == "stripe" for c in fits)


def test_candidates_leave_out_cards_the_player_can_see() -> None:
    assert candidates(BETTY_CLUES, seen=[card("Gb~T")]) == [card("Gw~C")]


@given(st.sampled_from(FOUR_D.cards), st.lists(st.sampled_from(FOUR_D.cards), max_size=6))
def test_the_secret_card_always_fits_its_own_clues(secret: Any, clue_cards: list[Any]) -> None:
    clues = [(c, secret.shares(c)) for c in clue_cards if c != secret]
    fits = candidates(clues)
    assert secret in fits
    assert all(all(c.shares(k) == n for k, n in clues) for c in fits)


# -- Easy Secret Card --------------------------------------------------------------------


def test_easy_each_player_names_once_or_passes_then_a_clue_card_is_turned_up() -> None:
    state = position("Rw=T Gb~T")
    assert GAME.legal_moves(state) == [*(Guess(c) for c in FOUR_D.cards), Pass()]
    state = play(state, Guess(card("Gw~C")))
    assert state.turn == 1 and len(state.clues) == 2  # one guess, then the next player
    top = state.stock[0]
    state = play(state, Pass())
    assert state.clues[-1] == top and len(state.clues) == 3 and state.turn == 0


def test_easy_a_correct_guess_ends_the_hand_after_the_other_player_s_guess() -> None:
    state = play(position("Rw=T Gb~T"), Guess(card("Rw=T")))
    assert GAME.to_move(state) == 1  # Betty has not guessed since the last clue card
    state = play(state, Guess(card("Gw~C")))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (1, 0)
    assert outcome.reasons[0] == "Player 1 named Rw=T correctly: 1 point."
    assert outcome.reasons[1] == "Player 2 named Gw~C, but the secret card was Gb~T: 0 points."


def test_easy_both_correct_both_score() -> None:
    state = play(position("Rw=T Gb~T"), Guess(card("Rw=T")), Guess(card("Gb~T")))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (1, 1)


def test_easy_a_wrong_guess_does_not_end_the_hand() -> None:
    state = play(position("Rw=T Gb~T Bb=S"), Guess(card("Rw=S")), Pass(), Pass())
    assert GAME.to_move(state) == 0 and len(state.clues) == 3


def test_easy_has_no_announcement() -> None:
    assert GAME.why_illegal(position("Rw=T Gb~T"), Announce()) == (
        "Easy Secret Card has no announcements; name a card or pass."
    )


def test_when_the_stock_is_spent_and_nobody_is_right_nobody_scores() -> None:
    state = replace(position("Rw=T Gb~T"), stock=())
    state = play(state, Pass(), Guess(card("Rw=T")))  # player 2 names player 1's card
    outcome = GAME.outcome(state)
    assert GAME.to_move(state) is None and outcome is not None
    assert outcome.winners == () and outcome.scores == (0, 0)
    assert "nobody scores" in outcome.reasons[0]


# -- Competitive Secret Card -------------------------------------------------------------


def test_competitive_players_announce_or_pass_and_all_passing_turns_a_clue_card() -> None:
    state = position("Rw=T Gb~T Bb=S Rg~C", competitive=True)
    assert GAME.legal_moves(state) == [Pass(), Announce()]
    state = play(state, Pass(), Pass(), Pass())
    assert len(state.clues) == 2 and state.turn == 3
    state = play(state, Pass())
    assert len(state.clues) == 3 and state.turn == 0 and state.phase == "announce"


def test_competitive_after_an_announcement_the_others_may_still_decide() -> None:
    state = position("Rw=T Gb~T Bb=S", competitive=True)
    state = play(state, Pass(), Announce())  # the timer is set
    assert state.turn == 2
    state = play(state, Pass())
    assert state.turn == 0  # player 1 passed before the timer was set, and may decide again
    state = play(state, Announce())
    assert state.phase == "announce" and state.turn == 2  # a new announcement: decide again
    state = play(state, Pass())
    # Everyone still silent (player 3) has passed since the last announcement: time is up.
    assert state.phase == "name" and state.turn == 0
    assert GAME.legal_moves(state) == [Guess(c) for c in FOUR_D.cards]


def test_competitive_announced_players_must_name_and_others_cannot() -> None:
    state = play(position("Rw=T Gb~T", competitive=True), Announce(), Pass())
    assert state.phase == "name" and state.turn == 0
    assert GAME.why_illegal(state, Pass()) == (
        "Player 1 announced the intention to name the secret card and must name it now."
    )
    assert GAME.why_illegal(position("Rw=T Gb~T", competitive=True), Guess(card("Rw=T"))) == (
        "In Competitive Secret Card, first announce the intention to name your card; "
        "the naming comes when the timer runs out."
    )


def test_competitive_correct_scores_one_wrong_and_silent_zero() -> None:
    state = position("Rw=T Gb~T Bb=S Rg~C", competitive=True)
    state = play(state, Announce(), Announce(), Pass(), Pass())
    state = play(state, Guess(card("Rw=T")), Guess(card("Gw~C")))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (1, 0, 0, 0) and outcome.winners == (0,)


def test_competitive_if_nobody_is_correct_the_silent_players_score_one() -> None:
    state = position("Rw=T Gb~T Bb=S", competitive=True)
    state = play(state, Announce(), Pass(), Pass(), Guess(card("Rw=S")))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (0, 1, 1) and outcome.winners == (1, 2)
    assert outcome.reasons[1] == (
        "Player 2 did not name a card and nobody named correctly: 1 point."
    )


# -- the game ----------------------------------------------------------------------------


def test_the_game_is_played_to_five_and_tied_leaders_play_on() -> None:
    assert GAME.match_outcome([4, 3], 7) is None
    assert GAME.match_outcome([5, 5, 2], 9) is None
    outcome = GAME.match_outcome([6, 5, 2], 10)
    assert outcome is not None and outcome.winners == (0,)
    assert GAME.match_outcome([3, 1], 4, GAME.options(target=3)) is not None


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="target must be 1 to 100"):
        GAME.options(target=0)


def test_score_position_lists_the_cards_fitting_written_clues() -> None:
    scored = GAME.score_position("Bw~T=2 BwzT=1 Gg=S=1 Bb=C=1")
    assert scored.details["candidates"] == ["Gb~T", "Gw~C"]
    assert scored.summary == "2 cards fit the clues Bw~T=2 BwzT=1 Gg=S=1 Bb=C=1"
    only = GAME.score_position("Bw~T=2, BwzT=2, Gg=S=1, Bb=C=1")
    assert only.summary.startswith("Only Rw=T fits")
    assert [(str(c), n) for c, n in read_clues("Bg~ T=0")] == [("Bg~T", 0)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Bw~T=4", "0 to 3"),
        ("Bw~T", "CLUE=n"),
        ("Bw~T=1 Bw~T=2", "two clues"),
        ("Rw=T Bb=S vs Bw~T", "one secret card"),
        ("Rw=T vs Rw=T", "both the secret card and a clue card"),
        ("Xw~T=1", "X"),
    ],
)
def test_score_position_refuses_bad_text(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.score_position(text)


def test_playouts_end_and_score_by_the_rules() -> None:
    for seed in range(300):
        players = 2 + seed % 7
        for competitive in (False, True):
            outcome = playout(GAME, players, seed, GAME.options(competitive=competitive)).outcome
            assert outcome is not None and len(outcome.scores) == players
            assert set(outcome.scores) <= {0, 1}
            assert outcome.winners == tuple(s for s in range(players) if outcome.scores[s])

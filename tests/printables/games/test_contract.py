"""Every registered game keeps the shared contract: seeded random playouts that
referee themselves, legal moves that agree with the stated reasons, moves of other
games refused with a reason, hidden cards kept out of other players' views, perft counts
equal to the golden data, the next hand dealt the book's way and whole games played to
their end."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from printables.cards import DECKS, FOUR, FOUR_D, PARADOX, STANDARD
from printables.games.base import (
    Game,
    IllegalMoveError,
    OptionError,
    PositionError,
    UnknownGameError,
)
from printables.games.dealing import left_of
from printables.games.paradox.third_man import STILL, player_ahead
from printables.games.playout import perft, play_match, playout
from printables.games.registry import GAME_MODULES, GAMES, get_game

GOLDEN = Path(__file__).parent / "golden"
# Checked playouts per game and option set. 200 reach every line and branch of a game's
# rules that 600 do (coverage.py, line and branch, measured over printables/games on
# 2026-11-27), except in the games below, whose rare branches the last 400 still reach
# (a cipher challenger who stops short of the bid, a three-way tie in Buddy on your
# Left, a Third Man series with every piece on START); Lockdown's long hands stop at 200.
# The games' agreement with their independent referees is tested on its own.
PLAYOUTS: dict[str, int] = {
    "lockdown": 200,
    "challenge-cipher": 600,
    "buddy-on-your-left": 600,
    "nada-nada-nada": 600,
    "the-third-man": 600,
}
DEFAULT_PLAYOUTS = 200
NOT_GAMES = {"__init__"}


def golden(game: Game[Any, Any, Any]) -> dict[str, Any]:
    return json.loads((GOLDEN / f"{game.key}.json").read_text())


def option_sets(game: Game[Any, Any, Any]) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = [{}]
    for case in golden(game)["cases"]:
        if case["options"] not in seen:
            seen.append(case["options"])
    return seen


def sample_states(game: Game[Any, Any, Any], seeds: range, options: Any = None) -> list[Any]:
    """Positions met along random playouts (every position of each)."""
    states = []
    for seed in seeds:
        chooser = random.Random(seed)
        low, high = game.players
        state = game.setup(low + seed % (high - low + 1), seed, options)
        while game.to_move(state) is not None:
            states.append(state)
            moves = game.legal_moves(state)
            state = game.apply(state, moves[chooser.randrange(len(moves))])
        states.append(state)
    return states


KEYS = sorted(GAMES)
FAMILIES = {
    "fourd": {(FOUR_D, "4D Playing Cards")},
    "paradox": {(PARADOX, "PARADOX")},
    "standard": {(STANDARD, "Quad"), (FOUR, "Four"), (STANDARD, "Lockdown")},
}
"""Each family of games (a package of printables/games/): the decks and books its games
name (the standard-deck games are each the only game of its own source)."""
OWN_SETS = {"buddy-on-your-left"}
"""Games in which each player lays out his own set, the same every hand: the seed and the
next hand change who starts, not where the cards are."""


def test_every_game_module_is_registered() -> None:
    modules = {
        f"printables.games.{p.parent.name}.{p.stem}"
        for p in Path("printables/games").glob("*/*.py")
        if p.stem not in NOT_GAMES and p.parent.name != "handouts"  # a handout a game
    }
    assert modules == set(GAME_MODULES)
    assert {type(g).__module__ for g in GAMES.values()} == modules


@pytest.mark.parametrize("key", KEYS)
def test_every_game_names_its_deck_and_book(key: str) -> None:
    game = GAMES[key]
    assert game.deck in DECKS.values() and game.book
    state = game.setup(game.players[0], seed=3)
    assert {c.deck for c in game.universe(state)} == {game.deck}
    family = type(game).__module__.split(".")[2]  # printables.games.<family>.<game>
    assert (game.deck, game.book) in FAMILIES[family]


def _other_moves(game: Game[Any, Any, Any]) -> list[object]:
    """A legal move of every other game, and things that are no move at all."""
    found: list[object] = ["draw", None, 3, ("play", "Bb=S")]
    for other in GAMES.values():
        if type(other) is not type(game):
            found.append(other.legal_moves(other.setup(other.players[0], seed=1))[0])
    return found


@pytest.mark.parametrize("key", KEYS)
def test_a_move_of_another_game_is_refused_with_a_reason(key: str) -> None:
    game = GAMES[key]
    state = game.setup(game.players[0], seed=2)
    for move in _other_moves(game):
        verdict = game.check(state, move)
        assert not verdict, f"{game.title} accepted {move!r}"
        assert verdict.reasons[0].startswith(f"{move!r} is not a move of {game.title}; its moves")
        with pytest.raises(IllegalMoveError, match=f"is not a move of {game.title}"):
            game.apply(state, move)


def _finish(game: Game[Any, Any, Any], state: Any) -> Any:
    while game.to_move(state) is not None:
        state = game.apply(state, game.legal_moves(state)[0])
    return state


@pytest.mark.parametrize("key", KEYS)
def test_the_next_hand_is_dealt_the_books_way(key: str) -> None:
    game = GAMES[key]
    players = game.players[1] if game.players[1] <= 4 else 4
    state = game.setup(players, seed=6)
    with pytest.raises(PositionError, match="not over yet"):
        game.next_hand(state)
    state = _finish(game, state)
    following = game.next_hand(state)
    assert following.hand_number == state.hand_number + 1
    assert following.seed == state.seed and following.options == state.options
    if key == "zodiac":  # the dealer may keep the deal (Zodiac's own rule)
        assert following.dealer == state.next_dealer
    elif key == "buddy-on-your-left":  # the round's winner plays first (its own rule)
        assert following.dealer in game.outcome(state).winners
    elif key == "four":  # the winner deals the next game (its own rule); none: the left
        winners = game.outcome(state).winners
        assert following.dealer == (winners[0] if winners else left_of(state.dealer, players))
    elif key == "the-third-man":  # no dealer: the lead rule names the series' first lead
        last = state.completed[-1]
        assert following.dealer == player_ahead(STILL, last.changes, last.lead)[0]
    else:  # the player on the dealer's left deals
        assert following.dealer == left_of(state.dealer, players)
    assert game.to_move(following) is not None
    if key in OWN_SETS:  # every set laid out again
        assert game.zones(following) == game.zones(game.setup(players, seed=6))
    else:
        assert game.zones(following) != game.zones(game.setup(players, seed=6))  # dealt anew


@pytest.mark.parametrize("key", KEYS)
def test_every_game_plays_a_whole_game_hand_after_hand(key: str) -> None:
    """The match runner deals hand after hand (:meth:`Game.next_hand`), every position
    refereed, until the game's own ending; a game of one hand ends with it."""
    game = GAMES[key]
    low, high = game.players
    records = [play_match(game, low + seed % (high - low + 1), seed) for seed in range(3)]
    for record in records:
        assert record.outcome is not None and record.hands >= 1
        if not game.one_hand:
            assert game.match_outcome(record.totals, record.hands) == record.outcome
    if not game.one_hand:
        assert max(r.hands for r in records) > 1
    else:
        assert all(r.hands == 1 for r in records)


@pytest.mark.parametrize("key", KEYS)
def test_random_playouts_keep_the_rules(key: str) -> None:
    game = GAMES[key]
    low, high = game.players
    count = PLAYOUTS.get(key, DEFAULT_PLAYOUTS)
    for values in option_sets(game):
        options = game.options(**values)
        runs = max(count // len(option_sets(game)), 50)
        for seed in range(runs):
            record = playout(game, low + seed % (high - low + 1), seed, options)
            assert record.outcome is not None
            assert len(record.outcome.scores) == low + seed % (high - low + 1)


@pytest.mark.parametrize("key", KEYS)
def test_legal_moves_are_the_candidates_with_no_reason_against(key: str) -> None:
    game = GAMES[key]
    for state in sample_states(game, range(6)):
        legal = game.legal_moves(state)
        if game.to_move(state) is None:
            assert legal == []
            continue
        filtered = [m for m in game.candidate_moves(state) if game.why_illegal(state, m) is None]
        assert legal == filtered
        assert legal, "a hand in progress always has a legal move"
        for move in game.candidate_moves(state):
            if move in legal:
                continue
            reason = game.why_illegal(state, move)
            assert reason and reason[0].isupper() and reason.endswith("."), reason
            with pytest.raises(IllegalMoveError) as caught:
                game.apply(state, move)
            assert str(caught.value) == reason


@pytest.mark.parametrize("key", KEYS)
def test_views_hide_other_players_cards(key: str) -> None:
    game = GAMES[key]
    for state in sample_states(game, range(3)):
        zones = game.zones(state)
        seats = {z.owner for z in zones if z.owner is not None} | {0}
        for seat in seats:
            for zone, seen in zip(zones, game.view(state, seat), strict=True):
                assert seen.count == len(zone.cards)
                if zone.seen_by == "none" or (zone.seen_by == "owner" and zone.owner != seat):
                    assert seen.cards is None
                else:
                    assert seen.cards == zone.cards


@pytest.mark.parametrize("key", KEYS)
def test_perft_counts_match_the_golden_data(key: str) -> None:
    game = GAMES[key]
    data = golden(game)
    assert data["cases"], "golden data has cases"
    for case in data["cases"]:
        state = game.setup(case["players"], case["seed"], game.options(**case["options"]))
        assert [perft(game, state, d) for d in range(case["depth"] + 1)] == case["counts"], case


@pytest.mark.parametrize("key", KEYS)
def test_setup_is_reproducible_from_the_seed(key: str) -> None:
    game = GAMES[key]
    players = game.players[0]
    assert game.setup(players, 4) == game.setup(players, 4)
    if key in OWN_SETS:  # the same sets every time; the seed draws who starts
        starts = {game.to_move(game.setup(players, seed)) for seed in range(20)}
        assert starts == set(range(players))
        return
    assert game.zones(game.setup(players, 4)) != game.zones(game.setup(players, 5))


@pytest.mark.parametrize("key", KEYS)
def test_bad_options_and_player_counts_are_refused(key: str) -> None:
    game = GAMES[key]
    with pytest.raises(OptionError, match="no option 'colour'"):
        game.options(colour="blue")
    with pytest.raises(OptionError, match=f"{game.title} is for"):
        game.setup(game.players[1] + 1, 1)
    for name, default, help_text in game.option_help():
        assert help_text, f"option {name} (default {default!r}) has no help"


@pytest.mark.parametrize("key", KEYS)
def test_registry_finds_the_game_by_key_and_title(key: str) -> None:
    game = GAMES[key]
    assert get_game(key) is game
    assert get_game(game.title.upper()) is game


def test_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGameError, match="good-riddance"):
        get_game("snap")

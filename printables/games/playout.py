"""Seeded random playouts that referee themselves, whole games, and perft-style counts.

A playout deals a hand from a seed and plays uniformly random legal moves to the
end, checking after every move that the rules still hold: the move was legal,
no card was lost or duplicated, the game's own invariants hold, and the hand ends within a bound.
:func:`play_match` plays hands the same way, each dealt as the book passes the deal
(:meth:`Game.next_hand`), adding up the hands' scores until the game's
:meth:`Game.match_outcome` says the game is over.
:func:`perft` counts the legal move sequences of a given length from a position,
as chess programs do, so that a change to the rules shows up as a changed count.

>>> from printables.games.fourd.good_riddance import GAME
>>> record = playout(GAME, players=3, seed=11)
>>> record.outcome is not None and record.moves > 0
True
>>> perft(GAME, GAME.setup(2, seed=1), 1) == len(GAME.legal_moves(GAME.setup(2, seed=1)))
True
>>> from printables.games.fourd.nada import GAME as NADA
>>> game = play_match(NADA, players=3, seed=5)
>>> game.hands > 1, max(game.totals) >= 10, game.outcome.winners[0] in range(3)
(True, True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import chain
from typing import Any

from printables.games.base import Game, Outcome


class InvariantError(AssertionError):
    """A playout found a position that breaks the rules; the message says where."""


@dataclass(frozen=True)
class PlayoutRecord:
    """What a playout did: how many moves, and how the hand ended."""

    game: str
    players: int
    seed: int
    moves: int
    outcome: Outcome | None


def check_position(game: Game[Any, Any, Any], state: Any, universe: Counter[Any]) -> list[str]:
    """Everything wrong with ``state``: cards lost or duplicated, broken invariants
    of the game. Empty when all is well."""
    problems = []
    here = Counter(chain.from_iterable(zone.cards for zone in game.zones(state)))
    if dict(here) != dict(universe):  # dict equality is C-level; Counter's is not
        lost, extra = universe - here, here - universe
        problems.append(f"cards lost {sorted(map(str, lost))}, extra {sorted(map(str, extra))}")
    problems.extend(game.invariants(state))
    return problems


def playout(
    game: Game[Any, Any, Any],
    players: int,
    seed: int,
    options: Any = None,
    *,
    check: bool = True,
    max_moves: int = 20_000,
) -> PlayoutRecord:
    """Play one hand with uniformly random legal moves (chosen by ``seed``) to the end.

    With ``check``, every position is refereed (:func:`check_position`) and every
    move is re-checked by :meth:`Game.check`; a problem raises :class:`InvariantError`.
    """
    chooser = random.Random(f"playout:{seed}")
    state = game.setup(players, seed, options)
    state, moves = _play_hand(game, state, chooser, seed, check=check, max_moves=max_moves)
    return PlayoutRecord(game.key, players, seed, moves, game.outcome(state))


def _play_hand(
    game: Game[Any, Any, Any],
    state: Any,
    chooser: random.Random,
    seed: int,
    *,
    check: bool,
    max_moves: int,
) -> tuple[Any, int]:
    """Random legal moves from ``state`` to the end of the hand: the last state, and how
    many moves it took."""
    universe = game.universe(state)
    moves = 0
    while game.to_move(state) is not None:
        if moves >= max_moves:
            raise InvariantError(f"{game.title} seed {seed}: no end after {max_moves} moves")
        legal = game.legal_moves(state)
        if not legal:
            raise InvariantError(f"{game.title} seed {seed}: no legal move after {moves} moves")
        move = legal[chooser.randrange(len(legal))]
        if check and not game.check(state, move):
            raise InvariantError(f"{game.title} seed {seed}: listed move {move} is illegal")
        state = game.apply(state, move)
        moves += 1
        if check:
            problems = check_position(game, state, universe)
            if problems:
                raise InvariantError(
                    f"{game.title} seed {seed} after move {moves} ({move}): " + "; ".join(problems)
                )
    if check and game.outcome(state) is None:
        raise InvariantError(f"{game.title} seed {seed}: the hand ended with no outcome")
    return state, moves


@dataclass(frozen=True)
class MatchRecord:
    """A whole game played out: its hands and moves, each seat's total of the hands'
    scores, and the game's outcome."""

    game: str
    players: int
    seed: int
    hands: int
    moves: int
    totals: tuple[int, ...]
    outcome: Outcome


def play_match(
    game: Game[Any, Any, Any],
    players: int,
    seed: int,
    options: Any = None,
    *,
    check: bool = True,
    max_hands: int = 500,
    max_moves: int = 20_000,
) -> MatchRecord:
    """Play a whole game with random legal moves: hand after hand, each dealt as the book
    passes the deal, until the running totals end it (a game of one hand ends with its
    hand). With ``check`` every position is refereed, as in :func:`playout`; a game that
    has not ended after ``max_hands`` hands raises :class:`InvariantError`."""
    chooser = random.Random(f"match:{seed}")
    state = game.setup(players, seed, options)
    totals = [0] * players
    hands = moves = 0
    while True:
        state, made = _play_hand(game, state, chooser, seed, check=check, max_moves=max_moves)
        hands, moves = hands + 1, moves + made
        outcome = game.outcome(state)
        if outcome is None:  # only without check; with it _play_hand has refused already
            raise InvariantError(f"{game.title} seed {seed}: hand {hands} has no outcome")
        totals = [t + s for t, s in zip(totals, outcome.scores, strict=True)]
        ended = outcome if game.one_hand else game.match_outcome(totals, hands, options)
        if ended is not None:
            return MatchRecord(game.key, players, seed, hands, moves, tuple(totals), ended)
        if hands >= max_hands:
            raise InvariantError(f"{game.title} seed {seed}: no end after {max_hands} hands")
        state = game.next_hand(state)


def perft(game: Game[Any, Any, Any], state: Any, depth: int) -> int:
    """How many legal move sequences of ``depth`` moves start at ``state`` (a sequence
    that ends the hand early counts once)."""
    if depth == 0 or game.to_move(state) is None:
        return 1
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(game, game.apply(state, m), depth - 1) for m in moves)

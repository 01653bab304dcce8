"""Lockdown's engine against an independent referee (``tests/support/lockdown_oracle.py``)
on thousands of seeded games played in lockstep: the same legal moves at every step, the
same cards everywhere after every move, the same eliminations, player to move and end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from lockdown_oracle import Oracle

from printables.cards.decks import STANDARD
from printables.games.standard.lockdown import (
    GAME,
    Clear,
    Draw,
    Force,
    Give,
    LockdownState,
    Shuffle,
    Take,
)

GAMES_PER_CHUNK = 250
CHUNKS = 3  # 750 games (72,000 steps or so): what fits beside the rest of the suite in CI
NAME = {c: str(c) for c in STANDARD.cards}
"""Card names, looked up once (the game's cards are the deck's own objects)."""


def as_tuple(move: Any) -> tuple[Any, ...]:
    if isinstance(move, Give):
        return ("give", NAME[move.card], move.to)
    kind = {Draw: "draw", Take: "take", Force: "force", Shuffle: "shuffle", Clear: "clear"}
    return (kind[type(move)], *(getattr(move, f) for f in move.__dataclass_fields__))


def names(cards: Any) -> list[str]:
    return [NAME[c] for c in cards]


def oracle_of(state: LockdownState) -> Oracle:
    """The oracle, given the engine's deal (its chance) and nothing else."""
    oracle = Oracle(
        hands=[names(h) for h in state.hands], deck=names(state.deck), turn=state.turn,
        turns=list(state.turns), seed=state.seed, hand_number=state.hand_number,
        variant=state.options.clear_variant, cap=state.options.move_cap,
        outside=names(state.outside), out=[s for s, _ in state.eliminated],
    )  # fmt: skip
    oracle.got = [dict.fromkeys(h, -2) for h in oracle.hands]
    return oracle


def same(state: LockdownState, oracle: Oracle) -> None:
    assert [names(h) for h in state.hands] == oracle.hands
    assert names(state.deck) == oracle.deck
    assert names(state.outside) == oracle.outside
    assert [s for s, _ in state.eliminated] == oracle.out
    assert GAME.to_move(state) == oracle.turn
    assert sum(map(len, state.hands)) + len(state.deck) + len(state.outside) == (
        54 if state.options.clear_variant else 52
    )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_engine_and_the_oracle_agree_move_for_move(chunk: int) -> None:
    for k in range(GAMES_PER_CHUNK):
        seed = chunk * GAMES_PER_CHUNK + k
        chooser = random.Random(f"agree:{seed}")
        players = 2 + seed % 7
        options = GAME.options(clear_variant=seed % 3 == 0, move_cap=60 if seed % 10 == 9 else 2000)
        state = GAME.setup(players, seed, options)
        oracle = oracle_of(state)
        same(state, oracle)
        while GAME.to_move(state) is not None:
            legal = GAME.legal_moves(state)
            assert {as_tuple(m) for m in legal} == oracle.legal(), (seed, state.moves)
            move = legal[chooser.randrange(len(legal))]
            state = GAME.apply(state, move)
            oracle.play(as_tuple(move))
            same(state, oracle)
        outcome = GAME.outcome(state)
        assert outcome is not None
        winners, how = oracle.result()
        assert outcome.winners == winners, seed
        assert (how == "cap") == state.capped


def test_the_oracle_knows_the_rules_on_its_own() -> None:
    """The oracle itself: a fourth king given eliminates, and the giver moves again."""
    oracle = Oracle(hands=[["KS", "2S"], ["KH", "KD", "KC"], ["3D"]], deck=["9C"], turn=0,
                    turns=[1, 1, 1], seed=1, hand_number=0)  # fmt: skip
    assert ("give", "KS", 1) in oracle.legal() and ("give", "KS", 0) not in oracle.legal()
    oracle.play(("give", "KS", 1))
    assert oracle.out == [1] and sorted(oracle.outside) == ["KC", "KD", "KH", "KS"]
    assert oracle.turn == 0 and oracle.turns == [2, 1, 1]


def test_the_oracle_passes_the_turn_by_the_books_general_rule_after_a_self_elimination() -> None:
    """A player who draws or takes his own fourth card is out; the player he named, or the
    one he took from, moves next (not his left-hand neighbour)."""
    drawn = Oracle(hands=[["7S", "7H", "7D"], ["2H"], ["3D"]], deck=["7C", "9C"], turn=0,
                   turns=[1, 1, 1], seed=1, hand_number=0)  # fmt: skip
    drawn.play(("draw", 2))
    assert drawn.out == [0] and drawn.turn == 2
    taken = Oracle(hands=[["7S", "7H", "7D"], ["2H"], ["7C"]], deck=["9C"], turn=0,
                   turns=[1, 1, 1], seed=1, hand_number=0)  # fmt: skip
    taken.play(("take", 2))
    assert taken.out == [0] and taken.turn == 2

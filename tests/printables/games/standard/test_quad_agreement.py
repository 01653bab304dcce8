"""Quad's engine against an independent reading of the rules (``tests/support/quad_oracle``):
thousands of seeded games played in lockstep, the same random move applied to both."""

from __future__ import annotations

import random

import pytest
from quad_oracle import Move, QuadOracle, read_card

from printables.games.standard.quad import GAME, Add, Call, Cancel, QuadMove, QuadState, Start

GAMES = 2000
CHUNKS = 4
"""The games are played in chunks, so that test workers can share them."""


def translate(move: QuadMove) -> Move:
    """An engine move as the oracle writes it."""
    if isinstance(move, Call):
        return ("call", move.color)
    card = read_card(str(move.card))
    if isinstance(move, Start):
        return ("start", card)
    if isinstance(move, Add):
        return ("add", card)
    assert isinstance(move, Cancel)
    return ("cancel", card, move.stack[0].upper())


def oracle_for(state: QuadState, seed: int) -> QuadOracle:
    """The oracle dealt from the same shuffle (the pack without its jokers)."""
    pack = [read_card(str(c)) for c in GAME.pack(seed, state.hand_number) if c.extra is None]
    first = state.dealer if state.options.dealer_chooses_first else 1 - state.dealer
    return QuadOracle(pack, state.dealer, first)


def cards_in_zones(state: QuadState) -> int:
    return sum(len(zone.cards) for zone in GAME.zones(state))


def lockstep(seed: int, dealer_chooses_first: bool = False) -> tuple[QuadState, QuadOracle]:
    state = GAME.setup(2, seed, GAME.options(dealer_chooses_first=dealer_chooses_first))
    oracle = oracle_for(state, seed)
    chooser = random.Random(f"quad-agreement:{seed}")
    steps = 0
    while GAME.to_move(state) is not None:
        legal = {translate(m): m for m in GAME.legal_moves(state)}
        assert len(legal) == len(GAME.legal_moves(state)), "a move listed twice"
        assert set(legal) == oracle.legal(), f"seed {seed}, step {steps}"
        assert GAME.to_move(state) == oracle.to_move()
        pick = sorted(legal, key=repr)[chooser.randrange(len(legal))]
        state = GAME.apply(state, legal[pick])
        oracle.play(pick)
        steps += 1
        assert cards_in_zones(state) == 54 and oracle.cards_everywhere() == 54
    assert oracle.to_move() is None and oracle.legal() == set()
    return state, oracle


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_engine_and_oracle_agree_on_thousands_of_games(chunk: int) -> None:
    draws = 0
    for seed in range(chunk, GAMES, CHUNKS):
        state, oracle = lockstep(seed, dealer_chooses_first=seed % 10 == 9)
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert outcome.scores == oracle.collected(), seed
        assert outcome.winners == oracle.winners(), seed
        assert sum(outcome.scores) + len(state.discard) == 52
        draws += not outcome.winners
    assert draws > 0, "some random games end in a draw"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_oracle_deals_six_rounds_the_last_of_three(seed: int) -> None:
    oracle = QuadOracle([(r, s) for s in "SHDC" for r in range(1, 14)], 0, 1)
    sizes = []
    while oracle.to_move() is not None:
        if oracle.call is None:
            sizes.append(len(oracle.hands[0]))
        oracle.play(sorted(oracle.legal(), key=repr)[seed % len(oracle.legal())])
    assert sizes == [4, 4, 4, 4, 4, 3] and oracle.rounds_done == 6

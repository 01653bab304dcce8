"""The Four engine agrees with an independent reading of the rules (``four_oracle``):
thousands of seeded games played in lockstep, the same legal moves at every step, the same
random choice applied to both, the same hands, piles and outcome."""

from __future__ import annotations

import random
from typing import Any

import pytest
from four_oracle import FourTable, OracleMove

from printables.cards.decks import FOUR
from printables.games.standard.four import (
    GAME,
    AddBet,
    Discard,
    Draw,
    EndTurn,
    Forfeit,
    FourMove,
    FourState,
    GoOut,
    Take,
)

GAMES = 334  # for each player count, with and without betting: 2,004 games in all
NAME = {c: str(c) for c in FOUR.cards}  # card names, looked up once
DECK = set(NAME.values())


def oracle_move(move: FourMove) -> OracleMove:
    """The engine's move written as the oracle writes it."""
    if isinstance(move, Take | Discard):
        return ("take" if isinstance(move, Take) else "discard", NAME[move.card])
    words = {GoOut: "out", Draw: "draw", EndTurn: "end", AddBet: "bet", Forfeit: "forfeit"}
    return (words[type(move)],)


def options_for(seed: int, betting: bool) -> dict[str, Any]:
    """The options of a game; one game in ten is stopped early by a small move cap."""
    values: dict[str, Any] = {"betting": betting}
    if seed % 10 == 7:
        values["move_cap"] = 5 + seed % 41
    return values


def same_table(state: FourState, table: FourTable) -> None:
    """Both hold the same cards in the same places (hands in the same order: dealt, a card
    taken added last, a discard removed), all 28 cards at once, and the engine's own
    invariants hold."""
    for seat, hand in enumerate(state.hands):
        assert [NAME[c] for c in hand] == table.hands[seat]
        assert [NAME[c] for c in state.shown[seat]] == table.face_up.get(seat, [])
    assert [NAME[c] for c in state.draw] == table.stock
    assert [NAME[c] for c in state.discard] == table.discards
    here = [NAME[c] for zone in GAME.zones(state) for c in zone.cards]
    assert len(here) == len(DECK) and set(here) == DECK
    oracle = table.all_cards()
    assert len(oracle) == len(DECK) and set(oracle) == DECK
    assert GAME.invariants(state) == []


def play_both(players: int, seed: int, betting: bool) -> int:
    """Play one seeded game in lockstep; how many moves it took."""
    values = options_for(seed, betting)
    state = GAME.setup(players, seed, GAME.options(**values))
    pack = [NAME[c] for c in GAME.pack(seed)]
    table = FourTable(pack, players, state.dealer, values["betting"],
                      values.get("move_cap", GAME.options().move_cap))  # fmt: skip
    chooser = random.Random(f"four-agreement:{players}:{betting}:{seed}")
    while True:
        same_table(state, table)
        assert GAME.to_move(state) == table.mover()
        engine = GAME.legal_moves(state)
        by_name = {oracle_move(m): m for m in engine}
        assert len(by_name) == len(engine)
        assert set(by_name) == set(table.legal()), (seed, state.moves)
        if not engine:
            break
        choice = sorted(by_name)[chooser.randrange(len(by_name))]
        state = GAME.apply(state, by_name[choice])
        table.play(choice)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (() if table.winner() is None else (table.winner(),))
    assert list(outcome.scores) == table.scores()
    return state.moves


@pytest.mark.parametrize("betting", [False, True])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_engine_and_the_oracle_agree_move_by_move(players: int, betting: bool) -> None:
    moves = [play_both(players, seed, betting) for seed in range(GAMES)]
    assert min(moves) > 0 and sum(moves) > 30 * GAMES


def test_the_oracle_plays_the_rules_it_states() -> None:
    """The oracle itself, on a hand it can check by eye: the deal from the dealer's left."""
    pack = [str(c) for c in FOUR.cards]
    table = FourTable(pack, players=3, dealer=2, betting=False, cap=100)
    assert table.hands[0] == ["AS", "AC", "2D", "3H"]
    assert table.discards == ["4S"] and len(table.stock) == 15 and table.mover() == 0

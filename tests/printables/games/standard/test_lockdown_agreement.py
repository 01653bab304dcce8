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

GAMES_PER_CHUNK = 150
CHUNKS = 3
"""450 games (43,000 steps or so). Every rule path the first 750 games met, 450 meet too
(the rarest, a Shuffle that puts out the mover and the player he named, twice; everyone
put out together, three times): :data:`PATHS` names them, and each chunk checks that it
met the paths it must (:data:`RARE` names the chunks of the rare ones)."""
PATHS = frozenset({
    "draw", "give", "take", "force", "shuffle", "clear", "empty deck",
    "a card too new to give", "draw puts the mover out", "take puts the mover out",
    "shuffle puts the mover out", "force puts a player out, the mover moves again",
    "give puts a player out, the mover moves again",
    "shuffle puts a player out, the mover moves again", "shuffle puts out two or more",
    "shuffle puts out the mover and the player named: his left moves",
    "won", "everyone out: a draw", "cap",
})  # fmt: skip
"""The rule paths the games must take: every action; each way an elimination passes the
turn (the book's general rule after a self-elimination, another turn after putting out
someone else, the left-hand player when the named player went out too); the no-give-backs
rule refusing a card; an empty deck; each way a game ends."""
RARE = {
    "shuffle puts out the mover and the player named: his left moves": {0, 2},  # seeds 3, 307
    "everyone out: a draw": {0, 1},
}
"""The paths met by a few games only, and the chunks that meet them."""
NAME = {c: str(c) for c in STANDARD.cards}
"""Card names, looked up once (the game's cards are the deck's own objects)."""


TUPLE_OF = {
    Draw: lambda m: ("draw", m.next),
    Give: lambda m: ("give", NAME[m.card], m.to),
    Take: lambda m: ("take", m.source),
    Force: lambda m: ("force", m.target),
    Shuffle: lambda m: ("shuffle", m.next),
    Clear: lambda m: ("clear", m.next),
}
"""Each move as the oracle writes it, by the move's type."""


def as_tuple(move: Any) -> tuple[Any, ...]:
    return TUPLE_OF[type(move)](move)  # type: ignore[no-any-return]


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


def paths(move: tuple[Any, ...], me: int, gone: list[int], after: int | None) -> set[str]:
    """The rule paths a move took, as the oracle played it: ``me`` moved, ``gone`` went
    out, ``after`` moves next."""
    kind = move[0]
    met = {kind}
    if gone and me in gone:
        met.add(f"{kind} puts the mover out")
        if kind == "shuffle" and after is not None and after != move[1]:
            met.add("shuffle puts out the mover and the player named: his left moves")
    elif gone and after == me:
        met.add(f"{kind} puts a player out, the mover moves again")
    if len(gone) > 1:
        met.add(f"{kind} puts out two or more")
    return met


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
    met: set[str] = set()
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
            expected = oracle.legal()
            assert {as_tuple(m) for m in legal} == expected, (seed, state.moves)
            me, before = oracle.turn, len(oracle.out)
            assert me is not None
            if not oracle.deck:
                met.add("empty deck")
            if len({m[1] for m in expected if m[0] == "give"}) < len(oracle.hands[me]):
                met.add("a card too new to give")
            move = legal[chooser.randrange(len(legal))]
            state = GAME.apply(state, move)
            oracle.play(as_tuple(move))
            same(state, oracle)
            met |= paths(as_tuple(move), me, oracle.out[before:], oracle.turn)
        outcome = GAME.outcome(state)
        assert outcome is not None
        winners, how = oracle.result()
        assert outcome.winners == winners, seed
        assert (how == "cap") == state.capped
        met.add({"won": "won", "draw": "everyone out: a draw", "cap": "cap"}[how])
    must = {p for p in PATHS if chunk in RARE.get(p, {chunk})}
    assert must <= met, f"chunk {chunk} never took {sorted(must - met)}"
    assert met <= PATHS, f"a path not named in PATHS: {sorted(met - PATHS)}"


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

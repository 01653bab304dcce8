"""Played rounds of Costly Tricks shared by the analysis tests, and a solver whose time
runs out where a test says."""

from printables.cards.deck import Card
from printables.paradox.solver import Solver
from printables.paradox.tricks import Position

MISTAKES = """\
A: B5 R9 P0
B: P10 R6 G4
A's ghost: R4 P9 P4
B's ghost: G10 G9 G7
leader: A
play: P0 P10 P4 G9 / G7 B5 G4 P9 / R4 G10 R9 R6
"""
"""A round with a small mistake (G9 costs B 1) and a big one (P9 costs A 9)."""

WHOLE_AND_SLOW = """\
A: R7 G4 G8 G2 P0 R5 R4 B6 B1 R2 R3
B: B4 P5 P3 G0 B9 B7 R10 G10 P1 P8 P2
A's ghost: G5 R6 G3 B0 G6 R8 P6 R1 G7 P10 G1
B's ghost: B8 R0 R9 B3 P9 G9 B10 P4 P7 B5 B2
play: P7 P0 P8 P6 / P2 P10 P9 R3 / B1 B9 B0 B10 / B5 B6 B7 G3 / G7 G9 G4 G0 /
  P4 R4 P3 R8 / G5 R9 G2 G10 / B3 R7 B4 R1 / R5 R10 R6 R0 / P1 G1 B8 R2 / G8 P5 G6 B2
"""
"""A whole round (11 cards a hand) whose first lead takes the compiled solver over 30 s
on a quiet 2-core machine, and the rest of it under 3 s (``bench_round_analysis``'s
round of seed 11005)."""


class RunsOut(Solver):
    """A solver whose time runs out on every position holding more than ``most`` cards
    (the first positions of a round hold the most)."""

    def __init__(self, position: Position, most: int) -> None:
        super().__init__(position)
        self.most = most

    def _clock(self, position: Position) -> None:
        if position.cards_left > self.most:
            raise TimeoutError("the solver's time limit ran out")

    def value(self, position: Position) -> int:
        self._clock(position)
        return super().value(position)

    def best_cards(
        self, position: Position, within: int = 0, most: int | None = None
    ) -> list[Card]:
        self._clock(position)
        return super().best_cards(position, within, most)

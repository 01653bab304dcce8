"""How hard a Costly Tricks problem is, by the solver: a "which card" problem's margin and
depth along a line of best play every correct solver agrees on, and the rule a drill
drills."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.paradox.solver import Solution, Solver
from printables.paradox.tricks import Position, color, side_of, trump_of
from printables.paradox.wording import running_nets

_DECK_ORDER = {c: i for i, c in enumerate(PARADOX.cards)}

EASY_MARGIN = 4
"""An easy problem's second-best card loses at least this much, in the first trick."""
HARD_DEPTH = 3
"""A problem is hard when the best card's line stays ahead only from this trick on."""


@dataclass(frozen=True)
class Grade:
    """How hard a problem is, and why: for a "which card" problem, the solver's margin
    and depth; for a drill, the rule it drills."""

    level: str  # easy, medium or hard; "" for a position without a single best card
    margin: int = 0  # play: what the second-best card loses against the best
    depth: int = 0  # play: the trick from which the best card's line stays ahead
    rule: str = ""  # legal: the rule that applies; winner: how the trick was won
    choice: bool = True  # play: False when the seat to move has only one card to play

    @property
    def text(self) -> str:
        """A line for an answer key: ``"medium: the next best card loses 4, shown in
        trick 2"``."""
        if self.rule:
            return f"{self.level}: {self.rule}"
        if not self.level:
            return "no single best card" if self.choice else "only one card may be played"
        return f"{self.level}: the next best card loses {self.margin}, shown in trick {self.depth}"


def best_line(
    position: Position, solution: Solution | None = None, solver: Solver | None = None
) -> tuple[Card, ...]:
    """A line of best play to the end of the round that every correct solver agrees on:
    at each turn the best card, the first in the deck's order among equally good ones
    (the solver's own line is one of many; this one depends on the values alone, so a
    printed key never changes). ``solution`` is the position's, when already known;
    ``solver``, one for its round, when there is one to share."""
    solver = solver or Solver(position)
    line: list[Card] = []
    while not position.over:
        legal = position.legal()
        card = legal[0]
        if len(legal) > 1:
            if solution is not None:
                top = max(solution.cards.values())
                best = [c for c, v in solution.cards.items() if v == top]
            else:
                best = solver.best_cards(position)
            card = min(best, key=_DECK_ORDER.__getitem__)
        solution = None
        line.append(card)
        position, _ = position.play(card)
    return tuple(line)


def grade_play(
    position: Position, solution: Solution, solver: Solver | None = None
) -> tuple[Grade, tuple[Card, ...]]:
    """How hard a "which card" problem is (see the module's docstring), and its line of
    best play (:func:`best_line`); the level is "" when the seat to move has no single
    best card (or only one card). ``solver``: one for the position's round, to share."""
    solver = solver or Solver(position)
    line = best_line(position, solution, solver)
    values = sorted(solution.cards.values(), reverse=True)
    if len(values) < 2 or values[0] == values[1]:
        return Grade("", choice=len(values) > 1), line
    margin = values[0] - values[1]
    depth = play_depth(position, solution, line, solver)
    return Grade(play_level(margin, depth), margin, depth), line


def grade_best(
    position: Position, best: Card, solver: Solver | None = None
) -> tuple[Grade, tuple[Card, ...]]:
    """:func:`grade_play` of a position whose single best card ``best`` is known, without
    every card's exact value: the same grade and line from the best card's value, the
    next best value and the cards that reach it (:meth:`Solver.runner_up`)."""
    solver = solver or Solver(position)
    line = best_line(position, solver=solver)
    if len(position.legal()) < 2:
        return Grade("", choice=False), line
    second, seconds = solver.runner_up(position, best)
    margin = solver.value(position) - second
    card = min(seconds, key=_DECK_ORDER.__getitem__)
    depth = _depth(position, line, card, solver)
    return Grade(play_level(margin, depth), margin, depth), line


def play_level(margin: int, depth: int) -> str:
    """The level of a problem whose second-best card loses ``margin``, shown from trick
    ``depth``."""
    if depth == 1 and margin >= EASY_MARGIN:
        return "easy"
    if depth >= HARD_DEPTH:
        return "hard"
    return "medium"


def play_depth(
    position: Position, solution: Solution, line: Sequence[Card], solver: Solver | None = None
) -> int:
    """The trick from which the best card's ``line`` stays ahead of the line of the
    second-best card (the first in the deck's order, if several are second best), both
    played out by :func:`best_line` (with ``solver``, one for the round, when given)."""
    second = sorted(set(solution.cards.values()))[-2]
    card = min((c for c, v in solution.cards.items() if v == second), key=_DECK_ORDER.__getitem__)
    return _depth(position, line, card, solver or Solver(position))


def _depth(position: Position, line: Sequence[Card], card: Card, solver: Solver) -> int:
    """:func:`play_depth`, once the second-best ``card`` is known."""
    side = side_of(position.to_move)
    after, _ = position.play(card)
    other = (card, *best_line(after, solver=solver))
    best = running_nets(position, line, side)
    worse = running_nets(position, other, side)
    behind = [t for t in range(len(best)) if best[t] <= worse[t]]
    return behind[-1] + 2 if behind else 1


DRILL_RULES = {
    "legal": {"easy": ("follow",), "medium": ("trump",), "hard": ("new trump", "discard")},
    "winner": {"easy": ("every hand followed",), "medium": ("one trump was made",),
               "hard": ("the trump changed", "a card was played without power")},
}  # fmt: skip
"""The rules each drill's levels ask for (see the module's docstring)."""


def winner_rule(leader: int, trick: Sequence[Card]) -> str:
    """How a whole trick was won: ``"every hand followed"``, ``"one trump was made"``,
    ``"the trump changed"`` or ``"a card was played without power"``."""
    led = color(trick[0])
    trumps, discards = 0, 0
    for k in range(1, len(trick)):
        before, now = trump_of(trick[:k]), trump_of(trick[: k + 1])
        c = color(trick[k])
        if now != before:
            trumps += 1
        elif c != led and c != before:
            discards += 1
    if discards:
        return "a card was played without power"
    if trumps >= 2:
        return "the trump changed"
    return "one trump was made" if trumps else "every hand followed"

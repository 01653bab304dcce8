"""The double-dummy solver of Costly Tricks (PARADOX): the exact value of a position.

Every hand lies face up, so a position of a round (:class:`~printables.paradox.tricks.
Position`) has an exact value: the *net* (card points taken less 20 a trick) that the side
to move can make over the rest of the round, the trick in progress included (its cards
already down go to whoever takes it), when both sides play their best. The two sides'
nets over the rest of the round add up to a constant (the points still to take less 20
for each trick still to play), so each side maximizing its own net is a zero-sum game;
the search works on the *difference* of the two nets, and :func:`value` turns it back
into a net. A side plays both its hands (A plays A's and A's ghost's), so when a side
takes a trick and leads the next, it moves twice running; the seats of one trick always
alternate sides.

The book's worked example (the position before A leads, A to move): A led R5 and B
answered B3. Were both decisions the best possible? Neither was: G4 would have made A
10, R5 makes 9 at best (R10: 4); after R5, G2 would have held A to 9 (B's net 0), and
B3 lets A make 10 (B's -1). Each mistake costs its player one point, and the two cancel
out. A's ghost's P10 is then best (P1 is as good), and so is B's ghost's B6 (B7 too):

>>> from printables.paradox.tricks import Position
>>> book = Position.read({"hands": [["R10", "R5", "G4"], ["G2", "B8", "B3"],
...     ["G3", "P10", "P1"], ["B10", "B7", "B6"]], "leader": 0})
>>> solve(book).to_data()["cards"]  # A's net after each lead
{'R10': 4, 'R5': 9, 'G4': 10}
>>> after_r5, _ = book.play(book.hands[0][1])
>>> solve(after_r5).to_data()["cards"]  # B's net after each answer
{'G2': 0, 'B8': -1, 'B3': -1}
>>> value(after_r5.play(after_r5.hands[1][2])[0])  # A's ghost to play, after R5 B3
10

How the search works (MTD(f), a table of bounds, the card-point bound, equivalent cards)
is told in :mod:`printables.paradox.pure_search`, the pure-Python search; the compiled one
is the same, with one table more: bounds by shape (positions whose cards are held, color
by color from the highest, by the same seats play alike card for card, their values at
most the ranks' differences apart; see ``_core.c``).

One round, many positions. :class:`Solver` keeps one transposition table for a round:
the positions along a line of play (a problem's key, its grading) reuse what the search
of the first one proved. When only the best cards matter (:meth:`Solver.best_cards`,
:meth:`Solver.single_best`: is there one best card, by how much?), one null-window test
a card at the position's value replaces the exact value of each card.

Compiled. ``printables/paradox/_core.c`` is the same search in C (the test at a trick's
start with its table, and the tests of a started trick), built by ``pip install`` where a
C compiler is found (:data:`COMPILED`). Its tables have a fixed size (a bucket keeps the
positions with the most cards left), so a search's memory is bounded (at most 64 MiB, two
tables of 32 MiB at 11 cards a hand; the last pair let go is kept for the next search of
its size, as filling fresh memory took as long as a search of 8 cards a hand), and it
stops at a signal (Ctrl-C, a time limit).
Without a compiler the install goes on and the pure-Python search below runs: the same
values, about 30 times slower (28 to 34x). ``Solver(position, compiled=False)`` asks for it.

Figures (``benchmarks/bench_paradox_solver.py``, quiet 2-core machine, compiled): the
starting position of a seeded deal takes a median of 0.2 ms at 6 cards a hand, 7.3 ms at
8, 44 ms at 9, 0.36 s at 10 and 1.5 s for a whole deal of 11; see benchmarks/README.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from printables.cards.deck import Card
from printables.paradox.pure_search import (
    CARD,
    INDEX,
    INF,
    RANK_OF,
    cards_of,
    legal_in_trick,
    make_test,
    trick_state,
)
from printables.paradox.tricks import TRICK_COST, Position, rank

try:
    from printables.paradox import _core  # type: ignore[attr-defined]
except ImportError as error:  # built by `pip install .` where a C compiler is found
    _core = None
    _CORE_MISSING = str(error)
else:
    _CORE_MISSING = ""

COMPILED = _core is not None
"""Whether the compiled search (``printables/paradox/_core.c``) is built here: the same
search as the pure-Python one (:mod:`printables.paradox.pure_search`) and a table more,
28 to 34 times faster. Without it the solver is exact all the same, only slower."""


@dataclass(frozen=True)
class Solution:
    """A position solved: its value for the side to move (:attr:`net`), each legal card's
    value (the net of the side to move after playing it, best play after), and one line
    of best play to the end of the round."""

    position: Position
    net: int
    cards: dict[Card, int]
    line: tuple[Card, ...]

    def to_data(self) -> dict[str, Any]:
        """The solution as JSON data (cards by name)."""
        return {
            "to_move": self.position.to_move,
            "net": self.net,
            "cards": {str(c): v for c, v in self.cards.items()},
            "line": [str(c) for c in self.line],
        }


def value(position: Position) -> int:
    """The net the side to move can force to the end of the round (the trick in
    progress included)."""
    return Solver(position).value(position)


def solve(position: Position) -> Solution:
    """The position's value, the value of each legal card of the side to move (in the
    hand's order) and a line of best play to the end of the round."""
    return Solver(position).solve(position)


class Solver:
    """Solves the positions of one round: ``position`` and any position play reaches
    from it, with one transposition table for them all, so that what one search proves
    the next one reuses (solving each position along a line of play costs little more
    than solving its start).

    >>> from printables.paradox.tricks import Position
    >>> start = Position.read({"hands": [["R10", "R5", "G4"], ["G2", "B8", "B3"],
    ...     ["G3", "P10", "P1"], ["B10", "B7", "B6"]], "leader": 0})
    >>> solver = Solver(start)
    >>> after_g4, _ = start.play(start.hands[0][2])
    >>> solver.value(start), solver.value(after_g4)  # A's net, then B's: 69 - 60 points
    (10, -1)
    """

    def __init__(
        self, position: Position, compiled: bool | None = None, time_limit: float | None = None
    ) -> None:
        """``compiled``: True for the compiled search (an error where it is not built),
        False for the pure-Python one; by default the compiled one where it is built.
        ``time_limit``: seconds for everything this solver is asked from now on; past
        them a search raises TimeoutError (within about 15 ms in the compiled search;
        between the passes of a search in the pure-Python one)."""
        self._hands = _bits(position)[0]
        self._search = _Search(self._hands, compiled, time_limit)

    def _bits(self, position: Position) -> tuple[int, tuple[int, ...]]:
        """The cards still held and the trick's cards' bits, once ``position`` is known
        to be of this round."""
        hands, rem, trick = _bits(position)
        if any(h & ~o for h, o in zip(hands, self._hands, strict=True)):
            raise ValueError("the position is not of this solver's round: a hand holds a "
                             "card it did not hold")  # fmt: skip
        return rem, trick

    def value(self, position: Position) -> int:
        """:func:`value` of a position of this round."""
        rem, trick = self._bits(position)
        if not rem:
            return 0
        difference = self._search.exact(rem, position.leader, trick)
        return (_constant(position) + difference) // 2

    def best_cards(
        self, position: Position, within: int = 0, most: int | None = None
    ) -> list[Card]:
        """The legal cards (in the hand's order) whose value is at least the position's
        less ``within`` (with 0: the best cards), up to ``most`` of them (default: all).
        Cheaper than :meth:`solve`: one null-window test a card, not its exact value."""
        rem, trick = self._bits(position)
        if not rem:
            return []
        search = self._search
        leader = position.leader
        beta = search.exact(rem, leader, trick) - 2 * within  # in differences
        found: list[Card] = []
        for card in position.legal():
            if search.after(rem, leader, trick, INDEX[card], beta) >= beta:
                found.append(card)
                if most is not None and len(found) == most:
                    break
        return found

    def runner_up(self, position: Position, card: Card) -> tuple[int, list[Card]]:
        """The best value of the legal cards other than ``card`` (a net, as
        :meth:`value`), and those that reach it (in the hand's order). Cheaper than
        :meth:`solve` when only the best card and the next best matter: one search of
        "any card but this one", then one null-window test a card.

        >>> from printables.paradox.tricks import Position
        >>> book = Position.read({"hands": [["R10", "R5", "G4"], ["G2", "B8", "B3"],
        ...     ["G3", "P10", "P1"], ["B10", "B7", "B6"]], "leader": 0})
        >>> net, cards = Solver(book).runner_up(book, book.hands[0][2])  # G4 makes 10
        >>> net, [str(c) for c in cards]
        (9, ['R5'])
        """
        rem, trick = self._bits(position)
        others = [c for c in position.legal() if c != card]
        if not rem or not others:
            raise ValueError(f"{card} is the only card that may be played here")
        search = self._search
        leader = position.leader
        beta = search.exact(rem, leader, trick, skip=INDEX[card])
        found = [c for c in others if search.after(rem, leader, trick, INDEX[c], beta) >= beta]
        return (_constant(position) + beta) // 2, found

    def single_best(self, position: Position, margin: int = 1) -> Card | None:
        """The legal card whose value beats every other card's by at least ``margin``,
        if one does (else None)."""
        found = self.best_cards(position, margin - 1, most=2)
        return found[0] if len(found) == 1 else None

    def solve(self, position: Position) -> Solution:
        """:func:`solve` of a position of this round."""
        rem, trick = self._bits(position)
        if not rem:
            return Solution(position, 0, {}, ())
        search = self._search
        hands = self._hands
        leader = position.leader
        differences: dict[Card, int] = {}
        guess = 0
        for card in position.legal():
            guess = differences[card] = search.exact(rem, leader, trick, guess, INDEX[card])
        target = max(differences.values())
        constant = _constant(position)
        line: list[Card] = []
        while rem:
            seat = (leader + len(trick)) & 3
            playable = (
                legal_in_trick(rem & hands[seat], *trick_state(trick)[:3])
                if trick
                else rem & hands[seat]
            )
            i = next(
                i
                for i in cards_of(playable)
                if search.after(rem, leader, trick, i, target) >= target
            )
            line.append(CARD[i])
            rem &= ~(1 << i)
            trick = (*trick, i)
            if len(trick) < 4:
                target = -target
                continue
            taker = (leader + trick_state(trick)[3]) & 3
            t = sum(RANK_OF[j] for j in trick) - TRICK_COST
            target = target - t if (taker ^ seat) & 1 == 0 else -target - t
            leader, trick = taker, ()
        return Solution(
            position,
            (constant + max(differences.values())) // 2,
            {c: (constant + d) // 2 for c, d in differences.items()},
            tuple(line),
        )


def _bits(position: Position) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """The hands as bit sets, the cards still held, and the trick's cards' bits."""
    hands = tuple(sum(1 << INDEX[c] for c in h) for h in position.hands)
    return (
        hands,
        hands[0] | hands[1] | hands[2] | hands[3],
        tuple(INDEX[c] for c in position.trick),
    )


def _constant(position: Position) -> int:
    """What both sides' nets over the rest of the round add up to."""
    cards = position.cards_left + len(position.trick)
    points = sum(rank(c) for h in position.hands for c in h) + sum(rank(c) for c in position.trick)
    return points - TRICK_COST * (cards // 4)


class _Search:
    """The searches of one round: its hands, and one transposition table for them all,
    with the compiled test at a trick's start when it is built (see :func:`compiled`)."""

    def __init__(
        self, hands: tuple[int, ...], compiled: bool | None = None, time_limit: float | None = None
    ) -> None:
        self.hands = hands
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"a time limit is a number of seconds above 0, not {time_limit}")
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        core = _core if compiled is None else _core if compiled else None
        if compiled and core is None:
            raise RuntimeError("the compiled search is not built here: " + _CORE_MISSING)
        if core is not None:
            compiled_search = core.Search(*hands)
            self.test: Callable[[int, int, int], int] = compiled_search.test
            self.node = compiled_search.node  # type: ignore[method-assign]
            self.after = compiled_search.after  # type: ignore[method-assign]
            if time_limit is not None:
                compiled_search.limit(time_limit)
        else:
            self.test = make_test(hands, {})

    def exact(
        self,
        rem: int,
        leader: int,
        trick: tuple[int, ...],
        guess: int = 0,
        card: int = -1,
        skip: int = -1,
    ) -> int:
        """The exact difference (the side to move's net less the other side's) of the
        position, or after the side to move plays ``card``, or when it may not play
        ``skip``: MTD(f) from ``guess``."""
        lo, hi = -INF, INF
        parity = (sum(RANK_OF[i] for i in cards_of(rem)) + sum(RANK_OF[i] for i in trick)) % 2
        beta = guess + (guess - parity) % 2  # every difference has the parity of the points
        while True:
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise TimeoutError("the solver's time limit ran out")
            if card < 0:
                g = self.node(rem, leader, trick, beta, skip)
            else:
                g = self.after(rem, leader, trick, card, beta)
            if g >= beta:
                lo = g
            else:
                hi = g
            if lo >= hi:
                return g
            beta = lo + 2 if g == lo else hi

    def node(self, rem: int, leader: int, trick: tuple[int, ...], beta: int, skip: int = -1) -> int:
        """Fail-soft null-window test of the difference for the side to move (which may
        not play ``skip``, if given): a result of at least ``beta`` is a lower bound, one
        below it an upper bound."""
        if not trick and skip < 0:
            return self.test(rem, leader, beta) if rem else 0
        seat = (leader + len(trick)) & 3
        playable = rem & self.hands[seat]
        if trick:
            playable = legal_in_trick(playable, *trick_state(trick)[:3])
        best = -INF
        for i in cards_of(playable & ~(1 << skip) if skip >= 0 else playable):
            v = self.after(rem, leader, trick, i, beta)
            if v > best:
                best = v
                if v >= beta:
                    break
        return best

    def after(self, rem: int, leader: int, trick: tuple[int, ...], i: int, beta: int) -> int:
        """:meth:`node`'s test for the side to move, after it plays card ``i``."""
        seat = (leader + len(trick)) & 3
        rem &= ~(1 << i)
        trick = (*trick, i)
        if len(trick) < 4:
            return -self.node(rem, leader, trick, 1 - beta)
        taker = (leader + trick_state(trick)[3]) & 3
        t = sum(RANK_OF[j] for j in trick) - TRICK_COST
        if (taker ^ seat) & 1 == 0:
            return t + self.node(rem, taker, (), beta - t)
        return -t - self.node(rem, taker, (), 1 - beta - t)

"""The double-dummy analysis of a played round of Costly Tricks (PARADOX), as bridge
players review a deal: for every card played, what best play would have made from there
and what the card played makes, the difference (its *cost*), and the best cards; the
round trick by trick; each side's total loss.

Values are nets (card points less 20 a trick) of the side to move, from that moment to
the end of the round, the trick on the table included, with best play by both sides
after it (:mod:`printables.paradox.solver`). Along the round, a side's double-dummy net
at the start, less its own losses, plus the other side's, is what it made:

>>> from printables.paradox.rounds import EXAMPLE, read_round
>>> analysis = analyse(read_round(EXAMPLE))
>>> first = analysis.tricks[0].cards[0]
>>> str(first.card), first.best, first.value, first.cost, [str(c) for c in first.best_cards]
('R5', 10, 9, 1, ['G4'])
>>> analysis.start_nets, analysis.losses, analysis.nets
((10, -1), (1, 4), (13, -4))

One :class:`~printables.paradox.solver.Solver` serves the whole round, so each search
reuses what the previous one proved; each position along the play is solved once (its
value is the value of the card before it, seen from the other side), and the best cards
come from :meth:`~printables.paradox.solver.Solver.best_cards`, one null-window test a
card.

The positions are solved from the last card back to the first: the first positions hold
the most cards and take the longest (a whole round's first lead, most of its time). With
a solver given a time limit (the web page's), an analysis whose time runs out is partial:
the cards from where it stopped to the end are analysed, the earlier ones are shown as
played (:attr:`Analysis.analysed_from`), and its start is the first card analysed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printables.cards.deck import Card
from printables.cards.wording import counted, signed
from printables.paradox.rounds import Round
from printables.paradox.solver import Solver
from printables.paradox.tricks import (
    SEATS,
    SIDES,
    TRICK_COST,
    Position,
    points,
    side_of,
)

BLUNDER = 5
"""A cost from which a card is marked ``??`` (below it, ``?``)."""


def marker(cost: int) -> str:
    """The mark a card's cost earns, as annotators mark a move: ``""``, ``"?"`` (1 to 4
    points) or ``"??"`` (5 or more).

    >>> [marker(c) for c in (0, 1, 4, 5)]
    ['', '?', '?', '??']
    """
    return "" if cost <= 0 else "?" if cost < BLUNDER else "??"


@dataclass(frozen=True)
class CardPlayed:
    """One card of the round: who played it, the best net its side could make from there
    (:attr:`best`), the net after the card played (:attr:`value`), and the best cards."""

    seat: int
    card: Card
    best: int | None  # the side's net from the position before the card (its value)
    value: int | None  # the side's net after the card played, best play after it
    best_cards: tuple[Card, ...]  # the legal cards worth ``best``, in the hand's order
    choices: int  # how many legal cards the hand had
    # (``best`` and ``value`` are None, ``best_cards`` empty, for a card not analysed)

    @property
    def side(self) -> int:
        return side_of(self.seat)

    @property
    def analysed(self) -> bool:
        """Whether the card was analysed (a partial analysis leaves out the first cards)."""
        return self.best is not None

    @property
    def cost(self) -> int:
        """The points the card lost its side against best play (0: a best card, or a card
        not analysed)."""
        return 0 if self.best is None or self.value is None else self.best - self.value

    @property
    def mark(self) -> str:
        return marker(self.cost)

    def to_data(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hand": SEATS[self.seat],
            "side": SIDES[self.side],
            "card": str(self.card),
            "analysed": self.analysed,
            "best": self.best,
            "value": self.value,
            "cost": self.cost if self.analysed else None,
            "mark": self.mark,
            "best_cards": [str(c) for c in self.best_cards],
            "choices": self.choices,
        }


@dataclass(frozen=True)
class TrickPlayed:
    """One trick of the round: its leader, its cards (fewer than four when the round
    stops in it) and, when complete, who took it."""

    number: int
    leader: int
    cards: tuple[CardPlayed, ...]
    taker: int | None

    @property
    def points(self) -> int:
        return points(c.card for c in self.cards)

    @property
    def net(self) -> int | None:
        """What the trick made its taker's side (None while unfinished)."""
        return None if self.taker is None else self.points - TRICK_COST

    def to_data(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "leader": SEATS[self.leader],
            "cards": [c.to_data() for c in self.cards],
            "taker": None if self.taker is None else SEATS[self.taker],
            "side": None if self.taker is None else SIDES[side_of(self.taker)],
            "points": self.points,
            "net": self.net,
        }


@dataclass(frozen=True)
class Analysis:
    """A round analysed: its tricks, the double-dummy nets at the start (both sides'),
    the nets of the tricks taken, and each side's loss (the sum of its cards' costs).

    A partial analysis (its time ran out) starts at card :attr:`analysed_from` (0: the
    first card, the whole round analysed): its :attr:`start_nets` are the nets of the
    tricks taken before that card, as played, plus best play by both from there, and its
    losses are those of the cards analysed."""

    round: Round
    tricks: tuple[TrickPlayed, ...]
    start_nets: tuple[int, int]
    nets: tuple[int, int]
    rest_nets: tuple[int, int]  # best play by both from where the play stops (0, 0 at the end)
    analysed_from: int = 0  # the index in the play of the first card analysed

    @property
    def cards(self) -> tuple[CardPlayed, ...]:
        return tuple(c for t in self.tricks for c in t.cards)

    @property
    def partial(self) -> bool:
        """Whether the first cards were left out (the analysis's time ran out)."""
        return self.analysed_from > 0

    @property
    def first_analysed(self) -> tuple[int, int]:
        """The first card analysed, as (trick number, card number in the trick), from 1."""
        trick, card = divmod(self.analysed_from, 4)
        return trick + 1, card + 1

    @property
    def start_words(self) -> str:
        """Where the analysis starts, in words: ``trick 2``, ``trick 1, card 4``."""
        trick, card = self.first_analysed
        return f"trick {trick}, card {card}" if card > 1 else f"trick {trick}"

    @property
    def losses(self) -> tuple[int, int]:
        lost = [0, 0]
        for c in self.cards:
            lost[c.side] += c.cost
        return lost[0], lost[1]

    @property
    def complete(self) -> bool:
        return self.round.end.over

    @property
    def start_value(self) -> int:
        """The double-dummy value at the start: the first leader's side's net."""
        return self.start_nets[side_of(self.round.deal.leader)]

    def to_data(self) -> dict[str, Any]:
        return {
            "round": self.round.to_data(),
            "complete": self.complete,
            "analysed_from": None if not self.partial else dict(
                zip(("trick", "card"), self.first_analysed, strict=True)),
            "start": {"leader": SEATS[self.round.deal.leader], "value": self.start_value,
                      "nets": dict(zip(SIDES, self.start_nets, strict=True))},
            "tricks": [t.to_data() for t in self.tricks],
            "losses": dict(zip(SIDES, self.losses, strict=True)),
            "nets": dict(zip(SIDES, self.nets, strict=True)),
            "rest_nets": dict(zip(SIDES, self.rest_nets, strict=True)),
        }  # fmt: skip


def remaining_total(position: Position) -> int:
    """What both sides' nets from ``position`` to the end add up to: the points still in
    play (the trick on the table included) less 20 for each trick still to be taken."""
    cards = position.cards_left + len(position.trick)
    held = sum(points(h) for h in position.hands) + points(position.trick)
    return held - TRICK_COST * (cards // 4)


def both_nets(position: Position, net: int) -> tuple[int, int]:
    """A's and B's nets from ``position`` to the end, given ``net``, the side to move's."""
    if position.over:
        return 0, 0
    other = remaining_total(position) - net
    return (net, other) if side_of(position.to_move) == 0 else (other, net)


def analyse(played: Round, solver: Solver | None = None) -> Analysis:
    """Every card of ``played`` against double-dummy best play, with one solver for the
    round (given, or made here): the value of each position along the play once (the
    best a card's hand could do is the position's value; what the card did, the value
    of the position after it), and the best cards where a hand had a choice.

    The positions are solved from the end back; when the solver's time limit runs out
    (TimeoutError), the analysis is partial, from the first card it reached (see
    :class:`Analysis`). TimeoutError is raised only when it reached no card."""
    solver = solver or Solver(played.deal)
    steps = list(played.steps())
    end = steps[-1][2] if steps else played.deal
    values = {len(steps): solver.value(end)}  # the side to move's net at each position
    best_cards: dict[int, tuple[Card, ...]] = {}
    try:
        for i in reversed(range(len(steps))):
            before = steps[i][0]
            legal = before.legal()
            best_cards[i] = tuple(solver.best_cards(before)) if len(legal) > 1 else legal
            values[i] = solver.value(before)
    except TimeoutError:
        if len(values) == 1 and steps:
            raise
    first = min(values)  # the first card analysed (the end, had no card been)
    nets = [0, 0]
    start_nets = both_nets(end, values[len(steps)])  # (no card played: the deal's)
    tricks: list[TrickPlayed] = []
    cards: list[CardPlayed] = []
    for i, (before, card, after, taker) in enumerate(steps):
        if i == first:  # the tricks taken before, then best play from here
            here = both_nets(before, values[i])
            start_nets = (nets[0] + here[0], nets[1] + here[1])
        side = side_of(before.to_move)
        choices = len(before.legal())
        if i < first:
            cards.append(CardPlayed(before.to_move, card, None, None, (), choices))
        else:
            rest = list(both_nets(after, values[i + 1]))
            if taker is not None:
                rest[side_of(taker)] += points((*before.trick, card)) - TRICK_COST
            cards.append(
                CardPlayed(before.to_move, card, values[i], rest[side], best_cards[i], choices)
            )
        if taker is not None:
            nets[side_of(taker)] += points((*before.trick, card)) - TRICK_COST
            tricks.append(TrickPlayed(len(tricks) + 1, before.leader, tuple(cards), taker))
            cards = []
    if cards:
        tricks.append(TrickPlayed(len(tricks) + 1, end.leader, tuple(cards), None))
    return Analysis(
        played,
        tuple(tricks),
        start_nets,
        (nets[0], nets[1]),
        both_nets(end, values[len(steps)]),
        first,
    )


# -- in words ---------------------------------------------------------------------------

_SEAT_WIDTH = max(len(s) for s in SEATS)


def render_text(analysis: Analysis) -> str:
    """The analysis for a terminal: the deal, trick by trick a row a card with its mark
    (``?`` costs 1 to 4 points, ``??`` 5 or more), then the totals."""
    deal = analysis.round.deal
    lines = ["Costly Tricks: double-dummy analysis of the round", ""]
    for seat, hand in enumerate(deal.hands):
        lines.append(f"  {SEATS[seat] + ':':<{_SEAT_WIDTH + 1}} {' '.join(map(str, hand))}")
    a, b = analysis.start_nets
    lines += ["", f"{SEATS[deal.leader]} leads. With best play by both sides from the start: "
              f"A {signed(a)}, B {signed(b)}."]  # fmt: skip
    if analysis.partial:
        lines[-1] = f"{SEATS[deal.leader]} leads."
        lines += _partial_lines(analysis)
    lines += [
        "Each card: the net its side could make from there with best play (best), and",
        "the net after the card played (played); ? costs 1-4 points, ?? 5 or more.",
    ]
    for trick in analysis.tricks:
        lines.append("")
        head = f"Trick {trick.number}, led by {SEATS[trick.leader]}"
        if trick.taker is None:
            lines.append(f"{head}: unfinished, the play stops here")
        else:
            assert trick.net is not None
            lines.append(
                f"{head}: {SEATS[trick.taker]} takes {trick.points} points, net "
                f"{signed(trick.net)} for {SIDES[side_of(trick.taker)]}"
            )
        lines.append(f"  {'hand':<{_SEAT_WIDTH}}  card    best  played  cost  best cards")
        for c in trick.cards:
            if c.best is None or c.value is None:
                lines.append(f"  {SEATS[c.seat]:<{_SEAT_WIDTH}}  {c.card!s:<6} (not analysed)")
                continue
            shown = f"{c.card}{' ' + c.mark if c.mark else ''}"
            best = " ".join(map(str, c.best_cards))
            if c.choices == 1:
                best += " (forced)"
            lines.append(
                f"  {SEATS[c.seat]:<{_SEAT_WIDTH}}  {shown:<6} {signed(c.best):>5} "
                f"{signed(c.value):>7} {c.cost:>5}  {best}"
            )
    lines += ["", "Totals"]
    for side in (0, 1):
        costly = [c for c in analysis.cards if c.side == side and c.cost]
        lines.append(
            f"  {SIDES[side]} lost {counted(analysis.losses[side], 'point')}"
            + (f" in {counted(len(costly), 'card')} ({_listed(costly)})" if costly else "")
        )
    if analysis.partial:
        lines[-2:] = [f"{line} (from {analysis.start_words})" for line in lines[-2:]]
    n = analysis.nets
    if analysis.complete:
        lines.append(
            f"  Nets as played: A {signed(n[0])}, B {signed(n[1])} (best play by both"
            f"{' from ' + analysis.start_words if analysis.partial else ''}: "
            f"A {signed(a)}, B {signed(b)})"
        )
    else:
        r = analysis.rest_nets
        lines.append(
            f"  The play stops after {counted(len(analysis.round.play), 'card')}: nets of the "
            f"tricks taken A {signed(n[0])}, B {signed(n[1])}; with best play from there, "
            f"A {signed(n[0] + r[0])}, B {signed(n[1] + r[1])}"
        )
    return "\n".join(lines)


def _listed(cards: list[CardPlayed]) -> str:
    return ", ".join(f"{c.card}{c.mark} {c.cost}" for c in cards)


def _partial_lines(analysis: Analysis) -> list[str]:
    """What a partial analysis says first: where it starts, why, and its nets from there."""
    a, b = analysis.start_nets
    return [
        f"The solver's time ran out before it reached {_first_cards(analysis.analysed_from)}: "
        "shown as played, not analysed (the first positions hold the most cards and take "
        "the longest).",
        f"From {analysis.start_words}, "
        + (
            "the tricks taken before it as played, then "
            if analysis.analysed_from >= 4
            else "with "
        )
        + f"best play by both sides: A {signed(a)}, B {signed(b)}.",
    ]


def _first_cards(n: int) -> str:
    """``the first card``, ``the first 3 cards``."""
    return "the first card" if n == 1 else f"the first {n} cards"

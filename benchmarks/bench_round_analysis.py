"""Benchmark: the double-dummy analysis of a played round of Costly Tricks
(:mod:`printables.paradox.analysis`) against the solver's value of its start.

Rounds: the seeded deals of ``bench_paradox_solver`` (its :func:`deal`), played out by
random legal cards drawn by ``random.Random(seed)`` (the same seed). For each round it
times the value of the starting position alone (a fresh solver) and the whole analysis
(a fresh solver: the value of every position along the play, and the best cards of every
choice), and prints per size the medians and the median of the ratio analysis / start.
One solver serves the round, so the ratio says what the shared table saves: the target
is an analysis at most 3x the start's value (median), as a full solve is.

Answers are checked: every cost is at least 0; the nets as played are the start's
double-dummy nets less each side's losses plus the other's; and on the first ``--check``
rounds of each size each card's value equals a fresh solver's :func:`solve` of the
position before it (no table shared). The exit status is 1 when a check fails, never
because of a time.

    python benchmarks/bench_round_analysis.py [--rounds N] [--check N] [--quick]

Defaults: 20 rounds each of 6, 7 and 8 cards a hand, and 10 whole rounds (11 cards a hand,
the whole deck; their worst analysis must stay under the analysis page's 20 s; checked for
costs and nets, not by fresh solves, which would take a quarter of an hour a round): a few
minutes on a shared 2-core machine. A whole round over the page's 20 s is analysed again as
the page does, stopped at 20 s (the analysis goes from the last card back, so it is partial:
the first cards left out), and how many cards each leaves out is printed: a figure, the
target being the whole round within the 20 s. ``--quick``: 3 rounds of 4 and of 6 cards, 2
checked;
a few seconds.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence

from bench_paradox_solver import deal

from printables.paradox.analysis import analyse
from printables.paradox.rounds import Round
from printables.paradox.solver import Solver, solve
from printables.paradox.tricks import Position

RATIO_MOST = 3.0
"""The most a round's analysis may take over its start's value (median)."""
JUDGED_FROM = 8
"""The smallest hands whose ratio is judged: below, the start's search takes a
millisecond or less and the ratio measures the Python around the solver (4x at 6 cards,
1.1 ms in all)."""
SIZES = (6, 7, 8, 11)
QUICK_SIZES = (4, 6)
WHOLE = 11
WHOLE_ROUNDS = 10
"""Whole rounds (11 cards a hand, the whole deck) analysed in a full run, with their own
target: the analysis page answers within its limit (``webapp.analysis.views``)."""
WHOLE_SECONDS = 20.0
STOP_SECONDS = 60.0
"""A whole round's start or analysis is stopped after this (TimeoutError), and counted
as taking forever."""


def played(n: int, seed: int) -> Round:
    """A seeded deal of ``n`` cards a hand played out by random legal cards."""
    start = deal(n, seed)
    rng = random.Random(seed)
    position: Position = start
    cards = []
    while not position.over:
        card = rng.choice(position.legal())
        cards.append(card)
        position, _ = position.play(card)
    return Round(start, tuple(cards))


def checked(round_: Round, fresh: bool) -> list[str]:
    """What is wrong with the round's analysis (nothing: an empty list)."""
    analysis = analyse(round_)
    wrong = [f"{c.card} costs {c.cost}" for c in analysis.cards if c.cost < 0]
    (a, b), (lost_a, lost_b) = analysis.start_nets, analysis.losses
    if analysis.nets != (a - lost_a + lost_b, b - lost_b + lost_a):
        wrong.append(f"nets {analysis.nets} are not {a, b} less the losses {lost_a, lost_b}")
    if fresh:
        for (before, card, _, _), c in zip(round_.steps(), analysis.cards, strict=True):
            solution = solve(before)
            if (solution.net, solution.cards[card]) != (c.best, c.value):
                wrong.append(f"{card}: {c.best, c.value} but solve says {solution.net}, "
                             f"{solution.cards[card]}")  # fmt: skip
    return wrong


def page_left_out(round_: Round, took: float) -> int:
    """The cards at the start of a whole round that the analysis page leaves out: none when
    its whole analysis took under the page's seconds, else those a partial analysis within
    them does not reach (analysed here, with the page's time limit)."""
    if took < WHOLE_SECONDS:
        return 0
    try:
        return analyse(round_, Solver(round_.deal, time_limit=WHOLE_SECONDS)).analysed_from
    except TimeoutError:  # not one card
        return len(round_.play)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, help="rounds a size (default 20; 3 with --quick)")
    parser.add_argument("--check", type=int, default=2, help="rounds a size checked by solve")
    parser.add_argument("--quick", action="store_true", help="3 rounds of 4 and 6 cards")
    args = parser.parse_args(argv)
    rounds: int = args.rounds or (3 if args.quick else 20)
    failed = False
    print(f"{'cards':>5} {'rounds':>6} {'start value':>12} {'analysis':>10} {'ratio':>6}")
    ratios: list[float] = []
    within: tuple[int, int] | None = None
    left_out: list[int] = []  # whole rounds: the cards the page's analysis left out
    for n in QUICK_SIZES if args.quick else SIZES:
        starts: list[float] = []
        whole: list[float] = []
        mine: list[float] = []
        count = min(rounds, WHOLE_ROUNDS) if n == WHOLE else rounds
        check = 0 if n == WHOLE else args.check  # a fresh solve a card: minutes a round
        limit = STOP_SECONDS if n == WHOLE else None
        for k in range(count):
            seed = 1_000 * n + k
            round_ = played(n, seed)
            try:
                began = time.perf_counter()
                Solver(round_.deal, time_limit=limit).value(round_.deal)
                starts.append(time.perf_counter() - began)
                began = time.perf_counter()
                if analyse(round_, Solver(round_.deal, time_limit=limit)).partial:
                    raise TimeoutError  # its time ran out: the first cards left out
                whole.append(time.perf_counter() - began)
            except TimeoutError:  # counted as taking forever
                whole.append(math.inf)
                if n == WHOLE:
                    left_out.append(page_left_out(round_, math.inf))
                continue
            mine.append(whole[-1] / starts[-1])
            if n == WHOLE:
                left_out.append(page_left_out(round_, whole[-1]))
            wrong = checked(round_, k < check)
            if wrong:
                failed = True
                print(f"WRONG: {n} cards, seed {seed}: " + "; ".join(wrong))
        ratio = statistics.median(mine)
        if n >= JUDGED_FROM and n != WHOLE:
            ratios.append(ratio)
        done = [t for t in whole if t < math.inf]
        stopped = (
            f", {len(whole) - len(done)} stopped at {STOP_SECONDS:g} s" if done != whole else ""
        )
        print(f"{n:>5} {count:>6} {statistics.median(starts) * 1000:>9.1f} ms "
              f"{statistics.median(whole) * 1000:>7.1f} ms {ratio:>5.1f}x  "
              f"(worst analysis done {max(done) * 1000:,.0f} ms{stopped})")  # fmt: skip
        if n == WHOLE:
            within = sum(t < WHOLE_SECONDS for t in whole), len(whole)
    if not args.quick:
        met = max(ratios) <= RATIO_MOST
        print(f"analysis <= {RATIO_MOST:g}x the start's value, {JUDGED_FROM} to {WHOLE - 1} "
              f"cards a hand: {'PASS' if met else 'FAIL'}")  # fmt: skip
    if within is not None:
        met = within[0] == within[1]
        print(f"whole rounds analysed within {WHOLE_SECONDS:g} s (the analysis page's limit): "
              f"{within[0]} of {within[1]} (searches stopped at {STOP_SECONDS:g} s count as "
              f"infinite): {'PASS' if met else 'FAIL'}")  # fmt: skip
    if left_out:
        print(f"whole rounds on the analysis page ({WHOLE_SECONDS:g} s, partial past it): "
              f"cards left out at the start {', '.join(map(str, left_out))}; within the "
              f"first trick: {sum(n <= 4 for n in left_out)} of {len(left_out)} (a figure, "
              "not a target: the target is the whole round, above)")  # fmt: skip
    print("answers: " + ("WRONG" if failed else "all checked right"))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Benchmark: the Costly Tricks double-dummy solver (:mod:`printables.paradox.solver`).

Deals: for each seed, ``random.Random(seed)`` shuffles the 44 PARADOX cards (the deck's
order) and ``n`` cards go to each hand one at a time, A first (card ``i`` of the shuffle to
seat ``i % 4``: A, B, A's ghost, B's ghost). The hand holding R0 leads; when R0 is not
dealt (fewer than 11 cards a hand), the same generator then draws the leader
(``rng.randrange(4)``). Seeds are ``1_000 * n + k`` for the k-th deal of size ``n``.

Times :func:`~printables.paradox.solver.value` of each deal's starting position (a fresh
search each call: nothing is kept between calls but small tables of trick facts, such as
a last trick's value, which a running process has warm) and prints per size the median,
percentiles and worst time, the ratio of the median to the anchor (a
plain pure-Python alpha-beta search with a transposition table: about 40 ms median at 6
cards a hand and 2.8 s at 8), PASS or FAIL against the targets (median under 20 ms at 6
cards, under 1 s at 8), and the peak memory of one search: how much the peak resident
memory of a fresh process rises while it searches the deal with the median time (and, at 6
and 8 cards, the slowest one) again; Linux only. A 6-card deal is timed as the best of
``--repeat`` searches (default 3), the usual way to take a shared machine's interruptions
out of a timing of milliseconds; the median of the first searches alone is printed beside
it. Larger deals are timed once. 9, 10 and 11 cards a hand
(11: the whole deck) run deal after deal until a time budget per size is spent, each deal
stopped at a time limit, and report what was solved.

Answers are checked: the first 20 values at 6 cards (``--check``) and the first at 8 must
equal those of an independent plain alpha-beta search written here from the trick rules
(:mod:`printables.paradox.tricks`: ``legal_cards``, ``winner``, ``points``); on the first
3 deals of 6 cards and the first of 8, :func:`~printables.paradox.solver.solve` must agree
with ``value``, its cards must be the legal ones with the best equal to the net, and its
line must replay legally (``Position.play``) to that net. The exit status is 1 when a check
fails, never because of a time.

    python benchmarks/bench_paradox_solver.py [--deals N] [--check N] [--repeat N]
        [--budget S] [--limit S] [--quick]

Defaults: 200 deals of 6 and of 8 cards a hand, 120 s for each of 9, 10 and 11 cards with
60 s a deal; about ten minutes on a shared 2-core machine. ``--quick``: 5 deals of 6 cards
(each timed twice; 2 checked by the plain search and by ``solve``) and 2 of 8, nothing
larger; a few seconds.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import FrameType

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.paradox.solver import solve, value
from printables.paradox.tricks import TRICK_COST, Position, legal_cards, points, winner

ANCHORS = {6: 0.040, 8: 2.8}
"""Median seconds of a plain pure-Python alpha-beta search with a transposition table."""
TARGETS = {6: 0.020, 8: 1.0}
"""Median seconds the solver must beat."""
LARGE = (9, 10, 11)


def deal(n: int, seed: int) -> Position:
    """The starting position of a seeded deal of ``n`` cards a hand (see the module's notes)."""
    rng = random.Random(seed)
    cards = list(PARADOX.cards)
    rng.shuffle(cards)
    hands = [cards[s : 4 * n : 4] for s in range(4)]
    red0 = PARADOX.card("R0")
    holders = [s for s in range(4) if red0 in hands[s]]
    leader = holders[0] if holders else rng.randrange(4)
    return Position.checked(hands, leader)


def plain_value(position: Position) -> int:
    """The side to move's net by a plain alpha-beta search over the trick rules, with a
    transposition table of bounds at each trick's start: the independent check."""
    table: dict[tuple[tuple[tuple[Card, ...], ...], int], tuple[float, float]] = {}
    infinity = float("inf")

    def search(
        hands: tuple[tuple[Card, ...], ...],
        leader: int,
        trick: tuple[Card, ...],
        alpha: float,
        beta: float,
    ) -> float:
        """The side to move's net minus the other side's, over the rest of the round."""
        if not trick:
            if not any(hands):
                return 0
            key = (hands, leader)
            low, high = table.get(key, (-infinity, infinity))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha = alpha
        seat = (leader + len(trick)) % 4
        best = -infinity
        for card in legal_cards(hands[seat], trick):
            rest = tuple(
                tuple(c for c in h if c != card) if s == seat else h for s, h in enumerate(hands)
            )
            played = (*trick, card)
            if len(played) < 4:
                v = -search(rest, leader, played, -beta, -alpha)
            else:
                taker = winner(leader, played)
                t = points(played) - TRICK_COST
                if taker % 2 == seat % 2:
                    v = t + search(rest, taker, (), alpha - t, beta - t)
                else:
                    v = -t - search(rest, taker, (), -beta - t, -alpha - t)
            if v > best:
                best = v
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
        if not trick:
            if best <= start_alpha:
                table[key] = (low, min(high, best))
            elif best >= beta:
                table[key] = (max(low, best), high)
            else:
                table[key] = (best, best)
        return best

    difference = search(position.hands, position.leader, position.trick, -infinity, infinity)
    cards = position.cards_left + len(position.trick)
    constant = sum(points(h) for h in position.hands) + points(position.trick)
    constant -= TRICK_COST * (cards // 4)
    return int(constant + difference) // 2


def check_solution(position: Position, net: int) -> list[str]:
    """What is wrong with ``solve(position)`` next to ``value``'s net (nothing: [])."""
    wrong = []
    solution = solve(position)
    if solution.net != net:
        wrong.append(f"solve() net {solution.net}, value() {net}")
    if set(solution.cards) != set(position.legal()):
        wrong.append("solve() cards are not the legal cards")
    if max(solution.cards.values()) != solution.net:
        wrong.append("no card reaches the net")
    side, total, p = position.to_move % 2, 0, position
    try:
        for card in solution.line:
            trick = (*p.trick, card)
            p, taker = p.play(card)
            if taker is not None and taker % 2 == side:
                total += points(trick) - TRICK_COST
    except ValueError as error:
        wrong.append(f"the line is not legal: {error}")
        return wrong
    if not p.over:
        wrong.append("the line stops before the round's end")
    if total != solution.net:
        wrong.append(f"the line makes {total}, not {solution.net}")
    return wrong


class TimeUp(Exception):
    """A deal's search ran past its time limit."""


def limited(position: Position, seconds: float) -> int | None:
    """``value(position)``, or None when it runs longer than ``seconds`` (stopped by a
    timer signal; Unix)."""

    def ring(signum: int, frame: FrameType | None) -> None:
        raise TimeUp

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return value(position)
    except TimeUp:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _status(field: str) -> int:
    """A figure (kB) of this process's /proc/self/status (Linux)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise OSError(f"no {field} in /proc/self/status")


def peak_memory(n: int, seed: int) -> float | None:
    """How much one ``value`` search of a deal raises the peak resident memory of a fresh
    process (MB); None where /proc/self/status is missing (not Linux)."""
    if not os.path.exists("/proc/self/status"):
        return None
    command = [sys.executable, __file__, "--memory-of", str(n), str(seed)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return float(done.stdout) if done.returncode == 0 and done.stdout.strip() else None


def memory_of(n: int, seed: int) -> None:
    """Print the rise of this process's peak resident memory (MB) during one search."""
    position = deal(n, seed)
    start = _status("VmRSS")
    value(position)
    print((_status("VmHWM") - start) / 1024)


@dataclass
class Size:
    n: int
    repeat: int = 1
    seconds: list[float] = field(default_factory=list)
    first: list[float] = field(default_factory=list)
    seeds: list[int] = field(default_factory=list)
    stopped: int = 0
    checked: int = 0
    solved: int = 0
    wrong: list[str] = field(default_factory=list)
    memory: dict[str, float | None] = field(default_factory=dict)

    def percentile(self, q: float) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(
    n: int,
    deals: int,
    check: int,
    *,
    solutions: int = 0,
    slowest: bool = True,
    budget: float | None = None,
    limit: float | None = None,
    repeat: int = 1,
) -> Size:
    """Time ``value`` on seeded deals of ``n`` cards a hand, each the best of ``repeat``
    searches (until ``budget`` seconds are spent, each deal stopped after ``limit``);
    check the first ``check`` values with the plain search and the first ``solutions``
    deals with ``solve``; then the memory."""
    size = Size(n, repeat)
    start = time.perf_counter()
    for k in range(deals):
        if budget is not None and time.perf_counter() - start > budget:
            break
        seed = 1_000 * n + k
        position = deal(n, seed)
        times = []
        for _ in range(repeat):
            began = time.perf_counter()
            net = value(position) if limit is None else limited(position, limit)
            times.append(time.perf_counter() - began)
            if net is None:
                break
        if net is None:
            size.stopped += 1
            continue
        size.seconds.append(min(times))
        size.first.append(times[0])
        size.seeds.append(seed)
        if k < check:
            size.checked += 1
            expected = plain_value(position)
            if net != expected:
                size.wrong.append(f"{n} cards, seed {seed}: value {net}, plain search {expected}")
        if k < solutions:
            size.solved += 1
            size.wrong += [f"{n} cards, seed {seed}: {w}" for w in check_solution(position, net)]
    if size.seconds:
        ranked = sorted(zip(size.seconds, size.seeds, strict=True))
        picks = [("median deal", ranked[len(ranked) // 2][1])]
        if slowest and len(ranked) > 1:
            picks.append(("slowest deal", ranked[-1][1]))
        for label, seed in picks:
            size.memory[label] = peak_memory(n, seed)
    return size


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:9.1f}"


def report(size: Size, quick: bool) -> None:
    n = size.n
    if not size.seconds:
        print(f"{n:>2} cards: nothing solved within the limit ({size.stopped} stopped)")
        return
    median = statistics.median(size.seconds)
    line = (
        f"{n:>2} cards: {len(size.seconds):>3} deals  median {ms(median)}  "
        f"p90 {ms(size.percentile(0.9))}  p99 {ms(size.percentile(0.99))}  "
        f"worst {ms(max(size.seconds))}"
    )
    if size.stopped:
        line += f"  ({size.stopped} more stopped at the limit)"
    print(line)
    if size.repeat > 1:
        print(
            f"          each deal the best of {size.repeat} searches; the first searches "
            f"alone: median {ms(statistics.median(size.first)).strip()}"
        )
    memory = ", ".join(
        f"{label} {'unknown' if mb is None else f'{mb:.1f} MB'}"
        for label, mb in size.memory.items()
    )
    print(f"          peak memory of one search (resident, above the interpreter): {memory}")
    if n in ANCHORS:
        verdict = "PASS" if median < TARGETS[n] else "FAIL"
        if quick:
            verdict = "not judged (quick mode)"
        print(
            f"          anchor {ANCHORS[n] * 1e3:,.0f} ms: {ANCHORS[n] / median:.1f}x faster; "
            f"target median < {TARGETS[n] * 1e3:,.0f} ms: {verdict}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals of 6 and of 8 cards a hand")
    parser.add_argument(
        "--check", type=int, default=20, help="6-card values checked by the plain search"
    )
    parser.add_argument(
        "--budget", type=float, default=120.0, help="seconds for each of 9, 10 and 11 cards"
    )
    parser.add_argument(
        "--limit", type=float, default=60.0, help="seconds for one deal of 9 to 11 cards"
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="searches of each 6-card deal, the best timed"
    )
    parser.add_argument("--quick", action="store_true", help="small inputs, a few seconds")
    parser.add_argument("--memory-of", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_of:
        memory_of(*args.memory_of)
        return 0
    if args.deals < 1 or args.check < 0 or args.repeat < 1 or args.budget <= 0 or args.limit <= 0:
        parser.error(
            "--deals and --repeat must be at least 1, --check at least 0, --budget and "
            "--limit more than 0"
        )
    value(deal(5, 0))  # warm up

    if args.quick:
        sizes = [
            measure(6, 5, 2, solutions=2, slowest=False, repeat=2),
            measure(8, 2, 0, slowest=False),
        ]
    else:
        sizes = [
            measure(6, args.deals, args.check, solutions=3, repeat=args.repeat),
            measure(8, args.deals, 1, solutions=1),
        ]
        sizes += [
            measure(n, 10**6, 0, slowest=False, budget=args.budget, limit=args.limit) for n in LARGE
        ]
    print("value() of a deal's starting position, a fresh search each (ms):")
    for size in sizes:
        report(size, args.quick)
    if args.quick:
        print("times are not judged (quick mode)")
    wrong = [w for size in sizes for w in size.wrong]
    for w in wrong:
        print(f"WRONG {w}")
    checked = sum(size.checked for size in sizes)
    solved = sum(size.solved for size in sizes)
    verdict = "all right" if not wrong else f"{len(wrong)} wrong"
    print(f"{checked} values checked by the plain search, {solved} solve() results: {verdict}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: the Costly Tricks double-dummy solver (:mod:`printables.paradox.solver`).

Deals: for each seed, ``random.Random(seed)`` shuffles the 44 PARADOX cards (the deck's
order) and ``n`` cards go to each hand one at a time, A first (card ``i`` of the shuffle to
seat ``i % 4``: A, B, A's ghost, B's ghost). The hand holding R0 leads; when R0 is not
dealt (fewer than 11 cards a hand), the same generator then draws the leader
(``rng.randrange(4)``). Seeds are ``1_000 * n + k`` for the k-th deal of size ``n``.

Times :func:`~printables.paradox.solver.value` of each deal's starting position (a fresh
search each call: nothing is kept between calls but small tables of trick facts, such as
a last trick's value, which a running process has warm) and prints per size the median,
percentiles and worst time, PASS or FAIL against the targets (median under 20 ms at 6
cards, under 10 ms at 8: the double-dummy goal), and the peak memory of one search: how
much the peak resident
memory of a fresh process rises while it searches the deal with the median time (and, at 6
and 8 cards, the slowest one) again; Linux only. A 6-card deal is timed as the best of
``--repeat`` searches (default 3), the usual way to take a shared machine's interruptions
out of a timing of milliseconds; the median of the first searches alone is printed beside
it. Larger deals are timed once. 9, 10 and 11 cards a hand
(11: the whole deck) run deal after deal until a time budget per size is spent, each deal
stopped at a time limit, and report what was solved.

Then, side by side, each measured in this run on the same deals: a plain alpha-beta
search (written here from the trick rules) against the solver at 6 and 8 cards; the
pure-Python search (the fallback where no C compiler built the compiled one) against the
compiled one at 6, 7 and 8 cards; the full
solve (every legal card's value) over the value alone (target at most 3x); the median's
growth with each card added to every hand, 6 to 8 cards (target under 2x); whole deals
of 11 cards (target: every deal solved, median under 1 s); and, where ``endplay``
installs (``pip install '.[bench]'``: an optional benchmark dependency, never the app's),
Bo Haglund's DDS solving every lead of seeded bridge deals of 6, 7, 8 and 13 cards a hand
beside the solver, and its growth per card.

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
from printables.paradox.solver import COMPILED, Solver, solve, value
from printables.paradox.tricks import TRICK_COST, Position, legal_cards, points, winner

TARGETS = {6: 0.020, 8: 0.010}
"""Median seconds the solver must beat: 6 cards a hand, and 8 (the double-dummy goal)."""
GROWTH_MOST = 2.0
"""The most the median may grow with each card added to every hand (6 to 8 cards)."""
WHOLE_DEAL = 1.0
"""Median seconds for a whole deal (11 cards a hand), every deal solved."""
SOLVE_RATIO_MOST = 3.0
"""The most a full solve (every legal card's value) may take over the value alone."""
LARGE = (9, 10, 11)
SIDE = {6: 10, 8: 2}
"""Deals of each size the plain alpha-beta search is timed on, beside the solver on the
same deals in the same run."""
BRIDGE_SIZES = (6, 7, 8, 13)
"""Cards a hand of the bridge deals DDS (``endplay``) solves beside the solver."""


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
    if n in TARGETS:
        verdict = "not judged (quick mode)" if quick else judged(median < TARGETS[n])
        print(f"          target median < {TARGETS[n] * 1e3:,.0f} ms: {verdict}")


def judged(met: bool) -> str:
    return "PASS" if met else "FAIL"


def plain_side_by_side(size: Size, deals: int) -> tuple[float, float] | None:
    """The plain alpha-beta search (:func:`plain_value`) and the solver's medians on the
    first ``deals`` deals of ``size``, timed one after the other in this run."""
    seeds = size.seeds[:deals]
    if not seeds:
        return None
    plain, ours = [], []
    for seed in seeds:
        position = deal(size.n, seed)
        began = time.perf_counter()
        plain_value(position)
        plain.append(time.perf_counter() - began)
        began = time.perf_counter()
        value(position)
        ours.append(time.perf_counter() - began)
    return statistics.median(plain), statistics.median(ours)


def fallback_side_by_side(size: Size, deals: int) -> tuple[float, float] | None:
    """The pure-Python search's median (the fallback where no C compiler built the
    compiled one) and the compiled search's on the first ``deals`` deals of ``size``,
    timed one after the other in this run; None where the compiled one is not built."""
    seeds = size.seeds[:deals]
    if not seeds or not COMPILED:
        return None
    python: list[float] = []
    compiled: list[float] = []
    for seed in seeds:
        position = deal(size.n, seed)
        for kind, times in ((False, python), (True, compiled)):
            began = time.perf_counter()
            Solver(position, compiled=kind).value(position)
            times.append(time.perf_counter() - began)
    return statistics.median(python), statistics.median(compiled)


def solve_ratio(size: Size, deals: int) -> float | None:
    """The median of ``solve`` (every legal card's value) over ``value`` on the first
    ``deals`` deals of ``size``, each timed in turn."""
    ratios = []
    for seed in size.seeds[:deals]:
        position = deal(size.n, seed)
        began = time.perf_counter()
        value(position)
        alone = time.perf_counter() - began
        began = time.perf_counter()
        solve(position)
        ratios.append((time.perf_counter() - began) / alone)
    return statistics.median(ratios) if ratios else None


def bridge_deal(n: int, seed: int) -> str:
    """A seeded bridge deal of ``n`` cards a hand, in PBN (North first), dealt as
    :func:`deal` deals PARADOX cards: the shuffled deck's cards to the hands in turn."""
    rng = random.Random(seed)
    cards = [(suit, rank) for suit in range(4) for rank in range(13)]
    rng.shuffle(cards)
    hands = [cards[s : 4 * n : 4] for s in range(4)]
    ranks = "23456789TJQKA"
    return "N:" + " ".join(
        ".".join("".join(ranks[r] for s, r in sorted(hand, key=lambda c: -c[1]) if s == suit)
                 for suit in range(4))
        for hand in hands
    )  # fmt: skip


def dds_medians(deals: int) -> dict[int, float] | str:
    """DDS's median seconds (Bo Haglund's double-dummy solver, through ``endplay``) to
    solve every lead of seeded bridge deals of each of :data:`BRIDGE_SIZES` cards a hand,
    no trumps, West on lead; or why it cannot run here (``pip install endplay``: an
    optional benchmark dependency, never the app's)."""
    try:
        from endplay.dds import solve_board  # type: ignore[import-not-found,unused-ignore]
        from endplay.types import Deal, Denom, Player  # type: ignore[import-not-found,unused-ignore]
    except ImportError as error:
        return f"endplay is not installed ({error}); pip install endplay"
    medians = {}
    for n in BRIDGE_SIZES:
        times = []
        for k in range(deals):
            board = Deal(bridge_deal(n, 1_000 * n + k))
            board.first, board.trump = Player.west, Denom.nt
            began = time.perf_counter()
            solve_board(board)
            times.append(time.perf_counter() - began)
        medians[n] = statistics.median(times)
    return medians


def growth(medians: dict[int, float], low: int, high: int) -> float | None:
    """The median's growth with each card added to every hand, from ``low`` to ``high``
    cards (geometric)."""
    if low not in medians or high not in medians or medians[low] <= 0:
        return None
    return float((medians[high] / medians[low]) ** (1 / (high - low)))


def side_by_side(sizes: Sequence[Size], quick: bool) -> None:
    """The comparisons, each measured in this run on the same deals: the plain search,
    the full solve, DDS, the growth per card; and the double-dummy targets."""
    by_n = {s.n: s for s in sizes}
    medians = {s.n: statistics.median(s.seconds) for s in sizes if s.seconds and not s.stopped}
    print("side by side, in this run:")
    for n, deals in SIDE.items():
        if n not in by_n or (quick and n > 6):  # the plain search takes seconds at 8 cards
            continue
        count = min(1 if quick else deals, len(by_n[n].seeds))
        found = plain_side_by_side(by_n[n], count)
        if found is not None:
            plain, ours = found
            said = f"{ms(plain).strip()} vs {ms(ours).strip()} ms, {plain / ours:.1f}x faster"
            print(f"  {n} cards, plain alpha-beta vs the solver on the same {count} deal(s): "
                  f"{said}")  # fmt: skip
    if not COMPILED:
        print("  the compiled search is not built here: every figure is the pure-Python one's")
    for n in (6, 7, 8):
        if n not in by_n or (quick and n > 6):
            continue
        found = fallback_side_by_side(by_n[n], 1 if quick else 10)
        if found is not None:
            python, compiled = found
            print(f"  {n} cards, the pure-Python search vs the compiled one on the same "
                  f"{1 if quick else 10} deal(s): {ms(python).strip()} vs "
                  f"{ms(compiled).strip()} ms, {python / compiled:.1f}x faster")  # fmt: skip
    ratio = solve_ratio(by_n[6], 2 if quick else 10) if 6 in by_n else None
    if ratio is not None:
        verdict = "not judged (quick mode)" if quick else judged(ratio <= SOLVE_RATIO_MOST)
        print(f"  full solve over the value alone, 6 cards: {ratio:.1f}x "
              f"(target <= {SOLVE_RATIO_MOST:.0f}x: {verdict})")  # fmt: skip
    ours_growth = growth(medians, 6, 8)
    if ours_growth is not None:
        verdict = "not judged (quick mode)" if quick else judged(ours_growth < GROWTH_MOST)
        step = growth(medians, 7, 8)
        extra = f"; 7 to 8 cards {step:.2f}x" if step is not None else ""
        print(f"  growth per card added, 6 to 8 cards: {ours_growth:.2f}x{extra} "
              f"(target < {GROWTH_MOST:.0f}x: {verdict})")  # fmt: skip
    if 11 in by_n and not quick:
        whole = by_n[11]
        met = bool(whole.seconds) and not whole.stopped
        median = f"{ms(statistics.median(whole.seconds)).strip()} ms" if whole.seconds else "none"
        print(f"  whole deals (11 cards): {len(whole.seconds)} solved, {whole.stopped} stopped; "
              f"median {median} (target < {WHOLE_DEAL * 1e3:,.0f} ms, every deal solved: "
              f"{judged(met and statistics.median(whole.seconds) < WHOLE_DEAL)})")  # fmt: skip
    dds = dds_medians(3 if quick else 50)
    if isinstance(dds, str):
        print(f"  DDS: not measured: {dds}")
        return
    print("  DDS (bridge, every lead solved, no trumps) beside the solver (Costly Tricks, "
          "the position's value):")  # fmt: skip
    for n, seconds in dds.items():
        mine = f"{ms(medians[n]).strip()} ms" if n in medians else "not measured"
        times = f" ({medians[n] / seconds:,.0f}x DDS's)" if n in medians else ""
        print(f"    {n:>2} cards a hand: DDS {seconds * 1e3:.2f} ms, the solver {mine}{times}")
    dds_growth = growth(dds, 6, 8)
    if dds_growth is not None:
        solver = f", the solver {ours_growth:.2f}x" if ours_growth is not None else ""
        print(f"    growth per card added, 6 to 8 cards: DDS {dds_growth:.2f}x{solver}")


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
            measure(7, 2, 0, slowest=False),
            measure(8, 2, 0, slowest=False),
        ]
    else:
        sizes = [
            measure(6, args.deals, args.check, solutions=3, repeat=args.repeat),
            measure(7, max(1, args.deals // 4), 0, slowest=False),
            measure(8, args.deals, 1, solutions=1),
        ]
        sizes += [
            measure(n, 10**6, 0, slowest=False, budget=args.budget, limit=args.limit) for n in LARGE
        ]
    print("value() of a deal's starting position, a fresh search each (ms):")
    for size in sizes:
        report(size, args.quick)
    side_by_side(sizes, args.quick)
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

"""Benchmark: counting a Matrix set's solutions up to a limit, next to the exact count.

``printables solve matrix --count --limit N`` calls
:func:`printables.matrix.solver.count_solutions` with ``limit=N``: the exact count
(without listing solutions) and a listing of solutions that stops at the limit take turns,
and the first to finish answers. This times, on 5x5 sets:

* seeded random sets of distinct 4D cards (``random.Random(seed)`` per set, fixed seeds);
* *few-value* sets, where the exact count is slow (up to several seconds) because most
  cards share several values: 25 of the 27 blue cards; the 9 blue black cards and 16 more
  that are blue or black; cards showing at least two of blue, black, stripe and square;
  23 blue cards and 2 others; blue or green cards that are black or gray; blue or black
  cards (each family drawn with fixed seeds).

For each set: the exact count's time (no limit), then the time of the count with limits
1, 100 and 10,000, which method answered (``listed``: the listing reached the limit or
ended; ``exact``: the exact count ended first) and the solution pairs listed. Every
limited answer must equal the smaller of the exact count and the limit; the exit status is
1 when one does not (each such set printed), never because of a time.

Prints a line per few-value set and, per group, the median and worst times.

    python benchmarks/bench_counting.py [--sets N] [--runs R] [--quick]

Defaults: 30 random sets, each call timed once (``--runs`` takes the median of R runs):
under a minute on a shared 2-core machine, most of it the exact count of the few-value
sets. ``--quick`` times 3 random sets and the two few-value sets whose exact count is fast,
in a few seconds, and still checks every answer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.matrix.solver import CountStats, count_solutions

LIMITS = (1, 100, 10_000)
ROWS = COLS = 5


def pick(test: Callable[[str], bool]) -> list[Card]:
    """The 4D cards whose name (color, shade, pattern, shape: ``Bb=S``) passes ``test``."""
    return [c for c in FOUR_D.cards if test(str(c))]


def shows(name: str, *values: str) -> int:
    """How many of ``values`` (symbols, in the name's positions) the card shows."""
    return sum(symbol in name for symbol in values)


BLUE = pick(lambda n: n[0] == "B")
NOT_BLUE = pick(lambda n: n[0] != "B")
BLUE_BLACK = pick(lambda n: n[:2] == "Bb")
BLUE_OR_BLACK = pick(lambda n: n[0] == "B" or n[1] == "b")


def few_value_sets(rng: random.Random) -> dict[str, Callable[[], list[Card]]]:
    """The few-value families: each call draws one set of 25 cards."""
    blue_or_black_only = [c for c in BLUE_OR_BLACK if c not in BLUE_BLACK]
    two_of = pick(lambda n: (n[0] == "B") + (n[1] == "b") + (n[2] == "=") + (n[3] == "S") >= 2)
    blue_green_dark = pick(lambda n: n[0] in "BG" and n[1] in "bg")
    return {
        "25 blue": lambda: rng.sample(BLUE, 25),
        "23 blue + 2": lambda: rng.sample(BLUE, 23) + rng.sample(NOT_BLUE, 2),
        "9 Bb + 16 B or b": lambda: BLUE_BLACK + rng.sample(blue_or_black_only, 16),
        "2 of B, b, =, S": lambda: rng.sample(two_of, 25),
        "B or G, b or g": lambda: rng.sample(blue_green_dark, 25),
        "blue or black": lambda: rng.sample(BLUE_OR_BLACK, 25),
    }


QUICK_FAMILIES = ("25 blue", "23 blue + 2")


@dataclass
class Result:
    name: str
    count: int
    exact_s: float
    limited_s: dict[int, float] = field(default_factory=dict)
    method: dict[int, str] = field(default_factory=dict)
    pairs: dict[int, int] = field(default_factory=dict)
    wrong: list[str] = field(default_factory=list)


def timed(runs: int, call: Callable[[], int]) -> tuple[float, int]:
    """The median time of ``runs`` calls, and the last answer."""
    times, answer = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        answer = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), answer


def measure(name: str, cards: Sequence[Card], runs: int) -> Result:
    exact_s, count = timed(runs, lambda: count_solutions(cards, ROWS, COLS))
    result = Result(name, count, exact_s)
    for limit in LIMITS:
        last: list[CountStats] = []

        def limited(limit: int = limit, last: list[CountStats] = last) -> int:
            last[:] = [CountStats()]  # the figures of the last run
            return count_solutions(cards, ROWS, COLS, limit=limit, stats=last[0])

        seconds, answer = timed(runs, limited)
        result.limited_s[limit] = seconds
        result.method[limit] = last[0].method
        result.pairs[limit] = last[0].pairs
        if answer != min(count, limit):
            result.wrong.append(f"limit {limit}: {answer}, not {min(count, limit)}")
    return result


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:8.1f}"


def report_group(title: str, results: Sequence[Result]) -> None:
    """Median and worst times of a group, exact and per limit."""
    print(f"{title} ({len(results)} sets)          median ms    worst ms")
    rows = [("exact count", [r.exact_s for r in results])]
    rows += [(f"limit {limit:,}", [r.limited_s[limit] for r in results]) for limit in LIMITS]
    for label, times in rows:
        print(f"  {label:<28} {ms(statistics.median(times))}    {ms(max(times))}")
    for limit in LIMITS:
        listed = sum(r.method[limit] == "listed" for r in results)
        print(f"  limit {limit:,}: answered by the listing {listed}, by the exact count "
              f"{len(results) - listed}")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sets", type=int, default=30, help="random 5x5 sets (default 30)")
    parser.add_argument("--runs", type=int, default=1, help="timed runs of each call (median)")
    parser.add_argument("--quick", action="store_true", help="small inputs, a few seconds")
    args = parser.parse_args(argv)
    sets = 3 if args.quick else args.sets
    if sets < 1 or args.runs < 1:
        parser.error("--sets and --runs must be at least 1")
    count_solutions(random.Random(0).sample(FOUR_D.cards, 25), ROWS, COLS)  # warm up

    few: list[Result] = []
    families = few_value_sets(random.Random(2026))
    draws = 1 if args.quick else 2
    print("few-value 5x5 sets: ms (exact count; limits " + ", ".join(f"{k:,}" for k in LIMITS)
          + "), answered by")  # fmt: skip
    for name, draw in families.items():
        for k in range(draws):
            cards = draw()
            if args.quick and name not in QUICK_FAMILIES:
                continue
            result = measure(f"{name} #{k + 1}", cards, args.runs)
            few.append(result)
            limited = " ".join(ms(result.limited_s[limit]) for limit in LIMITS)
            methods = "/".join(result.method[limit] for limit in LIMITS)
            print(f"  {result.name:<22} {ms(result.exact_s)} | {limited}  {methods}"
                  f"  count {result.count:.3g}")  # fmt: skip
    report_group("few-value 5x5", few)

    randoms = [
        measure(f"random #{k}", random.Random(5_000_000 + k).sample(FOUR_D.cards, 25), args.runs)
        for k in range(sets)
    ]
    report_group("random 5x5", randoms)
    counts = sorted(r.count for r in randoms)
    print(f"  counts: median {statistics.median(counts):,.0f}, largest {counts[-1]:,}")

    wrong = [r for r in few + randoms if r.wrong]
    for r in wrong:
        print(f"WRONG {r.name} (count {r.count}): {'; '.join(r.wrong)}")
    if args.quick:
        print("times are not judged (quick mode)")
    print("every limited count right" if not wrong else f"{len(wrong)} sets counted wrongly")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())

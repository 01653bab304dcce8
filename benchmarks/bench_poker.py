"""Benchmark: 4D Poker hands ranked per second (target: over 100,000 five-card hands).

Ranks the same 200,000 seeded random five-card hands five times and prints the
median rate, and the rate of best-five-of-seven (21 hands each) for seven-card stud.

Before timing, checks the ranking against a slow count written from the book's rule (each
value counted once, at the number of cards showing it; a triple-flush pair is two cards
sharing three values) on 2,000 of the hands and 200 of the seven-card hands, and exits 1
on any difference. A missed target only prints MISSED.

    python benchmarks/bench_poker.py [--quick]

``--quick`` (for CI, ``tests/test_benchmarks.py``) makes the same checks and times 20,000
hands three times and 500 seven-card hands; the target is then not judged.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.fourd.poker_ranks import PokerRank, best_five, rank_indices

TARGET = 100_000
CHECKED_HANDS = 2_000
CHECKED_SEVENS = 200


def book_rank(cards: Sequence[Card]) -> PokerRank:
    """A hand's rank counted the slow way, straight from the book's rule."""
    showing = Counter(v for c in cards for v in enumerate(c.values))
    largest = Counter(n for n in showing.values() if n >= 3)
    pairs = sum(a.shares(b) == 3 for a, b in combinations(cards, 2))
    return PokerRank(pairs, sum(k for n, k in largest.items() if n >= 5), largest[4], largest[3])


def check(hands: Sequence[Sequence[int]], sevens: Sequence[Sequence[Card]]) -> list[str]:
    """Every hand whose fast rank differs from the book's count, and every seven whose
    best five is not the best of its 21 hands by that count."""
    problems = []
    for hand in hands:
        cards = [FOUR_D.cards[i] for i in hand]
        if (fast := rank_indices(hand)) != (slow := book_rank(cards)):
            problems.append(f"{' '.join(map(str, cards))}: ranked {fast}, the book says {slow}")
    for seven in sevens:
        rank, five = best_five(seven)
        best = max(book_rank(pick) for pick in combinations(seven, 5))
        if rank != best or book_rank(five) != best or not set(five) <= set(seven):
            problems.append(f"{' '.join(map(str, seven))}: best five {five} ranked {rank}")
    return problems


def run(quick: bool = False) -> int:
    """Check, then time; 1 when the check failed (the timing only prints)."""
    rng = random.Random(81)
    hands = [rng.sample(range(81), 5) for _ in range(20_000 if quick else 200_000)]
    sevens = [[FOUR_D.cards[i] for i in rng.sample(range(81), 7)] for _ in range(5_000)]
    if quick:
        sevens = sevens[:500]
    problems = check(hands[:CHECKED_HANDS], sevens[:CHECKED_SEVENS])
    for problem in problems:
        print("WRONG RANK " + problem, file=sys.stderr)
    print(f"ranks checked against the book's count: {CHECKED_HANDS:,} five-card hands, "
          f"{CHECKED_SEVENS} seven-card hands, {len(problems)} wrong")  # fmt: skip
    runs = 3 if quick else 5
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        for hand in hands:
            rank_indices(hand)
        rates.append(len(hands) / (time.perf_counter() - start))
    median = statistics.median(rates)
    verdict = "not judged in quick mode" if quick else "met" if median > TARGET else "MISSED"
    print(f"five-card hands ranked: median {median:,.0f}/s over {runs} runs of {len(hands):,} "
          f"(min {min(rates):,.0f}, max {max(rates):,.0f}); target > {TARGET:,}/s: "
          f"{verdict}")  # fmt: skip
    start = time.perf_counter()
    for seven in sevens:
        best_five(seven)
    rate = len(sevens) / (time.perf_counter() - start)
    print(f"seven-card stud, best five of seven: {rate:,.0f} hands/s")
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="fewer hands, target not judged (for CI)"
    )
    args = parser.parse_args(argv)
    return run(quick=args.quick)


if __name__ == "__main__":
    sys.exit(main())

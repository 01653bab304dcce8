"""Benchmark: 4D Poker hands ranked per second (target: over 100,000 five-card hands).

Ranks the same 200,000 seeded random five-card hands five times and prints the
median rate, and the rate of best-five-of-seven (21 hands each) for seven-card stud.

    python benchmarks/bench_poker.py
"""

from __future__ import annotations

import random
import statistics
import time

from printables.cards.decks import FOUR_D
from printables.fourd.poker import best_five, rank_indices

TARGET = 100_000


def main() -> None:
    rng = random.Random(81)
    hands = [rng.sample(range(81), 5) for _ in range(200_000)]
    rates = []
    for _ in range(5):
        start = time.perf_counter()
        for hand in hands:
            rank_indices(hand)
        rates.append(len(hands) / (time.perf_counter() - start))
    median = statistics.median(rates)
    print(f"five-card hands ranked: median {median:,.0f}/s over 5 runs of {len(hands):,} "
          f"(min {min(rates):,.0f}, max {max(rates):,.0f}); target > {TARGET:,}/s: "
          f"{'met' if median > TARGET else 'MISSED'}")  # fmt: skip
    sevens = [[FOUR_D.cards[i] for i in rng.sample(range(81), 7)] for _ in range(5_000)]
    start = time.perf_counter()
    for seven in sevens:
        best_five(seven)
    rate = len(sevens) / (time.perf_counter() - start)
    print(f"seven-card stud, best five of seven: {rate:,.0f} hands/s")


if __name__ == "__main__":
    main()

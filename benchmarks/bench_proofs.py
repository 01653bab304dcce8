"""Benchmark: proofs in words that Matrix sets are impossible, over many sets of each size.

For each size, generated impossible sets (a third each easy, medium and hard, from
first-edition puzzle seeds: sets as any teacher might type them) get their case-by-case
proof (:mod:`printables.matrix.proofs`). It prints, per size, the median time to build a
proof, its median and longest length in steps (crossing facts and crowds) and in
characters, and the longest for hard sets alone (the sets whose answer key shows the
proof). Beside each hard set, the hard set of the same seed in the second edition
(:data:`~printables.puzzles.SHORT_KEYS_FROM` on: what a sheet prints from a fresh seed)
is made, and its key's proof measured. A sample of the proofs, and every proof in quick
mode, is re-checked by the independent checker and held against the solver; a proof that
fails its check, or a set the solver can solve, exits 1.

It then prints the length targets over every size, PASS or FAIL, and exits 1 on FAIL
(quick mode shows them, not judged):

- a printed key's proof (a second edition's hard set, as the key prints it: its steps,
  the rules every proof uses said once at the key's head,
  :data:`~printables.matrix.proofs.RULES`) fits in a third of a page: at most
  :data:`~printables.matrix.proofs.KEY_MOST` characters (the first edition's keys, printed
  from seeds below, are shown beside it, not judged);
- a proof of any impossible set (all levels, as a set typed by hand may be): 99 % under
  :data:`TYPED_P99` characters, none over a page (:data:`PAGE`).

    python benchmarks/bench_proofs.py [--sets N] [--checked N] [--quick]

``--quick`` (for CI) takes 3 sets per size (one each easy, medium and hard) and checks
every one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from printables.matrix import SIZES
from printables.matrix.proofs import (
    KEY_MOST,
    RULES,
    ProofError,
    check_proof,
    impossibility_proof,
)
from printables.matrix.puzzles import generate
from printables.matrix.solver import solve
from printables.puzzles import SHORT_KEYS_FROM

LEVELS = ("easy", "medium", "hard")
TYPED_P99 = 4000
"""The characters under which 99 % of all proofs must stay."""
PAGE = 4500
"""The characters of a page of proof: no proof may run longer."""


def percentile(values: Sequence[int], share: float) -> int:
    """The value under which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def targets(
    every: Sequence[int], printed: Sequence[int], first: Sequence[int], quick: bool
) -> bool:
    """Print the length targets against all sizes' proofs (``printed``: the second
    edition's keys, ``first``: the first's); whether they are met."""
    judged = [
        (f"printed keys (hard sets): longest <= {KEY_MOST:,} chars", max(printed),
         max(printed) <= KEY_MOST),
        (f"every proof: 99th percentile < {TYPED_P99:,} chars", percentile(every, 0.99),
         percentile(every, 0.99) < TYPED_P99),
        (f"every proof: longest <= {PAGE:,} chars (a page)", max(every), max(every) <= PAGE),
    ]  # fmt: skip
    print(f"all sizes: {len(every)} proofs, median {statistics.median(every):,.0f} chars, "
          f"90th percentile {percentile(every, 0.9):,}; printed keys: median "
          f"{statistics.median(printed):,.0f}, "
          f"90th percentile {percentile(printed, 0.9):,}")  # fmt: skip
    for edition, lengths in (("second", printed), ("first", first)):
        within = sum(length <= KEY_MOST for length in lengths)
        print(f"{edition} edition's keys within {KEY_MOST:,} chars: {within} of "
              f"{len(lengths)} ({within / max(1, len(lengths)):.0%}), longest "
              f"{max(lengths):,}")  # fmt: skip
    print(f"(a key says the rules once at its head, {len(RULES):,} chars, not counted above)")
    for name, value, met in judged:
        verdict = "not judged in quick mode" if quick else "PASS" if met else "FAIL"
        print(f"{name:<50} {value:>7,}  {verdict}")
    return quick or all(met for _, _, met in judged)


def bench(sets: int, checked: int, quick: bool = False) -> bool:
    ok = True
    every: list[int] = []
    printed: list[int] = []
    first: list[int] = []
    print(f"{'size':<5} {'sets':>5} {'ms median':>9} {'steps median':>12} {'longest':>7} "
          f"{'chars longest':>13} {'hard: longest':>13} {'hard chars':>10} "
          f"{'2nd ed. key':>11} {'checked':>7}")  # fmt: skip
    for rows, cols in SIZES:
        if rows > cols:
            continue  # a transposed size has the same proofs, turned over
        times: list[float] = []
        steps: list[int] = []
        chars: list[int] = []
        hard_steps: list[int] = []
        hard_chars: list[int] = []
        keys: list[int] = []
        verified = 0
        for n in range(sets):
            level = LEVELS[n % 3]
            seed = (n // 3 * 7919) % SHORT_KEYS_FROM
            puzzle = generate(rows, cols, "impossible", level, seed)
            start = time.perf_counter()
            proof = impossibility_proof(puzzle.cards, rows, cols)
            times.append(time.perf_counter() - start)
            length = sum(len(line) for line in proof.lines)
            steps.append(proof.steps)
            chars.append(length)
            if level == "hard":  # printed in a key: the rules said once at its head
                hard_steps.append(proof.steps)
                hard_chars.append(proof.key_length)
                second = generate(rows, cols, "impossible", level, SHORT_KEYS_FROM + seed)
                assert second.proof is not None  # a hard impossible set's key is a proof
                keys.append(second.proof.key_length)
            if n < checked:
                try:
                    check_proof(puzzle.cards, rows, cols, proof)
                except ProofError as error:
                    print(f"FAILED {puzzle.id}: {error}", file=sys.stderr)
                    ok = False
                if solve(puzzle.cards, rows, cols) is not None:
                    print(f"FAILED {puzzle.id}: the solver solves it", file=sys.stderr)
                    ok = False
                verified += 1
        print(f"{rows}x{cols:<3} {sets:>5} {statistics.median(times) * 1000:>9.1f} "
              f"{statistics.median(steps):>12g} {max(steps):>7} {max(chars):>13,} "
              f"{max(hard_steps, default=0):>13} {max(hard_chars, default=0):>10,} "
              f"{max(keys, default=0):>11,} {verified:>7}", flush=True)  # fmt: skip
        every += chars
        printed += keys
        first += hard_chars
    return targets(every, printed, first, quick) and ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sets", type=int, help="impossible sets per size (default 1000)")
    parser.add_argument("--checked", type=int, help="proofs re-checked per size (default 30)")
    parser.add_argument("--quick", action="store_true", help="3 sets per size, all checked")
    args = parser.parse_args(argv)
    sets = args.sets or (3 if args.quick else 1000)
    checked = sets if args.quick else args.checked if args.checked is not None else 30
    return 0 if bench(sets, checked, args.quick) else 1


if __name__ == "__main__":
    sys.exit(main())

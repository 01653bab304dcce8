"""Benchmark: proofs in words that Matrix sets are impossible, over many sets of each size.

For each size, generated impossible sets (a third each easy, medium and hard, from
consecutive puzzle seeds) get their case-by-case proof (:mod:`printables.matrix.proofs`).
It prints, per size, the median time to build a proof, its median and longest length in
steps (crossing facts and crowds) and in characters, and the longest for hard sets alone
(the sets whose answer key shows the proof). A sample of the proofs, and every proof in
quick mode, is re-checked by the independent checker and held against the solver; a
proof that fails its check, or a set the solver can solve, exits 1. Then, per size, it
draws fresh seeds for sheets of twelve hard impossible sets as a sheet printed with no
seed does (:meth:`~printables.matrix.puzzles.MatrixKind.fresh_seed`: a seed whose keys
all fit a third of a page), a sheet for every twelve hard sets above, and prints the time
to draw one (its puzzles made on the way) and the longest key printed.

It then prints the length targets over every size, PASS or FAIL, and exits 1 on FAIL
(quick mode shows them, not judged):

- a printed key's proof (a hard set's on a sheet drawn so, as the key prints it: its
  steps, the rules every proof uses said once at the key's head,
  :data:`~printables.matrix.proofs.RULES`) fits in a third of a page: at most
  :data:`~printables.matrix.proofs.KEY_MOST` characters (every hard set's key, as a seed
  typed by hand may print it, is shown beside it, not judged);
- a proof of any impossible set (all levels, as a set typed by hand may be): 99 % under
  :data:`TYPED_P99` characters, none over a page
  (:data:`~printables.matrix.proofs.PAGE`); and none over a page either among
  :data:`LONGEST_KNOWN`, the longest found beyond these sets. It says how many proofs
  are told more briefly to stay within the page (a few crowds' crossings left to the
  reader, more crowds told last).

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
    PAGE,
    RULES,
    Proof,
    ProofError,
    check_proof,
    impossibility_proof,
)
from printables.matrix.proofs.paging import served
from printables.matrix.puzzles import KIND, MAX_SEED, generate, get_puzzle
from printables.matrix.solver import solve

LEVELS = ("easy", "medium", "hard")
SHEET = 12
"""Puzzles on a drawn sheet."""
TYPED_P99 = 4000
"""The characters under which 99 % of all proofs must stay."""
LONGEST_KNOWN = ("4x5-180dnz", "4x5-3asjxr", "4x5-cpqtc6", "4x5-z1ved3", "4x5-8d7vf4",
                 "4x5-jkmxb0", "4x5-1t09mt", "4x5-gfj7q1", "4x5-q2snkq", "5x5-qd2emn")  # fmt: skip
"""The sets whose proofs in full ran longest in scans beyond the benchmark's own sets
(40,000 more hard impossible 4x5 sets and 12,500 hard 5x5, 2026-11-28), proved and judged
against a page too: the rare long tail a sample of 1,000 a size may miss. The first six
ran over a page in full (every crowd's crossings named, the usual crowds told last)."""


def told_briefly(proof: Proof) -> bool:
    """Whether the proof is told more briefly to fit a page: some crowds' crossings left
    to the reader (in a split, in some case), or more crowds told last than usual."""
    return proof.told_last > 0 or any(not why.crossings_told for why, _ in served(proof))


def percentile(values: Sequence[int], share: float) -> int:
    """The value under which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def targets(
    every: Sequence[int],
    printed: Sequence[int],
    hard: Sequence[int],
    known: Sequence[tuple[int, str]],
    quick: bool,
) -> bool:
    """Print the length targets against all sizes' proofs (``printed``: the keys of the
    drawn sheets; ``hard``: every hard set's; ``known``: the lengths in full of
    :data:`LONGEST_KNOWN`, with their ids); whether they are met."""
    longest_known = max(length for length, _ in known)
    judged = [
        (f"printed keys (drawn sheets): longest <= {KEY_MOST:,} chars", max(printed),
         max(printed) <= KEY_MOST),
        (f"every proof: 99th percentile < {TYPED_P99:,} chars", percentile(every, 0.99),
         percentile(every, 0.99) < TYPED_P99),
        (f"every proof: longest <= {PAGE:,} chars (a page)", max(every), max(every) <= PAGE),
        (f"longest known beyond these: <= {PAGE:,} chars", longest_known, longest_known <= PAGE),
    ]  # fmt: skip
    print(f"all sizes: {len(every)} proofs, median {statistics.median(every):,.0f} chars, "
          f"90th percentile {percentile(every, 0.9):,}; printed keys: median "
          f"{statistics.median(printed):,.0f}, "
          f"90th percentile {percentile(printed, 0.9):,}")  # fmt: skip
    for which, lengths in (("drawn sheets' keys", printed), ("every hard set's key", hard)):
        within = sum(length <= KEY_MOST for length in lengths)
        print(f"{which} within {KEY_MOST:,} chars: {within} of {len(lengths)} "
              f"({within / max(1, len(lengths)):.0%}), longest {max(lengths):,}")  # fmt: skip
    print(f"(a key says the rules once at its head, {len(RULES):,} chars, not counted above)")
    print("longest known beyond these sets, in full: "
          + ", ".join(f"{puzzle_id} {length:,}" for length, puzzle_id in known))  # fmt: skip
    for name, value, met in judged:
        verdict = "not judged in quick mode" if quick else "PASS" if met else "FAIL"
        print(f"{name:<50} {value:>7,}  {verdict}")
    return quick or all(met for _, _, met in judged)


def bench(sets: int, checked: int, quick: bool = False) -> bool:
    ok = True
    every: list[int] = []
    printed: list[int] = []
    hard: list[int] = []
    drawn: list[str] = []
    briefly = 0  # proofs told more briefly to fit a page
    print(f"{'size':<5} {'sets':>5} {'ms median':>9} {'steps median':>12} {'longest':>7} "
          f"{'chars longest':>13} {'hard: longest':>13} {'hard chars':>10} "
          f"{'checked':>7}")  # fmt: skip
    for rows, cols in SIZES:
        if rows > cols:
            continue  # a transposed size has the same proofs, turned over
        times: list[float] = []
        steps: list[int] = []
        chars: list[int] = []
        hard_steps: list[int] = []
        hard_chars: list[int] = []
        verified = 0
        for n in range(sets):
            level = LEVELS[n % 3]
            puzzle = generate(rows, cols, "impossible", level, (n // 3 * 7919) % MAX_SEED)
            start = time.perf_counter()
            proof = impossibility_proof(puzzle.cards, rows, cols)
            times.append(time.perf_counter() - start)
            length = proof.length
            steps.append(proof.steps)
            chars.append(length)
            briefly += told_briefly(proof)
            if level == "hard":  # printed in a key: the rules said once at its head
                hard_steps.append(proof.steps)
                hard_chars.append(proof.key_length)
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
              f"{verified:>7}", flush=True)  # fmt: skip
        every += chars
        hard += hard_chars
        keys, seconds = drawn_sheets(rows, cols, max(1, len(hard_chars) // SHEET), quick)
        printed += keys
        drawn.append(f"{rows}x{cols} {statistics.median(seconds):.2f} s median, "
                     f"{max(seconds):.2f} s worst, longest key {max(keys):,}")  # fmt: skip
    count = max(1, sets // 3 // SHEET)
    print(f"fresh sheets drawn ({count} a size, {3 if quick else SHEET} hard impossible sets "
          "each; CPU to draw one, its puzzles made):")  # fmt: skip
    for line in drawn:
        print(f"  {line}")
    known = []
    briefly_known = 0
    for puzzle_id in LONGEST_KNOWN:
        puzzle = get_puzzle(puzzle_id)
        proof = impossibility_proof(puzzle.cards, puzzle.rows, puzzle.cols)
        try:
            check_proof(puzzle.cards, puzzle.rows, puzzle.cols, proof)
        except ProofError as error:
            print(f"FAILED {puzzle_id}: {error}", file=sys.stderr)
            ok = False
        known.append((proof.length, puzzle_id))
        briefly_known += told_briefly(proof)
    print(
        f"proofs told more briefly to fit a page: {briefly} of {len(every)}; of the longest "
        f"known beyond them, {briefly_known} of {len(known)}"
    )
    return targets(every, printed, hard, known, quick) and ok


def drawn_sheets(rows: int, cols: int, count: int, quick: bool) -> tuple[list[int], list[float]]:
    """The key lengths of ``count`` sheets of hard impossible sets printed with no seed
    given, and the CPU seconds each took to draw (a fresh cache of puzzles each)."""
    choices = KIND.choices(size=f"{rows}x{cols}", want="impossible", level="hard")
    size = 3 if quick else SHEET
    keys: list[int] = []
    seconds: list[float] = []
    for _ in range(count):
        get_puzzle.cache_clear()
        start = time.process_time()
        seed = KIND.fresh_seed(size, choices)
        seconds.append(time.process_time() - start)
        for puzzle_id in KIND.ids(size, seed, choices):
            proof = get_puzzle(puzzle_id).proof
            assert proof is not None  # a hard impossible set's key is a proof
            keys.append(proof.key_length)
    return keys, seconds


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

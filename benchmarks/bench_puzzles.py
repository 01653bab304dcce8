"""Benchmark: worksheets and MAT proctor kits as a teacher prints them.

Runs the real commands in fresh processes (so nothing is cached and imports count),
each with a new seed, and prints median and worst wall times against the targets (the
hard impossible sheets with none given, as a teacher prints them: the command draws a
seed whose keys all fit a third of a page, and the drawing is timed):

- ``printables worksheet matrix --count 12`` (generation, grading and the answer key
  included): under 3 s, for 3x3 sets of either kind, for hard 5x5 sets, solvable and
  impossible, and for hard impossible 4x5 sets; the hard impossible 5x5 sheet (built by
  a random walk among impossible sets, each key a case-by-case proof) under 1.5 s;
- ``printables mat-kit --sets 10`` (Simultaneous, 4x4) and a nine-player Successive kit
  (the whole deck dealt into nine graded sets): under 3 s.

Every output is read back (pdfium): it must be a PDF that shows each puzzle id the command
reported, as many as were asked for; a failed command or a wrong output exits 1, as does
a missed target.

It then times, side by side in this one process, :func:`~printables.matrix.solver.solve`
and :func:`~printables.matrix.solver.has_solution` (which the generator calls) on the same
impossible sets of each square size (medium and hard, as the worksheets pick them) and
on random 5x5 sets (mostly solvable; the generator's walk starts from such sets): the
median of five passes, in ms a set. These figures are shown, not judged: the sheet's own
time is the target.

With ``--calibrate`` it prints instead the thirds of the difficulty measure over random
solvable sets of each size: the values kept in :data:`printables.matrix.puzzles.THRESHOLDS`.

    python benchmarks/bench_puzzles.py [--runs N] [--calibrate [--sets N]] [--quick]

``--quick`` (for CI, ``tests/test_benchmarks.py``) runs each job once on small inputs
(two or three puzzles, three sets, three players), checks the outputs the same way without
judging the times, then calibrates on 10 solvable sets per size.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

import pypdfium2 as pdfium

TARGET_SECONDS = 3.0
TARGETS = {"worksheet, 12 puzzles 5x5 (impossible, hard)": 1.5}
"""Jobs with a tighter target than :data:`TARGET_SECONDS`."""
QUICK_CALIBRATION_SETS = 10

# Each job: its arguments and how many puzzles (or sets) it must print.
JOBS: dict[str, tuple[list[str], int]] = {
    "worksheet, 12 puzzles 3x3 (either, medium)": (
        ["worksheet", "matrix", "--count", "12", "--size", "3x3"], 12,
    ),
    "worksheet, 12 puzzles 5x5 (solvable, hard)": (
        ["worksheet", "matrix", "--count", "12", "--size", "5x5", "--kind", "solvable",
         "--difficulty", "hard"], 12,
    ),
    "worksheet, 12 puzzles 5x5 (impossible, hard)": (
        ["worksheet", "matrix", "--count", "12", "--size", "5x5", "--kind", "impossible",
         "--difficulty", "hard"], 12,
    ),
    "worksheet, 12 puzzles 4x5 (impossible, hard)": (
        ["worksheet", "matrix", "--count", "12", "--size", "4x5", "--kind", "impossible",
         "--difficulty", "hard"], 12,
    ),
    "MAT kit, Simultaneous, 10 sets 4x4": (
        ["mat-kit", "--sets", "10", "--size", "4x4", "--players", "12"], 10,
    ),
    "MAT kit, Successive, 9 players": (
        ["mat-kit", "--variant", "successive", "--players", "9"], 9,
    ),
}  # fmt: skip

# The same jobs on small inputs, for --quick.
QUICK_JOBS: dict[str, tuple[list[str], int]] = {
    "worksheet, 3 puzzles 3x3 (either, medium)": (
        ["worksheet", "matrix", "--count", "3", "--size", "3x3"], 3,
    ),
    "worksheet, 2 puzzles 5x5 (solvable, hard)": (
        ["worksheet", "matrix", "--count", "2", "--size", "5x5", "--kind", "solvable",
         "--difficulty", "hard"], 2,
    ),
    "worksheet, 2 puzzles 5x5 (impossible, hard)": (
        ["worksheet", "matrix", "--count", "2", "--size", "5x5", "--kind", "impossible",
         "--difficulty", "hard"], 2,
    ),
    "MAT kit, Simultaneous, 3 sets 4x4": (
        ["mat-kit", "--sets", "3", "--size", "4x4", "--players", "4"], 3,
    ),
    "MAT kit, Successive, 3 players": (
        ["mat-kit", "--variant", "successive", "--players", "3"], 3,
    ),
}  # fmt: skip

DRAWN = ("(impossible, hard)",)
"""Jobs (by the end of their name) run with no seed given, as a teacher prints them: the
command draws one whose keys all fit a third of a page, and that drawing is timed too."""

REPORTED_IDS = re.compile(r"^(?:Puzzle|Set) ids: (.*)$", re.MULTILINE)


class JobFailed(Exception):
    """A command failed, or its output is not what was asked for."""


def output_problem(
    report: str, pdf: Path, expected: int, must_show: Sequence[str] = ()
) -> str | None:
    """What is wrong with a run's output: the ids it reported (``Puzzle ids: ...`` or
    ``Set ids: ...`` on stdout), their number, and the PDF, which must show every one
    (and each text of ``must_show``, such as an answer key's heading)."""
    reported = REPORTED_IDS.search(report)
    ids = reported.group(1).split() if reported else []
    if len(set(ids)) != expected:
        return f"reported {len(set(ids))} distinct puzzle ids, expected {expected}: {report!r}"
    data = pdf.read_bytes()
    if not data.startswith(b"%PDF-"):
        return "the output is not a PDF"
    try:
        document = pdfium.PdfDocument(data)
        text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    except pdfium.PdfiumError as error:
        return f"the PDF cannot be read back: {error}"
    absent = [t for t in must_show if t not in text]
    if absent:
        return f"the PDF does not show {absent[0]!r}"
    missing = [i for i in ids if i not in text]
    return f"ids not shown in the PDF: {' '.join(missing)}" if missing else None


def run_once(
    arguments: Sequence[str],
    expected: int,
    seed: int | None,
    out: Path,
    must_show: Sequence[str] = (),
) -> float:
    """Wall seconds of one run of ``printables ARGUMENTS --seed SEED --out OUT`` (with no
    ``--seed`` when ``seed`` is None: the command draws one); raises :class:`JobFailed`
    when the command fails or its output is wrong."""
    out.unlink(missing_ok=True)
    seeded = [] if seed is None else ["--seed", str(seed)]
    command = [sys.executable, "-m", "generator", *arguments, *seeded, "--out", str(out)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise JobFailed(f"exit status {done.returncode}: {' '.join(command)}\n{done.stderr}")
    problem = output_problem(done.stdout, out, expected, must_show)
    if problem:
        raise JobFailed(f"{problem} ({' '.join(command)})")
    return elapsed


def bench(
    jobs: dict[str, tuple[list[str], int]],
    runs: int,
    quick: bool,
    *,
    target: float = TARGET_SECONDS,
    unjudged: Collection[str] = (),
    must_show: Sequence[str] = (),
    targets: Mapping[str, float] | None = None,
) -> bool:
    """Time each job ``runs`` times, print median and worst against ``target`` (or the
    job's own in ``targets``; jobs named in ``unjudged`` are shown, not judged), and say
    whether all passed."""
    passed = True
    width = max(len(name) for name in jobs)
    print(f"{'job':<{width}}  {'median s':>8}  {'worst s':>7}  target < {target:g} s "
          f"(unless named)")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        for name, (arguments, expected) in jobs.items():
            out = Path(folder) / "out.pdf"
            try:
                drawn = name.endswith(DRAWN)
                times = [run_once(arguments, expected, None if drawn else 1000 + 37 * k, out,
                                  must_show) for k in range(runs)]  # fmt: skip
            except JobFailed as error:
                print(f"{name:<{width}}  FAILED", flush=True)
                print(f"FAILED {name}: {error}", file=sys.stderr)
                passed = False
                continue
            median = statistics.median(times)
            goal = {**TARGETS, **(targets or {})}.get(name, target)
            ok = median < goal
            judged = name not in unjudged
            passed &= ok or quick or not judged
            verdict = (
                "not judged in quick mode" if quick else
                "not judged" if not judged else "PASS" if ok else "FAIL"
            ) + ("" if goal == target else f" (target < {goal:g} s)")  # fmt: skip
            print(f"{name:<{width}}  {median:>8.2f}  {max(times):>7.2f}  {verdict}", flush=True)
    plural = "" if runs == 1 else "s"
    print(f"({runs} run{plural} each in fresh processes, a new seed each run; outputs read back)")
    return passed


def side_by_side(sets: int, passes: int) -> None:
    """Print solve's and has_solution's time a set on the same sets (see the docstring)."""
    from printables.cards.deck import Card
    from printables.cards.decks import FOUR_D
    from printables.matrix.puzzles import MAX_SEED, generate
    from printables.matrix.solver import has_solution, solve

    groups: dict[str, tuple[int, list[Sequence[Card]]]] = {}
    for side in (3, 4, 5):
        groups[f"{side}x{side} impossible"] = (side, [
            generate(side, side, "impossible", level, n * 7919 % MAX_SEED).cards
            for n in range(sets) for level in ("medium", "hard")
        ])  # fmt: skip
    rng = random.Random(5)
    groups["5x5 random"] = (5, [rng.sample(list(FOUR_D.cards), 25) for _ in range(2 * sets)])
    print(f"{'sets (ms a set, median of passes)':<34} {'solve':>7} {'has_solution':>12} "
          f"{'ratio':>6}")  # fmt: skip
    for name, (side, cards) in groups.items():
        medians = []
        for function in (solve, has_solution):
            times = []
            for _ in range(passes):
                start = time.perf_counter()
                for one in cards:
                    function(one, side, side)
                times.append((time.perf_counter() - start) / len(cards) * 1000)
            medians.append(statistics.median(times))
        print(f"{name + f' ({len(cards)})':<34} {medians[0]:>7.2f} {medians[1]:>12.2f} "
              f"{medians[1] / medians[0]:>6.2f}", flush=True)  # fmt: skip


def calibrate(sets: int) -> None:
    """Print, per size, the measure's thirds over random solvable sets."""
    from printables.cards.decks import FOUR_D
    from printables.matrix import SIZES
    from printables.matrix.puzzles import grade

    deck = list(FOUR_D.cards)
    for rows, cols in SIZES:
        if rows > cols:
            continue  # a transposed size has the same figures
        rng = random.Random(11)
        measures: list[float] = []
        start = time.perf_counter()
        tried = 0
        while len(measures) < sets:
            graded = grade(rng.sample(deck, rows * cols), rows, cols)
            tried += 1
            if graded.solvable:
                measures.append(graded.measure)
        easy, hard = statistics.quantiles(measures, n=3)
        per_set = (time.perf_counter() - start) / tried * 1000
        print(f"{rows}x{cols}: ({easy:.1f}, {hard:.1f})   {sets} solvable of {tried} random "
              f"sets, {per_set:.1f} ms to grade a set", flush=True)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, help="runs per job (default 5; 1 with --quick)")
    parser.add_argument("--calibrate", action="store_true", help="print the thresholds")
    parser.add_argument(
        "--sets",
        type=int,
        help=f"solvable sets per size for --calibrate (default 400; "
        f"{QUICK_CALIBRATION_SETS} with --quick)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="each job once on small inputs, times not judged, then a small calibration",
    )
    args = parser.parse_args(argv)
    runs: int = args.runs if args.runs is not None else 1 if args.quick else 5
    sets: int = args.sets if args.sets is not None else (
        QUICK_CALIBRATION_SETS if args.quick else 400)  # fmt: skip
    if runs < 1 or sets < 2:
        parser.error("--runs must be at least 1 and --sets at least 2")
    if args.calibrate:
        calibrate(sets)
        return 0
    passed = bench(QUICK_JOBS if args.quick else JOBS, runs, args.quick)
    side_by_side(3 if args.quick else 20, 1 if args.quick else 5)
    if args.quick:
        print(f"calibration on {sets} solvable sets per size:")
        calibrate(sets)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())

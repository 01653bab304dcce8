"""Benchmark: Costly Tricks worksheets (PARADOX) as a teacher prints them.

Runs ``printables worksheet costly-tricks --count 12`` (with the answer key) in fresh
processes, each with a new seed, so that generation (every deal tried and solved), grading
(the lines of best play), the key and the imports all count, and prints median and worst
wall times against the target: a 12-problem sheet with its key under 5 s.

Every output is read back (pdfium): it must be a PDF that shows each problem id the
command reported, as many as were asked for, and an answer key; a failed command or a
wrong output exits 1, as does a missed target (in a full run).

    python benchmarks/bench_paradox_sheet.py [--runs N] [--quick]

``--quick`` (for CI, ``tests/test_benchmarks.py``) runs each job once with 3 problems and
checks the outputs the same way without judging the times.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import pypdfium2 as pdfium

TARGET_SECONDS = 5.0

# Each job: its arguments, and whether its time is held to the target.
JOBS: dict[str, tuple[list[str], bool]] = {
    "which card, 4 cards a hand, medium (the default)": (["--cards", "4"], True),
    "which card, 4 cards a hand, hard": (["--cards", "4", "--difficulty", "hard"], True),
    "which card, 3 cards a hand, easy": (["--cards", "3", "--difficulty", "easy"], True),
    "which cards may be played, 6 cards a hand, hard": (
        ["--question", "legal", "--cards", "6", "--difficulty", "hard"], True,
    ),
    "who wins the trick, 6 cards a hand, medium": (
        ["--question", "winner", "--cards", "6"], True,
    ),
    "which card, 5 cards a hand, medium (not judged)": (["--cards", "5"], False),
}  # fmt: skip
COUNT = 12
QUICK_COUNT = 3

REPORTED_IDS = re.compile(r"^Puzzle ids: (.*)$", re.MULTILINE)


class JobFailed(Exception):
    """The command failed, or its output is not what was asked for."""


def output_problem(report: str, pdf: Path, expected: int) -> str | None:
    """What is wrong with a run's output: the ids it reported, their number, and the PDF,
    which must show every one and an answer key."""
    reported = REPORTED_IDS.search(report)
    ids = reported.group(1).split() if reported else []
    if len(set(ids)) != expected or not all(i.startswith("costly-tricks-") for i in ids):
        return f"reported {len(set(ids))} distinct problem ids, expected {expected}: {report!r}"
    data = pdf.read_bytes()
    if not data.startswith(b"%PDF-"):
        return "the output is not a PDF"
    try:
        document = pdfium.PdfDocument(data)
        text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    except pdfium.PdfiumError as error:
        return f"the PDF cannot be read back: {error}"
    if "Answer key" not in text:
        return "the PDF has no answer key"
    missing = [i for i in ids if f"id {i}" not in text]
    return f"ids not shown in the PDF: {' '.join(missing)}" if missing else None


def run_once(arguments: Sequence[str], count: int, seed: int, out: Path) -> float:
    """Wall seconds of one run; raises :class:`JobFailed` when the command fails or its
    output is wrong."""
    out.unlink(missing_ok=True)
    command = [sys.executable, "-m", "generator", "worksheet", "costly-tricks", *arguments,
               "--count", str(count), "--seed", str(seed), "--out", str(out)]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise JobFailed(f"exit status {done.returncode}: {' '.join(command)}\n{done.stderr}")
    problem = output_problem(done.stdout, out, count)
    if problem:
        raise JobFailed(f"{problem} ({' '.join(command)})")
    return elapsed


def bench(runs: int, quick: bool) -> bool:
    count = QUICK_COUNT if quick else COUNT
    passed = True
    width = max(len(name) for name in JOBS)
    print(f"{count} problems with the key; target < {TARGET_SECONDS:g} s")
    print(f"{'job':<{width}}  {'median s':>8}  {'worst s':>7}")
    with tempfile.TemporaryDirectory() as folder:
        for name, (arguments, judged) in JOBS.items():
            out = Path(folder) / "out.pdf"
            try:
                times = [run_once(arguments, count, 2000 + 53 * k, out) for k in range(runs)]
            except JobFailed as error:
                print(f"{name:<{width}}  FAILED", flush=True)
                print(f"FAILED {name}: {error}", file=sys.stderr)
                passed = False
                continue
            median = statistics.median(times)
            ok = median < TARGET_SECONDS
            passed &= ok or quick or not judged
            verdict = (
                "not judged in quick mode" if quick else
                "not judged" if not judged else "PASS" if ok else "FAIL"
            )  # fmt: skip
            print(f"{name:<{width}}  {median:>8.2f}  {max(times):>7.2f}  {verdict}", flush=True)
    plural = "" if runs == 1 else "s"
    print(f"({runs} run{plural} each in fresh processes, a new seed each run; outputs read back)")
    return passed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, help="runs per job (default 5; 1 with --quick)")
    parser.add_argument(
        "--quick", action="store_true", help="each job once with 3 problems, times not judged"
    )
    args = parser.parse_args(argv)
    runs: int = args.runs if args.runs is not None else 1 if args.quick else 5
    if runs < 1:
        parser.error("--runs must be at least 1")
    return 0 if bench(runs, args.quick) else 1


if __name__ == "__main__":
    sys.exit(main())

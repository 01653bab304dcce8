"""Benchmark: ``printables pack``, the classroom pack, and the colors it makes reportlab read.

Runs the real command (``printables pack --out DIR``, Letter) in fresh processes and prints
the median CPU seconds (user + system, from ``getrusage``) and wall seconds; the five files
must be written, each a PDF, or the script exits 1. Then draws a pack's score sheets
in-process counting reportlab's color parses (``reportlab.lib.colors.toColor``): every
color goes through the project's cached :func:`generator.draw.pdf.ink`, so each color is
read at most once a process. The target is under 100 parses for the whole pack (11,544,
11 % of the pack's time, when text, boxes and rules passed color strings to reportlab).

    python benchmarks/bench_pack.py [--runs 5] [--quick]

``--quick`` runs the command once and counts the score sheets' color parses (judged: it is
no timing); it never fails on timing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from reportlab.lib import colors

PRINTABLES = str(Path(sys.executable).parent / "printables")
FILES = ("4d-deck.pdf", "paradox-deck.pdf", "score-sheets.pdf", "notation-cards.pdf",
         "rules-handouts.pdf")  # fmt: skip
TARGET_PARSES = 100


def _is_pdf(path: Path) -> bool:
    return path.exists() and path.read_bytes().startswith(b"%PDF-")


def run_once() -> tuple[float, float]:
    """CPU and wall seconds of one fresh ``printables pack``; exits when a file is missing."""
    out = Path(tempfile.mkdtemp(prefix="bench-pack-"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([PRINTABLES, "pack", "--out", str(out)], capture_output=True,
                            text=True, check=False)  # fmt: skip
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    missing = [f for f in FILES if not _is_pdf(out / f)]
    if result.returncode != 0 or missing:
        print(f"FAIL: printables pack exited {result.returncode}, missing {missing}:\n"
              f"{result.stderr}")  # fmt: skip
        sys.exit(1)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def color_parses() -> int:
    """reportlab's color parses while a pack's score sheets are drawn, in this process."""
    from generator.documents.scoresheets import all_score_sheets_pdf
    from generator.draw.layout import PAPERS

    parse = type(colors.toColor).__call__
    count = 0

    def counted(self: Any, *args: Any, **options: Any) -> Any:
        nonlocal count
        count += 1
        return parse(self, *args, **options)

    type(colors.toColor).__call__ = counted  # type: ignore[method-assign]
    try:
        all_score_sheets_pdf(PAPERS["letter"])
    finally:
        type(colors.toColor).__call__ = parse  # type: ignore[method-assign]
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="one run, no timing target")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    print(f"medians of {runs} fresh processes, load {os.getloadavg()[0]:.1f}")
    timings = [run_once() for _ in range(runs)]
    cpu = statistics.median(t[0] for t in timings)
    wall = statistics.median(t[1] for t in timings)
    print(f"printables pack   CPU {cpu:5.2f} s   wall {wall:5.2f} s")
    parses = color_parses()
    verdict = "PASS" if parses < TARGET_PARSES else "FAIL"
    print(f"reportlab color parses drawing the score sheets: {parses} < {TARGET_PARSES}: {verdict}")
    if parses >= TARGET_PARSES:
        sys.exit(1)


if __name__ == "__main__":
    main()

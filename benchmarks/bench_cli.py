"""Benchmark: the command line's start-up, as a teacher meets it.

Runs ``printables --help``, ``printables rules``, ``printables deck --help``, the import
of the ``worksheet`` command (what every sheet command pays before it works) and a light
sheet, ``printables worksheet matrix --count 2``, in fresh processes and prints the median
CPU seconds (user + system, the process's own, from ``getrusage``) and wall seconds of
each. Listing the commands loads none of them (no reportlab, no games, no web app), so
``--help`` answers quickly; the target is under 0.3 s of CPU (it took 1.1 s when listing
imported Flask, SQLAlchemy and every game). A puzzle kind is imported when it is asked
for, so the worksheet command loads no game and no puzzle kind; the target for its import
is under 0.5 s of CPU (0.72 s when it imported all 23 game and question-kind modules).

    python benchmarks/bench_cli.py [--runs 9] [--quick]

``--quick`` runs each once and checks the output, never failing on timing.
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

TARGET_CPU = 0.3
TARGET_IMPORT_CPU = 0.5
PRINTABLES = str(Path(sys.executable).parent / "printables")
SHEET = str(Path(tempfile.mkdtemp(prefix="bench-cli-")) / "sheet.pdf")
LOAD_WORKSHEET = (
    "from generator.commands import load; import sys; load('worksheet'); "
    "print(sorted(m for m in sys.modules if m.startswith(('printables.games', "
    "'printables.paradox'))) or 'no game')"
)
JOBS = {
    "--help": ([PRINTABLES, "--help"], "Commands:"),
    "rules": ([PRINTABLES, "rules"], "good-riddance"),
    "deck --help": ([PRINTABLES, "deck", "--help"], "--four-color"),
    "worksheet (import)": ([sys.executable, "-c", LOAD_WORKSHEET], "no game"),
    "worksheet matrix": (
        [PRINTABLES, "worksheet", "matrix", "--count", "2", "--seed", "1", "--out", SHEET],
        "Puzzle ids:",
    ),
}


def run(argv: list[str], expected: str) -> tuple[float, float]:
    """CPU and wall seconds of one fresh process; exits when its output is wrong."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(argv, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0 or expected not in result.stdout:
        print(f"FAIL: {' '.join(argv)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
        sys.exit(1)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="one run each, no targets")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    print(f"medians of {runs} fresh processes, load {os.getloadavg()[0]:.1f}")
    figures = {}
    for name, (argv, expected) in JOBS.items():
        timings = [run(argv, expected) for _ in range(runs)]
        cpu = statistics.median(t[0] for t in timings)
        wall = statistics.median(t[1] for t in timings)
        figures[name] = cpu
        print(f"printables {name:<18} CPU {cpu:5.2f} s   wall {wall:5.2f} s")
    if args.quick:
        print("timing targets are not judged in quick mode")
        return
    verdict = "PASS" if figures["--help"] < TARGET_CPU else "FAIL"
    print(f"--help CPU {figures['--help']:.2f} s < {TARGET_CPU} s: {verdict}")
    loading = figures["worksheet (import)"]
    verdict = "PASS" if loading < TARGET_IMPORT_CPU else "FAIL"
    print(f"worksheet command's import CPU {loading:.2f} s < {TARGET_IMPORT_CPU} s: {verdict}")


if __name__ == "__main__":
    main()

"""Benchmark: print the full 4D deck with backs on Letter, as a teacher would.

Runs the real command (``python -m generator deck 4d --backs --paper letter``)
several times in fresh processes and prints the median wall time, the peak
memory of one run and the PDF's size, against the targets (under 1.0 s and
under 1.5 MB). Also times the parts in-process, to show where time goes.

    python benchmarks/bench_deck.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 1.0
TARGET_BYTES = 1.5e6


def run_once(out: Path) -> tuple[float, int]:
    """Wall seconds and peak resident memory (KiB) of one run of the command."""
    command = [sys.executable, "-m", "generator", "deck", "4d", "--backs", "--paper", "letter",
               "--out", str(out)]  # fmt: skip
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the command failed: {' '.join(command)}")
    return elapsed, usage.ru_maxrss


def parts() -> dict[str, float]:
    """In-process seconds for geometry alone and for the whole PDF (imports excluded)."""
    from generator.faces import face
    from generator.layout import CARD_SIZES, PAPERS
    from generator.sheets import DeckOptions, deck_pdf
    from printables.cards.decks import FOUR_D

    start = time.perf_counter()
    for card in FOUR_D:
        face(card, CARD_SIZES["poker"])
    geometry = time.perf_counter() - start
    start = time.perf_counter()
    deck_pdf(FOUR_D, DeckOptions(PAPERS["letter"], CARD_SIZES["poker"]))
    return {"geometry of 81 faces": geometry, "whole PDF in-process": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "4d-deck.pdf"
        run_once(out)  # warm the file cache and bytecode
        times, memory = [], []
        for _ in range(args.runs):
            seconds, kib = run_once(out)
            times.append(seconds)
            memory.append(kib)
        size = out.stat().st_size
    median = statistics.median(times)
    print(f"printables deck 4d --backs --paper letter ({args.runs} runs, fresh processes)")
    print(
        f"  wall time   median {median:.3f} s   min {min(times):.3f} s   max {max(times):.3f} s"
        f"   target < {TARGET_SECONDS:.1f} s: {'met' if median < TARGET_SECONDS else 'MISSED'}"
    )
    print(f"  peak memory {max(memory) / 1024:.1f} MiB (largest of the runs)")
    print(
        f"  PDF size    {size / 1e6:.3f} MB   target < {TARGET_BYTES / 1e6:.1f} MB: "
        f"{'met' if size < TARGET_BYTES else 'MISSED'}"
    )
    samples = [parts() for _ in range(5)]
    for name in samples[0]:
        print(f"  {name:<22} median {statistics.median(s[name] for s in samples):.3f} s")


if __name__ == "__main__":
    main()

"""Benchmark: print the full 4D deck with backs on Letter, as a teacher would.

Runs the real command (``python -m generator deck 4d --backs --paper letter``)
several times in fresh processes and prints the median wall time, the peak
memory of one run and the PDF's size, against the targets (under 1.0 s and
under 1.5 MB). Also times the parts in-process, to show where time goes.

The PDF is read back (pdfium): it must have 18 pages (nine sheets of nine cards, each
followed by its backs) and name all 81 cards; if not, or if the command fails, the
script exits 1. A missed target only prints MISSED.

    python benchmarks/bench_deck.py [--runs N] [--quick]

``--quick`` (for CI, ``tests/test_benchmarks.py``) runs the command once, without the
warm-up run, times the parts once and does not judge the targets.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import pypdfium2 as pdfium

from printables.cards.decks import FOUR_D

TARGET_SECONDS = 1.0
TARGET_BYTES = 1.5e6
EXPECTED_PAGES = 18  # nine sheets of nine poker-size cards on Letter, each with its backs


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


def pdf_problems(data: bytes) -> list[str]:
    """What is wrong with the printed deck: not a PDF, wrong page count, cards missing."""
    if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-1024:]:
        return ["the output is not a PDF"]
    try:
        pdf = pdfium.PdfDocument(data)
        pages = len(pdf)
        text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(pages))
    except pdfium.PdfiumError as error:
        return [f"the PDF cannot be read back: {error}"]
    problems = []
    if pages != EXPECTED_PAGES:
        problems.append(f"{pages} pages, expected {EXPECTED_PAGES}")
    missing = [str(c) for c in FOUR_D.cards if str(c) not in text]
    if missing:
        problems.append(f"{len(missing)} cards not named on the pages: {' '.join(missing[:9])}")
    return problems


def parts() -> dict[str, float]:
    """In-process seconds for geometry alone and for the whole PDF (imports excluded)."""
    from generator.documents.decks import DeckOptions, deck_pdf
    from generator.draw.faces import face
    from generator.draw.layout import CARD_SIZES, PAPERS

    start = time.perf_counter()
    for card in FOUR_D:
        face(card, CARD_SIZES["poker"])
    geometry = time.perf_counter() - start
    start = time.perf_counter()
    deck_pdf(FOUR_D, DeckOptions(PAPERS["letter"], CARD_SIZES["poker"]))
    return {"geometry of 81 faces": geometry, "whole PDF in-process": time.perf_counter() - start}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, help="timed runs (default 7; 1 with --quick)")
    parser.add_argument("--quick", action="store_true", help="one run, targets not judged (for CI)")
    args = parser.parse_args(argv)
    runs: int = args.runs if args.runs is not None else 1 if args.quick else 7
    if runs < 1:
        parser.error("--runs must be at least 1")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "4d-deck.pdf"
        if not args.quick:
            run_once(out)  # warm the file cache and bytecode
        times, memory = [], []
        for _ in range(runs):
            seconds, kib = run_once(out)
            times.append(seconds)
            memory.append(kib)
        data = out.read_bytes()
    size = len(data)
    median = statistics.median(times)

    def verdict(met: bool) -> str:
        return "not judged in quick mode" if args.quick else "met" if met else "MISSED"

    plural = "" if runs == 1 else "s"
    print(f"printables deck 4d --backs --paper letter ({runs} run{plural}, fresh processes)")
    print(
        f"  wall time   median {median:.3f} s   min {min(times):.3f} s   max {max(times):.3f} s"
        f"   target < {TARGET_SECONDS:.1f} s: {verdict(median < TARGET_SECONDS)}"
    )
    print(f"  peak memory {max(memory) / 1024:.1f} MiB (largest of the runs)")
    print(
        f"  PDF size    {size / 1e6:.3f} MB   target < {TARGET_BYTES / 1e6:.1f} MB: "
        f"{verdict(size < TARGET_BYTES)}"
    )
    problems = pdf_problems(data)
    read_back = "; ".join(problems) or f"{EXPECTED_PAGES} pages, all 81 cards named"
    print(f"  PDF read back: {read_back}")
    samples = [parts() for _ in range(1 if args.quick else 5)]
    for name in samples[0]:
        print(f"  {name:<22} median {statistics.median(s[name] for s in samples):.3f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

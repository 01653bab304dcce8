"""Benchmark: the web app's public pages that cost the most, first and again.

Through Flask's test client on a fresh SQLite file (no network), each in a fresh worker
state (the caches emptied first), timed with ``time.perf_counter``:

- **check, first**: ``GET /check/<id>`` of hard 5x5 puzzle ids (seeded, never seen by the
  process): the puzzle is generated from its id;
- **check, again**: the same ids once more: the puzzle an id determines is kept
  (``printables.matrix.puzzles.get_puzzle`` holds 512);
- **deck PDF, first** and **again**: ``GET /decks/4d.pdf`` (Letter, poker cards, backs):
  made once per worker for each choice of paper, card size and backs;
- **deck PDF, revalidated**: the same with the ETag of the first (``If-None-Match``): a
  304 with no body.

Also checked, never timed: the same request gives the same bytes, a 304 is empty, and
one address past its limit gets 429 with ``Retry-After`` while another address does not.
Before the caches, every deck PDF took 0.9 s and every first check of a hard 5x5 id up to
0.4 s. Targets: a deck PDF again and a check again under 50 ms (median).

    python benchmarks/bench_public_pages.py [--ids 8] [--runs 5] [--quick]

``--quick`` times 2 ids and one PDF of each kind, never failing on timing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printables.matrix.puzzles import get_puzzle, puzzle_ids  # noqa: E402
from webapp import create_app  # noqa: E402
from webapp.decks import views as deck_views  # noqa: E402

TARGET = 0.050
T = TypeVar("T")


def timed(call: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", type=int, default=8, help="Hard 5x5 ids to check.")
    parser.add_argument("--runs", type=int, default=5, help="Deck PDFs timed again.")
    parser.add_argument("--quick", action="store_true", help="Small and never failing on time.")
    args = parser.parse_args()
    count, runs = (2, 1) if args.quick else (args.ids, args.runs)
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"DATABASE_URL": f"sqlite:///{Path(folder) / 'bench.sqlite3'}", "SECRET_KEY": "b"}
        )
        client = app.test_client()
        ids = puzzle_ids(count, 5, 5, "either", "hard", 4242)
        get_puzzle.cache_clear()
        first = [timed(partial(client.get, f"/check/{i}"))[0] for i in ids]
        again = [timed(partial(client.get, f"/check/{i}"))[0] for i in ids]

        deck_views._deck_pdf.cache_clear()
        made, response = timed(lambda: client.get("/decks/4d.pdf"))
        body = response.data
        etag = response.headers["ETag"]
        pdf_again = []
        for _ in range(runs):
            seconds, repeat = timed(lambda: client.get("/decks/4d.pdf"))
            pdf_again.append(seconds)
            if repeat.data != body:
                failures.append("the same deck PDF request gave other bytes")
        revalidated, fresh = timed(
            lambda: client.get("/decks/4d.pdf", headers={"If-None-Match": etag})
        )
        if fresh.status_code != 304 or fresh.data:
            failures.append(f"a revalidated deck PDF gave {fresh.status_code}, not an empty 304")

        deck_views.PDF_LIMIT = 1
        busy = client.get("/decks/4d.pdf")
        other = client.get("/decks/4d.pdf", environ_base={"REMOTE_ADDR": "10.0.0.2"})
        if busy.status_code != 429 or "Retry-After" not in busy.headers:
            failures.append(f"past the limit, a deck PDF gave {busy.status_code}, not 429")
        if other.status_code != 200:
            failures.append(f"another address got {other.status_code} for a deck PDF")

    def ms(values: list[float]) -> str:
        return (
            f"median {statistics.median(values) * 1000:7.1f} ms, max {max(values) * 1000:7.1f} ms"
        )

    print(f"check, first ({count} hard 5x5 ids): {ms(first)}")
    print(f"check, again:                      {ms(again)}")
    print(f"deck PDF, first:                   {made * 1000:7.1f} ms ({len(body) // 1024} KB)")
    print(f"deck PDF, again ({runs}):               {ms(pdf_again)}")
    print(f"deck PDF, revalidated (304):       {revalidated * 1000:7.1f} ms")
    for name, values in (("check again", again), ("deck PDF again", pdf_again)):
        verdict = "PASS" if statistics.median(values) < TARGET else "FAIL"
        print(f"target: {name} under {TARGET * 1000:.0f} ms: {verdict}")
    for failure in failures:
        print("WRONG:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

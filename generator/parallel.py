"""Making a sheet's puzzles in parallel processes when they are slow to make.

A puzzle id determines its puzzle (:func:`printables.puzzles.get_puzzle`), so a sheet's
puzzles can be made in any order and in any process with the same result. The first is
made here; when the rest, each taking as long, would take long enough here for processes
to pay (a sheet of 6-card Costly Tricks problems, a second or so each, or of hard 5x5
Matrix sets, a tenth of a second or so each, some much less), they are shared among one
process a core, else made here too (most sheets take a fraction of a second in all).
While the processes work, this one does what the sheet needs whatever its puzzles turn
out to be (``meanwhile``: loading the drawing code, encoding the QR codes).

>>> [p.id for p in puzzles_of(["3x3-nattxe", "3x3-5yhmsw"])]
['3x3-nattxe', '3x3-5yhmsw']
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from printables.puzzles import get_puzzle

WORTH_PROCESSES = 0.15
"""Seconds the other puzzles would take here (the first one's time, times how many) for
them to be shared among processes (starting one costs a few hundredths of a second, more
where processes are spawned). The whole sheet's work is weighed, not the first puzzle's
alone: a hard 5x5 Matrix set may be made in 0.03 s and the next in 0.3 s."""


def puzzles_of(
    ids: Sequence[str], workers: int | None = None, meanwhile: Callable[[], object] | None = None
) -> list[Any]:
    """The puzzles the ids name, in their order; ``workers``: the most processes to use
    (default: the cores this process may run on); ``meanwhile``: work of this process's
    own, done while the processes make the puzzles (after them when all are made here)."""
    if not ids:
        return []
    start = time.perf_counter()
    first = get_puzzle(ids[0])
    took = time.perf_counter() - start
    rest = list(ids[1:])
    workers = min(workers or _cores(), len(rest))
    if workers < 2 or took * len(rest) < WORTH_PROCESSES:
        made = [first, *(get_puzzle(i) for i in rest)]
        if meanwhile is not None:
            meanwhile()
        return made
    with ProcessPoolExecutor(max_workers=workers, mp_context=_context()) as pool:
        pending = [pool.submit(get_puzzle, i) for i in rest]
        if meanwhile is not None:
            meanwhile()
        return [first, *(future.result() for future in pending)]


def _context() -> multiprocessing.context.BaseContext:
    """How the pool's processes start: forked from this one when it runs a single thread
    (the command line: the quickest), else from a fresh server process. A process forked
    from one with other threads (a web server's, a test worker's) copies every lock those
    threads hold at that moment (an import's, a cache's guard) as held for ever, with no
    thread left to let it go: a puzzle needing one is never made, and the sheet waits."""
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1

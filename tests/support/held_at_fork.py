"""A puzzle maker whose lock another thread holds at the moment a process pool starts
(``tests/generator/test_parallel.py``): run as a script, it makes a sheet's puzzles with
:func:`generator.parallel.puzzles_of` in a process that has another thread, as a test
worker or a web server has, and prints their ids once made.

A process forked from it copies the lock as held, with no thread left to let it go: its
puzzles are never made, and the sheet waits forever."""

from __future__ import annotations

import sys
import threading
import time
from typing import Any

from printables.puzzles import get_puzzle

HELD = threading.Lock()
"""Held by another thread from just after this process's first puzzle until a while
after the pool has started."""
_holding = threading.Event()


def _hold() -> None:
    with HELD:
        _holding.set()
        time.sleep(2.0)


def made(puzzle_id: str) -> Any:
    """``get_puzzle`` under :data:`HELD`; in the script's own process, the first call
    (this process's first puzzle) then has another thread take the lock and keep it."""
    with HELD:
        puzzle = get_puzzle(puzzle_id)
    if __name__ == "__main__" and not _holding.is_set():
        time.sleep(0.2)  # slow enough for the rest to be shared among processes
        threading.Thread(target=_hold, daemon=True).start()
        _holding.wait()
    return puzzle


if __name__ == "__main__":
    from generator import parallel

    parallel.get_puzzle = made  # type: ignore[assignment]
    ids = sys.argv[1:]
    print(" ".join(p.id for p in parallel.puzzles_of(ids, workers=2)), flush=True)

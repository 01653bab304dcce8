"""Puzzles made in the background for the checking page.

Most puzzles are made from their id in milliseconds (a hard 5x5 set in under a second),
but a whole deal's Costly Tricks problem takes the solver 10 s to a minute the first time
anyone opens it. A visit waits :data:`FIRST_WAIT` for its puzzle; past that it is told the
puzzle is being made, on a page that opens it once it is made, rather than left with a
blank page (which a proxy in front may cut off: ``deploy/haproxy.cfg`` gives a server
65 s). The
making goes on in one of :data:`MAKERS` threads of the process, and every visit of the id
meanwhile waits on that one making (the kinds' caches are :mod:`printables.made_once`).
"""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as StillMaking
from typing import Any

from printables.puzzles import PuzzleKind

FIRST_WAIT = 3.0
"""Seconds a visit waits for its puzzle before it is told that the puzzle is being made."""
MAKERS = 2
"""Puzzles made at once in each server process: a flood of new whole-deal ids queues
behind two, never taking every core."""
ASK_AGAIN = 10
"""Seconds after which a page telling that its puzzle is being made asks again (its
script, ``static/making.js``; ``Retry-After`` says the same): a class of 30 behind one
router asking every 10 s stays inside the checking page's limit (240 a minute)."""

_pool = ThreadPoolExecutor(max_workers=MAKERS, thread_name_prefix="making")
_making: dict[str, Future[Any]] = {}
_lock = threading.Lock()


def _forget(puzzle_id: str, future: Future[Any]) -> None:
    with _lock:
        if _making.get(puzzle_id) is future:
            del _making[puzzle_id]


def made_within(kind: PuzzleKind[Any, Any], puzzle_id: str, seconds: float) -> Any | None:
    """The puzzle ``puzzle_id`` names, if it is made within ``seconds`` (its kind's error,
    such as a bad id, raised as the kind raises it); None while it is still being made."""
    with _lock:
        future = _making.get(puzzle_id)
        started = future is None
        if future is None:
            future = _making[puzzle_id] = _pool.submit(kind.get, puzzle_id)
    if started:  # (outside the lock: a making already done calls back at once, here)
        future.add_done_callback(lambda done: _forget(puzzle_id, done))
    try:
        return future.result(timeout=seconds)
    except StillMaking:
        return None

"""Puzzles made in the background for the checking page.

Most puzzles are made from their id in well under a second, and the page makes them as
it answers. A whole deal's Costly Tricks problem takes the solver 10 s to a minute the
first time anyone opens it (its kind says so: :meth:`~printables.puzzles.PuzzleKind.ready`):
it is made in a thread of its own, one of at most :data:`MAKERS` at a time, while the
visits wait at most until :data:`FIRST_WAIT` after the making began; past that each is
told the puzzle is being made, on a page that asks again and opens it once made, rather
than left on a blank page (which a proxy in front may cut off: ``deploy/haproxy.cfg``
gives a server 65 s) or holding a server's thread. A making that fails is kept for
:data:`FAILED_KEPT`, so that the pages asking again are told why at once rather than
starting it over.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, wait
from dataclasses import dataclass, field
from typing import Any

from printables.puzzles import PuzzleKind

FIRST_WAIT = 1.0
"""Seconds after a making began during which a visit waits for it: a whole deal's
problem is never made sooner (its first lead's value alone takes about 1.5 s), so a
longer wait would only hold a server's thread."""
ASK_AGAIN = 10
"""Seconds after which a page telling that its puzzle is being made asks again (its
script, ``static/making.js``; ``Retry-After`` says the same): a class of 30 behind one
router asking every 10 s stays inside the checking page's limit (240 a minute)."""
MAKERS = 2
"""Puzzles made at once in each server process: a flood of new whole-deal ids waits its
turn behind two, never taking every core."""
FAILED_KEPT = 300.0
"""Seconds a failed making is kept (its error told to every visit) before a visit may
start it again."""

_turns = threading.BoundedSemaphore(MAKERS)
_lock = threading.Lock()


@dataclass
class _Making:
    future: Future[Any] = field(default_factory=Future)
    began: float = field(default_factory=time.monotonic)
    ended: float | None = None


_making: dict[str, _Making] = {}


def _make(kind: PuzzleKind[Any, Any], puzzle_id: str, making: _Making) -> None:
    """Runs in a daemon thread (a server stopping does not wait for a minute's search)."""
    with _turns:
        try:
            making.future.set_result(kind.get(puzzle_id))
        except Exception as error:
            making.future.set_exception(error)
    with _lock:
        making.ended = time.monotonic()
        if making.future.exception() is None and _making.get(puzzle_id) is making:
            del _making[puzzle_id]  # made: its kind keeps it


def made_within(kind: PuzzleKind[Any, Any], puzzle_id: str) -> Any | None:
    """The puzzle ``puzzle_id`` names, once made (its kind's error, such as a bad id,
    raised as the kind raises it); None while it is still being made, after waiting at
    most until :data:`FIRST_WAIT` after its making began."""
    key = puzzle_id.strip().lower()
    now = time.monotonic()
    with _lock:
        making = _making.get(key)
        stale = (
            making is not None and making.ended is not None and (now - making.ended > FAILED_KEPT)
        )
        if making is None or stale:
            making = _making[key] = _Making()
            thread = threading.Thread(
                target=_make, args=(kind, key, making), name=f"making {key}", daemon=True
            )
            thread.start()
    done, _ = wait([making.future], timeout=max(0.0, making.began + FIRST_WAIT - now))
    return making.future.result() if done else None

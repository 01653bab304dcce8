"""Puzzles made in the background for the checking page, once for the whole server.

Most puzzles are made from their id in well under a second, and the page makes them as
it answers. A whole deal's Costly Tricks problem takes the solver 10 s to a minute the
first time anyone opens it (its kind says so: :meth:`~printables.puzzles.PuzzleKind.ready`):
it is made in a thread of its own, one of at most :data:`MAKERS` at a time, while the
visits wait at most until :data:`FIRST_WAIT` after the making began; past that each is
told the puzzle is being made, on a page that asks again and opens it once made, rather
than left on a blank page (which a proxy in front may cut off: ``deploy/haproxy.cfg``
gives a server 65 s) or holding a server's thread.

A server has several processes (``printables serve`` starts one more than the cores),
and a cluster several servers: a class opening one sheet's QR code reaches them all.
So the making is claimed in the database first (:mod:`webapp.checking.store`), and the
puzzle made is kept there as its kind's data (:meth:`~printables.puzzles.PuzzleKind.
stored`): the other processes tell their visits it is being made, then take it up at
once (:meth:`~printables.puzzles.PuzzleKind.restored`), as does a server restarted
mid-lesson. A making that fails for a reason of the puzzle's own is kept for
:data:`~webapp.checking.store.FAILED_KEPT`, so that the pages asking again are told why
at once rather than starting it over.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from concurrent.futures import Future, wait
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from printables.puzzles import GenerationError, NotBuiltHere, PuzzleError, PuzzleKind
from webapp.checking import store
from webapp.db import engine as current_engine
from webapp.db import now, read, write

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
SERVER_ERROR_KEPT = float(ASK_AGAIN)
"""Seconds a making that stopped on an error of the server's own (out of memory, say) is
told in this process, unless another process has made the puzzle since; then a visit
starts it again."""

log = logging.getLogger(__name__)

_turns = threading.BoundedSemaphore(MAKERS)
_lock = threading.Lock()


@dataclass
class _Making:
    """A making in this process."""

    future: Future[Any] = field(default_factory=Future)
    began: float = field(default_factory=time.monotonic)
    ended: float | None = None


_making: dict[str, _Making] = {}


def made_within(kind: PuzzleKind[Any, Any], puzzle_id: str) -> Any | None:
    """The puzzle ``puzzle_id`` names, once made here or elsewhere (its kind's error,
    such as a bad id, raised as the kind raises it); None while it is still being made,
    after waiting at most until :data:`FIRST_WAIT` after its making began here."""
    key = puzzle_id.strip().lower()
    chosen = current_engine()
    with _lock:  # the threads of this process take it up one at a time
        at = time.monotonic()
        for old in [k for k, m in _making.items() if m.ended and at - m.ended > store.FAILED_KEPT]:
            del _making[old]  # failures long told, of ids no longer asked for
        making = _making.get(key)
        ended = making.ended if making is not None else None
        if making is not None and ended is not None:
            error = making.future.exception()
            if error is None:  # made, and kept by its kind since (or let go)
                del _making[key]
                making = None
            elif not isinstance(error, PuzzleError):  # the server's own: made elsewhere?
                found = _made_elsewhere(kind, key, chosen)
                if found is not None or at - ended > SERVER_ERROR_KEPT:
                    del _making[key]
                    making = None
                    if found is not None:
                        return found
        if making is None:
            found, making = _take_up(kind, key, chosen)
            if making is None:
                return found
            _making[key] = making
    done, _ = wait([making.future], timeout=max(0.0, making.began + FIRST_WAIT - time.monotonic()))
    return making.future.result() if done else None


def _made_elsewhere(kind: PuzzleKind[Any, Any], key: str, chosen: Engine) -> Any | None:
    """The puzzle as another process made it, when the database holds it."""
    if not store.keeps(key):
        return None
    with read(chosen) as db:
        row = store.found(db, key)
    return _restored(kind, key, chosen, row)


def _restored(
    kind: PuzzleKind[Any, Any], key: str, chosen: Engine, row: store.Made | None
) -> Any | None:
    """The puzzle of a row that holds it made; None for any other row, and for data its
    kind refuses (of an older form, say), which is dropped so that it is made again."""
    if row is None or row.state != "made" or row.data is None:
        return None
    try:
        return kind.restored(key, json.loads(row.data))
    except ValueError as error:
        log.warning("%s: the puzzle kept is refused (%s); making it again", key, error)
        with write(chosen) as db:
            store.forget(db, key)
        return None


def _take_up(
    kind: PuzzleKind[Any, Any], key: str, chosen: Engine
) -> tuple[Any | None, _Making | None]:
    """What the database holds of a puzzle not being made in this process: (the puzzle,
    None) when made elsewhere, (None, None) while another process makes it, or (None, a
    making) started here once claimed. A failure kept there is raised."""
    if not store.keeps(key):
        return None, _start(kind, key, chosen, None)
    at = now()
    with read(chosen) as db:
        row = store.found(db, key)
    made = _restored(kind, key, chosen, row)
    if made is not None:
        return made, None
    if row is not None and row.failed(at):
        raise GenerationError(row.problem or f"{key} cannot be made")
    if row is not None and row.alive(at):
        return None, None
    runner = store.new_runner()
    with write(chosen) as db:
        if not store.claim(db, key, runner, at):
            return None, None  # another process claimed it a moment ago
    return None, _start(kind, key, chosen, runner)


def _start(kind: PuzzleKind[Any, Any], key: str, chosen: Engine, runner: str | None) -> _Making:
    making = _Making()
    threading.Thread(
        target=_make, args=(kind, key, making, chosen, runner), name=f"making {key}", daemon=True
    ).start()
    return making


def _make(
    kind: PuzzleKind[Any, Any], key: str, making: _Making, chosen: Engine, runner: str | None
) -> None:
    """Runs in a daemon thread (a server stopping does not wait for a minute's search),
    beating the claim's heartbeat meanwhile, its turn included."""
    stop = threading.Event()
    if runner is not None:
        threading.Thread(
            target=_beat, args=(chosen, key, runner, stop), name=f"beat {key}", daemon=True
        ).start()
    try:
        with _turns:
            try:
                made = kind.get(key)
            except Exception as error:
                making.future.set_exception(error)
            except BaseException:  # SystemExit, say: its future ends all the same
                making.future.set_exception(RuntimeError(f"the making of {key} stopped"))
                raise
            else:
                making.future.set_result(made)
    finally:
        stop.set()
        with _lock:
            making.ended = time.monotonic()
            if making.future.exception() is None and _making.get(key) is making:
                del _making[key]  # made: its kind keeps it
        if runner is not None:
            _keep(kind, key, making.future, chosen, runner)


def _beat(chosen: Engine, key: str, runner: str, stop: threading.Event) -> None:
    while not stop.wait(store.HEARTBEAT):
        try:
            with write(chosen) as db:
                if not store.beat(db, key, runner, now()):
                    return  # taken for dead: another process makes it too
        except Exception:  # the database away for a moment: the next beat tries again
            log.exception("%s: the making's heartbeat was not written", key)


def _keep(
    kind: PuzzleKind[Any, Any], key: str, future: Future[Any], chosen: Engine, runner: str
) -> None:
    """What the making came to, for every process: the puzzle's data, the failure of a
    puzzle that cannot be made, or (on an error of the server's own, or a kind that
    keeps nothing) the claim given up. Tried twice; then the claim is given up, so that
    another process makes it at once rather than waiting for the claim to go stale."""
    error = future.exception()
    for attempt in (1, 2):
        try:
            data = kind.stored(future.result()) if error is None else None
            with write(chosen) as db:
                if data is not None:
                    store.finish(db, key, runner, now(), json.dumps(data))
                elif isinstance(error, PuzzleError) and not isinstance(error, NotBuiltHere):
                    store.fail(db, key, runner, now(), str(error))  # the puzzle's own
                else:
                    store.release(db, key, runner)
            return
        except Exception:  # this process has the puzzle all the same
            log.exception("%s: what the making came to was not kept (try %d)", key, attempt)
    try:
        with write(chosen) as db:
            store.release(db, key, runner)
    except Exception:  # the claim goes stale without its heartbeat
        log.exception("%s: the making's claim was not given up", key)

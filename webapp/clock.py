"""One clock for every app server: the database's.

Several app servers on one database may have clocks seconds apart, and a set's start, a
press and the "now" a phone's countdown follows must not depend on which server took
the request. Each process measures how far its host's clock is from the database
server's (PostgreSQL's ``clock_timestamp()``), from the fastest of a few round trips as
NTP does, when the app starts and again every :data:`REFRESH` seconds; every time the
app takes (:func:`webapp.db.now`, a request's arrival) is the host's clock corrected by
that offset. On SQLite the database is a file on this host: the offset is 0.

The offset's error is at most half the round trip it was measured with (well under a
millisecond on a LAN), far below the whole seconds a MAT time is recorded in.
"""

from __future__ import annotations

import threading
import time

from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError

REFRESH = 60.0
"""Seconds between two measurements (a host's clock drifts by milliseconds a day; NTP
may step it, and the next measurement follows)."""
RETRY = 5.0
"""Seconds before measuring again after the database did not answer."""
SAMPLES = 5
"""Round trips a measurement takes; the fastest one's reading is kept."""
TRIP_MOST = 0.05
"""Seconds: a later measurement whose fastest round trip took longer (a server or
database busy with a class's burst) may be off by half of it, and is not taken; the
offset in use stays, and it is measured again after :data:`RETRY` seconds."""

_offset = 0.0
_measured = False
_next = 0.0
_lock = threading.Lock()


def offset() -> float:
    """The database's clock minus this host's, in seconds (0 before any measurement)."""
    return _offset


def database_time() -> float:
    """The database's clock now, as this host tells it: seconds since the epoch."""
    return time.time() + _offset


def measure(engine: Engine) -> tuple[float, float]:
    """(the database's clock minus this host's, the round trip it was read in), seconds:
    of :data:`SAMPLES` readings, the one of the fastest round trip, taken at its middle."""
    best: tuple[float, float] | None = None
    with engine.connect() as connection:
        query = text("SELECT EXTRACT(EPOCH FROM clock_timestamp())")
        for _ in range(SAMPLES):
            sent = time.time()
            database = float(connection.execute(query).scalar_one())
            back = time.time()
            trip = back - sent
            if best is None or trip < best[1]:
                best = (database - (sent + back) / 2, trip)
    assert best is not None
    return best


def follow(engine: Engine) -> None:
    """Measure the offset if it is due (:data:`REFRESH`); a database on this host (SQLite)
    needs none. A database that does not answer, or answers too slowly to trust
    (:data:`TRIP_MOST`, after the first measurement), keeps the last offset, and is asked
    again after :data:`RETRY` seconds."""
    global _offset, _measured, _next
    if engine.dialect.name == "sqlite" or time.monotonic() < _next:
        return
    if not _lock.acquire(blocking=False):  # another thread of this process measures
        return
    try:
        try:
            offset, trip = measure(engine)
        except SQLAlchemyError:  # the next request's own query says what is wrong
            _next = time.monotonic() + RETRY
            return
        if _measured and trip > TRIP_MOST:
            _next = time.monotonic() + RETRY
            return
        _offset, _measured = offset, True
        _next = time.monotonic() + REFRESH
    finally:
        _lock.release()

"""The database: one SQLAlchemy engine per app, SQLite by default, any URL SQLAlchemy
knows (PostgreSQL: ``postgresql+psycopg://...``) with no code change.

Every piece of state lives here, never only in a worker's memory, so the app runs the
same under one process or several (gunicorn, waitress). Requests use short transactions:
:func:`read` for looking, :func:`write` for changing. On SQLite a write transaction
starts with ``BEGIN IMMEDIATE``, so two workers that both read then write queue on
the busy timeout instead of failing with "database is locked"; WAL mode lets readers
go on while one worker writes.
"""

from __future__ import annotations

import sys
import threading

try:
    import fcntl
except ImportError:  # Windows: SQLite's own lock alone
    fcntl = None  # type: ignore[assignment]
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from flask import current_app, has_request_context, request
from sqlalchemy import Connection, Engine, Insert, Table, create_engine, event
from sqlalchemy.dialects import postgresql, sqlite
from werkzeug.routing import IntegerConverter

from webapp import clock

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

BUSY_TIMEOUT_MS = 15_000
"""How long a SQLite writer waits for another worker's transaction to finish."""

INTEGER_MOST = 2**31 - 1
"""The largest value an ``Integer`` column holds on PostgreSQL (32 bits; SQLite's hold 64,
and Python's ints any size, which neither database takes)."""


class IdConverter(IntegerConverter):
    """Every route's ``<int:...>``: a whole number from 0 to :data:`INTEGER_MOST`, so an
    address with a larger one (``/sessions/9223372036854775808``) is a 404 like any
    number that names nothing, on every database, before a query is made of it."""

    def __init__(
        self, url_map: Any, fixed_digits: int = 0, min: int = 0, max: int = INTEGER_MOST
    ) -> None:
        super().__init__(url_map, fixed_digits=fixed_digits, min=min, max=max)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL mode, foreign keys and a busy timeout."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if ":memory:" not in url and url != "sqlite://":
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")

    return engine


def engine() -> Engine:
    """The current app's engine."""
    found: Engine = current_app.extensions["printables_db"]
    return found


@contextmanager
def read(db: Engine | None = None) -> Iterator[Connection]:
    """A connection in a read transaction, closed at the end (on the app's engine unless
    another is given)."""
    chosen = db if db is not None else engine()
    with chosen.connect() as connection, connection.begin():
        yield connection


_WRITERS = threading.Lock()
_HELD = threading.local()  # this thread's depth of write transactions holding the lock


@contextmanager
def _one_writer(chosen: Engine) -> Iterator[None]:
    """SQLite writers one at a time, queued by this process's lock and, across worker
    processes, by an exclusive lock on a file beside the database (POSIX): a writer
    waiting there wakes the moment the one before it commits, where SQLite's own busy
    handler sleeps and retries (up to 100 ms a try), which was most of a class's Done
    time on a shared machine. Elsewhere (PostgreSQL) the database queues writers itself."""
    path = chosen.url.database if chosen.dialect.name == "sqlite" else None
    held: int = getattr(_HELD, "depth", 0)
    if not path or path == ":memory:" or held:
        yield  # not a file, or this thread holds the lock already (a write within a write)
        return
    _HELD.depth = 1
    try:
        with _WRITERS, _file_lock(path):
            yield
    finally:
        _HELD.depth = 0


@contextmanager
def _file_lock(path: str) -> Iterator[None]:
    """An exclusive lock on ``path.writers`` (POSIX; nothing elsewhere)."""
    if fcntl is None:
        yield
        return
    with open(path + ".writers", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextmanager
def write(db: Engine | None = None) -> Iterator[Connection]:
    """A connection in a write transaction, committed at the end (rolled back on error)."""
    chosen = db if db is not None else engine()
    with (
        _one_writer(chosen),
        chosen.connect().execution_options(sqlite_begin="IMMEDIATE") as connection,
        connection.begin(),
    ):
        yield connection


def upsert(dialect: str, table: Table) -> postgresql.Insert | sqlite.Insert:
    """An ``INSERT`` that takes ``ON CONFLICT`` clauses, for the dialect named (SQLite's
    or PostgreSQL's: ``connection.dialect.name``)."""
    if dialect == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def insert_or_ignore(connection: Connection, table: Table) -> Insert:
    """``INSERT ... ON CONFLICT DO NOTHING`` for SQLite and PostgreSQL."""
    return upsert(connection.dialect.name, table).on_conflict_do_nothing()


def now() -> float:
    """The clock every timer is computed from, seconds since the epoch: this host's,
    corrected to the database server's (:mod:`webapp.clock`), so that every app server
    of one database tells the same time."""
    return clock.database_time()


ARRIVED = "printables.arrived"
"""The WSGI environ key holding the server's clock when a request arrived: set by
``printables serve`` when the request's bytes reached the machine (webapp/serving.py),
else by :func:`stamp_arrival` when the app is called."""


def stamp_arrival(app: WSGIApplication) -> WSGIApplication:
    """Wrap a WSGI app so each request carries the moment it arrived (see :func:`arrived`):
    the server's own stamp when it gave one, else the clock as the app is called (other
    servers, such as gunicorn's workers, and Flask's test client)."""

    def stamped(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        environ.setdefault(ARRIVED, _clock())
        return app(environ, start_response)

    return stamped


def _clock() -> float:
    # Read through the module, so a test that sets this module's clock sets this one too.
    return float(sys.modules[__name__].now())


def arrived(otherwise: Callable[[], float] = now) -> float:
    """When the request being served arrived, before it waited for a worker or any lock:
    a hand raised by a student is timed from here, so no queue adds to the recorded time
    or reorders a class. Outside a request, ``otherwise()``: the clock now."""
    if has_request_context():
        stamp = request.environ.get(ARRIVED)
        if stamp is not None:
            return float(stamp)
    return otherwise()

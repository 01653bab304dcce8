"""Create or upgrade the schema when the app starts.

A new database gets every table at once and is stamped with :data:`VERSION`; an older
one runs the steps in :data:`UPGRADES` from its version up. Both happen in one
transaction under a lock (SQLite ``BEGIN IMMEDIATE``; a PostgreSQL advisory lock), so
several workers starting together upgrade once.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, Engine, inspect, select, text

from webapp.db import write
from webapp.tables import metadata, schema_version

VERSION = 1
"""The schema this code expects."""

UPGRADES: dict[int, Callable[[Connection], None]] = {}
"""``UPGRADES[n]`` takes a database from version n - 1 to n (none yet: version 1 is the
first)."""

_LOCK_KEY = 0x4D4154  # "MAT": the PostgreSQL advisory lock's key


class SchemaError(RuntimeError):
    """The database is newer than this code, or cannot be upgraded."""


def upgrade(engine: Engine) -> int:
    """Bring the database to :data:`VERSION` and return the version it had (0 if new)."""
    with write(engine) as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        if not inspect(connection).has_table(schema_version.name):
            metadata.create_all(connection)
            connection.execute(schema_version.insert().values(version=VERSION))
            return 0
        found = int(connection.execute(select(schema_version.c.version)).scalar_one())
        if found > VERSION:
            raise SchemaError(
                f"the database is at schema version {found}, newer than this Printables "
                f"({VERSION}); upgrade Printables"
            )
        for step in range(found + 1, VERSION + 1):
            UPGRADES[step](connection)
        if found < VERSION:
            connection.execute(schema_version.update().values(version=VERSION))
        return found

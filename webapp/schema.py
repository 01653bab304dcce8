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
from webapp.tables import entries, metadata, players, schema_version

VERSION = 2
"""The schema this code expects."""


def _store_answer_checks(db: Connection) -> None:
    """Version 2: each written answer's check is kept with it (standings never check an
    answer again); the answers already written are checked now."""
    from webapp.mat.store import answer_values, load  # the store checks as it writes

    for column, kind in (
        ("answer_right", "BOOLEAN"),
        ("answer_reasons", "TEXT"),
        ("answer_unreadable", "TEXT"),
    ):
        db.execute(text(f"ALTER TABLE entries ADD COLUMN {column} {kind}"))
    answered = db.execute(
        select(players.c.session_id, entries.c.player_id, entries.c.round, entries.c.answer)
        .join(players, players.c.id == entries.c.player_id)
        .where(entries.c.answer.is_not(None))
        .order_by(players.c.session_id)
    ).all()
    views = {sid: load(db, sid) for sid in {row.session_id for row in answered}}
    for row in answered:
        values = answer_values(views[row.session_id], row.player_id, row.round, row.answer)
        db.execute(
            entries.update()
            .where(entries.c.player_id == row.player_id, entries.c.round == row.round)
            .values(**values)
        )


UPGRADES: dict[int, Callable[[Connection], None]] = {2: _store_answer_checks}
"""``UPGRADES[n]`` takes a database from version n - 1 to n."""

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

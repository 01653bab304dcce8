"""Create or upgrade the schema when the app starts.

A new database gets every table at once and is stamped with :data:`VERSION`; an older
one runs the steps in :data:`UPGRADES` from its version up. Both happen in one
transaction under a lock (SQLite ``BEGIN IMMEDIATE``; a PostgreSQL advisory lock), so
several workers starting together upgrade once.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from sqlalchemy import Connection, Engine, inspect, select, text

from printables.cards.reading import read_cards
from printables.matrix.check import DECK
from printables.matrix.mat import successive_schedule
from printables.matrix.session import MatSet, check_written
from webapp.db import write
from webapp.tables import (
    grade_decisions,
    grade_files,
    grade_pictures,
    grade_uploads,
    made_puzzles,
    metadata,
    schema_version,
)

VERSION = 6
"""The schema this code expects."""


def _store_answer_checks(db: Connection) -> None:
    """Version 2: each written answer's check is kept with it (standings never check an
    answer again); the answers already written are checked now, by the engine.

    The step names every column it reads, and reads no later version's, so it runs on a
    version 1 database whatever the tables become."""
    for column, kind in (
        ("answer_right", "BOOLEAN"),
        ("answer_reasons", "TEXT"),
        ("answer_unreadable", "TEXT"),
    ):
        db.execute(text(f"ALTER TABLE entries ADD COLUMN {column} {kind}"))
    sessions = {
        row.id: row.variant for row in db.execute(text("SELECT id, variant FROM mat_sessions"))
    }
    sets: dict[int, dict[int, MatSet]] = {}
    for row in db.execute(text("SELECT session_id, position, cards, impossible FROM mat_sets")):
        cards = tuple(read_cards(row.cards, DECK))
        sets.setdefault(row.session_id, {})[row.position] = MatSet(
            row.position, "", cards, bool(row.impossible)
        )
    answered = db.execute(
        text(
            "SELECT players.session_id, players.seat, entries.player_id, entries.round, "
            "entries.answer FROM entries JOIN players ON players.id = entries.player_id "
            "WHERE entries.answer IS NOT NULL"
        )
    ).all()
    for row in answered:
        in_session = sets[row.session_id]
        position = row.round
        if sessions[row.session_id] == "successive":
            position = successive_schedule(len(in_session))[row.round][row.seat]
        checked = check_written(row.answer, in_session[position])
        db.execute(
            text(
                "UPDATE entries SET answer_right = :right, answer_reasons = :reasons, "
                "answer_unreadable = :unreadable WHERE player_id = :player AND round = :round"
            ),
            {
                "right": checked.right,
                "reasons": json.dumps(list(checked.reasons)),
                "unreadable": checked.unreadable,
                "player": row.player_id,
                "round": row.round,
            },
        )


def _sessions_and_seeds(db: Connection) -> None:
    """Version 3: a teacher's login epoch (logging out ends every session of the
    teacher), a session's seed (None: its sets were typed, or made before seeds were
    kept) and whether it takes new players."""
    db.execute(text("ALTER TABLE teachers ADD COLUMN session_epoch INTEGER NOT NULL DEFAULT 0"))
    db.execute(text("ALTER TABLE mat_sessions ADD COLUMN seed INTEGER"))
    db.execute(text("ALTER TABLE mat_sessions ADD COLUMN joining BOOLEAN NOT NULL DEFAULT TRUE"))


def _pressed_at(db: Connection) -> None:
    """Version 4: when a pupil's press arrived (a press after the proctor's "Hand up"
    brings its answer to the hand; a press after the end is kept as late). Presses stored
    before have none: they came in time, with their hand."""
    db.execute(text("ALTER TABLE entries ADD COLUMN pressed_at FLOAT"))


def _grading(db: Connection) -> None:
    """Version 5: a teacher's uploads of scanned answer sheets, kept with their grading,
    the pictures a review shows and the teacher's decisions (webapp/grading/). The tables
    are new, made as version 5 has them (a later change to them adds a step of its own)."""
    for table in (grade_uploads, grade_files, grade_pictures, grade_decisions):
        table.create(db)


def _made_puzzles(db: Connection) -> None:
    """Version 6: puzzles slow to make (a whole deal's Costly Tricks problem), kept once
    made so that every server process and a restarted server take them up at once
    (webapp/checking/making.py). The table is new, made as version 6 has it."""
    made_puzzles.create(db)


UPGRADES: dict[int, Callable[[Connection], None]] = {
    2: _store_answer_checks,
    3: _sessions_and_seeds,
    4: _pressed_at,
    5: _grading,
    6: _made_puzzles,
}
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

"""One teacher's data brought back from a backup, leaving everyone else's as it is now:
``printables teacher restore USERNAME --from BACKUP_URL``.

A district's nightly backup is the whole database (``pg_dump``). When one teacher deletes
a session by mistake, restoring the dump would take every other teacher back to last
night; instead the dump is restored into a scratch database, and this copies from it the
teacher's MAT sessions (with their sets, rounds, players and answers), timers and scan
uploads (with their files, pictures and decisions) that the live database no longer has.

A row is copied with its own id when the live database has no row of that id (ids are
never given out twice, so the id was that row's); what the live database has is never
changed. A restored session whose join code another session uses now gets a new code,
and a player whose device token another player holds now gets none (that phone joins
again).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy import Connection, Table, select

from webapp.tables import (
    entries,
    grade_decisions,
    grade_files,
    grade_pictures,
    grade_uploads,
    mat_sessions,
    mat_sets,
    players,
    rounds,
    teachers,
    timers,
)

OWNED: tuple[tuple[Table, tuple[tuple[Table, str], ...]], ...] = (
    (mat_sessions, ((mat_sets, "session_id"), (rounds, "session_id"), (players, "session_id"))),
    (timers, ()),
    (grade_uploads, ((grade_files, "upload_id"), (grade_pictures, "upload_id"),
                     (grade_decisions, "upload_id"))),
)  # fmt: skip
"""A teacher's tables (``teacher_id``), each with the tables that hang from its rows
(table, the column naming the parent row); a player's answers hang from the player."""
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


class RestoreError(ValueError):
    """Nothing can be restored, saying why in one line."""


@dataclass
class Restored:
    """What was copied: rows by table, and what changed on the way."""

    rows: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def count(self, table: Table, copied: bool) -> None:
        into = self.rows if copied else self.skipped
        into[table.name] = into.get(table.name, 0) + 1


def teacher_id(db: Connection, username: str) -> int:
    found = db.execute(
        select(teachers.c.id).where(teachers.c.username == username.strip().casefold())
    ).scalar_one_or_none()
    if found is None:
        raise RestoreError(f"there is no teacher {username.strip().casefold()!r} in that database")
    return int(found)


def restore(backup: Connection, live: Connection, username: str) -> Restored:
    """Copy ``username``'s rows that ``live`` lacks from ``backup`` (one write of
    ``live``: all or nothing)."""
    source, target = teacher_id(backup, username), teacher_id(live, username)
    done = Restored()
    for table, children in OWNED:
        for row in backup.execute(select(table).where(table.c.teacher_id == source)).mappings():
            if _exists(live, table, row["id"]):
                done.count(table, copied=False)
                continue
            values = {**row, "teacher_id": target}
            if table is mat_sessions:
                values["join_code"] = _free_code(live, row["join_code"], done)
            live.execute(table.insert().values(values))
            done.count(table, copied=True)
            for child, column in children:
                _copy_children(backup, live, child, column, row["id"], done)
    return done


def _copy_children(
    backup: Connection,
    live: Connection,
    table: Table,
    column: str,
    parent: int,
    done: Restored,
    new_parent: int | None = None,
) -> None:
    """The rows of ``table`` whose ``column`` names ``parent``, copied (naming
    ``new_parent`` when the parent was given a new id)."""
    for row in backup.execute(select(table).where(table.c[column] == parent)).mappings():
        values = dict(row)
        if new_parent is not None:
            values[column] = new_parent
        if table is players:
            token = values.get("token_hash")
            if (
                token is not None
                and live.execute(select(players.c.id).where(players.c.token_hash == token)).first()
            ):
                values["token_hash"] = None
                done.notes.append(f"player {values['nickname']!r} joins again from their device")
        if table is players and _exists(live, players, row["id"]):  # an id SQLite gave again
            del values["id"]
        written = live.execute(table.insert().values(values))
        done.count(table, copied=True)
        if table is players:
            new_id = values.get("id", written.inserted_primary_key[0])  # type: ignore[index]
            _copy_children(backup, live, entries, "player_id", row["id"], done, new_id)


def _exists(db: Connection, table: Table, row_id: int) -> bool:
    return db.execute(select(table.c.id).where(table.c.id == row_id)).first() is not None


def _free_code(live: Connection, code: str, done: Restored) -> str:
    """``code``, or a new join code when another session uses it now."""
    taken = select(mat_sessions.c.id).where(mat_sessions.c.join_code == code)
    if live.execute(taken).first() is None:
        return code
    while True:
        new = "".join(secrets.choice(CODE_LETTERS) for _ in range(len(code)))
        if live.execute(select(mat_sessions.c.id).where(mat_sessions.c.join_code == new)).first():
            continue
        done.notes.append(f"join code {code} is another session's now: the restored one's is {new}")
        return new


def said(count: int, word: str) -> str:
    """``said(2, "timer")`` -> ``'2 timers'``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary(done: Restored) -> str:
    """``2 sessions, 1 timer and 0 scan uploads restored (3 players, 9 answers); already
    there: 1 session``."""
    words = {"mat_sessions": "session", "timers": "timer", "grade_uploads": "scan upload"}
    names: Sequence[str] = tuple(words)
    parts = [said(done.rows.get(n, 0), words[n]) for n in names]
    text = ", ".join(parts[:-1]) + f" and {parts[-1]} restored"
    inside = [
        said(done.rows.get(t, 0), w) for t, w in (("players", "player"), ("entries", "answer"))
    ]
    text += f" ({', '.join(inside)})"
    there = [said(done.skipped[n], words[n]) for n in names if done.skipped.get(n)]
    if there:
        text += "; already there: " + ", ".join(there)
    return text

"""Timers in the database: every query takes the teacher, so one teacher never reaches
another's timer."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, func, select

from webapp.db import now
from webapp.tables import timers
from webapp.timers.model import Timer


def load(db: Connection, teacher_id: int, timer_id: int, *, lock: bool = False) -> Timer | None:
    """The teacher's timer (None for no such timer, or another teacher's)."""
    query = select(timers).where(timers.c.id == timer_id, timers.c.teacher_id == teacher_id)
    row = db.execute(query.with_for_update() if lock else query).first()
    return None if row is None else Timer.from_row(row)


def timers_of(db: Connection, teacher_id: int) -> list[Timer]:
    """The teacher's timers, oldest first."""
    rows = db.execute(
        select(timers).where(timers.c.teacher_id == teacher_id).order_by(timers.c.id)
    ).all()
    return [Timer.from_row(row) for row in rows]


def count(db: Connection, teacher_id: int) -> int:
    return int(
        db.execute(
            select(func.count()).select_from(timers).where(timers.c.teacher_id == teacher_id)
        ).scalar_one()
    )


def create(db: Connection, teacher_id: int, settings: dict[str, Any]) -> int:
    """A new timer, stopped at its start; returns its id."""
    result = db.execute(
        timers.insert().values(
            teacher_id=teacher_id, elapsed=0.0, started_at=None, created_at=now(), **settings
        )
    )
    return int(result.inserted_primary_key[0])  # type: ignore[index]


def update(db: Connection, timer_id: int, values: dict[str, Any]) -> None:
    db.execute(timers.update().where(timers.c.id == timer_id).values(**values))


def delete(db: Connection, timer_id: int) -> None:
    db.execute(timers.delete().where(timers.c.id == timer_id))

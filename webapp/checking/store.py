"""Puzzles slow to make, kept in the database once made (table ``made_puzzles``), so that
a whole server makes each once: every process of ``printables serve``, every server of
a cluster on one database, and a server restarted mid-lesson.

A process about to make a puzzle claims it first (:func:`claim`: one conditional write,
so of several racing one wins) and beats a heartbeat while it makes it; the others find
it being made and tell their visitors so. When the maker's process dies, the heartbeat
stops and the claim goes stale after :data:`STALE_AFTER`: the next visit, in whichever
process, claims it again. A making that failed for a reason of the puzzle's own (no
deal of the level among those its id tries) is kept for :data:`FAILED_KEPT` and told to
every visit meanwhile.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import ColumnElement, Connection, and_, delete, or_, select, update

from webapp.db import insert_or_ignore
from webapp.tables import MADE_ID_MOST, made_puzzles

HEARTBEAT = 5.0
"""Seconds between a making's signs of life."""
STALE_AFTER = 30.0
"""Seconds without a sign of life after which a making is taken for dead (its process
stopped) and the puzzle may be claimed again."""
FAILED_KEPT = 300.0
"""Seconds a failed making is kept (its reason told to every visit) before a visit may
claim the puzzle again."""


@dataclass(frozen=True)
class Made:
    """A puzzle's row: being made, made (its kind's data as JSON) or failed."""

    state: str
    heartbeat: float | None
    data: str | None
    problem: str | None
    finished_at: float | None

    def alive(self, at: float) -> bool:
        """Being made by a process that still gives signs of life."""
        return self.state == "making" and (self.heartbeat or 0.0) >= at - STALE_AFTER

    def failed(self, at: float) -> bool:
        """A failure still to be told (not yet old enough to try again)."""
        return self.state == "failed" and (self.finished_at or 0.0) >= at - FAILED_KEPT


def keeps(puzzle_id: str) -> bool:
    """Whether an id fits the table (the ids of kinds that keep puzzles all do)."""
    return len(puzzle_id) <= MADE_ID_MOST


def new_runner() -> str:
    """A token naming one making."""
    return secrets.token_hex(16)


def found(db: Connection, puzzle_id: str) -> Made | None:
    row = db.execute(
        select(
            made_puzzles.c.state,
            made_puzzles.c.heartbeat,
            made_puzzles.c.data,
            made_puzzles.c.problem,
            made_puzzles.c.finished_at,
        ).where(made_puzzles.c.puzzle_id == puzzle_id)
    ).first()
    if row is None:
        return None
    return Made(str(row.state), row.heartbeat, row.data, row.problem, row.finished_at)


def claim(db: Connection, puzzle_id: str, runner: str, at: float) -> bool:
    """Claim the making of a puzzle for ``runner``: new, its making stale, its failure
    old, or its data refused (:func:`forget`). False when another making holds it, or
    it is made or freshly failed."""
    added = db.execute(
        insert_or_ignore(db, made_puzzles)
        .values(puzzle_id=puzzle_id, state="making", runner=runner, heartbeat=at)
        .returning(made_puzzles.c.puzzle_id)  # PostgreSQL's driver counts no rows here
    ).first()
    if added is not None:
        return True
    claimable = or_(
        and_(
            made_puzzles.c.state == "making",
            or_(made_puzzles.c.heartbeat.is_(None), made_puzzles.c.heartbeat < at - STALE_AFTER),
        ),
        and_(made_puzzles.c.state == "failed", made_puzzles.c.finished_at < at - FAILED_KEPT),
    )
    taken = db.execute(
        update(made_puzzles)
        .where(made_puzzles.c.puzzle_id == puzzle_id, claimable)
        .values(
            state="making", runner=runner, heartbeat=at, data=None, problem=None, finished_at=None
        )
    )
    return taken.rowcount == 1


def _mine(puzzle_id: str, runner: str) -> ColumnElement[bool]:
    return and_(
        made_puzzles.c.puzzle_id == puzzle_id,
        made_puzzles.c.runner == runner,
        made_puzzles.c.state == "making",
    )


def beat(db: Connection, puzzle_id: str, runner: str, at: float) -> bool:
    """The making's sign of life; False when it has lost its claim (taken for dead)."""
    done = db.execute(update(made_puzzles).where(_mine(puzzle_id, runner)).values(heartbeat=at))
    return done.rowcount == 1


def finish(db: Connection, puzzle_id: str, runner: str, at: float, data: str) -> bool:
    """The puzzle made: its kind's data kept for every process."""
    done = db.execute(
        update(made_puzzles)
        .where(_mine(puzzle_id, runner))
        .values(state="made", data=data, finished_at=at)
    )
    return done.rowcount == 1


def fail(db: Connection, puzzle_id: str, runner: str, at: float, problem: str) -> bool:
    """The puzzle cannot be made (``problem`` says why): told to every visit for
    :data:`FAILED_KEPT`."""
    done = db.execute(
        update(made_puzzles)
        .where(_mine(puzzle_id, runner))
        .values(state="failed", problem=problem, finished_at=at)
    )
    return done.rowcount == 1


def release(db: Connection, puzzle_id: str, runner: str) -> None:
    """Give the claim up (the making stopped on an error of the server's own, not the
    puzzle's): the next visit claims it again."""
    db.execute(delete(made_puzzles).where(_mine(puzzle_id, runner)))


def forget(db: Connection, puzzle_id: str) -> None:
    """Drop a made puzzle whose data its kind refused (of an older form, say), so that
    it is made again."""
    db.execute(
        delete(made_puzzles).where(
            made_puzzles.c.puzzle_id == puzzle_id, made_puzzles.c.state == "made"
        )
    )

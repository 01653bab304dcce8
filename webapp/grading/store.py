"""Uploads of scanned answer sheets in the database: the files as sent, the grading's
progress and result, the pictures its reviews show, and the teacher's decisions.

Everything is in the database, never on one server's disk, so any app server sharing it
shows an upload, its progress and its pictures, and finishes a grading another one left.

A run of the grading claims its upload with one conditional ``UPDATE`` (:func:`claim`):
an upload waiting for a run, or whose run has given no sign of life for
:data:`STALE_AFTER` seconds (its process died). Only the run holding the claim writes
progress or the result (each write names the run's token), so an upload is never graded
by two runs at once, and a run that lost its claim stops at its next page.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, and_, delete, func, or_, select, update

from webapp.db import upsert
from webapp.tables import grade_decisions, grade_files, grade_pictures, grade_uploads

STALE_AFTER = 60.0
"""Seconds without a heartbeat after which a run is taken for dead and its upload is
graded again."""
MOST_RUNS = 3
"""Runs an upload gets: one that has stopped a process this many times is failed (a file
too large for the server's memory, say) rather than started again forever."""


@dataclass(frozen=True)
class Upload:
    """One upload as its pages show it."""

    id: int
    title: str
    created_at: float
    state: str
    pages_total: int | None
    pages_done: int
    heartbeat: float | None
    runs: int
    problem: str | None
    files: int = 0
    size: int = 0

    def stale(self, at: float) -> bool:
        """Whether a run should start: none has, or the last one stopped giving signs of
        life (its process died)."""
        if self.state == "waiting":
            return True
        return self.state == "running" and (self.heartbeat or 0.0) < at - STALE_AFTER


_COLUMNS = (
    grade_uploads.c.id,
    grade_uploads.c.title,
    grade_uploads.c.created_at,
    grade_uploads.c.state,
    grade_uploads.c.pages_total,
    grade_uploads.c.pages_done,
    grade_uploads.c.heartbeat,
    grade_uploads.c.runs,
    grade_uploads.c.problem,
)


def _upload(row: Any, files: int = 0, size: int = 0) -> Upload:
    return Upload(
        row.id,
        row.title,
        row.created_at,
        row.state,
        row.pages_total,
        row.pages_done,
        row.heartbeat,
        row.runs,
        row.problem,
        files,
        size,
    )


def create(db: Connection, teacher: int, files: Sequence[tuple[str, bytes]], at: float) -> int:
    """A new upload of ``files`` (name, bytes) waiting for its grading; its id."""
    names = ", ".join(name for name, _ in files)
    title = names if len(names) <= 200 else names[:199] + "…"
    upload_id = int(
        db.execute(
            grade_uploads.insert().values(
                teacher_id=teacher,
                title=title,
                created_at=at,
                state="waiting",
                pages_done=0,
                runs=0,
            )
        ).inserted_primary_key[0]  # type: ignore[index]
    )
    for position, (name, data) in enumerate(files):
        db.execute(
            grade_files.insert().values(
                upload_id=upload_id,
                position=position,
                name=name[:255],
                size=len(data),
                data=data,
            )
        )
    return upload_id


def uploads_of(db: Connection, teacher: int) -> list[Upload]:
    """The teacher's uploads, newest first, with how many files and bytes each holds."""
    sizes = (
        select(
            grade_files.c.upload_id,
            func.count().label("files"),
            func.sum(grade_files.c.size).label("size"),
        )
        .group_by(grade_files.c.upload_id)
        .subquery()
    )
    rows = db.execute(
        select(*_COLUMNS, sizes.c.files, sizes.c.size)
        .join(sizes, sizes.c.upload_id == grade_uploads.c.id, isouter=True)
        .where(grade_uploads.c.teacher_id == teacher)
        .order_by(grade_uploads.c.created_at.desc(), grade_uploads.c.id.desc())
    ).all()
    return [_upload(row, int(row.files or 0), int(row.size or 0)) for row in rows]


def load(db: Connection, teacher: int, upload_id: int) -> Upload | None:
    """The teacher's upload, or None (also for another teacher's)."""
    row = db.execute(
        select(*_COLUMNS).where(
            grade_uploads.c.id == upload_id, grade_uploads.c.teacher_id == teacher
        )
    ).first()
    return None if row is None else _upload(row)


def delete_upload(db: Connection, teacher: int, upload_id: int) -> bool:
    """Delete the teacher's upload with its files, pictures and decisions."""
    mine = and_(grade_uploads.c.id == upload_id, grade_uploads.c.teacher_id == teacher)
    if db.execute(select(grade_uploads.c.id).where(mine)).first() is None:
        return False
    for table in (grade_decisions, grade_pictures, grade_files):  # also without cascades
        db.execute(delete(table).where(table.c.upload_id == upload_id))
    db.execute(delete(grade_uploads).where(mine))
    return True


# --- a run of the grading ------------------------------------------------------------------


def new_runner() -> str:
    """A token naming one run of the grading."""
    return secrets.token_hex(16)


def claim(db: Connection, upload_id: int, runner: str, at: float) -> bool:
    """Claim the upload for the run ``runner`` if it waits for one or its run is stale:
    one conditional ``UPDATE``, so of two requests racing to start it one wins."""
    claimable = or_(
        grade_uploads.c.state == "waiting",
        and_(
            grade_uploads.c.state == "running",
            or_(grade_uploads.c.heartbeat.is_(None), grade_uploads.c.heartbeat < at - STALE_AFTER),
        ),
    )
    done = db.execute(
        update(grade_uploads)
        .where(grade_uploads.c.id == upload_id, claimable)
        .values(
            state="running",
            runner=runner,
            heartbeat=at,
            pages_done=0,
            runs=grade_uploads.c.runs + 1,
        )
    )
    if done.rowcount != 1:
        return False
    runs = db.execute(select(grade_uploads.c.runs).where(grade_uploads.c.id == upload_id))
    if runs.scalar_one() > MOST_RUNS:
        fail(db, upload_id, runner, at, _TOO_MANY_RUNS)
        return False
    return True


_TOO_MANY_RUNS = (
    f"The grading stopped {MOST_RUNS} times before the end (the server may not have the "
    "memory for these files). Delete this upload and send the files in smaller parts."
)


def _mine(upload_id: int, runner: str) -> Any:
    return and_(
        grade_uploads.c.id == upload_id,
        grade_uploads.c.runner == runner,
        grade_uploads.c.state == "running",
    )


def beat(db: Connection, upload_id: int, runner: str, at: float, **values: Any) -> bool:
    """The run's sign of life (and its progress in ``values``); False when the run has
    lost its claim (the upload was deleted, or taken by another run) and must stop."""
    done = db.execute(
        update(grade_uploads).where(_mine(upload_id, runner)).values(heartbeat=at, **values)
    )
    return done.rowcount == 1


def files_of(db: Connection, upload_id: int) -> list[tuple[int, str]]:
    """The upload's files as (position, name), in the order sent."""
    rows = db.execute(
        select(grade_files.c.position, grade_files.c.name)
        .where(grade_files.c.upload_id == upload_id)
        .order_by(grade_files.c.position)
    ).all()
    return [(int(row.position), str(row.name)) for row in rows]


def file_data(db: Connection, upload_id: int, position: int) -> bytes:
    """One file's bytes."""
    found = db.execute(
        select(grade_files.c.data).where(
            grade_files.c.upload_id == upload_id, grade_files.c.position == position
        )
    ).scalar_one()
    return bytes(found)


def finish(
    db: Connection,
    upload_id: int,
    runner: str,
    at: float,
    result: dict[str, object],
    pictures: dict[str, bytes],
) -> bool:
    """Keep the run's result and pictures, if the run still holds its claim."""
    done = db.execute(
        update(grade_uploads)
        .where(_mine(upload_id, runner))
        .values(
            state="done",
            result=json.dumps(result, ensure_ascii=False),
            heartbeat=at,
            finished_at=at,
            problem=None,
        )
    )
    if done.rowcount != 1:
        return False
    db.execute(delete(grade_pictures).where(grade_pictures.c.upload_id == upload_id))
    if pictures:
        db.execute(
            grade_pictures.insert(),
            [{"upload_id": upload_id, "key": key, "png": png} for key, png in pictures.items()],
        )
    return True


def fail(db: Connection, upload_id: int, runner: str, at: float, problem: str) -> None:
    """The run ends without a result, saying why."""
    db.execute(
        update(grade_uploads)
        .where(_mine(upload_id, runner))
        .values(state="failed", problem=problem, heartbeat=at, finished_at=at)
    )


# --- the result, its pictures and the teacher's decisions ----------------------------------


def result_of(db: Connection, upload_id: int) -> dict[str, Any] | None:
    """The grading as its run kept it (``Grading.to_json()``), or None before the end."""
    found = db.execute(
        select(grade_uploads.c.result).where(grade_uploads.c.id == upload_id)
    ).scalar_one_or_none()
    if found is None:
        return None
    data: dict[str, Any] = json.loads(found)
    return data


def picture(db: Connection, upload_id: int, key: str) -> bytes | None:
    found = db.execute(
        select(grade_pictures.c.png).where(
            grade_pictures.c.upload_id == upload_id, grade_pictures.c.key == key
        )
    ).scalar_one_or_none()
    return None if found is None else bytes(found)


PAGE = ":page"
"""How the key of a whole page's picture (a JPEG, for the pages returned with their
verdicts) ends, beside the reviews' and names' cut-outs (PNG)."""


def page_pictures(page_images: dict[str, bytes]) -> dict[str, bytes]:
    """Each page's picture (its key -> JPEG) under the key it is kept by."""
    return {f"{key}{PAGE}": jpeg for key, jpeg in page_images.items()}


def page_images(db: Connection, upload_id: int) -> dict[str, bytes]:
    """Each graded page's picture, by the page's key (:attr:`Grading.page_images`)."""
    rows = db.execute(
        select(grade_pictures.c.key, grade_pictures.c.png).where(
            grade_pictures.c.upload_id == upload_id, grade_pictures.c.key.endswith(PAGE)
        )
    )
    return {key.removesuffix(PAGE): bytes(data) for key, data in rows}


def picture_keys(db: Connection, upload_id: int) -> set[str]:
    rows = db.execute(
        select(grade_pictures.c.key).where(grade_pictures.c.upload_id == upload_id)
    ).scalars()
    return set(rows)


def decisions_of(db: Connection, upload_id: int) -> dict[str, str]:
    """The teacher's decisions (a review's key, or a sheet's name key -> the choice)."""
    rows = db.execute(
        select(grade_decisions.c.key, grade_decisions.c.choice).where(
            grade_decisions.c.upload_id == upload_id
        )
    ).all()
    return {str(row.key): str(row.choice) for row in rows}


def decide(db: Connection, upload_id: int, key: str, choice: str, at: float) -> bool:
    """Keep a decision; a second decision of the same key replaces the first (the last
    click counts, from whichever tab). False when the upload is gone (deleted meanwhile)."""
    found = select(grade_uploads.c.id).where(grade_uploads.c.id == upload_id)
    if db.execute(found).first() is None:
        return False
    insert = upsert(db.dialect.name, grade_decisions).values(
        upload_id=upload_id, key=key, choice=choice, decided_at=at
    )
    db.execute(
        insert.on_conflict_do_update(
            index_elements=[grade_decisions.c.upload_id, grade_decisions.c.key],
            set_={"choice": choice, "decided_at": at},
        )
    )
    return True

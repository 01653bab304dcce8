"""Teacher accounts in the database: the rules for names and passwords, and adding,
changing and counting accounts. Passwords are stored as Werkzeug's salted scrypt hashes.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Connection, func, select
from werkzeug.security import generate_password_hash

from webapp.db import now
from webapp.tables import teachers

MIN_PASSWORD = 8
USERNAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789._-")


class AccountError(ValueError):
    """A user name or password that cannot be used; the message says why."""


def check_username(name: str) -> str:
    """The user name, case-folded; raises :class:`AccountError` with the reason.

    >>> check_username(" Ms.Rivera ")
    'ms.rivera'
    """
    folded = name.strip().casefold()
    if not 2 <= len(folded) <= 40:
        raise AccountError("a user name has 2 to 40 characters")
    wrong = sorted(set(folded) - USERNAME_CHARS)
    if wrong:
        raise AccountError(
            f"a user name may use letters, digits and . _ - only, not {' '.join(wrong)!s}"
        )
    return folded


def check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"a password has at least {MIN_PASSWORD} characters")


def create_teacher(db: Connection, username: str, password: str) -> int:
    """Add a teacher; raises :class:`AccountError` for a bad or taken name."""
    name = check_username(username)
    check_password(password)
    if db.execute(select(teachers.c.id).where(teachers.c.username == name)).first():
        raise AccountError(f"there is already a teacher called {name}")
    result = db.execute(
        teachers.insert().values(
            username=name, password_hash=generate_password_hash(password), created_at=now()
        )
    )
    return int(cast(Any, result.inserted_primary_key)[0])


def set_password(db: Connection, username: str, password: str) -> None:
    check_password(password)
    done = db.execute(
        teachers.update()
        .where(teachers.c.username == check_username(username))
        .values(password_hash=generate_password_hash(password))
    )
    if not done.rowcount:
        raise AccountError(f"there is no teacher called {username.strip()}")


def teacher_count(db: Connection) -> int:
    return int(db.execute(select(func.count()).select_from(teachers)).scalar_one())


def teacher_name(db: Connection, teacher_id: int) -> str | None:
    """The user name of the teacher with this id (None: no such account, or removed)."""
    name = db.execute(select(teachers.c.username).where(teachers.c.id == teacher_id)).scalar()
    return None if name is None else str(name)


def login_of(db: Connection, username: str) -> tuple[int, str] | None:
    """(id, password hash) of the account a typed user name names, in any case."""
    row = db.execute(
        select(teachers.c.id, teachers.c.password_hash).where(
            teachers.c.username == username.strip().casefold()
        )
    ).first()
    return None if row is None else (int(row.id), str(row.password_hash))


def teacher_names(db: Connection) -> list[str]:
    """Every teacher's user name, in order."""
    return [str(n) for n in db.execute(select(teachers.c.username).order_by(teachers.c.username))
            .scalars()]  # fmt: skip

"""Teacher accounts in the database: the rules for names and passwords, and adding,
changing and counting accounts. Passwords are stored as Werkzeug's salted scrypt hashes.

A new password has at least :data:`MIN_PASSWORD` characters and is not one of the
commonly used ones: zxcvbn (its frequency lists of leaked passwords, words, names and
keyboard patterns) must rate it at least :data:`MIN_STRENGTH` of 4. Accounts made before
these rules keep their passwords until they change them.

Each account has a login epoch: a login remembers it, and logging out or setting a new
password raises it, which ends every login of that teacher on every device.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Connection, func, select
from werkzeug.security import generate_password_hash
from zxcvbn import zxcvbn

from webapp.db import now
from webapp.tables import teachers

MIN_PASSWORD = 10
MIN_STRENGTH = 3
"""zxcvbn's score (0 to 4) a new password needs: 3 is "safely unguessable" online."""
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


def check_password(password: str, username: str = "") -> None:
    """Refuse a short or commonly used password, saying why and what to do.

    >>> check_password("iloveyou12")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    webapp.accounts.store.AccountError: that password is too easy to guess (this is similar ...
    """
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"a password has at least {MIN_PASSWORD} characters")
    rated = zxcvbn(password[:100], user_inputs=[username, "printables", "teacher"])
    if rated["score"] < MIN_STRENGTH:
        warning = str(rated["feedback"].get("warning") or "").rstrip(".")
        why = f" ({warning[:1].lower()}{warning[1:]})" if warning else ""
        raise AccountError(
            f"that password is too easy to guess{why}; choose another: a few unrelated "
            "words make a good one"
        )


def create_teacher(db: Connection, username: str, password: str) -> int:
    """Add a teacher; raises :class:`AccountError` for a bad or taken name."""
    name = check_username(username)
    check_password(password, name)
    if db.execute(select(teachers.c.id).where(teachers.c.username == name)).first():
        raise AccountError(f"there is already a teacher called {name}")
    result = db.execute(
        teachers.insert().values(
            username=name, password_hash=generate_password_hash(password), created_at=now()
        )
    )
    return int(cast(Any, result.inserted_primary_key)[0])


def set_password(db: Connection, username: str, password: str) -> None:
    """A new password for a teacher; every login of that teacher ends."""
    check_password(password, username)
    done = db.execute(
        teachers.update()
        .where(teachers.c.username == check_username(username))
        .values(
            password_hash=generate_password_hash(password),
            session_epoch=teachers.c.session_epoch + 1,
        )
    )
    if not done.rowcount:
        raise AccountError(f"there is no teacher called {username.strip()}")


def teacher_count(db: Connection) -> int:
    return int(db.execute(select(func.count()).select_from(teachers)).scalar_one())


def teacher_name(db: Connection, teacher_id: int) -> str | None:
    """The user name of the teacher with this id (None: no such account, or removed)."""
    name = db.execute(select(teachers.c.username).where(teachers.c.id == teacher_id)).scalar()
    return None if name is None else str(name)


def login_epoch(db: Connection, teacher_id: int) -> tuple[str, int] | None:
    """(user name, login epoch) of the teacher with this id, or None."""
    row = db.execute(
        select(teachers.c.username, teachers.c.session_epoch).where(teachers.c.id == teacher_id)
    ).first()
    return None if row is None else (str(row.username), int(row.session_epoch))


def end_logins(db: Connection, teacher_id: int) -> int:
    """End every login of a teacher (raise the epoch); returns the new epoch."""
    db.execute(
        teachers.update()
        .where(teachers.c.id == teacher_id)
        .values(session_epoch=teachers.c.session_epoch + 1)
    )
    found = login_epoch(db, teacher_id)
    return found[1] if found else 0


def login_of(db: Connection, username: str) -> tuple[int, str, int] | None:
    """(id, password hash, login epoch) of the account a typed user name names, in any
    case."""
    row = db.execute(
        select(teachers.c.id, teachers.c.password_hash, teachers.c.session_epoch).where(
            teachers.c.username == username.strip().casefold()
        )
    ).first()
    return None if row is None else (int(row.id), str(row.password_hash), int(row.session_epoch))


def teacher_names(db: Connection) -> list[str]:
    """Every teacher's user name, in order."""
    return [str(n) for n in db.execute(select(teachers.c.username).order_by(teachers.c.username))
            .scalars()]  # fmt: skip

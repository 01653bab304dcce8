"""Teacher accounts' pages: log in, log out, and the first-run page that makes the first
account; :func:`login_required` and :func:`teacher_id` for every teacher's page.

Every teacher page is wrapped in :func:`login_required`, and every query for a teacher's
things filters by :func:`teacher_id`, so one teacher never sees another's timers or
sessions. The first-run page is offered only while no account exists, and only to the
computer running the server; other accounts come from ``printables teacher add``.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable
from typing import Any, TypeVar, cast
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    abort,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.security import check_password_hash, generate_password_hash
from werkzeug.wrappers import Response

from webapp.accounts.store import (
    AccountError,
    create_teacher,
    end_logins,
    login_epoch,
    login_of,
    set_password,
    teacher_count,
)
from webapp.db import read, write
from webapp.pages import back_with, error_page, kept, wants_json
from webapp.pages import problem as problem_text
from webapp.security import RateLimited, busy_text, client_address, limit, past, too_many

bp = Blueprint("accounts", __name__)

F = TypeVar("F", bound=Callable[..., Any])

LOGIN_LIMIT = 10
"""Login attempts a minute for one user name from one address. Keyed by both, so nobody
elsewhere can lock a teacher out by failing on purpose."""

FAILED_LOGIN_LIMIT = 20
"""Failed logins a minute from one address over all names: an address trying many names
(spraying a common password) is slowed, whichever names it tries."""


def teacher_id() -> int:
    """The logged-in teacher's id (inside :func:`login_required` views)."""
    found: int = g.teacher_id
    return found


def login_required(view: F) -> F:
    """Send visitors who are not logged in to the login page, then back."""

    @functools.wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        tid = session.get("teacher_id")
        if tid is not None:
            with read() as db:
                found = login_epoch(db, tid)
            if found is not None and found[1] == session.get("epoch", 0):
                g.teacher_id, g.teacher_name = tid, found[0]
                return view(*args, **kwargs)
            session.clear()  # the account was removed, or its logins were ended
        if request.method != "GET":
            abort(401)
        return redirect(url_for("accounts.login", next=request.full_path.rstrip("?")))

    return cast(F, wrapped)


@bp.app_errorhandler(401)
def unauthorized(_error: Exception) -> tuple[str, int]:
    """A change sent without a teacher's login (never logged in, or logged out meanwhile)."""
    message = (
        "Only a logged-in teacher can do this, and you are not logged in (or have logged "
        "out meanwhile). Log in, then send it again."
    )
    return error_page("Please log in", message, 401, url_for("accounts.login"), "Log in")


def _safe_next(target: str | None) -> str | None:
    """Only a path on this site may follow a login: never ``//evil.example``, nor one
    hidden by a tab, a newline or a backslash (browsers drop or turn them into ``/``).

    >>> _safe_next("/sessions/3?round=1"), _safe_next("/\t/evil.example")
    ('/sessions/3?round=1', None)
    """
    if not target or any(ord(ch) < 33 or ch == "\\" for ch in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return None
    return target


def _local_request() -> bool:
    return client_address() in {"127.0.0.1", "::1"}


@bp.route("/login", methods=["GET", "POST"])
def login() -> Response | str | tuple[str, int]:
    with read() as db:
        if teacher_count(db) == 0:
            return redirect(url_for("accounts.setup"))
    if request.method == "GET":
        problem, typed = kept()
        note = request.args.get("ended") == "1" and not problem
        return render_template(
            "accounts/login.html",
            typed={"username": typed.get("username", "")},
            problem=problem or None,
            next=typed.get("next") or request.args.get("next"),
            ended=note,
        )
    username = request.form.get("username", "")
    typed = {"username": username, "next": request.form.get("next", "")}  # never the password
    address = client_address()
    key = username.strip().casefold()[:40]
    try:
        limit(f"login:{address}:{key}", LOGIN_LIMIT)
        past(f"login-failed:{address}", FAILED_LOGIN_LIMIT)
    except RateLimited as busy:
        said = busy_text(busy, "attempts")
        if wants_json():  # a script: 429 with Retry-After; a page keeps what was typed
            return too_many(busy, said)
        return _refused(url_for("accounts.login"), said, typed)
    with read() as db:
        found = login_of(db, username)
    # an unknown name is checked against a hash too: no quicker "no" tells which names exist
    stored = unknown_name_hash() if found is None else found[1]
    if not check_password_hash(stored, request.form.get("password", "")) or found is None:
        limit(f"login-failed:{address}", 10**9)  # counted, never refused here
        said = "That user name and password do not match an account."
        return _refused(url_for("accounts.login"), said, typed)
    _log_in(found[0], found[2])
    return redirect(_safe_next(request.form.get("next")) or url_for("home.dashboard"))


@functools.cache
def unknown_name_hash() -> str:
    """A hash no password matches, made as a teacher's is (once a process), to check a
    password typed for a name no account has as long as a real one takes."""
    return generate_password_hash(secrets.token_urlsafe(32))


def _refused(target: str, said: str, typed: dict[str, str]) -> Response:
    back = back_with(target, said, typed)
    return back if back is not None else redirect(target, code=303)


def _log_in(teacher: int, epoch: int) -> None:
    session.clear()
    session["teacher_id"] = teacher
    session["epoch"] = epoch
    session.permanent = True


@bp.post("/logout")
def logout() -> Response:
    """Log out on every device: every login of this teacher ends."""
    tid = session.get("teacher_id")
    if tid is not None:
        with read() as db:
            found = login_epoch(db, tid)
        if found is not None and found[1] == session.get("epoch", 0):
            with write() as db:
                end_logins(db, tid)
    session.clear()
    return redirect(url_for("accounts.login"), code=303)


@bp.route("/account/password", methods=["GET", "POST"])
@login_required
def change_password() -> Response | str:
    """A new password: every other login of the teacher ends; this browser stays in."""
    if request.method == "GET":
        problem, _ = kept()
        return render_template("accounts/password.html", problem=problem or None)
    target = url_for("accounts.change_password")
    with read() as db:
        found = login_of(db, g.teacher_name)
    if found is None or not check_password_hash(found[1], request.form.get("current", "")):
        return _refused(target, "The current password is not right.", {})
    new = request.form.get("password", "")
    try:
        if new != request.form.get("repeat", ""):
            raise AccountError("the two new passwords differ")
        with write() as db:
            set_password(db, g.teacher_name, new)
            epoch = login_epoch(db, teacher_id())
    except AccountError as error:
        return _refused(target, problem_text(error), {})
    _log_in(teacher_id(), epoch[1] if epoch else 0)
    return redirect(url_for("home.dashboard", password="changed"), code=303)


@bp.route("/setup", methods=["GET", "POST"])
def setup() -> Response | str | tuple[str, int]:
    """The first-run page: make the first teacher account."""
    with read() as db:
        if teacher_count(db):
            return redirect(url_for("accounts.login"))
    if not _local_request():
        message = (
            "The first teacher account is made on the computer running Printables "
            "(open this page there), or with: printables teacher add NAME"
        )
        return error_page("First run", message, 403)
    typed = {"username": request.form.get("username", "")}
    if request.method == "GET":
        problem, sent = kept()
        typed = {"username": sent.get("username", "")}
        return render_template("accounts/setup.html", typed=typed, problem=problem or None)
    password = request.form.get("password", "")
    try:
        if password != request.form.get("repeat", ""):
            raise AccountError("the two passwords differ")
        with write() as db:
            if teacher_count(db):
                return redirect(url_for("accounts.login"))
            new_id = create_teacher(db, typed["username"], password)
    except AccountError as error:
        problem = problem_text(error)
        return _refused(url_for("accounts.setup"), problem, typed)
    _log_in(new_id, 0)
    return redirect(url_for("home.dashboard"))

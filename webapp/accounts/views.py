"""Teacher accounts' pages: log in, log out, and the first-run page that makes the first
account; :func:`login_required` and :func:`teacher_id` for every teacher's page.

Every teacher page is wrapped in :func:`login_required`, and every query for a teacher's
things filters by :func:`teacher_id`, so one teacher never sees another's timers or
sessions. The first-run page is offered only while no account exists, and only to the
computer running the server; other accounts come from ``printables teacher add``.
"""

from __future__ import annotations

import functools
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
from werkzeug.security import check_password_hash
from werkzeug.wrappers import Response

from webapp.accounts.store import (
    AccountError,
    create_teacher,
    login_of,
    teacher_count,
    teacher_name,
)
from webapp.db import read, write
from webapp.pages import error_page
from webapp.pages import problem as problem_text
from webapp.security import RateLimited, client_address, limit

bp = Blueprint("accounts", __name__)

F = TypeVar("F", bound=Callable[..., Any])

LOGIN_LIMIT = 10
"""Login attempts a minute, per address and per user name."""


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
                name = teacher_name(db, tid)
            if name is not None:
                g.teacher_id, g.teacher_name = tid, name
                return view(*args, **kwargs)
            session.clear()  # the account was removed
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
    typed = {"username": request.form.get("username", "")}
    if request.method == "GET":
        return render_template(
            "accounts/login.html", typed=typed, problem=None, next=request.args.get("next")
        )
    try:
        limit(f"login:{client_address()}", LOGIN_LIMIT)
        limit(f"login-user:{typed['username'].strip().casefold()[:40]}", LOGIN_LIMIT)
    except RateLimited as busy:
        page = render_template(
            "accounts/login.html",
            typed=typed,
            next=request.form.get("next"),
            problem=f"Too many attempts. Wait {busy.retry_after} seconds and try again.",
        )
        return page, 429, {"Retry-After": str(busy.retry_after)}  # type: ignore[return-value]
    with read() as db:
        found = login_of(db, typed["username"])
    if found is None or not check_password_hash(found[1], request.form.get("password", "")):
        problem = "That user name and password do not match an account."
        page = render_template(
            "accounts/login.html", typed=typed, problem=problem, next=request.form.get("next")
        )
        return page, 401
    session.clear()
    session["teacher_id"] = found[0]
    session.permanent = True
    return redirect(_safe_next(request.form.get("next")) or url_for("home.dashboard"))


@bp.post("/logout")
def logout() -> Response:
    session.pop("teacher_id", None)
    return redirect(url_for("accounts.login"))


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
        return render_template("accounts/setup.html", typed=typed, problem=None)
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
        return render_template("accounts/setup.html", typed=typed, problem=problem), 400
    session.clear()
    session["teacher_id"] = new_id
    session.permanent = True
    return redirect(url_for("home.dashboard"))

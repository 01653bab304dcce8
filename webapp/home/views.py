"""The front page (join a session, check an answer, teachers' log in) and the teacher's
dashboard (timers and MAT sessions)."""

from __future__ import annotations

from flask import Blueprint, render_template, request, session

from webapp.accounts.views import login_required, teacher_id
from webapp.db import read
from webapp.mat import store as mat_store
from webapp.pages import error_page
from webapp.timers import store as timers_store

bp = Blueprint("home", __name__)


@bp.app_errorhandler(404)
def not_found(_error: Exception) -> tuple[str, int]:
    """Any address the app does not have (a mistyped link, an old bookmark)."""
    message = f"There is no page at {request.path}. Check the address, or start again here."
    return error_page("Not found", message, 404)


@bp.app_errorhandler(405)
def wrong_method(_error: Exception) -> tuple[str, int]:
    message = (
        "That address takes a form sent from its page, not a link: go back and use the button."
    )
    return error_page("Not here", message, 405)


@bp.get("/")
def front() -> str:
    return render_template("home/front.html", teacher=session.get("teacher_id") is not None)


@bp.get("/dashboard")
@login_required
def dashboard() -> str:
    with read() as db:
        my_timers = timers_store.timers_of(db, teacher_id())
        my_sessions = mat_store.sessions_of(db, teacher_id())
    return render_template("home/dashboard.html", timers=my_timers, sessions=my_sessions)

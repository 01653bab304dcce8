"""Projector timers' pages: the list, the full-screen projector page, and the buttons.

Every page needs a teacher's login, and every query filters by the teacher
(:mod:`webapp.timers.store`): another teacher's timer is "not found". The buttons are
plain forms (POST, CSRF token, 303 back to the screen) that the script sends with
``fetch`` instead, getting the timer's state as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from webapp.accounts.views import login_required, teacher_id
from webapp.db import now, read, write
from webapp.pages import back_with, error_page, kept, wants_json
from webapp.timers import store
from webapp.timers.model import (
    MAX_LABEL,
    MAX_TIMERS,
    NO_TIME,
    PRESETS,
    Problems,
    Timer,
    display_seconds,
    format_seconds,
    pause_values,
    read_settings,
    reset_values,
    start_values,
    state,
    status,
)

bp = Blueprint("timers", __name__)


def _json(body: dict[str, Any], code: int = 200) -> ResponseReturnValue:
    response = jsonify(body)
    response.status_code = code
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.errorhandler(404)
def not_found(error: HTTPException) -> ResponseReturnValue:
    message = "There is no such timer among yours: it may have been deleted."
    if wants_json():
        return _json({"error": message}, 404)
    return error_page("Timer not found", message, 404, url_for("timers.index"), "Your timers")


def _load(db: Any, timer_id: int, *, lock: bool = False) -> Timer:
    """The logged-in teacher's timer, or 404 (also for another teacher's)."""
    timer = store.load(db, teacher_id(), timer_id, lock=lock)
    if timer is None:
        abort(404)
    return timer


def _my_timers() -> list[Timer]:
    with read() as db:
        return store.timers_of(db, teacher_id())


def _index_page(
    problems: Mapping[str, str] | None = None, typed: Mapping[str, str] | None = None
) -> str:
    at = now()
    rows = [
        {
            "timer": timer,
            "setting": format_seconds(timer.duration),
            "shown": format_seconds(display_seconds(timer, at)),
            "status": status(timer, at),
        }
        for timer in _my_timers()
    ]
    return render_template(
        "timers/index.html",
        rows=rows,
        presets=PRESETS.values(),
        problems=problems or {},
        typed=typed or {"label": "", "time": "", "direction": "down"},
        max_label=MAX_LABEL,
    )


@bp.get("/timers")
@login_required
def index() -> ResponseReturnValue:
    problems, typed = _kept()
    return _index_page(problems, typed)


def _back(target: str, error: Problems, typed: Mapping[str, str]) -> Response | None:
    """Back to the form's own page, which shows the problems and what was typed."""
    return back_with(target, str(error), {**typed, PROBLEMS: json.dumps(error.problems)})


def _kept() -> tuple[dict[str, str] | None, dict[str, str] | None]:
    """The problems and typed values a refused form left for this page, if any."""
    problem, typed = kept()
    if not problem:
        return None, None
    problems = json.loads(typed.pop(PROBLEMS, "{}"))
    return (problems if isinstance(problems, dict) else None), typed


PROBLEMS = "_problems"


@bp.post("/timers")
@login_required
def create() -> ResponseReturnValue:
    typed = {
        "label": request.form.get("label", ""),
        "time": request.form.get("time", ""),
        "direction": request.form.get("direction", "down"),
    }
    try:
        settings = read_settings(request.form, partial=False)
        with write() as db:
            count = store.count(db, teacher_id())
            if count >= MAX_TIMERS:
                raise Problems(
                    {"timers": f"You have {count} timers, the most one teacher may keep: "
                               "delete some first."}
                )  # fmt: skip
            new_id = store.create(db, teacher_id(), settings)
    except Problems as error:
        if wants_json():
            return _json({"error": str(error), "problems": error.problems}, 400)
        back = _back(url_for("timers.index"), error, typed)
        return back if back is not None else (_index_page(error.problems, typed), 400)
    if wants_json():
        with read() as db:
            return _json(state(_load(db, new_id), now()), 201)
    return redirect(url_for("timers.screen", timer_id=new_id), 303)


@bp.post("/timers/<int:timer_id>/delete")
@login_required
def delete(timer_id: int) -> ResponseReturnValue:
    with write() as db:
        timer = _load(db, timer_id, lock=True)
        store.delete(db, timer.id)
    if wants_json():
        return _json({"deleted": timer.id})
    flash(f"Deleted the timer “{timer.label}”.")
    return redirect(url_for("timers.index"), 303)


def _screen_page(
    timer: Timer,
    at: float,
    problems: Mapping[str, str] | None = None,
    typed: Mapping[str, str] | None = None,
) -> str:
    current = state(timer, at)
    return render_template(
        "timers/screen.html",
        timer=timer,
        state=current,
        shown=format_seconds(current["shown"]),
        setting=format_seconds(timer.duration),
        presets=PRESETS.values(),
        problems=problems or {},
        typed=typed
        or {
            "label": timer.label,
            "time": format_seconds(timer.duration),
            "direction": timer.direction,
        },
        max_label=MAX_LABEL,
    )


@bp.get("/timers/<int:timer_id>")
@login_required
def screen(timer_id: int) -> ResponseReturnValue:
    """The full-screen projector page."""
    with read() as db:
        timer = _load(db, timer_id)
    problems, typed = _kept()
    return _screen_page(timer, now(), problems, typed), 200, {"Cache-Control": "no-store"}


@bp.get("/timers/<int:timer_id>/state")
@login_required
def timer_state(timer_id: int) -> ResponseReturnValue:
    with read() as db:
        timer = _load(db, timer_id)
    return _json(state(timer, now()))


def _change(timer_id: int, change: Callable[[Timer, float], dict[str, Any]]) -> ResponseReturnValue:
    """Apply ``change`` in one write transaction at the server's time; answer with the
    new state (script) or 303 back to the screen (plain form)."""
    with write() as db:
        timer = _load(db, timer_id, lock=True)
        at = now()
        values = change(timer, at)
        if values:
            store.update(db, timer.id, values)
            timer = replace(timer, **values)
    if wants_json():
        return _json(state(timer, at))
    return redirect(url_for("timers.screen", timer_id=timer.id), 303)


@bp.post("/timers/<int:timer_id>/start")
@login_required
def start(timer_id: int) -> ResponseReturnValue:
    return _change(timer_id, start_values)


@bp.post("/timers/<int:timer_id>/pause")
@login_required
def pause(timer_id: int) -> ResponseReturnValue:
    return _change(timer_id, pause_values)


@bp.post("/timers/<int:timer_id>/reset")
@login_required
def reset(timer_id: int) -> ResponseReturnValue:
    return _change(timer_id, reset_values)


@bp.post("/timers/<int:timer_id>/set")
@login_required
def set_timer(timer_id: int) -> ResponseReturnValue:
    """Change the label, the time or the direction. A new time or direction (a preset
    sets all three) is loaded as on a kitchen timer: stopped at its start. A new label
    alone leaves the clock alone."""
    try:
        settings = read_settings(request.form, partial=True)
        if not settings:
            raise Problems({"time": NO_TIME})
    except Problems as error:
        if wants_json():
            return _json({"error": str(error), "problems": error.problems}, 400)
        with read() as db:
            timer = _load(db, timer_id)
        typed = {
            "label": request.form.get("label", timer.label),
            "time": request.form.get("time", format_seconds(timer.duration)),
            "direction": request.form.get("direction", timer.direction),
        }
        back = _back(url_for("timers.screen", timer_id=timer.id), error, typed)
        return (
            back if back is not None else (_screen_page(timer, now(), error.problems, typed), 400)
        )

    def change(timer: Timer, at: float) -> dict[str, Any]:
        # The screen's form sends the time and direction with every label change: only a
        # time or direction that differs from the timer's reloads (and so stops) it.
        if (
            settings.get("duration", timer.duration) != timer.duration
            or settings.get("direction", timer.direction) != timer.direction
        ):
            return {**settings, **reset_values(timer, at)}
        return settings

    return _change(timer_id, change)

"""Practice on phones: ``/practice``, where a pupil picks a puzzle kind, a question and a
level and gets puzzle after puzzle, each with an instant verdict and its reasons, a hint
on request and a streak; and the puzzle of the day, for a teacher to project.

Nothing about a pupil is stored and nobody logs in (no cookie is set; the only record is
the per-address count of requests a minute that every public page keeps): a puzzle is its
id (:mod:`printables.questions`), the streak travels in the page's address
(``?streak=3``; a wrong answer sets it back to 0, a right one carries it on to the next
puzzle), and a verdict is the kind's own
check, as on the checking page, so a reload or a second tab changes nothing. A right
answer shows the whole explanation; a wrong one only its reasons, and the puzzle stays
to try again.

The puzzle of the day is the same for everyone all day (its seed is hashed from the date
and what was asked), shown large with a QR code of its checking page.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from datetime import date
from typing import Any

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from generator.draw.qr import qr_scene
from generator.draw.svg import scene_to_svg
from printables.cards.wording import sentence
from printables.puzzles import PuzzleError, kind_of
from printables.questions.base import LEVELS, MAX_SEED, Question, QuestionKind, question_kinds
from webapp.checking.views import judged
from webapp.network import public_url
from webapp.pages import card_attributes, problem
from webapp.security import too_busy

bp = Blueprint("practice", __name__, url_prefix="/practice")

PRACTICE_LIMIT = 600
"""Requests a minute from one address: a class of 30 behind one router, each pupil
answering every five seconds (an answer, then the next puzzle: a redirect and its page),
stays inside it."""
MOST_STREAK = 10_000
"""A streak in the address beyond this is read as 0 (it can only have been typed)."""


def _streak() -> int:
    try:
        streak = int(request.args.get("streak", "0"))
    except ValueError:
        return 0
    return streak if 0 <= streak <= MOST_STREAK else 0


def _asked() -> tuple[QuestionKind, Any]:
    """The kind and choices asked for in the address; a wrong one raises PuzzleError."""
    key = request.args.get("kind", "")
    found = question_kinds().get(key)
    if found is None:
        raise PuzzleError(f"{key!r} is not a kind of practice puzzle; expected "
                          f"{', '.join(question_kinds())}")  # fmt: skip
    typed = {name: request.args[name] for name in ("question", "level") if request.args.get(name)}
    return found, found.choices(**typed)


def _choosing(chosen: Mapping[str, str], problems: list[str]) -> str:
    """The page of choices, keeping what was chosen, with what was wrong with it."""
    return render_template("practice/index.html", kinds=question_kinds(),
                           levels=LEVELS.values(), chosen=chosen, problems=problems)  # fmt: skip


@bp.get("")
def index() -> str:
    """The choice of kind, question and level."""
    return _choosing(request.args, [])


@bp.get("/next")
def next_puzzle() -> Response | tuple[str, int] | tuple[str, int, dict[str, str]]:
    """A new puzzle of the kind asked for, on a fresh random seed."""
    busy = too_busy("practice", PRACTICE_LIMIT)
    if busy is not None:
        return busy
    try:
        kind, choices = _asked()
        puzzle = kind.generate(secrets.randbelow(MAX_SEED), choices)
    except PuzzleError as error:
        return _choosing(request.args, [problem(error)]), 400
    return redirect(url_for("practice.play", puzzle_id=puzzle.id, streak=_streak()))


@bp.get("/<puzzle_id>")
def play(puzzle_id: str) -> str | tuple[str, int] | tuple[str, int, dict[str, str]]:
    """A puzzle to answer: the verdict on an answer, a hint when asked, the streak."""
    busy = too_busy("practice", PRACTICE_LIMIT)
    if busy is not None:
        return busy
    try:
        kind = kind_of(puzzle_id)
        puzzle = kind.get(puzzle_id)
    except PuzzleError as error:
        return _choosing({}, [problem(error)]), 404
    if not isinstance(kind, QuestionKind):
        return redirect(url_for("checking.check", puzzle_id=puzzle.id))  # type: ignore[return-value]
    streak = _streak()
    answer = request.args.get("answer")
    verdict, trouble = judged(kind, puzzle, answer)
    broken = verdict is not None and not verdict.right and streak > 0
    if verdict is not None and not verdict.right:
        streak = 0  # a wrong answer starts the streak again (guessing does not keep it)
    again = {"kind": kind.key, "question": puzzle.question, "level": puzzle.level}
    page = render_template(
        "practice/play.html",
        kind=kind,
        puzzle=puzzle,
        attributes=card_attributes(kind.deck),
        answer=answer or "",
        verdict=verdict,
        reasons=[sentence(r) for r in verdict.reasons] if verdict is not None else [],
        problem=trouble,
        streak=streak,
        broken=broken,
        hint=request.args.get("hint") == "1",
        next_url=url_for("practice.next_puzzle", **again,
                         streak=streak + 1 if verdict is not None and verdict.right else 0),
        skip_url=url_for("practice.next_puzzle", **again, streak=0),
    )  # fmt: skip
    return (page, 400) if trouble else page


def puzzle_of_the_day(kind: QuestionKind, choices: Any, day: date) -> Question:
    """The puzzle everyone gets on ``day`` for this kind, question and level."""
    text = f"{day.isoformat()} {kind.key} {choices.question} {choices.level}"
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return kind.generate(int.from_bytes(digest, "big") % MAX_SEED, choices)


@bp.get("/today")
def today() -> str | tuple[str, int] | tuple[str, int, dict[str, str]]:
    """The puzzle of the day, large, for the projector, with the QR code of its page."""
    busy = too_busy("practice", PRACTICE_LIMIT)
    if busy is not None:
        return busy
    try:
        kind, choices = _asked()
        puzzle = puzzle_of_the_day(kind, choices, date.today())
    except PuzzleError as error:
        return _choosing(request.args, [problem(error)]), 400
    url = public_url(url_for("practice.play", puzzle_id=puzzle.id))
    return render_template("practice/today.html", kind=kind, puzzle=puzzle, url=url)


@bp.get("/<puzzle_id>/qr.svg")
def qr(puzzle_id: str) -> Response:
    """The QR code of a puzzle's practice page, as a phone on the network reaches it."""
    busy = too_busy("practice", PRACTICE_LIMIT)
    if busy is not None:
        return busy  # type: ignore[return-value]
    try:
        puzzle = kind_of(puzzle_id).get(puzzle_id)
    except PuzzleError:
        abort(404)
    url = public_url(url_for("practice.play", puzzle_id=puzzle.id))
    response = make_response(scene_to_svg(qr_scene(url, 60.0), title=f"QR code: {url}"))
    response.headers["Content-Type"] = "image/svg+xml"
    return response

"""Answer checking: the page a worksheet's QR code opens, ``/check/<puzzle-id>``.

The id says its puzzle kind (:func:`printables.puzzles.kind_of`), and the page is that
kind's (``templates/checking/<kind>.html``; every question kind's is
``checking/question.html``): it shows the puzzle's cards (a Costly Tricks problem: the four
hands and the trick so far; a question: its groups of cards) and takes a written answer; the verdict
comes from the kind's own check, with reasons a student can act on. The key is never
sent: a wrong claim of impossibility is told so, not shown a solution; a wrong card is
told what it loses, not which card is best. ``/check`` takes a Matrix set typed by hand (a
size and the cards) and opens its page. A puzzle that takes more than a second to make
from its id (a whole deal's Costly Tricks problem, the first time it is opened) gets a page
that says it is being made and opens the puzzle once it is (:mod:`webapp.checking.making`).

A Matrix set of a MAT competition under way (begun, its last set not over) is not
checked here, in any order or orientation of its cards: the book keeps written solutions
secret until the round is over. Checking changes nothing on the server, so the forms use GET:
a verdict is a link that can be reloaded or shared, and no form needs a CSRF token.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from printables.cards.wording import sentence
from printables.matrix.puzzles import KIND as MATRIX
from printables.matrix.session import set_key
from printables.puzzles import PuzzleError, PuzzleKind, kind_of
from printables.questions.base import QuestionKind
from webapp.checking import making
from webapp.db import now, read
from webapp.mat.store import sets_kept_secret
from webapp.pages import card_attributes, problem
from webapp.security import too_busy

bp = Blueprint("checking", __name__)

CHECK_LIMIT = 240
"""Checks a minute from one address: a class of 30 behind one router checking every 10
seconds stays well inside it; a script generating puzzles by the thousand does not."""

MAX_ANSWER = 2000
"""Characters: far more than a 5x5 answer takes."""
EMPTY_ANSWER = {"matrix": "Write your answer first: the card names, one row a line."}
"""What an empty answer is told, by kind (others: "Write your answer first.")."""


def judged(kind: PuzzleKind[Any, Any], puzzle: Any, answer: str | None) -> tuple[Any, str | None]:
    """The kind's verdict on an answer typed on a page, or what keeps it from being
    checked (too long, empty, unreadable); (None, None) before any answer."""
    if answer is None:
        return None, None
    if len(answer) > MAX_ANSWER:
        return (
            None,
            f"The answer is too long ({len(answer)} characters); write the card names only.",
        )
    if not answer.strip():
        return None, EMPTY_ANSWER.get(kind.key, "Write your answer first.")
    try:
        return kind.check(puzzle, answer), None
    except ValueError as error:
        return None, problem(error)


def _in_play(puzzle: Any) -> bool:
    """Whether the set is one of a MAT session under way (any order or orientation)."""
    with read() as db:
        return set_key(puzzle.cards) in sets_kept_secret(db, now())


@bp.get("/check/<puzzle_id>")
def check(puzzle_id: str) -> str | tuple[str, int] | tuple[str, int, dict[str, str]]:
    busy = too_busy("check", CHECK_LIMIT)
    if busy is not None:
        return busy
    try:
        kind = kind_of(puzzle_id)
        ready = kind.ready(puzzle_id)
        puzzle = kind.get(puzzle_id) if ready else making.made_within(kind, puzzle_id)
    except PuzzleError as error:  # a bad id, or a request that cannot be generated
        return render_template("checking/start.html", problems=[str(error)], typed={}), 404
    answer = request.args.get("answer")
    if puzzle is None:  # a whole deal's problem, made the first time it is opened
        page = render_template(
            "checking/making.html", kind=kind, puzzle_id=puzzle_id, answer=answer,
            wait=making.ASK_AGAIN,
        )  # fmt: skip
        return page, 202, {"Retry-After": str(making.ASK_AGAIN)}
    if answer is not None and kind is MATRIX and _in_play(puzzle):  # MAT sets are Matrix sets
        verdict: Any = None
        trouble: str | None = (
            "This set is in a MAT competition under way, so it is not checked here until "
            "the competition's last set is over; your teacher will check it."
        )
    else:
        verdict, trouble = judged(kind, puzzle, answer)
    question = isinstance(kind, QuestionKind)
    page = render_template(
        "checking/question.html" if question else f"checking/{kind.key}.html",
        kind=kind,
        attributes=card_attributes(kind.deck) if question else (),
        puzzle=puzzle,
        cards=puzzle.cards,
        answer=answer or "",
        verdict=verdict,
        reasons=[sentence(r) for r in verdict.reasons] if verdict is not None else [],
        problem=trouble,
    )
    return (page, 400) if trouble else page


@bp.get("/check")
def start() -> Response | str | tuple[str, int] | tuple[str, int, dict[str, str]]:
    """A set typed by hand: its size and cards; opens that set's checking page."""
    busy = too_busy("check", CHECK_LIMIT)
    if busy is not None:
        return busy
    typed = {"size": request.args.get("size", ""), "cards": request.args.get("cards", "")}
    if not typed["size"] and not typed["cards"]:
        return render_template("checking/start.html", problems=[], typed=typed)
    try:
        puzzle = MATRIX.typed(typed["cards"], size=typed["size"] or "?")
    except ValueError as error:
        return render_template("checking/start.html", problems=[problem(error)], typed=typed), 400
    return redirect(url_for("checking.check", puzzle_id=puzzle.id))

"""Answer checking: the page a worksheet's QR code opens, ``/check/<puzzle-id>``.

It shows the puzzle's cards and takes a written answer (one row a line, or rows
separated by ``/``; ``No`` in place of one card, or ``No`` alone, claims the set is
impossible); the verdict comes from the rules engine, with reasons a student can act on.
The key is never sent: a wrong claim of impossibility is told so, not shown a solution.
``/check`` takes any set typed by hand (a size and the cards) and opens its page.

Checking changes nothing on the server, so the forms use GET: a verdict is a link that
can be reloaded or shared, and no form needs a CSRF token.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import sentence
from printables.matrix.mat import check_answer
from printables.matrix.puzzles import Puzzle, from_cards, get_puzzle, parse_size
from printables.puzzles import PuzzleIdError
from webapp.db import now, read
from webapp.mat_store import sets_in_play

bp = Blueprint("checking", __name__)

MAX_ANSWER = 2000
"""Characters: far more than a 5x5 answer takes."""


def card_figures(cards: Sequence[Card]) -> list[tuple[int, str, str]]:
    """(deck index, name, spoken description) of each card, in the printed order: what a
    page needs to show it as ``/decks/4d/cards/<index>.svg`` with its name and alt text."""
    return [(FOUR_D.cards.index(c), str(c), ", ".join(v.name for v in c.shown)) for c in cards]


def _in_play(puzzle: Puzzle) -> bool:
    with read() as db:
        return puzzle.card_id in sets_in_play(db, now())


@bp.get("/check/<puzzle_id>")
def check(puzzle_id: str) -> str | tuple[str, int]:
    try:
        puzzle = get_puzzle(puzzle_id)
    except ValueError as error:  # a bad id, or a request that cannot be generated
        return render_template("check_start.html", problems=[str(error)], typed={}), 404
    answer = request.args.get("answer")
    verdict = None
    problem = None
    if answer is not None and _in_play(puzzle):
        problem = (
            "This set is in a MAT competition running now, so it is not checked here; "
            "your teacher will check it. Try again when the set is over."
        )
    elif answer is not None:
        if len(answer) > MAX_ANSWER:
            problem = (
                f"The answer is too long ({len(answer)} characters); write the card names only."
            )
        elif not answer.strip():
            problem = "Write your answer first: the card names, one row a line."
        else:
            try:
                verdict = check_answer(answer, puzzle.cards)
            except ValueError as error:
                problem = sentence(str(error)) + "."
    page = render_template(
        "check.html",
        puzzle=puzzle,
        cards=card_figures(puzzle.cards),
        answer=answer or "",
        verdict=verdict,
        reasons=[sentence(r) for r in verdict.reasons] if verdict is not None else [],
        problem=problem,
    )
    return (page, 400) if problem else page


@bp.get("/check")
def start() -> Response | str | tuple[str, int]:
    """A set typed by hand: its size and cards; opens that set's checking page."""
    typed = {"size": request.args.get("size", ""), "cards": request.args.get("cards", "")}
    if not typed["size"] and not typed["cards"]:
        return render_template("check_start.html", problems=[], typed=typed)
    problems = []
    try:
        rows, cols = parse_size(typed["size"] or "?")
    except PuzzleIdError as error:
        problems.append(sentence(str(error)) + ".")
    if not problems:
        try:
            puzzle = from_cards(read_cards(typed["cards"], FOUR_D), rows, cols)
        except ValueError as error:
            problems.append(sentence(str(error)) + ".")
    if problems:
        return render_template("check_start.html", problems=problems, typed=typed), 400
    return redirect(url_for("checking.check", puzzle_id=puzzle.id))

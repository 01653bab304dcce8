"""``/analyse/costly-tricks``: a played round of Costly Tricks typed into a form, and its
double-dummy analysis trick by trick (:mod:`printables.paradox.analysis`), each card's
cost against best play, the cards that cost points marked, and each side's total loss.

The form is posted (with its CSRF token, as every form); a round that reads goes to the
page's address with the round in it (``?round=...``), which shows the analysis: a link
that can be reloaded or shared, and a reload never posts again. A round that does not
read goes back to the page with the problem and the text as typed (:func:`back_with`).
The solver runs in this process, within :data:`ANALYSE_SECONDS`: with the compiled search
a whole round (11 cards a hand) takes a few seconds (``benchmarks/bench_round_analysis.py``).
The analysis solves the positions from the end back, so a round that would take longer is
analysed from where the time ran out (the first trick's cards, or its lead, for nearly
every whole round), the first cards shown as played with a word on ``printables
analyse``, which has no limit; only a round of which no card could be analysed is
refused. Where the compiled search is not built, the page takes hands of up to
:data:`MOST_CARDS_PURE` cards. The last analyses are kept (:func:`analysed`), so a reload
or a shared link answers at once; at most :data:`AT_ONCE` analyses search at a time in
each server process, so a flood of long rounds never holds the whole server.
"""

from __future__ import annotations

import threading

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from printables.cards.wording import signed
from printables.made_once import made_once
from printables.paradox.analysis import Analysis, analyse
from printables.paradox.rounds import EXAMPLE, Round, RoundError, read_round
from printables.paradox.solver import COMPILED, Solver
from printables.paradox.tricks import SEATS, SIDES
from webapp.pages import back_with, kept, problem
from webapp.security import too_busy

bp = Blueprint("analysis", __name__, url_prefix="/analyse")

ANALYSE_LIMIT = 60
"""Analyses a minute from one address: a class reviewing its rounds stays inside it."""
MAX_ROUND = 2000
"""Characters: a whole round typed with comments takes under 600."""
MOST_CARDS_PURE = 8
"""The most cards a hand on this page where the compiled search is not built: the
pure-Python search analyses such a round in about a second (median); 11 cards a hand take
it minutes."""
MOST_CARDS = 11 if COMPILED else MOST_CARDS_PURE
"""The most cards a hand on this page (11: a whole round)."""
ANALYSE_SECONDS = 20.0
"""The most time one analysis may take here."""
KEPT = 64
"""Analyses kept in each server process."""


class Refused(ValueError):
    """A round this page does not analyse; the message says why."""


def _checked(text: str) -> Round:
    """The round typed, read and within the page's limits (else RoundError or Refused)."""
    if len(text) > MAX_ROUND:
        raise Refused(
            f"the round is too long ({len(text):,} characters, at most {MAX_ROUND:,}): write "
            "the hands and the cards played only"
        )
    if not text.strip():
        raise Refused("type the round first: the four hands, one a line, then the cards played")
    played = read_round(text)
    size = len(played.deal.hands[0])  # the deal: every hand full, no trick begun
    if size > MOST_CARDS:
        raise Refused(
            f"this page analyses hands of up to {MOST_CARDS} cards, not {size} (a full round "
            "takes this server's solver minutes); 'printables analyse costly-tricks' on a "
            "computer analyses it"
        )
    return played


AT_ONCE = 2
"""Analyses searched at once in each server process: a flood of long rounds (Analyse
pressed again and again with new rounds) takes two threads for a while, never the whole
server; the others wait up to :data:`WAIT_SECONDS`, then are told to try again."""
WAIT_SECONDS = 5.0
_searching = threading.BoundedSemaphore(AT_ONCE)


class Busy(Exception):
    """Every analysis place of this process stayed taken for :data:`WAIT_SECONDS`."""


@made_once(maxsize=KEPT)
def analysed(played: Round) -> Analysis:
    """The round's analysis within :data:`ANALYSE_SECONDS` (partial when they run out,
    TimeoutError when not one card was analysed), at most :data:`AT_ONCE` at a time (else
    Busy); the last :data:`KEPT` are kept."""
    if not _searching.acquire(timeout=WAIT_SECONDS):
        raise Busy
    try:
        return analyse(played, Solver(played.deal, time_limit=ANALYSE_SECONDS))
    finally:
        _searching.release()


def _page(
    typed: str, analysis: Analysis | None, trouble: str | None, status: int = 200
) -> tuple[str, int]:
    page = render_template(
        "analysis/costly-tricks.html",
        typed=typed,
        analysis=analysis,
        problem=trouble,
        seats=SEATS,
        sides=SIDES,
        signed=signed,
        most_cards=MOST_CARDS,
        analyse_seconds=ANALYSE_SECONDS,
    )
    return page, status


@bp.get("/costly-tricks")
def costly_tricks() -> tuple[str, int] | tuple[str, int, dict[str, str]]:
    """The form (the book's example typed in), and the analysis of the round in the
    address, if any."""
    busy = too_busy("analyse", ANALYSE_LIMIT)
    if busy is not None:
        return busy
    refused, typed = kept()  # a refused post came back here
    if refused is not None:
        return _page(typed.get("round", ""), None, refused)
    text = request.args.get("round")
    if text is None:
        return _page(EXAMPLE, None, None)
    try:
        played = _checked(text)
    except (RoundError, Refused) as error:
        return _page(text, None, problem(error), 400)
    try:
        return _page(text, analysed(played), None)
    except TimeoutError:
        said = problem(
            Refused(
                f"the solver could not analyse even the last card of this round within "
                f"this server's {ANALYSE_SECONDS:g} s; 'printables analyse costly-tricks' on a "
                "computer analyses it"
            )
        )
        return _page(text, None, said, 503)
    except Busy:
        said = problem(
            Refused(
                "the server is analysing other rounds just now; try again in a minute "
                "(what you typed is kept)"
            )
        )
        page, status = _page(text, None, said, 503)
        return page, status, {"Retry-After": "60"}


@bp.post("/costly-tricks")
def costly_tricks_post() -> Response | tuple[str, int] | tuple[str, int, dict[str, str]]:
    """Read the round posted: to its analysis, or back to the form with the problem."""
    busy = too_busy("analyse", ANALYSE_LIMIT)
    if busy is not None:
        return busy
    text = request.form.get("round", "").replace("\r\n", "\n")
    try:
        _checked(text)
    except (RoundError, Refused) as error:
        said = problem(error)
        back = back_with(url_for("analysis.costly_tricks"), said, {"round": text})
        return back if back is not None else _page(text, None, said, 400)
    return redirect(url_for("analysis.costly_tricks", round=text, _anchor="analysis"), code=303)

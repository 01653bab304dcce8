"""The teacher's pages of a MAT session: make it, seat players, run each set from the
console, record hands, answers and verdicts, reveal and export the results. Every rule
comes from the engine's session (:mod:`printables.matrix.session`), read through
:mod:`webapp.mat.store`.

Every page needs a teacher's login and finds sessions by the teacher's id as well as
the session's, so another teacher's session is a 404. Every change is a POST with a
CSRF token, works as a plain form (303 back to the console) and, from the console's
script, as a fetch.
"""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import (
    Blueprint,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from generator.documents.session_results import SessionResults, session_scoresheet_pdf
from generator.draw.layout import parse_paper
from generator.draw.qr import qr_scene
from generator.draw.svg import scene_to_svg
from printables.cards.wording import spoken
from printables.matrix.check import SIZES as MATRIX_SIZES
from printables.matrix.mat import TIME_LIMIT
from printables.matrix.puzzles import KIND as MATRIX
from printables.matrix.puzzles import MAX_SEED, get_puzzle
from printables.matrix.session import MAX_SETS, Conflict, MatError, SetSource, choose_sets
from printables.puzzles import PuzzleError
from webapp.accounts.views import login_required, teacher_id
from webapp.db import now, read, write
from webapp.mat import store
from webapp.network import public_url
from webapp.pages import back_with, error_page, kept, wants_json
from webapp.pages import problem as problem_text

bp = Blueprint("mat", __name__, url_prefix="/sessions")

SIZES = tuple(f"{rows}x{cols}" for rows, cols in MATRIX_SIZES if rows <= cols)
"""The sizes offered, each once: a 3x4 set can also be laid as 4x3."""


def _view(session_id: int) -> store.SessionView:
    try:
        with read() as db:
            return store.load(db, session_id, teacher_id())
    except LookupError:
        abort(404)


def _status(error: MatError) -> int:
    return 409 if isinstance(error, Conflict) else 400


def _console_url(session_id: int, round_number: int | None = None, anchor: str = "") -> str:
    target = url_for("mat.console", session_id=session_id, round=round_number)
    return target + (f"#{anchor}" if anchor else "")


@bp.errorhandler(404)
def not_found(_error: Exception) -> tuple[str, int] | tuple[dict[str, Any], int]:
    """Another teacher's session, a deleted one, or no such set: say so plainly."""
    message = (
        "There is no such MAT session among yours, or no such set in it: it may have been deleted."
    )
    if wants_json():
        return {"problem": message}, 404
    return error_page(
        "Session not found", message, 404, url_for("home.dashboard"), "Your dashboard"
    )


def _change(
    session_id: int,
    action: Callable[[Any, store.SessionView], object],
    round_number: int | None = None,
    anchor: str = "",
    typed: dict[str, str] | None = None,
) -> Response | tuple[str, int] | tuple[dict[str, Any], int]:
    """Run ``action(db, view)`` in a write transaction, the session held against other
    screens' changes until it ends; back to the console, or the console again (a fresh
    page) with the problem and what was typed. A script gets JSON: the problem, and for
    an edit refused because another screen changed it, what is stored now."""
    try:
        with write() as db:
            store.lock(db, session_id)
            view = store.load(db, session_id, teacher_id())
            action(db, view)
    except LookupError:
        abort(404)
    except MatError as error:
        said = problem_text(error)
        if wants_json():
            body: dict[str, Any] = {"problem": said}
            if isinstance(error, store.Changed):
                body["current"] = error.current
            return body, _status(error)
        back = back_with(_console_url(session_id, round_number, anchor), said, typed)
        if back is None:  # too much typed to keep: the console answers the POST itself
            return _console_page(_view(session_id), round_number, said, typed), _status(error)
        return back
    if wants_json():
        return {"ok": True}, 200
    return redirect(_console_url(view.id, round_number, anchor), code=303)


# --- making a session ------------------------------------------------------------------


@bp.get("/new")
@login_required
def new() -> str:
    typed = {"name": "", "variant": "simultaneous", "size": "3x3", "limit": str(TIME_LIMIT),
             "sets": "", "generate": "3", "want": "either", "level": "medium", "seed": "",
             "source": "generate"}  # fmt: skip
    problem, sent = kept()
    return render_template("mat/new.html", typed=typed | sent, sizes=SIZES, problem=problem or None)


@bp.post("")
@login_required
def create() -> Response | tuple[str, int]:
    form = request.form
    typed = {key: form.get(key, "") for key in
             ("name", "variant", "size", "limit", "sets", "generate", "want", "level", "seed",
              "source")}  # fmt: skip
    try:
        limit = _whole(typed["limit"], "the time limit", "seconds, such as 600")
        seed = None
        if typed["source"] == "generate":
            if typed["sets"].strip():
                raise MatError(
                    "sets are typed in the box, but 'Generate fresh puzzles' is chosen: choose "
                    "'Use these sets' to play the typed ones, or empty the box to generate"
                )
            count = _whole(typed["generate"], "the number of sets", "a number such as 3")
            seed = fresh_seed(typed["seed"], lambda: _drawn(typed, count))
            source = SetSource(
                generate=count, want=typed["want"] or "either", level=typed["level"] or "medium",
                seed=seed,
            )  # fmt: skip
        else:
            source = SetSource(lines=typed["sets"])
        puzzles = choose_sets(source, typed["size"], typed["variant"])
        with write() as db:
            session_id = store.create_session(
                db, teacher_id(), typed["name"], typed["variant"], puzzles, limit, seed
            )
    except MatError as error:
        said = problem_text(error)
        back = back_with(url_for("mat.new"), said, typed)
        if back is None:
            return render_template("mat/new.html", typed=typed, sizes=SIZES, problem=said), 400
        return back
    return redirect(url_for("mat.console", session_id=session_id), code=303)


def fresh_seed(typed: str, draw: Callable[[], int]) -> int:
    """The seed typed, or a fresh one when the box is empty (``draw()``): sessions made
    with the form's defaults never share their puzzles. The console shows it."""
    if not typed.strip():
        return draw()
    seed = _whole(typed, "the seed", "a number such as 1")
    if not 0 <= seed < MAX_SEED:
        raise MatError(f"the seed: write a number from 0 to {MAX_SEED - 1}, or leave it empty")
    return seed


def _drawn(typed: dict[str, str], count: int) -> int:
    """A fresh seed for the sets asked for: for a Simultaneous session's hard Matrix sets,
    one whose keys' proofs each fit a third of a page (``MatrixKind.fresh_seed``); a
    random one when what was typed cannot be read (choosing the sets then says why)."""
    if typed["variant"] != "simultaneous" or not 1 <= count <= MAX_SETS:
        return secrets.randbelow(MAX_SEED)
    try:
        choices = MATRIX.choices(size=typed["size"], want=typed["want"] or "either",
                                 level=typed["level"] or "medium")  # fmt: skip
        return MATRIX.fresh_seed(count, choices, "mat")
    except PuzzleError:
        return secrets.randbelow(MAX_SEED)


def _whole(text: str, what: str, expected: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise MatError(f"{what}: write {expected}, not {text.strip()!r}") from None


# --- the console -----------------------------------------------------------------------


def _round_choice(view: store.SessionView, asked: int | None) -> int | None:
    """The round the console shows: the one asked for, else the latest started."""
    if asked is not None and 0 <= asked < len(view.rounds):
        return asked
    return len(view.rounds) - 1 if view.rounds else None


def _rows(
    view: store.SessionView, number: int | None, typed: dict[str, str] | None
) -> list[dict[str, Any]]:
    """One row per player for round ``number``: set, hand, answer and its check, verdict."""
    rows: list[dict[str, Any]] = []
    if number is None:
        return rows
    at = now()
    for seat in view.seats:
        if not view.plays(seat.seat):
            continue
        the_set = view.set_for(number, int(seat.seat))
        entry = view.entry(int(seat.id), number)
        judged = view.judge(entry, the_set)
        answer = (typed or {}).get(f"answer-{seat.id}")
        verdict = (typed or {}).get(f"verdict-{seat.id}")
        hand_up = entry is not None and entry.seconds is not None
        rows.append(
            {
                "player": seat,
                "set": the_set,
                "entry": entry,
                "judged": judged,
                "answer": answer if answer is not None else (entry.answer if entry else "") or "",
                "verdict": verdict
                if verdict is not None
                else (entry.verdict if entry else "") or "",
                "pressed": _pressed_note(view, entry),
                "seconds": store.format_seconds(entry.seconds if entry else None),
                "why": view.explain(seat, the_set, at),
                "status": "unchecked"
                if judged.how == "unchecked"
                else "hand"
                if hand_up
                else "late"
                if entry is not None and entry.late
                else "none",
                "order": entry.seconds if hand_up and entry else 10**9,
            }
        )
    return rows


def _pressed_note(view: store.SessionView, entry: Any) -> str:
    """When a pupil's press came, where the proctor needs to know: after the end (late,
    not scored), or well after the proctor's "Hand up" (the answer joined the hand)."""
    if entry is None or entry.pressed_at is None or entry.claim is None:
        return ""
    the_round = view.rounds[entry.round]
    after_end = entry.pressed_at - the_round.ends_at()
    if after_end >= 0:
        late = "not scored" if entry.late else "the hand was up in time"
        return f"Sent {store.format_seconds(int(after_end))} after the end ({late})."
    sent = the_round.elapsed(entry.pressed_at)
    if entry.seconds is not None and sent - entry.seconds >= 5:
        return f"Answer sent at {store.format_seconds(sent)}, after the hand went up."
    return ""


def _console_page(
    view: store.SessionView,
    asked: int | None,
    problem: str | None = None,
    typed: dict[str, str] | None = None,
    template: str = "mat/console.html",
) -> str:
    at = now()
    number = _round_choice(view, asked)
    current = view.current()
    rows = _rows(view, number, typed)
    row_problem = None  # a refused edit of one row shown: its problem goes beside that row
    if problem and typed and typed.get("row", "").isdigit():
        pid = int(typed["row"])
        if any(int(row["player"].id) == pid for row in rows):
            row_problem, problem = (pid, problem), None
    return render_template(
        template,
        view=view,
        asked=asked,
        number=number,
        shown_round=view.rounds[number] if number is not None else None,
        running=current is not None and current.running(at),
        current=current,
        rows=rows,
        problem=problem,
        row_problem=row_problem,
        typed=typed or {},
        now=at,
        join_url=public_url(url_for("play.join_code", code=view.row.join_code)),
        format_seconds=store.format_seconds,
        unchecked=view.unchecked(at),
    )


@bp.get("/<int:session_id>")
@login_required
def console(session_id: int) -> str:
    problem, typed = kept()
    return _console_page(
        _view(session_id), request.args.get("round", type=int), problem or None, typed
    )


@bp.get("/<int:session_id>/table")
@login_required
def table(session_id: int) -> str:
    """The console's round table alone, for the console's script to refresh."""
    view = _view(session_id)
    return _console_page(
        view, request.args.get("round", type=int), template="mat/_round_table.html"
    )


@bp.get("/<int:session_id>/state")
@login_required
def state(session_id: int) -> dict[str, Any]:
    """The clock and the round, for the console's and the projector's timers."""
    return _state(_view(session_id))


def _state(view: store.SessionView) -> dict[str, Any]:
    at = now()
    current = view.current()
    hands = []
    if current is not None:
        for seat in view.seats:
            entry = view.entry(int(seat.id), current.number)
            if entry is not None and entry.seconds is not None:
                hands.append({"nickname": seat.nickname, "seconds": entry.seconds})
    hands.sort(key=lambda h: (h["seconds"], h["nickname"]))
    cards = []  # the running set's cards, for a projector showing them (Simultaneous only)
    if current is not None and current.running(at) and not view.successive:
        for card in view.sets[current.number].cards:
            image = url_for("decks.card_svg", key=card.deck.key, index=card.index)
            cards.append({"name": str(card), "image": image, "spoken": spoken(card)})
    return {
        "now": at,
        "limit": view.limit,
        "rounds": view.round_count,
        "round": None if current is None else current.state(at),
        "players": len(view.seats),
        "joining": bool(view.row.joining),  # closed: the projector gives the hands the room
        "hands": hands,
        "revealed": bool(view.row.revealed),
        "cards": cards,
        "cols": int(view.row.cols),
    }


@bp.post("/<int:session_id>/players")
@login_required
def add_players(session_id: int) -> Any:
    names = [n for n in request.form.get("names", "").splitlines() if n.strip()]

    def add(db: Any, view: store.SessionView) -> None:
        if not names:
            raise MatError("write the players' names, one a line")
        for name in names:
            store.add_player(db, view, name, with_token=False)
            view = store.load(db, view.id)

    return _change(
        session_id, add, anchor="players", typed={"names": request.form.get("names", "")}
    )


@bp.post("/<int:session_id>/players/<int:player_id>/name")
@login_required
def rename(session_id: int, player_id: int) -> Any:
    """Another nickname for one player: the projector shows it at its next poll."""
    nickname = request.form.get("nickname", "")
    return _change(
        session_id,
        lambda db, view: store.rename_player(db, view, player_id, nickname),
        anchor="players",
        typed={f"nickname-{player_id}": nickname},
    )


@bp.post("/<int:session_id>/players/<int:player_id>/remove")
@login_required
def remove(session_id: int, player_id: int) -> Any:
    """Remove one player with their times and answers; their phone is told so."""
    return _change(
        session_id, lambda db, view: store.remove_player(db, view, player_id), anchor="players"
    )


@bp.post("/<int:session_id>/joining")
@login_required
def joining(session_id: int) -> Any:
    """Open or close the session to students joining on their phones."""
    wanted = request.form.get("joining") == "open"
    return _change(
        session_id, lambda db, view: store.set_joining(db, view, wanted), anchor="players"
    )


@bp.post("/<int:session_id>/players/<int:player_id>/free")
@login_required
def free(session_id: int, player_id: int) -> Any:
    return _change(
        session_id, lambda db, view: store.free_seat(db, view, player_id), anchor="players"
    )


def _named_round() -> int:
    """The round a start or end form names (its ``round``, 0-based): the one its page
    showed. A form that names none is refused, never taken to mean "whatever is on"."""
    number = request.form.get("round", type=int)
    if number is None or not 0 <= number < MAX_ROUNDS:
        raise MatError("this form does not say which set it was for; reload the page")
    return number


MAX_ROUNDS = 1000
"""More rounds than any session has: a form's round number past it names none."""


@bp.post("/<int:session_id>/rounds")
@login_required
def start(session_id: int) -> Any:
    """Start the round the page offered (``round``), if it is still the next one."""

    def start_named(db: Any, view: store.SessionView) -> None:
        store.start_round(db, view, _named_round())

    return _change(session_id, start_named)


@bp.post("/<int:session_id>/rounds/end")
@login_required
def end(session_id: int) -> Any:
    """End the round the page showed running (``round``), if it still is."""

    def end_named(db: Any, view: store.SessionView) -> None:
        store.end_round(db, view, _named_round())

    return _change(session_id, end_named)


@bp.post("/<int:session_id>/rounds/<int:number>/players/<int:player_id>/hand")
@login_required
def hand(session_id: int, number: int, player_id: int) -> Any:
    return _change(
        session_id,
        lambda db, view: store.raise_hand(db, view, player_id, number),
        number,
        f"player-{player_id}",
        typed={"row": str(player_id)},
    )


@bp.post("/<int:session_id>/rounds/<int:number>/players/<int:player_id>")
@login_required
def judge(session_id: int, number: int, player_id: int) -> Any:
    """Save a player's written answer and the proctor's verdict for one round: each only
    where the page changed it, and neither where another screen changed it since the page
    was drawn (the form carries what it showed: ``answer_was``, ``verdict_was``)."""
    form = request.form
    edit = store.Edit(
        answer=form.get("answer"),
        answer_was=form.get("answer_was"),
        verdict=form.get("verdict", ""),
        verdict_was=form.get("verdict_was"),
    )
    typed = {
        f"answer-{player_id}": edit.answer or "",
        f"verdict-{player_id}": edit.verdict or "",
        "row": str(player_id),
    }
    return _change(
        session_id,
        lambda db, view: store.save_edit(db, view, player_id, number, edit),
        number,
        f"player-{player_id}",
        typed=typed,
    )


@bp.post("/<int:session_id>/reveal")
@login_required
def reveal(session_id: int) -> Any:
    """Show (or hide) the results to students; while hands still need a verdict, only
    when the teacher says "reveal anyway"."""
    shown = request.form.get("shown", "1") == "1"
    target = url_for("mat.results", session_id=session_id)
    try:
        with write() as db:
            view = store.load(db, session_id, teacher_id())
            hands_waiting = view.unchecked_hands(now()) if shown else []
            waiting = len(hands_waiting)
            if waiting and request.form.get("anyway") != "yes":
                hands = "hand still needs" if waiting == 1 else "hands still need"
                said = (
                    f"{waiting} {hands} a verdict ({_listed(hands_waiting)}), and unchecked "
                    "hands score the limit: check them on the console first, or reveal anyway."
                )
                return back_with(target, said, {"unchecked": str(waiting)}) or redirect(target)
            store.reveal(db, view, shown)
    except LookupError:
        abort(404)
    return redirect(target, code=303)


def _listed(items: list[str], most: int = 8) -> str:
    """``["Ann (set 1)", "Bo (set 2)"]`` -> ``"Ann (set 1) and Bo (set 2)"``; past ``most``,
    the first ones and how many more.

    >>> _listed(["A", "B", "C"]), _listed([str(n) for n in range(10)], most=2)
    ('A, B and C', '0, 1 and 8 more')
    """
    shown = items[:most] if len(items) > most else items[:-1]
    last = f"{len(items) - most} more" if len(items) > most else items[-1]
    return f"{', '.join(shown)} and {last}" if shown else last


@bp.post("/<int:session_id>/delete-students")
@login_required
def delete_students(session_id: int) -> Any:
    after = url_for("mat.results", session_id=session_id, deleted=1)
    problem = "Tick the box to confirm: every player's name, times and answers will be deleted."
    return _delete(session_id, store.delete_student_data, problem, after)


@bp.post("/<int:session_id>/delete")
@login_required
def delete_session(session_id: int) -> Any:
    problem = "Tick the box to confirm that the whole session is to be deleted."
    return _delete(session_id, store.delete_session, problem, url_for("home.dashboard"))


def _delete(
    session_id: int, remove: Callable[[Any, store.SessionView], object], problem: str, after: str
) -> Any:
    """Delete only when the box is ticked: otherwise the results page again, saying so."""
    view = _view(session_id)
    if request.form.get("confirm") != "yes":
        back = back_with(url_for("mat.results", session_id=session_id), problem)
        return back if back is not None else (_results_page(view, problem), 400)
    with write() as db:
        remove(db, store.load(db, session_id, teacher_id()))
    return redirect(after, code=303)


# --- results ---------------------------------------------------------------------------


def _results_page(
    view: store.SessionView, problem: str | None = None, ask_anyway: bool = False
) -> str:
    at = now()
    standings = sorted(view.standings(at), key=lambda s: (s.place, s.seat))
    return render_template(
        "mat/results.html",
        view=view,
        standings=standings,
        format_seconds=store.format_seconds,
        problem=problem,
        deleted=request.args.get("deleted") == "1",
        ask_anyway=ask_anyway,
        finished=view.finished(at),
    )


@bp.get("/<int:session_id>/results")
@login_required
def results(session_id: int) -> str:
    problem, typed = kept()
    return _results_page(_view(session_id), problem or None, bool(typed.get("unchecked")))


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def csv_cell(value: object) -> str:
    """A cell that a spreadsheet shows as text, never runs as a formula (OWASP's advice:
    a leading = + - @ tab or return gets a ' in front).

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("Ada"), csv_cell(42)
    ("'=HYPERLINK(1)", 'Ada', '42')
    """
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


@bp.get("/<int:session_id>/results.csv")
@login_required
def results_csv(session_id: int) -> Response:
    view = _view(session_id)
    standings = sorted(view.standings(now()), key=lambda s: (s.place, s.seat))
    out = io.StringIO()
    writer = csv.writer(out)
    header = ["Place", "Player"]
    for s in view.sets:
        header += [f"{s.label} ({s.puzzle_id}) score", f"{s.label} mark"]
    writer.writerow([*header, "Total"])
    for row in standings:
        cells: list[object] = [row.place, row.nickname]
        for cell in row.cells:
            cells += [cell.score, cell.mark]
        writer.writerow([csv_cell(c) for c in [*cells, row.total]])
    # A byte order mark first: Excel reads a CSV without one in the machine's old code page
    # ("Chloé" would open as "ChloÃ©"); with it, as UTF-8. Other programs skip it.
    response = make_response(("\ufeff" + out.getvalue()).encode("utf-8"))
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="mat-session-{view.id}.csv"'
    return response


PDF_MARKS = {"to play": "no time", "playing": "no time"}
"""Cells of an unfinished session, as the printed sheet names them (they score the limit)."""


@bp.get("/<int:session_id>/scoresheet.pdf")
@login_required
def scoresheet(session_id: int) -> Response:
    """The session's score sheet, filled in, to print (Letter, or A4 with ``?paper=a4``)."""
    view = _view(session_id)
    at = now()
    standings = view.standings(at)
    results = SessionResults(
        title=str(view.row.name),
        variant=str(view.row.variant).capitalize(),
        time_limit=view.limit,
        set_labels=tuple(s.label for s in view.sets),
        set_ids=tuple(s.puzzle_id for s in view.sets),
        players=tuple(s.nickname for s in standings),
        scores=tuple(tuple(c.score for c in s.cells) for s in standings),
        marks=tuple(tuple(PDF_MARKS.get(c.mark, c.mark) for c in s.cells) for s in standings),
        totals=tuple(s.total for s in standings),
        places=tuple(s.place for s in standings),
        printed_on=datetime.fromtimestamp(at).strftime("%Y-%m-%d %H:%M"),
    )
    paper = parse_paper("a4" if request.args.get("paper", "").lower() == "a4" else "letter")
    response = make_response(session_scoresheet_pdf(results, paper))
    response.headers["Content-Type"] = "application/pdf"
    response.headers["Content-Disposition"] = f'inline; filename="mat-session-{view.id}-scores.pdf"'
    return response


# --- the projector ----------------------------------------------------------------------


@bp.get("/<int:session_id>/projector")
@login_required
def projector(session_id: int) -> str:
    view = _view(session_id)
    join_url = public_url(url_for("play.join_code", code=view.row.join_code))
    return render_template(
        "mat/projector.html",
        view=view,
        join_url=join_url,
        state=_state(view),
        format_seconds=store.format_seconds,
    )


@bp.get("/<int:session_id>/join-qr.svg")
@login_required
def join_qr(session_id: int) -> Response:
    """The QR code of the join page, for the projector."""
    view = _view(session_id)
    url = public_url(url_for("play.join_code", code=view.row.join_code))
    svg = scene_to_svg(qr_scene(url, 60.0), title=f"QR code: {url}")
    response = make_response(svg)
    response.headers["Content-Type"] = "image/svg+xml"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<int:session_id>/cards/<int:position>")
@login_required
def set_cards(session_id: int, position: int) -> str:
    """A set's cards, large, for the proctor (and its key, which only the proctor sees)."""
    view = _view(session_id)
    if not 0 <= position < len(view.sets):
        abort(404)
    the_set = view.sets[position]
    key = get_puzzle(the_set.puzzle_id)
    return render_template(
        "mat/set.html",
        view=view,
        the_set=the_set,
        cards=the_set.cards,
        solution=key.solution,
        reason=key.grade.reason if not key.solvable else None,
    )

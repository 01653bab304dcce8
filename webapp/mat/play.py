"""The students' pages of a MAT session, on their phones: join with the code on the
projector and a nickname, then see each set as it starts and press Done or Impossible
with the written answer.

A student's device holds a random token in its session cookie (the server keeps only the
token's hash), so a reload or a lost connection finds the same seat. A student sees only
their own times and answers, and no verdict, score or key until the teacher reveals
the results.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response

from printables.cards.deck import Card
from printables.cards.reading import NO, Written
from printables.cards.wording import spoken
from printables.matrix.mat import read_answer
from printables.matrix.session import MAX_ANSWER, Conflict, MatError
from webapp.db import now, read, write
from webapp.mat import store
from webapp.pages import back_with, kept
from webapp.pages import problem as problem_text
from webapp.security import RateLimited, client_address, limit

bp = Blueprint("play", __name__)

JOIN_LIMIT = 120
"""Join attempts a minute from one address: a whole class behind one school router joins
at once, while guessing a six-character code (32^6 of them) stays hopeless."""

JOIN_SESSION_LIMIT = 40
"""Seats one address may take in one session in a minute: a class of 35 behind one
router joins in its first minute, while one phone cannot fill the room in seconds (and
the teacher can close joining, or remove a player, from the console)."""

REMOVED = (
    "You are no longer in this session: your teacher removed you, or let you join again "
    "on another device."
)


def _tokens() -> dict[str, str]:
    found = session.get("seats")
    return dict(found) if isinstance(found, dict) else {}


def _join_page(typed: dict[str, str], problem: str | None, status: int = 200) -> tuple[str, int]:
    title = None
    if typed.get("code"):
        try:
            with read() as db:
                title = store.load_by_code(db, typed["code"]).row.name
        except LookupError:
            pass
    return render_template("mat/join.html", typed=typed, problem=problem, title=title), status


@bp.get("/join")
def join() -> Response | tuple[str, int]:
    """The join form; after a refused join, with the problem and what was typed."""
    code = store.normal_code(request.args.get("code", ""))
    problem, sent = kept()
    if not problem and code and code in _tokens():
        return redirect(url_for("play.seat", code=code))
    typed = {"code": code, "nickname": sent.get("nickname", ""), "lost": sent.get("lost", "")}
    return _join_page(typed, problem or None)


def _refused(code: str, problem: str, typed: dict[str, str]) -> Response | tuple[str, int]:
    """Back to the join form, which shows the problem and keeps what was typed."""
    back = back_with(url_for("play.join", code=code or None), problem, typed)
    return back if back is not None else _join_page({"code": code, **typed}, problem, 400)


@bp.get("/join/<code>")
def join_code(code: str) -> Response | tuple[str, int]:
    """The join QR code's target: the code is filled in, only the nickname is asked."""
    code = store.normal_code(code)
    try:
        with read() as db:
            seated = _holds_seat(db, store.load_by_code(db, code))
    except LookupError:
        return _join_page({"code": code, "nickname": ""}, _gone(code), 404)
    if seated:
        return redirect(url_for("play.seat", code=code))
    return _join_page({"code": code, "nickname": ""}, None)


def _holds_seat(db: Any, view: store.SessionView) -> bool:
    """Whether this device's token still holds a seat (the teacher may have freed it, or
    deleted the players: then the student joins again instead of going round in circles)."""
    return store.player_by_token(db, view, _tokens().get(view.row.join_code)) is not None


@bp.errorhandler(404)
def not_found(_error: Exception) -> tuple[str, int]:
    """A play page for a code that names no session (ended and deleted, or mistyped)."""
    code = store.normal_code(str((request.view_args or {}).get("code", "")))
    return _join_page({"code": code, "nickname": ""}, _gone(code), 404)


def _no_session(code: str) -> str:
    return (
        f"There is no session with the code {code or '(none)'}. Check the code on the "
        f"projector: {store.CODE_LENGTH} letters and digits."
    )


@bp.post("/join")
def join_post() -> Response | tuple[str, int]:
    code = store.normal_code(request.form.get("code", ""))
    typed = {"nickname": request.form.get("nickname", "")}
    address = client_address()
    try:
        limit(f"join:{address}", JOIN_LIMIT)
        limit(f"join:{code}:{address}", JOIN_SESSION_LIMIT)
    except RateLimited as busy:
        return _refused(
            code, f"Too many joins from this network. Wait {busy.retry_after} seconds.", typed
        )
    tokens = _tokens()
    try:
        with write() as db:
            view = store.load_by_code(db, code)
            if _holds_seat(db, view):
                return redirect(url_for("play.seat", code=view.row.join_code), code=303)
            _, token = store.add_player(db, view, typed["nickname"], with_token=True)
    except LookupError:
        return _refused(code, _no_session(code), typed)
    except MatError as error:
        return _refused(code, problem_text(error), typed)
    assert token is not None
    tokens[view.row.join_code] = token
    session["seats"] = tokens
    session.permanent = True
    return redirect(url_for("play.seat", code=view.row.join_code), code=303)


def _seat(code: str) -> tuple[store.SessionView, Any]:
    """The session and this device's player, or a redirect to joining."""
    code = store.normal_code(code)
    with read() as db:
        try:
            view = store.load_by_code(db, code)
        except LookupError:
            abort(404)
        player = store.player_by_token(db, view, _tokens().get(code))
    return view, player


@bp.get("/play/<code>")
def seat(code: str) -> Response | str | tuple[str, int]:
    view, player = _seat(code)
    if player is None:
        return _unseated(view.row.join_code)
    problem, typed = kept()
    return _play_page(view, player, problem or None, typed.get("answer", ""))


def _unseated(code: str, answer: str = "") -> Response | tuple[str, int]:
    """This device holds no seat: to the join page, saying why when it held one (the
    teacher removed the player or freed the seat), with any answer it was sending."""
    tokens = _tokens()
    if code not in tokens:
        return redirect(url_for("play.join_code", code=code), code=303)
    del tokens[code]
    session["seats"] = tokens
    said = REMOVED + (" Your answer was not recorded; it is below." if answer.strip() else "")
    return _refused(code, said + " Join again to go on.", {"nickname": "", "lost": answer})


def _play_page(
    view: store.SessionView, player: Any, problem: str | None = None, typed_answer: str = ""
) -> str:
    at = now()
    current = view.current()
    the_set = entry = None
    if current is not None and view.plays(int(player.seat)):
        the_set = view.set_for(current.number, int(player.seat))
        entry = view.entry(int(player.id), current.number)
    mine = None
    board = None
    if view.row.revealed:
        standings = sorted(view.standings(at), key=lambda s: (s.place, s.seat))
        board = [(s.place, s.nickname, s.total) for s in standings]
        mine = next((s for s in standings if s.player_id == player.id), None)
    return render_template(
        "mat/play.html",
        view=view,
        player=player,
        current=current,
        running=current is not None and current.running(at),
        the_set=the_set,
        cards=the_set.cards if the_set else (),
        entry=entry,
        problem=problem,
        typed_answer=typed_answer,
        mine=mine,
        board=board,
        format_seconds=store.format_seconds,
        now=at,
    )


@bp.get("/play/<code>/state")
def state(code: str) -> dict[str, Any] | tuple[dict[str, Any], int]:
    """What the student's page needs to stay current: the clock, the round, and this
    player's own recorded hand (never a verdict before the reveal)."""
    try:
        view, player = _seat(code)
    except NotFound:
        code = store.normal_code(code)
        return {"problem": _gone(code), "join": url_for("play.join_code", code=code)}, 404
    if player is None:
        said = REMOVED if view.row.join_code in _tokens() else "This device has not joined."
        return {"problem": said, "join": url_for("play.join_code", code=view.row.join_code)}, 403
    at = now()
    current = view.current()
    entry = view.entry(int(player.id), current.number) if current else None
    return {
        "now": at,
        "round": None if current is None else current.state(at),
        "rounds": view.round_count,
        "hand": None if entry is None or entry.seconds is None else entry.seconds,
        "pressed": entry is not None and entry.claim is not None,
        "revealed": bool(view.row.revealed),
    }


@bp.get("/play/<code>/reading")
def reading(code: str) -> dict[str, Any] | tuple[dict[str, Any], int]:
    """How the answer typed so far reads against this player's set, place by place, with
    what would stop it being checked: for the phone to show before Done. Never whether
    it is right."""
    view, player = _seat(code)
    if player is None:
        return {"problem": REMOVED}, 403
    current = view.current()
    if current is None or not view.plays(int(player.seat)):
        return {"problem": "No set is running."}, 409
    the_set = view.set_for(current.number, int(player.seat))
    answer = request.args.get("answer", "")[:MAX_ANSWER]
    found = read_answer(answer, the_set.cards)
    return {
        "rows": [[_place(x) for x in row] for row in found.places],
        "problems": [problem_text(p) for p in found.problems],
        "bare_claim": found.bare_claim,
    }


def _place(written: Written) -> dict[str, Any]:
    if written is None:
        return {"empty": True}
    if written is NO:
        return {"no": True}
    if isinstance(written, Card):
        image = url_for("decks.card_svg", key=written.deck.key, index=written.index)
        return {"name": str(written), "image": image, "spoken": spoken(written)}
    return {"unread": str(written)}


@bp.post("/play/<code>/hand")
def hand(code: str) -> Response | tuple[str, int]:
    """Done or Impossible, with the written answer: the server records the time."""
    number = request.form.get("round", type=int)
    claim = request.form.get("claim", "")
    answer = request.form.get("answer", "")
    code = store.normal_code(code)
    pressed = None
    try:
        # One write transaction reads the session and records the hand: a class pressing
        # Done together costs each press one session read, not two.
        with write() as db:
            view = store.load_by_code(db, code)
            player = store.player_by_token(db, view, _tokens().get(view.row.join_code))
            if player is not None:
                if number is None:
                    raise MatError("the form has no set number; reload the page")
                pressed = store.press(db, view, int(player.id), number, claim, answer)
    except LookupError:
        lost = " Your answer was not recorded; it is below." if answer.strip() else ""
        return _refused(code, _gone(code) + lost, {"nickname": "", "lost": answer})
    except MatError as error:
        said = problem_text(error)
        back = back_with(url_for("play.seat", code=view.row.join_code), said, {"answer": answer})
        if back is not None:
            return back
        with read() as db:
            view = store.load(db, view.id)
        status = 409 if isinstance(error, Conflict) else 400
        return _play_page(view, player, said, answer), status
    if player is None:
        return _unseated(view.row.join_code, answer)
    page = url_for("play.seat", code=view.row.join_code)
    if pressed is not None and pressed.late:  # the page says so once, above the answer kept
        said = (
            "Time was up when you pressed, so this is not scored"
            if pressed.seconds is None
            else "Time was up when you pressed, but your hand was already up"
        )
        told = back_with(page, f"{said}. Your answer is kept and your teacher sees it.")
        if told is not None:
            return told
    return redirect(page, code=303)


def _gone(code: str) -> str:
    """Why a code finds no session: deleted by the teacher, when this device held a seat
    in it; otherwise mistyped or long gone."""
    if code in _tokens():
        return (
            "Your teacher has deleted this session, with its times and answers; there is "
            "nothing to rejoin."
        )
    return _no_session(code)

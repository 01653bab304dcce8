"""The students' pages of a MAT session, on their phones: join with the code on the
projector and a nickname, then see each set as it starts and press Done or Impossible
with the written answer.

A student's device holds a random token in its session cookie (the server keeps only the
token's hash), so a reload or a lost connection finds the same seat. A student sees only
their own times and answers, and no verdict, score or key until the teacher reveals
the results.

The cookie keeps only live seats, at most :data:`MOST_SEATS` (a browser drops a cookie past
4 KB, and every seat with it): joining lets go of the seats that no longer hold and, past
the most, of the oldest, and says so; a page of a session let go of says why.

A join code that names no session counts against its address (:data:`MISS_LIMIT`), and
past the limit every code not held by the device is refused alike, so guessing codes is
stopped; a code the device holds, or held, a seat for is never counted, so a class's polls
cost no write.
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
from printables.matrix.session import MAX_ANSWER, Conflict, MatError, Seat
from webapp.db import now, read, write
from webapp.mat import store
from webapp.pages import back_with, kept, wants_json
from webapp.pages import problem as problem_text
from webapp.security import RateLimited, busy_text, client_address, limit, past, too_many

bp = Blueprint("play", __name__)

JOIN_LIMIT = 120
"""Join attempts a minute from one address: a whole class behind one school router joins
at once, while guessing a six-character code (32^6 of them) stays hopeless."""

JOIN_SESSION_LIMIT = 40
"""Seats one address may take in one session in a minute: a class of 35 behind one
router joins in its first minute, while one phone cannot fill the room in seconds (and
the teacher can close joining, or remove a player, from the console)."""

MISS_LIMIT = 120
"""Join codes a minute from one address that name no session: a class of 35 behind one
router, each mistyping the code on the projector three times, stays inside it, while a
guesser of its 32^6 codes (a few sessions live at a time) would need years."""

MOST_SEATS = 8
"""Sessions one device keeps a seat in: the cookie holds a token for each (about 60 bytes),
and a browser silently drops a cookie past 4 KB."""

MOST_LEFT = 24
"""Sessions a device remembers letting go of, so that a page of one says why."""

REMOVED = (
    "You are no longer in this session: your teacher removed you, or let you join again "
    "on another device."
)

FULL = (
    f"This device keeps a seat in its {MOST_SEATS} latest sessions, and let go of this one "
    "when it joined another. Your teacher can free your seat on the console; then join "
    "again with the same nickname."
)

WHY_LEFT = {"removed": REMOVED, "full": FULL}
"""Why a device let go of a seat, by the reason it remembers."""


def _tokens() -> dict[str, str]:
    """This device's seats: join code -> token, oldest first."""
    found = session.get("seats")
    if isinstance(found, dict):  # a cookie from before seats were kept in order
        return {str(code): str(token) for code, token in found.items()}
    return _pairs(found)


def _pairs(found: object) -> dict[str, str]:
    """A list of ``[key, value]`` pairs kept in the cookie, as a mapping in its order."""
    if not isinstance(found, list):
        return {}
    return {
        str(pair[0]): str(pair[1]) for pair in found if isinstance(pair, list) and len(pair) == 2
    }


def _keep(tokens: dict[str, str]) -> None:
    """Store this device's seats, in order (the cookie's JSON sorts a mapping's keys)."""
    session["seats"] = [[code, token] for code, token in tokens.items()]


def _left() -> dict[str, str]:
    """The sessions this device let go of: join code -> why (a key of :data:`WHY_LEFT`)."""
    return _pairs(session.get("left"))


def _let_go(tokens: dict[str, str], code: str, why: str | None) -> None:
    """Let go of this device's seat for ``code`` in ``tokens`` (the caller keeps them),
    remembering ``why`` (None: nothing to say, as for a deleted session)."""
    tokens.pop(code, None)
    left = _left()
    left.pop(code, None)
    if why is not None:
        left[code] = why
    session["left"] = [[c, w] for c, w in list(left.items())[-MOST_LEFT:]]


def _room(db: Any, tokens: dict[str, str]) -> list[str]:
    """Make room in ``tokens`` for one more seat: let go of the seats that no longer hold
    (the session deleted, the player removed or the seat freed) and, past
    :data:`MOST_SEATS`, of the oldest, finished sessions (results revealed) first.
    Returns the codes let go of for room, which the student is told."""
    held = store.seats_held(db, tokens)
    lost = [code for code in tokens if code not in held]
    in_use = store.codes_in_use(db, lost) if lost else set()
    for code in lost:
        _let_go(tokens, code, "removed" if code in in_use else None)
    oldest_first = sorted(tokens, key=lambda code: not held[code])  # stable: finished first
    full = oldest_first[: max(0, len(tokens) + 1 - MOST_SEATS)]
    for code in full:
        _let_go(tokens, code, "full")
    return full


def _guessing(code: str) -> bool:
    """Whether this device never held a seat for ``code`` (so it may be guessing codes);
    raises :class:`RateLimited` when its address has already missed too often. A read,
    never a write."""
    if code in _tokens() or code in _left():
        return False
    past(f"miss:{client_address()}", MISS_LIMIT)
    return True


def _missed(guessing: bool) -> None:
    """Count a code that named no session; raises :class:`RateLimited` past the limit."""
    if guessing:
        limit(f"miss:{client_address()}", MISS_LIMIT)


def _find(code: str, counted: bool = False) -> store.SessionView | None:
    """The session with ``code``, or None, each miss counted (see :func:`_guessing`)
    unless it was ``counted`` already (by the join it is the form's answer to)."""
    guessing = not counted and _guessing(code)
    try:
        with read() as db:
            return store.load_by_code(db, code)
    except LookupError:
        _missed(guessing)
        return None


@bp.errorhandler(RateLimited)
def too_many_misses(busy: RateLimited) -> Response:
    """Past :data:`MISS_LIMIT`: 429 with Retry-After; a page says so on the join form."""
    code = store.normal_code(str((request.view_args or {}).get("code", "")))
    said = busy_text(busy, "codes that name no session")
    return too_many(busy, said, _join_page({"code": code, "nickname": ""}, said, 429))


def _join_page(
    typed: dict[str, str],
    problem: str | None,
    status: int = 200,
    view: store.SessionView | None = None,
) -> tuple[str, int]:
    title = view.row.name if view is not None else None
    return render_template("mat/join.html", typed=typed, problem=problem, title=title), status


@bp.get("/join")
def join() -> Response | tuple[str, int]:
    """The join form; after a refused join, with the problem and what was typed."""
    code = store.normal_code(request.args.get("code", ""))
    problem, sent = kept()
    if not problem and code and code in _tokens():
        return redirect(url_for("play.seat", code=code))
    typed = {"code": code, "nickname": sent.get("nickname", ""), "lost": sent.get("lost", "")}
    return _join_page(typed, problem or None, view=_find(code, bool(problem)) if code else None)


def _refused(code: str, problem: str, typed: dict[str, str]) -> Response | tuple[str, int]:
    """Back to the join form, which shows the problem and keeps what was typed."""
    back = back_with(url_for("play.join", code=code or None), problem, typed)
    return back if back is not None else _join_page({"code": code, **typed}, problem, 400)


@bp.get("/join/<code>")
def join_code(code: str) -> Response | tuple[str, int]:
    """The join QR code's target: the code is filled in, only the nickname is asked."""
    code = store.normal_code(code)
    view = _find(code)
    if view is None:
        return _join_page({"code": code, "nickname": ""}, _gone(code), 404)
    with read() as db:
        seated = _holds_seat(db, view)
    if seated:
        return redirect(url_for("play.seat", code=code))
    why = WHY_LEFT.get(_left().get(code, ""))
    return _join_page({"code": code, "nickname": ""}, why, view=view)


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
        said = busy_text(busy, "joins")
        return too_many(busy, said) if wants_json() else _refused(code, said, typed)
    tokens = _tokens()
    try:
        with write() as db:
            view = store.load_by_code(db, code)
            if _holds_seat(db, view):
                return redirect(url_for("play.seat", code=view.row.join_code), code=303)
            _, token = store.add_player(db, view, typed["nickname"], with_token=True)
            let_go = _room(db, tokens)
    except LookupError:
        _missed(code not in tokens and code not in _left())
        return _refused(code, _no_session(code), typed)
    except MatError as error:
        return _refused(code, problem_text(error), typed)
    assert token is not None
    _let_go(tokens, view.row.join_code, None)  # a seat let go of before is held again
    tokens[view.row.join_code] = token
    _keep(tokens)
    session.permanent = True
    seat_url = url_for("play.seat", code=view.row.join_code)
    if let_go:
        said = (
            f"This device keeps a seat in its {MOST_SEATS} latest sessions, so it let go of "
            f"the oldest: {', '.join(let_go)}."
        )
        return back_with(seat_url, said) or redirect(seat_url, code=303)
    return redirect(seat_url, code=303)


def _seat(code: str) -> tuple[store.SeatView, Seat | None]:
    """The session as this device sees it, and this device's player (None: it holds no
    seat); a 404 when no session has the code."""
    code = store.normal_code(code)
    guessing = _guessing(code)
    try:
        with read() as db:
            view = store.load_for_device(db, code, _tokens().get(code))
    except LookupError:
        _missed(guessing)
        abort(404)
    return view, view.mine


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
    why = REMOVED if code in tokens else WHY_LEFT.get(_left().get(code, ""))
    if why is None:
        return redirect(url_for("play.join_code", code=code), code=303)
    _let_go(tokens, code, None)  # told now, once
    _keep(tokens)
    said = why + (" Your answer was not recorded; it is below." if answer.strip() else "")
    return _refused(code, said + " Join again to go on.", {"nickname": "", "lost": answer})


def _play_page(
    view: store.SessionView, player: Seat, problem: str | None = None, typed_answer: str = ""
) -> str:
    at = now()
    current = view.current()
    the_set = entry = None
    if current is not None and view.plays(player.seat):
        the_set = view.set_for(current.number, player.seat)
        entry = view.entry(player.id, current.number)
    mine = None
    board = None
    if view.row.revealed:  # the class's results: the whole session is read
        with read() as db:
            whole = store.load(db, view.id)
        standings = sorted(whole.standings(at), key=lambda s: (s.place, s.seat))
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
    entry = view.entry(player.id, current.number) if current else None
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
    if current is None or not view.plays(player.seat):
        return {"problem": "No set is running."}, 409
    the_set = view.set_for(current.number, player.seat)
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
def hand(code: str) -> Response | tuple[str, int] | dict[str, Any] | tuple[dict[str, Any], int]:
    """Done or Impossible, with the written answer: timed when the request arrived.

    The session is read and the answer checked before the write begins, which holds
    the database only to record the press: a class pressing Done together queues for
    the write (one at a time on SQLite) for as long as writing takes.

    A plain form gets a redirect to the page, which shows what was recorded; play.js
    sends the form itself and gets JSON: the recorded notice to put in the form's place
    (``recorded``, with ``hand`` and ``pressed`` as the state poll gives them), or a
    ``problem`` (with ``join`` when this device holds no seat now, as the poll has it)."""
    number = request.form.get("round", type=int)
    claim = request.form.get("claim", "")
    answer = request.form.get("answer", "")
    code = store.normal_code(code)
    lost = " Your answer was not recorded; it is below." if answer.strip() else ""
    try:
        with read() as db:
            view = store.load_for_device(db, code, _tokens().get(code))
    except LookupError:
        return _press_gone(code, answer, lost)
    player = view.mine
    if player is None:
        return _press_unseated(view.row.join_code, answer)
    try:
        if number is None:
            raise MatError("the form has no set number; reload the page")
        the_press = store.read_press(view, player.id, number, claim, answer)
        with write() as db:
            pressed = store.press(db, view, the_press)
    except store.Unseated:  # removed, or the session deleted, since it was read
        with read() as db:
            if not store.codes_in_use(db, [code]):
                return _press_gone(code, answer, lost)
        return _press_unseated(view.row.join_code, answer)
    except MatError as error:
        said = problem_text(error)
        status = 409 if isinstance(error, Conflict) else 400
        if wants_json():
            return {"problem": said}, status
        back = back_with(url_for("play.seat", code=view.row.join_code), said, {"answer": answer})
        if back is not None:
            return back
        with read() as db:
            view = store.load_for_device(db, code, _tokens().get(code))
        return _play_page(view, player, said, answer), status
    late = None
    if pressed.late:
        late = (
            "Time was up when you pressed, so this is not scored"
            if pressed.seconds is None
            else "Time was up when you pressed, but your hand was already up"
        ) + ". Your answer is kept and your teacher sees it."
    if wants_json():
        shown = render_template(
            "mat/_recorded.html",
            entry=pressed.entry,
            view=view,
            format_seconds=store.format_seconds,
        )
        return {"recorded": shown, "hand": pressed.seconds, "pressed": True, "problem": late}
    page = url_for("play.seat", code=view.row.join_code)
    if late is not None:  # the page says so once, above the answer kept
        told = back_with(page, late)
        if told is not None:
            return told
    return redirect(page, code=303)


def _press_gone(
    code: str, answer: str, lost: str
) -> Response | tuple[str, int] | tuple[dict[str, Any], int]:
    """A press for a session that is no more: the phone is told, and given its answer."""
    if wants_json():
        return {"problem": _gone(code) + lost, "join": url_for("play.join_code", code=code)}, 404
    return _refused(code, _gone(code) + lost, {"nickname": "", "lost": answer})


def _press_unseated(
    code: str, answer: str
) -> Response | tuple[str, int] | tuple[dict[str, Any], int]:
    """A press from a device that holds no seat now (see :func:`_unseated`)."""
    if wants_json():
        said = REMOVED if code in _tokens() else "This device has not joined."
        lost = " Your answer was not recorded." if answer.strip() else ""
        return {"problem": said + lost, "join": url_for("play.join_code", code=code)}, 403
    return _unseated(code, answer)


def _gone(code: str) -> str:
    """Why a code finds no session: deleted by the teacher, when this device held a seat
    in it; otherwise mistyped or long gone."""
    if code in _tokens():
        return (
            "Your teacher has deleted this session, with its times and answers; there is "
            "nothing to rejoin."
        )
    return _no_session(code)

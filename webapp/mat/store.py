"""MAT sessions in the database: storing them and reading them back as the engine's
:class:`~printables.matrix.session.MatSession`, which holds every rule (schedule, hands,
verdicts, judging, standings). This module only reads and writes rows.

A written answer is checked by the engine once, when it is written, and its check is
kept in the entry (``answer_right``, ``answer_reasons``, ``answer_unreadable``), so
showing standings never checks an answer again and never solves a set: the set's verdict
was stored when the session was made.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, Row, bindparam, delete, func, select
from sqlalchemy.exc import IntegrityError

from printables.cards.deck import Card
from printables.cards.reading import read_cards
from printables.matrix.check import DECK
from printables.matrix.mat import TIME_LIMIT
from printables.matrix.puzzles import Puzzle
from printables.matrix.session import (
    Checked,
    Conflict,
    Entry,
    MatError,
    MatSession,
    MatSet,
    Round,
    Seat,
    Standing,
    check_plan,
    check_written,
    set_key,
)
from webapp.db import arrived, insert_or_ignore, now, upsert
from webapp.mat.names import check_nickname, name_key
from webapp.tables import entries, mat_sessions, mat_sets, players, rounds

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read off a projector
CODE_LENGTH = 6

__all__ = ["Conflict", "MatError"]  # the engine's errors, raised through this store


@dataclass(frozen=True)
class SessionView(MatSession):
    """A stored session: the engine's session, its row (id, name, join code, whether
    results are revealed) and the players whose seat a device holds."""

    row: Row[Any]
    on_devices: frozenset[int] = frozenset()

    @property
    def id(self) -> int:
        return int(self.row.id)


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A join code as typed, made canonical: upper case, no spaces or dashes, and the
    look-alikes O and I read as 0... which codes never use, so they are kept to fail.

    >>> normal_code(" abc-d2e ")
    'ABCD2E'
    """
    return "".join(ch for ch in text.upper() if ch not in " -")


def create_session(
    db: Connection,
    teacher_id: int,
    name: str,
    variant: str,
    puzzles: Sequence[Puzzle],
    time_limit: int = TIME_LIMIT,
    seed: int | None = None,
) -> int:
    """Store a new session and its sets (with each set's verdict) and the seed they were
    generated from (None: typed); returns its id."""
    name = name.strip()
    if not 1 <= len(name) <= 80:
        raise MatError("name the session (1 to 80 characters), e.g. 'Period 3 MAT'")
    check_plan(variant, puzzles, time_limit)
    rows, cols = puzzles[0].size
    for _ in range(20):
        try:
            with db.begin_nested():
                result = db.execute(
                    mat_sessions.insert().values(
                        teacher_id=teacher_id,
                        name=name,
                        variant=variant,
                        rows=rows,
                        cols=cols,
                        time_limit=time_limit,
                        join_code=new_join_code(),
                        revealed=False,
                        seed=seed,
                        created_at=now(),
                    )
                )
            break
        except IntegrityError:  # the join code was taken: draw another
            continue
    else:
        raise MatError("no free join code was found; try again")
    session_id = int(result.inserted_primary_key[0])  # type: ignore[index]
    db.execute(
        mat_sets.insert(),
        [
            {
                "session_id": session_id,
                "position": k,
                "puzzle_id": p.id,
                "cards": " ".join(str(c) for c in p.cards),
                "impossible": not p.solvable,
            }
            for k, p in enumerate(puzzles)
        ],
    )
    return session_id


# --- reading a session ----------------------------------------------------------------


def sessions_of(db: Connection, teacher_id: int) -> list[Row[Any]]:
    """The teacher's sessions, newest first (their rows: id, name, variant, size, join
    code)."""
    return list(
        db.execute(
            select(mat_sessions)
            .where(mat_sessions.c.teacher_id == teacher_id)
            .order_by(mat_sessions.c.created_at.desc())
        ).all()
    )


def load(db: Connection, session_id: int, teacher_id: int | None = None) -> SessionView:
    """A session by id (only the given teacher's, when a teacher is given)."""
    query = select(mat_sessions).where(mat_sessions.c.id == session_id)
    if teacher_id is not None:
        query = query.where(mat_sessions.c.teacher_id == teacher_id)
    row = db.execute(query).first()
    if row is None:
        raise LookupError(session_id)
    return _view(db, row)


def load_by_code(db: Connection, code: str) -> SessionView:
    """The whole session with join code ``code`` (as typed: see :func:`normal_code`)."""
    row = db.execute(_BY_CODE, {"code": normal_code(code)}).first()
    if row is None:
        raise LookupError(code)
    return _view(db, row)


# The statements a phone's requests run, built once: 300 phones poll 150 times a second,
# and building a statement took longer than SQLite takes to run it.
_BY_CODE = select(mat_sessions).where(mat_sessions.c.join_code == bindparam("code"))
_SETS = (
    select(mat_sets.c.position, mat_sets.c.puzzle_id, mat_sets.c.cards, mat_sets.c.impossible)
    .where(mat_sets.c.session_id == bindparam("sid"))
    .order_by(mat_sets.c.position)
)
_ROUNDS = (
    select(rounds.c.number, rounds.c.started_at, rounds.c.ended_at)
    .where(rounds.c.session_id == bindparam("sid"))
    .order_by(rounds.c.number)
)
_DEVICE = (
    select(
        mat_sessions,
        players.c.id.label("my_id"),
        players.c.seat.label("my_seat"),
        players.c.nickname.label("my_nickname"),
    )
    .select_from(
        mat_sessions.outerjoin(
            players,
            (players.c.session_id == mat_sessions.c.id)
            & (players.c.token_hash == bindparam("token_hash")),
        )
    )
    .where(mat_sessions.c.join_code == bindparam("code"))
)
_ENTRIES_OF = select(entries).where(entries.c.player_id == bindparam("pid"))


@dataclass(frozen=True)
class SeatView(SessionView):
    """A session as one device's requests read it (a phone's poll, page, press): every set
    and round, but of the players only the one whose seat the device holds (``mine``;
    None when it holds none) with that player's entries. A few small queries however
    large the class, where the whole session reads every player's entries; so it has no
    standings (:func:`load` the whole session for those)."""

    mine: Seat | None = None

    def standings(self, at: float) -> tuple[Standing, ...]:
        raise TypeError("a device's view holds one player: load the whole session")


def load_for_device(db: Connection, code: str, token: str | None) -> SeatView:
    """The session with join code ``code`` as the device holding ``token`` sees it (see
    :class:`SeatView`); raises LookupError when no session has the code. Its ``row`` is
    the session's, with the device's seat in ``my_id``, ``my_seat`` and ``my_nickname``
    (None when it holds none)."""
    token_hash = hash_token(token) if token else None
    row = db.execute(_DEVICE, {"code": normal_code(code), "token_hash": token_hash}).first()
    if row is None:
        raise LookupError(code)
    mine = None if row.my_id is None else Seat(int(row.my_id), int(row.my_seat), row.my_nickname)
    entry_rows = () if mine is None else db.execute(_ENTRIES_OF, {"pid": mine.id}).all()
    return SeatView(
        variant=str(row.variant),
        time_limit=int(row.time_limit),
        sets=_sets(db, row.id),
        seats=() if mine is None else (mine,),
        rounds=_rounds(db, row.id, int(row.time_limit)),
        entries=_entries(entry_rows),
        row=row,
        on_devices=frozenset(() if mine is None else (mine.id,)),
        mine=mine,
    )


@lru_cache(maxsize=4096)
def _set_cards(names: str) -> tuple[Card, ...]:
    """A set's stored card names, read once a worker: every phone of a class reads the
    same set."""
    return tuple(read_cards(names, DECK))


def _sets(db: Connection, sid: int) -> tuple[MatSet, ...]:
    return tuple(
        MatSet(int(s.position), str(s.puzzle_id), _set_cards(s.cards), bool(s.impossible))
        for s in db.execute(_SETS, {"sid": sid})
    )


def _rounds(db: Connection, sid: int, limit: int) -> tuple[Round, ...]:
    return tuple(
        Round(int(r.number), float(r.started_at), r.ended_at, limit)
        for r in db.execute(_ROUNDS, {"sid": sid})
    )


def _entries(rows: Iterable[Any]) -> dict[tuple[int, int], Entry]:
    return {(int(e.player_id), int(e.round)): _entry(e) for e in rows}


def _entry(row: Any) -> Entry:
    return Entry(
        int(row.player_id),
        int(row.round),
        row.seconds,
        row.claim,
        row.answer,
        row.verdict,
        _checked(row),
        row.pressed_at,
    )


@lru_cache(maxsize=4096)
def _reasons(text: str | None) -> tuple[str, ...]:
    """Stored reasons, decoded once per worker: a class's answers repeat (every right
    answer to a set has the same reasons), and every poll reads them all."""
    return tuple(json.loads(text or "[]"))


def _checked(row: Any) -> Checked | None:
    if row.answer_right is None and row.answer_unreadable is None:
        return None  # no answer, or one stored before answers were checked on writing
    return Checked(row.answer_right, _reasons(row.answer_reasons), row.answer_unreadable)


def _view(db: Connection, row: Row[Any]) -> SessionView:
    sid = row.id
    seat_rows = db.execute(
        select(players.c.id, players.c.seat, players.c.nickname, players.c.token_hash)
        .where(players.c.session_id == sid)
        .order_by(players.c.seat)
    ).all()
    entry_rows = db.execute(
        select(entries)
        .join(players, players.c.id == entries.c.player_id)
        .where(players.c.session_id == sid)
    ).all()
    return SessionView(
        variant=str(row.variant),
        time_limit=int(row.time_limit),
        sets=_sets(db, sid),
        seats=tuple(Seat(int(s.id), int(s.seat), str(s.nickname)) for s in seat_rows),
        rounds=_rounds(db, sid, int(row.time_limit)),
        entries=_entries(entry_rows),
        row=row,
        on_devices=frozenset(int(s.id) for s in seat_rows if s.token_hash is not None),
    )


SECRET_FOR = 24 * 3600
"""Seconds after its latest round began that an unfinished session's sets stay secret: a
session left unfinished (a lesson cut short) does not keep its sets from the checking
page for ever."""


def sets_kept_secret(db: Connection, at: float) -> set[frozenset[Any]]:
    """The set keys (:func:`printables.matrix.session.set_key`: the cards, in any order and
    orientation) of every set of every session under way: begun, and its last round not
    over (or a round running). The book keeps written solutions secret "until the round
    is over, that is, when all players have solved every set": between two turns of MAT
    Successive the next turn's sets are a classmate's just played, so the public checking
    page must not say whether they can be solved until the session's last set is over."""
    played = (
        select(
            rounds.c.session_id,
            func.count().label("played"),
            func.max(rounds.c.started_at).label("latest"),
        )
        .group_by(rounds.c.session_id)
        .subquery()
    )
    sets_count = (
        select(func.count())
        .select_from(mat_sets)
        .where(mat_sets.c.session_id == mat_sessions.c.id)
        .scalar_subquery()
    )
    last_running = (
        select(rounds.c.session_id)
        .join(mat_sessions, mat_sessions.c.id == rounds.c.session_id)
        .where(rounds.c.ended_at.is_(None), rounds.c.started_at > at - mat_sessions.c.time_limit)
    )
    under_way = (
        select(mat_sessions.c.id)
        .join(played, played.c.session_id == mat_sessions.c.id)
        .where(
            played.c.latest > at - SECRET_FOR,
            (played.c.played < sets_count) | mat_sessions.c.id.in_(last_running),
        )
    )
    found = db.execute(select(mat_sets.c.cards).where(mat_sets.c.session_id.in_(under_way)))
    return {set_key(read_cards(cards, DECK)) for cards in found.scalars()}


# --- players --------------------------------------------------------------------------


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def add_player(
    db: Connection, view: SessionView, nickname: str, with_token: bool
) -> tuple[int, str | None]:
    """Seat a player. A student joining gets a fresh token (returned; only its hash is
    kept); the teacher adding a name gets none. A student whose nickname the teacher
    already added, and which no device holds yet, takes that seat. Returns (player id,
    token)."""
    name = check_nickname(nickname)
    key = name_key(name)
    token = secrets.token_urlsafe(24) if with_token else None
    token_hash = hash_token(token) if token else None
    # One join at a time per session, so the nickname check, the head count and the next
    # seat below see every earlier join: PostgreSQL's FOR UPDATE (SQLite's BEGIN IMMEDIATE
    # already serialises writers, and its dialect leaves FOR UPDATE out).
    db.execute(select(mat_sessions.c.id).where(mat_sessions.c.id == view.id).with_for_update())
    existing = db.execute(
        select(players).where(players.c.session_id == view.id, players.c.nickname_key == key)
    ).first()
    if existing is not None:
        if not with_token:
            raise MatError(f"there is already a player called {existing.nickname}")
        if existing.token_hash is not None:
            raise MatError(
                f"someone has already joined as {existing.nickname}; choose another nickname, "
                "or ask your teacher to let you rejoin"
            )
        db.execute(
            players.update().where(players.c.id == existing.id).values(token_hash=token_hash)
        )
        return int(existing.id), token
    if with_token and not view.row.joining:
        raise MatError("this session is not taking new players; ask your teacher")
    count = db.execute(
        select(func.count()).select_from(players).where(players.c.session_id == view.id)
    ).scalar_one()
    view.check_join(count)
    seat = db.execute(
        select(func.coalesce(func.max(players.c.seat) + 1, 0)).where(
            players.c.session_id == view.id
        )
    ).scalar_one()
    result = db.execute(
        players.insert().values(
            session_id=view.id,
            nickname=name,
            nickname_key=key,
            seat=seat,
            token_hash=token_hash,
            created_at=now(),
        )
    )
    return int(result.inserted_primary_key[0]), token  # type: ignore[index]


def player_by_token(db: Connection, view: SessionView, token: str | None) -> Row[Any] | None:
    if not token:
        return None
    return db.execute(
        select(players).where(
            players.c.session_id == view.id, players.c.token_hash == hash_token(token)
        )
    ).first()


def seats_held(db: Connection, tokens: Mapping[str, str]) -> dict[str, bool]:
    """Of a device's tokens (join code -> token), the codes whose token still holds a seat
    in that code's session, each with whether the session's results are revealed."""
    hashes = {code: hash_token(token) for code, token in tokens.items()}
    if not hashes:
        return {}
    rows = db.execute(
        select(mat_sessions.c.join_code, mat_sessions.c.revealed, players.c.token_hash)
        .join(players, players.c.session_id == mat_sessions.c.id)
        .where(players.c.token_hash.in_(list(hashes.values())))
    ).all()
    return {row.join_code: bool(row.revealed) for row in rows
            if hashes.get(row.join_code) == row.token_hash}  # fmt: skip


def codes_in_use(db: Connection, codes: Sequence[str]) -> set[str]:
    """The join codes among ``codes`` that name a session."""
    found = select(mat_sessions.c.join_code).where(mat_sessions.c.join_code.in_(list(codes)))
    return {str(code) for code in db.execute(found).scalars()}


def rename_player(db: Connection, view: SessionView, player_id: int, nickname: str) -> str:
    """Give a player another nickname (a rude one, or a typo); returns the name shown.
    Refused when it looks like another player's."""
    view.player(player_id)
    name = check_nickname(nickname)
    key = name_key(name)
    clash = db.execute(
        select(players.c.nickname).where(
            players.c.session_id == view.id,
            players.c.nickname_key == key,
            players.c.id != player_id,
        )
    ).first()
    if clash is not None:
        raise MatError(f"there is already a player called {clash.nickname}")
    db.execute(
        players.update().where(players.c.id == player_id).values(nickname=name, nickname_key=key)
    )
    return name


def remove_player(db: Connection, view: SessionView, player_id: int) -> None:
    """Remove one player with their times and answers. Before the first round the later
    seats move up, so seats stay in joining order with no gap (MAT Successive hands out
    sets by seat)."""
    view.check_removal(player_id)
    seat = view.player(player_id).seat
    db.execute(delete(players).where(players.c.id == player_id))
    if view.rounds:
        return
    later = db.execute(
        select(players.c.id, players.c.seat)
        .where(players.c.session_id == view.id, players.c.seat > seat)
        .order_by(players.c.seat)
    ).all()
    for row in later:  # one at a time, upwards: each seat is free when it is taken
        db.execute(players.update().where(players.c.id == row.id).values(seat=row.seat - 1))


def set_joining(db: Connection, view: SessionView, joining: bool) -> None:
    """Open or close the session to students joining on their devices (the teacher can
    still add names, and a student can still take a seat the teacher freed)."""
    db.execute(mat_sessions.update().where(mat_sessions.c.id == view.id).values(joining=joining))


def free_seat(db: Connection, view: SessionView, player_id: int) -> None:
    """Forget the device that holds a seat, so its student can join again by nickname."""
    view.player(player_id)
    db.execute(players.update().where(players.c.id == player_id).values(token_hash=None))


def delete_student_data(db: Connection, view: SessionView) -> int:
    """Remove every player of the session, with their times and answers, and close it to
    joining: no phone takes a fresh seat in a set under way (the teacher opens joining
    again to start afresh)."""
    result = db.execute(delete(players).where(players.c.session_id == view.id))
    set_joining(db, view, False)
    return int(result.rowcount)


def delete_session(db: Connection, view: SessionView) -> None:
    """Remove the session with its sets, rounds, players, times and answers."""
    db.execute(delete(mat_sessions).where(mat_sessions.c.id == view.id))


# --- rounds, hands, answers, verdicts ---------------------------------------------------


def lock(db: Connection, session_id: int) -> None:
    """Hold the session's row until the transaction ends, so two screens starting or
    ending rounds at the same moment act one after the other, each on what the other
    left (PostgreSQL's FOR UPDATE; SQLite's write transactions are one at a time)."""
    db.execute(select(mat_sessions.c.id).where(mat_sessions.c.id == session_id).with_for_update())


def start_round(db: Connection, view: SessionView, number: int) -> int:
    """Start round ``number`` (0-based), the one the proctor's page offered, if it is the
    next and the rules allow it now; returns its number. A page that showed a state that
    has passed is refused, saying what is on now."""
    at = now()
    view.check_start(number, at)
    try:
        with db.begin_nested():
            db.execute(rounds.insert().values(session_id=view.id, number=number, started_at=at))
    except IntegrityError:
        word = view.word().capitalize()
        raise Conflict(
            f"{word} {number + 1} has just been started on another screen; nothing was started"
        ) from None
    return number


def end_round(db: Connection, view: SessionView, number: int) -> None:
    """End round ``number``, the one the proctor's page showed running, before its time is
    up; never another round (a round ended meanwhile is left as it is)."""
    at = now()
    view.round_to_end(at, number)
    done = db.execute(
        rounds.update()
        .where(
            rounds.c.session_id == view.id,
            rounds.c.number == number,
            rounds.c.ended_at.is_(None),
        )
        .values(ended_at=at)
    )
    if not done.rowcount:
        word = view.word().capitalize()
        raise Conflict(f"{word} {number + 1} has just been ended on another screen")


def _ensure_entry(db: Connection, player_id: int, number: int) -> None:
    db.execute(
        insert_or_ignore(db, entries).values(player_id=player_id, round=number, updated_at=now())
    )


def answer_values(view: SessionView, player_id: int, number: int, answer: str) -> dict[str, Any]:
    """An answer's columns: the text and the engine's check of it against the set."""
    the_set = view.set_for(number, view.player(player_id).seat)
    checked = check_written(answer, the_set)
    return {
        "answer": answer,
        "answer_right": checked.right,
        "answer_reasons": json.dumps(list(checked.reasons)),
        "answer_unreadable": checked.unreadable,
    }


_NO_ANSWER = {"answer": None, "answer_right": None, "answer_reasons": None,
              "answer_unreadable": None}  # fmt: skip


def raise_hand(db: Connection, view: SessionView, player_id: int, number: int) -> int:
    """The proctor records a hand going up in the running round (a hand raised in the
    room): the elapsed whole seconds, the first time only (a second one changes nothing
    and says so). Returns the recorded seconds."""
    at = arrived(now)
    seconds = view.hand_round(player_id, number, at).elapsed(at)
    values = {"seconds": seconds, "updated_at": at}
    if _write_once(db, player_id, number, "seconds", values) is None:
        raise Conflict(f"already recorded at {format_seconds(_seconds(db, player_id, number))}")
    return seconds


def _write_once(
    db: Connection,
    player_id: int,
    number: int,
    unset: str,
    values: dict[str, Any],
    kept: tuple[str, ...] = (),
) -> Entry | None:
    """Write ``values`` to a player's entry for a round, making the entry if missing, only
    while its column ``unset`` is still empty, in one statement: of two requests at once,
    one writes. A column named in ``kept`` keeps a value it has. Returns the entry as
    written, or None when this request wrote nothing."""
    statement = _once(db.dialect.name, tuple(sorted(values)), unset, kept)
    written = db.execute(statement, {"player_id": player_id, "round": number, **values}).first()
    return None if written is None else _entry(written)


@lru_cache(maxsize=64)
def _once(dialect: str, columns: tuple[str, ...], unset: str, kept: tuple[str, ...]) -> Any:
    """:func:`_write_once`'s statement, built once a worker for each set of columns (its
    building took longer than SQLite takes to run it, inside the write lock)."""
    insert = upsert(dialect, entries)
    changes = {
        name: func.coalesce(entries.c[name], insert.excluded[name])
        if name in kept
        else insert.excluded[name]
        for name in columns
    }
    return insert.on_conflict_do_update(
        index_elements=[entries.c.player_id, entries.c.round],
        set_=changes,
        where=entries.c[unset].is_(None),
    ).returning(*entries.c)


@dataclass(frozen=True)
class Press:
    """A pupil's press of Done or Impossible with the written answer, read and checked
    before the write begins (:func:`read_press`): when it arrived, and the answer's
    columns with the engine's check of it against the set (none without an answer)."""

    player_id: int
    number: int
    claim: str
    at: float
    answer: dict[str, Any]


def read_press(view: SessionView, player_id: int, number: int, claim: str, answer: str) -> Press:
    """A pupil's press as the rules take it (raises when they refuse it), timed when it
    arrived, its answer checked: everything that needs no lock, so a class pressing Done
    together queues for the write only as long as it takes to write."""
    at = arrived(now)
    view.press_round(player_id, number, at, claim, answer)
    written = answer.strip()
    values = answer_values(view, player_id, number, written) if written else {}
    return Press(player_id, number, claim, at, values)


class Unseated(LookupError):
    """The player was removed (or the session deleted) between reading a press and
    writing it: nothing was written."""


@dataclass(frozen=True)
class Pressed:
    """How a pupil's press was taken: the player's entry for the round as the press left
    it, and whether the press came after the end (kept, not scored)."""

    entry: Entry
    late: bool

    @property
    def seconds(self) -> int | None:
        """The hand's seconds: None when the press came after the end with no hand up."""
        return self.entry.seconds


def press(db: Connection, view: SessionView, the_press: Press) -> Pressed:
    """Record a pupil's press (:func:`read_press`), once, inside a write.

    In time, the hand goes up when the press arrived, unless the proctor put it up
    already: the first time stays and the answer joins it. After the round ended, the
    press and answer are kept, to be shown to the proctor as late and never scored. A
    second press changes nothing and says when the first was recorded. The rounds are
    read again here, under the write lock: a round ended since ``view`` was read ends
    for this press too."""
    p = the_press
    now_on = replace(view, rounds=_rounds(db, view.id, view.time_limit))
    if len(now_on.rounds) < len(view.rounds):  # rounds go only with their session
        raise Unseated(p.player_id)
    the_round, in_time = now_on.press_round(p.player_id, p.number, p.at, p.claim, None)
    values: dict[str, Any] = {"claim": p.claim, "pressed_at": p.at, "updated_at": p.at}
    if in_time:
        values["seconds"] = the_round.elapsed(p.at)
    values.update(p.answer)
    try:
        entry = _write_once(db, p.player_id, p.number, "claim", values, ("seconds",))
    except IntegrityError:  # no such player now (the write is rolled back as it leaves)
        raise Unseated(p.player_id) from None
    if entry is None:
        recorded = _seconds(db, p.player_id, p.number)
        when = f"at {format_seconds(recorded)}" if recorded is not None else "after the end"
        raise Conflict(f"already recorded {when}; your first answer is the one kept")
    return Pressed(entry, not in_time)


def _seconds(db: Connection, player_id: int, number: int) -> int | None:
    found = db.execute(
        select(entries.c.seconds).where(entries.c.player_id == player_id, entries.c.round == number)
    ).scalar_one_or_none()
    return None if found is None else int(found)


def set_answer(db: Connection, view: SessionView, player_id: int, number: int, answer: str) -> None:
    """The proctor enters (or corrects) a written answer, at any time after the round began."""
    view.check_answer_entry(player_id, number, answer)
    _ensure_entry(db, player_id, number)
    written = answer.strip()
    values = answer_values(view, player_id, number, written) if written else _NO_ANSWER
    db.execute(
        entries.update()
        .where(entries.c.player_id == player_id, entries.c.round == number)
        .values(**values, updated_at=now())
    )


def set_verdict(
    db: Connection, view: SessionView, player_id: int, number: int, verdict: str | None
) -> None:
    """The proctor's verdict ("solved", "impossible", "wrong", or None to clear it)."""
    view.check_verdict(player_id, number, verdict)
    _ensure_entry(db, player_id, number)
    db.execute(
        entries.update()
        .where(entries.c.player_id == player_id, entries.c.round == number)
        .values(verdict=verdict, updated_at=now())
    )


def same_text(one: str, other: str) -> bool:
    """Whether two answers are the same text, whatever their line endings (a form sends
    CR LF) and the spaces around them.

    >>> same_text("BbzS Gw=C\\r\\nRg~T ", "BbzS Gw=C\\nRg~T")
    True
    """
    return one.replace("\r\n", "\n").strip() == other.replace("\r\n", "\n").strip()


@dataclass(frozen=True)
class Edit:
    """A proctor's edit of one hand, with what the page showed before it (None: the page
    did not say, as with an older page or a script): a field is changed only when the
    edit differs from what was shown, and only if no one changed it meanwhile."""

    answer: str | None = None
    answer_was: str | None = None
    verdict: str | None = None
    verdict_was: str | None = None

    def changes_answer(self) -> bool:
        return self.answer is not None and (
            self.answer_was is None or not same_text(self.answer, self.answer_was)
        )

    def changes_verdict(self) -> bool:
        return self.verdict_was is None or (self.verdict or "") != self.verdict_was


class Changed(Conflict):
    """A hand's answer or verdict was changed on another screen since the page that sent
    an edit was drawn: nothing was saved. ``current`` holds what is stored now."""

    def __init__(self, message: str, current: dict[str, str]) -> None:
        super().__init__(message)
        self.current = current


VERDICT_WORDS = {"": "from the answer", "solved": "solved", "impossible": "claims impossible",
                 "wrong": "wrong"}  # fmt: skip


def save_edit(db: Connection, view: SessionView, player_id: int, number: int, edit: Edit) -> None:
    """Save a proctor's edit of a player's round: the answer and the verdict, each only
    where the page changed it, and refused whole (:class:`Changed`) where another screen
    (a second console tab, the pupil's phone) changed that field since the page was drawn,
    so two screens never undo each other's work."""
    name = view.player(player_id).nickname
    _ensure_entry(db, player_id, number)
    stored = db.execute(
        select(entries.c.answer, entries.c.verdict)
        .where(entries.c.player_id == player_id, entries.c.round == number)
        .with_for_update()  # PostgreSQL: a pupil's press waits until this edit is saved
    ).one()
    current = {"answer": stored.answer or "", "verdict": stored.verdict or ""}
    answer_was, verdict_was = edit.answer_was, edit.verdict_was
    if (
        edit.changes_answer()
        and answer_was is not None
        and not same_text(current["answer"], answer_was)
    ):
        raise Changed(
            f"{name}'s written answer was changed on another screen since this page was "
            "drawn; nothing was saved. The answer now stored is shown: save again to "
            "replace it with yours",
            current,
        )
    if edit.changes_verdict() and verdict_was is not None and current["verdict"] != verdict_was:
        raise Changed(
            f"{name}'s verdict was changed on another screen to "
            f"{VERDICT_WORDS.get(current['verdict'], current['verdict'])!r} since this page "
            "was drawn; nothing was saved. Save again to replace it with yours",
            current,
        )
    if edit.changes_answer():
        set_answer(db, view, player_id, number, edit.answer or "")
    if edit.changes_verdict():
        set_verdict(db, view, player_id, number, edit.verdict or None)


def reveal(db: Connection, view: SessionView, shown: bool = True) -> None:
    db.execute(mat_sessions.update().where(mat_sessions.c.id == view.id).values(revealed=shown))


def format_seconds(seconds: int | None) -> str:
    """``95`` -> ``1:35``; None (no time recorded) -> an en dash.

    >>> format_seconds(95), format_seconds(600)
    ('1:35', '10:00')
    """
    if seconds is None:
        return "\u2013"  # an en dash
    return f"{seconds // 60}:{seconds % 60:02d}"

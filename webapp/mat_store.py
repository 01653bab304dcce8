"""MAT sessions in the database: making them, seating players, running rounds, recording
hands and answers, and scoring, all by the rules engine (:mod:`printables.matrix.mat`).

A session has sets and players. It is played in rounds (turns), one at a time, each
started by the proctor and lasting the time limit unless ended early. In MAT
Simultaneous every player has set k in round k; in MAT Successive player p has set
``successive_schedule(sets)[round][p]``, so after as many rounds as sets every player has
had every set. An *entry* is one player's round: the whole seconds at which the hand
went up (recorded by the server, the first time only), what the player pressed (Done or
Impossible), the written answer, and the proctor's verdict.

Whether an entry is right is decided by, in order: the proctor's verdict; the written
answer, checked by the engine; a press of Impossible (right when the set is impossible).
A hand raised with nothing else is *unchecked* until the proctor gives a verdict, and
scores the limit meanwhile, like a wrong answer.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sqlalchemy import Connection, Row, delete, func, select
from sqlalchemy.exc import IntegrityError

from printables.cards import FOUR_D
from printables.cards.deck import Card
from printables.cards.reading import read_cards
from printables.matrix.mat import (
    MAX_SUCCESSIVE_PLAYERS,
    TIME_LIMIT,
    check_answer,
    ranking,
    set_score,
    successive_schedule,
)
from printables.matrix.puzzles import (
    Puzzle,
    card_id,
    disjoint_sets,
    from_cards,
    get_puzzle,
    parse_size,
    puzzle_ids,
)
from webapp.db import insert_or_ignore, now
from webapp.tables import entries, mat_sessions, mat_sets, players, rounds

VARIANTS = ("simultaneous", "successive")
VERDICTS = ("solved", "impossible", "wrong")
CLAIMS = ("done", "impossible")
MAX_SETS = 10
MAX_PLAYERS = 60
MAX_NICKNAME = 24
MAX_ANSWER = 2000
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read off a projector
CODE_LENGTH = 6


class MatError(ValueError):
    """A request the session cannot take; the message says why, for the person asking."""


class Conflict(MatError):
    """A request that came too late or too early (409): the set has ended, the hand is
    already recorded, the round is not on."""


# --- making a session -----------------------------------------------------------------


@dataclass(frozen=True)
class SetSource:
    """How the teacher asked for sets: typed lines (ids or card lists), or generated."""

    lines: str = ""
    generate: int = 0
    want: str = "either"
    level: str = "medium"
    seed: int = 1


def read_sets(source: SetSource, size: str, variant: str) -> list[Puzzle]:
    """The session's puzzles; raises :class:`MatError` naming the line that is wrong."""
    try:
        rows, cols = parse_size(size)
    except ValueError as error:
        raise MatError(f"grid size: {error}") from None
    typed = [line.strip() for line in source.lines.splitlines() if line.strip()]
    if typed and source.generate:
        raise MatError("give either sets (ids or cards) or a number of sets to generate, not both")
    if not typed and not source.generate:
        raise MatError(
            "give the sets: puzzle ids or card lists, one set a line, or a number to generate"
        )
    puzzles: list[Puzzle] = []
    if source.generate:
        if not 1 <= source.generate <= MAX_SETS:
            raise MatError(f"generate 1 to {MAX_SETS} sets, not {source.generate}")
        try:
            if variant == "successive":
                puzzles = disjoint_sets(
                    source.generate, rows, cols, source.want, source.level, source.seed
                )
            else:
                ids = puzzle_ids(
                    source.generate, rows, cols, source.want, source.level, source.seed
                )
                puzzles = [get_puzzle(i) for i in ids]
        except ValueError as error:
            raise MatError(str(error)) from None
    for number, line in enumerate(typed, 1):
        try:
            puzzle = _typed_set(line, rows, cols)
        except ValueError as error:
            raise MatError(f"set {number} ({line[:40]}): {error}") from None
        puzzles.append(puzzle)
    if len(puzzles) > MAX_SETS:
        raise MatError(f"a session has 1 to {MAX_SETS} sets, not {len(puzzles)}")
    return puzzles


def _typed_set(line: str, rows: int, cols: int) -> Puzzle:
    """A puzzle id, or the set's cards written out."""
    if " " not in line and "-" in line and len(line) <= 40:
        puzzle = get_puzzle(line)
        if puzzle.size != (rows, cols):
            raise MatError(f"this is a {puzzle.size_text} puzzle; the session is {rows}x{cols}")
        return puzzle
    return from_cards(read_cards(line, FOUR_D), rows, cols)


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
) -> int:
    """Store a new session and its sets; returns its id."""
    name = name.strip()
    if not 1 <= len(name) <= 80:
        raise MatError("name the session (1 to 80 characters), e.g. 'Period 3 MAT'")
    if variant not in VARIANTS:
        raise MatError(f"the variant is simultaneous or successive, not {variant!r}")
    if not 10 <= time_limit <= 3600:
        raise MatError(f"the time limit is 10 to 3600 seconds, not {time_limit}")
    if not puzzles:
        raise MatError("a session needs at least one set")
    if variant == "successive" and len(puzzles) > MAX_SUCCESSIVE_PLAYERS:
        raise MatError(f"MAT Successive has one set a player, at most {MAX_SUCCESSIVE_PLAYERS}")
    if len({p.size for p in puzzles}) != 1:
        raise MatError("every set of a session has the same grid size")
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


@dataclass(frozen=True)
class SetInfo:
    position: int
    puzzle_id: str
    cards: tuple[Card, ...]
    impossible: bool

    @property
    def label(self) -> str:
        return f"Set {self.position + 1}"


@dataclass(frozen=True)
class Round:
    number: int
    started_at: float
    ended_at: float | None
    limit: int

    def elapsed(self, at: float) -> int:
        """Whole seconds since the start, at most the limit."""
        return min(self.limit, max(0, math.floor(at - self.started_at)))

    def running(self, at: float) -> bool:
        return self.ended_at is None and at < self.started_at + self.limit

    def state(self, at: float) -> dict[str, Any]:
        """The round as the screens' scripts read it (times on the server's clock)."""
        return {
            "number": self.number,
            "started_at": self.started_at,
            "ends_at": self.ends_at(),
            "running": self.running(at),
        }

    def ends_at(self) -> float:
        limit_end = self.started_at + self.limit
        return limit_end if self.ended_at is None else min(self.ended_at, limit_end)


@dataclass(frozen=True)
class Entry:
    player_id: int
    round: int
    seconds: int | None
    claim: str | None
    answer: str | None
    verdict: str | None


@dataclass(frozen=True)
class Judgement:
    """Whether an entry earns its time, and why."""

    right: bool | None  # None: a hand raised with no answer and no verdict yet
    how: str  # "verdict", "answer", "claim", "unchecked", "no hand"
    reasons: tuple[str, ...] = ()
    unreadable: str | None = None  # the answer could not be read: why


@dataclass(frozen=True)
class Cell:
    """One player's result for one set."""

    set_position: int
    round: int | None
    seconds: int | None
    score: int
    mark: str  # "" solved in time; "wrong", "no time", "unchecked", "to play"


@dataclass(frozen=True)
class Standing:
    seat: int
    player_id: int
    nickname: str
    cells: tuple[Cell, ...]
    total: int
    place: int


@dataclass(frozen=True)
class SessionView:
    """Everything about one session, read in one transaction."""

    row: Row[Any]
    sets: tuple[SetInfo, ...]
    seats: tuple[Row[Any], ...]  # players, in seat order
    rounds: tuple[Round, ...]
    entries: dict[tuple[int, int], Entry]

    @property
    def id(self) -> int:
        return int(self.row.id)

    @property
    def limit(self) -> int:
        return int(self.row.time_limit)

    @property
    def successive(self) -> bool:
        return bool(self.row.variant == "successive")

    @property
    def round_count(self) -> int:
        """Rounds in all: one a set (MAT Successive passes every set to every player)."""
        return len(self.sets)

    @cached_property
    def schedule(self) -> tuple[tuple[int, ...], ...]:
        if self.successive:
            return successive_schedule(len(self.sets))
        return tuple(tuple(k for _ in range(len(self.sets))) for k in range(len(self.sets)))

    def set_for(self, round_number: int, seat: int) -> SetInfo:
        """The set a seat plays in a round."""
        if self.successive:
            return self.sets[self.schedule[round_number][seat]]
        return self.sets[round_number]

    def round_of(self, set_position: int, seat: int) -> int:
        """The round in which a seat plays a set."""
        if not self.successive:
            return set_position
        return next(t for t, turn in enumerate(self.schedule) if turn[seat] == set_position)

    def current(self) -> Round | None:
        """The latest round started, if any."""
        return self.rounds[-1] if self.rounds else None

    def finished(self, at: float) -> bool:
        last = self.current()
        return len(self.rounds) == self.round_count and last is not None and not last.running(at)

    def player(self, player_id: int) -> Row[Any]:
        for seat in self.seats:
            if seat.id == player_id:
                return seat
        raise MatError("there is no such player in this session")

    def entry(self, player_id: int, round_number: int) -> Entry | None:
        return self.entries.get((player_id, round_number))

    def judge(self, entry: Entry | None, the_set: SetInfo) -> Judgement:
        return judge(entry, the_set)

    def standings(self, at: float) -> tuple[Standing, ...]:
        """Every player's cells, total and place (places by the engine's ranking)."""
        rows: list[tuple[Row[Any], tuple[Cell, ...]]] = []
        for seat in self.seats:
            cells = []
            for s in self.sets:
                cells.append(self._cell(seat, s, at))
            rows.append((seat, tuple(cells)))
        totals = [sum(c.score for c in cells) for _, cells in rows]
        places = ranking(totals)
        return tuple(
            Standing(int(seat.seat), int(seat.id), str(seat.nickname), cells, total, place)
            for (seat, cells), total, place in zip(rows, totals, places, strict=True)
        )

    def _cell(self, seat: Row[Any], the_set: SetInfo, at: float) -> Cell:
        if self.successive and seat.seat >= len(self.sets):
            return Cell(the_set.position, None, None, self.limit, "no time")
        number = self.round_of(the_set.position, int(seat.seat))
        played = number < len(self.rounds)
        entry = self.entry(int(seat.id), number)
        verdict = judge(entry, the_set)
        seconds = entry.seconds if entry else None
        if not played:
            return Cell(the_set.position, number, None, self.limit, "to play")
        if verdict.right is None:
            mark = "unchecked" if seconds is not None else "no time"
            if seconds is None and self.rounds[number].running(at):
                mark = "playing"
            return Cell(the_set.position, number, seconds, self.limit, mark)
        score = set_score(seconds, verdict.right, self.limit)
        mark = ("no time" if seconds is None else "") if verdict.right else "wrong"
        return Cell(the_set.position, number, seconds, score, mark)


def judge(entry: Entry | None, the_set: SetInfo) -> Judgement:
    """Whether an entry is right: the proctor's verdict, else the written answer (checked
    by the engine), else a press of Impossible; a bare hand is unchecked."""
    if entry is None:
        return Judgement(None, "no hand")
    if entry.verdict == "solved":
        return Judgement(True, "verdict")
    if entry.verdict == "impossible":
        return Judgement(the_set.impossible, "verdict")
    if entry.verdict == "wrong":
        return Judgement(False, "verdict")
    if entry.answer and entry.answer.strip():
        try:
            check = check_answer(entry.answer, the_set.cards)
        except ValueError as error:
            if entry.claim == "impossible":  # a draft left in the box: the press decides
                return Judgement(the_set.impossible, "claim", unreadable=str(error))
            return Judgement(False, "answer", unreadable=str(error))
        return Judgement(check.right, "answer", check.reasons)
    if entry.claim == "impossible":
        return Judgement(the_set.impossible, "claim")
    if entry.seconds is None:
        return Judgement(None, "no hand")
    return Judgement(None, "unchecked")


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
    row = db.execute(
        select(mat_sessions).where(mat_sessions.c.join_code == normal_code(code))
    ).first()
    if row is None:
        raise LookupError(code)
    return _view(db, row)


def _view(db: Connection, row: Row[Any]) -> SessionView:
    sid = row.id
    set_rows = db.execute(
        select(mat_sets).where(mat_sets.c.session_id == sid).order_by(mat_sets.c.position)
    ).all()
    seat_rows = db.execute(
        select(players).where(players.c.session_id == sid).order_by(players.c.seat)
    ).all()
    round_rows = db.execute(
        select(rounds).where(rounds.c.session_id == sid).order_by(rounds.c.number)
    ).all()
    entry_rows = db.execute(
        select(entries)
        .join(players, players.c.id == entries.c.player_id)
        .where(players.c.session_id == sid)
    ).all()
    return SessionView(
        row=row,
        sets=tuple(
            SetInfo(
                int(s.position),
                str(s.puzzle_id),
                tuple(read_cards(s.cards, FOUR_D)),
                bool(s.impossible),
            )
            for s in set_rows
        ),
        seats=tuple(seat_rows),
        rounds=tuple(
            Round(int(r.number), float(r.started_at), r.ended_at, int(row.time_limit))
            for r in round_rows
        ),
        entries={
            (int(e.player_id), int(e.round)): Entry(
                int(e.player_id), int(e.round), e.seconds, e.claim, e.answer, e.verdict
            )
            for e in entry_rows
        },
    )


def sets_in_play(db: Connection, at: float) -> set[str]:
    """The card ids (:func:`printables.matrix.puzzles.card_id`) of every set of every session
    with a set running now: the public checking page must not tell a competitor whether
    their set can be solved."""
    running = (
        select(rounds.c.session_id)
        .where(rounds.c.ended_at.is_(None), rounds.c.started_at > at - mat_sessions.c.time_limit)
        .join(mat_sessions, mat_sessions.c.id == rounds.c.session_id)
    )
    found = db.execute(
        select(mat_sets.c.cards, mat_sessions.c.rows, mat_sessions.c.cols)
        .join(mat_sessions, mat_sessions.c.id == mat_sets.c.session_id)
        .where(mat_sets.c.session_id.in_(running))
    ).all()
    return {card_id(read_cards(row.cards, FOUR_D), row.rows, row.cols) for row in found}


# --- players --------------------------------------------------------------------------


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_nickname(text: str) -> str:
    """A nickname as it will show: trimmed, inner spaces collapsed; raises MatError.

    >>> check_nickname("  Ada   L. ")
    'Ada L.'
    """
    name = " ".join(text.split())
    if not 1 <= len(name) <= MAX_NICKNAME:
        raise MatError(f"a nickname has 1 to {MAX_NICKNAME} characters")
    if any(not ch.isprintable() for ch in name):
        raise MatError("a nickname has letters, digits, spaces and punctuation only")
    return name


def add_player(
    db: Connection, view: SessionView, nickname: str, with_token: bool
) -> tuple[int, str | None]:
    """Seat a player. A student joining gets a fresh token (returned; only its hash is
    kept); the teacher adding a name gets none. A student whose nickname the teacher
    already added, and which no device holds yet, takes that seat. Returns (player id,
    token)."""
    name = check_nickname(nickname)
    key = name.casefold()
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
    count = db.execute(
        select(func.count()).select_from(players).where(players.c.session_id == view.id)
    ).scalar_one()
    limit = len(view.sets) if view.successive else MAX_PLAYERS
    if count >= limit:
        why = " (MAT Successive: one player a set)" if view.successive else ""
        raise MatError(f"this session is full: {limit} players{why}")
    if view.successive and view.rounds:
        raise MatError("MAT Successive has begun; players cannot join now")
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


def free_seat(db: Connection, view: SessionView, player_id: int) -> None:
    """Forget the device that holds a seat, so its student can join again by nickname."""
    view.player(player_id)
    db.execute(players.update().where(players.c.id == player_id).values(token_hash=None))


def delete_student_data(db: Connection, view: SessionView) -> int:
    """Remove every player of the session, with their times and answers."""
    result = db.execute(delete(players).where(players.c.session_id == view.id))
    return int(result.rowcount)


def delete_session(db: Connection, view: SessionView) -> None:
    """Remove the session with its sets, rounds, players, times and answers."""
    db.execute(delete(mat_sessions).where(mat_sessions.c.id == view.id))


# --- rounds, hands, answers, verdicts ---------------------------------------------------


def start_round(db: Connection, view: SessionView) -> int:
    """Start the next round; returns its number."""
    at = now()
    current = view.current()
    if current is not None and current.running(at):
        raise Conflict(f"set {current.number + 1} is still running; end it first")
    number = len(view.rounds)
    if number >= view.round_count:
        raise Conflict("every round has been played")
    if not view.seats:
        raise MatError("no players yet: add players or let students join first")
    if view.successive and len(view.seats) != len(view.sets):
        raise MatError(
            f"MAT Successive needs one player a set: {len(view.sets)} sets and "
            f"{len(view.seats)} players"
        )
    try:
        with db.begin_nested():
            db.execute(rounds.insert().values(session_id=view.id, number=number, started_at=at))
    except IntegrityError:
        raise Conflict("that round has just been started") from None
    return number


def end_round(db: Connection, view: SessionView) -> None:
    current = view.current()
    if current is None or not current.running(now()):
        raise Conflict("no set is running")
    db.execute(
        rounds.update()
        .where(rounds.c.session_id == view.id, rounds.c.number == current.number)
        .values(ended_at=now())
    )


def _round_on(view: SessionView, number: int, at: float) -> Round:
    if not 0 <= number < len(view.rounds):
        raise Conflict("that set has not started")
    the_round = view.rounds[number]
    if number != len(view.rounds) - 1 or not the_round.running(at):
        raise Conflict("time is up for that set")
    return the_round


def _ensure_entry(db: Connection, player_id: int, number: int) -> None:
    db.execute(
        insert_or_ignore(db, entries).values(player_id=player_id, round=number, updated_at=now())
    )


def raise_hand(
    db: Connection,
    view: SessionView,
    player_id: int,
    number: int,
    claim: str | None = None,
    answer: str | None = None,
) -> int:
    """Record a hand going up in the running round: the elapsed whole seconds, the first
    time only (a second press changes nothing and says so). A student's press carries
    what was pressed and the written answer with it. Returns the recorded seconds."""
    at = now()
    view.player(player_id)
    the_round = _round_on(view, number, at)
    if claim is not None and claim not in CLAIMS:
        raise MatError(f"press Done or Impossible, not {claim!r}")
    if answer is not None and len(answer) > MAX_ANSWER:
        raise MatError(f"the answer is too long ({len(answer)} characters)")
    seconds = the_round.elapsed(at)
    _ensure_entry(db, player_id, number)
    values: dict[str, Any] = {"seconds": seconds, "updated_at": at}
    if claim is not None:
        values["claim"] = claim
    if answer is not None and answer.strip():
        values["answer"] = answer.strip()
    done = db.execute(
        entries.update()
        .where(
            entries.c.player_id == player_id,
            entries.c.round == number,
            entries.c.seconds.is_(None),
        )
        .values(**values)
    )
    if not done.rowcount:
        recorded = db.execute(
            select(entries.c.seconds).where(
                entries.c.player_id == player_id, entries.c.round == number
            )
        ).scalar_one()
        raise Conflict(f"already recorded at {format_seconds(recorded)}")
    return seconds


def set_answer(db: Connection, view: SessionView, player_id: int, number: int, answer: str) -> None:
    """The proctor enters (or corrects) a written answer, at any time after the round began."""
    view.player(player_id)
    if not 0 <= number < len(view.rounds):
        raise Conflict("that set has not started")
    if len(answer) > MAX_ANSWER:
        raise MatError(f"the answer is too long ({len(answer)} characters)")
    _ensure_entry(db, player_id, number)
    db.execute(
        entries.update()
        .where(entries.c.player_id == player_id, entries.c.round == number)
        .values(answer=answer.strip() or None, updated_at=now())
    )


def set_verdict(
    db: Connection, view: SessionView, player_id: int, number: int, verdict: str | None
) -> None:
    """The proctor's verdict ("solved", "impossible", "wrong", or None to clear it)."""
    seat = view.player(player_id)
    if verdict is not None and verdict not in VERDICTS:
        raise MatError(f"the verdict is solved, impossible or wrong, not {verdict!r}")
    if not 0 <= number < len(view.rounds):
        raise Conflict("that set has not started")
    the_set = view.set_for(number, int(seat.seat))
    if verdict == "solved" and the_set.impossible:
        raise MatError(
            f"{the_set.label} is impossible, so it cannot be solved: "
            "check the player's grid again, or record a claim of impossibility"
        )
    _ensure_entry(db, player_id, number)
    db.execute(
        entries.update()
        .where(entries.c.player_id == player_id, entries.c.round == number)
        .values(verdict=verdict, updated_at=now())
    )


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

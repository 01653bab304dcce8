"""A MAT session as plain data, and the rules that run it.

A session (4D Playing Cards rulebook, "MAT") has sets and seated players, and is played
in rounds (turns), one at a time, each started by the proctor and lasting the time limit
unless ended early. In MAT Simultaneous every player has set k in round k; in MAT
Successive player p has set ``successive_schedule(sets)[round][p]``, so after as many
rounds as sets every player has had every set. An *entry* is one player's round: the
whole seconds at which the hand went up (the first time only), what the player pressed
(Done or Impossible), the written answer, and the proctor's verdict.

Every action names what it acts on: starting names the round to start, ending the round
to end, a hand its round. An action made for a state that has passed (a second console
tab showing "End set 1" after set 2 began) is refused with a sentence saying what is on
now, and changes nothing. Two people acting on one hand merge: a pupil's press after the
proctor's "Hand up" keeps the hand's time and brings the written answer to it; a press
just after the round ended is kept, shown as late, and not scored.

Whether an entry is right is decided by, in order: the proctor's verdict; the written
answer, checked once when it is written (:func:`check_written`, against the set's stored
verdict, so a set is never solved again) and kept with the entry; a press of Impossible
(right when the set is impossible). A hand raised with nothing else is *unchecked* until
the proctor gives a verdict, and scores the limit meanwhile, like a wrong answer.

:class:`MatSession` holds a session's data and answers every question about it: who
plays which set when, whether a round may start, when a hand counts, and the
standings. The web app stores sessions and shows them; every rule is here.

>>> from printables.cards import FOUR_D, read_cards
>>> cards = tuple(read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T", FOUR_D))
>>> session = MatSession(
...     "simultaneous", 600, sets=(MatSet(0, "3x3-c-x", cards, False),),
...     seats=(Seat(7, 0, "Ada"), Seat(8, 1, "Bo")),
...     rounds=(Round(0, started_at=1000.0, ended_at=None, limit=600),),
...     entries={(7, 0): Entry(7, 0, 42, "done", "BbzT Bg~T Bw=T/Gb~T Gg=T GwzT/RbzT RgzC RwzS")},
... )
>>> [(s.nickname, s.total, s.place) for s in session.standings(at=1100.0)]
[('Ada', 42, 1), ('Bo', 600, 2)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from printables.cards.deck import Card
from printables.cards.errors import NotationError
from printables.cards.reading import read_cards
from printables.matrix.check import DECK
from printables.matrix.mat import (
    MAX_SUCCESSIVE_PLAYERS,
    VARIANTS,
    AnswerError,
    check_answer,
    is_bare_claim,
    ranking,
    set_score,
    successive_schedule,
)
from printables.matrix.puzzles import (
    KIND,
    Puzzle,
    disjoint_sets,
    from_cards,
    get_puzzle,
    parse_size,
    puzzle_ids,
)
from printables.puzzles import PuzzleError, kind_of

VERDICTS = ("solved", "impossible", "wrong")
CLAIMS = ("done", "impossible")
MAX_SETS = 10
"""Sets in one session (a score sheet's worth)."""
MAX_PLAYERS = 60
"""Players in one MAT Simultaneous session (a large class)."""
MAX_ANSWER = 2000
"""Characters in a written answer: far more than a 5x5 answer takes."""
TIME_LIMITS = (10, 3600)
"""The shortest and longest time limit a session takes, in seconds."""


class MatError(ValueError):
    """A request the session cannot take; the message says why, for the person asking."""


class Conflict(MatError):
    """A request that came too late or too early: the set has ended, the hand is already
    recorded, the round is not on, or the page that sent it showed a state that has
    passed. Nothing was changed."""


def set_key(cards: Sequence[Card]) -> frozenset[Card]:
    """What makes a set the same set: its cards, in any order and any orientation (a 3x4
    set typed as 4x3 is the same set).

    >>> from printables.cards import FOUR_D
    >>> set_key(FOUR_D.cards[:2]) == set_key(FOUR_D.cards[1::-1])
    True
    """
    return frozenset(cards)


@dataclass(frozen=True)
class MatSet:
    """One set of a session: its place, puzzle id, cards (in the printed order) and
    whether it is impossible (known when the session was made)."""

    position: int
    puzzle_id: str
    cards: tuple[Card, ...]
    impossible: bool

    @property
    def label(self) -> str:
        return f"Set {self.position + 1}"


@dataclass(frozen=True)
class Round:
    """One round: when it started (server time), when it was ended early, the limit."""

    number: int
    started_at: float
    ended_at: float | None
    limit: int

    def elapsed(self, at: float) -> int:
        """Whole seconds since the start, at most the limit."""
        return min(self.limit, max(0, math.floor(at - self.started_at)))

    def running(self, at: float) -> bool:
        """Whether the round was on at the moment ``at``: not yet ended early, nor over its
        limit. A press that reached the server before the proctor's End, but was written
        after it (queued behind it), came in time.

        >>> ended = Round(0, 1000.0, 1030.0, 60)
        >>> ended.running(1029.9), ended.running(1030.0), Round(0, 1000.0, None, 60).running(1060.0)
        (True, False, False)
        """
        return at < self.ends_at()

    def ends_at(self) -> float:
        limit_end = self.started_at + self.limit
        return limit_end if self.ended_at is None else min(self.ended_at, limit_end)

    def state(self, at: float) -> dict[str, Any]:
        """The round as the screens' scripts read it (times on the server's clock)."""
        return {
            "number": self.number,
            "started_at": self.started_at,
            "ends_at": self.ends_at(),
            "running": self.running(at),
        }


@dataclass(frozen=True)
class Seat:
    """A seated player: the player's id, the seat (0-based, in joining order) and the
    nickname shown."""

    id: int
    seat: int
    nickname: str


@dataclass(frozen=True)
class Checked:
    """A written answer checked against its set: right or wrong with the engine's reasons,
    or (``right`` None) why it could not be read."""

    right: bool | None
    reasons: tuple[str, ...] = ()
    unreadable: str | None = None


def check_written(answer: str, the_set: MatSet) -> Checked:
    """Check a written answer against its set, once, when it is written.

    >>> from printables.cards import FOUR_D, read_cards
    >>> book = MatSet(0, "x", tuple(read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT",
    ...                                         FOUR_D)), impossible=True)
    >>> check_written("No", book).right, check_written("Bx=S", book).unreadable
    (True, "row 1, card 1: 'Bx=S': 'x' is not a shade; expected b, g or w")
    """
    try:
        check = check_answer(answer, the_set.cards, impossible=the_set.impossible)
    except (NotationError, AnswerError) as error:
        return Checked(None, unreadable=str(error))
    return Checked(check.right, check.reasons)


@dataclass(frozen=True)
class Entry:
    """One player's round: the hand's seconds, what was pressed, the written answer with
    its check, the proctor's verdict (each None until there is one) and when the pupil's
    press arrived (server time). An answer stored without its check is checked when
    judged."""

    player_id: int
    round: int
    seconds: int | None
    claim: str | None
    answer: str | None
    verdict: str | None = None
    checked: Checked | None = None
    pressed_at: float | None = None

    @property
    def late(self) -> bool:
        """Pressed after the round ended, with no hand up in time: kept, not scored."""
        return self.claim is not None and self.seconds is None


@dataclass(frozen=True)
class Judgement:
    """Whether an entry earns its time, and why."""

    right: bool | None  # None: a hand raised with no answer and no verdict yet
    how: str  # "verdict", "answer", "claim", "unchecked", "no hand"
    reasons: tuple[str, ...] = ()
    unreadable: str | None = None  # the answer could not be read: why


@dataclass(frozen=True)
class Cell:
    """One player's result for one set: the score, and a mark when it is the limit
    ("wrong", "no time", "unchecked", "late": pressed after the end), or while the set is
    "to play" or "playing"."""

    set_position: int
    round: int | None
    seconds: int | None
    score: int
    mark: str


@dataclass(frozen=True)
class Standing:
    seat: int
    player_id: int
    nickname: str
    cells: tuple[Cell, ...]
    total: int
    place: int


def judge(entry: Entry | None, the_set: MatSet) -> Judgement:
    """Whether an entry is right: the proctor's verdict, else the written answer (checked
    against the set's stored verdict), else a press of Impossible; a bare hand is
    unchecked."""
    if entry is None:
        return Judgement(None, "no hand")
    if entry.verdict == "solved":
        return Judgement(True, "verdict")
    if entry.verdict == "impossible":
        return Judgement(the_set.impossible, "verdict")
    if entry.verdict == "wrong":
        return Judgement(False, "verdict")
    if entry.answer and entry.answer.strip():
        checked = entry.checked or check_written(entry.answer, the_set)
        if checked.right is None:
            if entry.claim == "impossible":  # a draft left in the box: the press decides
                return Judgement(the_set.impossible, "claim", unreadable=checked.unreadable)
            return Judgement(False, "answer", unreadable=checked.unreadable)
        return Judgement(checked.right, "answer", checked.reasons)
    if entry.claim == "impossible":
        return Judgement(the_set.impossible, "claim")
    if entry.seconds is None:
        return Judgement(None, "no hand")
    return Judgement(None, "unchecked")


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def explain(entry: Entry | None, the_set: MatSet, cell: Cell, limit: int) -> str:
    """Why a player's cell scores what it does, in a sentence for the proctor.

    >>> book = MatSet(0, "x", (), impossible=True)
    >>> grid = "Gb=C GbzS Gg~T / Rb~T Bg~S BwzT / RgzS Rw~T BgzT"
    >>> entry = Entry(1, 0, 83, "done", grid, checked=Checked(True, ()))
    >>> explain(entry, book, Cell(0, 0, 83, 83, ""), 600).split("; ")[1]
    'right for this set: scores 83, the time.'
    """
    at_limit = f"scores the limit, {limit}"
    if cell.mark == "to play":
        return "Not played yet."
    if cell.mark == "playing":
        return "Playing: no hand yet."
    judged = judge(entry, the_set)
    if entry is not None and entry.late:
        return (
            f"Pressed {_pressed(entry.claim)} after the set ended: the answer is kept for you "
            f"to read, but not scored; it {at_limit}."
        )
    if judged.how == "no hand" or entry is None:
        return f"No hand raised: {at_limit}."
    if judged.how == "unchecked":
        when = _clock(entry.seconds) if entry.seconds is not None else "-"
        return (
            f"Hand up at {when} with no written answer: needs your verdict (until then it "
            f"{at_limit})."
        )
    if judged.right and entry.seconds is None:
        earned = f"no time was recorded, so it {at_limit}"
    else:
        earned = f"scores {cell.score}, the time" if judged.right else at_limit
    solvable = "the set can be solved"
    if judged.how == "verdict":
        if entry.verdict == "impossible":
            truth = "and the set is impossible" if the_set.impossible else f"but {solvable}"
            return f"Your verdict, claims impossible, {truth}: {earned}."
        return f"Your verdict, {entry.verdict}: {earned}."
    if judged.how == "claim":
        truth = "and the set is impossible" if judged.right else f"but {solvable}"
        unread = " (the written answer cannot be read, so the press decides)"
        return f"Pressed Impossible{unread if judged.unreadable else ''}, {truth}: {earned}."
    if judged.unreadable:
        return f"The written answer cannot be read: {earned}."
    says_no = entry.answer is not None and (
        is_bare_claim(entry.answer)
        or any(word.lower() == "no" for word in entry.answer.replace("/", " ").split())
    )
    if judged.right and not the_set.impossible:
        return f"A solved grid: {earned}."
    if says_no:
        truth = "and the set is impossible" if judged.right else f"but {solvable}"
        return f"Says impossible, {truth}: {earned}."
    rule = "An unsolved grid, which the rules treat as a declaration that the set is impossible"
    if judged.right:
        return f"{rule}; right for this set: {earned}."
    return f"{rule}; but this set can be solved: {earned}."


def _pressed(claim: str | None) -> str:
    return "Impossible" if claim == "impossible" else "Done"


@dataclass(frozen=True)
class MatSession:
    """A session's sets, seats, rounds and entries (keyed by player id and round), and
    everything the rules say about them."""

    variant: str
    time_limit: int
    sets: tuple[MatSet, ...]
    seats: tuple[Seat, ...]
    rounds: tuple[Round, ...]
    entries: Mapping[tuple[int, int], Entry]

    @property
    def limit(self) -> int:
        return self.time_limit

    @property
    def successive(self) -> bool:
        return self.variant == "successive"

    @property
    def round_count(self) -> int:
        """Rounds in all: one a set (MAT Successive passes every set to every player)."""
        return len(self.sets)

    @cached_property
    def schedule(self) -> tuple[tuple[int, ...], ...]:
        """``schedule[round][seat]``: the set (0-based) each seat plays in each round."""
        if self.successive:
            return successive_schedule(len(self.sets))
        return tuple(tuple(k for _ in range(len(self.sets))) for k in range(len(self.sets)))

    def plays(self, seat: int) -> bool:
        """Whether a seat has sets to play (MAT Successive seats one player a set)."""
        return not self.successive or seat < len(self.sets)

    def set_for(self, round_number: int, seat: int) -> MatSet:
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

    def running(self, at: float) -> bool:
        current = self.current()
        return current is not None and current.running(at)

    def finished(self, at: float) -> bool:
        last = self.current()
        return len(self.rounds) == self.round_count and last is not None and not last.running(at)

    def player(self, player_id: int) -> Seat:
        for seat in self.seats:
            if seat.id == player_id:
                return seat
        raise MatError("there is no such player in this session")

    def entry(self, player_id: int, round_number: int) -> Entry | None:
        return self.entries.get((player_id, round_number))

    # -- what may happen now --------------------------------------------------------------

    def seat_limit(self) -> int:
        """How many players the session seats: one a set in MAT Successive."""
        return len(self.sets) if self.successive else MAX_PLAYERS

    def check_join(self, seated: int) -> None:
        """Whether another player may sit down, ``seated`` being sat already."""
        limit = self.seat_limit()
        if seated >= limit:
            why = " (MAT Successive: one player a set)" if self.successive else ""
            raise MatError(f"this session is full: {limit} players{why}")
        if self.successive and self.rounds:
            raise MatError("MAT Successive has begun; players cannot join now")

    def check_removal(self, player_id: int) -> None:
        """Whether a player may be removed: at any time in MAT Simultaneous, and before
        the first turn in MAT Successive, whose sets pass from seat to seat."""
        self.player(player_id)
        if self.successive and self.rounds:
            raise MatError(
                "MAT Successive has begun, and its sets pass from seat to seat: a player "
                "cannot be removed now; rename them instead"
            )

    def word(self) -> str:
        """What a round is called: a turn in MAT Successive, a set in MAT Simultaneous."""
        return "turn" if self.successive else "set"

    def now_on(self, at: float) -> str:
        """What is on now, in a sentence: "Set 2 is running now", "Set 2 is over"."""
        current = self.current()
        word = self.word().capitalize()
        if current is None:
            return f"No {self.word()} has started yet"
        if current.running(at):
            return f"{word} {current.number + 1} is running now"
        if len(self.rounds) == self.round_count:
            return f"Every {self.word()} has been played"
        return f"{word} {current.number + 1} is over; {self.word()} {current.number + 2} is next"

    def check_start(self, number: int, at: float) -> None:
        """Whether round ``number`` (0-based), the one the proctor's page offered, may start
        now; raises, saying what is on instead, when the page showed a state that has
        passed (another screen started it, or a later one)."""
        if number != len(self.rounds):
            word = self.word().capitalize()
            if number < len(self.rounds):
                said = f"{word} {number + 1} has already been started"
            else:
                said = (
                    f"{word} {number + 1} cannot start before {self.word()} {len(self.rounds) + 1}"
                )
            raise Conflict(f"{said}. {self.now_on(at)}; nothing was started")
        self.next_round(at)

    def next_round(self, at: float) -> int:
        """The number of the round to start now; raises when none may start."""
        current = self.current()
        if current is not None and current.running(at):
            raise Conflict(f"{self.word()} {current.number + 1} is still running; end it first")
        number = len(self.rounds)
        if number >= self.round_count:
            raise Conflict(f"every {self.word()} has been played")
        if not self.seats:
            raise MatError("no players yet: add players or let students join first")
        if self.successive and len(self.seats) != len(self.sets):
            raise MatError(
                f"MAT Successive needs one player a set: {len(self.sets)} sets and "
                f"{len(self.seats)} players"
            )
        return number

    def round_to_end(self, at: float, number: int) -> Round:
        """Round ``number``, the one the proctor's page showed running, if it may be ended
        now; raises, saying what is on instead, when it is not running (never ends
        another round)."""
        current = self.current()
        word = self.word().capitalize()
        if not 0 <= number < len(self.rounds):
            raise Conflict(
                f"{word} {number + 1} has not started. {self.now_on(at)}; nothing was ended"
            )
        if current is None or current.number != number or not current.running(at):
            raise Conflict(
                f"{word} {number + 1} is already over. {self.now_on(at)}; nothing was ended"
            )
        return current

    def hand_round(self, player_id: int, number: int, at: float) -> Round:
        """The round the proctor's "Hand up" for a player counts in; raises when the round
        is not on (the time recorded is ``round.elapsed(at)``)."""
        self.player(player_id)
        if not 0 <= number < len(self.rounds):
            raise Conflict(f"that {self.word()} has not started")
        the_round = self.rounds[number]
        if number != len(self.rounds) - 1 or not the_round.running(at):
            raise Conflict(f"time is up for that {self.word()}")
        return the_round

    def press_round(
        self, player_id: int, number: int, at: float, claim: str, answer: str | None
    ) -> tuple[Round, bool]:
        """The round a pupil's press (Done or Impossible, with the written answer) is for,
        and whether it came in time. A press after the round ended is still taken, to be
        kept and shown as late, never scored; raises when the round has not started."""
        self.player(player_id)
        if claim not in CLAIMS:
            raise MatError(f"press Done or Impossible, not {claim!r}")
        check_length(answer)
        if not 0 <= number < len(self.rounds):
            raise Conflict(f"that {self.word()} has not started")
        the_round = self.rounds[number]
        return the_round, number == len(self.rounds) - 1 and the_round.running(at)

    def check_answer_entry(self, player_id: int, number: int, answer: str) -> None:
        """Whether the proctor may enter an answer for a player's round."""
        self.player(player_id)
        if not 0 <= number < len(self.rounds):
            raise Conflict("that set has not started")
        check_length(answer)

    def check_verdict(self, player_id: int, number: int, verdict: str | None) -> None:
        """Whether the proctor may give this verdict ("solved", "impossible", "wrong", or
        None to clear it) on a player's round."""
        seat = self.player(player_id)
        if verdict is not None and verdict not in VERDICTS:
            raise MatError(f"the verdict is solved, impossible or wrong, not {verdict!r}")
        if not 0 <= number < len(self.rounds):
            raise Conflict("that set has not started")
        the_set = self.set_for(number, seat.seat)
        if verdict == "solved" and the_set.impossible:
            raise MatError(
                f"{the_set.label} is impossible, so it cannot be solved: "
                "check the player's grid again, or record a claim of impossibility"
            )

    # -- results --------------------------------------------------------------------------

    def judge(self, entry: Entry | None, the_set: MatSet) -> Judgement:
        return judge(entry, the_set)

    def standings(self, at: float) -> tuple[Standing, ...]:
        """Every player's cells, total and place (the lowest total first; equal totals
        share a place), in seat order."""
        rows = [(seat, tuple(self._cell(seat, s, at) for s in self.sets)) for seat in self.seats]
        totals = [sum(c.score for c in cells) for _, cells in rows]
        places = ranking(totals)
        return tuple(
            Standing(seat.seat, seat.id, seat.nickname, cells, total, place)
            for (seat, cells), total, place in zip(rows, totals, places, strict=True)
        )

    def explain(self, seat: Seat, the_set: MatSet, at: float) -> str:
        """Why ``seat``'s cell for ``the_set`` scores what it does (see :func:`explain`)."""
        cell = self._cell(seat, the_set, at)
        entry = self.entry(seat.id, cell.round) if cell.round is not None else None
        return explain(entry, the_set, cell, self.limit)

    def unchecked(self, at: float) -> int:
        """How many hands still wait for the proctor's verdict."""
        return len(self.unchecked_hands(at))

    def unchecked_hands(self, at: float) -> list[str]:
        """Whose hands still wait for the proctor's verdict, and in which set: "Ann (set
        2)", in seat and set order."""
        return [
            f"{s.nickname} ({self.sets[c.set_position].label.lower()})"
            for s in self.standings(at)
            for c in s.cells
            if c.mark == "unchecked"
        ]

    def _cell(self, seat: Seat, the_set: MatSet, at: float) -> Cell:
        if not self.plays(seat.seat):
            return Cell(the_set.position, None, None, self.limit, "no time")
        number = self.round_of(the_set.position, seat.seat)
        if number >= len(self.rounds):
            return Cell(the_set.position, number, None, self.limit, "to play")
        entry = self.entry(seat.id, number)
        verdict = judge(entry, the_set)
        seconds = entry.seconds if entry else None
        if verdict.right is None:
            mark = "unchecked" if seconds is not None else "no time"
            if seconds is None and self.rounds[number].running(at):
                mark = "playing"
            return Cell(the_set.position, number, seconds, self.limit, mark)
        if entry is not None and entry.late:
            return Cell(the_set.position, number, None, self.limit, "late")
        score = set_score(seconds, verdict.right, self.limit)
        mark = ("no time" if seconds is None else "") if verdict.right else "wrong"
        return Cell(the_set.position, number, seconds, score, mark)


def check_length(answer: str | None) -> None:
    """A written answer is at most :data:`MAX_ANSWER` characters."""
    if answer is not None and len(answer) > MAX_ANSWER:
        raise MatError(f"the answer is too long ({len(answer)} characters)")


def check_plan(variant: str, puzzles: Sequence[Puzzle], time_limit: int) -> None:
    """Whether a session can be made of these sets: one variant, a time limit in range,
    1 to :data:`MAX_SETS` sets of one size (MAT Successive: one a player, at most nine)."""
    if variant not in VARIANTS:
        raise MatError(f"the variant is simultaneous or successive, not {variant!r}")
    low, high = TIME_LIMITS
    if not low <= time_limit <= high:
        raise MatError(f"the time limit is {low} to {high} seconds, not {time_limit}")
    if not puzzles:
        raise MatError("a session needs at least one set")
    if len(puzzles) > MAX_SETS:
        raise MatError(f"a session has 1 to {MAX_SETS} sets, not {len(puzzles)}")
    if variant == "successive" and len(puzzles) > MAX_SUCCESSIVE_PLAYERS:
        raise MatError(f"MAT Successive has one set a player, at most {MAX_SUCCESSIVE_PLAYERS}")
    if len({p.size for p in puzzles}) != 1:
        raise MatError("every set of a session has the same grid size")


@dataclass(frozen=True)
class SetSource:
    """How the teacher asked for a session's sets: typed lines (puzzle ids or card lists,
    one set a line), or a number to generate with what is wanted, a difficulty and a seed."""

    lines: str = ""
    generate: int = 0
    want: str = "either"
    level: str = "medium"
    seed: int = 1


def choose_sets(source: SetSource, size: str, variant: str) -> list[Puzzle]:
    """A session's puzzles; raises :class:`MatError` naming the line that is wrong. An id
    of another puzzle kind is refused: MAT sets are Matrix sets.

    >>> [p.id for p in choose_sets(SetSource(lines="3x3-ma1y4e"), "3x3", "simultaneous")]
    ['3x3-ma1y4e']
    """
    try:
        rows, cols = parse_size(size)
    except PuzzleError as error:
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
                    source.generate, rows, cols, source.want, source.level, source.seed, "mat"
                )
                puzzles = [get_puzzle(i) for i in ids]
        except PuzzleError as error:
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
        kind = kind_of(line)
        if kind is not KIND:
            raise MatError(f"this is a {kind.title} puzzle; MAT sets are Matrix sets")
        puzzle = KIND.get(line)
        if puzzle.size != (rows, cols):
            raise MatError(f"this is a {puzzle.size_text} puzzle; the session is {rows}x{cols}")
        return puzzle
    return from_cards(read_cards(line, DECK), rows, cols)

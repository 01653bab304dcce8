"""MAT (Matrix Aptitude Test) scoring, Simultaneous and Successive (4D Playing Cards rulebook).

Players race to solve matrix sets against a timer. The project's readings
(docs/rules-notes.md, "MAT scoring"):

- a set scores the elapsed whole seconds at which the player raised a hand, when the
  answer is right; a player not finished when the time limit (600 s unless agreed)
  ends, and a wrong answer, score the limit;
- a matrix claimed finished but not solved counts as a claim of impossibility: right
  when the set is truly impossible (proved by :func:`printables.matrix.solver.solve`, or
  known from the set's stored verdict), wrong otherwise; a written answer with ``No`` in
  place of one card is such a claim;
- the lowest total over the sets wins; equal totals share a rank.

MAT Successive uses one deck: up to nine players each get a set of nine cards, and
after every turn the sets pass to the next player (on the left) until every player
has had every set (:func:`successive_schedule`).

>>> from printables.cards import FOUR_D, read_cards
>>> cards = read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T", FOUR_D)
>>> check = check_answer("BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS", cards)
>>> check.right, set_score(42, check.right)
(True, 42)
>>> ranking([1200, 530, 530])
(3, 1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printables.cards.deck import Card
from printables.cards.errors import NotationError, SetError
from printables.cards.reading import Grid, Unread, Written, read_grid, read_places
from printables.cards.wording import names
from printables.matrix.check import DECK, SIZES, MatrixVerdict, check_grid
from printables.matrix.solver import solve

TIME_LIMIT = 600
"""The book's time limit per set, in seconds (ten minutes)."""

MAX_SUCCESSIVE_PLAYERS = 9
"""MAT Successive with one deck: nine players of nine cards use all 81 cards."""

VARIANTS = ("simultaneous", "successive")
"""The two ways of playing MAT: everyone the same set at once (a deck each), or sets
passed round (one deck)."""


def set_score(seconds: int | None, right: bool, limit: int = TIME_LIMIT) -> int:
    """The score for one set: the elapsed whole seconds when the answer is right; the
    limit when the player did not finish in time (``seconds`` None or over the limit)
    or the answer is wrong.

    >>> set_score(95, True), set_score(95, False), set_score(None, True), set_score(601, True)
    (95, 600, 600, 600)
    """
    if limit < 1:
        raise ValueError(f"the time limit must be at least one second, not {limit}")
    if seconds is not None and seconds < 0:
        raise ValueError(f"elapsed time cannot be negative ({seconds} s)")
    if seconds is None or seconds > limit or not right:
        return limit
    return seconds


def totals(scores: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each player's total over the sets, from ``scores[set][player]``.

    >>> totals([[30, 600], [45, 80]])
    (75, 680)
    """
    if not scores:
        return ()
    players = len(scores[0])
    for s, row in enumerate(scores, 1):
        if len(row) != players:
            raise ValueError(f"set {s} has {len(row)} scores but set 1 has {players}")
    return tuple(sum(row[p] for row in scores) for p in range(players))


def ranking(totals: Sequence[int]) -> tuple[int, ...]:
    """Each player's place (1 = best): the lowest total wins; equal totals share a place
    and the next place counts the players ahead (1, 1, 3)."""
    return tuple(1 + sum(1 for other in totals if other < mine) for mine in totals)


def successive_schedule(players: int, set_size: int = 9) -> tuple[tuple[int, ...], ...]:
    """MAT Successive: ``schedule[turn][player]`` is the set (0-based) the player solves in
    that turn. Player p is dealt set p; after each turn every set passes to the next
    player, so in turn t player p has set p - t (mod players) and every player has every
    set exactly once.

    >>> successive_schedule(3)
    ((0, 1, 2), (2, 0, 1), (1, 2, 0))
    """
    if players < 1 or players * set_size > len(DECK):
        most = len(DECK) // set_size
        raise ValueError(
            f"MAT Successive with one deck and sets of {set_size} cards is for 1 to {most} "
            f"players, not {players}"
        )
    return tuple(tuple((p - t) % players for p in range(players)) for t in range(players))


class AnswerError(ValueError):
    """A written answer that cannot be checked against its set: names that do not read
    (a :class:`~printables.cards.errors.NotationError`, raised as it is), or an array of
    the wrong shape."""


BARE_CLAIMS = frozenset({"no", "none", "impossible"})
"""Answers that claim impossibility without writing the cards out (read by
:func:`is_bare_claim`, in any case and with a full stop or an exclamation mark)."""

UNSOLVED_RULE = "the rules count a matrix handed in unsolved as if you had said it is impossible"
"""The book's note on MAT ("any unsolved matrix that is claimed to be finished will be
treated as if it were declared to be impossible"), in words a pupil follows."""


def is_bare_claim(text: str) -> bool:
    """Whether an answer only says the set is impossible: ``No``, ``no.``, ``none``,
    ``Impossible!``.

    >>> [is_bare_claim(t) for t in ("No", " no. ", "NONE", "impossible!", "No BbzS", "")]
    [True, True, True, True, False, False]
    """
    return text.strip().rstrip(".!").strip().lower() in BARE_CLAIMS


def _shape_of(count: int) -> tuple[int, int]:
    """The book's matrix size for a set of ``count`` cards (any shape of it decides the
    same question, since a transposed solution is a solution)."""
    for rows, cols in SIZES:
        if rows * cols == count:
            return rows, cols
    raise SetError(f"no Matrix size of the book takes {count} cards")


@dataclass(frozen=True)
class AnswerCheck:
    """A written MAT answer checked against its set.

    ``claim`` is "solution" or "impossible" (a ``No`` written, or a grid that is not
    solved, which counts as a claim of impossibility); ``right`` says whether the
    answer earns its time. ``grid`` is the check of the lines when the answer is a
    full grid of the set's cards.
    """

    right: bool
    claim: str
    set_impossible: bool
    wrong_cards: tuple[Card, ...] = ()  # written but not in the set
    missing_cards: tuple[Card, ...] = ()  # in the set but not written (besides a No)
    grid: MatrixVerdict | None = None
    reasons: tuple[str, ...] = ()
    why: tuple[str, ...] = ()
    """Once a right claim of impossibility is judged: why the set is impossible, a step
    a line (the puzzle kind adds it; the answer is in, so it gives nothing away)."""

    def __bool__(self) -> bool:
        return self.right

    def to_json(self) -> dict[str, Any]:
        return {
            "right": self.right,
            "claim": self.claim,
            "set_impossible": self.set_impossible,
            "reasons": list(self.reasons),
            **({"why": list(self.why)} if self.why else {}),
        }


def check_answer(
    answer: str | Grid, cards: Sequence[Card], *, impossible: bool | None = None
) -> AnswerCheck:
    """Check a written answer (an array of names, ``No`` for one card to claim
    impossibility) against the set ``cards``; the array's shape is the matrix size.

    ``impossible`` is whether the set is impossible when that is already known (a stored
    set's verdict); otherwise the solver decides it. Text is read with
    :func:`printables.cards.reading.read_grid`: bad names raise its
    :class:`~printables.cards.errors.NotationError`, an array that cannot be the set's
    an :class:`AnswerError`. A worksheet's ticked "Impossible" box, typed as ``No`` or
    ``impossible`` alone, is a claim of impossibility too.

    >>> from printables.cards import FOUR_D, read_cards
    >>> book = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)
    >>> check_answer("No", book).right, check_answer("no", book, impossible=True).right
    (True, True)
    """
    if not cards:
        raise SetError("a Matrix set has cards")
    if isinstance(answer, str) and is_bare_claim(answer):
        if impossible is None:
            impossible = solve(cards, *_shape_of(len(cards))) is None
        return _claim(impossible, (), (), None, [], "The answer says impossible: ")
    grid = read_grid(answer, cards[0].deck) if isinstance(answer, str) else answer
    _check_shape(grid, len(cards))
    rows, cols = grid.shape
    if impossible is None:
        impossible = solve(cards, rows, cols) is None
    written = grid.cards()
    in_set = set(cards)
    wrong = tuple(c for c in written if c not in in_set)
    written_set = set(written)
    missing = tuple(c for c in cards if c not in written_set)
    reasons: list[str] = []
    if wrong:
        reasons.append(f"Not in the set: {names(wrong)}.")
    if grid.claims_impossible:
        if len(missing) > 1:
            reasons.append(f"Missing from the answer: {names(missing)}.")
        return _claim(impossible, wrong, missing, None, reasons, "The answer writes No: ")
    if missing:
        reasons.append(f"Missing from the answer: {names(missing)}.")
    if wrong or missing:
        return _claim(
            impossible,
            wrong,
            missing,
            None,
            reasons,
            f"The answer does not hold the set's cards, and {UNSOLVED_RULE}: ",
        )
    verdict = check_grid([[c for c in row if isinstance(c, Card)] for row in grid.rows])
    if verdict.ok:
        return AnswerCheck(
            True,
            "solution",
            impossible,
            grid=verdict,
            reasons=("Every row and column is a single-flush.", *verdict.reasons),
        )
    reasons.extend(verdict.reasons)
    return _claim(
        impossible,
        wrong,
        missing,
        verdict,
        reasons,
        f"The matrix is not solved, and {UNSOLVED_RULE}: ",
    )


def _check_shape(grid: Grid, count: int) -> None:
    """Raise :class:`AnswerError` unless ``grid`` is a matrix of a set of ``count`` cards."""
    rows, cols = grid.shape
    if rows * cols != count:
        raise AnswerError(
            f"the answer is {rows}x{cols} ({rows * cols} places) but the set has {count} cards"
        )
    size = _shape_of(count)
    if (rows, cols) not in {size, size[::-1]}:
        other = "" if size[0] == size[1] else f" (or {size[1]} rows of {size[0]})"
        raise AnswerError(
            f"the answer is {rows}x{cols}, not a matrix of the set: write {size[0]} rows of "
            f"{size[1]} cards{other}, one row a line"
        )


@dataclass(frozen=True)
class AnswerReading:
    """How a written answer reads, shown to its writer before it is sent: each place as
    read, and what would stop it being checked as written. Never whether it is right."""

    places: tuple[tuple[Written, ...], ...]
    problems: tuple[str, ...]
    bare_claim: bool = False  # "No" or "impossible" alone


def read_answer(answer: str, cards: Sequence[Card]) -> AnswerReading:
    """Read an answer to the set ``cards`` as :func:`check_answer` will, and say what is
    wrong with its writing: names that do not read, empty places (``?``), the array's
    shape, cards written twice, cards not in the set or left out.

    >>> from printables.cards import FOUR_D, read_cards
    >>> book = read_cards("RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T", FOUR_D)
    >>> read_answer("bbzt bg~t bw=t / gb~t gg=t gwzt / rbzt rgzc rwzs", book).problems
    ()
    >>> read_answer("bbzt ? Bx=t", book).problems[:2]
    ("row 1, card 3: 'Bx=t': 'x' is not a shade; expected b, g or w", '1 place is still empty')
    """
    text = answer.strip()
    if not text:
        return AnswerReading((), ("nothing is written yet",))
    if is_bare_claim(text):
        return AnswerReading((), (), bare_claim=True)
    deck = cards[0].deck
    places = tuple(tuple(row) for row in read_places(answer, deck))
    problems = [x.reason for row in places for x in row if isinstance(x, Unread)]
    empty = sum(x is None for row in places for x in row)
    if empty:
        problems.append(f"{empty} place{'s are' if empty > 1 else ' is'} still empty")
    if not problems:
        try:
            grid = read_grid(answer, deck)
            _check_shape(grid, len(cards))
        except (NotationError, AnswerError) as error:
            problems.append(str(error))
        else:
            written = set(grid.cards())
            wrong = [c for c in grid.cards() if c not in set(cards)]
            missing = [c for c in cards if c not in written]
            if wrong:
                problems.append(f"not in your set: {names(wrong)}")
            if missing and not (grid.claims_impossible and len(missing) == 1):
                problems.append(f"left out: {names(missing)}")
    return AnswerReading(places, tuple(problems))


def _claim(
    impossible: bool,
    wrong: tuple[Card, ...],
    missing: tuple[Card, ...],
    verdict: MatrixVerdict | None,
    reasons: list[str],
    lead: str,
) -> AnswerCheck:
    if impossible:
        reasons.append(lead + "right, no arrangement of the set is solved.")
    else:
        reasons.append(lead + "wrong, the set can be solved.")
    return AnswerCheck(
        impossible, "impossible", impossible, wrong, missing, verdict, tuple(reasons)
    )

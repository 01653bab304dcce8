"""Matrix and Challenge Matrix (4D Playing Cards rulebook, "Matrix").

**Matrix** (solitaire): deal yourself 9 cards (16, 25 for 4x4, 5x5; 12, 15, 20 for the
rectangles 3x4, 3x5, 4x5) and arrange them in rows and columns so that every row
and every column is a single-flush. Some sets are impossible; giving up is allowed,
and advanced players prove a set unsolvable.

**Challenge Matrix** (2 to 6 players): each player is dealt 12 cards and chooses 9
to pass face down to another player: on the first hand to the player on the left,
on the next to the second player on the left, and so on. At "Go" everyone races to
solve the square received; a player who finishes, or decides the square is
impossible, announces it. First place scores the number of players, second one
less, last place 1. A square found not solved, or a solvable square declared
impossible, is an error: its player subtracts the score instead. A game is an
agreed number of rounds (a round: players - 1 hands, one to each opponent); high
total wins.

The project's readings (docs/readings/matrix.md):

- Matrix is the solitaire hand (the book's "1 to unlimited" players each play their
  own). Cards are placed one at a time, in reading order (row by row, left to
  right), so a move is "which card goes next"; the hand ends when the grid is full
  (won when solved) or when the player declares the set impossible (won when the
  exhaustive solver proves it so; a wrong declaration is giving up, and loses).
- Challenge Matrix's simultaneous race is modelled as turns in seat order from the
  dealer's left: first each player sets aside the cards to keep (12 - 9 = 3, one
  at a time), then, once every set is passed, each announces an answer (a grid of
  the set received, or "impossible") with the elapsed seconds. Places follow the
  seconds; players with equal times share the better place and its score (3
  players at 60, 60, 90 s score 3, 3, 1).
- Option ``hand`` (1 = the first hand) sets the passing distance of the first deal,
  and each next hand (:meth:`Game.next_hand`) passes one place further, counting round
  and round: hand k passes to the ((k - 1) mod (players - 1)) + 1-th player on the
  left, never to oneself.
- Random play answers from a small menu: the solver's solution, the cards arranged
  as passed, and "impossible", each at 60 or 120 seconds, so right and wrong answers
  and tied times all occur.

>>> state = GAME.setup(1, seed=3)
>>> len(state.hand), GAME.legal_moves(state)[-1]
(9, Declare())
>>> CHALLENGE.setup(3, seed=1).options.deal
12
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards, read_grid
from printables.cards.wording import names
from printables.games.base import (
    OptionError,
    Outcome,
    PositionError,
    Scored,
    Seen,
    Zone,
    replaced,
    seat_name,
)
from printables.games.dealing import deal, left_of
from printables.games.fourd import FourDGame
from printables.matrix.check import check_grid, check_size
from printables.matrix.solver import solve

Rows = tuple[tuple[Card, ...], ...]


@lru_cache(maxsize=4096)
def _solution(cards: frozenset[Card], rows: int, cols: int) -> Rows | None:
    """The solver's answer for a set (cached: playouts ask for the same set often)."""
    return solve(sorted(cards), rows, cols)


def solution(cards: Iterable[Card], rows: int, cols: int) -> Rows | None:
    """A solved arrangement of the set, or None when it is impossible."""
    return _solution(frozenset(cards), rows, cols)


def grid_text(rows: Rows) -> str:
    """A grid on one line, rows separated by ``/``."""
    return " / ".join(names(row) for row in rows)


def _cell(row: int, col: int) -> str:
    return f"row {row + 1}, column {col + 1}"


# -- Matrix (solitaire) ------------------------------------------------------------------------


@dataclass(frozen=True)
class MatrixOptions:
    rows: int = field(default=3, metadata={"help": "rows of the matrix: 3, 4 or 5"})
    cols: int = field(
        default=3,
        metadata={
            "help": "columns of the matrix: 3, 4 or 5 (3x3, 3x4, 3x5, 4x4, 4x5, 5x5 or a transpose)"
        },
    )

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols, OptionError)


@dataclass(frozen=True)
class Place:
    """Put ``card`` from the hand in the cell at ``row``, ``col`` (0-based)."""

    card: Card
    row: int
    col: int

    def __str__(self) -> str:
        return f"place {self.card} at {_cell(self.row, self.col)}"


@dataclass(frozen=True)
class Declare:
    """Declare the set impossible (the hand ends; right only if it is)."""

    def __str__(self) -> str:
        return "declare the set impossible"


MatrixMove = Place | Declare


@dataclass(frozen=True)
class MatrixState:
    options: MatrixOptions
    seed: int
    dealer: int
    hand: tuple[Card, ...]
    grid: tuple[Card | None, ...]  # row by row
    stock: tuple[Card, ...]
    declared: bool = False
    hand_number: int = 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """The whole set: cards placed and cards in hand."""
        return (*(c for c in self.grid if c is not None), *self.hand)

    def rows(self) -> Rows:
        """The grid's rows (only when it is full)."""
        cols = self.options.cols
        cells = tuple(c for c in self.grid if c is not None)
        return tuple(cells[r * cols : (r + 1) * cols] for r in range(self.options.rows))


class Matrix(FourDGame[MatrixState, MatrixMove, MatrixOptions]):
    key = "matrix"
    title = "Matrix"
    summary = "Arrange the cards in a grid so that every row and column shares a value."
    players = (1, 1)
    move_types = (Place, Declare)
    one_hand = True
    options_type = MatrixOptions
    position_help = (
        "a grid of cards, rows separated by '/' or new lines "
        "(e.g. 'BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS')"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: MatrixOptions, hand_number: int
    ) -> MatrixState:
        pack = self.pack(seed, hand_number)
        hands, rest = deal(pack, players, options.rows * options.cols, dealer)
        return MatrixState(
            options,
            seed,
            dealer,
            tuple(hands[0]),
            (None,) * (options.rows * options.cols),
            tuple(rest),
            hand_number=hand_number,
        )

    def _next_cell(self, state: MatrixState) -> int | None:
        try:
            return state.grid.index(None)
        except ValueError:
            return None

    def to_move(self, state: MatrixState) -> int | None:
        if state.declared or self._next_cell(state) is None:
            return None
        return 0

    def candidate_moves(self, state: MatrixState) -> Iterable[MatrixMove]:
        cols = state.options.cols
        for card in state.hand:
            for cell in range(len(state.grid)):
                yield Place(card, cell // cols, cell % cols)
        yield Declare()

    def legal_moves(self, state: MatrixState) -> list[MatrixMove]:
        cell = self._next_cell(state)
        if state.declared or cell is None:
            return []
        cols = state.options.cols
        moves: list[MatrixMove] = [Place(c, cell // cols, cell % cols) for c in state.hand]
        return [*moves, Declare()]

    def why_illegal(self, state: MatrixState, move: MatrixMove) -> str | None:
        if isinstance(move, Declare):
            return None
        rows, cols = state.options.rows, state.options.cols
        if move.card not in state.hand:
            where = "already placed" if move.card in state.grid else "not in your hand"
            return f"{move.card} is {where}."
        if not (0 <= move.row < rows and 0 <= move.col < cols):
            return f"A {rows}x{cols} matrix has no {_cell(move.row, move.col)}."
        held = state.grid[move.row * cols + move.col]
        if held is not None:
            return f"{_cell(move.row, move.col).capitalize()} already holds {held}."
        cell = self._next_cell(state)
        if cell is None or cell == move.row * cols + move.col:
            return None
        return (
            f"Cards are placed in reading order; the next card goes at "
            f"{_cell(cell // cols, cell % cols)}."
        )

    def _apply(self, state: MatrixState, move: MatrixMove) -> MatrixState:
        if isinstance(move, Declare):
            return replace(state, declared=True)
        cell = move.row * state.options.cols + move.col
        grid = (*state.grid[:cell], move.card, *state.grid[cell + 1 :])
        return replace(state, grid=grid, hand=tuple(c for c in state.hand if c != move.card))

    def zones(self, state: MatrixState) -> tuple[Zone, ...]:
        placed = tuple(c for c in state.grid if c is not None)
        return (
            Zone("hand", state.hand, 0, "owner"),
            Zone("matrix", placed, 0, "all"),
            Zone("stock", state.stock, None, "none"),
        )

    def outcome(self, state: MatrixState) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        rows, cols = state.options.rows, state.options.cols
        if state.declared:
            found = solution(state.cards, rows, cols)
            if found is None:
                return Outcome(
                    (0,),
                    (1,),
                    (
                        "Right: the set is impossible; no arrangement "
                        "makes every row and column a single-flush.",
                    ),
                )
            return Outcome(
                (), (0,), (f"The set is not impossible; it can be solved: {grid_text(found)}.",)
            )
        verdict = check_grid(state.rows())
        if verdict.ok:
            return Outcome(
                (0,), (1,), ("Solved: every row and column is a single-flush.", *verdict.reasons)
            )
        # The book's note: an unsolved matrix claimed finished is treated as a declaration
        # that the set is impossible (right only if it truly is).
        claim = "Not solved, which counts as declaring the set impossible"
        found = solution(state.cards, rows, cols)
        if found is None:
            right = f"{claim}; and it is: no arrangement makes every row and column a single-flush."
            return Outcome((0,), (1,), (right, *verdict.reasons))
        wrong = f"{claim}; but it can be solved: {grid_text(found)}."
        return Outcome((), (0,), (wrong, *verdict.reasons))

    def invariants(self, state: MatrixState) -> list[str]:
        broken = []
        size = state.options.rows * state.options.cols
        if len(state.hand) + sum(c is not None for c in state.grid) != size:
            broken.append(f"the set no longer has {size} cards")
        cell = self._next_cell(state)
        if cell is not None and any(c is not None for c in state.grid[cell:]):
            broken.append("a card was placed out of reading order")
        return broken

    def score_position(self, text: str, options: MatrixOptions | None = None) -> Scored:
        grid = read_grid(text, FOUR_D)
        if grid.claims_impossible:
            raise PositionError("write the full matrix; 'No' marks a MAT answer, not a position")
        rows = tuple(tuple(c for c in row if isinstance(c, Card)) for row in grid.rows)
        verdict = check_grid(rows)
        shape = f"{len(rows)}x{len(rows[0])}"
        details: dict[str, Any] = {
            "solved": verdict.ok,
            "lines": [
                {
                    "line": line.name,
                    "shared": [v.name for v in line.shared],
                    "problem": line.problem,
                }
                for line in verdict.lines
            ],
        }
        if verdict.ok:
            return Scored(self.title, None, f"Solved {shape} matrix", verdict.reasons, details)
        found = solve(grid.cards(), len(rows), len(rows[0]))
        details["solution"] = None if found is None else [[str(c) for c in r] for r in found]
        after = (
            "The set is impossible: no arrangement solves it."
            if found is None
            else f"The set can be solved: {grid_text(found)}."
        )
        failing = len(verdict.failing)
        summary = f"Not solved: {failing} line{'s' if failing > 1 else ''} share no value"
        return Scored(self.title, None, summary, (*verdict.reasons, after), details)


# -- Challenge Matrix --------------------------------------------------------------------------

TIMES = (60, 120)
"""The elapsed seconds random play chooses from (so tied times occur)."""


@dataclass(frozen=True)
class ChallengeOptions:
    deal: int = field(
        default=12,
        metadata={
            "help": "cards dealt to each player (at least rows x cols; the rest are kept back)"
        },
    )
    rows: int = field(default=3, metadata={"help": "rows of the square or rectangle"})
    cols: int = field(default=3, metadata={"help": "columns of the square or rectangle"})
    hand: int = field(
        default=1,
        metadata={
            "help": "which hand of the round the first deal is: hand k passes to the k-th "
            "player on the left (each next hand one further)"
        },
    )
    rounds: int = field(
        default=1, metadata={"help": "rounds in a game (a round is players - 1 hands)"}
    )

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols, OptionError)
        if not self.rows * self.cols <= self.deal <= 40:
            raise OptionError(
                f"deal must be {self.rows * self.cols} (rows x cols) to 40 cards, not {self.deal}"
            )
        if self.hand < 1:
            raise OptionError(f"hand counts from 1, not {self.hand}")
        if self.rounds < 1:
            raise OptionError(f"rounds must be at least 1, not {self.rounds}")


@dataclass(frozen=True)
class Keep:
    """Set ``card`` aside, not to be passed (the cards left in hand are passed)."""

    card: Card

    def __str__(self) -> str:
        return f"keep {self.card} back"


@dataclass(frozen=True)
class Announce:
    """Announce an answer after ``seconds``: a grid (``rows``) or, when None, "impossible"."""

    rows: Rows | None
    seconds: int

    def __str__(self) -> str:
        what = "impossible" if self.rows is None else f"solved: {grid_text(self.rows)}"
        return f"announce {what} at {self.seconds} s"


ChallengeMove = Keep | Announce


@dataclass(frozen=True)
class ChallengeState:
    options: ChallengeOptions
    seed: int
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]  # while choosing; emptied when the sets are passed
    kept: tuple[tuple[Card, ...], ...]
    sets: tuple[tuple[Card, ...], ...]  # the set each player received (empty before passing)
    answers: tuple[Announce | None, ...]
    stock: tuple[Card, ...]
    hand_number: int = 0

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def passed(self) -> bool:
        return bool(self.sets[0])

    @property
    def done(self) -> bool:
        return all(a is not None for a in self.answers)


def pass_distance(hand: int, players: int) -> int:
    """How many places to the left the sets go on hand ``hand`` (1-based).

    >>> [pass_distance(k, 4) for k in range(1, 6)]
    [1, 2, 3, 1, 2]
    """
    return (hand - 1) % (players - 1) + 1


class ChallengeMatrix(FourDGame[ChallengeState, ChallengeMove, ChallengeOptions]):
    key = "challenge-matrix"
    title = "Challenge Matrix"
    summary = "Pass nine cards to an opponent, then race to solve the square you receive."
    players = (2, 6)
    move_types = (Keep, Announce)
    options_type = ChallengeOptions
    position_help = (
        "the answers of a hand, one per player, separated by ';' or new lines: "
        "SECONDS: GRID (rows separated by '/') or SECONDS: impossible CARDS "
        "(e.g. '40: BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS')"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: ChallengeOptions, hand_number: int
    ) -> ChallengeState:
        if options.deal * players > len(self.deck):
            raise OptionError(
                f"{players} players cannot each be dealt {options.deal} of {len(self.deck)} cards"
            )
        hands, rest = deal(self.pack(seed, hand_number), players, options.deal, dealer)
        empty: tuple[tuple[Card, ...], ...] = ((),) * players
        state = ChallengeState(
            options,
            seed,
            dealer,
            left_of(dealer, players),
            tuple(tuple(h) for h in hands),
            empty,
            empty,
            (None,) * players,
            tuple(rest),
            hand_number=hand_number,
        )
        if options.deal == options.rows * options.cols:
            state = self._pass_sets(state)
        return state

    def _to_keep(self, state: ChallengeState) -> int:
        return state.options.deal - state.options.rows * state.options.cols

    def _pass_sets(self, state: ChallengeState) -> ChallengeState:
        n = state.players
        step = pass_distance(state.options.hand + state.hand_number, n)
        sets = [state.hands[(seat - step) % n] for seat in range(n)]
        return replace(state, sets=tuple(sets), hands=((),) * n, turn=left_of(state.dealer, n))

    def to_move(self, state: ChallengeState) -> int | None:
        return None if state.done else state.turn

    def menu(self, state: ChallengeState) -> list[Announce]:
        """The answers random play chooses from: the solver's grid, the set as passed, and
        "impossible", each at each of :data:`TIMES`."""
        rows, cols = state.options.rows, state.options.cols
        cards = state.sets[state.turn]
        grids: list[Rows | None] = []
        found = solution(cards, rows, cols)
        if found is not None:
            grids.append(found)
        as_passed = tuple(cards[r * cols : (r + 1) * cols] for r in range(rows))
        if as_passed != found:
            grids.append(as_passed)
        grids.append(None)
        return [Announce(g, s) for s in TIMES for g in grids]

    def candidate_moves(self, state: ChallengeState) -> Iterable[ChallengeMove]:
        if state.passed:
            return self.menu(state)
        return [Keep(c) for c in state.hands[state.turn]]

    def legal_moves(self, state: ChallengeState) -> list[ChallengeMove]:
        if state.done:
            return []
        return list(self.candidate_moves(state))  # every candidate of the phase is legal

    def why_illegal(self, state: ChallengeState, move: ChallengeMove) -> str | None:
        seat = state.turn
        if isinstance(move, Keep):
            if state.passed:
                return "The cards have been passed; it is time to announce an answer."
            if move.card not in state.hands[seat]:
                return f"{move.card} is not in {seat_name(seat)}'s hand."
            return None
        if not state.passed:
            keep = self._to_keep(state)
            size = state.options.rows * state.options.cols
            return (
                f"Answers come after every player has passed {size}"
                f" cards; first choose {keep} cards to keep back."
            )
        if move.seconds < 0:
            return f"An elapsed time cannot be negative ({move.seconds} s)."
        if move.rows is None:
            return None
        return self.why_not_the_set(state.sets[seat], move.rows, state.options)

    def why_not_the_set(
        self, cards: Sequence[Card], rows: Rows, options: ChallengeOptions
    ) -> str | None:
        """Why ``rows`` is not an arrangement of the set ``cards`` (None when it is)."""
        r, c = options.rows, options.cols
        if len(rows) != r or any(len(row) != c for row in rows):
            return f"An answer is {r} rows of {c} cards."
        written = [x for row in rows for x in row]
        extra = [x for x in written if x not in cards]
        if extra:
            return f"{names(extra)} {'is' if len(extra) == 1 else 'are'} not in the set received."
        missing = [x for x in cards if x not in written]
        if missing:
            return f"The answer leaves out {names(missing)} and repeats a card."
        return None

    def _apply(self, state: ChallengeState, move: ChallengeMove) -> ChallengeState:
        seat, n = state.turn, state.players
        if isinstance(move, Keep):
            hand = tuple(c for c in state.hands[seat] if c != move.card)
            kept = (*state.kept[seat], move.card)
            state = replace(
                state,
                hands=replaced(state.hands, seat, hand),
                kept=replaced(state.kept, seat, kept),
            )
            if len(kept) < self._to_keep(state):
                return state
            if left_of(seat, n) == left_of(state.dealer, n):
                return self._pass_sets(state)
            return replace(state, turn=left_of(seat, n))
        answers = (*state.answers[:seat], move, *state.answers[seat + 1 :])
        return replace(state, answers=answers, turn=left_of(seat, n))

    def zones(self, state: ChallengeState) -> tuple[Zone, ...]:
        seen: Seen = "all" if state.done else "owner"
        zones = [Zone("hand", h, s, "owner") for s, h in enumerate(state.hands)]
        zones += [Zone("kept back", k, s, "owner") for s, k in enumerate(state.kept)]
        zones += [Zone("set received", x, s, seen) for s, x in enumerate(state.sets)]
        return (*zones, Zone("stock", state.stock, None, "none"))

    def is_right(self, cards: Sequence[Card], answer: Announce, options: ChallengeOptions) -> bool:
        """A grid is right when solved; "impossible" when no arrangement solves the set."""
        if answer.rows is None:
            return solution(cards, options.rows, options.cols) is None
        return check_grid(answer.rows).ok

    def outcome(self, state: ChallengeState) -> Outcome | None:
        if not state.done:
            return None
        answers = [a for a in state.answers if a is not None]
        right = [self.is_right(state.sets[s], a, state.options) for s, a in enumerate(answers)]
        return hand_outcome([a.seconds for a in answers], right)

    def invariants(self, state: ChallengeState) -> list[str]:
        broken = []
        size = state.options.rows * state.options.cols
        if state.passed and any(len(x) != size for x in state.sets):
            broken.append(f"a set passed does not hold {size} cards")
        if any(len(k) > self._to_keep(state) for k in state.kept):
            broken.append("a player kept back too many cards")
        if not state.passed and any(a is not None for a in state.answers):
            broken.append("an answer came before the sets were passed")
        return broken

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: ChallengeOptions | None = None
    ) -> Outcome | None:
        options = options or ChallengeOptions()
        needed = options.rounds * (len(totals) - 1)
        if hands < needed:
            return None
        best = max(totals)
        won = tuple(s for s, t in enumerate(totals) if t == best)
        who = " and ".join(seat_name(s) for s in won)
        return Outcome(
            won,
            tuple(totals),
            (
                f"After {options.rounds} round{'s' if options.rounds > 1 else ''} ({needed} hands) "
                f"the high total, {best}, wins: {who}.",
            ),
        )

    def score_position(self, text: str, options: ChallengeOptions | None = None) -> Scored:
        options = options or ChallengeOptions()
        entries = [e.strip() for e in text.replace("\n", ";").split(";") if e.strip()]
        if len(entries) < 2:
            raise PositionError("write one answer per player, at least two, separated by ';'")
        seconds, right, shown = [], [], []
        for number, entry in enumerate(entries, 1):
            head, colon, body = entry.partition(":")
            if not colon or not head.strip().isdigit():
                raise PositionError(
                    f"answer {number} {entry!r}: start with the seconds, as '45: ...'"
                )
            seconds.append(int(head))
            body = body.strip()
            if body.lower().startswith("impossible"):
                cards = read_cards(body[len("impossible") :], FOUR_D)
                if len(cards) != options.rows * options.cols:
                    raise PositionError(
                        f"answer {number}: a {options.rows}x{options.cols} set has "
                        f"{options.rows * options.cols} cards, not {len(cards)}"
                    )
                right.append(solution(cards, options.rows, options.cols) is None)
                shown.append("impossible")
                continue
            grid = read_grid(body, FOUR_D)
            rows = tuple(tuple(c for c in row if isinstance(c, Card)) for row in grid.rows)
            right.append(check_grid(rows).ok)
            shown.append("grid")
        result = hand_outcome(seconds, right)
        summary = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(result.scores))
        details = {
            "scores": list(result.scores),
            "right": right,
            "answers": shown,
            "seconds": seconds,
        }
        return Scored(self.title, None, summary, result.reasons, details)


def place_scores(seconds: Sequence[int]) -> tuple[int, ...]:
    """Each player's score for a place: the number of players less those strictly
    faster (equal times share the better place).

    >>> place_scores([90, 30, 60]), place_scores([60, 60, 90])
    ((1, 3, 2), (3, 3, 1))
    """
    n = len(seconds)
    return tuple(n - sum(1 for other in seconds if other < mine) for mine in seconds)


def hand_outcome(seconds: Sequence[int], right: Sequence[bool]) -> Outcome:
    """A Challenge Matrix hand scored from each player's time and whether the answer holds:
    a place's score is added when right and subtracted when in error."""
    places = place_scores(seconds)
    scores = tuple(p if ok else -p for p, ok in zip(places, right, strict=True))
    best = max(scores)
    reasons = []
    for seat, (p, ok, sec) in enumerate(zip(places, right, seconds, strict=True)):
        sign = "scores" if ok else "is in error and loses"
        reasons.append(f"{seat_name(seat).capitalize()} answered at {sec} s and {sign} {p}.")
    return Outcome(tuple(s for s, x in enumerate(scores) if x == best), scores, tuple(reasons))


GAME = Matrix()
CHALLENGE = ChallengeMatrix()
GAMES = (GAME, CHALLENGE)

"""Costly Tricks problems (PARADOX): a puzzle kind (:data:`KIND`) of endings to solve, and
two drills of the trick rules, reproducible from a short id and graded by the solver.

Three questions, each at three levels:

- **play**: an ending of 3 to 6 cards a hand, all four hands face up: "A to lead: which
  card, and what net?". The solver (:mod:`printables.paradox.solver`) grades it: the seat
  to move has exactly one best card, the *margin* is how much the second-best card loses
  against best play, and the *depth* is the trick from which the best card's line stays
  ahead of the second-best card's to the end (1: the trick being played shows it).
  *Easy*: the difference shows in the first trick and the margin is at least
  :data:`EASY_MARGIN`; *hard*: it shows only from the third trick on; *medium*: the rest.
  (Over random deals of 3 and 4 cards a hand, with one best card, about a quarter, a third
  and a half are easy, medium and hard.)
- **legal**: "which cards may B play to this trick?" (a trick in progress). *Easy*: the
  hand must follow the led color; *medium*: it must play the trump in force; *hard*: it
  must make a new trump, or holds nothing that it must play (any card, without power).
  At the easy and medium levels the hand always holds a card it may not play.
- **winner**: "who wins this trick?" (a whole trick, the hands as they are after it).
  *Easy*: every hand followed; *medium*: one trump was made; *hard*: the trump changed,
  or a card was played without power.

Ids say their kind and name the problem completely:

- ``costly-tricks-`` and six characters: a generated problem. The characters hold the
  question, the cards a hand, the level and a seed, scrambled (as Matrix ids are), so a
  mistyped id is almost always refused rather than read as another problem;
- ``costly-tricks-p-`` and a code: any position (a "which card" problem), by its cards,
  the seat that leads and the trick in progress, with a check character at the end.

Codes are base-32 numbers in Crockford's alphabet (``o`` reads as ``0``, ``i`` and ``l``
as ``1``); ids are read in any case and printed in lower case.

A generated id means what the generation makes of its seed: the deals (Python's
``random.Random`` seeded with the id), the deck's order, the solver's values (exact, so
any correct solver gives the same) and this module's rules and constants (the levels,
:data:`MID_TRICK`, :data:`ATTEMPTS`, the deals for drills, :func:`best_line`'s choice
among equal cards). Changing any of these changes what printed ids mean; the golden file
(``tests/printables/golden/puzzle-ids.json``, key ``costly-tricks``) holds them.

>>> problem = KIND.generate(11, KIND.choices(cards="3", question="legal", level="easy"))
>>> problem.id, problem.question, problem.grade.level, problem.size_text
('costly-tricks-fqtq5j', 'legal', 'easy', '3 cards a hand')
>>> KIND.get("COSTLY-TRICKS-FQTQ5J") == problem
True
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.errors import CardNameError
from printables.cards.wording import or_list, signed
from printables.paradox.solver import Solution, Solver, solve
from printables.paradox.tricks import (
    COLORS,
    SEATS,
    Position,
    TrickPositionError,
    color,
    duty,
    legal_cards,
    next_seat,
    points,
    side_of,
    trump_of,
    why_not,
    winner,
)
from printables.paradox.wording import (
    card_list,
    hand_order,
    line_sentences,
    rule_sentence,
    running_nets,
    side_name,
    taken_sentence,
    trick_story,
)
from printables.puzzles import (
    CODE_ALPHABET,
    GenerationError,
    PuzzleError,
    PuzzleIdError,
    PuzzleKind,
    Scramble,
    base32,
    plain_code,
    read_base32,
    sheet_seeds,
)

KEY = "costly-tricks"
PREFIX = KEY + "-"
QUESTIONS = {"p": "play", "l": "legal", "w": "winner"}
"""The three questions: which card and what net, which cards may be played, who wins."""
LEVELS = {"e": "easy", "m": "medium", "h": "hard"}
HAND_SIZES = (3, 4, 5, 6)
"""Cards a hand, at the start of the trick, in a generated problem."""
MOST_CARDS = 6
"""The largest ending the solver is asked about: a position typed or named by its id may
hold no more cards a hand (more would take the solver far too long)."""

EASY_MARGIN = 4
"""An easy problem's second-best card loses at least this much, in the first trick."""
HARD_DEPTH = 3
"""A problem is hard when the best card's line stays ahead only from this trick on."""
MID_TRICK = 0.3
"""The chance that a generated "which card" problem starts in the middle of a trick."""
ATTEMPTS = 400
"""Deals tried for one problem before a request is declared unmeetable."""

MAX_SEED = 10**6
_SCRAMBLE = Scramble(0x1B873593)  # six characters; 36 * MAX_SEED uses about 1/30 of them
_VARIANTS = len(QUESTIONS) * len(HAND_SIZES) * len(LEVELS)
_DECK_BITS = len(PARADOX.cards)
_SUIT_ORDER = "RGPB"
_DECK_ORDER = {c: i for i, c in enumerate(PARADOX.cards)}
ID_HELP = (
    "costly-tricks- and six letters or digits, such as costly-tricks-fqtq5j, or "
    "costly-tricks-p- and a position code"
)


# -- the problems --------------------------------------------------------------------------


@dataclass(frozen=True)
class Grade:
    """How hard a problem is, and why: for a "which card" problem, the solver's margin
    and depth; for a drill, the rule it drills."""

    level: str  # easy, medium or hard; "" for a position without a single best card
    margin: int = 0  # play: what the second-best card loses against the best
    depth: int = 0  # play: the trick from which the best card's line stays ahead
    rule: str = ""  # legal: the rule that applies; winner: how the trick was won
    choice: bool = True  # play: False when the seat to move has only one card to play

    @property
    def text(self) -> str:
        """A line for an answer key: ``"medium: the next best card loses 4, shown in
        trick 2"``."""
        if self.rule:
            return f"{self.level}: {self.rule}"
        if not self.level:
            return "no single best card" if self.choice else "only one card may be played"
        return f"{self.level}: the next best card loses {self.margin}, shown in trick {self.depth}"


@dataclass(frozen=True)
class Problem:
    """A Costly Tricks problem: its id, its question and level, the position the diagram
    shows (for *winner*, the trick's start) and, for *winner*, the whole trick. A "which
    card" problem also holds the solver's :class:`~printables.paradox.solver.Solution`."""

    id: str
    question: str  # play, legal or winner
    position: Position
    trick: tuple[Card, ...] = ()
    solution: Solution | None = None
    known: tuple[Grade, tuple[Card, ...]] | None = field(default=None, compare=False, repr=False)
    """The grade (and for "which card", the line of best play), when already worked out."""

    @cached_property
    def graded(self) -> tuple[Grade, tuple[Card, ...]]:
        if self.known is not None:
            return self.known
        assert self.solution is not None
        return grade_play(self.position, self.solution)

    @property
    def grade(self) -> Grade:
        """How hard the problem is (for a position named by its id, worked out when
        first asked: it takes the solver a while)."""
        return self.graded[0]

    @property
    def line(self) -> tuple[Card, ...]:
        """A "which card" problem's line of best play (:func:`best_line`)."""
        return self.graded[1]

    @property
    def hand_size(self) -> int:
        """Cards a hand at the start of the trick."""
        return max(len(h) for h in self.position.hands)

    @property
    def size_text(self) -> str:
        return f"{self.hand_size} cards a hand"

    @property
    def named_by_position(self) -> bool:
        """Whether the id is the position's own code (``costly-tricks-p-...``)."""
        return self.id.startswith(PREFIX + "p-")

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The seats' names, by seat number (A, B, A's ghost, B's ghost)."""
        return SEATS

    @property
    def seat(self) -> int:
        """The seat asked about: the one to move (for *winner*, the leader)."""
        return self.position.to_move

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as the diagram shows them (after the trick, for *winner*), laid out
        by color."""
        hands = self.position.hands
        if self.trick:
            hands = tuple(tuple(c for c in h if c not in self.trick) for h in self.position.hands)
        return tuple(hand_order(h) for h in hands)

    @property
    def table(self) -> tuple[tuple[int, Card], ...]:
        """The cards on the table, in the order played, with the seat of each."""
        shown = self.trick or self.position.trick
        return tuple((next_seat(self.position.leader, k), c) for k, c in enumerate(shown))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card shown: the hands in seat order, then the table."""
        return (*(c for h in self.hands for c in h), *(c for _, c in self.table))

    @property
    def text(self) -> str:
        """The question, as printed."""
        who = SEATS[self.seat]
        if self.question == "play":
            verb = "lead" if not self.position.trick else "play"
            return f"{who} to {verb}: which card, and what net for {side_name(self.seat)}?"
        if self.question == "legal":
            return f"Which cards may {who} play to this trick?"
        return "Who wins this trick?"

    @property
    def answer_hint(self) -> str:
        """How an answer is written."""
        if self.question == "play":
            return "a card, or a card and the net, such as R5 +4"
        if self.question == "legal":
            return "the cards, such as R10 R5 (or all)"
        return "a seat: A, B, A's ghost or B's ghost"

    def best(self) -> tuple[Card, ...]:
        """A "which card" problem's best cards (one, for a generated problem)."""
        assert self.solution is not None
        top = self.solution.net
        return tuple(c for c, v in self.solution.cards.items() if v == top)


# -- ids -----------------------------------------------------------------------------------


def generated_id(question: str, cards: int, level: str, seed: int) -> str:
    """The id of a generated problem; ``question`` and ``level`` by name or by letter.

    >>> generated_id("legal", 3, "easy", 11)
    'costly-tricks-fqtq5j'
    >>> parse_id("costly-tricks-fqtq5j")
    ProblemSpec(question='legal', cards=3, level='easy', seed=11, position=None)
    """
    q = list(QUESTIONS).index(_letter(question, QUESTIONS, "question"))
    d = list(LEVELS).index(_letter(level, LEVELS, "difficulty"))
    n = _hand_size(cards)
    if not 0 <= seed < MAX_SEED:
        raise PuzzleIdError(f"the seed must be a whole number from 0 to {MAX_SEED - 1}")
    number = ((seed * len(QUESTIONS) + q) * len(HAND_SIZES) + HAND_SIZES.index(n)) * 3 + d
    return PREFIX + base32(_SCRAMBLE(number), 6)


def position_id(position: Position) -> str:
    """The id that names a position by its cards ("which card, and what net?").

    >>> p = Position.read({"hands": [["R5"], ["B3"], ["P10"], ["B6"]], "leader": 0})
    >>> position_id(p)
    'costly-tricks-p-1jg0j4000010h'
    >>> parse_id(position_id(p)).position == p
    True
    """
    where: dict[Card, int] = {}
    for seat, hand in enumerate(position.hands):
        for card in hand:
            where[card] = seat * 2
    for k, card in enumerate(position.trick):
        where[card] = next_seat(position.leader, k) * 2 + 1
    mask, number = 0, position.leader
    for i, card in reversed(list(enumerate(PARADOX.cards))):
        if card in where:
            mask |= 1 << i
            number = number * 8 + where[card]
    code = base32(number << _DECK_BITS | mask)
    return f"{PREFIX}p-{code}{_check_char(code)}"


def _check_char(code: str) -> str:
    return CODE_ALPHABET[hashlib.sha256(code.encode()).digest()[0] % 32]


def _letter(name: str, table: dict[str, str], what: str) -> str:
    key = name.strip().lower()
    for letter, full in table.items():
        if key == full:
            return letter
    raise PuzzleIdError(f"{name!r} is not a {what}; expected {or_list(list(table.values()))}")


def _hand_size(cards: int | str) -> int:
    text = str(cards).strip()
    if not text.isdigit() or int(text) not in HAND_SIZES:
        raise PuzzleError(
            f"{text!r} is not a number of cards a hand for a problem; expected "
            f"{or_list([str(n) for n in HAND_SIZES])}"
        )
    return int(text)


@dataclass(frozen=True)
class ProblemSpec:
    """What an id says: how to generate the problem, or the position itself."""

    question: str = "play"
    cards: int = 0
    level: str = ""
    seed: int = 0
    position: Position | None = None


def parse_id(text: str) -> ProblemSpec:
    """Read a problem id (any case, surrounding spaces ignored).

    >>> parse_id("costly-tricks-zzzzzz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printables.puzzles.PuzzleIdError: 'costly-tricks-zzzzzz' is not the id of any problem; ...
    """
    key = text.strip().lower()
    if not key.startswith(PREFIX):
        raise PuzzleIdError(f"{text!r} is not a Costly Tricks id; expected {ID_HELP}")
    code = plain_code(key[len(PREFIX) :])
    if code.startswith("p-"):
        return ProblemSpec(position=_position_of(code[2:], text))
    if len(code) != 6:
        raise PuzzleIdError(f"{text!r} is not a Costly Tricks id; expected {ID_HELP}")
    number = _SCRAMBLE.back(read_base32(code, text, "problem"))
    if number >= _VARIANTS * MAX_SEED:
        raise PuzzleIdError(
            f"{text!r} is not the id of any problem; check it for a mistyped character"
        )
    rest, level = divmod(number, 3)
    rest, size = divmod(rest, len(HAND_SIZES))
    seed, question = divmod(rest, len(QUESTIONS))
    return ProblemSpec(
        list(QUESTIONS.values())[question],
        HAND_SIZES[size],
        list(LEVELS.values())[level],
        seed,
    )


def _position_of(code: str, text: str) -> Position:
    mistyped = f"{text!r} is not the id of any position; check it for a mistyped character"
    if len(code) < 2 or _check_char(code[:-1]) != code[-1]:
        raise PuzzleIdError(mistyped)
    number = read_base32(code[:-1], text, "problem")
    mask, number = number & ((1 << _DECK_BITS) - 1), number >> _DECK_BITS
    hands: list[list[Card]] = [[], [], [], []]
    trick: dict[int, Card] = {}
    for i, card in enumerate(PARADOX.cards):
        if mask >> i & 1:
            number, place = divmod(number, 8)
            seat, on_table = divmod(place, 2)
            if on_table:
                if seat in trick:
                    raise PuzzleIdError(mistyped)
                trick[seat] = card
            else:
                hands[seat].append(card)
    leader = number
    if leader > 3:
        raise PuzzleIdError(mistyped)
    order = [next_seat(leader, k) for k in range(len(trick))]
    if sorted(order) != sorted(trick):
        raise PuzzleIdError(mistyped)
    try:
        return Position.checked([hand_order(h) for h in hands], leader, [trick[s] for s in order])
    except TrickPositionError as error:
        raise PuzzleIdError(f"{text!r} names no position that can arise: {error}") from None


# -- grading -------------------------------------------------------------------------------


def best_line(
    position: Position, solution: Solution | None = None, solver: Solver | None = None
) -> tuple[Card, ...]:
    """A line of best play to the end of the round that every correct solver agrees on:
    at each turn the best card, the first in the deck's order among equally good ones
    (the solver's own line is one of many; this one depends on the values alone, so a
    printed key never changes). ``solution`` is the position's, when already known;
    ``solver``, one for its round, when there is one to share."""
    solver = solver or Solver(position)
    line: list[Card] = []
    while not position.over:
        legal = position.legal()
        card = legal[0]
        if len(legal) > 1:
            if solution is not None:
                top = max(solution.cards.values())
                best = [c for c, v in solution.cards.items() if v == top]
            else:
                best = solver.best_cards(position)
            card = min(best, key=_DECK_ORDER.__getitem__)
        solution = None
        line.append(card)
        position, _ = position.play(card)
    return tuple(line)


def grade_play(
    position: Position, solution: Solution, solver: Solver | None = None
) -> tuple[Grade, tuple[Card, ...]]:
    """How hard a "which card" problem is (see the module's docstring), and its line of
    best play (:func:`best_line`); the level is "" when the seat to move has no single
    best card (or only one card). ``solver``: one for the position's round, to share."""
    solver = solver or Solver(position)
    line = best_line(position, solution, solver)
    values = sorted(solution.cards.values(), reverse=True)
    if len(values) < 2 or values[0] == values[1]:
        return Grade("", choice=len(values) > 1), line
    margin = values[0] - values[1]
    depth = play_depth(position, solution, line, solver)
    return Grade(play_level(margin, depth), margin, depth), line


def grade_best(
    position: Position, best: Card, solver: Solver | None = None
) -> tuple[Grade, tuple[Card, ...]]:
    """:func:`grade_play` of a position whose single best card ``best`` is known, without
    every card's exact value: the same grade and line from the best card's value, the
    next best value and the cards that reach it (:meth:`Solver.runner_up`)."""
    solver = solver or Solver(position)
    line = best_line(position, solver=solver)
    if len(position.legal()) < 2:
        return Grade("", choice=False), line
    second, seconds = solver.runner_up(position, best)
    margin = solver.value(position) - second
    card = min(seconds, key=_DECK_ORDER.__getitem__)
    depth = _depth(position, line, card, solver)
    return Grade(play_level(margin, depth), margin, depth), line


def play_level(margin: int, depth: int) -> str:
    """The level of a problem whose second-best card loses ``margin``, shown from trick
    ``depth``."""
    if depth == 1 and margin >= EASY_MARGIN:
        return "easy"
    if depth >= HARD_DEPTH:
        return "hard"
    return "medium"


def play_depth(
    position: Position, solution: Solution, line: Sequence[Card], solver: Solver | None = None
) -> int:
    """The trick from which the best card's ``line`` stays ahead of the line of the
    second-best card (the first in the deck's order, if several are second best), both
    played out by :func:`best_line` (with ``solver``, one for the round, when given)."""
    second = sorted(set(solution.cards.values()))[-2]
    card = min((c for c, v in solution.cards.items() if v == second), key=_DECK_ORDER.__getitem__)
    return _depth(position, line, card, solver or Solver(position))


def _depth(position: Position, line: Sequence[Card], card: Card, solver: Solver) -> int:
    """:func:`play_depth`, once the second-best ``card`` is known."""
    side = side_of(position.to_move)
    after, _ = position.play(card)
    other = (card, *best_line(after, solver=solver))
    best = running_nets(position, line, side)
    worse = running_nets(position, other, side)
    behind = [t for t in range(len(best)) if best[t] <= worse[t]]
    return behind[-1] + 2 if behind else 1


DRILL_RULES = {
    "legal": {"easy": ("follow",), "medium": ("trump",), "hard": ("new trump", "discard")},
    "winner": {"easy": ("every hand followed",), "medium": ("one trump was made",),
               "hard": ("the trump changed", "a card was played without power")},
}  # fmt: skip
"""The rules each drill's levels ask for (see the module's docstring)."""


def winner_rule(leader: int, trick: Sequence[Card]) -> str:
    """How a whole trick was won: ``"every hand followed"``, ``"one trump was made"``,
    ``"the trump changed"`` or ``"a card was played without power"``."""
    led = color(trick[0])
    trumps, discards = 0, 0
    for k in range(1, len(trick)):
        before, now = trump_of(trick[:k]), trump_of(trick[: k + 1])
        c = color(trick[k])
        if now != before:
            trumps += 1
        elif c != led and c != before:
            discards += 1
    if discards:
        return "a card was played without power"
    if trumps >= 2:
        return "the trump changed"
    return "one trump was made" if trumps else "every hand followed"


# -- making problems -----------------------------------------------------------------------


def _deal(n: int, rng: random.Random) -> Position:
    cards = rng.sample(PARADOX.cards, 4 * n)
    hands = tuple(hand_order(cards[s * n : (s + 1) * n]) for s in range(4))
    return Position(hands, rng.randrange(4))


def _drill_deal(n: int, rng: random.Random) -> Position:
    """A deal with more voids than chance gives: each hand drawn from one to four colors,
    so that trumps, changes of trump and cards without power come up often."""
    left = list(PARADOX.cards)
    hands = []
    for _ in range(4):
        colors = rng.sample(_SUIT_ORDER, rng.choice((1, 2, 2, 3, 3, 4)))
        pool = [c for c in left if color(c) in colors]
        if len(pool) < n:
            pool = left
        hand = rng.sample(pool, n)
        left = [c for c in left if c not in hand]
        hands.append(hand_order(hand))
    return Position(tuple(hands), rng.randrange(4))


def _play_some(position: Position, count: int, rng: random.Random) -> Position:
    for _ in range(count):
        position, _ = position.play(rng.choice(position.legal()))
    return position


@lru_cache(maxsize=256)
def _problem(problem_id: str) -> Problem:
    spec = parse_id(problem_id)
    if spec.position is not None:
        return _position_problem(spec.position)
    rng = random.Random(problem_id)
    make = {"play": _make_play, "legal": _make_legal, "winner": _make_winner}[spec.question]
    problem = make(problem_id, spec.cards, spec.level, rng)
    if problem is None:
        raise GenerationError(
            f"no {spec.level} {spec.question} problem of {spec.cards} cards a hand was found "
            f"in {ATTEMPTS} deals (id {problem_id}); try another seed or difficulty"
        )
    return problem


def _position_problem(position: Position) -> Problem:
    most = max(len(h) for h in position.hands)
    if most > MOST_CARDS:
        raise PuzzleError(
            f"the position has {most} cards a hand; problems are endings of at most "
            f"{MOST_CARDS} cards a hand"
        )
    return Problem(position_id(position), "play", position, solution=solve(position))


def _make_play(problem_id: str, n: int, level: str, rng: random.Random) -> Problem | None:
    for _ in range(ATTEMPTS):
        position = _deal(n, rng)
        if rng.random() < MID_TRICK:
            position = _play_some(position, rng.randint(1, 3), rng)
        if len(position.legal()) < 2:
            continue
        solver = Solver(position)
        best = solver.single_best(position, EASY_MARGIN if level == "easy" else 1)
        if best is None:
            continue  # no single best card, or too close to be easy: no need to look deeper
        graded = grade_best(position, best, solver)  # every card's value only if kept
        if graded[0].level == level:
            solution = solver.solve(position)
            return Problem(problem_id, "play", position, solution=solution, known=graded)
    return None


def _make_legal(problem_id: str, n: int, level: str, rng: random.Random) -> Problem | None:
    wanted = DRILL_RULES["legal"][level]
    for _ in range(ATTEMPTS):
        position = _play_some(_drill_deal(n, rng), rng.randint(1, 3), rng)
        hand, trick = position.hands[position.to_move], position.trick
        rule, _ = duty(hand, trick)
        if rule not in wanted:
            continue
        if rule in ("follow", "trump") and len(legal_cards(hand, trick)) == len(hand):
            continue  # every card may be played: nothing to drill at this level
        return Problem(problem_id, "legal", position, known=(Grade(level, rule=rule), ()))
    return None


def _make_winner(problem_id: str, n: int, level: str, rng: random.Random) -> Problem | None:
    wanted = DRILL_RULES["winner"][level]
    for _ in range(ATTEMPTS):
        start = _drill_deal(n, rng)
        whole = _play_some(start, 3, rng)
        last = rng.choice(whole.legal())
        trick = (*whole.trick, last)
        rule = winner_rule(start.leader, trick)
        if rule in wanted:
            graded = (Grade(level, rule=rule), ())
            return Problem(problem_id, "winner", start, trick=trick, known=graded)
    return None


def problem_ids(count: int, question: str, cards: int, level: str, seed: int) -> list[str]:
    """The ids of the ``count`` problems of the worksheet printed from ``seed``; another
    seed gives unrelated problems."""
    if not 1 <= count <= 100:
        raise GenerationError(f"a worksheet holds 1 to 100 problems, not {count}")
    seeds = sheet_seeds(count, seed, "costly-tricks worksheet", MAX_SEED)
    return [generated_id(question, cards, level, s) for s in seeds]


# -- answers -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """A written answer's check: right or not, the reasons, and what was read."""

    right: bool
    reasons: tuple[str, ...]
    question: str
    read: dict[str, Any]

    def __bool__(self) -> bool:
        return self.right

    def to_json(self) -> dict[str, Any]:
        return {"right": self.right, "question": self.question, **self.read,
                "reasons": list(self.reasons)}  # fmt: skip


_SEPARATORS = re.compile(r"[\s,;/]+")
_NUMBER = re.compile(r"[+\-\u2212\u2013]?\d+")
_SEAT_WORDS = {
    "a": 0, "b": 1, "a ghost": 2, "as ghost": 2, "ghost a": 2, "ghost of a": 2,
    "b ghost": 3, "bs ghost": 3, "ghost b": 3, "ghost of b": 3,
}  # fmt: skip


def read_card(token: str) -> Card:
    """A card name as written, in any case (``r5``, ``B10``); a wrong one raises a
    ValueError saying what is wrong."""
    try:
        return PARADOX.card(token.upper())
    except CardNameError as error:
        raise ValueError(f"{token!r} is not a PARADOX card: {error.reason}") from None


def read_play(text: str) -> tuple[Card, int | None]:
    """A "which card" answer: a card, and optionally the net (``R5``, ``r5 +4``,
    ``R5, net -2``).

    >>> read_play(" r5  net +4 ")
    (card('R5', deck='paradox'), 4)
    """
    spaced = re.sub(r"([+\-\u2212\u2013])\s+(?=\d)", r"\1", text.strip())
    tokens = [t for t in _SEPARATORS.split(spaced) if t and t.lower() not in ("net", "=")]
    if not tokens:
        raise ValueError("write a card, such as R5, or a card and the net, such as R5 +4")
    numbers = [t for t in tokens if _NUMBER.fullmatch(t)]
    words = [t for t in tokens if not _NUMBER.fullmatch(t)]
    if len(words) != 1:
        found = "no card" if not words else f"{len(words)} words ({' '.join(words)})"
        raise ValueError(
            f"write one card, and the net if you like, such as R5 +4; the answer has {found}"
        )
    if len(numbers) > 1:
        raise ValueError(f"write one net, such as +4 or -2, not {' '.join(numbers)}")
    net = None
    if numbers:
        net = int(numbers[0].replace("\u2212", "-").replace("\u2013", "-"))
    return read_card(words[0]), net


def read_cards(text: str, hand: Sequence[Card]) -> tuple[Card, ...]:
    """A list of cards as written (spaces or commas between them, ``and`` allowed), or
    ``all`` for the whole hand."""
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t and t.lower() != "and"]
    if not tokens:
        raise ValueError("write the cards, such as R10 R5, or all")
    if len(tokens) == 1 and tokens[0].lower() in ("all", "any"):
        return tuple(hand)
    return tuple(dict.fromkeys(read_card(t) for t in tokens))


def read_seat(text: str, table: Sequence[tuple[int, Card]] = ()) -> int:
    """A seat as written: ``A``, ``b``, ``A's ghost``, ``ghost of B``..., or the card a seat
    played to the trick on the table.

    >>> read_seat("a\u2019s Ghost"), read_seat(" B ")
    (2, 1)
    """
    words = re.sub(r"['\u2019`]", "", text.strip().lower())
    words = " ".join(words.split())
    if words in _SEAT_WORDS:
        return _SEAT_WORDS[words]
    try:
        card = PARADOX.card(text.strip().upper())
    except CardNameError:
        card = None
    for seat, played in table:
        if played == card:
            return seat
    raise ValueError(
        f"{text.strip()!r} is not a seat; expected A, B, A's ghost or B's ghost (or the "
        "winning card)"
    )


def check_play(problem: Problem, text: str) -> Verdict:
    card, net = read_play(text)
    position, solution = problem.position, problem.solution
    assert solution is not None
    seat = position.to_move
    read: dict[str, Any] = {"card": str(card), "net": net}
    hand = position.hands[seat]
    reason = why_not(hand, position.trick, card)
    if reason is not None:
        if card not in hand:
            reason = f"{card} is not in {SEATS[seat]}'s hand."
        return Verdict(False, (reason,), "play", read)
    side = side_name(seat)
    value = solution.cards[card]
    best = solution.net
    if value < best:
        after, _ = position.play(card)
        line = line_sentences(position, (card, *best_line(after)))
        loss = best - value
        reasons = (
            f"{card} loses {loss} against best play: after it, {side} can make only net "
            f"{signed(value)}.",
            *line,
        )
        return Verdict(False, reasons, "play", read)
    one = "the best card" if len(problem.best()) == 1 else "one of the best cards"
    if net is None:
        return Verdict(True, (f"{card} is {one}. Now work out the net {side} makes.",),
                       "play", read)  # fmt: skip
    if net == best:
        return Verdict(True, (f"{card} is {one}, and {side} makes net {signed(best)} against "
                              "best play.",), "play", read)  # fmt: skip
    how = (
        f"{side} can force more than that" if net < best else
        f"the other side can hold {side} to less than that"
    )  # fmt: skip
    return Verdict(False, (f"{card} is {one}, but not for a net of {signed(net)}: {how}.",),
                   "play", read)  # fmt: skip


def check_legal(problem: Problem, text: str) -> Verdict:
    position = problem.position
    seat = position.to_move
    hand, trick = position.hands[seat], position.trick
    named = read_cards(text, hand)
    read = {"cards": [str(c) for c in named]}
    legal = set(legal_cards(hand, trick))
    reasons: list[str] = []
    for card in named:
        if card not in hand:
            reasons.append(f"{card} is not in {SEATS[seat]}'s hand.")
        elif card not in legal:
            reasons.append(why_not(hand, trick, card) or "")
    if legal - set(named):
        reasons.append(f"The answer leaves out cards that {SEATS[seat]} may play too.")
    if reasons:
        return Verdict(False, tuple(reasons), "legal", read)
    return Verdict(True, (rule_sentence(seat, hand, trick),), "legal", read)


def check_winner(problem: Problem, text: str) -> Verdict:
    leader, trick = problem.position.leader, problem.trick
    seat = read_seat(text, problem.table)
    read = {"seat": SEATS[seat]}
    taker = winner(leader, trick)
    if seat == taker:
        return Verdict(True, (taken_sentence(leader, trick),), "winner", read)
    return Verdict(False, (f"{SEATS[seat]} does not win: {why_not_winning(leader, trick, seat)}",),
                   "winner", read)  # fmt: skip


def why_not_winning(leader: int, trick: Sequence[Card], seat: int) -> str:
    """Why the card ``seat`` played does not take a whole trick (it does not say which
    card does)."""
    k = (seat - leader) % 4
    card = trick[k]
    led, trump = color(trick[0]), trump_of(trick)
    c = color(card)
    if trump is not None and c == led:
        return f"{card} is of the led color, but {COLORS[trump]} is trump at the end of the trick."
    if c == (trump or led):
        return f"{card} is not the highest {COLORS[c]} card in the trick."
    if trump_of(trick[: k + 1]) == c:
        return f"{card} made {COLORS[c]} trump, but a later card made another color trump."
    made = trump_of(trick[:k])
    if made is not None and c == made:
        return f"{card} was a trump when it was played, but a later card made another color trump."
    return f"{card} has no power: {COLORS[c]} had already been led or trump in this trick."


# -- the kind ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choices:
    """What a teacher asks of Costly Tricks problems: the question (play, legal or
    winner), the cards a hand (3 to 6) and the difficulty."""

    cards: int = 4
    question: str = "play"
    level: str = "medium"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _hand_size(self.cards))
        question = QUESTIONS[_letter(self.question, QUESTIONS, "question")]
        object.__setattr__(self, "question", question)
        object.__setattr__(self, "level", LEVELS[_letter(self.level, LEVELS, "difficulty")])


class CostlyTricksKind(PuzzleKind[Problem, Choices]):
    """Costly Tricks as a puzzle kind: its ids begin with ``costly-tricks-``.

    >>> KIND.choices(cards="5", question="Winner", level="hard")
    Choices(cards=5, question='winner', level='hard')
    """

    key = KEY
    title = "Costly Tricks"
    deck = PARADOX
    id_help = ID_HELP

    def owns(self, puzzle_id: str) -> bool:
        return puzzle_id.strip().lower().startswith(PREFIX)

    def get(self, puzzle_id: str) -> Problem:
        return _problem(puzzle_id.strip().lower())

    def choices(self, **typed: str) -> Choices:
        unknown = set(typed) - {"cards", "question", "level"}
        if unknown:
            raise PuzzleError(
                f"Costly Tricks problems take cards, question and level, not {sorted(unknown)}"
            )
        return Choices(
            _hand_size(typed.get("cards", "4")),
            typed.get("question", "play"),
            typed.get("level", "medium"),
        )

    def generate(self, seed: int, choices: Choices) -> Problem:
        return self.get(generated_id(choices.question, choices.cards, choices.level, seed))

    def ids(self, count: int, seed: int, choices: Choices, sheet: str = "worksheet") -> list[str]:
        if sheet != "worksheet":
            raise GenerationError("Costly Tricks problems are printed on worksheets only")
        return problem_ids(count, choices.question, choices.cards, choices.level, seed)

    def typed(self, text: str, **typed: str) -> Problem:
        """The "which card" problem of a position written as JSON: ``{"hands": [[...],
        [...], [...], [...]], "leader": 0, "trick": [...]}`` (seats A, B, A's ghost,
        B's ghost)."""
        if typed:
            raise PuzzleError(f"a Costly Tricks position takes no options, not {sorted(typed)}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise TrickPositionError(
                f"the position is not JSON ({error.msg} at line {error.lineno}, column "
                f'{error.colno}); expected {{"hands": [[...], [...], [...], [...]], '
                '"leader": 0, "trick": [...]}'
            ) from None
        except RecursionError:
            raise TrickPositionError(
                "the position nests its brackets too deeply to be a position; expected "
                '{"hands": [[...], [...], [...], [...]], "leader": 0, "trick": [...]}'
            ) from None
        return _position_problem(Position.read(data))

    def count(self, puzzle: Problem, limit: int | None = None) -> int:
        """A "which card" problem's best cards; a drill has one answer."""
        found = len(puzzle.best()) if puzzle.question == "play" else 1
        return found if limit is None else min(found, limit)

    def describe(self, puzzle: Problem) -> dict[str, Any]:
        """A position named by its cards: exactly the solver's answer
        (:meth:`~printables.paradox.solver.Solution.to_data`: the seat to move, the net it
        can force, each legal card's net, the solver's line of play); a generated problem:
        its id, question, grade and position, and the answer (for "which card", the
        solver's values and the line of the key, :func:`best_line`)."""
        if puzzle.named_by_position and puzzle.solution is not None:
            return puzzle.solution.to_data()
        data: dict[str, Any] = {
            "id": puzzle.id,
            "question": puzzle.question,
            "text": puzzle.text,
            "cards_a_hand": puzzle.hand_size,
            "difficulty": puzzle.grade.level,
            "position": puzzle.position.to_data(),
        }
        if puzzle.question == "play":
            assert puzzle.solution is not None
            data |= {"margin": puzzle.grade.margin, "depth": puzzle.grade.depth,
                     "best": str(puzzle.best()[0]), **puzzle.solution.to_data(),
                     "line": [str(c) for c in puzzle.line]}  # fmt: skip
        elif puzzle.question == "legal":
            hand = puzzle.position.hands[puzzle.seat]
            allowed = legal_cards(hand, puzzle.position.trick)
            data |= {"to_move": puzzle.seat, "rule": puzzle.grade.rule,
                     "answer": [str(c) for c in allowed]}  # fmt: skip
        else:
            taker = winner(puzzle.position.leader, puzzle.trick)
            data |= {"trick": [str(c) for c in puzzle.trick], "rule": puzzle.grade.rule,
                     "answer": taker, "points": points(puzzle.trick)}  # fmt: skip
        return data

    def report(self, puzzle: Problem) -> tuple[str, ...]:
        lines = [f"Puzzle {puzzle.id} ({puzzle.size_text}): {puzzle.grade.text}.", puzzle.text]
        for seat, hand in enumerate(puzzle.hands):
            lines.append(f"  {SEATS[seat]:<10} {' '.join(str(c) for c in hand) or '-'}")
        if puzzle.table:
            lines.append("  Table:     " + ", ".join(f"{SEATS[s]} {c}" for s, c in puzzle.table))
        return (*lines, *self.explain(puzzle))

    def check(self, puzzle: Problem, answer: str) -> Verdict:
        check = {"play": check_play, "legal": check_legal, "winner": check_winner}
        return check[puzzle.question](puzzle, answer)

    def explain(self, puzzle: Problem) -> tuple[str, ...]:
        position = puzzle.position
        seat = puzzle.seat
        if puzzle.question == "legal":
            hand = position.hands[seat]
            allowed = hand_order(legal_cards(hand, position.trick))
            return (f"{SEATS[seat]} may play {card_list(allowed)}.",
                    rule_sentence(seat, hand, position.trick))  # fmt: skip
        if puzzle.question == "winner":
            taker = winner(position.leader, puzzle.trick)
            card = puzzle.trick[(taker - position.leader) % 4]
            return (f"{SEATS[taker]} wins with {card}.",
                    *trick_story(position.leader, puzzle.trick))  # fmt: skip
        solution = puzzle.solution
        assert solution is not None
        side = side_name(seat)
        best = puzzle.best()
        values = ", ".join(
            f"{c} {signed(solution.cards[c])}"
            for c in sorted(solution.cards, key=lambda c: (-solution.cards[c], hand_order(
                position.hands[seat]).index(c)))
        )  # fmt: skip
        which = f"{best[0]} is best" if len(best) == 1 else f"{card_list(best)} are best"
        return (
            f"{which}: {side} makes net {signed(solution.net)} against best play.",
            f"Every card {SEATS[seat]} may play, with the net {side} makes after it: {values}.",
            *line_sentences(position, puzzle.line),
        )


KIND = CostlyTricksKind()
"""The Costly Tricks puzzle kind, as the registry finds it."""

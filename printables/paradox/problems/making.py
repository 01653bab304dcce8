"""Making Costly Tricks problems: deals from an id's seed, tried until one has the grade
asked for (the problem an id names, kept once made)."""

from __future__ import annotations

import random

from printables.cards.decks import PARADOX
from printables.made_once import made_once
from printables.paradox.problems.grading import (
    DRILL_RULES,
    EASY_MARGIN,
    Grade,
    grade_best,
    winner_rule,
)
from printables.paradox.problems.ids import (
    MAX_SEED,
    MOST_CARDS,
    WHOLE_DEAL,
    canonical_id,
    deal_id,
    generated_id,
    parse_id,
    position_id,
)
from printables.paradox.problems.problem import Problem
from printables.paradox.solver import COMPILED, Solver, solve
from printables.paradox.tricks import Position, color, duty, legal_cards
from printables.paradox.wording import hand_order
from printables.puzzles import GenerationError, NotBuiltHere, PuzzleError, sheet_seeds

_SUIT_ORDER = "RGPB"

MID_TRICK = 0.3
"""The chance that a generated "which card" problem starts in the middle of a trick."""
ATTEMPTS = 400
"""Deals tried for one problem before a request is declared unmeetable."""
DEAL_ATTEMPTS = 40
"""Whole deals tried for one problem (each takes the solver a second or more)."""
_RED_0 = PARADOX.card("R0")


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


def whole_deal(rng: random.Random) -> Position:
    """All 44 cards dealt as the game deals them (a shuffled pack, one card at a time to
    A, B, A's ghost and B's ghost), the hand holding the red 0 to lead."""
    pack = rng.sample(PARADOX.cards, len(PARADOX.cards))
    hands = tuple(hand_order(pack[seat::4]) for seat in range(4))
    return Position(hands, next(s for s, hand in enumerate(hands) if _RED_0 in hand))


def _play_some(position: Position, count: int, rng: random.Random) -> Position:
    for _ in range(count):
        position, _ = position.play(rng.choice(position.legal()))
    return position


@made_once(maxsize=256)
def problem_of(problem_id: str) -> Problem:
    key = canonical_id(problem_id)
    if key != problem_id:  # typed another way (o for 0, say): the printed id's problem
        return problem_of(key)
    spec = parse_id(problem_id)
    if spec.position is not None:
        return position_problem(spec.position)
    rng = random.Random(problem_id)
    if spec.cards == WHOLE_DEAL:
        return _deal_problem(problem_id, spec.level, rng)
    make = {"play": _make_play, "legal": _make_legal, "winner": _make_winner}[spec.question]
    problem = make(problem_id, spec.cards, spec.level, rng)
    if problem is None:
        raise GenerationError(
            f"no {spec.level} {spec.question} problem of {spec.cards} cards a hand was found "
            f"in {ATTEMPTS} deals (id {problem_id}); try another seed or difficulty"
        )
    return problem


def position_problem(position: Position) -> Problem:
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
        problem = _graded_play(problem_id, position, level)
        if problem is not None:
            return problem
    return None


def _graded_play(problem_id: str, position: Position, level: str) -> Problem | None:
    """The "which card" problem of ``position``, if it grades ``level``: the solver's
    cheap tests first, every card's exact value only for a position kept."""
    if len(position.legal()) < 2:
        return None
    solver = Solver(position)
    best = solver.single_best(position, EASY_MARGIN if level == "easy" else 1)
    if best is None:
        return None  # no single best card, or too close to be easy: no need to look deeper
    graded = grade_best(position, best, solver)
    if graded[0].level != level:
        return None
    return Problem(problem_id, "play", position, solution=solver.solve(position), known=graded)


def _deal_problem(problem_id: str, level: str, rng: random.Random) -> Problem:
    """The first lead of a whole deal graded ``level``: deals tried as :func:`_make_play`
    tries endings (the compiled search only: the pure-Python one would take hours)."""
    if not COMPILED:
        raise NotBuiltHere(
            f"{problem_id}: a whole deal's problem needs the solver's compiled search, which "
            "is not built here; endings of 3 to 6 cards a hand work without it"
        )
    for _ in range(DEAL_ATTEMPTS):
        problem = _graded_play(problem_id, whole_deal(rng), level)
        if problem is not None:
            return problem
    raise GenerationError(
        f"no {level} problem of a whole deal was found in {DEAL_ATTEMPTS} deals (id "
        f"{problem_id}); try another seed or difficulty"
    )


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
    if cards == WHOLE_DEAL:
        if question != "play":
            raise GenerationError(
                f"a whole deal ({WHOLE_DEAL} cards a hand) asks only which card to lead "
                f"(question play), not {question}"
            )
        seeds = sheet_seeds(count, seed, "costly-tricks whole-deal worksheet", MAX_SEED)
        return [deal_id(level, s) for s in seeds]
    seeds = sheet_seeds(count, seed, "costly-tricks worksheet", MAX_SEED)
    return [generated_id(question, cards, level, s) for s in seeds]

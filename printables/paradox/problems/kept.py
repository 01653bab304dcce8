"""A whole deal's problem as data, so that it is made once for a whole server.

Making a whole deal's problem (:func:`~printables.paradox.problems.making.problem_of` of a
``costly-tricks-d-`` id) takes the solver 10 s to a minute: the deals the id's seed gives
are tried in turn until one grades at the id's level. What that found is small: which of
those deals it was, every lead's value, the line of best play and the grade. Kept as
JSON data (:func:`deal_data`), another server process, or the same server after a
restart, has the problem back at once (:func:`deal_problem`): the deal is dealt again
from the id, so data that names another deal, a card the hand does not hold, a lead
missing or a line that cannot be played is refused rather than believed.

>>> import random
>>> from printables.paradox.problems.making import whole_deal
>>> position = whole_deal(random.Random("costly-tricks-d-gdk8pv"))
>>> len(position.hands[position.leader]), str(position.hands[position.leader][0])
(11, 'R10')
"""

from __future__ import annotations

import random
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.paradox.problems.grading import Grade
from printables.paradox.problems.ids import WHOLE_DEAL, canonical_id, parse_id
from printables.paradox.problems.making import DEAL_ATTEMPTS, problem_of, whole_deal
from printables.paradox.problems.problem import Problem
from printables.paradox.solver import Solution
from printables.paradox.tricks import Position

VERSION = 1
"""The data's form: data of another form is refused (the problem is made again). Raise it
whenever what a whole deal's id makes changes (the deals it tries, the grading, the
line): data kept by the code before would otherwise be taken for the new problem."""


def _deals(problem_id: str) -> list[Position]:
    """The deals a whole deal's id tries, in its order."""
    rng = random.Random(problem_id)
    return [whole_deal(rng) for _ in range(DEAL_ATTEMPTS)]


def _whole_deal_id(problem_id: str) -> str:
    key = canonical_id(problem_id)
    if parse_id(key).cards != WHOLE_DEAL:
        raise ValueError(f"{problem_id} is not a whole deal's problem")
    return key


def deal_data(problem: Problem) -> dict[str, Any]:
    """A whole deal's problem as JSON data: the deal's place among the id's deals, every
    lead's value, the line of best play and the grade."""
    key = _whole_deal_id(problem.id)
    solution, known = problem.solution, problem.known
    if solution is None or known is None:
        raise ValueError(f"{problem.id}: a whole deal's problem is solved and graded")
    grade, line = known
    return {
        "version": VERSION,
        "deal": _deals(key).index(problem.position),
        "net": solution.net,
        "cards": {str(card): net for card, net in solution.cards.items()},
        "line": [str(card) for card in solution.line],
        "grade": {
            "level": grade.level,
            "margin": grade.margin,
            "depth": grade.depth,
            "choice": grade.choice,
        },
        "graded_line": [str(card) for card in line],
    }


def deal_problem(problem_id: str, data: Any) -> Problem:
    """The problem of :func:`deal_data`'s ``data``, kept as if made here; a ValueError
    when the data is not that of the id's problem."""
    key = _whole_deal_id(problem_id)
    try:
        problem = _read(key, data)
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise ValueError(f"{problem_id}: the data kept is not its problem: {error}") from None
    problem_of.keep(problem, key)
    return problem


def _read(key: str, data: Any) -> Problem:
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError("of another form")
    deal = data["deal"]
    if not isinstance(deal, int) or not 0 <= deal < DEAL_ATTEMPTS:
        raise ValueError("no deal of the id")
    position = _deals(key)[deal]
    cards = {PARADOX.card(name): _number(net) for name, net in data["cards"].items()}
    if set(cards) != set(position.legal()):
        raise ValueError("not every lead of the deal valued")
    net = _number(data["net"])
    if net != max(cards.values()):
        raise ValueError("a value not its best lead's")
    line = _played(position, data["line"])
    grade = data["grade"]
    if grade["level"] != parse_id(key).level:
        raise ValueError("graded at another level")
    if not isinstance(grade["choice"], bool):
        raise TypeError(f"{grade['choice']!r} is not true or false")
    level = Grade(
        grade["level"],
        margin=_number(grade["margin"]),
        depth=_number(grade["depth"]),
        choice=grade["choice"],
    )
    known = (level, _played(position, data["graded_line"]))
    solution = Solution(position, net, cards, line)
    return Problem(key, "play", position, solution=solution, known=known)


def _number(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _played(position: Position, names: Any) -> tuple[Card, ...]:
    """The cards of a line, each checked legal in turn (:meth:`Position.play`)."""
    cards = tuple(PARADOX.card(name) for name in names)
    for card in cards:
        position, _ = position.play(card)
    if position.cards_left:
        raise ValueError("a line of play that stops before the end of the round")
    return cards

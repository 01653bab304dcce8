"""A whole deal's problem kept as data (:mod:`printables.paradox.problems.kept`): what
another server process takes up as made must be the id's problem, or be refused. (The
round trip of a real whole deal's problem is in ``test_whole_deals.py``; a real one takes
the solver a minute to make, so these tests use a deal of the id with made-up values.)"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from printables.paradox.problems import KIND, Problem, deal_id, generated_id
from printables.paradox.problems.grading import Grade
from printables.paradox.problems.kept import _deals, deal_data, deal_problem
from printables.paradox.problems.making import problem_of
from printables.paradox.solver import Solution
from printables.paradox.tricks import Position

PROBLEM_ID = deal_id("medium", 31)


def first_cards_line(position: Position) -> tuple[Any, ...]:
    """A legal line to the end of the round: the first legal card each turn."""
    line = []
    while position.cards_left:
        card = position.legal()[0]
        line.append(card)
        position, _ = position.play(card)
    return tuple(line)


@pytest.fixture
def stand_in() -> Problem:
    """The id's third deal, with a made-up value for each lead (none of it solved)."""
    position = _deals(PROBLEM_ID)[2]
    cards = {card: -n for n, card in enumerate(position.legal())}
    line = first_cards_line(position)
    solution = Solution(position, max(cards.values()), cards, line)
    known = (Grade("medium", margin=1, depth=2), line)
    return Problem(PROBLEM_ID, "play", position, solution=solution, known=known)


@pytest.fixture(autouse=True)
def nothing_kept() -> Any:
    problem_of.cache_clear()
    yield
    problem_of.cache_clear()


def test_a_problem_kept_comes_back_whole_and_is_kept_as_made(stand_in: Problem) -> None:
    data = json.loads(json.dumps(deal_data(stand_in)))
    assert data["deal"] == 2 and data["version"] == 1
    assert not KIND.ready(PROBLEM_ID)
    again = deal_problem(PROBLEM_ID.upper() + " ", data)  # an id as typed
    assert again == stand_in and again.known == stand_in.known
    assert again.solution == stand_in.solution
    assert KIND.ready(PROBLEM_ID) and KIND.get(PROBLEM_ID) is again  # never made here


def test_only_a_whole_deal_s_problem_is_kept() -> None:
    ending = KIND.get(generated_id("play", 3, "easy", 7))
    assert KIND.stored(ending) is None
    with pytest.raises(ValueError, match="not a whole deal's problem"):
        deal_problem(ending.id, {})


def spoiled(data: dict[str, Any], how: str) -> dict[str, Any]:
    bad = copy.deepcopy(data)
    if how == "version":
        bad["version"] = 0
    elif how == "other deal":
        bad["deal"] = 3
    elif how == "no such deal":
        bad["deal"] = 40
    elif how == "a lead missing":
        bad["cards"].popitem()
    elif how == "a card not held":
        name = next(iter(bad["cards"]))
        bad["cards"]["G11" if name != "G11" else "R11"] = bad["cards"].pop(name)
    elif how == "net not the best lead's":
        bad["net"] += 2
    elif how == "a value not a number":
        bad["cards"][next(iter(bad["cards"]))] = "7"
    elif how == "a line that breaks the rules":
        bad["line"][1], bad["line"][5] = bad["line"][5], bad["line"][1]
    elif how == "a line cut short":
        bad["graded_line"] = bad["graded_line"][:40]
    elif how == "another level":
        bad["grade"]["level"] = "hard"
    elif how == "choice not true or false":
        bad["grade"]["choice"] = "yes"
    elif how == "not an object":
        return [bad]  # type: ignore[return-value]
    elif how == "a field missing":
        del bad["grade"]
    return bad


@pytest.mark.parametrize(
    "how",
    [
        "version",
        "other deal",
        "no such deal",
        "a lead missing",
        "a card not held",
        "net not the best lead's",
        "a value not a number",
        "a line that breaks the rules",
        "a line cut short",
        "another level",
        "choice not true or false",
        "not an object",
        "a field missing",
    ],
)
def test_data_that_is_not_the_id_s_problem_is_refused(stand_in: Problem, how: str) -> None:
    """A process takes up what the database holds only when it is the id's problem: data
    of an older form, of another deal, or spoiled is refused (and the problem made
    again), never shown to a class as the id's problem."""
    data = deal_data(stand_in)
    assert deal_problem(PROBLEM_ID, data) == stand_in  # the data itself is right
    problem_of.cache_clear()
    with pytest.raises(ValueError, match=PROBLEM_ID):
        deal_problem(PROBLEM_ID, spoiled(data, how))
    assert problem_of.peek(PROBLEM_ID) is None

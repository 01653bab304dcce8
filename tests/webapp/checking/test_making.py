"""A puzzle slow to make (a whole deal's Costly Tricks problem, 10 s to a minute the first
time it is opened): its checking page says it is being made and opens it once made, rather
than staying blank for a minute (or being cut off by a proxy); the making goes on once,
in the background, and the next visit after it gets the puzzle, the answer checked."""

from __future__ import annotations

import html
import re
import threading
import time
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from printables.paradox.problems import Problem, deal_id, generated_id
from printables.paradox.problems import making as problems_making
from printables.puzzles import GenerationError
from webapp.checking import making

SLOW_ID = deal_id("hard", 5)
"""A whole deal's problem: made in the background the first time it is opened."""
STAND_IN = generated_id("play", 3, "easy", 7)
"""The problem the test makes in its place (a whole deal would take the solver seconds)."""


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, list[str]]]:
    """Whole deals' problems made only once the test lets them (the event), each making
    counted (a problem kept is not made again)."""
    ready = threading.Event()
    made: list[str] = []

    def held(problem_id: str, *args: object) -> Problem:
        made.append(problem_id)
        assert ready.wait(30)
        return problems_making.problem_of(STAND_IN)

    problems_making.problem_of.cache_clear()
    monkeypatch.setattr(problems_making, "_deal_problem", held)
    monkeypatch.setattr(making, "FIRST_WAIT", 0.05)
    yield ready, made
    ready.set()
    problems_making.problem_of.cache_clear()


def page(client: FlaskClient, path: str, **query: str) -> tuple[int, str, dict[str, str]]:
    response = client.get(path, query_string=query)
    text = html.unescape(response.get_data(as_text=True))
    return response.status_code, text, dict(response.headers)


def test_a_puzzle_still_being_made_gets_a_page_that_says_so(
    client: FlaskClient, slow: tuple[threading.Event, list[str]]
) -> None:
    ready, made = slow
    status, text, headers = page(client, f"/check/{SLOW_ID}", answer="R5")
    assert status == 202
    assert headers["Retry-After"] == str(making.ASK_AGAIN)
    assert 'http-equiv="refresh"' not in text  # the page stays still: its script asks
    assert f'data-making="{making.ASK_AGAIN}"' in text and "/static/making.js" in text
    said = " ".join(re.sub(r"<[^>]+>", " ", text).split())
    assert f"Costly Tricks puzzle {SLOW_ID}" in said
    assert "This puzzle is being made." in said
    assert "opens the puzzle by itself once it is ready (it asks every 10 seconds)" in said
    assert "Your answer is kept, and checked as soon as the puzzle is ready." in said
    assert f'href="/check/{SLOW_ID}?answer=R5"' in text  # Reload now keeps the answer
    # Visits meanwhile wait on the one making; once made, the page and the verdict.
    assert page(client, f"/check/{SLOW_ID}")[0] == 202
    ready.set()
    for _ in range(100):
        status, text, _ = page(client, f"/check/{SLOW_ID}", answer="R5")
        if status != 202:
            break
    assert status in (200, 400), text
    assert "This puzzle is being made." not in text
    assert 'name="answer"' in text and 'value="R5"' in text
    assert made == [SLOW_ID]


def test_a_bad_id_is_still_refused_at_once(
    client: FlaskClient, slow: tuple[threading.Event, list[str]]
) -> None:
    status, text, _ = page(client, "/check/costly-tricks-d-zzzzzz")
    assert status == 404
    assert "being made" not in text and "not the id of any problem" in text


def test_other_pages_are_made_as_they_are_asked_for_while_a_whole_deal_is_made(
    client: FlaskClient, slow: tuple[threading.Event, list[str]]
) -> None:
    """Problems other than whole deals never wait behind a whole deal's making."""
    assert page(client, f"/check/{SLOW_ID}")[0] == 202
    status, text, _ = page(client, f"/check/{generated_id('play', 3, 'easy', 8)}")
    assert status == 200
    assert "being made" not in text and 'name="answer"' in text


def test_a_making_that_fails_is_told_to_every_visit_without_starting_again(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No whole deal of the level in its 40 deals (a minute's search): the visits after
    it are told so at once, until the failure is some minutes old."""
    tries: list[str] = []

    def failing(problem_id: str, *args: object) -> Problem:
        tries.append(problem_id)
        raise GenerationError(f"no hard problem of a whole deal was found (id {problem_id})")

    problems_making.problem_of.cache_clear()
    monkeypatch.setattr(problems_making, "_deal_problem", failing)
    failed_id = deal_id("hard", 6)
    for _ in range(3):
        status, text, _ = page(client, f"/check/{failed_id}")
        assert status == 404 and "no hard problem of a whole deal was found" in text
    assert tries == [failed_id]
    monkeypatch.setattr(making, "FAILED_KEPT", 0.0)
    time.sleep(0.01)
    assert page(client, f"/check/{failed_id}")[0] == 404
    assert tries == [failed_id, failed_id]  # tried again once the failure was old

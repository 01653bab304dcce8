"""A puzzle slow to make (a whole deal's Costly Tricks problem, 10 s to a minute the first
time it is opened): its checking page says it is being made and opens it once made, rather
than staying blank for a minute (or being cut off by a proxy); the making goes on once,
in the background, and the next visit after it gets the puzzle, the answer checked."""

from __future__ import annotations

import html
import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from printables.paradox.problems import KIND, Problem, deal_id, generated_id
from printables.paradox.problems import making as problems_making
from printables.paradox.problems.grading import Grade
from printables.paradox.problems.kept import _deals
from printables.paradox.solver import Solution
from printables.puzzles import GenerationError
from webapp.checking import making, store
from webapp.db import now, read, write
from webapp.tables import made_puzzles

real_deal_problem = problems_making._deal_problem
SLOW_ID = deal_id("hard", 5)
"""A whole deal's problem: made in the background the first time it is opened."""
STAND_IN = generated_id("play", 3, "easy", 7)
"""The problem the test makes in its place (a whole deal would take the solver seconds)."""


@pytest.fixture(autouse=True)
def makings_end(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every making a test starts has ended before the test's stand-ins are put back
    (torn down after ``slow`` lets its makings go, before ``monkeypatch``): a making left
    running would reach the real maker, a whole deal's minute of search, and take a core
    from the tests that follow in this process."""
    before = set(threading.enumerate())
    yield
    for thread in set(threading.enumerate()) - before:
        if thread.name.startswith(("making ", "beat ")):
            thread.join(60)
            assert not thread.is_alive(), f"{thread.name} still runs after its test"


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
    monkeypatch.setattr(making, "_making", {})
    yield ready, made
    ready.set()
    problems_making.problem_of.cache_clear()


def whole_deal_stand_in(problem_id: str) -> Problem:
    """A problem of one of the id's own deals, with made-up values (the solver would
    take seconds): kept as data as a whole deal's problem is."""
    position = _deals(problem_id)[0]
    line, after = [], position
    while after.cards_left:
        line.append(after.legal()[0])
        after, _ = after.play(line[-1])
    cards = {card: -n for n, card in enumerate(position.legal())}
    solution = Solution(position, 0, cards, tuple(line))
    known = (Grade("hard"), tuple(line))
    return Problem(problem_id, "play", position, solution=solution, known=known)


@pytest.fixture
def processes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The makings started, in whichever "process" (see :func:`another_process`): the
    ids, one entry a making."""
    started: list[str] = []
    start = making._start

    def counted(kind: Any, key: str, chosen: Any, runner: str | None) -> Any:
        started.append(key)
        return start(kind, key, chosen, runner)

    monkeypatch.setattr(making, "_start", counted)
    return started


def another_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a second server process (or the server restarted) holds: none of this one's
    makings, nothing made, turns of its own. (The problems' own cache of makings under
    way is this process's still: a making started "there" would wait on one started
    here, so the tests count makings started, :func:`processes`.)"""
    monkeypatch.setattr(making, "_making", {})
    monkeypatch.setattr(making, "_turns", threading.BoundedSemaphore(making.MAKERS))
    problems_making.problem_of.cache_clear()


def row_of(app: Flask, puzzle_id: str) -> store.Made | None:
    with app.app_context(), read() as db:
        return store.found(db, puzzle_id)


def wait_for_state(app: Flask, puzzle_id: str, state: str) -> store.Made:
    """The puzzle's row once in ``state`` (the maker's thread writes it once done)."""
    for _ in range(300):
        found = row_of(app, puzzle_id)
        if found is not None and found.state == state:
            return found
        time.sleep(0.02)
    raise AssertionError(f"{puzzle_id} is {found}, not {state}")


def wait_for_no_row(app: Flask, puzzle_id: str) -> None:
    """Once the puzzle has no row (its making's claim given up)."""
    for _ in range(300):
        if row_of(app, puzzle_id) is None:
            return
        time.sleep(0.02)
    raise AssertionError(f"{puzzle_id} is still {row_of(app, puzzle_id)}")


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
    assert SLOW_ID not in making._making  # made: let go here, its kind keeps it


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


def failing_makings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Whole deals' problems that cannot be made (no deal of the level in its 40 deals):
    the ids each making tried."""
    tries: list[str] = []

    def failing(problem_id: str, *args: object) -> Problem:
        tries.append(problem_id)
        raise GenerationError(f"no hard problem of a whole deal was found (id {problem_id})")

    problems_making.problem_of.cache_clear()
    monkeypatch.setattr(problems_making, "_deal_problem", failing)
    monkeypatch.setattr(making, "_making", {})
    return tries


def test_a_making_that_fails_is_told_to_every_visit_without_starting_again(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No whole deal of the level in its 40 deals (a minute's search): the visits after
    it are told so at once, until the failure is some minutes old."""
    tries = failing_makings(monkeypatch)
    failed_id = deal_id("hard", 6)
    for _ in range(3):
        status, text, _ = page(client, f"/check/{failed_id}")
        assert status == 404 and "no hard problem of a whole deal was found" in text
    assert tries == [failed_id]
    wait_for_state(app, failed_id, "failed")
    monkeypatch.setattr(store, "FAILED_KEPT", 0.0)
    time.sleep(0.01)
    assert page(client, f"/check/{failed_id}")[0] == 404
    assert tries == [failed_id, failed_id]  # tried again once the failure was old


@pytest.fixture
def slow_whole(
    monkeypatch: pytest.MonkeyPatch, slow: tuple[threading.Event, list[str]]
) -> tuple[threading.Event, list[str]]:
    """As ``slow``, the problem made being one of the id's own deals (so kept as data)."""
    ready, made = slow
    monkeypatch.setattr(problems_making, "_deal_problem", slow_stand_in(ready, made))
    return ready, made


def slow_stand_in(ready: threading.Event, made: list[str] | None = None) -> Any:
    """A whole deal's maker that waits for ``ready``, then gives one of the id's own
    deals (:func:`whole_deal_stand_in`), each making noted in ``made``."""

    def held(problem_id: str, *args: object) -> Problem:
        if made is not None:
            made.append(problem_id)
        assert ready.wait(30)
        return whole_deal_stand_in(problem_id)

    return held


def test_a_puzzle_is_made_once_for_every_process_of_the_server(
    app: Flask,
    client: FlaskClient,
    monkeypatch: pytest.MonkeyPatch,
    slow_whole: tuple[threading.Event, list[str]],
    processes: list[str],
) -> None:
    """A class reaches every process of a server (and a cluster's servers): the first
    claims the making, the others tell their visits it is being made and, once made,
    take the problem up from the database at once, as a restarted server does."""
    ready, made = slow_whole
    assert page(client, f"/check/{SLOW_ID}")[0] == 202
    found = row_of(app, SLOW_ID)
    assert found is not None and found.state == "making"
    another_process(monkeypatch)
    status, text, _ = page(client, f"/check/{SLOW_ID}")
    assert status == 202 and "This puzzle is being made." in text
    assert processes == [SLOW_ID]  # not made again over there
    ready.set()
    found = wait_for_state(app, SLOW_ID, "made")
    assert found.data
    another_process(monkeypatch)
    first_lead = str(whole_deal_stand_in(SLOW_ID).position.legal()[0])
    status, text, _ = page(client, f"/check/{SLOW_ID}", answer=f"{first_lead} 0")
    assert status == 200, text
    assert "being made" not in text and f'value="{first_lead} 0"' in text
    assert processes == [SLOW_ID] and made == [SLOW_ID]


def test_a_long_making_beats_its_heartbeat_and_a_dead_one_is_taken_over(
    app: Flask,
    client: FlaskClient,
    monkeypatch: pytest.MonkeyPatch,
    slow_whole: tuple[threading.Event, list[str]],
    processes: list[str],
) -> None:
    """A making longer than :data:`store.STALE_AFTER` stays claimed while its process
    lives; once its process has died (no heartbeat), the next visit makes it again."""
    monkeypatch.setattr(store, "HEARTBEAT", 0.1)
    monkeypatch.setattr(store, "STALE_AFTER", 2.0)
    assert page(client, f"/check/{SLOW_ID}")[0] == 202
    claimed = runner_of(app, SLOW_ID)
    time.sleep(2.5)  # past STALE_AFTER, beating
    another_process(monkeypatch)
    assert page(client, f"/check/{SLOW_ID}")[0] == 202
    assert processes == [SLOW_ID] and runner_of(app, SLOW_ID) == claimed
    dead = deal_id("hard", 8)  # claimed by a process that died a while ago
    with app.app_context(), write() as db:
        db.execute(
            made_puzzles.insert().values(
                puzzle_id=dead, state="making", runner="0" * 32, heartbeat=now() - 3.0
            )
        )
    assert page(client, f"/check/{dead}")[0] == 202
    assert processes == [SLOW_ID, dead]
    assert runner_of(app, dead) != "0" * 32


def runner_of(app: Flask, puzzle_id: str) -> str:
    with app.app_context(), read() as db:
        found: str = db.execute(
            select(made_puzzles.c.runner).where(made_puzzles.c.puzzle_id == puzzle_id)
        ).scalar_one()
    return found


def test_a_failure_is_told_by_every_process(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, processes: list[str]
) -> None:
    tries = failing_makings(monkeypatch)
    failed_id = deal_id("hard", 9)
    status, text, _ = page(client, f"/check/{failed_id}")
    assert status == 404 and "no hard problem of a whole deal was found" in text
    wait_for_state(app, failed_id, "failed")
    another_process(monkeypatch)
    status, text, _ = page(client, f"/check/{failed_id}")
    assert status == 404 and "no hard problem of a whole deal was found" in text
    assert tries == [failed_id] and processes == [failed_id]


def test_data_a_process_refuses_is_made_again(
    app: Flask,
    client: FlaskClient,
    slow_whole: tuple[threading.Event, list[str]],
    processes: list[str],
) -> None:
    """Data kept by an older Printables (another form), or spoiled: never shown as the
    id's problem; it is made again."""
    with app.app_context(), write() as db:
        db.execute(
            made_puzzles.insert().values(
                puzzle_id=SLOW_ID, state="made", data='{"version": 0}', finished_at=now()
            )
        )
    assert page(client, f"/check/{SLOW_ID}")[0] == 202
    assert processes == [SLOW_ID]
    found = row_of(app, SLOW_ID)
    assert found is not None and found.state == "making" and found.data is None


def test_a_server_error_is_told_until_another_process_has_made_it(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, processes: list[str]
) -> None:
    """A making stopped by an error of the server's own (not of the puzzle) gives up its
    claim: another process may make the puzzle, and this one then takes it up at once
    rather than telling its error for minutes; with no one making it, a visit after
    :data:`making.SERVER_ERROR_KEPT` tries again."""

    def broken(problem_id: str, *args: object) -> Problem:
        raise RuntimeError("the server ran out of memory, say")

    problems_making.problem_of.cache_clear()
    monkeypatch.setattr(problems_making, "_deal_problem", broken)
    monkeypatch.setattr(making, "_making", {})
    with pytest.raises(RuntimeError, match="out of memory"):
        page(client, f"/check/{SLOW_ID}")  # within its first second: the error itself
    wait_for_no_row(app, SLOW_ID)  # the claim given up once the making is over
    with pytest.raises(RuntimeError, match="out of memory"):
        page(client, f"/check/{SLOW_ID}")  # told, not started again at once
    assert processes == [SLOW_ID]
    made_there = json.dumps(KIND.stored(whole_deal_stand_in(SLOW_ID)))
    with app.app_context(), write() as db:
        db.execute(
            made_puzzles.insert().values(
                puzzle_id=SLOW_ID, state="made", data=made_there, finished_at=now()
            )
        )
    status, text, _ = page(client, f"/check/{SLOW_ID}")
    assert status == 200 and "being made" not in text
    assert processes == [SLOW_ID]
    problems_making.problem_of.cache_clear()
    with app.app_context(), write() as db:
        db.execute(made_puzzles.delete())
    making._making[SLOW_ID] = failed = making._Making()
    failed.future.set_exception(RuntimeError("out of memory again"))
    failed.ended = time.monotonic() - making.SERVER_ERROR_KEPT - 1
    with pytest.raises(RuntimeError, match="ran out of memory"):
        page(client, f"/check/{SLOW_ID}")  # its error is old: made again (and fails again)
    assert processes == [SLOW_ID, SLOW_ID]


def test_a_server_without_the_compiled_search_leaves_the_puzzle_to_the_others(
    app: Flask,
    client: FlaskClient,
    monkeypatch: pytest.MonkeyPatch,
    slow_whole: tuple[threading.Event, list[str]],
    processes: list[str],
) -> None:
    """A host of a cluster whose install built no compiled search cannot make a whole
    deal: it says so, but does not tell every other host for five minutes that the
    puzzle cannot be made; the next host asked makes it."""
    ready, _ = slow_whole
    monkeypatch.setattr(problems_making, "_deal_problem", real_deal_problem)
    monkeypatch.setattr(problems_making, "COMPILED", False)
    status, text, _ = page(client, f"/check/{SLOW_ID}")
    assert status == 404 and "needs the solver's compiled search" in text
    wait_for_no_row(app, SLOW_ID)  # the claim given up once the making is over
    monkeypatch.setattr(problems_making, "COMPILED", True)
    monkeypatch.setattr(problems_making, "_deal_problem", slow_stand_in(ready))
    another_process(monkeypatch)
    assert page(client, f"/check/{SLOW_ID}")[0] == 202
    assert processes == [SLOW_ID, SLOW_ID]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_making_stopped_by_a_system_exit_leaves_the_page_answering(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A making whose thread is stopped by an exception that is not an error (a system
    exit) ends its making all the same: before, the next visit waited for it for ever,
    holding the lock every checking page of the process takes."""

    def stopped(problem_id: str, *args: object) -> Problem:
        raise SystemExit(3)

    problems_making.problem_of.cache_clear()
    monkeypatch.setattr(problems_making, "_deal_problem", stopped)
    monkeypatch.setattr(making, "_making", {})
    with pytest.raises(RuntimeError, match="stopped"):
        page(client, f"/check/{SLOW_ID}")
    wait_for_no_row(app, SLOW_ID)  # the claim given up
    told: list[str] = []

    def visit_again() -> None:
        try:
            page(client, f"/check/{SLOW_ID}")
        except RuntimeError as error:  # the server's own error, told for a while
            told.append(str(error))

    visit = threading.Thread(target=visit_again, daemon=True)
    visit.start()
    visit.join(10)
    assert told == [f"the making of {SLOW_ID} stopped"], "the next visit waited for ever"

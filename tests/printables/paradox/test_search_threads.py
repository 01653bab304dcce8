"""The compiled search and threads: a long search lets the interpreter's lock go, so a web
server's other threads answer while a whole deal is searched; one search object is used by
one thread at a time; and a search asked again from its own thread (by a signal handler)
is refused, not deadlocked."""

from __future__ import annotations

import random
import signal
import threading
import time

import pytest

from printables.paradox import solver as solver_module
from printables.paradox.problems.making import whole_deal
from printables.paradox.solver import Solver
from printables.paradox.tricks import Position

pytestmark = pytest.mark.skipif(not solver_module.COMPILED, reason="the compiled search")


def dealt(seed: int) -> Position:
    """A whole deal as the game deals it (the problems' own dealer), seeded."""
    return whole_deal(random.Random(seed))


LONG = dealt(4)
"""A whole deal whose first null-window test (bound 0) takes about half a second."""


def test_other_threads_run_while_one_test_of_a_whole_deal_runs() -> None:
    """While a thread is inside one call of the compiled search, the main thread keeps
    running Python: before, the interpreter's lock was held for the whole call (seconds,
    at 11 cards a hand), and every other thread of a web server's process waited."""
    search = Solver(LONG)._search
    rem = sum(search.hands)
    inside: list[float] = []

    def one_test() -> None:
        inside.append(time.perf_counter())
        search.test(rem, LONG.leader, 0)
        inside.append(time.perf_counter())

    thread = threading.Thread(target=one_test)
    ticks: list[float] = []
    thread.start()
    while thread.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.002)
    thread.join()
    began, ended = inside
    during = [t for t in ticks if began < t < ended]
    assert ended - began > 0.05, "the test was too quick to show anything"
    assert len(during) >= 5, f"{len(during)} ticks in a search of {ended - began:.2f} s"


def test_two_threads_searching_with_one_solver_take_turns() -> None:
    """One solver asked from two threads at once (the search's tables are its own):
    each thread's values are those a solver alone gives."""
    start = dealt(11)
    shared = Solver(start)
    positions = [start]
    for _ in range(7):
        positions.append(positions[-1].play(positions[-1].legal()[0])[0])
    alone = [Solver(start).value(p) for p in positions]
    results: dict[int, list[int]] = {}

    def work(k: int) -> None:
        order = positions if k == 0 else positions[::-1]
        results[k] = [shared.value(p) for p in order]

    threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results[0] == alone
    assert results[1] == alone[::-1]


class Interrupted(Exception):
    """Raised by a test's timer in the middle of a wait."""


def test_a_search_asked_again_from_its_own_thread_is_refused() -> None:
    """A signal handler that asks the searching solver again (its tables half written)
    gets an error, which stops the search; it does not wait for itself forever."""
    solver = Solver(LONG)
    asked: list[BaseException] = []

    def ring(signum: int, frame: object) -> None:
        try:
            solver.value(LONG)
        except RuntimeError as error:
            asked.append(error)
            raise

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 0.05)
    try:
        with pytest.raises(RuntimeError, match="already running in this thread"):
            solver.value(LONG)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert len(asked) == 1
    hands = [["R10", "R5", "G4"], ["G2", "B8", "B3"], ["G3", "P10", "P1"], ["B10", "B7", "B6"]]
    book = Position.read({"hands": hands, "leader": 0})
    assert Solver(book).value(book) == 10  # and searches go on afterwards


def test_the_main_thread_waiting_for_a_shared_search_still_runs_its_signal_handlers() -> None:
    """Ctrl-C (or a timer) reaches a main thread waiting for a search another thread is
    running with the same solver, not only once that search is over."""
    solver = Solver(LONG)
    search = solver._search
    rem = sum(search.hands)
    started, ended = threading.Event(), []

    def long_test() -> None:
        started.set()
        search.test(rem, LONG.leader, 0)
        ended.append(time.perf_counter())

    def ring(signum: int, frame: object) -> None:
        raise Interrupted

    thread = threading.Thread(target=long_test)
    thread.start()
    assert started.wait(10)
    time.sleep(0.05)  # the other thread is inside its test (about half a second)
    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 0.05)
    try:
        with pytest.raises(Interrupted):
            search.test(rem, LONG.leader, 2)
        caught = time.perf_counter()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    thread.join()
    assert caught < ended[0], "the handler ran only once the other thread's search was over"


def test_a_search_is_set_up_once() -> None:
    """Its hands are read by a search that may be running in another thread: setting the
    same object up again for other hands is refused."""
    search = Solver(LONG)._search.test.__self__  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="set up once"):
        search.__init__(1, 2, 4, 8)

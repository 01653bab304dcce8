"""made_once: a slow thing asked for by many threads at once is made once."""

from __future__ import annotations

import contextlib
import gc
import threading
import time
import weakref

import pytest

from printables.made_once import made_once
from printables.matrix import puzzles


def run_together(count: int, work: object) -> None:
    assert callable(work)
    threads = [threading.Thread(target=work, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
        assert not thread.is_alive()


def test_callers_asking_at_once_for_one_key_share_one_making() -> None:
    made: list[int] = []

    @made_once(maxsize=4)
    def slow(n: int) -> list[int]:
        made.append(n)
        time.sleep(0.2)  # long enough for every caller to arrive while it is made
        return [n]

    got: dict[int, list[int]] = {}
    run_together(8, lambda k: got.__setitem__(k, slow(5)))
    assert made == [5]
    assert all(result is got[0] for result in got.values())  # the one result, shared
    assert slow._making == {}  # nothing left behind


def test_different_keys_are_made_at_the_same_time() -> None:
    both = threading.Barrier(2, timeout=10)

    @made_once(maxsize=4)
    def meet(n: int) -> int:
        both.wait()  # breaks (and raises) unless the other key is being made meanwhile
        return n

    got: dict[int, int] = {}
    run_together(2, lambda k: got.__setitem__(k, meet(k)))
    assert got == {0: 0, 1: 1}


def test_a_making_that_raises_gives_its_error_to_its_waiters_and_is_not_kept() -> None:
    tries: list[int] = []

    @made_once(maxsize=4)
    def fickle(n: int) -> int:
        tries.append(n)
        if len(tries) == 1:
            time.sleep(0.2)  # the others arrive and wait meanwhile
            raise ValueError("not this time")
        return n

    errors: dict[int, ValueError] = {}

    def ask(k: int) -> None:
        try:
            fickle(1)
        except ValueError as error:
            errors[k] = error

    run_together(5, ask)
    assert tries == [1]  # the waiters were told, not made to try again one by one
    assert {str(error) for error in errors.values()} == {"not this time"}
    assert len({id(error) for error in errors.values()}) == 5  # each its own exception
    assert fickle(1) == 1 and fickle(1) == 1  # a later call tries anew, then it is kept
    assert tries == [1, 1]
    assert fickle.cache_info().hits == 1
    assert fickle._making == {}


def test_a_class_opening_one_puzzle_id_together_makes_it_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Thirty phones opening one hard 4x4 puzzle's checking page at once: the puzzle is
    generated once, not once a request."""
    made: list[str] = []
    generate = puzzles.generate

    def counted(*args: object) -> puzzles.Puzzle:
        made.append(repr(args))
        return generate(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(puzzles, "generate", counted)
    puzzles.get_puzzle.cache_clear()
    puzzle_id = puzzles.generated_id(4, 4, "impossible", "hard", 4242)
    got: dict[int, puzzles.Puzzle] = {}
    run_together(30, lambda k: got.__setitem__(k, puzzles.get_puzzle(puzzle_id)))
    assert len(made) == 1
    assert {p.id for p in got.values()} == {puzzle_id}


def test_a_failed_making_lets_go_of_what_it_held() -> None:
    """A making that raises keeps no frame of it alive (a search's 64 MiB of tables, say)
    once its caller has dropped the error: not even until the garbage collector runs."""

    class Tables:
        pass

    held: list[weakref.ref[Tables]] = []

    @made_once(maxsize=4)
    def failing(n: int) -> int:
        tables = Tables()
        held.append(weakref.ref(tables))
        raise TimeoutError("the solver's time limit ran out")

    gc.disable()
    try:
        with contextlib.suppress(TimeoutError):
            failing(1)
        assert held[0]() is None
    finally:
        gc.enable()


def test_a_key_is_peeked_at_without_being_made() -> None:
    @made_once(maxsize=1)
    def double(n: int) -> int:
        return 2 * n

    assert double.peek(2) is None
    assert double(2) == 4 and double.peek(2) == 4
    assert double(3) == 6 and double.peek(2) is None  # the oldest let go: one is kept
    assert double.cache_info() == (0, 2, 1, 1)

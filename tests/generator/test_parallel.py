"""A sheet's puzzles made in parallel processes are the puzzles the ids name, in order."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from generator import parallel
from printables.paradox.problems import problem_ids
from printables.puzzles import PuzzleIdError, get_puzzle

ROOT = Path(__file__).resolve().parents[2]


class Counting(ProcessPoolExecutor):
    """A process pool that counts how often it was started."""

    started = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        Counting.started += 1
        super().__init__(*args, **kwargs)


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> type[Counting]:
    Counting.started = 0
    monkeypatch.setattr(parallel, "ProcessPoolExecutor", Counting)
    return Counting


def test_puzzles_made_in_processes_are_the_ones_made_here(
    pool: type[Counting], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parallel, "WORTH_PROCESSES", 0.0)
    ids = [*problem_ids(4, "play", 3, "medium", 77), "3x3-nattxe", "3x3-5yhmsw"]
    made = parallel.puzzles_of(ids, workers=2)
    assert pool.started == 1
    assert [p.id for p in made] == ids
    assert made == [get_puzzle(i) for i in ids]
    assert [p.grade for p in made[:4]] == [get_puzzle(i).grade for i in ids[:4]]


def test_quick_puzzles_are_made_here(pool: type[Counting]) -> None:
    ids = ["3x3-nattxe", "3x3-5yhmsw", "3x3-nattxe"]
    assert [p.id for p in parallel.puzzles_of(ids, workers=2)] == ids
    assert pool.started == 0


def test_a_quick_first_puzzle_of_a_long_sheet_shares_the_rest_among_processes(
    pool: type[Counting], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Processes pay for the whole sheet's work: a first puzzle made in 0.03 s (a hard
    5x5 Matrix set may be, the next taking ten times as long) with eleven to follow."""
    ticks, real = [10.0, 10.03], parallel.time.perf_counter  # the first puzzle's start, end
    monkeypatch.setattr(parallel.time, "perf_counter", lambda: ticks.pop(0) if ticks else real())
    ids = ["3x3-nattxe", "3x3-5yhmsw"] * 6
    assert [p.id for p in parallel.puzzles_of(ids, workers=2)] == ids
    assert pool.started == 1


def test_one_core_or_one_puzzle_needs_no_processes(
    pool: type[Counting], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parallel, "WORTH_PROCESSES", 0.0)
    assert [p.id for p in parallel.puzzles_of(["3x3-nattxe"])] == ["3x3-nattxe"]
    assert [p.id for p in parallel.puzzles_of(["3x3-nattxe"] * 2, workers=1)] == ["3x3-nattxe"] * 2
    assert parallel.puzzles_of([]) == []
    assert pool.started == 0


def test_a_bad_id_is_refused_wherever_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "WORTH_PROCESSES", 0.0)
    for ids in (["3x3-nope"], ["3x3-nattxe", "3x3-nope"]):
        with pytest.raises(PuzzleIdError):
            parallel.puzzles_of(ids, workers=2)


def test_this_process_works_meanwhile_once_the_processes_have_started(
    pool: type[Counting], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet's own work (loading the drawing code, encoding its QR codes) is done here
    while the processes make the puzzles; and once, after them, when all are made here."""
    monkeypatch.setattr(parallel, "WORTH_PROCESSES", 0.0)
    ids = ["3x3-nattxe", "3x3-5yhmsw", "3x3-nattxe"]
    started: list[int] = []
    made = parallel.puzzles_of(ids, workers=2, meanwhile=lambda: started.append(pool.started))
    assert started == [1] and [p.id for p in made] == ids
    monkeypatch.setattr(parallel, "WORTH_PROCESSES", 1000.0)
    made = parallel.puzzles_of(ids, workers=2, meanwhile=lambda: started.append(pool.started))
    assert started == [1, 1] and [p.id for p in made] == ids


def test_a_lock_held_by_another_thread_at_the_pools_start_does_not_stop_the_sheet() -> None:
    """A process with threads (a test worker, a web server) starts the pool: a process
    forked from it would copy a lock another thread held at that moment (an import's, a
    cache's) as held for ever, and the sheet would wait for ever. It is made."""
    script = Path(__file__).resolve().parents[1] / "support" / "held_at_fork.py"
    ids = ["3x3-nattxe", "3x3-5yhmsw", "3x3-nattxe"]
    environment = dict(os.environ, PYTHONPATH=str(ROOT))
    with subprocess.Popen(
        [sys.executable, str(script), *ids], cwd=ROOT, env=environment, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    ) as process:  # fmt: skip
        try:
            out, err = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # the pool's processes with it
            process.communicate()
            pytest.fail("the sheet's puzzles were still not made after 60 s")
    assert process.returncode == 0, err
    assert out.split() == ids

"""Benchmark: ranking a MAT session, as the proctor's console and results pages do.

A session of 60 players and 10 sets of 5x5 (seeded puzzles, solvable and impossible), every
player having answered every set (about three right answers in four, the rest wrong grids,
unreadable text or claims of impossibility), is stored in a fresh SQLite file through the
web app's store, as a class's answers are: each answer checked by the engine once, when it
is written. Then, timed:

- **standings**: the engine's ranking of the session read from the store
  (:meth:`printables.matrix.session.MatSession.standings`): never solves a set (each set's
  verdict was stored with it) and never checks an answer again (each check was stored
  with it);
- **load + standings**: reading the session from the database too: what a console
  refresh costs;
- **re-checking every answer**: the same ranking with the stored checks dropped, as if
  every answer were checked again (no set is solved): what keeping the checks saves.

Before the engine held the session's rules, ranking this session solved every set for
every answer: 2.9 s. Target: the standings under 50 ms (median).

    python benchmarks/bench_standings.py [--runs 9] [--quick]

``--quick`` ranks a small session (12 players, 3 sets) and checks the figures' sessions
agree, never failing on timing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from sqlalchemy import update

from printables.matrix.puzzles import Puzzle, generate
from printables.matrix.session import MatSession
from webapp.db import make_engine, read, write
from webapp.mat import store
from webapp.schema import upgrade
from webapp.tables import entries, rounds, teachers

TARGET_MS = 50.0


def answers(puzzle: Puzzle, rng: random.Random) -> tuple[str, str]:
    """(claim, written answer) a player gives: right three times in four."""
    if rng.random() < 0.75:
        if puzzle.solution is None:
            return "impossible", "No"
        grid = [[str(c) for c in row] for row in puzzle.solution]
        rng.shuffle(grid)  # another order of the rows is as right
        return "done", "\n".join(" ".join(row) for row in grid)
    wrong = rng.choice(["scrambled", "unreadable", "no"])
    if wrong == "unreadable":
        return "done", "Bx=S and so on"
    if wrong == "no":
        return "impossible", "No"
    cards = [str(c) for c in puzzle.cards]
    rng.shuffle(cards)
    return "done", "\n".join(" ".join(cards[k : k + puzzle.cols]) for k in range(0, 25, 5))


def build(folder: Path, players: int, sets: int, seed: int) -> tuple[str, int]:
    """A stored session of ``players`` x ``sets`` answered sets; (database URL, its id)."""
    url = f"sqlite:///{folder / 'standings.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    rng = random.Random(seed)
    puzzles = [
        generate(5, 5, "impossible" if k % 4 == 3 else "solvable", "medium", seed + k)
        for k in range(sets)
    ]
    started = time.time() - 700 * sets - 60
    with write(engine) as db:
        db.execute(teachers.insert().values(username="bench", password_hash="-", created_at=0.0))
        session_id = store.create_session(db, 1, "Benchmark", "simultaneous", puzzles, 600)
        for number in range(sets):  # played and over
            db.execute(
                rounds.insert().values(
                    session_id=session_id, number=number, started_at=started + 700 * number
                )
            )
    for p in range(players):
        with write(engine) as db:
            store.add_player(db, store.load(db, session_id), f"Player {p + 1:02d}", False)
    with write(engine) as db:
        view = store.load(db, session_id)
        for seat in view.seats:
            for number, puzzle in enumerate(puzzles):
                claim, written = answers(puzzle, rng)
                store.set_answer(db, view, seat.id, number, written)  # checked, once
                db.execute(
                    update(entries)
                    .where(entries.c.player_id == seat.id, entries.c.round == number)
                    .values(seconds=rng.randrange(20, 590), claim=claim)
                )
    engine.dispose()
    return url, session_id


def timed(task: Callable[[], object], runs: int) -> tuple[float, object]:
    """The median of ``runs`` timings of ``task`` in ms, and its last result."""
    times = []
    result: object = None
    for _ in range(runs):
        start = time.perf_counter()
        result = task()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--sets", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a small session, no targets")
    args = parser.parse_args()
    if args.quick:
        args.players, args.sets, args.runs = 12, 3, 3
    with tempfile.TemporaryDirectory(prefix="bench_standings_") as name:
        began = time.perf_counter()
        url, session_id = build(Path(name), args.players, args.sets, args.seed)
        made = time.perf_counter() - began
        engine = make_engine(url)
        at = time.time()

        def load() -> store.SessionView:
            with read(engine) as db:
                return store.load(db, session_id)

        view = load()
        unchecked: MatSession = replace(
            view, entries={k: replace(e, checked=None) for k, e in view.entries.items()}
        )
        ranked_ms, ranked = timed(lambda: view.standings(at), args.runs)
        loaded_ms, _ = timed(lambda: load().standings(at), args.runs)
        again_ms, again = timed(lambda: unchecked.standings(at), max(3, args.runs // 3))
        engine.dispose()
    answered = sum(1 for e in view.entries.values() if e.answer)
    print(
        f"{args.players} players x {args.sets} sets of 5x5, {answered} written answers "
        f"(stored and checked in {made:.1f} s); medians of {args.runs} runs"
    )
    print(f"standings (stored checks)        {ranked_ms:8.1f} ms")
    print(f"load from SQLite + standings     {loaded_ms:8.1f} ms")
    print(f"re-checking every answer         {again_ms:8.1f} ms  ({again_ms / ranked_ms:.0f}x)")
    if ranked != again:
        print("FAIL: the stored checks rank the session differently from checking again")
        sys.exit(1)
    if args.quick:
        print("timing targets are not judged in quick mode")
        return
    verdict = "PASS" if ranked_ms < TARGET_MS else "FAIL"
    print(f"standings {ranked_ms:.1f} ms < {TARGET_MS:g} ms: {verdict}")


if __name__ == "__main__":
    main()

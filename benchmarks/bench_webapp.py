"""Benchmark: a class of phones on a multi-worker server, on loopback.

Starts the web app under ``printables serve`` as the README starts it, then under
gunicorn (``--workers`` sync processes, or ``--threads`` per process), each on
127.0.0.1 and a free port, on a fresh SQLite file in a temporary folder, with a teacher
made by ``printables teacher add``. The teacher logs in and makes MAT Simultaneous
sessions of one typed 3x3 solvable set (a session seats at most 60, so the students are
shared among ``ceil(students / per-session)`` sessions). Then each simulated student, a
thread with its own cookie jar and its own loopback address (127.R.H.L, new each run),
keeps one connection alive from request to request as a phone's browser does (gunicorn's
sync workers close it after each answer; the phone then opens another), and does what
``play.html`` and ``play.js`` make a phone do:

1. GET ``/join/<code>`` (the QR code's target; the CSRF token is read from the form),
   POST ``/join`` with a nickname, GET ``/play/<code>`` (the waiting page);
2. polls ``/play/<code>/state`` every ``--poll`` seconds until the teacher has started
   set 1 (once everyone has joined), then GET ``/play/<code>`` (the cards, the form's
   token and set number) and the set's nine card images;
3. ``--polls`` more polls while "working", one of them with a GET
   ``/check/<puzzle-id>?answer=...`` for a practice puzzle (the worksheet's
   answer-checking page; the verdict it shows must be the right one) and a GET of the
   checking page of the set in play, which must be refused (no verdict on a set in a
   running competition);
4. waits at a barrier with every other student, then within ``--done-spread`` seconds
   all press Done: POST ``/play/<code>/hand`` (claim=done and a written answer, right for
   three students in four, a wrong grid for the fourth) as ``play.js`` sends it, from
   the page's script: its JSON answer holds the recorded notice, which takes the form's
   place; then, at the next poll, it polls once more to see the recorded time.

Meanwhile each session's console and projector poll as ``console.js`` and
``projector.js`` do (the round table and the state every 2 s). Afterwards nothing may be
lost: each session's ``/sessions/<id>/state`` lists exactly its students' nicknames with
a time, each student's own state shows the same time, and the results CSV has one row a
student, right answers scoring their seconds and wrong ones the time limit. Finally every
student polls the state in a closed loop for ``--flood`` seconds: the server's capacity.

Every request is timed by the client (first byte sent, or connection opened, to last
byte received, ``time.perf_counter``) and under gunicorn by the server too (its access
log, ``%(D)s``: parsing to response, without the time spent queued for a free worker).
Prints per kind of request: count, failures (an unexpected status or no response),
median, p99 (nearest rank) and max; requests per second over the paced run, in the Done
burst and in the flood; the CPU seconds used by the server, by the simulated phones and
by every other process on the machine (a shared machine's other jobs explain most slow
runs).

Then whether the recorded times keep the order of the presses (:class:`Fairness` defines
it): each Done's request is written between two readings of the phone's clock, so its
bytes reached the machine in that interval. Two presses of one session are certainly in
order when the first's interval ended before the second's began; an *inversion* is such
a pair recorded the other way round, or recorded in the same second although a second
or more apart (a tie is otherwise what whole seconds allow). A press is *late* when its
recorded second is later than its interval allows.

Then the targets with PASS/FAIL: for up to 100 phones p99 under 100 ms for check, state
poll and Done; for up to 300 Done p99 under 300 ms; 0 inversions, no request failed, no
submission lost; the two servers' figures side by side. Exits 1 when a request failed, a
student could not finish, a submission was lost or scored wrongly, a press was recorded
before it was sent, or (on ``printables serve``, which times a press when its bytes
arrive) two presses were inverted; latency targets missed only print FAIL (the machines
are shared and noisy), and so do gunicorn's inversions (its workers time a press once
one takes it, after any queue).

The class itself (the sessions, the phones' steps, the checks afterwards and the
fairness of the recorded times) is ``classroom.py``, beside this file, which
``bench_cluster.py`` plays on several servers too.

    python benchmarks/bench_webapp.py [--students 100] [--workers 4] [--threads 1]
        [--runs 3] [--database sqlite|URL]

Each run starts a fresh server (and, on SQLite, a fresh database); with several runs
the figures are the medians across runs. ``--database`` takes an SQLAlchemy URL (such
as ``postgresql+psycopg://user@/printables?host=/run/postgresql``) to load another
database; the teacher gets a new name on each run, and each run's phones join from new
loopback addresses, so the database may be reused.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from classroom import (  # beside this file
    KINDS,
    MAX_PER_SESSION,
    PASSWORD,
    Burst,
    Checks,
    Classroom,
    Fairness,
    Options,
    checks,
    class_of,
    fairness,
    flood,
    play,
    start_sets,
    teacher_polls,
    teacher_setup,
    total_fairness,
    verify,
)
from serving import Server, cpu, free_port, launch  # beside this file
from web_client import (  # beside this file
    Recorder,
    Sample,
)

TARGETS = ((100, {"check": 100.0, "state poll": 100.0, "done": 100.0}), (300, {"done": 300.0}))
"""p99 targets in ms for a class of up to so many phones (a larger class: reported only)."""
TARGET_KINDS = ("check", "state poll", "done")
PACED = frozenset(KINDS) - {"teacher", "flood state"}
LOG_FORMAT = "%({x-bench-kind}i)s %(s)s %(D)s"


# --- the server ------------------------------------------------------------------------


class Running(Protocol):
    """A started server as a run uses it: a :class:`Server`, or what another benchmark
    starts instead (``bench_cluster.py``: several servers behind a balancer)."""

    port: int  # on 127.0.0.1: what the phones and the teacher connect to
    access_log: Path  # gunicorn's, as LOG_FORMAT writes it (may not exist)
    error_log: Path  # read once the server has stopped, for its last traceback

    def stop(self) -> None: ...

    def cpu_used(self, children: float) -> float: ...


Launch = Callable[[Options, Path, dict[str, str]], Running]
"""Starts a run's server: the options, the run's folder and the environment (the
database's URL and the secret key), as :func:`start_server` takes them."""


def start_server(options: Options, folder: Path, environment: dict[str, str]) -> Server:
    """gunicorn, or ``printables serve``, on 127.0.0.1 and a free port, in its own
    process group; returns once it answers, its workers warmed."""
    port = free_port()
    access_log = folder / "access.log"
    if options.server == "serve":  # no access log: the client's timings only
        command = [sys.executable, "-m", "generator", "serve", "--host", "127.0.0.1",
                   "--port", str(port), *options.serve_args]  # fmt: skip
    else:
        command = [
            sys.executable, "-m", "gunicorn", "--workers", str(options.workers),
            "--threads", str(options.threads), "--bind", f"127.0.0.1:{port}",
            "--access-logfile", str(access_log), "--access-logformat", LOG_FORMAT,
            "--error-logfile", str(folder / "error.log"), "--timeout", "120", options.app,
        ]  # fmt: skip
    return launch(command, port, folder, environment, options.workers)


def last_error(server: Running) -> list[str]:
    """The last lines of the last traceback in the server's error log, if any."""
    text = server.error_log.read_text() if server.error_log.exists() else ""
    if "Traceback" not in text:
        return []
    return ["server: " + line for line in text.rsplit("Traceback", 1)[1].splitlines()[-6:]]


def server_times(access_log: Path) -> dict[str, list[float]]:
    """Seconds each request took inside a worker, by kind (from the access log)."""
    times: dict[str, list[float]] = {}
    if not access_log.exists():
        return times
    for line in access_log.read_text().splitlines():
        parts = line.rsplit(" ", 2)
        if len(parts) == 3 and parts[2].isdigit():
            times.setdefault(parts[0], []).append(int(parts[2]) / 1e6)
    return times


# --- one run ---------------------------------------------------------------------------


@dataclass
class RunResult:
    samples: list[Sample]
    server: dict[str, list[float]]
    paced_seconds: float
    done_seconds: float
    flood_seconds: float
    lost: int
    misscored: int
    unfinished: int  # students who stopped short of a recorded time (a failed step)
    fairness: Fairness
    client_cpu: float  # CPU seconds of this process (the phones) over the whole run
    server_cpu: float  # CPU seconds of gunicorn and its workers
    wall: float  # seconds from the server's start to its stop
    load: float  # the machine's load average (1 minute) as the run began
    others_cpu: float  # CPU seconds every other process on the machine used meanwhile
    problems: list[str] = field(default_factory=list)


def machine_busy() -> float:
    """CPU seconds the whole machine has been busy since boot (Linux's /proc/stat), or
    NaN elsewhere."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return math.nan
    ticks = [int(f) for f in fields]
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle and iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def span(samples: Iterable[Sample]) -> float:
    chosen = list(samples)
    if not chosen:
        return 0.0
    return max(s.start + s.seconds for s in chosen) - min(s.start for s in chosen)


def run_once(
    options: Options,
    check: Checks,
    number: int,
    launch: Launch = start_server,
    burst: Burst | None = None,
) -> RunResult:
    """Run ``number`` (from 0): a fresh server (started by ``launch``); each phone has its
    own loopback address, new each run (:func:`address`), so a reused database's rate
    limits start afresh. ``burst``: calls as the Done burst begins and ends."""
    sessions = math.ceil(options.students / options.per_session)
    username = f"bench{secrets.randbelow(10**9):09d}"
    with tempfile.TemporaryDirectory(prefix="bench_webapp_") as name:
        folder = Path(name)
        database = options.database
        if database == "sqlite":
            database = f"sqlite:///{folder / 'printables.sqlite3'}"
        environment = dict(os.environ, PRINTABLES_DATABASE_URL=database,
                           PRINTABLES_SECRET_KEY=secrets.token_hex(32))  # fmt: skip
        subprocess.run(
            [sys.executable, "-m", "generator", "teacher", "add", username,
             "--password", PASSWORD],
            env=environment, check=True, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        load = os.getloadavg()[0]
        began, children = time.perf_counter(), cpu(resource.RUSAGE_CHILDREN)
        mine, busy = cpu(resource.RUSAGE_SELF), machine_busy()
        server = launch(options, folder, environment)
        try:
            recorder = Recorder()
            teacher, ids, codes = teacher_setup(server.port, recorder, username, sessions)
            room = Classroom(
                options, server.port, recorder, teacher, ids, codes, check,
                threading.Barrier(options.students + 1),
                threading.Barrier(options.students, action=burst.begin if burst else None),
                burst=burst,
            )  # fmt: skip
            students = class_of(options.students, sessions, number, server.port, recorder)
            with ThreadPoolExecutor(max_workers=options.students + 1) as pool:
                watching = pool.submit(teacher_polls, room)
                try:
                    playing = [pool.submit(play, room, s) for s in students]
                    room.joined.wait(timeout=120)
                    start_sets(room)
                    for future in playing:
                        future.result()
                finally:
                    room.paced_over.set()  # the consoles stop polling, whatever happened
                watching.result()
            lost, misscored, problems = verify(room, students)
            problems += [f"{s.nickname}: {s.problem}" for s in students if s.problem]
            flood_seconds = flood(students, room, options.flood) if options.flood > 0 else 0.0
            for student in students:
                student.browser.close()
            teacher.close()
        finally:
            server.stop()
        wall = time.perf_counter() - began
        client_cpu = cpu(resource.RUSAGE_SELF) - mine
        server_cpu = server.cpu_used(children)
        others_cpu = max(0.0, machine_busy() - busy - client_cpu - server_cpu)  # tick-rounded
        samples = recorder.samples
        return RunResult(
            samples=samples,
            server=server_times(server.access_log),
            paced_seconds=span(s for s in samples if s.kind in PACED),
            done_seconds=span(s for s in samples if s.kind == "done"),
            flood_seconds=flood_seconds,
            lost=lost,
            misscored=misscored,
            unfinished=sum(1 for s in students if s.problem),
            fairness=fairness(students),
            client_cpu=client_cpu,
            server_cpu=server_cpu,
            wall=wall,
            load=load,
            others_cpu=others_cpu,
            problems=last_error(server) + [s.note for s in samples if not s.ok] + problems,
        )


# --- figures ---------------------------------------------------------------------------


def p99(values: Sequence[float]) -> float:
    """The 99th percentile by nearest rank: the value 99% of requests did not exceed."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


def figures(result: RunResult) -> dict[str, dict[str, float]]:
    """Per kind: count, failed, median, p99 and max ms (client), median and p99 ms
    (server); and under "all": requests per second."""
    table: dict[str, dict[str, float]] = {}
    for kind in KINDS:
        chosen = [s for s in result.samples if s.kind == kind]
        if not chosen:
            continue
        ms = [s.seconds * 1000 for s in chosen if s.status]
        inside = [t * 1000 for t in result.server.get(kind, [])]
        table[kind] = {
            "count": len(chosen),
            "failed": sum(1 for s in chosen if not s.ok),
            "median": statistics.median(ms) if ms else math.nan,
            "p99": p99(ms) if ms else math.nan,
            "max": max(ms) if ms else math.nan,
            "server median": statistics.median(inside) if inside else math.nan,
            "server p99": p99(inside) if inside else math.nan,
        }
    paced = sum(1 for s in result.samples if s.kind in PACED)
    done = sum(1 for s in result.samples if s.kind == "done")
    flooded = sum(1 for s in result.samples if s.kind == "flood state")
    table["all"] = {
        "paced": paced / result.paced_seconds if result.paced_seconds else math.nan,
        "done": done / result.done_seconds if result.done_seconds else math.nan,
        "flood": flooded / result.flood_seconds if result.flood_seconds else math.nan,
        "paced requests": paced,
        "paced seconds": result.paced_seconds,
        "client cpu": result.client_cpu,
        "server cpu": result.server_cpu,
        "wall": result.wall,
        "load": result.load,
        "others cpu": result.others_cpu,
    }
    return table


def p99_of(table: dict[str, dict[str, float]], kind: str) -> float:
    return table[kind]["p99"] if kind in table else math.nan


def medians(tables: Sequence[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for kind in tables[0]:
        rows = [t[kind] for t in tables if kind in t]
        out[kind] = {key: statistics.median(r[key] for r in rows) for key in rows[0]}
    return out


def report(options: Options, tables: Sequence[dict[str, dict[str, float]]],
           results: Sequence[RunResult]) -> Summary:  # fmt: skip
    """Print the medians, the order of presses and the targets; the summary's ``ok`` is
    True when nothing failed or was lost (nor inverted, on ``printables serve``)."""
    table = medians(tables)
    print()
    head = (f"{'kind':<13}{'count':>7}{'failed':>7}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}"
            f"{'server p50':>12}{'server p99':>12}")  # fmt: skip
    print(head)
    for kind in KINDS:
        if kind not in table:
            continue
        row = table[kind]
        print(f"{kind:<13}{row['count']:>7.0f}{row['failed']:>7.0f}{row['median']:>11.1f}"
              f"{row['p99']:>9.1f}{row['max']:>9.1f}{row['server median']:>12.1f}"
              f"{row['server p99']:>12.1f}")  # fmt: skip
    rates = table["all"]
    print(
        f"\nrequests/s: {rates['paced']:.0f} over the paced run ({rates['paced requests']:.0f} "
        f"requests in {rates['paced seconds']:.1f} s, phones polling every {options.poll:g} s), "
        f"{rates['done']:.0f} in the Done burst"
        + (f", {rates['flood']:.0f} in the flood (closed loop)" if options.flood > 0 else "")
    )
    print(
        f"CPU seconds: server {rates['server cpu']:.1f}, client (the phones) "
        f"{rates['client cpu']:.1f}, other processes {rates['others cpu']:.1f}, in "
        f"{rates['wall']:.1f} s on {os.cpu_count()} CPUs; load average {rates['load']:.1f} as a "
        "run began"
    )
    runs = len(results)
    if runs > 1:
        print(f"(medians of {runs} runs; each run a fresh server, and on SQLite a fresh database)")
    failed = sum(1 for r in results for s in r.samples if not s.ok)
    lost = sum(r.lost for r in results)
    misscored = sum(r.misscored for r in results)
    unfinished = sum(r.unfinished for r in results)
    fair = total_fairness([r.fairness for r in results])
    print(
        f"order of presses: {fair.pairs} pairs in one session certainly in order "
        f"({fair.apart} a second or more apart); recorded late {fair.late} presses"
        + (f" (the latest by at least {fair.latest:.2f} s)" if fair.late else "")
        + f", early {fair.early}"
    )
    print()
    limits = targets(options.students)
    for kind in TARGET_KINDS:
        value = p99_of(table, kind)
        worst = max(p99_of(t, kind) for t in tables)
        limit = limits.get(kind)
        verdict = "PASS" if limit is not None and value < limit else "FAIL"  # NaN fails too
        against = f" < {limit:g} ms: {verdict}" if limit is not None else ": reported only"
        print(f"{kind} p99 {value:.1f} ms (worst run {worst:.1f}){against}")
    fairness_counts = options.server == "serve"  # other servers time a press after a queue
    print(f"inversions {fair.inversions}: {'PASS' if fair.inversions == 0 else 'FAIL'}"
          + ("" if fairness_counts else " (reported only: this server times a press once a "
             "worker takes it)"))  # fmt: skip
    print(f"failed requests {failed}: {'PASS' if failed == 0 else 'FAIL'}")
    print(f"lost submissions {lost}: {'PASS' if lost == 0 else 'FAIL'}")
    print(f"wrongly scored or mismatched {misscored}: {'PASS' if misscored == 0 else 'FAIL'}")
    print(f"students who could not finish {unfinished}: {'PASS' if unfinished == 0 else 'FAIL'}")
    print(f"presses recorded before they were sent {fair.early}: "
          f"{'PASS' if fair.early == 0 else 'FAIL'}")  # fmt: skip
    problems = [p for r in results for p in r.problems]
    for problem in problems[:20]:
        print("  " + problem)
    if len(problems) > 20:
        print(f"  ... and {len(problems) - 20} more")
    ok = failed == lost == misscored == unfinished == fair.early == 0
    if fairness_counts:
        ok = ok and fair.inversions == 0
    p99s = tuple(p99_of(table, kind) for kind in TARGET_KINDS)
    return Summary(server_name(options), p99s, failed, lost, fair, ok)


@dataclass(frozen=True)
class Summary:
    """One server's figures for the side-by-side table."""

    server: str
    p99s: tuple[float, ...]  # ms, in the order of TARGET_KINDS
    failed: int
    lost: int
    fairness: Fairness
    ok: bool  # nothing failed, was lost or scored wrongly (nor inverted, on serve)


def side_by_side(summaries: Sequence[Summary]) -> None:
    """The servers' p99s, failures, losses and fairness in one table."""
    print("\n== side by side (p99 ms; medians over the runs)")
    print(f"{'server':<34}{'check':>8}{'state':>8}{'done':>8}{'failed':>8}{'lost':>6}"
          f"{'inversions':>12}{'late':>6}")  # fmt: skip
    for row in summaries:
        check, state, done = row.p99s
        print(f"{row.server:<34}{check:>8.1f}{state:>8.1f}{done:>8.1f}{row.failed:>8}"
              f"{row.lost:>6}{row.fairness.inversions:>12}{row.fairness.late:>6}")  # fmt: skip


def targets(students: int) -> dict[str, float]:
    """The p99 targets (ms) for a class of ``students`` phones: the smallest class size
    of :data:`TARGETS` that holds it; none beyond."""
    for size, limits in TARGETS:
        if students <= size:
            return limits
    return {}


def positive(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text} is not positive")
        return value

    return parse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=positive(int), default=100)
    parser.add_argument(
        "--per-session",
        type=positive(int),
        default=40,
        help=f"students a session, joining from one address (at most {MAX_PER_SESSION}; a "
        "session takes 40 joins a minute from one address)",
    )
    parser.add_argument("--workers", type=positive(int), default=4, help="gunicorn processes")
    parser.add_argument(
        "--threads",
        type=positive(int),
        default=1,
        help="threads a worker (more than 1: gunicorn's gthread workers)",
    )
    parser.add_argument("--runs", type=positive(int), default=3)
    parser.add_argument(
        "--database", default="sqlite", help="'sqlite' (a fresh file a run) or an SQLAlchemy URL"
    )
    parser.add_argument(
        "--poll",
        type=positive(float),
        default=2.0,
        help="seconds between a phone's state polls (play.js: 2)",
    )
    parser.add_argument(
        "--polls", type=positive(int), default=3, help="polls while working on the set"
    )
    parser.add_argument(
        "--join-spread", type=float, default=2.0, help="seconds over which the students join"
    )
    parser.add_argument(
        "--done-spread",
        type=float,
        default=1.0,
        help="seconds within which every student presses Done",
    )
    parser.add_argument(
        "--flood",
        type=float,
        default=3.0,
        help="seconds of closed-loop state polling at the end (0: none)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a small class, one run, short polls: that everything works (CI); the "
        "latency targets are reported but do not fail it",
    )
    parser.add_argument(
        "--app", default="webapp:create_app()", help="what gunicorn loads (to profile a wrapper)"
    )
    parser.add_argument(
        "--server",
        choices=("both", "serve", "gunicorn"),
        default="both",
        help="'serve': `printables serve` as the README starts it; 'gunicorn': --workers "
        "processes; 'both' (the default): one after the other",
    )
    parser.add_argument(
        "--serve-option",
        action="append",
        default=[],
        help="an option for `printables serve`, such as --serve-option=--workers=4",
    )
    args = parser.parse_args()
    if args.quick:
        args.students, args.per_session, args.workers, args.runs = 8, 4, 2, 1
        args.poll, args.polls, args.join_spread, args.flood = 0.2, 2, 0.2, 0.2
        args.done_spread = 0.3
    if args.per_session > MAX_PER_SESSION:
        parser.error(f"a session seats at most {MAX_PER_SESSION} students")
    options = Options(
        args.students, args.per_session, args.workers, args.threads, args.database, args.poll,
        args.polls, args.join_spread, args.done_spread, args.flood, args.seed, args.app,
    )  # fmt: skip
    servers = ("serve", "gunicorn") if args.server == "both" else (args.server,)
    options = replace(options, serve_args=tuple(args.serve_option))
    check = checks()
    summaries = [bench(replace(options, server=server), args.runs, check) for server in servers]
    if len(summaries) > 1:
        side_by_side(summaries)
    sys.exit(0 if all(s.ok for s in summaries) else 1)


def server_name(options: Options) -> str:
    if options.server == "serve":
        return "`" + " ".join(("printables serve", *options.serve_args)) + "`"
    workers = f"gunicorn {options.workers} {'sync' if options.threads == 1 else 'gthread'}"
    return workers + " workers" + (f" x {options.threads} threads" if options.threads > 1 else "")


def bench(options: Options, runs: int, check: Checks) -> Summary:
    """``runs`` runs on one kind of server, then the report."""
    sessions = math.ceil(options.students / options.per_session)
    workers = server_name(options)
    where = "SQLite" if options.database == "sqlite" else options.database.split(":", 1)[0]
    print(f"\n== {options.students} students in {sessions} sessions, {workers}, {where}, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")  # fmt: skip
    tables: list[dict[str, dict[str, float]]] = []
    results: list[RunResult] = []
    for number in range(runs):
        result = run_once(replace(options, seed=options.seed + number), check, number)
        table = figures(result)
        results.append(result)
        tables.append(table)
        failed = sum(1 for s in result.samples if not s.ok)
        print(
            f"run {number + 1}: {table['all']['paced requests']:.0f} requests in "
            f"{result.paced_seconds:.1f} s; check p99 {p99_of(table, 'check'):.1f} ms, "
            f"done p99 {p99_of(table, 'done'):.1f} ms (burst {result.done_seconds:.2f} s); "
            f"failed {failed}, lost {result.lost}, misscored {result.misscored}, "
            f"inversions {result.fairness.inversions}, late {result.fairness.late}; "
            f"CPU s: server {result.server_cpu:.1f}, others {result.others_cpu:.1f}",
            flush=True,
        )
    return report(options, tables, results)


if __name__ == "__main__":
    main()

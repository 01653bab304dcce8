"""Benchmark: a class of phones on several app servers behind HAProxy, against one server.

Starts a throwaway PostgreSQL (``tests/support/postgres_support.py``) with
``pg_stat_statements`` loaded, then plays the class of ``classroom.py`` (as
``bench_webapp.py`` does: the same
phones, each its own loopback address and kept-alive connection, joining, polling the
state every ``--poll`` seconds, checking a practice puzzle and the refused set in play,
all pressing Done within ``--done-spread`` seconds, then the teacher's state and results
CSV checked for every student, then ``--flood`` seconds of closed-loop polling) on two
setups, one after the other in the same run, each on a new database of that PostgreSQL
(``tests/support/cluster.py``):

- *balanced*: ``--servers`` gunicorn servers of ``--workers`` sync workers each behind
  HAProxy with the repository's ``deploy/haproxy.cfg`` (round robin, keep-alive with the
  phones, ``X-Forwarded-For``);
- *alone*: one gunicorn server of ``servers x workers`` sync workers, the same number in
  all, which the phones reach directly.

With ``--serve`` both setups run ``printables serve`` servers (``--workers`` processes
each, as ``deploy/printables.service`` runs them) in place of gunicorn's: they time a
press when its bytes reach the server, so no server's queue can reorder a class.

All of it on this machine: the phones, the servers, HAProxy and PostgreSQL share its cores.

Prints per setup: count, failures, median, p99 and max of every kind of request (client
times); requests a second over the paced run, in the Done burst and in the closed loop
(capacity); the CPU seconds of the app servers (every gunicorn arbiter and worker, from
``/proc``, from the moment the servers answered to their stop) and that per request, and
those of HAProxy, PostgreSQL, the phones and every other process; the database's work:
*queries* are ``pg_stat_statements``' calls in the setup's database (SELECT, INSERT,
UPDATE, DELETE; BEGIN, COMMIT and SET not counted), *writes* are the transactions that
wrote (transaction ids taken: PostgreSQL gives one to a transaction as it first writes,
and only one setup runs at a time); both read as the phones are released to press and once
every press is answered, divided by the presses (an upper bound: the polls answered in
that window count too, and are shown), and over the whole run per request. Then the order
of the presses (``classroom.Fairness``: inversions, presses recorded late or early),
and the setups side by side.

Targets, PASS or FAIL:

- no failed request, no lost submission, none scored wrongly, every student finished, no
  press recorded before it was sent (on either setup): correctness, exit 1 when missed;
- 0 inversions (printed, not judged by the exit: gunicorn times a press once a worker
  takes it, after any queue, as ``bench_webapp.py`` says of it);
- Done p99 through the balancer under 1 s (a class of 1,000 phones on one small machine:
  the time is the press's, recorded when it arrives, so a slow answer costs no one a
  second, but a phone should show "Recorded" within one). Latency targets print FAIL but
  never change the exit status (shared, noisy machines).

    python benchmarks/bench_cluster.py [--students 1000] [--sessions 30] [--servers 3]
        [--workers 2] [--runs 1] [--quick]

A session seats at most 60 (``printables.matrix.session.MAX_PLAYERS``): 1,000 phones in 30
sessions is 34 a session. With several runs the setups alternate and the figures are
medians across runs. ``--quick`` (for CI): 30 phones in 2 sessions, 3 servers of 1 worker
against one of 3, one short run, the same code paths. Where PostgreSQL, psycopg or HAProxy
is missing, ``--quick`` prints why and exits 0; a full run exits 1.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench_webapp import (  # beside this file
    Launch,
    RunResult,
    figures,
    machine_busy,
    medians,
    positive,
    run_once,
)
from classroom import (  # beside this file
    MAX_PER_SESSION,
    Burst,
    Checks,
    Options,
    checks,
    total_fairness,
)
from serving import processes, tree_cpu  # beside this file
from web_client import Browser, Recorder  # beside this file

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))
from cluster import Cluster, haproxy  # type: ignore[import-not-found]
from postgres_support import PostgresCluster, Unavailable  # type: ignore[import-not-found]

DONE_TARGET = 1000.0
"""ms: the Done p99 through the balancer."""
SHOWN = ("check", "state poll", "done")
"""The kinds of request in the side-by-side table."""


@dataclass(frozen=True)
class Setup:
    """``servers`` gunicorn servers of ``workers`` sync workers (or ``printables serve``
    servers of ``workers`` processes), behind HAProxy or alone."""

    servers: int
    workers: int
    balancer: bool
    serve: bool = False

    @property
    def name(self) -> str:
        workers = f"{self.workers} worker" + ("s" if self.workers > 1 else "")
        servers = f"{self.servers} server" + ("s" if self.servers > 1 else "")
        kind = "printables serve " if self.serve else ""
        return f"{kind}{servers} x {workers}" + (" behind HAProxy" if self.balancer else " alone")


# --- the database's counters ------------------------------------------------------------


@dataclass(frozen=True)
class Counters:
    """A database's counters at one moment (queries: None without pg_stat_statements)."""

    at: float  # time.perf_counter()
    queries: int | None
    transactions: int  # the next transaction id: transactions that wrote, on any database

    def minus(self, before: Counters) -> tuple[float, int | None, int]:
        """Seconds, queries and transactions since ``before``."""
        queries = None
        if self.queries is not None and before.queries is not None:
            queries = self.queries - before.queries
        return self.at - before.at, queries, self.transactions - before.transactions


class Database:
    """The throwaway PostgreSQL: started, with ``pg_stat_statements`` loaded if it can be,
    and its counters read from its ``postgres`` database (so the readings are not counted
    in the setups' databases)."""

    def __init__(self) -> None:
        import psycopg

        self.cluster = PostgresCluster()
        try:
            self.cluster.start()
            self.statements = self._load_statements()
            self.connection = psycopg.connect(self.cluster.dsn(), autocommit=True)
        except BaseException:
            self.cluster.remove()
            raise
        self.lock = threading.Lock()

    def _load_statements(self) -> str:
        """Load pg_stat_statements (a restart); '' when on, or why not."""
        import psycopg

        with psycopg.connect(self.cluster.dsn(), autocommit=True) as admin:
            found = admin.execute(
                "SELECT 1 FROM pg_available_extensions WHERE name = 'pg_stat_statements'"
            ).fetchone()
            if found is None:
                return "pg_stat_statements is not installed"
            admin.execute("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'")
        self.cluster.restart()
        try:
            with psycopg.connect(self.cluster.dsn(), autocommit=True) as admin:
                admin.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
                admin.execute("ALTER SYSTEM SET pg_stat_statements.track_utility = off")
                admin.execute("SELECT pg_reload_conf()")
        except psycopg.Error as error:
            return f"pg_stat_statements did not load: {error}"
        return ""

    def postmaster(self) -> int | None:
        """The server's main process (its backends are its children)."""
        try:
            return int((self.cluster.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def read(self, url: str) -> Counters:
        name = url.rsplit("/", 1)[1]
        with self.lock:
            at = time.perf_counter()
            row = self.connection.execute(  # reads the next id without taking one
                "SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint"
            ).fetchone()
            queries = None
            if not self.statements:
                found = self.connection.execute(
                    "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE dbid = "
                    "(SELECT oid FROM pg_database WHERE datname = %s)",
                    (name,),
                ).fetchone()
                queries = int(found[0]) if found else None
        return Counters(at, queries, int(row[0]) if row else 0)

    def close(self) -> None:
        self.connection.close()
        self.cluster.remove()


# --- a setup, started for one run ------------------------------------------------------


class Started:
    """A setup's servers (and balancer) as ``bench_webapp.run_once`` uses a server: its
    CPU and the database's counters are read from the moment the servers answered (after
    the warm-up) to their stop; the servers' logs are put in ``error_log`` as they stop."""

    def __init__(self, cluster: Any, folder: Path, database: Database, url: str) -> None:
        self.cluster = cluster
        self.database, self.url = database, url
        self.port = int(cluster.url.rsplit(":", 1)[1])
        self.access_log = folder / "access.log"  # none: the client's timings only
        self.error_log = folder / "servers.log"
        self.app_cpu = self.balancer_cpu = self.database_cpu = 0.0
        self.counters: tuple[Counters, Counters] | None = None
        self._first = self.readings()
        self._counters = database.read(url)

    def readings(self) -> tuple[float, float, float]:
        """CPU seconds so far: the app servers', HAProxy's, PostgreSQL's."""
        table = processes()
        app = sum(tree_cpu(table, server.pid) for server in self.cluster.servers)
        balancer = self.cluster.balancer
        return (app, tree_cpu(table, balancer.pid if balancer is not None else None),
                tree_cpu(table, self.database.postmaster()))  # fmt: skip

    def stop(self) -> None:
        try:
            last = self.readings()
            self.app_cpu, self.balancer_cpu, self.database_cpu = (
                b - a for a, b in zip(self._first, last, strict=True)
            )
            self.counters = (self._counters, self.database.read(self.url))
        finally:
            self.cluster.stop()
            self.error_log.write_text(self.cluster.logs())

    def cpu_used(self, children: float) -> float:
        return self.app_cpu


@dataclass
class Trial:
    """What one setup's run gives beyond ``bench_webapp``'s result."""

    setup: Setup
    started: Started | None = None
    burst: tuple[Counters, Counters] | None = None


def launcher(setup: Setup, trial: Trial, database: Database) -> Launch:
    """A ``bench_webapp.Launch`` that starts ``setup`` on the run's database."""

    def launch(options: Options, folder: Path, environment: dict[str, str]) -> Started:
        cluster = Cluster(
            folder, options.database, servers=setup.servers, workers=setup.workers,
            balancer=setup.balancer, secret_key=environment["PRINTABLES_SECRET_KEY"],
            serve=setup.serve,
        )  # fmt: skip
        try:  # the servers at once (the schema is made under a lock), then the balancer
            with ThreadPoolExecutor(max_workers=setup.servers) as pool:
                list(pool.map(lambda server: server.start(timeout=60.0), cluster.servers))
            if cluster.balancer is not None:
                cluster.balancer.start()
            port = int(cluster.url.rsplit(":", 1)[1])
            for _ in range(setup.servers * setup.workers * 3):  # a connection a worker, or so
                probe = Browser(port, "127.0.0.1", Recorder())
                probe.get("warm-up", "/login")
                probe.close()
            trial.started = Started(cluster, folder, database, options.database)
        except BaseException:
            cluster.stop()
            raise
        return trial.started

    return launch


def bursting(trial: Trial, database: Database, url: str) -> Burst:
    """The database's counters read as the Done burst begins and ends (a reading that
    fails leaves the burst's figures out, never the phones stuck at their barrier)."""
    readings: list[Counters] = []

    def read() -> None:
        try:
            readings.append(database.read(url))
        except Exception as error:  # reported; the run goes on
            print(f"the database's counters could not be read: {error!r}", flush=True)

    def end() -> None:
        read()
        if len(readings) == 2:
            trial.burst = (readings[0], readings[1])

    return Burst(read, end)


# --- figures ---------------------------------------------------------------------------


def extras(trial: Trial, result: RunResult) -> dict[str, float]:
    """The run's figures beyond ``bench_webapp.figures``: CPU, the database's work, order."""
    started = trial.started
    assert started is not None and started.counters is not None
    requests = len(result.samples)
    presses = sum(1 for s in result.samples if s.kind == "done")
    out = {
        "requests": requests,
        "app cpu": started.app_cpu,
        "app cpu ms a request": 1000 * started.app_cpu / requests if requests else math.nan,
        "balancer cpu": started.balancer_cpu,
        "database cpu": started.database_cpu,
        "inversions": result.fairness.inversions,
    }
    _, queries, transactions = started.counters[1].minus(started.counters[0])
    out["queries a request"] = queries / requests if queries is not None and requests else math.nan
    out["writes a request"] = transactions / requests if requests else math.nan
    out.update({"burst queries a press": math.nan, "burst writes a press": math.nan,
                "burst seconds": math.nan, "burst other requests": math.nan})  # fmt: skip
    if trial.burst is not None and presses:
        first, last = trial.burst
        seconds, queries, transactions = last.minus(first)
        out["burst seconds"] = seconds
        out["burst other requests"] = sum(
            1 for s in result.samples
            if s.kind != "done" and first.at <= s.start + s.seconds and s.start <= last.at
        )  # fmt: skip
        if queries is not None:
            out["burst queries a press"] = queries / presses
        out["burst writes a press"] = transactions / presses
    return out


def middle(rows: Sequence[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(row[key] for row in rows) for key in rows[0]}


@dataclass(frozen=True)
class Outcome:
    """One setup's figures over its runs."""

    setup: Setup
    table: dict[str, dict[str, float]]  # bench_webapp.figures, medians over the runs
    extra: dict[str, float]  # extras, medians over the runs
    results: list[RunResult]

    def count(self, what: str) -> int:
        if what == "failed":
            return sum(1 for r in self.results for s in r.samples if not s.ok)
        if what == "early":
            return sum(r.fairness.early for r in self.results)
        total: int = sum(getattr(r, what) for r in self.results)
        return total

    @property
    def correct(self) -> bool:
        return all(self.count(w) == 0 for w in ("failed", "lost", "misscored", "unfinished",
                                                 "early"))  # fmt: skip


def show(outcome: Outcome, options: Options, statements: str) -> None:
    """One setup's figures, as bench_webapp's report prints a server's."""
    table, extra = outcome.table, outcome.extra
    print(f"\n-- {outcome.setup.name}")
    print(f"{'kind':<13}{'count':>7}{'failed':>7}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}")
    for kind, row in table.items():
        if kind != "all":
            print(f"{kind:<13}{row['count']:>7.0f}{row['failed']:>7.0f}{row['median']:>11.1f}"
                  f"{row['p99']:>9.1f}{row['max']:>9.1f}")  # fmt: skip
    rates = table["all"]
    print(
        f"requests/s: {rates['paced']:.0f} over the paced run ({rates['paced requests']:.0f} "
        f"in {rates['paced seconds']:.1f} s, polls every {options.poll:g} s), "
        f"{rates['done']:.0f} in the Done burst, {rates['flood']:.0f} in the closed loop"
    )
    print(
        f"CPU seconds: app servers {extra['app cpu']:.1f} "
        f"({extra['app cpu ms a request']:.2f} ms a request, {extra['requests']:.0f} requests), "
        f"HAProxy {extra['balancer cpu']:.1f}, PostgreSQL {extra['database cpu']:.1f}, the "
        f"phones {rates['client cpu']:.1f}, other processes {rates['others cpu']:.1f} (HAProxy "
        f"and PostgreSQL included), in {rates['wall']:.1f} s on {os.cpu_count()} CPUs; load "
        f"{rates['load']:.1f} as the run began"
    )
    queries = ("n/a (" + statements + ")" if statements
               else f"{extra['burst queries a press']:.1f} queries")  # fmt: skip
    print(
        f"database, Done burst ({extra['burst seconds']:.2f} s, "
        f"{extra['burst other requests']:.0f} other requests answered in it): {queries} and "
        f"{extra['burst writes a press']:.1f} writes a press; whole run: "
        f"{extra['queries a request']:.2f} queries and {extra['writes a request']:.2f} "
        "writes a request"
    )
    fair = total_fairness([r.fairness for r in outcome.results])
    print(
        f"order of presses: {fair.pairs} pairs certainly in order ({fair.apart} a second or "
        f"more apart), {fair.inversions} inverted; recorded late {fair.late}"
        + (f" (the latest by at least {fair.latest:.2f} s)" if fair.late else "")
        + f", early {fair.early}"
    )


def side_by_side(outcomes: Sequence[Outcome]) -> None:
    print("\n== side by side (ms; medians over the runs)")
    print(f"{'setup':<36}{'check p50/p99':>15}{'state p50/p99':>15}{'done p50/p99':>15}"
          f"{'failed':>7}{'lost':>5}{'inv':>5}{'req/s':>7}{'cap/s':>7}{'CPU ms/req':>11}"
          f"{'q/press':>8}")  # fmt: skip
    for outcome in outcomes:
        cells = []
        for kind in SHOWN:
            row = outcome.table.get(kind, {"median": math.nan, "p99": math.nan})
            cells.append(f"{row['median']:.0f}/{row['p99']:.0f}")
        rates, extra = outcome.table["all"], outcome.extra
        print(
            f"{outcome.setup.name:<36}{cells[0]:>15}{cells[1]:>15}{cells[2]:>15}"
            f"{outcome.count('failed'):>7}{outcome.count('lost'):>5}"
            f"{total_fairness([r.fairness for r in outcome.results]).inversions:>5}"
            f"{rates['paced']:>7.0f}{rates['flood']:>7.0f}"
            f"{extra['app cpu ms a request']:>11.2f}{extra['burst queries a press']:>8.1f}"
        )
    print("(req/s: over the paced run; cap/s: the closed loop's; CPU: the app servers'; "
          "q/press: queries in the Done burst a press)")  # fmt: skip


def verdicts(outcomes: Sequence[Outcome]) -> bool:
    """PASS/FAIL lines; True when nothing is wrong (latency and order are not judged)."""
    print()
    for outcome in outcomes:
        name = outcome.setup.name
        for what, label in (("failed", "failed requests"), ("lost", "lost submissions"),
                            ("misscored", "wrongly scored"), ("unfinished", "unfinished"),
                            ("early", "presses recorded before they were sent")):  # fmt: skip
            n = outcome.count(what)
            print(f"{name}: {label} {n}: {'PASS' if n == 0 else 'FAIL'}")
        inversions = total_fairness([r.fairness for r in outcome.results]).inversions
        print(
            f"{name}: inversions {inversions}: {'PASS' if inversions == 0 else 'FAIL'} "
            "(not judged by the exit: gunicorn times a press once a worker takes it)"
        )
        if outcome.setup.balancer:
            done = outcome.table.get("done", {}).get("p99", math.nan)
            verdict = "PASS" if done < DONE_TARGET else "FAIL"  # NaN fails too
            print(f"{name}: Done p99 {done:.0f} ms < {DONE_TARGET:g} ms: {verdict}")
    problems = [p for o in outcomes for r in o.results for p in r.problems]
    for problem in problems[:20]:
        print("  " + problem)
    if len(problems) > 20:
        print(f"  ... and {len(problems) - 20} more")
    return all(o.correct for o in outcomes)


# --- main ------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=positive(int), default=1000)
    parser.add_argument("--sessions", type=positive(int), default=30)
    parser.add_argument("--servers", type=positive(int), default=3, help="behind HAProxy")
    parser.add_argument("--workers", type=positive(int), default=2,
                        help="sync workers a server behind HAProxy (the one alone gets "
                        "servers x workers)")  # fmt: skip
    parser.add_argument("--runs", type=positive(int), default=1)
    parser.add_argument("--serve", action="store_true",
                        help="printables serve servers (as docs/deploy.md runs them) in place "
                        "of gunicorn's")  # fmt: skip
    parser.add_argument("--poll", type=positive(float), default=2.0)
    parser.add_argument("--polls", type=positive(int), default=3)
    parser.add_argument("--join-spread", type=float, default=2.0)
    parser.add_argument("--done-spread", type=float, default=1.0)
    parser.add_argument("--flood", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help="30 phones, 2 sessions, 3 x 1 workers against 1 x 3, one short "
                        "run (CI); skipped where PostgreSQL or HAProxy is missing")  # fmt: skip
    args = parser.parse_args()
    if args.quick:
        args.students, args.sessions, args.servers, args.workers, args.runs = 30, 2, 3, 1, 1
        args.poll, args.polls, args.join_spread, args.flood = 0.2, 2, 0.2, 0.2
        args.done_spread = 0.3
    per_session = math.ceil(args.students / args.sessions)
    if per_session > MAX_PER_SESSION:
        parser.error(f"a session seats at most {MAX_PER_SESSION}: more sessions, please")
    if args.servers > 3:
        parser.error("deploy/haproxy.cfg names 3 servers")

    try:
        if haproxy() is None:
            raise Unavailable("HAProxy is not installed (Debian's haproxy package)")
        database = Database()
    except (Unavailable, ImportError) as why:
        print(f"bench_cluster: cannot run here: {why}")
        sys.exit(0 if args.quick else 1)
    try:
        ok = bench(args, per_session, database)
    finally:
        database.close()
    sys.exit(0 if ok else 1)


def bench(args: argparse.Namespace, per_session: int, database: Database) -> bool:
    setups = (Setup(args.servers, args.workers, True, args.serve),
              Setup(1, args.servers * args.workers, False, args.serve))  # fmt: skip
    sessions = math.ceil(args.students / per_session)
    print(f"== {args.students} phones in {sessions} sessions ({per_session} a session), "
          f"PostgreSQL, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; "
          + ("queries counted by pg_stat_statements" if not database.statements
             else f"no query count: {database.statements}"))  # fmt: skip
    check: Checks = checks()
    found: dict[Setup, list[tuple[RunResult, dict[str, float]]]] = {s: [] for s in setups}
    number = 0
    for run in range(args.runs):
        for setup in setups:
            url = database.cluster.new_database()
            options = Options(
                args.students, per_session, setup.servers * setup.workers, 1, url, args.poll,
                args.polls, args.join_spread, args.done_spread, args.flood, args.seed + run,
            )  # fmt: skip
            trial = Trial(setup)
            began, busy = time.perf_counter(), machine_busy()
            result = run_once(
                options, check, number, launcher(setup, trial, database),
                bursting(trial, database, url),
            )  # fmt: skip
            number += 1
            # run_once counts HAProxy and PostgreSQL among "other processes"; so do we.
            extra = extras(trial, result)
            found[setup].append((result, extra))
            table = figures(result)
            done = table.get("done", {}).get("p99", math.nan)
            print(f"run {run + 1}, {setup.name}: {len(result.samples)} requests, done p99 "
                  f"{done:.0f} ms, failed {sum(1 for s in result.samples if not s.ok)}, lost "
                  f"{result.lost}, inversions {result.fairness.inversions}; "
                  f"{time.perf_counter() - began:.0f} s, machine busy "
                  f"{machine_busy() - busy:.0f} CPU-s", flush=True)  # fmt: skip
            database.cluster.drop_database(url)
    outcomes = [
        Outcome(
            setup,
            medians([figures(r) for r, _ in runs]),
            middle([e for _, e in runs]),
            [r for r, _ in runs],
        )
        for setup, runs in found.items()
    ]
    options = Options(args.students, per_session, 0, 1, "", args.poll, args.polls,
                      args.join_spread, args.done_spread, args.flood, args.seed)  # fmt: skip
    for outcome in outcomes:
        show(outcome, options, database.statements)
    side_by_side(outcomes)
    return verdicts(outcomes)


if __name__ == "__main__":
    main()

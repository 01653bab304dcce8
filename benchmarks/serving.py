"""A web server started for a benchmark, and the CPU its processes use: the benchmarks
that measure the app under a class's load start one (``bench_webapp.py``: gunicorn or
``printables serve``; ``bench_public_pages.py``: ``printables serve`` of several
processes) and read what it cost (``bench_cluster.py``: its servers, its balancer and
its database, from ``/proc``)."""

from __future__ import annotations

import http.client
import os
import resource
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

START_LIMIT = 60.0
"""Seconds a server has to answer once started."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu(who: int) -> float:
    """CPU seconds of ``resource.RUSAGE_SELF`` or ``RUSAGE_CHILDREN``."""
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    access_log: Path
    error_log: Path

    def stop(self) -> None:
        """SIGTERM to the server's process group, SIGKILL if it lingers."""
        if self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        except ProcessLookupError:
            pass

    def cpu_used(self, children: float) -> float:
        """CPU seconds the server used, once stopped: this process's children's since they
        used ``children`` (gunicorn's arbiter waits for its workers as it stops)."""
        return cpu(resource.RUSAGE_CHILDREN) - children


def launch(
    command: Sequence[str], port: int, folder: Path, environment: dict[str, str], workers: int
) -> Server:
    """``command``, a server listening on 127.0.0.1 at ``port``, in its own process group,
    its output in ``folder/error.log`` (its access log, if it writes one, at
    ``folder/access.log``); returns once it answers, each of its ``workers`` warmed by a
    few connections of their own."""
    access_log, error_log = folder / "access.log", folder / "error.log"
    with error_log.open("ab") as errors:
        process = subprocess.Popen(
            command, env=environment, start_new_session=True, stdout=errors, stderr=errors
        )
    server = Server(process, port, access_log, error_log)
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server stopped:\n" + error_log.read_text()[-2000:])
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                pass
        except OSError:
            time.sleep(0.1)
            continue
        for _ in range(workers * 3):  # a connection each, spread over the workers
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                connection.request("GET", "/login")
                connection.getresponse().read()
            finally:
                connection.close()
        return server
    server.stop()
    raise RuntimeError(f"the server did not answer within {START_LIMIT:.0f} s")


def processes() -> dict[int, tuple[int, float]]:
    """Every process now: its parent's id and its CPU seconds, its reaped children's
    included (Linux's ``/proc/<pid>/stat``: utime, stime, cutime, cstime)."""
    tick = os.sysconf("SC_CLK_TCK")
    table: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        table[int(entry.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]) / tick)
    return table


def tree_cpu(table: dict[int, tuple[int, float]], pid: int | None) -> float:
    """CPU seconds of process ``pid`` and all its descendants (0 when it is not running)."""
    if pid is None or pid not in table:
        return 0.0
    children: dict[int, list[int]] = {}
    for child, (parent, _) in table.items():
        children.setdefault(parent, []).append(child)
    total, stack = 0.0, [pid]
    while stack:
        current = stack.pop()
        total += table[current][1]
        stack += children.get(current, [])
    return total

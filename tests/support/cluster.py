"""Printables on several app servers: gunicorn processes on their own ports, one
PostgreSQL database, and HAProxy in front with the repository's own configuration
(``deploy/haproxy.cfg``), each a real process started here, for the cluster tests and
``benchmarks/bench_cluster.py``.

    cluster = Cluster(folder, database_url, servers=3)
    cluster.start()            # the servers, then the balancer once they answer
    cluster.url                # the balancer's address: what phones and teachers use
    cluster.servers[1].stop()  # SIGKILL one server's processes, as a power cut would
    cluster.stop()

Every server has the same secret key, database and public address (the balancer's), from
the environment as ``docs/deploy.md`` sets them, and trusts the balancer's forwarded
headers (``PRINTABLES_BEHIND_PROXY``). A server's clock can be shifted (libfaketime) to
prove that no recorded time depends on which server took a request.
"""

from __future__ import annotations

import glob
import os
import resource
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

from live_server import PROJECT, LiveServer, free_port, wait_for_answer

CONFIG = PROJECT / "deploy" / "haproxy.cfg"
"""The balancer's configuration, as docs/deploy.md gives it."""
SERVERS_IN_CONFIG = 3
"""The app servers ``deploy/haproxy.cfg`` names (``PRINTABLES_APP1`` to ``3``)."""
MAXCONN = 20000
"""The config's ``maxconn``: HAProxy needs two open files a connection for it, and stops
where the machine allows fewer (this one's limit may be lower than a server's)."""


def connection_limit() -> int:
    """:data:`MAXCONN`, or fewer where this process may not open twice as many files
    (``-n`` takes precedence over the config's ``maxconn``)."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard == resource.RLIM_INFINITY:
        return MAXCONN
    return max(100, min(MAXCONN, (hard - 100) // 2))


def haproxy() -> str | None:
    """HAProxy's program, if installed (Debian's ``haproxy`` package)."""
    return shutil.which("haproxy") or next(
        (p for p in ("/usr/sbin/haproxy",) if Path(p).is_file()), None
    )


def libfaketime() -> str | None:
    """libfaketime's multi-threaded library, if installed (Debian's ``libfaketime``)."""
    found = sorted(glob.glob("/usr/lib/*/faketime/libfaketimeMT.so.1"))
    return found[0] if found else None


class Balancer:
    """HAProxy started with :data:`CONFIG`, listening on a free port of 127.0.0.1, in
    front of the given servers (the config's three; fewer are repeated)."""

    def __init__(self, folder: Path, servers: list[str]) -> None:
        program = haproxy()
        if program is None:
            raise RuntimeError("HAProxy is not installed (Debian's haproxy package)")
        self.program = program
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        addresses = [servers[k % len(servers)] for k in range(SERVERS_IN_CONFIG)]
        self.env = {**os.environ, "PRINTABLES_LISTEN": f"127.0.0.1:{self.port}"}
        self.env.update({f"PRINTABLES_APP{k}": a for k, a in enumerate(addresses, 1)})
        self.log_path = folder / "haproxy.log"
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def start(self, timeout: float = 20.0) -> None:
        """Start HAProxy and wait until a request through it is answered by a server."""
        self._log = self.log_path.open("ab")
        self._process = subprocess.Popen(
            [self.program, "-db", "-n", str(connection_limit()), "-f", str(CONFIG)],
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            wait_for_answer(self._process, self.url + "/healthz", timeout, "haproxy", self.log)
        except RuntimeError:
            self.stop()
            raise

    @property
    def pid(self) -> int | None:
        """HAProxy's process id while it runs."""
        return self._process.pid if self._process is not None else None

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        if self._log is not None:
            self._log.close()
            self._log = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class Cluster:
    """``servers`` gunicorn servers (``workers`` sync processes each; with ``serve``,
    ``printables serve`` servers) on the database at ``database_url``, behind a
    :class:`Balancer`; ``servers=1`` and ``balancer=False`` give one server alone, to
    compare with."""

    def __init__(
        self,
        folder: Path,
        database_url: str,
        servers: int = 3,
        workers: int = 2,
        balancer: bool = True,
        secret_key: str = "cluster-secret",
        serve: bool = False,
    ) -> None:
        self.folder = folder
        self.servers = [
            LiveServer(self._server_folder(k), workers, secret_key, serve)
            for k in range(1, servers + 1)
        ]
        self.balancer = (
            Balancer(folder, [f"127.0.0.1:{s.port}" for s in self.servers]) if balancer else None
        )
        self.url = self.balancer.url if self.balancer is not None else self.servers[0].url
        self.database_url = database_url
        for server in self.servers:
            server.env.update(
                PRINTABLES_DATABASE_URL=database_url,
                PRINTABLES_BASE_URL=self.url,
                PRINTABLES_BEHIND_PROXY="1" if balancer else "",
            )

    def _server_folder(self, number: int) -> Path:
        path = self.folder / f"server-{number}"
        path.mkdir(parents=True, exist_ok=True)
        return path

    def shift_clock(self, number: int, seconds: float) -> None:
        """Run server ``number`` (1 the first) with its clock ``seconds`` off (libfaketime;
        before :meth:`start`, or then restart it)."""
        library = libfaketime()
        if library is None:
            raise RuntimeError("libfaketime is not installed (Debian's libfaketime package)")
        self.servers[number - 1].env.update(
            LD_PRELOAD=library, FAKETIME=f"{seconds:+g}", FAKETIME_DONT_RESET="1"
        )

    def start(self) -> None:
        """The servers (the first alone: it makes the schema; then the others together,
        which find it), then the balancer."""
        first, *others = self.servers
        try:
            first.start(timeout=60.0)
            with ThreadPoolExecutor(max(1, len(others))) as pool:
                for starting in [pool.submit(server.start, 60.0) for server in others]:
                    starting.result()
            if self.balancer is not None:
                self.balancer.start()
        except BaseException:
            for server in self.servers:
                server.stop()
            raise

    def stop(self) -> None:
        if self.balancer is not None:
            self.balancer.stop()
        for server in self.servers:
            server.stop()

    def logs(self) -> str:
        """Every server's log and the balancer's (for failure messages)."""
        parts = [f"--- server {k} ---\n{s.log()}" for k, s in enumerate(self.servers, 1)]
        if self.balancer is not None:
            parts.append(f"--- haproxy ---\n{self.balancer.log()}")
        return "\n".join(parts)

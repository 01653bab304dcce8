"""A throwaway PostgreSQL cluster for the web app's tests, and apps on new databases in it.

``tests/webapp/conftest.py`` makes the fixtures ``postgres`` (one cluster per test
process, started the first time a test asks for it) and ``postgres_app`` (an app on a
new, empty database of that cluster) available to every web app test. Where PostgreSQL's
server programs or psycopg are missing, the tests that ask for them are skipped, each
with its reason.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from webapp import create_app


def settings(url: str) -> dict[str, object]:
    """The test settings for an app on the database at ``url``."""
    return {"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False}  # fmt: skip


def postgres_bin() -> Path | None:
    """The folder with PostgreSQL's pg_ctl and initdb, if installed."""
    candidates = []
    found = shutil.which("pg_ctl")
    if found:
        candidates.append(Path(found).resolve().parent)
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    for folder in candidates:
        if (folder / "pg_ctl").is_file() and (folder / "initdb").is_file():
            return folder
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Unavailable(Exception):
    """PostgreSQL cannot run here: the reason, for a test's skip."""


class PostgresCluster:
    """A throwaway PostgreSQL cluster on a free port, in a folder of its own, that a test
    can stop and start again (as a database server's restart would). As root, it runs as
    the ``postgres`` user (initdb refuses root). Raises :class:`Unavailable` where
    PostgreSQL's server programs, psycopg or the ``postgres`` user are missing."""

    def __init__(self) -> None:
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise Unavailable("psycopg is not installed") from None
        folder = postgres_bin()
        if folder is None:
            raise Unavailable("PostgreSQL (pg_ctl and initdb) is not installed")
        self._as_user: list[str] = []
        owner = None
        if os.geteuid() == 0:
            runuser = shutil.which("runuser")
            try:
                import pwd

                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("running as root and there is no postgres user") from None
            if runuser is None:
                raise Unavailable("running as root without runuser to start PostgreSQL")
            self._as_user = [runuser, "-u", "postgres", "--"]
        # Not pytest's tmp_path: its folders are private to root, and the server runs as
        # postgres.
        self.base = Path(tempfile.mkdtemp(prefix="printables-pg-"))
        if owner is not None:
            os.chown(self.base, owner.pw_uid, owner.pw_gid)
        self.data, self.port = self.base / "data", free_port()
        self._pg_ctl = [*self._as_user, str(folder / "pg_ctl"), "-D", str(self.data)]
        made = subprocess.run(
            [*self._as_user, str(folder / "initdb"), "-D", str(self.data), "-U", "postgres",
             "--auth=trust", "-E", "UTF8", "--no-sync"],
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        if made.returncode != 0:
            self.remove()
            raise Unavailable(f"initdb failed: {made.stderr.strip()[:300]}")
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        """The URL of its ``postgres`` database (SQLAlchemy's, with psycopg)."""

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 "
                   f"-c fsync=off -c max_connections=300")  # fmt: skip
        started = subprocess.run(
            [*self._pg_ctl, "-o", options, "-l", str(self.base / "log"), "-w", "-t", "60",
             "start"],
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        if started.returncode != 0:
            log = (self.base / "log").read_text() if (self.base / "log").exists() else ""
            raise Unavailable(f"PostgreSQL did not start: {(started.stderr + log).strip()[:300]}")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: its connections cut, as a restart cuts them;
        ``immediate``: as a crash)."""
        if (self.data / "postmaster.pid").exists():
            subprocess.run([*self._pg_ctl, "-m", mode, "-w", "stop"],
                           capture_output=True, timeout=60, check=False)  # fmt: skip

    def restart(self) -> None:
        self.stop()
        self.start()

    def new_database(self) -> str:
        """A new, empty database's URL."""
        import psycopg

        name = f"printables_{os.getpid()}_{free_port()}"
        with psycopg.connect(self.dsn(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    def drop_database(self, url: str) -> None:
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.dsn(), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')

    def dsn(self, url: str | None = None) -> str:
        """``url`` (by default the ``postgres`` database's) as psycopg takes it."""
        return (url or self.url).replace("postgresql+psycopg", "postgresql")

    def remove(self) -> None:
        """Stop the server (as a crash) and delete its folder."""
        self.stop("immediate")
        shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """One throwaway cluster a test process, started the first time a test asks for it;
    the tests that ask are skipped, with the reason, where PostgreSQL cannot run."""
    try:
        cluster = PostgresCluster()
    except Unavailable as why:
        pytest.skip(str(why))
    try:
        cluster.start()
    except Unavailable as why:
        cluster.remove()
        pytest.skip(str(why))
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(scope="session")
def postgres(postgres_cluster: PostgresCluster) -> str:
    """The URL of the throwaway cluster's ``postgres`` database."""
    return postgres_cluster.url


@pytest.fixture
def postgres_app(postgres_cluster: PostgresCluster) -> Iterator[Flask]:
    """An app on a new, empty PostgreSQL database of the throwaway cluster."""
    url = postgres_cluster.new_database()
    app = create_app({**settings(url), "RATE_LIMITS": True})
    yield app
    app.extensions["printables_db"].dispose()
    postgres_cluster.drop_database(url)

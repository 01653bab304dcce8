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


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free port: the URL of its ``postgres`` database.
    As root, the cluster runs as the ``postgres`` user (initdb refuses root)."""
    pytest.importorskip("psycopg", reason="psycopg is not installed")
    folder = postgres_bin()
    if folder is None:
        pytest.skip("PostgreSQL (pg_ctl and initdb) is not installed")
    as_user: list[str] = []
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        try:
            import pwd

            owner = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no postgres user to run PostgreSQL")
        if runuser is None:
            pytest.skip("running as root without runuser to start PostgreSQL as postgres")
        as_user = [runuser, "-u", "postgres", "--"]
    # Not tmp_path: pytest's folders are private to root, and the server runs as postgres.
    base = Path(tempfile.mkdtemp(prefix="printables-pg-"))
    if as_user:
        os.chown(base, owner.pw_uid, owner.pw_gid)
    data, port = base / "data", free_port()
    pg_ctl = [*as_user, str(folder / "pg_ctl"), "-D", str(data)]
    try:
        made = subprocess.run(
            [*as_user, str(folder / "initdb"), "-D", str(data), "-U", "postgres",
             "--auth=trust", "-E", "UTF8", "--no-sync"],
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        if made.returncode != 0:
            pytest.skip(f"initdb failed: {made.stderr.strip()[:300]}")
        options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
        started = subprocess.run(
            [*pg_ctl, "-o", options, "-l", str(base / "log"), "-w", "-t", "60", "start"],
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        if started.returncode != 0:
            log = (base / "log").read_text() if (base / "log").exists() else ""
            pytest.skip(f"PostgreSQL did not start: {(started.stderr + log).strip()[:300]}")
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run(
                [*pg_ctl, "-m", "immediate", "-w", "stop"],
                capture_output=True, timeout=60, check=False,
            )  # fmt: skip
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def postgres_app(postgres: str) -> Iterator[Flask]:
    """An app on a new, empty PostgreSQL database of the throwaway cluster."""
    import psycopg

    name = f"printables_{os.getpid()}_{free_port()}"
    dsn = postgres.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(dsn, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = postgres.rsplit("/", 1)[0] + f"/{name}"
    app = create_app({**settings(url), "RATE_LIMITS": True})
    yield app
    app.extensions["printables_db"].dispose()
    with psycopg.connect(dsn, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')

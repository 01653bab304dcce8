"""Backups: a PostgreSQL database dumped with pg_dump, one teacher's deleted session
brought back from the dump with ``printables teacher restore`` while everyone else's data
stays as it is now, as docs/deploy.md tells an administrator to do it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from mat_helpers import SOLUTION, csv_rows, join, new_session, press, start_set
from postgres_support import PostgresCluster, postgres_bin
from webapp_support import add_teacher, log_in

from webapp import create_app

PROGRAM = Path(sys.executable).parent / "printables"


def app_on(url: str) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "restore-test",
                       "WTF_CSRF_ENABLED": False})  # fmt: skip


def pg_tool(name: str, *args: str) -> None:
    folder = postgres_bin()
    assert folder is not None
    done = subprocess.run([str(folder / name), *args], capture_output=True, text=True,
                          timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr


def restore_command(live: str, *args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("PRINTABLES_")}
    return subprocess.run([str(PROGRAM), "teacher", "restore", *args],
                          env={**clean, "PRINTABLES_DATABASE_URL": live,
                               "PRINTABLES_SECRET_KEY": "restore-test"},
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip


def test_a_deleted_session_comes_back_from_last_nights_dump_and_nothing_else_moves(
    tmp_path: Path, postgres_cluster: PostgresCluster
) -> None:
    live_url = postgres_cluster.new_database()
    scratch_url = postgres_cluster.new_database()
    try:
        app = app_on(live_url)
        add_teacher(app, "ada", cheap=True)
        add_teacher(app, "bob", cheap=True)
        ada, bob = app.test_client(), app.test_client()
        log_in(ada, "ada")
        log_in(bob, "bob")
        lost, code = new_session(ada, name="Period 3")
        kept, _ = new_session(ada, name="Period 4")
        phones = {name: join(app, code, name) for name in ("Ann", "Ben")}
        start_set(ada, lost)
        assert press(phones["Ann"], code, 0, answer=SOLUTION).status_code in (200, 303)
        assert press(phones["Ben"], code, 0, claim="impossible").status_code in (200, 303)
        before = csv_rows(ada, lost)
        dump = tmp_path / "printables.dump"
        pg_tool("pg_dump", "-Fc", "-f", str(dump), postgres_cluster.dsn(live_url))

        deleted = ada.post(f"/sessions/{lost}/delete", data={"confirm": "yes"})
        assert deleted.status_code == 303 and ada.get(f"/sessions/{lost}").status_code == 404
        later, _ = new_session(bob, name="Bob's, made after the dump")
        pg_tool("pg_restore", "--no-owner", "-d", postgres_cluster.dsn(scratch_url), str(dump))

        done = restore_command(live_url, "ada", "--from", scratch_url)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().splitlines()[-1] == (
            "1 session, 0 timers and 0 scan uploads restored (2 players, 2 answers); "
            "already there: 1 session."
        )
        assert csv_rows(ada, lost) == before  # its players, times and verdicts
        assert ada.get(f"/sessions/{kept}").status_code == 200
        assert bob.get(f"/sessions/{later}").status_code == 200  # made since: untouched
        again = restore_command(live_url, "ada", "--from", scratch_url)
        assert "0 sessions" in again.stdout and "already there: 2 sessions" in again.stdout
        nobody = restore_command(live_url, "cy", "--from", scratch_url)
        assert nobody.returncode == 1
        assert nobody.stderr.strip().endswith("there is no teacher 'cy' in that database")
        app.extensions["printables_db"].dispose()
    finally:
        postgres_cluster.drop_database(live_url)
        postgres_cluster.drop_database(scratch_url)


def test_a_backup_that_cannot_be_read_is_said_in_one_line(
    tmp_path: Path, postgres_cluster: PostgresCluster
) -> None:
    live_url = postgres_cluster.new_database()
    try:
        app_on(live_url).extensions["printables_db"].dispose()
        done = restore_command(live_url, "ada", "--from",
                               "postgresql+psycopg://postgres@127.0.0.1:1/none")  # fmt: skip
        assert done.returncode == 1
        assert done.stderr.startswith("Error: the backup could not be read: ")
        assert len(done.stderr.strip().splitlines()) == 1
    finally:
        postgres_cluster.drop_database(live_url)


@pytest.mark.parametrize("url", ["not a url", "mysql://x@y/z"])
def test_a_backup_url_that_is_no_database_is_said(tmp_path: Path, url: str) -> None:
    live = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    done = restore_command(live, "ada", "--from", url)
    assert done.returncode == 1 and done.stderr.startswith("Error: --from is not a database URL")

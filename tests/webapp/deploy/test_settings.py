"""Settings from one config file and the environment (webapp/settings.py), and
``printables serve --check-config`` saying what is wrong before the first class
(webapp/config_check.py), on SQLite and on a real PostgreSQL database."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from postgres_support import PostgresCluster

from webapp import create_app
from webapp.config_check import check
from webapp.schema import VERSION
from webapp.settings import ConfigError

PROGRAM = Path(sys.executable).parent / "printables"


def write_config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "printables.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_config_file_sets_the_app_and_the_environment_overrides_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "from-file.sqlite3"
    config = write_config(tmp_path, f'DATABASE_URL = "sqlite:///{database}"\n'
                                    f'SECRET_KEY = "from-the-file-0123456789"\n'
                                    f'BASE_URL = "https://printables.example.org"\n')  # fmt: skip
    monkeypatch.setenv("PRINTABLES_CONFIG", str(config))
    monkeypatch.setenv("PRINTABLES_BASE_URL", "https://other.example.org")
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-the-file-0123456789"  # every host signs alike
    assert app.config["BASE_URL"] == "https://other.example.org"  # the environment wins
    assert "CONFIG" not in app.config
    assert database.exists()  # the file's database was made
    app.extensions["printables_db"].dispose()


@pytest.mark.parametrize("key", ["0" * 64, "1234567890" * 4, "true", "null"])
def test_a_secret_key_from_the_environment_is_the_text_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    """Digits alone, or a word JSON knows, stay the key as written: every host of a
    cluster signs with it, and pages that sign (every form's token) work."""
    monkeypatch.setenv("PRINTABLES_SECRET_KEY", key)
    monkeypatch.setenv("PRINTABLES_DATABASE_URL", f"sqlite:///{tmp_path / 'key.sqlite3'}")
    monkeypatch.setenv("PRINTABLES_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app()
    assert app.config["SECRET_KEY"] == key
    assert not (tmp_path / "instance" / "secret_key").exists()  # none made on this host
    assert app.test_client().get("/check").status_code == 200  # its form token signed
    app.extensions["printables_db"].dispose()


@pytest.mark.parametrize(
    ("text", "said"),
    [("SECRET_KEY = 'x'\nDATABSE_URL = 'sqlite://'\n",
      "sets DATABSE_URL, which Printables does not know"),
     ("SECRET_KEY = \n", "is not a TOML file"),
     (None, "which cannot be read (No such file or directory)")],
)  # fmt: skip
def test_a_bad_config_file_is_refused_in_one_line_at_start_and_by_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str | None, said: str
) -> None:
    path = write_config(tmp_path, text) if text is not None else tmp_path / "missing.toml"
    monkeypatch.setenv("PRINTABLES_CONFIG", str(path))
    with pytest.raises(ConfigError, match=said.replace("(", r"\(").replace(")", r"\)")):
        create_app()
    (finding,) = check()
    assert finding.level == "problem" and said in finding.text


def run_check(tmp_path: Path, **env: str) -> tuple[int, list[str]]:
    """``printables serve --check-config`` in a process with ``env`` (and no other
    PRINTABLES_ setting), from a folder of its own."""
    import os

    clean = {k: v for k, v in os.environ.items() if not k.startswith("PRINTABLES_")}
    done = subprocess.run([str(PROGRAM), "serve", "--check-config"], cwd=tmp_path,
                          env={**clean, **env}, capture_output=True, text=True,
                          timeout=60, check=False)  # fmt: skip
    return done.returncode, done.stdout.splitlines()


def test_check_config_on_a_cluster_database_says_what_each_server_needs(
    tmp_path: Path, postgres_cluster: PostgresCluster
) -> None:
    url = postgres_cluster.new_database()
    try:
        code, lines = run_check(tmp_path, PRINTABLES_DATABASE_URL=url,
                                PRINTABLES_BASE_URL="https://printables.example.org")  # fmt: skip
        assert code == 0, lines  # warnings only
        assert any(line.startswith("ok: database ") and "empty" in line for line in lines)
        assert any(line.startswith("warning: SECRET_KEY is not set") for line in lines)
        assert any(line.startswith("warning: BASE_URL is https but BEHIND_PROXY") for line in lines)
        assert any(line.startswith("ok: this host's clock is") for line in lines)
        app = create_app({"DATABASE_URL": url, "SECRET_KEY": "s" * 32})  # makes the schema
        app.extensions["printables_db"].dispose()
        code, lines = run_check(tmp_path, PRINTABLES_DATABASE_URL=url,
                                PRINTABLES_SECRET_KEY="k" * 32, PRINTABLES_BEHIND_PROXY="1",
                                PRINTABLES_BASE_URL="https://printables.example.org")  # fmt: skip
        assert code == 0 and not any(line.startswith(("warning", "problem")) for line in lines)
        assert f"schema version {VERSION}, this version's" in "\n".join(lines)
        import psycopg

        with psycopg.connect(postgres_cluster.dsn(url), autocommit=True) as db:
            db.execute("UPDATE schema_version SET version = version + 1")
        code, lines = run_check(tmp_path, PRINTABLES_DATABASE_URL=url)
        assert code == 1
        assert any(f"newer than this Printables ({VERSION})" in line for line in lines)
    finally:
        postgres_cluster.drop_database(url)


@pytest.mark.parametrize(
    ("env", "said"),
    [({"PRINTABLES_DATABASE_URL": "postgresql+psycopg://nobody@127.0.0.1:1/none"},
      "cannot be reached: connection failed"),
     ({"PRINTABLES_SECRET_KEY": "short"}, "SECRET_KEY has 5 characters"),
     ({"PRINTABLES_BASE_URL": "printables.example.org"}, "is not an address such as"),
     ({"PRINTABLES_BEHIND_PROXY": "maybe"}, "BEHIND_PROXY is 'maybe'"),
     ({"PRINTABLES_GRADE_UPLOAD_MOST": "200MB"}, "GRADE_UPLOAD_MOST is '200MB'")],
)  # fmt: skip
def test_check_config_names_each_problem_and_exits_1(
    tmp_path: Path, env: dict[str, str], said: str
) -> None:
    code, lines = run_check(tmp_path, **env)
    assert code == 1
    assert [line for line in lines if line.startswith("problem:") and said in line], lines


def test_servers_starting_together_on_postgresql_upgrade_the_schema_once(
    postgres_cluster: PostgresCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three servers of a new version start at once on an older database: one takes the
    advisory lock and upgrades, the others wait for it and find the work done."""
    import threading

    from sqlalchemy import Connection, inspect, text

    from webapp import schema
    from webapp.db import make_engine

    url = postgres_cluster.new_database()
    try:
        create_app({"DATABASE_URL": url, "SECRET_KEY": "s" * 32}).extensions[
            "printables_db"
        ].dispose()
        ran: list[int] = []
        current, following = schema.VERSION, schema.VERSION + 1

        def step(db: Connection) -> None:
            ran.append(following)
            db.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"))
            time.sleep(0.5)  # the others arrive while it works

        monkeypatch.setattr(schema, "VERSION", following)
        monkeypatch.setattr(schema, "UPGRADES", {**schema.UPGRADES, following: step})
        found: list[int] = []
        errors: list[BaseException] = []

        def start() -> None:
            engine = make_engine(url)
            try:
                found.append(schema.upgrade(engine))
            except BaseException as error:
                errors.append(error)
            finally:
                engine.dispose()

        servers = [threading.Thread(target=start) for _ in range(3)]
        for server in servers:
            server.start()
        for server in servers:
            server.join(timeout=60)
        assert errors == [] and ran == [following]
        assert sorted(found) == [current, following, following]  # one upgraded; two found it
        engine = make_engine(url)
        with engine.connect() as db:
            assert inspect(db).has_table("notes")
        engine.dispose()
    finally:
        postgres_cluster.drop_database(url)

"""``printables serve --check-config``: what is wrong with a server's settings, said before
the first class, without starting the app or changing the database.

Each :class:`Finding` is ``ok``, a ``warning`` (it works, but not as a school with several
servers wants: a secret key kept on one host's disk) or a ``problem`` (the app would not
start, or would start wrong: a database it cannot reach, a schema newer than this
version). The command exits 1 when there is a problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from webapp.settings import CONFIG_ENV, FALSE, TRUE, ConfigError, config_file, read_config_file

Level = Literal["ok", "warning", "problem"]
CLOCK_WARNING = 2.0
"""Seconds this host's clock may differ from the database's before it is said (times are
taken from the database's clock, but a host that far off has no working NTP)."""
SECRET_LEAST = 16
"""Characters a secret key has at least."""


@dataclass(frozen=True)
class Finding:
    level: Level
    text: str

    def __str__(self) -> str:
        return f"{self.level}: {self.text}"


def check(config: dict[str, Any] | None = None) -> list[Finding]:
    """The findings for the settings the app would start with (the config file's and the
    environment's), or for ``config`` (a test's)."""
    if config is None:
        try:
            config = _settings()
        except ConfigError as error:
            return [Finding("problem", str(error))]
    found = [*_config_file(), *_database(config)]
    found += [*_secret_key(config), *_base_url(config), *_proxy(config), *_upload(config)]
    return found


def _settings() -> dict[str, Any]:
    """The settings as :func:`webapp.settings.load` gives them, without making an app."""
    from flask import Flask

    from webapp.settings import load

    app = Flask("printables-check")
    load(app)
    return dict(app.config)


def _config_file() -> list[Finding]:
    path = config_file()
    if path is None:
        return [Finding("ok", f"no config file ({CONFIG_ENV} unset): settings from the "
                              f"environment alone")]  # fmt: skip
    read_config_file(path)  # its ConfigError was said already by _settings
    return [Finding("ok", f"config file {path}")]


def _database(config: dict[str, Any]) -> list[Finding]:
    from sqlalchemy import inspect, select
    from sqlalchemy.exc import SQLAlchemyError

    from webapp import clock
    from webapp.db import make_engine
    from webapp.schema import VERSION
    from webapp.tables import schema_version

    url = config.get("DATABASE_URL")
    if not url:
        return [Finding("ok", "database: an SQLite file in the instance folder (one server "
                              "alone; several servers need PostgreSQL)")]  # fmt: skip
    try:
        engine = make_engine(str(url))
    except (SQLAlchemyError, ImportError, ValueError) as error:
        return [Finding("problem", f"DATABASE_URL is not a database URL SQLAlchemy can use: "
                                   f"{error}")]  # fmt: skip
    shown = engine.url.render_as_string(hide_password=True)
    found: list[Finding] = []
    try:
        with engine.connect() as connection:
            if not inspect(connection).has_table(schema_version.name):
                found.append(Finding("ok", f"database {shown}: reached; empty (the first "
                                           f"server to start makes the tables)"))  # fmt: skip
            else:
                version = int(connection.execute(select(schema_version.c.version)).scalar_one())
                if version > VERSION:
                    found.append(Finding("problem", f"database {shown} is at schema version "
                                         f"{version}, newer than this Printables ({VERSION}): "
                                         f"upgrade Printables on this server"))  # fmt: skip
                elif version < VERSION:
                    found.append(Finding("ok", f"database {shown}: reached; schema version "
                                         f"{version}, upgraded to {VERSION} by the first "
                                         f"server to start (the others wait)"))  # fmt: skip
                else:
                    found.append(Finding("ok", f"database {shown}: reached; schema version "
                                               f"{version}, this version's"))  # fmt: skip
        if engine.dialect.name != "sqlite":
            offset, trip = clock.measure(engine)
            level: Level = "warning" if abs(offset) > CLOCK_WARNING else "ok"
            fix = "; set up NTP on this host" if level == "warning" else ""
            found.append(Finding(level, f"this host's clock is {-offset:+.3f} s from the "
                                 f"database's (read in {trip * 1000:.1f} ms); every time is "
                                 f"taken in the database's{fix}"))  # fmt: skip
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        found.append(Finding("problem", f"database {shown} cannot be reached: {reason}"))
    finally:
        engine.dispose()
    return found


def _secret_key(config: dict[str, Any]) -> list[Finding]:
    key = config.get("SECRET_KEY")
    several = str(config.get("DATABASE_URL") or "").startswith("postgresql")
    if not key:
        if several:
            return [Finding("warning", "SECRET_KEY is not set: each server would make its "
                                       "own, in its instance folder, and a cookie signed by "
                                       "one would not be valid on another; set the same "
                                       "PRINTABLES_SECRET_KEY on every server")]  # fmt: skip
        return [Finding("ok", "secret key: made once and kept in the instance folder")]
    if len(str(key)) < SECRET_LEAST:
        return [Finding("problem", f"SECRET_KEY has {len(str(key))} characters; use at least "
                                   f"{SECRET_LEAST} (python -c 'import secrets; "
                                   f"print(secrets.token_hex(32))')")]  # fmt: skip
    return [Finding("ok", "secret key: set (the same on every server signs cookies alike)")]


def _base_url(config: dict[str, Any]) -> list[Finding]:
    base = str(config.get("BASE_URL") or "")
    if not base:
        return [Finding("ok", "BASE_URL unset: QR codes point at this computer's own network "
                              "address (set it to the address phones reach behind a load "
                              "balancer)")]  # fmt: skip
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        return [Finding("problem", f"BASE_URL {base!r} is not an address such as "
                                   f"https://printables.example.org")]  # fmt: skip
    return [Finding("ok", f"QR codes point at {base.rstrip('/')}")]


def _proxy(config: dict[str, Any]) -> list[Finding]:
    value = str(config.get("BEHIND_PROXY") if config.get("BEHIND_PROXY") is not None else "")
    if value.strip().lower() not in TRUE + FALSE:
        return [Finding("problem", f"BEHIND_PROXY is {value!r}; write 1 (behind a proxy) or 0")]
    behind = value.strip().lower() in TRUE
    https = str(config.get("BASE_URL") or "").startswith("https:")
    if https and not behind:
        return [Finding("warning", "BASE_URL is https but BEHIND_PROXY is not set: behind a "
                                   "TLS proxy, set PRINTABLES_BEHIND_PROXY=1 so that cookies "
                                   "are marked Secure and rate limits see each phone")]  # fmt: skip
    said = "trusts one proxy's X-Forwarded-* headers" if behind else "serves clients directly"
    return [Finding("ok", f"this server {said}")]


def _upload(config: dict[str, Any]) -> list[Finding]:
    most = config.get("GRADE_UPLOAD_MOST")
    if most is None:
        return []
    try:
        size = int(most)
    except (TypeError, ValueError):
        size = 0
    if size < 1_000_000:
        return [Finding("problem", f"GRADE_UPLOAD_MOST is {most!r}: bytes, at least 1000000")]
    return [Finding("ok", f"scans: uploads up to {size / 1e6:.0f} MB, kept in the database")]

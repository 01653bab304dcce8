"""The app's settings, from one config file and the environment, so that every app server
of a school or district is set alike (``docs/deploy.md``).

In order, each overriding the one before:

1. the TOML file that ``PRINTABLES_CONFIG`` names, if any (its upper-case keys: ``SECRET_KEY
   = "..."``);
2. the environment's ``PRINTABLES_`` variables (``PRINTABLES_SECRET_KEY=...``);
3. what a test passes to :func:`webapp.create_app`.

The settings (:data:`KNOWN`): ``DATABASE_URL`` (default: an SQLite file in the instance
folder), ``SECRET_KEY`` (default: made once and kept in the instance folder: one host's
disk, so several servers need it set), ``BASE_URL`` (the address pupils' phones reach,
for QR codes), ``BEHIND_PROXY`` (trust one reverse proxy's ``X-Forwarded-*`` headers) and
``GRADE_UPLOAD_MOST`` (bytes of the largest scan upload). ``PRINTABLES_INSTANCE_PATH``
names the instance folder (where a lone server keeps its SQLite file and secret key).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

CONFIG_ENV = "PRINTABLES_CONFIG"
"""The environment variable naming the config file."""
INSTANCE_ENV = "PRINTABLES_INSTANCE_PATH"
"""The environment variable naming the instance folder (the SQLite file and a secret key
made on one host; by default Flask's, beside the installed package, which a service may
not be allowed to write)."""
KNOWN = {
    "DATABASE_URL": "the database (SQLAlchemy URL), e.g. postgresql+psycopg://app@db/printables",
    "SECRET_KEY": "signs cookies: the same on every server, kept secret",
    "BASE_URL": "the address pupils' phones reach, e.g. https://printables.example.org",
    "BEHIND_PROXY": "1 behind a reverse proxy or load balancer (HAProxy, nginx)",
    "GRADE_UPLOAD_MOST": "bytes of the largest upload of scans (default 200 MB)",
}
"""The settings a deployment sets, and what each is."""
TEXT = ("DATABASE_URL", "SECRET_KEY", "BASE_URL")
"""Settings that are text, taken from the environment as written. (Flask reads a value as
JSON first: a secret key of digits became a number, which crashed every page that signs
a form, and "null" became no key, so each host made its own and a login on one server
was refused by the others.)"""
TRUE = ("1", "true", "yes", "on")
FALSE = ("", "0", "false", "no", "off")


class ConfigError(ValueError):
    """A config file that cannot be used, saying why in one line."""


def instance_path() -> str | None:
    """The instance folder ``PRINTABLES_INSTANCE_PATH`` names (absolute), if any."""
    named = os.environ.get(INSTANCE_ENV, "").strip()
    return str(Path(named).resolve()) if named else None


def config_file() -> Path | None:
    """The config file ``PRINTABLES_CONFIG`` names, if it names one."""
    named = os.environ.get(CONFIG_ENV, "").strip()
    return Path(named) if named else None


def read_config_file(path: Path) -> dict[str, Any]:
    """The file's settings; raises :class:`ConfigError` for a file that cannot be read,
    is not TOML or sets something this app does not know (a misspelt key would be
    silently ignored otherwise)."""
    try:
        with path.open("rb") as file:
            found = tomllib.load(file)
    except OSError as error:
        raise ConfigError(f"{CONFIG_ENV} names {path}, which cannot be read "
                          f"({error.strerror})") from None  # fmt: skip
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not a TOML file: {error}") from None
    unknown = sorted(set(found) - set(KNOWN))
    if unknown:
        raise ConfigError(f"{path} sets {', '.join(unknown)}, which Printables does not "
                          f"know; the settings are {', '.join(KNOWN)}")  # fmt: skip
    return found


def load(app: Flask, test_config: dict[str, Any] | None = None) -> None:
    """``app``'s settings from the config file, the environment and ``test_config``."""
    path = config_file()
    if path is not None:
        app.config.update(read_config_file(path))
    app.config.from_prefixed_env("PRINTABLES")
    for name in TEXT:  # as written: Flask reads "0123..." as a number, "true" as a flag
        if f"PRINTABLES_{name}" in os.environ:
            app.config[name] = os.environ[f"PRINTABLES_{name}"]
    for named in ("CONFIG", "INSTANCE_PATH"):  # they name a file and a folder; no settings
        app.config.pop(named, None)
    if test_config:
        app.config.update(test_config)


def flag(value: object) -> bool:
    """A yes/no setting as the environment or a file gives it.

    >>> flag("1"), flag(True), flag("no"), flag(None)
    (True, True, False, False)
    """
    if isinstance(value, bool):
        return value
    return str(value if value is not None else "").strip().lower() in TRUE

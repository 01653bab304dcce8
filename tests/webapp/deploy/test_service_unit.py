"""The systemd unit docs/deploy.md gives (deploy/printables.service): its commands are ones
``printables`` takes, its settings are ones the app reads, and an app started as it
starts one keeps its instance folder where the unit says (a service may not write beside
the installed package)."""

from __future__ import annotations

import shlex
from pathlib import Path

import click
import pytest

from webapp import create_app
from webapp.cli import serve

UNIT = Path(__file__).resolve().parents[3] / "deploy" / "printables.service"


def unit_lines() -> list[tuple[str, str]]:
    """(key, value) of every setting line, in order (a key may come twice)."""
    found = []
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.append((key.strip(), value.strip()))
    return found


@pytest.mark.parametrize("key", ["ExecStartPre", "ExecStart"])
def test_the_units_commands_are_printables_own(key: str) -> None:
    (command,) = [value for k, value in unit_lines() if k == key]
    program, name, *args = shlex.split(command)
    assert Path(program).name == "printables" and name == "serve"
    context = serve.make_context("serve", list(args))  # refuses an unknown option
    assert isinstance(context, click.Context)


def test_the_units_settings_are_read_and_its_instance_folder_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = dict(value.split("=", 1) for k, value in unit_lines() if k == "Environment")
    assert set(env) == {"PRINTABLES_CONFIG", "PRINTABLES_INSTANCE_PATH"}
    config = tmp_path / "printables.toml"
    config.write_text('SECRET_KEY = "from-the-config-file-000"\n', encoding="utf-8")
    monkeypatch.setenv("PRINTABLES_CONFIG", str(config))
    monkeypatch.setenv("PRINTABLES_INSTANCE_PATH", str(tmp_path / "var"))
    monkeypatch.delenv("PRINTABLES_DATABASE_URL", raising=False)
    app = create_app()
    assert app.instance_path == str(tmp_path / "var")
    assert (tmp_path / "var" / "printables.sqlite3").exists()
    assert app.config["SECRET_KEY"] == "from-the-config-file-000"
    assert "INSTANCE_PATH" not in app.config
    app.extensions["printables_db"].dispose()

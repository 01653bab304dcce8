"""What the command-line tests share: running ``printables`` in-process, and the one-line
error a refused command must print."""

from __future__ import annotations

from click.testing import CliRunner

from generator import commands


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``printables ARGS`` with ``stdin``: its exit status, standard output and error."""
    result = CliRunner().invoke(commands.main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def one_error_line(err: str, *expected: str) -> None:
    """``err`` is one line, ``Error: ...``, holding each of ``expected``."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Error: ")
    for words in expected:
        assert words in lines[0], lines[0]

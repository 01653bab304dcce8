"""What every printing command shares: the paper option, and writing output files so that
a failed or interrupted run never leaves half a file."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from generator.layout import PAPERS


def paper_option(function: Callable[..., Any]) -> Callable[..., Any]:
    """``--paper letter|a4`` (default letter), for a click command."""
    return click.option(
        "--paper",
        type=click.Choice(list(PAPERS), case_sensitive=False),
        default="letter",
        show_default=True,
        help="Paper size.",
    )(function)


def write_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``target``, then rename it into place."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        # mkstemp makes the file private; give it the usual permissions instead.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise

"""What the printing commands share: the paper and card-size options (each converted once,
here), and writing output so that a failed or interrupted run never leaves half a file."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import click

from generator.draw.layout import (
    CARD_SIZES,
    PAPERS,
    LayoutError,
    Size,
    parse_card_size,
    parse_paper,
)


def _paper(ctx: click.Context, param: click.Parameter, value: str) -> Size:
    try:
        return parse_paper(value)
    except LayoutError as error:  # the Choice has refused anything else already
        raise click.BadParameter(str(error), ctx, param) from None


def paper_option(function: Callable[..., Any]) -> Callable[..., Any]:
    """``--paper letter|a4`` (default letter), given to the command as a :class:`Size`."""
    return click.option(
        "--paper",
        type=click.Choice(list(PAPERS), case_sensitive=False),
        default="letter",
        show_default=True,
        callback=_paper,
        help="Paper size.",
    )(function)


def _card_size(ctx: click.Context, param: click.Parameter, value: str) -> Size:
    try:
        return parse_card_size(value)
    except LayoutError as error:
        raise click.BadParameter(str(error), ctx, param) from None


_SIZE_NAMES = ", ".join(f"{k} ({v.width:g}x{v.height:g} mm)" for k, v in CARD_SIZES.items())


def card_option(function: Callable[..., Any]) -> Callable[..., Any]:
    """``--card poker|bridge|WxH``, given to the command as a :class:`Size`."""
    return click.option(
        "--card",
        "card_size",
        default="poker",
        show_default=True,
        callback=_card_size,
        help=f"Card size: {_SIZE_NAMES}, or WxH in mm such as 60x90.",
    )(function)


def backs_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--backs/--no-backs",
        default=True,
        show_default=True,
        help="Add a page of card backs after each sheet, for duplex printing (flip on long edge).",
    )(function)


def _make_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents), or say plainly why it cannot be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise click.ClickException(
            f"cannot write into {folder}: a file of that name is in the way"
        ) from None
    except PermissionError:
        raise click.ClickException(f"cannot write into {folder}: permission denied") from None


def write_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``target``, then rename it into place."""
    _make_folder(target.parent)
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


def write_files(folder: Path, files: Mapping[str, str]) -> int:
    """Write text files into ``folder``: all to a temporary folder first, then moved into
    place, so a failure leaves the folder as it was. Returns how many were written."""
    _make_folder(folder)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=folder))
    try:
        for name, text in files.items():
            (staging / name).write_text(text, encoding="utf-8")
        for name in files:
            os.replace(staging / name, folder / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return len(files)

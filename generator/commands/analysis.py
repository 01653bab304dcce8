"""``printables analyse``: a played round reviewed card by card against double-dummy best
play, as bridge players review a deal after the game. Everything it says comes from
:mod:`printables.paradox.analysis`; this module reads the round and prints."""

from __future__ import annotations

import json
import sys
from typing import TextIO

import click

from printables.paradox.analysis import analyse as analyse_round
from printables.paradox.analysis import render_text
from printables.paradox.rounds import EXAMPLE, RoundError, read_round
from printables.paradox.solver import Solver

GAMES = ("costly-tricks",)
"""The games whose rounds can be analysed."""


class BadRound(click.ClickException):
    """A round that does not read: one line, exit status 2 (as a usage error)."""

    exit_code = 2


_EXAMPLE = "\n    ".join(line for line in EXAMPLE.splitlines() if not line.startswith("#"))
HELP = f"""Analyse a played round: each card's cost against best play, trick by trick.

ROUND is a file ('-' reads standard input): the four hands, one a line, then the
cards played, tricks separated by '/' or new lines, each maybe with its leader
('A's ghost: G3 B7 G4 G2'); or the same as JSON: {{"hands": [...], "leader": 0,
"play": [...]}}. The hand holding R0 leads the first trick unless a 'leader:' line
names another. A card marked ? cost its side 1 to 4 points, ?? 5 or more.

\b
Example round (the web page's own):
    {_EXAMPLE}

\b
Examples:
    printables analyse costly-tricks round.txt
    printables analyse costly-tricks - --json < round.txt
"""


@click.command(help=HELP)
@click.argument("game", type=click.Choice(GAMES))
@click.argument("round_file", metavar="ROUND", type=click.File("r", encoding="utf-8"))
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON data.")
@click.option(
    "--seconds",
    type=click.FloatRange(min=0, min_open=True),
    help="Stop after this many seconds: the cards from the end back to where it got are "
    "analysed, the first ones shown as played (the first positions take the longest). "
    "Default: no limit.",
)
def analyse(game: str, round_file: TextIO, as_json: bool, seconds: float | None) -> None:
    """``printables analyse GAME ROUND`` (:data:`HELP`)."""
    text = round_file.read()
    try:
        played = read_round(text)
    except RoundError as error:
        raise BadRound(f"{round_file.name}: {error}") from None
    try:
        analysis = analyse_round(played, Solver(played.deal, time_limit=seconds))
    except TimeoutError:
        raise click.ClickException(
            f"the solver's {seconds:g} s ran out before it analysed any card; give it more"
        ) from None
    if as_json:
        json.dump(analysis.to_data(), sys.stdout, indent=2)
        click.echo()
        return
    click.echo(render_text(analysis))

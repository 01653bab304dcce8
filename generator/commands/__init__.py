"""The ``printables`` command line: decks, classroom packs, score sheets, puzzles, rules.

Commands live in their modules by job (:mod:`.decks`, :mod:`.games`, :mod:`.puzzles`,
:mod:`.analysis`) and are imported only when they run, so ``printables --help`` lists them
from :data:`COMMANDS` without loading reportlab, the games or the web app. The web app adds
``serve`` and ``teacher`` through the ``printables.commands`` entry points, so this layer
never imports it by name.

Output is written to a temporary file beside the target and renamed into place, so an
interrupted or failed run never leaves half a PDF behind.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import sys
from collections.abc import Sequence
from typing import Any

import click

COMMANDS: dict[str, tuple[str, str]] = {
    "deck": (
        "generator.commands.decks:deck",
        (
            "Print a whole deck: DECK is 4d (81 cards), paradox (44), standard (52 and two "
            "jokers) or four (Four's 28 cards)."
        ),
    ),
    "pack": (
        "generator.commands.decks:pack",
        (
            "Print a classroom pack: the source books' decks and every score sheet, ready "
            "for the school printer."
        ),
    ),
    "calibration": (
        "generator.commands.decks:calibration",
        "Print a two-page sheet that measures your printer's duplex offset.",
    ),
    "handout": (
        "generator.commands.handouts:handout",
        "Print a handout for the class: a game's rules, every game's, or the notation card.",
    ),
    "rules": (
        "generator.commands.games:rules",
        "List the games, or show one game's rules, options and what 'printables score' reads.",
    ),
    "score": (
        "generator.commands.games:score",
        "Score a position written in card notation, by the game's rules.",
    ),
    "scoresheet": (
        "generator.commands.games:scoresheet",
        "Print a score sheet to photocopy for a table of players.",
    ),
    "worksheet": (
        "generator.commands.puzzles:worksheet",
        "Print a worksheet of puzzles with its answer key.",
    ),
    "mat-kit": (
        "generator.commands.puzzles:mat_kit",
        (
            "Print a MAT proctor kit: pull lists, answer keys, score sheet (and, for "
            "Successive, the rotation schedule and written-solution forms)."
        ),
    ),
    "solve": (
        "generator.commands.puzzles:solve",
        "Solve a puzzle: a solution, or why none exists (a short reason or a proof case by case).",
    ),
    "check": (
        "generator.commands.puzzles:check",
        "Check a student's written answer to a puzzle; exit status 0 when it is right.",
    ),
    "analyse": (
        "generator.commands.analysis:analyse",
        "Analyse a played round: each card's cost against best play, trick by trick.",
    ),
}
"""Each command: where it lives, and the first sentence of its help, which ``printables
--help`` shortens as click does (a test holds it to the command's own docstring)."""

PLUGIN_GROUP = "printables.commands"
"""Entry points that add commands from other installed packages (the web app's ``serve``
and ``teacher``)."""


def _plugins() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=PLUGIN_GROUP)}


def load(name: str) -> click.Command | None:
    """The command ``name``, imported now; None if there is no such command."""
    if name in COMMANDS:
        module, attribute = COMMANDS[name][0].split(":")
        command = getattr(importlib.import_module(module), attribute)
    elif name in (plugins := _plugins()):
        command = plugins[name].load()
    else:
        return None
    assert isinstance(command, click.Command)
    return command


class Printables(click.Group):
    """A group whose commands load on demand and whose usage errors are one clear line,
    listing the valid choices."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *_plugins()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return load(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help``, from :data:`COMMANDS` (the web app's commands
        load: their module is light)."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            if name in COMMANDS:
                stand_in = click.Command(name, help=COMMANDS[name][1])  # shortened as click does
                rows.append((name, stand_in.get_short_help_str(limit)))
            else:
                command = load(name)
                if command is not None and not command.hidden:
                    rows.append((name, command.get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Exit as done:
            sys.exit(done.exit_code)
        except click.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        except click.UsageError as error:
            command = error.ctx.command_path if error.ctx else "printables"
            click.echo(f"Error: {error.format_message()} (see '{command} --help')", err=True)
            sys.exit(2)
        except click.ClickException as error:
            click.echo(f"Error: {error.format_message()}", err=True)
            sys.exit(error.exit_code)


@click.group(cls=Printables, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printables")
def main() -> None:
    """Printables: card decks, puzzles and score sheets for curious card games.

    \b
    Start with a classroom pack (the 4D and PARADOX decks, every score sheet):
        printables pack
    or one deck (4d, paradox, standard or four):
        printables deck 4d --paper a4
    Print PDFs at 100 % ("Actual size"), never "Fit to page": every deck sheet
    has a 50 mm bar to check it with a ruler.

    \b
    Matrix puzzles, MAT competitions and score sheets:
        printables worksheet matrix --size 4x4 --difficulty hard
        printables mat-kit --sets 10 --players 12
        printables scoresheet matches --target 121
        printables solve matrix --size 3x3 Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT
        printables check matrix --id 3x3-ma1y4e --answer answer.txt

    \b
    The games' rules, and scoring a position written in card notation:
        printables rules
        printables score 4d-poker Rg=T Rg=C Rg=S Bg=S Gg=S

    \b
    A played round of Costly Tricks reviewed against best play (double dummy):
        printables analyse costly-tricks round.txt
    """


def run(argv: Sequence[str]) -> None:
    """Run the command line with ``argv`` (for tests and benchmarks)."""
    main.main(list(argv), prog_name="printables")

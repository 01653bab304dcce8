"""The ``printables`` command line: print decks and classroom packs; rules and scores.

Output is written to a temporary file beside the target and renamed into
place, so an interrupted or failed run never leaves half a PDF behind.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from generator.files import paper_option, write_atomically
from generator.layout import CARD_SIZES, PAPERS, LayoutError, Size, parse_card_size, plan_sheet
from generator.sheets import DeckOptions, calibration_pdf, deck_pdf
from printables.cards.decks import DECKS, get_deck

LAZY_COMMANDS = {
    "rules": "generator.game_commands:rules",
    "score": "generator.game_commands:score",
    "scoresheet": "generator.game_commands:scoresheet",
    "worksheet": "generator.puzzle_commands:worksheet",
    "mat-kit": "generator.puzzle_commands:mat_kit",
    "solve": "generator.puzzle_commands:solve",
    "check": "generator.puzzle_commands:check",
}
"""Commands whose modules are imported only when they run (every game's rules load with
``rules``, not with ``deck``), as click's documentation suggests."""

PLUGIN_GROUP = "printables.commands"
"""Entry points that add commands from other installed packages (the web app's ``serve``
and ``teacher``), so this layer never imports them by name."""


def _plugins() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=PLUGIN_GROUP)}


class Printables(click.Group):
    """A group whose usage errors are one clear line, listing the valid choices, and whose
    heavier commands load on demand."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS, *_plugins()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS:
            module, name = LAZY_COMMANDS[cmd_name].split(":")
            command = getattr(importlib.import_module(module), name)
            assert isinstance(command, click.Command)
            return command
        plugin = _plugins().get(cmd_name)
        if plugin is not None:
            command = plugin.load()
            assert isinstance(command, click.Command)
            return command
        return super().get_command(ctx, cmd_name)

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


def _card_size(ctx: click.Context, param: click.Parameter, value: str) -> Size:
    try:
        return parse_card_size(value)
    except LayoutError as error:
        raise click.BadParameter(str(error), ctx, param) from None


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    parts = value.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not an offset; expected X,Y in mm such as 1.5,-0.5", ctx, param
        ) from None
    if abs(x) > 20 or abs(y) > 20:
        raise click.BadParameter(
            f"{value!r} is more than 20 mm; print the calibration page and read the offset from it",
            ctx,
            param,
        )
    return x, y


_SIZE_NAMES = ", ".join(f"{k} ({v.width:g}x{v.height:g} mm)" for k, v in CARD_SIZES.items())


def card_option(function: Callable[..., Any]) -> Callable[..., Any]:
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


@click.group(cls=Printables, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printables")
def main() -> None:
    """Printables: card decks, puzzles and score sheets for 4D Playing Cards and PARADOX.

    \b
    Start with a classroom pack (both decks and every score sheet):
        printables pack
    or one deck:
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
    """


@main.command()
@click.argument("deck", type=click.Choice(list(DECKS), case_sensitive=False))
@paper_option
@card_option
@backs_option
@click.option(
    "--bleed",
    type=click.FloatRange(0, 5),
    default=0.0,
    show_default=True,
    help="Extra mm of the design beyond each cut line; fewer cards fit on a sheet.",
)
@click.option(
    "--duplex-offset",
    default="0,0",
    show_default=True,
    callback=_offset,
    metavar="X,Y",
    help="Shift the backs by X,Y mm (right, up) to match your printer; read it "
    "from 'printables calibration'.",
)
@click.option(
    "--names/--no-names",
    default=True,
    show_default=True,
    help="Print each card's name in small print in two corners.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["pdf", "svg"], case_sensitive=False),
    default="pdf",
    show_default=True,
    help="pdf: printable sheets; svg: one file per card (and back.svg) in a folder.",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Output file (pdf) or folder (svg). Default: DECK-deck.pdf or DECK-deck-svg/.",
)
def deck(
    deck: str,
    paper: str,
    card_size: Size,
    backs: bool,
    bleed: float,
    duplex_offset: tuple[float, float],
    names: bool,
    output_format: str,
    out: Path | None,
) -> None:
    """Print a whole deck: DECK is 4d (81 cards) or paradox (44 cards).

    \b
    Examples:
        printables deck 4d
        printables deck paradox --paper a4 --card bridge --out paradox.pdf
        printables deck 4d --format svg --out cards/
    """
    chosen = get_deck(deck)
    options = _options(paper, card_size, backs, bleed, duplex_offset, names)
    if output_format.lower() == "svg":
        from generator.svgdeck import write_svg_cards  # svgwrite loads only when needed

        folder = out or Path(f"{chosen.key}-deck-svg")
        count = write_svg_cards(chosen, options, folder)
        click.echo(f"Wrote {count} SVG files to {folder}/")
        return
    target = out or Path(f"{chosen.key}-deck.pdf")
    if target.is_dir():
        target = target / f"{chosen.key}-deck.pdf"
    write_atomically(target, deck_pdf(chosen, options))
    click.echo(_summary(target, chosen.title, len(chosen), options))


def _options(
    paper: str,
    card_size: Size,
    backs: bool,
    bleed: float,
    duplex_offset: tuple[float, float] = (0.0, 0.0),
    names: bool = True,
) -> DeckOptions:
    options = DeckOptions(PAPERS[paper.lower()], card_size, backs, bleed, duplex_offset, names)
    try:
        plan_sheet(options.paper, options.card, options.bleed)
    except LayoutError as error:
        raise click.UsageError(str(error)) from None
    return options


def _summary(target: Path, title: str, count: int, options: DeckOptions) -> str:
    sheet = plan_sheet(options.paper, options.card, options.bleed)
    sheets = -(-count // sheet.per_sheet)
    sides = (
        "fronts and backs (print double-sided, flip on long edge)" if options.backs else "fronts"
    )
    return (
        f"Wrote {target}: {title}, {count} cards, {sheet.per_sheet} per sheet on "
        f"{options.paper.name}, {sheets} sheets, {sides}."
    )


@main.command()
@paper_option
@card_option
@backs_option
@click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("classroom-pack"),
    show_default=True,
    help="Folder to write the pack into.",
)
def pack(paper: str, card_size: Size, backs: bool, out: Path) -> None:
    """Print a classroom pack: every deck and every score sheet, ready for the school printer.

    \b
    Writes into the folder given by --out:
        4d-deck.pdf       the 81 4D Playing Cards, with backs
        paradox-deck.pdf  the 44 PARADOX cards, with backs
        score-sheets.pdf  a score sheet for each 4D game that keeps score
    """
    options = _options(paper, card_size, backs, 0.0)
    for chosen in DECKS.values():
        target = out / f"{chosen.key}-deck.pdf"
        write_atomically(target, deck_pdf(chosen, options))
        click.echo(_summary(target, chosen.title, len(chosen), options))
    from generator.scoresheets import all_score_sheets_pdf  # loads every game's rules

    sheets = out / "score-sheets.pdf"
    write_atomically(sheets, all_score_sheets_pdf(options.paper))
    click.echo(f"Wrote {sheets}: score sheets for the 4D games, one game a page or two.")
    click.echo(f"Classroom pack ready in {out}/. Print at 100 % (Actual size).")


@main.command()
@paper_option
@click.option(
    "--out",
    type=click.Path(path_type=Path, dir_okay=False),
    default=Path("duplex-calibration.pdf"),
    show_default=True,
    help="Output file.",
)
def calibration(paper: str, out: Path) -> None:
    """Print a two-page sheet that measures your printer's duplex offset.

    Print it double-sided (flip on long edge) at 100 %, hold it up to the
    light, and read the two numbers to pass to --duplex-offset.
    """
    write_atomically(out, calibration_pdf(PAPERS[paper.lower()]))
    click.echo(f"Wrote {out}: print it double-sided, then read X,Y for --duplex-offset.")


def run(argv: Sequence[str]) -> None:
    """Run the command line with ``argv`` (for tests and benchmarks)."""
    main.main(list(argv), prog_name="printables")

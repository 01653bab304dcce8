"""``printables rules``, ``printables score`` and ``printables scoresheet``: the rules engine
on the command line.

``rules`` and ``score`` only read and print; every rule and every score comes from
``printables.games``. ``scoresheet`` writes a game's printable score sheet
(:mod:`generator.documents.scoresheets`).
"""

from __future__ import annotations

import dataclasses
import json
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.commands.options import paper_option, write_atomically
from generator.documents.scoresheets import (
    SCORE_SHEETS,
    all_score_sheets_pdf,
    score_sheet_pdf,
    sheet_key,
)
from generator.draw.layout import Size
from printables.cards.wording import and_list
from printables.games.base import Game, OptionError, UnknownGameError
from printables.games.handouts.base import players_text
from printables.games.registry import GAMES, get_game

if TYPE_CHECKING:
    from printables.games.handouts import Handout

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _game(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    try:
        return get_game(value)
    except UnknownGameError as error:
        raise click.BadParameter(str(error)) from None


def parse_options(game: Game[Any, Any, Any], pairs: Sequence[str]) -> Any:
    """The game's options from ``NAME=VALUE`` texts, each value read as its default's type.

    Raises :class:`click.BadParameter` naming the option and what it takes.
    """
    defaults = {name: default for name, default, _ in game.option_help()}
    values: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise click.BadParameter(f"write an option as NAME=VALUE, not {pair!r}")
        if name not in defaults:
            known = ", ".join(defaults) or "none"
            raise click.BadParameter(f"{game.title} has no option {name!r}; its options: {known}")
        values[name] = _convert(name, text.strip(), defaults[name])
    try:
        return game.options(**values)
    except OptionError as error:
        raise click.BadParameter(str(error)) from None


def _convert(name: str, text: str, default: Any) -> Any:
    if isinstance(default, bool):
        if text.lower() in _TRUE | _FALSE:
            return text.lower() in _TRUE
        raise click.BadParameter(f"option {name!r} is true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise click.BadParameter(f"option {name!r} is a whole number, not {text!r}") from None
    return text


def _rules_json(game: Game[Any, Any, Any]) -> dict[str, Any]:
    from printables.games.handouts import HANDOUTS

    checklist = [dataclasses.asdict(rule) for rule in HANDOUTS[game.key].rules]
    return {
        "key": game.key,
        "title": game.title,
        "aliases": list(game.aliases),
        "book": game.book,
        "players": list(game.players),
        "summary": game.summary,
        "options": [{"name": n, "default": d, "help": h} for n, d, h in game.option_help()],
        "position": game.position_help or None,
        "checklist": checklist,
    }


@click.command()
@click.argument("game", required=False, callback=_game)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.option(
    "--checklist", is_flag=True,
    help="Show the book's rules, each with where the book says it and the handout's words "
    "that carry it, to read the handout against the book.",
)  # fmt: skip
def rules(game: Game[Any, Any, Any] | None, as_json: bool, checklist: bool) -> None:
    """List the games, or show one game's rules, options and what 'printables score' reads.

    \b
    Examples:
        printables rules
        printables rules "good riddance"
        printables rules lockdown --checklist
    """
    if checklist and game is None:
        raise click.UsageError("--checklist reads one game's handout: name the game")
    if as_json:
        chosen = [game] if game else list(GAMES.values())
        click.echo(json.dumps([_rules_json(g) for g in chosen], indent=2))
        return
    if game is None:
        width = max(len(g.key) for g in GAMES.values())
        for g in GAMES.values():
            click.echo(f"{g.key:<{width}}  {players_text(g):>11}  {g.title}: {g.summary}")
        click.echo("\nMore on one game: printables rules GAME")
        return
    from printables.games.handouts import HANDOUTS

    if checklist:
        click.echo(_checklist(HANDOUTS[game.key]))
        return
    click.echo(HANDOUTS[game.key].text())  # the rules handout's text, its example scored
    click.echo(f"\nPrint it for the class: printables handout {game.key}")
    options = game.option_help()
    if options:
        click.echo("\nOptions (printables score ... -o NAME=VALUE), book defaults:")
        for name, default, help_text in options:
            shown = str(default).lower() if isinstance(default, bool) else default
            click.echo(f"  {name}={shown}  {help_text}")
    if game.position_help:
        click.echo(f"\nprintables score {game.key} reads {game.position_help}")


def _checklist(handout: Handout) -> str:
    """The handout's checklist as text: each rule of the book and where the handout says it."""
    game = handout.game
    lines = [f"{game.title} ({game.book}): {len(handout.rules)} rules of the book, each "
             "with the handout's words that carry it", ""]  # fmt: skip
    for rule in handout.rules:
        lines.append(f"{rule.id}: {rule.where}")
        if rule.book:
            lines.append(textwrap.fill(f'book: "{rule.book}"', 88, initial_indent="  ",
                                       subsequent_indent="    "))  # fmt: skip
        if rule.reading:
            lines.append(f"  reading: {rule.reading}")
        lines.append(textwrap.fill(f'handout: "{rule.handout}"', 88, initial_indent="  ",
                                   subsequent_indent="    "))  # fmt: skip
    return "\n".join(lines)


@click.command()
@click.argument("game", callback=_game)
@click.argument("position", nargs=-1, required=True)
@click.option(
    "-o", "--option", "options", multiple=True, metavar="NAME=VALUE",
    help="A game option (see 'printables rules GAME'); repeat for several.",
)  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def score(game: Game[Any, Any, Any], position: tuple[str, ...], options: tuple[str, ...],
          as_json: bool) -> None:  # fmt: skip
    """Score a position written in card notation, by the game's rules.

    POSITION is read as one text ('-' reads it from standard input); see
    'printables rules GAME' for what each game reads.

    \b
    Examples:
        printables score 4d-poker Rg=T Rg=C Rg=S Bg=S Gg=S
        printables score good-riddance "GwzC on BbzS" --json
    """
    chosen = parse_options(game, options)
    text = sys.stdin.read() if position == ("-",) else " ".join(position)
    try:
        scored = game.score_position(text, chosen)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps(scored.to_json(), indent=2, default=str))
        return
    points = "" if scored.points is None else f"{scored.points} points: "
    click.echo(f"{game.title}: {points}{scored.summary}")
    for reason in scored.reasons:
        click.echo(f"  {reason}")


def _sheet(ctx: click.Context, param: click.Parameter, value: str) -> str:
    if value.strip().lower() == "all":
        return "all"
    try:
        return sheet_key(value)
    except ValueError as error:
        raise click.BadParameter(f"{error} (or all)") from None


@click.command()
@click.argument("name", callback=_sheet)
@paper_option
@click.option(
    "--players",
    type=int,
    default=None,
    help="Name columns (Matches: track lanes) for exactly this many players. "
    "Default: as many as the game allows.",
)
@click.option(
    "--target",
    type=int,
    default=None,
    help="The score that wins: Matches 61 or 121; also 4D 500 Rummy, Secret Card and Nada; "
    "the chips that win Buddy on your Left and The Third Man. Default: the book's.",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Output file (or a folder to write it in). Default: scoresheet-NAME.pdf.",
)
def scoresheet(
    name: str, paper: Size, players: int | None, target: int | None, out: Path | None
) -> None:
    """Print a score sheet to photocopy for a table of players.

    NAME is a game that keeps score, or 'all' for every sheet in one PDF.

    The Third Man's sheet (two pages) is followed by its board: the track from -20 to +20
    in two halves, pages 3 and 4, to tape together. Print those once for each table and
    photocopy pages 1 and 2 for each game.

    \b
    Examples:
        printables scoresheet matches --target 121 --players 3
        printables scoresheet poker --paper a4
        printables scoresheet costly-tricks
        printables scoresheet the-third-man --paper a4
        printables scoresheet all
    """

    size = paper
    if name == "all":
        if players is not None or target is not None:
            raise click.UsageError("--players and --target are for one sheet, not 'all'")
        data = all_score_sheets_pdf(size)
        described = f"{len(SCORE_SHEETS)} score sheets"
        extras = [f"{s.game.title}'s board" for s in SCORE_SHEETS.values() if s.board]
        extras += [f"{s.game.title}'s {s.cards}" for s in SCORE_SHEETS.values() if s.cards]
        if extras:
            described += f" with {and_list(extras)}"
    else:
        sheet = SCORE_SHEETS[name]
        options: dict[str, int] = {}
        for option, value in (("players", players), ("target", target)):
            if value is None:
                continue
            options[option] = value
            try:
                sheet.setting(**options)
            except ValueError as error:
                raise click.BadParameter(str(error), param_hint=f"'--{option}'") from None
        data = score_sheet_pdf(name, size, **options)
        setting = sheet.setting(**options)
        low, high = sheet.game.players
        up_to = "" if setting.exact or low == high else "up to "
        unit = f" {sheet.unit}" if sheet.unit else ""
        goal = f", to {setting.target}{unit}" if setting.target else ""
        article = "" if sheet.title.startswith("The ") else "the "
        described = f"{article}{sheet.title} for {up_to}{setting.players} players{goal}"
        if sheet.board:
            pages = f"pages {sheet.pages - 1} and {sheet.pages}"
            described += f", with its board on {pages}, two halves to tape together"
        if sheet.cards:
            described += f", with its {sheet.cards} to cut out on page {sheet.pages}"
    target_file = out or Path(f"scoresheet-{name}.pdf")
    if target_file.is_dir():
        target_file = target_file / f"scoresheet-{name}.pdf"
    write_atomically(target_file, data)
    click.echo(f"Wrote {target_file}: {described}, on {size.name} paper.")

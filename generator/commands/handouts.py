"""Handouts to give a class beside a deck: ``printables handout GAME`` (the rules of one
game, in the project's own words, with a worked example), ``all`` (every game of the
source books) and ``notation`` (a reference card for the card names, four to a sheet)."""

from __future__ import annotations

from pathlib import Path

import click

from generator.commands.options import paper_option, write_atomically
from generator.draw.layout import Size


def _what(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """A game (by key, title or alias), ``all`` or ``notation``."""
    word = value.strip().lower()
    if word in ("all", "notation"):
        return word
    from printables.games.base import UnknownGameError
    from printables.games.registry import get_game

    try:
        return get_game(value).key
    except UnknownGameError as error:
        raise click.BadParameter(f"{error}; or 'all', or 'notation'", ctx, param) from None


@click.command()
@click.argument("what", callback=_what)
@paper_option
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Output file. Default: GAME-rules.pdf, rules-handouts.pdf (all) or "
              "notation-cards.pdf.")  # fmt: skip
def handout(what: str, paper: Size, out: Path | None) -> None:
    """Print a handout for the class: a game's rules, every game's, or the notation card.

    \b
    WHAT is a game (printables rules lists them), 'all' for every game in one PDF, or
    'notation': how 4D, PARADOX and standard cards are named, four cards to a sheet.
    Examples:
        printables handout zodiac
        printables handout "good riddance" --paper a4
        printables handout all
        printables handout notation
    """
    if what == "notation":
        from generator.documents.notation import notation_pdf

        target = out or Path("notation-cards.pdf")
        write_atomically(target, notation_pdf(paper))
        click.echo(f"Wrote {target}: four notation cards on one {paper.name} sheet; cut "
                   "along the dashed lines.")  # fmt: skip
        return
    from generator.documents.handouts import make_handouts
    from printables.games.handouts import HANDOUTS

    keys = list(HANDOUTS) if what == "all" else [what]
    target = out or Path("rules-handouts.pdf" if what == "all" else f"{what}-rules.pdf")
    data, pages = make_handouts(keys, paper)
    write_atomically(target, data)
    if what == "all":
        click.echo(f"Wrote {target}: the rules of all {len(keys)} games, {sum(pages)} pages, "
                   "each game from a new page.")  # fmt: skip
    else:
        click.echo(f"Wrote {target}: the rules of {HANDOUTS[what].game.title}, "
                   f"{pages[0]} page{'s' if pages[0] > 1 else ''}.")  # fmt: skip

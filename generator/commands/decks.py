"""``printables deck``, ``printables pack`` and ``printables calibration``: printed decks.

Every deck the engine knows prints (:data:`printables.cards.DECKS`), each in its own
design (:mod:`generator.draw.faces`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from generator.commands.options import (
    backs_option,
    card_option,
    paper_option,
    write_atomically,
    write_files,
)
from generator.documents.calibration import calibration_pdf
from generator.documents.decks import DeckOptions, deck_pdf
from generator.draw.faces import design
from generator.draw.layout import LayoutError, Size, plan_sheet
from printables.cards import DECKS, Deck, get_deck
from printables.cards.wording import and_list

PACK = ("4d", "paradox")
"""The decks in a classroom pack: the source books' own decks. Standard cards and Four's
stripped deck are printed on their own (``printables deck standard``), since most
classrooms have a shop-bought deck."""


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


def sheet_options(function: Any) -> Any:
    """--bleed, --duplex-offset and --names: how a deck's sheets are laid out (``deck``
    and ``pack``)."""
    for option in reversed(
        [
            click.option(
                "--bleed",
                type=click.FloatRange(0, 5),
                default=0.0,
                show_default=True,
                help="Extra mm of the design beyond each cut line; fewer cards fit on a sheet.",
            ),
            click.option(
                "--duplex-offset",
                default="0,0",
                show_default=True,
                callback=_offset,
                metavar="X,Y",
                help="Shift the backs by X,Y mm (right, up) to match your printer; read it "
                "from 'printables calibration'.",
            ),
            click.option(
                "--names/--no-names",
                default=True,
                show_default=True,
                help="Print each card's name in small print in two corners.",
            ),
        ]
    ):
        function = option(function)
    return function


@click.command()
@click.argument("deck", type=click.Choice(list(DECKS), case_sensitive=False))
@paper_option
@card_option
@backs_option
@sheet_options
@click.option(
    "--four-color",
    is_flag=True,
    help="Standard and Four decks: spades black, hearts red, diamonds blue, clubs green.",
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
    paper: Size,
    card_size: Size,
    backs: bool,
    bleed: float,
    duplex_offset: tuple[float, float],
    names: bool,
    four_color: bool,
    output_format: str,
    out: Path | None,
) -> None:
    """Print a whole deck: DECK is 4d (81 cards), paradox (44), standard (52 and two
    jokers) or four (Four's 28 cards).

    \b
    Examples:
        printables deck 4d
        printables deck paradox --paper a4 --card bridge --out paradox.pdf
        printables deck standard --four-color
        printables deck 4d --format svg --out cards/
    """
    chosen = get_deck(deck)
    if four_color and not design(chosen).four_color:
        offered = [key for key, deck in DECKS.items() if design(deck).four_color]
        raise click.BadParameter(
            f"the {chosen.title} deck has no four-color design; --four-color is for the "
            f"{' and '.join(offered)} decks",
            param_hint="'--four-color'",
        )
    options = _options(paper, card_size, backs, bleed, duplex_offset, names, four_color)
    if output_format.lower() == "svg":
        from generator.documents.svg_cards import svg_files  # svgwrite loads only when needed

        folder = out or Path(f"{chosen.key}-deck-svg")
        count = write_files(folder, svg_files(chosen, options))
        click.echo(f"Wrote {count} SVG files to {folder}/")
        return
    target = out or Path(f"{chosen.key}-deck.pdf")
    if target.is_dir():
        target = target / f"{chosen.key}-deck.pdf"
    write_atomically(target, deck_pdf(chosen, options))
    click.echo(_summary(target, chosen, options))


def _options(
    paper: Size,
    card_size: Size,
    backs: bool,
    bleed: float,
    duplex_offset: tuple[float, float] = (0.0, 0.0),
    names: bool = True,
    four_color: bool = False,
) -> DeckOptions:
    options = DeckOptions(paper, card_size, backs, bleed, duplex_offset, names, four_color)
    try:
        plan_sheet(options.paper, options.card, options.bleed)
    except LayoutError as error:
        raise click.UsageError(str(error)) from None
    return options


def _summary(target: Path, chosen: Deck, options: DeckOptions) -> str:
    sheet = plan_sheet(options.paper, options.card, options.bleed)
    sheets = -(-len(chosen) // sheet.per_sheet)
    sides = (
        "fronts and backs (print double-sided, flip on long edge)" if options.backs else "fronts"
    )
    return (
        f"Wrote {target}: {chosen.title}, {len(chosen)} cards, {sheet.per_sheet} per sheet on "
        f"{options.paper.name}, {sheets} sheets, {sides}."
    )


@click.command()
@paper_option
@card_option
@backs_option
@sheet_options
@click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("classroom-pack"),
    show_default=True,
    help="Folder to write the pack into.",
)
def pack(
    paper: Size,
    card_size: Size,
    backs: bool,
    bleed: float,
    duplex_offset: tuple[float, float],
    names: bool,
    out: Path,
) -> None:
    """Print a classroom pack: the source books' decks and every score sheet, ready for the
    school printer.

    \b
    Writes into the folder given by --out:
        4d-deck.pdf       the 81 4D Playing Cards, with backs
        paradox-deck.pdf  the 44 PARADOX cards, with backs
        score-sheets.pdf  a score sheet for each game of the two books that keeps
                          score, and The Third Man's board to tape together
        notation-cards.pdf  how the cards are named, four cards to a sheet
        rules-handouts.pdf  every game's rules in brief, a page each
    Standard cards print on their own: printables deck standard

    The decks take the options of 'printables deck': card size, bleed, duplex offset and
    names.
    """
    options = _options(paper, card_size, backs, bleed, duplex_offset, names)
    for key in PACK:
        chosen = get_deck(key)
        target = out / f"{chosen.key}-deck.pdf"
        write_atomically(target, deck_pdf(chosen, options))
        click.echo(_summary(target, chosen, options))
    from generator.documents.scoresheets import (  # loads every game's rules
        SCORE_SHEETS,
        all_score_sheets_pdf,
    )

    sheets = out / "score-sheets.pdf"
    write_atomically(sheets, all_score_sheets_pdf(options.paper))
    books = and_list(list(dict.fromkeys(s.game.book for s in SCORE_SHEETS.values())))
    extras = [f"{s.game.title}'s board to tape together" for s in SCORE_SHEETS.values() if s.board]
    extras += [f"{s.game.title}'s {s.cards} to cut out" for s in SCORE_SHEETS.values() if s.cards]
    also = f", with {and_list(extras)}" if extras else ""
    pages = sum(s.pages for s in SCORE_SHEETS.values())
    click.echo(
        f"Wrote {sheets}: score sheets for the games of {books} that keep score{also}, "
        f"{pages} pages."
    )
    from generator.documents.notation import notation_pdf

    notation = out / "notation-cards.pdf"
    write_atomically(notation, notation_pdf(options.paper))
    click.echo(f"Wrote {notation}: how the cards are named, four cards to a sheet to cut.")
    from generator.documents.handouts import make_handouts
    from printables.games.handouts import HANDOUTS

    handouts = out / "rules-handouts.pdf"
    data, per_game = make_handouts(list(HANDOUTS), options.paper)
    write_atomically(handouts, data)
    click.echo(f"Wrote {handouts}: the rules of all {len(HANDOUTS)} games, {sum(per_game)} pages.")
    click.echo(f"Classroom pack ready in {out}/. Print at 100 % (Actual size).")


@click.command()
@paper_option
@click.option(
    "--out",
    type=click.Path(path_type=Path, dir_okay=False),
    default=Path("duplex-calibration.pdf"),
    show_default=True,
    help="Output file.",
)
def calibration(paper: Size, out: Path) -> None:
    """Print a two-page sheet that measures your printer's duplex offset.

    Print it double-sided (flip on long edge) at 100 %, hold it up to the
    light, and read the two numbers to pass to --duplex-offset.
    """
    write_atomically(out, calibration_pdf(paper))
    click.echo(f"Wrote {out}: print it double-sided, then read X,Y for --duplex-offset.")

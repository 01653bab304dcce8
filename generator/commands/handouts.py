"""Handouts to give a class beside a deck: ``printables handout notation``, a reference
card for how the cards of every deck are named, four to a sheet."""

from __future__ import annotations

from pathlib import Path

import click

from generator.commands.options import paper_option, write_atomically
from generator.draw.layout import Size

HANDOUTS = {"notation": "notation-cards.pdf"}
"""Each handout, and the file it is written to by default."""


@click.command()
@click.argument("what", type=click.Choice(list(HANDOUTS), case_sensitive=False))
@paper_option
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Output file. Default: notation-cards.pdf.")  # fmt: skip
def handout(what: str, paper: Size, out: Path | None) -> None:
    """Print a handout for the class: notation, a reference card for the card names.

    \b
    notation: how 4D, PARADOX and standard cards are named, with the outlines that tell
    the 4D colors apart in gray-scale; four cards to a sheet, cut along the dashed lines.
    """
    from generator.documents.notation import notation_pdf

    target = out or Path(HANDOUTS[what.lower()])
    write_atomically(target, notation_pdf(paper))
    click.echo(f"Wrote {target}: four notation cards on one {paper.name} sheet; cut along the "
               "dashed lines.")  # fmt: skip

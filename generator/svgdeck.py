"""A deck as one SVG file per card (``Bb=S.svg`` ... and ``back.svg``), for screens and cutters.

All files are first written to a temporary folder and then moved into place,
so a failure leaves the output folder as it was.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from generator.faces import back, face
from generator.sheets import DeckOptions
from generator.svg import scene_to_svg
from printables.cards.deck import Deck


def svg_files(deck: Deck, options: DeckOptions) -> dict[str, str]:
    """File name -> SVG text for every card of the deck (and the back, if asked for)."""
    files = {
        f"{card}.svg": scene_to_svg(
            face(card, options.card, names=options.names, bleed=options.bleed),
            title=f"{deck.title}: {card}",
        )
        for card in deck
    }
    if options.backs:
        files["back.svg"] = scene_to_svg(
            back(deck.key, options.card, bleed=options.bleed), title=f"{deck.title}: back"
        )
    return files


def write_svg_cards(deck: Deck, options: DeckOptions, folder: Path) -> int:
    """Write the deck's SVG files into ``folder``; return how many were written."""
    files = svg_files(deck, options)
    folder.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".svg-", dir=folder))
    try:
        for name, text in files.items():
            (staging / name).write_text(text, encoding="utf-8")
        for name in files:
            os.replace(staging / name, folder / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return len(files)

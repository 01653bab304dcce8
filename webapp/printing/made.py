"""The print page's documents, each made once and kept while it is asked for again.

Every document is a pure function of what was chosen (the same puzzles, options and paper
give the same bytes), so the last few of each sort are kept in this process: a class's
teachers printing the same handout or the same seeded worksheet wait for it once, and a
page asked for again and again (a double click, a reload) costs nothing more. Few are
kept (:data:`KEPT` of each sort: a megabyte or so each at most), and only what was made:
a refused choice never reaches here.
"""

from __future__ import annotations

from functools import lru_cache

from generator.documents.handouts import handouts_pdf
from generator.documents.matkit import KitOptions, mat_kit_pdf
from generator.documents.notation import notation_pdf
from generator.documents.scoresheets import score_sheet_pdf
from generator.documents.worksheet import Worksheet, WorksheetOptions, make_worksheet
from generator.draw.layout import Size
from printables.matrix.puzzles import get_puzzle
from printables.puzzles import get_kind

KEPT = 8
"""Documents of each sort kept in a process."""


@lru_cache(maxsize=KEPT)
def worksheet(
    kind: str, ids: tuple[str, ...], options: WorksheetOptions, key_apart: bool
) -> Worksheet:
    """The worksheet of the puzzles ``ids`` of the kind called ``kind``."""
    found = get_kind(kind)
    return make_worksheet([found.get(i) for i in ids], options, key_apart=key_apart)


@lru_cache(maxsize=KEPT)
def mat_kit(ids: tuple[str, ...], options: KitOptions) -> bytes:
    """The proctor kit of the Matrix sets ``ids``."""
    return mat_kit_pdf([get_puzzle(i) for i in ids], options)


@lru_cache(maxsize=KEPT)
def score_sheet(game: str, paper: Size, players: int | None) -> bytes:
    """A game's score sheet; ``players`` None for the game's most."""
    options = {} if players is None else {"players": players}
    return score_sheet_pdf(game, paper, **options)


@lru_cache(maxsize=KEPT)
def handouts(games: tuple[str, ...], paper: Size) -> bytes:
    """The rules handouts of ``games``, in order, as one PDF."""
    return handouts_pdf(list(games), paper)


@lru_cache(maxsize=KEPT)
def notation(paper: Size) -> bytes:
    """The sheet of notation cards."""
    return notation_pdf(paper)

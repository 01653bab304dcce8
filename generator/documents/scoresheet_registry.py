"""The one registry of score sheets: what a sheet is, what one printing of it is for, and
the sheets that have joined, in the book's order.

Each sheet module (:mod:`generator.documents.scoresheets` for the 4D Playing Cards games,
:mod:`generator.documents.paradox_sheets`, :mod:`generator.documents.standard_sheets`)
draws its sheets and joins them here with :func:`register`; this module imports none of
them, so imports point down from the sheets to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.documents.document import Document
from generator.documents.scoresheet_parts import AnyGame
from printables.games.registry import GAMES


@dataclass(frozen=True)
class Setting:
    """What one printing of a sheet is for: how many players (name columns, track lanes)
    and the target score (0 for a sheet without one)."""

    players: int
    target: int = 0
    exact: bool = False
    """True when the number of players was given: the sheet is for exactly that many (its
    rounds, passes and points printed for them), not for up to that many."""


Draw = Callable[[Document, AnyGame, Setting], None]


@dataclass(frozen=True)
class ScoreSheet:
    """One game's score sheet: its drawing and the options it takes."""

    key: str
    draw: Draw
    takes_target: bool = False
    pages: int = 1
    unit: str = ""
    """What the target counts, when not points ("chips")."""
    board: bool = False
    """True when the last two pages are the game's board, two halves to tape together."""
    cards: str = ""
    """What the last page holds when it is cards to cut out (Quad's "call cards")."""

    @property
    def game(self) -> AnyGame:
        return GAMES[self.key]

    @property
    def title(self) -> str:
        return f"{self.game.title} score sheet"

    def setting(self, **options: int) -> Setting:
        """The setting for ``options`` (players, and target where the sheet has one), the
        game's defaults filling in; a bad name or value raises ValueError saying why."""
        game = self.game
        known = ("players", "target") if self.takes_target else ("players",)
        for name in options:
            if name == "target" and not self.takes_target:
                with_target = ", ".join(k for k, s in registered().items() if s.takes_target)
                raise ValueError(
                    f"the {self.title} has no target; the sheets with one: {with_target}"
                )
            if name not in known:
                raise ValueError(
                    f"the {self.title} has no option {name!r}; its options: {', '.join(known)}"
                )
        exact = "players" in options
        players = options.get("players", game.players[1])
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be a whole number, not {players!r}")
        game.check_players(players)
        target = 0
        if self.takes_target:
            values = {"target": options["target"]} if "target" in options else {}
            target = game.options(**values).target
        return Setting(players, target, exact)


_JOINED: dict[str, ScoreSheet] = {}


def register(*sheets: ScoreSheet) -> None:
    """Join ``sheets`` to the registry (a sheet module does, once, when it is imported); a
    key that is no game's, or that has a sheet already, raises ValueError."""
    for sheet in sheets:
        if sheet.key not in GAMES:
            raise ValueError(f"{sheet.key!r} is no game's key")
        if sheet.key in _JOINED:
            raise ValueError(f"the {sheet.key!r} score sheet has joined already")
        _JOINED[sheet.key] = sheet


def registered() -> dict[str, ScoreSheet]:
    """Every sheet that has joined, by game key, in the book's order (the games')."""
    return {key: _JOINED[key] for key in GAMES if key in _JOINED}

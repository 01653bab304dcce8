"""Every game the engine knows, found by key or by title.

>>> get_game("Good Riddance").key
'good-riddance'
>>> get_game("good_riddance") is get_game("GOOD-RIDDANCE")
True
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from printables.games.base import Game

# One line per game module (printables/games/<name>.py, which defines GAME), in book order.
GAME_MODULES = (
    "good_riddance",
)

GAMES: dict[str, Game[Any, Any, Any]] = {
    game.key: game
    for game in (import_module(f"printables.games.{name}").GAME for name in GAME_MODULES)
}


def _simple(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def get_game(name: str) -> Game[Any, Any, Any]:
    """The game named ``name``: its key or title, in any case, spaces or hyphens ignored."""
    wanted = _simple(name)
    for game in GAMES.values():
        if wanted in (_simple(game.key), _simple(game.title)):
            return game
    known = ", ".join(GAMES)
    raise KeyError(f"no game called {name!r}; the games are: {known}")

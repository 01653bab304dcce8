"""Every game the engine knows, found by key or by title.

>>> get_game("Good Riddance").key
'good-riddance'
>>> get_game("good_riddance") is get_game("GOOD-RIDDANCE")
True
>>> get_game("poker").title
'4D Poker'
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from printables.games.base import Game

# One line per game module (printables/games/<name>.py), in book order. A module defines
# GAME, or GAMES for a family of games played with the same rules (Matrix, Challenge Matrix).
GAME_MODULES = (
    "matrix",
    "squares",
    "zodiac",
    "matches",
    "rummy",
    "secret_card",
    "good_riddance",
    "nada",
    "eighty_one",
    "dna",
    "cross_purposes",
    "poker_game",
    "tiles",
    "cipher",
)


def _games_of(name: str) -> tuple[Game[Any, Any, Any], ...]:
    module = import_module(f"printables.games.{name}")
    return tuple(getattr(module, "GAMES", (module.GAME,)))


GAMES: dict[str, Game[Any, Any, Any]] = {
    game.key: game for name in GAME_MODULES for game in _games_of(name)
}


def _simple(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def get_game(name: str) -> Game[Any, Any, Any]:
    """The game named ``name``: its key, title or a short name ("poker"), in any case,
    spaces and punctuation ignored."""
    wanted = _simple(name)
    for game in GAMES.values():
        if wanted in {_simple(n) for n in (game.key, game.title, *game.aliases)}:
            return game
    known = ", ".join(GAMES)
    raise KeyError(f"no game called {name!r}; the games are: {known}")

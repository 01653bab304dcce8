"""Every game the engine knows, found by key or by title.

>>> get_game("Good Riddance").key
'good-riddance'
>>> get_game("good_riddance") is get_game("GOOD-RIDDANCE")
True
>>> get_game("poker").title
'4D Poker'
>>> get_game("snap")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
printables.games.base.UnknownGameError: no game called 'snap'; the games are: matrix, ...

Adding a game is one module in its family's package, defining ``GAME`` (or ``GAMES`` for
a family of games played with the same rules, such as Matrix and Challenge Matrix), and
one line in :data:`GAME_MODULES`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from printables.games.base import Game, UnknownGameError

GAME_MODULES = (
    # 4D Playing Cards, in book order.
    "printables.games.fourd.matrix",
    "printables.games.fourd.squares",
    "printables.games.fourd.zodiac",
    "printables.games.fourd.matches",
    "printables.games.fourd.rummy",
    "printables.games.fourd.secret_card",
    "printables.games.fourd.good_riddance",
    "printables.games.fourd.nada",
    "printables.games.fourd.eighty_one",
    "printables.games.fourd.dna",
    "printables.games.fourd.cross_purposes",
    "printables.games.fourd.poker",
    "printables.games.fourd.tiles",
    "printables.games.fourd.cipher",
    # PARADOX, in book order.
    "printables.games.paradox.costly_tricks",
    "printables.games.paradox.buddy_on_your_left",
    "printables.games.paradox.third_man",
    # The standard-deck games, each its own book.
    "printables.games.standard.quad",
    "printables.games.standard.four",
    "printables.games.standard.lockdown",
)
"""One line per game module, grouped by book."""


def _games_of(name: str) -> tuple[Game[Any, Any, Any], ...]:
    module = import_module(name)
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
    raise UnknownGameError(f"no game called {name!r}; the games are: {known}")

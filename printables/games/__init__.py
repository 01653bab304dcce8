"""The games of the source books, and the kit they are built from.

- :mod:`printables.games.base`: :class:`~printables.games.base.Game`, the contract every
  game keeps (deal, legal moves, play, check, outcome, next hand), and its errors;
- :mod:`printables.games.dealing`, :mod:`printables.games.betting`: what several games
  share (seeded shuffles, choosing the dealer and dealing; a poker betting session);
- :mod:`printables.games.playout`: random playouts and whole matches, for tests and
  benchmarks;
- :mod:`printables.games.registry`: every game, found by key or by title;
- one package per family of games: :mod:`printables.games.fourd` (the 4D Playing Cards
  rulebook), one module per game.
"""

"""The games of the source books, one module per game (or family of games).

So far: the ranking of 4D Poker hands (:mod:`printables.fourd.poker`).
"""

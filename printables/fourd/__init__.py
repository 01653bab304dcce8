"""What the 4D deck's cards make together, shared by its games and puzzles.

- :mod:`printables.fourd.flushes`: flushes, triple-flush pairs, nadas and value counts;
- :mod:`printables.fourd.patterns`: the 20 value-sharing patterns of three cards;
- :mod:`printables.fourd.poker_ranks`: the ranks of 4D Poker hands.
"""

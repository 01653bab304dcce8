"""What PARADOX's games share below the games themselves, so that puzzles can use it too.

- :mod:`printables.paradox.tricks`: Costly Tricks' trick rules and its positions;
- :mod:`printables.paradox.solver`: the double-dummy solver of Costly Tricks positions;
- :mod:`printables.paradox.wording`: tricks and lines of play told in sentences;
- :mod:`printables.paradox.problems`: Costly Tricks problems, a puzzle kind.
"""

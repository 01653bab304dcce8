"""Question puzzles (:mod:`printables.questions.base`) and their kinds, one module each:
nada (Nada, Nada, Nada), and the others of the 4D Playing Cards rulebook as they come."""

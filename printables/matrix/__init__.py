"""Matrix (4D Playing Cards rulebook): arrange a set so that every row and every column
is a single-flush; and MAT, the Matrix Aptitude Test, raced against a clock.

One package holds the whole family, each job in its module:

- :mod:`~printables.matrix.check`: is a grid solved, and which lines fail and why;
- :mod:`~printables.matrix.solver`: the exact solver (None proves a set impossible),
  and counting solutions;
- :mod:`~printables.matrix.reasons`: why an impossible set is impossible, in words;
- :mod:`~printables.matrix.puzzles`: puzzle ids, grading and generation: the Matrix
  puzzle kind;
- :mod:`~printables.matrix.mat`: MAT scoring: written answers, set scores, places;
- :mod:`~printables.matrix.session`: a MAT session as plain data: schedule, entries,
  judging, standings.

>>> from printables.cards import FOUR_D, read_cards
>>> cards = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)
>>> solve(cards, 3, 3) is None, impossibility_reason(cards, 3, 3).kind
(True, 'two lines at once')
"""

from printables.matrix.check import DECK, SIZES, LineCheck, MatrixVerdict, check_grid, check_line
from printables.matrix.mat import TIME_LIMIT, AnswerCheck, AnswerError, check_answer
from printables.matrix.puzzles import Puzzle, from_cards, generate, get_puzzle, parse_size
from printables.matrix.reasons import Reason, impossibility_reason
from printables.matrix.solver import Grid, count_solutions, is_impossible, solve

__all__ = [
    "DECK",
    "SIZES",
    "TIME_LIMIT",
    "AnswerCheck",
    "AnswerError",
    "Grid",
    "LineCheck",
    "MatrixVerdict",
    "Puzzle",
    "Reason",
    "check_answer",
    "check_grid",
    "check_line",
    "count_solutions",
    "from_cards",
    "generate",
    "get_puzzle",
    "impossibility_reason",
    "is_impossible",
    "parse_size",
    "solve",
]

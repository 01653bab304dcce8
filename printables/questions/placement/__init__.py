"""Placement puzzles (Eighty-one, Good Riddance and Tiles, 4D Playing Cards rulebook): a
question kind (:data:`KIND`) asking where cards may go. Every rule is the game engine's:
a card fits an Eighty-one column when it shows a value every card of the column shows
(:func:`~printables.games.fourd.eighty_one.fits`), a Good Riddance play is checked by
``why_illegal_play`` and a Tiles place by the Tiles engine's ``fits`` and ``why_illegal``.

Three questions, one a game:

- **eighty-one**: columns of Eighty-one (each a single-flush, first-dealt card first) and
  one card: "On which columns may this card go?" (all of them, or none). At hard, a
  small batch instead, one card for each column: "Which card goes on which column?"
  (written in column order). Graded by *trap* placements: for one card, a column whose
  last card shares a value with it although the whole column does not (the card would
  fit if only the card below counted); for a batch, a card and a column it fits that
  are not in the arrangement. *Easy*: one card, four columns of two or three cards, no
  trap; *medium*: one card, five columns of three or four cards, a trap or more;
  *hard*: a batch of four cards on four columns, three traps or more.
- **good-riddance**: the top card of the pile and a hand: "Which cards may you play on
  it?" (all of them, or none). Graded by the rule and by *near misses*, cards one value
  away from playable (sharing one value with the top card; in Variation 2, one or
  three). *Easy*: the book's rule, five cards, no near miss; *medium*: the book's rule,
  six cards, two near misses or more; *hard*: Variation 2 (exactly two shared values),
  seven cards, two near misses or more.
- **tiles**: a small layout of Tiles and a hand: "Which of your cards may go in the
  marked place?" (all of them, or none). Graded by the cards touching the marked place
  and by *decoys*, hand cards that share three values with every one of them but one.
  *Easy*: one touching card; *medium*: two, and a decoy or more in hand; *hard*: three
  or four, and a decoy or more.

A Tiles layout is shown as one group, ``Table``: a grid (``per_row`` places a row) whose
cards lie in the cells its ``slots`` name, the marked place being its ``mark``.

One module a game (:mod:`.eighty_one`, :mod:`.good_riddance`, :mod:`.tiles`: each question
made, graded, explained and judged), what they share in :mod:`.common`, and the kind
here.

Each answer is a set (the columns, the cards), so it is unique by definition; it is
found, and :meth:`PlacementKind.solutions` checks it, by trying every column or every
card of the hand against the engine's rule. A batch's arrangement is proved unique by
trying every way of putting its cards on the columns.

>>> puzzle = KIND.generate(3, KIND.choices(question="good-riddance", level="easy"))
>>> puzzle.level, len(puzzle.cards), KIND.solutions(puzzle)
('easy', 6, 1)
>>> KIND.check(puzzle, puzzle.answer.lower()).right
True
"""

from __future__ import annotations

import random
from typing import ClassVar

from printables.puzzles import Scramble
from printables.questions.base import Question, QuestionKind, Verdict
from printables.questions.placement.common import EIGHTY_ONE, GOOD_RIDDANCE, KEY, TILES_Q
from printables.questions.placement.eighty_one import (
    Columns,
    arrangements,
    column_fits,
    columns_puzzle,
    columns_question,
    judge_columns,
    make_columns,
)
from printables.questions.placement.good_riddance import (
    Pile,
    judge_pile,
    make_pile,
    pile_puzzle,
    pile_question,
)
from printables.questions.placement.tiles import (
    judge_tiles,
    make_layout,
    tiles_puzzle,
    tiles_question,
)

__all__ = ["KIND", "Columns", "Pile", "column_fits", "columns_puzzle", "pile_puzzle",
           "tiles_puzzle"]  # fmt: skip


class PlacementKind(QuestionKind):
    """Placement puzzles: ids ``placement-`` and six characters.

    >>> KIND.choices(question="T", level="hard")
    Choices(question='tiles', level='hard')
    """

    key = KEY
    title = "Placement"
    questions: ClassVar[dict[str, str]] = {"e": EIGHTY_ONE, "g": GOOD_RIDDANCE, "t": TILES_Q}
    question_help: ClassVar[dict[str, str]] = {
        EIGHTY_ONE: "on which Eighty-one columns may a card go (hard: arrange a batch)",
        GOOD_RIDDANCE: "which cards of a hand may be played on Good Riddance's top card",
        TILES_Q: "which cards of a hand may go in a marked place of a Tiles layout",
    }
    scramble = Scramble(0x1E3779B1)
    question_rules: ClassVar[dict[str, str]] = {
        EIGHTY_ONE: "Eighty-one: a card may go on a column only if it shows a value that every "
        "card of the column shows, and a batch puts one card on each column.",
        GOOD_RIDDANCE: "Good Riddance: a card may be played on the top card only if it shares "
        "no value with it (Variation 2: exactly two).",
        TILES_Q: "Tiles: a card placed must share three values with every card it touches, side "
        "by side or end to end; diagonal cards do not touch.",
    }
    rules = " ".join(question_rules.values())

    def rules_for(self, question: str) -> str:
        return self.question_rules[question]

    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        made: Question
        if question == EIGHTY_ONE:
            columns = make_columns(level, rng)
            if columns is None:
                return None
            made = columns_question(puzzle_id, columns)
        elif question == GOOD_RIDDANCE:
            pile = make_pile(level, rng)
            if pile is None:
                return None
            made = pile_question(puzzle_id, pile)
        else:
            layout = make_layout(level, rng)
            if layout is None:
                return None
            made = tiles_question(puzzle_id, layout)
        return made if made.level == level else None

    def solutions(self, puzzle: Question) -> int:
        data = puzzle.solution
        if isinstance(data, Columns):
            if len(data.batch) > 1:
                return len(arrangements(data.columns, data.batch))
            return int(column_fits(data.columns, data.batch[0]) == data.fitting)
        if isinstance(data, Pile):
            return int(pile_puzzle(data.top, data.hand, data.shared).playable == data.playable)
        found = tiles_puzzle(data.table, (data.rows, data.columns), data.marked, data.hand)
        return int(found.legal == data.legal)

    def judge(self, puzzle: Question, answer: str) -> Verdict:
        if puzzle.question == EIGHTY_ONE:
            return judge_columns(puzzle, answer)
        if puzzle.question == GOOD_RIDDANCE:
            return judge_pile(puzzle, answer)
        return judge_tiles(puzzle, answer)


KIND = PlacementKind()
"""The Placement puzzle kind, as the registry finds it."""

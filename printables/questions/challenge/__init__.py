"""Challenge puzzles (the appendix challenges of the 4D Playing Cards rulebook, for the
strongest pupils): a question kind (:data:`KIND`) whose puzzles may have many right
answers. The judge verifies any answer by the rule; :meth:`ChallengeKind.solutions`
counts the right answers (``unique`` is False); each key gives one answer from the
engine (:mod:`printables.fourd.challenges`) and why it is right.

Three questions:

- **layout**: "Lay these cards in a grid of R rows and C columns so that every two
  neighbours share exactly two values." The cards are a window of the 9 x 9 layout of all
  81 cards (:func:`~printables.fourd.challenges.neighbour_layout`), seen from either side,
  its values substituted (a cipher of the whole deck keeps every neighbour's two shared
  values) and shuffled. Graded by the number of cards: *easy* 6 or 9 (2 x 3, 3 x 3),
  *medium* 12 (3 x 4), *hard* 16 or 25 (4 x 4, 5 x 5). Right layouts are many (every
  window has at least its flips); :meth:`~ChallengeKind.solutions` counts them by an
  exhaustive search, one per turn and flip, that stops at :data:`LAYOUT_LIMIT`: a count
  below it is exact, and a window of 16 or 25 cards holds tens of thousands of layouts,
  too many to list while a page waits.
- **split**: "Split these cards into N sets of M that are ciphers of each other."
  Set 1 is a random set (for three cards, the rulebook's example of a random pattern),
  the others its images under random ciphers of the deck, all disjoint. Graded by the
  number of ways to split the cards into N sets of M, right or not: *easy* 10 (two sets
  of 3), *medium* 280 (three of 3), *hard* 5775 (three of 4) or 24310 (two of 9, the
  rulebook's nine-card ciphers). Right splits are counted exhaustively: every split for
  sets of up to four cards (:func:`~printables.fourd.patterns.cipher_form`), and for two
  sets every cipher of the deck that could carry one onto the other (a cipher is fixed
  by where it sends one card, up to 384 ways), each split found confirmed by
  :func:`~printables.fourd.patterns.are_ciphers`.
- **pair-free**: "Add as many of the offered cards as you can to the set shown without
  making a triple-flush pair." The set is part of the engine's 27-card set with no such
  pair (:func:`~printables.fourd.challenges.largest_without_triple_flush_pair`),
  substituted. Graded by the clashes among the offered cards that fit the set one at a
  time (pairs of them sharing three values): *easy* none (all that fit join), *medium* 1
  or 2, *hard* 3 or more. Every subset of the offered cards is tried, so the best size and
  :meth:`~ChallengeKind.solutions` (how many best choices) are exhaustive; a puzzle is
  kept only when the fitting cards split into as many groups of cards sharing three
  values as the best choice holds, so the key proves the bound as the appendix does
  (:data:`~printables.fourd.challenges.PAIR_FREE_PROOF`: one card a group).

One module a question (:mod:`.layout`, :mod:`.split`, :mod:`.pair_free`: each question
made, counted and judged), what they share in :mod:`.common`, and the kind here.

>>> puzzle = KIND.generate(3, KIND.choices(question="pair-free", level="easy"))
>>> puzzle.level, KIND.solutions(puzzle), KIND.check(puzzle, puzzle.answer.lower()).right
('easy', 1, True)
>>> puzzle = KIND.generate(3, KIND.choices(question="layout", level="medium"))
>>> len(puzzle.cards), KIND.check(puzzle, puzzle.answer).right
(12, True)
"""

from __future__ import annotations

import random
from typing import ClassVar

from printables.puzzles import Scramble
from printables.questions.base import Question, QuestionKind, Verdict, read_groups
from printables.questions.challenge.common import (
    KEY,
    LAYOUT,
    PAIR_FREE,
    SPLIT,
    Substitution,
)
from printables.questions.challenge.layout import (
    LAYOUT_LIMIT,
    LAYOUT_SHAPES,
    judge_layout,
    layout_key,
    layout_level,
    layout_question,
    layouts,
)
from printables.questions.challenge.pair_free import (
    FITTING,
    NONE_WORDS,
    PAIR_FREE_SIZES,
    PairFree,
    best_additions,
    judge_pair_free,
    pair_free_level,
    pair_free_question,
)
from printables.questions.challenge.split import (
    SPLIT_SHAPES,
    judge_split,
    right_splits,
    split_level,
    split_question,
    split_ways,
    why_not_ciphers,
)


class ChallengeKind(QuestionKind):
    """Challenge puzzles: ids ``challenge-`` and six characters.

    >>> KIND.choices(question="P", level="h")
    Choices(question='pair-free', level='hard')
    """

    key = KEY
    title = "Challenge"
    questions: ClassVar[dict[str, str]] = {"l": LAYOUT, "s": SPLIT, "p": PAIR_FREE}
    question_help: ClassVar[dict[str, str]] = {
        LAYOUT: "lay 6 to 25 cards in a grid, every two neighbours sharing exactly two values",
        SPLIT: "split 6 to 18 cards into sets that are ciphers of each other",
        PAIR_FREE: "add the most offered cards to a set without a triple-flush pair",
    }
    scramble = Scramble(0x6C078965)
    unique = False
    rules = (
        "Two cards share a value when both show it. Neighbours in a grid sit side by side or "
        "one above the other (not corner to corner). Two sets are ciphers of each other when "
        "substituting values (each value for one value, attributes in any order) turns one "
        "into the other; sets of three are ciphers exactly when their value-sharing patterns "
        "match. A triple-flush pair is two cards sharing three values."
    )
    question_rules: ClassVar[dict[str, str]] = {
        LAYOUT: "Two cards share a value when both show it. Neighbours sit side by side or one "
        "above the other (not corner to corner); every two neighbours must share exactly two "
        "values.",
        SPLIT: "Two sets are ciphers of each other when substituting values (each value for "
        "one value, attributes in any order) turns one into the other; sets of three are "
        "ciphers exactly when their value-sharing patterns match.",
        PAIR_FREE: "A triple-flush pair is two cards sharing three values. No card added may "
        "share three values with a card of the set or with another card added.",
    }

    def rules_for(self, question: str) -> str:
        """What a pupil needs to know for ``question``."""
        return self.question_rules.get(question, self.rules)

    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        if question == LAYOUT:
            return layout_question(puzzle_id, level, rng)
        if question == SPLIT:
            return split_question(puzzle_id, level, rng)
        return pair_free_question(puzzle_id, level, rng)

    def solutions(self, puzzle: Question) -> int:
        if puzzle.question == LAYOUT:
            grid = puzzle.solution
            return layouts(puzzle.cards, len(grid), len(grid[0]))
        if puzzle.question == SPLIT:
            chosen = puzzle.solution
            return len(right_splits(puzzle.cards, len(chosen), len(chosen[0])))
        found: PairFree = puzzle.solution
        return len(best_additions(found.shown, found.offered))

    def judge(self, puzzle: Question, answer: str) -> Verdict:
        if puzzle.question == LAYOUT:
            return judge_layout(puzzle, answer)
        if puzzle.question == SPLIT:
            return judge_split(puzzle, answer)
        return judge_pair_free(puzzle, answer)


KIND = ChallengeKind()
"""The Challenge puzzle kind, as the registry finds it."""

__all__ = [
    "FITTING",
    "KEY",
    "KIND",
    "LAYOUT",
    "LAYOUT_LIMIT",
    "LAYOUT_SHAPES",
    "NONE_WORDS",
    "PAIR_FREE",
    "PAIR_FREE_SIZES",
    "SPLIT",
    "SPLIT_SHAPES",
    "ChallengeKind",
    "PairFree",
    "Substitution",
    "best_additions",
    "judge_layout",
    "judge_pair_free",
    "judge_split",
    "layout_key",
    "layout_level",
    "layout_question",
    "layouts",
    "pair_free_level",
    "pair_free_question",
    "read_groups",
    "right_splits",
    "split_level",
    "split_question",
    "split_ways",
    "why_not_ciphers",
]

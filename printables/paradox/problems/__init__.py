"""Costly Tricks problems (PARADOX): a puzzle kind (:data:`KIND`) of endings to solve, and
two drills of the trick rules, reproducible from a short id and graded by the solver.

The package's modules, by job: :mod:`.ids` (ids written and read), :mod:`.grading` (the
solver's grade), :mod:`.problem` (a problem and what its diagram shows), :mod:`.making`
(generation), :mod:`.kept` (a whole deal's problem as data, made once for a whole server),
:mod:`.checking` (a written answer's verdict) and :mod:`.kind` (the puzzle
kind); every public name is importable from the package itself.

Three questions, each at three levels:

- **play**: an ending of 3 to 6 cards a hand, or a whole deal (11 a hand, before the
  first lead), all four hands face up: "A to lead: which card, and what net?". The solver
  (:mod:`printables.paradox.solver`) grades it: the seat to move has exactly one best
  card, the *margin* is how much the second-best card loses against best play, and the
  *depth* is the trick from which the best card's line stays ahead of the second-best
  card's to the end (1: the trick being played shows it). *Easy*: the difference shows
  in the first trick and the margin is at least :data:`EASY_MARGIN`; *hard*: it shows
  only from the third trick on; *medium*: the rest. (Over random deals of 3 and 4 cards a
  hand, with one best card, about a quarter, a third and a half are easy, medium and
  hard; a whole deal has a single best lead about one time in four, and is then nearly
  always hard.)
- **legal**: "which cards may B play to this trick?" (a trick in progress). *Easy*: the
  hand must follow the led color; *medium*: it must play the trump in force; *hard*: it
  must make a new trump, or holds nothing that it must play (any card, without power).
  At the easy and medium levels the hand always holds a card it may not play.
- **winner**: "who wins this trick?" (a whole trick, the hands as they are after it).
  *Easy*: every hand followed; *medium*: one trump was made; *hard*: the trump changed,
  or a card was played without power.

Ids say their kind and name the problem completely:

- ``costly-tricks-`` and six characters: a generated problem. The characters hold the
  question, the cards a hand, the level and a seed, scrambled (as Matrix ids are), so a
  mistyped id is almost always refused rather than read as another problem;
- ``costly-tricks-d-`` and six characters: a whole deal's problem (all 44 cards, 11 a hand,
  dealt as the game deals them; "which card should the hand holding R0 lead, and what
  net?"), its level and seed scrambled as above, graded as a "which card" ending is;
- ``costly-tricks-p-`` and a code: any position (a "which card" problem), by its cards,
  the seat that leads and the trick in progress, with a check character at the end.

Codes are base-32 numbers in Crockford's alphabet (``o`` reads as ``0``, ``i`` and ``l``
as ``1``); ids are read in any case and printed in lower case.

A generated id means what the generation makes of its seed: the deals (Python's
``random.Random`` seeded with the id), the deck's order, the solver's values (exact, so
any correct solver gives the same) and this package's rules and constants (the levels,
:data:`MID_TRICK`, :data:`ATTEMPTS`, :data:`DEAL_ATTEMPTS`, :func:`whole_deal`, the deals
for drills, :func:`best_line`'s choice among equal cards). Changing any of these changes
what printed ids mean; the golden file (``tests/printables/golden/puzzle-ids.json``, key
``costly-tricks``) holds them.

>>> problem = KIND.generate(11, KIND.choices(cards="3", question="legal", level="easy"))
>>> problem.id, problem.question, problem.grade.level, problem.size_text
('costly-tricks-fqtq5j', 'legal', 'easy', '3 cards a hand')
>>> KIND.get("COSTLY-TRICKS-FQTQ5J") == problem
True
"""

from __future__ import annotations

from printables.paradox.problems.checking import (
    Verdict,
    check_legal,
    check_play,
    check_winner,
    read_card,
    read_cards,
    read_play,
    read_seat,
    why_not_winning,
)
from printables.paradox.problems.grading import (
    DRILL_RULES,
    EASY_MARGIN,
    HARD_DEPTH,
    Grade,
    best_line,
    grade_best,
    grade_play,
    play_depth,
    play_level,
    winner_rule,
)
from printables.paradox.problems.ids import (
    DEAL_PREFIX,
    HAND_SIZES,
    ID_HELP,
    KEY,
    LEVELS,
    MAX_SEED,
    MOST_CARDS,
    PREFIX,
    QUESTIONS,
    WHOLE_DEAL,
    ProblemSpec,
    canonical_id,
    deal_id,
    generated_id,
    letter_of,
    parse_id,
    position_id,
    read_hand_size,
)
from printables.paradox.problems.kind import KIND, Choices, CostlyTricksKind
from printables.paradox.problems.making import (
    ATTEMPTS,
    DEAL_ATTEMPTS,
    MID_TRICK,
    position_problem,
    problem_ids,
    problem_of,
    whole_deal,
)
from printables.paradox.problems.problem import Problem

__all__ = [
    "ATTEMPTS",
    "DEAL_ATTEMPTS",
    "DEAL_PREFIX",
    "DRILL_RULES",
    "EASY_MARGIN",
    "HAND_SIZES",
    "HARD_DEPTH",
    "ID_HELP",
    "KEY",
    "KIND",
    "LEVELS",
    "MAX_SEED",
    "MID_TRICK",
    "MOST_CARDS",
    "PREFIX",
    "QUESTIONS",
    "WHOLE_DEAL",
    "Choices",
    "CostlyTricksKind",
    "Grade",
    "Problem",
    "ProblemSpec",
    "Verdict",
    "best_line",
    "canonical_id",
    "check_legal",
    "check_play",
    "check_winner",
    "deal_id",
    "generated_id",
    "grade_best",
    "grade_play",
    "letter_of",
    "parse_id",
    "play_depth",
    "play_level",
    "position_id",
    "position_problem",
    "problem_ids",
    "problem_of",
    "read_card",
    "read_cards",
    "read_hand_size",
    "read_play",
    "read_seat",
    "whole_deal",
    "why_not_winning",
    "winner_rule",
]

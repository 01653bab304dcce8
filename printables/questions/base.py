"""Question puzzles: the kinds whose puzzle is a question about a few groups of cards
(which nadas? which card is secret? which set is a cipher? which hand wins?), answered
in a few words or card names and checked with reasons.

A question kind (a :class:`QuestionKind`) says which questions it asks, how it makes a
puzzle of each at each level (:meth:`QuestionKind.make`), how many answers a puzzle has
(:meth:`QuestionKind.solutions`, exhaustive, so that a count of 1 proves the answer
unique) and how it judges a written answer (:meth:`QuestionKind.judge`). This module gives
every such kind the rest, the same for all: ids, sheets, choices and verdicts, so one
worksheet design, one checking page and the practice page serve every question kind.

Ids say their kind: ``<key>-`` and six characters holding the question (room is kept for
:data:`QUESTION_SLOTS`, so a question added later leaves printed ids alone), the level and
a seed, scrambled by the kind's own multiplier (``nada-...``), read in any case (``o``
reads as ``0``, ``i`` and ``l`` as ``1``). A generated id means what the kind's ``make``
makes of its seed (Python's ``random.Random`` seeded with the id), so changing ``make``
changes printed ids: the golden file ``tests/printables/golden/question-ids.json`` holds
them. A kind may also read puzzles typed by hand (:meth:`QuestionKind.typed`), named by
ids of its own form.
"""

from __future__ import annotations

import random
import re
from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, ClassVar

from printables.cards.deck import Card, Deck
from printables.cards.decks import FOUR_D
from printables.cards.errors import CardNameError
from printables.cards.reading import read_cards
from printables.cards.wording import or_list
from printables.puzzles import (
    GenerationError,
    PuzzleError,
    PuzzleIdError,
    PuzzleKind,
    Scramble,
    base32,
    kinds,
    read_base32,
    sheet_seeds,
)

LEVELS = {"e": "easy", "m": "medium", "h": "hard"}
MAX_SEED = 10**6
QUESTION_SLOTS = 4
"""The questions a kind may ask, at most: an id keeps room for all of them, so a kind can
add a question without changing what its printed ids mean."""
ATTEMPTS = 400
"""Tries of a kind's ``make`` before a request is declared unmeetable (it never loops)."""


@dataclass(frozen=True)
class Group:
    """Cards shown together, as printed: a label (``Hand``, ``Set B``, ``Clue 2``), a note
    beside it (``shares 2 values with the secret card``), and, when the layout matters,
    how many cards a row; a grid with empty places (a table of Tiles) also says in which
    cell each card lies (``slots``, counted along the rows) and which empty cell is marked
    (``mark``, -1 for none)."""

    label: str
    cards: tuple[Card, ...]
    note: str = ""
    per_row: int = 0
    slots: tuple[int, ...] = ()
    mark: int = -1

    @property
    def cells(self) -> tuple[Card | str, ...]:
        """The group as laid out, cell by cell: a card, ``"?"`` for the marked cell or
        ``""`` for an empty one (without slots: the cards in order).

        >>> from printables.cards import card
        >>> Group("Table", (card("Bb=S"),), per_row=2, slots=(2,), mark=1).cells
        ('', '?', card('Bb=S', deck='4d'))
        """
        if not self.slots:
            return self.cards
        size = max((*self.slots, self.mark)) + 1
        cells: list[Card | str] = ["?" if k == self.mark else "" for k in range(size)]
        for slot, card in zip(self.slots, self.cards, strict=True):
            cells[slot] = card
        return tuple(cells)


ENTRIES = ("cards", "card", "choice", "order")
"""How a phone enters an answer: tapping the cards shown, building any card of the deck
by its values, picking one of :attr:`Question.options`, or putting them in order."""


@dataclass(frozen=True)
class Question:
    """A question puzzle: what is asked about which cards, how an answer is written, and
    the answer with its reasons (for keys; the checking page shows them only once an
    answer is judged right)."""

    id: str
    kind: str
    question: str
    level: str
    text: str
    """The question as printed: "Find the most separate nadas in this hand.\""""
    groups: tuple[Group, ...]
    answer_fields: tuple[str, ...]
    """The labels of the answer lines on paper (``Nadas:``)."""
    answer_hint: str
    """How to write an answer, for the checking page's form ("the card names, ...")."""
    entry: str
    """How a phone enters it: one of :data:`ENTRIES`."""
    options: tuple[str, ...]
    """The answers to choose from, for ``choice`` and ``order`` entries."""
    answer: str
    """A right answer, written as a pupil would write it."""
    key: tuple[str, ...]
    """The answer and why, in sentences: the answer key."""
    grade: str
    """How hard, and what makes it so, in a teacher's words."""
    hint: str
    """A nudge that gives the answer away no more than a teacher would."""
    solution: Any
    """The answer as the kind holds it, for its ``judge``."""
    answer_grid: tuple[int, int] = (0, 0)
    """On paper, rows and columns of an empty grid to write card names in (a layout),
    beside the answer lines; (0, 0): none."""
    several: bool = False
    """Whether one answer names several of the options or cards (the columns a card fits,
    the cards to play) rather than one; answers over several fields (nadas, sets) name a
    field for each card they use, whatever this says."""
    answer_groups: tuple[int, ...] = ()
    """The groups (by index) whose cards an answer names (the hand, not the top card);
    empty: every group."""
    nothing: str = ""
    """The word an answer naming nothing is written as ("none", "No"); empty when every
    answer names something."""

    @property
    def answer_cards(self) -> tuple[Card, ...]:
        """The cards an answer may name (:attr:`answer_groups`), in the order shown."""
        chosen = self.answer_groups or range(len(self.groups))
        return tuple(c for k in chosen for c in self.groups[k].cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card shown, group by group."""
        return tuple(c for group in self.groups for c in group.cards)

    @property
    def size_text(self) -> str:
        return f"{len(self.cards)} cards"


@dataclass(frozen=True)
class Verdict:
    """A written answer's check: right or not, the reasons, what was read, and, once
    right, the whole explanation (``why``: judged, it gives nothing away)."""

    right: bool
    reasons: tuple[str, ...]
    read: str = ""
    why: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return self.right

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"right": self.right, "read": self.read,
                                "reasons": list(self.reasons)}  # fmt: skip
        if self.why:
            data["why"] = list(self.why)
        return data


@dataclass(frozen=True)
class Choices:
    """What a teacher asks of a question kind: the question (by name) and the level."""

    question: str
    level: str = "medium"


def letter_of(name: str, table: dict[str, str], what: str) -> str:
    """The letter of ``name`` (a full name or its letter, any case) in ``table``.

    >>> letter_of("Hard", LEVELS, "difficulty")
    'h'
    """
    key = name.strip().lower()
    for letter, full in table.items():
        if key in (letter, full):
            return letter
    choices = or_list([f"{full} ({letter})" for letter, full in table.items()])
    raise PuzzleError(f"{name!r} is not a {what}; expected {choices}")


class QuestionKind(PuzzleKind[Question, Choices]):
    """A kind of question puzzle: subclasses set the class attributes and implement
    :meth:`make`, :meth:`solutions` and :meth:`judge` (and :meth:`typed`, when puzzles
    can be typed by hand)."""

    deck: ClassVar[Deck] = FOUR_D
    questions: ClassVar[dict[str, str]]
    """Letter -> name of each question, in the order of the ids (never reordered; a new
    question goes last; at most :data:`QUESTION_SLOTS`)."""
    question_help: ClassVar[dict[str, str]]
    """Name -> what the question asks, for ``--help`` and the practice page."""
    rules: ClassVar[str]
    """What a pupil needs to know to answer, in a few sentences: a worksheet's
    instructions, and the checking and practice pages' reminder."""
    scramble: ClassVar[Scramble]
    """The kind's own mixing of ids (its multiplier fixed forever)."""
    attempts: ClassVar[int] = ATTEMPTS
    typed_help: ClassVar[str] = ""
    """What :meth:`typed` reads (``"a hand's card names"``); empty when the kind's puzzles
    are not typed by hand."""
    unique: ClassVar[bool] = True
    """Whether every generated puzzle has exactly one right answer (a challenge may have
    many: its ``judge`` verifies an answer, and :meth:`solutions` counts them)."""

    @property
    def prefix(self) -> str:
        return self.key + "-"

    @property
    def id_help(self) -> str:  # type: ignore[override]
        example = self.generated_id(self.first, "medium", 7)
        return f"{self.prefix} and six letters or digits, such as {example}"

    @property
    def first(self) -> str:
        """The first question's name (the default)."""
        return next(iter(self.questions.values()))

    # -- ids ---------------------------------------------------------------------------

    def generated_id(self, question: str, level: str, seed: int) -> str:
        """The id of the puzzle made from ``seed`` (``question`` and ``level`` by name or
        letter)."""
        q = list(self.questions).index(letter_of(question, self.questions, "question"))
        d = list(LEVELS).index(letter_of(level, LEVELS, "difficulty"))
        if not 0 <= seed < MAX_SEED:
            raise PuzzleIdError(f"the seed must be a whole number from 0 to {MAX_SEED - 1}")
        n = (seed * QUESTION_SLOTS + q) * len(LEVELS) + d
        return self.prefix + base32(self.scramble(n), 6)

    def read_id(self, text: str) -> tuple[str, str, int]:
        """The question, level and seed a generated id holds."""
        key = text.strip().lower()
        code = key[len(self.prefix) :]
        if not key.startswith(self.prefix) or not re.fullmatch(r"[0-9a-z]{6}", code):
            raise PuzzleIdError(f"{text!r} is not a {self.title} id; expected {self.id_help}")
        n = self.scramble.back(read_base32(code, text))
        n, d = divmod(n, len(LEVELS))
        seed, q = divmod(n, QUESTION_SLOTS)
        if seed >= MAX_SEED or q >= len(self.questions):
            raise PuzzleIdError(
                f"{text!r} is not the id of any puzzle; check it for a mistyped character"
            )
        return list(self.questions.values())[q], list(LEVELS.values())[d], seed

    # -- the kind's own work -------------------------------------------------------------

    @abstractmethod
    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        """One try at a puzzle asking ``question`` at ``level``, drawing on ``rng``: the
        puzzle, its answer proved unique, or None when this try did not meet the request."""

    @abstractmethod
    def solutions(self, puzzle: Question) -> int:
        """How many different answers are right, by an exhaustive search (1 for every
        generated puzzle)."""

    @abstractmethod
    def judge(self, puzzle: Question, answer: str) -> Verdict:
        """A written answer's verdict with reasons that never give the answer away; text
        that cannot be read raises a ValueError saying what is wrong."""

    def rules_for(self, question: str) -> str:
        """What a pupil needs to know to answer ``question`` (by default: :attr:`rules`)."""
        return self.rules

    def read_typed(self, puzzle_id: str) -> Question | None:
        """The puzzle a typed puzzle's id names (None: not such an id; kinds that read
        typed puzzles override it and :meth:`typed`)."""
        return None

    # -- PuzzleKind ----------------------------------------------------------------------

    def owns(self, puzzle_id: str) -> bool:
        return puzzle_id.strip().lower().startswith(self.prefix)

    def get(self, puzzle_id: str) -> Question:
        return _get(self, puzzle_id.strip().lower())

    def choices(self, **typed: str) -> Choices:
        unknown = set(typed) - {"question", "level"}
        if unknown:
            raise PuzzleError(
                f"{self.title} puzzles take a question and a level, not {sorted(unknown)}"
            )
        question = self.questions[
            letter_of(typed.get("question", self.first), self.questions, "question")
        ]
        level = LEVELS[letter_of(typed.get("level", "medium"), LEVELS, "difficulty")]
        return Choices(question, level)

    def generate(self, seed: int, choices: Choices) -> Question:
        return self.get(self.generated_id(choices.question, choices.level, seed))

    def ids(self, count: int, seed: int, choices: Choices, sheet: str = "worksheet") -> list[str]:
        if sheet != "worksheet":
            raise GenerationError(f"{self.title} puzzles are printed on worksheets only")
        if not 1 <= count <= 100:
            raise GenerationError(f"a worksheet holds 1 to 100 puzzles, not {count}")
        seeds = sheet_seeds(count, seed, f"{self.key} worksheet", MAX_SEED)
        return [self.generated_id(choices.question, choices.level, s) for s in seeds]

    def typed(self, text: str, **typed: str) -> Question:
        raise PuzzleError(
            f"{self.title} puzzles are not typed by hand; give a puzzle's id (--id) instead"
        )

    def count(self, puzzle: Question, limit: int | None = None) -> int:
        found = self.solutions(puzzle)
        return found if limit is None else min(found, limit)

    def describe(self, puzzle: Question) -> dict[str, Any]:
        return {
            "id": puzzle.id,
            "kind": puzzle.kind,
            "question": puzzle.question,
            "difficulty": puzzle.level,
            "text": puzzle.text,
            "groups": [
                {"label": g.label, "note": g.note, "cards": [str(c) for c in g.cards]}
                for g in puzzle.groups
            ],
            "grade": puzzle.grade,
            "answer": puzzle.answer,
            "key": list(puzzle.key),
        }

    def report(self, puzzle: Question) -> tuple[str, ...]:
        lines = [f"Puzzle {puzzle.id} ({puzzle.grade}).", puzzle.text]
        for group in puzzle.groups:
            note = f" ({group.note})" if group.note else ""
            lines.append(f"  {group.label}{note}: {' '.join(str(c) for c in group.cards)}")
        return (*lines, f"Answer: {puzzle.answer}", *puzzle.key)

    def check(self, puzzle: Question, answer: str) -> Verdict:
        """The kind's judgement, and the key as ``why`` once the answer is right; an answer
        copied with the sheet's labels (``Discard: Bb=S``) is read without them."""
        verdict = self.judge(puzzle, without_labels(answer, puzzle.answer_fields))
        return replace(verdict, why=puzzle.key if verdict.right else ())

    def explain(self, puzzle: Question) -> tuple[str, ...]:
        return puzzle.key


def question_kinds() -> dict[str, QuestionKind]:
    """Every question kind in the registry, by key, in its order.

    >>> list(question_kinds())[:2]
    ['nada', 'poker']
    """
    return {key: kind for key, kind in kinds().items() if isinstance(kind, QuestionKind)}


def every_question() -> list[tuple[QuestionKind, str]]:
    """Every question of every question kind: what a sheet, a page or a benchmark offers."""
    return [(kind, q) for kind in question_kinds().values() for q in kind.questions.values()]


@lru_cache(maxsize=1024)
def _get(kind: QuestionKind, puzzle_id: str) -> Question:
    typed = kind.read_typed(puzzle_id)
    if typed is not None:
        return typed
    question, level, seed = kind.read_id(puzzle_id)
    puzzle_id = kind.generated_id(question, level, seed)  # as printed: o read as 0...
    rng = random.Random(puzzle_id)
    for _ in range(kind.attempts):
        made = kind.make(puzzle_id, question, level, rng)
        if made is not None:
            return made
    raise GenerationError(
        f"no {level} {kind.title} puzzle asking {question!r} was found in {kind.attempts} "
        f"tries (id {puzzle_id}); try another seed or level"
    )


def without_labels(answer: str, labels: Sequence[str]) -> str:
    r"""An answer without the answer lines' labels a pupil copied from the sheet, at the
    start of any line.

    >>> without_labels("Nada 1: Bb=S Gw~C RgzT\nnada 2:Bw=T", ("Nada 1:", "Nada 2:"))
    'Bb=S Gw~C RgzT\nBw=T'
    """
    for label in sorted((label for label in labels if label.strip()), key=len, reverse=True):
        answer = re.sub(rf"(?im)^([ \t]*){re.escape(label)}[ \t]*", r"\1", answer)
    return answer


def card_list(cards: Sequence[Card]) -> str:
    """Card names separated by spaces.

    >>> from printables.cards import card
    >>> card_list([card("Bb=S"), card("GwzC")])
    'Bb=S GwzC'
    """
    return " ".join(str(c) for c in cards)


def read_groups(answer: str, allowed: Sequence[Card], where: str) -> list[list[Card]]:
    """Groups of card names (split by / or lines), each card among ``allowed``."""
    groups = []
    for part in re.split(r"[/\n\r]+", answer):
        if not part.strip(" ,;\t"):
            continue
        try:
            cards = read_cards(part, FOUR_D, distinct=False)
        except CardNameError as error:
            raise ValueError(str(error)) from None
        for c in cards:
            if c not in allowed:
                raise ValueError(f"{c} is not {where}")
        groups.append(cards)
    return groups

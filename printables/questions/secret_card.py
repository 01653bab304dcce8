"""Secret Card puzzles (Secret Card, 4D Playing Cards rulebook): a question kind
(:data:`KIND`) about clues. A clue is a clue card and the number of values (0 to 3) the
secret card shares with it; the secret card is never a clue card.

Two questions:

- **secret**: "Which card is secret?" given the clue cards and their clues. Exactly one
  card fits, and no clue is spare: without any one clue's count, more than one card
  (none of them a clue card) fits the others.
- **clue**: "Which one clue can be removed and still leave one card?" The clues of a
  *secret* puzzle and one spare clue: exactly one clue can go.

Levels are graded by the work of a step-by-step reasoner (:func:`reason`) that keeps,
for each attribute, the values the secret card may still show, and rules values out one
deduction at a time, always by the fewest clues that rule anything out: one clue read
on its own with what is known (a clue of 0 rules out its card's four values; a clue
whose shared values are already all known rules out its card's other values; a clue
with only as many of its values still possible as it shares forces them), else two
clues combined, else three, and so on. *Easy*: every deduction reads one clue on its
own; *medium*: exactly one deduction combines two clues; *hard*: two or more
deductions combine clues, or one combines three or more. A *clue* puzzle is graded by
the puzzle left once its spare clue is set aside.

A puzzle is made by turning up clue cards for a random secret card (sharing 0 to 3
values with it, as often as :data:`COUNT_WEIGHTS` says for the level asked) until one card
fits, then dropping each spare clue, in a random order; a try whose reasoner's level is
not the one asked fails. Uniqueness is proved by listing every card of the deck that fits
the clues (the game's own :func:`~printables.games.fourd.secret_card.candidates`, which
leaves out the clue cards, never the secret card): one for the whole set of clues, two or
more without any one clue's count, its card still shown (for a *clue* puzzle: one without
the spare clue, two or more without any other). Two distinct cards share at most three
values, so a clue is 0 to 3.

>>> puzzle = KIND.generate(3, KIND.choices(question="secret", level="easy"))
>>> puzzle.level, KIND.solutions(puzzle), KIND.check(puzzle, puzzle.answer.lower()).right
('easy', 1, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import ClassVar

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.errors import CardNameError
from printables.cards.reading import read_cards
from printables.cards.wording import and_list, counted, or_list, sentence
from printables.games.fourd.secret_card import candidates
from printables.puzzles import PuzzleError, Scramble
from printables.questions.base import Group, Question, QuestionKind, Verdict

KEY = "secret-card"
SECRET, CLUE = "secret", "clue"
COUNT_WEIGHTS = {"easy": (3, 1, 1, 2), "medium": (1, 1, 1, 1), "hard": (1, 3, 3, 1)}
"""How often a clue card sharing 0, 1, 2 or 3 values is turned up while a puzzle is made,
by the level asked: clues of 0 and 3 are read directly, clues of 1 and 2 must be
combined. The level itself is always the reasoner's (:func:`reason`)."""
MAX_CLUES = 8
"""More clue cards than this and a try gives up (it never happens with real clues)."""
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
ATTRIBUTES = FOUR_D.attributes
_VALUE_MASKS = tuple(
    tuple(sum(1 << c.index for c in FOUR_D.cards if c.values[a] == v) for v in range(3))
    for a in range(len(ATTRIBUTES))
)
_ALL = (1 << len(FOUR_D.cards)) - 1
_CLUE_NUMBER = re.compile(r"(?:clue)?\s*#?\s*(\d+)")

Clue = tuple[Card, int]
Known = tuple[tuple[int, ...], ...]
"""For each attribute, the values (indices) the secret card may still show."""


@cache
def fit_mask(clue: Card, shared: int) -> int:
    """The cards that fit one clue, as a bit mask over the deck (the game's rule)."""
    return sum(1 << c.index for c in candidates([(clue, shared)]))


def _mask(cards: Sequence[Card]) -> int:
    return sum(1 << c.index for c in cards)


def _count(mask: int) -> int:
    return bin(mask).count("1")


def fitting(clues: Sequence[Clue]) -> list[Card]:
    """The cards that fit every clue, leaving out the clue cards (the game's rule).

    >>> from printables.cards import card
    >>> [str(c) for c in fitting([(card("Bw~T"), 2), (card("BwzT"), 1),
    ...                           (card("Gg=S"), 1), (card("Bb=C"), 1)])]
    ['Gb~T', 'Gw~C']
    """
    return candidates(clues, [c for c, _ in clues])


@dataclass(frozen=True)
class Step:
    """One deduction: the clues it uses (0-based) and the values it rules out
    (attribute, value), with what was known before it."""

    clues: tuple[int, ...]
    ruled_out: tuple[tuple[int, int], ...]
    before: Known


@dataclass(frozen=True)
class Reasoning:
    """The reasoner's deductions, in order, and what is known at the end."""

    steps: tuple[Step, ...]
    known: Known

    @property
    def solved(self) -> bool:
        return all(len(values) == 1 for values in self.known)

    @property
    def combining(self) -> tuple[Step, ...]:
        """The deductions that combine two clues or more."""
        return tuple(s for s in self.steps if len(s.clues) > 1)

    @property
    def widest(self) -> int:
        """The most clues one deduction combines."""
        return max((len(s.clues) for s in self.steps), default=0)

    @property
    def level(self) -> str:
        combining = self.combining
        if not combining:
            return "easy"
        return "medium" if len(combining) == 1 and self.widest == 2 else "hard"

    def grade_words(self) -> str:
        """What the level rests on, in a teacher's words."""
        combining = self.combining
        if not combining:
            return "each deduction reads one clue on its own"
        by_width: dict[int, int] = {}
        for step in combining:
            by_width[len(step.clues)] = by_width.get(len(step.clues), 0) + 1
        parts = [
            f"{'one deduction combines' if n == 1 else f'{n} deductions combine'} "
            f"{_number(w)} clues"
            for w, n in sorted(by_width.items())
        ]
        return and_list(parts)


def reason(clues: Sequence[Clue]) -> Reasoning:
    """Rule values out, one deduction at a time, by the fewest clues that rule anything
    out (what a pupil crossing values off a table does), until nothing more follows.

    >>> from printables.cards import card
    >>> alfie = reason([(card("Bw~T"), 2), (card("BwzT"), 2),
    ...                 (card("Gg=S"), 1), (card("Bb=C"), 1)])
    >>> [s.clues for s in alfie.steps], alfie.known, alfie.level
    ([(0, 1), (2,), (3,)], ((2,), (2,), (0,), (2,)), 'medium')
    """
    masks = [fit_mask(card, n) for card, n in clues]
    known: Known = tuple((0, 1, 2) for _ in ATTRIBUTES)
    steps: list[Step] = []
    while True:
        step = _next_step(masks, known)
        if step is None:
            return Reasoning(tuple(steps), known)
        steps.append(step)
        known = tuple(
            tuple(v for v in values if (a, v) not in step.ruled_out)
            for a, values in enumerate(known)
        )


def _next_step(masks: Sequence[int], known: Known) -> Step | None:
    possible = _ALL
    for a, values in enumerate(known):
        possible &= sum(_VALUE_MASKS[a][v] for v in values)
    for size in range(1, len(masks) + 1):
        for chosen in combinations(range(len(masks)), size):
            fits = possible
            for i in chosen:
                fits &= masks[i]
            if not fits:
                continue  # contradictory clues rule nothing out: they leave no card
            out = tuple(
                (a, v) for a, values in enumerate(known) for v in values
                if not fits & _VALUE_MASKS[a][v]
            )  # fmt: skip
            if out:
                return Step(chosen, out, known)
    return None


# -- words -------------------------------------------------------------------------------


def _value(a: int, v: int) -> str:
    return ATTRIBUTES[a].values[v].name


def _values(card: Card) -> list[str]:
    return [v.name for v in card.shown]


def _clue_words(number: int, clue: Clue) -> str:
    card, n = clue
    head = f"Clue {number}, {card}, shares {n}"
    if n == 0:
        return f"{head}: the secret card is " + and_list([f"not {v}" for v in _values(card)]) + "."
    if n == 3:
        return (f"{head}: the secret card shows three of {and_list(_values(card))}, so it "
                f"differs from {card} in one value only.")  # fmt: skip
    return f"{head}: the secret card shows exactly {NUMBERS[n]} of {and_list(_values(card))}."


def _step_words(step: Step, clues: Sequence[Clue], numbers: Sequence[int]) -> str:
    """A deduction in words: the clues it uses (by their printed ``numbers``) and why the
    values go."""
    out = [_value(a, v) for a, v in step.ruled_out]
    if len(step.clues) == 1:
        i = step.clues[0]
        card, n = clues[i]
        if n == 0:
            why = f"Clue {numbers[i]} rules out {and_list(out)}."
        else:
            known = [(a, x) for a, x in enumerate(card.values) if step.before[a] == (x,)]
            open_ = [(a, x) for a, x in enumerate(card.values) if x in step.before[a]]
            if len(known) == n:
                shown = and_list([_value(a, x) for a, x in known])
                why = (f"Clue {numbers[i]}: the secret card is known to show {shown}, "
                       f"{'its one shared value' if n == 1 else f'its {NUMBERS[n]} shared values'}"
                       f", so it is {and_list([f'not {v}' for v in out])}.")  # fmt: skip
            else:
                still = and_list([_value(a, x) for a, x in open_])
                verb = "is" if len(open_) == 1 else "are"
                why = (f"Clue {numbers[i]}: of {card}'s values only {still} {verb} still possible, "
                       f"and it shares {n}, so the secret card is {still}.")  # fmt: skip
    else:
        named = and_list([str(numbers[i]) for i in step.clues])
        width = len(step.clues)
        book = _pair_reason(step, clues)
        why = f"Clues {named} together: " + (
            book
            or f"no card still possible that is {or_list(out)} fits "
            + ("both." if width == 2 else f"all {_number(width)}.")
        )
    return why + _settled(step)


def _number(n: int) -> str:
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def _pair_reason(step: Step, clues: Sequence[Clue]) -> str:
    """The book's reasoning for two clue cards that differ in one attribute only, when it
    is the whole of the deduction ("" otherwise)."""
    if len(step.clues) != 2:
        return ""
    (one, n1), (two, n2) = (clues[i] for i in step.clues)
    differ = [a for a in range(len(ATTRIBUTES)) if one.values[a] != two.values[a]]
    if len(differ) != 1:
        return ""
    a = differ[0]
    name = ATTRIBUTES[a].name
    if n1 == n2:
        covered = {(a, one.values[a]), (a, two.values[a])}
        why = (f"{one} and {two} differ only in {name} and have equal clues, so the secret "
               f"card's {name} is neither {_value(a, one.values[a])} nor "
               f"{_value(a, two.values[a])}.")  # fmt: skip
    else:
        high = one if n1 > n2 else two
        covered = {(a, v) for v in range(3) if v != high.values[a]}
        why = (f"{one} and {two} differ only in {name} and {high}'s clue is one more, so "
               f"the secret card shows {high}'s {name}.")  # fmt: skip
    return why if set(step.ruled_out) <= covered else ""


def _settled(step: Step) -> str:
    after = [
        tuple(v for v in values if (a, v) not in step.ruled_out)
        for a, values in enumerate(step.before)
    ]
    settled = [
        f"the {ATTRIBUTES[a].name} is {_value(a, after[a][0])}"
        for a in range(len(ATTRIBUTES))
        if len(after[a]) == 1 and len(step.before[a]) > 1
    ]
    return f" So {and_list(settled)}." if settled else ""


def _reasoning_words(clues: Sequence[Clue], secret: Card, numbers: Sequence[int]) -> list[str]:
    """What each clue tells, the reasoner's deductions and why only one card fits."""
    lines = [_clue_words(number, clue) for number, clue in zip(numbers, clues, strict=True)]
    lines += [_step_words(step, clues, numbers) for step in reason(clues).steps]
    lines.append(f"Only {secret} is left. It fits every clue, and of all 81 cards no other does"
                 + ("; without any one clue's count, more than one card would fit."
                    if all_needed(clues) else "."))  # fmt: skip
    return lines


HINTS = {
    "easy": "Write the three values of each attribute and cross out what each clue rules "
    "out: a clue of 0 rules out all four of its card's values, and once a clue's shared "
    "values are all known, its card's other values are out.",
    "medium": "Cross out values clue by clue. When no clue alone rules anything more out, "
    "compare two clue cards that differ in few values: where they differ, their clues "
    "tell which values the secret card can show.",
    "hard": "Cross out what single clues rule out first; then combine clues, two at a time "
    "and more, trying the few cards still possible against all of them.",
}


# -- making puzzles ----------------------------------------------------------------------


@dataclass(frozen=True)
class Solution:
    """A puzzle as the kind holds it: the clues in order, the secret card, and (for a
    *clue* puzzle) the 0-based place of the spare clue."""

    clues: tuple[Clue, ...]
    secret: Card
    spare: int | None = None


def _draw_clues(secret: Card, level: str, rng: random.Random) -> list[Clue] | None:
    """Clue cards turned up until one card fits, then each spare clue dropped (in a
    random order): a set of clues in which every clue is needed."""
    by_count: list[list[Card]] = [[], [], [], []]
    for c in FOUR_D.cards:
        if c != secret:
            by_count[secret.shares(c)].append(c)
    clues: list[Clue] = []
    fits = _ALL & ~(1 << secret.index)
    while fits:
        if len(clues) == MAX_CLUES:
            return None
        n = rng.choices(range(4), COUNT_WEIGHTS[level])[0]
        pool = [c for c in by_count[n] if all(c != x for x, _ in clues)]
        if not pool:
            return None
        card = rng.choice(pool)
        clues.append((card, n))
        fits &= fit_mask(card, n)
    order = list(range(len(clues)))
    rng.shuffle(order)
    kept = set(order)
    for i in order:
        rest = [clues[j] for j in sorted(kept) if j != i]
        if _count(_fits(rest)) == 1:
            kept.discard(i)
    final = [clues[j] for j in sorted(kept)]
    return final if all_needed(final) else None


def _fits(clues: Sequence[Clue], shown: Sequence[Card] = ()) -> int:
    mask = _ALL & ~_mask([c for c, _ in clues]) & ~_mask(shown)
    for card, n in clues:
        mask &= fit_mask(card, n)
    return mask


def all_needed(clues: Sequence[Clue]) -> bool:
    """Whether one card fits the clues, and without any one clue's count (its card still
    shown, so still not the secret card), more than one does."""
    shown = [c for c, _ in clues]
    if _count(_fits(clues)) != 1:
        return False
    return all(_count(_fits([*clues[:i], *clues[i + 1 :]], shown)) > 1 for i in range(len(clues)))


def removable(clues: Sequence[Clue]) -> list[int]:
    """The places (0-based) of the clues whose count can go, every clue card still shown,
    and leave one card that fits the rest (the game's rule, card by card)."""
    shown = [c for c, _ in clues]
    return [
        i for i in range(len(clues))
        if len(candidates([*clues[:i], *clues[i + 1 :]], shown)) == 1
    ]  # fmt: skip


def secret_question(puzzle_id: str, clues: Sequence[Clue]) -> Question:
    """The *secret* puzzle of the clues given (exactly one card must fit them).

    >>> from printables.cards import card
    >>> alfie = secret_question("secret-card-alfie", [(card("Bw~T"), 2), (card("BwzT"), 2),
    ...                                               (card("Gg=S"), 1), (card("Bb=C"), 1)])
    >>> alfie.answer, alfie.grade
    ('Rw=T', 'medium: 4 clues; one deduction combines two clues')
    """
    fits = fitting(clues)
    if len(fits) != 1:
        raise PuzzleError(f"{len(fits)} cards fit these clues; a puzzle needs exactly one")
    secret = fits[0]
    reasoning = reason(clues)
    level = reasoning.level
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=SECRET,
        level=level,
        text="These clue cards were turned up; beside each, how many values it shares with "
        "the secret card. Which card is secret?",
        groups=_groups(clues),
        answer_fields=("Secret card:",),
        answer_hint="the secret card's name, such as Bb=S",
        entry="card",
        options=(),
        answer=str(secret),
        key=(
            f"The secret card is {secret}.",
            *_reasoning_words(clues, secret, range(1, len(clues) + 1)),
        ),
        grade=f"{level}: {counted(len(clues), 'clue')}; {reasoning.grade_words()}",
        hint=HINTS[level],
        solution=Solution(tuple(clues), secret),
    )


def _groups(clues: Sequence[Clue]) -> tuple[Group, ...]:
    return tuple(
        Group(f"Clue {i}", (card,), f"shares {counted(n, 'value')}")
        for i, (card, n) in enumerate(clues, 1)
    )


def _spare_clue(clues: list[Clue], secret: Card, rng: random.Random) -> list[Clue] | None:
    """The clues with one spare clue put in at random: a card not yet shown whose count
    can go while every other clue's count is still needed."""
    shown = {c for c, _ in clues}
    pool = [c for c in FOUR_D.cards if c != secret and c not in shown]
    rng.shuffle(pool)
    for card in pool[:12]:
        place = rng.randrange(len(clues) + 1)
        more = [*clues[:place], (card, secret.shares(card)), *clues[place:]]
        if removable(more) == [place]:
            return more
    return None


def clue_question(puzzle_id: str, clues: Sequence[Clue]) -> Question:
    """The *clue* puzzle of the clues given (exactly one must be removable)."""
    spare = removable(clues)
    if len(spare) != 1 or len(fitting(clues)) != 1:
        raise PuzzleError("a clue puzzle needs clues that one card fits, exactly one of them spare")
    s = spare[0]
    rest = [*clues[:s], *clues[s + 1 :]]
    secret = fitting(clues)[0]
    reasoning = reason(rest)
    level = reasoning.level
    shown = [c for c, _ in clues]
    others = []
    for i in range(len(clues)):
        if i != s:
            fits = candidates([*clues[:i], *clues[i + 1 :]], shown)
            others.append(f"without clue {i + 1}, {counted(len(fits), 'card')} fit: "
                          f"{' '.join(map(str, fits))}")  # fmt: skip
    key = (
        f"Clue {s + 1} ({clues[s][0]}) can be removed: the other clues leave only {secret}.",
        *(sentence(line) + "." for line in others),
        f"Without clue {s + 1}, the secret card is found so:",
        *_reasoning_words(rest, secret, [i + 1 for i in range(len(clues)) if i != s]),
    )
    options = tuple(f"Clue {i}" for i in range(1, len(clues) + 1))
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=CLUE,
        level=level,
        text="These clue cards were turned up; beside each, how many values it shares with "
        "the secret card. Which one clue can be removed and still leave only one card?",
        groups=_groups(clues),
        answer_fields=("Clue:",),
        answer_hint="the clue's number, such as Clue 2",
        entry="choice",
        options=options,
        answer=options[s],
        key=key,
        grade=f"{level}: {counted(len(clues), 'clue')}; without the spare one, "
        f"{reasoning.grade_words()}",
        hint="Find the secret card first; then, for each clue, look for a second card that "
        "fits all the other clues.",
        solution=Solution(tuple(clues), secret, s),
    )


# -- the kind ----------------------------------------------------------------------------


class SecretCardKind(QuestionKind):
    """Secret Card puzzles: ids ``secret-card-`` and six characters.

    >>> KIND.choices(question="C", level="e")
    Choices(question='clue', level='easy')
    """

    key = KEY
    title = "Secret Card"
    questions: ClassVar[dict[str, str]] = {"s": SECRET, "c": CLUE}
    question_help: ClassVar[dict[str, str]] = {
        SECRET: "which card is secret, given clue cards and how many values each shares",
        CLUE: "which one of the clues can be removed and still leave only one card",
    }
    scramble = Scramble(0x2545F491)
    rules = (
        "The secret card is never one of the clue cards. Beside each clue card is a clue: "
        "how many values (0 to 3) the secret card shares with it, counting color, shade, "
        "pattern and shape. The secret card shares exactly that many with every clue card."
    )

    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        secret = rng.choice(FOUR_D.cards)
        clues = _draw_clues(secret, level, rng)
        if clues is None or reason(clues).level != level:
            return None
        if question == SECRET:
            return secret_question(puzzle_id, clues)
        more = _spare_clue(clues, secret, rng)
        return None if more is None else clue_question(puzzle_id, more)

    def solutions(self, puzzle: Question) -> int:
        clues = puzzle.solution.clues
        if puzzle.question == SECRET:
            return len(fitting(clues))
        return len(removable(clues)) if len(fitting(clues)) == 1 else 0

    def judge(self, puzzle: Question, answer: str) -> Verdict:
        if puzzle.question == CLUE:
            return _judge_clue(puzzle, answer)
        return _judge_secret(puzzle, answer)


def _judge_secret(puzzle: Question, answer: str) -> Verdict:
    solution: Solution = puzzle.solution
    try:
        cards = read_cards(answer, FOUR_D, distinct=False)
    except CardNameError as error:
        raise ValueError(str(error)) from None
    if len(cards) != 1:
        raise ValueError(f"write one card, the secret card (such as Bb=S), not {len(cards)}")
    card = cards[0]
    for i, (clue, _) in enumerate(solution.clues, 1):
        if clue == card:
            return Verdict(False, (f"{card} is clue card {i}; the secret card is never a clue "
                                   "card",), str(card))  # fmt: skip
    broken = [
        f"{card} shares {counted(card.shares(clue), 'value')} with clue {i} ({clue}), not {n}"
        for i, (clue, n) in enumerate(solution.clues, 1)
        if card.shares(clue) != n
    ]
    if broken:
        return Verdict(False, tuple(broken), str(card))
    return Verdict(True, (f"{card} shares the given number of values with every clue card",),
                   str(card))  # fmt: skip


def _judge_clue(puzzle: Question, answer: str) -> Verdict:
    solution: Solution = puzzle.solution
    clues = solution.clues
    i = _read_clue(answer, clues)
    shown = [c for c, _ in clues]
    fits = candidates([*clues[:i], *clues[i + 1 :]], shown)
    read = f"Clue {i + 1}"
    if len(fits) == 1:
        return Verdict(True, (f"without clue {i + 1}, only one card fits the other clues",), read)
    return Verdict(False, (f"without clue {i + 1} ({clues[i][0]}), {counted(len(fits), 'card')} "
                           "fit the other clues",), read)  # fmt: skip


def _read_clue(answer: str, clues: Sequence[Clue]) -> int:
    """The place (0-based) of the clue written as its number (``Clue 2``, ``2``) or its
    card's name."""
    text = answer.strip().lower()
    number = _CLUE_NUMBER.fullmatch(text)
    if number:
        n = int(number[1])
        if not 1 <= n <= len(clues):
            raise ValueError(f"there is no clue {n}; the clues are 1 to {len(clues)}")
        return n - 1
    try:
        cards = read_cards(answer, FOUR_D, distinct=False)
    except CardNameError as error:
        raise ValueError(
            f"write a clue's number (such as Clue 2) or its card's name; {error}"
        ) from None
    if len(cards) != 1:
        raise ValueError(f"write one clue (such as Clue 2), not {len(cards)}")
    for i, (card, _) in enumerate(clues):
        if card == cards[0]:
            return i
    raise ValueError(f"{cards[0]} is not a clue card here")


KIND = SecretCardKind()
"""The Secret Card puzzle kind, as the registry finds it."""

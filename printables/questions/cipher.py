"""Challenge Cipher puzzles (4D Playing Cards rulebook): a question kind (:data:`KIND`)
about value-sharing patterns. Two three-card sets are ciphers of each other exactly when
their patterns match (:mod:`printables.fourd.patterns`).

Three questions:

- **which**: "Which of these sets is a cipher of the first?" A first set and four sets
  A to D, exactly one of them a cipher. A decoy set is *near* when its pattern is one
  miscount from the first set's: the same pair counts with another count shared by all
  three (2-2-2, 2-1-1 and 1-1-1 come in two kinds), or one pair count off by one
  (:func:`near`). The level is the number of near decoys: *easy* none, *medium* one or
  two, *hard* all three. The three decoys' patterns always differ.
- **pattern**: "Name the value-sharing pattern of this set." The level is measured by the
  pattern: the values its three pairs share, added up, and whether its name needs the
  count shared by all three. *Easy*: at most 4 shared values (0-0-0, 1-0-0, 1-1-0, 2-0-0,
  2-1-0, 2-2-0, 3-0-0, 3-1-0); *medium*: 5 or more (2-2-1, 3-1-1, 3-2-1, 3-2-2, 3-3-2,
  3-3-3); *hard*: the six patterns whose name needs the count shared by all three (2-2-2,
  2-1-1 and 1-1-1, two of each).
- **complete**: "Which card completes the second set into a cipher of the first?" A
  first set, two cards of a second set and a row of candidates, exactly one of them a
  third card that makes the second set a cipher of the first. The level is the number of
  near candidates (the second set they make is one miscount from the first set's
  pattern): *easy* none among 5 cards, *medium* one or two among 6 or 7, *hard* three or
  more among 8.

Every set is a disguise of the pattern's own example: its values substituted within each
attribute and the attributes taken in a random order, which makes any set of that pattern
(:func:`disguise`). Uniqueness is proved by the cipher's own definition, not by the
pattern names: :meth:`CipherKind.solutions` tries every offered answer with
:func:`~printables.fourd.patterns.are_ciphers` (a search for a value substitution that
turns one set into the other), for all four sets, all twenty pattern names (the set
against each pattern's example) or every candidate card.

>>> puzzle = KIND.generate(5, KIND.choices(question="which", level="hard"))
>>> puzzle.id, puzzle.level, len(puzzle.cards), KIND.solutions(puzzle)
('cipher-hxjsam', 'hard', 15, 1)
>>> KIND.check(puzzle, puzzle.answer.lower()).right
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import ClassVar

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import and_list, counted, names
from printables.fourd.patterns import (
    PATTERNS,
    SharingPattern,
    are_ciphers,
    parse_pattern,
    pattern_of,
)
from printables.puzzles import Scramble
from printables.questions.base import Group, Question, QuestionKind, Verdict

KEY = "cipher"
WHICH, PATTERN, COMPLETE = "which", "pattern", "complete"
LETTERS = ("A", "B", "C", "D")
PAIRS = ((0, 1), (1, 2), (0, 2))
"""The pairs of a set in the book's order: first and second, second and third, first and
third."""
PATTERN_LEVELS = {"easy": range(0, 5), "medium": range(5, 10)}
"""For "pattern": the shared values over the three pairs of an unambiguous pattern at
each level (every ambiguous pattern is hard)."""
ROW_SIZES = {"easy": (5,), "medium": (6, 7), "hard": (8,)}
"""For "complete": the number of candidate cards at each level."""
TRIES = 20
"""Disguises tried for a set that shares no card with the sets already dealt."""
_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
_WORDS = {"zero": "0", "none": "0", "one": "1", "two": "2", "three": "3", "four": "4"}


def near(first: SharingPattern, second: SharingPattern) -> bool:
    """Whether two different patterns are one miscount apart: the same pair counts with
    another count shared by all, or one pair count off by one.

    >>> near(parse_pattern("3-2-2"), parse_pattern("3-3-2"))
    True
    >>> near(parse_pattern("2-1-1/0"), parse_pattern("2-1-1/1")), near(*PATTERNS[:3:2])
    (True, False)
    """
    off = sum(abs(a - b) for a, b in zip(first.shares, second.shares, strict=True))
    return first != second and off <= 1


NEAR: dict[SharingPattern, tuple[SharingPattern, ...]] = {
    p: tuple(q for q in PATTERNS if near(p, q)) for p in PATTERNS
}
"""Each pattern's near patterns, in the order of :data:`PATTERNS`."""


def level_of_count(count: int) -> str:
    """The level of a "which" or "complete" puzzle with ``count`` near decoys."""
    return "easy" if count == 0 else "medium" if count <= 2 else "hard"


def pattern_level(pattern: SharingPattern) -> str:
    """The level of a "pattern" puzzle asking for ``pattern``.

    >>> [pattern_level(parse_pattern(t)) for t in ("3-1-0", "2-2-1", "1-1-1/0")]
    ['easy', 'medium', 'hard']
    """
    if pattern.ambiguous:
        return "hard"
    total = sum(pattern.shares)
    return next(level for level, totals in PATTERN_LEVELS.items() if total in totals)


def disguise(
    pattern: SharingPattern, rng: random.Random, avoid: Sequence[Card] = ()
) -> tuple[Card, Card, Card] | None:
    """A random set of ``pattern`` sharing no card with ``avoid``: the pattern's example
    with its attributes taken in a random order and its values substituted within each
    attribute, in a random card order (None when :data:`TRIES` disguises all meet
    ``avoid``).

    >>> trio = disguise(parse_pattern("3-2-1"), random.Random(1))
    >>> trio is not None and str(pattern_of(trio))
    '3-2-1'
    """
    width = len(FOUR_D.attributes)
    for _ in range(TRIES):
        order = rng.sample(range(width), width)
        swaps = [rng.sample(range(3), 3) for _ in range(width)]
        cards = [
            FOUR_D.with_values(tuple(swaps[k][c.values[order[k]]] for k in range(width)))
            for c in pattern.example
        ]
        if not any(c in avoid for c in cards):
            rng.shuffle(cards)
            return cards[0], cards[1], cards[2]
    return None


def pair_words(a: Card, b: Card) -> str:
    """What two cards share, in words.

    >>> from printables.cards import card
    >>> pair_words(card("Bb=S"), card("Bb=C")), pair_words(card("Bb=S"), card("GwzT"))
    ('Bb=S and Bb=C share 3: blue, black, stripe', 'Bb=S and GwzT share nothing')
    """
    shared = a.shared_with(b)
    if not shared:
        return f"{a} and {b} share nothing"
    return f"{a} and {b} share {len(shared)}: {', '.join(v.name for v in shared)}"


def pattern_words(trio: Sequence[Card]) -> str:
    """A set's pattern with its pairs' shares, in the book's order of pairs (and, for
    2-2-2, 2-1-1 and 1-1-1, the values all three show).

    >>> from printables.cards import card
    >>> pattern_words([card("Rg=T"), card("Rg=C"), card("Bg=C")])
    '3-3-2 (Rg=T and Rg=C share 3: red, gray, stripe; Rg=C and Bg=C share 3: gray, \
stripe, circle; Rg=T and Bg=C share 2: gray, stripe)'
    """
    pattern = pattern_of(trio)
    parts = [pair_words(trio[i], trio[j]) for i, j in PAIRS]
    if pattern.ambiguous:
        parts.append(common_words(trio))
    return f"{pattern} ({'; '.join(parts)})"


def common_words(trio: Sequence[Card]) -> str:
    """The values all three cards show, in words.

    >>> from printables.cards import card
    >>> common_words([card("Gb=S"), card("Gw=T"), card("Bg=C")])
    'all three show stripe'
    """
    a, b, c = trio
    common = [a.shown[k] for k in range(len(a.values))
              if a.values[k] == b.values[k] == c.values[k]]  # fmt: skip
    if not common:
        return "no value shows on all three"
    return f"all three show {and_list([v.name for v in common])}"


def read_pattern(text: str) -> SharingPattern:
    """A pattern's name as a pupil writes it: digits or the book's spoken words, in any
    case, with any separators (``3-3-2``, ``2 1 1 (0)``, ``Three, three, two``).

    >>> str(read_pattern(" Two, two, two, one shared by all ")), str(read_pattern("332"))
    ('2-2-2 (1 shared by all)', '3-3-2')
    >>> read_pattern("2-3-3")
    Traceback (most recent call last):
    ...
    ValueError: '2-3-3': list the pairs' counts from high to low, as the book does (3-3-2)
    """
    words = re.sub(r"[a-z]+", lambda m: f" {_WORDS.get(m[0], m[0])} ", text.lower())
    compact = words.strip()
    if re.fullmatch(r"\d{3,4}", compact):
        words = " ".join(compact)
    digits = [int(d) for d in re.findall(r"\d+", words)]
    if len(digits) in (3, 4) and digits[:3] != sorted(digits[:3], reverse=True):
        high = "-".join(str(d) for d in sorted(digits[:3], reverse=True))
        raise ValueError(
            f"{text!r}: list the pairs' counts from high to low, as the book does ({high})"
        )
    if not digits:
        raise ValueError(
            f"{text!r} names no pattern; write the three pairs' counts, such as 3-3-2, or "
            "2-1-1 (0 shared by all)"
        )
    return parse_pattern(" ".join(str(d) for d in digits))


class CipherKind(QuestionKind):
    """Challenge Cipher puzzles: ids ``cipher-`` and six characters.

    >>> KIND.choices(question="c", level="EASY")
    Choices(question='complete', level='easy')
    """

    key = KEY
    title = "Challenge Cipher"
    questions: ClassVar[dict[str, str]] = {"w": WHICH, "p": PATTERN, "c": COMPLETE}
    question_help: ClassVar[dict[str, str]] = {
        WHICH: "which of four three-card sets is a cipher of a first set",
        PATTERN: "name the value-sharing pattern of three cards",
        COMPLETE: "which card completes a second set into a cipher of a first set",
    }
    scramble = Scramble(0x5851F42D)
    rules = (
        "Two three-card sets are ciphers when their value-sharing patterns match. A pattern "
        "lists how many values each pair of cards shares (the first and second, the second "
        "and third, the first and third), from high to low, such as 3-3-2; for 2-2-2, 2-1-1 "
        "and 1-1-1 it also says how many values all three cards share: 2-1-1 (0 shared by all)."
    )

    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        if question == WHICH:
            return self._which(puzzle_id, level, rng)
        if question == PATTERN:
            return self._pattern(puzzle_id, level, rng)
        return self._complete(puzzle_id, level, rng)

    # -- which ----------------------------------------------------------------------------

    def _which(self, puzzle_id: str, level: str, rng: random.Random) -> Question | None:
        wanted = {"easy": 0, "medium": rng.choice((1, 2)), "hard": 3}[level]
        target_pattern = rng.choice([p for p in PATTERNS if len(NEAR[p]) >= wanted])
        close = list(NEAR[target_pattern])
        far = [p for p in PATTERNS if p != target_pattern and p not in close]
        patterns = [target_pattern, target_pattern]  # the first set and its cipher
        patterns += [*rng.sample(close, wanted), *rng.sample(far, 3 - wanted)]
        dealt: list[Card] = []
        sets = []
        for pattern in patterns:
            trio = disguise(pattern, rng, dealt)
            if trio is None:
                return None
            dealt.extend(trio)
            sets.append(trio)
        target, right = sets[0], sets[1]
        others = sets[1:]
        rng.shuffle(others)
        if sum(are_ciphers(target, s) for s in others) != 1:
            return None
        answer = LETTERS[others.index(right)]
        count = sum(near(pattern_of(s), target_pattern) for s in others)
        if level_of_count(count) != level:
            return None
        key = [
            f"Set {answer} is the cipher: it has the first set's pattern, {target_pattern}.",
            f"First set, {names(target)}: {pattern_words(target)}.",
            *(
                f"Set {x}, {names(s)}: {pattern_words(s)}."
                for x, s in zip(LETTERS, others, strict=True)
            ),
            "Two sets are ciphers exactly when their value-sharing patterns match; the other "
            "three sets' patterns differ from the first set's.",
        ]
        grade = {
            0: "no other set's pattern is",
            1: "one other set's pattern is",
            2: "two other sets' patterns are",
            3: "every other set's pattern is",
        }[count] + " one miscount from the first set's"
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=WHICH,
            level=level,
            text="Which of these sets is a cipher of the first (has the same value-sharing "
            "pattern)?",
            groups=(
                Group("First set", target),
                *(Group(f"Set {x}", s) for x, s in zip(LETTERS, others, strict=True)),
            ),
            answer_fields=("Cipher:",),
            answer_hint="one letter: A, B, C or D",
            entry="choice",
            options=LETTERS,
            answer=answer,
            key=tuple(key),
            grade=f"{level}: {grade}",
            hint="Name the first set's pattern: count the values each pair shares, list the "
            "three counts from high to low, and for 2-2-2, 2-1-1 and 1-1-1 count the values "
            "all three share. Then do the same for each set, counting carefully: some "
            "differ by a single value.",
            solution=answer,
        )

    # -- pattern --------------------------------------------------------------------------

    def _pattern(self, puzzle_id: str, level: str, rng: random.Random) -> Question | None:
        pattern = rng.choice([p for p in PATTERNS if pattern_level(p) == level])
        trio = disguise(pattern, rng)
        if trio is None or pattern_of(trio) != pattern:
            return None
        total = sum(pattern.shares)
        grade = f"{level}: {counted(total, 'shared value')} over the three pairs"
        if pattern.ambiguous:
            grade += ", and the name needs the count shared by all three"
        key = [
            f"{pattern}, said \u201c{pattern.spoken}\u201d.",
            *(f"{pair_words(trio[i], trio[j])}." for i, j in PAIRS),
            f"From high to low the pairs share {'-'.join(map(str, pattern.shares))}.",
        ]
        if pattern.ambiguous:
            key.append(
                f"A {'-'.join(map(str, pattern.shares))} pattern also counts the values all "
                f"three cards share: {common_words(trio)}, so "
                f"{pattern}."
            )
        key.append(f"The pattern's chart: {' / '.join(pattern.chart)}.")
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=PATTERN,
            level=level,
            text="Name the value-sharing pattern of this set.",
            groups=(Group("Set", trio),),
            answer_fields=("Pattern:",),
            answer_hint="the pattern's name, such as 3-3-2, or 2-1-1 (0 shared by all)",
            entry="choice",
            options=tuple(str(p) for p in PATTERNS),
            answer=str(pattern),
            key=tuple(key),
            grade=grade,
            hint="Count the values shared by the first and second card, the second and third, "
            "and the first and third; list the counts from high to low. For 2-2-2, 2-1-1 and "
            "1-1-1 also count the values all three cards share.",
            solution=pattern,
        )

    # -- complete -------------------------------------------------------------------------

    def _complete(self, puzzle_id: str, level: str, rng: random.Random) -> Question | None:
        pattern = rng.choice(PATTERNS)
        target = disguise(pattern, rng)
        second = disguise(pattern, rng, target or ())
        if target is None or second is None:
            return None
        x, y, right = second
        pool = [c for c in FOUR_D.cards if c not in target and c not in second]
        made = [pattern_of((x, y, c)) for c in pool]
        close = [c for c, p in zip(pool, made, strict=True) if near(p, pattern)]
        far = [c for c, p in zip(pool, made, strict=True) if p != pattern and not near(p, pattern)]
        size = rng.choice(ROW_SIZES[level])
        wanted = {"easy": 0, "medium": rng.choice((1, 2)), "hard": rng.randint(3, 5)}[level]
        if len(close) < wanted or len(far) < size - 1 - wanted:
            return None
        row = [right, *rng.sample(close, wanted), *rng.sample(far, size - 1 - wanted)]
        rng.shuffle(row)
        if [c for c in row if are_ciphers(target, (x, y, c))] != [right]:
            return None
        count = sum(near(pattern_of((x, y, c)), pattern) for c in row)
        if level_of_count(count) != level:
            return None
        key = [
            f"{right} completes the second set: {names((x, y, right))} has the first set's "
            f"pattern, {pattern}.",
            f"First set, {names(target)}: {pattern_words(target)}.",
            f"Second set, {names((x, y, right))}: {pattern_words((x, y, right))}.",
            "With any other candidate the second set has another pattern: "
            + "; ".join(f"{c}, {pattern_of((x, y, c))}" for c in row if c != right)
            + ".",
        ]
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=COMPLETE,
            level=level,
            text="Which card completes the second set into a cipher of the first?",
            groups=(
                Group("First set", target),
                Group("Second set", (x, y), "two cards: add a third"),
                Group("Candidates", tuple(row), f"{size} cards", per_row=size),
            ),
            answer_fields=("Third card:",),
            answer_groups=(2,),
            answer_hint="the card's name, such as Bb=S",
            entry="cards",
            options=(),
            answer=str(right),
            key=tuple(key),
            grade=f"{level}: {size} candidates, "
            + (
                "none of them one miscount from the first set's pattern"
                if count == 0
                else f"{_NUMBERS.get(count, str(count))} of them one miscount from the first "
                "set's pattern"
            ),
            hint=f"Name the first set's pattern. {x} and {y} share "
            f"{counted(x.shares(y), 'value') if x.shares(y) else 'no value'}: find a pair of "
            "the first set that shares as many; the third card must share with each of them "
            "what the first set's third card shares with that pair.",
            solution=right,
        )

    # -- answers --------------------------------------------------------------------------

    def solutions(self, puzzle: Question) -> int:
        if puzzle.question == WHICH:
            target = puzzle.groups[0].cards
            return sum(are_ciphers(target, g.cards) for g in puzzle.groups[1:])
        if puzzle.question == PATTERN:
            trio = puzzle.groups[0].cards
            return sum(are_ciphers(trio, parse_pattern(o).example) for o in puzzle.options)
        target, (x, y), row = (g.cards for g in puzzle.groups)
        return sum(are_ciphers(target, (x, y, c)) for c in row)

    def judge(self, puzzle: Question, answer: str) -> Verdict:
        if puzzle.question == WHICH:
            return _judge_which(puzzle, answer)
        if puzzle.question == PATTERN:
            return _judge_pattern(puzzle, answer)
        return _judge_complete(puzzle, answer)


def _judge_which(puzzle: Question, answer: str) -> Verdict:
    match = re.fullmatch(r"\s*(?:set\s*)?([a-z])\s*[.):]?\s*", answer.lower())
    letter = match[1].upper() if match else ""
    if letter not in LETTERS:
        raise ValueError(f"{answer!r} names none of the sets; write one letter, A, B, C or D")
    chosen = puzzle.groups[1 + LETTERS.index(letter)].cards
    if letter == puzzle.solution:
        why = f"Set {letter} has the first set's pattern, {pattern_of(chosen)}: they are ciphers"
        return Verdict(True, (why,), letter)
    return Verdict(
        False,
        (
            f"Set {letter} has the pattern {pattern_words(chosen)}; the first set's pattern "
            "is different, so they are not ciphers",
        ),
        letter,
    )


def _judge_pattern(puzzle: Question, answer: str) -> Verdict:
    said = read_pattern(answer)
    trio = puzzle.groups[0].cards
    true = pattern_of(trio)
    if said == true:
        return Verdict(True, (f"{names(trio)} has the pattern {true}",), str(said))
    reasons = []
    if said.shares != true.shares:
        for count in sorted(set(said.shares), reverse=True):
            claimed, actual = said.shares.count(count), true.shares.count(count)
            if claimed > actual:
                pairs = "no pair" if actual == 0 else f"only {counted(actual, 'pair')}"
                verb = "shares" if actual <= 1 else "share"
                reasons.append(
                    f"{pairs} of these cards {verb} {counted(count, 'value')}, not {claimed}"
                )
        reasons.append("count the values each pair shows alike, pair by pair")
    else:
        reasons.append(
            f"{said.common} is not how many values all three cards show: look for the values "
            "on every card"
        )
    return Verdict(False, tuple(reasons), str(said))


def _judge_complete(puzzle: Question, answer: str) -> Verdict:
    target, second, row = (g.cards for g in puzzle.groups)
    cards = read_cards(answer, FOUR_D)
    if len(cards) != 1:
        raise ValueError(f"write one card, the third of the second set, not {len(cards)}")
    card = cards[0]
    if card not in row:
        where = (
            "the second set already holds it"
            if card in second
            else "it is in the first set"
            if card in target
            else "it is not among them"
        )
        raise ValueError(f"{card} is not a candidate ({where}); choose one of the candidates")
    trio = (*second, card)
    if card == puzzle.solution:
        return Verdict(
            True, (f"with {card}, the second set has the first set's pattern, "
                   f"{pattern_of(trio)}",), str(card),
        )  # fmt: skip
    return Verdict(
        False,
        (
            f"with {card}, the second set has the pattern {pattern_words(trio)}; the first "
            "set's pattern is different",
        ),
        str(card),
    )


KIND = CipherKind()
"""The Challenge Cipher puzzle kind, as the registry finds it."""

"""Nada puzzles (Nada, Nada, Nada, 4D Playing Cards rulebook): a question kind
(:data:`KIND`) about the nadas in a hand. A nada is three cards on which every attribute
shows all three values.

Two questions:

- **most**: "Find the most separate nadas in this hand" (no card in two). The hands are
  built by :func:`~printables.fourd.nada_hands.build_hand` with planted nadas and
  *decoys*, nadas across them that are not part of the best answer. *Easy*: nine cards,
  no nada beyond the answer's; *medium*: nine or twelve cards, one decoy; *hard*: twelve
  or fifteen cards, two decoys or more. The best answer is unique, proved by listing every
  packing (:func:`~printables.fourd.nada_hands.best_packings`).
- **discard**: "You hold ten cards: which one do you discard to go out?" (the nine left
  make three separate nadas). Exactly one discard goes out, checked card by card with the
  game's own rule (:func:`~printables.games.fourd.nada.goes_out`). *Easy*: the ten cards
  hold no nada beyond the three; *medium*: one more; *hard*: two or more (each a tempting
  nada that would break the three).

A hand typed by hand is a "most" puzzle named by its cards: ``nada-c-`` and a code.

>>> puzzle = KIND.generate(5, KIND.choices(question="discard", level="easy"))
>>> puzzle.id, puzzle.level, len(puzzle.cards), KIND.solutions(puzzle)
('nada-th2js5', 'easy', 10, 1)
>>> KIND.check(puzzle, puzzle.answer.lower()).right
True
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import ClassVar

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import and_list, counted, names
from printables.fourd.flushes import is_nada
from printables.fourd.nada_hands import (
    HandError,
    Nada,
    best_packings,
    build_hand,
    completion,
    nadas_in,
)
from printables.games.fourd.nada import goes_out
from printables.puzzles import PuzzleError, PuzzleIdError, Scramble, base32, read_base32
from printables.questions.base import Group, Question, QuestionKind, Verdict, read_groups

KEY = "nada"
MOST, DISCARD, OUT = "most", "discard", "out"
HAND_SIZES = {"easy": (9,), "medium": (9, 12), "hard": (12, 15)}
"""The hand sizes of a "most" puzzle at each level."""
EXTRA_NADAS = {"easy": (0, 0), "medium": (1, 1), "hard": (2, 99)}
"""For "discard": the fewest and most nadas the ten cards hold beyond the three."""
TYPED_SIZES = (3, 21)
"""The fewest and most cards of a typed hand."""
_TYPED = re.compile(r"nada-c-([0-9a-z]+)")


def why_not_nada(trio: Sequence[Card]) -> str:
    """Why three cards are not a nada: the first attribute on which two of them agree.

    >>> from printables.cards import card
    >>> why_not_nada([card("Bb=S"), card("Gw=C"), card("RgzT")])
    'Bb=S and Gw=C both show stripe'
    """
    for a in range(4):
        for i, j in ((0, 1), (0, 2), (1, 2)):
            if trio[i].values[a] == trio[j].values[a]:
                value = trio[i].shown[a]
                return f"{trio[i]} and {trio[j]} both show {value.name}"
    raise ValueError(f"{names(trio)} is a nada")


def _decoys(hand: Sequence[Card], packings: Sequence[tuple[Nada, ...]]) -> list[Nada]:
    """The nadas of the hand that no best answer uses."""
    used = {frozenset(n) for packing in packings for n in packing}
    return [n for n in nadas_in(hand) if frozenset(n) not in used]


def _most_grade(hand: Sequence[Card], packings: Sequence[tuple[Nada, ...]]) -> tuple[str, int]:
    decoys = len(_decoys(hand, packings))
    level = "easy" if decoys == 0 else "medium" if decoys == 1 else "hard"
    return level, decoys


def _decoy_words(decoys: int) -> str:
    if decoys == 0:
        return "no nada beyond the answer's"
    return "one decoy nada" if decoys == 1 else f"{decoys} decoy nadas"


def _most_key(hand: Sequence[Card], packings: Sequence[tuple[Nada, ...]]) -> tuple[str, ...]:
    """The answer to "most" with why: the nadas, each decoy and what it breaks, and, when
    several answers are as good, each of them.

    >>> hand = read_cards("Bb=S Gg~C RwzT Gg~T RwzC", FOUR_D)
    >>> print("\\n".join(_most_key(hand, best_packings(hand))))
    The most is 1 separate nada; in each, every attribute shows all three values.
    2 answers are as good, and either is right: Bb=S Gg~C RwzT, or Bb=S Gg~T RwzC.
    The hand holds 2 nadas in all; every choice of separate nadas was tried: none has 2.
    """
    found = nadas_in(hand)
    best = packings[0] if packings else ()
    size = len(best)
    lines = [
        f"The most is {counted(size, 'separate nada')}; in each, every attribute "
        "shows all three values."
    ]
    if len(packings) > 1:
        answers = ", or ".join(" / ".join(names(n) for n in p) for p in packings)
        anyone = "either" if len(packings) == 2 else "any one"
        lines.append(f"{len(packings)} answers are as good, and {anyone} is right: {answers}.")
    in_best = {c: n for n in best for c in n}
    for decoy in _decoys(hand, packings):
        clash = [c for c in decoy if c in in_best]
        taken = and_list([f"{c} (from {names(in_best[c])})" for c in clash])
        lines.append(f"{names(decoy)} is a nada too, but it takes {taken}.")
    whole = f"The hand holds {counted(len(found), 'nada')} in all"
    tried = f"{whole}; every choice of separate nadas was tried: none has {size + 1}"
    lines.append(f"{tried}, and no other has {size}." if len(packings) == 1 else f"{tried}.")
    return tuple(lines)


def _discards(hand: Sequence[Card]) -> list[Card]:
    """The cards whose discard leaves nine that go out (the game's rule, card by card)."""
    return [c for c in hand if goes_out([x for x in hand if x != c])]


def why_not_out(nine: Sequence[Card]) -> str:
    """Why nine cards are not three separate nadas: a value shown other than three times,
    or, when every value shows three times, that they do not split into nadas.

    >>> from printables.cards import FOUR_D
    >>> why_not_out(FOUR_D.cards[:9])
    'blue shows on 9 cards, not 3'
    """
    for a in range(4):
        for v in range(3):
            shown = sum(1 for c in nine if c.values[a] == v)
            if shown != 3:
                name = FOUR_D.attributes[a].values[v].name
                return f"{name} shows on {counted(shown, 'card')}, not 3"
    return "every value shows three times, but the nine cards do not split into three nadas"


class NadaKind(QuestionKind):
    """Nada puzzles: ids ``nada-`` and six characters, or ``nada-c-`` and a card code.

    >>> KIND.choices(question="MOST", level="h")
    Choices(question='most', level='hard')
    """

    key = KEY
    title = "Nada"
    questions: ClassVar[dict[str, str]] = {"m": MOST, "d": DISCARD, "o": OUT}
    question_help: ClassVar[dict[str, str]] = {
        MOST: "find the most separate nadas in a hand of 9 to 15 cards",
        DISCARD: "which of ten cards to discard to go out with three nadas",
        OUT: "does this hand of nine go out? Its three nadas, or No",
    }
    scramble = Scramble(0x297A2D39)
    typed_help = "a hand's card names (3 to 21 cards)"
    rules = (
        "A nada is three cards on which every attribute shows all three values: three colors, "
        "three shades, three patterns and three shapes. Separate nadas share no card. Nine "
        "cards that make three separate nadas go out."
    )

    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        if question == MOST:
            try:
                hand = build_hand(rng.choice(HAND_SIZES[level]), level, rng)
            except HandError:
                return None
            return self._most(puzzle_id, hand)
        if question == OUT:
            return self._out(puzzle_id, level, rng)
        return self._discard(puzzle_id, level, rng)

    def _most(self, puzzle_id: str, hand: tuple[Card, ...]) -> Question:
        packings = best_packings(hand)
        best = packings[0] if packings else ()
        level, decoys = _most_grade(hand, packings)
        count = len(best)
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=MOST,
            level=level,
            text="Find the most separate nadas in this hand (no card in two nadas).",
            groups=(Group("Hand", hand, f"{len(hand)} cards"),),
            answer_fields=("Nada 1:", "Nada 2:", "Nada 3:", "Nada 4:", "Nada 5:")[
                : max(3, len(hand) // 3)
            ],
            answer_hint="each nada's three card names, nadas separated by / (or one a line)",
            entry="cards",
            options=(),
            answer=" / ".join(names(n) for n in best) if best else "none",
            key=_most_key(hand, packings),
            grade=f"{level}: {len(hand)} cards, {_decoy_words(decoys)}",
            hint=(
                "Any two cards that differ in every attribute make a nada with exactly one "
                "third card: the one showing the values they leave over. "
                + (f"Look for {count} separate nadas" if count else "Look for any nada")
                + (", and watch for nadas that take cards the others need." if decoys else ".")
            ),
            solution=packings,
        )

    def _discard(self, puzzle_id: str, level: str, rng: random.Random) -> Question | None:
        try:
            nine = build_hand(9, "medium" if level == "hard" else "easy", rng)
        except HandError:
            return None
        if not goes_out(nine):  # a medium hand may plant two nadas only
            return None
        low, high = EXTRA_NADAS[level]
        beyond = len(nadas_in(nine)) - 3
        # a card outside makes one nada with each pair of the nine it completes
        completing = Counter(completion(a, b) for a, b in combinations(nine, 2))
        extras = [
            c for c in FOUR_D.cards
            if c not in nine and low <= beyond + completing[c] <= high
        ]  # fmt: skip
        if not extras:
            return None
        extra = rng.choice(extras)
        hand = list((*nine, extra))
        rng.shuffle(hand)
        if _discards(hand) != [extra]:
            return None
        made = len(nadas_in(hand)) - 3
        best = best_packings(nine)[0]
        answer = {frozenset(n) for n in best}
        tempting = [n for n in nadas_in(hand) if frozenset(n) not in answer]
        key = [
            f"Discard {extra}: the other nine make three separate nadas: "
            + "; ".join(names(n) for n in best) + ".",
        ]  # fmt: skip
        for nada in tempting:
            key.append(
                f"{names(nada)} is a nada too, but with it the other seven cards do not "
                "make two more."
            )
        key.append("Every other discard leaves nine cards that are not three nadas: "
                   + "; ".join(f"without {c}, {why_not_out([x for x in hand if x != c])}"
                               for c in hand if c != extra) + ".")  # fmt: skip
        nadas = (
            "no other nada"
            if made == 0
            else "one other nada"
            if made == 1
            else f"{made} other nadas"
        )
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=DISCARD,
            level=level,
            text="You hold these ten cards. Which one do you discard to go out (the nine "
            "left make three separate nadas)?",
            groups=(Group("Hand", tuple(hand), "10 cards"),),
            answer_fields=("Discard:",),
            answer_hint="the card to discard, such as Bb=S",
            entry="cards",
            options=(),
            answer=str(extra),
            key=tuple(key),
            grade=f"{level}: the ten cards hold {nadas} beyond the three",
            hint="Three separate nadas show every value on exactly three cards: count how "
            "often each color, shade, pattern and shape shows.",
            solution=extra,
        )

    def _out(self, puzzle_id: str, level: str, rng: random.Random) -> Question | None:
        """Nine cards that go out (the nadas unique), or that do not: *easy*, a value shows
        other than three times, or the hand goes out with no other nada; *medium*, every
        value shows three times and the hand holds at most one nada, or it goes out past one
        decoy; *hard*, every value shows three times and the hand holds two nadas or more but
        not three separate ones, or it goes out past one decoy."""
        try:
            nine = build_hand(9, "easy" if level == "easy" else "medium", rng)
        except HandError:
            return None
        if not goes_out(nine):  # a medium hand may plant two nadas only
            return None
        if rng.random() < 0.5:
            return self._out_question(puzzle_id, level, nine)
        hand = list(nine)
        for _ in range(40):  # a near miss: break the three nadas
            if level == "easy":
                hand[rng.randrange(9)] = rng.choice([c for c in FOUR_D.cards if c not in hand])
            else:  # trade values between two cards: every value still shows three times
                i, j = rng.sample(range(9), 2)
                swap = [rng.random() < 0.5 for _ in range(4)]
                a = tuple(
                    y if s else x
                    for x, y, s in zip(hand[i].values, hand[j].values, swap, strict=True)
                )
                b = tuple(
                    x if s else y
                    for x, y, s in zip(hand[i].values, hand[j].values, swap, strict=True)
                )
                new_a, new_b = FOUR_D.with_values(a), FOUR_D.with_values(b)
                if new_a in hand or new_b in hand or new_a == new_b:
                    continue
                hand[i], hand[j] = new_a, new_b
            if goes_out(hand):
                continue
            found = len(nadas_in(hand))
            counted = why_not_out(hand).startswith("every value")
            wanted = {"easy": not counted, "medium": counted and found <= 1,
                      "hard": counted and found >= 2}[level]  # fmt: skip
            if wanted:
                rng.shuffle(hand)
                return self._out_question(puzzle_id, level, tuple(hand))
        return None

    def _out_question(self, puzzle_id: str, level: str, hand: tuple[Card, ...]) -> Question:
        packings = [p for p in best_packings(hand) if len(p) == 3]
        found = nadas_in(hand)
        if packings:
            best = packings[0]
            answer = {frozenset(n) for n in best}
            key = [f"It goes out: {'; '.join(names(n) for n in best)}; in each, every "
                   "attribute shows all three values."]  # fmt: skip
            key += [f"{names(n)} is a nada too, but with it the other six cards are not two "
                    "nadas." for n in found if frozenset(n) not in answer]  # fmt: skip
            written = " / ".join(names(n) for n in best)
            grade = f"{level}: it goes out" + (
                f", past {_decoy_words(len(found) - 3)}" if len(found) > 3 else ""
            )
        else:
            why = why_not_out(hand)
            key = [f"It does not go out: {why}."]
            if why.startswith("every value"):
                listed = "; ".join(names(n) for n in found)
                key.append(
                    "Three separate nadas show every value on exactly three cards, but that is "
                    "not enough: " + (
                        f"the hand holds {counted(len(found), 'nada')} ({listed}), and no "
                        "three of them are separate." if found
                        else "the hand holds no nada at all."
                    )
                )  # fmt: skip
            else:
                key.append("Three separate nadas show every value on exactly three cards.")
            written = "No"
            grade = f"{level}: it does not go out; " + (
                "a value shows other than three times" if not why.startswith("every value")
                else f"every value shows three times, {counted(len(found), 'nada')} in the hand"
            )  # fmt: skip
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=OUT,
            level=level,
            text="Does this hand go out (its nine cards make three separate nadas)? If it "
            "does, write the three nadas; if not, write No.",
            groups=(Group("Hand", hand, "9 cards"),),
            answer_fields=("Nada 1 (or No):", "Nada 2:", "Nada 3:"),
            answer_hint="the three nadas' card names, nadas separated by / (or one a line), or No",
            entry="cards",
            options=("No",),
            answer=written,
            nothing="No",
            key=tuple(key),
            grade=grade,
            hint="First count how often each color, shade, pattern and shape shows: three "
            "separate nadas show each value on exactly three cards. Then look for the nadas.",
            solution=packings,
        )

    def solutions(self, puzzle: Question) -> int:
        hand = puzzle.cards
        if puzzle.question == OUT:
            return len([p for p in best_packings(hand) if len(p) == 3]) or 1
        if puzzle.question == MOST:
            return len(best_packings(hand))
        return len(_discards(hand))

    def judge(self, puzzle: Question, answer: str) -> Verdict:
        if puzzle.question == DISCARD:
            return _judge_discard(puzzle, answer)
        if puzzle.question == OUT:
            return _judge_out(puzzle, answer)
        return _judge_most(puzzle, answer)

    # -- hands typed by hand -------------------------------------------------------------

    def typed(self, text: str, **typed: str) -> Question:
        """The "most" puzzle of a hand written as card names (3 to 21 cards)."""
        if typed:
            raise PuzzleError(f"a Nada hand takes no options, not {sorted(typed)}")
        hand = read_cards(text, FOUR_D)
        low, high = TYPED_SIZES
        if not low <= len(hand) <= high:
            raise PuzzleError(f"a Nada hand holds {low} to {high} cards, not {len(hand)}")
        mask = sum(1 << c.index for c in hand)
        return self.get(f"{self.prefix}c-{base32(mask)}")

    def read_typed(self, puzzle_id: str) -> Question | None:
        match = _TYPED.fullmatch(puzzle_id)
        if match is None:
            return None
        mask = read_base32(match[1], puzzle_id)
        if mask >> len(FOUR_D.cards):
            raise PuzzleIdError(f"{puzzle_id!r}: the card code is too large for the 81-card deck")
        hand = [c for c in FOUR_D.cards if mask >> c.index & 1]
        low, high = TYPED_SIZES
        if not low <= len(hand) <= high:
            raise PuzzleIdError(f"{puzzle_id!r}: a Nada hand holds {low} to {high} cards, "
                                f"not {len(hand)}")  # fmt: skip
        printed = f"{self.prefix}c-{base32(mask)}"
        random.Random(printed).shuffle(hand)  # the printed order, however the id was typed
        return self._most(printed, tuple(hand))


def _judge_most(puzzle: Question, answer: str) -> Verdict:
    hand = puzzle.cards
    best = len(puzzle.solution[0]) if puzzle.solution else 0
    if answer.strip().lower() in ("none", "no", "0", "no nada", "no nadas"):
        if best == 0:
            return Verdict(True, ("this hand holds no nada",), "none")
        return Verdict(False, ("this hand holds at least one nada",), "none")
    groups = read_groups(answer, hand, "in this hand")
    if len(groups) == 1 and len(groups[0]) > 3 and len(groups[0]) % 3 == 0:
        groups = [groups[0][k : k + 3] for k in range(0, len(groups[0]), 3)]
    read = " / ".join(names(g) for g in groups)
    reasons: list[str] = []
    seen: dict[Card, int] = {}
    for number, group in enumerate(groups, 1):
        if len(group) != 3:
            reasons.append(f"nada {number} ({names(group)}) has {counted(len(group), 'card')}; "
                           "a nada is three")  # fmt: skip
            continue
        if len(set(group)) != 3:
            reasons.append(f"nada {number} ({names(group)}) names a card twice")
            continue
        if not is_nada(group):
            reasons.append(f"{names(group)} is not a nada: {why_not_nada(group)}")
        for c in group:
            if c in seen:
                reasons.append(f"{c} is in nada {seen[c]} and nada {number}; separate nadas "
                               "share no card")  # fmt: skip
            seen.setdefault(c, number)
    if reasons:
        return Verdict(False, tuple(reasons), read)
    found = len(groups)
    if found < best:
        yours = "your nada is right" if found == 1 else f"your {found} nadas are right and separate"
        return Verdict(False, (f"{yours}, but the hand holds a larger set of separate nadas",),
                       read)  # fmt: skip
    return Verdict(True, (f"{counted(found, 'separate nada')}, the most this hand holds",), read)


NO = ("no", "no.", "none", "it does not", "does not", "doesn't", "does not go out", "not out")
"""How a pupil may write that a hand does not go out."""


def _judge_out(puzzle: Question, answer: str) -> Verdict:
    """An answer that the hand does not go out, or its three separate nadas."""
    if answer.strip().lower() in NO:
        if puzzle.solution:
            return Verdict(False, ("No is not right: look again for three separate nadas",),
                           "No")  # fmt: skip
        return Verdict(True, ("the hand does not go out",), "No")
    verdict = _judge_most(puzzle, answer)
    written = verdict.read.split(" / ") if verdict.read else []
    if not verdict.right and not verdict.reasons[0].startswith("your "):
        return verdict  # a group that is not a nada, a card twice, ...
    if len(written) != 3:
        return Verdict(False, (f"going out takes three separate nadas; the answer has "
                               f"{len(written)}",), verdict.read)  # fmt: skip
    return Verdict(True, ("three separate nadas: the hand goes out",), verdict.read)


def _judge_discard(puzzle: Question, answer: str) -> Verdict:
    hand = puzzle.cards
    groups = read_groups(answer, hand, "in this hand")
    chosen = [c for g in groups for c in g]
    if len(chosen) != 1:
        raise ValueError(f"write one card to discard, not {len(chosen)}")
    card = chosen[0]
    if card == puzzle.solution:
        return Verdict(True, (f"without {card}, the nine cards make three separate nadas",),
                       str(card))  # fmt: skip
    rest = [x for x in hand if x != card]
    return Verdict(False, (f"without {card}, {why_not_out(rest)}",), str(card))


KIND = NadaKind()
"""The Nada puzzle kind, as the registry finds it."""
